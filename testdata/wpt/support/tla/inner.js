export let state = 'inner started';
await new Promise((resolve) => setTimeout(resolve, 10));
state = 'inner finished';
