package webapi

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

var updateIntlMatrix = flag.Bool("update", false, "rewrite testdata/intlmatrix/known_differences.txt from the current differences")

const intlMatrixDir = "testdata/intlmatrix"

// runIntlMatrix evaluates matrix.js with bangsnap's Intl and returns its
// results by id.
func runIntlMatrix(t testing.TB) map[string]string {
	src, err := os.ReadFile(filepath.Join(intlMatrixDir, "matrix.js"))
	if err != nil {
		t.Fatal(err)
	}
	rt := goja.New()
	if err := InstallPolyfills(rt); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunScript("matrix.js", string(src)+"\n;JSON.stringify(intlMatrix())")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	if err := json.Unmarshal([]byte(v.String()), &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestIntlMatrix is the differential check of Intl: every call of
// testdata/intlmatrix/matrix.js gives what Chromium gave (chromium.json,
// written by intlgen/gen-matrix.mjs), except those listed in
// known_differences.txt with what bangsnap gives. It fails on a new or
// changed difference and on a listed one that now matches; -update
// rewrites the list. With -v it logs the differences counted by API.
func TestIntlMatrix(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(intlMatrixDir, "chromium.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	got := runIntlMatrix(t)
	diffs := map[string]string{}
	byAPI := map[string]int{}
	total := map[string]int{}
	for id, w := range want {
		api, _, _ := strings.Cut(id, "/")
		total[api]++
		g, ok := got[id]
		if !ok {
			g = "(missing)"
		}
		if g != w {
			diffs[id] = g
			byAPI[api]++
		}
	}
	for id := range got {
		if _, ok := want[id]; !ok {
			t.Errorf("%s: not in chromium.json (rerun node jsruntime/webapi/intlgen/gen-matrix.mjs)", id)
		}
	}
	apis := make([]string, 0, len(total))
	for a := range total {
		apis = append(apis, a)
	}
	sort.Strings(apis)
	var summary []string
	for _, a := range apis {
		summary = append(summary, fmt.Sprintf("%s %d/%d", a, byAPI[a], total[a]))
	}
	t.Logf("Intl matrix: %d of %d calls differ from Chromium (by API: %s)", len(diffs), len(want), strings.Join(summary, ", "))

	path := filepath.Join(intlMatrixDir, "known_differences.txt")
	if *updateIntlMatrix {
		ids := make([]string, 0, len(diffs))
		for id := range diffs {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		var b strings.Builder
		b.WriteString("# Calls of matrix.js where bangsnap's Intl differs from Chromium's (chromium.json):\n")
		b.WriteString("#   id<TAB>what bangsnap gives (JSON)\n")
		b.WriteString("# intl_matrix_test.go fails on a difference not listed here, on a listed one that\n")
		b.WriteString("# changed and on one that matches; `go test ./jsruntime/webapi/ -run TestIntlMatrix -update`\n")
		b.WriteString("# rewrites this file. KNOWN_GAPS.md says why they differ.\n")
		for _, id := range ids {
			g, _ := json.Marshal(diffs[id])
			fmt.Fprintf(&b, "%s\t%s\n", id, g)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	known := map[string]string{}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, g, ok := strings.Cut(line, "\t")
		var s string
		if !ok || json.Unmarshal([]byte(g), &s) != nil {
			t.Fatalf("known_differences.txt: bad line %q", line)
		}
		known[id] = s
	}
	ids := make([]string, 0, len(want))
	for id := range want {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		g, differs := diffs[id]
		k, listed := known[id]
		switch {
		case differs && !listed:
			t.Errorf("%s: got %q, want %q (Chromium)", id, g, want[id])
		case differs && g != k:
			t.Errorf("%s: got %q, listed as %q; want %q (Chromium)", id, g, k, want[id])
		case !differs && listed:
			t.Errorf("%s: matches Chromium now; remove it from known_differences.txt (-update)", id)
		}
	}
}
