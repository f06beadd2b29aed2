package jsruntime

import (
	"math"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// focusMethod is HTMLOrSVGElement's focus(options): the focusing steps,
// then, unless options.preventScroll, the newly focused element scrolled
// into view.
// https://html.spec.whatwg.org/multipage/interaction.html#dom-focus
func focusMethod(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	preventScroll := false
	switch o := bind.Arg(args, 0); {
	case bind.Nullish(o):
	case isObject(o):
		// FocusOptions: focusVisible, then preventScroll (members in
		// sorted order); focusVisible changes nothing here.
		bind.Boolean(dict(o, "focusVisible"))
		preventScroll = bind.Boolean(dict(o, "preventScroll"))
	default:
		w.realm.ThrowTypeError("Failed to execute 'focus' on '%s': The provided value is not of type 'FocusOptions'.", focusIfaceName(n))
	}
	if preventScroll {
		w.focus(n)
	} else {
		w.focusAndScroll(n)
	}
	return nil
}

func focusIfaceName(n *dom.Node) string {
	switch n.Namespace {
	case "svg":
		return "SVGElement"
	case "math":
		return "MathMLElement"
	}
	return "HTMLElement"
}

// focusAndScroll runs the focusing steps for n and, when they moved the
// focus, scrolls the element that got it into view as Chromium does for
// focus(), autofocus and the dialog and popover focusing steps: not at
// all when it is fully visible in each scroll container and the viewport,
// to the nearest edge when partly visible, centred when out of view (its
// "center if needed" alignment; on the inline axis a partly visible
// element does not move either). The focus events fire before the scroll.
func (w *Window) focusAndScroll(n *dom.Node) {
	before := w.focused
	w.focus(n)
	if f := w.focused; f != nil && f != before && f.IsConnected() {
		w.scrollToElement(f, "center-if-needed", "center-if-hidden")
	}
}

// centerIfNeeded is the scroll offset of a scrollport height tall, now at
// cur, that shows a box from top to bottom as Chromium's center-if-needed
// alignment does: unchanged when the box is fully visible or covers the
// whole scrollport, the nearest edge when it is partly visible, centred
// when it is out of view.
func centerIfNeeded(top, bottom, height, cur float64) float64 {
	visible := math.Min(bottom, cur+height) - math.Max(top, cur)
	switch {
	case visible >= bottom-top || visible >= height:
		return cur
	case visible <= 0:
		return (top+bottom)/2 - height/2
	}
	return alignScroll("nearest", top, bottom, height, cur)
}

// focusableScroller reports a keyboard-focusable scroll container, which
// Chromium (since 130) lets focus() focus though it is no focusable area by
// kind: an element being rendered whose box scrolls its overflow (auto or
// scroll) on an axis where its content overflows. Its tabIndex stays -1.
// The root scroller and the body are not: focusing them does nothing.
func (w *Window) focusableScroller(n *dom.Node) bool {
	if !n.IsElement() || w.rootScroller(n) || n.IsHTML() && n.Data == "body" || !w.mayFocus(n) {
		return false
	}
	ox, _ := w.cascaded(n, "overflow-x")
	oy, _ := w.cascaded(n, "overflow-y")
	x, y := scrollingOverflow(ox), scrollingOverflow(oy)
	if !x && !y {
		return false
	}
	// visible beside a scrolling axis computes to auto
	x = x || strings.TrimSpace(ox) == "visible"
	y = y || strings.TrimSpace(oy) == "visible"
	if d := w.display(n); d == "inline" || d == "contents" || !w.boxOf(n).rendered {
		return false
	}
	mx, my := w.maxElementScroll(n)
	return x && mx > 0 || y && my > 0
}

// scrollerByStyle tells whether n's overflow lets the user scroll it on
// some axis, whatever its content.
func (w *Window) scrollerByStyle(n *dom.Node) bool {
	ox, _ := w.cascaded(n, "overflow-x")
	oy, _ := w.cascaded(n, "overflow-y")
	return scrollingOverflow(ox) || scrollingOverflow(oy)
}

// scrollingOverflow tells whether an overflow-x or overflow-y value lets
// the user scroll (auto, scroll, overlay).
func scrollingOverflow(v string) bool {
	switch strings.TrimSpace(v) {
	case "scroll", "auto", "overlay":
		return true
	}
	return false
}
