package bind

import "github.com/dop251/goja"

// SetLike declares `setlike<T>`: the members forward to a backing Set
// object the implementation keeps, as Web IDL defines them, so iterating
// while the set changes behaves as a Set does.
// https://webidl.spec.whatwg.org/#es-setlike
type SetLike struct {
	// Backing returns this object's backing Set (made with Realm.NewSet).
	Backing func(r *Realm, this any) *goja.Object
	// Convert converts the argument of method (has, add or delete) to the
	// declared type (nil: passed as it is). It may throw.
	Convert func(r *Realm, v goja.Value, method string) goja.Value
	// ReadOnly leaves out add, delete and clear (readonly setlike).
	ReadOnly bool
	// Changed, when set, is called after add, delete or clear.
	Changed func(r *Realm, this any)
	// AddReturnsUndefined makes add return undefined instead of the
	// object, as Chromium's CustomStateSet does.
	AddReturnsUndefined bool
	// Kept, when set, tells the values delete and clear leave in the set
	// (delete returns false for them), as document.fonts keeps the faces
	// of @font-face rules.
	Kept func(r *Realm, this any, v goja.Value) bool
}

// collIntrinsics are %Set% or %Map% and the prototype members setlike
// and maplike forward to, read on first use (when the first such
// interface is installed or its first backing object made), not with every
// realm.
type collIntrinsics struct {
	ready                                       bool
	ctor                                        *goja.Object
	size                                        goja.Callable
	has, add, del, clear, entries, values, keys goja.Callable
	forEach                                     goja.Callable
	// get and set are Map's (add is Set's).
	get, set goja.Callable
}

// setIntrinsics are Set's; mapIntrinsics Map's.
type (
	setIntrinsics = collIntrinsics
	mapIntrinsics = collIntrinsics
)

// init reads global constructor name ("Set" or "Map") and its prototype.
func (s *collIntrinsics) init(rt *goja.Runtime, name string) {
	if s.ready {
		return
	}
	s.ready = true
	c, ok := rt.GlobalObject().Get(name).(*goja.Object)
	if !ok {
		return
	}
	p, ok := c.Get("prototype").(*goja.Object)
	if !ok {
		return
	}
	s.ctor = c
	fn := func(name string) goja.Callable { f, _ := goja.AssertFunction(p.Get(name)); return f }
	s.has, s.add, s.del, s.clear = fn("has"), fn("add"), fn("delete"), fn("clear")
	s.entries, s.values, s.keys, s.forEach = fn("entries"), fn("values"), fn("keys"), fn("forEach")
	s.get, s.set = fn("get"), fn("set")
	if oc, ok := rt.GlobalObject().Get("Object").(*goja.Object); ok {
		if gopd, ok := goja.AssertFunction(oc.Get("getOwnPropertyDescriptor")); ok {
			if d, err := gopd(oc, p, rt.ToValue("size")); err == nil {
				if do, ok := d.(*goja.Object); ok {
					s.size, _ = goja.AssertFunction(do.Get("get"))
				}
			}
		}
	}
}

// NewSet makes an empty Set with the realm's original %Set%, for a
// setlike object's backing set.
func (r *Realm) NewSet() *goja.Object {
	r.sets.init(r.Runtime, "Set")
	o, err := r.Runtime.New(r.sets.ctor)
	if err != nil {
		panic(err)
	}
	return o
}

// SetHas is Set.prototype.has(v) on a backing set, whatever a script did
// to Set.prototype.
func (r *Realm) SetHas(set *goja.Object, v goja.Value) bool {
	res, err := r.sets.has(set, v)
	return err == nil && res.ToBoolean()
}

func (r *Realm) installSetLike(cls *Class, sl *SetLike) {
	rt := r.Runtime
	s := &r.sets
	s.init(rt, "Set")
	backing := func(this goja.Value) *goja.Object { return sl.Backing(r, r.this(this, cls)) }
	arg := func(args []goja.Value, method string) goja.Value {
		if len(args) < 1 {
			r.throwArgCount("execute '"+method+"' on '"+cls.decl.Name+"'", 1, len(args))
		}
		if sl.Convert != nil {
			return sl.Convert(r, args[0], method)
		}
		return args[0]
	}
	def := r.installBackedReads(cls, s, backing, "values")
	def("has", 1, func(c goja.FunctionCall) goja.Value {
		set := backing(c.This)
		return callBacked(s.has, set, arg(c.Arguments, "has"))
	})
	if sl.ReadOnly {
		return
	}
	changed := func(this goja.Value) {
		if sl.Changed != nil {
			sl.Changed(r, r.this(this, cls))
		}
	}
	def("add", 1, func(c goja.FunctionCall) goja.Value {
		set := backing(c.This)
		callBacked(s.add, set, arg(c.Arguments, "add"))
		changed(c.This)
		if sl.AddReturnsUndefined {
			return goja.Undefined()
		}
		return c.This
	})
	def("delete", 1, func(c goja.FunctionCall) goja.Value {
		set := backing(c.This)
		v := arg(c.Arguments, "delete")
		if sl.Kept != nil && sl.Kept(r, r.this(c.This, cls), v) {
			return rt.ToValue(false)
		}
		res := callBacked(s.del, set, v)
		changed(c.This)
		return res
	})
	def("clear", 0, func(c goja.FunctionCall) goja.Value {
		set := backing(c.This)
		var kept []goja.Value
		if sl.Kept != nil {
			this := r.this(c.This, cls)
			rt.ForOf(callBacked(s.values, set), func(v goja.Value) bool {
				if sl.Kept(r, this, v) {
					kept = append(kept, v)
				}
				return true
			})
		}
		callBacked(s.clear, set)
		for _, v := range kept {
			callBacked(s.add, set, v)
		}
		changed(c.This)
		return goja.Undefined()
	})
}

// SetClear is Set.prototype.clear() on a backing set, whatever a script
// did to Set.prototype.
func (r *Realm) SetClear(set *goja.Object) {
	r.sets.init(r.Runtime, "Set")
	if _, err := r.sets.clear(set); err != nil {
		panic(err)
	}
}

// SetAdd is Set.prototype.add(v) on a backing set, whatever a script did
// to Set.prototype.
func (r *Realm) SetAdd(set *goja.Object, v goja.Value) {
	r.sets.init(r.Runtime, "Set")
	if _, err := r.sets.add(set, v); err != nil {
		panic(err)
	}
}

// backedForEach is the forEach of a setlike or maplike: the original
// forEach of its backing Set or Map, calling the callback with the
// platform object (not the backing collection) as its third argument.
// https://webidl.spec.whatwg.org/#es-forEach
func (r *Realm) backedForEach(cls *Class, forEach goja.Callable, backing *goja.Object, c goja.FunctionCall) goja.Value {
	rt := r.Runtime
	cb, ok := goja.AssertFunction(Arg(c.Arguments, 0))
	if !ok {
		panic(rt.NewTypeError("Failed to execute 'forEach' on '%s': The callback provided as parameter 1 is not a function.", cls.decl.Name))
	}
	thisArg, self := Arg(c.Arguments, 1), c.This
	wrapper := rt.ToValue(func(w goja.FunctionCall) goja.Value {
		v, err := cb(thisArg, Arg(w.Arguments, 0), Arg(w.Arguments, 1), self)
		if err != nil {
			panic(err)
		}
		return v
	})
	v, err := forEach(backing, wrapper)
	if err != nil {
		panic(err)
	}
	return v
}

// installBackedReads defines what setlike and maplike declarations share
// on cls's prototype, each forwarding to the realm's original Set or Map
// function s holds on the backing object: the size getter, entries, keys,
// values, forEach, and @@iterator as the same function as the member
// named iter ("values" for a setlike, "entries" for a maplike). It returns
// the function that defines the rest of the declaration's methods.
func (r *Realm) installBackedReads(cls *Class, s *collIntrinsics, backing func(goja.Value) *goja.Object, iter string) func(string, int, func(goja.FunctionCall) goja.Value) *goja.Object {
	def := func(name string, length int, f func(call goja.FunctionCall) goja.Value) *goja.Object {
		fn := r.newFunc(f, name, length)
		cls.proto.DefineDataProperty(name, fn, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		return fn
	}
	size := r.newFunc(func(c goja.FunctionCall) goja.Value { return callBacked(s.size, backing(c.This)) }, "get size", 0)
	cls.proto.DefineAccessorProperty("size", size, nil, goja.FLAG_TRUE, goja.FLAG_TRUE)
	iterator := def("entries", 0, func(c goja.FunctionCall) goja.Value { return callBacked(s.entries, backing(c.This)) })
	def("keys", 0, func(c goja.FunctionCall) goja.Value { return callBacked(s.keys, backing(c.This)) })
	values := def("values", 0, func(c goja.FunctionCall) goja.Value { return callBacked(s.values, backing(c.This)) })
	if iter == "values" {
		iterator = values
	}
	cls.proto.DefineDataPropertySymbol(goja.SymIterator, iterator, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	def("forEach", 1, func(c goja.FunctionCall) goja.Value {
		return r.backedForEach(cls, s.forEach, backing(c.This), c)
	})
	return def
}

// callBacked calls f, one of the realm's original Set or Map functions,
// on a backing object, throwing what it throws.
func callBacked(f goja.Callable, o *goja.Object, args ...goja.Value) goja.Value {
	v, err := f(o, args...)
	if err != nil {
		panic(err)
	}
	return v
}
