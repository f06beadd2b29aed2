package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// white-space is the shorthand of white-space-collapse and text-wrap-mode
// in Chromium 156, an ordinary one (cssshorthand.go's shWhiteSpace): a
// declaration of it declares its two longhands, which the cascade, the UA
// styles and the presentational hints hold and inherit each on its own;
// a declaration block and getComputedStyle write them back as white-space
// ("pre" for white-space-collapse: preserve and text-wrap-mode: nowrap,
// the pair itself when no keyword stands for it). Besides its keywords it
// takes a collapse, a mode or both in either order (`preserve nowrap` is
// pre; the omitted one is declared initial), and not discard
// (white-space-trim is not shipped). The readers of the computed pair
// (innerText, the flow estimate, SVG text) ask whiteSpaceOf for a
// dom.WhiteSpace.
// https://drafts.csswg.org/css-text-4/#white-space-property

// whiteSpaceKeyword is the white-space-collapse and text-wrap-mode a
// white-space keyword (lower case) stands for.
func whiteSpaceKeyword(v string) (collapse, mode string, ok bool) {
	switch v {
	case "normal":
		return "collapse", "wrap", true
	case "nowrap":
		return "collapse", "nowrap", true
	case "pre":
		return "preserve", "nowrap", true
	case "pre-wrap":
		return "preserve", "wrap", true
	case "pre-line":
		return "preserve-breaks", "wrap", true
	case "break-spaces":
		return "break-spaces", "wrap", true
	}
	return "", "", false
}

// whiteSpaceParts expands a white-space value (not a CSS-wide keyword)
// into its white-space-collapse and text-wrap-mode.
func whiteSpaceParts(value string) ([]string, bool) {
	lower := ascii.Lower(strings.TrimSpace(value))
	if c, m, ok := whiteSpaceKeyword(lower); ok {
		return []string{c, m}, true
	}
	c, m, _, ok := whiteSpaceLonghandValues(lower)
	if !ok {
		return nil, false
	}
	return []string{c, m}, true
}

// whiteSpaceCollapses are the values of white-space-collapse white-space
// takes (not preserve-spaces nor discard in Chromium 156).
var whiteSpaceCollapses = set("collapse preserve preserve-breaks break-spaces")

// whiteSpaceLonghandValues parses a white-space value that is no keyword
// of its own: a white-space-collapse, a text-wrap-mode or both in either
// order, the omitted one initial. keyword is the white-space keyword
// standing for the pair when both are given and one does (`nowrap
// preserve` is pre).
func whiteSpaceLonghandValues(value string) (collapse, mode, keyword string, ok bool) {
	parts := strings.Fields(ascii.Lower(value))
	if len(parts) == 0 || len(parts) > 2 {
		return "", "", "", false
	}
	collapse, mode = "initial", "initial"
	for _, p := range parts {
		switch {
		case whiteSpaceCollapses[p] && collapse == "initial":
			collapse = p
		case textWrapModes[p] && mode == "initial":
			mode = p
		default:
			return "", "", "", false
		}
	}
	if len(parts) == 2 {
		if k, ok := composeWhiteSpace(collapse, mode); ok && !strings.Contains(k, " ") {
			keyword = k
		}
	}
	return collapse, mode, keyword, true
}

// composeWhiteSpace is the white-space of a white-space-collapse and a
// text-wrap-mode: the keyword standing for the pair, or the pair itself
// when none does (`preserve-breaks nowrap`); a CSS-wide keyword only when
// both are it (ok false otherwise).
func composeWhiteSpace(collapse, mode string) (string, bool) {
	switch collapse + " " + mode {
	case "collapse wrap":
		return "normal", true
	case "collapse nowrap":
		return "nowrap", true
	case "preserve wrap":
		return "pre-wrap", true
	case "preserve nowrap":
		return "pre", true
	case "preserve-breaks wrap":
		return "pre-line", true
	case "break-spaces wrap":
		return "break-spaces", true
	}
	if cssWideKeywords[collapse] || cssWideKeywords[mode] {
		// one longhand declared initial by a value that left it out
		// reads as its initial value (white-space: collapse is normal)
		if mode == "initial" && !cssWideKeywords[collapse] {
			return composeWhiteSpace(collapse, "wrap")
		}
		if collapse == "initial" && !cssWideKeywords[mode] {
			return composeWhiteSpace("collapse", mode)
		}
		return collapse, collapse == mode
	}
	return collapse + " " + mode, true
}

// wsMemo is a memoized whiteSpaceOf, with whether the element is
// editable as plain text (-webkit-user-modify, which inherits).
type wsMemo struct {
	ws        dom.WhiteSpace
	plaintext bool
}

// whiteSpaceOf is el's computed white-space-collapse and text-wrap-mode
// as one dom.WhiteSpace: the one reader of white-space for innerText (the
// dom package's WhiteSpace hook), the flow estimate and SVG text.
// Memoized per document version like fontSize, each longhand inherited on
// its own: the elements up to the nearest one known are computed once,
// from the root down, with no recursion (a chain of 100,000 nested
// elements costs two cascade lookups per element).
func (w *Window) whiteSpaceOf(el *dom.Node) dom.WhiteSpace {
	return w.whiteSpaceMemo(el).ws
}

func (w *Window) whiteSpaceMemo(el *dom.Node) wsMemo {
	if w.pseudoOf(el) != "" {
		var parent wsMemo
		if p := w.styleParent(el); p != nil && p.IsElement() {
			parent = w.whiteSpaceMemo(p)
		}
		return w.ownWhiteSpace(el, parent)
	}
	sh := w.sheetsOf(el.Document())
	sh.valueFresh(el)
	if m, ok := sh.whiteSpaces[el]; ok {
		return m
	}
	if sh.whiteSpaces == nil {
		sh.whiteSpaces = make(map[*dom.Node]wsMemo)
	}
	var pathArr [32]*dom.Node
	path := pathArr[:0] // the elements to compute, el first
	var m wsMemo
	for e := el; e != nil && e.IsElement(); e = w.styleParent(e) {
		sh.valueFresh(e)
		if known, ok := sh.whiteSpaces[e]; ok {
			m = known
			break
		}
		path = append(path, e)
	}
	for i := len(path) - 1; i >= 0; i-- {
		m = w.ownWhiteSpace(path[i], m)
		sh.whiteSpaces[path[i]] = m
	}
	return m
}

// ownWhiteSpace is el's whiteSpaceMemo given its parent's: the longhands
// el declares (through white-space, the UA styles or presentational
// hints: svgSpaceHint), the others inherited, then Chromium's adjustment of text editable as plain
// text (plaintextCollapse).
func (w *Window) ownWhiteSpace(el *dom.Node, parent wsMemo) wsMemo {
	m := parent
	if el.IsHTML() {
		if v, ok := el.GetAttribute("contenteditable"); ok {
			switch {
			case ascii.EqualFold(v, "plaintext-only"):
				m.plaintext = true
			case v == "" || ascii.EqualFold(v, "true") || ascii.EqualFold(v, "false"):
				m.plaintext = false
			}
		}
	}
	c, cok := w.ownLonghand(el, whiteSpaceLonghands[0])
	mode, mok := w.ownLonghand(el, whiteSpaceLonghands[1])
	if cok {
		k, _ := dom.WhiteSpaceCollapse(c)
		m.ws = m.ws.WithCollapse(k)
	}
	if mok {
		m.ws = m.ws.WithWrap(mode != "nowrap")
	}
	if m.plaintext && plaintextPreserves(m.ws.Collapse(), m.ws.Wraps()) {
		m.ws = m.ws.WithCollapse(dom.WSPreserve)
	}
	return m
}

// whiteSpaceLonghands are the longhands of white-space.
var whiteSpaceLonghands = [2]string{"white-space-collapse", "text-wrap-mode"}

// ownLonghand is el's own value of white-space-collapse or
// text-wrap-mode (lower case, initial resolved), ok=false when el
// inherits it.
func (w *Window) ownLonghand(el *dom.Node, prop string) (string, bool) {
	if w.anim != nil {
		if v, ok := w.animatedValue(el, prop); ok {
			return v, true
		}
	}
	v, ok := w.cascaded(el, prop)
	switch {
	case !ok || v == "inherit" || v == "unset":
		return "", false
	case v == "initial":
		return initialValues[prop], true
	}
	return ascii.Lower(v), true
}

// plaintextCollapse is the computed white-space-collapse of el, editable
// as plain text: Chromium 156 keeps its spaces where white-space would be
// normal, nowrap or pre-line (they compute to pre-wrap, pre and pre-wrap;
// preserve-breaks nowrap, which no keyword stands for, stays).
func (w *Window) plaintextCollapse(el *dom.Node) string {
	v, ok := w.cascaded(el, whiteSpaceLonghands[0])
	switch {
	case ok && !cssWideKeywords[v]:
		v = ascii.Lower(v)
	case ok && v == "initial":
		v = "collapse"
	default: // inherited
		v = "collapse"
		if p := w.styleParent(el); p != nil {
			v, _ = w.computedValue(p, whiteSpaceLonghands[0])
		}
	}
	mode, _ := w.computedValue(el, whiteSpaceLonghands[1])
	if c, ok := dom.WhiteSpaceCollapse(v); ok && plaintextPreserves(c, mode != "nowrap") {
		return "preserve"
	}
	return v
}

// plaintextPreserves tells whether text editable as plain text with
// white-space-collapse c keeps its spaces instead (plaintextCollapse).
func plaintextPreserves(c dom.WhiteSpace, wraps bool) bool {
	return c == dom.WSCollapse || c == dom.WSPreserveBreaks && wraps
}

// svgSpaceHint is the presentational hint of an SVG text content
// element's xml:space for prop, a longhand of white-space: preserve is
// white-space: pre, default nowrap, as in Chromium 156 (on text, tspan and
// textPath only; its svg.css sets text's white-space to nowrap: uaDeclared).
func svgSpaceHint(el *dom.Node, prop string) (string, bool) {
	if el.Data != "text" && el.Data != "tspan" && el.Data != "textPath" {
		return "", false
	}
	v, ok := el.GetAttributeNS("http://www.w3.org/XML/1998/namespace", "space")
	switch {
	case !ok:
		return "", false
	case v == "preserve" && prop == whiteSpaceLonghands[0]:
		return "preserve", true
	case v == "preserve" || v == "default":
		if prop == whiteSpaceLonghands[0] {
			return "collapse", true
		}
		return "nowrap", true
	}
	return "", false
}
