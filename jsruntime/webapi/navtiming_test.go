package webapi

import "testing"

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
