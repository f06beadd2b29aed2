package jsruntime

import (
	"iter"
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
)

// The vertical sizes the flow estimate (flow.go) gives boxes from outside
// their content: percentage heights of a definite containing block, the
// main sizes of a flex column's items (grown or shrunk to fill it), the
// heights of items stretched to their flex line or grid row, and the
// heights of absolutely positioned boxes anchored at their top and bottom.
//
// A container that sizes a child so records the child's border-box height
// (force); the child's own content is laid out again when the height its
// children's percentages resolve against changes (defChanged), as a box
// assigned another width is (setWidth).

// vStyle is what sizing a box vertically reads of its style beyond its
// edges, kept with its box.
type vStyle struct {
	height, minH, maxH, top, bottom string
	hasH, hasMin, hasMax            bool
	hasTop, hasBottom               bool
	// left and right, of a positioned box (flowwidth.go)
	left, right       string
	hasLeft, hasRight bool
	// autoT and autoB tell that the top or bottom margin is auto;
	// scrolls that overflow-y is neither visible nor clip (read for flex
	// and grid items only)
	autoT, autoB, scrolls bool
}

// vStyleOf is n's vStyle.
func (f *flowLayout) vStyleOf(n *dom.Node) *vStyle {
	b := f.box(n)
	if b.known&knownVStyle != 0 {
		return &b.vstyle
	}
	b.known |= knownVStyle
	st := &b.vstyle
	lengthOrAuto := func(v string, ok bool) (string, bool) {
		v = strings.TrimSpace(v)
		if !ok || v == "" || v == "auto" || cssWideKeywords[v] {
			return "", false
		}
		return v, true
	}
	st.height, st.hasH = lengthOrAuto(f.boxCascadedIn(n, boxHeight))
	if f.displayOfBox(n, b); b.known&fallbackInline != 0 {
		st.height, st.hasH = "", false // (hStyleOfBox)
	} else if b.known&fallbackSquare != 0 && !st.hasH {
		st.height, st.hasH = lengthOrAuto(f.boxCascadedIn(n, boxWidth))
	}
	st.minH, st.hasMin = lengthOrAuto(f.boxCascadedIn(n, boxMinHeight))
	st.maxH, st.hasMax = lengthOrAuto(f.boxCascadedIn(n, boxMaxHeight))
	if st.maxH == "none" {
		st.hasMax = false
	}
	if p := f.posOfBox(n, b); p == "absolute" || p == "fixed" || p == "relative" || p == "sticky" {
		st.top, st.hasTop = lengthOrAuto(f.cascadedIn(n, "top"))
		st.bottom, st.hasBottom = lengthOrAuto(f.cascadedIn(n, "bottom"))
		st.left, st.hasLeft = lengthOrAuto(f.boxCascadedIn(n, boxLeft))
		st.right, st.hasRight = lengthOrAuto(f.boxCascadedIn(n, boxRight))
	}
	if p := f.posOfBox(n, b); p == "absolute" || p == "fixed" {
		// auto margins center a box between its insets
		v, _ := f.cascadedIn(n, "margin-top")
		st.autoT = strings.TrimSpace(v) == "auto"
		v, _ = f.cascadedIn(n, "margin-bottom")
		st.autoB = strings.TrimSpace(v) == "auto"
	}
	if p := f.boxParent(n); p != nil && f.itemsOf(p) {
		// what a flex or grid item's container reads
		v, _ := f.cascadedIn(n, "margin-top")
		st.autoT = strings.TrimSpace(v) == "auto"
		v, _ = f.cascadedIn(n, "margin-bottom")
		st.autoB = strings.TrimSpace(v) == "auto"
		v, _ = f.cascadedIn(n, "overflow-y")
		st.scrolls = v != "" && v != "visible" && v != "clip"
	}
	return st
}

// areaRelative tells whether a height, min-height or max-height resolves
// against a grid item's grid area: a percentage, or stretch.
func (st *vStyle) areaRelative() bool {
	rel := func(v string) bool { return strings.Contains(v, "%") || isStretch(v) }
	return st.hasH && rel(st.height) || st.hasMin && rel(st.minH) || st.hasMax && rel(st.maxH)
}

// vPads is the sum of n's vertical paddings and borders.
func (f *flowLayout) vPads(n *dom.Node) float64 {
	return f.edgeOf(n, 2) + f.edgeOf(n, 3) + f.edgeOf(n, 4) + f.edgeOf(n, 5)
}

// vLength resolves a vertical length of n: a percentage of n's containing
// block's height when that is definite; ok is false when it is not (a
// percentage of an auto height behaves as auto).
// https://drafts.csswg.org/css2/#the-height-property
func (f *flowLayout) vLength(n *dom.Node, v string) (float64, bool) {
	if isStretch(v) {
		// min-height or max-height: stretch limits the box-sizing box
		// to what stretch gives its border box (css-sizing-4)
		h, ok := f.stretchRoom(n)
		if !ok {
			return 0, false
		}
		if !f.borderBoxSizing(n) {
			h -= f.vPads(n)
		}
		return max(h, 0), true
	}
	basis := -1.0
	if strings.Contains(v, "%") {
		if basis = f.pctBasis(n); basis < 0 {
			return 0, false
		}
	}
	return f.hLength(n, v, basis)
}

// pctBasis is the height a percentage height of n resolves against: the
// viewport's for the root, the padding box of the containing block for an
// absolutely positioned or fixed box (the viewport's for a fixed box no
// transform holds), a grid item's grid area once its rows are sized, else
// its parent's content box when that is definite; -1 when it is not. In
// quirks mode an auto height passes its parent's on.
func (f *flowLayout) pctBasis(n *dom.Node) float64 {
	p := f.boxParent(n) // a display: contents parent has no box to resolve against
	if p == nil {
		return f.vh
	}
	switch f.pos(n) {
	case "absolute", "fixed":
		return f.cbHeight(n) // (the viewport's for a fixed box held by none)
	}
	if b := f.box(n); b.areaSet {
		return b.area // a grid item's, its grid area's height
	}
	f.box(n).pctDep = true
	if f.depth >= maxFlowDepth {
		return -1
	}
	if pb := f.box(p); pb.forcedSet && pb.forcedIndef {
		pb.usedDef = true
		return -1
	}
	f.depth++
	d := f.definite(p)
	f.depth--
	return d
}

// cbHeight is the height of the padding box of the containing block of n,
// an absolutely positioned or fixed box: its nearest positioned ancestor's
// (or foreignObject's), the viewport's for a fixed box (outside a
// foreignObject) or when there is none.
func (f *flowLayout) cbHeight(n *dom.Node) float64 {
	var a *dom.Node
	if f.pos(n) == "fixed" {
		a = f.fixedContainingBlock(n) // flowforeign.go
	} else {
		a = f.containingBlock(n)
	}
	switch {
	case a == nil:
		return f.vh
	case isForeignObject(a):
		return f.w.foreignObjectHeight(a)
	case f.box(a).measuring || f.depth >= maxFlowDepth:
		return -1 // asked while a is laid out
	}
	f.depth++
	h := max(f.height(a)-f.edgeOf(a, 4)-f.edgeOf(a, 5), 0)
	if g := f.gridAbsParent(n); g != nil {
		_, h = f.gridAbsSpan(n, g, false, h) // its grid area's
	}
	f.depth--
	return h
}

// containingBlock is the nearest positioned ancestor of n, an absolutely
// positioned box (nil: the initial containing block).
func (f *flowLayout) containingBlock(n *dom.Node) *dom.Node {
	for a := f.w.flatParent(n); a != nil; a = f.w.flatParent(a) {
		if p := f.pos(a); p != "" && p != "static" || f.holdsFixed(a) {
			return a
		}
	}
	return nil
}

// holdsFixed tells whether n is the containing block of the fixed boxes
// below it, and so of the absolutely positioned ones: a foreignObject, a
// box with a transform, perspective or filter, or the containment or
// will-change that act like them (holdsPositioned). Memoized with the
// box's style.
// https://drafts.csswg.org/css-position/#def-cb
func (f *flowLayout) holdsFixed(n *dom.Node) bool {
	if !n.IsElement() {
		return false
	}
	b := f.box(n)
	if b.known&knownHolds == 0 {
		b.known |= knownHolds
		b.holdsFixed = f.w.holdsPositioned(n, true)
	}
	return b.holdsFixed
}

// definite is the height of n's content box when it is definite (what the
// percentage heights of its children resolve against, what a flex column
// shares out), else -1: a height given by its container (a flex item's
// main size, a stretched item), a length, a percentage of a definite
// height; the viewport's for the root in quirks mode.
// https://drafts.csswg.org/css-sizing-3/#definite
func (f *flowLayout) definite(n *dom.Node) float64 {
	b := f.box(n)
	b.usedDef = true
	if f.orthogonal(n) && f.w.flatParent(n) != nil {
		// its block size is its size along its frame's inline axis,
		// definite when its style gives it (else its content's)
		if !f.hStyleOf(n).hasWidth {
			return -1
		}
		return max(f.borderWidth(n)-f.hEdgesOf(n).inner(), 0)
	}
	if b.forcedSet {
		return max(b.forced-f.vPads(n), 0)
	}
	if f.replaced(n) && !(n.Namespace == "" && n.Data == "button") {
		// (a button lays out its content: a flex button of a definite
		// height centers its items in it, Trumbowyg's 35px buttons hold
		// svg icons of height: 100%)
		return -1
	}
	if h, ok := f.ownHeight(n); ok {
		return max(h-f.vPads(n), 0)
	}
	if r, ok := f.boxRatio(n); ok {
		// the height its aspect-ratio gives it is definite (its content
		// minimum left out)
		h := f.clamp(n, f.ratioContentHeight(n, r))
		if f.borderBoxSizing(n) {
			h -= f.vPads(n)
		}
		return max(h, 0)
	}
	if f.skipped(n) && f.pos(n) != "" {
		if h, ok := f.insetHeight(n); ok {
			return max(h-f.vPads(n), 0)
		}
	}
	if f.doc.CompatMode() == "BackCompat" && !f.itemsOf(n) && f.display(n) != "table-cell" {
		// the percentage height quirk: an auto height passes the
		// containing block's on, up to the viewport
		if p := f.w.flatParent(n); p != nil && f.depth < maxFlowDepth {
			f.box(n).pctDep = true
			f.depth++
			d := f.definite(p)
			f.depth--
			if d >= 0 && n == f.doc.Body() && p == f.doc.DocumentElement() {
				// the body quirk: it fills the root less its own
				// margins, borders and paddings (`height: 50%` in a
				// div is 392px in an 800px viewport, not 400)
				// https://quirks.spec.whatwg.org/#the-body-element-fills-the-html-element-quirk
				d = max(d-f.edgeOf(n, 0)-f.edgeOf(n, 1)-f.vPads(n), 0)
			}
			return d
		}
		return f.vh
	}
	return -1
}

// insetHeight is the border-box height of n, an absolutely positioned or
// fixed box, when its containing block gives it: a percentage height, or
// an auto height between its top and bottom (a form control's too: an
// input of `inset: 0` is as tall as its containing block, in Chromium).
// https://drafts.csswg.org/css2/#abs-non-replaced-height
func (f *flowLayout) insetHeight(n *dom.Node) (float64, bool) {
	st := f.vStyleOf(n)
	if st.hasH {
		if !strings.Contains(st.height, "%") && !isStretch(st.height) {
			return 0, false
		}
		return f.ownHeight(n)
	}
	if !st.hasTop || !st.hasBottom || f.objectReplaced(n) {
		return 0, false
	}
	cbh := f.cbHeight(n)
	if cbh < 0 {
		return 0, false
	}
	t, ok1 := f.signedLength(n, st.top, cbh)
	bt, ok2 := f.signedLength(n, st.bottom, cbh)
	if !ok1 || !ok2 {
		return 0, false
	}
	h := cbh - t - bt - f.edgeOf(n, 0) - f.edgeOf(n, 1)
	pads := f.vPads(n)
	if f.borderBoxSizing(n) {
		return max(f.clamp(n, h), pads), true
	}
	// margins and insets larger than the containing block leave its
	// content no height, not a negative one
	return f.clamp(n, max(h-pads, 0)) + pads, true
}

// hasInset tells whether n, a positioned box, has a top or a bottom that
// places (or, relatively positioned, moves) it.
func (f *flowLayout) hasInset(n *dom.Node) bool {
	st := f.vStyleOf(n)
	return st.hasTop || st.hasBottom
}

// insetTop is where the top of n's border box lies, n an absolutely
// positioned box, from the top of its containing block's padding box (or
// the viewport's top, for a fixed box) when its top or bottom places it.
func (f *flowLayout) insetTop(n *dom.Node) (float64, bool) {
	st := f.vStyleOf(n)
	if !st.hasTop && !st.hasBottom {
		return 0, false
	}
	cbh := f.cbHeight(n)
	if st.hasTop {
		t, ok := f.signedLength(n, st.top, cbh)
		if ok && st.hasBottom && (st.autoT || st.autoB) && cbh >= 0 {
			// auto margins share what its height leaves between its top
			// and bottom, equally when that is negative too (a 160px box
			// of `inset: 0; margin: auto` in a 100px one starts 30px
			// above it), as CSS 2 solves the block axis, where the
			// inline axis puts the start one at 0
			// https://drafts.csswg.org/css2/#abs-non-replaced-height
			if bt, ok := f.signedLength(n, st.bottom, cbh); ok {
				free := cbh - t - bt - f.height(n) - f.edgeOf(n, 0) - f.edgeOf(n, 1)
				switch {
				case st.autoT && st.autoB:
					return t + layoutUnit(free/2), true
				case st.autoT:
					return t + free, true
				}
			}
		}
		if ok || !st.hasBottom {
			return t + f.edgeOf(n, 0), ok
		}
	}
	bt, ok := f.signedLength(n, st.bottom, cbh)
	if !ok || cbh < 0 {
		return 0, false
	}
	return cbh - bt - f.edgeOf(n, 1) - f.height(n), true
}

// force records the border-box height c's container gives it (a flex
// item's main size, a stretched item's cross size); a box whose content
// read the height it had before is laid out again.
func (f *flowLayout) force(c *dom.Node, cb *flowBox, h float64) {
	f.forceAs(c, cb, h, true)
}

// forceAs is force, with pct telling whether the height is definite for
// the percentage heights of c's children (forcedIndef).
func (f *flowLayout) forceAs(c *dom.Node, cb *flowBox, h float64, pct bool) {
	h = max(h, 0)
	if cb.forcedSet && cb.forced == h && cb.forcedIndef == !pct {
		return
	}
	cb.forced, cb.forcedSet, cb.forcedIndef = h, true, !pct
	f.defChanged(c, cb)
}

// unforce drops the height c's container gave it: it is as tall as its
// content again.
func (f *flowLayout) unforce(c *dom.Node, cb *flowBox) {
	if cb.forcedSet {
		cb.forcedSet = false
		f.defChanged(c, cb)
	}
}

// defChanged lays out again n, whose definite height changed, when its
// content read it, and the children whose percentage heights resolved
// against it.
func (f *flowLayout) defChanged(n *dom.Node, nb *flowBox) {
	if !nb.usedDef {
		return
	}
	nb.usedDef, nb.laidOut = false, false
	if f.depth >= maxFlowDepth {
		return
	}
	f.depth++
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() {
			continue
		}
		cb := f.boxes[c]
		if cb == nil {
			continue
		}
		if cb.pctDep {
			cb.heightKnown, cb.laidOut = false, false
			f.defChanged(c, cb)
		} else if f.inlineLevelBox(c, cb) || cb.disp == "contents" {
			f.defChanged(c, cb) // its children's containing block is n
		}
	}
	f.depth--
}

// flexSize is a flex item's main size in a column being resolved.
type flexSize struct {
	n                         *dom.Node
	b                         *flowBox
	basis, h, lo, hi, natural float64
	grow, shrink, marT, marB  float64
	frozen, autoT, autoB      bool
	basisDef                  bool // its flex basis is definite
}

// naturalHeight is the height of n's border box from its own style and
// content, whatever its container gives it.
func (f *flowLayout) naturalHeight(n *dom.Node) float64 {
	b := f.box(n)
	if !b.forcedSet {
		return f.heightOfBox(n, b)
	}
	known := b.heightKnown
	b.forcedSet = false
	h := f.heightOfBox(n, b)
	b.forcedSet = true
	if !known {
		// laid out to measure it, its definite height unknown: laid out
		// again at the height it is given
		f.defChanged(n, b)
	}
	return h
}

// flexColumn lays out the items of a flex column: their main sizes from
// their bases shared out by their grow and shrink factors in the
// container's height (definite, or its content's within its min-height
// and max-height), their places by justify-content and auto margins. It
// returns the height of the content laid out and the sum of the items'
// own heights (the container's content height when it is auto). lineH,
// when not negative, is the height of a line of a multi-line column whose
// height is not definite: the tallest line's, within its min-height and
// max-height.
// https://drafts.csswg.org/css-flexbox-1/#resolve-flexible-lengths
func (f *flowLayout) flexColumn(n *dom.Node, items []*dom.Node, gap float64, reverse bool, lineH float64) (laid, natural float64) {
	if len(items) == 0 {
		return 0, 0
	}
	avail := f.definite(n)
	pctAvail := avail
	if avail < 0 && lineH >= 0 {
		avail = lineH
	}
	sizes := make([]flexSize, len(items))
	used := gap * float64(len(items)-1)
	natural = used
	for i, c := range items {
		cb := f.box(c)
		st := f.hStyleOfBox(c, cb)
		vs := f.vStyleOf(c)
		s := &sizes[i]
		s.n, s.b, s.grow, s.shrink = c, cb, st.grow, st.shrink
		// a negative margin pulls the item and what follows it in
		s.marT, s.marB = f.edgeOfBox(c, cb, 0), f.edgeOfBox(c, cb, 1)
		s.autoT, s.autoB = vs.autoT, vs.autoB
		s.natural = f.naturalHeight(c)
		s.basis = s.natural
		pads := f.vPads(c)
		bv := "auto"
		if st.hasBasis {
			bv = strings.TrimSpace(st.basis)
		}
		if bv != "auto" && bv != "content" && (pctAvail >= 0 || !strings.Contains(bv, "%")) {
			if px, ok := f.hLength(c, bv, pctAvail); ok {
				if !f.borderBoxSizing(c) {
					px += pads
				}
				s.basis = max(px, pads)
				s.basisDef = true
			}
		} else if bv == "auto" && pctAvail < 0 {
			_, s.basisDef = f.ownHeight(c)
		}
		// its min-height (auto: its content's height, unless it scrolls)
		// and max-height, as border-box heights
		s.lo, s.hi = pads, -1
		adj := pads
		if f.borderBoxSizing(c) {
			adj = 0
		}
		if vs.hasMin {
			if px, ok := f.vLength(c, vs.minH); ok {
				s.lo = max(px+adj, pads)
			}
		} else if !vs.scrolls {
			// the smaller of its content's height and its own
			s.lo = s.natural
			if own, ok := f.ownHeight(c); ok && !f.replaced(c) {
				f.depth++
				content := f.layout(c)
				f.depth--
				if cb.naturalSet {
					content = cb.natural
				}
				s.lo = min(content+pads, own)
			} else if ok && c.Namespace == "" && f.objectReplaced(c) && cb.bw > 0 {
				// a replaced item's content size suggestion: its width
				// through its natural ratio (ratioContentWidth)
				if r, ok := f.naturalRatio(c); ok && r > 0 {
					s.lo = min(s.lo, layoutUnit(max(cb.bw-f.hEdgesOfBox(c, cb).inner(), 0)/r)+pads)
				}
			}
		}
		if vs.hasMax {
			if px, ok := f.vLength(c, vs.maxH); ok {
				s.hi = px + adj
			}
		}
		s.h = s.basis
		if s.hi >= 0 {
			s.h = min(s.h, s.hi)
		}
		s.h = max(s.h, s.lo)
		used += s.marT + s.marB
		natural += s.h + s.marT + s.marB
	}
	if avail < 0 {
		// an auto height: its content's, within its min- and max-height
		avail = f.clampContent(n, max(natural, 0))
	}
	f.flexShare(sizes, avail-used)
	laid = gap * float64(len(items)-1)
	autos := 0
	for i := range sizes {
		s := &sizes[i]
		// in a column whose height is not definite the item's flexed
		// height is definite for its children's percentages only when
		// its flex basis is (`flex: 1`'s 0% is not: Trumbowyg's editor,
		// `min-height: 100%` in its flexed box, is as tall as its
		// content in Chromium), as Chromium has it
		// https://drafts.csswg.org/css-flexbox-1/#definite-sizes
		f.forceAs(s.n, s.b, s.h, pctAvail >= 0 || s.basisDef)
		laid += s.h + s.marT + s.marB
		if s.autoT {
			autos++
		}
		if s.autoB {
			autos++
		}
	}
	// where the items start and the room between them: items that
	// overflow the column stay at its start under auto margins and the
	// space-* values and overflow past its top under center and end,
	// as in Chromium (Bootstrap's .progress-bar, a centered 18px line in
	// a 16px column, overflows it by 1px each way: its scrollHeight 17)
	// https://drafts.csswg.org/css-align-3/#distribution-values
	over := min(avail-laid, 0)
	free := max(avail-laid, 0)
	var dist freeShares
	justify, _ := f.cascadedKeyword(n, "justify-content")
	switch {
	case autos > 0:
		dist = freeShares{free: free, m: autos, total: autos, margins: true}
	case justify == "center":
		dist.start = layoutUnit((free + over) / 2)
	case justify == "end" || (justify == "flex-end") != (reverse && (justify == "" || justify == "normal" || justify == "flex-start" || justify == "flex-end")):
		// the end (flex-start of a reversed column is its bottom)
		dist.start = free + over
	case strings.HasPrefix(justify, "space-"):
		// shared out as in a row (freeShares), from the top
		dist = spaceShares(justify, free, len(sizes))
	}
	y := dist.room(0)
	start := y
	taken := 0
	pass := func() {
		y -= dist.room(taken)
		taken++
		y += dist.room(taken)
	}
	order := func(i int) int { return i }
	if reverse {
		order = func(i int) int { return len(sizes) - 1 - i }
	}
	for k := range sizes {
		s := &sizes[order(k)]
		if k > 0 {
			y += gap
			if !dist.margins {
				pass()
			}
		}
		if s.autoT {
			pass()
		}
		f.place(s.n, y+s.marT)
		y += s.h + s.marT + s.marB
		if s.autoB {
			pass()
		}
	}
	if start < 0 {
		// what overflows past the top is out of its scrollable overflow
		return y, natural
	}
	return max(laid, y), natural
}

// flexShare shares space (the container's, less the items' margins and
// the gaps) out among the items: grown by their grow factors, or shrunk
// by their shrink factors times their bases, from their bases, within
// their limits (an item that hits one is frozen there and the rest shared
// out again). Each item's h starts as its hypothetical size.
func (f *flowLayout) flexShare(sizes []flexSize, space float64) {
	hyp := 0.0
	for i := range sizes {
		hyp += sizes[i].h
	}
	if hyp == space {
		return
	}
	growing := hyp < space
	for i := range sizes {
		s := &sizes[i]
		s.frozen = growing && (s.grow == 0 || s.basis > s.h) || !growing && (s.shrink == 0 || s.basis < s.h)
	}
	initial := 0.0
	for k := range 5 {
		free, weights, factors := space, 0.0, 0.0
		for i := range sizes {
			s := &sizes[i]
			if s.frozen {
				free -= s.h
				continue
			}
			free -= s.basis
			if growing {
				weights += s.grow
				factors += s.grow
			} else {
				weights += s.shrink * s.basis
				factors += s.shrink
			}
		}
		if k == 0 {
			initial = free
		}
		if weights == 0 {
			return
		}
		// factors below 1 share out part of it
		free = partFree(free, initial, factors)
		clamped := false
		for i := range sizes {
			s := &sizes[i]
			if s.frozen {
				continue
			}
			var h float64
			if growing {
				h = s.basis + free*s.grow/weights
			} else {
				h = s.basis + free*s.shrink*s.basis/weights
			}
			if s.hi >= 0 && h > s.hi {
				h, s.frozen, clamped = s.hi, true, true
			}
			if h < s.lo {
				h, s.frozen, clamped = s.lo, true, true
			}
			s.h = h
		}
		if !clamped {
			return
		}
	}
}

// clampContent applies n's min-height and max-height to h, the height of
// its content box.
func (f *flowLayout) clampContent(n *dom.Node, h float64) float64 {
	if !f.borderBoxSizing(n) {
		return f.clamp(n, h)
	}
	pads := f.vPads(n)
	return max(f.clamp(n, h+pads)-pads, 0)
}

// stretched tells whether c, an item aligned by align (its align-self,
// or the container's align-items), is stretched to its line's height: an
// auto height and margins that are not auto; a button (a box of its
// label, not a replaced element) stretches too.
func (f *flowLayout) stretched(c *dom.Node, align string) bool {
	switch align {
	case "", "normal", "stretch":
	default:
		return false
	}
	vs := f.vStyleOf(c)
	return !vs.hasH && !vs.autoT && !vs.autoB && !svgHeightHint(c)
}

// svgHeightHint tells whether c is an outermost svg element whose height
// attribute gives it a height (a presentation attribute: its computed
// height is then not auto, and a flex line does not stretch it).
// https://svgwg.org/svg2-draft/geometry.html#Sizing
func svgHeightHint(c *dom.Node) bool {
	if !outerSVG(c) {
		return false
	}
	v, ok := c.GetAttribute("height")
	if !ok {
		return false
	}
	_, x, ok := parseLength(v)
	return ok && x >= 0
}

// flexStaticTop is the static position of c, an absolutely positioned
// or fixed child of a, a flex container, from the top of a's content box:
// the top of its border box where it would be as a's sole item, placed
// along a column by justify-content, across a row by align-self (else
// align-items) from the cross start (at the end in a wrap-reverse
// container), align-content left out as in Chromium 156 (placeOutOfFlow
// places it along the other axis).
// https://drafts.csswg.org/css-flexbox/#abspos-items
func (f *flowLayout) flexStaticTop(a, c *dom.Node) float64 {
	marT := f.edgeOf(c, 0)
	// a's content box along its own block axis (an orthogonal flex
	// container's is its width in its frame)
	inner := f.height(a) - f.vPads(a)
	if f.orthogonal(a) && f.w.flatParent(a) != nil {
		inner = f.borderWidth(a) - f.hEdgesOf(a).inner()
	}
	free := inner - f.height(c) - marT - f.edgeOf(c, 1)
	dir, _ := f.cascadedKeyword(a, "flex-direction")
	if strings.HasPrefix(dir, "column") {
		justify, _ := f.cascadedKeyword(a, "justify-content")
		justify = staticJustify(justify)
		if strings.HasSuffix(dir, "reverse") {
			justify = reverseJustify(justify)
		}
		return marT + staticShift(justify, free)
	}
	items, _ := f.cascadedKeyword(a, "align-items")
	wrap, _ := f.cascadedKeyword(a, "flex-wrap")
	align := staticSelf(f.alignOf(c, items))
	if wrap == "wrap-reverse" {
		align = wrapReversed(align)
	}
	return marT + staticShift(align, free)
}

// gridStaticTop is the static position of c, an absolutely positioned
// or fixed child of a, a grid container that is not its containing
// block, from the top of a's content box: the top of its border box as
// a's sole item there, placed by align-self (else align-items).
// https://drafts.csswg.org/css-grid-2/#static-position
func (f *flowLayout) gridStaticTop(a, c *dom.Node) float64 {
	marT := f.edgeOf(c, 0)
	if f.gridAbsParent(c) != nil {
		return marT // flowRect places it in its area
	}
	free := f.height(a) - f.vPads(a) - f.height(c) - marT - f.edgeOf(c, 1)
	return marT + staticShift(f.gridAbsSelf(a, c, false), free)
}

// crossPlace sizes and places c, an item of a flex line or grid row
// lineH tall whose top is at y: stretched to it, or placed by align. It
// returns the bottom of c's margin box (below the line when c overflows
// it).
func (f *flowLayout) crossPlace(c *dom.Node, y, lineH float64, align string) float64 {
	cb := f.box(c)
	// its margin box, a negative margin included: a button with
	// margin: -4px takes 8px less of the line (Polaris's banner)
	marT, marB := f.edgeOfBox(c, cb, 0), f.edgeOfBox(c, cb, 1)
	if f.stretched(c, align) {
		h := lineH - marT - marB
		pads := f.vPads(c)
		if f.borderBoxSizing(c) {
			h = max(f.clamp(c, h), pads)
		} else {
			h = f.clamp(c, h-pads) + pads
		}
		if d := f.displayOfBox(c, cb); d == "table" || d == "inline-table" {
			// a table is no shorter than its rows: stretched to a
			// shorter line it keeps its own height and overflows it (a
			// flex row of height: 0 around a 50px table)
			h = max(h, f.naturalHeight(c))
		}
		f.force(c, cb, h)
		f.place(c, y+marT)
		return y + marT + h + marB
	}
	f.unforce(c, cb)
	h := f.heightOfBox(c, cb)
	vs := f.vStyleOf(c)
	free := lineH - h - marT - marB
	align = overflowSafe(align, free < 0)
	switch {
	case vs.autoT && vs.autoB:
		f.place(c, y+autoMarginHalf(free))
	case vs.autoT:
		f.place(c, y+max(free, 0)+marT)
	case vs.autoB:
		f.place(c, y+marT)
	case align == "center":
		// halved in layout units, toward zero, as Chromium offsets
		f.place(c, y+layoutUnit(free/2)+marT)
	case align == "flex-end" || align == "end" || align == "self-end":
		f.place(c, y+free+marT)
	default:
		f.place(c, y+marT)
	}
	return cb.offset + h + marB
}

// cascadedKeyword is n's cascaded value of prop, one of the
// non-inherited keyword properties of flex and grid alignment the
// estimate reads, with a CSS-wide keyword resolved: initial, unset and
// revert-layer (and a var() invalid at computed-value time, which
// cascaded reports as unset) are the property's initial value, inherit
// the parent's. Polaris's stacks write align-items: var(--align) with
// --align: initial, which stretches a column's items.
// https://drafts.csswg.org/css-cascade/#defaulting-keywords
func (f *flowLayout) cascadedKeyword(n *dom.Node, prop string) (string, bool) {
	v, ok := f.w.cascaded(n, prop)
	if !ok {
		return v, ok
	}
	switch v {
	case "initial", "unset", "revert-layer":
		return keywordInitial(prop), true
	case "inherit":
		for p := f.w.styleParent(n); p != nil; p = f.w.styleParent(p) {
			if v, ok = f.w.cascaded(p, prop); !ok || v != "inherit" {
				break
			}
		}
		if !ok || v == "inherit" || v == "initial" || v == "unset" || v == "revert-layer" {
			return keywordInitial(prop), true
		}
	}
	return v, true
}

// keywordInitial is the initial value of a keyword property of
// cascadedKeyword.
func keywordInitial(prop string) string {
	switch prop {
	case "align-self", "justify-self":
		return "auto"
	case "flex-direction":
		return "row"
	case "flex-wrap":
		return "nowrap"
	}
	return "normal"
}

// alignOf is how c, an item, is aligned in the cross axis: its
// align-self, else its container's align-items.
func (f *flowLayout) alignOf(c *dom.Node, items string) string {
	if v := f.hStyleOf(c).alignSelf; v != "auto" && v != "" {
		return v
	}
	return items
}

// cellIntrinsic is the min- and max-content widths of c, a table cell,
// with its margins: a width of its own raises its max-content width but
// not its min-content one (a column shrinks below it when the table has
// no room), and a width below its content's min-content width lowers
// neither.
// https://drafts.csswg.org/css-tables-3/#outer-min-content
func (f *flowLayout) cellIntrinsic(c *dom.Node) (mn, mx float64) {
	mn, mx = f.outerIntrinsic(c)
	if pct, ok := f.cellPercents(c); ok {
		// its percentage paddings count for nothing (its row may have
		// given them already: cellPercentEdges)
		e := f.hEdgesOf(c)
		pads := e.padL - noPercent(pct[3], e.padL) + e.padR - noPercent(pct[1], e.padR)
		mn, mx = max(mn-pads, 0), max(mx-pads, 0)
	}
	if st := f.hStyleOf(c); !st.hasWidth || f.sizedByContent(c) || f.depth >= maxFlowDepth {
		return mn, mx
	}
	e := f.hEdgesOf(c)
	f.depth++
	cm, _ := f.contentIntrinsic(c)
	f.depth--
	cm = f.clampWidth(c, cm+e.inner(), -1) + e.outer()
	return cm, max(mx, cm)
}

// anonTable lays out a run of table parts in a block container n, from
// first: cells, rows and row groups outside a table lie in one anonymous
// table, which shrinks to fit them (as wide as n when their max-content
// widths are wider) and shares its columns between them; a run of cells
// is one of its rows, as tall as its tallest cell. Its border spacing is
// n's (the anonymous table inherits it). White space between the parts is
// dropped; it returns the last node of the run.
// https://drafts.csswg.org/css-tables-3/#fixup-algorithm
func (b *blockFlow) anonTable(n, first *dom.Node) (last *dom.Node) {
	f := b.f
	var partsArr [8]*dom.Node
	parts, last := f.siblingRun(first, anonTablePart, partsArr[:0])
	b.blocks++
	b.closeLines()
	b.settle()
	t := f.anonColumns(n, parts)
	sp := t.spacing()
	w := min(max(t.sumMin()+sp, b.width), t.maxContent()+sp)
	t.share(w)
	sy := f.borderSpacingY(n)
	y := b.y
	for i := 0; i < len(parts); {
		y += sy
		c := parts[i]
		cb := f.box(c)
		switch cb.disp {
		case "table-cell":
			j := cellRun(f, parts, i)
			y += f.anonRow(parts[i:j], t, y, w, false)
			i = j
			continue
		case "table-row":
			f.inAnonTable(c, cb, t)
			f.setWidth(c, cb, w-2*t.sx)
			cb.x = t.sx
		default:
			f.inAnonTable(c, cb, t)
			f.tableRows(c, func(r *dom.Node) { f.inAnonTable(r, f.box(r), t) })
			f.setWidth(c, cb, w)
			cb.x = 0
		}
		f.place(c, y)
		y += f.height(c)
		i++
	}
	b.y = y + sy
	b.extent = max(b.extent, w)
	return last
}

// anonColumns measures the columns of the anonymous table that parts, a
// run of cells, rows and row groups in n, lie in.
func (f *flowLayout) anonColumns(n *dom.Node, parts []*dom.Node) *tableCols {
	t := &tableCols{sx: f.borderSpacingX(n)}
	f.measureColumns(t, f.partRows(parts), nil)
	return t
}

// siblingRun appends to out first and the siblings after it whose display
// accept takes, in flow (white space, comments and boxes that are not
// rendered between them are passed over), up to another box or text;
// last is the last node of the run.
func (f *flowLayout) siblingRun(first *dom.Node, accept func(display string) bool, out []*dom.Node) (run []*dom.Node, last *dom.Node) {
	last = first
	for c := first; c != nil; c = f.w.flatNext(c) {
		if c.Kind() == dom.TextNode {
			if strings.TrimSpace(c.Data) != "" {
				break
			}
			continue
		}
		if !c.IsElement() {
			continue
		}
		cb := f.box(c)
		if f.displayOfBox(c, cb) == "none" {
			last = c
			continue
		}
		if !accept(cb.disp) || cb.float || f.skippedBox(c, cb) {
			break
		}
		out = append(out, c)
		last = c
	}
	return out, last
}

// partRows yields the cells of each row of the table parts parts (a
// table's or an anonymous table's, tableParts): a row's cells (rowCells),
// each row of a row group, a run of cells as one anonymous row, and
// another box as an anonymous cell alone in its row.
// https://drafts.csswg.org/css-tables-3/#fixup-algorithm
func (f *flowLayout) partRows(parts []*dom.Node) iter.Seq[[]*dom.Node] {
	return func(yield func([]*dom.Node) bool) {
		f.yieldPartRows(parts, yield)
	}
}

func (f *flowLayout) yieldPartRows(parts []*dom.Node, yield func([]*dom.Node) bool) bool {
	for i := 0; i < len(parts); {
		c := parts[i]
		switch d := f.display(c); {
		case inAnonRow(d):
			// cells and the boxes between them: one anonymous row,
			// each box in an anonymous cell of its own; boxes with no
			// cell beside them each in a row of their own
			j, cells := i, false
			for ; j < len(parts); j++ {
				dj := f.display(parts[j])
				if !inAnonRow(dj) {
					break
				}
				cells = cells || dj == "table-cell"
			}
			if !cells {
				j = i + 1
			}
			if !yield(parts[i:j]) {
				return false
			}
			i = j
			continue
		case d == "table-row":
			if !yield(f.rowCells(c)) {
				return false
			}
		case d == "table-row-group" || d == "table-header-group" || d == "table-footer-group":
			if !f.yieldPartRows(f.tableParts(c, nil), yield) {
				return false
			}
		}
		i++
	}
	return true
}

// inAnonRow tells whether a box of display d in a table or row group lies
// in an anonymous row: a cell, or a box that is no table part (in an
// anonymous cell there). Bootstrap 3's input group is a table of an addon
// cell and a floated input beside it.
// https://drafts.csswg.org/css-tables-3/#fixup-algorithm
func inAnonRow(d string) bool {
	switch d {
	case "table-row", "table-row-group", "table-header-group", "table-footer-group",
		"table-caption", "table-column", "table-column-group", "contents":
		return false
	}
	return true
}

// anonRowRun is the run of n's children from first that lie in one
// anonymous row (inAnonRow): cells and the boxes between them, or first
// alone when no cell is among them; last is the run's last child.
func (f *flowLayout) anonRowRun(first *dom.Node) (run []*dom.Node, last *dom.Node) {
	cells := false
	last = first
	for c := first; c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) {
			continue
		}
		d := f.display(c)
		if !inAnonRow(d) {
			break
		}
		cells = cells || d == "table-cell"
		run = append(run, c)
		last = c
	}
	if !cells {
		return run[:1], first
	}
	return run, last
}

// tableParts appends to out the children of n, a table or a row group,
// that lie in its rows (tableStack): rows, row groups, cells and other
// boxes in flow, not captions, columns or display: contents boxes.
func (f *flowLayout) tableParts(n *dom.Node, out []*dom.Node) []*dom.Node {
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) {
			continue
		}
		switch f.display(c) {
		case "table-caption", "table-column", "table-column-group", "contents":
			continue
		}
		out = append(out, c)
	}
	return out
}

// anonTablePart tells whether a box of display d is wrapped in an
// anonymous table when it is not in a table: a cell, a row or a row group.
func anonTablePart(d string) bool {
	switch d {
	case "table-cell", "table-row", "table-row-group", "table-header-group", "table-footer-group":
		return true
	}
	return false
}

// cellRun is the end of the run of cells in parts from i.
func cellRun(f *flowLayout, parts []*dom.Node, i int) int {
	for i < len(parts) && f.box(parts[i]).disp == "table-cell" {
		i++
	}
	return i
}

// inAnonTable records that row or row group c lies in the anonymous
// table whose columns are t; laid out in other columns before, it is laid
// out again.
func (f *flowLayout) inAnonTable(c *dom.Node, cb *flowBox, t *tableCols) {
	if cb.table != t {
		cb.table = t
		cb.laidOut, cb.heightKnown = false, false
	}
}

// anonRow lays out cells, a run of cells outside a row, as an anonymous
// row of the table whose columns are t, width wide, its top at y: side by
// side in t's columns, from the right when rtl, and as tall as the
// tallest. It returns its height.
func (f *flowLayout) anonRow(cells []*dom.Node, t *tableCols, y, width float64, rtl bool) float64 {
	x, rowH, col := t.sx, 0.0, 0
	for _, c := range cells {
		span := spannedColumns(c, col, len(t.widths))
		w := t.sx * float64(span-1)
		for k := col; k < min(col+span, len(t.widths)); k++ {
			w += t.widths[k]
		}
		col += span
		cb := f.box(c)
		f.setWidth(c, cb, w)
		cb.x = x
		if rtl {
			cb.x = width - x - w
		}
		x += w + t.sx
		f.place(c, y)
		rowH = max(rowH, f.naturalHeight(c))
	}
	for _, c := range cells {
		f.force(c, f.box(c), rowH) // a cell is as tall as its row
	}
	return rowH
}

// gridRows sizes the rows of a grid whose items lie as plan places them,
// and sizes and places the items in them: a row track of a fixed size
// keeps it, an auto one is as tall as its tallest item spanning only it
// (an item spanning rows makes the auto and fr ones among them taller,
// equally, by what they lack), fr ones share what a definite height
// leaves (at least their items' heights), auto ones share it when there
// are no fr ones (align-content: normal stretches them); items stretch
// to their rows or are placed in them by align-self. It returns the
// height of the rows laid out and their height from their content.
// https://drafts.csswg.org/css-grid-2/#algo-track-sizing
func (f *flowLayout) gridRows(n *dom.Node, items []*dom.Node, plan gridPlan) (laid, natural float64) {
	if len(items) == 0 || plan.rows == 0 {
		return 0, 0
	}
	def := f.definite(n)
	rowGap := f.gap(n, "row-gap")
	rows := plan.rows
	explicit := uncollapsed(f.gridTrackList(n, "grid-template-rows", max(def, -1), nil), plan.dropRows)
	implicit := f.gridTrackList(n, "grid-auto-rows", max(def, -1), nil)
	track := func(r int) gridTrack {
		if r < len(explicit) {
			return explicit[r]
		}
		if len(implicit) > 0 {
			return implicit[(r-len(explicit))%len(implicit)]
		}
		return gridTrack{auto: true}
	}
	hs := make([]float64, rows)
	content := make([]float64, rows)
	// its margin box, a negative margin making it smaller; a percentage
	// height is auto while the rows are sized (its grid area's height is
	// not known yet)
	outer := func(c *dom.Node) float64 {
		m := f.edgeOf(c, 0) + f.edgeOf(c, 1)
		b := f.box(c)
		if st := f.vStyleOf(c); !st.areaRelative() || def < 0 && !b.areaSet {
			return f.naturalHeight(c) + m
		}
		area, set := b.area, b.areaSet
		b.area, b.areaSet = -1, true
		b.heightKnown, b.laidOut = false, false
		h := f.naturalHeight(c)
		b.area, b.areaSet = area, set
		b.heightKnown, b.laidOut = false, false
		return h + m
	}
	spanning := false
	var held []bool // auto rows an item spanning one alone sizes
	for i, c := range items {
		a := plan.areas[i].row
		if a.span > 1 {
			spanning = true
			continue
		}
		if a.start < rows {
			content[a.start] = max(content[a.start], outer(c))
			if held == nil {
				held = make([]bool, rows)
			}
			held[a.start] = true
		}
	}
	// the items of a row aligned by their baselines share it: the row
	// holds the largest distances from their baselines to their margin
	// edges above and below, and each is placed to put its baseline on
	// the row's (baseTop)
	// https://drafts.csswg.org/css-grid-2/#algo-baseline-shims
	align, _ := f.cascadedKeyword(n, "align-items")
	var baseTop, baseBelow []float64
	for i, c := range items {
		a := plan.areas[i].row
		if a.span != 1 || a.start >= rows {
			continue
		}
		above, ok := f.baseAbove(c, align)
		if !ok {
			continue
		}
		if baseTop == nil {
			baseTop, baseBelow = make([]float64, rows), make([]float64, rows)
		}
		baseTop[a.start] = max(baseTop[a.start], above)
		baseBelow[a.start] = max(baseBelow[a.start], outer(c)-above)
		content[a.start] = max(content[a.start], baseTop[a.start]+baseBelow[a.start])
	}
	frs, autos := 0.0, 0
	for r := range rows {
		t := track(r)
		switch {
		case t.fr > 0:
			frs += t.fr
			hs[r] = max(content[r], t.min)
		case t.auto:
			if !t.keep {
				autos++ // (min-content, max-content and fit-content() rows do not stretch)
			}
			hs[r] = max(content[r], t.min)
		default:
			hs[r] = t.size
		}
	}
	if spanning {
		// items spanning auto rows and fixed ones grow the auto ones as
		// the spec's track sizing does (growSpanned: the empty row beside
		// a sized one takes what they lack)
		ts := make([]gridTrack, rows)
		for r := range rows {
			ts[r] = track(r)
		}
		if held == nil {
			held = make([]bool, rows)
		}
		var spans []spanItem
		for i, c := range items {
			a := plan.areas[i].row
			if a.span <= 1 {
				continue
			}
			if autos, flexible := spanTracks(ts, a); autos > 0 && !flexible {
				h := outer(c)
				spans = append(spans, spanItem{a, h, h})
			}
		}
		if spans != nil {
			limit := append([]float64(nil), hs...)
			growSpanned(ts, hs, limit, held, spans, rowGap)
		}
		for i, c := range items {
			a := plan.areas[i].row
			if a.span <= 1 {
				continue
			}
			grow, flexible := 0, false
			for r := a.start; r < a.start+a.span && r < rows; r++ {
				if t := track(r); t.auto || t.fr > 0 {
					grow++
				}
				flexible = flexible || track(r).fr > 0
			}
			if !flexible {
				continue // (grown above)
			}
			if lack := outer(c) - spanSize(hs, a, rowGap); grow > 0 && lack > 0 {
				for r := a.start; r < a.start+a.span && r < rows; r++ {
					if t := track(r); t.auto || t.fr > 0 {
						hs[r] += lack / float64(grow)
					}
				}
			}
		}
	}
	gaps := rowGap * float64(rows-1)
	var flex []float64
	if frs > 0 {
		flex = make([]float64, rows)
		for r := range rows {
			flex[r] = track(r).fr
		}
	}
	if frs > 0 && def < 0 {
		// an indefinite height: an fr is the largest of the flexible
		// rows' sizes over their factors (a factor below one counting as
		// one), unless the rows then overflow max-height or fall short
		// of min-height: they are sized in that height instead
		// https://drafts.csswg.org/css-grid-2/#algo-flex-tracks
		per, sum := 0.0, gaps
		for r := range rows {
			if flex[r] > 0 {
				per = max(per, hs[r]/max(flex[r], 1))
			}
		}
		for r := range rows {
			sum += max(hs[r], per*flex[r])
		}
		if room := f.clampContent(n, sum); room != sum {
			per = frSize(hs, flex, room-gaps)
		}
		for r := range rows {
			hs[r] = max(hs[r], per*flex[r])
		}
	}
	used := gaps
	for _, h := range hs {
		natural += h
		used += h
	}
	natural += rowGap * float64(rows-1)
	ac, _ := f.cascadedKeyword(n, "align-content")
	stretch := ac == "" || ac == "normal" || ac == "stretch"
	free := def - used
	if def < 0 && frs == 0 && autos > 0 && stretch {
		// an indefinite height: the auto rows stretch to its
		// min-height (a grid of min-height: 240px around a button
		// makes its row and the button 232px tall with its 8px of
		// padding, as Chromium does)
		// https://drafts.csswg.org/css-grid-2/#algo-stretch
		free = f.clampContent(n, used) - used
	}
	if (def >= 0 || frs == 0) && free > 0 {
		switch {
		case frs > 0:
			// the fr rows share the room left beside the others, none
			// below its content
			per := frSize(hs, flex, def-gaps)
			for r := range rows {
				hs[r] = max(hs[r], per*flex[r])
			}
		case autos > 0 && stretch:
			for r := range rows {
				if t := track(r); t.auto && !t.keep {
					var share float64
					share, free = autoShare(free, autos)
					hs[r] += share
					autos--
				}
			}
		}
	}
	// align-content places the rows in a definite height they leave
	// room in or overflow
	y, between := 0.0, rowGap
	if def >= 0 && !stretch {
		sum := rowGap * float64(rows-1)
		for _, h := range hs {
			sum += h
		}
		var extra float64
		y, extra = contentShift(ac, def-sum, rows)
		between += extra
	}
	for i, c := range items {
		// a percentage height resolves against the item's grid area
		a := plan.areas[i].row
		st := f.vStyleOf(c)
		pctTop := (st.hasTop && strings.Contains(st.top, "%")) || (st.hasBottom && strings.Contains(st.bottom, "%"))
		if a.start >= rows || !st.areaRelative() && !pctTop {
			continue
		}
		cb := f.box(c)
		if h := spanSize(hs, a, rowGap); !cb.areaSet || cb.area != h {
			cb.area, cb.areaSet = h, true
			cb.heightKnown, cb.laidOut = false, false
		}
	}
	ys := make([]float64, rows)
	for r := range rows {
		if r > 0 {
			y += between
		}
		ys[r] = y
		y += hs[r]
	}
	for i, c := range items {
		a := plan.areas[i].row
		if a.start >= rows {
			continue
		}
		if baseTop != nil && a.span == 1 {
			if above, ok := f.baseAbove(c, align); ok {
				shift := baseTop[a.start] - above
				laid = max(laid, f.crossPlace(c, ys[a.start]+shift, hs[a.start]-shift, "start"))
				continue
			}
		}
		self := f.alignOf(c, align)
		if self == "" || self == "normal" {
			if _, ok := f.boxRatio(c); ok {
				// normal is start for an item with an aspect-ratio
				// https://drafts.csswg.org/css-align-3/#valdef-align-self-normal
				self = "start"
			}
		}
		laid = max(laid, f.crossPlace(c, ys[a.start], spanSize(hs, a, rowGap), self))
	}
	f.keepTracks(n, withCollapsed(hs, plan.dropRows), true)
	return max(laid, y), natural
}

// relativeShift is how far down n, a relatively positioned box, is moved
// from where the flow puts it: by its top, else up by its bottom
// (percentages of its containing block's height when that is definite).
// https://drafts.csswg.org/css2/#relative-positioning
func (f *flowLayout) relativeShift(n *dom.Node) float64 {
	st := f.vStyleOf(n)
	basis := -1.0
	if (st.hasTop && strings.Contains(st.top, "%")) || (!st.hasTop && st.hasBottom && strings.Contains(st.bottom, "%")) {
		basis = f.pctBasis(n)
	}
	if st.hasTop {
		if t, ok := f.signedLength(n, st.top, basis); ok {
			return t
		}
		return 0
	}
	if st.hasBottom {
		if bt, ok := f.signedLength(n, st.bottom, basis); ok {
			return -bt
		}
	}
	return 0
}

// signedLength is hLength for a length that may be negative (an inset):
// a negative number, or a calc() whose value is negative
// (`calc(-16px / var(--pixel-density, 1))`, jquery.terminal's clipboard
// textarea's left, or `calc(50% - 100px)` in a box narrower than 200px),
// which hLength, for sizes, takes for no length.
func (f *flowLayout) signedLength(n *dom.Node, v string, basis float64) (float64, bool) {
	if neg, ok := strings.CutPrefix(strings.TrimSpace(v), "-"); ok {
		x, ok := f.hLength(n, neg, basis)
		return -x, ok
	}
	if x, ok := f.hLength(n, v, basis); ok || !strings.Contains(v, "(") {
		return x, ok
	}
	ctx := f.w.unitContext(n)
	if basis >= 0 {
		ctx.PercentBasis, ctx.HasPercentBasis = basis, true
	} else if strings.Contains(v, "%") {
		return 0, false
	}
	if x, ok := cssvalue.Eval(v, &ctx); ok && x.Is(cssvalue.Px) && x.Px < 0 && x.Px > -math.MaxInt32 {
		return lengthLayoutUnit(x.Px), true
	}
	return 0, false
}

// relativeShiftX is how far n, a relatively positioned box, is moved
// right by its left (else left by its right), percentages of its
// containing block's width.
// https://drafts.csswg.org/css2/#relative-positioning
func (f *flowLayout) relativeShiftX(n *dom.Node) float64 {
	st := f.vStyleOf(n)
	if !st.hasLeft && !st.hasRight {
		return 0
	}
	basis := -1.0
	if b := f.box(n); b.areaW > 0 {
		basis = b.areaW // a grid item's: its grid area's width
	} else if c := f.widthContainer(n); c != nil {
		basis = f.width(c)
	}
	if st.hasLeft {
		l, _ := f.inset(n, st.left, true, basis)
		return l
	}
	r, _ := f.inset(n, st.right, true, basis)
	return -r
}
