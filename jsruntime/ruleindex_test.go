package jsruntime

import (
	"slices"
	"strconv"
	"testing"

	"github.com/andybalholm/cascadia"

	"github.com/bangsnap/bangsnap/dom"
)

// TestSubjectKey: each selector of a rule is filed under an id, the root,
// a class, a tag or an attribute its subject compound requires (the class
// fewest rules name), or under none; the key is read from the selector's
// text as cascadia parses it, through :is() and :where() (what each of
// their selectors requires).
func TestSubjectKey(t *testing.T) {
	for _, c := range []struct {
		sel  string
		want []string // one key per selector kept: "#id", ".class", "<tag" or ""
	}{
		{`.tr-delay`, []string{".tr-delay"}},
		{`.a .b-c > #x-y:not(.z)`, []string{"#x-y"}},
		{`.a .b-c > div:not(.z)`, []string{"<div"}},
		{`.a #x-y:not(.z)`, []string{"#x-y"}},
		{`div.foo_bar[data-x]`, []string{".foo_bar"}},
		{`div[class~=x]`, []string{"<div"}},
		{`[class~=x]`, []string{"[class"}},
		{`*`, []string{""}},
		{`*.q`, []string{".q"}},
		{`*|*.q`, []string{".q"}},
		{`.\31 23`, []string{".123"}},
		{`.\31 23\ x`, []string{".123 x"}},
		{`#\30`, []string{"#0"}},
		{`:not(.a)`, []string{""}},
		{`.a\:hover`, []string{".a:hover"}},
		{`.md\:w-1\/2:hover`, []string{".md:w-1/2"}},
		{`.Big.Small`, []string{".small"}},
		{`DIV`, []string{"<div"}},
		{`p.x::before`, []string{".x"}},
		{`::before`, []string{""}},
		{`a:hover`, []string{"<a"}},
		{`ul li:nth-child(2n + 1)`, []string{"<li"}},
		{`.a:has(.b)`, []string{".a"}},
		{`[title="x .y"] .z`, []string{".z"}},
		{`[title=")"] + .a .b`, []string{".b"}},
		{`[title='a"b'] > .c`, []string{".c"}},
		{`.a\ .b`, []string{".b"}}, // classes "a " and "b"
		{`.a\ `, []string{""}},     // the list's text is trimmed to a lone backslash: no key
		{`.a>.b`, []string{".b"}},
		{`.a~.b+.c`, []string{".c"}},
		{".a\n\t.b", []string{".b"}},
		{`:where(.css-h).ant-btn`, []string{".ant-btn"}},
		{`.x :where(.y, #z)`, []string{".y", "#z"}},
		{`:is(h1, h2):where(.t)`, []string{".t", ".t"}},
		{`h1, .b, #c`, []string{"<h1", ".b", "#c"}},
		{`:root`, []string{":root"}},
		{`:ROOT:has(input.theme-controller:checked)`, []string{":root"}},
		{`:root.dark`, []string{":root"}},
		{`:where(:root:has(.a:checked))`, []string{":root"}},
		{`:not(:root)`, []string{""}},
		{`input:not([type=hidden])`, []string{"<input"}},
		{`[data-theme="light"]`, []string{"[data-theme"}},
		{`[ Data-X ~= "a b" i]`, []string{"[data-x"}},
		{`[data-x][data-y]`, []string{"[data-x"}},
		{`p[data-x]`, []string{"<p"}},
		{`[style*=color]`, []string{""}},
		{`[` + scopeAttr + `] > .a`, []string{".a"}},
		{`:where([` + scopeAttr + `])`, []string{""}},
		{`[data-x]`, []string{"[data-x"}},
		{`[lang|=en]`, []string{"[lang"}},
		{`.a [dir=rtl]`, []string{"[dir"}},
		{`[dir=rtl] .a`, []string{".a"}},
		{`:where(.t:checked ~ .drawer-side)`, []string{".drawer-side"}},
		{`:where(.t:checked ~ .d) > :not(.o)`, []string{""}},
		{`:is(.v .m, .v .y):disabled`, []string{""}},
		{`:is(.btn.a, .btn.b:hover):focus`, []string{".btn"}},
		{`:is(p.a, p.b, #c)`, []string{".a", ".b", "#c"}},
		{`[dir="rtl"] :not(:not(.modal-start > .modal-box))`, []string{".modal-box"}},
		{`:not(:not(.a), .b)`, []string{""}},
		{`:where()`, []string{""}},
	} {
		sels := parseSheetSelectors(c.sel)
		var got []string
		for _, s := range sels {
			k := s.subj.firstKey()
			switch k.kind {
			case keyID:
				got = append(got, "#"+k.name)
			case keyClass:
				got = append(got, "."+k.name)
			case keyTag:
				got = append(got, "<"+k.name)
			case keyRoot:
				got = append(got, ":root")
			case keyAttr:
				got = append(got, "["+k.name)
			default:
				got = append(got, "")
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: keys %q, want %q", c.sel, got, c.want)
		}
	}
}

// TestRuleIndexAttrKeysAllocateNothing: looking an element's attributes
// up among the rules filed by attribute name makes no string, upper-case
// names (SVG's viewBox) included.
func TestRuleIndexAttrKeysAllocateNothing(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>[viewbox] { color: red } [data-x] { color: blue }</style></head>`+
		`<body><svg viewBox="0 0 1 1" preserveAspectRatio="none" data-x="1"></svg></body></html>`, nil)
	p.run()
	w := p.w
	sh := w.sheetsOf(w.doc)
	svg, err := w.doc.QuerySelector("svg")
	if err != nil || svg == nil {
		t.Fatalf("no svg: %v", err)
	}
	x := sh.ruleIndex("color")
	buf := make([][]*cssRule, 0, 8)
	if got := len(x.candidates(svg, buf)); got != 2 {
		t.Fatalf("%d candidate lists for the svg, want 2 ([viewbox] and [data-x])", got)
	}
	if n := testing.AllocsPerRun(100, func() { x.candidates(svg, buf[:0]) }); n != 0 {
		t.Errorf("candidates allocated %v times per call", n)
	}
}

// indexSheet has rules of every kind the index files apart: by class,
// id, tag, the root, an attribute, none (universal ones), compounds of several
// classes (one of which every element has), escaped and upper-case
// names, :is()/:where()/:not()/:has(), pseudo-elements, @layer and
// @media, importance, and rules of equal specificity in different lists
// (the later must win wherever the index files them).
const indexSheet = `<style>
* { color: rgb(0, 0, 1) }
div { color: rgb(0, 0, 2); margin-left: 1px }
DIV.a { margin-left: 2px }
.a { color: rgb(0, 0, 3); padding-top: 1px }
[data-x] { color: rgb(0, 0, 4) }
.b.h { padding-top: 2px }
:where(.h).c { padding-top: 3px; letter-spacing: 1px }
:is(.d, #e) span { letter-spacing: 2px }
.x :where(.y, #z) { word-spacing: 3px }
#Up { word-spacing: 4px }
#up { word-spacing: 5px }
.Cap { text-indent: 6px }
.cap { text-indent: 7px }
.\31 23 { text-indent: 8px }
.md\:w-1\/2 { text-indent: 9px }
p:not(.a) { text-indent: 10px }
li:has(> .a) { text-indent: 11px }
[class~=h][class~=b] { line-height: 2 }
.h { line-height: 3 !important }
.b { line-height: 4 !important }
@layer base { .a { margin-top: 1px } span { margin-top: 2px } }
.a { margin-top: 3px }
@media (min-width: 100px) { #e { margin-top: 4px } }
@media (max-width: 10px) { #e { margin-top: 5px } }
.a::before { content: "a" }
[data-x]::before { content: "x" }
span::after { content: "s" }
foreignObject, rect { opacity: 0.5 }
.a-b { opacity: 0.25 }
:root { word-spacing: 6px }
:root:has(.cap) { word-spacing: 7px }
:where(:root.h, :root) { outline-width: 1px }
[data-x="1"] { opacity: 0.75 }
[DATA-X] { outline-width: 2px }
[viewBox] { outline-width: 3px }
[dir] [lang|=en] { outline-width: 4px }
:where(.b ~ .a) { outline-style: dotted }
:is(.h.c, .a.h):where(#up, #Up, div) { outline-style: dashed }
[dir=ltr] :not(:not(.x > .y)) { outline-color: red }
:is(.x .y, .x #z) { outline-color: blue }
</style>`

const indexBody = `<div class="h a" id=e data-x><span class="h">x</span><span class="b	h">y</span></div>
<div class="h c" id=Up><p class="a">p</p><p class="h">q</p></div>
<ul class="x"><li class="y"><b class="a">b</b></li><li id="z" class="Cap h">z</li><li class="CAP md:w-1/2">w</li><li class="123 a-b">n</li></ul>
<div class="a b h" data-x="1"><span class="d h"><span id=UP class="cap h">d</span></span></div>
<div class="a` + "\u00a0" + `b h">nbsp</div>
<svg viewBox="0 0 1 1"><foreignObject class="a"></foreignObject><rect class="b h"></rect></svg>
<div dir="ltr"><ul class="x" lang="en-GB"><li class="y" lang="EN">l</li></ul><p class="b">b</p><p class="a">a</p></div>`

// TestRuleIndexKeepsCandidates: for every property of the sheet and every
// element, in a standards-mode and a quirks-mode document, each rule that
// matches the element is among the index's candidates, and the winner the
// index finds is the one a scan of all rules in order finds.
func TestRuleIndexKeepsCandidates(t *testing.T) {
	for _, mode := range []struct{ name, doctype string }{{"standards", "<!doctype html>"}, {"quirks", ""}} {
		t.Run(mode.name, func(t *testing.T) {
			p := newPage(t, mode.doctype+`<html><head>`+indexSheet+`</head><body>`+indexBody+`</body></html>`, nil)
			p.run()
			w := p.w
			sh := w.sheetsOf(w.doc)
			var els []*dom.Node
			w.doc.Descendants(func(n *dom.Node) bool {
				if n.IsElement() {
					els = append(els, n)
				}
				return true
			})
			matched := 0
			for key, rules := range sh.byProp {
				x := sh.ruleIndex(key)
				for _, el := range els {
					h := el.HTML()
					cands := x.candidates(el, nil)
					for i := range rules {
						r := &rules[i]
						if !r.sel.Match(h) {
							continue
						}
						matched++
						if !slices.ContainsFunc(cands, func(rs []*cssRule) bool { return slices.Contains(rs, r) }) {
							t.Errorf("%s on <%s class=%q id=%q>: the index drops %s", key, el.Data, el.Attribute("class"), el.Attribute("id"), r.sel.String())
						}
					}
					if got, want := x.best(el), scanBest(rules, el); got != want {
						t.Errorf("%s on <%s class=%q>: the index finds %v, a scan %v", key, el.Data, el.Attribute("class"), ruleText(got), ruleText(want))
					}
				}
			}
			if matched < 60 {
				t.Errorf("only %d matches: the test sheet does not exercise the index", matched)
			}
		})
	}
}

// scanBest is the cascade's winner as it was found before the index: every
// rule tested in order, a later rule of equal rank winning (of equal
// specificity, the nearer scoping root first).
func scanBest(rules []cssRule, el *dom.Node) *cssRule {
	var best *cssRule
	var bestSpec cascadia.Specificity
	for i := range rules {
		r := &rules[i]
		if !r.sel.Match(el.HTML()) {
			continue
		}
		spec := r.sel.spec // as written: a quirks-mode sheet's #a matches as [id="a" i] (quirksCaseSelectors)
		wins := false
		switch {
		case best == nil:
			wins = true
		case r.decl.important != best.decl.important:
			wins = r.decl.important
		case r.layer != best.layer:
			wins = r.layer > best.layer
			if r.decl.important {
				wins = r.layer < best.layer
			}
		case spec == bestSpec && r.sel.proximity(el) != best.sel.proximity(el):
			// the nearer scoping root (cssnesting.go)
			wins = r.sel.proximity(el) < best.sel.proximity(el)
		default:
			wins = !spec.Less(bestSpec)
		}
		if wins {
			best, bestSpec = r, spec
		}
	}
	return best
}

func ruleText(r *cssRule) string {
	if r == nil {
		return "none"
	}
	return r.sel.String() + " { " + r.decl.name + ": " + r.decl.value + " }"
}

// TestCascadeIndexFollowsCSSOM: rules inserted, deleted and replaced
// through the CSSOM after an element's style was read (Emotion and antd's
// cssinjs insert rules one at a time), and class changes, are seen by the
// next read; rules of equal specificity filed in different lists still
// let the later one win, for elements and pseudo-elements.
func TestCascadeIndexFollowsCSSOM(t *testing.T) {
	w := newCSSOMWindow(t, `<!doctype html><html><head><style id=s>.a { color: rgb(1, 0, 0) }</style></head><body>
<div id=x class="a">x</div><p>y</p></body></html>`)
	eval := func(js string) string {
		t.Helper()
		v, err := w.RunScript("t.js", js)
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v.String()
	}
	steps := []struct{ js, want string }{
		{`getComputedStyle(x).color`, "rgb(1, 0, 0)"},
		{`sh.insertRule('.b { color: rgb(2, 0, 0) }', 1); x.classList.add('b'); getComputedStyle(x).color`, "rgb(2, 0, 0)"},
		{`sh.insertRule('#x { color: rgb(3, 0, 0) }', 0); getComputedStyle(x).color`, "rgb(3, 0, 0)"},
		{`sh.deleteRule(0); getComputedStyle(x).color`, "rgb(2, 0, 0)"},
		{`sh.insertRule('[id] { color: rgb(4, 0, 0) }', 2); getComputedStyle(x).color`, "rgb(4, 0, 0)"},
		{`sh.insertRule('p { color: rgb(5, 0, 0) }', 3); getComputedStyle(y).color`, "rgb(5, 0, 0)"},
		{`x.className = 'c'; getComputedStyle(x).color`, "rgb(4, 0, 0)"},
		{`sh.cssRules[2].selectorText = '.c'; getComputedStyle(x).color`, "rgb(4, 0, 0)"},
		{`sh.insertRule('.c { color: rgb(6, 0, 0) }', 4); getComputedStyle(x).color`, "rgb(6, 0, 0)"},
		{`document.getElementById('s').textContent = '#x { color: rgb(7, 0, 0) }'; getComputedStyle(x).color`, "rgb(7, 0, 0)"},
		{`var c = new CSSStyleSheet(); c.replaceSync('.c { color: rgb(8, 0, 0) }'); document.adoptedStyleSheets = [c]; getComputedStyle(x).color`, "rgb(7, 0, 0)"},
		{`c.replaceSync('#x.c { color: rgb(9, 0, 0) }'); getComputedStyle(x).color`, "rgb(9, 0, 0)"},
		{`c.replaceSync('.c { width: 1px } .c::before { content: "c" } [id]::before { content: "i" }'); getComputedStyle(x, '::before').content`, `"i"`},
		{`c.replaceSync('[id]::before { content: "i" } .c::before { content: "c" }'); getComputedStyle(x, '::before').content`, `"c"`},
	}
	eval(`var x = document.getElementById('x'), y = document.querySelector('p'), sh = document.styleSheets[0]`)
	for _, st := range steps {
		if got := eval(st.js); got != st.want {
			t.Errorf("%s: got %q, want %q", st.js, got, st.want)
		}
	}
}

// TestCascadeRuleListsAcrossRewrites: a style element rewritten beside a
// sheet that stays (Tailwind's browser build beside a prebuilt sheet): the
// rules of the sheet that stays keep their declarations' list numbers
// from one build of the per-property lists to the next, while the new
// text's rules bring lists (margin-left, ::before's content) that the
// builds before had not, and drop them again.
func TestCascadeRuleListsAcrossRewrites(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>.a { color: rgb(1, 0, 0) } .a::after { content: "1" }</style><style id=t></style></head><body>
<div id=x class="a">x</div></body></html>`, nil)
	p.run()
	p.eval(`var x = document.getElementById('x'), t = document.getElementById('t')`)
	read := `[getComputedStyle(x).color, getComputedStyle(x).marginLeft, getComputedStyle(x, '::before').content, getComputedStyle(x, '::after').content].join(' | ')`
	steps := []struct{ text, want string }{
		{``, `rgb(1, 0, 0) | 0px | none | "1"`},
		{`.a { margin-left: 2px } .a::after { content: "2" }`, `rgb(1, 0, 0) | 2px | none | "2"`},
		{`.a::before { content: "b" } .a { color: rgb(3, 0, 0) }`, `rgb(3, 0, 0) | 0px | "b" | "1"`},
		{`#x::before { content: "c" } .a { margin-left: 4px }`, `rgb(1, 0, 0) | 4px | "c" | "1"`},
		{``, `rgb(1, 0, 0) | 0px | none | "1"`},
	}
	for _, st := range steps {
		if got := p.eval(`t.textContent = ` + strconv.Quote(st.text) + `; ` + read); got != st.want {
			t.Errorf("%s: got %s, want %s", st.text, got, st.want)
		}
	}
	p.noErrors()
}

// TestCascadeEqualSpecificityAcrossLists: a rule filed under a class and a
// later one of equal specificity filed under none (an attribute
// selector): the later one wins, as in a scan in order.
func TestCascadeEqualSpecificityAcrossLists(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
.a { color: rgb(1, 0, 0) } [data-x] { color: rgb(2, 0, 0) }
[data-y] { color: rgb(3, 0, 0) } .b { color: rgb(4, 0, 0) }
</style></head><body><p id=p class="a b" data-x data-y>x</p></body></html>`, nil)
	p.run()
	if got := p.eval(`getComputedStyle(document.getElementById('p')).color`); got != "rgb(4, 0, 0)" {
		t.Errorf("color %s, want rgb(4, 0, 0) (.b, the last rule)", got)
	}
	p.eval(`document.getElementById('p').className = 'a'`)
	if got := p.eval(`getComputedStyle(document.getElementById('p')).color`); got != "rgb(3, 0, 0)" {
		t.Errorf("color %s, want rgb(3, 0, 0) ([data-y], the last matching rule)", got)
	}
}

// TestCascadeMatchMemo: a selector remembers its match for the last
// element in the document's version; a change of an ancestor, or a move
// of the element, is a new version, and reads of another property of the
// same rule see the same match.
func TestCascadeMatchMemo(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>.p > .c { color: rgb(1, 0, 0); margin-left: 1px }</style></head><body>
<div id=d class=p><span id=s class=c>x</span></div><div id=e></div></body></html>`, nil)
	p.run()
	p.eval(`var s = document.getElementById('s'), d = document.getElementById('d'), e = document.getElementById('e')`)
	for _, st := range []struct{ js, want string }{
		{`getComputedStyle(s).color + getComputedStyle(s).marginLeft`, "rgb(1, 0, 0)1px"},
		{`d.className = ''; getComputedStyle(s).color + getComputedStyle(s).marginLeft`, "rgb(0, 0, 0)0px"},
		{`e.className = 'p'; e.appendChild(s); getComputedStyle(s).marginLeft + getComputedStyle(s).color`, "1pxrgb(1, 0, 0)"},
		{`e.insertBefore(document.createElement('i'), s); getComputedStyle(s).color`, "rgb(1, 0, 0)"},
		{`var w = document.createElement('b'); e.appendChild(w); w.appendChild(s); getComputedStyle(s).color`, "rgb(0, 0, 0)"},
	} {
		if got := p.eval(st.js); got != st.want {
			t.Errorf("%s: got %q, want %q", st.js, got, st.want)
		}
	}
	p.noErrors()
}

// TestSubjectTestsStyle: the rules whose subject compound tests the style
// attribute, which synchronize it on the elements they are matched against.
func TestSubjectTestsStyle(t *testing.T) {
	for sel, want := range map[string]bool{
		"#a[style]": true, "p[STYLE*=color]": true, "[ style ]": true, ".x:not([style])": true,
		"[style] > p": false, "[styles]": false, "[data-style]": false, "p[title=style]": false, ".style": false,
	} {
		if got := subjectTestsStyle(sel); got != want {
			t.Errorf("subjectTestsStyle(%q) = %v, want %v", sel, got, want)
		}
	}
}
