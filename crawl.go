package bangsnap

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/mapping"
	"github.com/bangsnap/bangsnap/xhr"
)

// This file crawls a site the way a crawler of the AJAX crawling scheme did,
// to verify that the site implements the scheme:
// https://developers.google.com/webmasters/ajax-crawling/docs/specification

// CrawlOptions configure Crawl. The zero value crawls the start URLs' hosts
// over the real network: at most 100 URLs, 10 links deep, 2 requests at a
// time, 10s per request, obeying robots.txt for the token "bangsnap".
type CrawlOptions struct {
	// Handler, when set, answers every request of the crawl and of its
	// renders in process; else Transport (nil: http.DefaultTransport)
	// carries them.
	Handler   http.Handler
	Transport http.RoundTripper
	// Origins crawls a site from another origin under its public URLs
	// (see Options.Origins): give public start URLs; every request for a
	// mapped public origin — robots.txt, sitemaps, pages, ugly URLs, and
	// the renders' requests unless Render sets its own Origins — goes to
	// its mapped origin, and redirects to the mapped origin are seen on the
	// public one. Results, scope and Header's hosts are the public ones.
	Origins *xhr.OriginMap

	// MaxPages bounds the URLs visited, robots.txt and sitemaps not counted
	// (default 100). MaxDepth bounds how many links away from a start URL
	// the crawl goes (default 10; a start URL is at depth 0).
	MaxPages, MaxDepth int
	// Concurrency is how many URLs are checked at once (default 2).
	Concurrency int
	// Delay is the least time between the starts of two requests to one
	// host. A Crawl-delay of the host's robots.txt group raises it (capped
	// at 30s).
	Delay time.Duration
	// RequestTimeout bounds each request of the crawler, body included
	// (default 10s). Renders have their own budget, Render.Timeout.
	RequestTimeout time.Duration

	// Hosts are more hosts ("host" or "host:port") to crawl besides those
	// of the start URLs. Links to other hosts are counted, not followed.
	Hosts []string

	// UserAgent is the User-Agent of the crawler's requests (default a
	// crawler-like agent naming bangsnap-crawl); RobotsAgent is the product
	// token whose robots.txt group applies (default "bangsnap"; "Googlebot"
	// checks what the site tells Google). IgnoreRobots skips robots.txt.
	UserAgent, RobotsAgent string
	IgnoreRobots           bool

	// Header and Cookies go with every request of the crawl to the crawled
	// hosts (those of the start URLs, and Hosts), never to another host:
	// the crawler's own requests and, unless Render sets its own, those of
	// its renders (the page, its scripts, XHR and fetch). A cookie is sent
	// by name and value only. User-Agent is UserAgent's.
	Header  http.Header
	Cookies []*http.Cookie

	// NoRender skips rendering each #! state with bangsnap to compare the
	// site's snapshot with it (the no-cloaking check). MinSimilarity is the
	// least similarity of their visible text that passes (default 0.8).
	NoRender      bool
	MinSimilarity float64
	// Render configures those renders; when it has no Handler or Transport
	// it uses the crawl's, when it has no Origins the crawl's, and when it
	// has no Header and Cookies the crawl's, for the crawled hosts only
	// (Render.HeaderHosts). Its MaxRetryAfter defaults to 30s (negative:
	// a busy answer is not asked again).
	Render Options

	// NoSitemaps skips the sitemaps robots.txt names. By default they are
	// read (at most 5, and 5 more from each sitemap index) and the URLs
	// they list on the crawled hosts are checked, one link from the start.
	NoSitemaps bool

	// Logger receives the crawl's diagnostics; nil means slog.Default().
	Logger *slog.Logger
}

// Defaults of the zero CrawlOptions.
const (
	DefaultCrawlPages       = 100
	DefaultCrawlDepth       = 10
	DefaultCrawlConcurrency = 2
	DefaultCrawlTimeout     = 10 * time.Second
	DefaultRobotsAgent      = "bangsnap"
	DefaultCrawlUserAgent   = "Mozilla/5.0 (compatible; bangsnap-crawl/1.0; +https://github.com/bangsnap/bangsnap)"
	DefaultMinSimilarity    = 0.8
	// crawlMaxBody is how much of an answer the crawler reads (Googlebot
	// reads the first 15 MB of a page).
	crawlMaxBody = 15 << 20
	// crawlMaxDifferences bounds CrawlResult.Differences.
	crawlMaxDifferences = 5
)

// A CrawlKind says what a CrawlResult is about.
type CrawlKind string

const (
	// CrawlRobots is a host's robots.txt, read before its first URL.
	CrawlRobots CrawlKind = "robots"
	// CrawlPage is a URL without a #! state, requested as a crawler does
	// (no JavaScript) to find its links and whether it opts in with
	// <meta name="fragment" content="!">.
	CrawlPage CrawlKind = "page"
	// CrawlSitemap is a sitemap named by robots.txt: the URLs it lists are
	// checked; it must list #! URLs, not _escaped_fragment_ ones.
	CrawlSitemap CrawlKind = "sitemap"
	// CrawlSnapshot is a #! state (or an opted-in page): its ugly URL is
	// requested from the site, and the answer checked against bangsnap's
	// render of the pretty URL.
	CrawlSnapshot CrawlKind = "snapshot"
)

// A CrawlOutcome grades a check.
type CrawlOutcome string

const (
	CrawlOK   CrawlOutcome = "ok"
	CrawlWarn CrawlOutcome = "warn" // worth a look, but not a defect of the scheme
	CrawlFail CrawlOutcome = "fail" // the site does not implement the scheme right here
)

// A CrawlCheck is one verdict on a URL.
type CrawlCheck struct {
	// Name is one of "robots", "fetch", "status", "content-type",
	// "no-cloaking", "render", "links", "conditional", "size",
	// "fragment-meta", "redirect", "sitemap", "canonical".
	Name    string       `json:"name"`
	Outcome CrawlOutcome `json:"outcome"`
	Detail  string       `json:"detail,omitempty"`
}

// A CrawlResult is what Crawl found at one URL.
type CrawlResult struct {
	Kind CrawlKind `json:"kind"`
	// URL is the page (CrawlPage), the pretty URL (CrawlSnapshot: the
	// page's own URL for an opted-in page), or the robots.txt URL.
	URL string `json:"url"`
	// Fetched is the URL requested: for a snapshot, the ugly URL.
	Fetched string `json:"fetched"`
	// From is the page whose answer linked URL ("" for a start URL or a
	// robots.txt); Depth is the number of links from a start URL.
	From  string `json:"from,omitempty"`
	Depth int    `json:"depth"`

	Status      int           `json:"status,omitempty"`
	ContentType string        `json:"content_type,omitempty"`
	Bytes       int64         `json:"bytes"`
	Duration    time.Duration `json:"duration"` // of the request, in nanoseconds in JSON
	// Skipped says why URL was not requested (robots.txt disallows it).
	Skipped string `json:"skipped,omitempty"`

	// OptsIn: the page has <meta name="fragment" content="!">.
	OptsIn bool `json:"opts_in,omitempty"`
	// Links counts the distinct links of the answer: #! states, plain
	// same-site pages, other hosts, and links holding _escaped_fragment_.
	Links LinkCounts `json:"links"`

	// Similarity is how alike the visible text of the site's snapshot and
	// of bangsnap's render of the pretty URL are, from 0 to 1 (-1: not
	// compared). Differences are the first text blocks only one of them
	// shows ("missing: …" in the site's snapshot, "extra: …").
	Similarity  float64       `json:"similarity"`
	Differences []string      `json:"differences,omitempty"`
	RenderTime  time.Duration `json:"render_time,omitempty"`

	Checks []CrawlCheck `json:"checks"`
}

// LinkCounts counts the links of one answer by what they point at.
type LinkCounts struct {
	States int `json:"states"` // #! URLs
	Pages  int `json:"pages"`  // same-site URLs without #!
	Other  int `json:"other"`  // other hosts (not followed)
	Ugly   int `json:"ugly"`   // URLs holding _escaped_fragment_: a defect
}

// Failed reports whether a check of r failed.
func (r *CrawlResult) Failed() bool { return r.worst() == CrawlFail }

// Warned reports whether a check of r warned and none failed.
func (r *CrawlResult) Warned() bool { return r.worst() == CrawlWarn }

func (r *CrawlResult) worst() CrawlOutcome {
	w := CrawlOK
	for _, c := range r.Checks {
		switch {
		case c.Outcome == CrawlFail:
			return CrawlFail
		case c.Outcome == CrawlWarn:
			w = CrawlWarn
		}
	}
	return w
}

func (r *CrawlResult) check(name string, o CrawlOutcome, format string, args ...any) {
	r.Checks = append(r.Checks, CrawlCheck{Name: name, Outcome: o, Detail: fmt.Sprintf(format, args...)})
}

// ErrNoStart: Crawl was given no start URL.
var ErrNoStart = errors.New("bangsnap: crawl: no start URL")

// Crawl crawls a site as a crawler of the AJAX crawling scheme does, to
// verify that the site implements the scheme, and calls visit with what it
// found at each URL, one call at a time, in the order the checks end.
//
// For each host it first reads robots.txt (RFC 9309) and the sitemaps it
// names, whose URLs are checked like links (a sitemap listing
// _escaped_fragment_ URLs fails: it must list #! URLs). Plain URLs are
// requested without running JavaScript; their <a href> links (and <link
// rel=alternate hreflang>: the page in other languages) are followed
// when they stay on the start URLs' hosts (or Hosts): a #! link is a state,
// checked through its ugly URL; a page with <meta name="fragment"
// content="!"> is checked through ?_escaped_fragment_=. A link that already
// holds _escaped_fragment_ is a defect (pages must link pretty URLs) and is
// not followed. For each state the ugly URL's answer must be an HTML
// snapshot with the status the page itself shows, and its visible text must
// match what bangsnap renders for the pretty URL (a site must show crawlers
// what users see); a site that sends ETag or Last-Modified must answer a
// conditional request with 304. Links of the snapshots are followed too.
//
// An answer 429 or 503 with a Retry-After of at most 30s is asked again
// once after that wait (a "retry" warning says so): the crawler's requests,
// robots.txt's and the page's own request of each render.
//
// A check that fails is not an error: it is in the CrawlResult. Crawl
// returns an error for a start URL that is malformed or not http(s) (before
// any request), ctx's error when ctx ends, and visit's error, which stops the
// crawl.
func Crawl(ctx context.Context, start []string, opts CrawlOptions, visit func(CrawlResult) error) error {
	if len(start) == 0 {
		return ErrNoStart
	}
	c := newCrawler(opts)
	items, err := c.start(start)
	if err != nil {
		return err
	}
	if !opts.NoRender {
		c.startRenderer()
	}
	return c.run(ctx, items, func(r CrawlResult, _ *Snapshot) error { return visit(r) })
}

// start turns the start URLs into the first items and sets the crawl's
// scope: their hosts and Hosts.
func (c *crawler) start(start []string) ([]crawlItem, error) {
	var items []crawlItem
	for _, s := range start {
		it, err := crawlStartItem(s)
		if err != nil {
			return nil, err // it names the URL and the rule it breaks
		}
		c.scope[crawlHostKey(it.u)] = true
		items = append(items, it)
	}
	for _, h := range c.opts.Hosts {
		h = strings.ToLower(h)
		c.scope[h] = true
		// Either scheme's default port: "h:443" is the https site of h.
		c.scope[strings.TrimSuffix(strings.TrimSuffix(h, ":80"), ":443")] = true
	}
	return items, nil
}

// A crawlItem is one URL waiting to be checked.
type crawlItem struct {
	kind  CrawlKind
	url   string   // page URL (no fragment) or pretty URL
	u     *url.URL // url without its fragment
	depth int
	from  string
}

// crawlStartItem turns a start URL into the item to check first.
func crawlStartItem(s string) (crawlItem, error) {
	t, err := resolveTarget(s)
	if err != nil {
		return crawlItem{}, err
	}
	return crawlItemFor(t.pretty, t.doc), nil
}

// crawlItemFor is the item of an absolute http(s) URL (u is pretty without its
// fragment): a snapshot for a #! URL, a page for any other.
func crawlItemFor(pretty string, u *url.URL) crawlItem {
	if _, frag, ok := strings.Cut(pretty, "#"); ok && strings.HasPrefix(frag, "!") {
		return crawlItem{kind: CrawlSnapshot, url: pretty, u: u}
	}
	page := *u
	page.Fragment, page.RawFragment = "", ""
	return crawlItem{kind: CrawlPage, url: page.String(), u: &page}
}

// crawler is one crawl's state. Its fields other than hosts are only used
// by the goroutine of run.
type crawler struct {
	opts     CrawlOptions
	log      *slog.Logger
	client   *http.Client
	renderer *Renderer
	// renderStates renders each state instead of asking the site for its
	// snapshot (RenderSite).
	renderStates bool
	scope        map[string]bool // crawlHostKey of the hosts to crawl
	seen         map[string]bool // kind + URL of every item queued
	hosts        map[string]*crawlHost
	visited      int
}

func newCrawler(opts CrawlOptions) *crawler {
	if opts.MaxPages <= 0 {
		opts.MaxPages = DefaultCrawlPages
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = DefaultCrawlDepth
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = DefaultCrawlConcurrency
	}
	if opts.RequestTimeout <= 0 {
		opts.RequestTimeout = DefaultCrawlTimeout
	}
	if opts.UserAgent == "" {
		opts.UserAgent = DefaultCrawlUserAgent
	}
	if opts.RobotsAgent == "" {
		opts.RobotsAgent = DefaultRobotsAgent
	}
	if opts.MinSimilarity <= 0 {
		opts.MinSimilarity = DefaultMinSimilarity
	}
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	transport := opts.Transport
	if opts.Handler != nil {
		transport = &xhr.HandlerTransport{Handler: opts.Handler}
	}
	if transport == nil {
		transport = http.DefaultTransport
	}
	transport = opts.Origins.Transport(transport)
	c := &crawler{
		opts: opts,
		log:  log,
		client: &http.Client{
			Transport: transport,
			// A crawler sees redirects: the crawl queues their target.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		scope: map[string]bool{},
		seen:  map[string]bool{},
		hosts: map[string]*crawlHost{},
	}
	return c
}

// startRenderer makes the renderer of the crawl's renders, once its scope
// is known: the crawl's Header and Cookies go to the crawled hosts only.
func (c *crawler) startRenderer() {
	ro := c.opts.Render
	if ro.Handler == nil && ro.Transport == nil {
		ro.Handler, ro.Transport = c.opts.Handler, c.opts.Transport
	}
	if ro.Logger == nil {
		ro.Logger = c.log
	}
	if ro.Origins == nil {
		ro.Origins = c.opts.Origins
	}
	if ro.MaxRetryAfter == 0 {
		ro.MaxRetryAfter = crawlMaxRetryAfter
	}
	if ro.Header == nil && len(c.opts.Header) > 0 {
		ro.Header = c.opts.Header
		ro.HeaderHosts = slices.Sorted(maps.Keys(c.scope))
	}
	if ro.Cookies == nil {
		// A cookie without a Domain is set for the rendered page's host
		// only, and a crawl renders pages of its scope only; it is for
		// the whole site, whatever the page's path.
		for _, ck := range c.opts.Cookies {
			ro.Cookies = append(ro.Cookies, &http.Cookie{Name: ck.Name, Value: ck.Value, Quoted: ck.Quoted, Path: "/"})
		}
	}
	c.renderer = NewRenderer(ro)
}

// crawlHostKey is the host and port of u, lower-case, without a default port.
func crawlHostKey(u *url.URL) string {
	h := strings.ToLower(u.Host)
	switch {
	case u.Scheme == "http" && strings.HasSuffix(h, ":80"):
		h = h[:len(h)-3]
	case u.Scheme == "https" && strings.HasSuffix(h, ":443"):
		h = h[:len(h)-4]
	}
	return h
}

// crawlOrigin is u's scheme://host[:port], the scope of a robots.txt
// (RFC 9309 §2.3: each protocol and host has its own).
func crawlOrigin(u *url.URL) string { return u.Scheme + "://" + strings.ToLower(u.Host) }

// A crawlHost is one origin's robots.txt and politeness clock. Its robots
// field is written once, by the first item of the origin, before any other
// item of the origin starts (see run).
type crawlHost struct {
	mu      sync.Mutex // guards next
	robots  robotsAnswer
	policy  robotsPolicy
	delay   time.Duration
	next    time.Time // when the next request may start
	loading bool      // robots.txt is being fetched
	loaded  bool
}

// crawlDone is what one item's check gave back to run.
type crawlDone struct {
	result CrawlResult
	// snap is the render of a state, for RenderSite.
	snap *Snapshot
	// first holds, for an origin's first item, the results of its
	// robots.txt and sitemaps, to be visited before result.
	first  []CrawlResult
	links  []crawlItem
	origin string
}

// run checks items and what they link, at most Concurrency at a time. All
// scheduling happens on this goroutine; each check runs on its own.
func (c *crawler) run(ctx context.Context, start []crawlItem, visit func(CrawlResult, *Snapshot) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var queue []crawlItem
	for _, it := range start {
		if c.queue(&queue, it) {
			c.log.Debug("crawl: start", "url", it.url)
		}
	}
	done := make(chan crawlDone)
	inflight := 0
	var waiting []crawlItem // items whose origin's robots.txt is loading
	var err error
	for {
		// Start what may start: an item whose origin has no robots.txt yet
		// starts alone and loads it; the others of that origin wait.
		for err == nil && ctx.Err() == nil && inflight < c.opts.Concurrency && len(queue) > 0 && c.visited < c.opts.MaxPages {
			it := queue[0]
			queue = queue[1:]
			h := c.host(crawlOrigin(it.u))
			if h.loading {
				waiting = append(waiting, it)
				continue
			}
			loadRobots := !h.loaded
			if loadRobots {
				h.loading = true
			}
			c.visited++
			inflight++
			go func() { done <- c.checkItem(ctx, it, h, loadRobots) }()
		}
		if inflight == 0 {
			break
		}
		d := <-done
		inflight--
		if h := c.hosts[d.origin]; h.loading {
			h.loading, h.loaded = false, true
			queue = append(waiting, queue...)
			waiting = nil
		}
		if err != nil {
			continue // draining after an error
		}
		if ctx.Err() != nil {
			err = ctx.Err()
			cancel()
			continue
		}
		for _, f := range d.first {
			if err = visit(f, nil); err != nil {
				break
			}
		}
		if err == nil {
			err = visit(d.result, d.snap)
		}
		if err != nil {
			cancel()
			continue
		}
		for _, l := range d.links {
			if l.depth <= c.opts.MaxDepth {
				c.queue(&queue, l)
			}
		}
	}
	if err == nil {
		err = ctx.Err()
	}
	return err
}

// queue appends it to q unless it was queued before or is out of scope.
func (c *crawler) queue(q *[]crawlItem, it crawlItem) bool {
	if !c.scope[crawlHostKey(it.u)] {
		return false
	}
	key := string(it.kind) + " " + it.url
	if c.seen[key] {
		return false
	}
	c.seen[key] = true
	*q = append(*q, it)
	return true
}

func (c *crawler) host(origin string) *crawlHost {
	h := c.hosts[origin]
	if h == nil {
		h = &crawlHost{}
		c.hosts[origin] = h
	}
	return h
}

// checkItem checks one item; loadRobots says it is its origin's first.
func (c *crawler) checkItem(ctx context.Context, it crawlItem, h *crawlHost, loadRobots bool) crawlDone {
	d := crawlDone{origin: crawlOrigin(it.u)}
	if c.opts.Origins.MissesOrigin(it.u) {
		// A link to http:// of a site whose https:// origin is mapped
		// (or the reverse) would check the public site, not the build:
		// not requested, not even its robots.txt.
		d.result = CrawlResult{Kind: it.kind, URL: it.url, Fetched: it.url, From: it.from, Depth: it.depth, Similarity: -1,
			Skipped: "origin not mapped: Origins maps another origin of this host, so the public site itself would be asked"}
		return d
	}
	if loadRobots {
		d.first = append(d.first, *c.loadRobots(ctx, h, d.origin))
		if h.robots.file != nil && !c.opts.NoSitemaps {
			for _, sm := range h.robots.file.sitemaps[:min(len(h.robots.file.sitemaps), crawlMaxSitemaps)] {
				d.first, d.links = c.checkSitemap(ctx, h, d.origin, sm, 0, d.first, d.links)
			}
		}
	}
	var links []crawlItem
	switch {
	case it.kind == CrawlSnapshot && c.renderStates:
		d.result, links, d.snap = c.renderState(ctx, it, h)
	case it.kind == CrawlSnapshot:
		d.result, links = c.checkSnapshot(ctx, it, h)
	default:
		d.result, links = c.checkPage(ctx, it, h)
	}
	// The item's own links first: the crawl goes breadth first from it.
	d.links = append(links, d.links...)
	return d
}

// loadRobots fetches the origin's robots.txt into h and returns its result.
func (c *crawler) loadRobots(ctx context.Context, h *crawlHost, origin string) *CrawlResult {
	h.delay = c.opts.Delay
	r := &CrawlResult{Kind: CrawlRobots, URL: origin + "/robots.txt", Fetched: origin + "/robots.txt", Similarity: -1}
	if c.opts.IgnoreRobots {
		r.Skipped = "robots.txt ignored (IgnoreRobots)"
		return r
	}
	// A 429 or 503 with a short Retry-After is asked again once, as the
	// crawler's other requests are: a busy site is not a closed one.
	var retried int
	var waited time.Duration
	h.robots = fetchRobots(ctx, origin, func(ctx context.Context, u string) (*http.Response, error) {
		resp, cancel, err := c.get(ctx, h, u, nil)
		if err == nil && retried == 0 {
			if d, ok := retryWait(resp.StatusCode, resp.Header, crawlMaxRetryAfter); ok {
				resp.Body.Close()
				cancel()
				retried, waited = resp.StatusCode, d
				c.log.Debug("crawl: waiting for Retry-After", "url", u, "status", retried, "wait", d)
				if err := sleep(ctx, d); err != nil {
					return nil, err
				}
				resp, cancel, err = c.get(ctx, h, u, nil)
			}
		}
		if err != nil {
			cancel()
			return nil, err
		}
		resp.Body = crawlCancelOnClose{resp.Body, cancel}
		return resp, nil
	})
	a := &h.robots
	h.policy = a.policy(c.opts.RobotsAgent)
	h.delay = max(h.delay, h.policy.crawlDelay)
	r.Status, r.Duration = a.status, a.duration-waited
	if retried != 0 {
		r.check("retry", CrawlWarn, "%d with Retry-After: asked again after %v", retried, waited)
	}
	switch {
	case a.unreachable:
		r.check("robots", CrawlFail, "%s: crawlers must treat the whole site as disallowed (RFC 9309 §2.3.1.4)", a.note)
	case a.file == nil:
		r.check("robots", CrawlOK, "%s: everything may be crawled", a.note)
	default:
		group := "no group for " + c.opts.RobotsAgent + " or *: everything may be crawled"
		if h.policy.group != "" {
			group = fmt.Sprintf("group %q: %d rules", h.policy.group, len(h.policy.rules))
		}
		if h.policy.crawlDelay > 0 {
			group += fmt.Sprintf(", crawl-delay %v (honoured)", h.policy.crawlDelay)
		}
		if n := len(a.file.sitemaps); n > 0 && c.opts.NoSitemaps {
			group += fmt.Sprintf(", %d sitemaps (not read)", n)
		} else if n > 0 {
			group += fmt.Sprintf(", %d sitemaps", n)
		}
		r.check("robots", CrawlOK, "%s", group)
	}
	return r
}

// robotsAllow checks it's fetched URL against the origin's robots.txt and
// notes a refusal in r.
func (c *crawler) robotsAllow(h *crawlHost, u *url.URL, r *CrawlResult) bool {
	if c.opts.IgnoreRobots {
		return true
	}
	pq := u.EscapedPath()
	if pq == "" {
		pq = "/"
	}
	if u.RawQuery != "" || u.ForceQuery {
		pq += "?" + u.RawQuery
	}
	ok, rule := h.policy.allowed(pq)
	if ok {
		return true
	}
	if rule == nil {
		r.Skipped = "robots.txt " + h.robots.note
	} else {
		r.Skipped = "robots.txt: " + rule.String()
	}
	return false
}

// get requests u for the crawler, after the host's politeness delay, within
// the request timeout. The response body must be closed, then cancel called.
func (c *crawler) get(ctx context.Context, h *crawlHost, u string, header http.Header) (*http.Response, context.CancelFunc, error) {
	if err := c.wait(ctx, h); err != nil {
		return nil, func() {}, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.RequestTimeout)
	resp, err := c.do(ctx, u, header)
	if err != nil {
		err = c.requestError(ctx, err)
	}
	return resp, cancel, err
}

// do sends the crawler's GET of u.
func (c *crawler) do(ctx context.Context, u string, header http.Header) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	if c.scope[crawlHostKey(req.URL)] {
		// The site's credentials, for the crawled hosts only (a
		// redirect is not followed, so it never carries them elsewhere).
		for k, vs := range c.opts.Header {
			if _, ok := req.Header[k]; !ok {
				req.Header[k] = vs
			}
		}
		for _, ck := range c.opts.Cookies {
			req.AddCookie(&http.Cookie{Name: ck.Name, Value: ck.Value, Quoted: ck.Quoted})
		}
	}
	req.Header.Set("User-Agent", c.opts.UserAgent)
	if req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
	}
	return c.client.Do(req)
}

// wait holds a request to h until the host's delay since the previous
// request has passed. Requests of one origin reserve their slots in turn.
func (c *crawler) wait(ctx context.Context, h *crawlHost) error {
	if h.delay <= 0 {
		return nil
	}
	h.mu.Lock()
	now := time.Now()
	at := now
	if h.next.After(now) {
		at = h.next
	}
	h.next = at.Add(h.delay)
	h.mu.Unlock()
	if at.Equal(now) {
		return nil
	}
	return sleep(ctx, at.Sub(now))
}

// crawlCancelOnClose ends a request's context when its body is closed.
type crawlCancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b crawlCancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

// A crawlAnswer is the answer of the crawler's request.
type crawlAnswer struct {
	status    int
	header    http.Header
	body      []byte
	truncated bool
	duration  time.Duration
	// retried is the status of the first answer when it was a 429 or 503
	// with a Retry-After that the crawler waited for before asking again.
	retried    int
	retryAfter time.Duration
}

// crawlMaxRetryAfter bounds the wait of a Retry-After the crawler honours.
const crawlMaxRetryAfter = 30 * time.Second

// fetch GETs u within the request timeout and reads its body. An answer 429
// (Too Many Requests) or 503 (Service Unavailable) with a Retry-After of at
// most crawlMaxRetryAfter is asked again once, after that wait. The time
// taken does not count the politeness delay or that wait.
// https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3
func (c *crawler) fetch(ctx context.Context, h *crawlHost, u string, header http.Header) (*crawlAnswer, error) {
	f, err := c.fetchOnce(ctx, h, u, header)
	if err != nil {
		return f, err
	}
	d, ok := retryWait(f.status, f.header, crawlMaxRetryAfter)
	if !ok {
		return f, nil
	}
	c.log.Debug("crawl: waiting for Retry-After", "url", u, "status", f.status, "wait", d)
	if err := sleep(ctx, d); err != nil {
		return nil, err
	}
	again, err := c.fetchOnce(ctx, h, u, header)
	if err != nil {
		return nil, fmt.Errorf("after waiting %v (Retry-After of a %d): %w", d, f.status, err)
	}
	again.retried, again.retryAfter = f.status, d
	return again, nil
}

// retryWait is how long to wait before asking again for an answer with
// status and header: ok for a 429 (Too Many Requests) or 503 (Service
// Unavailable) with a Retry-After of at most max.
func retryWait(status int, header http.Header, max time.Duration) (d time.Duration, ok bool) {
	if status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable || max <= 0 {
		return 0, false
	}
	d, ok = retryAfter(header.Get("Retry-After"), time.Now())
	return d, ok && d <= max
}

// sleep waits d, or until ctx ends (its error).
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retryAfter reads a Retry-After value, delay-seconds or an HTTP-date (as a
// wait from now); ok is false for none or a malformed one.
func retryAfter(v string, now time.Time) (d time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if n, err := strconv.ParseUint(v, 10, 32); err == nil {
		return time.Duration(n) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

// fetchOnce is one request of fetch.
func (c *crawler) fetchOnce(ctx context.Context, h *crawlHost, u string, header http.Header) (*crawlAnswer, error) {
	if err := c.wait(ctx, h); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.RequestTimeout)
	defer cancel()
	start := time.Now()
	resp, err := c.do(ctx, u, header)
	if err != nil {
		return nil, c.requestError(ctx, err)
	}
	defer resp.Body.Close()
	f := &crawlAnswer{status: resp.StatusCode, header: resp.Header}
	f.body, err = io.ReadAll(io.LimitReader(resp.Body, crawlMaxBody+1))
	f.duration = time.Since(start)
	if err != nil {
		return nil, c.requestError(ctx, fmt.Errorf("reading the body: %w", err))
	}
	if len(f.body) > crawlMaxBody {
		f.body, f.truncated = f.body[:crawlMaxBody], true
	}
	return f, nil
}

// requestError says plainly that a request timed out.
func (c *crawler) requestError(ctx context.Context, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("no answer within %v (RequestTimeout): %w", c.opts.RequestTimeout, context.DeadlineExceeded)
	}
	return err
}

// checkPage requests a plain URL without JavaScript.
func (c *crawler) checkPage(ctx context.Context, it crawlItem, h *crawlHost) (CrawlResult, []crawlItem) {
	r := CrawlResult{Kind: CrawlPage, URL: it.url, Fetched: it.url, From: it.from, Depth: it.depth, Similarity: -1}
	if !c.robotsAllow(h, it.u, &r) {
		return r, nil
	}
	f, err := c.fetch(ctx, h, it.url, nil)
	if err != nil {
		r.check("fetch", CrawlFail, "%v", err)
		return r, nil
	}
	c.fill(&r, f)
	var links []crawlItem
	switch {
	case isRedirect(f.status):
		r.check("status", CrawlOK, "%d", f.status)
		links = c.redirectTarget(it, f, &r)
	case f.status >= 500:
		r.check("status", CrawlFail, "%d: server error", f.status)
	case f.status >= 400:
		r.check("status", CrawlFail, "%d: broken link", f.status)
	default:
		r.check("status", CrawlOK, "%d", f.status)
	}
	doc, isHTML := parseCrawlAnswer(f)
	if doc == nil {
		if !isHTML && f.status < 300 {
			r.check("content-type", CrawlOK, "%s: not HTML, no links", r.ContentType)
		}
		return r, links
	}
	r.OptsIn, _ = mapping.OptsIn(bytes.NewReader(f.body))
	found := c.links(doc, it.u, it, &r)
	checkCanonical(doc, it.u, &r)
	links = append(links, found...)
	if r.OptsIn && f.status < 300 {
		// The page opted in: its own snapshot is at ?_escaped_fragment_=.
		links = append(links, crawlItem{kind: CrawlSnapshot, url: it.url + "#!", u: it.u, depth: it.depth, from: it.from})
	}
	return r, links
}

// checkSnapshot requests a state's ugly URL and checks the answer against
// bangsnap's render of its pretty URL.
func (c *crawler) checkSnapshot(ctx context.Context, it crawlItem, h *crawlHost) (CrawlResult, []crawlItem) {
	r := CrawlResult{Kind: CrawlSnapshot, URL: strings.TrimSuffix(it.url, "#!"), From: it.from, Depth: it.depth, Similarity: -1}
	ugly, err := mapping.ToUgly(it.url)
	if err != nil {
		r.check("fetch", CrawlFail, "no ugly URL: %v", err)
		return r, nil
	}
	r.Fetched = ugly
	uu, err := url.Parse(ugly)
	if err != nil {
		r.check("fetch", CrawlFail, "ugly URL: %v", err)
		return r, nil
	}
	if !c.robotsAllow(h, uu, &r) {
		r.check("robots", CrawlWarn, "the site keeps crawlers from this state's snapshot")
		return r, nil
	}

	// The render of the pretty URL runs beside the crawler's request.
	type rendered struct {
		snap *Snapshot
		err  error
		took time.Duration
	}
	var renderc chan rendered
	renderCtx, stopRender := context.WithCancel(ctx)
	defer stopRender()
	if c.renderer != nil {
		renderc = make(chan rendered, 1)
		go func() {
			t := time.Now()
			// The ugly URL, as a server renders it: a meta-fragment page
			// is rendered without any #!.
			snap, err := c.renderer.Render(renderCtx, ugly)
			renderc <- rendered{snap, err, time.Since(t)}
		}()
	}

	f, err := c.fetch(ctx, h, ugly, nil)
	if err != nil {
		// Nothing to compare the render with: stop it.
		stopRender()
		if renderc != nil {
			<-renderc
		}
		r.check("fetch", CrawlFail, "%v", err)
		return r, nil
	}
	var rend rendered
	if renderc != nil {
		rend = <-renderc
		r.RenderTime = rend.took
	}
	c.fill(&r, f)

	// Status: the site's answer must carry the status the page shows.
	want := 0
	if rend.snap != nil {
		want = rend.snap.Status
	}
	switch {
	case f.status >= 500:
		r.check("status", CrawlFail, "%d: server error", f.status)
	case isRedirect(f.status):
		// The snapshot moved (to another ugly URL, say): judged by its
		// target below, whatever the page does.
		r.check("status", CrawlOK, "%d", f.status)
	case want != 0 && f.status != want:
		r.check("status", CrawlFail, "%d, but the page's state has status %d (what bangsnap renders)", f.status, want)
	case f.status == http.StatusOK || isRedirect(f.status) || f.status == http.StatusNotFound || f.status == http.StatusGone:
		r.check("status", CrawlOK, "%d", f.status)
	default:
		r.check("status", CrawlWarn, "%d: unusual for a snapshot", f.status)
	}
	if rend.err != nil {
		r.check("render", CrawlWarn, "bangsnap could not render the pretty URL to compare: %v", rend.err)
	} else if rend.snap != nil && rend.snap.Report.Partial {
		r.check("render", CrawlWarn, "bangsnap's render was partial (%s): the comparison may be off", rend.snap.Report.Reason)
	}

	var links []crawlItem
	if isRedirect(f.status) {
		links = c.redirectTarget(it, f, &r)
		if len(links) == 1 && (links[0].url == it.url || links[0].url+"#!" == it.url) {
			r.Checks[len(r.Checks)-1] = CrawlCheck{Name: "redirect", Outcome: CrawlFail,
				Detail: fmt.Sprintf("%d back to the page's own URL: crawlers never get its snapshot", f.status)}
		}
		return r, links
	}
	doc, isHTML := parseCrawlAnswer(f)
	if !isHTML {
		r.check("content-type", CrawlFail, "%q: a snapshot must be an HTML document", r.ContentType)
		return r, nil
	}
	r.check("content-type", CrawlOK, "%s", r.ContentType)
	if f.truncated {
		r.check("size", CrawlWarn, "larger than %d MiB: crawlers read only the first part", crawlMaxBody>>20)
	}
	if optsIn, _ := mapping.OptsIn(bytes.NewReader(f.body)); optsIn {
		r.check("fragment-meta", CrawlWarn, `the snapshot keeps <meta name="fragment" content="!">: a crawler reading it would ask for the snapshot of the snapshot`)
	}
	if rend.snap != nil && len(rend.snap.HTML) > 0 {
		c.compare(ctx, h, it, &r, doc, rend.snap)
	}
	links = c.links(doc, crawlPrettyDoc(it), it, &r)
	checkCanonical(doc, crawlPrettyDoc(it), &r)
	c.conditional(ctx, h, ugly, f, &r)
	return r, links
}

// crawlPrettyDoc is the URL a snapshot's relative links resolve against: the
// page the user is on, the pretty URL (without its fragment).
func crawlPrettyDoc(it crawlItem) *url.URL { return it.u }

// fill copies the answer's facts into r.
func (c *crawler) fill(r *CrawlResult, f *crawlAnswer) {
	r.Status, r.Duration, r.Bytes = f.status, f.duration, int64(len(f.body))
	r.ContentType = f.header.Get("Content-Type")
	if f.retried != 0 {
		r.check("retry", CrawlWarn, "%d with Retry-After: asked again after %v", f.retried, f.retryAfter)
	}
}

// redirectTarget queues a redirect's target: a redirect to an ugly URL is
// right (the server's snapshot moved), and is followed as its pretty URL.
func (c *crawler) redirectTarget(it crawlItem, f *crawlAnswer, r *CrawlResult) []crawlItem {
	loc := f.header.Get("Location")
	target, err := it.u.Parse(loc)
	if err != nil || loc == "" {
		r.check("redirect", CrawlFail, "%d without a valid Location (%q)", f.status, loc)
		return nil
	}
	r.check("redirect", CrawlOK, "%d to %s", f.status, target)
	next, ok := crawlLinkItem(target.String())
	if !ok {
		return nil
	}
	next.depth, next.from = it.depth+1, it.url
	return []crawlItem{next}
}

// crawlLinkItem maps an absolute link to what to check: an ugly URL to its
// pretty state, a #! URL to its state, another URL to its page.
func crawlLinkItem(abs string) (crawlItem, bool) {
	if mapping.Classify(abs) == mapping.Ugly {
		p, err := mapping.ToPretty(abs)
		if err != nil {
			return crawlItem{}, false
		}
		abs = p
	}
	t, err := resolveTarget(abs)
	if err != nil {
		return crawlItem{}, false
	}
	return crawlItemFor(t.pretty, t.doc), true
}

// parseCrawlAnswer parses an answer that is an HTML document; isHTML reports
// whether it is one (by Content-Type, else by sniffing).
func parseCrawlAnswer(f *crawlAnswer) (doc *html.Node, isHTML bool) {
	// HTML and XHTML only: links in other XML (feeds, sitemaps) are not
	// the page's.
	mime, kind, label := xhr.SniffDocument(f.header.Get("Content-Type"), f.body, xhr.LocaleDefaultEncoding) // as the render decodes it
	if kind != xhr.HTMLDocument && mime != "application/xhtml+xml" {
		return nil, false
	}
	doc, err := html.Parse(strings.NewReader(xhr.DecodeText(f.body, label)))
	if err != nil {
		return nil, true
	}
	return doc, true
}

// links collects the <a href>, <area href> and <link rel=alternate
// hreflang href> links of doc (resolved
// against its <base href>, else base), counts them in r, notes links to ugly
// URLs as a defect, and returns the in-scope ones to check.
func (c *crawler) links(doc *html.Node, base *url.URL, from crawlItem, r *CrawlResult) []crawlItem {
	if b := crawlBaseHref(doc); b != "" {
		if bu, err := base.Parse(b); err == nil {
			base = bu
		}
	}
	seen := map[string]bool{}
	var items []crawlItem
	var ugly []string
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || (n.DataAtom != atom.A && n.DataAtom != atom.Area && !crawlLangAlternate(n)) {
			continue
		}
		href, ok := crawlAttr(n, "href")
		if !ok {
			continue
		}
		href = strings.TrimSpace(href)
		if href == "" || strings.HasPrefix(href, "#") && !strings.HasPrefix(href, "#!") {
			continue // the page itself
		}
		// The fragment is kept as written: a #! state is the crawler's to
		// escape (mapping.ToUgly), not url.URL's.
		ref, frag, hasFrag := strings.Cut(href, "#")
		u, err := base.Parse(ref)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		u.Fragment, u.RawFragment = "", ""
		abs := u.String()
		if hasFrag {
			abs += "#" + frag
		}
		if seen[abs] {
			continue
		}
		seen[abs] = true
		if strings.Contains(u.RawQuery, "_escaped_fragment_") || mapping.Classify(abs) == mapping.Ugly {
			r.Links.Ugly++
			ugly = append(ugly, abs)
			continue
		}
		it, ok := crawlLinkItem(abs)
		if !ok {
			continue
		}
		switch {
		case !c.scope[crawlHostKey(it.u)]:
			r.Links.Other++
			continue
		case it.kind == CrawlSnapshot:
			r.Links.States++
		default:
			r.Links.Pages++
		}
		it.depth, it.from = from.depth+1, r.URL
		items = append(items, it)
	}
	if len(ugly) > 0 {
		r.check("links", CrawlFail, "%d links hold _escaped_fragment_ (pages must link #! URLs; crawlers do not follow these): %s",
			len(ugly), strings.Join(ugly[:min(3, len(ugly))], " "))
	}
	return items
}

// crawlLangAlternate reports whether n is a <link rel=alternate hreflang>:
// the page in another language, a page to crawl as a link is.
// https://html.spec.whatwg.org/multipage/links.html#rel-alternate
func crawlLangAlternate(n *html.Node) bool {
	if n.DataAtom != atom.Link {
		return false
	}
	if _, ok := crawlAttr(n, "hreflang"); !ok {
		return false
	}
	rel, _ := crawlAttr(n, "rel")
	return slices.ContainsFunc(ascii.Fields(rel), func(t string) bool { return ascii.EqualFold(t, "alternate") })
}

// checkCanonical fails a <link rel="canonical"> that names an ugly URL: a
// crawler would index the state under the URL it must never show users.
// https://www.rfc-editor.org/rfc/rfc6596
func checkCanonical(doc *html.Node, base *url.URL, r *CrawlResult) {
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || n.DataAtom != atom.Link {
			continue
		}
		rel, _ := crawlAttr(n, "rel")
		href, ok := crawlAttr(n, "href")
		if !ok || !slices.ContainsFunc(ascii.Fields(rel), func(t string) bool { return ascii.EqualFold(t, "canonical") }) {
			continue
		}
		u, err := base.Parse(strings.TrimSpace(href))
		if err != nil {
			r.check("canonical", CrawlWarn, "<link rel=canonical> with a bad href %q", href)
			return
		}
		if strings.Contains(u.RawQuery, "_escaped_fragment_") || mapping.Classify(u.String()) == mapping.Ugly {
			r.check("canonical", CrawlFail, "<link rel=canonical> names the ugly URL %s: it must name the pretty (#!) URL or the page", u)
		}
		return
	}
}

// crawlBaseHref is the href of the document's first <base href>.
// https://html.spec.whatwg.org/multipage/semantics.html#the-base-element
func crawlBaseHref(doc *html.Node) string {
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Base {
			if v, ok := crawlAttr(n, "href"); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

func crawlAttr(n *html.Node, name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

// conditional asks for the ugly URL again with the validators the site
// sent; a site that sends them should answer 304.
// https://www.rfc-editor.org/rfc/rfc9110#section-13.1
func (c *crawler) conditional(ctx context.Context, h *crawlHost, ugly string, f *crawlAnswer, r *CrawlResult) {
	etag, modified := f.header.Get("ETag"), f.header.Get("Last-Modified")
	if etag == "" && modified == "" {
		return
	}
	header := http.Header{}
	if etag != "" {
		header.Set("If-None-Match", etag)
	}
	if modified != "" {
		header.Set("If-Modified-Since", modified)
	}
	again, err := c.fetch(ctx, h, ugly, header)
	switch {
	case err != nil:
		r.check("conditional", CrawlFail, "the conditional request failed: %v", err)
	case again.status == http.StatusNotModified && len(again.body) == 0:
		r.check("conditional", CrawlOK, "304 Not Modified for %s", crawlValidatorNames(etag, modified))
	case again.status == http.StatusNotModified:
		r.check("conditional", CrawlFail, "304 with a %d-byte body", len(again.body))
	case again.status == f.status:
		r.check("conditional", CrawlWarn, "%d again for %s: the site sends validators but never answers 304", again.status, crawlValidatorNames(etag, modified))
	default:
		r.check("conditional", CrawlFail, "%d for %s (first answer %d)", again.status, crawlValidatorNames(etag, modified), f.status)
	}
}

func crawlValidatorNames(etag, modified string) string {
	switch {
	case etag != "" && modified != "":
		return "If-None-Match and If-Modified-Since"
	case etag != "":
		return "If-None-Match"
	}
	return "If-Modified-Since"
}

// compare grades the site's snapshot doc against bangsnap's render snap by
// their visible text: the "no cloaking" rule of the scheme, the snapshot
// must show what a user sees.
func (c *crawler) compare(ctx context.Context, h *crawlHost, it crawlItem, r *CrawlResult, doc *html.Node, snap *Snapshot) {
	want, err := html.Parse(bytes.NewReader(snap.HTML))
	if err != nil {
		return
	}
	got, exp := crawlVisibleText(doc), crawlVisibleText(want)
	r.Similarity = crawlTextSimilarity(got, exp)
	r.Differences = crawlTextDifferences(got, exp, crawlMaxDifferences)
	pct := int(r.Similarity*100 + 0.5)
	if r.Similarity >= c.opts.MinSimilarity {
		r.check("no-cloaking", CrawlOK, "visible text %d%% like the rendered page", pct)
		return
	}
	hint := ""
	switch {
	case c.sameAsPage(ctx, h, it, got):
		hint = "; the answer is the page itself, its JavaScript shell: the site ignores _escaped_fragment_"
	case crawlHasScripts(doc) && crawlWordCount(got) < crawlWordCount(exp)*3/4:
		hint = "; the answer looks like the page's JavaScript shell, not a rendered snapshot"
	}
	r.check("no-cloaking", CrawlFail, "visible text %d%% like the rendered page (at least %d%% needed)%s",
		pct, int(c.opts.MinSimilarity*100+0.5), hint)
}

// sameAsPage reports whether the page's own document (the pretty URL
// without its fragment, requested as a plain page) shows the text got: then
// the site answered the ugly URL with the page as it is, before JavaScript.
func (c *crawler) sameAsPage(ctx context.Context, h *crawlHost, it crawlItem, got []string) bool {
	f, err := c.fetch(ctx, h, it.u.String(), nil)
	if err != nil {
		return false
	}
	doc, _ := parseCrawlAnswer(f)
	return doc != nil && slices.Equal(crawlVisibleText(doc), got)
}

// crawlVisibleText is the text a reader sees in doc, one block per text node,
// whitespace collapsed: the title and the body, without scripts, styles,
// templates, noscript and hidden elements.
func crawlVisibleText(doc *html.Node) []string {
	var blocks []string
	var walk func(n *html.Node, inHead bool)
	walk = func(n *html.Node, inHead bool) {
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			switch ch.Type {
			case html.TextNode:
				if inHead {
					continue
				}
				if t := strings.Join(strings.Fields(ch.Data), " "); t != "" {
					blocks = append(blocks, t)
				}
			case html.ElementNode:
				switch ch.DataAtom {
				case atom.Script, atom.Style, atom.Template, atom.Noscript:
					continue
				case atom.Head:
					walk(ch, true)
					continue
				case atom.Title:
					walk(ch, false)
					continue
				}
				if _, hidden := crawlAttr(ch, "hidden"); hidden {
					continue
				}
				walk(ch, inHead)
			case html.DocumentNode:
				walk(ch, inHead)
			}
		}
	}
	walk(doc, false)
	return blocks
}

func crawlWordCount(blocks []string) int {
	n := 0
	for _, b := range blocks {
		n += strings.Count(b, " ") + 1
	}
	return n
}

// crawlTextSimilarity is the Sørensen-Dice coefficient of the two texts' word
// multisets: 1 for the same words, 0 for none in common. Order is ignored,
// so that a snapshot laid out differently still matches.
func crawlTextSimilarity(a, b []string) float64 {
	counts := map[string]int{}
	na, nb := 0, 0
	for _, blk := range a {
		for w := range strings.FieldsSeq(blk) {
			counts[w]++
			na++
		}
	}
	common := 0
	for _, blk := range b {
		for w := range strings.FieldsSeq(blk) {
			nb++
			if counts[w] > 0 {
				counts[w]--
				common++
			}
		}
	}
	if na+nb == 0 {
		return 1
	}
	return 2 * float64(common) / float64(na+nb)
}

// crawlTextDifferences lists up to max blocks the rendered page (want) shows and
// the snapshot (got) does not ("missing: …"), then the reverse ("extra: …").
func crawlTextDifferences(got, want []string, max int) []string {
	inGot, inWant := map[string]int{}, map[string]int{}
	for _, b := range got {
		inGot[b]++
	}
	for _, b := range want {
		inWant[b]++
	}
	var out []string
	for _, b := range want {
		if len(out) == max {
			return out
		}
		if inGot[b] > 0 {
			inGot[b]--
			continue
		}
		out = append(out, "missing: "+crawlClip(b))
	}
	for _, b := range got {
		if len(out) == max {
			return out
		}
		if inWant[b] > 0 {
			inWant[b]--
			continue
		}
		out = append(out, "extra: "+crawlClip(b))
	}
	return out
}

func crawlClip(s string) string {
	const n = 80
	if len(s) <= n {
		return fmt.Sprintf("%q", s)
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return fmt.Sprintf("%q…", s[:i])
}

func crawlHasScripts(doc *html.Node) bool {
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Script {
			return true
		}
	}
	return false
}

// Sitemap limits.
const (
	crawlMaxSitemaps     = 5 // read from robots.txt, and from each sitemap index
	crawlMaxSitemapBytes = 50 << 20
)

// checkSitemap reads the sitemap at loc (named by the origin's robots.txt,
// or by a sitemap index when nested is 1), appends its result to results
// and the in-scope URLs it lists to links.
// https://www.sitemaps.org/protocol.html
func (c *crawler) checkSitemap(ctx context.Context, h *crawlHost, origin, loc string, nested int, results []CrawlResult, links []crawlItem) ([]CrawlResult, []crawlItem) {
	r := CrawlResult{Kind: CrawlSitemap, URL: loc, Fetched: loc, Similarity: -1}
	base, _ := url.Parse(origin + "/robots.txt")
	u, err := base.Parse(strings.TrimSpace(loc))
	switch {
	case err != nil || (u.Scheme != "http" && u.Scheme != "https"):
		r.check("fetch", CrawlFail, "not an http(s) URL")
		return append(results, r), links
	case crawlOrigin(u) != origin:
		// Another origin's sitemap has its own politeness clock; leave it.
		r.Skipped = "on another origin: not read"
		return append(results, r), links
	}
	r.URL, r.Fetched = u.String(), u.String()
	if !c.robotsAllow(h, u, &r) {
		return append(results, r), links
	}
	f, err := c.fetch(ctx, h, r.Fetched, http.Header{"Accept": {"application/xml,text/xml,*/*;q=0.8"}})
	if err != nil {
		r.check("fetch", CrawlFail, "%v", err)
		return append(results, r), links
	}
	c.fill(&r, f)
	if f.status != http.StatusOK {
		r.check("status", CrawlFail, "%d: robots.txt names a sitemap that is not there", f.status)
		return append(results, r), links
	}
	body := f.body
	if len(body) > 2 && body[0] == 0x1f && body[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err == nil {
			body, err = io.ReadAll(io.LimitReader(zr, crawlMaxSitemapBytes))
		}
		if err != nil {
			r.check("sitemap", CrawlFail, "gzip: %v", err)
			return append(results, r), links
		}
	}
	root, locs, err := crawlSitemapLocs(body)
	if err != nil {
		r.check("sitemap", CrawlFail, "not a sitemap: %v", err)
		return append(results, r), links
	}
	if root == "sitemapindex" {
		r.check("sitemap", CrawlOK, "an index of %d sitemaps", len(locs))
		results = append(results, r)
		if nested == 0 {
			for _, l := range locs[:min(len(locs), crawlMaxSitemaps)] {
				results, links = c.checkSitemap(ctx, h, origin, l, 1, results, links)
			}
		}
		return results, links
	}
	var ugly []string
	for _, l := range locs {
		abs, err := u.Parse(l)
		if err != nil {
			continue
		}
		if mapping.Classify(abs.String()) == mapping.Ugly || strings.Contains(abs.RawQuery, "_escaped_fragment_") {
			r.Links.Ugly++
			ugly = append(ugly, abs.String())
			continue
		}
		it, ok := crawlLinkItem(l) // <loc> is absolute (a relative one is skipped)
		if !ok {
			continue
		}
		switch {
		case !c.scope[crawlHostKey(it.u)]:
			r.Links.Other++
			continue
		case it.kind == CrawlSnapshot:
			r.Links.States++
		default:
			r.Links.Pages++
		}
		it.depth, it.from = 1, r.URL
		links = append(links, it)
	}
	if len(ugly) > 0 {
		r.check("links", CrawlFail, "lists %d _escaped_fragment_ URLs (sitemaps must list #! URLs): %s",
			len(ugly), strings.Join(ugly[:min(3, len(ugly))], " "))
	} else {
		r.check("sitemap", CrawlOK, "%d URLs", len(locs))
	}
	return append(results, r), links
}

// crawlSitemapLocs reads a sitemap (a <urlset>) or a sitemap index (a
// <sitemapindex>): the root element's name and the <loc> of each entry.
// https://www.sitemaps.org/protocol.html#xmlTagDefinitions
func crawlSitemapLocs(body []byte) (root string, locs []string, err error) {
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = false
	var inLoc bool
	var text strings.Builder
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return root, locs, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = t.Name.Local
				if root != "urlset" && root != "sitemapindex" {
					return root, nil, fmt.Errorf("root element <%s>, want <urlset> or <sitemapindex>", root)
				}
			}
			if t.Name.Local == "loc" {
				inLoc = true
				text.Reset()
			}
		case xml.CharData:
			if inLoc {
				text.Write(t)
			}
		case xml.EndElement:
			if t.Name.Local == "loc" && inLoc {
				inLoc = false
				if l := strings.TrimSpace(text.String()); l != "" {
					locs = append(locs, l)
				}
			}
		}
	}
	if root == "" {
		return "", nil, errors.New("no root element")
	}
	return root, locs, nil
}
