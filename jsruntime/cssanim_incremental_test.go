package jsruntime

import (
	"fmt"
	"strings"
	"testing"
)

// The incremental style update (cssanim.go) visits only the elements a
// mutation or a change of the sheets may have restyled. Pages that add,
// edit and remove sheets and rules (plain, reading siblings or
// descendants, declaring keyframes) and mutate elements in random orders
// must give the same events, animations and computed values as with a
// walk of the whole document at every update (where the rules reading
// siblings are matched again only around the mutations). Half the pages
// have no :has() rules. Some rules reading siblings or descendants need
// an ancestor too, which the ancestor filter rejects elsewhere, some
// named through escapes (`.md\:x`, `.\31 0`).
func TestCSSAnimIncrementalMatchesFullWalks(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 8
	}
	partials, regions, withTransitions, withAnimations := 0, 0, 0, 0
	for seed := 1; seed <= seeds; seed++ {
		markup := incrementalPage(seed)
		if seed%2 == 0 {
			markup = strings.NewReplacer(`'.x:has(.y)', 'div:has(> .x)', ':has(.c3) > .c1', 'ul .c3:has(.x)', `, "",
				`'.c2:has(~ .y)', 'li:not(:has(.x))', '.y:has(.c0) .c2', `, "",
				`, ':has([data-k="1"]) > .c1', '.y:has([title]) .c2', 'li:has(~ [data-k])'`, "").Replace(markup)
		}
		full, fp := runIncrementalPage(t, markup, true)
		inc, ip := runIncrementalPage(t, markup, false)
		if fp.partials != 0 {
			t.Fatalf("seed %d: %d partial updates with fullWalks set", seed, fp.partials)
		}
		partials += ip.partials
		regions += ip.regions
		if full != inc {
			t.Errorf("seed %d: the incremental updates differ from full walks\nfull:\n%s\nincremental:\n%s", seed, full, inc)
			continue
		}
		if strings.Contains(full, "transitionstart") {
			withTransitions++
		}
		if strings.Contains(full, "animationstart") {
			withAnimations++
		}
	}
	// the pages exercise what they are meant to
	if partials == 0 || regions == 0 || withTransitions < seeds/2 || withAnimations < seeds/2 {
		t.Errorf("of %d pages, %d started transitions, %d animations; %d updates were incremental, %d of them matching the volatile rules around the mutations", seeds, withTransitions, withAnimations, partials, regions)
	}
}

type incrementalCounts struct{ fulls, partials, regions int }

func runIncrementalPage(t *testing.T, markup string, fullWalks bool) (string, incrementalCounts) {
	t.Helper()
	p := newPage(t, markup, nil)
	p.w.cssAnimations().fullWalks = fullWalks
	p.run()
	p.noErrors()
	c := p.w.cssAnimations()
	return p.eval(`out.join('\n')`), incrementalCounts{c.fulls, c.partials, c.regions}
}

// incrementalPage is a page whose script, from seed, changes sheets and
// elements at timers and logs the CSS animation events, the document's
// animations and computed values.
func incrementalPage(seed int) string {
	return fmt.Sprintf(`<!doctype html><html><head><style id="s0">
.t { transition: color 80ms linear, opacity 60ms }
.all { transition: all 50ms }
@keyframes k0 { from { opacity: 0.5 } to { opacity: 1 } }
</style></head><body>
<div id="a" class="c0 t"><p id="a1" class="c1">x</p><p id="a2" class="c2 all">y</p></div>
<div id="b" class="c1 all"><span id="b1" class="c0 t">z</span><span id="b2" class="c3"></span></div>
<ul id="l"><li id="l1" class="c2 t">1</li><li id="l2" class="c1 t">2</li><li id="l3" class="c3 all">3</li></ul>
<script>
var seed = %d;
function rnd() { seed |= 0; seed = seed + 0x6D2B79F5 | 0; var t = Math.imul(seed ^ seed >>> 15, 1 | seed); t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t; return ((t ^ t >>> 14) >>> 0) / 4294967296; }
function pick(a) { return a[Math.floor(rnd() * a.length)]; }
var out = [], n = 0, sheets = [document.getElementById('s0')];
function id(e) { return e && e.id || (e === document ? 'document' : '?'); }
['transitionrun', 'transitionstart', 'transitionend', 'transitioncancel', 'animationstart', 'animationiteration', 'animationend', 'animationcancel'].forEach(function (type) {
  document.addEventListener(type, function (e) {
    out.push(type + ' ' + id(e.target) + ' ' + (e.propertyName || e.animationName) + ' ' + e.elapsedTime + ' at ' + document.timeline.currentTime);
  });
});
var classes = ['c0', 'c1', 'c2', 'c3', 't', 'all', 'x', 'y', 'hide', 'md:x', '10'];
var colors = ['red', 'blue', 'green', 'rgb(1, 2, 3)'];
function rule() {
  var sel = pick(['.c0', '.c1', '.c2', '.c3', '.x', '.y', 'div', 'li', '.c1 + .c2', '.c0 ~ .c3', 'li:first-child', 'li:last-child',
    '.x:has(.y)', 'div:has(> .x)', ':has(.c3) > .c1', 'ul .c3:has(.x)', '.c2:has(~ .y)', 'li:not(:has(.x))', '.y:has(.c0) .c2', '.hide', 'span:empty', '#a .c1', '#b', '.x .c2',
    '#a > .c1:first-child', '.c0 .c1 ~ .c2', 'ul > li:last-child', 'div .y + .c2', '.md\\:x > .c1:first-child', '.md\\:x .c2 + *', '.\\31 0 ~ .c3',
    '[data-k] + .c2', ':has([data-k="1"]) > .c1', '.y:has([title]) .c2', 'li:has(~ [data-k])']);
  var decl = pick(['color: ' + pick(colors), 'opacity: ' + pick(['0', '0.25', '0.5', '1']), 'transition: color 70ms',
    'transition: all 40ms', 'transition: opacity 30ms 10ms', 'animation: k' + Math.floor(rnd() * 3) + ' 50ms',
    'display: none', 'margin-left: ' + Math.floor(rnd() * 20) + 'px', 'outline-color: ' + pick(colors), 'transition: none']);
  return sel + ' { ' + decl + ' }';
}
function keyframes() {
  return '@keyframes k' + Math.floor(rnd() * 3) + ' { from { opacity: ' + pick(['0', '0.2']) + ' } to { opacity: 1 } }';
}
function elements() { return Array.prototype.slice.call(document.body.querySelectorAll('*')).filter(function (e) { return e.tagName !== 'SCRIPT'; }); }
function step() {
  var els = elements(), e = pick(els.length ? els : [document.body]);
  switch (Math.floor(rnd() * 13)) {
  case 0: case 1:
    var s = document.createElement('style');
    s.textContent = rule() + '\n' + (rnd() < 0.3 ? keyframes() : rule());
    out.push('add sheet ' + s.textContent);
    document.head.appendChild(s); sheets.push(s);
    break;
  case 2:
    var sh = pick(sheets).sheet;
    if (sh) { var r = rnd() < 0.2 ? keyframes() : rule(), at = Math.floor(rnd() * (sh.cssRules.length + 1)); sh.insertRule(r, at); out.push('insert ' + r + ' at ' + at); }
    break;
  case 3:
    var sh = pick(sheets).sheet;
    if (sh && sh.cssRules.length > 1) { var at = Math.floor(rnd() * sh.cssRules.length); sh.deleteRule(at); out.push('delete rule ' + at); }
    break;
  case 4:
    var s = pick(sheets);
    if (s !== sheets[0]) { if (rnd() < 0.5) { s.textContent = rule(); out.push('set sheet ' + s.textContent); } else { s.remove(); sheets.splice(sheets.indexOf(s), 1); out.push('remove sheet'); } }
    break;
  case 5: case 6:
    var cl = pick(classes); e.classList.toggle(cl); out.push('toggle ' + id(e) + ' ' + cl);
    break;
  case 7:
    var c = document.createElement(pick(['div', 'span', 'li']));
    c.id = 'n' + (n++); c.className = pick(classes) + ' ' + pick(classes);
    if (rnd() < 0.5) c.textContent = 'n';
    if (e === document.body || rnd() < 0.5) e.appendChild(c); else e.parentNode.insertBefore(c, e);
    out.push('insert ' + c.id + ' ' + c.className + ' in ' + id(c.parentNode));
    break;
  case 8:
    if (e !== document.body && rnd() < 0.4) { e.remove(); out.push('remove ' + id(e)); }
    break;
  case 9:
    e.setAttribute('style', pick(['transition: color 60ms', 'color: ' + pick(colors), 'opacity: 0.5; transition: opacity 40ms', '']));
    out.push('style ' + id(e) + ' ' + e.getAttribute('style'));
    break;
  case 10:
    var s = getComputedStyle(e);
    out.push('read ' + id(e) + ' ' + s.color + ' ' + s.opacity + ' at ' + document.timeline.currentTime);
    break;
  case 11:
    if (e.firstChild && e.firstChild.nodeType === 3) e.firstChild.remove(); else e.textContent = rnd() < 0.5 ? '' : 'w';
    out.push('text ' + id(e));
    break;
  case 12:
    var a = pick(['data-k', 'title', 'data-z', 'aria-x']);
    if (rnd() < 0.3) e.removeAttribute(a); else e.setAttribute(a, pick(['1', '2']));
    out.push('attr ' + id(e) + ' ' + a + ' ' + e.getAttribute(a));
    break;
  }
}
function report() {
  out.push('animations: ' + document.getAnimations().map(function (a) {
    return (a.transitionProperty ? 'T ' + a.transitionProperty : 'A ' + a.animationName) + ' ' + id(a.effect && a.effect.target) + ' ' + a.playState + ' ' + a.currentTime;
  }).join(', '));
  out.push('values: ' + elements().map(function (e) { var s = getComputedStyle(e); return id(e) + ' ' + s.color + ' ' + s.opacity; }).join(', '));
}
var t = 0;
for (var i = 0; i < 40; i++) {
  t += Math.floor(rnd() * 30);
  (function (last) {
    setTimeout(function () {
      var k = 1 + Math.floor(rnd() * 3);
      out.push('at ' + document.timeline.currentTime);
      for (var j = 0; j < k; j++) step();
      if (last || rnd() < 0.15) report();
    }, t);
  })(i === 39);
}
</script></body></html>`, seed)
}

// TestCSSAnimIncrementalHasOnSubject: the :has() rules on their subject
// are matched only around the mutations and on the mutated nodes'
// ancestors and their siblings; a class set deep in a card starts the
// card's transition (`.card:has(.on)`), one set on a list item its
// earlier siblings' (`li:has(~ .on)`), and a rule with :has() left of
// its subject (`.wrap:has(.on) .card > p`), matched everywhere, its
// paragraphs', as when every update walks the whole document; an
// element becoming display: none drops its transitions.
func TestCSSAnimIncrementalHasOnSubject(t *testing.T) {
	markup := `<!doctype html><html><head><style>
.card { transition: color 40ms linear }
.card:has(.on) { color: red }
li { transition: color 30ms linear }
li:has(~ .on) { color: blue }
p { transition: color 20ms linear }
.wrap:has(.on) .card > p { color: green }
.gone { display: none }
</style></head><body>
<div class="wrap"><div class="card" id="c1"><div><span id="s1">x</span></div><p id="p1">p</p></div>
<div class="card" id="c2"><div id="d2"><span id="s2">y</span></div><p id="p2">q</p></div></div>
<ul id="l"><li id="l1">1</li><li id="l2">2</li><li id="l3">3</li></ul>
<script>
var out = [];
function id(e) { return e && e.id || '?'; }
['transitionrun', 'transitionstart', 'transitionend', 'transitioncancel'].forEach(function (type) {
  document.addEventListener(type, function (e) { out.push(type + ' ' + id(e.target) + ' ' + e.propertyName + ' at ' + document.timeline.currentTime); });
});
function report() {
  out.push(['c1', 'c2', 'p1', 'p2', 'l1', 'l2', 'l3'].map(function (i) { return i + ' ' + getComputedStyle(document.getElementById(i)).color; }).join(', '));
}
var steps = [
  function () { document.getElementById('s1').classList.add('on'); },
  function () { document.getElementById('l3').classList.add('on'); },
  function () { var s = document.createElement('b'); s.className = 'on'; document.getElementById('d2').appendChild(s); },
  function () { document.getElementById('s1').classList.remove('on'); },
  function () { document.getElementById('l2').classList.add('on'); document.getElementById('l3').classList.remove('on'); },
  function () { document.getElementById('d2').lastChild.remove(); },
  function () { document.getElementById('s2').textContent = 'z'; document.getElementById('s2').classList.add('on'); },
  function () { document.getElementById('c2').classList.add('gone'); },
  function () { document.getElementById('c2').classList.remove('gone'); document.getElementById('s2').classList.remove('on'); }
];
steps.forEach(function (f, i) {
  setTimeout(function () { out.push('step ' + i + ' at ' + document.timeline.currentTime); f(); if (i % 2) report(); }, 25 * (i + 1));
});
setTimeout(report, 400);
</script></body></html>`
	full, fp := runIncrementalPage(t, markup, true)
	inc, ip := runIncrementalPage(t, markup, false)
	if full != inc {
		t.Fatalf("the incremental updates differ from full walks\nfull:\n%s\nincremental:\n%s", full, inc)
	}
	if fp.partials != 0 || ip.regions == 0 {
		t.Errorf("%d partial updates with full walks; %d updates matched the :has() rules around the mutations", fp.partials, ip.regions)
	}
	for _, want := range []string{"transitionstart c1 color", "transitionstart c2 color", "transitionstart l1 color", "transitionstart l2 color", "transitionstart p1 color", "transitioncancel c2 color"} {
		if !strings.Contains(full, want) {
			t.Errorf("no %q:\n%s", want, full)
		}
	}
}

// TestCSSAnimIncrementalInheritedAnimated: an element animating a
// property its descendants inherit (font-size, which their em lengths
// follow) has its subtree visited at the updates where the animated value
// changed, and not at those after its animation ended, while other
// elements mutate; the events and values are those of full walks.
func TestCSSAnimIncrementalInheritedAnimated(t *testing.T) {
	page := func(animate bool) string {
		anim := ""
		if animate {
			anim = "html { animation: grow 100ms linear forwards }"
		}
		return `<!doctype html><html><head><style>
@keyframes grow { from { font-size: 10px } to { font-size: 20px } }
` + anim + `
p { transition: margin-left 30ms linear; margin-left: 1em }
.on { color: red }
</style></head><body>
<div id="box"><p>` + strings.Repeat(`</p><p>`, 39) + `</p></div><span id="t">t</span>
<script>
var out = [];
['transitionrun', 'transitionend', 'animationend'].forEach(function (type) {
  document.addEventListener(type, function (e) { out.push(type + ' ' + e.target.tagName + ' at ' + document.timeline.currentTime); });
});
for (var i = 0; i < 10; i++) {
  setTimeout(function () {
    document.getElementById('t').classList.toggle('on');
    out.push(getComputedStyle(document.documentElement).fontSize + ' ' + getComputedStyle(document.querySelector('p')).marginLeft);
  }, 300 + 20 * i);
}
</script></body></html>`
	}
	full, _ := runIncrementalPage(t, page(true), true)
	inc, _ := runIncrementalPage(t, page(true), false)
	if full != inc {
		t.Fatalf("the incremental updates differ from full walks\nfull:\n%s\nincremental:\n%s", full, inc)
	}
	if !strings.Contains(inc, "animationend HTML") || !strings.Contains(inc, "20px") {
		t.Fatalf("the animation did not run to its end:\n%s", inc)
	}
	visits := func(markup string) int {
		p := newPage(t, markup, nil)
		p.run()
		p.noErrors()
		return p.w.cssAnimations().visits
	}
	still, animated := visits(page(false)), visits(page(true))
	// the ten updates after the animation ended visit the toggled span
	// alone; the 41 elements below html only once more than without it
	if animated-still > 2*41 {
		t.Errorf("with a finished animation of html's font-size the updates visited %d elements, without it %d", animated, still)
	}
}

// TestCSSAnimRemovalChecksOnlyRemoved: after a removal, only the animating
// elements that left the document, or lie below an element a walk found
// not rendered, lose their transitions; the others, not visited, are not
// looked up (rendered walks the ancestors of each). The events are those
// of full walks.
func TestCSSAnimRemovalChecksOnlyRemoved(t *testing.T) {
	markup := `<!doctype html><html><head><style>
p { transition: opacity 1000ms linear; opacity: 0 }
.on p { opacity: 1 }
.gone { display: none }
</style></head><body><div id=box><div><div>` + strings.Repeat(`<p>x</p>`, 30) + `</div></div></div><div id=junk></div><div id=hide><p id=h>h</p></div>
<script>
var out = [];
['transitionrun', 'transitioncancel'].forEach(function (type) {
  document.addEventListener(type, function (e) { out.push(type + ' ' + (e.target.id || e.target.tagName) + ' at ' + document.timeline.currentTime); });
});
setTimeout(function () { document.getElementById('box').className = 'on'; document.body.className = 'on'; }, 50);
for (var i = 0; i < 10; i++) {
  setTimeout(function () {
    var j = document.getElementById('junk');
    j.appendChild(document.createElement('span'));
    getComputedStyle(j).color;
    j.firstChild.remove();
  }, 100 + 20 * i);
}
setTimeout(function () { document.getElementById('hide').className = 'gone'; }, 400);
setTimeout(function () { out.push('running ' + document.getAnimations().length); document.getElementById('box').firstChild.remove(); }, 420);
setTimeout(function () { out.push('running ' + document.getAnimations().length); }, 450);
</script></body></html>`
	full, _ := runIncrementalPage(t, markup, true)
	inc, _ := runIncrementalPage(t, markup, false)
	if full != inc {
		t.Fatalf("the incremental updates differ from full walks\nfull:\n%s\nincremental:\n%s", full, inc)
	}
	if strings.Count(inc, "transitionrun P") != 30 || !strings.Contains(inc, "transitioncancel h") || !strings.Contains(inc, "running 30\n") || !strings.HasSuffix(inc, "running 0") {
		t.Fatalf("want 30 transitions run, #h's cancelled when hidden, the 30 gone when removed:\n%s", inc)
	}
	p := newPage(t, markup, nil)
	p.run()
	p.noErrors()
	// the removals at the ten timers would look up each of the 31
	// transitioning elements' ancestors
	if n := p.w.cssAnimations().renderedChecks; n > 120 {
		t.Errorf("%d elements looked up for rendering", n)
	}
}

// TestCSSAnimUnreadAttributeSkipsVolatileRules: a change of an attribute
// no rule reading siblings or descendants names (a style attribute, a
// data-* or aria-* one) leaves those rules unmatched, the :has() rules
// off their subject too, while the element itself is still visited (its
// transition starts); a class the rules name matches them again.
func TestCSSAnimUnreadAttributeSkipsVolatileRules(t *testing.T) {
	p := newPage(t, `<!doctype html><html><head><style>
p { transition: color 20ms linear }
.wrap:has(.on) .card > p { color: green }
li:has(~ .on) { color: blue }
.card + .card { margin-top: 1px }
[data-sel] ~ li { color: red }
</style></head><body>
<div class="wrap"><div class="card"><p id="p1">p</p></div><div class="card"><p id="p2">q</p></div></div>
<ul><li id="l1">1</li><li id="l2">2</li></ul>
</body></html>`, nil)
	p.run()
	c := p.w.cssAnimations()
	before := c.volTests
	got := p.eval(`var p1 = document.getElementById('p1'), out = [];
for (var i = 0; i < 5; i++) {
  p1.style.color = ['red', 'blue'][i % 2];
  p1.setAttribute('data-n', i);
  p1.setAttribute('aria-busy', i % 2 ? 'true' : 'false');
  out.push(getComputedStyle(p1).color);
}
out.join(' ')`)
	if got == "" || c.volTests != before {
		t.Errorf("style, data-n and aria-busy changes: %d rule tests (want 0), colors %q", c.volTests-before, got)
	}
	if n := p.eval(`document.getAnimations().length`); n == "0" {
		t.Errorf("no transition started on #p1 after its style attribute changed")
	}
	for _, step := range []struct{ js, what string }{
		{`document.getElementById('l2').setAttribute('data-sel', '')`, "a data-sel attribute"},
		{`document.getElementById('l1').className = 'on'`, "a class"},
	} {
		before = c.volTests
		p.eval(step.js + `; getComputedStyle(document.getElementById('l1')).color`)
		if c.volTests == before {
			t.Errorf("%s the rules read matched no rule", step.what)
		}
	}
}
