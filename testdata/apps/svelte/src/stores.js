// A classic Svelte store, as older components and libraries use it.
import { writable, derived } from 'svelte/store';

export const requests = writable(0);
export const requestLabel = derived(requests, (n) => `${n} request${n === 1 ? '' : 's'}`);

export async function getJSON(url) {
	requests.update((n) => n + 1);
	const res = await fetch(url);
	if (!res.ok) throw new Error(`${url}: ${res.status}`);
	return res.json();
}
