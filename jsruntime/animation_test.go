package jsruntime

import (
	"strings"
	"testing"
	"time"
)

// Animations run on the loop's virtual clock: ready resolves at the next
// frame, finished at the first frame at or after start + duration, and an
// animation that never ends keeps the page from no frame.
func TestAnimationVirtualTime(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><div id="d" style="opacity: 0.5"></div><script>
var out = [], d = document.getElementById('d');
var a = d.animate([{opacity: 0}, {opacity: 1}], {duration: 100, fill: 'forwards'});
a.ready.then(() => out.push('ready ' + a.startTime + ' ' + document.timeline.currentTime));
a.finished.then(() => out.push('finished ' + document.timeline.currentTime + ' ' + a.currentTime + ' ' + getComputedStyle(d).opacity));
a.onfinish = e => out.push('finish event ' + e.currentTime);
setTimeout(() => out.push('timeout 99 ' + a.playState + ' ' + getComputedStyle(d).opacity), 99);
setTimeout(() => out.push('timeout 130 ' + a.playState), 130);
d.animate({transform: ['none', 'rotate(1turn)']}, {duration: 1000, iterations: Infinity});
</script></body></html>`, nil)
	p.run()
	want := []string{
		"ready 16 16",
		"timeout 99 running 0.8", // the timeline stands at the frame of 96ms
		"finished 128 100 1",
		"finish event 100",
		"timeout 130 finished",
	}
	if got := p.eval(`out.join('\n')`); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	// The infinite animation set no timer: the page went quiet after the
	// last timeout.
	if e := p.l.Elapsed(); e > 200*time.Millisecond {
		t.Errorf("the loop ran to %v: an infinite animation kept it busy", e)
	}
	if got := p.eval(`document.getElementById('d').getAttribute('style')`); got != "opacity: 0.5" {
		t.Errorf("style attribute = %q: animations must not write it", got)
	}
	p.noErrors()
}

func TestEasingAndInterpolation(t *testing.T) {
	for _, c := range []struct {
		easing string
		in     float64
		want   float64
	}{
		{"linear", 0.3, 0.3},
		{"steps(4)", 0.6, 0.5},
		{"steps(4, start)", 0.6, 0.75},
		{"step-end", 0.99, 0},
		{"steps(2, jump-both)", 0.5, 2.0 / 3},
		{"steps(3, jump-none)", 0.5, 0.5},
		{"ease-in-out", 0.5, 0.5},
		{"cubic-bezier(0, 0, 1, 1)", 0.25, 0.25},
	} {
		f, _, ok := parseEasing(c.easing)
		if !ok {
			t.Errorf("%s: not parsed", c.easing)
			continue
		}
		if got := f(c.in, false); got < c.want-1e-6 || got > c.want+1e-6 {
			t.Errorf("%s(%v) = %v, want %v", c.easing, c.in, got, c.want)
		}
	}
	for _, bad := range []string{"", "bouncy", "steps(0)", "steps(1, jump-none)", "cubic-bezier(2, 0, 0, 1)", "cubic-bezier(0, 0, 1)"} {
		if _, _, ok := parseEasing(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
	for _, c := range []struct {
		prop, a, b string
		p          float64
		want       string
	}{
		{"opacity", "0", "1", 0.25, "0.25"},
		{"margin-left", "10px", "20px", 0.5, "15px"},
		{"margin-left", "10px", "20%", 0.4, "10px"},
		{"margin-left", "10px", "20%", 0.6, "20%"},
		{"transform", "translateX(0px) rotate(0deg)", "translateX(100px) rotate(90deg)", 0.5, "translateX(50px) rotate(45deg)"},
		{"transform", "translate3d(0px, 0px, 0px)", "translate3d(10px, -10px, 0px)", 0.5, "translate3d(5px, -5px, 0px)"},
		{"color", "black", "red", 0.5, "rgb(128, 0, 0)"},
		{"display", "none", "block", 0.5, "block"},
		{"visibility", "visible", "hidden", 0.9, "visible"},
		{"visibility", "hidden", "visible", 0.1, "visible"},
		{"visibility", "visible", "hidden", 1, "hidden"},
		{"visibility", "hidden", "collapse", 0.4, "hidden"},
		{"opacity", "0", "1", 1, "1"},
	} {
		if got := interpolateValue(c.prop, c.a, c.b, c.p); got != c.want {
			t.Errorf("interpolate %s %q→%q at %v = %q, want %q", c.prop, c.a, c.b, c.p, got, c.want)
		}
	}
}

// A cancel listener that plays and cancels again queues its event for the
// next frame instead of spinning in one.
func TestAnimationEventsQueuedByListenersWait(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><div id="d"></div><script>
var n = 0, a = document.getElementById('d').animate({opacity: [0, 1]}, 1000);
a.oncancel = () => { if (++n < 5) { a.play(); a.cancel(); } };
a.cancel();
</script></body></html>`, nil)
	p.run()
	if got := p.eval(`n`); got != "5" {
		t.Errorf("cancel events = %s, want 5", got)
	}
	p.noErrors()
}

// An animation with no timeline stays pending and asks for no frames.
func TestAnimationWithoutTimelineNeedsNoFrames(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><div id="d"></div><script>
var a = new Animation(new KeyframeEffect(document.getElementById('d'), {opacity: [0, 1]}, 1000), null);
a.play();
</script></body></html>`, nil)
	p.run()
	if got := p.eval(`[a.playState, a.pending].join()`); got != "running,true" {
		t.Errorf("got %s", got)
	}
	if e := p.l.Elapsed(); e > 100*time.Millisecond {
		t.Errorf("the loop ran to %v for an animation with no timeline", e)
	}
	p.noErrors()
}

// TestAnimatedCustomPropertyDiscrete: an unregistered custom property (or
// one registered with syntax "*") flips at the middle of a keyframe
// interval; a registered <number> interpolates.
func TestAnimatedCustomPropertyDiscrete(t *testing.T) {
	p := newPage(t, `<!doctype html><style>
@property --n { syntax: '<number>'; inherits: true; initial-value: 0; }
@property --s { syntax: '*'; inherits: true; }
</style><div id=d></div>`, nil)
	p.run()
	got := p.eval(`var d = document.getElementById('d'), out = [];
[0.25, 0.75].forEach(function (at) {
  var a = d.animate([{ '--x': '1', '--n': '1', '--s': '1' }, { '--x': '3', '--n': '3', '--s': '3' }], { duration: 1000, fill: 'both' });
  a.pause();
  a.currentTime = at * 1000;
  var s = getComputedStyle(d);
  out.push(['--x', '--n', '--s'].map(function (n) { return s.getPropertyValue(n).trim(); }).join(' '));
  a.cancel();
});
out.join(', ')`)
	if want := "1 1.5 1, 3 2.5 3"; got != want {
		t.Errorf("at 25%% and 75%%: %q, want %q", got, want)
	}
}

// BenchmarkComputedStyleAnimated is BenchmarkComputedStyle's reads while
// animations run, each read at a new time: one of color on an unrelated
// element (other), one of font-size on the body (ancestor), whose
// animated value the element 12 levels deep inherits (em lengths follow).
func BenchmarkComputedStyleAnimated(b *testing.B) {
	for _, bc := range []struct{ name, setup string }{
		{"other", "document.getElementById('o').animate({color: ['red', 'blue']}, {duration: 1e9})"},
		{"ancestor", "document.body.animate({fontSize: ['10px', '30px']}, {duration: 1e9})"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := newPage(b, `<!doctype html><html><head><style>
html { font-size: 15px } .a { color: rgb(1, 2, 3); font-size: 1.2em; line-height: 1.5 }
.b { margin-left: 1em; padding-top: calc(1rem + 2px) } div > p { letter-spacing: .1em }
</style></head><body><div id=o></div>`+strings.Repeat(`<div class="a b">`, 12)+`<p id=x>x</p>`+strings.Repeat(`</div>`, 12)+`</body></html>`, nil)
			p.run()
			b.ReportAllocs()
			b.ResetTimer()
			benchLoop(b, p, "var x = document.getElementById('x'), s, a = "+bc.setup+"; a.pause()",
				"a.currentTime = i % 1000; var cs = getComputedStyle(x); s = cs.fontSize + cs.color + cs.marginLeft + cs.paddingTop + cs.lineHeight + cs.letterSpacing + cs.display", b.N)
		})
	}
}

// A new Animation's ready promise resolves with the animation (its wrapper
// is bound after the constructor made the promise), and ready and finished
// read on another object reject.
func TestAnimationReadyPromise(t *testing.T) {
	p := newPage(t, `<!doctype html><html><body><script>
var out = [], a = new Animation();
a.ready.then(v => out.push(v === a));
Object.getOwnPropertyDescriptor(Animation.prototype, 'finished').get.call({}).catch(e => out.push(e.name));
</script></body></html>`, nil)
	p.run()
	if got := p.eval(`out.join()`); got != "true,TypeError" {
		t.Errorf("got %s, want true,TypeError", got)
	}
	p.noErrors()
}
