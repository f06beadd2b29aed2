package jsruntime

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// Hit testing for elementFromPoint and elementsFromPoint
// (https://drafts.csswg.org/cssom-view/#dom-document-elementsfrompoint),
// over the flow estimate's boxes: the elements whose border box (as
// getBoundingClientRect gives it) holds the point, topmost first, in an
// approximation of CSS's painting order: a higher z-index of the nearest
// positioned ancestor-or-self that has one, then positioned boxes above
// the flow, then later in the flat tree above earlier. The root element
// is hit at any point of the viewport, as the canvas it paints. Elements
// with pointer-events: none or visibility: hidden are not hit themselves
// (their descendants may be), nor are display: contents ones (slots by
// default). The walk follows the flat tree (flattree.go), as the flow
// estimate does. Boxes are as exact as the estimate is:
// the point of a page laid out with explicit sizes and positions hits
// what Chromium hits; text runs and floats are approximate.

// hitEntry is one element a point hits, with its place in painting order.
type hitEntry struct {
	n          *dom.Node
	level      int  // the z-index of its stacking level
	positioned bool // it or an ancestor in that level is positioned
	order      int  // flat tree order
}

// hitWalk is the state of one hit test's walk of the flat tree.
type hitWalk struct {
	w     *Window
	f     *flowLayout
	x, y  float64
	order int
	hits  []hitEntry
}

// elementsAt returns the elements of w's document hit at viewport point
// (x, y), topmost first, retargeted to root's tree (a document or shadow
// root) without repeats; none for a point outside the viewport.
func (w *Window) elementsAt(root *dom.Node, x, y float64) []*dom.Node {
	vw, vh := float64(w.cfg.Viewport.Width), float64(w.cfg.Viewport.Height)
	if x < 0 || y < 0 || x >= vw || y >= vh || x != x || y != y {
		return nil
	}
	doc := w.doc
	top := doc.DocumentElement()
	if top == nil {
		return nil
	}
	w.flushStyle() // cssanim.go: the boxes of the current styles
	hw := &hitWalk{w: w, f: w.flow(), x: x, y: y}
	hw.walk(top, 0, false)
	slices.SortStableFunc(hw.hits, func(a, b hitEntry) int {
		switch {
		case a.level != b.level:
			return b.level - a.level
		case a.positioned != b.positioned:
			if a.positioned {
				return -1
			}
			return 1
		}
		return b.order - a.order
	})
	var out []*dom.Node
	seen := map[*dom.Node]bool{}
	add := func(n *dom.Node) {
		if t := retargetAgainst(n, root); t.Kind() == dom.ElementNode && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, h := range hw.hits {
		if h.n != top {
			add(h.n)
		}
	}
	add(top) // the canvas: every point of the viewport
	return out
}

// walk visits el and its descendants in the flat tree: a host's shadow
// tree, and the nodes assigned to its slots where the slots are; the
// answer is retargeted to the tree asked (elementsAt).
func (hw *hitWalk) walk(el *dom.Node, level int, positioned bool) {
	w := hw.w
	if w.display(el) == "none" {
		return
	}
	hw.order++
	order := hw.order
	pos, _ := w.computedValue(el, "position")
	if pos != "" && pos != "static" {
		positioned = true
		if z, ok := w.computedValue(el, "z-index"); ok && z != "auto" {
			if n, err := strconv.Atoi(strings.TrimSpace(z)); err == nil {
				level = n
			}
		}
	}
	if w.display(el) != "contents" && hw.hit(el) { // (no box of its own: a slot's by default)
		hw.hits = append(hw.hits, hitEntry{n: el, level: level, positioned: positioned, order: order})
	}
	if hw.f.skipsContents(el) {
		return // content-visibility: its contents are not hit (flowcvauto.go)
	}
	for c := w.flatFirst(el); c != nil; c = w.flatNext(c) {
		if c.Kind() == dom.ElementNode {
			hw.walk(c, level, positioned)
		}
	}
}

// hit reports whether el's border box holds the point and el takes hits.
func (hw *hitWalk) hit(el *dom.Node) bool {
	w := hw.w
	g, ok := w.clientBounds(el)
	if !ok || g.width <= 0 || g.height <= 0 {
		return false
	}
	dx, dy := w.scrollShift(el)
	left, top := g.left-dx, g.top-dy
	if hw.x < left || hw.x >= left+g.width || hw.y < top || hw.y >= top+g.height {
		return false
	}
	if v, _ := w.computedValue(el, "pointer-events"); v == "none" {
		return false
	}
	if w.inertByAttr(el) {
		return false // inert: as pointer-events: none, the computed value unchanged
	}
	if v, _ := w.computedValue(el, "visibility"); v == "hidden" || v == "collapse" {
		return false
	}
	return true
}

// pointArgs converts elementFromPoint's (double x, double y), throwing
// Web IDL's TypeError for a non-finite one.
func pointArgs(w *Window, iface, method string, args []goja.Value) (x, y float64) {
	x, y = bind.Double(bind.Arg(args, 0)), bind.Double(bind.Arg(args, 1))
	if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
		w.realm.ThrowTypeError("Failed to execute '%s' on '%s': The provided double value is non-finite.", method, iface)
	}
	return x, y
}

// hitRoot returns the document or shadow root n's hit tests answer for,
// nil when n is not of the page's document (no boxes there).
func hitRoot(w *Window, n *dom.Node) *dom.Node {
	if n.Document() != w.doc {
		return nil
	}
	return n
}

// retargetAgainst is the DOM standard's retargeting of a against b
// (https://dom.spec.whatwg.org/#retarget): a, or the host of the shadow
// tree a is in, repeatedly, until a's root is no shadow root or is a
// shadow-including inclusive ancestor of b.
func retargetAgainst(a, b *dom.Node) *dom.Node {
	for {
		r := a.Root()
		if !r.IsShadowRoot() || shadowIncludingAncestor(r, b) { // events.go
			return a
		}
		a = r.Host()
	}
}

func jsElementFromPoint(iface string) func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	return func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		x, y := pointArgs(w, iface, "elementFromPoint", args)
		if r := hitRoot(w, n); r != nil {
			if hits := w.elementsAt(r, x, y); len(hits) > 0 {
				return w.wrap(hits[0])
			}
		}
		return w.null
	}
}

func jsElementsFromPoint(iface string) func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	return func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		x, y := pointArgs(w, iface, "elementsFromPoint", args)
		var out []any
		if r := hitRoot(w, n); r != nil {
			for _, h := range w.elementsAt(r, x, y) {
				out = append(out, w.wrap(h))
			}
		}
		return w.rt.NewArray(out...)
	}
}
