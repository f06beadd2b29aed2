package jsruntime

import (
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// The CSS Custom Highlight API: Highlight, a setlike of ranges with a
// priority and a type, and HighlightRegistry, CSS.highlights, a maplike of
// names to highlights. Nothing is painted (bangsnap paints nothing);
// ::highlight() parses in selectors.
// https://drafts.csswg.org/css-highlight-api-1/

type highlight struct {
	ranges   *goja.Object // the backing Set
	priority int32
	kind     string
}

type highlightRegistry struct{ m *goja.Object }

// highlightTypes are HighlightType's values.
var highlightTypes = map[string]bool{"highlight": true, "spelling-error": true, "grammar-error": true}

// abstractRange converts v to an AbstractRange for method of Highlight
// ("" for its constructor), throwing Chromium's TypeError otherwise.
func abstractRange(r *bind.Realm, v goja.Value, method string, i int) goja.Value {
	if _, ok := r.UnwrapAs(v, r.Class("AbstractRange")); !ok {
		what := "execute '" + method + "' on"
		if method == "" {
			what = "construct"
		}
		r.ThrowTypeError("Failed to " + what + " 'Highlight': parameter " + itoa(i) + " is not of type 'AbstractRange'.")
	}
	return v
}

var highlightIface = &bind.Interface{
	Name: "Highlight",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		h := &highlight{ranges: r.NewSet(), kind: "highlight"}
		for i, a := range args {
			abstractRange(r, a, "", i+1)
		}
		for _, a := range args {
			r.SetAdd(h.ranges, a)
		}
		return h
	},
	Attributes: []bind.Attribute{
		{Name: "priority",
			Get: func(r *bind.Realm, this any) goja.Value { return r.Int(int(this.(*highlight).priority)) },
			Set: func(r *bind.Realm, this any, v goja.Value) { this.(*highlight).priority = bind.Long(v) }},
		{Name: "type",
			Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*highlight).kind) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				// an enumeration attribute ignores a value it does not list
				if s := bind.DOMString(v); highlightTypes[s] {
					this.(*highlight).kind = s
				}
			}},
	},
	SetLike: &bind.SetLike{
		Backing: func(r *bind.Realm, this any) *goja.Object { return this.(*highlight).ranges },
		Convert: func(r *bind.Realm, v goja.Value, method string) goja.Value { return abstractRange(r, v, method, 1) },
	},
}

var highlightRegistryIface = &bind.Interface{
	Name: "HighlightRegistry",
	MapLike: &bind.MapLike{
		Backing: func(r *bind.Realm, this any) *goja.Object { return this.(*highlightRegistry).m },
		Key:     func(r *bind.Realm, v goja.Value, _ string) goja.Value { return r.String(bind.DOMString(v)) },
		Value: func(r *bind.Realm, v goja.Value) goja.Value {
			if _, ok := r.UnwrapAs(v, r.Class("Highlight")); !ok {
				r.ThrowTypeError("Failed to execute 'set' on 'HighlightRegistry': parameter 2 is not of type 'Highlight'.")
			}
			return v
		},
	},
	Methods: []bind.Method{
		// Which highlights' ranges are at a point needs the ranges'
		// geometry, which the flow estimate does not give: none are.
		{Name: "highlightsFromPoint", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			bind.Double(args[0])
			bind.Double(args[1])
			return r.Runtime.NewArray()
		}},
	},
}

// highlights is CSS.highlights, the window's HighlightRegistry, made on
// first use.
func (w *Window) highlights() goja.Value {
	if w.highlightRegistry == nil {
		w.highlightRegistry = w.realm.WrapObject(&highlightRegistry{m: w.realm.NewMap()}, w.realm.Class("HighlightRegistry"))
	}
	return w.highlightRegistry
}
