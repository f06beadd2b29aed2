// Harbour log: a LitElement rendering into its light DOM, with 600 port calls
// fetched as JSON and shown in a @lit-labs/virtualizer scroller, which keeps
// only the rows near its viewport in the DOM and places them by measuring
// them (ResizeObserver, getBoundingClientRect, scroll offsets).
// #!/calls/N scrolls the list to call N and shows its detail;
// #!/berths/B lists only the calls at berth B.
import { LitElement, html, nothing } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import '@lit-labs/virtualizer/lit-virtualizer.js';

function route() {
  let m = /^#!\/calls\/(\d+)$/.exec(location.hash);
  if (m) return { call: Number(m[1]) };
  m = /^#!\/berths\/(\d+)$/.exec(location.hash);
  if (m) return { berth: Number(m[1]) };
  return {};
}

class HarbourLog extends LitElement {
  static properties = {
    calls: { state: true },
    berths: { state: true },
    route: { state: true },
    range: { state: true },
    updatedAt: { state: true },
  };

  constructor() {
    super();
    this.calls = null;
    this.berths = new Map();
    this.route = route();
    this.range = '';
    this.updatedAt = '';
    this.scrolled = false;
    this.onHash = () => { this.route = route(); this.scrolled = false; };
  }

  // Light DOM: the rows are the page's own text, as a crawler should see them.
  createRenderRoot() { return this; }

  connectedCallback() {
    super.connectedCallback();
    addEventListener('hashchange', this.onHash);
    Promise.all([
      fetch('data/calls.json').then((r) => r.json()),
      fetch('data/berths.json').then((r) => r.json()),
    ]).then(([calls, berths]) => {
      this.berths = new Map(berths.map((b) => [b.id, b]));
      this.calls = calls;
    });
    this.timer = setTimeout(() => { this.updatedAt = 'Updated 06:00'; }, 150);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    removeEventListener('hashchange', this.onHash);
    clearTimeout(this.timer);
  }

  get shown() {
    if (!this.calls) return [];
    const b = this.route.berth;
    return b ? this.calls.filter((c) => c.berth === b) : this.calls;
  }

  updated() {
    const id = this.route.call;
    if (!id || this.scrolled || !this.calls) return;
    const list = this.querySelector('lit-virtualizer');
    const index = this.shown.findIndex((c) => c.id === id);
    if (!list || index < 0) return;
    this.scrolled = true;
    this.scrollTo(list, index);
  }

  // The virtualizer exists once the list has rendered and laid out its first
  // rows; element(i) works before row i is rendered: it scrolls to the row's
  // estimated place and corrects the position once the row is measured.
  async scrollTo(list, index) {
    await list.updateComplete;
    await list.layoutComplete;
    list.element(index).scrollIntoView({ block: 'start' });
    const call = this.shown[index];
    document.title = `${call.vessel} · Harbour log`;
  }

  onRange(e) {
    this.range = `Rows ${e.first + 1}–${e.last + 1} rendered`;
  }

  row(c) {
    const cls = { call: true, current: c.id === this.route.call, [c.kind.replace(' ', '-')]: true };
    return html`<div class=${classMap(cls)} data-id=${c.id}>
      <span class="id">${c.id}</span><span class="time">${c.time}</span>
      <span class="vessel">${c.vessel}</span><span class="kind">${c.kind}</span>
      <span class="tons">${c.tons.toLocaleString('en-US')} t</span></div>`;
  }

  detail() {
    const c = this.calls && this.calls.find((x) => x.id === this.route.call);
    if (!c) return nothing;
    const b = this.berths.get(c.berth);
    return html`<section class="detail"><h2>${c.vessel}</h2>
      <p>${c.kind} at ${c.time}, berth ${c.berth} (${b.name}, ${b.depth} m), ${c.tons.toLocaleString('en-US')} t</p></section>`;
  }

  render() {
    if (!this.calls) return html`<h1>Harbour log</h1><p class="loading">Loading calls…</p>`;
    const items = this.shown;
    const berth = this.route.berth && this.berths.get(this.route.berth);
    return html`
      <h1>Harbour log${berth ? html` · ${berth.name}` : nothing}</h1>
      <p class="summary">${items.length} calls · <span class="range">${this.range}</span> · ${this.updatedAt}</p>
      <lit-virtualizer scroller .items=${items} .renderItem=${(c) => this.row(c)}
        @rangeChanged=${(e) => this.onRange(e)}></lit-virtualizer>
      ${this.detail()}`;
  }
}
customElements.define('harbour-log', HarbourLog);
