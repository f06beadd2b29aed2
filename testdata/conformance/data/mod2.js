import hello, { name } from "./mod.js";
window.__mod2 = [hello("m2"), name, new URL(import.meta.url).pathname, typeof document.currentScript];
