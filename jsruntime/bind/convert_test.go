package bind

import (
	"fmt"
	"testing"

	"github.com/dop251/goja"
)

// TestOperationConversions: ByteString, USVString members, sequences and
// RangeError thrown in an operation get Chromium's messages and the
// context of the member and the operation, as a page sees them.
func TestOperationConversions(t *testing.T) {
	rt := goja.New()
	r := NewRealm(rt)
	op := func(call goja.FunctionCall) goja.Value {
		var out string
		r.Operation("Window", "op", func() {
			d := NewDictionary(call.Argument(0), "OpInit")
			s, _ := d.ByteString("b")
			var items []string
			d.Convert("list", func(v goja.Value) { Sequence(rt, v, func(x goja.Value) { items = append(items, ByteString(x)) }) })
			u, _ := d.USVString("u")
			if d.Boolean("range") {
				panic(RangeError("out of range"))
			}
			out = fmt.Sprintf("%x|%s|%x", s, u, items)
		})
		return rt.ToValue(out)
	}
	rt.Set("op", r.NewFunction("op", 1, op))
	for _, c := range []struct{ js, want string }{
		{`op({ b: "\u00e9", u: "a\ud800", list: ["x", "\u00ff"] })`, "e9|a\uFFFD|[78 ff]"},
		{`op({ b: "\u0100" })`, "TypeError: Failed to execute 'op' on 'Window': Failed to read the 'b' property from 'OpInit': String contains non ISO-8859-1 code point."},
		{`op({ b: "\ud800" })`, "TypeError: Failed to execute 'op' on 'Window': Failed to read the 'b' property from 'OpInit': String contains non ISO-8859-1 code point."},
		{`op(1)`, "TypeError: Failed to execute 'op' on 'Window': The provided value is not of type 'OpInit'."},
		{`op({ list: 1 })`, "TypeError: Failed to execute 'op' on 'Window': Failed to read the 'list' property from 'OpInit': The provided value cannot be converted to a sequence."},
		{`op({ list: { length: 1, 0: "a" } })`, "TypeError: Failed to execute 'op' on 'Window': Failed to read the 'list' property from 'OpInit': The object must have a callable @@iterator property."},
		{`op({ list: { [Symbol.iterator]: 1 } })`, "TypeError: Failed to execute 'op' on 'Window': Failed to read the 'list' property from 'OpInit': @@iterator must be a callable."},
		{`op({ list: { [Symbol.iterator]: () => 1 } })`, "TypeError: Failed to execute 'op' on 'Window': Failed to read the 'list' property from 'OpInit': Iterator object must be an object."},
		{`op({ list: { [Symbol.iterator]: () => ({}) } })`, "TypeError: Failed to execute 'op' on 'Window': Failed to read the 'list' property from 'OpInit': Expected next() function on iterator."},
		{`op({ list: { [Symbol.iterator]: () => ({ next: () => 1 }) } })`, "TypeError: Failed to execute 'op' on 'Window': Failed to read the 'list' property from 'OpInit': Expected iterator.next() to return an Object."},
		{`op({ range: true })`, "RangeError: Failed to execute 'op' on 'Window': out of range"},
		{`op({ get b() { throw new Error("own") } })`, "Error: own"},
	} {
		v, err := rt.RunString(`try { ` + c.js + ` } catch (e) { e.constructor.name + ": " + e.message }`)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s = %q, want %q", c.js, got, c.want)
		}
	}
}

// TestByteString: one byte per character up to U+00FF, and back.
func TestByteString(t *testing.T) {
	rt := goja.New()
	for _, c := range []struct {
		in   string
		want string
	}{
		{"abc", "abc"},
		{"\u00e9t\u00e9", "\xe9t\xe9"},
		{"\u00ff", "\xff"},
	} {
		got := ByteString(rt.ToValue(c.in))
		if got != c.want {
			t.Errorf("ByteString(%q) = %q, want %q", c.in, got, c.want)
		}
		if back := ByteStringValue(rt, got).String(); back != c.in {
			t.Errorf("ByteStringValue(%q) = %q, want %q", got, back, c.in)
		}
	}
}
