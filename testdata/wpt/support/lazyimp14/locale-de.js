import { ran } from './runs.js';
import { inc, token } from './state.js';
ran('de');
export const lang = 'de';
export const url = import.meta.url;
export const n = inc();
export { token };
