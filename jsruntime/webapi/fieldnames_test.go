package webapi

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

func TestQuoteFieldNames(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		ok              bool
	}{
		{"parses already", "class A { x = 1; get y() { return 1 } }", "class A { x = 1; get y() { return 1 } }", true},
		{"get and set", "class V {\n  get = () => this.value;\n  set = (e) => {\n  };\n}", "class V {\n  \"get\" = () => this.value;\n  \"set\" = (e) => {\n  };\n}", true},
		{"no spaces", "class A{get=()=>1}", "class A{\"get\"=()=>1}", true},
		{"async, last without semicolon", "class A { m() {} async = 1 }", "class A { m() {} \"async\" = 1 }", true},
		{"bare field at the end", "class A { x; get }", "class A { x; \"get\" }", true},
		{"static", "class A { static get = 2; static async = 3 }", "class A { static \"get\" = 2; static \"async\" = 3 }", true},
		{"after a line break", "class A {\n  x = 1\n  set = 2\n}", "class A {\n  x = 1\n  \"set\" = 2\n}", true},
		{"line separators before", "var s = '\u2028';\rclass A {\r\n get = 1 }", "var s = '\u2028';\rclass A {\r\n \"get\" = 1 }", true},
		{"destructuring default", "({ get = 1 } = {})", "({ get = 1 } = {})", true},
		{"a quoted name that still fails", "class A { get = }", "", false},
		{"another syntax error", "class A { x = ; }", "", false},
		{"a private #get is not quoted", "class A { #get = 1 }", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := quoteFieldNames(tc.src, "x.js")
			if ok != tc.ok || got != tc.want {
				t.Errorf("quoteFieldNames(%q) = %q, %v; want %q, %v", tc.src, got, ok, tc.want, tc.ok)
			}
		})
	}
}

// TestQuotedFieldsSame: a quoted field is the same field, named functions
// included, and the script's other class fields stay native.
func TestQuotedFieldsSame(t *testing.T) {
	src := `class V { #v = 4; get = () => this.#v; set = (v) => { this.#v = v }; async = 1; static get = function () {}; x }
const v = new V(); v.set(v.get() + v.async);
globalThis.result = [v.get(), Object.keys(v), v.get.name, v.set.name, V.get.name, "x" in v, Object.getOwnPropertyDescriptor(v, "get").enumerable].join(" ");`
	code, err := NewBundler(0).Lower(src, "https://app.test/v.js")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(code, "__publicField") || strings.Contains(code, "__privateAdd") {
		t.Errorf("class fields were lowered:\n%s", code)
	}
	if got, want := runScript(t, code), "5 get,set,async,x get set get true true"; got != want {
		t.Errorf("result %q, want %q", got, want)
	}
}

func TestLineColumnOffset(t *testing.T) {
	src := "ab\ncd\r\nef\rgh\u2028ij"
	for _, tc := range []struct{ line, col, want int }{
		{1, 1, 0}, {1, 3, 2}, {2, 2, 4}, {3, 1, 7}, {4, 2, 11}, {5, 1, 15}, {6, 1, -1}, {1, 0, -1}, {5, 9, -1},
	} {
		if got := lineColumnOffset(src, tc.line, tc.col); got != tc.want {
			t.Errorf("lineColumnOffset(%d, %d) = %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
}

// FuzzQuoteFieldNames: any source, no panic, and a result said to parse
// parses.
func FuzzQuoteFieldNames(f *testing.F) {
	for _, s := range []string{"class A { get = 1 }", "class A { static async }", "({ get = 1 } = {})", "class{set\n=\n1}", "get = 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		got, ok := quoteFieldNames(src, "f.js")
		if !ok {
			return
		}
		if _, err := goja.Parse("f.js", got, parser.WithDisableSourceMaps); err != nil {
			t.Fatalf("quoteFieldNames(%q) = %q does not parse: %v", src, got, err)
		}
	})
}
