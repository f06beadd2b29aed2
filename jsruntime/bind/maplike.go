package bind

import "github.com/dop251/goja"

// MapLike declares `maplike<K, V>`: the members forward to a backing Map
// object the implementation keeps, as Web IDL defines them, so iterating
// while the map changes behaves as a Map does.
// https://webidl.spec.whatwg.org/#es-maplike
type MapLike struct {
	// Backing returns this object's backing Map (made with Realm.NewMap).
	Backing func(r *Realm, this any) *goja.Object
	// Key converts the key argument of method (get, has, set or delete)
	// to the declared key type (nil: passed as it is). It may throw.
	Key func(r *Realm, v goja.Value, method string) goja.Value
	// Value converts the value argument of set (nil: passed as it is).
	Value func(r *Realm, v goja.Value) goja.Value
	// ReadOnly leaves out set, delete and clear (readonly maplike).
	ReadOnly bool
	// Set, Delete and Clear, when given, replace the default set, delete
	// and clear (an interface that declares them itself, or that checks
	// what is set); they receive converted arguments.
	Set    func(r *Realm, this any, backing *goja.Object, key, value goja.Value)
	Delete func(r *Realm, this any, backing *goja.Object, key goja.Value) bool
	Clear  func(r *Realm, this any, backing *goja.Object)
	// Changed, when set, is called after set, delete or clear.
	Changed func(r *Realm, this any)
	// SetReturnsUndefined makes set return undefined instead of the map,
	// for an interface that declares its own set operation returning
	// undefined (CSSFontFeatureValuesMap).
	SetReturnsUndefined bool
}

// NewMap makes an empty Map with the realm's original %Map%, for a
// maplike object's backing map.
func (r *Realm) NewMap() *goja.Object {
	r.maps.init(r.Runtime, "Map")
	o, err := r.Runtime.New(r.maps.ctor)
	if err != nil {
		panic(err)
	}
	return o
}

// MapSet is Map.prototype.set(k, v) on a backing map, whatever a script
// did to Map.prototype.
func (r *Realm) MapSet(m *goja.Object, k, v goja.Value) {
	r.maps.init(r.Runtime, "Map")
	if _, err := r.maps.set(m, k, v); err != nil {
		panic(err)
	}
}

// MapGet is Map.prototype.get(k) on a backing map.
func (r *Realm) MapGet(m *goja.Object, k goja.Value) goja.Value {
	r.maps.init(r.Runtime, "Map")
	v, err := r.maps.get(m, k)
	if err != nil {
		panic(err)
	}
	return v
}

// MapDelete is Map.prototype.delete(k) on a backing map.
func (r *Realm) MapDelete(m *goja.Object, k goja.Value) bool {
	r.maps.init(r.Runtime, "Map")
	v, err := r.maps.del(m, k)
	if err != nil {
		panic(err)
	}
	return v.ToBoolean()
}

// MapClear is Map.prototype.clear() on a backing map.
func (r *Realm) MapClear(m *goja.Object) {
	r.maps.init(r.Runtime, "Map")
	if _, err := r.maps.clear(m); err != nil {
		panic(err)
	}
}

// MapSize is the size of a backing map.
func (r *Realm) MapSize(m *goja.Object) int {
	r.maps.init(r.Runtime, "Map")
	v, err := r.maps.size(m)
	if err != nil {
		panic(err)
	}
	return int(v.ToInteger())
}

// MapEach calls f with each entry of a backing map, in its order, until f
// returns false.
func (r *Realm) MapEach(m *goja.Object, f func(k, v goja.Value) bool) {
	r.maps.init(r.Runtime, "Map")
	it, err := r.maps.entries(m)
	if err != nil {
		panic(err)
	}
	r.iterate(it, func(e goja.Value) bool {
		eo, ok := e.(*goja.Object)
		if !ok {
			return true
		}
		return f(eo.Get("0"), eo.Get("1"))
	})
}

// SetEach calls f with each value of a backing set, in its order, until
// f returns false.
func (r *Realm) SetEach(s *goja.Object, f func(v goja.Value) bool) {
	r.sets.init(r.Runtime, "Set")
	it, err := r.sets.values(s)
	if err != nil {
		panic(err)
	}
	r.iterate(it, f)
}

// iterate steps an iterator the collection's own next made.
func (r *Realm) iterate(it goja.Value, f func(goja.Value) bool) {
	io, ok := it.(*goja.Object)
	if !ok {
		return
	}
	next, ok := goja.AssertFunction(io.Get("next"))
	if !ok {
		return
	}
	for {
		res, err := next(io)
		if err != nil {
			panic(err)
		}
		ro, ok := res.(*goja.Object)
		if !ok || ro.Get("done").ToBoolean() {
			return
		}
		if !f(ro.Get("value")) {
			return
		}
	}
}

func (r *Realm) installMapLike(cls *Class, ml *MapLike) {
	rt := r.Runtime
	s := &r.maps
	s.init(rt, "Map")
	backing := func(this goja.Value) *goja.Object { return ml.Backing(r, r.this(this, cls)) }
	key := func(args []goja.Value, method string, need int) goja.Value {
		if len(args) < need {
			r.throwArgCount("execute '"+method+"' on '"+cls.decl.Name+"'", need, len(args))
		}
		if ml.Key != nil {
			return ml.Key(r, args[0], method)
		}
		return args[0]
	}
	def := r.installBackedReads(cls, s, backing, "entries")
	def("get", 1, func(c goja.FunctionCall) goja.Value {
		m := backing(c.This)
		return callBacked(s.get, m, key(c.Arguments, "get", 1))
	})
	def("has", 1, func(c goja.FunctionCall) goja.Value {
		m := backing(c.This)
		return callBacked(s.has, m, key(c.Arguments, "has", 1))
	})
	if ml.ReadOnly {
		return
	}
	changed := func(this goja.Value) {
		if ml.Changed != nil {
			ml.Changed(r, r.this(this, cls))
		}
	}
	def("set", 2, func(c goja.FunctionCall) goja.Value {
		impl := r.this(c.This, cls)
		m := ml.Backing(r, impl)
		k := key(c.Arguments, "set", 2)
		v := c.Arguments[1]
		if ml.Value != nil {
			v = ml.Value(r, v)
		}
		if ml.Set != nil {
			ml.Set(r, impl, m, k, v)
		} else {
			callBacked(s.set, m, k, v)
		}
		changed(c.This)
		if ml.SetReturnsUndefined {
			return goja.Undefined()
		}
		return c.This
	})
	def("delete", 1, func(c goja.FunctionCall) goja.Value {
		impl := r.this(c.This, cls)
		m := ml.Backing(r, impl)
		k := key(c.Arguments, "delete", 1)
		var res goja.Value
		if ml.Delete != nil {
			res = r.Runtime.ToValue(ml.Delete(r, impl, m, k))
		} else {
			res = callBacked(s.del, m, k)
		}
		changed(c.This)
		return res
	})
	def("clear", 0, func(c goja.FunctionCall) goja.Value {
		impl := r.this(c.This, cls)
		m := ml.Backing(r, impl)
		if ml.Clear != nil {
			ml.Clear(r, impl, m)
		} else {
			callBacked(s.clear, m)
		}
		changed(c.This)
		return goja.Undefined()
	})
}
