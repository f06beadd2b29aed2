package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"golang.org/x/net/html"
)

// Per-element invalidation of the memos of computed values (display,
// font sizes, the boxes' cascaded values, the ComputedStyle hook's values,
// font weights and styles, white space, writing modes: sheetState's value
// memos). They were all dropped at every change of the document, and a
// page that alternates writes and reads (a framework measuring in its
// effects, a list rendered one item at a time) computed every element it
// asked about again after each write. As Blink keeps the styles of the
// elements a change cannot reach, the memos of an element now stand across
// a change of the page's document when, on its path to the document (it
// and its ancestors, which it inherits from), nothing changed since they
// were made:
//
//   - no element on the path had an attribute changed that the computed
//     values may read outside the selectors (style, hidden, dir, lang, the
//     presentational hints…: any but class, id, data-* and aria-*, whose
//     effect goes through the matched rules), or was inserted or moved;
//   - the matched rules of no element on the path changed: an element's
//     matched rules matched again after a change (matchinval.go) that are
//     the ones it had leave its values alone (matchEntry.since);
//   - no element on the path is a dir=auto element whose text changed, or
//     a details or MathML element whose children changed (the UA styles
//     of a summary and of maction's children read their siblings).
//
//   - no element on the path has an animation (its animated values, above
//     the cascade, change with time).
//
// The memos stand too across rules added (a style element inserted, a
// rule appended to one, insertRule at a sheet's end: CSS-in-JS), when
// the elements' matched rules are carried over (sheetgrowth.go): a new
// rule changes the values of the elements it matches, whose matched
// rules change, and of their subtrees, which the path check covers (the
// root's font size, which rem reads, and the custom properties var()
// reads included). A change of the @property registrations or of the
// @keyframes drops every memo (a registration changes any element's
// values; an animation started is not known yet); @font-face, @media,
// @supports and @layer need nothing more (fonts loaded drop the memos
// themselves, conditions are read as the rules are parsed, a layer order
// moved keeps no matched rules), and pseudo-elements' memos are dropped
// at each change anyway.
//
// Everything else drops every memo, as before: a change the mutation
// records do not tell of (keepMatched), a change of the sheets other than
// rules added (deleteRule, a rule's declarations edited) or of the
// viewport, a document with shadow trees (the flat tree is not the path
// walked here), and values that read a container's size (container query
// units, which any change of the layout changes).
// The memos of pseudo-elements and of elements out of the document are
// dropped too (their path does not reach the document).
//
// The checks are lazy: the first read of an element's memo in a document
// version walks up to the nearest element whose path is known in that
// version, and drops the element's memos when the path changed since they
// were made.

// valueInval is the state of the invalidation of the value memos.
type valueInval struct {
	// kept is set when the memos were kept across a change of the
	// document or of the rules since they were last dropped: only then
	// are they checked.
	kept bool
	// ver counts the changes the memos were kept across: what is known
	// of an element's path (at) holds in one of them.
	ver uint64
	// base is the stamp (matchInval.stamp) at which the memos were last
	// dropped: the memos of an element with no record were made after it.
	base uint64
	// dirty holds the stamp of the last change of each element that may
	// change its values and its subtree's without a change of matched
	// rules.
	dirty map[*dom.Node]uint64
	// at holds what is known of the elements asked about (and of their
	// ancestors).
	at map[*dom.Node]valueStamp
	// computedProps are the properties the computed memo holds values of
	// (the few innerText and the flow estimate ask), so that an element's
	// values may be dropped from it.
	computedProps []string
	// layoutRead is set when a memo was made from a container's size.
	layoutRead bool
}

// valueStamp is what is known of an element's memos.
type valueStamp struct {
	// gen is the stamp since which the element's memos stand; checked
	// the valueInval.ver it was last found to stand in.
	gen, checked uint64
	// path is the stamp of the last change on the element's path to the
	// document, found in valueInval.ver pathVer (math.MaxUint64 for an
	// element out of the document).
	path, pathVer uint64
}

// maxValueStamps bounds the records kept before every memo is dropped.
const maxValueStamps = 1 << 16

// resetValueInval forgets the records: the memos were dropped.
func (s *sheetState) resetValueInval() {
	vi := &s.vals
	vi.kept, vi.base, vi.layoutRead = false, s.matchInv.stamp, false
	vi.ver++
	clear(vi.dirty)
	clear(vi.at)
	vi.computedProps = vi.computedProps[:0]
}

// mayKeepValueMemos tells whether the value memos of doc's elements may
// stand, checked element by element, across the change of the document
// that refreshSheetsOf is told of, the matched rules standing (keepTree).
func (w *Window) mayKeepValueMemos(s *sheetState, doc *dom.Document, keepTree bool) bool {
	vi := &s.vals
	return keepTree && s == &w.sheets && doc == w.doc && !vi.layoutRead && !doc.HasShadowRoots() &&
		len(vi.dirty) < maxDirty && len(vi.at) < maxValueStamps
}

// keepValueMemos keeps the value memos across a change of the page's
// document but those of the subtrees of animated elements: animated
// values are above the cascade and change with time, not with the
// document, and the memos hold the values of the version they were made
// in (their inherited values, their em lengths).
func (w *Window) keepValueMemos(s *sheetState) {
	// the memos of var() lookups (keyed by element and name) and of
	// font sizes without animations (underlying values only) are
	// dropped whole
	s.pseudoBoxes, s.inherited, s.customFrom, s.baseFontSizes = nil, nil, nil, nil
	s.vals.kept = true
	s.vals.ver++
	if w.anim != nil {
		for el := range w.anim.byTarget {
			s.matchInv.mark(&s.vals.dirty, el)
		}
	}
}

// valueMutated is the value memos' part of the page document's mutation
// hook: it stamps the elements whose values and subtree's r may change
// other than through their matched rules.
func (w *Window) valueMutated(r *dom.MutationRecord) {
	s := &w.sheets
	if r.Target.Document() != w.doc || s.memoDoc != w.doc {
		return
	}
	mi := &s.matchInv
	vi := &s.vals
	switch r.Type {
	case dom.AttributesMutation:
		if r.AttributeNamespace == "" && valueBlindAttribute(r.AttributeName) {
			return
		}
		mi.mark(&vi.dirty, r.Target)
	case dom.ChildListMutation:
		mi.markTreeChange(&vi.dirty, r)
		if t := r.Target; t.IsElement() && (t.Namespace == "math" || t.Namespace == "" && t.Data == "details") {
			mi.mark(&vi.dirty, t) // mathDefaultDisplay, detailsOfSummary
		}
		w.markAutoDirection(r.Target)
	case dom.CharacterDataMutation:
		w.markAutoDirection(r.Target.ParentNode())
	}
}

// valueBlindAttribute tells whether a change of the attribute name of an
// element changes its computed values through its matched rules alone.
func valueBlindAttribute(name string) bool {
	return name == "class" || name == "id" || strings.HasPrefix(name, "data-") || strings.HasPrefix(name, "aria-")
}

// markAutoDirection stamps the elements from n up whose direction their
// text may set (dir=auto, bdi, and the form controls that read their
// value): a change of the text below them.
func (w *Window) markAutoDirection(n *dom.Node) {
	s := &w.sheets
	for a := n; a != nil && a.Type == html.ElementNode; a = a.ParentNode() {
		if a.HasAttribute("dir") || a.Namespace == "" && a.Data == "bdi" {
			s.matchInv.mark(&s.vals.dirty, a)
		}
	}
}

// valueFresh drops the value memos of n when a change since they were
// made may have changed them; every read of a value memo asks it first.
func (s *sheetState) valueFresh(n *dom.Node) {
	vi := &s.vals
	if !vi.kept {
		return // made in this version
	}
	ver := vi.ver
	st, ok := vi.at[n]
	if ok && st.checked == ver {
		return
	}
	gen := vi.base
	if ok {
		gen = st.gen
	}
	if s.pathStamp(n) > gen {
		s.dropValuesOf(n)
		gen = s.matchInv.stamp
	}
	st = vi.at[n] // with its path, recorded by pathStamp
	st.gen, st.checked = gen, ver
	vi.at[n] = st
}

// pathStamp is the stamp of the last change on n's path to the document
// that may have changed n's values, recorded for n and the elements
// walked in this version.
func (s *sheetState) pathStamp(n *dom.Node) uint64 {
	vi := &s.vals
	ver := vi.ver
	var chainArr [32]*dom.Node
	chain := chainArr[:0]
	var stamp uint64
	for a := n; ; a = a.ParentNode() {
		if a == nil {
			stamp = math.MaxUint64 // out of the document (a pseudo-element's stand-in)
			break
		}
		if a.Type == html.DocumentNode {
			break
		}
		if st, ok := vi.at[a]; ok && st.pathVer == ver {
			stamp = st.path
			break
		}
		chain = append(chain, a)
	}
	if vi.at == nil {
		vi.at = make(map[*dom.Node]valueStamp)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		a := chain[i]
		if stamp != math.MaxUint64 {
			stamp = max(stamp, vi.dirty[a])
			if _, ok := s.matched[a]; ok {
				// its matched rules, matched again if a change may have
				// changed them
				s.matchedOf(a)
				stamp = max(stamp, s.matched[a].since)
			}
		}
		st, ok := vi.at[a]
		if !ok {
			st.gen = vi.base
		}
		st.path, st.pathVer = stamp, ver
		vi.at[a] = st
	}
	return stamp
}

// dropValuesOf drops the value memos of n.
func (s *sheetState) dropValuesOf(n *dom.Node) {
	delete(s.display, n)
	delete(s.fontSizes, n)
	delete(s.boxes, n)
	delete(s.fontWeights, n)
	delete(s.fonts, n)
	delete(s.whiteSpaces, n)
	delete(s.flowModes, n)
	for _, p := range s.vals.computedProps {
		delete(s.computed, computedKey{n, p})
	}
}

// noteComputedProp records that the computed memo holds values of prop.
func (s *sheetState) noteComputedProp(prop string) {
	for _, p := range s.vals.computedProps {
		if p == prop {
			return
		}
	}
	s.vals.computedProps = append(s.vals.computedProps, prop)
}

// sameRegistration tells whether two @property rules register the same
// (a sheet whose text changed is parsed again, its registrations made
// anew), as sameKeyframes (cssanim.go) for @keyframes.
func sameRegistration(a, b *registeredProperty) bool {
	return a == b || a.syntax == b.syntax && a.inherits == b.inherits && a.initial == b.initial
}
