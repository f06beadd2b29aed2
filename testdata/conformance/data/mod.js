export const name = "mod";
export default function hello(x) { return "hello " + x; }
export const meta = new URL(import.meta.url).pathname;
