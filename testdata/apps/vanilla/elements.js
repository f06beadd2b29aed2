// Light-DOM custom elements: they render into their own children, so the
// content is part of the document a crawler sees.
import { usd } from './format.js';

class PriceTag extends HTMLElement {
  static observedAttributes = ['cents', 'was'];
  connectedCallback() { this.render(); }
  attributeChangedCallback() { if (this.isConnected) this.render(); }
  render() {
    const cents = Number(this.getAttribute('cents'));
    const was = this.getAttribute('was');
    this.textContent = usd.format(cents / 100);
    if (was) {
      this.insertAdjacentHTML('beforeend', ` <s class="was">${usd.format(Number(was) / 100)}</s>`);
    }
  }
}

class StarRating extends HTMLElement {
  connectedCallback() {
    const value = Number(this.dataset.value ?? 0);
    const full = Math.round(value);
    this.setAttribute('role', 'img');
    this.setAttribute('aria-label', `${value.toFixed(1)} out of 5`);
    this.textContent = '★'.repeat(full) + '☆'.repeat(5 - full);
  }
}

customElements.define('price-tag', PriceTag);
customElements.define('star-rating', StarRating);
