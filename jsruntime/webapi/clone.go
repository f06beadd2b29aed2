package webapi

import (
	"errors"
	"math/big"
	"reflect"
	"strconv"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// InstallStructuredClone defines structuredClone(value, {transfer}) on
// target.
// https://html.spec.whatwg.org/multipage/structured-data.html#dom-structuredclone
func InstallStructuredClone(realm *bind.Realm, target *goja.Object) error {
	f := realm.NewGlobalFunction("structuredClone", 1, func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) < 1 {
			realm.ThrowTypeError("Failed to execute 'structuredClone' on 'Window': 1 argument required, but only 0 present.")
		}
		var transfer []goja.Value
		if o, ok := bind.Arg(call.Arguments, 1).(*goja.Object); ok {
			if t := o.Get("transfer"); !bind.Absent(t) {
				transfer = transferList(realm, t)
			}
		}
		return StructuredClone(realm, call.Arguments[0], transfer)
	})
	return target.DefineDataProperty("structuredClone", f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// transferList converts StructuredSerializeOptions.transfer, a
// sequence<object>: through the iterator, each item an object, so that a
// page's {length: 2**53-1} or sparse array of length 2**32-1 throws at once
// instead of growing a list of undefineds.
// https://webidl.spec.whatwg.org/#js-sequence
func transferList(realm *bind.Realm, v goja.Value) []goja.Value {
	obj, ok := v.(*goja.Object)
	if !ok || bind.Absent(obj.GetSymbol(goja.SymIterator)) {
		realm.ThrowTypeError("Failed to execute 'structuredClone' on 'Window': Failed to read the 'transfer' property from 'StructuredSerializeOptions': The provided value cannot be converted to a sequence.")
	}
	var out []goja.Value
	realm.Runtime.ForOf(obj, func(item goja.Value) bool {
		if _, isObj := item.(*goja.Object); !isObj {
			realm.ThrowTypeError("Failed to execute 'structuredClone' on 'Window': Failed to read the 'transfer' property from 'StructuredSerializeOptions': The provided value is not of type 'object'.")
		}
		out = append(out, item)
		return true
	})
	return out
}

// StructuredClone copies v as StructuredSerialize then StructuredDeserialize
// would: primitives, plain objects and arrays (own enumerable properties),
// Date, RegExp, Map, Set, Error types, primitive wrappers, ArrayBuffer,
// typed arrays and DataView, with shared references and cycles preserved.
// ArrayBuffers in transfer are moved (the originals are detached).
// Blob and File are copied with the page's constructors. Functions,
// symbols, WeakMaps, Promises and other platform objects throw a
// DataCloneError DOMException.
// https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializeinternal
func StructuredClone(realm *bind.Realm, v goja.Value, transfer []goja.Value) goja.Value {
	return CloneInto(realm, v, transfer, realm.Runtime, "Failed to execute 'structuredClone' on 'Window': ")
}

// CloneInto is StructuredClone across runtimes: v, a value of realm's
// runtime, is copied into dst, another runtime run on the same goroutine
// (a worker's), with dst's own constructors, as postMessage serializes a
// message in the sender and deserializes it in the receiver. A value that
// cannot be cloned throws a DataCloneError in realm, its message prefixed
// by what ("Failed to execute 'postMessage' on 'Worker': ").
func CloneInto(realm *bind.Realm, v goja.Value, transfer []goja.Value, dst *goja.Runtime, what string) goja.Value {
	c := &cloner{realm: realm, src: realm.Runtime, rt: dst, what: what, memo: map[*goja.Object]*goja.Object{}}
	out, _ := c.run(v, transfer)
	return out
}

// CloneSized is StructuredClone with what prefixing its DataCloneError
// messages, that also reports an estimate of the bytes the copy holds
// (strings as UTF-16, binary data by its length, a fixed cost per value
// and property name), counted as it is made: IndexedDB's quota.
func CloneSized(realm *bind.Realm, v goja.Value, what string) (goja.Value, int) {
	c := &cloner{realm: realm, src: realm.Runtime, rt: realm.Runtime, what: what, memo: map[*goja.Object]*goja.Object{}, sized: true}
	out, _ := c.run(v, nil)
	return out, c.size
}

// MessageTarget is where a message goes: the realm its clone is made in
// and the host that runs that realm's tasks (for the MessagePorts
// transferred with it).
type MessageTarget struct {
	Realm *bind.Realm
	Host  Host
}

// ErrDeserialize is CloneMessage's error when the receiving realm cannot
// make what the message holds (a Blob in a realm without Blob): the
// receiver gets a messageerror event instead of the message.
// https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-postmessage
var ErrDeserialize = errors.New("webapi: the message could not be deserialized")

// CloneMessage is postMessage's StructuredSerializeWithTransfer and
// StructuredDeserializeWithTransfer: v cloned from realm into to's realm,
// with the ArrayBuffers and MessagePorts of transfer moved there (the
// originals detached). ports are the transferred ports, as to's objects,
// in transfer's order (MessageEvent.ports). What cannot be serialized
// throws a DataCloneError (prefixed with what) in realm; what to's realm
// cannot make returns ErrDeserialize.
// https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializewithtransfer
func CloneMessage(realm *bind.Realm, v goja.Value, transfer []goja.Value, to MessageTarget, what string) (data goja.Value, ports []goja.Value, err error) {
	c := &cloner{realm: realm, src: realm.Runtime, rt: to.Realm.Runtime, dst: to.Realm, dstHost: to.Host, what: what, memo: map[*goja.Object]*goja.Object{}}
	defer func() {
		if r := recover(); r != nil {
			if r != errDeserialize {
				panic(r)
			}
			data, ports, err = goja.Undefined(), nil, ErrDeserialize
		}
	}()
	data, ports = c.run(v, transfer)
	return data, ports, nil
}

// bigIntType is what a BigInt wrapper object exports.
var bigIntType = reflect.TypeOf((*big.Int)(nil))

// errDeserialize is what a cloner panics with when the receiving realm
// cannot make a value; CloneMessage recovers it.
var errDeserialize = &struct{ error }{ErrDeserialize}

// run checks and moves the transfer list (ArrayBuffers, and MessagePorts
// when the copy is made in a realm: a message's receiving realm, or the
// same realm for structuredClone), clones v and detaches what was moved.
func (c *cloner) run(v goja.Value, transfer []goja.Value) (goja.Value, []goja.Value) {
	var detach []goja.ArrayBuffer
	var others []Transferable
	var moved []*messagePort
	var ports []goja.Value
	portIndex := 0
	for _, t := range transfer {
		o, ok := t.(*goja.Object)
		if !ok {
			c.fail("Value not transferable")
		}
		if impl, cls, ok := c.realm.Unwrap(o); ok {
			if tr, isTr := impl.(Transferable); isTr && c.into() != nil {
				// An ImageBitmap or OffscreenCanvas: its copy is made
				// now (the message may hold it), the original detached
				// once the message is serialized.
				if _, dup := c.memo[o]; dup {
					c.fail(cls.Name() + " at index is a duplicate of an earlier " + cls.Name() + ".")
				}
				into := c.into().Class(cls.Name())
				if into == nil {
					if c.dst == nil {
						c.fail("Value not transferable")
					}
					panic(errDeserialize) // the receiving realm has no such class
				}
				// Whether it can be moved is checked once the message is
				// serialized (what the message's getters throw comes first).
				c.memo[o] = c.into().WrapObject(tr.TransferTo(c.into()), into)
				others = append(others, tr)
				continue
			}
			p, isPort := impl.(*messagePort)
			if !isPort || c.into() == nil {
				c.fail("Value not transferable")
			}
			if _, dup := c.memo[o]; dup {
				c.fail("Message port at index " + strconv.Itoa(portIndex) + " is a duplicate of an earlier port.")
			}
			if p.moved != nil || p.realm != c.realm {
				c.fail("Port at index " + strconv.Itoa(portIndex) + " is already neutered.")
			}
			portIndex++
			c.memo[o] = nil // claimed; made below, once every entry is checked
			moved = append(moved, p)
			continue
		}
		// The export type first: Export of an array exports every index
		// up to its length, which a page can set to 2**32-1.
		if o.ExportType() != arrayBufferType {
			c.fail("Value not transferable")
		}
		ab, ok := o.Export().(goja.ArrayBuffer)
		if !ok {
			c.fail("Value not transferable")
		}
		if _, dup := c.memo[o]; dup {
			c.fail("ArrayBuffer at index is a duplicate of an earlier ArrayBuffer.")
		}
		// A detached buffer fails once the message is serialized (what
		// its getters throw comes first); its copy is empty meanwhile.
		moved := append([]byte(nil), ab.Bytes()...)
		c.memo[o] = c.rt.ToValue(c.rt.NewArrayBuffer(moved)).(*goja.Object)
		detach = append(detach, ab)
	}
	if len(moved) > 0 {
		// Into the receiving realm, or for structuredClone into the same
		// realm (the new port keeps the old one's host).
		to := c.into()
		cls := to.Class("MessagePort")
		if cls == nil {
			if c.dst == nil {
				c.fail("Value not transferable")
			}
			panic(errDeserialize)
		}
		i := 0
		for _, t := range transfer {
			o := t.(*goja.Object)
			if out, ok := c.memo[o]; !ok || out != nil {
				continue
			}
			np := moved[i].transfer(to, c.dstHost)
			i++
			w := to.WrapObject(np, cls)
			c.memo[o] = w
			ports = append(ports, w)
		}
	}
	out := c.clone(v)
	// What the message's getters detached meanwhile (a nested
	// postMessage) cannot be transferred.
	// https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializewithtransfer
	for _, ab := range detach {
		if ab.Detached() {
			c.fail("An ArrayBuffer is detached and could not be cloned.")
		}
	}
	for _, tr := range others {
		c.checkTransfer(tr)
	}
	for _, ab := range detach {
		ab.Detach()
	}
	for _, tr := range others {
		tr.Detach()
	}
	return out, ports
}

// A cloner reads values of src (realm's runtime) and makes their copies in
// rt, which is src itself for structuredClone.
type cloner struct {
	realm *bind.Realm
	src   *goja.Runtime
	rt    *goja.Runtime
	// dst and dstHost are the receiving realm and its host (CloneMessage);
	// without them MessagePorts cannot be transferred.
	dst     *bind.Realm
	dstHost Host
	what    string
	memo    map[*goja.Object]*goja.Object
	// sized makes clone add the bytes of what it copies to size.
	sized bool
	size  int
	// objProto caches objectProto.
	objProto *goja.Object
}

// objectProto is the source realm's Object.prototype.
func (c *cloner) objectProto() *goja.Object {
	if c.objProto == nil {
		c.objProto = c.src.NewObject().Prototype()
	}
	return c.objProto
}

func (c *cloner) fail(msg string) {
	c.realm.ThrowDOMException("DataCloneError", c.what+msg)
}

// ctor is the constructor name makes copies with: a platform interface of
// the receiving realm (its interface object, even when a page deleted or
// replaced the global property), else the receiving global's property.
func (c *cloner) ctor(name string) goja.Value {
	if r := c.into(); r != nil {
		if cls := r.Class(name); cls != nil {
			return cls.Constructor()
		}
	}
	return c.rt.GlobalObject().Get(name)
}

// into is the realm the copy is made in: the receiving realm of a message,
// the source realm for structuredClone, nil for a runtime without one.
func (c *cloner) into() *bind.Realm {
	if c.dst != nil {
		return c.dst
	}
	if c.rt == c.src {
		return c.realm
	}
	return nil
}

// Transferable is a platform object's implementation that a transfer list
// can move (ImageBitmap, OffscreenCanvas; MessagePorts are this
// package's own): TransferError is why it cannot be moved now (a
// DOMException's name and message; "" when it can), TransferTo makes the
// implementation that takes its place in realm to, and Detach leaves the
// original detached once the message is serialized.
// https://html.spec.whatwg.org/multipage/structured-data.html#transferable-objects
type Transferable interface {
	TransferError() (name, msg string)
	TransferTo(to *bind.Realm) any
	Detach()
}

// checkTransfer throws tr's TransferError, if any.
func (c *cloner) checkTransfer(tr Transferable) {
	if name, msg := tr.TransferError(); name != "" {
		c.realm.ThrowDOMException(name, c.what+msg)
	}
}

// Serializable is a platform object's implementation that structured
// clone copies (ImageData, ImageBitmap, FileList): Serialize returns the
// copy's implementation, made for the realm to (whose interface of the
// same name wraps it), or ok false when the object cannot be cloned (a
// closed ImageBitmap: a DataCloneError). What the copy holds is its own,
// not shared with the rest of the message (an ImageData's data is a new
// array, as in Chromium).
// https://html.spec.whatwg.org/multipage/structured-data.html#serializable-objects
type Serializable interface {
	Serialize(to *bind.Realm) (copy any, ok bool)
}

func (c *cloner) construct(name string, args ...goja.Value) *goja.Object {
	ctor := c.ctor(name)
	if c.dst != nil && bind.Absent(ctor) {
		panic(errDeserialize) // the receiving realm has no such class
	}
	o, err := c.rt.New(ctor, args...)
	if err != nil {
		panic(err)
	}
	return o
}

func (c *cloner) call(obj *goja.Object, method string, args ...goja.Value) goja.Value {
	f, ok := goja.AssertFunction(obj.Get(method))
	if !ok {
		c.fail(method + " is not callable")
	}
	v, err := f(obj, args...)
	if err != nil {
		panic(err)
	}
	return v
}

// entries returns Array.from(obj) as a slice (for Map and Set).
func (c *cloner) entries(obj *goja.Object) []goja.Value {
	arr := c.call(c.src.GlobalObject().Get("Array").ToObject(c.src), "from", obj).ToObject(c.src)
	n := int(arr.Get("length").ToInteger())
	out := make([]goja.Value, n)
	for i := range out {
		out[i] = arr.Get(strconv.Itoa(i))
	}
	return out
}

func (c *cloner) clone(v goja.Value) goja.Value {
	obj, ok := v.(*goja.Object)
	if c.sized {
		c.size += 8
		if s, isStr := v.(goja.String); isStr {
			c.size += 2 * s.Length()
		}
	}
	if !ok {
		if _, isSym := v.(*goja.Symbol); isSym {
			c.fail("Symbol(" + v.String() + ") could not be cloned.")
		}
		return v // undefined, null, boolean, number, bigint, string
	}
	if done, ok := c.memo[obj]; ok {
		return done
	}
	if impl, cls, isPlatform := c.realm.Unwrap(obj); isPlatform {
		if e, ok := impl.(*bind.DOMException); ok {
			r := c.realm
			if c.dst != nil {
				r = c.dst // the receiving realm's own DOMException
			}
			out := r.NewDOMException(e.Name, e.Message)
			c.memo[obj] = out
			return out
		}
		if ser, ok := impl.(Serializable); ok {
			r := c.into()
			var into *bind.Class
			if r != nil {
				into = r.Class(cls.Name())
			}
			if into == nil {
				if c.dst != nil {
					panic(errDeserialize) // the receiving realm has no such class
				}
				c.fail(cls.Name() + " object could not be cloned.")
			}
			cp, ok := ser.Serialize(r)
			if !ok {
				c.fail("An " + cls.Name() + " is detached and could not be cloned.")
			}
			out := r.WrapObject(cp, into)
			c.memo[obj] = out
			return out
		}
		switch cls.Name() {
		case "MessagePort":
			c.fail("A MessagePort could not be cloned because it was not transferred.")
		case "Blob", "File":
			// Blobs and Files are serializable: a copy made with the
			// receiving realm's own constructors (their data is immutable),
			// from the bytes when that is another runtime.
			if c.rt != c.src {
				out := c.foreignBlob(obj, cls.Name())
				c.memo[obj] = out
				return out
			}
			opts := c.rt.NewObject()
			opts.Set("type", obj.Get("type"))
			parts := c.rt.NewArray(obj)
			var out *goja.Object
			if cls.Name() == "File" {
				opts.Set("lastModified", obj.Get("lastModified"))
				out = c.construct("File", parts, obj.Get("name"), opts)
			} else {
				out = c.construct("Blob", parts, opts)
			}
			c.memo[obj] = out
			return out
		}
		c.fail(cls.Name() + " object could not be cloned.")
	}
	switch obj.ClassName() {
	case "Function", "AsyncFunction", "GeneratorFunction", "AsyncGeneratorFunction":
		c.fail(funcSource(c.src, obj) + " could not be cloned.")
	case "Generator", "Map Iterator", "Set Iterator", "Array Iterator":
		c.fail("#<" + obj.ClassName() + "> could not be cloned.")
	case "Date":
		out := c.construct("Date", c.call(obj, "getTime"))
		c.memo[obj] = out
		return out
	case "RegExp":
		out := c.construct("RegExp", obj.Get("source"), obj.Get("flags"))
		c.memo[obj] = out
		return out
	case "Boolean", "Number", "String":
		out := c.call(c.ctor("Object").ToObject(c.rt), "call", goja.Undefined(), c.call(obj, "valueOf")).ToObject(c.rt)
		out = c.rt.ToValue(out).ToObject(c.rt)
		c.memo[obj] = out
		return out
	case "Error":
		name := "Error"
		switch n := obj.Get("name"); {
		case n == nil:
		case n.String() == "EvalError", n.String() == "RangeError", n.String() == "ReferenceError",
			n.String() == "SyntaxError", n.String() == "TypeError", n.String() == "URIError":
			name = n.String()
		}
		var msg goja.Value = goja.Undefined()
		if d := obj.GetOwnPropertyNames(); len(d) > 0 {
			for _, k := range d {
				if k == "message" {
					msg = obj.Get("message")
				}
			}
		}
		out := c.construct(name, msg)
		if st := obj.Get("stack"); st != nil && !goja.IsUndefined(st) {
			out.Set("stack", st.String())
		}
		c.memo[obj] = out
		return out
	case "Array":
		n := obj.Get("length").ToInteger()
		out := c.construct("Array", c.rt.ToValue(n))
		c.memo[obj] = out
		for _, k := range obj.Keys() {
			out.Set(k, c.clone(obj.Get(k)))
		}
		return out
	}
	// Map and Set are ordinary-class objects to goja: tell them by their
	// Symbol.toStringTag.
	tag := ""
	if t := obj.GetSymbol(goja.SymToStringTag); t != nil && !goja.IsUndefined(t) {
		tag = t.String()
	}
	switch tag {
	case "Map":
		out := c.construct("Map")
		c.memo[obj] = out
		for _, e := range c.entries(obj) {
			pair := e.ToObject(c.src)
			c.call(out, "set", c.clone(pair.Get("0")), c.clone(pair.Get("1")))
		}
		return out
	case "Set":
		out := c.construct("Set")
		c.memo[obj] = out
		for _, e := range c.entries(obj) {
			c.call(out, "add", c.clone(e))
		}
		return out
	case "WeakMap", "WeakSet", "WeakRef", "FinalizationRegistry", "Promise", "Generator", "AsyncGenerator":
		c.fail("#<" + tag + "> could not be cloned.")
	}
	// Binary data by the engine's own kinds, not by the page's tag.
	if src, ok := BufferSourceOf(c.src, obj); ok {
		if src.Kind == "ArrayBuffer" {
			x := obj.Export().(goja.ArrayBuffer)
			if x.Detached() {
				c.fail("An ArrayBuffer is detached and could not be cloned.")
			}
			out := c.rt.ToValue(c.rt.NewArrayBuffer(append([]byte(nil), x.Bytes()...))).(*goja.Object)
			c.memo[obj] = out
			c.size += len(x.Bytes())
			return out
		}
		buf := c.clone(obj.Get("buffer"))
		var out *goja.Object
		if src.Kind == "DataView" {
			out = c.construct("DataView", buf, obj.Get("byteOffset"), obj.Get("byteLength"))
		} else {
			out = c.construct(src.Kind, buf, obj.Get("byteOffset"), obj.Get("length"))
		}
		c.memo[obj] = out
		return out
	}
	// A BigInt wrapper (Object(1n)), of goja's class Object: its value.
	if obj.ExportType() == bigIntType {
		if n, ok := obj.Export().(*big.Int); ok {
			out := c.rt.ToValue(new(big.Int).Set(n)).ToObject(c.rt)
			c.memo[obj] = out
			return out
		}
	}
	// An instance of a platform interface written in script (the
	// streams) cannot be cloned; one with Object.prototype (a literal)
	// is never one, so only other objects are asked about.
	if c.realm.HasScriptedInterfaces() {
		if p := obj.Prototype(); p != nil && p != c.objectProto() {
			switch n := c.realm.ScriptedInterface(obj); n {
			case "":
			case "ReadableStream", "WritableStream", "TransformStream":
				c.fail("A " + n + " could not be cloned because it was not transferred.")
			default:
				c.fail(n + " object could not be cloned.")
			}
		}
	}
	// An ordinary object: its own enumerable string-keyed properties, read
	// through getters, onto a plain object.
	out := c.rt.NewObject()
	c.memo[obj] = out
	for _, k := range obj.Keys() {
		c.size += len(k)
		out.Set(k, c.clone(obj.Get(k)))
	}
	return out
}

func funcSource(rt *goja.Runtime, obj *goja.Object) string {
	// V8 names the function by its source text, as
	// Function.prototype.toString gives it ("function (h) { … }",
	// "class A {}", "function push() { [native code] }").
	var text string
	if fp, ok := rt.Get("Function").(*goja.Object); ok {
		if proto, ok := fp.Get("prototype").(*goja.Object); ok {
			if toString, ok := goja.AssertFunction(proto.Get("toString")); ok {
				if v, err := toString(obj); err == nil {
					text = v.String()
				}
			}
		}
	}
	if text != "" {
		return text
	}
	if n := obj.Get("name"); n != nil && n.String() != "" {
		return "function " + n.String() + "()"
	}
	return "function"
}

// foreignBlob copies obj, a Blob or File (name) of the source realm, into
// another runtime: a new one made there from its bytes.
func (c *cloner) foreignBlob(obj *goja.Object, name string) *goja.Object {
	impl, _, _ := c.realm.Unwrap(obj)
	b, ok := impl.(blobData)
	if !ok {
		c.fail(obj.String() + " could not be cloned.")
	}
	bytes := c.rt.ToValue(c.rt.NewArrayBuffer(append([]byte(nil), b.Bytes()...)))
	parts := c.rt.NewArray(c.construct("Uint8Array", bytes))
	opts := c.rt.NewObject()
	opts.Set("type", b.Type())
	if name == "File" {
		opts.Set("lastModified", obj.Get("lastModified"))
		return c.construct("File", parts, c.rt.ToValue(obj.Get("name").String()), opts)
	}
	return c.construct("Blob", parts, opts)
}

// blobData is what a Blob's implementation (package xhr's) gives a clone.
type blobData interface {
	Bytes() []byte
	Type() string
}
