package jsruntime

import (
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
)

// ErrPanic: work a page started off its loop (a script load through
// Config.Loader, a module bundle through Config.Bundle) panicked; the work
// failed with a *PanicError instead of taking the process down.
var ErrPanic = errors.New("jsruntime: off-loop work panicked")

// A PanicError is a panic recovered from off-loop work. For the page it is
// a failed load (the script element's error event).
type PanicError struct {
	What  string // e.g. "script https://a.test/app.js"
	Value any    // what was passed to panic
	Stack []byte // the panicking goroutine's stack
}

func (e *PanicError) Error() string { return fmt.Sprintf("jsruntime: %s: panic: %v", e.What, e.Value) }

// Is makes errors.Is(err, ErrPanic) true.
func (e *PanicError) Is(target error) bool { return target == ErrPanic }

// offLoop runs fn, work of a goroutine the page started, and turns a panic
// into a *PanicError (logged with its stack) so that the work still ends
// through its operation's completion: an unrecovered panic on such a
// goroutine would end the whole process.
func offLoop(log *slog.Logger, what string, fn func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			pe := &PanicError{What: what, Value: v, Stack: debug.Stack()}
			log.Error("jsruntime: off-loop work panicked", slog.String("what", what), slog.Any("panic", v), slog.String("stack", string(pe.Stack)))
			err = pe
		}
	}()
	return fn()
}
