package bangsnap_test

// TestRealWPT runs files of the real web-platform-tests (a subset fetched
// into a directory outside the repository; they are never committed) through
// bangsnap.Render and compares every subtest with headless Chromium's status,
// which testdata/wpt/run-chromium-realwpt.mjs records:
//
//	node testdata/wpt/run-chromium-realwpt.mjs /path/to/wpt-subset [dir/,file.html]
//	BANGSNAP_REALWPT=/path/to/wpt-subset go test -count=1 -run TestRealWPT -v .
//
// BANGSNAP_REALWPT_FETCH_IMAGES=1 renders with Options.FetchImages (the
// images' load and error events and natural sizes then follow the served
// files, as in Chromium; by default they are decided without a fetch).
// BANGSNAP_REALWPT_ONLY (comma-separated path prefixes, as the node script's
// second argument) runs part of the tree. The tree is laid out as WPT's
// (dom/nodes/…, common/, each directory's resources/); it is served with
// /resources/testharness.js from wpt-runner and our testharnessreport.js, as
// TestWPT serves testdata/wpt. Its tests are what WPT's server would list as
// testharness tests a window runs: *.html, *.htm and *.xhtml files that load
// testharness.js, and *.any.js and *.window.js files, served as the
// .any.html and .window.html pages WPT's server makes of them (the harness,
// then each "// META: script=" file, then the test); "// META: variant=" and
// <meta name="variant"> give one test per variant. Left out: resources/,
// support/ and common/ trees, -manual, -ref and .sub. files (server-side
// substitution), .any.js files whose "// META: global=" has no window.
// Requests for WPT's Python handlers (*.py) and .asis files are answered by
// testdata/wpt/pyhandlers, the Go equivalents both runs share. It serves
// the tree on two ports of 127.0.0.1, and /common/get-host-info.sub.js
// names them and localhost (WPT's remote host), so that tests run
// cross-origin: another port, another host, https: (refused at once).
//
// Each file's counts and each subtest's status are logged, those that differ
// from Chromium marked "DIFFERS"; the test fails when any does.

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
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

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/testdata/wpt/pyhandlers"
)

// realWPTResultsFile is where run-chromium-realwpt.mjs writes Chromium's
// results, in the tree: test path (with its variant) → results.
const realWPTResultsFile = "chromium-results.json"

var (
	realWPTMetaScript  = regexp.MustCompile(`(?m)^//\s*META:\s*script=(\S+)`)
	realWPTMetaTitle   = regexp.MustCompile(`(?m)^//\s*META:\s*title=(.+?)\s*$`)
	realWPTMetaGlobal  = regexp.MustCompile(`(?m)^//\s*META:\s*global=(\S+)`)
	realWPTMetaVariant = regexp.MustCompile(`(?m)^//\s*META:\s*variant=(\S*)`)
	realWPTHTMLVariant = regexp.MustCompile(`<meta\s+name=["']?variant["']?\s+content=["']([^"']*)["']`)
	realWPTMetaLong    = regexp.MustCompile(`(?m)^//\s*META:\s*timeout=long\s*$`)
	realWPTHTMLLong    = regexp.MustCompile(`<meta\s+name=["']?timeout["']?\s+content=["']?long["'\s>]`)
)

// realWPTLong says whether a test has testharness.js's long timeout (60 s,
// <meta name=timeout content=long>, "// META: timeout=long").
func realWPTLong(dir, test string) bool {
	file, _, _ := strings.Cut(test, "?")
	if strings.HasSuffix(file, ".any.html") || strings.HasSuffix(file, ".window.html") {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(file, ".html")+".js")))
		return err == nil && realWPTMetaLong.Match(src)
	}
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
	return err == nil && realWPTHTMLLong.Match(src)
}

// realWPTSkipDir says which directories hold no tests of their own.
func realWPTSkipDir(name string) bool {
	switch name {
	case "resources", "support", "common", "tools", "reference", "crashtests":
		return true
	}
	return strings.HasPrefix(name, ".")
}

// realWPTTests lists the tree's testharness tests a window runs, as paths
// with their variant query, sorted; only those under one of the prefixes
// when any is given.
func realWPTTests(dir string, prefixes []string) ([]string, error) {
	var tests []string
	err := filepath.WalkDir(dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if file != dir && realWPTSkipDir(name) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(dir, file)
		rel = filepath.ToSlash(rel)
		if strings.Contains(name, "-manual.") || strings.Contains(name, "-ref.") || strings.Contains(name, ".sub.") {
			return nil
		}
		var page string
		var variants [][][]byte
		switch {
		case strings.HasSuffix(name, ".any.js"), strings.HasSuffix(name, ".window.js"):
			src, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			if strings.HasSuffix(name, ".any.js") && !realWPTAnyInWindow(src) {
				return nil
			}
			page = strings.TrimSuffix(rel, ".js") + ".html"
			variants = realWPTMetaVariant.FindAllSubmatch(src, -1)
		case strings.HasSuffix(name, ".html"), strings.HasSuffix(name, ".htm"), strings.HasSuffix(name, ".xhtml"):
			src, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			if !strings.Contains(string(src), "/resources/testharness.js") {
				return nil // a reftest, a support page or a frame
			}
			page = rel
			variants = realWPTHTMLVariant.FindAllSubmatch(src, -1)
		default:
			return nil
		}
		if len(prefixes) > 0 && !slicesAny(prefixes, func(p string) bool { return strings.HasPrefix(page, p) }) {
			return nil
		}
		if len(variants) == 0 {
			tests = append(tests, page)
		}
		for _, v := range variants {
			tests = append(tests, page+string(v[1]))
		}
		return nil
	})
	sort.Strings(tests)
	return tests, err
}

func slicesAny(s []string, f func(string) bool) bool {
	for _, x := range s {
		if f(x) {
			return true
		}
	}
	return false
}

// realWPTAnyInWindow says whether an .any.js file runs in a window: its
// globals are window and dedicated workers unless "// META: global=" names
// others.
func realWPTAnyInWindow(src []byte) bool {
	m := realWPTMetaGlobal.FindSubmatch(src)
	if m == nil {
		return true
	}
	for _, g := range strings.Split(string(m[1]), ",") {
		if g == "window" || g == "default" {
			return true
		}
	}
	return false
}

// realWPTWrapper makes the .any.html or .window.html page of an .any.js or
// .window.js test (nil for any other path), as WPT's server does: the
// harness, the META scripts in their order, then the test itself.
func realWPTWrapper(dir, p string) []byte {
	var js string
	switch {
	case strings.HasSuffix(p, ".any.html"), strings.HasSuffix(p, ".window.html"):
		js = strings.TrimSuffix(p, ".html") + ".js"
	default:
		return nil
	}
	if strings.Contains(js, "..") {
		return nil
	}
	src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(js, "/"))))
	if err != nil {
		return nil
	}
	var b strings.Builder
	b.WriteString("<!doctype html>\n<meta charset=utf-8>\n")
	if m := realWPTMetaTitle.FindSubmatch(src); m != nil {
		b.WriteString("<title>" + htmlEscaper.Replace(string(m[1])) + "</title>\n")
	}
	if realWPTMetaLong.Match(src) {
		b.WriteString("<meta name=timeout content=long>\n")
	}
	if strings.HasSuffix(p, ".any.html") {
		b.WriteString("<script>self.GLOBAL = {isWindow: function() { return true; }, isWorker: function() { return false; }, isShadowRealm: function() { return false; }};</script>\n")
	}
	b.WriteString("<script src=\"/resources/testharness.js\"></script>\n<script src=\"/resources/testharnessreport.js\"></script>\n")
	for _, m := range realWPTMetaScript.FindAllSubmatch(src, -1) {
		b.WriteString("<script src=\"" + htmlEscaper.Replace(string(m[1])) + "\"></script>\n")
	}
	b.WriteString("<div id=log></div>\n<script src=\"" + htmlEscaper.Replace(path.Base(js)) + "\"></script>\n")
	return []byte(b.String())
}

var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func TestRealWPT(t *testing.T) {
	dir := os.Getenv("BANGSNAP_REALWPT")
	if dir == "" {
		t.Skip("set BANGSNAP_REALWPT to a directory of real web-platform-tests files (laid out as in WPT) " +
			"after recording Chromium's results with `node testdata/wpt/run-chromium-realwpt.mjs DIR`; " +
			"BANGSNAP_REALWPT_ONLY=prefix,… runs part of it")
	}
	needNodeModules(t)
	var prefixes []string
	for _, p := range strings.Split(os.Getenv("BANGSNAP_REALWPT_ONLY"), ",") {
		if p != "" {
			prefixes = append(prefixes, p)
		}
	}
	tests, err := realWPTTests(dir, prefixes)
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) == 0 {
		t.Fatalf("no testharness tests in %s (prefixes %q)", dir, prefixes)
	}
	chromium := map[string]*wptResults{}
	if b, err := os.ReadFile(filepath.Join(dir, realWPTResultsFile)); err != nil {
		t.Logf("no Chromium results (%v): run node testdata/wpt/run-chromium-realwpt.mjs %s", err, dir)
	} else if err := json.Unmarshal(b, &chromium); err != nil {
		t.Fatalf("%s: %v", realWPTResultsFile, err)
	}

	// The tree's own requests to WPT's Python handlers (and its .asis
	// files) are answered by their Go equivalents, as for Chromium.
	srv, err := pyhandlers.Start(dir, wptTreeHandler(dir, func(p string) []byte { return realWPTWrapper(dir, p) }))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	// The budgets of TestWPT: testharness.js's own timeout (10 s) must come
	// before the page is taken as settled.
	images := os.Getenv("BANGSNAP_REALWPT_FETCH_IMAGES") != ""
	r := bangsnap.NewRenderer(bangsnap.Options{Deterministic: true, Timeout: 5 * time.Minute, SettleHorizon: 15 * time.Second, MemoryLimit: 2 << 30, FetchImages: images})
	// A test with the long timeout (60 s) gets a horizon past it, so that a
	// subtest that never ends is reported as testharness.js reports it.
	long := bangsnap.NewRenderer(bangsnap.Options{Deterministic: true, Timeout: 5 * time.Minute, SettleHorizon: 65 * time.Second, VirtualLimit: 90 * time.Second, MemoryLimit: 2 << 30, FetchImages: images})
	runs := make([]wptRun, len(tests))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, test := range tests {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			rr := r
			if realWPTLong(dir, test) {
				rr = long
			}
			runs[i] = runWPTPage(context.Background(), rr, srv.URL, test)
		})
	}
	wg.Wait()

	type count struct{ files, subtests, match, compared int }
	dirs := map[string]*count{}
	var all count
	var differ []string
	for _, run := range runs {
		d := path.Dir(run.page)
		if dirs[d] == nil {
			dirs[d] = new(count)
		}
		got := run.results
		if got != nil {
			// Names that hold the servers' URLs compare across runs.
			for i := range got.Tests {
				got.Tests[i].Name = srv.PortPlaceholders(got.Tests[i].Name)
			}
		}
		if got == nil {
			msg := fmt.Sprintf("%v (render ended: %s)", run.err, run.reason)
			got = &wptResults{Harness: "NORESULT", Message: &msg}
		}
		for _, e := range run.errors {
			t.Logf("%s: page error: %s (%s:%d)", run.page, e.Message, e.Source, e.Line)
		}
		gotBy, gotIDs := got.byID()
		want := chromium[run.page]
		var wantBy map[string]wptSubtest
		ids := gotIDs
		if want != nil {
			wantBy, ids = want.byID()
		}
		pass, match := 0, 0
		var lines []string
		for _, id := range ids {
			g, ok := gotBy[id]
			if ok && (g.Status == "PASS" || g.Status == "OK") {
				pass++
			}
			line := fmt.Sprintf("    %s  %s", wptStatus(g, ok), id)
			if want != nil {
				w := wantBy[id]
				if ok && g.Status == w.Status {
					match++
				} else {
					line += "  DIFFERS: chromium " + wptStatus(w, true)
					differ = append(differ, run.page+"/"+id)
				}
			}
			lines = append(lines, line)
		}
		if want != nil {
			for id := range gotBy {
				if _, ok := wantBy[id]; !ok {
					lines = append(lines, "    (ran in bangsnap only) "+id)
				}
			}
		}
		c := dirs[d]
		c.files++
		c.subtests += len(ids)
		all.files++
		all.subtests += len(ids)
		if want == nil {
			t.Logf("%s: bangsnap %d/%d pass (harness and subtests); no Chromium result\n%s", run.page, pass, len(ids), strings.Join(lines, "\n"))
			continue
		}
		c.compared++
		c.match += match
		all.compared++
		all.match += match
		t.Logf("%s: bangsnap %d/%d pass (harness and subtests), %d/%d as in Chromium\n%s", run.page, pass, len(ids), match, len(ids), strings.Join(lines, "\n"))
	}
	names := make([]string, 0, len(dirs))
	for d := range dirs {
		names = append(names, d)
	}
	sort.Strings(names)
	for _, d := range names {
		c := dirs[d]
		t.Logf("realwpt %s: %d files (%d with Chromium results), %d/%d subtests as in Chromium", d, c.files, c.compared, c.match, c.subtests)
	}
	t.Logf("realwpt: %d files (%d with Chromium results), %d/%d subtests as in Chromium (each file's harness status counted as one)", all.files, all.compared, all.match, all.subtests)
	if len(differ) > 0 {
		t.Errorf("%d subtests differ from Chromium (marked DIFFERS above)", len(differ))
	}
}
