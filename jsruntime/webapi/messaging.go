package webapi

import (
	"slices"
	"strconv"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// Channel messaging: MessageChannel and its MessagePorts, which can be
// transferred between a page's realms (its window's and its workers':
// CloneMessage), and BroadcastChannel between one realm's own channels of
// one name. Each message is a structured clone made in the receiving
// realm, delivered in a task queued by that realm's host, as a
// MessageEvent made with the realm's own constructor and dispatched with
// its dispatchEvent (so these need the realm's events, like
// connections.go).
// https://html.spec.whatwg.org/multipage/web-messaging.html

// messagePort is the implementation behind a MessagePort. Each port
// belongs to one realm (a window's or a worker's) and its host runs its
// tasks; a port transferred to another realm is left detached, and a new
// port there takes its place in the channel (moved).
// https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports
type messagePort struct {
	other   *messagePort
	realm   *bind.Realm
	host    Host
	started bool
	closed  bool
	// moved is the port this one became when it was transferred.
	moved      *messagePort
	queue      []portMessage // messages held until start()
	handler    goja.Value    // onmessage
	errHandler goja.Value    // onmessageerror
}

// portMessage is a message for a port: its data and ports in the port's
// realm, or failed when they could not be made there (messageerror).
type portMessage struct {
	data   goja.Value
	ports  []goja.Value
	failed bool
}

type messageChannel struct{ port1, port2 *messagePort }

// broadcastChannel is the implementation behind a BroadcastChannel.
type broadcastChannel struct {
	name       string
	closed     bool
	handler    goja.Value
	errHandler goja.Value           // onmessageerror: kept, never called (every message deserializes)
	peers      *[]*broadcastChannel // every open channel of the page
}

// InstallMessaging installs MessageChannel, MessagePort and
// BroadcastChannel on target. It does nothing when target lacks
// EventTarget and MessageEvent (a bare runtime).
func InstallMessaging(realm *bind.Realm, target *goja.Object, host Host) error {
	if bind.Absent(target.Get("EventTarget")) || bind.Absent(target.Get("MessageEvent")) {
		return nil
	}
	port := &bind.Interface{
		Name:   "MessagePort",
		Parent: "EventTarget",
		Attributes: []bind.Attribute{
			{Name: "onmessage",
				Get: func(r *bind.Realm, this any) goja.Value {
					if h := this.(*messagePort).handler; h != nil {
						return h
					}
					return goja.Null()
				},
				Set: func(r *bind.Realm, this any, v goja.Value) {
					p := this.(*messagePort)
					p.handler = nil
					if _, ok := goja.AssertFunction(v); ok {
						p.handler = v
						p.start() // setting onmessage starts the port
					}
				}},
			{Name: "onmessageerror",
				Get: func(r *bind.Realm, this any) goja.Value {
					if h := this.(*messagePort).errHandler; h != nil {
						return h
					}
					return goja.Null()
				},
				Set: func(r *bind.Realm, this any, v goja.Value) {
					p := this.(*messagePort)
					p.errHandler = nil
					if _, ok := goja.AssertFunction(v); ok {
						p.errHandler = v
					}
				}},
		},
		Methods: []bind.Method{
			// https://html.spec.whatwg.org/multipage/web-messaging.html#message-port-post-message-steps
			{Name: "postMessage", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				p := this.(*messagePort)
				if len(args) == 0 {
					r.ThrowTypeError("Failed to execute 'postMessage' on 'MessagePort': 1 argument required, but only 0 present.")
				}
				transfer := postTransfer(r, args)
				const what = "Failed to execute 'postMessage' on 'MessagePort': "
				doomed := false
				for i, t := range transfer {
					if impl, _, ok := r.Unwrap(t); ok {
						switch impl {
						case p:
							r.ThrowDOMException("DataCloneError", what+"Port at index "+strconv.Itoa(i)+" contains the source port.")
						case p.other:
							doomed = true // the channel is lost
						}
					}
				}
				to := p.other
				target := MessageTarget{Realm: r, Host: p.host}
				if to != nil && !doomed {
					target = MessageTarget{Realm: to.realm, Host: to.host}
				}
				data, ports, err := CloneMessage(r, args[0], transfer, target, what)
				if p.closed || to == nil || doomed {
					return nil
				}
				to.post(portMessage{data: data, ports: ports, failed: err != nil})
				return nil
			}},
			{Name: "start", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				this.(*messagePort).start()
				return nil
			}},
			{Name: "close", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				p := this.(*messagePort)
				p.closed = true
				if p.other != nil {
					p.other.other = nil
				}
				p.other = nil
				return nil
			}},
		},
	}
	channel := &bind.Interface{
		Name: "MessageChannel",
		Constructor: func(r *bind.Realm, _ []goja.Value, _ *goja.Object) any {
			a, b := &messagePort{realm: r, host: host}, &messagePort{realm: r, host: host}
			a.other, b.other = b, a
			return &messageChannel{port1: a, port2: b}
		},
		Attributes: []bind.Attribute{
			{Name: "port1", Get: func(r *bind.Realm, this any) goja.Value {
				return r.WrapObject(this.(*messageChannel).port1, r.Class("MessagePort"))
			}},
			{Name: "port2", Get: func(r *bind.Realm, this any) goja.Value {
				return r.WrapObject(this.(*messageChannel).port2, r.Class("MessagePort"))
			}},
		},
	}
	var open []*broadcastChannel
	broadcast := &bind.Interface{
		Name:       "BroadcastChannel",
		Parent:     "EventTarget",
		CtorLength: 1,
		Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
			c := &broadcastChannel{name: bind.USVString(args[0]), peers: &open}
			open = append(open, c)
			return c
		},
		Attributes: []bind.Attribute{
			{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*broadcastChannel).name) }},
			{Name: "onmessage",
				Get: func(r *bind.Realm, this any) goja.Value {
					if h := this.(*broadcastChannel).handler; h != nil {
						return h
					}
					return goja.Null()
				},
				Set: func(r *bind.Realm, this any, v goja.Value) {
					c := this.(*broadcastChannel)
					c.handler = nil
					if _, ok := goja.AssertFunction(v); ok {
						c.handler = v
					}
				}},
			{Name: "onmessageerror",
				Get: func(r *bind.Realm, this any) goja.Value {
					if h := this.(*broadcastChannel).errHandler; h != nil {
						return h
					}
					return goja.Null()
				},
				Set: func(r *bind.Realm, this any, v goja.Value) {
					c := this.(*broadcastChannel)
					c.errHandler = nil
					if _, ok := goja.AssertFunction(v); ok {
						c.errHandler = v
					}
				}},
		},
		Methods: []bind.Method{
			{Name: "postMessage", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				// https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel-postmessage
				c := this.(*broadcastChannel)
				if c.closed {
					r.ThrowDOMException("InvalidStateError", "Failed to execute 'postMessage' on 'BroadcastChannel': Channel is closed")
				}
				data := StructuredClone(r, args[0], nil)
				// The event's origin is the sender's.
				origin := ""
				if eh := eventHost(r); eh != nil {
					origin = eh.Origin()
				}
				for _, peer := range *c.peers {
					if peer != c && !peer.closed && peer.name == c.name {
						peer := peer
						queueMessage(host, func() {
							// A channel closed since is skipped.
							if !peer.closed {
								fireMessage(r, host, peer, "message", data, nil, origin, func() goja.Value { return peer.handler })
							}
						})
					}
				}
				return nil
			}},
			{Name: "close", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				c := this.(*broadcastChannel)
				c.closed = true
				*c.peers = slices.DeleteFunc(*c.peers, func(x *broadcastChannel) bool { return x == c })
				return nil
			}},
		},
	}
	if eh := eventHost(realm); eh != nil {
		// The realm's own event handlers: listeners in the order they
		// were set, called by the trusted dispatch (fireMessage).
		onmessage := eh.HandlerAttribute("message")
		set := onmessage.Set
		portMessage := onmessage
		portMessage.Set = func(r *bind.Realm, this any, v goja.Value) {
			set(r, this, v)
			if _, ok := goja.AssertFunction(v); ok {
				// The first time onmessage is set the port starts.
				// https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports
				this.(*messagePort).start()
			}
		}
		port.Attributes = []bind.Attribute{portMessage, eh.HandlerAttribute("messageerror")}
		broadcast.Attributes = append(broadcast.Attributes[:1:1], onmessage, eh.HandlerAttribute("messageerror"))
	}
	return realm.Install(target, port, channel, broadcast)
}

// transfer moves p to realm dst (run by host): a new port there takes
// p's place in the channel, with p's held messages, and p is left
// detached.
// https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports (transfer steps)
func (p *messagePort) transfer(dst *bind.Realm, host Host) *messagePort {
	np := &messagePort{other: p.other, realm: dst, host: host}
	if np.host == nil {
		np.host = p.host
	}
	if p.other != nil {
		p.other.other = np
	}
	q := p.queue
	p.other, p.queue, p.moved, p.closed = nil, nil, np, true
	for _, m := range q {
		p.forward(m) // held until np starts
	}
	return np
}

// start starts the port's message queue: held messages are delivered.
func (p *messagePort) start() {
	if p.started {
		return
	}
	p.started = true
	q := p.queue
	p.queue = nil
	for _, m := range q {
		p.post(m)
	}
}

// post delivers m to p in a task of p's host, or holds it until p
// starts. A message for a port that has moved to another realm since
// follows it there.
func (p *messagePort) post(m portMessage) {
	if !p.started {
		p.queue = append(p.queue, m)
		return
	}
	queueMessage(p.host, func() {
		if p.moved != nil {
			p.forward(m)
			return
		}
		typ := "message"
		handler := func() goja.Value { return p.handler }
		if m.failed {
			typ, handler = "messageerror", func() goja.Value { return p.errHandler }
		}
		fireMessage(p.realm, p.host, p, typ, m.data, m.ports, "", handler)
	})
}

// queueMessage queues fn, a message's delivery, as a message task of host
// (loop.Loop.QueueMessage: a chain of messages that never pauses is
// stream work) when host tells them apart, else as a task.
func queueMessage(host Host, fn func()) {
	if m, ok := host.(interface{ QueueMessage(fn func()) }); ok {
		m.QueueMessage(fn)
		return
	}
	host.QueueTask(fn)
}

// forward hands m, a message of p's realm, to the port p moved to.
func (p *messagePort) forward(m portMessage) {
	to := p
	for to.moved != nil {
		to = to.moved
	}
	if !m.failed {
		data, ports, err := CloneMessage(p.realm, m.data, m.ports, MessageTarget{Realm: to.realm, Host: to.host}, "")
		m = portMessage{data: data, ports: ports, failed: err != nil}
	}
	to.post(m)
}

// fireMessage fires a MessageEvent of type typ (message or messageerror)
// at to's wrapper: a trusted one through the realm's EventHost, or one made
// with the realm's own constructor and dispatched with its dispatchEvent,
// then the event handler handler returns called.
func fireMessage(r *bind.Realm, host Host, to any, typ string, data goja.Value, ports []goja.Value, origin string, handler func() goja.Value) {
	self := r.Lookup(to)
	if self == nil {
		return
	}
	r.ChargeMessage()
	rt := r.Runtime
	init := rt.NewObject()
	if typ == "message" {
		init.Set("data", data)
		list := make([]any, len(ports))
		for i, p := range ports {
			list[i] = p
		}
		init.Set("ports", rt.NewArray(list...))
		init.Set("origin", origin)
	}
	if eh := eventHost(r); eh != nil {
		if _, err := eh.FireEvent(self, typ, "MessageEvent", init); err != nil {
			host.ReportError(err)
		}
		return
	}
	ev, err := rt.New(rt.GlobalObject().Get("MessageEvent"), rt.ToValue(typ), init)
	if err != nil {
		host.ReportError(err)
		return
	}
	if dispatch, ok := goja.AssertFunction(self.Get("dispatchEvent")); ok {
		if _, err := dispatch(self, ev); err != nil {
			host.ReportError(err)
		}
	}
	if h, ok := goja.AssertFunction(handler()); ok {
		if _, err := h(self, ev); err != nil {
			host.ReportError(err)
		}
	}
}

// postTransfer reads postMessage's transfer list: an array, or the
// transfer member of a StructuredSerializeOptions.
func postTransfer(r *bind.Realm, args []goja.Value) []goja.Value {
	var transfer []goja.Value
	if o, ok := bind.Arg(args, 1).(*goja.Object); ok {
		if t, ok := o.Get("transfer").(*goja.Object); ok {
			r.Runtime.ForOf(t, func(v goja.Value) bool { transfer = append(transfer, v); return true })
		} else if o.ClassName() == "Array" {
			r.Runtime.ForOf(o, func(v goja.Value) bool { transfer = append(transfer, v); return true })
		}
	}
	return transfer
}

// NewMessagePorts makes two entangled MessagePorts in realm r, whose tasks
// host runs, as a MessageChannel's (a SharedWorker's port and the one its
// connect event carries to the worker, which CloneMessage transfers
// there). It reports false when r has no MessagePort interface
// (InstallMessaging was not run on it).
func NewMessagePorts(r *bind.Realm, host Host) (outside, inside goja.Value, ok bool) {
	class := r.Class("MessagePort")
	if class == nil {
		return nil, nil, false
	}
	a, b := &messagePort{realm: r, host: host}, &messagePort{realm: r, host: host}
	a.other, b.other = b, a
	return r.WrapObject(a, class), r.WrapObject(b, class), true
}
