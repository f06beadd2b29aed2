package bangsnap_test

// Helpers of the real-library app tests (apps_test.go): the case list and
// expectations written by the Chromium reference (testdata/compat), the
// loopback server with the shared latency rules, the esbuild bundling of the
// bundled app, and the "visible text" of a snapshot computed the way
// Chromium's innerText sees it.

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/cascadia"
	"github.com/evanw/esbuild/pkg/api"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/mapping"
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
	generated map[string][]byte
}

func newAppServer(tb testing.TB, latency bool) *appServer {
	tb.Helper()
	s := &appServer{root: os.DirFS("testdata")}
	if latency {
		s.rules = new(latencyRules)
		readJSON(tb, filepath.Join(appsDir, "server.json"), s.rules)
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
	ct := mime.TypeByExtension(path.Ext(p))
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
func needNodeModules(tb testing.TB) {
	tb.Helper()
	if _, err := os.Stat("testdata/node_modules/.package-lock.json"); err != nil {
		tb.Skip("testdata/node_modules is missing: run `npm ci --prefix testdata` (make test does)")
	}
}

// compareSnapshot checks a serialized document against a Chromium
// expectation and describes every difference.
func compareSnapshot(doc *html.Node, status int, header http.Header, want appExpect) []string {
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
	if got := visibleText(doc); got != want.Text {
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

// visibleText approximates document.body.innerText with whitespace runs
// collapsed: text of rendered elements only, a separator at the edges of
// every element whose display is not inline-level (block, list-item, table
// row and cell, floats...). What is rendered comes from a small cascade of
// display, float and position: the UA defaults, the page's <style> rules (by
// specificity and order, !important honoured) and style attributes.
// https://html.spec.whatwg.org/multipage/dom.html#the-innertext-idl-attribute
// It ignores visibility, layout-dependent and media-conditional rules,
// ::before/::after content and text-transform; the apps avoid them.
func visibleText(doc *html.Node) string {
	body := findBody(doc)
	if body == nil {
		return ""
	}
	sheet := parseDisplayRules(doc)
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.Type {
			case html.TextNode:
				b.WriteString(c.Data)
			case html.ElementNode:
				display := sheet.display(c)
				if display == "none" {
					continue
				}
				if c.DataAtom == atom.Br {
					b.WriteByte('\n')
					continue
				}
				// A <select>'s options are its text (one per line), as in Chromium.
				if c.DataAtom == atom.Textarea || c.DataAtom == atom.Iframe ||
					c.DataAtom == atom.Canvas || c.DataAtom == atom.Video || c.DataAtom == atom.Audio {
					continue // replaced content (a canvas's, video's or audio's children are fallback content, not rendered)
				}
				block := !strings.HasPrefix(display, "inline") && display != "contents"
				if c.Namespace == "svg" && c.Data == "text" {
					block = true // Chromium lays out SVG <text> as a block (LayoutSVGText): innerText puts each on its own line
				}
				if block {
					b.WriteByte('\n')
				}
				walk(c)
				if block {
					b.WriteByte('\n')
				}
			}
		}
	}
	walk(body)
	return collapse(b.String())
}

func findBody(n *html.Node) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == atom.Body {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if b := findBody(c); b != nil {
			return b
		}
	}
	return nil
}

// uaDisplay is the display of elements in the HTML UA stylesheet that are
// not inline. https://html.spec.whatwg.org/multipage/rendering.html
var uaDisplay = map[atom.Atom]string{
	atom.Head: "none", atom.Script: "none", atom.Style: "none", atom.Template: "none",
	atom.Noscript: "none", atom.Title: "none", atom.Meta: "none", atom.Link: "none",
	atom.Base: "none", atom.Datalist: "none", atom.Param: "none", atom.Area: "none",
	atom.Html: "block", atom.Body: "block", atom.Address: "block", atom.Blockquote: "block",
	atom.Center: "block", atom.Dialog: "block", atom.Div: "block", atom.Figure: "block",
	atom.Figcaption: "block", atom.Footer: "block", atom.Form: "block", atom.Header: "block",
	atom.Hr: "block", atom.Legend: "block", atom.Listing: "block", atom.Main: "block",
	atom.P: "block", atom.Plaintext: "block", atom.Pre: "block", atom.Search: "block",
	atom.Xmp: "block", atom.Details: "block", atom.Summary: "block", atom.Article: "block",
	atom.Aside: "block", atom.H1: "block", atom.H2: "block", atom.H3: "block",
	atom.H4: "block", atom.H5: "block", atom.H6: "block", atom.Hgroup: "block",
	atom.Nav: "block", atom.Section: "block", atom.Dir: "block", atom.Dd: "block",
	atom.Dl: "block", atom.Dt: "block", atom.Menu: "block", atom.Ol: "block",
	atom.Ul: "block", atom.Fieldset: "block", atom.Optgroup: "block", atom.Option: "block",
	atom.Li: "list-item", atom.Table: "table", atom.Caption: "table-caption",
	atom.Colgroup: "table-column-group", atom.Col: "table-column", atom.Thead: "table-header-group",
	atom.Tbody: "table-row-group", atom.Tfoot: "table-footer-group", atom.Tr: "table-row",
	atom.Td: "table-cell", atom.Th: "table-cell",
}

// A cssRule is one declaration of a property visibleText cares about
// (display, float, position) with the selector that applies it.
type cssRule struct {
	sel         cascadia.Sel
	spec        cascadia.Specificity
	order       int
	important   bool
	prop, value string
}

type displaySheet struct{ rules []cssRule }

// cascaded returns the winning value of prop for el among the sheet's rules
// and the element's style attribute (which beats every rule not !important).
func (s *displaySheet) cascaded(el *html.Node, prop string) (string, bool) {
	var best cssRule
	found := false
	for _, r := range s.rules {
		if r.prop != prop || !r.sel.Match(el) {
			continue
		}
		if !found || beats(r, best) {
			best, found = r, true
		}
	}
	for _, a := range el.Attr {
		if a.Key != "style" || a.Namespace != "" {
			continue
		}
		for _, d := range declarations(a.Val) {
			if d.prop == prop && (d.important || !found || !best.important) {
				best, found = d, true
			}
		}
	}
	return best.value, found
}

// display is the computed display of el, blockified for floats and
// absolutely positioned boxes (CSS Display 3 §2.7), inline when nothing
// sets it.
func (s *displaySheet) display(el *html.Node) string {
	d, found := s.cascaded(el, "display")
	if !found {
		d = uaDefaultDisplay(el)
	}
	if d == "none" || !strings.HasPrefix(d, "inline") {
		return d
	}
	if f, ok := s.cascaded(el, "float"); ok && f != "none" {
		return "block"
	}
	if p, ok := s.cascaded(el, "position"); ok && (p == "absolute" || p == "fixed") {
		return "block"
	}
	return d
}

// svgNotRendered are the SVG elements that draw nothing themselves (their
// text is not innerText): descriptive and style elements, and definitions
// drawn only where referenced.
// https://svgwg.org/svg2-draft/render.html#Rendered-vs-NonRendered
var svgNotRendered = map[string]bool{
	"desc": true, "title": true, "metadata": true, "style": true, "script": true, "defs": true,
	"symbol": true, "clipPath": true, "mask": true, "pattern": true, "marker": true,
	"linearGradient": true, "radialGradient": true, "filter": true,
}

func uaDefaultDisplay(el *html.Node) string {
	if el.Namespace == "svg" && svgNotRendered[el.Data] {
		return "none"
	}
	if el.Namespace != "" {
		return "inline"
	}
	for _, a := range el.Attr {
		if a.Namespace != "" {
			continue
		}
		if a.Key == "hidden" {
			return "none" // [hidden] { display: none }
		}
		if el.DataAtom == atom.Input && a.Key == "type" && strings.EqualFold(a.Val, "hidden") {
			return "none"
		}
	}
	if d, ok := uaDisplay[el.DataAtom]; ok {
		return d
	}
	return "inline"
}

func beats(a, b cssRule) bool {
	if a.important != b.important {
		return a.important
	}
	if a.spec.Less(b.spec) {
		return false
	}
	if b.spec.Less(a.spec) {
		return true
	}
	return a.order > b.order
}

// declarations parses the display, float and position declarations of a
// declaration block, in order (so the last one of a property wins ties).
func declarations(block string) []cssRule {
	var out []cssRule
	for _, decl := range strings.Split(block, ";") {
		name, v, found := strings.Cut(decl, ":")
		if !found {
			continue
		}
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "display" && name != "float" && name != "position" {
			continue
		}
		v = strings.ToLower(strings.TrimSpace(v))
		important := false
		if i := strings.Index(v, "!"); i >= 0 {
			important = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v[i:]), "!")) == "important"
			v = strings.TrimSpace(v[:i])
		}
		if f := strings.Fields(v); len(f) > 0 {
			out = append(out, cssRule{prop: name, value: f[0], important: important})
		}
	}
	return out
}

// parseDisplayRules reads the display, float and position declarations of the document's <style>
// elements: top-level style rules only (at-rule blocks such as @media are
// skipped, at-statements such as @charset dropped).
func parseDisplayRules(doc *html.Node) *displaySheet {
	sheet := &displaySheet{}
	order := 0
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.DataAtom == atom.Style && c.Namespace == "" {
				order = sheet.add(stripCSSComments(textContent(c)), order)
				continue
			}
			if css, ok := linkedStyleSheet(c); ok {
				order = sheet.add(stripCSSComments(css), order)
				continue
			}
			walk(c)
		}
	}
	walk(doc)
	return sheet
}

// linkedStyleSheet returns the text of a <link rel=stylesheet> whose href is
// a path on the test server (testdata/ at the root, as both servers serve
// it): a library's style sheet, such as Bootstrap's, decides what is
// displayed. Other hosts and relative hrefs are not read.
func linkedStyleSheet(n *html.Node) (string, bool) {
	if n.DataAtom != atom.Link || n.Namespace != "" {
		return "", false
	}
	var rel, href string
	for _, a := range n.Attr {
		switch a.Key {
		case "rel":
			rel = a.Val
		case "href":
			href = a.Val
		}
	}
	isSheet := false
	for _, r := range strings.Fields(strings.ToLower(rel)) {
		isSheet = isSheet || r == "stylesheet"
	}
	if !isSheet || !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") {
		return "", false
	}
	if i := strings.IndexAny(href, "?#"); i >= 0 {
		href = href[:i]
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(appsDir), filepath.FromSlash(path.Clean(href))))
	if err != nil {
		return "", false
	}
	return string(b), true
}

func stripCSSComments(css string) string {
	var b strings.Builder
	for {
		i := strings.Index(css, "/*")
		if i < 0 {
			b.WriteString(css)
			return b.String()
		}
		b.WriteString(css[:i])
		j := strings.Index(css[i+2:], "*/")
		if j < 0 {
			return b.String()
		}
		css = css[i+2+j+2:]
	}
}

func (s *displaySheet) add(css string, order int) int {
	for {
		css = strings.TrimSpace(css)
		if css == "" {
			return order
		}
		open := strings.IndexByte(css, '{')
		semi := strings.IndexByte(css, ';')
		if css[0] == '@' && semi >= 0 && (open < 0 || semi < open) {
			css = css[semi+1:] // @charset "UTF-8"; @import ...;
			continue
		}
		if open < 0 {
			return order
		}
		prelude := css[:open]
		end := matchingBrace(css, open)
		if end < 0 {
			return order
		}
		block := css[open+1 : end]
		css = css[end+1:]
		if strings.HasPrefix(prelude, "@") {
			continue // @media, @supports, @font-face, @keyframes ...
		}
		decls := declarations(block)
		if len(decls) == 0 {
			continue
		}
		for _, part := range splitSelectorList(prelude) {
			sel, err := cascadia.Parse(part)
			if err != nil {
				continue // a selector cascadia does not know: the rule does not apply
			}
			for _, d := range decls {
				order++
				d.sel, d.spec, d.order = sel, sel.Specificity(), order
				s.rules = append(s.rules, d)
			}
		}
	}
}

func matchingBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// splitSelectorList splits a selector list at its top-level commas.
func splitSelectorList(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(parts, strings.TrimSpace(s[start:]))
}

// --- tests of the helpers themselves (they need no renderer) ---

func TestVisibleText(t *testing.T) {
	tests := []struct {
		name, html, want string
	}{
		{"blocks separate, inlines join", `<ul><li>a</li><li>b</li></ul><span>c</span><b>d</b>`, "a b cd"},
		{"table cells", `<table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>`, "1 2 3"},
		{"br", `x<br>y`, "x y"},
		{"whitespace collapses", "<p>  a \n\t b  </p>", "a b"},
		{"script style template noscript", `<script>s()</script><style>p{}</style><template>t</template><noscript>n</noscript>ok`, "ok"},
		{"hidden attribute", `<p hidden>no</p><p>yes</p>`, "yes"},
		{"hidden attribute overridden by author rule", `<style>p{display:block}</style><p hidden>shown</p>`, "shown"},
		{"inline display none", `<div style="color: red; display : none">no</div>yes`, "yes"},
		{"inline display block beats sheet", `<style>#d{display:none}</style><div id="d" style="display: block;">shown</div>`, "shown"},
		{"important sheet beats inline", `<style>.h{display:none !important}</style><div class="h" style="display:block">no</div>yes`, "yes"},
		{"specificity", `<style>#a{display:block} div{display:none}</style><div id="a">one</div><div>two</div>`, "one"},
		{"later rule wins at equal specificity", `<style>.x{display:none}.x{display:inline}</style><div class="x">a</div><div class="x">b</div>`, "ab"},
		{"angular style with charset and escapes", `<style>@charset "UTF-8";[ng\:cloak],.ng-hide:not(.ng-hide-animate){display:none !important;}</style><p class="ng-hide">no</p><p>yes</p>`, "yes"},
		{"media blocks skipped", `<style>@media print { p { display: none } } /* c */</style><p>yes</p>`, "yes"},
		{"inline-block does not separate", `<style>.b{display:inline-block}</style>x<div class="b">y</div>z`, "xyz"},
		{"floats are blocks", `<style>.p{float:right}</style><li>x<span class="p">$1</span></li>`, "x $1"},
		{"absolute is a block", `a<span style="position:absolute">b</span>`, "a b"},
		{"template contents are not text", `<template><p>t</p></template><div>ok</div>`, "ok"},
		{"hidden input and textarea", `<input type="hidden" value="v"><textarea>t</textarea>ok`, "ok"},
		{"select options", `<label>Pick <select><option>a</option><option>b</option></select></label> ok`, "Pick a b ok"},
		{"canvas, video and audio fallback", `<canvas>chart</canvas><video>no video</video><audio>no audio</audio>ok`, "ok"},
		{"svg text is a block", `<svg><text>a</text><text>b</text></svg>c`, "a b c"},
		{"svg desc, style and defs are not rendered", `<svg><desc>Created with a library</desc><style>.x { fill: red }</style><defs><text id="t">def</text></defs><text>a</text></svg>`, "a"},
		{"no body content", ``, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader("<!DOCTYPE html><html><head></head><body>" + tt.html + "</body></html>"))
			if err != nil {
				t.Fatal(err)
			}
			if got := visibleText(doc); got != tt.want {
				t.Errorf("visibleText = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestVisibleTextMatchesChromium checks the comparison itself: on Chromium's
// own final DOM of each app (chromium*.html, written with the expectations)
// the helpers must find exactly what Chromium reported.
func TestVisibleTextMatchesChromium(t *testing.T) {
	for _, c := range loadAppCases(t) {
		t.Run(c.Name, func(t *testing.T) {
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
			for _, d := range compareSnapshot(doc, want.Status, metaHeaders(doc), want) {
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

// FuzzVisibleText feeds arbitrary markup and style sheets to the comparison
// helpers: they must not panic, and the text they return is collapsed.
func FuzzVisibleText(f *testing.F) {
	for _, seed := range []string{
		`<style>@charset "x";a,b{display:none !important}@media x{p{display:none}}</style><p>a<b>b</b></p>`,
		`<style>/* unterminated`, `<style>}{;@;{{}</style>x`, `<div style="display:;float:right">y</div>`,
		`<template><p>t</p></template><table><tr><td>1<td>2</table>`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, markup string) {
		doc, err := html.Parse(strings.NewReader(markup))
		if err != nil {
			return
		}
		got := visibleText(doc)
		if got != collapse(got) {
			t.Fatalf("visibleText = %q is not collapsed", got)
		}
		_ = compareSnapshot(doc, 200, metaHeaders(doc), appExpect{Status: 200, Selectors: map[string]any{"p": 1.0, "b": "b", "[x": "y"}})
	})
}
