package webapi

import (
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// The async clipboard and the visual viewport, as a headless browser
// without clipboard permission has them.

// clipboardImpl is navigator.clipboard. A render has no user and grants
// no permission: reading and writing text reject with NotAllowedError, as
// in headless Chromium; writing no items resolves.
// https://w3c.github.io/clipboard-apis/#clipboard-interface
type clipboardImpl struct{ onchange goja.Value }

func clipboardRejection(r *bind.Realm, method, what string) goja.Value {
	p, _, reject := r.Runtime.NewPromise()
	_ = reject(r.NewDOMException("NotAllowedError", "Failed to execute '"+method+"' on 'Clipboard': "+what+" permission denied."))
	return r.Runtime.ToValue(p)
}

func clipboardInterface(eventTarget bool) *bind.Interface {
	iface := &bind.Interface{
		Name: "Clipboard",
		Attributes: []bind.Attribute{
			{Name: "onclipboardchange", Get: func(r *bind.Realm, this any) goja.Value {
				if v := this.(*clipboardImpl).onchange; v != nil {
					return v
				}
				return goja.Null()
			}, Set: func(r *bind.Realm, this any, v goja.Value) {
				if _, ok := v.(*goja.Object); !ok {
					v = nil
				}
				this.(*clipboardImpl).onchange = v
			}},
		},
		Methods: []bind.Method{
			{Name: "read", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				return clipboardRejection(r, "read", "Read")
			}},
			{Name: "readText", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				return clipboardRejection(r, "readText", "Read")
			}},
			{Name: "write", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				if o, ok := args[0].(*goja.Object); ok && o.Get("length") != nil && o.Get("length").ToInteger() == 0 {
					p, resolve, _ := r.Runtime.NewPromise()
					_ = resolve(goja.Undefined())
					return r.Runtime.ToValue(p)
				}
				return clipboardRejection(r, "write", "Write")
			}},
			{Name: "writeText", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				return clipboardRejection(r, "writeText", "Write")
			}},
		},
	}
	if eventTarget {
		iface.Parent = "EventTarget"
	}
	return iface
}

// visualViewportImpl is window.visualViewport: the layout viewport,
// unzoomed and unscrolled, so its size is the window's inner size.
// https://drafts.csswg.org/cssom-view/#the-visualviewport-interface
type visualViewportImpl struct {
	vp       Viewport
	handlers [3]goja.Value // onresize, onscroll, onscrollend
}

func visualViewportInterface(eventTarget bool) *bind.Interface {
	num := func(name string, f func(v *visualViewportImpl) float64) bind.Attribute {
		return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return r.Float(f(this.(*visualViewportImpl))) }}
	}
	zero := func(*visualViewportImpl) float64 { return 0 }
	attrs := []bind.Attribute{
		num("offsetLeft", zero), num("offsetTop", zero), num("pageLeft", zero), num("pageTop", zero),
		num("width", func(v *visualViewportImpl) float64 { return float64(v.vp.Width) }),
		num("height", func(v *visualViewportImpl) float64 { return float64(v.vp.Height) }),
		num("scale", func(*visualViewportImpl) float64 { return 1 }),
	}
	// The viewport never changes: its handlers are kept and never called
	// (InstallViewport makes them event handlers where the realm has an
	// EventHost).
	for i, name := range []string{"onresize", "onscroll", "onscrollend"} {
		attrs = append(attrs, bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
			if v := this.(*visualViewportImpl).handlers[i]; v != nil {
				return v
			}
			return goja.Null()
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			if _, ok := v.(*goja.Object); !ok {
				v = nil
			}
			this.(*visualViewportImpl).handlers[i] = v
		}})
	}
	iface := &bind.Interface{Name: "VisualViewport", Attributes: attrs}
	if eventTarget {
		iface.Parent = "EventTarget"
	}
	return iface
}
