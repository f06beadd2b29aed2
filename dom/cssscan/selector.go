package cssscan

// Selector validity in the style-sheet grammar: whether a style rule's
// prelude is a <selector-list> that Chromium (156) parses, so that a sheet
// keeps the rule and insertRule accepts it. A rule whose list holds one
// invalid selector is dropped whole.
// https://drafts.csswg.org/selectors-4/#invalid
// https://drafts.csswg.org/selectors-4/#grammar
//
// This is not querySelector's parser: a sheet keeps what Chromium knows
// but cannot match from a script (:hover, ::-webkit-scrollbar, ::part(),
// :host), and the decisions below were each probed in Chromium: which
// pseudo-classes and pseudo-elements exist, the argument each functional
// one takes, and which pseudo-classes and pseudo-elements may follow a
// pseudo-element.

// SelectorContext says where a selector list stands.
type SelectorContext struct {
	// Nested is set for the prelude of a rule nested in a style rule,
	// whose selectors may start with a combinator (`> .child`).
	// https://drafts.csswg.org/css-nesting/#syntax
	Nested bool
	// Prefix reports whether a namespace prefix is declared (@namespace);
	// nil accepts every prefix.
	Prefix func(prefix string) bool
	// Supports is CSS.supports("selector(…)")'s stricter reading: the
	// arguments of :is() and :where() must be valid (the forgiving
	// parse is not applied) and a -webkit- pseudo-element must be one
	// Chromium knows.
	// https://drafts.csswg.org/css-conditional-4/#dfn-support-selector
	Supports bool
}

// ValidSelectorList reports whether sel is a selector list a style rule
// may have.
func ValidSelectorList(sel string, ctx SelectorContext) bool {
	p := selParser{src: sel, ctx: ctx}
	return p.list(0, len(sel), selFlags{relative: ctx.Nested})
}

type selParser struct {
	src   string
	ctx   SelectorContext
	depth int
}

// selFlags are the limits of the selector list being read.
type selFlags struct {
	relative   bool // a selector may start with a combinator (:has, nesting)
	noPseudoEl bool // no pseudo-element (:not, :has, :host…)
	compound   bool // one compound selector, no combinator (:host(), ::slotted())
	inHas      bool // within :has(), which may not hold another :has()
	// after is the pseudo-element an argument of :not(), :is() or
	// :where() follows: its compounds may hold only the pseudo-classes
	// allowed after it (`::part(x):not(:hover)`; `::part(x):where(.a)`
	// is `:where()`).
	after string
}

// maxSelectorDepth bounds the nesting of functional pseudo-classes; a
// deeper selector is refused rather than walked.
const maxSelectorDepth = 64

// list reads src[i:end] as a comma-separated list, each item valid.
func (p *selParser) list(i, end int, f selFlags) bool {
	for {
		var ok bool
		i, ok = p.complex(i, end, f)
		if !ok {
			return false
		}
		if i >= end {
			return true
		}
		if p.src[i] != ',' {
			return false
		}
		i++
	}
}

// ValidForgivingItem reports whether item, one selector of a
// <forgiving-selector-list> (:is(), :where()), is kept rather than
// dropped: valid there, and one compound selector when the list stands in
// a compound-only argument (compound: :host(), ::slotted()).
func ValidForgivingItem(item string, compound bool) bool {
	p := selParser{src: item}
	i, ok := p.complex(0, len(item), selFlags{noPseudoEl: true, compound: compound})
	return ok && i >= len(item)
}

// forgiving reports whether a <forgiving-selector-list> in src[i:end] is
// read: each item that does not parse is dropped, so only Supports mode
// (which parses it strictly) can refuse it.
func (p *selParser) forgiving(i, end int, f selFlags) bool {
	if !p.ctx.Supports {
		return true
	}
	return p.list(i, end, f)
}

// complex reads one complex (or compound, or relative) selector starting
// at i, up to a top-level ',' or end; it returns where it stopped.
func (p *selParser) complex(i, end int, f selFlags) (int, bool) {
	i, _ = p.space(i, end)
	if f.relative && i < end && isCombinator(p.src[i]) {
		i, _ = p.space(i+1, end)
	}
	for {
		var pseudoEl bool
		var ok bool
		i, pseudoEl, ok = p.compound(i, end, f)
		if !ok {
			return i, false
		}
		j, ws := p.space(i, end)
		if j >= end || p.src[j] == ',' {
			return j, true
		}
		switch {
		case isCombinator(p.src[j]):
			j, _ = p.space(j+1, end)
		case !ws:
			return j, false
		}
		if pseudoEl || f.compound {
			return j, false // nothing may follow a pseudo-element's compound
		}
		i = j
	}
}

func isCombinator(c byte) bool { return c == '>' || c == '+' || c == '~' }

// space skips whitespace and comments; ws says whether there was
// whitespace (a comment alone joins what it separates).
func (p *selParser) space(i, end int) (int, bool) {
	ws := false
	for i < end {
		switch c := p.src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			ws = true
			i++
		case c == '/' && i+1 < end && p.src[i+1] == '*':
			i = p.commentEnd(i, end)
		default:
			return i, ws
		}
	}
	return i, ws
}

// comments skips comments only.
func (p *selParser) comments(i, end int) int {
	for i+1 < end && p.src[i] == '/' && p.src[i+1] == '*' {
		i = p.commentEnd(i, end)
	}
	return i
}

func (p *selParser) commentEnd(i, end int) int {
	for j := i + 2; j+1 < end; j++ {
		if p.src[j] == '*' && p.src[j+1] == '/' {
			return j + 2
		}
	}
	return end
}

// compound reads one compound selector: a type selector or '*' (with a
// namespace prefix), then #id, .class, [attr], '&', :pseudo-class and
// ::pseudo-element (with the pseudo-classes and pseudo-elements that may
// follow it). It must not be empty.
func (p *selParser) compound(i, end int, f selFlags) (next int, pseudoEl bool, ok bool) {
	start := i
	i, ok = p.typeSelector(i, end)
	if !ok || f.after != "" && i != start {
		return i, false, false
	}
	pe := f.after // the last pseudo-element, lower case
	for {
		i = p.comments(i, end)
		if i >= end {
			break
		}
		c := p.src[i]
		if pe != "" && c != ':' {
			if c == '.' || c == '#' || c == '[' || c == '&' || c == '|' || c == '*' || isNameStart(p.src, i, end) {
				return i, true, false
			}
			break
		}
		switch c {
		case '#':
			// An id is a hash token that would start an identifier (#1 is no id).
			if !isIdentStart(p.src, i+1, end) {
				return i, false, false
			}
			i = identEnd(p.src, i+1, end)
		case '.':
			if !isIdentStart(p.src, i+1, end) {
				return i, false, false
			}
			i = identEnd(p.src, i+1, end)
		case '[':
			if i, ok = p.attribute(i, end); !ok {
				return i, false, false
			}
		case '&':
			i++
		case ':':
			if i+1 < end && p.src[i+1] == ':' {
				if f.noPseudoEl {
					return i, false, false
				}
				var name string
				if i, name, ok = p.pseudoElement(i+2, end, pe); !ok {
					return i, false, false
				}
				pe = name
				continue
			}
			var name string
			if i, name, ok = p.pseudoClass(i+1, end, pe, f); !ok {
				return i, false, false
			}
			if name != "" { // a legacy pseudo-element (:before)
				if f.noPseudoEl || pe != "" {
					return i, false, false
				}
				pe = name
			}
		default:
			if isNameStart(p.src, i, end) || c == '*' || c == '|' {
				return i, false, false // a type selector must come first (&div)
			}
			if i == start {
				return i, false, false
			}
			return i, pe != "" && pe != f.after, true
		}
	}
	if i == start {
		return i, false, false
	}
	return i, pe != "" && pe != f.after, true
}

// typeSelector reads an optional type selector or universal selector with
// its namespace prefix: a, *, ns|a, *|a, |a, ns|*.
func (p *selParser) typeSelector(i, end int) (int, bool) {
	src := p.src
	j := i
	switch {
	case j < end && src[j] == '*':
		j++
	case isIdentStart(src, j, end):
		j = identEnd(src, j, end)
	case j < end && src[j] == '|':
	default:
		return i, true // none
	}
	if j < end && src[j] == '|' && (j+1 >= end || src[j+1] != '=') {
		prefix := src[i:j]
		if prefix != "" && prefix != "*" && p.ctx.Prefix != nil && !p.ctx.Prefix(prefix) {
			return j, false
		}
		k := j + 1
		switch {
		case k < end && src[k] == '*':
			return k + 1, true
		case isIdentStart(src, k, end):
			return identEnd(src, k, end), true
		}
		return k, false
	}
	if j == i {
		return i, true
	}
	return j, true
}

// attribute reads [ ns|name ( matcher value flag? )? ] at src[i] == '['.
// https://drafts.csswg.org/selectors-4/#attribute-selectors
func (p *selParser) attribute(i, end int) (int, bool) {
	src := p.src
	close := BlockEnd(src[:end], i)
	if close >= end {
		return i, false
	}
	j, _ := p.space(i+1, close)
	// The name, with an optional namespace prefix.
	nameStart := j
	switch {
	case j < close && src[j] == '*':
		j++
		if j >= close || src[j] != '|' || j+1 < close && src[j+1] == '=' {
			return j, false // '*' is only a prefix
		}
	case isIdentStart(src, j, close):
		j = identEnd(src, j, close)
	case j < close && src[j] == '|':
	default:
		return j, false
	}
	if j < close && src[j] == '|' && (j+1 >= close || src[j+1] != '=') {
		prefix := src[nameStart:j]
		if prefix != "" && prefix != "*" && p.ctx.Prefix != nil && !p.ctx.Prefix(prefix) {
			return j, false
		}
		j++
		if !isIdentStart(src, j, close) {
			return j, false
		}
		j = identEnd(src, j, close)
	}
	j, _ = p.space(j, close)
	if j == close {
		return close + 1, true
	}
	// The matcher: = ~= |= ^= $= *=
	switch src[j] {
	case '=':
		j++
	case '~', '|', '^', '$', '*':
		if j+1 >= close || src[j+1] != '=' {
			return j, false
		}
		j += 2
	default:
		return j, false
	}
	j, _ = p.space(j, close)
	// The value: an identifier or a string.
	switch {
	case j < close && (src[j] == '"' || src[j] == '\''):
		j = stringEnd(src, j, close)
	case isIdentStart(src, j, close):
		j = identEnd(src, j, close)
	default:
		return j, false
	}
	j, _ = p.space(j, close)
	if j == close {
		return close + 1, true
	}
	// The flag: Chromium 148 knows `i` only (case-insensitive).
	if !isIdentStart(src, j, close) {
		return j, false
	}
	k := identEnd(src, j, close)
	if c, ok := oneCharIdent(src[j:k]); !ok || c|0x20 != 'i' {
		return j, false
	}
	j, _ = p.space(k, close)
	return close + 1, j == close
}

// stringEnd returns the index after the string opening at src[i].
func stringEnd(src string, i, end int) int {
	q := src[i]
	for j := i + 1; j < end; j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return end
}

// pseudoName reads the name after ':' or '::' at i, lower-cased into buf
// when it has capitals, and whether a '(' follows it.
func (p *selParser) pseudoName(i, end int, buf []byte) (next int, name string, fn bool, ok bool) {
	if !isIdentStart(p.src, i, end) {
		return i, "", false, false
	}
	j := identEnd(p.src, i, end)
	name = lowerASCII(p.src[i:j], buf)
	if j < end && p.src[j] == '(' {
		return j, name, true, true
	}
	return j, name, false, true
}

// lowerASCII returns s in ASCII lower case, using buf when it must copy.
func lowerASCII(s string, buf []byte) string {
	for k := 0; k < len(s); k++ {
		if c := s[k]; c >= 'A' && c <= 'Z' {
			b := append(buf[:0], s...)
			for m := k; m < len(b); m++ {
				if b[m] >= 'A' && b[m] <= 'Z' {
					b[m] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// args returns the bounds of the argument of the function whose '(' is at
// open, and the index after its ')'.
func (p *selParser) args(open, end int) (from, to, next int, ok bool) {
	close := BlockEnd(p.src[:end], open)
	if close >= end {
		return 0, 0, end, false
	}
	return open + 1, close, close + 1, true
}

// empty reports whether src[i:end] holds only whitespace and comments.
func (p *selParser) empty(i, end int) bool {
	j, _ := p.space(i, end)
	return j >= end
}

// pseudoClass reads a pseudo-class after ':' at i. pe is the
// pseudo-element it follows, if any. A legacy pseudo-element written with
// one colon (:before) returns its name.
func (p *selParser) pseudoClass(i, end int, pe string, f selFlags) (next int, legacy string, ok bool) {
	var buf [48]byte
	j, name, fn, ok := p.pseudoName(i, end, buf[:0])
	if !ok {
		return i, "", false
	}
	if !fn {
		kind, known := pseudoClasses[name]
		if !known {
			if legacyPseudoElement[name] {
				return j, name, true
			}
			return j, "", false
		}
		if pe != "" && !allowedAfter(pe, name, kind) {
			return j, "", false
		}
		return j, "", true
	}
	kind, known := pseudoFunctions[name]
	if !known {
		return j, "", false
	}
	if pe != "" && !allowedAfter(pe, name, kind) {
		return j, "", false
	}
	from, to, next, ok := p.args(j, end)
	if !ok {
		return next, "", false
	}
	if p.depth >= maxSelectorDepth {
		return next, "", false
	}
	p.depth++
	ok = p.pseudoClassArgs(name, from, to, pe, f)
	p.depth--
	return next, "", ok
}

// pseudoClassArgs reads the argument src[from:to] of the functional
// pseudo-class name.
func (p *selParser) pseudoClassArgs(name string, from, to int, pe string, f selFlags) bool {
	inner := f
	inner.relative, inner.compound = false, false
	switch name {
	// In a compound-only argument (:host(), ::slotted()) the selectors
	// nested in it are compound too, as Chromium parses them: :not(.a .b)
	// is invalid there, :is(.a .b) drops the item, :has() is invalid.
	case "is", "where":
		return p.forgiving(from, to, selFlags{noPseudoEl: true, inHas: f.inHas, after: pe, compound: pe != "" || f.compound})
	case "not":
		inner.noPseudoEl = true
		if pe != "" {
			inner.after, inner.compound = pe, true
		}
		inner.compound = inner.compound || f.compound
		return p.list(from, to, inner)
	case "has":
		if f.inHas || f.compound {
			return false
		}
		return p.list(from, to, selFlags{relative: true, noPseudoEl: true, inHas: true})
	case "-webkit-any":
		return p.list(from, to, selFlags{compound: true, noPseudoEl: true, inHas: f.inHas})
	case "host", "host-context":
		return p.list(from, to, selFlags{compound: true, noPseudoEl: true, inHas: f.inHas}) && p.single(from, to)
	case "nth-child", "nth-last-child":
		return p.nth(from, to, true, f)
	case "nth-of-type", "nth-last-of-type":
		return p.nth(from, to, false, f)
	case "lang", "dir", "state":
		return p.identArg(from, to)
	case "active-view-transition-type":
		return p.identList(from, to, false)
	}
	return false
}

// single reports whether src[i:end] has no top-level comma.
func (p *selParser) single(i, end int) bool {
	return Index(p.src[i:end], ',') < 0
}

// identArg reports whether src[i:end] is one identifier.
func (p *selParser) identArg(i, end int) bool {
	i, _ = p.space(i, end)
	if !isIdentStart(p.src, i, end) {
		return false
	}
	i = identEnd(p.src, i, end)
	return p.empty(i, end)
}

// asciiFoldTrimmed is s without its CSS white space at both ends, ASCII
// letters lowered.
func asciiFoldTrimmed(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// identList reports whether src[i:end] is identifiers separated by commas
// (or by whitespace when spaced).
func (p *selParser) identList(i, end int, spaced bool) bool {
	n := 0
	for {
		i, _ = p.space(i, end)
		if i >= end {
			return n > 0
		}
		if n > 0 && !spaced {
			if p.src[i] != ',' {
				return false
			}
			i, _ = p.space(i+1, end)
		}
		if !isIdentStart(p.src, i, end) {
			return false
		}
		i = identEnd(p.src, i, end)
		n++
	}
}

// nth reads An+B, and for the -child forms an optional "of S".
// https://drafts.csswg.org/css-syntax-3/#anb-microsyntax
func (p *selParser) nth(i, end int, of bool, f selFlags) bool {
	// Find " of " at the top level: An+B holds no identifier "of".
	anbEnd := end
	for j := i; j+2 <= end; j++ {
		if (p.src[j]|0x20) == 'o' && (p.src[j+1]|0x20) == 'f' && j > i && isSpace(p.src[j-1]) &&
			(j+2 == end || isSpace(p.src[j+2]) || p.src[j+2] == '/') {
			anbEnd = j
			break
		}
	}
	if !p.anPlusB(i, anbEnd) {
		return false
	}
	if anbEnd == end {
		return true
	}
	if !of {
		return false
	}
	inner := f
	inner.relative, inner.compound, inner.noPseudoEl = false, false, false
	return p.list(anbEnd+2, end, inner)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// anPlusB reports whether src[i:end] is An+B: odd, even, an integer, or
// [+-]?[digits]n followed by nothing or a sign and digits (the sign may
// be spaced from n and from the digits, a leading '+' may not).
func (p *selParser) anPlusB(i, end int) bool {
	src := p.src
	i, _ = p.space(i, end)
	// Trim the end.
	for end > i && isSpace(src[end-1]) {
		end--
	}
	if i >= end {
		return false
	}
	word := src[i:end]
	if len(word) == 3 && (word[0]|0x20) == 'o' && (word[1]|0x20) == 'd' && (word[2]|0x20) == 'd' ||
		len(word) == 4 && (word[0]|0x20) == 'e' && (word[1]|0x20) == 'v' && (word[2]|0x20) == 'e' && (word[3]|0x20) == 'n' {
		return true
	}
	j := i
	if src[j] == '+' || src[j] == '-' {
		j++
	}
	digits := j
	for j < end && src[j] >= '0' && src[j] <= '9' {
		j++
	}
	if j == end {
		return j > digits // an integer
	}
	if (src[j] | 0x20) != 'n' {
		return false
	}
	j, _ = p.space(j+1, end)
	if j == end {
		return true
	}
	if src[j] != '+' && src[j] != '-' {
		return false
	}
	j, _ = p.space(j+1, end)
	k := j
	for j < end && src[j] >= '0' && src[j] <= '9' {
		j++
	}
	return j > k && j == end
}

// pseudoElement reads a pseudo-element after '::' at i; prev is the
// pseudo-element it follows, if any.
func (p *selParser) pseudoElement(i, end int, prev string) (next int, name string, ok bool) {
	var buf [48]byte
	j, name, fn, ok := p.pseudoName(i, end, buf[:0])
	if !ok {
		return i, "", false
	}
	kind := peKind(name, fn, p.ctx.Supports)
	if kind == 0 {
		return j, "", false
	}
	if prev != "" && !pseudoElementAfter(prev, name) {
		return j, "", false
	}
	if !fn {
		return j, name, true
	}
	from, to, next, ok := p.args(j, end)
	if !ok {
		return next, "", false
	}
	switch name {
	case "part":
		return next, name, p.identList(from, to, true)
	case "highlight":
		return next, name, p.identArg(from, to)
	case "picker":
		// only ::picker(select) since Chromium 156
		return next, name, p.identArg(from, to) && asciiFoldTrimmed(p.src[from:to]) == "select"
	case "slotted":
		return next, name, p.list(from, to, selFlags{compound: true, noPseudoEl: true}) && p.single(from, to)
	case "cue":
		// Nothing may follow ::cue(x), unlike ::cue.
		return next, "cue()", p.list(from, to, selFlags{compound: true, noPseudoEl: true})
	case "scroll-button":
		return next, name, p.scrollButtonArg(from, to)
	case "view-transition-group", "view-transition-old", "view-transition-new", "view-transition-image-pair":
		return next, name, p.transitionName(from, to)
	}
	return next, "", false
}

// scrollButtonArg: '*' or a direction.
func (p *selParser) scrollButtonArg(i, end int) bool {
	i, _ = p.space(i, end)
	j := i
	if j < end && p.src[j] == '*' {
		j++
	} else {
		if !isIdentStart(p.src, j, end) {
			return false
		}
		j = identEnd(p.src, j, end)
		var buf [32]byte
		if !scrollDirections[lowerASCII(p.src[i:j], buf[:0])] {
			return false
		}
	}
	return p.empty(j, end)
}

var scrollDirections = map[string]bool{"up": true, "down": true, "left": true, "right": true,
	"block-start": true, "block-end": true, "inline-start": true, "inline-end": true}

// transitionName: a view-transition name ('*' or an identifier) with
// optional .classes, or .classes alone.
// https://drafts.csswg.org/css-view-transitions-2/#pseudo-element-class-additions
func (p *selParser) transitionName(i, end int) bool {
	i, _ = p.space(i, end)
	start := i
	switch {
	case i < end && p.src[i] == '*':
		i++
	case isIdentStart(p.src, i, end):
		i = identEnd(p.src, i, end)
	}
	for i < end && p.src[i] == '.' {
		if !isIdentStart(p.src, i+1, end) {
			return false
		}
		i = identEnd(p.src, i+1, end)
	}
	return i > start && p.empty(i, end)
}

// Pseudo-class kinds: what decides whether one may follow a
// pseudo-element.
const (
	pcStructural = 1 << iota // tree-structural, :root, :host, :has: not after ::part()
	pcUserAction             // :hover, :active, :focus…
	pcScrollbar              // the ::-webkit-scrollbar states
	pcForgiving              // :is(), :where(): allowed after any pseudo-element
	pcNot                    // :not()
	pcOther
)

// pseudoClasses are the pseudo-classes without arguments Chromium 148
// parses in a style sheet (probed one by one; :-webkit-full-screen-document,
// :playing, :has-slotted, :-moz-* are not among them).
var pseudoClasses = map[string]uint8{
	"active": pcUserAction, "hover": pcUserAction, "focus": pcUserAction, "focus-visible": pcUserAction,
	"focus-within": pcUserAction,
	"any-link":     pcOther, "-webkit-any-link": pcOther, "link": pcOther, "visited": pcOther,
	"autofill": pcOther, "-webkit-autofill": pcOther, "-internal-autofill-selected": pcOther,
	"checked": pcOther, "default": pcOther, "defined": pcOther, "disabled": pcScrollbar, "enabled": pcScrollbar,
	"empty": pcStructural, "first-child": pcStructural, "first-of-type": pcStructural, "last-child": pcStructural,
	"last-of-type": pcStructural, "only-child": pcStructural, "only-of-type": pcStructural, "root": pcStructural,
	"scope": pcStructural, "host": pcStructural,
	"fullscreen": pcOther, "-webkit-full-screen": pcOther, "-webkit-full-screen-ancestor": pcOther,
	"-webkit-full-page-media": pcOther, "-webkit-drag": pcOther,
	"future": pcOther, "past": pcOther, "current": pcOther,
	"in-range": pcOther, "out-of-range": pcOther, "indeterminate": pcOther, "invalid": pcOther, "valid": pcOther,
	"optional": pcOther, "required": pcOther, "placeholder-shown": pcOther, "read-only": pcOther,
	"read-write": pcOther, "target": pcOther, "modal": pcOther, "popover-open": pcOther, "open": pcOther,
	"user-invalid": pcOther, "user-valid": pcOther, "picture-in-picture": pcOther, "xr-overlay": pcOther,
	"window-inactive": pcScrollbar, "horizontal": pcScrollbar, "vertical": pcScrollbar,
	"decrement": pcScrollbar, "increment": pcScrollbar, "start": pcScrollbar, "end": pcScrollbar,
	"double-button": pcScrollbar, "single-button": pcScrollbar, "no-button": pcScrollbar,
	"corner-present":         pcScrollbar,
	"active-view-transition": pcOther, "interest-source": pcOther, "interest-target": pcOther,
	"target-current": pcOther, "target-before": pcOther, "target-after": pcOther,
}

// pseudoFunctions are the functional pseudo-classes Chromium 148 parses.
var pseudoFunctions = map[string]uint8{
	"not": pcNot, "is": pcForgiving, "where": pcForgiving, "has": pcStructural,
	"-webkit-any": pcOther,
	"nth-child":   pcStructural, "nth-last-child": pcStructural, "nth-of-type": pcStructural,
	"nth-last-of-type": pcStructural,
	"lang":             pcOther, "dir": pcOther, "state": pcOther, "active-view-transition-type": pcOther,
	"host": pcStructural, "host-context": pcStructural,
}

var legacyPseudoElement = map[string]bool{"before": true, "after": true, "first-line": true, "first-letter": true}

// pseudoElements are the pseudo-elements without arguments Chromium 148
// parses, besides any ::-webkit- one.
var pseudoElements = map[string]bool{
	"before": true, "after": true, "marker": true, "placeholder": true, "selection": true,
	"first-line": true, "first-letter": true, "backdrop": true, "file-selector-button": true,
	"cue": true, "spelling-error": true, "grammar-error": true, "target-text": true,
	"view-transition": true, "details-content": true, "picker-icon": true, "checkmark": true,
	"scroll-marker": true, "scroll-marker-group": true, "column": true, "search-text": true,
}

// pseudoElementFunctions are the functional pseudo-elements.
var pseudoElementFunctions = map[string]bool{
	"part": true, "slotted": true, "highlight": true, "cue": true, "scroll-button": true, "picker": true,
	"view-transition-group": true, "view-transition-old": true, "view-transition-new": true,
	"view-transition-image-pair": true,
}

// webkitPseudoElements are the ::-webkit- pseudo-elements Chromium knows
// by name (CSS.supports accepts these; a sheet accepts any ::-webkit-x).
var webkitPseudoElements = map[string]bool{
	"-webkit-file-upload-button": true, "-webkit-scrollbar": true, "-webkit-scrollbar-thumb": true,
	"-webkit-scrollbar-track": true, "-webkit-scrollbar-button": true, "-webkit-scrollbar-corner": true,
	"-webkit-resizer": true, "-webkit-scrollbar-track-piece": true, "-webkit-input-placeholder": true,
	"-webkit-inner-spin-button": true, "-webkit-search-cancel-button": true, "-webkit-slider-thumb": true,
	"-webkit-slider-runnable-track": true, "-webkit-media-controls": true,
	"-webkit-calendar-picker-indicator": true, "-webkit-datetime-edit": true, "-webkit-color-swatch": true,
	"-webkit-progress-bar": true, "-webkit-progress-value": true, "-webkit-meter-bar": true,
	"-webkit-textfield-decoration-container": true,
}

// peKind says whether name (fn: with arguments) is a pseudo-element: 0 no.
func peKind(name string, fn, supports bool) int {
	if fn {
		if pseudoElementFunctions[name] {
			return 1
		}
		return 0
	}
	if pseudoElements[name] {
		return 1
	}
	if len(name) > len("-webkit-") && name[:len("-webkit-")] == "-webkit-" {
		if name == "-webkit-autofill" || supports && !webkitPseudoElements[name] {
			return 0
		}
		return 1
	}
	return 0
}

// pseudoElementAfter says whether the pseudo-element name may follow
// prev: ::before::marker, ::part(x)::before, ::slotted(x)::after,
// ::column::scroll-marker.
func pseudoElementAfter(prev, name string) bool {
	switch prev {
	case "before", "after":
		return name == "marker"
	case "part":
		return name != "part" && name != "slotted"
	case "slotted":
		switch name {
		case "before", "after", "marker", "placeholder", "file-selector-button":
			return true
		}
	case "column":
		return name == "scroll-marker"
	}
	return false
}

// allowedAfter says whether the pseudo-class name of kind may follow the
// pseudo-element pe.
func allowedAfter(pe, name string, kind uint8) bool {
	if kind&pcForgiving != 0 {
		return true // :is() and :where() after any pseudo-element
	}
	switch {
	case pe == "part" || pe == "details-content" || pe == "picker" || pe == "scroll-marker" ||
		pe == "scroll-button" || pe == "cue":
		return kind&pcStructural == 0
	case len(pe) >= len("-webkit-scrollbar") && pe[:len("-webkit-scrollbar")] == "-webkit-scrollbar",
		pe == "-webkit-resizer":
		return kind&(pcScrollbar|pcNot) != 0 || name == "hover" || name == "active"
	case len(pe) > len("-webkit-") && pe[:len("-webkit-")] == "-webkit-", pe == "file-selector-button":
		return kind&(pcUserAction|pcNot) != 0
	case pe == "selection":
		return name == "window-inactive"
	case len(pe) > len("view-transition") && pe[:len("view-transition")] == "view-transition":
		return name == "only-child"
	}
	return false
}

// isNameStart reports whether src[i:] starts an identifier (a type
// selector's name).
func isNameStart(src string, i, end int) bool { return isIdentStart(src, i, end) }

// isIdentStart reports whether src[i:end] starts with an identifier.
// https://drafts.csswg.org/css-syntax-3/#would-start-an-identifier
func isIdentStart(src string, i, end int) bool {
	if i >= end {
		return false
	}
	c := src[i]
	if c == '-' {
		if i+1 >= end {
			return false
		}
		c = src[i+1]
		if c == '-' {
			return true
		}
		return isNameStartByte(c) || c == '\\' && validEscape(src, i+1, end)
	}
	return isNameStartByte(c) || c == '\\' && validEscape(src, i, end)
}

func isNameStartByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// validEscape: a backslash not followed by a newline (one at the end
// stands for U+FFFD).
func validEscape(src string, i, end int) bool {
	return i+1 >= end || src[i+1] != '\n' && src[i+1] != '\r' && src[i+1] != '\f'
}

// identEnd returns the index after the identifier starting at i.
func identEnd(src string, i, end int) int {
	for i < end {
		c := src[i]
		switch {
		case isNameStartByte(c) || c >= '0' && c <= '9' || c == '-':
			i++
		case c == '\\' && validEscape(src, i, end):
			i++
			if i >= end {
				return end
			}
			if isHexByte(src[i]) {
				k := i
				for i < end && i-k < 6 && isHexByte(src[i]) {
					i++
				}
				if i < end && isSpace(src[i]) {
					i++
				}
				continue
			}
			i++
		default:
			return i
		}
	}
	return i
}

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// oneCharIdent returns the ASCII character of an identifier of one
// character, maybe escaped (i, \i, \69, \49 ).
func oneCharIdent(id string) (byte, bool) {
	if len(id) == 1 {
		return id[0], true
	}
	if len(id) < 2 || id[0] != '\\' {
		return 0, false
	}
	if !isHexByte(id[1]) {
		return id[1], len(id) == 2
	}
	v, k := 0, 1
	for k < len(id) && k <= 6 && isHexByte(id[k]) {
		v = v*16 + HexValue(id[k])
		k++
	}
	if k < len(id) && isSpace(id[k]) {
		k++
	}
	if k != len(id) || v >= 0x80 {
		return 0, false
	}
	return byte(v), true
}

// HexValue is the value of the hexadecimal digit c.
func HexValue(c byte) int {
	switch {
	case c <= '9':
		return int(c - '0')
	case c >= 'a':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
