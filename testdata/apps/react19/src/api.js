// Data fetching: fetch with a typed error, and the TanStack Query options
// both the route loaders and the components use.
import { queryOptions } from '@tanstack/react-query';

export class HttpError extends Error {
  constructor(status, url) {
    super(`${status} for ${url}`);
    this.status = status;
  }
}

async function getJSON(path, { signal } = {}) {
  const res = await fetch(new URL(path, document.baseURI), { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new HttpError(res.status, path);
  return res.json();
}

export const showsQuery = queryOptions({
  queryKey: ['shows'],
  queryFn: ({ signal }) => getJSON('data/shows.json', { signal }),
  staleTime: 60_000,
});

export const showQuery = (id) => queryOptions({
  queryKey: ['show', id],
  queryFn: ({ signal }) => getJSON(`data/shows/${encodeURIComponent(id)}.json`, { signal }),
  retry: (count, err) => !(err instanceof HttpError && err.status === 404) && count < 2,
});

// Fetched once at start and read with React 19's use().
export const statsPromise = getJSON('data/stats.json');
