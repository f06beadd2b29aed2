// <map-card>: is-land renames the undefined ones inside an island with
// conditions (is-land--map-card) so that they are not upgraded before the
// island is ready, and puts them back then (declarative shadow root moved
// along); one still has its defer-hydration attribute when it connects
// unless the island removed it first.
class MapCard extends HTMLElement {
  static observedAttributes = ['place'];
  constructor() { super(); this.count = (this.count || 0); }
  connectedCallback() {
    const sr = this.shadowRoot;
    const h = sr ? sr.querySelector('h3') : null;
    this.setAttribute('data-shadow', sr ? sr.mode + ':' + (h ? h.textContent : '-') : 'none');
    this.querySelector('.where').textContent = 'Map of ' + this.getAttribute('place');
    this.dataset.deferred = this.hasAttribute('defer-hydration') ? 'deferred' : 'live';
  }
  attributeChangedCallback(n, o, v) { this.dataset.changes = (Number(this.dataset.changes || 0) + 1) + ''; }
}
customElements.define('map-card', MapCard);
