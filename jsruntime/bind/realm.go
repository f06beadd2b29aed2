package bind

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// A Realm is the binding state of one goja runtime: the installed classes by
// name and the mapping between implementation values and wrappers. Like the
// runtime, it must only be used from the goroutine running that runtime.
type Realm struct {
	// Runtime is the goja runtime the realm installs into.
	Runtime *goja.Runtime

	classes map[string]*Class
	// objs maps each wrapper back to its implementation: the reverse
	// direction is a field read for slotted values and a map otherwise.
	objs map[*goja.Object]entry
	// impls maps implementation values without a slot to their wrapper.
	impls map[any]*goja.Object
	// weak holds the wrappers of interfaces declared Weak (weak.go).
	weak weakTier

	// Host is free for the installer: jsruntime keeps its window here so
	// that shared declaration tables can reach per-page state.
	Host any

	// MapError turns a Go error from an implementation into a DOMException
	// name and message (see Throw); nil means every error is a TypeError.
	MapError func(err error) (name, message string, ok bool)

	intrinsics intrinsics
	sets       setIntrinsics
	maps       mapIntrinsics
	// pending holds the properties that are still placeholders, by name
	// (see lazy.go).
	pending     map[string]*lazyProp
	lazyTargets []*goja.Object
	// globalClass is the class the global object is bound with, and
	// immutable the objects whose prototype cannot change (globalscope.go).
	globalClass  *Class
	immutable    []*goja.Object
	protoPatched bool
	// ownStrings holds the targets of legacy platform objects that may
	// have own string-keyed properties (exotic.go).
	ownStrings   map[*goja.Object]struct{}
	domException *Class
	// thrown is the DOMException ThrowDOMException threw last, until a
	// binding gives its message a context (domexception.go).
	thrown      *goja.Object
	hasInstance *goja.Object
	// hasInstanceDefined is set once a script defines Symbol.hasInstance
	// on an interface object (defineSymTrap).
	hasInstanceDefined bool
	mixins             map[*Mixin]*mixinState
	// ifaceNames names the interface objects, for Function.prototype.toString.
	ifaceNames map[*goja.Object]string
	undefined  goja.Value
	// work counts calls of attributes and operations (see SetWorkCounter);
	// ownWork is where it points until then.
	work    *uint64
	ownWork uint64
	// scripted tell the instances of interfaces written in script.
	scripted []func(*goja.Object) string
}

type entry struct {
	impl any
	cls  *Class
}

// NewRealm returns a Realm for rt with DOMException installed on rt's
// global object.
func NewRealm(rt *goja.Runtime) *Realm {
	r := &Realm{
		Runtime:   rt,
		classes:   make(map[string]*Class, 256),
		objs:      make(map[*goja.Object]entry, 1024),
		impls:     make(map[any]*goja.Object),
		undefined: goja.Undefined(),
	}
	r.work = &r.ownWork
	// goja's constructor of the errors it makes from Go errors is no
	// browser's global: scripts that list the globals (a test runner's
	// leak check, Object.getOwnPropertyNames(window)) see only Chromium's.
	// Its errors keep their prototype.
	_ = rt.GlobalObject().Delete("GoError")
	r.intrinsics.init(rt)
	r.patchReflection()
	r.patchFunctionToString()
	if err := r.Install(rt.GlobalObject(), DOMExceptionInterface); err != nil {
		panic(err) // a bug in this package's own declaration
	}
	r.domException = r.classes["DOMException"]
	r.patchIsError()
	return r
}

// patchIsError makes Error.isError true for DOMExceptions too, which
// Web IDL gives an [[ErrorData]] slot; goja's sees only its own errors.
// https://webidl.spec.whatwg.org/#es-DOMException-specialness
func (r *Realm) patchIsError() {
	ec, ok := r.Runtime.GlobalObject().Get("Error").(*goja.Object)
	if !ok {
		return
	}
	orig, ok := goja.AssertFunction(ec.Get("isError"))
	if !ok {
		return
	}
	f := r.newFunc(func(call goja.FunctionCall) goja.Value {
		if o, ok := Arg(call.Arguments, 0).(*goja.Object); ok {
			e, _ := r.entryOf(o)
			for c := e.cls; c != nil; c = c.parent {
				if c == r.domException {
					return r.Bool(true)
				}
			}
		}
		v, err := orig(goja.Undefined(), call.Arguments...)
		if err != nil {
			panic(err)
		}
		return v
	}, "isError", 1)
	ec.DefineDataProperty("isError", f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// SetWorkCounter makes every call of an installed attribute getter or
// setter, operation or constructor add one to *n, so that the installer can
// measure the work a script does in native code (the page's clock moves
// with it). Until then the realm counts into a counter of its own.
func (r *Realm) SetWorkCounter(n *uint64) { r.work = n }

// MessageWork is the work, in the units of SetWorkCounter's counter, that
// receiving a message costs: about what Chromium spends on a message task
// (a postMessage, a WebSocket or EventSource message) on a desktop, a few
// microseconds. A page flooded with messages (a ping-pong between ports,
// a server streaming events as fast as it can) thus sees its clock move,
// and its timers come between the messages, instead of the messages
// holding the clock still (testdata/hostile *-flood, *-ping-pong).
const MessageWork = 4

// ChargeMessage counts the work of receiving one message (MessageWork).
func (r *Realm) ChargeMessage() { *r.work += MessageWork }

// Class returns the installed class named name, or nil.
func (r *Realm) Class(name string) *Class { return r.classes[name] }

// AddScriptedInterfaces registers check, which names the interface of an
// instance of platform interfaces written in script rather than bound
// here (the streams), or gives "" for any other object.
func (r *Realm) AddScriptedInterfaces(check func(o *goja.Object) string) {
	r.scripted = append(r.scripted, check)
}

// ScriptedInterface names o's interface when it is an instance of a
// platform interface written in script (see AddScriptedInterfaces), and
// gives "" otherwise.
func (r *Realm) ScriptedInterface(o *goja.Object) string {
	for _, check := range r.scripted {
		if n := check(o); n != "" {
			return n
		}
	}
	return ""
}

// HasScriptedInterfaces tells whether any check is registered.
func (r *Realm) HasScriptedInterfaces() bool { return len(r.scripted) > 0 }

// Bind records obj as the wrapper of impl with class cls. Use it for objects
// made outside Wrap, such as the global object.
func (r *Realm) Bind(obj *goja.Object, impl any, cls *Class) {
	r.materialize(cls)
	if obj == r.Runtime.GlobalObject() {
		r.objs[obj] = entry{impl, cls}
		r.bindGlobal(obj, cls)
	}
	if cls.exotic == nil {
		r.defineUnforgeable(obj, cls)
	}
	r.record(obj, impl, cls)
}

// Wrap returns the wrapper of impl, creating it with class cls the first
// time. The same impl always yields the same object. impl must be a
// comparable value (normally a pointer). Wrap(nil, ...) is null.
func (r *Realm) Wrap(impl any, cls *Class) goja.Value {
	if impl == nil {
		return goja.Null()
	}
	return r.WrapObject(impl, cls)
}

// WrapObject is Wrap for a non-nil impl.
func (r *Realm) WrapObject(impl any, cls *Class) *goja.Object {
	slot := cls.slot(impl)
	if slot != nil {
		if o, ok := (*slot).(*goja.Object); ok && o != nil {
			return o
		}
	} else if o := r.impls[impl]; o != nil {
		return o
	} else if o := r.weak.wrapperOf(impl); o != nil {
		return o
	}
	obj := r.newInstance(impl, cls, cls.Prototype())
	r.record(obj, impl, cls)
	return obj
}

// Wrapper returns impl's existing wrapper, or nil if it has none yet.
func (r *Realm) Wrapper(impl any, cls *Class) *goja.Object {
	if slot := cls.slot(impl); slot != nil {
		o, _ := (*slot).(*goja.Object)
		return o
	}
	if o := r.impls[impl]; o != nil {
		return o
	}
	return r.weak.wrapperOf(impl)
}

// Lookup returns the wrapper of an implementation value that has no slot,
// or nil when it has not been wrapped.
func (r *Realm) Lookup(impl any) *goja.Object {
	if o := r.impls[impl]; o != nil {
		return o
	}
	return r.weak.wrapperOf(impl)
}

// Forget drops impl's wrapper (for short-lived values such as iterators).
func (r *Realm) Forget(obj *goja.Object) {
	if e, ok := r.objs[obj]; ok {
		delete(r.objs, obj)
		if e.cls.slot(e.impl) == nil {
			delete(r.impls, e.impl)
		}
		return
	}
	r.weak.forget(obj)
}

func (r *Realm) newInstance(impl any, cls *Class, proto *goja.Object) *goja.Object {
	if cls.exotic != nil {
		return r.newLegacyPlatformObject(impl, cls, proto)
	}
	obj := r.Runtime.CreateObject(proto)
	r.defineUnforgeable(obj, cls)
	return obj
}

// defineUnforgeable defines cls's [LegacyUnforgeable] members on obj.
func (r *Realm) defineUnforgeable(obj *goja.Object, cls *Class) {
	for _, u := range cls.unforgeable {
		if u.meth != nil {
			obj.DefineDataProperty(u.name, u.meth, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
		} else {
			obj.DefineAccessorProperty(u.name, u.get, u.set, goja.FLAG_FALSE, goja.FLAG_TRUE)
		}
	}
}

// Unwrap returns the implementation and class behind v, or ok=false when v
// is not a wrapper of this realm.
func (r *Realm) Unwrap(v goja.Value) (impl any, cls *Class, ok bool) {
	o, isObj := v.(*goja.Object)
	if !isObj {
		return nil, nil, false
	}
	e, ok := r.entryOf(o)
	return e.impl, e.cls, ok
}

// UnwrapAs returns the implementation behind v when v is a wrapper of class
// cls or of a class inheriting it.
func (r *Realm) UnwrapAs(v goja.Value, cls *Class) (any, bool) {
	o, isObj := v.(*goja.Object)
	if !isObj {
		return nil, false
	}
	e, ok := r.entryOf(o)
	if !ok || !e.cls.Is(cls) {
		return nil, false
	}
	return e.impl, true
}

// this resolves the receiver of an operation or accessor of cls.
// https://webidl.spec.whatwg.org/#dfn-create-operation-function (steps 2.1-2.3)
func (r *Realm) this(v goja.Value, cls *Class) any {
	impl, ok := r.tryThis(v, cls)
	if !ok {
		r.illegalInvocation()
	}
	return impl
}

// tryThis is this reporting false instead of throwing when v does not
// implement cls.
func (r *Realm) tryThis(v goja.Value, cls *Class) (any, bool) {
	o, ok := v.(*goja.Object)
	if !ok {
		if v != nil && !goja.IsUndefined(v) && !goja.IsNull(v) {
			return nil, false
		}
		o = r.Runtime.GlobalObject()
	}
	e, ok := r.entryOf(o)
	if !ok || !e.cls.Is(cls) {
		return nil, false
	}
	return e.impl, true
}

// ThrowTypeError throws a JavaScript TypeError; it does not return.
func (r *Realm) ThrowTypeError(format string, args ...any) {
	panic(r.Runtime.NewTypeError(append([]any{format}, args...)...))
}

// ThrowRangeError throws a JavaScript RangeError; it does not return.
func (r *Realm) ThrowRangeError(message string) {
	panic(r.newRangeError(message))
}

// newRangeError makes a RangeError holding message.
func (r *Realm) newRangeError(message string) *goja.Object {
	ctor := r.Runtime.GlobalObject().Get("RangeError")
	obj, err := r.Runtime.New(ctor, r.Runtime.ToValue(message))
	if err != nil {
		return r.Runtime.NewTypeError("%s", message)
	}
	return obj
}

// Throw throws err: a DOMException when MapError recognises it, a TypeError
// otherwise. Throw(nil) does nothing.
func (r *Realm) Throw(err error) {
	if err == nil {
		return
	}
	if r.MapError != nil {
		if name, msg, ok := r.MapError(err); ok {
			r.ThrowDOMException(name, msg)
		}
	}
	panic(r.Runtime.NewTypeError("%s", err.Error()))
}

// Undefined is the undefined value.
func (r *Realm) Undefined() goja.Value { return r.undefined }

// String converts s to a JavaScript string.
func (r *Realm) String(s string) goja.Value { return JSString(r.Runtime, s) }

// Bool converts b to a JavaScript boolean.
func (r *Realm) Bool(b bool) goja.Value { return r.Runtime.ToValue(b) }

// Int converts n to a JavaScript number.
func (r *Realm) Int(n int) goja.Value { return r.Runtime.ToValue(n) }

// Float converts f to a JavaScript number.
func (r *Realm) Float(f float64) goja.Value { return r.Runtime.ToValue(f) }

// Arg returns args[i], or undefined when absent.
func Arg(args []goja.Value, i int) goja.Value {
	if i < len(args) && args[i] != nil {
		return args[i]
	}
	return goja.Undefined()
}

// Absent reports whether v is missing or undefined (an omitted optional
// argument).
func Absent(v goja.Value) bool { return v == nil || goja.IsUndefined(v) }

// Nullish reports whether v is missing, undefined or null.
func Nullish(v goja.Value) bool { return v == nil || goja.IsUndefined(v) || goja.IsNull(v) }

// DOMString converts v to a string as Web IDL's DOMString does (undefined
// becomes "undefined", null becomes "null", a Symbol, or an object whose
// primitive is one, is a TypeError).
// https://webidl.spec.whatwg.org/#es-DOMString
func DOMString(v goja.Value) string {
	switch v.(type) {
	case nil:
		return "undefined"
	case *goja.Symbol, *goja.Object:
		v = stringPrimitive(v) // not called for a string: the common case
	}
	s := v.String()
	if strings.IndexByte(s, 0xEF) >= 0 && strings.Contains(s, "\uFFFD") {
		if js, ok := v.(goja.String); ok {
			return wtf8(js, s) // lone surrogates (wtf8.go)
		}
	}
	return s
}

// NullableString converts v like DOMString? : null and undefined give
// ok=false.
func NullableString(v goja.Value) (s string, ok bool) {
	if Nullish(v) {
		return "", false
	}
	return DOMString(v), true
}

// NullableStringOrEmpty converts v like a DOMString? setter that treats
// null as the empty string (Node.nodeValue, Node.textContent): null and
// undefined both give "", where [LegacyNullToEmptyString] turns undefined
// into "undefined".
func NullableStringOrEmpty(v goja.Value) string {
	s, _ := NullableString(v)
	return s
}

// LegacyNullToEmptyString converts v like [LegacyNullToEmptyString]
// DOMString (null becomes "", as for innerHTML and textContent).
func LegacyNullToEmptyString(v goja.Value) string {
	if v == nil || goja.IsNull(v) {
		return ""
	}
	return DOMString(v)
}

// Number is ECMAScript's ToNumber as a float64. goja's Value.ToFloat gives
// NaN for a string holding any non-ASCII character, so "\u00a07" or a
// string with a leading U+FEFF or U+2028 (white space to ToNumber) would
// not convert; ToNumber trims them as JavaScript does. Objects go through
// ToNumber too, since their primitive may be such a string.
// https://tc39.es/ecma262/#sec-tonumber
func Number(v goja.Value) float64 {
	switch v.(type) {
	case nil:
		return 0
	case goja.String, *goja.Object:
		return v.ToNumber().ToFloat()
	}
	return v.ToFloat()
}

// Long converts v like Web IDL's long (ToNumber, then modulo 2^32 into the
// signed 32-bit range).
// https://webidl.spec.whatwg.org/#es-long
func Long(v goja.Value) int32 {
	if v == nil {
		return 0
	}
	return int32(uint32(toInteger(Number(v))))
}

// UnsignedLong converts v like Web IDL's unsigned long.
func UnsignedLong(v goja.Value) uint32 {
	if v == nil {
		return 0
	}
	return uint32(toInteger(Number(v)))
}

// Double converts v like Web IDL's unrestricted double.
func Double(v goja.Value) float64 {
	return Number(v)
}

func toInteger(f float64) int64 {
	if f != f || f > 1e300 || f < -1e300 {
		return 0
	}
	if f > 9e18 || f < -9e18 {
		// modulo 2^32 of a huge value: keep the low bits exactly
		m := f - 4294967296*float64(int64(f/4294967296))
		return int64(m)
	}
	return int64(f)
}

// Boolean converts v like Web IDL's boolean.
func Boolean(v goja.Value) bool {
	if v == nil {
		return false
	}
	return v.ToBoolean()
}

// indexOf parses a canonical array index ("0", "17"), or returns -1.
func indexOf(key string) int {
	if key == "" || len(key) > 10 || (len(key) > 1 && key[0] == '0') {
		return -1
	}
	for i := 0; i < len(key); i++ {
		if key[i] < '0' || key[i] > '9' {
			return -1
		}
	}
	n, err := strconv.Atoi(key)
	if err != nil || n > 1<<31-2 {
		return -1
	}
	return n
}

// Index parses key as an array index for Exotic hooks, or returns -1.
func Index(key string) int { return indexOf(key) }

// MarkNative makes Function.prototype.toString show fn, a built-in the
// runtime writes in JavaScript (a polyfill of what goja lacks), as
// browsers show their built-ins: "function name() { [native code] }".
// Feature checks read that (lodash's isNative, Vue's, core-js's) and
// replace a built-in whose source they can see.
func (r *Realm) MarkNative(fn *goja.Object, name string) {
	r.ifaceNames[fn] = name
}

// anonymousNative is how browsers print a built-in without a name.
const anonymousNative = "function () { [native code] }"

// isNativeSource says whether src is goja's text for a built-in
// ("function name() { [native code] }", in whatever layout).
func isNativeSource(src string) bool {
	return strings.HasPrefix(src, "function ") && strings.HasSuffix(strings.Join(strings.Fields(src), " "), "() { [native code] }")
}

// namedNative prints a goja built-in as Chromium does: with the function's
// name ("function Int8Array() { [native code] }", "function get size()
// ..."; goja leaves the typed array constructors unnamed), and without one
// for a bound function (goja prints "function bound max() ...") and for a
// proxy, whose name is not read (that would run its traps).
func (r *Realm) namedNative(o *goja.Object, v goja.Value) goja.Value {
	if _, isProxy := o.Export().(goja.Proxy); isProxy {
		return v
	}
	d := o.Get("name")
	if d == nil || !goja.IsString(d) {
		return v
	}
	switch name := d.String(); {
	case strings.HasPrefix(name, "bound "):
		return r.Runtime.ToValue(anonymousNative)
	case name == "":
		return v
	default:
		return r.Runtime.ToValue("function " + name + "() { [native code] }")
	}
}

// patchFunctionToString makes Function.prototype.toString show interface
// objects as browsers do ("function Node() { [native code] }"): they are
// proxies (see newConstructor), which goja prints without a name.
func (r *Realm) patchFunctionToString() {
	r.ifaceNames = make(map[*goja.Object]string)
	fp, ok := r.Runtime.GlobalObject().Get("Function").(*goja.Object)
	if !ok {
		return
	}
	proto, ok := fp.Get("prototype").(*goja.Object)
	if !ok {
		return
	}
	orig, ok := goja.AssertFunction(proto.Get("toString"))
	if !ok {
		return
	}
	f := r.newFunc(func(call goja.FunctionCall) goja.Value {
		if o, ok := call.This.(*goja.Object); ok {
			if name, ok := r.ifaceNames[o]; ok {
				return r.Runtime.ToValue("function " + name + "() { [native code] }")
			}
		}
		v, err := orig(call.This, call.Arguments...)
		if err != nil {
			panic(err)
		}
		if o, ok := call.This.(*goja.Object); ok && isNativeSource(v.String()) {
			return r.namedNative(o, v)
		}
		return v
	}, "toString", 0)
	proto.DefineDataProperty("toString", f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}
