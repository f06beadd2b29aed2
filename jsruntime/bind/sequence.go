package bind

import "github.com/dop251/goja"

// The TypeErrors of a sequence conversion, with Chromium's messages; the
// binding puts its context before them.
var (
	errNotSequence     = newConversionError("The provided value cannot be converted to a sequence.")
	errNoIterator      = newConversionError("The object must have a callable @@iterator property.")
	errIterNotCallable = newConversionError("@@iterator must be a callable.")
	errIterNotObject   = newConversionError("Iterator object must be an object.")
	errNoNext          = newConversionError("Expected next() function on iterator.")
	errResultNotObject = newConversionError("Expected iterator.next() to return an Object.")
)

// IterMethod reads obj's @@iterator once, as Web IDL's sequence conversion
// does (GetMethod), and returns it, or nil when it is undefined or null. A
// value that is neither callable nor nullish is a TypeError.
func IterMethod(rt *goja.Runtime, obj *goja.Object) goja.Callable {
	m := obj.GetSymbol(goja.SymIterator)
	if Nullish(m) {
		return nil
	}
	f, ok := goja.AssertFunction(m)
	if !ok {
		panic(errIterNotCallable)
	}
	return f
}

// Sequence converts v to a Web IDL sequence, calling each with every
// value as the iterator gives it (so that its conversion runs before the
// next value is read): a value that is no object is a TypeError ("The
// provided value cannot be converted to a sequence."), and so is an
// object without @@iterator ("The object must have a callable @@iterator
// property."), in the context of the member or operation converting it.
// https://webidl.spec.whatwg.org/#js-sequence
func Sequence(rt *goja.Runtime, v goja.Value, each func(goja.Value)) {
	obj, ok := v.(*goja.Object)
	if !ok {
		panic(errNotSequence)
	}
	method := IterMethod(rt, obj)
	if method == nil {
		panic(errNoIterator)
	}
	ForOfMethod(rt, obj, method, func(x goja.Value) bool {
		each(x)
		return true
	})
}

// ForOfMethod iterates obj with the iterator method read before (by
// IterMethod), calling step with each value as the iterator gives it, until
// the iterator is done or step returns false. As Web IDL's "create a
// sequence from an iterable" it reads next once and never closes the
// iterator: a step that throws leaves it as it is (goja's ForOf reads
// @@iterator again and calls return, which a page would see).
func ForOfMethod(rt *goja.Runtime, obj *goja.Object, method goja.Callable, step func(goja.Value) bool) {
	v, err := method(obj)
	if err != nil {
		panic(err)
	}
	it, ok := v.(*goja.Object)
	if !ok {
		panic(errIterNotObject)
	}
	next, ok := goja.AssertFunction(it.Get("next"))
	if !ok {
		panic(errNoNext)
	}
	for {
		rv, err := next(it)
		if err != nil {
			panic(err)
		}
		res, ok := rv.(*goja.Object)
		if !ok {
			panic(errResultNotObject)
		}
		if res.Get("done").ToBoolean() {
			return
		}
		if !step(res.Get("value")) {
			return
		}
	}
}

// OneOrSequence converts v to the union (T or sequence<T>) as Web IDL
// does when T is no object type: an object with @@iterator is a sequence,
// each of its values converted with conv; anything else is one T.
// https://webidl.spec.whatwg.org/#es-union
func OneOrSequence[T any](rt *goja.Runtime, v goja.Value, conv func(goja.Value) T) []T {
	if obj, ok := v.(*goja.Object); ok {
		if method := IterMethod(rt, obj); method != nil {
			var out []T
			ForOfMethod(rt, obj, method, func(x goja.Value) bool {
				out = append(out, conv(x))
				return true
			})
			return out
		}
	}
	return []T{conv(v)}
}
