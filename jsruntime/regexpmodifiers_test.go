package jsruntime

import (
	"regexp"
	"testing"

	"github.com/dop251/goja"
)

func TestRewriteRegExpModifiers(t *testing.T) {
	for _, tc := range []struct{ in, flags, want, wantFlags string }{
		{`(?i:a)b`, ``, `(?:[\u0061\u0041])b`, ``},
		{`(?i:[a-c])`, ``, `(?:[\u0041-\u0043\u0061-\u0063])`, ``},
		{`(?i:[^a])`, ``, `(?:[^\u0041\u0061])`, ``},
		{`(?i:k)`, `u`, `(?:[\u006B\u212A\u004B])`, `u`},
		{`(?i:\d_)`, ``, `(?:\d_)`, ``},
		{`(?i:(?<name>x))`, ``, `(?:(?<name>[\u0078\u0058]))`, ``},
		{`(?i:a{2,3})`, ``, `(?:[\u0061\u0041]{2,3})`, ``},
		{`(?s:.)`, ``, `(?:[^])`, ``},
		{`(?-s:.)`, `s`, `(?:` + foldDot + `)`, `s`},
		{`(?m:^$)`, ``, `(?:(?<![^\n\r\u2028\u2029])(?![^\n\r\u2028\u2029]))`, ``},
		{`(?-m:^$)`, `gm`, `(?:(?<![^])(?![^]))`, `gm`},
		// a group turning i off: compiled without i, the rest written out
		{`(?-i:a)b`, `gi`, `(?:a)[\u0062\u0042]`, `g`},
		{`(?i:a)(?m:b)`, `i`, `(?:a)(?:b)`, `i`},
		// an unterminated group is written out too: goja then reports it
		{`(?i:a`, ``, `(?:[\u0061\u0041]`, ``},
	} {
		got, flags, ok := rewriteRegExpModifiers(tc.in, tc.flags)
		if !ok || got != tc.want || flags != tc.wantFlags {
			t.Errorf("/%s/%s:\n got /%s/%s (%v)\nwant /%s/%s", tc.in, tc.flags, got, flags, ok, tc.want, tc.wantFlags)
		}
	}
	for _, tc := range []struct{ in, flags string }{
		{`abc`, ``},          // no modifier group
		{`(?:a)`, ``},        // a plain group
		{`[(?i:a)]`, ``},     // inside a class
		{`(?ii:a)`, ``},      // malformed: goja reports it
		{`(?-:a)`, ``},       // malformed
		{`(?i-i:a)`, ``},     // malformed
		{`(?i:(a)\1)`, ``},   // a backreference that would ignore case
		{`(?i:\p{Lu})`, `u`}, // a property escape that would ignore case
		{`(?i:[\W])`, `u`},   // a complement past U+FFFF
	} {
		got, flags, ok := rewriteRegExpModifiers(tc.in, tc.flags)
		if ok {
			t.Errorf("/%s/%s: rewritten to /%s/%s, want left to goja", tc.in, tc.flags, got, flags)
		}
	}
}

// TestRegExpModifiersMatch runs literals with modifier groups through
// compileScript and patterns through the page's RegExp constructor; each
// value is Chromium 156's.
func TestRegExpModifiersMatch(t *testing.T) {
	for _, tc := range []struct{ name, js, want string }{
		{"i on", `[/(?i:a)b/.test("Ab"), /(?i:a)b/.test("AB")].join()`, "true,false"},
		{"i on, constructor", `var re = new RegExp("x(?i:[a-c]+)", "g"); "xAbC xABc xd".match(re).join()`, "xAbC,xABc"},
		{"i off", `[/(?-i:a)b/i.test("aB"), /(?-i:a)b/i.test("AB")].join()`, "true,false"},
		{"K without u is no k", `/(?i:k)/.test("\u212a")`, "false"},
		{"K with u is k", `/(?i:k)/u.test("\u212a")`, "true"},
		{"long s is a word character with i and u", `/(?i:\w)/u.test("\u017f")`, "true"},
		{"s on", `/(?s:a.b)/.test("a\nb")`, "true"},
		{"s off", `/(?-s:a.b)/s.test("a\u2028b")`, "false"},
		{"m on", `/(?m:^y$)/.exec("x\ry\nz")[0]`, "y"},
		{"m off", `/^a(?-m:$)/m.exec("b\na")[0]`, "a"},
		{"nested", `[/(?i:a(?-i:b)c)/.test("AbC"), /(?i:a(?-i:b)c)/.test("ABC")].join()`, "true,false"},
		{"flags are the literal's", `var re = /(?i:ab)c/g; [re.flags, re.ignoreCase, "ABc abc aBC".replace(re, "-")].join()`, "g,false,- - aBC"},
	} {
		t.Run(tc.name, func(t *testing.T) { checkRegExpScript(t, tc.js, tc.want) })
	}
}

// FuzzRewriteRegExpModifiers checks that the rewrite never panics, that
// what it writes out has no modifier group left, and that it compiles
// whenever the pattern's own groups are all written out.
func FuzzRewriteRegExpModifiers(f *testing.F) {
	for _, s := range []string{`(?i:a)b`, `(?-i:[a-z]\d)x`, `(?s-m:^.$)`, `(?i:\u{1F600}\b)`, `(?i:(?<n>a)|\k<n>)`, `(?i:[\]a-])`} {
		f.Add(s, "u")
		f.Add(s, "i")
	}
	rt := goja.New()
	f.Fuzz(func(t *testing.T, pattern, flags string) {
		out, outFlags, ok := rewriteRegExpModifiers(pattern, flags)
		if !ok {
			return
		}
		if again, _, changed := rewriteRegExpModifiers(out, outFlags); changed {
			t.Fatalf("%q/%s: a second pass changed %q to %q", pattern, flags, out, again)
		}
		// with the groups written as plain ones, goja's verdict on the
		// pattern is the one to keep
		plain := modifierGroups.ReplaceAllString(pattern, "(?:")
		_, errPlain := rt.RunString("new RegExp(" + jsQuote(plain) + ", " + jsQuote(outFlags) + ")")
		_, errOut := rt.RunString("new RegExp(" + jsQuote(out) + ", " + jsQuote(outFlags) + ")")
		if errPlain == nil && errOut != nil {
			t.Errorf("%q/%s: %q compiles, rewritten %q/%s does not: %v", pattern, flags, plain, out, outFlags, errOut)
		}
	})
}

// modifierGroups matches the opening of a well-formed-looking modifier
// group.
var modifierGroups = regexp.MustCompile(`\(\?[ims]*(?:-[ims]*)?:`)

// TestRegExpModifiersSource checks what source reads: the pattern as
// written, or where the i flag was dropped, the written-out pattern its
// flags copy faithfully.
func TestRegExpModifiersSource(t *testing.T) {
	checkRegExpScript(t, `/(?i:a)b/.source`, `(?i:a)b`)
	checkRegExpScript(t, `var re = /(?-i:a)b/i, copy = new RegExp(re.source, re.flags); [copy.test("aB"), copy.test("AB")].join()`, "true,false")
}
