package jsruntime

import (
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/andybalholm/cascadia"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
)

// The cascade's rule index. Matching every rule declaring a property
// against each element whose value is asked is quadratic on CSS-in-JS
// pages: Ant Design's cssinjs writes thousands of rules like
// `:where(.css-hash).ant-btn-primary { ... }`, and an element with
// `transition: all` has its value of every animatable property read at
// each style update. As in browsers (Blink's RuleSet), each rule is filed
// under one class, id or tag its subject (rightmost) compound requires,
// and an element is matched only against the rules filed under its own
// classes, id and tag, and those that require none of them.

// A ruleSel is one selector of a style rule, as parsed: what cascadia
// matches, its specificity (computed once) and what its subject compound
// requires. It is never changed once parsed, and shared by every page
// whose sheets have its rule (sheetcache.go): what one page's cascade
// keeps about it (the index key chosen, the match memo) is in its
// pageSel.
type ruleSel struct {
	cascadia.Sel
	spec cascadia.Specificity
	subj subject
	// deps is what else than the element itself and its ancestors the
	// selector may read (see selectorDeps), for the flow estimate's
	// invalidation (flow.go).
	deps selDeps
	// inv is what invalidates the selector's matches, read from its
	// rule's selector list (matchinval.go); nil for selectors of no
	// style sheet's rule.
	inv *selInval
	// anc are the hashes of the tags, ids and classes the selector
	// requires of an element's ancestors (ancestorRequirements): read from
	// its own text, so that each selector an :is() expands to is filtered
	// by its own (daisyUI's nested `.vc { & [data-vc=year], … { &:hover
	// … } }` is one list of unfiltered :is() alone), else its list's;
	// nil when inv did not read the list (selInval.read).
	anc []uint32
	// styleAttr says that the subject compound has an attribute
	// selector of the style attribute (subjectTestsStyle).
	styleAttr bool
	// pe is Sel.PseudoElement(), read once: the rule lists' rebuild and
	// the style update ask it of every rule each time.
	pe string
	// reads are the attributes the selector reads, read at the style
	// update's first need (attrReadsOf, cssanimattrs.go); ruleSels are
	// shared by the renders of a process.
	reads atomic.Pointer[attrReads]
}

// PseudoElement is the pseudo-element the selector's subject names, ""
// for none.
func (s *ruleSel) PseudoElement() string { return s.pe }

// Specificity is the selector's specificity, computed when it was parsed.
func (s *ruleSel) Specificity() cascadia.Specificity { return s.spec }

// A pageSel is a selector of a page's sheets as that page's cascade uses
// it: the shared ruleSel, the index key chosen for it among the page's
// rules, and the last element it was matched against.
type pageSel struct {
	*ruleSel
	key ruleKey
	// the last element matched, in its document's version: a style
	// update reads many properties of one element, and a selector
	// stands in the lists of each property its rule declares.
	memoEl  *dom.Node
	memoDoc *dom.Document
	memoVer uint64
	memo    bool
}

// newPageSel is a page's own use of s, filed under its first key.
func newPageSel(s *ruleSel) pageSel { return pageSel{ruleSel: s, key: s.subj.firstKey()} }

// matches reports whether the selector matches el, whose document is
// doc at version ver.
func (s *pageSel) matches(el *dom.Node, doc *dom.Document, ver uint64) bool {
	if s.memoEl == el && s.memoDoc == doc && s.memoVer == ver {
		return s.memo
	}
	if s.styleAttr && el.InlineStyleUnsynced() {
		// Chromium puts the style attribute CSSOM made into the
		// attribute list when an attribute selector tests it: a later
		// removeAttribute('style') then removes it.
		el.SyncStyleAttribute()
	}
	m := s.Sel.Match(el.HTML())
	s.memoEl, s.memoDoc, s.memoVer, s.memo = el, doc, ver, m
	return m
}

func newRuleSel(sel cascadia.Sel, text string) *ruleSel {
	s := &ruleSel{Sel: sel, spec: sel.Specificity(), pe: sel.PseudoElement()}
	if _, own := sel.(*dom.StyleSelector); !own && text != "" && dom.UsesGeneralSibling(text) {
		// cascadia walks back over every earlier sibling at each
		// match; a StyleSelector memoizes the walk per document version
		if st, err := dom.ParseStyleSelector(text); err == nil && st.PseudoElement() == s.pe {
			s.Sel = st
		}
	}
	if text != "" {
		s.subj = subjectOf(text)
		if compounds, combs, ok := splitComplex(text); ok {
			s.anc = ancestorRequirements(compounds, combs)
		}
		s.deps = selectorDeps(text)
		s.styleAttr = subjectTestsStyle(text)
	} else {
		s.deps = selectorDeps(sel.String())
	}
	return s
}

// A subject is what the subject compound of a selector requires of an
// element outside functional pseudo-classes other than :is() and
// :where(), in lower case (a superset of what matches in any mode: ids
// and classes match ASCII case-insensitively in quirks mode, tags of HTML
// elements always): a tag, an id, classes, being the root element (:root)
// and an attribute it has. Empty when the selector's text could not be
// read as cascadia reads it.
type subject struct {
	tag, id string
	classes []string
	root    bool
	attr    string // the first attribute selector's name, but style's
}

// Kinds of index key.
const (
	keyNone = iota // filed with the rules every element is matched against
	keyID
	keyClass
	keyTag
	keyRoot // the root element's (name "")
	keyAttr // by an attribute's name
	keyKinds
)

// A ruleKey is what a rule is filed under: an id, a class, a tag, the
// root or an attribute name.
type ruleKey struct {
	kind uint8
	name string
}

// firstKey is the key for a subject with no other rules to compare its
// classes with: its id, else the root, else its last class, else its
// tag, else its attribute.
func (s subject) firstKey() ruleKey {
	switch {
	case s.id != "":
		return ruleKey{keyID, s.id}
	case s.root:
		return ruleKey{keyRoot, ""}
	case len(s.classes) > 0:
		return ruleKey{keyClass, s.classes[len(s.classes)-1]}
	case s.tag != "":
		return ruleKey{keyTag, s.tag}
	case s.attr != "":
		return ruleKey{keyAttr, s.attr}
	}
	return ruleKey{}
}

// and merges into s what o requires too.
func (s *subject) and(o subject) {
	if s.tag == "" {
		s.tag = o.tag
	}
	if s.id == "" {
		s.id = o.id
	}
	s.classes = append(s.classes, o.classes...)
	s.root = s.root || o.root
	if s.attr == "" {
		s.attr = o.attr
	}
}

// subjectOfAny is what the subjects of every selector of list require
// (the argument of :is() or :where()); empty for an empty list.
func subjectOfAny(list string) subject {
	var s subject
	for i, sel := range splitSelectorList(list) {
		o := subjectOf(sel)
		if i == 0 {
			s = o
			continue
		}
		if s.tag != o.tag {
			s.tag = ""
		}
		if s.id != o.id {
			s.id = ""
		}
		s.classes = slices.DeleteFunc(s.classes, func(c string) bool { return !slices.Contains(o.classes, c) })
		s.root = s.root && o.root
		if s.attr != o.attr {
			s.attr = ""
		}
	}
	return s
}

// attrSubject is the name of the attribute selector block, `[name…]`, as
// an index key: "" for a namespaced name, the style attribute (which
// CSSOM changes leave out of the attribute list until a selector reads
// it, pageSel.matches), the attribute that stands for :scope (set only
// while a scoped selector is matched, cssnesting.go) and cascadia's `!=`,
// which matches elements without the attribute.
func attrSubject(block string) string {
	inner := strings.TrimLeft(block[1:], " \t\n\r\f")
	name, n, ok := readCSSName(inner, false)
	if !ok {
		return ""
	}
	rest := strings.TrimLeft(inner[n:], " \t\n\r\f")
	if rest != "" && (rest[0] == '|' && !strings.HasPrefix(rest, "|=") || rest[0] == '!') {
		return ""
	}
	name = lowerKey(name)
	if name == "style" || name == scopeAttr {
		return ""
	}
	return name
}

// chooseKey files a subject with several classes under the one fewest
// rules name (classFreq counts the rules naming each class): Ant Design's
// rules all require the theme's hash class, which every element has.
func (s subject) chooseKey(classFreq map[string]int) ruleKey {
	k := s.firstKey()
	if k.kind != keyClass || len(s.classes) < 2 {
		return k
	}
	best := -1
	for _, c := range s.classes {
		if f := classFreq[c]; best < 0 || f < best {
			k.name, best = c, f
		}
	}
	return k
}

// subjectOf reads what the subject compound of one complex selector
// requires from its text, as cascadia parses it: the compound after the
// last combinator at the top level (outside strings, escapes and blocks),
// then its type selector, ids and classes until a pseudo-element. Any
// text it does not read to the end gives the empty subject, filed with
// the rules every element is matched against.
// subjectTestsStyle reports whether the subject compound of sel has an
// attribute selector of the style attribute (`#a[style]`,
// `p[style*=color]`), which makes Chromium synchronize the style attribute
// of the elements the cascade tests it on.
func subjectTestsStyle(sel string) bool {
	if !strings.Contains(ascii.Lower(sel), "style") {
		return false
	}
	start := 0
	var sc cssscan.Scanner
	for i, c := range sc.All(sel) {
		if sc.Depth() == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '>' || c == '+' || c == '~') {
			start = i + 1
		}
	}
	c := sel[start:]
	for i := strings.IndexByte(c, '['); i >= 0; {
		name := strings.TrimLeft(c[i+1:], " \t\n\r\f")
		if len(name) >= 5 && ascii.EqualFold(name[:5], "style") {
			if rest := strings.TrimLeft(name[5:], " \t\n\r\f"); rest != "" && strings.IndexByte("]=~|^$*", rest[0]) >= 0 {
				return true
			}
		}
		end := cssscan.BlockEnd(c, i)
		if end >= len(c) {
			return false
		}
		k := strings.IndexByte(c[end:], '[')
		if k < 0 {
			return false
		}
		i = end + k
	}
	return false
}

func subjectOf(sel string) subject {
	start, escEnd := 0, 0
	var sc cssscan.Scanner
	for i, c := range sc.All(sel) {
		if c == '\\' {
			// a hexadecimal escape takes the white space after it
			// (cssscan skips its first digit only)
			if _, n, ok := readCSSName(sel[i:], false); ok {
				escEnd = i + n
			}
		}
		if sc.Depth() != 0 || i < escEnd {
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f', '>', '+', '~':
			start = i + 1
		}
	}
	c := sel[start:]
	var s subject
	i := 0
	if i < len(c) {
		switch c[i] {
		case '*':
			i++
			if strings.HasPrefix(c[i:], "|*") {
				i += 2
			}
		case '#', '.', '[', ':':
		default:
			name, n, ok := readCSSName(c, true)
			if !ok {
				return subject{}
			}
			s.tag, i = lowerKey(name), n
		}
	}
	for i < len(c) {
		switch c[i] {
		case '#':
			name, n, ok := readCSSName(c[i+1:], false)
			if !ok {
				return subject{}
			}
			if s.id == "" {
				s.id = lowerKey(name)
			}
			i += 1 + n
		case '.':
			name, n, ok := readCSSName(c[i+1:], true)
			if !ok {
				return subject{}
			}
			s.classes = append(s.classes, lowerKey(name))
			i += 1 + n
		case '[':
			end := cssscan.BlockEnd(c, i)
			if end >= len(c) {
				return subject{}
			}
			if s.attr == "" {
				s.attr = attrSubject(c[i:end])
			}
			i = end + 1
		case ':':
			if i+1 < len(c) && c[i+1] == ':' {
				return s // a pseudo-element: the compound before it is its element's
			}
			name, n, ok := readCSSName(c[i+1:], false)
			if !ok {
				return subject{}
			}
			i += 1 + n
			if i >= len(c) || c[i] != '(' {
				if ascii.EqualFold(name, "root") {
					s.root = true
				}
				continue
			}
			end := cssscan.BlockEnd(c, i)
			if end >= len(c) {
				return subject{}
			}
			// what every selector of an :is() or a :where() requires
			// (daisyUI's `:where(.drawer-toggle:checked ~ .drawer-side)`),
			// and of `:not(:not(…))`, which CSS nesting and @scope write
			switch arg := c[i+1 : end]; lowerKey(name) {
			case "is", "where", "matches", "-webkit-any", "-moz-any":
				s.and(subjectOfAny(arg))
			case "not":
				if t := strings.TrimSpace(arg); len(t) > 5 && ascii.EqualFold(t[:5], ":not(") && cssscan.BlockEnd(t, 4) == len(t)-1 {
					s.and(subjectOfAny(t[5 : len(t)-1]))
				}
			}
			i = end + 1
		default:
			return subject{} // a namespace prefix, or text cascadia refuses
		}
	}
	return s
}

// readCSSName reads the name at the start of s as cascadia's parser does
// (parseIdentifier when ident is set, else parseName), with its escapes
// undone; n is the bytes read.
func readCSSName(s string, ident bool) (name string, n int, ok bool) {
	if ident {
		for n < len(s) && s[n] == '-' {
			n++
		}
		if n >= len(s) || !(nameStartByte(s[n]) || s[n] == '\\') {
			return "", 0, false
		}
	}
	var b []byte
	plain := 0 // s[plain:n] is not copied to b yet
	for n < len(s) {
		c := s[n]
		switch {
		case nameByte(c):
			n++
		case c == '\\':
			if n+1 >= len(s) {
				return "", 0, false
			}
			b = append(b, s[plain:n]...)
			e := s[n+1]
			switch {
			case e == '\r' || e == '\n' || e == '\f':
				return "", 0, false
			case isHexDigit(e):
				j := n + 1
				for j < n+7 && j < len(s) && isHexDigit(s[j]) {
					j++
				}
				v, _ := strconv.ParseUint(s[n+1:j], 16, 64)
				if j < len(s) {
					switch s[j] {
					case '\r':
						j++
						if j < len(s) && s[j] == '\n' {
							j++
						}
					case ' ', '\t', '\n', '\f':
						j++
					}
				}
				b = append(b, string(rune(v))...)
				n = j
			default:
				b = append(b, e)
				n += 2
			}
			plain = n
		default:
			if n == 0 {
				return "", 0, false
			}
			return finishName(s, b, plain, n), n, true
		}
	}
	if n == 0 {
		return "", 0, false
	}
	return finishName(s, b, plain, n), n, true
}

func finishName(s string, b []byte, plain, n int) string {
	if b == nil {
		return s[:n]
	}
	return string(append(b, s[plain:n]...))
}

func nameStartByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c > 127
}

func nameByte(c byte) bool { return nameStartByte(c) || c == '-' || '0' <= c && c <= '9' }

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// lowerKey is s in lower case, the form index keys take.
func lowerKey(s string) string { return ascii.Lower(s) }

// A ruleIndex files rules under the key of their selector. Lists keep the
// order rules were added in; a rule is in one list only.
type ruleIndex struct {
	all   []*cssRule                      // rules filed under no key
	keyed [keyKinds]map[string][]*cssRule // by kind of key (keyID, keyClass, ...)
	n     int
}

// newRuleIndex indexes rules, its lists carved from one array; counts is
// scratch space (left empty).
func newRuleIndex(rules []cssRule, counts map[ruleKey]int32) *ruleIndex {
	x := &ruleIndex{n: len(rules)}
	var kinds [keyKinds]int
	for i := range rules {
		k := rules[i].sel.key
		if counts[k] == 0 {
			kinds[k.kind]++
		}
		counts[k]++
	}
	for kind, n := range kinds {
		if kind != keyNone && n > 0 {
			x.keyed[kind] = make(map[string][]*cssRule, n)
		}
	}
	slab := make([]*cssRule, len(rules))
	for k, c := range counts {
		if k.kind == keyNone {
			x.all, slab = slab[:0:c], slab[c:]
			continue
		}
		x.keyed[k.kind][k.name], slab = slab[:0:c], slab[c:]
	}
	clear(counts)
	for i := range rules {
		r := &rules[i]
		if k := r.sel.key; k.kind == keyNone {
			x.all = append(x.all, r)
		} else {
			x.keyed[k.kind][k.name] = append(x.keyed[k.kind][k.name], r)
		}
	}
	return x
}

func (x *ruleIndex) add(r *cssRule) {
	x.n++
	k := r.sel.key
	if k.kind == keyNone {
		x.all = append(x.all, r)
		return
	}
	if x.keyed[k.kind] == nil {
		x.keyed[k.kind] = make(map[string][]*cssRule)
	}
	x.keyed[k.kind][k.name] = append(x.keyed[k.kind][k.name], r)
}

// lookupLower is m[lowerKey(name)] without making the lowered string:
// SVG's attribute names have upper case (viewBox), and the index is asked
// about every attribute of each element it matches.
func lookupLower[T any](m map[string][]T, name string) []T {
	for i := 0; i < len(name); i++ {
		if c := name[i]; 'A' <= c && c <= 'Z' {
			var buf [64]byte
			if len(name) > len(buf) {
				return m[lowerKey(name)]
			}
			b := buf[:len(name)]
			for j := range len(name) {
				c := name[j]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				b[j] = c
			}
			return m[string(b)] // (the compiler makes no string for the lookup)
		}
	}
	return m[name]
}

// htmlSpace are the separators of a class attribute's tokens as cascadia
// splits them (matchInclude).
const htmlSpace = " \t\r\n\f"

// indexHTMLSpace is strings.IndexAny(s, htmlSpace), without building
// IndexAny's byte set at each call (it is called for each class of each
// element whose value of a property is asked).
func indexHTMLSpace(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n', '\f':
			return i
		}
	}
	return -1
}

// candidates appends to buf the lists of rules that may match el: those
// filed under no key, under el's tag, the root's when el is the root,
// under each class and id (any class or id attribute, as cascadia reads
// them) and each attribute's name, in lower case. A list may come twice
// (class="a a"); the rules of different lists are not in order.
func (x *ruleIndex) candidates(el *dom.Node, buf [][]*cssRule) [][]*cssRule {
	return appendCandidates(x.all, &x.keyed, x.n, el, buf)
}

// appendCandidates is the candidates of an index of rules (ruleIndex) or
// of rule groups (groupIndex, matched.go): all are the entries filed under
// no key, keyed those filed by kind of key, n their number.
func appendCandidates[T any](all []T, keyed *[keyKinds]map[string][]T, n int, el *dom.Node, buf [][]T) [][]T {
	if len(all) > 0 {
		buf = append(buf, all)
	}
	if len(all) == n {
		return buf
	}
	h := el.HTML()
	if h.Type != html.ElementNode {
		return buf
	}
	if m := keyed[keyTag]; m != nil {
		if rs := m[lowerKey(h.Data)]; rs != nil {
			buf = append(buf, rs)
		}
	}
	if m := keyed[keyRoot]; m != nil && h.Parent != nil && h.Parent.Type == html.DocumentNode {
		buf = append(buf, m[""]) // as cascadia's :root
	}
	byID, byClass, byAttr := keyed[keyID], keyed[keyClass], keyed[keyAttr]
	if byID == nil && byClass == nil && byAttr == nil {
		return buf
	}
	for _, a := range h.Attr {
		if byAttr != nil {
			if rs := lookupLower(byAttr, a.Key); rs != nil {
				buf = append(buf, rs)
			}
		}
		switch a.Key {
		case "id":
			if byID != nil {
				if rs := byID[lowerKey(a.Val)]; rs != nil {
					buf = append(buf, rs)
				}
			}
		case "class":
			if byClass == nil {
				continue
			}
			for v := a.Val; v != ""; {
				i := indexHTMLSpace(v)
				tok := v
				if i >= 0 {
					tok, v = v[:i], v[i+1:]
				} else {
					v = ""
				}
				if tok == "" {
					continue
				}
				if rs := byClass[lowerKey(tok)]; rs != nil {
					buf = append(buf, rs)
				}
			}
		}
	}
	return buf
}

// matchesAny reports whether a rule of x matches el.
func (x *ruleIndex) matchesAny(el *dom.Node) bool {
	var arr [8][]*cssRule
	doc := el.Document()
	ver := doc.Version()
	for _, rs := range x.candidates(el, arr[:0]) {
		for _, r := range rs {
			if r.sel.matches(el, doc, ver) {
				return true
			}
		}
	}
	return false
}

// best is the rule of x that wins the cascade for el among those
// matching it (nil for none).
func (x *ruleIndex) best(el *dom.Node) *cssRule {
	var arr [8][]*cssRule
	var best *cssRule
	bestNear := noProximity
	doc := el.Document()
	ver := doc.Version()
	for _, rs := range x.candidates(el, arr[:0]) {
		for _, r := range rs {
			if r.sel.deps&depScope != 0 {
				// scope proximity ranks it (cssnesting.go)
				if r.sel.matches(el, doc, ver) {
					if p := r.sel.proximity(el); best == nil || r.beatsNear(p, best, bestNear) {
						best, bestNear = r, p
					}
				}
				continue
			}
			if (best == nil || r.beatsNear(noProximity, best, bestNear)) && r.sel.matches(el, doc, ver) {
				best, bestNear = r, noProximity
			}
		}
	}
	return best
}

// hasCandidates reports whether x has rules that may match el.
func (x *ruleIndex) hasCandidates(el *dom.Node) bool {
	var arr [8][]*cssRule
	return len(x.candidates(el, arr[:0])) > 0
}
