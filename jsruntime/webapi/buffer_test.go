package webapi

import "testing"

// TestBufferSourceForgeries: an ordinary object that claims to be binary
// data through Symbol.toStringTag and a huge length is no buffer source
// (it used to reach reflection, which allocated the claimed length or
// panicked), while real ArrayBuffers, typed arrays and DataViews, with
// offsets, still are.
func TestBufferSourceForgeries(t *testing.T) {
	rt, l := newPage(t)
	realm := realmOf(t, rt)
	if err := InstallEncoding(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	if err := InstallCrypto(realm, rt.GlobalObject(), l); err != nil {
		t.Fatal(err)
	}
	if err := InstallStructuredClone(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	fake := func(tag, length string) string {
		return `({[Symbol.toStringTag]: "` + tag + `", length: ` + length + `, byteLength: ` + length + `})`
	}
	try := func(expr string) string {
		return `(function () { try { return String(` + expr + `); } catch (e) { return e.name; } })()`
	}
	var cases []jsCase
	for _, tag := range []string{"DataView", "Uint8Array", "Float64Array", "ArrayBuffer"} {
		for _, n := range []string{"2**53-1", "2**31", "-1", "2"} {
			f := fake(tag, n)
			cases = append(cases,
				jsCase{"decode " + tag + " " + n, try(`new TextDecoder().decode(` + f + `)`), "TypeError"},
				jsCase{"encodeInto " + tag + " " + n, try(`new TextEncoder().encodeInto("ab", ` + f + `).written`), "TypeError"},
				jsCase{"getRandomValues " + tag + " " + n, try(`crypto.getRandomValues(` + f + `)`), "TypeError"},
				jsCase{"clone " + tag + " " + n, try(`Object.prototype.toString.call(structuredClone(` + f + `))`), "[object Object]"},
			)
		}
	}
	cases = append(cases, []jsCase{
		{"transfer a huge sparse array", try(`structuredClone(1, {transfer: [Object.assign([], {length: 2**32-1})]})`), "DataCloneError"},
		{"decode detached subarray", `var dt = new Uint8Array([1, 104, 105, 4]).subarray(1, 3); structuredClone(0, {transfer: [dt.buffer]}); "[" + new TextDecoder().decode(dt) + "]"`, "[]"},
		{"decode detached far view", `var df = new Uint8Array(new ArrayBuffer(1 << 20), 1 << 19); structuredClone(0, {transfer: [df.buffer]}); "[" + new TextDecoder().decode(df) + "]"`, "[]"},
		{"decode detached DataView", `var dd = new DataView(new ArrayBuffer(4), 1); structuredClone(0, {transfer: [dd.buffer]}); "[" + new TextDecoder().decode(dd) + "]"`, "[]"},
		{"decode detached ArrayBuffer", `var da = new ArrayBuffer(4); structuredClone(0, {transfer: [da]}); "[" + new TextDecoder().decode(da) + "]"`, "[]"},
		{"encodeInto detached", `var de = new Uint8Array(4); structuredClone(0, {transfer: [de.buffer]}); new TextEncoder().encodeInto("hi", de).written`, "0"},
		{"transfer list of length 2**53-1", try(`structuredClone(1, {transfer: {length: 2**53-1}})`), "TypeError"},
		{"transfer list, sparse with length 2**32-1", try(`structuredClone(1, {transfer: Object.assign([], {length: 2**32-1})})`), "TypeError"},
		{"transfer list from an iterator", `var ti = new ArrayBuffer(2); structuredClone(ti, {transfer: new Set([ti])}).byteLength + " " + ti.byteLength`, "2 0"},
		{"proxy of a typed array", try(`new TextDecoder().decode(new Proxy(new Uint8Array([104]), {}))`), "TypeError"},
		{"decode ArrayBuffer", `new TextDecoder().decode(new Uint8Array([104, 105]).buffer)`, "hi"},
		{"decode subarray", `new TextDecoder().decode(new Uint8Array([120, 104, 105, 121]).subarray(1, 3))`, "hi"},
		{"decode Uint16Array view", `new TextDecoder().decode(new Uint16Array(new Uint8Array([120, 120, 104, 105, 121, 121]).buffer, 2, 1))`, "hi"},
		{"decode DataView with offset", `new TextDecoder().decode(new DataView(new Uint8Array([120, 104, 105, 121]).buffer, 1, 2))`, "hi"},
		{"decode subclass", `class B extends Uint8Array {}; new TextDecoder().decode(new B([104, 105]))`, "hi"},
		{"decode with a lying tag", `var u = new Uint8Array([104, 105]); Object.defineProperty(u, Symbol.toStringTag, {value: "Nope"}); new TextDecoder().decode(u)`, "hi"},
		{"decode with a lying length", `var v = new Uint8Array([104, 105]); Object.defineProperty(v, "length", {value: 2**53-1}); new TextDecoder().decode(v)`, "hi"},
		{"encodeInto subarray", `var d = new Uint8Array(4); new TextEncoder().encodeInto("hi", d.subarray(1)); d.join()`, "0,104,105,0"},
		{"getRandomValues subarray", `var g = new Uint8Array(8); crypto.getRandomValues(g.subarray(2, 4)); g[0] + g[1] + g[4] + g[5] + g[6] + g[7]`, "0"},
		{"getRandomValues DataView", try(`crypto.getRandomValues(new DataView(new ArrayBuffer(4)))`), "TypeMismatchError"},
		{"clone clamped", `Object.prototype.toString.call(structuredClone(new Uint8ClampedArray(2)))`, "[object Uint8ClampedArray]"},
		{"clone empty clamped", `Object.prototype.toString.call(structuredClone(new Uint8ClampedArray(0)))`, "[object Uint8ClampedArray]"},
		{"clone DataView", `var c = structuredClone(new DataView(new Uint8Array([1, 2, 3]).buffer, 1)); c.byteOffset + " " + c.byteLength + " " + c.getUint8(0)`, "1 2 2"},
	}...)
	runJSCases(t, rt, cases)
}

func BenchmarkBufferSourceOf(b *testing.B) {
	rt, _ := newPage(b)
	for _, c := range []struct{ name, expr string }{
		{"Uint8Array", `new Uint8Array(64)`},
		{"ArrayBuffer", `new ArrayBuffer(64)`},
		{"DataView", `new DataView(new ArrayBuffer(64))`},
		{"plain", `({a: 1})`},
	} {
		v, err := rt.RunString(c.expr)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				BufferSourceOf(rt, v)
			}
		})
	}
}
