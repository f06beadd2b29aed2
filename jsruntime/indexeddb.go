package jsruntime

import (
	"math"
	"slices"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi/idb"
)

// IndexedDB: the page's indexedDB, bound to the engine of package
// jsruntime/webapi/idb. This file holds the factory, connections,
// transactions, requests and their events; indexeddb_store.go the object
// stores, indexes, cursors, key ranges and the conversions between script
// values and keys.
//
// Every request runs as a task of the page's loop: a transaction that may
// start takes its requests one by one, each in a task that performs the
// operation and fires its success or error event at once. A transaction is
// active while the task (or event dispatch) that made it runs, with the
// microtasks it queued; it commits when it is inactive with nothing left
// to do.
// https://w3c.github.io/IndexedDB/

// idbFactory is the implementation behind window.indexedDB.
type idbFactory struct {
	w     *Window
	e     *idb.Engine
	conns map[string][]*idbDatabase // open connections by database name
	// queue holds, per database name, the open and delete requests in
	// order: the head runs, the rest wait (the connection queue).
	queue map[string][]*idbOpen
	// fresh are the transactions made since the last microtask
	// checkpoint: still active until script's cleanup deactivates them.
	fresh []*idbTxn
}

// idbOpen is a pending open or deleteDatabase request.
type idbOpen struct {
	req     *idbRequest
	name    string
	version uint64 // 0: open's version argument was omitted
	del     bool
	// waiting is set once the request asked the other connections to
	// close and waits for them.
	waiting bool
	run     func() // continues the request once nothing blocks it
}

// IndexedDB returns the engine behind the window's indexedDB, or nil when
// the page never used it.
func (w *Window) IndexedDB() *idb.Engine {
	if w.idb == nil {
		return nil
	}
	return w.idb.e
}

func (w *Window) idbFactory() *idbFactory {
	if w.idb == nil {
		e := w.cfg.IndexedDB
		if e == nil {
			e = idb.New(0)
		}
		w.idb = &idbFactory{w: w, e: e, conns: map[string][]*idbDatabase{}, queue: map[string][]*idbOpen{}}
	}
	return w.idb
}

// idbDatabase is a connection (IDBDatabase).
type idbDatabase struct {
	dom.EventTarget
	f            *idbFactory
	db           *idb.Database
	name         string
	version      uint64
	closePending bool
	closed       bool
	txns         []*idbTxn // unfinished transactions made on it
}

// txnState is a transaction's state.
// https://w3c.github.io/IndexedDB/#transaction-lifetime
type txnState uint8

const (
	txnActive txnState = iota
	txnInactive
	txnCommitting
	txnFinished
)

// idbTxn is an IDBTransaction.
type idbTxn struct {
	dom.EventTarget
	conn       *idbDatabase
	t          *idb.Txn
	state      txnState
	durability string
	reqs       []*idbRequest // requests waiting to run, in order
	queued     bool          // a task running the next request is queued
	stepFn     func()        // step, made once
	err        goja.Value    // the error attribute (nil: null)
	stores     map[*idb.Store]*idbStore
	// open is the open request of an upgrade transaction, and oldVersion
	// the version it upgrades from.
	open       *idbRequest
	oldVersion uint64
}

func (t *idbTxn) GetTheParent(*dom.Event) dom.Target { return t.conn }

// idbRequest is an IDBRequest or IDBOpenDBRequest.
type idbRequest struct {
	dom.EventTarget
	txn    *idbTxn
	source goja.Value // store, index or cursor wrapper; nil: null
	done   bool
	result goja.Value
	err    goja.Value
	op     func() goja.Value // the operation; it throws a DOMException to fail
	isOpen bool
	cursor *idbCursor // the cursor a cursor request iterates
}

func (r *idbRequest) GetTheParent(*dom.Event) dom.Target {
	if r.txn != nil {
		return r.txn
	}
	return nil
}

// idbFail is an operation's failure: the DOMException name and message.
type idbFail struct{ name, msg string }

func (e *idbFail) Error() string { return e.name + ": " + e.msg }

func (f *idbFactory) domErr(name, msg string) goja.Value {
	return f.w.realm.NewDOMException(name, msg)
}

// fire dispatches a trusted event at t and reports whether it was not
// canceled and whether a listener threw.
func (f *idbFactory) fire(t dom.Target, ev *dom.Event) (notCanceled, threw bool) {
	w := f.w
	ev.IsTrusted = true
	prevEv, prevThrew := w.idbEvent, w.idbThrew
	w.idbEvent, w.idbThrew = ev, false
	ok := w.dispatch(t, ev)
	threw = w.idbThrew
	w.idbEvent, w.idbThrew = prevEv, prevThrew
	return ok, threw
}

func idbEvent(typ string, bubbles, cancelable bool) *dom.Event {
	return dom.NewEvent(typ, bubbles, cancelable)
}

// versionEvent is an IDBVersionChangeEvent (newVersion 0: null).
func (f *idbFactory) versionEvent(typ string, oldV, newV uint64) *dom.Event {
	ev := dom.NewEvent(typ, false, false)
	ev.Detail = &eventData{kind: "IDBVersionChangeEvent", detail: goja.Null(), view: goja.Null(), state: goja.Null(),
		errVal: goja.Undefined(), ext: &eventExtra{idbOld: float64(oldV), idbNew: float64(newV), idbHasNew: newV != 0}}
	return ev
}

// --- the factory ---

// open implements IDBFactory.open.
// https://w3c.github.io/IndexedDB/#dom-idbfactory-open
func (f *idbFactory) open(name string, version uint64) *idbRequest {
	req := &idbRequest{isOpen: true}
	op := &idbOpen{req: req, name: name, version: version}
	op.run = func() { f.runOpen(op) }
	f.enqueue(op)
	return req
}

// deleteDatabase implements IDBFactory.deleteDatabase.
func (f *idbFactory) deleteDatabase(name string) *idbRequest {
	req := &idbRequest{isOpen: true}
	op := &idbOpen{req: req, name: name, del: true}
	op.run = func() { f.runDelete(op) }
	f.enqueue(op)
	return req
}

func (f *idbFactory) enqueue(op *idbOpen) {
	q := append(f.queue[op.name], op)
	f.queue[op.name] = q
	if len(q) == 1 {
		f.w.loop.QueueTask(op.run)
	}
}

// next runs the next request of name's connection queue, after op.
func (f *idbFactory) next(op *idbOpen) {
	q := f.queue[op.name]
	q = slices.DeleteFunc(q, func(o *idbOpen) bool { return o == op })
	if len(q) == 0 {
		delete(f.queue, op.name)
		return
	}
	f.queue[op.name] = q
	f.w.loop.QueueTask(q[0].run)
}

// others returns the open connections to name other than except.
func (f *idbFactory) others(name string, except *idbDatabase) []*idbDatabase {
	var out []*idbDatabase
	for _, c := range f.conns[name] {
		if c != except && !c.closed {
			out = append(out, c)
		}
	}
	return out
}

// askToClose fires versionchange at the other open connections and, if
// some stay open, blocked at the request; it reports whether the request
// must wait.
// https://w3c.github.io/IndexedDB/#upgrade-a-database (steps of open)
func (f *idbFactory) askToClose(op *idbOpen, except *idbDatabase, oldV, newV uint64) bool {
	conns := f.others(op.name, except)
	if len(conns) == 0 {
		return false
	}
	if !op.waiting {
		for _, c := range conns {
			if !c.closePending {
				f.fire(c, f.versionEvent("versionchange", oldV, newV))
			}
		}
		if len(f.others(op.name, except)) > 0 {
			f.fire(op.req, f.versionEvent("blocked", oldV, newV))
		}
		op.waiting = true
	}
	return len(f.others(op.name, except)) > 0
}

// closed is told that a connection closed: a request waiting for it may
// go on.
func (f *idbFactory) connectionClosed(c *idbDatabase) {
	f.conns[c.name] = slices.DeleteFunc(f.conns[c.name], func(o *idbDatabase) bool { return o == c })
	if q := f.queue[c.name]; len(q) > 0 && q[0].waiting {
		f.w.loop.QueueTask(q[0].run)
	}
}

func (f *idbFactory) runOpen(op *idbOpen) {
	req := op.req
	db := f.e.Database(op.name)
	cur := uint64(0)
	if db != nil {
		cur = db.Version
	}
	version := op.version
	if version == 0 {
		version = max(cur, 1)
	}
	if version < cur {
		req.done, req.result = true, goja.Undefined()
		req.err = f.domErr("VersionError", "The requested version ("+itoa64(version)+") is less than the existing version ("+itoa64(cur)+").")
		f.fire(req, idbEvent("error", true, true))
		f.next(op)
		return
	}
	if version > cur && f.askToClose(op, nil, cur, version) {
		return // runs again when they close
	}
	if db == nil {
		db = f.e.Create(op.name)
	}
	conn := &idbDatabase{f: f, db: db, name: op.name, version: cur}
	f.conns[op.name] = append(f.conns[op.name], conn)
	if version == cur {
		conn.version = version
		req.done, req.result = true, f.w.realm.WrapObject(conn, f.w.realm.Class("IDBDatabase"))
		f.fire(req, idbEvent("success", false, false))
		f.next(op)
		return
	}
	// Upgrade: a versionchange transaction over every store.
	// https://w3c.github.io/IndexedDB/#upgrade-a-database
	t := f.newTxn(conn, idb.VersionChange, nil)
	t.open, t.oldVersion = req, cur
	t.t.SetVersion(version)
	conn.version = version
	req.txn = t
	req.done, req.result = true, f.w.realm.WrapObject(conn, f.w.realm.Class("IDBDatabase"))
	t.state = txnActive
	_, threw := f.fire(req, f.versionEvent("upgradeneeded", cur, version))
	if t.state == txnActive {
		t.state = txnInactive
	}
	if threw && t.state != txnFinished {
		t.abort(f.domErr("AbortError", "Uncaught exception in event handler."))
		return
	}
	t.schedule()
}

// upgradeDone finishes an open request after its upgrade transaction.
func (f *idbFactory) upgradeDone(t *idbTxn, committed bool) {
	req := t.open
	conn := t.conn
	req.txn = nil
	var op *idbOpen
	if q := f.queue[conn.name]; len(q) > 0 {
		op = q[0]
	}
	if committed {
		if conn.closed || conn.closePending {
			req.result = goja.Undefined()
			req.err = f.domErr("AbortError", "The connection was closed.")
			f.fire(req, idbEvent("error", true, true))
		} else {
			f.fire(req, idbEvent("success", false, false))
		}
	} else {
		conn.version = t.oldVersion
		if t.oldVersion == 0 {
			f.e.Delete(conn.name)
		}
		conn.closeNow()
		req.result = goja.Undefined()
		req.err = f.domErr("AbortError", "Version change transaction was aborted in upgradeneeded event handler.")
		f.fire(req, idbEvent("error", true, true))
	}
	if op != nil {
		f.next(op)
	}
}

func (f *idbFactory) runDelete(op *idbOpen) {
	req := op.req
	db := f.e.Database(op.name)
	old := uint64(0)
	if db != nil {
		old = db.Version
		if f.askToClose(op, nil, old, 0) {
			return
		}
		f.e.Delete(op.name)
	}
	req.done, req.result = true, goja.Undefined()
	f.fire(req, f.versionEvent("success", old, 0))
	f.next(op)
}

// --- connections ---

// close implements IDBDatabase.close: the connection closes once its
// transactions finish.
func (c *idbDatabase) close() {
	c.closePending = true
	if len(c.txns) == 0 {
		c.closeNow()
	}
}

func (c *idbDatabase) closeNow() {
	if c.closed {
		return
	}
	c.closePending, c.closed = true, true
	c.f.connectionClosed(c)
}

// --- transactions ---

func (f *idbFactory) newTxn(conn *idbDatabase, mode idb.Mode, scope []string) *idbTxn {
	t := &idbTxn{conn: conn, t: conn.db.Begin(mode, scope), durability: "default", stores: map[*idb.Store]*idbStore{}}
	conn.txns = append(conn.txns, t)
	t.t.Started = t.t.Runnable()
	if mode != idb.VersionChange {
		// Inactive once the task that made it (and its microtasks) ends.
		// https://w3c.github.io/IndexedDB/#cleanup-indexed-database-transactions
		f.fresh = append(f.fresh, t)
		f.w.loop.AfterCheckpoint(func() {
			f.fresh = slices.DeleteFunc(f.fresh, func(o *idbTxn) bool { return o == t })
			if t.state == txnActive {
				t.state = txnInactive
			}
			t.schedule()
		})
	}
	return t
}

// afterCallback is "clean up after running script" for IndexedDB: when a
// callback (an event listener) returns with no script left on the stack,
// its microtasks have run (goja runs them as the stack empties) and the
// transactions made meanwhile are no longer active, before the next
// listener of the same dispatch runs; they commit at the task's end once
// nothing is left to do.
// https://html.spec.whatwg.org/multipage/webappapis.html#clean-up-after-running-script
// https://w3c.github.io/IndexedDB/#cleanup-indexed-database-transactions
func (f *idbFactory) afterCallback() {
	if len(f.fresh) == 0 || len(f.w.rt.CaptureCallStack(1, nil)) > 0 {
		return
	}
	for _, t := range f.fresh {
		if t.state == txnActive {
			t.state = txnInactive
		}
	}
	f.fresh = f.fresh[:0]
}

// checkActive throws a TransactionInactiveError unless t takes requests.
func (t *idbTxn) checkActive(r *bind.Realm, what string) {
	if t.state != txnActive {
		r.ThrowDOMException("TransactionInactiveError", what+"The transaction is not active.")
	}
}

// request queues op as a new request of t with source src.
func (t *idbTxn) request(src goja.Value, op func() goja.Value) *idbRequest {
	req := &idbRequest{txn: t, source: src, op: op}
	t.push(req)
	return req
}

func (t *idbTxn) push(req *idbRequest) {
	req.done = false
	t.reqs = append(t.reqs, req)
	t.schedule()
}

// schedule queues the next request's task, or commits a transaction with
// nothing left to do once it is inactive.
func (t *idbTxn) schedule() {
	if t.queued || t.state == txnFinished || !t.t.Started {
		return
	}
	if len(t.reqs) == 0 {
		if t.state == txnInactive || t.state == txnCommitting {
			t.commit()
		}
		return
	}
	t.queued = true
	if t.stepFn == nil {
		t.stepFn = t.step
	}
	t.conn.f.w.loop.QueueTask(t.stepFn)
}

// step runs the first waiting request and fires its event.
// https://w3c.github.io/IndexedDB/#asynchronously-execute-a-request
func (t *idbTxn) step() {
	t.queued = false
	if t.state == txnFinished || len(t.reqs) == 0 {
		return
	}
	f := t.conn.f
	req := t.reqs[0]
	t.reqs = t.reqs[1:]
	var result goja.Value
	var fail *bind.DOMException
	// The request's wrapper lives as long as the realm: drop the
	// operation, and the value it holds, once it has run.
	op := req.op
	req.op = nil
	if ex := f.w.rt.Try(func() { result = op() }); ex != nil {
		if impl, ok := f.w.realm.UnwrapAs(ex.Value(), f.w.realm.Class("DOMException")); ok {
			fail = impl.(*bind.DOMException)
		} else {
			fail = &bind.DOMException{Name: "UnknownError", Message: ex.Error()}
		}
	}
	req.done = true
	if fail != nil {
		req.result = goja.Undefined()
		req.err = f.domErr(fail.Name, fail.Message)
		t.fireError(req)
	} else {
		req.result, req.err = result, nil
		t.fireSuccess(req)
	}
	t.schedule()
}

// fireSuccess fires success at req with t active meanwhile; a listener's
// exception aborts t.
// https://w3c.github.io/IndexedDB/#fire-a-success-event
func (t *idbTxn) fireSuccess(req *idbRequest) {
	if t.state == txnInactive {
		t.state = txnActive
	}
	_, threw := t.conn.f.fire(req, idbEvent("success", false, false))
	if t.state == txnActive {
		t.state = txnInactive
	}
	if threw && t.state != txnFinished {
		t.abort(t.conn.f.domErr("AbortError", "Uncaught exception in event handler."))
	}
}

// fireError fires error at req (bubbling to t and its connection): unless
// a listener canceled it, t aborts with req's error.
// https://w3c.github.io/IndexedDB/#fire-an-error-event
func (t *idbTxn) fireError(req *idbRequest) {
	if t.state == txnInactive {
		t.state = txnActive
	}
	ok, threw := t.conn.f.fire(req, idbEvent("error", true, true))
	if t.state == txnActive {
		t.state = txnInactive
	}
	if t.state == txnFinished {
		return
	}
	if threw {
		t.abort(t.conn.f.domErr("AbortError", "Uncaught exception in event handler."))
	} else if ok {
		t.abort(req.err)
	}
}

// commit commits t and fires complete.
// https://w3c.github.io/IndexedDB/#commit-a-transaction
func (t *idbTxn) commit() {
	t.t.Commit()
	t.state = txnFinished
	f := t.conn.f
	f.w.loop.QueueTask(func() {
		f.fire(t, idbEvent("complete", false, false))
		t.finished(true)
	})
	f.startWaiting(t.conn.db)
}

// abort rolls t back, fails its waiting requests and fires abort.
// https://w3c.github.io/IndexedDB/#abort-a-transaction
func (t *idbTxn) abort(errVal goja.Value) {
	if t.state == txnFinished {
		return
	}
	t.t.Abort()
	t.state = txnFinished
	if errVal != nil {
		t.err = errVal
	}
	f := t.conn.f
	reqs := t.reqs
	t.reqs = nil
	for _, req := range reqs {
		req.op = nil
	}
	if t.open != nil {
		t.conn.version = t.oldVersion
	}
	f.w.loop.QueueTask(func() {
		for _, req := range reqs {
			req.done, req.result = true, goja.Undefined()
			req.err = f.domErr("AbortError", "The transaction was aborted, so the request cannot be fulfilled.")
			f.fire(req, idbEvent("error", true, true))
		}
		f.fire(t, idbEvent("abort", true, false))
		t.finished(false)
	})
	f.startWaiting(t.conn.db)
}

// finished runs after complete or abort fired.
func (t *idbTxn) finished(committed bool) {
	c := t.conn
	c.txns = slices.DeleteFunc(c.txns, func(o *idbTxn) bool { return o == t })
	if t.open != nil {
		c.f.upgradeDone(t, committed)
	}
	if c.closePending && len(c.txns) == 0 {
		c.closeNow()
	}
}

// startWaiting starts the transactions of db that nothing blocks now.
func (f *idbFactory) startWaiting(db *idb.Database) {
	for _, c := range f.conns[db.Name] {
		for _, t := range c.txns {
			if !t.t.Started && t.t.Runnable() {
				t.t.Started = true
				t.schedule()
			}
		}
	}
}

func itoa64(n uint64) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// --- bindings ---

func idbFactoryOf(r *bind.Realm) *idbFactory { return win(r).idbFactory() }

// idbVersionArg converts open's version ([EnforceRange] unsigned long long).
func idbVersionArg(r *bind.Realm, v goja.Value) uint64 {
	if bind.Absent(v) {
		return 0
	}
	f := bind.EnforceRange(v, bind.UnsignedLongLong)
	if f < 1 {
		r.ThrowTypeError("Failed to execute 'open' on 'IDBFactory': Value is outside the 'unsigned long long' value range.")
	}
	return uint64(f)
}

func (w *Window) wrapReq(req *idbRequest) goja.Value {
	cls := "IDBRequest"
	if req.isOpen {
		cls = "IDBOpenDBRequest"
	}
	return w.realm.WrapObject(req, w.realm.Class(cls))
}

func orNullValue(v goja.Value) goja.Value {
	if v == nil {
		return goja.Null()
	}
	return v
}

var idbFactoryIface = &bind.Interface{
	Name: "IDBFactory",
	Methods: []bind.Method{
		{Name: "open", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			name := bind.DOMString(args[0])
			version := idbVersionArg(r, bind.Arg(args, 1))
			return win(r).wrapReq(idbFactoryOf(r).open(name, version))
		}},
		{Name: "deleteDatabase", Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			return win(r).wrapReq(idbFactoryOf(r).deleteDatabase(bind.DOMString(args[0])))
		}},
		{Name: "databases", Promise: true, Fn: func(r *bind.Realm, _ any, _ []goja.Value) goja.Value {
			f := idbFactoryOf(r)
			p, resolve, _ := r.Runtime.NewPromise()
			f.w.loop.QueueTask(func() {
				var list []any
				for _, n := range f.e.Names() {
					db := f.e.Database(n)
					if db.Version == 0 {
						continue // still being created
					}
					o := r.Runtime.NewObject()
					o.Set("name", r.String(n))
					o.Set("version", r.Float(float64(db.Version)))
					list = append(list, o)
				}
				resolve(r.Runtime.NewArray(list...))
			})
			return r.Runtime.ToValue(p)
		}},
		{Name: "cmp", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			a := idbKeyArg(r, args[0], "Failed to execute 'cmp' on 'IDBFactory': The parameter 1 provided is not a valid key.")
			b := idbKeyArg(r, args[1], "Failed to execute 'cmp' on 'IDBFactory': The parameter 2 provided is not a valid key.")
			return r.Int(idb.Compare(a, b))
		}},
	},
}

func requestOf(this any) *idbRequest { return this.(*idbRequest) }

var idbRequestIface = &bind.Interface{
	Name:   "IDBRequest",
	Parent: "EventTarget",
	Attributes: append([]bind.Attribute{
		{Name: "result", Get: func(r *bind.Realm, this any) goja.Value {
			req := requestOf(this)
			if !req.done {
				r.ThrowDOMException("InvalidStateError", "Failed to read the 'result' property from 'IDBRequest': The request has not finished.")
			}
			if req.result == nil {
				return goja.Undefined()
			}
			return req.result
		}},
		{Name: "error", Get: func(r *bind.Realm, this any) goja.Value {
			req := requestOf(this)
			if !req.done {
				r.ThrowDOMException("InvalidStateError", "Failed to read the 'error' property from 'IDBRequest': The request has not finished.")
			}
			return orNullValue(req.err)
		}},
		{Name: "source", Get: func(r *bind.Realm, this any) goja.Value { return orNullValue(requestOf(this).source) }},
		{Name: "transaction", Get: func(r *bind.Realm, this any) goja.Value {
			req := requestOf(this)
			if req.txn == nil {
				return goja.Null()
			}
			return r.WrapObject(req.txn, r.Class("IDBTransaction"))
		}},
		{Name: "readyState", Get: func(r *bind.Realm, this any) goja.Value {
			if requestOf(this).done {
				return r.String("done")
			}
			return r.String("pending")
		}},
	}, handlerAttr("success"), handlerAttr("error")),
}

var idbOpenDBRequestIface = &bind.Interface{
	Name:       "IDBOpenDBRequest",
	Parent:     "IDBRequest",
	Attributes: []bind.Attribute{handlerAttr("blocked"), handlerAttr("upgradeneeded")},
}

func connOf(this any) *idbDatabase { return this.(*idbDatabase) }

// stringList makes a DOMStringList.
func stringList(r *bind.Realm, items []string) goja.Value {
	return r.WrapObject(&domStringList{items: items}, r.Class("DOMStringList"))
}

// upgradeOf returns c's running upgrade transaction, throwing
// InvalidStateError when there is none (createObjectStore outside
// upgradeneeded).
func upgradeOf(r *bind.Realm, c *idbDatabase, what string) *idbTxn {
	for _, t := range c.txns {
		if t.open != nil && t.state != txnFinished {
			if t.state != txnActive {
				r.ThrowDOMException("TransactionInactiveError", what+"The transaction is not active.")
			}
			return t
		}
	}
	r.ThrowDOMException("InvalidStateError", what+"The database is not running a version change transaction.")
	return nil
}

var idbDatabaseIface = &bind.Interface{
	Name:   "IDBDatabase",
	Parent: "EventTarget",
	Attributes: append([]bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(connOf(this).name) }},
		{Name: "version", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(float64(connOf(this).version)) }},
		{Name: "objectStoreNames", Get: func(r *bind.Realm, this any) goja.Value {
			c := connOf(this)
			if c.closed && c.db.Version == 0 {
				return stringList(r, nil)
			}
			return stringList(r, c.db.StoreNames())
		}},
	}, handlerAttr("abort"), handlerAttr("close"), handlerAttr("error"), handlerAttr("versionchange")),
	Methods: []bind.Method{
		{Name: "transaction", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return idbTransaction(r, connOf(this), args)
		}},
		{Name: "close", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			connOf(this).close()
			return nil
		}},
		{Name: "createObjectStore", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return idbCreateStore(r, connOf(this), args)
		}},
		{Name: "deleteObjectStore", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'deleteObjectStore' on 'IDBDatabase': "
			c := connOf(this)
			t := upgradeOf(r, c, what)
			s := c.db.Store(bind.DOMString(args[0]))
			if s == nil {
				r.ThrowDOMException("NotFoundError", what+"The specified object store was not found.")
			}
			t.t.DeleteStore(s)
			return nil
		}},
	},
}

// idbTransaction implements IDBDatabase.transaction.
// https://w3c.github.io/IndexedDB/#dom-idbdatabase-transaction
func idbTransaction(r *bind.Realm, c *idbDatabase, args []goja.Value) goja.Value {
	const what = "Failed to execute 'transaction' on 'IDBDatabase': "
	var names []string
	if o, ok := args[0].(*goja.Object); ok && !bind.Absent(o.GetSymbol(goja.SymIterator)) && o.ClassName() != "String" {
		r.Runtime.ForOf(o, func(v goja.Value) bool {
			names = append(names, bind.DOMString(v))
			return true
		})
	} else {
		names = []string{bind.DOMString(args[0])}
	}
	mode := idb.ReadOnly
	switch m := bind.Arg(args, 1); {
	case bind.Absent(m):
	default:
		switch bind.DOMString(m) {
		case "readonly":
		case "readwrite":
			mode = idb.ReadWrite
		default:
			r.ThrowTypeError(what + "The provided value '" + bind.DOMString(m) + "' is not a valid enum value of type IDBTransactionMode.")
		}
	}
	durability := "default"
	if o, ok := bind.Arg(args, 2).(*goja.Object); ok {
		if d := o.Get("durability"); !bind.Absent(d) {
			switch s := bind.DOMString(d); s {
			case "default", "strict", "relaxed":
				durability = s
			default:
				r.ThrowTypeError(what + "Failed to read the 'durability' property from 'IDBTransactionOptions': The provided value '" + s + "' is not a valid enum value of type IDBTransactionDurability.")
			}
		}
	}
	for _, t := range c.txns {
		if t.open != nil && t.state != txnFinished {
			r.ThrowDOMException("InvalidStateError", what+"A version change transaction is running.")
		}
	}
	if c.closePending {
		r.ThrowDOMException("InvalidStateError", what+"The database connection is closing.")
	}
	slices.SortFunc(names, func(a, b string) int { return idb.Compare(idb.StringKey(a), idb.StringKey(b)) })
	names = slices.Compact(names)
	for _, n := range names {
		if c.db.Store(n) == nil {
			r.ThrowDOMException("NotFoundError", what+"One of the specified object stores was not found.")
		}
	}
	if len(names) == 0 {
		r.ThrowDOMException("InvalidAccessError", what+"The transaction scope cannot be empty.")
	}
	t := c.f.newTxn(c, mode, names)
	t.durability = durability
	return r.WrapObject(t, r.Class("IDBTransaction"))
}

func txnOf(this any) *idbTxn { return this.(*idbTxn) }

var idbTransactionIface = &bind.Interface{
	Name:   "IDBTransaction",
	Parent: "EventTarget",
	Attributes: append([]bind.Attribute{
		{Name: "objectStoreNames", Get: func(r *bind.Realm, this any) goja.Value {
			t := txnOf(this)
			if t.t.Mode == idb.VersionChange {
				return stringList(r, t.conn.db.StoreNames())
			}
			return stringList(r, t.t.Scope)
		}},
		{Name: "mode", Get: func(r *bind.Realm, this any) goja.Value { return r.String(txnOf(this).t.Mode.String()) }},
		{Name: "durability", Get: func(r *bind.Realm, this any) goja.Value { return r.String(txnOf(this).durability) }},
		{Name: "db", Get: func(r *bind.Realm, this any) goja.Value {
			return r.WrapObject(txnOf(this).conn, r.Class("IDBDatabase"))
		}},
		{Name: "error", Get: func(r *bind.Realm, this any) goja.Value { return orNullValue(txnOf(this).err) }},
	}, handlerAttr("abort"), handlerAttr("complete"), handlerAttr("error")),
	Methods: []bind.Method{
		{Name: "objectStore", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			const what = "Failed to execute 'objectStore' on 'IDBTransaction': "
			t := txnOf(this)
			if t.state == txnFinished {
				r.ThrowDOMException("InvalidStateError", what+"The transaction has finished.")
			}
			name := bind.DOMString(args[0])
			s := t.conn.db.Store(name)
			if s == nil || t.t.Mode != idb.VersionChange && !slices.Contains(t.t.Scope, name) {
				r.ThrowDOMException("NotFoundError", what+"The specified object store was not found.")
			}
			return r.WrapObject(t.storeHandle(s), r.Class("IDBObjectStore"))
		}},
		{Name: "commit", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			t := txnOf(this)
			if t.state != txnActive {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'commit' on 'IDBTransaction': The transaction is not active.")
			}
			t.state = txnCommitting
			t.schedule()
			return nil
		}},
		{Name: "abort", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			t := txnOf(this)
			if t.state == txnFinished || t.state == txnCommitting {
				r.ThrowDOMException("InvalidStateError", "Failed to execute 'abort' on 'IDBTransaction': The transaction has finished.")
			}
			t.abort(nil)
			return nil
		}},
	},
}

// IDBVersionChangeEvent https://w3c.github.io/IndexedDB/#events
var idbVersionChangeEventIface = &bind.Interface{Name: "IDBVersionChangeEvent", Parent: "Event", CtorLength: 1,
	Constructor: eventCtor("IDBVersionChangeEvent", func(d *eventData, dict eventDict) {
		x := d.extra()
		if v := dict.Any("newVersion", goja.Null()); !goja.IsNull(v) {
			x.idbNew, x.idbHasNew = math.Trunc(bind.Double(v)), true
		}
		x.idbOld = dict.UnrestrictedDouble("oldVersion", 0)
	}),
	Attributes: []bind.Attribute{
		{Name: "oldVersion", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil {
				return w.int(0)
			}
			return num(w, d.ext.idbOld)
		})},
		{Name: "newVersion", Get: dataGet(func(w *Window, d *eventData) goja.Value {
			if d.ext == nil || !d.ext.idbHasNew {
				return w.null
			}
			return num(w, d.ext.idbNew)
		})},
	},
}
