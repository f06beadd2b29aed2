package server

import (
	"context"
	"errors"
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
			c.res, c.err = fn(cctx)
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
