package jsruntime

import "github.com/bangsnap/bangsnap/dom"

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

// uaDeclared is the UA style sheet's declared value of prop for el.
func uaDeclared(el *dom.Node, prop string) (string, bool) {
	if el.Namespace != "" || !el.IsElement() {
		return "", false
	}
	decls := uaDeclarations[el.Data]
	if el.Data == "input" {
		decls = uaInputDeclarations[inputUAKind(el)]
	}
	if decls == nil {
		return "", false
	}
	v, ok := decls[prop]
	return v, ok
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
