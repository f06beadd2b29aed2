package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/atom"
)

// The ::before and ::after boxes innerText lays out (the dom package's
// PseudoBox hook). A pseudo-element's generated text is never part of
// innerText, but its box sits on the line like the content beside it: the
// space after an icon font's ::before glyph, or before a dropdown caret's
// inline-block ::after, is kept, as in a browser.

// A pseudoBox is the memo of one element's ::before or ::after box.
type pseudoBox struct {
	display string // "" for no box in the flow
	text    string // its generated text (generatedText)
	// float tells that the box is floated (display is then ""): the
	// layout places it as a float (inlinePseudo), innerText leaves it out
	float bool
	// abs tells that the box is absolutely positioned (display is then
	// its display before it was blockified): the layout notes its static
	// position (inlinePseudo), innerText leaves it out
	abs bool
}

// pseudoBoxOf is the PseudoBox hook: the display of element n's ::before
// or ::after box (pseudo is "before" or "after") when it is in the flow,
// or "" when there is none (content none or normal, display none) or it
// is out of the flow (absolutely positioned or floated), and its
// generated text.
func (w *Window) pseudoBoxOf(n *dom.Node, pseudo string) (display, text string) {
	b := w.pseudoBoxMemo(n, pseudo)
	if b.float || b.abs {
		return "", ""
	}
	return b.display, b.text
}

// pseudoBoxMemo is n's ::before or ::after box as pseudoBoxOf finds it,
// floated ones too.
func (w *Window) pseudoBoxMemo(n *dom.Node, pseudo string) pseudoBox {
	sh := w.sheetsOf(n.Document())
	// icon fonts declare a ::before rule per icon, thousands of them: an
	// element is matched against those its classes name (ruleindex.go)
	idx := sh.ruleIndex(pseudoKey(pseudo, "content"))
	if idx == nil && !isQ(n) || !n.IsElement() {
		return pseudoBox{}
	}
	if !isQ(n) && !idx.hasCandidates(n) {
		return pseudoBox{} // most elements: no rule to match
	}
	if !w.generatesPseudo(n) {
		return pseudoBox{}
	}
	memo := computedKey{n, pseudo}
	if b, ok := sh.pseudoBoxes[memo]; ok {
		return b
	}
	b := w.pseudoBoxUncached(n, pseudo, idx)
	if sh.pseudoBoxes == nil {
		sh.pseudoBoxes = make(map[computedKey]pseudoBox)
	}
	sh.pseudoBoxes[memo] = b
	return b
}

// isQ reports a q element, whose quotes the UA style sheet generates:
// q::before { content: open-quote } q::after { content: close-quote }.
func isQ(n *dom.Node) bool { return n.Namespace == "" && n.Data == "q" }

func (w *Window) pseudoBoxUncached(n *dom.Node, pseudo string, idx *ruleIndex) pseudoBox {
	var best *cssRule
	if idx != nil {
		best = idx.best(n)
	}
	content := "normal"
	switch {
	case best != nil:
		content = strings.TrimSpace(best.decl.value)
	case isQ(n) && pseudo == "before":
		content = "open-quote"
	case isQ(n) && pseudo == "after":
		content = "close-quote"
	}
	ref := pseudoRef{n, pseudo}
	if strings.Contains(content, "var(") {
		// Tailwind's content-[''] utilities: content: var(--tw-content)
		content, _ = w.computedValue(w.pseudoNode(n, pseudo), "content")
	}
	switch ascii.Lower(content) {
	case "none", "normal", "", "initial", "unset", "revert", "revert-layer", "inherit":
		return pseudoBox{}
	}
	display := "inline"
	if v, ok := w.cascadedPseudo(ref, "display"); ok && !cssWideKeywords[v] {
		display = ascii.Lower(v)
	}
	if display == "none" {
		return pseudoBox{}
	}
	if v, ok := w.cascadedPseudo(ref, "position"); ok {
		switch ascii.Lower(v) {
		case "absolute":
			return pseudoBox{display: display, text: generatedText(n, content), abs: true}
		case "fixed":
			return pseudoBox{}
		}
	}
	if v, ok := w.cascadedPseudo(ref, "float"); ok {
		switch ascii.Lower(v) {
		case "left", "right", "inline-start", "inline-end":
			return pseudoBox{text: generatedText(n, content), float: true}
		}
	}
	switch w.display(n) {
	case "flex", "inline-flex", "grid", "inline-grid":
		display = "block" // a flex or grid item is blockified
	}
	return pseudoBox{display: display, text: generatedText(n, content)}
}

// generatedText is the text a content value generates for element n, as
// far as innerText's white space needs it: strings, attr() values, quotes;
// a counter stands for "0" and an image for U+FFFC. What follows a "/"
// is alternative text, not rendered.
// https://drafts.csswg.org/css-content/#content-property
func generatedText(n *dom.Node, content string) string {
	if l := len(content); l >= 2 && (content[0] == '"' || content[0] == '\'') && content[l-1] == content[0] &&
		strings.IndexByte(content[1:l-1], content[0]) < 0 && strings.IndexByte(content, '\\') < 0 {
		return content[1 : l-1] // one string, no escapes
	}
	var b strings.Builder
	for _, c := range splitComponents(content) {
		if c[0] == '"' || c[0] == '\'' {
			b.WriteString(unquoteCSSString(c))
			continue
		}
		if c == "/" {
			break
		}
		name, arg, _ := strings.Cut(strings.TrimSuffix(c, ")"), "(")
		switch ascii.Lower(name) {
		case "open-quote", "close-quote":
			b.WriteByte('"')
		case "attr":
			attr, _, _ := strings.Cut(strings.TrimSpace(arg), " ")
			b.WriteString(n.Attribute(attr))
		case "counter", "counters":
			b.WriteByte('0')
		case "url", "image-set", "image", "linear-gradient", "radial-gradient", "conic-gradient",
			"repeating-linear-gradient", "repeating-radial-gradient", "repeating-conic-gradient":
			b.WriteString("\uFFFC")
		}
	}
	return b.String()
}

// generatesPseudo tells whether element n may have ::before and ::after
// boxes: Chromium 156 generates none for a text field, a push button or
// an image input, a drop-down select (unless its appearance is
// base-select), a textarea or a replaced element (a loaded image, a
// canvas, an iframe, a video, an embed or an object), whatever the style
// sheets say, and does for a checkbox, a radio, a colour, file, range,
// date or time input, a list box, a meter, a progress bar, a button and
// a broken image's fallback box (an absolutely positioned ::after 150px
// wide makes a checkbox scroll 150, a text field keeps its client
// width).
func (w *Window) generatesPseudo(n *dom.Node) bool {
	if n.Namespace != "" {
		return true
	}
	switch n.DataAtom {
	case atom.Input:
		switch inputControlKind(n) {
		case "date", "color", "range":
			return true
		}
		t := ascii.Lower(strings.TrimSpace(n.Attribute("type")))
		return t == "checkbox" || t == "radio" || t == "file"
	case atom.Select:
		if selectListBox(n) {
			return true
		}
		v, _ := w.computedValue(n, "appearance")
		return strings.TrimSpace(v) == "base-select"
	case atom.Img:
		f := w.flowOf(n.Document())
		return f == nil || !f.replaced(n)
	case atom.Textarea, atom.Canvas, atom.Iframe, atom.Video, atom.Embed, atom.Object:
		return false
	}
	return true
}
