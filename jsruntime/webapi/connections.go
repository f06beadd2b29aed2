package webapi

import (
	"fmt"
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// WebSocket (https://websockets.spec.whatwg.org/) talks to its server
// through a Sockets, and EventSource through an EventStreams
// (eventsource.go), which the page's network provides (package
// jsruntime); without one a connection fails at once, asynchronously, as one to an unreachable server does in a
// browser (error, then close). Pages that open a socket or an event stream
// during start-up then take their fallback path instead of stopping at a
// ReferenceError, and nothing keeps the render from completing.
//
// They inherit EventTarget from the page's window (package jsruntime) and
// fire events through the page's own Event, MessageEvent and CloseEvent
// constructors and dispatchEvent.

// Sockets opens WebSocket connections for a page.
type Sockets interface {
	// Open starts connecting to url (ws: or wss:), offering protocols,
	// and returns at once. The connection reports through ev, always on
	// the page's loop goroutine: Opened once (unless it fails before),
	// Message for each message received while open, Closed once at the
	// end.
	Open(url string, protocols []string, ev SocketEvents) SocketConn
}

// SocketEvents receives what happens to a connection.
type SocketEvents struct {
	Opened  func(protocol string)
	Message func(text bool, data []byte)
	// Closed ends the connection: failed when it ended in an error
	// (the page sees error, then close).
	Closed func(code int, reason string, clean, failed bool)
}

// SocketConn is an open (or opening) connection.
type SocketConn interface {
	// Send sends one message, in order with those sent before.
	Send(text bool, data []byte)
	// Close starts the closing handshake (code 0: none given); when the
	// connection is still opening, it fails it.
	Close(code int, reason string)
}

// connection is the implementation behind a WebSocket or an EventSource.
type connection struct {
	url        string
	readyState int
	handlers   map[string]goja.Value // on* attributes
	protocol   string
	binaryType string
	credential bool
	conn       SocketConn // nil when the connection fails at once
	// buffered counts the bytes sent after the connection closed
	// (bufferedAmount): data handed to an open connection is written at
	// once.
	buffered int64
	// source is an EventSource's stream, nil when it fails at once.
	source *eventSource
}

// InstallConnections installs WebSocket and EventSource on target, with no
// network: every connection fails at once. It does nothing when target has
// no EventTarget and Event (a bare runtime): they need the window's events.
func InstallConnections(realm *bind.Realm, target *goja.Object, host Host) error {
	return installConnections(realm, target, host, nil, nil, nil)
}

// InstallConnectionsOver installs WebSocket and EventSource on target
// (a worker's global) with their connections made through sockets and
// streams (nil: each connection fails at once), and no connect-src.
func InstallConnectionsOver(realm *bind.Realm, target *goja.Object, host Host, sockets Sockets, streams EventStreams) error {
	return installConnections(realm, target, host, sockets, streams, nil)
}

func installConnections(realm *bind.Realm, target *goja.Object, host Host, sockets Sockets, streams EventStreams, allowed func(string) bool) error {
	if bind.Absent(target.Get("EventTarget")) || bind.Absent(target.Get("Event")) {
		return nil
	}
	ws := &bind.Interface{
		Name:       "WebSocket",
		Parent:     "EventTarget",
		CtorLength: 1,
		Constants: []bind.Constant{
			{Name: "CONNECTING", Value: 0}, {Name: "OPEN", Value: 1}, {Name: "CLOSING", Value: 2}, {Name: "CLOSED", Value: 3},
		},
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			// https://websockets.spec.whatwg.org/#dom-websocket-websocket
			base := ""
			if loc, ok := target.Get("location").(*goja.Object); ok {
				base = loc.Get("href").String()
			}
			u, err := ParseURLString(bind.USVString(args[0]), base)
			if err != nil {
				r.ThrowDOMException("SyntaxError", "Failed to construct 'WebSocket': The URL '"+args[0].String()+"' is invalid.")
			}
			switch u.Scheme {
			case "http":
				u.Scheme = "ws"
			case "https":
				u.Scheme = "wss"
			case "ws", "wss":
			default:
				r.ThrowDOMException("SyntaxError", "Failed to construct 'WebSocket': The URL's scheme must be either 'http', 'https', 'ws', or 'wss'.")
			}
			if u.HasFragment {
				r.ThrowDOMException("SyntaxError", "Failed to construct 'WebSocket': The URL contains a fragment identifier.")
			}
			protocols := socketProtocols(r, bind.Arg(args, 1))
			c := &connection{url: u.String(), binaryType: "blob"}
			if allowed != nil && !allowed(c.url) {
				// Refused by the document's connect-src: CLOSED at once,
				// then an error event and no close event, as in Chromium.
				c.readyState = 3
				host.QueueTask(func() {
					if self := r.Lookup(c); self != nil {
						fireConn(r, host, self, c, "error", nil)
					}
				})
				return c
			}
			if sockets == nil {
				failSoon(r, host, c, true)
				return c
			}
			origin := u.Origin()
			c.conn = sockets.Open(c.url, protocols, SocketEvents{
				Opened: func(protocol string) {
					self := r.Lookup(c)
					if self == nil || c.readyState != 0 {
						return
					}
					c.readyState, c.protocol = 1, protocol
					fireConn(r, host, self, c, "open", nil)
				},
				Message: func(text bool, data []byte) {
					self := r.Lookup(c)
					if self == nil || c.readyState != 1 {
						return
					}
					fireSocketMessage(r, host, self, c, origin, text, data)
				},
				Closed: func(code int, reason string, clean, failed bool) {
					self := r.Lookup(c)
					if self == nil || c.readyState == 3 {
						return
					}
					c.readyState = 3
					if failed {
						fireConn(r, host, self, c, "error", nil)
					}
					fireConn(r, host, self, c, "close", &closeInfo{code: code, reason: reason, clean: clean})
				},
			})
			return c
		},
		Attributes: append([]bind.Attribute{
			connString("url", func(c *connection) string { return c.url }),
			{Name: "readyState", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*connection).readyState) }},
			{Name: "bufferedAmount", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(float64(this.(*connection).buffered)) }},
			connString("extensions", func(*connection) string { return "" }),
			connString("protocol", func(c *connection) string { return c.protocol }),
			{Name: "binaryType",
				Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*connection).binaryType) },
				Set: func(r *bind.Realm, this any, v goja.Value) {
					if s := v.String(); s == "blob" || s == "arraybuffer" {
						this.(*connection).binaryType = s
					}
				}},
		}, connHandlers("open", "message", "error", "close")...),
		Methods: []bind.Method{
			{Name: "send", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				// https://websockets.spec.whatwg.org/#dom-websocket-send
				c := this.(*connection)
				if c.readyState == 0 {
					r.ThrowDOMException("InvalidStateError", "Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.")
				}
				text, data := socketData(r, bind.Arg(args, 0))
				if c.readyState != 1 || c.conn == nil {
					c.buffered += int64(len(data)) // discarded
					return nil
				}
				c.conn.Send(text, data)
				return nil
			}},
			{Name: "close", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				// https://websockets.spec.whatwg.org/#dom-websocket-close
				c := this.(*connection)
				code := 0
				if v := bind.Arg(args, 0); !bind.Absent(v) {
					code = clampUnsignedShort(bind.Number(v))
					if code != 1000 && (code < 3000 || code > 4999) {
						r.ThrowDOMException("InvalidAccessError", fmt.Sprintf("Failed to execute 'close' on 'WebSocket': The close code must be either 1000, or between 3000 and 4999. %d is neither.", code))
					}
				}
				reason := ""
				if v := bind.Arg(args, 1); !bind.Absent(v) {
					reason = string(usvBytes(bind.DOMString(v)))
					if len(reason) > 123 {
						r.ThrowDOMException("SyntaxError", "Failed to execute 'close' on 'WebSocket': The close reason must not be greater than 123 UTF-8 bytes.")
					}
				}
				if c.readyState >= 2 {
					return nil
				}
				c.readyState = 2
				if c.conn != nil {
					c.conn.Close(code, reason)
				}
				return nil
			}},
		},
	}
	es := &bind.Interface{
		Name:       "EventSource",
		Parent:     "EventTarget",
		CtorLength: 1,
		Constants:  []bind.Constant{{Name: "CONNECTING", Value: 0}, {Name: "OPEN", Value: 1}, {Name: "CLOSED", Value: 2}},
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			// https://html.spec.whatwg.org/multipage/server-sent-events.html#dom-eventsource
			base := ""
			if loc, ok := target.Get("location").(*goja.Object); ok {
				base = loc.Get("href").String()
			}
			// The arguments are converted, EventSourceInit included,
			// before the URL is parsed.
			raw := bind.USVString(args[0])
			credential := bind.NewDictionary(bind.Arg(args, 1), "EventSourceInit").Boolean("withCredentials")
			u, err := ParseURLString(raw, base)
			if err != nil {
				r.ThrowDOMException("SyntaxError", "Failed to construct 'EventSource': Cannot open an EventSource to '"+raw+"'. The URL is invalid.")
			}
			c := &connection{url: u.String(), credential: credential}
			if allowed != nil && !allowed(c.url) || streams == nil {
				failSoon(r, host, c, false)
				return c
			}
			c.source = &eventSource{r: r, host: host, c: c, streams: streams}
			c.source.connect()
			return c
		},
		Attributes: append([]bind.Attribute{
			connString("url", func(c *connection) string { return c.url }),
			{Name: "withCredentials", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*connection).credential) }},
			{Name: "readyState", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*connection).readyState) }},
		}, connHandlers("open", "message", "error")...),
		Methods: []bind.Method{
			{Name: "close", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				// https://html.spec.whatwg.org/multipage/server-sent-events.html#dom-eventsource-close
				c := this.(*connection)
				if c.source != nil {
					c.source.close()
				}
				c.readyState = 2
				return nil
			}},
		},
	}
	return realm.Install(target, ws, es)
}

func connString(name string, f func(*connection) string) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value { return r.String(f(this.(*connection))) }}
}

// connHandlers are on<type> attributes; fire calls them after the
// listeners.
func connHandlers(types ...string) []bind.Attribute {
	out := make([]bind.Attribute, len(types))
	for i, typ := range types {
		out[i] = bind.Attribute{
			Name: "on" + typ,
			Get: func(r *bind.Realm, this any) goja.Value {
				if h := this.(*connection).handlers[typ]; h != nil {
					return h
				}
				return goja.Null()
			},
			Set: func(r *bind.Realm, this any, v goja.Value) {
				c := this.(*connection)
				if c.handlers == nil {
					c.handlers = map[string]goja.Value{}
				}
				if _, ok := goja.AssertFunction(v); ok {
					c.handlers[typ] = v
				} else {
					delete(c.handlers, typ)
				}
			},
		}
	}
	return out
}

// failSoon queues the failure of connection c: readyState CLOSED, then an
// error event and, for a WebSocket, a close event (code 1006).
func failSoon(r *bind.Realm, host Host, c *connection, socket bool) {
	host.QueueTask(func() {
		self := r.Lookup(c)
		if self == nil || c.readyState == 3 || (!socket && c.readyState == 2) {
			return
		}
		if socket {
			c.readyState = 3
		} else {
			c.readyState = 2
		}
		fireConn(r, host, self, c, "error", nil)
		if socket {
			fireConn(r, host, self, c, "close", &closeInfo{code: 1006})
		}
	})
}

// closeInfo is what a close event carries.
type closeInfo struct {
	code   int
	reason string
	clean  bool
}

// fireConn dispatches a new event of type typ at self with the page's
// dispatchEvent, then calls the on<typ> handler. A close event is a
// CloseEvent (a plain Event with CloseEvent's fields as own properties
// when the page has no CloseEvent).
func fireConn(r *bind.Realm, host Host, self *goja.Object, c *connection, typ string, closing *closeInfo) {
	rt := r.Runtime
	global := rt.GlobalObject()
	var ev *goja.Object
	var err error
	if closing != nil {
		init := rt.NewObject()
		init.Set("code", closing.code)
		init.Set("reason", closing.reason)
		init.Set("wasClean", closing.clean)
		if ctor := global.Get("CloseEvent"); !bind.Absent(ctor) {
			ev, err = rt.New(ctor, rt.ToValue(typ), init)
		} else if ev, err = rt.New(global.Get("Event"), rt.ToValue(typ)); err == nil {
			ev.Set("code", closing.code)
			ev.Set("reason", closing.reason)
			ev.Set("wasClean", closing.clean)
		}
	} else {
		ev, err = rt.New(global.Get("Event"), rt.ToValue(typ))
	}
	if err != nil {
		host.ReportError(err)
		return
	}
	dispatchConn(r, host, self, c, typ, ev)
}

// fireSocketMessage dispatches a MessageEvent for a message received: its data a
// string, or per binaryType a Blob or an ArrayBuffer.
func fireSocketMessage(r *bind.Realm, host Host, self *goja.Object, c *connection, origin string, text bool, data []byte) {
	rt := r.Runtime
	global := rt.GlobalObject()
	var v goja.Value
	switch {
	case text:
		v = bind.JSString(rt, string(data))
	case c.binaryType == "arraybuffer":
		v = rt.ToValue(rt.NewArrayBuffer(data))
	default:
		blob, err := rt.New(global.Get("Blob"), rt.NewArray(rt.NewArrayBuffer(data)))
		if err != nil {
			host.ReportError(err)
			return
		}
		v = blob
	}
	init := rt.NewObject()
	init.Set("data", v)
	init.Set("origin", origin)
	ev, err := rt.New(global.Get("MessageEvent"), rt.ToValue("message"), init)
	if err != nil {
		host.ReportError(err)
		return
	}
	dispatchConn(r, host, self, c, "message", ev)
}

func dispatchConn(r *bind.Realm, host Host, self *goja.Object, c *connection, typ string, ev *goja.Object) {
	r.ChargeMessage()
	if dispatch, ok := goja.AssertFunction(self.Get("dispatchEvent")); ok {
		if _, err := dispatch(self, ev); err != nil {
			host.ReportError(err)
		}
	}
	if h, ok := goja.AssertFunction(c.handlers[typ]); ok {
		if _, err := h(self, ev); err != nil {
			host.ReportError(err)
		}
	}
}

// socketProtocols reads the constructor's protocols argument (a string or
// a sequence of them): each a token, none twice.
// https://websockets.spec.whatwg.org/#dom-websocket-websocket steps 4-5
func socketProtocols(r *bind.Realm, v goja.Value) []string {
	if bind.Absent(v) {
		return nil
	}
	var list []string
	if o, ok := v.(*goja.Object); ok && !bind.Absent(o.Get("length")) {
		r.Runtime.ForOf(o, func(p goja.Value) bool { list = append(list, bind.DOMString(p)); return true })
	} else {
		list = []string{bind.DOMString(v)}
	}
	seen := make(map[string]bool, len(list))
	for _, p := range list {
		if p == "" || !isToken(p) || seen[ascii.Lower(p)] {
			r.ThrowDOMException("SyntaxError", "Failed to construct 'WebSocket': The subprotocol '"+p+"' is invalid.")
		}
		seen[ascii.Lower(p)] = true
	}
	return list
}

// isToken reports whether s is an HTTP token.
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("()<>@,;:\\\"/[]?={}", c) >= 0 {
			return false
		}
	}
	return true
}

// socketData converts send's argument: an ArrayBuffer or a view of one,
// or a Blob, is a binary message; anything else is converted to a string,
// a text message.
func socketData(r *bind.Realm, v goja.Value) (text bool, data []byte) {
	if b, ok := bufferSourceBytes(r, v); ok {
		return false, append([]byte(nil), b...)
	}
	if o, ok := v.(*goja.Object); ok {
		if b, ok := blobBytes(r, o); ok {
			return false, b
		}
	}
	return true, usvBytes(bind.DOMString(v))
}

// blobBytes returns the bytes of a Blob (package jsruntime's, which gives
// them to structuredClone too).
func blobBytes(r *bind.Realm, o *goja.Object) ([]byte, bool) {
	impl, _, _ := r.Unwrap(o)
	b, ok := impl.(blobData)
	if !ok {
		return nil, false
	}
	return append([]byte(nil), b.Bytes()...), true
}

// usvBytes is a DOMString (WTF-8, lone surrogates kept) as a USVString in
// UTF-8: each lone surrogate becomes U+FFFD.
func usvBytes(s string) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF {
			out = append(out, "\uFFFD"...)
			i += 2
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// clampUnsignedShort converts as Web IDL's [Clamp] unsigned short.
func clampUnsignedShort(f float64) int {
	switch {
	case f != f || f <= 0:
		return 0
	case f >= 65535:
		return 65535
	}
	return int(math.RoundToEven(f))
}
