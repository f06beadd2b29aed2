package jsruntime

import (
	"strings"
	"testing"
)

// An inside marker takes room at the start of its item's first line
// (Chromium 156's widths, testdata/wpt/sweep91-inside-list-marker.html):
// a summary's disclosure triangle, an inside disc; an outside one or
// list-style none takes none.
func TestInsideMarker(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body style="margin:0;font:16px serif">
<details style="float:left"><summary><span id=s>Sort</span></summary>x</details>
<ul style="clear:both;margin:0;padding:0;list-style:inside"><li><span id=d>item</span></li></ul>
<ul style="margin:0;padding:0"><li><span id=o>item</span></li></ul>
<details><summary style="list-style:none"><span id=n>Sort</span></summary>x</details>
<script>
var left = id => document.getElementById(id).getBoundingClientRect().left;
var out = [left('s'), left('d'), left('o'), left('n'), getComputedStyle(document.querySelector('summary')).listStyleType].join(' ');
</script></body></html>`, nil)
	p.run()
	want := "16.9375 22 0 0 disclosure-closed"
	if got := p.eval(`out`); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p.noErrors()
}

// A keyframes argument's undefined easing or composite is an absent
// member, as Motion One passes it: the animation runs and finishes.
func TestKeyframesUndefinedMembers(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><div id="d"></div><script>
var out = [], d = document.getElementById('d');
var a = d.animate({opacity: [0, 0.5], offset: undefined, easing: undefined, composite: undefined}, {duration: 50, fill: 'both', direction: undefined});
out.push(a.effect.getKeyframes().map(k => k.easing + ' ' + k.composite).join(','));
a.finished.then(() => out.push('finished ' + getComputedStyle(d).opacity));
</script></body></html>`, nil)
	p.run()
	want := []string{"linear auto,linear auto", "finished 0.5"}
	if got := p.eval(`out.join('\n')`); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	p.noErrors()
}
