package jsruntime

import (
	"context"
	"errors"
	"net/url"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/xhr"
)

// The page's EventSource streams over the render's network client.
//
// They hold a render for socketHold of real time after the request is
// sent and again after the stream opens, and no longer: Chromium at
// network idle shows the events that arrived in its idle window, and an
// event stream, open or waiting for its response, does not keep it from
// network idle (Playwright leaves eventsource requests out of it). Each chunk of the
// body arrives through an operation that does not hold the page. The wait
// before a reconnection is real time and does not hold the page either,
// so a render on virtual time does not fast-forward into a storm of
// reconnections.

// EventStreams returns the page's EventSource streams over c, for
// webapi.Config.EventStreams; its workers' EventSource objects read
// theirs through them too.
func (w *Window) EventStreams(c *xhr.Client) webapi.EventStreams {
	w.streams = &pageStreams{w: w, c: c}
	return w.streams
}

type pageStreams struct {
	w *Window
	c *xhr.Client
}

// pageStream is one connection of an EventSource; its fields are the loop
// goroutine's.
type pageStream struct {
	w      *Window
	label  string
	ev     webapi.StreamEvents
	st     *xhr.EventStream // once open
	hold   *loop.Op         // holding the page after it opened, nil when none
	closed bool             // Close was called
}

func (ps *pageStreams) Open(rawURL, lastEventID string, withCredentials bool, ev webapi.StreamEvents) webapi.StreamConn {
	w := ps.w
	s := &pageStream{w: w, label: "EventSource " + rawURL, ev: ev}
	// The request does not hold the page beyond socketHold either: one
	// waiting for a connection (six per host, all taken by streams that
	// never end) may never be answered.
	op := w.loop.BeginBackground(s.label)
	s.holdPage(" (connecting)")
	u, err := url.Parse(rawURL)
	if err != nil {
		op.Complete(func() { s.ev.Ended(true) })
		return s
	}
	ctx := w.ctx
	go func() {
		st, err := ps.c.OpenEventStream(ctx, u, lastEventID, withCredentials)
		op.Complete(func() {
			switch {
			case err != nil:
				// Refused by the policy or the CORS check: retrying is
				// futile. Otherwise (unreachable, timed out) the page
				// tries again later.
				s.release()
				s.ev.Ended(errors.Is(err, xhr.ErrBlocked) || errors.Is(err, xhr.ErrCORS))
			case s.closed:
				s.release()
				st.Close()
			default:
				s.st = st
				s.ev.Opened(st.URL.String(), st.Status, st.MIMEType)
				if s.closed {
					return // the response failed the connection
				}
				s.holdPage(" (waiting for events)")
				s.read()
			}
		})
	}()
	return s
}

// read delivers the body's chunks, each through an operation of its own
// that does not hold the page, then the end of the stream; it reads a
// chunk once the page has asked for it (Data's more).
func (s *pageStream) read() {
	l, ctx, st := s.w.loop, s.w.ctx, s.st
	next := make(chan *loop.Op, 1)
	next <- l.BeginBackground(s.label)
	go func() {
		buf := make([]byte, 32<<10)
		for {
			var op *loop.Op
			select {
			case op = <-next:
			case <-ctx.Done():
				return
			}
			n, err := st.Body.Read(buf)
			for n == 0 && err == nil {
				n, err = st.Body.Read(buf)
			}
			if n > 0 {
				chunk := append([]byte(nil), buf[:n]...)
				op.Complete(func() {
					asked := false
					s.ev.Data(chunk, func() {
						if !asked {
							asked = true
							next <- l.BeginBackground(s.label)
						}
					})
				})
				if err == nil {
					continue
				}
				select {
				case op = <-next:
				case <-ctx.Done():
					return
				}
			}
			op.Complete(func() {
				s.release()
				st.Close()
				s.ev.Ended(false)
			})
			return
		}
	}()
}

// holdPage holds the page for socketHold from now.
func (s *pageStream) holdPage(why string) {
	s.release()
	hold := s.w.loop.BeginHold(s.label + why)
	s.hold = hold
	time.AfterFunc(socketHold, func() { hold.Complete(nil) })
}

func (s *pageStream) release() {
	if s.hold != nil {
		s.hold.Complete(nil)
		s.hold = nil
	}
}

// Close ends the stream.
func (s *pageStream) Close() {
	s.closed = true
	s.release()
	if s.st != nil {
		s.st.Close()
	}
}

// Wait calls fn after d of real time, through an operation that does not
// hold the page. The render's end stops the timer (a retry: of hours must
// not keep the page alive after it).
func (ps *pageStreams) Wait(d time.Duration, fn func()) (cancel func()) {
	op := ps.w.loop.BeginBackground("EventSource reconnection")
	t := time.AfterFunc(d, func() { op.Complete(fn) })
	stopTimer := func() {
		if t.Stop() {
			op.Cancel()
		}
	}
	unregister := context.AfterFunc(ps.w.ctx, stopTimer)
	return func() {
		unregister()
		stopTimer()
	}
}
