package webapi

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// @font-feature-values (CSSFontFeatureValuesRule, type 14): a list of font
// families and, for each feature type of font-variant-alternates, a map of
// names to feature indices, each map a CSSFontFeatureValuesMap.
// https://drafts.csswg.org/css-fonts-4/#om-fontfeaturevalues
//
// As Chromium 156: the prelude is one or more family names (strings or
// runs of identifiers; a generic family or CSS-wide keyword alone is
// invalid and drops the rule); the block's feature blocks (@annotation,
// @ornaments, @stylistic, @swash, @character-variant, @styleset, any case,
// no prelude) merge into their maps, the later of two names winning; a
// declaration that is not `<ident>: <integer [0,∞]>+` with the feature's
// count (one value, one or two for @character-variant, any for @styleset)
// drops its whole feature block; integers past 2^31-1 clamp to it. The
// rule's cssText writes the non-empty maps in that order. The maps' set
// takes an unsigned long or a sequence of them, unchecked (Chromium
// writes an empty list as "name:;").
//
// Chromium keeps each map in a hash table, so its entries come out in the
// order of their names' hashes; here they keep their insertion order.

// ffvFeatures are the feature blocks in the order cssText writes them,
// with their attribute names.
var ffvFeatures = [...]struct{ block, attr string }{
	{"annotation", "annotation"}, {"ornaments", "ornaments"}, {"stylistic", "stylistic"},
	{"swash", "swash"}, {"character-variant", "characterVariant"}, {"styleset", "styleset"},
}

const ffvCharacterVariant, ffvStyleset = 4, 5

// ffvEntry is one name of a feature map and its values.
type ffvEntry struct {
	name   string
	values []uint32
}

// fontFeatureValues is what an @font-feature-values rule holds.
type fontFeatureValues struct {
	families []string
	maps     [len(ffvFeatures)][]ffvEntry
	// objs are the rule's CSSFontFeatureValuesMap objects, made on first
	// use, so that each attribute returns the same object.
	objs [len(ffvFeatures)]goja.Value
}

// ffvMap is the implementation of one CSSFontFeatureValuesMap.
type ffvMap struct {
	v       *fontFeatureValues
	feature int
	backing *goja.Object
}

// fontFeatureValues returns the rule's families and maps, read from its
// text on first use.
func (rule *cssRuleImpl) fontFeatureValues() *fontFeatureValues {
	if rule.ffv == nil {
		rule.ffv = parseFontFeatureValues(rule.text)
	}
	return rule.ffv
}

// validFontFeatureValuesRule reports whether an @font-feature-values
// rule's text has a block and a family list.
func validFontFeatureValuesRule(text string) bool {
	p, _ := ruleParts(text)
	_, ok := parseFamilyNames(stripCSSComments(p))
	return ok && strings.HasSuffix(text, "}")
}

func parseFontFeatureValues(text string) *fontFeatureValues {
	p, body := ruleParts(text)
	v := &fontFeatureValues{}
	v.families, _ = parseFamilyNames(stripCSSComments(p))
	body = stripCSSComments(body)
	for i := 0; i < len(body); {
		switch c := body[i]; {
		case isCSSSpace(c) || c == ';':
			i++
		case c == '@':
			// an at-rule: a feature block, or one to skip
			j := identEnd(body, i+1, len(body))
			name := ascii.Lower(unescapeIdent(body[i+1 : j]))
			k, d := cssscan.IndexDeclOrBlock(body[j:])
			if k < 0 {
				return v
			}
			k += j
			if d == ';' {
				i = k + 1
				continue
			}
			end := cssscan.BlockEnd(body, k)
			if end < 0 || end >= len(body) {
				end = len(body) - 1
			}
			if strings.TrimSpace(body[j:k]) == "" {
				for f, ft := range ffvFeatures {
					if ft.block == name {
						v.readFeatureBlock(f, body[k+1:min(end, len(body))])
					}
				}
			}
			i = end + 1
		default:
			// a declaration (or junk) in the rule's block: skipped
			k, d := cssscan.IndexDeclOrBlock(body[i:])
			if k < 0 {
				return v
			}
			k += i
			if d == '{' {
				k = cssscan.BlockEnd(body, k)
				if k < 0 {
					return v
				}
			}
			i = k + 1
		}
	}
	return v
}

func isCSSSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// readFeatureBlock merges a feature block's declarations into map f,
// unless one of them is invalid.
func (v *fontFeatureValues) readFeatureBlock(f int, block string) {
	var read []ffvEntry
	for _, decl := range cssscan.Split(block, ';') {
		if strings.TrimSpace(decl) == "" {
			continue
		}
		k, val, ok := strings.Cut(decl, ":")
		name, isIdent := singleIdent(strings.TrimSpace(k))
		if !ok || !isIdent {
			return
		}
		vals, ok := featureIndices(val)
		if !ok || len(vals) == 0 || f < ffvCharacterVariant && len(vals) != 1 ||
			f == ffvCharacterVariant && len(vals) > 2 {
			return
		}
		read = append(read, ffvEntry{name, vals})
	}
	for _, e := range read {
		v.set(f, e.name, e.values)
	}
}

// featureIndices reads a list of non-negative integers (a calc() of one
// integer too, as Chromium takes it).
func featureIndices(s string) ([]uint32, bool) {
	var out []uint32
	for _, w := range strings.Fields(s) {
		if strings.HasPrefix(ascii.Lower(w), "calc(") && strings.HasSuffix(w, ")") {
			w = strings.TrimSpace(w[5 : len(w)-1])
		}
		w = strings.TrimPrefix(w, "+")
		if w == "" {
			return nil, false
		}
		for i := 0; i < len(w); i++ {
			if w[i] < '0' || w[i] > '9' {
				return nil, false
			}
		}
		n, err := strconv.ParseUint(w, 10, 64)
		if err != nil || n > 1<<31-1 {
			n = 1<<31 - 1 // Chromium clamps to the largest int
		}
		out = append(out, uint32(n))
	}
	return out, true
}

// singleIdent reports whether s is one CSS identifier and returns it
// decoded.
func singleIdent(s string) (string, bool) {
	if !identStartsAt(s, 0) || identEnd(s, 0, len(s)) != len(s) {
		return "", false
	}
	return unescapeIdent(s), true
}

// identStartsAt reports whether an identifier starts at s[i].
// https://drafts.csswg.org/css-syntax/#would-start-an-identifier
func identStartsAt(s string, i int) bool {
	nameStart := func(j int) bool {
		if j >= len(s) {
			return false
		}
		c := s[j]
		return c == '_' || c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
			c == '\\' && j+1 < len(s) && s[j+1] != '\n'
	}
	if i < len(s) && s[i] == '-' {
		return i+1 < len(s) && s[i+1] == '-' || nameStart(i+1)
	}
	return nameStart(i)
}

// parseFamilyNames reads a comma-separated list of family names, each a
// string or a run of identifiers joined by one space. A generic family or
// CSS-wide keyword alone is no family name.
// https://drafts.csswg.org/css-fonts-4/#family-name-syntax
func parseFamilyNames(s string) ([]string, bool) {
	var names []string
	var idents []string
	str, haveStr := "", false
	flush := func() bool {
		switch {
		case haveStr && len(idents) == 0:
			names = append(names, str)
		case !haveStr && len(idents) == 1 && familyKeyword(idents[0]):
			return false
		case !haveStr && len(idents) > 0:
			names = append(names, strings.Join(idents, " "))
		default:
			return false
		}
		idents, haveStr = idents[:0], false
		return true
	}
	for i := 0; ; {
		for i < len(s) && isCSSSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return names, flush()
		}
		switch c := s[i]; {
		case c == ',':
			if !flush() {
				return nil, false
			}
			i++
		case c == '"' || c == '\'':
			if haveStr || len(idents) > 0 {
				return nil, false
			}
			var ok bool
			str, i, ok = readCSSString(s, i)
			if !ok {
				return nil, false
			}
			haveStr = true
		case identStartsAt(s, i):
			if haveStr {
				return nil, false
			}
			j := identEnd(s, i, len(s))
			idents = append(idents, unescapeIdent(s[i:j]))
			i = j
		default:
			return nil, false
		}
	}
}

// readCSSString reads the string whose quote is at s[i], decoding its
// escapes; ok is false for a string a newline breaks.
func readCSSString(s string, i int) (string, int, bool) {
	q := s[i]
	var b strings.Builder
	for j := i + 1; j < len(s); {
		switch c := s[j]; {
		case c == q:
			return b.String(), j + 1, true
		case c == '\n':
			return "", j, false
		case c == '\\' && j+1 < len(s) && s[j+1] == '\n':
			j += 2
		case c == '\\' && j+1 < len(s):
			e := escapeEnd(s, j, len(s))
			b.WriteString(unescapeIdent(s[j:e]))
			j = e
		case c == '\\':
			j++
		default:
			b.WriteByte(c)
			j++
		}
	}
	return b.String(), len(s), true // a string the end of the text closes
}

// familyKeyword reports whether a lone identifier cannot be a family name:
// a generic family or a CSS-wide keyword.
func familyKeyword(id string) bool {
	switch ascii.Lower(id) {
	case "serif", "sans-serif", "cursive", "fantasy", "monospace", "system-ui", "math", "emoji",
		"fangsong", "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded",
		"initial", "inherit", "unset", "revert", "revert-layer", "default":
		return true
	}
	return false
}

// serializeFamily writes a family name as Chromium does: bare when it is
// one identifier that needs no escape and is no keyword (nor starts with
// "--"), else a string.
func serializeFamily(name string) string {
	if name != "" && identStartsAt(name, 0) && !strings.HasPrefix(name, "--") && SerializeIdent(name) == name && !familyKeyword(name) {
		return name
	}
	return serializeCSSString(name)
}

func (v *fontFeatureValues) familyText() string {
	parts := make([]string, len(v.families))
	for i, f := range v.families {
		parts[i] = serializeFamily(f)
	}
	return strings.Join(parts, ", ")
}

// set gives name the values in map f, in place when it has it.
func (v *fontFeatureValues) set(f int, name string, values []uint32) {
	for i := range v.maps[f] {
		if v.maps[f][i].name == name {
			v.maps[f][i].values = values
			return
		}
	}
	v.maps[f] = append(v.maps[f], ffvEntry{name, values})
}

func (v *fontFeatureValues) cssText() string {
	var b strings.Builder
	b.WriteString("@font-feature-values " + v.familyText() + " {")
	for f, ft := range ffvFeatures {
		if len(v.maps[f]) == 0 {
			continue
		}
		b.WriteString(" @" + ft.block + " {")
		for _, e := range v.maps[f] {
			b.WriteString(" " + SerializeIdent(e.name) + ":")
			for _, n := range e.values {
				b.WriteString(" " + strconv.FormatUint(uint64(n), 10))
			}
			b.WriteString(";")
		}
		b.WriteString(" }")
	}
	b.WriteString(" }")
	return b.String()
}

// valuesArray is a map value as script sees it.
func valuesArray(r *bind.Realm, values []uint32) goja.Value {
	list := make([]any, len(values))
	for i, n := range values {
		list[i] = n
	}
	return r.Runtime.NewArray(list...)
}

// mapObject returns map f of a rule as a CSSFontFeatureValuesMap.
func (v *fontFeatureValues) mapObject(r *bind.Realm, f int) goja.Value {
	if v.objs[f] == nil {
		m := &ffvMap{v: v, feature: f, backing: r.NewMap()}
		for _, e := range v.maps[f] {
			r.MapSet(m.backing, r.String(e.name), valuesArray(r, e.values))
		}
		v.objs[f] = r.WrapObject(m, r.Class("CSSFontFeatureValuesMap"))
	}
	return v.objs[f]
}

var fontFeatureValuesMapIface = &bind.Interface{
	Name:              "CSSFontFeatureValuesMap",
	NoInterfaceObject: true, // Chromium 156 does not expose it
	MapLike: &bind.MapLike{
		Backing: func(r *bind.Realm, this any) *goja.Object { return this.(*ffvMap).backing },
		Key:     func(r *bind.Realm, v goja.Value, _ string) goja.Value { return r.String(bind.DOMString(v)) },
		// the values are converted by Set, which sees the key first
		SetReturnsUndefined: true,
		Set: func(r *bind.Realm, this any, backing *goja.Object, key, value goja.Value) {
			m := this.(*ffvMap)
			values := bind.OneOrSequence(r.Runtime, value, bind.UnsignedLong) // (unsigned long or sequence<unsigned long>)
			m.v.set(m.feature, key.String(), values)
			r.MapSet(backing, key, valuesArray(r, values))
		},
		Delete: func(r *bind.Realm, this any, backing *goja.Object, key goja.Value) bool {
			m := this.(*ffvMap)
			name := key.String()
			for i, e := range m.v.maps[m.feature] {
				if e.name == name {
					m.v.maps[m.feature] = append(m.v.maps[m.feature][:i:i], m.v.maps[m.feature][i+1:]...)
					return r.MapDelete(backing, key)
				}
			}
			return false
		},
		Clear: func(r *bind.Realm, this any, backing *goja.Object) {
			m := this.(*ffvMap)
			m.v.maps[m.feature] = nil
			r.MapClear(backing)
		},
	},
}

var fontFeatureValuesRuleIface = func() *bind.Interface {
	ffv := func(this any) *fontFeatureValues { return this.(*cssRuleImpl).fontFeatureValues() }
	attrs := []bind.Attribute{{Name: "fontFamily",
		Get: func(r *bind.Realm, this any) goja.Value { return r.String(ffv(this).familyText()) },
		// Chromium takes the text as names between commas, unparsed
		Set: func(r *bind.Realm, this any, v goja.Value) {
			var names []string
			for _, n := range strings.Split(bind.DOMString(v), ",") {
				if n = strings.Trim(n, " \t\n\r\f"); n != "" {
					names = append(names, n)
				}
			}
			ffv(this).families = names
		}}}
	for f, ft := range ffvFeatures {
		attrs = append(attrs, bind.Attribute{Name: ft.attr, Get: func(r *bind.Realm, this any) goja.Value {
			return ffv(this).mapObject(r, f)
		}})
	}
	return &bind.Interface{Name: "CSSFontFeatureValuesRule", Parent: "CSSRule", Attributes: attrs}
}()
