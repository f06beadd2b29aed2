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
	// href is url as a WHATWG URL record, when the entry was made from
	// one (nil: parse url).
	href *webapi.URL
	// id names the entry for a traversal queued before the session
	// history changed (0 for entries made elsewhere).
	id uint64
	// ne is the entry's NavigationHistoryEntry, once the page has a
	// Navigation object (navigation.go).
	ne *navEntry
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
	// href is url as a WHATWG URL record (what location shows), valid
	// while hrefOf is url: code that sets url alone makes it stale.
	href   *webapi.URL
	hrefOf *url.URL
	lastID uint64
	// completelyLoaded is set once the load event has been fired: before,
	// location navigations replace the current entry.
	// https://html.spec.whatwg.org/multipage/document-lifecycle.html#completely-finish-loading
	completelyLoaded bool
	// revealed is set once pagereveal has fired (windowmembers.go).
	revealed bool
	// navi is window.navigation, nil until a script first reads it.
	navi *navigation
	// userClick is set while a trusted click activates its target.
	userClick bool
	// rate counts the navigable's navigations (navlimits.go).
	rate navRate
}

type locationImpl struct{ nav *navState }
type historyImpl struct{ nav *navState }

func (n *navState) init(w *Window, u *url.URL) {
	n.w = w
	n.url = u
	n.entries = []histEntry{{url: u, state: goja.Null()}}
	n.restoration = "auto"
}

// location returns the Location object, made on first use (after the
// classes are installed): most pages never read it.
func (n *navState) location() *goja.Object {
	if n.locationObj == nil {
		n.locationObj = n.w.realm.WrapObject(&locationImpl{n}, n.w.realm.Class("Location"))
		n.w.defineLocationDefaults(n.locationObj)
	}
	return n.locationObj
}

// history returns the History object, made on first use.
func (n *navState) history() *goja.Object {
	if n.historyObj == nil {
		n.historyObj = n.w.realm.WrapObject(&historyImpl{n}, n.w.realm.Class("History"))
	}
	return n.historyObj
}

// defineLocationDefaults gives a Location object its own valueOf
// (Object.prototype.valueOf) and @@toPrimitive (undefined), neither
// writable nor configurable.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-location-interface (step 3-4 of creating one)
func (w *Window) defineLocationDefaults(loc *goja.Object) {
	if proto, ok := w.rt.Get("Object").(*goja.Object); ok {
		if op, ok := proto.Get("prototype").(*goja.Object); ok {
			_ = loc.DefineDataProperty("valueOf", op.Get("valueOf"), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
		}
	}
	_ = loc.DefineDataPropertySymbol(goja.SymToPrimitive, goja.Undefined(), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
}

// URL returns the page's current URL (location.href).
func (w *Window) URL() string { return w.nav.current().String() }

// current returns the URL as a WHATWG URL record.
func (n *navState) current() *webapi.URL {
	if n.href != nil && n.hrefOf == n.url {
		return n.href
	}
	h, err := webapi.ParseURL(n.url.String(), nil)
	if err != nil {
		h, _ = webapi.ParseURL("about:blank", nil)
	}
	n.href, n.hrefOf = h, n.url
	return h
}

// netURL converts a WHATWG URL record for the document (dom keeps
// net/url URLs); ok is false if net/url rejects it.
func netURL(h *webapi.URL) (*url.URL, bool) {
	u, err := url.Parse(h.String())
	return u, err == nil
}

// baseRecord is the base URL a navigation resolves against: the document's
// (the frame's, in a frame), else the current URL.
func (n *navState) baseRecord() *webapi.URL {
	d := n.w.doc
	if n.frame != nil && n.frame.doc != nil {
		d = n.frame.doc
	}
	if b := d.BaseRecord(); b != nil {
		return b
	}
	return n.current()
}

func (n *navState) resolve(s string) (*url.URL, bool) {
	h, ok := n.resolveWeb(s)
	if !ok {
		return nil, false
	}
	return netURL(h)
}

// resolveWeb parses s against the document's base URL with the WHATWG URL
// parser, as location's methods and pushState do.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-a-url
func (n *navState) resolveWeb(s string) (*webapi.URL, bool) {
	h, err := webapi.ParseURL(s, n.baseRecord())
	return h, err == nil
}

func withoutFragment(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// withoutHash serializes h without its fragment.
func withoutHash(h *webapi.URL) string {
	c := *h
	c.Fragment, c.HasFragment = "", false
	return c.String()
}

// assign navigates to s: a fragment navigation when only the fragment
// differs, else a navigation away that this renderer does not follow.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-assign
func (n *navState) assign(s string, replace bool) {
	if n.detached() {
		return
	}
	h, ok := n.resolveWeb(s)
	if !ok {
		n.w.realm.ThrowDOMException("SyntaxError", "Failed to execute 'assign' on 'Location': '"+s+"' is not a valid URL.")
	}
	n.locationNavigate(h, replace)
}

// locationNavigate is the location-object navigate of a Location member:
// before the document has completely loaded it replaces the entry.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#location-object-navigate
func (n *navState) locationNavigate(h *webapi.URL, replace bool) {
	if !n.completelyLoaded {
		replace = true
	}
	n.navigateWith(h, replace, nil)
}

func (n *navState) navigate(u *url.URL, replace bool) { n.navigateFrom(u, replace, nil) }

// navigateFrom is navigate for a navigation a link (source) started.
func (n *navState) navigateFrom(u *url.URL, replace bool, source *dom.Node) {
	if n.frame != nil {
		n.w.frameLocationNavigate(n.frame, u)
		return
	}
	h, err := webapi.ParseURL(u.String(), nil)
	if err != nil {
		n.navigateAway(u)
		return
	}
	if strings.HasSuffix(u.String(), "#") || u.Fragment != "" || u.RawFragment != "" {
		h.HasFragment = true
	}
	n.navigateWith(h, replace, n.userParams(&navParams{source: source}))
}

// navigateWith navigates to h: a fragment navigation when only the fragment
// differs and h has one, else a navigation to another document, which the
// page's navigate listeners may intercept (navigation.go). p, when not nil,
// gives the navigation API state and the source element.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate (step 14)
func (n *navState) navigateWith(h *webapi.URL, replace bool, p *navParams) {
	if n.frame != nil {
		if h.Scheme == "javascript" && !n.frame.gone {
			n.frame.gen++
			n.w.frameJavascriptURL(n.frame, h.String(), n.frame.gen)
			return
		}
		if u, ok := netURL(h); ok {
			n.w.frameLocationNavigate(n.frame, u)
		}
		return
	}
	if !n.navCanProceed() {
		return
	}
	if p == nil {
		p = &navParams{}
	}
	cur := n.current()
	if h.String() == cur.String() && p.formData == nil && !p.form {
		replace = true // navigate step 12: the same URL replaces (not a form's, in Chromium)
	}
	p.url, p.navType = h, "push"
	if replace {
		p.navType = "replace"
	}
	if h.HasFragment && withoutHash(h) == withoutHash(cur) {
		n.fragmentWeb(h, replace, p)
		return
	}
	if h.Scheme == "javascript" {
		n.w.pageJavascriptURL(h.String())
		return
	}
	if !n.navigateEvent(p, nil) {
		return
	}
	if u, ok := netURL(h); ok {
		n.navigateAway(u)
	} else if n.w.cfg.OnNavigate != nil {
		n.w.cfg.OnNavigate(h.String())
	}
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

// navigateForm navigates for a form submission by submitter (the form
// itself when it has none): a GET, or a POST whose entry list is formData;
// user is set when a user's click submitted it.
func (n *navState) navigateForm(u *url.URL, submitter *dom.Node, formData goja.Value, user bool) {
	h, err := webapi.ParseURL(u.String(), nil)
	if err != nil || n.frame != nil {
		n.navigateAway(u)
		return
	}
	if strings.HasSuffix(u.String(), "#") || u.Fragment != "" || u.RawFragment != "" {
		h.HasFragment = true
	}
	p := &navParams{source: submitter, form: true, formData: formData, user: user}
	if formData == nil {
		n.navigateWith(h, false, p)
		return
	}
	// A POST goes to another document even when only the fragment differs.
	p.url, p.navType = h, "push"
	if n.navigateEvent(p, nil) {
		n.navigateAway(u)
	}
}

// follow handles the activation of link a: only same-document fragments
// move, or navigations a navigate listener intercepts. href is parsed as a
// URL record, not through net/url, which drops an empty fragment: a link
// to "#" navigates to the document's URL with an empty fragment (hash "",
// hashchange fires when the fragment was another), as in Chromium.
func (n *navState) follow(href string, a *dom.Node) {
	u, err := url.Parse(href)
	if err != nil {
		return
	}
	h, err := webapi.ParseURL(href, nil)
	if n.frame != nil || err != nil {
		n.navigateFrom(u, false, a)
		return
	}
	n.navigateWith(h, false, n.userParams(&navParams{source: a}))
}

// downloadLink fires the navigate event of a link a with a download
// attribute: never a same-document navigation, and canceled or not it
// downloads nothing here unless a listener intercepts it.
// https://html.spec.whatwg.org/multipage/links.html#downloading-hyperlinks
func (n *navState) downloadLink(href string, a *dom.Node) {
	h, ok := n.resolveWeb(href)
	if !ok || h.Scheme == "javascript" || n.frame != nil || n.navi == nil {
		return
	}
	name := n.w.str(a.Attribute("download"))
	p := n.userParams(&navParams{navType: "push", url: h, source: a, download: name})
	if n.navigateEvent(p, nil) {
		n.w.log.Debug("jsruntime: download ignored", "url", h.String())
	}
}

// userParams marks p as a user's navigation during a trusted click.
func (n *navState) userParams(p *navParams) *navParams {
	if n.userClick {
		p.user = true
	}
	return p
}

// fragment performs a fragment navigation.
func (n *navState) fragment(u *url.URL, replace bool) {
	if n.frame != nil {
		n.w.frameLocationNavigate(n.frame, u)
		return
	}
	n.navigate(u, replace)
}

// fragmentWeb performs a fragment navigation to h: the URL changes at
// once, popstate fires synchronously and hashchange in a task.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-fragid
// Chromium fires navigate first (navigation.go), which may cancel it.
func (n *navState) fragmentWeb(h *webapi.URL, replace bool, p *navParams) {
	p.same = true
	n.navigateEvent(p, func() {
		old := n.current()
		n.setEntryWith(h, goja.Null(), replace, p.navType, p.state)
		n.firePopState(goja.Null())
		n.w.scrollToFragment(n.w.doc)
		n.queueHashChange(old, h)
	})
}

// setEntry pushes (or replaces the current entry with) an entry for h.
func (n *navState) setEntry(h *webapi.URL, state goja.Value, replace bool) {
	typ := "push"
	if replace {
		typ = "replace"
	}
	n.setEntryWith(h, state, replace, typ, nil)
}

// setEntryWith is setEntry giving the new entry a navigation API state
// (nil: undefined); navType is what currententrychange reports.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#url-and-history-update-steps
func (n *navState) setEntryWith(h *webapi.URL, state goja.Value, replace bool, navType string, navState goja.Value) {
	u, ok := netURL(h)
	if !ok {
		u = n.url
	}
	n.lastID++
	e := histEntry{url: u, state: state, href: h, id: n.lastID}
	nv := n.navi
	var old *navEntry
	var disposed []*navEntry
	if nv != nil {
		old = n.entries[n.index].ne
		key := ""
		if replace {
			key = old.key
			disposed = append(disposed, old)
		} else {
			for _, x := range n.entries[n.index+1:] {
				disposed = append(disposed, x.ne)
			}
		}
		e.ne = nv.newEntry(h.String(), key)
		e.ne.state = navState
	}
	if replace {
		n.entries[n.index] = e
	} else {
		n.entries = append(n.entries[:n.index+1], e)
		n.index++
		if over := len(n.entries) - maxHistoryEntries; over > 0 {
			// The oldest entries go (navlimits.go).
			for _, x := range n.entries[:over] {
				if x.ne != nil {
					disposed = append(disposed, x.ne)
				}
			}
			n.entries = append(n.entries[:0], n.entries[over:]...)
			n.index -= over
		}
	}
	n.moveTo(e)
	if nv != nil {
		nv.entriesUpdated(navType, old, disposed)
	}
}

// moveTo makes e's URL the document's.
func (n *navState) moveTo(e histEntry) {
	n.url = e.url
	if e.href != nil {
		n.href, n.hrefOf = e.href, e.url
	}
	if f := n.frame; f != nil {
		// A frame's entry is its document's URL, not the page's.
		f.url = e.url.String()
		if f.doc != nil {
			f.doc.SetURL(e.url)
		}
		return
	}
	n.w.doc.SetURL(e.url)
}

func (n *navState) firePopState(state goja.Value) {
	ev := dom.NewEvent("popstate", false, false)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "PopStateEvent", state: state, detail: goja.Null(), view: goja.Null()}
	n.w.dispatch(n.w, ev)
}

func (n *navState) queueHashChange(old, h *webapi.URL) {
	if old.Fragment == h.Fragment && old.HasFragment == h.HasFragment {
		return
	}
	oldURL, newURL := old.String(), h.String()
	n.w.loop.QueueTask(func() {
		ev := dom.NewEvent("hashchange", false, false)
		ev.IsTrusted = true
		ev.Detail = &eventData{kind: "HashChangeEvent", oldURL: oldURL, newURL: newURL, detail: goja.Null(), view: goja.Null()}
		n.w.dispatch(n.w, ev)
	})
}

// traverse moves delta entries in the session history, as a task. As in
// Chromium the target entry is chosen when the method is called: if a
// later pushState dropped it, nothing happens.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-history-go
func (n *navState) traverse(delta int) {
	if !n.navCanProceed() {
		return
	}
	if delta == 0 {
		n.reload(nil, nil)
		return
	}
	to := n.index + delta
	if to < 0 || to >= len(n.entries) {
		return
	}
	n.traverseTo(to, nil)
}

// traverseTo moves to entry to as a task: navigate fires (navigation.go),
// then the entry becomes current, then popstate fires and, when the
// fragment changed, hashchange in a task of its own. t is the tracker of
// the navigation API method that asked for it (nil for history's).
func (n *navState) traverseTo(to int, t *navTracker) {
	if n.entries[to].id == 0 {
		n.lastID++
		n.entries[to].id = n.lastID
	}
	id := n.entries[to].id
	n.w.loop.QueueTask(func() {
		to := -1
		for i := range n.entries {
			if n.entries[i].id == id {
				to = i
				break
			}
		}
		if to < 0 || to == n.index {
			if t != nil && n.navi != nil {
				n.navi.trackerFinished(t, n.w.realm.NewDOMException("AbortError", "Navigation was aborted"))
			}
			return
		}
		old := n.current()
		e := n.entries[to]
		h := e.href
		if h == nil {
			h, _ = webapi.ParseURL(e.url.String(), nil)
		}
		p := &navParams{navType: "traverse", url: h, entry: e.ne, same: true}
		if e.ne != nil {
			p.state = e.ne.state
		}
		p.after = func() {
			cur := n.current()
			n.firePopState(e.state)
			if withoutHash(old) == withoutHash(cur) {
				n.queueHashChange(old, cur)
			}
		}
		n.navigateEvent(p, func() {
			var oldNE *navEntry
			if n.navi != nil {
				oldNE = n.navi.current()
			}
			n.index = to
			n.moveTo(e)
			if n.navi != nil {
				n.navi.entriesUpdated("traverse", oldNE, nil)
			}
		})
	})
}

func locGet(f func(h *webapi.URL) string) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value {
		n := this.(*locationImpl).nav
		return n.w.str(f(n.current()))
	}
}

// locSet implements the setters of Location other than href and hash:
// change a copy of the URL, then navigate to it.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-protocol
func locSet(f func(h *webapi.URL, v string)) bind.Setter {
	return func(r *bind.Realm, this any, v goja.Value) {
		n := this.(*locationImpl).nav
		if n.detached() {
			return
		}
		h := n.current().Clone()
		f(h, bind.DOMString(v))
		n.locationNavigate(h, false)
	}
}

// setLocationHash implements the hash setter: the fragment is the value
// without one leading "#", and setting the current fragment again does
// nothing.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-hash
func (n *navState) setLocationHash(v string) {
	if n.detached() {
		return
	}
	cur := n.current()
	h := cur.Clone()
	h.SetHash("#" + strings.TrimPrefix(v, "#"))
	if h.Fragment == cur.Fragment && (h.HasFragment == cur.HasFragment || h.Fragment == "") {
		return
	}
	n.locationNavigate(h, false)
}

// Location https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-location-interface
var locationIface = &bind.Interface{
	Name: "Location",
	// Every member of Location is [LegacyUnforgeable]: own properties of
	// the location object, in Chromium 156's order (ancestorOrigins
	// first, reload before replace: Object.keys(location);
	// testdata/wpt/perf84-location-key-order.html).
	Unforgeable: &bind.Mixin{Attributes: []bind.Attribute{
		{Name: "ancestorOrigins", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(noAncestorOrigins, r.Class("DOMStringList"))
		}},
		{Name: "href", Get: locGet((*webapi.URL).String), Set: func(r *bind.Realm, this any, v goja.Value) {
			this.(*locationImpl).nav.assign(bind.DOMString(v), false)
		}},
		{Name: "origin", Get: locGet((*webapi.URL).Origin)},
		{Name: "protocol", Get: locGet((*webapi.URL).Protocol), Set: func(r *bind.Realm, this any, v goja.Value) {
			// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-protocol
			n := this.(*locationImpl).nav
			s := bind.DOMString(v)
			// Chromium checks the value before whether there is a
			// browsing context (the standard returns first).
			if !schemeSetterValid(s) {
				r.ThrowDOMException("SyntaxError", "Failed to set the 'protocol' property on 'Location': '"+s+"' is an invalid protocol.")
			}
			if n.detached() {
				return
			}
			h := n.current().Clone()
			h.SetProtocol(s)
			if h.Scheme != "http" && h.Scheme != "https" {
				return
			}
			n.locationNavigate(h, false)
		}},
		{Name: "host", Get: locGet((*webapi.URL).HostPort), Set: locSet((*webapi.URL).SetHost)},
		{Name: "hostname", Get: locGet((*webapi.URL).Hostname), Set: locSet((*webapi.URL).SetHostname)},
		{Name: "port", Get: locGet((*webapi.URL).PortString), Set: locSet((*webapi.URL).SetPort)},
		{Name: "pathname", Get: locGet((*webapi.URL).Pathname), Set: locSet((*webapi.URL).SetPathname)},
		{Name: "search", Get: locGet((*webapi.URL).Search), Set: locSet((*webapi.URL).SetSearch)},
		{Name: "hash", Get: locGet((*webapi.URL).Hash), Set: func(r *bind.Realm, this any, v goja.Value) {
			this.(*locationImpl).nav.setLocationHash(bind.DOMString(v))
		}},
	}, Methods: []bind.Method{
		{Name: "assign", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*locationImpl).nav.assign(bind.DOMString(args[0]), false)
			return nil
		}},
		{Name: "reload", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*locationImpl).nav.reload(nil, nil)
			return nil
		}},
		{Name: "replace", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*locationImpl).nav.assign(bind.DOMString(args[0]), true)
			return nil
		}},
		{Name: "toString", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return this.(*locationImpl).nav.w.str(this.(*locationImpl).nav.current().String())
		}},
	}},
}

// History https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-history-interface
var historyIface = &bind.Interface{
	Name: "History",
	Attributes: bind.AttributesInOrder([]bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(this.(*historyImpl).nav.w.jointLength()) }},
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
	}, "length scrollRestoration state"),
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
			this.(*historyImpl).nav.traversable().traverse(-1)
			return nil
		}},
		{Name: "forward", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*historyImpl).nav.traversable().traverse(1)
			return nil
		}},
		{Name: "go", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*historyImpl).nav.traversable().traverse(int(bind.Long(bind.Arg(args, 0))))
			return nil
		}},
	},
}

// pushState implements pushState and replaceState.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#shared-history-push/replace-state-steps
func (n *navState) pushState(args []goja.Value, replace bool) {
	method := "pushState"
	if replace {
		method = "replaceState"
	}
	// The state is serialized first (step 3), so a DataCloneError comes
	// before a URL error.
	state := webapi.StructuredClone(n.w.realm, args[0], nil)
	cur := n.current()
	h := cur
	// Chromium treats an empty URL like a missing one: the URL stays.
	if s, ok := bind.NullableString(bind.Arg(args, 2)); ok && s != "" {
		nu, ok := n.resolveWeb(s)
		if !ok {
			n.w.realm.ThrowDOMException("SecurityError", "Failed to execute '"+method+"' on 'History': A history state object with URL '"+s+"' cannot be created.")
		}
		if !canRewrite(cur, nu) {
			n.w.realm.ThrowDOMException("SecurityError", "Failed to execute '"+method+"' on 'History': A history state object with URL '"+nu.String()+"' cannot be created in a document with origin '"+cur.Origin()+"' and URL '"+cur.String()+"'.")
		}
		h = nu
	}
	if !n.navCanProceed() {
		return
	}
	typ := "push"
	if replace {
		typ = "replace"
	}
	n.navigateEvent(&navParams{navType: typ, url: h, same: true, classicState: state}, func() {
		n.setEntry(h, state, replace)
	})
}

// canRewrite says whether a document at cur can have its URL rewritten to
// target: the same scheme, credentials, host and port.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#can-have-its-url-rewritten
func canRewrite(cur, target *webapi.URL) bool {
	if cur.Scheme != target.Scheme || cur.Username != target.Username || cur.Password != target.Password ||
		cur.HasHost != target.HasHost || cur.Host != target.Host || cur.Port != target.Port {
		return false
	}
	if cur.Scheme == "http" || cur.Scheme == "https" {
		return true
	}
	if cur.Scheme == "file" {
		return cur.Pathname() == target.Pathname()
	}
	// Any other scheme: only the fragment may change.
	return withoutHash(cur) == withoutHash(target)
}

// jointLength is history.length: the entries of the joint session history,
// the page's and those its live frames added (pushState, fragments). A
// frame's own entries are not otherwise part of the page's traversal.
// https://html.spec.whatwg.org/multipage/document-sequences.html#nav-traversable
func (w *Window) jointLength() int {
	n := len(w.nav.entries)
	for _, f := range w.frames.byEl {
		if !f.gone && f.nav != nil && len(f.nav.entries) > 1 {
			n += len(f.nav.entries) - 1
		}
	}
	return n
}

// traversable is the navState whose entries history.back, forward and go
// move through: the page's, also for a frame's History.
func (n *navState) traversable() *navState {
	if n.frame != nil {
		return &n.w.nav
	}
	return n
}

// detached says whether n is the Location of a window whose document has
// no browsing context (a removed frame's): its setters and assign,
// replace and reload do nothing, before even parsing their argument.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-href
func (n *navState) detached() bool {
	return n.frame != nil && n.frame.gone
}

// schemeSetterValid says whether the basic URL parser, given v followed by
// ":" in the scheme start state as a state override, does not fail: after
// ASCII tabs and newlines are removed, an ASCII letter, then ASCII
// alphanumerics, "+", "-" or "." up to the first ":" or the end. Leading
// C0 controls and spaces are not stripped when a URL is given.
// https://url.spec.whatwg.org/#scheme-start-state
func schemeSetterValid(v string) bool {
	i := 0
	for _, c := range v {
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			continue
		case c == ':':
			return i > 0
		case i == 0 && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'):
			return false
		case i > 0 && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
			return false
		}
		i++
	}
	return i > 0
}
