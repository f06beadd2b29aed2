package bangsnap_test

// Helpers of the real-library app tests (apps_test.go): the case list and
// expectations written by the Chromium reference (testdata/compat), the
// loopback server with the shared latency rules, the esbuild bundling of the
// bundled app, and the "visible text" of a snapshot computed the way
// Chromium's innerText sees it.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/cascadia"
	"github.com/evanw/esbuild/pkg/api"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/mapping"
	"github.com/bangsnap/bangsnap/xhr"
)

const appsDir = "testdata/apps"

// An appCase is one entry of testdata/apps/apps.json: an app at one state.
type appCase struct {
	Name      string            `json:"name"`
	URL       string            `json:"url"`    // pretty path, "#!" state included
	Expect    string            `json:"expect"` // relative to testdata/apps
	Libraries []string          `json:"libraries"`
	Selectors map[string]string `json:"selectors"` // selector -> "count" | "text"
	// Shadow lists selectors whose first match's open shadow tree text is
	// compared (testdata/compat/shadowtext.js, run in the live page).
	Shadow []string `json:"shadow,omitempty"`
	// KnownGap, when set, is why bangsnap does not render this case like
	// Chromium yet (the same reason is in KNOWN_GAPS.md): TestApps then
	// reports the differences and skips instead of failing, and fails once
	// the case matches, so the gap is removed when it is fixed.
	KnownGap string `json:"known_gap,omitempty"`
	// Live marks a case whose content arrives over a WebSocket or an
	// EventSource stream of server.json: deterministic renders open no such
	// connection, so TestAppsConcurrent leaves it out.
	Live bool `json:"live,omitempty"`
	// DOMRandom names attributes whose values a library makes up at random
	// on every load (in Chromium too): the DOM comparison masks them.
	DOMRandom []string `json:"dom_random,omitempty"`
	// DOMDiffers, when set, is why the case's snapshot DOM is not compared
	// with Chromium's (its visible text still is).
	DOMDiffers string `json:"dom_differs,omitempty"`
}

// An appExpect is what Chromium showed for a case (testdata/compat writes it).
type appExpect struct {
	URL    string `json:"url"`
	Status int    `json:"status"`
	// Headers are the page's <meta name="prerender-header" content="Name: value">.
	Headers map[string]string `json:"headers,omitempty"`
	// Title is document.title (the page sets it per route).
	Title string `json:"title"`
	// Text is document.body.innerText with whitespace runs collapsed to one
	// space and trimmed.
	Text string `json:"text"`
	// Selectors maps a selector to the number of elements it matches (a JSON
	// number) or the collapsed textContent of its first match (a string).
	Selectors map[string]any `json:"selectors"`
	// Shadow maps a selector of the case's shadow list to the text of its
	// first match's shadow tree, as testdata/compat/shadowtext.js reads it
	// (null: no match or no open shadow root).
	Shadow map[string]*string `json:"shadow,omitempty"`
}

func loadAppCases(tb testing.TB) []appCase {
	tb.Helper()
	var list struct {
		Apps []appCase `json:"apps"`
	}
	readJSON(tb, filepath.Join(appsDir, "apps.json"), &list)
	if len(list.Apps) == 0 {
		tb.Fatal("testdata/apps/apps.json lists no apps")
	}
	return list.Apps
}

func loadAppExpect(tb testing.TB, c appCase) appExpect {
	tb.Helper()
	var e appExpect
	readJSON(tb, filepath.Join(appsDir, filepath.FromSlash(c.Expect)), &e)
	if e.URL != c.URL {
		tb.Fatalf("%s: expectation is for %q, the case is %q: rerun testdata/compat/run.sh --update", c.Expect, e.URL, c.URL)
	}
	return e
}

// chromiumDOMPath names Chromium's final DOM stored next to an expectation
// (expect.json -> chromium.html, expect.notfound.json -> chromium.notfound.html).
func chromiumDOMPath(c appCase) string {
	dir, base := path.Split(c.Expect)
	base = "chromium" + strings.TrimPrefix(base, "expect")
	base = strings.TrimSuffix(base, ".json") + ".html"
	return filepath.Join(appsDir, filepath.FromSlash(dir+base))
}

func readJSON(tb testing.TB, name string, v any) {
	tb.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
}

// uglyURL maps a case's pretty URL on base to the ugly URL a crawler asks
// for; a page without "#!" (the meta-fragment opt-in) gets the empty
// _escaped_fragment_.
func uglyURL(base, pretty string) (string, error) {
	u := base + pretty
	if !strings.Contains(pretty, "#!") {
		u += "#!"
	}
	return mapping.ToUgly(u)
}

// latencyRules are testdata/apps/server.json, shared with the Chromium
// reference server so both see the same network.
type latencyRules struct {
	DefaultMS int `json:"default_ms"`
	Latency   []struct {
		Prefix string `json:"prefix"`
		MS     int    `json:"ms"`
	} `json:"latency"`
	Streams []appStream `json:"streams"`
}

// An appStream is a live endpoint of server.json: an EventSource stream
// ("sse") or a WebSocket ("websocket") that sends its messages one every
// IntervalMS after it opens, answers each text message a WebSocket receives
// with Reply (when set), and stays open until the client leaves.
type appStream struct {
	Path       string `json:"path"`
	Kind       string `json:"kind"`
	IntervalMS int    `json:"interval_ms"`
	Events     []struct {
		Event string `json:"event"`
		Data  string `json:"data"`
	} `json:"events"`
	Messages []string `json:"messages"`
	Reply    string   `json:"reply"`
}

// streamLifetime bounds how long a stream stays open, so that a client
// that never leaves does not keep the test server from closing.
const streamLifetime = 20 * time.Second

// serve answers r with the stream.
func (st *appStream) serve(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), streamLifetime)
	defer cancel()
	wait := func() bool {
		t := time.NewTimer(time.Duration(st.IntervalMS) * time.Millisecond)
		defer t.Stop()
		select {
		case <-t.C:
			return true
		case <-ctx.Done():
			return false
		}
	}
	switch st.Kind {
	case "sse":
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		rc.Flush()
		for _, ev := range st.Events {
			if !wait() {
				return
			}
			var b strings.Builder
			if ev.Event != "" {
				b.WriteString("event: " + ev.Event + "\n")
			}
			for _, line := range strings.Split(ev.Data, "\n") {
				b.WriteString("data: " + line + "\n")
			}
			b.WriteString("\n")
			if _, err := io.WriteString(w, b.String()); err != nil || rc.Flush() != nil {
				return
			}
		}
		<-ctx.Done()
	case "websocket":
		ws, err := xhr.AcceptWebSocket(ctx, w, r, "")
		if err != nil {
			return
		}
		defer ws.Close(1000, "")
		write := func(msg string) error { return ws.WriteMessage(true, []byte(msg)) }
		go func() {
			defer cancel() // the client left (or broke the protocol)
			for {
				text, _, err := ws.ReadMessage()
				if err != nil {
					return
				}
				if text && st.Reply != "" && write(st.Reply) != nil {
					return
				}
			}
		}()
		for _, msg := range st.Messages {
			if !wait() || write(msg) != nil {
				return
			}
		}
		<-ctx.Done()
	default:
		http.Error(w, "unknown stream kind "+st.Kind, http.StatusInternalServerError)
	}
}

// delay is the latency of the longest prefix rule matching p.
func (r *latencyRules) delay(p string) time.Duration {
	best, ms := -1, r.DefaultMS
	for _, rule := range r.Latency {
		if strings.HasPrefix(p, rule.Prefix) && len(rule.Prefix) > best {
			best, ms = len(rule.Prefix), rule.MS
		}
	}
	return time.Duration(ms) * time.Millisecond
}

// appServer serves testdata/ at the root: /apps/... and /node_modules/...,
// index.html for directory paths, generated files (the bundle) from memory,
// each response after the latency its path has in server.json.
type appServer struct {
	root      fs.FS
	rules     *latencyRules // nil: no latency
	streams   []appStream   // server.json's live endpoints
	generated map[string][]byte
}

func newAppServer(tb testing.TB, latency bool) *appServer {
	tb.Helper()
	s := &appServer{root: os.DirFS("testdata")}
	rules := new(latencyRules)
	readJSON(tb, filepath.Join(appsDir, "server.json"), rules)
	s.streams = rules.Streams
	if latency {
		s.rules = rules
	}
	s.generated = bundledApps(tb)
	return s
}

func (s *appServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if s.rules != nil {
		if d := s.rules.delay(p); d > 0 {
			t := time.NewTimer(d)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return
			}
		}
	}
	for i := range s.streams {
		if s.streams[i].Path == p {
			s.streams[i].serve(w, r)
			return
		}
	}
	if strings.HasSuffix(p, "/") {
		p += "index.html"
	}
	body, ok := s.generated[p]
	if !ok {
		name := strings.TrimPrefix(path.Clean(p), "/")
		if !fs.ValidPath(name) || name == "." {
			http.NotFound(w, r)
			return
		}
		var err error
		if body, err = fs.ReadFile(s.root, name); err != nil {
			http.NotFound(w, r)
			return
		}
	}
	ct, ok := appTypes[path.Ext(p)]
	switch {
	case s.generated[p] != nil:
		ct = appTypes[".js"] // a bundle, as compat.mjs serves it
	case !ok:
		ct = mime.TypeByExtension(path.Ext(p))
	}
	if ct == "" {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// appTypes are the Content-Types of the apps' scripts, style sheets and
// JSON, as testdata/compat/compat.mjs serves them to Chromium: module
// scripts must be served as JavaScript (JSON modules as JSON, CSS modules
// as text/css), so these do not come from mime.TypeByExtension, whose
// table a machine's /etc/mime.types changes.
var appTypes = map[string]string{
	".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
	".json": "application/json", ".css": "text/css; charset=utf-8",
}

var bundleOnce = sync.OnceValues(buildBundledApps)

// bundledApps returns the bundles of every app with a build.json (URL path
// to bytes), built once per test binary.
func bundledApps(tb testing.TB) map[string][]byte {
	tb.Helper()
	b, err := bundleOnce()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// buildConfig is an app's build.json: how both the Go test and the Chromium
// reference (testdata/compat/compat.mjs) bundle it with esbuild.
type buildConfig struct {
	Entry, Outfile, Format, Target string
	Minify                         bool
	JSX                            string            // "automatic" for the React 17+ JSX runtime; "" transforms to React.createElement
	JSXImportSource                string            // the automatic runtime's package ("preact"; default "react")
	Define                         map[string]string // e.g. process.env.NODE_ENV
	Alias                          map[string]string // resolved in the app's directory: one copy of a package for the whole bundle
}

// buildBundledApps bundles each testdata/apps/<app> that has a build.json.
func buildBundledApps() (map[string][]byte, error) {
	configs, err := filepath.Glob(filepath.Join(appsDir, "*", "build.json"))
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(configs))
	for _, c := range configs {
		p, body, err := buildApp(filepath.Dir(c))
		if err != nil {
			return nil, err
		}
		out[p] = body
	}
	return out, nil
}

// buildApp bundles one app directory as its build.json describes, in
// memory, with esbuild's Go API (the Chromium reference uses esbuild's npm
// package of the same version with the same options).
func buildApp(dir string) (string, []byte, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", nil, err
	}
	name := filepath.Base(dir)
	var cfg buildConfig
	b, err := os.ReadFile(filepath.Join(dir, "build.json"))
	if err != nil {
		return "", nil, err
	}
	if err := json.Unmarshal(b, &cfg); err != nil {
		return "", nil, fmt.Errorf("%s/build.json: %w", name, err)
	}
	formats := map[string]api.Format{"iife": api.FormatIIFE, "esm": api.FormatESModule, "cjs": api.FormatCommonJS}
	targets := map[string]api.Target{"es2015": api.ES2015, "es2016": api.ES2016, "es2017": api.ES2017,
		"es2018": api.ES2018, "es2019": api.ES2019, "es2020": api.ES2020, "es2021": api.ES2021,
		"es2022": api.ES2022, "es2023": api.ES2023, "esnext": api.ESNext}
	jsx := map[string]api.JSX{"": api.JSXTransform, "transform": api.JSXTransform, "automatic": api.JSXAutomatic}
	format, ok := formats[cfg.Format]
	if !ok {
		return "", nil, fmt.Errorf("%s/build.json: unknown format %q", name, cfg.Format)
	}
	target, ok := targets[cfg.Target]
	if !ok {
		return "", nil, fmt.Errorf("%s/build.json: unknown target %q", name, cfg.Target)
	}
	jsxMode, ok := jsx[cfg.JSX]
	if !ok {
		return "", nil, fmt.Errorf("%s/build.json: unknown jsx %q", name, cfg.JSX)
	}
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{filepath.Join(dir, cfg.Entry)},
		AbsWorkingDir:     dir,
		NodePaths:         []string{filepath.Join(dir, "..", "..", "node_modules")},
		Bundle:            true,
		Write:             false,
		Outfile:           filepath.Join(dir, cfg.Outfile),
		Format:            format,
		Target:            target,
		JSX:               jsxMode,
		JSXImportSource:   cfg.JSXImportSource,
		Define:            cfg.Define,
		Alias:             cfg.Alias,
		MinifyWhitespace:  cfg.Minify,
		MinifyIdentifiers: cfg.Minify,
		MinifySyntax:      cfg.Minify,
		LogLevel:          api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		msgs := make([]string, 0, len(res.Errors))
		for _, m := range res.Errors {
			loc := ""
			if m.Location != nil {
				loc = fmt.Sprintf("%s:%d: ", m.Location.File, m.Location.Line)
			}
			msgs = append(msgs, loc+m.Text)
		}
		return "", nil, fmt.Errorf("esbuild %s (is testdata/node_modules installed? npm ci --prefix testdata): %s", name, strings.Join(msgs, "; "))
	}
	if len(res.OutputFiles) != 1 {
		return "", nil, fmt.Errorf("esbuild %s: %d output files, want 1", name, len(res.OutputFiles))
	}
	return "/apps/" + name + "/" + cfg.Outfile, res.OutputFiles[0].Contents, nil
}

// needNodeModules skips when the npm libraries are not installed (make test
// installs them with npm ci --prefix testdata).
// loopbackOnly is the Options.Allow of renders against a loopback test
// server: a page's links to other hosts (fonts, analytics) are refused
// instead of going to the network.
var loopbackOnly = []string{"127.0.0.1"}

func needNodeModules(tb testing.TB) {
	tb.Helper()
	if _, err := os.Stat("testdata/node_modules/.package-lock.json"); err != nil {
		tb.Skip("testdata/node_modules is missing: run `npm ci --prefix testdata` (make test does)")
	}
}

// compareSnapshot checks a serialized document against a Chromium
// expectation and describes every difference.
// snapshotPage is where a snapshot's visible text is laid out: the app
// server that serves its style sheets, and its page's pretty path.
type snapshotPage struct {
	server http.Handler
	path   string // the page's pretty URL: only its path is used
}

// renderedText returns the visible text of doc as bangsnap lays it out
// with its scripts removed: document.body.innerText, whitespace
// collapsed, with the style sheets doc has (its <style> elements and its
// linked sheets, fetched from p.server). The expectation is Chromium's
// innerText of its own final DOM, and TestVisibleTextMatchesChromium holds
// this to it on that DOM, so the comparison reads CSS as a browser does
// (cascade layers, media queries, nesting, :is()) for every app.
func renderedText(p snapshotPage, doc *html.Node) (string, error) {
	var buf bytes.Buffer
	if err := html.Render(&buf, doc); err != nil {
		return "", err
	}
	clean, err := html.Parse(&buf)
	if err != nil {
		return "", err
	}
	var scripts []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.Script {
				scripts = append(scripts, c)
				continue
			}
			walk(c)
		}
	}
	walk(clean)
	for _, sc := range scripts {
		sc.Parent.RemoveChild(sc)
	}
	buf.Reset()
	if err := html.Render(&buf, clean); err != nil {
		return "", err
	}
	body := buf.Bytes()
	pagePath := p.path
	if i := strings.IndexAny(pagePath, "?#"); i >= 0 {
		pagePath = pagePath[:i]
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == pagePath {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(body)
			return
		}
		p.server.ServeHTTP(w, r)
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	page, err := bangsnap.Open(ctx, "http://apps.test"+pagePath, bangsnap.Options{Handler: h})
	if err != nil {
		return "", err
	}
	defer page.Close()
	v, err := page.Eval(ctx, `document.body ? document.body.innerText : ''`)
	if err != nil {
		return "", err
	}
	text, _ := v.(string)
	return collapse(text), nil
}

func compareSnapshot(p snapshotPage, doc *html.Node, status int, header http.Header, want appExpect) []string {
	var diffs []string
	if status != want.Status {
		diffs = append(diffs, fmt.Sprintf("status: got %d, want %d", status, want.Status))
	}
	for name, v := range want.Headers {
		if got := header.Get(name); got != v {
			diffs = append(diffs, fmt.Sprintf("header %s: got %q, want %q", name, got, v))
		}
	}
	if got := documentTitle(doc); got != want.Title {
		diffs = append(diffs, fmt.Sprintf("title: got %q, want %q", got, want.Title))
	}
	if got, err := renderedText(p, doc); err != nil {
		diffs = append(diffs, fmt.Sprintf("visible text: %v", err))
	} else if got != want.Text {
		diffs = append(diffs, "visible text differs:\n"+textDiff(got, want.Text))
	}
	for sel, w := range want.Selectors {
		m, err := cascadia.Compile(sel)
		if err != nil {
			diffs = append(diffs, fmt.Sprintf("selector %q: %v", sel, err))
			continue
		}
		switch w := w.(type) {
		case float64:
			if n := len(queryAll(doc, m)); n != int(w) {
				diffs = append(diffs, fmt.Sprintf("selector %q: %d elements, want %d", sel, n, int(w)))
			}
		case string:
			el := queryFirst(doc, m)
			if el == nil {
				diffs = append(diffs, fmt.Sprintf("selector %q: no element, want text %q", sel, w))
			} else if got := collapse(textContent(el)); got != w {
				diffs = append(diffs, fmt.Sprintf("selector %q: text %q, want %q", sel, got, w))
			}
		case nil:
			if el := queryFirst(doc, m); el != nil {
				diffs = append(diffs, fmt.Sprintf("selector %q: matches, want nothing", sel))
			}
		default:
			diffs = append(diffs, fmt.Sprintf("selector %q: expectation %v is neither a count nor a text", sel, w))
		}
	}
	return diffs
}

// textDiff shows where two long strings part, with some context.
func textDiff(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	start := max(0, i-60)
	clip := func(s string) string {
		end := min(len(s), i+80)
		return strings.ToValidUTF8(s[start:end], "�")
	}
	return fmt.Sprintf("  first difference at byte %d\n  got:  …%s…\n  want: …%s…\n  full got:  %q\n  full want: %q",
		i, clip(got), clip(want), got, want)
}

// documentTitle is document.title: the first <title> element's text with
// ASCII whitespace stripped and collapsed.
// https://html.spec.whatwg.org/multipage/dom.html#document.title
func documentTitle(doc *html.Node) string {
	var find func(*html.Node) *html.Node
	find = func(n *html.Node) *html.Node {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.DataAtom == atom.Title && c.Namespace == "" {
				return c
			}
			if c.DataAtom != atom.Template && c.Namespace == "" {
				if t := find(c); t != nil {
					return t
				}
			}
		}
		return nil
	}
	t := find(doc)
	if t == nil {
		return ""
	}
	return strings.Join(strings.FieldsFunc(textContent(t), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
	}), " ")
}

// metaHeaders reads the <meta name="prerender-header" content="Name: value">
// elements of a document.
func metaHeaders(doc *html.Node) http.Header {
	h := http.Header{}
	m := cascadia.MustCompile(`meta[name="prerender-header"]`)
	for _, el := range queryAll(doc, m) {
		for _, a := range el.Attr {
			if a.Key != "content" {
				continue
			}
			if name, v, ok := strings.Cut(a.Val, ":"); ok && strings.TrimSpace(name) != "" {
				h.Add(strings.TrimSpace(name), strings.TrimSpace(v))
			}
		}
	}
	return h
}

// queryAll is querySelectorAll on a parsed document: x/net/html keeps a
// template's contents as its children, where the DOM keeps them in a separate
// DocumentFragment that selectors never reach.
func queryAll(n *html.Node, m cascadia.Selector) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if m.Match(c) {
				out = append(out, c)
			}
			if c.DataAtom != atom.Template {
				walk(c)
			}
		}
	}
	walk(n)
	return out
}

func queryFirst(n *html.Node, m cascadia.Selector) *html.Node {
	if all := queryAll(n, m); len(all) > 0 {
		return all[0]
	}
	return nil
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

func textContent(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				b.WriteString(c.Data)
			case html.ElementNode:
				if c.DataAtom != atom.Template { // its contents are not its children in the DOM
					walk(c)
				}
			}
		}
	}
	walk(n)
	return b.String()
}

// TestVisibleTextMatchesChromium checks the comparison itself: on Chromium's
// final DOM of each app, renderedText and the selectors must find what
// Chromium reported (its innerText, through bangsnap's CSS and layout of
// that DOM).
func TestVisibleTextMatchesChromium(t *testing.T) {
	needNodeModules(t)
	app := newAppServer(t, false)
	for _, c := range loadAppCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			// Each case lays out a stored DOM in its own page, CPU only:
			// go test runs -parallel (GOMAXPROCS) of them at a time.
			t.Parallel()
			want := loadAppExpect(t, c)
			f, err := os.Open(chromiumDOMPath(c))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			doc, err := html.Parse(f)
			if err != nil {
				t.Fatal(err)
			}
			// The status is not in the DOM alone; compare with itself. The
			// headers are, in the prerender-header metas.
			for _, d := range compareSnapshot(snapshotPage{app, c.URL}, doc, want.Status, metaHeaders(doc), want) {
				t.Error(d)
			}
		})
	}
}

func TestUglyURL(t *testing.T) {
	tests := []struct{ pretty, want string }{
		{"/apps/jquery3/#!/books/2", "http://127.0.0.1:1/apps/jquery3/?_escaped_fragment_=/books/2"},
		{"/apps/meta/", "http://127.0.0.1:1/apps/meta/?_escaped_fragment_="},
		{"/apps/x/?q=1#!/a b", "http://127.0.0.1:1/apps/x/?q=1&_escaped_fragment_=/a%20b"},
	}
	for _, tt := range tests {
		got, err := uglyURL("http://127.0.0.1:1", tt.pretty)
		if err != nil || got != tt.want {
			t.Errorf("uglyURL(%q) = %q, %v; want %q", tt.pretty, got, err, tt.want)
		}
	}
}

func TestAppServer(t *testing.T) {
	needNodeModules(t)
	s := newAppServer(t, true)
	if d := s.rules.delay("/apps/preact/data/likes.json"); d != 150*time.Millisecond {
		t.Errorf("longest prefix: delay = %v, want 150ms", d)
	}
	if d := s.rules.delay("/elsewhere"); d != time.Duration(s.rules.DefaultMS)*time.Millisecond {
		t.Errorf("default delay = %v", d)
	}
	s.rules = nil // the rest checks content, not time
	tests := []struct {
		path     string
		status   int
		ctype    string
		contains string
	}{
		{"/apps/jquery3/", 200, "text/html", "Corner Bookshop"},
		{"/apps/jquery3/data/books.json", 200, "application/json", "Engines of Reason"},
		{"/node_modules/jquery/dist/jquery.min.js", 200, "text/javascript", "jQuery"},
		{"/apps/bundled/bundle.js", 200, "text/javascript", "projects.json"},
		{"/apps/nope.json", 404, "", ""},
		{"/../go.mod", 404, "", ""},
		{"/apps/%2e%2e/%2e%2e/go.mod", 404, "", ""},
	}
	for _, tt := range tests {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, "http://test"+tt.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if rec.Code != tt.status {
			t.Errorf("%s: status %d, want %d", tt.path, rec.Code, tt.status)
			continue
		}
		if tt.status != 200 {
			continue
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, tt.ctype) {
			t.Errorf("%s: Content-Type %q, want %s", tt.path, ct, tt.ctype)
		}
		if !strings.Contains(rec.Body.String(), tt.contains) {
			t.Errorf("%s: body lacks %q", tt.path, tt.contains)
		}
	}
}

// loopbackOrigin matches the test server's origin, whose port differs
// between the recording and each test run.
var loopbackOrigin = regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+`)

// compareDOM compares a snapshot with Chromium's saved DOM element by
// element: each element with its attributes in their order and
// values, and each text with its white space collapsed. Scripts and
// <noscript> are left out (their text is not rendered), and so is the
// fragment meta bangsnap may add. The attributes named in random have their
// values masked in both. It returns the first few differences, or nil.
func compareDOM(snap *html.Node, chromium []byte, random []string) []string {
	want, err := html.Parse(bytes.NewReader(chromium))
	if err != nil {
		return []string{fmt.Sprintf("Chromium's DOM does not parse: %v", err)}
	}
	got, exp := flattenDOM(snap, random), flattenDOM(want, random)
	var diffs []string
	for i := range max(len(got), len(exp)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(exp) {
			w = exp[i]
		}
		if g == w {
			continue
		}
		if len(diffs) == 3 {
			diffs = append(diffs, "DOM: more differences follow")
			break
		}
		diffs = append(diffs, fmt.Sprintf("DOM line %d:\n  got  %.400s\n  want %.400s", i, g, w))
	}
	if len(got) != len(exp) {
		diffs = append(diffs, fmt.Sprintf("DOM: %d lines, Chromium's %d", len(got), len(exp)))
	}
	return diffs
}

// flattenDOM lists the document's elements and texts in tree order, one
// line each, indented by depth.
func flattenDOM(doc *html.Node, random []string) []string {
	var out []string
	var b strings.Builder
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.ElementNode:
				if c.DataAtom == atom.Script || c.DataAtom == atom.Noscript ||
					c.DataAtom == atom.Meta && attrValue(c, "name") == "fragment" {
					continue
				}
				b.Reset()
				b.WriteString(strings.Repeat(" ", depth))
				b.WriteString("<" + c.Data)
				for _, a := range c.Attr {
					v := loopbackOrigin.ReplaceAllString(a.Val, "ORIGIN")
					if slices.Contains(random, a.Key) {
						v = "(random)"
					}
					fmt.Fprintf(&b, " %s=%q", a.Key, v)
				}
				b.WriteString(">")
				out = append(out, b.String())
				walk(c, depth+1)
			case html.TextNode:
				if s := strings.Join(strings.Fields(c.Data), " "); s != "" {
					out = append(out, strings.Repeat(" ", depth)+"#"+s)
				}
			}
		}
	}
	walk(doc, 0)
	return out
}

func attrValue(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
