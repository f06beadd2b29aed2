// The app's state: MobX observables with computed values, actions, a
// flow for the async load and a reaction that keeps the title in sync.
import { makeAutoObservable, reaction, flow, runInAction } from 'mobx';

async function getJSON(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return res.json();
}

export class Store {
  boards = [];
  board = null;
  cards = [];
  status = 'idle';
  filter = '';

  constructor() {
    makeAutoObservable(this, { load: flow });
    reaction(
      () => this.board?.name,
      (name) => { document.title = name ? `${name} · Boards` : 'Boards'; },
    );
  }

  get columns() {
    const cols = new Map(this.board ? this.board.columns.map((c) => [c, []]) : []);
    for (const card of this.visibleCards) cols.get(card.column)?.push(card);
    return [...cols.entries()].map(([name, cards]) => ({ name, cards }));
  }

  get visibleCards() {
    const f = this.filter.toLowerCase();
    return this.cards.filter((c) => !f || c.title.toLowerCase().includes(f));
  }

  get points() {
    return this.cards.reduce((n, c) => n + c.points, 0);
  }

  get blocked() {
    return this.cards.filter((c) => c.blocked).length;
  }

  *load(id) {
    this.status = 'loading';
    const [boards, board] = yield Promise.all([getJSON('data/boards.json'), getJSON(`data/boards/${id}.json`)]);
    this.boards = boards;
    this.board = board;
    this.cards = board.cards;
    this.status = 'ready';
  }

  moveDone(id) {
    const card = this.cards.find((c) => c.id === id);
    if (card) card.column = 'Done';
  }
}

export function later(ms, fn) {
  setTimeout(() => runInAction(fn), ms);
}
