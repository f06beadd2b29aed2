package cssvalue

import "testing"

// NumberTokenEnd reads a number as a CSS number token does; numberEnd,
// for the values this package's callers write, also takes a dot that ends
// the digits.
func TestNumberEnds(t *testing.T) {
	for _, c := range []struct {
		in          string
		token, bare int
	}{
		{"12px", 2, 2},
		{"-1.5e3px", 6, 6},
		{"+.5", 3, 3},
		{"1.", 1, 2},
		{"1.e5", 1, 4},
		{"1.px", 1, 2},
		{"1e5.", 3, 3},
		{"1e", 1, 1},
		{"1e+", 1, 1},
		{".", 0, 0},
		{"-.", 0, 0},
		{"px", 0, 0},
		{"", 0, 0},
	} {
		if got := NumberTokenEnd(c.in); got != c.token {
			t.Errorf("NumberTokenEnd(%q) = %d, want %d", c.in, got, c.token)
		}
		if got := numberEnd(c.in); got != c.bare {
			t.Errorf("numberEnd(%q) = %d, want %d", c.in, got, c.bare)
		}
	}
}
