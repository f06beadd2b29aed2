// Parcel Tracker: TanStack Query's framework-agnostic core (query-core 5)
// as a vanilla site uses it. Two observers of one query key share one
// request (deduplication); the tracking API fails its first call per
// parcel, so the query retries after a retryDelay timer; a prefetched
// carrier query is read by ensureQueryData; the parcel list is invalidated
// on a timer and refetched in the background while the old data stays on
// screen (stale-while-revalidate); the parcel comes from the "#!/parcels/<id>"
// state.
import { QueryClient, QueryObserver, notifyManager } from '@tanstack/query-core';

const client = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 250, retry: 2, retryDelay: (attempt) => 40 * 2 ** attempt },
  },
});
client.mount();

const fetched = new Map(); // URL -> number of requests made
const trackingCalls = new Map(); // parcel id -> calls of the flaky tracking API

async function getJSON(url) {
  fetched.set(url, (fetched.get(url) || 0) + 1);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  return res.json();
}

const parcelsQuery = { queryKey: ['parcels'], queryFn: () => getJSON('data/parcels.json') };
const parcelQuery = (id) => ({
  queryKey: ['parcel', id],
  queryFn: async () => {
    const n = (trackingCalls.get(id) || 0) + 1;
    trackingCalls.set(id, n);
    const data = await getJSON(`data/parcels/${id}.json`);
    if (n === 1) throw new Error('tracking service busy (503)');
    return data;
  },
});
const carrierQuery = (code) => ({
  queryKey: ['carrier', code],
  queryFn: () => getJSON(`data/carriers/${code}.json`),
  staleTime: Infinity,
});

const $ = (sel) => document.querySelector(sel);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const currentId = () => (/^#!\/parcels\/([A-Z0-9]+)$/.exec(location.hash) || [])[1] || null;

// Two observers of the same key: the summary line and the list.
const summaryObs = new QueryObserver(client, { ...parcelsQuery, select: (ps) => ps.filter((p) => p.status !== 'delivered').length });
const listObs = new QueryObserver(client, parcelsQuery);

summaryObs.subscribe((r) => {
  if (r.isSuccess) $('#summary').textContent = `${r.data} parcels on their way`;
});
listObs.subscribe((r) => {
  if (!r.isSuccess) return;
  const id = currentId();
  $('#parcels').innerHTML = r.data.map((p) =>
    `<li data-id="${p.id}" class="${p.id === id ? 'current' : ''}"><a href="#!/parcels/${p.id}">${esc(p.id)}</a> ${esc(p.label)}</li>`).join('');
  $('#parcels').dataset.refetching = r.isFetching ? 'yes' : 'no';
});

let parcelObs = null;
async function showParcel(id) {
  if (parcelObs) parcelObs.destroy();
  if (!id) return;
  parcelObs = new QueryObserver(client, parcelQuery(id));
  parcelObs.subscribe(async (r) => {
    const box = $('#parcel');
    if (r.isPending) {
      box.innerHTML = `<p class="loading">Loading parcel… (${r.failureCount} failed attempts)</p>`;
      return;
    }
    if (r.isError) {
      box.innerHTML = `<p class="error">${esc(r.error.message)}</p>`;
      return;
    }
    const p = r.data;
    const carrier = await client.ensureQueryData(carrierQuery(p.carrier));
    document.title = `${p.id} · Parcel Tracker`;
    box.innerHTML = `<h2>${esc(p.id)}: ${esc(p.label)}</h2>
      <p class="carrier">${esc(carrier.name)}, ${esc(carrier.phone)}</p>
      <p class="eta ${p.delayed ? 'delayed' : ''}">Expected ${esc(p.eta)}${p.delayed ? ' (delayed)' : ''}</p>
      <ol class="events">${p.events.map((e) => `<li>${esc(e.at)} ${esc(e.place)}: ${esc(e.what)}</li>`).join('')}</ol>
      <p class="retries">Loaded after ${trackingCalls.get(id) - 1} retry</p>`;
  });
}

// Prefetch every carrier the list mentions, before anything needs one.
client.fetchQuery(parcelsQuery).then((ps) => {
  for (const code of new Set(ps.map((p) => p.carrier))) client.prefetchQuery(carrierQuery(code));
});

showParcel(currentId());
addEventListener('hashchange', () => showParcel(currentId()));

// Stale-while-revalidate: the list is invalidated after a while and
// refetched in the background; the old data stays on screen meanwhile.
setTimeout(() => client.invalidateQueries({ queryKey: ['parcels'] }), 400);

// The network report, once everything has settled.
setTimeout(() => {
  notifyManager.batch(() => {
    $('#network').textContent = [...fetched].map(([url, n]) => `${url.replace('data/', '')} ×${n}`).join(', ');
  });
}, 900);
