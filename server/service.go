package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bangsnap/bangsnap"
)

// Options configure a Service. The zero value is usable: renders with
// bangsnap's default budgets, runtime.NumCPU() concurrent renders, a 64 MiB
// cache, no dynamic rendering for crawlers.
type Options struct {
	// Renderer renders the snapshots. Nil means a *bangsnap.Renderer built
	// from RenderOptions, bound by each handler to what it renders against.
	// For Middleware (and NewProxy): the wrapped handler answers, in
	// process, the requests for the host of the page being rendered, and
	// requests for other hosts (CDNs, APIs) go to the network through
	// RenderOptions.Transport, or when nil through a transport that refuses
	// non-public addresses unless Targets.AllowPrivate. For RenderHandler:
	// the network, through the guarded transport of Targets.
	Renderer Renderer
	// RenderOptions are the base options of the default renderers (budgets,
	// user agent, determinism). Handler is set by the service; the
	// RenderHeader marker is added to Header.
	RenderOptions bangsnap.Options

	// Concurrency bounds the renders running at once (default
	// runtime.NumCPU()).
	Concurrency int
	// QueueSize bounds the renders waiting for a slot (default
	// 8*Concurrency; negative: no queue). Past it the answer is 503.
	QueueSize int
	// RetryAfter is the Retry-After of 503 answers (default 5s).
	RetryAfter time.Duration
	// RenderTimeout, when positive, bounds each render's wall time on top
	// of the renderer's own budgets.
	RenderTimeout time.Duration

	// CacheBytes bounds the in-memory snapshot cache (default 64 MiB;
	// negative: no cache).
	CacheBytes int64
	// TTL is how long a 200 snapshot is served as fresh (default 10m).
	TTL time.Duration
	// ShortTTL is the TTL of 404 snapshots and of partial renders (a
	// budget ran out), which are worth retrying sooner (default 1m).
	ShortTTL time.Duration
	// StaleWhileRevalidate is how long past its TTL an entry is still
	// served while it is rendered again in the background (default 5m;
	// negative: never serve stale).
	StaleWhileRevalidate time.Duration

	// DynamicRendering answers crawlers' GET and HEAD requests for HTML pages
	// with snapshots even without an ugly URL.
	DynamicRendering bool
	// Crawlers are the user-agent tokens of crawlers (nil: DefaultCrawlers).
	Crawlers []string

	// SnapshotDir, when set, is a directory of pre-generated snapshots
	// served before anything is rendered; see SnapshotFileName for the
	// layout and GenerateSnapshotDir to make one.
	SnapshotDir string

	// InvalidateToken is the bearer token of InvalidateHandler; empty
	// disables the endpoint.
	InvalidateToken string

	// Targets is the policy of RenderHandler: which origins it renders and
	// whether private addresses may be reached.
	Targets TargetPolicy

	// TrustForwardedProto takes the scheme of the pretty URL from the
	// X-Forwarded-Proto header (behind a TLS-terminating proxy).
	TrustForwardedProto bool

	// Logger receives request and render logs (nil: slog.Default()).
	Logger *slog.Logger
	// Now is the clock of cache expiry and Last-Modified (nil: time.Now).
	Now func() time.Time
}

func (o *Options) setDefaults() {
	if o.Concurrency <= 0 {
		o.Concurrency = runtime.NumCPU()
	}
	switch {
	case o.QueueSize == 0:
		o.QueueSize = 8 * o.Concurrency
	case o.QueueSize < 0:
		o.QueueSize = 0
	}
	if o.RetryAfter <= 0 {
		o.RetryAfter = 5 * time.Second
	}
	switch {
	case o.CacheBytes == 0:
		o.CacheBytes = 64 << 20
	case o.CacheBytes < 0:
		o.CacheBytes = 0
	}
	if o.TTL <= 0 {
		o.TTL = 10 * time.Minute
	}
	if o.ShortTTL <= 0 {
		o.ShortTTL = time.Minute
	}
	switch {
	case o.StaleWhileRevalidate == 0:
		o.StaleWhileRevalidate = 5 * time.Minute
	case o.StaleWhileRevalidate < 0:
		o.StaleWhileRevalidate = 0
	}
	if o.Crawlers == nil {
		o.Crawlers = DefaultCrawlers
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
}

// A Service answers requests with snapshots. It owns the cache, the render
// pool, single-flight and the metrics shared by every handler it makes. It is
// safe for concurrent use.
type Service struct {
	opts     Options
	cache    *cache
	flight   flightGroup
	pool     *renderPool
	metrics  metrics
	crawlers crawlerMatcher
	log      *slog.Logger

	mu       sync.Mutex
	fallback Renderer // renders invalidated URLs that were not cached
	guarded  bool     // fallback is the render service's: check Targets first

	closing atomic.Bool
	bg      sync.WaitGroup // background revalidations and re-renders
}

// New returns a Service configured by opts.
func New(opts Options) *Service {
	opts.setDefaults()
	s := &Service{
		opts:     opts,
		pool:     newRenderPool(opts.Concurrency, opts.QueueSize),
		crawlers: newCrawlerMatcher(opts.Crawlers),
		log:      opts.Logger,
	}
	s.flight.log = opts.Logger
	s.cache = newCache(opts.CacheBytes, opts.Now)
	s.cache.onEvict = func() { s.metrics.evictions.Add(1) }
	return s
}

// Middleware returns a handler that answers ugly URLs (and, with dynamic
// rendering, crawler page requests) with snapshots rendered against next in
// process, and passes every other request to next untouched. It is a
// shortcut for New(opts).Middleware(next); use a Service to reach its
// metrics and invalidation handlers.
func Middleware(next http.Handler, opts Options) http.Handler {
	return New(opts).Middleware(next)
}

// renderHeader returns h plus the RenderHeader marker.
func renderHeader(h http.Header) http.Header {
	h = h.Clone()
	if h == nil {
		h = make(http.Header)
	}
	h.Set(RenderHeader, "1")
	return h
}

func (s *Service) setFallback(r Renderer, guarded bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fallback == nil || (s.guarded && !guarded) {
		s.fallback, s.guarded = r, guarded
	}
}

// Middleware returns a handler that answers, with the snapshot of the pretty
// URL rendered against next:
//
//   - GET and HEAD requests whose query carries _escaped_fragment_ (an ugly
//     URL that breaks the scheme's rules gets 400 with a one-line reason);
//   - with Options.DynamicRendering, GET and HEAD requests of crawler user
//     agents for HTML pages (never for static assets by extension).
//
// Requests marked with RenderHeader, and every other request, go to next
// untouched.
func (s *Service) Middleware(next http.Handler) http.Handler {
	rend := s.opts.Renderer
	if rend == nil {
		rend = s.siteBoundRenderer(next)
	}
	s.setFallback(rend, false)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get(RenderHeader) != "" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			next.ServeHTTP(w, r)
			return
		}
		pretty, isUgly, err := prettyOfRequest(r, s.opts.TrustForwardedProto)
		switch {
		case err != nil:
			s.badRequest(w, r, err)
		case isUgly:
			s.serveSnapshot(w, r, rend, pretty, "ugly", nil)
		case pretty != "" && s.opts.DynamicRendering && s.crawlers.isCrawlerPageRequest(r):
			// Dynamic rendering is best effort: when the page cannot be
			// rendered (not HTML, origin error), the crawler gets the
			// page itself.
			s.serveSnapshot(w, r, rend, pretty, "crawler", next)
		default:
			next.ServeHTTP(w, r)
		}
	})
}

// badRequest answers 400 with a one-line reason.
func (s *Service) badRequest(w http.ResponseWriter, r *http.Request, err error) {
	s.metrics.badRequests.Add(1)
	s.log.Info("bad request", "method", r.Method, "uri", r.RequestURI, "err", err)
	plainError(w, http.StatusBadRequest, err.Error())
}

// plainError writes a one-line text/plain answer.
func plainError(w http.ResponseWriter, status int, msg string) {
	msg = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, msg)
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write([]byte(msg + "\n"))
}

// serveSnapshot answers r with the snapshot of pretty: from the snapshot
// directory, the cache, or a render shared with concurrent requests. When the
// render fails for another reason than overload, fallback (if not nil)
// answers instead.
func (s *Service) serveSnapshot(w http.ResponseWriter, r *http.Request, rend Renderer, pretty, kind string, fallback http.Handler) {
	start := time.Now()
	key, err := cacheKey(pretty)
	if err != nil {
		s.badRequest(w, r, err)
		return
	}
	var (
		e     *entry
		state string
	)
	if e = s.fromDir(key); e != nil {
		s.metrics.lookups[lookupFile].Add(1)
		state = "file"
	} else {
		var st cacheState
		e, st = s.cache.get(key)
		switch st {
		case cacheFresh:
			s.metrics.lookups[lookupHit].Add(1)
			state = "hit"
		case cacheStale:
			s.metrics.lookups[lookupStale].Add(1)
			state = "stale"
			s.revalidate(e)
		default:
			s.metrics.lookups[lookupMiss].Add(1)
			state = "miss"
			e, err = s.render(r.Context(), rend, pretty, key, true)
		}
	}
	if err != nil {
		if fallback != nil && !errors.Is(err, ErrOverloaded) && r.Context().Err() == nil {
			s.log.Info("snapshot", "method", r.Method, "url", pretty, "kind", kind, "err", err, "fallback", "pass-through")
			fallback.ServeHTTP(w, r)
			return
		}
		s.renderFailed(w, r, pretty, err)
		return
	}
	if kind == "crawler" {
		w.Header().Add("Vary", "User-Agent")
	}
	status, n := s.writeEntry(w, r, e, state)
	if s.log.Enabled(r.Context(), slog.LevelInfo) {
		s.log.LogAttrs(r.Context(), slog.LevelInfo, "snapshot", slog.String("method", r.Method),
			slog.String("url", pretty), slog.String("kind", kind), slog.String("cache", state),
			slog.Int("status", status), slog.Int("bytes", n), slog.Duration("dur", time.Since(start)))
	}
}

// renderFailed answers a request whose render did not produce a snapshot.
func (s *Service) renderFailed(w http.ResponseWriter, r *http.Request, pretty string, err error) {
	switch {
	case r.Context().Err() != nil:
		// The client is gone; nobody reads the answer.
		s.log.Info("snapshot", "method", r.Method, "url", pretty, "err", "client went away")
	case errors.Is(err, ErrOverloaded):
		w.Header().Set("Retry-After", strconv.Itoa(int((s.opts.RetryAfter+time.Second-1)/time.Second)))
		plainError(w, http.StatusServiceUnavailable, "bangsnap: too many renders in progress, retry later")
	case errors.Is(err, ErrForbiddenTarget):
		plainError(w, http.StatusForbidden, err.Error())
	case errors.Is(err, context.DeadlineExceeded):
		plainError(w, http.StatusGatewayTimeout, "bangsnap: render timed out: "+err.Error())
	default:
		plainError(w, http.StatusBadGateway, "bangsnap: render failed: "+err.Error())
	}
}

// render returns the entry for key, rendering pretty at most once for all
// concurrent callers. wait says whether to queue for a render slot.
func (s *Service) render(ctx context.Context, rend Renderer, pretty, key string, wait bool) (*entry, error) {
	e, _, err := s.flight.do(ctx, key, func(ctx context.Context) (*entry, error) {
		return s.renderNow(ctx, rend, pretty, key, wait)
	})
	return e, err
}

func (s *Service) renderNow(ctx context.Context, rend Renderer, pretty, key string, wait bool) (*entry, error) {
	start := time.Now()
	if err := s.pool.acquire(ctx, wait); err != nil {
		if errors.Is(err, ErrOverloaded) {
			s.metrics.observeRender(outcomeOverload, 0)
		} else {
			s.metrics.observeRender(outcomeCanceled, time.Since(start))
		}
		return nil, err
	}
	defer s.pool.release()
	queued := time.Since(start)
	if s.opts.RenderTimeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.opts.RenderTimeout)
		defer cancel()
	}
	snap, err := rend.Render(ctx, pretty)
	if err == nil && snap == nil {
		err = errors.New("renderer returned no snapshot")
	}
	d := time.Since(start)
	if err != nil {
		outcome := outcomeError
		if ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			outcome = outcomeCanceled
		}
		s.metrics.observeRender(outcome, d)
		s.log.Warn("render", "url", pretty, "err", err, "dur", d, "queued", queued)
		return nil, fmt.Errorf("%s: %w", pretty, err)
	}
	outcome := outcomeOK
	if snap.Report.Partial {
		outcome = outcomePartial
	}
	s.metrics.observeRender(outcome, d)
	s.metrics.scriptErrors.Add(int64(len(snap.Report.Errors)))
	e := s.entryFromSnapshot(key, pretty, snap)
	e.renderer = rend
	s.log.Info("render", "url", pretty, "status", e.status, "bytes", len(e.body),
		"partial", snap.Report.Partial, "reason", snap.Report.Reason,
		"script_errors", len(snap.Report.Errors), "dur", d, "queued", queued)
	if s.cacheable(e) {
		s.cache.put(e)
	}
	return e, nil
}

// entryFromSnapshot turns a snapshot into what is served: the page's own
// status and headers, or a redirect when the page redirected.
func (s *Service) entryFromSnapshot(key, pretty string, snap *bangsnap.Snapshot) *entry {
	now := s.opts.Now()
	status, h, body, redirect := servedSnapshot(pretty, snap)
	e := newEntry(key, status, h, body, now)
	e.pretty = pretty
	if redirect {
		return e
	}
	e.partial = snap.Report.Partial
	ttl := s.opts.TTL
	if status != http.StatusOK || e.partial {
		ttl = s.opts.ShortTTL
	}
	e.freshUntil = now.Add(ttl)
	e.staleUntil = e.freshUntil.Add(s.opts.StaleWhileRevalidate)
	return e
}

// servedSnapshot is what is served for the snapshot of pretty, from the
// cache or from a generated snapshot file alike: the page's own status and
// headers (X-Bangsnap-Partial naming the budget that ran out for a partial
// render) and its HTML, or, when the page redirected, the redirect.
func servedSnapshot(pretty string, snap *bangsnap.Snapshot) (status int, header http.Header, body []byte, redirect bool) {
	status = snap.Status
	if status == 0 {
		status = http.StatusOK
	}
	if loc, ok := redirectOf(pretty, snap); ok {
		if status < 300 || status > 399 {
			status = http.StatusFound
		}
		h := make(http.Header, 2)
		h.Set("Location", loc)
		h.Set("Cache-Control", "no-store")
		return status, h, nil, true
	}
	header = snap.Header
	if snap.Report.Partial {
		header = header.Clone()
		if header == nil {
			header = http.Header{}
		}
		header.Set("X-Bangsnap-Partial", snap.Report.Reason)
	}
	return status, header, snap.HTML, false
}

// cacheable: only successful snapshots and 404s are cached.
func (s *Service) cacheable(e *entry) bool {
	return s.cache.maxBytes > 0 && (e.status == http.StatusOK || e.status == http.StatusNotFound)
}

// revalidate renders a stale entry again in the background, unless a render
// of it is already under way, the server is shutting down, or no render slot
// is free (then the next request tries again).
func (s *Service) revalidate(e *entry) {
	if e.renderer == nil || s.closing.Load() || s.flight.running(e.key) {
		return
	}
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		s.render(context.Background(), e.renderer, e.pretty, e.key, false)
	}()
}

// writeEntry writes e, or 304 Not Modified when r's validators match. It
// returns the status written and the body bytes.
func (s *Service) writeEntry(w http.ResponseWriter, r *http.Request, e *entry, state string) (status, n int) {
	h := w.Header()
	for k, v := range e.header {
		// Cap the slices so that a later Add appends to a copy, never to
		// the cached entry.
		h[k] = v[:len(v):len(v)]
	}
	h.Set("X-Bangsnap-Cache", state)
	if e.status == http.StatusOK && notModified(r, e) {
		h.Del("Content-Length")
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		s.metrics.observeResponse(http.StatusNotModified, 0)
		return http.StatusNotModified, 0
	}
	w.WriteHeader(e.status)
	if r.Method != http.MethodHead {
		n, _ = w.Write(e.body)
	}
	s.metrics.observeResponse(e.status, n)
	return e.status, n
}

// notModified evaluates If-None-Match, then If-Modified-Since, for a GET or
// HEAD of e.
// https://www.rfc-editor.org/rfc/rfc9110#section-13.2.2
func notModified(r *http.Request, e *entry) bool {
	if inm := r.Header.Values("If-None-Match"); len(inm) > 0 {
		for _, v := range inm {
			if etagListMatches(v, e.etag) {
				return true
			}
		}
		return false
	}
	ims := r.Header.Get("If-Modified-Since")
	if ims == "" {
		return false
	}
	t, err := http.ParseTime(ims)
	if err != nil {
		return false
	}
	return !e.modTime.After(t)
}

// etagListMatches reports whether the If-None-Match list contains etag
// under weak comparison, or is "*".
// https://www.rfc-editor.org/rfc/rfc9110#section-13.1.2
func etagListMatches(list, etag string) bool {
	if strings.TrimSpace(list) == "*" {
		return etag != ""
	}
	for part := range strings.SplitSeq(list, ",") {
		part = strings.TrimSpace(part)
		part = strings.TrimPrefix(part, "W/")
		if part != "" && part == etag {
			return true
		}
	}
	return false
}

// Shutdown stops background revalidations from starting and waits for
// those under way, or for ctx to end. Requests' renders are waited for by
// http.Server.Shutdown, which waits for their handlers.
func (s *Service) Shutdown(ctx context.Context) error {
	s.closing.Store(true)
	done := make(chan struct{})
	go func() { s.bg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
