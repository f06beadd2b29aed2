// A small binary heap for the ferry scheduler.
export class Queue {
  #items = [];
  constructor(compare = (a, b) => a - b) {
    this.compare = compare;
  }
  get size() { return this.#items.length; }
  push(item) {
    const a = this.#items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.compare(a[i], a[p]) >= 0) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }
  pop() {
    const a = this.#items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0) {
      a[0] = last;
      sink(a, 0, this.compare);
    }
    return top;
  }
}

function sink(a, i, compare) {
  for (;;) {
    const l = 2 * i + 1, r = l + 1;
    let m = i;
    if (l < a.length && compare(a[l], a[m]) < 0) m = l;
    if (r < a.length && compare(a[r], a[m]) < 0) m = r;
    if (m === i) return;
    [a[i], a[m]] = [a[m], a[i]];
    i = m;
  }
}
