package bind

import (
	"testing"

	"github.com/dop251/goja"
)

// TestDictionary: members are read once each in the caller's order, a
// primitive is no dictionary, and a member's conversion error gets the
// member's context while a getter's own exception passes through.
func TestDictionary(t *testing.T) {
	rt := goja.New()
	run := func(js string) goja.Value {
		v, err := rt.RunString(js)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v := run(`var read = []; ({ get b() { read.push("b"); return 2 ** 32 + 5 }, get a() { read.push("a"); return "x" } })`)
	d := NewDictionary(v, "TestInit")
	if s := d.String("a"); s != "x" {
		t.Errorf("a = %q", s)
	}
	if n := d.UnsignedLong("b"); n != 5 {
		t.Errorf("b = %d, want 5 (modulo 2^32)", n)
	}
	if d.Boolean("c") || d.Long("c") != 0 {
		t.Error("a missing member is not its default")
	}
	if got := run(`read.join()`).String(); got != "a,b" {
		t.Errorf("read %s, want a,b", got)
	}
	message := func(f func()) (msg string) {
		defer func() {
			x := recover()
			if m, ok := conversionMessage(x); ok {
				msg = m
			} else if x != nil {
				msg = "other"
			}
		}()
		f()
		return ""
	}
	for _, c := range []struct {
		name string
		f    func()
		want string
	}{
		{"primitive", func() { NewDictionary(rt.ToValue(1), "TestInit") }, "The provided value is not of type 'TestInit'."},
		{"null", func() { NewDictionary(goja.Null(), "TestInit").Long("x") }, ""},
		{"symbol", func() { NewDictionary(run(`({ x: Symbol() })`), "TestInit").Long("x") }, "Failed to read the 'x' property from 'TestInit': Cannot convert a Symbol value to a number"},
		{"inherited", func() { NewDictionary(run(`({ x: NaN })`), "TestInit").As("BaseInit").Double("x") }, "Failed to read the 'x' property from 'BaseInit': The provided double value is non-finite."},
		{"required", func() { NewDictionary(run(`({})`), "TestInit").Required("x", func(goja.Value) {}) }, "Failed to read the 'x' property from 'TestInit': Required member is undefined."},
		{"enum", func() { NewDictionary(run(`({ e: "c" })`), "TestInit").Enum("e", "TestEnum", "a", "b") }, "Failed to read the 'e' property from 'TestInit': The provided value 'c' is not a valid enum value of type TestEnum."},
		{"enum value", func() {
			if s, ok := NewDictionary(run(`({ e: { toString() { return "b" } } })`), "TestInit").Enum("e", "TestEnum", "a", "b"); s != "b" || !ok {
				t.Errorf("enum: %q %v", s, ok)
			}
		}, ""},
		{"enum absent", func() {
			if _, ok := NewDictionary(run(`({})`), "TestInit").Enum("e", "TestEnum", "a"); ok {
				t.Error("an absent enum member is present")
			}
		}, ""},
		{"getter", func() { NewDictionary(run(`({ get x() { throw new Error("own") } })`), "TestInit").Long("x") }, "other"},
	} {
		if got := message(c.f); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// BenchmarkDictionary reads an init dictionary's members as an event
// constructor does: no allocation on the success path.
func BenchmarkDictionary(b *testing.B) {
	rt := goja.New()
	v, err := rt.RunString(`({ bubbles: true, detail: 3, clientX: 1.5, key: "Enter" })`)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		d := NewDictionary(v, "MouseEventInit")
		_ = d.Boolean("bubbles")
		_ = d.Boolean("cancelable")
		_ = d.Long("detail")
		_ = d.Double("clientX")
		_ = d.String("key")
	}
}
