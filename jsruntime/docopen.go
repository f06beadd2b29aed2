package jsruntime

import (
	"github.com/bangsnap/bangsnap/dom"
)

// document.open, write and close on the page's own document once its
// parser has ended (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#opening-the-input-stream),
// as Chromium does them: open keeps the Document object, erases every
// listener and event handler of the document, its nodes and the window,
// removes all children and starts a script-created parser (readyState
// "loading"); write parses into it at once, running the scripts it
// completes; close ends the input and runs the end of parsing at once:
// readyState "interactive", DOMContentLoaded, "complete", load. A write
// after parsing with no open opens the document first, unless it comes
// from an external script (async, deferred or inserted: Chromium ignores
// those).
//
// While the page's parser runs, open and close do nothing and write goes
// to that parser (scripts.go).

// openPage runs document.open on the page's document.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document-open-steps
func (w *Window) openPage() {
	s := &w.scripts
	if !s.parsed || s.parsing || s.openedNesting > 0 {
		// Step 4: an active parser whose script nesting level is not 0.
		return
	}
	if s.opened != nil {
		s.opened.Close()
		s.opened = nil
	}
	// Step 10: the window's listeners and handlers go with the document's.
	w.EventTarget.RemoveAll()
	w.forgetHandlers(w.doc, w)
	p, err := w.doc.OpenStream(w.ctx, dom.ParseOptions{})
	w.check(err)
	p.SetLogger(w.log)
	p.Observed = func() bool { return len(w.observer.observers) > 0 }
	s.opened = p
	w.ceHookParsers()
	w.afterMutation()
	// Step 18.
	s.setReadyState("loading")
}

// writeOpened handles document.write on the page's document when it has
// a script-created parser, or gets one by an implicit open, and reports
// whether it did.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document-write-steps
func (w *Window) writeOpened(text string) bool {
	s := &w.scripts
	if s.opened == nil {
		if !s.parsed || s.parsing {
			return false // the page's parser has the input
		}
		if cur := s.current; cur != nil && cur.HasAttribute("src") {
			// Chromium: "It isn't possible to write into a document from an
			// asynchronously-loaded external script unless it is
			// explicitly opened."
			w.log.Debug("jsruntime: document.write from an external script after parsing ignored", "len", len(text))
			return true
		}
		w.openPage()
		if s.opened == nil {
			return false
		}
	}
	if err := s.opened.Write(text, w.runOpenedScript); err != nil {
		w.log.Debug("jsruntime: document.write into the opened document failed", "err", err)
	}
	w.afterMutation()
	return true
}

// runOpenedScript runs a script the script-created parser completed: an
// inline one at once (its writes go in after it); an external one when
// fetched, the parser going on meanwhile.
func (w *Window) runOpenedScript(el *dom.Node, pos dom.Position) bool {
	s := &w.scripts
	info := s.info[el]
	if info == nil {
		info = &scriptInfo{parserInserted: true}
		s.info[el] = info
	}
	if info.started {
		return true
	}
	if s.openedNesting > maxWriteNesting {
		info.started = true
		w.log.Debug("jsruntime: document.write nested too deep, script not run")
		return true
	}
	if s.parserBlocking(el) {
		// A script-created parser would wait for it; this one does not
		// pause, so it runs when fetched, like an async script.
		info.started = true
		src, _ := scriptSrc(el)
		url := el.Document().ResolveURL(src)
		s.fetch(el, url, func(body string, err error) { s.runFetched(el, body, url, err) })
		return true
	}
	s.openedNesting++
	s.prepareParserScript(el, pos)
	s.openedNesting--
	return true
}

// closePage runs document.close on the page's document: the rest of the
// input is parsed and the end of parsing runs, all before close returns.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-document-close
func (w *Window) closePage() {
	s := &w.scripts
	p := s.opened
	if p == nil || s.openedNesting > 0 {
		return
	}
	for {
		el, pos, err := p.Next()
		if err != nil {
			break
		}
		w.runOpenedScript(el, pos)
	}
	p.Close()
	if s.opened != p {
		return // a script it ran opened the document again
	}
	s.opened = nil
	w.afterMutation()
	// https://html.spec.whatwg.org/multipage/parsing.html#the-end, all at
	// once as in Chromium.
	s.setReadyState("interactive")
	w.fire(&w.doc.Node, "DOMContentLoaded", true, false)
	s.setReadyState("complete")
	w.fireLoad(w, w.doc)
}

// forgetHandlers drops the event handlers of win and of d's nodes, whose
// listeners document.open erased (step 11 of the document open steps):
// a handler set again afterwards must add its listener anew.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document-open-steps
func (w *Window) forgetHandlers(d *dom.Document, win dom.Target) {
	for t := range w.handlers {
		if t == win {
			delete(w.handlers, t)
		} else if n, ok := t.(*dom.Node); ok && n.Document() == d {
			delete(w.handlers, t)
		}
	}
}
