package jsruntime

import (
	"strconv"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// BarProp (window.locationbar, menubar, personalbar, scrollbars, statusbar,
// toolbar) and DOMStringList (location.ancestorOrigins).

// barProp is one of a window's BarProp objects; its name keeps the six
// apart, so each attribute returns the same object every time, and its
// frame (nil: the page's window) those of each window.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#barprop
type barProp struct {
	name string
	f    *frame
}

var barPropIface = &bind.Interface{
	Name: "BarProp",
	// A page is shown as in a normal browser window, where every bar is.
	// A removed frame's window has none: as in Chromium (and WPT's
	// BarProp.window.js), not the standard's true for a window without a
	// browsing context.
	Attributes: []bind.Attribute{{Name: "visible", Get: func(r *bind.Realm, this any) goja.Value {
		if b, ok := this.(barProp); ok && b.f != nil && b.f.gone {
			return valFalse
		}
		return valTrue
	}}},
}

// barPropNames are the Window attributes that are BarProp objects.
var barPropNames = []string{"locationbar", "menubar", "personalbar", "scrollbars", "statusbar", "toolbar"}

func barPropAttr(name string) bind.Attribute {
	return bind.Attribute{Name: name, Replaceable: true, Get: func(r *bind.Realm, _ any) goja.Value {
		return r.WrapObject(barProp{name: name}, r.Class("BarProp"))
	}}
}

// domStringList is a DOMStringList.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#domstringlist
type domStringList struct{ items []string }

var domStringListIface = &bind.Interface{
	Name: "DOMStringList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(len(this.(*domStringList).items)) }},
	},
	Methods: []bind.Method{
		{Name: "item", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			l := this.(*domStringList)
			if i := bind.UnsignedLong(args[0]); int64(i) < int64(len(l.items)) {
				return r.String(l.items[i])
			}
			return goja.Null()
		}},
		{Name: "contains", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			s := bind.DOMString(args[0])
			for _, x := range this.(*domStringList).items {
				if x == s {
					return valTrue
				}
			}
			return valFalse
		}},
	},
	IndexedIterator: true,
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			l := this.(*domStringList)
			if i := bind.Index(key); i >= 0 && i < len(l.items) {
				return r.String(l.items[i])
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string {
			keys := make([]string, len(this.(*domStringList).items))
			for i := range keys {
				keys[i] = strconv.Itoa(i)
			}
			return keys
		},
	},
}

// noAncestorOrigins is location.ancestorOrigins of a top-level page: an
// empty list, read-only, so one value serves every realm, each of which
// wraps it once ([SameObject]).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-ancestororigins
var noAncestorOrigins = &domStringList{}

func init() {
	for _, name := range barPropNames {
		windowIface.Attributes = append(windowIface.Attributes, barPropAttr(name))
	}
}
