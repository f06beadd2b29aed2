// Recipe box: a Redux 5 store (native ES module build, combineReducers,
// applyMiddleware with a hand-written thunk and a logger) rendered by React
// 18 UMD through useSyncExternalStore; #!/recipes/<id> dispatches the
// selection, thunks fetch the list and the chosen recipe, a filter and
// servings are changed by dispatched actions.
import { legacy_createStore as createStore, combineReducers, applyMiddleware, compose, bindActionCreators } from '/node_modules/redux/dist/redux.browser.mjs';

const h = React.createElement;

const thunk = ({ dispatch, getState }) => (next) => (action) =>
  typeof action === 'function' ? action(dispatch, getState) : next(action);
const actionLog = [];
const logger = () => (next) => (action) => { actionLog.push(action.type); return next(action); };

function recipes(state = { byId: {}, ids: [], status: 'idle' }, action) {
  switch (action.type) {
    case 'recipes/loading': return { ...state, status: 'loading' };
    case 'recipes/loaded': {
      const byId = {};
      for (const r of action.payload) byId[r.id] = r;
      return { byId, ids: action.payload.map((r) => r.id), status: 'ready' };
    }
    default: return state;
  }
}
function detail(state = { id: null, recipe: null, servings: 2 }, action) {
  switch (action.type) {
    case 'detail/select': return { ...state, id: action.id, recipe: null };
    case 'detail/loaded': return action.recipe.id === state.id ? { ...state, recipe: action.recipe, servings: action.recipe.serves } : state;
    case 'detail/servings': return { ...state, servings: action.servings };
    default: return state;
  }
}
function filter(state = 'all', action) {
  return action.type === 'filter/set' ? action.value : state;
}

const store = createStore(combineReducers({ recipes, detail, filter }), compose(applyMiddleware(thunk, logger)));

const actions = bindActionCreators({
  loadRecipes: () => async (dispatch) => {
    dispatch({ type: 'recipes/loading' });
    const res = await fetch('data/recipes.json');
    dispatch({ type: 'recipes/loaded', payload: await res.json() });
  },
  select: (id) => async (dispatch, getState) => {
    if (getState().detail.id === id) return;
    dispatch({ type: 'detail/select', id });
    const res = await fetch(`data/recipes/${id}.json`);
    if (res.ok) dispatch({ type: 'detail/loaded', recipe: await res.json() });
  },
  setFilter: (value) => ({ type: 'filter/set', value }),
  setServings: (servings) => ({ type: 'detail/servings', servings }),
}, store.dispatch);

const visible = (s) => s.recipes.ids.map((id) => s.recipes.byId[id]).filter((r) => s.filter === 'all' || r.tags.includes(s.filter));

function useStore(selector) {
  return React.useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}

function List() {
  const state = useStore((s) => s);
  const items = visible(state);
  if (state.recipes.status !== 'ready') return h('p', { className: 'loading' }, 'Loading recipes…');
  return h('section', { className: 'list' },
    h('p', { className: 'count' }, `${items.length} of ${state.recipes.ids.length} recipes (${state.filter})`),
    h('ul', null, items.map((r) => h('li', { key: r.id, className: r.id === state.detail.id ? 'selected' : undefined },
      h('a', { href: `#!/recipes/${r.id}` }, r.title), ' ', h('small', null, `${r.minutes} min`)))));
}

function Detail() {
  const { recipe, servings, id } = useStore((s) => s.detail);
  if (!id) return null;
  if (!recipe) return h('p', { className: 'loading' }, 'Loading recipe…');
  const factor = servings / recipe.serves;
  return h('article', { className: 'recipe' },
    h('h2', null, recipe.title),
    h('p', { className: 'servings' }, `Serves ${servings}`),
    h('ul', { className: 'ingredients' }, recipe.ingredients.map((i) =>
      h('li', { key: i.name }, `${+(i.qty * factor).toFixed(2)} ${i.unit} ${i.name}`.replace(/\s+/g, ' ')))),
    h('ol', { className: 'method' }, recipe.method.map((m, n) => h('li', { key: n }, m))));
}

function App() {
  const log = useStore((s) => s.recipes.status);
  React.useEffect(() => { document.title = 'Recipe box'; }, []);
  return h(React.Fragment, null,
    h('h1', null, 'Recipe box'),
    h(List), h(Detail),
    h('footer', null, log === 'ready' ? `actions: ${actionLog.filter((t) => !t.startsWith('@@')).join(', ')}` : ''));
}

function route() {
  const m = /^#!\/recipes\/(\d+)$/.exec(location.hash);
  return m ? actions.select(Number(m[1])) : Promise.resolve();
}

store.subscribe(() => {
  const r = store.getState().detail.recipe;
  if (r) document.title = `${r.title} · Recipe box`;
});
ReactDOM.createRoot(document.getElementById('root')).render(h(App));
actions.loadRecipes().then(() => {
  actions.setFilter('quick');
  return route();
}).then(() => {
  setTimeout(() => actions.setServings(4), 30);
});
window.addEventListener('hashchange', route);
