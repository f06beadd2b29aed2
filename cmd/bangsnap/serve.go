package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/server"
)

func init() {
	register(command{name: "serve", summary: "serve snapshots in front of a site (reverse proxy) and as a render service", run: runServe})
}

const serveDescription = `Serve puts bangsnap in front of a site, in any language, as a reverse proxy:

  bangsnap serve -origin http://127.0.0.1:3000 -listen 127.0.0.1:8080

Requests whose query carries _escaped_fragment_ get the snapshot of their
pretty URL, rendered against the origin through the proxy (the render's own
requests carry the header X-Bangsnap-Render: 1); malformed ugly URLs get 400;
every other request is proxied untouched. With -crawlers, GET and HEAD requests
of known crawler user agents (search engines, link previews, AI crawlers) for
HTML pages get snapshots too.

With -allow, serve is also a render service for the listed origins:
GET /render?url=URL and the path form GET /https://site/path… that prerender
middlewares call. Private, loopback and link-local addresses are refused
(when the host is resolved and again when connecting) unless -allow-private.

A render's requests for the page's own host go to the origin through the
proxy; its requests for other hosts (CDNs, APIs) go to the network, where
non-public addresses are refused too unless -allow-private.

Snapshots are cached in memory (LRU bounded in bytes, TTL, stale while
revalidate, ETag/Last-Modified with 304); only 200s and 404s are cached.
-snapshot-dir serves pre-generated snapshots first: one file per page named
after its normalized ugly URL (see server.SnapshotFileName), as 'bangsnap
snapshot' makes them. Renders run at
most -concurrency at once with -queue waiting; past that, 503 with
Retry-After.

Endpoints: /healthz, /metrics (Prometheus text format), and
POST /_bangsnap/invalidate {"urls": [...], "rerender": true} with
"Authorization: Bearer TOKEN", enabled when the environment variable named by
-invalidate-token-env holds a token.

Serve stops on SIGINT or SIGTERM after the requests and renders in flight
finish (at most -shutdown-timeout).`

// listFlag is a repeatable flag of comma-separated values.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for v := range strings.SplitSeq(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}

// byteSize is a flag holding a size such as 64MiB, 512k or 1000000.
type byteSize int64

func (b *byteSize) String() string { return strconv.FormatInt(int64(*b), 10) }

func (b *byteSize) Set(s string) error {
	n, err := parseByteSize(s)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}

// parseByteSize reads a byte count with an optional unit: B, K/KB/KiB,
// M/MB/MiB, G/GB/GiB (all powers of 1024), case-insensitive.
func parseByteSize(s string) (int64, error) {
	t := ascii.Lower(strings.TrimSpace(s))
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, fmt.Errorf("bad size %q: want a number with an optional unit (64MiB, 512K)", s)
	}
	n, err := strconv.ParseInt(t[:i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("bad size %q: %w", s, err)
	}
	var mult int64
	switch strings.TrimSpace(t[i:]) {
	case "", "b":
		mult = 1
	case "k", "kb", "kib":
		mult = 1 << 10
	case "m", "mb", "mib":
		mult = 1 << 20
	case "g", "gb", "gib":
		mult = 1 << 30
	default:
		return 0, fmt.Errorf("bad size %q: unknown unit %q", s, t[i:])
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("bad size %q: too large", s)
	}
	return n * mult, nil
}

// newLogger returns the text logger of serve and demo, on stderr.
func newLogger(w io.Writer, level string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("bad log level %q: want debug, info, warn or error", level)
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l})), nil
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("serve", "serve [-origin URL] [-listen ADDR] [-allow ORIGINS] [flags]", serveDescription)
	var (
		origin        = fs.String("origin", "", "`URL` of the site to proxy (http or https); empty: render service only")
		listen        = fs.String("listen", "127.0.0.1:8080", "`address` to listen on")
		preserveHost  = fs.Bool("preserve-host", false, "send the client's Host header to the origin instead of the origin's host")
		trustProto    = fs.Bool("trust-forwarded-proto", false, "take the scheme of pretty URLs from X-Forwarded-Proto (behind a TLS proxy)")
		cacheBytes    = byteSize(64 << 20)
		scriptCache   = byteSize(bangsnap.DefaultScriptCacheBytes)
		ttl           = fs.Duration("ttl", 10*time.Minute, "how long a snapshot is fresh")
		shortTTL      = fs.Duration("short-ttl", time.Minute, "how long a 404 or partial snapshot is fresh")
		stale         = fs.Duration("stale", 5*time.Minute, "how long past its TTL a snapshot is served while it is rendered again (0: never)")
		concurrency   = fs.Int("concurrency", 0, "renders at once (0: number of CPUs)")
		queue         = fs.Int("queue", 0, "renders waiting for a slot before 503 (0: 8 x concurrency, -1: none)")
		renderTimeout = fs.Duration("render-timeout", 30*time.Second, "wall-time budget of one render")
		fetchImages   = fs.Bool("fetch-images", false, "renders fetch the pages' images, so that their load/error events follow the real answers")
		fetchFonts    = fs.Bool("fetch-fonts", false, "renders fetch the @font-face files the pages' text uses, as a browser's layout does")
		skipSheets    = fs.Bool("skip-stylesheets", false, "renders fetch no external style sheet")
		formState     = fs.Bool("form-state", false, "write the form state scripts set (checked, selected, typed values; never passwords) into snapshots' markup")
		shadowRoots   = fs.Bool("shadow-roots", false, "write web components' shadow trees into snapshots as declarative shadow roots")
		userAgent     = fs.String("user-agent", "", "navigator.userAgent of renders (empty: the renderer's default)")
		crawlers      = fs.Bool("crawlers", false, "dynamic rendering: answer crawler user agents' page requests with snapshots")
		agents        listFlag
		addAgents     listFlag
		allow         listFlag
		allowPrivate  = fs.Bool("allow-private", false, "let renders reach private, loopback and link-local addresses (render service targets, and other hosts a proxied page calls)")
		snapshotDir   = fs.String("snapshot-dir", "", "`directory` of pre-generated snapshots served first")
		tokenEnv      = fs.String("invalidate-token-env", "BANGSNAP_INVALIDATE_TOKEN", "`name` of the environment variable holding the invalidation bearer token")
		shutdown      = fs.Duration("shutdown-timeout", 60*time.Second, "how long to wait for requests in flight on shutdown")
		logLevel      = fs.String("log-level", "info", "debug, info, warn or error")
	)
	fs.Var(&cacheBytes, "cache-size", "bound of the in-memory snapshot cache, e.g. 64MiB (0: no cache)")
	fs.Var(&scriptCache, "script-cache-size", "bound of the compiled-script cache, estimated from the scripts' lengths, e.g. 256MiB: more compiles the libraries of more sites once, less lowers the peak heap of heavy renders (0: no cache)")
	fs.Var(&agents, "crawler-agents", "comma-separated user-agent `tokens` replacing the built-in crawler list")
	fs.Var(&addAgents, "add-crawler-agents", "comma-separated user-agent `tokens` added to the crawler list")
	fs.Var(&allow, "allow", "comma-separated `origins` the render service may render (https://example.com, example.com, *.example.com); repeatable")
	if code, ok := fs.parse(args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fs.usageError(stderr, "unexpected arguments: "+strings.Join(fs.Args(), " "))
		return exitUsage
	}
	if *origin == "" && len(allow) == 0 {
		fs.usageError(stderr, "nothing to serve: give -origin, -allow, or both")
		return exitUsage
	}
	log, err := newLogger(stderr, *logLevel)
	if err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}
	var originURL *url.URL
	if *origin != "" {
		u, err := url.Parse(*origin)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			fs.usageError(stderr, fmt.Sprintf("bad -origin %q: want an absolute http or https URL", *origin))
			return exitUsage
		}
		originURL = u
	}
	if *snapshotDir != "" {
		if fi, err := os.Stat(*snapshotDir); err != nil || !fi.IsDir() {
			fs.usageError(stderr, fmt.Sprintf("bad -snapshot-dir %q: not a directory", *snapshotDir))
			return exitUsage
		}
	}

	crawlerList := server.DefaultCrawlers
	if agents != nil {
		crawlerList = agents
	}
	crawlerList = append(crawlerList[:len(crawlerList):len(crawlerList)], addAgents...)
	bangsnap.SetScriptCacheBytes(int64(scriptCache))
	cache := int64(cacheBytes)
	if cache == 0 {
		cache = -1
	}
	stw := *stale
	if stw == 0 {
		stw = -1
	}
	svc := server.New(server.Options{
		RenderOptions:        bangsnap.Options{Timeout: *renderTimeout, UserAgent: *userAgent, FetchImages: *fetchImages, FetchFonts: *fetchFonts, SkipStylesheets: *skipSheets, FormState: *formState, ShadowRoots: *shadowRoots},
		Concurrency:          *concurrency,
		QueueSize:            *queue,
		CacheBytes:           cache,
		TTL:                  *ttl,
		ShortTTL:             *shortTTL,
		StaleWhileRevalidate: stw,
		DynamicRendering:     *crawlers,
		Crawlers:             crawlerList,
		SnapshotDir:          *snapshotDir,
		InvalidateToken:      strings.TrimSpace(os.Getenv(*tokenEnv)),
		Targets:              server.TargetPolicy{Allow: allow, AllowPrivate: *allowPrivate},
		TrustForwardedProto:  *trustProto,
		Logger:               log,
	})
	var site http.Handler
	if originURL != nil {
		site = svc.NewProxy(originURL, server.ProxyOptions{PreserveHost: *preserveHost})
	}
	srv := server.NewServer(*listen, svc.Handler(site), svc)
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintf(stderr, "bangsnap serve: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(stdout, "bangsnap serve: listening on http://%s\n", ln.Addr())
	if originURL != nil {
		what := "_escaped_fragment_ URLs"
		if *crawlers {
			what += " and crawlers"
		}
		fmt.Fprintf(stdout, "  proxying %s (snapshots for %s)\n", originURL, what)
	}
	if len(allow) > 0 {
		fmt.Fprintf(stdout, "  render service for %s: GET /render?url=URL or GET /URL\n", strings.Join(allow, ", "))
	}
	if os.Getenv(*tokenEnv) != "" {
		fmt.Fprintf(stdout, "  invalidation: POST %s (token from $%s)\n", server.InvalidatePath, *tokenEnv)
	}
	return serveUntilDone(ctx, srv, ln, *shutdown, stderr)
}

// serveUntilDone serves on ln until ctx ends, then shuts srv down gracefully.
func serveUntilDone(ctx context.Context, srv *server.Server, ln net.Listener, grace time.Duration, stderr io.Writer) int {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintf(stderr, "bangsnap: %v\n", err)
		return exitFail
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-errc; err == nil {
		err = serr
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "bangsnap: shutdown: %v\n", err)
		return exitFail
	}
	return exitOK
}
