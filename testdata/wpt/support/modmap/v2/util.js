export const name = 'v2 util';
