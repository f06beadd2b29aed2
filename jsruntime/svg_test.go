package jsruntime

import "testing"

// TestSVGSVGElementMethods checks the <svg> factory methods feature tests
// look for (Modernizr, Leaflet: createSVGRect).
func TestSVGSVGElementMethods(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "feature test", js: `var s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
			[!!(document.createElementNS && s.createSVGRect), typeof document.createElementNS('http://www.w3.org/2000/svg', 'g').createSVGRect].join()`,
			want: "true,undefined"},
		{name: "symbol is a graphics element; DOMPointInit and SVGMatrix arguments", js: `var ns = 'http://www.w3.org/2000/svg', y = document.createElementNS(ns, 'symbol'), t = document.createElementNS(ns, 'text');
			var r = [y instanceof SVGGraphicsElement, SVGGeometryElement.prototype.isPointInFill.length, t.getCharNumAtPosition.length,
				t.getCharNumAtPosition({x: 1, y: 1}), SVGTransform.prototype.setMatrix.length];
			try { t.getCharNumAtPosition(1); } catch (e) { r.push(e.name); }
			r.join()`, want: "true,0,0,-1,1,TypeError"},
		// An SVGRect, not a DOMRect, as in Chromium.
		{name: "createSVGRect is an SVGRect", js: `var r = document.createElementNS('http://www.w3.org/2000/svg', 'svg').createSVGRect();
			r.width = 5; [r instanceof SVGRect, r instanceof DOMRect, r.x, r.y, r.width, r.height, 'top' in r].join()`, want: "true,false,0,0,5,0,false"},
		// SVGPoint and SVGMatrix are interfaces of their own, as in Chromium
		// 156 (not SVG 2's DOMPoint and DOMMatrix), and matrixTransform takes
		// only an SVGMatrix.
		{name: "createSVGPoint and matrixTransform", js: `var s = document.createElementNS('http://www.w3.org/2000/svg', 'svg'), p = s.createSVGPoint();
			p.x = 2; p.y = 3; var m = s.createSVGMatrix(); m.a = 2; m.d = 2; m.e = 10; m.f = 20; var q = p.matrixTransform(m);
			var threw = false; try { p.matrixTransform({a: 2}) } catch (e) { threw = e instanceof TypeError }
			[p instanceof SVGPoint, p instanceof DOMPoint, 'z' in p, q.x, q.y, m instanceof SVGMatrix, threw].join()`, want: "true,false,false,14,26,true,true"},
		{name: "createSVGNumber", js: `document.createElementNS('http://www.w3.org/2000/svg', 'svg').createSVGNumber().value`, want: "0"},
		{name: "getElementById in the subtree", markup: `<svg id="s"><g><circle id="c"/></g></svg><p id="p"></p>`,
			js: `var s = document.getElementById('s'); [s.getElementById('c').tagName, s.getElementById('p'), s.getElementById.length].join()`, want: "circle,,1"},
		{name: "no-ops", markup: `<svg id="s"></svg>`, js: `var s = document.getElementById('s'); var h = s.suspendRedraw(10); s.unsuspendRedraw(h); s.unsuspendRedrawAll(); s.forceRedraw();
			s.pauseAnimations(); [typeof h, s.getCurrentTime(), s.animationsPaused()].join()`, want: "number,0,false"},
	})
}
