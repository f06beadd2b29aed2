package bangsnap

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xslt"
	"github.com/bangsnap/bangsnap/jsruntime"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/xhr"
)

// bundler bundles module scripts and lowers syntax goja lacks, with caches
// keyed by content, for every render of the process.
var bundler = sync.OnceValue(func() *webapi.Bundler { return webapi.NewBundler(0) })

// A session is one page being rendered: its requests, document, runtime,
// loop and window, and the report collected so far. Render uses one for a
// single trip; Open keeps one alive as a Page. Everything but open and close
// runs on the goroutine driving the page's loop.
type session struct {
	r        *Renderer
	log      *slog.Logger
	target   target
	origin   *document
	deadline time.Time // of the render's run (Render) or zero (Page)
	start    time.Time // when open began: Request.Start counts from here

	ctx    context.Context // the page's life: requests end when it does
	cancel context.CancelFunc
	client *xhr.Client
	doc    *dom.Document
	stream *dom.StreamParser    // parses doc as its scripts run
	xml    *dom.XMLStreamParser // the same for an XML document
	loop   *loop.Loop
	win    *jsruntime.Window
	local  *webapi.StorageArea
	sess   *webapi.StorageArea

	scripts *scriptLoads // the page's script fetches (preload.go)

	// xslt: the page was an XML document an xml-stylesheet instruction
	// transformed (xslt.go); the window adds Chromium's banner.
	xslt bool

	report  Report
	console int // console messages seen (recorded or not)
	errs    int // script errors seen

	// mouse is the state of the user's mouse that Page actions keep
	// between them ({over: the element it is over}), an object of the
	// page's runtime the page never sees; nil until the first action.
	mouse *goja.Object

	runStart    time.Time
	loaded      bool          // the window's load event fired
	loadWall    time.Duration // wall time from the start of the run to load
	loadVirtual time.Duration // virtual time at load
}

// open resolves rawURL, fetches and parses the page and binds its window.
// For a redirect the session holds only the origin's answer. A 429 or 503
// answer with a Retry-After of at most maxRetryAfter is a *busyAnswer.
// The document's request has Options.FetchTimeout; for a Render (running
// not nil) the run's budget, Options.Timeout, starts when the document has
// arrived, and its deadline is sent on running.
func (r *Renderer) open(ctx context.Context, rawURL string, running chan<- time.Time, maxRetryAfter time.Duration) (*session, error) {
	t, err := resolveTarget(rawURL)
	if err != nil {
		return nil, err
	}
	s := &session{r: r, log: r.log, target: t, start: time.Now()}
	// The session's context outlives this call (a Page lives on) but not
	// the caller's cancellation of a Render; close cancels it.
	s.ctx, s.cancel = context.WithCancel(context.WithoutCancel(ctx))
	s.client = xhr.NewClient(xhr.ClientOptions{
		Transport:   r.transport(),
		Origins:     r.opts.Origins,
		Jar:         xhr.NewJar(s.now),
		Now:         s.now,
		UserAgent:   r.userAgent(),
		Header:      r.opts.Header,
		HeaderHosts: r.opts.HeaderHosts,
		Policy:      xhr.Policy{Allow: r.opts.Allow, Deny: r.opts.Block, Resources: resourceKinds(r.opts)},
		ScriptCache: r.scripts,
		StartOrder:  r.opts.Deterministic,
		Logger:      r.log,
	})
	if len(r.opts.Cookies) > 0 {
		// Copies: the seeds are shared by concurrent renders.
		cs := make([]*http.Cookie, len(r.opts.Cookies))
		for i, c := range r.opts.Cookies {
			cc := *c
			cs[i] = &cc
		}
		s.client.Jar().SetCookies(t.doc, cs)
	}

	fetchStart := time.Now()
	fctx, cancelFetch := context.WithTimeout(ctx, r.opts.FetchTimeout)
	s.origin, err = fetchDocument(fctx, s.client, t.doc, maxRetryAfter)
	timedOut := ctx.Err() == nil && fctx.Err() != nil
	cancelFetch()
	s.report.Timings.Fetch = time.Since(fetchStart)
	if err != nil {
		s.cancel()
		if timedOut {
			return nil, &FetchError{URL: t.doc.String(), Err: fmt.Errorf("timed out after %v: %w", r.opts.FetchTimeout, context.DeadlineExceeded)}
		}
		return nil, err
	}
	// The run's budget starts now: the page's parsing, scripts and
	// subresources get all of it, however long its server took.
	rctx := ctx
	if running != nil {
		s.deadline = time.Now().Add(r.opts.Timeout)
		running <- s.deadline
		var cancel context.CancelFunc
		rctx, cancel = context.WithDeadline(ctx, s.deadline)
		defer cancel()
	}
	s.client.SetDocumentURL(s.origin.url)
	if s.redirect() {
		return s, nil
	}
	s.startPreloads()

	// A page with scripts is parsed as they run (see
	// jsruntime.Window.ParseWith): Timings.Parse is then the time to the
	// end of the first script, the rest of the parsing counts in Scripts.
	parseStart := time.Now()
	empty := false
	if s.origin.xml {
		if pi, ok := xslt.FindPagePI(s.origin.text); ok {
			empty = !s.transformPage(rctx, pi)
		}
	}
	if empty {
		// Chromium's parser stopped at the instruction and the
		// transformation did not happen: the document has no element.
		s.doc = dom.NewXMLDocument()
		s.doc.SetContentType(s.origin.mime)
	} else if s.origin.xml {
		// An XML document (XHTML): the XML parser inserts each node as it
		// goes and stops at each script's end tag (bind hands it to the
		// window); well-formedness errors end it with a parsererror.
		s.xml = dom.NewXMLStreamParser(s.origin.text)
		s.doc = s.xml.Document()
		s.doc.SetContentType(s.origin.mime)
	} else if !dom.HasScriptTag(s.origin.text) {
		s.doc, err = dom.ParseWithOptions(strings.NewReader(s.origin.text), dom.ParseOptions{FormPointer: true})
	} else if s.stream, err = dom.NewStreamParser(s.origin.text, dom.ParseOptions{}); err == nil {
		s.stream.ParseUntilScript()
		s.doc = s.stream.Document()
	} else {
		s.doc, err = dom.ParseWithOptions(strings.NewReader(s.origin.text), dom.ParseOptions{FormPointer: true})
	}
	if err != nil {
		s.cancel()
		return nil, fmt.Errorf("bangsnap: parsing %s: %w", t.doc, err)
	}
	s.doc.SetURL(s.origin.url)
	s.doc.SetCharacterSet(s.origin.charset)
	if l := s.origin.header.Get("Content-Language"); l != "" {
		s.doc.SetHTTPLanguage(l)
	}
	if t, ok := xhr.ParseHTTPDate(s.origin.header.Get("Last-Modified")); ok {
		s.doc.SetLastModified(t)
	}
	bindStart := time.Now()
	s.report.Timings.Parse = bindStart.Sub(parseStart)
	if err := s.bind(ctx); err != nil {
		s.close()
		return nil, err
	}
	s.report.Timings.Bind = time.Since(bindStart)
	return s, nil
}

// redirectTarget returns the URL a redirect of the page leads to: Location
// resolved against the page's URL, with the page's fragment (its #! state)
// when Location has none.
// https://fetch.spec.whatwg.org/#concept-http-redirect-fetch (step 12)
func (s *session) redirectTarget() (string, bool) {
	loc, err := s.origin.url.Parse(s.origin.header.Get("Location"))
	if err != nil || (loc.Scheme != "http" && loc.Scheme != "https") {
		return "", false
	}
	next := loc.String()
	if loc.Fragment == "" && loc.RawFragment == "" {
		if _, frag, ok := strings.Cut(s.target.pretty, "#"); ok {
			next, _, _ = strings.Cut(next, "#")
			next += "#" + frag
		}
	}
	return next, true
}

// redirect reports whether the origin answered the page with a redirect.
func (s *session) redirect() bool {
	return s.doc == nil && isRedirect(s.origin.status)
}

// userAgent is navigator.userAgent and the User-Agent of every request,
// the same as in a browser.
func (r *Renderer) userAgent() string {
	if r.opts.UserAgent != "" {
		return r.opts.UserAgent
	}
	return jsruntime.DefaultUserAgent
}

func (r *Renderer) transport() http.RoundTripper {
	if r.opts.Handler != nil {
		return xhr.HandlerTransport{Handler: r.opts.Handler}
	}
	return r.opts.Transport
}

// now is the page's clock once its loop exists (cookie expiry is measured
// in page time), the wall clock before.
func (s *session) now() time.Time {
	if s.loop != nil {
		return s.loop.Now()
	}
	return time.Now()
}

// navigationTime is the nominal time the navigation took before the
// page's first scripts run: their performance.now(), after the navigation
// entry's responseStart, as in a browser (web-vitals' onTTFB compares them).
// The same in every render, so deterministic renders stay deterministic.
const navigationTime = 20 * time.Millisecond

// virtual is the virtual time the page has run (since its first scripts).
func (s *session) virtual() time.Duration { return s.loop.Elapsed() - navigationTime }

// bind creates the page's runtime, loop and window.
func (s *session) bind(ctx context.Context) error {
	o := &s.r.opts
	s.loop = loop.New(goja.New(), loop.Options{
		Navigation:    navigationTime,
		WallLimit:     s.wallLimit(ctx),
		Deterministic: o.Deterministic,
		SettleHorizon: o.SettleHorizon,
		VirtualLimit:  o.VirtualLimit,
		MaxTasks:      o.MaxTasks,
		MemoryLimit:   o.MemoryLimit,
		OnError:       func(err error) { s.win.ReportError(err) },
		Ready:         s.prerenderReady,
	})
	s.local, s.sess = webapi.NewStorageArea(0), webapi.NewStorageArea(0)
	if err := seedStorage(s.local, o.LocalStorage); err != nil {
		return fmt.Errorf("bangsnap: seeding localStorage: %w", err)
	}
	if err := seedStorage(s.sess, o.SessionStorage); err != nil {
		return fmt.Errorf("bangsnap: seeding sessionStorage: %w", err)
	}
	vp := o.Viewport
	if vp.Width <= 0 {
		vp.Width = defaultViewport.Width
	}
	if vp.Height <= 0 {
		vp.Height = defaultViewport.Height
	}
	if vp.DevicePixelRatio <= 0 {
		vp.DevicePixelRatio = defaultViewport.DevicePixelRatio
	}
	ua := s.r.userAgent()
	b := bundler()
	w, err := jsruntime.New(s.loop, s.doc, jsruntime.Config{
		URL:    runtimeURL(s.target.pretty),
		Loader: pageScripts{s},
		Bundle: b.BundleModule,
		BundleImports: func(ctx context.Context, u string, source []byte, imports *webapi.ImportMap, load func(context.Context, string) ([]byte, error)) (string, error) {
			return b.Bundle(ctx, webapi.ModuleEntry{URL: u, Source: source, ImportMap: imports, Lazy: true}, load)
		},
		ImportChunk: func(ctx context.Context, u string, source []byte, loaded []string, imports *webapi.ImportMap, load func(context.Context, string) ([]byte, error)) (string, error) {
			return b.Bundle(ctx, webapi.ModuleEntry{URL: u, Source: source, ImportMap: imports, Loaded: loaded}, load)
		},
		Lower:          b.Lower,
		LowerSourceMap: b.LowerSourceMap,
		ShareText:      b.ShareText,
		UserAgent:      ua,
		Viewport:       jsruntime.Viewport(vp),
		OnError:        s.onScriptError,
		Cookies:        docCookies{s},
		OnNavigate:     s.onNavigate,
		Console:        s.onConsole,
		Images:         s.imageLoader(o.FetchImages),
		Stylesheets:    s.stylesheetLoader(o.SkipStylesheets),
		Fonts:          s.fontLoader(o.SkipStylesheets),
		UsedFonts:      o.FetchFonts,
		XSLT:           s.loadXSLT,
		Logger:         s.log,
		IndexedDB:      s.r.idb,
		// The document's Content Security Policy (Trusted Types).
		CSP:           s.origin.header.Values("Content-Security-Policy"),
		CSPReportOnly: s.origin.header.Values("Content-Security-Policy-Report-Only"),
		Extensions: []func(*jsruntime.Window) error{func(w *jsruntime.Window) error {
			return webapi.Install(w.Realm(), w.Global(), webapi.Config{
				Host:           w.Loop(),
				Console:        s.onConsole,
				Logger:         s.log,
				Navigator:      webapi.Navigator{UserAgent: ua},
				Viewport:       webapi.Viewport(vp),
				LocalStorage:   s.local,
				SessionStorage: s.sess,
				OnStorageChange: func(c webapi.StorageChange) {
					w.StorageChanged(c.Local, c.Key, c.OldValue, c.NewValue)
				},
				Intersect:    w.FlowIntersect,
				WatchLayout:  w.WatchLayout,
				Sockets:      s.sockets(w),
				EventStreams: s.eventStreams(w),
				// The document's connect-src (jsruntime/csp.go).
				ConnectAllowed: w.ConnectAllowed,
			})
		}, jsruntime.NetworkExtension(s.client)},
	})
	if err != nil {
		return fmt.Errorf("bangsnap: binding the page: %w", err)
	}
	s.win = w
	if s.stream != nil {
		w.ParseWith(s.stream)
	}
	if s.xml != nil {
		w.ParseXMLWith(s.xml)
	}
	if s.xslt {
		w.AddXSLTBanner()
	}
	w.AddEventListener("load", dom.ListenerFunc(func(*dom.Event) {
		if !s.loaded {
			s.loaded = true
			s.scripts.loadComplete()
			s.loadWall = max(time.Since(s.runStart), 1)
			s.loadVirtual = s.virtual()
		}
	}), dom.ListenerOptions{})
	return nil
}

// sockets is the page's WebSocket transport: none in deterministic mode,
// where a live server's messages, which come when they come, would make
// the snapshot depend on real timing (each WebSocket fails at once there).
func (s *session) sockets(w *jsruntime.Window) webapi.Sockets {
	if s.r.opts.Deterministic {
		return nil
	}
	return w.Sockets(s.client)
}

// eventStreams is the page's EventSource transport: none in deterministic
// mode, for the same reason as sockets (each EventSource fails at once).
func (s *session) eventStreams(w *jsruntime.Window) webapi.EventStreams {
	if s.r.opts.Deterministic {
		return nil
	}
	return w.EventStreams(s.client)
}

func seedStorage(a *webapi.StorageArea, m map[string]string) error {
	for k, v := range m {
		if err := a.Set(k, v); err != nil {
			return err
		}
	}
	return nil
}

// pageScripts is the window's script loader (a
// jsruntime.OrderedScriptLoader): it fetches an external script (on its
// own goroutine), joining its preload or an earlier load of the same URL
// (preload.go). A response that is not a success is a load failure: the
// script's error event fires. A fetch of its own has the place in the
// request record that the window took, on the loop, when the load began.
// https://html.spec.whatwg.org/multipage/scripting.html#fetch-a-classic-script
type pageScripts struct{ s *session }

func (p pageScripts) ScriptTicket() uint64 { return p.s.client.Ticket() }

func (p pageScripts) LoadScript(ctx context.Context, rawURL string) ([]byte, error) {
	return p.s.scripts.load(ctx, rawURL, 0)
}

func (p pageScripts) LoadScriptTicket(ctx context.Context, rawURL string, ticket uint64) ([]byte, error) {
	return p.s.scripts.load(ctx, rawURL, ticket)
}

// LoadScriptTyped is LoadScriptTicket with the response's headers
// (jsruntime.TypedScriptLoader: the scripts' MIME type checks).
func (p pageScripts) LoadScriptTyped(ctx context.Context, rawURL string, ticket uint64) (jsruntime.ScriptResponse, error) {
	return p.s.scripts.loadTyped(ctx, rawURL, ticket)
}

// PreloadScriptTyped is jsruntime.ScriptPreloader: the fetch of a
// <link rel=modulepreload>, kept as a preload for the next load of the URL
// (preload.go).
func (p pageScripts) PreloadScriptTyped(ctx context.Context, rawURL string, ticket uint64) (jsruntime.ScriptResponse, error) {
	return p.s.scripts.preloadTyped(ctx, rawURL, ticket)
}

// prerenderReady is the loop's extra quiescence condition: a page that sets
// window.prerenderReady = false is not done until it sets it to true.
func (s *session) prerenderReady() bool {
	if s.win == nil {
		return true
	}
	v := s.win.Global().Get("prerenderReady")
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return true
	}
	return v.ToBoolean()
}

func (s *session) onScriptError(e jsruntime.ScriptError) {
	s.errs++
	if len(s.report.Errors) < maxErrors {
		s.report.Errors = append(s.report.Errors, ScriptError{Message: e.Message, Source: e.Source, Line: e.Line, Column: e.Column, Stack: e.Stack})
	}
	s.log.Debug("script error", "url", s.target.pretty, "msg", e.Message, "source", e.Source, "line", e.Line, "column", e.Column)
}

func (s *session) onConsole(level, msg string) {
	s.console++
	if len(s.report.Console) < maxConsole {
		s.report.Console = append(s.report.Console, ConsoleEntry{Level: level, Message: msg})
	}
	if s.r.opts.LogConsole {
		lv := slog.LevelInfo
		switch level {
		case "warn":
			lv = slog.LevelWarn
		case "error":
			lv = slog.LevelError
		case "debug", "trace":
			lv = slog.LevelDebug
		}
		s.log.Log(s.ctx, lv, msg, "console", level, "url", s.target.pretty)
	}
}

func (s *session) onNavigate(u string) {
	s.report.Navigations = append(s.report.Navigations, u)
}

// docCookies backs document.cookie with the render's cookie jar, for the
// page's current URL.
type docCookies struct{ s *session }

func (c docCookies) Cookie() string {
	if u := c.s.pageURL(); u != nil {
		return c.s.client.Cookies(u)
	}
	return ""
}

func (c docCookies) SetCookie(v string) {
	if u := c.s.pageURL(); u != nil {
		c.s.client.SetCookieString(u, v)
	}
}

func (s *session) pageURL() *url.URL {
	if s.win == nil {
		return s.origin.url
	}
	u, err := url.Parse(s.win.URL())
	if err != nil {
		return s.origin.url
	}
	return u
}

// wallLimit is the wall-clock budget of each run of the loop: what is left
// of the render's Timeout (Render) or the Timeout itself (a Page's runs),
// ending a little before ctx's deadline so that a budget's end gives a
// partial snapshot rather than ctx's error.
func (s *session) wallLimit(ctx context.Context) time.Duration {
	wall := s.r.opts.Timeout
	if !s.deadline.IsZero() {
		wall = time.Until(s.deadline)
	}
	if d, ok := ctx.Deadline(); ok && time.Until(d)*9/10 < wall {
		wall = time.Until(d) * 9 / 10
	}
	return max(wall, time.Millisecond)
}

// run starts the page's scripts (the first time) and runs its loop until it
// is quiet or a budget ends; a budget's end is not an error, ctx's
// cancellation is.
func (s *session) run(ctx context.Context) error {
	s.runStart = time.Now()
	s.win.Start(s.ctx)
	res, err := s.loop.Run(ctx)
	if err != nil {
		return err
	}
	d := time.Since(s.runStart)
	t := &s.report.Timings
	if s.loadWall > 0 && t.Scripts == 0 {
		t.Scripts = s.loadWall
		t.Settle += d - s.loadWall
	} else if !s.loaded {
		t.Scripts += d
	} else {
		t.Settle += d
	}
	t.Virtual = s.virtual()
	t.VirtualScripts = s.loadVirtual
	if !s.loaded {
		t.VirtualScripts = t.Virtual
	}
	s.report.Partial, s.report.Reason, s.report.Pending = res.Partial, res.Reason, res.Pending
	s.report.Tasks += res.Tasks
	t.Busy += res.Busy
	return nil
}

// finishReport returns the report with the requests made so far.
func (s *session) finishReport() Report {
	rep := s.report
	if n := s.console - len(rep.Console); n > 0 {
		rep.Console = append(rep.Console, ConsoleEntry{Level: "warn", Message: fmt.Sprintf("bangsnap: %d more console messages not recorded", n)})
	}
	if n := s.errs - len(rep.Errors); n > 0 {
		rep.Errors = append(rep.Errors, ScriptError{Message: fmt.Sprintf("bangsnap: %d more script errors not recorded", n)})
	}
	recs := s.client.Records()
	rep.Requests = make([]Request, len(recs))
	for i, r := range recs {
		rep.Requests[i] = Request{
			Method: r.Method, URL: r.URL, Kind: r.Kind.String(), Status: r.Status, Bytes: r.Bytes,
			Start: r.Start.Sub(s.start), Duration: r.Duration, Blocked: r.Blocked, Cached: r.Cached, Error: r.Error,
		}
	}
	return rep
}

// close ends the page: requests still in flight are abandoned.
func (s *session) close() {
	s.cancel()
	if s.stream != nil {
		s.stream.Close()
	}
}
