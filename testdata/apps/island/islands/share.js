// Defined by a module script that comes out of the share island's
// <template data-island="replace">: it runs only once the template's
// contents are inserted into the page.
class ShareBox extends HTMLElement {
  connectedCallback() {
    const url = new URL(location.href);
    this.innerHTML = `<p class="share">Share <a href="https://example.org/share?u=${encodeURIComponent(url.pathname)}">this page</a> (${this.getAttribute('network')})</p>`;
    this.dataset.upgraded = 'yes';
  }
}
customElements.define('share-box', ShareBox);
