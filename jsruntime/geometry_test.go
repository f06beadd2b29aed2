package jsruntime

import (
	"math"
	"regexp"
	"strconv"
	"testing"
)

// geometryTry runs f and shows a thrown exception as "!! Name: message".
const geometryTry = `function tr(f) { try { return String(f()); } catch (e) { return '!! ' + e.name + ': ' + e.message; } }
`

// TestGeometry checks DOMMatrix, DOMPoint, DOMQuad and DOMRect against the
// values Chromium 156 gives for the same expressions.
func TestGeometry(t *testing.T) {
	cases := []struct{ name, js, want string }{
		{"rotate 90 is exact", `new DOMMatrix().rotate(90)`, "matrix(0, 1, -1, 0, 0, 0)"},
		{"rotate 45", `new DOMMatrix().rotate(45)`, "matrix(0.7071067811865476, 0.7071067811865476, -0.7071067811865476, 0.7071067811865476, 0, 0)"},
		{"rotate 30", `new DOMMatrix().rotate(30)`, "matrix(0.8660254037844387, 0.49999999999999994, -0.49999999999999994, 0.8660254037844387, 0, 0)"},
		{"rotateAxisAngle", `new DOMMatrix().rotateAxisAngle(1,1,1,30)`, "matrix3d(0.9106836025229591, 0.3333333333333333, -0.24401693585629242, 0, -0.24401693585629242, 0.9106836025229591, 0.3333333333333333, 0, 0.3333333333333333, -0.24401693585629242, 0.9106836025229591, 0, 0, 0, 0, 1)"},
		{"rotateAxisAngle zero vector", `new DOMMatrix().rotateAxisAngle(0,0,0,30)`, "matrix(1, 0, 0, 1, 0, 0)"},
		{"rotate x y z", `new DOMMatrix().rotate(30,20,10)`, "matrix3d(0.9254165783983234, 0.16317591116653482, -0.3420201433256687, 0, 0.01802831123629725, 0.8825641192593856, 0.46984631039295416, 0, 0.37852230636979245, -0.44096961052988237, 0.8137976813493738, 0, 0, 0, 0, 1)"},
		{"rotate x y", `new DOMMatrix().rotate(30, 0)`, "matrix3d(1, 0, 0, 0, 0, 0.8660254037844387, 0.49999999999999994, 0, 0, -0.49999999999999994, 0.8660254037844387, 0, 0, 0, 0, 1)"},
		{"rotateFromVector", `new DOMMatrix().rotateFromVector(1,1)`, "matrix(0.7071067811865476, 0.7071067811865476, -0.7071067811865476, 0.7071067811865476, 0, 0)"},
		{"skew", `new DOMMatrix().skewX(45).skewY(30)`, "matrix(1.5773502691896257, 0.5773502691896257, 0.9999999999999999, 1, 0, 0)"},
		{"scale with origin", `new DOMMatrix().scale(2,3,4,5,6,7)`, "matrix3d(2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, -5, -12, -21, 1)"},
		{"uniform scale", `new DOMMatrix().scale(2)`, "matrix(2, 0, 0, 2, 0, 0)"},
		{"scale3d", `new DOMMatrix().scale3d(2,1,1,1)`, "matrix3d(2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, -1, -1, -1, 1)"},
		{"scale3d by 1 with an origin is 3D", `new DOMMatrix().scale3d(1,1,1,1).is2D`, "false"},
		{"scaleNonUniform", `new DOMMatrix().scaleNonUniform(2,3)`, "matrix(2, 0, 0, 3, 0, 0)"},
		{"translate", `new DOMMatrix().translate(1,2,0)+' '+new DOMMatrix().translate(1,2,3)`, "matrix(1, 0, 0, 1, 1, 2) matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1)"},
		{"string", `new DOMMatrix('translate(10px, 20px) rotate(90deg) scale(2)')`, "matrix(0, 2, -2, 0, 10, 20)"},
		{"string 3D function", `new DOMMatrix('translate3d(0,0,0)').is2D`, "false"},
		{"string relative length", `new DOMMatrix('translate(1em)')`, "!! SyntaxError: Failed to construct 'DOMMatrix': Values must be resolvable at parse time"},
		{"string percentage", `new DOMMatrix('translate(10%)')`, "!! SyntaxError: Failed to construct 'DOMMatrix': Values must be resolvable at parse time"},
		{"string none", `new DOMMatrix('none')`, "matrix(1, 0, 0, 1, 0, 0)"},
		{"empty string", `new DOMMatrix('')`, "matrix(1, 0, 0, 1, 0, 0)"},
		{"bad string", `new DOMMatrix('bogus')`, "!! SyntaxError: Failed to construct 'DOMMatrix': Failed to parse 'bogus'."},
		{"commas between functions", `new DOMMatrix('translate(10px) , scale(2)')`, "!! SyntaxError: Failed to construct 'DOMMatrix': Failed to parse 'translate(10px) , scale(2)'."},
		{"css-wide keyword", `new DOMMatrix('inherit')`, "!! SyntaxError: Failed to construct 'DOMMatrix': Failed to parse 'inherit'."},
		{"matrix()", `new DOMMatrix('matrix(1,2,3,4,5,6)')`, "matrix(1, 2, 3, 4, 5, 6)"},
		{"perspective", `new DOMMatrix('perspective(100px)')`, "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.01, 0, 0, 0, 1)"},
		{"perspective(0) is 1px", `new DOMMatrix('perspective(0)')`, "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1, 0, 0, 0, 1)"},
		{"units", `new DOMMatrix('rotate(0.25turn) skew(10deg, 1rad) translateX(1in) translateY(1cm)')`, "matrix(-1.5574077246549023, 1, -1, 0.17632698070846498, -187.3064182087163, 102.66432701529783)"},
		{"case insensitive", `new DOMMatrix('TRANSLATE(10PX)')`, "matrix(1, 0, 0, 1, 10, 0)"},
		{"rotate3d", `new DOMMatrix('rotate3d(1,0,0,90deg)')`, "matrix3d(1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1)"},
		{"3D functions", `new DOMMatrix('scale3d(1,2,3) scaleZ(2) translateZ(5px) rotateX(10deg) rotateY(0) rotateZ(0)')`, "matrix3d(1, 0, 0, 0, 0, 1.969615506024416, 1.041889066001582, 0, 0, -0.34729635533386066, 5.908846518073248, 0, 0, 0, 30, 1)"},
		{"spaces", `new DOMMatrix('  translate( 10px )  ')`, "matrix(1, 0, 0, 1, 10, 0)"},
		{"matrix3d() identity", `new DOMMatrix('matrix3d(1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1)')`, "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)"},
		{"number is a string", `new DOMMatrix(5)`, "!! SyntaxError: Failed to construct 'DOMMatrix': Failed to parse '5'."},
		{"sequence of 5", `new DOMMatrix([1,2,3,4,5])`, "!! TypeError: Failed to construct 'DOMMatrix': The sequence must contain 6 elements for a 2D matrix or 16 elements for a 3D matrix."},
		{"sequence of 6", `new DOMMatrix([1,2,3,4,5,6])`, "matrix(1, 2, 3, 4, 5, 6)"},
		{"sequence of 16", `var m = new DOMMatrix([1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]); m + ' ' + m.is2D`, "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1) false"},
		{"NaN does not serialize", `new DOMMatrix([NaN,2,3,4,5,6])`, "!! InvalidStateError: Failed to execute 'toString' on 'DOMMatrixReadOnly': DOMMatrix cannot be serialized with NaN or Infinity values."},
		{"from a matrix through its string", `new DOMMatrix(new DOMMatrix([1,2,3,4,5,6]))`, "matrix(1, 2, 3, 4, 5, 6)"},
		{"singular inverse", `var m = new DOMMatrix([0,0,0,0,0,0]).inverse(); m.is2D + ' ' + m.a`, "false NaN"},
		{"inverse", `new DOMMatrix([2,0,0,2,10,10]).inverse()`, "matrix(0.5, 0, 0, 0.5, -5, -5)"},
		{"3D inverse", `new DOMMatrix().translate(1,2,3).scale(2).inverse()`, "matrix3d(0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1, 0, -0.5, -1, -3, 1)"},
		{"fromMatrix mismatch", `DOMMatrix.fromMatrix({a:1,m11:2})`, "!! TypeError: Failed to execute 'fromMatrix' on 'DOMMatrix': Property mismatch on matrix initialization."},
		{"fromMatrix is2D with 3D values", `DOMMatrix.fromMatrix({is2D:true,m33:2})`, "!! TypeError: Failed to execute 'fromMatrix' on 'DOMMatrix': The is2D member is set to true but the input matrix is a 3d matrix."},
		{"fromMatrix 3D", `DOMMatrix.fromMatrix({m13:1}).is2D`, "false"},
		{"fromMatrix NaN pair", `DOMMatrix.fromMatrix({a:NaN,m11:NaN}).a`, "NaN"},
		{"fromMatrix non-object", `DOMMatrix.fromMatrix(5)`, "!! TypeError: Failed to execute 'fromMatrix' on 'DOMMatrix': The provided value is not of type 'DOMMatrixInit'."},
		{"fromMatrix null", `DOMMatrix.fromMatrix(null)`, "matrix(1, 0, 0, 1, 0, 0)"},
		{"fromFloat32Array", `DOMMatrix.fromFloat32Array(new Float32Array([1,2,3,4,5,6.1]))`, "matrix(1, 2, 3, 4, 5, 6.099999904632568)"},
		{"fromFloat32Array length", `DOMMatrix.fromFloat32Array(new Float32Array(3))`, "!! TypeError: Failed to execute 'fromFloat32Array' on 'DOMMatrix': The sequence must contain 6 elements for a 2D matrix or 16 elements for a 3D matrix."},
		{"fromFloat32Array array", `DOMMatrix.fromFloat32Array([1,2,3,4,5,6])`, "!! TypeError: Failed to execute 'fromFloat32Array' on 'DOMMatrix': parameter 1 is not of type 'Float32Array'."},
		{"fromFloat64Array", `DOMMatrix.fromFloat64Array(new Float64Array(16))`, "matrix3d(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)"},
		{"toFloat32Array", `var a = new DOMMatrix([1,2,3,4,5,6.1]).toFloat32Array(); a.constructor.name + ' ' + a.length + ' ' + a[13]`, "Float32Array 16 6.099999904632568"},
		{"toFloat64Array", `Array.from(new DOMMatrix([1,2,3,4,5,6]).toFloat64Array()).join()`, "1,2,0,0,3,4,0,0,0,0,1,0,5,6,0,1"},
		{"toJSON", `JSON.stringify(new DOMMatrix([1,2,3,4,5,6]))`, `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"m11":1,"m12":2,"m13":0,"m14":0,"m21":3,"m22":4,"m23":0,"m24":0,"m31":0,"m32":0,"m33":1,"m34":0,"m41":5,"m42":6,"m43":0,"m44":1,"is2D":true,"isIdentity":false}`},
		{"transformPoint", `JSON.stringify(new DOMMatrix('translate(5px,6px)').transformPoint({x:1,y:2,w:2}))`, `{"x":11,"y":14,"z":0,"w":2}`},
		{"matrixTransform", `JSON.stringify(new DOMPoint(1,2).matrixTransform({e:5}))`, `{"x":6,"y":2,"z":0,"w":1}`},
		{"fromPoint", `JSON.stringify(DOMPoint.fromPoint({x:1,z:3})) + (DOMPoint.fromPoint() instanceof DOMPoint) + (DOMPointReadOnly.fromPoint() instanceof DOMPoint)`, `{"x":1,"y":0,"z":3,"w":1}truefalse`},
		{"quad", `var q=new DOMQuad({x:1},{x:5,y:2},{y:7},{x:-1}); JSON.stringify(q)+' '+JSON.stringify(q.getBounds())+(q.p1===q.p1)`, `{"p1":{"x":1,"y":0,"z":0,"w":1},"p2":{"x":5,"y":2,"z":0,"w":1},"p3":{"x":0,"y":7,"z":0,"w":1},"p4":{"x":-1,"y":0,"z":0,"w":1}} {"x":-1,"y":0,"width":6,"height":7,"top":0,"right":5,"bottom":7,"left":-1}true`},
		{"quad from rect and quad", `JSON.stringify(DOMQuad.fromRect({x:1,y:2,width:3,height:4}))+JSON.stringify(DOMQuad.fromQuad({p1:{x:1}}))`, `{"p1":{"x":1,"y":2,"z":0,"w":1},"p2":{"x":4,"y":2,"z":0,"w":1},"p3":{"x":4,"y":6,"z":0,"w":1},"p4":{"x":1,"y":6,"z":0,"w":1}}{"p1":{"x":1,"y":0,"z":0,"w":1},"p2":{"x":0,"y":0,"z":0,"w":1},"p3":{"x":0,"y":0,"z":0,"w":1},"p4":{"x":0,"y":0,"z":0,"w":1}}`},
		{"quad of a rect", `JSON.stringify(new DOMQuad(new DOMRect(1,2,3,4)))`, `{"p1":{"x":1,"y":2,"z":0,"w":1},"p2":{"x":0,"y":0,"z":0,"w":1},"p3":{"x":0,"y":0,"z":0,"w":1},"p4":{"x":0,"y":0,"z":0,"w":1}}`},
		{"quad points are live", `var q=new DOMQuad(); q.p1.x=5; JSON.stringify(q.getBounds())`, `{"x":0,"y":0,"width":5,"height":0,"top":0,"right":5,"bottom":0,"left":0}`},
		{"fromRect", `JSON.stringify(DOMRect.fromRect({x:1,width:-5}))+(DOMRectReadOnly.fromRect() instanceof DOMRect)`, `{"x":1,"y":0,"width":-5,"height":0,"top":0,"right":1,"bottom":0,"left":-4}false`},
		{"self methods return this", `var m=new DOMMatrix(); var r=m.translateSelf(1,2); (r===m)+' '+m`, "true matrix(1, 0, 0, 1, 1, 2)"},
		{"isIdentity", `[new DOMMatrix().isIdentity, new DOMMatrix().translate(0,0,0).isIdentity, new DOMMatrix().is2D, new DOMMatrixReadOnly().translate(1) instanceof DOMMatrix].join()`, "true,true,true,true"},
		{"setting a 3D element", `var m=new DOMMatrix(); m.m13=1; var a=m.is2D; m.m13=0; a+' '+m.is2D+' '+m`, "false false matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)"},
		{"setting 2D elements", `var m=new DOMMatrix(); m.m33=1; m.m34=0; m.a=5; m.is2D+' '+m+' '+m.m11`, "true matrix(5, 0, 0, 1, 0, 0) 5"},
		{"setMatrixValue", `var m=new DOMMatrix(); m.setMatrixValue('scale(2)'); m`, "matrix(2, 0, 0, 2, 0, 0)"},
		{"read-only ignores sets", `var m=new DOMMatrixReadOnly(); m.a=5; m.a`, "1"},
		{"invertSelf of a singular matrix", `var m=new DOMMatrix([1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]); m.m11=0;m.m22=0; m.invertSelf(); m.is2D+' '+m.m11`, "false NaN"},
		{"flip", `new DOMMatrix([1,2,3,4,5,6]).flipX()+' '+new DOMMatrix([1,2,3,4,5,6]).flipY()`, "matrix(-1, -2, 3, 4, 5, 6) matrix(1, 2, -3, -4, 5, 6)"},
		{"multiply", `new DOMMatrix([1,2,3,4,5,6]).multiply(new DOMMatrix([7,8,9,10,11,12]))+' '+new DOMMatrix([1,2,3,4,5,6]).preMultiplySelf(new DOMMatrix([7,8,9,10,11,12]))`, "matrix(31, 46, 39, 58, 52, 76) matrix(25, 28, 57, 64, 100, 112)"},
		{"number format", `new DOMMatrix([1e-7,1e21,-0,0.1+0.2,1/3,-5])`, "matrix(1e-7, 1e+21, 0, 0.30000000000000004, 0.3333333333333333, -5)"},
		{"lengths", `[DOMMatrix.length, DOMMatrix.prototype.scale.length, DOMPoint.length, DOMQuad.length, DOMMatrix.fromFloat32Array.length].join()`, "0,0,0,0,1"},
		{"toJSON keys", `new DOMMatrix().translate(1,2,3).toJSON().is2D + ' '+ Object.keys(new DOMMatrix().toJSON()).join()`, "false a,b,c,d,e,f,m11,m12,m13,m14,m21,m22,m23,m24,m31,m32,m33,m34,m41,m42,m43,m44,is2D,isIdentity"},
		{"read-only methods", `new DOMMatrixReadOnly('scale(2)').scale(2)`, "matrix(4, 0, 0, 4, 0, 0)"},
		{"point", `Object.keys(new DOMPoint().toJSON()).join()+' '+new DOMPoint(1,2,NaN)`, "x,y,z,w [object DOMPoint]"},
		{"rotate NaN", `new DOMMatrix().rotate(NaN)`, "!! InvalidStateError: Failed to execute 'toString' on 'DOMMatrixReadOnly': DOMMatrix cannot be serialized with NaN or Infinity values."},
		{"fromPoint null", `JSON.stringify(DOMPoint.fromPoint(null))`, `{"x":0,"y":0,"z":0,"w":1}`},
		{"call without new", `DOMMatrix()`, "!! TypeError: Failed to construct 'DOMMatrix': Please use the 'new' operator, this DOM object constructor cannot be called as a function."},
		{"WebKitCSSMatrix", `WebKitCSSMatrix === DOMMatrix`, "true"},
		{"DOMRect undefined arguments", `JSON.stringify(new DOMRect(undefined, 1))`, `{"x":0,"y":1,"width":0,"height":0,"top":1,"right":0,"bottom":1,"left":0}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(t, `<!doctype html><body>`, nil)
			p.run()
			js := geometryTry + "tr(function () { return " + tc.js + "; })"
			if containsStatement(tc.js) {
				js = geometryTry + "tr(function () { " + withReturn(tc.js) + " })"
			}
			if got := p.eval(js); got != tc.want && !sameNumbers(got, tc.want) {
				t.Errorf("%s\n got %q\nwant %q", tc.js, got, tc.want)
			}
			p.noErrors()
		})
	}
}

// sameNumbers reports whether got and want differ only in the last digits
// of their numbers (relative 1e-15): Go's math.Sin, Cos and Tan are not
// always correctly rounded where glibc's are, so a rotation or skew may be
// one ulp away from Chromium's.
func sameNumbers(got, want string) bool {
	num := regexp.MustCompile(`-?[0-9][0-9.e+-]*`)
	g, w := num.FindAllString(got, -1), num.FindAllString(want, -1)
	if len(g) != len(w) || num.ReplaceAllString(got, "#") != num.ReplaceAllString(want, "#") {
		return false
	}
	for i := range g {
		a, err1 := strconv.ParseFloat(g[i], 64)
		b, err2 := strconv.ParseFloat(w[i], 64)
		if err1 != nil || err2 != nil || math.Abs(a-b) > 1e-15*math.Max(1, math.Abs(b)) {
			return false
		}
	}
	return true
}

// containsStatement reports whether js is statements ending in an
// expression ("var m = ...; m") rather than one expression.
func containsStatement(js string) bool {
	return len(js) > 4 && js[:4] == "var "
}

// withReturn returns the statements js with its last expression returned.
func withReturn(js string) string {
	for i := len(js) - 1; i >= 0; i-- {
		if js[i] == ';' {
			return js[:i+1] + " return " + js[i+1:] + ";"
		}
	}
	return "return " + js + ";"
}

func TestAppendJSNumber(t *testing.T) {
	cases := []struct {
		f    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {-5, "-5"}, {0.5, "0.5"}, {1e21, "1e+21"}, {1e20, "100000000000000000000"},
		{1e-7, "1e-7"}, {1e-6, "0.000001"}, {123.456, "123.456"}, {1.5e-10, "1.5e-10"}, {2.5e25, "2.5e+25"},
		{math.NaN(), "NaN"}, {math.Inf(1), "Infinity"}, {math.Inf(-1), "-Infinity"}, {0.30000000000000004, "0.30000000000000004"},
	}
	for _, tc := range cases {
		if got := string(appendJSNumber(nil, tc.f)); got != tc.want {
			t.Errorf("appendJSNumber(%v) = %q, want %q", tc.f, got, tc.want)
		}
	}
}

func TestParseTransformList(t *testing.T) {
	bad := []string{"bogus", "translate(", "translate()", "translate(1px,2px,3px)", "rotate(10px)",
		"translate(5)", "matrix(1,2,3)", "scale(1px)", "perspective(-1px)", "translate(1px)x", "(1px)", "translate(1foo)",
		" ", "/**/", "translateX(calc(1em))", "translate/**/(1px)"}
	for _, s := range bad {
		if m, err := parseTransformList(s); err == nil {
			t.Errorf("parseTransformList(%q) = %v, want an error", s, m.m)
		}
	}
	good := []string{"none", "", "translate(1px)scale(2)", "rotate(0)", "skew(0)", "scale(50%)", "translate(+1.5e1px, -.5px)",
		"translate(1px", "none/**/", "/* a */none", "translateX(calc(2 * 2.5px)) rotate(min(5deg, 1turn))"}
	for _, s := range good {
		if _, err := parseTransformList(s); err != nil {
			t.Errorf("parseTransformList(%q): %v", s, err)
		}
	}
}

func FuzzParseTransformList(f *testing.F) {
	for _, s := range []string{"translate(10px, 20px) rotate(90deg) scale(2)", "matrix3d(1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1)", "perspective(0)", "none"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := parseTransformList(s)
		if (m == nil) == (err == nil) {
			t.Fatalf("parseTransformList(%q) = %v, %v", s, m, err)
		}
	})
}

// TestIsAffine checks the 2D test the computed transform serializes by:
// the matrix decides, not the functions that made it.
func TestIsAffine(t *testing.T) {
	for _, c := range []struct {
		list string
		want bool
	}{
		{"translate3d(-815px, 0px, 0px)", true},
		{"translateZ(0)", true},
		{"scale3d(2, 2, 1)", true},
		{"rotateX(0deg)", true},
		{"rotate(45deg) translate(3px, 4px)", true},
		{"translate3d(1px, 2px, 3px)", false},
		{"scale3d(2, 2, 2)", false},
		{"perspective(100px)", false},
		{"rotateY(180deg)", false},
	} {
		m, err := parseTransformList(c.list)
		if err != nil {
			t.Fatalf("%s: %v", c.list, err)
		}
		if got := isAffine(&m.m); got != c.want {
			t.Errorf("isAffine(%s) = %v, want %v", c.list, got, c.want)
		}
	}
}
