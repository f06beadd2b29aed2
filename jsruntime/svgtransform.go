package jsruntime

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// SVGTransformList and SVGTransform: the items of a transform,
// gradientTransform or patternTransform attribute.
// https://svgwg.org/svg2-draft/coords.html#InterfaceSVGTransformList
//
// A list parses its attribute again whenever the attribute's value has
// changed since it last looked, and writes the attribute back after each
// change made through it or through one of its items, with numbers to six
// significant digits as Chromium writes them ("matrix(1.73205 1 -1 1.73205
// 16.3397 16.3397) translate(5 6)"). An empty list removes the attribute.

// The SVGTransform types, in SVGTransform's constant order.
const (
	transformUnknown = iota
	transformMatrix
	transformTranslate
	transformScale
	transformRotate
	transformSkewX
	transformSkewY
)

// svgTransform is one SVGTransform: its type and parameters, the matrix
// they make, and the list it is in (nil: detached).
type svgTransform struct {
	kind   int
	angle  float64    // rotate, skewX, skewY
	p      [2]float64 // translate's tx, ty; scale's sx, sy; rotate's cx, cy
	m      affine
	list   *svgTransformList
	matrix *svgMatrixValue // its matrix's, made once
}

// setKind sets the transform's type and parameters and computes its
// matrix.
func (t *svgTransform) setKind(kind int, angle, p0, p1 float64) {
	t.kind, t.angle, t.p = kind, angle, [2]float64{p0, p1}
	switch kind {
	case transformTranslate:
		t.m = affine{1, 0, 0, 1, p0, p1}
	case transformScale:
		t.m = affine{p0, 0, 0, p1, 0, 0}
	case transformRotate:
		s, c := sinCosDegrees(angle)
		t.m = affine{1, 0, 0, 1, p0, p1}.mul(affine{c, s, -s, c, 0, 0}).mul(affine{1, 0, 0, 1, -p0, -p1})
	case transformSkewX:
		t.m = affine{1, 0, math.Tan(angle * math.Pi / 180), 1, 0, 0}
	case transformSkewY:
		t.m = affine{1, math.Tan(angle * math.Pi / 180), 0, 1, 0, 0}
	}
}

// changed writes the owning list's attribute after a change of t.
func (t *svgTransform) changed() {
	if t.list != nil {
		t.list.write()
	}
}

// String writes the transform as a transform function.
func (t *svgTransform) String() string {
	var name string
	var args []float64
	switch t.kind {
	case transformMatrix:
		name, args = "matrix", t.m[:]
	case transformTranslate:
		name, args = "translate", t.p[:]
	case transformScale:
		name, args = "scale", t.p[:]
	case transformRotate:
		name, args = "rotate", []float64{t.angle}
		if t.p != [2]float64{} {
			args = append(args, t.p[0], t.p[1])
		}
	case transformSkewX:
		name, args = "skewX", []float64{t.angle}
	case transformSkewY:
		name, args = "skewY", []float64{t.angle}
	default:
		return ""
	}
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('(')
	for i, f := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(svgNumber(f))
	}
	b.WriteByte(')')
	return b.String()
}

// parseTransformItems parses a transform attribute into its transform
// functions; ok is false on an error (browsers then have no transform).
// https://svgwg.org/svg2-draft/coords.html#TransformProperty
func parseTransformItems(s string) (items []*svgTransform, ok bool) {
	t := strings.TrimSpace(s)
	for t != "" {
		open := strings.IndexByte(t, '(')
		end := strings.IndexByte(t, ')')
		if open <= 0 || end < open {
			return nil, false
		}
		name := ascii.Lower(strings.Trim(t[:open], " \t\r\n,"))
		// the numbers are floats, as in Chromium (scale(0.3)'s matrix
		// has an a of 0.30000001192092896)
		args := svgNumbers(t[open+1 : end])
		for i, x := range args {
			args[i] = float32Of(x)
		}
		arg := func(i int, def float64) float64 {
			if i < len(args) {
				return args[i]
			}
			return def
		}
		it := &svgTransform{}
		switch name {
		case "matrix":
			if len(args) != 6 {
				return nil, false
			}
			it.kind = transformMatrix
			copy(it.m[:], args)
		case "translate":
			it.setKind(transformTranslate, 0, arg(0, 0), arg(1, 0))
		case "scale":
			sx := arg(0, 1)
			it.setKind(transformScale, 0, sx, arg(1, sx))
		case "rotate":
			it.setKind(transformRotate, arg(0, 0), arg(1, 0), arg(2, 0))
		case "skewx":
			it.setKind(transformSkewX, arg(0, 0), 0, 0)
		case "skewy":
			it.setKind(transformSkewY, arg(0, 0), 0, 0)
		default:
			return nil, false
		}
		items = append(items, it)
		t = strings.TrimLeft(t[end+1:], " \t\r\n,")
	}
	return items, true
}

// parseSVGTransform parses a transform attribute into the matrix it
// makes; an error makes it identity, as in browsers.
func parseSVGTransform(s string) affine {
	m := identityAffine
	items, _ := parseTransformItems(s)
	for _, it := range items {
		m = m.mul(it.m)
	}
	return m
}

// svgTransformDeclaration is the transform presentation attribute of el,
// an SVG element, as the CSS transform it maps to: transform, a
// gradient's gradientTransform, a pattern's patternTransform. A list that
// does not parse is none. An outermost <svg>'s box is a CSS box,
// transformed about its transform-origin as any other (Notiflix scales
// its icons with transform="scale(.8)"); inner SVG elements' geometry
// applies the attribute itself (svgLocalTransform), and their computed
// transform is its matrix, as in Chromium (a nested <svg>'s, a <g>'s).
// https://svgwg.org/svg2-draft/coords.html#TransformProperty
func svgTransformDeclaration(el *dom.Node) (string, bool) {
	attr := "transform"
	switch el.Data {
	case "linearGradient", "radialGradient":
		attr = "gradientTransform"
	case "pattern":
		attr = "patternTransform"
	}
	v, ok := el.GetAttribute(attr)
	if !ok {
		return "", false
	}
	return svgTransformMatrix(v)
}

// svgTransformMatrix is the CSS matrix() of v, an SVG transform list.
func svgTransformMatrix(v string) (string, bool) {
	items, ok := parseTransformItems(v)
	if !ok || len(items) == 0 {
		return "", false
	}
	m := parseSVGTransform(v)
	var b strings.Builder
	b.WriteString("matrix(")
	for i, x := range m {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatFloat(x, 'g', 6, 64))
	}
	b.WriteByte(')')
	return b.String(), true
}

// svgTransformList is the baseVal (or, read-only, animVal) of a transform
// attribute of an element.
type svgTransformList struct {
	w        *Window
	n        *dom.Node
	attr     string
	readOnly bool
	src      string // the attribute value items come from
	synced   bool
	items    []*svgTransform
}

// sync parses the attribute again if it changed.
func (l *svgTransformList) sync() {
	v := l.n.Attribute(l.attr)
	if l.synced && v == l.src {
		return
	}
	// as an svgList's (svglists.go), held items below the new length take
	// the new values
	items, _ := parseTransformItems(v)
	for i, it := range items {
		if i < len(l.items) {
			old := l.items[i]
			old.kind, old.angle, old.p, old.m = it.kind, it.angle, it.p, it.m
			items[i] = old
		}
		items[i].list = l
	}
	for i := len(items); i < len(l.items); i++ {
		l.items[i].list = nil
	}
	l.items = items
	l.src, l.synced = v, true
}

// detachAll takes every item out of the list (its items become detached
// transforms).
func (l *svgTransformList) detachAll() {
	for _, it := range l.items {
		it.list = nil
	}
}

// write sets the attribute from the items.
func (l *svgTransformList) write() {
	parts := make([]string, len(l.items))
	for i, it := range l.items {
		parts[i] = it.String()
	}
	s := strings.Join(parts, " ")
	if len(l.items) == 0 {
		l.n.RemoveAttribute(l.attr)
	} else {
		l.w.check(l.n.SetAttribute(l.attr, s))
	}
	l.src, l.synced = l.n.Attribute(l.attr), true
}

// mutable syncs the list and throws if it is an animVal.
func (l *svgTransformList) mutable(r *bind.Realm) {
	if l.readOnly {
		r.ThrowDOMException("NoModificationAllowedError", "Failed to modify the 'SVGTransformList': The object is read-only.")
	}
	l.sync()
}

// index checks an item index argument.
func (l *svgTransformList) index(r *bind.Realm, v goja.Value, method string) int {
	i := int(bind.UnsignedLong(v))
	if i >= len(l.items) {
		r.ThrowDOMException("IndexSizeError", "Failed to execute '"+method+"' on 'SVGTransformList': The index provided ("+strconv.Itoa(i)+") is greater than the maximum bound ("+strconv.Itoa(len(l.items))+").")
	}
	return i
}

// adopt returns the item to insert for newItem: newItem itself, or a copy
// of it when it already is in a list.
func (l *svgTransformList) adopt(r *bind.Realm, v goja.Value, method string) *svgTransform {
	impl, ok := r.UnwrapAs(v, r.Class("SVGTransform"))
	if !ok {
		r.ThrowTypeError("Failed to execute '%s' on 'SVGTransformList': parameter 1 is not of type 'SVGTransform'.", method)
	}
	t := impl.(*svgTransform)
	if t.list != nil {
		c := *t
		t = &c
		t.matrix = nil
	}
	t.list = l
	return t
}

func (l *svgTransformList) wrap(t *svgTransform) goja.Value {
	return l.w.realm.WrapObject(t, l.w.realm.Class("SVGTransform"))
}

var svgTransformListIface = &bind.Interface{
	Name: "SVGTransformList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value {
			l := this.(*svgTransformList)
			l.sync()
			return r.Int(len(l.items))
		}},
		{Name: "numberOfItems", Get: func(r *bind.Realm, this any) goja.Value {
			l := this.(*svgTransformList)
			l.sync()
			return r.Int(len(l.items))
		}},
	},
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if i := bind.Index(key); i >= 0 {
				return transformListItem(r, this, i)
			}
			return nil
		},
		Item: transformListItem,
		Keys: func(r *bind.Realm, this any) []string {
			l := this.(*svgTransformList)
			l.sync()
			keys := make([]string, len(l.items))
			for i := range keys {
				keys[i] = strconv.Itoa(i)
			}
			return keys
		},
	},
	Methods: []bind.Method{
		{Name: "clear", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			l := this.(*svgTransformList)
			l.mutable(r)
			l.detachAll()
			l.items = nil
			l.write()
			return nil
		}},
		{Name: "initialize", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*svgTransformList)
			l.mutable(r)
			t := l.adopt(r, args[0], "initialize")
			l.detachAll()
			l.items = []*svgTransform{t}
			l.write()
			return l.wrap(t)
		}},
		{Name: "getItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*svgTransformList)
			l.sync()
			return l.wrap(l.items[l.index(r, args[0], "getItem")])
		}},
		{Name: "insertItemBefore", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*svgTransformList)
			l.mutable(r)
			t := l.adopt(r, args[0], "insertItemBefore")
			i := min(int(bind.UnsignedLong(args[1])), len(l.items))
			l.items = append(l.items[:i], append([]*svgTransform{t}, l.items[i:]...)...)
			l.write()
			return l.wrap(t)
		}},
		{Name: "replaceItem", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*svgTransformList)
			l.mutable(r)
			i := l.index(r, args[1], "replaceItem")
			t := l.adopt(r, args[0], "replaceItem")
			l.items[i].list = nil
			l.items[i] = t
			l.write()
			return l.wrap(t)
		}},
		{Name: "removeItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*svgTransformList)
			l.mutable(r)
			i := l.index(r, args[0], "removeItem")
			t := l.items[i]
			t.list = nil
			l.items = append(l.items[:i], l.items[i+1:]...)
			l.write()
			return l.wrap(t)
		}},
		{Name: "appendItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*svgTransformList)
			l.mutable(r)
			t := l.adopt(r, args[0], "appendItem")
			l.items = append(l.items, t)
			l.write()
			return l.wrap(t)
		}},
		{Name: "createSVGTransformFromMatrix", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return r.WrapObject(&svgTransform{kind: transformMatrix, m: svgMatrixArg(r, args, "createSVGTransformFromMatrix", "SVGTransformList")}, r.Class("SVGTransform"))
		}},
		// consolidate replaces the items by one matrix item, their product,
		// and returns it; null for an empty list.
		{Name: "consolidate", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			l := this.(*svgTransformList)
			l.mutable(r)
			if len(l.items) == 0 {
				return goja.Null()
			}
			m := identityAffine
			for _, it := range l.items {
				m = m.mul(it.m)
			}
			l.detachAll()
			t := &svgTransform{kind: transformMatrix, m: m, list: l}
			l.items = []*svgTransform{t}
			l.write()
			return l.wrap(t)
		}},
	},
}

// transformListItem is list[i].
func transformListItem(r *bind.Realm, this any, i int) goja.Value {
	l := this.(*svgTransformList)
	l.sync()
	if i < 0 || i >= len(l.items) {
		return nil
	}
	return l.wrap(l.items[i])
}

// transformSetter declares one of SVGTransform's set* operations.
func transformSetter(name string, length int, set func(t *svgTransform, args []float64)) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		t := this.(*svgTransform)
		fs := make([]float64, len(args))
		for i, a := range args {
			fs[i] = svgFloat(r, a, "Failed to execute '"+name+"' on 'SVGTransform'")
		}
		set(t, fs)
		t.changed()
		return nil
	}}
}

var svgTransformIface = &bind.Interface{
	Name: "SVGTransform",
	Constants: []bind.Constant{
		{Name: "SVG_TRANSFORM_UNKNOWN", Value: transformUnknown}, {Name: "SVG_TRANSFORM_MATRIX", Value: transformMatrix},
		{Name: "SVG_TRANSFORM_TRANSLATE", Value: transformTranslate}, {Name: "SVG_TRANSFORM_SCALE", Value: transformScale},
		{Name: "SVG_TRANSFORM_ROTATE", Value: transformRotate}, {Name: "SVG_TRANSFORM_SKEWX", Value: transformSkewX},
		{Name: "SVG_TRANSFORM_SKEWY", Value: transformSkewY},
	},
	Attributes: []bind.Attribute{
		{Name: "type", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*svgTransform).kind) }},
		// matrix is live: writing to it changes the transform
		{Name: "matrix", Get: func(r *bind.Realm, this any) goja.Value {
			t := this.(*svgTransform)
			if t.matrix == nil {
				t.matrix = &svgMatrixValue{t: t}
			}
			return r.WrapObject(t.matrix, r.Class("SVGMatrix"))
		}},
		{Name: "angle", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(this.(*svgTransform).angle) }},
	},
	Methods: []bind.Method{
		{Name: "setMatrix", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			t := this.(*svgTransform)
			m := svgMatrixArg(r, args, "setMatrix", "SVGTransform")
			t.kind, t.angle, t.p, t.m = transformMatrix, 0, [2]float64{}, m
			t.changed()
			return nil
		}},
		transformSetter("setTranslate", 2, func(t *svgTransform, a []float64) { t.setKind(transformTranslate, 0, a[0], a[1]) }),
		transformSetter("setScale", 2, func(t *svgTransform, a []float64) { t.setKind(transformScale, 0, a[0], a[1]) }),
		transformSetter("setRotate", 3, func(t *svgTransform, a []float64) { t.setKind(transformRotate, a[0], a[1], a[2]) }),
		transformSetter("setSkewX", 1, func(t *svgTransform, a []float64) { t.setKind(transformSkewX, a[0], 0, 0) }),
		transformSetter("setSkewY", 1, func(t *svgTransform, a []float64) { t.setKind(transformSkewY, a[0], 0, 0) }),
	},
}

// transformListAttr declares an SVGAnimatedTransformList attribute.
func transformListAttr(name string) bind.Attribute {
	return ro(name, func(w *Window, n *dom.Node) goja.Value {
		return w.svgAnimatedValue(n, name, "SVGAnimatedTransformList", func(readOnly bool) goja.Value {
			return w.realm.WrapObject(&svgTransformList{w: w, n: n, attr: name, readOnly: readOnly}, w.realm.Class("SVGTransformList"))
		})
	})
}

// newSVGTransform is createSVGTransform's identity matrix transform.
func newSVGTransform() *svgTransform {
	return &svgTransform{kind: transformMatrix, m: identityAffine}
}
