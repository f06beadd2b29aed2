package jsruntime

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Processing instruction attributes
// https://dom.spec.whatwg.org/#interface-processinginstruction (whatwg/dom#1454):
// a processing instruction's attributes are parsed from its data with
// XML-like rules (case-sensitive names, quoted values, entity and character
// references); mutating them rewrites the data. Data that does not parse
// as a whole has no attributes. Behaviour follows Chromium 156 where it
// was probed: toggleAttribute returns undefined there, and a data string
// keeps its attributes in source order (Chromium lists them in its hash
// table's order, which no page can rely on).
//
// As in Chromium, the list is what was parsed from the data or last set by
// these operations: an attribute set with a name or value that would not
// parse back (setAttribute("1a", "x")) stays readable until the data is
// changed by other means, which parses it afresh.
//
// The XML name rules are repeated from dom's unexported checks; they belong
// in dom together with this parser once dom grows processing instruction
// attributes of its own.

// piAttribute is one name="value" pair of a processing instruction's data.
type piAttribute struct{ name, value string }

// piAttrList is the attribute list a processing instruction was given by
// its attribute operations, valid while its data is still data.
type piAttrList struct {
	data  string
	attrs []piAttribute
}

func init() {
	processingInstructionIface.Methods = append(processingInstructionIface.Methods, processingInstructionMethods...)
	// LinkStyle's sheet (https://drafts.csswg.org/cssom/#the-linkstyle-interface):
	// xml-stylesheet processing instructions are not loaded, so none has a
	// style sheet.
	processingInstructionIface.Attributes = append(processingInstructionIface.Attributes,
		ro("sheet", func(w *Window, n *dom.Node) goja.Value { return w.null }))
}

// piAttributes returns the attribute list of processing instruction n; the
// caller may change the slice and hand it to setPIAttributes.
func (w *Window) piAttributes(n *dom.Node) []piAttribute {
	if l := w.piAttrs[n]; l != nil {
		if l.data == n.Data {
			return slices.Clone(l.attrs)
		}
		delete(w.piAttrs, n)
	}
	attrs, _ := parsePIAttributes(n.Data)
	return attrs
}

// setPIAttributes replaces n's attribute list and its data with attrs
// serialized.
// https://dom.spec.whatwg.org/#concept-cd-replace
func (w *Window) setPIAttributes(n *dom.Node, attrs []piAttribute) {
	data := serializePIAttributes(attrs)
	if w.piAttrs == nil {
		w.piAttrs = make(map[*dom.Node]*piAttrList)
	}
	w.piAttrs[n] = &piAttrList{data: data, attrs: attrs}
	n.SetData(data)
}

// processingInstructionMethods are ProcessingInstruction's attribute
// operations, installed on it by init.
var processingInstructionMethods = []bind.Method{
	method("hasAttributes", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		attrs := w.piAttributes(n)
		return w.boolean(len(attrs) > 0)
	}),
	method("getAttributeNames", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		attrs := w.piAttributes(n)
		names := make([]any, len(attrs))
		for i, a := range attrs {
			names[i] = a.name
		}
		return w.rt.NewArray(names...)
	}),
	method("getAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		attrs := w.piAttributes(n)
		if i := piAttributeIndex(attrs, bind.DOMString(args[0])); i >= 0 {
			return w.str(attrs[i].value)
		}
		return w.null
	}),
	method("hasAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		attrs := w.piAttributes(n)
		return w.boolean(piAttributeIndex(attrs, bind.DOMString(args[0])) >= 0)
	}),
	method("setAttribute", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		name := piAttributeName(w, args[0], "setAttribute")
		value := bind.DOMString(args[1])
		attrs := w.piAttributes(n)
		if i := piAttributeIndex(attrs, name); i >= 0 {
			attrs[i].value = value
		} else {
			attrs = append(attrs, piAttribute{name, value})
		}
		w.setPIAttributes(n, attrs)
		return nil
	}),
	method("removeAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		attrs := w.piAttributes(n)
		if i := piAttributeIndex(attrs, bind.DOMString(args[0])); i >= 0 {
			w.setPIAttributes(n, append(attrs[:i], attrs[i+1:]...))
		}
		return nil
	}),
	method("toggleAttribute", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		name := piAttributeName(w, args[0], "toggleAttribute")
		force, forced := bind.Arg(args, 1), false
		if !goja.IsUndefined(force) {
			forced = true
		}
		attrs := w.piAttributes(n)
		i := piAttributeIndex(attrs, name)
		switch {
		case i < 0 && (!forced || force.ToBoolean()):
			w.setPIAttributes(n, append(attrs, piAttribute{name: name}))
		case i >= 0 && (!forced || !force.ToBoolean()):
			w.setPIAttributes(n, append(attrs[:i], attrs[i+1:]...))
		}
		// Chromium 156 returns undefined, not the boolean of the IDL.
		return nil
	}),
}

// piAttributeName converts and validates the name argument of a mutating
// operation: a valid attribute local name, else InvalidCharacterError.
// https://dom.spec.whatwg.org/#valid-attribute-local-name
func piAttributeName(w *Window, v goja.Value, op string) string {
	name := bind.DOMString(v)
	if name == "" || strings.ContainsFunc(name, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r' || r == 0 || r == '/' || r == '=' || r == '>'
	}) {
		w.realm.ThrowDOMException("InvalidCharacterError",
			"Failed to execute '"+op+"' on 'ProcessingInstruction': Invalid attribute name: "+name)
	}
	return name
}

func piAttributeIndex(attrs []piAttribute, name string) int {
	for i, a := range attrs {
		if a.name == name {
			return i
		}
	}
	return -1
}

// parsePIAttributes parses data as a whitespace-separated list of XML
// attributes: Name S? '=' S? ("..." | '...'), each value's references
// expanded and its whitespace normalized as XML does for CDATA attributes.
// ok is false, and attrs nil, when data is not such a list (a missing
// quote, a bare name, '<' or a stray '&' in a value, a repeated name).
// https://www.w3.org/TR/xml/#NT-Attribute
// https://www.w3.org/TR/xml/#AVNormalize
func parsePIAttributes(data string) (attrs []piAttribute, ok bool) {
	i := skipXMLSpace(data, 0)
	for i < len(data) {
		start := i
		for i < len(data) {
			r, size := utf8.DecodeRuneInString(data[i:])
			if !(xmlNameStart(r) || i > start && xmlNameRest(r)) || r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		if i == start {
			return nil, false
		}
		name := data[start:i]
		i = skipXMLSpace(data, i)
		if i >= len(data) || data[i] != '=' {
			return nil, false
		}
		i = skipXMLSpace(data, i+1)
		if i >= len(data) || data[i] != '"' && data[i] != '\'' {
			return nil, false
		}
		value, next, ok := parsePIAttributeValue(data, i)
		if !ok || piAttributeIndex(attrs, name) >= 0 {
			return nil, false
		}
		attrs = append(attrs, piAttribute{name, value})
		// Attributes are separated by whitespace.
		if next < len(data) && !isXMLSpace(data[next]) {
			return nil, false
		}
		i = skipXMLSpace(data, next)
	}
	return attrs, true
}

// parsePIAttributeValue reads the quoted value starting at data[i] (the
// quote) and returns it with the index after the closing quote.
// https://www.w3.org/TR/xml/#NT-AttValue
func parsePIAttributeValue(data string, i int) (value string, next int, ok bool) {
	quote := data[i]
	i++
	start := i
	// The common value has no reference or whitespace to rewrite.
	for i < len(data) && data[i] != quote && data[i] >= 0x20 && data[i] < 0x80 && data[i] != '<' && data[i] != '&' {
		i++
	}
	if i < len(data) && data[i] == quote {
		return data[start:i], i + 1, true
	}
	var b strings.Builder
	b.WriteString(data[start:i])
	for i < len(data) {
		c := data[i]
		switch {
		case c == quote:
			return b.String(), i + 1, true
		case c == '<':
			return "", 0, false
		case c == '&':
			r, n := parseXMLReference(data[i:])
			if n == 0 {
				return "", 0, false
			}
			b.WriteRune(r)
			i += n
		case c == '\r':
			// End-of-line handling turns CR LF into one LF, then
			// normalization makes it a space.
			b.WriteByte(' ')
			i++
			if i < len(data) && data[i] == '\n' {
				i++
			}
		case c == '\t' || c == '\n':
			b.WriteByte(' ')
			i++
		default:
			r, size := utf8.DecodeRuneInString(data[i:])
			if !xmlChar(r) || r == utf8.RuneError && size == 1 {
				return "", 0, false
			}
			b.WriteString(data[i : i+size])
			i += size
		}
	}
	return "", 0, false
}

// parseXMLReference reads the entity or character reference at the start
// of s: one of XML's five predefined entities or &#N; / &#xH; naming an XML
// Char. n is the reference's length, 0 when it is not one.
// https://www.w3.org/TR/xml/#NT-Reference
func parseXMLReference(s string) (r rune, n int) {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 12 {
		return 0, 0
	}
	switch ref := s[1:end]; ref {
	case "amp":
		return '&', end + 1
	case "lt":
		return '<', end + 1
	case "gt":
		return '>', end + 1
	case "quot":
		return '"', end + 1
	case "apos":
		return '\'', end + 1
	default:
		if ref[0] != '#' || len(ref) < 2 {
			return 0, 0
		}
		digits, base := ref[1:], rune(10)
		if digits[0] == 'x' {
			digits, base = digits[1:], 16
		}
		if digits == "" {
			return 0, 0
		}
		for _, d := range []byte(digits) {
			var v rune
			switch {
			case '0' <= d && d <= '9':
				v = rune(d - '0')
			case base == 16 && 'a' <= d && d <= 'f':
				v = rune(d-'a') + 10
			case base == 16 && 'A' <= d && d <= 'F':
				v = rune(d-'A') + 10
			default:
				return 0, 0
			}
			if r = r*base + v; r > 0x10FFFF {
				return 0, 0
			}
		}
		if !xmlChar(r) {
			return 0, 0
		}
		return r, end + 1
	}
}

// serializePIAttributes writes attrs back as data: name="value" pairs
// joined by single spaces, values escaped so that they parse back the same.
func serializePIAttributes(attrs []piAttribute) string {
	var b strings.Builder
	for i, a := range attrs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.name)
		b.WriteString(`="`)
		for j := 0; j < len(a.value); j++ {
			switch c := a.value[j]; c {
			case '&':
				b.WriteString("&amp;")
			case '<':
				b.WriteString("&lt;")
			case '>':
				b.WriteString("&gt;")
			case '"':
				b.WriteString("&quot;")
			case '\t':
				b.WriteString("&#9;")
			case '\n':
				b.WriteString("&#10;")
			case '\r':
				b.WriteString("&#13;")
			default:
				b.WriteByte(c)
			}
		}
		b.WriteByte('"')
	}
	return b.String()
}

// isXMLSpace is https://www.w3.org/TR/xml/#NT-S (no form feed).
func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipXMLSpace(s string, i int) int {
	for i < len(s) && isXMLSpace(s[i]) {
		i++
	}
	return i
}

// xmlChar is https://www.w3.org/TR/xml/#NT-Char.
func xmlChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || 0x20 <= r && r <= 0xD7FF ||
		0xE000 <= r && r <= 0xFFFD || 0x10000 <= r && r <= 0x10FFFF
}

// xmlNameStart is https://www.w3.org/TR/xml/#NT-NameStartChar.
func xmlNameStart(r rune) bool {
	switch {
	case r == ':' || r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
		return true
	case r < 0xC0:
		return false
	}
	return r <= 0xD6 || 0xD8 <= r && r <= 0xF6 || 0xF8 <= r && r <= 0x2FF ||
		0x370 <= r && r <= 0x37D || 0x37F <= r && r <= 0x1FFF || r == 0x200C || r == 0x200D ||
		0x2070 <= r && r <= 0x218F || 0x2C00 <= r && r <= 0x2FEF || 0x3001 <= r && r <= 0xD7FF ||
		0xF900 <= r && r <= 0xFDCF || 0xFDF0 <= r && r <= 0xFFFD || 0x10000 <= r && r <= 0xEFFFF
}

// xmlNameRest is the rest of https://www.w3.org/TR/xml/#NT-NameChar.
func xmlNameRest(r rune) bool {
	return r == '-' || r == '.' || '0' <= r && r <= '9' || r == 0xB7 ||
		0x300 <= r && r <= 0x36F || r == 0x203F || r == 0x2040
}
