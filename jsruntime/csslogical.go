package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// Flow-relative (logical) properties: margin-inline-start, padding-block,
// inline-size, inset-inline-end, border-start-end-radius... Each logical
// longhand shares its value with the physical longhand it maps to under
// the element's writing mode and direction: the two take part in one
// cascade, the later-ranked declaration of either wins, and
// getComputedStyle reads the same value through both names, as Chromium
// does.
// https://drafts.csswg.org/css-logical/#box

// A flowMode is a writing mode with a direction: the row of
// logicalPhysical to use.
type flowMode uint8

const (
	flowHorizontalLTR flowMode = iota
	flowHorizontalRTL
	flowVerticalRLLTR
	flowVerticalRLRTL
	flowVerticalLRLTR
	flowVerticalLRRTL
	flowModes
)

var (
	// logicalPhysical maps each logical longhand to its physical one, per
	// flow mode.
	logicalPhysical [flowModes]map[string]string
	// physicalLogical maps each physical longhand to the logical longhand
	// sharing its value, per flow mode.
	physicalLogical [flowModes]map[string]string
	// logicalValidateAs maps each logical longhand to a physical one
	// whose values it takes.
	logicalValidateAs = map[string]string{}
	// logicalShorthands are the flow-relative shorthands (cssshorthand.go).
	logicalShorthands []string
)

// isLogicalName tells whether name is a logical longhand or shorthand.
func isLogicalName(name string) bool {
	if _, ok := logicalValidateAs[name]; ok {
		return true
	}
	for _, s := range logicalShorthands {
		if s == name {
			return true
		}
	}
	return false
}

func init() {
	// the physical sides of block-start, block-end, inline-start and
	// inline-end in each mode
	sides := [flowModes][4]string{
		flowHorizontalLTR: {"top", "bottom", "left", "right"},
		flowHorizontalRTL: {"top", "bottom", "right", "left"},
		flowVerticalRLLTR: {"right", "left", "top", "bottom"},
		flowVerticalRLRTL: {"right", "left", "bottom", "top"},
		flowVerticalLRLTR: {"left", "right", "top", "bottom"},
		flowVerticalLRRTL: {"left", "right", "bottom", "top"},
	}
	logical := [4]string{"block-start", "block-end", "inline-start", "inline-end"}
	// families of side properties: logical pattern, physical pattern
	families := [][2]string{
		{"margin-%", "margin-%"}, {"padding-%", "padding-%"}, {"inset-%", "%"},
		{"border-%-width", "border-%-width"}, {"border-%-style", "border-%-style"}, {"border-%-color", "border-%-color"},
		{"scroll-margin-%", "scroll-margin-%"}, {"scroll-padding-%", "scroll-padding-%"},
	}
	// sizes and axes: logical name, physical name in a horizontal mode,
	// physical name in a vertical one
	axes := [][3]string{
		{"block-size", "height", "width"}, {"inline-size", "width", "height"},
		{"min-block-size", "min-height", "min-width"}, {"min-inline-size", "min-width", "min-height"},
		{"max-block-size", "max-height", "max-width"}, {"max-inline-size", "max-width", "max-height"},
		{"contain-intrinsic-block-size", "contain-intrinsic-height", "contain-intrinsic-width"},
		{"contain-intrinsic-inline-size", "contain-intrinsic-width", "contain-intrinsic-height"},
		{"overflow-block", "overflow-y", "overflow-x"}, {"overflow-inline", "overflow-x", "overflow-y"},
		{"overscroll-behavior-block", "overscroll-behavior-y", "overscroll-behavior-x"},
		{"overscroll-behavior-inline", "overscroll-behavior-x", "overscroll-behavior-y"},
	}
	for m := range flowModes {
		lp, pl := map[string]string{}, map[string]string{}
		add := func(l, p string) {
			lp[l], pl[p] = p, l
			logicalValidateAs[l] = p // any mode's will do
		}
		for _, f := range families {
			for i, l := range logical {
				add(strings.Replace(f[0], "%", l, 1), strings.Replace(f[1], "%", sides[m][i], 1))
			}
		}
		vertical := m >= flowVerticalRLLTR
		for _, a := range axes {
			if vertical {
				add(a[0], a[2])
			} else {
				add(a[0], a[1])
			}
		}
		// corners: border-<block>-<inline>-radius
		for bi, b := range []string{"start", "end"} {
			for ii, in := range []string{"start", "end"} {
				bs, is := sides[m][bi], sides[m][2+ii]
				v, h := bs, is
				if v == "left" || v == "right" {
					v, h = h, v
				}
				add("border-"+b+"-"+in+"-radius", "border-"+v+"-"+h+"-radius")
			}
		}
		logicalPhysical[m], physicalLogical[m] = lp, pl
	}
}

// validationName is the property whose values prop takes: a logical
// longhand takes its physical longhand's.
func validationName(prop string) string {
	if p, ok := logicalValidateAs[prop]; ok {
		return p
	}
	return prop
}

// flowModeOf is el's writing mode and direction, memoized per document
// version with the computed values it is made of (the cascade asks it at
// each lookup of a physical property when the rules declare logical ones).
func (w *Window) flowModeOf(el *dom.Node) flowMode {
	if w.pseudoOf(el) != "" {
		return w.flowModeComputed(el) // computedMemo keeps no value of a pseudo-element
	}
	sh := w.sheetsOf(el.Document())
	sh.valueFresh(el)
	if m, ok := sh.flowModes[el]; ok {
		return m
	}
	m := w.flowModeComputed(el)
	if sh.flowModes == nil {
		sh.flowModes = make(map[*dom.Node]flowMode)
	}
	sh.flowModes[el] = m
	return m
}

// flowModeComputed is flowModeOf without its memo.
func (w *Window) flowModeComputed(el *dom.Node) flowMode {
	wm := w.computedMemo(el, "writing-mode")
	rtl := w.computedMemo(el, "direction") == "rtl"
	m := flowHorizontalLTR
	switch wm {
	case "vertical-rl", "sideways-rl", "tb-rl", "tb":
		m = flowVerticalRLLTR
	case "vertical-lr", "sideways-lr":
		m = flowVerticalLRLTR
	}
	if rtl {
		m++
	}
	return m
}

// mayDeclareLogical is a quick test of whether a logical property may be
// declared for el: some sheet of its document declares one, it is in a
// shadow tree, or its style attribute may.
func (w *Window) mayDeclareLogical(el *dom.Node) bool {
	if w.sheetsOf(el.Document()).logical || el.Document().HasShadowRoots() {
		return true
	}
	a, ok := el.GetAttribute("style")
	return ok && (strings.Contains(a, "inline") || strings.Contains(a, "block") || strings.Contains(a, "start") || strings.Contains(a, "end"))
}

// logicalCounterpart is the logical longhand that shares prop's value on
// el, "" when prop is no physical longhand with one or no logical
// declaration can apply to el.
func (w *Window) logicalCounterpart(el *dom.Node, prop string) string {
	if _, ok := physicalLogical[flowHorizontalLTR][prop]; !ok {
		if _, ok := physicalLogical[flowVerticalRLLTR][prop]; !ok {
			return ""
		}
	}
	if !w.mayDeclareLogical(el) {
		return ""
	}
	return physicalLogical[w.flowModeOf(el)][prop]
}

// physicalOf is the physical longhand a logical longhand maps to on el,
// "" when prop is not logical.
func (w *Window) physicalOf(el *dom.Node, prop string) string {
	if _, ok := logicalPhysical[flowHorizontalLTR][prop]; !ok {
		return ""
	}
	return logicalPhysical[w.flowModeOf(el)][prop]
}
