package jsruntime

import (
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/dop251/goja"
)

func TestExpandRegExpPropertyEscapes(t *testing.T) {
	tests := []struct{ name, js, want string }{
		{"letter", `/^\p{L}+$/u.test("Ærøskøbing") + "," + /^\p{L}+$/u.test("a1")`, "true,false"},
		{"long name and gc=", `[/\p{Letter}/u.test("é"), /\p{gc=Lu}/u.test("A"), /\p{General_Category=Lowercase_Letter}/u.test("A")].join()`, "true,true,false"},
		{"in a class", `"a-b_c.d!".replace(/[\p{P}\p{S}]/gu, "")`, "abcd"},
		{"negated", `"ab12".replace(/\P{N}/gu, "") + "," + "ab12".replace(/[^\P{N}]/gu, "")`, "12,ab"},
		{"script", `/^\p{Script=Greek}+$/u.test("αβγ") + "," + /\p{sc=Cyrillic}/u.test("abc")`, "true,false"},
		{"highlight.js identifiers", `var re = /^[\p{XID_Start}_]\p{XID_Continue}*$/u; [re.test("next_high"), re.test("9x"), re.test("høyvann")].join()`, "true,false,true"},
		{"binary properties", `[/\p{White_Space}/u.test("\u00a0"), /\p{Alphabetic}/u.test("ß"), /\p{ASCII}/u.test("é"), /^\p{Any}$/u.test("é")].join()`, "true,true,false,true"},
		{"astral code points are left out", `[/^\p{L}$/u.test("𝒜"), /^\P{L}$/u.test("😀")].join()`, "false,true"},
		{"the source still parses without u", `new RegExp(/[\p{L}_]\P{N}*/u.toString() + "|").exec("").length`, "1"},
		{"source carries the class", `new RegExp(/\p{Lu}/u.source, "u").test("Q")`, "true"},
		{"without u, \\p is the letter p", `/\p{L}/.test("p{L}")`, "true"},
		{"a string is left alone", `"\\p{L}".length`, "5"},
		{"division before a literal", `var a = 6 / 2; var r = /\p{Nd}/u; a + "," + r.test("٣")`, "3,true"},
		{"slash in a class before the escape", `/[/]\p{L}/u.test("/x")`, "true"},
		{"unknown property left as it was", `try { /\p{Emoji}/u.source } catch (e) { e.name }`, `\p{Emoji}`},
		// With a lookaround goja compiles the pattern with regexp2, which
		// reads the escapes itself: they stay, and match past U+FFFF too.
		{"left to regexp2", `/(?<=a)\p{L}+(?=!)/u.exec("a1ab𝒜é!")[0] + "," + /(?<=a)\p{L}+(?=!)/u.source`, `b𝒜é,(?<=a)\p{L}+(?=!)`},
		{"left to regexp2 in a class", `"x-y_z.w!".replace(/(?![_])[\p{P}\p{S}]/gu, "")`, "xy_zw"},
		{"left to regexp2 negated", `"ab12𝒜".replace(/(?=.)\P{N}/gu, "") + "," + "ab12".replace(/(?=.)[^\P{N}]/gu, "")`, "12,ab"},
		{"left to regexp2 with i", `/(?<=-)\p{Lu}+/iu.exec("-abC")[0]`, "abC"},
		{"a backreference goes to regexp2 too", `/(\p{L})\1/u.exec("xyzz")[0]`, "zz"},
		{"Go's engine beside regexp2's", `/\p{L}+/u.exec("1é2")[0] + /(?=1)\d\p{L}+/u.exec("01é")[0]`, "é1é"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := expandRegExpPropertyEscapes(tc.js)
			v, err := goja.New().RunString(src)
			if err != nil {
				t.Fatalf("%v (source %.200s)", err, src)
			}
			if got := v.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestExpandRegExpPropertyEscapesUnchanged(t *testing.T) {
	for _, src := range []string{"var a = 1;", `var s = "\\p{L}";`, `/\p{L}/g`, "a = b / c; d = /x/u"} {
		if got := expandRegExpPropertyEscapes(src); got != src {
			t.Errorf("%q changed to %q", src, got)
		}
	}
}

func FuzzExpandRegExpPropertyEscapes(f *testing.F) {
	for _, s := range []string{`/\p{L}/u`, `/[\P{N}x]/gu`, `a / \p{ / b`, `/\p{L`, "/\\p{Lu}\n/u", `"\\p{L}"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		out := expandRegExpPropertyEscapes(src)
		if !strings.Contains(src, `\p{`) && !strings.Contains(src, `\P{`) && out != src {
			t.Fatalf("changed a source without escapes")
		}
	})
}

func BenchmarkExpandRegExpPropertyEscapes(b *testing.B) {
	plain := strings.Repeat("var x = a / b; /[a-z]+/g.test(s);\n", 3000)
	props := plain + `var re = /[\p{XID_Start}_]\p{XID_Continue}*/u;`
	for _, c := range []struct{ name, src string }{{"no-escapes", plain}, {"escapes", props}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = expandRegExpPropertyEscapes(c.src)
			}
		})
	}
}

// TestRegExpPropertyCachesKeepNoSource checks that the process-wide caches
// of property escapes keep copies of the names they are given, which are
// slices of a script's source (a key sharing its bytes kept the whole
// source, mermaid's 3.4 MB library, for the life of the process), and
// only the names they know (a page writing new unknown names grew them
// for good).
func TestRegExpPropertyCachesKeepNoSource(t *testing.T) {
	src := strings.Repeat("x", 1<<16) + `/\p{Script=Thai}\p{Lu}\p{Bogus_Name_1}/u` + strings.Repeat("y", 1<<16)
	inSource := func(k string) bool {
		lo := uintptr(unsafe.Pointer(unsafe.StringData(src)))
		p := uintptr(unsafe.Pointer(unsafe.StringData(k)))
		return p >= lo && p < lo+uintptr(len(src))
	}
	count := func(m *sync.Map) (n int) {
		m.Range(func(k, _ any) bool {
			if inSource(k.(string)) {
				t.Errorf("cached key %q shares the script's source", k)
			}
			n++
			return true
		})
		return n
	}
	name := func(s string) string { i := strings.Index(src, s); return src[i : i+len(s)] }
	for _, n := range []string{"Script=Thai", "Lu"} {
		if !regexp2KnowsProperty(name(n)) {
			t.Errorf("regexp2KnowsProperty(%q) = false", n)
		}
		if _, ok := propertyRanges(name(n)); !ok {
			t.Errorf("propertyRanges(%q): unknown", n)
		}
	}
	before2, before := count(&regexp2Properties), count(&propertyCache)
	for range 3 {
		if regexp2KnowsProperty(name("Bogus_Name_1")) {
			t.Error("regexp2KnowsProperty(Bogus_Name_1) = true")
		}
		if _, ok := propertyRanges(name("Bogus_Name_1")); ok {
			t.Error("propertyRanges(Bogus_Name_1): known")
		}
	}
	if n2, n := count(&regexp2Properties), count(&propertyCache); n2 != before2 || n != before {
		t.Errorf("an unknown name was cached: %d → %d and %d → %d entries", before2, n2, before, n)
	}
}
