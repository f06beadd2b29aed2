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
