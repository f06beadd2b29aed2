package bind

import (
	"runtime"

	"github.com/dop251/goja"
)

// What a member's Go function throws (a JavaScript exception, goja's
// uncatchable call stack overflow or interrupt) is recovered where the
// member returns to goja and thrown again from there, once the Go stack
// above has been unwound.
//
// goja catches a throw where JavaScript called from Go returns (a getter,
// a toString or valueOf that a conversion calls, a callback) and, when
// that JavaScript does not catch it, throws it on from inside the deferred
// function that caught it, before the Go stack of the deeper calls is
// unwound. Each such throw walks the whole Go stack left above it, so a
// recursion through conversions (new URL({toString() { return new
// URL(this) }}), new SharedWorker(o), setAttribute, createElement,
// style.color = o, dispatchEvent from a listener) that overflows at depth
// n took time in n², 10 to 30 s at goja's 10,000 frames, in which no
// interrupt stops the page. Recovering at each member's boundary and
// throwing again from a normal frame makes each level unwind only its own
// frames: linear, well under a second.
//
// The helpers take the member's function and its arguments, so that the
// closures of the members allocate nothing more. A Go runtime error (a
// bug) is thrown on from the deferred function, keeping its stack for the
// report.

func callOperation(f Func, r *Realm, this any, args []goja.Value) (v goja.Value, thrown any) {
	defer func() {
		if thrown = recover(); thrown != nil {
			rethrowBug(thrown)
		}
	}()
	return f(r, this, args), nil
}

func callNative(f func(goja.FunctionCall) goja.Value, call goja.FunctionCall) (v goja.Value, thrown any) {
	defer func() {
		if thrown = recover(); thrown != nil {
			rethrowBug(thrown)
		}
	}()
	return f(call), nil
}

func callGetter(f Getter, r *Realm, this any) (v goja.Value, thrown any) {
	defer func() {
		if thrown = recover(); thrown != nil {
			rethrowBug(thrown)
		}
	}()
	return f(r, this), nil
}

func callSetter(f Setter, r *Realm, this any, v goja.Value) (thrown any) {
	defer func() {
		if thrown = recover(); thrown != nil {
			rethrowBug(thrown)
		}
	}()
	f(r, this, v)
	return nil
}

func construct(f Constructor, r *Realm, args []goja.Value, newTarget *goja.Object) (impl any, thrown any) {
	defer func() {
		if thrown = recover(); thrown != nil {
			rethrowBug(thrown)
		}
	}()
	return f(r, args, newTarget), nil
}

// trapSet and trapDefine run the set and defineProperty traps of legacy
// platform objects the same way: they convert the value (style.color = o
// calls o.toString). The get trap, run for every property read, converts
// nothing and is left as it is.
func (l *legacyTraps) trapSet(t *goja.Object, key string, v, recv goja.Value) bool {
	ok, thrown := l.catchSet(t, key, v, recv)
	if thrown != nil {
		panic(thrown)
	}
	return ok
}

func (l *legacyTraps) catchSet(t *goja.Object, key string, v, recv goja.Value) (ok bool, thrown any) {
	defer func() {
		if thrown = recover(); thrown != nil {
			rethrowBug(thrown)
		}
	}()
	return l.set(t, key, v, recv), nil
}

func (l *legacyTraps) trapDefine(t *goja.Object, key string, d goja.PropertyDescriptor) bool {
	ok, thrown := l.catchDefine(t, key, d)
	if thrown != nil {
		panic(thrown)
	}
	return ok
}

func (l *legacyTraps) catchDefine(t *goja.Object, key string, d goja.PropertyDescriptor) (ok bool, thrown any) {
	defer func() {
		if thrown = recover(); thrown != nil {
			rethrowBug(thrown)
		}
	}()
	return l.defineProperty(t, key, d), nil
}

// rethrowBug throws a Go runtime error on at once, from the deferred
// function that recovered it, so that its stack stays that of the bug.
func rethrowBug(thrown any) {
	if _, bug := thrown.(runtime.Error); bug {
		panic(thrown)
	}
}

// Operation runs f as the body of the operation name of interface iface,
// for operations made outside Install (fetch, a window's functions made
// by hand): what f throws gets the context the bindings give their own
// operations' exceptions ("Failed to execute 'fetch' on 'Window': " before
// a conversion's TypeError or RangeError, or before the message of a
// DOMException just thrown), and is thrown on.
func (r *Realm) Operation(iface, name string, f func()) {
	defer func() {
		if x := recover(); x != nil {
			rethrowBug(x)
			panic(r.contextualize(x, "execute '", name, "' on '", iface))
		}
	}()
	f()
}
