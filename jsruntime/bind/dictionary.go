package bind

import (
	"math"

	"github.com/dop251/goja"
)

// A Dictionary reads the members of a Web IDL dictionary value as
// Chromium's bindings do: each member once, in the order the caller asks
// for them (Web IDL's is the inherited dictionaries' members first, each
// dictionary's in lexicographic order), and a failed conversion of a
// member's value gets the context "Failed to read the 'member' property
// from 'Dict': " before its message (the operation's binding then puts
// its own before that). A getter's own exception passes through as it is.
// The zero Dictionary, or one made from undefined or null, has no members.
// https://webidl.spec.whatwg.org/#js-dictionary
type Dictionary struct {
	obj  *goja.Object
	name string
}

// TypeError gives a value to panic with for a failed conversion: a
// TypeError whose message gets the context of the dictionary member and
// of the operation it was thrown in (see contextualize), where
// Realm.ThrowTypeError's message is final.
func TypeError(message string) any { return newConversionError(message) }

// NewDictionary converts v to a dictionary of type name: undefined and
// null give an empty one, a value other than an object is a TypeError
// ("The provided value is not of type 'name'.").
func NewDictionary(v goja.Value, name string) Dictionary {
	switch o := v.(type) {
	case *goja.Object:
		return Dictionary{obj: o, name: name}
	case nil:
		return Dictionary{name: name}
	}
	if goja.IsUndefined(v) || goja.IsNull(v) {
		return Dictionary{name: name}
	}
	panic(newConversionError("The provided value is not of type '" + name + "'."))
}

// As gives d read as its inherited dictionary name, for the messages of
// the members that dictionary declares.
func (d Dictionary) As(name string) Dictionary {
	d.name = name
	return d
}

// Name is the dictionary's type name.
func (d Dictionary) Name() string { return d.name }

// Object is the dictionary's object, nil for undefined or null.
func (d Dictionary) Object() *goja.Object { return d.obj }

// Get reads member: its value, or undefined when d has no object or the
// member is missing or undefined.
func (d Dictionary) Get(member string) goja.Value {
	if d.obj == nil {
		return goja.Undefined()
	}
	if v := d.obj.Get(member); v != nil {
		return v
	}
	return goja.Undefined()
}

// Convert reads member and, when it is not undefined, calls conv with its
// value; a conversion error conv throws (a Symbol where a number was
// wanted, TypeError) gets the member's context. It reports whether the
// member was present.
func (d Dictionary) Convert(member string, conv func(v goja.Value)) (present bool) {
	v := d.Get(member)
	if goja.IsUndefined(v) {
		return false
	}
	defer d.memberContext(member)
	conv(v)
	return true
}

// memberContext, deferred, puts the member's context before the message
// of a conversion error.
func (d Dictionary) memberContext(member string) {
	x := recover()
	if x == nil {
		return
	}
	if y, ok := withContext(x, "Failed to read the '"+member+"' property from '"+d.name+"': "); ok {
		panic(y)
	}
	panic(x)
}

// Required reads a required member and calls conv with its value, as
// Convert does; undefined is a TypeError ("Required member is
// undefined.").
func (d Dictionary) Required(member string, conv func(v goja.Value)) {
	if !d.Convert(member, conv) {
		panic(newConversionError("Failed to read the '" + member + "' property from '" + d.name + "': Required member is undefined."))
	}
}

// Any reads a member of type any: def when it is undefined.
func (d Dictionary) Any(member string, def goja.Value) goja.Value {
	if v := d.Get(member); !goja.IsUndefined(v) {
		return v
	}
	return def
}

// Boolean reads a boolean member (false when undefined).
func (d Dictionary) Boolean(member string) bool {
	return d.Get(member).ToBoolean()
}

// DOMString reads a DOMString member: ok=false when undefined.
func (d Dictionary) DOMString(member string) (s string, ok bool) {
	v := d.Get(member)
	if goja.IsUndefined(v) {
		return "", false
	}
	defer d.memberContext(member)
	return DOMString(v), true
}

// ByteString reads a ByteString member: ok=false when undefined.
func (d Dictionary) ByteString(member string) (s string, ok bool) {
	v := d.Get(member)
	if goja.IsUndefined(v) {
		return "", false
	}
	defer d.memberContext(member)
	return ByteString(v), true
}

// USVString reads a USVString member: ok=false when undefined.
func (d Dictionary) USVString(member string) (s string, ok bool) {
	v := d.Get(member)
	if goja.IsUndefined(v) {
		return "", false
	}
	defer d.memberContext(member)
	return USVString(v), true
}

// String reads a DOMString member whose default is "".
func (d Dictionary) String(member string) string {
	s, _ := d.DOMString(member)
	return s
}

// NullableString reads a DOMString? member: ok=false when undefined or
// null.
func (d Dictionary) NullableString(member string) (s string, ok bool) {
	v := d.Get(member)
	if goja.IsUndefined(v) || goja.IsNull(v) {
		return "", false
	}
	defer d.memberContext(member)
	return DOMString(v), true
}

// Long reads a long member (0 when undefined): ToNumber, modulo 2^32.
// short and unsigned long take its result modulo their own range
// (int16(x), uint32(x)).
func (d Dictionary) Long(member string) int32 {
	v := d.Get(member)
	if goja.IsUndefined(v) {
		return 0
	}
	defer d.memberContext(member)
	return Long(v)
}

// UnsignedLong reads an unsigned long member (0 when undefined).
func (d Dictionary) UnsignedLong(member string) uint32 {
	return uint32(d.Long(member))
}

// Double reads a (restricted) double member: 0 when undefined, NaN and
// the infinities a TypeError.
func (d Dictionary) Double(member string) float64 {
	v := d.Get(member)
	if goja.IsUndefined(v) {
		return 0
	}
	defer d.memberContext(member)
	return RestrictedDouble(v)
}

var errNonFiniteFloat = newConversionError("The provided float value is non-finite.")

// Float reads a (restricted) float member: 0 when undefined, NaN and the
// infinities a TypeError, the value rounded to float32.
func (d Dictionary) Float(member string) float64 {
	v := d.Get(member)
	if goja.IsUndefined(v) {
		return 0
	}
	defer d.memberContext(member)
	x := Number(v)
	f := float32(x)
	if x != x || math.IsInf(float64(f), 0) {
		panic(errNonFiniteFloat)
	}
	return float64(f)
}

// UnrestrictedDouble reads an unrestricted double member: def when
// undefined.
func (d Dictionary) UnrestrictedDouble(member string, def float64) float64 {
	v := d.Get(member)
	if goja.IsUndefined(v) {
		return def
	}
	defer d.memberContext(member)
	return Number(v)
}

// Enum reads a member of the enumeration type enum whose values are
// values: ok=false when undefined; a string that is none of them is a
// TypeError ("The provided value 'x' is not a valid enum value of type
// Enum.") in the member's context.
// https://webidl.spec.whatwg.org/#es-enumeration
func (d Dictionary) Enum(member, enum string, values ...string) (s string, ok bool) {
	s, ok = d.DOMString(member)
	if !ok {
		return "", false
	}
	for _, v := range values {
		if s == v {
			return s, true
		}
	}
	panic(newConversionError("Failed to read the '" + member + "' property from '" + d.name + "': The provided value '" + s + "' is not a valid enum value of type " + enum + "."))
}
