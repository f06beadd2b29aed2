package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Text tracks: the interfaces, so that media players can load and test
// values against them (Plyr's is.track is `x instanceof TextTrack`, and Plyr
// threw a ReferenceError before building its controls). Media never load,
// so no track has cues; VTTCue makes cues that belong to no track.
// HTMLMediaElement.textTracks and addTextTrack are in media.go.
// https://html.spec.whatwg.org/multipage/media.html#text-track-api

// A textTrack is a TextTrack.
type textTrack struct {
	dom.EventTarget
	kind, label, language, id, mode string
}

// A textTrackList is a TextTrackList; a media element's is live (owner).
type textTrackList struct {
	dom.EventTarget
	tracks []*textTrack
	w      *Window
	owner  *dom.Node
}

// items returns the tracks, brought up to date with the owner's <track>
// children and added tracks.
func (l *textTrackList) items() []*textTrack {
	if l.owner != nil {
		l.w.refreshTextTracks(l.owner, l)
	}
	return l.tracks
}

// A vttCue is a VTTCue.
type vttCue struct {
	dom.EventTarget
	id                 string
	startTime, endTime float64
	pauseOnExit        bool
	text               string
}

// A textTrackCueList is a TextTrackCueList.
type textTrackCueList struct{ cues []*vttCue }

var textTrackIface = &bind.Interface{
	Name:   "TextTrack",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "kind", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*textTrack).kind) }},
		{Name: "label", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*textTrack).label) }},
		{Name: "language", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*textTrack).language) }},
		{Name: "id", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*textTrack).id) }},
		{Name: "mode", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*textTrack).mode) },
			Set: func(r *bind.Realm, this any, v goja.Value) {
				// an enumeration: other values are ignored
				switch m := bind.DOMString(v); m {
				case "disabled", "hidden", "showing":
					this.(*textTrack).mode = m
				}
			}},
		{Name: "cues", Get: func(r *bind.Realm, this any) goja.Value { return win(r).null }},
		{Name: "activeCues", Get: func(r *bind.Realm, this any) goja.Value { return win(r).null }},
		handlerAttr("cuechange"),
	},
	Methods: []bind.Method{
		{Name: "addCue", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return nil }},
		{Name: "removeCue", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return nil }},
	},
}

var textTrackListIface = &bind.Interface{
	Name:   "TextTrackList",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(len(this.(*textTrackList).items())) }},
		handlerAttr("change"), handlerAttr("addtrack"), handlerAttr("removetrack"),
	},
	Methods: []bind.Method{
		{Name: "getTrackById", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			id := bind.DOMString(args[0])
			for _, t := range this.(*textTrackList).items() {
				if t.id == id {
					return r.WrapObject(t, r.Class("TextTrack"))
				}
			}
			return win(r).null
		}},
	},
	IndexedIterator: true,
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if l := this.(*textTrackList).items(); bind.Index(key) >= 0 && bind.Index(key) < len(l) {
				return r.WrapObject(l[bind.Index(key)], r.Class("TextTrack"))
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(this.(*textTrackList).items())) },
	},
}

var textTrackCueListIface = &bind.Interface{
	Name: "TextTrackCueList",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(len(this.(*textTrackCueList).cues)) }},
	},
	Methods: []bind.Method{
		{Name: "getCueById", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			id := bind.DOMString(args[0])
			for _, c := range this.(*textTrackCueList).cues {
				if id != "" && c.id == id {
					return r.WrapObject(c, r.Class("VTTCue"))
				}
			}
			return win(r).null
		}},
	},
	IndexedIterator: true,
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if l := this.(*textTrackCueList); bind.Index(key) >= 0 && bind.Index(key) < len(l.cues) {
				return r.WrapObject(l.cues[bind.Index(key)], r.Class("VTTCue"))
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(this.(*textTrackCueList).cues)) },
	},
}

// cueOf is this as the cue it is.
func cueOf(this any) *vttCue { return this.(*vttCue) }

var textTrackCueIface = &bind.Interface{
	Name:   "TextTrackCue",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "track", Get: func(r *bind.Realm, this any) goja.Value { return win(r).null }},
		{Name: "id", Get: func(r *bind.Realm, this any) goja.Value { return r.String(cueOf(this).id) },
			Set: func(r *bind.Realm, this any, v goja.Value) { cueOf(this).id = bind.DOMString(v) }},
		{Name: "startTime", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(cueOf(this).startTime) },
			Set: func(r *bind.Realm, this any, v goja.Value) { cueOf(this).startTime = cueTime(r, v) }},
		{Name: "endTime", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(cueOf(this).endTime) },
			Set: func(r *bind.Realm, this any, v goja.Value) { cueOf(this).endTime = cueTime(r, v) }},
		{Name: "pauseOnExit", Get: func(r *bind.Realm, this any) goja.Value { return r.Runtime.ToValue(cueOf(this).pauseOnExit) },
			Set: func(r *bind.Realm, this any, v goja.Value) { cueOf(this).pauseOnExit = v.ToBoolean() }},
		handlerAttr("enter"), handlerAttr("exit"),
	},
}

// https://w3c.github.io/webvtt/#the-vttcue-interface
var vttCueIface = &bind.Interface{
	Name:       "VTTCue",
	Parent:     "TextTrackCue",
	CtorLength: 3,
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		return &vttCue{startTime: cueTime(r, args[0]), endTime: cueTime(r, args[1]), text: bind.DOMString(args[2])}
	},
	Attributes: []bind.Attribute{
		{Name: "text", Get: func(r *bind.Realm, this any) goja.Value { return r.String(cueOf(this).text) },
			Set: func(r *bind.Realm, this any, v goja.Value) { cueOf(this).text = bind.DOMString(v) }},
	},
	Methods: []bind.Method{
		{Name: "getCueAsHTML", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			w := win(r)
			f := w.doc.CreateDocumentFragment()
			_, _ = f.AppendChild(w.doc.CreateTextNode(cueOf(this).text))
			return w.wrap(f)
		}},
	},
}

// cueTime converts a cue time (a Web IDL double: finite).
func cueTime(r *bind.Realm, v goja.Value) float64 {
	f := bind.Number(v)
	if f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308 {
		r.ThrowTypeError("The provided double value is non-finite.")
	}
	return f
}
