import { a } from "/hostile/import-cycle-a.js";
export function b() { return "b" + (typeof a); }
