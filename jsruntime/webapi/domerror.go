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
