package webapi

import (
	"errors"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

func TestStructuredClone(t *testing.T) {
	rt, realm := newRealm(t)
	if err := InstallStructuredClone(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	if err := InstallURL(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"primitives", `[structuredClone(1), structuredClone("s"), structuredClone(null), structuredClone(undefined), structuredClone(10n), structuredClone(true)].join()`, "1,s,,,10,true"},
		{"deep copy", `var o = {a: [1, {b: 2}], s: "x"}; var c = structuredClone(o); c.a[1].b = 3; [o.a[1].b, c.a[1].b, c !== o, Array.isArray(c.a)].join()`, "2,3,true,true"},
		{"cycles and shared refs", `var o = {}; o.self = o; var shared = {}; o.x = shared; o.y = shared; var c = structuredClone(o); [c.self === c, c.x === c.y, c.x !== shared].join()`, "true,true,true"},
		{"Date and RegExp", `var d = structuredClone(new Date(5)); var r = structuredClone(/a+/gi); [d instanceof Date, d.getTime(), r.source, r.flags, r instanceof RegExp].join()`, "true,5,a+,gi,true"},
		{"Map and Set", `var k = {}; var m = structuredClone(new Map([[k, "v"], ["s", new Set([1, 2])]])); var keys = [...m.keys()]; [m instanceof Map, m.size, typeof keys[0], keys[0] !== k, m.get("s") instanceof Set, m.get("s").has(2)].join()`, "true,2,object,true,true,true"},
		{"errors", `var e = structuredClone(new RangeError("r")); [e instanceof RangeError, e.message, e.name].join()`, "true,r,RangeError"},
		{"custom error name becomes Error", `var x = new Error("m"); x.name = "Custom"; var e = structuredClone(x); e.name + e.message`, "Errorm"},
		{"typed arrays share a cloned buffer", `var b = new ArrayBuffer(8); var a = new Uint8Array(b, 2, 4); a[0] = 7; var v = new DataView(b); var c = structuredClone({a, v}); c.a[0] = 9; [a[0], c.a[0], c.a.byteOffset, c.a.length, c.a.buffer === c.v.buffer, c.a instanceof Uint8Array, c.v instanceof DataView].join()`, "7,9,2,4,true,true,true"},
		{"transfer detaches", `var b = new Uint8Array([1, 2]).buffer; var c = structuredClone(b, {transfer: [b]}); [b.byteLength, c.byteLength, new Uint8Array(c)[1]].join()`, "0,2,2"},
		{"prototype dropped, getters read", `class P { constructor() { this.x = 1 } get y() { return 2 } } var c = structuredClone(new P()); [Object.getPrototypeOf(c) === Object.prototype, c.x, c.y].join()`, "true,1,"},
		{"function throws DataCloneError", `try { structuredClone({f() {}}); "no" } catch (e) { [e.name, e.code, e instanceof DOMException].join() }`, "DataCloneError,25,true"},
		{"symbol throws", `try { structuredClone(Symbol("s")); "no" } catch (e) { e.name }`, "DataCloneError"},
		{"promise throws", `try { structuredClone(Promise.resolve()); "no" } catch (e) { e.name }`, "DataCloneError"},
		{"DOMException clones", `var e = structuredClone(new DOMException("m", "AbortError")); [e instanceof DOMException, e.name, e.message].join()`, "true,AbortError,m"},
		{"getters that throw propagate", `try { structuredClone(DOMException.prototype); "no" } catch (e) { e.name }`, "TypeError"},
		{"platform object throws", `try { structuredClone({u: new URL("http://a/")}); "no" } catch (e) { e.name }`, "DataCloneError"},
		{"sparse array keeps length", `var a = [1]; a[4] = 5; var c = structuredClone(a); [c.length, 2 in c, c[4]].join()`, "5,false,5"},
		{"wrappers", `var n = structuredClone(new Number(3)); [typeof n, n + 1].join()`, "object,4"},
	})
}

// TestCloneInto: a clone into another runtime is made of that runtime's
// objects (its own Map, Date, Uint8Array), and what cannot be cloned
// throws in the source runtime.
func TestCloneInto(t *testing.T) {
	src, realm := newRealm(t)
	dst, _ := newRealm(t)
	v, err := src.RunString(`({ m: new Map([[1, new Date(7)]]), b: new Uint8Array([4, 5]), s: new Set(['x']), e: new TypeError('t'), w: new String('w'), r: /a/g, n: [1, , 3] })`)
	if err != nil {
		t.Fatal(err)
	}
	dst.Set("got", CloneInto(realm, v, nil, dst, "test: "))
	out, err := dst.RunString(`[got.m instanceof Map, got.m.get(1) instanceof Date, got.m.get(1).getTime(), got.b instanceof Uint8Array, Array.from(got.b).join('-'),
		got.s instanceof Set, got.s.has('x'), got.e instanceof TypeError, got.e.message, typeof got.w, got.w + '', got.r instanceof RegExp, got.r.flags, got.n.length, 1 in got.n].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if want := "true,true,7,true,4-5,true,true,true,t,object,w,true,g,3,false"; out.String() != want {
		t.Errorf("clone in the other runtime: %s, want %s", out, want)
	}
	f, _ := src.RunString(`(function f() {})`)
	ex := src.Try(func() { CloneInto(realm, f, nil, dst, "Failed to execute 'postMessage' on 'Worker': ") })
	if ex == nil || !strings.Contains(ex.Error(), "DataCloneError") || !strings.Contains(ex.Error(), "on 'Worker'") {
		t.Errorf("cloning a function: %v, want a DataCloneError naming the operation", ex)
	}
}

// testBlob stands for package xhr's Blob in TestCloneMessage.
type testBlob struct{ data string }

func (b *testBlob) Bytes() []byte { return []byte(b.data) }
func (b *testBlob) Type() string  { return "text/plain" }

// TestCloneMessage: a message is made of the receiving realm's objects
// (its DOMException), and what that realm cannot make (a Blob where there
// is no Blob) is ErrDeserialize, the receiver's messageerror, not an
// exception in the sender.
func TestCloneMessage(t *testing.T) {
	src, realm := newRealm(t)
	dst, dstRealm := newRealm(t)
	if err := realm.Install(src.GlobalObject(), &bind.Interface{Name: "Blob"}); err != nil {
		t.Fatal(err)
	}
	v, err := src.RunString(`new DOMException('m', 'AbortError')`)
	if err != nil {
		t.Fatal(err)
	}
	data, ports, err := CloneMessage(realm, v, nil, MessageTarget{Realm: dstRealm}, "test: ")
	if err != nil || len(ports) != 0 {
		t.Fatalf("DOMException: %v, %d ports", err, len(ports))
	}
	dst.Set("got", data)
	if out, err := dst.RunString(`[got instanceof DOMException, got.name, got.message].join()`); err != nil || out.String() != "true,AbortError,m" {
		t.Errorf("DOMException in the receiving realm: %v %v", out, err)
	}
	blob := realm.WrapObject(&testBlob{"x"}, realm.Class("Blob"))
	if _, _, err := CloneMessage(realm, blob, nil, MessageTarget{Realm: dstRealm}, "test: "); !errors.Is(err, ErrDeserialize) {
		t.Errorf("a Blob into a realm without Blob: %v, want ErrDeserialize", err)
	}
}
