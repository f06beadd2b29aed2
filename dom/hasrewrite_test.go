package dom

import "testing"

func TestRelativeHasToHasChild(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{".a:has(> .b)", ".a:haschild(.b)"},
		{".a:HAS( >  .b )", ".a:haschild(.b)"},
		{"div:has(> p > .m)", "div:haschild(p:haschild(.m))"},
		{"div:has(> p .m)", "div:haschild(p:has(.m))"},
		{"div:has(> p, > span.x)", "div:haschild(p, span.x)"},
		{"div:has(> p[title='a > b'])", "div:haschild(p[title='a > b'])"},
		{"div:has(> p:not(.a .b))", "div:haschild(p:not(.a .b))"},
		{"a:has(> b) + c:has(> d) e", "a:haschild(b) + c:haschild(d) e"},
		// left as they are: not all relative to children, a sibling
		// combinator, no :has
		{"div:has(> p, span)", "div:has(> p, span)"},
		{"div:has(> p + p)", "div:has(> p + p)"},
		{"div:has(p)", "div:has(p)"},
		{"div > p", "div > p"},
	} {
		if got := RelativeHasToHasChild(tt.in); got != tt.want {
			t.Errorf("RelativeHasToHasChild(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// querySelectorAll with :has(> chain) and a list of child selectors
// (dom/nodes/moveBefore/moveBefore-child-list-selector-invalidation.html
// in WPT led to the style sheets' side of it).
func TestQuerySelectorHasChildChain(t *testing.T) {
	d := mustParse(t, `<div id=c><div id=a class=f><p><span class=mark></span></p></div><div id=b class=f><span><span class=mark></span></span></div><p id=d class=f><span class=mark></span></p></div>`)
	for _, tt := range []struct{ sel, want string }{
		{".f:has(> p > .mark)", "a"},
		{".f:has(> p .mark)", "a"},
		{".f:has(> span > .mark)", "b"},
		{".f:has(> .mark)", "d"},
		{"div.f:has(> p, > span)", "a,b"},
	} {
		l, err := d.QuerySelectorAll(tt.sel)
		if err != nil {
			t.Errorf("%s: %v", tt.sel, err)
			continue
		}
		got := ""
		for i, n := range l {
			if i > 0 {
				got += ","
			}
			got += n.ID()
		}
		if got != tt.want {
			t.Errorf("%s matched %q, want %q", tt.sel, got, tt.want)
		}
	}
}
