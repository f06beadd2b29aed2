import { nothere } from "./exports.js";
window.ranMissing = true;
