package loop

import (
	"context"
	"errors"
	"time"
)

// Reasons a RunUntil or Advance ends besides those of Run.
const (
	// ReasonAdvanced: Advance moved the clock by the whole duration asked.
	ReasonAdvanced = "advanced"
	// ReasonDone: the condition given to RunUntil became true.
	ReasonDone = "done"
)

// until says when a run ends besides budgets: at quiet (the zero value,
// Run), or after by of virtual time whether or not the page is quiet
// (advance), or as soon as done reports true.
type until struct {
	advance bool
	by      time.Duration
	done    func() bool
}

// Advance runs the page for exactly d of virtual time: every task, timer
// and delivery due within that window runs, in order, and the clock then
// stands at its start plus d, whether or not the page is quiet (the
// Options.Ready condition and the settle horizon play no part). The Result's
// Reason is ReasonAdvanced, or the budget (wall time, tasks, memory) that
// ended the run first; d itself replaces the virtual-time budget.
//
// As in Run, virtual time runs no faster than real time while an Op is in
// flight in faithful mode: advancing by 2s with a request outstanding takes
// up to 2s of wall time, and its response arrives at the virtual instant it
// arrives in real time.
func (l *Loop) Advance(ctx context.Context, d time.Duration) (Result, error) {
	if d < 0 {
		return Result{}, errors.New("loop: Advance by a negative duration")
	}
	return l.run(ctx, until{advance: true, by: d})
}

// RunUntil runs the page until done reports true (Reason ReasonDone) or
// nothing at all is left to wait for: unlike Run, it waits for every timer,
// however far past the settle horizon, so a page that never rests (a
// setInterval) ends it at the virtual-time budget. done is called before
// each task, timer callback and delivery, on the loop's goroutine, and must
// not run JavaScript that queues work.
func (l *Loop) RunUntil(ctx context.Context, done func() bool) (Result, error) {
	return l.run(ctx, until{done: done})
}
