package jsruntime

import (
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// A worker's WebSocket and EventSource objects (webapi's, with worker.js's
// EventTarget, Event, MessageEvent and CloseEvent) over the page's
// transports: the same network client, loop and page holds as the page's
// own. What they report reaches the worker only while it runs; when it is
// terminated (or closes itself) its connections are closed with it, as
// its requests are.
// https://html.spec.whatwg.org/multipage/workers.html#the-workerglobalscope-common-interface
// (WebSocket and EventSource are [Exposed=(Window,Worker)])

// workerConns are the worker's connections still open.
type workerConns map[interface{ close() }]struct{}

// closeAll closes every connection of the worker (terminated).
func (wk *worker) closeConns() {
	conns := wk.conns
	wk.conns = nil
	for c := range conns {
		c.close()
	}
}

func (wk *worker) track(c interface{ close() }) {
	if wk.conns == nil {
		wk.conns = workerConns{}
	}
	wk.conns[c] = struct{}{}
}

// workerSockets opens the worker's WebSocket connections through the
// page's.
type workerSockets struct {
	wk *worker
	s  webapi.Sockets
}

type workerSocket struct {
	webapi.SocketConn
	ended bool
}

func (c *workerSocket) close() {
	if !c.ended {
		c.ended = true
		c.SocketConn.Close(0, "")
	}
}

func (ws workerSockets) Open(url string, protocols []string, ev webapi.SocketEvents) webapi.SocketConn {
	wk := ws.wk
	c := &workerSocket{}
	c.SocketConn = ws.s.Open(url, protocols, webapi.SocketEvents{
		Opened: func(protocol string) {
			if !wk.terminated {
				ev.Opened(protocol)
			}
		},
		Message: func(text bool, data []byte) {
			if !wk.terminated {
				ev.Message(text, data)
			}
		},
		Closed: func(code int, reason string, clean, failed bool) {
			c.ended = true
			delete(wk.conns, c)
			if !wk.terminated {
				ev.Closed(code, reason, clean, failed)
			}
		},
	})
	if !c.ended {
		wk.track(c)
	}
	return c
}

// workerStreams reads the worker's EventSource streams through the
// page's.
type workerStreams struct {
	wk *worker
	s  webapi.EventStreams
}

type workerStream struct {
	webapi.StreamConn
	ended bool
}

func (c *workerStream) close() {
	if !c.ended {
		c.ended = true
		c.StreamConn.Close()
	}
}

func (ws workerStreams) Open(url, lastEventID string, withCredentials bool, ev webapi.StreamEvents) webapi.StreamConn {
	wk := ws.wk
	c := &workerStream{}
	c.StreamConn = ws.s.Open(url, lastEventID, withCredentials, webapi.StreamEvents{
		Opened: func(url string, status int, mimeType string) {
			if !wk.terminated {
				ev.Opened(url, status, mimeType)
			}
		},
		Data: func(chunk []byte, more func()) {
			if !wk.terminated {
				ev.Data(chunk, more)
			}
		},
		Ended: func(fatal bool) {
			c.ended = true
			delete(wk.conns, c)
			if !wk.terminated {
				ev.Ended(fatal)
			}
		},
	})
	if !c.ended {
		wk.track(c)
	}
	return c
}

func (ws workerStreams) Wait(d time.Duration, fn func()) (cancel func()) {
	wk := ws.wk
	return ws.s.Wait(d, func() {
		if !wk.terminated {
			fn()
		}
	})
}

// installConnections installs WebSocket and EventSource on the worker's
// global, over the page's transports (none: each connection fails at
// once, as in the page).
func (wk *worker) installConnections() error {
	var sockets webapi.Sockets
	var streams webapi.EventStreams
	if s := wk.w.sockets; s != nil {
		sockets = workerSockets{wk, s}
	}
	if s := wk.w.streams; s != nil {
		streams = workerStreams{wk, s}
	}
	return webapi.InstallConnectionsOver(wk.realm, wk.rt.GlobalObject(), workerHost{wk}, sockets, streams)
}
