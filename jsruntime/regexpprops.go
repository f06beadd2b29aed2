package jsruntime

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja/parser"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Unicode property escapes in regular expression literals: \p{…} and
// \P{…} in a literal with the u (or v) flag.
// https://tc39.es/ecma262/#sec-runtime-semantics-characterclassescape
//
// goja reads \p as the letter p, so /\p{L}+/u never matches a letter;
// highlight.js names Python identifiers /[\p{XID_Start}_]\p{XID_Continue}*/u
// and marked finds punctuation with /[\p{P}\p{S}]/u. Before a script is
// compiled, each such escape in a literal is written out as the character
// class it stands for, built from Go's Unicode tables, so the pattern (and
// its .source, which libraries pass on to new RegExp) means what it says.
//
// A literal that goja compiles with regexp2 (one with a lookaround or a
// backreference, leftToRegexp2) keeps the escapes regexp2 knows: regexp2
// reads them as ECMAScript does, as property sets shared between patterns,
// where a spelled-out class of a thousand ranges took it tens of
// milliseconds to compile (shiki's grammars, BenchmarkPropertyRegExp).
//
// Known limits: where the escapes are spelled out, only the Basic
// Multilingual Plane is covered (\p{L} does not match U+1D49C, \P{L}
// outside a class matches every code point above U+FFFF; see
// writeClassRanges); patterns built at run time from strings
// (new RegExp("\\p{L}", "u")) are rewritten when webapi's constructor
// compiles them as literals (not when it leaves them to goja: a pattern
// with an escaped line terminator, or longer than its literal limit); properties Go has no table for
// (Emoji, Extended_Pictographic, Script short names such as Grek,
// Unassigned) are left as they were; Script_Extensions is read as Script;
// XID_Start and XID_Continue are ID_Start and ID_Continue.

// new RegExp(string, "u") compiles its pattern as a literal through
// webapi's constructor: expand its property escapes the same way.
func init() { webapi.RegExpLiteralRewrite = expandRegExpPropertyEscapes }

// expandRegExpPropertyEscapes returns src with the property escapes of its
// u-flagged regular expression literals expanded. Sources without "\p{" or
// "\P{" are returned as they are, at the cost of two substring searches.
func expandRegExpPropertyEscapes(src string) string {
	if !strings.Contains(src, `\p{`) && !strings.Contains(src, `\P{`) {
		return src
	}
	var b strings.Builder
	last := 0
	litStart, litKeeps := -1, false // the literal of the last escape, and whether its escapes stay
	for i := 0; i+3 < len(src); i++ {
		if src[i] != '\\' || (src[i+1] != 'p' && src[i+1] != 'P') || src[i+2] != '{' {
			continue
		}
		// An escaped backslash (\\p{ in a string) is no property escape.
		n := 0
		for j := i - 1; j >= 0 && src[j] == '\\'; j-- {
			n++
		}
		if n%2 == 1 {
			continue
		}
		end := strings.IndexByte(src[i+3:], '}')
		if end < 0 {
			break
		}
		end += i + 3
		inClass, lit, ok := unicodeRegExpLiteralAt(src, i)
		if !ok {
			continue
		}
		if lit != litStart {
			litStart, litKeeps = lit, leftToRegexp2(src, lit)
		}
		if litKeeps && regexp2KnowsProperty(src[i+3:end]) {
			i = end
			continue
		}
		negated := src[i+1] == 'P'
		// Outside a class, \P{X} is [^X]; inside one, X's complement.
		class, ok := propertyClass(src[i+3:end], negated && inClass)
		if !ok {
			continue
		}
		b.WriteString(src[last:i])
		switch {
		case !inClass && negated:
			b.WriteString("[^")
		case !inClass:
			b.WriteByte('[')
		}
		b.WriteString(class)
		if !inClass {
			b.WriteByte(']')
		}
		last = end + 1
		i = end
	}
	if last == 0 {
		return src
	}
	b.WriteString(src[last:])
	return b.String()
}

// unicodeRegExpLiteralAt reports whether the escape at pos is in the body
// of a regular expression literal with the u or v flag, whether it is
// inside a character class there, and where the literal's body starts. A
// literal cannot span lines, so its opening slash is one of the slashes
// before pos on the same line: the leftmost one whose body, read as a
// pattern, runs past pos.
func unicodeRegExpLiteralAt(src string, pos int) (inClass bool, start int, ok bool) {
	lineStart := pos
	for ; lineStart > 0; lineStart-- {
		c := src[lineStart-1]
		if c == '\n' || c == '\r' {
			break
		}
		// U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
		if (c == 0xa8 || c == 0xa9) && lineStart >= 3 && src[lineStart-3] == 0xe2 && src[lineStart-2] == 0x80 {
			break
		}
	}
	for start := lineStart; start < pos; start++ {
		if src[start] != '/' {
			continue
		}
		class, spans, flags := scanRegExpBody(src, start+1, pos)
		if !spans {
			continue
		}
		if strings.ContainsAny(flags, "uv") {
			return class, start + 1, true
		}
		return false, 0, false
	}
	return false, 0, false
}

// leftToRegexp2 reports whether goja compiles the u-flagged literal whose
// body starts at start with regexp2, which reads property escapes itself
// (shared property sets, code points past U+FFFF included), rather than
// with Go's regexp, which would read \p{L} as the letters p{L}: goja tries
// Go's engine first and turns to regexp2 only when its translation finds
// what Go's engine lacks (lookarounds, backreferences). The lowerings that
// run after this one (regexprewrite.go) only rewrite classes, `.` and `$`
// into other classes or lookaheads, so they never take a pattern back to
// Go's engine. A v-flagged literal is compiled through webapi's
// constructor, which translates it to u mode and asks again.
func leftToRegexp2(src string, start int) bool {
	end := start
	for ; end < len(src); end++ {
		if src[end] == '\\' {
			end++
			continue
		}
		if src[end] == '[' {
			for end++; end < len(src) && src[end] != ']'; end++ {
				if src[end] == '\\' {
					end++
				}
			}
			continue
		}
		if src[end] == '/' {
			break
		}
	}
	if end >= len(src) {
		return false
	}
	flagsEnd := end + 1
	for flagsEnd < len(src) && src[flagsEnd] >= 'a' && src[flagsEnd] <= 'z' {
		flagsEnd++
	}
	flags := src[end+1 : flagsEnd]
	if !strings.Contains(flags, "u") {
		return false
	}
	_, err := parser.TransformRegExp(src[start:end], strings.Contains(flags, "s"), true)
	var incompatible parser.RegexpErrorIncompatible
	return errors.As(err, &incompatible)
}

var regexp2Properties sync.Map // property name regexp2 knows -> true

// regexp2KnowsProperty reports whether regexp2 reads \p{name} in a
// u-flagged ECMAScript pattern (it knows ECMAScript's names and aliases
// exactly, without the loose matching other engines allow).
func regexp2KnowsProperty(name string) bool {
	if len(name) == 0 || len(name) > 64 {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '=') {
			return false // not a name: nothing to cache
		}
	}
	if v, ok := regexp2Properties.Load(name); ok {
		return v.(bool)
	}
	_, err := regexp2.Compile(`\p{`+name+`}`, regexp2.ECMAScript|regexp2.Unicode)
	if err == nil {
		// Known names only, so that the map stays bounded whatever names
		// pages write; and a copy, as name is a slice of the script's
		// source, which a key would keep for the life of the process
		// (mermaid's 3.4 MB library stayed after every page and compiled
		// program of it was gone).
		regexp2Properties.Store(strings.Clone(name), true)
	}
	return err == nil
}

// scanRegExpBody reads a pattern body from i: it reports whether the body
// runs past pos, whether pos is in a character class, and the flags after
// the closing slash.
func scanRegExpBody(src string, i, pos int) (classAtPos, spans bool, flags string) {
	inClass := false
	for ; i < len(src); i++ {
		if i == pos {
			classAtPos = inClass
		}
		switch c := src[i]; c {
		case '\\':
			if i == pos {
				i++ // the escape itself
				continue
			}
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '\n', '\r':
			return false, false, ""
		case '/':
			if inClass {
				continue
			}
			if i <= pos {
				return false, false, ""
			}
			j := i + 1
			for j < len(src) && src[j] >= 'a' && src[j] <= 'z' {
				j++
			}
			return classAtPos, true, src[i+1 : j]
		}
	}
	return false, false, ""
}

var classCache sync.Map // "P" or "p" + property name -> class contents

// propertyClass returns the class contents of \p{name} (negated: \P{name}).
func propertyClass(name string, negated bool) (string, bool) {
	key := "p" + name
	if negated {
		key = "P" + name
	}
	if v, ok := classCache.Load(key); ok {
		return v.(string), true
	}
	ranges, ok := propertyRanges(name)
	if !ok {
		return "", false
	}
	if negated {
		ranges = complementRanges(ranges)
	}
	var b strings.Builder
	writeClassRanges(&b, ranges)
	classCache.Store(key, b.String())
	return b.String(), true
}

// A codeRange is an inclusive range of code points.
type codeRange struct{ lo, hi rune }

var propertyCache sync.Map // known property name -> []codeRange

// propertyRanges returns the code points of a property escape's contents
// ("L", "Letter", "gc=Lu", "Script=Greek", "White_Space"...).
func propertyRanges(name string) ([]codeRange, bool) {
	if v, ok := propertyCache.Load(name); ok {
		r := v.([]codeRange)
		return r, r != nil
	}
	tables := propertyTables(name)
	if tables == nil {
		return nil, false // not cached: the map holds known names only (see regexp2KnowsProperty)
	}
	r := make([]codeRange, 0, 64)
	for _, t := range tables {
		r = appendTable(r, t)
	}
	r = normalizeRanges(r)
	propertyCache.Store(strings.Clone(name), r) // name may be a slice of a script's source
	return r, true
}

// generalCategories maps long General_Category names to Go's table names.
var generalCategories = map[string]string{
	"Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
	"Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn",
	"Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd",
	"Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc",
	"Dash_Punctuation": "Pd", "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
	"Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc",
	"Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z", "Space_Separator": "Zs", "Line_Separator": "Zl",
	"Paragraph_Separator": "Zp", "Other": "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs",
	"Private_Use": "Co",
}

// binaryPropertyAliases maps the short names of the binary properties Go
// has tables for to their long names (\p{space} is \p{White_Space}).
// https://tc39.es/ecma262/#table-binary-unicode-properties
var binaryPropertyAliases = map[string]string{
	"AHex": "ASCII_Hex_Digit", "Bidi_C": "Bidi_Control", "Dep": "Deprecated", "Dia": "Diacritic", "Ext": "Extender",
	"Hex": "Hex_Digit", "IDSB": "IDS_Binary_Operator", "IDST": "IDS_Trinary_Operator", "Ideo": "Ideographic",
	"Join_C": "Join_Control", "LOE": "Logical_Order_Exception", "NChar": "Noncharacter_Code_Point",
	"Pat_Syn": "Pattern_Syntax", "Pat_WS": "Pattern_White_Space", "QMark": "Quotation_Mark", "RI": "Regional_Indicator",
	"STerm": "Sentence_Terminal", "SD": "Soft_Dotted", "Term": "Terminal_Punctuation", "UIdeo": "Unified_Ideograph",
	"VS": "Variation_Selector", "space": "White_Space",
}

var asciiTable = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0, Hi: 0x7f, Stride: 1}}}
var anyTable = &unicode.RangeTable{R16: []unicode.Range16{{Lo: 0, Hi: 0xffff, Stride: 1}}, R32: []unicode.Range32{{Lo: 0x10000, Hi: 0x10ffff, Stride: 1}}}

// propertyTables returns the tables whose union is the property, or nil.
func propertyTables(name string) []*unicode.RangeTable {
	key, value, hasValue := strings.Cut(name, "=")
	if hasValue {
		switch key {
		case "General_Category", "gc":
			return categoryTables(value)
		case "Script", "sc", "Script_Extensions", "scx":
			if t, ok := unicode.Scripts[value]; ok {
				return []*unicode.RangeTable{t}
			}
		}
		return nil
	}
	if t := categoryTables(name); t != nil {
		return t
	}
	if long, ok := binaryPropertyAliases[name]; ok {
		name = long
	}
	if t, ok := unicode.Properties[name]; ok {
		return []*unicode.RangeTable{t}
	}
	p := unicode.Properties
	idStart := []*unicode.RangeTable{unicode.L, unicode.Nl, p["Other_ID_Start"]}
	switch name {
	case "Any":
		return []*unicode.RangeTable{anyTable}
	case "ASCII":
		return []*unicode.RangeTable{asciiTable}
	case "Alphabetic", "Alpha":
		return []*unicode.RangeTable{unicode.L, unicode.Nl, p["Other_Alphabetic"]}
	case "Lowercase", "Lower":
		return []*unicode.RangeTable{unicode.Ll, p["Other_Lowercase"]}
	case "Uppercase", "Upper":
		return []*unicode.RangeTable{unicode.Lu, p["Other_Uppercase"]}
	case "ID_Start", "IDS", "XID_Start", "XIDS":
		return idStart
	case "ID_Continue", "IDC", "XID_Continue", "XIDC":
		return append(idStart, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, p["Other_ID_Continue"])
	}
	return nil
}

func categoryTables(name string) []*unicode.RangeTable {
	if long, ok := generalCategories[name]; ok {
		name = long
	}
	if name == "LC" {
		return []*unicode.RangeTable{unicode.Lu, unicode.Ll, unicode.Lt}
	}
	if t, ok := unicode.Categories[name]; ok {
		return []*unicode.RangeTable{t}
	}
	return nil
}

func appendTable(r []codeRange, t *unicode.RangeTable) []codeRange {
	if t == nil {
		return r
	}
	for _, x := range t.R16 {
		r = appendStrided(r, rune(x.Lo), rune(x.Hi), rune(x.Stride))
	}
	for _, x := range t.R32 {
		r = appendStrided(r, rune(x.Lo), rune(x.Hi), rune(x.Stride))
	}
	return r
}

func appendStrided(r []codeRange, lo, hi, stride rune) []codeRange {
	if stride == 1 {
		return append(r, codeRange{lo, hi})
	}
	for c := lo; c <= hi; c += stride {
		r = append(r, codeRange{c, c})
	}
	return r
}

// normalizeRanges sorts and merges ranges, leaving out the surrogates
// (which match nothing in a u-flagged pattern's code point input).
func normalizeRanges(r []codeRange) []codeRange {
	sort.Slice(r, func(i, j int) bool { return r[i].lo < r[j].lo })
	out := r[:0]
	for _, x := range r {
		if n := len(out); n > 0 && x.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, x.hi)
			continue
		}
		out = append(out, x)
	}
	var res []codeRange
	for _, x := range out {
		if x.hi < 0xd800 || x.lo > 0xdfff {
			res = append(res, x)
			continue
		}
		if x.lo < 0xd800 {
			res = append(res, codeRange{x.lo, 0xd7ff})
		}
		if x.hi > 0xdfff {
			res = append(res, codeRange{0xe000, x.hi})
		}
	}
	return res
}

// complementRanges returns the code points (surrogates aside) not in r.
func complementRanges(r []codeRange) []codeRange {
	var out []codeRange
	next := rune(0)
	for _, x := range r {
		if x.lo > next {
			out = append(out, codeRange{next, x.lo - 1})
		}
		next = x.hi + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, codeRange{next, unicode.MaxRune})
	}
	return normalizeRanges(out)
}

// writeClassRanges writes the Basic Multilingual Plane part of ranges as
// class contents, in \uXXXX escapes. Code points above U+FFFF are left
// out: written as \u{…} or as surrogate pairs they make a pattern that no
// longer parses without the u flag, and libraries do reparse a u-flagged
// literal's source without it (highlight.js counts capture groups with
// new RegExp(re.toString() + '|')).
func writeClassRanges(b *strings.Builder, r []codeRange) {
	for _, x := range r {
		if x.lo > 0xffff {
			return
		}
		writeClassChar(b, x.lo)
		if hi := min(x.hi, 0xffff); hi != x.lo {
			b.WriteByte('-')
			writeClassChar(b, hi)
		}
	}
}

func writeClassChar(b *strings.Builder, c rune) {
	fmt.Fprintf(b, `\u%04X`, c)
}
