export const v = "b";
