package jsruntime

import (
	"context"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
)

// TestLibraryFirstUse checks Web API answers that popular libraries read
// when they load or are first used (found by a smoke sweep over ~90
// libraries against Chromium); each want is Chromium 156's answer.
func TestLibraryFirstUse(t *testing.T) {
	tests := []struct {
		name, markup, js, want string
	}{
		// _hyperscript tests values with instanceof FileList.
		{"FileList exists", ``, `typeof FileList + ' ' + ([] instanceof FileList)`, "function false"},
		{"file input files", `<input type=file id=f>`,
			`var f = document.getElementById('f'); [f.files instanceof FileList, f.files.length, f.files.item(0), f.files[0], f.files === f.files, Object.prototype.toString.call(f.files), [...f.files].length].join()`,
			"true,0,,,true,[object FileList],0"},
		{"text input files", `<input id=f>`, `String(document.getElementById('f').files)`, "null"},
		{"FileList not constructible", ``, `try { new FileList(); 'made' } catch (e) { e.name }`, "TypeError"},
		// ClipboardJS.isSupported() reads queryCommandSupported('copy').
		{"queryCommandSupported", ``,
			`['copy', 'cut', 'BOLD', 'insertText', 'paste', 'contentReadOnly', 'foo'].map(c => document.queryCommandSupported(c)).join()`,
			"true,true,true,true,false,false,false"},
		{"queryCommandEnabled", ``,
			`['copy', 'selectAll', 'styleWithCSS', 'foo'].map(c => document.queryCommandEnabled(c)).join()`,
			"false,true,true,false"},
		{"queryCommand state and value", ``,
			`document.queryCommandState('bold') + ' ' + JSON.stringify(document.queryCommandValue('fontName')) + ' ' + document.queryCommandIndeterm('bold') + ' ' + document.execCommand('copy')`,
			`false "" false false`},
		// anime.js and GSAP read style.transform back.
		{"transform function case", `<div id=a></div>`,
			`var a = document.getElementById('a'); a.style.transform = 'TRANSLATEX(100px) rotateY(3deg) scale3D(1, 1, 1)'; a.style.transform`,
			"translateX(100px) rotateY(3deg) scale3d(1, 1, 1)"},
		// video.js 8's and antd 5's minified code redeclares destructured
		// parameters with var, by a name or inside a pattern, which goja
		// refuses (paramvars.go).
		{"var redeclares pattern parameters", `<script>
var r = [];
r.push((({a: e}) => { var e2, e = {x: e}; return e.x; })({a: 1}));
r.push((function ({a: [e = 2]}) { var e; return e; })({a: []}));
r.push((function (...e) { var e; return e.length; })(7, 8, 9));
r.push((function ([k], {v}) { for (var k in {p: 1}); for (var v of [4]); return k + v; })([0], {}));
r.push((function ({e}) { var f = function () { var e = 5; return e; }; var e = e + f(); return e; })({e: 1}));
r.push((function (a, {e}) { if (a) { var e = 'blk'; } return e; })(1, {e: 0}));
r.push((function ({t}) { var n = t + 1, [t, q, {z: w = 3}] = [n * 2, 'q', {}]; return [t, q, w, typeof window.q].join('/'); })({t: 1}));
r.push((({p: t}) => { for (var {t, u} = {t: 'f', u: 'g'}, i = 0; i < 1; i++); return t + u; })({p: 0}));
</script>`, `r.join()`, "1,2,3,p4,6,blk,4/q/3/undefined,fg"},
		// Plotly spreads document.fonts.
		{"document.fonts is iterable", ``,
			`[[...document.fonts].length, typeof document.fonts.values, [...document.fonts.entries()].length, document.fonts.size, (() => { let n = 0; document.fonts.forEach(() => n++); return n; })()].join()`,
			"0,function,0,0,0"},
		// web-vitals reads it to tell a prerendered page.
		{"document.prerendering", ``, `document.prerendering + ' ' + ('prerendering' in Document.prototype)`, "false true"},
		// Chartist, c3 and the sliders size themselves from their
		// container: an svg at 100% of a 400×200 div is 400×200 (it was
		// 80×18), a block inside it is as wide as it; a span is as tall as
		// its font's content area (17 px for 16px Liberation Serif).
		{"box sizes", `<div id=c style="width:400px;height:200px"><svg id=s width="100%" height="100%"></svg><p id=p>x</p><div id=h style="width:50%;height:25%"></div></div><svg id=s2 width=300 height=120></svg><canvas id=cv></canvas><span id=i>x</span>`,
			`var g = id => document.getElementById(id), r = id => { var b = g(id).getBoundingClientRect(); return b.width + 'x' + b.height; };
			[r('c'), r('s'), g('s').clientWidth, r('p'), r('h'), r('s2'), r('cv'), r('i')].join()`,
			"400x200,400x200,400,400x18,200x50,300x120,300x150,8x17"},
		// getComputedStyle substitutes var() (Tailwind 4, design tokens),
		// and a rule whose list holds a selector cascadia lacks (:host,
		// ::backdrop) still applies through its other selectors.
		{"computed var()", `<style>:root, :host { --main: #ff0000; --pad: 4px; --nested: var(--main) }
			*, ::backdrop { --star: 1 } .a { color: var(--main); padding-left: var(--pad) } .b { color: var(--nope, blue) }
			.c { color: var(--nested) } .d { --main: rgb(0, 128, 0) } .e { color: var(--nope) } .l { color: var(--lab) }
			@layer theme { :root { --lab: oklch(63.7% 0.237 25.331) } }</style>
			<div class=a id=a></div><div class=b id=b></div><div class=c id=c></div><div class=d><span class=a id=d></span></div><div class=e id=e></div><div class=l id=l></div><p id=g style="color: var(--main)"></p>`,
			`var cs = id => getComputedStyle(document.getElementById(id));
			[cs('a').color, cs('a').paddingLeft, cs('b').color, cs('c').color, cs('d').color, cs('e').color, cs('l').color, cs('g').color, cs('a').getPropertyValue('--main'), cs('d').getPropertyValue('--pad'), cs('a').getPropertyValue('--star')].join(' | ')`,
			"rgb(255, 0, 0) | 4px | rgb(0, 0, 255) | rgb(255, 0, 0) | rgb(0, 128, 0) | rgb(0, 0, 0) | oklch(0.637 0.237 25.331) | rgb(255, 0, 0) | #ff0000 | 4px | 1"},
		// MathJax measures ex as the height of an absolute box 60ex high
		// (it read 18px, the made-up height, and stretched its radicals);
		// boxes and computed lengths resolve em, rem, ex, ch and calc()
		// against the element's font (Chromium's values on the reference
		// machine: the default serif is Liberation Serif, Arial Liberation
		// Sans, monospace DejaVu Sans Mono).
		{"box sizes in font units", `<div id=x style="position:absolute;overflow:hidden;width:1px;height:60ex"></div>
			<div id=e style="width:10em;height:3ch;font-size:20px"></div><span id=i style="display:inline-block;width:2ex;height:1.5em"></span>
			<div id=s style="font:10px 'Nope', Arial, serif;width:calc(10ch + 1rem);height:4ex"></div><div id=m style="font-family:monospace;font-size:16px;width:8ch;height:2ex"></div>`,
			`var g = id => document.getElementById(id), cs = id => getComputedStyle(g(id));
			[['x', 'e', 'i', 's', 'm'].map(id => g(id).offsetWidth + 'x' + g(id).offsetHeight).join(), cs('x').height, cs('e').height, cs('s').height, cs('m').width].join(' | ')`,
			"1x441,200x30,15x24,72x21,77x18 | 440.625px | 30px | 21.125px | 77.0625px"},
		// Intro.js aligns its tooltip from its width, which its style sheet
		// bounds with min-width and max-width (it read 1280px, the width
		// of the viewport, and the tooltip was centred).
		{"box sizes clamped by min and max", `<style>.tip { max-width: 300px; min-width: 250px }</style><div style="width:600px;height:200px">
			<div id=a style="max-width:300px">x</div><div id=b style="width:100px;min-width:20em">x</div><div id=c style="height:500px;max-height:50%">x</div>
			<div id=d class=tip>x</div><div id=e style="max-width:none;width:50%;min-width:calc(10% + 5px)">x</div><svg id=f width="900" height="100" style="max-width:100%"></svg></div>`,
			`['a', 'b', 'c', 'd', 'e', 'f'].map(id => { const x = document.getElementById(id).getBoundingClientRect(); return x.width + 'x' + x.height; }).join()`,
			"300x18,320x18,600x100,300x18,300x18,600x100"},
		// The cascaded values boxes read are memoized per document
		// version: each change below must show in the next read of the
		// same boxes (a stale memo kept the first width).
		{"box sizes after changes", `<style id=s>.narrow { max-width: 200px }</style><div id=o style="width:500px"><div><div id=m><p id=x>x</p></div></div></div>`,
			`var g = id => document.getElementById(id), w = () => g('x').offsetWidth, r = [w()];
			g('o').style.width = '400px'; r.push(w());
			g('m').className = 'narrow'; r.push(w());
			g('m').style.minWidth = '300px'; r.push(w());
			g('s').textContent += '#x { max-width: 50px }'; r.push(w());
			g('x').style.position = 'absolute'; r.push(w());
			r.join()`,
			"500,400,200,300,50,8"},
		// uPlot builds its series as Path2D objects (ReferenceError: Path2D
		// is not defined, and no series or cursor); both canvas interfaces
		// exist before any context is made, as in Chromium.
		{"Path2D", ``,
			`var t0 = typeof CanvasRenderingContext2D; var p = new Path2D('M0 0 L10 10'), q = new Path2D(p); p.rect(0, 0, 5, 5); p.addPath(q);
			var c = document.createElement('canvas').getContext('2d'); c.fill(p); c.stroke(p, 1); c.clip(p);
			var r = [t0, typeof Path2D, Path2D.length, Object.prototype.toString.call(p), q instanceof Path2D, Object.keys(Path2D.prototype).join(' '), Path2D.prototype.arc.length, Path2D.prototype.ellipse.length, new Path2D(5) instanceof Path2D, c instanceof CanvasRenderingContext2D];
			try { Path2D(); } catch (e) { r.push(e.name + ': ' + e.message); } try { p.addPath({}); } catch (e) { r.push(e.name + ': ' + e.message); } try { Path2D.prototype.moveTo.call({}, 1, 2); } catch (e) { r.push(e.name + ': ' + e.message); }
			r.join(' | ')`,
			"function | function | 0 | [object Path2D] | true | addPath roundRect arc arcTo bezierCurveTo closePath ellipse lineTo moveTo quadraticCurveTo rect | 5 | 7 | true | true | " +
				"TypeError: Failed to construct 'Path2D': Please use the 'new' operator, this DOM object constructor cannot be called as a function. | " +
				"TypeError: Failed to execute 'addPath' on 'Path2D': parameter 1 is not of type 'Path2D'. | TypeError: Illegal invocation"},
		// prosemirror-menu sets menu.ariaControlsElements = [editor] in a
		// strict-mode bundle; the property had no setter and the menu bar
		// was never built.
		{"aria element references", `<div id=a></div><div id=bb></div>`,
			`(() => { 'use strict'; var a = document.getElementById('a'), b = document.getElementById('bb'), c = document.createElement('span'); var r = [];
			r.push(String(a.ariaControlsElements)); a.ariaControlsElements = [b, c];
			r.push(JSON.stringify(a.getAttribute('aria-controls')), a.ariaControlsElements.length, a.ariaControlsElements[0] === b, Object.isFrozen(a.ariaControlsElements), a.ariaControlsElements === a.ariaControlsElements);
			document.body.append(c); r.push(a.ariaControlsElements.length);
			a.setAttribute('aria-controls', 'bb'); r.push(a.ariaControlsElements.length, a.ariaControlsElements[0] === b);
			a.ariaControlsElements = null; r.push(a.hasAttribute('aria-controls'), String(a.ariaControlsElements));
			try { a.ariaLabelledByElements = 5; r.push('ok'); } catch (e) { r.push(e.name + ': ' + e.message); }
			try { a.ariaLabelledByElements = [5]; r.push('ok'); } catch (e) { r.push(e.name + ': ' + e.message); }
			a.ariaActiveDescendantElement = b; r.push(JSON.stringify(a.getAttribute('aria-activedescendant')), a.ariaActiveDescendantElement === b);
			a.ariaActiveDescendantElement = null; r.push(a.hasAttribute('aria-activedescendant'));
			try { a.ariaActiveDescendantElement = {}; } catch (e) { r.push(e.name + ': ' + e.message); }
			var d = document.createElement('div'); d.ariaControlsElements = [b]; r.push(d.ariaControlsElements.length);
			a.ariaDescribedByElements = [b]; a.setAttribute('aria-describedby', ''); r.push(a.ariaDescribedByElements.length);
			return r.join(' | '); })()`,
			`null | "" | 1 | true | true | true | 2 | 1 | true | false | null | ` +
				`TypeError: Failed to set the 'ariaLabelledByElements' property on 'Element': The provided value cannot be converted to a sequence. | ` +
				`TypeError: Failed to set the 'ariaLabelledByElements' property on 'Element': Failed to convert value to 'Element'. | "" | true | false | ` +
				`TypeError: Failed to set the 'ariaActiveDescendantElement' property on 'Element': Failed to convert value to 'Element'. | 0 | 0`},
		// vis-timeline measures its side panels and label characters with
		// absolutely positioned boxes: they were as wide as their
		// containing block, the centre panel came out -1280px wide and its
		// time axis looped over millisecond steps for 17 s. Absolutely
		// positioned and fixed boxes are as wide as their content (text
		// measured with Helvetica's advances, which Arial shares).
		{"absolute boxes shrink to fit", `<div style="position:relative;width:600px;height:300px">
			<div id=a style="position:absolute;font-family:Arial">0</div><div id=b style="position:absolute"></div><div id=c style="position:absolute;left:0;right:0">x</div>
			<div id=d style="position:absolute"><div style="width:120px">x</div><span style="display:none">hidden text that is long</span></div>
			<div id=e style="position:fixed;font:20px Arial"><p style="margin:0">Hello</p></div><div id=f style="position:absolute"><div><div></div></div></div></div>`,
			`['a', 'b', 'c', 'd', 'e', 'f'].map(id => document.getElementById(id).offsetWidth).join()`,
			"9,0,600,120,46,0"},
		// OpenLayers tests fill styles with instanceof CanvasPattern
		// (ReferenceError, and no map was drawn).
		{"CanvasGradient and CanvasPattern", ``,
			`var c = document.createElement('canvas').getContext('2d'); var g = c.createLinearGradient(0,0,1,1), p = c.createPattern(document.createElement('canvas'), 'repeat'); g.addColorStop(0, 'red'); p.setTransform();
			var r = [typeof CanvasGradient, typeof CanvasPattern, g instanceof CanvasGradient, p instanceof CanvasPattern, Object.prototype.toString.call(g), Object.prototype.toString.call(p), Object.keys(CanvasGradient.prototype).join(), Object.keys(CanvasPattern.prototype).join(), Object.keys(g).length];
			try { new CanvasGradient(); } catch (e) { r.push(e.name + ': ' + e.message); } try { CanvasGradient.prototype.addColorStop.call({}, 0, 'red'); } catch (e) { r.push(e.name + ': ' + e.message); }
			r.join(' | ')`,
			"function | function | true | true | [object CanvasGradient] | [object CanvasPattern] | addColorStop | setTransform | 0 | TypeError: Failed to construct 'CanvasGradient': Illegal constructor | TypeError: Illegal invocation"},
		// OpenLayers makes its hit-detection image with createImageBitmap.
		{"createImageBitmap", `<script>var out = ''; (async () => { var c = document.createElement('canvas'); c.width = 30; c.height = 20; var d = c.getContext('2d').getImageData(0, 0, 4, 3); var b1 = await createImageBitmap(c), b2 = await createImageBitmap(d);
			var r = [typeof ImageBitmap, b1 instanceof ImageBitmap, b1.width, b1.height, b2.width, b2.height, Object.prototype.toString.call(b1), Object.keys(ImageBitmap.prototype).join(), createImageBitmap.length]; b1.close(); r.push(b1.width);
			try { await createImageBitmap({}); } catch (e) { r.push(e.name + ': ' + e.message); } try { new ImageBitmap(); } catch (e) { r.push(e.name + ': ' + e.message); } out = r.join(' | '); })();</script>`,
			`out`,
			"function | true | 30 | 20 | 4 | 3 | [object ImageBitmap] | width,height,close | 1 | 0 | TypeError: Failed to execute 'createImageBitmap' on 'Window': The provided value is not of type " +
				"'(Blob or HTMLCanvasElement or HTMLImageElement or HTMLVideoElement or ImageBitmap or ImageData or OffscreenCanvas or SVGImageElement or VideoFrame)'. | TypeError: Failed to construct 'ImageBitmap': Illegal constructor"},
		// Plyr tests values with instanceof TextTrack.
		{"text track interfaces", ``,
			`var c = new VTTCue(1, 2.5, 'hi'); c.id = 'x'; [typeof TextTrack, typeof TextTrackList, typeof TextTrackCueList, c instanceof TextTrackCue, c instanceof EventTarget, c.startTime, c.endTime, c.text, c.id, c.track, c.getCueAsHTML().textContent, VTTCue.length,
			(() => { try { new TextTrack(); return 'made'; } catch (e) { return e.name; } })(), (() => { try { new VTTCue(NaN, 1, ''); return 'made'; } catch (e) { return e.name; } })()].join()`,
			"function,function,function,true,true,1,2.5,hi,x,,hi,3,TypeError,TypeError"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, tt.markup, nil)
			p.run()
			if got := p.eval(tt.js); got != tt.want {
				t.Errorf("%s\n got %q\nwant %q", tt.js, got, tt.want)
			}
			p.noErrors()
		})
	}
}

// BenchmarkBoxOfDeep measures offsetWidth of an element 30 blocks deep,
// whose width is resolved through every ancestor.
func BenchmarkBoxOfDeep(b *testing.B) {
	p := newPage(b, "<div style='width:500px'>"+strings.Repeat("<div>", 30)+"<p id=x>x</p>"+strings.Repeat("</div>", 30)+"</div>", nil)
	p.run()
	p.eval(`var x = document.getElementById('x')`)
	b.ReportAllocs()
	for b.Loop() {
		p.eval(`x.offsetWidth`)
	}
}

// TestRegExpPropertyEscapesAtRunTime: a u-flagged pattern built from a
// string gets its \p{…} escapes expanded like a literal's (Inputmask's
// definitions are new RegExp("\\p{N}", "u"); its masks accepted nothing).
func TestRegExpPropertyEscapesAtRunTime(t *testing.T) {
	doc, err := dom.Parse(strings.NewReader(``))
	if err != nil {
		t.Fatal(err)
	}
	var w *Window
	l := loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { w.ReportError(err) }})
	w, err = New(l, doc, Config{
		URL:     "https://example.test/",
		OnError: func(e ScriptError) { t.Errorf("script error: %+v", e) },
		Extensions: []func(*Window) error{func(w *Window) error {
			return webapi.Install(w.Realm(), w.Global(), webapi.Config{Host: w.Loop()})
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	v, err := w.RunScript("t.js", `var n = new RegExp("\\p{N}", "u"), l = new RegExp("^[\\p{L}\\p{N}]+$", "u"), p = new RegExp("\\P{L}", "u");
		[n.test("5"), n.test("a"), l.test("éa9"), l.test("a-b"), p.test("a"), p.test("-"), new RegExp("\\p{N}").test("p{N}")].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "true,false,true,false,false,true,true"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
