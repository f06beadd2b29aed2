package jsruntime

import (
	"math"
	"strconv"
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
	if strings.Contains(v, "subgrid") || strings.Contains(v, "masonry") {
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
	empty := !hasGridItems(el)
	if v == "none" && empty {
		return "none", true // no explicit and no implicit tracks
	}
	if len(sizes) == 0 {
		return "", false
	}
	size := func(s float64) string {
		// in Chromium's layout unit, 1/64 px, rounded down
		return cssvalue.FormatComputed(math.Floor(max(s, 0)*64+1e-6)/64) + "px"
	}
	if v == "none" || !strings.ContainsAny(v, "[(") {
		out := make([]string, len(sizes))
		for i, s := range sizes {
			out[i] = size(s)
		}
		return strings.Join(out, " "), true
	}
	// the explicit tracks with the line names before each, repeat()
	// expanded as the layout expanded it, auto-fit's tracks collapsed
	// when there is no item to hold them
	var names [][]string // names[i]: the names before track i
	var collapsed []bool
	var pending []string
	addTrack := func(fit bool) {
		names = append(names, pending)
		collapsed = append(collapsed, fit && empty)
		pending = nil
	}
	var walk func(parts []string, fit bool) bool
	walk = func(parts []string, fit bool) bool {
		for _, p := range parts {
			switch {
			case strings.HasPrefix(p, "["):
				pending = append(pending, strings.Fields(strings.Trim(p, "[]"))...)
			case strings.HasPrefix(p, "repeat("):
				args := splitComponents(p[len("repeat(") : len(p)-1])
				if len(args) < 3 || args[1] != "," {
					return false
				}
				body := args[2:]
				k := 0
				switch args[0] {
				case "auto-fill", "auto-fit":
					k = w.geoOf(el.Document()).autoRepeat(el, joinComponents(body), rows)
				default:
					n, err := strconv.Atoi(args[0])
					if err != nil || n < 1 || n > 1000 {
						return false
					}
					k = n
				}
				for range k {
					if !walk(body, args[0] == "auto-fit") {
						return false
					}
				}
			default:
				addTrack(fit)
			}
		}
		return true
	}
	if !walk(splitComponents(v), false) || len(names) > len(sizes) {
		return "", false
	}
	var out []string
	for i, s := range sizes {
		if i < len(names) && len(names[i]) > 0 {
			out = append(out, "["+strings.Join(names[i], " ")+"]")
		}
		if i < len(collapsed) && collapsed[i] {
			s = 0
		}
		out = append(out, size(s))
		if i == len(names)-1 && len(pending) > 0 {
			out = append(out, "["+strings.Join(pending, " ")+"]")
		}
	}
	return strings.Join(out, " "), true
}

// hasGridItems reports whether el has a child that makes a grid item:
// an element or text other than white space.
func hasGridItems(el *dom.Node) bool {
	for c := el.First(); c != nil; c = c.Next() {
		switch {
		case c.IsElement():
			return true
		case c.IsText():
			if strings.TrimSpace(c.Data) != "" {
				return true
			}
		}
	}
	return false
}
