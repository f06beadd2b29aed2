export const name = 'util';
