import { title } from 'fmt';
import { setHead } from 'app/head.js';

// Top-level await: the index is fetched before the module finishes.
const harbours = await (await fetch('/apps/modshim/data/harbours.json')).json();
document.getElementById('harbours').innerHTML = '<ul>' + harbours.map((h) =>
  `<li><a href="#!/harbours/${h.id}">${title(h.name)}</a></li>`).join('') + '</ul>';

async function route() {
  const m = /^#!\/harbours\/([a-z-]+)/.exec(location.hash);
  const status = document.getElementById('status');
  if (!m) {
    document.getElementById('view').innerHTML = '<h1>All harbours</h1>';
    setHead({ title: 'Harbour guide', description: 'Harbours of the west coast.', canonical: location.origin + '/apps/modshim/',
      ld: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Harbour guide' } });
    status.textContent = 'index';
    return;
  }
  for (const a of document.querySelectorAll('#harbours a')) a.classList.toggle('on', a.hash === '#!/harbours/' + m[1]);
  // A view module loaded on demand; it awaits its own data at top level.
  const view = await import('app/views/harbour.js');
  const h = await view.load(m[1]);
  view.render(document.getElementById('view'), h);
  setHead({
    title: title(h.name) + ' – Harbour guide',
    description: h.summary,
    canonical: location.origin + '/apps/modshim/harbours/' + h.id,
    alternates: h.languages.map((l) => [l, location.origin + '/apps/modshim/' + l + '/harbours/' + h.id]),
    ld: { '@context': 'https://schema.org', '@type': 'TouristAttraction', name: title(h.name), description: h.summary,
      geo: { '@type': 'GeoCoordinates', latitude: h.lat, longitude: h.lon } },
  });
  status.textContent = 'view ' + view.version;
}
window.addEventListener('hashchange', route);
await route();
