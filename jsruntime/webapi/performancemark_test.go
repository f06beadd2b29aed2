package webapi

import (
	"context"
	"testing"
)

// TestPerformanceMarkConstructor checks new PerformanceMark(name, options)
// and the mark-name rules it shares with performance.mark.
// https://w3c.github.io/user-timing/#dom-performancemark-constructor
func TestPerformanceMarkConstructor(t *testing.T) {
	for _, c := range []struct{ name, js, want string }{
		{"shape", `var m = new PerformanceMark("x"); [m.name, m.entryType, m.startTime, m.duration, m.detail, m instanceof PerformanceEntry, PerformanceMark.length].join()`, "x,mark,250,0,,true,1"},
		{"options", `var m = new PerformanceMark("y", {startTime: 12.5, detail: {a: 1}}); [m.startTime, m.detail.a].join()`, "12.5,1"},
		{"not buffered", `new PerformanceMark("z"); performance.getEntriesByName("z").length`, "0"},
		{"negative start", `try { new PerformanceMark("n", {startTime: -1}); "no" } catch (e) { e.constructor.name }`, "TypeError"},
		{"timing name", `try { new PerformanceMark("navigationStart"); "no" } catch (e) { e.name }`, "SyntaxError"},
		{"mark timing name", `try { performance.mark("loadEventEnd"); "no" } catch (e) { e.name }`, "SyntaxError"},
		{"no name", `try { new PerformanceMark(); "no" } catch (e) { e.constructor.name }`, "TypeError"},
		{"call without new", `try { PerformanceMark("x"); "no" } catch (e) { e.constructor.name }`, "TypeError"},
		{"mark still buffers", `performance.mark("m"); performance.getEntriesByName("m").length`, "1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rt, l := newPage(t)
			if err := InstallPerformance(realmOf(t, rt), rt.GlobalObject(), l); err != nil {
				t.Fatal(err)
			}
			// Let the virtual clock reach 250 ms first.
			if _, err := rt.RunString(`setTimeout(function () {}, 250)`); err != nil {
				t.Fatal(err)
			}
			if _, err := l.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			v, err := rt.RunString(c.js)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != c.want {
				t.Errorf("%s = %q, want %q", c.js, got, c.want)
			}
		})
	}
}
