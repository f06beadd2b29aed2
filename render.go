package bangsnap

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime"
	"github.com/bangsnap/bangsnap/jsruntime/webapi/idb"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/serialize"
	"github.com/bangsnap/bangsnap/xhr"
)

// Options configure a Renderer. The zero value renders over the real network
// with default budgets.
type Options struct {
	// Handler, when set, answers every request of the render in process
	// (the page, its scripts, its XHR and fetch calls), with no network hop.
	Handler http.Handler
	// Transport carries requests when Handler is nil; nil means
	// xhr.DefaultTransport (http.DefaultTransport keeping 24 idle
	// connections per host, for the concurrent script loads of the next
	// render).
	Transport http.RoundTripper
	// Origins renders a site from another origin under its public URLs:
	// each request for a public origin it maps (the page, its scripts,
	// XHR and fetch, sheets, images) goes to the mapped origin (a staging
	// build, http://127.0.0.1:8080), while the page is rendered at the
	// public URL you give (location, document.URL, its base URL, cookies,
	// CORS, Referer and Origin are the public ones) and a redirect to the
	// mapped origin is seen on the public one. See xhr.OriginMap. Nil
	// maps nothing.
	Origins *xhr.OriginMap

	// UserAgent is navigator.userAgent and the User-Agent request header
	// (default: a Chrome-like agent ending in "bangsnap").
	UserAgent string
	// Viewport is the window size the page sees (innerWidth, screen,
	// matchMedia); zero fields take 1280x800 at device pixel ratio 1.
	Viewport Viewport
	// Header is added to every request the render makes, or, when
	// HeaderHosts is not empty, to the requests for those hosts only ("host"
	// or "host:port" as in a URL; a scheme's default port may be left out):
	// credentials given for a site never reach its CDNs or third parties.
	Header      http.Header
	HeaderHosts []string
	// Cookies seed the render's cookie jar; a cookie without a Domain is
	// set for the page's host.
	Cookies []*http.Cookie
	// LocalStorage and SessionStorage seed the page's storage areas (each
	// render starts from these and keeps its changes to itself).
	LocalStorage, SessionStorage map[string]string

	// Allow and Block are host patterns ("example.com" and its subdomains,
	// "*.example.com" only the subdomains) of the request policy for
	// cross-origin requests: a blocked host is never contacted; when Allow
	// is not empty only the page's origin and the allowed hosts are.
	// Common analytics and ad hosts are blocked unless allowed.
	Allow, Block []string

	// FetchImages fetches the page's images (requests of kind image, under
	// the same policy, cookies and report) so that their load and error
	// events and natural sizes follow the real responses. By default no
	// image is fetched: every image with a valid URL loads at once, sized by
	// its width and height attributes (else 1×1).
	FetchImages bool
	// FetchFonts fetches the @font-face files the page's rendered text
	// uses, as a browser does when it lays the page out: once the page is
	// parsed and after it changes. Those fetched before the load event
	// delay it, and text is then measured with the fonts' own metrics
	// (getBoundingClientRect, offsetWidth, canvas measureText), as scripts
	// measuring at load (masonry layouts, text fitting) see it in a
	// browser. By default only the faces a script loads or asks
	// document.fonts about are fetched, and other text is measured with
	// fallback fonts. SkipStylesheets turns it off.
	FetchFonts bool
	// SkipStylesheets fetches no external style sheet. By default the
	// sheets of <link rel=stylesheet> are fetched (requests of kind
	// stylesheet) as a browser does: getComputedStyle sees their rules,
	// so that script deciding what is shown from styles (jQuery's .show()
	// and :visible, toggles, carousels) decides as in a browser, and the
	// page's scripts wait for the sheets before them. Their @import rules
	// (and those of <style> elements) are fetched the same way, and so
	// are the font files of the faces a script loads or asks
	// document.fonts about (requests of kind font; no other font is
	// fetched), which this option skips too.
	SkipStylesheets bool

	// Timeout bounds the wall time of the page's run in one render
	// (default 30s): parsing its document, its scripts, their requests and
	// settling, counted from when the document has arrived, so that a slow
	// server does not eat the scripts' budget. When it runs out the
	// snapshot is partial. A Page's runs (Open, WaitIdle, each action)
	// have Timeout each.
	Timeout time.Duration
	// FetchTimeout bounds the request for the page's own document (the
	// connection, the headers and the whole body; default: Timeout, at
	// most the client's 30s request timeout). A document that has not
	// arrived by then fails the render with a *FetchError wrapping
	// context.DeadlineExceeded. Render so returns at the latest
	// FetchTimeout plus Timeout after it began, and a few seconds more
	// for a page stuck in a native call (ErrStuck).
	FetchTimeout time.Duration
	// VirtualLimit bounds the page's virtual time (default 60s) and
	// MaxTasks the number of tasks it runs (default 200000).
	VirtualLimit time.Duration
	MaxTasks     int
	// MemoryLimit bounds how much memory the page's scripts may grow the
	// process by (default 512 MiB; negative: no limit). A page growing past
	// it is stopped and its snapshot is partial with reason "memory"; a
	// builtin asked to allocate more than it at once (new ArrayBuffer(n),
	// "x".repeat(n)) throws a RangeError. The growth is sampled process-wide
	// every few milliseconds, so the limit is approximate: the allocation
	// that crosses it completes, and since concurrent renders count each
	// other's growth, each one running at the same time raises the limit by
	// an eighth of it.
	MemoryLimit int64
	// MaxRetryAfter lets a render wait for a busy site: when the page's own
	// request is answered 429 (Too Many Requests) or 503 (Service
	// Unavailable) with a Retry-After of at most this, the page is asked
	// for again once after that wait, which Timeout does not count
	// (Report.Retried says so). Zero, the default, passes such an answer
	// on as the snapshot's status, as a server answering its own client
	// must; Crawl and RenderSite wait up to 30s.
	MaxRetryAfter time.Duration
	// SettleHorizon: the page is quiet when no timer is due within this
	// much virtual time (default 5s).
	SettleHorizon time.Duration
	// Deterministic fixes the clock, seeds randomness and orders network
	// completions so that the same page and responses give the same bytes.
	Deterministic bool

	// KeepScripts keeps <script> elements in the snapshot; by default only
	// data blocks (JSON, templates) are kept.
	KeepScripts bool
	// KeepFragmentMeta keeps <meta name="fragment" content="!">, which the
	// snapshot drops by default (a crawler reading it from a snapshot would
	// ask for the snapshot's snapshot).
	KeepFragmentMeta bool
	// FormState writes the state of form controls a script set (a checked
	// radio of a tab set, a selected option, a typed value) into the
	// snapshot's markup, so that a crawler, and CSS such as :checked, see
	// what the page showed; never a password's value. By default the
	// snapshot is the DOM's serialization, as a browser's outerHTML, which
	// keeps the markup's defaults.
	FormState bool
	// ShadowRoots writes the shadow trees of the page's web components
	// (open and closed) into the snapshot as declarative shadow roots,
	// <template shadowrootmode="open"> first in each host, with the sheets
	// each adopted as <style> elements, so that content a page renders only
	// in shadow DOM (Lit, Stencil, Shoelace, Polymer sites) is in the
	// markup a crawler reads, and browsers showing the snapshot attach the
	// roots again. By default the snapshot is the light DOM, as a
	// browser's outerHTML and --dump-dom write it.
	ShadowRoots bool

	// Logger receives the render's diagnostics; nil means slog.Default().
	Logger *slog.Logger
	// LogConsole forwards the page's console messages to Logger (at the
	// matching level) besides recording them in the Report.
	LogConsole bool
}

// A Viewport is the size of the window the page is shown in, in CSS pixels.
type Viewport struct {
	Width, Height    int
	DevicePixelRatio float64
}

// defaultViewport is the viewport of the zero Options: a common laptop
// window, the size the Chromium reference of the app tests uses.
var defaultViewport = Viewport{Width: 1280, Height: 800, DevicePixelRatio: 1}

// Defaults of the zero Options.
const (
	DefaultTimeout = 30 * time.Second
	// maxConsole and maxErrors bound what one render records.
	maxConsole = 1000
	maxErrors  = 100
)

// A Renderer renders pages with one configuration and shares what can be
// shared between renders: fetched script bodies (with HTTP caching rules)
// and, process-wide, compiled scripts and bundled modules. Each render has its
// own JavaScript runtime, event loop, cookie jar and storage, so renders
// cannot see each other's state. A Renderer is safe for concurrent use.
type Renderer struct {
	opts       Options
	log        *slog.Logger
	scripts    *xhr.ScriptCache
	stuckGrace time.Duration
	// idb is the IndexedDB a Page carries to the next document of its
	// origin (page_nav.go); nil gives each render an empty one.
	idb *idb.Engine
}

// SetScriptCacheBytes bounds the memory of the process-wide cache of
// compiled scripts, which all Renderers share (so that renders of pages
// using the same libraries compile them once), and returns the previous
// bound (default 128 MiB; 0 keeps no script, negative restores the
// default). The size of a compiled script is estimated from its length
// (about 12 bytes per byte of minified source); the least recently used
// go first. What the cache keeps stays in the process's live heap, which
// paces the garbage collector: a render's heap may grow by about as much
// before a collection, so a lower bound lowers the peak memory of heavy
// renders at the cost of compiling again the scripts of pages not
// rendered lately.
func SetScriptCacheBytes(n int64) int64 { return jsruntime.SetProgramCacheBytes(n) }

// DropSharedCaches empties the process-wide caches every Renderer shares
// (compiled scripts, parsed sheets, compiled RegExp patterns, bundled and
// lowered modules), keeping their bounds: the process's live heap is then
// that of one which has rendered nothing yet, as for a server moving on
// to other sites. A Renderer's own cache of fetched script bodies is not
// touched (a new Renderer has none). Renders running meanwhile are
// unaffected but for compiling again.
func DropSharedCaches() {
	jsruntime.DropSharedCaches()
	bundler().Drop()
}

// DefaultScriptCacheBytes is the default bound of SetScriptCacheBytes.
const DefaultScriptCacheBytes = jsruntime.DefaultProgramCacheBytes

// NewRenderer returns a Renderer for opts.
//
// The first NewRenderer of a process starts compiling, on a goroutine of
// its own, the built-in JavaScript every page runs (about 1.3 MB), so that
// a server's first page or a command's only one finds it ready or nearly
// so when its document arrives.
func NewRenderer(opts Options) *Renderer {
	warmOnce.Do(func() { go jsruntime.Warm() })
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.FetchTimeout <= 0 {
		opts.FetchTimeout = opts.Timeout
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Renderer{opts: opts, log: log, scripts: xhr.NewScriptCache(xhr.DefaultScriptCacheBytes), stuckGrace: stuckGrace}
}

// warmOnce starts jsruntime.Warm once per process.
var warmOnce sync.Once

// Render renders the page at rawURL with a Renderer made for opts. Use a
// Renderer to render many pages: it shares fetched scripts between them.
func Render(ctx context.Context, rawURL string, opts Options) (*Snapshot, error) {
	return NewRenderer(opts).Render(ctx, rawURL)
}

// Render renders the page at rawURL, which may be a pretty (#!), ugly
// (_escaped_fragment_) or plain URL. An ugly URL is rendered as its pretty
// URL, so the page finds its #! state in location.hash; the meta-fragment form
// (?_escaped_fragment_= with no value) is rendered as the URL without it.
//
// The snapshot's Status is the origin's status for the page (an error page
// is rendered too), unless the page chose another with
// <meta name="prerender-status-code">. A redirect of the page itself is not
// followed: the snapshot then has the redirect's status, its Location
// header (as the origin sent it) and no HTML.
//
// A budget running out is not an error: the snapshot is marked partial in
// its Report. Errors are a *mapping.URLError for a URL that breaks the
// scheme's rules, ErrScheme for a URL that is not http(s), a *FetchError when
// the page cannot be fetched or is not HTML (ErrNotHTML), ErrSnapshotTooLarge
// when the document serializes to more than 64 MiB, and ctx's error when
// ctx is canceled.
//
// With Options.MaxRetryAfter, a page answered 429 or 503 with a short
// enough Retry-After is asked for again once, after that wait.
//
// Render returns at the latest a few seconds after Options.FetchTimeout
// and Options.Timeout (the document's fetch, then the page's run), or
// after ctx ends, even when the page is stuck in a native call that cannot be
// interrupted (a huge JSON.stringify, a backtracking regular expression):
// the error is then ErrStuck, and the page's goroutine is abandoned to finish
// on its own.
func (r *Renderer) Render(ctx context.Context, rawURL string) (*Snapshot, error) {
	snap, err := r.renderWatched(ctx, rawURL, r.opts.MaxRetryAfter)
	var busy *busyAnswer
	if !errors.As(err, &busy) {
		return snap, err
	}
	r.log.Debug("render: waiting for Retry-After", "url", rawURL, "status", busy.status, "wait", busy.wait)
	if err := sleep(ctx, busy.wait); err != nil {
		return nil, err
	}
	snap, err = r.renderWatched(ctx, rawURL, 0)
	if snap != nil {
		snap.Report.Retried, snap.Report.RetryAfter = busy.status, busy.wait
	}
	return snap, err
}

// A busyAnswer is the page's 429 or 503 answer with a Retry-After of at
// most Options.MaxRetryAfter: Render waits and asks again.
type busyAnswer struct {
	status int
	wait   time.Duration
}

func (b *busyAnswer) Error() string {
	return fmt.Sprintf("bangsnap: status %d, Retry-After %v", b.status, b.wait)
}

// renderWatched is one render of rawURL on a goroutine of its own, given up
// as stuck when it runs past its budget; a busy answer whose Retry-After is
// at most maxRetryAfter ends it with a *busyAnswer.
func (r *Renderer) renderWatched(ctx context.Context, rawURL string, maxRetryAfter time.Duration) (*Snapshot, error) {
	type result struct {
		snap *Snapshot
		err  error
	}
	// The page runs on a goroutine of its own, so that a page stuck where
	// the loop cannot interrupt it does not hold the caller forever.
	done := make(chan result, 1)
	// The render says when its document arrived and its run's budget
	// began; until then the watchdog allows for the whole fetch budget.
	running := make(chan time.Time, 1)
	go func() {
		snap, err := r.render(ctx, rawURL, maxRetryAfter, running)
		done <- result{snap, err}
	}()
	watchdog := time.NewTimer(r.opts.FetchTimeout + r.opts.Timeout + r.stuckGrace)
	defer watchdog.Stop()
wait:
	for {
		select {
		case res := <-done:
			return res.snap, res.err
		case deadline := <-running:
			watchdog.Reset(time.Until(deadline) + r.stuckGrace)
		case <-watchdog.C:
			break wait
		case <-ctx.Done():
			// The loop stops running JavaScript at once when ctx ends.
			grace := time.NewTimer(r.stuckGrace)
			defer grace.Stop()
			select {
			case res := <-done:
				return res.snap, res.err
			case <-grace.C:
			}
			break wait
		}
	}
	r.log.Error("render stuck: abandoned", "url", rawURL, "timeout", r.opts.Timeout)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrStuck, rawURL, ctx.Err())
	}
	return nil, fmt.Errorf("%w: %s: still running %v after its %v budget", ErrStuck, rawURL, r.stuckGrace, r.opts.Timeout)
}

// stuckGrace is how long Render waits past a render's budget (or ctx's end)
// before giving the render up as stuck.
const stuckGrace = 5 * time.Second

// ErrStuck reports a render abandoned because its page did not stop at the
// end of its budget: it is inside a native call the loop cannot interrupt.
var ErrStuck = errors.New("bangsnap: render stuck in a call that cannot be interrupted; abandoned")

// render is one render on the calling goroutine.
// Its run's deadline is sent on running once the document has arrived.
func (r *Renderer) render(ctx context.Context, rawURL string, maxRetryAfter time.Duration, running chan<- time.Time) (snap *Snapshot, err error) {
	start := time.Now()
	defer r.recoverPanic(rawURL, &err)
	s, err := r.open(ctx, rawURL, running, maxRetryAfter)
	if err != nil {
		return nil, err
	}
	defer s.close()
	if s.redirect() {
		return s.redirectSnapshot(start), nil
	}
	if err := s.run(ctx); err != nil {
		return nil, err
	}
	snap, err = s.snapshot(start)
	if err == nil {
		rep := &snap.Report
		r.log.Debug("render", "url", snap.URL, "status", snap.Status, "reason", rep.Reason, "errors", len(rep.Errors),
			"requests", len(rep.Requests), "wall", rep.Timings.Total, "virtual", rep.Timings.Virtual)
	}
	return snap, err
}

// ErrInternal reports a bug of bangsnap met while rendering a page (a Go
// panic, recovered so that one page cannot bring a server down). The panic
// and its stack are logged.
var ErrInternal = errors.New("bangsnap: internal error")

// recoverPanic turns a panic of the render of rawURL into ErrInternal.
func (r *Renderer) recoverPanic(rawURL string, err *error) {
	if v := recover(); v != nil {
		r.log.Error("render panicked", "url", rawURL, "panic", v, "stack", string(debug.Stack()))
		*err = fmt.Errorf("%w rendering %s: %v", ErrInternal, rawURL, v)
	}
}

// snapshot serializes the document and fills the Snapshot.
func (s *session) snapshot(start time.Time) (*Snapshot, error) {
	t := time.Now()
	buf := cappedBuffer{max: maxSnapshotBytes}
	buf.Grow(min(len(s.origin.text)+len(s.origin.text)/2, maxSnapshotBytes))
	if err := serialize.Document(&buf, s.doc, serialize.Options{KeepScripts: s.r.opts.KeepScripts, KeepFragmentMeta: s.r.opts.KeepFragmentMeta, FormState: s.r.opts.FormState, ShadowRoots: s.r.opts.ShadowRoots, StyleText: s.styleText(), AdoptedStyles: s.adoptedStyles()}); err != nil {
		return nil, errors.Join(errors.New("bangsnap: serializing the snapshot"), err)
	}
	s.report.Timings.Serialize = time.Since(t)
	meta := readPageMeta(s.doc)
	snap := &Snapshot{
		HTML:   buf.Bytes(),
		Status: s.origin.status,
		Header: http.Header{"Content-Type": {"text/html; charset=utf-8"}},
		URL:    s.target.pretty,
	}
	if s.doc.IsXML() {
		// Serialized as XML: served as the page was (application/xhtml+xml).
		snap.Header.Set("Content-Type", s.origin.mime+"; charset=utf-8")
	}
	if meta.status != 0 {
		snap.Status = meta.status
	}
	for k, vs := range meta.header {
		if k == "Content-Type" {
			snap.Header[k] = vs[:1]
			continue
		}
		snap.Header[k] = append(snap.Header[k], vs...)
	}
	s.report.Timings.Total = time.Since(start)
	snap.Report = s.finishReport()
	return snap, nil
}

// styleText is the snapshot's serialize.Options.StyleText: the rules
// script inserted into a <style> element's sheet through the CSSOM
// (insertRule, as Emotion, styled-components and other CSS-in-JS libraries
// do in production builds) are in no text node, so a snapshot written
// from the tree alone would show the page unstyled: content those rules
// hide visible, their text transforms lost.
func (s *session) styleText() func(*dom.Node) (string, bool) {
	if s.win == nil {
		return nil
	}
	return s.win.EditedStyleText
}

// adoptedStyles is the snapshot's serialize.Options.AdoptedStyles: the
// constructed sheets the document adopted (a CSS module script's, Lit's
// and other libraries' adoptedStyleSheets), which are in no element and
// would otherwise be lost, and those of shadow roots when they are written.
func (s *session) adoptedStyles() func(*dom.Node) []dom.AdoptedStyle {
	if s.win == nil {
		return nil
	}
	return s.win.AdoptedStyles
}

// maxSnapshotBytes bounds a snapshot. Crawlers read much less (Googlebot
// the first 15 MB of an HTML file); a page that grows its document past
// this (text appended in a loop until a budget ends) would otherwise cost
// seconds of serializing and hundreds of MB of output.
const maxSnapshotBytes = 64 << 20

// A cappedBuffer is a bytes.Buffer that refuses to grow past max bytes.
type cappedBuffer struct {
	bytes.Buffer
	max int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		return 0, ErrSnapshotTooLarge
	}
	return b.Buffer.Write(p)
}

func (b *cappedBuffer) WriteString(s string) (int, error) {
	if b.Len()+len(s) > b.max {
		return 0, ErrSnapshotTooLarge
	}
	return b.Buffer.WriteString(s)
}

// redirectSnapshot answers for a page whose origin redirected it.
func (s *session) redirectSnapshot(start time.Time) *Snapshot {
	s.report.Reason = loop.ReasonQuiescent
	s.report.Timings.Total = time.Since(start)
	return &Snapshot{
		Status: s.origin.status,
		Header: http.Header{"Location": {s.origin.header.Get("Location")}},
		URL:    s.target.pretty,
		Report: s.finishReport(),
	}
}
