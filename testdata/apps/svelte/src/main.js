// The entry a Vite-built Svelte 5 site ships: mount the root component.
import { mount } from 'svelte';
import App from './compiled/App.js';

const target = document.getElementById('app');
target.textContent = '';
mount(App, { target, props: { source: 'data/' } });
