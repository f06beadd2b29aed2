// Loaded by its own module script after mobile.js imported it (as
// Starlight's TableOfContents module and its MobileTableOfContents).
globalThis.tocEvaluations = (globalThis.tocEvaluations || 0) + 1;
export class Toc extends HTMLElement {}
customElements.define('sweep11-toc', Toc);
