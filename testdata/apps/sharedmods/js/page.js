import { onPageLoad, navigate } from './router.js';
import { store } from './store.js';

function render() {
  const main = document.getElementById('main');
  const log = document.getElementById('log');
  const li = document.createElement('li');
  li.className = 'load';
  li.textContent = 'page-load ' + main.dataset.loads + (store.current ? ' at ' + store.current.id : ' at start');
  log.append(li);
  if (!store.current) return;
  const s = store.current;
  main.innerHTML = '';
  const h = document.createElement('h2');
  h.textContent = s.name;
  const p = document.createElement('p');
  p.className = 'next';
  p.textContent = 'Next trams: ' + s.departures.join(', ');
  const links = document.createElement('p');
  links.className = 'near';
  for (const n of s.near) {
    const a = document.createElement('a');
    a.href = '#!/stops/' + n.id;
    a.dataset.stop = n.id;
    a.textContent = n.name;
    links.append(a, ' ');
  }
  main.append(h, p, links);
}
onPageLoad(render);

// The #! state names a stop: shown once the page has loaded, as a client
// navigation, and then the first nearby stop is followed by a click.
const m = /^#!\/stops\/([\w-]+)$/.exec(location.hash);
if (m) {
  onPageLoad(function first(e) {
    document.removeEventListener('app:page-load', first);
    navigate(m[1]).then(() => {
      const a = document.querySelector('#main a[data-stop]');
      if (a) a.click();
    });
  });
}
const note = document.createElement('p');
note.id = 'routers';
note.textContent = 'router modules evaluated: ' + store.routers;
document.body.append(note);
