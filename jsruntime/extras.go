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
