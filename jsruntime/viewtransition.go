package jsruntime

import (
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// A viewTransition is a ViewTransition from document.startViewTransition
// or element.startViewTransition. A render paints nothing, so there is no
// old or new state to capture and nothing animates; what a page sees is
// the order Chromium 156 runs it in: the update callback in a task after
// the next animation frame (after its requestAnimationFrame callbacks),
// updateCallbackDone when the callback's promise settles, ready one frame
// later, and finished after the UA's default 0.25 s animation (author
// ::view-transition-* durations are not read). A transition started over
// an active one skips that one; skipTransition() and an update callback
// that throws or rejects skip it as the standard says.
// https://drafts.csswg.org/css-view-transitions-2/#viewtransition
type viewTransition struct {
	w *Window
	// scope is the document or the element the transition was started
	// on; root is its transitionRoot (the document element for a
	// document).
	scope, root *dom.Node
	update      goja.Value   // the update callback, or nil
	types       *goja.Object // the backing Set of typeSet
	typeSet     *vtTypes
	// the promises, and their resolvers
	ucd, ready, finished                     *goja.Promise
	resolveUCD, rejectUCD                    func(any) error
	resolveReady, rejectReady                func(any) error
	resolveFinished, rejectFinished          func(any) error
	callbackCalled, readySettled, done, skip bool
}

// viewTransitionAnimation is how long Chromium's default view
// transition animation runs, from ready to finished.
const viewTransitionAnimation = 250 * time.Millisecond

// startViewTransition https://drafts.csswg.org/css-view-transitions-2/#dom-document-startviewtransition
func (w *Window) startViewTransition(scope *dom.Node, args []goja.Value, iface string) goja.Value {
	vt := &viewTransition{w: w, scope: scope, root: scope}
	if d := scope.AsDocument(); d != nil {
		vt.root = d.DocumentElement()
	}
	r := w.realm
	vt.types = r.NewSet()
	vt.typeSet = &vtTypes{vt}
	switch a := bind.Arg(args, 0); {
	case bind.Nullish(a):
	case isCallable(a):
		vt.update = a
	case isObject(a):
		// StartViewTransitionOptions: types, then update.
		if tv := dict(a, "types"); !bind.Nullish(tv) {
			o, ok := tv.(*goja.Object)
			var m goja.Callable
			if ok {
				m = bind.IterMethod(w.rt, o)
			}
			if m == nil {
				r.ThrowTypeError("Failed to execute 'startViewTransition' on '%s': Failed to read the 'types' property from 'StartViewTransitionOptions': The provided value cannot be converted to a sequence.", iface)
			}
			add, _ := goja.AssertFunction(vt.types.Get("add"))
			bind.ForOfMethod(w.rt, o, m, func(v goja.Value) bool {
				if _, err := add(vt.types, r.String(bind.DOMString(v))); err != nil {
					panic(err)
				}
				return true
			})
		}
		if uv := dict(a, "update"); !bind.Nullish(uv) {
			if !isCallable(uv) {
				r.ThrowTypeError("Failed to execute 'startViewTransition' on '%s': Failed to read the 'update' property from 'StartViewTransitionOptions': The provided callback is not a function.", iface)
			}
			vt.update = uv
		}
	default:
		r.ThrowTypeError("Failed to execute 'startViewTransition' on '%s': Overload resolution failed.", iface)
	}
	vt.ucd, vt.resolveUCD, vt.rejectUCD = w.rt.NewPromise()
	vt.ready, vt.resolveReady, vt.rejectReady = w.rt.NewPromise()
	vt.finished, vt.resolveFinished, vt.rejectFinished = w.rt.NewPromise()
	w.markHandled(vt.ready) // the standard marks ready handled
	// A new transition skips the active ones it overlaps: on the same
	// scope, or on an element inside or around its root.
	for s, old := range w.viewTransitions {
		if s == scope || shadowIncludingAncestor(old.root, vt.root) || shadowIncludingAncestor(vt.root, old.root) {
			old.skipWith(r.NewDOMException("AbortError", "Transition was skipped. New ViewTransition started"))
		}
	}
	if w.viewTransitions == nil {
		w.viewTransitions = make(map[*dom.Node]*viewTransition)
	}
	w.viewTransitions[scope] = vt
	ownerOrSelf(scope).StateChanged() // :active-view-transition
	// The old state is captured at the next rendering update; the update
	// callback runs in a task after it.
	w.loop.SetFrameTimer(w.loop.Elapsed(), func() { w.loop.QueueTask(vt.callUpdate) })
	return w.realm.WrapObject(vt, w.realm.Class("ViewTransition"))
}

func isCallable(v goja.Value) bool {
	_, ok := goja.AssertFunction(v)
	return ok
}

// callUpdate calls the update callback (once), and settles
// updateCallbackDone with the promise it returns.
// https://drafts.csswg.org/css-view-transitions-1/#call-the-update-callback
func (vt *viewTransition) callUpdate() {
	if vt.callbackCalled {
		return
	}
	vt.callbackCalled = true
	w := vt.w
	p, resolve, reject := w.rt.NewPromise()
	if f, ok := goja.AssertFunction(vt.update); ok {
		v, err := f(goja.Undefined())
		if err != nil {
			ex, ok := err.(*goja.Exception)
			if !ok {
				panic(err)
			}
			_ = reject(ex.Value())
		} else {
			_ = resolve(v)
		}
	} else {
		_ = resolve(goja.Undefined())
	}
	w.afterEvaluation(w.rt.ToValue(p).(*goja.Object), func(fail goja.Value) {
		if fail != nil {
			_ = vt.rejectUCD(fail)
			vt.skipWith(fail)
			_ = vt.rejectFinished(fail)
			return
		}
		_ = vt.resolveUCD(goja.Undefined())
		if vt.skip {
			_ = vt.resolveFinished(goja.Undefined())
			return
		}
		// Chromium resolves ready at the next frame, and finished once
		// the default animation has run.
		w.loop.SetFrameTimer(w.loop.Elapsed(), func() {
			if vt.skip || vt.done {
				return
			}
			vt.readySettled = true
			_ = vt.resolveReady(goja.Undefined())
			w.loop.SetTimer(viewTransitionAnimation, false, func() {
				if vt.skip || vt.done {
					return
				}
				vt.done = true
				vt.clear()
				_ = vt.resolveFinished(goja.Undefined())
			})
		})
	})
}

// skipWith skips the transition: ready rejects with reason, the update
// callback still runs if it has not, and finished follows
// updateCallbackDone.
// https://drafts.csswg.org/css-view-transitions-1/#skip-the-view-transition
func (vt *viewTransition) skipWith(reason goja.Value) {
	if vt.skip || vt.done {
		return
	}
	vt.skip = true
	vt.clear()
	if !vt.readySettled {
		vt.readySettled = true
		_ = vt.rejectReady(reason)
	}
	if !vt.callbackCalled {
		vt.w.loop.QueueTask(vt.callUpdate)
	}
}

// clear drops the transition from its scope's active view transition.
func (vt *viewTransition) clear() {
	if vt.w.viewTransitions[vt.scope] == vt {
		delete(vt.w.viewTransitions, vt.scope)
		ownerOrSelf(vt.scope).StateChanged()
	}
}

// activeViewTransition matches :active-view-transition: the root element
// of a document, or an element, with an active view transition.
func (w *Window) activeViewTransition(n *dom.Node) bool {
	if len(w.viewTransitions) == 0 {
		return false
	}
	if w.viewTransitions[n] != nil {
		return true
	}
	d := n.Document()
	return d != nil && d.DocumentElement() == n && w.viewTransitions[&d.Node] != nil
}

// activeViewTransitionType matches :active-view-transition-type(typ).
func (w *Window) activeViewTransitionType(n *dom.Node, typ string) bool {
	if !w.activeViewTransition(n) {
		return false
	}
	vt := w.viewTransitions[n]
	if vt == nil {
		vt = w.viewTransitions[&n.Document().Node]
	}
	has, ok := goja.AssertFunction(vt.types.Get("has"))
	if !ok {
		return false
	}
	v, err := has(vt.types, w.rt.ToValue(typ))
	return err == nil && v.ToBoolean()
}

func vtPromise(f func(vt *viewTransition) *goja.Promise) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return r.Runtime.ToValue(f(this.(*viewTransition))) }
}

var viewTransitionIface = &bind.Interface{
	Name: "ViewTransition",
	Attributes: []bind.Attribute{
		{Name: "finished", Promise: true, Get: vtPromise(func(vt *viewTransition) *goja.Promise { return vt.finished })},
		{Name: "ready", Promise: true, Get: vtPromise(func(vt *viewTransition) *goja.Promise { return vt.ready })},
		{Name: "updateCallbackDone", Promise: true, Get: vtPromise(func(vt *viewTransition) *goja.Promise { return vt.ucd })},
		{Name: "types", Get: func(r *bind.Realm, this any) goja.Value {
			vt := this.(*viewTransition)
			return r.WrapObject(vt.typeSet, r.Class("ViewTransitionTypeSet"))
		}},
		{Name: "transitionRoot", Get: func(r *bind.Realm, this any) goja.Value {
			vt := this.(*viewTransition)
			if vt.root == nil {
				return goja.Null()
			}
			return win(r).wrap(vt.root)
		}},
	},
	Methods: []bind.Method{
		{Name: "skipTransition", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			vt := this.(*viewTransition)
			vt.skipWith(r.NewDOMException("AbortError", "Transition was skipped. skipTransition() called"))
			return goja.Undefined()
		}},
		// waitUntil(promise) delays finished in Chromium; nothing is
		// drawn here, so it is accepted and ignored.
		{Name: "waitUntil", Length: 1, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return goja.Undefined() }},
	},
}

// vtTypes is a ViewTransitionTypeSet: a transition's types.
type vtTypes struct{ vt *viewTransition }

// ViewTransitionTypeSet is the transition's types, a setlike of strings.
// https://drafts.csswg.org/css-view-transitions-2/#viewtransitiontypeset
var viewTransitionTypeSetIface = &bind.Interface{
	Name: "ViewTransitionTypeSet",
	SetLike: &bind.SetLike{
		Backing: func(r *bind.Realm, this any) *goja.Object { return this.(*vtTypes).vt.types },
		Convert: func(r *bind.Realm, v goja.Value, _ string) goja.Value { return r.String(bind.DOMString(v)) },
		Changed: func(r *bind.Realm, this any) { ownerOrSelf(this.(*vtTypes).vt.scope).StateChanged() },
	},
}

func init() {
	start := func(iface string) bind.Method {
		return method("startViewTransition", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.startViewTransition(n, args, iface)
		})
	}
	active := ro("activeViewTransition", func(w *Window, n *dom.Node) goja.Value {
		if vt := w.viewTransitions[n]; vt != nil {
			return w.realm.WrapObject(vt, w.realm.Class("ViewTransition"))
		}
		return w.null
	})
	documentIface.Methods = append(documentIface.Methods, start("Document"))
	documentIface.Attributes = append(documentIface.Attributes, active)
	elementIface.Methods = append(elementIface.Methods, start("Element"))
	elementIface.Attributes = append(elementIface.Attributes, active)
}

// ownerOrSelf is n's node document: n itself for a document.
func ownerOrSelf(n *dom.Node) *dom.Document {
	if d := n.AsDocument(); d != nil {
		return d
	}
	return n.Document()
}
