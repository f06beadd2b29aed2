package jsruntime

import (
	"math"

	"github.com/dop251/goja"
)

// ArrayBuffer.prototype.transfer, transferToFixedLength and the detached
// getter (ES2024, https://tc39.es/ecma262/#sec-arraybuffer.prototype.transfer),
// which goja lacks: the bytes move to a new buffer and the original is
// detached through goja's own Detach, so its views read length 0 and its
// methods throw as after a structuredClone transfer. Resizable buffers
// (maxByteLength, resize) need length-tracking views inside goja's typed
// arrays and are left out; transfer always makes a fixed-length buffer.

// maxTransferLength bounds the length a transfer may ask for (Chromium
// throws a RangeError for lengths it cannot allocate).
const maxTransferLength = 1 << 31

func installArrayBufferTransfer(rt *goja.Runtime) error {
	ctor, ok := rt.GlobalObject().Get("ArrayBuffer").(*goja.Object)
	if !ok {
		return nil
	}
	proto, ok := ctor.Get("prototype").(*goja.Object)
	if !ok || proto.Get("transfer") != nil {
		return nil
	}
	this := func(call goja.FunctionCall, method string) goja.ArrayBuffer {
		if o, ok := call.This.(*goja.Object); ok {
			if ab, ok := o.Export().(goja.ArrayBuffer); ok {
				return ab
			}
		}
		panic(rt.NewTypeError("Method %s called on incompatible receiver %s", method, receiverString(call.This)))
	}
	transfer := func(name string) func(goja.FunctionCall) goja.Value {
		method := "ArrayBuffer.prototype." + name
		return func(call goja.FunctionCall) goja.Value {
			ab := this(call, method)
			n := int64(len(ab.Bytes()))
			if arg := call.Argument(0); !goja.IsUndefined(arg) {
				f := arg.ToFloat()
				if math.IsNaN(f) {
					f = 0
				}
				f = math.Trunc(f)
				if f < 0 || f > 1<<53-1 {
					panic(newRangeError(rt, "Invalid array buffer length"))
				}
				if f > maxTransferLength {
					panic(newRangeError(rt, method+": Invalid length parameter"))
				}
				n = int64(f)
			}
			if ab.Detached() {
				panic(rt.NewTypeError("Cannot perform %s on a detached ArrayBuffer", method))
			}
			old := ab.Bytes()
			var moved []byte
			if int64(len(old)) == n {
				moved = old // the same bytes, now owned by the new buffer alone
			} else {
				moved = make([]byte, n)
				copy(moved, old)
			}
			ab.Detach()
			return rt.ToValue(rt.NewArrayBuffer(moved))
		}
	}
	for _, m := range []struct {
		name string
		fn   func(goja.FunctionCall) goja.Value
	}{{"transfer", transfer("transfer")}, {"transferToFixedLength", transfer("transferToFixedLength")}} {
		fn := rt.ToValue(m.fn).(*goja.Object)
		if err := setFunctionShape(rt, fn, m.name, 0); err != nil {
			return err
		}
		if err := proto.DefineDataProperty(m.name, fn, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			return err
		}
	}
	get := rt.ToValue(func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(this(call, "get ArrayBuffer.prototype.detached").Detached())
	}).(*goja.Object)
	if err := setFunctionShape(rt, get, "get detached", 0); err != nil {
		return err
	}
	return proto.DefineAccessorProperty("detached", get, nil, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// setFunctionShape gives a Go function the name and length a built-in has.
func setFunctionShape(rt *goja.Runtime, fn *goja.Object, name string, length int) error {
	if err := fn.DefineDataProperty("name", rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
		return err
	}
	return fn.DefineDataProperty("length", rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
}

// newRangeError is a RangeError of the runtime's own constructor.
func newRangeError(rt *goja.Runtime, msg string) goja.Value {
	ctor, ok := rt.GlobalObject().Get("RangeError").(*goja.Object)
	if !ok {
		return rt.NewTypeError(msg)
	}
	e, err := rt.New(ctor, rt.ToValue(msg))
	if err != nil {
		return rt.NewTypeError(msg)
	}
	return e
}

// receiverString is how V8 names a wrong receiver in its messages:
// #<Class> for an object, the value itself for a primitive.
func receiverString(v goja.Value) string {
	if o, ok := v.(*goja.Object); ok {
		return "#<" + o.ClassName() + ">"
	}
	return v.String()
}
