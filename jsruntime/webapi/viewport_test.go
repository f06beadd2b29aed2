package webapi

import "testing"

func TestMatchMedia(t *testing.T) {
	desktop := Viewport{Width: 1280, Height: 800}
	phone := Viewport{Width: 375, Height: 667, DevicePixelRatio: 2}
	cases := []struct {
		query   string
		vp      Viewport
		matches bool
	}{
		{"", desktop, true},
		{"all", desktop, true},
		{"screen", desktop, true},
		{"print", desktop, false},
		{"not print", desktop, true},
		{"only screen and (min-width: 768px)", desktop, true},
		{"only screen and (min-width: 768px)", phone, false},
		{"(max-width: 767.98px)", phone, true},
		{"(max-width: 767px)", desktop, false},
		{"(min-width: 80em)", desktop, true},
		{"(min-width: 81em)", desktop, false},
		{"(width: 1280px)", desktop, true},
		{"(min-height: 700px) and (max-height: 900px)", desktop, true},
		{"(orientation: landscape)", desktop, true},
		{"(orientation: portrait)", phone, true},
		{"(prefers-color-scheme: dark)", desktop, false},
		{"(prefers-color-scheme: light)", desktop, true},
		{"(prefers-reduced-motion: reduce)", desktop, false},
		{"(prefers-reduced-motion: no-preference)", desktop, true},
		{"(prefers-reduced-motion)", desktop, false},
		{"(hover: hover) and (pointer: fine)", desktop, true},
		{"(pointer: coarse)", desktop, false},
		{"(-webkit-min-device-pixel-ratio: 2), (min-resolution: 192dpi)", phone, true},
		{"(min-resolution: 2dppx)", desktop, false},
		{"(min-aspect-ratio: 16/10)", desktop, true},
		{"(width >= 600px)", desktop, true},
		{"(width < 600px)", desktop, false},
		{"(400px <= width <= 700px)", phone, false},
		{"(300px < width < 400px)", phone, true},
		{"(min-width: 1400px), print, (max-width: 400px)", phone, true},
		{"not all and (monochrome)", desktop, true},
		{"(min-width: 600px) or (max-width: 100px)", desktop, true},
		{"not (min-width: 600px)", desktop, false},
		{"(unknown-feature: 1)", desktop, false},
		{"nonsense", desktop, false},
	}
	for _, tc := range cases {
		if got := MatchMedia(tc.query, tc.vp); got != tc.matches {
			t.Errorf("MatchMedia(%q, %v) = %v, want %v", tc.query, tc.vp, got, tc.matches)
		}
	}
}

func TestNavigatorAndViewport(t *testing.T) {
	rt, realm := newRealm(t)
	g := rt.GlobalObject()
	if err := InstallNavigator(realm, g, Navigator{UserAgent: "TestUA/1.0", Languages: []string{"fr-FR", "fr"}}); err != nil {
		t.Fatal(err)
	}
	if err := InstallViewport(realm, g, Viewport{Width: 390, Height: 844, DevicePixelRatio: 3}); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"navigator", `[navigator.userAgent, navigator.language, navigator.languages.join("+"), navigator.languages === navigator.languages, Object.isFrozen(navigator.languages), navigator.platform, navigator.cookieEnabled, navigator.onLine, navigator.hardwareConcurrency, navigator.webdriver, navigator.sendBeacon("/x", "d"), navigator instanceof Navigator, navigator.plugins.length, "serviceWorker" in navigator].join()`,
			"TestUA/1.0,fr-FR,fr-FR+fr,true,true,Linux x86_64,true,true,4,false,true,true,5,false"},
		{"accessor on prototype", `typeof Object.getOwnPropertyDescriptor(Navigator.prototype, "userAgent").get`, "function"},
		{"screen and window sizes", `[screen.width, screen.height, screen.availWidth, screen.colorDepth, screen.orientation.type, innerWidth, innerHeight, outerWidth, devicePixelRatio, scrollX, pageYOffset, screen instanceof Screen].join()`,
			"390,844,390,24,portrait-primary,390,844,390,3,0,0,true"},
		{"replaceable", `innerWidth = 5; innerWidth`, "5"},
		{"scrollTo is a no-op", `scrollTo(0, 100); scrollBy(0, 1); scroll({top: 5}); scrollY`, "0"},
		{"matchMedia", `var m = matchMedia("(MAX-WIDTH: 600px)"); m.addListener(() => {}); m.addEventListener("change", () => {}); [m.matches, m.media, matchMedia("(min-width: 601px)").matches, m instanceof MediaQueryList, m.onchange].join()`,
			"true,(max-width: 600px),false,true,"},
		{"visualViewport", `var v = visualViewport; [v.width, v.height, v.scale, v.offsetTop, v.pageLeft, v === visualViewport, v instanceof VisualViewport, v.onresize].join()`,
			"390,844,1,0,0,true,true,"},
		{"clipboard", `var c = navigator.clipboard, r = []; c.writeText("x").catch(e => r.push(e.name)); c.readText().catch(e => r.push(e.name));
			[c === navigator.clipboard, c instanceof Clipboard, c.write.length].join()`, "true,true,1"},
	})
	// Defaults.
	rt2, realm2 := newRealm(t)
	if err := InstallNavigator(realm2, rt2.GlobalObject(), Navigator{}); err != nil {
		t.Fatal(err)
	}
	if err := InstallViewport(realm2, rt2.GlobalObject(), Viewport{}); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt2, []jsCase{
		{"defaults", `[navigator.userAgent === ` + "`" + DefaultUserAgent + "`" + `, navigator.language, innerWidth, innerHeight, devicePixelRatio].join()`, "true,en-US,1280,800,1"},
	})
}

func FuzzMatchMedia(f *testing.F) {
	for _, q := range []string{"(min-width: 600px)", "screen and (max-width: 40em), print", "(400px <= width <= 700px)", "not all and (monochrome)", "((", "(min-resolution: 2dppx)"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, q string) {
		a := MatchMedia(q, Viewport{})
		if b := MatchMedia(q, Viewport{}); a != b {
			t.Fatalf("MatchMedia(%q) is not stable", q)
		}
	})
}

// TestMatchMediaSerialization checks MediaQueryList.media as Chromium 156
// writes it: each query normalized, one that does not parse as "not all",
// which matches nothing.
func TestMatchMediaSerialization(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SCREEN  and (MIN-WIDTH: 1px)", "screen and (min-width: 1px)"},
		{"not a query (", "not all"},
		{"print, a{b}", "print, not all"},
		{"(max-width: 1px))", "not all"},
		{"", ""},
	} {
		if got := normalizeMedia(c.in); got != c.want {
			t.Errorf("normalizeMedia(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if MatchMedia("not all", Viewport{}) {
		t.Error(`"not all" matches`)
	}
}

// TestNormalizeMedia checks matchMedia(q).media against what headless
// Chromium 156 gives for the same queries.
func TestNormalizeMedia(t *testing.T) {
	for q, want := range map[string]string{
		"(MIN-WIDTH:100px)":            "(min-width: 100px)",
		"screen and (max-width:100px)": "screen and (max-width: 100px)",
		"bogus query":                  "not all",
		"SCREEN":                       "screen",
		"(min-width: 100px) , print":   "(min-width: 100px), print",
		"not screen and (color)":       "not screen and (color)",
		"(width >= 600px)":             "(width >= 600px)",
		"all":                          "all",
		"":                             "",
		"(orientation:landscape)":      "(orientation: landscape)",
		"only screen and (min-width:768px) and (max-width:1024px)": "only screen and (min-width: 768px) and (max-width: 1024px)",
		"(prefers-color-scheme:dark)":                              "(prefers-color-scheme: dark)",
		"screen, (max-width: 50px), bogus":                         "screen, (max-width: 50px), bogus",
		"screen and":                                               "not all",
		"(a) and (b) or (c)":                                       "not all",
		"not (color) or (hover)":                                   "not all",
		"screen and not (color)":                                   "screen and not (color)",
		"and (color)":                                              "not all",
		"screen (color)":                                           "not all",
		"(color":                                                   "(color)",
	} {
		if got := normalizeMedia(q); got != want {
			t.Errorf("normalizeMedia(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestMediaQueryParse checks matchMedia(q).media and .matches against
// Chromium 156 (playwright's headless page, 1280x800): an unknown
// feature, a value a feature does not take or a function is a
// <general-enclosed>, kept as written and never true; what is no media
// query at all is "not all".
func TestMediaQueryParse(t *testing.T) {
	vp := Viewport{Width: 1280, Height: 800, DevicePixelRatio: 1}
	for _, c := range []struct {
		q, media string
		matches  bool
	}{
		{"(width: -1px)", "(width: -1px)", false},
		{"all and (width: -1px)", "(width: -1px)", false},
		{"(bogus: 1px)", "(bogus: 1px)", false},
		{"not all and (bogus)", "not all and (bogus)", false},
		{"(min-width)", "(min-width)", false},
		{"(display-mode: 0)", "(display-mode: 0)", false},
		{"(display-mode)", "(display-mode)", true},
		{"(color: 1.0)", "(color: 1.0)", false},
		{"(color: 8)", "(color: 8)", true},
		{"(grid: 0.0)", "(grid: 0)", true},
		{"(width: -0)", "(width: 0)", false},
		{"(width: 0.0)", "(width: 0)", false},
		{"(width: 1)", "(width: 1)", false},
		{"(width:1PX)", "(width: 1px)", false},
		{"(width: 1e3px)", "(width: 1000px)", false},
		{"(width: +1px)", "(width: 1px)", false},
		{"(width: 80em)", "(width: 80em)", true},
		{"(width: 100vw)", "(width: 100vw)", true},
		{"(width: calc(1px * 1280))", "(width: calc(1280px))", true},
		{"(width: calc(2em + 10px))", "(width: calc(2em + 10px))", false},
		{"(aspect-ratio: 1/3)", "(aspect-ratio: 1 / 3)", false},
		{"(aspect-ratio: 1.6)", "(aspect-ratio: 1.6 / 1)", true},
		{"(max-aspect-ratio: 1/0)", "(max-aspect-ratio: 1 / 0)", true},
		{"(min-aspect-ratio: calc(59/79))", "(min-aspect-ratio: calc(0.746835) / 1)", true},
		{"(resolution: 3.0dpi)", "(resolution: 3dpi)", false},
		{"(resolution: 96dpi)", "(resolution: 96dpi)", true},
		{"(resolution >= 1x)", "(resolution >= 1x)", true},
		{"(-webkit-min-device-pixel-ratio: 1)", "(-webkit-min-device-pixel-ratio: 1)", true},
		{"(min-device-pixel-ratio: 1)", "(min-device-pixel-ratio: 1)", false},
		{"(orientation", "(orientation)", true},
		{"all,(orientation:", "all, (orientation:", true},
		{"(orientation:,all", "(orientation:,all", false},
		{",all", "not all, all", true},
		{"all,[badsyntax]", "all, not all", true},
		{"all and min-color : 1", "not all", false},
		{"(400px <= width <= 700px)", "(400px <= width <= 700px)", false},
		{"(1px < width)", "(1px < width)", true},
		{"(width < 1000px > 10px)", "(width < 1000px > 10px)", false},
		{"(min-width <= 600px)", "(min-width <= 600px)", false},
		{"(width =< 10px)", "(width =< 10px)", false},
		{"(width) and ((height) or (color))", "(width) and ((height) or (color))", true},
		{"(not (width)) and (height)", "(not (width)) and (height)", false},
		{"not not (width)", "not all", false},
		{"only (orientation)", "not all", false},
		{"foo(bar)", "foo(bar)", false},
		{"not unknowntype", "not unknowntype", true},
		{"(video-dynamic-range)", "(video-dynamic-range)", false},
		{"(dynamic-range)", "(dynamic-range)", true},
		{"(color-index)", "(color-index)", false},
		{"(update)", "(update)", true},
		{"(prefers-reduced-transparency: reduced)", "(prefers-reduced-transparency: reduced)", false},
		{"(horizontal-viewport-segments)", "(horizontal-viewport-segments)", true},
		{"layer", "not all", false},
	} {
		if got := normalizeMedia(c.q); got != c.media {
			t.Errorf("matchMedia(%q).media = %q, want %q", c.q, got, c.media)
		}
		if got := MatchMedia(c.q, vp); got != c.matches {
			t.Errorf("matchMedia(%q).matches = %v, want %v", c.q, got, c.matches)
		}
	}
}
