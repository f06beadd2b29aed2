package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// An inline box with nothing of its own to paint or to place has no box
// fragments in Chromium 156 (a "culled" inline): its getClientRects() are
// those of what it holds, in tree order: a rect for each line fragment of
// its text (as a Range over the text gives them), the rects of the boxes
// inside it (a culled one's own children in its place), none for the
// floats and the absolutely positioned boxes in it. An inline box has
// fragments of its own (one rect a line) when it has a margin, a border
// or a padding on any side, a visible background, an outline, a shadow,
// an effect (opacity, filter, backdrop-filter, mix-blend-mode, isolation,
// clip-path, mask) or a position; also when a box on its lines aligns
// other than with it: an atomic inline in it, or an inline box in it
// whose font's ascent or descent (rounded, as a line measures them)
// differ from its own or whose vertical-align is not baseline. An inline
// box with no content has a fragment (its zero-width rect).
// getBoundingClientRect() stays the union of the fragments of its lines
// (flowgeom.go).

// culledRects are the getClientRects() of n, in viewport coordinates,
// when n is an inline box with no fragments of its own (see above); nil
// for any other box, and when its content gives no rect.
func (w *Window) culledRects(n *dom.Node) []flowBounds {
	if !n.IsElement() || n.Document() != w.doc || !w.hasFlow(n.Document()) {
		return nil
	}
	f := w.flowOf(n.Document())
	if f == nil || f.inModes(n) || !w.culledInline(f, n) {
		return nil
	}
	g, ok := w.clientBounds(n)
	_, r, _ := w.geometry(n)
	if !ok || g.width != r.width || g.height != r.height {
		return nil // scaled or rotated: its bounding box only
	}
	// the text is placed untransformed: move it as the transforms of
	// the boxes n is in translate n; and on the line's baseline, where
	// n's fragments are (the estimate places each text in the middle of
	// its own line height)
	_, dy := w.scrollShift(n)
	cc := culledCtx{f: f, tx: g.left - r.left, ty: g.top - r.top, laid: make(map[*dom.Node]map[*dom.Node]*textRec)}
	if frags := w.fragmentRects(n); frags != nil {
		for _, fr := range frags {
			cc.tops = append(cc.tops, fr.top-dy)
		}
	} else {
		cc.tops = append(cc.tops, g.top-dy)
	}
	out := w.culledContent(&cc, n, nil, 0)
	if len(out) == 0 {
		return nil
	}
	return out
}

// culledCtx is what culledContent needs: the tops of the lines of the
// culled box (viewport coordinates), the translation of its text, the
// containers laid out again for their text.
type culledCtx struct {
	f      *flowLayout
	tx, ty float64
	tops   []float64
	laid   map[*dom.Node]map[*dom.Node]*textRec
}

// culledContent appends the rects of the content of n, a culled inline
// box (or an element with no box of its own, display: contents), to out.
func (w *Window) culledContent(cc *culledCtx, n *dom.Node, out []flowBounds, depth int) []flowBounds {
	if depth > maxFlowDepth {
		return out
	}
	f := cc.f
	for c := w.flatFirst(n); c != nil; c = w.flatNext(c) {
		if c.Kind() == dom.TextNode {
			k := len(out)
			out = w.textRects(c, 0, utf16Len(c.Data), out, cc.laid)
			for i := k; i < len(out); i++ {
				r := &out[i]
				r.left += cc.tx
				r.top += cc.ty
				r.width = snapWidth(r.width) // a text item's width
				best, t0 := math.Inf(1), r.top
				for _, t := range cc.tops {
					if d := math.Abs(t - t0); d < best && d < r.height/2 {
						best = d
						r.top = t
					}
				}
			}
			continue
		}
		if !c.IsElement() {
			continue
		}
		cb := f.box(c)
		switch {
		case f.skippedBox(c, cb) || cb.float && f.displayOfBox(c, cb) != "contents":
			// out of the line: not on n's lines
		case f.displayOfBox(c, cb) == "contents":
			out = w.culledContent(cc, c, out, depth+1)
		case f.inlineLevelBox(c, cb) && !f.atomicBox(c, cb) && w.culledInline(f, c):
			k := len(out)
			out = w.culledContent(cc, c, out, depth+1)
			if len(out) == k {
				out = w.ownRects(c, out) // empty: its zero-width fragment
			}
		default:
			out = w.ownRects(c, out)
		}
	}
	return out
}

// ownRects appends the rects of c, a box with fragments of its own, to
// out in viewport coordinates: one a line for an inline box over several
// lines, else its border box.
func (w *Window) ownRects(c *dom.Node, out []flowBounds) []flowBounds {
	dx, dy := w.scrollShift(c)
	if frags := w.fragmentRects(c); frags != nil {
		for _, g := range frags {
			out = append(out, flowBounds{left: g.left - dx, top: g.top - dy, width: g.width, height: g.height})
		}
		return out
	}
	if g, ok := w.clientBounds(c); ok {
		out = append(out, flowBounds{left: g.left - dx, top: g.top - dy, width: g.width, height: g.height})
	}
	return out
}

// culledInline tells whether n, an inline box, has no box fragments of
// its own (see above).
func (w *Window) culledInline(f *flowLayout, n *dom.Node) bool {
	b := f.box(n)
	if f.displayOfBox(n, b) != "inline" || !f.inlineLevelBox(n, b) || f.atomicBox(n, b) || f.w.flatFirst(n) == nil {
		return false
	}
	if e := f.hEdgesOfBox(n, b); e.marL != 0 || e.marR != 0 || e.padL != 0 || e.padR != 0 || e.borL != 0 || e.borR != 0 {
		return false
	}
	for i := 0; i < 6; i++ {
		if f.edgeOfBox(n, b, i) != 0 {
			return false
		}
	}
	if p := f.posOfBox(n, b); p == "relative" || p == "sticky" {
		return false // a containing block (absolute and fixed are blockified)
	}
	style := func(prop string) string { return w.computedMemo(n, prop) }
	if bg := style("background-color"); bg != "rgba(0, 0, 0, 0)" && bg != "transparent" {
		return false
	}
	if style("outline-style") != "none" && style("outline-width") != "0px" {
		return false
	}
	for _, p := range [...]string{"background-image", "box-shadow", "filter", "backdrop-filter", "clip-path", "mask-image"} {
		if v := style(p); v != "none" && v != "" {
			return false
		}
	}
	if style("opacity") != "1" || style("mix-blend-mode") != "normal" || style("isolation") == "isolate" {
		return false
	}
	if v := style("anchor-name"); v != "none" && v != "" {
		return false
	}
	// what it holds on its lines aligns with it
	m := f.font(n)
	asc, desc := m.ascent(), m.descent()
	for c := w.flatFirst(n); c != nil; c = w.flatNext(c) {
		if !c.IsElement() {
			continue
		}
		cb := f.box(c)
		if f.skippedBox(c, cb) || cb.float || !f.inlineLevelBox(c, cb) && !f.atomicBox(c, cb) {
			continue
		}
		if f.atomicBox(c, cb) {
			return false
		}
		if f.displayOfBox(c, cb) == "contents" {
			continue
		}
		if va := strings.TrimSpace(w.computedMemo(c, "vertical-align")); va != "baseline" {
			return false
		}
		if cm := f.font(c); cm.ascent() != asc || cm.descent() != desc {
			return false
		}
	}
	return true
}
