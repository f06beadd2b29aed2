package jsruntime

import (
	"container/list"
	"hash/maphash"
	"sync"

	"github.com/andybalholm/cascadia"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// sheetCache keeps what the cascade reads from a style sheet's text,
// process-wide, keyed by the text and the viewport its @media rules were
// evaluated for: renders of pages sharing a sheet (Vuetify's 500 KB, a
// site's CSS, the CSS-in-JS rules of one app) parse it once. What it
// keeps is never changed after the parse (cascadia's selectors, the
// declarations, the keyframes and layer names); each render wraps the
// selectors in its own ruleSels, whose index keys and match memos are
// its own. It is a bounded LRU, by an estimate of the bytes each parse
// keeps (parsedSize), safe for concurrent use; like programCache it keeps
// two seeded hashes of a text, not the text.
type sheetCache struct {
	mu    sync.Mutex
	max   int // parsedSize of the sheets kept
	size  int
	ll    *list.List
	items map[sheetKey]*list.Element
}

// sheetCacheBytes bounds the parsedSize of the sheets sheetCache keeps: a
// parse takes 4.5 to 12 times its text's size (Vuetify's 646 KB sheet
// 2.9 MB, KaTeX's 24 KB 190 KB, a 2 KB Prism theme 21 KB), so the 4 MB of
// text the cache was bounded by could keep 20-45 MB alive in an idle
// process, where it raises every render's garbage collection goal. One
// sheet may take up to half of it: a framework's prebuilt sheet of every
// component (daisyUI 5's 1.2 MB, parsed to an estimated 5.3 MB) is the
// one most worth keeping, and was parsed again at each render when a
// sheet was limited to a quarter.
const sheetCacheBytes = 16 << 20

// Bytes a parsed sheet keeps per rule (per selector of a selector list:
// cascadia's selector, its subject and specificity, the declarations'
// share) and per keyframe, measured on the sheets above.
const (
	parsedRuleBytes     = 400
	parsedKeyframeBytes = 200
)

var parsedSheets = &sheetCache{max: sheetCacheBytes, ll: list.New(), items: make(map[sheetKey]*list.Element)}

type sheetKey struct {
	hash [2]uint64
	n    int
	vp   webapi.Viewport
	// quirks: parsed for a quirks-mode document (cssquirks.go)
	quirks bool
}

// A parsedSheet is one sheet's style rules, keyframes and layer names.
type parsedSheet struct {
	key    sheetKey
	size   int // parsedSize
	rules  []sharedRule
	kfs    []*keyframesRule
	layers []string
	props  []sheetProperty // the valid @property rules (cssregister.go)
}

// A sharedRule is a sheetRule without what one render's cascade changes.
type sharedRule struct {
	sel   cascadia.Sel
	spec  cascadia.Specificity
	subj  subject
	deps  selDeps
	inv   *selInval // matchinval.go, shared by the selectors of a list
	decls []cssDecl
	layer string
	// text is the rule's selector list, of which sel is item idx.
	text string
	idx  int
	pe   string // sel.PseudoElement()
	// keys are the per-property lists the declarations go in
	// (pseudoKey) when pe is not "", nil otherwise (their names).
	keys []string
}

func sheetKeyOf(src string, vp webapi.Viewport, quirks bool) sheetKey {
	k := sheetKey{n: len(src), vp: vp, quirks: quirks}
	for i, seed := range programSeeds {
		k.hash[i] = maphash.String(seed, src)
	}
	return k
}

// parse returns the parse of sheet text src (comments in it) for vp, in
// a quirks-mode document when quirks is set.
func (c *sheetCache) parse(src string, vp webapi.Viewport, quirks bool) *parsedSheet {
	k := sheetKeyOf(src, vp, quirks)
	c.mu.Lock()
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		c.mu.Unlock()
		return e.Value.(*parsedSheet)
	}
	c.mu.Unlock()
	ps := &parsedSheet{key: k}
	p := sheetParser{vp: vp, quirks: quirks, owned: true, rule: func(layer, selector string, decls []cssDecl) {
		var inv *selInval
		for i, sel := range parseRuleSelectors(selector) { // cssnesting.go, sheetselectors.go
			if inv == nil {
				inv = analyzeSelInval(selector)
			}
			ownScope(sel.Sel, k) // a prelude-less @scope's (cssnesting.go)
			pe := sel.Sel.PseudoElement()
			var keys []string
			if pe != "" {
				keys = make([]string, len(decls))
				for j := range decls {
					keys[j] = pseudoKey(pe, decls[j].name)
				}
			}
			ps.rules = append(ps.rules, sharedRule{sel.Sel, sel.spec, sel.subj, sel.deps, inv, decls, layer, selector, i, pe, keys})
		}
	}, keyframes: func(name, body string) {
		ps.kfs = append(ps.kfs, parseKeyframes(name, body, quirks)) // cssanim.go
	}, property: func(name, body string) {
		if reg := parsePropertyRule(name, body); reg != nil { // cssregister.go
			ps.props = append(ps.props, sheetProperty{name, reg})
		}
	}}
	p.parse(stripComments(src), "", 0)
	ps.layers = p.layers
	ps.size = ps.parsedSize()
	if ps.size > c.max/2 {
		return ps
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok { // parsed meanwhile by another render
		c.ll.MoveToFront(e)
		return e.Value.(*parsedSheet)
	}
	c.items[k] = c.ll.PushFront(ps)
	c.size += ps.size
	for c.size > c.max {
		last := c.ll.Back()
		c.ll.Remove(last)
		old := last.Value.(*parsedSheet)
		delete(c.items, old.key)
		c.size -= old.size
	}
	return ps
}

// parsedSize estimates the bytes ps keeps alive: its text (most
// declaration values are slices of it) and what each rule and
// keyframe adds.
func (ps *parsedSheet) parsedSize() int {
	n := ps.key.n + parsedRuleBytes*len(ps.rules)
	for _, k := range ps.kfs {
		n += parsedKeyframeBytes * len(k.frames)
	}
	return n
}

// sheetRules wraps the rules of ps in ruleSels of one cascade's own.
func (ps *parsedSheet) sheetRules() []sheetRule {
	if len(ps.rules) == 0 {
		return nil
	}
	out := make([]sheetRule, len(ps.rules))
	sels := make([]ruleSel, len(ps.rules))
	for i, r := range ps.rules {
		sels[i] = ruleSel{Sel: r.sel, spec: r.spec, subj: r.subj, deps: r.deps, inv: r.inv, key: r.subj.firstKey(), pe: r.pe}
		out[i] = sheetRule{&sels[i], r.decls, r.layer, r.text, r.idx, r.keys, nil}
	}
	return out
}
