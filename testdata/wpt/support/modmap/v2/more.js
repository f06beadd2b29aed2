export const more = 'more';
