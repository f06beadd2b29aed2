package bind

import (
	"math"
	"reflect"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// Conversions that fail throw a TypeError. The conversions of this package
// take no realm (DOMString(v) is called in hundreds of places), so they
// throw what goja's own conversions throw: goja's internal type error, a
// Go string type goja turns into a TypeError wherever it reaches
// JavaScript. A member's binding sees it before JavaScript does and puts
// Chromium's context before its message ("Failed to execute 'op' on
// 'Interface': Cannot convert a Symbol value to a string"; see
// contextualize); thrown elsewhere it is still the right TypeError.

// gojaTypeError is the type of goja's internal type error, taken from
// what converting a Symbol to a number panics with.
var gojaTypeError = func() (t reflect.Type) {
	defer func() {
		if x := recover(); x != nil {
			t = reflect.TypeOf(x)
		}
	}()
	goja.NewSymbol("").ToFloat()
	return nil
}()

// gojaRangeError is the type of goja's internal range error, taken from
// what BigInt(0.5) panics with.
var gojaRangeError = func() (t reflect.Type) {
	defer func() {
		if x := recover(); x != nil {
			t = reflect.TypeOf(x)
		}
	}()
	rt := goja.New()
	if f, ok := rt.Get("BigInt").Export().(func(goja.FunctionCall) goja.Value); ok {
		f(goja.FunctionCall{Arguments: []goja.Value{rt.ToValue(0.5)}})
	}
	return nil
}()

// newConversionError makes a value of goja's type error holding message,
// to be panicked. It is made once per message, when the package loads.
func newConversionError(message string) any {
	return newError(gojaTypeError, "TypeError: ", message)
}

// newError makes a value of goja's internal error type t (a type or range
// error) holding message.
func newError(t reflect.Type, name, message string) any {
	if t == nil || t.Kind() != reflect.String {
		// goja changed: a thrown string is still an exception.
		return goja.StringFromUTF16(utf16.Encode([]rune(name + message)))
	}
	v := reflect.New(t).Elem()
	v.SetString(message)
	return v.Interface()
}

// RangeError gives a value to panic with for a RangeError whose message
// gets the context of the operation it was thrown in ("Failed to
// construct 'Response': " before it), as TypeError's does.
func RangeError(message string) any { return newError(gojaRangeError, "RangeError: ", message) }

// withContext returns x, a TypeError or RangeError of TypeError's or
// RangeError's making (or goja's own), with prefix before its message;
// ok=false for any other x.
func withContext(x any, prefix string) (y any, ok bool) {
	if x == nil {
		return nil, false
	}
	t := reflect.TypeOf(x)
	if t != gojaTypeError && t != gojaRangeError || t.Kind() != reflect.String {
		return nil, false
	}
	return newError(t, "", prefix+reflect.ValueOf(x).String()), true
}

var (
	errSymbolToString = newConversionError("Cannot convert a Symbol value to a string")
)

// conversionMessage gives the message of x when it is goja's type error
// (a failed conversion of this package's or goja's), else ok=false.
func conversionMessage(x any) (message string, ok bool) {
	if x == nil || reflect.TypeOf(x) != gojaTypeError {
		return "", false
	}
	return reflect.ValueOf(x).String(), true
}

// isRangeError reports whether x is a RangeError of RangeError's making.
func isRangeError(x any) bool {
	return x != nil && gojaRangeError != nil && reflect.TypeOf(x) == gojaRangeError
}

// symbolToString throws the TypeError ToString gives a Symbol.
func symbolToString() {
	panic(errSymbolToString)
}

// USVString converts v like Web IDL's USVString: ToString (a Symbol is a
// TypeError), lone surrogates replaced by U+FFFD, as goja's String() does.
// https://webidl.spec.whatwg.org/#es-USVString
func USVString(v goja.Value) string {
	if v == nil {
		return "undefined"
	}
	return stringPrimitive(v).String()
}

var errNotByteString = newConversionError("String contains non ISO-8859-1 code point.")

// ByteString converts v like Web IDL's ByteString, the type of HTTP
// methods, header names and values: ToString, a TypeError for a character
// above U+00FF (a lone surrogate too), else one byte per character (U+00E9
// is the byte 0xE9).
// https://webidl.spec.whatwg.org/#es-ByteString
func ByteString(v goja.Value) string {
	s := DOMString(v)
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s)
	for _, c := range s[i:] {
		if c > 0xFF {
			panic(errNotByteString)
		}
		b = append(b, byte(c))
	}
	return string(b)
}

// ByteStringValue is the JavaScript string of a byte string: one
// character per byte.
func ByteStringValue(rt *goja.Runtime, s string) goja.Value {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			u := make([]uint16, len(s))
			for j := 0; j < len(s); j++ {
				u[j] = uint16(s[j])
			}
			return goja.StringFromUTF16(u)
		}
	}
	return rt.ToValue(s)
}

// stringPrimitive is ToString up to the string: v itself, or an object's
// ToPrimitive with hint string; a Symbol there is a TypeError (goja's
// String() of a Symbol would give its description).
func stringPrimitive(v goja.Value) goja.Value {
	switch o := v.(type) {
	case *goja.Symbol:
		symbolToString()
	case *goja.Object:
		v = o.ToString()
		if _, ok := v.(*goja.Symbol); ok {
			symbolToString()
		}
	}
	return v
}

// An IntegerType is one of Web IDL's integer types, for EnforceRange and
// Clamp.
// https://webidl.spec.whatwg.org/#es-integer-types
type IntegerType uint8

// The integer types.
const (
	Byte IntegerType = iota
	Octet
	Short
	UnsignedShort
	LongType
	UnsignedLongType
	LongLong
	UnsignedLongLong
)

// integerTypes holds each type's bounds and the TypeErrors Chromium's
// [EnforceRange] throws for it.
var integerTypes = func() (ts [UnsignedLongLong + 1]struct {
	lo, hi                     float64
	notType, infinite, outside any
}) {
	names := [...]string{"byte", "octet", "short", "unsigned short", "long", "unsigned long", "long long", "unsigned long long"}
	bounds := [...][2]float64{{-128, 127}, {0, 255}, {-32768, 32767}, {0, 65535},
		{math.MinInt32, math.MaxInt32}, {0, math.MaxUint32}, {-(1<<53 - 1), 1<<53 - 1}, {0, 1<<53 - 1}}
	for i, name := range names {
		t := &ts[i]
		t.lo, t.hi = bounds[i][0], bounds[i][1]
		t.notType = newConversionError("Value is not of type '" + name + "'.")
		t.infinite = newConversionError("Value is infinite and not of type '" + name + "'.")
		t.outside = newConversionError("Value is outside the '" + name + "' value range.")
	}
	return ts
}()

// EnforceRange converts v like an [EnforceRange] integer of type t: NaN,
// an infinity and a value outside t's range after truncation are
// TypeErrors.
// https://webidl.spec.whatwg.org/#abstract-opdef-converttoint
func EnforceRange(v goja.Value, t IntegerType) float64 {
	it := &integerTypes[t]
	x := Number(v)
	switch {
	case x != x:
		panic(it.notType)
	case math.IsInf(x, 0):
		panic(it.infinite)
	}
	x = math.Trunc(x)
	if x < it.lo || x > it.hi {
		panic(it.outside)
	}
	return x + 0 // -0 is +0
}

// Clamp converts v like a [Clamp] integer of type t: NaN is 0, a value
// outside t's range is its nearest bound, others round half to even.
func Clamp(v goja.Value, t IntegerType) float64 {
	it := &integerTypes[t]
	x := Number(v)
	if x != x {
		return 0
	}
	return math.RoundToEven(math.Min(math.Max(x, it.lo), it.hi)) + 0
}

var errNonFiniteDouble = newConversionError("The provided double value is non-finite.")

// RestrictedDouble converts v like Web IDL's double (not unrestricted):
// NaN and the infinities are TypeErrors.
// https://webidl.spec.whatwg.org/#es-double
func RestrictedDouble(v goja.Value) float64 {
	x := Number(v)
	if x != x || math.IsInf(x, 0) {
		panic(errNonFiniteDouble)
	}
	return x
}
