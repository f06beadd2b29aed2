package jsruntime

import (
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom"
)

// Kerning across the texts of inline boxes.
//
// Chromium shapes a line's text in runs of one font whatever inline boxes
// it crosses, so the last character of one text node and the first of the
// next kern as a pair when nothing with a width of its own separates them:
// CodeMirror's "# " and "> " markup spans before "Ada" and "A quote" are
// narrower by the space's kerning with A, and what follows moves left with
// it. A margin, border or padding between them, a ::before or ::after box,
// an atomic inline, a line break or another font (its face, size, weight,
// letter-spacing) stops the run.
// (testdata/wpt/sweepleads85-kern-across-boxes.html)

// kernAfter is the kerning in px of the pair the end of s, the text of
// text node t laid out in m in owner's flow, makes with the first
// character laid out after t (nextRun), when they are in one run of m.
func (f *flowLayout) kernAfter(owner, t *dom.Node, s string, m fontMetrics) float64 {
	if m.face == nil || len(m.face.kerns) == 0 && m.face.web == nil || s == "" {
		return 0
	}
	last, _ := utf8.DecodeLastRuneInString(s)
	if last == '\n' || last == '\t' {
		return 0
	}
	next, p := f.nextRun(owner, t, last == ' ')
	if next == 0 || f.font(p) != m {
		return 0
	}
	return m.pairKern(last, next)
}

// nextRun is the first character laid out after text node t in the flow
// of its container owner (nil: any block container), and the parent of
// its text, when only the ends and starts of inline boxes without a
// margin, border or padding there lie between them; 0 otherwise. space
// tells that t's text ends with a collapsible space, which a space after
// it would join.
func (f *flowLayout) nextRun(owner, t *dom.Node, space bool) (rune, *dom.Node) {
	up, n := t, f.w.flatNext(t) // up: the last node passed at n's level
	for range 64 {
		if n == nil {
			// the end of an inline box: on after it
			p := f.w.flatParent(up)
			if p == nil || p == owner || !f.plainInline(p, 1) {
				return 0, nil
			}
			up, n = p, f.w.flatNext(p)
			continue
		}
		switch {
		case n.Kind() == dom.TextNode:
			if n.Data == "" {
				up, n = n, f.w.flatNext(n)
				continue
			}
			p := f.w.flatParent(n)
			r, _ := utf8.DecodeRuneInString(n.Data)
			switch r {
			case ' ', '\n', '\t', '\r', '\f':
				if _, pre := f.whiteSpace(p); pre && r != ' ' || !pre && space {
					return 0, nil // a preserved break, or collapsed away
				}
				r = ' '
			}
			return r, p
		case !n.IsElement() || f.display(n) == "none":
			up, n = n, f.w.flatNext(n) // a comment, no box
		case f.skipped(n):
			return 0, nil // a box out of flow leaves its place
		case f.plainInline(n, 3):
			if first := f.w.flatFirst(n); first != nil {
				n = first // into it
				continue
			}
			up, n = n, f.w.flatNext(n) // empty
		default:
			return 0, nil
		}
	}
	return 0, nil
}

// plainInline tells whether n is an inline box (not atomic) with no
// margin, border or padding on side (1 right, 3 left) and no ::before or
// ::after box, and not a flex or grid item.
func (f *flowLayout) plainInline(n *dom.Node, side int) bool {
	if !n.IsElement() || n.Namespace != "" || f.display(n) != "inline" || f.atomic(n) {
		return false
	}
	switch n.Data {
	case "br", "wbr", "img", "input", "select", "textarea", "button", "iframe", "embed", "object", "video", "audio", "canvas":
		return false
	}
	if p := f.w.flatParent(n); p != nil && f.itemsOf(p) {
		// a flex or grid item (blockified), not on the lines of the
		// anonymous item of the text before it: a word there ends at
		// it (`Hello, world!ii<b>x</b>` in a 100px grid column is one
		// line, its word not going on into the <b>)
		return false
	}
	e := f.hEdgesOf(n)
	if side == 1 && (e.marR != 0 || e.borR != 0 || e.padR != 0) || side == 3 && (e.marL != 0 || e.borL != 0 || e.padL != 0) {
		return false
	}
	return !f.generatedInline(n)
}
