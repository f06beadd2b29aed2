package webapi

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
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
	if err := realm.Install(target, screenInterface, mql, visualViewportInterface(hasTarget)); err != nil {
		return err
	}
	rt := realm.Runtime
	// window.visualViewport, made on first use.
	if target.Get("visualViewport") == nil {
		if err := realm.DefineLazy(target, "visualViewport", func() goja.Value {
			return realm.WrapObject(&visualViewportImpl{vp: vp}, realm.Class("VisualViewport"))
		}); err != nil {
			return err
		}
	}
	scr := realm.WrapObject(&screenImpl{vp: vp}, realm.Class("Screen"))
	orientation := rt.NewObject()
	orientation.Set("type", orientationOf(vp)+"-primary")
	orientation.Set("angle", 0)
	orientation.Set("onchange", goja.Null())
	for _, m := range []string{"addEventListener", "removeEventListener", "lock", "unlock"} {
		orientation.Set(m, func(goja.FunctionCall) goja.Value { return goja.Undefined() })
	}
	scr.DefineDataProperty("orientation", orientation, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)

	// [Replaceable] window attributes: plain writable data properties.
	props := []struct {
		name string
		v    any
	}{
		{"screen", scr},
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
		q := call.Arguments[0].String()
		media := normalizeMedia(q)
		return realm.WrapObject(&mediaQueryList{media: media, matches: MatchMedia(media, vp)}, realm.Class("MediaQueryList"))
	})
	return target.DefineDataProperty("matchMedia", mm, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
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
	Attributes: []bind.Attribute{
		{Name: "width", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(scr(this).Width) }},
		{Name: "height", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(scr(this).Height) }},
		{Name: "availWidth", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(scr(this).Width) }},
		{Name: "availHeight", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(scr(this).Height) }},
		{Name: "availLeft", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		{Name: "availTop", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		{Name: "colorDepth", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(24) }},
		{Name: "pixelDepth", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(24) }},
	},
}

type mediaQueryList struct {
	media    string
	matches  bool
	onchange goja.Value
}

// mediaQueryListAttributes are MediaQueryList's attributes.
var mediaQueryListAttributes = []bind.Attribute{
	{Name: "media", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*mediaQueryList).media) }},
	{Name: "matches", Get: func(r *bind.Realm, this any) goja.Value { return r.Bool(this.(*mediaQueryList).matches) }},
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
// for a runtime with the DOM's EventTarget. The answer never changes (the
// viewport is fixed), so no change event is ever fired; addListener and
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
	if strings.TrimSpace(q) == "" {
		return ""
	}
	parts := splitTopLevel(closeParens(q), ',')
	for i, one := range parts {
		if wellFormedQuery(one) {
			parts[i] = serializeMediaQuery(one)
		} else {
			parts[i] = "not all"
		}
	}
	return strings.Join(parts, ", ")
}

// wellFormedQuery tells whether one media query parses: its parentheses
// balance, and outside them it is a media condition (`[not] (…)` joined by
// and or by or) or `[not|only] <media-type> [and <condition without or>]`.
// What the parentheses hold is not checked.
// https://drafts.csswg.org/mediaqueries-4/#mq-syntax
func wellFormedQuery(q string) bool {
	toks, ok := mediaTokens(q)
	if !ok || len(toks) == 0 {
		return false
	}
	if toks[0] == "(" || toks[0] == "not" && len(toks) > 1 && toks[1] == "(" {
		return mediaCondition(toks, true)
	}
	i := 0
	if toks[0] == "not" || toks[0] == "only" {
		i++
	}
	if i >= len(toks) || toks[i] == "(" {
		return false
	}
	switch toks[i] {
	case "and", "or", "not", "only", "layer":
		return false // not a media type
	}
	i++
	if i == len(toks) {
		return true
	}
	return toks[i] == "and" && mediaCondition(toks[i+1:], false)
}

// mediaTokens splits a media query, outside parentheses, into its words
// (lowercased) and "(" for each parenthesized group; ok is false when it
// holds anything else or its parentheses do not balance.
func mediaTokens(q string) (toks []string, ok bool) {
	isWord := func(c byte) bool {
		return c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
	}
	for i := 0; i < len(q); {
		switch c := q[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '(':
			depth := 0
			for ; i < len(q); i++ {
				if q[i] == '(' {
					depth++
				} else if q[i] == ')' {
					if depth--; depth == 0 {
						break
					}
				}
			}
			if depth != 0 {
				return nil, false
			}
			toks = append(toks, "(")
			i++
		case isWord(c):
			j := i
			for j < len(q) && isWord(q[j]) {
				j++
			}
			toks = append(toks, ascii.Lower(q[i:j]))
			i = j
		default:
			return nil, false
		}
	}
	return toks, true
}

// mediaCondition tells whether toks is a media condition: `not (…)`, or
// `(…)` terms joined by one of and or or (or only when orOK), not both.
// https://drafts.csswg.org/mediaqueries-4/#typedef-media-condition
func mediaCondition(toks []string, orOK bool) bool {
	if len(toks) == 2 && toks[0] == "not" && toks[1] == "(" {
		return true
	}
	join := ""
	for i := 0; ; {
		if i >= len(toks) || toks[i] != "(" {
			return false
		}
		if i++; i == len(toks) {
			return true
		}
		op := toks[i]
		if op != "and" && !(op == "or" && orOK) || join != "" && op != join {
			return false
		}
		join = op
		i++
	}
}

// closeParens appends the ")" that q leaves open: the end of the input
// closes its open blocks.
// https://drafts.csswg.org/css-syntax-3/#consume-simple-block
func closeParens(q string) string {
	depth := 0
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		}
	}
	return q + strings.Repeat(")", depth)
}

// MatchMedia evaluates a media query list against vp, answering as a
// screen with a fine hovering pointer, light color scheme, no preference
// for reduced motion or contrast. Unknown features do not match.
// https://drafts.csswg.org/mediaqueries-4/#evaluating
func MatchMedia(query string, vp Viewport) bool {
	vp = vp.withDefaults()
	q := ascii.Lower(strings.TrimSpace(query))
	if q == "" {
		return true
	}
	for _, one := range splitTopLevel(q, ',') {
		if matchOneQuery(strings.TrimSpace(one), vp) {
			return true
		}
	}
	return false
}

func splitTopLevel(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// matchOneQuery evaluates `[not|only] [type] [and (feature)]...` or a
// condition of features joined by and / or.
func matchOneQuery(q string, vp Viewport) bool {
	negate := false
	if rest, ok := strings.CutPrefix(q, "not "); ok {
		negate, q = true, strings.TrimSpace(rest)
	} else if rest, ok := strings.CutPrefix(q, "only "); ok {
		q = strings.TrimSpace(rest)
	}
	result := true
	if q != "" && q[0] != '(' {
		typ, rest, _ := strings.Cut(q, " ")
		switch typ {
		case "all", "screen":
		case "print", "speech", "tty", "tv", "projection", "handheld", "braille", "embossed", "aural":
			result = false
		default:
			return false // unknown media type: not all
		}
		rest = strings.TrimSpace(rest)
		if rest != "" {
			cond, ok := strings.CutPrefix(rest, "and ")
			if !ok {
				return false
			}
			result = result && matchCondition(strings.TrimSpace(cond), vp)
		}
	} else {
		result = matchCondition(q, vp)
	}
	return result != negate
}

// matchCondition evaluates features joined by "and" / "or", with "not".
func matchCondition(c string, vp Viewport) bool {
	c = strings.TrimSpace(c)
	if rest, ok := strings.CutPrefix(c, "not "); ok {
		return !matchCondition(rest, vp)
	}
	// Split on top-level " or " first, then " and ".
	if parts := splitWord(c, " or "); len(parts) > 1 {
		for _, p := range parts {
			if matchCondition(p, vp) {
				return true
			}
		}
		return false
	}
	if parts := splitWord(c, " and "); len(parts) > 1 {
		for _, p := range parts {
			if !matchCondition(p, vp) {
				return false
			}
		}
		return true
	}
	if strings.HasPrefix(c, "(") && strings.HasSuffix(c, ")") {
		inner := strings.TrimSpace(c[1 : len(c)-1])
		if strings.HasPrefix(inner, "(") || strings.HasPrefix(inner, "not ") {
			return matchCondition(inner, vp)
		}
		return matchFeature(inner, vp)
	}
	return false
}

// splitWord splits s on sep outside parentheses.
func splitWord(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 && strings.HasPrefix(s[i:], sep) {
			out = append(out, s[start:i])
			start = i + len(sep)
			i += len(sep) - 1
		}
	}
	return append(out, s[start:])
}

// matchFeature evaluates one media feature: `name`, `name: value`, or the
// range forms `name op value` and `value op name op value`.
func matchFeature(f string, vp Viewport) bool {
	if name, value, ok := strings.Cut(f, ":"); ok {
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		switch {
		case strings.HasPrefix(name, "min-"):
			return compareFeature(name[4:], ">=", value, vp)
		case strings.HasPrefix(name, "max-"):
			return compareFeature(name[4:], "<=", value, vp)
		case strings.HasPrefix(name, "-webkit-min-"):
			return compareFeature(name[12:], ">=", value, vp)
		case strings.HasPrefix(name, "-webkit-max-"):
			return compareFeature(name[12:], "<=", value, vp)
		}
		return compareFeature(name, "=", value, vp)
	}
	for _, op := range []string{"<=", ">=", "<", ">", "="} {
		if i := strings.Index(f, op); i >= 0 {
			left, right := strings.TrimSpace(f[:i]), strings.TrimSpace(f[i+len(op):])
			// value op name op value
			for _, op2 := range []string{"<=", ">=", "<", ">"} {
				if j := strings.Index(right, op2); j >= 0 {
					name, hi := strings.TrimSpace(right[:j]), strings.TrimSpace(right[j+len(op2):])
					return compareFeature(name, flip(op), left, vp) && compareFeature(name, op2, hi, vp)
				}
			}
			if _, isNum := featureNumber(left, vp); isNum {
				return compareFeature(right, flip(op), left, vp)
			}
			return compareFeature(left, op, right, vp)
		}
	}
	// Boolean context: the feature is not zero / none.
	switch f {
	case "width", "height", "device-width", "device-height", "color", "hover", "any-hover", "pointer", "any-pointer", "grid", "aspect-ratio", "resolution", "orientation", "monochrome":
		return f != "grid" && f != "monochrome"
	case "prefers-reduced-motion", "prefers-reduced-transparency", "prefers-contrast", "forced-colors", "inverted-colors", "prefers-reduced-data":
		return false
	case "prefers-color-scheme", "scripting", "update", "display-mode", "color-gamut", "dynamic-range", "overflow-block", "overflow-inline":
		return true
	}
	return false
}

func flip(op string) string {
	switch op {
	case "<":
		return ">"
	case ">":
		return "<"
	case "<=":
		return ">="
	case ">=":
		return "<="
	}
	return op
}

// compareFeature compares feature name of vp with value by op.
func compareFeature(name, op, value string, vp Viewport) bool {
	var have float64
	switch name {
	case "width", "device-width":
		have = float64(vp.Width)
	case "height", "device-height":
		have = float64(vp.Height)
	case "aspect-ratio", "device-aspect-ratio":
		have = float64(vp.Width) / float64(vp.Height)
		want, ok := parseRatio(value)
		return ok && compare(have, op, want)
	case "resolution":
		want, ok := parseResolution(value)
		return ok && compare(vp.DevicePixelRatio, op, want)
	case "device-pixel-ratio":
		want, err := strconv.ParseFloat(value, 64)
		return err == nil && compare(vp.DevicePixelRatio, op, want)
	case "color":
		have = 8
	case "color-index", "monochrome", "grid":
		have = 0
	default:
		if op != "=" {
			return false
		}
		return keywordFeature(name, value, vp)
	}
	want, ok := featureNumber(value, vp)
	return ok && compare(have, op, want)
}

func keywordFeature(name, value string, vp Viewport) bool {
	answers := map[string]string{
		"orientation":                  orientationOf(vp),
		"prefers-color-scheme":         "light",
		"prefers-reduced-motion":       "no-preference",
		"prefers-reduced-transparency": "no-preference",
		"prefers-reduced-data":         "no-preference",
		"prefers-contrast":             "no-preference",
		"forced-colors":                "none",
		"inverted-colors":              "none",
		"hover":                        "hover",
		"any-hover":                    "hover",
		"pointer":                      "fine",
		"any-pointer":                  "fine",
		"scripting":                    "enabled",
		"update":                       "fast",
		"display-mode":                 "browser",
		"color-gamut":                  "srgb",
		"dynamic-range":                "standard",
		"overflow-block":               "scroll",
		"overflow-inline":              "scroll",
	}
	a, ok := answers[name]
	return ok && a == value
}

func compare(have float64, op string, want float64) bool {
	const eps = 1e-9
	switch op {
	case "<":
		return have < want-eps
	case "<=":
		return have <= want+eps
	case ">":
		return have > want+eps
	case ">=":
		return have >= want-eps
	}
	return math.Abs(have-want) <= eps
}

// featureNumber parses a length (px, em, rem, vw, vh, in, cm, mm, pt, pc)
// or a plain number.
func featureNumber(v string, vp Viewport) (float64, bool) {
	units := []struct {
		suffix string
		scale  float64
	}{
		{"px", 1}, {"rem", 16}, {"em", 16}, {"vw", float64(vp.Width) / 100}, {"vh", float64(vp.Height) / 100},
		{"in", 96}, {"cm", 96 / 2.54}, {"mm", 96 / 25.4}, {"pt", 96.0 / 72}, {"pc", 16},
	}
	for _, u := range units {
		if n, ok := strings.CutSuffix(v, u.suffix); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(n), 64)
			return f * u.scale, err == nil
		}
	}
	f, err := strconv.ParseFloat(v, 64)
	return f, err == nil
}

func parseRatio(v string) (float64, bool) {
	a, b, ok := strings.Cut(v, "/")
	x, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	if !ok {
		return x, err1 == nil
	}
	y, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	return x / y, err1 == nil && err2 == nil && y != 0
}

func parseResolution(v string) (float64, bool) {
	for _, u := range []struct {
		suffix string
		scale  float64
	}{{"dppx", 1}, {"dpi", 1.0 / 96}, {"dpcm", 2.54 / 96}, {"x", 1}} {
		if n, ok := strings.CutSuffix(v, u.suffix); ok {
			f, err := strconv.ParseFloat(n, 64)
			return f * u.scale, err == nil
		}
	}
	return 0, false
}
