// Tram stops: Preact 10 with @preact/signals (signal, computed, effect,
// batch, signals read directly in JSX as text), bundled by esbuild; the #!
// state picks the stop, a timer marks a tram as departed.
import { render } from 'preact';
import { signal, computed, effect, batch } from '@preact/signals';

const stops = signal([]);
const stop = signal(null);
const departures = signal([]);
const loading = signal(true);

const delayed = computed(() => departures.value.filter((d) => d.delay > 0).length);
const summary = computed(() => `${departures.value.length} departures, ${delayed.value} delayed`);
const nextLine = computed(() => departures.value[0]?.line ?? '–');

effect(() => {
  document.title = stop.value ? `${stop.value.name} · Tram stops` : 'Tram stops';
});

async function getJSON(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return res.json();
}

async function load(id) {
  const [all, one] = await Promise.all([getJSON('data/stops.json'), getJSON(`data/stops/${id}.json`)]);
  batch(() => {
    stops.value = all;
    stop.value = one;
    departures.value = one.departures;
    loading.value = false;
  });
  setTimeout(() => {
    // The first tram leaves.
    departures.value = departures.value.slice(1);
  }, 120);
}

function App() {
  if (loading.value) return <p className="loading">Loading stops…</p>;
  return (
    <>
      <h1>Tram stops</h1>
      <nav className="stops">
        {stops.value.map((s) => (
          <a key={s.id} href={`#!/stops/${s.id}`} className={s.id === stop.value.id ? 'current' : undefined}>{s.name}</a>
        ))}
      </nav>
      <h2>{stop.value.name}</h2>
      <p className="summary">{summary}</p>
      <p className="next">Next: line {nextLine}</p>
      <ul className="departures">
        {departures.value.map((d) => (
          <li key={d.id} className={d.delay > 0 ? 'delayed' : undefined}>
            {d.time} line {d.line} to {d.to}{d.delay > 0 ? ` (+${d.delay} min)` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

function route() {
  const m = /^#!\/stops\/([\w-]+)$/.exec(location.hash);
  load(m ? m[1] : 'torget').catch(() => {
    loading.value = false;
  });
}

window.addEventListener('hashchange', route);
render(<App />, document.getElementById('app'));
route();
