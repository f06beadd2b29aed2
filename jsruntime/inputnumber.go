package jsruntime

import (
	"math"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// valueAsDate, valueAsNumber, stepUp and stepDown of HTMLInputElement,
// over dom's per-type conversions (dom/inputnumber.go).

// inputValueAsDate is HTMLInputElement.valueAsDate.
// https://html.spec.whatwg.org/multipage/input.html#dom-input-valueasdate
var inputValueAsDate = attr("valueAsDate", func(w *Window, n *dom.Node) goja.Value {
	ms, ok := n.InputDateMillis()
	if !ok {
		return w.null
	}
	d, err := w.rt.New(w.rt.Get("Date"), w.rt.ToValue(ms))
	if err != nil {
		panic(err)
	}
	return d
}, func(w *Window, n *dom.Node, v goja.Value) {
	if !n.InputDateTyped() {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to set the 'valueAsDate' property on 'HTMLInputElement': This input element does not support Date values.")
	}
	if bind.Nullish(v) {
		w.check(n.SetValue(""))
		return
	}
	o, ok := v.(*goja.Object)
	if !ok || o.ClassName() != "Date" {
		w.realm.ThrowTypeError("Failed to set the 'valueAsDate' property on 'HTMLInputElement': The provided value is not a Date.")
	}
	s, _ := n.InputMillisToString(o.ToNumber().ToFloat())
	w.check(n.SetValue(s))
})

// inputValueAsNumber is HTMLInputElement.valueAsNumber.
// https://html.spec.whatwg.org/multipage/input.html#dom-input-valueasnumber
var inputValueAsNumber = attr("valueAsNumber", func(w *Window, n *dom.Node) goja.Value {
	if !n.InputNumeric() {
		return w.rt.ToValue(math.NaN())
	}
	f, ok := n.InputStringToNumber(n.Value())
	if !ok {
		return w.rt.ToValue(math.NaN())
	}
	return w.rt.ToValue(f)
}, func(w *Window, n *dom.Node, v goja.Value) {
	f := bind.Number(v)
	if math.IsInf(f, 0) {
		w.realm.ThrowTypeError("Failed to set the 'valueAsNumber' property on 'HTMLInputElement': The value provided is infinite.")
	}
	if !n.InputNumeric() {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to set the 'valueAsNumber' property on 'HTMLInputElement': This input element does not support Number values.")
	}
	s, _ := n.InputNumberToString(f)
	w.check(n.SetValue(s))
})

// inputStep is stepUp (down false) or stepDown.
// https://html.spec.whatwg.org/multipage/input.html#dom-input-stepup
func inputStep(name string, down bool) bind.Method {
	return method(name, 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		count := 1.0
		if a := bind.Arg(args, 0); !goja.IsUndefined(a) {
			count = float64(bind.Long(a))
		}
		if err := n.StepInput(count, down); err != nil {
			w.realm.ThrowDOMException("InvalidStateError", "Failed to execute '"+name+"' on 'HTMLInputElement': This form element is not steppable.")
		}
		return nil
	})
}

func init() {
	// A color input's value attribute takes any CSS color, as Chromium's
	// value setter does (colorInputValue).
	dom.CSSColorToHex = func(s string) (string, bool) {
		h := colorInputValue(s)
		return h, h != s && len(h) == 7 && h[0] == '#'
	}
}
