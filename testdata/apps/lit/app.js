// Night Sky: Lit 3 web components (shadow DOM, reactive properties, slots),
// loaded through an import map; data fetched in connectedCallback; #! routes.
import { LitElement, html, css, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { classMap } from 'lit/directives/class-map.js';

function route() {
  const m = /^#!\/planets\/([a-z]+)$/.exec(location.hash);
  return m ? m[1] : '';
}

class PlanetCard extends LitElement {
  static properties = {
    planet: { type: Object },
    rises: { type: String, reflect: true },
  };

  static styles = css`
    :host { display: block; border: 1px solid #ccd; padding: 0 1em; }
    .moons li { list-style: square; }
  `;

  render() {
    const p = this.planet;
    return html`
      <h2>${p.name}</h2>
      <p class="facts">Magnitude ${p.magnitude.toFixed(1)} · ${p.moons.length} moons · rises ${this.rises}</p>
      <ul class="moons">${p.moons.map((m) => html`<li>${m}</li>`)}</ul>
      <slot name="note"></slot>`;
  }
}
customElements.define('planet-card', PlanetCard);

class SkyApp extends LitElement {
  static properties = {
    planets: { state: true },
    current: { type: String, reflect: true },
    detail: { state: true },
    clock: { state: true },
  };

  static styles = css`
    :host { display: block; }
    li.current { font-weight: bold; }
  `;

  constructor() {
    super();
    this.planets = [];
    this.current = route();
    this.detail = null;
    this.clock = '';
    this.onHash = () => { this.current = route(); this.loadDetail(); };
  }

  connectedCallback() {
    super.connectedCallback();
    addEventListener('hashchange', this.onHash);
    fetch('data/planets.json').then((r) => r.json()).then((list) => { this.planets = list; });
    this.loadDetail();
    this.timer = setTimeout(() => { this.clock = 'Updated at dusk'; }, 120);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    removeEventListener('hashchange', this.onHash);
    clearTimeout(this.timer);
  }

  async loadDetail() {
    if (!this.current) { this.detail = null; return; }
    const r = await fetch(`data/planets/${this.current}.json`);
    this.detail = await r.json();
  }

  // current is reflected to the host's current="…" attribute, in the light
  // DOM where the snapshot (and Chromium's outerHTML) can see it.
  updated(changed) {
    if (changed.has('detail') && this.detail) {
      document.title = `${this.detail.name} · Night Sky`;
    }
  }

  render() {
    return html`
      <header><h1>Night Sky</h1><slot name="intro"></slot></header>
      ${this.planets.length === 0 ? html`<p class="loading">Loading planets…</p>` : html`
        <ul class="planets">
          ${repeat(this.planets, (p) => p.id, (p) => html`
            <li class=${classMap({ current: p.id === this.current })}><a href="#!/planets/${p.id}">${p.name}</a></li>`)}
        </ul>`}
      ${this.detail ? html`<planet-card .planet=${this.detail} rises=${this.detail.rises}>
          <em slot="note" class="note">${this.detail.note}</em></planet-card>` : nothing}
      <footer>${this.clock}</footer>`;
  }
}
customElements.define('sky-app', SkyApp);
