import { writable, derived } from 'svelte/store';

export const loans = writable([]);
export const loanCount = derived(loans, ($loans) => $loans.length);
