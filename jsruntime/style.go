package jsruntime

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// A cssDecl is one declaration of a style attribute.
type cssDecl struct {
	name, value string
	important   bool
}

// parseDeclarations parses a CSS declaration list (a style attribute):
// name: value [!important]; ... Semicolons inside quotes, parentheses or
// brackets do not split; invalid declarations are dropped. Of two
// declarations of one property the important one wins, else the later;
// the block keeps each winner where it was declared, the important ones
// after all the others (as Chromium builds a parsed block, so that cssText
// reads back in that order).
// https://drafts.csswg.org/css-syntax/#parse-list-of-declarations
func parseDeclarations(s string) []cssDecl { return parseDecls(s, false) }

// parseDecls is parseDeclarations, with the quirks of a quirky inline
// style when quirks is set (cssquirks.go).
func parseDecls(s string, quirks bool) []cssDecl { return parseDeclList(s, quirks, false) }

// parseCascadeDecls is parseDecls for the cascade: the numbers of its
// values that serializing rounded are kept at full precision
// (cssexact.go), as Chromium lays them out.
func parseCascadeDecls(s string, quirks bool) []cssDecl { return parseDeclList(s, quirks, true) }

func parseDeclList(s string, quirks, exact bool) []cssDecl {
	var out []cssDecl
	eachDecl(s, func(name, value string, important bool) {
		if !strings.HasPrefix(name, "--") && !cssProperties[name] {
			return // an unknown property: dropped, as in Chromium
		}
		value, ok := aliasValue(name, value)
		if !ok {
			return
		}
		name = resolveAlias(name)
		if quirks {
			value = quirkyValue(name, value)
		}
		n := len(out)
		out = append(out, addDeclaration(nil, name, value, important)...)
		if exact && hasLongNumber(value) {
			for i := n; i < len(out); i++ {
				out[i].value = exactNumbers(out[i].value, value)
			}
		}
	})
	return winningDeclarations(out)
}

// eachDecl calls fn with each declaration of block s: its name (lower
// case but for a custom property's), its value with comments and
// surrounding white space stripped, and whether it is important. A
// declaration with no colon, an invalid name, an empty value (but a
// custom property's) or unbalanced brackets is skipped, as is an at-rule.
func eachDecl(s string, fn func(name, value string, important bool)) {
	for len(s) > 0 {
		if t := strings.TrimLeft(s, " \t\n\r\f"); strings.HasPrefix(t, "@") {
			// An at-rule among the declarations is consumed whole and
			// dropped: up to its ";", or through its {} block, after
			// which the declarations go on ("@foo{}z-index: 1").
			// https://drafts.csswg.org/css-syntax/#consume-block-contents
			s = ""
			var sc cssscan.Scanner
			for i, c := range sc.All(t) {
				if c == ';' && sc.Depth() == 0 {
					s = t[i+1:]
					break
				}
				if c == '{' && sc.Depth() == 1 { // the block opens
					s = t[min(cssscan.BlockEnd(t, i)+1, len(t)):]
					break
				}
			}
			continue
		}
		end := declEnd(s)
		part := s[:end]
		if end < len(s) {
			s = s[end+1:]
		} else {
			s = ""
		}
		name, value, ok := strings.Cut(part, ":")
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		if !validPropertyName(name) {
			continue
		}
		if !strings.HasPrefix(name, "--") {
			name = ascii.Lower(name)
		}
		value = strings.TrimSpace(stripComments(value))
		important := false
		if i := strings.LastIndexByte(value, '!'); i >= 0 && ascii.EqualFold(strings.TrimSpace(value[i+1:]), "important") {
			important = true
			value = strings.TrimSpace(value[:i])
		}
		value = closeAtEnd(value)
		if value == "" && !strings.HasPrefix(name, "--") || !cssscan.Balanced(value) {
			continue
		}
		fn(name, value, important)
	}
}

// winningDeclarations keeps, of a block's declarations in source order
// (shorthands expanded), the last important declaration of each property,
// else its last declaration, and puts the important ones last. A shorthand
// kept whole (its value has var()) covers its longhands: it drops earlier
// declarations of them, and is dropped itself only when later declarations
// set all of them.
func winningDeclarations(list []cssDecl) []cssDecl {
	if len(list) < 2 {
		return list
	}
	seen := make(map[string]bool, len(list))
	out := make([]cssDecl, len(list))
	free := len(list)
	for _, important := range [2]bool{true, false} {
		for i := len(list) - 1; i >= 0; i-- {
			d := list[i]
			if d.important != important || seen[d.name] {
				continue
			}
			if sh := shorthands[d.name]; sh != nil {
				covered := true
				for _, l := range sh.longhands {
					covered = covered && seen[l]
				}
				if covered {
					continue
				}
				for _, l := range sh.longhands {
					seen[l] = true
				}
			}
			seen[d.name] = true
			free--
			out[free] = d
		}
	}
	return out[free:]
}

// addDeclaration sets a property (longhand or shorthand) in a declaration
// list with its value normalized, or returns the list unchanged when the
// value is invalid for the property.
// https://drafts.csswg.org/cssom/#set-a-css-declaration
func addDeclaration(list []cssDecl, name, value string, important bool) []cssDecl {
	if strings.IndexByte(value, '!') >= 0 && cssscan.Index(value, '!') >= 0 {
		// A "!" outside strings and blocks is in no value's grammar, a
		// custom property's either (`--v: 1px !important !important`).
		// https://drafts.csswg.org/css-syntax/#typedef-declaration-value
		return list
	}
	if g := propertyGrammar(name); g != nil && !strings.HasPrefix(name, "--") {
		if g == descriptorGrammar() {
			return list // a descriptor of an at-rule: no declaration takes it
		}
		if shorthands[name] != nil && !substitutedOrWide(value) && !grammarMatch(g, splitComponents(value)) {
			return list
		}
	}
	if sh := shorthands[name]; sh != nil {
		vals, ok := sh.expand(value)
		if !ok {
			// A value with var() is kept whole, its longhands pending
			// substitution (the cascade expands it, cssvar.go).
			// https://drafts.csswg.org/css-variables/#variables-in-shorthands
			if !(sh.lenient || indexVar(value) >= 0) || !cssscan.Balanced(value) {
				return list
			}
			if sh.kind == shBackground && indexVar(value) < 0 && badLayers(value) {
				return list
			}
			// kept whole: a value of a syntax this package does not parse
			for _, l := range sh.longhands {
				list = deleteDecl(list, l)
			}
			return setDecl(list, cssDecl{name, strings.TrimSpace(value), important})
		}
		list = deleteDecl(list, name)
		for _, l := range sh.declOrder(value, false) {
			list = setDecl(list, cssDecl{l, vals[slices.Index(sh.longhands, l)], important})
		}
		return list
	}
	v, ok := normalizeValue(name, value)
	if !ok {
		return list
	}
	return setDecl(list, cssDecl{name, v, important})
}

func deleteDecl(list []cssDecl, name string) []cssDecl {
	for i := range list {
		if list[i].name == name {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// shorthandValue serializes shorthand sh from list, or ok=false when a
// longhand is missing, their priorities differ or one holds a value
// substituted at computed-value time (var(), env()): such a longhand
// declared on its own is written on its own, and the shorthand reads
// empty, as in Chromium (Stitches' `px` util writes padding-left and
// padding-right with var()).
// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertyvalue
// https://drafts.csswg.org/css-variables/#variables-in-shorthands
func shorthandValue(list []cssDecl, sh *cssShorthand) (string, bool, bool) {
	vals := make([]string, len(sh.longhands))
	important := false
	for i, l := range sh.longhands {
		j := indexDecl(list, l)
		if j < 0 || substitutedValue(list[j].value) {
			return "", false, false
		}
		if i == 0 {
			important = list[j].important
		} else if list[j].important != important {
			return "", false, false
		}
		vals[i] = list[j].value
	}
	v, ok := sh.serialize(vals)
	return v, important, ok
}

func indexDecl(list []cssDecl, name string) int {
	for i := range list {
		if list[i].name == name {
			return i
		}
	}
	return -1
}

// validPropertyName accepts CSS identifiers (and custom property names).
func validPropertyName(name string) bool {
	if name == "" || name == "--" { // "--" is reserved, no custom property's name
		return false
	}
	for _, r := range name {
		if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80) {
			return false
		}
	}
	return true
}

// declEnd returns the index of the semicolon that ends the first
// declaration of s, or len(s).
func declEnd(s string) int {
	if i := cssscan.Index(s, ';'); i >= 0 {
		return i
	}
	return len(s)
}

// stripComments removes the comments of s (an unclosed one runs to the
// end). Each is cut out before the next is looked for, so a "/" before a
// comment and a "*" after it open another. A comment between two name
// characters leaves a space: it ends a token as whitespace would
// (`[foo=bar/**/i]` is the value bar and the flag i, not bari).
// https://drafts.csswg.org/css-syntax-3/#consume-comments It copies s once at most (when
// each cut copied the rest, a parse of Vuetify's unminified 646 KB sheet
// copied 54 MB for its 84 comments).
func stripComments(s string) string {
	i := commentStart(s)
	if i < 0 {
		return s
	}
	buf := make([]byte, 0, len(s))
	for {
		buf = append(buf, s[:i]...)
		rest := s[i+2:] // after the "/*"
		for {
			j := strings.Index(rest, "*/")
			if j < 0 {
				return string(buf)
			}
			rest = rest[j+2:]
			n := len(buf)
			if n == 0 || buf[n-1] != '/' || !strings.HasPrefix(rest, "*") {
				break
			}
			buf, rest = buf[:n-1], rest[1:] // the "/" and "*" the cut joined
		}
		if n := len(buf); n > 0 && rest != "" && isIdentChar(buf[n-1]) && isIdentChar(rest[0]) {
			buf = append(buf, ' ')
		}
		s = rest
		if i = commentStart(s); i < 0 {
			return string(append(buf, s...))
		}
	}
}

// commentStart is the index of the first "/*" of s outside strings
// (content: "/* x */" is a string, no comment), or -1. A string ends at
// its quote or, unclosed, at a newline; a backslash escapes the next
// character.
func commentStart(s string) int {
	i := 0
	for {
		j := strings.IndexAny(s[i:], "/\"'")
		if j < 0 {
			return -1
		}
		i += j
		switch c := s[i]; c {
		case '/':
			if i+1 < len(s) && s[i+1] == '*' {
				return i
			}
			i++
		default:
			i++
			for i < len(s) && s[i] != c && s[i] != '\n' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
			i++
		}
		if i >= len(s) {
			return -1
		}
	}
}

func setDecl(list []cssDecl, d cssDecl) []cssDecl {
	for i := range list {
		if list[i].name == d.name {
			list[i] = d
			return list
		}
	}
	return append(list, d)
}

// serializeDeclarations writes a declaration list as browsers write the
// style attribute: "a: b; c: d !important;".
// https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block
func serializeDeclarations(list []cssDecl) string {
	var b strings.Builder
	var done map[string]bool
	var failed map[*cssShorthand]bool // shorthands that cannot be written for this list
	write := func(name, value string, important bool) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(name)
		b.WriteString(": ")
		b.WriteString(value)
		if important {
			b.WriteString(" !important")
		}
		b.WriteByte(';')
	}
next:
	for _, d := range list {
		if done[d.name] {
			continue
		}
		for _, sh := range shorthandsOf[d.name] {
			if failed[sh] || done != nil && slices.ContainsFunc(sh.longhands, func(l string) bool { return done[l] }) {
				// a longhand already written (text-wrap-mode by
				// white-space) leaves the shorthand out
				continue
			}
			if v, imp, ok := shorthandValue(list, sh); ok {
				if done == nil {
					done = map[string]bool{}
				}
				for _, l := range sh.longhands {
					done[l] = true
				}
				write(sh.name, v, imp)
				continue next
			}
			if failed == nil {
				failed = map[*cssShorthand]bool{}
			}
			failed[sh] = true
		}
		write(d.name, d.value, d.important)
	}
	return b.String()
}

// cssName turns a property name as scripts write it (backgroundColor,
// cssFloat, WebkitTransform, background-color) into its CSS form.
func cssName(key string) string {
	if strings.HasPrefix(key, "--") {
		return key
	}
	if key == "cssFloat" {
		return "float"
	}
	if strings.IndexByte(key, '-') >= 0 {
		return ascii.Lower(key)
	}
	var b strings.Builder
	for i := 0; i < len(key); i++ {
		c := key[i]
		if 'A' <= c && c <= 'Z' {
			b.WriteByte('-')
			b.WriteByte(c + 32)
			continue
		}
		b.WriteByte(c)
	}
	s := b.String()
	if strings.HasPrefix(s, "webkit-") || strings.HasPrefix(s, "moz-") || strings.HasPrefix(s, "ms-") {
		s = "-" + s
	}
	return s
}

// A styleDecl is element.style (computed false) or a
// getComputedStyle result (computed true).
type styleDecl struct {
	el       *dom.Node
	computed bool
	noStyle  bool // the computed style of an unknown pseudo-element: empty
	// outside caches outsideFlatTree for the document version outsideAt
	// (each property read of a computed style asks)
	outside   bool
	outsideAt uint64
	w         *Window
	src       string // the style attribute the cache was parsed from
	parsed    bool
	decls     []cssDecl
	// exact is decls with the numbers set through the CSSOM as given,
	// not rounded as their serialization reads (nil when none was): the
	// cascade's, as Chromium lays a value out at the precision it was
	// set with (exactDecls)
	exact []cssDecl
	// getText and setText, when set, are the declaration block's source
	// instead of el's style attribute (the style of a CSS rule).
	getText func() string
	setText func(string)
	// parentRule is the CSS rule whose declarations these are (nil for an
	// element's style and computed style).
	parentRule func() goja.Value
	// sheetQuirks is set for the style of a rule of a quirks-mode
	// document's sheet, which takes the quirks as its sheet does.
	sheetQuirks bool
	// fontFace is set for the style of an @font-face rule, whose block
	// holds its descriptors (fontdesc.go).
	fontFace bool
}

func (s *styleDecl) list() []cssDecl {
	var a string
	if s.getText != nil {
		a = s.getText()
	} else {
		a = s.el.Attribute("style")
	}
	if !s.parsed || a != s.src {
		s.decls, s.src, s.parsed, s.exact = s.parse(a), a, true, nil
		if s.getText == nil && !s.fontFace && hasLongNumber(a) {
			// the cascade reads the exact list of an element's style
			// (inlineDeclarations): its numbers as written
			s.exact = exactList(s.decls, parseCascadeDecls(a, s.quirky()))
		}
	}
	return s.decls
}

// exactList is exact, the declarations of list with their numbers at full
// precision, or nil when it is list.
func exactList(list, exact []cssDecl) []cssDecl {
	if len(exact) != len(list) || slices.Equal(list, exact) {
		return nil
	}
	return exact
}

// parse reads a block of the declaration's kind.
func (s *styleDecl) parse(block string) []cssDecl {
	if s.fontFace {
		return parseFontFaceDecls(block) // fontdesc.go
	}
	return parseDecls(block, s.quirky())
}

// resolvedColor is the computed value of color property name on el, whose
// value is v: currentcolor is el's color (its parent's for color itself).
// https://drafts.csswg.org/css-color/#resolving-other-colors
func (w *Window) resolvedColor(el *dom.Node, name, v string) string {
	if cssvalue.IsFloatColor(v) {
		return w.colorWithCurrent(el, name, v)
	}
	if ascii.EqualFold(v, "currentcolor") {
		for depth := 0; depth < 64; depth++ {
			if name == "color" {
				if el = w.styleParent(el); el == nil {
					return "rgb(0, 0, 0)"
				}
			}
			name = "color"
			if v, _ = w.computedValue(el, "color"); !ascii.EqualFold(v, "currentcolor") {
				break
			}
		}
	}
	return computedColor(v)
}

// colorWithCurrent computes color v of property name on el, resolving a
// currentcolor inside its color-mix() or relative color against el's
// color (its parent's for color itself).
func (w *Window) colorWithCurrent(el *dom.Node, name, v string) string {
	if c, ok := cssvalue.ComputeColor(v, cssvalue.Color{}, false); ok {
		return c.String()
	}
	cur := "rgb(0, 0, 0)"
	if name != "color" {
		c, _ := w.computedValue(el, "color")
		cur = w.resolvedColor(el, "color", c)
	} else if p := w.styleParent(el); p != nil {
		c, _ := w.computedValue(p, "color")
		cur = w.resolvedColor(p, "color", c)
	}
	current, ok := cssvalue.ComputeColor(cur, cssvalue.Color{}, false)
	if !ok {
		return v
	}
	if c, ok := cssvalue.ComputeColor(v, current, true); ok {
		return c.String()
	}
	return v
}

// outsideFlatTree is outsideFlatTree(host), kept until the document
// changes.
func (s *styleDecl) outsideFlatTree(host *dom.Node) bool {
	d := host.Document()
	if d == nil {
		return false
	}
	if v := d.Version() + 1; s.outsideAt != v {
		s.outside, s.outsideAt = outsideFlatTree(host), v
	}
	return s.outside
}

func (s *styleDecl) get(name string) (string, bool) {
	if strings.HasPrefix(name, "-webkit-column-break-") {
		// Chromium's legacy shorthands of break-*: a declaration reads
		// as "", a computed value as the legacy keyword of the column
		// break it is (column is always, avoid-column avoid), or "".
		if !s.computed {
			return "", false
		}
		v, ok := s.get(resolveAlias(name))
		switch v {
		case "column":
			v = "always"
		case "avoid-column":
			v = "avoid"
		case "auto", "avoid":
		default:
			v = ""
		}
		return v, ok && v != ""
	}
	name = resolveAlias(name)
	if s.computed {
		s.w.flushStyle() // cssanim.go
		if host := s.w.styleHost(s.el); s.noStyle || !host.IsConnected() || s.outsideFlatTree(host) {
			return "", false
		}
		if p := s.w.physicalOf(s.el, name); p != "" {
			name = p // a logical longhand reads its physical one (csslogical.go)
		}
		if v, ok := s.computedShorthand(name); ok { // computed.go
			return v, true
		}
		if sh := shorthands[name]; sh != nil && sh.computesFromLonghands() {
			// A shorthand of computed style serializes its longhands'
			// computed values (margin: "1px 2px"); those whose longhands
			// bangsnap does not all compute (font, background,
			// transition) are left as they were.
			vals := make([]string, len(sh.longhands))
			known := true
			for i, l := range sh.longhands {
				vals[i], _ = s.get(l)
				known = known && vals[i] != ""
			}
			switch {
			case !known:
			case sh.kind == shBorderSide, sh.kind == shFlexFlow:
				return strings.Join(vals, " "), true // every part, at its initial value too
			case sh.kind == shBorder:
				// the four sides alike (border-image is left out)
				for i := 1; i < 4; i++ {
					if vals[i] != vals[0] || vals[4+i] != vals[4] || vals[8+i] != vals[8] {
						return "", false
					}
				}
				return vals[0] + " " + vals[4] + " " + vals[8], true
			default:
				return sh.serialize(vals)
			}
		}
		v, ok := s.w.computedValue(s.el, name)
		if ok {
			v = s.w.resolvedValue(s.el, name, v) // computed.go
			if !strings.HasPrefix(name, "--") && hasLongNumber(v) {
				v = roundedNumbers(v) // cssexact.go
			}
		}
		if side, isWidth := strings.CutSuffix(name, "-width"); isWidth && strings.HasPrefix(side, "border-") && side != "border-image" && ok {
			// A border whose style is none or hidden computes to width 0.
			// https://drafts.csswg.org/css-backgrounds/#border-width
			if st, _ := s.w.computedValue(s.el, side+"-style"); st == "none" || st == "hidden" || st == "" {
				v = "0px"
			}
		}
		return v, ok
	}
	list := s.list()
	if sh := shorthands[name]; sh != nil {
		if v, _, ok := shorthandValue(list, sh); ok {
			return v, true
		}
	}
	for _, d := range list {
		if d.name == name {
			return d.value, true
		}
	}
	return "", false
}

// priority implements getPropertyPriority: a shorthand is important when
// all its longhands are.
func (s *styleDecl) priority(name string) bool {
	name = resolveAlias(name)
	list := s.list()
	if sh := shorthands[name]; sh != nil && indexDecl(list, name) < 0 {
		// its longhands all declared and important, whether or not
		// they can be written as the shorthand
		for _, l := range sh.longhands {
			if i := indexDecl(list, l); i < 0 || !list[i].important {
				return false
			}
		}
		return true
	}
	if i := indexDecl(list, name); i >= 0 {
		return list[i].important
	}
	for _, d := range list {
		// a longhand of a shorthand kept whole (pending substitution)
		if sh := shorthands[d.name]; sh != nil && slices.Contains(sh.longhands, name) {
			return d.important
		}
	}
	return false
}

func (s *styleDecl) write(list []cssDecl) {
	if s.computed {
		s.w.realm.ThrowDOMException("NoModificationAllowedError", "Failed to set a property on 'CSSStyleDeclaration': These styles are computed, and therefore read-only.")
	}
	text := serializeDeclarations(list)
	s.decls, s.src, s.parsed, s.exact = list, text, true, nil
	if s.setText != nil {
		s.setText(text)
		// the list stands for the block as it now reads (a rule's text
		// is not parsed again, and keeps what setProperty took)
		s.src = s.getText()
		return
	}
	if s.w.observer.wantsOldStyle(s.el) {
		s.el.SyncStyleAttribute()
	}
	s.el.SetInlineStyle(text)
	if s.w.observesStyle(s.el) {
		// Chromium reads the new value for the element's
		// attributeChangedCallback (StyleAttributeMutationScope), which
		// puts the style attribute in the list now.
		s.el.SyncStyleAttribute()
	}
	s.w.ceReactions()
}

// setProperty implements CSSStyleDeclaration.setProperty.
// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty
func (s *styleDecl) setProperty(name, value string, important bool) {
	if s.computed {
		s.write(nil)
	}
	if s.fontFace && fontFaceDescriptorNames[name] {
		s.setDescriptor(name, value, important)
		return
	}
	value, ok := aliasValue(name, value)
	if !ok {
		return
	}
	name = resolveAlias(name)
	if !strings.HasPrefix(name, "--") && !cssProperties[name] && shorthands[name] == nil {
		return
	}
	if value == "" {
		s.removeProperty(name)
		return
	}
	// White space is not the empty string: it is a custom property's empty
	// value (--x: ;) and no value of any other property, as in Chromium.
	// Comments are white space in any other property's value
	// (clamp(10px, 35px /* max */, 30px)).
	// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty
	if !strings.HasPrefix(name, "--") && strings.Contains(value, "/*") {
		value = stripComments(value)
	}
	value = strings.TrimSpace(value)
	if value == "" && !strings.HasPrefix(name, "--") {
		return
	}
	if declEnd(value) != len(value) {
		return
	}
	if value = closeAtEnd(value); !cssscan.Balanced(value) {
		return
	}
	if s.quirky() {
		value = quirkyValue(name, value)
	}
	old := s.list()
	list := addDeclaration(append([]cssDecl(nil), old...), name, value, important)
	if slices.Equal(list, old) {
		return
	}
	prev := s.exact
	s.write(list)
	if s.setText == nil && s.el != nil {
		s.exact = exactDecls(list, old, prev, name, value)
	}
}

// exactDecls is the exact list (styleDecl.exact) of declarations list,
// which setProperty(name, value) made of old, whose exact list was prev:
// name's value (or its longhands') with the numbers its serialization
// rounds as given (exactNumbers: Vanilla-DataTables sets a cell's width
// to `31.18421052631579%`, which reads back as `31.1842%` but is 237px of
// 760, not 236.984), the other declarations as they were. Nil when no
// value differs from its serialization.
// https://drafts.csswg.org/cssom/#serializing-css-values
func exactDecls(list, old, prev []cssDecl, name, value string) []cssDecl {
	var out []cssDecl
	for i, d := range list {
		v := d.value
		if d.name == name || shorthands[name] != nil && slices.Contains(shorthands[name].longhands, d.name) {
			v = exactNumbers(d.value, value)
		} else if prev != nil {
			// kept from the exact list while the declaration is unchanged
			for j := range old {
				if old[j] == d && j < len(prev) && prev[j].name == d.name {
					v = prev[j].value
					break
				}
			}
		}
		if v != d.value && out == nil {
			out = append([]cssDecl(nil), list...)
		}
		if out != nil {
			out[i].value = v
		}
	}
	return out
}

// setDescriptor is setProperty of a descriptor of an @font-face rule's
// style. Chromium 156 takes the priority as given (parsing the rule drops
// an important descriptor), and font-variant, which parsing reads, not
// at all.
func (s *styleDecl) setDescriptor(name, value string, important bool) {
	if strings.TrimSpace(value) == "" {
		s.removeProperty(name)
		return
	}
	v, ok := fontFaceDescriptor(name, value)
	if !ok || name == "font-variant" {
		return
	}
	old := s.list()
	list := setDecl(append([]cssDecl(nil), old...), cssDecl{name, v, important})
	if !slices.Equal(list, old) {
		s.write(list)
	}
}

// removeProperty implements CSSStyleDeclaration.removeProperty.
// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-removeproperty
func (s *styleDecl) removeProperty(name string) string {
	if s.computed {
		s.write(nil)
	}
	name = resolveAlias(name)
	value, _ := s.get(name)
	list := append([]cssDecl(nil), s.list()...)
	n := len(list)
	if sh := shorthands[name]; sh != nil {
		for _, l := range sh.longhands {
			list = deleteDecl(list, l)
		}
	}
	list = deleteDecl(list, name)
	if len(list) != n {
		s.write(list)
	}
	return value
}

// lengthProps take one <length-percentage> or a length keyword.
var lengthProps = map[string]bool{
	"width": true, "height": true, "min-width": true, "min-height": true, "max-width": true, "max-height": true,
	"top": true, "left": true, "right": true, "bottom": true, "margin-top": true,
	"margin-left": true, "margin-right": true, "margin-bottom": true, "padding-top": true,
	"padding-left": true, "padding-right": true, "padding-bottom": true, "font-size": true,
	"border-top-width": true, "border-right-width": true, "border-bottom-width": true, "border-left-width": true,
	"row-gap": true, "column-gap": true, "flex-basis": true, "outline-width": true, "outline-offset": true,
	"text-indent": true, "letter-spacing": true, "word-spacing": true, "inset-inline-start": true,
	"inset-inline-end": true, "inset-block-start": true, "inset-block-end": true, "block-size": true,
	"inline-size": true, "min-block-size": true, "min-inline-size": true, "max-block-size": true, "max-inline-size": true,
}

// cssProperties lists the properties a CSSStyleDeclaration reports as
// supported ('color' in style), in CSS form (cssproperties.go).
var cssProperties = set(chromiumProperties)

// styleProperty maps a JS property key of a CSSStyleDeclaration to its CSS
// name, or "" when key is not a CSS property.
func styleProperty(key string) string {
	if key == "" || key[0] == '_' || key == "constructor" {
		return ""
	}
	n := cssName(key)
	if cssProperties[n] || strings.HasPrefix(n, "--") {
		return n
	}
	return ""
}

// propertyArg is a property name passed to getPropertyValue and friends:
// CSS names only (not camelCase), ASCII case-insensitive except custom
// properties.
func propertyArg(v goja.Value) string {
	name := bind.DOMString(v)
	if strings.HasPrefix(name, "--") {
		return name
	}
	return ascii.Lower(name)
}

// name is the name of the i-th property of the declaration (item()).
func (s *styleDecl) name(i int) (string, bool) {
	if s.computed {
		names := computedNames()
		if i < len(names) {
			return names[i], true
		}
		return "", false
	}
	list := s.list()
	if s.fontFace || !holdsWhole(list) {
		if i < len(list) {
			return list[i].name, true
		}
		return "", false
	}
	for _, d := range list {
		order := wholeLonghands(d)
		if order == nil {
			if i == 0 {
				return d.name, true
			}
			i--
			continue
		}
		if i < len(order) {
			return order[i], true
		}
		i -= len(order)
	}
	return "", false
}

// holdsWhole tells whether a declaration list holds a shorthand kept
// whole (font: var(--f), font: caption).
func holdsWhole(list []cssDecl) bool {
	for _, d := range list {
		if shorthands[d.name] != nil {
			return true
		}
	}
	return false
}

// declLength is the length of a declaration block: a shorthand kept whole
// counts as its longhands, pending substitution (Chromium lists them, with
// empty values).
func declLength(list []cssDecl) int {
	n := len(list)
	for _, d := range list {
		if sh := shorthands[d.name]; sh != nil {
			n += len(sh.longhands) - 1
		}
	}
	return n
}

// wholeLonghands are the longhands a declaration of a shorthand kept
// whole lists in its place, in order; nil for a longhand.
func wholeLonghands(d cssDecl) []string {
	if sh := shorthands[d.name]; sh != nil {
		return sh.declOrder(d.value, true)
	}
	return nil
}

// camelNames are the camel-cased names of the supported properties
// (webkitTransform for -webkit-transform), sorted: the attributes a
// declaration enumerates after its indices, as Chromium lists them
// (for-in over element.style, Object.keys; Velocity registers a setter
// for each property it finds so).
// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-camel-cased-attribute
var camelNames = sync.OnceValue(func() []string {
	names := strings.Fields(chromiumProperties)
	out := make([]string, 0, len(names))
	for _, n := range names {
		n = strings.TrimPrefix(n, "-")
		var b strings.Builder
		up := false
		for i := 0; i < len(n); i++ {
			switch c := n[i]; {
			case c == '-':
				up = true
			case up && 'a' <= c && c <= 'z':
				b.WriteByte(c - 32)
				up = false
			default:
				b.WriteByte(c)
				up = false
			}
		}
		out = append(out, b.String())
	}
	sort.Strings(out)
	return out
})

// computedNames are the properties a computed style enumerates, in
// Chromium's order (cssproperties.go).
var computedNames = sync.OnceValue(func() []string { return strings.Fields(chromiumComputedOrder) })

// CSSStyleDeclaration https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
var cssStyleDeclarationIface = &bind.Interface{
	Name:            "CSSStyleDeclaration",
	IndexedIterator: true,
	Attributes: []bind.Attribute{
		{Name: "cssText", Get: func(r *bind.Realm, this any) goja.Value {
			s := this.(*styleDecl)
			if s.computed {
				return win(r).str("")
			}
			return win(r).str(serializeDeclarations(s.list()))
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			s := this.(*styleDecl)
			s.write(s.parse(bind.LegacyNullToEmptyString(v)))
		}},
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value {
			if s := this.(*styleDecl); s.computed {
				if s.noStyle {
					return win(r).int(0)
				}
				return win(r).int(len(computedNames()))
			}
			if s := this.(*styleDecl); s.fontFace {
				return win(r).int(len(s.list())) // font-variant is a descriptor there
			}
			return win(r).int(declLength(this.(*styleDecl).list()))
		}},
		{Name: "parentRule", Get: func(r *bind.Realm, this any) goja.Value {
			if p := this.(*styleDecl).parentRule; p != nil {
				return p()
			}
			return goja.Null()
		}},
		{Name: "cssFloat", Get: func(r *bind.Realm, this any) goja.Value {
			v, _ := this.(*styleDecl).get("float")
			return win(r).str(v)
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			this.(*styleDecl).setProperty("float", bind.LegacyNullToEmptyString(v), false)
		}},
	},
	Methods: []bind.Method{
		{Name: "getPropertyValue", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			v, _ := this.(*styleDecl).get(propertyArg(args[0]))
			return win(r).str(v)
		}},
		{Name: "getPropertyPriority", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if this.(*styleDecl).priority(propertyArg(args[0])) {
				return win(r).str("important")
			}
			return win(r).str("")
		}},
		{Name: "setProperty", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			value := bind.LegacyNullToEmptyString(args[1])
			prio := ""
			if v := bind.Arg(args, 2); !bind.Absent(v) {
				prio = bind.LegacyNullToEmptyString(v)
			}
			if strings.TrimSpace(value) != "" && prio != "" && !ascii.EqualFold(prio, "important") {
				// https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty (step 5)
				if this.(*styleDecl).computed {
					this.(*styleDecl).write(nil)
				}
				return nil
			}
			this.(*styleDecl).setProperty(propertyArg(args[0]), value, ascii.EqualFold(prio, "important"))
			return nil
		}},
		{Name: "removeProperty", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).str(this.(*styleDecl).removeProperty(propertyArg(args[0])))
		}},
		{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if n, ok := this.(*styleDecl).name(int(bind.UnsignedLong(args[0]))); ok {
				return win(r).str(n)
			}
			return win(r).str("")
		}},
	},
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			s := this.(*styleDecl)
			if i := bind.Index(key); i >= 0 {
				if n, ok := s.name(i); ok {
					return win(r).str(n)
				}
				return nil
			}
			name := styleProperty(key)
			if name == "" {
				return nil
			}
			v, _ := s.get(name)
			return win(r).str(v)
		},
		Set: func(r *bind.Realm, this any, key string, v goja.Value) bool {
			name := styleProperty(key)
			if name == "" {
				return false
			}
			this.(*styleDecl).setProperty(name, bind.LegacyNullToEmptyString(v), false)
			return true
		},
		Keys: func(r *bind.Realm, this any) []string {
			n := len(this.(*styleDecl).list())
			if this.(*styleDecl).computed {
				n = len(computedNames())
			}
			camel := camelNames()
			keys := make([]string, n, n+len(camel))
			for i := range keys {
				keys[i] = strconv.Itoa(i)
			}
			return append(keys, camel...)
		},
	},
}

func (w *Window) style(el *dom.Node) goja.Value {
	return w.realm.WrapObject(w.styleOf(el), w.c.style)
}

func (w *Window) styleOf(el *dom.Node) *styleDecl {
	s := w.styles[el]
	if s == nil {
		s = &styleDecl{el: el, w: w}
		w.styles[el] = s
	}
	return s
}

// getComputedStyle returns a new read-only declaration for el: its inline
// style, then each property's default (display from the element's default
// display).
// A pseudo-element's style is that of its stand-in node (computed.go).
func (w *Window) getComputedStyle(el *dom.Node, pseudoArg goja.Value) goja.Value {
	s := &styleDecl{el: el, w: w, computed: true}
	if !bind.Absent(pseudoArg) && !goja.IsNull(pseudoArg) {
		switch pseudo, ok := parsePseudo(bind.DOMString(pseudoArg)); {
		case !ok:
			s.noStyle = true
		case pseudo != "":
			s.el = w.pseudoNode(el, pseudo)
		}
	}
	return w.realm.WrapObject(s, w.c.style)
}

// computedDefault is the computed value of a property not in the inline
// style: the UA default for display, common initial values otherwise.
func (w *Window) computedDefault(el *dom.Node, name string) (string, bool) {
	switch name {
	case "display":
		return w.display(el), true
	case "visibility":
		return "visible", true
	case "content-visibility":
		// [hidden=until-found i] { content-visibility: hidden }
		if v, ok := el.GetAttribute("hidden"); ok && el.Namespace == "" && ascii.EqualFold(v, "until-found") {
			return "hidden", true
		}
		return "visible", true
	case "opacity":
		return "1", true
	case "position":
		// The UA sheet's dialog:modal and [popover]:popover-open rules.
		if w.popovers[el] || w.modals[el] && el.HasAttribute("open") {
			return "fixed", true
		}
		// dialog { position: absolute }, open or not.
		if el.IsHTML() && el.Data == "dialog" {
			return "absolute", true
		}
		return "static", true
	case "float":
		return "none", true
	case "overflow", "overflow-x", "overflow-y":
		// The UA sheet's dialog:modal and [popover] rules (a popover's
		// holds whether it is open or not, as in Chromium).
		if w.modals[el] || el.Namespace == "" && el.HasAttribute("popover") {
			return "auto", true
		}
		return "visible", true
	case "box-sizing":
		return "content-box", true
	case "width", "height":
		// auto for an element with no box and a non-replaced inline one
		// (width and height do not apply)
		if el.Namespace == "svg" && !outerSVG(el) {
			// an SVG element inside an svg has no CSS box: its own
			// width or height attribute on the shapes that take one
			// (a rect's width="5" is 5px), else auto (a path, a g)
			return w.svgSizeAttribute(el, name), true
		}
		b := w.boxOf(el)
		if d := w.display(el); !b.rendered || d == "contents" || d == "inline" && el.Namespace == "" && !replacedElement(el) && !replacedOrControl(el) {
			return "auto", true
		}
		return b.usedSize(name == "height"), true
	case "margin-top", "margin-bottom", "margin-left", "margin-right", "padding-top", "padding-bottom",
		"padding-left", "padding-right", "border-top-width", "border-bottom-width", "border-left-width",
		"border-right-width", "top", "left", "right", "bottom":
		if name == "top" || name == "left" || name == "right" || name == "bottom" {
			return "auto", true
		}
		return "0px", true
	case "font-size":
		return "16px", true
	case "line-height":
		return "normal", true
	case "color":
		return "rgb(0, 0, 0)", true
	case "background-color":
		return "rgba(0, 0, 0, 0)", true
	case "z-index":
		return "auto", true
	case "direction":
		return "ltr", true
	case "pointer-events":
		return "auto", true
	case "transform":
		return "none", true
	case "content":
		if p := w.pseudoOf(el); p == "before" || p == "after" {
			return "none", true // https://drafts.csswg.org/css-content/#valdef-content-normal
		}
	}
	if v, ok := initialValues[name]; ok {
		return v, true
	}
	return "", false
}

// svgSizeAttribute is the computed width or height (name) of el, an SVG
// element inside an svg, as Chromium gives it: a rect's, image's or
// foreignObject's attribute of that name in px (a percentage of its
// viewport's viewBox, else of its size), else auto.
func (w *Window) svgSizeAttribute(el *dom.Node, name string) string {
	switch el.Data {
	case "rect", "image", "foreignObject":
	default:
		return "auto"
	}
	ref := 0.0
	if p := nearestViewport(el); p != nil {
		vw, vh := w.svgViewportSize(p, 0)
		if vb, ok := parseViewBox(p.Attribute("viewBox")); ok && vb[2] > 0 && vb[3] > 0 {
			vw, vh = vb[2], vb[3]
		}
		ref = vw
		if name == "height" {
			ref = vh
		}
	}
	x := svgLengthOf(el, name, w.fontSize(el), ref, -1)
	if x < 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return "auto"
	}
	return formatNumber(x) + "px"
}

// defaultDisplay is the UA style sheet's display of HTML elements.
// https://html.spec.whatwg.org/multipage/rendering.html
var defaultDisplay = func() map[string]string {
	m := map[string]string{}
	set := func(v, tags string) {
		for _, t := range strings.Fields(tags) {
			m[t] = v
		}
	}
	set("none", "head script style template title meta link base basefont datalist param area dialog noembed noframes rp")
	set("contents", "slot")
	set("block", `html body div p h1 h2 h3 h4 h5 h6 ul ol dl dd dt form fieldset header footer section article
		nav aside main address blockquote figure figcaption hr pre legend details summary center menu hgroup
		search listing plaintext xmp dir frameset frame optgroup option`)
	set("list-item", "li")
	set("table", "table")
	set("table-row", "tr")
	set("table-cell", "td th")
	set("table-row-group", "tbody")
	set("table-header-group", "thead")
	set("table-footer-group", "tfoot")
	set("table-caption", "caption")
	set("table-column", "col")
	set("table-column-group", "colgroup")
	set("inline-block", "button input select textarea meter progress marquee")
	set("ruby", "ruby")
	set("ruby-text", "rt")
	return m
}()

// appearanceDisplay is the display v the page gives el, as Chromium
// adjusts it for a form control drawn with its native appearance
// (LayoutTheme::AdjustStyle): an inline or internal table display is
// inline-block, table and list-item are block; appearance: none leaves
// it as given (Milligram's `input[type=checkbox] { display: inline }`
// reads inline-block). The computed value only: the estimate lays a
// control out as an atomic box whatever its display, and one that is a
// table cell (Bootstrap 3's input group) as Chromium's anonymous cell
// around it.
func (w *Window) appearanceDisplay(el *dom.Node, v string) string {
	switch v {
	case "inline", "inline-table", "table", "list-item", "table-row-group", "table-header-group", "table-footer-group",
		"table-row", "table-column-group", "table-column", "table-cell", "table-caption":
	default:
		return v
	}
	if el.Namespace != "" {
		return v
	}
	switch el.DataAtom {
	case atom.Input:
		switch ascii.Lower(strings.TrimSpace(el.Attribute("type"))) {
		case "image", "file", "hidden":
			return v // no native appearance
		}
	case atom.Button, atom.Select, atom.Textarea, atom.Meter, atom.Progress:
	default:
		return v
	}
	if a, ok := w.cascaded(el, "appearance"); ok {
		switch ascii.Lower(strings.TrimSpace(a)) {
		case "none", "initial", "unset": // (all: initial too) its initial value is none
			return v
		}
	}
	if v == "table" || v == "list-item" {
		return "block"
	}
	return "inline-block"
}

// display is el's own display: inline style, the hidden attribute, then
// the UA default.
func (w *Window) display(el *dom.Node) string {
	if !el.IsElement() {
		return "inline"
	}
	sh := w.sheetsOf(el.Document())
	sh.valueFresh(el)
	if v, ok := sh.display[el]; ok {
		return v
	}
	v := w.displayUncached(el)
	if sh.display == nil {
		sh.display = make(map[*dom.Node]string)
	}
	sh.display[el] = v
	return v
}

func (w *Window) displayUncached(el *dom.Node) string {
	if el.Namespace == "" && el.Data == "audio" && !el.HasAttribute("controls") {
		return "none" // audio:not([controls]) { display: none !important }
	}
	if el.Namespace == "" && el.DataAtom == atom.Input && ascii.EqualFold(strings.TrimSpace(el.Attribute("type")), "hidden") {
		return "none" // input[type=hidden i] { display: none !important }
	}
	if el.Namespace == "" && el.Data == "form" {
		// table > form, thead > form, tbody > form, tfoot > form,
		// tr > form { display: none !important } (Chromium's html.css:
		// the parser leaves a form in a table empty there)
		if p := el.ParentElement(); p != nil && p.IsHTML() {
			switch p.Data {
			case "table", "thead", "tbody", "tfoot", "tr":
				return "none"
			}
		}
	}
	if v, ok := w.cascaded(el, "display"); ok && v != "revert" {
		switch v {
		case "initial", "unset": // display is not inherited: its initial value
			return "inline"
		case "inherit":
			if p := w.styleParent(el); p != nil {
				return w.display(p)
			}
			return "inline"
		case "math", "inline math", "block math":
			return mathDisplayOf(el, v)
		}
		if el.Namespace == "math" && v == "contents" {
			return "none" // contents is none on MathML elements, as in Chromium
		}
		if v == "contents" && (el.Namespace == "" && contentsAsNone[el.Data] || outerSVG(el)) {
			return "none" // and on replaced elements and form controls
		}
		return v
	}
	if el.Namespace == "math" {
		return mathDefaultDisplay(el)
	}
	if el.Namespace == "svg" {
		// the display presentation attribute, an author declaration
		// below every style rule (ZingChart's <svg display="block">)
		// https://svgwg.org/svg2-draft/styling.html#PresentationAttributes
		if a, ok := el.GetAttribute("display"); ok {
			if v, ok := normalizeValue("display", a); ok && !cssWideKeywords[v] && !strings.Contains(v, "var(") {
				return v
			}
		}
	}
	if el.Namespace == "" {
		// [hidden]:not([hidden=until-found i]):not(embed) { display: none }
		if v, ok := el.GetAttribute("hidden"); ok && !ascii.EqualFold(v, "until-found") && el.Data != "embed" {
			return "none"
		}
		if el.Data == "dialog" && el.HasAttribute("open") {
			return "block"
		}
		// [popover]:not(:popover-open):not(dialog[open]) { display: none }
		if el.HasAttribute("popover") && !w.popovers[el] {
			return "none"
		}
		if el.Data == "input" && ascii.EqualFold(el.Attribute("type"), "hidden") {
			return "none"
		}
		// details > summary:first-of-type { display: list-item }
		if el.Data == "summary" && detailsOfSummary(el) != nil {
			return "list-item"
		}
		// ruby > rt { display: ruby-text }: an rt elsewhere (in a div,
		// in a span of a ruby) is inline, as in Chromium
		if el.Data == "rt" {
			if p := el.ParentElement(); p == nil || !p.IsHTML() || p.Data != "ruby" {
				return "inline"
			}
		}
		if v, ok := defaultDisplay[el.Data]; ok {
			return v
		}
	}
	return "inline"
}

// mathDisplayOf is the display of el whose cascaded display is math
// (inline math) or block math: on an element that is not MathML, math
// computes to flow (inline or block). The inline form is "inline math"
// here, so that what tests for an inline prefix takes it as inline-level;
// getComputedStyle writes it "math".
func mathDisplayOf(el *dom.Node, v string) string {
	block := v == "block math"
	switch {
	case el.Namespace != "math" && block:
		return "block"
	case el.Namespace != "math":
		return "inline"
	case block:
		return "block math"
	}
	return "inline math"
}

// mathDefaultDisplay is the UA style sheet's display of MathML element el
// (Chromium's mathml.css, https://w3c.github.io/mathml-core/#user-agent-stylesheet):
// math is inline math (block math with display="block"), the table
// elements are table boxes, maction and semantics render their first
// child only, and every other MathML element is block math, in a formula
// or not.
func mathDefaultDisplay(el *dom.Node) string {
	if p := el.ParentElement(); p != nil && p.Namespace == "math" && (p.Data == "maction" || p.Data == "semantics") &&
		p.FirstElementChild() != el {
		return "none"
	}
	switch el.Data {
	case "math":
		if ascii.EqualFold(el.Attribute("display"), "block") {
			return "block math"
		}
		return "inline math"
	case "mtable":
		return "inline-table"
	case "mtr":
		return "table-row"
	case "mtd":
		return "table-cell"
	}
	return "block math"
}

func findDecl(list []cssDecl, name string) (string, bool) {
	for _, d := range list {
		if d.name == name {
			return d.value, true
		}
	}
	return "", false
}

// A box is the made-up layout of an element: there is no layout engine, so
// a rendered block's border box is as wide as its parent's content box (the
// viewport for html and body) and its content one line high, an inline
// element's content 80×18, and a replaced element (svg, canvas, iframe,
// video, embed, object) sized by its width and height attributes, else
// 300×150, unless the cascade gives pixel sizes or percentages of the
// parent's content box; paddings and borders from the cascade are added
// as a browser adds them. It is enough for "is it visible" checks, for the
// charts and sliders that size themselves from their container, and for
// jQuery's sizes (.width() is offsetWidth less paddings and borders).
//
// width and height are the border box (offsetWidth, getBoundingClientRect):
// the content size plus the paddings and borders the cascade gives
// (edgeX, edgeY), of which borderX and borderY are the borders (clientWidth
// leaves them out). borderBox is box-sizing: border-box, under which the
// computed width is the border box's.
type box struct {
	rendered         bool
	borderBox        bool
	width, height    int
	edgeX, edgeY     int
	borderX, borderY int
}

// contentWidth is the width of b's content box, what a child's percentage
// or auto width resolves against.
func (b box) contentWidth() int { return max(b.width-b.edgeX, 0) }

// contentHeight is the height of b's content box.
func (b box) contentHeight() int { return max(b.height-b.edgeY, 0) }

// cascadedAuto tells whether the cascade gives n's prop the value auto.
func (w *Window) cascadedAuto(n *dom.Node, prop string) bool {
	v, ok := w.cascaded(n, prop)
	return ok && ascii.EqualFold(strings.TrimSpace(v), "auto")
}

func (w *Window) boxOf(n *dom.Node) box {
	if !n.IsElement() || !n.IsConnected() {
		return box{}
	}
	w.flushStyle() // cssanim.go
	for a := n; a != nil && a.IsElement(); {
		if w.display(a) == "none" || a.Is(atom.Noscript) {
			return box{} // (noscript: scripting is enabled, flow.go displayOfBox)
		}
		// up the flat tree: a shadow host's child is rendered in its slot,
		// and has no box when no slot takes it; a shadow tree's top
		// elements in their host
		p := a.ParentElement()
		switch {
		case p == nil:
			if r := a.ParentNode(); r != nil && r.IsShadowRoot() {
				p = r.Host()
			}
			if svgChildUnrendered(a, p) {
				return box{} // an SVG element without an SVG parent (events.go)
			}
		case svgChildUnrendered(a, p):
			return box{}
		case p.ShadowRoot() != nil:
			if p = a.AssignedSlot(); p == nil {
				return box{}
			}
		case isSlot(p) && p.Root().IsShadowRoot() && len(p.AssignedNodes(false)) > 0:
			return box{} // a slot's fallback child when nodes are assigned to it
		}
		if p != nil && w.childUnrendered(a, p) {
			return box{} // a child of an element that renders none (events.go)
		}
		if p != nil && w.dropDownSelect(p) {
			return box{}
		}
		a = p
	}
	return w.renderedBox(n, 0)
}

// dropDownSelect tells whether p is a select drawn as a drop-down (no
// multiple, a size of 1 or none) that does not opt into the customizable
// select's base appearance: its options and optgroups are drawn by the
// control, as its selected option's text, and have no box of their own
// (Chromium's rects of them are empty, checkVisibility false), where a
// list box's options are boxes, a row each.
// https://html.spec.whatwg.org/multipage/rendering.html#the-select-element-2
func (w *Window) dropDownSelect(p *dom.Node) bool {
	if p.Namespace != "" || p.DataAtom != atom.Select || selectListBox(p) {
		return false
	}
	v, _ := w.computedValue(p, "appearance")
	return v != "base-select"
}

// maxBoxDepth bounds how many ancestors a percentage or a block's width
// is resolved through.
const maxBoxDepth = 64

// renderedBox is the box of n, an element known to be rendered; depth
// counts the ancestors already asked.
func (w *Window) renderedBox(n *dom.Node, depth int) box {
	b := box{rendered: true}
	pb := parentBox{w: w, n: n, depth: depth}
	w.boxEdges(n, &pb, &b)
	if v, ok := w.boxCascaded(n, boxSizing); ok && ascii.EqualFold(strings.TrimSpace(v), "border-box") {
		b.borderBox = true
	}
	// cw and ch are the content box's size
	cw, ch := w.cfg.Viewport.Width, 18
	root := n.Namespace == "" && (n.Data == "html" || n.Data == "body")
	if root {
		cw, ch = max(cw-b.edgeX-w.marginX(n, &pb), 0), max(w.cfg.Viewport.Height-b.edgeY, 0)
	}
	if replacedElement(n) {
		// its width and height attributes, unless the page's width: auto
		// or height: auto overrides them (they are presentational hints)
		cw, ch = 300, 150
		attr := n.GetAttribute
		if n.Namespace == "" && n.Data != "canvas" {
			// as the presentational hint reads them ("\u00a040" or "+40"
			// is no width)
			attr = func(name string) (string, bool) { return hintDimension(n, name, true, false) }
		}
		if v, ok := attr("width"); ok && !w.cascadedAuto(n, "width") {
			if px, ok := pb.length(v, true); ok {
				cw = px
			}
		}
		if v, ok := attr("height"); ok && !w.cascadedAuto(n, "height") {
			if px, ok := pb.length(v, false); ok {
				ch = px
			}
		}
	} else {
		d := w.display(n)
		if (d == "inline" || d == "inline-block") && !ownContent(n) && w.outOfFlow(n) {
			// an absolutely positioned or fixed box is blockified (and
			// so shrinks to fit below): Pagefind sizes its search input's
			// padding from its absolute Clear button's offsetWidth
			// https://drafts.csswg.org/css-display/#transformations
			d = "block"
		}
		switch d {
		case "inline":
			// width, height and their limits do not apply to a
			// non-replaced inline box
			// https://drafts.csswg.org/css2/#the-width-property
			b.width, b.height = 80+b.edgeX, ch+b.edgeY
			return b
		case "inline-block":
			// shrink-to-fit: its max-content width within what its
			// containing block has room for (a form control, whose
			// content maxContentWidth cannot measure, keeps a made-up
			// width)
			// https://drafts.csswg.org/css2/#inlineblock-width
			cw = 80
			if !ownContent(n) {
				cw = max(pb.get().contentWidth()-b.edgeX-w.marginX(n, &pb), 0)
				cw = min(cw, int(math.Ceil(w.maxContentWidth(n, depth))))
			}
		default:
			if !root {
				// an auto width fills the containing block with the
				// margin box
				cw = max(pb.get().contentWidth()-b.edgeX-w.marginX(n, &pb), 0)
				if w.shrinksToFit(n) {
					cw = min(cw, int(math.Ceil(w.maxContentWidth(n, depth))))
				} else if w.outOfFlow(n) {
					// anchored on both sides: what left and right leave
					// https://drafts.csswg.org/css2/#abs-non-replaced-width
					for _, i := range [...]int{boxLeft, boxRight} {
						if v, ok := w.boxCascaded(n, i); ok {
							if px, ok := pb.length(v, true); ok {
								cw -= px
							}
						}
					}
					cw = max(cw, 0)
				}
			}
		}
	}
	if v, ok := w.boxCascaded(n, boxWidth); ok {
		if px, ok := pb.length(v, true); ok {
			cw = b.content(px, b.edgeX)
		}
	}
	if v, ok := w.boxCascaded(n, boxHeight); ok {
		if px, ok := pb.length(v, false); ok {
			ch = b.content(px, b.edgeY)
		}
	}
	// min and max sizes are in box-sizing's terms, as width and height
	if b.borderBox {
		cw = max(w.clampLength(n, &pb, cw+b.edgeX, boxMinWidth, boxMaxWidth, true)-b.edgeX, 0)
		ch = max(w.clampLength(n, &pb, ch+b.edgeY, boxMinHeight, boxMaxHeight, false)-b.edgeY, 0)
	} else {
		cw = w.clampLength(n, &pb, cw, boxMinWidth, boxMaxWidth, true)
		ch = w.clampLength(n, &pb, ch, boxMinHeight, boxMaxHeight, false)
	}
	b.width, b.height = cw+b.edgeX, ch+b.edgeY
	return b
}

// marginX is the sum of n's left and right margins, as an auto width
// leaves room for them: auto margins count for nothing, percentages are
// of the containing block's width.
// https://drafts.csswg.org/css2/#blockwidth
func (w *Window) marginX(n *dom.Node, pb *parentBox) int {
	sum := 0
	for _, i := range [...]int{boxMarginLeft, boxMarginRight} {
		v, ok := w.boxCascaded(n, i)
		if !ok || v == "auto" || cssWideKeywords[v] {
			continue
		}
		if px, ok := pb.length(v, true); ok {
			sum += px
		}
	}
	return sum
}

// usedSize is b's width or height as getComputedStyle gives it for a
// rendered box: the used size in box-sizing's terms.
// https://drafts.csswg.org/cssom/#resolved-values
func (b box) usedSize(height bool) string { return strconv.Itoa(b.usedPx(height)) + "px" }

// usedPx is usedSize in pixels.
func (b box) usedPx(height bool) int {
	switch {
	case height && b.borderBox:
		return b.height
	case height:
		return b.contentHeight()
	case !b.borderBox:
		return b.contentWidth()
	}
	return b.width
}

// content is the content size for a width or height of size px given in
// b's box-sizing terms, edge being the paddings and borders on that axis.
func (b *box) content(px, edge int) int {
	if b.borderBox {
		return max(px-edge, 0)
	}
	return px
}

// boxEdges sets b's paddings and borders from the cascade: a padding's
// percentage is of the containing block's width (on both axes); a border
// counts only with a style other than none or hidden.
// https://drafts.csswg.org/css-box-4/#paddings
func (w *Window) boxEdges(n *dom.Node, pb *parentBox, b *box) {
	for side := range 4 {
		pad := 0
		if v, ok := w.boxCascaded(n, boxPaddingTop+side); ok && !cssWideKeywords[v] {
			if px, ok := pb.length(v, true); ok {
				pad = px
			}
		}
		border := 0
		if st, ok := w.boxCascaded(n, boxBorderTopStyle+side); ok && !cssWideKeywords[st] {
			if st = ascii.Lower(strings.TrimSpace(st)); st != "none" && st != "hidden" {
				border = 3 // medium
				if v, ok := w.boxCascaded(n, boxBorderTopWidth+side); ok {
					border = borderWidthPx(pb, v)
				}
			}
		}
		if side%2 == 0 {
			b.edgeY += pad + border
			b.borderY += border
		} else {
			b.edgeX += pad + border
			b.borderX += border
		}
	}
}

// borderWidthPx is the pixel width of a border-width value: a keyword
// (thin 1px, medium 3px, thick 5px) or a length; what is not a length
// reads as the initial medium.
// https://drafts.csswg.org/css-backgrounds/#border-width
func borderWidthPx(pb *parentBox, v string) int {
	switch ascii.Lower(strings.TrimSpace(v)) {
	case "thin":
		return 1
	case "medium", "initial", "unset", "revert", "revert-layer", "inherit":
		return 3
	case "thick":
		return 5
	}
	if strings.Contains(v, "%") {
		return 3
	}
	px, ok := pixelsFloat(v)
	ok = ok && px <= math.MaxInt32
	if !ok && needsCompute(v) {
		ctx := pb.w.unitContext(pb.n)
		x, evalOK := cssvalue.Eval(strings.TrimSpace(v), &ctx)
		px, ok = x.Px, evalOK && x.Is(cssvalue.Px) && x.Px >= 0 && x.Px <= math.MaxInt32
	}
	if !ok {
		return 3
	}
	// snapped to whole device pixels, as the computed value is
	// (borderWidth): 4.8px is 4px, a width between 0 and 1px is 1px
	if px > 0 && px < 1 {
		return 1
	}
	return int(px)
}

// pixelsFloat reads v, a length of zero or more px, as it is written.
func pixelsFloat(v string) (float64, bool) {
	v = strings.TrimSuffix(strings.TrimSpace(v), "px")
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		return 0, false
	}
	return f, true
}

// The properties a made-up box reads, indexes into boxDecls.
const (
	boxWidth = iota
	boxHeight
	boxMinWidth
	boxMaxWidth
	boxMinHeight
	boxMaxHeight
	boxPosition
	boxLeft
	boxRight
	boxSizing
	// four sides each, in the order top, right, bottom, left
	boxPaddingTop
	_
	_
	_
	boxBorderTopStyle
	_
	_
	_
	boxBorderTopWidth
	_
	_
	_
	boxMarginRight
	boxMarginLeft
	boxAspectRatio
	nBoxProps
)

var boxPropNames = [nBoxProps]string{"width", "height", "min-width", "max-width", "min-height", "max-height", "position", "left", "right",
	"box-sizing", "padding-top", "padding-right", "padding-bottom", "padding-left",
	"border-top-style", "border-right-style", "border-bottom-style", "border-left-style",
	"border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
	"margin-right", "margin-left", "aspect-ratio"}

// boxDecls are the cascaded values of the properties an element's
// made-up box reads: a box is resolved through every ancestor, and each
// cascade lookup matches the rules of several properties and shorthands.
type boxDecls struct {
	known, declared uint32 // bit i: boxPropNames[i] looked up, declared
	values          [nBoxProps]string
}

// boxCascaded is the cascaded value of boxPropNames[i] for n, memoized
// per document version like display (refreshSheets drops the memo when
// the document, its sheets or their rules change).
func (w *Window) boxCascaded(n *dom.Node, i int) (string, bool) {
	if w.pseudoOf(n) != "" {
		return w.cascaded(n, boxPropNames[i])
	}
	if w.anim != nil {
		// an animated value (a computed one) is above the cascade, and
		// changes with time: not memoized
		if v, ok := w.animatedValue(n, boxPropNames[i]); ok {
			return v, true
		}
	}
	sh := w.sheetsOf(n.Document())
	sh.valueFresh(n)
	d := sh.boxes[n]
	if d == nil {
		if sh.boxes == nil {
			sh.boxes = make(map[*dom.Node]*boxDecls)
		}
		d = &boxDecls{}
		sh.boxes[n] = d
	}
	bit := uint32(1) << i
	if d.known&bit == 0 {
		v, ok := w.cascaded(n, boxPropNames[i])
		if ok && v == "inherit" {
			// the parent's value (SimpleBar's wrapper takes its
			// scrolling element's height with height: inherit); a
			// percentage stays one, of the element's own containing block
			v, ok = "", false
			if p := w.styleParent(n); p != nil {
				v, ok = w.boxCascaded(p, i)
			}
		}
		d.known |= bit
		d.values[i] = v
		if ok {
			d.declared |= bit
		}
	}
	return d.values[i], d.declared&bit != 0
}

// clampLength applies n's max-width and then its min-width (or their
// height counterparts) to size, as CSS sizes a box: the minimum wins.
// https://drafts.csswg.org/css2/#min-max-widths
func (w *Window) clampLength(n *dom.Node, pb *parentBox, size int, minProp, maxProp int, horizontal bool) int {
	if v, ok := w.boxCascaded(n, maxProp); ok {
		if px, ok := pb.length(v, horizontal); ok && px < size {
			size = px
		}
	}
	if v, ok := w.boxCascaded(n, minProp); ok {
		if px, ok := pb.length(v, horizontal); ok && px > size {
			size = px
		}
	}
	return size
}

// shrinksToFit tells whether n, a block with no width of its own, is as
// wide as its content rather than its containing block: an absolutely
// positioned or fixed box not anchored on both sides.
// https://drafts.csswg.org/css2/#abs-non-replaced-width
func (w *Window) shrinksToFit(n *dom.Node) bool {
	if !w.outOfFlow(n) {
		return false
	}
	// a CSS-wide keyword (Pagefind's all: unset) counts as auto
	anchored := func(i int) bool {
		v, ok := w.boxCascaded(n, i)
		return ok && v != "auto" && !cssWideKeywords[v]
	}
	return !(anchored(boxLeft) && anchored(boxRight))
}

// maxContentWidth estimates n's max-content width: its text measured with
// its font, inline children on the line of the text around them, block
// children each on a line of their own, out-of-flow and hidden children
// left out, children with a width of their own at that width.
func (w *Window) maxContentWidth(n *dom.Node, depth int) float64 {
	if depth >= maxBoxDepth {
		return 0
	}
	var best, line float64
	var f *fontMetrics
	for c := n.First(); c != nil; c = c.Next() {
		switch {
		case c.Kind() == dom.TextNode:
			text := strings.Join(strings.Fields(c.Data), " ")
			if text == "" {
				continue
			}
			if f == nil {
				m := w.fontOf(n)
				f = &m
			}
			line += f.advance(text)
		case c.IsElement():
			d := w.display(c)
			if d == "none" || w.outOfFlow(c) {
				continue
			}
			var cw float64
			if v, ok := w.cascaded(c, "width"); ok {
				if px, ok := pixels(v); ok {
					cw = float64(px)
				} else {
					cw = w.maxContentWidth(c, depth+1)
				}
			} else {
				cw = w.maxContentWidth(c, depth+1)
			}
			if strings.HasPrefix(d, "inline") {
				line += cw
				continue
			}
			best, line = max(best, line, cw), 0
		}
	}
	return max(best, line)
}

// offsetParent is n's offsetParent
// (https://drafts.csswg.org/cssom-view/#dom-htmlelement-offsetparent): nil
// for an element with no box, the root, the body and a fixed box no
// ancestor holds; else the nearest ancestor that is n's containing block
// (for a fixed box, one with a transform or the like, as Chromium: not a
// positioned one), a td, th or table when n is not positioned, or the body. (Vuetify blocks page scrolling under a dialog only when a
// fixed overlay's offsetParent is null.)
func (w *Window) offsetParent(n *dom.Node) *dom.Node {
	if !w.boxOf(n).rendered || n.DataAtom == atom.Body || flatParentElement(n) == nil || w.display(n) == "contents" {
		return nil // no box (display: contents too)
	}
	pos, _ := w.boxCascaded(n, boxPosition)
	fixed, static := pos == "fixed", pos == "" || pos == "static"
	for a := flatParentElement(n); a != nil; a = flatParentElement(a) {
		if w.holdsPositioned(a, fixed) {
			return a
		}
		if !fixed && a.IsHTML() && (a.DataAtom == atom.Body || static && (a.DataAtom == atom.Td || a.DataAtom == atom.Th || a.DataAtom == atom.Table)) {
			return a
		}
	}
	return nil
}

// flatParentElement is n's parent element, or the host of the shadow root
// n is a child of.
func flatParentElement(n *dom.Node) *dom.Node {
	if p := n.ParentElement(); p != nil {
		return p
	}
	if r := n.ParentNode(); r != nil && r.IsShadowRoot() {
		return r.Host()
	}
	return nil
}

// holdsPositioned tells whether el is the containing block of the absolutely
// positioned boxes below it (of the fixed ones only, when fixed is set): a
// positioned box (not for fixed ones), or one with a transform,
// perspective, filter, or the containment or will-change that act like them
// (https://drafts.csswg.org/css-position/#def-cb).
func (w *Window) holdsPositioned(el *dom.Node, fixed bool) bool {
	if isForeignObject(el) {
		return true // flowforeign.go
	}
	d := w.display(el)
	if d == "contents" {
		return false // no box (Vuetify's overlay container has contain: layout)
	}
	if !fixed {
		if pos, _ := w.boxCascaded(el, boxPosition); pos != "" && pos != "static" && pos != "initial" && pos != "unset" && pos != "inherit" {
			return true
		}
	}
	if d == "inline" && !replacedElement(el) {
		return false // transforms and containment skip non-atomic inline boxes
	}
	for _, prop := range [...]string{"transform", "perspective", "filter", "translate", "rotate", "scale"} {
		if v, ok := w.cascaded(el, prop); ok && v != "none" && v != "initial" && v != "unset" {
			return true
		}
	}
	if v, ok := w.cascaded(el, "will-change"); ok {
		for _, f := range strings.Split(v, ",") {
			switch strings.TrimSpace(f) {
			case "transform", "perspective", "filter", "translate", "rotate", "scale":
				return true
			}
		}
	}
	if v, ok := w.cascaded(el, "contain"); ok {
		for _, f := range strings.Fields(v) {
			switch f {
			case "layout", "paint", "strict", "content":
				return true
			}
		}
	}
	// content-visibility: auto and hidden bring layout and paint
	// containment (hidden=until-found too)
	cv := w.computedMemo(el, "content-visibility")
	return cv == "auto" || cv == "hidden"
}

// positioned tells whether el's position is not static.
func (w *Window) positioned(el *dom.Node) bool {
	pos, _ := w.boxCascaded(el, boxPosition)
	return pos != "" && pos != "static" && pos != "initial" && pos != "unset" && pos != "inherit"
}

// outOfFlow tells whether el is absolutely positioned or fixed.
func (w *Window) outOfFlow(el *dom.Node) bool {
	pos, _ := w.boxCascaded(el, boxPosition)
	return pos == "absolute" || pos == "fixed"
}

// parentBox is the box of n's parent, computed on first use: what
// percentages and a block's width resolve against.
type parentBox struct {
	w     *Window
	n     *dom.Node
	depth int
	b     box
	known bool
}

func (p *parentBox) get() box {
	if !p.known {
		p.known = true
		p.b = box{rendered: true, width: p.w.cfg.Viewport.Width, height: p.w.cfg.Viewport.Height}
		if e := p.n.ParentElement(); e != nil && p.depth < maxBoxDepth {
			p.b = p.w.renderedBox(e, p.depth+1)
		}
	}
	return p.b
}

// length reads a pixel length ("12", "12px"), a percentage of the
// parent's width (horizontal) or height, or another length or calc() of
// them resolved against the element's font and the viewport (em, rem, ex,
// ch, vw, vh).
func (p *parentBox) length(v string, horizontal bool) (int, bool) {
	v = strings.TrimSpace(v)
	if pct, ok := strings.CutSuffix(v, "%"); ok {
		if f, err := strconv.ParseFloat(pct, 64); err == nil {
			if f < 0 {
				return 0, false
			}
			return int(f * float64(p.basis(horizontal)) / 100), true
		}
	}
	if px, ok := pixels(v); ok || !needsCompute(v) {
		return px, ok
	}
	ctx := p.w.unitContext(p.n)
	if strings.Contains(v, "%") {
		ctx.PercentBasis, ctx.HasPercentBasis = float64(p.basis(horizontal)), true
	}
	x, ok := cssvalue.Eval(v, &ctx)
	if !ok || !x.Is(cssvalue.Px) || x.Px < 0 || x.Px > math.MaxInt32 {
		return 0, false
	}
	// offsetWidth and offsetHeight round the laid-out size
	return int(math.Round(x.Px)), true
}

// basis is what a percentage is of: the width (horizontal) or height of
// the parent's content box.
func (p *parentBox) basis(horizontal bool) int {
	if horizontal {
		return p.get().contentWidth()
	}
	return p.get().contentHeight()
}

// replacedElement reports whether el is sized like a replaced element: an
// outermost <svg>, or a canvas, iframe, video, embed or object.
// ownContent tells whether el shows content that is not its children
// (an image, a form control's value or widget), which maxContentWidth
// cannot measure: it keeps the made-up inline size.
func ownContent(el *dom.Node) bool {
	if el.Namespace != "" {
		return false
	}
	switch el.Data {
	case "img", "input", "select", "textarea", "meter", "progress", "audio":
		return true
	}
	return false
}

func replacedElement(el *dom.Node) bool {
	switch el.Namespace {
	case "":
		switch el.Data {
		case "canvas", "iframe", "video", "embed":
			return true
		case "object":
			return !el.ShowsFallback()
		}
	case "svg":
		if el.Data == "svg" {
			p := el.ParentElement()
			return p == nil || p.Namespace != "svg"
		}
	}
	return false
}

// pixels reads v as pixelsFloat does, truncated to whole pixels.
func pixels(v string) (int, bool) {
	f, ok := pixelsFloat(v)
	return int(f), ok
}

// rect returns a DOMRect-like object for b.
func (w *Window) rect(b box) goja.Value {
	o := w.rt.NewObject()
	wd, ht := b.width, b.height
	if !b.rendered {
		wd, ht = 0, 0
	}
	for _, kv := range []struct {
		k string
		v int
	}{{"x", 0}, {"y", 0}, {"top", 0}, {"left", 0}, {"width", wd}, {"height", ht}, {"right", wd}, {"bottom", ht}} {
		o.Set(kv.k, kv.v)
	}
	return o
}

// installCSS installs the CSS namespace (escape and supports).
// https://drafts.csswg.org/cssom/#namespacedef-css
// The namespace object is made the first time a script reads it (a lazy
// global property, jsruntime/bind/lazy.go): its seventy-odd functions cost
// a window nothing until then.
func (w *Window) installCSS() error {
	if err := w.realm.DefineLazy(w.global, "CSS", w.newCSSNamespace); err != nil {
		return fmt.Errorf("jsruntime: the CSS namespace: %w", err)
	}
	return nil
}

func (w *Window) newCSSNamespace() goja.Value {
	css := w.rt.NewObject()
	css.Set("escape", w.realm.NewFunction("escape", 1, func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) == 0 {
			w.realm.ThrowTypeError("Failed to execute 'escape' on 'CSS': 1 argument required, but only 0 present.")
		}
		return w.str(webapi.SerializeIdent(bind.DOMString(call.Arguments[0])))
	}))
	css.Set("supports", w.realm.NewFunction("supports", 1, func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) >= 2 {
			// The property is a CSS name, not an IDL attribute's camel-case
			// one: supports("backgroundColor", …) is false, "DISPLAY" true.
			name := bind.DOMString(call.Arguments[0])
			value := strings.TrimSpace(bind.DOMString(call.Arguments[1]))
			if i := strings.LastIndexByte(value, '!'); i >= 0 && ascii.EqualFold(strings.TrimSpace(value[i+1:]), "important") {
				return valFalse // a priority is no part of a value
			}
			return w.boolean(value != "" && supportsDeclaration(name+":"+value))
		}
		return w.boolean(cssSupports(bind.DOMString(bind.Arg(call.Arguments, 0))))
	}))
	css.Set("registerProperty", w.realm.NewFunction("registerProperty", 1, func(call goja.FunctionCall) goja.Value {
		w.registerProperty(call.Arguments) // cssregister.go
		return goja.Undefined()
	}))
	w.installCSSFactories(css) // typedom.go
	w.installPaintWorklet(css) // worklet.go
	// a namespace's attribute: an enumerable, configurable accessor
	css.DefineAccessorProperty("highlights", w.realm.NewFunction("get highlights", 0, func(goja.FunctionCall) goja.Value {
		return w.highlights()
	}), nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	return css
}

// cssDeclarations gives package webapi's style rules this package's
// declaration parsing and CSSStyleDeclaration.
type cssDeclarations struct{}

func (cssDeclarations) Normalize(block string, quirks bool) string {
	return serializeDeclarations(parseDecls(block, quirks))
}

func (cssDeclarations) NormalizeFontFace(block string) string {
	return serializeDeclarations(parseFontFaceDecls(block)) // fontdesc.go
}

func (cssDeclarations) Style(r *bind.Realm, get func() string, set func(string), parent func() goja.Value, quirks bool, kind webapi.DeclKind) goja.Value {
	w := win(r)
	return w.realm.WrapObject(&styleDecl{w: w, getText: get, setText: set, parentRule: parent, sheetQuirks: quirks,
		fontFace: kind == webapi.FontFaceDecls}, w.c.style)
}

func (cssDeclarations) QuirksMode(r *bind.Realm) bool {
	w := win(r)
	return w.doc != nil && w.doc.CompatMode() == "BackCompat"
}

func (cssDeclarations) StyleMap(r *bind.Realm, style goja.Value) goja.Value {
	impl, ok := r.UnwrapAs(style, win(r).c.style)
	if !ok {
		return goja.Null()
	}
	return r.WrapObject(&styleMap{decl: impl.(*styleDecl)}, r.Class("StylePropertyMap")) // typedom.go
}

func init() {
	webapi.CSSDeclarations = cssDeclarations{}
	webapi.PropertyRuleValid = func(name, body string) bool { return parsePropertyRule(name, body) != nil } // cssregister.go
	webapi.SupportsCondition = cssSupports
}

// An elementSheet is the CSSStyleSheet of a <style> element, made again
// when the element's text changes.
type elementSheet struct {
	text   string
	sheet  any
	obj    goja.Value
	edited bool // rules were inserted or deleted by script
}

// styleSheetOf returns the sheet of a connected <style> element, or null.
// https://html.spec.whatwg.org/multipage/semantics.html#update-a-style-block
func (w *Window) styleSheetOf(n *dom.Node) goja.Value {
	if !n.IsConnected() || w.realm.Class("CSSStyleSheet") == nil {
		return w.null
	}
	if !isCSSStyle(n) {
		// A type other than text/css makes no sheet; a valid type set
		// again makes a new one.
		w.dropElementSheet(n)
		return w.null
	}
	text := scriptText(n)
	if w.elementSheets == nil {
		w.elementSheets = map[*dom.Node]*elementSheet{}
	}
	e := w.elementSheets[n]
	if e == nil || e.text != text {
		if e != nil {
			webapi.DetachStyleSheet(e.sheet)
		}
		e = &elementSheet{text: text}
		entry := e
		e.sheet = webapi.NewElementStyleSheet(text, w.wrap(n), func() {
			entry.edited = true
			w.sheets.cssomEdits++
			w.sheetsEdited()
		}, quirksDocument(n))
		webapi.SetImportLoader(e.sheet, w.importLoader) // sheetimports.go
		webapi.SetStyleSheetTitle(e.sheet, sheetTitle(n))
		e.obj = webapi.WrapStyleSheet(w.realm, e.sheet)
		w.elementSheets[n] = e
	}
	return e.obj
}

// dropElementSheet forgets the sheet of a <style> element, whose next
// sheet is made anew ("update a style block" removes the old one).
func (w *Window) dropElementSheet(n *dom.Node) {
	if e := w.elementSheets[n]; e != nil {
		webapi.DetachStyleSheet(e.sheet)
		delete(w.elementSheets, n)
	}
}

// elementSheetsRemoved drops the sheets of <style> elements no longer
// connected, after a removal from a tree.
func (w *Window) elementSheetsRemoved() {
	for n := range w.elementSheets {
		if !n.IsConnected() {
			w.dropElementSheet(n)
		}
	}
	for n := range w.styleBases {
		if !n.IsConnected() {
			delete(w.styleBases, n) // inserted again, it is read again
		}
	}
}

// EditedStyleText returns the rules of a <style> element's sheet as CSS
// text once script has inserted or deleted rules through the CSSOM (and the
// element's text has not changed since): what the sheet holds is then no
// longer the element's text. ok is false for any other element, and for a
// sheet script disabled.
func (w *Window) EditedStyleText(n *dom.Node) (text string, ok bool) {
	e := w.elementSheets[n]
	if e == nil || !e.edited || webapi.StyleSheetDisabled(e.sheet) || e.text != scriptText(n) {
		return "", false
	}
	return webapi.StyleSheetText(e.sheet), true
}

// styleSheets is document.styleSheets: the sheets of the document's
// <style> elements and of its links whose style sheet arrived, in tree
// order.
// https://drafts.csswg.org/cssom/#dom-documentorshadowroot-stylesheets
func (w *Window) styleSheets(doc *dom.Node) goja.Value {
	if w.realm.Class("StyleSheetList") == nil {
		return w.rt.NewArray() // a runtime without package webapi's CSSOM
	}
	return webapi.WrapStyleSheetList(w.realm, docSheets{w, doc})
}

// docSheets is the source of a document's (or a shadow root's) live
// StyleSheetList.
type docSheets struct {
	w   *Window
	doc *dom.Node
}

// Sheets lists the sheets of the document's <style> elements and links.
func (d docSheets) Sheets() []goja.Value {
	var sheets []goja.Value
	d.doc.Descendants(func(n *dom.Node) bool {
		s := d.w.null
		switch {
		case isStyleElement(n):
			s = d.w.styleSheetOf(n)
		case isHTMLElement(n) && n.DataAtom == atom.Link:
			s = d.w.linkStyleSheet(n)
		default:
			return true
		}
		if !goja.IsNull(s) {
			sheets = append(sheets, s)
		}
		return true
	})
	return sheets
}

// sheetText is the CSS of a <style> element for the cascade: its text, or
// its sheet's rules once script inserted or deleted some (CSS-in-JS),
// inside an @media block when the element has a media attribute; nothing
// when script disabled its sheet.
func (w *Window) sheetText(n *dom.Node) string {
	if !isCSSStyle(n) {
		return ""
	}
	raw := scriptText(n)
	text := raw
	if e := w.elementSheets[n]; e != nil && e.text == text {
		if webapi.StyleSheetDisabled(e.sheet) {
			return ""
		}
		if e.edited {
			text = webapi.StyleSheetText(e.sheet)
		}
	}
	text = w.styleSheetURLs(n, raw, text) // cssurl.go
	text = w.withImports(text, "")        // sheetimports.go
	return mediaWrapped(strings.TrimSpace(n.Attribute("media")), text)
}

// mediaWrapped is a sheet's text inside an @media rule of its media list
// (none when the list is empty), for the cascade to match as it matches
// the rules of an @media block: a <style media>, an adopted sheet's.
func mediaWrapped(media, text string) string {
	if media == "" || text == "" {
		return text
	}
	return "@media " + media + "{" + text + "\n}"
}
