// Plant nursery: Shoelace 2 web components (Lit inside), imported one by
// one as sites do from the CDN build, with declarative markup written for
// the #! state: sl-card with header/footer slots, sl-badge, sl-tag,
// sl-format-number, sl-rating, sl-progress-bar, sl-breadcrumb, sl-alert and
// sl-include (which fetches an HTML fragment into its light DOM).
import { setBasePath } from '/node_modules/@shoelace-style/shoelace/cdn/utilities/base-path.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/card/card.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/badge/badge.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/tag/tag.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/format-number/format-number.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/rating/rating.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/progress-bar/progress-bar.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/breadcrumb/breadcrumb.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/breadcrumb-item/breadcrumb-item.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/alert/alert.js';
import '/node_modules/@shoelace-style/shoelace/cdn/components/include/include.js';

setBasePath('/node_modules/@shoelace-style/shoelace/cdn');

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

async function getJSON(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return res.json();
}

function card(p, current) {
  return `<sl-card class="plant-card${p.id === current ? ' current' : ''}" data-id="${p.id}">
    <strong slot="header">${esc(p.name)}</strong>
    <sl-format-number type="currency" currency="USD" value="${p.price}" lang="en-US"></sl-format-number>
    ${p.stock === 0 ? '<sl-badge variant="danger">Sold out</sl-badge>' : `<sl-badge variant="success" pill>${p.stock} in stock</sl-badge>`}
    <div slot="footer"><a href="#!/plants/${p.id}">Details</a></div>
  </sl-card>`;
}

function detail(p) {
  return `<article class="plant">
    <h2>${esc(p.name)} <small class="latin">${esc(p.latin)}</small></h2>
    <div class="tags">${p.tags.map((t) => `<sl-tag size="small">${esc(t)}</sl-tag>`).join(' ')}</div>
    <sl-rating class="rating" label="Rating" readonly value="${p.rating}" precision="0.5"></sl-rating>
    <sl-progress-bar class="stock" value="${Math.round((p.stock / p.capacity) * 100)}">${p.stock} of ${p.capacity}</sl-progress-bar>
    ${p.toxic ? '<sl-alert variant="warning" open class="toxic">Toxic to cats and dogs.</sl-alert>' : ''}
    <sl-include class="care" src="care/${p.id}.html"></sl-include>
  </article>`;
}

async function route() {
  const m = /^#!\/plants\/([\w-]+)$/.exec(location.hash);
  const current = m ? m[1] : null;
  const plants = await getJSON('data/plants.json');
  document.getElementById('plants').innerHTML = plants.map((p) => card(p, current)).join('');
  const crumbs = document.getElementById('crumbs');
  crumbs.querySelectorAll('.leaf').forEach((e) => e.remove());
  if (!current) return;
  const p = await getJSON(`data/plants/${current}.json`);
  crumbs.insertAdjacentHTML('beforeend', `<sl-breadcrumb-item class="leaf">${esc(p.name)}</sl-breadcrumb-item>`);
  const section = document.getElementById('plant');
  section.innerHTML = detail(p);
  document.title = `${p.name} · Plant nursery`;
  const include = section.querySelector('sl-include');
  include.addEventListener('sl-load', () => section.setAttribute('data-care', 'loaded'), { once: true });
}

window.addEventListener('hashchange', route);
route().catch((err) => {
  document.getElementById('plant').textContent = 'Could not load: ' + err.message;
});
