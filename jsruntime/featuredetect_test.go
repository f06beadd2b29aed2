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
		{name: "hidden until-found", js: `var d = document.createElement('div'); var r = []; d.hidden = 'UNTIL-FOUND'; r.push(d.outerHTML, d.hidden);
			d.hidden = 'x'; r.push(d.outerHTML); d.hidden = 0; r.push(d.outerHTML, d.hidden); r.join()`,
			want: `<div hidden="until-found"></div>,until-found,<div hidden=""></div>,<div></div>,false`},
		{name: "mouse event layer coordinates", js: `var m = new MouseEvent('click', {clientX: 4}); [m.layerX, m.offsetX].join()`, want: "4,4"},
	})
}
