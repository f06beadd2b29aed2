package webapi

import (
	"slices"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// A Viewport is the window and screen size a page is rendered at.
type Viewport struct {
	Width, Height    int     // CSS pixels; default 1280 x 800
	DevicePixelRatio float64 // default 1
}

func (v Viewport) withDefaults() Viewport {
	if v.Width <= 0 {
		v.Width = 1280
	}
	if v.Height <= 0 {
		v.Height = 800
	}
	if v.DevicePixelRatio <= 0 {
		v.DevicePixelRatio = 1
	}
	return v
}

type screenImpl struct{ vp Viewport }

// newScreen makes window.screen.
func newScreen(realm *bind.Realm, vp Viewport) *goja.Object {
	scr := realm.WrapObject(&screenImpl{vp: vp}, realm.Class("Screen"))
	orientation := realm.Runtime.NewObject()
	orientation.Set("type", orientationOf(vp)+"-primary")
	orientation.Set("angle", 0)
	orientation.Set("onchange", goja.Null())
	for _, m := range []string{"addEventListener", "removeEventListener", "lock", "unlock"} {
		orientation.Set(m, func(goja.FunctionCall) goja.Value { return goja.Undefined() })
	}
	scr.DefineDataProperty("orientation", orientation, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	return scr
}

// InstallViewport installs Screen, MediaQueryList, VisualViewport,
// window.screen, window.visualViewport,
// innerWidth/innerHeight/outerWidth/outerHeight, devicePixelRatio,
// scrollX/scrollY/pageXOffset/pageYOffset/screenX/screenY (0), no-op
// scroll/scrollTo/scrollBy (each only where target lacks it), and
// matchMedia answering from vp.
func InstallViewport(realm *bind.Realm, target *goja.Object, vp Viewport) error {
	vp = vp.withDefaults()
	mql := mediaQueryListInterface
	if realm.Class("EventTarget") != nil {
		mql = mediaQueryListTargetInterface
	}
	hasTarget := realm.Class("EventTarget") != nil
	vv := visualViewportInterface(hasTarget)
	if eh := eventHost(realm); eh != nil && hasTarget {
		// onchange (and the visual viewport's onresize, onscroll and
		// onscrollend) are event handler attributes: listeners in the
		// order they were set, called by any dispatch of their event.
		// https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-onchange
		withHandler := *mql
		withHandler.Attributes = append(slices.Clip(mql.Attributes[:2]), eh.HandlerAttribute("change"))
		mql = &withHandler
		vv.Attributes = append(slices.Clip(vv.Attributes[:len(vv.Attributes)-3]),
			eh.HandlerAttribute("resize"), eh.HandlerAttribute("scroll"), eh.HandlerAttribute("scrollend"))
	}
	if err := realm.Install(target, screenInterface, mql, vv); err != nil {
		return err
	}
	rt := realm.Runtime
	// window.visualViewport and window.screen: [Replaceable, SameObject]
	// readonly attributes, accessors of the global object whose objects
	// are made on first read.
	// https://drafts.csswg.org/cssom-view/#extensions-to-the-window-interface
	if target.Get("visualViewport") == nil {
		var vv *goja.Object
		if err := realm.DefineReplaceable(target, "visualViewport", func() goja.Value {
			if vv == nil {
				vv = realm.WrapObject(&visualViewportImpl{vp: vp}, realm.Class("VisualViewport"))
			}
			return vv
		}); err != nil {
			return err
		}
	}
	if v := target.Get("screen"); v == nil || goja.IsUndefined(v) {
		var scr *goja.Object
		if err := realm.DefineReplaceable(target, "screen", func() goja.Value {
			if scr == nil {
				scr = newScreen(realm, vp)
			}
			return scr
		}); err != nil {
			return err
		}
	}

	// [Replaceable] window attributes: plain writable data properties.
	props := []struct {
		name string
		v    any
	}{
		{"innerWidth", vp.Width}, {"innerHeight", vp.Height},
		{"outerWidth", vp.Width}, {"outerHeight", vp.Height},
		{"devicePixelRatio", vp.DevicePixelRatio},
		{"scrollX", 0}, {"scrollY", 0}, {"pageXOffset", 0}, {"pageYOffset", 0},
		{"screenX", 0}, {"screenY", 0}, {"screenLeft", 0}, {"screenTop", 0},
	}
	// Each is defined only where the window lacks it (package jsruntime's
	// Window declares most of them as accessors on Window.prototype).
	absent := func(name string) bool {
		v := target.Get(name)
		return v == nil || goja.IsUndefined(v)
	}
	for _, p := range props {
		if !absent(p.name) {
			continue
		}
		if err := target.DefineDataProperty(p.name, rt.ToValue(p.v), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
			return err
		}
	}
	// Nothing scrolls: a snapshot has no scroll position.
	for _, name := range []string{"scroll", "scrollTo", "scrollBy"} {
		if !absent(name) {
			continue
		}
		f := realm.NewFunction(name, 0, func(goja.FunctionCall) goja.Value { return goja.Undefined() })
		if err := target.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
			return err
		}
	}
	mm := realm.NewGlobalFunction("matchMedia", 1, func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) < 1 {
			realm.ThrowTypeError("Failed to execute 'matchMedia' on 'Window': 1 argument required, but only 0 present.")
		}
		return NewMediaQueryList(realm, bind.USVString(call.Arguments[0]), vp)
	})
	return target.DefineDataProperty("matchMedia", mm, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
}

// NewMediaQueryList is matchMedia(query)'s MediaQueryList for a window
// whose viewport is vp (a frame's has its own).
func NewMediaQueryList(realm *bind.Realm, query string, vp Viewport) goja.Value {
	media := normalizeMedia(query)
	return realm.WrapObject(&mediaQueryList{media: media, matches: MatchMedia(media, vp)}, realm.Class("MediaQueryList"))
}

// NewFrameMediaQueryList is matchMedia(query)'s MediaQueryList for a
// frame's window, whose viewport (vp) changes as the frame is resized: its
// matches is read for the viewport of the moment, and
// RecheckMediaQueryList reports its changes.
func NewFrameMediaQueryList(realm *bind.Realm, query string, vp func() Viewport) goja.Value {
	media := normalizeMedia(query)
	return realm.WrapObject(&mediaQueryList{media: media, matches: MatchMedia(media, vp()), live: vp}, realm.Class("MediaQueryList"))
}

// RecheckMediaQueryList evaluates the MediaQueryList mql (made by
// NewMediaQueryList) again for the viewport vp, as the rendering update's
// "evaluate media queries and report changes" does: changed says whether
// its matches flipped (it now holds the new answer), media is its query.
// https://drafts.csswg.org/cssom-view/#evaluate-media-queries-and-report-changes
func RecheckMediaQueryList(realm *bind.Realm, mql goja.Value, vp Viewport) (media string, matches, changed bool) {
	impl, _, ok := realm.Unwrap(mql)
	m, _ := impl.(*mediaQueryList)
	if !ok || m == nil {
		return "", false, false
	}
	now := MatchMedia(m.media, vp)
	changed = now != m.matches
	m.matches = now
	return m.media, now, changed
}

func orientationOf(vp Viewport) string {
	if vp.Height > vp.Width {
		return "portrait"
	}
	return "landscape"
}

func scr(this any) Viewport { return this.(*screenImpl).vp }

// screenInterface declares Screen.
// https://drafts.csswg.org/cssom-view/#the-screen-interface
var screenInterface = &bind.Interface{
	Name: "Screen",
	Attributes: bind.AttributesInOrder([]bind.Attribute{
		{Name: "width", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(scr(this).Width) }},
		{Name: "height", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(scr(this).Height) }},
		{Name: "availWidth", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(scr(this).Width) }},
		{Name: "availHeight", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(scr(this).Height) }},
		{Name: "availLeft", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		{Name: "availTop", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		{Name: "colorDepth", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(24) }},
		{Name: "pixelDepth", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(24) }},
	}, "availWidth availHeight width height colorDepth pixelDepth availLeft availTop"),
}

type mediaQueryList struct {
	media    string
	matches  bool       // the answer last reported (or made with)
	onchange goja.Value // without an EventHost: kept, never called
	// live, for a frame's list, gives its frame's viewport now: matches
	// reads the answer for it, as Chromium's does, before the rendering
	// update reports the change
	live func() Viewport
}

// mediaQueryListAttributes are MediaQueryList's attributes.
var mediaQueryListAttributes = []bind.Attribute{
	{Name: "media", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*mediaQueryList).media) }},
	{Name: "matches", Get: func(r *bind.Realm, this any) goja.Value {
		m := this.(*mediaQueryList)
		if m.live != nil {
			return r.Bool(MatchMedia(m.media, m.live()))
		}
		return r.Bool(m.matches)
	}},
	{Name: "onchange",
		Get: func(r *bind.Realm, this any) goja.Value {
			if v := this.(*mediaQueryList).onchange; v != nil {
				return v
			}
			return goja.Null()
		},
		Set: func(r *bind.Realm, this any, v goja.Value) { this.(*mediaQueryList).onchange = v }},
}

// mediaQueryListTargetInterface declares MediaQueryList, an EventTarget,
// for a runtime with the DOM's EventTarget. The page's answer never
// changes (its viewport is fixed); a frame's lists fire change when the
// frame is resized (RecheckMediaQueryList, package jsruntime); addListener and
// removeListener are the legacy aliases of addEventListener("change") and
// removeEventListener("change").
// https://drafts.csswg.org/cssom-view/#the-mediaquerylist-interface
var mediaQueryListTargetInterface = &bind.Interface{
	Name:       "MediaQueryList",
	Parent:     "EventTarget",
	Attributes: mediaQueryListAttributes,
	Methods: []bind.Method{
		{Name: "addListener", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return changeListener(r, this, "addEventListener", bind.Arg(args, 0))
		}},
		{Name: "removeListener", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return changeListener(r, this, "removeEventListener", bind.Arg(args, 0))
		}},
	},
}

// changeListener calls EventTarget's method (addEventListener or
// removeEventListener) on the list for "change" and callback; a null
// callback does nothing.
// https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-addlistener
func changeListener(r *bind.Realm, this any, method string, callback goja.Value) goja.Value {
	if goja.IsNull(callback) || goja.IsUndefined(callback) {
		return nil
	}
	proto := r.Class("EventTarget").Prototype()
	fn, ok := goja.AssertFunction(proto.Get(method))
	if !ok {
		return nil
	}
	if _, err := fn(r.Lookup(this), r.String("change"), callback); err != nil {
		panic(err)
	}
	return nil
}

// mediaQueryListInterface declares MediaQueryList in a runtime without the
// DOM's EventTarget: listeners are accepted and never called.
var mediaQueryListInterface = &bind.Interface{
	Name:       "MediaQueryList",
	Attributes: mediaQueryListAttributes,
	Methods: []bind.Method{
		{Name: "addListener", Length: 1, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return nil }},
		{Name: "removeListener", Length: 1, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return nil }},
		{Name: "addEventListener", Length: 2, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return nil }},
		{Name: "removeEventListener", Length: 2, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return nil }},
		{Name: "dispatchEvent", Length: 1, Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value { return r.Bool(true) }},
	},
}

// normalizeMedia serializes a media query list as MediaQueryList.media
// does: each query normalized, one that does not parse as "not all".
// https://drafts.csswg.org/cssom/#serialize-a-media-query-list
func normalizeMedia(q string) string {
	return serializeMediaQueryList(parseMediaQueryList(q))
}

// MatchMedia evaluates a media query list against vp, answering as a
// screen with a fine hovering pointer, light color scheme, no preference
// for reduced motion or contrast (mediaquery.go). Unknown features and
// media types do not match.
// https://drafts.csswg.org/mediaqueries-4/#evaluating
func MatchMedia(query string, vp Viewport) bool {
	return mediaQueryListMatches(parseMediaQueryList(query), vp.withDefaults())
}
