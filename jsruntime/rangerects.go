package jsruntime

import (
	"math"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
)

// A Range's getClientRects() and getBoundingClientRect() (CSSOM View
// 6.1), as Chromium 148 gives them: in tree order, the border box of each
// element the range selects whole whose parent it does not (the element's
// getClientRects()) and,
// for each text node it selects part or all of, one rect per line
// fragment of the selected characters, as tall as the font's content area
// (its ascent and descent rounded, 17 px for 16px Liberation Serif on an
// 18 px line) and placed in the line by half the leading. A range
// collapsed in a text node has a zero-width rect at the caret; one
// collapsed between elements has none.
// https://drafts.csswg.org/cssom-view/#dom-range-getclientrects
//
// The text's place comes from the flow estimate: its container (the block
// whose lines it is on) is laid out once more with f.texts set, and the
// blockFlow records the line fragments of each text node (the laid-out,
// white-space collapsed text, where each fragment starts and on which
// line), moved with the line's alignment; the x of a character is the
// fragment's start plus the advance of the text before it.

// textRec is where a text node lies on its container's lines.
type textRec struct {
	// text is the text as laid out (white space collapsed unless pre), in
	// the font m, on lines at least lineHeight high
	text       string
	m          fontMetrics
	lineHeight float64
	pre        bool
	frags      []*textFrag
	// wm is its container's writing mode; in a vertical one the rects
	// are mapped to physical ones in a content box pw by ph (textPlace)
	wm     writingMode
	pw, ph float64
	// ix and iy are where the anonymous item holding the text lies in
	// its container's content box, logically (inline, block), in a
	// vertical mode (textPlace)
	ix, iy float64
}

// textFrag is the part text[i0:i1] of a text node on one line: box.x is
// its left in its container's content box (box.bw its width, moved by
// endLine as the boxes of an aligned line are), sp0 the spaces on the line
// before it; the line is the line-th (from 1) of the run of lines that
// started at y, lineH high (set when the lines close), its text lowered
// by down.
type textFrag struct {
	i0, i1 int
	x0     float64
	sp0    int
	line   int
	y      float64
	lineH  float64
	// down is how far below the line's top its baseline is lowered by
	// the atomic inlines on it (a tag taller than the text)
	down float64
	box  flowBox
	// hangs tells that its last character is a space at the end of its
	// line, which its rect leaves out
	hangs bool
}

// openFrag starts a fragment of the text being recorded at text index at,
// where the open line is.
func (b *blockFlow) openFrag(at int) {
	b.rec.frags = append(b.rec.frags, &textFrag{i0: at, x0: b.x, sp0: b.lineSpaces, line: max(b.lines, 1), y: b.y})
}

// closeFrag ends the open fragment at text index at, before the line ends:
// it is placed on the line (aligned with it) unless empty and followed by
// more text.
func (b *blockFlow) closeFrag(at int) {
	r := b.rec
	fr := r.frags[len(r.frags)-1]
	fr.i1 = max(at, fr.i0)
	if fr.i1 == fr.i0 && at < len(r.text) {
		r.frags = r.frags[:len(r.frags)-1]
		return
	}
	fr.box.x, fr.box.bw = b.lineL+fr.x0, max(b.x-fr.x0, 0)
	fr.lineH = b.lineH
	if b.afterSpace && b.spaceX >= fr.box.x {
		// its space hangs if the line ends after it
		b.hang = append(b.hang, hangBox{x: &fr.box.x, bw: &fr.box.bw, spaceX: b.spaceX, hung: &fr.hangs})
	}
	b.onLine(&fr.box.x, &fr.box.bw, fr.sp0)
	b.frags = append(b.frags, fr)
}

// textIndex maps a DOM offset in data (UTF-16 code units) to the index in
// the laid-out text rec.text: runs of collapsible white space are one
// space (none at the start when the laid-out text does not start with
// one).
func (r *textRec) textIndex(data string, offset int) int {
	units, i := 0, 0
	for i < len(data) && units < offset {
		c, size := utf8.DecodeRuneInString(data[i:])
		units += utf16.RuneLen(c)
		if units > offset { // inside a surrogate pair
			break
		}
		i += size
	}
	if r.pre {
		return min(i, len(r.text))
	}
	// collapse data[:i] as text() does
	j, space := 0, !(len(r.text) > 0 && r.text[0] == ' ')
	for k := 0; k < i; k++ {
		if ascii.IsSpace(data[k]) {
			if !space {
				j++
				space = true
			}
			continue
		}
		space = false
		j++
	}
	return min(j, len(r.text))
}

// textContainer is the block container whose lines the text node t is on:
// its parent, or the first ancestor that is not an inline box.
func (f *flowLayout) textContainer(t *dom.Node) *dom.Node {
	c := f.w.flatParent(t)
	for c != nil && f.inlineLevel(c) && !f.atomic(c) {
		c = f.w.flatParent(c)
	}
	return c
}

// textPlace lays out again the container of the text node t (once per
// call of its caller: laid holds what each container laid out recorded)
// and returns where t lies on its lines: its record and the viewport
// position of its container's content box (scrolled).
func (w *Window) textPlace(t *dom.Node, laid map[*dom.Node]map[*dom.Node]*textRec) (rec *textRec, left, top float64, ok bool) {
	if !t.IsConnected() || t.Document() != w.doc {
		return nil, 0, 0, false
	}
	f := w.flow()
	c := f.textContainer(t)
	if c == nil {
		return nil, 0, 0, false
	}
	cr, ok := w.flowRect(c)
	if !ok {
		return nil, 0, 0, false
	}
	for a := w.flatParent(t); a != c && a != nil; a = w.flatParent(a) {
		if f.display(a) == "none" {
			return nil, 0, 0, false
		}
	}
	f.layout(c)
	// the lines are c's, or those of the anonymous item of c, a flex or
	// grid container, that holds t: placed in c as its items are
	lines := c
	var ix, iy float64
	if f.itemsOf(c) {
		s := f.anonItemHolding(c, t)
		if s == nil {
			return nil, 0, 0, false
		}
		sb := f.box(s)
		lines, ix, iy = s, sb.x, sb.offset
	}
	texts, done := laid[lines]
	if !done {
		// lay the content out again, recording where its text goes
		f.texts = make(map[*dom.Node]*textRec)
		// beside the floats that reached into it when it was laid out
		// (its parent's, placed before it): its lines move past them
		// as they did then
		var ctx *floatCtx
		if fl := f.box(lines).flt; fl != nil && len(fl.in) > 0 && !f.establishesContext(lines) {
			ctx = f.newFloatCtx()
			for _, fb := range fl.in {
				ctx.add(fb)
			}
			f.fctx, f.fctxFor, f.fox, f.foy = ctx, lines, 0, 0
		}
		f.depth++
		f.layoutContent(lines)
		f.depth--
		if ctx != nil {
			f.releaseFloatCtx(ctx)
		}
		texts, f.texts = f.texts, nil
		laid[lines] = texts
	}
	rec = texts[t]
	if rec == nil || len(rec.frags) == 0 {
		return nil, 0, 0, false
	}
	e := f.hEdgesOf(c)
	left = cr.left + e.padL + e.borL + ix
	top = cr.top + f.edgeOf(c, 4) + f.edgeOf(c, 2) + f.contentDown(c) + iy
	if rec.wm = f.modeOf(c); f.inModes(c) {
		// its content box on the physical sides (flowvertical.go)
		pad, bor := f.physEdges(c)
		left, top = cr.left+pad[3]+bor[3], cr.top+pad[0]+bor[0]
		rec.pw = cr.width - pad[1] - bor[1] - pad[3] - bor[3]
		rec.ph = cr.height - pad[0] - bor[0] - pad[2] - bor[2]
		rec.ix, rec.iy = ix, iy
	}
	dx, dy := w.scrollShift(c)
	if len(w.scroll.els) > 0 && w.scroll.els[c] != nil {
		x, y := w.elementScroll(c)
		dx, dy = dx+x, dy+y
	}
	return rec, left - dx, top - dy, true
}

// contentHeight is the height of the font's content area of rec's text
// (its ascent and descent rounded), what a caret or selected text covers.
func (rec *textRec) contentHeight() float64 {
	m := rec.m
	if face := m.face; face != nil && face.unitsPerEm > 0 {
		scale := m.size / face.unitsPerEm
		return math.Round(face.ascent*scale) + math.Round(face.descent*scale)
	}
	return rec.lineHeight
}

// textRects are the rects in viewport coordinates of the characters
// [start, end) (DOM offsets) of the text node t, one per line fragment; a
// collapsed pair gives the caret's zero-width rect.
// laid holds what the containers laid out again in this call recorded
// (one layout of each, however many of its text nodes the range holds).
func (w *Window) textRects(t *dom.Node, start, end int, out []flowBounds, laid map[*dom.Node]map[*dom.Node]*textRec) []flowBounds {
	rec, left, top, ok := w.textPlace(t, laid)
	if !ok {
		return out
	}
	m := rec.m
	height := rec.contentHeight()
	i0, i1 := rec.textIndex(t.Data, start), rec.textIndex(t.Data, end)
	for k, fr := range rec.frags {
		last := k == len(rec.frags)-1
		if i1 < fr.i0 || i0 > fr.i1 || i0 == fr.i1 && i1 > i0 && !last {
			continue
		}
		if i0 == i1 && i0 == fr.i1 && !last && rec.frags[k+1].i0 == i0 {
			continue // a caret at a line's end is at the next line's start
		}
		a, z := max(i0, fr.i0), min(i1, fr.i1)
		if fr.hangs && z == fr.i1 && z > a && rec.text[z-1] == ' ' {
			z--
		}
		// the pairs a and z split: Chromium's glyph advances hold the
		// kerning with the character after, so a range ending before a
		// space it kerns with is that much narrower (Arial "A " ends
		// 0.875px early at 16px) and one starting after a space that
		// kerns with its first character starts early. Chromium takes
		// the rect in layout units from the fragment's start, its left
		// rounded down and its right up (enclosing the glyphs' float
		// positions).
		start := m.advance(rec.text[fr.i0:a]) + rec.kernAt(fr, a)
		end := floorUnit(start) // (a caret: no width)
		if z > a {
			end = max(snapWidth(start+m.advance(rec.text[a:z])+rec.kernAt(fr, z)), end)
		}
		start = floorUnit(start)
		x, width := fr.box.x+start, end-start
		lineTop := fr.y + float64(fr.line-1)*fr.lineH + fr.down
		y := lineTop + math.Floor((rec.lineHeight-height)/2)
		if rec.wm == wmVerticalLR {
			// the line's over side, where the half-leading is floored
			// from, is its block end (the right) in vertical-lr too
			y = lineTop + rec.lineHeight - height - math.Floor((rec.lineHeight-height)/2)
		}
		if rec.wm.vertical() {
			px, py, pw, ph := rec.wm.toPhysical(x+rec.ix, y+rec.iy, width, height, rec.pw, rec.ph)
			out = append(out, flowBounds{left: left + px, top: top + py, width: pw, height: ph})
			continue
		}
		out = append(out, flowBounds{left: left + x, top: top + y, width: width, height: height})
		if nl := fr.i1; rec.pre && nl < len(rec.text) && rec.text[nl] == '\n' && i0 <= nl && nl < i1 {
			// a preserved newline selected: a zero-width rect where its
			// line ends
			out = append(out, flowBounds{left: left + fr.box.x + m.advance(rec.text[fr.i0:nl]), top: top + y, height: height})
		}
	}
	return out
}

// kernAt is the kerning of the pair of characters of fr that text index
// k splits (0 at its ends): the part of the first one's advance, as
// Chromium places glyphs, that text measured up to k leaves out.
func (rec *textRec) kernAt(fr *textFrag, k int) float64 {
	if k <= fr.i0 || k >= fr.i1 {
		return 0
	}
	a, _ := utf8.DecodeLastRuneInString(rec.text[fr.i0:k])
	b, _ := utf8.DecodeRuneInString(rec.text[k:fr.i1])
	if a == '\n' || a == '\t' || b == '\n' || b == '\t' {
		return 0
	}
	return rec.m.pairKern(a, b)
}

// rangeRects are the rects of r's getClientRects() (see above).
func (w *Window) rangeRects(r *dom.Range) []flowBounds {
	sc, so, ec, eo := r.StartContainer(), r.StartOffset(), r.EndContainer(), r.EndOffset()
	if sc.Document() != w.doc || !sc.IsConnected() {
		return nil
	}
	var out []flowBounds
	laid := make(map[*dom.Node]map[*dom.Node]*textRec)
	if sc == ec && isTextData(sc) {
		if sc.Kind() == dom.TextNode {
			out = w.textRects(sc, so, eo, out, laid)
		}
		return out
	}
	// the first node in the range, and the one after its last
	first := sc
	if !isTextData(sc) {
		if c := sc.ChildAt(so); c != nil {
			first = c
		} else {
			first = nextSkipping(sc)
		}
	}
	stop := ec
	if !isTextData(ec) {
		if c := ec.ChildAt(eo); c != nil {
			stop = c
		} else {
			stop = nextSkipping(ec)
		}
	} else {
		stop = nextNode(ec)
	}
	for n := first; n != nil && n != stop; n = nextNode(n) {
		switch {
		case n.Kind() == dom.TextNode:
			s, e := 0, utf16Len(n.Data)
			if n == sc {
				s = so
			}
			if n == ec {
				e = eo
			}
			out = w.textRects(n, s, e, out, laid)
		case n.IsElement() && r.ContainsNode(n) && (n.ParentNode() == nil || !r.ContainsNode(n.ParentNode())):
			// an element selected whole whose parent is not
			if g, ok := w.clientBounds(n); ok {
				dx, dy := w.scrollShift(n)
				g.left, g.top = g.left-dx, g.top-dy
				out = append(out, g)
			}
		}
	}
	return out
}

func isTextData(n *dom.Node) bool {
	k := n.Kind()
	return k == dom.TextNode || k == dom.CommentNode || k == dom.ProcessingInstructionNode
}

// nextNode is the node after n in tree order.
func nextNode(n *dom.Node) *dom.Node {
	if c := n.First(); c != nil {
		return c
	}
	return nextSkipping(n)
}

// nextSkipping is the node after n and its descendants in tree order.
func nextSkipping(n *dom.Node) *dom.Node {
	for a := n; a != nil; a = a.ParentNode() {
		if s := a.Next(); s != nil {
			return s
		}
	}
	return nil
}

func utf16Len(s string) int {
	n := 0
	for _, c := range s {
		n += utf16.RuneLen(c)
	}
	return n
}

// rangeClientRects is Range.getClientRects().
func (w *Window) rangeClientRects(r *dom.Range) goja.Value {
	rects := w.rangeRects(r)
	vals := make([]goja.Value, len(rects))
	for i, g := range rects {
		vals[i] = w.realm.WrapObject(&rectImpl{x: g.left, y: g.top, w: g.width, h: g.height}, w.realm.Class("DOMRect"))
	}
	return w.domRectList(vals...)
}

// rangeBoundingRect is Range.getBoundingClientRect(): the union of the
// rects that are not empty, else the first one (a caret), else an empty
// rect.
func (w *Window) rangeBoundingRect(r *dom.Range) goja.Value {
	rects := w.rangeRects(r)
	var u flowBounds
	found := false
	for _, g := range rects {
		if g.width == 0 && g.height == 0 {
			continue
		}
		if !found {
			u, found = g, true
			continue
		}
		l, t := min(u.left, g.left), min(u.top, g.top)
		rr, bb := max(u.left+u.width, g.left+g.width), max(u.top+u.height, g.top+g.height)
		u = flowBounds{left: l, top: t, width: rr - l, height: bb - t}
	}
	if !found && len(rects) > 0 {
		u = rects[0]
	}
	return w.realm.WrapObject(&rectImpl{x: u.left, y: u.top, w: u.width, h: u.height}, w.realm.Class("DOMRect"))
}
