package jsruntime

import (
	"fmt"
	"strings"
	"testing"
)

// invalSheet has a rule of each form whose match per-element invalidation
// (matchinval.go) must follow: descendant and child combinators naming
// classes, ids and attributes, sibling combinators, structural
// pseudo-classes, :has(), combinators inside :not() and :is(), :disabled
// under a fieldset, :read-write under contenteditable, :link, :defined,
// :lang() (the nearest lang or xml:lang attribute),
// and scoped rules whose roots and limits a change may make or unmake.
const invalSheet = `<style>
* { color: rgb(0, 0, 1) }
div { margin-left: 1px }
.a .b { margin-left: 2px }
.a > .c { padding-top: 1px }
#i1 .b, #i2 span { padding-left: 1px }
[data-x] .c { padding-left: 2px }
[data-y=on] > * { word-spacing: 1px }
.b + .c { letter-spacing: 1px }
.c ~ .b { letter-spacing: 2px }
.d:first-child { text-indent: 1px }
.d:last-child .b { text-indent: 2px }
li:nth-child(2n+1) { text-indent: 3px }
.e:empty { margin-right: 1px }
.f:has(.k) { margin-right: 2px }
.f:has(> .m) .d { margin-right: 3px }
.x .d:has(.e) { text-indent: 4px }
.g:not(.a .h) { padding-bottom: 1px }
.g:is(.b + .h) { padding-bottom: 2px }
:where(.a).b.c { margin-top: 1px }
input:disabled { margin-top: 2px }
fieldset:disabled + .b { margin-top: 3px }
:read-write { margin-bottom: 1px }
a:link .b { margin-bottom: 2px }
x-el:not(:defined) { margin-bottom: 3px }
x-el:defined + .c { margin-bottom: 4px }
.A { word-spacing: 2px }
:lang(fr) .b { outline-width: 1px }
.c:not(:lang(de)) { outline-width: 2px }
:is(:lang(ar), :lang(he)) > * { outline-width: 3px }
@scope (.a) to (.k) { .b { outline-offset: 1px } }
@scope (.f) to (:scope > .m) { :scope > .d, .e { column-gap: 1px } }
@scope (.x) { @scope (:scope > .c) to (> .b) { * { row-gap: 1px } } }
</style>`

// invalEscapedSheet has rules naming classes and ids through escapes, as
// Tailwind's variants do (`.md\:a`, `.\[\&\>\*\]\:p`), hexadecimal
// ones whose white space is theirs (`.\61 .c` is `.a.c`, `.\61  .c` a
// descendant), and non-ASCII capitals (which the ancestor filter lowers).
const invalEscapedSheet = `<style>
* { color: rgb(0, 0, 1) }
.md\:a .b { margin-left: 2px }
.md\:a > .c { padding-top: 1px }
#i\31  .b, .a\.b span { padding-left: 1px }
.\31 0 .c { padding-left: 2px }
.b + .x\:y { letter-spacing: 1px }
.x\:y ~ .b { letter-spacing: 2px }
.g:not(.md\:a .h) { padding-bottom: 1px }
.g:is(.b + .h\(1\)) { padding-bottom: 2px }
.hover\:d:hover, .md\:a .d:first-child { text-indent: 1px }
.\[\&\>\*\]\:p > * { word-spacing: 1px }
.A\:B .b { word-spacing: 2px }
.\61 .c { margin-top: 1px }
.\61  .c { margin-top: 2px }
.\E9 t .b { margin-right: 1px }
.\C9 T .b { margin-right: 2px }
.k\+ + * { margin-bottom: 1px }
</style>`

// invalContainerRules are rules of @container blocks, for
// TestMatchedRulesFollowMutations: they make the page's matches follow
// its containers' sizes, which sheet additions may change too, so that
// no build carries matched rules over (TestMatchedRulesFollowSheetAdditions
// checks that some do).
const invalContainerRules = `<style>
.h { container-type: inline-size; width: 400px }
.x { container: box / inline-size }
.m { width: 50px }
@container (width < 500px) { .b { column-rule-width: 1px } }
@container box (width > 100px) { .c, .k { tab-size: 3 } }
@container (width > 100px) { @scope (.f) { .d { orphans: 3 } } }
</style>`

const invalBody = `<div id=r>
<div class="a" id=i1><p class="b">1</p><p class="c">2</p><span class="b d">3</span></div>
<div class="f"><div class="m"></div><div class="d b k"></div><span class=e></span></div>
<ul class="x"><li class="d">a</li><li class="b">b</li><li class="c h g">c</li><li class="g h">d</li><li></li></ul>
<fieldset><legend><input id=in1></legend><input id=in2></fieldset><p class="b">after</p>
<div contenteditable><span class="b">ed</span></div>
<a href="#x"><i class="b">l</i></a><a><i class="b">m</i></a>
<x-el class="g"></x-el><span class="c">n</span>
<div id=i2 data-y=on lang=fr><span class="e"></span><span class="A">t</span><p lang=de class=c>u</p></div>
</div>`

// TestMatchedRulesFollowMutations: after random sequences of class, id
// and attribute changes, insertions, removals, moves and text changes
// (and custom element definitions, lang attributes), the matched rules kept per element
// (matched.go), dropped only where the changes may change them
// (matchinval.go), are for every element and property those a scan of
// all rules finds, in a standards-mode and a quirks-mode document, with
// and without a shadow root in the page, and with rules of @container
// blocks whose containers the changes make, unmake and resize.
func TestMatchedRulesFollowMutations(t *testing.T) {
	// the sheet without its rules naming a pseudo-class reading
	// attributes left of the subject, for which any attribute change
	// drops the subtree's matched rules
	narrow := strings.NewReplacer("a:link .b { margin-bottom: 2px }", "", "x-el:defined + .c { margin-bottom: 4px }", "").Replace(invalSheet)
	// the :lang() rules with no rule matched again after any change
	// (:has(), @scope) nor one dropping a subtree at any attribute's
	// change (a:link .b)
	lang := `<style>* { color: rgb(0, 0, 1) } .a .b { margin-left: 2px } li:nth-child(2n+1) { text-indent: 3px }
:lang(fr) .b { outline-width: 1px } .c:not(:lang(de)) { outline-width: 2px } :is(:lang(ar), :lang(he)) > * { outline-width: 3px }</style>`
	escaped := `document.getElementById('i1').classList.add('md:a'); document.querySelector('ul').classList.add('[&>*]:p');
document.getElementById('i2').classList.add('\u00c9T'); document.querySelector('.f').classList.add('10');`
	for _, mode := range []struct{ name, doctype, extra, sheet string }{
		{"standards", "<!doctype html>", "", invalSheet},
		{"escaped", "<!doctype html>", escaped, invalEscapedSheet},
		{"narrow", "<!doctype html>", "", narrow},
		{"quirks", "", "", narrow},
		{"lang", "<!doctype html>", "", lang},
		{"shadow", "<!doctype html>", `var host = document.getElementById('i2'); host.attachShadow({mode: 'open'}).innerHTML = '<slot></slot><p class=b>s</p>';`, invalSheet},
		{"shadow-narrow", "<!doctype html>", `var host = document.getElementById('i2'); host.attachShadow({mode: 'open'}).innerHTML = '<slot></slot><p class=b>s</p>';`, narrow},
	} {
		for seed := 1; seed <= 10; seed++ {
			t.Run(fmt.Sprintf("%s/%d", mode.name, seed), func(t *testing.T) {
				classes := `['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'k', 'm', 'A', 'x']`
				if mode.sheet == invalEscapedSheet {
					classes = `['md:a', 'b', 'c', 'a.b', '10', 'x:y', 'g', 'h', 'h(1)', 'd', 'hover:d', '[&>*]:p', 'A:B', 'a', '\u00e9t', '\u00c9T', 'k+']`
				}
				p := newPage(t, mode.doctype+`<html><head>`+mode.sheet+invalContainerRules+`</head><body>`+invalBody+`</body></html>`, nil)
				p.run()
				w := p.w
				p.eval(mode.extra + fmt.Sprintf(`var seed = %d;
function rnd(n) { seed = (seed * 1103515245 + 12345) %% 2147483648; return Math.floor(seed / 2147483648 * n) }
var classes = %s;
var R = document.getElementById('r');
function els() { var l = Array.prototype.slice.call(R.querySelectorAll('*')); l.push(R); return l }
function pick() { var l = els(); return l[rnd(l.length)] }
function step() {
	var e = pick(), o = pick(), c = classes[rnd(classes.length)];
	switch (rnd(14)) {
	case 0: case 1: e.classList.toggle(c); break;
	case 2: if (e != R) e.id = ['i1', 'i2', 'I1', ''][rnd(4)]; break;
	case 3: if (rnd(2)) e.setAttribute('data-x', ''); else e.removeAttribute('data-x'); break;
	case 4: e.setAttribute('data-y', rnd(2) ? 'on' : 'off'); break;
	case 5: if (!e.contains(o)) o.appendChild(e); break;
	case 6: if (!e.contains(o) && o != R) o.parentNode.insertBefore(e, o); break;
	case 7: var n = document.createElement(['div', 'span', 'li', 'p'][rnd(4)]), par = rnd(2) ? e : e.parentNode; n.className = c; par.insertBefore(n, rnd(2) ? par.firstChild : null); break;
	case 8: if (e != R) e.remove(); break;
	case 9: if (e.firstChild && e.firstChild.nodeType == 3) e.firstChild.data = rnd(2) ? '' : 'x'; else e.textContent = rnd(2) ? '' : 'y'; break;
	case 10: var f = document.querySelector('fieldset'); if (f) f.disabled = !f.disabled; break;
	case 11: if (rnd(2)) e.setAttribute('contenteditable', ''); else e.removeAttribute('contenteditable'); break;
	case 12: if (rnd(2)) e.setAttribute('href', '#'); else e.removeAttribute('href'); break;
	case 13: var l = ['fr', 'de-CH', 'he', ''][rnd(4)]; if (rnd(3) == 0) e.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:lang', l); else if (rnd(4) == 0) e.removeAttribute('lang'); else e.setAttribute('lang', l); break;
	}
}`, seed, classes))
				checkMatchedAgainstScan(t, w, "parsed", true)
				// a change of each form first, then random ones
				for _, js := range []string{
					`document.querySelector('.f .k').classList.remove('k')`,
					`document.querySelector('.f > .m').className = 'x'`,
					`document.getElementById('i1').classList.remove('a')`,
					`document.querySelector('#i1 .b').classList.remove('b')`,
					`document.querySelector('fieldset').disabled = true`,
					`document.querySelector('[contenteditable]').removeAttribute('contenteditable')`,
					`document.querySelector('a[href]').removeAttribute('href')`,
					`document.querySelector('ul').insertBefore(document.createElement('li'), document.querySelector('ul').firstChild)`,
					`document.querySelector('.e').textContent = 'z'`,
					`document.getElementById('i2').setAttribute('data-y', 'off')`,
					`document.querySelector('ul').classList.add('a')`,
					`document.querySelector('li.b').classList.remove('b')`,
					`document.querySelector('li.d').remove()`,
					`document.querySelector('li.h').classList.remove('h')`,
					`document.querySelector('.f').classList.add('h')`,
					`document.querySelector('.f').classList.add('m')`,
					`document.getElementById('i1').setAttribute('lang', 'fr')`,
					`document.getElementById('r').setAttribute('lang', 'he')`,
					`document.getElementById('i2').removeAttribute('lang')`,
					`document.querySelector('[lang=de]').setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:lang', 'fr')`,
				} {
					p.eval(js)
					checkMatchedAgainstScan(t, w, js, true)
				}
				for round := 0; round < 60; round++ {
					n := 1 + round%4
					p.eval(fmt.Sprintf(`for (var k = 0; k < %d; k++) step()`, n))
					if round == 20 {
						p.eval(`customElements.define('x-el', class extends HTMLElement {})`)
					}
					checkMatchedAgainstScan(t, w, fmt.Sprintf("round %d", round), round%5 != 2)
				}
				if w.sheets.matchInv.stamp == 0 {
					t.Error("no change was stamped: the matched rules were dropped whole")
				}
			})
		}
	}
}

// TestMatchedRulesHasBehindAncestor: a :has() rule is matched again after
// every change only on the elements under an ancestor its selector needs
// (`.wrap .x:has(.y)`: an element with no .wrap above it keeps its
// matched rules across changes), and a change giving an ancestor the
// class makes the rule match there.
func TestMatchedRulesHasBehindAncestor(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
.wrap .x:has(.y) { color: rgb(255, 0, 0) }
</style></head><body><div id=out><span class=x id=a><i class=y></i></span></div>
<div class=wrap><span class=x id=b><i></i></span></div></body></html>`, nil)
	p.run()
	w := p.w
	color := func(id string) string {
		return p.eval(`getComputedStyle(document.getElementById('` + id + `')).color`)
	}
	if got := color("a") + " " + color("b"); got != "rgb(0, 0, 0) rgb(0, 0, 0)" {
		t.Fatalf("colors %s", got)
	}
	flags := func(id string) uint8 {
		el := w.doc.GetElementByID(id)
		e, ok := w.sheets.matched[el]
		if !ok {
			t.Fatalf("no matched rules kept for #%s", id)
		}
		return e.flags
	}
	if flags("a")&invVolatile != 0 {
		t.Errorf("#a, under no .wrap, is matched again after every change")
	}
	if flags("b")&invVolatile == 0 {
		t.Errorf("#b, under .wrap, is not matched again after changes")
	}
	p.eval(`document.querySelector('#b i').className = 'y'`)
	if got := color("b"); got != "rgb(255, 0, 0)" {
		t.Errorf("#b with a .y inside: %s", got)
	}
	p.eval(`document.getElementById('out').className = 'wrap'`)
	if got := color("a"); got != "rgb(255, 0, 0)" {
		t.Errorf("#a after its parent became .wrap: %s", got)
	}
}
