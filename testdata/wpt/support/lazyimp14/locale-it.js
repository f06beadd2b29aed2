import { ran } from './runs.js';
import { inc, token } from './state.js';
ran('it');
export const lang = 'it';
export const url = import.meta.url;
export const n = inc();
export { token };
