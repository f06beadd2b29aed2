import { b } from "/hostile/import-cycle-b.js";
export function a() { return "a" + (typeof b); }
import("/hostile/import-cycle-a.js");
