package bind

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
	"weak"

	"github.com/dop251/goja"
)

// Weak wrappers. The realm's maps between wrappers and implementations
// (objs, impls) hold both strongly, for the life of the page: a node's
// wrapper must outlive script's references to it, since script can reach
// the node again (through the tree) and must find the same object with its
// expandos. Values that script alone hands on (events, DOMExceptions,
// iterators) would then never be collected: a page receiving a message
// per task (a MessageChannel ping-pong, a flooding EventSource) kept every
// MessageEvent, with its data and ports array, and grew by about 1 KiB per
// message. The wrappers of an interface declared Weak (and of interfaces
// inheriting it) are kept here instead: by a weak pointer, keyed by the
// wrapper's address, with the implementation and class beside it, so that
// the wrapper lives as long as script (or Go code) references it and its
// implementation as long as the wrapper, until the first record after the
// collection that finds the wrapper dead removes its entry. A wrapper made in a task is also
// held strongly until a later task runs (pinned), so that Go code
// dispatching an event it made wraps it once for all of its listeners,
// whatever the collector does between them.
//
// Go has no ephemerons, so the entry's implementation must not reference
// its own wrapper (an event's data may be any value, but not the event's
// own wrapper unless script puts it there, which only keeps that one alive).

// weakEntry is a weak wrapper's record.
type weakEntry struct {
	ref  weak.Pointer[goja.Object]
	impl any
	cls  *Class
}

// weakPruneMin is the size of the weak tables below which dead entries are
// left in place until a collection has run (weakPruneGCMin).
const weakPruneMin = 4096

// weakPruneGCMin is the size of the weak tables from which a record made
// after a collection prunes them. An entry holds its implementation
// strongly, so a dead wrapper's entry kept its event (with the event's data
// and the script values it references) until the tables next reached
// pruneAt, twice the entries left at the last pruning: up to thousands of
// dead events, more when prunings ran without a collection between them
// (TestMessagesRetainNothing measured -2 to +28 MiB for 38,000 more
// messages, depending on where in that cycle its page ended). Pruning once
// after each collection frees them with the collection's other garbage; its
// walk costs what the collection's marking of the same entries did.
const weakPruneGCMin = 256

// gcCycles counts the collections finished since the first weak record
// (watchCollections).
var (
	gcCycles      atomic.Uint64
	gcWatchCycles sync.Once
)

// gcSentinel is an object nothing references: its cleanup runs after the
// collection that finds it, counts the cycle and arms the next sentinel.
// (It holds a pointer so that it is never one of the tiny allocator's
// shared blocks, which are freed only when all their objects are.)
type gcSentinel struct{ _ *byte }

func watchCollections() {
	runtime.AddCleanup(&gcSentinel{}, func(struct{}) {
		gcCycles.Add(1)
		watchCollections()
	}, struct{}{})
}

// weakTier holds the realm's weak wrappers (see above).
type weakTier struct {
	objs  map[uintptr]weakEntry
	impls map[any]weak.Pointer[goja.Object]
	// pinned holds the wrappers made since the task counter last moved.
	pinned  []*goja.Object
	pinTask uint64
	// pruneAt is the size of objs at which dead entries are removed.
	pruneAt int
	// pruneGC is gcCycles when the tables were last pruned.
	pruneGC uint64
	// task counts the page's tasks (SetTaskCounter); nil means no weak
	// wrappers: they are recorded as any other.
	task *uint64
}

// SetTaskCounter gives the realm a counter that moves at the end of each
// task the page runs (loop.Loop.TaskSeq). Until it is set, interfaces
// declared Weak keep their wrappers as any other interface does.
func (r *Realm) SetTaskCounter(n *uint64) { r.weak.task = n }

// record records obj as impl's wrapper of class cls.
func (r *Realm) record(obj *goja.Object, impl any, cls *Class) {
	if cls.weak && r.weak.task != nil {
		r.recordWeak(obj, impl, cls)
		return
	}
	r.objs[obj] = entry{impl, cls}
	if slot := cls.slot(impl); slot != nil {
		*slot = obj
	} else {
		r.impls[impl] = obj
	}
}

func (r *Realm) recordWeak(obj *goja.Object, impl any, cls *Class) {
	t := &r.weak
	if t.objs == nil {
		t.objs = make(map[uintptr]weakEntry)
		t.impls = make(map[any]weak.Pointer[goja.Object])
		t.pruneAt = weakPruneMin
		gcWatchCycles.Do(watchCollections)
	}
	ref := weak.Make(obj)
	key := uintptr(unsafe.Pointer(obj))
	if old, ok := t.objs[key]; ok && t.impls[old.impl] == old.ref {
		// A dead wrapper's address, reused before it was pruned.
		delete(t.impls, old.impl)
	}
	t.objs[key] = weakEntry{ref, impl, cls}
	t.impls[impl] = ref
	if *t.task != t.pinTask {
		clear(t.pinned)
		t.pinned = t.pinned[:0]
		if cap(t.pinned) > 1024 {
			t.pinned = nil
		}
		t.pinTask = *t.task
	}
	t.pinned = append(t.pinned, obj)
	if n := len(t.objs); n >= t.pruneAt || n >= weakPruneGCMin && gcCycles.Load() != t.pruneGC {
		t.prune()
	}
}

// prune removes the entries of collected wrappers, and sets the next
// pruning at twice the entries left, so that its cost is amortized over
// the wrappers made (or at the first record after the next collection).
func (t *weakTier) prune() {
	t.pruneGC = gcCycles.Load()
	for k, e := range t.objs {
		if e.ref.Value() == nil {
			delete(t.objs, k)
		}
	}
	for impl, ref := range t.impls {
		if ref.Value() == nil {
			delete(t.impls, impl)
		}
	}
	t.pruneAt = max(2*len(t.objs), weakPruneMin)
}

// weakEntryOf returns o's weak record.
func (t *weakTier) entryOf(o *goja.Object) (entry, bool) {
	if len(t.objs) == 0 {
		return entry{}, false
	}
	e, ok := t.objs[uintptr(unsafe.Pointer(o))]
	if !ok || e.ref.Value() != o {
		return entry{}, false
	}
	return entry{e.impl, e.cls}, true
}

// wrapperOf returns impl's live weak wrapper, or nil.
func (t *weakTier) wrapperOf(impl any) *goja.Object {
	if len(t.impls) == 0 {
		return nil
	}
	if ref, ok := t.impls[impl]; ok {
		return ref.Value()
	}
	return nil
}

// forget drops obj's weak record.
func (t *weakTier) forget(obj *goja.Object) {
	key := uintptr(unsafe.Pointer(obj))
	if e, ok := t.objs[key]; ok && e.ref.Value() == obj {
		delete(t.objs, key)
		if t.impls[e.impl] == e.ref {
			delete(t.impls, e.impl)
		}
	}
}

// entryOf returns the record of wrapper o.
func (r *Realm) entryOf(o *goja.Object) (entry, bool) {
	if e, ok := r.objs[o]; ok {
		return e, true
	}
	return r.weak.entryOf(o)
}

// WeakWrappers counts the weak wrappers the realm has records of, live or
// collected but not yet pruned (for tests).
func (r *Realm) WeakWrappers() int { return len(r.weak.objs) }
