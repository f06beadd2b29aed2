package webapi

import (
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// bufferSourceBytes returns the bytes viewed by an ArrayBuffer, a typed array
// or a DataView (shared with JavaScript, not copied), and ok=false for any
// other value.
// https://webidl.spec.whatwg.org/#BufferSource
func bufferSourceBytes(rt *goja.Runtime, v goja.Value) ([]byte, bool) {
	obj, isObj := v.(*goja.Object)
	if !isObj {
		return nil, false
	}
	// The tag first: Export of an ordinary object would copy all of it.
	switch bufferTag(obj) {
	case "ArrayBuffer":
		if ab, ok := obj.Export().(goja.ArrayBuffer); ok {
			return ab.Bytes(), true
		}
	case "":
	default:
		if isView(rt, obj) {
			var b []byte
			if err := rt.ExportTo(obj, &b); err == nil {
				return b, true
			}
		}
	}
	return nil, false
}

// bufferTag returns obj's Symbol.toStringTag when it names ArrayBuffer, a
// typed array or DataView, and "" otherwise.
func bufferTag(obj *goja.Object) string {
	t := obj.GetSymbol(goja.SymToStringTag)
	if t == nil || goja.IsUndefined(t) {
		return ""
	}
	switch s := t.String(); s {
	case "ArrayBuffer", "DataView", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array",
		"Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array":
		return s
	}
	return ""
}

// isView reports whether obj is a typed array or a DataView (without
// calling the page's ArrayBuffer.isView).
func isView(rt *goja.Runtime, obj *goja.Object) bool {
	switch bufferTag(obj) {
	case "", "ArrayBuffer":
		return false
	case "DataView":
		var b []byte
		return rt.ExportTo(obj, &b) == nil
	}
	switch obj.Export().(type) {
	case []uint8, []int8, []uint16, []int16, []uint32, []int32, []float32, []float64, []int64, []uint64:
		return true
	}
	return false
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
