import { name } from 'mm-util';
export { more } from 'mm-more';
export const scopedName = name;
