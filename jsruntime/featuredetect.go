package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Event handlers that only the document or only the window has in
// desktop Chromium, so that feature tests ('onvisibilitychange' in
// document, 'ondeviceorientation' in window) answer as there.
// https://html.spec.whatwg.org/multipage/webappapis.html#documentandelementeventhandlers

var documentOnlyHandlers = strings.Fields(`freeze pointerlockchange pointerlockerror
	prerenderingchange readystatechange resume visibilitychange`)

var windowOnlyHandlers = strings.Fields(`appinstalled beforeinstallprompt devicemotion deviceorientation deviceorientationabsolute search`)

func init() {
	documentIface.Mixins = append(documentIface.Mixins, &bind.Mixin{Name: "DocumentEventHandlers", Attributes: handlerAttrs(documentOnlyHandlers)}, documentLegacyMembers)
	windowIface.Mixins = append(windowIface.Mixins, &bind.Mixin{Name: "WindowOnlyEventHandlers", Attributes: handlerAttrs(windowOnlyHandlers)})
}

// documentLegacyMembers are Chromium's prefixed and legacy document members
// that feature tests read.
var documentLegacyMembers = &bind.Mixin{Name: "DocumentLegacy", Attributes: []bind.Attribute{
	ro("webkitHidden", func(w *Window, n *dom.Node) goja.Value { return valFalse }),
	ro("webkitVisibilityState", func(w *Window, n *dom.Node) goja.Value { return w.str("visible") }),
	ro("webkitIsFullScreen", func(w *Window, n *dom.Node) goja.Value { return valFalse }),
	ro("webkitFullscreenEnabled", func(w *Window, n *dom.Node) goja.Value { return valTrue }), // as fullscreenEnabled
	ro("webkitFullscreenElement", func(w *Window, n *dom.Node) goja.Value { return w.null }),
	ro("webkitCurrentFullScreenElement", func(w *Window, n *dom.Node) goja.Value { return w.null }),
	// The colors reflect attributes of the body element.
	// https://html.spec.whatwg.org/multipage/obsolete.html#dom-document-fgcolor
	bodyColor("fgColor", "text"), bodyColor("bgColor", "bgcolor"), bodyColor("linkColor", "link"),
	bodyColor("vlinkColor", "vlink"), bodyColor("alinkColor", "alink"),
}, Methods: []bind.Method{
	method("webkitExitFullscreen", 0, noop), method("webkitCancelFullScreen", 0, noop),
	method("captureEvents", 0, noop), method("releaseEvents", 0, noop),
	// https://html.spec.whatwg.org/multipage/obsolete.html#dom-document-clear
	method("clear", 0, noop),
}}

func bodyColor(prop, name string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		if b := docOf(n).Body(); b != nil && b.DataAtom == atom.Body {
			return w.str(b.Attribute(name))
		}
		return w.str("")
	}, func(w *Window, n *dom.Node, v goja.Value) {
		if b := docOf(n).Body(); b != nil && b.DataAtom == atom.Body {
			w.check(b.SetAttribute(name, bind.LegacyNullToEmptyString(v)))
		}
	})
}

// chromeGlobals defines what desktop Chromium adds to the window and that
// scripts test for: window.chrome, window.find, and the
// webkit-prefixed aliases of standard APIs.
var chromeGlobals = goja.MustCompile("chrome-globals.js", `(function (g) {
	"use strict";
	// Both are Window's own members, so enumerable (as an operation is).
	function def(name, value) {
		if (!(name in g)) Object.defineProperty(g, name, { value: value, writable: true, configurable: true, enumerable: true });
	}
	def("chrome", {
		app: {
			isInstalled: false,
			InstallState: { DISABLED: "disabled", INSTALLED: "installed", NOT_INSTALLED: "not_installed" },
			RunningState: { CANNOT_RUN: "cannot_run", READY_TO_RUN: "ready_to_run", RUNNING: "running" },
			getDetails: function getDetails() { return null; },
			getIsInstalled: function getIsInstalled() { return false; },
			runningState: function runningState() { return "cannot_run"; }
		},
		csi: function csi() { var t = performance.timeOrigin; return { startE: t, onloadT: t, pageT: performance.now(), tran: 15 }; },
		loadTimes: function loadTimes() {
			var t = performance.timeOrigin / 1000;
			return { requestTime: t, startLoadTime: t, commitLoadTime: t, finishDocumentLoadTime: t, finishLoadTime: t,
				firstPaintTime: t, firstPaintAfterLoadTime: 0, navigationType: "Other", wasFetchedViaSpdy: false,
				wasNpnNegotiated: false, npnNegotiatedProtocol: "unknown", wasAlternateProtocolAvailable: false, connectionInfo: "http/1.1" };
		}
	});
	def("find", function find() { return false; });
})`, false)

// installChromeGlobals runs chromeGlobals on the window (after every other
// global is installed).
func (w *Window) installChromeGlobals() error {
	v, err := w.rt.RunProgram(chromeGlobals)
	if err != nil {
		return err
	}
	f, ok := goja.AssertFunction(v)
	if !ok {
		return nil
	}
	if _, err = f(goja.Undefined(), w.global); err != nil {
		return err
	}
	// They are built-ins to Function.prototype.toString.
	if fn, ok := w.global.Get("find").(*goja.Object); ok {
		w.realm.MarkNative(fn, "find")
	}
	if chrome, ok := w.global.Get("chrome").(*goja.Object); ok {
		for _, o := range []goja.Value{chrome, chrome.Get("app")} {
			if o, ok := o.(*goja.Object); ok {
				for _, k := range o.Keys() {
					if fn, ok := o.Get(k).(*goja.Object); ok {
						if _, isFn := goja.AssertFunction(fn); isFn {
							w.realm.MarkNative(fn, k)
						}
					}
				}
			}
		}
	}
	// Element.prototype's webkitRequestFullscreen and
	// webkitRequestFullScreen are requestFullscreen itself, added when
	// Element is made (a page that never touches an element does not make
	// it).
	if cls := w.realm.Class("Element"); cls != nil {
		cls.OnMaterialize(func(ep *goja.Object) {
			f, ok := ep.Get("requestFullscreen").(*goja.Object)
			if !ok {
				return
			}
			if _, isFn := goja.AssertFunction(f); !isFn {
				return
			}
			for _, alias := range []string{"webkitRequestFullscreen", "webkitRequestFullScreen"} {
				_ = ep.DefineDataProperty(alias, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
			}
		})
	}
	// The webkit-prefixed aliases are the same functions as the standard
	// names; an interface object's alias is made on first use, like the
	// interface object itself.
	for _, a := range chromeAliases {
		if w.global.Get(a.alias) != nil {
			continue
		}
		if cls := w.realm.Class(a.name); cls != nil {
			err = w.realm.DefineLazy(w.global, a.alias, func() goja.Value { return cls.Constructor() })
		} else if v := w.global.Get(a.name); v != nil {
			if _, ok := goja.AssertFunction(v); ok {
				// An operation's alias is enumerable, as the operation.
				err = w.global.DefineDataProperty(a.alias, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// chromeAliases are Chromium's webkit-prefixed names of standard globals.
var chromeAliases = []struct{ alias, name string }{
	{"webkitURL", "URL"}, {"webkitRequestAnimationFrame", "requestAnimationFrame"},
	{"webkitCancelAnimationFrame", "cancelAnimationFrame"},
	{"WebKitMutationObserver", "MutationObserver"}, {"WebKitCSSMatrix", "DOMMatrix"},
	{"FeaturePolicy", "PermissionsPolicy"},
}

// mediaCodecs lists, per container type, the codecs desktop Chromium
// plays (Chromium 156 as Debian builds it: no HEVC, no Theora, HLS
// natively); mediaImplied are the types that name their codec (answered
// "probably" without a codecs parameter). A codec names itself bare or
// with its profile after a dot ("avc1.42E01E"), except those in
// codecProfileOnly, which Chromium knows only with a profile; a bare
// codec of codecAmbiguous makes the answer "maybe".
var (
	mediaCodecs = map[string][]string{
		"video/mp4":                     {"avc1", "avc3", "mp4a", "vp09", "av01", "opus", "flac"},
		"audio/mp4":                     {"mp4a", "opus", "flac"},
		"audio/x-m4a":                   {"mp4a", "opus", "flac"},
		"video/webm":                    {"vp8", "vp8.0", "vp9", "vp9.0", "vp09", "av01", "opus", "vorbis"},
		"audio/webm":                    {"opus", "vorbis"},
		"video/ogg":                     {"vorbis", "opus", "flac"},
		"audio/ogg":                     {"vorbis", "opus", "flac"},
		"application/ogg":               {"vorbis", "opus", "flac"},
		"audio/wav":                     {"1"},
		"audio/x-wav":                   {"1"},
		"video/x-matroska":              {"avc1", "avc3", "mp4a", "vp8", "vp9", "vp09", "av01", "opus", "vorbis"},
		"video/3gpp":                    {"avc1", "avc3", "mp4a"},
		"application/x-mpegurl":         {"avc1", "avc3", "mp4a"},
		"application/vnd.apple.mpegurl": {"avc1", "avc3", "mp4a"},
		"audio/mpegurl":                 {"avc1", "avc3", "mp4a"},
		"audio/x-mpegurl":               {"avc1", "avc3", "mp4a"},
	}
	mediaImplied     = map[string]bool{"audio/mpeg": true, "audio/mp3": true, "audio/aac": true, "audio/flac": true}
	codecProfileOnly = map[string]bool{"av01": true, "vp09": true}
	codecAmbiguous   = map[string]bool{"avc1": true, "avc3": true}
)

// canPlayType answers HTMLMediaElement.canPlayType as desktop Chromium
// does, although nothing is ever played: pages choose which source to put
// in the markup from it.
// https://html.spec.whatwg.org/multipage/media.html#dom-navigator-canplaytype
func canPlayType(t string) string {
	typ, params, _ := strings.Cut(ascii.Lower(strings.TrimSpace(t)), ";")
	typ = strings.TrimSpace(typ)
	codecs := ""
	for _, p := range strings.Split(params, ";") {
		if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.TrimSpace(k) == "codecs" {
			codecs = strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	if mediaImplied[typ] {
		switch codecs {
		case "", "mp3", "flac", "aac", "mp4a":
			return "probably"
		}
		return ""
	}
	known, ok := mediaCodecs[typ]
	if !ok {
		return ""
	}
	if codecs == "" {
		return "maybe"
	}
	answer := "probably"
	for _, c := range strings.Split(codecs, ",") {
		c = strings.TrimSpace(c)
		found := false
		for _, k := range known {
			if c == k && !codecProfileOnly[k] || strings.HasPrefix(c, k+".") {
				found = true
				if c == k && codecAmbiguous[k] {
					answer = "maybe"
				}
				break
			}
		}
		if !found {
			return ""
		}
	}
	return answer
}
