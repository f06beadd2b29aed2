package jsruntime

import (
	"strings"
	"testing"
)

// ToggleEvent, popover beforetoggle/toggle and the details toggle event,
// with their timing and coalescing. The expectations are Chromium's.
func TestToggleEvents(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "ToggleEvent", js: `var e = new ToggleEvent('toggle', {oldState: 'a', newState: 'b', bubbles: true}), e2 = new ToggleEvent('x');
			JSON.stringify([e instanceof Event, e.oldState, e.newState, e.bubbles, e2.oldState, e2.newState, e2.source, ToggleEvent.length])`,
			want: `[true,"a","b",true,"","",null,1]`},
	})
	p := newPage(t, `<!doctype html><html><body><details id="d"><summary>S</summary>x</details><div id="p" popover>pop</div><script>
var out = [], d = document.getElementById('d'), p = document.getElementById('p');
d.addEventListener('toggle', e => out.push('d ' + e.constructor.name + ' ' + e.oldState + '->' + e.newState + ' ' + e.bubbles + ' ' + e.cancelable + ' ' + e.isTrusted));
p.addEventListener('beforetoggle', e => { out.push('p before ' + e.oldState + '->' + e.newState + ' ' + e.cancelable + ' open=' + p.matches(':popover-open')); if (window.cancelNext) { window.cancelNext = false; e.preventDefault(); } });
p.addEventListener('toggle', e => out.push('p toggle ' + e.oldState + '->' + e.newState + ' ' + e.bubbles + ' ' + e.cancelable));
d.open = true; d.open = false; d.open = true;
out.push('after sets');
p.showPopover(); p.hidePopover(); out.push('sync2 ' + p.matches(':popover-open'));
window.cancelNext = true; p.showPopover(); out.push('canceled ' + p.matches(':popover-open'));
Promise.resolve().then(() => out.push('micro'));
setTimeout(() => { d.removeAttribute('open'); p.togglePopover(); }, 0);
</script></body></html>`, nil)
	p.run()
	want := []string{
		"after sets",
		"p before closed->open true open=false",
		"p before open->closed false open=true",
		"sync2 false",
		"p before closed->open true open=false",
		"canceled false",
		"micro",
		"d ToggleEvent closed->open false false true",
		"p toggle closed->closed false false",
		"p before closed->open true open=false",
		"d ToggleEvent open->closed false false true",
		"p toggle closed->open false false",
	}
	if got := p.eval(`out.join('\n')`); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	p.noErrors()

	// Parsed and innerHTML-made details with open fire toggle too.
	p = newPage(t, `<!doctype html><html><body><script>var out = []; document.addEventListener('toggle', e => out.push(e.target.id + ' ' + e.oldState + '->' + e.newState), true);</script>
<details id="parsed" open><summary>S</summary>x</details><details id="shut"></details><div id="h"></div><script>
document.getElementById('h').innerHTML = '<details id="inner" open>y</details>';
var t = document.createElement('template'); t.innerHTML = '<details id="tpl" open></details>';
document.body.append(document.getElementById('parsed'));
</script></body></html>`, nil)
	p.run()
	if got, want := p.eval(`out.join(' | ')`), "parsed closed->open | inner closed->open"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p.noErrors()
}
