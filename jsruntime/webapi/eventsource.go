package webapi

import (
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// EventSource (server-sent events) reads its event stream through an
// EventStreams, which the page's network provides (package jsruntime);
// without one each EventSource fails at once.
//
// https://html.spec.whatwg.org/multipage/server-sent-events.html

// defaultReconnect is the reconnection time before a retry: field sets
// another (Chromium's default).
const defaultReconnect = 3 * time.Second

// EventStreams opens event streams for a page's EventSource objects.
type EventStreams interface {
	// Open sends the event-stream request for url (with Last-Event-ID
	// when lastEventID is not empty, cookies per withCredentials) and
	// returns at once. The stream reports through ev, always on the
	// page's loop goroutine: Opened once when the response headers are
	// in, Data for each chunk of the body after that, and Ended once at
	// the end (also when it never opened): fatal when retrying is futile
	// (the request was refused by the policy or the CORS check). The
	// stream reads its next chunk (or its end) only once Data's more has
	// been called.
	Open(url, lastEventID string, withCredentials bool, ev StreamEvents) StreamConn
	// Wait calls fn on the page's loop goroutine after d of real time,
	// without holding the page, unless canceled first.
	Wait(d time.Duration, fn func()) (cancel func())
}

// StreamEvents receives what happens to an event stream.
type StreamEvents struct {
	// Opened reports the response: its final URL (after redirects),
	// status and MIME type essence.
	Opened func(url string, status int, mimeType string)
	// Data receives a chunk; more asks for the next one (once the
	// chunk's events have been dispatched, so that a stream faster than
	// the page waits in the network instead of in memory).
	Data  func(chunk []byte, more func())
	Ended func(fatal bool)
}

// StreamConn is an open (or opening) event stream.
type StreamConn interface {
	// Close ends the stream; Ended may still be reported.
	Close()
}

// eventSource is the connection state of an EventSource with a network.
type eventSource struct {
	r       *bind.Realm
	host    Host
	c       *connection
	streams EventStreams
	parser  eventStreamParser
	conn    StreamConn
	origin  string // of the stream's final URL, for MessageEvent.origin
	attempt int    // counts connections, so a stale one's reports are ignored
	cancel  func() // cancels the wait before reconnecting
	// queue holds the events parsed from the last chunk that have not
	// been dispatched yet (from qhead), each dispatched by a task of its
	// own (dispatchFn, made once, queued once per event); more asks for
	// the next chunk once they are.
	queue      []streamEvent
	qhead      int
	more       func()
	dispatchFn func()
}

// connect starts a connection attempt.
// https://html.spec.whatwg.org/multipage/server-sent-events.html#dom-eventsource step 15
func (s *eventSource) connect() {
	s.attempt++
	attempt := s.attempt
	s.parser.reset()
	s.conn = s.streams.Open(s.c.url, s.parser.lastEventID, s.c.credential, StreamEvents{
		Opened: func(url string, status int, mime string) {
			if s.attempt == attempt {
				s.opened(url, status, mime)
			}
		},
		Data: func(chunk []byte, more func()) {
			if s.attempt == attempt {
				s.data(chunk, more)
			} else {
				more()
			}
		},
		Ended: func(fatal bool) {
			if s.attempt == attempt {
				s.ended(fatal)
			}
		},
	})
}

// opened announces the connection, or fails it when the response is not
// a 200 event stream.
func (s *eventSource) opened(rawURL string, status int, mime string) {
	if s.c.readyState != 0 {
		return
	}
	if status != 200 || mime != "text/event-stream" {
		s.fail()
		return
	}
	if u, err := ParseURLString(rawURL, ""); err == nil {
		s.origin = u.Origin()
	}
	s.c.readyState = 1
	if self := s.r.Lookup(s.c); self != nil {
		fireConn(s.r, s.host, self, s.c, "open", nil)
	}
}

// fail fails the connection: readyState CLOSED, an error event, no
// reconnection.
// https://html.spec.whatwg.org/multipage/server-sent-events.html#fail-the-connection
func (s *eventSource) fail() {
	s.close()
	if self := s.r.Lookup(s.c); self != nil {
		fireConn(s.r, s.host, self, s.c, "error", nil)
	}
}

// close ends the connection and any wait to reconnect.
func (s *eventSource) close() {
	s.c.readyState = 2
	s.attempt++
	if s.conn != nil {
		s.conn.Close()
		s.conn = nil
	}
	// Events not dispatched yet never will be; the closed stream's
	// reader reads on to its end.
	clear(s.queue)
	s.queue, s.qhead = s.queue[:0], 0
	s.askMore()
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
}

// data parses a chunk and queues a task for each of its events; more is
// called once they have all been dispatched. The events of a chunk are
// thus dispatched back to back, before a timer or a message the first of
// them causes, as in Chromium (which dispatches them in the task that
// received the chunk).
// https://html.spec.whatwg.org/multipage/server-sent-events.html#dispatchMessage
// step 9: "Queue a task which, if the readyState attribute is set to a value
// other than CLOSED, dispatches the newly created event".
func (s *eventSource) data(chunk []byte, more func()) {
	if s.c.readyState != 1 {
		more()
		return
	}
	evs := s.parser.feed(chunk)
	if len(evs) == 0 {
		more()
		return
	}
	s.queue = append(s.queue, evs...)
	s.more = more
	if s.dispatchFn == nil {
		s.dispatchFn = s.dispatchNext
	}
	for range evs {
		s.host.QueueTask(s.dispatchFn)
	}
}

// dispatchNext is the task of the next queued event.
func (s *eventSource) dispatchNext() {
	if s.qhead == len(s.queue) {
		return // dropped by close()
	}
	ev := s.queue[s.qhead]
	s.queue[s.qhead] = streamEvent{}
	s.qhead++
	if s.qhead == len(s.queue) {
		// The last: the next chunk may come, even when a listener
		// throws past its dispatch (an interrupted render).
		s.queue, s.qhead = s.queue[:0], 0
		defer s.askMore()
	}
	if self := s.r.Lookup(s.c); self != nil && s.c.readyState != 2 {
		fireStreamMessage(s.r, s.host, self, s.c, ev, s.origin)
	}
}

// askMore asks the stream for its next chunk, once.
func (s *eventSource) askMore() {
	if m := s.more; m != nil {
		s.more = nil
		m()
	}
}

// ended reestablishes the connection after the reconnection time (readyState
// CONNECTING and an error event first), or fails it when fatal.
// https://html.spec.whatwg.org/multipage/server-sent-events.html#reestablish-the-connection
func (s *eventSource) ended(fatal bool) {
	if s.c.readyState == 2 {
		return
	}
	s.conn = nil
	if fatal {
		s.fail()
		return
	}
	s.c.readyState = 0
	if self := s.r.Lookup(s.c); self != nil {
		fireConn(s.r, s.host, self, s.c, "error", nil)
	}
	if s.c.readyState != 0 {
		return // close() in a listener
	}
	attempt := s.attempt
	s.cancel = s.streams.Wait(s.parser.reconnect, func() {
		if s.attempt == attempt && s.c.readyState == 0 {
			s.cancel = nil
			s.connect()
		}
	})
}

// fireStreamMessage dispatches a MessageEvent of the event's type.
func fireStreamMessage(r *bind.Realm, host Host, self *goja.Object, c *connection, ev streamEvent, origin string) {
	rt := r.Runtime
	init := rt.NewObject()
	init.Set("data", bind.JSString(rt, ev.data))
	init.Set("origin", origin)
	init.Set("lastEventId", bind.JSString(rt, ev.lastEventID))
	e, err := rt.New(rt.GlobalObject().Get("MessageEvent"), bind.JSString(rt, ev.typ), init)
	if err != nil {
		host.ReportError(err)
		return
	}
	dispatchConn(r, host, self, c, ev.typ, e)
}

// streamEvent is one event parsed from a stream.
type streamEvent struct {
	typ, data, lastEventID string
}

// eventStreamParser interprets an event stream as it arrives: UTF-8
// decoded across chunks (a leading BOM dropped), lines ended by CR, LF or
// CRLF, fields data, event, id and retry, comments ignored, an event
// dispatched at each blank line.
// https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
type eventStreamParser struct {
	dec       textDecoder
	line      strings.Builder // the line so far, when a chunk ended inside it
	afterCR   bool            // the last character was a CR: an LF next ends no line
	data      strings.Builder
	eventType string
	idBuffer  string
	// lastEventID and reconnect outlive a connection.
	lastEventID string
	reconnect   time.Duration
	events      []streamEvent
}

// reset readies the parser for a new connection, keeping the last event
// ID and the reconnection time.
func (p *eventStreamParser) reset() {
	p.dec = textDecoder{encoding: "utf-8"}
	p.line.Reset()
	p.afterCR = false
	p.data.Reset()
	p.eventType = ""
	p.idBuffer = p.lastEventID
	if p.reconnect == 0 {
		p.reconnect = defaultReconnect
	}
}

// feed parses the next chunk of the stream and returns the events it
// completes (valid until the next call).
func (p *eventStreamParser) feed(chunk []byte) []streamEvent {
	p.events = p.events[:0]
	s, _ := p.dec.decode(chunk, true)
	for i := 0; i < len(s); {
		if p.afterCR {
			p.afterCR = false
			if s[i] == '\n' {
				i++
				continue
			}
		}
		j := strings.IndexAny(s[i:], "\r\n")
		if j < 0 {
			p.line.WriteString(s[i:])
			break
		}
		line := s[i : i+j]
		if p.line.Len() > 0 {
			p.line.WriteString(line)
			line = p.line.String()
			p.line.Reset()
		}
		p.processLine(line)
		p.afterCR = s[i+j] == '\r'
		i += j + 1
	}
	return p.events
}

// processLine: https://html.spec.whatwg.org/multipage/server-sent-events.html#processField
func (p *eventStreamParser) processLine(line string) {
	if line == "" {
		p.dispatch()
		return
	}
	if line[0] == ':' {
		return
	}
	field, value, found := strings.Cut(line, ":")
	if found {
		value = strings.TrimPrefix(value, " ")
	}
	switch field {
	case "event":
		p.eventType = value
	case "data":
		p.data.WriteString(value)
		p.data.WriteByte('\n')
	case "id":
		if !strings.Contains(value, "\x00") {
			p.idBuffer = value
		}
	case "retry":
		if value != "" && strings.Trim(value, "0123456789") == "" {
			ms, err := strconv.ParseInt(value, 10, 64)
			if err != nil || ms > int64(time.Duration(1<<62)/time.Millisecond) {
				ms = int64(time.Duration(1<<62) / time.Millisecond)
			}
			p.reconnect = time.Duration(ms) * time.Millisecond
		}
	}
}

// dispatch: https://html.spec.whatwg.org/multipage/server-sent-events.html#dispatchMessage
func (p *eventStreamParser) dispatch() {
	p.lastEventID = p.idBuffer
	if p.data.Len() == 0 {
		p.eventType = ""
		return
	}
	data := strings.TrimSuffix(p.data.String(), "\n")
	typ := p.eventType
	if typ == "" {
		typ = "message"
	}
	p.data.Reset()
	p.eventType = ""
	p.events = append(p.events, streamEvent{typ: typ, data: data, lastEventID: p.lastEventID})
}
