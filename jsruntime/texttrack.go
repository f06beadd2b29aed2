package jsruntime

import (
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Text tracks: the interfaces, so that media players can load and test
// values against them (Plyr's is.track is `x instanceof TextTrack`, and Plyr
// threw a ReferenceError before building its controls). A track not
// disabled lists its cues (addCue, removeCue, and those of a <track>
// element's WebVTT file, media.go); media never play, so no cue is ever
// active.
// HTMLMediaElement.textTracks and addTextTrack are in media.go.
// https://html.spec.whatwg.org/multipage/media.html#text-track-api

// A textTrack is a TextTrack.
type textTrack struct {
	dom.EventTarget
	kind, label, language, id, mode string
	cues                            []*vttCue // in text track cue order
	cueList, activeList             *textTrackCueList

	// a <track> element's: the element, its readiness state
	// (HTMLTrackElement.readyState), the cues its file gave, and the
	// run of its processing model (gen; scheduled while one is queued)
	el         *dom.Node
	readyState int
	loaded     []*vttCue
	gen        int
	scheduled  bool
}

// addCue adds c to t's cues, taking it from the track it was on: the
// list stays in text track cue order (start time, then end time
// descending, then insertion order).
// https://html.spec.whatwg.org/multipage/media.html#dom-texttrack-addcue
func (t *textTrack) addCue(c *vttCue) {
	if c.track != nil {
		c.track.removeCue(c)
	}
	i := len(t.cues)
	for i > 0 && (t.cues[i-1].startTime > c.startTime || t.cues[i-1].startTime == c.startTime && t.cues[i-1].endTime < c.endTime) {
		i--
	}
	t.cues = append(t.cues, nil)
	copy(t.cues[i+1:], t.cues[i:])
	t.cues[i] = c
	c.track = t
}

// removeCue takes c out of t's cues; it says whether c was there.
func (t *textTrack) removeCue(c *vttCue) bool {
	for i, x := range t.cues {
		if x == c {
			t.cues = append(t.cues[:i], t.cues[i+1:]...)
			c.track = nil
			return true
		}
	}
	return false
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
	track              *textTrack
	id                 string
	startTime, endTime float64
	pauseOnExit        bool
	text               string
}

// A textTrackCueList is a TextTrackCueList: a track's cues, live, or its
// active cues (none: nothing plays).
type textTrackCueList struct {
	t      *textTrack
	active bool
}

func (l *textTrackCueList) items() []*vttCue {
	if l.active {
		return nil
	}
	return l.t.cues
}

// cueListValue is a track's cues (active, its active cues) as the
// attribute gives them: null while the track is disabled.
func cueListValue(r *bind.Realm, t *textTrack, active bool) goja.Value {
	if t.mode == "disabled" {
		return win(r).null
	}
	l := &t.cueList
	if active {
		l = &t.activeList
	}
	if *l == nil {
		*l = &textTrackCueList{t: t, active: active}
	}
	return r.WrapObject(*l, r.Class("TextTrackCueList"))
}

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
					t := this.(*textTrack)
					t.mode = m
					if t.el != nil && m != "disabled" {
						win(r).trackSchedule(t.el)
					}
				}
			}},
		{Name: "cues", Get: func(r *bind.Realm, this any) goja.Value { return cueListValue(r, this.(*textTrack), false) }},
		{Name: "activeCues", Get: func(r *bind.Realm, this any) goja.Value { return cueListValue(r, this.(*textTrack), true) }},
		handlerAttr("cuechange"),
	},
	Methods: []bind.Method{
		{Name: "addCue", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			this.(*textTrack).addCue(cueArg(r, args, "addCue"))
			return nil
		}},
		{Name: "removeCue", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if !this.(*textTrack).removeCue(cueArg(r, args, "removeCue")) {
				r.ThrowDOMException("NotFoundError", "Failed to execute 'removeCue' on 'TextTrack': The specified cue is not listed in the TextTrack's list of cues.")
			}
			return nil
		}},
	},
}

// cueArg is a TextTrackCue argument.
func cueArg(r *bind.Realm, args []goja.Value, what string) *vttCue {
	if len(args) == 0 {
		r.ThrowTypeError("Failed to execute '%s' on 'TextTrack': 1 argument required, but only 0 present.", what)
	}
	c, ok := r.UnwrapAs(args[0], r.Class("TextTrackCue"))
	if !ok {
		r.ThrowTypeError("Failed to execute '%s' on 'TextTrack': parameter 1 is not of type 'TextTrackCue'.", what)
	}
	return c.(*vttCue)
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
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return win(r).int(len(this.(*textTrackCueList).items())) }},
	},
	Methods: []bind.Method{
		{Name: "getCueById", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			id := bind.DOMString(args[0])
			for _, c := range this.(*textTrackCueList).items() {
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
			if l := this.(*textTrackCueList).items(); bind.Index(key) >= 0 && bind.Index(key) < len(l) {
				return r.WrapObject(l[bind.Index(key)], r.Class("VTTCue"))
			}
			return nil
		},
		Keys: func(r *bind.Realm, this any) []string { return indexKeys(len(this.(*textTrackCueList).items())) },
	},
}

// cueOf is this as the cue it is.
func cueOf(this any) *vttCue { return this.(*vttCue) }

var textTrackCueIface = &bind.Interface{
	Name:   "TextTrackCue",
	Parent: "EventTarget",
	Attributes: []bind.Attribute{
		{Name: "track", Get: func(r *bind.Realm, this any) goja.Value {
			if t := cueOf(this).track; t != nil {
				return r.WrapObject(t, r.Class("TextTrack"))
			}
			return win(r).null
		}},
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
