package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// fontFaceSet is document.fonts: no font is ever loading.
// https://drafts.csswg.org/css-font-loading/#fontfaceset
type fontFaceSet struct{ dom.EventTarget }

var fontFaceSetIface = &bind.Interface{
	Name:   "FontFaceSet",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "status", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str("loaded") }},
		{Name: "ready", Get: func(r *bind.Realm, this any) goja.Value {
			w := win(r)
			return w.resolved(w.realm.Lookup(this))
		}},
		{Name: "size", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(0) }},
	},
	Methods: []bind.Method{
		{Name: "check", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return valTrue }},
		{Name: "load", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).resolved(r.Runtime.NewArray())
		}},
		{Name: "add", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return win(r).realm.Lookup(this) }},
		{Name: "delete", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return valFalse }},
		{Name: "clear", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return nil }},
		{Name: "has", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return valFalse }},
	},
	// setlike<FontFace>, always empty: entries, keys, values, forEach and
	// @@iterator (Plotly spreads [...document.fonts]).
	PairIterable: &bind.PairIterable{
		Len: func(r *bind.Realm, this any) int { return 0 },
		At:  func(r *bind.Realm, this any, i int) (key, value goja.Value) { return nil, nil },
	},
}

func (w *Window) fonts() goja.Value {
	if w.fontSet == nil {
		w.fontSet = &fontFaceSet{}
	}
	return w.realm.WrapObject(w.fontSet, w.realm.Class("FontFaceSet"))
}

// animate implements Element.animate without animating: there is no
// rendering, so the returned Animation finishes at once (its finished
// promise resolves and finish fires in a task).
// https://drafts.csswg.org/web-animations-1/#dom-animatable-animate
func (w *Window) animate(n *dom.Node) goja.Value {
	a := w.rt.NewObject()
	finished, resolve, _ := w.rt.NewPromise()
	a.Set("playState", "finished")
	a.Set("pending", false)
	a.Set("currentTime", 0)
	a.Set("playbackRate", 1)
	a.Set("onfinish", goja.Null())
	a.Set("oncancel", goja.Null())
	a.Set("effect", goja.Null())
	a.Set("id", "")
	a.Set("finished", finished)
	a.Set("ready", w.resolved(a))
	var listeners []goja.Value
	for _, name := range []string{"play", "pause", "cancel", "finish", "reverse", "persist", "commitStyles", "updatePlaybackRate"} {
		a.Set(name, w.realm.NewFunction(name, 0, func(goja.FunctionCall) goja.Value { return nil }))
	}
	a.Set("addEventListener", w.realm.NewFunction("addEventListener", 2, func(c goja.FunctionCall) goja.Value {
		if c.Argument(0).String() == "finish" {
			listeners = append(listeners, c.Argument(1))
		}
		return nil
	}))
	a.Set("removeEventListener", w.realm.NewFunction("removeEventListener", 2, func(goja.FunctionCall) goja.Value { return nil }))
	w.loop.QueueTask(func() {
		_ = resolve(a)
		ev := w.createEvent("Event")
		evObj := ev.(*goja.Object)
		if impl, ok := w.realm.UnwrapAs(evObj, w.c.event); ok {
			impl.(*dom.Event).InitEvent("finish", false, false)
			evData(impl.(*dom.Event)).uninit = false
		}
		if f := callable(a.Get("onfinish")); f != nil {
			w.call(f, a, evObj)
		}
		for _, l := range listeners {
			if f := callable(l); f != nil {
				w.call(f, a, evObj)
			}
		}
	})
	return a
}
