package bangsnap

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bangsnap/bangsnap/loop"
)

// Errors of the Page's actions, for errors.Is.
var (
	// ErrNotFound: no element matches the selector (an action's target,
	// or what WaitFor waited for when the page went quiet without it).
	ErrNotFound = errors.New("bangsnap: no element matches")
	// ErrBadSelector: the selector is not valid CSS (a SyntaxError in a
	// browser).
	ErrBadSelector = errors.New("bangsnap: invalid selector")
	// ErrDisabled: the action's target is a disabled form control.
	ErrDisabled = errors.New("bangsnap: element is disabled")
	// ErrNotAllowed: the action does not apply to the element (Select on a
	// <div>, Check on a text field, Uncheck on a radio button).
	ErrNotAllowed = errors.New("bangsnap: action does not apply to the element")
)

// drive runs the page's loop with f (Run, Advance or RunUntil) and records
// how the run ended in the page's report.
func (p *Page) drive(ctx context.Context, f func(context.Context) (loop.Result, error)) (loop.Result, error) {
	s := p.s
	s.win.Start(s.ctx)
	res, err := f(ctx)
	if err != nil {
		return res, err
	}
	s.report.Timings.Virtual = s.virtual()
	s.report.Partial, s.report.Reason, s.report.Pending = res.Partial, res.Reason, res.Pending
	s.report.Tasks += res.Tasks
	s.report.Timings.Busy += res.Busy
	return res, nil
}

// Advance runs the page's virtual clock forward by exactly d, whether or
// not the page is quiet: the timers due in that window fire in order
// (setInterval ticks, debounced handlers, animation frames), and responses
// are delivered as they arrive. It does not wait for anything past the
// window, so it is how a test steps through a page that never rests (a
// ticker, a carousel) or checks a page between two of its timers.
//
// Virtual time is the page's only clock (Date.now, performance.now, timer
// and animation frame timestamps). With nothing in flight it jumps from one
// due timer to the next, so advancing an hour of a page ticking every
// second takes 3,600 timer callbacks and no waiting. While a request is in
// flight it runs no faster than wall time (the response then arrives at the
// virtual instant it arrives in real time), unless Options.Deterministic,
// where responses arrive in request order at a fixed virtual latency.
//
// d replaces the virtual-time budget; the wall-time (Options.Timeout), task
// and memory budgets still apply: when one ends the run first, Advance
// returns a *PartialError and the clock stops where the page was.
func (p *Page) Advance(ctx context.Context, d time.Duration) error {
	if p.closed {
		return ErrClosed
	}
	if d < 0 {
		return fmt.Errorf("bangsnap: advance: negative duration %v", d)
	}
	res, err := p.drive(ctx, func(ctx context.Context) (loop.Result, error) { return p.s.loop.Advance(ctx, d) })
	if err != nil {
		return fmt.Errorf("bangsnap: advance: %w", err)
	}
	if res.Partial {
		return &PartialError{Reason: res.Reason, Pending: res.Pending}
	}
	return nil
}

// Now returns the page's virtual clock (its Date.now()).
func (p *Page) Now() time.Time { return p.s.loop.Now() }

// WaitFor runs the page (in virtual time, as WaitIdle does) until an
// element matches selector, and returns it; it returns at once when one
// already matches. Unlike WaitIdle it waits for every timer the page set,
// however far off (a banner shown after 30s), so it is how a test reaches
// content that comes after the settle horizon. When nothing is left to
// wait for, or a budget ends first (a page that never rests runs into
// Options.VirtualLimit), the error wraps ErrNotFound and says what was
// waited for, and in the second case also a *PartialError naming the
// budget.
func (p *Page) WaitFor(ctx context.Context, selector string) (*Element, error) {
	if p.closed {
		return nil, ErrClosed
	}
	if _, err := p.s.doc.QuerySelector(selector); err != nil {
		return nil, fmt.Errorf("bangsnap: wait for %q: %w: %w", selector, ErrBadSelector, err)
	}
	match := func() bool {
		n, _ := p.s.doc.QuerySelector(selector)
		return n != nil
	}
	if !match() {
		start := p.s.loop.Elapsed()
		res, err := p.drive(ctx, func(ctx context.Context) (loop.Result, error) { return p.s.loop.RunUntil(ctx, match) })
		switch {
		case err != nil:
			return nil, fmt.Errorf("bangsnap: wait for %q: %w", selector, err)
		case res.Partial:
			return nil, fmt.Errorf("bangsnap: wait for %q: %w after %v of virtual time: %w", selector, ErrNotFound, p.s.loop.Elapsed()-start, &PartialError{Reason: res.Reason, Pending: res.Pending})
		case res.Reason != loop.ReasonDone:
			return nil, fmt.Errorf("bangsnap: wait for %q: %w (nothing left to wait for after %v of virtual time)", selector, ErrNotFound, p.s.loop.Elapsed()-start)
		}
	}
	n, _ := p.s.doc.QuerySelector(selector)
	return &Element{n: n}, nil
}
