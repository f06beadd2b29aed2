package jsruntime

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"

	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Members of Document and Element that Chromium 156 has beyond the DOM
// and HTML standards, answered as a headless Chromium answers a page that
// no user interacts with: nothing is fullscreen or pointer-locked, storage
// access is granted to the top-level page, every policy-controlled feature
// is allowed by the default policy.

func init() {
	elementIface.Mixins = append(elementIface.Mixins, elementHandlersMixin, elementChromeMembers)
	documentIface.Mixins = append(documentIface.Mixins, elementHandlersMixin, documentChromeMembers)
	var forwarded []string
	for _, name := range globalEventHandlers {
		if bodyForwarded[name] {
			forwarded = append(forwarded, name)
		}
	}
	bodyMixin := &bind.Mixin{Name: "WindowReflectingBodyElementEventHandlers", Attributes: handlerAttrs(forwarded)}
	for _, e := range htmlElements {
		if e.iface.Name == "HTMLBodyElement" || e.iface.Name == "HTMLFrameSetElement" {
			e.iface.Mixins = append(e.iface.Mixins, bodyMixin)
		}
	}
}

var elementHandlersMixin = &bind.Mixin{Name: "ElementEventHandlers", Attributes: handlerAttrs(elementHandlers)}

// ariaNotify asks assistive technology to announce a string; there is none.
// https://github.com/w3c/aria/pull/2577
var ariaNotify = method("ariaNotify", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	bind.DOMString(args[0])
	return nil
})

var documentChromeMembers = &bind.Mixin{Name: "DocumentChromium", Attributes: []bind.Attribute{
	// [LegacyLenientSetter, Unscopable]: assigning it does nothing, and
	// it is kept out of with scopes (as Chromium does).
	unscopable(attr("fullscreen", func(w *Window, n *dom.Node) goja.Value { return valFalse },
		func(w *Window, n *dom.Node, v goja.Value) {})),
	// https://wicg.github.io/page-lifecycle/#dom-document-wasdiscarded
	ro("wasDiscarded", func(w *Window, n *dom.Node) goja.Value { return valFalse }),
	// https://wicg.github.io/scroll-to-text-fragment/#feature-detectability
	ro("fragmentDirective", func(w *Window, n *dom.Node) goja.Value {
		return w.realm.WrapObject(fragmentDirective{n}, w.realm.Class("FragmentDirective"))
	}),
	ro("featurePolicy", func(w *Window, n *dom.Node) goja.Value {
		return w.realm.WrapObject(permissionsPolicy{n}, w.realm.Class("PermissionsPolicy"))
	}),
}, Methods: []bind.Method{
	ariaNotify,
	method("exitPointerLock", 0, noop),
	// The Storage Access API: a top-level document has its cookies.
	// https://privacycg.github.io/storage-access/
	promised(method("hasStorageAccess", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.resolved(valTrue) })),
	promised(method("requestStorageAccess", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.resolved(goja.Undefined())
	})),
	promised(method("hasUnpartitionedCookieAccess", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.resolved(valTrue)
	})),
	promised(method("browsingTopics", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.rejected("NotSupportedError", "Failed to execute 'browsingTopics' on 'Document': document.browsingTopics() is deprecated and has been removed.")
	})),
	// Private State Tokens: no issuer ever gave this browser a token.
	promised(method("hasPrivateToken", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		return w.privateTokenQuery("hasPrivateToken", args[0])
	})),
	promised(method("hasRedemptionRecord", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		return w.privateTokenQuery("hasRedemptionRecord", args[0])
	})),
}}

// privateTokenQuery answers hasPrivateToken and hasRedemptionRecord: false
// for an issuer that is a potentially trustworthy HTTP(S) origin, else a
// TypeError, as Chromium.
func (w *Window) privateTokenQuery(op string, issuer goja.Value) goja.Value {
	u, err := webapi.ParseURL(bind.DOMString(issuer), nil)
	ok := err == nil && (u.Protocol() == "https:" || u.Protocol() == "http:") && isTrustworthyOrigin(strings.TrimSuffix(u.Protocol(), ":"), u.Hostname())
	if !ok {
		return w.rejected("TypeError", "Failed to execute '"+op+"' on 'Document': "+op+": Private Token issuer origins must be both HTTP(S) and secure (\"potentially trustworthy\").")
	}
	return w.resolved(valFalse)
}

var elementChromeMembers = &bind.Mixin{Name: "ElementChromium", Attributes: []bind.Attribute{
	// https://drafts.csswg.org/cssom-view/#dom-element-currentcsszoom
	ro("currentCSSZoom", func(w *Window, n *dom.Node) goja.Value { return w.rt.ToValue(w.currentCSSZoom(n)) }),
	// https://w3c.github.io/element-timing/#dom-element-elementtiming
	rStr("elementTiming", "elementtiming"),
}, Methods: []bind.Method{
	ariaNotify,
	// No user gesture ever happens in a render.
	promised(method("requestPointerLock", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if !n.IsConnected() {
			return w.rejected("WrongDocumentError", "Failed to execute 'requestPointerLock' on 'Element': Target Element removed from DOM")
		}
		return w.rejected("NotAllowedError", "A user gesture is required to request Pointer Lock.")
	})),
	// https://drafts.csswg.org/css-pseudo-4/#dom-element-pseudo
	method("pseudo", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		t, ok := pseudoElementType(bind.DOMString(args[0]))
		if !ok {
			return w.null
		}
		return w.wrapPseudo(cssPseudoElement{n, t, ""})
	}),
}}

// currentCSSZoom is the product of the zoom of n and its flat-tree
// ancestors; 1 for an element without a box.
func (w *Window) currentCSSZoom(n *dom.Node) float64 {
	if !n.IsConnected() || !w.beingRendered(n) {
		return 1
	}
	z := 1.0
	for a := n; a != nil; a = flatParent(a) {
		if a.IsElement() {
			v, _ := w.computedValue(a, "zoom")
			z *= zoomFactor(v)
		}
	}
	return z
}

// zoomFactor reads a computed zoom: a number or a percentage; 0 and
// anything else count as 1.
func zoomFactor(v string) float64 {
	v = strings.TrimSpace(v)
	scale := 1.0
	if s, ok := strings.CutSuffix(v, "%"); ok {
		v, scale = s, 0.01
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 {
		return 1
	}
	return f * scale
}

// cssPseudoElement is the CSSPseudoElement of one element, type and
// parent: the same object for the same triple. parents lists the types of
// the pseudo-elements it was reached through (CSSPseudoElement.pseudo),
// outermost first, each with its leading "::".
type cssPseudoElement struct {
	el      *dom.Node
	typ     string
	parents string
}

// pseudoElementType is the type Element.pseudo() accepts (Chromium 156:
// the generated boxes it can give an object for), with the legacy
// single-colon spellings of ::before and ::after.
func pseudoElementType(s string) (string, bool) {
	s = ascii.Lower(s)
	switch s {
	case ":before", ":after":
		s = ":" + s
	}
	switch s {
	case "::before", "::after", "::marker", "::backdrop", "::scroll-marker", "::view-transition":
		return s, true
	}
	return "", false
}

func (w *Window) wrapPseudo(p cssPseudoElement) goja.Value {
	return w.realm.WrapObject(p, w.realm.Class("CSSPseudoElement"))
}

var cssPseudoElementIface = &bind.Interface{
	Name: "CSSPseudoElement",
	Attributes: []bind.Attribute{
		{Name: "type", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(cssPseudoElement).typ) }},
		{Name: "element", Get: func(r *bind.Realm, this any) goja.Value { return win(r).wrap(this.(cssPseudoElement).el) }},
		{Name: "parent", Get: func(r *bind.Realm, this any) goja.Value {
			p := this.(cssPseudoElement)
			if p.parents == "" {
				return win(r).wrap(p.el)
			}
			i := strings.LastIndex(p.parents, "::")
			return win(r).wrapPseudo(cssPseudoElement{p.el, p.parents[i:], p.parents[:i]})
		}},
	},
	// A pseudo-element's own pseudo-elements: the types Element.pseudo()
	// takes but ::view-transition, as Chromium 156 answers.
	Methods: []bind.Method{{Name: "pseudo", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		p := this.(cssPseudoElement)
		if t, ok := pseudoElementType(bind.DOMString(args[0])); ok && t != "::view-transition" {
			return win(r).wrapPseudo(cssPseudoElement{p.el, t, p.parents + p.typ})
		}
		return goja.Null()
	}}},
}

// fragmentDirective is a document's FragmentDirective (no members).
type fragmentDirective struct{ doc *dom.Node }

var fragmentDirectiveIface = &bind.Interface{Name: "FragmentDirective"}

// permissionsPolicy is a document's policy (document.featurePolicy;
// window.FeaturePolicy is the interface's old name).
// https://w3c.github.io/webappsec-permissions-policy/#the-policy-object
type permissionsPolicy struct{ doc *dom.Node }

// policyFeatures are the features Chromium 156's policy knows, in the
// order its features() lists them, and policyAnyOrigin those whose default
// allowlist is * rather than the page's own origin.
var policyFeatures = strings.Fields(`geolocation ch-ua-full-version-list cross-origin-isolated screen-wake-lock
	on-device-speech-recognition translator publickey-credentials-get ch-ua-arch compute-pressure
	ch-prefers-reduced-transparency deferred-fetch usb ch-save-data publickey-credentials-create
	deferred-fetch-minimal ch-downlink ch-ua-form-factors otp-credentials payment ch-ua ch-ua-model ch-ect
	autoplay camera language-detector private-state-token-issuance digital-credentials-get accelerometer
	ch-ua-platform-version idle-detection language-model speaker-selection interest-cohort ch-viewport-height
	captured-surface-control local-fonts ch-ua-platform midi ch-ua-full-version xr-spatial-tracking
	clipboard-read gamepad display-capture keyboard-map aria-notify local-network ch-ua-high-entropy-values
	ch-width ch-prefers-reduced-motion browsing-topics encrypted-media local-network-access gyroscope serial
	ch-rtt ch-ua-mobile window-management unload ch-dpr ch-prefers-color-scheme ch-ua-wow64 fullscreen
	identity-credentials-get private-state-token-redemption hid summarizer ch-ua-bitness
	digital-credentials-create storage-access sync-xhr ch-device-memory ch-viewport-width picture-in-picture
	loopback-network magnetometer clipboard-write media-playback-while-not-visible microphone`)

var policyAnyOrigin = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(`ch-save-data deferred-fetch-minimal ch-ua private-state-token-issuance
		interest-cohort ch-ua-platform gamepad aria-notify ch-ua-high-entropy-values browsing-topics ch-ua-mobile
		unload private-state-token-redemption storage-access sync-xhr picture-in-picture
		media-playback-while-not-visible`) {
		m[f] = true
	}
	return m
}()

var isPolicyFeature = func() map[string]bool {
	m := make(map[string]bool, len(policyFeatures))
	for _, f := range policyFeatures {
		m[f] = true
	}
	return m
}()

func (w *Window) policyOrigin(p permissionsPolicy) string {
	if u, err := webapi.ParseURL(w.docURL(p.doc), nil); err == nil {
		return u.Origin()
	}
	return "null"
}

func (w *Window) stringArray(items []string) goja.Value {
	vals := make([]any, len(items))
	for i, s := range items {
		vals[i] = s
	}
	return w.rt.NewArray(vals...)
}

var permissionsPolicyIface = &bind.Interface{
	Name: "PermissionsPolicy",
	Methods: []bind.Method{
		{Name: "allowsFeature", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			f := bind.DOMString(args[0])
			if !isPolicyFeature[f] {
				return valFalse
			}
			if o := bind.Arg(args, 1); !bind.Absent(o) {
				u, err := webapi.ParseURL(bind.DOMString(o), nil)
				if err != nil || !policyAnyOrigin[f] && u.Origin() != w.policyOrigin(this.(permissionsPolicy)) {
					return valFalse
				}
			}
			return valTrue
		}},
		{Name: "features", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value { return win(r).stringArray(policyFeatures) }},
		{Name: "allowedFeatures", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			return win(r).stringArray(policyFeatures)
		}},
		{Name: "getAllowlistForFeature", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			switch f := bind.DOMString(args[0]); {
			case !isPolicyFeature[f]:
				return w.stringArray(nil)
			case policyAnyOrigin[f]:
				return w.stringArray([]string{"*"})
			}
			return w.stringArray([]string{w.policyOrigin(this.(permissionsPolicy))})
		}},
	},
}

// chromeMemberIfaces are the interfaces declared here.
var chromeMemberIfaces = []*bind.Interface{cssPseudoElementIface, fragmentDirectiveIface, permissionsPolicyIface, videoPlaybackQualityIface}

func init() {
	rangeIface.Methods = append(rangeIface.Methods, rangeFn("expand", 0, rangeExpand))
}

// rangeExpand is Chromium's Range.expand(unit): it grows the range to the
// word, sentence, block or document around its boundaries, over the
// rendered text (text in display: none subtrees, scripts and styles does
// not count); any other unit leaves the range as it is. Words are runs of
// letters, digits and connectors (or of any other non-space character), a
// sentence ends after . ! or ? and the spaces that follow.
func rangeExpand(w *Window, r *dom.Range, args []goja.Value) goja.Value {
	unit := ""
	if v := bind.Arg(args, 0); !bind.Absent(v) {
		unit = bind.DOMString(v)
	}
	switch unit {
	case "word", "sentence", "block", "document":
	default:
		return nil
	}
	scope := r.StartContainer().Document().DocumentElement()
	if unit != "document" {
		scope = w.blockAround(r.StartContainer())
	}
	if scope == nil {
		return nil
	}
	t := w.renderedText(scope)
	if len(t.runes) == 0 {
		return nil
	}
	// A block or the document runs from its first to its last character
	// that is not white space (collapsible space has no caret position).
	s, e := 0, len(t.runes)
	for s < e && unicode.IsSpace(t.runes[s]) {
		s++
	}
	for e > s && unicode.IsSpace(t.runes[e-1]) {
		e--
	}
	if s == e {
		return nil
	}
	if unit == "word" || unit == "sentence" {
		s, e = t.index(r.StartContainer(), r.StartOffset()), t.index(r.EndContainer(), r.EndOffset())
		if unit == "word" {
			s, e = wordStart(t.runes, s), wordEnd(t.runes, e)
		} else {
			s, e = sentenceStart(t.runes, s), sentenceEnd(t.runes, e)
		}
	}
	sn, so := t.point(s, false)
	en, eo := t.point(e, true)
	w.check(r.SetStart(sn, so))
	w.check(r.SetEnd(en, eo))
	return nil
}

// blockAround is the nearest ancestor of n (or n) whose display is not
// inline-level.
func (w *Window) blockAround(n *dom.Node) *dom.Node {
	for a := n; a != nil; a = a.ParentNode() {
		if a.IsElement() && !strings.HasPrefix(w.display(a), "inline") && w.display(a) != "contents" {
			return a
		}
	}
	return nil
}

// renderedRunes is the rendered text of a subtree, each rune with the text
// node and UTF-16 offset it starts at.
type renderedRunes struct {
	runes []rune
	nodes []*dom.Node
	offs  []int
	ends  []int // the UTF-16 offset after each rune
}

func (w *Window) renderedText(root *dom.Node) *renderedRunes {
	t := &renderedRunes{}
	var walk func(n *dom.Node)
	walk = func(n *dom.Node) {
		for c := n.First(); c != nil; c = c.Next() {
			switch {
			case c.Kind() == dom.TextNode:
				off := 0
				for _, ch := range c.Data {
					t.runes, t.nodes, t.offs = append(t.runes, ch), append(t.nodes, c), append(t.offs, off)
					off += utf16.RuneLen(ch)
					t.ends = append(t.ends, off)
				}
			case c.IsElement() && w.display(c) != "none" && !(c.Namespace == "" && c.Is(atom.Noscript)):
				walk(c)
			}
		}
	}
	walk(root)
	return t
}

// index is the rune index of a boundary point: the first rendered rune at
// or after it in tree order.
func (t *renderedRunes) index(n *dom.Node, off int) int {
	if n.Kind() == dom.TextNode {
		seen := false
		for i, tn := range t.nodes {
			if tn == n {
				seen = true
				if t.offs[i] >= off {
					return i
				}
			} else if seen || n.CompareDocumentPosition(tn)&dom.DocumentPositionFollowing != 0 {
				return i
			}
		}
		return len(t.runes)
	}
	child := n.ChildAt(off)
	for i, tn := range t.nodes {
		if child != nil {
			if child == tn || child.CompareDocumentPosition(tn)&dom.DocumentPositionFollowing != 0 {
				return i
			}
		} else if !n.Contains(tn) && n.CompareDocumentPosition(tn)&dom.DocumentPositionFollowing != 0 {
			return i
		}
	}
	return len(t.runes)
}

// point is the boundary point before rune i (after rune i-1 for an end
// point, so that a range ends inside the text node it covers).
func (t *renderedRunes) point(i int, end bool) (*dom.Node, int) {
	if end && i > 0 || i >= len(t.runes) {
		return t.nodes[i-1], t.ends[i-1]
	}
	return t.nodes[i], t.offs[i]
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || unicode.Is(unicode.Mn, r)
}

func wordStart(rs []rune, i int) int {
	if i >= len(rs) {
		i = len(rs) - 1
	}
	if unicode.IsSpace(rs[i]) {
		return i
	}
	class := isWordRune(rs[i])
	for i > 0 && !unicode.IsSpace(rs[i-1]) && isWordRune(rs[i-1]) == class && class {
		i--
	}
	return i
}

func wordEnd(rs []rune, i int) int {
	if i >= len(rs) {
		return len(rs)
	}
	if unicode.IsSpace(rs[i]) || !isWordRune(rs[i]) {
		return i + 1
	}
	for i < len(rs) && isWordRune(rs[i]) {
		i++
	}
	return i
}

func isSentenceEnd(r rune) bool { return r == '.' || r == '!' || r == '?' }

func sentenceStart(rs []rune, i int) int {
	if i > len(rs) {
		i = len(rs)
	}
	for i > 0 {
		j := i - 1
		if unicode.IsSpace(rs[j]) {
			k := j
			for k > 0 && unicode.IsSpace(rs[k-1]) {
				k--
			}
			if k > 0 && isSentenceEnd(rs[k-1]) {
				return i
			}
		}
		i--
	}
	return 0
}

func sentenceEnd(rs []rune, i int) int {
	for i < len(rs) && !isSentenceEnd(rs[i]) {
		i++
	}
	for i < len(rs) && isSentenceEnd(rs[i]) {
		i++
	}
	for i < len(rs) && unicode.IsSpace(rs[i]) {
		i++
	}
	return i
}

// Members of HTML elements Chromium 156 has and pages feature-test:
// media output devices, encrypted media, decoded-frame counters and video
// frame callbacks of media that never play (media are not fetched), a
// file input's entries, hreftranslate, and MathML's nonce and autofocus
// (MathMLElement includes HTMLOrSVGElement).
func init() {
	htmlMediaElementIface.Attributes = append(htmlMediaElementIface.Attributes,
		rTokens("controlsList", "controlslist"),
		ro("remote", func(w *Window, n *dom.Node) goja.Value {
			return w.realm.WrapObject(w.remoteOf(n), w.realm.Class("RemotePlayback"))
		}),
		rBool("disableRemotePlayback", "disableremoteplayback"),
		ro("sinkId", func(w *Window, n *dom.Node) goja.Value { return w.str("") }),
		ro("mediaKeys", func(w *Window, n *dom.Node) goja.Value { return w.null }),
		ro("webkitAudioDecodedByteCount", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }),
		ro("webkitVideoDecodedByteCount", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }),
		handlerAttr("encrypted"), handlerAttr("waitingforkey"))
	htmlMediaElementIface.Methods = append(htmlMediaElementIface.Methods,
		// Only the default device ("") can be chosen without permission.
		promised(method("setSinkId", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if bind.DOMString(args[0]) != "" {
				return w.rejected("SecurityError", "No permission to use requested device")
			}
			return w.resolved(goja.Undefined())
		})),
		promised(method("setMediaKeys", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			if !goja.IsNull(args[0]) {
				return w.rejected("TypeError", "Failed to execute 'setMediaKeys' on 'HTMLMediaElement': parameter 1 is not of type 'MediaKeys'.")
			}
			return w.resolved(goja.Undefined())
		})))
	for _, e := range htmlElements {
		switch e.iface.Name {
		case "HTMLVideoElement":
			e.iface.Attributes = append(e.iface.Attributes,
				ro("webkitDecodedFrameCount", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }),
				ro("webkitDroppedFrameCount", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }))
			e.iface.Methods = append(e.iface.Methods,
				method("getVideoPlaybackQuality", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
					q := videoPlaybackQuality{float64(w.loop.Elapsed()) / float64(time.Millisecond)}
					return w.realm.WrapObject(&q, w.realm.Class("VideoPlaybackQuality"))
				}),
				// No frame is ever presented: the callbacks never run.
				method("requestVideoFrameCallback", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
					if _, ok := goja.AssertFunction(args[0]); !ok {
						w.realm.ThrowTypeError("Failed to execute 'requestVideoFrameCallback' on 'HTMLVideoElement': The callback provided as parameter 1 is not a function.")
					}
					if w.videoFrameCallbacks == nil {
						w.videoFrameCallbacks = make(map[*dom.Node]int)
					}
					w.videoFrameCallbacks[n]++
					return w.int(w.videoFrameCallbacks[n])
				}),
				method("cancelVideoFrameCallback", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
					bind.UnsignedLong(args[0])
					return nil
				}))
		case "HTMLAnchorElement":
			e.iface.Attributes = append(e.iface.Attributes, rStr("hrefTranslate", "hreftranslate"))
		}
	}
	inputIface.Attributes = append(inputIface.Attributes, rBool("incremental", "incremental"),
		// A file input's entries (no file system is exposed): a new
		// frozen empty array at each read.
		ro("webkitEntries", func(w *Window, n *dom.Node) goja.Value {
			a := w.rt.NewArray()
			if f, ok := goja.AssertFunction(w.rt.Get("Object").(*goja.Object).Get("freeze")); ok {
				_, _ = f(goja.Undefined(), a)
			}
			return a
		}))
	mathMLElementIface.Attributes = append(mathMLElementIface.Attributes, nonceAttr, rBool("autofocus", "autofocus"))
}

// videoPlaybackQuality is what getVideoPlaybackQuality returns: no frame
// was ever decoded.
// https://w3c.github.io/media-playback-quality/#videoplaybackquality-interface
type videoPlaybackQuality struct{ created float64 }

var videoPlaybackQualityIface = &bind.Interface{
	Name: "VideoPlaybackQuality",
	Attributes: []bind.Attribute{
		{Name: "creationTime", Get: func(r *bind.Realm, this any) goja.Value { return r.Float(this.(*videoPlaybackQuality).created) }},
		{Name: "droppedVideoFrames", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		{Name: "totalVideoFrames", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
		{Name: "corruptedVideoFrames", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(0) }},
	},
}

// controlsListTokens are the tokens controlsList supports.
// https://wicg.github.io/controls-list/
var controlsListTokens = map[string]bool{"nodownload": true, "nofullscreen": true, "noremoteplayback": true, "noplaybackrate": true}

// blockingTokens are the tokens of link's, script's and style's blocking.
var blockingTokens = map[string]bool{"render": true}
