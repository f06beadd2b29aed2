package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// cssSupports implements CSS.supports(conditionText): the text is a
// <supports-condition>, or else one declaration without its parentheses
// (CSS.supports("display: grid")). Text that is neither is false.
// https://drafts.csswg.org/css-conditional-3/#dom-css-supports-conditiontext
func cssSupports(text string) bool {
	if v, ok := supportsCondition(text, 0); ok {
		return v
	}
	v, ok := supportsCondition("("+text+")", 0)
	return ok && v
}

// maxSupportsDepth bounds the nesting of conditions: each level scans the
// rest of the text again, so a page's "((((…" must not cost n².
const maxSupportsDepth = 32

// supportsCondition parses and evaluates a <supports-condition>; ok is
// false when s is not one.
// https://drafts.csswg.org/css-conditional-3/#typedef-supports-condition
//
//	<supports-condition> = not <supports-in-parens>
//	                     | <supports-in-parens> [ and <supports-in-parens> ]*
//	                     | <supports-in-parens> [ or <supports-in-parens> ]*
func supportsCondition(s string, depth int) (v, ok bool) {
	if depth > maxSupportsDepth {
		return false, false
	}
	s = strings.TrimSpace(s)
	if rest, isNot := cutKeyword(s, "not"); isNot {
		v, rest, ok := supportsInParens(rest, depth)
		if !ok || strings.TrimSpace(rest) != "" {
			return false, false
		}
		return !v, true
	}
	v, rest, ok := supportsInParens(s, depth)
	if !ok {
		return false, false
	}
	joiner := ""
	for {
		rest = strings.TrimSpace(rest)
		if rest == "" {
			return v, true
		}
		var word string
		for _, kw := range [...]string{"and", "or"} {
			if r, found := cutKeyword(rest, kw); found {
				word, rest = kw, r
				break
			}
		}
		if word == "" || joiner != "" && word != joiner {
			return false, false // and and or may not mix without parentheses
		}
		joiner = word
		next, r, ok := supportsInParens(rest, depth)
		if !ok {
			return false, false
		}
		rest = r
		if word == "and" {
			v = v && next
		} else {
			v = v || next
		}
	}
}

// supportsInParens parses one <supports-in-parens> at the start of s and
// returns its value and what follows it.
// https://drafts.csswg.org/css-conditional-3/#typedef-supports-in-parens
//
//	<supports-in-parens> = ( <supports-condition> ) | <supports-feature> | <general-enclosed>
//	<supports-feature>   = selector( <complex-selector> ) | ( <declaration> )
//
// A <general-enclosed> (an unknown function or parenthesized text) is
// valid syntax and false.
func supportsInParens(s string, depth int) (v bool, rest string, ok bool) {
	s = strings.TrimLeft(s, " \t\n\r\f")
	if s == "" {
		return false, "", false
	}
	open := strings.IndexByte(s, '(')
	if open < 0 {
		return false, "", false
	}
	name := s[:open]
	if name != "" && !isCSSIdent(name) {
		return false, "", false
	}
	// A block left open at the end of the text is closed there, as
	// everywhere in CSS: "(display: flex" is a declaration.
	end := cssscan.BlockEnd(s, open)
	inner, rest := s[open+1:min(end, len(s))], ""
	if end < len(s) {
		rest = s[end+1:]
	}
	if name != "" {
		switch {
		case ascii.EqualFold(name, "selector"):
			return supportsSelector(inner), rest, true
		case ascii.EqualFold(name, "font-format"):
			return supportedFontFormats[ascii.Lower(strings.TrimSpace(inner))], rest, true
		case ascii.EqualFold(name, "font-tech"):
			return supportedFontTechs[ascii.Lower(strings.TrimSpace(inner))], rest, true
		}
		return false, rest, true
	}
	if v, ok := supportsCondition(inner, depth+1); ok {
		return v, rest, true
	}
	return supportsDeclaration(inner), rest, true
}

// supportedFontFormats and supportedFontTechs are the keywords
// font-format() and font-tech() are true for, as in Chromium 156 (one
// keyword each, ASCII case-insensitive).
// https://drafts.csswg.org/css-conditional-5/#typedef-supports-font-format-fn
var (
	supportedFontFormats = set("collection opentype truetype woff woff2")
	supportedFontTechs   = set("features-opentype features-aat color-colrv0 color-colrv1 color-sbix color-cbdt variations palettes")
)

// atSupportsMatches reports whether an @supports rule's prelude (what
// follows "@supports") is a <supports-condition> that holds: the rules
// of its block apply only then (an invalid prelude drops the rule).
// https://drafts.csswg.org/css-conditional-3/#at-supports
func atSupportsMatches(prelude string) bool {
	v, ok := supportsCondition(prelude, 0)
	return ok && v
}

// supportsDeclaration reports whether decl ("name: value") is a property
// bangsnap knows with a non-empty, balanced value (a custom property's may
// be empty). Values are not checked against each property's grammar.
func supportsDeclaration(decl string) bool {
	name, value, found := strings.Cut(decl, ":")
	if !found {
		return false
	}
	name = strings.TrimSpace(name)
	if !isCSSIdent(name) || name == "--" { // "--" is reserved
		return false
	}
	value = strings.TrimSpace(value)
	if i := strings.LastIndexByte(value, '!'); i >= 0 && ascii.EqualFold(strings.TrimSpace(value[i+1:]), "important") {
		value = strings.TrimSpace(value[:i])
	}
	if strings.HasPrefix(name, "--") {
		return cssscan.Balanced(value) // a custom property's value may be empty
	}
	if strings.Contains(value, "/*") {
		value = strings.TrimSpace(stripComments(value))
	}
	if value = closeAtEnd(value); value == "" || !cssscan.Balanced(value) {
		return false
	}
	value, ok := aliasValue(ascii.Lower(name), value)
	if !ok {
		return false
	}
	name = resolveAlias(ascii.Lower(name))
	if !cssProperties[name] && shorthands[name] == nil {
		return false
	}
	// The value must parse as the property's, as a declaration would
	// (what style.setProperty accepts): (display: nonsense) is false.
	return len(addDeclaration(nil, name, value, false)) > 0
}

// supportsSelector reports whether sel is one selector (a
// <complex-selector>, not a list) that a style sheet would parse, read
// strictly: the arguments of :is() and :where() are not forgiven, a
// ::-webkit- pseudo-element must be one Chromium knows, and no namespace
// prefix is declared.
// https://drafts.csswg.org/css-conditional-4/#dfn-support-selector
func supportsSelector(sel string) bool {
	sel = strings.TrimSpace(sel)
	if sel == "" || cssscan.Index(sel, ',') >= 0 {
		return false
	}
	return cssscan.ValidSelectorList(sel, cssscan.SelectorContext{Supports: true, Prefix: noPrefix})
}

func noPrefix(string) bool { return false }

// cutKeyword cuts the keyword kw (ASCII case-insensitive) from the start
// of s when whitespace or a parenthesis follows it.
func cutKeyword(s, kw string) (rest string, ok bool) {
	if len(s) <= len(kw) || !ascii.EqualFold(s[:len(kw)], kw) {
		return s, false
	}
	switch s[len(kw)] {
	case ' ', '\t', '\n', '\r', '\f':
		return s[len(kw):], true
	}
	return s, false
}

// isCSSIdent reports whether s is an identifier (no escapes): letters,
// digits, '-', '_' and non-ASCII, not starting with a digit or with '-'
// and a digit.
// https://drafts.csswg.org/css-syntax-3/#ident-token-diagram
func isCSSIdent(s string) bool {
	if s == "" || s == "-" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c >= 0x80:
		case c == '-':
		case c >= '0' && c <= '9':
			if i == 0 || i == 1 && s[0] == '-' {
				return false
			}
		default:
			return false
		}
	}
	return true
}
