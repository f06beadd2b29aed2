package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// CSS.registerProperty: a registered custom property has a syntax its
// values are computed for (a <length> in px, a <color> as rgb()), may
// not inherit, and has an initial value.
// https://drafts.css-houdini.org/css-properties-values-api/#the-registerproperty-function

type registeredProperty struct {
	syntax   string // "*", "<length>", "<color>"...
	inherits bool
	initial  string
}

// compute is the computed value of v for the property's syntax, or
// valid=false when v does not match it. Syntaxes this file does not
// compute keep v.
func (r *registeredProperty) compute(w *Window, el *dom.Node, v string) (string, bool) {
	v = strings.TrimSpace(v)
	switch r.syntax {
	case "*":
		return v, true
	case "<color>":
		if ascii.EqualFold(v, "currentcolor") {
			return v, true
		}
		if cssvalue.IsFloatColor(v) {
			if _, ok := cssvalue.SpecifiedColor(v); !ok {
				return "", false
			}
			return computedColor(v), true
		}
		c, ok := cssvalue.ParseColor(v)
		return c.String(), ok
	case "<length>", "<length-percentage>", "<number>", "<percentage>", "<integer>", "<time>", "<angle>":
		var ctx *cssvalue.Context
		if el != nil {
			c := w.unitContext(el)
			ctx = &c
		}
		x, ok := cssvalue.Eval(v, ctx)
		if !ok {
			return "", false
		}
		switch r.syntax {
		case "<length>":
			ok = x.Is(cssvalue.Px) || x.Is(cssvalue.Num) && x.Num == 0
			x.Kinds = cssvalue.Px
		case "<length-percentage>":
			ok = x.Kinds&^(cssvalue.Px|cssvalue.Pct) == 0
		case "<number>", "<integer>":
			ok = x.Is(cssvalue.Num)
		case "<percentage>":
			ok = x.Is(cssvalue.Pct)
		case "<time>":
			ok = x.Is(cssvalue.Sec)
		case "<angle>":
			ok = x.Is(cssvalue.Deg)
		}
		return x.String(), ok
	}
	return v, true
}

// computationallyIndependent reports whether an initial value can be
// computed without an element (no em, rem, viewport units...).
func (r *registeredProperty) computationallyIndependent(w *Window) bool {
	_, ok := r.compute(w, nil, r.initial)
	return ok
}

// registerProperty implements CSS.registerProperty(definition).
func (w *Window) registerProperty(def goja.Value) {
	obj, ok := def.(*goja.Object)
	if !ok {
		w.realm.ThrowTypeError("Failed to execute 'registerProperty' on 'CSS': parameter 1 is not of type 'PropertyDefinition'.")
	}
	get := func(k string) goja.Value { return obj.Get(k) }
	if bind.Absent(get("name")) {
		w.realm.ThrowTypeError("Failed to execute 'registerProperty' on 'CSS': Failed to read the 'name' property from 'PropertyDefinition': Required member is undefined.")
	}
	if bind.Absent(get("inherits")) {
		w.realm.ThrowTypeError("Failed to execute 'registerProperty' on 'CSS': Failed to read the 'inherits' property from 'PropertyDefinition': Required member is undefined.")
	}
	name := bind.DOMString(get("name"))
	r := &registeredProperty{syntax: "*", inherits: get("inherits").ToBoolean()}
	if v := get("syntax"); !bind.Absent(v) {
		r.syntax = strings.TrimSpace(bind.DOMString(v))
	}
	hasInitial := false
	if v := get("initialValue"); !bind.Absent(v) {
		r.initial, hasInitial = strings.TrimSpace(bind.DOMString(v)), true
	}
	if !strings.HasPrefix(name, "--") {
		w.realm.ThrowDOMException("SyntaxError", "Failed to execute 'registerProperty' on 'CSS': The name provided is not a valid custom property name.")
	}
	if w.registered[name] != nil {
		w.realm.ThrowDOMException("InvalidModificationError", "Failed to execute 'registerProperty' on 'CSS': The name provided has already been registered.")
	}
	if r.syntax != "*" && (!hasInitial || !r.computationallyIndependent(w)) {
		w.realm.ThrowDOMException("SyntaxError", "Failed to execute 'registerProperty' on 'CSS': The initial value provided is not computationally independent.")
	}
	if w.registered == nil {
		w.registered = map[string]*registeredProperty{}
	}
	w.registered[name] = r
	w.sheets.cssomEdits++ // computed values change
	w.sheets.stateEdits++
}
