import { inc, token } from './shared.js';
inc();
globalThis.firstToken = token;
export const first = 'first';
