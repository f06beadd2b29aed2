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

// adoptedStyleSheets of documents and shadow roots count in the cascade;
// assignment checks its items as Chromium does.
func TestAdoptedStyleSheets(t *testing.T) {
	for _, tc := range []evalCase{
		{name: "document", js: `var r = [], s = new CSSStyleSheet(); s.replaceSync('.x { display: none }'); var p = document.createElement('p'); p.className = 'x'; document.body.append(p);
			r.push(Array.isArray(document.adoptedStyleSheets), document.adoptedStyleSheets.length, getComputedStyle(p).display);
			document.adoptedStyleSheets = [s]; r.push(getComputedStyle(p).display);
			document.adoptedStyleSheets = []; r.push(getComputedStyle(p).display);
			document.adoptedStyleSheets.push(s); r.push(getComputedStyle(p).display, document.adoptedStyleSheets.length);
			s.replaceSync('.x { display: flex }'); r.push(getComputedStyle(p).display);
			s.disabled = true; r.push(getComputedStyle(p).display); s.disabled = false;
			try { document.adoptedStyleSheets = [document.createElement('style')]; } catch (e) { r.push(e.name + ': ' + e.message); }
			var st = document.createElement('style'); document.head.append(st);
			try { document.adoptedStyleSheets = [st.sheet]; } catch (e) { r.push(e.name + ': ' + e.message); }
			try { document.adoptedStyleSheets = 5; } catch (e) { r.push(e.name + ': ' + e.message); }
			var h = document.createElement('div'), sr = h.attachShadow({mode: 'open'}); try { sr.adoptedStyleSheets = [{}]; } catch (e) { r.push(e.name + ': ' + e.message); }
			JSON.stringify(r)`,
			want: `[true,0,"block","none","block","none",1,"flex","block",` +
				`"TypeError: Failed to set the 'adoptedStyleSheets' property on 'Document': Failed to convert value to 'CSSStyleSheet'.",` +
				`"NotAllowedError: Failed to set the 'adoptedStyleSheets' property on 'Document': Can't adopt non-constructed stylesheets.",` +
				`"TypeError: Failed to set the 'adoptedStyleSheets' property on 'Document': The provided value cannot be converted to a sequence.",` +
				`"TypeError: Failed to set the 'adoptedStyleSheets' property on 'ShadowRoot': Failed to convert value to 'CSSStyleSheet'."]`},
		{name: "shadow root :host", js: `customElements.define('x-ad', class extends HTMLElement { constructor() { super(); var s = new CSSStyleSheet();
				s.replaceSync(':host { display: none } :host([open]) { display: block }'); var r = this.attachShadow({mode: 'open'}); r.adoptedStyleSheets = [s]; r.innerHTML = '<slot></slot>'; } });
			document.body.innerHTML = '<x-ad open>a</x-ad><x-ad>b</x-ad>';
			[...document.querySelectorAll('x-ad')].map(e => getComputedStyle(e).display).join() + ' ' + JSON.stringify(document.body.innerText)`,
			want: `block,none "a"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newCSSOMWindow(t, `<!doctype html><html><head></head><body></body></html>`) // with webapi's CSSStyleSheet
			v, err := w.RunScript("t.js", tc.js)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tc.want {
				t.Errorf("%s\n got %q\nwant %q", tc.js, got, tc.want)
			}
		})
	}
}

// A shadow tree's sheets changed after the page measured its host restyle
// the host's and the tree's boxes (restyleShadowHosts): an inline host
// (0 wide, its tree's div as wide as the body) given `:host { display:
// block }` afterwards is measured as a 300px block. The expectations are
// Chromium's (testdata/wpt/apps59-shadow-style-geometry.html).
func TestShadowStylesChangeGeometry(t *testing.T) {
	const setup = `var h = document.createElement('x-host'); document.body.append(h);
		var sr = h.attachShadow({mode: 'open'}), inner = document.createElement('div'); inner.textContent = 'x'; sr.append(inner);
		var before = h.clientWidth + ' ' + inner.getBoundingClientRect().width, s = new CSSStyleSheet();
		var after = () => before + ' -> ' + h.clientWidth + ' ' + inner.getBoundingClientRect().width;
		`
	for _, tc := range []struct{ name, js, want string }{
		{"sheet adopted", `s.replaceSync(':host { display: block }'); sr.adoptedStyleSheets = [s]; after()`, "0 500 -> 300 300"},
		{"style element added", `var st = document.createElement('style'); st.textContent = ':host { display: block }'; sr.prepend(st); after()`, "0 500 -> 300 300"},
		{"rule inserted into an adopted sheet", `sr.adoptedStyleSheets = [s]; h.clientWidth; s.insertRule(':host { display: block }'); after()`, "0 500 -> 300 300"},
		{"adopted sheet replaced", `s.replaceSync(':host { display: block }'); sr.adoptedStyleSheets = [s]; h.clientWidth; s.replaceSync(':host { display: block; padding: 0 10px }'); after()`, "0 500 -> 320 300"},
		{"style element edited", `var st = document.createElement('style'); st.textContent = ':host { display: block }'; sr.prepend(st); h.clientWidth; st.textContent = ''; after()`, "0 500 -> 0 500"},
		{"a rule for the tree's elements", `s.replaceSync('div { width: 50px }'); sr.adoptedStyleSheets = [s]; after()`, "0 500 -> 0 50"},
		{"adopted sheets removed", `s.replaceSync(':host { display: block }'); sr.adoptedStyleSheets = [s]; h.clientWidth; sr.adoptedStyleSheets = []; after()`, "0 500 -> 0 500"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newCSSOMWindow(t, `<!doctype html><html><head><style>body { margin: 0; width: 500px } x-host { width: 300px; height: 40px }</style></head><body></body></html>`)
			v, err := w.RunScript("t.js", setup+tc.js)
			if err != nil {
				t.Fatal(err)
			}
			if got := v.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
