package dom

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"

	"github.com/andybalholm/cascadia"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Style rule selectors with pseudo-classes whose state lives outside the
// tree (https://drafts.csswg.org/selectors-4/#useraction-pseudos,
// https://html.spec.whatwg.org/multipage/semantics-other.html#pseudo-classes):
// :focus, :popover-open, :modal, :target, :state(), :checked and the other
// form states; and :dir(), which cascadia does not know, :lang(), which
// it matches by any ancestor's lang attribute rather than the nearest's,
// and :nth-child() and its kin, whose positions it counts at each test. querySelector matches them through marker attributes set on
// the whole tree while it walks it (selector.go), which the cascade, asked
// about one element at a time, cannot afford; and cascadia, which the
// cascade matches with, refuses most of them and matches :focus, :target
// (never) and :checked (by the attribute) otherwise than a browser.
//
// A StyleSelector is one complex selector matched right to left: each
// compound is what cascadia can match of it plus predicates for the
// pseudo-classes above and for :not(), :is(), :where() and :has(); the
// combinators are walked here. It is immutable
// once parsed and safe to share between documents and goroutines: the
// predicates ask the element's document (Document.PseudoState) or its
// form state.

// A StyleSelector is a parsed complex selector of a style rule; it
// satisfies cascadia.Sel.
type StyleSelector struct {
	text      string
	compounds []styleCompound // the subject first
	spec      cascadia.Specificity
	pseudo    string // the pseudo-element, lower case
}

// A styleCompound is one compound selector and the combinator that
// relates it to the compound before it (the next in compounds).
type styleCompound struct {
	plain cascadia.Sel // nil: any element
	preds []func(n *Node) bool
	comb  byte // ' ', '>', '+', '~'; 0 for the first compound
}

var errStyleSelector = errors.New("not a selector the cascade matches")

// nthPseudoNames are the functional pseudo-classes counting siblings that
// StyleSelector matches with positions memoized per document version.
var nthPseudoNames = map[string]bool{"nth-child": true, "nth-last-child": true, "nth-of-type": true, "nth-last-of-type": true}

// stylePseudoNames are the pseudo-classes taking no argument that
// StyleSelector matches itself.
var stylePseudoNames = map[string]bool{
	"focus": true, "focus-within": true, "focus-visible": true, "popover-open": true, "modal": true, "active-view-transition": true,
	"target": true, "checked": true,
}

func init() {
	for name := range elementStates {
		stylePseudoNames[name] = true
	}
}

// NeedsStyleMatcher reports whether the selector text sel uses a
// pseudo-class that the cascade must match with a StyleSelector rather
// than with cascadia alone; :has() is one, as cascadia matches neither
// sibling relations nor complex relative selectors.
func NeedsStyleMatcher(sel string) bool { return needsStyleMatcher(sel, true) }

// NeedsStyleMatcherBeyondCase is NeedsStyleMatcher leaving out the
// attribute selectors it takes for their legacy case-insensitive values
// alone: a selector it refuses is no StyleSelector a cascadia selector
// could replace (cascadia matches those values case-sensitively).
func NeedsStyleMatcherBeyondCase(sel string) bool { return needsStyleMatcher(sel, false) }

func needsStyleMatcher(sel string, legacyCase bool) bool {
	if strings.IndexByte(sel, '[') >= 0 && ownsAttrSelector(sel, legacyCase) {
		return true
	}
	for i := strings.IndexByte(sel, ':'); i >= 0 && i+1 < len(sel); {
		j := i + 1
		for j < len(sel) && isIdentByte(sel[j]) {
			j++
		}
		name := ascii.Lower(sel[i+1 : j])
		if stylePseudoNames[name] || name == "state" || name == "active-view-transition-type" || name == "dir" || name == "has" || name == "lang" || nthPseudoNames[name] || name == NamespacePseudo ||
			name == "highlight" && j < len(sel) && sel[j] == '(' || name == "target-text" ||
			i > 0 && sel[i-1] == ':' && WebkitPseudoElement(name) {
			// (::target-text: a highlight pseudo-element cascadia does
			// not parse, which getComputedStyle reads; cascadia parses
			// no ::-webkit- one either, and a search input's cancel
			// button reads those rules: searchCancelRoom)
			return true
		}
		k := strings.IndexByte(sel[j:], ':')
		if k < 0 {
			break
		}
		i = j + k
	}
	return false
}

// UsesGeneralSibling reports whether the complex selector sel has a
// general sibling combinator (`~`) outside its pseudo-classes'
// arguments: cascadia walks every earlier sibling for it at each match,
// where a StyleSelector memoizes the walk (earlierSiblingMatches).
func UsesGeneralSibling(sel string) bool {
	if strings.IndexByte(sel, '~') < 0 {
		return false
	}
	_, combs, ok := splitCompounds(strings.TrimSpace(sel))
	return ok && bytes.IndexByte(combs, '~') >= 0
}

// ParseStyleSelector parses one complex selector (no top-level comma) of
// a style rule, a pseudo-element allowed at its end.
func ParseStyleSelector(sel string) (*StyleSelector, error) {
	return parseStyleSelector(sel, 0)
}

func parseStyleSelector(sel string, depth int) (*StyleSelector, error) {
	sel = strings.TrimSpace(sel)
	if sel == "" || depth > 8 {
		return nil, errStyleSelector
	}
	parts, combs, ok := splitCompounds(sel)
	if !ok {
		return nil, errStyleSelector
	}
	s := &StyleSelector{text: sel}
	// right to left: the subject first
	for i := len(parts) - 1; i >= 0; i-- {
		c, spec, pe, err := parseStyleCompound(parts[i], depth, i == len(parts)-1)
		if err != nil {
			return nil, err
		}
		if pe != "" {
			s.pseudo = pe
		}
		if i > 0 {
			c.comb = combs[i-1]
		}
		s.compounds = append(s.compounds, c)
		s.spec = s.spec.Add(spec)
	}
	return s, nil
}

// splitCompounds splits a complex selector into its compounds and the
// combinators between them (outside strings, escapes and blocks).
func splitCompounds(s string) (parts []string, combs []byte, ok bool) {
	start, depth := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		case c == '\\' && i+1 < len(s):
			i = escapeEnd(s, i) - 1
			continue
		case c == '"' || c == '\'':
			quote = c
			continue
		case c == '(' || c == '[':
			depth++
			continue
		case c == ')' || c == ']':
			depth--
			continue
		}
		if depth != 0 || !(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '>' || c == '+' || c == '~') {
			continue
		}
		part := s[start:i]
		comb := byte(' ')
		j := i
		for j < len(s) {
			d := s[j]
			if d == '>' || d == '+' || d == '~' {
				if comb != ' ' {
					return nil, nil, false // two combinators
				}
				comb = d
			} else if !(d == ' ' || d == '\t' || d == '\n' || d == '\r' || d == '\f') {
				break
			}
			j++
		}
		if part == "" || j == len(s) {
			return nil, nil, false // a combinator at either end
		}
		parts = append(parts, part)
		combs = append(combs, comb)
		start, i = j, j-1
	}
	if depth != 0 || quote != 0 || start >= len(s) {
		return nil, nil, false
	}
	return append(parts, s[start:]), combs, true
}

// pseudoClassSpec is the specificity of a pseudo-class.
var pseudoClassSpec = cascadia.Specificity{0, 1, 0}

// parseStyleCompound parses one compound: the pseudo-classes of
// stylePseudoNames and :state() become predicates, as do :not(), :is(),
// :where() and :has(); cascadia parses the rest. A pseudo-element may
// end the subject compound.
func parseStyleCompound(c string, depth int, subject bool) (sc styleCompound, spec cascadia.Specificity, pseudo string, err error) {
	var plain strings.Builder
	for i := 0; i < len(c); {
		ch := c[i]
		switch {
		case ch == '\\' && i+1 < len(c):
			end := escapeEnd(c, i)
			plain.WriteString(c[i:end])
			i = end
			continue
		case ch == '[':
			end := attrSelectorEnd(c, i)
			if end < 0 {
				return sc, spec, "", errStyleSelector
			}
			if pred, own, valid := styleAttrPredicate(c[i+1 : end]); own {
				if !valid {
					return sc, spec, "", errStyleSelector
				}
				sc.preds = append(sc.preds, pred)
				spec = spec.Add(pseudoClassSpec) // an attribute selector counts as a class
				i = end + 1
				continue
			}
			plain.WriteString(c[i : end+1])
			i = end + 1
			continue
		case ch != ':':
			plain.WriteByte(ch)
			i++
			continue
		}
		if pseudo != "" {
			return sc, spec, "", errStyleSelector // a pseudo-class after a pseudo-element
		}
		double := i+1 < len(c) && c[i+1] == ':'
		j := i + 1
		if double {
			j++
		}
		k := j
		for k < len(c) && isIdentByte(c[k]) {
			k++
		}
		name := ascii.Lower(c[j:k])
		arg, end, hasArg := "", k, false
		if k < len(c) && c[k] == '(' {
			e := matchingParen(c, k)
			if e < 0 {
				return sc, spec, "", errStyleSelector
			}
			arg, end, hasArg = c[k+1:e], e+1, true
		}
		if double && name == "highlight" && hasArg {
			// ::highlight(<custom-ident>), named by the unescaped ident:
			// "highlight(name)".
			// https://drafts.csswg.org/css-highlight-api-1/#custom-highlight-pseudo
			id := strings.TrimSpace(arg)
			if !subject || end != len(c) || id == "" || !startsIdent(id) || identEnd(id) != len(id) {
				return sc, spec, "", errStyleSelector
			}
			pseudo = "highlight(" + unescapeIdent(id) + ")"
			spec = spec.Add(cascadia.Specificity{0, 0, 1})
			i = end
			continue
		}
		if double || legacyPseudoElements[name] && !hasArg {
			if !subject || end != len(c) || !pseudoElements[name] && !(double && WebkitPseudoElement(name)) || hasArg {
				return sc, spec, "", errStyleSelector
			}
			pseudo = name
			if name == "-webkit-input-placeholder" {
				// Chromium's alias of ::placeholder (its selectorText keeps
				// the name the sheet wrote)
				pseudo = "placeholder"
			}
			spec = spec.Add(cascadia.Specificity{0, 0, 1})
			i = end
			continue
		}
		switch {
		case !hasArg && stylePseudoNames[name]:
			sc.preds = append(sc.preds, stylePseudoClass(name))
			spec = spec.Add(pseudoClassSpec)
		case hasArg && name == "state":
			id := strings.TrimSpace(arg)
			if id == "" || !startsIdent(id) || identEnd(id) != len(id) {
				return sc, spec, "", errStyleSelector
			}
			id = unescapeIdent(id)
			sc.preds = append(sc.preds, func(n *Node) bool { return n.pseudoState("state", id) })
			spec = spec.Add(pseudoClassSpec)
		case hasArg && name == "active-view-transition-type":
			ids, ok := identList(arg)
			if !ok {
				return sc, spec, "", errStyleSelector
			}
			sc.preds = append(sc.preds, func(n *Node) bool { return activeTransitionType(n, ids) })
			spec = spec.Add(pseudoClassSpec)
		case hasArg && name == NamespacePseudo:
			// a namespace prefix resolved by the style sheet: no
			// specificity of its own
			uri, ok := decodeNamespaceArg(arg)
			if !ok {
				return sc, spec, "", errStyleSelector
			}
			sc.preds = append(sc.preds, func(n *Node) bool { return n.NamespaceURI() == uri })
		case hasArg && name == "dir":
			// https://drafts.csswg.org/selectors-4/#the-dir-pseudo
			d := ascii.Lower(strings.TrimSpace(arg))
			if d == "" || !startsIdent(d) || identEnd(d) != len(d) {
				return sc, spec, "", errStyleSelector
			}
			sc.preds = append(sc.preds, func(n *Node) bool { return directionality(n) == d })
			spec = spec.Add(pseudoClassSpec)
		case hasArg && name == "lang":
			// cascadia's :lang() walks the ancestors for each, and a
			// lang attribute of any of them matches
			ranges := langRanges(arg)
			sc.preds = append(sc.preds, func(n *Node) bool { return langMatches(n, ranges) })
			spec = spec.Add(pseudoClassSpec)
		case hasArg && nthPseudoNames[name] && !strings.Contains(ascii.Lower(arg), " of "):
			// cascadia's counts the siblings before (and after) the
			// element at each test
			if _, err := cascadia.Parse(":" + name + "(" + arg + ")"); err != nil {
				return sc, spec, "", err
			}
			a, b, ok := parseNth(arg)
			if !ok {
				return sc, spec, "", errStyleSelector
			}
			sc.preds = append(sc.preds, nthPredicate(name, a, b))
			spec = spec.Add(pseudoClassSpec)
		case hasArg && (name == "nth-child" || name == "nth-last-child"):
			// :nth-child(An+B of S): S is a complex selector list that
			// is not forgiving; the pseudo-class counts as one plus
			// S's most specific selector
			// (https://drafts.csswg.org/selectors-4/#the-nth-child-pseudo)
			i := strings.Index(ascii.Lower(arg), " of ")
			a, b, ok := parseNth(arg[:i])
			if !ok {
				return sc, spec, "", errStyleSelector
			}
			of := strings.TrimSpace(arg[i+4:])
			for _, item := range splitTopLevel(of, ',') {
				if s, err := parseStyleSelector(item, depth+1); err != nil || s.pseudo != "" {
					return sc, spec, "", errStyleSelector
				}
			}
			inS, s, err := styleListPredicate("is", of, depth)
			if err != nil {
				return sc, spec, "", err
			}
			sc.preds = append(sc.preds, nthOfPredicate(name == "nth-last-child", a, b, inS))
			spec = spec.Add(pseudoClassSpec).Add(s)
		case hasArg && (name == "not" || forgivingLists[name] || name == "has"):
			// matched here even without a state inside: cascadia knows
			// neither :is() nor :where() nor :has(> x)
			pred, s, err := styleListPredicate(name, arg, depth)
			if err != nil {
				return sc, spec, "", err
			}
			sc.preds = append(sc.preds, pred)
			spec = spec.Add(s)
		default:
			plain.WriteString(c[i:end])
		}
		i = end
	}
	if p := strings.TrimSpace(plain.String()); p != "" && p != "*" {
		sel, err := cascadia.Parse(p)
		if err != nil {
			return sc, spec, "", err
		}
		sc.plain = sel
		spec = spec.Add(sel.Specificity())
	}
	return sc, spec, pseudo, nil
}

// styleListPredicate is the predicate of :not(list), :is(list),
// :where(list) or :has(relative list), and its specificity: the most specific argument's (none for :where).
// :is() and :where() take a forgiving list; :has() matches a complex
// relative selector by its last compound's relation to the anchor
// (descendants, children or following siblings) and the rest as an
// ordinary selector.
func styleListPredicate(name, arg string, depth int) (func(n *Node) bool, cascadia.Specificity, error) {
	var spec cascadia.Specificity
	var sels []*StyleSelector
	var rels []byte
	for _, a := range splitTopLevel(arg, ',') {
		a = strings.TrimSpace(a)
		rel := byte(' ')
		if name == "has" && a != "" && (a[0] == '>' || a[0] == '+' || a[0] == '~') {
			rel, a = a[0], strings.TrimSpace(a[1:])
		}
		s, err := parseStyleSelector(a, depth+1)
		if err != nil || s.pseudo != "" {
			if name == "not" || name == "has" {
				return nil, spec, errStyleSelector
			}
			continue // a forgiving list drops it
		}
		sels, rels = append(sels, s), append(rels, rel)
		if spec.Less(s.spec) {
			spec = s.spec
		}
	}
	if name == "where" {
		spec = cascadia.Specificity{}
	}
	anyMatches := func(n *Node) bool {
		for _, s := range sels {
			if s.match(n) {
				return true
			}
		}
		return false
	}
	switch name {
	case "not":
		return func(n *Node) bool { return !anyMatches(n) }, spec, nil
	case "has":
		return func(n *Node) bool {
			for i, s := range sels {
				if hasRelative(n, rels[i], s) {
					return true
				}
			}
			return false
		}, spec, nil
	}
	return anyMatches, spec, nil
}

// ParseHasArgument parses the argument of a :has() and returns its
// predicate, to be given the anchor, and its specificity. A shadow tree's
// `:host:has(…)` gives it the host's shadow root: the relative selectors
// look into the shadow tree, as the host's children there are the shadow
// root's (its light children and siblings do not count).
// https://drafts.csswg.org/css-scoping/#host-selector
func ParseHasArgument(arg string) (func(anchor *Node) bool, cascadia.Specificity, error) {
	return styleListPredicate("has", arg, 0)
}

// hasRelative reports whether an element matches the relative selector
// made of the combinator rel and s: s's subject, with the leftmost of the
// elements matching its compounds in relation rel to the anchor n
// (https://drafts.csswg.org/selectors-4/#relative). In `:has(~ div .x)`
// the .x is inside a div that follows n, not merely after it.
func hasRelative(n *Node, rel byte, s *StyleSelector) bool {
	// Where the subject can be: below n for a descendant or child
	// relation, among n's following siblings (and below them when s has a
	// descendant or child combinator) for a sibling one.
	deep := false
	for _, c := range s.compounds {
		if c.comb == ' ' || c.comb == '>' {
			deep = true
		}
	}
	found := false
	visit := func(d *Node) bool {
		if d.Type == html.ElementNode && s.matchAnchored(d, 0, n, rel) {
			found = true
		}
		return !found
	}
	switch rel {
	case '>', ' ':
		if rel == '>' && !deep {
			for k := n.First(); k != nil && !found; k = k.Next() {
				visit(k)
			}
			return found
		}
		n.Descendants(visit)
	default:
		if rel == '~' && !deep && len(s.compounds) == 1 {
			return s.laterSiblingMatches(n)
		}
		for k := n.NextElementSibling(); k != nil && !found; k = k.NextElementSibling() {
			if visit(k) && deep {
				k.Descendants(visit)
			}
			if rel == '+' && len(s.compounds) == 1 {
				break // the subject itself is the next sibling
			}
		}
	}
	return found
}

// matchAnchored is matchFrom for a relative selector: the element matching
// the leftmost compound must also be in relation rel to anchor.
func (s *StyleSelector) matchAnchored(n *Node, i int, anchor *Node, rel byte) bool {
	c := &s.compounds[i]
	if c.plain != nil && !c.plain.Match(&n.Node) {
		return false
	}
	for _, p := range c.preds {
		if !p(n) {
			return false
		}
	}
	if i == len(s.compounds)-1 {
		switch rel {
		case '>':
			return n.ParentNode() == anchor // a shadow root's child too
		case '+':
			return n.PreviousElementSibling() == anchor
		case '~':
			for p := n.PreviousElementSibling(); p != nil; p = p.PreviousElementSibling() {
				if p == anchor {
					return true
				}
			}
			return false
		}
		for p := n.ParentNode(); p != nil; p = p.ParentNode() {
			if p == anchor {
				return true
			}
		}
		return false
	}
	switch c.comb {
	case '>':
		p := n.ParentElement()
		return p != nil && p != anchor && s.matchAnchored(p, i+1, anchor, rel)
	case '+':
		p := n.PreviousElementSibling()
		return p != nil && p != anchor && s.matchAnchored(p, i+1, anchor, rel)
	case '~':
		for p := n.PreviousElementSibling(); p != nil && p != anchor; p = p.PreviousElementSibling() {
			if s.matchAnchored(p, i+1, anchor, rel) {
				return true
			}
		}
	default:
		for p := n.ParentElement(); p != nil && p != anchor; p = p.ParentElement() {
			if s.matchAnchored(p, i+1, anchor, rel) {
				return true
			}
		}
	}
	return false
}

// stylePseudoClass is the predicate of an argument-less pseudo-class of
// stylePseudoNames, matching as querySelector does.
func stylePseudoClass(name string) func(n *Node) bool {
	switch name {
	case "focus", "focus-within", "focus-visible", "popover-open", "modal", "target", "active-view-transition":
		return func(n *Node) bool { return n.pseudoState(name, "") }
	case "checked":
		return isCheckedState
	}
	return elementStates[name]
}

// isCheckedState implements :checked: checkboxes and radio buttons by
// their checkedness, options by their selectedness. A checkbox whose
// indeterminate flag is set does not match, as in Chromium 156 (which
// keeps :checked and :indeterminate apart; the standard matches it).
func isCheckedState(n *Node) bool {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.Input:
		switch n.InputType() {
		case "checkbox":
			return n.Checked() && !n.Indeterminate()
		case "radio":
			return n.Checked()
		}
		return false
	case atom.Option:
		return n.Selected()
	}
	return false
}

// Match reports whether the selector matches element h (a Node's HTML()).
func (s *StyleSelector) Match(h *html.Node) bool {
	if h == nil || h.Type != html.ElementNode {
		return false
	}
	return s.match(node(h))
}

func (s *StyleSelector) match(n *Node) bool { return s.matchFrom(n, 0) }

// matchFrom reports whether n matches compounds[i] and the compounds to
// its left, in their relations.
func (s *StyleSelector) matchFrom(n *Node, i int) bool {
	c := &s.compounds[i]
	if c.plain != nil && !c.plain.Match(&n.Node) {
		return false
	}
	for _, p := range c.preds {
		if !p(n) {
			return false
		}
	}
	if i == len(s.compounds)-1 {
		return true
	}
	switch c.comb {
	case '>':
		p := n.ParentElement()
		return p != nil && s.matchFrom(p, i+1)
	case '+':
		p := n.PreviousElementSibling()
		return p != nil && s.matchFrom(p, i+1)
	case '~':
		return s.earlierSiblingMatches(n, i)
	default:
		for p := n.ParentElement(); p != nil; p = p.ParentElement() {
			if s.matchFrom(p, i+1) {
				return true
			}
		}
	}
	return false
}

// earlierSiblingMatches reports whether an element sibling before n
// matches compounds[i+1] and those to its left: the general sibling
// combinator after compounds[i]. Asked of each of a long run of siblings
// (`p.x ~ p` over 100,000 paragraphs), the walk back to the first sibling
// is quadratic (2 min 17 s), so the answer is memoized per document
// version for each sibling walked past (siblingMemo): a sibling's answer
// is its previous sibling's match or that sibling's own answer.
func (s *StyleSelector) earlierSiblingMatches(n *Node, i int) bool {
	return s.siblingMatches(n, i, i+1, (*Node).PreviousElementSibling)
}

// laterSiblingMatches reports whether an element sibling after n
// matches s, a single compound: `:has(~ .b)`. Asked of each of a long
// run of siblings (`.a:has(~ .b)` with the .b last), the walk forward is
// quadratic, so the answer is memoized as earlierSiblingMatches's is
// (under the compound index -1).
func (s *StyleSelector) laterSiblingMatches(n *Node) bool {
	return s.siblingMatches(n, -1, 0, (*Node).NextElementSibling)
}

// siblingMatches reports whether an element sibling of n that next
// reaches matches the compounds from index from: the walk of
// earlierSiblingMatches and laterSiblingMatches, memoized under key i.
func (s *StyleSelector) siblingMatches(n *Node, i, from int, next func(*Node) *Node) bool {
	d := n.doc
	if d == nil {
		for p := next(n); p != nil; p = next(p) {
			if s.matchFrom(p, from) {
				return true
			}
		}
		return false
	}
	m := &d.sibs
	if m.ver != d.version || m.byKey == nil {
		m.byKey = resetMemo(m.byKey, &m.peak)
		m.ver = d.version
	}
	key := siblingKey{s, i, n}
	// on to a sibling whose answer is known, a matching sibling or the
	// last; every sibling passed on the way has the same answer
	var buf [16]*Node
	path := buf[:0]
	found := false
	for {
		if v, ok := m.byKey[key]; ok {
			found = v
			break
		}
		path = append(path, key.n)
		p := next(key.n)
		if p == nil {
			break
		}
		if s.matchFrom(p, from) {
			found = true
			break
		}
		key.n = p
	}
	// (matchFrom may have moved to another version: it asks no
	// mutation, but a predicate could synchronize a style attribute)
	if m.ver == d.version {
		for _, e := range path {
			m.byKey[siblingKey{s, i, e}] = found
		}
	}
	return found
}

// A siblingMemo holds, for one document version, the answers of
// earlierSiblingMatches: whether an element sibling before the element
// matches the compounds of the selector from index i+1.
type siblingMemo struct {
	ver   uint64
	byKey map[siblingKey]bool
	peak  int // see resetMemo
}

type siblingKey struct {
	s *StyleSelector
	i int
	n *Node
}

// Specificity is the selector's specificity.
func (s *StyleSelector) Specificity() cascadia.Specificity { return s.spec }

// String is the selector's text.
func (s *StyleSelector) String() string { return s.text }

// PseudoElement is the selector's pseudo-element, "" for none.
func (s *StyleSelector) PseudoElement() string { return s.pseudo }

// styleAttrPredicate is attrPredicate for the cascade, which matches with
// cascadia an attribute selector that names no namespace and has no i
// flag on a value that is not ASCII, nor names one of the HTML attributes
// whose values compare ASCII case-insensitively on HTML elements alone
// (`[type=foo]` matches an HTML span of type FOO, not an SVG a of type
// FOO: querySelector's addCaseFlags gives every element the i flag).
func styleAttrPredicate(in string) (pred func(n *Node) bool, own, valid bool) {
	return styleAttrPredicateOf(in, true)
}

// styleAttrPredicateOf is styleAttrPredicate, which owns the legacy
// case-insensitive attribute values when legacyCase is set.
func styleAttrPredicateOf(in string, legacyCase bool) (pred func(n *Node) bool, own, valid bool) {
	in = strings.TrimLeft(in, " \t\n")
	prefixed := strings.HasPrefix(in, "*|") || strings.HasPrefix(in, "|") && !strings.HasPrefix(in, "|=")
	if !prefixed {
		j := 0
		for j < len(in) && isIdentByte(in[j]) {
			j++
		}
		if legacyCase && j > 0 && strings.IndexByte(in[:j], '\\') < 0 {
			legacy := attrNeedsCaseFlag(in)
			if legacy || strings.IndexByte(in[j:], '=') >= 0 && sFlagged(in[j:]) {
				// (cascadia parses no s flag: `[type=foo s]` compares exactly)
				test, ok := parseAttrTest(in[j:])
				if !ok {
					return nil, true, false
				}
				return attrNamePredicate(in[:j], false, test, legacy), true, true
			}
		}
		if !nonASCIICaseFlag(in[j:]) {
			return nil, false, false
		}
	}
	return attrPredicate(in, false, false)
}

// sFlagged reports whether the rest of an attribute selector after its
// name is a valid test with the s flag.
func sFlagged(rest string) bool {
	t, ok := parseAttrTest(rest)
	return ok && t.sensitive
}

// ownsAttrSelector reports whether an attribute selector of sel is one
// styleAttrPredicate matches.
func ownsAttrSelector(sel string, legacyCase bool) bool {
	found := false
	rewriteAttrSelectors(sel, func(a string) (string, bool) {
		if !found {
			_, found, _ = styleAttrPredicateOf(a[1:len(a)-1], legacyCase)
		}
		return "", false
	})
	return found
}

// NamespacePseudo names the pseudo-class by which a style sheet's
// namespace prefixes reach a StyleSelector: NamespaceSelector(uri) holds
// the elements in namespace uri. CSS has no such pseudo-class (and
// cssscan refuses it, so no author's selector reaches the cascade with
// it): the cascade writes it after a type selector whose prefix the
// sheet's @namespace rules resolve (`svg|a` is `a` and
// NamespaceSelector("http://www.w3.org/2000/svg")), as it matches
// namespaces only by what the sheet declares.
// https://drafts.csswg.org/css-namespaces/#css-qnames
const NamespacePseudo = "-bangsnap-namespace"

// NamespaceSelector is the simple selector of NamespacePseudo for uri:
// its argument is uri in hexadecimal, which no selector syntax reads.
func NamespaceSelector(uri string) string {
	return ":" + NamespacePseudo + "(" + hex.EncodeToString([]byte(uri)) + ")"
}

// decodeNamespaceArg undoes NamespaceSelector's encoding of a URI.
func decodeNamespaceArg(arg string) (string, bool) {
	b, err := hex.DecodeString(arg)
	return string(b), err == nil
}
