export const v = "a";
