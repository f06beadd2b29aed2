package jsruntime

// Vertical writing modes in the flow estimate. The estimate lays every box
// out in the logical axes of the box that lays it out (its frame): the
// horizontal code reads "top" as the block-start side, "left" as the
// line-left side, "width" as the inline size, and places blocks down the
// block axis and lines along the inline axis. In a vertical frame those
// names read the physical sides and sizes the writing mode maps them to
// (frameSides), and flowRect maps each logical rect to physical
// coordinates (toPhysical) on the way down. A box whose writing mode is
// orthogonal to its frame's (a vertical-rl div in a horizontal page) is
// sized in its frame as the frame sees it, its content in its own axes:
// its inline size from the frame's block-axis size (orthoInline), its
// extent in the frame's inline axis from its content's block size.
// https://drafts.csswg.org/css-writing-modes/#abstract-box

import "github.com/bangsnap/bangsnap/dom"

// writingMode is a box's writing mode as the estimate lays it out.
type writingMode uint8

const (
	wmHorizontal writingMode = iota
	wmVerticalRL             // vertical-rl, sideways-rl, tb-rl, tb
	wmVerticalLR             // vertical-lr
	wmSidewaysLR             // sideways-lr: lines run bottom to top
)

func (m writingMode) vertical() bool { return m != wmHorizontal }

// parseWritingMode maps a writing-mode value to its mode, legacy values as
// Chromium computes them (tb and tb-rl are vertical-rl; lr, lr-tb, rl and
// rl-tb horizontal-tb).
func parseWritingMode(v string) writingMode {
	switch v {
	case "vertical-rl", "sideways-rl", "tb-rl", "tb":
		return wmVerticalRL
	case "vertical-lr":
		return wmVerticalLR
	case "sideways-lr":
		return wmSidewaysLR
	}
	return wmHorizontal
}

// frameSides maps the side the horizontal code names (0 top: block-start,
// 1 right: line-right, 2 bottom: block-end, 3 left: line-left) to the
// physical side (0 top, 1 right, 2 bottom, 3 left) in each mode.
var frameSides = [4][4]int{
	wmHorizontal: {0, 1, 2, 3},
	wmVerticalRL: {1, 2, 3, 0},
	wmVerticalLR: {3, 2, 1, 0},
	wmSidewaysLR: {3, 0, 1, 2},
}

var (
	sideMargins  = [4]string{"margin-top", "margin-right", "margin-bottom", "margin-left"}
	sidePaddings = [4]string{"padding-top", "padding-right", "padding-bottom", "padding-left"}
	sideInsets   = [4]string{"top", "right", "bottom", "left"}
)

// toPhysical maps a rect laid out in mode m's logical axes (lx along the
// inline axis from line-left, ly along the block axis from block-start, lw
// its inline size, lh its block size) in a content box pw by ph physical
// pixels to physical coordinates from that box's top left.
func (m writingMode) toPhysical(lx, ly, lw, lh, pw, ph float64) (x, y, w, h float64) {
	switch m {
	case wmVerticalRL:
		return pw - ly - lh, lx, lh, lw
	case wmVerticalLR:
		return ly, lx, lh, lw
	case wmSidewaysLR:
		return ly, ph - lx - lw, lh, lw
	}
	return lx, ly, lw, lh
}

// modeOf is n's writing mode.
func (f *flowLayout) modeOf(n *dom.Node) writingMode { return f.lineAlignOf(n).wm }

// frameOf is the writing mode of the box that lays n out: its parent's,
// horizontal for the root (the viewport's).
func (f *flowLayout) frameOf(n *dom.Node) writingMode { return f.lineAlignOf(n).frame }

// side is the physical side the horizontal code's side names for n.
func (f *flowLayout) side(n *dom.Node, side int) int {
	if m := f.frameOf(n); m != wmHorizontal {
		return frameSides[m][side]
	}
	return side
}

// boxCascadedIn is boxCascaded for the horizontal code's property i of n,
// a size or an inset swapped for its counterpart in a vertical frame.
func (f *flowLayout) boxCascadedIn(n *dom.Node, i int) (string, bool) {
	if m := f.frameOf(n); m != wmHorizontal {
		switch i {
		case boxWidth, boxHeight:
			i = boxWidth + boxHeight - i
		case boxMinWidth:
			i = boxMinHeight
		case boxMinHeight:
			i = boxMinWidth
		case boxMaxWidth:
			i = boxMaxHeight
		case boxMaxHeight:
			i = boxMaxWidth
		case boxLeft:
			return f.w.cascaded(n, sideInsets[frameSides[m][3]])
		case boxRight:
			return f.w.cascaded(n, sideInsets[frameSides[m][1]])
		case boxMarginLeft:
			return f.w.cascaded(n, sideMargins[frameSides[m][3]])
		case boxMarginRight:
			return f.w.cascaded(n, sideMargins[frameSides[m][1]])
		}
	}
	return f.w.boxCascaded(n, i)
}

// cascadedIn is cascaded for a property of the horizontal code naming a
// side (margin-top, top…) or an axis (overflow-y), mapped for n's frame.
func (f *flowLayout) cascadedIn(n *dom.Node, prop string) (string, bool) {
	if m := f.frameOf(n); m != wmHorizontal {
		prop = physicalProp(m, prop)
	}
	return f.w.cascaded(n, prop)
}

// lengthIn is length for such a property.
func (f *flowLayout) lengthIn(n *dom.Node, prop string) float64 {
	if m := f.frameOf(n); m != wmHorizontal {
		prop = physicalProp(m, prop)
	}
	return f.length(n, prop)
}

// physicalProp is the physical property the horizontal code's prop reads
// in mode m.
func physicalProp(m writingMode, prop string) string {
	for _, names := range [...]*[4]string{&sideMargins, &sidePaddings, &sideInsets} {
		for s, name := range names {
			if name == prop {
				return names[frameSides[m][s]]
			}
		}
	}
	switch prop {
	case "overflow-y":
		return "overflow-x"
	case "overflow-x":
		return "overflow-y"
	}
	return prop
}

// orthogonal tells whether n, a block container, lays its content out in
// axes other than its frame's: a vertical box in a horizontal one or the
// reverse, or a vertical root (in the horizontal viewport's frame, the
// estimate's physical one).
func (f *flowLayout) orthogonal(n *dom.Node) bool {
	return f.lineAlignOf(n).ortho && !f.inlineLevel(n)
}

// orthoInline is the inline size of the content box of n, an orthogonal
// box: its own size along its frame's block axis, else fit-content in the
// room its frame gives along that axis (the frame's definite block size,
// else the viewport's).
// https://drafts.csswg.org/css-writing-modes/#orthogonal-auto
func (f *flowLayout) orthoInline(n *dom.Node) float64 {
	if own, ok := f.ownHeight(n); ok {
		return max(own-f.vPads(n), 0)
	}
	p := f.w.flatParent(n)
	if p == nil {
		// the root fills the viewport's height
		return max(f.clamp(n, f.vh-f.edgeOf(n, 0)-f.edgeOf(n, 1)-f.vPads(n)), 0)
	}
	avail := -1.0
	if f.depth < maxFlowDepth {
		f.depth++
		avail = f.definite(p)
		f.depth--
	}
	if avail < 0 {
		avail = f.vh
		if f.frameOf(n).vertical() {
			avail = f.vw
		}
	}
	avail -= f.edgeOf(n, 0) + f.edgeOf(n, 1) + f.vPads(n)
	b := f.box(n)
	if b.measuring && !b.laidOut {
		return max(avail, 0)
	}
	mn, mx := f.contentIntrinsic(n)
	return max(f.clamp(n, min(max(mn, avail), mx)), 0)
}

// orthoBlock is the extent of n, an orthogonal box, along its frame's
// inline axis: its content's block size with its paddings and borders
// (along that axis), unless its style sizes it.
func (f *flowLayout) orthoBlock(n *dom.Node, b *flowBox) float64 {
	if !b.laidOut {
		b.laidOut = true
		f.layouts++
		f.depth++
		b.content = f.layoutContent(n)
		f.depth--
	}
	return b.content + f.hEdgesOfBox(n, b).inner()
}

// verticalOnChain tells whether a box of chain lays its content out in a
// vertical writing mode.
func (f *flowLayout) verticalOnChain(chain []*dom.Node) bool {
	for _, a := range chain {
		if f.modeOf(a) != wmHorizontal {
			return true
		}
	}
	return false
}

// rectInModes is flowRect for a chain (from the element up to the root)
// on which a box lays its content out in a vertical writing mode: each box
// is placed in the logical axes of the box that lays it out and mapped to
// physical coordinates in that box's content box.
func (f *flowLayout) rectInModes(chain []*dom.Node) flowBounds {
	root := chain[len(chain)-1]
	e := f.hEdgesOf(root)
	r := flowBounds{left: e.marL, width: f.borderWidth(root), height: f.height(root)}
	if f.modeOf(root) == wmVerticalRL {
		// a vertical-rl page starts at the right of the viewport
		r.left = f.vw - e.marR - r.width
	}
	// rects are the border boxes of the chain's boxes walked (a sticky
	// box's scrollport is among them)
	var rectsArr [16]flowBounds
	rects := rectsArr[:0]
	if len(chain) > len(rectsArr) {
		rects = make([]flowBounds, 0, len(chain))
	}
	rects = rects[:len(chain)]
	rects[len(chain)-1] = r
	for i := len(chain) - 1; i > 0; {
		a := chain[i]
		j := f.placedNext(chain, i)
		c := chain[j]
		// a's content box: its edges, named in its frame's axes, on their
		// physical sides
		pad, bor := f.physEdges(a)
		var phys [4]float64
		for k := range phys {
			phys[k] = pad[k] + bor[k]
		}
		phys[frameSides[f.frameOf(a)][0]] += f.contentDown(a)
		m := f.modeOf(a)
		cx, cy := r.left+phys[3], r.top+phys[0]
		cw, ch := r.width-phys[1]-phys[3], r.height-phys[0]-phys[2]
		// c in a's logical axes
		cb := f.box(c)
		ly := f.offset(a, c)
		lx := cb.x
		switch p := f.pos(c); p {
		case "fixed", "absolute":
			// from a's padding box (a taken as the containing block)
			if t, ok := f.insetTop(c); ok {
				ly = t - pad[frameSides[m][0]]
			}
			if x, ok := f.insetLeft(c, f.cbWidth(c, f.width(a))); ok {
				lx = x - pad[frameSides[m][3]]
			}
		case "relative":
			ly += f.relativeShift(c)
			lx += f.relativeShiftX(c)
		}
		x, y, w, h := m.toPhysical(lx, ly, f.borderWidth(c), f.height(c), cw, ch)
		nr := flowBounds{left: cx + x, top: cy + y, width: w, height: h}
		if f.pos(c) == "sticky" {
			dx, dy := f.w.stickyInModes(f, chain, i, j, rects, nr, flowBounds{left: cx, top: cy, width: cw, height: ch})
			nr.left, nr.top = nr.left+dx, nr.top+dy
		}
		r, rects[j] = nr, nr
		i = j
	}
	return r
}

// placedNext is the index in chain (an element, then its ancestors up to
// the root) of the box chain[i] places on the way down to chain[0]: the
// next one down that is not on one of its lines (inline-level), or, when
// chain[i] is a flex or grid container, not display: contents (a slot's
// children, by default, are its items).
func (f *flowLayout) placedNext(chain []*dom.Node, i int) int {
	j := i - 1
	if !f.itemsOf(chain[i]) {
		for j > 0 && f.inlineLevel(chain[j]) {
			j--
		}
	} else {
		for j > 0 && f.display(chain[j]) == "contents" {
			j--
		}
	}
	return j
}

// physEdges is n's paddings and borders on their physical sides (0 top, 1
// right, 2 bottom, 3 left).
func (f *flowLayout) physEdges(n *dom.Node) (pad, bor [4]float64) {
	e := f.hEdgesOf(n)
	namedPad := [4]float64{f.edgeOf(n, 2), e.padR, f.edgeOf(n, 3), e.padL}
	namedBor := [4]float64{f.edgeOf(n, 4), e.borR, f.edgeOf(n, 5), e.borL}
	for k, s := range frameSides[f.frameOf(n)] {
		pad[s], bor[s] = namedPad[k], namedBor[k]
	}
	return pad, bor
}

// inModes tells whether n or the box that lays it out has a vertical
// writing mode.
func (f *flowLayout) inModes(n *dom.Node) bool {
	a := f.lineAlignOf(n)
	return a.wm.vertical() || a.frame.vertical()
}

// scrollSizeInModes is the physical scrollWidth and scrollHeight of n's
// content with its paddings (not yet at least its client size) when n or
// its frame is vertical: its content's block size along its block axis,
// the reach of its lines along its inline axis.
func (f *flowLayout) scrollSizeInModes(n *dom.Node) (w, h float64) {
	pad, bor := f.physEdges(n)
	m := f.modeOf(n)
	s := frameSides[m]
	block := f.layout(n) + pad[s[0]] + pad[s[2]]
	if _, r, ok := f.w.geometry(n); ok && f.w.scrollsOverflow(n) && f.reverseColumn(n) {
		// the origin of the scrolling area of a column-reverse scroll
		// container is at its block end (flexScrollOrigin): it scrolls
		// to what its items overflow before its block start, from its
		// padding box, not to what they overflow past its end (a
		// vertical-rl column-reverse 100px wide holding two items 80px
		// wide scrolls 160 wide, to the right; centred, 130)
		block = r.height - bor[0] - bor[2]
		if m.vertical() {
			block = r.width - bor[1] - bor[3]
		}
		block += f.itemsBefore(n)
	}
	b := f.box(n)
	inline := max(b.extent, b.bext) - min(b.lext, 0) + pad[s[1]] + pad[s[3]]
	if m.vertical() {
		return block, inline
	}
	return inline, block
}

// reverseColumn tells whether n is a flex container whose main axis is
// its block axis in reverse (flex-direction: column-reverse).
func (f *flowLayout) reverseColumn(n *dom.Node) bool {
	switch f.display(n) {
	case "flex", "inline-flex":
	default:
		return false
	}
	dir, _ := f.cascadedKeyword(n, "flex-direction")
	return dir == "column-reverse"
}
