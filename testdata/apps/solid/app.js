// Seed Library: Solid 1.9 with html tagged templates (no build step):
// signals, createResource over fetch, For/Show, a memo, #! routes.
import { createSignal, createResource, createMemo, onCleanup, For, Show } from 'solid-js';
import { render } from 'solid-js/web';
import html from 'solid-js/html';

const getJSON = (url) => fetch(url).then((r) => {
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.json();
});

function hashSeed() {
  const m = /^#!\/seeds\/([a-z-]+)$/.exec(location.hash);
  return m ? m[1] : null;
}

function SeedDetail(props) {
  const [seed] = createResource(() => props.id, (id) => getJSON(`data/seeds/${id}.json`));
  return html`
    <${Show} when=${() => seed()} fallback=${html`<p class="loading">Loading seed…</p>`}>
      <section class="seed">
        <h2>${() => seed().name}</h2>
        <p class="sowing">Sow ${() => seed().sow} · harvest after ${() => seed().days} days</p>
        <ul class="tips">
          <${For} each=${() => seed().tips}>${(tip) => html`<li>${tip}</li>`}<//>
        </ul>
      </section>
    <//>`;
}

function App() {
  const [current, setCurrent] = createSignal(hashSeed());
  const [seeds] = createResource(() => getJSON('data/seeds.json'));
  const [greeting, setGreeting] = createSignal('');
  const onHash = () => setCurrent(hashSeed());
  addEventListener('hashchange', onHash);
  const t = setTimeout(() => setGreeting('Happy sowing!'), 90);
  onCleanup(() => { removeEventListener('hashchange', onHash); clearTimeout(t); });
  const inStock = createMemo(() => (seeds() || []).filter((s) => s.packets > 0).length);
  return html`
    <header>
      <h1>Seed Library</h1>
      <p class="stock">${() => (seeds() ? `${inStock()} of ${seeds().length} varieties in stock` : 'Counting packets…')}</p>
    </header>
    <ul class="seeds">
      <${For} each=${() => seeds() || []}>${(s) => html`
        <li classList=${() => ({ current: s.id === current(), out: s.packets === 0 })}>
          <a href=${`#!/seeds/${s.id}`}>${s.name}</a> <span class="packets">(${s.packets})</span>
        </li>`}<//>
    </ul>
    <${Show} when=${current}>
      <${SeedDetail} id=${current} />
    <//>
    <footer>${greeting}</footer>`;
}

render(App, document.getElementById('root'));
