export { x } from "./cycle.js";
