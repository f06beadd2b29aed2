package jsruntime

import (
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// win returns the window behind a realm.
func win(r *bind.Realm) *Window { return r.Host.(*Window) }

// Helpers that adapt functions on *dom.Node to bind's table types, so that
// the tables stay one line per member.

type nodeGet func(w *Window, n *dom.Node) goja.Value
type nodeSet func(w *Window, n *dom.Node, v goja.Value)
type nodeFn func(w *Window, n *dom.Node, args []goja.Value) goja.Value

func ng(f nodeGet) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(r.Host.(*Window), this.(*dom.Node)) }
}

// ns and nf run the window's pending reactions (dynamic scripts, custom
// element callbacks) when the call returns, as [CEReactions] says, also
// when it throws.
func ns(f nodeSet) bind.Setter {
	return func(r *bind.Realm, this any, v goja.Value) {
		w := r.Host.(*Window)
		defer w.reactOnThrow()
		f(w, this.(*dom.Node), v)
		if len(w.ce.queue) > 0 || len(w.scripts.pending) > 0 {
			w.afterMutation()
		}
	}
}

// reactOnThrow, deferred by a [CEReactions] member, runs the reactions its
// mutations queued when it throws a JavaScript exception part way (a
// removal done before a HierarchyRequestError), then lets the exception
// go on: the element queue is popped and its reactions invoked whatever
// the steps' outcome.
// https://html.spec.whatwg.org/multipage/custom-elements.html#cereactions
func (w *Window) reactOnThrow() {
	p := recover()
	if p == nil {
		return
	}
	switch p.(type) {
	case goja.Value, *goja.Exception:
		if len(w.ce.queue) > 0 || len(w.scripts.pending) > 0 {
			w.afterMutation()
		}
	}
	panic(p)
}

func nf(f nodeFn) bind.Func {
	return func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w := r.Host.(*Window)
		defer w.reactOnThrow()
		v := f(w, this.(*dom.Node), args)
		if len(w.ce.queue) > 0 || len(w.scripts.pending) > 0 {
			w.afterMutation()
		}
		return v
	}
}

// attr declares a read/write node attribute.
func attr(name string, get nodeGet, set nodeSet) bind.Attribute {
	a := bind.Attribute{Name: name, Get: ng(get)}
	if set != nil {
		a.Set = ns(set)
	}
	return a
}

// forwards makes a, a readonly attribute, [PutForwards=to]: setting it
// sets the to property of the object it reads as (bind.Attribute).
func forwards(a bind.Attribute, to string) bind.Attribute {
	a.PutForwards = to
	return a
}

// ro declares a readonly node attribute.
func ro(name string, get nodeGet) bind.Attribute { return bind.Attribute{Name: name, Get: ng(get)} }

// method declares a node operation with length required arguments.
func method(name string, length int, f nodeFn) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: nf(f)}
}

// promised marks m as returning a promise (bind.Method.Promise).
func promised(m bind.Method) bind.Method {
	m.Promise = true
	return m
}

// scrollResult is what the scroll operations return: as in Chromium 156 a
// promise resolved at once with a scroll result, {interrupted: false}.
// https://drafts.csswg.org/cssom-view/#dom-element-scroll
func (w *Window) scrollResult() goja.Value {
	o := w.rt.NewObject()
	_ = o.Set("interrupted", false)
	return w.resolved(o)
}

func (w *Window) str(s string) goja.Value { return bind.JSString(w.rt, s) }
func (w *Window) boolean(b bool) goja.Value {
	if b {
		return valTrue
	}
	return valFalse
}
func (w *Window) int(n int) goja.Value { return w.rt.ToValue(n) }

var (
	valTrue  goja.Value = goja.New().ToValue(true)
	valFalse goja.Value = goja.New().ToValue(false)
)

// nullableStr returns s, or null when !ok.
func (w *Window) nullableStr(s string, ok bool) goja.Value {
	if !ok {
		return w.null
	}
	return w.str(s)
}

// throw throws err as a DOMException or TypeError; it does not return.
func (w *Window) throw(err error) { w.realm.Throw(err) }

// check throws err when it is not nil.
func (w *Window) check(err error) {
	if err != nil {
		w.realm.Throw(err)
	}
}

// wrap returns the JavaScript object of n (null for nil); the same node
// always gives the same object.
func (w *Window) wrap(n *dom.Node) goja.Value {
	if n == nil {
		return w.null
	}
	if o, ok := n.Binding.(*goja.Object); ok {
		return o
	}
	w.watchDocument(n.Document())
	return w.realm.WrapObject(n, w.classOf(n))
}

// wrapObj is wrap for a non-nil node.
func (w *Window) wrapObj(n *dom.Node) *goja.Object {
	if o, ok := n.Binding.(*goja.Object); ok {
		return o
	}
	w.watchDocument(n.Document())
	return w.realm.WrapObject(n, w.classOf(n))
}

// watchDocument gives a document scripts can reach for the first time
// (createDocument, createHTMLDocument, new Document, DOMParser, an XHR's
// responseXML, a cloned document) a mutation hook, so MutationObservers and
// slot assignment follow its changes as they follow the page's. Such a
// document has no browsing context: its scripts and event handler content
// attributes stay inert. Called only when a node is wrapped the first time.
func (w *Window) watchDocument(d *dom.Document) {
	if d != nil && d.OnMutation == nil {
		w.ceWatch(d) // custom element reactions follow it too
		d.OnMutation = w.otherDocMutated
		d.OnSlotChange = w.signalSlot
		d.OnHeldRemoval = w.heldRemoval
		d.PseudoState = w.otherDocPseudoState
	}
}

// otherDocPseudoState is the PseudoState hook of the documents
// watchDocument hooks: what the bindings know of their elements, which a
// custom element's internals and the validity script reads decide
// (:disabled and :invalid of a form-associated custom element, :state());
// no element there is focused, targeted, a popover shown or a modal.
func (w *Window) otherDocPseudoState(n *dom.Node, name, arg string) bool {
	switch name {
	case "form-associated", "invalid", "state":
		return w.pseudoState(n, name, arg)
	}
	return false
}

// otherDocMutated is the mutation hook of the documents watchDocument hooks.
func (w *Window) otherDocMutated(r *dom.MutationRecord) {
	if r.Type == dom.ChildListMutation && len(r.AddedNodes) > 0 {
		for _, n := range r.AddedNodes {
			if n.IsConnected() {
				w.scripts.startInert(n)
			}
			if n.IsElement() {
				w.scanHandlers(n)
			}
		}
		if isScript(r.Target) && r.Target.IsConnected() {
			w.scripts.startInert(r.Target)
		}
	}
	if r.Type == dom.AttributesMutation && r.AttributeNamespace == "" && isHTMLElement(r.Target) && r.Target.DataAtom == atom.Details {
		w.detailsAttributeChanged(r.Target, r) // details toggle in these documents too
	}
	if name := r.AttributeName; r.Type == dom.AttributesMutation && len(name) > 2 && name[0] == 'o' && name[1] == 'n' &&
		r.AttributeNamespace == "" && hasHandlerAttributes(r.Target) {
		// An on* attribute set here replaces the handler's value (a
		// function set before does not run), though it reads as null
		// and does not run until the element is in the page's document.
		// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes
		w.contentHandler(r.Target, name)
	}
	if w.ce.total > 0 {
		w.ceMutation(r)
	}
	if len(w.observer.observers) > 0 {
		w.observer.queue(w, r)
	}
}

// toNode returns the node behind v, or nil when v is not a node.
func (w *Window) toNode(v goja.Value) *dom.Node {
	impl, ok := w.realm.UnwrapAs(v, w.c.node)
	if !ok {
		return nil
	}
	return impl.(*dom.Node)
}

// nodeArg returns the node argument i of a call to what, throwing the
// TypeError browsers throw when it is not a Node.
func (w *Window) nodeArg(args []goja.Value, i int, what, iface string) *dom.Node {
	n := w.toNode(bind.Arg(args, i))
	if n == nil {
		w.realm.ThrowTypeError("Failed to execute '%s' on '%s': parameter %d is not of type 'Node'.", what, iface, i+1)
	}
	return n
}

// nullableNodeArg is nodeArg for a Node? argument.
func (w *Window) nullableNodeArg(args []goja.Value, i int, what, iface string) *dom.Node {
	if bind.Nullish(bind.Arg(args, i)) {
		return nil
	}
	return w.nodeArg(args, i, what, iface)
}

// nodesOrStrings converts the (Node or DOMString)... arguments of append,
// prepend, before, after, replaceWith and replaceChildren.
// https://dom.spec.whatwg.org/#converting-nodes-into-a-node
func (w *Window) nodesOrStrings(args []goja.Value) []*dom.Node {
	nodes := make([]*dom.Node, 0, len(args))
	for _, a := range args {
		if n := w.toNode(a); n != nil {
			nodes = append(nodes, n)
		} else {
			nodes = append(nodes, w.doc.CreateTextNode(bind.DOMString(a)))
		}
	}
	return nodes
}

// callable returns v as a function, or nil.
func callable(v goja.Value) goja.Callable {
	if v == nil {
		return nil
	}
	f, ok := goja.AssertFunction(v)
	if !ok {
		return nil
	}
	return f
}
