// Boat hire: VanJS 1.6 (native ES module through an import map). States and
// derived states, functions as reactive children and attributes, van.add,
// fetch with latency, a timer, and the #! state (#!/boats/<id>) read on load
// and on hashchange.
import van from 'vanjs-core';

const { a, div, h1, h2, li, p, section, span, strong, ul, nav, table, tr, td, th, thead, tbody, button } = van.tags;

const boats = van.state([]);
const selected = van.state(0);
const detail = van.state(null);
const weather = van.state(null);
const onlyFree = van.state(false);
const loads = van.state(0);

const free = van.derive(() => boats.val.filter((b) => !b.booked));
const shown = van.derive(() => (onlyFree.val ? free.val : boats.val));
const summary = van.derive(() => `${free.val.length} of ${boats.val.length} boats free`);
const nok = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NOK', maximumFractionDigits: 0 });

function route() {
  const m = /^#!\/boats\/(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : 0;
}

async function getJSON(url) {
  const r = await fetch(url);
  loads.val++;
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.json();
}

van.derive(() => {
  const id = selected.val;
  detail.val = null;
  if (!id) return;
  getJSON(`data/boats/${id}.json`).then((d) => {
    if (selected.rawVal === id) detail.val = d;
  }, () => { detail.val = { id, missing: true }; });
});

van.derive(() => {
  const b = boats.val.find((x) => x.id === selected.val);
  document.title = b ? `${b.name} · Boat hire` : 'Boat hire';
});

const Row = (b) => tr({ class: () => (b.id === selected.val ? 'current' : '') + (b.booked ? ' booked' : ''), 'data-id': b.id },
  td(a({ href: `#!/boats/${b.id}` }, b.name)),
  td(b.kind),
  td({ class: 'seats' }, b.seats),
  td({ class: 'price' }, nok.format(b.price)),
  td(b.booked ? 'booked' : 'free'));

const Detail = () => {
  const d = detail.val;
  if (!selected.val) return p({ class: 'hint' }, 'Choose a boat to see its slots.');
  if (!d) return p({ class: 'spinner' }, 'Loading…');
  if (d.missing) return p({ class: 'missing' }, 'No such boat.');
  return section({ class: 'detail' },
    h2(d.name),
    p('Moored at ', strong(d.harbour), `, ${d.length}`, d.engine ? `, ${d.engine}` : ', no engine'),
    ul({ class: 'extras' }, d.extras.map((x) => li(x))),
    p({ class: 'slots' }, d.slots.map((s) =>
      span({ class: s.free ? 'slot free' : 'slot taken', title: s.free ? 'free' : 'taken' }, s.time, ' '))),
    p({ class: 'free-count' }, () => `${d.slots.filter((s) => s.free).length} free slots`));
};

const App = () => div(
  h1('Boat hire'),
  nav(() => ul(boats.val.map((b) => li(a({ href: `#!/boats/${b.id}`, class: () => (b.id === selected.val ? 'current' : '') }, b.name))))),
  p({ class: 'summary' }, summary, ' · ', button({ onclick: () => { onlyFree.val = !onlyFree.val; } }, () => (onlyFree.val ? 'Show all' : 'Only free'))),
  () => table({ class: 'fleet' },
    thead(tr(th('Boat'), th('Kind'), th('Seats'), th('Per day'), th('Status'))),
    tbody(shown.val.map(Row))),
  Detail,
  () => (weather.val
    ? div({ class: 'weather' }, `Wind ${weather.val.wind.toFixed(1)} m/s ${weather.val.direction}, gusts ${weather.val.gusts.toFixed(1)} m/s`,
        p({ class: 'warning', hidden: () => !weather.val.warning }, weather.val.warning))
    : div({ class: 'weather pending' }, 'Fetching the forecast…')),
  p({ class: 'loads' }, () => `${loads.val} requests`));

async function main() {
  boats.val = await getJSON('data/boats.json');
  const root = document.getElementById('app');
  root.replaceChildren();
  van.add(root, App());
  selected.val = route();
  window.addEventListener('hashchange', () => { selected.val = route(); });
  // The forecast comes later, on a timer, as a widget below the fold would.
  setTimeout(async () => { weather.val = await getJSON('data/weather.json'); }, 300);
  // Half a second later the free filter switches on by itself (an "only free"
  // preference restored from a slow source).
  setTimeout(() => { onlyFree.val = true; }, 500);
}

main();
