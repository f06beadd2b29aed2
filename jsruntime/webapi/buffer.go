package webapi

import (
	"errors"
	"reflect"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// BufferSource is a value proven to be an ArrayBuffer, a typed array or a
// DataView, with the bytes it views.
// https://webidl.spec.whatwg.org/#BufferSource
type BufferSource struct {
	// Kind is "ArrayBuffer", "DataView" or the typed array's name
	// ("Uint8Array", "Float64Array", ...).
	Kind string
	// Bytes are the viewed bytes, shared with JavaScript (not copied).
	Bytes []byte
}

var arrayBufferType = reflect.TypeOf(goja.ArrayBuffer{})

// typedArrayKinds names the typed arrays by the Go type goja exports them
// as; Uint8Array and Uint8ClampedArray share []uint8.
// https://tc39.es/ecma262/#table-the-typedarray-constructors
var typedArrayKinds = map[reflect.Type]string{
	reflect.TypeOf([]uint8(nil)): "Uint8Array", reflect.TypeOf([]int8(nil)): "Int8Array",
	reflect.TypeOf([]uint16(nil)): "Uint16Array", reflect.TypeOf([]int16(nil)): "Int16Array",
	reflect.TypeOf([]uint32(nil)): "Uint32Array", reflect.TypeOf([]int32(nil)): "Int32Array",
	reflect.TypeOf([]float32(nil)): "Float32Array", reflect.TypeOf([]float64(nil)): "Float64Array",
	reflect.TypeOf([]int64(nil)): "BigInt64Array", reflect.TypeOf([]uint64(nil)): "BigUint64Array",
}

// dataViewGetters are DataView.prototype's own getters of
// [[ViewedArrayBuffer]], [[ByteOffset]] and [[ByteLength]], which throw a
// TypeError for anything that is not a DataView.
// https://tc39.es/ecma262/#sec-properties-of-the-dataview-prototype-object
var dataViewGetters = goja.MustCompile("dataview-getters.js", `(function () {
	var p = DataView.prototype, d = Object.getOwnPropertyDescriptor;
	return [d(p, "buffer").get, d(p, "byteOffset").get, d(p, "byteLength").get];
})()`, true)

// BufferSourceOf reports whether v is an ArrayBuffer, a typed array or a
// DataView, judged by the engine's internal object kinds rather than by
// what a page can set (Symbol.toStringTag, length), and returns the bytes
// it views without copying them. A forged object is not a buffer source:
// this never allocates in proportion to a length the page chose and never
// reads outside a real ArrayBuffer.
// https://webidl.spec.whatwg.org/#BufferSource
func BufferSourceOf(rt *goja.Runtime, v goja.Value) (BufferSource, bool) {
	obj, isObj := v.(*goja.Object)
	if !isObj {
		return BufferSource{}, false
	}
	// ArrayBuffers and typed arrays are goja kinds with their own export
	// types, known without exporting (which would read every property of
	// an ordinary object, running the page's getters).
	t := obj.ExportType()
	if t == arrayBufferType {
		ab, ok := obj.Export().(goja.ArrayBuffer)
		if !ok {
			return BufferSource{}, false
		}
		return BufferSource{Kind: "ArrayBuffer", Bytes: ab.Bytes()}, true
	}
	if kind, ok := typedArrayKinds[t]; ok {
		// A real typed array exports its viewed bytes as []byte directly
		// (goja slices [[ViewedArrayBuffer]] by its own offset and length).
		// Over a detached ArrayBuffer a typed array keeps its length and
		// goja would export a slice over freed memory. Element 0 tells: a
		// typed array reads its indices without the prototype chain, and
		// reads none when detached (or empty).
		if kind == "Uint8Array" {
			if tag := obj.GetSymbol(goja.SymToStringTag); tag != nil && tag.String() == "Uint8ClampedArray" {
				kind = "Uint8ClampedArray"
			}
		}
		if e := obj.Get("0"); e == nil || goja.IsUndefined(e) {
			return BufferSource{Kind: kind}, true
		}
		b, isBytes := obj.Export().([]byte) // Uint8Array, Uint8ClampedArray: no reflection
		if !isBytes {
			if err := rt.ExportTo(obj, &b); err != nil {
				return BufferSource{}, false
			}
		}
		return BufferSource{Kind: kind, Bytes: b}, true
	}
	// A DataView is an ordinary kind to goja: its tag only spares ordinary
	// objects a thrown TypeError; the engine's getters decide.
	if tag := obj.GetSymbol(goja.SymToStringTag); tag == nil || tag.String() != "DataView" {
		return BufferSource{}, false
	}
	return dataViewOf(rt, obj)
}

// dataViewOf reads obj's slots through DataView.prototype's getters and
// slices the buffer's bytes, checking the bounds itself (the getters are
// looked up now, so a page that replaced them gets wrong bytes at worst).
func dataViewOf(rt *goja.Runtime, obj *goja.Object) (BufferSource, bool) {
	gv, err := rt.RunProgram(dataViewGetters)
	if err != nil {
		rethrowInterrupt(err)
		return BufferSource{}, false
	}
	getters, ok := gv.(*goja.Object)
	if !ok {
		return BufferSource{}, false
	}
	slot := func(i string) (goja.Value, bool) {
		f, ok := goja.AssertFunction(getters.Get(i))
		if !ok {
			return nil, false
		}
		v, err := f(obj)
		rethrowInterrupt(err)
		return v, err == nil
	}
	bv, ok := slot("0")
	if !ok {
		return BufferSource{}, false
	}
	bo, ok := bv.(*goja.Object)
	if !ok || bo.ExportType() != arrayBufferType {
		return BufferSource{}, false
	}
	ab, ok := bo.Export().(goja.ArrayBuffer)
	if !ok {
		return BufferSource{}, false
	}
	if ab.Detached() {
		// A view of a detached buffer holds no bytes (and its byteOffset
		// and byteLength getters throw).
		return BufferSource{Kind: "DataView"}, true
	}
	ov, ok := slot("1")
	if !ok {
		return BufferSource{}, false
	}
	lv, ok := slot("2")
	if !ok {
		return BufferSource{}, false
	}
	data := ab.Bytes()
	off, n := ov.ToInteger(), lv.ToInteger()
	if off < 0 || n < 0 || off > int64(len(data)) || n > int64(len(data))-off {
		return BufferSource{}, false
	}
	return BufferSource{Kind: "DataView", Bytes: data[off : off+n : off+n]}, true
}

// rethrowInterrupt passes the loop's interruption of the page (a budget
// ran out) on to the script that called in, instead of swallowing it as a
// failed check.
func rethrowInterrupt(err error) {
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		panic(ie)
	}
}

// bufferSourceBytes returns the bytes viewed by an ArrayBuffer, a typed array
// or a DataView (shared with JavaScript, not copied), and ok=false for any
// other value.
// https://webidl.spec.whatwg.org/#BufferSource
func bufferSourceBytes(r *bind.Realm, v goja.Value) ([]byte, bool) {
	s, ok := BufferSourceOf(r.Runtime, v)
	return s.Bytes, ok
}

// newUint8Array returns a new Uint8Array over b (b is not copied).
func newUint8Array(r *bind.Realm, b []byte) goja.Value {
	rt := r.Runtime
	ab := rt.NewArrayBuffer(b)
	arr, err := rt.New(rt.Get("Uint8Array"), rt.ToValue(ab))
	if err != nil {
		panic(err)
	}
	return arr
}
