// Choir Rota: Hyperapp 2 (native ES module import by path): actions,
// effects (fetch, delay), subscriptions (hashchange), keyed lists; #! routes.
import { h, text, app } from '/node_modules/hyperapp/index.js';

const weekFromHash = () => {
  const m = /^#!\/weeks\/(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : null;
};

// Effects: [runner, props] pairs, run by Hyperapp after an action.
const fetchJSON = (dispatch, { url, action }) =>
  fetch(url).then((r) => r.json()).then((data) => dispatch(action, data));
const delay = (dispatch, { ms, action }) => setTimeout(() => dispatch(action), ms);
const onHashChange = (dispatch, action) => {
  const handler = () => dispatch(action, weekFromHash());
  addEventListener('hashchange', handler);
  return () => removeEventListener('hashchange', handler);
};

const GotWeeks = (state, weeks) => ({ ...state, weeks });
const GotWeek = (state, week) => ({ ...state, week });
const Greet = (state) => ({ ...state, notice: 'Rehearsal starts 19:30 sharp' });
const loadWeek = (n) => [fetchJSON, { url: `data/weeks/${n}.json`, action: GotWeek }];
const SelectWeek = (state, n) => [{ ...state, current: n, week: null }, n && loadWeek(n)];

const singer = (s) => h('li', { key: s.name, class: { absent: !s.present } }, [
  text(s.name), h('small', {}, text(` ${s.part}`)),
]);

const view = (state) => h('div', { id: 'app' }, [
  h('h1', {}, text('Choir Rota')),
  h('ul', { class: 'weeks' }, state.weeks.map((w) =>
    h('li', { key: w.n, class: { current: w.n === state.current } }, [
      h('a', { href: `#!/weeks/${w.n}` }, text(`Week ${w.n}: ${w.piece}`)),
    ]))),
  state.week
    ? h('section', { class: 'week' }, [
      h('h2', {}, text(`Week ${state.week.n}: ${state.week.piece}`)),
      h('p', { class: 'count' }, text(`${state.week.singers.filter((s) => s.present).length} of ${state.week.singers.length} singing`)),
      h('ul', { class: 'singers' }, state.week.singers.map(singer)),
    ])
    : state.current && h('p', { class: 'loading' }, text('Loading week…')),
  h('footer', {}, text(state.notice)),
]);

const start = weekFromHash();
app({
  init: [
    { weeks: [], current: start, week: null, notice: '' },
    [fetchJSON, { url: 'data/weeks.json', action: GotWeeks }],
    start && loadWeek(start),
    [delay, { ms: 110, action: Greet }],
  ],
  view,
  subscriptions: () => [[onHashChange, SelectWeek]],
  node: document.getElementById('app'),
});
