package jsruntime

import (
	"math"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// A touch is a Touch: one point of contact, as a page makes them to
// synthesize touch events (a render has no touch input of its own). Its
// coordinates, radii, angle and force are single-precision floats, as
// Chromium keeps them.
// https://w3c.github.io/touch-events/#touch-interface
type touch struct {
	identifier                  int32
	target                      goja.Value
	clientX, clientY            float64
	screenX, screenY            float64
	pageX, pageY                float64
	radiusX, radiusY            float64
	rotationAngle, force        float64
	altitudeAngle, azimuthAngle float64
	touchType                   string
	hasAltitude, hasAzimuth     bool
}

// A touchList is a TouchList: a fixed list of touches.
// https://w3c.github.io/touch-events/#touchlist-interface
type touchList struct{ touches []*touch }

func touchGet(f func(t *touch) float64) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return r.Float(f(this.(*touch))) }
}

var touchIface = &bind.Interface{
	Name: "Touch", CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		init := bind.Arg(args, 0)
		if _, ok := init.(*goja.Object); !ok && !bind.Nullish(init) {
			r.ThrowTypeError("Failed to construct 'Touch': The provided value is not of type 'TouchInit'.")
		}
		t := &touch{}
		// TouchInit's members, in the order Web IDL reads them (sorted).
		// Chromium 156 reads neither altitudeAngle, azimuthAngle nor
		// touchType (a bad touchType is no error there).
		// https://w3c.github.io/touch-events/#dom-touchinit
		float := func(name string, restricted bool) float64 {
			v := dict(init, name)
			if bind.Absent(v) {
				return 0
			}
			f := bind.Number(v)
			if restricted && (math.IsNaN(f) || math.IsInf(f, 0)) {
				r.ThrowTypeError("Failed to construct 'Touch': Failed to read the '%s' property from 'TouchInit': The provided double value is non-finite.", name)
			}
			return float32Of(f)
		}
		t.clientX, t.clientY = float("clientX", true), float("clientY", true)
		t.force = float("force", false)
		id := dict(init, "identifier")
		if bind.Absent(id) {
			r.ThrowTypeError("Failed to construct 'Touch': Failed to read the 'identifier' property from 'TouchInit': Required member is undefined.")
		}
		t.identifier = bind.Long(id)
		t.pageX, t.pageY = float("pageX", true), float("pageY", true)
		t.radiusX, t.radiusY = math.Max(0, float("radiusX", false)), math.Max(0, float("radiusY", false))
		t.rotationAngle = float("rotationAngle", false)
		t.screenX, t.screenY = float("screenX", true), float("screenY", true)
		tv := dict(init, "target")
		if bind.Absent(tv) {
			r.ThrowTypeError("Failed to construct 'Touch': Failed to read the 'target' property from 'TouchInit': Required member is undefined.")
		}
		if w := win(r); tv != w.global {
			if _, ok := r.UnwrapAs(tv, w.c.eventTarget); !ok {
				r.ThrowTypeError("Failed to construct 'Touch': Failed to read the 'target' property from 'TouchInit': Failed to convert value to 'EventTarget'.")
			}
		}
		t.target = tv
		return t
	},
	// Chromium 156 exposes the members below, not altitudeAngle,
	// azimuthAngle and touchType.
	Attributes: []bind.Attribute{
		{Name: "identifier", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(int(this.(*touch).identifier)) }},
		{Name: "target", Get: func(r *bind.Realm, this any) goja.Value { return this.(*touch).target }},
		{Name: "screenX", Get: touchGet(func(t *touch) float64 { return t.screenX })},
		{Name: "screenY", Get: touchGet(func(t *touch) float64 { return t.screenY })},
		{Name: "clientX", Get: touchGet(func(t *touch) float64 { return t.clientX })},
		{Name: "clientY", Get: touchGet(func(t *touch) float64 { return t.clientY })},
		{Name: "pageX", Get: touchGet(func(t *touch) float64 { return t.pageX })},
		{Name: "pageY", Get: touchGet(func(t *touch) float64 { return t.pageY })},
		{Name: "radiusX", Get: touchGet(func(t *touch) float64 { return t.radiusX })},
		{Name: "radiusY", Get: touchGet(func(t *touch) float64 { return t.radiusY })},
		{Name: "rotationAngle", Get: touchGet(func(t *touch) float64 { return t.rotationAngle })},
		{Name: "force", Get: touchGet(func(t *touch) float64 { return t.force })},
	},
}

var touchListIface = &bind.Interface{
	Name: "TouchList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(this.(*touchList).touches)) }},
	},
	Methods: []bind.Method{
		{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return touchAt(r, this.(*touchList), int64(bind.UnsignedLong(bind.Arg(args, 0))))
		}},
	},
	IndexedIterator: true,
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if i := bind.Index(key); i >= 0 && i < len(this.(*touchList).touches) {
				return touchAt(r, this.(*touchList), int64(i))
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(this.(*touchList).touches)) },
	},
}

func touchAt(r *bind.Realm, l *touchList, i int64) goja.Value {
	if i < 0 || i >= int64(len(l.touches)) {
		return goja.Null()
	}
	return r.WrapObject(l.touches[i], r.Class("Touch"))
}

// touchLists are a TouchEvent's touches, targetTouches and
// changedTouches.
type touchLists struct{ touches, targetTouches, changedTouches *touchList }

// touchSequence converts TouchEventInit member name, a sequence<Touch>.
func touchSequence(r *bind.Realm, init goja.Value, name string) *touchList {
	l := &touchList{}
	v := dict(init, name)
	if bind.Absent(v) {
		return l
	}
	prefix := "Failed to construct 'TouchEvent': Failed to read the '" + name + "' property from 'TouchEventInit': "
	o, ok := v.(*goja.Object)
	if !ok {
		r.ThrowTypeError("%sThe provided value cannot be converted to a sequence.", prefix)
	}
	m := bind.IterMethod(r.Runtime, o)
	if m == nil {
		r.ThrowTypeError("%sThe object must have a callable @@iterator property.", prefix)
	}
	cls := r.Class("Touch")
	bind.ForOfMethod(r.Runtime, o, m, func(e goja.Value) bool {
		impl, ok := r.UnwrapAs(e, cls)
		if !ok {
			r.ThrowTypeError("%sFailed to convert value to 'Touch'.", prefix)
		}
		l.touches = append(l.touches, impl.(*touch))
		return true
	})
	return l
}

// touchEventCtor is TouchEvent's constructor: a UIEvent with modifier keys
// and three lists of touches.
// https://w3c.github.io/touch-events/#touchevent-interface
func touchEventCtor() bind.Constructor {
	base := eventCtor("TouchEvent", func(d *eventData, dict eventDict) {
		uiInit(d, dict)
		d.which = 0 // TouchEventInit has no which (Chromium reads 0)
		modifiersInit(d, dict)
	})
	return func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		ev := base(r, args, nt)
		init := bind.Arg(args, 1)
		d := evData(ev.(*dom.Event))
		d.extra().touches = &touchLists{
			changedTouches: touchSequence(r, init, "changedTouches"),
			targetTouches:  touchSequence(r, init, "targetTouches"),
			touches:        touchSequence(r, init, "touches"),
		}
		return ev
	}
}

// touchListGet is the getter of one of a TouchEvent's lists.
func touchListGet(pick func(l *touchLists) *touchList) bind.Getter {
	return dataGet(func(w *Window, d *eventData) goja.Value {
		x := d.extra()
		if x.touches == nil {
			x.touches = &touchLists{touches: &touchList{}, targetTouches: &touchList{}, changedTouches: &touchList{}}
		}
		return w.realm.WrapObject(pick(x.touches), w.realm.Class("TouchList"))
	})
}

var touchEventIface = &bind.Interface{Name: "TouchEvent", Parent: "UIEvent", CtorLength: 1, Constructor: touchEventCtor(),
	Attributes: []bind.Attribute{
		{Name: "touches", Get: touchListGet(func(l *touchLists) *touchList { return l.touches })},
		{Name: "targetTouches", Get: touchListGet(func(l *touchLists) *touchList { return l.targetTouches })},
		{Name: "changedTouches", Get: touchListGet(func(l *touchLists) *touchList { return l.changedTouches })},
		{Name: "altKey", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.rt.ToValue(d.alt) })},
		{Name: "metaKey", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.rt.ToValue(d.meta) })},
		{Name: "ctrlKey", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.rt.ToValue(d.ctrl) })},
		{Name: "shiftKey", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.rt.ToValue(d.shift) })},
	}}
