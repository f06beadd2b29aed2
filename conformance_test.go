package bangsnap_test

// The differential DOM conformance harness: every probe of
// testdata/conformance/probes runs in a page opened with bangsnap.Open, and
// each of its checks is compared with what headless Chromium returned for it
// (testdata/conformance/expected/<probe>.json, written by
// testdata/conformance/run-chromium.mjs). Checks known to differ are listed
// with their reason in testdata/conformance/known_failures.txt; the test
// fails on a difference not listed there and on a listed check that now
// matches, so that the list stays honest. `go test -run TestConformance
// -update` rewrites the list from this run (keeping the reasons of checks
// still failing). testdata/conformance/FAILURES.md groups the differences by
// cause for the people fixing them. With BANGSNAP_CONFORMANCE_OUT=dir set,
// the test also writes bangsnap's results as dir/<probe>.json, in the format
// of expected/, to diff whole probes.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

const (
	conformanceDir    = "testdata/conformance"
	conformanceOrigin = "http://127.0.0.1:8099"
	knownFailuresFile = conformanceDir + "/known_failures.txt"
	// knownSep separates a check from its reason in known_failures.txt.
	knownSep = " — "
)

// probeName is what a probe file may be called (also the server's rule).
var probeName = regexp.MustCompile(`^[\w-]+$`)

// conformancePage fills page.html for probe with its optional fixture
// (probes/<probe>.html), as run-chromium.mjs does.
func conformancePage(template []byte, probe string) ([]byte, error) {
	fixture, err := os.ReadFile(filepath.Join(conformanceDir, "probes", probe+".html"))
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	page := bytes.ReplaceAll(template, []byte("{{PROBE}}"), []byte(probe))
	return bytes.Replace(page, []byte("{{FIXTURE}}"), bytes.TrimRight(fixture, " \t\r\n"), 1), nil
}

// conformanceHandler serves the probes' pages and files in process, with the
// paths of run-chromium.mjs's server.
func conformanceHandler(template []byte) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /p/{page}", func(w http.ResponseWriter, r *http.Request) {
		probe, ok := strings.CutSuffix(r.PathValue("page"), ".html")
		if !ok || !probeName.MatchString(probe) {
			http.NotFound(w, r)
			return
		}
		page, err := conformancePage(template, probe)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	files := func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if strings.Contains(name, "..") {
			http.NotFound(w, r)
			return
		}
		switch filepath.Ext(name) {
		case ".js":
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		case ".json":
			w.Header().Set("Content-Type", "application/json")
		case ".html":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		default:
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		}
		http.ServeFile(w, r, filepath.Join(conformanceDir, filepath.FromSlash(name)))
	}
	mux.HandleFunc("/echo", echoRequest)
	mux.HandleFunc("GET /harness.js", files)
	mux.HandleFunc("GET /probes/{file}", files)
	mux.HandleFunc("GET /data/{file}", files)
	return mux
}

// echoRequest describes a request as JSON for the XHR and fetch probes, as
// run-chromium.mjs's echo does.
func echoRequest(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{
		"method":      r.Method,
		"contentType": r.Header.Get("Content-Type"),
		"probe":       r.Header.Get("X-Probe"),
		"body":        string(body),
	})
}

// A probeRun is what one probe returned in bangsnap.
type probeRun struct {
	probe   string
	results map[string]any
	errors  []bangsnap.ScriptError
	err     error
}

// runProbe opens the probe's page and collects its results.
func runProbe(ctx context.Context, r *bangsnap.Renderer, probe string) probeRun {
	run := probeRun{probe: probe}
	page, err := r.Open(ctx, conformanceOrigin+"/p/"+probe+".html")
	if err != nil {
		run.err = err
		return run
	}
	defer page.Close()
	// The results promise may outlive the settle horizon (async probes that
	// time out one after the other form a timer chain, which the loop stops
	// waiting for after loop.DefaultSettleHorizon), so it is started once and
	// polled: each poll waits on a fresh one-second timer, and the chain's
	// timers due before it fire meanwhile.
	const poll = `new Promise(function (r) {
		if (window.__conformanceJSON) return r(window.__conformanceJSON);
		setTimeout(function () { r(window.__conformanceJSON || null); }, 1000);
	})`
	_, err = page.Eval(ctx, "__conformanceResults().then(function (s) { window.__conformanceJSON = s; }), 0")
	var s string
	for i := 0; err == nil && i < 60 && s == ""; i++ {
		var v any
		if v, err = page.Eval(ctx, poll); err == nil {
			s, _ = v.(string)
		}
	}
	run.errors = page.Report().Errors
	if err != nil {
		run.err = err
		return run
	}
	if s == "" {
		run.err = errors.New("the probe's results never arrived")
		return run
	}
	if err := json.Unmarshal([]byte(s), &run.results); err != nil {
		run.err = fmt.Errorf("results: %w", err)
	}
	return run
}

// readExpected reads expected/<probe>.json.
func readExpected(probe string) (map[string]any, error) {
	b, err := os.ReadFile(filepath.Join(conformanceDir, "expected", probe+".json"))
	if err != nil {
		return nil, err
	}
	var want map[string]any
	if err := json.Unmarshal(b, &want); err != nil {
		return nil, fmt.Errorf("%s.json: %w", probe, err)
	}
	return want, nil
}

// readKnownFailures reads known_failures.txt: "probe/check — reason" lines,
// # comments and blank lines.
func readKnownFailures() (map[string]string, error) {
	return readKnownList(knownFailuresFile, "probe/check"+knownSep+"reason", func(id string) bool { return strings.Contains(id, "/") })
}

// readKnownList reads a list of known differences from Chromium: "id" +
// knownSep + "what differs" lines, # comments and blank lines. valid checks
// each id; format is the line's shape, for errors. The lines are not trimmed
// (a WPT subtest name may end in a space).
func readKnownList(path, format string, valid func(id string) bool) (map[string]string, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	known := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, what, ok := strings.Cut(line, knownSep)
		if !ok || !valid(id) || strings.TrimSpace(what) == "" {
			return nil, fmt.Errorf("%s:%d: want %q", path, n, format)
		}
		if _, dup := known[id]; dup {
			return nil, fmt.Errorf("%s:%d: %s listed twice", path, n, id)
		}
		known[id] = what
	}
	return known, sc.Err()
}

// marshalPlain is json.Marshal without escaping <, > and &, so that markup
// reads as the probes wrote it.
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// invisibles spells out the space-like characters that locale formats and
// serialization differ in, so that a message shows which one it got.
var invisibles = strings.NewReplacer("\u00a0", `\u00a0`, "\u202f", `\u202f`, "\u2009", `\u2009`,
	"\u200e", `\u200e`, "\u200f", `\u200f`)

// compact renders a result for messages.
func compact(v any) string {
	b, err := marshalPlain(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := invisibles.Replace(string(b))
	if len(s) > 160 {
		s = s[:157] + "..."
	}
	return s
}

func TestConformance(t *testing.T) {
	template, err := os.ReadFile(filepath.Join(conformanceDir, "page.html"))
	if err != nil {
		t.Fatal(err)
	}
	paths, err := filepath.Glob(filepath.Join(conformanceDir, "probes", "*.js"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no probes in %s/probes (%v)", conformanceDir, err)
	}
	known, err := readKnownFailures()
	if err != nil {
		t.Fatal(err)
	}

	r := bangsnap.NewRenderer(bangsnap.Options{
		Handler:       conformanceHandler(template),
		Deterministic: true,
		Timeout:       20 * time.Second,
	})
	ctx := context.Background()
	runs := make([]probeRun, len(paths))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, p := range paths {
		probe := strings.TrimSuffix(filepath.Base(p), ".js")
		if !probeName.MatchString(probe) {
			t.Fatalf("probe file %s: name must match %s", p, probeName)
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			runs[i] = runProbe(ctx, r, probe)
		})
	}
	wg.Wait()

	var (
		total, match int
		failing      = map[string]string{} // id -> got/want, this run
		unexpected   []string
		fixed        []string
	)
	seen := map[string]bool{}
	out := os.Getenv("BANGSNAP_CONFORMANCE_OUT")
	for _, run := range runs {
		if out != "" && run.results != nil {
			if err := writeResults(filepath.Join(out, run.probe+".json"), run.results); err != nil {
				t.Error(err)
			}
		}
		want, err := readExpected(run.probe)
		if err != nil {
			t.Errorf("%s: no Chromium expectation (run node %s/run-chromium.mjs %s): %v", run.probe, conformanceDir, run.probe, err)
			continue
		}
		if run.err != nil {
			t.Logf("%s: the page failed: %v", run.probe, run.err)
		}
		for _, e := range run.errors {
			t.Logf("%s: page error: %s (%s:%d)", run.probe, e.Message, e.Source, e.Line)
		}
		checks := make([]string, 0, len(want))
		for c := range want {
			if strings.Contains(c, knownSep) || strings.ContainsAny(c, "\r\n") {
				t.Errorf("%s: check name %q must not contain %q or a line break", run.probe, c, knownSep)
			}
			checks = append(checks, c)
		}
		sort.Strings(checks)
		for _, c := range checks {
			id := run.probe + "/" + c
			seen[id] = true
			total++
			got, ok := run.results[c]
			if ok && reflect.DeepEqual(got, want[c]) {
				match++
				if _, listed := known[id]; listed {
					fixed = append(fixed, id)
				}
				continue
			}
			diff := "missing (the probe did not run)"
			if ok {
				diff = describeDiff(got, want[c])
			}
			failing[id] = diff
			if _, listed := known[id]; !listed {
				unexpected = append(unexpected, id+": "+diff)
			}
		}
	}
	if exp, _ := filepath.Glob(filepath.Join(conformanceDir, "expected", "*.json")); len(exp) != len(runs) {
		for _, e := range exp {
			probe := strings.TrimSuffix(filepath.Base(e), ".json")
			if _, err := os.Stat(filepath.Join(conformanceDir, "probes", probe+".js")); err != nil {
				t.Errorf("%s has no probe: remove it", e)
			}
		}
	}
	var stale []string
	for id := range known {
		if !seen[id] {
			stale = append(stale, id)
		}
	}
	sort.Strings(stale)

	t.Logf("conformance: %d/%d checks match Chromium (%d probes, %d known failures listed)", match, total, len(runs), len(known))
	if *update {
		if err := writeKnownFailures(failing, known); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d failing checks", knownFailuresFile, len(failing))
		return
	}
	for _, u := range unexpected {
		t.Errorf("unexpected difference from Chromium: %s", u)
	}
	for _, f := range fixed {
		t.Errorf("%s now matches Chromium: remove it from %s", f, knownFailuresFile)
	}
	for _, s := range stale {
		t.Errorf("%s in %s is no check of any probe: remove it", s, knownFailuresFile)
	}
}

// describeDiff says how got differs from want: for two arrays of one length
// only the differing elements ("[3] got x, want y; ..."), else both whole.
func describeDiff(got, want any) string {
	g, gok := got.([]any)
	w, wok := want.([]any)
	if !gok || !wok || len(g) != len(w) || len(g) < 4 {
		return "got " + compact(got) + ", want " + compact(want)
	}
	var parts []string
	for i := range g {
		if !reflect.DeepEqual(g[i], w[i]) {
			parts = append(parts, fmt.Sprintf("[%d] got %s, want %s", i, compact(g[i]), compact(w[i])))
		}
	}
	if len(parts) > 6 {
		parts = append(parts[:6], fmt.Sprintf("and %d more", len(parts)-6))
	}
	return strings.Join(parts, "; ")
}

// writeKnownFailures rewrites known_failures.txt with the checks failing
// now, keeping the reasons written for them by hand; the others get their
// got/want as their reason.
func writeKnownFailures(failing, known map[string]string) error {
	ids := make([]string, 0, len(failing))
	for id := range failing {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	b.WriteString("# Conformance checks where bangsnap differs from headless Chromium, one per line:\n")
	b.WriteString("#   probe/check" + knownSep + "reason\n")
	b.WriteString("# conformance_test.go fails on a difference not listed here and on a listed check\n")
	b.WriteString("# that matches; `go test -run TestConformance -update` rewrites this file (reasons of\n")
	b.WriteString("# checks still failing are kept). FAILURES.md groups them by cause.\n")
	for _, id := range ids {
		reason, ok := known[id]
		if !ok || strings.HasPrefix(reason, "got ") || strings.HasPrefix(reason, "[") || strings.HasPrefix(reason, "missing ") {
			reason = failing[id]
		}
		b.WriteString(id + knownSep + reason + "\n")
	}
	return os.WriteFile(knownFailuresFile, []byte(b.String()), 0o644)
}

// writeResults writes a probe's results one check per line, sorted by check
// name (the expectations keep the probe's order; sort both to diff).
func writeResults(path string, results map[string]any) error {
	names := make([]string, 0, len(results))
	for k := range results {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("{\n")
	for i, k := range names {
		kb, _ := marshalPlain(k)
		vb, err := marshalPlain(results[k])
		if err != nil {
			return err
		}
		b.WriteString("  " + string(kb) + ": " + string(vb))
		if i < len(names)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// BenchmarkConformanceProbe measures one probe page in bangsnap: open the
// page (harness and the 59 checks of the Node probe), collect the results.
func BenchmarkConformanceProbe(b *testing.B) {
	template, err := os.ReadFile(filepath.Join(conformanceDir, "page.html"))
	if err != nil {
		b.Fatal(err)
	}
	r := bangsnap.NewRenderer(bangsnap.Options{Handler: conformanceHandler(template), Deterministic: true})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		run := runProbe(ctx, r, "node")
		if run.err != nil || len(run.results) == 0 {
			b.Fatalf("node probe: %v (%d results)", run.err, len(run.results))
		}
	}
}
