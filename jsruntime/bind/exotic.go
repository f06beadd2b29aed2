package bind

import (
	"strconv"

	"github.com/dop251/goja"
)

// Legacy platform objects (collections, NamedNodeMap, Storage, DOMStringMap,
// CSSStyleDeclaration...) are native goja proxies. Their target is an
// ordinary object whose prototype is the interface prototype; it holds what
// pages put on the wrapper that is not an index or a name (expandos,
// symbol-keyed properties, accessors, non-enumerable properties), none of
// which goja's dynamic objects can hold (Vue 3 keeps listeners under a
// symbol on the objects it touches). The traps implement the internal
// methods Web IDL gives legacy platform objects; symbol keys have no trap,
// so goja forwards them to the target with the proxy as receiver.
//
// The target is registered as a second wrapper of the same implementation:
// a string key the traps hand on to the target is read with the target as
// receiver (goja has no Go-level [[Get]] with a receiver), so accessors of
// the prototype (length, item...) see the target as this.
// https://webidl.spec.whatwg.org/#es-legacy-platform-objects

// newLegacyPlatformObject returns the proxy wrapper of impl.
func (r *Realm) newLegacyPlatformObject(impl any, cls *Class, proto *goja.Object) *goja.Object {
	t := r.Runtime.CreateObject(proto)
	r.defineUnforgeable(t, cls)
	if len(cls.unforgeable) > 0 {
		r.markOwn(t)
	}
	r.objs[t] = entry{impl, cls}
	return r.Runtime.ToValue(r.Runtime.NewProxy(t, cls.traps())).(*goja.Object)
}

// markOwn records that t may have own string-keyed properties, which the
// traps must then look for (most wrappers never get any).
func (r *Realm) markOwn(t *goja.Object) {
	if r.ownStrings == nil {
		r.ownStrings = make(map[*goja.Object]struct{})
	}
	r.ownStrings[t] = struct{}{}
}

// traps returns the class's proxy handler, made on first use and shared by
// all its wrappers (each trap finds the implementation from the target).
func (c *Class) traps() *goja.ProxyTrapConfig {
	if c.proxyTraps != nil {
		return c.proxyTraps
	}
	l := &legacyTraps{r: c.realm, cls: c, ex: c.exotic}
	// No *Idx traps: with one set, goja parses every string key as an
	// integer first and panics on the key "-" (dataset['-'] = 1).
	c.proxyTraps = &goja.ProxyTrapConfig{
		Get:                      l.get,
		Set:                      l.trapSet,
		Has:                      l.has,
		DeleteProperty:           l.deleteProperty,
		DefineProperty:           l.trapDefine,
		GetOwnPropertyDescriptor: l.getOwnPropertyDescriptor,
		OwnKeys:                  l.ownKeys,
		PreventExtensions:        func(*goja.Object) bool { return false },
	}
	return c.proxyTraps
}

type legacyTraps struct {
	r   *Realm
	cls *Class
	ex  *Exotic
}

func (l *legacyTraps) impl(t *goja.Object) any { return l.r.objs[t].impl }

// indexed reports whether key is an array index handled as one: on
// interfaces with a named deleter (Storage, DOMStringMap) "0" is a name.
func (l *legacyTraps) indexed(key string) bool {
	return l.ex.Get != nil && l.ex.Delete == nil && indexOf(key) >= 0
}

// claims reports whether the setter is asked about key: indices, and names
// that are not members of the prototype chain unless
// [LegacyOverrideBuiltIns] (as Chromium: localStorage.length = 1 reaches
// the length accessor, not setItem).
func (l *legacyTraps) claims(key string) bool {
	if l.ex.OverrideBuiltins || indexOf(key) >= 0 {
		return true
	}
	_, builtin := l.cls.protoNames()[key]
	return !builtin
}

// visibleName reports whether a named property key can be visible: not a
// member of the prototype chain (unless [LegacyOverrideBuiltIns]) and not
// an own property of the target.
// https://webidl.spec.whatwg.org/#dfn-named-property-visibility
func (l *legacyTraps) visibleName(t *goja.Object, key string) bool {
	if l.ex.Get == nil {
		return false
	}
	if !l.ex.OverrideBuiltins {
		if _, builtin := l.cls.protoNames()[key]; builtin {
			return false
		}
	}
	return !l.hasOwn(t, key)
}

// hasOwn reports whether the target has an own string-keyed property key.
func (l *legacyTraps) hasOwn(t *goja.Object, key string) bool {
	if _, ok := l.r.ownStrings[t]; !ok {
		return false
	}
	return !goja.IsUndefined(l.ownDescriptorValue(t, key))
}

func (l *legacyTraps) ownDescriptorValue(t *goja.Object, key string) goja.Value {
	gopd := l.r.intrinsics.getOwnPropertyDescriptor
	if gopd == nil {
		return goja.Undefined()
	}
	d, err := gopd(goja.Undefined(), t, JSString(l.r.Runtime, key))
	if err != nil || d == nil {
		return goja.Undefined()
	}
	return d
}

func orUndefined(v goja.Value) goja.Value {
	if v == nil {
		return goja.Undefined()
	}
	return v
}

// get is [[Get]]: LegacyPlatformObjectGetOwnProperty, then the target.
func (l *legacyTraps) get(t *goja.Object, key string, recv goja.Value) goja.Value {
	ex := l.ex
	if ex.Get != nil {
		switch {
		case l.indexed(key):
			if ex.Item != nil {
				if v := ex.Item(l.r, l.impl(t), indexOf(key)); v != nil {
					return v
				}
			} else if v := ex.Get(l.r, l.impl(t), key); v != nil {
				return v
			}
		case ex.OverrideBuiltins:
			if v := ex.Get(l.r, l.impl(t), key); v != nil && !l.hasOwn(t, key) {
				return v
			}
		default:
			// The target and the prototype chain first: own expandos and
			// members hide named properties.
			if v := l.forward(t, key, recv); v != nil {
				return v
			}
			if v := ex.Get(l.r, l.impl(t), key); v != nil {
				return v
			}
			return goja.Undefined()
		}
	}
	return orUndefined(l.forward(t, key, recv))
}

// forward reads key from the target: with the target as receiver when the
// read is of the wrapper itself, else (the wrapper is the prototype of
// another object) with the real receiver, so that a getter of the
// interface sees, and rejects, an object that is not a wrapper.
func (l *legacyTraps) forward(t *goja.Object, key string, recv goja.Value) goja.Value {
	if o, ok := recv.(*goja.Object); ok && o != t && l.r.intrinsics.reflectGet != nil {
		if _, wrapper := l.r.entryOf(o); !wrapper {
			v, err := l.r.intrinsics.reflectGet(goja.Undefined(), t, JSString(l.r.Runtime, key), o)
			if err != nil {
				panic(err)
			}
			return v
		}
	}
	return t.Get(key)
}

// set is [[Set]]: the named or indexed setter when the interface has one,
// else an ordinary set on the target (an index or a visible name without a
// setter is read-only).
// https://webidl.spec.whatwg.org/#legacy-platform-object-set
func (l *legacyTraps) set(t *goja.Object, key string, v, _ goja.Value) bool {
	ex := l.ex
	indexed := l.indexed(key)
	if ex.Set != nil && (ex.IndexedSetter || !indexed) && l.claims(key) && ex.Set(l.r, l.impl(t), key, v) {
		return true
	}
	if ex.Get != nil {
		if indexed {
			if !ex.IndexedSetter || ex.Get(l.r, l.impl(t), key) != nil {
				return false
			}
		} else if ex.Set == nil && l.visibleName(t, key) && ex.Get(l.r, l.impl(t), key) != nil {
			return false
		}
	}
	l.r.markOwn(t)
	if l.r.intrinsics.reflectSet == nil {
		return t.Set(key, v) == nil
	}
	// Reflect.set, not Object.Set: an exception an accessor's setter throws
	// (a read-only declaration's cssText) reaches the script, where
	// Object.Set's error meant only that the set failed.
	ok, err := l.r.intrinsics.reflectSet(goja.Undefined(), t, JSString(l.r.Runtime, key), v)
	if err != nil {
		panic(err)
	}
	return ok.ToBoolean()
}

func (l *legacyTraps) has(t *goja.Object, key string) bool {
	if l.ex.Get != nil && l.ex.Get(l.r, l.impl(t), key) != nil {
		return true
	}
	return l.r.reflectHas(t, JSString(l.r.Runtime, key))
}

// deleteProperty is [[Delete]]: supported indices and visible names
// without a deleter cannot be deleted.
// https://webidl.spec.whatwg.org/#legacy-platform-object-delete
func (l *legacyTraps) deleteProperty(t *goja.Object, key string) bool {
	ex := l.ex
	if ex.Get != nil {
		if l.indexed(key) {
			return ex.Get(l.r, l.impl(t), key) == nil
		}
		if l.visibleName(t, key) {
			if ex.Delete != nil {
				if ex.Delete(l.r, l.impl(t), key) {
					return true
				}
			} else if ex.Get(l.r, l.impl(t), key) != nil {
				return false
			}
		}
	}
	return t.Delete(key) == nil
}

// defineProperty is [[DefineOwnProperty]]: an index or a name goes to the
// setter when the interface has one (data descriptors only) and fails when
// it has none; other keys are defined on the target.
// https://webidl.spec.whatwg.org/#legacy-platform-object-defineownproperty
func (l *legacyTraps) defineProperty(t *goja.Object, key string, d goja.PropertyDescriptor) bool {
	ex := l.ex
	if ex.Get != nil {
		if l.indexed(key) {
			if !ex.IndexedSetter || d.IsAccessor() {
				return false
			}
			return ex.Set(l.r, l.impl(t), key, orUndefined(d.Value))
		}
		if ex.OverrideBuiltins || !l.hasOwn(t, key) {
			if ex.Set != nil && l.claims(key) {
				// A named setter takes data and generic descriptors
				// (Chromium stores "undefined" for the latter) and
				// refuses accessors.
				if d.IsAccessor() {
					if ex.Get(l.r, l.impl(t), key) != nil || ex.Delete != nil {
						return false
					}
				} else if ex.Set(l.r, l.impl(t), key, orUndefined(d.Value)) {
					return true
				}
			} else if l.visibleName(t, key) && ex.Get(l.r, l.impl(t), key) != nil {
				return false
			}
		}
	}
	l.r.markOwn(t)
	var err error
	if d.IsAccessor() {
		// goja's proxy invariant check rejects a non-configurable accessor
		// reported with its own getter (an inverted SameAs): an accessor
		// that does not ask for configurable: false is made configurable,
		// so that it can be read back through the proxy.
		c := d.Configurable
		if c == goja.FLAG_NOT_SET {
			c = goja.FLAG_TRUE
		}
		err = t.DefineAccessorProperty(key, d.Getter, d.Setter, c, d.Enumerable)
	} else {
		err = t.DefineDataProperty(key, d.Value, d.Writable, d.Configurable, d.Enumerable)
	}
	return err == nil
}

// getOwnPropertyDescriptor is LegacyPlatformObjectGetOwnProperty: indices
// are enumerable and writable only with an indexed setter; names are
// writable with a named setter and not enumerable on interfaces with
// [LegacyUnenumerableNamedProperties]; both are configurable.
// https://webidl.spec.whatwg.org/#LegacyPlatformObjectGetOwnProperty
func (l *legacyTraps) getOwnPropertyDescriptor(t *goja.Object, key string) goja.PropertyDescriptor {
	ex := l.ex
	if ex.Get != nil {
		if l.indexed(key) {
			if v := ex.Get(l.r, l.impl(t), key); v != nil {
				return l.descriptor(v, ex.IndexedSetter, true)
			}
		} else if (ex.Delete != nil || l.visibleName(t, key)) && (ex.OverrideBuiltins || !l.hasOwn(t, key)) {
			// On interfaces with a named deleter (Storage) a name that is
			// also a member of the prototype chain is still described
			// (Chromium: Object.keys(localStorage) lists an item named
			// "getItem"); on collections it is not (but still listed).
			if v := ex.Get(l.r, l.impl(t), key); v != nil {
				return l.descriptor(v, ex.Set != nil, !ex.UnenumerableNames)
			}
		}
	}
	if _, ok := l.r.ownStrings[t]; !ok {
		return goja.PropertyDescriptor{}
	}
	return l.r.toPropertyDescriptor(l.ownDescriptorValue(t, key))
}

func (l *legacyTraps) descriptor(v goja.Value, writable, enumerable bool) goja.PropertyDescriptor {
	return goja.PropertyDescriptor{Value: v, Writable: flag(writable), Enumerable: flag(enumerable), Configurable: goja.FLAG_TRUE}
}

func flag(b bool) goja.Flag {
	if b {
		return goja.FLAG_TRUE
	}
	return goja.FLAG_FALSE
}

// ownKeys is [[OwnPropertyKeys]]: the supported indices, the target's own
// string keys, the visible names, then the target's symbols (Chromium lists
// expandos before names; Web IDL puts names first).
// https://webidl.spec.whatwg.org/#legacy-platform-object-ownpropertykeys
func (l *legacyTraps) ownKeys(t *goja.Object) *goja.Object {
	rt := l.r.Runtime
	var own []goja.Value
	if l.r.intrinsics.reflectOwnKeys != nil {
		if v, err := l.r.intrinsics.reflectOwnKeys(goja.Undefined(), t); err == nil {
			if arr, ok := v.(*goja.Object); ok {
				n := int(arr.Get("length").ToInteger())
				own = make([]goja.Value, n)
				for i := range own {
					own[i] = arr.Get(strconv.Itoa(i))
				}
			}
		}
	}
	nsym := 0
	for nsym < len(own) {
		if _, ok := own[len(own)-1-nsym].(*goja.Symbol); !ok {
			break
		}
		nsym++
	}
	strs, syms := own[:len(own)-nsym], own[len(own)-nsym:]
	var names []string
	if l.ex.Keys != nil {
		names = l.ex.Keys(l.r, l.impl(t))
	}
	keys := make([]any, 0, len(names)+len(own))
	for _, k := range names {
		if l.indexed(k) {
			keys = append(keys, JSString(rt, k))
		}
	}
	for _, k := range strs {
		keys = append(keys, k)
	}
	_, hasOwnStrings := l.r.ownStrings[t]
	for _, k := range names {
		if l.indexed(k) {
			continue
		}
		if hasOwnStrings && l.hasOwn(t, k) {
			continue
		}
		keys = append(keys, JSString(rt, k))
	}
	for _, k := range syms {
		keys = append(keys, k)
	}
	return rt.NewArray(keys...)
}

// reflectHas is Reflect.has(t, key), for keys the traps do not answer.
func (r *Realm) reflectHas(t *goja.Object, key goja.Value) bool {
	if r.intrinsics.reflectHas == nil {
		return t.Get(key.String()) != nil
	}
	v, err := r.intrinsics.reflectHas(goja.Undefined(), t, key)
	return err == nil && v.ToBoolean()
}

// toPropertyDescriptor converts a descriptor object (as returned by
// Object.getOwnPropertyDescriptor) to a goja.PropertyDescriptor; undefined
// gives the empty descriptor.
func (r *Realm) toPropertyDescriptor(v goja.Value) goja.PropertyDescriptor {
	var d goja.PropertyDescriptor
	o, ok := v.(*goja.Object)
	if !ok {
		return d
	}
	b := func(name string) goja.Flag {
		f := o.Get(name)
		if f == nil {
			return goja.FLAG_NOT_SET
		}
		return flag(f.ToBoolean())
	}
	if get, set := o.Get("get"), o.Get("set"); get != nil || set != nil {
		d.Getter, d.Setter = get, set
	} else {
		d.Value = o.Get("value")
		d.Writable = b("writable")
	}
	d.Enumerable = b("enumerable")
	d.Configurable = b("configurable")
	return d
}
