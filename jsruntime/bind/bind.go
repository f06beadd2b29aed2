// Package bind installs Web IDL interfaces into a goja runtime from Go
// declarations, in the manner of jsdom's generated wrappers: each interface
// is declared once as a table (name, parent, constructor, constants,
// attributes, operations, iteration) and one generic mechanism turns it into
// a JavaScript constructor and prototype whose accessors and methods call
// plain Go functions with the unwrapped receiver.
//
// A wrapper is one ordinary goja object whose prototype is the interface
// prototype, so scripts can add properties to it, patch prototypes, and use
// instanceof. A Realm keeps the two-way mapping between Go implementation
// values and their wrappers without reflection.
//
// https://webidl.spec.whatwg.org/#es-interfaces
//
// Package bind must never import dom, loop, net/http or any other bangsnap
// package: it is the generic layer under jsruntime and jsruntime/webapi.
package bind

import (
	"fmt"

	"github.com/dop251/goja"
)

// A Getter returns the value of an attribute of this, the unwrapped
// implementation value of the receiver.
type Getter func(r *Realm, this any) goja.Value

// A Setter sets an attribute of this to v.
type Setter func(r *Realm, this any, v goja.Value)

// A Func implements an operation on this. args are the call's arguments;
// implementations must not keep args after returning. Throw with the
// Realm's Throw helpers.
type Func func(r *Realm, this any, args []goja.Value) goja.Value

// A Constant is a Web IDL constant, defined on both the interface object
// and the interface prototype.
// https://webidl.spec.whatwg.org/#es-constants
type Constant struct {
	Name  string
	Value int64
}

// An Attribute is a regular Web IDL attribute, installed as an accessor
// property on the interface prototype (or the interface object when static).
// A nil Set makes the attribute readonly.
// https://webidl.spec.whatwg.org/#es-attributes
type Attribute struct {
	Name string
	Get  Getter
	Set  Setter
	// Unscopable ([Unscopable]) lists the attribute in the prototype's
	// Symbol.unscopables object, keeping it out of `with` scopes.
	// https://webidl.spec.whatwg.org/#Unscopable
	Unscopable bool
	// LenientThis ([LegacyLenientThis]) makes the getter return undefined,
	// and the setter do nothing, for a this that does not implement the
	// interface, instead of throwing (onmouseenter, onmouseleave).
	// https://webidl.spec.whatwg.org/#LegacyLenientThis
	LenientThis bool
	// Replaceable ([Replaceable]) gives a readonly attribute (nil Set) a
	// setter that defines an own data property of that name on the
	// receiver, shadowing the attribute (window.length = 5).
	// https://webidl.spec.whatwg.org/#Replaceable
	Replaceable bool
	// Promise marks an attribute whose type is a promise: read on a this
	// that does not implement the interface it returns a promise rejected
	// with a TypeError instead of throwing.
	// https://webidl.spec.whatwg.org/#dfn-attribute-getter (step 1.1.2)
	Promise bool
	// PutForwards ([PutForwards=id]) gives a readonly attribute (nil Set) a
	// setter that reads the attribute through the receiver, as scripts
	// would, and assigns the value to that object's id property
	// (element.style = v sets element.style.cssText): a getter or a target
	// a script put in their place is used, and what they throw propagates.
	// https://webidl.spec.whatwg.org/#PutForwards
	PutForwards string
}

// A Method is a Web IDL regular operation. Length is the number of required
// arguments: calls with fewer throw a TypeError before Fn runs, and it is the
// function's length property.
// https://webidl.spec.whatwg.org/#es-operations
type Method struct {
	Name   string
	Length int
	Fn     Func
	// Unscopable ([Unscopable]) lists the operation in the prototype's
	// Symbol.unscopables object (ChildNode.remove, ParentNode.append...).
	// https://webidl.spec.whatwg.org/#Unscopable
	Unscopable bool
	// Promise marks an operation that returns a promise: what it would
	// throw (a wrong this, too few arguments, an error of Fn) is returned
	// as a rejected promise instead.
	// https://webidl.spec.whatwg.org/#dfn-create-operation-function
	Promise bool
}

// A Constructor builds the implementation value for `new Interface(...args)`.
// It returns the implementation; the mechanism binds it to the new object
// (whose prototype honours subclassing through new.target). Returning a
// *goja.Object instead uses that object as the result unchanged.
type Constructor func(r *Realm, args []goja.Value, newTarget *goja.Object) any

// ValueIterable declares `iterable<V>` on an interface that also has
// indexed properties (length plus [i]): Symbol.iterator, entries, keys,
// values and forEach are those of Array.prototype, as Web IDL says.
// https://webidl.spec.whatwg.org/#es-iterable
type ValueIterable struct{}

// PairIterable declares `iterable<K, V>`: Len and At are read afresh at
// every step, so iteration sees changes made while iterating.
// https://webidl.spec.whatwg.org/#es-default-iterator-object
type PairIterable struct {
	Len func(r *Realm, this any) int
	At  func(r *Realm, this any, i int) (key, value goja.Value)
}

// Exotic gives an interface's wrappers indexed and/or named properties
// (NodeList[0], dataset.fooBar, localStorage.key): its wrappers are legacy platform
// objects, made as goja proxies over an ordinary object that keeps the
// properties the hooks do not claim (expandos, symbol-keyed properties,
// accessors), see exotic.go.
//
// An interface with a Delete hook (a named deleter: Storage, DOMStringMap)
// has named properties only: "0" is a name there. Otherwise an array index
// key is an indexed property, read-only unless IndexedSetter.
// https://webidl.spec.whatwg.org/#es-legacy-platform-objects
type Exotic struct {
	// Get returns the value of key, or nil when key is not a supported
	// property name or index (lookup then continues on the prototype).
	Get func(r *Realm, this any, key string) goja.Value
	// Item, when set, is Get for an array index i (collection[i] without
	// formatting i), on interfaces without a Delete hook.
	Item func(r *Realm, this any, i int) goja.Value
	// Set stores v under key and reports whether it claimed the key: it is
	// the named and/or indexed setter, asked about indices and about names
	// the prototype chain lacks (all names with OverrideBuiltins). A nil
	// Set, or one returning false, makes key an expando property.
	Set func(r *Realm, this any, key string, v goja.Value) bool
	// Delete removes key and reports whether it claimed the key.
	Delete func(r *Realm, this any, key string) bool
	// IndexedSetter says Set handles array indices (HTMLOptionsCollection):
	// without it indices are read-only.
	IndexedSetter bool
	// UnenumerableNames is [LegacyUnenumerableNamedProperties]: the named
	// properties are own properties that are not enumerable.
	// https://webidl.spec.whatwg.org/#LegacyUnenumerableNamedProperties
	UnenumerableNames bool
	// OverrideBuiltins lets Get shadow names defined on the prototype
	// chain ([LegacyOverrideBuiltIns], as on DOMStringMap). Without it
	// Get is only asked about indices and names the prototypes lack.
	OverrideBuiltins bool
	// Keys lists the supported property names and indices, in order.
	Keys func(r *Realm, this any) []string
}

// An Interface declares one Web IDL interface. Declarations are plain data,
// shared by every Realm; install them with Realm.Install.
type Interface struct {
	// Name is the interface name: the global property, the constructor's
	// name and the prototype's Symbol.toStringTag.
	Name string
	// Parent names the inherited interface. A name that is not a
	// declared interface is looked up as a global constructor (e.g.
	// "Error" for DOMException). Empty means Object.
	Parent string
	// Constructor is nil for interfaces without one: calling or
	// constructing them throws TypeError("Failed to construct 'Name': Illegal
	// constructor").
	Constructor Constructor
	// CtorLength is the constructor's length (required arguments).
	CtorLength int

	Constants  []Constant
	Attributes []Attribute
	Methods    []Method
	// OpsInOrder keeps Methods in the order given on the prototype, where
	// they are otherwise sorted by name as Chromium's bindings install
	// them: Chromium installs the canvas interfaces' fast-API operations
	// after the others, an order their declarations give.
	OpsInOrder bool
	// Mixins are included member lists (ParentNode, ChildNode,
	// GlobalEventHandlers...), installed as if declared here.
	Mixins []*Mixin

	// Unforgeable members ([LegacyUnforgeable]) are defined as own,
	// non-configurable properties of every instance instead of on the
	// prototype (Event.isTrusted, the members of Location).
	// https://webidl.spec.whatwg.org/#LegacyUnforgeable
	Unforgeable *Mixin

	StaticAttributes []Attribute
	StaticMethods    []Method

	// IndexedIterator gives an interface with an indexed property getter
	// but no iterable declaration (HTMLCollection, NamedNodeMap) its
	// Symbol.iterator, Array.prototype.values, and nothing else.
	// https://webidl.spec.whatwg.org/#define-the-iteration-methods
	IndexedIterator bool

	// At most one of ValueIterable and PairIterable.
	ValueIterable *ValueIterable
	PairIterable  *PairIterable
	// SetLike declares setlike<T> (setlike.go).
	SetLike *SetLike
	// MapLike declares maplike<K, V> (maplike.go).
	MapLike *MapLike

	// Exotic, when set, makes wrappers of this interface (and of
	// interfaces inheriting it) dynamic objects with indexed/named
	// properties.
	Exotic *Exotic

	// Slot, when set, gives the field where an implementation value keeps
	// its wrapper (a dom node's binding slot), so impl -> wrapper is a field
	// read instead of a map lookup. Inherited by derived interfaces.
	Slot func(impl any) *any

	// Weak keeps the wrappers of this interface (and of interfaces
	// inheriting it) alive only as long as something references them, and
	// their implementations as long as the wrappers (weak.go): for values
	// that only script hands on once made (events, exceptions), which would
	// otherwise stay in the realm's maps for the life of the page. Go code
	// that wraps such a value again after the task that made its wrapper
	// gets a new wrapper when script has dropped the old one (its
	// expandos are gone with it). Not for interfaces with a Slot or
	// Exotic.
	Weak bool

	// CallbackInterface marks a callback interface with constants
	// (NodeFilter): its interface object is a legacy callback interface
	// object, a plain function that throws when called, is no constructor
	// and has the constants but no prototype property. Only Name and
	// Constants are used.
	// https://webidl.spec.whatwg.org/#legacy-callback-interface-object
	CallbackInterface bool

	// NoInterfaceObject keeps the constructor off the global object
	// (e.g. WindowProperties).
	NoInterfaceObject bool

	// Global marks a [Global] interface (Window): its constants,
	// attributes and operations, its mixins' included, are own properties
	// of the Install target instead of the prototype, defined after every
	// other interface of the same Install call. The prototype keeps only
	// constructor and Symbol.toStringTag.
	// https://webidl.spec.whatwg.org/#Global
	Global bool
}

// A Mixin is a named list of members included by several interfaces.
// https://webidl.spec.whatwg.org/#idl-interface-mixins
type Mixin struct {
	Name       string
	Constants  []Constant
	Attributes []Attribute
	Methods    []Method
}

// A Class is an Interface installed in one Realm. Its objects are made on
// first use (see Realm.Install): read proto and ctor only after
// materialize, or through Prototype and Constructor.
type Class struct {
	decl   *Interface
	realm  *Realm
	proto  *goja.Object
	ctor   *goja.Object
	parent *Class
	// outerProto is the parent's prototype when it is not a declared
	// interface but a global constructor (Error for DOMException).
	outerProto *goja.Object
	// ready is set once materialize has made proto, ctor and members.
	ready bool
	// lazy is the placeholder of the interface object's global property
	// (see lazy.go), nil when there is none; it points at placeholder,
	// held here so that a declared class costs one allocation.
	lazy        *lazyProp
	placeholder lazyProp
	// chain[i] is this class's ancestor at depth i; chain[depth] == self.
	// It is made on first use (getChain), most classes never need it.
	chain  []*Class
	exotic *Exotic
	slotFn func(impl any) *any
	// weak: the wrappers are weak (Interface.Weak, weak.go).
	weak bool
	// pairEntries, pairIterProto and pairNext are a pair iterable's
	// intrinsic @@iterator, iterator prototype and its next (see
	// DefaultPairIteration).
	pairEntries, pairIterProto, pairNext *goja.Object
	// unforgeable holds the shared accessor/method functions defined on
	// each instance (getter, setter or method per member, in order).
	unforgeable []unforgeableProp
	// names holds the property names the prototype chain defines (for
	// named properties that must not shadow them).
	names map[string]struct{}
	// proxyTraps is the handler shared by the class's legacy platform
	// objects (exotic.go), made on first use.
	proxyTraps *goja.ProxyTrapConfig
	// made holds the OnMaterialize functions still to run.
	made []func(proto *goja.Object)
}

// OnMaterialize runs f with the interface prototype object once the class
// is made (see Realm.Install), at once if it already is: for what a
// window adds to or removes from a prototype after Install (aliases,
// members a configuration leaves out) without making the class on every
// page. f runs after the class's own members are installed and before
// any subclass is made, on the runtime's goroutine.
func (c *Class) OnMaterialize(f func(proto *goja.Object)) {
	if c.ready {
		f(c.proto)
		return
	}
	c.made = append(c.made, f)
}

type unforgeableProp struct {
	name           string
	get, set, meth goja.Value
}

func (c *Class) slot(impl any) *any {
	if c.slotFn == nil {
		return nil
	}
	return c.slotFn(impl)
}

// Name is the interface name.
func (c *Class) Name() string { return c.decl.Name }

// Prototype is the interface prototype object (nil for a callback
// interface).
func (c *Class) Prototype() *goja.Object {
	if !c.ready {
		c.realm.materialize(c)
	}
	return c.proto
}

// Constructor is the interface object.
func (c *Class) Constructor() *goja.Object {
	if !c.ready {
		c.realm.materialize(c)
	}
	return c.ctor
}

// Parent is the inherited class, or nil.
func (c *Class) Parent() *Class { return c.parent }

// DefaultPairIteration reports whether iterating obj, a wrapper of this
// pair iterable interface, runs the interface's own iteration: its
// @@iterator is the intrinsic entries function and the iterator
// prototype's next the intrinsic one (a script replaced neither), so that
// a caller may read the entries from the implementation instead.
func (c *Class) DefaultPairIteration(obj *goja.Object) bool {
	if c.pairEntries == nil {
		return false
	}
	return obj.GetSymbol(goja.SymIterator).SameAs(c.pairEntries) && c.pairIterProto.Get("next").SameAs(c.pairNext)
}

// Is reports whether c is other or inherits from it.
func (c *Class) Is(other *Class) bool {
	oc, cc := other.chain, c.chain
	if oc == nil {
		oc = other.getChain()
	}
	if cc == nil {
		cc = c.getChain()
	}
	d := len(oc) - 1
	return d < len(cc) && cc[d] == other
}

// getChain returns chain, making it the first time.
func (c *Class) getChain() []*Class {
	if c.chain != nil {
		return c.chain
	}
	if c.parent == nil {
		c.chain = []*Class{c}
		return c.chain
	}
	pc := c.parent.getChain()
	c.chain = append(append(make([]*Class, 0, len(pc)+1), pc...), c)
	return c.chain
}

// errorf formats a bind error.
func errorf(format string, args ...any) error {
	return fmt.Errorf("bind: "+format, args...)
}
