package jsruntime

import "testing"

// TestDocumentNamedProperties checks document.name for forms, images,
// embeds, objects and iframes: one element, a live HTMLCollection for
// several, names following insertion, renaming and removal, expandos and
// shadow trees.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-document-nameditem
func TestDocumentNamedProperties(t *testing.T) {
	markup := `<!doctype html><body><form name=login><input name=user><input name=user></form><img name=logo id=logoid><img id=plain><div name=nodiv id=divid></div><object id=obj></object>`
	runEvalCases(t, []evalCase{
		{name: "kinds", markup: markup, js: `[document.login.localName, document.logo.localName, document.logoid === document.logo, typeof document.plain, typeof document.nodiv, typeof document.divid, document.obj.localName].join()`,
			want: "form,img,true,undefined,undefined,undefined,object"},
		{name: "form RadioNodeList", markup: markup, js: `var f = document.login; [String(f.user), f.user === f.user, f.user === f.elements.user, f.user.length].join()`,
			want: "[object RadioNodeList],true,true,2"},
		{name: "several and live", markup: markup, js: `var i = document.createElement('img'); i.name = 'logo'; document.body.appendChild(i);
			var c = document.logo, r = [String(c), c.length];
			i.remove(); r.push(c.length, document.logo.localName); r.join()`, want: "[object HTMLCollection],2,1,img"},
		{name: "insert, rename, remove", markup: markup, js: `var f = document.createElement('form'); var r = [typeof document.later];
			f.name = 'later'; r.push(typeof document.later);
			document.body.appendChild(f); r.push(document.later === f);
			f.name = 'renamed'; r.push(document.renamed === f, typeof document.later, 'later' in document);
			f.remove(); r.push(typeof document.renamed, 'renamed' in document); r.join()`, want: "undefined,undefined,true,true,undefined,false,undefined,false"},
		{name: "override builtins, expandos win", markup: markup, js: `var f = document.createElement('form'); f.name = 'getElementById'; document.body.appendChild(f);
			var r = [document.getElementById === f];
			document.mine = 1; var g = document.createElement('form'); g.name = 'mine'; document.body.appendChild(g); r.push(document.mine);
			f.remove(); r.push(typeof document.getElementById); r.join()`, want: "true,1,function"},
		{name: "a replaced hasOwnProperty changes nothing", markup: markup, js: `Object.prototype.hasOwnProperty = function () { return true; };
			var f = document.createElement('form'); f.name = 'afterpatch'; document.body.appendChild(f); String(document.afterpatch === f)`, want: "true"},
		{name: "not in shadow trees or templates", markup: markup, js: `var h = document.body.appendChild(document.createElement('div'));
			h.attachShadow({mode: 'open'}).innerHTML = '<form name=shadowed></form>';
			document.body.insertAdjacentHTML('beforeend', '<template><form name=intemplate></form></template>');
			[typeof document.shadowed, typeof document.intemplate].join()`, want: "undefined,undefined"},
	})
}
