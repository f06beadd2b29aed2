import { navigate } from './router.js';
import { store } from './store.js';

// Client-side navigation: clicks on same-origin links stay in the page.
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[data-stop]');
  if (!a) return;
  e.preventDefault();
  navigate(a.dataset.stop);
});
fetch('/apps/sharedmods/data/lines.json').then((r) => r.json()).then((l) => { store.lines = l; });
