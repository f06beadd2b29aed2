package webapi

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// domError is a DOMError: a name and a message. The interface left the
// DOM standard for DOMException; Chromium still exposes it, and pages test
// for it ("DOMError" in window).
type domError struct{ name, message string }

var domErrorInterface = &bind.Interface{
	Name:       "DOMError",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		if len(args) < 1 {
			r.ThrowTypeError("Failed to construct 'DOMError': 1 argument required, but only 0 present.")
		}
		e := &domError{name: bind.DOMString(args[0])}
		if m := bind.Arg(args, 1); !bind.Absent(m) {
			e.message = bind.DOMString(m)
		}
		return e
	},
	Attributes: []bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*domError).name) }},
		{Name: "message", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*domError).message) }},
	},
}

// guardedConstructors are the built-ins package loop puts behind a Proxy
// (its allocation guards), which goja would print without a name.
var guardedConstructors = [...]string{"ArrayBuffer", "SharedArrayBuffer", "Int8Array", "Uint8Array",
	"Uint8ClampedArray", "Int16Array", "Uint16Array", "Float16Array", "Int32Array", "Uint32Array",
	"Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"}

// markGuardedConstructors makes Function.prototype.toString show the
// guarded constructors as Chromium does: "function Int8Array() { [native
// code] }" (WPT encoding/encodeInto names its subtests with them).
func markGuardedConstructors(realm *bind.Realm, target *goja.Object) {
	for _, name := range guardedConstructors {
		if o, ok := target.Get(name).(*goja.Object); ok {
			realm.MarkNative(o, name)
		}
	}
}
