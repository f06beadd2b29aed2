package webapi

import (
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// TestPolyfillsLazyLikeEager checks that every global polyfills.js defines
// lazily (defineLazy, made on first use through bind's DefineLazy) looks
// to scripts exactly as when it is defined at once: each way a script can
// reach or inspect a global property, run first thing on a fresh realm,
// answers the same with the lazy hook as without it.
func TestPolyfillsLazyLikeEager(t *testing.T) {
	var names []string
	record := true
	setup := func(lazy bool) *goja.Runtime {
		rt := goja.New()
		realm := bind.NewRealm(rt)
		var hook lazyDefiner
		if lazy {
			hook = func(obj *goja.Object, name string, value func() goja.Value) error {
				if record {
					names = append(names, name)
				}
				return realm.DefineLazy(obj, name, value)
			}
		}
		if err := installPolyfills(rt, realm.MarkNative, hook); err != nil {
			t.Fatal(err)
		}
		return rt
	}
	setup(true)
	record = false
	if len(names) == 0 {
		t.Fatal("polyfills.js defines nothing lazily")
	}
	const helpers = `var desc = function (o, k) {
		var d = Object.getOwnPropertyDescriptor(o, k);
		if (!d) return "none";
		var v = "get" in d ? "accessor" : typeof d.value;
		return v + ":" + (d.writable ? "w" : "-") + (d.enumerable ? "e" : "-") + (d.configurable ? "c" : "-");
	};
	var src = function (f) { return Function.prototype.toString.call(f); };
	`
	paths := []string{
		// [[Get]], and what the value is.
		`typeof globalThis[N] + " " + globalThis[N].name + " " + globalThis[N].length + " " + src(globalThis[N]) + " " + Object.getOwnPropertyNames(globalThis[N].prototype).join()`,
		`typeof eval(N)`,
		// [[HasProperty]] and own-property checks.
		`(N in globalThis) + " " + globalThis.hasOwnProperty(N) + " " + globalThis.propertyIsEnumerable(N)`,
		// [[GetOwnProperty]] through each built-in that reveals it.
		`desc(globalThis, N)`,
		`var d = Reflect.getOwnPropertyDescriptor(globalThis, N); [typeof d.value, d.writable, d.enumerable, d.configurable, d.value === globalThis[N]].join()`,
		`var d = Object.getOwnPropertyDescriptors(globalThis)[N]; [typeof d.value, d.writable, d.enumerable, d.configurable, "get" in d].join()`,
		// Own keys, their order, enumeration.
		`Object.getOwnPropertyNames(globalThis).join()`,
		`Object.keys(globalThis).join()`,
		`var ks = []; for (var k in globalThis) ks.push(k); ks.join()`,
		`var a = Object.getOwnPropertyNames(globalThis).join(); globalThis[N]; a === Object.getOwnPropertyNames(globalThis).join()`,
		// Deleting, assigning, redefining first.
		`[delete globalThis[N], typeof globalThis[N], N in globalThis, desc(globalThis, N)].join()`,
		`globalThis[N] = 5; [globalThis[N], desc(globalThis, N)].join()`,
		`Object.defineProperty(globalThis, N, { value: 1 }); globalThis[N] = 2; desc(globalThis, N) + globalThis[N]`,
		`Reflect.defineProperty(globalThis, N, { enumerable: true }); desc(globalThis, N)`,
		`Object.defineProperties(globalThis, { [N]: { configurable: false } }); desc(globalThis, N)`,
		`Object.freeze(globalThis); desc(globalThis, N)`,
		`var o = Object.create(globalThis); o[N] = 1; [o[N], desc(o, N), typeof globalThis[N], desc(globalThis, N)].join()`,
	}
	for _, name := range names {
		for i, path := range paths {
			script := helpers + "var N = " + `"` + name + `"` + ";\n" + path
			var got [2]string
			for j, lazy := range []bool{false, true} {
				v, err := setup(lazy).RunString(script)
				if err != nil {
					got[j] = "error: " + err.Error()
				} else {
					got[j] = v.String()
				}
			}
			if got[0] != got[1] {
				t.Errorf("%s, path %d (%s):\neager %q\nlazy  %q", name, i, path, got[0], got[1])
			}
		}
	}
	// The three share one build: made through one name, the others are the
	// same family.
	v, err := setup(true).RunString(`var s = new DisposableStack(); var a = new AsyncDisposableStack();
		[new SuppressedError(1, 2, "m") instanceof Error, SuppressedError.prototype.name, s.disposed, a[Symbol.toStringTag],
		 DisposableStack.prototype[Symbol.dispose] === DisposableStack.prototype.dispose].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "true,SuppressedError,false,AsyncDisposableStack,true"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
