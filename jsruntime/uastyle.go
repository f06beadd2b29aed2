package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/atom"
)

// uaDeclarations are declarations of Chromium's user-agent style sheet
// (html.css) that getComputedStyle, the made-up boxes and the flow
// estimate read through the cascade, as the UA origin below every author
// rule: an HTML element's value for a property comes from here when no
// author rule, style attribute or animation sets it. Vertical margins of
// p, headings, lists and blockquote (in em of the element's font size),
// font weights, font styles and text decorations have code of their own
// (cascade.go: uaComputed, fontWeight);
// display is w.display's. The form controls' colors are uaControlColor's.
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
	"mark":       {"background-color": "rgb(255, 255, 0)", "color": "rgb(0, 0, 0)"}, // Mark, MarkText
	"sub":        {"vertical-align": "sub"},
	"sup":        {"vertical-align": "super"},

	"table": {"-webkit-border-horizontal-spacing": "2px", "-webkit-border-vertical-spacing": "2px", "border-collapse": "separate", "text-indent": "0px", "box-sizing": "border-box"},
	"thead": {"vertical-align": "middle", "border-top-color": "inherit", "border-right-color": "inherit", "border-bottom-color": "inherit", "border-left-color": "inherit"},
	"tbody": {"vertical-align": "middle", "border-top-color": "inherit", "border-right-color": "inherit", "border-bottom-color": "inherit", "border-left-color": "inherit"},
	"tfoot": {"vertical-align": "middle", "border-top-color": "inherit", "border-right-color": "inherit", "border-bottom-color": "inherit", "border-left-color": "inherit"},
	"tr":    {"vertical-align": "inherit", "border-top-color": "inherit", "border-right-color": "inherit", "border-bottom-color": "inherit", "border-left-color": "inherit"},
	"td":    {"vertical-align": "inherit", "padding-top": "1px", "padding-right": "1px", "padding-bottom": "1px", "padding-left": "1px"},
	"th": {"vertical-align": "inherit", "text-align": "center",
		"padding-top": "1px", "padding-right": "1px", "padding-bottom": "1px", "padding-left": "1px"},

	"fieldset": {"margin-left": "2px", "margin-right": "2px",
		"padding-top": "0.35em", "padding-right": "0.75em", "padding-bottom": "0.625em", "padding-left": "0.75em",
		"border-top-width": "2px", "border-right-width": "2px", "border-bottom-width": "2px", "border-left-width": "2px",
		"border-top-style": "groove", "border-right-style": "groove", "border-bottom-style": "groove", "border-left-style": "groove",
		"border-top-color": "rgb(239, 239, 239)", "border-right-color": "rgb(239, 239, 239)",
		"border-bottom-color": "rgb(239, 239, 239)", "border-left-color": "rgb(239, 239, 239)"},
	"legend": {"padding-left": "2px", "padding-right": "2px"},
	"iframe": {"border-top-width": "2px", "border-right-width": "2px", "border-bottom-width": "2px", "border-left-width": "2px",
		"border-top-style": "inset", "border-right-style": "inset", "border-bottom-style": "inset", "border-left-style": "inset"},
	"button": {"padding-top": "1px", "padding-right": "6px", "padding-bottom": "1px", "padding-left": "6px",
		"border-top-width": "2px", "border-right-width": "2px", "border-bottom-width": "2px", "border-left-width": "2px",
		"border-top-style": "outset", "border-right-style": "outset", "border-bottom-style": "outset", "border-left-style": "outset",
		"text-align": "center", "box-sizing": "border-box"},
	"textarea": {"white-space-collapse": "preserve", "text-wrap-mode": "wrap", "overflow-wrap": "break-word",
		"padding-top": "2px", "padding-right": "2px", "padding-bottom": "2px", "padding-left": "2px",
		"border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px",
		"border-top-style": "solid", "border-right-style": "solid", "border-bottom-style": "solid", "border-left-style": "solid"},
	"select": {"box-sizing": "border-box", "border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px",
		"border-top-style": "solid", "border-right-style": "solid", "border-bottom-style": "solid", "border-left-style": "solid"},
	"hr": {"margin-top": "0.5em", "margin-bottom": "0.5em", "margin-left": "auto", "margin-right": "auto",
		"border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px",
		"border-top-style": "inset", "border-right-style": "inset", "border-bottom-style": "inset", "border-left-style": "inset"},

	"pre":       {"font-family": "monospace", "white-space-collapse": "preserve", "text-wrap-mode": "nowrap"},
	"listing":   {"font-family": "monospace", "white-space-collapse": "preserve", "text-wrap-mode": "nowrap"},
	"xmp":       {"font-family": "monospace", "white-space-collapse": "preserve", "text-wrap-mode": "nowrap"},
	"plaintext": {"font-family": "monospace", "white-space-collapse": "preserve", "text-wrap-mode": "nowrap"},
	"code":      {"font-family": "monospace"},
	"kbd":       {"font-family": "monospace"},
	"samp":      {"font-family": "monospace"},
	"tt":        {"font-family": "monospace"},
	"nobr":      {"white-space-collapse": "collapse", "text-wrap-mode": "nowrap"},
	"option":    {"white-space-collapse": "collapse", "text-wrap-mode": "nowrap"},
	// Chromium's html.css sizes them in ems, border box (with width and
	// height auto they have no size of their own)
	"progress": {"box-sizing": "border-box", "width": "10em", "height": "1em", "vertical-align": "-0.2em", "appearance": "auto"},
	"meter":    {"box-sizing": "border-box", "width": "5em", "height": "1em", "vertical-align": "-0.2em", "appearance": "auto"},
	// Chromium's html.css: marquee { overflow: hidden !important;
	// white-space: nowrap; width: -webkit-fill-available; text-align:
	// initial } (its display, inline-block, is style.go's); the width
	// computes to stretch, its alias
	"marquee": {"overflow-x": "hidden", "overflow-y": "hidden", "white-space-collapse": "collapse", "text-wrap-mode": "nowrap", "width": "stretch", "text-align": "start"},
	// dialog { position: absolute; inset-inline: 0; width: fit-content;
	// height: fit-content; margin: auto; border: solid; padding: 1em;
	// background-color: Canvas; color: CanvasText } (left and right both
	// 0 whatever the direction); dialog:modal's are uaModalDialog's
	"dialog": {"position": "absolute", "left": "0px", "right": "0px", "width": "fit-content", "height": "fit-content",
		"margin-top": "auto", "margin-right": "auto", "margin-bottom": "auto", "margin-left": "auto",
		"border-top-width": "3px", "border-right-width": "3px", "border-bottom-width": "3px", "border-left-width": "3px",
		"border-top-style": "solid", "border-right-style": "solid", "border-bottom-style": "solid", "border-left-style": "solid",
		"padding-top": "1em", "padding-right": "1em", "padding-bottom": "1em", "padding-left": "1em",
		"background-color": "rgb(255, 255, 255)", "color": "rgb(0, 0, 0)"},
}

// uaModalDialog are the declarations of dialog:modal over dialog's: fixed
// between the viewport's edges (inset-block: 0 too), scrolling, and at
// most the viewport less 6px and 2em each way.
var uaModalDialog = map[string]string{
	"position": "fixed", "top": "0px", "bottom": "0px", "overflow-x": "auto", "overflow-y": "auto",
	"max-width": "calc(100% - 6px - 2em)", "max-height": "calc(100% - 6px - 2em)",
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
	// and of those types that have none of the above
	"checkbox": {"margin-top": "3px", "margin-right": "3px", "margin-bottom": "3px", "margin-left": "4px", "box-sizing": "border-box"},
	"radio":    {"margin-top": "3px", "margin-right": "3px", "margin-bottom": "0px", "margin-left": "5px", "box-sizing": "border-box"},
	"range":    {"margin-top": "2px", "margin-right": "2px", "margin-bottom": "2px", "margin-left": "2px"},
	"color": {"padding-top": "1px", "padding-right": "2px", "padding-bottom": "1px", "padding-left": "2px",
		"border-top-width": "1px", "border-right-width": "1px", "border-bottom-width": "1px", "border-left-width": "1px",
		"border-top-style": "solid", "border-right-style": "solid", "border-bottom-style": "solid", "border-left-style": "solid",
		"box-sizing": "border-box"},
}

// uaListBoxDeclarations are those of a select shown as a list box, over
// select's own.
var uaListBoxDeclarations = map[string]string{
	"border-top-left-radius": "2px", "border-top-right-radius": "2px", "border-bottom-right-radius": "2px", "border-bottom-left-radius": "2px",
	"overflow-x": "hidden", "overflow-y": "scroll", "vertical-align": "text-bottom",
}

// uaControlDeclarations are the UA declarations every form control takes
// (input, textarea, select, button) unless its element's or its type's
// say otherwise: Chromium's small-control font (13.333px Arial on the
// reference machine, normal weight and style: a button in a bold heading
// is not bold), FieldText, the text properties reset and appearance: auto; uaControlKind
// those of a kind of input, textarea or select (the text-like ones clip
// their overflow and show the text cursor).
var (
	uaControlDeclarations = map[string]string{
		"font-size": "13.333333px", "font-family": "Arial", "font-weight": "normal", "font-style": "normal",
		"color": "rgb(0, 0, 0)", "line-height": "normal", "letter-spacing": "normal", "word-spacing": "0px",
		"text-transform": "none", "text-indent": "0px", "text-shadow": "none", "text-align": "start", "cursor": "default",
		"appearance": "auto",
	}
	uaControlKind = map[string]map[string]string{
		"text":   {"cursor": "text", "overflow-x": "clip", "overflow-y": "clip"},
		"date":   {"font-family": "monospace", "overflow-x": "clip", "overflow-y": "clip"},
		"button": {"text-align": "center", "overflow-x": "clip", "overflow-y": "clip", "white-space-collapse": "preserve", "text-wrap-mode": "nowrap"},
		"color":  {"overflow-x": "clip", "overflow-y": "clip"},
		"file":   {"color": "", "overflow-x": "clip", "overflow-y": "clip", "white-space-collapse": "preserve", "text-wrap-mode": "nowrap"},
		"range":  {"color": "rgb(157, 150, 142)"},
		// a drop-down select clips its overflow since Chromium 156
		"select":   {"overflow-x": "clip", "overflow-y": "clip"},
		"textarea": {"cursor": "text", "font-family": "monospace", "overflow-x": "auto", "overflow-y": "auto"},
	}
	// uaLinkDeclarations are those of a link (an a or area with an
	// href): Chromium's unvisited link color and the pointer
	uaLinkDeclarations = map[string]string{"color": "rgb(0, 0, 238)", "cursor": "pointer"}
	// uaHrDeclarations are hr's besides its edges
	uaHrDeclarations = map[string]string{"color": "rgb(128, 128, 128)", "overflow-x": "hidden", "overflow-y": "hidden"}
)

// uaDeclaredIn is uaDeclared with the declarations that depend on the
// window's state: those of a modal dialog (:modal), a list box's selected
// options' (:checked, the select's :focus).
func (w *Window) uaDeclaredIn(el *dom.Node, prop string) (string, bool) {
	if el.Data == "dialog" && w.modals[el] && el.Namespace == "" {
		if v, ok := uaModalDialog[prop]; ok {
			return v, true
		}
	}
	if el.Data == "option" && (prop == "color" || prop == "background-color") && el.Namespace == "" {
		if v, ok := w.uaCheckedOption(el, prop); ok {
			return v, true
		}
	}
	return uaDeclared(el, prop)
}

// uaCheckedOption is Chromium 156's color or background-color of a
// selected option in a list box (select:-internal-list-box
// option:checked): #101010 on #cecece, gray text when the option or the
// select is disabled, and white on the selection blue (a disabled one's
// on #c8c8c8) while the select has the focus; ok is false for other
// options (multi.js and tail.select keep the selections of their hidden
// multiple selects).
func (w *Window) uaCheckedOption(el *dom.Node, prop string) (string, bool) {
	sel, _ := optionSelect(el)
	if sel == nil || !selectListBox(sel) || !el.Selected() {
		return "", false
	}
	disabled := el.OptionDisabled() || sel.HasAttribute("disabled")
	if w.pseudoState(sel, "focus", "") {
		switch {
		case prop == "color":
			return "rgb(255, 255, 255)", true
		case disabled:
			return "rgb(200, 200, 200)", true
		}
		return "rgb(25, 103, 210)", true
	}
	switch {
	case prop == "background-color":
		return "rgb(206, 206, 206)", true
	case disabled:
		return uaGrayText, true
	}
	return "rgb(16, 16, 16)", true
}

// svgClipsOverflow tells whether el, an SVG element, is one Chromium's
// svg.css clips (svg:not(:root), symbol, image, marker, pattern,
// foreignObject { overflow: hidden }): an inline svg is a scroll
// container, so a flex item's automatic minimum size is 0 (simple-notify's
// 32px icon in a 30px flex box is 30px wide).
func svgClipsOverflow(el *dom.Node) bool {
	switch el.Data {
	case "svg":
		p := el.ParentNode()
		return p == nil || p.AsDocument() == nil
	case "symbol", "image", "marker", "pattern", "foreignObject":
		return true
	}
	return false
}

// uaDeclared is the UA style sheet's declared value of prop for el.
func uaDeclared(el *dom.Node, prop string) (string, bool) {
	if el.Namespace == "math" && el.IsElement() {
		return uaMathDeclared(el, prop)
	}
	if el.Namespace == "svg" && el.Data == "text" && (prop == whiteSpaceLonghands[0] || prop == whiteSpaceLonghands[1]) {
		// Chromium's svg.css: text { white-space: nowrap } (csswhitespace.go)
		if prop == whiteSpaceLonghands[0] {
			return "collapse", true
		}
		return "nowrap", true
	}
	if el.Namespace == "svg" && (prop == "overflow-x" || prop == "overflow-y") && svgClipsOverflow(el) {
		return "hidden", true
	}
	if el.Namespace != "" || !el.IsElement() {
		return "", false
	}
	decls := uaDeclarations[el.Data]
	kind := ""
	switch el.Data {
	case "input":
		if prop == "appearance" {
			// none for the types with no widget of their own (Chromium's
			// input[type=hidden|file|image] { appearance: none })
			switch ascii.Lower(strings.TrimSpace(el.Attribute("type"))) {
			case "hidden", "file", "image":
				return "none", true
			}
		}
		kind = inputUAKind(el)
		if prop == "box-sizing" && ascii.EqualFold(strings.TrimSpace(el.Attribute("type")), "search") {
			return "border-box", true // input[type="search" i] { box-sizing: border-box }
		}
		decls = uaInputDeclarations[kind]
		if kind == "" {
			t, _ := el.GetAttribute("type")
			switch t = ascii.Lower(strings.TrimSpace(t)); t {
			case "checkbox", "radio", "range", "color":
				decls = uaInputDeclarations[t]
			}
		}
		if k := inputControlKind(el); k != "" {
			kind = k
		}
	case "textarea":
		kind = "textarea"
	case "select":
		if selectListBox(el) {
			if v, ok := uaListBoxDeclarations[prop]; ok {
				return v, true
			}
		} else {
			kind = "select"
		}
	case "a", "area":
		if el.HasAttribute("href") {
			if prop == "color" {
				// the body's link color, unvisited links' (layout49-body-hints.html)
				if doc := el.Document(); doc != nil {
					if b := doc.Body(); b != nil && b.Data == "body" && b.Namespace == "" {
						if v, ok := bgcolorHint(b, "link"); ok {
							return v, true
						}
					}
				}
			}
			if v, ok := uaLinkDeclarations[prop]; ok {
				return v, true
			}
		}
	case "optgroup":
		if prop == "color" && el.HasAttribute("disabled") {
			return uaGrayText, true // optgroup:disabled, in a select or not
		}
		if prop == "text-wrap-mode" {
			// a list box's groups do not wrap their labels
			if sel := el.ParentElement(); sel != nil && sel.Namespace == "" && sel.Data == "select" && selectListBox(sel) {
				return "nowrap", true
			}
		}
	case "option":
		sel, group := optionSelect(el)
		if prop == "color" && el.OptionDisabled() && (sel == nil || selectListBox(sel)) {
			// option:disabled, but in a drop-down select (whose options
			// Chromium 156 draws in its picker; testdata/wpt/lead68-disabled-option-color.html)
			return uaGrayText, true
		}
		// Chromium's padding: 0 2px 1px and min-height: 1.2em, the
		// start 20px inside an optgroup of a list box; a drop-down's
		// options, which its picker draws, are at least 24px tall
		switch prop {
		case "padding-top":
			return "0px", true
		case "padding-right":
			return "2px", true
		case "padding-bottom":
			return "1px", true
		case "padding-left":
			if group && selectListBox(sel) {
				return "20px", true
			}
			return "2px", true
		case "min-height":
			if sel != nil && !selectListBox(sel) {
				return "24px", true
			}
			return "1.2em", true
		}
	case "abbr", "acronym":
		// abbr[title], acronym[title] { text-decoration: dotted underline }
		// (the line is uaComputed's)
		if prop == "text-decoration-style" && el.HasAttribute("title") {
			return "dotted", true
		}
	case "label":
		if prop == "cursor" {
			return "default", true
		}
	case "hr":
		if v, ok := uaHrDeclarations[prop]; ok {
			return v, true
		}
	case "ol", "ul", "menu", "dir":
		if prop == "list-style-type" {
			return uaListStyleType(el), true
		}
		if prop == "list-style-position" && quirksDocument(el) && !inHTMLList(el) && hasHTMLAncestor(el, "li") {
			return "outside", true // quirks: li :is(dir, menu, ol, ul)
		}
	case "summary":
		// details > summary:first-of-type { list-style: disclosure-closed inside }
		// details[open] > summary:first-of-type { list-style-type: disclosure-open }
		if prop == "list-style-position" || prop == "list-style-type" {
			if d := detailsOfSummary(el); d != nil {
				if prop == "list-style-position" {
					return "inside", true
				}
				if d.HasAttribute("open") {
					return "disclosure-open", true
				}
				return "disclosure-closed", true
			}
		}
	case "li":
		if prop == "list-style-position" && quirksDocument(el) && !inHTMLList(el) {
			return "inside", true // quirks: an item outside a list
		}
	}
	if v, ok := decls[prop]; ok {
		return v, true
	}
	if !formControl(el) {
		return "", false
	}
	if v, ok := uaControlColor(el, prop); ok {
		return v, true
	}
	if v, ok := uaControlKind[kind][prop]; ok {
		return v, v != ""
	}
	v, ok := uaControlDeclarations[prop]
	return v, ok
}

// uaListStyleType is a list's marker in the UA sheet: ol's decimal; a
// ul, menu or dir's disc, circle inside another list, square inside two.
// https://html.spec.whatwg.org/multipage/rendering.html#lists
func uaListStyleType(el *dom.Node) string {
	if el.Data == "ol" {
		return "decimal"
	}
	depth := 0
	for p := el.ParentElement(); p != nil && depth < 2; p = p.ParentElement() {
		if p.Namespace == "" {
			switch p.Data {
			case "ol", "ul", "menu", "dir":
				depth++
			}
		}
	}
	return [...]string{"disc", "circle", "square"}[depth]
}

// inHTMLList reports whether el has an HTML dir, menu, ol or ul
// ancestor. In quirks mode an li outside one has its marker inside, and a
// list in it outside again; within a list both inherit it
// (https://html.spec.whatwg.org/multipage/rendering.html#lists).
func inHTMLList(el *dom.Node) bool {
	for p := el.ParentElement(); p != nil; p = p.ParentElement() {
		if p.Namespace == "" {
			switch p.Data {
			case "ol", "ul", "menu", "dir":
				return true
			}
		}
	}
	return false
}

// hasHTMLAncestor reports whether el has an HTML ancestor named tag.
func hasHTMLAncestor(el *dom.Node, tag string) bool {
	for p := el.ParentElement(); p != nil; p = p.ParentElement() {
		if p.Namespace == "" && p.Data == tag {
			return true
		}
	}
	return false
}

// inputControlKind is the uaControlKind of an input that is no text field
// or button: date and time fields, colors, files, ranges.
func inputControlKind(el *dom.Node) string {
	t, _ := el.GetAttribute("type")
	switch t = ascii.Lower(strings.TrimSpace(t)); t {
	case "date", "month", "week", "time", "datetime-local":
		return "date"
	case "color", "file", "range":
		return t
	}
	return ""
}

// themedPushButton tells whether el is a push button input (submit, reset,
// button) Chromium draws with its native appearance: its appearance is
// auto (or push-button, square-button: not none or button) and the page
// gives it no background and no border (a color,
// style, width or radius; `border: revert` gives none). Chromium resets
// the line-height of such a button to normal (LayoutTheme's button style
// adjustment), whatever the page says: an `input[type=submit]` under
// normalize.css's `line-height: 1.15` or a 20px one is 21px tall, and
// getComputedStyle reads normal (testdata/wpt/leads88-push-button-wrap.html).
func (w *Window) themedPushButton(el *dom.Node) bool {
	if el.Namespace != "" || inputUAKind(el) != "button" {
		return false
	}
	if a, ok := w.cascadedRaw(el, "appearance"); ok {
		switch ascii.Lower(strings.TrimSpace(a)) {
		case "auto", "push-button", "square-button", "revert", "revert-layer":
		default:
			return false // none, button (honoured in Chromium 156)...
		}
	}
	for _, p := range authorStyledButton {
		if v, ok := w.cascadedRaw(el, p); ok && !ascii.EqualFold(strings.TrimSpace(v), "revert") {
			return false
		}
	}
	return true
}

// themedDropDown tells whether el is a drop-down select (not a list box)
// whose appearance is neither none nor base-select: Chromium's menu list
// theme sets its line-height back to normal whatever the page gives (its
// layout already takes its font's line: flow.go's replacedHeight), and
// getComputedStyle reads normal, with an author background or border
// too.
func (w *Window) themedDropDown(el *dom.Node) bool {
	if el.Namespace != "" || selectListBox(el) {
		return false
	}
	if a, ok := w.cascadedRaw(el, "appearance"); ok {
		switch ascii.Lower(strings.TrimSpace(a)) {
		case "none", "base-select":
			return false
		}
	}
	return true
}

// authorStyledButton are the properties whose author value leaves a push
// button without its native appearance (themedPushButton).
var authorStyledButton = [...]string{"background-color", "background-image",
	"border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
	"border-top-style", "border-right-style", "border-bottom-style", "border-left-style",
	"border-top-color", "border-right-color", "border-bottom-color", "border-left-color",
	"border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius"}

// inputUAKind groups an input's type by the UA rules it takes.
func inputUAKind(el *dom.Node) string {
	t, _ := el.GetAttribute("type")
	switch ascii.Lower(t) {
	case "submit", "reset", "button":
		return "button"
	case "checkbox", "radio", "range", "color", "image", "file", "hidden":
		return ""
	}
	return "text"
}

// Chromium 148's colors of the form controls in the light color scheme:
// the Field and ButtonFace backgrounds, the controls' own border colors,
// and their dimmed versions when the control is disabled.
const (
	uaField          = "rgb(255, 255, 255)"
	uaButtonFace     = "rgb(239, 239, 239)"
	uaFieldBorder    = "rgb(118, 118, 118)"
	uaButtonBorder   = "rgb(0, 0, 0)"
	uaDisabledFace   = "rgba(239, 239, 239, 0.3)"
	uaDisabledBorder = "rgba(118, 118, 118, 0.3)"
	uaGrayText       = "rgb(128, 128, 128)"
)

// uaControlColor is the UA sheet's background-color, border colors or
// (when disabled) color of the form control el: text fields, textareas
// and list boxes are Field with grey borders, buttons, color wells and
// drop-down selects ButtonFace, a range's track Field; checkboxes, radios,
// files, images and hidden inputs take none (currentcolor borders, a
// transparent background).
func uaControlColor(el *dom.Node, prop string) (string, bool) {
	var border bool
	switch prop {
	case "background-color", "color":
	case "border-top-color", "border-right-color", "border-bottom-color", "border-left-color":
		border = true
	default:
		return "", false
	}
	var bg, bc, disabledColor string
	switch el.Data {
	case "textarea":
		bg, bc, disabledColor = uaField, uaFieldBorder, "rgb(84, 84, 84)"
	case "select":
		bg, bc, disabledColor = uaField, uaFieldBorder, uaGrayText
		if !selectListBox(el) {
			bg = uaButtonFace
		}
	case "button":
		bg, bc, disabledColor = uaButtonFace, uaButtonBorder, "rgba(16, 16, 16, 0.3)"
	case "input":
		switch inputUAKind(el) {
		case "text":
			bg, bc, disabledColor = uaField, uaFieldBorder, "rgb(84, 84, 84)"
		case "button":
			bg, bc, disabledColor = uaButtonFace, uaButtonBorder, "rgba(16, 16, 16, 0.3)"
		default:
			switch inputControlKind(el) {
			case "color":
				bg, bc, disabledColor = uaButtonFace, uaButtonBorder, "rgba(16, 16, 16, 0.3)"
			case "range":
				bg, disabledColor = uaField, "rgb(197, 197, 197)"
			default:
				// input:disabled, whatever its type: checkboxes, radios,
				// files, images and hidden inputs too
				// (testdata/wpt/sweep72-disabled-input-color.html)
				disabledColor = "rgb(84, 84, 84)"
			}
		}
	}
	if prop == "color" {
		if disabledColor == "" {
			return "", false
		}
		return disabledColor, actuallyDisabled(el)
	}
	if bg == "" {
		return "", false
	}
	disabled := actuallyDisabled(el)
	switch {
	case border && bc == "":
		return "", false
	case border && disabled:
		return uaDisabledBorder, true
	case border:
		return bc, true
	case disabled && bg == uaButtonFace && el.Data == "select":
		return bg, true
	case disabled:
		return uaDisabledFace, true
	}
	return bg, true
}

// optionSelect is the select an option belongs to (its parent, or its
// optgroup's), and whether it is in an optgroup.
func optionSelect(el *dom.Node) (*dom.Node, bool) {
	p := el.ParentElement()
	group := false
	if p != nil && p.Namespace == "" && p.Data == "optgroup" {
		p, group = p.ParentElement(), true
	}
	if p != nil && p.Namespace == "" && p.Data == "select" {
		return p, group
	}
	return nil, false
}

// listBoxItem reports an option or optgroup of a list box select.
func listBoxItem(el *dom.Node) bool {
	if el.Namespace != "" {
		return false
	}
	if el.DataAtom == atom.Optgroup {
		sel := el.ParentElement()
		return sel != nil && sel.DataAtom == atom.Select && sel.Namespace == "" && selectListBox(sel)
	}
	sel, _ := optionSelect(el)
	return sel != nil && selectListBox(sel)
}

// selectListBox reports a select shown as a list box (multiple, or a
// size above one) rather than a drop-down.
func selectListBox(el *dom.Node) bool {
	if el.HasAttribute("multiple") {
		return true
	}
	v, ok := el.GetAttribute("size")
	if !ok {
		return false
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	return err == nil && n > 1
}

// uaMathDeclared is uaDeclared for MathML element el (Chromium's
// mathml.css): mi is text-transform: math-auto, which its
// mathvariant="normal" presentational hint sets back to none (no other
// mathvariant is honoured, as in Chromium), and mphantom is hidden. Display
// is mathDefaultDisplay's.
func uaMathDeclared(el *dom.Node, prop string) (string, bool) {
	switch {
	case prop == "text-transform" && el.Data == "mi":
		if v, ok := el.GetAttribute("mathvariant"); ok && ascii.EqualFold(v, "normal") {
			return "none", true
		}
		return "math-auto", true
	case prop == "visibility" && el.Data == "mphantom":
		return "hidden", true
	}
	return "", false
}
