package webapi

import "testing"

// TestConsoleNamespaceShape checks the console namespace object as Web IDL
// and the Console standard shape it (and idlharness.js checks it): a
// writable, configurable, non-enumerable global property whose object
// inherits from an empty object that inherits from Object.prototype, with
// writable, enumerable, configurable operations.
func TestConsoleNamespaceShape(t *testing.T) {
	rt, l := newPage(t)
	if err := InstallConsole(realmOf(t, rt), rt.GlobalObject(), l, func(string, string) {}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, js, want string }{
		{"global property", `var d = Object.getOwnPropertyDescriptor(globalThis, 'console'); [d.writable, d.enumerable, d.configurable, d.value === console].join()`, "true,false,true,true"},
		{"not enumerated", `Object.keys(globalThis).indexOf('console')`, "-1"},
		{"prototype is empty", `Reflect.ownKeys(Object.getPrototypeOf(console)).length`, "0"},
		{"prototype's prototype", `Object.getPrototypeOf(Object.getPrototypeOf(console)) === Object.prototype`, "true"},
		{"extensible", `Object.isExtensible(console)`, "true"},
		{"operation", `var d = Object.getOwnPropertyDescriptor(console, 'log'); [d.writable, d.enumerable, d.configurable, typeof d.value, console.log.name].join()`, "true,true,true,function,log"},
		{"no length or name", `[Object.getOwnPropertyDescriptor(console, 'length'), Object.getOwnPropertyDescriptor(console, 'name')].join()`, ","},
	} {
		t.Run(c.name, func(t *testing.T) {
			v, err := rt.RunString(c.js)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != c.want {
				t.Errorf("%s = %s, want %s", c.js, got, c.want)
			}
		})
	}
}
