import { ran } from './runs.js';
ran('state');
export let count = 0;
export function inc() { return ++count; }
export const token = {};
