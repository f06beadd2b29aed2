package jsruntime

import (
	"strings"
	"testing"
	"time"
)

// CSS animations and transitions run on the loop's virtual clock: a 300 ms
// transition ends 300 ms of virtual time after its frame, in order with
// timers; a toast removed on animationend is gone; an infinite animation
// keeps no timer.
func TestCSSAnimationsVirtualTime(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
@keyframes fade { from { opacity: 0 } to { opacity: 1 } }
@keyframes spin { to { transform: rotate(1turn) } }
.toast { animation: fade 200ms }
.spinner { animation: spin 1s linear infinite }
.box { transition: opacity 300ms linear; opacity: 1 }
.box.off { opacity: 0 }
</style></head><body><div id="t" class="toast">toast</div><div class="spinner"></div><div id="b" class="box"></div><script>
var out = [], b = document.getElementById('b');
document.getElementById('t').addEventListener('animationend', e => { out.push('animationend ' + e.elapsedTime + ' at ' + document.timeline.currentTime); e.target.remove(); });
b.addEventListener('transitionstart', e => out.push('transitionstart at ' + document.timeline.currentTime));
b.addEventListener('transitionend', e => out.push('transitionend ' + e.propertyName + ' ' + e.elapsedTime + ' at ' + document.timeline.currentTime));
setTimeout(() => {
  getComputedStyle(b).opacity;
  b.classList.add('off');
  setTimeout(() => out.push('timer 150: ' + getComputedStyle(b).opacity), 150);
  setTimeout(() => out.push('timer 400'), 400);
}, 20);
</script></body></html>`, nil)
	p.run()
	want := []string{
		// the class changes at 20 ms: the transition starts at the frame
		// of 32, its events go at the next one
		"transitionstart at 48",
		"timer 150: 0.573333",     // at 170, the timeline at 160: 128 of 300 ms
		"animationend 0.2 at 224", // started at the frame of 16, ended at the first frame after 216
		"transitionend opacity 0.3 at 336",
		"timer 400",
	}
	if got := p.eval(`out.join('\n')`); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	if got := p.eval(`String(document.getElementById('t'))`); got != "null" {
		t.Errorf("the toast is still there: %s", got)
	}
	if e := p.l.Elapsed(); e > 500*time.Millisecond {
		t.Errorf("the loop ran to %v: the infinite animation kept it busy", e)
	}
	p.noErrors()
}

// A timer set for a transition's duration in the frame that started it
// runs between frames, before the frame where the transition ends: a
// style change it makes (Alpine's cleanup removes the transition) finds
// the transition complete by the current time, and transitionend fires
// rather than transitioncancel.
func TestCSSTransitionCompletesBeforeItsFrame(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><div id="b" style="opacity: 1"></div><script>
var out = [], b = document.getElementById('b');
['transitionend', 'transitioncancel'].forEach(t => b.addEventListener(t, e => out.push(t)));
requestAnimationFrame(() => {
  b.style.transition = 'opacity 150ms';
  requestAnimationFrame(() => {
    b.style.opacity = '0';
    setTimeout(() => { b.removeAttribute('style'); }, 150);
  });
});
</script></body></html>`, nil)
	p.run()
	if got := p.eval(`out.join()`); got != "transitionend" {
		t.Errorf("events %q, want transitionend", got)
	}
	p.noErrors()
}

// A document that declares no animation or transition pays no walk.
func TestCSSAnimationsIdleDocument(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>.a { color: red }</style></head><body><div class="a"></div><script>
for (let i = 0; i < 50; i++) { document.body.appendChild(document.createElement('p')); getComputedStyle(document.body).color; }
</script></body></html>`, nil)
	p.run()
	if c := p.w.cssAnim; c != nil && (c.active || c.walked) {
		t.Errorf("active %v, walked %v: a document without animations was walked", c.active, c.walked)
	}
	p.noErrors()
}

// TestCSSAnimationsAfterQuietPeriod: animations and transitions that
// rules reading siblings start, after a second with no change, still run:
// a class added to an element starts one on its next sibling (matched
// around the mutation), and an element inserted before another makes the
// other no longer the first child, starting a transition.
func TestCSSAnimationsAfterQuietPeriod(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
@keyframes k { from { opacity: 0 } to { opacity: 1 } }
li.go + li { animation: k 100ms }
li { transition: color 50ms; color: rgb(0, 0, 1) }
li:first-child { color: rgb(0, 0, 2) }
ul:has(.x) { margin-left: 1px }
</style></head><body><ul><li id=a>a</li><li id=b>b</li></ul><script>
var out = [], a = document.getElementById('a');
['animationstart', 'animationend', 'transitionstart', 'transitionend'].forEach(t => document.addEventListener(t, e => out.push(t + ' ' + e.target.id + ' at ' + document.timeline.currentTime)));
setTimeout(() => a.classList.add('go'), 1000);
setTimeout(() => { var n = document.createElement('li'); n.id = 'n'; a.before(n); }, 2000);
</script></body></html>`, nil)
	p.run()
	p.noErrors()
	got := p.eval(`out.join('\n')`)
	for _, want := range []string{"animationstart b", "animationend b", "transitionstart a", "transitionend a"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}

func TestParseKeyframes(t *testing.T) {
	k := parseKeyframes(`"x"`, ` from, 50% { opacity: 0; animation-timing-function: linear } to { opacity: 1 !important; width: 2px } bad { opacity: .5 } 120% { opacity: .7 }`, false)
	if k.name != "x" {
		t.Errorf("name %q", k.name)
	}
	var got []string
	for _, f := range k.frames {
		var d []string
		for _, x := range f.decls {
			d = append(d, x.name+":"+x.value)
		}
		got = append(got, formatNumber(f.offset)+" "+f.easing+" "+strings.Join(d, ","))
	}
	want := "0 linear opacity:0|0.5 linear opacity:0|1  width:2px"
	if strings.Join(got, "|") != want {
		t.Errorf("frames %q, want %q", strings.Join(got, "|"), want)
	}
}
