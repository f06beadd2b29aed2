package jsruntime

import "testing"

// The values are Chromium 156's: getPropertyValue after setProperty on a
// CSSFontFaceRule's style (an invalid value leaves the descriptor unset).
func TestFontFaceDescriptor(t *testing.T) {
	tests := []struct{ name, value, want string }{
		{"src", `url(a) format(bogus), url(b)`, `url("b")`},
		{"src", `url(a) format("embedded-opentype")`, ``},
		{"src", `url(a), bogus, url(b)`, `url("a"), url("b")`},
		{"src", `url(a) format("woff2", "woff")`, ``},
		{"src", `url(a) format(woff2) tech(color-COLRv1, variations)`, `url("a") format("woff2") tech(color-colrv1, variations)`},
		{"src", `url(a) tech(bogus)`, ``},
		{"src", `local(serif)`, `local("serif")`},
		{"src", `local("a"), url(b) format(opentype)`, `local("a"), url("b") format("opentype")`},
		{"src", `url("a b")`, `url("a b")`},
		{"src", `url(a)  ,  url(b)`, `url("a"), url("b")`},
		{"src", `local(a b c)`, `local("a b c")`},
		{"src", `local(a 1)`, ``},
		{"src", `url(a) format(svg)`, ``},
		{"src", `url(a) format(collection)`, `url("a") format("collection")`},
		{"src", `url(a) format(truetype-variations)`, ``},
		{"src", `url('x\'y')`, `url("x'y")`},
		{"font-family", `serif`, ``},
		{"font-family", `"serif"`, `"serif"`},
		{"font-family", `initial`, `initial`},
		{"font-family", `inherit`, `inherit`},
		{"font-family", `a, b`, ``},
		{"font-family", `"a" b`, ``},
		{"font-family", `a  b`, `"a b"`},
		{"font-family", `Times New Roman`, `"Times New Roman"`},
		{"font-family", `default`, ``},
		{"font-family", `a "b"`, ``},
		{"unicode-range", `u+0025-00ff`, `U+25-FF`},
		{"unicode-range", `U+4??`, `U+400-4FF`},
		{"unicode-range", `U+41-41`, `U+41`},
		{"unicode-range", `U+42-41`, ``},
		{"unicode-range", `U+10FFFF`, `U+10FFFF`},
		{"unicode-range", `U+110000`, ``},
		{"unicode-range", `U+0-10FFFF`, `U+0-10FFFF`},
		{"unicode-range", `U+??????`, ``},
		{"unicode-range", `U+1????`, `U+10000-1FFFF`},
		{"unicode-range", `u+a, u+b`, `U+A, U+B`},
		{"unicode-range", `U+41 , U+42`, `U+41, U+42`},
		{"unicode-range", `U+`, ``},
		{"unicode-range", `U+0-7F,`, ``},
		{"unicode-range", `U+00000041`, ``},
		{"font-weight", `0`, ``},
		{"font-weight", `1`, `1`},
		{"font-weight", `1000`, `1000`},
		{"font-weight", `1000.5`, ``},
		{"font-weight", `0.5`, ``},
		{"font-weight", `bold`, `bold`},
		{"font-weight", `bolder`, ``},
		{"font-weight", `normal bold`, ``},
		{"font-weight", `400 400`, `400 400`},
		{"font-weight", `auto`, `auto`},
		{"font-weight", `calc(100 + 200)`, `calc(300)`},
		{"font-weight", `100.25`, `100.25`},
		{"font-weight", `1e2`, `100`},
		{"font-weight", `700 300`, `700 300`},
		{"font-style", `oblique`, `oblique`},
		{"font-style", `oblique 0deg`, `normal`},
		{"font-style", `oblique 14deg`, `oblique 14deg`},
		{"font-style", `oblique -20deg 20deg`, `oblique -20deg 20deg`},
		{"font-style", `oblique 91deg`, ``},
		{"font-style", `oblique 20deg 20deg`, `oblique 20deg 20deg`},
		{"font-style", `oblique 0deg 0deg`, `normal`},
		{"font-style", `oblique 0.5turn`, `oblique 0.5turn`},
		{"font-style", `oblique 10grad`, `oblique 10grad`},
		{"font-style", `auto`, `auto`},
		{"font-style", `ITALIC`, `italic`},
		{"font-style", `normal italic`, ``},
		{"font-style", `oblique 0deg 10deg`, `oblique 0deg 10deg`},
		{"font-style", `oblique 14deg 0deg`, `oblique 14deg 0deg`},
		{"font-stretch", `50%`, `50%`},
		{"font-stretch", `50% 200%`, `50% 200%`},
		{"font-stretch", `condensed expanded`, ``},
		{"font-stretch", `normal`, `normal`},
		{"font-stretch", `auto`, `auto`},
		{"font-stretch", `-1%`, ``},
		{"font-stretch", `0%`, `0%`},
		{"font-stretch", `150.5%`, `150.5%`},
		{"font-stretch", `ultra-condensed`, `ultra-condensed`},
		{"font-display", `SWAP`, `swap`},
		{"font-display", `block`, `block`},
		{"font-display", `none`, ``},
		{"ascent-override", `normal`, `normal`},
		{"ascent-override", `80%`, `80%`},
		{"ascent-override", `80% 90%`, ``},
		{"ascent-override", `-1%`, ``},
		{"ascent-override", `0%`, `0%`},
		{"ascent-override", `12px`, ``},
		{"size-adjust", `normal`, ``},
		{"size-adjust", `80%`, `80%`},
		{"size-adjust", `-1%`, ``},
		{"font-feature-settings", `"liga" 0`, `"liga" 0`},
		{"font-feature-settings", `"kern" on`, `"kern"`},
		{"font-feature-settings", `"kern" off`, `"kern" 0`},
		{"font-feature-settings", `normal`, `normal`},
		{"font-feature-settings", `"liga", "kern" 2`, `"liga", "kern" 2`},
		{"font-variation-settings", `"wght" 400`, `"wght" 400`},
		{"font-variation-settings", `normal`, `normal`},
		{"font-variation-settings", `"wght" 400, "wdth" 80`, `"wght" 400, "wdth" 80`},
		{"font-variant", `small-caps`, `small-caps`},
		{"font-variant", `bogus`, ``},
		{"line-gap-override", `0%`, `0%`},
		{"size-adjust", `110.50%`, `110.5%`},
	}
	for _, tt := range tests {
		got, ok := fontFaceDescriptor(tt.name, tt.value)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%s: %s = %q, want %q", tt.name, tt.value, got, tt.want)
		}
	}
}

func TestParseFontFaceDecls(t *testing.T) {
	// Chromium 156's cssText of the rule: unknown descriptors, invalid
	// values and !important dropped, the last valid one of a name winning
	// where its first stood.
	block := `color: red; font-weight: bold; font-weight: 100 900; src: url(a.woff) format(woff); font-family: 'My Font'; ` +
		`foo: bar; font-display: FALLBACK; font-named-instance: auto; size-adjust: 90% !important; unicode-range: u+0025-00ff, U+4??`
	got := serializeDeclarations(parseFontFaceDecls(block))
	want := `font-weight: 100 900; src: url("a.woff") format("woff"); font-family: "My Font"; font-display: fallback; unicode-range: U+25-FF, U+400-4FF;`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// FuzzFontFaceDescriptor: no value panics, and a value read is read back
// as itself (the serialization is a fixed point).
func FuzzFontFaceDescriptor(f *testing.F) {
	for _, s := range []string{`url(a) format(woff2) tech(variations), local("x")`, "U+4??, u+0-7f", "100 900", "oblique -20deg 20deg",
		"50% 200%", `"kern" off`, "calc(100 + 200)", "url(", "local(a 1)", "U+??????", "oblique 0.5turn"} {
		f.Add(s)
	}
	names := []string{"font-family", "src", "unicode-range", "font-weight", "font-style", "font-stretch", "font-display",
		"ascent-override", "size-adjust", "font-feature-settings", "font-variation-settings", "font-variant"}
	f.Fuzz(func(t *testing.T, v string) {
		for _, name := range names {
			out, ok := fontFaceDescriptor(name, v)
			if !ok {
				continue
			}
			again, ok := fontFaceDescriptor(name, out)
			if !ok || again != out {
				t.Errorf("%s: %q -> %q -> %q (%v)", name, v, out, again, ok)
			}
		}
	})
}
