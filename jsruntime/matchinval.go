package jsruntime

import (
	"slices"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
)

// Per-element invalidation of the matched rules (matched.go). The rules
// matching an element were matched again for every element after any
// change of the document (its version), and CSS-in-JS pages change the
// document between reads all the time: a class toggled, a node inserted.
// As browsers do (Blink's invalidation sets), a change now drops the
// matched rules of the elements it may change them for:
//
//   - a change of an element's attributes (a class, the id, any other)
//     drops its own; and when a rule names what changed in a compound left
//     of its subject, those of the element's subtree (a descendant or
//     child combinator right of that compound) or of its parent's subtree
//     (a sibling combinator);
//   - a node inserted or removed drops those of its subtree, and the
//     parent's own (:empty); where a rule reads siblings or children
//     (:nth-child(), :first-child, :empty, +, ~, and :disabled, whose
//     fieldset's first legend may change), those of the parent's subtree
//     that were matched against such a rule;
//   - a change of an element's lang attribute drops its subtree's where
//     a rule has :lang();
//   - an element matched against a rule whose match may depend on what
//     is not its ancestors or siblings (:has(), a form's :invalid,
//     :dir(), a pseudo-class not known here) is matched again after any
//     change of the tree;
//   - anything else — a change no mutation record reports (the focus, a
//     form control's state, a shadow root attached), a change of the sheets,
//     a CSSOM edit — drops every element's, as before.
//
// The drops are lazy: a change stamps the element whose own rules (or
// whose subtree's) it drops, and an element's matched rules, matched at a
// stamp, are checked against the stamps of it and its ancestors at their
// first read in a document version.

// Reaches of a change of an element's feature.
const (
	reachSelf      = iota // the element's own rules
	reachSubtree          // its subtree's
	reachParentSub        // its parent's subtree's (its siblings')
)

// Flags of what a rule group's match may read besides its element's and
// its ancestors' attributes.
const (
	invSiblings uint8 = 1 << iota // the element's or an ancestor's siblings or children
	invVolatile                   // anything: matched again after each change
)

// A selInval is what invalidates the matches of the selectors of one
// style rule: the classes (".name", lower case), ids ("#name", lower
// case) and attribute names ("[name") named left of a subject, "*" for a
// pseudo-class reading any attribute there, each with the reach of its
// change; and the flags of the rule.
type selInval struct {
	feats []featReach
	flags uint8
	// anc are the hashes (ancestorKey) of the tag, id and classes that an
	// ancestor of any element the selectors match has: those of the
	// compounds left of a descendant or child combinator, in each of the
	// list's selectors (ancestorfilter.go).
	anc []uint32
	// read is set when the list's selectors were read: feats then hold
	// every change that can give an ancestor what a selector requires of
	// it, so the ancestor filter may reject its selectors (ruleSel.anc).
	read bool
}

type featReach struct {
	key   string
	reach uint8
}

// Pseudo-classes by what their match reads.
var (
	// state outside the tree: changes of it are no mutation
	// (dom.Document.StateChanged), which drops every element's rules
	stateOnlyPseudos = map[string]bool{"hover": true, "active": true, "focus": true, "focus-visible": true,
		"target": true, "visited": true, "popover-open": true, "modal": true, "active-view-transition": true, "active-view-transition-type": true, "fullscreen": true, "state": true,
		"playing": true, "paused": true, "autofill": true, "-webkit-autofill": true, "user-valid": true,
		"user-invalid": true, "root": true, "scope": true}
	// selectors in arguments; what they read counts on its own
	logicalPseudos = map[string]bool{"is": true, "where": true, "not": true, "matches": true, "-webkit-any": true, "-moz-any": true}
	// the element's position among its siblings, or its children
	structuralPseudos = map[string]bool{"first-child": true, "last-child": true, "only-child": true, "nth-child": true,
		"nth-last-child": true, "first-of-type": true, "last-of-type": true, "only-of-type": true, "nth-of-type": true,
		"nth-last-of-type": true, "empty": true}
	// the element's own attributes (or its custom element state, which
	// customElementDefined reports like an attribute change)
	attrPseudos = map[string]bool{"link": true, "any-link": true, "required": true, "optional": true,
		"placeholder-shown": true, "in-range": true, "out-of-range": true, "open": true, "defined": true}
	// an ancestor's attributes too: a disabled fieldset (and which of its
	// legends is first), contenteditable
	ancestorAttrPseudos = map[string]bool{"enabled": true, "disabled": true, "read-only": true, "read-write": true}
	// pseudo-elements written with one colon
	legacyPseudoElementNames = map[string]bool{"before": true, "after": true, "first-line": true, "first-letter": true}
)

// analyzeSelInval reads the invalidation of the selectors of a selector
// list (sheetcache.go keeps it with the parsed rules).
func analyzeSelInval(list string) *selInval {
	v := &selInval{}
	// a sheet's default namespace is the subject's, which never changes
	list, _ = cutNamespace(list) // cssnamespace.go
	add := func(key string, reach uint8) {
		for i := range v.feats {
			if v.feats[i].key == key {
				v.feats[i].reach = max(v.feats[i].reach, reach)
				return
			}
		}
		v.feats = append(v.feats, featReach{key, reach})
	}
	if hasUnescaped(list, '&') {
		v.flags = invVolatile // nesting: not read here
		return v
	}
	if strings.Contains(list, containerMark) {
		// a rule in an @container block (containerquery.go): its match
		// reads a container's size, which any change may change
		v.flags = invVolatile
		return v
	}
	if strings.Contains(list, scopeMark) {
		// a scoped rule (cssnesting.go): its match reads the scoping
		// roots and limits among the ancestors and what their
		// selectors read
		v.flags = invVolatile
		return v
	}
	var anc []uint32
	for n, sel := range splitTopLevelCommas(list) {
		compounds, combs, ok := splitComplex(sel)
		if !ok {
			v.flags = invVolatile
			return v
		}
		own := ancestorRequirements(compounds, combs)
		if n == 0 {
			anc = own
		} else {
			anc = slices.DeleteFunc(anc, func(h uint32) bool { return !slices.Contains(own, h) })
		}
		last := len(compounds) - 1
		for i, comp := range compounds {
			reach := uint8(reachSelf)
			if i < last {
				reach = reachSubtree
				if combs[i] == '+' || combs[i] == '~' {
					reach = reachParentSub
				}
			}
			if nestedCombinator(comp) {
				// :not(.a .b), :is(.a + .b): what the argument names is
				// read on an ancestor or a sibling
				reach = reachParentSub
			}
			if i < last && (combs[i] == '+' || combs[i] == '~') || nestedSibling(comp) {
				v.flags |= invSiblings
			}
			// a volatile compound (:has(), :focus-within) is matched again
			// after every change, but only where the ancestor filter lets
			// the rule through: its tags, ids and classes are still read
			// for the filter (anc) and for the changes that let it through
			// (feats)
			fl, attrRead, ancestorKeys := pseudoReads(comp)
			v.flags |= fl
			for _, k := range ancestorKeys {
				add(k, max(reach, reachSubtree))
			}
			if attrRead && reach > reachSelf {
				add("*", reach)
			}
			if reach > reachSelf {
				compoundFeatures(comp, func(key string) {
					if key[0] != '[' {
						key = strings.ToLower(key)
					}
					add(key, reach)
				})
			}
		}
	}
	if len(anc) > 0 {
		v.anc = anc
	}
	v.read = true
	return v
}

// hasUnescaped reports whether s has c outside an escape (Tailwind's
// `.\[\&\>\*\]\:p` has no nesting selector).
func hasUnescaped(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case c:
			return true
		case '\\':
			i = cssEscapeEnd(s, i) - 1
		}
	}
	return false
}

// splitComplex splits a complex selector into its compounds and the
// combinators between them (' ' for a descendant), at the top level.
func splitComplex(sel string) (compounds []string, combs []byte, ok bool) {
	depth, start := 0, 0
	pending := byte(0)
	for i := 0; i < len(sel); i++ {
		c := sel[i]
		switch {
		case c == '\\':
			i = cssEscapeEnd(sel, i) - 1 // an escape is part of its compound
			continue
		case c == '"' || c == '\'':
			j := strings.IndexByte(sel[i+1:], c)
			if j < 0 {
				return nil, nil, false
			}
			i += j + 1
			continue
		case c == '(' || c == '[':
			depth++
			continue
		case c == ')' || c == ']':
			depth--
			continue
		case depth > 0:
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r', '\f', '>', '+', '~':
			if start < i {
				if len(compounds) > 0 {
					combs = append(combs, pending)
				}
				compounds = append(compounds, sel[start:i])
				pending = ' '
			}
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' {
				pending = c
			}
			start = i + 1
		}
	}
	if depth != 0 {
		return nil, nil, false
	}
	if start < len(sel) {
		if len(compounds) > 0 {
			combs = append(combs, pending)
		}
		compounds = append(compounds, sel[start:])
	}
	return compounds, combs, len(compounds) > 0
}

// nestedCombinator reports whether a compound has a combinator inside
// the argument of a functional pseudo-class (a space that is not next to
// a comma or a parenthesis counts, so does an+b's).
func nestedCombinator(comp string) bool {
	depth := 0
	// prev is the last character before i that is no white space (an
	// escaped one reads as a letter)
	prev := byte(0)
	for i := 0; i < len(comp); i++ {
		c := comp[i]
		switch c {
		case '\\':
			i = cssEscapeEnd(comp, i) - 1
			prev = 'a'
			continue
		case '"', '\'':
			if j := strings.IndexByte(comp[i+1:], c); j >= 0 {
				i += j + 1
			}
		case '(':
			depth++
		case ')':
			depth--
		case '>', '+', '~':
			if depth > 0 && !(c == '~' && i+1 < len(comp) && comp[i+1] == '=') {
				return true
			}
		case ' ', '\t', '\n', '\r', '\f':
			if depth == 0 {
				continue
			}
			next := byte(0)
			for j := i + 1; j < len(comp); j++ {
				if !isCSSSpace(comp[j]) {
					next = comp[j]
					break
				}
			}
			if prev != ',' && prev != '(' && next != ',' && next != ')' && prev != '[' && next != ']' {
				return true
			}
			continue
		}
		prev = c
	}
	return false
}

// nestedSibling reports whether a compound has a sibling combinator
// inside the argument of a functional pseudo-class (or an an+b).
func nestedSibling(comp string) bool {
	depth := 0
	for i := 0; i < len(comp); i++ {
		if j, ok := skipSelectorLiteral(comp, i); ok {
			i = j
			continue
		}
		switch comp[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '+', '~':
			if depth > 0 {
				return true
			}
		}
	}
	return false
}

// pseudoReads reads the pseudo-classes of a compound (in its functional
// pseudo-classes' arguments too): the flags they give their rule, whether
// they read the element's attributes, and the attributes of its
// ancestors they read (as features: "[name").
func pseudoReads(comp string) (flags uint8, attrRead bool, ancestorKeys []string) {
	eachPseudoClass(comp, func(name string) {
		switch {
		case logicalPseudos[name], stateOnlyPseudos[name], legacyPseudoElementNames[name]:
		case structuralPseudos[name]:
			flags |= invSiblings
			if strings.HasPrefix(name, "nth-") && strings.Contains(comp, " of ") {
				flags |= invVolatile // :nth-child(an+b of S)
			}
		case attrPseudos[name]:
			attrRead = true
		case ancestorAttrPseudos[name]:
			// a disabled fieldset (and which of its legends is first);
			// an editing host
			ancestorKeys = append(ancestorKeys, "[disabled")
			flags |= invSiblings
			if name == "read-only" || name == "read-write" {
				ancestorKeys = append(ancestorKeys, "[contenteditable")
				attrRead = true // readonly, type
			}
		case name == "lang":
			// the nearest lang or xml:lang attribute of the element and
			// its ancestors (a mutation record names both "lang")
			ancestorKeys = append(ancestorKeys, "[lang")
		default: // :has(), :focus-within, :dir(), :checked, :invalid, ...
			flags |= invVolatile
		}
	})
	return flags, attrRead, ancestorKeys
}

// eachPseudoClass calls fn with the name (lower case) of each
// pseudo-class of a compound or selector, in its functional
// pseudo-classes' arguments too; pseudo-elements written with two colons
// are left out.
func eachPseudoClass(comp string, fn func(name string)) {
	for i := 0; i < len(comp); i++ {
		if j, ok := skipSelectorLiteral(comp, i); ok {
			i = j // (`.md\:flex` names a class)
			continue
		}
		switch comp[i] {
		case '[':
			// an attribute selector's value may hold a colon
			if j := cssscan.BlockEnd(comp, i); j < len(comp) {
				i = j
			}
			continue
		case ':':
		default:
			continue
		}
		if i+1 < len(comp) && comp[i+1] == ':' {
			i++
			j := i + 1
			for j < len(comp) && isSelIdent(comp[j]) {
				j++
			}
			i = j - 1
			continue // a pseudo-element
		}
		j := i + 1
		for j < len(comp) && isSelIdent(comp[j]) {
			j++
		}
		fn(strings.ToLower(comp[i+1 : j]))
		i = j - 1
	}
}

// A matchEntry is an element's winners in sheetState.winners, the stamp
// they were matched at, the document version they were last found valid
// in and the flags of the rule groups matched against it.
type matchEntry struct {
	lo, hi  int32
	flags   uint8
	at      uint64
	checked uint64
	// since is the stamp since which the winners are the same: matched
	// again to the same winners, an element keeps its value memos
	// (valueinval.go).
	since uint64
}

// matchInval is the state of the invalidation of the page's matched rules.
type matchInval struct {
	// recVer is the document version the mutation records told of, up to
	// which the matched rules were kept up to date; unrec the document's
	// count of unrecorded changes then.
	recVer, unrec uint64
	// stamp counts the stamps; dirtyEl holds the stamp of the last change
	// that dropped an element's own rules, dirtySub of its subtree's,
	// dirtySib of its subtree's matched against a rule reading siblings;
	// volatileAt is the stamp of the last change of the tree.
	stamp      uint64
	dirtyEl    map[*dom.Node]uint64
	dirtySub   map[*dom.Node]uint64
	dirtySib   map[*dom.Node]uint64
	volatileAt uint64
	// feats are the features of the rule groups (their reach), and flags
	// theirs together, for the last build.
	feats     map[string]uint8
	flags     uint8
	featsFor  uint64
	live      int // the winners of entries in matched
	perElemOK bool
	// stateSeen is the sheets' stateEdits when the rules were dropped
	// last; adds are the sheets added since (sheetgrowth.go).
	stateSeen uint64
	adds      []sheetAddition
}

// maxDirty bounds the stamps kept before every element's rules are
// dropped instead.
const maxDirty = 1 << 14

// resetMatched drops every element's matched rules.
func (s *sheetState) resetMatched(doc *dom.Document) {
	clear(s.matched)
	s.winners, s.memoDoc = s.winners[:0], doc
	mi := &s.matchInv
	clear(mi.dirtyEl)
	clear(mi.dirtySub)
	clear(mi.dirtySib)
	mi.live = 0
	mi.recVer, mi.unrec = doc.Version(), doc.UnrecordedChanges()
	mi.stateSeen = s.stateEdits
	clear(mi.adds)
	mi.adds = mi.adds[:0]
}

// keepMatched tells whether the matched rules of doc's elements kept in s
// may stand, the changes of the tree since having been told of by
// mutation records and no change of state having come (a change of the
// sheets is refreshSheetsOf's to judge).
func (s *sheetState) keepMatched(doc *dom.Document) bool {
	mi := &s.matchInv
	return mi.perElemOK && s.byProp != nil && s.memoDoc == doc && mi.recVer == doc.Version() &&
		mi.unrec == doc.UnrecordedChanges() && mi.stateSeen == s.stateEdits &&
		len(mi.dirtyEl)+len(mi.dirtySub)+len(mi.dirtySib) < maxDirty
}

// matchFeatures makes the features of the rule groups of the last build.
func (s *sheetState) matchFeatures() {
	mi := &s.matchInv
	if mi.featsFor == s.builds && mi.feats != nil {
		return
	}
	if mi.feats == nil {
		mi.feats = make(map[string]uint8)
	}
	clear(mi.feats)
	mi.flags = 0
	for i := range s.groups {
		v := s.groups[i].sel.inv
		if v == nil {
			mi.flags |= invVolatile
			continue
		}
		mi.flags |= v.flags
		for _, f := range v.feats {
			if r, ok := mi.feats[f.key]; !ok || f.reach > r {
				mi.feats[f.key] = f.reach
			}
		}
	}
	mi.featsFor = s.builds
}

// mark stamps n in m.
func (mi *matchInval) mark(m *map[*dom.Node]uint64, n *dom.Node) {
	if n == nil {
		return
	}
	if *m == nil {
		*m = make(map[*dom.Node]uint64)
	}
	mi.stamp++
	(*m)[n] = mi.stamp
}

// markTreeChange stamps in m the elements a child list mutation inserted
// or removed.
func (mi *matchInval) markTreeChange(m *map[*dom.Node]uint64, r *dom.MutationRecord) {
	for _, list := range [2][]*dom.Node{r.AddedNodes, r.RemovedNodes} {
		for _, n := range list {
			if n.IsElement() {
				mi.mark(m, n)
			}
		}
	}
}

// matchedMutated is the matched rules' part of the page document's
// mutation hook: it stamps what r may change the matched rules of.
func (w *Window) matchedMutated(r *dom.MutationRecord) {
	s := &w.sheets
	mi := &s.matchInv
	doc := r.Target.Document()
	if doc != w.doc || s.memoDoc != doc {
		return
	}
	// the record accounts for every change of the version since the last
	// (one record may report several: the nodes a replaceChildren
	// removed) but the unrecorded ones, which keepMatched sees
	mi.recVer = doc.Version()
	if len(s.matched) == 0 {
		return
	}
	s.matchFeatures()
	if mi.flags&invVolatile != 0 {
		mi.stamp++
		mi.volatileAt = mi.stamp
	}
	switch r.Type {
	case dom.AttributesMutation:
		w.matchedAttrChanged(r.Target, r.AttributeName, r.OldValue)
	case dom.ChildListMutation:
		mi.markTreeChange(&mi.dirtySub, r)
		mi.mark(&mi.dirtyEl, r.Target)
		if mi.flags&invSiblings != 0 {
			mi.mark(&mi.dirtySib, r.Target)
		}
	case dom.CharacterDataMutation:
		mi.mark(&mi.dirtyEl, r.Target.ParentNode())
	}
}

// matchedAttrChanged stamps what a change of el's attribute name (from
// old, for a class or an id) may change the matched rules of; name ""
// is a change of state like one of an attribute no rule names.
func (w *Window) matchedAttrChanged(el *dom.Node, name, old string) {
	s := &w.sheets
	mi := &s.matchInv
	mi.mark(&mi.dirtyEl, el)
	reach := -1
	look := func(key string) {
		if r, ok := mi.feats[key]; ok && int(r) > reach {
			reach = int(r)
		}
	}
	look("*")
	if name != "" {
		look("[" + strings.ToLower(name))
	}
	switch name {
	case "class":
		now := el.Attribute("class")
		for _, c := range strings.Fields(old) {
			if !hasField(now, c) {
				look("." + strings.ToLower(c))
			}
		}
		for _, c := range strings.Fields(now) {
			if !hasField(old, c) {
				look("." + strings.ToLower(c))
			}
		}
	case "id":
		if old != "" {
			look("#" + strings.ToLower(old))
		}
		if now := el.Attribute("id"); now != "" {
			look("#" + strings.ToLower(now))
		}
	}
	switch reach {
	case reachSubtree:
		mi.mark(&mi.dirtySub, el)
	case reachParentSub:
		if p := el.ParentNode(); p != nil {
			mi.mark(&mi.dirtySub, p)
		} else {
			mi.mark(&mi.dirtySub, el)
		}
	}
}

// customElementDefined is told that el became defined (:defined), a
// change of the version no mutation record reports.
func (w *Window) customElementDefined(el *dom.Node) {
	s := &w.sheets
	mi := &s.matchInv
	doc := el.Document()
	if doc != w.doc || s.memoDoc != doc || mi.recVer+1 != doc.Version() {
		return // an earlier change was not told of: keepMatched sees it
	}
	mi.recVer = doc.Version()
	if len(s.matched) == 0 {
		return
	}
	s.matchFeatures()
	if mi.flags&invVolatile != 0 {
		mi.stamp++
		mi.volatileAt = mi.stamp
	}
	w.matchedAttrChanged(el, "", "")
}

// stillMatched tells whether e, el's entry, still stands.
func (s *sheetState) stillMatched(el *dom.Node, e *matchEntry) bool {
	mi := &s.matchInv
	if e.flags&invVolatile != 0 && mi.volatileAt > e.at {
		return false
	}
	if mi.dirtyEl[el] > e.at {
		return false
	}
	if len(mi.dirtySub) == 0 && (len(mi.dirtySib) == 0 || e.flags&invSiblings == 0) {
		return s.addedMatch(el, e)
	}
	sib := e.flags&invSiblings != 0 && len(mi.dirtySib) > 0
	for a := el; a != nil; a = a.ParentNode() {
		if mi.dirtySub[a] > e.at || sib && mi.dirtySib[a] > e.at {
			return false
		}
	}
	return s.addedMatch(el, e)
}
