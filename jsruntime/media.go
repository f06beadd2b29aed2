package jsruntime

import (
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// Media elements that never load: bangsnap fetches no audio or video, so a
// media element whose resource could load stays where Chromium's is while
// that resource is on the way. The media element load algorithm and the
// resource selection algorithm run as the standard has them: load() and a
// src attribute set or changed start over (abort, emptied, loadstart, each
// in a task of its own), a <source> child inserted into an empty element
// starts the selection, which runs at a stable state (a microtask), with
// networkState NETWORK_NO_SOURCE until then. A source that fails without
// a fetch fails as in Chromium: an empty or unparsable src, a scheme media
// are not fetched over, a data: URL of a type no media element plays, a
// <source> without src or whose type canPlayType rejects. With a src
// attribute the element then takes MediaError MEDIA_ERR_SRC_NOT_SUPPORTED
// (set at once, the error event queued after loadstart; pending play()
// promises rejected with NotSupportedError); with <source> children each
// failed one gets an error event and the next is tried, and an element that
// runs out of them waits (NETWORK_NO_SOURCE) for one inserted after its
// pointer. A candidate that would be fetched becomes currentSrc and stays
// loading for ever (NETWORK_LOADING, or NETWORK_IDLE with a suspend event
// for preload=none without autoplay): readyState HAVE_NOTHING, nothing
// buffered, play() of a muted element pending (as Chromium's is until
// playback can start) and of an unmuted one rejected (no user activation).
// The element delays the window's load event until its loadstart (or its
// failure) has been fired, so a page's load does not wait for media that
// never come. What a script sets (volume, currentTime, rates, muted) reads
// back.
// https://html.spec.whatwg.org/multipage/media.html#media-elements

// mediaState is what a media element keeps besides its attributes.
type mediaState struct {
	volume, currentTime       float64
	playbackRate, defaultRate float64
	muted, preservesPitch     bool
	srcObject                 goja.Value
	textTracks                *textTrackList
	remote                    *remotePlayback // its RemotePlayback, made on first use
	added                     []*textTrack    // by addTextTrack

	networkState int
	currentSrc   string
	err          *mediaError
	// gen counts the runs of the load algorithm: tasks an earlier run
	// queued are dropped (its pending tasks are removed).
	gen int
	// started is set once the element ran the load algorithm or the
	// resource selection algorithm.
	started bool
	// delaying is the delaying-the-load-event flag.
	delaying bool
	// children mode: pointer is the node just before the pointer (nil: the
	// start of the child list); waiting is set when the candidates ran out
	// and the element waits for a <source> inserted after it.
	children bool
	pointer  *dom.Node
	waiting  bool
	// pending holds play()'s promises not yet settled.
	pending []func(goja.Value)
}

const (
	networkEmpty = iota
	networkIdle
	networkLoading
	networkNoSource
)

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

// isMediaElement says whether n is an HTML audio or video element.
func isMediaElement(n *dom.Node) bool {
	return n != nil && isHTMLElement(n) && (n.DataAtom == atom.Video || n.DataAtom == atom.Audio)
}

// mediaTask queues fn as a task of n's media element event task source:
// it is dropped when the load algorithm runs again before it.
func (w *Window) mediaTask(n *dom.Node, fn func()) {
	m := w.mediaOf(n)
	gen := m.gen
	w.loop.QueueTask(func() {
		if m.gen == gen {
			fn()
		}
	})
}

// mediaDelay sets or clears n's delaying-the-load-event flag.
func (w *Window) mediaDelay(m *mediaState, on bool) {
	if m.delaying == on {
		return
	}
	m.delaying = on
	if on {
		w.scripts.delaying++
		return
	}
	w.scripts.delaying--
	w.scripts.maybeLoad()
}

// mediaLoad runs the media element load algorithm: a loading or idle
// element aborts (abort), one that was not empty empties (emptied) and
// goes back to the start (timeupdate when that moved its position:
// Chromium 156 no longer fires it at 0), pending play() promises are
// rejected with AbortError, and the resource selection starts again.
// https://html.spec.whatwg.org/multipage/media.html#media-element-load-algorithm
func (w *Window) mediaLoad(n *dom.Node) {
	m := w.mediaOf(n)
	m.gen++
	m.started = true
	m.waiting = false
	if m.networkState == networkLoading || m.networkState == networkIdle {
		w.mediaTask(n, func() { w.fire(n, "abort", false, false) })
	}
	if m.networkState != networkEmpty {
		w.mediaTask(n, func() { w.fire(n, "emptied", false, false) })
		if m.currentTime != 0 {
			w.mediaTask(n, func() { w.fire(n, "timeupdate", false, false) })
		}
		m.currentTime = 0
		w.mediaRejectPlay(m, "AbortError", "The play() request was interrupted by a new load request. https://goo.gl/LdLk22")
	}
	m.playbackRate = m.defaultRate
	m.err = nil
	w.mediaSelect(n)
}

// mediaRejectPlay rejects the pending play() promises.
func (w *Window) mediaRejectPlay(m *mediaState, name, msg string) {
	if len(m.pending) == 0 {
		return
	}
	rejects := m.pending
	m.pending = nil
	ex := w.realm.NewDOMException(name, msg)
	for _, reject := range rejects {
		reject(ex)
	}
}

// mediaSelect is the resource selection algorithm: networkState goes to
// NETWORK_NO_SOURCE at once, the rest runs at the next stable state.
// https://html.spec.whatwg.org/multipage/media.html#concept-media-load-algorithm
func (w *Window) mediaSelect(n *dom.Node) {
	m := w.mediaOf(n)
	m.started = true
	m.networkState = networkNoSource
	w.mediaDelay(m, true)
	gen := m.gen
	w.loop.QueueMicrotask(func() {
		if m.gen != gen {
			return
		}
		src, hasSrc := n.GetAttributeNS("", "src")
		var first *dom.Node
		if !hasSrc {
			first = mediaNextSource(n, nil)
		}
		if !hasSrc && first == nil {
			m.networkState = networkEmpty
			w.mediaDelay(m, false)
			return
		}
		m.networkState = networkLoading
		w.mediaTask(n, func() { w.fire(n, "loadstart", false, false) })
		if hasSrc {
			m.children = false
			u, ok := "", false
			if src != "" {
				u, ok = w.mediaURL(n, src)
			}
			if ok {
				m.currentSrc = u
			}
			if ok && mediaFetchable(u) {
				w.mediaFetch(n)
				return
			}
			// the dedicated media source failure steps, their state at
			// once as in browsers (whatwg/html#11155)
			m.err = &mediaError{code: 4, message: "MEDIA_ELEMENT_ERROR: Format error"}
			if src == "" {
				m.err.message = "MEDIA_ELEMENT_ERROR: Empty src attribute"
			}
			m.networkState = networkNoSource
			w.mediaRejectPlay(m, "NotSupportedError", "Failed to load because no supported source was found.")
			w.mediaTask(n, func() {
				w.fire(n, "error", false, false)
				w.mediaDelay(m, false)
			})
			return
		}
		m.children = true
		m.pointer = nil
		w.mediaCandidates(n)
	})
}

// mediaNextSource is the first <source> child of n after the node after.
func mediaNextSource(n, after *dom.Node) *dom.Node {
	c := n.First()
	if after != nil {
		c = after.Next()
	}
	for ; c != nil; c = c.Next() {
		if isHTMLElement(c) && c.DataAtom == atom.Source {
			return c
		}
	}
	return nil
}

// mediaCandidates tries n's <source> children after the pointer in turn:
// a failed one gets an error event, the first that would be fetched is
// the element's resource; none left, the element waits for one.
func (w *Window) mediaCandidates(n *dom.Node) {
	m := w.mediaOf(n)
	for {
		c := mediaNextSource(n, m.pointer)
		if c == nil {
			m.networkState = networkNoSource
			m.currentSrc = "" // as Chromium's is while it waits
			m.waiting = true
			w.mediaTask(n, func() { w.mediaDelay(m, false) })
			return
		}
		m.pointer = c
		src, ok := c.GetAttribute("src")
		u := ""
		if ok && src != "" {
			u, ok = w.mediaURL(c, src)
		} else {
			ok = false
		}
		if ok {
			if t, has := c.GetAttribute("type"); has && canPlayType(t) == "" {
				ok = false
			}
		}
		if ok {
			m.currentSrc = u
			if mediaFetchable(u) {
				w.mediaFetch(n)
				return
			}
		}
		w.mediaTask(n, func() { w.fire(c, "error", false, false) })
	}
}

// mediaSourceInserted is called for a <source> inserted as a child of the
// media element n: an empty element without src starts the selection; one
// waiting for candidates starts again from the inserted source, wherever
// it is (Chromium's, where the standard goes on from its pointer), with a
// loadstart again.
// https://html.spec.whatwg.org/multipage/embedded-content.html#the-source-element:the-source-element-15
func (w *Window) mediaSourceInserted(n, source *dom.Node) {
	m := w.mediaOf(n)
	switch {
	case m.networkState == networkEmpty && !n.HasAttributeNS("", "src"):
		w.mediaSelect(n)
	case m.waiting && m.children:
		m.waiting = false
		m.pointer = source.Prev()
		m.networkState = networkLoading
		w.mediaDelay(m, true)
		w.mediaTask(n, func() { w.fire(n, "loadstart", false, false) })
		gen := m.gen
		w.loop.QueueMicrotask(func() {
			if m.gen == gen {
				w.mediaCandidates(n)
			}
		})
	}
}

// mediaChildRemoved keeps the pointer of n's children mode where the
// standard puts it when the node before it goes: after that node's
// previous sibling.
func (w *Window) mediaChildRemoved(n, removed, prev *dom.Node) {
	if m := w.media[n]; m != nil && m.children && m.pointer == removed {
		m.pointer = prev
	}
}

// mediaURL parses a media element's or source's src against its document.
func (w *Window) mediaURL(n *dom.Node, src string) (string, bool) {
	u, err := webapi.ParseURL(src, n.Document().BaseRecord())
	if err != nil {
		return "", false
	}
	return u.String(), true
}

// mediaFetchable says whether Chromium would try to play u: http(s),
// blob: and file: resources could be media, a data: URL when its type is
// one canPlayType does not reject; other schemes fail without a fetch.
func mediaFetchable(u string) bool {
	switch scheme, _, _ := strings.Cut(u, ":"); scheme {
	case "http", "https", "blob", "file":
		return true
	case "data":
		mime, _, err := xhr.ParseDataURL(u)
		if err != nil {
			return false
		}
		mime, _, _ = strings.Cut(mime, ";")
		return canPlayType(strings.TrimSpace(mime)) != ""
	}
	return false
}

// mediaFetch is the resource fetch algorithm of an element whose resource
// never comes: with preload=none (and no autoplay) it suspends at once
// (NETWORK_IDLE, suspend), else it stays loading; either way the window's
// load event stops waiting for it once loadstart has been fired.
func (w *Window) mediaFetch(n *dom.Node) {
	m := w.mediaOf(n)
	if ascii.EqualFold(strings.TrimSpace(attrValue(n, "preload")), "none") && !n.HasAttribute("autoplay") {
		m.networkState = networkIdle
		w.mediaTask(n, func() { w.fire(n, "suspend", false, false) })
	}
	w.mediaTask(n, func() { w.mediaDelay(m, false) })
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
		t = &textTrack{mode: "disabled", el: n}
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

// trackSchedule starts a <track> element's processing model in a task
// when its parent is a media element and its track is not disabled (or
// it has a default attribute), as Chromium's load timer does.
// https://html.spec.whatwg.org/multipage/media.html#sourcing-out-of-band-text-tracks
func (w *Window) trackSchedule(n *dom.Node) {
	if !isMediaElement(n.ParentElement()) {
		return
	}
	t := w.trackOf(n)
	if t.scheduled || t.mode == "disabled" && !n.HasAttribute("default") {
		return
	}
	t.scheduled = true
	w.loop.QueueTask(func() {
		t.scheduled = false
		if isMediaElement(n.ParentElement()) {
			w.trackLoad(n, t)
		}
	})
}

// trackLoad fetches a <track>'s WebVTT file: a missing, empty or
// unparsable src, or a scheme text tracks are not fetched over, fails at
// once (readyState ERROR, error); a data: URL is read without a fetch;
// others are fetched with the page's client (same origin unless the media
// element's crossorigin asks for CORS). The file's cues replace those an
// earlier file gave; load or error follows.
func (w *Window) trackLoad(n *dom.Node, t *textTrack) {
	t.gen++
	gen := t.gen
	for _, c := range t.loaded {
		t.removeCue(c)
	}
	t.loaded = nil
	fail := func() {
		t.readyState = 3
		w.fire(n, "error", false, false)
	}
	done := func(body []byte, ok bool) {
		if t.gen != gen {
			return
		}
		cues, valid := parseWebVTT(string(body))
		if !ok || !valid {
			fail()
			return
		}
		for _, c := range cues {
			t.addCue(c)
		}
		t.loaded = cues
		t.readyState = 2
		w.fire(n, "load", false, false)
	}
	src, _ := n.GetAttributeNS("", "src")
	u, err := webapi.ParseURL(src, n.Document().BaseRecord())
	if src == "" || err != nil {
		fail()
		return
	}
	switch u.Scheme {
	case "data":
		t.readyState = 1
		_, body, err := xhr.ParseDataURL(u.String())
		w.loop.QueueTask(func() { done(body, err == nil) })
		return
	case "http", "https", "blob":
	default:
		fail()
		return
	}
	ru, perr := url.Parse(u.String())
	if perr != nil || w.frames.net == nil {
		t.readyState = 1 // no network: it stays loading
		return
	}
	t.readyState = 1
	p := xhr.Params{Kind: xhr.KindMedia, Mode: xhr.ModeSameOrigin}
	if p2 := n.ParentElement(); p2 != nil && p2.HasAttribute("crossorigin") {
		p.Mode = xhr.ModeCORS
		if ascii.EqualFold(p2.Attribute("crossorigin"), "use-credentials") {
			p.Credentials = xhr.CredentialsInclude
		}
	}
	w.frames.net.StartGet(w.ctx, w.loop, ru, p, func(res *xhr.Result, err error) {
		done(resBody(res), err == nil && res != nil && res.Status/100 == 2)
	})
}

func resBody(res *xhr.Result) []byte {
	if res == nil {
		return nil
	}
	return res.Body
}

// parseWebVTT reads a WebVTT file's cues: their identifiers, times and
// text (settings and regions are not kept); false when the file does not
// start with the WEBVTT signature.
// https://w3c.github.io/webvtt/#file-parsing
func parseWebVTT(s string) ([]*vttCue, bool) {
	s = strings.TrimPrefix(s, "\ufeff")
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	rest, ok := strings.CutPrefix(s, "WEBVTT")
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' && rest[0] != '\n' {
		return nil, false
	}
	var cues []*vttCue
	blocks := strings.Split(rest, "\n\n")
	for i, b := range blocks {
		lines := strings.Split(strings.Trim(b, "\n"), "\n")
		if i == 0 {
			// the header's own lines go; a cue may follow them without a
			// blank line only when the header is the signature alone
			lines = lines[1:]
		}
		if len(lines) == 0 || lines[0] == "" {
			continue
		}
		id := ""
		if !strings.Contains(lines[0], "-->") {
			if len(lines) < 2 || !strings.Contains(lines[1], "-->") {
				continue // NOTE, STYLE, REGION or junk
			}
			id, lines = lines[0], lines[1:]
		}
		from, to, ok := strings.Cut(lines[0], "-->")
		start, ok1 := vttTime(strings.TrimSpace(from))
		to = strings.TrimSpace(to)
		if f := strings.IndexAny(to, " \t"); f >= 0 {
			to = to[:f]
		}
		end, ok2 := vttTime(to)
		if !ok || !ok1 || !ok2 {
			continue
		}
		cues = append(cues, &vttCue{id: id, startTime: start, endTime: end, text: strings.Join(lines[1:], "\n")})
	}
	return cues, true
}

// vttTime reads a WebVTT timestamp: [hh:]mm:ss.ttt.
func vttTime(s string) (float64, bool) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	secs, frac, ok := strings.Cut(parts[len(parts)-1], ".")
	if !ok || len(secs) != 2 || len(frac) != 3 {
		return 0, false
	}
	var t float64
	for i, p := range parts[:len(parts)-1] {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || i == len(parts)-2 && (len(p) != 2 || v > 59) {
			return 0, false
		}
		t = t*60 + float64(v)
	}
	sv, err1 := strconv.Atoi(secs)
	fv, err2 := strconv.Atoi(frac)
	if err1 != nil || err2 != nil || sv > 59 {
		return 0, false
	}
	return t*60 + float64(sv) + float64(fv)/1000, true
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
// mediaDouble is a double attribute of a media element kept in its state;
// check, when given, says whether a finite value is stored (it may throw).
func mediaDouble(name string, field func(m *mediaState) *float64, check func(w *Window, f float64) bool) bind.Attribute {
	return attr(name, func(w *Window, n *dom.Node) goja.Value { return w.rt.ToValue(*field(w.mediaOf(n))) },
		func(w *Window, n *dom.Node, v goja.Value) {
			f := bind.Number(v)
			if !finite(f) {
				w.realm.ThrowTypeError("Failed to set the '%s' property on 'HTMLMediaElement': The provided double value is non-finite.", name)
			}
			if check != nil && !check(w, f) {
				return
			}
			*field(w.mediaOf(n)) = f
		})
}

// validPlaybackRate is Chromium's supported playback range: 0 (paused) or
// 0.0625 to 16. The standard leaves the range to the user agent.
func validPlaybackRate(f float64) bool { return f == 0 || (f >= 0.0625 && f <= 16) }

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
		func(w *Window, n *dom.Node, v goja.Value) {
			m := w.mediaOf(n)
			if b := bind.Boolean(v); b != m.muted {
				m.muted = b
				w.mediaTask(n, func() { w.fire(n, "volumechange", false, false) })
			}
		}),
	attr("volume", func(w *Window, n *dom.Node) goja.Value { return w.rt.ToValue(w.mediaOf(n).volume) },
		func(w *Window, n *dom.Node, v goja.Value) {
			f := bind.Number(v)
			if !finite(f) {
				w.realm.ThrowTypeError("Failed to set the 'volume' property on 'HTMLMediaElement': The provided double value is non-finite.")
			}
			if f < 0 || f > 1 {
				w.realm.ThrowDOMException("IndexSizeError", "Failed to set the 'volume' property on 'HTMLMediaElement': The volume provided ("+jsNum(f)+") is outside the range [0, 1].")
			}
			if m := w.mediaOf(n); f != m.volume {
				m.volume = f
				w.mediaTask(n, func() { w.fire(n, "volumechange", false, false) })
			}
		}),
	mediaDouble("currentTime", func(m *mediaState) *float64 { return &m.currentTime }, nil),
	// A playback rate outside the supported range throws NotSupportedError;
	// a default playback rate outside it is ignored (Chromium 156).
	mediaDouble("playbackRate", func(m *mediaState) *float64 { return &m.playbackRate }, func(w *Window, f float64) bool {
		if !validPlaybackRate(f) {
			w.realm.ThrowDOMException("NotSupportedError", "Failed to set the 'playbackRate' property on 'HTMLMediaElement': The provided playback rate ("+jsNum(f)+") is not in the supported playback range.")
		}
		return true
	}),
	mediaDouble("defaultPlaybackRate", func(m *mediaState) *float64 { return &m.defaultRate }, func(_ *Window, f float64) bool { return validPlaybackRate(f) }),
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
	ro("currentSrc", func(w *Window, n *dom.Node) goja.Value { return w.str(w.mediaOf(n).currentSrc) }),
	ro("duration", func(w *Window, n *dom.Node) goja.Value { return w.rt.ToValue(math.NaN()) }),
	ro("paused", func(w *Window, n *dom.Node) goja.Value { return valTrue }),
	ro("ended", func(w *Window, n *dom.Node) goja.Value { return valFalse }),
	ro("seeking", func(w *Window, n *dom.Node) goja.Value { return valFalse }),
	ro("readyState", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }),
	ro("networkState", func(w *Window, n *dom.Node) goja.Value { return w.int(w.mediaOf(n).networkState) }),
	ro("error", func(w *Window, n *dom.Node) goja.Value {
		if e := w.mediaOf(n).err; e != nil {
			return w.realm.WrapObject(e, w.realm.Class("MediaError"))
		}
		return w.null
	}),
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
		m := w.mediaOf(n)
		if m.err != nil && m.err.code == 4 {
			return w.rejected("NotSupportedError", "The element has no supported sources.")
		}
		if !m.muted {
			return w.rejected("NotAllowedError", "play() failed because the user didn't interact with the document first. https://goo.gl/xX8pDD")
		}
		if m.networkState == networkEmpty {
			w.mediaSelect(n)
		}
		p, _, reject := w.rt.NewPromise()
		m.pending = append(m.pending, func(v goja.Value) { _ = reject(v) })
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

// MediaError: a media element's error, set when its source fails without
// a fetch (mediaSelect).
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
		return eventCtor("TrackEvent", func(d *eventData, dict eventDict) {
			d.detail = dict.Any("track", goja.Null())
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
	ro("readyState", func(w *Window, n *dom.Node) goja.Value { return w.int(w.trackOf(n).readyState) }),
	ro("track", func(w *Window, n *dom.Node) goja.Value {
		return w.realm.WrapObject(w.trackOf(n), w.realm.Class("TextTrack"))
	}),
}
