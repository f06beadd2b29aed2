package jsruntime

import (
	"slices"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The top layer's state without rendering: which popovers are showing (the
// auto and hint ones in the order they were shown, for light dismiss)
// and the dialogs' previous focus.
// Nothing is drawn above the page; the states answer :popover-open and
// :modal, the methods' errors and the events.
// https://html.spec.whatwg.org/multipage/popover.html
// https://html.spec.whatwg.org/multipage/interactive-elements.html#the-dialog-element
type topLayerState struct {
	stack     []*dom.Node                 // showing auto popovers, oldest first
	hints     []*dom.Node                 // showing hint popovers, oldest first
	hintAuto  map[*dom.Node]*dom.Node     // hint popover → the auto popover it was shown in (closes it)
	prevFocus map[*dom.Node]*dom.Node     // dialog → the focus before show/showModal
	popPrev   map[*dom.Node]*dom.Node     // auto or hint popover → the focus before showPopover
	modals    []*dom.Node                 // dialogs shown modal, oldest first (blockedByModal)
	hiding    map[*dom.Node]bool          // popovers whose hide steps are running ("popover showing or hiding")
	showing   map[*dom.Node]bool          // popovers whose show steps are running
	shownIn   map[*dom.Node]*dom.Document // showing popover → its document then (a move to another hides it)
}

// blockedByModal tells whether element n is inert because a modal dialog
// is open in its document and n is not in the topmost one: it cannot be
// focused (Material's menu, outside the dialog it opened from, kept the
// focus in the dialog in Chromium).
// https://html.spec.whatwg.org/multipage/interaction.html#blocked-by-a-modal-dialog
func (w *Window) blockedByModal(n *dom.Node) bool {
	if len(w.top.modals) == 0 {
		return false
	}
	var top *dom.Node
	doc := n.Document()
	for i := len(w.top.modals) - 1; i >= 0; i-- {
		if d := w.top.modals[i]; w.modals[d] && d.HasAttribute("open") && d.IsConnected() && d.Document() == doc {
			top = d
			break
		}
	}
	if top == nil {
		return false
	}
	for e := n; e != nil; e = flatParent(e) {
		if e == top {
			return false
		}
	}
	return true
}

// dropModal takes d off the list of modal dialogs.
func (w *Window) dropModal(d *dom.Node) {
	w.top.modals = slices.DeleteFunc(w.top.modals, func(x *dom.Node) bool { return x == d })
}

// popoverType is the popover attribute's state: "" (none), "auto",
// "hint" or "manual" (the invalid value default).
// https://html.spec.whatwg.org/multipage/popover.html#attr-popover
func popoverType(v string, ok bool) string {
	if !ok {
		return ""
	}
	switch {
	case v == "" || ascii.EqualFold(v, "auto"):
		return "auto"
	case ascii.EqualFold(v, "hint"):
		return "hint"
	}
	return "manual"
}

func popoverTypeOf(n *dom.Node) string {
	v, ok := n.GetAttribute("popover")
	if !isHTMLElement(n) {
		ok = false
	}
	return popoverType(v, ok)
}

// popoverValid is "check popover validity": whether n can go to the
// showing (expectShowing false) or hidden (expectShowing true) state.
// Errors are thrown when throw is set; a popover already in the asked-for
// state is not an error.
// https://html.spec.whatwg.org/multipage/popover.html#check-popover-validity
func (w *Window) popoverValid(n *dom.Node, expectShowing, throw bool) bool {
	if popoverTypeOf(n) == "" {
		if throw {
			w.realm.ThrowDOMException("NotSupportedError", "Not supported on elements that do not have a valid value for the 'popover' attribute.")
		}
		return false
	}
	if n.IsConnected() && !w.hasBrowsingContext(n.Document()) {
		// Not fully active: a document of its own (createHTMLDocument)
		// or a removed frame's. Chromium 156 refuses it whatever the
		// state, hiding too.
		if throw {
			w.realm.ThrowDOMException("InvalidStateError", "Invalid for popovers within documents that are not fully active.")
		}
		return false
	}
	if w.popovers[n] != expectShowing {
		return false
	}
	if !n.IsConnected() {
		if throw {
			w.realm.ThrowDOMException("InvalidStateError", "Invalid on disconnected popover elements.")
		}
		return false
	}
	if !expectShowing && w.busyOther(n) {
		// Chromium 156 refuses to show a popover from the listeners of
		// another one's show or hide steps (its beforetoggle, focus or
		// blur).
		if throw {
			w.realm.ThrowDOMException("InvalidStateError", "Invalid to show a popover while another popover is being shown or hidden.")
		}
		return false
	}
	if n.DataAtom == atom.Dialog && n.HasAttribute("open") && w.modals[n] {
		if throw {
			w.realm.ThrowDOMException("InvalidStateError", "The dialog is already open as a modal dialog.")
		}
		return false
	}
	return true
}

// busyOther tells whether the show or hide steps of a popover other than
// n are running.
func (w *Window) busyOther(n *dom.Node) bool {
	for _, m := range []map[*dom.Node]bool{w.top.hiding, w.top.showing} {
		for h := range m {
			if h != n {
				return true
			}
		}
	}
	return false
}

// popoverSource reads showPopover's and togglePopover's options.source
// (the methods' names for the error): an HTML element, or a TypeError
// when it is anything else but undefined, as the IDL dictionary's
// HTMLElement member is converted before the method runs.
func popoverSource(w *Window, opts goja.Value, method string) *dom.Node {
	o, ok := opts.(*goja.Object)
	if !ok {
		return nil
	}
	v := o.Get("source")
	if v == nil || goja.IsUndefined(v) {
		return nil
	}
	if n := w.toNode(v); isHTMLElement(n) {
		return n
	}
	dict := "ShowPopoverOptions"
	if method == "togglePopover" {
		dict = "TogglePopoverOptions"
	}
	w.realm.ThrowTypeError("Failed to execute '%s' on 'HTMLElement': Failed to read the 'source' property from '%s': Failed to convert value to 'HTMLElement'.", method, dict)
	return nil
}

// showPopover https://html.spec.whatwg.org/multipage/popover.html#show-popover
func (w *Window) showPopover(n *dom.Node, throw bool, invoker *dom.Node) {
	if !w.popoverValid(n, false, throw) {
		return
	}
	if w.top.showing[n] {
		// Shown again from its own show steps' listeners (beforetoggle,
		// the focusing steps), after a hide there: Chromium 156 refuses
		// it (the standard's nested show would go on without events).
		if throw {
			w.realm.ThrowDOMException("InvalidStateError", "Invalid to show a popover during another show operation")
		}
		return
	}
	if w.top.showing == nil {
		w.top.showing = make(map[*dom.Node]bool)
	}
	w.top.showing[n] = true
	defer delete(w.top.showing, n)
	if !w.dispatch(n, w.toggleFrom(newToggleEvent("beforetoggle", true, false, true), invoker)) {
		return
	}
	if !w.popoverValid(n, false, throw) { // a listener changed it
		return
	}
	typ := popoverTypeOf(n)
	// stack is the list n joins. Hint popovers have a list of their own
	// (Chromium 156): an auto popover closes the hints that are not its
	// ancestors, then the auto popovers that are not; a hint closes only
	// the hints that are not its ancestors, and is closed with the auto
	// popover it was shown in.
	var stack *[]*dom.Node
	var inAuto *dom.Node
	switch typ {
	case "auto":
		w.hideStackUntil(&w.top.hints, w.topmostPopoverAncestor(n, invoker, w.top.hints), true)
		w.hidePopoversUntil(w.topmostPopoverAncestor(n, invoker, w.top.stack), true)
		stack = &w.top.stack
	case "hint":
		w.hideStackUntil(&w.top.hints, w.topmostPopoverAncestor(n, invoker, w.top.hints), true)
		inAuto = w.topmostPopoverAncestor(n, invoker, w.top.stack)
		stack = &w.top.hints
	}
	if stack != nil {
		// The listeners of the popovers hidden may have changed n's
		// type: an error, as a change of its validity is.
		if popoverTypeOf(n) != typ {
			if throw {
				w.realm.ThrowDOMException("InvalidStateError", "The popover attribute changed while other popovers were hidden.")
			}
			return
		}
		if !w.popoverValid(n, false, throw) {
			return
		}
	}
	if w.popovers == nil {
		w.popovers = make(map[*dom.Node]bool)
	}
	w.popovers[n] = true
	if w.top.shownIn == nil {
		w.top.shownIn = make(map[*dom.Node]*dom.Document)
	}
	w.top.shownIn[n] = n.Document()
	w.sheets.cssomEdits++ // display and position follow the state
	w.sheets.stateEdits++
	n.Document().StateChanged()
	if stack != nil {
		*stack = append(*stack, n)
	}
	if inAuto != nil {
		if w.top.hintAuto == nil {
			w.top.hintAuto = make(map[*dom.Node]*dom.Node)
		}
		w.top.hintAuto[n] = inAuto
	}
	originally := w.focused
	// The popover focusing steps: the popover itself when it has the
	// autofocus attribute, else its autofocus delegate.
	// https://html.spec.whatwg.org/multipage/popover.html#popover-focusing-steps
	control := n
	if !n.HasAttribute("autofocus") {
		control = w.autofocusDelegate(n)
	}
	if control != nil {
		w.focusAndScroll(control)
	}
	// The toggle is queued after the focusing steps, whose listeners may
	// have hidden n already.
	w.queueToggleFrom(n, false, true, invoker)
	if (typ == "auto" || typ == "hint") && w.popovers[n] {
		if w.top.popPrev == nil {
			w.top.popPrev = make(map[*dom.Node]*dom.Node)
		}
		w.top.popPrev[n] = originally
	}
}

// autofocusDelegate is the first descendant of n, in tree order, with the
// autofocus attribute that is a focusable area (or a shadow host whose
// focus delegate is one): that area, or nil.
// https://html.spec.whatwg.org/multipage/interaction.html#autofocus-delegate
func (w *Window) autofocusDelegate(n *dom.Node) *dom.Node {
	var found *dom.Node
	n.Descendants(func(d *dom.Node) bool {
		if !d.IsElement() || !d.HasAttribute("autofocus") {
			return true
		}
		if w.focusable(d) || isOpenDialog(d) && w.mayFocus(d) {
			found = d
		} else if delegatesFocus(d) {
			found = w.focusDelegate(d)
		}
		return found == nil
	})
	return found
}

// hidePopover https://html.spec.whatwg.org/multipage/popover.html#hide-popover-algorithm
// With focusPrevious (hidePopover(), togglePopover(), an invoker), an auto
// or hint popover that holds the focus gives it back to the element that
// had it when the popover was shown.
// The events' source is the invoker that hides it (a command button), or
// nil: hidePopover() and togglePopover() give none, even with a source
// option (Chromium 156).
func (w *Window) hidePopover(n *dom.Node, fireEvents, throw, focusPrevious bool, source *dom.Node) {
	w.hidePopoverWhile(n, fireEvents, focusPrevious, source, func() bool { return w.popoverValid(n, true, throw) })
}

// hidePopoverWhile is hidePopover with valid in place of "check popover
// validity", asked before anything and again after the popovers above n
// are hidden.
func (w *Window) hidePopoverWhile(n *dom.Node, fireEvents, focusPrevious bool, source *dom.Node, valid func() bool) {
	if !valid() {
		return
	}
	// A hide inside the hide steps' own listeners fires nothing.
	if w.top.hiding[n] {
		fireEvents = false
	} else {
		if w.top.hiding == nil {
			w.top.hiding = make(map[*dom.Node]bool)
		}
		w.top.hiding[n] = true
		defer delete(w.top.hiding, n)
	}
	if slices.Contains(w.top.stack, n) || slices.Contains(w.top.hints, n) {
		// The popovers shown from inside this one go first: the hints
		// shown in it, then the popovers above it.
		w.hideHintsShownIn(n, fireEvents)
		w.hidePopoversUntil(n, fireEvents)
		if !valid() {
			return
		}
	}
	if fireEvents {
		w.dispatch(n, w.toggleFrom(newToggleEvent("beforetoggle", false, true, false), source))
		if !w.popovers[n] {
			return
		}
		w.queueToggleFrom(n, true, false, source)
	}
	prev := w.top.popPrev[n]
	w.dropPopover(n)
	if f := w.focused; prev != nil && focusPrevious && f != nil && shadowIncludingAncestor(n, f) {
		w.focus(prev)
	}
}

// dropPopover takes n out of the showing state. A focused element in it
// is no longer rendered: it loses the focus at the next rendering update
// (the focus fixup, as for a closed dialog) unless the focus moves first.
func (w *Window) dropPopover(n *dom.Node) {
	delete(w.popovers, n)
	if f := w.focused; f != nil && shadowIncludingAncestor(n, f) {
		w.focusFixupSoon()
	}
	w.sheets.cssomEdits++
	w.sheets.stateEdits++
	n.Document().StateChanged()
	if i := slices.Index(w.top.stack, n); i >= 0 {
		w.top.stack = slices.Delete(w.top.stack, i, i+1)
	}
	if i := slices.Index(w.top.hints, n); i >= 0 {
		w.top.hints = slices.Delete(w.top.hints, i, i+1)
	}
	delete(w.top.popPrev, n)
	delete(w.top.hintAuto, n)
	delete(w.top.shownIn, n)
}

// hideHintsShownIn hides the hint popovers shown in auto popover n, and
// the hints above the first of them, the newest first.
func (w *Window) hideHintsShownIn(n *dom.Node, fireEvents bool) {
	for i, h := range w.top.hints {
		if w.top.hintAuto[h] == n {
			var below *dom.Node
			if i > 0 {
				below = w.top.hints[i-1]
			}
			w.hideStackUntil(&w.top.hints, below, fireEvents)
			return
		}
	}
}

// hidePopoversUntil hides the popovers shown after endpoint, the newest
// first: for a hint popover, the hint popovers above it; for an auto one,
// the auto popovers above it (each with the hints shown in it); for nil,
// every hint popover, then every auto one. An endpoint that is not showing
// hides nothing.
// https://html.spec.whatwg.org/multipage/popover.html#hide-all-popovers-until
func (w *Window) hidePopoversUntil(endpoint *dom.Node, fireEvents bool) {
	if endpoint != nil && slices.Contains(w.top.hints, endpoint) {
		w.hideStackUntil(&w.top.hints, endpoint, fireEvents)
		return
	}
	if endpoint != nil && !slices.Contains(w.top.stack, endpoint) {
		return
	}
	if endpoint == nil {
		w.hideStackUntil(&w.top.hints, nil, fireEvents)
	}
	w.hideStackUntil(&w.top.stack, endpoint, fireEvents)
}

// hideStackUntil hides the popovers of stack shown after endpoint (all of
// them when endpoint is nil), the newest first.
func (w *Window) hideStackUntil(stack *[]*dom.Node, endpoint *dom.Node, fireEvents bool) {
	if endpoint != nil && !slices.Contains(*stack, endpoint) {
		return
	}
	for range 1000 { // each round hides one; listeners may show more
		last := len(*stack) - 1
		if last < 0 || (*stack)[last] == endpoint {
			return
		}
		top := (*stack)[last]
		w.hidePopover(top, fireEvents, false, false, nil)
		if l := len(*stack); l > 0 && (*stack)[l-1] == top {
			w.dropPopover(top) // still there: a listener's doing
		}
	}
}

// topmostPopoverAncestor is the showing popover of list, latest in it,
// that is n's flat-tree ancestor or its invoker's, or nil.
// https://html.spec.whatwg.org/multipage/popover.html#topmost-popover-ancestor
func (w *Window) topmostPopoverAncestor(n, invoker *dom.Node, list []*dom.Node) *dom.Node {
	best := -1
	check := func(c *dom.Node) {
		if c == nil {
			return
		}
		for a := c; a != nil; a = a.ShadowIncludingParent() {
			if a != n {
				if i := slices.Index(list, a); i > best {
					best = i
				}
			}
		}
	}
	if p := n.ParentNode(); p != nil {
		check(p)
	}
	check(invoker)
	if best < 0 {
		return nil
	}
	return list[best]
}

// togglePopover https://html.spec.whatwg.org/multipage/popover.html#dom-togglepopover
func (w *Window) togglePopover(n *dom.Node, arg goja.Value) bool {
	var force *bool
	var source *dom.Node
	if !bind.Absent(arg) {
		if o, ok := arg.(*goja.Object); ok {
			if v := o.Get("force"); v != nil && !goja.IsUndefined(v) {
				b := v.ToBoolean()
				force = &b
			}
			source = popoverSource(w, arg, "togglePopover")
		} else {
			b := bind.Boolean(arg)
			force = &b
		}
	}
	switch {
	case w.popovers[n] && (force == nil || !*force):
		w.hidePopover(n, true, true, true, nil)
	case !w.popovers[n] && (force == nil || *force):
		w.showPopover(n, true, source)
	default:
		// the errors only, checked against the state it is in
		// (togglePopover(false) of a hidden popover that is
		// disconnected throws)
		w.popoverValid(n, w.popovers[n], true)
	}
	return w.popovers[n]
}

// popoverTargetElementAttr is the popovertarget element reflection of
// buttons and inputs (commands.go's elementRefAttr).
// https://html.spec.whatwg.org/multipage/popover.html#dom-popovertargetelement
var popoverTargetElementAttr = elementRefAttr("popoverTargetElement", "popovertarget")

// popoverTargetActivate is the popover target attribute activation
// behavior of a button or a button-like input.
// https://html.spec.whatwg.org/multipage/popover.html#popover-target-attribute-activation-behavior
func (w *Window) popoverTargetActivate(invoker *dom.Node) {
	if !invoker.IsConnected() {
		return
	}
	if invoker.DataAtom == atom.Input {
		switch invoker.InputType() {
		case "submit", "reset", "image", "button":
		default:
			return
		}
	}
	t := w.attrAssociatedElement(invoker, "popovertarget")
	if t == nil || popoverTypeOf(t) == "" {
		return
	}
	action := invoker.Attribute("popovertargetaction")
	showing := w.popovers[t]
	switch {
	case showing && !ascii.EqualFold(action, "show"):
		w.hidePopover(t, true, false, true, invoker)
	case !showing && !ascii.EqualFold(action, "hide"):
		w.showPopover(t, false, invoker)
	}
}

// showDialog is show() and showModal().
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-show
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-showmodal
func (w *Window) showDialog(d *dom.Node, modal bool) {
	if d.HasAttribute("open") {
		if w.modals[d] == modal {
			return
		}
		if modal {
			w.realm.ThrowDOMException("InvalidStateError", "The dialog is already open as a non-modal dialog, and therefore cannot be opened as a modal dialog.")
		}
		w.realm.ThrowDOMException("InvalidStateError", "The dialog is already open as a modal dialog, and therefore cannot be opened as a non-modal dialog.")
	}
	if modal {
		if !d.IsConnected() {
			w.realm.ThrowDOMException("InvalidStateError", "The element is not in a Document.")
		}
		if !w.hasBrowsingContext(d.Document()) {
			// not fully active: a document of its own (createHTMLDocument)
			// or a removed frame's
			w.realm.ThrowDOMException("InvalidStateError", "The element's document is not fully active.")
		}
		if w.popovers[d] {
			w.realm.ThrowDOMException("InvalidStateError", "The dialog is already open as a Popover, and therefore cannot be opened as a modal dialog.")
		}
	}
	if !w.dispatch(d, newToggleEvent("beforetoggle", true, false, true)) || d.HasAttribute("open") {
		return
	}
	if modal && (!d.IsConnected() || w.popovers[d]) {
		return
	}
	w.queueDialogToggle(d, false, true)
	w.check(d.SetAttribute("open", ""))
	if modal {
		if w.modals == nil {
			w.modals = make(map[*dom.Node]bool)
		}
		w.modals[d] = true
		w.dropModal(d)
		w.top.modals = append(w.top.modals, d)
		d.Document().StateChanged()
	}
	if w.top.prevFocus == nil {
		w.top.prevFocus = make(map[*dom.Node]*dom.Node)
	}
	w.top.prevFocus[d] = w.focused
	w.hidePopoversUntil(w.topmostPopoverAncestor(d, nil, w.top.stack), true)
	// The dialog focusing steps: the autofocus delegate, else the first
	// focusable descendant, else the dialog itself. (Chromium gives an
	// autofocus attribute on the dialog itself no weight: the delegate
	// still goes first.)
	// https://html.spec.whatwg.org/multipage/interactive-elements.html#dialog-focusing-steps
	// When that is inert (show() of a dialog an open modal dialog
	// blocks, or inside an inert subtree) Chromium 156 takes the focus
	// from the element that has it: none is focused.
	c := w.focusDelegateIn(d)
	if c == nil {
		c = d
	}
	if w.inert(c) {
		if f := w.focused; f != nil {
			w.blur(f)
		}
	} else {
		w.focusAndScroll(c)
	}
	// and the top document's autofocus candidates are done with: an
	// autofocus element in the dialog is not focused again at the next
	// frame (steps 9-10)
	w.doc.StopAutofocus()
}

// closeDialog closes an open dialog, setting its return value when rv is
// not nil. The close event is queued before the toggle event, the order
// Chromium fires them in.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#close-the-dialog
func (w *Window) closeDialog(d *dom.Node, rv *string) {
	if !d.HasAttribute("open") {
		return
	}
	w.dispatch(d, newToggleEvent("beforetoggle", false, true, false))
	if !d.HasAttribute("open") {
		return
	}
	d.RemoveAttribute("open")
	wasModal := w.modals[d]
	delete(w.modals, d)
	w.dropModal(d)
	if wasModal {
		d.Document().StateChanged()
	}
	if rv != nil {
		if w.returnValues == nil {
			w.returnValues = make(map[*dom.Node]string)
		}
		w.returnValues[d] = *rv
	}
	if prev := w.top.prevFocus[d]; prev != nil {
		delete(w.top.prevFocus, d)
		if f := w.focused; prev.IsConnected() && (wasModal || f != nil && shadowIncludingAncestor(d, f)) {
			w.focus(prev)
		}
	}
	w.loop.QueueTask(func() { w.fire(d, "close", false, false) })
	w.queueDialogToggle(d, true, false)
}

// requestCloseDialog is requestClose(): a cancelable cancel event, then
// the dialog closes with rv (or keeps its return value). It goes through
// the dialog's close watcher, which an open dialog has only while it is
// connected in a document with a browsing context, so a dialog outside
// one stays open. A requestClose from a cancel listener of the same
// dialog fires nothing (the watcher is running its cancel action) but
// sets the return value the outer request closes with, as the standard
// and Chromium do.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-requestclose
// https://html.spec.whatwg.org/multipage/interaction.html#close-watcher-request-close
func (w *Window) requestCloseDialog(d *dom.Node, rv *string) {
	if !d.HasAttribute("open") || !d.IsConnected() || !w.hasBrowsingContext(d.Document()) {
		return
	}
	if req := w.dialogCancels[d]; req != nil {
		req.rv = rv
		return
	}
	if w.dialogCancels == nil {
		w.dialogCancels = make(map[*dom.Node]*closeRequest)
	}
	req := &closeRequest{rv: rv}
	w.dialogCancels[d] = req
	ok := w.fire(d, "cancel", false, true)
	delete(w.dialogCancels, d)
	if ok {
		w.closeDialog(d, req.rv)
	}
}

// closeRequest is a dialog's request close return value while its
// requestClose fires cancel.
type closeRequest struct{ rv *string }

// queueDialogToggle queues a dialog's toggle event. One still queued is
// replaced by a new task at the end of the queue that keeps its old state.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#queue-a-dialog-toggle-event-task
func (w *Window) queueDialogToggle(d *dom.Node, oldOpen, newOpen bool) {
	oldState := toggleState(oldOpen)
	if ev := w.toggles[d]; ev != nil {
		oldState = ev.Detail.(*eventData).oldState
	}
	if w.toggles == nil {
		w.toggles = make(map[*dom.Node]*dom.Event)
	}
	ev := newToggleEvent("toggle", false, oldOpen, newOpen)
	ev.Detail.(*eventData).oldState = oldState
	w.toggles[d] = ev
	w.loop.QueueTask(func() {
		if w.toggles[d] != ev {
			return // replaced by a later one
		}
		delete(w.toggles, d)
		w.dispatch(d, ev)
	})
}

// topLayerRemoved runs the removing steps of popovers and dialogs for the
// ones no longer connected: a popover is hidden without events, a modal
// dialog leaves the top layer (it stays open).
// https://html.spec.whatwg.org/multipage/popover.html#the-popover-attribute (removing steps)
// https://html.spec.whatwg.org/multipage/interactive-elements.html#the-dialog-element (removing steps)
func (w *Window) topLayerRemoved() {
	for n, open := range w.popovers {
		if open && (!n.IsConnected() || n.Document() != w.top.shownIn[n]) {
			// hidden without events, with the popovers shown above it
			// (those shown from inside it: a child popover whose source
			// is in it)
			w.hidePopoverWhile(n, false, false, nil, func() bool { return w.popovers[n] })
		}
	}
	for d := range w.modals {
		if !d.IsConnected() {
			delete(w.modals, d)
			w.dropModal(d)
			d.Document().StateChanged()
		}
	}
}

// popoverAttributeChanged hides a showing popover whose popover attribute
// changed state, with its events: beforetoggle is fired at once, inside
// the mutation, and its listeners may change the attribute again. A
// popover whose attribute is removed is hidden the same way, as Chromium
// does (the standard's validity check would leave it showing).
// https://html.spec.whatwg.org/multipage/popover.html#the-popover-attribute
func (w *Window) popoverAttributeChanged(n *dom.Node, old string, hadOld bool) {
	if !w.popovers[n] || popoverType(old, hadOld) == popoverTypeOf(n) {
		return
	}
	w.hidePopoverWhile(n, true, true, nil, func() bool { return w.popovers[n] && n.IsConnected() })
	if popoverTypeOf(n) == "" {
		w.forgetToggle(n)
	}
}
