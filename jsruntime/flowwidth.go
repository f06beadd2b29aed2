package jsruntime

import (
	"cmp"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/atom"
)

// The horizontal half of the flow estimate (flow.go): how wide each box is
// and where its left edge lies in the container that laid it out. A
// container assigns its children their widths when it lays them out, top
// down, as CSS does: a block fills its containing block less its margins,
// an inline-block, a float, an absolutely positioned box or a table shrinks
// to fit its content (min(max(min-content, available), max-content)), a
// form control or an image takes its own size, the items of a flex row
// share the row by their bases, grow and shrink factors, a grid's items
// take their column tracks and a table's cells their columns (auto table
// layout from the cells' min- and max-content widths). Inline boxes are as
// wide as the text they hold on their line.
//
// The min- and max-content widths of a box are kept until a mutation in
// its subtree; the width a container assigns is kept too, and a box laid
// out at another width than the one it is now assigned is laid out again,
// so a change that widens one flex item or table column lays out again
// the siblings it narrows, not the page.

// hEdges are the horizontal paddings, borders and margins of a box.
type hEdges struct {
	padL, padR, borL, borR, marL, marR float64
	autoL, autoR                       bool
	// pct tells which of n's paddings and margins (pctPadL…) are
	// percentages of its containing block's width: they count for
	// nothing in its contribution to its container's intrinsic widths
	// (intrinsic, outerIntrinsic), and resolve against the width its
	// container lays it out in (percentEdges)
	pct uint8
	// resolved tells that percentEdges last resolved them against basis,
	// the vertical ones too when resolvedV
	resolved, resolvedV bool
	basis               float64
}

// The bits of hEdges.pct, horizontal sides first.
const (
	pctPadL uint8 = 1 << iota
	pctPadR
	pctMarL
	pctMarR
	pctPadT
	pctPadB
	pctMarT
	pctMarB
)

// percentProps are the properties of hEdges.pct's bits, in order.
var percentProps = [8]string{"padding-left", "padding-right", "margin-left", "margin-right",
	"padding-top", "padding-bottom", "margin-top", "margin-bottom"}

// percentSide is the percentage of n's edge property percentProps[i] (as
// written, num, and its value), ok false when it is not one.
func (f *flowLayout) percentSide(n *dom.Node, i int) (num string, pct float64, ok bool) {
	var v string
	switch i {
	case 0, 1:
		v, _ = f.w.boxCascaded(n, boxPaddingTop+3-2*i)
	case 2:
		v, _ = f.w.boxCascaded(n, boxMarginLeft)
	case 3:
		v, _ = f.w.boxCascaded(n, boxMarginRight)
	case 4, 5:
		v, _ = f.w.boxCascaded(n, boxPaddingTop+2*(i-4))
	default:
		v, _ = f.w.cascaded(n, percentProps[i])
	}
	num, isPct := strings.CutSuffix(strings.TrimSpace(v), "%")
	if !isPct {
		return "", 0, false
	}
	x, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return "", 0, false
	}
	return num, x, true
}

// percentSides is the pct bits of n, a block-level box or an atomic
// inline in a horizontal frame: which of its paddings and margins are
// percentages.
func (f *flowLayout) percentSides(n *dom.Node) (pct uint8) {
	if f.frameOf(n) != wmHorizontal || n.Namespace != "" {
		return 0
	}
	for i := range percentProps {
		if _, _, ok := f.percentSide(n, i); ok {
			pct |= 1 << i
		}
	}
	return pct
}

// percentBasis is the width the percentages of n's paddings and margins
// resolve against once its container lays it out: the content width of
// its containing block, a block container or a flex container, when that
// is known, or a grid item's grid area's width; ok is false for an
// out-of-flow box and a box whose container is not laid out yet.
// https://drafts.csswg.org/css-box-4/#padding-physical
func (f *flowLayout) percentBasis(n *dom.Node) (float64, bool) {
	if p := f.pos(n); p == "absolute" || p == "fixed" {
		return 0, false
	}
	c := f.widthContainer(n)
	if c == nil {
		return 0, false
	}
	cb := f.box(c)
	switch f.displayOfBox(c, cb) {
	case "grid", "inline-grid":
		// a grid item's are of its grid area's width, once its grid
		// has laid its columns out (gridContent); before, they count
		// for nothing in its contributions (outerIntrinsic)
		if b := f.box(n); b.areaW > 0 && !f.orthogonal(c) {
			return b.areaW, true
		}
		return 0, false
	case "table", "inline-table", "table-row", "table-row-group", "table-header-group",
		"table-footer-group", "table-column", "table-column-group", "contents", "none":
		return 0, false
	}
	if !cb.widthSet || f.orthogonal(c) {
		return 0, false
	}
	return max(cb.bw-f.hEdgesOfBox(c, cb).inner(), 0), true
}

// percentEdges resolves the percentage paddings and margins of n, whose
// box is b (hEdges.pct), against percentBasis, in Chromium's layout unit,
// in b's horizontal edges and, when they are known, its vertical ones: a
// 5% padding of an item of an inline-flex 15.109375px wide is 0.75px.
func (f *flowLayout) percentEdges(n *dom.Node, b *flowBox) {
	basis, ok := f.percentBasis(n)
	if !ok {
		return
	}
	e := &b.hedges
	vert := b.known&knownEdges != 0
	if e.resolved && e.basis == basis && (e.resolvedV || !vert) {
		return // the edges of the last call stand
	}
	e.resolved, e.resolvedV, e.basis = true, vert, basis
	for i := range percentProps {
		if e.pct&(1<<i) == 0 || i >= 4 && !vert {
			continue
		}
		num, pct, ok := f.percentSide(n, i)
		if !ok {
			continue
		}
		x := layoutUnit(declaredPercentOf(num, pct, basis))
		switch i {
		case 0:
			e.padL = max(x, 0)
		case 1:
			e.padR = max(x, 0)
		case 2:
			e.marL = x
		case 3:
			e.marR = x
		default:
			// margin-top, margin-bottom, padding-top, padding-bottom
			k := [4]int{2, 3, 0, 1}[i-4]
			if k >= 2 {
				x = max(x, 0)
			}
			b.edges[k] = x
		}
	}
}

// percentSum is the sum of those of e's horizontal paddings and margins
// that are percentages and whose bits (pctPadL…) mask holds.
func (e *hEdges) percentSum(mask uint8) (x float64) {
	m := e.pct & mask
	if m&pctPadL != 0 {
		x += e.padL
	}
	if m&pctPadR != 0 {
		x += e.padR
	}
	if m&pctMarL != 0 {
		x += e.marL
	}
	if m&pctMarR != 0 {
		x += e.marR
	}
	return x
}

// inner is the paddings and borders; outer the margins.
func (e *hEdges) inner() float64 { return e.padL + e.padR + e.borL + e.borR }
func (e *hEdges) outer() float64 { return e.marL + e.marR }

// hEdgesOf is n's horizontal edges, kept with its box.
func (f *flowLayout) hEdgesOf(n *dom.Node) *hEdges { return f.hEdgesOfBox(n, f.box(n)) }

// hEdgesOfBox is hEdgesOf for n, whose box is b.
func (f *flowLayout) hEdgesOfBox(n *dom.Node, b *flowBox) *hEdges {
	if b.known&knownHEdges != 0 {
		if b.hedges.pct != 0 {
			f.percentEdges(n, b)
		}
		return &b.hedges
	}
	b.known |= knownHEdges
	if f.displayOfBox(n, b) == "contents" {
		b.hedges = hEdges{} // no box: no margin, border or padding
		return &b.hedges
	}
	e := hEdges{padL: max(f.lengthIn(n, "padding-left"), 0), padR: max(f.lengthIn(n, "padding-right"), 0)}
	if f.paddingless(n, b) {
		e.padL, e.padR = 0, 0
	}
	if b.disp == "table-cell" {
		// a cell's percentage paddings count for nothing in its
		// columns' widths; its row gives them (cellPercentEdges)
		if pct, ok := f.cellPercents(n); ok {
			e.padL, e.padR = noPercent(pct[3], e.padL), noPercent(pct[1], e.padR)
		}
	}
	e.borL, e.borR = f.usedBorder(n, f.side(n, 3)), f.usedBorder(n, f.side(n, 1))
	if b.disp != "table-cell" && !f.paddingless(n, b) && !f.marginless(n, b) && !f.inlineLevelBox(n, b) {
		e.pct = f.percentSides(n)
	}
	if f.marginless(n, b) {
		b.hedges = e
		return &b.hedges
	}
	if v, _ := f.boxCascadedIn(n, boxMarginLeft); strings.TrimSpace(v) == "auto" {
		e.autoL = true
	} else {
		e.marL = f.lengthIn(n, "margin-left")
	}
	if v, _ := f.boxCascadedIn(n, boxMarginRight); strings.TrimSpace(v) == "auto" {
		e.autoR = true
	} else {
		e.marR = f.lengthIn(n, "margin-right")
	}
	if f.inlineLevelBox(n, b) && f.frameOf(n) == wmHorizontal {
		e.marL, e.marR = f.inlinePercentEdge(n, "margin-left", e.marL), f.inlinePercentEdge(n, "margin-right", e.marR)
		if !f.paddingless(n, b) {
			e.padL, e.padR = max(f.inlinePercentEdge(n, "padding-left", e.padL), 0), max(f.inlinePercentEdge(n, "padding-right", e.padR), 0)
		}
		// resolved again against its containing block's width once
		// that block is laid out (percentEdges): measured before, while
		// the block's intrinsic widths are, they stay 0 (an `<a
		// style="margin: 0 5%">` in a fit-content paragraph); its
		// vertical margins do nothing
		if b.disp != "contents" {
			e.pct = f.percentSides(n) &^ (pctMarT | pctMarB)
		}
	}
	b.hedges = e
	if e.pct != 0 {
		f.percentEdges(n, b)
	}
	return &b.hedges
}

// inlinePercentEdge is the used margin or padding prop (margin-left,
// padding-right…) of n, an inline box, whose length is x: a percentage,
// which its computed value keeps (getComputedStyle reads 10%), resolves
// against the width of its containing block, the nearest block container
// around it, as a block's does.
// https://drafts.csswg.org/css-box-4/#margin-physical
func (f *flowLayout) inlinePercentEdge(n *dom.Node, prop string, x float64) float64 {
	if x != 0 {
		return x
	}
	v, _ := f.w.uaComputed(n, prop)
	if !strings.Contains(v, "%") {
		return x
	}
	cb := f.boxParent(n) // a ::before or ::after box's host too
	for i := 0; cb != nil && i < maxBoxDepth && f.inlineLevel(cb); i++ {
		cb = f.w.flatParent(cb)
	}
	if cb == nil {
		return x
	}
	used, ok := f.w.percentOf(n, v, f.width(cb))
	if !ok {
		return x
	}
	px, err := strconv.ParseFloat(strings.TrimSuffix(used, "px"), 64)
	if err != nil {
		return x
	}
	return px
}

// cellPercents reads the percentage paddings of n, a table cell in a
// horizontal frame: each side's percentage (top, right, bottom, left), -1
// for a side with none; ok is false when no side has one.
func (f *flowLayout) cellPercents(n *dom.Node) (pct [4]float64, ok bool) {
	b := f.box(n)
	if b.known&(knownCellPct|cellPct) == knownCellPct {
		return pct, false
	}
	b.known |= knownCellPct
	if f.frameOf(n) != wmHorizontal {
		return pct, false
	}
	for i, prop := range sidePaddings {
		pct[i] = -1
		v, has := f.w.cascaded(n, prop)
		if !has {
			continue
		}
		num, isPct := strings.CutSuffix(strings.TrimSpace(v), "%")
		if !isPct {
			continue
		}
		if x, err := strconv.ParseFloat(num, 64); err == nil && x >= 0 && !math.IsInf(x, 0) {
			pct[i], ok = x, true
		}
	}
	if ok {
		b.known |= cellPct
	}
	return pct, ok
}

// noPercent is a side's padding, x, while the basis of its percentage pct
// (-1 for none) is not known: 0 for a percentage.
func noPercent(pct, x float64) float64 {
	if pct >= 0 {
		return 0
	}
	return x
}

// cellPercentEdges gives c, a table cell whose box is cb in a row width
// wide, its percentage paddings, as Chromium 156 does: those of its left
// and right of the row's width (the table's content box less the border
// spacing at its sides), those of its top and bottom, which its row's
// height takes, of the table's content box. (Its columns took them as 0:
// hEdgesOfBox.) A 5% top padding in a 400px table is 20px.
func (f *flowLayout) cellPercentEdges(c *dom.Node, cb *flowBox, width, tableW float64) {
	pct, ok := f.cellPercents(c)
	if !ok {
		return
	}
	e := f.hEdgesOfBox(c, cb)
	f.edgeOfBox(c, cb, 0)
	was := [4]float64{cb.edges[2], e.padR, cb.edges[3], e.padL}
	now := was
	for i, p := range pct {
		if p < 0 {
			continue
		}
		basis := width
		if i%2 == 0 {
			basis = tableW
		}
		now[i] = layoutUnit(percentOfLength(p, max(basis, 0)))
	}
	if now == was {
		return
	}
	cb.edges[2], e.padR, cb.edges[3], e.padL = now[0], now[1], now[2], now[3]
	cb.laidOut, cb.heightKnown = false, false
}

// paddingless tells whether n, whose box is b, has no padding whatever
// its style: a table in the collapsing border model, as in Chromium.
// https://drafts.csswg.org/css-tables-3/#collapsed-style-overrides
func (f *flowLayout) paddingless(n *dom.Node, b *flowBox) bool {
	switch f.displayOfBox(n, b) {
	case "table", "inline-table":
		return f.collapsingTable(n) == n
	case "table-row", "table-row-group", "table-header-group", "table-footer-group", "table-column", "table-column-group":
		// padding does not apply to them (MVP.css pads its table's
		// rows as it pads the cells)
		// https://drafts.csswg.org/css2/#padding-properties
		return true
	}
	return false
}

// marginless tells whether margins do not apply to n's box: the internal
// boxes of a table, its cells included (not its caption).
// https://drafts.csswg.org/css2/#margin-properties
func (f *flowLayout) marginless(n *dom.Node, b *flowBox) bool {
	switch f.displayOfBox(n, b) {
	case "table-row", "table-row-group", "table-header-group", "table-footer-group", "table-column", "table-column-group", "table-cell":
		return true
	}
	return false
}

// hStyle is what sizing a box horizontally reads of its style, kept with
// its box (the cascade's own memo lasts one version of the document, and
// a write/measure loop would match every child of a list again at each
// read).
type hStyle struct {
	width, minWidth, maxWidth, basis   string
	hasWidth, hasMin, hasMax, hasBasis bool
	borderBox                          bool
	// ratio tells that aspect-ratio is not auto (boxRatio)
	ratio                             bool
	grow, shrink                      float64
	alignSelf, justifySelf, overflowX string
}

// hStyleOf is n's hStyle.
func (f *flowLayout) hStyleOf(n *dom.Node) *hStyle { return f.hStyleOfBox(n, f.box(n)) }

// hStyleOfBox is hStyleOf for n, whose box is b.
func (f *flowLayout) hStyleOfBox(n *dom.Node, b *flowBox) *hStyle {
	if b.known&knownHStyle != 0 {
		return &b.hstyle
	}
	b.known |= knownHStyle
	st := &b.hstyle
	st.width, st.hasWidth = f.boxCascadedIn(n, boxWidth)
	st.minWidth, st.hasMin = f.boxCascadedIn(n, boxMinWidth)
	st.maxWidth, st.hasMax = f.boxCascadedIn(n, boxMaxWidth)
	v, _ := f.w.boxCascaded(n, boxSizing)
	st.borderBox = ascii.EqualFold(strings.TrimSpace(v), "border-box")
	v, ok := f.w.boxCascaded(n, boxAspectRatio)
	st.ratio = ok && !ascii.EqualFold(strings.TrimSpace(v), "auto")
	if f.displayOfBox(n, b); b.known&fallbackInline != 0 {
		// an inline broken image's fallback box shrinks to fit
		st.width, st.hasWidth, st.ratio = "", false, false
	} else if b.known&fallbackSquare != 0 && !specifiedSize(st.width, st.hasWidth) {
		// quirks mode: a broken image's height stands for its width
		st.width, st.hasWidth = f.boxCascadedIn(n, boxHeight)
	}
	if p := f.boxParent(n); p != nil && f.itemsOf(p) {
		st.basis, st.hasBasis = f.w.cascaded(n, "flex-basis")
		st.grow = f.flexFactor(n, "flex-grow", 0)
		st.shrink = f.flexFactor(n, "flex-shrink", 1)
		st.alignSelf, _ = f.cascadedKeyword(n, "align-self")
		st.justifySelf, _ = f.cascadedKeyword(n, "justify-self")
		st.overflowX, _ = f.cascadedIn(n, "overflow-x")
	}
	return st
}

// whiteSpace tells how n's text wraps: nowrap when its lines do not wrap
// (text-wrap-mode: nowrap: white-space nowrap or pre), pre when its white
// space is kept (white-space-collapse preserve or break-spaces; its
// newlines break lines). From whiteSpaceOf (csswhitespace.go); the box's
// preLine tells pre-line (preserve-breaks) apart from collapse.
func (f *flowLayout) whiteSpace(n *dom.Node) (nowrap, pre bool) {
	b := f.box(n)
	if b.known&knownWhiteSpace == 0 {
		b.known |= knownWhiteSpace
		ws := f.w.whiteSpaceOf(n)
		b.nowrap, b.pre = !ws.Wraps(), !ws.CollapsesSpaces()
		b.preLine = ws.Collapse() == dom.WSPreserveBreaks
		b.breakSpaces = ws.BreakSpaces() && !b.nowrap
	}
	return b.nowrap, b.pre
}

// wrapMode is how the words of n's text break: its computed word-break
// and overflow-wrap, each declared on n or inherited from its parent's box
// (memoized per box: most pages declare neither, and a cascade lookup that
// finds nothing costs no memo of its own).
func (f *flowLayout) wrapMode(n *dom.Node) wrapMode { return f.wrapModeAt(n, 0) }

func (f *flowLayout) wrapModeAt(n *dom.Node, depth int) wrapMode {
	b := f.box(n)
	if b.known&knownWrap == 0 {
		var m wrapMode
		if p := f.w.styleParent(n); p != nil && p.IsElement() && depth < maxBoxDepth {
			m = f.wrapModeAt(p, depth+1)
		}
		if v, ok := f.w.declaredSVGProp(n, "word-break"); ok {
			m = m&^wordBreakBits | wordBreakMode(v)
		}
		if v, ok := f.w.declaredSVGProp(n, "overflow-wrap"); ok {
			m = m&^overflowWrapBits | overflowWrapMode(v)
		}
		b.known |= knownWrap
		b.wrap = m
	}
	return b.wrap
}

// widthContainer is the box that lays n out: its nearest ancestor that is
// not an inline box (whose children flow on the container's lines), the
// host of a ::before or ::after box counting as its parent.
func (f *flowLayout) widthContainer(n *dom.Node) *dom.Node {
	for a := f.boxParent(n); a != nil; a = f.w.flatParent(a) {
		if !f.inlineLevel(a) {
			return a
		}
	}
	return nil
}

// borderWidth is the width of n's border box: as its container assigned
// it when it laid n out, else (the root, a box its container does not lay
// out) from its own style.
func (f *flowLayout) borderWidth(n *dom.Node) float64 {
	if isForeignObject(n) {
		return f.w.foreignObjectWidth(n) // flowforeign.go
	}
	b := f.box(n)
	if b.widthSet {
		return b.bw
	}
	c := f.widthContainer(n)
	if c != nil && f.depth < maxFlowDepth {
		if cb := f.box(c); !cb.measuring && !cb.laidOut {
			f.depth++
			f.layout(c)
			f.depth--
		}
		if b.widthSet {
			return b.bw
		}
	}
	var w float64
	switch {
	case c == nil:
		// the root: the viewport less its margins
		e := f.hEdgesOf(n)
		w = f.vw - e.outer()
		if cw, ok := f.cssWidth(n, f.vw); ok {
			w = cw
		} else if f.orthogonal(n) {
			w = f.orthoBlock(n, b) // a vertical root
		}
	case f.inlineLevel(n):
		w = f.hEdgesOf(n).inner()
	default:
		// out of flow, or left out by its container: shrinks to fit
		// (or fills when anchored on both sides)
		w = f.outOfFlowWidth(n, f.width(c), 0)
	}
	b.bw, b.widthSet, b.widthFallback = max(w, 0), true, true
	return b.bw
}

// placeOutOfFlow gives the absolutely positioned and fixed children of n,
// a container laying out items, their widths and left edges in its
// content box, width wide. In a flex container their static position is
// where they would be as its sole item: justify-content places them along
// a row, align-self (align-items) across a column (flexStaticTop places
// them along the other axis); in a grid container that is not their
// containing block, as its sole item in its content box, justify-self
// (justify-items) places them (gridAbsSelf; gridStaticTop down).
// https://drafts.csswg.org/css-flexbox/#abspos-items
func (f *flowLayout) placeOutOfFlow(n *dom.Node, width float64) {
	var flexAlign string
	row, rtl, wrapRev := true, f.lineAlignOf(n).rtlFlow(), false
	d := f.display(n)
	flex := d == "flex" || d == "inline-flex"
	if flex {
		dir, _ := f.cascadedKeyword(n, "flex-direction")
		if row = !strings.HasPrefix(dir, "column"); row {
			flexAlign, _ = f.cascadedKeyword(n, "justify-content")
			flexAlign = staticJustify(flexAlign)
			if strings.HasSuffix(dir, "reverse") {
				flexAlign = reverseJustify(flexAlign)
			}
			if rtl {
				// left and right are physical: the mirroring below
				// swaps them back
				flexAlign = swapLeftRight(flexAlign)
			}
		} else {
			flexAlign, _ = f.cascadedKeyword(n, "align-items")
			wrap, _ := f.cascadedKeyword(n, "flex-wrap")
			wrapRev = wrap == "wrap-reverse"
		}
	}
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() {
			continue
		}
		if cb := f.box(c); f.skippedBox(c, cb) && f.displayOfBox(c, cb) != "none" {
			f.setWidth(c, cb, f.outOfFlowWidth(c, width, 0))
			static := 0.0
			if flex {
				a := flexAlign
				if !row {
					if a = staticSelf(f.alignOf(c, flexAlign)); wrapRev {
						a = wrapReversed(a)
					}
				}
				static = staticShift(a, width-cb.bw-f.hEdgesOfBox(c, cb).outer())
			} else if f.isGrid(n) && f.gridAbsParent(c) == nil {
				// as the grid's sole item, in its content box
				a := f.gridAbsSelf(n, c, true)
				if rtl {
					a = swapLeftRight(a)
				}
				static = staticShift(a, width-cb.bw-f.hEdgesOfBox(c, cb).outer())
			}
			cb.x = f.outOfFlowX(c, static)
			if rtl {
				cb.x = mirrorX(cb.x, cb.bw, width, f.hEdgesOfBox(c, cb))
			}
		}
	}
}

// soleItemShift is where the margin box of c, an absolutely positioned
// child of h, a flex or grid container, lies as h's sole item from the
// start of h's content box (of its grid area), the room it leaves being
// freeX wide and freeY tall: as placeOutOfFlow, flexStaticTop and
// gridStaticTop place an element, for a ::before or ::after box whose
// size only pseudoReach knows (nes.css's centered frame).
func (f *flowLayout) soleItemShift(h, c *dom.Node, freeX, freeY float64) (dx, dy float64) {
	rtl := f.lineAlignOf(h).rtlFlow()
	var ax, ay string
	if f.isGrid(h) {
		ax, ay = f.gridAbsSelf(h, c, true), f.gridAbsSelf(h, c, false)
		if rtl {
			ax = swapLeftRight(ax)
		}
	} else {
		dir, _ := f.cascadedKeyword(h, "flex-direction")
		justify, _ := f.cascadedKeyword(h, "justify-content")
		justify = staticJustify(justify)
		if strings.HasSuffix(dir, "reverse") {
			justify = reverseJustify(justify)
		}
		items, _ := f.cascadedKeyword(h, "align-items")
		wrap, _ := f.cascadedKeyword(h, "flex-wrap")
		cross := staticSelf(f.alignOf(c, items))
		if wrap == "wrap-reverse" {
			cross = wrapReversed(cross)
		}
		if strings.HasPrefix(dir, "column") {
			ax, ay = cross, justify
		} else {
			ax, ay = justify, cross
			if rtl {
				ax = swapLeftRight(ax)
			}
		}
	}
	dx, dy = staticShift(ax, freeX), staticShift(ay, freeY)
	if rtl {
		dx = freeX - dx
	}
	return dx, dy
}

// staticShift is how far alignment v puts the static position of an
// absolutely positioned child of a flex container from the start of the
// room free (negative when it overflows) that its margin box leaves: as
// its sole item, so the distributions fall back to the start
// (space-between) or the center.
func staticShift(v string, free float64) float64 {
	switch strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(v, "safe "), "unsafe ")) {
	case "center", "space-around", "space-evenly":
		return layoutUnit(free / 2) // halved in layout units, toward zero
	case "flex-end", "end", "right", "self-end":
		return free
	}
	return 0
}

// staticJustify is justify-content v as it places the static position of
// an absolutely positioned child of a flex container, its sole item:
// space-between falls back to flex-start (of a reversed row or column
// too; reverseJustify then moves it to the other side).
func staticJustify(v string) string {
	if strings.TrimSpace(v) == "space-between" {
		return "flex-start"
	}
	return v
}

// staticSelf is align-self v as it places the static position of an
// absolutely positioned child of a flex container, which has no
// baseline to share: a first baseline falls back to start, a last one to
// end, of the container's writing mode (not the flex line's, which a
// wrap-reverse container reverses), as Chromium does.
func staticSelf(v string) string {
	switch strings.TrimSpace(v) {
	case "baseline", "first baseline":
		return "start"
	case "last baseline":
		return "end"
	}
	return v
}

// swapLeftRight is justify-content v with left and right swapped.
func swapLeftRight(v string) string {
	prefix := ""
	if i := strings.LastIndexByte(v, ' '); i >= 0 {
		prefix, v = v[:i+1], v[i+1:]
	}
	switch v {
	case "left":
		return prefix + "right"
	case "right":
		return prefix + "left"
	}
	return prefix + v
}

// reverseJustify is the justify-content of a reversed flex row as if it
// were not reversed: its start is at the right.
func reverseJustify(v string) string {
	switch strings.TrimSpace(v) {
	case "", "normal", "flex-start", "stretch":
		return "flex-end"
	case "flex-end":
		return "flex-start"
	}
	return v
}

// setWidth records the border-box width c's container assigns it; a box
// laid out at another width is laid out again.
func (f *flowLayout) setWidth(c *dom.Node, cb *flowBox, w float64) {
	w = max(w, 0)
	cb.widthFallback = false
	if cb.widthSet && cb.bw == w {
		return
	}
	if cb.widthSet {
		cb.laidOut, cb.heightKnown = false, false
	}
	cb.bw, cb.widthSet = w, true
}

// cssWidth is n's width from the cascade as a border box, percentages of
// basis (none when basis < 0), clamped by min-width and max-width; ok is
// false for auto and what cannot be resolved.
func (f *flowLayout) cssWidth(n *dom.Node, basis float64) (float64, bool) {
	room := -1.0
	if basis >= 0 {
		room = basis - f.hEdgesOf(n).outer()
	}
	return f.cssWidthIn(n, basis, room)
}

// cssWidthIn is cssWidth with room, what a min-width or max-width of
// stretch fills (clampWidthIn).
func (f *flowLayout) cssWidthIn(n *dom.Node, basis, room float64) (float64, bool) {
	st := f.hStyleOf(n)
	var px float64
	e := f.hEdgesOf(n)
	if !st.hasWidth {
		// an auto width of a box with an aspect-ratio and a definite
		// height is that height through the ratio, whatever its
		// formatting context (a block does not fill its line then)
		// https://drafts.csswg.org/css-sizing-4/#aspect-ratio
		r, ok := f.boxRatio(n)
		if !ok {
			return 0, false
		}
		own, ok := f.ownHeight(n)
		if !ok {
			return 0, false
		}
		if f.borderBoxSizing(n) {
			px = layoutUnit(own * r)
		} else {
			px = layoutUnit(max(own-f.vPads(n), 0)*r) + e.inner()
		}
	} else {
		var ok bool
		if px, ok = f.hLength(n, st.width, basis); !ok {
			return 0, false
		}
		if !f.borderBoxSizing(n) {
			px += e.inner()
		}
	}
	return f.tableFloor(n, max(f.clampWidthIn(n, px, basis, room), e.inner())), true
}

// tableFloor is the border-box width w given n, at least its columns'
// widths when n is a table: a table is never narrower than their
// min-content widths, or in the fixed layout their widths, nor than its
// captions' min-content widths, whatever its width or the width a flex
// column or a grid area stretches it to.
// https://drafts.csswg.org/css-tables-3/#used-width-of-table
func (f *flowLayout) tableFloor(n *dom.Node, w float64) float64 {
	if d := f.display(n); d == "table" || d == "inline-table" {
		e := f.hEdgesOf(n)
		t := f.tableColumnsOf(n)
		if t.layoutFixed {
			w = max(w, t.fixedWidth()+e.inner())
		} else {
			w = max(w, t.sumMin()+t.spacing()+e.inner())
		}
		w = max(w, t.captionMin)
	}
	return w
}

// hLength resolves a horizontal length: px and other units, a percentage
// of basis, in Chromium's layout unit (1/64 px, toward zero, as a float
// length becomes a LayoutUnit): width: 77.7812px is 77.765625 wide there,
// 12.34% of 1280px 157.9375, 0.01px nothing.
func (f *flowLayout) hLength(n *dom.Node, v string, basis float64) (float64, bool) {
	if num, ok := strings.CutSuffix(strings.TrimSpace(v), "px"); ok {
		if x, err := strconv.ParseFloat(num, 64); err == nil && x >= 0 && x < math.MaxInt32 {
			return specifiedLayoutUnit(num, x), true
		}
	}
	x, ok := f.hLengthExact(n, v, basis)
	return lengthLayoutUnit(x), ok
}

// lengthLayoutUnit is a length of px in Chromium's layout unit: a Length
// holds a float, which the layout unit takes toward zero, so a number the
// float rounds up to a unit is that unit (1000.015615px is 1000.015625
// wide there) and one of more digits than a float keeps takes the float's
// (123456.7px is 123456.703125, not 123456.6875).
func lengthLayoutUnit(px float64) float64 { return layoutUnit(float64(float32(px))) }

// specifiedLayoutUnit is the layout unit of a specified length of x px,
// num as the declaration keeps it. A declaration keeps six significant
// digits (cssvalue.FormatNumber), where Chromium keeps the number the
// page wrote: a width measured from a box (304.453125, a whole number of
// units) and written back is 304.453px here, short of its unit. A
// number of six digits with a unit within half its last digit above it
// (the numbers that print so) is that unit; else it is rounded toward
// zero, as Chromium's own six-digit 77.7812px is (77.765625, the unit
// 77.78125 lying half a digit above).
func specifiedLayoutUnit(num string, x float64) float64 {
	units := lengthLayoutUnit(x) * 64
	var m, scale int64 = 0, 1
	digits, point := 0, false
	for i := 0; i < len(num); i++ {
		c := num[i]
		switch {
		case c == '.':
			point = true
			continue
		case c < '0' || c > '9':
			return units / 64 // an exponent or a sign: as it reads
		}
		if digits > 0 || c != '0' {
			digits++
		}
		m = m*10 + int64(c-'0')
		if point {
			scale *= 10
		}
	}
	if digits != 6 || scale < 100 || x*64-units < 1e-6 {
		// whole, exact, or with several units within half a digit
		// (12345.5px): as it reads
		return units / 64
	}
	// the unit above, c/64, is within half a digit (1/(2·scale)) of
	// m/scale: c·scale − 64·m < 32
	c := int64(units) + 1
	if c*scale-64*m < 32 {
		return float64(c) / 64
	}
	return units / 64
}

// declaredPercentOf is x% of basis px (percentOfLength), num being x as
// the declaration keeps it: six significant digits, where Chromium keeps
// the number the page wrote (specifiedLayoutUnit). Styled System's width
// 1/3, 33.33333333333333%, is kept as 33.3333%, of 1248px 415.99958px
// where Chromium's is 416; so, as for a length, a number of six digits
// whose percentage reaches a layout unit within half its last digit
// above it is that unit (a page that wrote 33.3333% itself gets 416px
// here, 415.984375px in Chromium).
func declaredPercentOf(num string, x, basis float64) float64 {
	v := percentOfLength(x, basis)
	half := halfLastDigit(num)
	if half == 0 {
		return v
	}
	if up := layoutUnit(percentOfLength(x+half, basis)); up > layoutUnit(v) {
		return up
	}
	return v
}

// declaredCalcOf resolves v, a simplified calc() of a percentage and
// maybe a length in px (calc(33.3333%), calc(33.3333% - 10.6667px)), of
// basis px, its numbers as the declaration keeps them: six significant
// digits, where Chromium keeps the calculation's full precision. As for
// a lone percentage (declaredPercentOf), a result whose layout unit above
// lies within the terms' half last digits is that unit: MUI's Grid item,
// calc(100% * 4 / 12 - 8 * (16px / 12)) of 1232px, is 400px in Chromium,
// 399.984375 from the six-digit terms. ok is false for any other value.
func declaredCalcOf(v string, basis float64) (float64, bool) {
	inner, ok := strings.CutPrefix(v, "calc(")
	if !ok {
		return 0, false
	}
	inner, ok = strings.CutSuffix(inner, ")")
	if !ok {
		return 0, false
	}
	pct, rest, _ := strings.Cut(inner, " ")
	pct, ok = strings.CutSuffix(pct, "%")
	p, err := strconv.ParseFloat(pct, 64)
	if !ok || err != nil {
		return 0, false
	}
	x := percentOfLength(p, basis)
	slack := basis * halfLastDigit(pct) / 100
	if rest != "" {
		op, num, _ := strings.Cut(rest, " ")
		num, ok = strings.CutSuffix(num, "px")
		l, err := strconv.ParseFloat(num, 64)
		if !ok || err != nil || op != "+" && op != "-" {
			return 0, false
		}
		if op == "-" {
			l = -l
		}
		x += l
		slack += halfLastDigit(num)
	}
	if x < 0 || x >= math.MaxInt32 {
		return 0, false
	}
	if up := layoutUnit(x) + 1.0/64; slack > 0 && up-x <= slack {
		return up, true
	}
	return x, true
}

// halfLastDigit is half the last digit of num, a number of six
// significant digits with a fraction (the numbers a declaration rounds);
// 0 for any other.
func halfLastDigit(num string) float64 {
	digits, scale := 0, 1.0
	for i := 0; i < len(num); i++ {
		switch c := num[i]; {
		case c == '.':
			scale = 10
		case c < '0' || c > '9':
			return 0 // a sign or an exponent
		default:
			if digits > 0 || c != '0' {
				digits++
			}
			if scale > 1 {
				scale *= 10
			}
		}
	}
	if digits != 6 || scale < 100 {
		return 0
	}
	return 5 / scale
}

// hLengthExact is hLength before it is snapped to the layout unit.
func (f *flowLayout) hLengthExact(n *dom.Node, v string, basis float64) (float64, bool) {
	v = strings.TrimSpace(v)
	switch v {
	case "", "auto", "none", "initial", "unset", "inherit", "revert", "revert-layer", "fit-content", "max-content", "min-content", "-webkit-fill-available", "stretch":
		return 0, false
	}
	if pct, ok := strings.CutSuffix(v, "%"); ok {
		x, err := strconv.ParseFloat(pct, 64)
		if err != nil || basis < 0 || x < 0 {
			return 0, false
		}
		return declaredPercentOf(pct, x, basis), true
	}
	if strings.Contains(v, "%") && basis < 0 {
		return 0, false
	}
	// a length keeps its fraction to the layout unit (width: 10.5px)
	if num, ok := strings.CutSuffix(v, "px"); ok {
		if x, err := strconv.ParseFloat(num, 64); err == nil && x >= 0 && x < math.MaxInt32 {
			return x, true
		}
	}
	if basis >= 0 {
		if x, ok := declaredCalcOf(v, basis); ok {
			return x, true
		}
	}
	ctx := f.w.unitContext(n)
	if basis >= 0 {
		ctx.PercentBasis, ctx.HasPercentBasis = basis, true
	}
	if x, ok := cssvalue.Eval(v, &ctx); ok && x.Is(cssvalue.Px) && x.Px >= 0 && x.Px < math.MaxInt32 {
		return x.Px, true
	}
	pb := parentBox{w: f.w, n: n}
	px, ok := pb.length(v, true)
	return float64(px), ok
}

// clampWidth applies n's max-width and min-width to the border-box width w,
// their percentages of basis (none when basis < 0), stretch the room
// basis leaves less n's margins.
func (f *flowLayout) clampWidth(n *dom.Node, w, basis float64) float64 {
	room := -1.0
	if basis >= 0 {
		room = basis - f.hEdgesOf(n).outer()
	}
	return f.clampWidthIn(n, w, basis, room)
}

// clampWidthIn is clampWidth with room, the width (margins off) a min-width
// or max-width of stretch fills, given apart from basis: the room a float
// or an absolutely positioned box is shrunk to fit in, between its insets.
func (f *flowLayout) clampWidthIn(n *dom.Node, w, basis, room float64) float64 {
	adj := 0.0
	if !f.borderBoxSizing(n) {
		adj = f.hEdgesOf(n).inner()
	}
	st := f.hStyleOf(n)
	if st.hasMax {
		if px, ok := f.hLength(n, st.maxWidth, basis); ok && px+adj < w {
			// (a border-box max-width less than the paddings and
			// borders leaves the content box 0 wide: an inline-flex of
			// max-width: 4px and padding: 8px is 16px wide)
			w = max(px+adj, f.hEdgesOf(n).inner())
		} else if kw, ok := f.keywordLimit(n, st.maxWidth, basis); ok && kw < w {
			w = kw
		} else if isStretch(st.maxWidth) && room >= 0 && room < w {
			w = max(room, adj)
		}
	}
	if st.hasMin {
		if px, ok := f.hLength(n, st.minWidth, basis); ok && px+adj > w {
			w = px + adj
		} else if kw, ok := f.keywordLimit(n, st.minWidth, basis); ok && kw > w {
			w = kw
		} else if isStretch(st.minWidth) && room > w {
			w = room
		}
	}
	return w
}

// isStretch tells whether a sizing value v is stretch (or its
// -webkit-fill-available alias), which fills the room the containing
// block leaves a box's margin box.
// https://drafts.csswg.org/css-sizing-4/#stretch-fit-sizing
func isStretch(v string) bool {
	v = strings.TrimSpace(v)
	return v == "stretch" || v == "-webkit-fill-available"
}

// keywordLimit is the border-box width a sizing keyword v of min-width or
// max-width gives n in a containing block basis wide (-1 when unknown):
// min-content and max-content its content's intrinsic widths (whatever
// its width: width: 10px; min-width: min-content is as wide as its
// widest word), fit-content its max-content width within the room its
// margins leave, no narrower than its min-content one. ok is false for
// anything else.
// https://drafts.csswg.org/css-sizing-3/#sizing-values
func (f *flowLayout) keywordLimit(n *dom.Node, v string, basis float64) (float64, bool) {
	kw := strings.TrimPrefix(strings.TrimSpace(v), "-webkit-")
	if kw != "min-content" && kw != "max-content" && kw != "fit-content" {
		return 0, false
	}
	var mn, mx float64
	if f.sizedByContent(n) || f.orthogonal(n) || f.w.inlineContained(n) {
		if f.box(n).intrinsicBusy {
			return 0, false
		}
		mn, mx = f.intrinsic(n)
	} else {
		if f.depth >= maxFlowDepth {
			return 0, false
		}
		f.depth++
		mn, mx = f.contentIntrinsic(n)
		f.depth--
		e := f.hEdgesOf(n).inner()
		mn, mx = mn+e, mx+e
	}
	switch {
	case kw == "min-content":
		return mn, true
	case kw == "max-content" || basis < 0:
		return mx, true
	}
	return min(max(mn, basis-f.hEdgesOf(n).outer()), mx), true
}

// shrinkToFit is the width of a box sized by its content in avail, the
// room its container leaves it (its margins taken off).
// https://drafts.csswg.org/css2/#shrink-to-fit-float
func (f *flowLayout) shrinkToFit(n *dom.Node, avail float64) float64 {
	return f.shrinkToFitIn(n, avail, avail+f.hEdgesOf(n).outer())
}

// shrinkToFitIn is shrinkToFit with basis, the width of n's containing
// block, what its percentage widths resolve against: its margins take
// room but change no percentage (an inline-block of `min-width: 100%;
// margin: -5px` in 240px is 240px wide, not 250).
func (f *flowLayout) shrinkToFitIn(n *dom.Node, avail, basis float64) float64 {
	if w, ok := f.cssWidth(n, basis); ok {
		return w
	}
	if st := f.hStyleOf(n); st.hasWidth && isStretch(st.width) {
		return f.stretchWidth(n, avail) // an inline-block or a float too (Chromium's marquee)
	} else if st.hasWidth && strings.HasSuffix(st.width, "-content") && !strings.HasSuffix(st.width, "fit-content") {
		// min-content and max-content size an inline-block, a float, an
		// absolute box (its widest word, its longest line)
		if w, ok := f.keywordWidth(n, f.box(n), avail); ok {
			return w
		}
	}
	mn, mx := f.intrinsic(n)
	if d := f.display(n); d == "table" || d == "inline-table" {
		if st := f.hStyleOf(n); !st.hasWidth && !f.orthogonal(n) {
			mx = max(mx, f.tableShrinkMax(n))
		}
		if t := f.tableColumnsOf(n); len(t.min) == 0 && t.sx > 0 && t.captionMin == 0 {
			if p := f.pos(n); p != "absolute" && p != "fixed" {
				// a table of no columns lays itself out without the
				// spacing its min- and max-content widths hold
				// (contentIntrinsic), as Chromium 156 does; an
				// absolutely positioned one keeps it
				mn, mx = max(mn-2*t.sx, 0), max(mx-2*t.sx, 0)
			}
		}
	}
	return f.clampWidthIn(n, min(max(mn, avail), mx), basis, avail)
}

// fillWidth is the width of a block-level box in avail, its container's
// content width: its own, or avail less its margins; a replaced element,
// a form control and a table keep their own size.
func (f *flowLayout) fillWidth(n *dom.Node, avail float64) float64 {
	return f.fillWidthBox(n, f.box(n), avail)
}

// fillWidthBox is fillWidth for n, whose box is b.
func (f *flowLayout) fillWidthBox(n *dom.Node, b *flowBox, avail float64) float64 {
	e := f.hEdgesOfBox(n, b)
	if f.orthogonal(n) {
		// as wide as its content's block size (flowvertical.go)
		if w, ok := f.cssWidth(n, avail); ok {
			return w
		}
		return f.clampWidth(n, f.orthoBlock(n, b), avail)
	}
	// a rendered legend shrinks to fit, and so does an image button's
	// fallback box (flowimg.go), as a form control keeps its own size
	legend := renderedLegend(n) || n.DataAtom == atom.Input && imageButton(n)
	if st := f.hStyleOfBox(n, b); !st.hasWidth && !st.hasMin && !st.hasMax && !st.ratio && !f.replaced(n) && f.displayOfBox(n, b) != "table" && !legend {
		return max(avail-e.outer(), e.inner()) // the usual block
	}
	if w, ok := f.cssWidth(n, avail); ok {
		return w
	}
	if w, ok := f.keywordWidth(n, b, avail-e.outer()); ok {
		return w
	}
	if f.sizedByContent(n) {
		return f.replacedUsedWidth(n, avail)
	}
	if f.replaced(n) || f.displayOf(n) == "table" || legend {
		return f.shrinkToFit(n, avail-e.outer())
	}
	return max(f.clampWidth(n, avail-e.outer(), avail), e.inner())
}

// renderedLegend tells whether n is a fieldset's rendered legend, its
// first legend child: a block as wide as its content (shrink-to-fit).
// https://html.spec.whatwg.org/multipage/rendering.html#the-fieldset-and-legend-elements
func renderedLegend(n *dom.Node) bool {
	if !n.Is(atom.Legend) {
		return false
	}
	p := n.ParentElement()
	return p != nil && p.Is(atom.Fieldset) && p.FirstLegend() == n
}

func (f *flowLayout) displayOf(n *dom.Node) string { return f.display(n) }

// stretchWidth is the border-box width of n under width: stretch in avail,
// the room its container leaves it less its margins: all of it.
// https://drafts.csswg.org/css-sizing-4/#stretch-fit-sizing
func (f *flowLayout) stretchWidth(n *dom.Node, avail float64) float64 {
	return max(f.clampWidthIn(n, avail, avail, avail), f.hEdgesOf(n).inner())
}

// keywordWidth is the border-box width of n, whose box is b, when its
// width is an intrinsic size keyword, in avail, the room its container
// leaves it: fit-content shrinks to fit, max-content and min-content are
// those widths of its content, clamped by min-width and max-width (their
// percentages of the containing block, the room with the margins: a
// `width: min-content; max-width: 100%; margin: 0 1px` box in 4px has a
// content box 4px wide, as in Chromium), and stretch fills it.
// https://drafts.csswg.org/css-sizing-3/#sizing-values
func (f *flowLayout) keywordWidth(n *dom.Node, b *flowBox, avail float64) (float64, bool) {
	st := f.hStyleOfBox(n, b)
	if !st.hasWidth {
		return 0, false
	}
	basis := avail + f.hEdgesOfBox(n, b).outer()
	switch strings.TrimSpace(st.width) {
	case "fit-content", "-webkit-fit-content":
		return f.shrinkToFit(n, avail), true
	case "max-content", "-webkit-max-content":
		if d := b.disp; d == "table" || d == "inline-table" {
			// Chromium's: its columns' max-content widths, not
			// widened for their percentages as the shrink-to-fit
			// width is
			// (no narrower than its columns' min-content widths,
			// whatever its max-width)
			return f.tableFloor(n, f.clampWidthIn(n, f.tableSumMax(n), basis, avail)), true
		}
		_, mx := f.intrinsic(n)
		return f.clampWidthIn(n, mx, basis, avail), true
	case "min-content", "-webkit-min-content":
		mn, _ := f.intrinsic(n)
		return f.clampWidthIn(n, mn, basis, avail), true
	case "stretch", "-webkit-fill-available":
		return f.stretchWidth(n, avail), true
	}
	return 0, false
}

// widenedContribution tells whether the max-content contribution of table
// n counts its columns widened for their percentages (tableCols.maxContent),
// as Chromium's does to the block containers around it up to a float, an
// inline-block or the root; in a flex or grid item or a table cell, even
// through blocks, it is their plain max-content widths (a table with a
// 100% cell in a table cell is as wide as its content, not 1e6px). Its own
// shrink-to-fit width is widened either way (tableShrinkMax).
func (f *flowLayout) widenedContribution(n *dom.Node) bool {
	for a, i := f.boxParent(n), 0; a != nil && i < maxFlowDepth; a, i = f.boxParent(a), i+1 {
		if f.itemsOf(a) || f.display(a) == "table-cell" {
			return false
		}
		if f.atomic(a) || f.pos(a) == "absolute" || f.pos(a) == "fixed" {
			return true
		}
	}
	return true
}

// tableShrinkMax is the border-box max-content width table n shrinks to
// fit by: its columns' max-content widths widened for their percentages
// (tableCols.maxContent), with its captions, paddings and borders.
func (f *flowLayout) tableShrinkMax(n *dom.Node) float64 {
	t := f.tableColumnsOf(n)
	inner := f.hEdgesOf(n).inner()
	return max(t.maxContent()+t.spacing(), t.captionMin-inner) + inner
}

// tableSumMax is the border-box width of table n at its columns'
// max-content widths (not widened for their percentages), with its
// captions and its paddings and borders.
func (f *flowLayout) tableSumMax(n *dom.Node) float64 {
	t := f.tableColumnsOf(n)
	inner := f.hEdgesOf(n).inner()
	return max(t.sumMax()+t.spacing(), t.captionMin-inner) + inner
}

// outOfFlowWidth is the width of an absolutely positioned or fixed box
// laid out by a container of content width avail, where its static
// position (its margin box's left) is static: its width, a sizing keyword
// too (keywordWidth), else filled between its left and right when both
// are given, else shrunk to fit the room its containing block leaves it
// (from its left, or its static position, to the right edge, or to its
// right). Its width, insets and margins' percentages are
// of its containing block's padding box.
// https://drafts.csswg.org/css-position/#abspos-insets
func (f *flowLayout) outOfFlowWidth(n *dom.Node, avail, static float64) float64 {
	cbW := f.cbWidth(n, avail)
	e := f.hEdgesOf(n)
	st := f.vStyleOf(n)
	l, lok := f.inset(n, st.left, st.hasLeft, cbW)
	r, rok := f.inset(n, st.right, st.hasRight, cbW)
	// the room between its insets, one of them auto counting as 0 and
	// both from its static position to the far edge (a grid's child
	// from the start of its area)
	// https://drafts.csswg.org/css-position-3/#resolving-insets
	room := cbW - l - r
	if !lok && !rok && f.gridAbsParent(n) == nil {
		room = cbW - f.staticInCB(n, avail, static)
	}
	if w, ok := f.cssWidthIn(n, cbW, room-e.outer()); ok {
		return w
	}
	if st := f.hStyleOf(n); st.hasWidth {
		// min-content, max-content, fit-content in the room, between
		// its insets too (an absolute flex column of width: min-content
		// and inset: 0 is as wide as its widest word), within its
		// min-width and max-width of the containing block
		switch strings.TrimPrefix(strings.TrimSpace(st.width), "-webkit-") {
		case "min-content":
			mn, _ := f.intrinsic(n)
			return f.clampWidthIn(n, mn, cbW, room-e.outer())
		case "max-content":
			_, mx := f.intrinsic(n)
			return f.clampWidthIn(n, mx, cbW, room-e.outer())
		case "fit-content":
			mn, mx := f.intrinsic(n)
			return f.clampWidthIn(n, min(max(mn, room-e.outer()), mx), cbW, room-e.outer())
		}
	}
	if lok && rok {
		if f.objectReplaced(n) {
			// a replaced element keeps its own width between its insets
			// (its auto margins center it there), where a box fills
			// them: BigPicture's `inset: 0; margin: auto` image is as
			// wide as its picture; one with a ratio alone fills them
			// https://drafts.csswg.org/css-position-3/#abspos-auto-size
			w, ok := f.outerSVGRatioWidth(n, room)
			if !ok {
				if w, ok = f.percentReplacedWidth(n); !ok {
					w = f.replacedWidth(n)
				}
			}
			return f.clampWidthIn(n, w, cbW, room-e.outer())
		}
		return max(f.clampWidthIn(n, room-e.outer(), cbW, room-e.outer()), e.inner())
	}
	return f.shrinkToFitIn(n, room-e.outer(), cbW)
}

// objectReplaced tells whether n is a replaced element sized by what it
// shows (an image or an image button that is not showing its fallback,
// a canvas, a video, an iframe, an embed, an object, an outermost svg),
// not a form control, which an absolutely positioned box's insets
// stretch as they stretch a block, in both axes.
func (f *flowLayout) objectReplaced(n *dom.Node) bool {
	if n.DataAtom == atom.Img && n.Namespace == "" || n.DataAtom == atom.Input && imageButton(n) {
		return f.fallbackOf(n) == 0
	}
	return replacedElement(n)
}

// inset resolves v, n's left or right when has, against cbW; ok is false
// for auto (and what cannot be resolved).
func (f *flowLayout) inset(n *dom.Node, v string, has bool, cbW float64) (float64, bool) {
	if !has {
		return 0, false
	}
	x, ok := f.signedLength(n, v, cbW)
	return layoutUnit(x), ok // in Chromium's layout unit, as a percentage is
}

// cbWidth is the width of the padding box of the containing block of n,
// an absolutely positioned or fixed box laid out by a container of content
// width avail: its nearest positioned ancestor's, the viewport's for a
// fixed box or when there is none; avail when that ancestor is an inline
// box (whose width is known only once its line is laid out).
func (f *flowLayout) cbWidth(n *dom.Node, avail float64) float64 {
	var a *dom.Node
	if f.pos(n) == "fixed" {
		a = f.fixedContainingBlock(n) // flowforeign.go
	} else {
		a = f.containingBlock(n)
	}
	if a == nil {
		return f.vw
	}
	if f.inlineLevel(a) && !f.atomic(a) {
		return avail
	}
	e := f.hEdgesOf(a)
	w := max(f.borderWidth(a)-e.borL-e.borR, 0)
	if g := f.gridAbsParent(n); g != nil {
		_, w = f.gridAbsSpan(n, g, true, w) // its grid area's
	}
	return w
}

// staticInCB is where the static position of n, an absolutely positioned
// or fixed box (its margin box's left, static in the content box of the
// container laying it out, avail wide), lies from the left of its
// containing block's padding box, as far as the left edges of the boxes
// between them are known; a box inside an inline containing block, or
// one whose way up is not known, is taken at static.
func (f *flowLayout) staticInCB(n *dom.Node, avail, static float64) float64 {
	var cb *dom.Node
	if f.pos(n) != "fixed" {
		if cb = f.containingBlock(n); cb != nil && f.inlineLevel(cb) && !f.atomic(cb) {
			return static
		}
	}
	x := static
	for a, i := f.widthContainer(n), 0; a != nil && i < maxFlowDepth; a, i = f.widthContainer(a), i+1 {
		e := f.hEdgesOf(a)
		if a == cb {
			return x + e.padL
		}
		x += e.padL + e.borL
		ab := f.box(a)
		if f.widthContainer(a) == nil {
			return x + e.marL // the root, from the initial containing block
		}
		if !ab.placed && !ab.widthSet {
			return static
		}
		x += ab.x
	}
	return static
}

// outOfFlowX is the left of an absolutely positioned or fixed box from
// its container's content box as the flow puts it: its static position
// (the left of its margin box at static). Where its left or right place
// it in its containing block instead, flowRect reads insetLeft.
func (f *flowLayout) outOfFlowX(n *dom.Node, static float64) float64 {
	return static + f.hEdgesOf(n).marL
}

// insetLeft is where the left of the border box of n, an absolutely
// positioned or fixed box, lies from the left of its containing block's
// padding box (cbW wide) when its left or right places it; ok is false
// when both are auto (it stays at its static position). Between a left
// and a right, auto margins share what its width leaves (the left one 0
// when that is negative).
// https://drafts.csswg.org/css2/#abs-non-replaced-width
func (f *flowLayout) insetLeft(n *dom.Node, cbW float64) (float64, bool) {
	st := f.vStyleOf(n)
	e := f.hEdgesOf(n)
	l, lok := f.inset(n, st.left, st.hasLeft, cbW)
	r, rok := f.inset(n, st.right, st.hasRight, cbW)
	switch {
	case lok && rok && (e.autoL || e.autoR):
		free := cbW - l - r - f.borderWidth(n) - e.outer()
		switch {
		case e.autoL && e.autoR:
			return l + autoMarginHalf(free), true
		case e.autoL:
			return l + free, true
		}
		return l + e.marL, true
	case lok:
		return l + e.marL, true
	case rok:
		return cbW - r - e.marR - f.borderWidth(n), true
	}
	return 0, false
}

// controlFontSize is the font size of a form control: Chromium's UA sheet
// gives them 13.333px unless the page sets one.
func (f *flowLayout) controlFontSize(n *dom.Node) float64 {
	if _, ok := f.w.cascadedRaw(n, "font-size"); ok {
		return f.font(n).size
	}
	if _, ok := f.w.cascadedRaw(n, "font"); ok {
		return f.font(n).size
	}
	return 40.0 / 3
}

// formControl tells whether n is a form control whose font is the UA's.
func formControl(n *dom.Node) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "input", "select", "textarea", "button":
		return true
	}
	return false
}

// replacedWidth is the border-box width of a replaced element or form
// control with no width from the cascade, measured on Chromium 156: a text
// field 20 characters wide (its size attribute), a select as wide as its
// longest option and its arrow, a textarea of 20 columns (cols) and a
// scroll bar, buttons as wide as their label; an image its width
// attribute, else, when its natural size is known (imageNaturalSize), its
// height times its natural ratio or its natural width, else 0.
// https://drafts.csswg.org/css2/#inline-replaced-width
func (f *flowLayout) replacedWidth(n *dom.Node) float64 {
	e := f.hEdgesOf(n)
	if w, ok := f.containedControl(n, false); ok {
		return w + e.inner()
	}
	if nw, nh, ok := canvasNaturalSize(n); ok {
		// its natural width, or, under a height of its own, that height
		// times its natural aspect ratio
		// https://drafts.csswg.org/css2/#inline-replaced-width
		if own, ok := f.ownHeight(n); ok && nh > 0 {
			return max(own-f.vPads(n), 0)*nw/nh + e.inner()
		}
		return nw + e.inner()
	}
	// An outer svg's width attribute (width: auto from the page overrides
	// it); those of HTML elements are presentational hints, in the cascade,
	// and one the hint does not take ("\u00a012", "+5") sizes nothing.
	if _, set := f.w.cascaded(n, "width"); !set && n.Namespace == "svg" {
		if v, ok := n.GetAttribute("width"); ok && replacedElement(n) {
			if x, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "px"), 64); err == nil && x >= 0 {
				return x + e.inner() // the content box's
			}
		}
	}
	nd, natural := f.w.imageNaturalSize(n)
	nw, nh := nd.w, nd.h
	if natural && !nd.sized() {
		// an SVG image lacking a width or a height: its height times its
		// ratio, else its width, else the default object size's (one
		// with a ratio alone fills its container: ratioFillWidth)
		if own, ok := f.ownHeight(n); ok {
			if r := f.imgRatio(n, nd.ratio, 1); r > 0 {
				return max(own-f.vPads(n), 0)*r + e.inner()
			}
		}
		w, _ := nd.concrete()
		return w + e.inner()
	}
	if !natural {
		if r, ok := f.preferredRatio(n); ok {
			if own, ok := f.ownHeight(n); ok {
				// its height times the aspect-ratio of the page or of its
				// width and height attributes (aspectRatioHint)
				return max(own-f.vPads(n), 0)*r + e.inner()
			}
		}
	}
	if natural {
		if own, ok := f.ownHeight(n); ok {
			return max(own-f.vPads(n), 0)*f.imgRatio(n, nw, nh) + e.inner()
		}
		if h, ok := f.imgHeightAttr(n); ok {
			return h*f.imgRatio(n, nw, nh) + e.inner()
		}
		return f.ratioLimitedWidth(n, nw, nh) + e.inner()
	}
	if replacedElement(n) {
		return float64(f.w.boxOf(n).width)
	}
	fs := f.controlFontSize(n)
	switch n.Data {
	case "img":
		return e.inner()
	case "meter", "progress":
		return e.inner() // the UA's width is its size; auto has none
	case "textarea":
		// cols columns of the face's average advance, rounded up to a
		// whole pixel, and a scroll bar
		cols := 20
		if v, err := strconv.Atoi(strings.TrimSpace(n.Attribute("cols"))); err == nil && v > 0 {
			cols = min(v, 10000)
		}
		avg, _ := f.textFieldAdvance(n)
		return math.Ceil(float64(cols)*avg-1e-6) + f.textareaScrollbar(n) + e.inner()
	case "select":
		// a drop-down is as wide as its longest option's label in its
		// own font (an option in a group indented by four spaces),
		// measured a word at a time (wordsAdvance) and rounded up, and its arrow unless its appearance is none; a list box's options are measured
		// in their fonts and add their own paddings (the UA's 2px each
		// side, 20px at the start inside an optgroup), and Chromium 156
		// shows no scroll bar beside them
		widest := 0.0
		list := selectListBox(n)
		m := f.font(n)
		n.Descendants(func(d *dom.Node) bool {
			if d.IsElement() && d.Namespace == "" && d.Data == "option" {
				if list {
					if f.skipped(d) {
						return true // a hidden option is no row
					}
					w := layoutUnitCeil(f.font(d).advance(d.OptionText()))
					widest = max(widest, w+f.hEdgesOf(d).inner())
					return true
				}
				label := optionLabel(d)
				if p := d.Parent; p != nil && p.Namespace == "" && p.Data == "optgroup" {
					label = "    " + label
				}
				widest = max(widest, m.wordsAdvance(label))
			}
			return true
		})
		if list {
			return widest + e.inner()
		}
		arrow := 20.0
		if a, _ := f.w.computedValue(n, "appearance"); a == "none" {
			arrow = 0 // no arrow is drawn, none is made room for (one empty option: 2px, its borders)
		}
		return math.Ceil(widest-1e-6) + arrow + e.inner()
	case "input":
		t := ascii.Lower(strings.TrimSpace(n.Attribute("type")))
		switch t {
		case "checkbox", "radio":
			return 13
		case "range":
			return 129
		case "color":
			return 50
		case "file":
			// room for 34 zeros, or for its button and "No file chosen"
			// after it when they are wider, rounded up
			m := f.font(n)
			return math.Ceil(max(34*m.advance("0"), fileInputContent(m))-1e-6) + e.inner()
		case "image", "hidden":
			return e.inner()
		case "date", "month", "week", "time", "datetime-local":
			return fs*8.8 + e.inner()
		case "submit", "reset", "button":
			return layoutUnitCeil(f.font(n).advance(pushButtonLabel(n, t))) + e.inner()
		}
		size := 20
		if v, err := strconv.Atoi(strings.TrimSpace(n.Attribute("size"))); err == nil && v > 0 && t != "number" {
			size = min(v, 10000) // a number field's size is ignored
		}
		avg, extra := f.textFieldAdvance(n)
		return math.Ceil(float64(size)*avg+extra-1e-6) + e.inner()
	}
	return float64(f.w.boxOf(n).width)
}

// pushButtonText is how wide the widest line of n's label is and how many
// lines it takes when n is a push button input (submit, reset or button)
// whose white-space wraps (the UA's is pre): its label wrapped in its
// content box, as Chromium 156 wraps it ("Send this form now please" in
// an 80px submit of `white-space: normal` is 3 lines, 51px tall); one line
// of its label's advance otherwise, and ok false for other elements.
// With avail >= 0 the label wraps in avail instead (0: its min-content
// width, its widest word).
func (f *flowLayout) pushButtonText(n *dom.Node, avail float64) (width float64, lines int, ok bool) {
	if n.DataAtom != atom.Input || n.Namespace != "" {
		return 0, 0, false
	}
	t := ascii.Lower(strings.TrimSpace(n.Attribute("type")))
	if t != "submit" && t != "reset" && t != "button" {
		return 0, 0, false
	}
	label := pushButtonLabel(n, t)
	if nowrap, _ := f.whiteSpace(n); nowrap {
		return f.font(n).advance(label), 1, true
	}
	if avail < 0 {
		avail = max(f.borderWidth(n)-f.hEdgesOf(n).inner(), 0)
	}
	width, lines = f.textSize(n, f.font(n), label, avail)
	return width, lines, true
}

// pushButtonMinContent is the min-content width of n's label when n is a
// push button input whose label wraps (pushButtonText): its widest word,
// measured at its place in the label as Chromium measures words
// (cachedWidth); ok is false otherwise.
func (f *flowLayout) pushButtonMinContent(n *dom.Node) (float64, bool) {
	if _, lines, ok := f.pushButtonText(n, 0); !ok || lines < 2 {
		return 0, false
	}
	label := pushButtonLabel(n, ascii.Lower(strings.TrimSpace(n.Attribute("type"))))
	font := f.font(n)
	widest, from := 0.0, 0
	for word := range strings.FieldsSeq(label) {
		i := from + strings.Index(label[from:], word)
		widest = max(widest, cachedWidth(font.advance(label[:i]), font.advance(word)))
		from = i + len(word)
	}
	return widest, true
}

// pushButtonLine is the height of a line of n's label (pushButtonText):
// its line-height, at least the font's normal one, as a text field's.
func (f *flowLayout) pushButtonLine(n *dom.Node) float64 {
	return max(f.lineHeight(n), f.font(n).normalLineHeight())
}

// pushButtonLabel is the label of n, an input of type t (submit, reset
// or button): its value, else submit's or reset's default.
func pushButtonLabel(n *dom.Node, t string) string {
	if v, ok := n.GetAttribute("value"); ok {
		return v
	}
	switch t {
	case "submit":
		return "Submit"
	case "reset":
		return "Reset"
	}
	return ""
}

// fileInputContent is how wide the content of a file input in font m
// is: its button ("Choose File" and the button's UA paddings and
// borders) and "No file chosen" after it.
func fileInputContent(m fontMetrics) float64 {
	return layoutUnitCeil(m.advance("Choose File")) + 16 + 4 + m.advance("No file chosen")
}

// optionLabel is the label a drop-down select is sized by for option o:
// its label attribute as written (Chromium measures its spaces), unless
// it is empty, else its text.
func optionLabel(o *dom.Node) string {
	if l := o.Attribute("label"); l != "" {
		return l
	}
	return o.OptionText()
}

// textFieldAdvance is the width of a character text fields are sized by
// (a text input's size, a textarea's cols), and what a text input adds
// for its widest glyph, as Chromium's layout_text_control sizes them: the
// primary font's OS/2 average character width, rounded to a whole pixel
// when that makes it wider, and the extent of its head bounding box less
// that width; the width of "0" and nothing for the widest glyph when the
// average is not trusted (noAvgCharFamily, or an average wider than 1.7
// zeros, as fonts matching it to CJK characters have). The font's size
// is taken in hundredths of a pixel, as Chromium's font cache keys it.
func (f *flowLayout) textFieldAdvance(n *dom.Node) (avg, extra float64) {
	fm := f.font(n)
	face := fm.face
	if face == nil {
		face = faceSerif
	}
	size := math.Round(fm.size*100) / 100
	scale := size / face.unitsPerEm
	zero, _, _ := face.advance("0")
	// a web font without a "0" has no zero width to judge its average by
	hasZero := face.web == nil || face.web.fonts[0].GlyphIndex('0') != 0
	if f.noAvgCharFamily(n) || face.avgChar <= 0 || hasZero && face.avgChar > 1.7*zero {
		return zero * scale, 0
	}
	avg = face.avgChar * scale
	avg = max(avg, math.Round(avg))
	if widest := math.Round((face.xMax - face.xMin) * scale); widest > avg {
		return avg, widest - avg
	}
	return avg, 0
}

// textareaScrollbar is the width of the vertical scroll bar Chromium
// keeps room for beside a textarea's columns: none when its overflow-y is
// hidden or clip, else a scroll bar's (visible is auto on a textarea).
func (f *flowLayout) textareaScrollbar(n *dom.Node) float64 {
	switch v, _ := f.w.cascaded(n, "overflow-y"); strings.TrimSpace(v) {
	case "hidden", "clip":
		return 0
	}
	return 15
}

// noAvgCharFamilies are the families whose fonts' average character
// width Chromium does not trust (Mac fonts): a text field whose first
// family is one of them, spelt in this case, is sized by the width of
// "0" alone. Blink's layout_text_control.cc keeps the list.
var noAvgCharFamilies = map[string]bool{
	"American Typewriter": true, "Arial Hebrew": true, "Chalkboard": true,
	"Cochin": true, "Corsiva Hebrew": true, "Courier": true,
	"Euphemia UCAS": true, "Geneva": true, "Gill Sans": true, "Hei": true,
	"Helvetica": true, "Hoefler Text": true, "InaiMathi": true,
	"Lucida Grande": true, "Marker Felt": true, "Monaco": true,
	"Mshtakan": true, "New Peninim MT": true, "Osaka": true, "Raanana": true,
	"STHeiti": true, "Symbol": true, "Times": true, "Kai": true,
	"Apple Braille": true, "Apple LiGothic": true, "Apple LiSung": true,
	"Apple Symbols": true, "AppleGothic": true, "AppleMyungjo": true,
	"#GungSeo": true, "#HeadLineA": true, "#PCMyungjo": true, "#PilGi": true,
}

// noAvgCharFamily tells whether the author set text field n a
// font-family whose first name is in noAvgCharFamilies.
func (f *flowLayout) noAvgCharFamily(n *dom.Node) bool {
	raw, ok := "", false
	for a, i := n, 0; a != nil && a.IsElement() && i < maxBoxDepth; a, i = f.w.styleParent(a), i+1 {
		raw, ok = f.w.cascadedRaw(a, "font-family")
		if !ok || !strings.EqualFold(strings.TrimSpace(raw), "inherit") {
			break
		}
		ok = false
	}
	if !ok {
		return false
	}
	first, _, _ := strings.Cut(raw, ",")
	return noAvgCharFamilies[strings.Trim(strings.TrimSpace(first), `"'`)]
}

// sizedByContent tells whether n's width comes from its content as a
// replaced element's (not a button's, whose content is laid out).
func (f *flowLayout) sizedByContent(n *dom.Node) bool {
	return f.replaced(n) && !(n.Namespace == "" && n.Data == "button")
}

// intrinsic is n's min-content and max-content border-box widths.
// https://drafts.csswg.org/css-sizing-3/#intrinsic-sizes
func (f *flowLayout) intrinsic(n *dom.Node) (mn, mx float64) {
	b := f.box(n)
	if b.intrinsicKnown {
		// with its percentage paddings as now resolved
		pads := f.percentPads(n, f.hEdgesOfBox(n, b))
		return b.minW + pads, b.maxW + pads
	}
	if b.intrinsicBusy || f.depth >= maxFlowDepth {
		return 0, 0
	}
	b.intrinsicBusy = true
	e := f.hEdgesOf(n)
	if w, ok := f.cssWidth(n, -1); ok {
		mn, mx = w, w
	} else if f.sizedByContent(n) {
		w, ok := f.percentReplacedWidth(n)
		if !ok {
			w, ok = f.outerSVGRatioWidth(n, -1)
		}
		if !ok {
			w = f.replacedWidth(n)
		}
		mn = f.clampWidth(n, w, -1)
		mx = mn
		if f.compressedControl(n) || f.compressedReplaced(n) {
			mn = f.clampWidth(n, e.inner(), -1)
		} else if lw, ok := f.pushButtonMinContent(n); ok {
			// a push button whose label wraps: its widest word
			mn = min(mn, f.clampWidth(n, lw+e.inner(), -1))
		}
	} else if f.orthogonal(n) {
		// its content's block size (flowvertical.go)
		f.depth++
		mn = f.clampWidth(n, f.orthoBlock(n, b), -1)
		f.depth--
		mx = mn
	} else if f.w.inlineContained(n) || f.skipsContents(n) {
		// a size-contained box's content does not size it
		// (containerquery.go), nor do contents it skips (flowdetails.go):
		// contain-intrinsic-width does
		w := f.clampWidth(n, f.containIntrinsic(n, "contain-intrinsic-width")+e.inner(), -1)
		mn, mx = w, w
	} else {
		f.depth++
		mn, mx = f.contentIntrinsic(n)
		f.depth--
		mn, mx = f.clampWidth(n, mn+e.inner(), -1), f.clampWidth(n, mx+e.inner(), -1)
		mn = min(mn, mx)
	}
	b.intrinsicBusy = false
	pads := f.percentPads(n, e)
	b.minW, b.maxW, b.intrinsicKnown = max(mn-pads, 0), max(mx-pads, 0), true
	return mn, mx
}

// percentPads is the part of n's intrinsic widths its percentage paddings
// make, which its box keeps apart: they resolve against the width its
// container lays it out in (percentEdges), and count for nothing in its
// contribution to its container's (outerIntrinsic); 0 when a border-box
// width holds them.
func (f *flowLayout) percentPads(n *dom.Node, e *hEdges) float64 {
	if e.pct&(pctPadL|pctPadR) == 0 {
		return 0
	}
	if st := f.hStyleOf(n); st.hasWidth && st.borderBox {
		return 0
	}
	return e.percentSum(pctPadL | pctPadR)
}

// compressedControl tells whether n is a text field, a select or a
// textarea whose width is a percentage: its min-content contribution is
// only its paddings and borders, as in Chromium (an `input` of width 100%
// in an absolutely positioned box with no room, as bootstrap-select
// measures its menu, leaves it as wide as its other content); its
// max-content one is its usual width.
// https://drafts.csswg.org/css-sizing-3/#min-content-zero
func (f *flowLayout) compressedControl(n *dom.Node) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "input":
		switch ascii.Lower(strings.TrimSpace(n.Attribute("type"))) {
		case "button", "submit", "reset", "image", "checkbox", "radio", "file", "color", "hidden":
			return false
		}
	case "select", "textarea":
	default:
		return false
	}
	w, ok := f.w.cascaded(n, "width")
	return ok && strings.Contains(w, "%")
}

// compressedReplaced tells whether n is a replaced element (an image, an
// outermost svg, a canvas, a video, an iframe, an embed or an object)
// whose width or max-width is a percentage: its min-content contribution
// is only its paddings and borders too, as in Chromium (a responsive
// `img { max-width: 100% }` in a shrink-to-fit box leaves the box as wide
// as its room, not as the image). A text field's max-width does not count
// (compressedControl).
func (f *flowLayout) compressedReplaced(n *dom.Node) bool {
	if !replacedElement(n) && (n.DataAtom != atom.Img || n.Namespace != "") {
		return false
	}
	if w, ok := f.w.cascaded(n, "width"); ok && strings.Contains(w, "%") {
		return true
	}
	w, ok := f.w.cascaded(n, "max-width")
	return ok && strings.Contains(w, "%")
}

// percentReplacedWidth is the max-content contribution of n, an outermost
// svg, an iframe, an object or an embed whose width or max-width is a
// percentage (its min-content one is only its paddings and borders:
// compressedReplaced), the percentage taken as auto:
// an svg's width attribute, else its height through its viewBox's ratio,
// else the default object size's 300px, as in Chromium (a `width: 100%`
// svg makes an inline-block, a float or an absolutely positioned box
// around it 300px wide, an iframe a float 304px, not as wide as it was
// laid out the last time). False for any other element.
func (f *flowLayout) percentReplacedWidth(n *dom.Node) (float64, bool) {
	switch {
	case n.Namespace == "svg":
		if !outerSVG(n) {
			return 0, false
		}
	case n.Namespace == "" && (n.DataAtom == atom.Iframe || n.DataAtom == atom.Embed || n.DataAtom == atom.Object && !n.ShowsFallback()):
	default:
		return 0, false
	}
	w, _ := f.w.cascaded(n, "width")
	pct := strings.Contains(w, "%")
	if !pct && !f.compressedReplaced(n) {
		return 0, false
	}
	e := f.hEdgesOf(n)
	if n.Namespace == "svg" {
		if v := strings.TrimSpace(n.Attribute("width")); v != "" {
			if u, x, ok := parseLength(v); ok && u != lengthPercentage && x >= 0 {
				if k, ok := (&svgLengthValue{w: f.w, n: n}).userUnits(u); ok {
					return x*k + e.inner(), true
				}
			}
		}
		if _, ok := f.ownHeight(n); ok || !pct {
			// an auto width under a percentage max-width: a viewBox's
			// ratio alone leaves it none (outerSVGRatioWidth)
			if w, ok := f.outerSVGRatioWidth(n, -1); ok {
				return w, true
			}
		}
	}
	return 300 + e.inner(), true
}

// outerIntrinsic is intrinsic with n's margins: n's contribution to its
// container's min- and max-content widths, in which percentages of its
// paddings and margins count for nothing, as in Chromium (an inline-flex
// around an item with 5% paddings is as wide as the item's text, which
// its paddings, resolved once it is laid out, then overflow).
// https://drafts.csswg.org/css-sizing-3/#min-percentage-contribution
func (f *flowLayout) outerIntrinsic(n *dom.Node) (float64, float64) {
	mn, mx := f.intrinsic(n)
	if st := f.hStyleOf(n); st.hasWidth && !f.replaced(n) {
		// a width of min-content or max-content contributes that width
		// as both (an item of `width: min-content` in an inline-grid's
		// 1fr column makes the column that wide, not the grid 600px
		// wide); its own min-content width, which a flex item's
		// automatic minimum takes, stays its content's
		switch strings.TrimPrefix(strings.TrimSpace(st.width), "-webkit-") {
		case "min-content":
			mx = mn
		case "max-content":
			mn = mx
		}
	}
	e := f.hEdgesOf(n)
	o := e.outer()
	if e.pct != 0 {
		o -= e.percentSum(pctMarL | pctMarR)
		pads := f.percentPads(n, e)
		mn, mx = max(mn-pads, 0), max(mx-pads, 0)
	}
	return mn + o, mx + o
}

// contentIntrinsic is the min- and max-content widths of n's content.
func (f *flowLayout) contentIntrinsic(n *dom.Node) (mn, mx float64) {
	switch d := f.display(n); d {
	case "flex", "inline-flex":
		dir, _ := f.cascadedKeyword(n, "flex-direction")
		wrap, _ := f.cascadedKeyword(n, "flex-wrap")
		row := !strings.HasPrefix(dir, "column")
		gap := f.gap(n, "column-gap")
		// a run of text is an anonymous item, text in a display:
		// contents child too (a slot's assigned text: PatternFly's tab
		// label in its flex button)
		for i, c := range f.flexItems(n, nil) {
			cmn, cmx := f.outerIntrinsic(c)
			if !row {
				mn, mx = max(mn, cmn), max(mx, cmx)
				continue
			}
			cmn, cmx = f.flexContributions(c, cmn, cmx, !strings.HasPrefix(wrap, "wrap"))
			if i > 0 {
				mx += gap
				if !strings.HasPrefix(wrap, "wrap") {
					mn += gap
				}
			}
			mx += cmx
			if strings.HasPrefix(wrap, "wrap") {
				mn = max(mn, cmn)
			} else {
				mn += cmn
			}
		}
		return mn, mx
	case "grid", "inline-grid":
		items := f.flexItems(n, nil)
		plan := f.gridPlace(n, items, f.gridColumns(n))
		cols := max(plan.cols, 1)
		colMin, colMax := make([]float64, cols), make([]float64, cols)
		spanning := false
		for i, c := range items {
			a := plan.areas[i].col
			if a.span > 1 {
				spanning = true
				continue
			}
			cmn, cmx := f.outerIntrinsic(c)
			colMin[a.start], colMax[a.start] = max(colMin[a.start], cmn), max(colMax[a.start], cmx)
		}
		tracks := uncollapsed(f.gridTrackList(n, "grid-template-columns", -1, nil), plan.dropCols)
		if spanning {
			// an item spanning auto and fixed columns grows the auto ones
			// as track sizing does (growSpanned); one spanning a flexible
			// column widens them all equally by what they lack
			colGap := f.gap(n, "column-gap")
			ts := make([]gridTrack, cols)
			held := make([]bool, cols)
			for i := range ts {
				ts[i] = gridTrack{auto: true}
				if i < len(tracks) {
					ts[i] = tracks[i]
				}
				if !ts[i].auto && ts[i].fr == 0 {
					colMin[i], colMax[i] = ts[i].size, ts[i].size
				}
			}
			for i := range items {
				if a := plan.areas[i].col; a.span == 1 && a.start < cols {
					held[a.start] = true
				}
			}
			var spans []spanItem
			for i, c := range items {
				a := plan.areas[i].col
				if a.span <= 1 {
					continue
				}
				autos, flexible := spanTracks(ts, a)
				cmn, cmx := f.outerIntrinsic(c)
				if !flexible {
					if autos > 0 {
						spans = append(spans, spanItem{a, cmn, cmx})
					}
					continue
				}
				lackMin, lackMax := cmn-spanSize(colMin, a, colGap), cmx-spanSize(colMax, a, colGap)
				for k := a.start; k < a.start+a.span && k < cols; k++ {
					colMin[k] += max(lackMin, 0) / float64(a.span)
					colMax[k] += max(lackMax, 0) / float64(a.span)
				}
			}
			if spans != nil {
				growSpanned(ts, colMin, colMax, held, spans, colGap)
			}
		}
		gap := f.gap(n, "column-gap") * float64(cols-1)
		// flexible tracks share one size per fr at max-content: the
		// largest contribution over its factor (four 1fr columns are
		// four times the widest item: PatternFly's table rows)
		// https://drafts.csswg.org/css-grid-2/#intrinsic-sizes
		// (and no less than any of their base sizes: over the factor
		// when it is above one; a factor below one counts as one)
		perFr := 0.0
		for i := range min(cols, len(tracks)) {
			if t := tracks[i]; t.fr > 0 {
				perFr = max(perFr, colMax[i]/max(t.fr, 1), t.min/max(t.fr, 1))
			}
		}
		for i := range cols {
			if i < len(tracks) && !tracks[i].auto && tracks[i].fr == 0 {
				// a fixed track is its size, whatever its items (no
				// less than their own widths under an auto minimum)
				size := tracks[i].size
				if tracks[i].minAuto {
					for j, c := range items {
						if a := plan.areas[j].col; a.start == i && a.span == 1 {
							size = max(size, f.gridMinContribution(c, -1))
						}
					}
				}
				mn += size
				mx += size
				continue
			}
			if i < len(tracks) && tracks[i].fr > 0 {
				base := max(colMin[i], tracks[i].min)
				mn += base
				mx += max(tracks[i].fr*perFr, base)
				continue
			}
			if i < len(tracks) {
				// (a min-content or max-content track is its items'
				// min-content or max-content width at either size)
				tmn, tmx := tracks[i].contributions(colMin[i], colMax[i])
				mn, mx = mn+tmn, mx+tmx
				continue
			}
			mn += colMin[i]
			mx += colMax[i]
		}
		return mn + gap, max(mx, mn) + gap
	case "table", "inline-table":
		// its captions add their min-content widths alone
		t := f.tableColumnsOf(n)
		caption := t.captionMin - f.hEdgesOf(n).inner()
		mx := t.sumMax()
		if f.widenedContribution(n) {
			mx = t.maxContent()
		}
		if f.fixedLayout(n) && strings.Contains(f.hStyleOf(n).width, "%") {
			// a fixed-layout table of a percentage width has the widest
			// max-content width, as in Chromium, wherever it lies: the
			// inline-block, float, flex item or table cell around it
			// fills its room (it was as narrow as its columns)
			mx = tableMaxInline
		}
		sp := t.spacing()
		if len(t.min) == 0 {
			// a table of no columns: the spacing at its sides, in
			// Chromium 156 (its own layout leaves it out: shrinkToFit)
			sp = 2 * t.sx
		}
		return max(t.sumMin()+sp, caption), max(mx+sp, caption)
	}
	var l inlineMeasure
	l.f = f
	l.indentV, l.hang, l.each = f.lineIndents(n, 0)
	l.indent = l.indentAt(true, false) + f.insideMarker(n)
	l.walk(n)
	l.breakLine()
	return l.min, l.max
}

// inlineMeasure adds up the widths of a block container's lines for its
// intrinsic widths: max is the longest line with nothing wrapped, min the
// widest thing that cannot be broken.
type inlineMeasure struct {
	f        *flowLayout
	min, max float64
	line     float64 // the line so far
	run      float64 // the unbreakable run so far (no wrapping)
	// afterSpace tells whether the line ends with a collapsible space,
	// space how wide it is
	afterSpace bool
	space      float64
	// item, spaceX and spaceEnd are where the text item that ends with
	// that space starts, and where the space starts and ends, unsnapped
	// (item -1 when unknown): the item ends before the space that hangs
	item, spaceX, spaceEnd float64
	// breaks is scratch room for the places a word may break; last the
	// last two characters of the run (blockFlow.last)
	breaks []int
	last   [2]rune
	// floatL and floatR are the max-content widths of the left and right
	// floats met since the line began (or since a float cleared them):
	// they sit beside the line's content
	floatL, floatR float64
	// indent is the container's text-indent, not yet added to its first
	// line: the first text or atomic inline on it starts after it (a
	// percentage counts as 0 here, of no definite width)
	indent float64
	// indentV is the text-indent, hang and each its hanging and
	// each-line keywords (blockFlow.indentAt)
	indentV    float64
	hang, each bool
	// textNode is the text node being measured, if any
	textNode *dom.Node
	// at is where the word being measured starts in its text item,
	// unsnapped (cachedWidth)
	at float64
}

// indentAt is the indent of a line: the first, one after a forced break
// (forced) or one after a block. A line a soft wrap opens counts for
// nothing here (a hanging indent does not widen the min-content width).
func (l *inlineMeasure) indentAt(first, forced bool) float64 {
	if l.indentV == 0 {
		return 0
	}
	if on := first || forced && l.each; on != l.hang {
		return l.indentV
	}
	return 0
}

// startLine adds the text-indent before the first content of the first
// line.
func (l *inlineMeasure) startLine() {
	if l.indent != 0 {
		l.line += l.indent
		l.run += l.indent
		l.indent = 0
	}
}

func (l *inlineMeasure) breakLine() {
	if l.afterSpace && l.item >= 0 {
		// a space at the end of a line hangs: its item ends before it
		// (snapped to a layout unit), the box edges after it stay
		edges := max(l.line-(l.item+snapWidth(l.spaceEnd-l.item)), 0)
		l.line = l.item + snapWidth(l.spaceX-l.item) + edges
	} else if l.afterSpace {
		l.line -= l.space // a space at the end of a line hangs
	}
	l.max = max(l.max, l.line+l.floatL+l.floatR)
	l.min = max(l.min, l.run)
	l.line, l.run, l.floatL, l.floatR = 0, 0, 0, 0
	l.afterSpace = false
	l.last = [2]rune{}
	l.indent = l.indentAt(false, false) // a later line is not the first
}

func (l *inlineMeasure) walk(n *dom.Node) {
	f := l.f
	if first := f.anonymousRun(n); first != nil {
		// an anonymous item: the text and line breaks of its run
		for c := first; c != nil && f.runPart(c); c = f.w.flatNext(c) {
			if c.Kind() == dom.TextNode || c.IsElement() && !f.skipped(c) {
				c = l.child(n, c)
			}
		}
		return
	}
	if text, ok := f.pseudoText(n); ok {
		l.text(n, text)
		return
	}
	if k := f.fallbackOf(n); k != 0 {
		l.fallback(n, k)
		return
	}
	l.pseudo(n, "before")
	if n.Is(atom.Details) && !n.HasAttribute("open") {
		// its summary alone: the content slot of a closed details
		// element is size-contained (flowdetails.go)
		if s := n.FirstSummary(); s != nil {
			l.child(n, s)
		} else {
			l.text(n, defaultSummary)
		}
	} else {
		for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
			c = l.child(n, c)
		}
	}
	l.pseudo(n, "after")
}

// child measures c, a child of n in the flat tree, and returns the last
// sibling it measured with it (the parts of an anonymous table).
func (l *inlineMeasure) child(n, c *dom.Node) *dom.Node {
	f := l.f
	if c.Kind() == dom.TextNode {
		l.textNode = c
		l.text(n, c.Data)
		l.textNode = nil
		return c
	}
	if !c.IsElement() {
		return c
	}
	cb := f.box(c)
	switch {
	case f.skippedBox(c, cb):
	case c.Namespace == "" && c.Data == "br":
		l.breakLine()
		l.indent = l.indentAt(false, true)
	case c.Namespace == "" && c.Data == "wbr":
		l.min = max(l.min, l.run)
		l.run, l.last = 0, [2]rune{}
	case cb.float:
		l.float(c)
	case f.inlineLevelBox(c, cb):
		// its percentage paddings and margins count for nothing in the
		// intrinsic widths, as in Chromium (they resolve against 0)
		e := f.hEdgesOf(c)
		start, end := e.padL+e.borL+e.marL, e.padR+e.borR+e.marR
		if e.pct != 0 {
			start -= e.percentSum(pctPadL | pctMarL)
			end -= e.percentSum(pctPadR | pctMarR)
		}
		l.line += start
		l.run += start
		l.walk(c)
		l.line += end
		l.run += end
	case f.atomicBox(c, cb):
		l.atomic(n, c)
	case anonTablePart(cb.disp):
		// cells, rows or row groups in a block: an anonymous table
		// as wide as its columns (anonTable)
		var partsArr [8]*dom.Node
		parts, last := f.siblingRun(c, anonTablePart, partsArr[:0])
		t := f.anonColumns(n, parts)
		l.breakLine()
		l.min, l.max = max(l.min, t.sumMin()+t.spacing()), max(l.max, t.maxContent()+t.spacing())
		c = last
	default:
		floats := l.floatL + l.floatR
		l.breakLine()
		cmn, cmx := f.outerIntrinsic(c)
		if f.establishesContext(c) {
			cmx += floats // beside the floats before it
		}
		l.min, l.max = max(l.min, cmn), max(l.max, cmx)
	}
	return c
}

// float measures c, a float in n's content, as Chromium does: the floats
// of a line sit beside its content, left and right ones side by side, so
// their max-content widths add to the line's; a float that clears a side
// ends the floats of that side before it; an in-flow block ends them all.
func (l *inlineMeasure) float(c *dom.Node) {
	cmn, cmx := l.f.outerIntrinsic(c)
	l.min = max(l.min, cmn)
	if clear := l.f.clearOf(c); clear != clearNone {
		l.max = max(l.max, l.line+l.floatL+l.floatR)
		if clear&clearLeft != 0 {
			l.floatL = 0
		}
		if clear&clearRight != 0 {
			l.floatR = 0
		}
	}
	if l.f.floatsRight(c) {
		l.floatR += cmx
	} else {
		l.floatL += cmx
	}
}

// atomic measures c, an atomic inline in n. A line that does not wrap
// still takes each atomic inline's min-content contribution at the
// min-content width, as Chromium's line breaker does: a `width: 100%`
// input in a nowrap shrink-to-fit box adds nothing there (nice-select2's
// dropdown is as wide as its select, not as the input's default size).
func (l *inlineMeasure) atomic(n, c *dom.Node) {
	cmn, cmx := l.f.outerIntrinsic(c)
	ind := l.indent
	l.startLine()
	l.line += cmx
	l.afterSpace, l.last = false, [2]rune{}
	nowrap, _ := l.f.whiteSpace(n)
	if nowrap {
		l.run += cmn
	} else {
		l.min = max(l.min, l.run, ind+cmn)
		l.run = 0
	}
}

// pseudo measures n's ::before (or ::after) box when it is not a block,
// as pseudoInline lays it out.
func (l *inlineMeasure) pseudo(n *dom.Node, pseudo string) {
	switch p, text, kind := l.f.inlinePseudo(n, pseudo); kind {
	case genFloat:
		l.float(p)
	case genAtomic:
		l.atomic(n, p)
	case genText:
		l.text(p, text)
	case genEdged:
		l.child(n, p)
	}
}

func (l *inlineMeasure) text(n *dom.Node, s string) {
	nowrap, pre := l.f.whiteSpace(n)
	preLine := l.f.box(n).preLine
	if !pre {
		collapse := collapseSpaces
		if preLine {
			collapse = collapsePreLine
		}
		t, ok := collapse(s, l.line > 0, l.afterSpace)
		if !ok {
			return
		}
		s = t
		l.afterSpace = strings.HasSuffix(t, " ")
	}
	l.startLine()
	m := l.f.font(n)
	mode := l.f.wrapMode(n)
	if l.afterSpace {
		l.space = m.advance(" ")
	}
	l.item = -1
	for i, part := range strings.Split(s, "\n") {
		if i > 0 && (pre || preLine) {
			l.breakLine()
			l.indent = l.indentAt(false, true)
		}
		if preLine && part != "" {
			// the spaces before a line feed are gone: a line's own end
			// tells whether a space hangs there
			l.afterSpace = strings.HasSuffix(part, " ")
			l.space = m.advance(" ")
		}
		// each part is a text item on a line of its own at the max-content
		// width, each word one at the min-content width: their widths
		// snapped up to 1/64 px as Chromium's (snapItem)
		kern := 0.0
		if l.textNode != nil && i == strings.Count(s, "\n") {
			// its last character kerns with the next text's first
			// (flowkern.go)
			kern = l.f.kernAfter(nil, l.textNode, part, m)
		}
		if nowrap {
			w := m.advance(part) + kern
			if l.afterSpace && !pre {
				l.item, l.spaceEnd = l.line, l.line+w
				l.spaceX = l.spaceEnd - l.space
			}
			w = snapWidth(w)
			l.line += w
			l.run += w
			l.last = [2]rune{}
			continue
		}
		start := l.line
		prev := ""
		keep := l.f.box(n).breakSpaces
		for j, word := range strings.Split(part, " ") {
			w := m.advance(word)
			if j > 0 {
				// the space and the kerning on either side of it, as the
				// lines measure them (blockFlow.words)
				l.spaceX = l.line
				sw := m.advance(" ") + m.spaceKern(prev, true)
				l.line += sw
				l.spaceEnd = l.line
				if word != "" {
					l.line += m.spaceKern(word, false)
				}
				if keep {
					// break-spaces: no break before the space, one after it
					l.run += sw
				}
				l.min = max(l.min, l.run)
				l.run, l.last = 0, [2]rune{}
			} else if word != "" && l.last[1] != 0 && boundaryBreak(l.last, word, mode) {
				l.min = max(l.min, l.run)
				l.run = 0
			}
			prev = word
			l.at = l.line - start
			l.line += w
			l.word(word, w, m, mode)
			if word != "" {
				l.last = lastRunes(l.last, word)
			}
		}
		if kern != 0 {
			l.line += kern
			if !strings.HasSuffix(part, " ") {
				l.run += kern
			}
		}
		if !pre && l.afterSpace {
			l.item = start
		}
		if l.line > start {
			l.line = start + snapWidth(l.line-start)
		}
	}
}

// word adds a word w wide to the unbreakable run, and the places a line
// may break inside it (wordBreaks; under overflow-wrap: anywhere between
// any two characters) end the run: the min-content width is the widest
// of its pieces.
func (l *inlineMeasure) word(word string, w float64, m fontMetrics, mode wrapMode) {
	if mode.minAnywhere() {
		l.breaks = graphemeBreaks(word, l.breaks[:0])
	} else {
		l.breaks = wordBreaksAfter(l.last[1], word, mode, l.breaks[:0])
	}
	if len(l.breaks) == 0 {
		l.run += cachedWidth(l.at, w)
		return
	}
	at := l.at
	eachPiece(word, l.breaks, m, func(k, _ int, _ string, pw float64) {
		if k > 0 {
			l.min = max(l.min, l.run)
			l.run = 0
		}
		l.run += cachedWidth(at, pw)
		at += pw
	})
}

// cachedWidth is the min-content width of a piece of text w wide that
// starts at px into its text item, as Chromium's fast min-content path
// measures each word (ShapeResult::CachedWidth): the difference of the
// piece's end and start positions in the item, each snapped up to the
// layout unit. `world!` is 42.6796875px of advances, 42.6875 alone but
// 42.671875 after `Hello, ` (its start, 45.3515625, snaps up and its end,
// 88.03125, does not).
func cachedWidth(at, w float64) float64 {
	if at == 0 {
		return snapWidth(w)
	}
	return snapWidth(at+w) - snapWidth(at)
}

// flexBasis is the flex base size (border box) of a flex item of a row
// whose content box is avail wide, and its hypothetical width: its
// flex-basis (within its min- and max-width for the hypothetical width),
// else its width, else its max-content width.
func (f *flowLayout) flexBasis(c *dom.Node, avail, cross float64) (base, hyp float64) {
	if st := f.hStyleOf(c); st.hasBasis {
		if px, ok := f.hLength(c, st.basis, avail); ok {
			if !f.borderBoxSizing(c) {
				px += f.hEdgesOf(c).inner()
			}
			return px, f.clampWidth(c, px, avail)
		}
	}
	if w, ok := f.cssWidth(c, avail); ok {
		if st := f.hStyleOf(c); st.hasWidth && (st.hasMin || st.hasMax) {
			// the flex base size is the width itself, only the
			// hypothetical width is held within min- and max-width: a
			// width: 200px item of max-width: 50px shrinks from 200px
			// in its row (by its share of 200px, not of 50px)
			// https://drafts.csswg.org/css-flexbox-1/#algo-main-item
			if px, ok := f.hLength(c, st.width, avail); ok {
				e := f.hEdgesOf(c)
				if !f.borderBoxSizing(c) {
					px += e.inner()
				}
				return f.tableFloor(c, max(px, e.inner())), w
			}
		}
		return w, w
	}
	if f.replaced(c) {
		// a replaced element with a natural ratio stretched to a definite
		// height is that height times its ratio wide (an image 100×50 in
		// a flex row 80px high is 160px wide in Chromium 156); one with a
		// ratio but no natural size fills the line, as a block would
		// https://drafts.csswg.org/css-flexbox-1/#algo-main-item
		if w, ok := f.stretchedRatioWidth(c, cross); ok {
			return w, f.clampWidth(c, w, avail)
		}
		if w, ok := f.outerSVGRatioWidth(c, avail); ok {
			return w, f.clampWidth(c, w, avail)
		}
	}
	_, mx := f.intrinsic(c)
	if st := f.hStyleOf(c); (st.hasMin || st.hasMax) && !f.sizedByContent(c) && !f.orthogonal(c) &&
		!f.w.inlineContained(c) && f.depth < maxFlowDepth {
		// the flex base size is the max-content width itself, only the
		// hypothetical width is held within min- and max-width: MDC's
		// "List" tab (82.58px, min-width 90px) grows from 82.58px
		// https://drafts.csswg.org/css-flexbox-1/#algo-main-item
		f.depth++
		_, cmx := f.contentIntrinsic(c)
		f.depth--
		return cmx + f.hEdgesOf(c).inner(), mx
	}
	return mx, mx
}

// stretchedRatioWidth is the border-box width of c, a replaced element
// with a natural ratio and no height of its own, stretched across a flex
// line to the definite height cross (its margin box's): that height times
// its ratio; false when cross is not definite (< 0).
func (f *flowLayout) stretchedRatioWidth(c *dom.Node, cross float64) (float64, bool) {
	if cross < 0 {
		return 0, false
	}
	r, ok := f.naturalRatio(c)
	if !ok {
		return 0, false
	}
	if _, own := f.ownHeight(c); own {
		return 0, false
	}
	return layoutUnit(max(cross-f.vPads(c), 0)*r) + f.hEdgesOf(c).inner(), true
}

// flexFactor reads flex-grow or flex-shrink.
func (f *flowLayout) flexFactor(c *dom.Node, prop string, def float64) float64 {
	v, ok := f.w.cascaded(c, prop)
	if !ok {
		return def
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || x < 0 || math.IsInf(x, 0) {
		return def
	}
	return x
}

// flexMin is the smallest a flex item shrinks to: its min-width, else its
// min-content width (0 for one that scrolls its overflow).
// https://drafts.csswg.org/css-flexbox-1/#min-size-auto
func (f *flowLayout) flexMin(c *dom.Node, avail, cross float64) float64 {
	st := f.hStyleOf(c)
	if st.hasMin {
		if px, ok := f.hLength(c, st.minWidth, avail); ok {
			if !f.borderBoxSizing(c) {
				px += f.hEdgesOf(c).inner()
			}
			return px
		}
	}
	if v := st.overflowX; v != "" && v != "visible" && v != "clip" {
		return f.hEdgesOf(c).inner()
	}
	mn, _ := f.intrinsic(c)
	if w, ok := f.cssWidth(c, avail); ok {
		mn = min(mn, w)
		if w, ok := f.ratioContentWidth(c); ok {
			mn = min(mn, w)
		}
	} else if c.Namespace == "" && f.replaced(c) {
		// an image or canvas stretched to a definite height is no
		// narrower than that height makes it, one with a ratio alone
		// than the line it fills; an inline svg shrinks (Chromium 156)
		if w, ok := f.stretchedRatioWidth(c, cross); ok {
			mn = w
		} else if w, ok := f.outerSVGRatioWidth(c, avail); ok {
			mn = w
		}
	}
	return mn
}

// ratioContentWidth is the border-box width the content size suggestion
// of c, a replaced flex item with a height of its own, gives it: that
// height through its natural ratio (an image of 300x400 and width and
// height 32 in a 10px row shrinks to 24px, not 32: its aspect-ratio
// hint yields to the loaded image's ratio); false for other items.
// https://drafts.csswg.org/css-flexbox-1/#content-size-suggestion
func (f *flowLayout) ratioContentWidth(c *dom.Node) (float64, bool) {
	if c.Namespace != "" || !f.objectReplaced(c) {
		return 0, false
	}
	h, ok := f.ownHeight(c)
	if !ok {
		return 0, false
	}
	r, ok := f.naturalRatio(c)
	if !ok {
		return 0, false
	}
	return layoutUnit(max(h-f.vPads(c), 0)*r) + f.hEdgesOf(c).inner(), true
}

// flexContributions are the min- and max-content contributions mn and mx
// of c, an item of a flex row, clamped by its flex base size (a definite
// flex-basis): no larger when it cannot grow, no smaller when it cannot
// shrink, then within its maximum and its minimum width (its content's,
// when auto), as Chromium takes them; the min-content contribution of an item
// of a wrapping row stays its own there. An item of `flex: 0 0 100px`
// around `lorem` makes its fit-content row 100 wide, it read 40.
// https://drafts.csswg.org/css-flexbox-1/#intrinsic-item-contributions
func (f *flowLayout) flexContributions(c *dom.Node, mn, mx float64, single bool) (float64, float64) {
	st := f.hStyleOf(c)
	if !st.hasBasis || st.grow > 0 && st.shrink > 0 || f.replaced(c) {
		return mn, mx
	}
	px, ok := f.hLength(c, st.basis, -1)
	if !ok {
		return mn, mx
	}
	e := f.hEdgesOf(c)
	if !f.borderBoxSizing(c) {
		px += e.inner()
	}
	base, floor := px+e.outer(), f.flexMin(c, -1, -1)+e.outer()
	ceil := math.Inf(1)
	if st.hasMax {
		if w, ok := f.hLength(c, st.maxWidth, -1); ok {
			if !f.borderBoxSizing(c) {
				w += e.inner()
			}
			// (its automatic minimum is no wider either)
			ceil = w + e.outer()
			floor = min(floor, ceil)
		}
	}
	clamp := func(x float64) float64 {
		if st.grow == 0 {
			x = min(x, base)
		}
		if st.shrink == 0 {
			x = max(x, base)
		}
		return max(min(x, ceil), floor)
	}
	mx = clamp(mx)
	if single {
		mn = clamp(mn)
	}
	return mn, mx
}

// flexItem is one item of a flex line being sized.
type flexItem struct {
	n              *dom.Node
	base, basis, w float64 // its flex base size, hypothetical and used widths
	minW           float64
	// contentMin: minW is its width, and its content's min-content width
	// may be smaller (measured when the line shrinks)
	contentMin         bool
	grow, shrink       float64
	e                  *hEdges
	frozen             bool
	outerBasis, outerW float64
}

// flexRowWidths sizes and places the items of a flex row (a line of
// them): widths from their bases shared out by their grow and shrink
// factors, positions by justify-content and auto margins, from the left,
// or from the right when mirror (a row-reverse or right-to-left row, not
// both). It returns how far left and right their border boxes reach, and
// how far right their margin boxes do (not mirrored).
// https://drafts.csswg.org/css-flexbox-1/#resolve-flexible-lengths
func (f *flowLayout) flexRowWidths(n *dom.Node, items []flexItem, avail, gap float64, justify string, mirror bool) (lo, hi, mhi float64) {
	used := gap * float64(max(len(items)-1, 0))
	for i := range items {
		used += items[i].basis + items[i].e.outer()
		items[i].w = items[i].basis
	}
	growing := avail-used > 0
	for i := range items {
		// an item its min- or max-width holds off its flex base size
		// in the way of the change keeps its hypothetical size
		// https://drafts.csswg.org/css-flexbox-1/#resolve-flexible-lengths
		it := &items[i]
		it.frozen = growing && (it.grow == 0 || it.base > it.basis) || !growing && (it.shrink == 0 || it.base < it.basis)
	}
	initial := 0.0
	for k := range 4 { // freeze the items that hit a limit, share out again
		// what is left of the line after the frozen items' widths and
		// the others' flex base sizes (Polaris's two-thirds section
		// grows from its 480px basis, not from its 51% min-width)
		left, weights, factors := avail-gap*float64(max(len(items)-1, 0)), 0.0, 0.0
		for i := range items {
			it := &items[i]
			left -= it.e.outer()
			if it.frozen {
				left -= it.w
				continue
			}
			left -= it.base
			if growing {
				weights += it.grow
				factors += it.grow
			} else {
				weights += it.shrink * it.base
				factors += it.shrink
			}
		}
		if k == 0 {
			initial = left
		}
		if weights == 0 || (growing && left <= 0) || (!growing && left >= 0) {
			// nothing to share out: the unfrozen items are back at their
			// hypothetical widths, not at the shares of a round before
			// whose clamped items left room again (a flex: auto item
			// held to its max-width gives back what the others shrank
			// by), as Chromium takes their flex base sizes with no
			// extra space
			for i := range items {
				if it := &items[i]; !it.frozen {
					it.w = it.basis
				}
			}
			break
		}
		left = partFree(left, initial, factors)
		clamped := false
		for i := range items {
			it := &items[i]
			if it.frozen {
				continue
			}
			// a flexed size is in Chromium's layout unit, to the
			// nearest (LayoutUnit::FromDoubleRound)
			if growing {
				it.w = layoutUnitRound(it.base + left*it.grow/weights)
			} else {
				it.w = layoutUnitRound(it.base + left*it.shrink*it.base/weights)
				if it.contentMin {
					// its automatic minimum: the smaller of its width
					// and its content's min-content width (a 1248px
					// dialog with 16px margins shrinks in 1280px)
					// https://drafts.csswg.org/css-flexbox-1/#min-size-auto
					it.contentMin = false
					if f.depth < maxFlowDepth {
						f.depth++
						cmn, _ := f.contentIntrinsic(it.n)
						f.depth--
						it.minW = min(it.minW, f.clampWidth(it.n, cmn+it.e.inner(), avail))
					}
				}
			}
			switch c := f.clampWidth(it.n, it.w, avail); {
			case it.w < it.minW:
				it.w, it.frozen, clamped = it.minW, true, true
			case c < it.w || growing && c > it.w:
				it.w, it.frozen, clamped = c, true, true
			}
		}
		if !clamped {
			break
		}
	}
	// what is left goes to the auto margins, else to justify-content
	total := gap * float64(max(len(items)-1, 0))
	autos := 0
	for i := range items {
		total += items[i].w + items[i].e.outer()
		if items[i].e.autoL {
			autos++
		}
		if items[i].e.autoR {
			autos++
		}
	}
	leftover := avail - total
	// the free space shared out among the auto margins or by
	// justify-content, the first item's room before it
	var dist freeShares
	if leftover > 0 && autos > 0 {
		dist = freeShares{free: leftover, m: autos, total: autos, margins: true}
	} else {
		// items that overflow the line stay at its flex start under
		// space-between, at the container's start under space-around
		// and space-evenly (their fallback, safe center, as Chromium
		// takes it), and overflow its start under flex-end and center
		// (unsafe, as in Chromium: a nowrap label in a narrow
		// end-justified tag)
		justify = overflowSafe(justify, leftover < 0)
		if leftover < 0 {
			switch justify {
			case "space-between":
				justify = "flex-start"
			case "space-around", "space-evenly":
				justify = "start"
			}
		}
		if mirror != f.lineAlignOf(n).rtlFlow() {
			// start and end are the container's direction's: a
			// row-reverse row's flex end and flex start
			switch justify {
			case "start":
				justify = "flex-end"
			case "end":
				justify = "flex-start"
			}
		}
		k := len(items)
		switch justify = physicalSide(justify, mirror); justify {
		case "flex-end", "end", "right":
			dist.start = leftover
		case "center", "safe center":
			// halved in layout units toward zero, from the start of
			// the container's direction (Chromium's offset of a centered
			// row-reverse row is cut from its left)
			dist.start = layoutUnit(leftover / 2)
			if mirror != f.lineAlignOf(n).rtlFlow() {
				dist.start = leftover - dist.start
			}
		case "space-between", "space-around", "space-evenly":
			dist = spaceShares(justify, leftover, k)
		}
	}
	// from the start of the container's direction: a row-reverse row's
	// shares are counted from its left
	dist.flip = mirror != f.lineAlignOf(n).rtlFlow()
	x := dist.room(0)
	taken := 0 // the shares passed (gaps or auto margins)
	pass := func() {
		x -= dist.room(taken)
		taken++
		x += dist.room(taken)
	}
	for i := range items {
		it := &items[i]
		if i > 0 {
			x += gap
			if !dist.margins {
				pass()
			}
		}
		// from the main axis's start: mirrored, a margin on the right
		// comes first
		marS, marE, autoS, autoE := it.e.marL, it.e.marR, it.e.autoL, it.e.autoR
		if mirror {
			marS, marE, autoS, autoE = marE, marS, autoE, autoS
		}
		if autoS && dist.margins {
			pass()
		}
		x += marS
		cb := f.box(it.n)
		f.setWidth(it.n, cb, it.w)
		cb.x = x
		if mirror {
			cb.x = avail - x - it.w
		}
		x += it.w + marE
		if autoE && dist.margins {
			pass()
		}
		if mirror {
			lo, hi = min(lo, avail-x), max(hi, cb.x+it.w)
		} else {
			// its border box, its margin box for a scroll container
			// (flowgeom.go scrollWidthWith): an item overflowing a
			// flex float by its 5% margin scrolls to its border box;
			// one of no width (a <br>'s anonymous item) adds no rect
			if it.w > 0 {
				hi = max(hi, cb.x+it.w)
			}
			mhi = max(mhi, x)
		}
	}
	return lo, hi, mhi
}

// freeShares is how a flex line shares its free space out among m
// spaces, the gaps of space-between, space-around and space-evenly or its
// auto margins: Chromium puts the first item where the start's share, in
// layout units toward zero, puts it, and adds to that each item's running
// share of the rest rounded half up in layout units (seven items in 333px
// of space-between lie 43.828125, 43.84375, 43.828125… apart, where an
// exact share is 43.8333), from the start of the container's direction.
// room(c) is the free room before what follows c of the total shares.
type freeShares struct {
	start, free float64
	m, total    int
	margins     bool // the auto margins' shares, not the gaps'
	flip        bool // counted from the other end (a row-reverse row's left)
}

func (d freeShares) room(c int) float64 {
	if d.m == 0 {
		return d.start
	}
	if d.flip {
		return d.free - d.start - sharedRoom(d.free, d.total-c, d.m)
	}
	return d.start + sharedRoom(d.free, c, d.m)
}

// sharedRoom is k of m shares of free px, rounded half up in layout units.
func sharedRoom(free float64, k, m int) float64 {
	if free <= 0 || m <= 0 {
		return 0
	}
	raw := math.Floor(free*64 + 1e-6)
	return math.Floor((2*float64(k)*raw+float64(m))/float64(2*m)) / 64
}

// spaceShares is the distribution of free px by justify (space-between,
// space-around or space-evenly) among k items of a flex line.
// https://drafts.csswg.org/css-align-3/#distribution-values
func spaceShares(justify string, free float64, k int) freeShares {
	switch justify {
	case "space-between":
		if k > 1 {
			return freeShares{free: free, m: k - 1, total: k - 1}
		}
	case "space-around":
		return freeShares{start: layoutUnit(free / float64(2*k)), free: free, m: k, total: k - 1}
	case "space-evenly":
		return freeShares{start: layoutUnit(free / float64(k+1)), free: free, m: k + 1, total: k - 1}
	}
	return freeShares{}
}

// partFree is the free space a flex line shares out when the flex
// factors of its unfrozen items (grow or shrink, unscaled) add up to less
// than one: that part of the initial free space when it is the smaller,
// so that flex-grow: 0.5 takes half of the room and flex-shrink: 0.5 gives
// up half of the overflow.
// https://drafts.csswg.org/css-flexbox-1/#resolve-flexible-lengths
func partFree(left, initial, factors float64) float64 {
	if factors < 1 {
		if part := initial * factors; math.Abs(part) < math.Abs(left) {
			return part
		}
	}
	return left
}

// physicalSide is an alignment keyword of a box laid out from the right
// when mirror: left and right name physical sides, the start and the end
// swapped.
// https://drafts.csswg.org/css-align/#positional-values
func physicalSide(v string, mirror bool) string {
	if mirror {
		switch v {
		case "left":
			return "right"
		case "right":
			return "left"
		}
	}
	return v
}

// mirrorX is where a box w wide that a left-to-right container avail wide
// puts at x lies in the same container right to left: its margin box at
// the other end, its margins (e) on their physical sides.
func mirrorX(x, w, avail float64, e *hEdges) float64 {
	return avail - w - x - e.marR + e.marL
}

// crossWidth sizes and places an item of a flex column or a block child
// of a grid area (grid): stretched to avail unless it has a width or is
// aligned otherwise, then shrunk to fit and placed by its alignment.
// Replaced elements and form controls stretch too, as in Chromium 156,
// but a grid's normal alignment keeps a replaced element's own size.
// https://drafts.csswg.org/css-align-3/#justify-grid
func (f *flowLayout) crossWidth(c *dom.Node, avail float64, align string, grid bool) (w, x float64) {
	e := f.hEdgesOf(c)
	if cw, ok := f.cssWidth(c, avail); ok {
		w = cw
	} else if kw, ok := f.keywordWidth(c, f.box(c), avail-e.outer()); ok {
		// min-content, max-content, fit-content: not stretched
		w = kw
	} else if (align == "" || align == "normal" || align == "stretch") && !e.autoL && !e.autoR {
		// (an auto margin keeps it from stretching: it shrinks to fit
		// and the margins share the room left, as in Chromium)
		// https://drafts.csswg.org/css-align/#justify-self-property
		w = f.tableFloor(c, max(f.clampWidth(c, avail-e.outer(), avail), e.inner()))
		if f.sizedByContent(c) && !f.stretchesAcross(c, grid && align != "stretch") {
			w = f.replacedUsedWidth(c, avail)
		}
	} else if rw, ok := f.outerSVGRatioWidth(c, avail); ok {
		// a ratio alone: it fills the line (Chromium 156), its
		// contribution to a box shrinking around it being nothing
		w = f.clampWidth(c, rw, avail)
	} else {
		w = f.shrinkToFit(c, avail-e.outer())
	}
	return w, f.crossX(c, avail, w, align)
}

// stretchesAcross tells whether c, a replaced element or form control with
// no width from the cascade, is stretched across a flex column or a grid
// area: not when the UA gives it a width (a meter, a progress bar) or its
// width attribute does (an outermost svg), nor, when keep (a grid's normal
// alignment), a replaced element other than a form control.
func (f *flowLayout) stretchesAcross(c *dom.Node, keep bool) bool {
	if c.Namespace == "svg" && c.HasAttribute("width") {
		return false
	}
	if c.Namespace == "" && (c.Data == "meter" || c.Data == "progress") {
		return false
	}
	return !keep || c.Namespace == "" && (c.Data == "input" || c.Data == "select" || c.Data == "textarea")
}

// crossX is where align (or c's auto margins) puts the left of the border
// box of c, w wide, in the width avail across a flex column's line.
func (f *flowLayout) crossX(c *dom.Node, avail, w float64, align string) float64 {
	e := f.hEdgesOf(c)
	align = overflowSafe(align, w+e.outer() > avail)
	x := e.marL
	switch {
	case e.autoL && e.autoR:
		x = autoMarginHalf(avail - w)
	case e.autoL:
		x = avail - w - e.marR
	case e.autoR:
		// the margin takes the room: align-self does nothing
	case align == "center":
		x = layoutUnit((avail-w-e.outer())/2) + e.marL
	case align == "flex-end" || align == "end" || align == "self-end" || align == "right":
		x = avail - w - e.marR
	}
	return x
}

// overflowSafe is align without its overflow keyword: unsafe aligns as
// given, safe too unless the box overflows its alignment container, when
// it aligns at the start.
// https://drafts.csswg.org/css-align/#overflow-values
func overflowSafe(align string, overflows bool) string {
	if v, ok := strings.CutPrefix(align, "unsafe "); ok {
		return v
	}
	if v, ok := strings.CutPrefix(align, "safe "); ok {
		if overflows {
			return "start"
		}
		return v
	}
	return align
}

// atomicWidth is the border-box width of c, an atomic inline (an
// inline-block, a replaced element, a form control, a float) on a line
// avail wide.
func (f *flowLayout) atomicWidth(c *dom.Node, avail float64) float64 {
	if f.sizedByContent(c) {
		return f.replacedUsedWidth(c, avail)
	}
	return f.shrinkToFit(c, avail-f.hEdgesOf(c).outer())
}

// ratioLimitedWidth is the content width of n, a replaced element of
// natural size nw by nh with auto width and height, as its min-height and
// max-height limit it through its aspect ratio: a height above max-height
// (below min-height) makes it that much narrower (wider); clampWidth then
// applies min-width and max-width, and its height follows its width, so
// the constraints table of CSS 2 section 10.4 comes out.
// https://drafts.csswg.org/css2/#min-max-widths
func (f *flowLayout) ratioLimitedWidth(n *dom.Node, nw, nh float64) float64 {
	vs := f.vStyleOf(n)
	if nh <= 0 || !vs.hasMin && !vs.hasMax {
		return nw
	}
	adj := 0.0
	if f.borderBoxSizing(n) {
		adj = f.vPads(n)
	}
	lo, hi := 0.0, math.Inf(1)
	if px, ok := f.vLength(n, vs.minH); vs.hasMin && ok {
		lo = max(px-adj, 0)
	}
	if px, ok := f.vLength(n, vs.maxH); vs.hasMax && ok {
		hi = max(px-adj, lo)
	}
	switch {
	case nh > hi:
		return hi * nw / nh
	case nh < lo:
		return lo * nw / nh
	}
	return nw
}

// replacedUsedWidth is the width of a replaced element or form control in
// a container avail wide: its own, else its kind's, within its min-width
// and max-width (an image's max-width: 100%).
func (f *flowLayout) replacedUsedWidth(c *dom.Node, avail float64) float64 {
	if w, ok := f.cssWidth(c, avail); ok {
		return w
	}
	if st := f.hStyleOf(c); st.hasWidth && isStretch(st.width) {
		return f.stretchWidth(c, avail-f.hEdgesOf(c).outer())
	}
	if w, ok := f.outerSVGRatioWidth(c, avail); ok {
		return f.clampWidth(c, w, avail)
	}
	if w, ok := f.percentReplacedWidth(c); ok {
		// an auto width under a percentage max-width
		return f.clampWidth(c, w, avail)
	}
	w := f.replacedWidth(c)
	if lw, ok := f.pushButtonMinContent(c); ok && avail >= 0 {
		// a push button whose label wraps shrinks to fit: no narrower
		// than its widest word ("Send this form now please" is 60px
		// wide in a 60px box, not 173)
		e := f.hEdgesOf(c)
		w = min(w, max(lw+e.inner(), avail-e.outer()))
	}
	return f.clampWidth(c, w, avail)
}

// outerSVGRatioWidth is the border-box width of c, an outermost svg
// element with an auto width, no width attribute and a viewBox, or an img
// of an SVG image with a natural ratio but no width or height, in a
// container avail wide: a replaced element with an aspect ratio but no
// natural size is as wide as its height (from the cascade or its height
// attribute) times that ratio, else it fills its container as a block
// does, as Chromium sizes it (mdui's circular progress, an svg with only
// a viewBox in a 40px box, is 40px wide, not 300px), and it adds no
// width to a box that shrinks to fit around it (avail < 0 asks for that
// contribution). Without a viewBox it keeps the 300px default.
// https://drafts.csswg.org/css2/#inline-replaced-width
func (f *flowLayout) outerSVGRatioWidth(c *dom.Node, avail float64) (float64, bool) {
	var ratio float64
	switch {
	case c.Is(atom.Img):
		// an SVG image with a ratio but neither a width nor a height
		nd, ok := f.w.imageNaturalSize(c)
		if !ok || nd.w >= 0 || nd.h >= 0 || nd.ratio <= 0 {
			return 0, false
		}
		ratio = f.imgRatio(c, nd.ratio, 1)
	case c.HasAttribute("width"):
		return 0, false
	default:
		r, ok := viewBoxRatio(c)
		if !ok {
			return 0, false
		}
		ratio = r
	}
	e := f.hEdgesOf(c)
	// the width from the height and the ratio is in Chromium's layout
	// unit, toward zero (antd-mobile's Rate: stars of viewBox 0 0 42 40,
	// 24px high, are 25.1875px wide; sweep67-svg-ratio-width-unit.html)
	if h, ok := f.ownHeight(c); ok {
		return layoutUnit(max(h-f.vPads(c), 0)*ratio) + e.inner(), true
	}
	if v := strings.TrimSpace(c.Attribute("height")); c.Namespace == "svg" && v != "" && !f.vStyleOf(c).hasH {
		if u, x, ok := parseLength(v); ok && u != lengthPercentage && x >= 0 {
			if k, ok := (&svgLengthValue{w: f.w, n: c}).userUnits(u); ok {
				return layoutUnit(x*k*ratio) + e.inner(), true
			}
		} else if px, ok := f.vLength(c, v); ok && strings.HasSuffix(v, "%") {
			return layoutUnit(px*ratio) + e.inner(), true
		}
	}
	if avail < 0 {
		// its min- and max-content contribution: no width of its own
		// (an inline-block or float around it shrinks to nothing)
		return e.inner(), true
	}
	return max(avail-e.outer(), e.inner()), true
}

// viewBoxRatio is the width over the height of the viewBox of c, an
// outermost svg element; false for any other element, or one with no
// viewBox or an empty one.
func viewBoxRatio(c *dom.Node) (float64, bool) {
	if !outerSVG(c) {
		return 0, false
	}
	r, ok := parseViewBox(c.Attribute("viewBox"))
	if !ok || r[2] <= 0 || r[3] <= 0 {
		return 0, false
	}
	return r[2] / r[3], true
}

// naturalRatio is the natural aspect ratio (width over height) of c, a
// replaced element: a canvas's from its width and height, a loaded
// image's (its aspect-ratio's when that has no auto), an outermost svg's
// viewBox's, else the ratio of its aspect-ratio; false when it has none
// (a video before its metadata, an iframe).
// https://drafts.csswg.org/css-images-3/#natural-aspect-ratio
func (f *flowLayout) naturalRatio(c *dom.Node) (float64, bool) {
	if nw, nh, ok := canvasNaturalSize(c); ok {
		if nw > 0 && nh > 0 {
			return f.imgRatio(c, nw, nh), true
		}
		return f.preferredRatio(c)
	}
	if nd, ok := f.w.imageNaturalSize(c); ok {
		if nd.sized() {
			return f.imgRatio(c, nd.w, nd.h), true
		}
		if nd.ratio > 0 {
			return f.imgRatio(c, nd.ratio, 1), true
		}
		return f.preferredRatio(c)
	}
	if r, ok := viewBoxRatio(c); ok {
		return r, true
	}
	return f.preferredRatio(c)
}

// tableCols are the columns of a table: each one's min- and max-content
// width from its cells, the horizontal border spacing, and the widths
// they were given.
type tableCols struct {
	min, max []float64
	// pct is a column's percentage width (a fraction; 0 for none),
	// fixed whether a cell of its own gives it a length; both nil when
	// no column has them
	pct    []float64
	fixed  []bool
	sx     float64
	widths []float64
	given  float64 // the content width the widths were shared from
	// layoutFixed is fixed table layout: min and max are the columns'
	// widths from their column elements or first-row cells (0 for the
	// auto ones), cell content counts for nothing
	layoutFixed bool
	// captionMin is the widest min-content margin box of the table's
	// captions: its border box is never narrower, whatever its columns
	// or its width ask
	captionMin float64
	// spans is where the cells lie when some span rows (nil when none
	// does: each row's cells lie column after column)
	spans *rowSpans
	// pctEdges is, in the fixed layout, what a percentage column adds to
	// its share: the paddings and borders of the content-box cell that
	// gives the percentage (nil when none does)
	pctEdges []float64
	// empty tells which columns no cell starts in (a column element's
	// beyond the cells, or one a spanning cell only covers): they take
	// none of the table's width past the columns' own while another
	// column can (nil when every column has a cell of its own)
	empty []bool
	// collapsed tells which columns a column element with visibility:
	// collapse removes (nil when none does)
	collapsed []bool
}

// grow makes room for n columns.
func (t *tableCols) grow(n int) {
	for len(t.min) < n {
		t.min, t.max = append(t.min, 0), append(t.max, 0)
	}
	if t.pct != nil {
		for len(t.pct) < len(t.min) {
			t.pct, t.fixed = append(t.pct, 0), append(t.fixed, false)
		}
	}
}

// setColumnWidth records v, the width a column element or a cell gives
// column col: a percentage (a fraction of the table's content width) or
// w, a length in pixels.
func (t *tableCols) setColumnWidth(col int, pct, w float64, isPct bool) {
	if t.pct == nil {
		t.pct, t.fixed = make([]float64, len(t.min)), make([]bool, len(t.min))
	}
	t.grow(col + 1)
	if isPct {
		t.pct[col] = max(t.pct[col], pct)
		return
	}
	t.fixed[col] = true
	t.max[col] = max(t.max[col], w)
	if t.layoutFixed {
		t.min[col] = t.max[col]
	}
}

// columnElements calls fn with each column table's column elements
// (`<col>`, or `<colgroup>` with no `<col>`; their span) define, in
// order, with the element whose width the column takes: a column's own,
// else its group's. Hidden column elements define none.
// https://html.spec.whatwg.org/multipage/tables.html#forming-a-table
func (f *flowLayout) columnElements(table *dom.Node, fn func(col int, width *dom.Node)) {
	f.columnTracks(table, func(el, group *dom.Node, start, n int) {
		if el == group {
			return // its columns are its cols'
		}
		w := el
		if group != nil && !f.hStyleOf(el).hasWidth {
			w = group
		}
		for k := range n {
			fn(start+k, w)
		}
	})
}

// columnTracks calls fn with each of table's column elements, in order,
// with the first column it covers and how many: a `<col>` its span, a
// `<colgroup>` the columns of its cols, or its own span when it holds
// none. group is the group of a col inside one, and el itself for a
// group holding cols, reported before them (they define its columns);
// nil otherwise. Hidden column elements cover none.
func (f *flowLayout) columnTracks(table *dom.Node, fn func(el, group *dom.Node, start, n int)) {
	const most = 1000 // columns, as the HTML standard's span limit
	col := 0
	span := func(n *dom.Node) int {
		if v, err := strconv.Atoi(strings.TrimSpace(n.Attribute("span"))); err == nil && v > 1 {
			return min(v, most)
		}
		return 1
	}
	isCol := func(c *dom.Node) bool {
		return c.IsElement() && !f.skipped(c) && f.display(c) == "table-column"
	}
	for g := f.w.flatFirst(table); g != nil && col < most; g = f.w.flatNext(g) {
		if !g.IsElement() || f.skipped(g) {
			continue
		}
		switch f.display(g) {
		case "table-column":
			n := min(span(g), most-col)
			fn(g, nil, col, n)
			col += n
		case "table-column-group":
			n := 0
			for c := f.w.flatFirst(g); c != nil; c = f.w.flatNext(c) {
				if isCol(c) {
					n += span(c)
				}
			}
			if n == 0 {
				n = min(span(g), most-col)
				fn(g, nil, col, n)
				col += n
				continue
			}
			fn(g, g, col, min(n, most-col))
			for c := f.w.flatFirst(g); c != nil && col < most; c = f.w.flatNext(c) {
				if isCol(c) {
					n := min(span(c), most-col)
					fn(c, g, col, n)
					col += n
				}
			}
		}
	}
}

// columnWidthOf reads the width n (a column element, or a cell spanning
// span columns) gives each of its columns: a percentage as a fraction,
// or a length in pixels (a cell's border box, less the spacing between
// the columns it spans, shared evenly); ok is false for auto.
func (f *flowLayout) columnWidthOf(n *dom.Node, span int, sx float64) (w float64, isPct, ok bool) {
	st := f.hStyleOf(n)
	if !st.hasWidth {
		return 0, false, false
	}
	v := strings.TrimSpace(st.width)
	if x, cut := strings.CutSuffix(v, "%"); cut {
		if p, err := strconv.ParseFloat(x, 64); err == nil && p > 0 {
			return p / 100 / float64(span), true, true
		}
		return 0, false, false
	}
	if f.display(n) == "table-cell" {
		w, ok = f.cssWidth(n, -1)
	} else {
		w, ok = f.hLength(n, v, -1)
	}
	if !ok {
		return 0, false, false
	}
	return max(w-sx*float64(span-1), 0) / float64(span), false, true
}

// fixedLayout tells whether table is laid out with the fixed table
// layout: table-layout: fixed and a width that is not auto.
// https://drafts.csswg.org/css2/#fixed-table-layout
func (f *flowLayout) fixedLayout(table *dom.Node) bool {
	if f.w.computedMemo(table, "table-layout") != "fixed" {
		return false
	}
	st := f.hStyleOf(table)
	if !st.hasWidth {
		return false
	}
	switch strings.TrimSpace(st.width) {
	case "", "auto", "initial", "unset", "revert", "revert-layer", "min-content", "max-content", "fit-content", "-webkit-fit-content", "-webkit-min-content", "-webkit-max-content":
		return false
	}
	return true
}

// sizeColumn records the width of cell c, alone in column col: a
// percentage or a length makes the column a percentage or a fixed one.
// It tells whether c gives a length.
func (f *flowLayout) sizeColumn(t *tableCols, c *dom.Node, col int) bool {
	st := f.hStyleOf(c)
	if !st.hasWidth {
		return false
	}
	v := strings.TrimSpace(st.width)
	if t.pct == nil {
		t.pct, t.fixed = make([]float64, len(t.min)), make([]bool, len(t.min))
	}
	for len(t.pct) < len(t.min) {
		t.pct, t.fixed = append(t.pct, 0), append(t.fixed, false)
	}
	if p, isPct := percentWidth(v); isPct {
		t.pct[col] = max(t.pct[col], p)
		return false
	}
	if v != "" && v != "auto" && !cssWideKeywords[v] && !strings.Contains(v, "content") {
		t.fixed[col] = true
		return true
	}
	return false
}

func (t *tableCols) sumMin() (s float64) {
	for _, x := range t.min {
		s += x
	}
	return s
}

func (t *tableCols) sumMax() (s float64) {
	for _, x := range t.max {
		s += x
	}
	return s
}

// maxContent is the max-content width of t's columns (border spacing
// not counted): their max-content widths, widened so that a percentage
// column's share of it is its max-content width and the other columns
// fit in what the percentages leave (any width, 1e6 px as in Chromium,
// when they leave nothing); auto table layout only.
// https://drafts.csswg.org/css-tables-3/#intrinsic-percentage-width-of-a-column-based-on-cells-of-span-up-to-1
func (t *tableCols) maxContent() float64 {
	s := t.sumMax()
	if t.pct == nil || t.layoutFixed {
		return s
	}
	total, rest, widest := 0.0, 0.0, 0.0
	for i, x := range t.max {
		p := 0.0
		if i < len(t.pct) {
			p = min(t.pct[i], 1-total) // past 100% a percentage is cut
		}
		if p > 0 {
			total += p
			widest = max(widest, x/p)
		} else {
			rest += x
		}
	}
	if total == 0 {
		return s
	}
	if rest > 0 {
		if total >= 1 {
			return max(s, tableMaxInline)
		}
		widest = max(widest, rest/(1-total))
	}
	return max(s, min(layoutUnit(widest), tableMaxInline))
}

// tableMaxInline is the widest Chromium makes a table's max-content
// width.
const tableMaxInline = 1e6

// spacing is the border spacing between the columns and at the edges.
func (t *tableCols) spacing() float64 {
	if len(t.min) == 0 {
		return 0
	}
	return t.sx * float64(len(t.min)+1)
}

// tableRows calls fn with each row of table, in its row groups or not.
func (f *flowLayout) tableRows(table *dom.Node, fn func(row *dom.Node)) {
	for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) {
			continue
		}
		switch f.display(c) {
		case "table-row":
			fn(c)
		case "table-row-group", "table-header-group", "table-footer-group":
			for r := f.w.flatFirst(c); r != nil; r = f.w.flatNext(r) {
				if r.IsElement() && !f.skipped(r) && f.display(r) == "table-row" {
					fn(r)
				}
			}
		}
	}
}

// colSpan is the number of columns a cell spans: a td's or th's colspan
// (1 when it is not a positive integer, at most 1000); 1 for a box of
// another element.
// https://html.spec.whatwg.org/multipage/tables.html#attr-tdth-colspan
func colSpan(c *dom.Node) int {
	if !htmlCell(c) {
		return 1
	}
	if v, ok := parseHTMLInteger(c.Attribute("colspan")); ok && v > 1 {
		return int(min(v, 1000))
	}
	return 1
}

// rowSpan is the number of rows a cell spans: a td's or th's rowspan (0
// for the rest of its row group; 1 when it is not a non-negative
// integer; at most 65534); 1 for a box of another element.
// https://html.spec.whatwg.org/multipage/tables.html#attr-tdth-rowspan
func rowSpan(c *dom.Node) int {
	if !htmlCell(c) {
		return 1
	}
	v, ok := parseHTMLInteger(c.Attribute("rowspan"))
	if !ok || v < 0 {
		return 1
	}
	return int(min(v, 65534))
}

// htmlCell tells whether c is an HTML td or th.
func htmlCell(c *dom.Node) bool {
	return c.Namespace == "" && (c.Data == "td" || c.Data == "th")
}

// tableColumnsOf is table's columns and their min- and max-content widths
// (auto table layout: each column as wide as its widest cell; a cell
// spanning columns widens them evenly when they are too narrow for it).
// https://drafts.csswg.org/css-tables-3/#computing-column-measures
func (f *flowLayout) tableColumnsOf(table *dom.Node) *tableCols {
	tb := f.box(table)
	if tb.table != nil {
		return tb.table
	}
	t := &tableCols{sx: f.borderSpacingX(table)}
	tb.table = t
	t.captionMin = f.captionMin(table)
	t.spans = f.planRowSpans(table)
	if f.fixedLayout(table) {
		f.fixedColumns(table, t)
		f.collapseColumns(table, t)
		return t
	}
	if f.textOnly(table) {
		// its text lies in one anonymous cell (tableContent lays the
		// table out as a block)
		var l inlineMeasure
		l.f = f
		l.walk(table)
		l.breakLine()
		t.min, t.max = []float64{l.min}, []float64{l.max}
		return t
	}
	f.measureColumns(t, f.partRows(f.tableParts(table, nil)), table)
	f.collapseColumns(table, t)
	return t
}

// collapseColumns removes from t the columns of table that a col, or a
// colgroup holding none, with visibility: collapse covers: they take no
// width, and the table is narrower by theirs, as in Chromium (their cells
// still size the rows).
// https://drafts.csswg.org/css-tables-3/#visibility-collapse-track-rendering
func (f *flowLayout) collapseColumns(table *dom.Node, t *tableCols) {
	f.columnTracks(table, func(el, group *dom.Node, start, n int) {
		if el == group || f.w.computedMemo(el, "visibility") != "collapse" {
			return
		}
		for i := start; i < min(start+n, len(t.min)); i++ {
			if t.collapsed == nil {
				t.collapsed = make([]bool, len(t.min))
			}
			t.collapsed[i] = true
			t.min[i], t.max[i] = 0, 0
			if i < len(t.pct) {
				t.pct[i], t.fixed[i] = 0, false
			}
		}
	})
}

// captionMin is the widest min-content margin box of table's captions.
// https://drafts.csswg.org/css-tables-3/#intrinsic-sizing-of-tables
func (f *flowLayout) captionMin(table *dom.Node) float64 {
	w := 0.0
	for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
		if c.IsElement() && !f.skipped(c) && f.display(c) == "table-caption" {
			mn, _ := f.outerIntrinsic(c)
			w = max(w, mn)
		}
	}
	return w
}

// measureColumns gives t's columns the min- and max-content widths of the
// cells of rows, each row's cells in order, and of table's column
// elements (none when table is nil): each column as wide as its widest
// cell; a column that a cell's or column element's length makes fixed
// (and no percentage makes a percentage one) is as wide as the widest
// such length, or its min-content width, whatever its cells' content;
// percentages past 100% in all are cut. Then each cell spanning columns
// widens them as spread says, the cells spanning fewer columns first,
// then those starting in an earlier column (Chromium's order: a span's
// widths count in the next ones').
// https://drafts.csswg.org/css-tables-3/#computing-column-measures
func (f *flowLayout) measureColumns(t *tableCols, rows iter.Seq[[]*dom.Node], table *dom.Node) {
	var spans []colSpanCell
	var lengths []float64 // each column's widest length, fixed columns only
	setLength := func(col int, w float64) {
		for len(lengths) <= col {
			lengths = append(lengths, 0)
		}
		lengths[col] = max(lengths[col], w)
	}
	var starts []bool // the columns a cell starts in
	for cells := range rows {
		col := 0
		for _, c := range cells {
			col = t.spans.column(c, col)
			span := colSpan(c)
			t.grow(col + span) // pct and fixed too, once a cell set them
			for len(starts) <= col {
				starts = append(starts, false)
			}
			starts[col] = true
			mn, mx := f.cellIntrinsic(c)
			if span == 1 {
				t.min[col], t.max[col] = max(t.min[col], mn), max(t.max[col], mx)
				if f.sizeColumn(t, c, col) {
					setLength(col, mx)
				}
			} else {
				spans = append(spans, colSpanCell{col, span, mn, mx, f.cellPercent(c)})
			}
			col += span
		}
	}
	if table != nil {
		// a column element's length is a width its column prefers, as
		// a cell's (its cells' border boxes); a percentage one too
		f.columnElements(table, func(col int, n *dom.Node) {
			if w, isPct, ok := f.columnWidthOf(n, 1, 0); ok {
				t.setColumnWidth(col, w, w, isPct)
				if !isPct {
					setLength(col, w)
				}
			} else {
				t.grow(col + 1)
			}
		})
	}
	total := 0.0
	for i := range t.pct {
		if t.fixed[i] && i < len(lengths) {
			t.max[i] = max(t.min[i], lengths[i])
		}
		t.pct[i] = min(t.pct[i], 1-total)
		total += t.pct[i]
	}
	if len(starts) > 0 && (len(starts) < len(t.min) || slices.Contains(starts, false)) {
		t.empty = make([]bool, len(t.min))
		for i := range t.empty {
			t.empty[i] = i >= len(starts) || !starts[i]
		}
		// the columns of auto column elements beyond the last one a
		// cell or a width makes are dropped, as Chromium drops them:
		// they take no spacing and have no place (placeColumns); so are
		// those only a cell's span reaches, which spreads its width over
		// the columns left (spannedColumns)
		n := len(t.min)
		for n > 0 && t.empty[n-1] && (t.pct == nil || !t.fixed[n-1] && t.pct[n-1] == 0) {
			n--
		}
		t.min, t.max, t.empty = t.min[:n], t.max[:n], t.empty[:n]
		if t.pct != nil {
			t.pct, t.fixed = t.pct[:n], t.fixed[:n]
		}
	}
	slices.SortStableFunc(spans, func(a, b colSpanCell) int {
		return cmp.Or(a.span-b.span, a.col-b.col)
	})
	for _, s := range spans {
		t.spread(s)
	}
}

// hasCells tells whether a cell starts in column i.
func (t *tableCols) hasCells(i int) bool { return i >= len(t.empty) || !t.empty[i] }

// spannedColumns is how many of a table's cols columns cell c, starting in
// column col, spans: a span past the last column stops there (the columns
// only such spans reach are dropped, as Chromium drops them, and take no
// border spacing), and it is at least 1.
func spannedColumns(c *dom.Node, col, cols int) int {
	return max(min(colSpan(c), cols-col), 1)
}

// colSpanCell is a cell spanning columns: where it starts, how many it
// spans, its min- and max-content widths and its percentage width (a
// fraction; 0 for none).
type colSpanCell struct {
	col, span int
	mn, mx    float64
	pct       float64
}

// spread widens the columns s spans for it, as Chromium does: its
// percentage, past the sum of theirs, goes to those without one by their
// max-content widths (evenly when those are zero); then its min-content
// width less the spacing between them is distributed as a table's width
// is (distribute, percentages resolved against that width), and each
// column's min-content width is at least its share; then its
// max-content width the same way for the columns' max-content widths.
// https://drafts.csswg.org/css-tables-3/#distributing-width-to-columns
func (t *tableCols) spread(s colSpanCell) {
	lo, hi := s.col, min(s.col+s.span, len(t.min))
	if hi <= lo {
		return
	}
	if s.pct > 0 {
		t.spreadPercent(lo, hi, s.pct)
	}
	inner := t.sx * float64(hi-lo-1)
	w := make([]float64, hi-lo)
	if room := s.mn - inner; room > 0 {
		t.spreadShares(w, lo, room)
		for i, x := range w {
			t.min[lo+i] = max(t.min[lo+i], x)
			t.max[lo+i] = max(t.max[lo+i], t.min[lo+i])
		}
	}
	if room := s.mx - inner; room > 0 {
		t.spreadShares(w, lo, room)
		for i, x := range w {
			t.max[lo+i] = max(t.max[lo+i], x)
		}
	}
}

// spreadShares distributes room between the columns lo..lo+len(w) into
// w, percentages resolved against room, each share in Chromium's layout
// unit (1/64 px, toward zero) but the last one off it, which takes what
// the others leave of room.
func (t *tableCols) spreadShares(w []float64, lo int, room float64) {
	if !t.distribute(w, lo, room, room, false) {
		return
	}
	last := -1
	for i, x := range w {
		if layoutUnit(x) != x {
			last = i
		}
	}
	if last < 0 {
		return
	}
	rest := room
	for i, x := range w {
		if i != last {
			w[i] = layoutUnit(x)
			rest -= w[i]
		}
	}
	w[last] = rest
}

// spreadPercent gives the columns lo..hi without a percentage what pct,
// a spanning cell's percentage, has past theirs, by their max-content
// widths (evenly when those are zero).
func (t *tableCols) spreadPercent(lo, hi int, pct float64) {
	if t.pct == nil {
		t.pct, t.fixed = make([]float64, len(t.min)), make([]bool, len(t.min))
	}
	t.grow(hi)
	surplus, rest, none := pct, 0.0, 0
	for i := lo; i < hi; i++ {
		if t.pct[i] > 0 {
			surplus -= t.pct[i]
		} else {
			rest += t.max[i]
			none++
		}
	}
	if surplus <= 0 || none == 0 {
		return
	}
	for i := lo; i < hi; i++ {
		if t.pct[i] == 0 {
			if rest > 0 {
				t.pct[i] = surplus * t.max[i] / rest
			} else {
				t.pct[i] = surplus / float64(none)
			}
		}
	}
}

// cellPercent is the percentage width of cell c (a fraction; 0 for
// none).
func (f *flowLayout) cellPercent(c *dom.Node) float64 {
	if st := f.hStyleOf(c); st.hasWidth {
		p, _ := percentWidth(strings.TrimSpace(st.width))
		return p
	}
	return 0
}

// percentWidth reads v, a width, as a percentage: the fraction it gives
// (0 unless it is positive) and whether it is one.
func percentWidth(v string) (float64, bool) {
	x, ok := strings.CutSuffix(v, "%")
	if !ok {
		return 0, false
	}
	if p, err := strconv.ParseFloat(x, 64); err == nil && p > 0 {
		return p / 100, true
	}
	return 0, true
}

// fixedColumns sizes table's columns in the fixed table layout: a column
// takes the width of its column element, else of the cell of the first
// row that is in it (a spanning cell's width shared between its
// columns), else it is auto; the number of columns is the largest of any
// row's and the column elements'. Cell content is not measured.
// https://drafts.csswg.org/css2/#fixed-table-layout
func (f *flowLayout) fixedColumns(table *dom.Node, t *tableCols) {
	t.layoutFixed = true
	t.pct, t.fixed = []float64{}, []bool{}
	fromCol := map[int]bool{}
	f.columnElements(table, func(col int, n *dom.Node) {
		t.grow(col + 1)
		if w, isPct, ok := f.columnWidthOf(n, 1, 0); ok {
			t.setColumnWidth(col, w, w, isPct)
			fromCol[col] = true
		}
	})
	first := true
	for cells := range f.partRows(f.tableParts(table, nil)) {
		col := 0
		for _, c := range cells {
			col = t.spans.column(c, col)
			span := colSpan(c)
			t.grow(col + span)
			if first {
				if w, isPct, ok := f.columnWidthOf(c, span, t.sx); ok {
					// a cell's percentage is of its content box there
					edges := 0.0
					if isPct && !f.borderBoxSizing(c) {
						edges = f.hEdgesOf(c).inner() / float64(span)
					}
					for i := col; i < col+span; i++ {
						if !fromCol[i] {
							t.setColumnWidth(i, w, w, isPct)
							if edges > 0 {
								for len(t.pctEdges) <= i {
									t.pctEdges = append(t.pctEdges, 0)
								}
								t.pctEdges[i] = edges
							}
						}
					}
				}
			}
			col += span
		}
		first = false
	}
}

// fixedWidth is the narrowest content width of a table whose columns are
// t in the fixed table layout: its fixed columns and the spacing.
func (t *tableCols) fixedWidth() float64 {
	s := t.spacing()
	for i, w := range t.max {
		if t.fixed[i] {
			s += w
		}
	}
	return s
}

// shareFixed shares avail, a fixed-layout table's content width less its
// border spacing, between its columns: percentage columns their share of
// it, fixed ones their width; what is left goes to the auto columns
// evenly, else to the others in proportion to their widths.
func (t *tableCols) shareFixed(avail float64) {
	left := avail
	autos := 0
	for i := range t.widths {
		switch {
		case t.pct[i] > 0:
			t.widths[i] = layoutUnit(t.pct[i] * avail)
			if i < len(t.pctEdges) {
				t.widths[i] += t.pctEdges[i]
			}
		case t.fixed[i]:
			t.widths[i] = t.max[i]
		default:
			autos++
		}
		left -= t.widths[i]
	}
	if left < 0 {
		// the fixed columns keep their widths, the percentage ones
		// share what those leave
		pcts := 0.0
		for i := range t.widths {
			if t.pct[i] > 0 {
				pcts += t.widths[i]
			}
		}
		if pcts > 0 {
			r := max(min(pcts+left, pcts), 0) / pcts
			for i := range t.widths {
				if t.pct[i] > 0 {
					t.widths[i] *= r
				}
			}
		}
		return
	}
	if left == 0 {
		return
	}
	if autos > 0 {
		for i := range t.widths {
			if t.pct[i] == 0 && !t.fixed[i] {
				t.widths[i] = left / float64(autos)
			}
		}
	} else {
		// else the fixed columns in proportion to their widths, else
		// the percentage ones
		for _, fixed := range [2]bool{true, false} {
			total := 0.0
			for i := range t.widths {
				if (t.pct[i] == 0) == fixed {
					total += t.widths[i]
				}
			}
			if total <= 0 {
				continue
			}
			for i := range t.widths {
				if (t.pct[i] == 0) == fixed {
					t.widths[i] += left * t.widths[i] / total
				}
			}
			break
		}
	}
	t.snapShares()
}

// share gives t's columns their widths in a table whose content box is
// width wide. Without percentage or fixed columns: their max-content
// widths and the rest in proportion to them, or between their min- and
// max-content widths when there is not room for the latter. With them,
// the guesses of css-tables-3: the min-content widths, then percentage
// columns at their percentage, then fixed columns at their width, then
// the others at their max-content width, interpolated between the two
// guesses around the room there is; room left over goes to the auto
// columns (else the fixed ones, else the percentage ones).
// https://drafts.csswg.org/css-tables-3/#width-distribution
func (t *tableCols) share(width float64) {
	if t.widths != nil && t.given == width {
		return
	}
	t.given = width
	n := len(t.min)
	t.widths = make([]float64, n)
	if t.collapsed != nil {
		defer func() {
			for i, c := range t.collapsed {
				if c && i < len(t.widths) {
					t.widths[i] = 0
				}
			}
		}()
	}
	avail := width - t.spacing()
	if t.layoutFixed {
		t.shareFixed(avail)
		return
	}
	if t.pct == nil {
		t.sharePlain(avail)
		return
	}
	for len(t.pct) < n {
		t.pct, t.fixed = append(t.pct, 0), append(t.fixed, false)
	}
	if t.distribute(t.widths, 0, avail, avail, true) {
		t.snapShares()
	}
}

// guess is column i's width in guess k of css-tables-3's width
// distribution (0 the min-content guess, 1 the percentage, 2 the
// specified, 3 the max-content one), its percentage resolved against
// basis.
func (t *tableCols) guess(k, i int, basis float64) float64 {
	switch {
	case k == 0:
		return t.min[i]
	case i < len(t.pct) && t.pct[i] > 0:
		return max(t.min[i], layoutUnit(t.pct[i]*basis))
	case k >= 2 && i < len(t.fixed) && t.fixed[i] || k == 3:
		return t.max[i]
	}
	return t.min[i]
}

// distribute shares room between the columns lo..lo+len(w) of t into
// w, their percentages resolved against basis: the guesses of
// css-tables-3, interpolated between the two around room; room past the
// max-content guess goes to the auto columns by their max-content widths
// (all alike when those are zero), else the fixed ones by their widths,
// else the percentage ones by their percentages, else all alike. It
// tells whether the widths are the interpolated ones (the min-content
// widths when room is no more than theirs). For the table's own width
// (cells), the room past the max-content guess goes only to columns a
// cell starts in while one of them can take it, as in Chromium: a
// 24px <col> beside an empty auto one takes a 300px table's width
// (jsoneditor's tree).
// https://drafts.csswg.org/css-tables-3/#width-distribution-algorithm
func (t *tableCols) distribute(w []float64, lo int, room, basis float64, cells bool) bool {
	var sums [4]float64
	for k := range sums {
		for i := range w {
			sums[k] += t.guess(k, lo+i, basis)
		}
	}
	if room <= sums[0] {
		copy(w, t.min[lo:lo+len(w)])
		return false
	}
	for k := 0; k < 3; k++ {
		if room <= sums[k+1] {
			r := 0.0
			if d := sums[k+1] - sums[k]; d > 0 {
				r = (room - sums[k]) / d
			}
			for i := range w {
				a, b := t.guess(k, lo+i, basis), t.guess(k+1, lo+i, basis)
				w[i] = a + (b-a)*r
			}
			return true
		}
	}
	for i := range w {
		w[i] = t.guess(3, lo+i, basis)
	}
	extra := room - sums[3]
	pct := func(i int) float64 {
		if i < len(t.pct) {
			return t.pct[i]
		}
		return 0
	}
	fixed := func(i int) bool { return i < len(t.fixed) && t.fixed[i] }
	// who takes what is left, in turn, and by what weight
	for pass := range 5 {
		weight := func(i int) float64 {
			if cells && pass < 4 && !t.hasCells(i) {
				return 0
			}
			switch p := pct(i); pass {
			case 0:
				if p == 0 && !fixed(i) {
					return t.max[i]
				}
			case 1:
				if p == 0 && !fixed(i) {
					return 1
				}
			case 2:
				if p == 0 && fixed(i) {
					return t.max[i]
				}
			case 3:
				return p
			default:
				return 1
			}
			return 0
		}
		total := 0.0
		for i := range w {
			total += weight(lo + i)
		}
		if total <= 0 {
			continue
		}
		for i := range w {
			w[i] += extra * weight(lo+i) / total
		}
		break
	}
	return true
}

// snapShares puts every column's width but the last in Chromium's layout
// unit (1/64 px, toward zero); the last takes what they leave of their
// sum (a 20% column of 294px is 58.796875 wide, as in Chromium).
func (t *tableCols) snapShares() {
	last := len(t.widths) - 1
	if last < 0 {
		return
	}
	total, given := 0.0, 0.0
	for i, w := range t.widths {
		total += w
		if i < last {
			t.widths[i] = layoutUnit(w)
			given += t.widths[i]
		}
	}
	t.widths[last] = total - given
}

// sharePlain shares avail between columns with no percentage or fixed
// widths (share).
//
// Each column's share is in Chromium's layout unit (1/64 px, toward
// zero) and the last column takes what is left, as Chromium 156 shares
// (a DataTables header copies the widths into its <col> styles:
// 227.125px, not 227.141px).
func (t *tableCols) sharePlain(avail float64) {
	sumMin, sumMax := t.sumMin(), t.sumMax()
	last := len(t.widths) - 1
	// an excess over max-content widths of zero goes to the columns
	// cells start in, alike; the last of them takes what the others
	// leave
	alike := len(t.widths)
	if t.empty != nil {
		alike = 0
		for i := range t.widths {
			if t.hasCells(i) {
				alike, last = alike+1, i
			}
		}
	}
	given := 0.0 // the shares given so far
	share := func(i int, whole, part float64) float64 {
		if i == last {
			return whole - given
		}
		v := layoutUnit(part)
		given += v
		return v
	}
	for i := range t.widths {
		switch {
		case avail >= sumMax:
			t.widths[i] = t.max[i]
			if extra := avail - sumMax; extra > 0 {
				if sumMax > 0 {
					t.widths[i] += share(i, extra, extra*t.max[i]/sumMax)
				} else if t.hasCells(i) {
					t.widths[i] += share(i, extra, extra/float64(alike))
				}
			}
		case avail > sumMin && sumMax > sumMin:
			t.widths[i] = t.min[i] + share(i, avail-sumMin, (avail-sumMin)*(t.max[i]-t.min[i])/(sumMax-sumMin))
		default:
			t.widths[i] = t.min[i]
		}
	}
}

// borderSpacingX is the horizontal border spacing of a table whose
// borders are separated.
func (f *flowLayout) borderSpacingX(table *dom.Node) float64 {
	if v := f.w.computedMemo(table, "border-collapse"); v == "collapse" {
		return 0
	}
	v := f.w.computedMemo(table, "-webkit-border-horizontal-spacing") // border-spacing's
	px, err := strconv.ParseFloat(strings.TrimSuffix(v, "px"), 64)
	if err != nil || px < 0 {
		return 0
	}
	return px
}

// tableOf is the table a row belongs to, nil when it is not in one.
func (f *flowLayout) tableOf(row *dom.Node) *dom.Node {
	for a, i := f.w.flatParent(row), 0; a != nil && i < 2; a, i = f.w.flatParent(a), i+1 {
		if d := f.display(a); d == "table" || d == "inline-table" {
			return a
		}
	}
	return nil
}

// rowCells is the cells of row: its children, or the row itself when
// none of them is a cell and it has content (ownCell).
func (f *flowLayout) rowCells(row *dom.Node) []*dom.Node {
	if f.ownCell(row) {
		return []*dom.Node{row}
	}
	return f.flexItems(row, nil)
}

// ownCell tells whether row n has content but no cell: text, inline or
// block boxes, which lie in one anonymous cell the row stands for (laid
// out as a block).
// https://drafts.csswg.org/css-tables-3/#fixup-algorithm
func (f *flowLayout) ownCell(n *dom.Node) bool {
	cell, content := f.rowContentKinds(n)
	return content && !cell
}

// rowContentKinds tells whether n has a cell child and whether it has
// other content (display: contents children looked through).
func (f *flowLayout) rowContentKinds(n *dom.Node) (cell, content bool) {
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		switch {
		case !c.IsElement():
			content = content || c.IsText() && strings.TrimLeft(c.Data, " \t\n\r\f") != ""
		case f.skipped(c):
		case f.display(c) == "table-cell":
			return true, content
		case f.display(c) == "contents":
			cc, ct := f.rowContentKinds(c)
			if cc {
				return true, content
			}
			content = content || ct
		default:
			content = true
		}
	}
	return false, content
}

// tableRowContent lays out a table row: its cells side by side in the
// table's columns, as tall as the tallest.
//
// A row outside a table lies in the columns of the anonymous table its
// container gave it (anonTable); one no container laid out yet, as a
// flex container's items.
func (f *flowLayout) tableRowContent(n *dom.Node) float64 {
	var t *tableCols
	dirOf := n // the box whose direction orders the columns
	if table := f.tableOf(n); table != nil {
		t = f.tableColumnsOf(table)
		if t.widths == nil {
			t.share(f.width(table))
		}
		dirOf = table
	} else if t = f.box(n).table; t == nil {
		return f.rowContent(n)
	}
	width := f.width(n)
	f.placeOutOfFlow(n, width)
	// a right-to-left table's first column is its rightmost
	rtl := f.lineAlignOf(dirOf).rtl
	col, h := 0, 0.0
	cells := f.flexItems(n, nil)
	for _, c := range cells {
		col = t.spans.column(c, col)
		span := spannedColumns(c, col, len(t.widths))
		x, w := 0.0, 0.0
		for i := range min(col+span, len(t.widths)) {
			if i < col {
				x += t.widths[i] + t.sx
			} else {
				w += t.widths[i]
			}
		}
		w += t.sx * float64(span-1)
		cb := f.box(c)
		f.setWidth(c, cb, w)
		f.cellPercentEdges(c, cb, width, width+2*t.sx)
		if rtl {
			x = width - x - w
		}
		cb.x = x
		col += span
		f.place(c, max(f.edgeOf(c, 0), 0))
		if !t.spans.spans(c) {
			// a cell spanning rows is as tall as they are
			// (fitSpanningCells)
			h = max(h, f.itemHeight(c))
		}
	}
	return f.rowBaseline(n, cells, t, h)
}

// rowBaseline aligns the baselines of the cells of row n whose
// vertical-align is baseline, their content laid out and n as tall as
// its cells, h: n's baseline is the lowest of their first baselines
// (cells with no line box have none and take no part), kept as n's box's
// baseline for cellShift, and n grows to hold each cell moved down to it
// (but a cell spanning rows, whose rows fitSpanningCells grows); t is
// its table's columns. It returns n's height.
// https://drafts.csswg.org/css-tables-3/#row-layout
func (f *flowLayout) rowBaseline(n *dom.Node, cells []*dom.Node, t *tableCols, h float64) float64 {
	nb := f.box(n)
	var basesArr [16]float64
	bases := basesArr[:0] // each cell's baseline, NaN for none
	for _, c := range cells {
		base, ok := f.cellBaseline(c)
		if !ok {
			base = math.NaN()
		} else if !nb.hasBase || base > nb.baseline {
			nb.baseline, nb.hasBase = base, true
		}
		bases = append(bases, base)
	}
	if !nb.hasBase {
		return h
	}
	nb.firstBase = nb.baseline
	for i, c := range cells {
		if !math.IsNaN(bases[i]) && !t.spans.spans(c) {
			h = max(h, nb.baseline-bases[i]+f.itemHeight(c))
		}
	}
	return h
}

// cellBaseline is the first baseline of c, a table cell laid out, from
// its border box's top, when its vertical-align is baseline and it has
// one.
func (f *flowLayout) cellBaseline(c *dom.Node) (float64, bool) {
	if f.w.computedMemo(c, "vertical-align") != "baseline" {
		return 0, false
	}
	cb := f.box(c)
	f.layout(c)
	if !cb.hasBase {
		return 0, false
	}
	return cb.firstBase, true
}

// gridTrack is a column track of a grid: a fixed size, a share of the
// free space (fr, at least min) or sized by its items (auto).
type gridTrack struct {
	size, fr, min float64
	auto          bool
	// minAuto: a fixed size with an auto minimum (minmax(auto, 0px)):
	// no narrower than its items' own widths and min-widths; a flexible
	// one (1fr, minmax(auto, 1fr)): no narrower than its items' minimum
	// contributions (gridFlexMin)
	minAuto bool
	// keep: an auto track whose max sizing function is min-content,
	// max-content or fit-content(): it does not stretch into free space
	// (only an auto maximum does)
	keep bool
	// fixedMin: an auto track whose min sizing function is a length
	// (minmax(30px, auto)): items spanning it do not grow its base size
	fixedMin bool
	// minContent, maxContent: a min-content or max-content track, whose
	// base size and growth limit are both its items' min-content or
	// max-content contributions: a max-content column does not give back
	// to the grid's width (`sit amet consectetur` keeps its max-content
	// column of an 80px grid 143px wide and overflows it)
	// https://drafts.csswg.org/css-grid-2/#algo-single-span-items
	minContent, maxContent bool
}

// gridTracks reads n's explicit column tracks, grid-template-columns, for
// a grid avail wide, with the columns grid-template-areas names beyond
// them sized by grid-auto-columns; none without either.
// https://drafts.csswg.org/css-grid-2/#explicit-grid
func (f *flowLayout) gridTracks(n *dom.Node, avail float64) []gridTrack {
	tracks := f.gridTrackList(n, "grid-template-columns", avail, nil)
	if k := f.gridAreaColumns(n); k > len(tracks) {
		tracks = f.implicitColumns(n, tracks, k, avail)
	}
	return tracks
}

// implicitColumns are tracks followed by grid-auto-columns' tracks, in
// turn, up to cols tracks: the implicit grid's; one track a grid without
// columns or items fills.
func (f *flowLayout) implicitColumns(n *dom.Node, tracks []gridTrack, cols int, avail float64) []gridTrack {
	if len(tracks) < cols {
		auto := f.gridTrackList(n, "grid-auto-columns", avail, []gridTrack{{auto: true}})
		for i := 0; len(tracks) < cols; i++ {
			tracks = append(tracks, auto[i%len(auto)])
		}
	}
	if len(tracks) == 0 {
		return []gridTrack{{fr: 1}}
	}
	return tracks
}

// gridAreaColumns is the number of columns n's grid-template-areas names:
// the cells of its first row (a name, or a run of dots for a null cell),
// 0 without areas.
// https://drafts.csswg.org/css-grid-2/#grid-template-areas-property
func (f *flowLayout) gridAreaColumns(n *dom.Node) int {
	v, ok := f.w.cascaded(n, "grid-template-areas")
	if !ok {
		return 0
	}
	return areaColumns(v)
}

// areaColumns counts the cells of the first string of a
// grid-template-areas value.
func areaColumns(v string) int {
	q := strings.IndexAny(v, `"'`)
	if q < 0 {
		return 0
	}
	row, _, ok := strings.Cut(v[q+1:], v[q:q+1])
	if !ok {
		return 0
	}
	cells, prev := 0, byte(' ')
	for i := 0; i < len(row); i++ {
		c := row[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
		case c == '.' && prev != '.', c != '.' && (prev == '.' || prev == ' ' || prev == '\t' || prev == '\n'):
			cells++ // a run of dots, a name
		}
		prev = c
	}
	return min(cells, 1000)
}

// gridTrackList reads the track list prop of n (grid-template-columns or
// grid-template-rows) into tracks, percentages of avail; none gives none.
func (f *flowLayout) gridTrackList(n *dom.Node, prop string, avail float64, none []gridTrack) []gridTrack {
	v, ok := f.w.cascaded(n, prop)
	if !ok || v == "none" || v == "" {
		return none
	}
	var tracks []gridTrack
	var add func(list string, depth int)
	add = func(list string, depth int) {
		for rest := strings.TrimSpace(list); rest != "" && len(tracks) < 1000; {
			tok, after := nextTrack(rest)
			rest = after
			if strings.HasPrefix(tok, "[") {
				continue
			}
			if inner, ok := strings.CutPrefix(tok, "repeat("); ok && depth == 0 {
				k, body := f.repeatOf(n, inner, strings.HasSuffix(prop, "rows"))
				for range k {
					add(body, depth+1)
				}
				continue
			}
			tracks = append(tracks, f.gridTrackOf(n, tok, avail))
		}
	}
	add(v, 0)
	if len(tracks) == 0 {
		return none
	}
	return tracks
}

// repeatOf reads the inside of a track list's repeat(): how many times
// it repeats its tracks (auto-fill and auto-fit: as many as fit n) and
// the tracks.
func (f *flowLayout) repeatOf(n *dom.Node, inner string, rows bool) (int, string) {
	count, body, _ := strings.Cut(strings.TrimSuffix(inner, ")"), ",")
	count = strings.TrimSpace(count)
	if x, err := strconv.Atoi(count); err == nil && x > 0 {
		return min(x, 1000), body
	}
	if count == "auto-fill" || count == "auto-fit" {
		return f.autoRepeat(n, strings.TrimSpace(body), rows), body
	}
	return 1, body
}

// gridTrackOf reads one track size.
func (f *flowLayout) gridTrackOf(n *dom.Node, tok string, avail float64) gridTrack {
	tok = strings.TrimSpace(tok)
	if fr, ok := strings.CutSuffix(tok, "fr"); ok {
		if x, err := strconv.ParseFloat(fr, 64); err == nil && x >= 0 {
			return gridTrack{fr: x, minAuto: true} // minmax(auto, 1fr)
		}
	}
	if inner, ok := strings.CutPrefix(tok, "minmax("); ok {
		a, b, _ := strings.Cut(strings.TrimSuffix(inner, ")"), ",")
		lo := f.gridTrackOf(n, a, avail)
		hi := f.gridTrackOf(n, b, avail)
		if hi.fr > 0 {
			return gridTrack{fr: hi.fr, min: lo.size, minAuto: lo.auto}
		}
		if hi.auto {
			return gridTrack{auto: true, min: lo.size, keep: hi.keep, fixedMin: !lo.auto && lo.fr == 0}
		}
		return gridTrack{size: max(hi.size, lo.size), minAuto: lo.auto}
	}
	if px, ok := f.hLength(n, tok, avail); ok {
		return gridTrack{size: px}
	}
	keep := tok == "min-content" || tok == "max-content" || strings.HasPrefix(tok, "fit-content(")
	return gridTrack{auto: true, keep: keep, minContent: tok == "min-content", maxContent: tok == "max-content"}
}

// contributions are the contributions of an item of track t, its
// min-content and max-content widths mn and mx, to t's base size and its
// growth limit: a min-content track takes mn for both, a max-content one
// mx.
func (t gridTrack) contributions(mn, mx float64) (base, limit float64) {
	switch {
	case t.minContent:
		return mn, mn
	case t.maxContent:
		return mx, mx
	}
	return mn, mx
}

// gridMinContribution is the width, with its margins, that c, an item of
// a fixed track with an auto minimum, holds the track to: its own width
// or min-width (its automatic minimum size is its specified size; its
// content's, clamped by the track's fixed maximum, adds nothing).
// https://drafts.csswg.org/css-grid-2/#min-size-auto
func (f *flowLayout) gridMinContribution(c *dom.Node, avail float64) float64 {
	w := 0.0
	if cw, ok := f.cssWidth(c, avail); ok {
		w = cw
	}
	if st := f.hStyleOf(c); st.hasMin {
		if px, ok := f.hLength(c, st.minWidth, avail); ok {
			if !f.borderBoxSizing(c) {
				px += f.hEdgesOf(c).inner()
			}
			w = max(w, px)
		}
	}
	if w == 0 {
		return 0
	}
	return w + f.hEdgesOf(c).outer()
}

// gridFlexMin is the minimum contribution of c, an item of a flexible
// track with an auto minimum (1fr is minmax(auto, 1fr)), to the track's
// base size, which the fr's size does not go below: its outer width when
// that is definite, else its min-width's, else for an item that does not
// clip its overflow its automatic minimum width, its content's min-content
// width within its max-width (a word of 175px keeps its 1fr column of a
// 100px grid 175px wide, the other column taking what is left, in
// Chromium as in the spec). Items spanning several tracks add nothing to
// flexible ones, as in Chromium.
// https://drafts.csswg.org/css-grid-2/#min-size-contribution
func (f *flowLayout) gridFlexMin(c *dom.Node, avail float64) float64 {
	st := f.hStyleOf(c)
	e := f.hEdgesOf(c)
	if st.hasWidth && !strings.Contains(st.width, "%") {
		if w, ok := f.cssWidth(c, avail); ok {
			return w + e.outer()
		}
	}
	// a percentage width depends on the area: its minimum instead
	if st.hasMin && !strings.Contains(st.minWidth, "%") {
		if px, ok := f.hLength(c, st.minWidth, -1); ok {
			if !f.borderBoxSizing(c) {
				px += e.inner()
			}
			return px + e.outer()
		}
	}
	if st.hasMin || f.w.clipsOverflow(c) {
		return 0
	}
	mn, mx := f.outerIntrinsic(c)
	if st.hasWidth && strings.HasSuffix(strings.TrimSpace(st.width), "max-content") {
		return mx // (its min-content contribution is its width's)
	}
	return mn
}

// gridWidths sizes tracks for a grid avail wide whose items lie as plan
// places them: fixed tracks their size, auto ones their items'
// max-content widths (down to their min-content when short of room; an
// item spanning tracks, none of them flexible, widens the auto ones among
// them equally by what they lack), fr ones share what is left, else the
// auto ones stretch into it when stretch (justify-content normal or
// stretch).
// https://drafts.csswg.org/css-grid-2/#algo-track-sizing
func (f *flowLayout) gridWidths(tracks []gridTrack, items []*dom.Node, plan gridPlan, avail, gap float64, stretch bool) []float64 {
	cols := len(tracks)
	widths := make([]float64, cols)
	mins := make([]float64, cols)
	frs := 0.0
	for i, t := range tracks {
		switch {
		case t.auto:
			mins[i], widths[i] = t.min, t.min
		case t.fr > 0:
			frs += t.fr
			mins[i], widths[i] = t.min, t.min
		default:
			mins[i], widths[i] = t.size, t.size
		}
	}
	spanning := false
	held := make([]bool, cols) // auto tracks an item spanning one alone sizes
	for j, c := range items {
		a := plan.areas[j].col
		if a.span > 1 {
			spanning = true
			continue
		}
		if a.start >= cols {
			continue
		}
		switch t := tracks[a.start]; {
		case t.auto:
			mn, mx := t.contributions(f.outerIntrinsic(c))
			if t.fixedMin {
				mn = 0 // (its base size is its minimum's: t.min)
			} else if st := f.hStyleOf(c); !t.minContent && !t.maxContent && !st.hasMin && st.overflowX != "" && st.overflowX != "visible" && st.overflowX != "clip" {
				// an auto minimum takes the item's minimum contribution,
				// which is its paddings, borders and margins alone for a
				// scroll container (min-width: auto is 0): a textarea
				// (overflow: auto) in a 100px grid's auto column is
				// 100px wide, not its 182, as in a flex row (flexMin)
				// https://drafts.csswg.org/css-grid-2/#min-size-auto
				e := f.hEdgesOf(c)
				mn = min(mn, e.inner()+e.outer())
			}
			mins[a.start], widths[a.start] = max(mins[a.start], mn), max(widths[a.start], mx)
			held[a.start] = true
		case t.fr > 0 && t.minAuto:
			w := f.gridFlexMin(c, avail)
			mins[a.start], widths[a.start] = max(mins[a.start], w), max(widths[a.start], w)
		case t.minAuto:
			w := f.gridMinContribution(c, avail)
			mins[a.start], widths[a.start] = max(mins[a.start], w), max(widths[a.start], w)
		}
	}
	if spanning {
		var spans []spanItem
		for j, c := range items {
			a := plan.areas[j].col
			if a.span <= 1 {
				continue
			}
			// (an item spanning a flexible track leaves the others to
			// the fr tracks' share)
			autos, flexible := 0, false
			for i := a.start; i < a.start+a.span && i < cols; i++ {
				if tracks[i].auto {
					autos++
				}
				flexible = flexible || tracks[i].fr > 0
			}
			if autos == 0 || flexible {
				continue
			}
			mn, mx := f.outerIntrinsic(c)
			spans = append(spans, spanItem{a, mn, mx})
		}
		growSpanned(tracks, mins, widths, held, spans, gap)
	}
	free := avail - gap*float64(cols-1)
	for _, w := range widths {
		free -= w
	}
	if free < 0 {
		// auto tracks give back down to their min-content
		for i, t := range tracks {
			if t.auto && free < 0 {
				give := min(widths[i]-mins[i], -free)
				widths[i] -= give
				free += give
			}
		}
	}
	if frs > 0 {
		flex := make([]float64, cols)
		for i, t := range tracks {
			flex[i] = t.fr
		}
		per := frSize(widths, flex, avail-gap*float64(cols-1))
		var left float32
		for i, t := range tracks {
			if t.fr > 0 {
				var share float64
				share, left = frShare(per*t.fr, left)
				widths[i] = max(widths[i], share)
			}
		}
	} else if free > 0 && stretch {
		// auto tracks stretch into the free space
		autos := 0
		for _, t := range tracks {
			if t.auto && !t.keep {
				autos++
			}
		}
		for i, t := range tracks {
			if t.auto && !t.keep {
				var share float64
				share, free = autoShare(free, autos)
				widths[i] += share
				autos--
			}
		}
	}
	return widths
}

// autoShare is the share of free, the room left, one of k auto tracks
// still to stretch takes, in layout units toward zero, and the room left
// after it: the last takes what remains (100px among three auto columns
// are 33.328125, 33.328125 and 33.34375 in Chromium, 1px among seven
// 14.28125 five times, then 14.296875 twice).
// https://drafts.csswg.org/css-grid-2/#algo-stretch
func autoShare(free float64, k int) (share, left float64) {
	if k <= 1 {
		return free, 0
	}
	share = layoutUnit(free / float64(k))
	return share, free - share
}

// frShare is a flexible track's size, its share of the fr size (size)
// in layout units toward zero with what the tracks before it left over
// (left), and what it leaves over, added up in floats as Chromium does:
// three 1fr columns in 1216px are 405.328125, 405.328125 and 405.34375
// wide, five 243.1875, three 243.203125 and 243.1875.
func frShare(size float64, left float32) (float64, float32) {
	share := float32(size) + left
	s := math.Floor(float64(share)*64) / 64
	return s, share - float32(s)
}

// spanTracks counts the auto tracks among those of ts that a spans, and
// tells whether one is flexible.
func spanTracks(ts []gridTrack, a gridSpan) (autos int, flexible bool) {
	for i := a.start; i < a.start+a.span && i < len(ts); i++ {
		if ts[i].auto {
			autos++
		}
		flexible = flexible || ts[i].fr > 0
	}
	return autos, flexible
}

// spanItem is a grid item spanning several tracks, none flexible: its
// span and its minimum and max-content contributions.
type spanItem struct {
	a      gridSpan
	mn, mx float64
}

// growSpanned grows the auto tracks among those spans' items span as
// the spec's track sizing does, items of fewer tracks first: the base
// sizes (base) to their minimum contributions, each track up to its
// growth limit, then all alike; the growth limits (limit) to their
// max-content contributions, but only those of tracks no item spanning
// one alone sized (held false: an infinite limit) while any such is
// left, then all alike. So a spanning item widens the empty column
// beside a sized one, not both (Chromium 156). base and limit hold the
// sizes the items of one track gave; limit comes back no smaller than
// base.
// https://drafts.csswg.org/css-grid-2/#algo-spanning-items
func growSpanned(tracks []gridTrack, base, limit []float64, held []bool, spans []spanItem, gap float64) {
	n := len(tracks)
	slices.SortStableFunc(spans, func(x, y spanItem) int { return x.a.span - y.a.span })
	inf := make([]bool, n)
	for i, t := range tracks {
		inf[i] = t.auto && !held[i]
	}
	planned, inc, room, lim := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	growable := make([]bool, n)
	for g := 0; g < len(spans); {
		group := spans[g:]
		for k := range group {
			if group[k].a.span != spans[g].a.span {
				group = group[:k]
				break
			}
		}
		g += len(group)
		// the base sizes of tracks of an intrinsic minimum, up to their
		// growth limits
		clear(planned)
		for _, it := range group {
			for i := it.a.start; i < it.a.start+it.a.span && i < n; i++ {
				room[i] = -1
				if tracks[i].auto && !tracks[i].fixedMin {
					room[i] = math.Inf(1)
					if !inf[i] {
						room[i] = max(limit[i]-base[i], 0)
					}
				}
			}
			spanIncrease(room, it.a, it.mn-spanSize(base, it.a, gap), inc, planned)
		}
		for i := range n {
			base[i] += planned[i]
			if !inf[i] {
				limit[i] = max(limit[i], base[i])
			}
		}
		// the growth limits, an infinite one taken as the base size:
		// to the minimum contributions, then the max-content ones
		for step, want := range [2]bool{false, true} {
			clear(planned)
			for i := range n {
				lim[i] = limit[i]
				if inf[i] {
					lim[i] = base[i]
				}
			}
			for _, it := range group {
				for i := it.a.start; i < it.a.start+it.a.span && i < n; i++ {
					room[i] = -1
					if tracks[i].auto {
						room[i] = 0
						if inf[i] || step == 1 && growable[i] {
							room[i] = math.Inf(1)
						}
					}
				}
				c := it.mn
				if want {
					c = it.mx
				}
				spanIncrease(room, it.a, c-spanSize(lim, it.a, gap), inc, planned)
			}
			for _, it := range group {
				for i := it.a.start; i < it.a.start+it.a.span && i < n; i++ {
					if !tracks[i].auto {
						continue
					}
					if step == 0 {
						growable[i] = inf[i]
					}
					if inf[i] {
						limit[i], inf[i] = base[i], false
					}
				}
			}
			for i := range n {
				limit[i] += planned[i]
			}
		}
		clear(growable)
	}
	for i := range n {
		if inf[i] {
			limit[i] = base[i]
		}
		limit[i] = max(limit[i], base[i])
	}
}

// spanIncrease shares extra among the tracks of a whose room is not
// negative, equally, each up to its room, then what is left equally
// among them all, and raises each track's planned increase to its share
// (inc is scratch space).
// https://drafts.csswg.org/css-grid-2/#distribute-extra-space
func spanIncrease(room []float64, a gridSpan, extra float64, inc, planned []float64) {
	if extra <= 1e-9 {
		return
	}
	end := min(a.start+a.span, len(room))
	k := 0
	for i := a.start; i < end; i++ {
		inc[i] = 0
		if room[i] >= 0 {
			k++
		}
	}
	if k == 0 {
		return
	}
	for left := extra; left > 1e-9; {
		open := 0
		for i := a.start; i < end; i++ {
			if room[i] >= 0 && inc[i] < room[i] {
				open++
			}
		}
		if open == 0 {
			// beyond the limits: all alike
			for i := a.start; i < end; i++ {
				if room[i] >= 0 {
					inc[i] += left / float64(k)
				}
			}
			break
		}
		share, frozen := left/float64(open), false
		for i := a.start; i < end; i++ {
			if room[i] >= 0 && inc[i] < room[i] && room[i]-inc[i] <= share {
				left -= room[i] - inc[i]
				inc[i], frozen = room[i], true
			}
		}
		if !frozen {
			for i := a.start; i < end; i++ {
				if room[i] >= 0 && inc[i] < room[i] {
					inc[i] += share
				}
			}
			left = 0
		}
	}
	for i := a.start; i < end; i++ {
		if room[i] >= 0 {
			planned[i] = max(planned[i], inc[i])
		}
	}
}

// frSize finds the size of an fr: the room left in space beside the
// inflexible tracks' sizes, shared by the flexible ones' factors (a sum
// below one counting as one), a flexible track whose share would be
// smaller than its base size keeping that size instead and leaving the
// others the rest. base holds the tracks' sizes so far, flex their
// factors (zero for an inflexible track).
// https://drafts.csswg.org/css-grid-2/#algo-find-fr-size
func frSize(base, flex []float64, space float64) float64 {
	var fixed uint64 // flexible tracks treated as inflexible (the first 64)
	for {
		left, sum := space, 0.0
		for i, b := range base {
			if flex[i] > 0 && (i >= 64 || fixed&(1<<i) == 0) {
				sum += flex[i]
			} else {
				left -= b
			}
		}
		if sum == 0 {
			return 0
		}
		per := max(left, 0) / max(sum, 1)
		again := false
		for i, b := range base {
			if flex[i] > 0 && i < 64 && fixed&(1<<i) == 0 && per*flex[i] < b {
				fixed |= 1 << i
				again = true
			}
		}
		if !again {
			return per
		}
	}
}

// columnsChanged lays out table's rows and row groups again when its
// columns' widths changed (a cell of another row widened its column).
func (f *flowLayout) columnsChanged(table *dom.Node, t *tableCols) {
	tb := f.box(table)
	same := len(tb.colWidths) == len(t.widths)
	for i := 0; same && i < len(t.widths); i++ {
		same = tb.colWidths[i] == t.widths[i]
	}
	if same {
		return
	}
	if tb.colWidths != nil {
		for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
			if b := f.boxes[c]; b != nil {
				b.laidOut, b.heightKnown = false, false
			}
		}
		f.tableRows(table, func(row *dom.Node) {
			if b := f.boxes[row]; b != nil {
				b.laidOut, b.heightKnown = false, false
			}
		})
	}
	tb.colWidths = append(tb.colWidths[:0], t.widths...)
}
