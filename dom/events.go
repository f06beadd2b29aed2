package dom

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"

	"golang.org/x/net/html"
)

// Events (https://dom.spec.whatwg.org/#events), in pure Go: nodes, and
// any other object that embeds EventTarget (a window, an XMLHttpRequest, an
// AbortSignal), can be dispatched to.

// A Target is anything events can be dispatched to.
type Target interface {
	// Listeners returns the target's listener list.
	Listeners() *EventTarget
	// GetTheParent returns the next target of ev's path after this one, or
	// nil (https://dom.spec.whatwg.org/#get-the-parent).
	GetTheParent(ev *Event) Target
}

// An EventTarget holds an event listener list
// (https://dom.spec.whatwg.org/#interface-eventtarget). Embed it to make a
// type a Target with no parent; override GetTheParent to give it one. The
// zero value is ready to use.
type EventTarget struct {
	list []*listenerEntry
}

// Listeners returns t itself.
func (t *EventTarget) Listeners() *EventTarget { return t }

// GetTheParent returns nil: a bare EventTarget has no parent.
func (t *EventTarget) GetTheParent(*Event) Target { return nil }

// A Listener receives events. Its identity for removal and deduplication
// is its ListenerKey when it has one, else the Listener value itself,
// which must then be comparable (a pointer, typically).
type Listener interface {
	// HandleEvent runs the listener. A listener reports its own errors
	// (uncaught script exceptions); a panic is recovered and logged, and
	// never stops the dispatch.
	HandleEvent(ev *Event)
}

// A ListenerKeyer gives a Listener an identity other than itself: bindings
// wrap each JavaScript callback anew but key it by the callback object.
type ListenerKeyer interface {
	ListenerKey() any
}

type funcListener struct{ f func(*Event) }

func (l *funcListener) HandleEvent(ev *Event) { l.f(ev) }

// ListenerFunc returns a Listener that calls f, with its own identity.
func ListenerFunc(f func(*Event)) Listener { return &funcListener{f} }

func listenerKey(l Listener) any {
	if k, ok := l.(ListenerKeyer); ok {
		return k.ListenerKey()
	}
	return l
}

// ListenerOptions are addEventListener's options
// (https://dom.spec.whatwg.org/#dictdef-addeventlisteneroptions).
type ListenerOptions struct {
	Capture bool
	Once    bool
	Passive bool
	// Signal, when set, removes the listener when it aborts.
	Signal *AbortSignal
}

type listenerEntry struct {
	typ      string
	callback Listener
	key      any
	capture  bool
	passive  bool
	once     bool
	removed  bool
}

// AddEventListener adds a listener for events of type typ; it reports
// false when an equal listener (same type, identity and capture) is there
// already or the signal has aborted (https://dom.spec.whatwg.org/#add-an-event-listener).
func (t *EventTarget) AddEventListener(typ string, l Listener, opts ListenerOptions) bool {
	if l == nil {
		return false
	}
	if opts.Signal != nil && opts.Signal.aborted {
		return false
	}
	key := listenerKey(l)
	for _, e := range t.list {
		if e.typ == typ && e.capture == opts.Capture && e.key == key {
			return false
		}
	}
	e := &listenerEntry{typ: typ, callback: l, key: key, capture: opts.Capture, passive: opts.Passive, once: opts.Once}
	t.list = append(t.list, e)
	if opts.Signal != nil {
		opts.Signal.AddAlgorithm(func() { t.removeEntry(e) })
	}
	return true
}

// RemoveEventListener removes the listener with type typ, l's identity and
// capture (https://dom.spec.whatwg.org/#remove-an-event-listener).
func (t *EventTarget) RemoveEventListener(typ string, l Listener, capture bool) {
	key := listenerKey(l)
	for _, e := range t.list {
		if e.typ == typ && e.capture == capture && e.key == key {
			t.removeEntry(e)
			return
		}
	}
}

// RemoveRegistration removes the registration that AddEventListener made
// with l itself, not any listener with l's identity: what the abort signal
// given to that call removes. After removeEventListener and a new
// addEventListener of the same callback, the old signal removes nothing.
// https://dom.spec.whatwg.org/#add-an-event-listener (step 6)
func (t *EventTarget) RemoveRegistration(typ string, l Listener, capture bool) {
	for _, e := range t.list {
		if e.typ == typ && e.capture == capture && e.callback == l {
			t.removeEntry(e)
			return
		}
	}
}

// RemoveAll removes every listener, each marked removed so that a dispatch
// under way runs none of those it has not run yet ("erase all event
// listeners and handlers", which document.open runs).
// https://html.spec.whatwg.org/multipage/webappapis.html#erase-all-event-listeners-and-handlers
func (t *EventTarget) RemoveAll() {
	for _, e := range t.list {
		e.removed = true
	}
	t.list = nil
}

func (t *EventTarget) removeEntry(e *listenerEntry) {
	e.removed = true
	for i, x := range t.list {
		if x == e {
			t.list = append(t.list[:i:i], t.list[i+1:]...)
			return
		}
	}
}

// HasListeners reports whether any listener for typ is registered.
func (t *EventTarget) HasListeners(typ string) bool {
	for _, e := range t.list {
		if e.typ == typ {
			return true
		}
	}
	return false
}

// An EventPhase is Event.eventPhase.
type EventPhase uint8

// The event phases.
const (
	PhaseNone EventPhase = iota
	PhaseCapturing
	PhaseAtTarget
	PhaseBubbling
)

// An Event is a DOM event (https://dom.spec.whatwg.org/#interface-event).
// Detail holds what subclasses add (CustomEvent's detail, a keyboard
// event's key...), as the bindings choose.
type Event struct {
	Type       string
	Bubbles    bool
	Cancelable bool
	Composed   bool
	IsTrusted  bool
	// TimeStamp is in milliseconds, relative to the time origin; the
	// bindings set it from the page's clock.
	TimeStamp float64
	Detail    any

	target, currentTarget, relatedTarget Target
	pathSource                           Target // SetPathSource
	phase                                EventPhase
	path                                 []Target
	// pathTargets and pathRelated are, for each item of path, the target
	// and related target retargeted against it; targetChain and
	// relatedChain are the retargeters' state. All are reused between
	// dispatches.
	pathTargets, pathRelated  []Target
	targetChain, relatedChain retargeter
	// slotClosed holds the path items that are a slot in a closed shadow
	// tree reached from a slottable assigned to it (slot-in-closed-tree).
	slotClosed map[int]bool
	// pathShadow says, for each item of path, whether it was a node in a
	// shadow tree when the path was built (invocation-target-in-shadow-
	// tree); inShadow is that of the item whose listeners run now.
	pathShadow []bool
	inShadow   bool

	stopPropagation bool
	stopImmediate   bool
	canceled        bool
	inPassive       bool
	dispatching     bool
	// override is the target the next dispatch reports at its first path
	// item (HTML's legacy target override flag), nil without one.
	override Target
}

// NewEvent returns an initialized event.
func NewEvent(typ string, bubbles, cancelable bool) *Event {
	return &Event{Type: typ, Bubbles: bubbles, Cancelable: cancelable}
}

// SetLegacyTargetOverride makes the next dispatch of e report t as its
// target at the object it is dispatched to, which is still the only
// object on its path: HTML fires a Window's load and pageshow this way,
// with the Document as target
// (https://dom.spec.whatwg.org/#concept-event-dispatch, step 5.4).
func (e *Event) SetLegacyTargetOverride(t Target) {
	if d, ok := t.(*Document); ok {
		t = &d.Node
	}
	e.override = t
}

// Target returns the event's target, nil before dispatch.
func (e *Event) Target() Target { return e.target }

// SrcElement is the legacy alias of Target.
func (e *Event) SrcElement() Target { return e.target }

// CurrentTarget returns the target whose listeners run now, or nil.
func (e *Event) CurrentTarget() Target { return e.currentTarget }

// CurrentTargetInShadowTree reports whether the path item whose listeners
// run now was a node in a shadow tree when the dispatch began (moving it
// since does not change it): window.event is undefined for its listeners.
// https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke (step 8)
func (e *Event) CurrentTargetInShadowTree() bool { return e.inShadow }

// RelatedTarget returns the related target (mouse and focus events).
func (e *Event) RelatedTarget() Target { return e.relatedTarget }

// SetRelatedTarget sets the related target before dispatch.
func (e *Event) SetRelatedTarget(t Target) { e.relatedTarget = t }

// SetPathSource sets a node that cuts the event's path as a related target
// does outside the target's tree (the path stops at a parent that is the
// node retargeted against it), with none of a related target's other
// effects: the event is dispatched at its target in any case, and nothing
// is cleared after dispatch. Chromium dispatches CommandEvent and
// ToggleEvent so, with their source: a command from a button in a shadow
// tree is not seen outside its host.
func (e *Event) SetPathSource(t Target) { e.pathSource = t }

// Phase returns eventPhase.
func (e *Event) Phase() EventPhase { return e.phase }

// Dispatching reports whether the event is being dispatched.
func (e *Event) Dispatching() bool { return e.dispatching }

// StopPropagation stops the event after the current target.
func (e *Event) StopPropagation() { e.stopPropagation = true }

// PropagationStopped reports cancelBubble.
func (e *Event) PropagationStopped() bool { return e.stopPropagation }

// StopImmediatePropagation stops the event after the current listener.
func (e *Event) StopImmediatePropagation() { e.stopPropagation, e.stopImmediate = true, true }

// PreventDefault cancels a cancelable event, unless called from a passive
// listener (https://dom.spec.whatwg.org/#set-the-canceled-flag).
func (e *Event) PreventDefault() {
	if e.Cancelable && !e.inPassive {
		e.canceled = true
	}
}

// DefaultPrevented reports whether the event was canceled.
func (e *Event) DefaultPrevented() bool { return e.canceled }

// ComposedPath returns the event's path while it is dispatched, without
// the nodes of closed shadow trees the current target is outside of
// (https://dom.spec.whatwg.org/#dom-event-composedpath).
func (e *Event) ComposedPath() []Target {
	if !e.dispatching || len(e.path) == 0 {
		return nil
	}
	path := e.path
	cur := e.currentTarget
	closedRoot := func(t Target) bool {
		n, ok := t.(*Node)
		return ok && n.IsShadowRoot() && n.rare.shadowCfg != nil && n.rare.shadowCfg.Mode == "closed"
	}
	closedSlot := func(i int) bool { return e.slotClosed[i] }
	// Steps 7-8: the current target's index and hidden subtree level.
	curIndex, level := 0, 0
	for i := len(path) - 1; i >= 0; i-- {
		if closedRoot(path[i]) {
			level++
		}
		if path[i] == cur {
			curIndex = i
			break
		}
		if closedSlot(i) {
			level--
		}
	}
	// The items before the current target are gathered backwards, then
	// reversed (prepending each would be quadratic in the path's length).
	out := make([]Target, 0, len(path))
	currentLevel, maxLevel := level, level
	for i := curIndex - 1; i >= 0; i-- {
		if closedRoot(path[i]) {
			currentLevel++
		}
		if currentLevel <= maxLevel {
			out = append(out, path[i])
		}
		if closedSlot(i) {
			currentLevel--
			if currentLevel < maxLevel {
				maxLevel = currentLevel
			}
		}
	}
	slices.Reverse(out)
	out = append(out, cur)
	currentLevel, maxLevel = level, level
	for i := curIndex + 1; i < len(path); i++ {
		if closedSlot(i) {
			currentLevel++
		}
		if currentLevel <= maxLevel {
			out = append(out, path[i])
		}
		if closedRoot(path[i]) {
			currentLevel--
			if currentLevel < maxLevel {
				maxLevel = currentLevel
			}
		}
	}
	return out
}

// InitEvent re-initializes an event that is not being dispatched
// (https://dom.spec.whatwg.org/#dom-event-initevent). The standard's
// "initialize" also sets the target to null; Chromium 156 keeps the target
// of an event dispatched before, and so does this (a new event has none).
func (e *Event) InitEvent(typ string, bubbles, cancelable bool) {
	if e.dispatching {
		return
	}
	e.Type, e.Bubbles, e.Cancelable = typ, bubbles, cancelable
	e.stopPropagation, e.stopImmediate, e.canceled = false, false, false
	e.IsTrusted = false
}

// Dispatch dispatches ev to target through the capture, at-target and
// bubble phases (https://dom.spec.whatwg.org/#concept-event-dispatch) and
// reports whether it was not canceled. An event already being dispatched
// gives an InvalidStateError.
func Dispatch(target Target, ev *Event) (bool, error) {
	if target == nil || ev == nil {
		return false, errors.New("dom: dispatch needs a target and an event")
	}
	if ev.dispatching {
		return false, newError(InvalidStateError, "The event is already being dispatched.")
	}
	if d, ok := target.(*Document); ok {
		target = &d.Node
	}
	ev.dispatching = true
	before := ev.target
	ev.target = target
	ev.path, ev.pathTargets, ev.pathRelated = ev.path[:0], ev.pathTargets[:0], ev.pathRelated[:0]
	ev.pathShadow = ev.pathShadow[:0]
	related := ev.relatedTarget
	// https://dom.spec.whatwg.org/#concept-event-dispatch steps 3-5: with a
	// related target, the path stops where the related target, retargeted,
	// is the parent itself (a mouseover inside one shadow tree is not seen
	// outside it), and nothing is dispatched when the target is the
	// retargeted related target but not the related target itself.
	if related == nil || retarget(related, target) != target || related == target {
		tr, rr := &ev.targetChain, &ev.relatedChain
		tr.init(target, nil)
		if related != nil {
			rr.init(related, tr)
		}
		clear(ev.slotClosed)
		for t := target; t != nil; {
			ev.path = append(ev.path, t)
			tn, isNode := t.(*Node)
			ev.pathShadow = append(ev.pathShadow, isNode && tn.Root().IsShadowRoot())
			ev.pathTargets = append(ev.pathTargets, tr.current())
			if related != nil {
				ev.pathRelated = append(ev.pathRelated, rr.current())
			}
			p := t.GetTheParent(ev)
			if p == nil {
				break
			}
			// https://dom.spec.whatwg.org/#concept-event-dispatch step
			// 5.9: a slot reached from its assigned slottable (not from a
			// child of its fallback content) in a closed tree.
			if tn, ok := t.(*Node); ok {
				if pn, ok := p.(*Node); ok && pn.isSlot() && tn.ParentNode() != pn {
					if r := pn.Root(); r.IsShadowRoot() && r.rare.shadowCfg != nil && r.rare.shadowCfg.Mode == "closed" {
						if ev.slotClosed == nil {
							ev.slotClosed = make(map[int]bool)
						}
						ev.slotClosed[len(ev.path)] = true
					}
				}
			}
			tr.step(t, p)
			if related != nil {
				rr.step(t, p)
				// Outside the tree of the standard's target (the last
				// item the path reached by leaving a shadow tree: the
				// target retargeted against the parent is then the parent
				// itself), stop where the related target retargeted
				// against the parent is the parent.
				_, isNode := p.(*Node)
				inside := !isNode || tr.current() != p
				if !inside && rr.current() == p {
					break
				}
			}
			if ev.pathSource != nil {
				if _, isNode := p.(*Node); isNode && tr.current() == p && retarget(ev.pathSource, p) == p {
					break
				}
			}
			t = p
		}
	}
	override := ev.override
	ev.override = nil
	if override != nil && len(ev.path) > 0 {
		ev.pathTargets[0] = override
	}
	// https://dom.spec.whatwg.org/#concept-event-dispatch steps 5.10-5.11:
	// whether the targets are cleared after the dispatch is decided before
	// any listener runs, from the outermost item's target and related
	// target (a listener that moves the target out of its shadow tree does
	// not keep it from being cleared).
	clearTargets := false
	if last := len(ev.path) - 1; last >= 0 {
		if n, ok := ev.pathTargets[last].(*Node); ok && n.Root().IsShadowRoot() {
			clearTargets = true
		} else if related != nil {
			if rn, ok := ev.pathRelated[last].(*Node); ok && rn.Root().IsShadowRoot() {
				clearTargets = true
			}
		}
	}
	// Shadow trees: each listener sees the target (and related target)
	// retargeted to its own tree (https://dom.spec.whatwg.org/#retarget);
	// "at target" is where the retargeted target is the path item itself
	// (or the first item, under a legacy target override).
	for i := len(ev.path) - 1; i >= 0; i-- {
		t := ev.path[i]
		if related != nil {
			ev.relatedTarget = ev.pathRelated[i]
		}
		ev.target = ev.pathTargets[i]
		ev.inShadow = ev.pathShadow[i]
		if ev.target == t || i == 0 && override != nil {
			ev.phase = PhaseAtTarget
			if _, isNode := t.(*Node); !isNode {
				// A target that is no node (window dispatched to directly,
				// new EventTarget(), an AbortSignal, an XMLHttpRequest...):
				// Chromium runs its listeners in the order they were added,
				// capturing or not, in one pass (the standard's capture-first
				// order at the target applies to its nodes only).
				ev.invoke(t, listenersAll)
				continue
			}
		} else {
			ev.phase = PhaseCapturing
		}
		ev.invoke(t, listenersCapture)
	}
	for i, t := range ev.path {
		if related != nil {
			ev.relatedTarget = ev.pathRelated[i]
		}
		ev.target = ev.pathTargets[i]
		ev.inShadow = ev.pathShadow[i]
		if ev.target == t || i == 0 && override != nil {
			if _, isNode := t.(*Node); !isNode {
				continue // all its listeners ran in the first loop
			}
			ev.phase = PhaseAtTarget
		} else {
			if !ev.Bubbles {
				continue
			}
			ev.phase = PhaseBubbling
		}
		ev.invoke(t, listenersBubble)
	}
	if len(ev.path) == 0 {
		// Nothing was dispatched: the target is what it was (null for a
		// new event) and the related target is kept, as given.
		ev.target = before
	} else if clearTargets {
		ev.target, ev.relatedTarget = nil, nil
	}
	ev.phase = PhaseNone
	ev.currentTarget = nil
	ev.inShadow = false
	clear(ev.path)
	clear(ev.pathTargets)
	clear(ev.pathRelated)
	ev.path, ev.pathTargets, ev.pathRelated = ev.path[:0], ev.pathTargets[:0], ev.pathRelated[:0]
	ev.targetChain.reset()
	ev.relatedChain.reset()
	ev.dispatching = false
	if _, isNode := target.(*Node); isNode {
		ev.stopPropagation, ev.stopImmediate = false, false
	}
	// At a target that is no node Chromium leaves the flags as the
	// listeners set them: cancelBubble stays true, and an event whose
	// immediate propagation was stopped runs no listener when dispatched
	// again.
	return !ev.canceled, nil
}

// Which of a target's listeners an invoke runs: the capturing ones, the
// others, or all of them in the order they were added.
type listenerSet uint8

const (
	listenersCapture listenerSet = iota
	listenersBubble
	listenersAll
)

// invoke implements https://dom.spec.whatwg.org/#concept-event-listener-invoke.
func (ev *Event) invoke(t Target, which listenerSet) {
	// At a target that is no node (listenersAll) Chromium looks at the
	// stop immediate propagation flag only: stopPropagation() called before
	// the dispatch does not keep its listeners from running.
	if ev.stopPropagation && which != listenersAll || ev.stopImmediate {
		return
	}
	ev.currentTarget = t
	if n, ok := t.(*Node); ok && n.rare == nil {
		return // no listeners; do not allocate a list just to look
	}
	et := t.Listeners()
	if len(et.list) == 0 {
		return
	}
	if ev.innerInvoke(et, which) || !ev.IsTrusted {
		return
	}
	// A trusted animation or transition event no listener of the target
	// takes goes to the listeners of its legacy WebKit type, under that
	// type (invoke, step 7).
	if legacy := legacyEventTypes[ev.Type]; legacy != "" {
		typ := ev.Type
		ev.Type = legacy
		ev.innerInvoke(et, which)
		ev.Type = typ
	}
}

// legacyEventTypes are the legacy types of https://dom.spec.whatwg.org/#concept-event-listener-invoke.
var legacyEventTypes = map[string]string{
	"animationend":       "webkitAnimationEnd",
	"animationiteration": "webkitAnimationIteration",
	"animationstart":     "webkitAnimationStart",
	"transitionend":      "webkitTransitionEnd",
}

// innerInvoke runs the target's listeners of the event's type in the
// phase, and tells whether it has any of that type (in any phase).
// https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke
func (ev *Event) innerInvoke(et *EventTarget, which listenerSet) (found bool) {
	// Listeners added during the dispatch do not run; removed ones do not.
	list := append([]*listenerEntry(nil), et.list...)
	for _, e := range list {
		if e.removed || e.typ != ev.Type {
			continue
		}
		found = true
		if which != listenersAll && e.capture != (which == listenersCapture) {
			continue
		}
		if e.once {
			et.removeEntry(e)
		}
		ev.inPassive = e.passive
		callListener(e.callback, ev)
		ev.inPassive = false
		if ev.stopImmediate {
			return true
		}
	}
	return found
}

func callListener(l Listener, ev *Event) {
	defer func() {
		if r := recover(); r != nil {
			slog.Error("dom: event listener panicked", "type", ev.Type, "panic", fmt.Sprint(r))
		}
	}()
	l.HandleEvent(ev)
}

// Listeners returns the node's listener list.
func (n *Node) Listeners() *EventTarget { return &n.rareData().events }

// GetTheParent returns a node's parent, and for a document its
// ParentTarget, except for load events (https://dom.spec.whatwg.org/#get-the-parent).
func (n *Node) GetTheParent(ev *Event) Target {
	if p := n.Parent; p != nil {
		// A slottable assigned to a slot goes through its slot
		// (https://dom.spec.whatwg.org/#interface-node, get the parent).
		if pn := node(p); pn.rare != nil && pn.rare.shadow != nil && (n.Type == html.ElementNode || n.Type == html.TextNode) {
			if s := n.AssignedSlot(); s != nil {
				return s
			}
		}
		return node(p)
	}
	if n.IsShadowRoot() {
		// https://dom.spec.whatwg.org/#interface-shadowroot (get the parent)
		if ev == nil || len(ev.path) == 0 {
			return n.rare.host
		}
		if t, ok := ev.path[0].(*Node); ok && !ev.Composed && t.Root() == n {
			return nil
		}
		return n.rare.host
	}
	if n.Type == html.DocumentNode {
		d := n.AsDocument()
		if d.ParentTarget != nil && (ev == nil || ev.Type != "load") {
			return d.ParentTarget
		}
	}
	return nil
}

// AddEventListener adds a listener to the node.
func (n *Node) AddEventListener(typ string, l Listener, opts ListenerOptions) bool {
	return n.Listeners().AddEventListener(typ, l, opts)
}

// RemoveEventListener removes a listener from the node.
func (n *Node) RemoveEventListener(typ string, l Listener, capture bool) {
	if n.rare != nil {
		n.rare.events.RemoveEventListener(typ, l, capture)
	}
}

// An AbortSignal (https://dom.spec.whatwg.org/#interface-AbortSignal)
// runs its abort algorithms and fires "abort" once.
type AbortSignal struct {
	EventTarget
	aborted    bool
	reason     any
	algorithms []func()
}

// Aborted reports whether the signal has aborted.
func (s *AbortSignal) Aborted() bool { return s.aborted }

// Reason returns the abort reason.
func (s *AbortSignal) Reason() any { return s.reason }

// AddAlgorithm registers f to run when the signal aborts.
func (s *AbortSignal) AddAlgorithm(f func()) {
	if !s.aborted {
		s.algorithms = append(s.algorithms, f)
	}
}

// Abort aborts the signal with reason (https://dom.spec.whatwg.org/#abortsignal-signal-abort).
func (s *AbortSignal) Abort(reason any) {
	if s.aborted {
		return
	}
	s.aborted, s.reason = true, reason
	algs := s.algorithms
	s.algorithms = nil
	for _, f := range algs {
		f()
	}
	ev := NewEvent("abort", false, false)
	ev.IsTrusted = true
	_, _ = Dispatch(s, ev)
}

// A retargeter gives retarget(a, t) (https://dom.spec.whatwg.org/#retarget)
// for each item t of an event path in turn, in constant time per step, so
// that building the path of a node n deep is linear, not quadratic: it
// keeps a's chain of candidates (a, the host of a's root, the host of that
// one's root...) and, for each candidate's root, whether it is a
// shadow-including inclusive ancestor of the current path item. That only
// changes where the path crosses a shadow boundary: into a slot's shadow
// tree, or from a shadow root to its host.
type retargeter struct {
	links []retargetLink
}

type retargetLink struct {
	a      Target
	root   *Node // a's root; nil when a is not a node
	inside bool  // root is a shadow-including inclusive ancestor of the current item
}

// init starts the chain of a against the path's first item: the target
// itself when of is nil (every root of its chain contains it), else the
// target whose chain of is.
func (r *retargeter) init(a Target, of *retargeter) {
	r.links = r.links[:0]
	n, ok := a.(*Node)
	if !ok {
		r.links = append(r.links, retargetLink{a: a})
		return
	}
	for {
		root := n.Root()
		inside := of == nil
		if of != nil {
			for _, l := range of.links {
				if l.root == root {
					inside = true
					break
				}
			}
		}
		r.links = append(r.links, retargetLink{a: n, root: root, inside: inside})
		if !root.IsShadowRoot() || root.rare.host == nil {
			return
		}
		n = root.rare.host
	}
}

func (r *retargeter) reset() {
	clear(r.links)
	r.links = r.links[:0]
}

// current is retarget(a, t) for the current path item t.
func (r *retargeter) current() Target {
	for _, l := range r.links {
		if l.root == nil || l.inside || !l.root.IsShadowRoot() {
			return l.a
		}
	}
	return r.links[len(r.links)-1].a
}

// step moves the current path item from t to its parent p (as
// GetTheParent gave it).
func (r *retargeter) step(t, p Target) {
	pn, ok := p.(*Node)
	if !ok {
		for i := range r.links {
			r.links[i].inside = false
		}
		return
	}
	tn, ok := t.(*Node)
	switch {
	case ok && tn.Parent != nil && node(tn.Parent) == pn:
		// Same tree: nothing changes.
	case ok && tn.Parent != nil && node(tn.Parent).rare != nil && node(tn.Parent).rare.shadow != nil:
		// Into the slot of the parent's shadow tree.
		sr := node(tn.Parent).rare.shadow
		for i := range r.links {
			if r.links[i].root == sr {
				r.links[i].inside = true
			}
		}
	case ok && tn.Parent == nil && tn.IsShadowRoot() && tn.rare.host == pn:
		// Out of a shadow tree to its host.
		for i := range r.links {
			if r.links[i].root == tn {
				r.links[i].inside = false
			}
		}
	default:
		for i := range r.links {
			if l := &r.links[i]; l.root != nil {
				l.inside = l.root.shadowIncludingInclusiveAncestorOf(pn)
			}
		}
	}
}
