// Outdoor Gear: modern vanilla code shipped as native ES modules, no
// framework: custom elements, Intl, fetch with AbortController,
// IntersectionObserver, requestIdleCallback, matchMedia, localStorage.
import './elements.js';
import { day, grams, percentOff } from './format.js';

const $ = (sel, root = document) => root.querySelector(sel);

async function getJSON(url, { signal } = {}) {
  const res = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

function remember(product) {
  const key = 'recently-viewed';
  const seen = JSON.parse(localStorage.getItem(key) ?? '[]').filter((p) => p.id !== product.id);
  seen.unshift({ id: product.id, name: product.name });
  localStorage.setItem(key, JSON.stringify(seen.slice(0, 3)));
  return seen;
}

function renderProduct(p) {
  const main = $('#product');
  main.innerHTML = `
    <h2>${p.name}</h2>
    <p class="price"><price-tag cents="${p.cents}" ${p.wasCents ? `was="${p.wasCents}"` : ''}></price-tag>
      ${p.wasCents ? `<span class="badge">${percentOff(p.wasCents, p.cents)}</span>` : ''}</p>
    <p class="rating"><star-rating data-value="${p.rating}"></star-rating> (${p.reviews.toLocaleString('en-US')} reviews)</p>
    <table class="specs"><tbody></tbody></table>
    <p class="restock"></p>`;
  const rows = $('.specs tbody', main);
  const tpl = $('#spec-row');
  for (const [name, value] of Object.entries({ ...p.specs, Weight: `${grams.format(p.grams)} g` })) {
    const row = tpl.content.cloneNode(true);
    row.querySelector('th').textContent = name;
    row.querySelector('td').textContent = value;
    rows.append(row);
  }
  $('.restock', main).textContent = p.stock > 0
    ? `${p.stock} in stock`
    : `Back in stock ${day.format(new Date(p.restock))}`;
  document.title = `${p.name} · Outdoor Gear`;
}

function lazySection(section, render) {
  const io = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      io.unobserve(entry.target);
      getJSON(entry.target.dataset.src).then(render);
    }
  });
  io.observe(section);
}

async function route() {
  const id = /^#!\/products\/(\d+)$/.exec(location.hash)?.[1];
  if (!id) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  try {
    const product = await getJSON(`data/products/${id}.json`, { signal: controller.signal });
    renderProduct(product);
    const seen = remember(product);
    const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 1));
    idle(() => {
      const recent = $('#recent');
      recent.querySelector('ul').replaceChildren(...seen.map((s) => Object.assign(document.createElement('li'), { textContent: s.name })));
      recent.hidden = false;
    });
  } catch (err) {
    $('#product').textContent = `Could not load the product (${err.message}).`;
  } finally {
    clearTimeout(timer);
  }
}

const wide = matchMedia('(min-width: 768px)');
$('#layout').textContent = wide.matches ? 'Desktop layout' : 'Compact layout';
document.body.classList.toggle('compact', !wide.matches);

localStorage.setItem('recently-viewed', JSON.stringify([{ id: 3, name: 'Trail Mug' }]));
lazySection($('#related'), (items) => {
  $('#related .grid').replaceChildren(...items.map((it) => {
    const card = document.createElement('article');
    card.className = 'card';
    card.innerHTML = `<h3>${it.name}</h3><price-tag cents="${it.cents}"></price-tag>`;
    return card;
  }));
});
window.addEventListener('hashchange', route);
route();
