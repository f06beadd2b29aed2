// A view-transition router in the manner of Astro's: it announces each page
// (app:page-load) on load and after each client-side swap, and swaps pages
// for the links it intercepts.
import { store } from './store.js';

let loads = 0;
export function onPageLoad(fn) { document.addEventListener('app:page-load', fn); }
function announce() {
  loads++;
  document.getElementById('main').dataset.loads = String(loads);
  document.dispatchEvent(new CustomEvent('app:page-load', { detail: { loads } }));
}
addEventListener('load', announce);

export async function navigate(route) {
  const stop = await store.load(route);
  store.current = stop;
  document.title = stop.name + ' · Tram stops';
  announce();
}
store.routers = (store.routers || 0) + 1;
