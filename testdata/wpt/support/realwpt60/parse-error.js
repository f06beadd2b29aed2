export const a = ;
