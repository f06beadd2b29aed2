import { ran } from './runs.js';
import { token } from './state.js';
ran('app');
export const appName = 'app';
// Called while this module is evaluated: the chunk imports this module
// back, and must get it rather than a second copy.
export const early = import('./back.js');
export function load(lang) {
  switch (lang) {
    case 'de': return import('./locale-de.js');
    case 'fr': return import('./locale-fr.js');
    case 'ja': return import('./locale-ja.js');
    case 'it': return import('lazyimp14-locale');
  }
  return Promise.reject(new Error('no locale ' + lang));
}
export { token };
