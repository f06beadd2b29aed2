import { ran } from './runs.js';
ran('common');
export const shared = {};
