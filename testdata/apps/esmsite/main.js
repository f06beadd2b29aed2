// A site shipped as native ES modules with no bundler: import maps (a
// scope, two maps merged), a JSON module, a CSS module script adopted by
// the document, top-level await, a route module imported by a computed
// specifier, import.meta.resolve, and an optional module that may not exist.
import { render, html } from 'lit-html';
import { money, minutes } from 'fmt';
import { legacyLabel } from './legacy/label.js';
import config from './data/config.json' with { type: 'json' };
import sheet from './styles/view.css' with { type: 'css' };
import { store } from './lib/store.js';

document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
document.querySelector('.tagline').textContent = config.tagline;
document.getElementById('legacy').textContent = legacyLabel(config.since);

const routes = await store.routes();
render(html`${routes.map((r) => html`<a href="#!/routes/${r.id}" class=${r.id === store.current() ? 'on' : ''}>${r.name}</a> `)}`, document.getElementById('routes'));

let analytics = 'off';
try {
  await import('site-analytics');
  analytics = 'on';
} catch (e) {
  analytics = 'not mapped (' + e.name + ')';
}

async function show() {
  const id = store.current();
  const name = id ? 'route' : 'home';
  const mod = await import(`#routes/${name}.js`);
  const view = await mod.default(id, { money, minutes });
  document.querySelector('#view > .loading')?.remove();
  render(view, document.getElementById('view'));
  document.title = mod.title(id) + ' · ' + config.site;
  document.getElementById('notes').textContent =
    'Data from ' + new URL(import.meta.resolve('#routes/route.js')).pathname + '; analytics ' + analytics;
}
addEventListener('hashchange', show);
await show();
