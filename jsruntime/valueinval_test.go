package jsruntime

import (
	"fmt"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// valueSheet has rules setting the values the value memos hold
// (valueinval.go), through inheritance (font sizes in em, weights,
// styles, families, white space, writing modes, colors), combinators,
// structural pseudo-classes, :has(), attributes and custom properties.
const valueSheet = `<style>
.a { font-size: 20px } .b { font-size: 1.5em; margin-left: 2em } .a .c { font-weight: bolder }
.c + .d { font-style: italic } .m { font-family: monospace } .w { white-space: pre }
.v { writing-mode: vertical-rl } .h { display: none } .f { display: flex } .g { visibility: hidden }
li:first-child { color: rgb(255, 0, 0); padding-top: 3px } .e:empty { display: inline-block }
.p:has(.q) { font-size: 30px } .x ~ .y { white-space: nowrap } [data-k] .c { direction: rtl }
div { margin-left: 1px } .k > * { padding-top: inherit; width: 5em } :lang(fr) .d { font-weight: 100 }
.k { --c: rgb(1, 2, 3) } .y { --c: rgb(7, 8, 9) } span, i { color: var(--c, rgb(4, 5, 6)) }
</style>`

const valueBody = `<div id=r>
<div class="a" id=i1><p class="b">1</p><p class="c">2</p><span class="b d">3</span></div>
<div class="f"><div class="m"></div><div class="d b k"><i>x</i></div><span class=e></span></div>
<ul class="x"><li class="d">a</li><li class="b">b</li><li class="c h g">c</li><li class="y">d</li><li></li></ul>
<details><p class=c>before the summary</p><summary>s</summary><span class=d>in</span></details>
<p dir=auto><span class=b>abc</span></p><bdi><i>def</i></bdi>
<math><maction><mi>a</mi><mi>b</mi></maction></math>
<div class="p w"><span class="q">q</span><span>t</span></div>
</div>`

// valueOracle reads every value memo of el.
func valueOracle(w *Window, el *dom.Node) string {
	s := fmt.Sprintf("%s|%g|%s|%s|%v|%v|%v|%s|%s|%s", w.display(el), w.fontSize(el), w.fontWeight(el), w.fontStyle(el),
		w.monospaceFamily(el), w.whiteSpaceOf(el), w.flowModeOf(el),
		w.computedMemo(el, "visibility"), w.computedMemo(el, "color"), w.computedMemo(el, "direction"))
	for _, i := range []int{0, 6, 10, 23} {
		v, ok := w.boxCascaded(el, i)
		s += fmt.Sprintf("|%s %v", v, ok)
	}
	return s
}

// TestValueMemosFollowMutations: after random sequences of class, style,
// dir, lang, hidden and other attribute changes, insertions, removals,
// moves, text changes and animations started, each read between them, every element's
// memoized values are those computed anew.
func TestValueMemosFollowMutations(t *testing.T) {
	kept, reused := 0, 0
	for seed := 1; seed <= 12; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			p := newPage(t, `<!doctype html><html><head>`+valueSheet+`</head><body>`+valueBody+`</body></html>`, nil)
			p.run()
			w := p.w
			p.eval(fmt.Sprintf(`var seed = %d;
function rnd(n) { seed = (seed * 1103515245 + 12345) %% 2147483648; return Math.floor(seed / 2147483648 * n) }
var classes = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'k', 'm', 'p', 'q', 'v', 'w', 'x', 'y'];
var R = document.getElementById('r');
function els() { var l = Array.prototype.slice.call(R.querySelectorAll('*')); l.push(R); return l }
function pick() { var l = els(); return l[rnd(l.length)] }
function step() {
	var e = pick(), o = pick(), c = classes[rnd(classes.length)];
	switch (rnd(16)) {
	case 0: case 1: case 2: e.classList.toggle(c); break;
	case 3: e.setAttribute('style', ['font-size: 2em', 'display: block', 'white-space: pre-line', 'color: inherit', 'writing-mode: vertical-lr', 'font: italic 12px monospace', '--c: rgb(9, 9, 9)', ''][rnd(8)]); break;
	case 4: if (rnd(2)) e.setAttribute('data-k', ''); else e.removeAttribute('data-k'); break;
	case 5: if (!e.contains(o)) o.appendChild(e); break;
	case 6: if (!e.contains(o) && o != R) o.parentNode.insertBefore(e, o); break;
	case 7: var n = document.createElement(['div', 'span', 'li', 'p', 'summary', 'b'][rnd(6)]), par = rnd(2) ? e : e.parentNode; n.className = c; par.insertBefore(n, rnd(2) ? par.firstChild : null); break;
	case 8: if (e != R) e.remove(); break;
	case 9: if (e.firstChild && e.firstChild.nodeType == 3) e.firstChild.data = ['', 'x', '\u05e9\u05dc\u05d5\u05dd'][rnd(3)]; else e.textContent = ['', 'y', '\u05d0'][rnd(3)]; break;
	case 10: e.setAttribute('dir', ['auto', 'rtl', 'ltr'][rnd(3)]); break;
	case 11: if (rnd(2)) e.setAttribute('hidden', ''); else e.removeAttribute('hidden'); break;
	case 12: e.setAttribute('lang', ['fr', 'de', ''][rnd(3)]); break;
	case 13: var d = document.querySelector('details'); if (d) d.open = !d.open; break;
	case 14: e.id = ['i1', 'i2', ''][rnd(3)]; break;
	case 15: if (rnd(4) == 0) e.animate([{fontSize: '10px', color: 'rgb(0, 0, 9)'}, {fontSize: '40px', color: 'rgb(0, 0, 99)'}], 100000); else e.classList.toggle(c); break;
	}
}`, seed))
			elements := func() []*dom.Node {
				var l []*dom.Node
				w.doc.Descendants(func(n *dom.Node) bool {
					if n.IsElement() {
						l = append(l, n)
					}
					return true
				})
				return l
			}
			rnd := uint32(seed)
			for round := 0; round < 40; round++ {
				// a few changes, each followed by reads of some elements,
				// so that memos are made in one version and read in
				// later ones
				for k := 0; k < 1+round%3; k++ {
					p.eval(`step()`)
					w.flushStyle() // as a read of a computed style does
					for _, el := range elements() {
						if rnd = rnd*1664525 + 1013904223; rnd>>29 == 0 {
							valueOracle(w, el)
						}
					}
				}
				w.flushStyle()
				w.sheetsOf(w.doc)
				if w.sheets.vals.kept {
					kept++
				}
				els := elements()
				memo := make([]string, len(els))
				n := len(w.sheets.display)
				for i, el := range els {
					memo[i] = valueOracle(w, el)
				}
				reused += n
				w.sheets.dropValueMemos()
				for i, el := range els {
					if fresh := valueOracle(w, el); fresh != memo[i] {
						t.Fatalf("round %d: %s: memoized %s, computed anew %s", round, describeNode(el), memo[i], fresh)
					}
				}
			}
		})
	}
	t.Logf("kept in %d rounds, %d display entries read across changes", kept, reused)
	if kept == 0 || reused == 0 {
		t.Errorf("the value memos were never kept across a change (kept %d, entries %d)", kept, reused)
	}
}

func describeNode(n *dom.Node) string {
	s := n.Data
	if id := n.Attribute("id"); id != "" {
		s += "#" + id
	}
	if c := n.Attribute("class"); c != "" {
		s += "." + c
	}
	if p := n.ParentNode(); p != nil && p.IsElement() {
		s = describeNode(p) + " > " + s
	}
	return s
}

// ruleChanges are the rules TestValueMemosFollowRuleChanges adds: rules
// changing values the memos hold, directly and through inheritance, the
// root's font size (rem), custom properties and their registration,
// keyframes an element's animation names, layers, conditions,
// pseudo-elements and font faces.
var ruleChanges = []string{
	`.c { font-size: 3em }`, `.d > i { white-space: pre-wrap }`, `li:nth-child(2) { display: none }`,
	`.q ~ span { font-weight: 700 }`, `.p:has(> .q) { writing-mode: vertical-lr }`, `html { font-size: 20px }`,
	`:root { --c: rgb(50, 50, 50) }`, `.k .b { --c: rgb(60, 60, 60) }`, `.rm { font-size: 2rem; margin-left: 1rem }`,
	`@property --c { syntax: '<color>'; inherits: false; initial-value: rgb(0, 99, 0) }`,
	`@keyframes kf { from { color: rgb(200, 0, 0); font-size: 30px } to { color: rgb(0, 0, 200); font-size: 31px } }`,
	`@layer base { div { color: rgb(1, 1, 1); white-space: pre } }`, `@layer base, top;`,
	`@media (min-width: 1px) { .m { font-style: oblique } }`, `@supports (display: grid) { .e { display: grid } }`,
	`.c::before { content: 'x'; display: block; font-size: 50px }`, `@font-face { font-family: f; src: local(Arial) }`,
	`body { direction: rtl }`, `.x li { visibility: hidden }`, `.w span { font-style: italic !important }`,
	`#i1 { font-weight: 900 }`, `[data-k] { display: flex }`, `.y::after { content: 'y' }`,
}

// TestValueMemosFollowRuleChanges: after random sequences of rules added
// (style elements inserted, rules appended to one, insertRule at the
// end and elsewhere), rules deleted and edited through the CSSOM, with
// a few class and style changes between, every element's memoized values
// are those computed anew.
func TestValueMemosFollowRuleChanges(t *testing.T) {
	kept, grown := 0, 0
	rules := ""
	for _, r := range ruleChanges {
		rules += fmt.Sprintf("%q,", r)
	}
	for seed := 1; seed <= 12; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			w := newCSSOMWindow(t, `<!doctype html><html><head>`+valueSheet+`<style>.an { animation: kf 100s }</style><style id=dyn></style></head><body>`+valueBody+`</body></html>`)
			run := func(js string) {
				if _, err := w.RunScript("step.js", js); err != nil {
					t.Fatal(err)
				}
			}
			run(fmt.Sprintf(`var seed = %d;
function rnd(n) { seed = (seed * 1103515245 + 12345) %% 2147483648; return Math.floor(seed / 2147483648 * n) }
var classes = ['a', 'b', 'c', 'd', 'e', 'k', 'm', 'p', 'q', 'w', 'x', 'y', 'an', 'rm'];
var rules = [%s];
var R = document.getElementById('r'), dyn = document.getElementById('dyn');
function els() { var l = Array.prototype.slice.call(R.querySelectorAll('*')); l.push(R); return l }
function pick() { var l = els(); return l[rnd(l.length)] }
function sheet() { var s = document.querySelectorAll('style'); return s[1 + rnd(s.length - 1)].sheet }
function step() {
	var e = pick(), c = classes[rnd(classes.length)], r = rules[rnd(rules.length)], s = sheet();
	switch (rnd(12)) {
	case 0: case 1: var st = document.createElement('style'); st.textContent = r; document.head.appendChild(st); break;
	case 2: dyn.appendChild(document.createTextNode('\n' + r)); break;
	case 3: case 4: try { s.insertRule(r, s.cssRules.length) } catch (x) {} break;
	case 5: try { s.insertRule(r, rnd(s.cssRules.length + 1)) } catch (x) {} break;
	case 6: if (s.cssRules.length) s.deleteRule(rnd(s.cssRules.length)); break;
	case 7: var l = s.cssRules, q = l.length && l[rnd(l.length)]; if (q && q.style) q.style.setProperty(['font-size', 'display', 'white-space', 'color'][rnd(4)], ['12px', 'block', 'pre', 'rgb(3, 3, 3)'][rnd(4)]); break;
	case 8: case 9: e.classList.toggle(c); break;
	case 10: e.setAttribute('style', ['font-size: 2em', 'display: block', 'color: inherit', ''][rnd(4)]); break;
	case 11: var n = document.createElement(['div', 'span', 'li', 'p'][rnd(4)]); n.className = c; e.appendChild(n); break;
	}
}`, seed, rules))
			elements := func() []*dom.Node {
				var l []*dom.Node
				w.doc.Descendants(func(n *dom.Node) bool {
					if n.IsElement() {
						l = append(l, n)
					}
					return true
				})
				return l
			}
			rnd := uint32(seed)
			for round := 0; round < 40; round++ {
				for k := 0; k < 1+round%3; k++ {
					builds := w.sheets.builds
					run(`step()`)
					w.flushStyle()
					w.sheetsOf(w.doc)
					if w.sheets.builds != builds && w.sheets.vals.kept {
						grown++
					}
					for _, el := range elements() {
						if rnd = rnd*1664525 + 1013904223; rnd>>29 == 0 {
							valueOracle(w, el)
						}
					}
				}
				w.flushStyle()
				w.sheetsOf(w.doc)
				if w.sheets.vals.kept {
					kept++
				}
				els := elements()
				memo := make([]string, len(els))
				for i, el := range els {
					memo[i] = valueOracle(w, el)
				}
				w.sheets.dropValueMemos()
				for i, el := range els {
					if fresh := valueOracle(w, el); fresh != memo[i] {
						t.Fatalf("round %d: %s: memoized %s, computed anew %s", round, describeNode(el), memo[i], fresh)
					}
				}
			}
		})
	}
	t.Logf("kept in %d rounds, %d times across added rules", kept, grown)
	if grown == 0 {
		t.Errorf("the value memos were never kept across added rules")
	}
}

// TestRegistrationDropsBoxes: a change of the registered custom properties
// (a style element holding only @property rules, added or removed, and
// CSS.registerProperty) changes the boxes of the elements whose values
// read them, measured before (leads92; the layout looked at the sheets'
// builds, which such a sheet does not change).
func TestRegistrationDropsBoxes(t *testing.T) {
	p := newPage(t, `<!doctype html><div style="width: 300px"><div id=a style="width: var(--a)">x</div><div id=b style="width: var(--b)">x</div></div>`, nil)
	p.run()
	width := func(id string) string {
		return p.eval(`document.getElementById('` + id + `').getBoundingClientRect().width`)
	}
	steps := []struct{ js, id, want string }{
		{``, "a", "300"},
		{`var st = document.createElement('style'); st.textContent = "@property --a { syntax: '<length>'; inherits: false; initial-value: 50px }"; document.head.appendChild(st)`, "a", "50"},
		{`st.remove()`, "a", "300"},
		{``, "b", "300"},
		{`CSS.registerProperty({name: '--b', syntax: '<length>', inherits: false, initialValue: '70px'})`, "b", "70"},
	}
	for _, s := range steps {
		if s.js != "" {
			p.eval(s.js)
		}
		if got := width(s.id); got != s.want {
			t.Errorf("after %q: #%s is %s wide, want %s", s.js, s.id, got, s.want)
		}
	}
}
