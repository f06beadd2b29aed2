package jsruntime

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Grid item placement: where each item of a grid lies, from its
// grid-row-start/-end and grid-column-start/-end (the grid-row, grid-column
// and grid-area shorthands set them) against the explicit grid's lines,
// their names and grid-template-areas, then the auto-placement algorithm
// for the items not placed, by grid-auto-flow (row or column, sparse or
// dense). Items are placed in order-modified document order; a line
// before the explicit grid's first is taken as its first (no implicit
// tracks are made before it).
// https://drafts.csswg.org/css-grid-2/#placement

// gridSpan is an item's extent along one axis: the 0-based line it starts
// at and how many tracks it spans.
type gridSpan struct{ start, span int }

// gridItemArea is a grid item's area, rows and columns.
type gridItemArea struct{ row, col gridSpan }

// gridPlan is where a grid's items lie, in the order of its items, and the
// size of the grid in tracks, the implicit ones included.
type gridPlan struct {
	areas      []gridItemArea
	rows, cols int
	// dropRows and dropCols tell which explicit tracks an auto-fit
	// repetition made and no item lies in: collapsed, they are left out
	// of rows and cols and of the areas (nil when none is)
	dropRows, dropCols []bool
}

// maxGridLine bounds the lines a page's values name, as browsers clamp
// theirs, so that a page's grid-row: 100000 makes no huge grid.
const maxGridLine = 1000

// gridLineSpec is one side of an item's placement along an axis: a line
// (definite), a span or auto.
type gridLineSpec struct {
	line     int
	span     int
	definite bool
}

// gridAxisLines are the names of one axis's explicit grid lines, from the
// track list's [name] lists and the areas (name-start, name-end), made
// only when some item names a line.
type gridAxisLines struct {
	tracks int // explicit tracks
	names  map[string][]int
}

// gridPlace places items in grid container n, whose explicit grid has
// cols columns (its template's tracks, or the columns its areas name).
func (f *flowLayout) gridPlace(n *dom.Node, items []*dom.Node, cols int) gridPlan {
	flow, _ := f.cascadedKeyword(n, "grid-auto-flow")
	columnFlow := strings.HasPrefix(flow, "column")
	dense := strings.HasSuffix(flow, "dense")
	areasValue, _ := f.w.cascaded(n, "grid-template-areas")
	rowTracks := max(len(f.gridTrackList(n, "grid-template-rows", -1, nil)), areaRows(areasValue))
	var named bool
	specs := make([][4]gridLineSpec, len(items))
	raw := make([][4]string, len(items))
	for i, c := range items {
		for k, p := range [4]string{"grid-row-start", "grid-row-end", "grid-column-start", "grid-column-end"} {
			v, _ := f.w.cascaded(c, p)
			v = strings.TrimSpace(v)
			switch ascii.Lower(v) {
			case "inherit":
				v, _ = f.w.cascaded(n, p) // the container's, as an item's parent
				if cssWideKeyword(strings.TrimSpace(v)) {
					v = ""
				}
			case "initial", "unset", "revert", "revert-layer":
				v = "" // auto: none of these properties inherits
			}
			raw[i][k] = strings.TrimSpace(v)
			if gridLineHasName(raw[i][k]) {
				named = true
			}
		}
	}
	rowAxis, colAxis := gridAxisLines{tracks: rowTracks}, gridAxisLines{tracks: cols}
	if named {
		rowAxis.names, colAxis.names = f.gridLineNames(n, "grid-template-rows"), f.gridLineNames(n, "grid-template-columns")
		addAreaLines(areasValue, rowAxis.names, colAxis.names)
	}
	for i := range items {
		specs[i][0] = rowAxis.parse(raw[i][0], true)
		specs[i][1] = rowAxis.parse(raw[i][1], false)
		specs[i][2] = colAxis.parse(raw[i][2], true)
		specs[i][3] = colAxis.parse(raw[i][3], false)
	}
	// place along (a, b): a is the axis the cursor fills (columns when
	// the flow is by rows), b the one the grid grows along
	aCount := cols
	if columnFlow {
		aCount = rowTracks
	}
	type item struct {
		a, b       gridSpan
		aDef, bDef bool
		placed     bool
	}
	its := make([]item, len(items))
	for i, s := range specs {
		r, rDef := resolveGridSpan(s[0], s[1])
		c, cDef := resolveGridSpan(s[2], s[3])
		if columnFlow {
			its[i] = item{a: r, aDef: rDef, b: c, bDef: cDef}
		} else {
			its[i] = item{a: c, aDef: cDef, b: r, bDef: rDef}
		}
		if its[i].aDef {
			aCount = max(aCount, its[i].a.start+its[i].a.span)
		}
		aCount = max(aCount, its[i].a.span)
	}
	// items are placed in order-modified document order
	seq := make([]int, len(items))
	for i := range seq {
		seq[i] = i
	}
	if ordered := f.gridOrder(items); ordered != nil {
		slices.SortStableFunc(seq, func(x, y int) int { return cmp.Compare(ordered[x], ordered[y]) })
	}
	// the cursors' bound: past every line named and every item's span,
	// the cells are free (a grid of 5,000 auto-placed cards has 5,000
	// rows of one column)
	limit := 2 * maxGridLine
	for _, it := range its {
		limit += max(it.a.span, it.b.span)
	}
	var occ gridOccupancy
	// 1. items with both positions definite
	for i := range its {
		if it := &its[i]; it.aDef && it.bDef {
			occ.mark(it.b, it.a)
			it.placed = true
		}
	}
	// 2. items locked to a track of b
	var cursors map[int]int // sparse: where each row's items so far end
	for _, i := range seq {
		it := &its[i]
		if it.placed || !it.bDef {
			continue
		}
		a := 0
		if !dense {
			a = cursors[it.b.start]
		}
		for occ.overlaps(it.b, gridSpan{a, it.a.span}) && a < limit {
			a++
		}
		it.a.start, it.placed = a, true
		occ.mark(it.b, it.a)
		if cursors == nil {
			cursors = map[int]int{}
		}
		cursors[it.b.start] = a + it.a.span
		aCount = max(aCount, a+it.a.span)
	}
	// 3, 4. the others, by the auto-placement cursor
	cb, ca := 0, 0
	for _, i := range seq {
		it := &its[i]
		if it.placed {
			continue
		}
		if dense {
			cb, ca = 0, 0
		}
		if it.aDef {
			if !dense && it.a.start < ca {
				cb++
			}
			ca = it.a.start
			for occ.overlaps(gridSpan{cb, it.b.span}, it.a) && cb < limit {
				cb++
			}
		} else {
			for cb < limit {
				for ca+it.a.span <= aCount && occ.overlaps(gridSpan{cb, it.b.span}, gridSpan{ca, it.a.span}) {
					ca++
				}
				if ca+it.a.span <= aCount {
					break
				}
				cb, ca = cb+1, 0
			}
			it.a.start = ca
		}
		it.b.start = cb
		occ.mark(it.b, it.a)
		ca = it.a.start + it.a.span
	}
	plan := gridPlan{areas: make([]gridItemArea, len(items))}
	bCount := rowTracks
	if columnFlow {
		bCount = cols
	}
	for i, it := range its {
		bCount = max(bCount, it.b.start+it.b.span)
		if columnFlow {
			plan.areas[i] = gridItemArea{row: it.a, col: it.b}
		} else {
			plan.areas[i] = gridItemArea{row: it.b, col: it.a}
		}
	}
	plan.rows, plan.cols = bCount, aCount
	if columnFlow {
		plan.rows, plan.cols = aCount, bCount
	}
	f.collapseAutoFit(n, &plan)
	return plan
}

// collapseAutoFit leaves out of plan the tracks auto-fit repetitions made
// that no item lies in: the tracks collapse, and the gutters on either
// side of them with them, so the items after them move back over them.
// https://drafts.csswg.org/css-grid-2/#auto-repeat
func (f *flowLayout) collapseAutoFit(n *dom.Node, plan *gridPlan) {
	for _, rows := range [2]bool{false, true} {
		prop := "grid-template-columns"
		if rows {
			prop = "grid-template-rows"
		}
		fit := f.autoFitTracks(n, prop)
		if fit == nil {
			continue
		}
		held := make([]bool, len(fit))
		for _, a := range plan.areas {
			s := a.col
			if rows {
				s = a.row
			}
			for i := s.start; i < s.start+s.span && i < len(held); i++ {
				held[i] = true
			}
		}
		drop := make([]bool, len(fit))
		// before[i]: the tracks left out before line i
		before := make([]int, len(fit)+1)
		for i := range fit {
			drop[i] = fit[i] && !held[i]
			before[i+1] = before[i]
			if drop[i] {
				before[i+1]++
			}
		}
		if before[len(fit)] == 0 {
			continue
		}
		moved := func(l int) int { return l - before[min(l, len(fit))] }
		for i := range plan.areas {
			s := &plan.areas[i].col
			if rows {
				s = &plan.areas[i].row
			}
			end := moved(s.start + s.span)
			s.start = moved(s.start)
			s.span = max(end-s.start, 1)
		}
		if rows {
			plan.rows -= before[len(fit)]
			plan.dropRows = drop
		} else {
			plan.cols -= before[len(fit)]
			plan.dropCols = drop
		}
	}
}

// autoFitTracks tells which of the explicit tracks of n's track list prop
// (grid-template-columns or -rows) an auto-fit repetition made, nil when
// none did.
func (f *flowLayout) autoFitTracks(n *dom.Node, prop string) []bool {
	v, ok := f.w.cascaded(n, prop)
	if !ok || !strings.Contains(v, "auto-fit") {
		return nil
	}
	rows := strings.HasSuffix(prop, "rows")
	var fit []bool
	var walk func(list string, depth int, in bool)
	walk = func(list string, depth int, in bool) {
		for rest := strings.TrimSpace(list); rest != "" && len(fit) < 1000; {
			tok, after := nextTrack(rest)
			rest = after
			if strings.HasPrefix(tok, "[") {
				continue
			}
			if inner, ok := strings.CutPrefix(tok, "repeat("); ok && depth == 0 {
				count, _, _ := strings.Cut(inner, ",")
				k, body := f.repeatOf(n, inner, rows)
				for range k {
					walk(body, depth+1, strings.TrimSpace(count) == "auto-fit")
				}
				continue
			}
			fit = append(fit, in)
		}
	}
	walk(v, 0, false)
	return fit
}

// withCollapsed is the sizes of a grid's tracks laid out with the ones
// drop left out put back, as 0 (what getComputedStyle and the grid areas
// of positioned children read).
func withCollapsed(sizes []float64, drop []bool) []float64 {
	if drop == nil {
		return sizes
	}
	all := make([]float64, 0, len(sizes)+len(drop))
	k := 0
	for i := 0; k < len(sizes) || i < len(drop); i++ {
		if i < len(drop) && drop[i] {
			all = append(all, 0)
			continue
		}
		if k < len(sizes) {
			all = append(all, sizes[k])
			k++
		}
	}
	return all
}

// uncollapsed is tracks without those drop (a plan's dropRows or
// dropCols) leaves out.
func uncollapsed(tracks []gridTrack, drop []bool) []gridTrack {
	if drop == nil {
		return tracks
	}
	kept := make([]gridTrack, 0, len(tracks))
	for i, t := range tracks {
		if i >= len(drop) || !drop[i] {
			kept = append(kept, t)
		}
	}
	return kept
}

// resolveGridSpan pairs an item's start and end along an axis: a definite
// area, else the span an auto-placed item takes (1 unless a span is given
// at either end).
// https://drafts.csswg.org/css-grid-2/#line-placement
func resolveGridSpan(start, end gridLineSpec) (gridSpan, bool) {
	switch {
	case start.definite && end.definite:
		s, e := start.line, end.line
		if e < s {
			s, e = e, s
		}
		return gridSpan{s, max(e-s, 1)}, true
	case start.definite:
		return gridSpan{start.line, max(end.span, 1)}, true
	case end.definite:
		span := max(start.span, 1)
		return gridSpan{max(end.line-span, 0), min(span, end.line)}, end.line > 0
	}
	// an auto start and a span end (`auto / span 2`) span as the end says;
	// a span at both ends keeps the start's
	span := start.span
	if span == 0 {
		span = end.span
	}
	return gridSpan{0, max(span, 1)}, false
}

// parse reads a grid-line value (auto, an integer, a name, "span" with
// either) as the line it names on this axis; isStart says which side it
// is (a name's -start or -end line).
func (ax *gridAxisLines) parse(v string, isStart bool) gridLineSpec {
	if v == "" || v == "auto" {
		return gridLineSpec{}
	}
	span, k, name := false, 0, ""
	for tok := range strings.FieldsSeq(v) {
		if tok == "span" {
			span = true
			continue
		}
		if x, err := strconv.Atoi(tok); err == nil {
			k = x
			continue
		}
		name = tok
	}
	if span {
		if name != "" && k == 0 {
			return gridLineSpec{span: 1} // span to a named line: taken as one track
		}
		return gridLineSpec{span: min(max(k, 1), maxGridLine)}
	}
	if name == "" {
		switch {
		case k > 0:
			return gridLineSpec{line: min(k-1, maxGridLine), definite: true}
		case k < 0:
			// counted back from the explicit grid's last line
			return gridLineSpec{line: max(ax.tracks+1+k, 0), definite: true}
		}
		return gridLineSpec{}
	}
	if k == 0 {
		// a name alone: the area's -start or -end line first
		suffix := "-end"
		if isStart {
			suffix = "-start"
		}
		if l := ax.names[name+suffix]; len(l) > 0 {
			return gridLineSpec{line: l[0], definite: true}
		}
		k = 1
	}
	lines := ax.names[name]
	switch {
	case k > 0 && k <= len(lines):
		return gridLineSpec{line: lines[k-1], definite: true}
	case k < 0 && -k <= len(lines):
		return gridLineSpec{line: lines[len(lines)+k], definite: true}
	case k > 0:
		// every implicit line after the explicit grid has the name
		return gridLineSpec{line: min(ax.tracks+k-len(lines), maxGridLine), definite: true}
	}
	return gridLineSpec{}
}

// gridLineHasName tells whether a grid-line value names a line.
func gridLineHasName(v string) bool {
	for tok := range strings.FieldsSeq(v) {
		if tok == "span" || tok == "auto" {
			continue
		}
		if _, err := strconv.Atoi(tok); err != nil {
			return true
		}
	}
	return false
}

// gridLineNames are the names prop's track list (grid-template-columns
// or -rows) gives n's lines: name to the 0-based lines, in order.
func (f *flowLayout) gridLineNames(n *dom.Node, prop string) map[string][]int {
	names := map[string][]int{}
	v, ok := f.w.cascaded(n, prop)
	if !ok || v == "none" || v == "" {
		return names
	}
	line := 0
	var walk func(list string, depth int)
	walk = func(list string, depth int) {
		for rest := strings.TrimSpace(list); rest != "" && line < maxGridLine; {
			tok, after := nextTrack(rest)
			rest = after
			if inner, ok := strings.CutPrefix(tok, "["); ok {
				for name := range strings.FieldsSeq(strings.TrimSuffix(inner, "]")) {
					if l := names[name]; len(l) == 0 || l[len(l)-1] != line {
						names[name] = append(l, line)
					}
				}
				continue
			}
			if inner, ok := strings.CutPrefix(tok, "repeat("); ok && depth == 0 {
				k, body := f.repeatOf(n, inner, strings.HasSuffix(prop, "rows"))
				for range k {
					walk(body, depth+1)
				}
				continue
			}
			line++
		}
	}
	walk(v, 0)
	return names
}

// areaRows counts the strings of a grid-template-areas value.
func areaRows(v string) int {
	rows := 0
	for {
		q := strings.IndexAny(v, `"'`)
		if q < 0 {
			return rows
		}
		end := strings.IndexByte(v[q+1:], v[q])
		if end < 0 {
			return rows
		}
		rows++
		v = v[q+1+end+1:]
	}
}

// addAreaLines adds the lines each named area of a grid-template-areas
// value makes (name-start and name-end, on both axes) to the names.
func addAreaLines(v string, rows, cols map[string][]int) {
	type rect struct{ r0, r1, c0, c1 int }
	areas := map[string]*rect{}
	var order []string
	for r := 0; ; r++ {
		q := strings.IndexAny(v, `"'`)
		if q < 0 {
			break
		}
		end := strings.IndexByte(v[q+1:], v[q])
		if end < 0 {
			break
		}
		row := v[q+1 : q+1+end]
		v = v[q+1+end+1:]
		col := 0
		for i := 0; i < len(row); {
			switch c := row[i]; {
			case c == ' ' || c == '\t' || c == '\n':
				i++
				continue
			case c == '.':
				for i < len(row) && row[i] == '.' {
					i++
				}
			default:
				j := i
				for j < len(row) && row[j] != ' ' && row[j] != '\t' && row[j] != '\n' && row[j] != '.' {
					j++
				}
				name := row[i:j]
				i = j
				if a := areas[name]; a != nil {
					a.r0, a.r1, a.c0, a.c1 = min(a.r0, r), max(a.r1, r+1), min(a.c0, col), max(a.c1, col+1)
				} else {
					areas[name] = &rect{r, r + 1, col, col + 1}
					order = append(order, name)
				}
			}
			col++
		}
	}
	add := func(m map[string][]int, name string, line int) {
		m[name] = append(m[name], line)
	}
	for _, name := range order {
		a := areas[name]
		add(rows, name+"-start", a.r0)
		add(rows, name+"-end", a.r1)
		add(cols, name+"-start", a.c0)
		add(cols, name+"-end", a.c1)
	}
}

// gridOccupancy is the set of a grid's cells items fill, row by row.
type gridOccupancy struct {
	rows [][]bool
}

func (o *gridOccupancy) overlaps(b, a gridSpan) bool {
	for r := b.start; r < b.start+b.span && r < len(o.rows); r++ {
		row := o.rows[r]
		for c := a.start; c < a.start+a.span && c < len(row); c++ {
			if row[c] {
				return true
			}
		}
	}
	return false
}

func (o *gridOccupancy) mark(b, a gridSpan) {
	for len(o.rows) < b.start+b.span {
		o.rows = append(o.rows, nil)
	}
	for r := b.start; r < b.start+b.span; r++ {
		for len(o.rows[r]) < a.start+a.span {
			o.rows[r] = append(o.rows[r], false)
		}
		for c := a.start; c < a.start+a.span; c++ {
			o.rows[r][c] = true
		}
	}
}

// gridOrder is the order property of each item of a grid or flex
// container, nil when all are 0.
func (f *flowLayout) gridOrder(items []*dom.Node) []int {
	var order []int
	for i, c := range items {
		v, ok := f.w.cascaded(c, "order")
		if !ok {
			continue
		}
		k, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || k == 0 {
			continue
		}
		if order == nil {
			order = make([]int, len(items))
		}
		order[i] = k
	}
	return order
}

// inOrder sorts the items of a flex container into order-modified
// document order, in place: stably by their order property.
// https://drafts.csswg.org/css-display-3/#order-modified-document-order
func (f *flowLayout) inOrder(items []*dom.Node) []*dom.Node {
	order := f.gridOrder(items)
	if order == nil {
		return items
	}
	seq := make([]int, len(items))
	for i := range seq {
		seq[i] = i
	}
	slices.SortStableFunc(seq, func(x, y int) int { return cmp.Compare(order[x], order[y]) })
	sorted := make([]*dom.Node, len(items))
	for i, k := range seq {
		sorted[i] = items[k]
	}
	copy(items, sorted)
	return items
}
