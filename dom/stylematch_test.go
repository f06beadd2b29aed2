package dom

import (
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
)

// TestStyleSelectorMatches: StyleSelector matches what querySelector
// matches for selectors with pseudo-classes whose state lives outside the
// tree, through every combinator and inside :not(), :is(), :where() and
// :has().
func TestStyleSelectorMatches(t *testing.T) {
	d := mustParse(t, `<div id=a class=box><input id=i placeholder=p><span id=s class=hint>h</span>`+
		`<input type=checkbox id=c checked><label id=l>l</label></div>`+
		`<div id=b popover><p id=p>x</p></div><x-el id=x></x-el><select><option id=o1>1<option id=o2 selected>2</select>`)
	i := d.GetElementByID("i")
	d.PseudoState = func(n *Node, name, arg string) bool {
		switch name {
		case "focus":
			return n == i
		case "focus-within":
			return n == i || n.ID() == "a"
		case "state":
			return n.ID() == "x" && arg == "on"
		}
		return false
	}
	for _, tc := range []struct {
		sel  string
		want []string
		// querySelector refuses it (:has() with a sibling combinator
		// takes no argument needing markers, KNOWN_GAPS)
		noQSA bool
	}{
		{"input:focus + .hint", []string{"s"}, false},
		{"input:focus ~ label", []string{"l"}, false},
		{".box:focus-within > :focus", []string{"i"}, false},
		{".box:focus-within .hint", []string{"s"}, false},
		{"div:not(:focus-within) p", []string{"p"}, false},
		{"[popover]:not(:popover-open)", []string{"b"}, false},
		{"x-el:state(on)", []string{"x"}, false},
		{"x-el:state(On)", nil, false},
		{"x-el:not(:defined)", []string{"x"}, false},
		{":checked + label", []string{"l"}, false},
		{"option:checked", []string{"o2"}, false},
		{"input:placeholder-shown", []string{"i"}, false},
		{":is(.nothing, input:focus)", []string{"i"}, false},
		{":where(input:focus, :state(on))", []string{"i", "x"}, false},
		{"div:has(> input:focus)", []string{"a"}, false},
		{"div:has(:focus)", []string{"a"}, false},
		{"input:has(+ .hint:not(:focus))", []string{"i"}, true},
		{":is(.box, #b):focus-within", []string{"a"}, false},
		{"div:not(:is(.box)) > p:not(:focus)", []string{"p"}, false},
		{"div:has(> .hint):focus-within", []string{"a"}, false},
		{"p:dir(ltr)", []string{"p"}, false},
		{":dir(rtl)", nil, false},
	} {
		sel, err := ParseStyleSelector(tc.sel)
		if err != nil {
			t.Errorf("%s: %v", tc.sel, err)
			continue
		}
		var got []string
		d.Descendants(func(n *Node) bool {
			if n.IsElement() && sel.Match(n.HTML()) {
				got = append(got, n.ID())
			}
			return true
		})
		if len(got) != len(tc.want) || len(got) > 0 && got[0] != tc.want[0] || len(got) > 1 && got[1] != tc.want[1] {
			t.Errorf("%s matched %v, want %v", tc.sel, got, tc.want)
		}
		if tc.noQSA {
			continue
		}
		// querySelectorAll agrees
		qa, err := d.QuerySelectorAll(tc.sel)
		if err != nil {
			t.Errorf("%s: querySelectorAll: %v", tc.sel, err)
			continue
		}
		if len(qa) != len(got) {
			t.Errorf("%s: querySelectorAll found %d, the style selector %d", tc.sel, len(qa), len(got))
		}
	}
}

// TestStyleSelectorParse: specificity, pseudo-elements, and what is
// refused.
func TestStyleSelectorParse(t *testing.T) {
	for _, tc := range []struct {
		sel    string
		spec   cascadia.Specificity
		pseudo string
	}{
		{"input:focus", cascadia.Specificity{0, 1, 1}, ""},
		{"#a .b:focus-within > p", cascadia.Specificity{1, 2, 1}, ""},
		{":not(:focus, #x)", cascadia.Specificity{1, 0, 0}, ""},
		{":is(:focus, .a.b)", cascadia.Specificity{0, 2, 0}, ""},
		{":where(#x:focus)", cascadia.Specificity{0, 0, 0}, ""},
		{"x-y:state(on)::before", cascadia.Specificity{0, 1, 2}, "before"},
		{"a:focus:after", cascadia.Specificity{0, 1, 2}, "after"},
		{"a:checked[x] ~ b", cascadia.Specificity{0, 2, 2}, ""},
		{":is(.a, #b):focus", cascadia.Specificity{1, 1, 0}, ""},
		{":where(.a, #b):focus", cascadia.Specificity{0, 1, 0}, ""},
		{"input::-webkit-input-placeholder", cascadia.Specificity{0, 0, 2}, "placeholder"}, // Chromium's alias
		{"input::-webkit-search-cancel-button", cascadia.Specificity{0, 0, 2}, "-webkit-search-cancel-button"},
	} {
		sel, err := ParseStyleSelector(tc.sel)
		if err != nil {
			t.Errorf("%s: %v", tc.sel, err)
			continue
		}
		if sel.Specificity() != tc.spec || sel.PseudoElement() != tc.pseudo || sel.String() != tc.sel {
			t.Errorf("%s: specificity %v pseudo %q, want %v %q", tc.sel, sel.Specificity(), sel.PseudoElement(), tc.spec, tc.pseudo)
		}
	}
	for _, bad := range []string{"", ":focus >", "> :focus", "a:focus::before b", ":state()", ":state(a b)",
		":focus::part(x)", ":not(:focus::before)", "a:focus + + b", ":focus[x", ":focus:unknown-thing", "::before:focus"} {
		if _, err := ParseStyleSelector(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// TestNeedsStyleMatcher: only selectors with such pseudo-classes go to
// StyleSelector.
func TestNeedsStyleMatcher(t *testing.T) {
	for sel, want := range map[string]bool{
		".a:hover": false, "p::before": false, ".a > .b": false, "a:first-child": false,
		"input:focus": true, ":not(:popover-open)": true, "x:state(a)": true, "a:dir(rtl)": true, "a:CHECKED": true, ":defined": true,
		"a:has(+ b)": true, "a:has(~ b c)": true,
	} {
		if got := NeedsStyleMatcher(sel); got != want {
			t.Errorf("NeedsStyleMatcher(%q) = %v", sel, got)
		}
	}
}

// FuzzParseStyleSelector: any text parses or fails with an error, and a
// parsed selector matches without panicking.
func FuzzParseStyleSelector(f *testing.F) {
	for _, s := range []string{"input:focus + .hint", ":not(:popover-open)", "x:state(\\31 a)", "a:has(> b:checked, ~ c)",
		":is(:focus, [a=\"b\"])::before", "a\\:focus", "[x=':focus']:focus", ":where(:focus", "a:focus::after b"} {
		f.Add(s)
	}
	d, err := Parse(strings.NewReader(`<div class=a><input id=i><p>x</p></div>`))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sel, err := ParseStyleSelector(s)
		if err != nil {
			return
		}
		d.Descendants(func(n *Node) bool {
			if n.IsElement() {
				sel.Match(n.HTML())
			}
			return true
		})
	})
}

// TestStyleSelectorLegacyCaseAttrs: a selector on one of HTML's legacy
// case-insensitive attributes, with no flag, goes to StyleSelector, which
// folds the value's ASCII case on HTML elements of an HTML document and
// compares it exactly on others; a flag or another attribute stays with
// cascadia.
func TestStyleSelectorLegacyCaseAttrs(t *testing.T) {
	d := mustParse(t, `<span id=h type=FOO></span><svg><a id=s type=FOO></a><a id=e type=foo></a></svg>`+
		`<div id=r dir=RTL><b id=b>x</b></div><p id=l lang=EN-us></p><i id=x data-t=FOO></i>`)
	for sel, want := range map[string]bool{
		`[type=foo]`: true, `[TYPE="foo"]`: true, `span[type^=F]`: true, `[lang|=en]`: true,
		`[type=foo s]`: true, `[data-t=foo s]`: true, `[type=foo i]`: false, `[data-t=foo]`: false, `[type]`: false,
	} {
		if got := NeedsStyleMatcher(sel); got != want {
			t.Errorf("NeedsStyleMatcher(%q) = %v, want %v", sel, got, want)
		}
		if NeedsStyleMatcherBeyondCase(sel) {
			t.Errorf("NeedsStyleMatcherBeyondCase(%q) = true", sel)
		}
	}
	for _, tc := range []struct {
		sel  string
		want string
	}{
		{`[type=foo]`, "h e"},
		{`[type="FOO"]`, "h s"},
		{`[type=foo s]`, "e"},
		{`[dir=rtl] > b`, "b"},
		{`[lang|=en]`, "l"},
		{`[data-t=foo]`, ""},
		{`:is([type=fOo])`, "h"},
	} {
		sel, err := ParseStyleSelector(tc.sel)
		if err != nil {
			t.Errorf("%s: %v", tc.sel, err)
			continue
		}
		var got []string
		d.Descendants(func(n *Node) bool {
			if n.IsElement() && sel.Match(n.HTML()) {
				got = append(got, n.ID())
			}
			return true
		})
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s matched %q, want %q", tc.sel, g, tc.want)
		}
	}
}
