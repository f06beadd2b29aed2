package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// uaDeclarations are declarations of Chromium's user-agent style sheet
// (html.css) that getComputedStyle, the made-up boxes and the flow
// estimate read through the cascade, as the UA origin below every author
// rule: an HTML element's value for a property comes from here when no
// author rule, style attribute or animation sets it. Vertical margins of
// p, headings, lists and blockquote (in em of the element's font size),
// font weights, font styles and text decorations have code of their own
// (cascade.go: uaComputed, fontWeight);
// display is w.display's. Colors of the form controls' borders are not
// here (they read currentcolor).
// https://html.spec.whatwg.org/multipage/rendering.html
var uaDeclarations = map[string]map[string]string{
	"body":       {"margin-top": "8px", "margin-right": "8px", "margin-bottom": "8px", "margin-left": "8px"},
	"blockquote": {"margin-left": "40px", "margin-right": "40px"},
	"figure":     {"margin-left": "40px", "margin-right": "40px"},
	"ul":         {"padding-left": "40px"},
	"ol":         {"padding-left": "40px"},
	"menu":       {"padding-left": "40px"},
	"dir":        {"padding-left": "40px"},
	"dd":         {"margin-left": "40px"},

	"table": {"border-spacing": "2px", "border-collapse": "separate", "text-indent": "0px"},
	"thead": {"vertical-align": "middle"},
	"tbody": {"vertical-align": "middle"},
	"tfoot": {"vertical-align": "middle"},
	"tr":    {"vertical-align": "inherit"},
	"td":    {"vertical-align": "inherit", "padding-top": "1px", "padding-right": "1px", "padding-bottom": "1px", "padding-left": "1px"},
	"th": {"vertical-align": "inherit", "text-align": "center",
		"padding-top": "1px", "padding-right": "1px", "padding-bottom": "1px", "padding-left": "1px"},

	"fieldset": {"margin-left": "2px", "margin-right": "2px",
		"padding-top": "0.35em", "padding-right": "0.75em", "padding-bottom": "0.625em", "padding-left": "0.75em",
		"border-top-width": "2px", "border-right-width": "2px", "border-bottom-width": "2px", "border-left-width": "2px",
		"border-top-style": "groove", "border-right-style": "groove", "border-bottom-style": "groove", "border-left-style": "groove"},
	"legend": {"padding-left": "2px", "padding-right": "2px"},
	"button": {"padding-top": "1px", "padding-right": "6px", "padding-bottom": "1px", "padding-left": "6px",
		"border-top-width": "2px", "border-right-width": "2px", "border-bottom-width": "2px", "border-left-width": "2px",
		"border-top-style": "outset", "border-right-style": "outset", "border-bottom-style": "outset", "border-left-style": "outset",
		"text-align": "center", "box-sizing": "border-box"},
	"textarea": {"padding-top": "2px", "padding-right": "2px", "padding-bottom": "2px", "padding-left": "2px",
		"border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px",
		"border-top-style": "solid", "border-right-style": "solid", "border-bottom-style": "solid", "border-left-style": "solid"},
	"select": {"box-sizing": "border-box", "border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px",
		"border-top-style": "solid", "border-right-style": "solid", "border-bottom-style": "solid", "border-left-style": "solid"},
	"hr": {"margin-top": "0.5em", "margin-bottom": "0.5em", "margin-left": "auto", "margin-right": "auto",
		"border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px",
		"border-top-style": "inset", "border-right-style": "inset", "border-bottom-style": "inset", "border-left-style": "inset"},

	"pre":       {"font-family": "monospace", "white-space": "pre"},
	"listing":   {"font-family": "monospace", "white-space": "pre"},
	"xmp":       {"font-family": "monospace", "white-space": "pre"},
	"plaintext": {"font-family": "monospace", "white-space": "pre"},
	"code":      {"font-family": "monospace"},
	"kbd":       {"font-family": "monospace"},
	"samp":      {"font-family": "monospace"},
	"tt":        {"font-family": "monospace"},
}

// uaInputDeclarations are the UA declarations of the input element by its
// type: the text-like controls' paddings and inset borders, the buttons'
// outset ones; checkboxes, radios, ranges, colors, images, files and
// hidden inputs have none of these.
var uaInputDeclarations = map[string]map[string]string{
	"text": {"padding-top": "1px", "padding-right": "2px", "padding-bottom": "1px", "padding-left": "2px",
		"border-top-width": "2px", "border-right-width": "2px", "border-bottom-width": "2px", "border-left-width": "2px",
		"border-top-style": "inset", "border-right-style": "inset", "border-bottom-style": "inset", "border-left-style": "inset"},
	"button": {"padding-top": "1px", "padding-right": "6px", "padding-bottom": "1px", "padding-left": "6px",
		"border-top-width": "2px", "border-right-width": "2px", "border-bottom-width": "2px", "border-left-width": "2px",
		"border-top-style": "outset", "border-right-style": "outset", "border-bottom-style": "outset", "border-left-style": "outset",
		"box-sizing": "border-box"},
}

// uaControlDeclarations are the UA declarations every form control takes
// (input, textarea, select, button) unless its element's or its type's
// say otherwise: Chromium's small-control font (13.333px Arial on the
// reference machine, normal weight and style: a button in a bold heading
// is not bold), FieldText, and the text properties reset; uaControlKind
// those of a kind of input, textarea or select (the text-like ones clip
// their overflow and show the text cursor).
var (
	uaControlDeclarations = map[string]string{
		"font-size": "13.333333px", "font-family": "Arial", "font-weight": "normal", "font-style": "normal",
		"color": "rgb(0, 0, 0)", "line-height": "normal", "letter-spacing": "normal", "word-spacing": "0px",
		"text-transform": "none", "text-indent": "0px", "text-shadow": "none", "text-align": "start", "cursor": "default",
	}
	uaControlKind = map[string]map[string]string{
		"text":     {"cursor": "text", "overflow-x": "clip", "overflow-y": "clip"},
		"date":     {"font-family": "monospace", "overflow-x": "clip", "overflow-y": "clip"},
		"button":   {"text-align": "center", "overflow-x": "clip", "overflow-y": "clip"},
		"color":    {"overflow-x": "clip", "overflow-y": "clip"},
		"file":     {"color": "", "overflow-x": "clip", "overflow-y": "clip"},
		"range":    {"color": "rgb(157, 150, 142)"},
		"textarea": {"cursor": "text", "font-family": "monospace", "overflow-x": "auto", "overflow-y": "auto"},
	}
	// uaLinkDeclarations are those of a link (an a or area with an
	// href): Chromium's unvisited link color and the pointer
	uaLinkDeclarations = map[string]string{"color": "rgb(0, 0, 238)", "cursor": "pointer"}
	// uaHrDeclarations are hr's besides its edges
	uaHrDeclarations = map[string]string{"color": "rgb(128, 128, 128)", "overflow-x": "hidden", "overflow-y": "hidden"}
)

// uaDeclared is the UA style sheet's declared value of prop for el.
func uaDeclared(el *dom.Node, prop string) (string, bool) {
	if el.Namespace != "" || !el.IsElement() {
		return "", false
	}
	decls := uaDeclarations[el.Data]
	kind := ""
	switch el.Data {
	case "input":
		kind = inputUAKind(el)
		decls = uaInputDeclarations[kind]
		if k := inputControlKind(el); k != "" {
			kind = k
		}
	case "textarea":
		kind = "textarea"
	case "a", "area":
		if el.HasAttribute("href") {
			if v, ok := uaLinkDeclarations[prop]; ok {
				return v, true
			}
		}
	case "label":
		if prop == "cursor" {
			return "default", true
		}
	case "hr":
		if v, ok := uaHrDeclarations[prop]; ok {
			return v, true
		}
	}
	if v, ok := decls[prop]; ok {
		return v, true
	}
	if !formControl(el) {
		return "", false
	}
	if v, ok := uaControlKind[kind][prop]; ok {
		return v, v != ""
	}
	v, ok := uaControlDeclarations[prop]
	return v, ok
}

// inputControlKind is the uaControlKind of an input that is no text field
// or button: date and time fields, colors, files, ranges.
func inputControlKind(el *dom.Node) string {
	t, _ := el.GetAttribute("type")
	switch t = asciiLowerString(strings.TrimSpace(t)); t {
	case "date", "month", "week", "time", "datetime-local":
		return "date"
	case "color", "file", "range":
		return t
	}
	return ""
}

// inputUAKind groups an input's type by the UA rules it takes.
func inputUAKind(el *dom.Node) string {
	t, _ := el.GetAttribute("type")
	switch asciiLowerString(t) {
	case "submit", "reset", "button":
		return "button"
	case "checkbox", "radio", "range", "color", "image", "file", "hidden":
		return ""
	}
	return "text"
}
