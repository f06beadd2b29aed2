package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// Computed values that depend on the user-agent style sheet and on other
// properties: font-size (em, %, rem and keywords resolved against the
// parent), font-weight and font-style defaults of b/strong/h1-h6/em/i...,
// the default margins of body, p, headings and lists (em margins resolved
// against the element's font size), and the initial values of common
// properties. Still no layout: percentages of widths stay unresolved.
// https://html.spec.whatwg.org/multipage/rendering.html#the-css-user-agent-style-sheet-and-presentational-hints
// https://drafts.csswg.org/css-cascade/#computed

// uaFontSize is the font-size of elements in the UA style sheet, in em.
var uaFontSize = map[string]float64{"h1": 2, "h2": 1.5, "h3": 1.17, "h4": 1, "h5": 0.83, "h6": 0.67, "small": 0.83, "sub": 0.83, "sup": 0.83}

// uaBlockMargin is the top and bottom margin of elements in the UA style
// sheet, in em of the element's font size.
var uaBlockMargin = map[string]float64{"p": 1, "h1": 0.67, "h2": 0.83, "h3": 1, "h4": 1.33, "h5": 1.67, "h6": 2.33,
	"ul": 1, "ol": 1, "dl": 1, "pre": 1, "blockquote": 1, "figure": 1, "menu": 1, "dir": 1, "listing": 1, "xmp": 1}

// fontSizeKeywords are the absolute font-size keywords in px (medium 16px).
var fontSizeKeywords = map[string]float64{"xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18,
	"x-large": 24, "xx-large": 32, "xxx-large": 48}

// initialValues are computed values of properties nothing sets.
var initialValues = map[string]string{
	"font-style": "normal", "font-weight": "400", "text-transform": "none", "cursor": "auto", "white-space": "normal",
	"text-decoration-line": "none", "text-align": "start", "float": "none", "clear": "none", "list-style-type": "disc",
	"font-variant": "normal", "letter-spacing": "normal", "word-spacing": "0px", "text-indent": "0px",
	"vertical-align": "baseline", "outline-style": "none", "border-top-style": "none", "border-right-style": "none",
	"border-bottom-style": "none", "border-left-style": "none", "min-width": "auto", "min-height": "auto",
	"max-width": "none", "max-height": "none", "flex-direction": "row", "flex-wrap": "nowrap", "flex-grow": "0",
	"flex-shrink": "1", "flex-basis": "auto", "order": "0", "align-items": "normal", "justify-content": "normal",
	"user-select": "auto", "content": "normal", "text-overflow": "clip", "table-layout": "auto", "resize": "none",
}

// fontSize is el's computed font-size in px.
func (w *Window) fontSize(el *dom.Node) float64 {
	parent := 16.0
	if p := el.ParentElement(); p != nil {
		parent = w.fontSize(p)
	}
	v, ok := w.cascaded(el, "font-size")
	if !ok && el.Namespace == "svg" {
		// an SVG presentation attribute, below every style rule; a
		// plain number is px there
		if a, has := el.GetAttribute("font-size"); has {
			if f, unit, num := splitNumber(strings.TrimSpace(a)); num && unit == "" && f >= 0 {
				return f
			}
			v, ok = strings.TrimSpace(a), true
		}
	}
	if !ok || v == "inherit" || v == "unset" {
		if !ok && el.Namespace == "" {
			if em, ok := uaFontSize[el.Data]; ok {
				return parent * em
			}
		}
		return parent
	}
	if v == "initial" {
		return 16
	}
	if px, ok := fontSizeKeywords[v]; ok {
		return px
	}
	switch v {
	case "smaller":
		return parent / 1.2
	case "larger":
		return parent * 1.2
	}
	if px, ok := w.resolveLength(v, parent, parent); ok {
		return px
	}
	return parent
}

// resolveLength converts a length to px: em against em, % against pct.
func (w *Window) resolveLength(v string, em, pct float64) (float64, bool) {
	f, unit, ok := splitNumber(strings.TrimSpace(v))
	if !ok {
		return 0, false
	}
	switch unit {
	case "px", "":
		return f, unit == "px" || f == 0
	case "em":
		return f * em, true
	case "rem":
		return f * 16, true
	case "%":
		return f * pct / 100, true
	case "pt":
		return f * 4 / 3, true
	case "pc":
		return f * 16, true
	case "in":
		return f * 96, true
	case "cm":
		return f * 96 / 2.54, true
	case "mm":
		return f * 96 / 25.4, true
	case "q":
		return f * 96 / 101.6, true
	case "vw":
		return f * float64(w.cfg.Viewport.Width) / 100, true
	case "vh":
		return f * float64(w.cfg.Viewport.Height) / 100, true
	}
	return 0, false
}

func px(f float64) string { return formatNumber(f) + "px" }

// fontWeight is el's computed font-weight.
// https://drafts.csswg.org/css-fonts/#relative-weights
func (w *Window) fontWeight(el *dom.Node) string {
	parent := "400"
	if p := el.ParentElement(); p != nil {
		parent = w.fontWeight(p)
	}
	v, ok := w.cascaded(el, "font-weight")
	if !ok || v == "inherit" || v == "unset" {
		if !ok && el.Namespace == "" {
			switch el.Data {
			case "b", "strong", "h1", "h2", "h3", "h4", "h5", "h6", "th", "dt":
				return "700"
			}
		}
		return parent
	}
	pw, _ := strconv.Atoi(parent)
	switch v {
	case "normal", "initial":
		return "400"
	case "bold":
		return "700"
	case "bolder":
		switch {
		case pw < 350:
			return "400"
		case pw < 550:
			return "700"
		}
		return "900"
	case "lighter":
		switch {
		case pw < 550:
			return "100"
		case pw < 750:
			return "400"
		}
		return "700"
	}
	return v
}

// uaComputed is the computed value of prop for el from the UA style sheet
// and the properties it depends on, when this file knows it.
func (w *Window) uaComputed(el *dom.Node, prop string) (string, bool) {
	switch prop {
	case "font-size":
		return px(w.fontSize(el)), true
	case "font-weight":
		return w.fontWeight(el), true
	case "margin-top", "margin-bottom", "margin-left", "margin-right", "padding-top", "padding-bottom", "padding-left", "padding-right":
		v, ok := w.cascaded(el, prop)
		if ok && v != "initial" && v != "unset" && v != "inherit" {
			if l, ok := w.resolveLength(v, w.fontSize(el), 0); ok && !strings.HasSuffix(v, "%") {
				return px(l), true
			}
			return v, true
		}
		if ok && v == "inherit" {
			if p := el.ParentElement(); p != nil {
				return w.uaComputed(p, prop)
			}
		}
		if !ok && el.Namespace == "" && strings.HasPrefix(prop, "margin-") {
			if el.Data == "body" {
				return "8px", true
			}
			vertical := prop == "margin-top" || prop == "margin-bottom"
			if m, ok := uaBlockMargin[el.Data]; ok && vertical {
				return px(m * w.fontSize(el)), true
			}
			if (el.Data == "blockquote" || el.Data == "figure") && !vertical {
				return "40px", true
			}
		}
		return "0px", true
	case "top", "bottom", "left", "right", "width", "height":
		// percentages resolve against the (made-up) containing block
		v, ok := w.cascaded(el, prop)
		if !ok || !strings.HasSuffix(v, "%") {
			return "", false
		}
		cb := box{}
		if p := el.ParentElement(); p != nil {
			cb = w.boxOf(p)
		}
		base := float64(cb.width)
		if prop == "top" || prop == "bottom" || prop == "height" {
			base = float64(cb.height)
		}
		if l, ok := w.resolveLength(v, 0, base); ok {
			return px(l), true
		}
		return "", false
	case "font-style":
		if v, ok := w.cascaded(el, prop); ok && v != "inherit" && v != "unset" {
			if v == "initial" {
				return "normal", true
			}
			return v, true
		} else if !ok && el.Namespace == "" {
			switch el.Data {
			case "em", "i", "cite", "var", "dfn", "address":
				return "italic", true
			}
		}
		if p := el.ParentElement(); p != nil {
			return w.uaComputed(p, prop)
		}
		return "normal", true
	case "text-decoration-line":
		if v, ok := w.cascaded(el, prop); ok && v != "initial" && v != "unset" {
			return v, true
		}
		if v, ok := w.cascaded(el, "text-decoration"); ok {
			for _, p := range strings.Fields(v) {
				switch p {
				case "underline", "overline", "line-through", "none":
					return p, true
				}
			}
		}
		if el.Namespace == "" {
			switch el.Data {
			case "u", "ins":
				return "underline", true
			case "a":
				if el.HasAttribute("href") {
					return "underline", true
				}
			case "s", "strike", "del":
				return "line-through", true
			}
		}
		return "none", true
	}
	return "", false
}
