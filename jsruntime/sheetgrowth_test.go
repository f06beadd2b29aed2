package jsruntime

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// checkMatchedAgainstScan compares, for every element of w's document (or
// only every third one in tree order when all is false) and every property
// of its rules, the winner kept per element (matched.go) with a scan of all
// rules declaring the property.
func checkMatchedAgainstScan(t *testing.T, w *Window, when string, all bool) {
	t.Helper()
	sh := w.sheetsOf(w.doc)
	var els []*dom.Node
	i := 0
	w.doc.Descendants(func(n *dom.Node) bool {
		if n.IsElement() {
			if i++; all || i%3 == 0 {
				els = append(els, n)
			}
		}
		return true
	})
	for key, rules := range sh.byProp {
		if _, ok := sh.propIDs[key]; !ok {
			continue // a pseudo-element's
		}
		for _, el := range els {
			got, want := sh.matchedRule(el, key), scanBest(rules, el)
			if got != want {
				t.Fatalf("%s: %s on <%s class=%q id=%q>: matched %v, a scan %v", when, key, el.Data, el.Attribute("class"), el.Attribute("id"), ruleText(got), ruleText(want))
			}
		}
	}
}

// TestMatchedRulesFollowSheetAdditions: sheets added and changed between
// reads — a new <style> after the others and before them, rules inserted
// at the end of a sheet and in its middle, @layer blocks and statements
// reordering layers, @media blocks and media attributes, a sheet disabled
// and enabled, a style element removed, adoptedStyleSheets pushed and
// replaced, a shadow root's sheet — mixed with random mutations of the
// tree: the winners kept per element, carried over to the rules of each
// build that adds rules (sheetgrowth.go), are those a scan of all rules
// finds for every element and property.
func TestMatchedRulesFollowSheetAdditions(t *testing.T) {
	// a sheet with no rule reading siblings or anything (invalSheet's
	// :read-write and :has() give most elements those flags)
	plain := `<style>* { color: rgb(0, 0, 1) } div { margin-left: 1px } .a .b { margin-left: 2px } .c { padding-top: 1px }</style>`
	for _, mode := range []struct{ name, doctype, sheet, extra string }{
		{"standards", "<!doctype html>", invalSheet, ""},
		{"plain", "<!doctype html>", plain, ""},
		{"quirks", "", invalSheet, ""},
		{"shadow", "<!doctype html>", invalSheet, `var host = document.getElementById('i2'); host.attachShadow({mode: 'open'}).innerHTML = '<slot></slot><p class=b>s</p>';`},
	} {
		for seed := 1; seed <= 8; seed++ {
			t.Run(fmt.Sprintf("%s/%d", mode.name, seed), func(t *testing.T) {
				w := newCSSOMWindow(t, mode.doctype+`<html><head>`+mode.sheet+`</head><body>`+invalBody+`</body></html>`)
				eval := func(js string) {
					t.Helper()
					if _, err := w.RunScript("t.js", js); err != nil {
						t.Fatalf("%s: %v", js, err)
					}
				}
				eval(mode.extra + fmt.Sprintf(`var seed = %d;
function rnd(n) { seed = (seed * 1103515245 + 12345) %% 2147483648; return Math.floor(seed / 2147483648 * n) }
var classes = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'k', 'm', 'A', 'x'];
var sels = ['.a', '.b', '.c', '.d', 'p', 'span', 'li', '#i1', '.a .b', '.a > .c', '.b + .c', '.c ~ .b', '.x li', 'li:nth-child(2n)',
	'.f:has(.k)', '.e:empty', ':is(.a, .g) .b', '[data-x] .c', 'div', '*', '.b.c', 'ul > li:first-child', ':not(.a)', 'input:disabled'];
var props = ['color', 'margin-left', 'padding-top', 'text-indent', 'letter-spacing', 'outline-offset', 'column-gap', 'word-spacing'];
var n = 0;
function rule() {
	n++;
	var s = sels[rnd(sels.length)], d = props[rnd(props.length)] + ': ' + n + 'px' + (rnd(8) ? '' : ' !important');
	switch (rnd(6)) {
	case 0: return '@layer ' + ['base', 'top', 'base.inner'][rnd(3)] + ' { ' + s + ' { ' + d + ' } }';
	case 1: return '@media ' + (rnd(2) ? '(min-width: 1px)' : '(max-width: 1px)') + ' { ' + s + ' { ' + d + ' } }';
	}
	return s + ' { ' + d + ' }';
}
function sheetText() { var t = ''; for (var k = 1 + rnd(3); k > 0; k--) t += rule() + '\n'; return t }
function styles() { return Array.prototype.slice.call(document.querySelectorAll('style')) }
function sheetStep() {
	var st = styles(), s = st[rnd(st.length)];
	switch (rnd(12)) {
	case 0: case 1: var e = document.createElement('style'); e.textContent = sheetText(); document.head.appendChild(e); break;
	case 2: var e = document.createElement('style'); e.textContent = sheetText(); document.head.insertBefore(e, st[rnd(st.length)] || null); break;
	case 3: case 4: if (s && s.sheet) s.sheet.insertRule(rule(), s.sheet.cssRules.length); break;
	case 5: if (s && s.sheet) s.sheet.insertRule(rule(), rnd(s.sheet.cssRules.length + 1)); break;
	case 6: var c = new CSSStyleSheet(); c.replaceSync(sheetText()); document.adoptedStyleSheets = document.adoptedStyleSheets.concat([c]); break;
	case 7: if (s && s.sheet) s.sheet.disabled = !s.sheet.disabled; break;
	case 8: var e = document.createElement('style'); e.media = rnd(2) ? 'all' : 'print'; e.textContent = sheetText(); document.head.appendChild(e); break;
	case 9: var e = document.createElement('style'); e.textContent = rnd(2) ? '@layer top, base;' : '@layer base, top;'; document.head.insertBefore(e, rnd(2) ? st[0] : null); break;
	case 10: if (st.length > 1 && rnd(3) == 0) s.remove(); else if (document.adoptedStyleSheets.length) document.adoptedStyleSheets[0].insertRule(rule(), document.adoptedStyleSheets[0].cssRules.length); break;
	case 11: var h = document.getElementById('i2'); if (h && h.shadowRoot) { var e = document.createElement('style'); e.textContent = sheetText(); h.shadowRoot.appendChild(e) } break;
	}
}
var R = document.getElementById('r');
function els() { var l = Array.prototype.slice.call(R.querySelectorAll('*')); l.push(R); return l }
function pick() { var l = els(); return l[rnd(l.length)] }
function step() {
	var e = pick(), o = pick(), c = classes[rnd(classes.length)];
	switch (rnd(6)) {
	case 0: case 1: e.classList.toggle(c); break;
	case 2: if (e != R) e.id = ['i1', 'i2', ''][rnd(3)]; break;
	case 3: if (!e.contains(o)) o.appendChild(e); break;
	case 4: var n2 = document.createElement(['div', 'span', 'li', 'p'][rnd(4)]); n2.className = c; e.appendChild(n2); break;
	case 5: if (rnd(2)) e.setAttribute('data-x', ''); else e.removeAttribute('data-x'); break;
	}
}`, seed))
				checkMatchedAgainstScan(t, w, "parsed", true)
				for _, js := range []string{
					// rules added that match nothing yet, then made to
					// match by a change the kept entries' own rules would
					// not drop them for (:has(), a sibling combinator)
					`var e = document.createElement('style'); e.textContent = '.a:has(.zq) { text-indent: 7px } .zp + .m { text-indent: 8px }'; document.head.appendChild(e)`,
					`var m = document.querySelector('.f > .m'), i = document.createElement('i'); i.className = 'zp'; m.parentNode.insertBefore(i, m)`,
					`document.querySelector('#i1 .c').classList.add('zq')`,
					`var e = document.createElement('style'); e.textContent = '.zz { color: red }'; document.head.appendChild(e)`,
					// new features for style invalidation (styleinval.go)
					`var e = document.createElement('style'); e.textContent = '.zr .b { text-indent: 3px } #i1 > .zs, .a .d { color: red }'; document.head.appendChild(e)`,
					`styles()[0].sheet.insertRule('[data-y] .c, .a li { letter-spacing: 2px }', styles()[0].sheet.cssRules.length)`,
					`styles()[styles().length - 1].sheet.insertRule('.b { color: rgb(0, 0, 9) }', 1)`,
					`styles()[0].sheet.insertRule('.c { letter-spacing: 9px }', styles()[0].sheet.cssRules.length)`,
					`var e = document.createElement('style'); e.textContent = '.a .b { margin-left: 9px }'; document.head.insertBefore(e, document.querySelector('style'))`,
					`var e = document.createElement('style'); e.textContent = '@layer l1 { p { outline-offset: 1px } } @layer l2 { .b { outline-offset: 2px } }'; document.head.appendChild(e)`,
					`var e = document.createElement('style'); e.textContent = '@layer l2, l1; @layer l3 { * { outline-offset: 3px !important } }'; document.head.appendChild(e)`,
					`var e = document.createElement('style'); e.textContent = '@layer l2, l1;'; document.head.insertBefore(e, document.querySelector('style'))`,
					`var c = new CSSStyleSheet(); c.replaceSync('span { column-gap: 1px }'); document.adoptedStyleSheets = [c]`,
					`document.adoptedStyleSheets[0].insertRule('.b { column-gap: 2px }', 1)`,
					`styles()[1].sheet.disabled = true`,
					`styles()[1].sheet.disabled = false`,
					`var e = document.createElement('style'); e.media = '(min-width: 1px)'; e.textContent = '@media (max-width: 1px) { .b { color: blue } } .b { word-spacing: 7px }'; document.head.appendChild(e)`,
				} {
					eval(js)
					checkMatchedAgainstScan(t, w, js, true)
					checkInvalidationFeatures(t, w, js)
				}
				for round := 0; round < 40; round++ {
					eval(fmt.Sprintf(`for (var k = 0; k < %d; k++) { step(); if (rnd(2)) sheetStep() }`, 1+round%3))
					checkMatchedAgainstScan(t, w, fmt.Sprintf("round %d", round), true)
					checkInvalidationFeatures(t, w, fmt.Sprintf("round %d", round))
				}
				if w.sheets.grown == 0 {
					t.Error("no addition kept the matched rules: every build dropped them")
				}
				if w.sheets.invalAdded == 0 {
					t.Error("no addition added to the style invalidation features: every build made them again")
				}
			})
		}
	}
}

// checkInvalidationFeatures compares the style invalidation features of
// w's page, as kept across builds (styleinval.go), with those made from
// all its rules now.
func checkInvalidationFeatures(t *testing.T, w *Window, what string) {
	t.Helper()
	w.refreshSheets()
	got := w.invalidationFeatures()
	s := &w.sheets
	want := invalidationFeatures{}
	for _, src := range s.sources {
		for _, r := range s.parsed[src].rules {
			for _, sel := range splitTopLevelCommas(r.selText) {
				want.add(sel, nil)
			}
		}
	}
	norm := func(f invalidationFeatures) map[string]string {
		m := map[string]string{}
		for k, v := range f {
			tags, ids, classes := slices.Sorted(slices.Values(v.Tags)), slices.Sorted(slices.Values(v.IDs)), slices.Sorted(slices.Values(v.Classes))
			m[k] = fmt.Sprint(tags, ids, classes, v.Attributes)
		}
		return m
	}
	if g, wa := norm(got), norm(want); !maps.Equal(g, wa) {
		t.Errorf("after %s: invalidation features\n%v\nwant (made from the rules)\n%v", what, g, wa)
	}
}
