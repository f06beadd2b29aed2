package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// gridAbsParent is the grid container that holds n, an absolutely
// positioned or fixed box, as its containing block and its parent (a
// transform makes it hold fixed boxes), nil when there
// is none: its containing block is then the grid area its grid-row and
// grid-column lines name.
// https://drafts.csswg.org/css-grid-2/#abspos-items
func (f *flowLayout) gridAbsParent(n *dom.Node) *dom.Node {
	p := f.w.flatParent(n)
	if p == nil {
		return nil
	}
	switch f.pos(n) {
	case "absolute":
		if f.containingBlock(n) != p {
			return nil
		}
	case "fixed":
		if f.fixedContainingBlock(n) != p {
			return nil
		}
	default:
		return nil
	}
	if d := f.display(p); d != "grid" && d != "inline-grid" {
		return nil
	}
	if f.gridUsed[p] == nil {
		return nil // not laid out yet
	}
	return p
}

// gridAbsSpan is where the grid area of n, an absolutely positioned child
// of the grid container p, starts on one axis (columns, else rows) from
// the start of p's padding box, and how long it is, the padding box
// being size long: each of its lines where grid-*-start and grid-*-end
// name one of the grid's lines (a span counted from the other side),
// else (auto, or a line outside the grid) the padding edge. The area
// holds the gaps between its tracks, not those at its edges.
func (f *flowLayout) gridAbsSpan(n, p *dom.Node, columns bool, size float64) (start, length float64) {
	t := f.gridUsed[p]
	var sizes []float64
	prop, template, gapProp := "grid-row", "grid-template-rows", "row-gap"
	pad := f.edgeOf(p, 2)
	if columns {
		sizes = t.cols
		prop, template, gapProp = "grid-column", "grid-template-columns", "column-gap"
		pad = f.hEdgesOf(p).padL
	} else {
		sizes = t.rows
	}
	explicit := len(f.gridTrackList(p, template, -1, nil))
	if explicit == 0 && len(f.flexItems(p, nil)) == 0 {
		sizes = nil // no tracks (the one an empty grid fills is none)
	}
	if sizes == nil {
		// no row was laid out (no items): the explicit tracks' sizes
		for _, tr := range f.gridTrackList(p, template, -1, nil) {
			if tr.auto || tr.fr > 0 {
				sizes = append(sizes, tr.min)
			} else {
				sizes = append(sizes, tr.size)
			}
		}
	}
	n0 := len(sizes)
	gap := f.gap(p, gapProp)
	ax := gridAxisLines{tracks: explicit}
	a, aSpan, aOK := f.gridAbsLine(n, p, &ax, prop+"-start", true)
	b, bSpan, bOK := f.gridAbsLine(n, p, &ax, prop+"-end", false)
	switch {
	case aOK && bOK:
		if b < a {
			a, b = b, a
		}
		if b == a {
			b = a + 1
		}
	case aOK && bSpan > 0:
		b, bOK = a+bSpan, true
	case bOK && aSpan > 0:
		a, aOK = b-aSpan, true
	}
	// a line outside the grid is auto
	aOK = aOK && a >= 0 && a <= n0
	bOK = bOK && b >= 0 && b <= n0
	lineAt := func(l int, isStart bool) float64 {
		x := pad
		for i := 0; i < l && i < n0; i++ {
			x += sizes[i]
		}
		gaps := l - 1 // an end line: the gaps before its track
		if isStart {
			gaps = min(l, n0-1)
		}
		return x + gap*float64(max(gaps, 0))
	}
	end := size
	if aOK {
		start = lineAt(a, true)
	}
	if bOK {
		end = lineAt(b, false)
	}
	return start, max(end-start, 0)
}

// gridAbsLine reads n's grid line property prop (a grid-row or
// grid-column start or end) as a line of p's grid (0 its first line,
// perhaps outside the grid): ok when it names one, span when it is a
// span.
func (f *flowLayout) gridAbsLine(n, p *dom.Node, ax *gridAxisLines, prop string, isStart bool) (line, span int, ok bool) {
	v, _ := f.w.cascaded(n, prop)
	v = strings.TrimSpace(v)
	switch v {
	case "", "auto", "initial", "unset", "inherit", "revert", "revert-layer":
		return 0, 0, false
	}
	if k, err := strconv.Atoi(v); err == nil {
		switch {
		case k > 0:
			line = k - 1
		case k < 0:
			line = ax.tracks + 1 + k
		default:
			return 0, 0, false
		}
		return line, 0, true
	}
	if gridLineHasName(v) && ax.names == nil {
		template := "grid-template-rows"
		if strings.HasPrefix(prop, "grid-column") {
			template = "grid-template-columns"
		}
		ax.names = f.gridLineNames(p, template)
	}
	s := ax.parse(v, isStart)
	if s.span > 0 {
		return 0, s.span, false
	}
	return s.line, 0, s.definite
}

// gridAbsSelf is how c, an absolutely positioned child of the grid
// container g, is aligned along g's rows (inline, by justify-self, else
// g's justify-items) or columns (align-self, else align-items), in its
// grid area when g is its containing block, else for its static
// position as g's sole item in g's content box: stretch and normal
// keep it at the start (Chromium 156 sizes it by its content), a first
// baseline falls back to the start and a last one to the end.
// https://drafts.csswg.org/css-align-3/#justify-abspos
func (f *flowLayout) gridAbsSelf(g, c *dom.Node, inline bool) string {
	self, items := f.hStyleOf(c).alignSelf, "align-items"
	if inline {
		self, items = f.hStyleOf(c).justifySelf, "justify-items"
	}
	if self == "auto" || self == "" {
		self, _ = f.cascadedKeyword(g, items)
		self = strings.TrimPrefix(self, "legacy")
	}
	return staticSelf(strings.TrimSpace(self))
}

// isGrid tells whether n is a grid container.
func (f *flowLayout) isGrid(n *dom.Node) bool {
	d := f.display(n)
	return d == "grid" || d == "inline-grid"
}
