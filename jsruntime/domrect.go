package jsruntime

import (
	"strconv"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// rectImpl backs DOMRect and DOMRectReadOnly.
// https://drafts.fxtf.org/geometry/#DOMRect
type rectImpl struct{ x, y, w, h float64 }

func rectGet(f func(r *rectImpl) float64) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return r.Runtime.ToValue(f(this.(*rectImpl))) }
}

func rectSet(f func(r *rectImpl, v float64)) bind.Setter {
	return func(r *bind.Realm, this any, v goja.Value) { f(this.(*rectImpl), bind.Double(v)) }
}

func newRect(_ *bind.Realm, args []goja.Value, _ *goja.Object) any {
	return &rectImpl{optDouble(args, 0, 0), optDouble(args, 1, 0), optDouble(args, 2, 0), optDouble(args, 3, 0)}
}

func minf(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

func maxf(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

var domRectReadOnlyIface = &bind.Interface{
	Name:          "DOMRectReadOnly",
	Constructor:   newRect,
	StaticMethods: []bind.Method{rectFromRect("DOMRectReadOnly")},
	Attributes: []bind.Attribute{
		{Name: "x", Get: rectGet(func(r *rectImpl) float64 { return r.x })},
		{Name: "y", Get: rectGet(func(r *rectImpl) float64 { return r.y })},
		{Name: "width", Get: rectGet(func(r *rectImpl) float64 { return r.w })},
		{Name: "height", Get: rectGet(func(r *rectImpl) float64 { return r.h })},
		{Name: "top", Get: rectGet(func(r *rectImpl) float64 { return minf(r.y, r.y+r.h) })},
		{Name: "right", Get: rectGet(func(r *rectImpl) float64 { return maxf(r.x, r.x+r.w) })},
		{Name: "bottom", Get: rectGet(func(r *rectImpl) float64 { return maxf(r.y, r.y+r.h) })},
		{Name: "left", Get: rectGet(func(r *rectImpl) float64 { return minf(r.x, r.x+r.w) })},
	},
	Methods: []bind.Method{{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
		d := this.(*rectImpl)
		o := r.Runtime.NewObject()
		for _, kv := range []struct {
			k string
			v float64
		}{{"x", d.x}, {"y", d.y}, {"width", d.w}, {"height", d.h}, {"top", minf(d.y, d.y+d.h)},
			{"right", maxf(d.x, d.x+d.w)}, {"bottom", maxf(d.y, d.y+d.h)}, {"left", minf(d.x, d.x+d.w)}} {
			o.Set(kv.k, kv.v)
		}
		return o
	}}},
}

var domRectIface = &bind.Interface{
	Name:          "DOMRect",
	Parent:        "DOMRectReadOnly",
	Constructor:   newRect,
	StaticMethods: []bind.Method{rectFromRect("DOMRect")},
	Attributes: []bind.Attribute{
		{Name: "x", Get: rectGet(func(r *rectImpl) float64 { return r.x }), Set: rectSet(func(r *rectImpl, v float64) { r.x = v })},
		{Name: "y", Get: rectGet(func(r *rectImpl) float64 { return r.y }), Set: rectSet(func(r *rectImpl, v float64) { r.y = v })},
		{Name: "width", Get: rectGet(func(r *rectImpl) float64 { return r.w }), Set: rectSet(func(r *rectImpl, v float64) { r.w = v })},
		{Name: "height", Get: rectGet(func(r *rectImpl) float64 { return r.h }), Set: rectSet(func(r *rectImpl, v float64) { r.h = v })},
	},
}

// domRect returns a new DOMRect for the made-up box b.
func (w *Window) domRect(b box) goja.Value {
	r := &rectImpl{}
	if b.rendered {
		r.w, r.h = float64(b.width), float64(b.height)
	}
	return w.realm.WrapObject(r, w.realm.Class("DOMRect"))
}

// DOMRectList https://drafts.fxtf.org/geometry/#DOMRectList
type rectList struct{ rects []goja.Value }

var domRectListIface = &bind.Interface{
	Name: "DOMRectList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(len(this.(*rectList).rects)) }},
	},
	Methods: []bind.Method{{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		l := this.(*rectList)
		if i := int(bind.UnsignedLong(args[0])); i < len(l.rects) {
			return l.rects[i]
		}
		return goja.Null()
	}}},
	IndexedIterator: true,
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			l := this.(*rectList)
			if i := bind.Index(key); i >= 0 && i < len(l.rects) {
				return l.rects[i]
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string {
			keys := make([]string, len(this.(*rectList).rects))
			for i := range keys {
				keys[i] = strconv.Itoa(i)
			}
			return keys
		},
	},
}

func (w *Window) domRectList(rects ...goja.Value) goja.Value {
	return w.realm.WrapObject(&rectList{rects: rects}, w.realm.Class("DOMRectList"))
}

// Serialize makes structured clone's copy of a DOMRect or DOMRectReadOnly.
// https://drafts.csswg.org/geometry-1/#structured-serialization
func (r *rectImpl) Serialize(*bind.Realm) (any, bool) {
	cp := *r
	return &cp, true
}
