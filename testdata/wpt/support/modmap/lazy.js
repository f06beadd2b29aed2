export const lazy = 'lazy';
