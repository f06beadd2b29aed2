package jsruntime

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestComputedValues: getComputedStyle computes values (math functions,
// relative units against the element's and the root's font size, colors,
// inheritance of computed values) as Chromium reports them. The broad
// comparison with Chromium is testdata/wpt/conf-cssom-values.html.
func TestComputedValues(t *testing.T) {
	p := newPage(t, `<!doctype html><html style="font-size: 20px"><style>
#p::before { content: "b"; color: rgb(9, 9, 9) } #p { color: rgb(1, 1, 1) }
</style><div id=host style="width: 200px"><div id=x></div></div><div id=p></div></html>`, nil)
	p.run()
	for _, c := range []struct {
		style, parent, prop, want string
	}{
		{"margin-left: calc(10px + 5px)", "", "margin-left", "15px"},
		{"padding-left: calc(1rem + 1px)", "", "padding-left", "21px"},
		{"padding-left: calc(-5px)", "", "padding-left", "0px"},
		{"margin-left: 2em", "font-size: 10px", "margin-left", "20px"},
		{"margin-left: 10mm", "", "margin-left", "37.7953px"},
		{"font-size: 50%", "font-size: 10px", "font-size", "5px"},
		{"font-size: 1.5rem", "", "font-size", "30px"},
		{"font-size: max(1rem, 25px)", "", "font-size", "25px"},
		{"width: calc(50% + 10px)", "", "width", "110px"},
		{"width: calc(100% - 2em); display: none; font-size: 10px", "", "width", "calc(100% - 20px)"},
		{"text-indent: max(10%, 1em); font-size: 10px", "", "text-indent", "max(10%, 10px)"},
		{"font-size: 20px", "font-size: 10px; letter-spacing: 1em", "letter-spacing", "10px"},
		{"font-size: 20px", "font-size: 10px; line-height: 2", "line-height", "40px"},
		{"font-size: 20px", "font-size: 10px; line-height: 200%", "line-height", "20px"},
		{"color: hwb(120 0% 50%)", "", "color", "rgb(0, 128, 0)"},
		{"", "color: red", "border-top-color", "rgb(255, 0, 0)"},
		{"background-color: inherit", "background-color: blue", "background-color", "rgb(0, 0, 255)"},
		{"padding-left: var(--m)", "--m: red", "padding-left", "0px"},
		{"z-index: calc(1 + 2)", "", "z-index", "3"},
		{"opacity: 50%", "", "opacity", "0.5"},
		{"transition-duration: 200ms", "", "transition-duration", "0.2s"},
		{"border: solid", "", "border-top-width", "3px"},
		{"border: solid red", "", "border", "3px solid rgb(255, 0, 0)"},
		{"border-left: 1.7px solid", "", "border-left-width", "1px"},
		{"overflow-y: scroll", "", "overflow-x", "auto"},
		{"", "", "min-width", "0px"},
		{"margin: var(--m)", "--m: 1px 2px", "margin", "1px 2px"},
		{"margin: var(--m); margin-left: 5px", "--m: 1px 2px", "margin-left", "5px"},
		{"margin-left: 5px; margin: var(--m)", "--m: 1px 2px", "margin-left", "2px"},
		{"border: var(--b)", "--b: 2px solid red", "border-left-color", "rgb(255, 0, 0)"},
		{"padding: var(--nope)", "", "padding-top", "0px"},
		{"font: italic bold 12px/30px Georgia, serif", "", "font", "italic 700 12px / 30px Georgia, serif"},
		{"transition: opacity 1s, color 200ms", "", "transition", "opacity 1s, color 0.2s"},
		{"background: red", "", "background", "rgb(255, 0, 0) none repeat scroll 0% 0% / auto padding-box border-box"},
	} {
		p.eval(`var x = document.getElementById('x'); x.style.cssText = ` + jsString(c.style) + `; x.parentNode.style.cssText = 'width: 200px;' + ` + jsString(c.parent))
		if got := p.eval(`getComputedStyle(x).getPropertyValue(` + jsString(c.prop) + `)`); got != c.want {
			t.Errorf("%s of {%s} in {%s} = %q, want %q", c.prop, c.style, c.parent, got, c.want)
		}
	}
	for _, c := range []struct{ js, want string }{
		{`getComputedStyle(document.getElementById('p')).color`, "rgb(1, 1, 1)"},
		{`getComputedStyle(document.getElementById('p'), '::before').color`, "rgb(9, 9, 9)"},
		{`getComputedStyle(document.getElementById('p'), '::before').content`, `"b"`},
		{`getComputedStyle(document.getElementById('p'), '::after').content`, "none"},
		{`getComputedStyle(document.getElementById('p'), '::after').color`, "rgb(1, 1, 1)"},
		{`getComputedStyle(document.getElementById('p'), '::nope').length`, "0"},
		{`CSS.registerProperty({name: '--len', syntax: '<length>', inherits: false, initialValue: '1px'}); x.style.cssText = '--len: 2em; font-size: 10px'; getComputedStyle(x).getPropertyValue('--len')`, "20px"},
	} {
		if got := p.eval(c.js); got != c.want {
			t.Errorf("%s = %q, want %q", c.js, got, c.want)
		}
	}
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestCSSPropertyList: the property lists taken from Chromium hold whole
// names (a list wrapped at its hyphens once split scroll-behavior in two,
// and 'scrollBehavior' in style was false).
func TestCSSPropertyList(t *testing.T) {
	for _, p := range []string{"scroll-behavior", "-webkit-appearance", "overscroll-behavior-x", "color", "inset"} {
		if !cssProperties[p] {
			t.Errorf("%s is not a CSS property", p)
		}
	}
	for p := range cssProperties {
		if p[len(p)-1] == '-' || p[0] >= 'a' && p[0] <= 'z' && strings.HasPrefix(p, "behavior") {
			t.Errorf("%q is a piece of a name", p)
		}
	}
	if n := len(computedNames()); n != 479 {
		t.Errorf("%d computed longhands, want Chromium's 479", n)
	}
}
