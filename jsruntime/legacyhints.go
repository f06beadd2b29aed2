package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Presentational hints of the HTML elements besides tables (presenthints.go):
// the sizes, spaces, borders and alignment of images, objects, embeds,
// frames, videos and image inputs, hr's rule, body's colors and margins,
// marquee's sizes, spaces and bgcolor, font's color, face and legacy
// size, the list types, br's clear, pre's
// and textarea's wrap, as Chromium 156 maps them to style
// (testdata/wpt/layout49-replaced-hints.html, layout49-text-hints.html).
// https://html.spec.whatwg.org/multipage/rendering.html#presentational-hints

// legacyHint is the value el's presentational attributes give prop, or
// ok false, for the elements presentationalHint leaves to it.
func legacyHint(el *dom.Node, prop string) (string, bool) {
	if prop == "aspect-ratio" {
		return aspectRatioHint(el)
	}
	switch el.Data {
	case "img", "object":
		return replacedHint(el, prop, true, true, true)
	case "embed":
		return replacedHint(el, prop, true, true, false)
	case "iframe":
		if strings.HasSuffix(prop, "-width") && strings.HasPrefix(prop, "border-") {
			// frameborder: no border when it is not a non-zero integer
			if v, ok := el.GetAttribute("frameborder"); ok && legacyToInt(v) == 0 {
				if _, part, ok := borderSidePart(prop); ok && part == "width" {
					return "0px", true
				}
			}
		}
		return replacedHint(el, prop, true, false, false)
	case "video":
		if prop == "width" || prop == "height" {
			return hintDimension(el, prop, true, false)
		}
	case "input":
		image := ascii.EqualFold(strings.TrimSpace(el.Attribute("type")), "image")
		if !image {
			// the margins of hspace and vspace, whatever the type
			switch prop {
			case "margin-left", "margin-right", "margin-top", "margin-bottom":
				return replacedHint(el, prop, false, false, false)
			}
			return "", false
		}
		return replacedHint(el, prop, true, true, true)
	case "hr":
		return hrHint(el, prop)
	case "marquee":
		// width and height (zero too), hspace and vspace as margins,
		// bgcolor, as Chromium 156 maps them
		switch prop {
		case "width", "height":
			return hintDimension(el, prop, true, false)
		case "margin-left", "margin-right":
			return hintDimension(el, "hspace", true, false)
		case "margin-top", "margin-bottom":
			return hintDimension(el, "vspace", true, false)
		case "background-color":
			return bgcolorHint(el, "bgcolor")
		}
	case "body":
		return bodyHint(el, prop)
	case "font":
		return fontHint(el, prop)
	case "ul", "ol", "li":
		if prop == "list-style-type" {
			return listTypeHint(el)
		}
	case "br":
		if prop == "clear" {
			v := strings.TrimSpace(el.Attribute("clear"))
			if v == "" {
				return "", false
			}
			if ascii.EqualFold(v, "all") {
				return "both", true
			}
			v = ascii.Lower(v)
			if n, ok := normalizeValue("clear", v); ok && !cssWideKeywords[v] {
				return n, true
			}
		}
	case "pre", "listing", "xmp":
		if el.HasAttribute("wrap") {
			switch prop {
			case "white-space-collapse":
				return "preserve", true
			case "text-wrap-mode":
				return "wrap", true
			}
		}
	case "textarea":
		if ascii.EqualFold(el.Attribute("wrap"), "off") {
			switch prop {
			case "white-space-collapse":
				return "preserve", true
			case "text-wrap-mode":
				return "nowrap", true
			case "overflow-wrap", "word-wrap":
				return "normal", true
			}
		}
	}
	return "", false
}

// aspectRatioHint is the aspect-ratio an img, video, canvas or image
// input takes from its width and height attributes, "auto W / H", so that
// it is sized by their ratio until its natural size is known (an img with
// width: 100% and height: auto). Chromium 156 parses them as dimension
// values (no percentage), a canvas's as non-negative integers
// (testdata/wpt/lead68-img-attr-ratio.html).
// https://html.spec.whatwg.org/multipage/rendering.html#attributes-for-embedded-content-and-images
func aspectRatioHint(el *dom.Node) (string, bool) {
	var w, h float64
	switch el.Data {
	case "img", "video", "input":
		if el.Data == "input" && !ascii.EqualFold(strings.TrimSpace(el.Attribute("type")), "image") {
			return "", false
		}
		var wp, hp, ok bool
		if w, wp, ok = parseHTMLDimension(el.Attribute("width")); !ok || wp {
			return "", false
		}
		if h, hp, ok = parseHTMLDimension(el.Attribute("height")); !ok || hp {
			return "", false
		}
	case "canvas":
		wi, ok := leadingInt(el.Attribute("width"))
		if !ok || wi < 0 {
			return "", false
		}
		hi, ok := leadingInt(el.Attribute("height"))
		if !ok || hi < 0 {
			return "", false
		}
		w, h = float64(wi), float64(hi)
	default:
		return "", false
	}
	return "auto " + strconv.FormatFloat(w, 'f', -1, 64) + " / " + strconv.FormatFloat(h, 'f', -1, 64), true
}

// replacedHint is the hint of an embedded element's width, height,
// hspace, vspace, align (when sized) and border (when bordered)
// attributes for prop.
func replacedHint(el *dom.Node, prop string, sized, aligned, bordered bool) (string, bool) {
	switch prop {
	case "width", "height":
		if sized {
			return hintDimension(el, prop, true, false)
		}
		return "", false
	case "margin-left", "margin-right":
		if el.Data == "iframe" {
			return "", false
		}
		return hintDimension(el, "hspace", true, false)
	case "margin-top", "margin-bottom":
		if el.Data == "iframe" {
			return "", false
		}
		return hintDimension(el, "vspace", true, false)
	case "float", "vertical-align":
		if !sized {
			return "", false
		}
		float, valign := alignHint(el.Attribute("align"))
		if prop == "float" && float != "" {
			return float, true
		}
		if prop == "vertical-align" && valign != "" {
			return valign, true
		}
		return "", false
	}
	if !bordered {
		return "", false
	}
	_, part, ok := borderSidePart(prop)
	if !ok || part == "color" {
		return "", false
	}
	v, ok := el.GetAttribute("border")
	if !ok {
		return "", false
	}
	if part == "style" {
		return "solid", true
	}
	// a non-negative integer, else 0
	n, ok := leadingInt(v)
	if !ok || n < 0 {
		n = 0
	}
	return strconv.Itoa(n) + "px", true
}

// alignHint is the float and vertical-align of an embedded element's
// align attribute.
func alignHint(v string) (float, valign string) {
	switch ascii.Lower(strings.TrimSpace(v)) {
	case "absmiddle", "abscenter":
		return "", "middle"
	case "absbottom":
		return "", "bottom"
	case "left":
		return "left", "top"
	case "right":
		return "right", "top"
	case "top":
		return "", "top"
	case "middle", "center":
		return "", "-webkit-baseline-middle"
	case "bottom":
		return "", "baseline"
	case "texttop":
		return "", "text-top"
	}
	return "", ""
}

// hrHint is the hint of hr's align, width, size, color and noshade.
func hrHint(el *dom.Node, prop string) (string, bool) {
	switch prop {
	case "margin-left", "margin-right":
		v, ok := el.GetAttribute("align")
		if !ok {
			return "", false
		}
		switch {
		case ascii.EqualFold(v, "left") && prop == "margin-left",
			ascii.EqualFold(v, "right") && prop == "margin-right":
			return "0px", true
		}
		return "auto", true
	case "width":
		return hintDimension(el, "width", true, false)
	case "height":
		if n, ok := hrSize(el); ok && n > 1 {
			return strconv.Itoa(n-2) + "px", true
		}
		return "", false
	case "border-bottom-width":
		if n, ok := hrSize(el); ok && n <= 1 {
			return "0px", true
		}
		return "", false
	case "background-color":
		if el.HasAttribute("color") {
			return bgcolorHint(el, "color")
		}
		if el.HasAttribute("noshade") {
			return "rgb(128, 128, 128)", true
		}
		return "", false
	}
	_, part, ok := borderSidePart(prop)
	if !ok || part == "width" {
		return "", false
	}
	if el.HasAttribute("color") {
		if part == "style" {
			return "solid", true
		}
		return bgcolorHint(el, "color")
	}
	if el.HasAttribute("noshade") {
		if part == "style" {
			return "solid", true
		}
		return "rgb(128, 128, 128)", true
	}
	return "", false
}

// hrSize is hr's size attribute read by the rules for parsing integers
// (digits first, whatever follows ignored), 0 when it has none.
func hrSize(el *dom.Node) (int, bool) {
	v, ok := el.GetAttribute("size")
	if !ok {
		return 0, false
	}
	n, _ := leadingInt(v)
	return n, true
}

// bodyHint is the hint of body's bgcolor, text, background and margin
// attributes: marginwidth and leftmargin both set the left and right
// margins, leftmargin winning, marginheight and topmargin the top and
// bottom ones, marginheight winning; each a non-negative integer of
// pixels, whatever follows its digits ignored.
func bodyHint(el *dom.Node, prop string) (string, bool) {
	switch prop {
	case "background-color":
		return bgcolorHint(el, "bgcolor")
	case "color":
		return bgcolorHint(el, "text")
	case "background-image":
		return backgroundHint(el)
	}
	var names [2]string // the winner first
	switch prop {
	case "margin-left", "margin-right":
		names = [2]string{"leftmargin", "marginwidth"}
	case "margin-top", "margin-bottom":
		names = [2]string{"marginheight", "topmargin"}
	default:
		return "", false
	}
	for _, name := range names {
		if v, ok := el.GetAttribute(name); ok {
			if n, ok := leadingInt(v); ok && n >= 0 {
				return strconv.Itoa(n) + "px", true
			}
		}
	}
	return "", false
}

// legacyFontSizes are the keywords of the legacy font sizes 1 to 7.
var legacyFontSizes = [...]string{"x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large"}

// fontHint is the hint of font's color, face and size.
func fontHint(el *dom.Node, prop string) (string, bool) {
	switch prop {
	case "color":
		return bgcolorHint(el, "color")
	case "font-family":
		v := strings.TrimSpace(el.Attribute("face"))
		if v == "" || cssWideKeywords[ascii.Lower(v)] {
			return "", false
		}
		if n, ok := normalizeValue("font-family", v); ok {
			return n, true
		}
	case "font-size":
		v, ok := el.GetAttribute("size")
		if !ok {
			return "", false
		}
		if n, ok := legacyFontSize(v); ok {
			return legacyFontSizes[n-1], true
		}
	}
	return "", false
}

// legacyFontSize parses a legacy font size: an integer, relative to 3
// with a sign, clamped to 1..7.
// https://html.spec.whatwg.org/multipage/rendering.html#rules-for-parsing-a-legacy-font-size
func legacyFontSize(v string) (int, bool) {
	v = strings.TrimLeft(v, " \t\n\f\r")
	mode := byte(0)
	if v != "" && (v[0] == '+' || v[0] == '-') {
		mode, v = v[0], v[1:]
	}
	n, digits := 0, 0
	for digits < len(v) && isDigit(v[digits]) {
		if n < 1000 {
			n = n*10 + int(v[digits]-'0')
		}
		digits++
	}
	if digits == 0 {
		return 0, false
	}
	switch mode {
	case '+':
		n = 3 + n
	case '-':
		n = 3 - n
	}
	return min(max(n, 1), 7), true
}

// listTypeHint is the list-style-type of a list's or an item's type: ol's
// and li's numbering letters (case-sensitive), ul's and li's markers.
func listTypeHint(el *dom.Node) (string, bool) {
	v, ok := el.GetAttribute("type")
	if !ok {
		return "", false
	}
	if el.Data != "ul" {
		switch v {
		case "a":
			return "lower-alpha", true
		case "A":
			return "upper-alpha", true
		case "i":
			return "lower-roman", true
		case "I":
			return "upper-roman", true
		case "1":
			return "decimal", true
		}
	}
	if el.Data != "ol" {
		switch l := ascii.Lower(v); l {
		case "disc", "circle", "square", "none":
			return l, true
		}
	}
	return "", false
}

// legacyToInt is an attribute's value read as an integer as Chromium's
// String::ToInt reads it (white space around it, a sign, digits and
// nothing else), 0 when it is not one.
func legacyToInt(v string) int {
	v = strings.Trim(v, " \t\n\f\r")
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0
	}
	return n
}
