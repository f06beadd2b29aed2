import { ran } from './runs.js';
import { inc } from './state.js';
ran('tla');
export let v = 1;
await new Promise((r) => setTimeout(r, 10));
v = 2;
export const n = inc();
