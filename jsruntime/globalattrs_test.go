package jsruntime

import "testing"

// TestInheritedGlobalAttributes checks the global attributes whose state
// inherits from ancestors (translate, spellcheck, writingSuggestions), the
// form owner's autocapitalize and an SVG a's default tabIndex.
// https://html.spec.whatwg.org/multipage/dom.html#attr-translate
func TestInheritedGlobalAttributes(t *testing.T) {
	tree := `var p = document.createElement('div'), c = p.appendChild(document.createElement('span'));`
	runEvalCases(t, []evalCase{
		{name: "translate default", js: tree + `c.translate`, want: "true"},
		{name: "translate inherited", js: tree + `p.setAttribute('translate', 'NO'); c.translate`, want: "false"},
		{name: "translate invalid inherits", js: tree + `p.setAttribute('translate', 'no'); c.setAttribute('translate', 'x'); c.translate`, want: "false"},
		{name: "translate empty is yes", js: tree + `p.setAttribute('translate', 'no'); c.setAttribute('translate', ''); c.translate`, want: "true"},
		{name: "spellcheck inherited", js: tree + `p.spellcheck = false; [c.spellcheck, p.getAttribute('spellcheck')].join()`, want: "false,false"},
		{name: "writingSuggestions", js: tree + `var a = c.writingSuggestions; p.setAttribute('writingsuggestions', 'False'); [a, c.writingSuggestions].join()`, want: "true,false"},
		{name: "writingSuggestions set", js: tree + `c.writingSuggestions = 'x'; c.getAttribute('writingsuggestions')`, want: "x"},
		{name: "autocapitalize form owner", js: `var f = document.createElement('form'), i = f.appendChild(document.createElement('input'));
			f.setAttribute('autocapitalize', 'off'); var a = i.autocapitalize; i.setAttribute('autocapitalize', 'words'); [a, i.autocapitalize].join()`, want: "none,words"},
		{name: "autocapitalize not for div", js: `var f = document.createElement('form'), d = f.appendChild(document.createElement('div'));
			f.setAttribute('autocapitalize', 'words'); JSON.stringify(d.autocapitalize)`, want: `""`},
		{name: "svg a tabIndex", js: `var s = 'http://www.w3.org/2000/svg'; [document.createElementNS(s, 'a').tabIndex, document.createElementNS(s, 'g').tabIndex].join()`, want: "0,-1"},
	})
}

// TestCommandAutocorrectStyleDisabled checks button.command's keyword
// canonicalisation, autocorrect's used state and style.disabled as the
// style sheet's flag (with a sheet: the wpt3-global-attrs page).
// https://html.spec.whatwg.org/multipage/form-elements.html#dom-button-command
func TestCommandAutocorrectStyleDisabled(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "command keyword", js: `var b = document.createElement('button'); b.setAttribute('command', 'Show-Modal'); b.command`, want: "show-modal"},
		{name: "command custom", js: `var b = document.createElement('button'); b.setAttribute('command', '--Go'); b.command`, want: "--Go"},
		{name: "command unknown", js: `var b = document.createElement('button'); b.setAttribute('command', 'go'); JSON.stringify(b.command)`, want: `""`},
		{name: "autocorrect form owner", js: `var f = document.createElement('form'), i = f.appendChild(document.createElement('input'));
			f.setAttribute('autocorrect', 'off'); var a = i.autocorrect; i.setAttribute('autocorrect', 'on'); [a, i.autocorrect].join()`, want: "false,true"},
		{name: "autocorrect email", js: `var i = document.createElement('input'); i.type = 'email'; i.autocorrect`, want: "false"},
		{name: "autocorrect set", js: `var d = document.createElement('div'); d.autocorrect = 0; d.getAttribute('autocorrect')`, want: "off"},
		{name: "style disabled without sheet", js: `var s = document.createElement('style'); s.disabled = true; [s.disabled, s.hasAttribute('disabled')].join()`, want: "false,false"},
		{name: "option value null", js: `var o = document.createElement('option'); o.value = null; o.getAttribute('value')`, want: "null"},
		{name: "input value null", js: `var i = document.createElement('input'); i.value = null; JSON.stringify(i.value)`, want: `""`},
		{name: "source dimensions", js: `var s = document.createElement('source'); s.setAttribute('width', '-3'); s.height = 5; [s.width, s.getAttribute('height')].join()`, want: "0,5"},
	})
}
