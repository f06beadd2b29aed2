package webapi

import (
	"testing"

	"github.com/dop251/goja"
)

func TestRegExpMatchAll(t *testing.T) {
	rt := goja.New()
	if err := InstallRegExpMatchAll(rt); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, js, want string
	}{
		{"global", `[..."a1b22c333".matchAll(/\d+/g)].map(m => m[0] + "@" + m.index).join()`, "1@1,22@3,333@6"},
		{"regexp2 pattern with named groups and a backreference", `var re = /(?<name>\w+)=(['"])(?<v>.*?)\2/g;
			[...'a="1" b=\'2\''.matchAll(re)].map(m => m.groups.name + ":" + m.groups.v).join() + " " + re.lastIndex`, "a:1,b:2 0"},
		{"the regexp's lastIndex is the start and stays", `var re = /x/g; re.lastIndex = 2; var it = "xxxx".matchAll(re);
			var a = it.next().value.index; [a, re.lastIndex, Object.keys(re).length, "constructor" in re && re.constructor === RegExp].join()`, "2,2,0,true"},
		{"no own constructor left behind", `var re = /a/g; "aa".matchAll(re); Object.getOwnPropertyNames(re).join()`, "lastIndex"},
		{"two iterators at once", `var re = /\w/g, i1 = "ab".matchAll(re), i2 = "cd".matchAll(re);
			[i1.next().value[0], i2.next().value[0], i1.next().value[0], i2.next().value[0], i1.next().done].join()`, "a,c,b,d,true"},
		{"empty matches advance (unicode)", `[..."😀😀".matchAll(/(?:)/gu)].map(m => m.index).join()`, "0,2,4"},
		{"non-global yields one match", `[.../a/[Symbol.matchAll]("aaa")].length`, "1"},
		{"String.prototype.matchAll still demands g", `try { "a".matchAll(/a/); "no" } catch (e) { e.name }`, "TypeError"},
		{"a subclass gets its own species", `class R extends RegExp {}; var r = new R("a", "g"); var seen;
			R.prototype.exec = function (s) { seen = this instanceof R; return RegExp.prototype.exec.call(this, s); };
			[[..."aa".matchAll(r)].length, seen].join()`, "2,true"},
		{"a species override is honoured", `var re = /b/g, made = 0;
			re.constructor = { [Symbol.species]: function (r, f) { made++; return new RegExp(r.source, f); } };
			[[..."bb".matchAll(re)].length, made].join()`, "2,1"},
		{"frozen regexps", `var re = Object.freeze(/c/g); try { [..."cc".matchAll(re)].length } catch (e) { e.name }`, "2"},
		{"name and length", `var f = RegExp.prototype[Symbol.matchAll]; [f.name, f.length, Object.getOwnPropertyDescriptor(RegExp.prototype, Symbol.matchAll).enumerable].join()`, "[Symbol.matchAll],1,false"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := rt.RunString(tc.js)
			if err != nil {
				t.Fatal(err)
			}
			if v.String() != tc.want {
				t.Errorf("got %q, want %q", v.String(), tc.want)
			}
		})
	}
}

// BenchmarkMatchAllRegexp2 is solid-js/html's attribute scan: a pattern
// goja compiles with regexp2, matched with matchAll once per tag.
func BenchmarkMatchAllRegexp2(b *testing.B) {
	for _, fixed := range []bool{false, true} {
		name := "native"
		if fixed {
			name = "shared-pattern"
		}
		b.Run(name, func(b *testing.B) {
			rt := goja.New()
			if fixed {
				if err := InstallRegExpMatchAll(rt); err != nil {
					b.Fatal(err)
				}
			}
			fn, err := rt.RunString(`(function () {
				var attrRE = /(?:\s(?<boolean>[^/\s><=]+?)(?=[\s/>]))|(?:(?<name>\S+?)(?:\s*=\s*(?:(['"])(?<quotedValue>[\s\S]*?)\3|(?<unquotedValue>[^\s>]+))))/g;
				return function () { var n = 0; for (const m of '<a href="x" class=y disabled>'.matchAll(attrRE)) n++; return n; };
			})()`)
			if err != nil {
				b.Fatal(err)
			}
			f, _ := goja.AssertFunction(fn)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := f(goja.Undefined()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
