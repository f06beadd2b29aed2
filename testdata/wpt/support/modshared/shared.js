// Imported by every module script of module-shared.html: the page must
// evaluate it once, whichever script imports it first.
export let count = 0;
export function inc() { return ++count; }
export const token = {};
globalThis.sharedEvaluations = (globalThis.sharedEvaluations || 0) + 1;
addEventListener('load', () => { globalThis.sharedLoadListeners = (globalThis.sharedLoadListeners || 0) + 1; });
