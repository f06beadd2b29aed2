package jsruntime

import (
	"math"
	"testing"
)

// TestSelectAdd checks HTMLSelectElement.add / HTMLOptionsCollection.add.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#dom-htmloptionscollection-add
func TestSelectAdd(t *testing.T) {
	const markup = `<!doctype html><body><select id="s"><option id="a">a</option><optgroup id="g"><option id="b">b</option></optgroup><option id="c">c</option></select></body>`
	const ids = `; Array.from(s.querySelectorAll('option,optgroup'), o => o.id).join('')`
	runEvalCases(t, []evalCase{
		{name: "append", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.add(o)` + ids, want: "agbcn"},
		{name: "before element", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.add(o, document.getElementById('b'))` + ids, want: "agnbc"},
		{name: "before index", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.options.add(o, 2)` + ids, want: "agbnc"},
		{name: "index out of range appends", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.add(o, 9)` + ids, want: "agbcn"},
		{name: "negative index appends", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.add(o, -1)` + ids, want: "agbcn"},
		{name: "optgroup", markup: markup, js: `var s = document.getElementById('s'), g = document.createElement('optgroup'); g.id = 'h'; s.add(g, 0)` + ids, want: "hagbc"},
		{name: "same element", markup: markup, js: `var s = document.getElementById('s'), a = document.getElementById('a'); s.add(a, a)` + ids, want: "agbc"},
		{name: "not an option", markup: markup, js: `var s = document.getElementById('s'), r = [];
			for (var v of [document.createElement('div'), document.createTextNode('x'), null, 1]) try { s.add(v) } catch (e) { r.push(e.constructor.name) }
			r.join()`, want: "TypeError,TypeError,TypeError,TypeError"},
		{name: "detached before", markup: markup, js: `var s = document.getElementById('s'), r = [];
			try { s.add(new Option('n'), new Option('d')) } catch (e) { r.push(e.name) }
			try { s.options.add(new Option('n'), document.body) } catch (e) { r.push(e.name) }
			try { s.add(new Option('n'), s) } catch (e) { r.push(e.name) }
			r.push(s.options.length); r.join()`, want: "NotFoundError,NotFoundError,NotFoundError,3"},
		{name: "ancestor", markup: `<!doctype html><body></body>`, js: `var o = document.createElement('option'), s = document.createElement('select'), r;
			o.appendChild(s); try { s.add(o) } catch (e) { r = e.name } r`, want: "HierarchyRequestError"},
	})
}

// TestScriptReflection checks HTMLScriptElement's reflected attributes.
// https://html.spec.whatwg.org/multipage/scripting.html#htmlscriptelement
func TestScriptReflection(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "referrerPolicy", js: `var s = document.createElement('script'), r = [s.referrerPolicy];
			s.setAttribute('referrerpolicy', 'ORIGIN'); r.push(s.referrerPolicy);
			s.setAttribute('referrerpolicy', 'bogus'); r.push(s.referrerPolicy);
			s.referrerPolicy = 'UNSAFE-URL'; r.push(s.getAttribute('referrerpolicy'), s.referrerPolicy);
			s.referrerPolicy = null; r.push(s.hasAttribute('referrerpolicy'));
			s.referrerPolicy = 'origin'; s.referrerPolicy = undefined; r.push(s.hasAttribute('referrerpolicy')); r.join('|')`,
			want: "|origin||UNSAFE-URL|unsafe-url|false|false"},
		{name: "blocking", js: `var s = document.createElement('script'); s.blocking.add('render');
			[s.getAttribute('blocking'), s.blocking.length, s.blocking instanceof DOMTokenList].join()`, want: "render,1,true"},
		{name: "fetchPriority", js: `var s = document.createElement('script'), r = [s.fetchPriority];
			s.fetchPriority = 'HIGH'; r.push(s.fetchPriority, s.getAttribute('fetchpriority'));
			s.setAttribute('fetchpriority', 'x'); r.push(s.fetchPriority); r.join()`, want: "auto,high,HIGH,auto"},
	})
}

// TestInputTypeUntrimmed checks that the type attribute is not trimmed.
// https://html.spec.whatwg.org/multipage/input.html#attr-input-type
func TestInputTypeUntrimmed(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "spaces", js: `var i = document.createElement('input'), r = [];
			for (var v of [' hidden', 'hidden ', 'HIDDEN', 'checkbox\n']) { i.setAttribute('type', v); r.push(i.type) } r.join()`,
			want: "text,text,hidden,text"},
	})
}

func TestParseHTMLInteger(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"42", 42, true}, {"  \t\n\f\r7x", 7, true}, {"+5", 5, true}, {"-5", -5, true},
		{"007", 7, true}, {"1e3", 1, true}, {"2147483647", 2147483647, true}, {"-2147483648", -2147483648, true},
		{"2147483648", 0, false}, {"-2147483649", 0, false}, {"99999999999999999999999", 0, false},
		{"", 0, false}, {" ", 0, false}, {"-", 0, false}, {"+-1", 0, false}, {"\u00a01", 0, false}, {"x1", 0, false}, {"\v1", 0, false},
	} {
		got, ok := parseHTMLInteger(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("parseHTMLInteger(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestParseHTMLFloat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0", 0, true}, {"1.5", 1.5, true}, {" -2.25e1x", -22.5, true}, {"+3", 3, true}, {".5", 0.5, true},
		{"1.", 1, true}, {"1e", 1, true}, {"1e+", 1, true}, {"-0", 0, true}, {"5E-1", 0.5, true},
		{"", 0, false}, {"-", 0, false}, {".", 0, false}, {"e5", 0, false}, {"1e999", 0, false}, {"Infinity", 0, false}, {"NaN", 0, false},
	} {
		got, ok := parseHTMLFloat(tc.in)
		if ok != tc.ok || (ok && (got != tc.want || got == 0 && math.Signbit(got))) {
			t.Errorf("parseHTMLFloat(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzParseHTMLInteger(f *testing.F) {
	for _, s := range []string{"0", " -12x", "+2147483647", "-2147483649", "99999999999999999999", "", "\f+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := parseHTMLInteger(s)
		if ok && (v > maxLong || v < -maxLong-1) {
			t.Fatalf("parseHTMLInteger(%q) = %d out of range", s, v)
		}
		if n, ok2 := parseHTMLNonNegative(s); ok2 && (n < 0 || n != v) {
			t.Fatalf("parseHTMLNonNegative(%q) = %d, integer %d", s, n, v)
		}
	})
}

func FuzzParseHTMLFloat(f *testing.F) {
	for _, s := range []string{"0", " -1.5e3x", ".5", "1e999", "-0", "1.e5", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := parseHTMLFloat(s)
		if ok && (math.IsNaN(v) || math.IsInf(v, 0) || math.Signbit(v) && v == 0) {
			t.Fatalf("parseHTMLFloat(%q) = %v", s, v)
		}
		if !ok && v != 0 {
			t.Fatalf("parseHTMLFloat(%q) = %v with false", s, v)
		}
	})
}

// BenchmarkReflectedURLRead is one img.src read (a reflected URL
// attribute, resolved against the document base) from JS.
func BenchmarkReflectedURLRead(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var a = document.createElement('img'); a.setAttribute('src', '../x/y.png?q=1#f'); var s = 0", "s += a.src.length", b.N)
}

// BenchmarkHyperlinkPartRead is one a.pathname read (the href parsed
// against the document base URL, HTMLHyperlinkElementUtils) from JS.
func BenchmarkHyperlinkPartRead(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var a = document.createElement('a'); a.setAttribute('href', '../x/y.png?q=1#f'); var s = 0", "s += a.pathname.length", b.N)
}
