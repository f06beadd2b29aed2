package jsruntime

import (
	"bytes"
	"errors"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/whatwgurl"
	"github.com/bangsnap/bangsnap/xhr"
)

// A frame navigated to a javascript: URL (its src, as in
// <iframe src="javascript:'<p>hi'">) runs the URL's script in the frame's
// window, in a task; a string result becomes the frame's new document
// (HTML, at the URL of the document it replaces), anything else — a
// number, an object, undefined, an exception — leaves the frame as it was,
// with no load event, except that a script that did not throw fires the
// container's load event again when the frame still has its initial
// about:blank document, as Chromium does (the standard fires none).
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-to-a-javascript:-url
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#evaluate-a-javascript:-url

// frameJavascriptURL queues the navigation of f to the javascript: URL
// whose serialization is s, for generation gen of its navigations.
func (w *Window) frameJavascriptURL(f *frame, s string, gen int) {
	w.frameTask(f, func() {
		// A frame without a document is cross-origin: the initiator may
		// not run script in it.
		if f.gen != gen || f.gone || f.doc == nil {
			return
		}
		res, ok, threw := w.evalJavascriptURL(f, javascriptURLSource(s))
		if f.gen != gen || f.gone || f.doc == nil {
			return
		}
		if !ok {
			if !f.navigated && !threw {
				w.fire(f.el, "load", false, false)
			}
			return
		}
		d, err := dom.ParseWithOptions(strings.NewReader(res), dom.ParseOptions{FormPointer: true})
		if err != nil {
			return
		}
		f.gen++
		w.frameLoaded(f, d, f.url)
	})
}

// javascriptURLSource is the script of the javascript: URL serialized as
// s: what follows the scheme, percent-decoded, then UTF-8 decoded (a BOM
// stays a character).
func javascriptURLSource(s string) string {
	b := whatwgurl.PercentDecode(strings.TrimPrefix(s, "javascript:"))
	bom := []byte("\xEF\xBB\xBF")
	if bytes.HasPrefix(b, bom) {
		return "\uFEFF" + xhr.DecodeUTF8(b[len(bom):])
	}
	return xhr.DecodeUTF8(b)
}

// evalJavascriptURL runs src as a classic script with f's window as its
// global and returns its completion value when that is a string (not a
// String object); an exception is reported at the frame's window (threw).
func (w *Window) evalJavascriptURL(f *frame, src string) (res string, ok, threw bool) {
	if w.frames.jsURLEval == nil {
		// A direct eval inside with(window) gives the script's completion
		// value with the frame's window in front of the page's global.
		prog, err := w.scripts.compile("(function(){with(this)with(arguments[0]){return eval(arguments[1])}})", "javascript:")
		if err != nil {
			return "", false, false
		}
		v, err := w.rt.RunProgram(prog)
		if err != nil {
			return "", false, false
		}
		fn, isFn := goja.AssertFunction(v)
		if !isFn {
			return "", false, false
		}
		w.frames.jsURLEval = fn
	}
	fs := &f.scripts
	if fs.lex == nil {
		fs.lex = w.rt.NewObject()
		_ = fs.lex.SetPrototype(nil)
	}
	oldIncumbent, oldScript := w.frames.incumbent, w.frames.script
	w.frames.incumbent, w.frames.script = f, f
	v, err := w.frames.jsURLEval(f.obj, fs.lex, w.rt.ToValue(src))
	w.frames.incumbent, w.frames.script = oldIncumbent, oldScript
	w.afterMutation()
	if err != nil {
		var ie *goja.InterruptedError
		if !errors.As(err, &ie) {
			w.reportErrorIn(f, err)
		}
		return "", false, true
	}
	if _, isObject := v.(*goja.Object); isObject || v == nil {
		return "", false, false
	}
	res, ok = v.Export().(string)
	return res, ok, false
}

// pageJavascriptURL queues the navigation of the page to the javascript:
// URL whose serialization is s (a link's activation, a location setter):
// its script runs in a task as a classic script of the page's global, its
// exceptions reported there. A string result becomes the page's document
// by document.open(), write() and close(), so the window and its globals
// stay, where the standard and Chromium make a new Window for the new
// document.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-to-a-javascript:-url
func (w *Window) pageJavascriptURL(s string) {
	w.loop.QueueTask(func() {
		prog, err := w.scripts.compile(javascriptURLSource(s), "javascript:")
		var v goja.Value
		if err == nil {
			v, err = w.rt.RunProgram(prog)
		}
		w.afterMutation()
		if err != nil {
			var ie *goja.InterruptedError
			if !errors.As(err, &ie) {
				w.ReportError(err)
			}
			return
		}
		if _, isObject := v.(*goja.Object); isObject || v == nil {
			return
		}
		if res, ok := v.Export().(string); ok {
			w.openPage()
			w.documentWrite(w.doc, []goja.Value{w.rt.ToValue(res)}, false)
			w.closePage()
		}
	})
}
