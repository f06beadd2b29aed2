// A Polymer 3 app: data from <iron-ajax> bound two-way into properties,
// dom-repeat with filter and sort, dom-if, computed properties, an observer,
// attributes reflected to the host, and a child element with its own
// template and a property bound from the parent.
import { PolymerElement, html } from '@polymer/polymer/polymer-element.js';
import '@polymer/polymer/lib/elements/dom-repeat.js';
import '@polymer/polymer/lib/elements/dom-if.js';
import '@polymer/iron-ajax/iron-ajax.js';

function routeFrom(hash) {
  const m = /^#!\/markets\/([a-z]+)$/.exec(hash);
  return m ? m[1] : 'bergen';
}

class StallCard extends PolymerElement {
  static get template() {
    return html`
      <style>:host { display: block; } .sold { color: #888; }</style>
      <span class="name">[[stall.name]]</span>: [[stall.sells]], <span class="price">[[_kroner(stall.price)]]</span>`;
  }
  static get properties() {
    return { stall: Object };
  }
  _kroner(n) {
    return 'kr ' + n;
  }
}
customElements.define('stall-card', StallCard);

class MarketApp extends PolymerElement {
  static get template() {
    return html`
      <style>:host { display: block; } a.current { font-weight: bold; }</style>
      <iron-ajax auto url="data/markets.json" handle-as="json" last-response="{{markets}}"></iron-ajax>
      <iron-ajax auto url="[[marketUrl]]" handle-as="json" last-response="{{market}}" loading="{{loading}}"></iron-ajax>
      <h1>Markets</h1>
      <nav>
        <template is="dom-repeat" items="[[markets]]">
          <a href$="#!/markets/[[item.id]]" class$="[[_linkClass(item.id, route)]]">[[item.name]]</a>
        </template>
      </nav>
      <template is="dom-if" if="[[loading]]" restamp><p class="loading">Loading stalls…</p></template>
      <template is="dom-if" if="[[market]]">
        <h2>[[market.name]]</h2>
        <p class="summary">[[openCount]] of [[market.stalls.length]] stalls open from [[market.opens]]</p>
        <ol>
          <template is="dom-repeat" items="[[market.stalls]]" filter="_isOpen" sort="_byPrice">
            <li><stall-card stall="[[item]]"></stall-card></li>
          </template>
        </ol>
      </template>`;
  }
  static get properties() {
    return {
      route: { type: String, value: () => routeFrom(location.hash), reflectToAttribute: true },
      marketUrl: { type: String, computed: '_url(route)' },
      markets: { type: Array, value: () => [] },
      market: Object,
      loading: Boolean,
      openCount: { type: Number, computed: '_countOpen(market)', reflectToAttribute: true },
    };
  }
  static get observers() {
    return ['_setTitle(market.name)'];
  }
  connectedCallback() {
    super.connectedCallback();
    this._onHash = () => { this.route = routeFrom(location.hash); };
    window.addEventListener('hashchange', this._onHash);
  }
  disconnectedCallback() {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this._onHash);
  }
  _url(route) {
    return `data/markets/${route}.json`;
  }
  _linkClass(id, route) {
    return id === route ? 'current' : '';
  }
  _countOpen(market) {
    return market ? market.stalls.filter((s) => s.open).length : 0;
  }
  _isOpen(stall) {
    return stall.open;
  }
  _byPrice(a, b) {
    return b.price - a.price;
  }
  _setTitle(name) {
    if (name) document.title = `${name} · Markets`;
  }
}
customElements.define('market-app', MarketApp);
