package jsruntime

import (
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// window.open: a target that names this page's window or one of its
// frames is navigated (when a URL is given) and its WindowProxy returned;
// any other (a new auxiliary browsing context) is what a popup blocker
// answers, null, as Chromium does for a script without user activation.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#window-open-steps
// https://html.spec.whatwg.org/multipage/document-sequences.html#the-rules-for-choosing-a-navigable

// windowOpen is the Window.open method; this is the window it is called
// on (the page's, or a frame's whose prototype chain reaches it).
var windowOpen = bind.Method{Name: "open", Length: 0, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
	w := win(r)
	cur, _ := this.(*frame)
	if cur == nil {
		cur = w.frames.incumbent
	}
	if cur != nil && cur.gone {
		return w.null
	}
	return w.open(cur, args)
}}

// open runs the window open steps for the window of cur (nil: the page's).
func (w *Window) open(cur *frame, args []goja.Value) goja.Value {
	rawURL, target, features := "", "_blank", ""
	if len(args) > 0 && !bind.Absent(args[0]) {
		rawURL = bind.DOMString(args[0])
	}
	if len(args) > 1 && !bind.Absent(args[1]) {
		target = bind.DOMString(args[1])
	}
	if len(args) > 2 && !bind.Absent(args[2]) {
		features = bind.DOMString(args[2])
	}
	if target == "" {
		target = "_blank"
	}
	// The URL is parsed against the caller's document.
	entry := &w.nav
	if g := w.frames.incumbent; g != nil && !g.gone {
		entry = g.nav
	}
	var nav func()
	chosen, found := w.chooseNavigable(cur, target)
	if rawURL != "" {
		u, ok := entry.resolveWeb(rawURL)
		if !ok {
			w.realm.ThrowDOMException("SyntaxError", "Failed to execute 'open' on 'Window': Unable to open a window with invalid URL '"+rawURL+"'.")
		}
		nav = func() {
			n := &w.nav
			if chosen != nil {
				n = chosen.nav
			}
			n.locationNavigate(u, false)
		}
	}
	if !found {
		w.log.Debug("jsruntime: window.open of a new window: none is made (as a popup blocker)", "target", target, "url", rawURL)
		return w.null
	}
	if nav != nil {
		nav()
	}
	if openFeature(features, "noopener") || openFeature(features, "noreferrer") {
		return w.null
	}
	if chosen == nil {
		return w.global
	}
	return chosen.obj
}

// chooseNavigable applies the rules for choosing a navigable to name from
// the window of cur (nil: the page's): found is false for a new one; the
// navigable is nil for the page's.
func (w *Window) chooseNavigable(cur *frame, name string) (chosen *frame, found bool) {
	switch ascii.Lower(strings.TrimSpace(name)) {
	case "", "_self":
		return cur, true
	case "_parent":
		if cur == nil {
			return nil, true
		}
		return cur.parent, true
	case "_top":
		return nil, true
	case "_blank", "_unfencedtop":
		return nil, false
	}
	// find a navigable by target name: the current one, then its
	// descendants, then every frame of the page, the page first.
	if cur == nil && w.name == name || cur != nil && cur.name == name {
		return cur, true
	}
	if w.frames.names[name] == 0 {
		if w.name == name {
			return nil, true
		}
		return nil, false
	}
	var within *dom.Document
	if cur == nil {
		within = w.doc
	} else {
		within = cur.doc
	}
	if within != nil {
		if f := w.namedDescendant(within, name); f != nil {
			return f, true
		}
	}
	if w.name == name {
		return nil, true
	}
	if f := w.namedDescendant(w.doc, name); f != nil {
		return f, true
	}
	return nil, false
}

// frameOfDocument returns the frame whose active document is d; nil for
// the page's document or one without a browsing context.
func (w *Window) frameOfDocument(d *dom.Document) *frame {
	if f := w.frames.byDoc[d]; f != nil && !f.gone && f.doc == d {
		return f
	}
	return nil
}

// namedDescendant returns the first frame named name among the frames of
// d and their documents' frames, each level in creation order.
func (w *Window) namedDescendant(d *dom.Document, name string) *frame {
	for _, f := range w.childFrames(d) {
		if f.name == name {
			return f
		}
	}
	for _, f := range w.childFrames(d) {
		if f.doc != nil && !f.cross {
			if g := w.namedDescendant(f.doc, name); g != nil {
				return g
			}
		}
	}
	return nil
}

// openFeature reports whether the features string of window.open turns
// on the boolean feature name (a token name, or name=yes, =true or a
// non-zero number).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#concept-window-open-features-tokenize
func openFeature(features, name string) bool {
	for _, tok := range strings.FieldsFunc(features, func(r rune) bool { return r == ',' }) {
		k, v, hasV := strings.Cut(tok, "=")
		if ascii.Lower(strings.TrimSpace(k)) != name {
			continue
		}
		v = ascii.Lower(strings.TrimSpace(v))
		if !hasV || v == "" || v == "yes" || v == "true" {
			return true
		}
		n := 0
		for _, c := range v {
			if c < '0' || c > '9' {
				break
			}
			n = n*10 + int(c-'0')
			if n > 0 {
				return true
			}
		}
		return false
	}
	return false
}
