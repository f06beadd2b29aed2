package webapi

import (
	"slices"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// Channel messaging within one page: MessageChannel and its MessagePorts,
// and BroadcastChannel between the page's own channels of one name. Each
// message is a structured clone, delivered in a task queued on the loop, as
// a MessageEvent made with the page's own constructor and dispatched with
// its dispatchEvent (so these need the window's events, like connections.go).
// https://html.spec.whatwg.org/multipage/web-messaging.html

// messagePort is the implementation behind a MessagePort.
// https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports
type messagePort struct {
	other   *messagePort
	started bool
	closed  bool
	queue   []goja.Value // messages held until start()
	handler goja.Value   // onmessage
}

type messageChannel struct{ port1, port2 *messagePort }

// broadcastChannel is the implementation behind a BroadcastChannel.
type broadcastChannel struct {
	name    string
	closed  bool
	handler goja.Value
	peers   *[]*broadcastChannel // every open channel of the page
}

// InstallMessaging installs MessageChannel, MessagePort and
// BroadcastChannel on target. It does nothing when target lacks
// EventTarget and MessageEvent (a bare runtime).
func InstallMessaging(realm *bind.Realm, target *goja.Object, host Host) error {
	if bind.Absent(target.Get("EventTarget")) || bind.Absent(target.Get("MessageEvent")) {
		return nil
	}
	deliver := func(r *bind.Realm, to any, data goja.Value, handler func() goja.Value) {
		host.QueueTask(func() {
			self := r.Lookup(to)
			if self == nil {
				return
			}
			rt := r.Runtime
			init := rt.NewObject()
			init.Set("data", data)
			ev, err := rt.New(rt.GlobalObject().Get("MessageEvent"), rt.ToValue("message"), init)
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
		})
	}
	var portDeliver func(r *bind.Realm, p *messagePort, data goja.Value)
	portDeliver = func(r *bind.Realm, p *messagePort, data goja.Value) {
		if !p.started {
			p.queue = append(p.queue, data)
			return
		}
		deliver(r, p, data, func() goja.Value { return p.handler })
	}
	start := func(r *bind.Realm, p *messagePort) {
		if p.started {
			return
		}
		p.started = true
		q := p.queue
		p.queue = nil
		for _, d := range q {
			portDeliver(r, p, d)
		}
	}
	clone := func(r *bind.Realm, args []goja.Value) goja.Value {
		var transfer []goja.Value
		if o, ok := bind.Arg(args, 1).(*goja.Object); ok {
			if t, ok := o.Get("transfer").(*goja.Object); ok {
				r.Runtime.ForOf(t, func(v goja.Value) bool { transfer = append(transfer, v); return true })
			} else if o.ClassName() == "Array" {
				r.Runtime.ForOf(o, func(v goja.Value) bool { transfer = append(transfer, v); return true })
			}
		}
		return StructuredClone(r, bind.Arg(args, 0), transfer)
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
						start(r, p) // setting onmessage starts the port
					}
				}},
		},
		Methods: []bind.Method{
			{Name: "postMessage", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				p := this.(*messagePort)
				data := clone(r, args)
				if p.closed || p.other == nil || p.other.closed {
					return nil
				}
				portDeliver(r, p.other, data)
				return nil
			}},
			{Name: "start", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
				start(r, this.(*messagePort))
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
			a, b := &messagePort{}, &messagePort{}
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
			c := &broadcastChannel{name: args[0].String(), peers: &open}
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
		},
		Methods: []bind.Method{
			{Name: "postMessage", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
				// https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel-postmessage
				c := this.(*broadcastChannel)
				if c.closed {
					r.ThrowDOMException("InvalidStateError", "Failed to execute 'postMessage' on 'BroadcastChannel': Channel is closed")
				}
				data := clone(r, args[:1])
				for _, peer := range *c.peers {
					if peer != c && !peer.closed && peer.name == c.name {
						peer := peer
						deliver(r, peer, data, func() goja.Value { return peer.handler })
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
	return realm.Install(target, port, channel, broadcast)
}
