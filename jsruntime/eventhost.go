package jsruntime

import (
	"errors"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/dop251/goja"
)

// Windows and workers are the EventHosts of their realms: the event targets
// of package webapi (MessagePort, BroadcastChannel) fire their events and
// declare their event handlers through them.
var (
	_ webapi.EventHost = (*Window)(nil)
	_ webapi.EventHost = (*worker)(nil)
)

// FireEvent fires a trusted event of interface kind and type typ, made with
// init by the realm's own constructor, at target.
func (w *Window) FireEvent(target *goja.Object, typ, kind string, init *goja.Object) (bool, error) {
	impl, _, ok := w.realm.Unwrap(target)
	if !ok {
		return true, errors.New("jsruntime: FireEvent: the target is no platform object")
	}
	cls := w.realm.Class(kind)
	if cls == nil {
		cls = w.c.event
	}
	obj, err := w.rt.New(cls.Constructor(), w.rt.ToValue(typ), init)
	if err != nil {
		return true, err
	}
	ev, _, ok := w.realm.Unwrap(obj)
	e, isEvent := ev.(*dom.Event)
	if !ok || !isEvent {
		return true, errors.New("jsruntime: FireEvent: " + kind + " made no event")
	}
	e.IsTrusted = true
	return w.dispatch(w.targetOf(impl), e), nil
}

// HandlerAttribute declares the event handler IDL attribute on<name>.
func (w *Window) HandlerAttribute(name string) bind.Attribute { return handlerAttr(name) }

// Origin is the serialization of the document's origin.
func (w *Window) Origin() string { return originOf(w.nav.url) }

// FireEvent fires a trusted event at target through worker.js.
func (wk *worker) FireEvent(target *goja.Object, typ, kind string, init *goja.Object) (bool, error) {
	if wk.terminated || wk.hooks.fire == nil {
		return true, nil
	}
	v, err := wk.hooks.fire(goja.Undefined(), target, wk.rt.ToValue(typ), wk.rt.ToValue(kind), init)
	if err != nil {
		return true, err
	}
	return v.ToBoolean(), nil
}

// HandlerAttribute declares the event handler IDL attribute on<name>
// (handlerAttr reaches worker.js's handlers in a worker's realm).
func (wk *worker) HandlerAttribute(name string) bind.Attribute { return handlerAttr(name) }

// Origin is the serialization of the worker global's origin.
func (wk *worker) Origin() string { return wk.origin }
