package jsruntime

import (
	"github.com/dop251/goja"
)

// What a frame's window inherits from the page's.
//
// goja has one realm per runtime, so a frame's window cannot have globals
// of its own making: it inherits the page's window (frames.go). In a
// browser a frame's window has only the platform's globals — the page's
// scripts' globals (its vars, functions, `window.x = …`) are not there: a
// frame whose script asks `"setup" in window` must not find the page's
// testharness.js, and `var testDiv` in a frame must make a global of the
// frame's even when the page has a testDiv.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object
//
// So the frames' windows do not inherit the page's window itself but a
// view of it (a proxy over an empty object whose prototype is
// Window.prototype) that shows only the names the window had before the
// page's first script: the platform's globals. Those are read and
// written on the page's window with the frame's window as the receiver,
// as through a prototype, so accessors see the frame's window as this and
// an assignment makes an own property of the frame's window; the members
// of Window.prototype are read there, and every other name on
// EventTarget.prototype's chain: the page's named properties (its elements
// by id and name, the WindowProperties object between Window.prototype and
// EventTarget.prototype) are not the frame's either. What differs from a
// browser: a platform global the page replaced (a polyfill's Promise) is
// the replacement in the frames too; a name the frame's script does not
// declare and no window has still resolves in the page's global scope
// (the frame's script runs in a function of the page's realm, see
// framescripts.go).

// platformGlobals records the names of the page's window once the platform
// is installed, before any page script runs, with the Reflect functions
// the view calls.
type platformGlobals struct {
	names         map[string]struct{} // the window's own
	protoNames    map[string]struct{} // Window.prototype's own
	get, set, has goja.Callable
	// windowProto is Window.prototype, below is the object under the
	// page's WindowProperties (EventTarget.prototype).
	windowProto, below, view *goja.Object
	reflectUnavailable       bool
}

// notePlatformGlobals records the window's names as the platform's.
func (w *Window) notePlatformGlobals() {
	p := &w.platform
	names := w.global.GetOwnPropertyNames()
	p.names = make(map[string]struct{}, len(names))
	for _, n := range names {
		p.names[n] = struct{}{}
	}
	if r, ok := w.global.Get("Reflect").(*goja.Object); ok {
		p.get, _ = goja.AssertFunction(r.Get("get"))
		p.set, _ = goja.AssertFunction(r.Get("set"))
		p.has, _ = goja.AssertFunction(r.Get("has"))
	}
	p.reflectUnavailable = p.get == nil || p.set == nil || p.has == nil
	p.windowProto = w.global.Prototype()
	if p.windowProto == nil {
		return
	}
	protoNames := p.windowProto.GetOwnPropertyNames()
	p.protoNames = make(map[string]struct{}, len(protoNames))
	for _, n := range protoNames {
		p.protoNames[n] = struct{}{}
	}
	if props := p.windowProto.Prototype(); props != nil {
		p.below = props.Prototype()
	}
}

// frameGlobalView returns the object the frames' windows inherit: the page's
// window as it is to a frame (above); the page's window itself when the
// platform's names were not recorded.
func (w *Window) frameGlobalView() *goja.Object {
	p := &w.platform
	if p.names == nil || p.reflectUnavailable || p.windowProto == nil || p.below == nil {
		return w.global
	}
	if p.view != nil {
		return p.view
	}
	target := w.rt.CreateObject(p.windowProto)
	// where says on which object a name is looked up: the page's window
	// for a platform global, Window.prototype for its members,
	// EventTarget.prototype for the rest.
	where := func(name string) *goja.Object {
		if _, ok := p.names[name]; ok {
			return w.global
		}
		if _, ok := p.protoNames[name]; ok {
			return p.windowProto
		}
		return p.below
	}
	call := func(fn goja.Callable, args ...goja.Value) goja.Value {
		v, err := fn(goja.Undefined(), args...)
		if err != nil {
			panic(err)
		}
		return v
	}
	proxy := w.rt.NewProxy(target, &goja.ProxyTrapConfig{
		Has: func(_ *goja.Object, name string) bool {
			return call(p.has, where(name), w.str(name)).ToBoolean()
		},
		Get: func(_ *goja.Object, name string, receiver goja.Value) goja.Value {
			return call(p.get, where(name), w.str(name), receiver)
		},
		Set: func(_ *goja.Object, name string, v, receiver goja.Value) bool {
			return call(p.set, where(name), w.str(name), v, receiver).ToBoolean()
		},
	})
	p.view = w.rt.ToValue(proxy).(*goja.Object)
	return p.view
}
