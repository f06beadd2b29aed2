package jsruntime

import (
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/xhr"
)

// Reflected content attributes
// (https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes),
// declared per interface in the table below.

// rStr reflects a DOMString attribute.
func rStr(prop, name string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value { return w.str(n.Attribute(name)) },
		func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute(name, bind.DOMString(v))) })
}

// rStrNull reflects a [LegacyNullToEmptyString] DOMString attribute
// (bgColor, cellPadding, border...): null sets "".
func rStrNull(prop, name string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value { return w.str(n.Attribute(name)) },
		func(w *Window, n *dom.Node, v goja.Value) {
			w.check(n.SetAttribute(name, bind.LegacyNullToEmptyString(v)))
		})
}

// rBool reflects a boolean attribute.
func rBool(prop, name string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value { return w.boolean(n.HasAttribute(name)) },
		func(w *Window, n *dom.Node, v goja.Value) {
			if bind.Boolean(v) {
				w.check(n.SetAttribute(name, ""))
			} else {
				n.RemoveAttribute(name)
			}
		})
}

// rLong reflects a long attribute with a default.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes:idl-long
func rLong(prop, name string, def int) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		if v, ok := n.GetAttribute(name); ok {
			if i, ok := parseHTMLInteger(v); ok {
				return w.int(int(i))
			}
		}
		return w.int(def)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		w.check(n.SetAttribute(name, strconv.Itoa(int(bind.Long(v)))))
	})
}

// maxLong is the largest value a reflected long or unsigned long carries.
const maxLong = 1<<31 - 1

// parseHTMLInteger is the rules for parsing integers: leading ASCII
// whitespace, an optional sign, then digits, ignoring whatever follows;
// false when there are no digits or the value does not fit a long.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-integers
func parseHTMLInteger(s string) (int64, bool) {
	v, ok, big := parseIntegerPrefix(s)
	return v, ok && !big
}

// parseIntegerPrefix is the rules for parsing integers without the range
// check: big reports a value outside a long (the value is then meaningless
// beyond its sign).
func parseIntegerPrefix(s string) (v int64, ok, big bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\f' || s[i] == '\r') {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	start := i
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if v <= 1<<40 {
			v = v*10 + int64(s[i]-'0')
		}
	}
	if i == start {
		return 0, false, false
	}
	if neg {
		v = -v
	}
	return v, true, v > maxLong || v < -maxLong-1
}

// parseHTMLNonNegative is the rules for parsing non-negative integers.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-non-negative-integers
func parseHTMLNonNegative(s string) (int64, bool) {
	v, ok := parseHTMLInteger(s)
	return v, ok && v >= 0
}

// rUnsigned reflects an unsigned long with a default: values outside
// 0..2147483647 read and set as the default.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes:idl-unsigned-long
func rUnsigned(prop, name string, def int) bind.Attribute {
	return rRange(prop, name, def, 0, maxLong, false)
}

// canvasSizeAttr is a canvas element's width or height: a reflected
// unsigned long that cannot be set once the canvas transferred its control
// to an OffscreenCanvas.
// https://html.spec.whatwg.org/multipage/canvas.html#dom-canvas-width
func canvasSizeAttr(name string, def int) bind.Attribute {
	a := rUnsigned(name, name, def)
	set := a.Set
	a.Set = func(r *bind.Realm, this any, v goja.Value) {
		if n, ok := this.(*dom.Node); ok && r.Host.(*Window).canvases[n] == offscreenPlaceholder {
			r.ThrowDOMException("InvalidStateError", "Failed to set the '"+name+"' property on 'HTMLCanvasElement': Cannot resize canvas after call to transferControlToOffscreen().")
		}
		set(r, this, v)
	}
	return a
}

// rClamped reflects an unsigned long "clamped to the range [min, max]"
// (colSpan, rowSpan, span): a parsed value outside the range reads as the
// nearest bound; setting a value above 2147483647 sets the default.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#clamped-to-the-range
func rClamped(prop, name string, def, min, max int) bind.Attribute {
	return rRange(prop, name, def, min, max, true)
}

// rRange reads a non-negative integer within [min, max]; a value beyond a
// long reads as max when clampBig, else as the default.
func rRange(prop, name string, def, min, max int, clampBig bool) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		if v, ok := n.GetAttribute(name); ok {
			if i, ok, big := parseIntegerPrefix(v); ok && i >= 0 && (clampBig || !big) {
				return w.int(int(clampInt(i, int64(min), int64(max))))
			}
		}
		return w.int(def)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		i := int64(bind.UnsignedLong(v))
		if i > maxLong {
			i = int64(def)
		}
		w.check(n.SetAttribute(name, strconv.FormatInt(i, 10)))
	})
}

func clampInt(v, lo, hi int64) int64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// imgDimension is an img's width or height: its content box's when it is
// being rendered (from the flow estimate: a percentage of its container,
// its style sheets' size, a fractional attribute rounded as Chromium
// rounds its layout size), else the attribute when it is a valid number,
// else the image's natural size. An image available with a natural size
// made up from its attributes (not fetched) keeps the attribute, else
// that size; one whose natural size is its own (imageNaturalSize) is
// sized by it in the flow estimate.
// https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-width
func imgDimension(name string) bind.Attribute {
	return attr(name, func(w *Window, n *dom.Node) goja.Value {
		if d := w.imageOf(n); n.IsConnected() && (d.state != imageAvailable || d.natural) && w.beingRendered(n) {
			if size, ok := w.renderedContentSize(n, name); ok {
				// a layout unit (1/64 px) rounded to a whole px; Chromium's
				// largest layout size short of its limit
				return w.rt.ToValue(int64(min(max(math.Round(math.Floor(size*64)/64), 0), 33554428)))
			}
		}
		// the attribute is the rendered size when it parses as a
		// non-negative integer that fits an unsigned long
		if v, ok, _ := parseIntegerPrefix(n.Attribute(name)); ok && v >= 0 && v <= math.MaxUint32 {
			return w.rt.ToValue(v)
		}
		d := w.imageOf(n)
		if d.state != imageAvailable {
			return w.int(0)
		}
		if name == "width" {
			return w.int(d.width)
		}
		return w.int(d.height)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		i := int64(bind.UnsignedLong(v))
		if i > maxLong {
			i = 0
		}
		w.check(n.SetAttribute(name, strconv.FormatInt(i, 10)))
	})
}

// renderedContentSize is the width or height (name) of n's content box as
// laid out: its border box less its paddings and borders.
func (w *Window) renderedContentSize(n *dom.Node, name string) (float64, bool) {
	r, ok := w.flowRect(n)
	if !ok {
		return 0, false
	}
	size, a, b := r.width, "left", "right"
	if name == "height" {
		size, a, b = r.height, "top", "bottom"
	}
	return size - (w.computedPx(n, "padding-"+a) + w.computedPx(n, "padding-"+b) +
		w.computedPx(n, "border-"+a+"-width") + w.computedPx(n, "border-"+b+"-width")), true
}

// hiddenAttr is HTMLElement.hidden: "until-found" in that state, else
// whether the attribute is present.
// https://html.spec.whatwg.org/multipage/interaction.html#dom-hidden
var hiddenAttr = attr("hidden", func(w *Window, n *dom.Node) goja.Value {
	v, ok := n.GetAttribute("hidden")
	if ok && ascii.EqualFold(v, "until-found") {
		return w.str("until-found")
	}
	return w.boolean(ok)
}, func(w *Window, n *dom.Node, v goja.Value) {
	if goja.IsString(v) && ascii.EqualFold(v.String(), "until-found") {
		w.check(n.SetAttribute("hidden", "until-found"))
		return
	}
	if goja.IsNull(v) || !v.ToBoolean() {
		n.RemoveAttribute("hidden")
		return
	}
	w.check(n.SetAttribute("hidden", ""))
})

// rURL reflects a URL attribute: read as the attribute parsed with the
// URL standard's parser against the document's base URL, the attribute
// itself when that fails, "" when absent.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes:idl-usvstring
func rURL(prop, name string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		v, ok := n.GetAttribute(name)
		if !ok {
			return w.str("")
		}
		return w.str(reflectedURL(v, n.Document().BaseRecord()))
	}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute(name, bind.DOMString(v))) })
}

// reflectedURL is v parsed against base and serialized, or v when it does
// not parse.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#encoding-parsing-and-serializing-a-url
func reflectedURL(v string, base *webapi.URL) string {
	u, err := webapi.ParseURL(v, base)
	if err != nil {
		return v
	}
	return u.String()
}

// baseHref is HTMLBaseElement.href: the attribute ("" when absent) parsed
// against the document's fallback base URL, not the base the element itself
// sets.
// https://html.spec.whatwg.org/multipage/semantics.html#dom-base-href
var baseHref = attr("href", func(w *Window, n *dom.Node) goja.Value {
	return w.str(reflectedURL(n.Attribute("href"), n.Document().FallbackBaseRecord()))
}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("href", bind.DOMString(v))) })

// rEnum reflects an enumerated attribute limited to known values: the
// keyword matching the attribute ASCII case-insensitively (no trimming),
// missing when absent, values[0] (the invalid value default) otherwise.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#limited-to-only-known-values
func rEnum(prop, name, missing string, values ...string) bind.Attribute {
	return rEnumInvalid(prop, name, missing, values[0], values...)
}

// rEnumInvalid is rEnum with an invalid value default apart from the
// keywords ("" for an attribute with none).
func rEnumInvalid(prop, name, missing, invalid string, values ...string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		v, ok := n.GetAttribute(name)
		if !ok {
			return w.str(missing)
		}
		if k, ok := enumKeyword(v, values); ok {
			return w.str(k)
		}
		return w.str(invalid)
	}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute(name, bind.DOMString(v))) })
}

// rEnumMap reflects an enumerated attribute whose keywords map to other
// states (autocapitalize's "off" is "none", preload's "" is "auto"): pairs
// lists keyword, state, keyword, state...
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute
func rEnumMap(prop, name, missing, invalid string, pairs ...string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		v, ok := n.GetAttribute(name)
		if !ok {
			return w.str(missing)
		}
		for i := 0; i+1 < len(pairs); i += 2 {
			if ascii.EqualFold(pairs[i], v) {
				return w.str(pairs[i+1])
			}
		}
		return w.str(invalid)
	}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute(name, bind.DOMString(v))) })
}

// autocompleteAttr is the autocomplete of input, select and textarea: the
// IDL-exposed autofill value, the attribute's tokens lowercased and joined
// by one space when they form valid autofill details, else "".
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-fe-autocomplete
var autocompleteAttr = attr("autocomplete", func(w *Window, n *dom.Node) goja.Value {
	v := autofillValue(n.Attribute("autocomplete"))
	if (v == "on" || v == "off") && n.DataAtom == atom.Input && n.InputType() == "hidden" {
		// A hidden input wears the autofill anchor mantle: on and off are
		// not its field names (the default, "").
		v = ""
	}
	return w.str(v)
}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("autocomplete", bind.DOMString(v))) })

// autofillFields are the autofill field names; true marks the ones that
// take a contact token (home, work, mobile, fax, pager).
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-field
var autofillFields = map[string]bool{
	"name": false, "honorific-prefix": false, "given-name": false, "additional-name": false, "family-name": false,
	"honorific-suffix": false, "nickname": false, "username": false, "new-password": false, "current-password": false,
	"one-time-code": false, "organization-title": false, "organization": false, "street-address": false,
	"address-line1": false, "address-line2": false, "address-line3": false, "address-level4": false,
	"address-level3": false, "address-level2": false, "address-level1": false, "country": false, "country-name": false,
	"postal-code": false, "cc-name": false, "cc-given-name": false, "cc-additional-name": false, "cc-family-name": false,
	"cc-number": false, "cc-exp": false, "cc-exp-month": false, "cc-exp-year": false, "cc-csc": false, "cc-type": false,
	"transaction-currency": false, "transaction-amount": false, "language": false, "bday": false, "bday-day": false,
	"bday-month": false, "bday-year": false, "sex": false, "url": false, "photo": false,
	"tel": true, "tel-country-code": true, "tel-national": true, "tel-area-code": true, "tel-local": true,
	"tel-local-prefix": true, "tel-local-suffix": true, "tel-extension": true, "email": true, "impp": true,
}

// autofillValue is the IDL-exposed autofill value of an autocomplete
// attribute: "" unless its tokens are [section-*] [shipping|billing]
// [home|work|mobile|fax|pager] field [webauthn], or a lone on/off.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#autofill-processing-model
func autofillValue(v string) string {
	toks := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r' })
	if len(toks) == 0 {
		return ""
	}
	for i, t := range toks {
		toks[i] = strings.Map(func(r rune) rune {
			if 'A' <= r && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, t)
	}
	if len(toks) == 1 && (toks[0] == "on" || toks[0] == "off") {
		return toks[0]
	}
	i := len(toks) - 1
	if toks[i] == "webauthn" {
		i--
	}
	if i < 0 {
		return "webauthn" // a lone webauthn token stands, as in Chromium
	}
	contact, ok := autofillFields[toks[i]]
	if !ok {
		return ""
	}
	i--
	if i >= 0 && contact {
		switch toks[i] {
		case "home", "work", "mobile", "fax", "pager":
			i--
		}
	}
	if i >= 0 && (toks[i] == "shipping" || toks[i] == "billing") {
		i--
	}
	if i >= 0 && strings.HasPrefix(toks[i], "section-") {
		i--
	}
	if i >= 0 {
		return ""
	}
	return strings.Join(toks, " ")
}

// marqueeLoop is the marquee loop count: the attribute when it parses
// greater than zero, else -1; setting a value that is neither positive nor
// -1 throws IndexSizeError, as in Chromium (the standard ignores it).
// https://html.spec.whatwg.org/multipage/obsolete.html#dom-marquee-loop
var marqueeLoop = attr("loop", func(w *Window, n *dom.Node) goja.Value {
	if i, ok := parseHTMLInteger(n.Attribute("loop")); ok && i > 0 {
		return w.int(int(i))
	}
	return w.int(-1)
}, func(w *Window, n *dom.Node, v goja.Value) {
	i := bind.Long(v)
	if i <= 0 && i != -1 {
		w.realm.ThrowDOMException("IndexSizeError", "Failed to set the 'loop' property: The provided value ("+strconv.Itoa(int(i))+") is neither positive nor -1.")
	}
	w.check(n.SetAttribute("loop", strconv.Itoa(int(i))))
})

// inputDimension is input.width or height: for an image button being
// rendered, its content box's from the flow estimate, in whole pixels
// toward zero as Chromium's (its fallback box of 67.875px reads 67; an
// image available with a natural size made up from its attributes, not
// fetched, keeps the attribute, as imgDimension); else the attribute when
// it parses as a non-negative integer (as img's), else its image's natural
// size once it is available, else 0; 0 for every other type. Setting
// writes the attribute as an unsigned long.
// https://html.spec.whatwg.org/multipage/input.html#dom-input-width
func inputDimension(name string) bind.Attribute {
	return attr(name, func(w *Window, n *dom.Node) goja.Value {
		if n.InputType() != "image" {
			return w.int(0)
		}
		if d := w.imageOf(n); n.IsConnected() && (d.state != imageAvailable || d.natural) && w.beingRendered(n) {
			if size, ok := w.renderedContentSize(n, name); ok {
				return w.rt.ToValue(int64(min(max(math.Floor(size+1.0/128), 0), 33554428)))
			}
		}
		if v, ok, _ := parseIntegerPrefix(n.Attribute(name)); ok && v >= 0 && v <= math.MaxUint32 {
			return w.rt.ToValue(v)
		}
		if d := w.imageOf(n); d.state == imageAvailable {
			if name == "width" {
				return w.int(d.width)
			}
			return w.int(d.height)
		}
		return w.int(0)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		i := int64(bind.UnsignedLong(v))
		if i > maxLong {
			i = 0
		}
		w.check(n.SetAttribute(name, strconv.FormatInt(i, 10)))
	})
}

// popoverTargetActionAttr is the popover target attributes' action.
// https://html.spec.whatwg.org/multipage/popover.html#dom-popovertargetaction
var popoverTargetActionAttr = rEnum("popoverTargetAction", "popovertargetaction", "toggle", "toggle", "show", "hide")

// referrerPolicyAttr reflects referrerpolicy, limited to the referrer
// policy tokens.
// https://w3c.github.io/webappsec-referrer-policy/#referrer-policies
var referrerPolicyAttr = rLimited("referrerPolicy", "referrerpolicy", referrerPolicies...)

// referrerPolicies are the referrer policy tokens, "" first.
var referrerPolicies = []string{"", "no-referrer", "no-referrer-when-downgrade",
	"same-origin", "origin", "strict-origin", "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url"}

// enumKeyword returns the keyword of values that v matches ASCII
// case-insensitively.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#enumerated-attribute
func enumKeyword(v string, values []string) (string, bool) {
	for _, k := range values {
		if len(k) == len(v) && ascii.EqualFold(k, v) {
			return k, true
		}
	}
	return "", false
}

// nonceAttr is the nonce IDL attribute of HTML and SVG elements: the
// element's [[CryptographicNonce]] slot, not its content attribute.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#dom-noncedelement-nonce
var nonceAttr = attr("nonce", func(w *Window, n *dom.Node) goja.Value { return w.str(n.Nonce()) },
	func(w *Window, n *dom.Node, v goja.Value) { n.SetNonce(bind.DOMString(v)) })

// buttonCommandAttr is HTMLButtonElement.command: a custom command ("--"
// prefix) as written, a known keyword in its canonical case, else "".
// https://html.spec.whatwg.org/multipage/form-elements.html#dom-button-command
var buttonCommandAttr = attr("command", func(w *Window, n *dom.Node) goja.Value {
	v := n.Attribute("command")
	if strings.HasPrefix(v, "--") {
		return w.str(v)
	}
	k, _ := enumKeyword(v, buttonCommands)
	return w.str(k)
}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("command", bind.DOMString(v))) })

// buttonCommands are the command attribute's built-in keywords.
var buttonCommands = []string{"toggle-popover", "show-popover", "hide-popover", "close", "request-close", "show-modal"}

// autocorrectAttr is HTMLElement.autocorrect: whether the used
// autocorrection state is on. An element's own on ("" or "on") or off
// decides; a form control without one takes its form owner's; url, email
// and password inputs are off; everything else is on.
// https://html.spec.whatwg.org/multipage/interaction.html#dom-autocorrect
var autocorrectAttr = attr("autocorrect", func(w *Window, n *dom.Node) goja.Value {
	return w.boolean(usedAutocorrect(n))
}, func(w *Window, n *dom.Node, v goja.Value) {
	s := "off"
	if bind.Boolean(v) {
		s = "on"
	}
	w.check(n.SetAttribute("autocorrect", s))
})

func usedAutocorrect(n *dom.Node) bool {
	if n.DataAtom == atom.Input {
		switch n.InputType() {
		case "url", "email", "password":
			return false
		}
	}
	if v, ok := n.GetAttribute("autocorrect"); ok {
		return !ascii.EqualFold(v, "off")
	}
	switch n.DataAtom {
	case atom.Button, atom.Fieldset, atom.Input, atom.Output, atom.Select, atom.Textarea:
		if f := n.FormOwner(); f != nil {
			return usedAutocorrect(f)
		}
	}
	return true
}

// styleDisabledAttr is HTMLStyleElement.disabled: its style sheet's
// disabled flag; false, and setting does nothing, without a sheet.
// https://html.spec.whatwg.org/multipage/semantics.html#dom-style-disabled
var styleDisabledAttr = attr("disabled", func(w *Window, n *dom.Node) goja.Value {
	if s, ok := w.styleSheetOf(n).(*goja.Object); ok {
		return w.boolean(s.Get("disabled").ToBoolean())
	}
	return valFalse
}, func(w *Window, n *dom.Node, v goja.Value) {
	if s, ok := w.styleSheetOf(n).(*goja.Object); ok {
		_ = s.Set("disabled", bind.Boolean(v))
	}
})

// dialogClosedByAttr is HTMLDialogElement.closedBy: the closedby keyword
// (any, closerequest, none); when missing or invalid, the computed
// closed-by state: closerequest for a modal dialog, else none.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-closedby
var dialogClosedByAttr = attr("closedBy", func(w *Window, n *dom.Node) goja.Value {
	if k, ok := enumKeyword(n.Attribute("closedby"), closedByKeywords); ok && n.HasAttribute("closedby") {
		return w.str(k)
	}
	if n.HasAttribute("open") && w.modals[n] {
		return w.str("closerequest")
	}
	return w.str("none")
}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("closedby", bind.DOMString(v))) })

var closedByKeywords = []string{"any", "closerequest", "none"}

// inheritedFlag is an inherited boolean state (translate, spellcheck,
// writingsuggestions): the nearest inclusive ancestor whose attribute is
// on ("" or the on keyword) or off (the off keyword) decides; any other
// value inherits, and the root's default is on.
// https://html.spec.whatwg.org/multipage/dom.html#attr-translate
func inheritedFlag(n *dom.Node, name, on, off string) bool {
	for a := n; a != nil; a = a.ParentElement() {
		if v, ok := a.GetAttribute(name); ok {
			if v == "" || ascii.EqualFold(v, on) {
				return true
			}
			if ascii.EqualFold(v, off) {
				return false
			}
		}
	}
	return true
}

// autocapitalizeAttr is HTMLElement.autocapitalize: the element's own
// autocapitalization hint, which for a form-associated control whose
// attribute is in the default state is its form owner's.
// https://html.spec.whatwg.org/multipage/interaction.html#attr-autocapitalize
var autocapitalizeAttr = attr("autocapitalize", func(w *Window, n *dom.Node) goja.Value {
	hint := autocapitalizeHint(n)
	if hint == "" {
		switch n.DataAtom {
		case atom.Button, atom.Fieldset, atom.Input, atom.Output, atom.Select, atom.Textarea:
			if f := n.FormOwner(); f != nil {
				hint = autocapitalizeHint(f)
			}
		}
	}
	return w.str(hint)
}, func(w *Window, n *dom.Node, v goja.Value) {
	w.check(n.SetAttribute("autocapitalize", bind.DOMString(v)))
})

// autocapitalizeHint is the state of n's autocapitalize attribute: ""
// (default) when absent or empty, "sentences" for an unknown value.
func autocapitalizeHint(n *dom.Node) string {
	v, ok := n.GetAttribute("autocapitalize")
	if !ok || v == "" {
		return ""
	}
	switch {
	case ascii.EqualFold(v, "off"), ascii.EqualFold(v, "none"):
		return "none"
	case ascii.EqualFold(v, "words"):
		return "words"
	case ascii.EqualFold(v, "characters"):
		return "characters"
	}
	return "sentences"
}

// rTokens reflects a DOMTokenList attribute (relList, sandbox).
func rTokens(prop, name string) bind.Attribute {
	return forwards(ro(prop, func(w *Window, n *dom.Node) goja.Value {
		return w.tokenList(n, name)
	}), "value")
}

type tokenKey struct {
	n    *dom.Node
	attr string
}

func (w *Window) tokenList(n *dom.Node, name string) goja.Value {
	if name == "class" {
		return w.realm.WrapObject(n.ClassList(), w.c.tokenList)
	}
	k := tokenKey{n, name}
	t := w.tokenLists[k]
	if t == nil {
		t = n.TokenList(name)
		w.tokenLists[k] = t
		var supported map[string]bool
		switch {
		case name == "sandbox":
			supported = sandboxTokens
		case name == "rel" && (n.DataAtom == atom.Link):
			supported = linkRelTokens
		case name == "rel":
			supported = anchorRelTokens
		case name == "controlslist":
			supported = controlsListTokens
		case name == "blocking":
			supported = blockingTokens
		}
		if supported != nil {
			if w.supportedTokens == nil {
				w.supportedTokens = make(map[*dom.TokenList]map[string]bool)
			}
			w.supportedTokens[t] = supported
		}
	}
	return w.realm.WrapObject(t, w.c.tokenList)
}

// value, checked and friends of form controls.
var (
	valueAttr = attr("value", func(w *Window, n *dom.Node) goja.Value {
		if n.DataAtom == atom.Input && w.fileLists[n] != nil && n.InputType() == "file" {
			return w.str(w.fileInputValue(n))
		}
		return w.str(n.Value())
	},
		func(w *Window, n *dom.Node, v goja.Value) {
			s := bind.LegacyNullToEmptyString(v)
			if n.DataAtom == atom.Option {
				// option.value is a plain DOMString: null sets "null"
				// https://html.spec.whatwg.org/multipage/form-elements.html#dom-option-value
				s = bind.DOMString(v)
			}
			if n.DataAtom == atom.Input && n.InputType() == "color" {
				s = colorInputValue(s)
			}
			if n.HasTextSelection() {
				before := n.TextSelection()
				w.check(n.SetValue(s))
				w.valueSetSelection(n, before)
				return
			}
			w.check(n.SetValue(s))
		})
	defaultValueAttr = attr("defaultValue", func(w *Window, n *dom.Node) goja.Value { return w.str(n.DefaultValue()) },
		func(w *Window, n *dom.Node, v goja.Value) { n.SetDefaultValue(bind.DOMString(v)) })
	formAttr = ro("form", func(w *Window, n *dom.Node) goja.Value { return w.wrap(formOwner(n)) })
	// An option's form is that of the select whose list of options holds
	// it (through the wrappers Chromium's customizable select allows), or
	// null; an option has no form owner of its own.
	// https://html.spec.whatwg.org/multipage/form-elements.html#dom-option-form
	optionFormAttr = ro("form", func(w *Window, n *dom.Node) goja.Value {
		if s := n.OptionSelect(); s != nil {
			return w.wrap(formOwner(s))
		}
		return goja.Null()
	})
	// formAction reflects a URL whose missing value is the document's URL.
	// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-fs-formaction
	formActionAttr = attr("formAction", func(w *Window, n *dom.Node) goja.Value {
		v, ok := n.GetAttribute("formaction")
		if !ok || v == "" {
			if u := n.Document().URL(); u != nil {
				return w.str(u.String())
			}
			return w.str("")
		}
		return w.str(reflectedURL(v, n.Document().BaseRecord()))
	}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("formaction", bind.DOMString(v))) })
	labelsAttr = ro("labels", func(w *Window, n *dom.Node) goja.Value {
		if n.DataAtom == atom.Input && n.InputType() == "hidden" {
			return w.null // not labelable
		}
		return w.realm.WrapObject(w.liveList(n, "labels"), w.c.nodeList)
	})
	// constraint validation (forms.go)
	validity = []bind.Method{
		method("checkValidity", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.boolean(w.checkValidity(n)) }),
		method("reportValidity", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.boolean(w.reportValidity(n)) }),
		method("setCustomValidity", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.setCustomValidity(n, bind.DOMString(bind.Arg(args, 0)))
			return nil
		}),
	}
	validityAttrs = []bind.Attribute{
		ro("willValidate", func(w *Window, n *dom.Node) goja.Value { return w.boolean(willValidate(n)) }),
		ro("validationMessage", func(w *Window, n *dom.Node) goja.Value { return w.str(w.validationMessage(n)) }),
		ro("validity", func(w *Window, n *dom.Node) goja.Value { return w.validityObject(n) }),
	}
)

// hyperlinkUtils are HTMLHyperlinkElementUtils (a and area): the parts of
// the href attribute's URL as the URL standard parses and sets them; a
// setter writes the href attribute back, and does nothing without a URL.
// https://html.spec.whatwg.org/multipage/links.html#htmlhyperlinkelementutils
func hyperlinkUtils() []bind.Attribute {
	part := func(prop string, get func(u *webapi.URL) string, set func(u *webapi.URL, v string)) bind.Attribute {
		return attr(prop, func(w *Window, n *dom.Node) goja.Value {
			u := hrefURL(n)
			if u == nil {
				if prop == "protocol" {
					return w.str(":")
				}
				return w.str("")
			}
			return w.str(get(u))
		}, func(w *Window, n *dom.Node, v goja.Value) {
			u := hrefURL(n)
			if u == nil {
				return
			}
			set(u, bind.DOMString(v))
			w.check(n.SetAttribute("href", u.String()))
		})
	}
	return []bind.Attribute{
		rURL("href", "href"),
		ro("origin", func(w *Window, n *dom.Node) goja.Value {
			if u := hrefURL(n); u != nil {
				return w.str(u.Origin())
			}
			return w.str("")
		}),
		part("protocol", (*webapi.URL).Protocol, (*webapi.URL).SetProtocol),
		part("username", func(u *webapi.URL) string { return u.Username }, (*webapi.URL).SetUsername),
		part("password", func(u *webapi.URL) string { return u.Password }, (*webapi.URL).SetPassword),
		part("host", (*webapi.URL).HostPort, (*webapi.URL).SetHost),
		part("hostname", (*webapi.URL).Hostname, (*webapi.URL).SetHostname),
		part("port", (*webapi.URL).PortString, (*webapi.URL).SetPort),
		part("pathname", (*webapi.URL).Pathname, (*webapi.URL).SetPathname),
		part("search", (*webapi.URL).Search, (*webapi.URL).SetSearch),
		part("hash", (*webapi.URL).Hash, (*webapi.URL).SetHash),
	}
}

// hrefURL is the URL of an element's href attribute, parsed against the
// document's base URL; nil when there is none or it does not parse.
func hrefURL(n *dom.Node) *webapi.URL {
	v, ok := n.GetAttribute("href")
	if !ok {
		return nil
	}
	u, err := webapi.ParseURL(v, n.Document().BaseRecord())
	if err != nil {
		return nil
	}
	return u
}

// originOf serializes u's origin.
// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
func originOf(u *url.URL) string {
	switch u.Scheme {
	case "http", "https", "ws", "wss", "ftp":
		return u.Scheme + "://" + u.Host
	case "blob":
		// A blob: URL's origin is its inner URL's when that is http(s)
		// (URL.createObjectURL writes the page's origin there).
		// https://url.spec.whatwg.org/#concept-url-origin
		if inner, err := url.Parse(u.Opaque); err == nil && (inner.Scheme == "http" || inner.Scheme == "https") {
			return inner.Scheme + "://" + inner.Host
		}
	}
	return "null"
}

// An elementDecl maps tags to one HTML element interface.
type elementDecl struct {
	iface *bind.Interface
	tags  string
}

// htmlElementIface https://html.spec.whatwg.org/multipage/dom.html#htmlelement
var htmlElementIface = &bind.Interface{
	Name:        "HTMLElement",
	Parent:      "Element",
	Constructor: htmlElementConstructor,
	Attributes: []bind.Attribute{
		rStr("title", "title"), rStr("lang", "lang"), rLimited("dir", "dir", "ltr", "rtl", "auto"), hiddenAttr, rBool("inert", "inert"),
		autocapitalizeAttr, autocorrectAttr,
		rNullableEnum("popover", "popover", "manual", "auto", "manual", "hint"),
		rStr("accessKey", "accesskey"), rBool("autofocus", "autofocus"), nonceAttr,
		rLimited("inputMode", "inputmode", "none", "text", "tel", "url", "email", "numeric", "decimal", "search"),
		rLimited("enterKeyHint", "enterkeyhint", "enter", "done", "go", "next", "previous", "search", "send"),
		// https://w3c.github.io/virtual-keyboard/#dom-elementcontenteditable-virtualkeyboardpolicy
		rLimited("virtualKeyboardPolicy", "virtualkeyboardpolicy", "auto", "manual"),
		// https://html.spec.whatwg.org/multipage/interaction.html#dom-writingsuggestions
		attr("writingSuggestions", func(w *Window, n *dom.Node) goja.Value {
			return w.str(strconv.FormatBool(inheritedFlag(n, "writingsuggestions", "true", "false")))
		}, func(w *Window, n *dom.Node, v goja.Value) {
			w.check(n.SetAttribute("writingsuggestions", bind.DOMString(v)))
		}),
		attr("translate", func(w *Window, n *dom.Node) goja.Value {
			return w.boolean(inheritedFlag(n, "translate", "yes", "no"))
		},
			func(w *Window, n *dom.Node, v goja.Value) {
				s := "no"
				if bind.Boolean(v) {
					s = "yes"
				}
				w.check(n.SetAttribute("translate", s))
			}),
		attr("draggable", func(w *Window, n *dom.Node) goja.Value {
			if v, ok := n.GetAttribute("draggable"); ok {
				return w.boolean(ascii.EqualFold(v, "true"))
			}
			// images and links with an href (area too, in Chromium)
			return w.boolean(n.DataAtom == atom.Img || (n.DataAtom == atom.A || n.DataAtom == atom.Area) && n.HasAttribute("href"))
		}, func(w *Window, n *dom.Node, v goja.Value) {
			w.check(n.SetAttribute("draggable", strconv.FormatBool(bind.Boolean(v))))
		}),
		attr("spellcheck", func(w *Window, n *dom.Node) goja.Value {
			if n.DataAtom == atom.Input && n.InputType() == "password" && !n.HasAttribute("spellcheck") {
				return valFalse // Chromium never checks the spelling of a password by default
			}
			return w.boolean(inheritedFlag(n, "spellcheck", "true", "false"))
		},
			func(w *Window, n *dom.Node, v goja.Value) {
				w.check(n.SetAttribute("spellcheck", strconv.FormatBool(bind.Boolean(v))))
			}),
		attr("contentEditable", func(w *Window, n *dom.Node) goja.Value {
			v, ok := n.GetAttribute("contenteditable")
			switch v = ascii.Lower(v); {
			case !ok:
				return w.str("inherit")
			case v == "" || v == "true":
				return w.str("true")
			case v == "false" || v == "plaintext-only":
				return w.str(v)
			}
			return w.str("inherit")
		}, func(w *Window, n *dom.Node, v goja.Value) {
			s := ascii.Lower(bind.DOMString(v))
			switch s {
			case "inherit":
				n.RemoveAttribute("contenteditable")
				return
			case "true", "false", "plaintext-only":
			default:
				w.realm.ThrowDOMException("SyntaxError", "Failed to set the 'contentEditable' property on 'HTMLElement': The value provided ('"+bind.DOMString(v)+"') is not one of 'true', 'false', 'plaintext-only', or 'inherit'.")
			}
			w.check(n.SetAttribute("contenteditable", s))
		}),
		ro("isContentEditable", func(w *Window, n *dom.Node) goja.Value { return w.boolean(contentEditable(n)) }),
		attr("tabIndex", func(w *Window, n *dom.Node) goja.Value {
			if v, ok := n.GetAttribute("tabindex"); ok {
				if i, ok := parseHTMLInteger(v); ok {
					return w.int(int(i))
				}
			}
			switch n.DataAtom {
			case atom.A, atom.Area, atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Iframe,
				atom.Audio, atom.Video, atom.Frame, atom.Object: // focusable by default, as in Chromium
				return w.int(0)
			case atom.Summary:
				// the summary of its details element
				// https://html.spec.whatwg.org/multipage/interactive-elements.html#summary-for-its-parent-details
				if detailsOfSummary(n) != nil {
					return w.int(0)
				}
			}
			return w.int(-1)
		}, func(w *Window, n *dom.Node, v goja.Value) {
			w.check(n.SetAttribute("tabindex", strconv.Itoa(int(bind.Long(v)))))
		}),
		attr("innerText", func(w *Window, n *dom.Node) goja.Value { return w.str(n.InnerText()) },
			func(w *Window, n *dom.Node, v goja.Value) {
				if n.DataAtom == atom.Script {
					n.SetInnerText(w.trustedScriptSet(n, v, bind.LegacyNullToEmptyString, "innerText"))
				} else {
					n.SetInnerText(bind.LegacyNullToEmptyString(v))
				}
			}),
		attr("outerText", func(w *Window, n *dom.Node) goja.Value { return w.str(n.InnerText()) },
			func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetOuterText(bind.LegacyNullToEmptyString(v))) }),
		ro("dataset", func(w *Window, n *dom.Node) goja.Value { return w.dataset(n) }),
		forwards(ro("style", func(w *Window, n *dom.Node) goja.Value { return w.style(n) }), "cssText"),
		ro("attributeStyleMap", func(w *Window, n *dom.Node) goja.Value { return w.attributeStyleMap(n) }), // typedom.go
		ro("offsetParent", func(w *Window, n *dom.Node) goja.Value {
			if p := w.offsetParent(n); p != nil {
				return w.wrap(p)
			}
			return w.null
		}),
		ro("offsetTop", func(w *Window, n *dom.Node) goja.Value { return w.int(w.offsetTop(n)) }),
		ro("offsetLeft", func(w *Window, n *dom.Node) goja.Value { return w.int(w.offsetLeft(n)) }),
		ro("offsetWidth", func(w *Window, n *dom.Node) goja.Value { return w.int(w.offsetWidth(n)) }),
		ro("offsetHeight", func(w *Window, n *dom.Node) goja.Value { return w.int(w.offsetHeight(n)) }),
	},
	Methods: []bind.Method{
		method("click", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { w.click(n); return nil }),
		method("attachInternals", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.attachInternals(n) }),
		// https://html.spec.whatwg.org/multipage/popover.html (no top layer: the state only)
		method("showPopover", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			w.showPopover(n, true, popoverSource(w, bind.Arg(args, 0), "showPopover"))
			return nil
		}),
		method("hidePopover", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			w.hidePopover(n, true, true, true, nil)
			return nil
		}),
		method("togglePopover", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			return w.boolean(w.togglePopover(n, bind.Arg(args, 0)))
		}),
		method("focus", 0, focusMethod),
		method("blur", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { w.blur(n); return nil }),
	},
}

// hyperlinkToString is the stringifier of a and area elements: their href.
// https://html.spec.whatwg.org/multipage/links.html#dom-hyperlink-href
var hyperlinkToString = method("toString", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
	v, ok := n.GetAttribute("href")
	if !ok {
		return w.str("")
	}
	return w.str(n.Document().ResolveURL(v))
})

// getSVGDocument of iframe, embed and object elements: the frame's
// document when it is an SVG document (frameobject.go).
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#dom-media-getsvgdocument
var getSVGDocument = method("getSVGDocument", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
	if d := w.svgDocument(n); d != nil {
		return w.wrap(&d.Node)
	}
	return w.null
})

// attributionSrcAttr is Chromium's attributionSrc of a, area, img and
// script (Attribution Reporting), reflecting attributionsrc as a string.
var attributionSrcAttr = rStr("attributionSrc", "attributionsrc")

// imagePosition is Chromium's img.x and img.y: the left and top of the
// image's box in viewport coordinates, transforms ignored, truncated
// toward zero; 0, 0 when it has no box.
// https://drafts.csswg.org/cssom-view/#extensions-to-the-htmlimageelement-interface
// (dropped from the draft; Chromium and Firefox keep them)
func (w *Window) imagePosition(n *dom.Node) (x, y int) {
	_, r, ok := w.geometry(n)
	if !ok {
		return 0, 0
	}
	dx, dy := w.scrollShift(n)
	return int(r.left - dx), int(r.top - dy)
}

var htmlElements = []elementDecl{
	{&bind.Interface{Name: "HTMLAnchorElement", Attributes: append(hyperlinkUtils(),
		rStr("target", "target"), rStr("download", "download"), rStr("ping", "ping"), rStr("rel", "rel"),
		rTokens("relList", "rel"), rStr("hreflang", "hreflang"), rStr("type", "type"),
		referrerPolicyAttr, rStr("name", "name"),
		rStr("coords", "coords"), rStr("charset", "charset"), rStr("rev", "rev"), rStr("shape", "shape"), attributionSrcAttr,
		attr("text", func(w *Window, n *dom.Node) goja.Value { s, _ := n.TextContent(); return w.str(s) },
			func(w *Window, n *dom.Node, v goja.Value) { n.SetTextContent(bind.DOMString(v)) }),
	), Methods: []bind.Method{hyperlinkToString}}, "a"},
	{&bind.Interface{Name: "HTMLAreaElement", Attributes: append(hyperlinkUtils(),
		rStr("alt", "alt"), rStr("coords", "coords"), rStr("shape", "shape"), rStr("target", "target"),
		rStr("download", "download"), rStr("rel", "rel"), rTokens("relList", "rel"), rStr("ping", "ping"), referrerPolicyAttr,
		rBool("noHref", "nohref"), attributionSrcAttr), Methods: []bind.Method{hyperlinkToString}}, "area"},
	{&bind.Interface{Name: "HTMLAudioElement", Parent: "HTMLMediaElement"}, "audio"},
	{&bind.Interface{Name: "HTMLBaseElement", Attributes: []bind.Attribute{baseHref, rStr("target", "target")}}, "base"},
	{&bind.Interface{Name: "HTMLBodyElement", Attributes: []bind.Attribute{rStrNull("text", "text"), rStrNull("link", "link"),
		rStrNull("vLink", "vlink"), rStrNull("aLink", "alink"), rStrNull("bgColor", "bgcolor"), rStr("background", "background")}}, "body"},
	{&bind.Interface{Name: "HTMLBRElement", Attributes: []bind.Attribute{rStr("clear", "clear")}}, "br"},
	{&bind.Interface{Name: "HTMLButtonElement", Attributes: append([]bind.Attribute{rBool("disabled", "disabled"), rStr("name", "name"),
		buttonTypeAttr, rStr("value", "value"), formAttr, labelsAttr,
		formActionAttr, rEnum("formMethod", "formmethod", "", "get", "post", "dialog"), rBool("formNoValidate", "formnovalidate"), popoverTargetActionAttr, popoverTargetElementAttr,
		rStr("formTarget", "formtarget"), rEnum("formEnctype", "formenctype", "", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"),
		buttonCommandAttr, elementRefAttr("commandForElement", "commandfor")}, validityAttrs...), Methods: validity}, "button"},
	{&bind.Interface{Name: "HTMLCanvasElement", Attributes: []bind.Attribute{canvasSizeAttr("width", 300), canvasSizeAttr("height", 150)},
		Methods: []bind.Method{
			method("getContext", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				return w.canvasContext(n, args)
			}),
			method("transferControlToOffscreen", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
				return w.transferControlToOffscreen(n)
			}),
			method("toDataURL", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				typ, quality := "image/png", -1.0
				if v := bind.Arg(args, 0); !bind.Absent(v) {
					typ = bind.DOMString(v)
				}
				if v := bind.Arg(args, 1); !bind.Absent(v) && isNumber(v) {
					quality = v.ToFloat()
				}
				return w.str(canvasDataURL(canvasDim(n, "width", 300), canvasDim(n, "height", 150), typ, quality))
			}),
			// https://html.spec.whatwg.org/multipage/canvas.html#dom-canvas-toblob
			method("toBlob", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				f := callable(args[0])
				if f == nil {
					w.realm.ThrowTypeError("Failed to execute 'toBlob' on 'HTMLCanvasElement': parameter 1 is not of type 'BlobCallback'.")
				}
				typ, quality := "image/png", -1.0
				if v := bind.Arg(args, 1); !bind.Absent(v) {
					typ = bind.DOMString(v)
				}
				if v := bind.Arg(args, 2); !bind.Absent(v) && isNumber(v) {
					quality = v.ToFloat()
				}
				result := w.null
				if mime, data, ok := canvasEncode(canvasDim(n, "width", 300), canvasDim(n, "height", 150), typ, quality); ok {
					result = w.realm.WrapObject(xhr.NewBlob([][]byte{data}, mime), w.realm.Class("Blob"))
				}
				w.loop.QueueTask(func() { w.call(f, w.undefined, result) })
				return nil
			}),
		}}, "canvas"},
	{&bind.Interface{Name: "HTMLDataElement", Attributes: []bind.Attribute{rStr("value", "value")}}, "data"},
	// https://html.spec.whatwg.org/multipage/form-elements.html#the-selectedcontent-element
	{&bind.Interface{Name: "HTMLSelectedContentElement"}, "selectedcontent"},
	{&bind.Interface{Name: "HTMLDataListElement", Attributes: []bind.Attribute{ro("options", func(w *Window, n *dom.Node) goja.Value {
		return w.liveCollection(n, "datalistOptions")
	})}}, "datalist"},
	{&bind.Interface{Name: "HTMLDetailsElement", Attributes: []bind.Attribute{rBool("open", "open"), rStr("name", "name")}}, "details"},
	{&bind.Interface{Name: "HTMLDialogElement", Attributes: []bind.Attribute{rBool("open", "open"), dialogClosedByAttr,
		attr("returnValue", func(w *Window, n *dom.Node) goja.Value { return w.str(w.returnValues[n]) }, func(w *Window, n *dom.Node, v goja.Value) {
			if w.returnValues == nil {
				w.returnValues = make(map[*dom.Node]string)
			}
			w.returnValues[n] = bind.DOMString(v)
		})},
		Methods: []bind.Method{
			method("show", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { w.showDialog(n, false); return nil }),
			method("showModal", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { w.showDialog(n, true); return nil }),
			method("close", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				var rv *string
				if v := bind.Arg(args, 0); !bind.Absent(v) {
					s := bind.DOMString(v)
					rv = &s
				}
				w.closeDialog(n, rv)
				return nil
			}),
			method("requestClose", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				var rv *string
				if v := bind.Arg(args, 0); !bind.Absent(v) {
					s := bind.DOMString(v)
					rv = &s
				}
				w.requestCloseDialog(n, rv)
				return nil
			}),
		}}, "dialog"},
	{&bind.Interface{Name: "HTMLDivElement", Attributes: []bind.Attribute{rStr("align", "align")}}, "div"},
	{&bind.Interface{Name: "HTMLDListElement", Attributes: []bind.Attribute{rBool("compact", "compact")}}, "dl"},
	{&bind.Interface{Name: "HTMLEmbedElement", Attributes: []bind.Attribute{trustedReflect(rURL("src", "src"), trustedScriptURL, "HTMLEmbedElement"), rStr("type", "type"), rStr("width", "width"), rStr("height", "height"),
		rStr("align", "align"), rStr("name", "name")}, Methods: []bind.Method{getSVGDocument}}, "embed"},
	{&bind.Interface{Name: "HTMLFieldSetElement", Attributes: append([]bind.Attribute{rBool("disabled", "disabled"), rStr("name", "name"), formAttr,
		ro("elements", func(w *Window, n *dom.Node) goja.Value {
			// An HTMLCollection, not a form's HTMLFormControlsCollection.
			return w.realm.WrapObject(w.liveList(n, "elements"), w.realm.Class("HTMLCollection"))
		}),
		ro("type", func(w *Window, n *dom.Node) goja.Value { return w.str("fieldset") })}, validityAttrs...), Methods: validity}, "fieldset"},
	{&bind.Interface{Name: "HTMLFormElement", Exotic: formExotic, Attributes: []bind.Attribute{
		rStr("acceptCharset", "accept-charset"), rEnum("autocomplete", "autocomplete", "on", "on", "off"), rTokens("relList", "rel"),
		rEnum("enctype", "enctype", "application/x-www-form-urlencoded", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"),
		rEnum("encoding", "enctype", "application/x-www-form-urlencoded", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"), rStr("name", "name"), rBool("noValidate", "novalidate"), rStr("target", "target"),
		rStr("rel", "rel"),
		attr("action", func(w *Window, n *dom.Node) goja.Value {
			v, ok := n.GetAttribute("action")
			if !ok || v == "" {
				return w.str(w.docURL(&n.Document().Node))
			}
			return w.str(reflectedURL(v, n.Document().BaseRecord()))
		}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("action", bind.DOMString(v))) }),
		rEnum("method", "method", "get", "get", "post", "dialog"),
		ro("elements", func(w *Window, n *dom.Node) goja.Value {
			return w.realm.WrapObject(w.liveList(n, "elements"), w.realm.Class("HTMLFormControlsCollection"))
		}),
		ro("length", func(w *Window, n *dom.Node) goja.Value { return w.int(w.liveList(n, "elements").Len()) }),
	}, Methods: append([]bind.Method{
		method("submit", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			w.submitForm(n, nil, true)
			return nil
		}),
		// https://html.spec.whatwg.org/multipage/forms.html#dom-form-requestsubmit
		method("requestSubmit", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
			sub := w.nullableNodeArg(args, 0, "requestSubmit", "HTMLFormElement")
			if sub != nil {
				if !isSubmitButton(sub) {
					w.realm.ThrowTypeError("Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not a submit button.")
				}
				if formOwner(sub) != n {
					w.realm.ThrowDOMException("NotFoundError", "Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not owned by this form element.")
				}
			}
			w.submitForm(n, sub, false)
			return nil
		}),
		method("reset", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			w.resetForm(n, false)
			return nil
		}),
	}, validity[:2]...)}, "form"}, // a form has no setCustomValidity (it is not a listed element)
	{&bind.Interface{Name: "HTMLHeadElement"}, "head"},
	{&bind.Interface{Name: "HTMLFontElement", Attributes: []bind.Attribute{rStrNull("color", "color"), rStr("face", "face"), rStr("size", "size")}}, "font"},
	{&bind.Interface{Name: "HTMLDirectoryElement", Attributes: []bind.Attribute{rBool("compact", "compact")}}, "dir"},
	{&bind.Interface{Name: "HTMLMarqueeElement", Attributes: []bind.Attribute{rStr("behavior", "behavior"), rStr("direction", "direction"),
		marqueeLoop, rUnsigned("scrollAmount", "scrollamount", 6), rUnsigned("scrollDelay", "scrolldelay", 85), rBool("trueSpeed", "truespeed"),
		rStr("bgColor", "bgcolor"), rStr("height", "height"), rStr("width", "width"),
		rUnsigned("hspace", "hspace", 0), rUnsigned("vspace", "vspace", 0)},
		Methods: []bind.Method{method("start", 0, noop), method("stop", 0, noop)}}, "marquee"},
	{&bind.Interface{Name: "HTMLFrameSetElement", Attributes: []bind.Attribute{rStr("cols", "cols"), rStr("rows", "rows")}}, "frameset"},
	{&bind.Interface{Name: "HTMLFrameElement", Attributes: []bind.Attribute{rStr("name", "name"), rStr("scrolling", "scrolling"), rURL("src", "src"),
		rStr("frameBorder", "frameborder"), rURL("longDesc", "longdesc"), rBool("noResize", "noresize"),
		rStrNull("marginHeight", "marginheight"), rStrNull("marginWidth", "marginwidth"),
		// Chromium's: the policy a frame is asked to enforce (CSP
		// Embedded Enforcement) and the credentialless frame flag.
		rStr("csp", "csp"), rBool("credentialless", "credentialless"),
		ro("contentWindow", func(w *Window, n *dom.Node) goja.Value { return w.contentWindow(n) }),
		ro("contentDocument", func(w *Window, n *dom.Node) goja.Value { return w.contentDocument(n) })}}, "frame"},
	{&bind.Interface{Name: "HTMLHeadingElement", Attributes: []bind.Attribute{rStr("align", "align")}}, "h1 h2 h3 h4 h5 h6"},
	{&bind.Interface{Name: "HTMLHRElement", Attributes: []bind.Attribute{rStr("align", "align"), rStr("color", "color"), rStr("size", "size"), rStr("width", "width"), rBool("noShade", "noshade")}}, "hr"},
	{&bind.Interface{Name: "HTMLHtmlElement", Attributes: []bind.Attribute{rStr("version", "version")}}, "html"},
	{&bind.Interface{Name: "HTMLIFrameElement", Attributes: []bind.Attribute{rURL("src", "src"), trustedReflect(rStr("srcdoc", "srcdoc"), trustedHTML, "HTMLIFrameElement"), rStr("name", "name"),
		rStr("allow", "allow"), rBool("allowFullscreen", "allowfullscreen"), rStr("width", "width"), rStr("height", "height"),
		rEnum("loading", "loading", "auto", "auto", "lazy", "eager"), referrerPolicyAttr, rTokens("sandbox", "sandbox"),
		rStr("align", "align"), rStr("scrolling", "scrolling"), rStr("frameBorder", "frameborder"), rURL("longDesc", "longdesc"),
		rStrNull("marginHeight", "marginheight"), rStrNull("marginWidth", "marginwidth"),
		// Chromium's: the policy a frame is asked to enforce (CSP
		// Embedded Enforcement) and the credentialless frame flag.
		rStr("csp", "csp"), rBool("credentialless", "credentialless"),
		ro("contentWindow", func(w *Window, n *dom.Node) goja.Value { return w.contentWindow(n) }),
		ro("contentDocument", func(w *Window, n *dom.Node) goja.Value { return w.contentDocument(n) })},
		Methods: []bind.Method{getSVGDocument}}, "iframe"},
	{&bind.Interface{Name: "HTMLImageElement", Constructor: nil, Attributes: []bind.Attribute{
		rStr("alt", "alt"), rURL("src", "src"), rStr("srcset", "srcset"), rStr("sizes", "sizes"),
		rNullableEnum("crossOrigin", "crossorigin", "anonymous", "anonymous", "use-credentials"), rStr("useMap", "usemap"), rBool("isMap", "ismap"),
		rURL("longDesc", "longdesc"), rUnsigned("hspace", "hspace", 0), rUnsigned("vspace", "vspace", 0), rURL("lowsrc", "lowsrc"),
		referrerPolicyAttr, rEnum("decoding", "decoding", "auto", "auto", "sync", "async"), rEnum("loading", "loading", "auto", "auto", "lazy", "eager"),
		rEnum("fetchPriority", "fetchpriority", "auto", "auto", "high", "low"),
		rStr("name", "name"), rStr("align", "align"), rStrNull("border", "border"), attributionSrcAttr,
		imgDimension("width"), imgDimension("height"),
		ro("x", func(w *Window, n *dom.Node) goja.Value { x, _ := w.imagePosition(n); return w.int(x) }),
		ro("y", func(w *Window, n *dom.Node) goja.Value { _, y := w.imagePosition(n); return w.int(y) }),
		ro("naturalWidth", func(w *Window, n *dom.Node) goja.Value { return w.int(w.imageOf(n).width) }),
		ro("naturalHeight", func(w *Window, n *dom.Node) goja.Value { return w.int(w.imageOf(n).height) }),
		// https://html.spec.whatwg.org/multipage/embedded-content.html#dom-img-complete
		ro("complete", func(w *Window, n *dom.Node) goja.Value {
			if w.imageOf(n).state != imageUnavailable {
				return valTrue
			}
			return w.boolean(!n.HasAttribute("srcset") && n.Attribute("src") == "")
		}),
		ro("currentSrc", func(w *Window, n *dom.Node) goja.Value { return w.str(w.imageOf(n).url) }),
	}, Methods: []bind.Method{promised(method("decode", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.imageDecode(n)
	}))}}, "img"},
	{inputIface, "input"},
	{&bind.Interface{Name: "HTMLLabelElement", Attributes: []bind.Attribute{rStr("htmlFor", "for"),
		// https://html.spec.whatwg.org/multipage/forms.html#dom-label-form
		ro("form", func(w *Window, n *dom.Node) goja.Value {
			if c := w.labelControl(n); c != nil && (isListed(c) || w.formAssociated(c)) {
				return w.wrap(formOwner(c))
			}
			return w.null
		}),
		ro("control", func(w *Window, n *dom.Node) goja.Value { return w.wrap(w.labelControl(n)) })}}, "label"},
	{&bind.Interface{Name: "HTMLLegendElement", Attributes: []bind.Attribute{
		// A legend's form is its parent fieldset's form owner; a legend
		// whose parent is no fieldset has none (a form parent too).
		// https://html.spec.whatwg.org/multipage/form-elements.html#dom-legend-form
		ro("form", func(w *Window, n *dom.Node) goja.Value {
			if p := n.ParentNode(); p != nil && isHTMLElement(p) && p.DataAtom == atom.Fieldset {
				return w.wrap(formOwner(p))
			}
			return w.null
		}), rStr("align", "align")}}, "legend"},
	{&bind.Interface{Name: "HTMLLIElement", Attributes: []bind.Attribute{rLong("value", "value", 0), rStr("type", "type")}}, "li"},
	{&bind.Interface{Name: "HTMLLinkElement", Attributes: []bind.Attribute{rURL("href", "href"), rNullableEnum("crossOrigin", "crossorigin", "anonymous", "anonymous", "use-credentials"),
		rStr("rel", "rel"), rLimited("as", "as", "fetch", "font", "image", "script", "style", "track"), rTokens("relList", "rel"), rStr("media", "media"), rStr("integrity", "integrity"),
		rStr("hreflang", "hreflang"), rStr("type", "type"), rTokens("sizes", "sizes"), rTokens("blocking", "blocking"), referrerPolicyAttr, rStr("imageSrcset", "imagesrcset"), rStr("imageSizes", "imagesizes"),
		rStr("rev", "rev"), rStr("target", "target"),
		rEnum("fetchPriority", "fetchpriority", "auto", "auto", "high", "low"),
		rBool("disabled", "disabled"), rStr("charset", "charset"),
		ro("sheet", func(w *Window, n *dom.Node) goja.Value { return w.linkStyleSheet(n) })}}, "link"},
	{&bind.Interface{Name: "HTMLMapElement", Attributes: []bind.Attribute{rStr("name", "name"),
		ro("areas", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "areas") })}}, "map"},
	{&bind.Interface{Name: "HTMLMenuElement", Attributes: []bind.Attribute{rBool("compact", "compact")}}, "menu"},
	{&bind.Interface{Name: "HTMLMetaElement", Attributes: []bind.Attribute{rStr("name", "name"), rStr("httpEquiv", "http-equiv"),
		rStr("content", "content"), rStr("media", "media"), rStr("scheme", "scheme")}}, "meta"},
	{&bind.Interface{Name: "HTMLMeterElement", Attributes: []bind.Attribute{meterAttr("value"), meterAttr("min"),
		meterAttr("max"), meterAttr("low"), meterAttr("high"), meterAttr("optimum"), labelsAttr}}, "meter"},
	{&bind.Interface{Name: "HTMLModElement", Attributes: []bind.Attribute{rURL("cite", "cite"), rStr("dateTime", "datetime")}}, "ins del"},
	{&bind.Interface{Name: "HTMLObjectElement", Attributes: append([]bind.Attribute{trustedReflect(rURL("data", "data"), trustedScriptURL, "HTMLObjectElement"), rStr("type", "type"), rStr("name", "name"),
		rStr("width", "width"), rStr("height", "height"), formAttr, rStr("useMap", "usemap"), rStr("align", "align"),
		rStr("archive", "archive"), rStr("code", "code"), rBool("declare", "declare"), rUnsigned("hspace", "hspace", 0),
		rStr("standby", "standby"), rUnsigned("vspace", "vspace", 0), rURL("codeBase", "codebase"), rStr("codeType", "codetype"),
		rStrNull("border", "border"),
		ro("contentDocument", func(w *Window, n *dom.Node) goja.Value { return w.contentDocument(n) }),
		ro("contentWindow", func(w *Window, n *dom.Node) goja.Value { return w.contentWindow(n) })}, validityAttrs...),
		Methods: append([]bind.Method{getSVGDocument}, validity...)}, "object"},
	{&bind.Interface{Name: "HTMLOListElement", Attributes: []bind.Attribute{rBool("reversed", "reversed"), rLong("start", "start", 1), rStr("type", "type"), rBool("compact", "compact")}}, "ol"},
	{&bind.Interface{Name: "HTMLOptGroupElement", Attributes: []bind.Attribute{rBool("disabled", "disabled"), rStr("label", "label")}}, "optgroup"},
	{optionIface, "option"},
	{&bind.Interface{Name: "HTMLOutputElement", Attributes: append([]bind.Attribute{rStr("name", "name"), formAttr, labelsAttr, rTokens("htmlFor", "for"),
		// The default value override is set once script sets the value:
		// until then the default value is the element's text.
		// https://html.spec.whatwg.org/multipage/form-elements.html#the-output-element
		attr("defaultValue", func(w *Window, n *dom.Node) goja.Value { return w.str(w.outputDefault(n)) }, func(w *Window, n *dom.Node, v goja.Value) {
			if _, ok := w.outputDefaults[n]; !ok {
				n.SetTextContent(bind.DOMString(v))
				return
			}
			w.outputDefaults[n] = bind.DOMString(v)
		}),
		ro("type", func(w *Window, n *dom.Node) goja.Value { return w.str("output") }),
		attr("value", func(w *Window, n *dom.Node) goja.Value { s, _ := n.TextContent(); return w.str(s) },
			func(w *Window, n *dom.Node, v goja.Value) {
				if _, ok := w.outputDefaults[n]; !ok {
					if w.outputDefaults == nil {
						w.outputDefaults = make(map[*dom.Node]string)
					}
					w.outputDefaults[n], _ = n.TextContent()
				}
				n.SetTextContent(bind.DOMString(v))
			})}, validityAttrs...), Methods: validity}, "output"},
	{&bind.Interface{Name: "HTMLParagraphElement", Attributes: []bind.Attribute{rStr("align", "align")}}, "p"},
	{&bind.Interface{Name: "HTMLParamElement", Attributes: []bind.Attribute{rStr("name", "name"), rStr("value", "value"), rStr("type", "type"), rStr("valueType", "valuetype")}}, "param"},
	{&bind.Interface{Name: "HTMLPictureElement"}, "picture"},
	{&bind.Interface{Name: "HTMLPreElement", Attributes: []bind.Attribute{rLong("width", "width", 0)}}, "pre listing xmp"},
	{&bind.Interface{Name: "HTMLProgressElement", Attributes: []bind.Attribute{progressValue, progressMax, labelsAttr,
		ro("position", func(w *Window, n *dom.Node) goja.Value {
			if !n.HasAttribute("value") {
				return w.int(-1)
			}
			return w.rt.ToValue(progressActual(n, "value") / progressActual(n, "max"))
		})}}, "progress"},
	{&bind.Interface{Name: "HTMLQuoteElement", Attributes: []bind.Attribute{rURL("cite", "cite")}}, "blockquote q"},
	{scriptIface, "script"},
	{selectIface, "select"},
	{&bind.Interface{Name: "HTMLSlotElement", Attributes: []bind.Attribute{rStr("name", "name")},
		Methods: []bind.Method{
			method("assignedNodes", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				return w.nodeArray(n.AssignedNodes(dictBool(bind.Arg(args, 0), "flatten")), false)
			}),
			method("assignedElements", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				return w.nodeArray(n.AssignedNodes(dictBool(bind.Arg(args, 0), "flatten")), true)
			}),
			method("assign", 0, slotAssign),
		}}, "slot"},
	{&bind.Interface{Name: "HTMLSourceElement", Attributes: []bind.Attribute{rURL("src", "src"), rStr("type", "type"),
		rStr("srcset", "srcset"), rStr("sizes", "sizes"), rStr("media", "media"),
		rUnsigned("width", "width", 0), rUnsigned("height", "height", 0)}}, "source"},
	{&bind.Interface{Name: "HTMLSpanElement"}, "span"},
	{&bind.Interface{Name: "HTMLStyleElement", Attributes: []bind.Attribute{rStr("media", "media"), rStr("type", "type"), rTokens("blocking", "blocking"),
		styleDisabledAttr, ro("sheet", func(w *Window, n *dom.Node) goja.Value { return w.styleSheetOf(n) })}}, "style"},
	{&bind.Interface{Name: "HTMLTableCaptionElement", Attributes: []bind.Attribute{rStr("align", "align")}}, "caption"},
	{&bind.Interface{Name: "HTMLTableCellElement", Attributes: []bind.Attribute{rClamped("colSpan", "colspan", 1, 1, 1000), rClamped("rowSpan", "rowspan", 1, 0, 65534),
		rStr("headers", "headers"), rLimited("scope", "scope", "row", "col", "rowgroup", "colgroup"), rStr("abbr", "abbr"), rStr("align", "align"), rStr("vAlign", "valign"),
		rStr("width", "width"), rStr("height", "height"), rBool("noWrap", "nowrap"), rStrNull("bgColor", "bgcolor"),
		rStr("axis", "axis"), rStr("ch", "char"), rStr("chOff", "charoff"),
		ro("cellIndex", func(w *Window, n *dom.Node) goja.Value {
			p := n.ParentElement()
			if p == nil || !isHTMLElement(p) || p.DataAtom != atom.Tr {
				return w.int(-1)
			}
			l := w.liveList(p, "cells")
			for i := 0; i < l.Len(); i++ {
				if l.Item(i) == n {
					return w.int(i)
				}
			}
			return w.int(-1)
		})}}, "td th"},
	{&bind.Interface{Name: "HTMLTableColElement", Attributes: []bind.Attribute{rClamped("span", "span", 1, 1, 1000), rStr("width", "width"), rStr("align", "align"),
		rStr("vAlign", "valign"), rStr("ch", "char"), rStr("chOff", "charoff")}}, "col colgroup"},
	{tableIface, "table"},
	{&bind.Interface{Name: "HTMLTableRowElement", Attributes: []bind.Attribute{
		ro("cells", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "cells") }),
		// https://html.spec.whatwg.org/multipage/tables.html#dom-tr-rowindex
		ro("rowIndex", func(w *Window, n *dom.Node) goja.Value {
			t := n.ParentElement()
			if t != nil && isHTMLElement(t) && (t.DataAtom == atom.Tbody || t.DataAtom == atom.Thead || t.DataAtom == atom.Tfoot) {
				t = t.ParentElement()
			}
			if t == nil || !isHTMLElement(t) || t.DataAtom != atom.Table {
				return w.int(-1)
			}
			return w.int(indexIn(w.liveList(t, "rows"), n))
		}),
		// The index in the parent's rows: a table's (all its rows, thead
		// rows first) or a section's; -1 under any other parent.
		ro("sectionRowIndex", func(w *Window, n *dom.Node) goja.Value {
			p := n.ParentElement()
			if p == nil || !isHTMLElement(p) || (p.DataAtom != atom.Table && p.DataAtom != atom.Tbody && p.DataAtom != atom.Thead && p.DataAtom != atom.Tfoot) {
				return w.int(-1)
			}
			return w.int(indexIn(w.liveList(p, "rows"), n))
		}),
		rStr("align", "align"), rStr("vAlign", "valign"), rStrNull("bgColor", "bgcolor"), rStr("ch", "char"), rStr("chOff", "charoff")},
		Methods: []bind.Method{
			method("insertCell", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				return w.insertInto(n, "td", "cells", args)
			}),
			method("deleteCell", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				w.deleteFrom(n, "cells", args)
				return nil
			}),
		}}, "tr"},
	{&bind.Interface{Name: "HTMLTableSectionElement", Attributes: []bind.Attribute{
		ro("rows", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "rows") }),
		rStr("align", "align"), rStr("vAlign", "valign"), rStr("ch", "char"), rStr("chOff", "charoff")},
		Methods: []bind.Method{
			method("insertRow", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				return w.insertInto(n, "tr", "rows", args)
			}),
			method("deleteRow", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
				w.deleteFrom(n, "rows", args)
				return nil
			}),
		}}, "thead tbody tfoot"},
	{&bind.Interface{Name: "HTMLTemplateElement", Attributes: []bind.Attribute{
		rLimited("shadowRootMode", "shadowrootmode", "open", "closed"), rBool("shadowRootDelegatesFocus", "shadowrootdelegatesfocus"),
		rBool("shadowRootClonable", "shadowrootclonable"), rBool("shadowRootSerializable", "shadowrootserializable"),
		rEnum("shadowRootSlotAssignment", "shadowrootslotassignment", "named", "named", "manual"),
		rStr("shadowRootCustomElementRegistry", "shadowrootcustomelementregistry"),
		nullableReflect("shadowRootReferenceTarget", "shadowrootreferencetarget"),
		ro("content", func(w *Window, n *dom.Node) goja.Value { return w.wrap(n.TemplateContent()) }),
		rStr("htmlFor", "for")}}, "template"},
	{textAreaIface, "textarea"},
	{&bind.Interface{Name: "HTMLTimeElement", Attributes: []bind.Attribute{rStr("dateTime", "datetime")}}, "time"},
	{&bind.Interface{Name: "HTMLTitleElement", Attributes: []bind.Attribute{
		// its child text content: the data of its Text children, not of
		// the elements in it (https://html.spec.whatwg.org/multipage/semantics.html#dom-title-text)
		attr("text", func(w *Window, n *dom.Node) goja.Value { return w.str(scriptText(n)) },
			func(w *Window, n *dom.Node, v goja.Value) { n.SetTextContent(bind.DOMString(v)) })}}, "title"},
	{&bind.Interface{Name: "HTMLTrackElement", Constants: trackElementConstants, Attributes: trackElementAttrs}, "track"},
	{&bind.Interface{Name: "HTMLUListElement", Attributes: []bind.Attribute{rBool("compact", "compact"), rStr("type", "type")}}, "ul"},
	{&bind.Interface{Name: "HTMLVideoElement", Parent: "HTMLMediaElement", Attributes: []bind.Attribute{rUnsigned("width", "width", 0),
		rUnsigned("height", "height", 0), rURL("poster", "poster"), rBool("playsInline", "playsinline"),
		ro("videoWidth", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }),
		ro("videoHeight", func(w *Window, n *dom.Node) goja.Value { return w.int(0) }),
		// Picture-in-Picture: available, as in headless Chromium, but a
		// video is never asked for it: its metadata never load (media are
		// not fetched), which Chromium checks first.
		// https://w3c.github.io/picture-in-picture/#request-pip
		rBool("disablePictureInPicture", "disablepictureinpicture"),
		handlerAttr("enterpictureinpicture"), handlerAttr("leavepictureinpicture")},
		Methods: []bind.Method{method("requestPictureInPicture", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			return w.rejected("InvalidStateError", "Failed to execute 'requestPictureInPicture' on 'HTMLVideoElement': Metadata for the video element are not loaded yet.")
		})}}, "video"},
	// Elements whose interface is HTMLElement itself.
	{htmlElementIface, `abbr address article aside b bdi bdo cite code dd dfn dt em figcaption figure footer
		header hgroup i kbd main mark nav noscript rp rt ruby s samp search section small strong sub summary sup
		u var wbr acronym basefont big center layer nobr noembed noframes nolayer plaintext rb rtc strike tt`},
}

// htmlMediaElementIface is the abstract parent of audio and video.
var htmlMediaElementIface = &bind.Interface{
	Name:   "HTMLMediaElement",
	Parent: "HTMLElement",
	Constants: []bind.Constant{{Name: "NETWORK_EMPTY", Value: 0}, {Name: "NETWORK_IDLE", Value: 1}, {Name: "NETWORK_LOADING", Value: 2}, {Name: "NETWORK_NO_SOURCE", Value: 3},
		{Name: "HAVE_NOTHING", Value: 0}, {Name: "HAVE_METADATA", Value: 1}, {Name: "HAVE_CURRENT_DATA", Value: 2}, {Name: "HAVE_FUTURE_DATA", Value: 3}, {Name: "HAVE_ENOUGH_DATA", Value: 4}},
	Attributes: mediaAttrs,
	Methods:    mediaMethods,
}

var inputIface = &bind.Interface{Name: "HTMLInputElement", Attributes: append([]bind.Attribute{
	rStr("accept", "accept"), rStr("alt", "alt"), autocompleteAttr, rBool("webkitdirectory", "webkitdirectory"),
	rStr("align", "align"),
	rBool("defaultChecked", "checked"), rStr("dirName", "dirname"), rBool("disabled", "disabled"), formAttr, labelsAttr,
	formActionAttr, rEnum("formEnctype", "formenctype", "", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"),
	rEnum("formMethod", "formmethod", "", "get", "post", "dialog"),
	rBool("formNoValidate", "formnovalidate"), rStr("formTarget", "formtarget"), rStr("max", "max"), popoverTargetActionAttr, popoverTargetElementAttr,
	rLimit("maxLength", "maxlength"), rLimit("minLength", "minlength"), rStr("min", "min"), rBool("multiple", "multiple"),
	rStr("name", "name"), rStr("pattern", "pattern"), rStr("placeholder", "placeholder"), rBool("readOnly", "readonly"),
	rBool("required", "required"), rPositive("size", "size", 20), rURL("src", "src"), rStr("step", "step"),
	inputDimension("width"), inputDimension("height"), rStr("useMap", "usemap"),
	valueAttr, defaultValueAttr,
	attr("type", func(w *Window, n *dom.Node) goja.Value { return w.str(n.InputType()) },
		func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetInputType(bind.DOMString(v))) }),
	attr("checked", func(w *Window, n *dom.Node) goja.Value { return w.boolean(n.Checked()) },
		func(w *Window, n *dom.Node, v goja.Value) { n.SetChecked(bind.Boolean(v)) }),
	attr("indeterminate", func(w *Window, n *dom.Node) goja.Value { return w.boolean(n.Indeterminate()) },
		func(w *Window, n *dom.Node, v goja.Value) { n.SetIndeterminate(bind.Boolean(v)) }),
	attr("files", (*Window).inputFiles, (*Window).setInputFiles),
	ro("list", func(w *Window, n *dom.Node) goja.Value {
		if id, ok := n.GetAttribute("list"); ok {
			return w.wrap(n.Document().GetElementByID(id))
		}
		return w.null
	}),
	inputValueAsDate, inputValueAsNumber,
	selectionAttrs[0], selectionAttrs[1], selectionAttrs[2],
}, validityAttrs...), Methods: append([]bind.Method{
	selectionMethods[0], selectionMethods[1], selectionMethods[2],
	inputStep("stepUp", false), inputStep("stepDown", true),
	method("showPicker", 0, noop),
}, validity...)}

var textAreaIface = &bind.Interface{Name: "HTMLTextAreaElement", Attributes: append([]bind.Attribute{
	autocompleteAttr, rPositiveFallback("cols", "cols", 20), rStr("dirName", "dirname"), rBool("disabled", "disabled"),
	formAttr, labelsAttr, rLimit("maxLength", "maxlength"), rLimit("minLength", "minlength"), rStr("name", "name"),
	rStr("placeholder", "placeholder"), rBool("readOnly", "readonly"), rBool("required", "required"), rPositiveFallback("rows", "rows", 2),
	rStr("wrap", "wrap"), valueAttr, defaultValueAttr,
	ro("type", func(w *Window, n *dom.Node) goja.Value { return w.str("textarea") }),
	ro("textLength", func(w *Window, n *dom.Node) goja.Value { return w.int(dom.UTF16Len(n.Value())) }),
	selectionAttrs[0], selectionAttrs[1], selectionAttrs[2],
}, validityAttrs...), Methods: append([]bind.Method{
	selectionMethods[0], selectionMethods[1], selectionMethods[2],
}, validity...)}

var selectIface = &bind.Interface{Name: "HTMLSelectElement", Exotic: selectExotic, Attributes: append([]bind.Attribute{
	autocompleteAttr, rBool("disabled", "disabled"), formAttr, labelsAttr, rBool("multiple", "multiple"),
	rStr("name", "name"), rBool("required", "required"), rUnsigned("size", "size", 0), valueAttr,
	ro("type", func(w *Window, n *dom.Node) goja.Value {
		if n.HasAttribute("multiple") {
			return w.str("select-multiple")
		}
		return w.str("select-one")
	}),
	ro("options", func(w *Window, n *dom.Node) goja.Value {
		return w.realm.WrapObject(w.liveList(n, "options"), w.realm.Class("HTMLOptionsCollection"))
	}),
	ro("selectedOptions", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "selectedOptions") }),
	attr("length", func(w *Window, n *dom.Node) goja.Value { return w.int(len(n.Options())) },
		func(w *Window, n *dom.Node, v goja.Value) { setOptionsLength(w, n, bind.UnsignedLong(v)) }),
	attr("selectedIndex", func(w *Window, n *dom.Node) goja.Value { return w.int(n.SelectedIndex()) },
		func(w *Window, n *dom.Node, v goja.Value) { n.SetSelectedIndex(int(bind.Long(v))) }),
}, validityAttrs...), Methods: append([]bind.Method{
	// no picker to show; Chromium 156 returns without one too when the
	// page has no user activation to consume
	method("showPicker", 0, noop),
	method("item", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		return w.wrap(w.liveList(n, "options").Item(int(bind.UnsignedLong(args[0]))))
	}),
	method("namedItem", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		return w.wrap(namedItem(w.liveList(n, "options"), bind.DOMString(args[0])))
	}),
	method("add", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value { selectAdd(w, n, args); return nil }),
	method("remove", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		if len(args) == 0 {
			n.Remove()
		} else if o := w.liveList(n, "options").Item(int(bind.Long(args[0]))); o != nil {
			o.Remove()
		}
		w.afterMutation()
		return nil
	}),
}, validity...)}

// selectAdd implements HTMLSelectElement.add(element, before) and
// HTMLOptionsCollection.add, whose steps it follows.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#dom-htmloptionscollection-add
func selectAdd(w *Window, sel *dom.Node, args []goja.Value) {
	el := w.toNode(bind.Arg(args, 0))
	if el == nil || !(el.Is(atom.Option) || el.Is(atom.Optgroup)) {
		w.realm.ThrowTypeError("Failed to execute 'add' on 'HTMLSelectElement': The provided value is not of type '(HTMLOptGroupElement or HTMLOptionElement)'.")
	}
	if el.Contains(sel) {
		w.realm.ThrowDOMException("HierarchyRequestError", "Failed to execute 'add' on 'HTMLSelectElement': The new child element contains the parent.")
	}
	var ref *dom.Node
	if b := bind.Arg(args, 1); !bind.Nullish(b) {
		if n := w.toNode(b); n != nil && n.IsHTML() {
			if n == sel || !sel.Contains(n) {
				w.realm.ThrowDOMException("NotFoundError", "Failed to execute 'add' on 'HTMLSelectElement': The node before which the new node is to be inserted is not a child of this node.")
			}
			if n == el {
				return
			}
			ref = n
		} else if i := bind.Long(b); i >= 0 {
			ref = w.liveList(sel, "options").Item(int(i))
		}
	}
	parent := sel
	if ref != nil {
		parent = ref.ParentNode()
	}
	_, err := parent.InsertBefore(el, ref)
	w.check(err)
	w.afterMutation()
}

var optionIface = &bind.Interface{Name: "HTMLOptionElement", Attributes: []bind.Attribute{
	rBool("disabled", "disabled"), optionFormAttr, rBool("defaultSelected", "selected"), valueAttr,
	attr("label", func(w *Window, n *dom.Node) goja.Value {
		if v, ok := n.GetAttribute("label"); ok {
			return w.str(v)
		}
		return w.str(n.OptionText())
	}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("label", bind.DOMString(v))) }),
	attr("selected", func(w *Window, n *dom.Node) goja.Value { return w.boolean(n.Selected()) },
		func(w *Window, n *dom.Node, v goja.Value) { n.SetSelected(bind.Boolean(v)) }),
	attr("text", func(w *Window, n *dom.Node) goja.Value { return w.str(n.OptionText()) },
		func(w *Window, n *dom.Node, v goja.Value) { n.SetTextContent(bind.DOMString(v)) }),
	ro("index", func(w *Window, n *dom.Node) goja.Value {
		if p := n.OptionSelect(); p != nil {
			for i, o := range p.Options() {
				if o == n {
					return w.int(i)
				}
			}
		}
		return w.int(0)
	}),
}}

var tableIface = &bind.Interface{Name: "HTMLTableElement", Attributes: []bind.Attribute{
	attr("caption", func(w *Window, n *dom.Node) goja.Value { return w.wrap(firstChildTag(n, atom.Caption)) },
		func(w *Window, n *dom.Node, v goja.Value) { w.setTablePart(n, v, atom.Caption) }),
	attr("tHead", func(w *Window, n *dom.Node) goja.Value { return w.wrap(firstChildTag(n, atom.Thead)) },
		func(w *Window, n *dom.Node, v goja.Value) { w.setTablePart(n, v, atom.Thead) }),
	attr("tFoot", func(w *Window, n *dom.Node) goja.Value { return w.wrap(firstChildTag(n, atom.Tfoot)) },
		func(w *Window, n *dom.Node, v goja.Value) { w.setTablePart(n, v, atom.Tfoot) }),
	ro("tBodies", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "tBodies") }),
	ro("rows", func(w *Window, n *dom.Node) goja.Value { return w.liveCollection(n, "rows") }),
	rStr("align", "align"), rStr("border", "border"), rStr("frame", "frame"), rStr("rules", "rules"),
	rStr("summary", "summary"), rStr("width", "width"), rStrNull("bgColor", "bgcolor"),
	rStrNull("cellPadding", "cellpadding"), rStrNull("cellSpacing", "cellspacing"),
}, Methods: []bind.Method{
	method("createTBody", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		tb, _ := n.Document().CreateElement("tbody")
		var after *dom.Node
		for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
			if k.Is(atom.Tbody) {
				after = k
			}
		}
		var before *dom.Node
		if after != nil {
			before = after.Next()
		}
		_, err := n.InsertBefore(tb, before)
		w.check(err)
		return w.wrap(tb)
	}),
	method("createTHead", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.wrap(ensureChild(w, n, atom.Thead, "thead", afterCaptionAndColgroups))
	}),
	method("createTFoot", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.wrap(ensureChild(w, n, atom.Tfoot, "tfoot", func(*dom.Node) *dom.Node { return nil }))
	}),
	method("createCaption", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		return w.wrap(ensureChild(w, n, atom.Caption, "caption", (*dom.Node).First))
	}),
	method("deleteTHead", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if t := firstChildTag(n, atom.Thead); t != nil {
			t.Remove()
		}
		return nil
	}),
	method("deleteTFoot", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if t := firstChildTag(n, atom.Tfoot); t != nil {
			t.Remove()
		}
		return nil
	}),
	method("deleteCaption", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
		if t := firstChildTag(n, atom.Caption); t != nil {
			t.Remove()
		}
		return nil
	}),
	method("insertRow", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		rows := w.liveList(n, "rows")
		idx := -1
		if !bind.Absent(bind.Arg(args, 0)) {
			idx = int(bind.Long(args[0]))
		}
		if idx < -1 || idx > rows.Len() {
			w.realm.ThrowDOMException("IndexSizeError", "The index provided ("+strconv.Itoa(idx)+") is outside the range [-1, "+strconv.Itoa(rows.Len())+"].")
		}
		tr, _ := n.Document().CreateElement("tr")
		switch {
		case rows.Len() == 0:
			// the last tbody child: an HTML one (an SVG or null-namespace
			// element named tbody is no tbody element).
			var body *dom.Node
			for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
				if k.Is(atom.Tbody) {
					body = k
				}
			}
			if body == nil {
				body, _ = n.Document().CreateElement("tbody")
				_, err := n.AppendChild(body)
				w.check(err)
			}
			_, err := body.AppendChild(tr)
			w.check(err)
		case idx == -1 || idx == rows.Len():
			last := rows.Item(rows.Len() - 1)
			_, err := last.ParentNode().AppendChild(tr)
			w.check(err)
		default:
			at := rows.Item(idx)
			_, err := at.ParentNode().InsertBefore(tr, at)
			w.check(err)
		}
		return w.wrap(tr)
	}),
	method("deleteRow", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		w.deleteFrom(n, "rows", args)
		return nil
	}),
}}

// setTablePart is the caption, tHead and tFoot setters: the first such
// child goes, then the new one (if any) takes its place: a caption first,
// a thead before the first element that is not a caption or colgroup, a
// tfoot last.
// https://html.spec.whatwg.org/multipage/tables.html#dom-table-caption
func (w *Window) setTablePart(n *dom.Node, v goja.Value, a atom.Atom) {
	var part *dom.Node
	if !bind.Nullish(v) {
		part = w.toNode(v)
		iface, name := "HTMLTableSectionElement", map[atom.Atom]string{atom.Thead: "tHead", atom.Tfoot: "tFoot"}[a]
		ok := part != nil && isHTMLElement(part) && (part.DataAtom == atom.Thead || part.DataAtom == atom.Tbody || part.DataAtom == atom.Tfoot)
		if a == atom.Caption {
			iface, name = "HTMLTableCaptionElement", "caption"
			ok = part != nil && isHTMLElement(part) && part.DataAtom == atom.Caption
		}
		if !ok {
			w.realm.ThrowTypeError("Failed to set the '%s' property on 'HTMLTableElement': The provided value is not of type '%s'.", name, iface)
		}
		if part.DataAtom != a {
			w.realm.ThrowDOMException("HierarchyRequestError", "Failed to set the '"+name+"' property on 'HTMLTableElement': Not a "+part.Data+" element.")
		}
	}
	// The old part goes even when it is the new one, which then moves
	// to its place (as Chromium: a caption set again becomes the first
	// child, a tfoot the last).
	if old := firstChildTag(n, a); old != nil {
		old.Remove()
	}
	if part == nil {
		return
	}
	var before *dom.Node
	switch a {
	case atom.Caption:
		before = n.First()
	case atom.Thead:
		before = afterCaptionAndColgroups(n)
	}
	_, err := n.InsertBefore(part, before)
	w.check(err)
}

// indexIn is n's index in list l, or -1.
func indexIn(l *liveList, n *dom.Node) int {
	for i := 0; i < l.Len(); i++ {
		if l.Item(i) == n {
			return i
		}
	}
	return -1
}

func firstChildTag(n *dom.Node, a atom.Atom) *dom.Node {
	for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if k.DataAtom == a && k.Namespace == "" {
			return k
		}
	}
	return nil
}

// foreignTabIndex is the tabIndex of SVG and MathML elements
// (HTMLOrSVGElement): the tabindex attribute when it is a valid integer, else
// 0 for the elements focusable by default, else -1.
func foreignTabIndex(focusableByDefault func(n *dom.Node) bool) bind.Attribute {
	return attr("tabIndex", func(w *Window, n *dom.Node) goja.Value {
		if i, ok := parseHTMLInteger(n.Attribute("tabindex")); ok && n.HasAttribute("tabindex") {
			return w.int(int(i))
		}
		if focusableByDefault(n) {
			return w.int(0)
		}
		return w.int(-1)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		w.check(n.SetAttribute("tabindex", strconv.Itoa(int(bind.Long(v)))))
	})
}

// foreignFocusMethods are HTMLOrSVGElement's focus() and blur() for SVG and
// MathML elements.
var foreignFocusMethods = []bind.Method{
	method("focus", 0, focusMethod),
	method("blur", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { w.blur(n); return nil }),
}

// ensureChild returns the table's first child of kind a, creating one (named
// tag) before the child before(table) chooses when there is none.
func ensureChild(w *Window, n *dom.Node, a atom.Atom, tag string, before func(table *dom.Node) *dom.Node) *dom.Node {
	if t := firstChildTag(n, a); t != nil {
		return t
	}
	t, _ := n.Document().CreateElement(tag)
	_, err := n.InsertBefore(t, before(n))
	w.check(err)
	return t
}

// afterCaptionAndColgroups is where createTHead and the tHead setter put a
// new thead: before the table's first element child that is neither a
// caption nor a colgroup. Chromium 156 looks at HTML elements only (an
// SVG or null-namespace child, whatever its name, is passed over:
// `<svg:tr>` then a tbody gets the thead between them), where the
// standard would stop at any element.
// https://html.spec.whatwg.org/multipage/tables.html#dom-table-createthead
func afterCaptionAndColgroups(table *dom.Node) *dom.Node {
	for k := table.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if k.IsHTML() && k.DataAtom != atom.Caption && k.DataAtom != atom.Colgroup {
			return k
		}
	}
	return nil
}

// insertInto implements insertRow/insertCell on a section or row.
func (w *Window) insertInto(n *dom.Node, tag, kind string, args []goja.Value) goja.Value {
	l := w.liveList(n, kind)
	idx := -1
	if !bind.Absent(bind.Arg(args, 0)) {
		idx = int(bind.Long(args[0]))
	}
	if idx < -1 || idx > l.Len() {
		w.realm.ThrowDOMException("IndexSizeError", "The index provided ("+strconv.Itoa(idx)+") is outside the range [-1, "+strconv.Itoa(l.Len())+"].")
	}
	el, _ := n.Document().CreateElement(tag)
	var before *dom.Node
	if idx >= 0 && idx < l.Len() {
		before = l.Item(idx)
	}
	_, err := n.InsertBefore(el, before)
	w.check(err)
	return w.wrap(el)
}

func (w *Window) deleteFrom(n *dom.Node, kind string, args []goja.Value) {
	l := w.liveList(n, kind)
	idx := int(bind.Long(args[0]))
	if idx == -1 {
		idx = l.Len() - 1
	}
	if idx < 0 || idx >= l.Len() {
		if l.Len() == 0 && int(bind.Long(args[0])) == -1 {
			return
		}
		w.realm.ThrowDOMException("IndexSizeError", "The index provided ("+strconv.Itoa(idx)+") is outside the range [0, "+strconv.Itoa(l.Len())+").")
	}
	l.Item(idx).Remove()
}

// The unknown and SVG element interfaces.
var (
	htmlUnknownElementIface = &bind.Interface{Name: "HTMLUnknownElement", Parent: "HTMLElement"}
	svgElementIface         = &bind.Interface{Name: "SVGElement", Parent: "Element", Attributes: []bind.Attribute{
		// https://svgwg.org/svg2-draft/types.html#InterfaceSVGAnimatedString
		ro("className", func(w *Window, n *dom.Node) goja.Value { return w.animatedString(n, "class") }),
		ro("dataset", func(w *Window, n *dom.Node) goja.Value { return w.dataset(n) }),
		nonceAttr, rBool("autofocus", "autofocus"), // HTMLOrSVGElement
		forwards(ro("style", func(w *Window, n *dom.Node) goja.Value { return w.style(n) }), "cssText"),
		ro("attributeStyleMap", func(w *Window, n *dom.Node) goja.Value { return w.attributeStyleMap(n) }), // typedom.go
		ro("ownerSVGElement", func(w *Window, n *dom.Node) goja.Value {
			for p := n.ParentElement(); p != nil; p = p.ParentElement() {
				if p.Namespace == "svg" && p.DataAtom == atom.Svg {
					return w.wrap(p)
				}
			}
			return w.null
		}),
		// an SVG a element is focusable by default, as in Chromium
		foreignTabIndex(func(n *dom.Node) bool { return n.Data == "a" }),
		viewportElementAttr,
	}, Methods: foreignFocusMethods}
	svgGraphicsElementIface = &bind.Interface{Name: "SVGGraphicsElement", Parent: "SVGElement", Attributes: attrList([]bind.Attribute{transformListAttr("transform")}, graphicsViewportAttrs, svgTestsAttrs), Methods: []bind.Method{
		method("getBBox", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value {
			w.doc.StyleUpdated() // a forced style update (the attributes' presentational hints)
			// an SVGRect of floats, as Chromium's (no top/left nor toJSON;
			// -7.8 reads -7.799999713897705)
			r := w.svgBBox(n, 0).rect()
			f := func(v float64) float64 { return float64(float32(v)) }
			return w.realm.WrapObject(&svgRect{f(r.x), f(r.y), f(r.w), f(r.h)}, w.realm.Class("SVGRect"))
		}),
		// the transforms up to the outermost <svg>'s viewport (svgviewport.go)
		method("getCTM", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.svgMatrix(w.svgCTM(n)) }),
		method("getScreenCTM", 0, func(w *Window, n *dom.Node, _ []goja.Value) goja.Value { return w.svgMatrix(w.svgScreenCTM(n)) }),
	}}
	svgSVGElementIface = &bind.Interface{Name: "SVGSVGElement", Parent: "SVGGraphicsElement", Constants: svgConstantList("SVGSVGElement"), Attributes: attrList(svgSVGElementAttrs, svgSVGMoreAttrs), Methods: append(svgSVGElementMethods, svgSVGMoreMethods...)}
)

func nan() float64 { var z float64; return z / z }

// nodeArray converts nodes to a JS array (elements only when asked).
func (w *Window) nodeArray(nodes []*dom.Node, elementsOnly bool) goja.Value {
	vals := make([]any, 0, len(nodes))
	for _, n := range nodes {
		if !elementsOnly || n.IsElement() {
			vals = append(vals, w.wrap(n))
		}
	}
	return w.rt.NewArray(vals...)
}

// rLimited reflects an enumerated attribute limited to known values, with
// no missing or invalid value default ("" for both).
func rLimited(prop, name string, values ...string) bind.Attribute {
	return rEnumInvalid(prop, name, "", "", values...)
}

// rNullableEnum reflects a nullable enumerated attribute (crossOrigin,
// popover): null when absent, the invalid-value default otherwise.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes:idl-domstring-5
func rNullableEnum(prop, name, invalid string, values ...string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		v, ok := n.GetAttribute(name)
		if !ok {
			return w.null
		}
		if k, ok := enumKeyword(v, values); ok {
			return w.str(k)
		}
		if v == "" && name == "popover" {
			return w.str("auto")
		}
		return w.str(invalid)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		if bind.Nullish(v) {
			n.RemoveAttribute(name)
			return
		}
		w.check(n.SetAttribute(name, bind.DOMString(v)))
	})
}

// setDouble is the setter of a reflected double: TypeError for NaN and
// infinities, else the number's shortest JavaScript form.
func (w *Window) setDouble(n *dom.Node, prop, name string, f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		w.realm.ThrowTypeError("Failed to set the '%s' property: The provided double value is non-finite.", prop)
	}
	if f == 0 {
		f = 0 // -0 serializes as "0"
	}
	w.check(n.SetAttribute(name, w.rt.ToValue(f).String()))
}

// attrFloat is attribute name parsed as a floating-point number, or def.
func attrFloat(n *dom.Node, name string, def float64) float64 {
	if v, ok := n.GetAttribute(name); ok {
		if f, ok := parseHTMLFloat(v); ok {
			return f
		}
	}
	return def
}

// meterActual is a meter's actual minimum, maximum, value, low, high or
// optimum: each read as a double and clamped into place.
// https://html.spec.whatwg.org/multipage/form-elements.html#the-meter-element
func meterActual(n *dom.Node, which string) float64 {
	lo := attrFloat(n, "min", 0)
	if which == "min" {
		return lo
	}
	hi := math.Max(attrFloat(n, "max", 1), lo)
	clamp := func(f float64) float64 { return math.Min(math.Max(f, lo), hi) }
	switch which {
	case "max":
		return hi
	case "value":
		return clamp(attrFloat(n, "value", 0))
	case "low":
		return clamp(attrFloat(n, "low", lo))
	case "high":
		low := clamp(attrFloat(n, "low", lo))
		return math.Max(clamp(attrFloat(n, "high", hi)), low)
	}
	return clamp(attrFloat(n, "optimum", (lo+hi)/2))
}

// meterAttr is a meter's value, min, max, low, high or optimum: the
// actual value on read, a reflected double on write.
func meterAttr(name string) bind.Attribute {
	return attr(name, func(w *Window, n *dom.Node) goja.Value {
		return w.rt.ToValue(meterActual(n, name) + 0)
	}, func(w *Window, n *dom.Node, v goja.Value) { w.setDouble(n, name, name, bind.Double(v)) })
}

// progressActual is a progress element's current value or maximum: max is
// the attribute when it parses greater than zero, else 1; value is clamped
// to [0, max].
// https://html.spec.whatwg.org/multipage/form-elements.html#the-progress-element
func progressActual(n *dom.Node, which string) float64 {
	hi := attrFloat(n, "max", 1)
	if hi <= 0 {
		hi = 1
	}
	if which == "max" {
		return hi
	}
	return math.Min(math.Max(attrFloat(n, "value", 0), 0), hi)
}

var (
	progressValue = attr("value", func(w *Window, n *dom.Node) goja.Value {
		return w.rt.ToValue(progressActual(n, "value") + 0)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		f := bind.Double(v)
		if f < 0 && !math.IsInf(f, -1) { // -Infinity is a TypeError, not 0
			f = 0
		}
		w.setDouble(n, "value", "value", f)
	})
	// progressMax ignores a value that is not greater than zero.
	progressMax = attr("max", func(w *Window, n *dom.Node) goja.Value {
		return w.rt.ToValue(progressActual(n, "max"))
	}, func(w *Window, n *dom.Node, v goja.Value) {
		if f := bind.Double(v); f > 0 || math.IsNaN(f) || math.IsInf(f, 0) {
			w.setDouble(n, "max", "max", f)
		}
	})
)

// parseHTMLFloat is the rules for parsing floating-point number values:
// leading ASCII whitespace, then the longest prefix that is a number
// (trailing junk ignored); false for no number or a non-finite one, and -0
// reads as 0.
// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-floating-point-number-values
func parseHTMLFloat(s string) (float64, bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\f' || s[i] == '\r') {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i+1 < len(s) && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
		for i++; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0, false
	}
	end := i
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			end = j
		}
	}
	f, err := strconv.ParseFloat(s[start:end], 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	if f == 0 {
		f = 0
	}
	return f, true
}

// pseudoState answers dom's selectors for the pseudo-classes whose state
// the window keeps: :popover-open, :modal (a dialog from showModal that is
// still open), :target (fragment.go) and :state() (a custom state in
// ElementInternals.states).
// takesTypedText tells the elements that show their focus whatever the
// input that focused them: text fields, textareas and editing hosts.
func takesTypedText(n *dom.Node) bool {
	if n.IsHTML() {
		switch n.DataAtom {
		case atom.Textarea:
			return true
		case atom.Input:
			switch n.InputType() {
			case "text", "search", "url", "tel", "email", "password", "number", "date", "month", "week", "time", "datetime-local":
				return true
			}
			return false
		}
	}
	v := ascii.Lower(n.Attribute("contenteditable"))
	return n.HasAttribute("contenteditable") && v != "false"
}

func (w *Window) pseudoState(n *dom.Node, name, arg string) bool {
	switch name {
	case "popover-open":
		return w.popovers[n]
	case "active-view-transition":
		return w.activeViewTransition(n)
	case "active-view-transition-type":
		return w.activeViewTransitionType(n, arg)
	case "invalid":
		// The validity state script reads (ValidityState), so that
		// :invalid agrees with checkValidity.
		if !w.formAssociated(n) {
			return !w.validity(n).valid()
		}
		if w.customValidity[n] != "" {
			return true
		}
		// A form-associated custom element's flags, unless readonly bars
		// it (Chromium's :valid then matches).
		in := w.ce.internals[n]
		return in != nil && !in.flags.valid() && !n.HasAttribute("readonly")
	case "form-associated":
		return w.formAssociated(n)
	case "target":
		return w.targets[n.Document()] == n
	case "modal":
		// A modal dialog whose open attribute was removed stays modal
		// until it is closed, as in Chromium (148 and 156).
		return w.modals[n]
	case "focus":
		// The focused element, and the hosts of the shadow trees holding
		// it (https://drafts.csswg.org/css-scoping/#host-element-in-tree).
		f := w.focused
		return f != nil && f.IsConnected() && f.Document() == n.Document() && retargetFocus(f, n.Root()) == n
	case "focus-visible":
		// Chromium's heuristic: the focused element shows its focus
		// unless the user's latest input was a pointer press, and always
		// when it takes typed text. Script focus before any input shows it.
		// https://html.spec.whatwg.org/multipage/semantics-other.html#selector-focus-visible
		f := w.focused
		return f == n && f.IsConnected() && (!w.pointerModality || takesTypedText(f))
	case "focus-within":
		f := w.focused
		if f == nil || !f.IsConnected() || f.Document() != n.Document() {
			return false
		}
		return shadowIncludingAncestor(n, f)
	case "state":
		in := w.ce.internals[n]
		if in == nil || in.states == nil {
			return false
		}
		return w.realm.SetHas(in.states.set, w.rt.ToValue(arg))
	}
	return false
}

// submitEvent fires a SubmitEvent at form with submitter. Chromium 156
// gives the event composed true when it has a submitter, yet stops its
// path at the form's shadow root (realwpt54-submitter-and-type-change);
// bangsnap fires it uncomposed, as the standard does.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-form-submit
func (w *Window) submitEvent(form, submitter *dom.Node) bool {
	ev := dom.NewEvent("submit", true, true)
	ev.IsTrusted = true
	d := &eventData{kind: "SubmitEvent", detail: goja.Null(), view: goja.Null(), state: goja.Null()}
	if submitter != nil {
		d.extra().submitter = submitter
	}
	ev.Detail = d
	return w.dispatch(form, ev)
}

// rLimit reflects a "limited to only non-negative numbers" long: -1 when
// absent or invalid; setting a negative value throws IndexSizeError.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#limited-to-only-non-negative-numbers
func rLimit(prop, name string) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		if v, ok := n.GetAttribute(name); ok {
			if i, ok := parseHTMLNonNegative(v); ok {
				return w.int(int(i))
			}
		}
		return w.int(-1)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		i := bind.Long(v)
		if i < 0 {
			w.realm.ThrowDOMException("IndexSizeError", "Failed to set the '"+prop+"' property: The value provided ("+strconv.Itoa(int(i))+") is negative.")
		}
		w.check(n.SetAttribute(name, strconv.Itoa(int(i))))
	})
}

// rPositive reflects an unsigned long "limited to only positive numbers"
// with a default (input.size, textarea.rows and cols): 0 and values out of
// range read as the default; setting 0 throws IndexSizeError and setting a
// value above 2147483647 sets the default.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#limited-to-only-non-negative-numbers-greater-than-zero
func rPositive(prop, name string, def int) bind.Attribute {
	return rPositiveOr(prop, name, def, false)
}

// rPositiveFallback reflects an unsigned long "limited to only positive
// numbers with fallback" (textarea.rows and cols): setting 0 sets the
// default instead of throwing.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#limited-to-only-non-negative-numbers-greater-than-zero-with-fallback
func rPositiveFallback(prop, name string, def int) bind.Attribute {
	return rPositiveOr(prop, name, def, true)
}

func rPositiveOr(prop, name string, def int, fallback bool) bind.Attribute {
	return attr(prop, func(w *Window, n *dom.Node) goja.Value {
		if v, ok := n.GetAttribute(name); ok {
			if i, ok := parseHTMLNonNegative(v); ok && i > 0 {
				return w.int(int(i))
			}
		}
		return w.int(def)
	}, func(w *Window, n *dom.Node, v goja.Value) {
		i := int64(bind.UnsignedLong(v))
		if i == 0 && fallback {
			i = int64(def)
		}
		if i == 0 {
			w.realm.ThrowDOMException("IndexSizeError", "Failed to set the '"+prop+"' property: The value provided is 0, which is an invalid size.")
		}
		if i > maxLong {
			i = int64(def)
		}
		w.check(n.SetAttribute(name, strconv.FormatInt(i, 10)))
	})
}

// animatedString is the SVGAnimatedString reflecting attribute name of n
// (className's class, SVGAElement's target; href is hrefString's), made
// once per element and attribute.
// https://svgwg.org/svg2-draft/types.html#InterfaceSVGAnimatedString
func (w *Window) animatedString(n *dom.Node, name string) goja.Value {
	k := tokenKey{n, name}
	if o := w.animStrings[k]; o != nil {
		return o
	}
	o := w.realm.WrapObject(&svgAnimatedString{n: n, name: name}, w.realm.Class("SVGAnimatedString"))
	if w.animStrings == nil {
		w.animStrings = make(map[tokenKey]*goja.Object)
	}
	w.animStrings[k] = o
	return o
}

// formExotic gives forms their indexed and named properties
// (form[0], form.username), which win over the form's own members
// ([LegacyOverrideBuiltIns]).
// https://html.spec.whatwg.org/multipage/forms.html#the-form-element
var formExotic = &bind.Exotic{
	OverrideBuiltins:  true,
	UnenumerableNames: true,
	Get: func(r *bind.Realm, this any, key string) goja.Value {
		w := win(r)
		l := w.liveList(this.(*dom.Node), "elements")
		if i := bind.Index(key); i >= 0 {
			if n := l.Item(i); n != nil {
				return w.wrapObj(n)
			}
			return nil
		}
		// Two or more controls of that name or id: their RadioNodeList;
		// then img elements and the past names map (formcontrols.go).
		// https://html.spec.whatwg.org/multipage/forms.html#dom-form-nameditem
		return w.formNamedProperty(this.(*dom.Node), l, key)
	},
	Keys: func(r *bind.Realm, this any) []string {
		return seqKeys(win(r).liveList(this.(*dom.Node), "elements"))
	},
}

// selectExotic gives select elements their indexed getter and setter
// (select[0] is its first option; select[i] = option or null).
// https://html.spec.whatwg.org/multipage/form-elements.html#the-select-element
var selectExotic = &bind.Exotic{
	IndexedSetter: true,
	Get: func(r *bind.Realm, this any, key string) goja.Value {
		if i := bind.Index(key); i >= 0 {
			if opts := this.(*dom.Node).Options(); i < len(opts) {
				return win(r).wrapObj(opts[i])
			}
		}
		return nil
	},
	Set: func(r *bind.Realm, this any, key string, v goja.Value) bool {
		i := bind.Index(key)
		if i < 0 {
			return false
		}
		setOptionAt(win(r), this.(*dom.Node), i, v)
		return true
	},
	Keys: func(r *bind.Realm, this any) []string {
		n := len(this.(*dom.Node).Options())
		keys := make([]string, n)
		for i := range keys {
			keys[i] = strconv.Itoa(i)
		}
		return keys
	},
}

// colorInputValue converts a CSS color given to a color input's value to
// the #rrggbb form Chromium stores ("red" -> "#ff0000"); other strings are
// left to the sanitization algorithm. Chromium 156 takes any color it can
// resolve with no element: the sRGB ones, the system colors (those that
// CSS Color 4 maps to ButtonBorder as its default ButtonBorder, #767676,
// where a computed style has black), and lab(), oklch(), color() and the
// like converted to sRGB, clipped; alpha is dropped. AccentColor,
// AccentColorText, the -webkit- keywords, color-mix(), light-dark(),
// relative colors, currentcolor and transparent it does not take.
// https://html.spec.whatwg.org/multipage/input.html#color-state-(type=color)
func colorInputValue(s string) string {
	t := strings.TrimSpace(s)
	if t == "" || ascii.EqualFold(t, "transparent") || ascii.EqualFold(t, "currentcolor") {
		return s
	}
	var r, g, b int
	switch lower := ascii.Lower(t); {
	case strings.HasPrefix(lower, "-webkit-"), lower == "accentcolor", lower == "accentcolortext",
		strings.HasPrefix(lower, "color-mix("), strings.HasPrefix(lower, "light-dark("), relativeColor(lower):
		return s
	case buttonBorderColors[lower]:
		r, g, b = 0x76, 0x76, 0x76
	case cssvalue.IsFloatColor(t):
		c, ok := cssvalue.ComputeColor(t, cssvalue.Color{}, false)
		if !ok {
			return s
		}
		rgba := c.RGBA()
		r, g, b = int(rgba.R), int(rgba.G), int(rgba.B)
	default:
		var ok bool
		if r, g, b, _, ok = colorRGBA(t); !ok {
			return s
		}
	}
	const hex = "0123456789abcdef"
	return string([]byte{'#', hex[r>>4], hex[r&15], hex[g>>4], hex[g&15], hex[b>>4], hex[b&15]})
}

// relativeColor reports a relative color ("rgb(from red r g b)"), t in
// lowercase.
func relativeColor(t string) bool {
	_, args, ok := strings.Cut(t, "(")
	args = strings.TrimLeft(args, " \t\n\r\f")
	return ok && len(args) > 5 && args[:4] == "from" && strings.IndexByte(" \t\n\r\f", args[4]) >= 0
}

// buttonBorderColors are ButtonBorder and the deprecated system colors
// CSS Color 4 maps to it, by their lowercase names.
// https://drafts.csswg.org/css-color-4/#deprecated-system-colors
var buttonBorderColors = map[string]bool{"buttonborder": true, "activeborder": true, "inactiveborder": true,
	"threeddarkshadow": true, "threedhighlight": true, "threedlightshadow": true, "threedshadow": true, "windowframe": true}
