package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Members of the Window that Chromium has as accessors (customElements,
// external, originAgentCluster, onpageswap, onpagereveal), the External
// interface, and the page reveal: PageRevealEvent and PageSwapEvent.
// (navigator, clientInformation, localStorage and sessionStorage are
// jsruntime/webapi's.)

// external is window.external.
type external struct{}

// External https://html.spec.whatwg.org/multipage/obsolete.html#external
// Both methods do nothing.
var externalIface = &bind.Interface{
	Name: "External",
	Methods: []bind.Method{
		{Name: "AddSearchProvider", Fn: func(*bind.Realm, any, []goja.Value) goja.Value { return nil }},
		{Name: "IsSearchProviderInstalled", Fn: func(*bind.Realm, any, []goja.Value) goja.Value { return nil }},
	},
}

var theExternal = &external{}

// PageRevealEvent https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-pagerevealevent-interface
// Its viewTransition (always null: there are no view transitions) is kept
// in eventData.detail.
var pageRevealEventIface = &bind.Interface{Name: "PageRevealEvent", Parent: "Event", CtorLength: 1,
	Constructor: pageEventCtor("PageRevealEvent", "viewTransition"),
	Attributes: []bind.Attribute{
		{Name: "viewTransition", Get: dataGet(func(w *Window, d *eventData) goja.Value { return d.detail })},
	},
}

// PageSwapEvent https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-pageswapevent-interface
// Its viewTransition is kept in eventData.detail, its activation
// (a NavigationActivation, which bangsnap lacks: always null) in state.
var pageSwapEventIface = &bind.Interface{Name: "PageSwapEvent", Parent: "Event", CtorLength: 1,
	Constructor: pageEventCtor("PageSwapEvent", "activation", "viewTransition"),
	Attributes: []bind.Attribute{
		{Name: "viewTransition", Get: dataGet(func(w *Window, d *eventData) goja.Value { return d.detail })},
		{Name: "activation", Get: dataGet(func(w *Window, d *eventData) goja.Value { return d.state })},
	},
}

// pageEventCtor is the constructor of an event whose init dictionary has
// members of interface types bangsnap has no objects of (ViewTransition):
// only null or undefined convert; an activation is a NavigationActivation.
func pageEventCtor(kind string, members ...string) bind.Constructor {
	base := eventCtor(kind, nil)
	types := map[string]string{"viewTransition": "ViewTransition", "activation": "NavigationActivation"}
	return func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		ev := base(r, args, nt)
		for _, m := range members {
			if v := dictVal(bind.Arg(args, 1), m, goja.Null()); !bind.Nullish(v) {
				if m == "activation" {
					// A NavigationActivation (navigation.go) converts.
					if _, ok := r.UnwrapAs(v, r.Class("NavigationActivation")); ok {
						evData(ev.(*dom.Event)).state = v
						continue
					}
				}
				r.ThrowTypeError("Failed to construct '%s': Failed to read the '%s' property from '%sInit': Failed to convert value to '%s'.",
					kind, m, kind, types[m])
			}
		}
		return ev
	}
}

func init() {
	windowIface.Attributes = append(windowIface.Attributes,
		bind.Attribute{Name: "customElements", Get: windowGet(func(w *Window) goja.Value { return w.regObj(&w.ce.ceRegistry) })},
		bind.Attribute{Name: "external", Replaceable: true, Get: windowGet(func(w *Window) goja.Value {
			return w.realm.WrapObject(theExternal, w.realm.Class("External"))
		})},
		// Chromium keys agent clusters by origin by default.
		// https://html.spec.whatwg.org/multipage/browsers.html#dom-originagentcluster
		bind.Attribute{Name: "originAgentCluster", Get: windowGet(func(w *Window) goja.Value { return valTrue })},
		handlerAttr("pageswap"), handlerAttr("pagereveal"),
	)
}

// reveal fires pagereveal at the window, once: at the first animation
// frame, or after pageshow when no frame ran before the page loaded (as
// Chromium, whose first rendering opportunity then comes after load).
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#reveal
func (w *Window) reveal() {
	if w.nav.revealed {
		return
	}
	w.nav.revealed = true
	ev := dom.NewEvent("pagereveal", false, false)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "PageRevealEvent", detail: goja.Null(), view: goja.Null(), state: goja.Null()}
	w.dispatch(w, ev)
}
