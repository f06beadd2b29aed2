package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Scrollable overflow past the flow: the boxes the estimate's content
// height (layout) leaves out but scrollHeight and scrollWidth count, as
// Chromium does. An element's scrollable overflow holds, besides its
// in-flow content, the border boxes of
//   - the absolutely positioned boxes whose containing block is the
//     element or inside it (an absolute box whose containing block lies
//     outside overflows that one instead; a fixed box, the viewport's),
//   - the relatively positioned boxes, where their offsets move them,
//
// with what those boxes' own content overflows them by, unless they clip
// it. A box in between that clips its overflow (overflow other than
// visible) hides what it contains, but not the absolute boxes whose
// containing block lies above it.
// https://drafts.csswg.org/css-overflow-3/#scrollable
//
// A transformed box counts where its transform puts it (the bounding box
// of its transformed border box, flowtransform.go), with what its content
// overflows it by, and so does every box in it: the transforms of the
// boxes between a box and the element apply to its rects (Flicking's
// camera, moved left by translateX, scrolls its viewport to where its
// panels end, not to their untransformed right).

// overflowReach is how far boxes reach from an origin: the left (0 or
// less), the right and the bottom of the furthest.
type overflowReach struct{ left, right, bottom float64 }

// positionedOverflow is how far the boxes of n's scrollable overflow
// that its content height leaves out reach past the top and the left of
// n's padding box: the right and the bottom of the furthest (0 when there
// is none), and the left of the furthest left (0 when none lies left of
// it; a right-to-left box's content overflows there). For the root
// scroller (viewport) the reach is from the document's origin and counts
// the absolute boxes placed by the initial containing block.
func (w *Window) positionedOverflow(n *dom.Node, viewport bool) overflowReach {
	f := w.flowOf(n.Document())
	if f == nil {
		return overflowReach{}
	}
	var originX, originY float64
	if !viewport {
		r, ok := w.flowRect(n)
		if !ok {
			return overflowReach{}
		}
		originX, originY = r.left+f.hEdgesOf(n).borL, r.top+f.edgeOf(n, 4)
	}
	var o overflowReach
	if f.skipsContents(n) {
		return o // its contents overflow nothing (flowdetails.go)
	}
	// clipped[i] tells whether the in-flow boxes at depth i below n are
	// clipped by a box between them and n
	var clippedArr, movedArr [32]bool
	clipped := append(clippedArr[:0], false)
	// moved[i] tells whether a box between n and the boxes at depth i
	// below n (n left out) is transformed
	moved := append(movedArr[:0], false)
	if p := f.pos(n); p != "" && p != "static" || f.holdsFixed(n) {
		w.pseudoReach(n, n, nil, false, originX, originY, &o)
	}
	d := w.flatFirst(n)
	for d != nil {
		enter := d.IsElement()
		in := clipped[len(clipped)-1]
		var through *dom.Node // the box the transforms apply up to
		if moved[len(moved)-1] || enter && f.transformed(d) {
			through = n
		}
		if enter && f.inClosedSlot(d) {
			// in a closed details element's content slot, which is
			// 0px tall and clips what it holds (flowdetails.go)
			enter = false
		}
		if enter {
			switch p := f.pos(d); {
			case f.display(d) == "none" || p == "fixed":
				// nothing of a fixed box's subtree overflows n: their
				// containing blocks are the viewport, the fixed box or
				// inside it
				enter = false
			case p == "absolute":
				cb := f.containingBlock(d)
				if cb == nil && !viewport || cb != nil && cb != n && !w.flatContains(n, cb) || w.clippedBelow(n, d, cb) {
					// it overflows a box outside n, or a box between
					// clips it (and so what it contains: their
					// containing blocks are it or inside it)
					enter = false
					break
				}
				in = false
				w.reachOf(d, through, originX, originY, &o, true)
			case in:
			case p == "relative" && f.hasOffset(d), f.transformed(d):
				w.reachOf(d, through, originX, originY, &o, true)
			default:
				w.reachOf(d, through, originX, originY, &o, false)
			}
		}
		if d.Namespace != "" || enter && f.skipsContents(d) {
			// an <svg> or <math>: what it holds is placed by its own
			// geometry, inside its box; contents skipped overflow
			// nothing (flowdetails.go)
			enter = false
		}
		if enter && d.Namespace == "" {
			w.pseudoReach(n, d, through, in, originX, originY, &o)
		}
		if c := w.flatFirst(d); enter && c != nil {
			clipped = append(clipped, in || w.clipsOverflow(d))
			moved = append(moved, through != nil)
			d = c
			continue
		}
		for d != nil && d != n && w.flatNext(d) == nil {
			d = w.flatParent(d)
			clipped = clipped[:len(clipped)-1]
			moved = moved[:len(moved)-1]
		}
		if d == nil || d == n {
			break
		}
		d = w.flatNext(d)
	}
	o.left, o.right, o.bottom = min(o.left, 0), max(o.right, 0), max(o.bottom, 0)
	return o
}

// reachOf extends o to what d's in-flow content reaches past d's height
// (and past its left, right to left) unless d clips it, from (x0, y0);
// with own (d out of its container's content height: moved, transformed
// or out of flow), also to the left, the right and the bottom of d's
// border box. Each rect goes through the transforms of d and of the boxes
// it is in up to through (exclusive) when through is not nil.
func (w *Window) reachOf(d, through *dom.Node, x0, y0 float64, o *overflowReach, own bool) {
	f := w.geoOf(d.Document())
	b := f.box(d)
	if through != nil {
		w.reachThrough(d, through, x0, y0, o, own)
		return
	}
	if !b.laidOut && b.widthSet && !f.inlineLevel(d) && !f.replaced(d) && !w.clipsOverflow(d) && f.depth < maxFlowDepth {
		// laid out and then forgotten: a flex column's item whose height
		// its line forced after its content had read the one before
		// (defChanged) is laid out again where it is asked
		f.depth++
		f.layout(d)
		f.depth--
	}
	if b.laidOut && b.widthSet && !f.inlineLevel(d) && !f.replaced(d) && !w.clipsOverflow(d) {
		// its content past its width (a flex row of slides wider than
		// its carousel), from the left of its content box
		e := f.hEdgesOf(d)
		ext := max(b.extent, b.bext)
		if ext > b.bw-e.inner()+0.5 {
			ext = max(b.extent, f.unmovedBext(d, b)) // (its moved and empty children left out)
		}
		if ext > b.bw-e.inner()+0.5 || b.lext < -0.5 {
			if r, ok := w.flowRect(d); ok {
				o.right = max(o.right, r.left+e.borL+e.padL+ext-x0)
				o.left = min(o.left, r.left+e.borL+e.padL+b.lext-x0)
			}
		}
	}
	overflows := false
	if st := f.vStyleOf(d); (st.hasH || st.hasMax || b.forcedSet) && !f.replaced(d) && !f.inlineLevel(d) && !w.clipsOverflow(d) && f.depth < maxFlowDepth {
		// its height is not its content's, which may overflow it
		f.depth++
		h := f.height(d)
		content := f.edgeOf(d, 4) + f.edgeOf(d, 2) + f.visibleContent(d)
		f.depth--
		overflows = content > h
		if overflows && !own {
			if r, ok := w.flowRect(d); ok {
				o.bottom = max(o.bottom, r.top+content-y0)
			}
			return
		}
	}
	if !own {
		return
	}
	r, ok := w.flowRect(d)
	if !ok {
		return
	}
	if f.transformed(d) {
		r = w.transformBounds(d, w.flatParent(d), r)
	}
	if r.width > 0 && r.height > 0 {
		// a border box of no area adds nothing, as Chromium unites
		// overflow rects skipping empty ones (pqgrid's 0px-wide
		// absolute spacer 10px tall left its 0px-tall header alone)
		o.left = min(o.left, r.left-x0)
		o.right = max(o.right, r.left+r.width-x0)
		o.bottom = max(o.bottom, r.top+r.height-y0)
	}
	if !w.clipsOverflow(d) && !f.replaced(d) && f.depth < maxFlowDepth {
		// its content past its height: from the top of its content box,
		// with its children's boxes and the glyphs of its text, as
		// where it is not moved (contentBottom: a grid of 24px text
		// moved by top: 10px overflows its block by its glyphs too)
		f.depth++
		content := max(f.visibleContent(d), f.childBoxesBottom(d, 1))
		glyphs := f.glyphsBelow(d)
		f.depth--
		top := r.top + f.edgeOf(d, 4) - y0
		if content > 0 {
			o.bottom = max(o.bottom, top+f.edgeOf(d, 2)+content)
		}
		if glyphs > 0 {
			o.bottom = max(o.bottom, top+glyphs)
		}
	}
}

// visibleContent is how far below the top of d's content box, laid out
// here, its in-flow content reaches in the scrollable overflow of a box
// around it, d not clipping it: its content height, but no further than
// the border boxes and lines it holds (borderBoxesBottom), not past the
// margin after the last of them nor to a grid's rows past its items (a
// ul 32px tall around a 20px ul whose 16px bottom margin ends 4px below
// it overflows nothing in Chromium, a grid 32px tall whose rows take 100
// overflows by its item alone).
func (f *flowLayout) visibleContent(d *dom.Node) float64 {
	h := f.layout(d)
	if strings.Contains(f.display(d), "table") {
		return h
	}
	return min(h, f.borderBoxesBottom(d))
}

// reachThrough is reachOf for d in a transformed box below through (or
// transformed itself): the rects d's overflow is made of (its border box
// with own, and its content's reach past its width and height unless it
// clips it), each mapped with the transforms up to through and bounded
// (a translateX(-150px) camera of panels 600px wide in a 300px viewport
// scrolls 450, a scale(2) one 800).
func (w *Window) reachThrough(d, through *dom.Node, x0, y0 float64, o *overflowReach, own bool) {
	f := w.geoOf(d.Document())
	b := f.box(d)
	r, ok := w.flowRect(d)
	if !ok {
		return
	}
	add := func(g flowBounds) {
		if g.width <= 0 || g.height <= 0 {
			return
		}
		g = w.transformRect(d, through, g, r)
		o.left = min(o.left, g.left-x0)
		o.right = max(o.right, g.left+g.width-x0)
		o.bottom = max(o.bottom, g.top+g.height-y0)
	}
	if own {
		add(r)
	}
	if w.clipsOverflow(d) || f.replaced(d) || f.inlineLevel(d) || !b.laidOut || f.depth >= maxFlowDepth {
		return
	}
	f.depth++
	content := f.layout(d)
	f.depth--
	e := f.hEdgesOf(d)
	top := r.top + f.edgeOf(d, 4) + f.edgeOf(d, 2)
	g := flowBounds{left: r.left, top: r.top, width: r.width, height: max(r.height, top+content-r.top)}
	if b.widthSet {
		// its content past its width, from the left of its content box
		left := r.left + e.borL + e.padL
		l, rt := min(left+b.lext, g.left), max(left+max(b.extent, b.bext), g.left+g.width)
		g.left, g.width = l, rt-l
	}
	if own || g.width > r.width+0.5 || g.height > r.height+0.5 || g.left < r.left-0.5 {
		add(g)
	}
}

// clippedBelow tells whether a box strictly between d and n clips d, a
// positioned box whose containing block is cb (nil for a relatively
// positioned box, which every box it is in contains): a box clips what
// lies in its subtree in the containing-block chain, which an absolute
// box leaves for cb, skipping the boxes between.
func (w *Window) clippedBelow(n, d, cb *dom.Node) bool {
	inChain := cb == nil
	for a := w.flatParent(d); a != nil && a != n; a = w.flatParent(a) {
		if a == cb {
			inChain = true
		}
		if inChain && w.clipsOverflow(a) {
			return true
		}
	}
	return false
}

// clipsOverflow tells whether n's overflow is clipped on an axis (hidden,
// scroll, auto or clip); the body's is not when it is the viewport's.
func (w *Window) clipsOverflow(n *dom.Node) bool {
	if w.scrollsOverflow(n) {
		return true
	}
	for _, p := range [...]string{"overflow-x", "overflow-y"} {
		if v, _ := w.cascaded(n, p); strings.TrimSpace(v) == "clip" {
			return true
		}
	}
	return false
}

// hasOffset tells whether n, a positioned box, has an inset on either
// axis.
func (f *flowLayout) hasOffset(n *dom.Node) bool {
	if f.hasInset(n) {
		return true
	}
	for _, p := range [...]string{"left", "right"} {
		if v, _ := f.w.cascaded(n, p); v != "" && strings.TrimSpace(v) != "auto" {
			return true
		}
	}
	return false
}

// borderBoxesBottom is how far below the top of n's content box (laid
// out) its content reaches by the border boxes of its children and its
// lines, leaving out the margin after its last block child (or flex or
// grid item): the block end of the scrollable overflow of a box that is
// not a scroll container. When its lines come last (or its ::after box,
// or a display: contents child), that is its content's height.
// https://drafts.csswg.org/css-overflow-3/#scrollable
func (f *flowLayout) borderBoxesBottom(n *dom.Node) float64 {
	nb := f.box(n)
	items := f.itemsOf(n)
	if f.skipsContents(n) {
		return nb.content
	}
	if d, _ := f.w.pseudoBoxOf(n, "after"); d != "" {
		return nb.content
	}
	bottom, lines := 0.0, false
	var runs anonItemRuns
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if items {
			if s := runs.next(f, n, c); s != nil && !f.emptyBox(s, f.box(s)) {
				// an anonymous item: its border box
				bottom = max(bottom, f.box(s).offset+f.height(s))
			}
		}
		if c.Kind() == dom.TextNode {
			lines = lines || !items && (nb.pre || strings.TrimSpace(c.Data) != "")
			continue
		}
		if !c.IsElement() {
			continue
		}
		b := f.boxes[c]
		if b == nil || !b.placed || f.skippedBox(c, b) || f.inClosedSlot(c) {
			continue
		}
		if p := f.posOfBox(c, b); p == "absolute" || p == "fixed" {
			continue
		}
		if !items && !b.float && (f.displayOfBox(c, b) == "contents" || strings.HasPrefix(f.displayOfBox(c, b), "inline")) {
			lines = true
			continue
		}
		if !f.emptyBox(c, b) {
			bottom = max(bottom, b.offset+f.heightOfBox(c, b))
		}
		if !b.float {
			lines = false
		}
	}
	if lines {
		return nb.content
	}
	return bottom
}

// inlineBoxesBottom is how far below the top of its block container's
// content box c, an inline-level box whose box is b, and the inline boxes
// in it reach by their border boxes, which overflow their lines by their
// paddings and borders (a pill, a span with 4px of padding around 12px
// text, overflows the card it ends by 3px in Chromium); atomic inlines
// are left out. depth bounds the walk down.
func (f *flowLayout) inlineBoxesBottom(c *dom.Node, b *flowBox, depth int) float64 {
	if !b.placed || f.displayOfBox(c, b) == "contents" || depth > maxBoxDepth {
		return 0
	}
	bottom := b.offset + f.heightOfBox(c, b)
	if f.atomicBox(c, b) {
		// its border box, which a negative bottom margin pulls below
		// its line (an inline-grid of margin: -10px 5px around a 30px
		// item overflows its 25px block by 10px in Chromium), unless
		// it has no area: Chromium unites no empty rect (an empty
		// inline-block of height: 30px is 0px wide and overflows
		// nothing, sweep77's negative-margin page)
		if b.widthSet && b.bw > 0 && bottom > b.offset {
			return bottom
		}
		return 0
	}
	for d := f.w.flatFirst(c); d != nil; d = f.w.flatNext(d) {
		if db := f.boxes[d]; d.IsElement() && db != nil && f.inlineLevelBox(d, db) {
			bottom = max(bottom, f.inlineBoxesBottom(d, db, depth+1))
		}
	}
	return max(bottom, f.pseudoBoxesBottom(c, depth))
}

// pseudoBoxesBottom is inlineBoxesBottom for the ::before and ::after
// boxes of n that its lines laid out as inline elements (genEdged), whose
// paddings and borders overflow their lines as an inline element's do:
// webui-popover's close button, a float of 16px lines whose ::after has
// `padding: 4px`, scrolls 20px in Chromium. 0 for none.
func (f *flowLayout) pseudoBoxesBottom(n *dom.Node, depth int) float64 {
	if !f.genRules && !isQ(n) {
		return 0
	}
	bottom := 0.0
	for _, pseudo := range [...]string{"before", "after"} {
		if pb := f.w.pseudoBoxMemo(n, pseudo); pb.abs || pb.float || pb.display != "inline" {
			continue
		}
		p := f.w.pseudoNode(n, pseudo)
		if b := f.boxes[p]; b != nil && b.placed {
			bottom = max(bottom, f.inlineBoxesBottom(p, b, depth+1))
		}
	}
	return bottom
}

// childBoxesBottom is how far below the top of n's content box the
// in-flow block-level boxes n lays out reach with the scrollable overflow
// of those that do not clip it, which n's content height (their margin
// boxes) leaves out when a bottom margin is negative: Bootstrap's tab
// links (margin-bottom: -1px) make each 41px nav item and their flex row
// scroll 42px in Chromium. The border boxes count, flex items' too, but
// not one of no area (an empty flex item of no width, a block 0px tall),
// as Chromium unites no empty rect. What the content of a float
// overflows it by counts here; floats' border boxes, positioned boxes
// and lines are counted elsewhere (scrollHeight, positionedOverflow); depth bounds
// the walk down.
// https://drafts.csswg.org/css-overflow-3/#scrollable
func (f *flowLayout) childBoxesBottom(n *dom.Node, depth int) float64 {
	bottom := 0.0
	if depth > maxBoxDepth || f.skipsContents(n) {
		return bottom // its contents overflow nothing (flowdetails.go)
	}
	items := f.itemsOf(n)
	var runs anonItemRuns
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if items {
			if s := runs.next(f, n, c); s != nil {
				// an anonymous item, whose lines may overflow it (a
				// 21px line in an item stretched 8px tall)
				sb := f.box(s)
				if !f.emptyBox(s, sb) {
					bottom = max(bottom, sb.offset+f.height(s))
				}
				bottom = max(bottom, sb.offset+sb.content, sb.offset+f.glyphsBelow(s))
			}
		}
		if !c.IsElement() {
			continue
		}
		b := f.boxes[c]
		if b == nil || !b.placed || f.skippedBox(c, b) || f.inClosedSlot(c) {
			continue // (a closed details element's content slot clips it)
		}
		if b.float {
			// its border box counts elsewhere, what its content
			// overflows it by here (a float of `font: bold 22px/1
			// Arial` text scrolls its block 23px)
			bottom = max(bottom, f.contentBottom(c, b, depth))
			continue
		}
		if !items && strings.HasPrefix(f.displayOfBox(c, b), "inline") {
			// on n's lines, which its border box and those of the
			// inline boxes in it may overflow, and an inline-block's
			// content
			bottom = max(bottom, f.inlineBoxesBottom(c, b, depth))
			if f.atomicBox(c, b) {
				bottom = max(bottom, f.contentBottom(c, b, depth))
			}
			continue
		}
		if p := f.posOfBox(c, b); p != "" && p != "static" && (p != "relative" && p != "sticky" || f.hasOffset(c)) {
			// where it is moved to or placed (positionedOverflow); a
			// relative or sticky box with no offset stays here (CodeMirror's
			// scroller, 330px tall with a -30px margin below it in a
			// 300px editor, makes it scroll 340)
			continue
		}
		if !f.emptyBox(c, b) {
			bottom = max(bottom, b.offset+f.heightOfBox(c, b))
		}
		bottom = max(bottom, f.contentBottom(c, b, depth))
	}
	if !items {
		bottom = max(bottom, f.pseudoBoxesBottom(n, depth))
	}
	return bottom
}

// emptyBox tells whether c's border box (b, its box, placed) adds
// nothing to the scrollable overflow of the boxes around it: Chromium
// unites a box's border box with what its content overflows (even when
// the border box has no area), and that rect with its container's
// unless it has no area, so a box of no width or no height counts only
// when it holds content of some area (an empty block 0px tall below a
// 10px box and a flex item of no width past its row's end, a <br>'s
// anonymous item, add nothing; a block 0px tall and 610px wide around a
// line of text counts its whole width). A box given no width is none (a
// <br> in a flex container's run of text, whose anonymous item counts
// instead).
func (f *flowLayout) emptyBox(c *dom.Node, b *flowBox) bool {
	if b.widthSet && b.bw > 0 && f.heightOfBox(c, b) > 0 {
		return false
	}
	return !b.widthSet || !b.laidOut || b.content <= 0 || max(b.extent, b.bext) <= 0
}

// contentBottom is how far below the top of its parent's content box
// the scrollable overflow of c's content reaches, c an in-flow child
// whose box is b: its children's boxes (childBoxesBottom) and the glyphs
// of its text (glyphsBelow: a 20px line of 24px text in a flex item, a
// grid item, a table cell or an inline-block overflows the boxes around
// it by 3px in Chromium, each text fragment counting its font's ascent
// and descent), unless c clips it. 0 for a replaced element.
// https://drafts.csswg.org/css-overflow-3/#scrollable
func (f *flowLayout) contentBottom(c *dom.Node, b *flowBox, depth int) float64 {
	if f.replaced(c) || f.w.clipsOverflow(c) {
		return 0
	}
	inner, glyphs := f.childBoxesBottom(c, depth+1), f.glyphsBelow(c)
	if inner <= 0 && glyphs <= 0 {
		return 0 // nothing (c's own box counts apart, unless empty)
	}
	top := b.offset + f.edgeOfBox(c, b, 4)
	return max(top+f.edgeOfBox(c, b, 2)+inner, top+glyphs)
}

// anonItemRuns follows the runs of text among the children of a flex or
// grid container, in the order boxItems makes their anonymous items.
type anonItemRuns struct {
	k  int  // the runs ended before
	in bool // within a run
}

// next takes c, n's next child in the flat tree, and returns the
// stand-in of the anonymous item whose run c starts (anonymousItem), nil
// when c starts none or n was not laid out with it. The runs of a
// display: contents child are its own, left out.
func (r *anonItemRuns) next(f *flowLayout, n, c *dom.Node) *dom.Node {
	switch {
	case c.Kind() == dom.TextNode:
		if r.in || strings.TrimLeft(c.Data, " \t\n\r\f") == "" {
			return nil
		}
	case !c.IsElement() || f.skipped(c):
		return nil
	case c.Namespace == "" && c.Data == "br":
		if r.in {
			return nil
		}
	default:
		if r.in {
			r.in = false
			r.k++
		}
		return nil
	}
	r.in = true
	if f.anonRuns == nil {
		return nil
	}
	s := f.anonStandIn(n, r.k)
	if s == nil || f.anonRuns[s] != c {
		return nil
	}
	if b := f.boxes[s]; b == nil || !b.placed {
		return nil
	}
	return s
}

// pseudoReach extends o, the reach of n's overflow, to the border boxes of
// h's absolutely positioned ::before and ::after boxes when their
// containing block is n or inside it and nothing between clips them (in
// tells that a box between n and h clips h), from (x0, y0), through the
// transforms up to through as in reachOf: nes.css's pixel borders (a
// ::before 4px past each side of a button) and a progress bar's label set past
// its end widen the scroll sizes of h and of the boxes that scroll it
// in Chromium. A box is placed by its insets and sized by its width and
// height (by both insets of an axis when it has no size on it, else by
// the lines of its generated text: pseudoTextSize); a box with no inset on an axis lies
// at its static position there, as h's flow noted it (staticPseudo: in
// the lines of h, or of the block laying out h when h is an inline box),
// as h's sole item when h is a flex or grid container (soleItemShift),
// or at its containing block's padding edge when none was noted.
// https://drafts.csswg.org/css-overflow-3/#scrollable
func (w *Window) pseudoReach(n, h, through *dom.Node, in bool, x0, y0 float64, o *overflowReach) {
	f := w.geoOf(h.Document())
	var hr flowBounds
	var cb *dom.Node
	known := false
	for _, pseudo := range [...]string{"before", "after"} {
		text, ok := w.absPseudo(h, pseudo)
		if !ok {
			continue
		}
		if !known {
			// its containing block: h when positioned, else the one an
			// absolute child of h would have
			cb = h
			if p := f.pos(h); (p == "" || p == "static") && !f.holdsFixed(h) {
				cb = f.containingBlock(h)
			}
			switch {
			case cb == nil:
				return
			case cb == h:
				if h != n && (in || w.clipsOverflow(h)) {
					return // clipped by h or a box between
				}
			case cb != n && !n.Contains(cb) || w.clippedBelow(n, h, cb):
				return
			}
			r, ok := w.flowRect(cb)
			if !ok {
				return
			}
			hr, known = r, true
		}
		e := f.hEdgesOf(cb)
		px, py := hr.left+e.borL, hr.top+f.edgeOf(cb, 4)
		p := w.pseudoNode(h, pseudo)
		// its static position, from cb's padding edge: where h's flow
		// noted it (staticPseudo), else that edge
		// (an inline host's in the content box of the block that lays
		// it out)
		sx, sy, end := 0.0, 0.0, false
		items := f.itemsOf(h)
		if o := h; !items {
			if f.inlineLevel(h) {
				o = f.widthContainer(h)
			}
			if o != nil {
				f.offset(o, o) // o laid out
			}
			if sb := f.boxes[p]; o != nil && sb != nil && sb.placed {
				ob := hr
				if o != cb {
					ob, _ = w.flowRect(o)
				}
				oe := f.hEdgesOf(o)
				sx = ob.left + oe.borL + oe.padL + sb.x - px
				sy = ob.top + f.edgeOf(o, 4) + f.edgeOf(o, 2) + f.contentDown(o) + sb.offset - py
				end = sb.known&staticEnd != 0
			}
		}
		pw, ph := hr.width-e.borL-e.borR, hr.height-f.edgeOf(cb, 4)-f.edgeOf(cb, 5)
		length := func(prop string, basis float64) (float64, bool) {
			v, _ := w.computedValue(p, prop)
			x, unit, ok := splitNumber(v)
			switch {
			case !ok:
				return 0, false
			case unit == "px" || unit == "" && x == 0:
				return x, true
			case unit == "%":
				return x / 100 * basis, true
			}
			return 0, false
		}
		edge := func(props ...string) float64 {
			s := 0.0
			for _, prop := range props {
				x, _ := length(prop, pw)
				s += x
			}
			return s
		}
		borderBox := false
		if v, _ := w.computedValue(p, "box-sizing"); v == "border-box" {
			borderBox = true
		}
		// an axis: the start inset, the end inset, the size, its margins,
		// its paddings and borders, the box's content along it, the room
		// of cb's padding box and the static position
		place := func(start, end, size string, mS, mE float64, inner, content, room, static float64, staticEnd bool) (float64, float64) {
			s, sok := length(start, room)
			en, eok := length(end, room)
			sz, zok := length(size, room)
			if zok && !borderBox {
				sz += inner
			}
			if !zok {
				if sok && eok {
					sz = room - s - en - mS - mE
				} else {
					sz = content + inner
				}
			}
			switch {
			case sok:
				return s + mS, sz
			case eok:
				return room - en - mE - sz, sz
			case staticEnd:
				return static - mE - sz, sz
			}
			return static + mS, sz
		}
		mL, mR := edge("margin-left"), edge("margin-right")
		mT, mB := edge("margin-top"), edge("margin-bottom")
		innerX := edge("padding-left", "padding-right", "border-left-width", "border-right-width")
		textW, lines := 0.0, 0.0
		if strings.TrimSpace(text) != "" {
			// its text's lines in the width its insets leave (its
			// shrink-to-fit width), or in its own width
			avail := pw - mL - mR - innerX
			for _, prop := range [...]string{"left", "right"} {
				if x, ok := length(prop, pw); ok {
					avail -= x
				}
			}
			if x, ok := length("width", pw); ok {
				avail = x
				if borderBox {
					avail -= innerX
				}
			}
			var n int
			textW, n = f.pseudoTextSize(p, text, avail)
			lines = float64(n) * f.lineHeight(p)
		}
		x, bw := place("left", "right", "width", mL, mR, innerX, textW, pw, sx, end)
		y, bh := place("top", "bottom", "height", mT, mB, edge("padding-top", "padding-bottom", "border-top-width", "border-bottom-width"), lines, ph, sy, false)
		if items {
			// a flex or grid container's: as its sole item in its
			// content box, on an axis where it has no inset
			hb := hr
			if h != cb {
				hb, _ = w.flowRect(h)
			}
			he := f.hEdgesOf(h)
			cx := hb.left + he.borL + he.padL - px
			cy := hb.top + f.edgeOf(h, 4) + f.edgeOf(h, 2) - py
			cw, ch := hb.width-he.inner(), hb.height-f.vPads(h)
			if cb == h && f.isGrid(h) {
				// its grid area: h's padding box
				cx, cy, cw, ch = 0, 0, pw, ph
			}
			dx, dy := f.soleItemShift(h, p, cw-bw-mL-mR, ch-bh-mT-mB)
			if _, ok := length("left", pw); !ok {
				if _, ok := length("right", pw); !ok {
					x = cx + dx + mL
				}
			}
			if _, ok := length("top", ph); !ok {
				if _, ok := length("bottom", ph); !ok {
					y = cy + dy + mT
				}
			}
		}
		if bw > 0 && bh > 0 {
			g := flowBounds{left: px + x, top: py + y, width: bw, height: bh}
			if m, ok := w.boxTransform(p, g); ok {
				// its own transform (accordion-js's "+" centred by
				// top: 50% and translate(0, -50%) stays inside)
				g = quadBounds(m, g)
			}
			if through != nil {
				// in a transformed box: where the transforms put it
				// (Selectr's tag remove button, moved up by half its
				// height, with its cross drawn by ::before and ::after)
				g = w.transformRect(cb, through, g, hr)
			}
			o.left = min(o.left, g.left-x0)
			o.right = max(o.right, g.left+g.width-x0)
			o.bottom = max(o.bottom, g.top+g.height-y0)
		}
	}
}

// absPseudo tells whether n has an absolutely positioned ::before or
// ::after box (pseudo), and its generated text.
func (w *Window) absPseudo(n *dom.Node, pseudo string) (string, bool) {
	sh := w.sheetsOf(n.Document())
	idx := sh.ruleIndex(pseudoKey(pseudo, "content"))
	if idx == nil || !idx.hasCandidates(n) || !w.generatesPseudo(n) {
		return "", false
	}
	best := idx.best(n)
	if best == nil {
		return "", false
	}
	content := strings.TrimSpace(best.decl.value)
	ref := pseudoRef{n, pseudo}
	if strings.Contains(content, "var(") {
		content, _ = w.computedValue(w.pseudoNode(n, pseudo), "content")
	}
	switch ascii.Lower(content) {
	case "none", "normal", "", "initial", "unset", "revert", "revert-layer", "inherit":
		return "", false
	}
	if v, ok := w.cascadedPseudo(ref, "display"); ok && ascii.Lower(strings.TrimSpace(v)) == "none" {
		return "", false
	}
	if v, ok := w.cascadedPseudo(ref, "position"); !ok || ascii.Lower(strings.TrimSpace(v)) != "absolute" {
		return "", false
	}
	return generatedText(n, content), true
}

// pseudoTextSize is how wide the lines of text, the generated text of
// pseudo-element box p, are and how many there are in a content box avail
// wide: its preserved line breaks (white-space pre, pre-wrap, pre-line,
// break-spaces: terminal.css's blockquote `::after` repeats `>\A` down
// its side) end lines, and unless white-space is pre or nowrap a line
// wider than avail wraps at its spaces (a word wider on a line of its
// own); the width is that of the widest line.
func (f *flowLayout) pseudoTextSize(p *dom.Node, text string, avail float64) (float64, int) {
	return f.textSize(p, f.w.fontOf(p), text, avail)
}

// textSize is pseudoTextSize for text in font, white-space being p's.
func (f *flowLayout) textSize(p *dom.Node, font fontMetrics, text string, avail float64) (float64, int) {
	ws, _ := f.w.computedValue(p, "white-space")
	ws = strings.TrimSpace(ws)
	breaks := ws == "pre" || ws == "pre-wrap" || ws == "pre-line" || ws == "break-spaces"
	wrap := ws != "pre" && ws != "nowrap"
	space := font.advance(" ")
	mode := f.wrapMode(p)
	var brk []int
	width, lines := 0.0, 0
	for len(text) > 0 || lines == 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); breaks && i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		a := font.advance(line)
		if !wrap || a <= avail+0.01 {
			width, lines = max(width, a), lines+1
			continue
		}
		// wrapped at its spaces and where ordinary text breaks inside
		// a word (wordBreaks: after a hyphen, between ideographs)
		x := 0.0
		lines++
		for word := range strings.FieldsSeq(line) {
			brk = append(wordBreaks(word, mode, brk[:0]), len(word))
			lead := 0.0
			if x > 0 {
				lead = space
			}
			start := 0
			for _, end := range brk {
				wa := font.advance(word[start:end])
				if x > 0 && x+lead+wa > avail+0.01 {
					width, lines, x, lead = max(width, x), lines+1, 0, 0
				}
				x += lead + wa
				start, lead = end, 0
			}
		}
		width = max(width, x)
	}
	return width, lines
}
