package jsruntime

import "testing"

// Document.parseHTMLUnsafe (Chromium 124+): what a page parses markup that
// carries declarative shadow roots with. The expectations are Chromium's.
func TestParseHTMLUnsafe(t *testing.T) {
	const doc = `var d = Document.parseHTMLUnsafe('<title>t</title><body><noscript><b>n</b></noscript><div id=h><template shadowrootmode=open><i>s</i></template></div><script>window.x=1</script>');`
	runEvalCases(t, []evalCase{
		{name: "document", js: doc + `[d.URL, d.documentURI, d.contentType, d.title, d.compatMode, d.characterSet, d.readyState, d instanceof HTMLDocument, d !== document, d.defaultView].join('|')`,
			want: "about:blank|about:blank|text/html|t|BackCompat|UTF-8|complete|true|true|"},
		{name: "declarative shadow root attached", js: doc + `var h = d.getElementById('h'); [!!h.shadowRoot, h.shadowRoot.mode, h.shadowRoot.innerHTML, h.querySelector('template')].join('|')`,
			want: "true|open|<i>s</i>|"},
		{name: "scripting disabled", js: doc + `[d.querySelector('noscript').innerHTML, typeof window.x].join('|')`, want: "<b>n</b>|undefined"},
		{name: "argument", js: `[Document.parseHTMLUnsafe.length, Document.parseHTMLUnsafe(null).body.innerHTML, (function () { try { Document.parseHTMLUnsafe(); } catch (e) { return e.constructor.name + ': ' + e.message; } })()].join('|')`,
			want: "1|null|TypeError: Failed to execute 'parseHTMLUnsafe' on 'Document': 1 argument required, but only 0 present."},
	})
}
