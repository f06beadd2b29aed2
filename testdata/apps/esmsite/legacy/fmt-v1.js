export const version = 1;
