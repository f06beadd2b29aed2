package webapi

import (
	"math/rand/v2"
	"time"
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
