package jsruntime

import (
	"math/rand/v2"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// The Navigation API: window.navigation over the page's session history
// (nav.go). The page never leaves its document, so every entry is a
// same-document one; a navigation to another document fires navigate, and
// when a listener intercepts it (a single-page router) it becomes a
// same-document navigation as in a browser, else it is reported and not
// followed.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#navigation-api
//
// The navigation object is made the first time a script reads
// window.navigation: until then no script can listen to it, so the history
// code skips every step that only serves it (nav.navi is nil).

// navigation is the Navigation object of the page.
type navigation struct {
	dom.EventTarget
	n *navState
	// ongoing is the data of the ongoing navigate event (nil: none).
	ongoing *navigateData
	// transition is the ongoing transition (nil: null).
	transition *navTransition
	// upcoming is the upcoming non-traverse API method tracker;
	// upcomingTraverse those of traverseTo, back and forward, by key;
	// tracker the ongoing one.
	upcoming         *navTracker
	upcomingTraverse map[string]*navTracker
	tracker          *navTracker
	activation       *navActivation
	// focusChanged is set when the focus moves during the ongoing
	// navigation (no focus reset then).
	focusChanged bool
	// rng makes the keys and ids: its own source, so that making them does
	// not move the page's Math.random.
	rng *rand.Rand
	// onSettled(list, ok, fail) reacts to each promise of list, calling
	// ok once all are fulfilled or fail at the first rejection (Web IDL's
	// wait for all: no Promise.all in between, so navigatesuccess comes
	// in the microtask after the handlers' promises settle, as in
	// Chromium); inScript(f) calls f from a JavaScript frame: Go code run
	// from there is not at the bottom of the stack, where every call into
	// goja ends with a microtask checkpoint (see loop's doc); resolved(v)
	// is PromiseResolve(%Promise%, v): v itself when it is a promise.
	onSettled, inScript, resolved goja.Callable
}

// navHelpers makes onSettled (over Promise.prototype.then as it is when
// the navigation object is made) and inScript.
const navHelpers = `(function (p) {
	var call = Function.prototype.call.bind(p.then), P = p.constructor, res = P.resolve;
	return [function (list, ok, fail) {
			var n = list.length, count = 0, rejected = false;
			for (var i = 0; i < n; i++) {
				call(list[i], function () { if (++count === n) ok(); },
					function (e) { if (!rejected) { rejected = true; fail(e); } });
			}
		},
		function (f) { f(); },
		function (v) { return res.call(P, v); }];
})`

// navEntry is a NavigationHistoryEntry: one per session history entry
// (made again when an entry is replaced, with the same key).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-navigationhistoryentry-interface
type navEntry struct {
	dom.EventTarget
	nav     *navigation
	key, id string
	url     string
	// state is the entry's navigation API state (nil: undefined), a
	// structured clone returned cloned again by getState.
	state goja.Value
}

// navDestination is a NavigationDestination.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-navigationdestination-interface
type navDestination struct {
	url   string
	entry *navEntry // the target of a traversal, else nil
	state goja.Value
	same  bool
}

// navTransition is a NavigationTransition.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-navigationtransition-interface
type navTransition struct {
	navType              string
	from                 *navEntry
	to                   *navDestination
	committed, finished  *goja.Promise
	resolveC, rejectC    func(any) error
	resolveF, rejectF    func(any) error
	committedDone, ended bool
}

// navActivation is a NavigationActivation.
type navActivation struct {
	from, entry *navEntry
	navType     string
}

// navTracker is a navigation API method tracker: the promises one call of
// navigate, reload, traverseTo, back or forward returned.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#navigation-api-method-tracker
type navTracker struct {
	key                 string // the traversal's target key, "" otherwise
	info, state         goja.Value
	committed, finished *goja.Promise
	resolveC, rejectC   func(any) error
	resolveF, rejectF   func(any) error
	committedDone, done bool // committed settled; finished settled
}

// navigateData is what a NavigateEvent carries.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-navigateevent-interface
type navigateData struct {
	navType                  string
	dest                     *navDestination
	canIntercept, userInit   bool
	hashChange, uaTransition bool
	signal, controller       goja.Value
	formData, download, info goja.Value
	source                   goja.Value
	interception             string // none, intercepted, committed, scrolled, finished
	handlers, precommit      []goja.Value
	focusReset, scroll       string
	classicState             goja.Value
	ev                       *dom.Event
	tracker                  *navTracker
	aborted                  bool
	replace                  bool // a push/replace commits as replace
}

// navParams describes a navigation for the navigate event.
type navParams struct {
	navType      string // push, replace, reload, traverse
	url          *webapi.URL
	entry        *navEntry // traverse: the target entry
	state        goja.Value
	same         bool // a same-document navigation (fragment, pushState, traversal)
	user         bool
	source       *dom.Node
	classicState goja.Value
	formData     goja.Value // a POST's FormData (nil: null)
	form         bool       // a form submission
	download     goja.Value // a download link's filename (nil: null)
	// after, for a traversal, fires popstate and hashchange once it
	// committed: at once when no listener intercepted it, else as a
	// microtask after the handlers started (Chromium's order).
	after func()
}

// navigation returns the page's Navigation object, making it on first use.
func (n *navState) navigation() *navigation {
	if n.navi != nil {
		return n.navi
	}
	w := n.w
	nv := &navigation{n: n, rng: rand.New(rand.NewPCG(0x6e617669, uint64(len(n.entries))))}
	p, _, _ := w.rt.NewPromise()
	if mk, err := w.rt.RunString(navHelpers); err == nil {
		if f, ok := goja.AssertFunction(mk); ok {
			if pair, err := f(goja.Undefined(), w.rt.ToValue(p)); err == nil {
				o := pair.ToObject(w.rt)
				nv.onSettled, _ = goja.AssertFunction(o.Get("0"))
				nv.inScript, _ = goja.AssertFunction(o.Get("1"))
				nv.resolved, _ = goja.AssertFunction(o.Get("2"))
			}
		}
	}
	n.navi = nv
	for i := range n.entries {
		n.entries[i].ne = nv.newEntry(n.entries[i].url.String(), "")
	}
	nv.activation = &navActivation{entry: n.entries[n.index].ne, navType: "push"}
	return nv
}

// uuid returns a random version 4 UUID, as Chromium's keys and ids are.
func (nv *navigation) uuid() string {
	var b [16]byte
	for i := 0; i < 16; i += 8 {
		v := nv.rng.Uint64()
		for j := 0; j < 8; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return webapi.UUID(b)
}

// newEntry makes the NavigationHistoryEntry of a session history entry at
// url; key "" makes a new key.
func (nv *navigation) newEntry(url, key string) *navEntry {
	if key == "" {
		key = nv.uuid()
	}
	return &navEntry{nav: nv, key: key, id: nv.uuid(), url: url}
}

// index is e's index in the entry list, -1 once it left it.
func (e *navEntry) index() int {
	n := e.nav.n
	for i := range n.entries {
		if n.entries[i].ne == e {
			return i
		}
	}
	return -1
}

func (nv *navigation) current() *navEntry { return nv.n.entries[nv.n.index].ne }

func (nv *navigation) wrap(v any) goja.Value {
	w := nv.n.w
	switch v := v.(type) {
	case *navEntry:
		if v == nil {
			return w.null
		}
		return w.realm.WrapObject(v, w.realm.Class("NavigationHistoryEntry"))
	case *navDestination:
		return w.realm.WrapObject(v, w.realm.Class("NavigationDestination"))
	case *navTransition:
		if v == nil {
			return w.null
		}
		return w.realm.WrapObject(v, w.realm.Class("NavigationTransition"))
	}
	return w.null
}

// newTracker makes an API method tracker; its finished promise is marked
// handled when rejected.
func (nv *navigation) newTracker(info, state goja.Value) *navTracker {
	rt := nv.n.w.rt
	t := &navTracker{info: info, state: state}
	var res, rej func(any) error
	t.committed, res, rej = rt.NewPromise()
	t.resolveC, t.rejectC = res, rej
	t.finished, res, rej = rt.NewPromise()
	t.resolveF, t.rejectF = res, rej
	return t
}

// result is the NavigationResult of t.
func (nv *navigation) result(t *navTracker) goja.Value {
	rt := nv.n.w.rt
	o := rt.NewObject()
	_ = o.Set("committed", rt.ToValue(t.committed))
	_ = o.Set("finished", rt.ToValue(t.finished))
	return o
}

// earlyError is a NavigationResult whose promises are rejected with err.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#early-error-result
func (nv *navigation) earlyError(err goja.Value) goja.Value {
	rt := nv.n.w.rt
	c, _, rejC := rt.NewPromise()
	f, _, rejF := rt.NewPromise()
	_ = rejC(err)
	_ = rejF(err)
	o := rt.NewObject()
	_ = o.Set("committed", rt.ToValue(c))
	_ = o.Set("finished", rt.ToValue(f))
	return o
}

func (nv *navigation) earlyDOMError(name, msg string) goja.Value {
	return nv.earlyError(nv.n.w.realm.NewDOMException(name, msg))
}

func (nv *navigation) resolvedResult(e *navEntry) goja.Value {
	t := nv.newTracker(goja.Undefined(), nil)
	v := nv.wrap(e)
	_ = t.resolveC(v)
	_ = t.resolveF(v)
	return nv.result(t)
}

// notifyCommitted resolves t's committed promise with the current entry.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#notify-about-the-committed-to-entry
func (nv *navigation) notifyCommitted(t *navTracker) {
	if t == nil || t.committedDone {
		return
	}
	t.committedDone = true
	_ = t.resolveC(nv.wrap(nv.current()))
}

// trackerFinished resolves (err nil) or rejects t's promises, then drops it.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#resolve-the-finished-promise
func (nv *navigation) trackerFinished(t *navTracker, err goja.Value) {
	if t == nil || t.done {
		return
	}
	t.done = true
	if err == nil {
		t.committedDone = true
		_ = t.resolveF(nv.wrap(nv.current()))
	} else {
		if !t.committedDone {
			t.committedDone = true
			_ = t.rejectC(err)
		}
		_ = t.rejectF(err)
		nv.n.w.markHandled(t.finished)
	}
	nv.cleanUp(t)
}

// cleanUp drops t from the navigation.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#navigation-api-method-tracker-clean-up
func (nv *navigation) cleanUp(t *navTracker) {
	if nv.tracker == t {
		nv.tracker = nil
	}
	if nv.upcoming == t {
		nv.upcoming = nil
	}
	if t.key != "" && nv.upcomingTraverse[t.key] == t {
		delete(nv.upcomingTraverse, t.key)
	}
}

// abortOngoing aborts the ongoing navigate event with err (nil: an
// AbortError).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#abort-the-ongoing-navigation
func (nv *navigation) abortOngoing(err goja.Value) {
	d := nv.ongoing
	if d == nil {
		return
	}
	w := nv.n.w
	if err == nil {
		err = w.realm.NewDOMException("AbortError", "Navigation was aborted")
	}
	if d.ev.Dispatching() {
		d.ev.PreventDefault()
	}
	nv.ongoing = nil
	d.aborted = true
	nv.abortSignal(d, err)
	nv.fireNavigateError(err)
	nv.trackerFinished(nv.tracker, err)
	nv.endTransition(err)
}

// abortSignal signals abort on the event's AbortController.
func (nv *navigation) abortSignal(d *navigateData, reason goja.Value) {
	c, ok := d.controller.(*goja.Object)
	if !ok {
		return
	}
	if f, ok := goja.AssertFunction(c.Get("abort")); ok {
		nv.n.w.call(f, c, reason)
	}
}

// endTransition settles the transition's promises (err nil: fulfilled)
// and ends it.
func (nv *navigation) endTransition(err goja.Value) {
	t := nv.transition
	if t == nil {
		return
	}
	nv.transition = nil
	if err == nil {
		if !t.committedDone {
			t.committedDone = true
			_ = t.resolveC(goja.Undefined())
		}
		_ = t.resolveF(goja.Undefined())
		return
	}
	if !t.committedDone {
		t.committedDone = true
		_ = t.rejectC(err)
		nv.n.w.markHandled(t.committed)
	}
	_ = t.rejectF(err)
	nv.n.w.markHandled(t.finished)
}

// fireNavigateError fires navigateerror, an ErrorEvent for err.
func (nv *navigation) fireNavigateError(err goja.Value) {
	w := nv.n.w
	ev := dom.NewEvent("navigateerror", false, false)
	ev.IsTrusted = true
	msg := "Uncaught "
	if _, isDOM := w.realm.UnwrapAs(err, w.realm.Class("DOMException")); !isDOM {
		msg += exceptionMessage(err)
	}
	ev.Detail = &eventData{kind: "ErrorEvent", message: msg, errVal: err, detail: goja.Null(), view: goja.Null()}
	w.dispatch(nv, ev)
}

func (nv *navigation) fireSimple(t dom.Target, typ string) {
	ev := dom.NewEvent(typ, false, false)
	ev.IsTrusted = true
	nv.n.w.dispatch(t, ev)
}

// entriesUpdated runs after the session history changed by a same-document
// navigation: it resolves the committed promise of the ongoing API method,
// fires currententrychange and disposes of the entries that left.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#update-the-navigation-api-entries-for-a-same-document-navigation
func (nv *navigation) entriesUpdated(navType string, old *navEntry, disposed []*navEntry) {
	w := nv.n.w
	nv.notifyCommitted(nv.tracker)
	if t := nv.transition; t != nil && !t.committedDone {
		t.committedDone = true
		_ = t.resolveC(goja.Undefined())
	}
	ev := dom.NewEvent("currententrychange", false, false)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "NavigationCurrentEntryChangeEvent", detail: goja.Null(), view: goja.Null(),
		ext: &eventExtra{width: 1, height: 1, navType: navType, navFrom: old}}
	w.dispatch(nv, ev)
	for _, e := range disposed {
		if e != nil {
			nv.fireSimple(e, "dispose")
		}
	}
}

// fire fires the navigate event for p, and for a navigation that stays
// in the document (same-document, or intercepted) commits it (commit does
// the caller's same-document commit) and runs the intercept handlers. It
// reports whether a navigation to another document goes on.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#inner-navigate-event-firing-algorithm
func (nv *navigation) fire(p *navParams, commit func()) bool {
	w := nv.n.w
	nv.abortOngoing(nil)
	var t *navTracker
	if p.entry != nil {
		t = nv.upcomingTraverse[p.entry.key]
		delete(nv.upcomingTraverse, p.entry.key)
	} else {
		t, nv.upcoming = nv.upcoming, nil
	}
	nv.tracker = t
	cur := nv.n.current()
	d := &navigateData{navType: p.navType, interception: "none", tracker: t,
		dest:         &navDestination{url: p.url.String(), entry: p.entry, state: p.state, same: p.same},
		canIntercept: canRewrite(cur, p.url) && (p.same || p.navType != "traverse"),
		userInit:     p.user, classicState: p.classicState,
		formData: orNull(p.formData), download: orNull(p.download), info: goja.Undefined(), source: w.null,
	}
	if t != nil {
		d.info = t.info
	}
	if p.source != nil {
		d.source = w.wrap(p.source)
	}
	d.hashChange = p.same && withoutHash(p.url) == withoutHash(cur) && (p.url.Fragment != cur.Fragment || p.url.HasFragment != cur.HasFragment)
	if cls := w.realm.Class("AbortController"); cls != nil {
		if c, err := w.rt.New(cls.Constructor()); err == nil {
			d.controller, d.signal = c, c.Get("signal")
		}
	}
	if d.signal == nil {
		d.signal = w.null
	}
	ev := dom.NewEvent("navigate", false, true)
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "NavigateEvent", detail: goja.Null(), view: goja.Null(), ext: &eventExtra{width: 1, height: 1, navigate: d}}
	d.ev = ev
	nv.ongoing = d
	nv.focusChanged = false
	if !w.dispatch(nv, ev) {
		if !d.aborted {
			nv.abortOngoing(nil)
		}
		return false
	}
	if d.aborted {
		return false
	}
	if d.interception == "none" && !p.same {
		// A navigation to another document: this page does not see it
		// end.
		nv.ongoing = nil
		if t != nil {
			nv.cleanUp(t)
		}
		return true
	}
	intercepted := d.interception != "none"
	nv.script(func() {
		switch {
		case !intercepted:
			commit()
		case len(d.precommit) > 0:
			nv.precommit(d, p, commit)
			return
		default:
			nv.commitIntercepted(d, p, commit)
		}
		if !d.aborted {
			nv.runHandlers(d)
		}
		if intercepted && p.after != nil {
			nv.n.w.loop.QueueMicrotask(p.after)
		}
	})
	if !intercepted && p.after != nil {
		p.after()
	}
	return false
}

// commitIntercepted commits an intercepted navigation: the transition
// starts and the URL changes as for pushState.
func (nv *navigation) commitIntercepted(d *navigateData, p *navParams, commit func()) {
	d.interception = "committed"
	rt := nv.n.w.rt
	t := &navTransition{navType: p.navType, from: nv.current(), to: d.dest}
	t.committed, t.resolveC, t.rejectC = rt.NewPromise()
	t.finished, t.resolveF, t.rejectF = rt.NewPromise()
	nv.transition = t
	switch p.navType {
	case "push", "replace":
		if p.same {
			commit()
			return
		}
		h := p.url
		nv.n.setEntryWith(h, p.classicState, p.navType == "replace" || d.replace, p.navType, p.state)
	case "reload":
		cur := nv.current()
		if p.state != nil {
			cur.state = p.state
		}
		nv.entriesUpdated("reload", cur, nil)
	default:
		commit()
	}
}

// precommit runs the precommit handlers, then commits and runs the
// handlers once they all fulfilled.
func (nv *navigation) precommit(d *navigateData, p *navParams, commit func()) {
	w := nv.n.w
	ctrl := w.realm.WrapObject(&navPrecommit{d: d}, w.realm.Class("NavigationPrecommitController"))
	list := make([]goja.Value, 0, len(d.precommit))
	for _, h := range d.precommit {
		list = append(list, nv.invoke(h, ctrl))
	}
	nv.waitAll(list, func() {
		if d.aborted || nv.ongoing != d {
			return
		}
		p.url, _ = webapi.ParseURL(d.dest.url, nil)
		nv.commitIntercepted(d, p, commit)
		nv.runHandlers(d)
	}, func(reason goja.Value) {
		if d.aborted || nv.ongoing != d {
			return
		}
		nv.abortOngoing(reason)
	})
}

// navPrecommit is a NavigationPrecommitController.
type navPrecommit struct{ d *navigateData }

// invoke calls a NavigationInterceptHandler and returns its promise (a
// thrown exception rejects it).
func (nv *navigation) invoke(h goja.Value, args ...goja.Value) goja.Value {
	w := nv.n.w
	rt := w.rt
	p, resolve, reject := rt.NewPromise()
	f, ok := goja.AssertFunction(h)
	if !ok {
		_ = resolve(goja.Undefined())
		return rt.ToValue(p)
	}
	v, err := f(goja.Undefined(), args...)
	if err != nil {
		if ex, ok := err.(*goja.Exception); ok {
			_ = reject(ex.Value())
		} else {
			_ = reject(rt.NewGoError(err))
		}
		return rt.ToValue(p)
	}
	if nv.resolved != nil {
		// The callback's Promise<undefined> result: a promise it returns
		// is taken as it is (no extra ticks).
		if r, err := nv.resolved(goja.Undefined(), v); err == nil {
			return r
		}
	}
	_ = resolve(v)
	return rt.ToValue(p)
}

// waitAll waits for all of the promises in list.
// https://webidl.spec.whatwg.org/#wait-for-all
func (nv *navigation) waitAll(list []goja.Value, ok func(), fail func(reason goja.Value)) {
	w := nv.n.w
	rt := w.rt
	if len(list) == 0 {
		p, resolve, _ := rt.NewPromise()
		_ = resolve(goja.Undefined())
		list = []goja.Value{rt.ToValue(p)}
	}
	onOK := rt.ToValue(func(goja.FunctionCall) goja.Value {
		ok()
		return goja.Undefined()
	})
	onFail := rt.ToValue(func(c goja.FunctionCall) goja.Value {
		fail(c.Argument(0))
		return goja.Undefined()
	})
	vals := make([]any, len(list))
	for i, p := range list {
		vals[i] = p
	}
	if nv.onSettled != nil {
		if _, err := nv.onSettled(goja.Undefined(), rt.NewArray(vals...), onOK, onFail); err != nil {
			w.ReportError(err)
		}
	}
}

// script runs f as one piece of script: the microtasks it queues run
// when it returns, not at each call into goja it makes.
// https://html.spec.whatwg.org/multipage/webappapis.html#prepare-to-run-script
func (nv *navigation) script(f func()) {
	if nv.inScript == nil {
		f()
		return
	}
	fn := nv.n.w.rt.ToValue(func(goja.FunctionCall) goja.Value {
		f()
		return goja.Undefined()
	})
	if _, err := nv.inScript(goja.Undefined(), fn); err != nil {
		nv.n.w.ReportError(err)
	}
}

// runHandlers invokes the navigation handlers and finishes the navigation
// when their promises settle.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#inner-navigate-event-firing-algorithm (step 34)
func (nv *navigation) runHandlers(d *navigateData) {
	list := make([]goja.Value, 0, len(d.handlers))
	for _, h := range d.handlers {
		list = append(list, nv.invoke(h))
	}
	t := d.tracker
	nv.waitAll(list, func() {
		if d.aborted || nv.ongoing != d {
			return
		}
		nv.ongoing = nil
		nv.resetFocus(d)
		d.interception = "finished"
		nv.trackerFinished(t, nil)
		nv.fireSimple(nv, "navigatesuccess")
		nv.endTransition(nil)
	}, func(reason goja.Value) {
		if d.aborted || nv.ongoing != d {
			return
		}
		nv.ongoing = nil
		nv.resetFocus(d)
		d.interception = "finished"
		nv.fireNavigateError(reason)
		nv.trackerFinished(t, reason)
		nv.endTransition(reason)
	})
}

// resetFocus is "potentially reset the focus" at the end of an
// intercepted navigation: unless the focus moved meanwhile or the
// listener asked for focusReset "manual", the document's first focusable
// autofocus element gets it, else nothing has it (the body).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#potentially-reset-the-focus
func (nv *navigation) resetFocus(d *navigateData) {
	changed := nv.focusChanged
	nv.focusChanged = false
	if changed || d.interception == "none" || d.focusReset == "manual" {
		return
	}
	w := nv.n.w
	if list, err := w.doc.QuerySelectorAll("[autofocus]"); err == nil {
		for _, el := range list {
			if w.focusable(el) {
				w.focus(el)
				return
			}
		}
	}
	if f := w.currentFocus(); f != nil {
		w.blur(f)
	}
}

// focusMoved notes a change of focus for the ongoing navigation.
func (n *navState) focusMoved() {
	if n.navi != nil && n.navi.ongoing != nil {
		n.navi.focusChanged = true
	}
}

// navigateEvent fires the navigate event for a navigation when the page
// has a Navigation object, committing a same-document one with commit; it
// reports whether a navigation to another document goes on.
func (n *navState) navigateEvent(p *navParams, commit func()) bool {
	if n.navi == nil || n.frame != nil {
		if p.same {
			commit()
			if p.after != nil {
				p.after()
			}
			return false
		}
		return true
	}
	return n.navi.fire(p, commit)
}

// --- methods

// navigateMethod implements navigation.navigate(url, options).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-navigation-navigate
func (nv *navigation) navigateMethod(s string, info, stateArg goja.Value, history string) goja.Value {
	n := nv.n
	h, ok := n.resolveWeb(s)
	if !ok {
		return nv.earlyDOMError("SyntaxError", "Invalid URL '"+s+"'.")
	}
	if history == "push" && h.Scheme == "javascript" {
		return nv.earlyDOMError("NotSupportedError", "A \"push\" navigation was explicitly requested, but only a \"replace\" navigation is possible when navigating to a javascript: URL.")
	}
	var state goja.Value
	if !bind.Absent(stateArg) {
		var exc goja.Value
		state, exc = nv.serialize(stateArg, "navigate")
		if exc != nil {
			return nv.earlyError(exc)
		}
	}
	if h.Scheme == "javascript" {
		return nv.earlyDOMError("AbortError", "Navigation was aborted")
	}
	t := nv.newTracker(info, state)
	nv.upcoming = t
	// Chromium replaces the entry in "auto" before the load event, as a
	// Location navigation does.
	replace := history == "replace" || (history == "auto" && (h.String() == n.current().String() || !n.completelyLoaded))
	n.navigateWith(h, replace, &navParams{state: state})
	if nv.upcoming == t {
		nv.upcoming = nil
		return nv.earlyDOMError("AbortError", "Navigation was aborted")
	}
	return nv.result(t)
}

// serialize clones v for an entry's state; a value that cannot be cloned
// gives the exception instead.
func (nv *navigation) serialize(v goja.Value, method string) (state, exc goja.Value) {
	w := nv.n.w
	var caught goja.Value
	func() {
		defer func() {
			if r := recover(); r != nil {
				if ex, ok := r.(*goja.Exception); ok {
					caught = ex.Value()
					return
				}
				if o, ok := r.(goja.Value); ok {
					caught = o
					return
				}
				panic(r)
			}
		}()
		state = webapi.CloneInto(w.realm, v, nil, w.rt, "Failed to execute '"+method+"' on 'Navigation': ")
	}()
	return state, caught
}

// reloadMethod implements navigation.reload(options) and location.reload().
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-navigation-reload
func (n *navState) reload(t *navTracker, state goja.Value) {
	cur := n.current()
	p := &navParams{navType: "reload", url: cur, state: state}
	if n.navi != nil && state == nil {
		p.state = n.navi.current().state
	}
	if n.navigateEvent(p, func() {}) {
		if n.frame != nil {
			n.w.frameReload(n.frame)
			return
		}
		n.w.log.Debug("jsruntime: reload ignored")
	}
}

// traverseToKey implements traverseTo, back and forward.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#performing-a-navigation-api-traversal
func (nv *navigation) traverseToKey(key string, info goja.Value) goja.Value {
	n := nv.n
	cur := nv.current()
	if cur.key == key {
		return nv.resolvedResult(cur)
	}
	to := -1
	for i := range n.entries {
		if n.entries[i].ne.key == key {
			to = i
			break
		}
	}
	if to < 0 {
		return nv.earlyDOMError("InvalidStateError", "Invalid key")
	}
	if t := nv.upcomingTraverse[key]; t != nil {
		return nv.result(t)
	}
	t := nv.newTracker(info, nil)
	t.key = key
	if nv.upcomingTraverse == nil {
		nv.upcomingTraverse = map[string]*navTracker{}
	}
	nv.upcomingTraverse[key] = t
	n.traverseTo(to, t)
	return nv.result(t)
}

// --- bindings

func navOf(this any) *navigation { return this.(*navigation) }

// readNavOptions reads NavigationOptions' info, then the members of the
// derived dictionaries in order (history, state).
func readNavOptions(r *bind.Realm, v goja.Value, method, dictName string, withHistory, withState bool) (info, state goja.Value, history string) {
	info, state, history = goja.Undefined(), goja.Undefined(), "auto"
	if bind.Nullish(v) {
		return
	}
	o, ok := v.(*goja.Object)
	if !ok {
		r.ThrowTypeError("Failed to execute '%s' on 'Navigation': The provided value is not of type '%s'.", method, dictName)
	}
	info = o.Get("info")
	if info == nil {
		info = goja.Undefined()
	}
	if withHistory {
		if hv := o.Get("history"); !bind.Absent(hv) {
			history = bind.DOMString(hv)
			if history != "auto" && history != "push" && history != "replace" {
				r.ThrowTypeError("Failed to execute '%s' on 'Navigation': Failed to read the 'history' property from '%s': The provided value '%s' is not a valid enum value of type NavigationHistoryBehavior.", method, dictName, history)
			}
		}
	}
	if withState {
		if sv := o.Get("state"); sv != nil {
			state = sv
		}
	}
	return
}

var navigationIface = &bind.Interface{
	Name:   "Navigation",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "currentEntry", Get: func(r *bind.Realm, this any) goja.Value {
			nv := navOf(this)
			return nv.wrap(nv.current())
		}},
		{Name: "transition", Get: func(r *bind.Realm, this any) goja.Value {
			nv := navOf(this)
			return nv.wrap(nv.transition)
		}},
		{Name: "activation", Get: func(r *bind.Realm, this any) goja.Value {
			nv := navOf(this)
			if nv.activation == nil {
				return win(r).null
			}
			return r.WrapObject(nv.activation, r.Class("NavigationActivation"))
		}},
		{Name: "canGoBack", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).boolean(navOf(this).n.index > 0)
		}},
		{Name: "canGoForward", Get: func(r *bind.Realm, this any) goja.Value {
			n := navOf(this).n
			return win(r).boolean(n.index+1 < len(n.entries))
		}},
		handlerAttr("navigate"), handlerAttr("navigatesuccess"), handlerAttr("navigateerror"), handlerAttr("currententrychange"),
	},
	Methods: []bind.Method{
		{Name: "entries", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			nv := navOf(this)
			vals := make([]any, len(nv.n.entries))
			for i := range nv.n.entries {
				vals[i] = nv.wrap(nv.n.entries[i].ne)
			}
			return r.Runtime.NewArray(vals...)
		}},
		{Name: "updateCurrentEntry", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-navigation-updatecurrententry
			nv := navOf(this)
			o, ok := args[0].(*goja.Object)
			if !ok && !bind.Nullish(args[0]) {
				r.ThrowTypeError("Failed to execute 'updateCurrentEntry' on 'Navigation': The provided value is not of type 'NavigationUpdateCurrentEntryOptions'.")
			}
			var sv goja.Value
			if ok {
				sv = o.Get("state")
			}
			if bind.Absent(sv) {
				r.ThrowTypeError("Failed to execute 'updateCurrentEntry' on 'Navigation': Failed to read the 'state' property from 'NavigationUpdateCurrentEntryOptions': Required member is undefined.")
			}
			state := webapi.CloneInto(r, sv, nil, r.Runtime, "Failed to execute 'updateCurrentEntry' on 'Navigation': ")
			cur := nv.current()
			cur.state = state
			ev := dom.NewEvent("currententrychange", false, false)
			ev.IsTrusted = true
			ev.Detail = &eventData{kind: "NavigationCurrentEntryChangeEvent", detail: goja.Null(), view: goja.Null(),
				ext: &eventExtra{width: 1, height: 1, navFrom: cur}}
			win(r).dispatch(nv, ev)
			return nil
		}},
		{Name: "navigate", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			s := bind.DOMString(args[0])
			info, state, history := readNavOptions(r, bind.Arg(args, 1), "navigate", "NavigationNavigateOptions", true, true)
			return navOf(this).navigateMethod(s, info, state, history)
		}},
		{Name: "reload", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			nv := navOf(this)
			info, stateArg, _ := readNavOptions(r, bind.Arg(args, 0), "reload", "NavigationReloadOptions", false, true)
			var state goja.Value
			if !bind.Absent(stateArg) {
				var exc goja.Value
				state, exc = nv.serialize(stateArg, "reload")
				if exc != nil {
					return nv.earlyError(exc)
				}
			}
			t := nv.newTracker(info, state)
			nv.upcoming = t
			nv.n.reload(t, state)
			if nv.upcoming == t {
				nv.upcoming = nil
			}
			return nv.result(t)
		}},
		{Name: "traverseTo", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			key := bind.DOMString(args[0])
			info, _, _ := readNavOptions(r, bind.Arg(args, 1), "traverseTo", "NavigationOptions", false, false)
			return navOf(this).traverseToKey(key, info)
		}},
		{Name: "back", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			nv := navOf(this)
			info, _, _ := readNavOptions(r, bind.Arg(args, 0), "back", "NavigationOptions", false, false)
			if nv.n.index == 0 {
				return nv.earlyDOMError("InvalidStateError", "Cannot go back")
			}
			return nv.traverseToKey(nv.n.entries[nv.n.index-1].ne.key, info)
		}},
		{Name: "forward", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			nv := navOf(this)
			info, _, _ := readNavOptions(r, bind.Arg(args, 0), "forward", "NavigationOptions", false, false)
			if nv.n.index+1 >= len(nv.n.entries) {
				return nv.earlyDOMError("InvalidStateError", "Cannot go forward")
			}
			return nv.traverseToKey(nv.n.entries[nv.n.index+1].ne.key, info)
		}},
	},
}

func entryOf(this any) *navEntry { return this.(*navEntry) }

// getState returns a fresh copy of a navigation API state.
func (nv *navigation) getState(state goja.Value) goja.Value {
	if state == nil {
		return goja.Undefined()
	}
	w := nv.n.w
	return webapi.StructuredClone(w.realm, state, nil)
}

var navigationHistoryEntryIface = &bind.Interface{
	Name:   "NavigationHistoryEntry",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "url", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str(entryOf(this).url) }},
		// A disposed entry keeps its URL, key and id, as in Chromium.
		{Name: "key", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str(entryOf(this).key) }},
		{Name: "id", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str(entryOf(this).id) }},
		{Name: "index", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(entryOf(this).index()) }},
		{Name: "sameDocument", Get: func(r *bind.Realm, this any) goja.Value { return valTrue }},
		handlerAttr("dispose"),
	},
	Methods: []bind.Method{
		{Name: "getState", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			e := entryOf(this)
			return e.nav.getState(e.state)
		}},
	},
}

func destOf(this any) *navDestination { return this.(*navDestination) }

var navigationDestinationIface = &bind.Interface{
	Name: "NavigationDestination",
	Attributes: []bind.Attribute{
		{Name: "url", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str(destOf(this).url) }},
		{Name: "key", Get: func(r *bind.Realm, this any) goja.Value {
			if e := destOf(this).entry; e != nil {
				return win(r).str(e.key)
			}
			return win(r).str("")
		}},
		{Name: "id", Get: func(r *bind.Realm, this any) goja.Value {
			if e := destOf(this).entry; e != nil {
				return win(r).str(e.id)
			}
			return win(r).str("")
		}},
		{Name: "index", Get: func(r *bind.Realm, this any) goja.Value {
			if e := destOf(this).entry; e != nil {
				return win(r).int(e.index())
			}
			return win(r).int(-1)
		}},
		{Name: "sameDocument", Get: func(r *bind.Realm, this any) goja.Value { return win(r).boolean(destOf(this).same) }},
	},
	Methods: []bind.Method{
		{Name: "getState", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).nav.navigation().getState(destOf(this).state)
		}},
	},
}

func transOf(this any) *navTransition { return this.(*navTransition) }

var navigationTransitionIface = &bind.Interface{
	Name: "NavigationTransition",
	Attributes: []bind.Attribute{
		{Name: "navigationType", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str(transOf(this).navType) }},
		{Name: "from", Get: func(r *bind.Realm, this any) goja.Value { return win(r).nav.navigation().wrap(transOf(this).from) }},
		{Name: "to", Get: func(r *bind.Realm, this any) goja.Value { return win(r).nav.navigation().wrap(transOf(this).to) }},
		{Name: "committed", Promise: true, Get: func(r *bind.Realm, this any) goja.Value { return r.Runtime.ToValue(transOf(this).committed) }},
		{Name: "finished", Promise: true, Get: func(r *bind.Realm, this any) goja.Value { return r.Runtime.ToValue(transOf(this).finished) }},
	},
}

var navigationActivationIface = &bind.Interface{
	Name: "NavigationActivation",
	Attributes: []bind.Attribute{
		{Name: "from", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).nav.navigation().wrap(this.(*navActivation).from)
		}},
		{Name: "entry", Get: func(r *bind.Realm, this any) goja.Value {
			return win(r).nav.navigation().wrap(this.(*navActivation).entry)
		}},
		{Name: "navigationType", Get: func(r *bind.Realm, this any) goja.Value { return win(r).str(this.(*navActivation).navType) }},
	},
}

var navigationPrecommitControllerIface = &bind.Interface{
	Name: "NavigationPrecommitController",
	Methods: []bind.Method{
		{Name: "redirect", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-navigationprecommitcontroller-redirect
			d := this.(*navPrecommit).d
			s := bind.DOMString(args[0])
			w := win(r)
			if d.interception != "intercepted" || d.aborted {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'redirect' on 'NavigationPrecommitController': The navigation is not in a state to be redirected.")
			}
			if d.navType != "push" && d.navType != "replace" {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'redirect' on 'NavigationPrecommitController': Only push and replace navigations can be redirected.")
			}
			h, ok := w.nav.resolveWeb(s)
			if !ok {
				r.ThrowDOMException("SyntaxError", "Failed to execute 'redirect' on 'NavigationPrecommitController': Invalid URL '"+s+"'.")
			}
			if !canRewrite(w.nav.current(), h) {
				r.ThrowDOMException("SecurityError", "Failed to execute 'redirect' on 'NavigationPrecommitController': The URL cannot be navigated to.")
			}
			info, state, history := readNavOptions(r, bind.Arg(args, 1), "redirect", "NavigationNavigateOptions", true, true)
			d.dest.url = h.String()
			d.dest.entry = nil
			if history == "replace" {
				d.replace = true
			}
			if !bind.Absent(state) {
				d.dest.state = webapi.CloneInto(r, state, nil, r.Runtime, "Failed to execute 'redirect' on 'NavigationPrecommitController': ")
			}
			if !bind.Absent(info) {
				d.info = info
			}
			return nil
		}},
		{Name: "addHandler", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			d := this.(*navPrecommit).d
			if _, ok := goja.AssertFunction(args[0]); !ok {
				r.ThrowTypeError("Failed to execute 'addHandler' on 'NavigationPrecommitController': The callback provided as parameter 1 is not a function.")
			}
			if d.interception != "intercepted" || d.aborted {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'addHandler' on 'NavigationPrecommitController': The navigation is not in a state to add handlers.")
			}
			d.handlers = append(d.handlers, args[0])
			return nil
		}},
	},
}

func navData(this any) *navigateData {
	d := evData(this.(*dom.Event))
	if d.ext == nil || d.ext.navigate == nil {
		return nil
	}
	return d.ext.navigate
}

func navGet(f func(w *Window, d *navigateData) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value {
		d := navData(this)
		if d == nil {
			return goja.Undefined()
		}
		return f(win(r), d)
	}
}

// navigateChecks are the shared checks of intercept() and scroll().
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#navigateevent-perform-shared-checks
func navigateChecks(r *bind.Realm, ev *dom.Event, method string) {
	if !ev.IsTrusted {
		r.ThrowDOMException("SecurityError", "Failed to execute '"+method+"' on 'NavigateEvent': "+method+"() may only be called on a trusted event.")
	}
	if ev.DefaultPrevented() {
		r.ThrowDOMException("InvalidStateError", "Failed to execute '"+method+"' on 'NavigateEvent': "+method+"() may not be called on a canceled event.")
	}
}

var navigateEventIface = &bind.Interface{
	Name: "NavigateEvent", Parent: "Event", CtorLength: 2,
	Constructor: func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		// https://html.spec.whatwg.org/multipage/nav-history-apis.html#navigateeventinit
		w := win(r)
		typ := bind.DOMString(args[0])
		init, ok := args[1].(*goja.Object)
		if !ok && !bind.Nullish(args[1]) {
			r.ThrowTypeError("Failed to construct 'NavigateEvent': The provided value is not of type 'NavigateEventInit'.")
		}
		fail := func(member, msg string) {
			r.ThrowTypeError("Failed to construct 'NavigateEvent': Failed to read the '%s' property from 'NavigateEventInit': %s", member, msg)
		}
		d := &navigateData{navType: "push", interception: "none", info: goja.Undefined(), formData: w.null, download: w.null, source: w.null}
		ev := dom.NewEvent(typ, dictBool(init, "bubbles"), dictBool(init, "cancelable"))
		ev.Composed = dictBool(init, "composed")
		d.canIntercept = dictBool(init, "canIntercept")
		dv := dict(init, "destination")
		if bind.Absent(dv) {
			fail("destination", "Required member is undefined.")
		}
		impl, ok := r.UnwrapAs(dv, r.Class("NavigationDestination"))
		if !ok {
			fail("destination", "Failed to convert value to 'NavigationDestination'.")
		}
		d.dest = impl.(*navDestination)
		if v := dict(init, "downloadRequest"); !bind.Absent(v) && v != goja.Null() {
			d.download = w.str(bind.DOMString(v))
		}
		if v := dict(init, "formData"); !bind.Nullish(v) {
			if cls := r.Class("FormData"); cls == nil {
				fail("formData", "Failed to convert value to 'FormData'.")
			} else if _, ok := r.UnwrapAs(v, cls); !ok {
				fail("formData", "Failed to convert value to 'FormData'.")
			}
			d.formData = v
		}
		d.uaTransition = dictBool(init, "hasUAVisualTransition")
		d.hashChange = dictBool(init, "hashChange")
		if v := dict(init, "info"); v != nil {
			d.info = v
		}
		if v := dict(init, "navigationType"); !bind.Absent(v) {
			s := bind.DOMString(v)
			if s != "push" && s != "replace" && s != "reload" && s != "traverse" {
				fail("navigationType", "The provided value '"+s+"' is not a valid enum value of type NavigationType.")
			}
			d.navType = s
		}
		sv := dict(init, "signal")
		if bind.Absent(sv) {
			fail("signal", "Required member is undefined.")
		}
		if cls := r.Class("AbortSignal"); cls != nil {
			if _, ok := r.UnwrapAs(sv, cls); !ok {
				fail("signal", "Failed to convert value to 'AbortSignal'.")
			}
		}
		d.signal = sv
		if v := dict(init, "sourceElement"); !bind.Nullish(v) {
			if n := w.toNode(v); n == nil || !n.IsElement() {
				fail("sourceElement", "Failed to convert value to 'Element'.")
			}
			d.source = v
		}
		d.userInit = dictBool(init, "userInitiated")
		ev.TimeStamp = webapi.HighResTime(w.loop.Elapsed())
		d.ev = ev
		ev.Detail = &eventData{kind: "NavigateEvent", detail: goja.Null(), view: goja.Null(), ext: &eventExtra{width: 1, height: 1, navigate: d}}
		return ev
	},
	Attributes: []bind.Attribute{
		{Name: "navigationType", Get: navGet(func(w *Window, d *navigateData) goja.Value { return w.str(d.navType) })},
		{Name: "destination", Get: navGet(func(w *Window, d *navigateData) goja.Value {
			return w.realm.WrapObject(d.dest, w.realm.Class("NavigationDestination"))
		})},
		{Name: "canIntercept", Get: navGet(func(w *Window, d *navigateData) goja.Value { return w.boolean(d.canIntercept) })},
		{Name: "userInitiated", Get: navGet(func(w *Window, d *navigateData) goja.Value { return w.boolean(d.userInit) })},
		{Name: "hashChange", Get: navGet(func(w *Window, d *navigateData) goja.Value { return w.boolean(d.hashChange) })},
		{Name: "signal", Get: navGet(func(w *Window, d *navigateData) goja.Value { return d.signal })},
		{Name: "formData", Get: navGet(func(w *Window, d *navigateData) goja.Value { return d.formData })},
		{Name: "downloadRequest", Get: navGet(func(w *Window, d *navigateData) goja.Value { return d.download })},
		{Name: "info", Get: navGet(func(w *Window, d *navigateData) goja.Value { return d.info })},
		{Name: "hasUAVisualTransition", Get: navGet(func(w *Window, d *navigateData) goja.Value { return w.boolean(d.uaTransition) })},
		{Name: "sourceElement", Get: navGet(func(w *Window, d *navigateData) goja.Value { return d.source })},
	},
	Methods: []bind.Method{
		{Name: "intercept", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-navigateevent-intercept
			ev := this.(*dom.Event)
			d := navData(this)
			navigateChecks(r, ev, "intercept")
			if !ev.Dispatching() {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'intercept' on 'NavigateEvent': intercept() may only be called while the navigate event is being dispatched.")
			}
			if !d.canIntercept {
				w := win(r)
				r.ThrowDOMException("SecurityError", "Failed to execute 'intercept' on 'NavigateEvent': A navigation with URL '"+d.dest.url+"' cannot be intercepted by in a window with origin '"+w.nav.current().Origin()+"' and URL '"+w.nav.current().String()+"'.")
			}
			opts := bind.Arg(args, 0)
			o, isObj := opts.(*goja.Object)
			if !isObj && !bind.Nullish(opts) {
				r.ThrowTypeError("Failed to execute 'intercept' on 'NavigateEvent': The provided value is not of type 'NavigationInterceptOptions'.")
			}
			enum := func(member string) string {
				if o == nil {
					return ""
				}
				v := o.Get(member)
				if bind.Absent(v) {
					return ""
				}
				s := bind.DOMString(v)
				if s != "after-transition" && s != "manual" {
					typ := "NavigationFocusReset"
					if member == "scroll" {
						typ = "NavigationScrollBehavior"
					}
					r.ThrowTypeError("Failed to execute 'intercept' on 'NavigateEvent': Failed to read the '%s' property from 'NavigationInterceptOptions': The provided value '%s' is not a valid enum value of type %s.", member, s, typ)
				}
				return s
			}
			callback := func(member string) goja.Value {
				if o == nil {
					return nil
				}
				v := o.Get(member)
				if bind.Absent(v) {
					return nil
				}
				if _, ok := goja.AssertFunction(v); !ok {
					r.ThrowTypeError("Failed to execute 'intercept' on 'NavigateEvent': Failed to read the '%s' property from 'NavigationInterceptOptions': The provided value is not a function.", member)
				}
				return v
			}
			// Members in dictionary order.
			focus := enum("focusReset")
			handler := callback("handler")
			pre := callback("precommitHandler")
			scroll := enum("scroll")
			if handler != nil {
				d.handlers = append(d.handlers, handler)
			}
			if pre != nil {
				if !ev.Cancelable {
					r.ThrowDOMException("InvalidStateError", "Failed to execute 'intercept' on 'NavigateEvent': Cannot use precommitHandler with a non-cancelable navigation.")
				}
				d.precommit = append(d.precommit, pre)
			}
			d.interception = "intercepted"
			if focus != "" {
				d.focusReset = focus
			}
			if scroll != "" {
				d.scroll = scroll
			}
			return nil
		}},
		{Name: "scroll", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-navigateevent-scroll
			ev := this.(*dom.Event)
			d := navData(this)
			navigateChecks(r, ev, "scroll")
			if d.interception != "committed" {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'scroll' on 'NavigateEvent': intercept() must be called before scroll()")
			}
			d.interception = "scrolled"
			return nil
		}},
	},
}

var navigationCurrentEntryChangeEventIface = &bind.Interface{
	Name: "NavigationCurrentEntryChangeEvent", Parent: "Event", CtorLength: 2,
	Constructor: func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		w := win(r)
		typ := bind.DOMString(args[0])
		init, ok := args[1].(*goja.Object)
		if !ok && !bind.Nullish(args[1]) {
			r.ThrowTypeError("Failed to construct 'NavigationCurrentEntryChangeEvent': The provided value is not of type 'NavigationCurrentEntryChangeEventInit'.")
		}
		ev := dom.NewEvent(typ, dictBool(init, "bubbles"), dictBool(init, "cancelable"))
		ev.Composed = dictBool(init, "composed")
		fv := dict(init, "from")
		if bind.Absent(fv) {
			r.ThrowTypeError("Failed to construct 'NavigationCurrentEntryChangeEvent': Failed to read the 'from' property from 'NavigationCurrentEntryChangeEventInit': Required member is undefined.")
		}
		impl, ok := r.UnwrapAs(fv, r.Class("NavigationHistoryEntry"))
		if !ok {
			r.ThrowTypeError("Failed to construct 'NavigationCurrentEntryChangeEvent': Failed to read the 'from' property from 'NavigationCurrentEntryChangeEventInit': Failed to convert value to 'NavigationHistoryEntry'.")
		}
		x := &eventExtra{width: 1, height: 1, navFrom: impl.(*navEntry)}
		if v := dict(init, "navigationType"); !bind.Nullish(v) {
			s := bind.DOMString(v)
			if s != "push" && s != "replace" && s != "reload" && s != "traverse" {
				r.ThrowTypeError("Failed to construct 'NavigationCurrentEntryChangeEvent': Failed to read the 'navigationType' property from 'NavigationCurrentEntryChangeEventInit': The provided value '%s' is not a valid enum value of type NavigationType.", s)
			}
			x.navType = s
		}
		ev.TimeStamp = webapi.HighResTime(w.loop.Elapsed())
		ev.Detail = &eventData{kind: "NavigationCurrentEntryChangeEvent", detail: goja.Null(), view: goja.Null(), ext: x}
		return ev
	},
	Attributes: []bind.Attribute{
		{Name: "navigationType", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil || d.ext.navType == "" {
				return w.null
			}
			return w.str(d.ext.navType)
		})},
		{Name: "from", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil || d.ext.navFrom == nil {
				return w.null
			}
			return w.nav.navigation().wrap(d.ext.navFrom)
		})},
	},
}

var navigationIfaces = []*bind.Interface{
	navigationIface, navigationHistoryEntryIface, navigationDestinationIface, navigationTransitionIface,
	navigationActivationIface, navigationPrecommitControllerIface, navigateEventIface, navigationCurrentEntryChangeEventIface,
}

// navigationObject is window.navigation.
func (w *Window) navigationObject() goja.Value {
	nv := w.nav.navigation()
	return w.realm.WrapObject(nv, w.realm.Class("Navigation"))
}
