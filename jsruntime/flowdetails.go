package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"golang.org/x/net/html/atom"
)

// Skipped contents: a box with content-visibility: hidden keeps its
// contents from sizing it and from overflowing it (it has size, layout
// and paint containment), and so does the content slot of a closed
// details element, which Chromium's user-agent shadow tree gives
// content-visibility: hidden. The contents are still laid out where
// they would be, as Chromium lays them out when a script asks for their
// boxes (a closed panel's text has a rect below its summary).
// https://drafts.csswg.org/css-contain-2/#content-visibility
// https://html.spec.whatwg.org/multipage/rendering.html#the-details-and-summary-elements

// defaultSummary is the label of the summary Chromium's shadow tree
// shows for a details element with no summary child.
const defaultSummary = "Details"

// details lays out the children of n, a details element, as its shadow
// tree places them: its first summary child first, whatever comes before
// it (else the default summary's line), then the others in the content
// slot, a block. Closed, the slot is as tall as nothing and what its
// contents reach is left out of n's extents, but they are placed in it,
// their margins kept inside (a formatting context).
func (b *blockFlow) details(n *dom.Node) {
	f := b.f
	summary := n.FirstSummary()
	if summary != nil {
		b.child(n, summary)
	} else {
		b.text(n, defaultSummary)
	}
	b.closeLines()
	rest := func() {
		for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
			if c != summary {
				c = b.child(n, c)
			}
		}
	}
	if n.HasAttribute("open") {
		rest()
		return
	}
	y, margin, started, collapseTop, top := b.y, b.margin, b.started, b.collapseTop, b.top
	extent, lext, bext, mext := b.extent, b.lext, b.bext, b.mext
	lastBase, firstBase, hasBase := b.lastBase, b.firstBase, b.hasBase
	b.y += b.margin.size()
	b.margin, b.collapseTop = marginRun{}, false
	rest()
	b.closeLines()
	b.y, b.margin, b.started, b.collapseTop, b.top = y, margin, started, collapseTop, top
	b.extent, b.lext, b.bext, b.mext = extent, lext, bext, mext
	b.lastBase, b.firstBase, b.hasBase = lastBase, firstBase, hasBase
}

// inClosedSlot tells whether n is in the content slot of a closed details
// element: a child of it other than its first summary.
func (f *flowLayout) inClosedSlot(n *dom.Node) bool {
	p := n.ParentElement()
	return p != nil && p.Is(atom.Details) && !p.HasAttribute("open") && p.FirstSummary() != n
}

// skipsContents tells whether n skips its contents: its
// content-visibility is hidden, or auto and it is not relevant to the
// user (flowcvauto.go), and n is a box size containment applies to (not
// an inline box nor an internal table box; nor a table, as in Chromium
// 156).
func (f *flowLayout) skipsContents(n *dom.Node) bool {
	cv := f.w.computedMemo(n, "content-visibility")
	if cv != "hidden" && cv != "auto" {
		return false
	}
	switch d := f.display(n); d {
	case "none", "table", "inline-table":
		return false
	default:
		if !sizeContainable(d) {
			return false
		}
	}
	// auto: when not relevant to the user (flowcvauto.go)
	return cv == "hidden" || f.autoSkips(n)
}

// containIntrinsic is the length of n's contain-intrinsic-width or
// -height (prop), the size its contents are taken to have when they
// are skipped: 0 for none; `auto` is left out (no size is remembered
// from an earlier layout here).
// https://drafts.csswg.org/css-sizing-4/#intrinsic-size-override
func (f *flowLayout) containIntrinsic(n *dom.Node, prop string) float64 {
	px, _ := f.containIntrinsicLength(n, prop)
	return px
}

// containIntrinsicLength is the length of n's contain-intrinsic-width or
// -height (prop); ok is false for none.
func (f *flowLayout) containIntrinsicLength(n *dom.Node, prop string) (px float64, ok bool) {
	v := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(f.w.computedMemo(n, prop)), "auto"))
	if v == "" || v == "none" {
		return 0, false
	}
	return pixelsFloat(v)
}

// containedControl is the content-box width (or height, block) of a form
// control whose size is contained along that axis (sizeContainment) and
// that has a contain-intrinsic-width (or -height) length: that length.
// With none it keeps its usual size (an empty select's, in Chromium 156,
// which the controls here are taken to have anyway).
func (f *flowLayout) containedControl(n *dom.Node, block bool) (float64, bool) {
	if !formControl(n) {
		return 0, false
	}
	inline, blk := f.w.sizeContainment(n)
	if block {
		if !blk {
			return 0, false
		}
		return f.containIntrinsicLength(n, "contain-intrinsic-height")
	}
	if !inline {
		return 0, false
	}
	return f.containIntrinsicLength(n, "contain-intrinsic-width")
}
