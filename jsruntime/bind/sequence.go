package bind

import "github.com/dop251/goja"

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
		panic(rt.NewTypeError("Symbol.iterator is not a function"))
	}
	return f
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
		panic(rt.NewTypeError("Result of the Symbol.iterator method is not an object"))
	}
	next, ok := goja.AssertFunction(it.Get("next"))
	if !ok {
		panic(rt.NewTypeError("The iterator's next is not a function"))
	}
	for {
		rv, err := next(it)
		if err != nil {
			panic(err)
		}
		res, ok := rv.(*goja.Object)
		if !ok {
			panic(rt.NewTypeError("Iterator result %s is not an object", rv.String()))
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
