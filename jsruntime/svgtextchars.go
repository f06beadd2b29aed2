package jsruntime

import (
	"fmt"
	"unicode/utf8"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// SVGTextContentElement's per-character queries, from the text layout
// (textmetrics.go): where a character starts and ends on its baseline,
// its cell (advance by the run's ascent and descent), its rotation (the
// rotate attribute is not laid out: 0) and the character at a point.
// https://svgwg.org/svg2-draft/text.html#InterfaceSVGTextContentElement

// charCell is character charnum of el's text: its start on the baseline,
// its advance and its run's ascent and height.
type charCell struct {
	x, y, adv, ascent, height float64
}

// textCells lays out el's characters (one cell per UTF-16 unit, the second
// half of a pair empty).
func (w *Window) textCells(el *dom.Node) []charCell {
	t := textAncestor(el)
	if t == nil {
		return nil
	}
	l := w.textLayout(t)
	var out []charCell
	for _, r := range l.runs {
		if !el.Contains(r.owner) {
			continue
		}
		f := w.fontOf(r.owner)
		x := r.x + l.shifts[r.chunk]
		for i, c := range r.text {
			size := utf8.RuneLen(c)
			start := x + f.advance(r.text[:i])
			adv := f.advance(r.text[i : i+size])
			out = append(out, charCell{start, r.y, adv, r.ascent, r.height})
			if size == 4 {
				out = append(out, charCell{start + adv, r.y, 0, r.ascent, r.height})
			}
		}
	}
	return out
}

// textCell returns cell charnum, throwing IndexSizeError past the end.
func (w *Window) textCell(n *dom.Node, args []goja.Value, method string) charCell {
	if len(args) == 0 {
		w.realm.ThrowTypeError("Failed to execute '%s' on 'SVGTextContentElement': 1 argument required, but only 0 present.", method)
	}
	w.doc.StyleUpdated()
	cells := w.textCells(n)
	i := int(bind.UnsignedLong(args[0]))
	if i >= len(cells) {
		w.realm.ThrowDOMException("IndexSizeError", fmt.Sprintf("Failed to execute '%s' on 'SVGTextContentElement': The charnum provided (%d) is greater than or equal to the maximum bound (%d).", method, i, len(cells)))
	}
	return cells[i]
}

var svgTextCharMethods = []bind.Method{
	method("getStartPositionOfChar", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		c := w.textCell(n, args, "getStartPositionOfChar")
		return w.svgPoint(c.x, c.y)
	}),
	method("getEndPositionOfChar", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		c := w.textCell(n, args, "getEndPositionOfChar")
		return w.svgPoint(c.x+c.adv, c.y)
	}),
	method("getExtentOfChar", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		c := w.textCell(n, args, "getExtentOfChar")
		f := func(v float64) float64 { return float64(float32(v)) }
		return w.realm.WrapObject(&svgRect{f(c.x), f(c.y - c.ascent), f(c.adv), f(c.height)}, w.realm.Class("SVGRect"))
	}),
	method("getRotationOfChar", 1, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		w.textCell(n, args, "getRotationOfChar")
		return w.int(0)
	}),
	// optional DOMPointInit point = {}: an SVGPoint, a DOMPoint or any
	// object with x and y (geometry.go's pointInit)
	method("getCharNumAtPosition", 0, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		p := pointInit(w.realm, bind.Arg(args, 0), "execute 'getCharNumAtPosition' on 'SVGTextContentElement'")
		x, y := p.x, p.y
		w.doc.StyleUpdated()
		for i, c := range w.textCells(n) {
			if x >= c.x && x <= c.x+c.adv && y >= c.y-c.ascent && y <= c.y-c.ascent+c.height {
				return w.int(i)
			}
		}
		return w.int(-1)
	}),
	method("selectSubString", 2, func(w *Window, n *dom.Node, args []goja.Value) goja.Value {
		if len(args) < 2 {
			w.realm.ThrowTypeError("Failed to execute 'selectSubString' on 'SVGTextContentElement': 2 arguments required, but only %d present.", len(args))
		}
		w.textCell(n, args, "selectSubString")
		return nil
	}),
}
