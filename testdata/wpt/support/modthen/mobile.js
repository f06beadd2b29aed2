import { Toc } from './toc.js';
export class MobileToc extends Toc {}
customElements.define('sweep11-mobile-toc', MobileToc);
globalThis.mobileSaw = Toc;
