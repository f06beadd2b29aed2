package jsruntime

import (
	"math"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Geometry Interfaces Module Level 1: DOMPoint(ReadOnly), DOMQuad and
// DOMMatrix(ReadOnly). DOMRect(ReadOnly) and DOMRectList are in domrect.go.
// https://drafts.csswg.org/geometry-1/

// pointImpl backs DOMPoint and DOMPointReadOnly: the wrapper's class says
// which (the attributes of DOMPoint have setters).
// https://drafts.csswg.org/geometry-1/#DOMPoint
type pointImpl struct{ x, y, z, w float64 }

// quadImpl backs DOMQuad; its four points are DOMPoints of their own, the
// same objects every time ([SameObject]).
// https://drafts.csswg.org/geometry-1/#DOMQuad
type quadImpl struct{ p [4]*pointImpl }

// matrixImpl backs DOMMatrix and DOMMatrixReadOnly. m holds the 4x4 matrix
// in the order of toFloat64Array: m11, m12, m13, m14, m21, ..., m44 (column
// by column in the column-vector convention, so m41 and m42 are the
// translation e and f).
// https://drafts.csswg.org/geometry-1/#DOMMatrix
type matrixImpl struct {
	m    [16]float64
	is2D bool
}

var identity16 = [16]float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}

func newIdentity() *matrixImpl { return &matrixImpl{m: identity16, is2D: true} }

// matrix2D returns the 2D matrix a..f.
func matrix2D(a, b, c, d, e, f float64) [16]float64 {
	return [16]float64{a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1}
}

// mul returns x·y (y applied first to a column vector): post-multiplying
// x by y.
func mul(x, y *[16]float64) [16]float64 {
	var out [16]float64
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			var s float64
			for k := 0; k < 4; k++ {
				s += x[k*4+r] * y[c*4+k]
			}
			out[c*4+r] = s
		}
	}
	return out
}

// postMultiply sets m to m·o.
func (m *matrixImpl) postMultiply(o [16]float64) { m.m = mul(&m.m, &o) }

// preMultiply sets m to o·m.
func (m *matrixImpl) preMultiply(o [16]float64) { m.m = mul(&o, &m.m) }

// https://drafts.csswg.org/geometry-1/#dom-dommatrix-translateself
func (m *matrixImpl) translate(tx, ty, tz float64) {
	m.postMultiply([16]float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1})
	if tz != 0 {
		m.is2D = false
	}
}

// https://drafts.csswg.org/geometry-1/#dom-dommatrix-scaleself
func (m *matrixImpl) scale(sx, sy, sz, ox, oy, oz float64) {
	is2D := m.is2D && sz == 1 && oz == 0
	m.translate(ox, oy, oz)
	m.postMultiply([16]float64{sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1})
	m.translate(-ox, -oy, -oz)
	m.is2D = is2D
}

// degToRad and radToDeg are π/180 and 180/π correctly rounded, which
// Chromium multiplies angles by (base::kDegToRadDouble, kRadToDegDouble).
const (
	degToRad = math.Pi / 180
	radToDeg = 180 / math.Pi
)

// sinCosDegrees returns sin and cos of deg degrees as Chromium computes
// them (gfx::SinCosDegrees): exact at multiples of 45 (rotate(90) is
// matrix(0, 1, -1, 0, 0, 0), rotate(45) has equal sine and cosine), and
// otherwise from an angle reduced into [0, 45] degrees, so that the last
// digits of a serialized matrix agree. The radians are deg·(π/180), one
// rounding (base::DegToRad), and sin and cos correctly rounded (the C
// library's, which Chromium calls, are on all of a thousand angles tried).
func sinCosDegrees(deg float64) (s, c float64) {
	if !(deg > -9e7 && deg < 9e7) {
		rad := math.Mod(deg, 360) * degToRad
		return jsSin(rad), jsCos(rad)
	}
	q := deg / 45
	oct := int(q)
	if float64(oct) == q {
		const h = math.Sqrt2 / 2
		exact := [8][2]float64{{0, 1}, {h, h}, {1, 0}, {h, -h}, {0, -1}, {-h, -h}, {-1, 0}, {-h, h}}
		e := exact[oct&7]
		return e[0], e[1]
	}
	if deg < 0 {
		oct--
	}
	r := deg - float64(oct)*45 // in [0, 45)
	if oct&1 != 0 {
		// sin(45k + r) for odd k is a cosine of 45 - r.
		r = 45 - r
	}
	rad := r * degToRad
	s, c = jsSin(rad), jsCos(rad)
	if (oct+1)&2 != 0 {
		s, c = c, s
	}
	if oct&4 != 0 {
		s = -s
	}
	if (oct+2)&4 != 0 {
		c = -c
	}
	return s, c
}

// rotationMatrix is the rotation by deg degrees around the vector (x, y,
// z), which must not be zero.
// https://drafts.csswg.org/css-transforms-2/#Rotate3dDefined
func rotationMatrix(x, y, z, deg float64) [16]float64 {
	m := matrixImpl{m: identity16}
	m.rotateAbout(x, y, z, deg)
	return m.m
}

// rotateAbout post-multiplies m by the rotation by deg degrees around (x,
// y, z) with Chromium's steps and roundings (gfx::Transform::RotateAbout
// and Matrix44::RotateUnitSinCos): no change for a zero angle or axis; the
// axis normalized unless its squared length is 1; a rotation about a unit
// axis as two column operations, any other as a product with the matrix of
// https://drafts.csswg.org/css-transforms-2/#Rotate3dDefined.
func (m *matrixImpl) rotateAbout(x, y, z, deg float64) {
	s, c := sinCosDegrees(deg)
	if s == 0 && c == 1 {
		return
	}
	sq := x*x + y*y + z*z
	if sq == 0 {
		return
	}
	if sq != 1 {
		k := 1 / math.Sqrt(sq)
		x, y, z = x*k, y*k, z*k
	}
	switch {
	case z == 1:
		m.rotateColumns(0, 1, s, c)
	case y == 1:
		m.rotateColumns(2, 0, s, c)
	case x == 1:
		m.rotateColumns(1, 2, s, c)
	default:
		t := 1 - c
		xs, ys, zs := x*s, y*s, z*s
		xt, yt, zt := x*t, y*t, z*t
		xyt, yzt, zxt := x*yt, y*zt, z*xt
		m.postMultiply([16]float64{
			x*xt + c, xyt + zs, zxt - ys, 0,
			xyt - zs, y*yt + c, yzt + xs, 0,
			zxt + ys, yzt - xs, z*zt + c, 0,
			0, 0, 0, 1,
		})
	}
}

// rotateColumns post-multiplies m by a rotation in the plane of columns i
// and j (i towards j): column i becomes i·cos + j·sin and j becomes
// j·cos − i·sin (Matrix44::RotateAbout{X,Y,Z}AxisSinCos), which keeps
// Chromium's signed zeros too.
func (m *matrixImpl) rotateColumns(i, j int, s, c float64) {
	a := &m.m
	for r := 0; r < 4; r++ {
		ci, cj := a[i*4+r], a[j*4+r]
		a[i*4+r] = ci*c + cj*s
		a[j*4+r] = cj*c - ci*s
	}
}

// https://drafts.csswg.org/geometry-1/#dom-dommatrix-rotateaxisangleself
func (m *matrixImpl) rotateAxisAngle(x, y, z, deg float64) {
	if x != 0 || y != 0 {
		m.is2D = false
	}
	if x == 0 && y == 0 && z == 0 {
		return
	}
	m.rotateAbout(x, y, z, deg)
}

// https://drafts.csswg.org/geometry-1/#dom-dommatrix-rotateself
func (m *matrixImpl) rotate(rx, ry, rz float64) {
	if rx != 0 || ry != 0 {
		m.is2D = false
	}
	if rz != 0 {
		m.rotateAbout(0, 0, 1, rz)
	}
	if ry != 0 {
		m.rotateAbout(0, 1, 0, ry)
	}
	if rx != 0 {
		m.rotateAbout(1, 0, 0, rx)
	}
}

// skew post-multiplies m by skewX(ax) then skewY(ay) as Chromium does
// (gfx::Transform::Skew, Matrix44::Skew): column 0 gains column 1 times
// tan(ay), column 1 column 0 times tan(ax), both from the columns before.
func (m *matrixImpl) skew(ax, ay float64) {
	if ax == 0 && ay == 0 {
		return
	}
	tx, ty := jsTan(ax*degToRad), jsTan(ay*degToRad)
	a := &m.m
	for r := 0; r < 4; r++ {
		c0, c1 := a[r], a[4+r]
		a[r] = c0 + c1*ty
		a[4+r] = c1 + c0*tx
	}
}

// invert sets m to its inverse, or to NaNs (and not 2D) when it has none.
// https://drafts.csswg.org/geometry-1/#dom-dommatrix-invertself
func (m *matrixImpl) invert() {
	a := &m.m
	var inv [16]float64
	inv[0] = a[5]*a[10]*a[15] - a[5]*a[11]*a[14] - a[9]*a[6]*a[15] + a[9]*a[7]*a[14] + a[13]*a[6]*a[11] - a[13]*a[7]*a[10]
	inv[4] = -a[4]*a[10]*a[15] + a[4]*a[11]*a[14] + a[8]*a[6]*a[15] - a[8]*a[7]*a[14] - a[12]*a[6]*a[11] + a[12]*a[7]*a[10]
	inv[8] = a[4]*a[9]*a[15] - a[4]*a[11]*a[13] - a[8]*a[5]*a[15] + a[8]*a[7]*a[13] + a[12]*a[5]*a[11] - a[12]*a[7]*a[9]
	inv[12] = -a[4]*a[9]*a[14] + a[4]*a[10]*a[13] + a[8]*a[5]*a[14] - a[8]*a[6]*a[13] - a[12]*a[5]*a[10] + a[12]*a[6]*a[9]
	inv[1] = -a[1]*a[10]*a[15] + a[1]*a[11]*a[14] + a[9]*a[2]*a[15] - a[9]*a[3]*a[14] - a[13]*a[2]*a[11] + a[13]*a[3]*a[10]
	inv[5] = a[0]*a[10]*a[15] - a[0]*a[11]*a[14] - a[8]*a[2]*a[15] + a[8]*a[3]*a[14] + a[12]*a[2]*a[11] - a[12]*a[3]*a[10]
	inv[9] = -a[0]*a[9]*a[15] + a[0]*a[11]*a[13] + a[8]*a[1]*a[15] - a[8]*a[3]*a[13] - a[12]*a[1]*a[11] + a[12]*a[3]*a[9]
	inv[13] = a[0]*a[9]*a[14] - a[0]*a[10]*a[13] - a[8]*a[1]*a[14] + a[8]*a[2]*a[13] + a[12]*a[1]*a[10] - a[12]*a[2]*a[9]
	inv[2] = a[1]*a[6]*a[15] - a[1]*a[7]*a[14] - a[5]*a[2]*a[15] + a[5]*a[3]*a[14] + a[13]*a[2]*a[7] - a[13]*a[3]*a[6]
	inv[6] = -a[0]*a[6]*a[15] + a[0]*a[7]*a[14] + a[4]*a[2]*a[15] - a[4]*a[3]*a[14] - a[12]*a[2]*a[7] + a[12]*a[3]*a[6]
	inv[10] = a[0]*a[5]*a[15] - a[0]*a[7]*a[13] - a[4]*a[1]*a[15] + a[4]*a[3]*a[13] + a[12]*a[1]*a[7] - a[12]*a[3]*a[5]
	inv[14] = -a[0]*a[5]*a[14] + a[0]*a[6]*a[13] + a[4]*a[1]*a[14] - a[4]*a[2]*a[13] - a[12]*a[1]*a[6] + a[12]*a[2]*a[5]
	inv[3] = -a[1]*a[6]*a[11] + a[1]*a[7]*a[10] + a[5]*a[2]*a[11] - a[5]*a[3]*a[10] - a[9]*a[2]*a[7] + a[9]*a[3]*a[6]
	inv[7] = a[0]*a[6]*a[11] - a[0]*a[7]*a[10] - a[4]*a[2]*a[11] + a[4]*a[3]*a[10] + a[8]*a[2]*a[7] - a[8]*a[3]*a[6]
	inv[11] = -a[0]*a[5]*a[11] + a[0]*a[7]*a[9] + a[4]*a[1]*a[11] - a[4]*a[3]*a[9] - a[8]*a[1]*a[7] + a[8]*a[3]*a[5]
	inv[15] = a[0]*a[5]*a[10] - a[0]*a[6]*a[9] - a[4]*a[1]*a[10] + a[4]*a[2]*a[9] + a[8]*a[1]*a[6] - a[8]*a[2]*a[5]
	det := a[0]*inv[0] + a[1]*inv[4] + a[2]*inv[8] + a[3]*inv[12]
	if m.is2D {
		// The 2D inverse, without the rounding of the 4x4 cofactors.
		det = a[0]*a[5] - a[1]*a[4]
		if det != 0 && !math.IsNaN(det) && !math.IsInf(det, 0) {
			ai, bi, ci, di := a[5]/det, -a[1]/det, -a[4]/det, a[0]/det
			m.m = matrix2D(ai, bi, ci, di, -(ai*a[12] + ci*a[13]), -(bi*a[12] + di*a[13]))
			return
		}
	}
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		for i := range m.m {
			m.m[i] = math.NaN()
		}
		m.is2D = false
		return
	}
	for i := range inv {
		m.m[i] = inv[i] / det
	}
}

func (m *matrixImpl) isIdentity() bool { return m.m == identity16 }

// https://drafts.csswg.org/geometry-1/#dom-dommatrixreadonly-transformpoint
func (m *matrixImpl) transformPoint(p pointImpl) *pointImpl {
	a := &m.m
	return &pointImpl{
		x: a[0]*p.x + a[4]*p.y + a[8]*p.z + a[12]*p.w,
		y: a[1]*p.x + a[5]*p.y + a[9]*p.z + a[13]*p.w,
		z: a[2]*p.x + a[6]*p.y + a[10]*p.z + a[14]*p.w,
		w: a[3]*p.x + a[7]*p.y + a[11]*p.z + a[15]*p.w,
	}
}

// threeDElement reports whether setting element i to v makes the matrix 3D
// (a non-default value in the third row or column, or in the perspective
// row).
func threeDElement(i int, v float64) bool {
	switch i {
	case 2, 3, 6, 7, 8, 9, 11, 14:
		return v != 0
	case 10, 15:
		return v != 1
	}
	return false
}

// --- conversions -----------------------------------------------------------

// optDouble is an optional unrestricted double argument with default def.
func optDouble(args []goja.Value, i int, def float64) float64 {
	if i >= len(args) || goja.IsUndefined(args[i]) {
		return def
	}
	return bind.Number(args[i])
}

// present reports whether optional argument i was given.
func present(args []goja.Value, i int) bool {
	return i < len(args) && !goja.IsUndefined(args[i])
}

// dictionary converts v to a dictionary source object: nil for undefined
// and null, a TypeError for other non-objects.
// https://webidl.spec.whatwg.org/#es-dictionary
func dictionary(r *bind.Realm, v goja.Value, what, dict string) *goja.Object {
	if bind.Nullish(v) {
		return nil
	}
	o, ok := v.(*goja.Object)
	if !ok {
		r.ThrowTypeError("Failed to %s: The provided value is not of type '%s'.", what, dict)
	}
	return o
}

// dictDouble reads an unrestricted double member of a dictionary.
func dictDouble(o *goja.Object, name string) (float64, bool) {
	if o == nil {
		return 0, false
	}
	v := o.Get(name)
	if v == nil || goja.IsUndefined(v) {
		return 0, false
	}
	return bind.Number(v), true
}

func dictDoubleOr(o *goja.Object, name string, def float64) float64 {
	if f, ok := dictDouble(o, name); ok {
		return f
	}
	return def
}

// pointInit converts a DOMPointInit (members in lexicographic order).
func pointInit(r *bind.Realm, v goja.Value, what string) pointImpl {
	o := dictionary(r, v, what, "DOMPointInit")
	var p pointImpl
	p.w = dictDoubleOr(o, "w", 1)
	p.x = dictDoubleOr(o, "x", 0)
	p.y = dictDoubleOr(o, "y", 0)
	p.z = dictDoubleOr(o, "z", 0)
	return p
}

// rectInit converts a DOMRectInit.
func rectInit(r *bind.Realm, v goja.Value, what string) rectImpl {
	o := dictionary(r, v, what, "DOMRectInit")
	var rc rectImpl
	rc.h = dictDoubleOr(o, "height", 0)
	rc.w = dictDoubleOr(o, "width", 0)
	rc.x = dictDoubleOr(o, "x", 0)
	rc.y = dictDoubleOr(o, "y", 0)
	return rc
}

// matrix2DAliases pairs the 2D aliases a..f with their mNN elements.
var matrix2DAliases = [6]struct {
	alias, name string
	i           int
	def         float64
}{{"a", "m11", 0, 1}, {"b", "m12", 1, 0}, {"c", "m21", 4, 0}, {"d", "m22", 5, 1}, {"e", "m41", 12, 0}, {"f", "m42", 13, 0}}

// matrix3DMembers are the DOMMatrixInit members beyond the 2D ones.
var matrix3DMembers = [10]struct {
	name string
	i    int
	def  float64
}{{"m13", 2, 0}, {"m14", 3, 0}, {"m23", 6, 0}, {"m24", 7, 0}, {"m31", 8, 0}, {"m32", 9, 0}, {"m33", 10, 1}, {"m34", 11, 0}, {"m43", 14, 0}, {"m44", 15, 1}}

func sameValueZero(a, b float64) bool { return a == b || (a != a && b != b) }

// matrixFromInit converts a DOMMatrixInit and runs "validate and fixup".
// https://drafts.csswg.org/geometry-1/#create-a-dommatrix-from-the-dictionary
func matrixFromInit(r *bind.Realm, v goja.Value, what string) *matrixImpl {
	o := dictionary(r, v, what, "DOMMatrixInit")
	m := newIdentity()
	for _, al := range matrix2DAliases {
		av, hasA := dictDouble(o, al.alias)
		mv, hasM := dictDouble(o, al.name)
		switch {
		case hasA && hasM && !sameValueZero(av, mv):
			r.ThrowTypeError("Failed to %s: Property mismatch on matrix initialization.", what)
		case hasM:
			m.m[al.i] = mv
		case hasA:
			m.m[al.i] = av
		default:
			m.m[al.i] = al.def
		}
	}
	var is2D, has2D bool
	if o != nil {
		if b := o.Get("is2D"); b != nil && !goja.IsUndefined(b) {
			is2D, has2D = b.ToBoolean(), true
		}
	}
	flat := true
	for _, e := range matrix3DMembers {
		m.m[e.i] = dictDoubleOr(o, e.name, e.def)
		if m.m[e.i] != e.def {
			flat = false
		}
	}
	if has2D && is2D && !flat {
		r.ThrowTypeError("Failed to %s: The is2D member is set to true but the input matrix is a 3d matrix.", what)
	}
	if has2D {
		m.is2D = is2D
	} else {
		m.is2D = flat
	}
	return m
}

// matrixFromSequence makes a matrix of 6 (2D) or 16 numbers.
func matrixFromSequence(r *bind.Realm, nums []float64, what string) *matrixImpl {
	switch len(nums) {
	case 6:
		return &matrixImpl{m: matrix2D(nums[0], nums[1], nums[2], nums[3], nums[4], nums[5]), is2D: true}
	case 16:
		m := &matrixImpl{}
		copy(m.m[:], nums)
		return m
	}
	r.ThrowTypeError("Failed to %s: The sequence must contain 6 elements for a 2D matrix or 16 elements for a 3D matrix.", what)
	return nil
}

// matrixFromString parses a CSS transform list, throwing SyntaxError.
func matrixFromString(r *bind.Realm, s, what string) *matrixImpl {
	m, err := parseTransformList(s)
	if err != nil {
		r.ThrowDOMException("SyntaxError", "Failed to "+what+": "+err.Error())
	}
	return m
}

// https://drafts.csswg.org/geometry-1/#dom-dommatrixreadonly-dommatrixreadonly
func matrixCtor(iface string) bind.Constructor {
	return func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		what := "construct '" + iface + "'"
		if !present(args, 0) {
			return newIdentity()
		}
		if o, ok := args[0].(*goja.Object); ok && !bind.Absent(o.GetSymbol(goja.SymIterator)) {
			var nums []float64
			r.Runtime.ForOf(o, func(v goja.Value) bool {
				nums = append(nums, bind.Number(v))
				return true
			})
			return matrixFromSequence(r, nums, what)
		}
		return matrixFromString(r, bind.DOMString(args[0]), what)
	}
}

// typedArrayMatrix implements fromFloat32Array and fromFloat64Array.
func typedArrayMatrix(iface, method string, f32 bool) bind.Method {
	return bind.Method{Name: method, Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		what := "execute '" + method + "' on '" + iface + "'"
		var nums []float64
		ok := false
		if o, isObj := args[0].(*goja.Object); isObj {
			switch a := o.Export().(type) {
			case []float32:
				if f32 {
					ok = true
					nums = make([]float64, len(a))
					for i, x := range a {
						nums[i] = float64(x)
					}
				}
			case []float64:
				if !f32 {
					ok, nums = true, a
				}
			}
		}
		if !ok {
			t := "Float64Array"
			if f32 {
				t = "Float32Array"
			}
			r.ThrowTypeError("Failed to %s: parameter 1 is not of type '%s'.", what, t)
		}
		return r.WrapObject(matrixFromSequence(r, nums, what), r.Class(iface))
	}}
}

func matrixFromMatrix(iface string) bind.Method {
	return bind.Method{Name: "fromMatrix", Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		return r.WrapObject(matrixFromInit(r, bind.Arg(args, 0), "execute 'fromMatrix' on '"+iface+"'"), r.Class(iface))
	}}
}

// newTypedArray makes a Float32Array or Float64Array of the matrix.
func newTypedArray(r *bind.Realm, m *matrixImpl, f32 bool) goja.Value {
	name := "Float64Array"
	if f32 {
		name = "Float32Array"
	}
	ctor, _ := r.Runtime.Get(name).(*goja.Object)
	if ctor == nil {
		r.ThrowTypeError("%s is not a constructor", name)
	}
	arr, err := r.Runtime.New(ctor, r.Runtime.ToValue(16))
	if err != nil {
		panic(err)
	}
	switch a := arr.Export().(type) {
	case []float32:
		for i, x := range m.m {
			a[i] = float32(x)
		}
	case []float64:
		copy(a, m.m[:])
	}
	return arr
}

// --- DOMMatrixReadOnly and DOMMatrix ---------------------------------------

// matrixElementNames are the attribute names of the elements in m order.
var matrixElementNames = [16]string{"m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"}

// matrixAttrNames lists the element attributes in IDL order with their
// index: a..f, then m11..m44.
var matrixAttrNames = func() (out [22]struct {
	name string
	i    int
}) {
	for k, al := range matrix2DAliases {
		out[k].name, out[k].i = al.alias, al.i
	}
	for i, n := range matrixElementNames {
		out[6+i].name, out[6+i].i = n, i
	}
	return out
}()

func matrixAttrs(writable bool) []bind.Attribute {
	attrs := make([]bind.Attribute, 0, 24)
	for _, a := range matrixAttrNames {
		i := a.i
		at := bind.Attribute{Name: a.name, Get: func(r *bind.Realm, this any) goja.Value {
			return r.Float(this.(*matrixImpl).m[i])
		}}
		if writable {
			at.Set = func(r *bind.Realm, this any, v goja.Value) {
				m := this.(*matrixImpl)
				f := bind.Double(v)
				m.m[i] = f
				if threeDElement(i, f) {
					m.is2D = false
				}
			}
		}
		attrs = append(attrs, at)
	}
	return attrs
}

// matrixOp declares an immutable transform method: it copies the matrix,
// applies op to the copy and returns it as a new DOMMatrix.
func matrixOp(name string, op func(r *bind.Realm, m *matrixImpl, args []goja.Value)) bind.Method {
	return bind.Method{Name: name, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		m := *this.(*matrixImpl)
		op(r, &m, args)
		return r.WrapObject(&m, r.Class("DOMMatrix"))
	}}
}

// matrixSelfOp declares a mutable transform method of DOMMatrix: it applies
// op to the matrix and returns this.
func matrixSelfOp(name string, op func(r *bind.Realm, m *matrixImpl, args []goja.Value)) bind.Method {
	return bind.Method{Name: name, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		m := this.(*matrixImpl)
		op(r, m, args)
		return r.WrapObject(m, r.Class("DOMMatrix"))
	}}
}

// The transform operations shared by the immutable and the Self methods.
var (
	opTranslate = func(_ *bind.Realm, m *matrixImpl, args []goja.Value) {
		m.translate(optDouble(args, 0, 0), optDouble(args, 1, 0), optDouble(args, 2, 0))
	}
	opScale = func(_ *bind.Realm, m *matrixImpl, args []goja.Value) {
		sx := optDouble(args, 0, 1)
		m.scale(sx, optDouble(args, 1, sx), optDouble(args, 2, 1), optDouble(args, 3, 0), optDouble(args, 4, 0), optDouble(args, 5, 0))
	}
	opScale3d = func(_ *bind.Realm, m *matrixImpl, args []goja.Value) {
		s := optDouble(args, 0, 1)
		m.scale(s, s, s, optDouble(args, 1, 0), optDouble(args, 2, 0), optDouble(args, 3, 0))
	}
	opRotate = func(_ *bind.Realm, m *matrixImpl, args []goja.Value) {
		rx, ry, rz := optDouble(args, 0, 0), optDouble(args, 1, 0), optDouble(args, 2, 0)
		if !present(args, 1) && !present(args, 2) {
			rx, rz = 0, rx
		}
		m.rotate(rx, ry, rz)
	}
	opRotateFromVector = func(_ *bind.Realm, m *matrixImpl, args []goja.Value) {
		x, y := optDouble(args, 0, 0), optDouble(args, 1, 0)
		if x == 0 && y == 0 {
			return
		}
		m.rotateAbout(0, 0, 1, jsAtan2(y, x)*radToDeg)
	}
	opRotateAxisAngle = func(_ *bind.Realm, m *matrixImpl, args []goja.Value) {
		m.rotateAxisAngle(optDouble(args, 0, 0), optDouble(args, 1, 0), optDouble(args, 2, 0), optDouble(args, 3, 0))
	}
	opSkewX  = func(_ *bind.Realm, m *matrixImpl, args []goja.Value) { m.skew(optDouble(args, 0, 0), 0) }
	opSkewY  = func(_ *bind.Realm, m *matrixImpl, args []goja.Value) { m.skew(0, optDouble(args, 0, 0)) }
	opInvert = func(_ *bind.Realm, m *matrixImpl, _ []goja.Value) { m.invert() }
)

func opMultiply(method string, pre bool) func(r *bind.Realm, m *matrixImpl, args []goja.Value) {
	return func(r *bind.Realm, m *matrixImpl, args []goja.Value) {
		o := matrixFromInit(r, bind.Arg(args, 0), "execute '"+method+"' on 'DOMMatrix'")
		if pre {
			m.preMultiply(o.m)
		} else {
			m.postMultiply(o.m)
		}
		if !o.is2D {
			m.is2D = false
		}
	}
}

func (m *matrixImpl) toJSON(r *bind.Realm) *goja.Object {
	o := r.Runtime.NewObject()
	for _, a := range matrixAttrNames {
		o.Set(a.name, r.Float(m.m[a.i]))
	}
	o.Set("is2D", r.Bool(m.is2D))
	o.Set("isIdentity", r.Bool(m.isIdentity()))
	return o
}

// stringify serializes the matrix as a CSS matrix() or matrix3d().
// https://drafts.csswg.org/geometry-1/#dommatrixreadonly-stringification-behavior
func (m *matrixImpl) stringify(r *bind.Realm) string {
	for _, f := range m.m {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			r.ThrowDOMException("InvalidStateError", "Failed to execute 'toString' on 'DOMMatrixReadOnly': DOMMatrix cannot be serialized with NaN or Infinity values.")
		}
	}
	buf := make([]byte, 0, 64)
	var elems []float64
	if m.is2D {
		buf = append(buf, "matrix("...)
		elems = []float64{m.m[0], m.m[1], m.m[4], m.m[5], m.m[12], m.m[13]}
	} else {
		buf = append(buf, "matrix3d("...)
		elems = m.m[:]
	}
	for i, f := range elems {
		if i > 0 {
			buf = append(buf, ", "...)
		}
		buf = appendJSNumber(buf, f)
	}
	return string(append(buf, ')'))
}

var domMatrixReadOnlyIface = &bind.Interface{
	Name:        "DOMMatrixReadOnly",
	Constructor: matrixCtor("DOMMatrixReadOnly"),
	Attributes: append(matrixAttrs(false),
		bind.Attribute{Name: "is2D", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*matrixImpl).is2D) }},
		bind.Attribute{Name: "isIdentity", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*matrixImpl).isIdentity()) }},
	),
	StaticMethods: []bind.Method{
		matrixFromMatrix("DOMMatrixReadOnly"),
		typedArrayMatrix("DOMMatrixReadOnly", "fromFloat32Array", true),
		typedArrayMatrix("DOMMatrixReadOnly", "fromFloat64Array", false),
	},
	Methods: []bind.Method{
		matrixOp("translate", opTranslate),
		matrixOp("scale", opScale),
		matrixOp("scaleNonUniform", func(_ *bind.Realm, m *matrixImpl, args []goja.Value) {
			m.scale(optDouble(args, 0, 1), optDouble(args, 1, 1), 1, 0, 0, 0)
		}),
		matrixOp("scale3d", opScale3d),
		matrixOp("rotate", opRotate),
		matrixOp("rotateFromVector", opRotateFromVector),
		matrixOp("rotateAxisAngle", opRotateAxisAngle),
		matrixOp("skewX", opSkewX),
		matrixOp("skewY", opSkewY),
		matrixOp("multiply", opMultiply("multiply", false)),
		matrixOp("flipX", func(_ *bind.Realm, m *matrixImpl, _ []goja.Value) { m.postMultiply(matrix2D(-1, 0, 0, 1, 0, 0)) }),
		matrixOp("flipY", func(_ *bind.Realm, m *matrixImpl, _ []goja.Value) { m.postMultiply(matrix2D(1, 0, 0, -1, 0, 0)) }),
		matrixOp("inverse", opInvert),
		{Name: "transformPoint", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			p := pointInit(r, bind.Arg(args, 0), "execute 'transformPoint' on 'DOMMatrixReadOnly'")
			return r.WrapObject(this.(*matrixImpl).transformPoint(p), r.Class("DOMPoint"))
		}},
		{Name: "toFloat32Array", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return newTypedArray(r, this.(*matrixImpl), true)
		}},
		{Name: "toFloat64Array", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return newTypedArray(r, this.(*matrixImpl), false)
		}},
		{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return this.(*matrixImpl).toJSON(r) }},
		{Name: "toString", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return r.String(this.(*matrixImpl).stringify(r))
		}},
	},
}

var domMatrixIface = &bind.Interface{
	Name:        "DOMMatrix",
	Parent:      "DOMMatrixReadOnly",
	Constructor: matrixCtor("DOMMatrix"),
	Attributes:  matrixAttrs(true),
	StaticMethods: []bind.Method{
		matrixFromMatrix("DOMMatrix"),
		typedArrayMatrix("DOMMatrix", "fromFloat32Array", true),
		typedArrayMatrix("DOMMatrix", "fromFloat64Array", false),
	},
	Methods: []bind.Method{
		matrixSelfOp("multiplySelf", opMultiply("multiplySelf", false)),
		matrixSelfOp("preMultiplySelf", opMultiply("preMultiplySelf", true)),
		matrixSelfOp("translateSelf", opTranslate),
		matrixSelfOp("scaleSelf", opScale),
		matrixSelfOp("scale3dSelf", opScale3d),
		matrixSelfOp("rotateSelf", opRotate),
		matrixSelfOp("rotateFromVectorSelf", opRotateFromVector),
		matrixSelfOp("rotateAxisAngleSelf", opRotateAxisAngle),
		matrixSelfOp("skewXSelf", opSkewX),
		matrixSelfOp("skewYSelf", opSkewY),
		matrixSelfOp("invertSelf", opInvert),
		{Name: "setMatrixValue", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			m := this.(*matrixImpl)
			*m = *matrixFromString(r, bind.DOMString(args[0]), "execute 'setMatrixValue' on 'DOMMatrix'")
			return r.WrapObject(m, r.Class("DOMMatrix"))
		}},
	},
}

// --- DOMPointReadOnly and DOMPoint -----------------------------------------

func newPoint(_ *bind.Realm, args []goja.Value, _ *goja.Object) any {
	return &pointImpl{optDouble(args, 0, 0), optDouble(args, 1, 0), optDouble(args, 2, 0), optDouble(args, 3, 1)}
}

func pointField(p *pointImpl, k int) *float64 {
	switch k {
	case 0:
		return &p.x
	case 1:
		return &p.y
	case 2:
		return &p.z
	}
	return &p.w
}

var pointNames = [4]string{"x", "y", "z", "w"}

func pointAttrs(writable bool) []bind.Attribute {
	attrs := make([]bind.Attribute, 4)
	for k, name := range pointNames {
		k := k
		attrs[k] = bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
			return r.Float(*pointField(this.(*pointImpl), k))
		}}
		if writable {
			attrs[k].Set = func(r *bind.Realm, this any, v goja.Value) { *pointField(this.(*pointImpl), k) = bind.Double(v) }
		}
	}
	return attrs
}

func pointFromPoint(iface string) bind.Method {
	return bind.Method{Name: "fromPoint", Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		p := pointInit(r, bind.Arg(args, 0), "execute 'fromPoint' on '"+iface+"'")
		return r.WrapObject(&p, r.Class(iface))
	}}
}

func (p *pointImpl) toJSON(r *bind.Realm) *goja.Object {
	o := r.Runtime.NewObject()
	for k, name := range pointNames {
		o.Set(name, r.Float(*pointField(p, k)))
	}
	return o
}

var domPointReadOnlyIface = &bind.Interface{
	Name:          "DOMPointReadOnly",
	Constructor:   newPoint,
	Attributes:    pointAttrs(false),
	StaticMethods: []bind.Method{pointFromPoint("DOMPointReadOnly")},
	Methods: []bind.Method{
		{Name: "matrixTransform", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			m := matrixFromInit(r, bind.Arg(args, 0), "execute 'matrixTransform' on 'DOMPointReadOnly'")
			return r.WrapObject(m.transformPoint(*this.(*pointImpl)), r.Class("DOMPoint"))
		}},
		{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return this.(*pointImpl).toJSON(r) }},
	},
}

var domPointIface = &bind.Interface{
	Name:          "DOMPoint",
	Parent:        "DOMPointReadOnly",
	Constructor:   newPoint,
	Attributes:    pointAttrs(true),
	StaticMethods: []bind.Method{pointFromPoint("DOMPoint")},
}

// --- DOMQuad ----------------------------------------------------------------

func newQuad(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
	q := &quadImpl{}
	for k := range q.p {
		p := pointInit(r, bind.Arg(args, k), "construct 'DOMQuad'")
		q.p[k] = &p
	}
	return q
}

func quadFromRect(rc rectImpl) *quadImpl {
	return &quadImpl{p: [4]*pointImpl{
		{x: rc.x, y: rc.y, w: 1},
		{x: rc.x + rc.w, y: rc.y, w: 1},
		{x: rc.x + rc.w, y: rc.y + rc.h, w: 1},
		{x: rc.x, y: rc.y + rc.h, w: 1},
	}}
}

// nanMin and nanMax are min and max that propagate NaN, an infinity
// included (Go's math.Min(-Inf, NaN) is -Inf; Chromium's bounds of
// DOMQuad.fromRect(new DOMRect(-Infinity, -Infinity, Infinity, Infinity))
// have x NaN).
func nanMin(vs ...float64) float64 {
	out := vs[0]
	for _, v := range vs[1:] {
		if math.IsNaN(v) || math.IsNaN(out) {
			return math.NaN()
		}
		out = math.Min(out, v)
	}
	return out
}

func nanMax(vs ...float64) float64 {
	out := vs[0]
	for _, v := range vs[1:] {
		if math.IsNaN(v) || math.IsNaN(out) {
			return math.NaN()
		}
		out = math.Max(out, v)
	}
	return out
}

// https://drafts.csswg.org/geometry-1/#dom-domquad-getbounds
func (q *quadImpl) bounds() *rectImpl {
	p := q.p
	left := nanMin(p[0].x, p[1].x, p[2].x, p[3].x)
	top := nanMin(p[0].y, p[1].y, p[2].y, p[3].y)
	right := nanMax(p[0].x, p[1].x, p[2].x, p[3].x)
	bottom := nanMax(p[0].y, p[1].y, p[2].y, p[3].y)
	return &rectImpl{x: left, y: top, w: right - left, h: bottom - top}
}

func quadPoint(k int) bind.Attribute {
	return bind.Attribute{Name: "p" + string(rune('1'+k)), Get: func(r *bind.Realm, this any) goja.Value {
		return r.WrapObject(this.(*quadImpl).p[k], r.Class("DOMPoint"))
	}}
}

var domQuadIface = &bind.Interface{
	Name:        "DOMQuad",
	Constructor: newQuad,
	Attributes:  []bind.Attribute{quadPoint(0), quadPoint(1), quadPoint(2), quadPoint(3)},
	StaticMethods: []bind.Method{
		{Name: "fromRect", Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			return r.WrapObject(quadFromRect(rectInit(r, bind.Arg(args, 0), "execute 'fromRect' on 'DOMQuad'")), r.Class("DOMQuad"))
		}},
		{Name: "fromQuad", Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			const what = "execute 'fromQuad' on 'DOMQuad'"
			o := dictionary(r, bind.Arg(args, 0), what, "DOMQuadInit")
			q := &quadImpl{}
			for k := range q.p {
				var v goja.Value
				if o != nil {
					v = o.Get("p" + string(rune('1'+k)))
				}
				p := pointInit(r, v, what)
				q.p[k] = &p
			}
			return r.WrapObject(q, r.Class("DOMQuad"))
		}},
	},
	Methods: []bind.Method{
		{Name: "getBounds", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			return r.WrapObject(this.(*quadImpl).bounds(), r.Class("DOMRect"))
		}},
		{Name: "toJSON", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			q := this.(*quadImpl)
			o := r.Runtime.NewObject()
			cls := r.Class("DOMPoint")
			for k, p := range q.p {
				o.Set("p"+string(rune('1'+k)), r.WrapObject(p, cls))
			}
			return o
		}},
	},
}

// rectFromRect is the static fromRect of DOMRectReadOnly and DOMRect.
// https://drafts.csswg.org/geometry-1/#dom-domrectreadonly-fromrect
func rectFromRect(iface string) bind.Method {
	return bind.Method{Name: "fromRect", Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		rc := rectInit(r, bind.Arg(args, 0), "execute 'fromRect' on '"+iface+"'")
		return r.WrapObject(&rc, r.Class(iface))
	}}
}

// geometryIfaces are the interfaces of this file, installed per window.
var geometryIfaces = []*bind.Interface{domPointReadOnlyIface, domPointIface, domQuadIface, domMatrixReadOnlyIface, domMatrixIface}

// Serialize makes structured clone's copy of a DOMPoint or
// DOMPointReadOnly (the wrapper's class, kept by the copy, says which).
// https://drafts.csswg.org/geometry-1/#structured-serialization
func (p *pointImpl) Serialize(*bind.Realm) (any, bool) {
	cp := *p
	return &cp, true
}

// Serialize makes structured clone's copy of a DOMQuad: four new points.
func (q *quadImpl) Serialize(*bind.Realm) (any, bool) {
	var cp quadImpl
	for i, p := range q.p {
		pt := *p
		cp.p[i] = &pt
	}
	return &cp, true
}

// Serialize makes structured clone's copy of a DOMMatrix or
// DOMMatrixReadOnly: its sixteen values and whether it is 2D.
func (m *matrixImpl) Serialize(*bind.Realm) (any, bool) {
	cp := *m
	return &cp, true
}
