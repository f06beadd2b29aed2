package jsruntime

import (
	"math"
	"slices"

	"github.com/bangsnap/bangsnap/dom"
)

// Sheets added without dropping the matched rules. CSS-in-JS libraries
// (Ant Design's cssinjs, Emotion, styled-components) add a <style>
// element, or a rule at the end of one of theirs, many times in a render,
// between reads of computed styles; each addition rebuilds the cascade's
// lists (stylesheet.go), and dropped every element's matched rules
// (matched.go), which were then matched again against every rule at their
// next read. As browsers' style invalidation does for an added sheet
// (Blink's RuleSet diff), when the rules of the new collection hold those
// of the last build in the same order, only in new places among them (a
// new sheet anywhere, rules appended to a sheet) with the cascade layers
// of the old rules ranked in the same order, an element's kept winners
// still win among the old rules: they are carried over to the rules
// built now, and the element is matched again only when one of the new
// rules matches it, which is looked at lazily, at its first read after
// the addition. Removing or changing rules, or reordering sheets or
// layers, still drops every element's.

// A ruleGrowth maps the rules of the last build to those of a new one
// whose rules hold them in order.
type ruleGrowth struct {
	// oldSrc is, for each new source, the index of the old source whose
	// rules its first kept ones are (-1 for none).
	oldSrc, kept []int
	// oldBase is, for each old source, the number of declarations of
	// the sources before it: a declaration's order in the last build is
	// its source's base plus its place in its source.
	oldBase []int
	// remap is the rule built now for each declaration's order in the
	// last build.
	remap []*cssRule
	// layers pairs the layer rank of each old rule in the last build with
	// its rank now.
	layers map[int32]int32
	// fresh are the indexes in sheetState.groups of the new rules' groups.
	fresh []int
}

// maxSheetAdditions bounds the additions an element's kept rules are
// checked against before every element's rules are dropped instead.
const maxSheetAdditions = 32

// A sheetAddition is the rule groups of an addition and the stamp it
// was made at: an entry matched before it stands only if none of them
// matches its element.
type sheetAddition struct {
	at  uint64
	idx *groupIndex
}

// growthOf maps the rules of the last build onto those of sources
// (rulesOf holding the rules of each), or returns nil when they do not
// hold them all in order. The rules of a source are the old ones of an old source
// when the texts are equal, or when the old rules begin the new ones (a
// rule appended).
func (s *sheetState) growthOf(sources []string, rulesOf [][]sheetRule) *ruleGrowth {
	old, op := s.builtSources, s.builtRules
	g := &ruleGrowth{oldSrc: make([]int, len(sources)), kept: make([]int, len(sources)), oldBase: make([]int, len(old))}
	n := 0
	for k := range old {
		g.oldBase[k] = n
		for i := range op[k] {
			n += len(op[k][i].decls)
		}
	}
	k := 0
	skip := func() {
		for k < len(old) && len(op[k]) == 0 {
			k++
		}
	}
	for j, src := range sources {
		g.oldSrc[j] = -1
		rules := rulesOf[j]
		if len(rules) == 0 {
			continue
		}
		if skip(); k == len(old) {
			continue
		}
		if ors := op[k]; old[k] == src || rulesBegin(ors, rules) {
			g.oldSrc[j], g.kept[j] = k, len(ors)
			k++
		}
	}
	if skip(); k < len(old) {
		return nil // an old rule is gone, changed or moved
	}
	if len(s.remapBuf) < n+1 {
		// with room for the rules of the next additions
		s.remapBuf = make([]*cssRule, n+1+n/4)
	}
	g.remap = s.remapBuf[:n+1] // cleared after the build (refreshSheets)
	g.layers = map[int32]int32{}
	return g
}

// rulesBegin tells whether the rules old begin the rules rules.
func rulesBegin(old, rules []sheetRule) bool {
	if len(old) > len(rules) {
		return false
	}
	for i := range old {
		if !sameRule(&old[i], &rules[i]) {
			return false
		}
	}
	return true
}

// add records that the old rule of order oldOrder in layer rank oldLayer
// is r now; false when its layer's rank moved against another's.
func (g *ruleGrowth) add(oldOrder int, oldLayer int32, r *cssRule) bool {
	g.remap[oldOrder] = r
	if l, ok := g.layers[oldLayer]; ok {
		return l == r.layer
	}
	g.layers[oldLayer] = r.layer
	return true
}

// layersKept tells whether the old rules' layers are ranked in the same
// order as in the last build.
func (g *ruleGrowth) layersKept() bool {
	if len(g.layers) < 2 {
		return true
	}
	olds := make([]int32, 0, len(g.layers))
	for o := range g.layers {
		olds = append(olds, o)
	}
	slices.Sort(olds)
	for i := 1; i < len(olds); i++ {
		if g.layers[olds[i-1]] >= g.layers[olds[i]] {
			return false
		}
	}
	return true
}

// growMatched carries the kept matched rules over to the rules of the
// build just made, whose growth from the last build g tells, and records
// the new rules' groups for stillMatched; false when the entries were
// not carried over (they are to be dropped).
func (s *sheetState) growMatched(g *ruleGrowth) bool {
	mi := &s.matchInv
	if len(g.fresh) > 0 && len(mi.adds) >= maxSheetAdditions {
		return false
	}
	for el, e := range s.matched {
		for i := e.lo; i < e.hi; i++ {
			w := &s.winners[i]
			r := g.remap[w.r.order]
			if r == nil {
				return false // not an old group's rule: cannot be
			}
			w.r = r
		}
		e.checked = math.MaxUint64 // a sheet may change with no new document version
		s.matched[el] = e
	}
	if len(g.fresh) > 0 {
		groups := make([]ruleGroup, len(g.fresh))
		for i, gi := range g.fresh {
			groups[i] = s.groups[gi]
		}
		mi.stamp++
		mi.adds = append(mi.adds, sheetAddition{at: mi.stamp, idx: newGroupIndex(groups)})
	}
	s.grown++
	return true
}

// addedMatch checks e, el's entry, against the sheets added since it was
// matched: false when a rule of one matches el. The flags of the groups
// it was matched against are added to e's, and e stands at the current
// stamp when it is kept (the caller checked the stamps before).
func (s *sheetState) addedMatch(el *dom.Node, e *matchEntry) bool {
	mi := &s.matchInv
	if len(mi.adds) == 0 || mi.adds[len(mi.adds)-1].at <= e.at {
		return true
	}
	doc := el.Document()
	ver := doc.Version()
	var arr [8][]*ruleGroup
	var anc ancestorFilter
	ancMade := false
	for _, a := range mi.adds {
		if a.at <= e.at {
			continue
		}
		x := a.idx
		for _, gs := range appendCandidates(x.all, &x.keyed, x.n, el, arr[:0]) {
			for _, g := range gs {
				v := g.sel.inv
				if v == nil {
					e.flags |= invVolatile
				} else {
					if g.sel.anc != nil {
						if !ancMade {
							anc.addAncestors(el)
							ancMade = true
						}
						if !anc.mayHave(g.sel.anc) {
							continue // as in matchedOf
						}
					}
					e.flags |= v.flags
				}
				if g.sel.matches(el, doc, ver) {
					return false
				}
			}
		}
	}
	e.at = mi.stamp
	return true
}
