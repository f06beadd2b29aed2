package bangsnap_test

// TestWPT runs the testharness.js pages of testdata/wpt (written in the
// web-platform-tests format: /resources/testharness.js, idlharness.js with
// spec IDL from /interfaces/*.idl) through bangsnap.Render and compares the
// status of every subtest with what headless Chromium gave
// (testdata/wpt/expected/<page>.json, written by testdata/wpt/run-chromium.mjs).
// testharness.js, idlharness.js and webidl2.js come from the pinned npm
// package wpt-runner, the IDL from @webref/idl (testdata/node_modules, never
// committed). testdata/wpt/resources/testharnessreport.js leaves the results
// in the document as <pre id="__wpt_results">, which this test reads from
// the snapshot, the way a crawler would see it.
//
// Differences are listed in testdata/wpt/known_failures.txt, one subtest per
// line with Chromium's and bangsnap's status; the test fails on a difference
// not listed and on a listed subtest that now matches. `go test -run TestWPT
// -update` rewrites the list from this run.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/testdata/wpt/pyhandlers"
)

const (
	wptDir           = "testdata/wpt"
	wptKnownFailures = wptDir + "/known_failures.txt"
	wptHarnessDir    = "testdata/node_modules/wpt-runner/testharness"
	wptModulesDir    = "testdata/node_modules"
	wptIDLDir        = "testdata/node_modules/@webref/idl"
	// wptHarnessID names the harness status among a page's subtests.
	wptHarnessID = "(harness)"
)

// wptResults is what testharnessreport.js writes: the harness status and
// every subtest in the order testharness.js reports them. The Chromium
// expectations have the same shape.
type wptResults struct {
	Harness string       `json:"harness"`
	Message *string      `json:"message"`
	Tests   []wptSubtest `json:"tests"`
}

type wptSubtest struct {
	Name    string  `json:"name"`
	Status  string  `json:"status"`
	Message *string `json:"message"`
}

// byID maps each subtest's id (its name; a repeated name gets " #2", " #3")
// to the subtest, with the harness status as wptHarnessID.
func (r *wptResults) byID() (map[string]wptSubtest, []string) {
	m := make(map[string]wptSubtest, len(r.Tests)+1)
	ids := []string{wptHarnessID}
	m[wptHarnessID] = wptSubtest{Name: wptHarnessID, Status: r.Harness, Message: r.Message}
	for _, t := range r.Tests {
		id := wptSubtestID(t.Name)
		for n := 2; ; n++ {
			if _, dup := m[id]; !dup {
				break
			}
			id = fmt.Sprintf("%s #%d", wptSubtestID(t.Name), n)
		}
		m[id] = t
		ids = append(ids, id)
	}
	return m, ids
}

// wptLineBreaks keeps a subtest's id on one line of known_failures.txt.
var wptLineBreaks = strings.NewReplacer("\r", `\r`, "\n", `\n`)

func wptSubtestID(name string) string { return wptLineBreaks.Replace(name) }

// wptHandler serves a WPT-like tree: /resources/testharness.js,
// idlharness.js and WebIDLParser.js (webidl2.js) from wpt-runner,
// /interfaces/<spec>.idl from @webref/idl, /vendor/jquery.js from the
// jquery package, everything else (the pages, our
// testharnessreport.js, support files) from testdata/wpt. run-chromium.mjs
// serves the same paths. A file asked for with a pipe= query goes through
// wptserve's pipes as the real WPT server applies them (status, header,
// trickle: pyhandlers.ApplyPipes), so that a page can read a body sent in
// parts with pauses (testdata/wpt/realwpt34-trickle.html).
func wptHandler() http.Handler { return wptTreeHandler(wptDir, nil) }

// wptTreeHandler serves the WPT-like tree rooted at dir with the harness
// paths of wptHandler; /resources/testharnessreport.js is always ours
// (testdata/wpt/resources). generate, when not nil, is asked first for a
// page that is made up rather than read (realwpt_test.go's wrappers of
// .any.js files); it returns nil for a path it does not make.
func wptTreeHandler(dir string, generate func(p string) []byte) http.Handler {
	harness := map[string]string{
		"/resources/testharness.js":       filepath.Join(wptHarnessDir, "testharness.js"),
		"/resources/idlharness.js":        filepath.Join(wptHarnessDir, "idlharness.js"),
		"/resources/WebIDLParser.js":      filepath.Join(wptHarnessDir, "webidl2.js"),
		"/resources/webidl2.js":           filepath.Join(wptHarnessDir, "webidl2.js"),
		"/resources/testharnessreport.js": filepath.Join(wptDir, "resources", "testharnessreport.js"),
		// a library whose sizes pages read (render-geometry-box.html)
		"/vendor/jquery.js": filepath.Join(wptModulesDir, "jquery", "dist", "jquery.js"),
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean(r.URL.Path)
		if strings.HasPrefix(p, "/dyn/") && serveWPTDyn(w, r) { // wpt_dyn_test.go
			return
		}
		var body []byte
		if generate != nil {
			body = generate(p)
		}
		if body == nil {
			var file string
			switch {
			case harness[p] != "":
				file = harness[p]
			case strings.HasPrefix(p, "/interfaces/"):
				file = filepath.Join(wptIDLDir, path.Base(p))
			default:
				if p == "/" || strings.Contains(p, "..") {
					http.NotFound(w, r)
					return
				}
				file = filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(p, "/")))
			}
			var err error
			if body, err = os.ReadFile(file); err != nil {
				http.NotFound(w, r)
				return
			}
		}
		ct := mime.TypeByExtension(path.Ext(p))
		switch path.Ext(p) {
		case ".idl", ".txt":
			ct = "text/plain; charset=utf-8"
		case ".js", ".mjs":
			// Scripts, JSON and style sheets as run-chromium.mjs serves
			// them, whatever the machine's /etc/mime.types says (module
			// scripts' MIME type checks).
			ct = "text/javascript; charset=utf-8"
		case ".json":
			ct = "application/json"
		case ".css":
			ct = "text/css; charset=utf-8"
		case ".html", ".htm":
			ct = "text/html; charset=utf-8"
		case ".xhtml":
			ct = "application/xhtml+xml"
		case ".xml":
			// As run-chromium.mjs (mime's table may say application/xml).
			ct = "text/xml; charset=utf-8"
		}
		if ct == "" {
			ct = "application/octet-stream"
		}
		if r.URL.Query().Has("pipe") {
			// wptserve's pipes (status, header, trickle), written raw on
			// the connection as run-chromium.mjs writes them.
			resp := &pyhandlers.Response{Status: http.StatusOK, Headers: []pyhandlers.Pair{{Name: "Content-Type", Value: ct}}, Body: body}
			resp = pyhandlers.ApplyPipes(resp, r.URL.Query().Get("pipe"), r.Context().Done())
			conn, _, err := http.NewResponseController(w).Hijack()
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			defer conn.Close()
			resp.Send(conn, r.Method)
			return
		}
		w.Header().Set("Content-Type", ct)
		w.Write(body)
	})
}

// wptPages lists testdata/wpt/*.html by name, or only the pages named in
// $BANGSNAP_WPT (comma-separated) when it is set. With -short the
// idlharness pages (most of the run time) are left out.
func wptPages(tb testing.TB) []string {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(wptDir, "*.html"))
	// XHTML pages (served as application/xhtml+xml) too.
	xpaths, _ := filepath.Glob(filepath.Join(wptDir, "*.xhtml"))
	paths = append(paths, xpaths...)
	sort.Strings(paths)
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no pages in %s (%v)", wptDir, err)
	}
	only := map[string]bool{}
	for _, p := range strings.Split(os.Getenv("BANGSNAP_WPT"), ",") {
		if p != "" {
			only[p] = true
		}
	}
	var pages []string
	for _, p := range paths {
		name := filepath.Base(p)
		if testing.Short() && len(only) == 0 && strings.HasPrefix(name, "idlharness-") {
			continue
		}
		if len(only) == 0 || only[name] {
			pages = append(pages, name)
		}
	}
	if len(pages) == 0 {
		tb.Fatalf("no page of %s is named in BANGSNAP_WPT=%s", wptDir, os.Getenv("BANGSNAP_WPT"))
	}
	return pages
}

// A wptRun is one page's results in bangsnap.
type wptRun struct {
	page    string
	results *wptResults
	errors  []bangsnap.ScriptError
	reason  string // how the render ended
	err     error
	// tableErr says what is wrong with testharness.js's results table on
	// a page that turns it on (<meta name="wpt-output" content="on">).
	tableErr error
}

// errNoResults means the harness never completed before the render ended.
var errNoResults = errors.New("no results: testharness.js did not complete before the page was quiet")

// runWPTPage renders the page and reads the results from the snapshot.
func runWPTPage(ctx context.Context, r *bangsnap.Renderer, origin, page string) wptRun {
	run := wptRun{page: page}
	snap, err := r.Render(ctx, origin+"/"+page)
	if err != nil {
		run.err = err
		return run
	}
	run.errors = snap.Report.Errors
	run.reason = snap.Report.Reason
	run.results, run.err = wptResultsFromSnapshot(snap.HTML)
	if run.err == nil && bytes.Contains(snap.HTML, []byte(`<meta name="wpt-output" content="on">`)) {
		// testharness.js's results table: one row per subtest.
		if rows := wptResultRows(snap.HTML); rows != len(run.results.Tests) {
			run.tableErr = fmt.Errorf("testharness.js's results table has %d rows for %d subtests", rows, len(run.results.Tests))
		}
	}
	return run
}

// wptResultRows counts the rows of testharness.js's results table
// (table#results > tbody > tr) in a snapshot.
func wptResultRows(b []byte) int {
	doc, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		return -1
	}
	rows := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "tbody" && n.Type == html.ElementNode && n.Data == "table" && wptAttr(n, "id") == "results" {
				for r := c.FirstChild; r != nil; r = r.NextSibling {
					if r.Type == html.ElementNode && r.Data == "tr" {
						rows++
					}
				}
				continue
			}
			walk(c)
		}
	}
	walk(doc)
	return rows
}

func wptAttr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// wptResultsFromSnapshot finds <pre id="__wpt_results"> in a snapshot.
func wptResultsFromSnapshot(b []byte) (*wptResults, error) {
	doc, err := html.Parse(strings.NewReader(string(b)))
	if err != nil {
		return nil, err
	}
	var pre *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && pre == nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data == "pre" {
				for _, a := range c.Attr {
					if a.Key == "id" && a.Val == "__wpt_results" {
						pre = c
					}
				}
			}
			if pre == nil {
				find(c)
			}
		}
	}
	find(doc)
	if pre == nil {
		return nil, errNoResults
	}
	var text strings.Builder
	for c := pre.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			text.WriteString(c.Data)
		}
	}
	res := new(wptResults)
	if err := json.Unmarshal([]byte(text.String()), res); err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	return res, nil
}

func readWPTExpected(page string) (*wptResults, error) {
	b, err := os.ReadFile(filepath.Join(wptDir, "expected", strings.TrimSuffix(page, ".html")+".json"))
	if err != nil {
		return nil, err
	}
	res := new(wptResults)
	if err := json.Unmarshal(b, res); err != nil {
		return nil, fmt.Errorf("%s expectation: %w", page, err)
	}
	return res, nil
}

// readWPTKnownFailures reads known_failures.txt: "page/subtest — what
// differs" lines, # comments and blank lines.
func readWPTKnownFailures() (map[string]string, error) {
	return readKnownList(wptKnownFailures, "page.html/subtest"+knownSep+"difference", func(id string) bool {
		return strings.Contains(id, ".html/") || strings.Contains(id, ".xhtml/")
	})
}

// wptStatus describes a subtest's status with its message, shortened.
func wptStatus(t wptSubtest, ok bool) string {
	if !ok {
		return "missing"
	}
	if t.Message == nil || *t.Message == "" {
		return t.Status
	}
	m := strings.Join(strings.Fields(*t.Message), " ")
	if len(m) > 140 {
		m = m[:137] + "..."
	}
	return t.Status + " (" + m + ")"
}

func writeWPTKnownFailures(failing map[string]string) error {
	ids := make([]string, 0, len(failing))
	for id := range failing {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	b.WriteString("# WPT-format subtests (testdata/wpt) where bangsnap's status differs from headless\n")
	b.WriteString("# Chromium's, one per line:  page.html/subtest" + knownSep + "chromium STATUS; bangsnap STATUS (message)\n")
	b.WriteString("# wpt_test.go fails on a difference not listed here and on a listed subtest that\n")
	b.WriteString("# matches; `go test -run TestWPT -update .` rewrites this file from the current run.\n")
	for _, id := range ids {
		b.WriteString(id + knownSep + failing[id] + "\n")
	}
	return os.WriteFile(wptKnownFailures, []byte(b.String()), 0o644)
}

// wptPageName is what a page may be called (run-chromium.mjs has the same rule).
var wptPageName = regexp.MustCompile(`^[\w.-]+\.x?html$`)

// wptIDPage returns the page of a subtest id ("page.html/subtest").
func wptIDPage(id string) string {
	if page, _, ok := strings.Cut(id, ".html/"); ok {
		return page + ".html"
	}
	page, _, _ := strings.Cut(id, ".xhtml/")
	return page + ".xhtml"
}

func TestWPT(t *testing.T) {
	needNodeModules(t)
	if _, err := os.Stat(filepath.Join(wptHarnessDir, "testharness.js")); err != nil {
		t.Skipf("%s is missing: run `npm ci --prefix testdata`", wptHarnessDir)
	}
	pages := wptPages(t)
	known, err := readWPTKnownFailures()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(wptHandler())
	defer srv.Close()
	// The idlharness pages are the slow ones: webidl2.js tokenizes with
	// sticky regular expressions, which goja runs in time proportional to the
	// rest of the input (html.idl and dom.idl alone take ~4.5 s of CPU), then
	// thousands of subtests. The budget leaves room for a loaded machine; a
	// page that runs out of it is reported as missing all its subtests.
	//
	// The settle horizon is longer than testharness.js's harness timeout
	// (10 s): with the default 5 s, a page where one async test never ends
	// goes quiet before the harness times it out, and the snapshot has no
	// results at all instead of that one TIMEOUT (virtual time makes the
	// wait free).
	//
	// The memory budget is raised too: it is process-wide (pages rendered at
	// the same time count each other's growth), and idlharness-html builds
	// thousands of subtests' records; the default exists for hostile pages.
	r := bangsnap.NewRenderer(bangsnap.Options{Deterministic: true, Timeout: 5 * time.Minute, SettleHorizon: 15 * time.Second, MemoryLimit: 2 << 30})
	ctx := context.Background()

	runs := make([]wptRun, len(pages))
	var wg sync.WaitGroup
	// The pages are CPU-bound (goja): one per core.
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, page := range pages {
		if !wptPageName.MatchString(page) {
			t.Fatalf("page %s: name must match %s", page, wptPageName)
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			runs[i] = runWPTPage(ctx, r, srv.URL, page)
		})
	}
	wg.Wait()

	var (
		total, match int
		failing      = map[string]string{}
		unexpected   []string
		fixed        []string
		seen         = map[string]bool{}
		perPage      []string
		budgetOut    = map[string]bool{}
	)
	for _, run := range runs {
		want, err := readWPTExpected(run.page)
		if err != nil {
			t.Errorf("%s: no Chromium expectation (run node %s/run-chromium.mjs %s): %v", run.page, wptDir, run.page, err)
			continue
		}
		if run.results == nil && run.reason != "" && run.reason != "quiescent" {
			// A budget ran out (a machine far too loaded, or a page that
			// never settles): no statement about conformance, so its
			// known failures are neither checked nor rewritten.
			t.Errorf("%s: the render ended by its %s budget before the harness completed: not compared", run.page, run.reason)
			budgetOut[run.page] = true
			continue
		}
		if run.err != nil {
			t.Logf("%s: %v (render ended: %s)", run.page, run.err, run.reason)
		}
		if run.tableErr != nil {
			t.Errorf("%s: %v", run.page, run.tableErr)
		}
		for _, e := range run.errors {
			t.Logf("%s: page error: %s (%s:%d)", run.page, e.Message, e.Source, e.Line)
		}
		wantBy, ids := want.byID()
		var gotBy map[string]wptSubtest
		if run.results != nil {
			gotBy, _ = run.results.byID()
		}
		pageMatch := 0
		for _, id := range ids {
			if strings.Contains(id, knownSep) {
				t.Errorf("%s: subtest name %q must not contain %q", run.page, id, knownSep)
			}
			key := run.page + "/" + id
			seen[key] = true
			total++
			w := wantBy[id]
			g, ok := gotBy[id]
			if ok && g.Status == w.Status {
				match++
				pageMatch++
				if _, listed := known[key]; listed {
					fixed = append(fixed, key)
				}
				continue
			}
			diff := "chromium " + wptStatus(w, true) + "; bangsnap " + wptStatus(g, ok)
			failing[key] = diff
			if _, listed := known[key]; !listed {
				unexpected = append(unexpected, key+": "+diff)
			}
		}
		if run.results != nil {
			for id := range gotBy {
				if _, ok := wantBy[id]; !ok {
					t.Logf("%s: subtest %q ran in bangsnap only", run.page, id)
				}
			}
		}
		perPage = append(perPage, fmt.Sprintf("%s %d/%d", run.page, pageMatch, len(ids)))
	}
	subset := os.Getenv("BANGSNAP_WPT") != "" || testing.Short()
	ran := map[string]bool{}
	for _, p := range pages {
		ran[p] = true
	}
	if exp, _ := filepath.Glob(filepath.Join(wptDir, "expected", "*.json")); !subset && len(exp) != len(pages) {
		for _, e := range exp {
			page := strings.TrimSuffix(filepath.Base(e), ".json")
			if !strings.HasSuffix(page, ".xhtml") {
				page += ".html"
			}
			if _, err := os.Stat(filepath.Join(wptDir, page)); err != nil {
				t.Errorf("%s has no page: remove it", e)
			}
		}
	}
	var stale []string
	for id, what := range known {
		if page := wptIDPage(id); !ran[page] || budgetOut[page] {
			failing[id] = what // another page's: kept as it is by -update
			continue
		}
		if !seen[id] {
			stale = append(stale, id)
		}
	}
	sort.Strings(stale)

	t.Logf("wpt: %d/%d subtests match Chromium (%d pages, %d known failures listed)", match, total, len(runs), len(known))
	t.Logf("wpt per page: %s", strings.Join(perPage, ", "))
	if *update {
		if err := writeWPTKnownFailures(failing); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d differences", wptKnownFailures, len(failing))
		return
	}
	for _, u := range unexpected {
		t.Errorf("unexpected difference from Chromium: %s", u)
	}
	for _, f := range fixed {
		t.Errorf("%s now matches Chromium: remove it from %s", f, wptKnownFailures)
	}
	for _, s := range stale {
		t.Errorf("%s in %s is no subtest of any page: remove it", s, wptKnownFailures)
	}
}

// BenchmarkWPTPage renders one behaviour page of testdata/wpt through
// Render: testharness.js (200 kB) and the report script loaded, 18
// subtests of dom-nodes.html run, the results read from the snapshot.
func BenchmarkWPTPage(b *testing.B) {
	needNodeModules(b)
	srv := httptest.NewServer(wptHandler())
	defer srv.Close()
	r := bangsnap.NewRenderer(bangsnap.Options{Deterministic: true})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		run := runWPTPage(ctx, r, srv.URL, "dom-nodes.html")
		if run.err != nil || run.results == nil || len(run.results.Tests) == 0 {
			b.Fatalf("dom-nodes.html: %v", run.err)
		}
	}
}
