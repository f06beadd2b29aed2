package jsruntime

import (
	"strings"

	"golang.org/x/net/html/atom"

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
// icon alone, with alt="" and a source nothing (an inline one is 0×0
// whatever its width). With a width and a height (or one of them and an
// aspect-ratio) and no alt text it stays a replaced box of that size, as
// does an image with neither alt text nor source; one with a source keeps
// its fallback inside, so its baseline is its content box's bottom, not
// its margin box's. In quirks mode an image with a fallback and only one
// of width and height takes the other equal to it (the same length or
// percentage), and one with both is a replaced box of that size even with
// alt text.
// https://html.spec.whatwg.org/multipage/rendering.html#images-3
// (testdata/wpt/brokenimg80-fallback-box.html,
// testdata/wpt/sweepleads85-broken-image-sizes.html)
//
// An image button (input type=image) with no image (no src, a broken one)
// shows the same fallback, its alt text being its alt attribute, else its
// value, else "Submit" (an empty one shows nothing, not even the icon).
// Its display is the user agent's inline-block, so its width and height
// (attributes or style) size the fallback box; with both and no alt
// attribute, or in quirks mode, it is a replaced box of that size as an
// img is (in quirks mode one of them stands for both). With its image it is sized and aligned as an img.
// (testdata/wpt/leads88-image-button-size.html)

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
	alt := img.Attribute("alt")
	source := img.HasAttribute("src") || img.HasAttribute("srcset") || usesPicture(img)
	if alt == "" && !source {
		return // nothing to show: a replaced box of its size
	}
	w, h := lengthSize(f.boxCascadedIn(img, boxWidth)), lengthSize(f.boxCascadedIn(img, boxHeight))
	if w != h && quirksDocument(img) {
		// the one given stands for both (hStyleOfBox, vStyleOf)
		b.known |= fallbackSquare
		w, h = true, true
	}
	if w && h && (alt == "" || quirksDocument(img)) {
		// a replaced box of that size, its fallback inside
		b.known |= fallbackSized
		return
	}
	if alt == "" && (w || h) && specifiedSize(f.w.boxCascaded(img, boxAspectRatio)) {
		// one of them and an aspect-ratio: a replaced box; under a
		// height its fallback fills it, under a width alone the fallback
		// is its icon's line, which sets its baseline and least height
		if h {
			b.known |= fallbackSized
		} else {
			b.known |= fallbackRatio
		}
		return
	}
	if alt == "" && !img.HasAttribute("alt") {
		b.known |= fallbackIcon
	} else {
		b.known |= fallbackAlt // alt="": an empty box
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

// imageButton tells whether n is an input in the Image Button state.
func imageButton(n *dom.Node) bool {
	return n.DataAtom == atom.Input && n.Namespace == "" && n.InputType() == "image"
}

// imageButtonFallback sets the fallback flags of the box b of n, an image
// button (displayOfBox), once it is known to have no image: none
// requested (no src), or a broken one (imageData.failed: a microtask
// after its update, or its fetch's failure). Until then, and with an
// image on its way or available, it keeps its replaced box.
func (f *flowLayout) imageButtonFallback(n *dom.Node, b *flowBox) {
	if d, _ := f.w.res.images.get(n); d == nil || !d.failed || d.state == imageAvailable {
		return
	}
	w, h := lengthSize(f.boxCascadedIn(n, boxWidth)), lengthSize(f.boxCascadedIn(n, boxHeight))
	if w != h && quirksDocument(n) {
		// the one given stands for both, as an img's (brokenImage)
		b.known |= fallbackSquare
		w, h = true, true
	}
	if w && h && (n.Attribute("alt") == "" || quirksDocument(n)) {
		b.known |= fallbackSized // a replaced box of that size
		return
	}
	b.known |= fallbackAlt
}

// fallbackText is the alt text a fallback box of n shows: an img's alt
// attribute; an image button's alt attribute, else its value, else
// Chromium's "Submit".
func fallbackText(n *dom.Node) string {
	if n.DataAtom == atom.Img {
		return n.Attribute("alt")
	}
	if v, ok := n.GetAttribute("alt"); ok {
		return v
	}
	if v, ok := n.GetAttribute("value"); ok {
		return v
	}
	return "Submit"
}

// specifiedSize tells whether v, a cascaded width or height, is not auto.
func specifiedSize(v string, ok bool) bool {
	v = strings.TrimSpace(v)
	return ok && v != "" && v != "auto" && !cssWideKeywords[v]
}

// lengthSize tells whether v, a cascaded width or height, is a length or
// a percentage, not auto or a keyword (min-content…).
func lengthSize(v string, ok bool) bool {
	if !specifiedSize(v, ok) {
		return false
	}
	v = strings.TrimSpace(v)
	return v[0] < 'a' || strings.HasPrefix(v, "calc(") || strings.HasPrefix(v, "min(") ||
		strings.HasPrefix(v, "max(") || strings.HasPrefix(v, "clamp(")
}

// fallbackLine is the height of the line of a broken image's icon in its
// fallback kept as a replaced box of content width cw: its line sets the
// box's baseline and least height under a width and an aspect-ratio
// alone; the icon is not shown in a box narrower than its 18px.
func fallbackLine(cw float64) float64 {
	if cw < brokenIconSize+2 {
		return 0
	}
	return brokenIconSize + 4
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
	alt := fallbackText(n)
	if k == fallbackAlt && alt == "" {
		return // alt="": no icon either
	}
	b.iconFloat()
	if k == fallbackAlt {
		b.textNode = nil
		b.text(n, alt)
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
	alt := fallbackText(n)
	if k == fallbackAlt && alt == "" {
		return
	}
	l.min = max(l.min, brokenIconSize)
	l.floatL += brokenIconSize
	if k == fallbackAlt {
		l.text(n, alt)
	}
}
