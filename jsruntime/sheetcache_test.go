package jsruntime

import (
	"container/list"
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
	c := &sheetCache{max: max, ll: list.New(), items: make(map[sheetKey]*list.Element)}
	// 1 KB of text, 200 rules: 81 KB parsed; half the bound is 32 KB, so
	// the sheet is not kept.
	big := strings.Repeat(".a,.b{x:y}", 100)
	if ps := c.parse(big, vp, false); ps.size <= max/2 || c.ll.Len() != 0 {
		t.Errorf("a sheet of %d bytes parsed to an estimated %d was kept (%d entries); want it left out", len(big), ps.size, c.ll.Len())
	}
	// 60 rules, 24 KB parsed: more than a quarter of the bound, less than
	// half, so the sheet is kept (one big framework sheet is the parse
	// most worth keeping).
	framework := strings.Repeat(".e,.f{x:y}", 30)
	if ps := c.parse(framework, vp, false); ps.size <= max/4 || ps.size > max/2 || c.ll.Len() != 1 || c.parse(framework, vp, false) != ps {
		t.Errorf("a sheet parsed to an estimated %d was not kept (%d entries); want it kept", ps.size, c.ll.Len())
	}
	// 100 sheets of 10 rules each (about 4 KB parsed, 0.1 KB of text):
	// the cache keeps what fits in 64 KB.
	for i := range 100 {
		c.parse(strings.Repeat(".c"+strings.Repeat("d", i)+"{x:y}", 10), vp, false)
	}
	sum := 0
	for e := c.ll.Front(); e != nil; e = e.Next() {
		sum += e.Value.(*parsedSheet).size
	}
	if sum != c.size || c.size > max || c.ll.Len() > max/(10*parsedRuleBytes) {
		t.Errorf("%d sheets kept, estimated %d bytes (counted %d); want at most %d bytes", c.ll.Len(), sum, c.size, max)
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
