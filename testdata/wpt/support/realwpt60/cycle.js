export { x } from "./cycle-b.js";
