package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// FormDataEvent https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#the-formdataevent-interface
// Its formData is kept in eventData.detail.
var formDataEventIface = &bind.Interface{Name: "FormDataEvent", Parent: "Event", CtorLength: 2,
	Constructor: func(r *bind.Realm, args []goja.Value, newTarget *goja.Object) any {
		// formData is a required member of FormDataEventInit.
		init := bind.Arg(args, 1)
		fdv := dictVal(init, "formData", goja.Undefined())
		if goja.IsUndefined(fdv) {
			r.ThrowTypeError("Failed to construct 'FormDataEvent': Failed to read the 'formData' property from 'FormDataEventInit': Required member is undefined.")
		}
		if _, ok := r.UnwrapAs(fdv, r.Class("FormData")); !ok {
			r.ThrowTypeError("Failed to construct 'FormDataEvent': Failed to read the 'formData' property from 'FormDataEventInit': Failed to convert value to 'FormData'.")
		}
		ev := eventCtor("FormDataEvent", nil)(r, args, newTarget).(*dom.Event)
		ev.Detail.(*eventData).detail = fdv
		return ev
	},
	Attributes: []bind.Attribute{
		{Name: "formData", Get: dataGet(func(w *Window, d *eventData) goja.Value { return d.detail })},
	},
}

// fireFormData fires the formdata event at form with a FormData over list.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
// A window without the network extension has no FormData: no event.
func (w *Window) fireFormData(form *dom.Node, list *xhr.FormData) {
	cls := w.realm.Class("FormData")
	if cls == nil {
		return
	}
	ev := dom.NewEvent("formdata", true, false)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "FormDataEvent", detail: w.realm.WrapObject(list, cls), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
	w.dispatch(form, ev)
}
