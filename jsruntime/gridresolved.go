package jsruntime

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
)

// usedTracks are the sizes of a grid container's column and row tracks
// in its latest layout by the flow estimate.
type usedTracks struct {
	cols, rows []float64
}

// keepTracks records the sizes of n's column (or, for rows, row) tracks.
func (f *flowLayout) keepTracks(n *dom.Node, sizes []float64, rows bool) {
	if f.gridUsed == nil {
		f.gridUsed = make(map[*dom.Node]*usedTracks)
	}
	t := f.gridUsed[n]
	if t == nil {
		t = &usedTracks{}
		f.gridUsed[n] = t
	}
	if rows {
		t.rows = append(t.rows[:0], sizes...)
	} else {
		t.cols = append(t.cols[:0], sizes...)
	}
}

// resolvedTrackList is getComputedStyle's grid-template-columns (or rows)
// of el, whose computed value is v: for an element that generates a grid
// container, every track's used size in px, implicit ones included, as
// Chromium gives them (`repeat(4, minmax(0px, 1fr))` reads back as
// `308px 308px 308px 308px`). A list with line names keeps its computed
// value (the names would have to be placed among the sizes).
// https://drafts.csswg.org/css-grid-2/#resolved-track-list
func (w *Window) resolvedTrackList(el *dom.Node, v string, rows bool) (string, bool) {
	if strings.Contains(v, "[") || strings.Contains(v, "subgrid") || strings.Contains(v, "masonry") {
		return "", false
	}
	if d := w.display(el); d != "grid" && d != "inline-grid" || !w.hasLayoutBox(el) {
		return "", false
	}
	if _, _, ok := w.geometry(el); !ok || w.geoOf(el.Document()) == nil {
		return "", false
	}
	t := w.geoOf(el.Document()).gridUsed[el]
	if t == nil {
		return "", false
	}
	sizes := t.cols
	if rows {
		sizes = t.rows
	}
	if len(sizes) == 0 {
		return "", false
	}
	var b strings.Builder
	for i, s := range sizes {
		if i > 0 {
			b.WriteByte(' ')
		}
		// in Chromium's layout unit, 1/64 px, rounded down
		b.WriteString(cssvalue.FormatComputed(math.Floor(max(s, 0)*64+1e-6)/64) + "px")
	}
	return b.String(), true
}
