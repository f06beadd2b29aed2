export const extra = 'extra';
