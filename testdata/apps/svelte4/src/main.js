// A Svelte 4 app as Rollup/Vite shipped it: new App({target, props}).
import App from './compiled/App.js';

new App({ target: document.getElementById('app'), props: { source: 'data/' } });
