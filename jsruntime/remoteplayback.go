package jsruntime

import (
	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// RemotePlayback, a media element's `remote`: the Remote Playback API as
// headless Chromium 156 answers with no remote device and no user. The
// state stays "disconnected"; watchAvailability registers a callback that
// is never called (no device's availability becomes known) and resolves
// with its id; prompt needs a user gesture; both refuse an element with
// the disableRemotePlayback attribute. media-chrome tells a browser that
// can cast by `remote` (its cast button's mediacastunavailable is
// "unavailable" there, "unsupported" without it;
// testdata/wpt/sweep63-remote-playback.html).
// https://w3c.github.io/remote-playback/#the-remoteplayback-interface

// remotePlayback is a media element's RemotePlayback.
type remotePlayback struct {
	dom.EventTarget
	media *dom.Node
	// watchers are the availability callbacks by id.
	watchers map[int]goja.Value
}

// remoteOf returns the RemotePlayback of the media element n, the same
// object each time.
func (w *Window) remoteOf(n *dom.Node) *remotePlayback {
	m := w.mediaOf(n)
	if m.remote == nil {
		m.remote = &remotePlayback{media: n}
	}
	return m.remote
}

// disabled says whether the element refuses remote playback.
func (p *remotePlayback) disabled() bool { return p.media.HasAttribute("disableremoteplayback") }

var remotePlaybackIface = &bind.Interface{
	Name:   "RemotePlayback",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "state", Get: func(r *bind.Realm, this any) goja.Value { return r.String("disconnected") }},
		handlerAttr("connecting"), handlerAttr("connect"), handlerAttr("disconnect"),
	},
	Methods: []bind.Method{
		{Name: "watchAvailability", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, p := win(r), this.(*remotePlayback)
			if _, ok := goja.AssertFunction(args[0]); !ok {
				r.ThrowTypeError("Failed to execute 'watchAvailability' on 'RemotePlayback': The callback provided as parameter 1 is not a function.")
			}
			if p.disabled() {
				return w.rejected("InvalidStateError", "Failed to execute 'watchAvailability' on 'RemotePlayback': disableRemotePlayback attribute is present.")
			}
			// Ids are unique in the window, as Chromium's.
			w.remoteWatchID++
			if p.watchers == nil {
				p.watchers = map[int]goja.Value{}
			}
			p.watchers[w.remoteWatchID] = args[0]
			return w.resolved(w.int(w.remoteWatchID))
		}},
		{Name: "cancelWatchAvailability", Length: 0, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, p := win(r), this.(*remotePlayback)
			if p.disabled() {
				return w.rejected("InvalidStateError", "Failed to execute 'cancelWatchAvailability' on 'RemotePlayback': disableRemotePlayback attribute is present.")
			}
			if len(args) == 0 || goja.IsUndefined(args[0]) {
				clear(p.watchers)
				return w.resolved(goja.Undefined())
			}
			id := int(bind.Long(args[0]))
			if _, ok := p.watchers[id]; !ok {
				return w.rejected("NotFoundError", "Failed to execute 'cancelWatchAvailability' on 'RemotePlayback': A callback with the given id is not found.")
			}
			delete(p.watchers, id)
			return w.resolved(goja.Undefined())
		}},
		{Name: "prompt", Length: 0, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, p := win(r), this.(*remotePlayback)
			if p.disabled() {
				return w.rejected("InvalidStateError", "Failed to execute 'prompt' on 'RemotePlayback': disableRemotePlayback attribute is present.")
			}
			return w.rejected("InvalidAccessError", "Failed to execute 'prompt' on 'RemotePlayback': RemotePlayback::prompt() requires user gesture.")
		}},
	},
}
