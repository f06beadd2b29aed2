globalThis.slowEvaluations = (globalThis.slowEvaluations || 0) + 1;
export let state = 'started';
await new Promise((resolve) => setTimeout(resolve, 30));
state = 'finished';
export const answer = 42;
