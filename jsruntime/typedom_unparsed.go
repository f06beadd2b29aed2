package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// CSSUnparsedValue and CSSVariableReferenceValue: the Typed OM form of a
// custom property's value and of a value with var() references, a list
// of strings and references (each with its fallback, itself a
// CSSUnparsedValue), as Chromium 156 reifies and serializes them
// (testdata/wpt/known51-unparsed-value.html).
// https://drafts.css-houdini.org/css-typed-om-1/#unparsedvalue-objects

// cssUnparsed is a CSSUnparsedValue: its segments, each a string or a
// *cssVarRef.
type cssUnparsed struct{ segs []any }

// cssVarRef is a CSSVariableReferenceValue.
type cssVarRef struct {
	variable string
	fallback *cssUnparsed // nil: none
}

// String serializes u: its strings as they are and each reference as
// var(--name) or var(--name,fallback), with an empty comment where a
// reference would otherwise run into the name or number before it (as
// Chromium writes the tokens back: ["a", var(--b)] is a/**/var(--b)).
// https://drafts.css-houdini.org/css-typed-om-1/#serialize-a-cssunparsedvalue
func (u *cssUnparsed) String() string {
	var b strings.Builder
	u.write(&b)
	return b.String()
}

func (u *cssUnparsed) write(b *strings.Builder) {
	for _, s := range u.segs {
		switch x := s.(type) {
		case string:
			b.WriteString(x)
		case *cssVarRef:
			if b.Len() > 0 {
				if last := b.String()[b.Len()-1]; isNameByte(last) {
					b.WriteString("/**/")
				}
			}
			b.WriteString("var(")
			b.WriteString(x.variable)
			if x.fallback != nil {
				b.WriteByte(',')
				x.fallback.write(b)
			}
			b.WriteByte(')')
		}
	}
}

// parseUnparsed reifies a value's text as a CSSUnparsedValue: comments
// dropped, each run of white space one space, white space around the
// value trimmed, and each var() a reference whose fallback (the text
// after its comma) is read the same way.
func parseUnparsed(text string) *cssUnparsed {
	segs, _ := unparsedSegments(strings.TrimSpace(text), 0, false)
	return &cssUnparsed{segs: segs}
}

// unparsedSegments reads the segments of s from i: to its end, or, when
// nested, to the parenthesis that closes the var() being read (end is the
// index after it).
func unparsedSegments(s string, i int, nested bool) (segs []any, end int) {
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			segs = append(segs, b.String())
			b.Reset()
		}
	}
	depth := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			i = skipComment(s, i)
		case isCSSSpace(c):
			for i < len(s) && isCSSSpace(s[i]) {
				i++
			}
			b.WriteByte(' ')
		case c == '"' || c == '\'':
			j := stringEnd(s, i)
			b.WriteString(s[i : j+1])
			i = j + 1
		case c == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i += 2
		case c == '(':
			depth++
			b.WriteByte(c)
			i++
		case c == ')':
			if nested && depth == 0 {
				flush()
				return segs, i + 1
			}
			depth--
			b.WriteByte(c)
			i++
		case (c == 'v' || c == 'V') && i+4 <= len(s) && ascii.EqualFold(s[i:i+4], "var(") && (i == 0 || !isNameByte(s[i-1])):
			ref, next, ok := readVarRef(s, i+4)
			if !ok {
				b.WriteString(s[i : i+4])
				depth++
				i += 4
				continue
			}
			flush()
			segs = append(segs, ref)
			i = next
		default:
			b.WriteByte(c)
			i++
		}
	}
	flush()
	return segs, i
}

// readVarRef reads the reference of a var( whose parenthesis ends before
// s[i]: the custom property's name and, after a comma, its fallback.
func readVarRef(s string, i int) (*cssVarRef, int, bool) {
	i = skipSpaceAndComments(s, i)
	j := i
	for j < len(s) && isNameByte(s[j]) {
		j++
	}
	name := s[i:j]
	if !strings.HasPrefix(name, "--") {
		return nil, 0, false
	}
	ref := &cssVarRef{variable: name}
	j = skipSpaceAndComments(s, j)
	switch {
	case j < len(s) && s[j] == ')':
		return ref, j + 1, true
	case j < len(s) && s[j] == ',':
		fb, end := unparsedSegments(s, j+1, true)
		ref.fallback = &cssUnparsed{segs: fb}
		return ref, end, true
	case j >= len(s):
		return ref, j, true // an unclosed var() closes at the end
	}
	return nil, 0, false
}

// skipComment is the index after the comment starting at s[i].
func skipComment(s string, i int) int {
	if e := strings.Index(s[i+2:], "*/"); e >= 0 {
		return i + 2 + e + 2
	}
	return len(s)
}

func skipSpaceAndComments(s string, i int) int {
	for i < len(s) {
		switch {
		case isCSSSpace(s[i]):
			i++
		case s[i] == '/' && i+1 < len(s) && s[i+1] == '*':
			i = skipComment(s, i)
		default:
			return i
		}
	}
	return i
}

// unparsedSegment converts a CSSUnparsedSegment: a
// CSSVariableReferenceValue, or a string.
func unparsedSegment(r *bind.Realm, v goja.Value) any {
	if impl, ok := r.UnwrapAs(v, r.Class("CSSVariableReferenceValue")); ok {
		return impl
	}
	return bind.DOMString(v)
}

// jsSequence is the items of a sequence<T> argument (any iterable),
// or ok false when v is not one.
func jsSequence(r *bind.Realm, v goja.Value) ([]goja.Value, bool) {
	o, ok := v.(*goja.Object)
	if !ok {
		return nil, false
	}
	if it := o.GetSymbol(goja.SymIterator); it == nil || goja.IsUndefined(it) {
		return nil, false
	}
	if o.ClassName() != "Array" {
		from, _ := goja.AssertFunction(r.Runtime.Get("Array").ToObject(r.Runtime).Get("from"))
		a, err := from(goja.Undefined(), o)
		if err != nil {
			panic(err)
		}
		o = a.ToObject(r.Runtime)
	}
	n := o.Get("length").ToInteger()
	out := make([]goja.Value, 0, min(n, 64))
	for i := int64(0); i < n; i++ {
		out = append(out, o.Get(strconv.FormatInt(i, 10)))
	}
	return out, true
}

var cssUnparsedValueIface = &bind.Interface{
	Name:       "CSSUnparsedValue",
	Parent:     "CSSStyleValue",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		if len(args) == 0 {
			r.ThrowTypeError("Failed to construct 'CSSUnparsedValue': 1 argument required, but only 0 present.")
		}
		items, ok := jsSequence(r, args[0])
		if !ok {
			r.ThrowTypeError("Failed to construct 'CSSUnparsedValue': The provided value cannot be converted to a sequence.")
		}
		u := &cssUnparsed{segs: make([]any, 0, len(items))}
		for _, it := range items {
			u.segs = append(u.segs, unparsedSegment(r, it))
		}
		return u
	},
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(this.(*cssUnparsed).segs)) }},
	},
	ValueIterable: &bind.ValueIterable{},
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			u := this.(*cssUnparsed)
			i := bind.Index(key)
			if i < 0 || i >= len(u.segs) {
				return nil
			}
			switch x := u.segs[i].(type) {
			case string:
				return r.String(x)
			case *cssVarRef:
				return r.Wrap(x, r.Class("CSSVariableReferenceValue"))
			}
			return nil
		},
		// the indexed setter replaces a segment or appends one
		// https://drafts.css-houdini.org/css-typed-om-1/#dom-cssunparsedvalue-__setter__
		Set: func(r *bind.Realm, this any, key string, v goja.Value) bool {
			u := this.(*cssUnparsed)
			i := bind.Index(key)
			if i < 0 {
				return false
			}
			switch {
			case i < len(u.segs):
				u.segs[i] = unparsedSegment(r, v)
			case i == len(u.segs):
				u.segs = append(u.segs, unparsedSegment(r, v))
			default:
				r.ThrowRangeError("Failed to set an indexed property [" + key + "] on 'CSSUnparsedValue': The index provided (" + key + ") is outside the range [0, " + strconv.Itoa(len(u.segs)) + "].")
			}
			return true
		},
		IndexedSetter: true,
		Keys: func(r *bind.Realm, this any) []string {
			keys := make([]string, len(this.(*cssUnparsed).segs))
			for i := range keys {
				keys[i] = strconv.Itoa(i)
			}
			return keys
		},
	},
}

// validCustomPropertyName is Chromium's test of a
// CSSVariableReferenceValue's variable: a name starting with two dashes.
func validCustomPropertyName(s string) bool { return strings.HasPrefix(s, "--") }

var cssVariableReferenceValueIface = &bind.Interface{
	Name:       "CSSVariableReferenceValue",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		if len(args) == 0 {
			r.ThrowTypeError("Failed to construct 'CSSVariableReferenceValue': 1 argument required, but only 0 present.")
		}
		name := bind.DOMString(args[0])
		ref := &cssVarRef{variable: name}
		if len(args) > 1 && !goja.IsUndefined(args[1]) && !goja.IsNull(args[1]) {
			fb, ok := r.UnwrapAs(args[1], r.Class("CSSUnparsedValue"))
			if !ok {
				r.ThrowTypeError("Failed to construct 'CSSVariableReferenceValue': parameter 2 is not of type 'CSSUnparsedValue'.")
			}
			ref.fallback = fb.(*cssUnparsed)
		}
		if !validCustomPropertyName(name) {
			r.ThrowTypeError("Failed to construct 'CSSVariableReferenceValue': Invalid custom property name")
		}
		return ref
	},
	Attributes: []bind.Attribute{
		{Name: "variable",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*cssVarRef).variable) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				s := bind.DOMString(v)
				if !validCustomPropertyName(s) {
					r.ThrowTypeError("Failed to set the 'variable' property on 'CSSVariableReferenceValue': Invalid custom property name")
				}
				this.(*cssVarRef).variable = s
			}},
		{Name: "fallback", Get: func(r *bind.Realm, this any) goja.Value {
			if fb := this.(*cssVarRef).fallback; fb != nil {
				return r.Wrap(fb, r.Class("CSSUnparsedValue"))
			}
			return goja.Null()
		}},
	},
}
