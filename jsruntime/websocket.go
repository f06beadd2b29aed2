package jsruntime

import (
	"errors"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/xhr"
)

// The page's WebSocket connections (webapi's WebSocket objects) over the
// render's network client.
//
// How they hold a render: the opening handshake is an operation like a
// request (the page is not quiet until it is answered). An open connection
// does not hold the page by itself (a ticker or a chat that never goes
// quiet would hold it forever), but after it opens, and after each message
// the page sends or closing handshake it starts, it holds the page for
// socketHold of real time (less if the connection ends): Chromium, captured
// once no request has been in flight for half a second (WebSocket traffic
// does not count), shows what arrived in that window, a server's greeting
// or its answers to the page. Messages that arrive while the page runs for
// another reason are delivered too; once the render is over the connection
// is closed with it.

// socketHold is how long a connection holds the page waiting for a
// message (Chromium's network-idle window).
const socketHold = 500 * time.Millisecond

// Sockets returns the page's WebSocket connections over c, for
// webapi.Config.Sockets; its workers' WebSocket objects connect through
// them too.
func (w *Window) Sockets(c *xhr.Client) webapi.Sockets {
	w.sockets = &pageSockets{w: w, c: c}
	return w.sockets
}

type pageSockets struct {
	w *Window
	c *xhr.Client
}

// pageSocket is one connection. Its fields are the loop goroutine's but for
// out, which the writer goroutine shares.
type pageSocket struct {
	w     *Window
	label string
	ev    webapi.SocketEvents
	ws    *xhr.WebSocket // once open
	// hold is the operation holding the page for an answer, nil when none.
	hold *loop.Op
	// closeOnOpen: close() was called while connecting.
	closeOnOpen bool
	ended       bool // Closed was reported
	// closing is set by close() once open: the reader drops the messages
	// that arrive while the closing handshake waits for the server's
	// answer, as a socket CLOSING receives none
	// (https://websockets.spec.whatwg.org/#feedback-from-the-protocol)
	closing atomic.Bool

	out outQueue
}

// outQueue is what the page sent, for the writer goroutine, in order.
type outQueue struct {
	mu    sync.Mutex
	msgs  []outMsg
	wake  chan struct{}
	close *outMsg // the closing handshake to start after msgs
}

type outMsg struct {
	text bool
	data []byte
	code int
}

func (ps *pageSockets) Open(rawURL string, protocols []string, ev webapi.SocketEvents) webapi.SocketConn {
	w := ps.w
	s := &pageSocket{w: w, label: "WebSocket " + rawURL, ev: ev}
	s.out.wake = make(chan struct{}, 1)
	u, err := url.Parse(rawURL)
	op := w.loop.Begin(s.label)
	if err != nil {
		op.Complete(func() { s.end(1006, "", false, true) })
		return s
	}
	ctx := w.ctx
	go func() {
		ws, err := ps.c.DialWebSocket(ctx, u, protocols)
		op.Complete(func() {
			switch {
			case err != nil:
				s.end(1006, "", false, true)
			case s.closeOnOpen:
				// close() while connecting fails the connection.
				// https://websockets.spec.whatwg.org/#dom-websocket-close step 3
				ws.Close(1000, "")
				s.end(1006, "", false, true)
			default:
				s.ws = ws
				s.ev.Opened(ws.Protocol)
				s.holdPage()
				s.read()
				go s.write()
			}
		})
	}()
	return s
}

// holdPage holds the page for socketHold from now.
func (s *pageSocket) holdPage() {
	s.release()
	op := s.w.loop.BeginHold(s.label + " (waiting for a message)")
	s.hold = op
	time.AfterFunc(socketHold, func() { op.Complete(nil) })
}

func (s *pageSocket) release() {
	if s.hold != nil {
		s.hold.Complete(nil)
		s.hold = nil
	}
}

// read delivers the connection's messages, each through an operation of
// its own that does not hold the page.
func (s *pageSocket) read() {
	l, ctx, ws := s.w.loop, s.w.ctx, s.ws
	next := make(chan *loop.Op, 1)
	next <- l.BeginBackground(s.label)
	go func() {
		for {
			var op *loop.Op
			select {
			case op = <-next:
			case <-ctx.Done():
				return
			}
			text, data, err := ws.ReadMessage()
			for err == nil && s.closing.Load() {
				// no task per message dropped: a server flooding the
				// socket would keep the page busy until its budget
				if ctx.Err() != nil {
					return
				}
				text, data, err = ws.ReadMessage()
			}
			if err != nil {
				op.Complete(func() {
					var ce *xhr.CloseError
					if errors.As(err, &ce) {
						s.end(ce.Code, ce.Reason, true, false)
					} else {
						s.end(1006, "", false, !errors.Is(err, xhr.ErrWebSocketClosed))
					}
				})
				return
			}
			op.Complete(func() {
				next <- l.BeginBackground(s.label)
				s.ev.Message(text, data)
			})
		}
	}()
}

// end reports the end of the connection once.
func (s *pageSocket) end(code int, reason string, clean, failed bool) {
	s.release()
	if s.ended {
		return
	}
	s.ended = true
	s.ev.Closed(code, reason, clean, failed)
}

// Send queues data for the writer.
func (s *pageSocket) Send(text bool, data []byte) {
	if s.ws == nil || s.ended {
		return
	}
	s.out.mu.Lock()
	s.out.msgs = append(s.out.msgs, outMsg{text: text, data: data})
	s.out.mu.Unlock()
	s.wakeWriter()
	s.holdPage()
}

// Close starts the closing handshake after what was sent, or fails a
// connection still opening.
func (s *pageSocket) Close(code int, reason string) {
	if s.ended {
		return
	}
	if s.ws == nil {
		s.closeOnOpen = true
		return
	}
	s.closing.Store(true)
	s.out.mu.Lock()
	if s.out.close == nil {
		s.out.close = &outMsg{code: code, data: []byte(reason)}
	}
	s.out.mu.Unlock()
	s.wakeWriter()
	s.holdPage()
}

func (s *pageSocket) wakeWriter() {
	select {
	case s.out.wake <- struct{}{}:
	default:
	}
}

// write sends the queued messages, then the close frame, on its own
// goroutine; it ends with the render or after the close frame.
func (s *pageSocket) write() {
	ctx, ws := s.w.ctx, s.ws
	for {
		select {
		case <-s.out.wake:
		case <-ctx.Done():
			return
		}
		s.out.mu.Lock()
		msgs, closing := s.out.msgs, s.out.close
		s.out.msgs = nil
		s.out.mu.Unlock()
		for _, m := range msgs {
			if err := ws.WriteMessage(m.text, m.data); err != nil {
				return // the reader reports the failure
			}
		}
		if closing != nil {
			ws.Close(closing.code, string(closing.data))
			return
		}
	}
}
