package webapi

import "testing"

// TestMarginGrow: a rootMargin grows the root rectangle by lengths and by
// percentages of its height (top, bottom) and width (right, left), as
// Chromium 148's rootBounds show (testdata/wpt/io19-intersection-geometry.html).
func TestMarginGrow(t *testing.T) {
	for _, c := range []struct {
		margin string
		in     Rect
		want   Rect
	}{
		{"30px 0px 30px 0px", Rect{8, 8, 1264, 100}, Rect{8, -22, 1264, 160}},
		{"25% 10% 25% 10%", Rect{8, 8, 200, 100}, Rect{-12, -17, 240, 150}},
		{"10% 0px -50px 0px", Rect{0, 0, 1280, 800}, Rect{0, -80, 1280, 830}},
		{"0px 0px 0px 0px", Rect{1, 2, 3, 4}, Rect{1, 2, 3, 4}},
	} {
		m := marginOf(c.margin)
		if got := m.Grow(c.in); got != c.want {
			t.Errorf("%q grows %v to %v, want %v", c.margin, c.in, got, c.want)
		}
	}
}

// TestRectIntersect: edges count; rects apart do not intersect.
func TestRectIntersect(t *testing.T) {
	for _, c := range []struct {
		a, b Rect
		want Rect
		ok   bool
	}{
		{Rect{208, 8, 200, 50}, Rect{8, 8, 300, 50}, Rect{208, 8, 100, 50}, true},
		{Rect{8, 108, 1264, 20}, Rect{8, 8, 1264, 100}, Rect{8, 108, 1264, 0}, true},
		{Rect{308, 8, 200, 50}, Rect{8, 8, 300, 50}, Rect{308, 8, 0, 50}, true},
		{Rect{408, 8, 200, 50}, Rect{8, 8, 300, 50}, Rect{}, false},
		{Rect{8, 8, 10, 0}, Rect{8, 20, 10, 10}, Rect{}, false},
	} {
		got, ok := c.a.Intersect(c.b)
		if got != c.want || ok != c.ok {
			t.Errorf("%v ∩ %v = %v, %v; want %v, %v", c.a, c.b, got, ok, c.want, c.ok)
		}
	}
	// single precision, as Chromium: 10.609375/20.09375 of the same width
	if r := ratio(Rect{W: 1263.40625, H: 20.09375}, Rect{W: 1263.40625, H: 10.609375}); r != 0.5279937982559204 {
		t.Errorf("ratio = %v, want Chromium's 0.5279937982559204", r)
	}
	if r := ratio(Rect{W: 100}, Rect{W: 100}); r != 1 {
		t.Errorf("a target with no area that intersects: ratio %v, want 1", r)
	}
}
