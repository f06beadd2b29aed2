package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Notifications, as headless Chromium 156 answers a page that has no user
// to grant them: Notification.permission is "default", requestPermission
// settles with "denied" (and calls its legacy callback with it), and a
// notification made anyway is never shown: it fires error. Pages
// feature-test `'Notification' in window` and then read permission.
// https://notifications.spec.whatwg.org/#api

// notification is a Notification: its options as given, normalized as
// Chromium reads them.
type notification struct {
	dom.EventTarget
	title, dir, lang, body, tag, icon, badge, image string
	renotify, silent, requireInteraction            bool
	data                                            goja.Value
	timestamp                                       float64
}

// notificationMaxActions is Chromium's Notification.maxActions.
const notificationMaxActions = 2

func newNotification(r *bind.Realm, args []goja.Value) *notification {
	const what = "Failed to construct 'Notification': "
	w := win(r)
	n := &notification{title: bind.DOMString(args[0]), dir: "auto", data: goja.Null(),
		timestamp: float64(w.loop.Now().UnixMilli())}
	opts := bind.Arg(args, 1)
	if bind.Nullish(opts) {
		return n
	}
	o, ok := opts.(*goja.Object)
	if !ok {
		r.ThrowTypeError(what + "The provided value is not of type 'NotificationOptions'.")
	}
	str := func(name string, dst *string) {
		if v := o.Get(name); !bind.Absent(v) {
			*dst = bind.DOMString(v)
		}
	}
	// The dictionary's members in lexicographic order, as Web IDL reads them.
	// https://webidl.spec.whatwg.org/#es-dictionary
	str("badge", &n.badge)
	str("body", &n.body)
	data := o.Get("data")
	if v := o.Get("dir"); !bind.Absent(v) {
		switch d := bind.DOMString(v); d {
		case "auto", "ltr", "rtl":
			n.dir = d
		default:
			r.ThrowTypeError(what + "Failed to read the 'dir' property from 'NotificationOptions': The provided value '" + d + "' is not a valid enum value of type NotificationDirection.")
		}
	}
	str("icon", &n.icon)
	str("image", &n.image)
	str("lang", &n.lang)
	if v := o.Get("renotify"); !bind.Absent(v) {
		n.renotify = v.ToBoolean()
	}
	if v := o.Get("requireInteraction"); !bind.Absent(v) {
		n.requireInteraction = v.ToBoolean()
	}
	if v := o.Get("silent"); !bind.Nullish(v) {
		n.silent = v.ToBoolean()
	}
	str("tag", &n.tag)
	if n.renotify && n.tag == "" {
		r.ThrowTypeError(what + "Notifications which set the renotify flag must specify a non-empty tag.")
	}
	if v := o.Get("vibrate"); n.silent && !bind.Absent(v) {
		r.ThrowTypeError(what + "Silent notifications must not specify vibration patterns.")
	}
	if !bind.Absent(data) {
		// StructuredSerializeForStorage once, after the checks above: the
		// getter gives that copy, never the page's object.
		// https://notifications.spec.whatwg.org/#create-a-notification
		n.data = webapi.CloneInto(r, data, nil, r.Runtime, what)
	}
	return n
}

func notificationString(get func(n *notification) string) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return r.String(get(this.(*notification))) }
}

func notificationBool(get func(n *notification) bool) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return r.Bool(get(this.(*notification))) }
}

// frozenArray is a new frozen array of items.
func frozenArray(r *bind.Realm, items []any) goja.Value {
	arr := r.Runtime.NewArray(items...)
	if freeze, ok := goja.AssertFunction(r.Runtime.Get("Object").ToObject(r.Runtime).Get("freeze")); ok {
		_, _ = freeze(goja.Undefined(), arr)
	}
	return arr
}

var notificationIface = &bind.Interface{
	Name:       "Notification",
	Parent:     "EventTarget",
	CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		n := newNotification(r, args)
		// Permission was never granted: the notification is not shown,
		// and error fires at it in a task.
		// https://notifications.spec.whatwg.org/#constructors (step 5)
		w := win(r)
		w.loop.QueueTask(func() { w.fire(n, "error", false, false) })
		return n
	},
	Attributes: []bind.Attribute{
		handlerAttr("click"), handlerAttr("show"), handlerAttr("error"), handlerAttr("close"),
		{Name: "title", Get: notificationString(func(n *notification) string { return n.title })},
		{Name: "dir", Get: notificationString(func(n *notification) string { return n.dir })},
		{Name: "lang", Get: notificationString(func(n *notification) string { return n.lang })},
		{Name: "body", Get: notificationString(func(n *notification) string { return n.body })},
		{Name: "tag", Get: notificationString(func(n *notification) string { return n.tag })},
		{Name: "icon", Get: notificationString(func(n *notification) string { return n.icon })},
		{Name: "badge", Get: notificationString(func(n *notification) string { return n.badge })},
		{Name: "vibrate", Get: func(r *bind.Realm, this any) goja.Value { return frozenArray(r, nil) }},
		{Name: "timestamp", Get: func(r *bind.Realm, this any) goja.Value {
			return r.Runtime.ToValue(this.(*notification).timestamp)
		}},
		{Name: "renotify", Get: notificationBool(func(n *notification) bool { return n.renotify })},
		{Name: "silent", Get: notificationBool(func(n *notification) bool { return n.silent })},
		{Name: "requireInteraction", Get: notificationBool(func(n *notification) bool { return n.requireInteraction })},
		{Name: "data", Get: func(r *bind.Realm, this any) goja.Value { return this.(*notification).data }},
		{Name: "actions", Get: func(r *bind.Realm, this any) goja.Value { return frozenArray(r, nil) }},
		{Name: "image", Get: notificationString(func(n *notification) string { return n.image })},
	},
	Methods: []bind.Method{
		// A notification never shown has nothing to close.
		{Name: "close", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return nil }},
	},
	StaticAttributes: []bind.Attribute{
		{Name: "permission", Get: func(r *bind.Realm, this any) goja.Value { return r.String("default") }},
		{Name: "maxActions", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(notificationMaxActions) }},
	},
	StaticMethods: []bind.Method{
		// No user answers the prompt: headless Chromium settles with
		// "denied", calling the deprecated callback first.
		// https://notifications.spec.whatwg.org/#dom-notification-requestpermission
		{Name: "requestPermission", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			cb, _ := goja.AssertFunction(bind.Arg(args, 0))
			p, resolve, _ := r.Runtime.NewPromise()
			w.loop.QueueTask(func() {
				denied := r.String("denied")
				if cb != nil {
					w.call(cb, goja.Undefined(), denied)
				}
				_ = resolve(denied)
			})
			return r.Runtime.ToValue(p)
		}},
	},
}
