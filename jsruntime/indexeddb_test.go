package jsruntime

import (
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/webapi/idb"
)

// idbPage runs script after a helper that opens database "t" with store
// "s" (out-of-line keys) and calls ready(db).
func idbPage(t *testing.T, script string) *testPage {
	p := newPage(t, `<!doctype html><script>var out = [];
function log(x) { out.push(String(x)); }
var open = indexedDB.open('t', 1);
open.onupgradeneeded = function () { open.result.createObjectStore('s'); };
open.onsuccess = function () { ready(open.result); };
`+script+`</script>`, nil)
	p.run()
	return p
}

// The active flag: requests may be made in a success handler and in the
// microtasks it queues (Dexie and idb rely on this), not in a later task;
// a transaction nobody uses commits at the end of its task.
func TestIndexedDBActiveFlag(t *testing.T) {
	p := idbPage(t, `function ready(db) {
		var tx = db.transaction('s', 'readwrite'), s = tx.objectStore('s');
		s.put('a', 1).onsuccess = function () {
			Promise.resolve().then(function () { return 1; }).then(function () {
				s.put('b', 2).onsuccess = function () { log('chained put'); };
			});
			setTimeout(function () {
				try { s.put('c', 3); window.late = 'no error'; } catch (e) { window.late = e.name; }
			}, 0);
		};
		tx.oncomplete = function () { log('complete'); };
		var idle = db.transaction('s');
		idle.oncomplete = function () { window.idle = 'complete'; };
	}`)
	p.noErrors()
	want := "chained put,complete TransactionInactiveError complete"
	if got := p.eval(`[out.join(), late, idle].join(' ')`); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// An exception thrown by a listener of another event, dispatched from a
// success listener, is not the success listener's: the transaction
// commits.
func TestIndexedDBNestedListenerException(t *testing.T) {
	p := idbPage(t, `function ready(db) {
		var tx = db.transaction('s', 'readwrite');
		document.addEventListener('inner', function () { throw new Error('inner'); });
		tx.objectStore('s').put('x', 1).onsuccess = function () { document.dispatchEvent(new Event('inner')); log('after inner'); };
		tx.oncomplete = function () { log('complete'); };
		tx.onabort = function () { log('abort'); };
	}`)
	if len(p.errors) != 1 || !strings.Contains(p.errors[0].Message, "inner") {
		t.Errorf("errors %v, want the inner listener's", p.errors)
	}
	if got := p.eval(`out.join()`); got != "after inner,complete" {
		t.Errorf("got %s, want after inner,complete", got)
	}
}

// An exception in a request's success listener aborts its transaction and
// rolls back its writes; a failed request whose error event is canceled
// does not.
func TestIndexedDBListenerExceptionAborts(t *testing.T) {
	p := idbPage(t, `function ready(db) {
		var tx = db.transaction('s', 'readwrite'), s = tx.objectStore('s');
		s.put('x', 1).onsuccess = function () { throw new Error('boom'); };
		tx.onabort = function () {
			log('abort ' + tx.error.name);
			var tx2 = db.transaction('s', 'readwrite'), s2 = tx2.objectStore('s');
			s2.add('y', 2);
			s2.add('dup', 2).onerror = function (e) { e.preventDefault(); log('prevented ' + e.target.error.name); };
			tx2.oncomplete = function () {
				db.transaction('s').objectStore('s').getAll().onsuccess = function (e) { log('stored ' + e.target.result); };
			};
		};
	}`)
	if len(p.errors) != 1 || !strings.Contains(p.errors[0].Message, "boom") {
		t.Errorf("errors %v, want the listener's", p.errors)
	}
	want := "abort AbortError,prevented ConstraintError,stored y"
	if got := p.eval(`out.join()`); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// A page's stored bytes are capped: past the quota a put fails with a
// QuotaExceededError (and the transaction aborts), instead of growing.
func TestIndexedDBQuota(t *testing.T) {
	p := newPage(t, `<!doctype html><script>var out = [];
var open = indexedDB.open('q', 1);
open.onupgradeneeded = function () { open.result.createObjectStore('s'); };
open.onsuccess = function () {
	var db = open.result, tx = db.transaction('s', 'readwrite'), s = tx.objectStore('s');
	var big = 'x'.repeat(1 << 20);
	for (var i = 0; i < 100; i++) s.put(big, i);
	tx.onabort = function () { out.push(tx.error.name); };
	tx.oncomplete = function () { out.push('complete'); };
};
</script>`, nil)
	p.run()
	if got := p.eval(`out.join()`); got != "QuotaExceededError" {
		t.Errorf("got %q, want QuotaExceededError", got)
	}
	if e := p.w.IndexedDB(); e == nil || e.Used() != 0 {
		t.Errorf("engine after the abort: %v", e)
	}
	if idb.DefaultQuota > 100<<20 {
		t.Errorf("the default quota %d is more than the test writes", idb.DefaultQuota)
	}
}

// A window that never touches indexedDB makes no engine.
func TestIndexedDBLazy(t *testing.T) {
	p := newPage(t, `<!doctype html><script>var x = typeof IDBKeyRange;</script>`, nil)
	p.run()
	if p.w.IndexedDB() != nil {
		t.Error("an engine was made for a page that never used indexedDB")
	}
	if got := p.eval(`[typeof indexedDB, indexedDB === window.indexedDB, 'indexedDB' in window].join()`); got != "object,true,true" {
		t.Errorf("got %s", got)
	}
}

// BenchmarkIndexedDB is a page that stores 500 records with two indexes,
// reads each back with get, walks them with a store cursor and an index
// cursor, and counts a range: one whole page render per op.
func BenchmarkIndexedDB(b *testing.B) {
	const page = `<!doctype html><p id="out"></p><script>
var open = indexedDB.open('bench', 1);
open.onupgradeneeded = function () {
	var s = open.result.createObjectStore('items', {keyPath: 'id', autoIncrement: true});
	s.createIndex('byName', 'name');
	s.createIndex('byTags', 'tags', {multiEntry: true});
};
open.onsuccess = function () {
	var db = open.result, tx = db.transaction('items', 'readwrite'), s = tx.objectStore('items');
	for (var i = 0; i < 500; i++) s.put({name: 'item ' + (i % 97), tags: ['t' + (i % 7), 't' + (i % 11)], n: i});
	tx.oncomplete = function () {
		var rt = db.transaction('items'), rs = rt.objectStore('items'), sum = 0, seen = 0;
		for (var k = 1; k <= 500; k++) rs.get(k).onsuccess = function (e) { sum += e.target.result.n; };
		rs.openCursor().onsuccess = function (e) { var c = e.target.result; if (c) { seen++; c.continue(); } };
		rs.index('byName').openCursor(null, 'prevunique').onsuccess = function (e) { var c = e.target.result; if (c) { seen++; c.continue(); } };
		rs.index('byTags').count(IDBKeyRange.bound('t1', 't3')).onsuccess = function (e) { seen += e.target.result; };
		rt.oncomplete = function () { document.getElementById('out').textContent = sum + ' ' + seen; };
	};
};
</script>`
	b.ReportAllocs()
	for b.Loop() {
		p := newPage(b, page, nil)
		p.run()
		if got := p.eval(`document.getElementById('out').textContent`); got == "" {
			b.Fatal("the page did not finish")
		}
	}
}
