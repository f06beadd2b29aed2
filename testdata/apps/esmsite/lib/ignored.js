export const money = () => 'wrong map'; export const minutes = () => 'wrong map'; export const version = 0;
