package dom

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/andybalholm/cascadia"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom/cssscan"
)

// Pseudo-classes cascadia lacks, matched through a marker attribute: the
// rewrite turns each into [stateAttr~=token], and while matching every
// element of the tree carries, in stateAttr, the tokens whose predicate it
// satisfies. This covers element states (form control states, :defined,
// :dir(), :lang(), :empty as Chromium has it), :has() with a sibling
// combinator, :nth-child(An+B of S) and the no-namespace type selector |E.

const stateAttr = "bangsnap-state-0d1f"

// selState is one stateful pseudo-class of a compiled selector.
type selState struct {
	token string
	match func(n *Node) bool
}

// stateRef returns the attribute selector for a new state token.
func (rw *rewriteInfo) stateRef(match func(n *Node) bool) string {
	tok := "s" + strconv.Itoa(len(rw.states))
	rw.states = append(rw.states, selState{token: tok, match: match})
	return "[" + stateAttr + "~=" + tok + "]"
}

// hostRef returns the attribute selector for a new :host token, which the
// shadow root stands for while matching when match (nil: always) holds
// for its host (see hostStandIn).
func (rw *rewriteInfo) hostRef(match func(h *Node) bool) string {
	tok := "h" + strconv.Itoa(len(rw.hosts))
	rw.hosts = append(rw.hosts, selState{token: tok, match: match})
	return "[" + stateAttr + "~=" + tok + "]"
}

// hostElementName is the element name a shadow root takes while it
// stands for its host in matching.
const hostElementName = "bangsnap-host-0d1f"

// A hostStandIn lets the shadow root of a tree stand for its host while
// the selectors with :host are matched: in a shadow tree the host is the
// featureless parent of the top-level elements
// (https://drafts.csswg.org/css-scoping/#host-element-in-tree), and the
// root is where cascadia's combinators look for it. While applied, the
// root is an element of its own name whose only attribute carries the
// :host tokens the host satisfies, so that nothing but :host matches it;
// the other selectors of a list are matched without it (the root is no
// element for them).
type hostStandIn struct {
	root      *Node
	attr      []html.Attribute
	typ       html.NodeType
	data, ns  string
	dataAtom  atom.Atom
	savedAttr []html.Attribute
}

// newHostStandIn returns the stand-in for scope's tree, or nil outside
// shadow trees, where :host matches nothing.
func newHostStandIn(scope *Node, hosts []selState) *hostStandIn {
	r := scope.Root()
	if !r.IsShadowRoot() || r.rare.host == nil {
		return nil
	}
	h := r.rare.host
	var b strings.Builder
	for _, s := range hosts {
		if s.match == nil || s.match(h) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(s.token)
		}
	}
	return &hostStandIn{root: r, attr: []html.Attribute{{Key: stateAttr, Val: b.String()}}}
}

func (s *hostStandIn) apply() {
	r := s.root
	s.typ, s.data, s.dataAtom, s.ns, s.savedAttr = r.Type, r.Data, r.DataAtom, r.Namespace, r.Attr
	r.Type, r.Data, r.DataAtom, r.Namespace, r.Attr = html.ElementNode, hostElementName, 0, "", s.attr
}

func (s *hostStandIn) undo() {
	r := s.root
	r.Type, r.Data, r.DataAtom, r.Namespace, r.Attr = s.typ, s.data, s.dataAtom, s.ns, s.savedAttr
}

// stateRefs is stateRef for each of names, shared by name.
func (rw *rewriteInfo) named(name string, match func(n *Node) bool) string {
	if rw.byName == nil {
		rw.byName = make(map[string]string)
	}
	if r, ok := rw.byName[name]; ok {
		return r
	}
	r := rw.stateRef(match)
	rw.byName[name] = r
	return r
}

// elementStates are the argument-less state pseudo-classes
// (https://html.spec.whatwg.org/multipage/semantics-other.html#pseudo-classes).
var elementStates = map[string]func(n *Node) bool{
	"any-link":          isHyperlink,
	"link":              isHyperlink, // no link is ever visited
	"required":          isRequired,
	"optional":          isOptional,
	"read-write":        isReadWrite,
	"read-only":         func(n *Node) bool { return !isReadWrite(n) },
	"placeholder-shown": isPlaceholderShown,
	"default":           isDefault,
	"indeterminate":     isIndeterminate,
	"valid":             func(n *Node) bool { v, ok := validity(n); return ok && v },
	"invalid":           func(n *Node) bool { v, ok := validity(n); return ok && !v },
	"user-valid":        func(*Node) bool { return false }, // no user interaction ever happens
	"user-invalid":      func(*Node) bool { return false },
	"in-range":          func(n *Node) bool { in, ok := inRange(n); return ok && in },
	"out-of-range":      func(n *Node) bool { in, ok := inRange(n); return ok && !in },
	"autofill":          func(*Node) bool { return false },
	"-webkit-autofill":  func(*Node) bool { return false },
	"defined":           isDefined,
	"enabled":           func(n *Node) bool { ok, dis := disableable(n); return ok && !dis },
	"disabled":          func(n *Node) bool { ok, dis := disableable(n); return ok && dis },
	"empty":             isEmptyElement,
	"open":              isOpen,
}

// legacyPseudoElements may be written with one colon
// (https://drafts.csswg.org/selectors-4/#pseudo-element-syntax).
var legacyPseudoElements = map[string]bool{"before": true, "after": true, "first-line": true, "first-letter": true}

// pseudoElements are the pseudo-elements Chromium parses; in
// querySelector and matches they are valid and match nothing.
var pseudoElements = map[string]bool{
	"before": true, "after": true, "first-line": true, "first-letter": true, "marker": true,
	"placeholder": true, "selection": true, "backdrop": true, "file-selector-button": true,
	"cue": true, "slotted": true, "part": true, "highlight": true, "grammar-error": true,
	"spelling-error": true, "target-text": true, "details-content": true, "search-text": true,
	"view-transition": true, "view-transition-group": true, "view-transition-image-pair": true,
	"view-transition-old": true, "view-transition-new": true, "scroll-marker": true,
	"scroll-marker-group": true, "column": true, "checkmark": true, "picker-icon": true, "picker": true,
}

// WebkitPseudoElement tells whether name is a ::-webkit- pseudo-element,
// which Chromium 156 parses whatever follows the prefix
// (::-webkit-search-cancel-button, ::-webkit-scrollbar, ::-webkit-foo),
// save -webkit-autofill, a pseudo-class: querySelector takes them and
// they match no element, and a sheet's rules for them reach the cascade
// (a search input's cancel button is sized by its rules).
func WebkitPseudoElement(name string) bool {
	return strings.HasPrefix(name, "-webkit-") && name != "-webkit-autofill"
}

// isHyperlink is what :any-link and :link match: a and area elements with
// an href, and SVG a elements with an href or xlink:href. A <link href>
// is no hyperlink (cascadia's own :link counted it).
// https://html.spec.whatwg.org/multipage/semantics-other.html#selector-link
func isHyperlink(n *Node) bool {
	switch {
	case htmlElement(n, atom.A), htmlElement(n, atom.Area):
		return n.HasAttribute("href")
	case n.Type == html.ElementNode && n.Namespace == "svg" && n.Data == "a":
		return n.HasAttributeNS("", "href") || n.HasAttributeNS(XLinkNamespace, "href")
	}
	return false
}

func htmlElement(n *Node, a atom.Atom) bool {
	return n.Type == html.ElementNode && n.Namespace == "" && n.DataAtom == a
}

// actuallyDisabled: the disabled attribute, or a disabled fieldset ancestor
// outside its first legend (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fe-disabled).
func actuallyDisabled(n *Node) bool {
	if n.HasAttribute("disabled") {
		return true
	}
	for c, p := n, n.ParentElement(); p != nil; c, p = p, p.ParentElement() {
		if htmlElement(p, atom.Fieldset) && p.HasAttribute("disabled") {
			if legend := p.FirstLegend(); legend == nil || c != legend {
				return true
			}
		}
	}
	return false
}

// textLikeInput reports input types whose value is text the user types and
// to which readonly, required and placeholder apply.
// disableable reports whether :enabled and :disabled apply to n and
// whether it is disabled (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-enabled):
// form controls (form-associated custom elements too), fieldsets, options
// and optgroups; not links.
func disableable(n *Node) (applies, disabled bool) {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return false, false
	}
	switch n.DataAtom {
	case atom.Button, atom.Input, atom.Select, atom.Textarea:
		return true, actuallyDisabled(n)
	case atom.Fieldset:
		return true, actuallyDisabled(n)
	case atom.Optgroup:
		// Chromium: an optgroup or option of a disabled select (by its
		// own attribute or a fieldset's) is disabled too, for :disabled
		// and :enabled only (the select's value does not change)
		if n.HasAttribute("disabled") {
			return true, true
		}
		s := n.optgroupSelect()
		return true, s != nil && actuallyDisabled(s)
	case atom.Option:
		if n.OptionDisabled() {
			return true, true
		}
		s := n.ownerSelect()
		return true, s != nil && actuallyDisabled(s)
	case 0:
		// A form-associated custom element (the bindings know which).
		if strings.IndexByte(n.Data, '-') > 0 && n.pseudoState("form-associated", "") {
			return true, actuallyDisabled(n)
		}
	}
	return false, false
}

func textLikeInput(t string) bool {
	switch t {
	case "text", "search", "url", "tel", "email", "password", "number",
		"date", "month", "week", "time", "datetime-local":
		return true
	}
	return false
}

func isRequired(n *Node) bool {
	switch {
	case htmlElement(n, atom.Input):
		switch n.InputType() {
		case "hidden", "range", "color", "submit", "image", "reset", "button":
			return false
		}
		return n.HasAttribute("required")
	case htmlElement(n, atom.Select), htmlElement(n, atom.Textarea):
		return n.HasAttribute("required")
	}
	return false
}

func isOptional(n *Node) bool {
	if htmlElement(n, atom.Input) || htmlElement(n, atom.Select) || htmlElement(n, atom.Textarea) || htmlElement(n, atom.Button) {
		return !isRequired(n)
	}
	return false
}

// isReadWrite implements :read-write (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-read-write).
func isReadWrite(n *Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch {
	case htmlElement(n, atom.Input):
		return textLikeInput(n.InputType()) && !n.HasAttribute("readonly") && !actuallyDisabled(n)
	case htmlElement(n, atom.Textarea):
		return !n.HasAttribute("readonly") && !actuallyDisabled(n)
	}
	// In design mode every HTML element of the document is editable; for
	// Chromium even one under contenteditable=false.
	// https://html.spec.whatwg.org/multipage/interaction.html#designMode
	if n.Namespace == "" && n.doc != nil && n.doc.DesignMode && n.IsConnected() {
		return true
	}
	// An editing host or editable element.
	for e := n; e != nil; e = e.ParentElement() {
		if e.Namespace != "" {
			continue
		}
		if v, ok := e.attr("contenteditable"); ok {
			switch ascii.Lower(v) {
			case "", "true", "plaintext-only":
				return true
			case "false":
				return false
			}
		}
	}
	return false
}

// attr returns the value of the attribute named name in no namespace.
func (n *Node) attr(name string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == name {
			return a.Val, true
		}
	}
	return "", false
}

func isPlaceholderShown(n *Node) bool {
	switch {
	case htmlElement(n, atom.Input):
		switch n.InputType() {
		case "text", "search", "url", "tel", "email", "password", "number":
		default:
			return false
		}
	case htmlElement(n, atom.Textarea):
	default:
		return false
	}
	return n.HasAttribute("placeholder") && n.Value() == ""
}

func isSubmitButton(n *Node) bool {
	switch {
	case htmlElement(n, atom.Button):
		t, _ := n.attr("type")
		switch ascii.Lower(t) {
		case "reset", "button":
			return false
		}
		return true
	case htmlElement(n, atom.Input):
		t := n.InputType()
		return t == "submit" || t == "image"
	}
	return false
}

// isDefault implements :default (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-default).
func isDefault(n *Node) bool {
	switch {
	case htmlElement(n, atom.Input):
		if t := n.InputType(); t == "checkbox" || t == "radio" {
			return n.HasAttribute("checked")
		}
	case htmlElement(n, atom.Option):
		return n.HasAttribute("selected")
	}
	if !isSubmitButton(n) {
		return false
	}
	// The form's default button: its first submit button in tree order.
	form := n.FormOwner()
	if form == nil {
		return false
	}
	var first *Node
	form.Root().Descendants(func(d *Node) bool {
		if first == nil && isSubmitButton(d) && d.FormOwner() == form {
			first = d
		}
		return first == nil
	})
	return first == n
}

// isIndeterminate implements :indeterminate for checkboxes whose
// indeterminate IDL flag is set, radio groups with nothing checked and
// progress bars without a value.
func isIndeterminate(n *Node) bool {
	switch {
	case htmlElement(n, atom.Progress):
		return !n.HasAttribute("value")
	case htmlElement(n, atom.Input):
		if n.InputType() == "checkbox" {
			return n.Indeterminate()
		}
		if n.InputType() != "radio" || n.Checked() {
			return false
		}
		name, _ := n.attr("name")
		if name == "" {
			return true
		}
		form := n.FormOwner()
		checked := false
		n.Root().Descendants(func(d *Node) bool {
			if htmlElement(d, atom.Input) && d.InputType() == "radio" && d.Checked() {
				if dn, _ := d.attr("name"); dn == name && d.FormOwner() == form {
					checked = true
				}
			}
			return !checked
		})
		return !checked
	}
	return false
}

// candidate reports whether n is a candidate for constraint validation
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#candidate-for-constraint-validation).
func candidate(n *Node) bool {
	switch {
	case htmlElement(n, atom.Input):
		switch t := n.InputType(); t {
		case "hidden", "reset", "button":
			return false
		default:
			if n.HasAttribute("readonly") && textLikeInput(t) {
				return false
			}
		}
	case htmlElement(n, atom.Textarea):
		if n.HasAttribute("readonly") {
			return false
		}
	case htmlElement(n, atom.Select):
	case htmlElement(n, atom.Button):
		if !isSubmitButton(n) {
			return false
		}
	case n.Type == html.ElementNode && n.DataAtom == 0 && n.Namespace == "" && strings.IndexByte(n.Data, '-') > 0 &&
		n.pseudoState("form-associated", ""):
		// A form-associated custom element; its validity is the
		// bindings' (PseudoState "invalid"). Readonly ones stay
		// candidates for :valid, as in Chromium.
	default:
		return false
	}
	if actuallyDisabled(n) {
		return false
	}
	for p := n.ParentElement(); p != nil; p = p.ParentElement() {
		if htmlElement(p, atom.Datalist) {
			return false
		}
	}
	return true
}

// validity reports whether n satisfies its constraints, and whether :valid
// and :invalid apply to it at all (candidates, forms and fieldsets): a form
// is valid when the controls it owns are, wherever they are in its tree
// (form=), a fieldset when its descendants are. A control's constraints
// are the document's PseudoState hook's ("invalid") when it has one, the
// ones visible in the tree otherwise (see controlValid).
func validity(n *Node) (valid, applies bool) {
	if htmlElement(n, atom.Form) || htmlElement(n, atom.Fieldset) {
		valid = true
		form := htmlElement(n, atom.Form)
		scope := n
		if form {
			scope = n.Root()
		}
		scope.Descendants(func(d *Node) bool {
			if d.Type == html.ElementNode && candidate(d) && (!form || d.FormOwner() == n) && !controlValid(d) {
				valid = false
			}
			return valid
		})
		return valid, true
	}
	if !candidate(n) {
		return false, false
	}
	return controlValid(n), true
}

// controlValid reports whether candidate n satisfies its constraints. The
// bindings know them all (a pattern is a JavaScript regular expression,
// custom validity messages and form-associated custom elements' flags are
// theirs); without them only valueMissing, email and url typeMismatch and
// range limitations are checked.
func controlValid(n *Node) bool {
	if n.doc != nil && n.doc.PseudoState != nil {
		return !n.doc.PseudoState(n, "invalid", "")
	}
	switch {
	case htmlElement(n, atom.Input):
		t := n.InputType()
		v := n.Value()
		switch t {
		case "checkbox":
			return !(n.HasAttribute("required") && !n.Checked())
		case "radio":
			return !radioGroupMissing(n)
		}
		if isRequired(n) && v == "" {
			return false
		}
		if v == "" {
			return true
		}
		switch t {
		case "email":
			for _, part := range strings.Split(v, ",") {
				if !validEmail(strings.TrimSpace(part), n.HasAttribute("multiple")) {
					return false
				}
			}
		case "url":
			if i := strings.IndexByte(v, ':'); i <= 0 || !isASCIIAlpha(rune(v[0])) {
				return false
			}
		case "number", "range", "date", "month", "week", "time", "datetime-local":
			in, ok := inRange(n)
			return !ok || in
		}
		return true
	case htmlElement(n, atom.Textarea):
		return !(n.HasAttribute("required") && n.Value() == "")
	case htmlElement(n, atom.Select):
		return !n.HasAttribute("required") || !n.SelectValueMissing()
	}
	return true
}

func validEmail(s string, multiple bool) bool {
	if s == "" {
		return multiple
	}
	at := strings.IndexByte(s, '@')
	return at > 0 && at < len(s)-1 && !strings.ContainsAny(s, " \t\n") && strings.Count(s, "@") == 1
}

func radioGroupMissing(n *Node) bool {
	name, _ := n.attr("name")
	if name == "" {
		return false // as Chromium: a nameless radio is never missing
	}
	form := n.FormOwner()
	required, checked := false, false
	visit := func(d *Node) {
		if htmlElement(d, atom.Input) && d.InputType() == "radio" && d.FormOwner() == form {
			if dn, _ := d.attr("name"); dn == name {
				required = required || d.HasAttribute("required")
				checked = checked || d.Checked()
			}
		}
	}
	visit(n) // n may be the root of its tree, which Descendants skips
	n.Root().Descendants(func(d *Node) bool { visit(d); return true })
	return required && !checked
}

// inRange reports, for an input of a type with numbers (number, range and
// the date and time types) that has range limitations (a minimum or a
// maximum), whether its value lies within them (ok false otherwise). A
// value that is no valid value of its type suffers from neither an
// underflow nor an overflow, so it is in range. A reversed time range
// (minimum after maximum) wraps around midnight, as its validity does
// (Chromium 156; 148 compared it as written).
// https://html.spec.whatwg.org/multipage/semantics-other.html#selector-in-range
func inRange(n *Node) (in, ok bool) {
	if !htmlElement(n, atom.Input) || !candidate(n) || !n.InputNumeric() {
		return false, false
	}
	lo, hasMin := n.InputMin()
	hi, hasMax := n.InputMax()
	if !hasMin && !hasMax {
		return false, false
	}
	if n.InputType() == "range" && hi < lo {
		hi = lo // the value is sanitized to the minimum
	}
	f, valid := n.InputStringToNumber(n.Value())
	if !valid {
		return true, true
	}
	if hasMin && hasMax && hi < lo && n.InputType() == "time" {
		// https://html.spec.whatwg.org/multipage/input.html#have-a-reversed-range
		return !(f > hi && f < lo), true
	}
	return !(hasMin && f < lo) && !(hasMax && f > hi), true
}

// isDefined implements :defined: every element but an HTML element with a
// valid custom element name that no definition constructed or upgraded.
func isDefined(n *Node) bool {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return true
	}
	// An HTML element whose name is a valid custom element name, or that
	// has an is value, is "undefined" until its definition constructs it
	// (https://dom.spec.whatwg.org/#concept-create-element step 7.3).
	if !customElementName(n.Data) && (n.rare == nil || !n.rare.isSet) {
		return true
	}
	return n.rare != nil && n.rare.defined
}

// customElementName is the shape of a valid custom element name (lowercase
// ASCII start, a hyphen, not a reserved name).
func customElementName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' || !strings.Contains(s, "-") {
		return false
	}
	switch s {
	case "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
		"font-face-format", "font-face-name", "missing-glyph":
		return false
	}
	return true
}

// isEmptyElement implements :empty as Chromium does: no element children
// and no text children with data, whitespace included.
func isEmptyElement(n *Node) bool {
	for k := n.First(); k != nil; k = k.Next() {
		switch k.Type {
		case html.ElementNode:
			return false
		case html.TextNode:
			if k.Data != "" {
				return false
			}
		}
	}
	return true
}

// langMatches implements :lang(range) with n's language (Language):
// a range matches it or a prefix of it ending before a "-", ASCII
// case-insensitively; "*" matches any language but the empty one
// (https://drafts.csswg.org/selectors-4/#the-lang-pseudo).
func langMatches(n *Node, ranges []string) bool {
	lang, found := n.language()
	if !found && n.doc != nil {
		lang, found = n.doc.DefaultLanguage()
	}
	if !found {
		return false
	}
	for _, r := range ranges {
		if r == "*" && lang != "" {
			return true
		}
		if len(lang) >= len(r) && ascii.EqualFold(lang[:len(r)], r) && (len(lang) == len(r) || lang[len(r)] == '-') {
			return true
		}
	}
	return false
}

// langRanges are the language ranges of :lang(arg).
func langRanges(arg string) []string {
	var ranges []string
	for _, r := range splitTopLevel(arg, ',') {
		ranges = append(ranges, strings.Trim(strings.TrimSpace(r), `"'`))
	}
	return ranges
}

// ownLanguage is the language element e declares itself: its xml:lang
// attribute, else (on HTML, SVG and MathML elements) its lang attribute.
func ownLanguage(e *Node) (lang string, found bool) {
	for _, a := range e.Attr {
		if a.Namespace == XMLNamespace && localPart(a.Key) == "lang" {
			return a.Val, true
		}
	}
	if e.Namespace != "" && e.Namespace != "svg" && e.Namespace != "math" {
		return "", false
	}
	for _, a := range e.Attr {
		if a.Namespace == "" && a.Key == "lang" {
			return a.Val, true
		}
	}
	return "", false
}

// A langMemo holds the languages of the elements of a document found
// in one version of it: the language is inherited, and a sheet's
// :lang() selectors (Handsontable's lists of 19 right-to-left languages
// on every cell) would each walk the ancestors of every element matched.
type langMemo struct {
	ver  uint64
	byEl map[*Node]langEntry
	peak int // see resetMemo
	// the last element asked and its entry: a list of :lang() asks one
	// element's language several times over
	last      *Node
	lastEntry langEntry
}

type langEntry struct {
	lang  string
	found bool
}

// language returns n's language: the value of the xml:lang or lang
// attribute of the nearest of n and its ancestors (a shadow tree's
// host standing for its root's parent) that has one; found is false
// when none has
// (https://html.spec.whatwg.org/multipage/dom.html#language). It is
// memoized per document version.
func (n *Node) language() (string, bool) {
	d := n.doc
	if d == nil {
		for e := n; e != nil; e = parentForDirectionality(e) {
			if l, ok := ownLanguage(e); ok {
				return l, true
			}
		}
		return "", false
	}
	m := &d.langs
	if m.ver != d.version || m.byEl == nil {
		m.byEl = resetMemo(m.byEl, &m.peak)
		m.ver, m.last = d.version, nil
	}
	if m.last == n {
		return m.lastEntry.lang, m.lastEntry.found
	}
	v, ok := m.byEl[n]
	if !ok {
		// up to the nearest element that declares a language or whose
		// language is known, then the same language down again
		var buf [32]*Node
		chain := buf[:0]
		for e := n; e != nil; e = parentForDirectionality(e) {
			if k, known := m.byEl[e]; known {
				v = k
				break
			}
			chain = append(chain, e)
			if l, found := ownLanguage(e); found {
				v = langEntry{l, true}
				break
			}
		}
		for _, e := range chain {
			m.byEl[e] = v
		}
	}
	m.last, m.lastEntry = n, v
	return v.lang, v.found
}

// An nthMemo holds the positions of the elements of a document among
// their parent's element children found in one version of it: a sheet's
// :nth-child() (a table's zebra rows) counted the siblings before each
// row at each test, a quadratic cost on every style update of a long
// table.
type nthMemo struct {
	ver  uint64
	byEl map[*Node]nthEntry
	peak int // see resetMemo
}

// resetMemo readies m, a memo of the last document version, for the
// next: cleared, unless the last version filled less than a quarter of
// the most it held (peak), when it is made again, as clearing costs its
// capacity (a page changing the tree between reads of one element's
// style would clear a table's worth at each read).
func resetMemo[K comparable, V any](m map[K]V, peak *int) map[K]V {
	n := len(m)
	if m == nil || n < *peak/4 {
		*peak = n
		return make(map[K]V, n)
	}
	*peak = max(*peak, n)
	clear(m)
	return m
}

// An nthEntry is an element's 1-based index among its parent's element
// children and their count; tIdx and tCount the same among those with
// its local name (:nth-of-type).
type nthEntry struct {
	idx, count, tIdx, tCount int32
}

// nthPosition returns n's nthEntry; false when n has no parent. It is
// memoized per document version: a miss finds the positions of all of
// the parent's children in one pass.
func (n *Node) nthPosition() (nthEntry, bool) {
	p := n.Parent
	if p == nil {
		return nthEntry{}, false
	}
	d := n.doc
	if d == nil {
		return nthEntry{}, false
	}
	m := &d.nths
	if m.ver != d.version || m.byEl == nil {
		m.byEl = resetMemo(m.byEl, &m.peak)
		m.ver = d.version
	}
	if e, ok := m.byEl[n]; ok {
		return e, true
	}
	// (the children of a row or a list have one name: counted by name
	// only when they have several)
	var count int32
	first, mixed := "", false
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if count++; count == 1 {
			first = c.Data
		} else if c.Data != first {
			mixed = true
		}
	}
	var types, seen map[string]int32
	if mixed {
		types, seen = map[string]int32{}, map[string]int32{}
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				types[c.Data]++
			}
		}
	}
	var i int32
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		i++
		e := nthEntry{idx: i, count: count, tIdx: i, tCount: count}
		if mixed {
			seen[c.Data]++
			e.tIdx, e.tCount = seen[c.Data], types[c.Data]
		}
		m.byEl[node(c)] = e
	}
	e, ok := m.byEl[n]
	return e, ok
}

// nthPredicate is the predicate of :nth-child(an+b) and its -last- and
// -of-type forms (no "of S"), matching as cascadia does: an element
// with no parent matches none; of-type compares local names.
func nthPredicate(name string, a, b int) func(n *Node) bool {
	last := strings.HasPrefix(name, "nth-last-")
	ofType := strings.HasSuffix(name, "-of-type")
	return func(n *Node) bool {
		e, ok := n.nthPosition()
		if !ok {
			return false
		}
		i, c := e.idx, e.count
		if ofType {
			i, c = e.tIdx, e.tCount
		}
		if last {
			i = c - i + 1
		}
		return nthMatches(a, b, int(i))
	}
}

// Directionality returns "ltr" or "rtl", n's directionality, what :dir()
// matches (https://html.spec.whatwg.org/multipage/dom.html#the-directionality).
func (n *Node) Directionality() string { return directionality(n) }

// directionality returns "ltr" or "rtl" for n
// (https://html.spec.whatwg.org/multipage/dom.html#the-directionality).
func directionality(n *Node) string {
	for e := n; e != nil; e = parentForDirectionality(e) {
		if e.Namespace != "" {
			continue
		}
		v, _ := e.attr("dir")
		switch ascii.Lower(v) {
		case "ltr":
			return "ltr"
		case "rtl":
			return "rtl"
		case "auto":
			return autoDirection(e)
		}
		// the dir attribute absent or invalid (dir=foo)
		if e.DataAtom == atom.Bdi {
			return autoDirection(e)
		}
		if e.DataAtom == atom.Input && e.InputType() == "tel" {
			return "ltr" // a telephone field without dir is ltr
		}
	}
	return "ltr"
}

// parentForDirectionality is the element whose directionality (and
// language) e inherits: its parent element, or the host when e is a child
// of a shadow root.
func parentForDirectionality(e *Node) *Node {
	p := e.ParentNode()
	if p != nil && p.IsShadowRoot() {
		return p.Host()
	}
	return e.ParentElement()
}

// autoDirection finds the first strong character of e's text, skipping
// descendants with their own dir and script/style contents.
func autoDirection(e *Node) string {
	if autoDirectionalityFormAssociated(e) {
		if s := strongDirection(e.Value()); s != "" {
			return s
		}
		return "ltr"
	}
	if e.isSlot() && e.Root().IsShadowRoot() {
		// a slot in a shadow tree with assigned nodes: the first of them
		// with a strong character decides; without any, its fallback
		// content does, as for other elements
		if assigned := e.AssignedNodes(false); len(assigned) > 0 {
			for _, k := range assigned {
				if k.Type == html.TextNode {
					if s := strongDirection(k.Data); s != "" {
						return s
					}
					continue
				}
				if k.Type == html.ElementNode {
					if hasOwnDirection(k) {
						continue
					}
					if s := containedDirection(k); s != "" {
						return s
					}
				}
			}
			return "ltr"
		}
	}
	if s := containedDirection(e); s != "" {
		return s
	}
	return "ltr"
}

// autoDirectionalityFormAssociated reports whether e's value decides its
// auto directionality: a textarea, or an input of a textual or button
// type (https://html.spec.whatwg.org/multipage/dom.html#auto-directionality-form-associated-elements).
// Other inputs (date, number, checkbox...) have no text of their own.
func autoDirectionalityFormAssociated(e *Node) bool {
	if htmlElement(e, atom.Textarea) {
		return true
	}
	if !htmlElement(e, atom.Input) {
		return false
	}
	switch e.InputType() {
	case "hidden", "text", "search", "tel", "url", "email", "password", "submit", "reset", "button":
		return true
	}
	return false
}

// hasOwnDirection reports whether element d sets its own direction, so
// that an auto directionality above it skips its text: an HTML element
// whose dir is ltr, rtl or auto (another value is the undefined state and
// counts for nothing; a foreign element's dir is no dir attribute).
func hasOwnDirection(d *Node) bool {
	if d.Namespace != "" {
		return false
	}
	v, _ := d.attr("dir")
	switch ascii.Lower(v) {
	case "ltr", "rtl", "auto":
		return true
	}
	return false
}

// containedDirection is the direction of the first strong character in
// e's descendant text, "" when there is none.
func containedDirection(e *Node) string {
	// tree order, skipping (not ending at) the subtrees that do not count
	for d := e.following(e); d != nil; {
		if d.Type == html.ElementNode {
			if hasOwnDirection(d) || d.DataAtom == atom.Script || d.DataAtom == atom.Style || d.DataAtom == atom.Textarea || d.DataAtom == atom.Bdi {
				d = d.followingOutside(e)
				continue
			}
		}
		if d.Type == html.TextNode {
			if s := strongDirection(d.Data); s != "" {
				return s
			}
		}
		d = d.following(e)
	}
	return ""
}

// followingOutside is the node after n's subtree in tree order within
// root, or nil at root's end.
func (n *Node) followingOutside(root *Node) *Node {
	for h := &n.Node; h != nil && h != &root.Node; h = h.Parent {
		if h.NextSibling != nil {
			return node(h.NextSibling)
		}
	}
	return nil
}

// strongDirection returns the direction of s's first strong character, or "".
func strongDirection(s string) string {
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko, unicode.Samaritan, unicode.Mandaic):
			return "rtl"
		case unicode.IsLetter(r):
			return "ltr"
		}
	}
	return ""
}

// parseNth parses An+B (https://drafts.csswg.org/css-syntax-3/#anb-microsyntax).
func parseNth(s string) (a, b int, ok bool) {
	s = ascii.Lower(strings.TrimSpace(s))
	switch s {
	case "odd":
		return 2, 1, true
	case "even":
		return 2, 0, true
	}
	s = strings.Join(strings.Fields(s), "")
	i := strings.IndexByte(s, 'n')
	if i < 0 {
		v, err := strconv.Atoi(s)
		return 0, v, err == nil
	}
	switch as := s[:i]; as {
	case "", "+":
		a = 1
	case "-":
		a = -1
	default:
		v, err := strconv.Atoi(as)
		if err != nil {
			return 0, 0, false
		}
		a = v
	}
	if rest := s[i+1:]; rest != "" {
		if rest[0] != '+' && rest[0] != '-' {
			return 0, 0, false
		}
		v, err := strconv.Atoi(rest)
		if err != nil || len(rest) > 1 && (rest[1] == '+' || rest[1] == '-') {
			return 0, 0, false
		}
		b = v
	}
	return a, b, true
}

// nthMatches reports whether the 1-based index i is An+B for some n >= 0.
func nthMatches(a, b, i int) bool {
	if a == 0 {
		return i == b
	}
	d := i - b
	return d%a == 0 && d/a >= 0
}

// ofSelector compiles the S of :nth-child(An+B of S), a complex selector
// list that is not forgiving. cascadia matches it when it needs no marker;
// one with states (:has() with a sibling or complex relative selector, form
// states) is matched as style rules match it, element by element, since
// the markers of the selector around it are being set while it is tested.
// :scope inside S is left unsupported (a SyntaxError).
func ofSelector(sel string, elementScope bool) (func(*Node) bool, bool) {
	out, rw := rewriteSelector(sel, elementScope)
	if rw.err || rw.scope {
		return nil, false
	}
	if !rw.checked && len(rw.states) == 0 {
		g, err := cascadia.ParseGroup(out)
		return func(n *Node) bool { return matchGroup(g, n) }, err == nil
	}
	for _, a := range splitTopLevel(sel, ',') {
		if s, err := parseStyleSelector(a, 1); err != nil || s.pseudo != "" {
			return nil, false
		}
	}
	pred, _, err := styleListPredicate("is", sel, 0)
	return pred, err == nil
}

// nthOfPredicate matches :nth-child(An+B of S) (:nth-last-child when
// last): n matches S and is the An+Bth of its siblings that match S,
// counted from the first (the last).
func nthOfPredicate(last bool, a, b int, inS func(*Node) bool) func(*Node) bool {
	step := (*Node).Prev
	if last {
		step = (*Node).Next
	}
	return func(n *Node) bool {
		if n.Parent == nil || !inS(n) {
			return false
		}
		idx := 1
		for s := step(n); s != nil; s = step(s) {
			if s.Type == html.ElementNode && inS(s) {
				idx++
			}
		}
		return nthMatches(a, b, idx)
	}
}

// matchGroup reports whether n matches any selector of g.
func matchGroup(g cascadia.SelectorGroup, n *Node) bool { return g.Match(&n.Node) }

// functionalState rewrites the functional pseudo-class name(arg) at the
// top level of a selector when it is one of ours; ok false leaves it to
// cascadia.
func (rw *rewriteInfo) functionalState(name, arg string, elementScope bool) (rep string, ok bool) {
	switch name {
	case "lang":
		ranges := langRanges(arg)
		return rw.stateRef(func(n *Node) bool { return langMatches(n, ranges) }), true
	case "dir":
		// One identifier (https://drafts.csswg.org/selectors-4/#the-dir-pseudo):
		// :dir(), :dir("ltr") and :dir(ltr, rtl) are syntax errors, as in
		// style sheets; an unknown identifier matches nothing.
		d := ascii.Lower(strings.TrimSpace(arg))
		if d == "" || !startsIdent(d) || identEnd(d) != len(d) {
			rw.err = true
			return ":not(*)", true
		}
		d = unescapeIdent(d)
		return rw.stateRef(func(n *Node) bool { return directionality(n) == d }), true
	case "nth-child", "nth-last-child":
		i := strings.Index(ascii.Lower(arg), " of ")
		if i < 0 {
			return "", false
		}
		a, b, okN := parseNth(arg[:i])
		inS, okS := ofSelector(strings.TrimSpace(arg[i+4:]), elementScope)
		if !okN || !okS {
			rw.err = true
			return "", false
		}
		return rw.stateRef(nthOfPredicate(name == "nth-last-child", a, b, inS)), true
	case "state":
		// Custom states live with ElementInternals, outside the tree
		// (https://html.spec.whatwg.org/multipage/custom-elements.html#selectordef-state).
		// The argument is one identifier (escapes allowed), matched
		// unescaped and case-sensitively.
		id := strings.TrimSpace(arg)
		if id == "" || !startsIdent(id) || identEnd(id) != len(id) {
			rw.err = true
			return "", false
		}
		id = unescapeIdent(id)
		return rw.stateRef(func(n *Node) bool { return n.pseudoState("state", id) }), true
	case "active-view-transition-type":
		// https://drafts.csswg.org/css-view-transitions-2/#the-active-view-transition-type-pseudo:
		// a comma-separated list of identifiers, any of the active view
		// transition's types.
		ids, ok := identList(arg)
		if !ok {
			rw.err = true
			return "", false
		}
		return rw.stateRef(func(n *Node) bool { return activeTransitionType(n, ids) }), true
	case "host", "host-context":
		// https://drafts.csswg.org/css-scoping/#host-selector: the
		// argument is a compound selector, tested on the host (and, for
		// :host-context, its shadow-including ancestors).
		sel := strings.TrimSpace(arg)
		if sel == "" || compoundEnd(sel) != len(sel) || !cssscan.ValidSelectorList(":host("+sel+")", cssscan.SelectorContext{}) {
			rw.err = true
			return "", false
		}
		sel = CompoundOnlyArg(sel)
		if _, err := compileSelector(sel, true, rw.mode); err != nil {
			rw.err = true
			return "", false
		}
		if name == "host" {
			return rw.hostRef(func(h *Node) bool { ok, _ := h.Matches(sel); return ok }), true
		}
		return rw.hostRef(func(h *Node) bool {
			for a := h; a != nil; a = a.ShadowIncludingParent() {
				if a.Type == html.ElementNode {
					if ok, _ := a.Matches(sel); ok {
						return true
					}
				}
			}
			return false
		}), true
	case "has":
		// cascadia matches :has() with a list of descendant compounds and
		// :haschild() (see rewrite); the rest (sibling relations, complex
		// relative selectors) is matched as the cascade matches it.
		complex := false
		for _, r := range splitTopLevel(arg, ',') {
			r = strings.TrimSpace(r)
			if r != "" && (r[0] == '+' || r[0] == '~') {
				complex = true
			} else if r != "" && r[0] == '>' {
				r = strings.TrimSpace(r[1:])
			}
			if r == "" || compoundEnd(r) != len(r) {
				complex = true
			}
		}
		if !complex {
			return "", false
		}
		if strings.Contains(arg, ":scope") {
			// `:has(:scope .c)`: the scoping element's marker, which
			// no descendant of the anchor has
			arg = strings.ReplaceAll(arg, ":scope", rw.scopeRef(elementScope))
		}
		pred, _, err := styleListPredicate("has", arg, 0)
		if err != nil {
			rw.err = true
			return "", false
		}
		return rw.stateRef(pred), true
	}
	return "", false
}

// identEnd returns the index where the identifier at the start of s ends:
// its name code points and escapes
// (https://drafts.csswg.org/css-syntax-3/#consume-name).
func identEnd(s string) int {
	i := 0
	for i < len(s) {
		switch c := s[i]; {
		case isIdentByte(c):
			i++
		case c == '\\' && i+1 < len(s) && s[i+1] != '\n':
			i = escapeEnd(s, i)
		default:
			return i
		}
	}
	return i
}

// escapeEnd returns where the escape at s[i] (a backslash) ends: up to six
// hex digits and one white space after them, or the one character.
func escapeEnd(s string, i int) int {
	j := i + 1
	if !isHexByte(s[j]) {
		_, size := utf8.DecodeRuneInString(s[j:])
		return j + size
	}
	for k := 0; k < 6 && j < len(s) && isHexByte(s[j]); k++ {
		j++
	}
	if j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\f') {
		j++
	} else if j+1 < len(s) && s[j] == '\r' && s[j+1] == '\n' {
		j += 2
	} else if j < len(s) && s[j] == '\r' {
		j++
	}
	return j
}

func isHexByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// unescapeIdent replaces an identifier's escapes with what they stand for
// (zero, a surrogate or past U+10FFFF stand for U+FFFD).
func unescapeIdent(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			i++
			continue
		}
		end := escapeEnd(s, i)
		if !isHexByte(s[i+1]) {
			b.WriteString(s[i+1 : end])
			i = end
			continue
		}
		hex := strings.TrimRight(s[i+1:end], " \t\n\f\r")
		v, _ := strconv.ParseUint(hex, 16, 32)
		r := rune(v)
		if r == 0 || r > utf8.MaxRune || (r >= 0xD800 && r <= 0xDFFF) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
		i = end
	}
	return b.String()
}

// compoundEnd returns the index where s's first compound selector ends
// (a combinator or whitespace outside brackets, quotes and parentheses).
func compoundEnd(s string) int {
	var sc cssscan.Scanner
	for i, c := range sc.All(s) {
		if sc.Depth() == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '>' || c == '+' || c == '~' || c == ',') {
			return i
		}
	}
	return len(s)
}

// CompoundOnlyArg returns arg, the argument of :host(), :host-context()
// or ::slotted(), with the items of its forgiving lists (:is(), :where())
// that are not one compound selector dropped: Chromium parses the
// selectors nested in a compound-only argument as compounds, so
// `:host(:is(.a .b, .c))` is `:host(:is(.c))` (cssscan.ValidForgivingItem).
func CompoundOnlyArg(arg string) string { return forgivingKept(arg, true) }

// DropInvalidForgiving returns sel with the items of its forgiving lists
// (:is(), :where()) that do not parse dropped, as the forgiving parse
// drops them: `:is(:bogus, #a)` is `:is(#a)`. A list left empty is
// :not(*), which matches nothing and counts nothing, as the empty list,
// and which cascadia parses (`:not(:is(:bogus))` is `:not(:not(*))`).
// https://drafts.csswg.org/selectors-4/#forgiving-selector
func DropInvalidForgiving(sel string) string { return forgivingKept(sel, false) }

// forgivingKept is sel with only the items of its forgiving lists that
// cssscan.ValidForgivingItem keeps; a list left empty is :not(*) unless
// compound (the argument of :host(), matched by StyleSelector).
func forgivingKept(arg string, compound bool) string {
	if !strings.Contains(arg, "(") {
		return arg
	}
	var b strings.Builder
	var sc cssscan.Scanner
	last, skip := 0, 0
	for i, c := range sc.All(arg) {
		if i < skip || c != ':' {
			continue
		}
		j := i + 1
		for j < len(arg) && isIdentByte(arg[j]) {
			j++
		}
		if j >= len(arg) || arg[j] != '(' || !forgivingLists[ascii.Lower(arg[i+1:j])] {
			continue
		}
		end := cssscan.BlockEnd(arg, j)
		if end >= len(arg) {
			continue
		}
		var kept []string
		for _, item := range splitTopLevel(arg[j+1:end], ',') {
			if item = strings.TrimSpace(item); cssscan.ValidForgivingItem(item, compound) {
				kept = append(kept, forgivingKept(item, compound))
			}
		}
		if len(kept) == 0 && !compound {
			b.WriteString(arg[last:i])
			b.WriteString(":not(*)")
		} else {
			b.WriteString(arg[last : j+1])
			b.WriteString(strings.Join(kept, ", "))
			b.WriteByte(')')
		}
		last, skip = end+1, end+1
	}
	if last == 0 {
		return arg
	}
	b.WriteString(arg[last:])
	return b.String()
}

// markStates sets stateAttr on every element under root (inclusive) that
// satisfies one of states; mark records what to restore.
func markStates(root *Node, states []selState, mark func(n *Node, key, val string)) {
	var b strings.Builder
	visit := func(n *Node) {
		if n.Type != html.ElementNode {
			return
		}
		b.Reset()
		for _, s := range states {
			if s.match(n) {
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(s.token)
			}
		}
		if b.Len() > 0 {
			mark(n, stateAttr, b.String())
		}
	}
	visit(root)
	root.Descendants(func(n *Node) bool { visit(n); return true })
}

// closeOpenBlocks closes the strings, brackets and parentheses s leaves
// open at its end, as CSS parsing does at the end of input
// (https://drafts.csswg.org/css-syntax-3/#consume-simple-block): ":nth-child(1"
// is ":nth-child(1)".
func closeOpenBlocks(s string) string {
	var sc cssscan.Scanner
	for range sc.All(s) {
	}
	return s + sc.Closing()
}

// caseInsensitiveAttrs are the HTML attributes whose values selectors
// match ASCII case-insensitively on HTML elements
// (https://html.spec.whatwg.org/multipage/semantics-other.html#case-sensitivity-of-selectors).
var caseInsensitiveAttrs = map[string]bool{
	"accept": true, "accept-charset": true, "align": true, "alink": true, "axis": true, "bgcolor": true,
	"charset": true, "checked": true, "clear": true, "codetype": true, "color": true, "compact": true,
	"declare": true, "defer": true, "dir": true, "direction": true, "disabled": true, "enctype": true,
	"face": true, "frame": true, "hreflang": true, "http-equiv": true, "lang": true, "language": true,
	"link": true, "media": true, "method": true, "multiple": true, "nohref": true, "noresize": true,
	"noshade": true, "nowrap": true, "readonly": true, "rel": true, "rev": true, "rules": true,
	"scope": true, "scrolling": true, "selected": true, "shape": true, "target": true, "text": true,
	"type": true, "valign": true, "valuetype": true, "vlink": true,
}

// addCaseFlags gives the attribute selectors on those attributes that have
// a value and no flag the i flag. (The standard limits this to HTML
// elements; cascadia applies the flag to every element.)
func addCaseFlags(s string) string {
	if !strings.Contains(s, "[") {
		return s
	}
	return rewriteAttrSelectors(s, func(sel string) (string, bool) {
		if !attrNeedsCaseFlag(sel[1 : len(sel)-1]) {
			return "", false
		}
		return sel[:len(sel)-1] + " i]", true
	})
}

// rewriteAttrSelectors returns s with each attribute selector (from its
// "[" to its "]", outside strings) that f rewrites replaced by f's text;
// s itself when f rewrites none or a selector is not closed.
func rewriteAttrSelectors(s string, f func(sel string) (string, bool)) string {
	var b strings.Builder
	var quote byte
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			end := attrSelectorEnd(s, i)
			if end < 0 {
				return s
			}
			if repl, ok := f(s[i : end+1]); ok {
				b.WriteString(s[last:i])
				b.WriteString(repl)
				last = end + 1
			}
			i = end
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// attrSelectorEnd returns the index of the ']' closing the attribute
// selector opened at s[open], or -1.
func attrSelectorEnd(s string, open int) int {
	var quote byte
	for i := open + 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == ']':
			return i
		}
	}
	return -1
}

// attrNeedsCaseFlag reports whether the inside of an attribute selector
// names a case-insensitive attribute, compares a value and has no flag.
func attrNeedsCaseFlag(in string) bool {
	in = strings.TrimSpace(in)
	i := 0
	for i < len(in) && (isIdentByte(in[i]) || (in[i] == '|' || in[i] == '*') && !(i+1 < len(in) && in[i+1] == '=')) {
		i++
	}
	name := ascii.Lower(in[:i])
	if j := strings.LastIndexByte(name, '|'); j >= 0 {
		if name[:j] != "" && name[:j] != "*" {
			return false // a namespaced attribute
		}
		name = name[j+1:]
	}
	if !caseInsensitiveAttrs[name] {
		return false
	}
	rest := strings.TrimSpace(in[i:])
	switch {
	case strings.HasPrefix(rest, "="):
		rest = rest[1:]
	case len(rest) >= 2 && rest[1] == '=' && strings.ContainsRune("~|^$*", rune(rest[0])):
		rest = rest[2:]
	default:
		return false
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return false
	}
	if q := rest[0]; q == '"' || q == '\'' {
		j := 1
		for j < len(rest) && rest[j] != q {
			if rest[j] == '\\' {
				j++
			}
			j++
		}
		rest = rest[min(j+1, len(rest)):]
	} else {
		j := 0
		for j < len(rest) && (isIdentByte(rest[j]) || rest[j] == '\\') {
			if rest[j] == '\\' {
				j++
			}
			j++
		}
		rest = rest[min(j, len(rest)):]
	}
	return strings.TrimSpace(rest) == "" // no i or s flag written
}

// isOpen implements :open for the elements with an open attribute
// (https://html.spec.whatwg.org/multipage/semantics-other.html#selector-open):
// details and dialog; no picker of a select or input is ever shown.
func isOpen(n *Node) bool {
	if n.Namespace != "" || (n.DataAtom != atom.Details && n.DataAtom != atom.Dialog) {
		return false
	}
	_, ok := n.attr("open")
	return ok
}

// pseudoState asks the document's PseudoState hook about a pseudo-class
// whose state the tree does not hold (:popover-open, :modal, :state()).
func (n *Node) pseudoState(name, arg string) bool {
	if n.doc == nil || n.doc.PseudoState == nil {
		return false
	}
	return n.doc.PseudoState(n, name, arg)
}

// nestedIs matches :is(arg) (and its aliases) below another functional
// pseudo-class through a state: the forgiving list keeps the arguments
// that parse. An argument with states of its own (`:not(:is(div >
// :not(:where(#e, #f))))`) is matched as the cascade matches it
// (StyleSelector), which needs no markers. ok is false when an argument
// uses :scope.
func (rw *rewriteInfo) nestedIs(arg string, elementScope bool) (rep string, ok bool) {
	var preds []func(n *Node) bool
	for _, a := range splitTopLevel(arg, ',') {
		a = strings.TrimSpace(a)
		if a == "" || badIDSelector(a) {
			continue
		}
		inner := rewriteInfo{mode: rw.mode &^ modeXML} // quirks still applies; XML type states cannot nest
		out := inner.rewrite(a, elementScope)
		if inner.err {
			continue
		}
		if inner.scope {
			rw.scope = true // `:has(:is(:scope .d))`: the marker is set while matching
		}
		if inner.checked || len(inner.states) > 0 {
			s, err := parseStyleSelector(a, 1)
			if err != nil || s.pseudo != "" {
				continue // a forgiving list drops it
			}
			preds = append(preds, s.match)
			continue
		}
		g, err := cascadia.ParseGroup(out)
		if err != nil {
			continue
		}
		preds = append(preds, func(n *Node) bool { return matchGroup(g, n) })
	}
	if len(preds) == 0 {
		return ":not(*)", true
	}
	return rw.stateRef(func(n *Node) bool {
		for _, p := range preds {
			if p(n) {
				return true
			}
		}
		return false
	}), true
}

// emptySubstringNever replaces the attribute selectors [a^=""], [a$=""]
// and [a*=""] with :not(*): an empty substring matches nothing
// (https://drafts.csswg.org/selectors-4/#attribute-substrings), where
// cascadia matches every element with the attribute.
func emptySubstringNever(s string) string {
	if !strings.Contains(s, "=") || !strings.Contains(s, "[") {
		return s
	}
	return rewriteAttrSelectors(s, func(sel string) (string, bool) {
		return ":not(*)", emptySubstring(sel[1 : len(sel)-1])
	})
}

// emptySubstring reports whether the inside of an attribute selector is a
// ^=, $= or *= test of an empty string (with or without a flag).
func emptySubstring(in string) bool {
	i := strings.Index(in, "=")
	if i < 1 || !strings.ContainsRune("^$*", rune(in[i-1])) {
		return false
	}
	v := strings.TrimSpace(in[i+1:])
	if !strings.HasPrefix(v, `""`) && !strings.HasPrefix(v, "''") {
		return false
	}
	rest := strings.TrimSpace(v[2:])
	return rest == "" || rest == "i" || rest == "I" || rest == "s" || rest == "S"
}

// namespacedAttr rewrites the attribute selector opening at s[open] when
// it names a namespace: [*|a...] tests the attributes with local name a in
// any namespace, [|a...] those in no namespace
// (https://drafts.csswg.org/selectors-4/#attrnmsp); and when its name has
// capitals, which cascadia would lowercase: [viewBox] matches viewBox, and
// in an XML document [TiTlE] only TiTlE. It returns the replacement and
// the index of the closing ']'.
func (rw *rewriteInfo) namespacedAttr(s string, open int) (rep string, end int, ok bool) {
	end = attrSelectorEnd(s, open)
	if end < 0 {
		return "", 0, false
	}
	in := strings.TrimLeft(s[open+1:end], " \t\n")
	pred, own, valid := attrPredicate(in, rw.mode&modeForeignAttrs != 0, rw.mode&modeNSAttrs != 0)
	if !own {
		return "", 0, false
	}
	if !valid {
		rw.err = true
		return "", end, true
	}
	return rw.stateRef(pred), end, true
}

// attrPredicate returns the test of the attribute selector whose inside
// (without the brackets, leading white space trimmed) is in, when
// cascadia would get it wrong (own): a namespace prefix ([*|a] tests the
// attributes with local name a in any namespace, [|a] those in no
// namespace, https://drafts.csswg.org/selectors-4/#attrnmsp); a name with
// capitals, which cascadia would lowercase ([viewBox] matches viewBox, and
// in an XML document [TiTlE] only TiTlE; foreignAttrs says the document
// has attributes whose names have capitals); an i flag on a value that is
// not ASCII (the flag folds ASCII letters only: [a=ä i] does not match Ä,
// where cascadia folds Unicode); any name when nsAttrs says the document
// has attributes in a namespace without a prefix, which cascadia would
// match by their names ([a] matches no attribute in a namespace). valid
// is false for a malformed selector.
func attrPredicate(in string, foreignAttrs, nsAttrs bool) (pred func(n *Node) bool, own, valid bool) {
	anyNS := strings.HasPrefix(in, "*|")
	prefixed := anyNS || strings.HasPrefix(in, "|") && !strings.HasPrefix(in, "|=")
	switch {
	case anyNS:
		in = in[2:]
	case prefixed:
		in = in[1:]
	}
	// The name may hold escapes: ApexCharts asks for
	// [data\:longestSeries='true'], a name SVG.js set with capitals.
	j := identEnd(in)
	name := unescapeIdent(in[:j])
	if !prefixed && (name == "" ||
		ascii.Lower(name) == name && !svgCamelCaseAttrs[name] && !foreignAttrs && !nsAttrs && !nonASCIICaseFlag(in[j:])) {
		// cascadia's own [a...] (it lowercases names): right unless a
		// non-HTML element may hold the name with capitals (SVG's
		// viewBox, or one a script set in a document that has them).
		return nil, false, false
	}
	if name == "" {
		return nil, true, false
	}
	test, ok := parseAttrTest(in[j:])
	if !ok {
		return nil, true, false
	}
	return attrNamePredicate(name, anyNS, test, false), true, true
}

// attrNamePredicate is the test of an attribute selector on the attribute
// name (anyNS: in any namespace) whose value test takes. legacy says the
// selector names one of the HTML attributes whose values it compares
// ASCII case-insensitively on HTML elements of HTML documents
// (caseInsensitiveAttrs) and has no flag: on other elements it compares
// them exactly.
// https://html.spec.whatwg.org/multipage/semantics-other.html#case-sensitivity-of-selectors
func attrNamePredicate(name string, anyNS bool, test attrTest, legacy bool) func(n *Node) bool {
	lower := ascii.Lower(name)
	folded := test
	folded.insensitive = true
	return func(n *Node) bool {
		t := &test
		if legacy && n.htmlNames() {
			t = &folded
		}
		for _, a := range n.Attr {
			local := a.Key
			if a.Namespace != "" {
				if !anyNS {
					continue
				}
				if k := strings.IndexByte(local, ':'); k >= 0 {
					local = local[k+1:]
				}
			}
			// Chromium: on an HTML element of an HTML document the name is
			// lowercased (an attribute ABC set by setAttributeNS does not
			// match); on other elements there it compares ASCII
			// case-insensitively; in an XML document exactly.
			switch {
			case n.htmlNames():
				if local != lower {
					continue
				}
			case n.doc != nil && !n.doc.xml:
				if ascii.Lower(local) != lower {
					continue
				}
			case local != name:
				continue
			}
			if t.match(a.Val) {
				return true
			}
		}
		return false
	}
}

// nonASCIICaseFlag reports whether the rest of an attribute selector after
// its name has the i flag and a value with a character that is not ASCII,
// or has escapes (cascadia refuses an escaped flag, [a=b \69]).
func nonASCIICaseFlag(rest string) bool {
	for i := 0; i < len(rest); i++ {
		if rest[i] >= 0x80 || rest[i] == '\\' {
			t, ok := parseAttrTest(rest)
			return ok && t.insensitive && (rest[i] == '\\' || !isASCII(t.val))
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// svgCamelCaseAttrs are the lowercased SVG and MathML attribute names the
// HTML parser gives capitals (https://html.spec.whatwg.org/multipage/parsing.html#adjust-svg-attributes).
var svgCamelCaseAttrs = func() map[string]bool {
	m := make(map[string]bool)
	for _, n := range strings.Fields(`attributeName attributeType baseFrequency baseProfile calcMode clipPathUnits
		diffuseConstant edgeMode filterUnits glyphRef gradientTransform gradientUnits kernelMatrix kernelUnitLength
		keyPoints keySplines keyTimes lengthAdjust limitingConeAngle markerHeight markerUnits markerWidth
		maskContentUnits maskUnits numOctaves pathLength patternContentUnits patternTransform patternUnits pointsAtX
		pointsAtY pointsAtZ preserveAlpha preserveAspectRatio primitiveUnits refX refY repeatCount repeatDur
		requiredExtensions requiredFeatures specularConstant specularExponent spreadMethod startOffset stdDeviation
		stitchTiles surfaceScale systemLanguage tableValues targetX targetY textLength viewBox viewTarget
		xChannelSelector yChannelSelector zoomAndPan definitionURL`) {
		m[ascii.Lower(n)] = true
	}
	return m
}()

// identList parses a comma-separated list of CSS identifiers (unescaped),
// as :active-view-transition-type() takes.
func identList(arg string) ([]string, bool) {
	var ids []string
	for _, part := range strings.Split(arg, ",") {
		id := strings.TrimSpace(part)
		if id == "" || !startsIdent(id) || identEnd(id) != len(id) {
			return nil, false
		}
		ids = append(ids, unescapeIdent(id))
	}
	return ids, true
}

// activeTransitionType tells whether n's active view transition has one
// of the types ids (PseudoState's "active-view-transition-type").
func activeTransitionType(n *Node, ids []string) bool {
	for _, id := range ids {
		if n.pseudoState("active-view-transition-type", id) {
			return true
		}
	}
	return false
}
