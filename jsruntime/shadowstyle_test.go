package jsruntime

import "testing"

// Shadow trees' <style> sheets in getComputedStyle and innerText: :host
// styles the host (below the document's normal rules, above its important
// ones), ::slotted() the light children, plain rules only the tree's own
// elements, and document rules do not reach into the tree. The
// expectations are Chromium's.
func TestShadowTreeStyles(t *testing.T) {
	const setup = `function def(name, css) {
		customElements.define(name, class extends HTMLElement { constructor() { super();
			this.attachShadow({mode: 'open'}).innerHTML = '<style>' + css + '</style><b class="part">in</b><slot></slot>'; } });
	}
	var d = e => getComputedStyle(e).display;
	`
	markup := `<!doctype html><html><head><style>.part { display: flex } .doc-hidden { display: none } x-imp { display: inline !important }</style></head><body>
		<x-a>light a</x-a><x-b open>light b</x-b><x-b id="closed">closed b</x-b><x-c class="on">c</x-c><x-d class="doc-hidden">d</x-d><x-e><i>e</i><u>u</u></x-e><x-imp>imp</x-imp><x-f>f</x-f></body></html>`
	runEvalCases(t, []evalCase{
		{name: ":host", markup: markup, js: setup + `def('x-a', ':host { display: none }');
			def('x-b', ':host { display: none } :host([open]) { display: block }');
			def('x-c', ':host(.on) { display: grid }');
			[d(document.querySelector('x-a')), d(document.querySelector('x-b[open]')), d(document.getElementById('closed')), d(document.querySelector('x-c'))].join()`,
			want: "none,block,none,grid"},
		{name: "the document's normal rules win over :host, its important ones lose", markup: markup, js: setup + `def('x-d', ':host { display: block }');
			def('x-imp', ':host { display: block !important }');
			[d(document.querySelector('x-d')), d(document.querySelector('x-imp'))].join()`,
			want: "none,block"},
		{name: "tree rules stay in their tree", markup: markup, js: setup + `def('x-e', '.part { display: table } ::slotted(u) { display: none }');
			var e = document.querySelector('x-e'), part = e.shadowRoot.querySelector('.part');
			def('x-f', 'b { color: red }');
			[d(part), d(document.querySelector('x-f').shadowRoot.querySelector('.part')), d(e.querySelector('i')), d(e.querySelector('u'))].join()`,
			want: "table,inline,inline,none"},
		{name: "innerText leaves out what :host and ::slotted hide",
			markup: `<!doctype html><html><body><p>one</p><x-a>light a</x-a><x-b open>light b</x-b><x-b>closed b</x-b><x-e><i>e</i><u>u</u></x-e><p>two</p></body></html>`,
			js: setup + `def('x-a', ':host { display: none }'); def('x-b', ':host { display: none } :host([open]) { display: block }'); def('x-e', '::slotted(u) { display: none }');
			JSON.stringify(document.body.innerText)`,
			want: `"one\n\nlight b\ne\n\ntwo"`},
	})
}
