package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// closeWatcher is a CloseWatcher. A render has no close requests of its
// own (no Esc key, no back button), so only the page's requestClose and
// close reach it.
// https://html.spec.whatwg.org/multipage/interaction.html#the-closewatcher-interface
type closeWatcher struct {
	dom.EventTarget
	active, inCancel bool
	// removeAbort drops the abort algorithm added to the options' signal.
	removeAbort func()
}

func (cw *closeWatcher) destroy() {
	cw.active = false
	if cw.removeAbort != nil {
		cw.removeAbort()
		cw.removeAbort = nil
	}
}

// requestClose fires cancel, then close unless a listener canceled it.
// Chromium makes cancel cancelable for a page without user activation.
// https://html.spec.whatwg.org/multipage/interaction.html#close-watcher-request-close
func (w *Window) requestClose(cw *closeWatcher) {
	if !cw.active || cw.inCancel {
		return
	}
	cw.inCancel = true
	ev := dom.NewEvent("cancel", false, true)
	ev.IsTrusted = true
	ok := w.dispatch(cw, ev)
	cw.inCancel = false
	if !ok {
		return
	}
	w.closeWatcherClose(cw)
}

// closeWatcherClose destroys cw and fires close.
// https://html.spec.whatwg.org/multipage/interaction.html#close-watcher-close
func (w *Window) closeWatcherClose(cw *closeWatcher) {
	if !cw.active {
		return
	}
	cw.destroy()
	ev := dom.NewEvent("close", false, false)
	ev.IsTrusted = true
	w.dispatch(cw, ev)
}

var closeWatcherIface = &bind.Interface{
	Name:   "CloseWatcher",
	Parent: "EventTarget",
	Constructor: func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		cw := &closeWatcher{active: true}
		opts := bind.Arg(args, 0)
		o, ok := opts.(*goja.Object)
		if !ok && !bind.Nullish(opts) {
			r.ThrowTypeError("Failed to construct 'CloseWatcher': The provided value is not of type 'CloseWatcherOptions'.")
		}
		if o == nil {
			return cw
		}
		sv := o.Get("signal")
		if bind.Absent(sv) {
			return cw
		}
		var sig *abortSignal
		if cls := r.Class("AbortSignal"); cls != nil {
			if impl, ok := r.UnwrapAs(sv, cls); ok {
				sig, _ = impl.(*abortSignal)
			}
		}
		if sig == nil {
			r.ThrowTypeError("Failed to construct 'CloseWatcher': Failed to read the 'signal' property from 'CloseWatcherOptions': Failed to convert value to 'AbortSignal'.")
		}
		if sig.s.Aborted() {
			cw.active = false
			return cw
		}
		cw.removeAbort = sig.s.Add(func() {
			cw.removeAbort = nil // the signal is dropping its algorithms itself
			cw.destroy()
		})
		return cw
	},
	Attributes: []bind.Attribute{handlerAttr("cancel"), handlerAttr("close")},
	Methods: []bind.Method{
		{Name: "requestClose", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			win(r).requestClose(this.(*closeWatcher))
			return nil
		}},
		{Name: "close", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			win(r).closeWatcherClose(this.(*closeWatcher))
			return nil
		}},
		{Name: "destroy", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*closeWatcher).destroy()
			return nil
		}},
	},
}
