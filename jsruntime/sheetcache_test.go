package jsruntime

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// TestSheetCache: a sheet's text is parsed once per viewport (its @media
// rules are evaluated for it), and the cascades of pages with the sheet
// share its rules and selectors, each with pageSels of its own (their
// index keys and match memos are per page).
func TestSheetCache(t *testing.T) {
	const src = `.a { color: red } @media (min-width: 1000px) { .b { color: blue } } @keyframes k { from { opacity: 0 } }`
	wide := webapi.Viewport{Width: 1280, Height: 800, DevicePixelRatio: 1}
	narrow := webapi.Viewport{Width: 500, Height: 800, DevicePixelRatio: 1}
	a, b := parsedSheets.parse(src, wide, false), parsedSheets.parse(src, wide, false)
	if a != b {
		t.Error("the same text and viewport were parsed twice")
	}
	if n := parsedSheets.parse(src, narrow, false); len(n.rules) != 1 || len(a.rules) != 2 || len(a.kfs) != 1 {
		t.Errorf("rules %d (narrow) and %d (wide), keyframes %d; want 1, 2 and 1", len(n.rules), len(a.rules), len(a.kfs))
	}
	sa, sb := sheetState{keyIdx: map[string]int32{}}, sheetState{keyIdx: map[string]int32{"width": 0}, keyNames: []string{"width"}}
	pa, pb := sa.newPageSheet(a), sb.newPageSheet(b)
	if &pa.rules[0] != &pb.rules[0] || pa.sels[0].ruleSel != pb.sels[0].ruleSel {
		t.Error("two cascades do not share the parsed rules and selectors")
	}
	if &pa.sels[0] == &pb.sels[0] {
		t.Error("two cascades share a pageSel")
	}
	if id := pa.rules[0].keyIDs[0]; sa.keyNames[pa.ids[id]] != "color" || sb.keyNames[pb.ids[id]] != "color" || pb.ids[id] != 1 {
		t.Errorf("the list of color is numbered %d and %d in the pages", pa.ids[id], pb.ids[id])
	}
}

// TestSheetCacheBoundsParsedSize: the cache is bounded by what the parses
// keep, not by their texts: many short rules take far more memory parsed
// than as text.
func TestSheetCacheBoundsParsedSize(t *testing.T) {
	vp := webapi.Viewport{Width: 1280, Height: 800, DevicePixelRatio: 1}
	const max = 64 << 10
	c := newSheetCache(max)
	// 1 KB of text, 200 rules: 53 KB parsed; half the bound is 32 KB, so
	// the sheet is not kept.
	big := strings.Repeat(".a,.b{x:y}", 100)
	if ps := c.parse(big, vp, false); ps.size <= max/2 || c.Len() != 0 {
		t.Errorf("a sheet of %d bytes parsed to an estimated %d was kept (%d entries); want it left out", len(big), ps.size, c.Len())
	}
	// 80 rules, 21 KB parsed: more than a quarter of the bound, less than
	// half, so the sheet is kept (one big framework sheet is the parse
	// most worth keeping).
	framework := strings.Repeat(".e,.f{x:y}", 40)
	if ps := c.parse(framework, vp, false); ps.size <= max/4 || ps.size > max/2 || c.Len() != 1 || c.parse(framework, vp, false) != ps {
		t.Errorf("a sheet parsed to an estimated %d was not kept (%d entries); want it kept", ps.size, c.Len())
	}
	// 100 sheets of 10 rules each (about 3 KB parsed, 0.1 KB of text):
	// the cache keeps what fits in 64 KB.
	for i := range 100 {
		c.parse(strings.Repeat(".c"+strings.Repeat("d", i)+"{x:y}", 10), vp, false)
	}
	var sum int64
	_, kept := c.Entries()
	for _, ps := range kept {
		sum += int64(ps.size)
	}
	if sum != c.Cost() || sum > max || c.Len() > max/(10*parsedRuleBytes) {
		t.Errorf("%d sheets kept, estimated %d bytes (counted %d); want at most %d bytes", c.Len(), sum, c.Cost(), max)
	}
}

// TestSheetCacheConcurrentRenders: pages rendered at once share their
// sheets' parse and nothing their cascades change (run with -race).
func TestSheetCacheConcurrentRenders(t *testing.T) {
	const markup = `<!doctype html><html><head><style>.p .c { color: rgb(1, 2, 3) } #x.c { margin-left: 2px } div { padding-top: 1px }</style></head>
<body><div class=p><span id=x class=c>x</span></div></body></html>`
	var wg sync.WaitGroup
	got := make([]string, 4)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPage(t, markup, nil)
			p.run()
			got[i] = p.eval(`var x = document.getElementById('x'), s = ''; for (var i = 0; i < 50; i++) { x.className = i % 2 ? 'c' : 'd'; s = getComputedStyle(x).color + getComputedStyle(x).marginLeft } s`)
		}()
	}
	wg.Wait()
	for i, g := range got {
		if g != "rgb(1, 2, 3)2px" {
			t.Errorf("page %d: %q", i, g)
		}
	}
}

// TestSheetCacheEstimate: parsedSize, by which the cache is bounded, is
// close to the live heap a parse keeps, for framework sheets of several
// shapes. Until heap54 it counted 400 bytes a rule and nothing for the
// declarations or the selectors' length: Toast UI Calendar's sheet kept
// 2.5 times its estimate, daisyUI's 1.7 times, and the cache, bounded at
// 16 MB, kept about 30 MB once the test apps had rendered.
func TestSheetCacheEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("parses framework sheets in a child process")
	}
	sheets := []string{
		"@toast-ui/calendar/dist/toastui-calendar.min.css",
		"bootstrap/dist/css/bootstrap.min.css",
		"daisyui/daisyui.css",
		"katex/dist/katex.min.css",
		"vuetify/dist/vuetify.min.css",
	}
	for _, s := range sheets {
		if _, err := os.Stat("../testdata/node_modules/" + s); err != nil {
			t.Skipf("testdata/node_modules: %v (npm ci in testdata)", err)
		}
	}
	// The live heap is the process's: other tests of the package running
	// beside this one would be counted, so it measures in a child process
	// that runs this test alone.
	if os.Getenv("BANGSNAP_SHEETSIZE_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSheetCacheEstimate$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), "BANGSNAP_SHEETSIZE_CHILD=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("the measuring child failed: %v\n%s", err, out)
		}
		t.Logf("%s", out)
		return
	}
	vp := webapi.Viewport{Width: 1280, Height: 800, DevicePixelRatio: 1}
	c := newSheetCache(1 << 30)
	// the parser's process-wide tables are made on first use
	c.parse(".a:hover > b:is(.c, .d)::before { color: red; margin: 0 } @keyframes k { from { top: 0 } to { top: 1px } }", vp, false)
	live := func() int64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	for _, s := range sheets {
		b, err := os.ReadFile("../testdata/node_modules/" + s)
		if err != nil {
			t.Fatal(err)
		}
		before := live()
		ps := c.parse(string(b), vp, false)
		b = nil
		kept := live() - before
		runtime.KeepAlive(ps)
		ratio := float64(ps.size) / float64(kept)
		t.Logf("%s: %d bytes, %d rules: estimated %d, keeps %d (%.2f)", s, ps.key.n, len(ps.rules), ps.size, kept, ratio)
		if ratio < 0.75 || ratio > 1.5 {
			t.Errorf("%s: parsedSize %d for %d bytes kept (%.2f of it); want 0.75 to 1.5", s, ps.size, kept, ratio)
		}
	}
}
