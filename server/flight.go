package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
)

// A flightGroup makes concurrent requests for the same key share one render
// (single-flight). The render runs under a context of its own that is
// cancelled when every request waiting for it has gone away, so a client
// disconnect cancels a queued or running render nobody needs any more, while
// the other waiters keep theirs.
type flightGroup struct {
	mu    sync.Mutex
	calls map[string]*flightCall
	log   *slog.Logger // for recovered panics; nil: slog.Default()
}

type flightCall struct {
	done    chan struct{}
	res     *entry
	err     error
	waiters int
	cancel  context.CancelFunc
}

// errAbandoned is the result of a render whose every waiter went away.
var errAbandoned = errors.New("render abandoned: every client went away")

// ErrRenderPanic: a render (a Renderer, or the service around it) panicked;
// the request failed with a *RenderPanicError instead of taking the process
// down.
var ErrRenderPanic = errors.New("server: render panicked")

// A RenderPanicError is a panic recovered from a render.
type RenderPanicError struct {
	Key   string // the render's cache key
	Value any    // what was passed to panic
	Stack []byte // the panicking goroutine's stack
}

func (e *RenderPanicError) Error() string {
	return fmt.Sprintf("server: render %s panicked: %v", e.Key, e.Value)
}

// Is makes errors.Is(err, ErrRenderPanic) true.
func (e *RenderPanicError) Is(target error) bool { return target == ErrRenderPanic }

// run calls fn for key on the call's own goroutine, turning a panic into a
// *RenderPanicError (logged with its stack): the waiters then get that
// error, where an unrecovered panic would end the whole process.
func (g *flightGroup) run(ctx context.Context, key string, fn func(context.Context) (*entry, error)) (res *entry, err error) {
	defer func() {
		if v := recover(); v != nil {
			pe := &RenderPanicError{Key: key, Value: v, Stack: debug.Stack()}
			log := g.log
			if log == nil {
				log = slog.Default()
			}
			log.Error("server: render panicked", slog.String("key", key), slog.Any("panic", v), slog.String("stack", string(pe.Stack)))
			res, err = nil, pe
		}
	}()
	return fn(ctx)
}

// do returns the result of fn for key, starting fn unless a call for key is
// already under way. fn runs on its own goroutine with a context that keeps
// ctx's values but not its cancellation. shared reports whether this caller
// joined a call another caller started.
func (g *flightGroup) do(ctx context.Context, key string, fn func(context.Context) (*entry, error)) (res *entry, shared bool, err error) {
	g.mu.Lock()
	if g.calls == nil {
		g.calls = make(map[string]*flightCall)
	}
	c, ok := g.calls[key]
	if !ok {
		cctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		c = &flightCall{done: make(chan struct{}), cancel: cancel}
		g.calls[key] = c
		go func() {
			defer cancel()
			c.res, c.err = g.run(cctx, key, fn)
			g.mu.Lock()
			if g.calls[key] == c {
				delete(g.calls, key)
			}
			g.mu.Unlock()
			close(c.done)
		}()
	}
	c.waiters++
	g.mu.Unlock()

	select {
	case <-c.done:
		return c.res, ok, c.err
	case <-ctx.Done():
		g.mu.Lock()
		c.waiters--
		if c.waiters == 0 {
			c.cancel()
			// Later requests for key start afresh instead of joining a
			// cancelled call.
			if g.calls[key] == c {
				delete(g.calls, key)
			}
		}
		g.mu.Unlock()
		return nil, ok, ctx.Err()
	}
}

// running reports whether a call for key is under way.
func (g *flightGroup) running(key string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	_, ok := g.calls[key]
	return ok
}
