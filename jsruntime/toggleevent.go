package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// ToggleEvent https://html.spec.whatwg.org/multipage/interaction.html#the-toggleevent-interface
// Its states are kept in eventData.oldState and newState, its source (an
// Element or null) in eventData.detail.
var toggleEventIface = &bind.Interface{Name: "ToggleEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("ToggleEvent", func(d *eventData, dict eventDict) {
		d.newState = dict.String("newState")
		d.oldState = dict.String("oldState")
		w := win(dict.r)
		d.detail = dict.object("source", "Element", func(v goja.Value) bool {
			n := w.toNode(v)
			return n != nil && n.IsElement()
		})
	}),
	Attributes: []bind.Attribute{
		{Name: "oldState", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.oldState) })},
		{Name: "newState", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.newState) })},
		{Name: "source", Get: func(r *bind.Realm, this any) goja.Value {
			ev := this.(*dom.Event)
			return win(r).eventSource(ev, evData(ev).detail)
		}},
	},
}

func toggleState(open bool) string {
	if open {
		return "open"
	}
	return "closed"
}

// newToggleEvent makes a trusted ToggleEvent.
func newToggleEvent(typ string, cancelable, oldOpen, newOpen bool) *dom.Event {
	ev := dom.NewEvent(typ, false, cancelable)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "ToggleEvent", oldState: toggleState(oldOpen), newState: toggleState(newOpen),
		detail: goja.Null(), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
	return ev
}

// toggleFrom sets a ToggleEvent's source (nil leaves it null) and returns
// the event. One with a source is composed and its path cut by the source
// (dom.Event.SetPathSource), as in Chromium.
func (w *Window) toggleFrom(ev *dom.Event, source *dom.Node) *dom.Event {
	if source != nil {
		ev.Detail.(*eventData).detail = w.wrap(source)
		ev.Composed = true
		ev.SetPathSource(source)
	}
	return ev
}

// queueToggle queues the toggle event of a details element or a popover
// whose state went from oldOpen to newOpen. A toggle still queued for n is
// replaced: its task is dropped and a new one queued after the tasks
// queued since, with the old toggle's old state, so opening and closing in
// one task fires one event (closed->closed), after the toggles of the
// elements that changed in between, as in Chromium.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#queue-a-details-toggle-event-task
// https://html.spec.whatwg.org/multipage/popover.html#queue-a-popover-toggle-event-task
func (w *Window) queueToggle(n *dom.Node, oldOpen, newOpen bool) {
	w.queueToggleFrom(n, oldOpen, newOpen, nil)
}

// queueToggleFrom is queueToggle with the ToggleEvent's source (a
// popover's invoker, or nil). A toggle that replaces a queued one has the
// latest source.
func (w *Window) queueToggleFrom(n *dom.Node, oldOpen, newOpen bool, source *dom.Node) {
	if w.toggles == nil {
		w.toggles = make(map[*dom.Node]*dom.Event)
	}
	ev := w.toggleFrom(newToggleEvent("toggle", false, oldOpen, newOpen), source)
	if prev := w.toggles[n]; prev != nil {
		ev.Detail.(*eventData).oldState = prev.Detail.(*eventData).oldState
	}
	w.toggles[n] = ev
	w.loop.QueueTask(func() { w.fireToggle(n, ev) })
}

// holdToggle is queueToggle(n, false, true) for a details element opened
// while the page is parsing: its task is held until the end of parsing
// (w.res.held), but a toggle queued for n before then replaces it as it
// would replace a queued one, so a script that opens and closes a details
// in one task still fires one event.
func (w *Window) holdToggle(n *dom.Node) {
	if w.toggles == nil {
		w.toggles = make(map[*dom.Node]*dom.Event)
	}
	ev := newToggleEvent("toggle", false, false, true)
	if prev := w.toggles[n]; prev != nil {
		ev.Detail.(*eventData).oldState = prev.Detail.(*eventData).oldState
	}
	w.toggles[n] = ev
	w.res.held = append(w.res.held, func() { w.fireToggle(n, ev) })
}

// fireToggle fires the toggle event ev queued for n, unless a later one
// replaced it.
func (w *Window) fireToggle(n *dom.Node, ev *dom.Event) {
	if w.looseToggles[ev] {
		delete(w.looseToggles, ev)
	} else if w.toggles[n] != ev {
		return // replaced by a later toggle
	} else {
		delete(w.toggles, n)
	}
	w.dispatch(n, ev)
}

// forgetToggle lets the toggle event queued for n, if any, fire apart: a
// toggle queued later does not replace it. Chromium drops an element's
// popover state, its queued toggle with it, when its popover attribute is
// removed; the event still fires.
func (w *Window) forgetToggle(n *dom.Node) {
	ev := w.toggles[n]
	if ev == nil {
		return
	}
	if w.looseToggles == nil {
		w.looseToggles = make(map[*dom.Event]bool)
	}
	w.looseToggles[ev] = true
	delete(w.toggles, n)
}

// MediaQueryListEvent https://drafts.csswg.org/cssom-view/#mediaquerylistevent
// Its media is kept in eventData.data. The page's viewport never changes,
// so only a frame's MediaQueryList fires change (mediaquerysteps.go).
var mediaQueryListEventIface = &bind.Interface{Name: "MediaQueryListEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("MediaQueryListEvent", func(d *eventData, dict eventDict) {
		d.matches = dict.Boolean("matches")
		d.data = dict.String("media")
	}),
	Attributes: []bind.Attribute{
		{Name: "media", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.data) })},
		{Name: "matches", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.rt.ToValue(d.matches) })},
	},
}
