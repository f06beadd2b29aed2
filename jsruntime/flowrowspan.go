package jsruntime

import (
	"sort"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// Cells that span rows (rowspan). A table whose cells all span one row
// lays each row's cells out in turn, column after column; when one spans
// rows, the columns it covers in the rows below are taken, and those
// rows' cells move right past them. The rows a cell spans share its
// height: it is as tall as they are with the spacing between them, and
// when its content is taller, they grow.
// https://html.spec.whatwg.org/multipage/tables.html#forming-a-table

// rowSpans is where the cells of a table lie when some of them span
// rows.
type rowSpans struct {
	// col is the first column of each cell of a table row
	col map[*dom.Node]int
	// cells are the cells spanning more than one row, in order; multi
	// holds them too
	cells []spanningCell
	multi map[*dom.Node]bool
}

// spanningCell is a cell and the rows it spans, its own first, the
// start-th of its row group.
type spanningCell struct {
	cell  *dom.Node
	rows  []*dom.Node
	start int
}

// spans tells whether c spans more than one row.
func (s *rowSpans) spans(c *dom.Node) bool {
	return s != nil && s.multi[c]
}

// column is the first column of c, a cell that comes col columns into
// its row when the cells before it span one row each.
func (s *rowSpans) column(c *dom.Node, col int) int {
	if s == nil {
		return col
	}
	if k, ok := s.col[c]; ok {
		return k
	}
	return col
}

// planRowSpans finds where the cells of table lie when some span rows;
// nil when none does. A cell spans rows of its row group only (rowspan=0
// all that are left); the rows directly in the table form a group
// between row groups, and a run of cells outside any row ends one.
func (f *flowLayout) planRowSpans(table *dom.Node) *rowSpans {
	if !f.anyRowSpan(table) {
		return nil
	}
	s := &rowSpans{col: map[*dom.Node]int{}, multi: map[*dom.Node]bool{}}
	var rows []*dom.Node
	flush := func() {
		s.place(f, rows)
		rows = nil // the spanning cells keep slices of it
	}
	for _, c := range f.tableParts(table, nil) {
		switch f.display(c) {
		case "table-row":
			rows = append(rows, c)
		case "table-row-group", "table-header-group", "table-footer-group":
			flush()
			for _, r := range f.tableParts(c, nil) {
				if f.display(r) == "table-row" {
					rows = append(rows, r)
				} else {
					flush()
				}
			}
			flush()
		default:
			flush()
		}
	}
	flush()
	return s
}

// place gives the cells of rows, a row group's, their columns.
func (s *rowSpans) place(f *flowLayout, rows []*dom.Node) {
	var taken []int // per column, how many more rows a cell above covers
	for i, r := range rows {
		col := 0
		for _, c := range f.rowCells(r) {
			for col < len(taken) && taken[col] > 0 {
				col++
			}
			s.col[c] = col
			n := rowSpan(c)
			if n == 0 || n > len(rows)-i {
				n = len(rows) - i
			}
			if n > 1 {
				s.cells = append(s.cells, spanningCell{c, rows[i : i+n : i+n], i})
				s.multi[c] = true
			}
			span := colSpan(c)
			for len(taken) < col+span {
				taken = append(taken, 0)
			}
			for k := col; k < col+span; k++ {
				taken[k] = max(taken[k], n)
			}
			col += span
		}
		for k := range taken {
			if taken[k] > 0 {
				taken[k]--
			}
		}
	}
}

// anyRowSpan tells whether a td or th in a row of table has a rowspan
// other than 1.
func (f *flowLayout) anyRowSpan(table *dom.Node) bool {
	found := false
	f.tableRows(table, func(r *dom.Node) {
		for c := f.w.flatFirst(r); c != nil && !found; c = f.w.flatNext(c) {
			if c.IsElement() && htmlCell(c) && rowSpan(c) != 1 {
				found = true
			}
		}
	})
	return found
}

// fitSpanningCells sizes the cells of n (a table or one of its row
// groups) that span rows, once its rows are stacked: when one's content
// is taller than the rows it spans with the spacing s between them, they
// grow by what it lacks (spanGrowth says which), a cell enclosed in
// another's rows before it and otherwise the higher first, and n is
// stacked again; then each is as tall as its rows. It returns the height
// of n's rows.
func (f *flowLayout) fitSpanningCells(n *dom.Node, width, s float64, t *tableCols, y float64) float64 {
	if t.spans == nil {
		return y
	}
	var orderArr [16]int
	order := orderArr[:0]
	for i, sc := range t.spans.cells {
		if f.w.flatParent(sc.rows[0]) == n {
			order = append(order, i)
		}
	}
	cells := t.spans.cells
	sort.SliceStable(order, func(i, j int) bool {
		a, b := &cells[order[i]], &cells[order[j]]
		if ea, eb := a.start+len(a.rows), b.start+len(b.rows); ea != eb {
			return ea < eb
		}
		return a.start > b.start
	})
	grew := false
	var growArr [16]*dom.Node
	for _, i := range order {
		sc := &cells[i]
		rowsH := f.spannedHeight(sc.rows, s)
		extra := f.naturalHeight(sc.cell) - rowsH
		if extra < 1.0/64 || f.depth >= maxFlowDepth {
			continue
		}
		rows, even := f.spanGrowth(sc, t.spans, growArr[:0])
		f.growRows(rows, extra, t.spans, even)
		grew = true
	}
	if grew {
		// tableContent drops the heights given at the next layout
		f.box(n).grewRows = true
		y = f.tableStack(n, width, s, t)
	}
	for _, sc := range t.spans.cells {
		if f.w.flatParent(sc.rows[0]) == n {
			f.force(sc.cell, f.box(sc.cell), f.spannedHeight(sc.rows, s))
		}
	}
	return y
}

// spanGrowth is which of the rows sc spans grow when its cell is taller
// than they are, as Chromium shares the height: those below its own where
// another spanning cell starts (equally: they are likely to grow again),
// else those whose height no row or cell fixes, with content, else, when
// all are empty, the last, else the fixed ones with content, in proportion
// to their heights. A percentage height does not fix a row here: the
// table's height is not known yet.
// https://github.com/w3c/csswg-drafts/issues/4418
func (f *flowLayout) spanGrowth(sc *spanningCell, spans *rowSpans, rows []*dom.Node) (grow []*dom.Node, even bool) {
	for _, r := range sc.rows[1:] {
		for k := range spans.cells {
			if spans.cells[k].rows[0] == r {
				rows = append(rows, r)
				break
			}
		}
	}
	if len(rows) > 0 {
		return rows, true
	}
	for _, r := range sc.rows {
		if f.height(r) > 0 && !f.rowFixed(r) {
			rows = append(rows, r)
		}
	}
	if len(rows) > 0 {
		return rows, false
	}
	for _, r := range sc.rows {
		if f.height(r) > 0 {
			rows = append(rows, r)
		}
	}
	if len(rows) > 0 {
		return rows, false
	}
	return append(rows, sc.rows[len(sc.rows)-1]), false
}

// rowFixed tells whether row r or one of its cells spanning one row has a
// height of its own that is no percentage.
func (f *flowLayout) rowFixed(r *dom.Node) bool {
	if st := f.vStyleOf(r); st.hasH && !strings.Contains(st.height, "%") {
		return true
	}
	spans := f.rowSpansOf(r)
	for _, c := range f.flexItems(r, nil) {
		if st := f.vStyleOf(c); st.hasH && !strings.Contains(st.height, "%") && (spans == nil || !spans.spans(c)) {
			return true
		}
	}
	return false
}

// rowSpansOf is where the cells of n's table (n a table or a row group)
// lie when some span rows; nil when none does or n is in no table.
func (f *flowLayout) rowSpansOf(n *dom.Node) *rowSpans {
	table := n
	if d := f.display(n); d != "table" && d != "inline-table" {
		if table = f.tableOf(n); table == nil {
			return nil
		}
	}
	return f.tableColumnsOf(table).spans
}

// spannedHeight is the height of rows with the spacing s between them.
func (f *flowLayout) spannedHeight(rows []*dom.Node, s float64) float64 {
	h := s * float64(len(rows)-1)
	for _, r := range rows {
		h += f.height(r)
	}
	return h
}
