package jsruntime

import "github.com/bangsnap/bangsnap/dom"

// HTML inside an SVG foreignObject: the foreignObject is a block container
// of its x, y, width and height in its <svg>'s user space, so its HTML
// children are laid out in a box that wide, placed where the SVG geometry
// puts the foreignObject (svgClientBounds), and it is the containing block
// of the absolutely positioned and fixed boxes inside it (and their
// offsetParent), as in Chromium 156. Its CTM's scale and rotation are not
// applied to the HTML boxes (their offsets are not scaled).
// https://svgwg.org/svg2-draft/embedded.html#ForeignObjectElement

// isForeignObject tells whether n is an SVG foreignObject element.
func isForeignObject(n *dom.Node) bool {
	return n != nil && n.Namespace == "svg" && n.Data == "foreignObject"
}

// foreignObjectOnChain is the index in chain (an element first, then its
// flat tree ancestors) of the nearest foreignObject above chain[0], or 0.
func foreignObjectOnChain(chain []*dom.Node) int {
	for k := 1; k < len(chain); k++ {
		if isForeignObject(chain[k]) {
			return k
		}
		if chain[k].Namespace == "svg" && chain[k].Data == "svg" && replacedElement(chain[k]) {
			return 0
		}
	}
	return 0
}

// foreignObjectWidth is the width of the box a foreignObject lays its
// children out in: its width attribute in its viewport's user units.
func (w *Window) foreignObjectWidth(n *dom.Node) float64 {
	return max(w.svgAttrLength(n, "width"), 0)
}

// foreignObjectHeight is the height of a foreignObject's box, what the
// insets of the positioned boxes inside it refer to.
func (w *Window) foreignObjectHeight(n *dom.Node) float64 {
	return max(w.svgAttrLength(n, "height"), 0)
}

// fixedContainingBlock is the containing block of n, a fixed box, when it
// is not the viewport: the nearest foreignObject, transformed box or the
// like above it (holdsFixed, flowheight.go), or nil.
func (f *flowLayout) fixedContainingBlock(n *dom.Node) *dom.Node {
	for a := f.w.flatParent(n); a != nil; a = f.w.flatParent(a) {
		if f.holdsFixed(a) {
			return a
		}
	}
	return nil
}
