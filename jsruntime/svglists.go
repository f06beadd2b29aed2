package jsruntime

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The SVG DOM's lists: SVGNumberList (text rotate, feColorMatrix values,
// kernelMatrix, tableValues), SVGLengthList (text x, y, dx, dy),
// SVGPointList (polygon and polyline points) and SVGStringList
// (requiredExtensions, systemLanguage), with their SVGAnimated*List, and
// the SVGNumber and SVGPoint items. As SVGTransformList (svgtransform.go) a
// list parses its attribute again whenever the attribute changed since it
// last looked (an attribute with an error is an empty list), and writes it
// back after each change made through it or one of its items; an empty
// list removes the attribute.
// https://svgwg.org/svg2-draft/types.html#ListInterfaces

// svgList is the baseVal (or, read-only, animVal) of a list attribute.
type svgList struct {
	w        *Window
	n        *dom.Node
	attr     string
	kind     byte // 'n' numbers, 'l' lengths, 'p' points, 's' strings
	axis     byte // lengths: the axis percentages are taken along
	readOnly bool
	src      string
	synced   bool
	items    []any // *svgNumberValue, *svgLengthValue, *svgPointValue or string
}

var svgListIfaceNames = map[byte]string{'n': "SVGNumberList", 'l': "SVGLengthList", 'p': "SVGPointList", 's': "SVGStringList"}
var svgListItemNames = map[byte]string{'n': "SVGNumber", 'l': "SVGLength", 'p': "SVGPoint"}

// sync parses the attribute again if it changed. As SVG 2's
// "synchronize a list" says, the items below the new length stay the same
// objects and take the new values, those past it are detached, keeping
// theirs; a string list is replaced.
// https://svgwg.org/svg2-draft/types.html#TermSynchronizeList
func (l *svgList) sync() {
	v := l.n.Attribute(l.attr)
	if l.synced && v == l.src {
		return
	}
	items := l.parse(v)
	for i, it := range items {
		if i < len(l.items) {
			if old, ok := setItemValue(l.items[i], it); ok {
				items[i] = old
			}
		}
		l.own(items[i])
	}
	for i := len(items); i < len(l.items); i++ {
		disown(l.items[i])
	}
	l.items = items
	l.src, l.synced = v, true
}

// setItemValue gives list item old the value of item v and returns it;
// ok is false for strings, which are values.
func setItemValue(old, v any) (any, bool) {
	switch o := old.(type) {
	case *svgNumberValue:
		o.v = v.(*svgNumberValue).v
	case *svgPointValue:
		n := v.(*svgPointValue)
		o.x, o.y = n.x, n.y
	case *svgLengthValue:
		n := v.(*svgLengthValue)
		o.unit, o.num = n.unit, n.num
	default:
		return nil, false
	}
	return old, true
}

// parse reads the items of attribute value v; none when it has an error.
func (l *svgList) parse(v string) []any {
	var out []any
	switch l.kind {
	case 's':
		if l.attr == "systemLanguage" {
			if strings.TrimSpace(v) == "" {
				return nil
			}
			for _, s := range strings.Split(v, ",") {
				out = append(out, strings.TrimSpace(s))
			}
			return out
		}
		for _, s := range strings.Fields(v) {
			out = append(out, s)
		}
		return out
	case 'l':
		for _, f := range svgListFields(v) {
			u, num, ok := parseLength(f)
			if !ok {
				return nil
			}
			out = append(out, &svgLengthValue{w: l.w, a: lengthAttr{axis: l.axis}, unit: u, num: float64(float32(num))})
		}
		return out
	}
	sc := pathScanner{s: v}
	var nums []float64
	for {
		sc.skipSep()
		if sc.i >= len(sc.s) {
			break
		}
		f, ok := sc.number()
		if !ok {
			return nil
		}
		nums = append(nums, float64(float32(f)))
	}
	if l.kind == 'n' {
		for _, f := range nums {
			out = append(out, &svgNumberValue{v: float32(f)})
		}
		return out
	}
	for i := 0; i+1 < len(nums); i += 2 {
		out = append(out, &svgPointValue{x: float32(nums[i]), y: float32(nums[i+1])})
	}
	return out
}

// own makes item it one of the list's.
func (l *svgList) own(it any) {
	switch it := it.(type) {
	case *svgNumberValue:
		it.list, it.readOnly = l, l.readOnly
	case *svgPointValue:
		it.list, it.readOnly = l, l.readOnly
	case *svgLengthValue:
		it.list, it.n, it.readOnly = l, l.n, l.readOnly
		it.a.axis = l.axis
	}
}

// disown makes item it detached.
func disown(it any) {
	switch it := it.(type) {
	case *svgNumberValue:
		it.list, it.readOnly = nil, false
	case *svgPointValue:
		it.list, it.readOnly = nil, false
	case *svgLengthValue:
		it.list, it.n, it.readOnly = nil, nil, false
	}
}

func (l *svgList) detachAll() {
	for _, it := range l.items {
		disown(it)
	}
}

// itemString writes one item as the attribute has it.
func itemString(it any) string {
	switch it := it.(type) {
	case *svgNumberValue:
		return svgNumber(float64(it.v))
	case *svgPointValue:
		return svgNumber(float64(it.x)) + " " + svgNumber(float64(it.y))
	case *svgLengthValue:
		return svgNumber(it.num) + lengthSuffixes[it.unit]
	case string:
		return it
	}
	return ""
}

// write sets the attribute from the items.
func (l *svgList) write() {
	if len(l.items) == 0 {
		l.n.RemoveAttribute(l.attr)
	} else {
		sep := " "
		if l.attr == "systemLanguage" {
			sep = ","
		}
		parts := make([]string, len(l.items))
		for i, it := range l.items {
			parts[i] = itemString(it)
		}
		l.w.check(l.n.SetAttribute(l.attr, strings.Join(parts, sep)))
	}
	l.src, l.synced = l.n.Attribute(l.attr), true
}

func (l *svgList) what() string { return svgListIfaceNames[l.kind] }

// mutable syncs the list and throws if it is an animVal.
func (l *svgList) mutable(r *bind.Realm, method string) {
	if l.readOnly {
		r.ThrowDOMException("NoModificationAllowedError", "Failed to execute '"+method+"' on '"+l.what()+"': This object is read-only.")
	}
	l.sync()
}

// index checks an item index argument.
func (l *svgList) index(r *bind.Realm, v goja.Value, method string) int {
	i := int(bind.UnsignedLong(v))
	if i >= len(l.items) {
		r.ThrowDOMException("IndexSizeError", "Failed to execute '"+method+"' on '"+l.what()+"': The index provided ("+strconv.Itoa(i)+") is greater than the maximum bound ("+strconv.Itoa(len(l.items))+").")
	}
	return i
}

// adopt returns the item to insert for v: v's item itself, or a copy of
// it when it already is in a list.
func (l *svgList) adopt(r *bind.Realm, v goja.Value, method string) any {
	if l.kind == 's' {
		return bind.DOMString(v)
	}
	impl, ok := r.UnwrapAs(v, r.Class(svgListItemNames[l.kind]))
	if !ok {
		r.ThrowTypeError("Failed to execute '%s' on '%s': parameter 1 is not of type '%s'.", method, l.what(), svgListItemNames[l.kind])
	}
	switch it := impl.(type) {
	case *svgNumberValue:
		if it.list != nil {
			impl = &svgNumberValue{v: it.v}
		}
	case *svgPointValue:
		if it.list != nil || it.owner != nil {
			impl = &svgPointValue{x: it.x, y: it.y}
		}
	case *svgLengthValue:
		if it.list != nil || it.n != nil {
			u, f := it.get()
			impl = &svgLengthValue{w: l.w, unit: u, num: f}
		}
	}
	l.own(impl)
	return impl
}

// wrapItem returns the JS value of item it.
func (l *svgList) wrapItem(it any) goja.Value {
	if s, ok := it.(string); ok {
		return l.w.str(s)
	}
	return l.w.realm.WrapObject(it, l.w.realm.Class(svgListItemNames[l.kind]))
}

var svgListIfaces = func() []*bind.Interface {
	var out []*bind.Interface
	for _, kind := range []byte{'n', 'l', 'p', 's'} {
		out = append(out, svgListIface(svgListIfaceNames[kind]))
	}
	return out
}()

func svgListIface(name string) *bind.Interface {
	length := func(r *bind.Realm, this any) goja.Value {
		l := this.(*svgList)
		l.sync()
		return r.Int(len(l.items))
	}
	item := func(r *bind.Realm, this any, i int) goja.Value {
		l := this.(*svgList)
		l.sync()
		if i < 0 || i >= len(l.items) {
			return nil
		}
		return l.wrapItem(l.items[i])
	}
	return &bind.Interface{
		Name:       name,
		Attributes: []bind.Attribute{{Name: "length", Get: length}, {Name: "numberOfItems", Get: length}},
		Methods: []bind.Method{
			{Name: "clear", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				l := this.(*svgList)
				l.mutable(r, "clear")
				l.detachAll()
				l.items = nil
				l.write()
				return nil
			}},
			{Name: "initialize", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				l := this.(*svgList)
				l.mutable(r, "initialize")
				it := l.adopt(r, bind.Arg(args, 0), "initialize")
				l.detachAll()
				l.own(it)
				l.items = []any{it}
				l.write()
				return l.wrapItem(it)
			}},
			{Name: "getItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				l := this.(*svgList)
				l.sync()
				return l.wrapItem(l.items[l.index(r, bind.Arg(args, 0), "getItem")])
			}},
			{Name: "insertItemBefore", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				l := this.(*svgList)
				l.mutable(r, "insertItemBefore")
				it := l.adopt(r, bind.Arg(args, 0), "insertItemBefore")
				i := min(int(bind.UnsignedLong(bind.Arg(args, 1))), len(l.items))
				l.items = append(l.items[:i], append([]any{it}, l.items[i:]...)...)
				l.write()
				return l.wrapItem(it)
			}},
			{Name: "replaceItem", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				l := this.(*svgList)
				l.mutable(r, "replaceItem")
				i := l.index(r, bind.Arg(args, 1), "replaceItem")
				it := l.adopt(r, bind.Arg(args, 0), "replaceItem")
				disown(l.items[i])
				l.items[i] = it
				l.write()
				return l.wrapItem(it)
			}},
			{Name: "removeItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				l := this.(*svgList)
				l.mutable(r, "removeItem")
				i := l.index(r, bind.Arg(args, 0), "removeItem")
				it := l.items[i]
				disown(it)
				l.items = append(l.items[:i], l.items[i+1:]...)
				l.write()
				return l.wrapItem(it)
			}},
			{Name: "appendItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				l := this.(*svgList)
				l.mutable(r, "appendItem")
				it := l.adopt(r, bind.Arg(args, 0), "appendItem")
				l.items = append(l.items, it)
				l.write()
				return l.wrapItem(it)
			}},
		},
		Exotic: &bind.Exotic{
			Get: func(r *bind.Realm, this any, key string) goja.Value {
				if i := bind.Index(key); i >= 0 {
					return item(r, this, i)
				}
				return nil
			},
			Item: item,
			Set: func(r *bind.Realm, this any, key string, v goja.Value) bool {
				i := bind.Index(key)
				if i < 0 {
					return false
				}
				l := this.(*svgList)
				l.mutable(r, "setter")
				if i >= len(l.items) {
					r.ThrowDOMException("IndexSizeError", "Failed to set an indexed property ["+strconv.Itoa(i)+"] on '"+l.what()+"': The index provided ("+strconv.Itoa(i)+") is greater than or equal to the maximum bound ("+strconv.Itoa(len(l.items))+").")
				}
				it := l.adopt(r, v, "setter")
				disown(l.items[i])
				l.items[i] = it
				l.write()
				return true
			},
			IndexedSetter: true,
			Keys: func(r *bind.Realm, this any) []string {
				l := this.(*svgList)
				l.sync()
				keys := make([]string, len(l.items))
				for i := range keys {
					keys[i] = strconv.Itoa(i)
				}
				return keys
			},
		},
	}
}

var svgAnimatedListIfaces = []*bind.Interface{
	{Name: "SVGAnimatedNumberList", Attributes: svgAnimatedAttrs},
	{Name: "SVGAnimatedLengthList", Attributes: svgAnimatedAttrs},
}

// listAttr declares an SVGAnimatedNumberList or SVGAnimatedLengthList
// attribute.
func listAttr(prop, attr string, kind, axis byte) bind.Attribute {
	animated := "SVGAnimatedNumberList"
	if kind == 'l' {
		animated = "SVGAnimatedLengthList"
	}
	return ro(prop, func(w *Window, n *dom.Node) goja.Value {
		return w.svgAnimatedValue(n, prop, animated, func(readOnly bool) goja.Value {
			return w.realm.WrapObject(&svgList{w: w, n: n, attr: attr, kind: kind, axis: axis, readOnly: readOnly}, w.realm.Class(svgListIfaceNames[kind]))
		})
	})
}

// svgOwnList returns n's list for attr made once (points, animatedPoints,
// the SVGTests strings): a list of its own, not an SVGAnimated* one.
func (w *Window) svgOwnList(n *dom.Node, prop, attr string, kind byte, readOnly bool) goja.Value {
	return w.svgCached(n, prop, func() *goja.Object {
		return w.realm.WrapObject(&svgList{w: w, n: n, attr: attr, kind: kind, readOnly: readOnly}, w.realm.Class(svgListIfaceNames[kind]))
	})
}

var (
	pointsAttrs = []bind.Attribute{
		ro("points", func(w *Window, n *dom.Node) goja.Value { return w.svgOwnList(n, "points", "points", 'p', false) }),
		ro("animatedPoints", func(w *Window, n *dom.Node) goja.Value {
			return w.svgOwnList(n, "animatedPoints", "points", 'p', true)
		}),
	}
	// SVGTests https://svgwg.org/svg2-draft/types.html#InterfaceSVGTests
	svgTestsAttrs = []bind.Attribute{
		ro("requiredExtensions", func(w *Window, n *dom.Node) goja.Value {
			return w.svgOwnList(n, "requiredExtensions", "requiredExtensions", 's', false)
		}),
		ro("systemLanguage", func(w *Window, n *dom.Node) goja.Value {
			return w.svgOwnList(n, "systemLanguage", "systemLanguage", 's', false)
		}),
	}
	textPositioningAttrs = []bind.Attribute{listAttr("x", "x", 'l', 'x'), listAttr("y", "y", 'l', 'y'),
		listAttr("dx", "dx", 'l', 'x'), listAttr("dy", "dy", 'l', 'y'), listAttr("rotate", "rotate", 'n', 0)}
)

// --- SVGPoint -------------------------------------------------------------------

// svgPointValue is an SVGPoint: createSVGPoint's, a geometry method's, an
// item of a points list, or an <svg>'s currentTranslate (owner set).
type svgPointValue struct {
	x, y     float32
	list     *svgList
	owner    *dom.Node
	readOnly bool
}

func (w *Window) svgPoint(x, y float64) goja.Value {
	return w.realm.WrapObject(&svgPointValue{x: float32(x), y: float32(y)}, w.realm.Class("SVGPoint"))
}

func svgPointCoord(i int, name string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
		p := this.(*svgPointValue)
		return r.Float(float64([2]float32{p.x, p.y}[i]))
	}, Set: func(r *bind.Realm, this any, v goja.Value) {
		p := this.(*svgPointValue)
		if p.readOnly {
			r.ThrowDOMException("NoModificationAllowedError", "Failed to set the '"+name+"' property on 'SVGPoint': This object is read-only.")
		}
		f := float32(svgFloat(r, v, "Failed to set the '"+name+"' property on 'SVGPoint'"))
		*[2]*float32{&p.x, &p.y}[i] = f
		if p.list != nil {
			p.list.write()
		}
	}}
}

var svgPointIface = &bind.Interface{Name: "SVGPoint",
	Attributes: []bind.Attribute{svgPointCoord(0, "x"), svgPointCoord(1, "y")},
	Methods: []bind.Method{{Name: "matrixTransform", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		p := this.(*svgPointValue)
		m := svgMatrixArg(r, args, "matrixTransform", "SVGPoint")
		x, y := float64(p.x), float64(p.y)
		return win(r).svgPoint(m[0]*x+m[2]*y+m[4], m[1]*x+m[3]*y+m[5])
	}}},
}

// --- SVGNumber ----------------------------------------------------------------

// svgNumberValue is an SVGNumber: createSVGNumber's, or an item of a
// number list.
type svgNumberValue struct {
	v        float32
	list     *svgList
	readOnly bool
}

var svgNumberIface = &bind.Interface{Name: "SVGNumber", Attributes: []bind.Attribute{
	{Name: "value", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(float64(this.(*svgNumberValue).v)) },
		Set: func(r *bind.Realm, this any, v goja.Value) {
			n := this.(*svgNumberValue)
			if n.readOnly {
				r.ThrowDOMException("NoModificationAllowedError", "Failed to set the 'value' property on 'SVGNumber': This object is read-only.")
			}
			n.v = float32(svgFloat(r, v, "Failed to set the 'value' property on 'SVGNumber'"))
			if n.list != nil {
				n.list.write()
			}
		}},
}}

// --- the elements' lists, viewports and the rest ------------------------------

// svgListElementAttrs are the SVG element interfaces' list attributes and
// the other members svg.go adds to their declarations.
var svgListElementAttrs = map[string][]bind.Attribute{
	"SVGPolygonElement":                   pointsAttrs,
	"SVGPolylineElement":                  pointsAttrs,
	"SVGTextPositioningElement":           textPositioningAttrs,
	"SVGFEColorMatrixElement":             {listAttr("values", "values", 'n', 0)},
	"SVGFEConvolveMatrixElement":          {listAttr("kernelMatrix", "kernelMatrix", 'n', 0)},
	"SVGComponentTransferFunctionElement": {listAttr("tableValues", "tableValues", 'n', 0)},
	"SVGMaskElement":                      svgTestsAttrs,
	"SVGPatternElement":                   svgTestsAttrs,
	"SVGAnimationElement": attrList(svgTestsAttrs, []bind.Attribute{
		ro("targetElement", func(w *Window, n *dom.Node) goja.Value {
			if href := (&svgAnimatedString{n: n, name: "href"}).get(); href != "" {
				if id, ok := strings.CutPrefix(href, "#"); ok && n.IsConnected() {
					return w.wrap(n.OwnerDocument().GetElementByID(id))
				}
				return w.null
			}
			return w.wrap(n.ParentElement())
		}),
		handlerAttr("begin"), handlerAttr("end"), handlerAttr("repeat")}),
}

// isSVGViewport says whether n establishes a viewport for the elements in
// it (viewportElement, nearestViewportElement).
func isSVGViewport(n *dom.Node) bool {
	if n.Namespace != "svg" {
		return false
	}
	switch n.Data {
	case "svg", "symbol", "image", "foreignObject":
		return true
	}
	return false
}

// svgViewportAncestor is n's nearest (or farthest) viewport ancestor.
func svgViewportAncestor(n *dom.Node, farthest bool) *dom.Node {
	var found *dom.Node
	for p := n.ParentElement(); p != nil; p = p.ParentElement() {
		if isSVGViewport(p) {
			found = p
			if !farthest {
				break
			}
		}
	}
	return found
}

var (
	viewportElementAttr = ro("viewportElement", func(w *Window, n *dom.Node) goja.Value {
		return w.wrap(svgViewportAncestor(n, false))
	})
	graphicsViewportAttrs = []bind.Attribute{
		ro("nearestViewportElement", func(w *Window, n *dom.Node) goja.Value { return w.wrap(svgViewportAncestor(n, false)) }),
		ro("farthestViewportElement", func(w *Window, n *dom.Node) goja.Value { return w.wrap(svgViewportAncestor(n, true)) }),
	}
)

// svgAnimationMethods are SVGAnimationElement's: no SMIL animation runs, so
// beginning and ending do nothing, the start time is never resolved and
// the simple duration is the dur attribute's.
// https://svgwg.org/specs/animations/#InterfaceSVGAnimationElement
var svgAnimationMethods = []bind.Method{
	// an animation in the document has its first interval from 0
	method("getStartTime", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if n.IsConnected() {
			return w.int(0)
		}
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute 'getStartTime' on 'SVGAnimationElement': No current interval.")
		return nil
	}),
	method("getCurrentTime", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.int(0) }),
	method("getSimpleDuration", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if d, ok := smilClock(n.Attribute("dur")); ok && d > 0 {
			return w.rt.ToValue(d)
		}
		w.realm.ThrowDOMException("NotSupportedError", "Failed to execute 'getSimpleDuration' on 'SVGAnimationElement': No simple duration defined.")
		return nil
	}),
	method("beginElement", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
	method("beginElementAt", 1, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
	method("endElement", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
	method("endElementAt", 1, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
}

// smilClock reads a SMIL clock value in seconds ("2s", "500ms", "1:30",
// "0.5min", "1h", "3").
// https://svgwg.org/specs/animations/#ClockValueSyntax
func smilClock(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, ":") {
		parts := strings.Split(s, ":")
		if len(parts) > 3 {
			return 0, false
		}
		var t float64
		for _, p := range parts {
			f, err := strconv.ParseFloat(p, 64)
			if err != nil || f < 0 {
				return 0, false
			}
			t = t*60 + f
		}
		return t, true
	}
	k := 1.0
	for _, u := range []struct {
		suffix string
		k      float64
	}{{"ms", 0.001}, {"min", 60}, {"h", 3600}, {"s", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			s, k = strings.TrimSuffix(s, u.suffix), u.k
			break
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || strings.ContainsAny(s, "eE+") {
		return 0, false
	}
	return f * k, true
}

// svgSVGState is an <svg>'s currentScale and currentTranslate.
type svgSVGState struct {
	scale     float32
	translate *svgPointValue
	time      float64 // setCurrentTime's (no animation runs)
}

func (w *Window) svgSVGStateOf(n *dom.Node) *svgSVGState {
	if w.svgStates == nil {
		w.svgStates = make(map[*dom.Node]*svgSVGState)
	}
	st := w.svgStates[n]
	if st == nil {
		st = &svgSVGState{scale: 1, translate: &svgPointValue{owner: n}}
		w.svgStates[n] = st
	}
	return st
}

// svgSVGMoreAttrs and svgSVGMoreMethods are <svg>'s zoom and pan state and
// its hit tests.
var (
	svgSVGMoreAttrs = []bind.Attribute{
		attr("currentScale", func(w *Window, n *dom.Node) goja.Value {
			return w.rt.ToValue(float64(w.svgSVGStateOf(n).scale))
		}, func(w *Window, n *dom.Node, v goja.Value) {
			w.svgSVGStateOf(n).scale = float32(svgFloat(w.realm, v, "Failed to set the 'currentScale' property on 'SVGSVGElement'"))
		}),
		ro("currentTranslate", func(w *Window, n *dom.Node) goja.Value {
			return w.realm.WrapObject(w.svgSVGStateOf(n).translate, w.realm.Class("SVGPoint"))
		}),
	}
	svgSVGMoreMethods = []bind.Method{
		svgHitMethod("checkIntersection", false, false), svgHitMethod("checkEnclosure", true, false),
		svgHitMethod("getIntersectionList", false, true), svgHitMethod("getEnclosureList", true, true),
		method("deselectAll", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return nil }),
		method("setCurrentTime", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.svgSVGStateOf(n).time = float64(float32(svgFloat(w.realm, bind.Arg(args, 0), "Failed to execute 'setCurrentTime' on 'SVGSVGElement'")))
			return nil
		}),
	}
)

// svgHitMethod declares one of <svg>'s hit tests: whether an element's
// bounding box, in the svg's user space, meets (or lies within) a
// rectangle, or the list of the rendered graphics elements whose boxes do
// (in the subtree of the reference element when one is given).
// https://svgwg.org/svg2-draft/struct.html#__svg__SVGSVGElement__checkIntersection
func svgHitMethod(name string, enclosure, list bool) bind.Method {
	return method(name, 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		if len(args) < 2 {
			w.realm.ThrowTypeError("Failed to execute '%s' on 'SVGSVGElement': 2 arguments required, but only %d present.", name, len(args))
		}
		rectArg, elArg := args[0], args[1]
		if !list {
			rectArg, elArg = args[1], args[0]
		}
		impl, ok := w.realm.UnwrapAs(rectArg, w.realm.Class("SVGRect"))
		if !ok {
			w.realm.ThrowTypeError("Failed to execute '%s' on 'SVGSVGElement': parameter %d is not of type 'SVGRect'.", name, map[bool]int{true: 1, false: 2}[list])
		}
		var r [4]float64
		switch v := impl.(type) {
		case *svgRect:
			r = [4]float64{v.x, v.y, v.w, v.h}
		case *svgViewBoxRect:
			r, _ = parseViewBox(v.n.Attribute("viewBox"))
		}
		w.doc.StyleUpdated()
		toSVG, _ := w.svgCTM(n).inverse()
		hit := func(el *dom.Node) bool {
			b := w.svgBBox(el, 0).transformed(toSVG.mul(w.svgCTM(el)))
			if !b.ok {
				return false
			}
			if enclosure {
				return r[0] <= b.x0 && b.x1 <= r[0]+r[2] && r[1] <= b.y0 && b.y1 <= r[1]+r[3]
			}
			return r[0] <= b.x1 && b.x0 <= r[0]+r[2] && r[1] <= b.y1 && b.y0 <= r[1]+r[3]
		}
		el := w.nullableNodeArg([]goja.Value{elArg}, 0, name, "SVGSVGElement")
		if !list {
			return w.boolean(el != nil && el.Namespace == "svg" && hit(el))
		}
		root := n
		if el != nil {
			root = el
		}
		var out []*dom.Node
		root.Descendants(func(d *dom.Node) bool {
			if d.Namespace == "svg" && svgHitTarget[d.Data] && hit(d) {
				out = append(out, d)
			}
			return true
		})
		return w.staticNodeList(out)
	})
}

// svgHitTarget are the elements the hit tests list.
var svgHitTarget = map[string]bool{"rect": true, "circle": true, "ellipse": true, "line": true, "path": true,
	"polygon": true, "polyline": true, "text": true, "image": true, "use": true, "foreignObject": true}
