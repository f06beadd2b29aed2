package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// An ancestor filter, as browsers have (Blink's SelectorFilter): a Bloom
// filter of the tags, ids, classes and attribute names of an element's
// ancestors, so that a
// rule like `.ant-menu .ant-btn` is rejected for an element with no
// ant-menu ancestor without cascadia walking up to the root. Each rule
// keeps the hashes of what its selectors require of ancestors (the tag,
// id and classes of every compound left of a descendant or child
// combinator; selInval.anc), and an element is matched against a rule only
// when its filter may hold them all. The filter only ever says "may": a
// rule it lets through is matched as before. Names are taken in lower case
// on both sides (a superset of what matches in quirks mode too).
type ancestorFilter [4]uint64

// ancestorKey hashes a feature: kind 't' (a tag), '#', '.' or '[' (an
// attribute's name), and its name in lower case (FNV-1a).
func ancestorKey(kind byte, name string) uint32 {
	h := uint32(2166136261)
	h = (h ^ uint32(kind)) * 16777619
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// add sets h's two bits.
func (f *ancestorFilter) add(h uint32) {
	a, b := h&255, (h>>8)&255
	f[a>>6] |= 1 << (a & 63)
	f[b>>6] |= 1 << (b & 63)
}

// mayHave reports whether f may hold every one of hs.
func (f *ancestorFilter) mayHave(hs []uint32) bool {
	for _, h := range hs {
		a, b := h&255, (h>>8)&255
		if f[a>>6]&(1<<(a&63)) == 0 || f[b>>6]&(1<<(b&63)) == 0 {
			return false
		}
	}
	return true
}

// addAncestors adds the tags, ids, classes and attribute names of el's
// ancestor elements.
func (f *ancestorFilter) addAncestors(el *dom.Node) {
	for a := el.ParentNode(); a != nil; a = a.ParentNode() {
		if !a.IsElement() {
			continue
		}
		h := a.HTML()
		f.add(ancestorKey('t', nonASCIILower(h.Data)))
		for _, at := range h.Attr {
			// cascadia compares an attribute selector's name with the
			// key alone, whatever its namespace
			f.add(ancestorKey('[', nonASCIILower(at.Key)))
			if at.Namespace != "" {
				continue
			}
			switch at.Key {
			case "id":
				f.add(ancestorKey('#', nonASCIILower(at.Val)))
			case "class":
				// the tokens split at ASCII white space, as classes are
				// (and cascadia compares them)
				v := at.Val
				for i := 0; i < len(v); {
					for i < len(v) && isCSSSpace(v[i]) {
						i++
					}
					j := i
					for j < len(v) && !isCSSSpace(v[j]) {
						j++
					}
					if j > i {
						f.add(ancestorKey('.', nonASCIILower(v[i:j])))
					}
					i = j
				}
			}
		}
	}
}

// nonASCIILower is s lowered as strings.ToLower lowers it (the rules'
// names are, lowerKey), leaving ASCII to ancestorKey: s itself when it is
// ASCII.
func nonASCIILower(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return strings.ToLower(s)
		}
	}
	return s
}

// ancestorRequirements are the hashes of what the compounds of a complex
// selector left of a descendant or child combinator require (their tag,
// id, classes and an attribute's name, as subjectOf reads them): each is
// on a proper ancestor of any element the selector matches (a compound
// left of a sibling combinator is a sibling of such an ancestor, or of
// the element: the ancestors it has are the element's).
func ancestorRequirements(compounds []string, combs []byte) []uint32 {
	var hs []uint32
	for i := 0; i < len(compounds)-1; i++ {
		if combs[i] != ' ' && combs[i] != '>' {
			continue
		}
		comp := compounds[i]
		if strings.IndexByte(comp, '|') >= 0 {
			continue // a namespace: not read here
		}
		// subjectOf reads escapes (`.md\:fab`); the names are lowered
		// as the filter's are
		sj := subjectOf(comp)
		if sj.tag != "" {
			hs = append(hs, ancestorKey('t', nonASCIILower(sj.tag)))
		}
		if sj.id != "" {
			hs = append(hs, ancestorKey('#', nonASCIILower(sj.id)))
		}
		for _, c := range sj.classes {
			hs = append(hs, ancestorKey('.', nonASCIILower(c)))
		}
		if sj.attr != "" {
			// daisyUI's `[dir=rtl] …` rules
			hs = append(hs, ancestorKey('[', nonASCIILower(sj.attr)))
		}
	}
	return hs
}
