package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Media elements that never load: bangsnap fetches no audio or video, so a
// media element stays where Chromium's is while its resource is on the
// way. Without a source it is empty (networkState NETWORK_EMPTY); with a
// src attribute or a <source> child it is loading (NETWORK_LOADING, or
// NETWORK_IDLE with preload=none), currentSrc is the source's URL,
// readyState is HAVE_NOTHING, nothing is buffered, play() of a muted
// element returns a promise that stays pending (as Chromium's does until
// playback can start) and of an unmuted one rejects (no user activation),
// error stays null. What a script sets (volume, currentTime,
// rates, muted) reads back. load() fires the events of starting again
// (mediaLoad); no loadstart is fired when a source is first selected.
// https://html.spec.whatwg.org/multipage/media.html#media-elements

// mediaState is what a media element keeps besides its attributes.
type mediaState struct {
	volume, currentTime       float64
	playbackRate, defaultRate float64
	muted, preservesPitch     bool
	srcObject                 goja.Value
	textTracks                *textTrackList
	added                     []*textTrack // by addTextTrack
}

func (w *Window) mediaOf(n *dom.Node) *mediaState {
	if m := w.media[n]; m != nil {
		return m
	}
	if w.media == nil {
		w.media = make(map[*dom.Node]*mediaState)
	}
	m := &mediaState{volume: 1, playbackRate: 1, defaultRate: 1, preservesPitch: true, muted: n.HasAttribute("muted"), srcObject: goja.Null()}
	w.media[n] = m
	return m
}

// mediaSource is the URL the resource selection algorithm would pick: the
// src attribute, else the first <source> child's src.
// https://html.spec.whatwg.org/multipage/media.html#concept-media-load-algorithm
func mediaSource(n *dom.Node) (string, bool) {
	if v, ok := n.GetAttribute("src"); ok {
		return reflectedURL(v, n.Document().BaseRecord()), true
	}
	for c := n.First(); c != nil; c = c.Next() {
		if isHTMLElement(c) && c.Data == "source" {
			if v, ok := c.GetAttribute("src"); ok {
				return reflectedURL(v, n.Document().BaseRecord()), true
			}
		}
	}
	return "", false
}

// mediaNetworkState is n's networkState: NETWORK_EMPTY without a source,
// else NETWORK_LOADING for ever (NETWORK_IDLE with preload=none).
func mediaNetworkState(n *dom.Node) int {
	switch _, ok := mediaSource(n); {
	case !ok:
		return 0 // NETWORK_EMPTY
	case ascii.EqualFold(strings.TrimSpace(attrValue(n, "preload")), "none"):
		return 1 // NETWORK_IDLE
	}
	return 2 // NETWORK_LOADING
}

// mediaLoad runs the media element load algorithm as far as an element
// that never loads goes: a loading or idle element aborts (abort), one
// that was not empty empties (emptied) and goes back to the start
// (timeupdate when that moved its position: Chromium 156 no longer fires
// it at 0), and an element with a source starts loading again
// (loadstart), each event in a task of its own.
// https://html.spec.whatwg.org/multipage/media.html#media-element-load-algorithm
func (w *Window) mediaLoad(n *dom.Node) {
	var events []string
	m := w.mediaOf(n)
	switch mediaNetworkState(n) {
	case 1, 2:
		events = append(events, "abort", "emptied")
		if m.currentTime != 0 {
			events = append(events, "timeupdate")
		}
	}
	m.currentTime = 0
	if _, ok := mediaSource(n); ok {
		events = append(events, "loadstart")
	}
	for _, typ := range events {
		w.loop.QueueTask(func() { w.fire(n, typ, false, false) })
	}
}

// trackOf is a <track> element's TextTrack, its kind, label, language and
// id following the element's attributes. A default subtitles or captions
// track of a media element starts showing, as Chromium shows it.
// https://html.spec.whatwg.org/multipage/media.html#dom-track-track
func (w *Window) trackOf(n *dom.Node) *textTrack {
	t := w.tracks[n]
	if t == nil {
		if w.tracks == nil {
			w.tracks = make(map[*dom.Node]*textTrack)
		}
		t = &textTrack{mode: "disabled"}
		w.tracks[n] = t
		if p := n.ParentElement(); p != nil && isHTMLElement(p) && (p.Data == "video" || p.Data == "audio") && n.HasAttribute("default") {
			if k := trackKind(n); k == "subtitles" || k == "captions" {
				t.mode = "showing"
			}
		}
	}
	t.kind = trackKind(n)
	t.label, _ = n.GetAttribute("label")
	t.language, _ = n.GetAttribute("srclang")
	t.id, _ = n.GetAttribute("id")
	return t
}

// trackKind is the track element's kind attribute as its IDL attribute
// reads it.
func trackKind(n *dom.Node) string {
	v, ok := n.GetAttribute("kind")
	if !ok {
		return "subtitles"
	}
	switch k := ascii.Lower(v); k {
	case "subtitles", "captions", "descriptions", "chapters", "metadata":
		return k
	}
	return "metadata"
}

// textTracksOf is the media element's TextTrackList.
func (w *Window) textTracksOf(n *dom.Node) *textTrackList {
	m := w.mediaOf(n)
	if m.textTracks == nil {
		m.textTracks = &textTrackList{w: w, owner: n}
	}
	return m.textTracks
}

// refreshTextTracks lists the tracks of n's <track> children, then those
// addTextTrack made.
// https://html.spec.whatwg.org/multipage/media.html#dom-media-texttracks
func (w *Window) refreshTextTracks(n *dom.Node, l *textTrackList) {
	l.tracks = l.tracks[:0]
	for c := n.First(); c != nil; c = c.Next() {
		if isHTMLElement(c) && c.Data == "track" {
			l.tracks = append(l.tracks, w.trackOf(c))
		}
	}
	l.tracks = append(l.tracks, w.mediaOf(n).added...)
}

// mediaDouble is a double attribute of a media element: a non-finite
// value throws.
func mediaDouble(name string, field func(m *mediaState) *float64, check func(w *Window, f float64)) bind.Attribute {
	return attr(name, func(w *Window, n *dom.Node) goja.Value { return w.rt.ToValue(*field(w.mediaOf(n))) },
		func(w *Window, n *dom.Node, v goja.Value) {
			f := bind.Number(v)
			if !finite(f) {
				w.realm.ThrowTypeError("Failed to set the '%s' property on 'HTMLMediaElement': The provided double value is non-finite.", name)
			}
			if check != nil {
				check(w, f)
			}
			*field(w.mediaOf(n)) = f
		})
}

func attrValue(n *dom.Node, name string) string {
	v, _ := n.GetAttribute(name)
	return v
}

func timeRanges(w *Window, _ *dom.Node) goja.Value {
	return w.realm.WrapObject(&timeRangesImpl{}, w.realm.Class("TimeRanges"))
}

var mediaAttrs = []bind.Attribute{
	rURL("src", "src"), rNullableEnum("crossOrigin", "crossorigin", "anonymous", "anonymous", "use-credentials"),
	rEnumMap("preload", "preload", "metadata", "metadata", "none", "none", "metadata", "metadata", "auto", "auto", "", "auto"),
	rBool("autoplay", "autoplay"), rBool("loop", "loop"), rBool("controls", "controls"), rBool("defaultMuted", "muted"),
	attr("muted", func(w *Window, n *dom.Node) goja.Value { return w.boolean(w.mediaOf(n).muted) },
		func(w *Window, n *dom.Node, v goja.Value) { w.mediaOf(n).muted = bind.Boolean(v) }),
	mediaDouble("volume", func(m *mediaState) *float64 { return &m.volume }, func(w *Window, f float64) {
		if f < 0 || f > 1 {
			w.realm.ThrowDOMException("IndexSizeError", "Failed to set the 'volume' property on 'HTMLMediaElement': The volume provided ("+jsNum(f)+") is outside the range [0, 1].")
		}
	}),
	mediaDouble("currentTime", func(m *mediaState) *float64 { return &m.currentTime }, nil),
	mediaDouble("playbackRate", func(m *mediaState) *float64 { return &m.playbackRate }, nil),
	mediaDouble("defaultPlaybackRate", func(m *mediaState) *float64 { return &m.defaultRate }, nil),
	attr("preservesPitch", func(w *Window, n *dom.Node) goja.Value { return w.boolean(w.mediaOf(n).preservesPitch) },
		func(w *Window, n *dom.Node, v goja.Value) { w.mediaOf(n).preservesPitch = bind.Boolean(v) }),
	attr("srcObject", func(w *Window, n *dom.Node) goja.Value { return w.mediaOf(n).srcObject },
		func(w *Window, n *dom.Node, v goja.Value) {
			if _, ok := v.(*goja.Object); !ok && !bind.Nullish(v) {
				w.realm.ThrowTypeError("Failed to set the 'srcObject' property on 'HTMLMediaElement': The provided value is not of type '(MediaSource or MediaStream or Blob)'.")
			}
			if bind.Nullish(v) {
				v = goja.Null()
			}
			w.mediaOf(n).srcObject = v
		}),
	rEnum("loading", "loading", "eager", "eager", "lazy"),
	ro("currentSrc", func(w *Window, n *dom.Node) goja.Value {
		src, _ := mediaSource(n)
		return w.str(src)
	}),
	ro("duration", func(w *Window, n *dom.Node) goja.Value { return w.rt.ToValue(math.NaN()) }),
	ro("paused", func(w *Window, n *dom.Node) goja.Value { return valTrue }),
	ro("ended", func(w *Window, n *dom.Node) goja.Value { return valFalse }),
	ro("seeking", func(w *Window, n *dom.Node) goja.Value { return valFalse }),
	ro("readyState", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }),
	ro("networkState", func(w *Window, n *dom.Node) goja.Value { return w.int(mediaNetworkState(n)) }),
	ro("error", func(w *Window, n *dom.Node) goja.Value { return w.null }),
	ro("buffered", timeRanges), ro("played", timeRanges), ro("seekable", timeRanges),
	ro("textTracks", func(w *Window, n *dom.Node) goja.Value {
		return w.realm.WrapObject(w.textTracksOf(n), w.realm.Class("TextTrackList"))
	}),
}

var mediaMethods = []bind.Method{
	// Scripts run without user activation: as in Chromium, an unmuted
	// element may not play (autoplay policy); a muted one waits for its
	// source, for ever here.
	promised(method("play", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if !w.mediaOf(n).muted {
			return w.rejected("NotAllowedError", "play() failed because the user didn't interact with the document first. https://goo.gl/xX8pDD")
		}
		p, _, _ := w.rt.NewPromise()
		return w.rt.ToValue(p)
	})),
	method("pause", 0, noop),
	method("load", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		w.mediaLoad(n)
		return goja.Undefined()
	}),
	method("canPlayType", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		return w.str(canPlayType(bind.DOMString(args[0])))
	}),
	method("addTextTrack", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		const what = "execute 'addTextTrack' on 'HTMLMediaElement'"
		kind := canvasEnum(w.realm, args[0], what, "TextTrackKind", "subtitles", "captions", "descriptions", "chapters", "metadata")
		t := &textTrack{kind: kind, mode: "hidden"}
		if v := bind.Arg(args, 1); !goja.IsUndefined(v) {
			t.label = bind.DOMString(v)
		}
		if v := bind.Arg(args, 2); !goja.IsUndefined(v) {
			t.language = bind.DOMString(v)
		}
		m := w.mediaOf(n)
		m.added = append(m.added, t)
		return w.realm.WrapObject(t, w.realm.Class("TextTrack"))
	}),
}

// timeRangesImpl is not zero-sized: each TimeRanges is a new object.
type timeRangesImpl struct{ _ byte }

// TimeRanges: always empty, nothing is ever buffered or played.
// https://html.spec.whatwg.org/multipage/media.html#time-ranges
var timeRangesIface = &bind.Interface{
	Name:       "TimeRanges",
	Attributes: []bind.Attribute{{Name: "length", Get: func(r *bind.Realm, _ any) goja.Value { return r.Int(0) }}},
	Methods: []bind.Method{
		timeRangesIndex("end"),
		timeRangesIndex("start"),
	},
}

func timeRangesIndex(name string) bind.Method {
	return bind.Method{Name: name, Length: 1, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		i := bind.UnsignedLong(args[0])
		r.ThrowDOMException("IndexSizeError", "Failed to execute '"+name+"' on 'TimeRanges': The index provided ("+itoa(int(i))+") is greater than or equal to the maximum bound (0).")
		return nil
	}}
}

// MediaError: its interface only, as no media ever fails to load here.
// https://html.spec.whatwg.org/multipage/media.html#error-codes
type mediaError struct {
	code    int
	message string
}

var mediaErrorIface = &bind.Interface{
	Name: "MediaError",
	Constants: []bind.Constant{{Name: "MEDIA_ERR_ABORTED", Value: 1}, {Name: "MEDIA_ERR_NETWORK", Value: 2},
		{Name: "MEDIA_ERR_DECODE", Value: 3}, {Name: "MEDIA_ERR_SRC_NOT_SUPPORTED", Value: 4}},
	Attributes: []bind.Attribute{
		{Name: "code", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*mediaError).code) }},
		{Name: "message", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*mediaError).message) }},
	},
}

// TrackEvent https://html.spec.whatwg.org/multipage/media.html#trackevent
var trackEventIface = &bind.Interface{Name: "TrackEvent", Parent: "Event", CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		if t := dictVal(bind.Arg(args, 1), "track", goja.Null()); !bind.Nullish(t) {
			if _, ok := r.UnwrapAs(t, r.Class("TextTrack")); !ok {
				r.ThrowTypeError("Failed to construct 'TrackEvent': Failed to read the 'track' property from 'TrackEventInit': The provided value is not of type '(AudioTrack or TextTrack or VideoTrack)'.")
			}
		}
		return eventCtor("TrackEvent", func(d *eventData, dict goja.Value) {
			d.detail = dictVal(dict, "track", goja.Null())
			if goja.IsUndefined(d.detail) {
				d.detail = goja.Null()
			}
		})(r, args, nt)
	},
	Attributes: []bind.Attribute{
		{Name: "track", Get: dataGet(func(w *Window, d *eventData) goja.Value { return d.detail })},
	},
}

var trackElementConstants = []bind.Constant{{Name: "NONE", Value: 0}, {Name: "LOADING", Value: 1}, {Name: "LOADED", Value: 2}, {Name: "ERROR", Value: 3}}

var trackElementAttrs = []bind.Attribute{
	rEnumInvalid("kind", "kind", "subtitles", "metadata", "subtitles", "captions", "descriptions", "chapters", "metadata"), rURL("src", "src"),
	rStr("srclang", "srclang"), rStr("label", "label"), rBool("default", "default"),
	// Tracks are never fetched.
	ro("readyState", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }),
	ro("track", func(w *Window, n *dom.Node) goja.Value {
		return w.realm.WrapObject(w.trackOf(n), w.realm.Class("TextTrack"))
	}),
}
