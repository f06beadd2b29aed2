package webapi

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// A ConsoleFunc receives each console message of a page: level is one of
// "log", "info", "warn", "error", "debug" and "trace".
type ConsoleFunc func(level, msg string)

// console holds the state of one page's console namespace.
// https://console.spec.whatwg.org/
type console struct {
	rt     *goja.Runtime
	host   Host
	out    ConsoleFunc
	group  int
	counts map[string]int
	timers map[string]time.Duration
}

// InstallConsole defines the console namespace on target. Each message is
// formatted as the Console standard's Formatter does (%s %d %i %f %o %O %c
// substitutions, remaining arguments inspected and joined by spaces),
// indented two spaces per open group, and handed to out. host supplies the
// virtual clock for console.time; it may be nil (time then reads 0ms).
func InstallConsole(realm *bind.Realm, target *goja.Object, host Host, out ConsoleFunc) error {
	rt := realm.Runtime
	c := &console{rt: rt, host: host, out: out, counts: map[string]int{}, timers: map[string]time.Duration{}}
	// The console namespace object's [[Prototype]] is an empty object that
	// inherits from Object.prototype (as in browsers), so that a page can
	// see console as a plain object but not reach its members through the
	// prototype.
	// https://console.spec.whatwg.org/#console-namespace
	obj := rt.NewObject()
	if err := obj.SetPrototype(rt.NewObject()); err != nil {
		return err
	}
	method := func(name string, f func(args []goja.Value)) {
		fn := realm.NewFunction(name, 0, func(call goja.FunctionCall) goja.Value {
			f(call.Arguments)
			return goja.Undefined()
		})
		obj.DefineDataProperty(name, fn, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	for _, level := range []string{"log", "info", "warn", "error", "debug"} {
		method(level, func(args []goja.Value) { c.emit(level, c.format(args)) })
	}
	method("trace", func(args []goja.Value) {
		msg := "Trace"
		if len(args) > 0 {
			msg = "Trace: " + c.format(args)
		}
		for _, f := range rt.CaptureCallStack(10, nil) {
			msg += "\n    at " + f.Position().String()
		}
		c.emit("trace", msg)
	})
	method("dir", func(args []goja.Value) {
		if len(args) > 0 {
			c.emit("log", c.inspect(args[0], 0, nil))
		}
	})
	method("dirxml", func(args []goja.Value) { c.emit("log", c.format(args)) })
	method("table", func(args []goja.Value) { c.emit("log", c.format(args)) })
	method("assert", func(args []goja.Value) {
		if len(args) > 0 && args[0].ToBoolean() {
			return
		}
		msg := "Assertion failed"
		if len(args) > 1 {
			msg += ": " + c.format(args[1:])
		}
		c.emit("error", msg)
	})
	label := func(args []goja.Value) string {
		if len(args) == 0 || goja.IsUndefined(args[0]) {
			return "default"
		}
		if _, isSym := args[0].(*goja.Symbol); isSym {
			// A DOMString label: ToString of a Symbol is a TypeError.
			panic(rt.NewTypeError("Cannot convert a Symbol value to a string"))
		}
		return args[0].String()
	}
	method("count", func(args []goja.Value) {
		l := label(args)
		c.counts[l]++
		c.emit("info", l+": "+strconv.Itoa(c.counts[l]))
	})
	method("countReset", func(args []goja.Value) {
		l := label(args)
		if _, ok := c.counts[l]; !ok {
			c.emit("warn", "Count for '"+l+"' does not exist")
			return
		}
		c.counts[l] = 0
	})
	group := func(args []goja.Value) {
		if len(args) > 0 {
			c.emit("log", c.format(args))
		}
		c.group++
	}
	method("group", group)
	method("groupCollapsed", group)
	method("groupEnd", func([]goja.Value) {
		if c.group > 0 {
			c.group--
		}
	})
	method("time", func(args []goja.Value) {
		l := label(args)
		if _, ok := c.timers[l]; ok {
			c.emit("warn", "Timer '"+l+"' already exists")
			return
		}
		c.timers[l] = c.elapsed()
	})
	timeLog := func(end bool) func(args []goja.Value) {
		return func(args []goja.Value) {
			l := label(args)
			start, ok := c.timers[l]
			if !ok {
				c.emit("warn", "Timer '"+l+"' does not exist")
				return
			}
			msg := l + ": " + formatMillis(c.elapsed()-start)
			if end {
				delete(c.timers, l)
			} else if len(args) > 1 {
				msg += " " + c.format(args[1:])
			}
			c.emit("info", msg)
		}
	}
	method("timeLog", timeLog(false))
	method("timeEnd", timeLog(true))
	method("clear", func([]goja.Value) {})
	method("profile", func([]goja.Value) {})
	method("profileEnd", func([]goja.Value) {})
	method("timeStamp", func([]goja.Value) {})
	// A namespace object's class string is its name ("[object console]").
	if err := obj.DefineDataPropertySymbol(goja.SymToStringTag, rt.ToValue("console"), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return err
	}
	// A namespace is a writable, configurable, non-enumerable property of
	// the global. https://webidl.spec.whatwg.org/#es-namespaces
	return target.DefineDataProperty("console", obj, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

func (c *console) elapsed() time.Duration {
	if c.host == nil {
		return 0
	}
	return c.host.Elapsed()
}

func formatMillis(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', -1, 64) + " ms"
}

func (c *console) emit(level, msg string) {
	if c.out == nil {
		return
	}
	if c.group > 0 {
		ind := strings.Repeat("  ", c.group)
		msg = ind + strings.ReplaceAll(msg, "\n", "\n"+ind)
	}
	c.out(level, msg)
}

// format applies the Formatter to args.
// https://console.spec.whatwg.org/#formatter
func (c *console) format(args []goja.Value) string {
	if len(args) == 0 {
		return ""
	}
	var b strings.Builder
	rest := args
	if s, ok := jsString(args[0]); ok && strings.IndexByte(s, '%') >= 0 {
		rest = args[1:]
		for i := 0; i < len(s); i++ {
			if s[i] != '%' || i+1 >= len(s) {
				b.WriteByte(s[i])
				continue
			}
			spec := s[i+1]
			if spec == '%' {
				b.WriteByte('%')
				i++
				continue
			}
			if !strings.ContainsRune("sdifoOc", rune(spec)) || len(rest) == 0 {
				b.WriteByte('%')
				continue
			}
			arg := rest[0]
			rest = rest[1:]
			i++
			switch spec {
			case 's':
				if _, isObj := arg.(*goja.Object); isObj {
					b.WriteString(c.inspect(arg, 1, nil))
				} else {
					b.WriteString(arg.String())
				}
			case 'd', 'i':
				b.WriteString(parseIntPrefix(arg))
			case 'f':
				if _, isSym := arg.(*goja.Symbol); isSym {
					b.WriteString("NaN") // the Formatter's Symbol case: no ToNumber, no TypeError
				} else {
					b.WriteString(arg.ToNumber().String())
				}
			case 'o', 'O':
				b.WriteString(c.inspect(arg, 0, nil))
			case 'c':
				// CSS styling: consumed, not shown.
			}
		}
	} else {
		b.WriteString(c.inspectTop(args[0]))
		rest = args[1:]
	}
	for _, a := range rest {
		b.WriteByte(' ')
		b.WriteString(c.inspectTop(a))
	}
	return b.String()
}

// inspectTop shows strings as they are and other values inspected.
func (c *console) inspectTop(v goja.Value) string {
	if s, ok := jsString(v); ok {
		return s
	}
	return c.inspect(v, 0, nil)
}

const inspectMaxDepth, inspectMaxItems = 2, 100

// inspect renders v for a console message, in the manner of Node's
// util.inspect: nested objects to a small depth, cycles marked.
func (c *console) inspect(v goja.Value, depth int, seen []*goja.Object) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if goja.IsNull(v) {
		return "null"
	}
	obj, ok := v.(*goja.Object)
	if !ok {
		if s, isStr := jsString(v); isStr {
			if depth == 0 {
				return s
			}
			return strconv.Quote(s)
		}
		return v.String()
	}
	for _, s := range seen {
		if s == obj {
			return "[Circular]"
		}
	}
	seen = append(seen, obj)
	switch obj.ClassName() {
	case "Function":
		name := obj.Get("name")
		if name == nil || name.String() == "" {
			return "[Function (anonymous)]"
		}
		return "[Function: " + name.String() + "]"
	case "Error":
		if st := obj.Get("stack"); st != nil && !goja.IsUndefined(st) && st.String() != "" {
			return st.String()
		}
		return obj.String()
	case "Date":
		if f, ok := goja.AssertFunction(obj.Get("toISOString")); ok {
			if s, err := f(obj); err == nil {
				return s.String()
			}
		}
		return obj.String()
	case "RegExp", "String", "Number", "Boolean":
		return obj.String()
	case "Array":
		if depth > inspectMaxDepth {
			return "[Array]"
		}
		n := int(obj.Get("length").ToInteger())
		parts := make([]string, 0, min(n, inspectMaxItems)+1)
		for i := 0; i < n && i < inspectMaxItems; i++ {
			parts = append(parts, c.inspect(obj.Get(strconv.Itoa(i)), depth+1, seen))
		}
		if n > inspectMaxItems {
			parts = append(parts, "... "+strconv.Itoa(n-inspectMaxItems)+" more items")
		}
		return "[ " + strings.Join(parts, ", ") + " ]"
	}
	tag := ""
	if t := obj.GetSymbol(goja.SymToStringTag); t != nil && !goja.IsUndefined(t) {
		tag = t.String()
	}
	if s, ok := inspectNode(obj); ok {
		return s
	}
	keys := obj.Keys()
	if tag != "" && len(keys) == 0 {
		return tag + " {}"
	}
	if depth > inspectMaxDepth {
		return "[Object]"
	}
	parts := make([]string, 0, len(keys))
	for i, k := range keys {
		if i == inspectMaxItems {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, k+": "+c.inspect(obj.Get(k), depth+1, seen))
	}
	prefix := ""
	if tag != "" {
		prefix = tag + " "
	}
	if len(parts) == 0 {
		return prefix + "{}"
	}
	return prefix + "{ " + strings.Join(parts, ", ") + " }"
}

// parseIntPrefix converts v as %parseInt%(v, 10) does, for %d and %i.
func parseIntPrefix(v goja.Value) string {
	var s string
	if _, isSym := v.(*goja.Symbol); isSym {
		return "NaN" // the Formatter converts a Symbol to NaN, never throwing
	}
	if str, ok := jsString(v); ok {
		s = strings.TrimLeft(str, " \t\n\r\f\v")
	} else {
		f := bind.Number(v)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return "NaN"
		}
		return strconv.FormatFloat(math.Trunc(f), 'f', -1, 64)
	}
	end := 0
	if end < len(s) && (s[end] == '-' || s[end] == '+') {
		end++
	}
	digits := end
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == digits {
		return "NaN"
	}
	f, _ := strconv.ParseFloat(s[:end], 64)
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// inspectNode shows a DOM node as its start tag (elements), quoted data
// (text), or its name (documents and others), as browser consoles do.
func inspectNode(obj *goja.Object) (string, bool) {
	nt := obj.Get("nodeType")
	if nt == nil || goja.IsUndefined(nt) {
		return "", false
	}
	// The export type, not Export: a page's nodeType may be an array of
	// length 2**32-1, which Export would allocate.
	if nt.ExportType() != reflect.TypeFor[int64]() {
		return "", false
	}
	switch nt.ToInteger() {
	case 1:
		if h := obj.Get("outerHTML"); h != nil && !goja.IsUndefined(h) {
			s := h.String()
			if i := strings.IndexByte(s, '>'); i >= 0 {
				s = s[:i+1]
			}
			if len(s) > 200 {
				s = s[:200] + "…"
			}
			return s, true
		}
	case 3:
		return "#text " + strconv.Quote(obj.Get("data").String()), true
	}
	if n := obj.Get("nodeName"); n != nil && !goja.IsUndefined(n) {
		return n.String(), true
	}
	return "", false
}

// jsString returns v as a Go string when it is a JavaScript string, without
// exporting objects (which would copy them whole).
func jsString(v goja.Value) (string, bool) {
	if v == nil || !goja.IsString(v) {
		return "", false
	}
	return v.String(), true
}
