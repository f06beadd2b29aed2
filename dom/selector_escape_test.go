package dom

import "testing"

// TestSelectorEscapes checks CSS escape and preprocessing rules cascadia
// does not apply itself (what Chromium 156 matches for each).
func TestSelectorEscapes(t *testing.T) {
	d := mustParse(t, "<p id=\"\uFFFD\"></p><p id=\"a\uFFFD\"></p><p id=\"\uFFFDa\"></p><p id=\"a\uFFFDb\" title=\"\uFFFD\"></p><p id=\"0x\"></p>")
	for _, c := range []struct{ sel, id string }{
		{`#\0`, "\uFFFD"}, {`#\0 a`, "\uFFFDa"}, {`#\D800`, "\uFFFD"}, {`#\110000`, "\uFFFD"}, {`#\FFFFFF`, "\uFFFD"},
		{`#a\`, "a\uFFFD"}, {"#a\x00b", "a\uFFFDb"}, {"#\x00", "\uFFFD"}, {"#\x00a", "\uFFFDa"}, {`[title="\0"]`, "a\uFFFDb"}, {`#\30 x`, "0x"}, {`#\000030x`, "0x"},
		{`[title="\`, ""}, // a backslash at the end of a string is dropped: [title=""] matches nothing here
	} {
		got, err := d.QuerySelector(c.sel)
		switch {
		case err != nil:
			t.Errorf("%q: %v", c.sel, err)
		case c.id == "" && got != nil:
			t.Errorf("%q matched %q, want nothing", c.sel, got.ID())
		case c.id != "" && (got == nil || got.ID() != c.id):
			t.Errorf("%q matched %v, want %q", c.sel, got, c.id)
		}
	}
	if got := preprocessSelector(`#a\:b "\0" plain`); got != "#a\\:b \"\uFFFD\" plain" {
		t.Errorf("preprocessSelector = %q", got)
	}
}
