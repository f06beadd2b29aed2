package webapi

import (
	_ "embed"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // zone data for Intl when the system has none

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

//go:embed polyfills.js
var polyfillsSource string

//go:embed intl.js
var intlSource string

// intlLocalesSource is the locale data intl.js formats with, generated
// from Chromium's ICU by intlgen/gen.mjs (make intl-locales): the tables
// every locale shares, and in intlLocalesData each locale's strings.
//
//go:embed intl_locales.js
var intlLocalesSource string

// intlLocalesData is a line per locale: its resolved tag and its eight
// JSON strings, tab-separated. They stay in the binary's read-only data
// and reach a page only when its Intl first formats for the locale
// (intlLocale): as string literals of intl_locales.js they cost every
// process about 3 MB of heap (the compiled literals in UTF-16 and the copy
// of the source the program keeps), the largest part of the built-in
// programs, where the idle heap sets the collector's goal and so every
// render's peak (issue 8).
//
//go:embed intl_locales.txt
var intlLocalesData string

// intlLocaleStrings indexes intlLocalesData by tag; the strings are
// slices of it, not copies.
var intlLocaleStrings = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for line := range strings.Lines(intlLocalesData) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) == 9 {
			m[f[0]] = f
		}
	}
	return m
})

// intlLocale is intl.js's host("locale", key): the locale's tag and JSON
// strings as an array, or undefined when there is no data for key.
func intlLocale(rt *goja.Runtime, key string) goja.Value {
	f, ok := intlLocaleStrings()[key]
	if !ok {
		return goja.Undefined()
	}
	vals := make([]any, len(f))
	for i, s := range f {
		vals[i] = s
	}
	return rt.NewArray(vals...)
}

// polyfillsProgram is compiled once per process; a *goja.Program is
// immutable and shared by every runtime that runs it.
var polyfillsProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:polyfills.js", polyfillsSource, true)
})

var intlProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:intl.js", intlSource, true)
})

var intlLocalesProgram = sync.OnceValues(func() (*goja.Program, error) {
	return goja.Compile("bangsnap:intl_locales.js", intlLocalesSource, true)
})

// InstallPolyfills defines the built-ins goja lacks that modern bundles
// call: Promise.withResolvers and Promise.try, Object.groupBy and
// Map.groupBy, String.prototype.isWellFormed/toWellFormed, RegExp.escape,
// Array.fromAsync, iterator helpers (Iterator, map/filter/take/drop/flatMap/
// reduce/toArray/forEach/some/every/find/includes/join, Iterator.from,
// Iterator.concat, Iterator.zip/zipKeyed), Map and WeakMap
// getOrInsert/getOrInsertComputed, Symbol.asyncIterator,
// Symbol.dispose/asyncDispose with DisposableStack, AsyncDisposableStack,
// SuppressedError and %IteratorPrototype%[Symbol.dispose],
// Math.sumPrecise, Math.f16round and DataView get/setFloat16,
// Error.captureStackTrace and Error.stackTraceLimit, and WeakRef /
// FinalizationRegistry (strong references, never finalized), and a small
// Intl (NumberFormat, DateTimeFormat, Collator, PluralRules,
// RelativeTimeFormat, ListFormat, Segmenter, Locale; data for about
// seventy locales generated from Chromium's ICU, see intl.js) with Number and Date
// toLocale*String redefined on it to print what Chromium prints.
// Built-ins that exist are left alone.
func InstallPolyfills(rt *goja.Runtime) error {
	return installPolyfills(rt, nil, nil)
}

// InstallPolyfillsRealm is InstallPolyfills in realm's global (a worker's
// or a worklet's; a window's Install does it): the functions it defines
// are built-ins to Function.prototype.toString, and what it makes on
// first use (Intl, DisposableStack and kin) are data properties to
// scripts until then (bind.Realm.DefineLazy).
func InstallPolyfillsRealm(realm *bind.Realm) error {
	return installPolyfills(realm.Runtime, realm.MarkNative, realm.DefineLazy)
}

// A lazyDefiner defines name on obj as a data property whose value is made
// on first use (bind.Realm.DefineLazy).
type lazyDefiner func(obj *goja.Object, name string, value func() goja.Value) error

// installPolyfills is InstallPolyfills; mark, when not nil, gets each
// function polyfills.js defined, to show as native code; lazy, when not
// nil, defines what polyfills.js makes on first use (defineLazy).
func installPolyfills(rt *goja.Runtime, mark func(fn *goja.Object, name string), lazy lazyDefiner) error {
	// intl.js takes this function while it runs (and deletes the global):
	// ("zone", name, ms) answers zoneInfo, ("collator", tag, sensitivity,
	// numeric, ignorePunctuation, upperFirst) a compare function,
	// ("segment", granularity, text) segmentLengths, ("locale", key) a
	// locale's strings (intlLocale).
	if err := rt.Set("__bangsnapIntlHost", func(call goja.FunctionCall) goja.Value {
		switch call.Argument(0).String() {
		case "zone":
			off, abbr, ok := zoneInfo(call.Argument(1).String(), call.Argument(2).ToInteger())
			if !ok {
				return goja.Undefined()
			}
			return rt.NewArray(off, abbr)
		case "locale":
			return intlLocale(rt, call.Argument(1).String())
		case "segment":
			return rt.ToValue(segmentLengths(call.Argument(1).String(), call.Argument(2).String()))
		case "collator":
			return newCollatorCompare(rt, call.Argument(1).String(), call.Argument(2).String(), call.Argument(3).ToBoolean(), call.Argument(4).ToBoolean(), call.Argument(5).ToBoolean())
		case "sum":
			// ("sum", [finite numbers]): Math.sumPrecise's exact sum.
			return rt.ToValue(sumPrecise(rt, call.Argument(1)))
		case "native":
			// ("native", obj, names...): the named methods of obj, or
			// with no names obj's whole tree (markBuiltIns), are
			// built-ins to Function.prototype.toString.
			if o, ok := call.Argument(1).(*goja.Object); ok && mark != nil {
				if len(call.Arguments) == 2 {
					markBuiltIns(rt, o, mark)
				}
				for _, n := range call.Arguments[2:] {
					if fn, ok := o.Get(n.String()).(*goja.Object); ok {
						mark(fn, n.String())
					}
				}
			}
		}
		return goja.Undefined()
	}); err != nil {
		return err
	}
	if err := rt.Set("__bangsnapDefine", func(call goja.FunctionCall) goja.Value {
		polyfillDefine(rt, call, mark)
		return goja.Undefined()
	}); err != nil {
		return err
	}
	if err := rt.Set("__bangsnapDefineLazy", func(call goja.FunctionCall) goja.Value {
		polyfillDefineLazy(rt, call, mark, lazy)
		return goja.Undefined()
	}); err != nil {
		return err
	}
	for _, p := range []struct {
		name string
		prg  func() (*goja.Program, error)
	}{{"polyfills", polyfillsProgram}, {"Intl locales", intlLocalesProgram}, {"Intl", intlProgram}} {
		prg, err := p.prg()
		if err != nil {
			return fmt.Errorf("webapi: compile %s: %w", p.name, err)
		}
		if _, err := rt.RunProgram(prg); err != nil {
			return fmt.Errorf("webapi: install %s: %w", p.name, err)
		}
	}
	if err := InstallAsyncGenerators(rt); err != nil { // asyncgen.go
		return err
	}
	if err := rt.GlobalObject().Delete("__bangsnapDefineLazy"); err != nil {
		return err
	}
	return rt.GlobalObject().Delete("__bangsnapDefine")
}

// polyfillDefineLazy is polyfills.js's defineLazy (see the comment at its
// top): (obj, [names], build). Each name obj lacks becomes build()[name];
// build runs once, when the first of them is read, or now when lazy is
// nil.
func polyfillDefineLazy(rt *goja.Runtime, call goja.FunctionCall, mark func(fn *goja.Object, name string), lazy lazyDefiner) {
	obj, ok := call.Argument(0).(*goja.Object)
	list, isList := call.Argument(1).(*goja.Object)
	build, isFn := goja.AssertFunction(call.Argument(2))
	if !ok || !isList || !isFn {
		panic(rt.NewTypeError("defineLazy: bad arguments"))
	}
	var names []string
	for i, n := int64(0), list.Get("length").ToInteger(); i < n; i++ {
		if name := list.Get(strconv.FormatInt(i, 10)).String(); !hasProperty(obj, name) {
			names = append(names, name)
		}
	}
	var built *goja.Object
	made := func() *goja.Object {
		if built == nil {
			v, err := build(goja.Undefined())
			if err != nil {
				panic(err)
			}
			o, ok := v.(*goja.Object)
			if !ok {
				panic(rt.NewTypeError("defineLazy: build returned no object"))
			}
			built = o
		}
		return built
	}
	for _, name := range names {
		if lazy == nil {
			v := made().Get(name)
			if err := obj.DefineDataProperty(name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
				panic(err)
			}
			if _, isFn := goja.AssertFunction(v); isFn && mark != nil {
				mark(v.(*goja.Object), name)
			}
			continue
		}
		if err := lazy(obj, name, func() goja.Value { return made().Get(name) }); err != nil {
			panic(err)
		}
	}
}

// polyfillDefine is polyfills.js's define (see the comment at its top):
// (obj, {methods}[, replace]) or (obj, "name", value). Each function it
// installs goes to mark, when not nil.
func polyfillDefine(rt *goja.Runtime, call goja.FunctionCall, mark func(fn *goja.Object, name string)) {
	obj, ok := call.Argument(0).(*goja.Object)
	if !ok {
		panic(rt.NewTypeError("define: not an object"))
	}
	put := func(name string, v goja.Value, replace bool) {
		if !replace && hasProperty(obj, name) {
			return
		}
		if err := obj.DefineDataProperty(name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			panic(err)
		}
		if fn, ok := v.(*goja.Object); ok && mark != nil {
			if _, isFn := goja.AssertFunction(fn); isFn {
				mark(fn, name)
			}
		}
	}
	if sym, ok := call.Argument(1).(*goja.Symbol); ok {
		// (obj, symbol, function): a method keyed by a well-known symbol,
		// named "[Symbol.x]" as the built-ins are.
		if obj.GetSymbol(sym) != nil {
			return
		}
		if err := obj.DefineDataPropertySymbol(sym, call.Argument(2), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			panic(err)
		}
		if fn, ok := call.Argument(2).(*goja.Object); ok && mark != nil {
			mark(fn, "["+sym.String()+"]")
		}
		return
	}
	methods, ok := call.Argument(1).(*goja.Object)
	if !ok {
		put(call.Argument(1).String(), call.Argument(2), false)
		return
	}
	replace := call.Argument(2).ToBoolean()
	for _, k := range methods.GetOwnPropertyNames() {
		put(k, methods.Get(k), replace)
	}
}

// markBuiltIns gives mark the functions of obj, an object of built-ins
// written in JavaScript: its own methods and accessors and, for each
// constructor among them, its static members and its prototype's (a
// getter of x named "get x", as Chromium prints it).
func markBuiltIns(rt *goja.Runtime, obj *goja.Object, mark func(fn *goja.Object, name string)) {
	objectCtor, ok := rt.GlobalObject().Get("Object").(*goja.Object)
	if !ok {
		return
	}
	gopd, ok := goja.AssertFunction(objectCtor.Get("getOwnPropertyDescriptor"))
	if !ok {
		return
	}
	var own func(obj *goja.Object, ctors bool)
	own = func(obj *goja.Object, ctors bool) {
		for _, k := range obj.GetOwnPropertyNames() {
			if k == "constructor" || k == "prototype" {
				continue
			}
			d, err := gopd(objectCtor, obj, rt.ToValue(k))
			desc, ok := d.(*goja.Object)
			if err != nil || !ok {
				continue
			}
			if fn, ok := desc.Get("value").(*goja.Object); ok {
				if _, isFn := goja.AssertFunction(fn); isFn {
					mark(fn, k)
					if proto, ok := fn.Get("prototype").(*goja.Object); ok && ctors {
						own(fn, false)
						own(proto, false)
					}
				}
			}
			if fn, ok := desc.Get("get").(*goja.Object); ok {
				mark(fn, "get "+k)
			}
			if fn, ok := desc.Get("set").(*goja.Object); ok {
				mark(fn, "set "+k)
			}
		}
	}
	own(obj, true)
}

// hasProperty is JavaScript's `name in obj` (Get answers nil only for a
// property found nowhere on the prototype chain; the objects given are
// built-ins, whose getters have no side effects).
func hasProperty(obj *goja.Object, name string) bool { return obj.Get(name) != nil }

// zones caches time.LoadLocation by IANA name, for the names it knows: a
// page naming new unknown zones does not grow it.
var zones sync.Map

// zoneInfo returns the offset (minutes east of UTC) and the abbreviation of
// the IANA zone name at the instant ms (milliseconds since the epoch), for
// intl.js. Zone data comes from the system or, failing that, from the copy
// embedded by time/tzdata.
func zoneInfo(name string, ms int64) (off int, abbr string, ok bool) {
	v, found := zones.Load(name)
	if !found {
		if name == "" || name == "Local" {
			return 0, "", false
		}
		loc, err := time.LoadLocation(name)
		if err != nil {
			return 0, "", false
		}
		v, _ = zones.LoadOrStore(strings.Clone(name), loc)
	}
	loc := v.(*time.Location)
	abbr, secs := time.UnixMilli(ms).In(loc).Zone()
	return secs / 60, abbr, true
}

// sumBits is the precision sumPrecise adds in: every finite double is a
// multiple of 2^-1074 below 2^1024, so 2^53 of them sum exactly in 2,160
// bits.
const sumBits = 2160

// sumPrecise is the exact sum of the finite numbers of the array arr,
// rounded once to the nearest double (ties to even), +0 when it is zero
// (https://tc39.es/proposal-math-sum/).
func sumPrecise(rt *goja.Runtime, arr goja.Value) float64 {
	o, ok := arr.(*goja.Object)
	if !ok {
		return 0
	}
	n := o.Get("length").ToInteger()
	var sum, x big.Float
	sum.SetPrec(sumBits)
	x.SetPrec(sumBits)
	for i := int64(0); i < n; i++ {
		x.SetFloat64(o.Get(strconv.FormatInt(i, 10)).ToFloat())
		sum.Add(&sum, &x)
	}
	f, _ := sum.Float64()
	if f == 0 {
		return 0
	}
	return f
}
