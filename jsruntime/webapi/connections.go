package webapi

import (
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// WebSocket and EventSource stand in for connections a snapshot never
// opens: each connection fails at once, asynchronously, as one to an
// unreachable server does in a browser (error, then close). Pages that open
// a socket or an event stream during start-up then take their fallback path
// instead of stopping at a ReferenceError, and nothing keeps the render
// from completing.
//
// They inherit EventTarget from the page's window (package jsruntime) and
// fire events through the page's own Event constructor and dispatchEvent.

// connection is the implementation behind a WebSocket or an EventSource.
type connection struct {
	url        string
	readyState int
	handlers   map[string]goja.Value // on* attributes
	protocol   string
	binaryType string
	credential bool
}

// InstallConnections installs WebSocket and EventSource on target. It does nothing when target has no
// EventTarget and Event (a bare runtime): they need the window's events.
func InstallConnections(realm *bind.Realm, target *goja.Object, host Host) error {
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
			u, err := ParseURLString(args[0].String(), base)
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
			c := &connection{url: u.String(), binaryType: "blob"}
			failSoon(r, host, c, true)
			return c
		},
		Attributes: append([]bind.Attribute{
			connString("url", func(c *connection) string { return c.url }),
			{Name: "readyState", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*connection).readyState) }},
			{Name: "bufferedAmount", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
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
			{Name: "send", Length: 1, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				if this.(*connection).readyState == 0 {
					r.ThrowDOMException("InvalidStateError", "Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.")
				}
				return nil // closed: the data is discarded
			}},
			{Name: "close", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				if c := this.(*connection); c.readyState < 2 {
					c.readyState = 2
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
			u, err := ParseURLString(args[0].String(), base)
			if err != nil {
				r.ThrowDOMException("SyntaxError", "Failed to construct 'EventSource': Cannot open an EventSource to '"+args[0].String()+"'. The URL is invalid.")
			}
			c := &connection{url: u.String()}
			if o, ok := bind.Arg(args, 1).(*goja.Object); ok {
				c.credential = bind.Boolean(o.Get("withCredentials"))
			}
			failSoon(r, host, c, false)
			return c
		},
		Attributes: append([]bind.Attribute{
			connString("url", func(c *connection) string { return c.url }),
			{Name: "withCredentials", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*connection).credential) }},
			{Name: "readyState", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*connection).readyState) }},
		}, connHandlers("open", "message", "error")...),
		Methods: []bind.Method{
			{Name: "close", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				this.(*connection).readyState = 2
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
		fireConn(r, host, self, c, "error", false)
		if socket {
			fireConn(r, host, self, c, "close", true)
		}
	})
}

// fireConn dispatches a new Event of type typ at self with the page's
// dispatchEvent, then calls the on<typ> handler.
func fireConn(r *bind.Realm, host Host, self *goja.Object, c *connection, typ string, closing bool) {
	rt := r.Runtime
	ev, err := rt.New(rt.GlobalObject().Get("Event"), rt.ToValue(typ))
	if err != nil {
		host.ReportError(err)
		return
	}
	if closing {
		// A plain Event carrying CloseEvent's fields as own properties:
		// abnormal closure (1006), not clean.
		ev.Set("code", 1006)
		ev.Set("reason", "")
		ev.Set("wasClean", false)
	}
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
