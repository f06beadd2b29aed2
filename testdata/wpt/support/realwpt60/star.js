export * from "./star-a.js";
export * from "./star-b.js";
