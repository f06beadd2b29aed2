package jsruntime

import (
	"hash/maphash"
	"slices"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/lru"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// sheetCache keeps what the cascade reads from a style sheet's text,
// process-wide, keyed by the text and the viewport its @media rules were
// evaluated for: renders of pages sharing a sheet (Vuetify's 500 KB, a
// site's CSS, the CSS-in-JS rules of one app) parse it once. What it
// keeps is never changed after the parse (cascadia's selectors, the
// declarations, the keyframes and layer names), and the cascades of all
// pages with the sheet use its rules and selectors as they are: what a
// page keeps of its own is a pageSel for each rule (the index key chosen
// among the page's rules and its match memo, ruleindex.go) and its
// numbers for the sheet's lists (pageSheet, stylesheet.go). Until mem52
// each page copied every rule into selectors of its own, 3 MB a render
// for daisyUI's 1.2 MB sheet. It is an LRU bounded by an estimate of
// the bytes each parse keeps (parsedSize), safe for concurrent use; like
// programCache it keeps two seeded hashes of a text, not the text.
type sheetCache struct {
	*lru.Cache[sheetKey, *parsedSheet]
}

func newSheetCache(maxBytes int64) sheetCache {
	return sheetCache{lru.New(lru.Options[sheetKey, *parsedSheet]{
		MaxCost: maxBytes, MaxItemPart: 2,
		Cost: func(_ sheetKey, ps *parsedSheet) int64 { return int64(ps.size) },
	})}
}

// sheetCacheBytes bounds the parsedSize of the sheets sheetCache keeps: a
// parse takes 4.5 to 12 times its text's size (Vuetify's 508 KB minified
// sheet 3.3 MB, KaTeX's 24 KB 250 KB, Toast UI Calendar's 27 KB 230 KB),
// so the 4 MB of text the cache was bounded by could keep 20-45 MB alive
// in an idle process, where it raises every render's garbage collection
// goal. One sheet may take up to half of it: a framework's prebuilt sheet
// of every component (daisyUI 5's 1.2 MB, which keeps 8.4 MB parsed) is
// the one most worth keeping, and was parsed again at each render when a
// sheet was limited to a quarter. Until heap54 the bound was 16 MB of an
// estimate that counted 400 bytes a rule and nothing for declarations or
// selector length: once the test apps had rendered in one process the
// cache kept about 30 MB (heap profile), and daisyUI's sheet, estimated
// at 5 MB, kept 8.4.
const sheetCacheBytes = 20 << 20

// What a parsed sheet keeps beyond its text (most declaration values are
// slices of it), measured by the live heap a parse adds (bootstrap 5,
// daisyUI 5, KaTeX, Vuetify 3, Toast UI Calendar's sheet, antd's reset;
// parsedSize was within 0.9-1.25 of each, and is 0.8-1.05 of bootstrap's,
// daisyUI's and Vuetify's since their equal blocks are shared): per rule (per selector of a
// selector list: its ruleSel, cascadia's selector, subject and
// specificity, the sheetRule), per declaration of a distinct block
// (shared by the selectors of its list and the rules declaring an equal
// block: the cssDecl, its list number, the winners kept), per byte of a selector list's text (cascadia's parse of longer
// selectors: compound parts, :is()/:where() arguments, attribute
// matchers) and per keyframe.
const (
	parsedRuleBytes     = 200
	parsedDeclBytes     = 70
	parsedSelectorByte  = 10
	parsedKeyframeBytes = 200
)

var parsedSheets = newSheetCache(sheetCacheBytes)

type sheetKey struct {
	hash [2]uint64
	n    int
	vp   webapi.Viewport
	// quirks: parsed for a quirks-mode document (cssquirks.go)
	quirks bool
}

// A parsedSheet is one sheet's style rules, keyframes and layer names.
// Nothing in it is changed after the parse: its rules and their
// selectors are shared by the cascades of every page with the sheet
// (each keeps its own pageSels, stylesheet.go), and a page's script
// editing the sheet through the CSSOM gives it a new text, parsed apart.
type parsedSheet struct {
	key  sheetKey
	size int // parsedSize
	// decls and selBytes count the declarations of the rules' distinct
	// blocks (declBlocks) and the bytes of their distinct selector lists
	// (parsedSize).
	decls, selBytes int
	rules           []sheetRule
	kfs             []*keyframesRule
	layers          []string
	props           []sheetProperty // the valid @property rules (cssregister.go)
	fontFaces       []string        // the blocks of the @font-face rules that apply (fontfacecss.go)
	// keys are the per-property lists the rules' declarations go in,
	// numbered by their first use (sheetRule.keyIDs).
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
func (c sheetCache) parse(src string, vp webapi.Viewport, quirks bool) *parsedSheet {
	k := sheetKeyOf(src, vp, quirks)
	if ps, ok := c.Get(k); ok {
		return ps
	}
	ps := &parsedSheet{key: k}
	keyIdx := map[string]int32{}
	var blocks declBlocks
	// lists are the parsed selector lists (with their @container and
	// @scope marks), shared by the rules of a list repeated in other
	// blocks (@media, @layer: daisyUI's 8,194 lists are 7,112 distinct);
	// what a ruleSel holds follows from its list's text alone.
	lists := map[string][]*ruleSel{}
	p := sheetParser{vp: vp, quirks: quirks, owned: true, rule: func(layer, selector string, decls []cssDecl) {
		b, first := blocks.share(decls)
		if first {
			ps.decls += len(decls)
		}
		decls = b.decls
		sels, ok := lists[selector]
		if !ok {
			ps.selBytes += len(selector)
			sels = parseRuleSelectors(selector) // cssnesting.go, sheetselectors.go
			if quirks {
				sels = quirksCaseSelectors(selector, sels)
			}
			if len(sels) > 0 {
				inv := analyzeSelInval(selector)
				for _, sel := range sels {
					ownScope(sel.Sel, k) // a prelude-less @scope's (cssnesting.go)
					sel.inv = inv
					switch {
					case !inv.read:
						sel.anc = nil
					case sel.anc == nil:
						// its text was not kept: what every selector of
						// the list requires (a subset of its own)
						sel.anc = inv.anc
					}
				}
			}
			lists[selector] = sels
		}
		for i, sel := range sels {
			r := sheetRule{sel: sel, decls: decls, layer: layer, selText: selector, selIdx: int32(i)}
			switch {
			case sel.pe != "":
				r.keyIDs = ps.numberKeys(&r, keyIdx)
			case b.ids == nil:
				b.ids = ps.numberKeys(&r, keyIdx)
				r.keyIDs = b.ids
			default:
				r.keyIDs = b.ids
			}
			ps.rules = append(ps.rules, r)
		}
	}, keyframes: func(layer, name, body string) {
		k := parseKeyframes(name, body, quirks) // cssanim.go
		k.layer = layer
		ps.kfs = append(ps.kfs, k)
	}, fontFace: func(body string) {
		ps.fontFaces = append(ps.fontFaces, body)
	}, property: func(layer, name, body string) {
		if reg := parsePropertyRule(name, body); reg != nil { // cssregister.go
			ps.props = append(ps.props, sheetProperty{name, layer, reg})
		}
	}}
	p.parse(stripComments(src), "", 0)
	// kept for as long as the sheet is: not with the room append left
	// (up to a fifth of daisyUI's 10,000 rules)
	ps.rules = slices.Clone(ps.rules)
	ps.layers = p.layers
	ps.size = ps.parsedSize()
	ps, _ = c.GetOrPut(k, ps) // another render's, when it parsed the sheet meanwhile
	return ps
}

// parsedSize estimates the bytes ps keeps alive: its text (most
// declaration values are slices of it) and what its rules, their
// declarations and selectors and its keyframes add.
func (ps *parsedSheet) parsedSize() int {
	n := ps.key.n + parsedRuleBytes*len(ps.rules) + parsedDeclBytes*ps.decls + parsedSelectorByte*ps.selBytes
	for _, k := range ps.kfs {
		n += parsedKeyframeBytes * len(k.frames)
	}
	return n
}

// numberKeys numbers the lists r's declarations go in among the sheet's
// (keyIdx numbering them, ps.keys naming them): their properties', or a
// rule for a pseudo-element's own (pseudoKey).
func (ps *parsedSheet) numberKeys(r *sheetRule, keyIdx map[string]int32) []int32 {
	ids := make([]int32, len(r.decls))
	for j := range r.decls {
		key := r.decls[j].name
		if r.sel.pe != "" {
			key = pseudoKey(r.sel.pe, key)
		}
		id, ok := keyIdx[key]
		if !ok {
			id = int32(len(ps.keys))
			keyIdx[key] = id
			ps.keys = append(ps.keys, key)
		}
		ids[j] = id
	}
	return ids
}

// declBlocks are the distinct declaration blocks of a sheet being
// parsed, by a hash of their declarations. A framework's sheet declares
// the same block under many selector lists (daisyUI 5: 8,194 blocks, of
// which 1,873 differ, 25,299 declarations where 6,202 do), and a parsed
// sheet is kept for as long as the process renders it: its rules share
// one copy of each block and of its lists' numbers.
type declBlocks map[uint64][]*declBlock

// A declBlock is a sheet's declaration block as its rules share it, and
// its lists' numbers for the rules of no pseudo-element (nil until the
// first such rule).
type declBlock struct {
	decls []cssDecl
	ids   []int32
}

var declBlockSeed = maphash.MakeSeed()

// share returns the block with declarations equal to decls, decls' own
// (first) when there was none.
func (bs *declBlocks) share(decls []cssDecl) (b *declBlock, first bool) {
	var h maphash.Hash
	h.SetSeed(declBlockSeed)
	for _, d := range decls {
		h.WriteString(d.name)
		h.WriteByte(0)
		h.WriteString(d.value)
		if d.important {
			h.WriteByte(1)
		} else {
			h.WriteByte(0)
		}
	}
	sum := h.Sum64()
	for _, b := range (*bs)[sum] {
		if slices.Equal(b.decls, decls) {
			return b, false
		}
	}
	if *bs == nil {
		*bs = declBlocks{}
	}
	b = &declBlock{decls: decls}
	(*bs)[sum] = append((*bs)[sum], b)
	return b, true
}

// quirksCaseSelectors is what the selectors sels parsed from selector
// match in a quirks-mode document, whose class and ID selectors match
// ASCII case-insensitively (dom.QuirksCaseSelector): parsed again from
// the rewritten text, each keeping the specificity, the index subject
// (in lower case already, ruleindex.go) and the dependencies of the
// selector as written. sels when the rewrite changes nothing or does not
// parse into as many selectors.
func quirksCaseSelectors(selector string, sels []*ruleSel) []*ruleSel {
	list, ns := cutNamespace(selector) // the namespace's URL as written
	q := dom.QuirksCaseSelector(list)
	if q == list || len(sels) == 0 {
		return sels
	}
	qs := parseRuleSelectors(withNamespace(q, ns))
	if len(qs) != len(sels) {
		return sels
	}
	for i, s := range qs {
		s.spec, s.subj, s.deps = sels[i].spec, sels[i].subj, sels[i].deps
	}
	return qs
}
