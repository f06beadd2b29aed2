import { ran } from './runs.js';
import { inc, token } from './state.js';
ran('ja');
export const lang = 'ja';
export const url = import.meta.url;
export const n = inc();
export { token };
