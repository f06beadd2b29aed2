// Podcast directory: React 19 (createRoot, use(), <title> hoisted into the
// head, ref as a prop), react-router 7 in data mode on the hash
// (createHashRouter with loaders, NavLink, useParams, an error element), and
// TanStack Query 5 (ensureQueryData in loaders, useSuspenseQuery, useQuery).
import { StrictMode, Suspense, use, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, NavLink, Outlet, useParams, useRouteError, isRouteErrorResponse } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { QueryClient, QueryClientProvider, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { showsQuery, showQuery, statsPromise, HttpError } from './api.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

const minutes = (m) => (m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`);
const fmtDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function Layout() {
  const { data: shows = [], isPending } = useQuery(showsQuery);
  return (
    <>
      <header>
        <h1>Podcasts</h1>
        <p className="count">{isPending ? 'Loading…' : `${shows.length} shows`}</p>
        <nav>
          {shows.map((s) => (
            <NavLink key={s.id} to={`/shows/${s.id}`} className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {s.title}
            </NavLink>
          ))}
        </nav>
      </header>
      <main><Outlet /></main>
      <Suspense fallback={<footer className="skeleton">…</footer>}>
        <Footer stats={statsPromise} />
      </Suspense>
    </>
  );
}

function Footer({ stats }) {
  const s = use(stats);
  return <footer>{s.listeners.toLocaleString('en-US')} listeners · updated {fmtDate.format(new Date(s.updated))}</footer>;
}

function Home() {
  return (
    <>
      <title>Podcasts</title>
      <p className="hint">Pick a show.</p>
    </>
  );
}

function Heading({ ref, children }) {
  return <h2 ref={ref}>{children}</h2>;
}

function Show() {
  const { id } = useParams();
  const { data: show } = useSuspenseQuery(showQuery(id));
  const heading = useRef(null);
  useEffect(() => {
    heading.current?.setAttribute('data-mounted', 'yes');
  }, [id]);
  const total = show.episodes.reduce((n, e) => n + e.minutes, 0);
  return (
    <article className="show">
      <title>{`${show.title} · Podcasts`}</title>
      <Heading ref={heading}>{show.title}</Heading>
      <p className="host">Hosted by {show.host}</p>
      <p className="blurb">{show.blurb}</p>
      <ol className="episodes">
        {show.episodes.map((e) => (
          <li key={e.n} className={e.minutes > 60 ? 'long' : undefined}>
            #{e.n} {e.title} <span className="len">({minutes(e.minutes)})</span> <time dateTime={e.date}>{fmtDate.format(new Date(e.date))}</time>
          </li>
        ))}
      </ol>
      <p className="total">{show.episodes.length} episodes, {minutes(total)}</p>
    </article>
  );
}

function RouteError() {
  const err = useRouteError();
  const status = isRouteErrorResponse(err) ? err.status : err instanceof HttpError ? err.status : 500;
  return (
    <div className="error">
      <title>Not found · Podcasts</title>
      <meta name="prerender-status-code" content={String(status)} />
      <p>{status === 404 ? 'No such show.' : 'Something went wrong.'}</p>
    </div>
  );
}

const router = createHashRouter(
  [
    {
      path: '/',
      element: <Layout />,
      loader: () => queryClient.ensureQueryData(showsQuery),
      children: [
        { index: true, element: <Home /> },
        {
          path: 'shows/:id',
          element: <Show />,
          errorElement: <RouteError />,
          loader: ({ params }) => queryClient.ensureQueryData(showQuery(params.id)),
        },
      ],
    },
  ],
  { basename: '/!' }, // #!/shows/x is the path /!/shows/x to the hash history
);

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
