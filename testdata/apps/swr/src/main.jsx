// Stop Board: React 18 with SWR 2, bundled by esbuild. Two components ask
// for the same key and share one request (dedupingInterval); the lines of
// a stop are fetched only once the stop is known (a conditional key); a
// 404 is an error that onErrorRetry does not retry; a bound mutate after a
// timer shows optimistic data, then revalidates; useSWRImmutable reads
// the operator once; SWRConfig's fallback fills a key before its request.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import useSWR, { SWRConfig, useSWRConfig } from 'swr';
import useSWRImmutable from 'swr/immutable';

const requests = new Map();
const settled = new Set(); // listeners told when a request has settled
const fetcher = async (url) => {
  requests.set(url, (requests.get(url) || 0) + 1);
  const res = await fetch(url);
  settled.forEach((f) => f());
  if (!res.ok) {
    const err = new Error(`HTTP ${res.status}`);
    err.status = res.status;
    throw err;
  }
  return res.json();
};

const stopId = () => (/^#!\/stops\/([a-z0-9-]+)$/.exec(location.hash) || [])[1] || null;

function useHashStop() {
  const [id, setId] = useState(stopId);
  useEffect(() => {
    const on = () => setId(stopId());
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return id;
}

function StopList({ current }) {
  const { data } = useSWR('data/stops.json');
  if (!data) return <p className="loading">Loading stops…</p>;
  return (
    <nav className="stops">
      {data.map((s) => <a key={s.id} href={`#!/stops/${s.id}`} className={s.id === current ? 'current' : undefined}>{s.name}</a>)}
    </nav>
  );
}

function StopCount() {
  const { data } = useSWR('data/stops.json');
  return <p className="count">{data ? `${data.length} stops` : '…'}</p>;
}

function Departures({ id }) {
  const { data: stop, error } = useSWR(id ? `data/stops/${id}.json` : null);
  const { data: lines } = useSWR(stop ? `data/lines/${stop.zone}.json` : null);
  const { mutate } = useSWR(id ? `data/stops/${id}.json` : null);
  useEffect(() => {
    if (!stop || stop.optimistic) return undefined;
    document.title = `${stop.name} · Stop Board`;
    // A rider reports a delay: show it at once, then ask the server again.
    const t = setTimeout(() => {
      mutate({ ...stop, optimistic: true, notice: 'Delay reported, checking…' }, { revalidate: true });
    }, 150);
    return () => clearTimeout(t);
  }, [stop && stop.id]);
  if (error) return <p className="error">No such stop ({error.status})</p>;
  if (!stop) return <p className="loading">Loading departures…</p>;
  const lineName = (n) => (lines ? (lines.find((l) => l.no === n) || { to: '?' }).to : '…');
  return (
    <section className="stop">
      <h2>{stop.name}</h2>
      <ol className="departures">
        {stop.departures.map((d) => (
          <li key={d.line + d.time} className={d.late ? 'late' : undefined}>{d.time} {d.line} {lineName(d.line)}{d.late ? ` (+${d.late} min)` : ''}</li>
        ))}
      </ol>
      <p className="notice">{stop.notice || 'No disruptions'}</p>
    </section>
  );
}

function Operator() {
  const { data } = useSWRImmutable('data/operator.json');
  const { data: missing, error } = useSWR('data/alerts.json');
  return (
    <footer>
      <span className="operator">{data ? `Operated by ${data.name}` : 'Operator…'}</span>{' '}
      <span className="alerts">{error ? 'No alert feed' : missing ? `${missing.length} alerts` : '…'}</span>
    </footer>
  );
}

function Network() {
  const [text, setText] = useState('');
  const { cache } = useSWRConfig();
  // The summary is written 300 ms after the last request settles, so it
  // counts every request however long they take.
  useEffect(() => {
    let t;
    const later = () => {
      clearTimeout(t);
      t = setTimeout(() => {
        setText([...requests].sort().map(([u, n]) => `${u.replace('data/', '')} ×${n}`).join(', ') + ` · ${[...cache.keys()].filter((k) => !k.startsWith('$')).length} cached`);
      }, 300);
    };
    settled.add(later);
    later();
    return () => {
      settled.delete(later);
      clearTimeout(t);
    };
  }, []);
  return <p className="network">{text}</p>;
}

function App() {
  const id = useHashStop();
  return (
    <>
      <h1>Stop Board</h1>
      <StopCount />
      <StopList current={id} />
      <Departures id={id} />
      <Operator />
      <Network />
    </>
  );
}

const config = {
  fetcher,
  dedupingInterval: 2000,
  revalidateOnFocus: false,
  fallback: { 'data/operator.json': { name: 'Ruter (cached)' } },
  onErrorRetry: (err, key, cfg, revalidate, { retryCount }) => {
    if (err.status === 404 || retryCount >= 2) return;
    setTimeout(() => revalidate({ retryCount }), 100);
  },
};

createRoot(document.getElementById('root')).render(<SWRConfig value={config}><App /></SWRConfig>);
