package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// onMutation is the document's mutation hook: it feeds MutationObserver,
// dynamic script insertion and inline event handler attributes.
func (w *Window) onMutation(r *dom.MutationRecord) {
	switch r.Type {
	case dom.ChildListMutation:
		if isScript(r.Target) && r.Target.IsConnected() && len(r.AddedNodes) > 0 {
			// A script's children changed steps run before the
			// post-connection steps of the nodes inserted into it (a
			// script among them runs after it).
			// https://dom.spec.whatwg.org/#concept-node-insert (steps 10 and 11)
			w.scripts.insertedNode(r.Target, false)
		}
		for _, n := range r.AddedNodes {
			if n.IsConnected() && (n.Document() == w.doc || len(w.frames.byDoc) > 0 && w.hasBrowsingContext(n.Document())) {
				w.scripts.inserted(n)
			}
			if n.IsElement() {
				w.scanHandlers(n)
			}
		}
	case dom.AttributesMutation:
		name := r.AttributeName
		if len(name) > 2 && name[0] == 'o' && name[1] == 'n' && r.AttributeNamespace == "" && hasHandlerAttributes(r.Target) {
			w.contentHandler(r.Target, name)
		}
		if name == "src" && isScript(r.Target) && r.Target.IsConnected() {
			w.scripts.inserted(r.Target)
		}
		if name == "async" && r.AttributeNamespace == "" && isScript(r.Target) && r.Target.HasAttribute("async") {
			// https://html.spec.whatwg.org/multipage/scripting.html#script-force-async
			if i := w.scripts.info[r.Target]; i != nil {
				i.forceAsync = false
			}
		}
	}
	if w.ce.total > 0 {
		w.ceMutation(r)
	}
	if len(w.observer.observers) > 0 {
		w.observer.queue(w, r)
	}
}

// MutationObserver https://dom.spec.whatwg.org/#interface-mutationobserver

type observeOptions struct {
	childList, attributes, characterData, subtree bool
	attributeOldValue, characterDataOldValue      bool
	filter                                        map[string]bool
}

type registration struct {
	mo   *mutationObserver
	opts observeOptions
	// source is the registration a transient one was made from.
	source *registration
}

type mutationObserver struct {
	w       *Window
	cb      goja.Callable
	nodes   []*dom.Node
	records []*dom.MutationRecord
	oldVals []bool // per record: include oldValue
}

type observerState struct {
	observers []*mutationObserver
	regs      map[*dom.Node][]*registration
	// transient registrations keep observing a subtree removed from an
	// observed node until the records are delivered.
	// https://dom.spec.whatwg.org/#transient-registered-observer
	transient map[*dom.Node][]*registration
	scheduled bool
}

// wantsOldStyle tells whether an observer of el's attributes (on el, or on
// an ancestor with subtree) asks for the old value of its style
// attribute: Chromium reads the attribute before a CSSOM change then, and
// so synchronizes it (dom.Node.SyncStyleAttribute).
func (s *observerState) wantsOldStyle(el *dom.Node) bool {
	if len(s.observers) == 0 {
		return false
	}
	for n := el; n != nil; n = n.ParentNode() {
		for _, regs := range [2][]*registration{s.regs[n], s.transient[n]} {
			for _, reg := range regs {
				o := reg.opts
				if (n == el || o.subtree) && o.attributes && o.attributeOldValue && (o.filter == nil || o.filter["style"]) {
					return true
				}
			}
		}
	}
	return false
}

// queue implements "queue a mutation record".
// https://dom.spec.whatwg.org/#queue-a-mutation-record
func (s *observerState) queue(w *Window, r *dom.MutationRecord) {
	var interested map[*mutationObserver]bool
	var old map[*mutationObserver]bool
	for n := r.Target; n != nil; n = n.ParentNode() {
		regs := s.regs[n]
		if t := s.transient[n]; t != nil {
			regs = append(append([]*registration(nil), regs...), t...)
		}
		for _, reg := range regs {
			o := reg.opts
			if n != r.Target && !o.subtree {
				continue
			}
			switch r.Type {
			case dom.AttributesMutation:
				if !o.attributes || o.filter != nil && (r.AttributeNamespace != "" || !o.filter[r.AttributeName]) {
					continue
				}
			case dom.CharacterDataMutation:
				if !o.characterData {
					continue
				}
			case dom.ChildListMutation:
				if !o.childList {
					continue
				}
			}
			if interested == nil {
				interested, old = map[*mutationObserver]bool{}, map[*mutationObserver]bool{}
			}
			interested[reg.mo] = true
			if r.Type == dom.AttributesMutation && o.attributeOldValue || r.Type == dom.CharacterDataMutation && o.characterDataOldValue {
				old[reg.mo] = true
			}
		}
	}
	if r.Type == dom.ChildListMutation && len(r.RemovedNodes) > 0 {
		s.addTransient(w, r.Target, r.RemovedNodes)
	}
	if interested == nil {
		return
	}
	// The document reuses r after this call: the queues keep a copy.
	var kept *dom.MutationRecord
	for _, mo := range s.observers {
		if interested[mo] {
			if kept == nil {
				kept = r.Clone()
			}
			mo.records = append(mo.records, kept)
			mo.oldVals = append(mo.oldVals, old[mo])
		}
	}
	s.schedule(w)
}

// addTransient gives the nodes removed from target the transient
// registrations of the subtree registrations of target and its ancestors.
// https://dom.spec.whatwg.org/#concept-node-remove (step 14): the
// ancestors' transient registrations count too, and each new one keeps the
// options its source had then. Adding one queues the mutation observer
// microtask even when no record is queued (an observer of attributes
// only), since that microtask is what ends them: without it they would
// outlive the current task.
func (s *observerState) addTransient(w *Window, target *dom.Node, removed []*dom.Node) {
	added := false
	for n := target; n != nil; n = n.ParentNode() {
		for _, list := range [2][]*registration{s.regs[n], s.transient[n]} {
			for _, reg := range list {
				if !reg.opts.subtree {
					continue
				}
				if s.transient == nil {
					s.transient = make(map[*dom.Node][]*registration)
				}
				src := reg
				if reg.source != nil {
					src = reg.source
				}
				for _, rm := range removed {
					s.transient[rm] = append(s.transient[rm], &registration{mo: reg.mo, opts: reg.opts, source: src})
				}
				added = true
			}
		}
	}
	if added {
		s.schedule(w)
	}
}

// heldRemoval is the documents' OnHeldRemoval hook: replace all took
// removed out of parent and another change comes before its record.
func (w *Window) heldRemoval(parent *dom.Node, removed []*dom.Node) {
	if len(w.observer.observers) > 0 {
		w.observer.addTransient(w, parent, removed)
	}
}

// dropTransient removes the transient registrations drop picks.
func (s *observerState) dropTransient(drop func(*registration) bool) {
	for n, list := range s.transient {
		out := list[:0]
		for _, t := range list {
			if !drop(t) {
				out = append(out, t)
			}
		}
		if len(out) == 0 {
			delete(s.transient, n)
		} else {
			s.transient[n] = out
		}
	}
}

// schedule queues a mutation observer microtask unless one is queued.
// https://dom.spec.whatwg.org/#queue-a-mutation-observer-compound-microtask
func (s *observerState) schedule(w *Window) {
	if !s.scheduled {
		s.scheduled = true
		w.loop.QueueMicrotask(func() { s.notify(w) })
	}
}

// notify delivers the queued records of every observer.
// https://dom.spec.whatwg.org/#notify-mutation-observers
func (s *observerState) notify(w *Window) {
	s.scheduled = false
	s.transient = nil
	for _, mo := range append([]*mutationObserver(nil), s.observers...) {
		if len(mo.records) == 0 {
			continue
		}
		recs := mo.take()
		obj := w.realm.Lookup(mo)
		w.call(mo.cb, obj, recs, obj)
	}
	w.fireSlotChanges()
}

// take empties mo's record queue into a JS array.
func (mo *mutationObserver) take() goja.Value {
	w := mo.w
	recs, olds := mo.records, mo.oldVals
	mo.records, mo.oldVals = nil, nil
	vals := make([]any, len(recs))
	cls := w.realm.Class("MutationRecord")
	for i, r := range recs {
		mr := &mutationRecord{
			typ:             w.str(r.Type.String()),
			target:          w.wrap(r.Target),
			added:           w.staticNodeList(r.AddedNodes),
			removed:         w.staticNodeList(r.RemovedNodes),
			previousSibling: w.wrap(r.PreviousSibling),
			nextSibling:     w.wrap(r.NextSibling),
			attrName:        w.null,
			attrNamespace:   w.null,
			oldValue:        w.null,
		}
		if r.Type == dom.AttributesMutation {
			mr.attrName = w.str(r.AttributeName)
			if r.AttributeNamespace != "" {
				mr.attrNamespace = w.str(r.AttributeNamespace)
			}
		}
		if olds[i] && r.HasOldValue {
			mr.oldValue = w.str(r.OldValue)
		}
		vals[i] = w.realm.WrapObject(mr, cls)
	}
	return w.rt.NewArray(vals...)
}

// mutationRecord is a MutationRecord's values, converted once so that
// addedNodes and removedNodes stay the same objects.
type mutationRecord struct {
	typ, target, added, removed, previousSibling, nextSibling goja.Value
	attrName, attrNamespace, oldValue                         goja.Value
}

func recordAttr(name string, get func(*mutationRecord) goja.Value) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return get(this.(*mutationRecord)) }}
}

// MutationRecord https://dom.spec.whatwg.org/#interface-mutationrecord:
// its members are accessors on the prototype, as Web IDL attributes are.
var mutationRecordIface = &bind.Interface{Name: "MutationRecord", Attributes: []bind.Attribute{
	recordAttr("type", func(m *mutationRecord) goja.Value { return m.typ }),
	recordAttr("target", func(m *mutationRecord) goja.Value { return m.target }),
	recordAttr("addedNodes", func(m *mutationRecord) goja.Value { return m.added }),
	recordAttr("removedNodes", func(m *mutationRecord) goja.Value { return m.removed }),
	recordAttr("previousSibling", func(m *mutationRecord) goja.Value { return m.previousSibling }),
	recordAttr("nextSibling", func(m *mutationRecord) goja.Value { return m.nextSibling }),
	recordAttr("attributeName", func(m *mutationRecord) goja.Value { return m.attrName }),
	recordAttr("attributeNamespace", func(m *mutationRecord) goja.Value { return m.attrNamespace }),
	recordAttr("oldValue", func(m *mutationRecord) goja.Value { return m.oldValue }),
}}

// stringSequence converts v to a sequence<DOMString>: anything but an
// iterable object is a TypeError, and so is an item that is a Symbol.
// https://webidl.spec.whatwg.org/#js-sequence
func stringSequence(r *bind.Realm, v goja.Value) []string {
	o, ok := v.(*goja.Object)
	if !ok {
		panic(bind.TypeError("The provided value cannot be converted to a sequence."))
	}
	if _, isFn := goja.AssertFunction(o.GetSymbol(goja.SymIterator)); !isFn {
		panic(bind.TypeError("The object must have a callable @@iterator property."))
	}
	var items []goja.Value
	r.Runtime.ForOf(o, func(item goja.Value) bool {
		items = append(items, item)
		return true
	})
	// converted after the iteration: a conversion error thrown inside
	// ForOf would reach the script without the binding's context
	out := make([]string, len(items))
	for i, item := range items {
		out[i] = bind.DOMString(item)
	}
	return out
}

var mutationObserverIface = &bind.Interface{
	Name:       "MutationObserver",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := win(r)
		cb := callable(args[0])
		if cb == nil {
			r.ThrowTypeError("Failed to construct 'MutationObserver': parameter 1 is not of type 'Function'.")
		}
		mo := &mutationObserver{w: w, cb: cb}
		w.observer.observers = append(w.observer.observers, mo)
		return mo
	},
	Methods: []bind.Method{
		{Name: "observe", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			mo := this.(*mutationObserver)
			target := w.nodeArg(args, 0, "observe", "MutationObserver")
			// MutationObserverInit's members, each read once, in
			// lexicographic order; the booleans are optional (absent is
			// not false).
			o := bind.NewDictionary(bind.Arg(args, 1), "MutationObserverInit")
			var opts observeOptions
			o.Convert("attributeFilter", func(v goja.Value) {
				opts.filter = map[string]bool{}
				for _, name := range stringSequence(r, v) {
					opts.filter[name] = true
				}
			})
			oldAttrs := o.Get("attributeOldValue")
			opts.attributeOldValue = oldAttrs.ToBoolean()
			attrs := o.Get("attributes")
			chars := o.Get("characterData")
			oldChars := o.Get("characterDataOldValue")
			opts.characterDataOldValue = oldChars.ToBoolean()
			opts.childList = o.Boolean("childList")
			opts.subtree = o.Boolean("subtree")
			// https://dom.spec.whatwg.org/#dom-mutationobserver-observe
			// attributeOldValue, characterDataOldValue and attributeFilter
			// imply their kind when they are present, even false.
			opts.attributes = bind.Boolean(attrs) || bind.Absent(attrs) && (!bind.Absent(oldAttrs) || opts.filter != nil)
			opts.characterData = bind.Boolean(chars) || bind.Absent(chars) && !bind.Absent(oldChars)
			if !opts.childList && !opts.attributes && !opts.characterData {
				r.ThrowTypeError("Failed to execute 'observe' on 'MutationObserver': The options object must set at least one of 'attributes', 'characterData', or 'childList' to true.")
			}
			if opts.attributeOldValue && !opts.attributes || opts.filter != nil && !opts.attributes {
				r.ThrowTypeError("Failed to execute 'observe' on 'MutationObserver': The options object may only set 'attributeOldValue' or 'attributeFilter' when 'attributes' is true or not present.")
			}
			if opts.characterDataOldValue && !opts.characterData {
				r.ThrowTypeError("Failed to execute 'observe' on 'MutationObserver': The options object may only set 'characterDataOldValue' when 'characterData' is true or not present.")
			}
			s := &w.observer
			if s.regs == nil {
				s.regs = make(map[*dom.Node][]*registration)
			}
			for _, reg := range s.regs[target] {
				if reg.mo == mo {
					// Observing again drops the transient registrations
					// made from this one (observe() step 7.1).
					s.dropTransient(func(t *registration) bool { return t.source == reg })
					reg.opts = opts
					return nil
				}
			}
			s.regs[target] = append(s.regs[target], &registration{mo: mo, opts: opts})
			mo.nodes = append(mo.nodes, target)
			return nil
		}},
		{Name: "disconnect", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			mo := this.(*mutationObserver)
			for _, n := range mo.nodes {
				regs := w.observer.regs[n]
				out := regs[:0]
				for _, reg := range regs {
					if reg.mo != mo {
						out = append(out, reg)
					}
				}
				if len(out) == 0 {
					delete(w.observer.regs, n)
				} else {
					w.observer.regs[n] = out
				}
			}
			// As in Chromium, the transient registrations go too: records
			// of a subtree removed before disconnect() stop at once.
			w.observer.dropTransient(func(t *registration) bool { return t.mo == mo })
			mo.nodes, mo.records, mo.oldVals = nil, nil, nil
			return nil
		}},
		{Name: "takeRecords", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return this.(*mutationObserver).take()
		}},
	},
}

// slotSignals is the window's signal slots
// (https://dom.spec.whatwg.org/#signal-slot-list): the slots dom signaled
// (Document.OnSlotChange) since the last mutation observer microtask, each
// once, in the order first signaled.
type slotSignals struct {
	list []*dom.Node
	in   map[*dom.Node]bool
}

// signalSlot implements https://dom.spec.whatwg.org/#signal-a-slot-change:
// the slot's slotchange fires in the mutation observer microtask, after
// the observers' callbacks.
func (w *Window) signalSlot(slot *dom.Node) {
	sc := &w.slots
	if sc.in[slot] {
		return
	}
	if sc.in == nil {
		sc.in = make(map[*dom.Node]bool)
	}
	sc.in[slot] = true
	sc.list = append(sc.list, slot)
	w.observer.schedule(w)
}

// fireSlotChanges fires slotchange (bubbling, not composed) at each
// signaled slot (https://dom.spec.whatwg.org/#notify-mutation-observers
// steps 3-4 and 6).
func (w *Window) fireSlotChanges() {
	sc := &w.slots
	if len(sc.list) == 0 {
		return
	}
	list := sc.list
	sc.list = nil
	clear(sc.in)
	for _, slot := range list {
		w.fire(slot, "slotchange", true, false)
	}
}

// slotAssign is HTMLSlotElement.assign(...nodes)
// (https://html.spec.whatwg.org/multipage/scripting.html#dom-slot-assign).
func slotAssign(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	nodes := make([]*dom.Node, 0, len(args))
	for i := range args {
		k := w.toNode(args[i])
		if k == nil || k.Kind() != dom.ElementNode && !k.IsText() {
			w.realm.ThrowTypeError("Failed to execute 'assign' on 'HTMLSlotElement': parameter %d is not of type 'Element or Text'.", i+1)
		}
		nodes = append(nodes, k)
	}
	n.Assign(nodes)
	return nil
}
