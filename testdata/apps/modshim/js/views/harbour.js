import { metres, title } from 'fmt';
import { lazy } from 'app/lazy.js';

// The view's settings arrive before the module is evaluated to the end.
const settings = await (await fetch('/apps/modshim/data/settings.json')).json();
export const version = settings.version;

export async function load(id) {
  const r = await fetch('/apps/modshim/data/' + id + '.json');
  if (!r.ok) throw new Error('no harbour ' + id);
  return r.json();
}

export function render(el, h) {
  el.innerHTML = `<article class="harbour"><h1>${title(h.name)}</h1>
    <p class="summary">${h.summary}</p>
    <p class="depth">Depth at the quay: ${metres(h.depth)}</p>
    <ul class="photos">${h.photos.map((p) => `<li><img data-src="/apps/modshim/img/${p}.png" alt="${p}" width="3" height="2"></li>`).join('')}</ul>
    <p class="units">${settings.units}</p></article>`;
  lazy(el);
}
