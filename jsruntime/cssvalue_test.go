package jsruntime

import "testing"

func TestNormalizeValue(t *testing.T) {
	tests := []struct {
		prop, in, want string
		ok             bool
	}{
		{"color", "#FF0000", "rgb(255, 0, 0)", true},
		{"color", "#f008", "rgba(255, 0, 0, 0.533)", true},
		{"color", "RGB(0, 128, 0)", "rgb(0, 128, 0)", true},
		{"color", "rgba(0,0,0,.5)", "rgba(0, 0, 0, 0.5)", true},
		{"color", "rgb(0 0 0 / 50%)", "rgba(0, 0, 0, 0.5)", true},
		{"color", "hsl(120, 100%, 25%)", "rgb(0, 128, 0)", true},
		{"color", "Red", "red", true},
		{"color", "oklch(63.7% 0.237 25.331)", "oklch(0.637 0.237 25.331)", true},
		{"color", "OKLCH(0.5 40% 120deg / 50%)", "oklch(0.5 0.16 120 / 0.5)", true},
		{"color", "lab(50% 25% -40)", "lab(50 31.25 -40)", true},
		{"color", "lch(50 10 none / 1)", "lch(50 10 none)", true},
		{"color", "oklab(1 2)", "", false},
		{"color", "oklch(1 2 3%)", "", false},
		{"color", "notacolor", "", false},
		{"color", "red blue", "", false},
		{"width", "10.50PX", "10.5px", true},
		{"width", "0", "0px", true},
		{"width", "10", "", false},
		{"width", "50%", "50%", true},
		{"width", "AUTO", "auto", true},
		{"width", "calc(100% - 10PX)", "calc(100% - 10px)", true},
		{"display", "bogus", "", false},
		{"display", "Inline-Block", "inline-block", true},
		// the multi-keyword syntax, in Chromium's shortest form
		{"display", "flow", "block", true},
		{"display", "inline flow-root", "inline-block", true},
		{"display", "flex INLINE", "inline-flex", true},
		{"display", "ruby block", "block ruby", true},
		{"display", "list-item flow-root inline", "inline flow-root list-item", true},
		{"display", "block block", "", false},
		{"display", "list-item grid", "", false},
		{"display", "none flow", "", false},
		{"display", "table-row flow", "", false},
		{"display", "block math", "block math", true},
		{"text-indent", "each-line 1em hanging", "1em hanging each-line", true},
		{"text-indent", "hanging hanging 1px", "", false},
		{"align-items", "first baseline", "baseline", true},
		{"justify-items", "right legacy", "legacy right", true},
		{"justify-items", "legacy", "legacy", true},
		{"opacity", "0.50", "0.5", true},
		{"opacity", "undefined", "", false}, // ApexCharts sets style.opacity = undefined
		{"flex-grow", "x)", "", false},
		{"opacity", "calc(0.5)", "calc(0.5)", true},
		{"z-index", "3", "3", true},
		{"z-index", "1.5", "", false},
		{"background-image", "url(a.png)", `url("a.png")`, true},
		{"background-image", "url('a\"b.png')", `url("a\"b.png")`, true},
		{"transform", "ROTATE(1DEG)", "rotate(1deg)", true},
		{"transform", "translateX(100px) TRANSLATEY(2PX) rotateZ(3deg) skewx(1deg) translate3D(1px, 2px, 3px)", "translateX(100px) translateY(2px) rotateZ(3deg) skewX(1deg) translate3d(1px, 2px, 3px)", true},
		{"font-family", "'Open Sans', Arial", `"Open Sans", Arial`, true},
		{"width", "var(--W)", "var(--W)", true},
		{"color", "inherit", "inherit", true},
		{"--x", " 5px ", "5px", true},
	}
	for _, tt := range tests {
		got, ok := normalizeValue(tt.prop, tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("normalizeValue(%q, %q) = %q, %v; want %q, %v", tt.prop, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDeclarationsShorthands(t *testing.T) {
	tests := []struct{ in, want string }{
		{"margin: 1px 2px", "margin: 1px 2px;"},
		{"margin: 0; color: RED", "margin: 0px; color: red;"},
		{"margin-top: 1px; margin-right: 1px; margin-bottom: 1px; margin-left: 1px", "margin: 1px;"},
		{"margin-top: 1px; margin-right: 1px", "margin-top: 1px; margin-right: 1px;"},
		{"padding: 1px 2px 3px", "padding: 1px 2px 3px;"},
		{"border: 1px solid #000", "border: 1px solid rgb(0, 0, 0);"},
		{"border: 0", "border: 0px;"},
		{"border-top: thin dashed red", "border-top: thin dashed red;"},
		// border resets border-image too (Chromium 156)
		{"border: 1px solid red; border-left-color: blue", "border-width: 1px; border-style: solid; border-color: red red red blue; border-image: none;"},
		{"border: none", "border-width: medium; border-style: none; border-color: currentcolor; border-image: none;"},
		{"border: 0", "border: 0px;"},
		{"border: 1px solid red; border-image: url(x.png) 30", "border-width: 1px; border-style: solid; border-color: red; border-image: url(\"x.png\") 30 / 1 / 0 stretch;"},
		{"border-image: url(x.png) 10% 20 fill / 2px / 1 space", "border-image: url(\"x.png\") 10% 20 fill / 2px / 1 space;"},
		{"border-top: none", "border-top-width: medium; border-top-style: none; border-top-color: currentcolor;"},
		// font resets font-kerning and the rest (Chromium 156)
		{"font: 10px Arial; font-weight: bold", "font: bold 10px Arial;"},
		{"font: 12px serif; font-stretch: 50%", "font: ultra-condensed 12px serif;"},
		{"font: 12px serif; font-variant: small-caps", "font: small-caps 12px serif;"},
		{"font: 10px Arial; font-kerning: none", "font-style: normal; font-variant: normal; font-size-adjust: none; font-language-override: normal; font-optical-sizing: auto; font-feature-settings: normal; font-variation-settings: normal; font-weight: normal; font-stretch: normal; font-size: 10px; line-height: normal; font-family: Arial; font-kerning: none;"},
		{"font: 12px serif; font-variant-numeric: oldstyle-nums", "font-style: normal; font-variant: oldstyle-nums; font-size-adjust: none; font-language-override: normal; font-kerning: auto; font-optical-sizing: auto; font-feature-settings: normal; font-variation-settings: normal; font-weight: normal; font-stretch: normal; font-size: 12px; line-height: normal; font-family: serif;"},
		{"font-variant: small-caps oldstyle-nums", "font-variant: small-caps oldstyle-nums;"},
		{"font-variant: none", "font-variant: none;"},
		{"font-variant: bogus; color: red", "color: red;"},
		{"background: red", "background: red;"},
		{"background: url(a.png) no-repeat", `background: url("a.png") no-repeat;`},
		{"background: linear-gradient(red, blue), url(b.png)", `background: linear-gradient(red, blue), url("b.png");`},
		{"transition: opacity 0.3s ease", "transition: opacity 0.3s;"},
		{"transition: opacity .3s, transform 1s ease-in 2s", "transition: opacity 0.3s, transform 1s ease-in 2s;"},
		{"font: bold 12px/1.5 Arial, sans-serif", "font: bold 12px / 1.5 Arial, sans-serif;"},
		{"flex: 1", "flex: 1 1 0%;"},
		{"overflow: hidden auto", "overflow: hidden auto;"},
		// Chromium's parsed blocks: important declarations last, and an
		// important declaration beats a later normal one.
		{"margin: 1px !important; color: red", "color: red; margin: 1px !important;"},
		{"padding: 0 !important; color: red; margin-left: 4px; margin: 0; color: blue", "margin: 0px; color: blue; padding: 0px !important;"},
		{"color: red !important; color: blue; margin-left: 1px !important; margin: 2px", "margin-top: 2px; margin-right: 2px; margin-bottom: 2px; color: red !important; margin-left: 1px !important;"},
		{"margin: 1px !important; margin: 2px; margin-top: 5px !important", "margin: 5px 1px 1px !important;"},
		{"margin-left: 1px; margin: var(--m)", "margin: var(--m);"},
		// longhands holding var() or env() are written on their own
		{"padding-left: var(--a); padding-right: var(--a); padding-top: 2px; padding-bottom: 2px", "padding-left: var(--a); padding-right: var(--a); padding-top: 2px; padding-bottom: 2px;"},
		{"margin-top: var(--m); margin-right: var(--m); margin-bottom: var(--m); margin-left: var(--m)", "margin-top: var(--m); margin-right: var(--m); margin-bottom: var(--m); margin-left: var(--m);"},
		{"overflow-x: env(x); overflow-y: hidden", "overflow-x: env(x); overflow-y: hidden;"},
		{"margin: inherit", "margin: inherit;"},
		{"margin: 1px 2px 3px 4px 5px; color: red", "color: red;"},
		{"-webkit-transform: rotate(1deg)", "transform: rotate(1deg);"},
		// text-decoration, as Chromium 156 writes it back
		{"text-decoration: red underline", "text-decoration: underline red;"},
		{"text-decoration: dotted underline 2px", "text-decoration: underline 2px dotted;"},
		{"text-decoration: underline solid currentcolor auto", "text-decoration: underline;"},
		{"text-decoration: blue", "text-decoration: blue;"},
		{"text-decoration: underline overline wavy", "text-decoration: underline overline wavy;"},
		{"text-decoration: none", "text-decoration: none;"},
		{"text-decoration: underline underline; color: red", "color: red;"},
		{"text-decoration: underline red overline; color: red", "color: red;"},
		{"text-decoration: bogus; color: red", "color: red;"},
		{"text-decoration: underline; text-decoration-color: blue", "text-decoration: underline blue;"},
		// list-style, as Chromium 156 writes it back
		{"list-style: square inside", "list-style: inside square;"},
		{"list-style: none", "list-style: none;"},
		{"list-style: disc outside none", "list-style: outside none disc;"},
		{"list-style: none none", "list-style: none none;"},
		{"list-style: lower-roman none", "list-style: none lower-roman;"},
		{"list-style: none url(a.png)", `list-style: url("a.png") none;`},
		{`list-style: "-" inside`, `list-style: inside "-";`},
		{"list-style: none none none; color: red", "color: red;"},
		{"list-style: inside outside; color: red", "color: red;"},
	}
	for _, tt := range tests {
		if got := serializeDeclarations(parseDeclarations(tt.in)); got != tt.want {
			t.Errorf("%q serializes as %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzDeclarationsRoundTrip(f *testing.F) {
	for _, s := range []string{"margin: 1px 2px", "background: url(x) red", "font: 12px/1 a", "transition: a 1s, b", "color: rgb(1 2 3 / 4%)",
		"border: 1px solid; border-image: url(x) 30 fill / 2 / 1px round", "font: 1px a; font-variant: none", "font-variant: small-caps ordinal"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := serializeDeclarations(parseDeclarations(s))
		if twice := serializeDeclarations(parseDeclarations(once)); twice != once {
			t.Fatalf("not stable: %q -> %q -> %q", s, once, twice)
		}
	})
}

// FuzzNormalizeValue: property values come from pages (style.x = v,
// setProperty); normalizing any property's value must never panic, and a
// value it accepts must be accepted again.
func FuzzNormalizeValue(f *testing.F) {
	for _, s := range [][2]string{{"opacity", "undefined"}, {"color", "RGB(1,2,3)"}, {"transform", "translateX(1px)"},
		{"width", "calc(1px + 2%)"}, {"flex-grow", "("}, {"background-image", "url(x)"}, {"display", "inline flex"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, prop, value string) {
		once, ok := normalizeValue(prop, value)
		if !ok {
			return
		}
		if _, ok := normalizeValue(prop, once); !ok {
			t.Fatalf("%q: %q normalizes to %q, which is refused", prop, value, once)
		}
	})
}

func BenchmarkParseDeclarations(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		serializeDeclarations(parseDeclarations("color: #FF0000; margin: 0 auto; border: 1px solid red; transition: opacity .3s ease; width: 10.5PX"))
	}
}
