package jsruntime

import "testing"

// Which elements focus() focuses, as Chromium 156 answers (each line of want
// was recorded from headless Chromium with the same script): a valid
// tabindex, an editing host, an enabled control, a details element's first
// summary, a label's control, an SVG link; never an element that is not
// rendered (title, noscript, template, hidden, display: none, a closed
// details' content, a closed dialog), invisible or detached.
func TestFocusableAreas(t *testing.T) {
	runEvalCases(t, []evalCase{{
		name:   "focusable areas",
		markup: `<!doctype html><body><div id=s></div></body>`,
		js: `var r = [], s = document.getElementById('s');
		function f(markup, sel) {
			s.innerHTML = markup;
			var e = s.querySelector(sel);
			if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
			e.focus();
			var a = document.activeElement;
			r.push(sel + ':' + (a === e ? 'self' : a ? a.localName : 'null'));
		}
		f('<div tabindex=x></div>', 'div'); f('<div tabindex=""></div>', 'div'); f('<div tabindex=" 2x"></div>', 'div'); f('<div tabindex=-1></div>', 'div');
		f('<div contenteditable=true></div>', 'div'); f('<div contenteditable=false></div>', 'div'); f('<div contenteditable=foo></div>', 'div'); f('<div contenteditable><span contenteditable>x</span></div>', 'span');
		f('<title tabindex=0>t</title>', 'title'); f('<noscript><span tabindex=0>x</span></noscript>', 'noscript'); f('<template tabindex=0></template>', 'template'); f('<p hidden><a href=#>x</a></p>', 'a');
		f('<details><summary>s</summary><a href=#>x</a></details>', 'a'); f('<details><summary>s</summary><summary>t</summary></details>', 'summary'); f('<details><summary>s</summary><summary>t</summary></details>', 'summary:last-child');
		f('<label>l<input></label>', 'label'); f('<label for=q>l</label><input id=q>', 'label'); f('<fieldset disabled><input></fieldset>', 'input'); f('<fieldset disabled><legend><input></legend></fieldset>', 'input');
		f('<div style="display:none"><button>b</button></div>', 'button'); f('<button style="visibility:hidden">b</button>', 'button'); f('<math tabindex=0></math>', 'math'); f('<svg><a href="#"><text>x</text></a></svg>', 'a');
		f('<dialog><button>x</button></dialog>', 'button'); f('<div contenteditable=true><p>x</p></div>', 'p');
		var d = document.createElement('div'); d.tabIndex = 0; d.focus(); r.push('detached:' + (document.activeElement === d));
		r.push([document.createElement('math').tabIndex, typeof document.createElement('math').focus]);
		var x = document.createElement('div'); x.setAttribute('contenteditable', 'foo'); s.innerHTML = ''; s.appendChild(x); r.push('ce-foo:' + x.isContentEditable);
		r.join(' ')`,
		want: "div:body div:body div:self div:self div:self div:body div:body span:body title:body noscript:body template:body a:body " +
			"a:body summary:self summary:last-child:body label:input label:input input:body input:self button:body button:body math:self a:self " +
			"button:body p:body detached:false -1,function ce-foo:false",
	}})
}

// The focus fixup, as Chromium 156 shows it: an element whose tabindex turns
// invalid loses the focus with a blur event; one hidden by a style keeps it
// through the script (Chromium notices at its next style update); a
// removed one loses it. (Chromium also fires blur at the removal, which
// bangsnap does not.)
func TestFocusFixup(t *testing.T) {
	runEvalCases(t, []evalCase{{
		name:   "focus fixup",
		markup: `<!doctype html><body><div id=s><div id=d tabindex=0></div><input id=i><button id=b>b</button></div></body>`,
		js: `var r = [];
		function a() { var x = document.activeElement; return x ? (x.id || x.localName) : 'null'; }
		var d = document.getElementById('d'), i = document.getElementById('i'), b = document.getElementById('b');
		var log = [];
		['focus', 'blur'].forEach(function (t) { document.addEventListener(t, function (e) { log.push(t + ':' + e.target.id); }, true); });
		d.focus(); r.push(a()); d.setAttribute('tabindex', 'x'); r.push(a()); i.focus(); r.push(a());
		i.style.display = 'none'; r.push(a()); b.focus(); r.push(a()); r.push(log.join(','));
		b.remove(); r.push(a());
		r.join(' ')`,
		want: "d body i i b focus:d,blur:d,focus:i,blur:i,focus:b body",
	}})
}
