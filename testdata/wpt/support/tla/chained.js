const next = './chained-' + 'target.js';
const m = await import(next);
export const chained = 'got ' + m.target;
