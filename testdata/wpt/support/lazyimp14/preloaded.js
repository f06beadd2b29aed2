import { ran } from './runs.js';
ran('preloaded');
export const preloaded = true;
