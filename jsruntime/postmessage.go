package jsruntime

import (
	"net/url"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// windowPostMessage is window.postMessage(message, targetOrigin, transfer)
// and postMessage(message, {targetOrigin, transfer}): the message is
// serialized with its transfer list at once (a DataCloneError, or what a
// getter throws, reaches the caller; transferred ArrayBuffers and
// MessagePorts are detached), and a task fires message at the window
// unless targetOrigin names another origin; a message the window cannot
// deserialize fires messageerror.
// https://html.spec.whatwg.org/multipage/web-messaging.html#window-post-message-steps
func (w *Window) windowPostMessage(args []goja.Value) goja.Value {
	const what = "Failed to execute 'postMessage' on 'Window': "
	r := w.realm
	if len(args) == 0 {
		r.ThrowTypeError(what + "1 argument required, but only 0 present.")
	}
	targetOrigin := "/"
	var transferVal goja.Value
	var transfer []goja.Value
	second := bind.Arg(args, 1)
	_, isObj := second.(*goja.Object)
	switch {
	case len(args) >= 3 || !isObj && !bind.Nullish(second):
		// The (message, targetOrigin, transfer) overload.
		targetOrigin = bind.USVString(second)
		transferVal = bind.Arg(args, 2)
	default:
		// WindowPostMessageOptions (null and undefined too): the
		// inherited StructuredSerializeOptions' transfer, converted as
		// it is read, then targetOrigin (a USVString).
		d := bind.NewDictionary(second, "StructuredSerializeOptions")
		d.Convert("transfer", func(v goja.Value) {
			transfer = []goja.Value{}
			bind.Sequence(r.Runtime, v, func(item goja.Value) {
				if _, ok := item.(*goja.Object); !ok {
					panic(bind.TypeError("The provided value cannot be converted to a sequence."))
				}
				transfer = append(transfer, item)
			})
		})
		if t, ok := d.As("WindowPostMessageOptions").USVString("targetOrigin"); ok {
			targetOrigin = t
		}
	}
	own := originOf(w.nav.url)
	want := ""
	switch targetOrigin {
	case "*":
	case "/":
		want = own
	default:
		u, err := url.Parse(targetOrigin)
		if err != nil || !u.IsAbs() || strings.TrimSpace(targetOrigin) != targetOrigin {
			r.ThrowDOMException("SyntaxError", what+"Invalid target origin '"+targetOrigin+"' in a call to 'postMessage'.")
		}
		want = originOf(u)
	}
	if !bind.Absent(transferVal) {
		transfer = sequenceOfObjects(r, transferVal, what+"The provided value cannot be converted to a sequence.")
	}
	data, ports, err := webapi.CloneMessage(r, args[0], transfer, webapi.MessageTarget{Realm: r, Host: w.loop}, what)
	if want != "" && want != own && stripDefaultPort(want) != stripDefaultPort(own) {
		return nil // another origin: the message is dropped
	}
	list := make([]any, len(ports))
	for i, p := range ports {
		list[i] = p
	}
	origin := own
	source := w.incumbentWindow()
	w.loop.QueueMessage(func() {
		w.realm.ChargeMessage()
		typ := "message"
		if err != nil {
			typ, data = "messageerror", goja.Null()
		}
		ev := dom.NewEvent(typ, false, false)
		ev.IsTrusted = true
		d := &eventData{kind: "MessageEvent", messageData: data, origin: origin, source: source, detail: goja.Null(), view: goja.Null()}
		d.extra().ports = w.rt.NewArray(list...)
		ev.Detail = d
		w.dispatch(w, ev)
	})
	return nil
}

// sequenceOfObjects converts a sequence<object> argument through its
// iterator, each item an object (a TypeError with msg otherwise).
// https://webidl.spec.whatwg.org/#js-sequence
func sequenceOfObjects(r *bind.Realm, v goja.Value, msg string) []goja.Value {
	obj, ok := v.(*goja.Object)
	if !ok || bind.Absent(obj.GetSymbol(goja.SymIterator)) {
		r.ThrowTypeError(msg)
	}
	var out []goja.Value
	r.Runtime.ForOf(obj, func(item goja.Value) bool {
		if _, isObj := item.(*goja.Object); !isObj {
			r.ThrowTypeError(msg)
		}
		out = append(out, item)
		return true
	})
	return out
}

// stripDefaultPort drops the scheme's default port from a serialized
// origin (http://a:80 is http://a).
func stripDefaultPort(o string) string {
	if s, ok := strings.CutSuffix(o, ":80"); ok && strings.HasPrefix(o, "http://") {
		return s
	}
	if s, ok := strings.CutSuffix(o, ":443"); ok && strings.HasPrefix(o, "https://") {
		return s
	}
	return o
}
