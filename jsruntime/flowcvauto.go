package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// content-visibility: auto skips the contents of a box that is not
// relevant to the user: far from the viewport, holding no focus and no
// selection. Skipped, it is laid out as one with content-visibility:
// hidden (flowdetails.go: size containment, sized by contain-intrinsic-size,
// its contents laid out where they would be but sizing and overflowing
// nothing, left out of innerText, checkVisibility({contentVisibilityAuto:
// true}) false for them).
// https://drafts.csswg.org/css-contain-2/#content-visibility
//
// What is near the viewport is decided as Chromium 156 decides it, measured
// there: every such box starts skipped; at the first frame the boxes whose
// border box, grown on each side by 150% of the viewport's size and clipped
// by the boxes it is in, overlaps the viewport (an edge alone is not
// enough: a 300px box at 2000px in an 800px viewport stays skipped) are
// laid out with their contents, all decided on the same layout; the boxes
// that moved into range by that are shown at the next frame, and so on. A
// box shown once keeps its size when it goes far again (content-visibility:
// auto implies contain-intrinsic-size: auto, and the last remembered size
// is the size it was laid out at), so here it stays shown; one never shown
// keeps the contain-intrinsic-size fallback. The estimate has no frames:
// settleAuto finds that state whenever the page or its scroll position
// changed since it last looked, before anything is read, so a script
// reading geometry synchronously while the page loads sees the settled
// state where Chromium, before its first frame, still has every such box
// skipped.

// cvAuto is what the estimate knows of a document's content-visibility:
// auto boxes; nil until one is laid out or the sheets give the property.
type cvAuto struct {
	// shown holds the boxes found near the viewport once
	shown map[*dom.Node]bool
	// skipped holds the boxes laid out skipped, to be looked at again;
	// kept those laid out with their contents for the focus or the
	// selection they hold
	skipped, kept map[*dom.Node]bool
	// key is what the boxes were last settled at
	key cvKey
	// settling guards settleAuto against the reads it makes
	settling bool
}

// cvKey is what the content-visibility: auto boxes were settled at: the
// document's version and unrecorded changes, the sheets' builds, the
// viewport's scroll position, the focused element and the selection.
type cvKey struct {
	version, unrecorded, builds uint64
	sx, sy                      float64
	focus                       *dom.Node
	sel                         selectionState
}

func newCvAuto() *cvAuto {
	return &cvAuto{shown: map[*dom.Node]bool{}, skipped: map[*dom.Node]bool{}, kept: map[*dom.Node]bool{}}
}

// autoSkips tells whether n, whose content-visibility is auto, skips its
// contents: it was never near the viewport and holds neither the focus
// nor the selection.
func (f *flowLayout) autoSkips(n *dom.Node) bool {
	if f.doc != f.w.doc {
		return false // a frame's document: laid out with its contents, as before
	}
	cv := f.cv
	if cv == nil {
		cv = newCvAuto()
		f.cv = cv
	}
	if cv.shown[n] {
		return false
	}
	if f.w.relevantToUser(n) {
		cv.kept[n] = true
		return false
	}
	cv.skipped[n] = true
	return true
}

// relevantToUser tells whether n holds the focused element or a node of
// the selection (which keep a content-visibility: auto box shown).
// https://drafts.csswg.org/css-contain-2/#relevant-to-the-user
func (w *Window) relevantToUser(n *dom.Node) bool {
	if fo := w.focused; fo != nil && fo.IsConnected() && w.flatInclusiveAncestor(n, fo) {
		return true
	}
	s := w.sel
	if s == nil || s.r == nil || s.doc != n.Document() {
		return false
	}
	sc, ec := s.r.StartContainer(), s.r.EndContainer()
	if n.Contains(sc) || n.Contains(ec) {
		return true
	}
	// n lies between the range's start and its end
	return n.CompareDocumentPosition(sc)&dom.DocumentPositionPreceding != 0 &&
		n.CompareDocumentPosition(ec)&dom.DocumentPositionFollowing != 0
}

// flatInclusiveAncestor tells whether a is d or one of its ancestors in
// the flat tree.
func (w *Window) flatInclusiveAncestor(a, d *dom.Node) bool {
	for range maxBoxDepth {
		if d == nil {
			return false
		}
		if d == a {
			return true
		}
		d = w.flatParent(d)
	}
	return false
}

// settleAuto shows the content-visibility: auto boxes of f, the page's
// document, that are near the viewport, again until no more comes near
// (a bounded number of rounds), when the page, its sheets, its scroll
// position, the focus or the selection changed since it last did.
func (w *Window) settleAuto(f *flowLayout) {
	cv := f.cv
	root := f.doc.DocumentElement()
	if cv == nil || cv.settling || root == nil {
		return
	}
	s := w.scrolls()
	key := cvKey{version: f.doc.Version(), unrecorded: f.doc.UnrecordedChanges(), builds: f.builds, sx: s.x, sy: s.y, focus: w.focused}
	if w.sel != nil {
		key.sel = w.sel.state()
	}
	if key == cv.key {
		return
	}
	cv.settling = true
	defer func() { cv.settling = false }()
	if key.focus != cv.key.focus || key.sel != cv.key.sel {
		// what holds the focus or the selection is laid out again
		for n := range cv.skipped {
			f.dirtyPath(n)
		}
		for n := range cv.kept {
			f.dirtyPath(n)
		}
		clear(cv.kept)
	}
	vw, vh := w.viewportSize(f.doc)
	var show []*dom.Node
	for range 16 {
		f.height(root) // lays out what is not laid out
		show = show[:0]
		for n := range cv.skipped {
			if cv.shown[n] || !n.IsConnected() || n.Document() != f.doc || f.w.computedMemo(n, "content-visibility") != "auto" {
				delete(cv.skipped, n)
				continue
			}
			if f.inSkippedBox(n) {
				continue // looked at once that box is shown
			}
			if w.nearViewport(f, n, vw, vh) {
				show = append(show, n)
			}
		}
		if len(show) == 0 {
			break
		}
		for _, n := range show {
			cv.shown[n] = true
			delete(cv.skipped, n)
			f.dirtyPath(n)
		}
	}
	// the version may have moved (a box made for an anonymous run)
	key.version, key.unrecorded = f.doc.Version(), f.doc.UnrecordedChanges()
	cv.key = key
}

// inSkippedBox tells whether an ancestor of n skips its contents.
func (f *flowLayout) inSkippedBox(n *dom.Node) bool {
	for a, i := f.w.flatParent(n), 0; a != nil && i < maxBoxDepth; a, i = f.w.flatParent(a), i+1 {
		if a.IsElement() && f.skipsContents(a) {
			return true
		}
	}
	return false
}

// nearViewport tells whether n's border box, grown by 150% of the
// viewport's width and height (vw, vh) on each side and clipped by the
// boxes it is in that clip their overflow, overlaps the viewport, as
// Chromium's observer of content-visibility: auto boxes measures it.
func (w *Window) nearViewport(f *flowLayout, n *dom.Node, vw, vh float64) bool {
	tb, ok := w.clientBounds(n)
	if !ok {
		return false
	}
	dx, dy := w.scrollShift(n)
	mx, my := 1.5*vw, 1.5*vh
	r := webapi.Rect{X: tb.left - dx - mx, Y: tb.top - dy - my, W: tb.width + 2*mx, H: tb.height + 2*my}
	r, visible, _ := w.clipByAncestors(f, n, nil, r, nil)
	if !visible {
		return false
	}
	r, _ = r.Intersect(webapi.Rect{W: vw, H: vh})
	return r.W > 0 && r.H > 0
}

// inSkippedContents tells whether a flat-tree ancestor of n skips its
// contents for content-visibility: hidden, or, when auto is set, for
// content-visibility: auto (checkVisibility's contentVisibilityAuto).
// https://drafts.csswg.org/cssom-view/#dom-element-checkvisibility
func (w *Window) inSkippedContents(n *dom.Node, auto bool) bool {
	if n.Document() != w.doc {
		return false
	}
	var f *flowLayout
	for a, i := w.flatParent(n), 0; a != nil && i < maxBoxDepth; a, i = w.flatParent(a), i+1 {
		if !a.IsElement() {
			continue
		}
		switch w.computedMemo(a, "content-visibility") {
		case "hidden":
		case "auto":
			if !auto {
				continue
			}
		default:
			continue
		}
		if f == nil {
			f = w.flow() // (only asked for on pages with content-visibility)
		}
		if f.skipsContents(a) {
			return true
		}
	}
	return false
}

// skipsAutoContents is the document's SkipsAutoContents: whether el, of
// content-visibility auto, skips its contents once the boxes near the
// viewport are shown.
func (w *Window) skipsAutoContents(el *dom.Node) bool {
	if el.Document() != w.doc {
		return false
	}
	return w.flow().skipsContents(el)
}

// mayGiveAuto tells whether one of rules, the sheets' declarations of
// content-visibility, may give auto: anything but hidden and visible (a
// var() or a CSS-wide keyword may), so that a page whose sheets only hide
// and show contents (daisyUI's collapse) does not settle.
func mayGiveAuto(rules []cssRule) bool {
	for _, r := range rules {
		v := strings.TrimSpace(r.decl.value)
		if !ascii.EqualFold(v, "hidden") && !ascii.EqualFold(v, "visible") {
			return true
		}
	}
	return false
}
