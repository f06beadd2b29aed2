package jsruntime

import "testing"

// TestOptionsCollectionSetter checks options[i] = v, HTMLOptionsCollection's
// indexed setter.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#dom-htmloptionscollection-setter
func TestOptionsCollectionSetter(t *testing.T) {
	const markup = `<!doctype html><body><select id="s"><option id="a">a</option><optgroup id="g"><option id="b">b</option></optgroup><option id="c">c</option></select></body>`
	const ids = `; Array.from(s.querySelectorAll('option,optgroup'), o => o.id || '-').join('')`
	runEvalCases(t, []evalCase{
		{name: "replace", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.options[0] = o` + ids, want: "ngbc"},
		{name: "replace inside optgroup", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.options[1] = o` + ids, want: "agnc"},
		{name: "at the end appends", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.options[3] = o` + ids, want: "agbcn"},
		{name: "past the end pads", markup: markup, js: `var s = document.getElementById('s'), o = new Option('n'); o.id = 'n'; s.options[5] = o` + ids + ` + s.options.length`, want: "agbc--n6"},
		{name: "null removes", markup: markup, js: `var s = document.getElementById('s'); s.options[1] = null` + ids, want: "agc"},
		{name: "null past the end", markup: markup, js: `var s = document.getElementById('s'); s.options[7] = null` + ids, want: "agbc"},
		{name: "same option", markup: markup, js: `var s = document.getElementById('s'); s.options[0] = s.options[0]` + ids, want: "agbc"},
		{name: "not an option", markup: markup, js: `var s = document.getElementById('s'), r = [];
			for (var v of [document.createElement('div'), 'x', 1]) try { s.options[0] = v } catch (e) { r.push(e.constructor.name) }
			r.join()`, want: "TypeError,TypeError,TypeError"},
		{name: "strict mode", markup: markup, js: `(function () { 'use strict'; var s = document.getElementById('s'); s.options[0] = new Option('z'); return s.options[0].text })()`, want: "z"},
		{name: "expando", markup: markup, js: `var s = document.getElementById('s'); s.options.foo = 1; s.options.foo`, want: "1"},
		{name: "named", markup: markup, js: `var s = document.getElementById('s'); s.options.b.id`, want: "b"},
	})
}
