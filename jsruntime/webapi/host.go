package webapi

import (
	"math/rand/v2"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// A Host is what the Web APIs of one page need from its event loop:
// *loop.Loop satisfies it. Every method is called on the loop goroutine.
type Host interface {
	// Now is the page's virtual wall clock; Elapsed the virtual time since
	// the time origin (performance.now()).
	Now() time.Time
	Elapsed() time.Duration
	// Rand is the page's random source (seeded in deterministic mode).
	Rand() *rand.Rand
	// QueueTask runs fn as a task; QueueMicrotask as a microtask.
	QueueTask(fn func())
	QueueMicrotask(fn func())
	// SetTimer runs fn after delay of virtual time (repeatedly if repeat)
	// and returns an id for ClearTimer.
	SetTimer(delay time.Duration, repeat bool, fn func()) int
	ClearTimer(id int)
	// ReportError reports an exception a callback threw and nobody
	// caught (to window.onerror and the render report).
	ReportError(err error)
}

// EventHost is what a realm with the DOM's events offers the event targets
// of this package: package jsruntime keeps one in bind.Realm.Host (its
// windows and its workers). Through it their events are fired as the user
// agent fires them, trusted and with the targets' event handlers among
// their listeners in the order they were set; without it (a bare realm)
// they go through the realm's dispatchEvent, their handlers called after
// it.
// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes
type EventHost interface {
	// FireEvent fires a trusted event of interface kind (Event,
	// MessageEvent…) and type typ, made with init, at target, the wrapper
	// of one of the realm's event targets; it reports whether the event
	// was not canceled.
	FireEvent(target *goja.Object, typ, kind string, init *goja.Object) (bool, error)
	// HandlerAttribute declares the event handler IDL attribute on<name>.
	HandlerAttribute(name string) bind.Attribute
	// Origin is the serialization of the realm's origin (its settings
	// object's).
	Origin() string
}

// eventHost is realm's EventHost, or nil.
func eventHost(realm *bind.Realm) EventHost {
	eh, _ := realm.Host.(EventHost)
	return eh
}
