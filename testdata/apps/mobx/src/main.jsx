// Boards: MobX 7 state (makeAutoObservable, computed getters, flow,
// reaction, runInAction) rendered by React 18 through mobx-react-lite's
// observer components, bundled by esbuild; the #! state picks the board.
import { createRoot } from 'react-dom/client';
import { observer } from 'mobx-react-lite';
import { Store, later } from './store.js';

const store = new Store();

const Card = observer(({ card }) => (
  <li className={card.blocked ? 'card blocked' : 'card'}>
    {card.title} <small>({card.points} pt)</small>
  </li>
));

const Column = observer(({ column }) => (
  <section className="column">
    <h3>{column.name} <span className="n">{column.cards.length}</span></h3>
    <ul>{column.cards.map((c) => <Card key={c.id} card={c} />)}</ul>
  </section>
));

const App = observer(() => {
  if (store.status !== 'ready') return <p className="loading">Loading boards…</p>;
  return (
    <>
      <h1>Boards</h1>
      <nav className="boards">
        {store.boards.map((b) => (
          <a key={b.id} href={`#!/boards/${b.id}`} className={b.id === store.board.id ? 'current' : undefined}>{b.name}</a>
        ))}
      </nav>
      <h2>{store.board.name}</h2>
      <p className="stats">{store.cards.length} cards, {store.points} points, {store.blocked} blocked</p>
      <div className="columns">{store.columns.map((c) => <Column key={c.name} column={c} />)}</div>
    </>
  );
});

function route() {
  const m = /^#!\/boards\/([\w-]+)$/.exec(location.hash);
  store.load(m ? m[1] : 'ops').then(() => {
    // A teammate finishes a card shortly after the board loads.
    later(150, () => store.moveDone('c3'));
  }).catch(() => {});
}

window.addEventListener('hashchange', route);
createRoot(document.getElementById('root')).render(<App />);
route();
