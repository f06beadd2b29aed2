package xhr

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sync"
	"time"

	"github.com/bangsnap/bangsnap/loop"
)

// StreamReadAhead is how far a streamed response body is read ahead of the
// page: past it the reader stops reading from the connection until the page
// takes what arrived (back-pressure), so a body the page does not read
// holds at most this much (plus one read) in memory. In deterministic mode
// it is also the size of every chunk but a body's last.
const StreamReadAhead = 1 << 20

// streamReadSize is the size of one read from the connection.
const streamReadSize = 32 << 10

// readBuffers holds the buffers the readers of bodies read into (the bytes
// are copied out of them), so that a small response does not cost one.
var readBuffers = sync.Pool{New: func() any { return new([streamReadSize]byte) }}

// wire is the open body of a response that Do returned before reading it
// (Params.Stream): what a BodyStream reads, and what to do when it ends.
type wire struct {
	c       *Client
	body    io.ReadCloser
	parent  context.Context // the caller's: its end is not a timeout
	ctx     context.Context // the request's, with the client's timeout
	cancel  context.CancelFunc
	slot    chan struct{}
	u       *url.URL
	rec     int // the exchange's record (Client.finishRecord)
	max     int64
	started time.Time
}

// close ends the exchange: the connection is closed (if the body was not
// read to its end), the slot given back and the exchange recorded.
func (w *wire) close(n int64, err error) {
	w.cancel()
	w.body.Close()
	w.c.release(w.slot)
	w.c.finishRecord(w.rec, n, time.Since(w.started), err)
}

// classify turns an error reading the body into the request's error.
func (w *wire) classify(err error) error {
	if errors.Is(err, ErrTooLarge) {
		return &NetworkError{URL: w.u.String(), Err: err}
	}
	return w.c.requestError(w.parent, w.ctx, w.u, err)
}

// A BodyStream is a response body being received: the bytes come from the
// connection as the server sends them, and the page takes them with Read,
// one chunk at a time, each delivered as a task of the page's loop. One
// goroutine reads the connection (the request's own, once the headers are
// delivered); at most StreamReadAhead bytes wait for the page.
//
// In faithful mode a chunk is due at its request's start plus the real time
// it took to arrive (loop.BeginNext), and holds what arrived by the time it
// is delivered. In deterministic mode the chunks do not depend on the
// server's timing: a chunk is StreamReadAhead bytes or what is left when the
// body ends, delivered at the instant the page asked for it (no further
// NetworkLatency); a body that fails (a timeout, a reset) delivers the error
// without the bytes that came before it, whose amount depends on timing.
//
// Read, ReadAll, Cancel and Fail are called on the loop goroutine.
type BodyStream struct {
	l     *loop.Loop
	label string
	prev  *loop.Op
	w     *wire
	det   bool

	mu      sync.Mutex
	cond    sync.Cond
	buf     []byte
	eof     bool
	err     error
	stop    bool     // the page canceled: the reader stops
	waiting *loop.Op // the pending Read's, until it is completed
	// readyAt: when what waits in buf (or the end, or the error) arrived,
	// zero while nothing waits. A Read made later (the loop was busy)
	// completes as of then (loop.Op.CompleteArrived).
	readyAt time.Time

	// Loop goroutine only.
	pending func(data []byte, eof bool, err error)
	op      *loop.Op
	ended   bool  // the end or an error was delivered, or it was canceled
	failed  error // given to Fail
	onFail  func(error)
}

// newBodyStream makes the stream of w's body, whose headers were delivered
// by the Op prev. The caller runs s.run on a goroutine.
func newBodyStream(l *loop.Loop, label string, prev *loop.Op, w *wire) *BodyStream {
	s := &BodyStream{l: l, label: label, prev: prev, w: w, det: l.Deterministic()}
	s.cond.L = &s.mu
	return s
}

// run reads the connection until the body ends, fails, or the page cancels.
func (s *BodyStream) run() {
	w := s.w
	// A reader held back by the page wakes when the request times out or
	// its context ends.
	stopWatch := context.AfterFunc(w.ctx, func() {
		s.mu.Lock()
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	defer stopWatch()
	var n int64
	tb := readBuffers.Get().(*[streamReadSize]byte)
	defer readBuffers.Put(tb)
	tmp := tb[:]
	for {
		s.mu.Lock()
		for len(s.buf) >= StreamReadAhead && !s.stop && w.ctx.Err() == nil {
			s.cond.Wait()
		}
		if s.stop {
			s.mu.Unlock()
			w.close(n, context.Canceled)
			return
		}
		s.mu.Unlock()
		var k int
		var err error
		if cerr := w.ctx.Err(); cerr != nil {
			err = cerr
		} else {
			k, err = w.body.Read(tmp)
		}
		s.mu.Lock()
		if k > 0 {
			n += int64(k)
			s.buf = append(s.buf, tmp[:k]...)
			if n > w.max {
				err = fmt.Errorf("%w: body exceeds %d bytes", ErrTooLarge, w.max)
			}
		}
		switch {
		case s.stop:
			s.mu.Unlock()
			w.close(n, context.Canceled)
			return
		case err == io.EOF:
			s.eof = true
		case err != nil:
			s.err = w.classify(err)
		}
		if s.readyAt.IsZero() && (len(s.buf) > 0 || s.eof || s.err != nil) {
			s.readyAt = time.Now()
		}
		s.wakeLocked()
		end, rerr := s.eof, s.err
		s.mu.Unlock()
		if end || rerr != nil {
			if end {
				rerr = nil
			}
			w.close(n, rerr)
			return
		}
	}
}

// wakeLocked completes the pending Read's Op once it has something to
// deliver.
func (s *BodyStream) wakeLocked() {
	if s.waiting == nil {
		return
	}
	ready := s.eof || s.err != nil || len(s.buf) > 0
	if s.det {
		ready = s.eof || s.err != nil || len(s.buf) >= StreamReadAhead
	}
	if ready {
		op := s.waiting
		s.waiting = nil
		op.CompleteArrived(s.readyAt, s.deliver)
	}
}

// Read asks for the next chunk: fn runs as a task with the bytes that
// arrived (eof true when the body ended with them; they may be empty) or
// with the error the body failed with. One Read at a time; a Read after the
// end reports the end again, one after Fail its error.
func (s *BodyStream) Read(fn func(data []byte, eof bool, err error)) {
	switch {
	case s.failed != nil:
		err := s.failed
		s.l.QueueTask(func() { fn(nil, false, err) })
		return
	case s.ended:
		s.l.QueueTask(func() { fn(nil, true, nil) })
		return
	case s.pending != nil:
		s.l.QueueTask(func() { fn(nil, false, errors.New("xhr: body stream already being read")) })
		return
	}
	s.pending = fn
	s.op = s.l.BeginNext(s.label, s.prev)
	s.mu.Lock()
	s.waiting = s.op
	s.wakeLocked()
	s.mu.Unlock()
}

// deliver is the task of a Read's Op.
func (s *BodyStream) deliver() {
	s.op = nil
	fn := s.pending
	s.pending = nil
	if fn == nil || s.ended {
		return
	}
	s.mu.Lock()
	var data []byte
	var err error
	if s.err != nil && (s.det || len(s.buf) == 0) {
		err, s.buf = s.err, nil
	} else {
		n := len(s.buf)
		if s.det {
			n = min(n, StreamReadAhead)
		}
		data = s.buf[:n:n]
		if n == len(s.buf) {
			s.buf = nil
			if !s.eof && s.err == nil {
				s.readyAt = time.Time{}
			}
		} else {
			s.buf = append([]byte(nil), s.buf[n:]...)
		}
	}
	eof := s.eof && len(s.buf) == 0 && err == nil
	s.cond.Broadcast() // room for the reader
	s.mu.Unlock()
	if eof || err != nil {
		s.ended = true
	}
	fn(data, eof, err)
}

// ReadAll reads the rest of the body: fn runs as a task with all of it, or
// with the error the body failed with.
func (s *BodyStream) ReadAll(fn func(data []byte, err error)) {
	var all []byte
	var step func(data []byte, eof bool, err error)
	step = func(data []byte, eof bool, err error) {
		if err != nil {
			fn(nil, err)
			return
		}
		if all == nil && eof {
			all = data // the common case: one chunk, no copy
		} else {
			all = append(all, data...)
		}
		if eof {
			fn(all, nil)
			return
		}
		s.Read(step)
	}
	s.Read(step)
}

// Cancel stops receiving the body (the page canceled its stream, or has no
// use for it any more): the connection is closed and a pending Read is
// never called back.
func (s *BodyStream) Cancel() {
	s.ended = true
	s.pending = nil
	if s.op != nil {
		s.op.Cancel()
		s.op = nil
	}
	s.mu.Lock()
	s.stop = true
	s.waiting = nil
	s.cond.Broadcast()
	s.mu.Unlock()
	s.w.cancel() // closes the connection: the server sees it
}

// Fail errors the body with err (its fetch's signal aborted): the
// connection is closed, and a pending Read, else the OnFail function, gets
// err at once. Later Reads get it too.
func (s *BodyStream) Fail(err error) {
	if s.failed != nil || s.ended && s.pending == nil {
		return
	}
	fn := s.pending
	s.Cancel()
	s.failed = err
	switch {
	case fn != nil:
		fn(nil, false, err)
	case s.onFail != nil:
		s.onFail(err)
	}
}

// OnFail sets what Fail calls when no Read is pending (the wrapper errors
// the page's ReadableStream).
func (s *BodyStream) OnFail(fn func(error)) { s.onFail = fn }

// Ended reports whether the end of the body or its error was delivered.
func (s *BodyStream) Ended() bool { return s.ended }
