package jsruntime

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// CSSTransformValue and its components (CSSTranslate, CSSRotate,
// CSSScale, CSSSkew, CSSSkewX, CSSSkewY, CSSPerspective,
// CSSMatrixComponent): constructors and setters that check their values'
// types as Chromium 156 does, is2D, toMatrix() (a DOMMatrix), their
// serialization, and the reification of a transform list.
// https://drafts.css-houdini.org/css-typed-om-1/#transformvalue-objects

// cssTransform is a CSSTransformValue: its components, in order.
type cssTransform struct{ items []*cssTransformComp }

// cssTransformComp is a CSSTransformComponent. Its values by kind:
// translate and scale x, y, z; rotate x, y, z and angle; skew x (ax) and
// y (ay); skewX x; skewY y; perspective x (or kw, the keyword none);
// matrix its matrix object.
type cssTransformComp struct {
	kind       string
	x, y, z, a *cssNum
	kw         *cssKeyword
	matrix     *goja.Object // a DOMMatrixReadOnly, made from pending on first read
	pending    *matrixImpl  // the matrix behind it
	is2D       bool
}

// matrixImpl is the matrix of a CSSMatrixComponent.
func (c *cssTransformComp) matrixImpl() (*matrixImpl, bool) {
	return c.pending, c.pending != nil
}

// numeric type tests of the components' values
func numIs(n *cssNum, base string, percentOK bool) bool {
	t, ok := n.typ()
	if !ok {
		return false
	}
	if base == "" {
		return len(t.exp) == 0 && t.hint == ""
	}
	if len(t.exp) != 1 {
		return false
	}
	if t.exp[base] == 1 {
		return percentOK || t.hint == ""
	}
	return percentOK && base == "length" && t.exp["percent"] == 1
}

func isLengthPercent(n *cssNum) bool { return numIs(n, "length", true) }
func isLength(n *cssNum) bool        { return numIs(n, "length", false) }
func isAngle(n *cssNum) bool         { return numIs(n, "angle", false) }
func isNumberType(n *cssNum) bool    { return numIs(n, "", false) }

// numericArg is a CSSNumericValue argument (no plain numbers).
func numericArg(r *bind.Realm, v goja.Value, ctx string, i int) *cssNum {
	if impl, ok := r.UnwrapAs(v, r.Class("CSSNumericValue")); ok {
		return impl.(*cssNum)
	}
	r.ThrowTypeError(ctx + ": parameter " + strconv.Itoa(i+1) + " is not of type 'CSSNumericValue'.")
	return nil
}

func (c *cssTransformComp) String() string {
	switch c.kind {
	case "translate":
		if c.is2D {
			return "translate(" + c.x.String() + ", " + c.y.String() + ")"
		}
		return "translate3d(" + c.x.String() + ", " + c.y.String() + ", " + c.z.String() + ")"
	case "rotate":
		if c.is2D {
			return "rotate(" + c.a.String() + ")"
		}
		return "rotate3d(" + c.x.String() + ", " + c.y.String() + ", " + c.z.String() + ", " + c.a.String() + ")"
	case "scale":
		if c.is2D {
			return "scale(" + c.x.String() + ", " + c.y.String() + ")"
		}
		return "scale3d(" + c.x.String() + ", " + c.y.String() + ", " + c.z.String() + ")"
	case "skew":
		if c.y.op == "" && c.y.value == 0 {
			return "skew(" + c.x.String() + ")"
		}
		return "skew(" + c.x.String() + ", " + c.y.String() + ")"
	case "skewX":
		return "skewX(" + c.x.String() + ")"
	case "skewY":
		return "skewY(" + c.y.String() + ")"
	case "perspective":
		if c.kw != nil {
			return "perspective(" + c.kw.value + ")"
		}
		if c.x.op == "" && c.x.value < 0 {
			return "perspective(calc(" + c.x.String() + "))" // Chromium's clamp of a negative length
		}
		return "perspective(" + c.x.String() + ")"
	case "matrix":
		if m, ok := c.matrixImpl(); ok {
			mm := *m
			mm.is2D = c.is2D
			return matrixText(&mm)
		}
	}
	return ""
}

// matrixText serializes a matrix as matrix() or matrix3d() (NaN and
// infinities are written as numbers here; Chromium's toString throws).
func matrixText(m *matrixImpl) string {
	buf := make([]byte, 0, 64)
	elems := m.m[:]
	if m.is2D {
		buf = append(buf, "matrix("...)
		elems = []float64{m.m[0], m.m[1], m.m[4], m.m[5], m.m[12], m.m[13]}
	} else {
		buf = append(buf, "matrix3d("...)
	}
	for i, f := range elems {
		if i > 0 {
			buf = append(buf, ", "...)
		}
		buf = appendJSNumber(buf, f)
	}
	return string(append(buf, ')'))
}

func (t *cssTransform) String() string {
	parts := make([]string, len(t.items))
	for i, c := range t.items {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// toMatrix is the component's matrix; ok is false when a length is not
// absolute (or an angle or number does not resolve).
func (c *cssTransformComp) toMatrix() (*matrixImpl, bool) {
	val := func(n *cssNum, unit string) (float64, bool) {
		v, ok := n.to(unit)
		if !ok {
			return 0, false
		}
		return v.value, true
	}
	m := newIdentity()
	switch c.kind {
	case "translate":
		x, ok1 := val(c.x, "px")
		y, ok2 := val(c.y, "px")
		z, ok3 := val(c.z, "px")
		if !ok1 || !ok2 || !ok3 {
			return nil, false
		}
		if c.is2D {
			z = 0
		}
		m.translate(x, y, z)
		m.is2D = c.is2D
	case "rotate":
		a, ok := val(c.a, "deg")
		if !ok {
			return nil, false
		}
		if c.is2D {
			m.rotateAxisAngle(0, 0, 1, a)
		} else {
			x, ok1 := val(c.x, "number")
			y, ok2 := val(c.y, "number")
			z, ok3 := val(c.z, "number")
			if !ok1 || !ok2 || !ok3 {
				return nil, false
			}
			m.rotateAxisAngle(x, y, z, a)
			m.is2D = false
		}
	case "scale":
		x, ok1 := val(c.x, "number")
		y, ok2 := val(c.y, "number")
		z, ok3 := val(c.z, "number")
		if !ok1 || !ok2 || !ok3 {
			return nil, false
		}
		if c.is2D {
			z = 1
		}
		m.scale(x, y, z, 0, 0, 0)
		m.is2D = c.is2D
	case "skew", "skewX", "skewY":
		var ax, ay float64
		var ok bool
		if c.kind != "skewY" {
			if ax, ok = val(c.x, "rad"); !ok {
				return nil, false
			}
		}
		if c.kind != "skewX" {
			if ay, ok = val(c.y, "rad"); !ok {
				return nil, false
			}
		}
		m.m = matrix2D(1, math.Tan(ay), math.Tan(ax), 1, 0, 0)
	case "perspective":
		// Chromium 156 leaves the matrix's is2D flag set, so that it
		// serializes as matrix(1, 0, 0, 1, 0, 0) while m34 is -1/length
		if c.kw == nil {
			l, ok := val(c.x, "px")
			if !ok {
				return nil, false
			}
			if l > 0 {
				m.m[11] = -1 / l
			}
		}
	case "matrix":
		src, ok := c.matrixImpl()
		if !ok {
			return nil, false
		}
		if c.is2D {
			m.m = matrix2D(src.m[0], src.m[1], src.m[4], src.m[5], src.m[12], src.m[13])
		} else {
			*m = *src
			m.is2D = false
		}
	}
	return m, true
}

func (t *cssTransform) is2D() bool {
	for _, c := range t.items {
		if !c.is2D {
			return false
		}
	}
	return true
}

func compOf(this any) *cssTransformComp { return this.(*cssTransformComp) }

// compAttr declares a numeric attribute of a component with its setter's
// type check.
func compAttr(iface, name string, field func(c *cssTransformComp) **cssNum, numberish bool, check func(*cssNum) bool, msg string) bind.Attribute {
	return bind.Attribute{Name: name,
		Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrapStyleValue(*field(compOf(this))) },
		Set: func(r *bind.Realm, this any, v goja.Value) {
			ctx := "Failed to set the '" + name + "' property on '" + iface + "'"
			var n *cssNum
			if numberish {
				n = numberishOrThrow(r, v, ctx)
			} else {
				n = numericArg(r, v, ctx, 0)
			}
			if !check(n) {
				r.ThrowTypeError(ctx + ": " + msg)
			}
			*field(compOf(this)) = n
		}}
}

// numberishOrThrow converts a CSSNumberish: a CSSNumericValue or a number.
func numberishOrThrow(r *bind.Realm, v goja.Value, ctx string) *cssNum {
	if impl, ok := r.UnwrapAs(v, r.Class("CSSNumericValue")); ok {
		return impl.(*cssNum)
	}
	return unitNum(bind.Double(v), "number")
}

func fx(c *cssTransformComp) **cssNum { return &c.x }
func fy(c *cssTransformComp) **cssNum { return &c.y }
func fz(c *cssTransformComp) **cssNum { return &c.z }
func fa(c *cssTransformComp) **cssNum { return &c.a }

var transformComponentIfaces = []*bind.Interface{
	{
		Name: "CSSTransformComponent",
		Attributes: []bind.Attribute{{Name: "is2D",
			Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(compOf(this).is2D) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				if c := compOf(this); c.kind != "perspective" && c.kind != "skew" && c.kind != "skewX" && c.kind != "skewY" {
					c.is2D = v.ToBoolean()
				}
			}}},
		Methods: []bind.Method{
			{Name: "toMatrix", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				m, ok := compOf(this).toMatrix()
				if !ok {
					r.ThrowTypeError("Failed to execute 'toMatrix' on 'CSSTransformComponent': Cannot create matrix if units are not compatible with px")
				}
				return r.WrapObject(m, r.Class("DOMMatrix"))
			}},
			{Name: "toString", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return r.String(compOf(this).String()) }},
		},
	},
	{
		Name: "CSSTranslate", Parent: "CSSTransformComponent", CtorLength: 2,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			const ctx = "Failed to construct 'CSSTranslate'"
			requireArgs(r, ctx, args, 2)
			c := &cssTransformComp{kind: "translate", x: numericArg(r, args[0], ctx, 0), y: numericArg(r, args[1], ctx, 1), is2D: true}
			if len(args) > 2 && !goja.IsUndefined(args[2]) {
				c.z, c.is2D = numericArg(r, args[2], ctx, 2), false
			} else {
				c.z = unitNum(0, "px")
			}
			if !isLengthPercent(c.x) || !isLengthPercent(c.y) {
				r.ThrowTypeError(ctx + ": Must pass length or percentage to X and Y of CSSTranslate")
			}
			if !isLength(c.z) {
				r.ThrowTypeError(ctx + ": Must pass length or percentage to X, Y and Z of CSSTranslate")
			}
			return c
		},
		Attributes: []bind.Attribute{
			compAttr("CSSTranslate", "x", fx, false, isLengthPercent, "Must pass length or percentage to X of CSSTranslate"),
			compAttr("CSSTranslate", "y", fy, false, isLengthPercent, "Must pass length or percentage to Y of CSSTranslate"),
			compAttr("CSSTranslate", "z", fz, false, isLength, "Must pass length to Z of CSSTranslate"),
		},
	},
	{
		Name: "CSSRotate", Parent: "CSSTransformComponent", CtorLength: 1,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			const ctx = "Failed to construct 'CSSRotate'"
			requireArgs(r, ctx, args, 1)
			c := &cssTransformComp{kind: "rotate", x: unitNum(0, "number"), y: unitNum(0, "number"), z: unitNum(1, "number"), is2D: true}
			switch {
			case len(args) == 1 || len(args) > 1 && goja.IsUndefined(args[1]) && len(args) < 4:
				c.a = numericArg(r, args[0], ctx, 0)
			case len(args) >= 4:
				c.x, c.y, c.z = numberishOrThrow(r, args[0], ctx), numberishOrThrow(r, args[1], ctx), numberishOrThrow(r, args[2], ctx)
				c.a, c.is2D = numericArg(r, args[3], ctx, 3), false
				if !isNumberType(c.x) || !isNumberType(c.y) || !isNumberType(c.z) {
					r.ThrowTypeError(ctx + ": Must specify an number unit")
				}
			default:
				r.ThrowTypeError(ctx + ": Overload resolution failed.")
			}
			if !isAngle(c.a) {
				r.ThrowTypeError(ctx + ": Must pass an angle to CSSRotate")
			}
			return c
		},
		Attributes: []bind.Attribute{
			compAttr("CSSRotate", "angle", fa, false, isAngle, "Must pass an angle to CSSRotate"),
			compAttr("CSSRotate", "x", fx, true, isNumberType, "Must specify a number unit"),
			compAttr("CSSRotate", "y", fy, true, isNumberType, "Must specify a number unit"),
			compAttr("CSSRotate", "z", fz, true, isNumberType, "Must specify a number unit"),
		},
	},
	{
		Name: "CSSScale", Parent: "CSSTransformComponent", CtorLength: 2,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			const ctx = "Failed to construct 'CSSScale'"
			requireArgs(r, ctx, args, 2)
			c := &cssTransformComp{kind: "scale", x: numberishOrThrow(r, args[0], ctx), y: numberishOrThrow(r, args[1], ctx), z: unitNum(1, "number"), is2D: true}
			if len(args) > 2 && !goja.IsUndefined(args[2]) {
				c.z, c.is2D = numberishOrThrow(r, args[2], ctx), false
			}
			if !isNumberType(c.x) || !isNumberType(c.y) || !isNumberType(c.z) {
				r.ThrowTypeError(ctx + ": Must specify an number unit")
			}
			return c
		},
		Attributes: []bind.Attribute{
			compAttr("CSSScale", "x", fx, true, isNumberType, "Must specify a number unit"),
			compAttr("CSSScale", "y", fy, true, isNumberType, "Must specify a number unit"),
			compAttr("CSSScale", "z", fz, true, isNumberType, "Must specify a number unit"),
		},
	},
	skewIface("CSSSkew", 2), skewIface("CSSSkewX", 1), skewIface("CSSSkewY", 1),
	{
		Name: "CSSPerspective", Parent: "CSSTransformComponent", CtorLength: 1,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			const ctx = "Failed to construct 'CSSPerspective'"
			requireArgs(r, ctx, args, 1)
			c := &cssTransformComp{kind: "perspective"}
			if !perspectiveValue(r, c, args[0]) {
				r.ThrowTypeError(ctx + ": Must pass length or none to CSSPerspective")
			}
			return c
		},
		Attributes: []bind.Attribute{{Name: "length",
			Get: func(r *bind.Realm, this any) goja.Value {
				c := compOf(this)
				if c.kw != nil {
					return r.Wrap(c.kw, r.Class("CSSKeywordValue"))
				}
				return win(r).wrapStyleValue(c.x)
			},
			Set: func(r *bind.Realm, this any, v goja.Value) {
				c := *compOf(this)
				if !perspectiveValue(r, &c, v) {
					r.ThrowTypeError("Failed to set the 'length' property on 'CSSPerspective': Must pass length or none to CSSPerspective")
				}
				*compOf(this) = c
			}}},
	},
	{
		Name: "CSSMatrixComponent", Parent: "CSSTransformComponent", CtorLength: 1,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			const ctx = "Failed to construct 'CSSMatrixComponent'"
			requireArgs(r, ctx, args, 1)
			src, ok := r.UnwrapAs(args[0], r.Class("DOMMatrixReadOnly"))
			if !ok {
				r.ThrowTypeError(ctx + ": parameter 1 is not of type 'DOMMatrixReadOnly'.")
			}
			m := *src.(*matrixImpl)
			c := &cssTransformComp{kind: "matrix", matrix: r.WrapObject(&m, r.Class("DOMMatrix")), pending: &m, is2D: m.is2D}
			if len(args) > 1 {
				if o, ok := args[1].(*goja.Object); ok {
					if v := o.Get("is2D"); v != nil && !goja.IsUndefined(v) {
						c.is2D = v.ToBoolean()
					}
				}
			}
			return c
		},
		Attributes: []bind.Attribute{{Name: "matrix",
			Get: func(r *bind.Realm, this any) goja.Value {
				c := compOf(this)
				if c.matrix == nil && c.pending != nil {
					c.matrix = r.WrapObject(c.pending, r.Class("DOMMatrix"))
				}
				return c.matrix
			},
			Set: func(r *bind.Realm, this any, v goja.Value) {
				impl, ok := r.UnwrapAs(v, r.Class("DOMMatrixReadOnly"))
				if !ok {
					r.ThrowTypeError("Failed to set the 'matrix' property on 'CSSMatrixComponent': The provided value is not of type 'DOMMatrixReadOnly'.")
				}
				compOf(this).matrix, compOf(this).pending = v.(*goja.Object), impl.(*matrixImpl)
			}}},
	},
	{
		Name: "CSSTransformValue", Parent: "CSSStyleValue", CtorLength: 1,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			const ctx = "Failed to construct 'CSSTransformValue'"
			requireArgs(r, ctx, args, 1)
			var items []*cssTransformComp
			ok := iterateValues(r, args[0], func(v goja.Value) bool {
				impl, ok := r.UnwrapAs(v, r.Class("CSSTransformComponent"))
				if !ok {
					return false
				}
				items = append(items, impl.(*cssTransformComp))
				return true
			})
			if !ok {
				r.ThrowTypeError(ctx + ": Failed to convert value to 'CSSTransformComponent'.")
			}
			if len(items) == 0 {
				r.ThrowTypeError(ctx + ": CSSTransformValue must have at least one component")
			}
			return &cssTransform{items: items}
		},
		Attributes: []bind.Attribute{
			{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(this.(*cssTransform).items)) }},
			{Name: "is2D", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*cssTransform).is2D()) }},
		},
		Methods: []bind.Method{{Name: "toMatrix", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			out := newIdentity()
			for _, c := range this.(*cssTransform).items {
				m, ok := c.toMatrix()
				if !ok {
					r.ThrowTypeError("Failed to execute 'toMatrix' on 'CSSTransformValue': Cannot create matrix if units are not compatible with px")
				}
				out.postMultiply(m.m)
				out.is2D = out.is2D && m.is2D
			}
			return r.WrapObject(out, r.Class("DOMMatrix"))
		}}},
		ValueIterable: &bind.ValueIterable{},
		Exotic: &bind.Exotic{
			Item: func(r *bind.Realm, this any, i int) goja.Value {
				t := this.(*cssTransform)
				if i < 0 || i >= len(t.items) {
					return nil
				}
				return r.Wrap(t.items[i], r.Class(componentClass(t.items[i].kind)))
			},
			Get: func(r *bind.Realm, this any, key string) goja.Value {
				t := this.(*cssTransform)
				if i := bind.Index(key); i >= 0 && i < len(t.items) {
					return r.Wrap(t.items[i], r.Class(componentClass(t.items[i].kind)))
				}
				return nil
			},
			IndexedSetter: true,
			Set: func(r *bind.Realm, this any, key string, v goja.Value) bool {
				i := bind.Index(key)
				if i < 0 {
					return false
				}
				t := this.(*cssTransform)
				impl, ok := r.UnwrapAs(v, r.Class("CSSTransformComponent"))
				if !ok {
					r.ThrowTypeError("Failed to set an indexed property [" + key + "] on 'CSSTransformValue': parameter 2 is not of type 'CSSTransformComponent'.")
				}
				switch {
				case i < len(t.items):
					t.items[i] = impl.(*cssTransformComp)
				case i == len(t.items):
					t.items = append(t.items, impl.(*cssTransformComp))
				default:
					r.ThrowRangeError("Failed to set an indexed property [" + key + "] on 'CSSTransformValue': The index provided (" + key + ") is outside the range [0, " + strconv.Itoa(len(t.items)) + "].")
				}
				return true
			},
			Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(this.(*cssTransform).items)) },
		},
	},
}

func componentClass(kind string) string {
	switch kind {
	case "translate":
		return "CSSTranslate"
	case "rotate":
		return "CSSRotate"
	case "scale":
		return "CSSScale"
	case "skew":
		return "CSSSkew"
	case "skewX":
		return "CSSSkewX"
	case "skewY":
		return "CSSSkewY"
	case "perspective":
		return "CSSPerspective"
	}
	return "CSSMatrixComponent"
}

func requireArgs(r *bind.Realm, ctx string, args []goja.Value, n int) {
	if len(args) < n {
		s := "s"
		if n == 1 {
			s = ""
		}
		r.ThrowTypeError(ctx + ": " + strconv.Itoa(n) + " argument" + s + " required, but only " + strconv.Itoa(len(args)) + " present.")
	}
}

// iterateValues calls f for each value of an iterable (a sequence<T>
// argument); ok is false when v is not iterable or f refuses a value.
func iterateValues(r *bind.Realm, v goja.Value, f func(goja.Value) bool) bool {
	o, isObj := v.(*goja.Object)
	if !isObj {
		return false
	}
	if arr, ok := o.Export().([]any); ok && o.ClassName() == "Array" {
		for i := range arr {
			if !f(o.Get(strconv.Itoa(i))) {
				return false
			}
		}
		return true
	}
	from, ok := goja.AssertFunction(r.Runtime.Get("Array").ToObject(r.Runtime).Get("from"))
	if !ok {
		return false
	}
	res, err := from(goja.Undefined(), v)
	if err != nil {
		return false
	}
	ro := res.ToObject(r.Runtime)
	n := int(ro.Get("length").ToInteger())
	for i := 0; i < n; i++ {
		if !f(ro.Get(strconv.Itoa(i))) {
			return false
		}
	}
	return true
}

// skewIface declares CSSSkew (ax, ay), CSSSkewX (ax) or CSSSkewY (ay).
func skewIface(name string, n int) *bind.Interface {
	kind := map[string]string{"CSSSkew": "skew", "CSSSkewX": "skewX", "CSSSkewY": "skewY"}[name]
	msg := name + " does not support non-angles"
	d := &bind.Interface{Name: name, Parent: "CSSTransformComponent", CtorLength: n,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			ctx := "Failed to construct '" + name + "'"
			requireArgs(r, ctx, args, n)
			c := &cssTransformComp{kind: kind, x: unitNum(0, "deg"), y: unitNum(0, "deg"), is2D: true}
			switch kind {
			case "skew":
				c.x, c.y = numericArg(r, args[0], ctx, 0), numericArg(r, args[1], ctx, 1)
			case "skewX":
				c.x = numericArg(r, args[0], ctx, 0)
			default:
				c.y = numericArg(r, args[0], ctx, 0)
			}
			if !isAngle(c.x) || !isAngle(c.y) {
				r.ThrowTypeError(ctx + ": " + msg)
			}
			return c
		}}
	if kind != "skewY" {
		d.Attributes = append(d.Attributes, compAttr(name, "ax", fx, false, isAngle, msg))
	}
	if kind != "skewX" {
		d.Attributes = append(d.Attributes, compAttr(name, "ay", fy, false, isAngle, msg))
	}
	return d
}

// perspectiveValue sets a CSSPerspective's length from a CSSNumericValue
// (a length) or a keyword (a CSSKeywordValue or a string: none).
func perspectiveValue(r *bind.Realm, c *cssTransformComp, v goja.Value) bool {
	if impl, ok := r.UnwrapAs(v, r.Class("CSSNumericValue")); ok {
		n := impl.(*cssNum)
		c.x, c.kw = n, nil
		return isLength(n)
	}
	kw := ""
	if impl, ok := r.UnwrapAs(v, r.Class("CSSKeywordValue")); ok {
		kw = impl.(*cssKeyword).value
	} else if _, isObj := v.(*goja.Object); !isObj {
		kw = bind.DOMString(v)
	}
	if !ascii.EqualFold(kw, "none") {
		return false
	}
	c.kw, c.x = &cssKeyword{value: kw}, nil
	return true
}

// reifyTransformList reifies a <transform-list> as a CSSTransformValue;
// ok is false for text it does not read (the value is then a plain
// CSSStyleValue).
// https://drafts.css-houdini.org/css-typed-om-1/#reify-a-transform-list
func reifyTransformList(text string) (*cssTransform, bool) {
	s := strings.TrimSpace(text)
	var items []*cssTransformComp
	for s != "" {
		open := strings.IndexByte(s, '(')
		if open <= 0 {
			return nil, false
		}
		name := ascii.Lower(strings.TrimSpace(s[:open]))
		depth, end := 0, -1
		for i := open; i < len(s); i++ {
			if s[i] == '(' {
				depth++
			} else if s[i] == ')' {
				if depth--; depth == 0 {
					end = i
					break
				}
			}
		}
		if end < 0 {
			return nil, false
		}
		c, ok := typedTransformFunction(name, splitTopLevelCommas(s[open+1:end]))
		if !ok {
			return nil, false
		}
		items = append(items, c)
		s = strings.TrimSpace(s[end+1:])
	}
	if len(items) == 0 {
		return nil, false
	}
	return &cssTransform{items: items}, true
}

// typedTransformArg reads one argument of a transform function as a numeric
// value; zeroUnit is the unit a bare 0 takes (px for lengths, deg for
// angles).
func typedTransformArg(s, zeroUnit string) (*cssNum, bool) {
	var n *cssNum
	var ok bool
	if isMathFunction(s) {
		n, ok = reifyMath(s)
	} else {
		n, ok = parseNumeric(s)
	}
	if ok && zeroUnit != "" && n.op == "" && n.unit == "number" && n.value == 0 {
		n = unitNum(0, zeroUnit)
	}
	return n, ok
}

func typedTransformFunction(name string, args []string) (*cssTransformComp, bool) {
	nums := make([]*cssNum, len(args))
	zero := "px"
	switch name {
	case "rotate", "rotatex", "rotatey", "rotatez", "skew", "skewx", "skewy":
		zero = "deg"
	case "scale", "scalex", "scaley", "scalez", "scale3d", "matrix", "matrix3d":
		zero = ""
	case "perspective":
		if len(args) == 1 && ascii.EqualFold(args[0], "none") {
			return &cssTransformComp{kind: "perspective", kw: &cssKeyword{value: "none"}}, true
		}
	}
	for i, a := range args {
		z := zero
		if name == "rotate3d" && i < 3 {
			z = ""
		} else if name == "rotate3d" {
			z = "deg"
		}
		n, ok := typedTransformArg(a, z)
		if !ok {
			return nil, false
		}
		nums[i] = n
	}
	px0, one := func() *cssNum { return unitNum(0, "px") }, func() *cssNum { return unitNum(1, "number") }
	num := func(v float64) *cssNum { return unitNum(v, "number") }
	var c *cssTransformComp
	switch {
	case name == "translate" && len(nums) == 1:
		c = &cssTransformComp{kind: "translate", x: nums[0], y: px0(), z: px0(), is2D: true}
	case name == "translate" && len(nums) == 2:
		c = &cssTransformComp{kind: "translate", x: nums[0], y: nums[1], z: px0(), is2D: true}
	case name == "translatex" && len(nums) == 1:
		c = &cssTransformComp{kind: "translate", x: nums[0], y: px0(), z: px0(), is2D: true}
	case name == "translatey" && len(nums) == 1:
		c = &cssTransformComp{kind: "translate", x: px0(), y: nums[0], z: px0(), is2D: true}
	case name == "translatez" && len(nums) == 1:
		c = &cssTransformComp{kind: "translate", x: px0(), y: px0(), z: nums[0]}
	case name == "translate3d" && len(nums) == 3:
		c = &cssTransformComp{kind: "translate", x: nums[0], y: nums[1], z: nums[2]}
	case name == "scale" && len(nums) == 1:
		c = &cssTransformComp{kind: "scale", x: nums[0], y: nums[0], z: one(), is2D: true}
	case name == "scale" && len(nums) == 2:
		c = &cssTransformComp{kind: "scale", x: nums[0], y: nums[1], z: one(), is2D: true}
	case name == "scalex" && len(nums) == 1:
		c = &cssTransformComp{kind: "scale", x: nums[0], y: one(), z: one(), is2D: true}
	case name == "scaley" && len(nums) == 1:
		c = &cssTransformComp{kind: "scale", x: one(), y: nums[0], z: one(), is2D: true}
	case name == "scalez" && len(nums) == 1:
		c = &cssTransformComp{kind: "scale", x: one(), y: one(), z: nums[0]}
	case name == "scale3d" && len(nums) == 3:
		c = &cssTransformComp{kind: "scale", x: nums[0], y: nums[1], z: nums[2]}
	case name == "rotate" && len(nums) == 1:
		c = &cssTransformComp{kind: "rotate", x: num(0), y: num(0), z: num(1), a: nums[0], is2D: true}
	case name == "rotatex" && len(nums) == 1:
		c = &cssTransformComp{kind: "rotate", x: num(1), y: num(0), z: num(0), a: nums[0]}
	case name == "rotatey" && len(nums) == 1:
		c = &cssTransformComp{kind: "rotate", x: num(0), y: num(1), z: num(0), a: nums[0]}
	case name == "rotatez" && len(nums) == 1:
		c = &cssTransformComp{kind: "rotate", x: num(0), y: num(0), z: num(1), a: nums[0]}
	case name == "rotate3d" && len(nums) == 4:
		c = &cssTransformComp{kind: "rotate", x: nums[0], y: nums[1], z: nums[2], a: nums[3]}
	case name == "skew" && len(nums) == 1:
		c = &cssTransformComp{kind: "skew", x: nums[0], y: unitNum(0, "deg"), is2D: true}
	case name == "skew" && len(nums) == 2:
		c = &cssTransformComp{kind: "skew", x: nums[0], y: nums[1], is2D: true}
	case name == "skewx" && len(nums) == 1:
		c = &cssTransformComp{kind: "skewX", x: nums[0], y: unitNum(0, "deg"), is2D: true}
	case name == "skewy" && len(nums) == 1:
		c = &cssTransformComp{kind: "skewY", x: unitNum(0, "deg"), y: nums[0], is2D: true}
	case name == "perspective" && len(nums) == 1:
		c = &cssTransformComp{kind: "perspective", x: nums[0]}
	case (name == "matrix" && len(nums) == 6) || (name == "matrix3d" && len(nums) == 16):
		vals := make([]float64, len(nums))
		for i, n := range nums {
			if n.op != "" || n.unit != "number" {
				return nil, false
			}
			vals[i] = n.value
		}
		m := &matrixImpl{is2D: len(vals) == 6}
		if m.is2D {
			m.m = matrix2D(vals[0], vals[1], vals[2], vals[3], vals[4], vals[5])
		} else {
			copy(m.m[:], vals)
		}
		return &cssTransformComp{kind: "matrix", is2D: m.is2D, pending: m}, true
	default:
		return nil, false
	}
	return c, transformTypesOK(c)
}

// transformTypesOK checks a reified component's values as its constructor
// would.
func transformTypesOK(c *cssTransformComp) bool {
	switch c.kind {
	case "translate":
		return isLengthPercent(c.x) && isLengthPercent(c.y) && isLength(c.z)
	case "scale":
		return isNumberType(c.x) && isNumberType(c.y) && isNumberType(c.z)
	case "rotate":
		return isNumberType(c.x) && isNumberType(c.y) && isNumberType(c.z) && isAngle(c.a)
	case "skew", "skewX", "skewY":
		return isAngle(c.x) && isAngle(c.y)
	case "perspective":
		return c.kw != nil || isLength(c.x)
	}
	return true
}
