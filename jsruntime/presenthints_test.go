package jsruntime

import "testing"

// Chromium 156's background-color for these bgcolor values
// (testdata/wpt/layout48-table-hints.html records most of them).
func TestParseLegacyColor(t *testing.T) {
	for _, c := range []struct {
		in      string
		r, g, b int
		ok      bool
	}{
		{"red", 255, 0, 0, true},
		{"red ", 255, 0, 0, true},
		{"#abc", 170, 187, 204, true},
		{"abc", 10, 11, 12, true},
		{"fff", 15, 15, 15, true},
		{"chucknorris", 192, 0, 0, true},
		{"#12345678", 18, 69, 120, true},
		{"rgb(1,2,3)", 0, 16, 48, true},
		{"  #0000ff", 0, 0, 255, true},
		{"#ggg", 0, 0, 0, true},
		{"", 0, 0, 0, false},
		{"transparent", 0, 0, 0, false},
	} {
		r, g, b, ok := parseLegacyColor(c.in)
		if ok != c.ok || ok && (r != c.r || g != c.g || b != c.b) {
			t.Errorf("parseLegacyColor(%q) = %d, %d, %d, %v; want %d, %d, %d, %v", c.in, r, g, b, ok, c.r, c.g, c.b, c.ok)
		}
	}
}

func TestParseHTMLDimension(t *testing.T) {
	for _, c := range []struct {
		in      string
		x       float64
		pct, ok bool
	}{
		{"300", 300, false, true}, {"  200", 200, false, true}, {"200px", 200, false, true},
		{"50.5%", 50.5, true, true}, {"4.", 4, false, true}, {"abc", 0, false, false}, {"", 0, false, false}, {"-3", 0, false, false},
	} {
		x, pct, ok := parseHTMLDimension(c.in)
		if x != c.x || pct != c.pct || ok != c.ok {
			t.Errorf("parseHTMLDimension(%q) = %v, %v, %v; want %v, %v, %v", c.in, x, pct, ok, c.x, c.pct, c.ok)
		}
	}
}
