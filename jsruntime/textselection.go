package jsruntime

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The selection APIs of text controls
// (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#textFieldSelection),
// over dom's TextSelection state, for input and textarea. What Chromium
// does where it differs from the spec's letter is followed:
//   - a selection set with no direction in a document with a browsing
//     context is forward (Chromium on Linux and Windows; "none" is only a
//     Mac thing there), and so is that of a control made there that no
//     one set; in a document without one (createHTMLDocument, DOMParser,
//     template contents) Chromium has no editing behaviour to ask, and
//     "none" stays "none". The direction is decided when it is set (or
//     the control made), so a control moved between documents keeps it
//     (dom.Document.DirectionalSelections);
//   - a select event is queued (bubbles, not cancelable) for each call that
//     changes the selection, not for value changes;
//   - a selectionchange event (bubbles) is scheduled at the element when its
//     selection changes, at most one pending per element
//     (https://w3c.github.io/selection-api/#scheduling-selectionhange-event).

// selectionAttrs are selectionStart, selectionEnd and selectionDirection.
var selectionAttrs = []bind.Attribute{
	attr("selectionStart", selectionGet(func(w *Window, s dom.TextSelection) goja.Value { return w.int(s.Start) }),
		func(w *Window, n *dom.Node, v goja.Value) {
			w.selectionSupported(n, "set the 'selectionStart' property on")
			start := int(bind.UnsignedLong(v))
			s := n.TextSelection()
			w.setSelection(n, start, max(s.End, start), s.Direction)
		}),
	attr("selectionEnd", selectionGet(func(w *Window, s dom.TextSelection) goja.Value { return w.int(s.End) }),
		func(w *Window, n *dom.Node, v goja.Value) {
			w.selectionSupported(n, "set the 'selectionEnd' property on")
			s := n.TextSelection()
			w.setSelection(n, s.Start, int(bind.UnsignedLong(v)), s.Direction)
		}),
	attr("selectionDirection", func(w *Window, n *dom.Node) goja.Value {
		if !n.HasTextSelection() {
			return w.null
		}
		return w.str(n.TextSelection().Direction.String())
	}, func(w *Window, n *dom.Node, v goja.Value) {
		w.selectionSupported(n, "set the 'selectionDirection' property on")
		s := n.TextSelection()
		w.setSelection(n, s.Start, s.End, dom.ParseSelectionDirection(bind.DOMString(v)))
	}),
}

// selectionMethods are select, setRangeText and setSelectionRange.
var selectionMethods = []bind.Method{
	// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-textarea/input-select
	// Chromium's select() also focuses the control (when it can have the
	// focus), after selecting.
	method("select", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if n.SelectAll() {
			w.selectionChanged(n)
		}
		if w.focused == n && n.HasSelectableText() {
			// the focused field takes back the document's selection
			w.selectionEntersControl(n)
		}
		w.focus(n)
		return nil
	}),
	// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-textarea/input-setrangetext
	method("setRangeText", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		const what = "execute 'setRangeText' on"
		switch {
		case len(args) == 0:
			w.realm.ThrowTypeError("Failed to %s '%s': 1 argument required, but only 0 present.", what, ifaceName(n))
		case len(args) == 2:
			w.realm.ThrowTypeError("Failed to %s '%s': Overload resolution failed.", what, ifaceName(n))
		}
		// The arguments are converted (a bad SelectionMode throws its
		// TypeError) before the steps check the control's type.
		repl := bind.DOMString(args[0])
		start, end, mode := 0, 0, dom.SelectPreserve
		if len(args) > 2 {
			start, end = int(bind.UnsignedLong(args[1])), int(bind.UnsignedLong(args[2]))
			if m := bind.Arg(args, 3); !bind.Absent(m) {
				var ok bool
				if mode, ok = dom.ParseSelectionMode(bind.DOMString(m)); !ok {
					w.realm.ThrowTypeError("Failed to %s '%s': The provided value '%s' is not a valid enum value of type SelectionMode.", what, ifaceName(n), bind.DOMString(m))
				}
			}
		}
		w.selectionSupported(n, what)
		if len(args) <= 2 {
			s := n.TextSelection()
			start, end = s.Start, s.End
		}
		// Only a change of the selection's offsets fires selectionchange:
		// new text that leaves them where they were fires nothing, as in
		// Chromium.
		changed, err := n.SetRangeText(repl, start, end, mode)
		w.check(err)
		if changed {
			w.selectionChanged(n)
		}
		return nil
	}),
	// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-textarea/input-setselectionrange
	method("setSelectionRange", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		start, end := int(bind.UnsignedLong(bind.Arg(args, 0))), int(bind.UnsignedLong(bind.Arg(args, 1)))
		dir := dom.SelectionNone
		if d := bind.Arg(args, 2); !bind.Absent(d) {
			dir = dom.ParseSelectionDirection(bind.DOMString(d))
		}
		w.selectionSupported(n, "execute 'setSelectionRange' on") // after the arguments' conversion
		w.setSelection(n, start, end, dir)
		return nil
	}),
}

// selectionGet reads the selection of a text field, null for input types
// the selection APIs do not apply to.
func selectionGet(f func(w *Window, s dom.TextSelection) goja.Value) nodeGet {
	return func(w *Window, n *dom.Node) goja.Value {
		if !n.HasTextSelection() {
			return w.null
		}
		return f(w, n.TextSelection())
	}
}

func ifaceName(n *dom.Node) string {
	if n.DataAtom == atom.Textarea {
		return "HTMLTextAreaElement"
	}
	return "HTMLInputElement"
}

// selectionSupported throws the InvalidStateError of the selection APIs
// on an input whose type has no selection.
func (w *Window) selectionSupported(n *dom.Node, what string) {
	if !n.HasTextSelection() {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to "+what+" '"+ifaceName(n)+"': The input element's type ('"+n.InputType()+"') does not support selection.")
	}
}

// setSelection runs "set the selection range" and its events.
func (w *Window) setSelection(n *dom.Node, start, end int, dir dom.SelectionDirection) {
	old := n.TextSelection()
	n.SetTextSelection(start, end, dir)
	if n.TextSelection() != old {
		w.selectionChanged(n)
	}
	if w.focused == n {
		// the focused field takes back the document's selection
		w.selectionEntersControl(n)
	}
}

// selectionChanged queues the events of a selection a selection API
// changed: select and selectionchange.
func (w *Window) selectionChanged(n *dom.Node) {
	w.scheduleSelectionChange(n)
	// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#set-the-selection-range, step 5
	w.loop.QueueTask(func() { w.fire(n, "select", true, false) })
}

// scheduleSelectionChange schedules a selectionchange event at text field
// n unless one is pending already
// (https://w3c.github.io/selection-api/#scheduling-selectionhange-event).
func (w *Window) scheduleSelectionChange(n *dom.Node) {
	if w.selectionChanges[n] {
		return
	}
	if w.selectionChanges == nil {
		w.selectionChanges = make(map[*dom.Node]bool)
	}
	w.selectionChanges[n] = true
	w.loop.QueueTask(func() {
		delete(w.selectionChanges, n)
		w.fire(n, "selectionchange", true, false)
	})
}

// valueSetSelection fires selectionchange when setting n's value moved
// its selection (to the end of the new value).
func (w *Window) valueSetSelection(n *dom.Node, before dom.TextSelection) {
	if n.TextSelection() != before {
		w.scheduleSelectionChange(n)
	}
}
