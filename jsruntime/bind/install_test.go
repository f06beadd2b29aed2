package bind

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// BenchmarkInstall is the binding cost of a new page in miniature: a fresh
// runtime, its realm (with DOMException) and the test interfaces, a
// [Global] one among them. goja's own runtime setup is included; compare
// with BenchmarkNewRuntime for the part bind adds.
func BenchmarkInstall(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		rt := goja.New()
		r := NewRealm(rt)
		if err := r.Install(rt.GlobalObject(), dogIface, animalIface, catIface, packIface, tagsIface, planetIface, moonIface); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewRuntime is goja.New alone, the floor under BenchmarkInstall.
func BenchmarkNewRuntime(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = goja.New()
	}
}

// TestPrototypeMemberOrder checks the order of an interface prototype's
// own properties, Chromium's: a value iterable's methods, the attributes
// (the interface's, then its mixins'), the constants, then the operations
// by name with toString last, unless OpsInOrder keeps them as declared.
func TestPrototypeMemberOrder(t *testing.T) {
	nop := func(*Realm, any, []goja.Value) goja.Value { return goja.Undefined() }
	get := func(*Realm, any) goja.Value { return goja.Undefined() }
	mixin := &Mixin{
		Constants:  []Constant{{Name: "M_CONST", Value: 2}},
		Attributes: []Attribute{{Name: "mixinAttr", Get: get}},
		Methods:    []Method{{Name: "before", Fn: nop}, {Name: "after", Fn: nop}},
	}
	decl := func(name string, iterable, inOrder bool) *Interface {
		d := &Interface{
			Name:       name,
			Constants:  []Constant{{Name: "A_CONST", Value: 1}},
			Attributes: []Attribute{{Name: "zeta", Get: get}, {Name: "alpha", Get: get}},
			Methods:    []Method{{Name: "toString", Fn: nop}, {Name: "remove", Fn: nop}, {Name: "add", Fn: nop}},
			Mixins:     []*Mixin{mixin},
			OpsInOrder: inOrder,
		}
		if iterable {
			d.ValueIterable = &ValueIterable{}
		}
		return d
	}
	for _, c := range []struct {
		decl *Interface
		want string
	}{
		{decl("Plain", false, false), "zeta alpha mixinAttr A_CONST M_CONST add after before remove toString"},
		{decl("Listy", true, false), "entries keys values forEach zeta alpha mixinAttr A_CONST M_CONST add after before remove toString"},
		{decl("Kept", false, true), "zeta alpha mixinAttr A_CONST M_CONST toString remove add before after"},
	} {
		rt := goja.New()
		if err := NewRealm(rt).Install(rt.GlobalObject(), c.decl); err != nil {
			t.Fatal(err)
		}
		v, err := rt.RunString(`Object.getOwnPropertyNames(` + c.decl.Name + `.prototype).filter(k => k !== "constructor").join(" ")`)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s: got %q, want %q", c.decl.Name, got, c.want)
		}
	}
}

// TestAttributesInOrder checks the reordering of an attribute table: the
// listed names first in the given order, the others after as they were.
func TestAttributesInOrder(t *testing.T) {
	attrs := []Attribute{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}
	for _, c := range []struct{ order, want string }{
		{"", "a b c d"},
		{"c a", "c a b d"},
		{"d c b a", "d c b a"},
		{"x b", "b a c d"},
	} {
		var got []string
		for _, a := range AttributesInOrder(attrs, c.order) {
			got = append(got, a.Name)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("AttributesInOrder(%q) = %v, want %s", c.order, got, c.want)
		}
	}
}
