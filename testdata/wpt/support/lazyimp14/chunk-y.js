import { shared } from './common.js';
export { shared };
export const name = 'y';
