package jsruntime

import "testing"

// A live list read while its root is in one document is read again once
// the root is in another, even when that document's version is the one
// the list was read at (testdata/wpt/domdiff64-live-list-adopted.html).
func TestLiveListAdopted(t *testing.T) {
	const run = `function run(tag, child, read, n) {
		var a = document.implementation.createHTMLDocument("a"), root = a.createElement(tag);
		for (var i = 0; i < n; i++) a.body.appendChild(a.createTextNode("t"));
		a.body.appendChild(root);
		var before = read(root);
		var b = document.implementation.createHTMLDocument("b");
		b.body.appendChild(root);
		root.appendChild(b.createElement(child));
		return before + ">" + read(root);
	}
	function all(tag, child, read) {
		var seen = {};
		for (var n = 0; n < 30; n++) seen[run(tag, child, read, n)] = true;
		return Object.keys(seen).join(" ");
	}
	`
	runEvalCases(t, []evalCase{
		{name: "fieldset elements", js: run + `all("fieldset", "input", function (r) { return r.elements.length; })`, want: "0>1"},
		{name: "form elements", js: run + `all("form", "input", function (r) { return r.elements.length; })`, want: "0>1"},
		{name: "form length", js: run + `all("form", "button", function (r) { return r.length; })`, want: "0>1"},
		{name: "select options", js: run + `all("select", "option", function (r) { return r.options.length; })`, want: "0>1"},
	})
}
