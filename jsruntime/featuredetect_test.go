package jsruntime

import "testing"

// TestFeatureDetection: the tests libraries run to tell browsers apart
// answer as in desktop Chromium (checked there; see the featuredetect
// conformance probe for the full list).
func TestFeatureDetection(t *testing.T) {
	runEvalCases(t, []evalCase{
		{name: "no touch, no focusin", js: `['ontouchstart' in window, 'ontouchstart' in document.documentElement, 'onfocusin' in window,
			'onfocusin' in document.body, 'onfocus' in window, typeof TouchEvent].join()`, want: "false,false,false,false,true,function"},
		{name: "IE sniffing reads as Chromium", js: `[typeof window.attachEvent, typeof document.documentMode, typeof window.ActiveXObject,
			typeof window.opera, typeof document.selection, 'onpropertychange' in document.body,
			typeof document.all, 'all' in document, !document.all].join()`,
			want: "undefined,undefined,undefined,undefined,undefined,false,undefined,true,true"},
		{name: "document and window only handlers", js: `['onvisibilitychange' in document, 'onreadystatechange' in document,
			'onvisibilitychange' in document.body, 'ondeviceorientation' in window, 'ondeviceorientation' in document, 'onselectstart' in document.body,
			'onmousewheel' in window, 'onwebkitanimationend' in window].join()`, want: "true,true,false,true,false,true,true,true"},
		{name: "document handler works", js: `var n = 0; document.onvisibilitychange = () => n++; document.dispatchEvent(new Event('visibilitychange')); n`, want: "1"},
		{name: "passive support detection", js: `var p = false; addEventListener('t', null, { get passive() { p = true; return false } }); p`, want: "true"},
		{name: "chrome globals", js: `[typeof chrome, typeof chrome.loadTimes, chrome.app.isInstalled, typeof external.AddSearchProvider, find('x'),
			WebKitMutationObserver === MutationObserver, typeof webkitRequestAnimationFrame,
			document.createElement('div').webkitRequestFullscreen === Element.prototype.requestFullscreen].join()`,
			want: "object,function,false,function,false,true,function,true"},
		{name: "document legacy members", markup: `<body bgcolor="red"><p>x</p></body>`, js: `document.fgColor = 'blue';
			[document.bgColor, document.fgColor, document.body.getAttribute('text'), document.webkitHidden, document.webkitVisibilityState,
			document.caretRangeFromPoint(1, 1)].join()`, want: "red,blue,blue,false,visible,"},
		{name: "canPlayType", js: `var v = document.createElement('video'); ['video/mp4', 'video/mp4; codecs="avc1.42E01E, mp4a.40.2"', 'video/webm; codecs="vp8, vorbis"',
			'audio/mpeg', 'audio/wav', 'video/mp4; codecs="bogus"', 'video/x-bogus', 'VIDEO/WEBM'].map(t => v.canPlayType(t) || '-').join()`,
			want: "maybe,probably,probably,probably,maybe,-,-,maybe"},
		// Chromium 156's answers (Modernizr's video tests ask these): no
		// HEVC nor Theora, HLS and Matroska natively, av01 and vp09 only
		// with a profile, a bare avc1 ambiguous.
		{name: "canPlayType as Chromium 156", js: `var v = document.createElement('video'); ['video/mp4; codecs="avc1"', 'video/mp4; codecs="hev1"',
			'video/mp4; codecs="hvc1.1.6.L93.B0"', 'video/mp4; codecs="av01"', 'video/mp4; codecs="av01.0.05M.08"', 'video/mp4; codecs="vp9"',
			'video/ogg; codecs="theora"', 'video/ogg; codecs="opus"', 'audio/wave', 'application/x-mpegURL', 'application/x-mpegURL; codecs="avc1.42E01E"',
			'application/vnd.apple.mpegurl', 'video/x-matroska; codecs="avc1.42E01E"', 'video/3gpp', 'video/quicktime'].map(t => v.canPlayType(t) || '-').join()`,
			want: "maybe,-,-,-,probably,-,-,probably,-,maybe,probably,maybe,probably,maybe,-"},
		// Modernizr's display-runin test: Chromium has no run-in (nor the
		// ruby container values).
		{name: "display keywords Chromium lacks", js: `var d = document.createElement('div'); d.style.display = 'run-in';
			[d.style.display, CSS.supports('display', 'run-in'), CSS.supports('display', 'ruby-base'), CSS.supports('display', 'ruby-text-container'),
			CSS.supports('display', 'ruby-text'), CSS.supports('display', 'block flow')].join()`, want: ",false,false,false,true,true"},
		// The UA sheet's rp { display: none } and rt { display: ruby-text }
		// (Modernizr's ruby test); rp text is not in innerText, rt stays on
		// the base's line.
		{name: "ruby UA styles", markup: `<p id=p>x <ruby id=r>漢<rp id=rp>(</rp><rt id=rt>kan</rt><rp>)</rp></ruby> y</p>`,
			js: `var cs = id => getComputedStyle(document.getElementById(id)).display;
			[cs('r'), cs('rp'), cs('rt'), JSON.stringify(document.getElementById('p').innerText)].join()`, want: `ruby,none,ruby-text,"x 漢kan y"`},
		// What a closed details holds besides its summary is not rendered,
		// whatever display the cascade gives it.
		{name: "closed details in innerText", markup: `<style>.a { display: block }</style><div id=d><details><summary>Q</summary><div class=a><p>answer</p></div></details>end</div>`,
			js: `JSON.stringify(document.getElementById('d').innerText)`, want: `"Q\nend"`},
		// SVG's data-type interfaces and constants, as Chromium exposes
		// them (Modernizr's inlinesvg and svgfilters tests).
		{name: "SVG interfaces and constants", js: `var s = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
			[typeof SVGRect, typeof SVGMatrix, SVGRect === DOMRect, s.createSVGPoint() instanceof SVGPoint, s.createSVGNumber() instanceof SVGNumber,
			SVGFEColorMatrixElement.SVG_FECOLORMATRIX_TYPE_SATURATE, SVGLength.SVG_LENGTHTYPE_PX, SVGTransform.SVG_TRANSFORM_ROTATE,
			SVGUnitTypes.SVG_UNIT_TYPE_OBJECTBOUNDINGBOX, document.createElementNS('http://www.w3.org/2000/svg', 'feBlend').SVG_FEBLEND_MODE_MULTIPLY,
			SVGGradientElement.SVG_SPREADMETHOD_REPEAT].join()`, want: "function,function,false,true,true,2,5,4,2,2,3"},
		// The UA sheet's [dir]:dir(rtl), bdi:dir(rtl) { direction: rtl }
		// (Modernizr's bdi test), under the page's own declarations.
		{name: "direction from dir and bdi", markup: `<div id=a dir=rtl><span id=b>x</span></div><bdi id=c>إيران</bdi><div id=d dir=auto>שלום abc</div>
			<div id=e dir=rtl style="direction: ltr">y</div><p dir=ltr><bdi id=f>abc</bdi></p><div dir=rtl><input id=g type=tel></div>`,
			js:   `['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(id => getComputedStyle(document.getElementById(id)).direction).join()`,
			want: "rtl,rtl,rtl,rtl,ltr,ltr,ltr"},
		{name: "rt outside ruby is inline", markup: `<div><rt id=a>x</rt></div><ruby><rt id=b>y</rt></ruby>`,
			js: `getComputedStyle(document.getElementById('a')).display + ',' + getComputedStyle(document.getElementById('b')).display`, want: "inline,ruby-text"},
		{name: "hidden until-found", js: `var d = document.createElement('div'); var r = []; d.hidden = 'UNTIL-FOUND'; r.push(d.outerHTML, d.hidden);
			d.hidden = 'x'; r.push(d.outerHTML); d.hidden = 0; r.push(d.outerHTML, d.hidden); r.join()`,
			want: `<div hidden="until-found"></div>,until-found,<div hidden=""></div>,<div></div>,false`},
		{name: "mouse event layer coordinates", js: `var m = new MouseEvent('click', {clientX: 4}); [m.layerX, m.offsetX].join()`, want: "4,4"},
	})
}
