import { state as innerState } from './inner.js';
export const seenInner = innerState;
await null;
export const outer = 'outer done';
