package webapi

import (
	"context"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
)

// *loop.Loop is the Host of a page.
var _ Host = (*loop.Loop)(nil)

// newPage returns a runtime with a realm, polyfills and a deterministic
// loop whose timers are installed.
func newPage(t testing.TB) (*goja.Runtime, *loop.Loop) {
	t.Helper()
	rt, _ := newRealm(t)
	l := loop.New(rt, loop.Options{Deterministic: true})
	l.Install(rt.GlobalObject(), nil)
	return rt, l
}

func TestConsole(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // "level: message"
	}{
		{"levels", `console.log("a", 1, true, null, undefined); console.info("i"); console.warn("w"); console.error("e"); console.debug("d")`,
			[]string{"log: a 1 true null undefined", "info: i", "warn: w", "error: e", "debug: d"}},
		{"substitutions", `console.log("%s is %d years and %i days, %f%%", "Bob", 42.9, "7x", 1.5, "extra")`,
			[]string{"log: Bob is 42 years and 7 days, 1.5% extra"}},
		{"%c is consumed, %o inspects", `console.log("%cstyled %o", "color: red", {a: [1, "x"]})`,
			[]string{`log: styled { a: [ 1, "x" ] }`}},
		{"too few args", `console.log("%s and %s", "one")`, []string{"log: one and %s"}},
		{"objects", `var o = {a: 1, nested: {b: {c: {d: 1}}}}; o.self = o; console.log(o)`,
			[]string{"log: { a: 1, nested: { b: { c: [Object] } }, self: [Circular] }"}},
		{"functions, errors, dates", `console.log(function foo() {}, () => 1, new Date(0)); console.log(new TypeError("bad").message)`,
			[]string{"log: [Function: foo] [Function (anonymous)] 1970-01-01T00:00:00.000Z", "log: bad"}},
		{"assert", `console.assert(true, "no"); console.assert(false, "yes %s", "it"); console.assert(0)`,
			[]string{"error: Assertion failed: yes it", "error: Assertion failed"}},
		{"count", `console.count(); console.count(); console.count("x"); console.countReset(); console.count()`,
			[]string{"info: default: 1", "info: default: 2", "info: x: 1", "info: default: 1"}},
		{"groups indent", `console.group("G"); console.log("in\nside"); console.groupEnd(); console.log("out")`,
			[]string{"log: G", "log:   in\n  side", "log: out"}},
		{"time on the virtual clock", `console.time("t"); setTimeout(() => console.timeEnd("t"), 150); console.timeEnd("none")`,
			[]string{"warn: Timer 'none' does not exist", "info: t: 150 ms"}},
		{"trace", `console.trace("here")`, []string{"trace: Trace: here\n    at "}},
		{"DOM-like nodes", `console.log({nodeType: 1, outerHTML: '<div id="x" class="y"><b>inner</b></div>'}, {nodeType: 3, data: "hi"}, {nodeType: 9, nodeName: "#document"})`,
			[]string{`log: <div id="x" class="y"> #text "hi" #document`}},
		{"a huge array is not exported", `console.log({nodeType: Object.assign([], {length: 2**32-1})})`, []string{"log: { nodeType: [ " + strings.Repeat("undefined, ", 100) + "... 4294967195 more items ] }"}},
		{"table and dir", `console.table([1]); console.dir({x: "s"})`, []string{"log: [ 1 ]", `log: { x: "s" }`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rt, l := newPage(t)
			realm := realmOf(t, rt)
			var got []string
			if err := InstallConsole(realm, rt.GlobalObject(), l, func(level, msg string) { got = append(got, level+": "+msg) }); err != nil {
				t.Fatal(err)
			}
			if _, err := rt.RunString(tc.src); err != nil {
				t.Fatal(err)
			}
			if _, err := l.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] && !(strings.HasSuffix(tc.want[i], "at ") && strings.HasPrefix(got[i], tc.want[i])) {
					t.Errorf("message %d = %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func BenchmarkConsoleLog(b *testing.B) {
	rt, _ := newRealm(b)
	realm := realmOf(b, rt)
	n := 0
	if err := InstallConsole(realm, rt.GlobalObject(), nil, func(level, msg string) { n += len(msg) }); err != nil {
		b.Fatal(err)
	}
	prg := goja.MustCompile("b.js", `for (var i = 0; i < 1000; i++) console.log("line " + i, { i: i });`, false)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rt.RunProgram(prg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/call")
}
