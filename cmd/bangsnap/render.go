package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/http/httpguts"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

func init() {
	register(command{name: "render", summary: "render a page (URL or local .html file) to an HTML snapshot", run: runRender})
}

// exitPartial is render's status for a snapshot taken when a budget ran out.
const exitPartial = 3

// localOrigin is the synthetic origin a local file is rendered at: its
// directory is served there, in process.
const localOrigin = "http://localhost"

const renderDescription = `Render loads a page, runs its JavaScript (scripts, timers, XMLHttpRequest
and fetch, with virtual time) until it is quiet, and prints the resulting
HTML snapshot: scripts removed (except data blocks), as a crawler gets it.

The page is a URL, in any of the AJAX crawling scheme's forms:

  pretty  http://example.com/shop#!/products/42   the page sees #!/products/42
  ugly    http://example.com/shop?_escaped_fragment_=/products/42   (the same)
  meta    http://example.com/about?_escaped_fragment_=   rendered as .../about
  plain   http://example.com/about

or a local .html file, with an optional #! state in either form
(page.html#!/about, page.html?_escaped_fragment_=/about). A file is
rendered at ` + localOrigin + `/NAME with its directory served as that origin,
in process: the page's relative scripts and requests read the files beside
it. No network is used for a local file's own origin.

-map-origin PUBLIC=TARGET renders a public URL from a build served
elsewhere: the page sees its public URL, its requests for that origin go
to TARGET (see 'bangsnap help snapshot').

A redirect of the page is followed, as a browser follows it (at most
--max-redirects times, else it is an error; the page's #! state goes along
when the new location has no fragment of its own), and noted on stderr.
With --max-redirects 0 the redirect itself is the result: no HTML, its
status and location on stderr. The origin's status for the page is passed on, or
the one the page chose with <meta name="prerender-status-code"
content="404">; a status other than 200 is noted on stderr.

Exit status:
  0  the snapshot is complete (the page became quiet)
  1  error: invalid URL, unreachable host, not an HTML page, ...
  2  usage error
  3  the snapshot is partial: a budget (--timeout, virtual time, tasks)
     ran out first; it holds the page as it was then`

// renderFlags are the flags of the render command.
type renderFlags struct {
	out, userAgent, viewport string
	report                   reportFlag
	timeout, settle          time.Duration
	maxRedirects             int
	keepScripts, determ      bool
	formState, shadowRoots   bool
	fetchImages, waterfall   bool
	fetchFonts               bool
	skipStylesheets          bool
	headers, cookies         repeatFlag
	block, allow             listFlag // serve.go's: comma-separated, repeatable
	origins                  originFlags
}

// pageFlags registers the flags that say how a page is rendered, the same
// for render and snapshot; hosts names whom -header and -cookie reach.
func (f *renderFlags) pageFlags(fs *commandFlags, hosts string) {
	fs.DurationVar(&f.settle, "settle", 0, "settle horizon: timers due later than this (virtual time) do not delay the snapshot (default 5s)")
	fs.StringVar(&f.userAgent, "user-agent", "", "navigator.userAgent and User-Agent header (default a Chrome-like agent)")
	fs.StringVar(&f.viewport, "viewport", "", "window size `WxH` in CSS pixels (default 1280x800)")
	fs.BoolVar(&f.keepScripts, "keep-scripts", false, "keep <script> elements in the snapshot")
	fs.BoolVar(&f.formState, "form-state", false, "write the form state scripts set (checked, selected, typed values; never passwords) into the snapshot's markup")
	fs.BoolVar(&f.shadowRoots, "shadow-roots", false, "write the shadow trees of web components (open and closed) into the snapshot as declarative shadow roots, with their adopted sheets")
	fs.BoolVar(&f.fetchImages, "fetch-images", false, "fetch the page's images so that their load/error events follow the real answers (default: none is fetched, each valid one loads)")
	fs.BoolVar(&f.fetchFonts, "fetch-fonts", false, "fetch the @font-face files the page's text uses, as a browser's layout does (they delay the load event; text is measured with them); default: only those scripts load")
	fs.BoolVar(&f.skipStylesheets, "skip-stylesheets", false, "fetch no external style sheet (default: they are fetched, and getComputedStyle sees their rules)")
	fs.BoolVar(&f.determ, "deterministic", false, "fixed clock in UTC, seeded randomness, ordered network completions: same input, same bytes")
	fs.Var(&f.headers, "header", "add `'Name: value'` to every request for "+hosts+", never to other hosts (repeatable)")
	fs.Var(&f.cookies, "cookie", "send cookie `name=value` to "+hosts+" only (repeatable)")
	fs.Var(&f.block, "block", "never request `host` or its subdomains (repeatable, or comma-separated)")
	fs.Var(&f.allow, "allow", "allow only these cross-origin `host`s (repeatable, or comma-separated)")
	f.origins.register(fs)
}

func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("render", "render [flags] URL|FILE", renderDescription)
	var f renderFlags
	fs.StringVar(&f.out, "o", "", "write the snapshot to `file` instead of stdout")
	fs.Var(&f.report, "report", "print the render report as JSON to stderr (--report) or to a file (--report=`file`)")
	fs.BoolVar(&f.waterfall, "waterfall", false, "print where the render's time went to stderr: each request's start and duration, the chain of requests the page waited for one after the other (*), and the time spent running scripts")
	fs.DurationVar(&f.timeout, "timeout", bangsnap.DefaultTimeout, "wall-clock budget of the render (of each page, when redirects are followed)")
	fs.IntVar(&f.maxRedirects, "max-redirects", 10, "follow at most `n` redirects of the page (0: the redirect itself is the result)")
	f.pageFlags(fs, "the page's host")
	if code, ok := fs.parse(args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.usageError(stderr, "want exactly one URL or file")
		return exitUsage
	}
	opts, err := f.options()
	if err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}
	if f.determ {
		// The page's Date uses the process's time zone (goja reads
		// time.Local): fix it too, as the clock is.
		time.Local = time.UTC
	}
	target, err := renderTarget(fs.Arg(0), &opts)
	if err != nil {
		fmt.Fprintf(stderr, "bangsnap render: %s\n", oneLine(err))
		return exitFail
	}

	// -header and -cookie are for the page's site only: its host gets
	// them, other hosts (CDNs, APIs, a redirect elsewhere) never do.
	site := siteHost(target)
	opts.HeaderHosts = []string{site}
	elsewhere := opts
	elsewhere.Header, elsewhere.Cookies = nil, nil
	home, away := bangsnap.NewRenderer(opts), bangsnap.NewRenderer(elsewhere)
	rendererFor := func(u string) *bangsnap.Renderer {
		if siteHost(u) == site {
			return home
		}
		return away
	}
	snap, err := renderFollowing(ctx, rendererFor, target, f.maxRedirects, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "bangsnap render: %s\n", oneLine(err))
		return exitFail
	}
	if err := writeReport(&f.report, snap, stderr); err != nil {
		fmt.Fprintf(stderr, "bangsnap render: writing the report: %s\n", oneLine(err))
		return exitFail
	}
	if f.waterfall {
		writeWaterfall(stderr, &snap.Report)
	}
	if err := writeSnapshot(f.out, snap.HTML, stdout); err != nil {
		fmt.Fprintf(stderr, "bangsnap render: %s\n", oneLine(err))
		return exitFail
	}
	rep := snap.Report
	switch {
	case snap.Status >= 300 && snap.Status <= 399 && snap.Header.Get("Location") != "":
		fmt.Fprintf(stderr, "bangsnap render: status %d: redirect to %s\n", snap.Status, snap.Header.Get("Location"))
	case snap.Status != http.StatusOK:
		fmt.Fprintf(stderr, "bangsnap render: status %d\n", snap.Status)
	}
	if n := len(rep.Errors); n > 0 && !f.report.set {
		fmt.Fprintf(stderr, "bangsnap render: the page threw %d uncaught errors; the first: %s (see --report)\n", n, oneLine(errors.New(rep.Errors[0].Message)))
	}
	if rep.Partial {
		fmt.Fprintf(stderr, "bangsnap render: partial snapshot: the %s budget ran out (%d pending)\n", rep.Reason, len(rep.Pending))
		return exitPartial
	}
	return exitOK
}

// renderFollowing renders target with rendererFor(target) and, while the answer is a
// redirect, renders where it points, at most max times. A location without
// a fragment keeps the page's (a browser carries it over: RFC 9110 §10.2.2),
// so that the #! state survives an http to https redirect.
func renderFollowing(ctx context.Context, rendererFor func(target string) *bangsnap.Renderer, target string, max int, stderr io.Writer) (*bangsnap.Snapshot, error) {
	for hops := 0; ; hops++ {
		snap, err := rendererFor(target).Render(ctx, target)
		if err != nil || snap.Status < 300 || snap.Status > 399 || max == 0 {
			return snap, err
		}
		loc := snap.Header.Get("Location")
		if loc == "" {
			return snap, nil
		}
		if hops == max {
			return nil, fmt.Errorf("%s: stopped after %d redirects (--max-redirects)", target, max)
		}
		base, err := url.Parse(snap.URL)
		if err != nil {
			return snap, nil
		}
		next, err := base.Parse(loc)
		if err != nil {
			return nil, fmt.Errorf("redirect of %s to an invalid location %q: %w", snap.URL, loc, err)
		}
		if next.Fragment == "" && next.RawFragment == "" {
			next.Fragment, next.RawFragment = base.Fragment, base.RawFragment
		}
		target = next.String()
		fmt.Fprintf(stderr, "bangsnap render: status %d: following the redirect to %s\n", snap.Status, target)
	}
}

// options turns the flags into render options.
func (f *renderFlags) options() (bangsnap.Options, error) {
	o := bangsnap.Options{
		UserAgent:       f.userAgent,
		Timeout:         f.timeout,
		SettleHorizon:   f.settle,
		KeepScripts:     f.keepScripts,
		FormState:       f.formState,
		ShadowRoots:     f.shadowRoots,
		Deterministic:   f.determ,
		FetchImages:     f.fetchImages,
		FetchFonts:      f.fetchFonts,
		SkipStylesheets: f.skipStylesheets,
		Block:           f.block,
		Allow:           f.allow,
	}
	if f.timeout <= 0 {
		return o, errors.New("--timeout must be positive")
	}
	if f.maxRedirects < 0 {
		return o, errors.New("--max-redirects must not be negative")
	}
	if f.viewport != "" {
		w, h, ok := strings.Cut(ascii.Lower(f.viewport), "x")
		wi, err1 := strconv.Atoi(w)
		hi, err2 := strconv.Atoi(h)
		if !ok || err1 != nil || err2 != nil || wi <= 0 || hi <= 0 {
			return o, fmt.Errorf("--viewport %q: want WIDTHxHEIGHT, like 1280x800", f.viewport)
		}
		o.Viewport = bangsnap.Viewport{Width: wi, Height: hi}
	}
	var err error
	if o.Header, err = parseHeaderFlags(f.headers); err != nil {
		return o, err
	}
	if o.Cookies, err = parseCookieFlags(f.cookies); err != nil {
		return o, err
	}
	if o.Origins, err = f.origins.originMap(); err != nil {
		return o, err
	}
	return o, nil
}

// parseHeaderFlags reads -header values ('Name: value').
func parseHeaderFlags(list []string) (http.Header, error) {
	var hd http.Header
	for _, h := range list {
		k, v, ok := strings.Cut(h, ":")
		k = strings.TrimSpace(k)
		v = strings.TrimSpace(v)
		if !ok || k == "" || !httpguts.ValidHeaderFieldName(k) || !httpguts.ValidHeaderFieldValue(v) {
			return nil, fmt.Errorf("--header %q: want 'Name: value'", h)
		}
		if hd == nil {
			hd = make(http.Header)
		}
		hd.Add(k, v)
	}
	return hd, nil
}

// parseCookieFlags reads -cookie values (name=value, or several joined
// with "; ").
func parseCookieFlags(list []string) ([]*http.Cookie, error) {
	var cookies []*http.Cookie
	for _, c := range list {
		cs, err := http.ParseCookie(c)
		if err != nil {
			return nil, fmt.Errorf("--cookie %q: want name=value", c)
		}
		for _, ck := range cs {
			ck.Path = "/" // the whole site's, whatever the page's path
		}
		cookies = append(cookies, cs...)
	}
	return cookies, nil
}

// siteHost is the host[:port] of an absolute URL, lower case, without its
// scheme's default port: the scope of -header and -cookie.
func siteHost(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	h := strings.ToLower(u.Host)
	switch {
	case u.Scheme == "http":
		h = strings.TrimSuffix(h, ":80")
	case u.Scheme == "https":
		h = strings.TrimSuffix(h, ":443")
	}
	return h
}

// renderTarget returns the URL to render for arg: a URL as it is, or a
// local file at localOrigin with its directory as the handler of opts.
func renderTarget(arg string, opts *bangsnap.Options) (string, error) {
	if strings.Contains(arg, "://") {
		return arg, nil
	}
	path, rest := arg, ""
	if _, err := os.Stat(arg); err != nil {
		// page.html#!/state or page.html?_escaped_fragment_=/state: the
		// query and fragment are not part of the file name.
		if i := strings.IndexAny(arg, "?#"); i >= 0 {
			path, rest = arg[:i], arg[i:]
		}
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("%q is neither a URL (scheme://...) nor a file: %w", arg, errors.Unwrap(err))
	}
	if fi.IsDir() {
		return "", fmt.Errorf("%q is a directory; give an .html file", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	opts.Handler = http.FileServer(http.Dir(filepath.Dir(abs)))
	name := filepath.Base(abs)
	u := localOrigin + "/" + (&url.URL{Path: name}).EscapedPath()
	if name == "index.html" {
		u = localOrigin + "/" // the file server redirects .../index.html to ./
	}
	return u + rest, nil
}

// writeSnapshot writes html to the file named out, or to stdout.
func writeSnapshot(out string, html []byte, stdout io.Writer) error {
	if out == "" {
		_, err := stdout.Write(html)
		return err
	}
	return os.WriteFile(out, html, 0o644)
}

// renderResult is what --report prints.
type renderResult struct {
	URL    string          `json:"url"`
	Status int             `json:"status"`
	Header http.Header     `json:"header,omitempty"`
	Report bangsnap.Report `json:"report"`
}

func writeReport(f *reportFlag, snap *bangsnap.Snapshot, stderr io.Writer) error {
	if !f.set {
		return nil
	}
	b, err := json.MarshalIndent(renderResult{snap.URL, snap.Status, snap.Header, snap.Report}, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if f.file == "" {
		_, err = stderr.Write(b)
		return err
	}
	return os.WriteFile(f.file, b, 0o644)
}

// writeWaterfall prints the render's requests in the order they started,
// each with its start (from the render's start) and duration, marking with
// * the critical path: the chain of requests each starting after the one
// before it ended, whose durations add up to the network floor no renderer
// beats with this server. The first line breaks the wall time down (the
// page's fetch, parsing and binding, running scripts, waiting) and gives
// the floor.
func writeWaterfall(w io.Writer, rep *bangsnap.Report) {
	floor, chain := rep.CriticalPath()
	t := rep.Timings
	fmt.Fprintf(w, "bangsnap render: %v total: %v fetching the page, %v parsing and binding, %v running scripts and tasks, %v waiting for requests or timers; network floor %v (the chain marked *)\n",
		roundMS(t.Total), roundMS(t.Fetch), roundMS(t.Parse+t.Bind), roundMS(t.Busy), roundMS(t.Scripts+t.Settle-t.Busy), roundMS(floor))
	onPath := make(map[int]bool, len(chain))
	for _, i := range chain {
		onPath[i] = true
	}
	order := make([]int, len(rep.Requests))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rep.Requests[a].Start, rep.Requests[b].Start) })
	fmt.Fprintf(w, "  %10s %10s  %-8s %6s  %s\n", "start", "duration", "kind", "status", "url")
	for _, i := range order {
		q := rep.Requests[i]
		mark, status := " ", strconv.Itoa(q.Status)
		if onPath[i] {
			mark = "*"
		}
		switch {
		case q.Blocked:
			status = "blocked"
		case q.Cached:
			status += " cached"
		case q.Error != "":
			status = "error"
		}
		fmt.Fprintf(w, "%s %10v %10v  %-8s %6s  %s\n", mark, roundMS(q.Start), roundMS(q.Duration), q.Kind, status, q.URL)
	}
}

// roundMS rounds d for display: to 0.1ms.
func roundMS(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }

// oneLine keeps an error message on one line.
func oneLine(err error) string {
	s := strings.TrimPrefix(err.Error(), "bangsnap: ")
	return strings.Join(strings.Fields(s), " ")
}

// reportFlag is --report (to stderr) or --report=FILE.
type reportFlag struct {
	set  bool
	file string
}

func (r *reportFlag) String() string {
	if r == nil || !r.set {
		return ""
	}
	return r.file
}

func (r *reportFlag) Set(s string) error {
	r.set = true
	switch s {
	case "true", "-", "":
		r.file = ""
	case "false":
		r.set = false
	default:
		r.file = s
	}
	return nil
}

// IsBoolFlag lets --report stand alone.
func (r *reportFlag) IsBoolFlag() bool { return true }

// repeatFlag is a repeatable flag whose values are kept whole (a header
// value or a cookie may hold commas).
type repeatFlag []string

func (l *repeatFlag) String() string { return strings.Join(*l, "; ") }

func (l *repeatFlag) Set(s string) error {
	*l = append(*l, s)
	return nil
}
