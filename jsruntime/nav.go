package jsruntime

import (
	"net/url"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Location and History of one page: the page never leaves its document,
// so navigation is limited to the same document (fragments and
// pushState); a navigation elsewhere is reported to Config.OnNavigate.

type histEntry struct {
	url   *url.URL
	state goja.Value
}

type navState struct {
	w           *Window
	url         *url.URL
	entries     []histEntry
	index       int
	locationObj *goja.Object
	historyObj  *goja.Object
	restoration string
	// frame is set for the location of a frame's window (frames.go).
	frame *frame
}

type locationImpl struct{ nav *navState }
type historyImpl struct{ nav *navState }

func (n *navState) init(w *Window, u *url.URL) {
	n.w = w
	n.url = u
	n.entries = []histEntry{{url: u, state: goja.Null()}}
	n.restoration = "auto"
}

// install creates the location and history objects (after the classes).
func (n *navState) install() {
	n.locationObj = n.w.realm.WrapObject(&locationImpl{n}, n.w.realm.Class("Location"))
	n.historyObj = n.w.realm.WrapObject(&historyImpl{n}, n.w.realm.Class("History"))
}

// URL returns the page's current URL (location.href).
func (w *Window) URL() string { return w.nav.url.String() }

func (n *navState) resolve(s string) (*url.URL, bool) {
	ref, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return nil, false
	}
	base := n.w.doc.BaseURL()
	if n.frame != nil && n.frame.doc != nil {
		base = n.frame.doc.BaseURL()
	}
	if base == nil {
		base = n.url
	}
	return base.ResolveReference(ref), true
}

func withoutFragment(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// assign navigates to s: a fragment navigation when only the fragment
// differs, else a navigation away that this renderer does not follow.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate
func (n *navState) assign(s string, replace bool) {
	u, ok := n.resolve(s)
	if !ok {
		n.w.realm.ThrowDOMException("SyntaxError", "'"+s+"' is not a valid URL.")
	}
	n.navigate(u, replace)
}

func (n *navState) navigate(u *url.URL, replace bool) {
	if n.frame != nil {
		n.w.frameLocationNavigate(n.frame, u)
		return
	}
	if withoutFragment(u) == withoutFragment(n.url) && (u.Fragment != "" || u.RawFragment != "" || strings.HasSuffix(u.String(), "#")) {
		n.fragment(u, replace)
		return
	}
	n.navigateAway(u)
}

// navigateAway reports a navigation to another document, which the page
// does not follow.
func (n *navState) navigateAway(u *url.URL) {
	if u.Scheme == "javascript" {
		return
	}
	if n.w.cfg.OnNavigate != nil {
		n.w.cfg.OnNavigate(u.String())
	}
	n.w.log.Debug("jsruntime: navigation away from the page ignored", "url", u.String())
}

// follow handles a link activation: only same-document fragments move.
func (n *navState) follow(href string) {
	u, err := url.Parse(href)
	if err != nil {
		return
	}
	n.navigate(u, false)
}

// fragment performs a fragment navigation.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#scroll-to-fragid
func (n *navState) fragment(u *url.URL, replace bool) {
	if n.frame != nil {
		n.w.frameLocationNavigate(n.frame, u)
		return
	}
	old := n.url
	n.setEntry(u, goja.Null(), replace)
	if old.String() == u.String() {
		return
	}
	n.firePopState(goja.Null())
	n.queueHashChange(old, u)
}

func (n *navState) setEntry(u *url.URL, state goja.Value, replace bool) {
	if replace {
		n.entries[n.index] = histEntry{url: u, state: state}
	} else {
		n.entries = append(n.entries[:n.index+1], histEntry{url: u, state: state})
		n.index++
	}
	n.url = u
	n.w.doc.SetURL(u)
}

func (n *navState) firePopState(state goja.Value) {
	ev := dom.NewEvent("popstate", false, false)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "PopStateEvent", state: state, detail: goja.Null(), view: goja.Null()}
	n.w.dispatch(n.w, ev)
}

func (n *navState) queueHashChange(old, u *url.URL) {
	if old.Fragment == u.Fragment && old.RawFragment == u.RawFragment {
		return
	}
	oldURL, newURL := old.String(), u.String()
	n.w.loop.QueueTask(func() {
		ev := dom.NewEvent("hashchange", false, false)
		ev.IsTrusted = true
		ev.Detail = &eventData{kind: "HashChangeEvent", oldURL: oldURL, newURL: newURL, detail: goja.Null(), view: goja.Null()}
		n.w.dispatch(n.w, ev)
	})
}

// traverse moves delta entries in the session history, as a task.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-history-go
func (n *navState) traverse(delta int) {
	if delta == 0 {
		return // reload: not supported, the page stays
	}
	n.w.loop.QueueTask(func() {
		to := n.index + delta
		if to < 0 || to >= len(n.entries) {
			return
		}
		old := n.url
		n.index = to
		e := n.entries[to]
		n.url = e.url
		n.w.doc.SetURL(e.url)
		n.firePopState(e.state)
		if withoutFragment(old) == withoutFragment(e.url) {
			n.queueHashChange(old, e.url)
		}
	})
}

func locGet(f func(w *Window, u *url.URL) string) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value {
		n := this.(*locationImpl).nav
		return n.w.str(f(n.w, n.url))
	}
}

func locSet(f func(u *url.URL, v string)) bind.Setter {
	return func(r *bind.Realm, this any, v goja.Value) {
		n := this.(*locationImpl).nav
		u := *n.url
		f(&u, bind.DOMString(v))
		n.navigate(&u, false)
	}
}

func hrefOf(w *Window, u *url.URL) string { return u.String() }

// Location https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-location-interface
var locationIface = &bind.Interface{
	Name: "Location",
	// Every member of Location is [LegacyUnforgeable]: own properties of
	// the location object.
	Unforgeable: &bind.Mixin{Attributes: []bind.Attribute{
		{Name: "href", Get: locGet(hrefOf), Set: func(r *bind.Realm, this any, v goja.Value) {
			this.(*locationImpl).nav.assign(bind.DOMString(v), false)
		}},
		{Name: "origin", Get: locGet(func(w *Window, u *url.URL) string { return originOf(u) })},
		{Name: "protocol", Get: locGet(func(w *Window, u *url.URL) string { return u.Scheme + ":" }),
			Set: locSet(func(u *url.URL, v string) { u.Scheme = strings.TrimSuffix(v, ":") })},
		{Name: "host", Get: locGet(func(w *Window, u *url.URL) string { return u.Host }),
			Set: locSet(func(u *url.URL, v string) { u.Host = v })},
		{Name: "hostname", Get: locGet(func(w *Window, u *url.URL) string { return u.Hostname() }),
			Set: locSet(func(u *url.URL, v string) {
				if p := u.Port(); p != "" {
					u.Host = v + ":" + p
				} else {
					u.Host = v
				}
			})},
		{Name: "port", Get: locGet(func(w *Window, u *url.URL) string { return u.Port() }),
			Set: locSet(func(u *url.URL, v string) { u.Host = u.Hostname() + ":" + v })},
		{Name: "pathname", Get: locGet(func(w *Window, u *url.URL) string {
			if u.Opaque != "" {
				return u.Opaque
			}
			if p := u.EscapedPath(); p != "" {
				return p
			}
			return "/"
		}), Set: locSet(func(u *url.URL, v string) { setPath(u, v) })},
		{Name: "search", Get: locGet(func(w *Window, u *url.URL) string {
			if u.RawQuery == "" {
				return ""
			}
			return "?" + u.RawQuery
		}), Set: locSet(func(u *url.URL, v string) { u.RawQuery = strings.TrimPrefix(v, "?") })},
		{Name: "hash", Get: locGet(func(w *Window, u *url.URL) string {
			if f := u.EscapedFragment(); f != "" {
				return "#" + f
			}
			return ""
		}), Set: func(r *bind.Realm, this any, v goja.Value) {
			// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-hash
			n := this.(*locationImpl).nav
			u := *n.url
			setFragment(&u, strings.TrimPrefix(bind.DOMString(v), "#"))
			n.fragment(&u, false)
		}},
		{Name: "ancestorOrigins", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(noAncestorOrigins, r.Class("DOMStringList"))
		}},
	}, Methods: []bind.Method{
		{Name: "assign", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*locationImpl).nav.assign(bind.DOMString(args[0]), false)
			return nil
		}},
		{Name: "replace", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*locationImpl).nav.assign(bind.DOMString(args[0]), true)
			return nil
		}},
		{Name: "reload", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			win(r).log.Debug("jsruntime: location.reload() ignored")
			return nil
		}},
		{Name: "toString", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			n := this.(*locationImpl).nav
			return n.w.str(n.url.String())
		}},
	}},
}

// History https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-history-interface
var historyIface = &bind.Interface{
	Name: "History",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(len(this.(*historyImpl).nav.entries)) }},
		{Name: "state", Get: func(r *bind.Realm, this any) goja.Value {
			n := this.(*historyImpl).nav
			return orNull(n.entries[n.index].state)
		}},
		{Name: "scrollRestoration", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).str(this.(*historyImpl).nav.restoration)
		}, Set: func(r *bind.Realm, this any, v goja.Value) {
			if s := bind.DOMString(v); s == "auto" || s == "manual" {
				this.(*historyImpl).nav.restoration = s
			}
		}},
	},
	Methods: []bind.Method{
		{Name: "pushState", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*historyImpl).nav.pushState(args, false)
			return nil
		}},
		{Name: "replaceState", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*historyImpl).nav.pushState(args, true)
			return nil
		}},
		{Name: "back", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*historyImpl).nav.traverse(-1)
			return nil
		}},
		{Name: "forward", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*historyImpl).nav.traverse(1)
			return nil
		}},
		{Name: "go", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*historyImpl).nav.traverse(int(bind.Long(bind.Arg(args, 0))))
			return nil
		}},
	},
}

// pushState implements pushState and replaceState.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#shared-history-push/replace-state-steps
func (n *navState) pushState(args []goja.Value, replace bool) {
	u := n.url
	if s, ok := bind.NullableString(bind.Arg(args, 2)); ok {
		nu, ok := n.resolve(s)
		if !ok {
			n.w.realm.ThrowDOMException("SecurityError", "Failed to execute 'pushState' on 'History': A history state object with URL '"+s+"' cannot be created.")
		}
		if originOf(nu) != originOf(n.url) || nu.Scheme != n.url.Scheme {
			n.w.realm.ThrowDOMException("SecurityError", "Failed to execute 'pushState' on 'History': A history state object with URL '"+nu.String()+"' cannot be created in a document with origin '"+originOf(n.url)+"'.")
		}
		u = nu
	}
	// The state is stored as a structured clone of the value given.
	n.setEntry(u, webapi.StructuredClone(n.w.realm, args[0], nil), replace)
}
