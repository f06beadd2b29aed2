package jsruntime

import (
	"slices"

	"github.com/bangsnap/bangsnap/dom"
)

// The author rules matching an element, found once per document version.
// Browsers match an element against the style rules once per style
// recalc and compute all its properties from that matched list (Blink's
// MatchResult); looking the rules declaring each property up apart, per
// property read, repeated the search of the rule index under the
// element's classes, id and tag for each of the tens of properties a flow
// estimate or a `transition: all` element reads. Here each selector of a
// style rule of the document's sheets (pseudo-elements apart) is a rule
// group, filed in a groupIndex as ruleIndex files rules; the first read of
// an element in a version matches the groups that may match it once,
// keeps the winning declaration of each property it declares (cssRule.beats,
// the order ruleIndex.best picks by), and every later read of that
// element in the version is a lookup in that list. The list stands
// across versions until a change that may change it (matchinval.go): a
// mutation of the element, of its ancestors or siblings where rules read
// them, a change of state (dom.Document.StateChanged), a CSSOM edit, a
// change of the sheets or of adopted sheets.

// A ruleGroup is one selector of a style rule with its declarations: the
// cssRules of byProp that the selector and the rule's declarations make,
// with the number of each one's property in sheetState.propIDs.
type ruleGroup struct {
	sel   *pageSel
	rules []groupRule
}

type groupRule struct {
	r   *cssRule
	pid int32
}

// A groupIndex files rule groups under the key of their selector.
type groupIndex struct {
	all   []*ruleGroup
	keyed [keyKinds]map[string][]*ruleGroup
	n     int
}

func newGroupIndex(groups []ruleGroup) *groupIndex {
	x := &groupIndex{n: len(groups)}
	for i := range groups {
		g := &groups[i]
		k := g.sel.key
		if k.kind == keyNone {
			x.all = append(x.all, g)
			continue
		}
		if x.keyed[k.kind] == nil {
			x.keyed[k.kind] = make(map[string][]*ruleGroup)
		}
		x.keyed[k.kind][k.name] = append(x.keyed[k.kind][k.name], g)
	}
	return x
}

// A winner is the winning rule of a property among those matching an
// element.
type winner struct {
	pid int32
	r   *cssRule
}

// groupIndexOf returns s's index of rule groups, made on first use.
func (s *sheetState) groupIndexOf() *groupIndex {
	if s.groupIdx == nil {
		s.groupIdx = newGroupIndex(s.groups)
	}
	return s.groupIdx
}

// matchedRule is the rule of s's document declaring prop that wins the
// cascade for el among those matching it, or nil; el is in the document
// s was last brought up to date for.
func (s *sheetState) matchedRule(el *dom.Node, prop string) *cssRule {
	return s.matchedRuleID(el, s.pidOf(prop))
}

// matchedRuleID is matchedRule of the property numbered pid in
// s.propIDs (-1: one no rule declares).
func (s *sheetState) matchedRuleID(el *dom.Node, pid int32) *cssRule {
	if pid < 0 {
		return nil
	}
	lo, hi := s.matchedOf(el)
	// binary search by property number, in el's winners read from the
	// arena now (a later matchedOf may compact it)
	ws := s.winners[lo:hi:hi]
	i, j := 0, len(ws)
	for i < j {
		m := int(uint(i+j) >> 1)
		if ws[m].pid < pid {
			i = m + 1
		} else {
			j = m
		}
	}
	if i < len(ws) && ws[i].pid == pid {
		return ws[i].r
	}
	return nil
}

// matchedOf returns the bounds of el's winners in s.winners, sorted by
// property number: matched before and still standing (matchinval.go), or
// found now. It returns bounds, not a slice: compactWinners reuses the
// arena's spare array, so no slice of the arena may be held across a
// call of matchedOf.
func (s *sheetState) matchedOf(el *dom.Node) (lo, hi int32) {
	doc := el.Document()
	ver := doc.Version()
	e, ok := s.matched[el]
	if ok && e.checked == ver {
		return e.lo, e.hi
	}
	if ok && s.stillMatched(el, &e) {
		e.checked = ver
		s.matched[el] = e
		return e.lo, e.hi
	}
	mi := &s.matchInv
	if ok {
		mi.live -= int(e.hi - e.lo)
	}
	if s.matched == nil {
		s.matched = make(map[*dom.Node]matchEntry)
	}
	if len(s.scratch) < len(s.propIDs) {
		s.scratch = make([]*cssRule, len(s.propIDs))
	}
	best, touched := s.scratch, s.touched[:0]
	nested := s.matching
	if nested {
		// matching a selector that reads a container's size
		// (containerquery.go) laid out the page, whose styles matched
		// other elements: the outer call is using the scratch space
		best, touched = make([]*cssRule, len(s.propIDs)), nil
	}
	// scope proximity ranks scoped rules (cssnesting.go): near holds the
	// winners' when the sheets have any
	var near []int32
	if s.deps&depScope != 0 {
		if len(s.nearness) < len(s.propIDs) {
			s.nearness = make([]int32, len(s.propIDs))
		}
		near = s.nearness
		if nested {
			near = make([]int32, len(s.propIDs))
		}
	}
	s.matching = true
	var arr [8][]*ruleGroup
	var flags uint8
	var anc ancestorFilter // made when a group needs it (ancestorfilter.go)
	ancMade := false
	x := s.groupIndexOf()
	for _, gs := range appendCandidates(x.all, &x.keyed, x.n, el, arr[:0]) {
		for _, g := range gs {
			v := g.sel.inv
			if v == nil {
				flags |= invVolatile
			} else {
				if g.sel.anc != nil {
					if !ancMade {
						anc.addAncestors(el)
						ancMade = true
					}
					if !anc.mayHave(g.sel.anc) {
						// an ancestor the selector needs is missing; what
						// gives one the feature is a change of its own
						// (selInval.feats), so the group's flags are not
						// the element's
						continue
					}
				}
				flags |= v.flags
			}
			if !g.sel.matches(el, doc, ver) {
				continue
			}
			if near != nil {
				p := g.sel.proximity(el)
				for _, gr := range g.rules {
					if cur := best[gr.pid]; cur == nil || gr.r.beatsNear(p, cur, near[gr.pid]) {
						if cur == nil {
							touched = append(touched, gr.pid)
						}
						best[gr.pid], near[gr.pid] = gr.r, p
					}
				}
				continue
			}
			for _, gr := range g.rules {
				switch cur := best[gr.pid]; {
				case cur == nil:
					best[gr.pid] = gr.r
					touched = append(touched, gr.pid)
				case gr.r.beats(cur):
					best[gr.pid] = gr.r
				}
			}
		}
	}
	slices.Sort(touched)
	since := mi.stamp
	// (read again: matching may have laid out the page, whose styles
	// matched other elements and may have compacted the winners)
	if old, ok := s.matched[el]; ok && int(old.hi) <= len(s.winners) && sameWinners(s.winners[old.lo:old.hi], touched, best) {
		since = old.since
	}
	if len(s.winners) > 2*mi.live+4096 {
		s.compactWinners()
	}
	start := len(s.winners)
	for _, pid := range touched {
		s.winners = append(s.winners, winner{pid, best[pid]})
		best[pid] = nil
	}
	if !nested {
		s.touched = touched[:0]
		s.matching = false
	}
	e = matchEntry{lo: int32(start), hi: int32(len(s.winners)), flags: flags, at: mi.stamp, checked: ver, since: since}
	mi.live += len(touched)
	s.matched[el] = e
	return e.lo, e.hi
}

// sameWinners tells whether the winners old are those of the properties
// touched in best.
func sameWinners(old []winner, touched []int32, best []*cssRule) bool {
	if len(old) != len(touched) {
		return false
	}
	for i, pid := range touched {
		if old[i].pid != pid || old[i].r != best[pid] {
			return false
		}
	}
	return true
}

// compactWinners copies the winners of the entries in s.matched to the
// arena's spare array, leaving those of entries matched again behind, and
// keeps the array it leaves as the next spare. Only matchedOf calls it,
// before it appends; no slice of the arena outlives the caller of
// matchedOf (matchedRule reads its winners before it returns), so the
// array left may be written over at the next compaction.
func (s *sheetState) compactWinners() {
	ws := s.spareWinners[:0]
	if need := 2*s.matchInv.live + 64; cap(ws) < need {
		ws = make([]winner, 0, need)
	}
	for el, e := range s.matched {
		lo := len(ws)
		ws = append(ws, s.winners[e.lo:e.hi]...)
		e.lo, e.hi = int32(lo), int32(len(ws))
		s.matched[el] = e
	}
	clear(s.winners) // the rules they point to may be dropped
	s.winners, s.spareWinners = ws, s.winners[:0]
}

// Bounds of Window.inlineParsed: the number of values and their bytes.
const (
	inlineParsedMax      = 4096
	inlineParsedMaxBytes = 1 << 20
)

// inlineDeclarations is parseDeclarations of style attribute value a of
// el (with the quirks when el's inline style has them, cssquirks.go),
// kept for the values read last: the cascade reads an element's inline
// declarations for each of its properties asked about, and the elements
// of a list often share one value. The result is shared: not to be
// changed.
func (w *Window) inlineDeclarations(el *dom.Node, a string) []cssDecl {
	if s := w.styles[el]; s != nil && s.parsed && s.src == a && s.getText == nil {
		// the declarations the element's CSSStyleDeclaration holds for
		// this text, which it wrote or read: as in Chromium, a value set
		// through the CSSOM is kept as given, not as its serialization
		// reads (`transition: 0s 1s` is written `transition: 1s`), its
		// numbers as set (style.go: exactDecls)
		if s.exact != nil {
			return s.exact
		}
		return s.decls
	}
	quirks := quirkyStyle(el)
	cache := &w.inlineParsed
	if quirks {
		cache = &w.inlineQuirky
	}
	if ds, ok := (*cache)[a]; ok {
		return ds
	}
	ds := parseCascadeDecls(a, quirks)
	if len(w.inlineParsed)+len(w.inlineQuirky) >= inlineParsedMax || w.inlineBytes+len(a) > inlineParsedMaxBytes {
		clear(w.inlineParsed)
		clear(w.inlineQuirky)
		w.inlineBytes = 0
	}
	if len(a) <= inlineParsedMaxBytes/4 {
		if *cache == nil {
			*cache = make(map[string][]cssDecl)
		}
		(*cache)[a] = ds
		w.inlineBytes += len(a)
	}
	return ds
}
