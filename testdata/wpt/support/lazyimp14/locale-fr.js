import { ran } from './runs.js';
import { inc, token } from './state.js';
ran('fr');
export const lang = 'fr';
export const url = import.meta.url;
export const n = inc();
export { token };
