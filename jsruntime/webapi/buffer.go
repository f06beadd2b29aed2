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
	switch x := obj.Export().(type) {
	case goja.ArrayBuffer:
		return x.Bytes(), true
	case []uint8, []int8, []uint16, []int16, []uint32, []int32, []float32, []float64, []int64, []uint64:
		var b []byte
		if err := rt.ExportTo(obj, &b); err != nil {
			return nil, false
		}
		return b, true
	}
	if isView(rt, obj) {
		var b []byte
		if err := rt.ExportTo(obj, &b); err == nil {
			return b, true
		}
	}
	return nil, false
}

// isView reports whether obj is a typed array or a DataView (without
// calling the page's ArrayBuffer.isView).
func isView(rt *goja.Runtime, obj *goja.Object) bool {
	switch obj.Export().(type) {
	case []uint8, []int8, []uint16, []int16, []uint32, []int32, []float32, []float64, []int64, []uint64:
		return true
	}
	t := obj.GetSymbol(goja.SymToStringTag)
	if t == nil || t.String() != "DataView" {
		return false
	}
	var b []byte
	return rt.ExportTo(obj, &b) == nil
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
