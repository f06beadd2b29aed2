package webapi

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// An Import is one @import rule: the URL as written and its conditions.
// https://drafts.csswg.org/css-cascade-5/#at-import
//
//	@import [ <url> | <string> ]
//	        [ layer | layer(<layer-name>) ]?
//	        [ supports( [ <supports-condition> | <declaration> ] ) ]?
//	        <media-query-list>? ;
type Import struct {
	URL string
	// HasLayer is set by layer or layer(name); Layer is the name ("" for
	// an anonymous layer).
	HasLayer bool
	Layer    string
	// HasSupports is set by supports(…), Supports is what it holds.
	HasSupports bool
	Supports    string
	// Media is the media query list as written ("" for all).
	Media string
}

// ParseImport parses the prelude of an @import rule (the text after
// "@import", without the ';').
func ParseImport(prelude string) Import {
	u, rest := importURL(prelude)
	im := Import{URL: u}
	if r, ok := cutFunction(rest, "layer"); ok {
		im.HasLayer, im.Layer, rest = true, strings.TrimSpace(r.args), r.rest
	} else if word, after := cutIdent(rest); ascii.EqualFold(word, "layer") {
		im.HasLayer, rest = true, after
	}
	if r, ok := cutFunction(rest, "supports"); ok {
		im.HasSupports, im.Supports, rest = true, strings.TrimSpace(r.args), r.rest
	}
	im.Media = strings.TrimSpace(rest)
	return im
}

type funcParts struct{ args, rest string }

// cutFunction cuts a function token name( … ) with balanced parentheses
// from the start of s.
func cutFunction(s, name string) (funcParts, bool) {
	s = strings.TrimSpace(s)
	if len(s) <= len(name) || !ascii.EqualFold(s[:len(name)], name) || s[len(name)] != '(' {
		return funcParts{}, false
	}
	depth := 0
	for i := len(name); i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return funcParts{args: s[len(name)+1 : i], rest: strings.TrimSpace(s[i+1:])}, true
			}
		case '"', '\'':
			if end := strings.IndexByte(s[i+1:], s[i]); end >= 0 {
				i += end + 1
			}
		}
	}
	return funcParts{args: s[len(name)+1:]}, true // unclosed: ends at the end
}

// cutIdent cuts the identifier at the start of s.
func cutIdent(s string) (word, rest string) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && (s[i] == '-' || s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9' || s[i] >= 0x80) {
		i++
	}
	if i < len(s) && s[i] == '(' {
		return "", s // a function, not an identifier
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// LeadingImports returns the @import rules of a style sheet: those at its
// head, after any @charset and @layer statements and before any other rule
// (an @import anywhere else is invalid and ignored). It reads no further
// than the first other rule, so a large sheet without imports costs
// nothing.
func LeadingImports(css string) []Import {
	var out []Import
	for {
		css = skipSpaceAndComments(css)
		if len(css) < 2 || css[0] != '@' {
			return out
		}
		name, _ := cutIdent(css[1:])
		end, ok := statementEnd(css)
		if !ok {
			return out // a block at-rule, or an unterminated statement
		}
		switch ascii.Lower(name) {
		case "charset", "layer":
		case "import":
			out = append(out, ParseImport(css[len("@import"):end]))
		default:
			return out
		}
		css = css[end+1:]
	}
}

// MayImport is a quick test of whether a sheet's text may hold an @import
// rule.
func MayImport(css string) bool {
	for i := strings.IndexByte(css, '@'); i >= 0; {
		if len(css)-i > len("@import") && ascii.EqualFold(css[i:i+len("@import")], "@import") {
			return true
		}
		j := strings.IndexByte(css[i+1:], '@')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return false
}

func skipSpaceAndComments(s string) string {
	for {
		s = strings.TrimLeft(s, " \t\r\n\f")
		if !strings.HasPrefix(s, "/*") {
			return s
		}
		end := strings.Index(s[2:], "*/")
		if end < 0 {
			return ""
		}
		s = s[end+4:]
	}
}

// statementEnd returns the index of the ';' ending the at-rule statement
// at the start of s; ok is false when a block comes first.
func statementEnd(s string) (int, bool) {
	depth := 0
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '{':
			return 0, false
		case ';':
			if depth == 0 {
				return i, true
			}
		case '"', '\'':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 {
				return 0, false
			}
			i += end + 1
		case '/':
			if i+1 < len(s) && s[i+1] == '*' {
				end := strings.Index(s[i+2:], "*/")
				if end < 0 {
					return 0, false
				}
				i += end + 3
			}
		}
	}
	return 0, false
}

// An ImportLoader gives the sheet an @import rule fetched: ref is the URL
// as written, base the URL of the sheet holding the rule ("" for a
// <style> element's sheet: the document's base URL). ok is false while it
// has not arrived; a sheet that failed to load arrives empty.
type ImportLoader func(ref, base string) (url, css string, ok bool)

// SupportsCondition, when set, evaluates the condition of an @import
// rule's supports() (a <supports-condition> or a declaration); an @import
// whose condition fails is left out of its sheet's rules, as in Chromium.
var SupportsCondition func(cond string) bool

// SetImportLoader makes f give the sheets of the @import rules of sheet
// (from NewElementStyleSheet or NewLinkStyleSheet) and of the sheets they
// import.
func SetImportLoader(sheet any, f ImportLoader) {
	if s, ok := sheet.(*styleSheet); ok {
		s.importer = f
	}
}

// importApplies reports whether the @import rule text applies: its
// supports() condition, if any, holds.
func importApplies(text string) bool {
	prelude, _ := ruleParts(text)
	im := ParseImport(prelude)
	return !im.HasSupports || SupportsCondition == nil || SupportsCondition(im.Supports)
}

// importCSSText serializes an @import rule as Chromium does: the URL as
// url("…"), then layer, supports() as written, and the media list.
// https://drafts.csswg.org/cssom/#serialize-a-css-rule
func importCSSText(text string) string {
	prelude, _ := ruleParts(text)
	im := ParseImport(prelude)
	var b strings.Builder
	b.WriteString(`@import url(`)
	b.WriteString(serializeCSSString(im.URL))
	b.WriteString(")")
	if im.HasLayer {
		b.WriteString(" layer")
		if im.Layer != "" {
			b.WriteString("(" + im.Layer + ")")
		}
	}
	if im.HasSupports {
		b.WriteString(" supports(" + im.Supports + ")")
	}
	if m := strings.Join(parseMediaList(im.Media), ", "); m != "" {
		b.WriteString(" " + m)
	}
	b.WriteString(";")
	return b.String()
}

// serializeCSSString quotes s as a CSS string.
// https://drafts.csswg.org/cssom/#serialize-a-string
func serializeCSSString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == 0:
			b.WriteString("\uFFFD")
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\` + strconv.FormatInt(int64(r), 16) + " ")
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// root is the sheet a rule list belongs to, through grouping rules.
func (s *styleSheet) root() *styleSheet {
	for s.parent != nil && s.parent.sheet != nil {
		s = s.parent.sheet
	}
	return s
}

// importedSheet returns the CSSStyleSheet of an @import rule, made on first
// use once its sheet has arrived, else nil.
func (rule *cssRuleImpl) importedSheet() *styleSheet {
	if rule.imported != nil {
		return rule.imported
	}
	if rule.sheet == nil {
		return nil
	}
	owner := rule.sheet.root()
	if owner.importer == nil {
		return nil
	}
	prelude, _ := ruleParts(rule.text)
	u, css, ok := owner.importer(ParseImport(prelude).URL, owner.href)
	if !ok {
		return nil
	}
	s := &styleSheet{href: u, importer: owner.importer, ownerRule: rule, quirks: owner.quirks}
	s.rules = s.parseRules(css)
	rule.imported = s
	return s
}
