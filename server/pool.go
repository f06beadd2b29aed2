package server

import (
	"context"
	"errors"
)

// ErrOverloaded is returned when every render slot is busy and the queue is
// full; the server answers 503 with Retry-After.
var ErrOverloaded = errors.New("server: render pool and queue are full")

// A renderPool bounds the number of renders running at once and the number
// waiting for a slot. Semaphores are buffered channels: the length of slots
// is the number of renders running, the length of queue the number waiting.
type renderPool struct {
	slots chan struct{}
	queue chan struct{}
}

func newRenderPool(concurrency, queue int) *renderPool {
	return &renderPool{slots: make(chan struct{}, concurrency), queue: make(chan struct{}, queue)}
}

// acquire takes a render slot, waiting in the queue for one when wait is
// true and the queue has room. It returns ErrOverloaded when there is no
// room, and ctx's error when ctx ends while queued. A nil error must be paired
// with release.
func (p *renderPool) acquire(ctx context.Context, wait bool) error {
	select {
	case p.slots <- struct{}{}:
		return nil
	default:
	}
	if !wait {
		return ErrOverloaded
	}
	select {
	case p.queue <- struct{}{}:
	default:
		return ErrOverloaded
	}
	defer func() { <-p.queue }()
	select {
	case p.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (p *renderPool) release() { <-p.slots }

// running is the number of renders holding a slot.
func (p *renderPool) running() int { return len(p.slots) }

// queued is the number of renders waiting for a slot.
func (p *renderPool) queued() int { return len(p.queue) }
