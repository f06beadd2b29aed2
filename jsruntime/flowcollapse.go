package jsruntime

import "github.com/bangsnap/bangsnap/dom"

// The collapsing border model of tables (border-collapse: collapse): the
// borders of adjacent cells, and of the cells at the table's edges and the
// table, are one border, the widest of them, of which each side gets half.
// A cell's box holds half of each of its borders (an inner 1px border puts
// 0.5px in each cell), and the table's border box half of the borders at
// its edges, the other half spilling outside, as in Chromium 156.
// Row and row group borders, and border styles (a wider hidden border
// still hides), are not taken into account.
// https://drafts.csswg.org/css-tables-3/#collapsed-style-overrides

// collapseGrid is where the cells of a collapsing table stand: its rows
// in tree order, each with its cells and the column each starts at.
type collapseGrid struct {
	rows []collapseRow
	cols int                  // the number of columns
	at   map[*dom.Node][2]int // a cell's row and its index in the row
	// rtl: the table is right to left, its first column the rightmost
	rtl bool
}

type collapseRow struct {
	n, group    *dom.Node // group: its row group, nil when none
	cells       []collapseCell
	first, last bool // first or last in its row group
	// covered are the cells of rows above that span into this one
	covered []collapseCell
}

type collapseCell struct {
	n          *dom.Node
	col, colTo int // the columns it spans: [col, colTo)
	rows       int // the rows it spans, its own first
}

// collapsingTable is the table whose collapsing border model n (a table,
// row group, row or cell) takes part in; nil when there is none.
func (f *flowLayout) collapsingTable(n *dom.Node) *dom.Node {
	var table *dom.Node
	switch f.display(n) {
	case "table", "inline-table":
		table = n
	case "table-cell":
		if row := f.w.flatParent(n); row != nil && f.display(row) == "table-row" {
			table = f.tableOf(row)
		}
	}
	if table == nil || f.w.computedMemo(table, "border-collapse") != "collapse" {
		return nil
	}
	return table
}

// collapseGridOf is table's collapseGrid, made again when its rows or
// cells change (collapseMutated), not at each layout.
func (f *flowLayout) collapseGridOf(table *dom.Node) *collapseGrid {
	tb := f.box(table)
	if tb.collapse != nil {
		return tb.collapse
	}
	g := &collapseGrid{at: map[*dom.Node][2]int{}, rtl: f.lineAlignOf(table).rtl}
	var all []collapseCell // the cells of every row, one after the other
	var group *dom.Node
	spans := f.planRowSpans(table)
	f.tableRows(table, func(row *dom.Node) {
		r := collapseRow{n: row}
		if p := f.w.flatParent(row); p != table {
			r.group = p
		}
		r.first = len(g.rows) == 0 || r.group != group || r.group == nil
		if len(g.rows) > 0 {
			prev := &g.rows[len(g.rows)-1]
			prev.last = prev.group != r.group || r.group == nil
		}
		group = r.group
		col, start := 0, len(all)
		for c := f.w.flatFirst(row); c != nil; c = f.w.flatNext(c) {
			if !c.IsElement() || f.skipped(c) || f.display(c) != "table-cell" {
				continue
			}
			g.at[c] = [2]int{len(g.rows), len(all) - start}
			col = spans.column(c, col)
			span := colSpan(c)
			all = append(all, collapseCell{n: c, col: col, colTo: col + span, rows: 1})
			col += span
		}
		r.cells = all[start:len(all):len(all)]
		g.cols = max(g.cols, col)
		g.rows = append(g.rows, r)
	})
	if len(g.rows) > 0 {
		g.rows[len(g.rows)-1].last = true
	}
	if spans != nil {
		g.cover(spans)
	}
	tb.collapse = g
	return g
}

// cover notes the rows each cell spanning rows reaches below its own.
func (g *collapseGrid) cover(spans *rowSpans) {
	index := make(map[*dom.Node]int, len(g.rows))
	for i, r := range g.rows {
		index[r.n] = i
	}
	for _, sc := range spans.cells {
		pos, ok := g.at[sc.cell]
		if !ok {
			continue
		}
		c := &g.rows[pos[0]].cells[pos[1]]
		c.rows = len(sc.rows)
		for _, r := range sc.rows[1:] {
			if i, ok := index[r]; ok {
				g.rows[i].covered = append(g.rows[i].covered, *c)
			}
		}
	}
}

// cellAt is the cell of row r of g that spans column col (one of the row,
// or of a row above spanning into it), nil when there is none.
func (g *collapseGrid) cellAt(r, col int) *dom.Node {
	if r < 0 || r >= len(g.rows) {
		return nil
	}
	for _, c := range g.rows[r].cells {
		if c.col <= col && col < c.colTo {
			return c.n
		}
	}
	for _, c := range g.rows[r].covered {
		if c.col <= col && col < c.colTo {
			return c.n
		}
	}
	return nil
}

// usedBorder is the width n's border on side (0 top, 1 right, 2 bottom,
// 3 left) takes in its box: borderOf; none for a row or row group, which
// have no borders of their own in a table's layout; in the collapsing
// border model, for a cell or the table, half of the border it is part
// of.
func (f *flowLayout) usedBorder(n *dom.Node, side int) float64 {
	switch f.display(n) {
	case "table", "inline-table", "table-cell":
	case "table-row", "table-row-group", "table-header-group", "table-footer-group":
		return 0
	default:
		return f.borderOf(n, side)
	}
	own := f.borderOf(n, side)
	table := f.collapsingTable(n)
	if table == nil {
		return own
	}
	g := f.collapseGridOf(table)
	if n == table {
		if g.cols == 0 && len(f.tableColumnsOf(table).min) == 0 {
			return 0 // no cells, no borders to collapse, as in Chromium
		}
		return f.tableEdge(table, g, side, own) / 2
	}
	pos, ok := g.at[n]
	if !ok {
		return own
	}
	return f.cellEdge(table, g, pos[0], pos[1], side, own) / 2
}

// widest is the widest of w and the border of n on side (n may be nil).
func (f *flowLayout) widest(w float64, n *dom.Node, side int) float64 {
	if n == nil {
		return w
	}
	return max(w, f.borderOf(n, side))
}

// tableEdge is the widest border along side of the table: its own (w),
// and those of the rows, row groups and cells at that edge.
func (f *flowLayout) tableEdge(table *dom.Node, g *collapseGrid, side int, w float64) float64 {
	if len(g.rows) == 0 {
		return w
	}
	switch side {
	case 0, 2:
		r := g.rows[0]
		if side == 2 {
			r = g.rows[len(g.rows)-1]
		}
		w = f.widest(f.widest(w, r.n, side), r.group, side)
		for _, c := range r.cells {
			w = f.widest(w, c.n, side)
		}
		for _, c := range r.covered {
			w = f.widest(w, c.n, side) // spanning into the last row
		}
	case 1, 3:
		// every row's cell at that edge, as Chromium 156 sizes the
		// table by (a row short of the last column has none there)
		for i := range g.rows {
			r := &g.rows[i]
			w = f.widest(f.widest(w, r.n, side), r.group, side)
			w = f.widest(w, r.edgeCell(side, g.cols, g.rtl), side)
		}
	}
	return w
}

// edgeCell is the cell of row r at the table's left (side 3) or right
// (side 1) edge, cols columns wide, its first column the right one when
// rtl: one of the row's, or of a row above spanning into it; nil when
// there is none.
func (r *collapseRow) edgeCell(side, cols int, rtl bool) *dom.Node {
	if rtl {
		side = 4 - side
	}
	for _, list := range [2][]collapseCell{r.cells, r.covered} {
		for _, c := range list {
			if side == 3 && c.col == 0 || side == 1 && c.colTo == cols {
				return c.n
			}
		}
	}
	return nil
}

// cellEdge is the widest border along side of the cell at index i of row
// r: its own (w), its neighbour's, and the row's, row group's or table's
// when that side is at their edge.
func (f *flowLayout) cellEdge(table *dom.Node, g *collapseGrid, r, i, side int, w float64) float64 {
	row := &g.rows[r]
	cell := row.cells[i]
	opposite := (side + 2) % 4
	switch side {
	case 1, 3:
		next := cell.colTo // the column on its right, or its left when rtl
		if (side == 3) != g.rtl {
			next = cell.col - 1
		}
		if n := g.cellAt(r, next); n != nil {
			return f.widest(w, n, opposite)
		}
		if next >= 0 && next < g.cols {
			return w // beside an empty slot of the row
		}
		w = f.widest(f.widest(w, row.n, side), row.group, side)
		return f.widest(w, table, side)
	}
	adj := r - 1
	if side == 2 && cell.rows > 1 {
		// the bottom of a cell spanning rows is its last row's
		r = min(r+cell.rows-1, len(g.rows)-1)
		row = &g.rows[r]
	}
	w = f.widest(w, row.n, side)
	edge := row.first
	if side == 2 {
		adj, edge = r+1, row.last
	}
	if edge {
		w = f.widest(w, row.group, side)
	}
	if adj < 0 || adj >= len(g.rows) {
		return f.widest(w, table, side)
	}
	other := &g.rows[adj]
	w = f.widest(f.widest(w, other.n, opposite), g.cellAt(adj, cell.col), opposite)
	if edge {
		w = f.widest(w, other.group, opposite)
	}
	return w
}

// collapseMutated forgets what a change of target's children (prev and
// next: the siblings either side of the nodes added or removed) or of
// target's attributes (attr) may have changed of the
// collapsed borders of a collapsing table around it: the neighbours of a
// changed cell or row take half of its borders, and the table those at
// its edges.
func (f *flowLayout) collapseMutated(target, prev, next *dom.Node, attr bool) {
	// Only a box the estimate knows the display of can be part of a laid
	// out table (making the grid asks each part's display): no cascade
	// for the other targets, at every mutation.
	b := f.boxes[target]
	if b == nil || b.known&knownDisplay == 0 {
		return
	}
	var table *dom.Node
	switch b.disp {
	case "table", "inline-table":
		table = target
	case "table-cell":
		if !attr {
			return // its content: its borders stay
		}
		table = f.collapsingTable(target)
		if row := target.ParentNode(); row != nil && table != nil {
			// the cells beside it and the rows above and below
			prev, next = target.PreviousElementSibling(), target.NextElementSibling()
			f.dropSubtree(row.PreviousElementSibling())
			f.dropSubtree(row.NextElementSibling())
		}
	case "table-row":
		table = f.tableOf(target)
		if attr {
			prev, next = target.PreviousElementSibling(), target.NextElementSibling()
		}
	case "table-row-group", "table-header-group", "table-footer-group":
		table = f.w.flatParent(target)
		if attr {
			prev, next = target.PreviousElementSibling(), target.NextElementSibling()
		}
	default:
		return
	}
	if table == nil || f.w.computedMemo(table, "border-collapse") != "collapse" {
		return
	}
	f.dropSubtree(prev)
	f.dropSubtree(next)
	if tb := f.boxes[table]; tb != nil {
		tb.known &^= knownEdges | knownHEdges
		tb.collapse = nil // where its cells stand may have changed
	}
}
