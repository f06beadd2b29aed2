package jsruntime

import (
	"math"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// SVGMatrix: what createSVGMatrix, getCTM and getScreenCTM return and an
// SVGTransform's matrix, which is live (writing to it makes its transform
// a matrix one and writes the attribute). Its operations return new
// matrices. Chromium 156 keeps SVGMatrix an interface of its own, not
// SVG 2's DOMMatrix alias, and its methods and SVGPoint.matrixTransform
// take only SVGMatrix objects.
// https://www.w3.org/TR/SVG11/coords.html#InterfaceSVGMatrix

// svgMatrixValue is an SVGMatrix: its own numbers, or t's when it is a
// transform's.
type svgMatrixValue struct {
	m affine
	t *svgTransform
}

func (m *svgMatrixValue) get() affine {
	if m.t != nil {
		return m.t.m
	}
	return m.m
}

func (w *Window) svgMatrix(m affine) goja.Value {
	return w.realm.WrapObject(&svgMatrixValue{m: m}, w.realm.Class("SVGMatrix"))
}

// svgMatrixArg reads an SVGMatrix argument.
func svgMatrixArg(r *bind.Realm, args []goja.Value, method, iface string) affine {
	if len(args) == 0 {
		r.ThrowTypeError("Failed to execute '%s' on '%s': 1 argument required, but only 0 present.", method, iface)
	}
	impl, ok := r.UnwrapAs(args[0], r.Class("SVGMatrix"))
	if !ok {
		r.ThrowTypeError("Failed to execute '%s' on '%s': parameter 1 is not of type 'SVGMatrix'.", method, iface)
	}
	return impl.(*svgMatrixValue).get()
}

// svgMatrixOp declares an operation returning this·op(args).
func svgMatrixOp(name string, length int, op func(r *bind.Realm, m affine, a []float64) affine) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		if len(args) < length {
			r.ThrowTypeError("Failed to execute '%s' on 'SVGMatrix': %d argument%s required, but only %d present.", name, length, map[bool]string{true: "s"}[length > 1], len(args))
		}
		a := make([]float64, length)
		for i := range a {
			a[i] = bind.Number(args[i])
		}
		return win(r).svgMatrix(op(r, this.(*svgMatrixValue).get(), a))
	}}
}

func tanDegrees(a float64) float64 { return math.Tan(a * math.Pi / 180) }

var svgMatrixIface = &bind.Interface{Name: "SVGMatrix",
	Attributes: func() []bind.Attribute {
		var out []bind.Attribute
		for i, name := range []string{"a", "b", "c", "d", "e", "f"} {
			out = append(out, bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
				return r.Float(this.(*svgMatrixValue).get()[i])
			}, Set: func(r *bind.Realm, this any, v goja.Value) {
				m := this.(*svgMatrixValue)
				f := bind.Double(v)
				if math.IsNaN(f) || math.IsInf(f, 0) {
					r.ThrowTypeError("Failed to set the '%s' property on 'SVGMatrix': The provided double value is non-finite.", name)
				}
				if t := m.t; t != nil {
					nm := t.m
					nm[i] = f
					t.kind, t.angle, t.p, t.m = transformMatrix, 0, [2]float64{}, nm
					t.changed()
					return
				}
				m.m[i] = f
			}})
		}
		return out
	}(),
	Methods: []bind.Method{
		{Name: "multiply", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			o := svgMatrixArg(r, args, "multiply", "SVGMatrix")
			return win(r).svgMatrix(this.(*svgMatrixValue).get().mul(o))
		}},
		svgMatrixOp("inverse", 0, func(r *bind.Realm, m affine, _ []float64) affine {
			inv, ok := m.inverse()
			if !ok {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'inverse' on 'SVGMatrix': The matrix is not invertible.")
			}
			return inv
		}),
		svgMatrixOp("translate", 2, func(_ *bind.Realm, m affine, a []float64) affine { return m.mul(affine{1, 0, 0, 1, a[0], a[1]}) }),
		svgMatrixOp("scale", 1, func(_ *bind.Realm, m affine, a []float64) affine { return m.mul(affine{a[0], 0, 0, a[0], 0, 0}) }),
		svgMatrixOp("scaleNonUniform", 2, func(_ *bind.Realm, m affine, a []float64) affine { return m.mul(affine{a[0], 0, 0, a[1], 0, 0}) }),
		svgMatrixOp("rotate", 1, func(_ *bind.Realm, m affine, a []float64) affine {
			s, c := sinCosDegrees(a[0])
			return m.mul(affine{c, s, -s, c, 0, 0})
		}),
		svgMatrixOp("rotateFromVector", 2, func(r *bind.Realm, m affine, a []float64) affine {
			if a[0] == 0 || a[1] == 0 {
				r.ThrowDOMException("InvalidAccessError", "Failed to execute 'rotateFromVector' on 'SVGMatrix': Arguments cannot be zero.")
			}
			h := math.Hypot(a[0], a[1])
			c, s := a[0]/h, a[1]/h
			return m.mul(affine{c, s, -s, c, 0, 0})
		}),
		svgMatrixOp("flipX", 0, func(_ *bind.Realm, m affine, _ []float64) affine { return m.mul(affine{-1, 0, 0, 1, 0, 0}) }),
		svgMatrixOp("flipY", 0, func(_ *bind.Realm, m affine, _ []float64) affine { return m.mul(affine{1, 0, 0, -1, 0, 0}) }),
		svgMatrixOp("skewX", 1, func(_ *bind.Realm, m affine, a []float64) affine {
			return m.mul(affine{1, 0, tanDegrees(a[0]), 1, 0, 0})
		}),
		svgMatrixOp("skewY", 1, func(_ *bind.Realm, m affine, a []float64) affine {
			return m.mul(affine{1, tanDegrees(a[0]), 0, 1, 0, 0})
		}),
	},
}

// inverse is m's inverse; ok is false when m has none.
func (m affine) inverse() (affine, bool) {
	det := m[0]*m[3] - m[1]*m[2]
	if det == 0 {
		return identityAffine, false
	}
	return affine{m[3] / det, -m[1] / det, -m[2] / det, m[0] / det,
		(m[2]*m[5] - m[3]*m[4]) / det, (m[1]*m[4] - m[0]*m[5]) / det}, true
}
