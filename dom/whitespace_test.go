package dom

import "testing"

func TestWhiteSpace(t *testing.T) {
	for _, c := range []struct {
		keyword, collapse, mode string
		spaces, breaks, wraps   bool
	}{
		{"normal", "collapse", "wrap", true, false, true},
		{"nowrap", "collapse", "nowrap", true, false, false},
		{"pre", "preserve", "nowrap", false, true, false},
		{"pre-wrap", "preserve", "wrap", false, true, true},
		{"pre-line", "preserve-breaks", "wrap", true, true, true},
		{"break-spaces", "break-spaces", "wrap", false, true, true},
		{"preserve-breaks nowrap", "preserve-breaks", "nowrap", true, true, false},
		{"break-spaces nowrap", "break-spaces", "nowrap", false, true, false},
	} {
		ws, ok := ParseWhiteSpace(c.keyword)
		if !ok || ws != WhiteSpaceOf(c.collapse, c.mode) {
			t.Errorf("%s: ParseWhiteSpace %v %v, WhiteSpaceOf %v", c.keyword, ws, ok, WhiteSpaceOf(c.collapse, c.mode))
		}
		if ws.CollapsesSpaces() != c.spaces || ws.PreservesBreaks() != c.breaks || ws.Wraps() != c.wraps {
			t.Errorf("%s: spaces %v breaks %v wraps %v", c.keyword, ws.CollapsesSpaces(), ws.PreservesBreaks(), ws.Wraps())
		}
		if ws.BreakSpaces() != (c.collapse == "break-spaces") {
			t.Errorf("%s: BreakSpaces %v", c.keyword, ws.BreakSpaces())
		}
		if got := ws.WithWrap(!c.wraps).WithWrap(c.wraps); got != ws {
			t.Errorf("%s: WithWrap round trip %v", c.keyword, got)
		}
		if got := ws.WithCollapse(WSBreakSpaces).WithCollapse(ws.Collapse()); got != ws {
			t.Errorf("%s: WithCollapse round trip %v", c.keyword, got)
		}
	}
	for _, v := range []string{"", "pre ", "preserve-spaces", "preserve wrap nowrap", "bogus nowrap", "preserve bogus"} {
		if ws, ok := ParseWhiteSpace(v); ok {
			t.Errorf("ParseWhiteSpace(%q) = %v, want no value", v, ws)
		}
	}
	if WhiteSpaceOf("bogus", "bogus") != 0 {
		t.Error("WhiteSpaceOf of unknown values: want normal")
	}
}
