package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

// Broken images in the flow estimate.
//
// An img whose image is broken (no source, src="", a data: URL that
// decodes to no image, a scheme that gives no image, a failed fetch) is
// rendered by Chromium 156 as a non-replaced box: a block container of a
// 16×16 broken-image icon floated left and the alt text beside it. An
// inline one is an inline-block whose width and height are ignored; a
// block, a float or a flex item is sized as any block container (its
// aspect-ratio too). With no alt attribute and a source the box holds the
// icon alone; with a width and a height (or one of them and an
// aspect-ratio) and no alt text it stays a replaced box of that size, as
// does an image with alt="" or with neither alt nor source.
// https://html.spec.whatwg.org/multipage/rendering.html#images-3
// (testdata/wpt/brokenimg80-fallback-box.html)

// brokenIconSize is the side of Chromium's broken-image icon.
const brokenIconSize = 16

// brokenImage sets the fallback flags of img's box b (displayOfBox, which
// has just set b's display and float), and makes an inline one an
// inline-block.
func (f *flowLayout) brokenImage(img *dom.Node, b *flowBox) {
	d, _ := f.w.res.images.get(img)
	if d == nil || d.state != imageBroken {
		return
	}
	alt, hasAlt := img.GetAttribute("alt")
	switch {
	case hasAlt && alt == "":
		return // an image that represents nothing
	case hasAlt:
		b.known |= fallbackAlt
	case !img.HasAttribute("src") && !img.HasAttribute("srcset") && !usesPicture(img):
		return // nothing to show
	default:
		// a width and a height, or one of them and an aspect-ratio: a
		// replaced box of that size
		w := specifiedSize(f.boxCascadedIn(img, boxWidth))
		h := specifiedSize(f.boxCascadedIn(img, boxHeight))
		if w && h || (w || h) && specifiedSize(f.w.boxCascaded(img, boxAspectRatio)) {
			return
		}
		b.known |= fallbackIcon
	}
	if b.disp != "inline" || b.float {
		return
	}
	if p := f.posOfBox(img, b); p == "absolute" || p == "fixed" {
		return // blockified
	}
	if p := f.boxParent(img); p != nil && f.itemsOf(p) {
		return // blockified
	}
	b.disp = "inline-block"
	b.known |= fallbackInline
}

// specifiedSize tells whether v, a cascaded width or height, is not auto.
func specifiedSize(v string, ok bool) bool {
	v = strings.TrimSpace(v)
	return ok && v != "" && v != "auto" && !cssWideKeywords[v]
}

// fallbackOf is fallbackIcon or fallbackAlt when n is a broken image laid
// out as Chromium's fallback box, else 0.
func (f *flowLayout) fallbackOf(n *dom.Node) styleKnown {
	b := f.box(n)
	f.displayOfBox(n, b)
	return b.known & (fallbackIcon | fallbackAlt)
}

// fallback lays out the content of n, a broken image's fallback box of
// kind k: its icon floated left, then its alt text.
func (b *blockFlow) fallback(n *dom.Node, k styleKnown) {
	b.iconFloat()
	if k == fallbackAlt {
		b.textNode = nil
		b.text(n, n.Attribute("alt"))
	}
}

// iconFloat places a broken image's icon, a float of brokenIconSize px
// square at the left, as floatChild places a float.
func (b *blockFlow) iconFloat() {
	ctx := b.context()
	y := b.y + b.oy
	if b.started || !b.collapseTop {
		y += b.margin.size()
	}
	ctx.place(brokenIconSize, brokenIconSize, false, y, b.ox, b.ox+b.width)
	b.extent = max(b.extent, brokenIconSize)
	b.setLine()
}

// fallback measures the content of n, a broken image's fallback box of
// kind k, as blockFlow.fallback lays it out.
func (l *inlineMeasure) fallback(n *dom.Node, k styleKnown) {
	l.min = max(l.min, brokenIconSize)
	l.floatL += brokenIconSize
	if k == fallbackAlt {
		l.text(n, n.Attribute("alt"))
	}
}
