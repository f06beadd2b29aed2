package jsruntime

import "github.com/bangsnap/bangsnap/dom"

// insideMarker is the room list item n's inside ::marker takes at the
// start of its first line (0 when it has none there): a summary's
// disclosure triangle, an item of list-style-position: inside. Chromium
// lays a symbol out as a box of its own, whatever the font's glyphs: a
// disclosure triangle 0.66em wide with a 0.4em margin after it (16px:
// 16.9375), a disc, circle or square a third of the font's rounded
// ascent and two pixels wide (integer arithmetic), with a margin of -1px
// before it and 1em after it (16px Times: 22). Counter markers ("1. ")
// and images are not laid out here (their widths need the item's ordinal
// and the image's size), nor an item whose first line comes after a
// block child (Chromium's marker then has a line of its own).
// https://drafts.csswg.org/css-lists/#list-style-position-property
// https://html.spec.whatwg.org/multipage/rendering.html#the-details-and-summary-elements
func (f *flowLayout) insideMarker(n *dom.Node) float64 {
	if !n.IsElement() || f.display(n) != "list-item" {
		return 0
	}
	if v, _ := f.w.computedValue(n, "list-style-position"); v != "inside" {
		return 0
	}
	if v, _ := f.w.computedValue(n, "list-style-image"); v != "" && v != "none" {
		return 0
	}
	t, _ := f.w.computedValue(n, "list-style-type")
	symbol := t == "disc" || t == "circle" || t == "square"
	if !symbol && t != "disclosure-open" && t != "disclosure-closed" {
		return 0
	}
	if c, _ := f.w.computedValue(f.w.pseudoNode(n, "marker"), "content"); c == "none" {
		return 0
	}
	m := f.font(n)
	if symbol {
		a := int(m.ascent())
		return float64((a*2/3+1)/2+2) - 1 + m.size
	}
	return layoutUnit(0.66*m.size) + layoutUnit(0.4*m.size)
}
