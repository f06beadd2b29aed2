package webapi

import (
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/loop"
)

func installedRuntime(tb testing.TB) *goja.Runtime {
	tb.Helper()
	rt := goja.New()
	l := loop.New(rt, loop.Options{Deterministic: true})
	realm := bind.NewRealm(rt)
	if err := Install(realm, rt.GlobalObject(), Config{Host: l, Console: func(string, string) {}}); err != nil {
		tb.Fatal(err)
	}
	return rt
}

// TestReplaceableGlobalAttributes checks that performance, screen and
// visualViewport are [Replaceable] accessors of the global object that
// give the same object on every read.
func TestReplaceableGlobalAttributes(t *testing.T) {
	rt := installedRuntime(t)
	v, err := rt.RunString(`['performance', 'screen', 'visualViewport'].map(function (n) {
		var d = Object.getOwnPropertyDescriptor(globalThis, n);
		return [typeof d.get, d.get.name, typeof d.set, d.set.name, d.enumerable, d.configurable,
			globalThis[n] === globalThis[n], typeof globalThis[n]].join();
	}).join(';') + ';' + (function () { performance = 1; return performance + ',' + ('value' in Object.getOwnPropertyDescriptor(globalThis, 'performance')); })()`)
	if err != nil {
		t.Fatal(err)
	}
	want := "function,get performance,function,set performance,true,true,true,object;" +
		"function,get screen,function,set screen,true,true,true,object;" +
		"function,get visualViewport,function,set visualViewport,true,true,true,object;1,true"
	if got := v.String(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// BenchmarkGlobalAccessorRead is a script reading performance and screen
// through their accessors: no allocation per read.
func BenchmarkGlobalAccessorRead(b *testing.B) {
	rt := installedRuntime(b)
	fn, err := rt.RunString(`(function (n) { var x; for (var i = 0; i < n; i++) { x = performance; x = screen; } return x; })`)
	if err != nil {
		b.Fatal(err)
	}
	call, _ := goja.AssertFunction(fn)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := call(nil, rt.ToValue(100)); err != nil {
			b.Fatal(err)
		}
	}
}
