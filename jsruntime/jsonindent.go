package jsruntime

import (
	"math"

	"github.com/dop251/goja"
)

// JSON.stringify with a space argument. goja's indented output leaks one
// level of indentation for every empty object or array it writes (its jo and
// ja return before restoring the indent), so everything after a `{}` or `[]`
// nested in the value was indented too deeply:
// JSON.stringify({a: {}, b: {c: 1}}, null, 1) put "c" three spaces in, where
// ECMAScript's SerializeJSONObject (and Chromium) put it two.
// https://tc39.es/ecma262/#sec-json.stringify
//
// The replacement computes the gap as the standard does, lets goja's own
// JSON.stringify serialize the value without one (what is serialized, the
// order, toJSON and replacer calls and the errors thrown do not depend on the
// gap), and indents that compact text: it has no white space outside strings,
// so each structural character says where a line break and indent go. Calls
// without a space argument go straight to goja's function.

// jsonMaxGap is the most code units of a gap (step 6–7 of JSON.stringify).
const jsonMaxGap = 10

func installJSONIndent(rt *goja.Runtime) error {
	j, ok := rt.GlobalObject().Get("JSON").(*goja.Object)
	if !ok {
		return nil
	}
	native, ok := goja.AssertFunction(j.Get("stringify"))
	if !ok {
		return nil
	}
	fn := func(call goja.FunctionCall) goja.Value {
		space := call.Argument(2)
		if goja.IsUndefined(space) || goja.IsNull(space) {
			res, err := native(call.This, call.Arguments...)
			if err != nil {
				panic(err)
			}
			return res
		}
		// The gap first: its valueOf or toString runs before the
		// serialization's toJSON and replacer calls, as in the standard.
		gap := jsonGap(space)
		res, err := native(call.This, call.Argument(0), call.Argument(1))
		if err != nil {
			panic(err)
		}
		s, ok := res.(goja.String)
		if !ok || gap == nil || gap.Length() == 0 {
			return res
		}
		return jsonIndent(s, gap)
	}
	v := rt.ToValue(fn).(*goja.Object)
	if err := v.DefineDataProperty("name", rt.ToValue("stringify"), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return err
	}
	if err := v.DefineDataProperty("length", rt.ToValue(3), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return err
	}
	return j.DefineDataProperty("stringify", v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE) // writable, configurable, not enumerable: polyfills (core-js) redefine it
}

// jsonGap is JSON.stringify's gap for the space argument (steps 5–8): a
// Number or String object is converted first; a number gives that many
// spaces (at most 10), a string its first 10 code units, anything else none.
func jsonGap(space goja.Value) goja.String {
	if o, ok := space.(*goja.Object); ok {
		switch o.ClassName() {
		case "Number":
			space = o.ToNumber()
		case "String":
			space = o.ToString()
		default:
			return nil
		}
	}
	if s, ok := space.(goja.String); ok {
		if s.Length() > jsonMaxGap {
			return s.Substring(0, jsonMaxGap)
		}
		return s
	}
	var f float64
	switch x := space.Export().(type) {
	case int64:
		f = float64(x)
	case float64:
		f = x
	default:
		return nil
	}
	if math.IsNaN(f) || f < 1 {
		return nil
	}
	n := jsonMaxGap
	if f < jsonMaxGap {
		n = int(f) // ToIntegerOrInfinity truncates
	}
	buf := make([]uint16, n)
	for i := range buf {
		buf[i] = ' '
	}
	return goja.StringFromUTF16(buf)
}

// jsonIndent lays out compact JSON text with gap as JSON.stringify does:
// a line break and one gap per level after an opening bracket and each comma
// and before a closing bracket, ": " between a key and its value, and empty
// objects and arrays left as "{}" and "[]".
func jsonIndent(s, gap goja.String) goja.Value {
	n := s.Length()
	g := make([]uint16, gap.Length())
	for i := range g {
		g[i] = gap.CharAt(i)
	}
	out := make([]uint16, 0, n*2)
	depth := 0
	newline := func() {
		out = append(out, '\n')
		for range depth {
			out = append(out, g...)
		}
	}
	inString, escaped := false, false
	for i := 0; i < n; i++ {
		c := s.CharAt(i)
		if inString {
			out = append(out, c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
			out = append(out, c)
		case '{', '[':
			out = append(out, c)
			if i+1 < n && (s.CharAt(i+1) == '}' || s.CharAt(i+1) == ']') {
				out = append(out, s.CharAt(i+1))
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			out = append(out, c)
		case ',':
			out = append(out, c)
			newline()
		case ':':
			out = append(out, ':', ' ')
		default:
			out = append(out, c)
		}
	}
	return goja.StringFromUTF16(out)
}
