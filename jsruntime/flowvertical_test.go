package jsruntime

import "testing"

// TestWritingModeToPhysical: a rect laid out in a mode's logical axes
// lands on the physical side the mode starts its blocks and lines from,
// its inline and block sizes swapped in a vertical mode.
func TestWritingModeToPhysical(t *testing.T) {
	// a 10 (inline) by 20 (block) rect, 3 along the inline axis and 5
	// down the block axis, in a content box 100 wide and 200 tall
	for _, c := range []struct {
		m          writingMode
		x, y, w, h float64
	}{
		{wmHorizontal, 3, 5, 10, 20},
		{wmVerticalRL, 100 - 5 - 20, 3, 20, 10}, // blocks from the right, lines down
		{wmVerticalLR, 5, 3, 20, 10},            // blocks from the left
		{wmSidewaysLR, 5, 200 - 3 - 10, 20, 10}, // lines up from the bottom
	} {
		x, y, w, h := c.m.toPhysical(3, 5, 10, 20, 100, 200)
		if x != c.x || y != c.y || w != c.w || h != c.h {
			t.Errorf("mode %d: got %v,%v %vx%v, want %v,%v %vx%v", c.m, x, y, w, h, c.x, c.y, c.w, c.h)
		}
	}
}

// TestWritingModeSides: the block-start side and the line-left side of
// each mode, and the legacy values as Chromium computes them.
func TestWritingModeSides(t *testing.T) {
	for v, want := range map[string]writingMode{
		"horizontal-tb": wmHorizontal, "lr": wmHorizontal, "lr-tb": wmHorizontal, "rl": wmHorizontal, "rl-tb": wmHorizontal,
		"vertical-rl": wmVerticalRL, "tb-rl": wmVerticalRL, "tb": wmVerticalRL, "sideways-rl": wmVerticalRL,
		"vertical-lr": wmVerticalLR, "sideways-lr": wmSidewaysLR,
	} {
		if got := parseWritingMode(v); got != want {
			t.Errorf("%s: got mode %d, want %d", v, got, want)
		}
	}
	for _, c := range []struct {
		m          writingMode
		prop, want string
	}{
		{wmHorizontal, "margin-top", "margin-top"},
		{wmVerticalRL, "margin-top", "margin-right"},
		{wmVerticalRL, "padding-left", "padding-top"},
		{wmVerticalRL, "bottom", "left"},
		{wmVerticalLR, "margin-top", "margin-left"},
		{wmVerticalLR, "margin-right", "margin-bottom"},
		{wmSidewaysLR, "padding-left", "padding-bottom"},
		{wmSidewaysLR, "right", "top"},
		{wmVerticalRL, "overflow-y", "overflow-x"},
	} {
		if got := physicalProp(c.m, c.prop); got != c.want {
			t.Errorf("mode %d: %s reads %s, want %s", c.m, c.prop, got, c.want)
		}
	}
}
