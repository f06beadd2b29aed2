package webapi

import (
	"testing"
	"time"

	"github.com/bangsnap/bangsnap/loop"
)

// TestNavigationTimingEntry checks the members of the document's
// navigation entry that libraries read (web-vitals' onTTFB needs a
// responseStart above 0 and reads activationStart).
// https://w3c.github.io/navigation-timing/#sec-PerformanceNavigationTiming
func TestNavigationTimingEntry(t *testing.T) {
	rt, l := newPage(t)
	if err := InstallPerformance(realmOf(t, rt), rt.GlobalObject(), l); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ js, want string }{
		{`var n = performance.getEntriesByType("navigation")[0]; [n.entryType, n.type, n.startTime, n.fetchStart].join()`, "navigation,navigate,0,0"},
		{`[n.responseStart > n.fetchStart, n.responseEnd >= n.responseStart, n.activationStart].join()`, "true,true,0"},
	} {
		v, err := rt.RunString(c.js)
		if err != nil {
			t.Fatalf("%s: %v", c.js, err)
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s = %q, want %q", c.js, got, c.want)
		}
	}
}

// After a navigation that took time (loop.Options.Navigation), the first
// scripts see performance.now() past the navigation entry's responseStart,
// whose milestones keep Chromium's order, and performance.timing agrees.
func TestNavigationTimingAfterNavigation(t *testing.T) {
	rt, _ := newRealm(t)
	l := loop.New(rt, loop.Options{Deterministic: true, Navigation: 20 * time.Millisecond})
	l.Install(rt.GlobalObject(), nil)
	if err := InstallPerformance(realmOf(t, rt), rt.GlobalObject(), l); err != nil {
		t.Fatal(err)
	}
	if !l.Now().Equal(loop.DeterministicStart) || !l.TimeOrigin().Equal(loop.DeterministicStart.Add(-20*time.Millisecond)) {
		t.Errorf("Now %v, TimeOrigin %v: Date.now() must stay at Start, the time origin 20ms before", l.Now(), l.TimeOrigin())
	}
	for _, c := range []struct{ js, want string }{
		{`var n = performance.getEntriesByType("navigation")[0], now = performance.now(); now`, "20"},
		{`[0 < n.fetchStart, n.fetchStart <= n.domainLookupStart, n.domainLookupEnd <= n.connectStart, n.connectEnd <= n.requestStart,
			n.requestStart < n.responseStart, n.responseStart <= n.responseEnd, n.responseEnd <= now].join()`, "true,true,true,true,true,true,true"},
		{`var tm = performance.timing; [tm.navigationStart === performance.timeOrigin, tm.responseStart - tm.navigationStart, tm.fetchStart <= tm.requestStart,
			tm.domLoading >= tm.responseEnd, Date.now() - performance.timeOrigin].join()`, "true,10,true,true,20"},
	} {
		v, err := rt.RunString(c.js)
		if err != nil {
			t.Fatalf("%s: %v", c.js, err)
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s = %q, want %q", c.js, got, c.want)
		}
	}
}
