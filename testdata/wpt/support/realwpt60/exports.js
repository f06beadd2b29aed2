export const here = 1;
