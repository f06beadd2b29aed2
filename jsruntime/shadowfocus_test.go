package jsruntime

import "testing"

// TestShadowFocus: delegatesFocus, the focus retargeted for the document
// and shadow roots, :focus and :focus-within across shadow boundaries
// (testdata/wpt/shadow-focus.html checks the same against Chromium).
func TestShadowFocus(t *testing.T) {
	const page = `<!doctype html><body><input id=out><div id=h></div><script>
		var h = document.getElementById('h');
		var sr = h.attachShadow({mode: 'open', delegatesFocus: true});
		sr.innerHTML = '<span>x</span><input id=a disabled><div id=inner></div><button id=b>b</button>';
		var ir = sr.getElementById('inner').attachShadow({mode: 'closed', delegatesFocus: true});
		ir.innerHTML = '<p>none</p><button id=deep>deep</button>';
	</script>`
	runEvalCases(t, []evalCase{
		{name: "host.focus() delegates into nested hosts", markup: page, js: `h.focus();
			[document.activeElement.id, sr.activeElement.id, ir.activeElement.id, sr.delegatesFocus].join()`,
			want: "h,inner,deep,true"},
		{name: "focus already inside stays", markup: page, js: `sr.getElementById('b').focus(); h.focus();
			[document.activeElement.id, sr.activeElement.id, ir.activeElement].join()`,
			want: "h,b,"},
		{name: ":focus on the element and its hosts", markup: page, js: `h.focus();
			[h.matches(':focus'), h.matches(':focus-within'), sr.getElementById('inner').matches(':focus'),
			 document.body.matches(':focus'), document.body.matches(':focus-within'),
			 document.querySelector(':focus') === h, sr.querySelector(':focus').id].join()`,
			want: "true,true,true,false,true,true,inner"},
		{name: "blur on the host", markup: page, js: `h.focus(); h.blur();
			[document.activeElement === document.body, sr.activeElement, h.matches(':focus-within')].join()`,
			want: "true,,false"},
		{name: "nothing to delegate to", markup: `<div id=h></div><script>
			var h = document.getElementById('h'); h.attachShadow({mode: 'open', delegatesFocus: true}).innerHTML = '<p>x</p>';
			</script>`, js: `h.focus(); document.activeElement === document.body`, want: "true"},
	})
}
