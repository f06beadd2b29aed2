package jsruntime

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"
)

// An estimate of where an element lies in the page's block flow, for
// IntersectionObserver and the geometry scripts read (flowgeom.go:
// getBoundingClientRect, offsetTop, offsetHeight, clientHeight,
// scrollHeight): without it every observed element is in the viewport, so a section loaded when scrolled to, an island hydrated when
// visible or an infinite list's sentinel at the bottom of a long page is
// loaded where Chromium, at network idle, leaves it as the server sent it.
//
// There is no layout engine: blocks stack with their vertical margins
// (collapsed as CSS 2 says: between siblings, through empty blocks and
// through a parent's top and bottom) and borders, text wraps at spaces at the
// width of its box with the advance tables of textmetrics.go (justified
// lines stretch their spaces), atomic inlines
// sit on lines with the text (moved by text-align and direction), floats
// are taken out of the flow and shorten the lines beside them (flowfloat.go),
// table rows take their tallest item, flex lines and grid rows their
// tallest item or what their container's height gives them (flowheight.go:
// flex columns grow and shrink their items, rows stretch theirs), and a
// box with a height of its own (px, vh, a percentage of a definite
// height…) is that tall. What it cannot know it leaves out rather than guesses (an
// image with no size, line heights of fallback fonts), so it errs towards
// placing content higher on the page: towards loading what Chromium might
// have left for later, never the reverse by more than a line or two.

// flowLayout is the estimate of the page's document. It is kept across
// versions of the document: each mutation forgets what it may have changed
// (flowMutated), so that code measuring after each write (append a row,
// read the list's offsetHeight) lays out again only the path from the
// change to the root, and the parents on it walk their children's known
// boxes. A change of the sheets, a change with no mutation record (form
// state) or one whose effect through selectors cannot be bounded (:has())
// forgets everything.
type flowLayout struct {
	w   *Window
	doc *dom.Document
	// fontGen is the Window's webFontGen the boxes were measured at
	fontGen uint64
	// vw and vh are the size of its viewport: the page's, or a frame's
	// content box (flowframe.go)
	vw, vh float64
	// boxes holds what was measured of each element: its height, its
	// offset in the container that laid it out, its margins.
	boxes map[*dom.Node]*flowBox
	// animSeen is what the animations were sampled at at the last refresh
	// (animSamples), an element an animation left among their targets;
	// animBuf is scratch space.
	animSeen, animBuf []animSample
	depth             int
	// texts, when not nil, gets where each text node laid out lies on
	// its lines (rangerects.go: a Range's rects)
	texts map[*dom.Node]*textRec
	// version and unrecorded are the document's version and count of
	// unrecorded changes the boxes account for, builds and deps those of
	// the sheets (stylesheet.go).
	version, unrecorded uint64
	builds              uint64
	deps                selDeps
	// shadowKey is the sheets' owner generation and CSSOM edits the
	// shadow trees' rules were last checked at (restyleShadowHosts).
	shadowKey [2]uint64
	// layouts counts the elements laid out, forgets the times everything
	// was forgotten, for tests.
	layouts, forgets int
	// fctx is the floats a block container laying out a child that is no
	// formatting context of its own hands over to it, fox and foy where
	// the child's content box lies in their coordinates (flowfloat.go);
	// ctxPool the lists not in use; floatRules tells whether the sheets
	// float anything; genRules whether they give a ::before or ::after
	// box content.
	fctx       *floatCtx
	fctxFor    *dom.Node
	fox, foy   float64
	ctxPool    []*floatCtx
	floatRules bool
	genRules   bool
	// atomPool holds the lists of a line's atomic inlines not in use,
	// spanPool those of open inline boxes
	atomPool [][]lineAtom
	spanPool [][]openSpan
	// gridUsed holds each grid container's track sizes from its latest
	// layout, for getComputedStyle (gridresolved.go)
	gridUsed map[*dom.Node]*usedTracks
	// cv is what is known of the content-visibility: auto boxes
	// (flowcvauto.go), nil until one is laid out
	cv *cvAuto
	// cvChecked is the sheets' builds, plus one, whose rules were looked
	// at for content-visibility: auto
	cvChecked uint64
	// anonRuns maps the stand-in of a flex or grid container's anonymous
	// item to the first text node of the run of text it wraps
	// (anonymousItem)
	anonRuns map[*dom.Node]*dom.Node
	// leads is the chain of inline boxes opensOnBlock last went down
	leads leadChain
	// overflows holds the positionedOverflow of the boxes read since
	// the estimate last forgot anything (overflowOf): each is a walk of
	// the box's subtree, and a virtual list reads its scroller's for
	// every rect of every row (scrollShift clamps the scroll offset).
	// Any change clears it (forget, dropSubtree, dirtyPath).
	overflows map[overflowKey]overflowReach
}

// overflowKey names one box's positionedOverflow: viewport tells the
// root scroller's from the root element's.
type overflowKey struct {
	n        *dom.Node
	viewport bool
}

// dropOverflows forgets the overflows kept: the estimate forgot something.
func (f *flowLayout) dropOverflows() {
	if len(f.overflows) > 0 {
		clear(f.overflows)
	}
}

// flowBox is what the estimate knows of one element: from its style
// (kept until a mutation may change its style) and from its layout (kept
// until a mutation in its subtree).
type flowBox struct {
	height float64 // border box, margins not included
	// content is the height of the content box's content, valid when
	// laidOut
	content float64
	// offset is the top of the border box from the top of the content box
	// of the container that laid it out, valid when placed.
	offset float64
	placed bool
	// laidOut tells whether the element's own content was laid out (its
	// height and its children's offsets are known).
	laidOut     bool
	heightKnown bool
	measuring   bool
	// widthSet: see bw below; widthFallback tells that no container
	// assigned the width: it is measured again when the box's content
	// changes. (Kept with the flags above: the box stays within its
	// allocation size class with its malloc header.)
	widthSet, widthFallback bool
	// areaSet tells that area (below) holds the height of a grid item's
	// grid area
	areaSet bool
	// maxScroll is, on the root element's box, how far the viewport
	// scrolls (maxViewportScroll), valid when maxScrollKnown: a change
	// anywhere in the document clears it on the way up (dirtyPath).
	maxScroll      [2]float64
	maxScrollKnown bool
	// intrinsicKnown and intrinsicBusy: see minW; selfCollapsing: see
	// marginTop (here, in the padding after maxScrollKnown, the box
	// stays within its allocation size class, 768 bytes with the
	// allocator's header)
	intrinsicKnown, intrinsicBusy, selfCollapsing bool

	// known tells which of the style-derived fields below are set.
	known styleKnown
	disp  string
	pos   string
	float bool
	// transformed: a transform property is declared (flowtransform.go)
	transformed bool
	// holdsFixed: the containing block of the fixed boxes below it
	// (flowheight.go)
	holdsFixed bool
	// white-space: lines that do not wrap, white space kept (pre), or
	// newlines kept and spaces collapsed (preLine: pre-line); white space
	// kept that takes room at a line's end and may wrap (breakSpaces:
	// break-spaces)
	nowrap, pre, preLine, breakSpaces bool
	// wrap: how the words of its text break (word-break, overflow-wrap)
	wrap wrapMode
	// how its lines are aligned (text-align, direction)
	align  lineAlign
	hedges hEdges
	hstyle hStyle
	// margins (top, bottom), paddings (top, bottom) and border widths
	// (top, bottom)
	edges      [6]float64
	font       fontMetrics
	lineHeight float64
	// area is the height of a grid item's grid area, what its
	// percentage height resolves against once its rows are sized, when
	// areaSet
	area float64
	// areaW is the width of a grid item's grid area (0 for a box that is
	// none), what its relative offsets' and its paddings' and margins'
	// percentages resolve against
	areaW float64

	// Horizontally (flowwidth.go): bw is the border box's width, as the
	// container assigned it (widthSet); x the left of the border box from
	// the left of the content box of that container, valid when placed;
	// extent how far right of the content box's left its content reaches,
	// valid when laidOut.
	bw, x, extent float64
	// lext is how far left of the content box's left its content
	// reaches (0 or less: a right-to-left box's content overflowing it),
	// valid when laidOut.
	lext float64
	// bext and mext are how far right of the content box's left the
	// border boxes and the margin boxes of its block children reach,
	// valid when laidOut (extent holds the rest: lines, flex items…).
	bext, mext float64
	// minW and maxW are the min- and max-content widths of the border
	// box, valid when intrinsicKnown; table the columns of a table, or of
	// the anonymous table a row or row group outside a table lies in
	// (anonTable).
	minW, maxW float64
	table      *tableCols
	// collapse is where a collapsing table's cells stand
	// (flowcollapse.go)
	collapse *collapseGrid
	// colWidths are the widths a table's rows were laid out with
	colWidths []float64
	// marginTop and marginBottom are the margins of its children that
	// collapse through its top and its bottom (the first child's top
	// margin, the last one's bottom margin), valid when laidOut;
	// selfCollapsing tells that its own top and bottom margins adjoin (an
	// empty block): all of them collapse into marginTop.
	marginTop, marginBottom marginRun
	// flt is what it keeps of the floats around it, when there were any
	// (flowfloat.go).
	flt *floatRec

	// Vertically from outside (flowheight.go): forced is the border-box
	// height its container gave it (forcedSet), usedDef tells that its
	// definite height was read (by its content, or its children's
	// percentages), pctDep that its height is a percentage of its
	// parent's; forcedIndef that the forced height is no definite height
	// for its children's percentages (a flexed item of a column whose
	// height is not definite, its flex basis not definite either; in the
	// padding after the flags before it, the box's size is unchanged).
	forced                                  float64
	forcedSet, usedDef, pctDep, forcedIndef bool
	vstyle                                  vStyle
	// natural is its content's height when its items were sized to
	// another (a flex column's), valid when laidOut and naturalSet
	natural    float64
	naturalSet bool
	// grewRows tells that a table or a row group shared the height its
	// own height leaves over its rows among them (tableDistribute)
	grewRows bool
	// baseline is where the baseline of its last line box (of its first
	// item, for a flex or grid container) lies from its border box's top,
	// firstBase that of its first line box, valid when laidOut and hasBase
	// (it has one; kept with the flag above, the box stays within its
	// allocation size class)
	hasBase bool
	// lastText: its last line box is its own and holds text
	// (glyphsBelow), valid with hasBase
	lastText            bool
	baseline, firstBase float64
	// frags are an inline box's fragments, one a line, when it lies on
	// several lines (its x and bw are their union), valid when laidOut
	frags []inlineFrag
}

// takeSpans takes a list of open inline boxes from the layout's pool.
func (f *flowLayout) takeSpans() []openSpan {
	if k := len(f.spanPool); k > 0 {
		s := f.spanPool[k-1]
		f.spanPool = f.spanPool[:k-1]
		return s
	}
	return make([]openSpan, 0, 4)
}

// inlineFrag is the part of an inline box on one line: its border box
// from x, bw wide, as its line is aligned, dy below the box's top (line
// while laid out: the line of the run of lines it is on, from 1).
type inlineFrag struct {
	x, bw, dy float64
	// top is its line's top in the block flow laying it out
	top float64
}

// openSpan is an inline box being laid out: where its fragment on the
// open line starts (x0, its border box's left from the line's left), its
// content on its first line (cx), and the spaces of the line before it;
// first tells that it started on the open line.
type openSpan struct {
	node   *dom.Node
	cb     *flowBox
	x0, cx float64
	// up is how far vertical-align raises its baseline above the line's
	// (its own and its open ancestors': baselineShift)
	up    float64
	sp0   int
	first bool
	// align is vTop or vBottom when it or an open ancestor has
	// vertical-align top or bottom: its content sits on that box's
	// baseline, which is placed against the line box (a lineAtom), not on
	// the line's baseline; alignA and alignB are that box's extent above
	// and below its baseline (alignedExtent) and alignUp its up
	align                   lineVAlign
	alignA, alignB, alignUp float64
}

// marginRun is a run of adjoining vertical margins collapsed into one: the
// largest positive and the most negative of them; the run's size is their
// sum.
// https://drafts.csswg.org/css2/#collapsing-margins
type marginRun struct{ pos, neg float64 }

func (m *marginRun) add(x float64) {
	if x > 0 {
		m.pos = max(m.pos, x)
	} else {
		m.neg = min(m.neg, x)
	}
}

func (m *marginRun) join(o marginRun) { m.pos, m.neg = max(m.pos, o.pos), min(m.neg, o.neg) }

func (m marginRun) size() float64 { return m.pos + m.neg }

// styleKnown are the bits of flowBox.known.
type styleKnown uint32

const (
	knownDisplay styleKnown = 1 << iota
	knownPos
	knownEdges
	knownFont
	knownLineHeight
	knownHEdges
	knownWhiteSpace
	knownHStyle
	knownAlign
	knownVStyle
	knownTransform
	knownWrap
	knownHolds
	// flags set with knownDisplay: a broken image laid out as Chromium's
	// fallback box (fallbackIcon: its icon; fallbackAlt: its icon and its
	// alt text), fallbackInline when its display is inline (its width and
	// height are ignored; flowimg.go); fallbackSized when it is a
	// replaced box of its size with its fallback inside (its baseline is
	// its content box's bottom), fallbackSquare when, in quirks mode, its
	// one width or height stands for both, fallbackRatio when it is a
	// replaced box of a width and an aspect-ratio (fallbackLine)
	fallbackIcon
	fallbackAlt
	fallbackInline
	fallbackSized
	fallbackSquare
	fallbackRatio
	// knownCellPct: cellPercents looked at a table cell's paddings, and
	// cellPct tells that one of them is a percentage (cells are asked
	// many times while their table's columns are sized)
	knownCellPct
	cellPct
	// staticEnd: the static position staticPseudo notes in the box of
	// an absolutely positioned ::before or ::after box is where its
	// margin box ends, not where it starts (a right-to-left host's, or
	// a point the line's reordering gives an odd level)
	staticEnd
)

// selDeps is what a selector may read besides the element it matches and
// its ancestors (and their attributes): its siblings (depAdjacent: the
// next or previous one or the element's emptiness; depSiblings: any of
// them, counted or by type) or its descendants (depHas).
type selDeps uint8

const (
	depAdjacent selDeps = 1 << iota
	depSiblings
	depHas
	// depContainer: a rule in an @container block, whose match reads the
	// size of a container any change may change (containerquery.go)
	depContainer
	// depScope: a rule in an @scope block, which ranks by the nearness
	// of its scoping root (cssnesting.go); the flow estimate ignores it
	depScope
)

// selectorDeps reads the deps of a selector's text.
func selectorDeps(text string) selDeps {
	var d selDeps
	t := ascii.Lower(text)
	if strings.Contains(t, ":has(") || strings.Contains(t, ":haschild(") { // (:has(> x) as the sheets rewrite it)
		d |= depHas
	}
	if strings.Contains(t, "nth-") || strings.Contains(t, "-of-type") || strings.Contains(t, ":only-") {
		d |= depSiblings
	}
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '~':
			if i+1 < len(t) && t[i+1] == '=' {
				continue // [attr~=word]
			}
			d |= depSiblings
		case '+':
			d |= depAdjacent
		}
	}
	if strings.Contains(t, ":first-child") || strings.Contains(t, ":last-child") || strings.Contains(t, ":empty") {
		d |= depAdjacent
	}
	return d
}

func (f *flowLayout) box(n *dom.Node) *flowBox {
	b := f.boxes[n]
	if b == nil {
		b = &flowBox{}
		f.boxes[n] = b
	}
	return b
}

// edge returns n's margin-top (0), margin-bottom (1), padding-top (2),
// padding-bottom (3), border-top-width (4) or border-bottom-width (5) in
// px, paddings at least 0, a border 0 when its style is none or hidden.
func (f *flowLayout) edgeOf(n *dom.Node, i int) float64 { return f.edgeOfBox(n, f.box(n), i) }

// edgeOfBox is edgeOf for n, whose box is b.
func (f *flowLayout) edgeOfBox(n *dom.Node, b *flowBox, i int) float64 {
	if b.known&knownEdges != 0 && b.known&knownHEdges != 0 && b.hedges.pct&^(pctPadL|pctPadR|pctMarL|pctMarR) != 0 {
		f.percentEdges(n, b) // flowwidth.go
	}
	if b.known&knownEdges == 0 {
		b.known |= knownEdges
		if f.displayOfBox(n, b) == "contents" {
			b.edges = [6]float64{} // no box: no margin, border or padding
			return 0
		}
		// in Chromium's layout unit (1/64 px), toward zero: a 0.67em
		// margin at 28px is 18.75
		b.edges = [6]float64{layoutUnit(f.lengthIn(n, "margin-top")), layoutUnit(f.lengthIn(n, "margin-bottom")),
			layoutUnit(max(f.lengthIn(n, "padding-top"), 0)), layoutUnit(max(f.lengthIn(n, "padding-bottom"), 0)),
			f.usedBorder(n, f.side(n, 0)), f.usedBorder(n, f.side(n, 2))}
		if f.marginless(n, b) {
			b.edges[0], b.edges[1] = 0, 0
		}
		if f.paddingless(n, b) {
			b.edges[2], b.edges[3] = 0, 0
		} else if b.disp == "table-cell" {
			if pct, ok := f.cellPercents(n); ok {
				// its row gives them (cellPercentEdges)
				b.edges[2], b.edges[3] = noPercent(pct[0], b.edges[2]), noPercent(pct[2], b.edges[3])
			}
		} else if f.inlineLevelBox(n, b) && f.frameOf(n) == wmHorizontal {
			// an inline box's percentage paddings are of its containing
			// block's width, as its left and right ones (hEdgesOfBox):
			// they widen its border box up and down
			b.edges[2] = layoutUnit(max(f.inlinePercentEdge(n, "padding-top", b.edges[2]), 0))
			b.edges[3] = layoutUnit(max(f.inlinePercentEdge(n, "padding-bottom", b.edges[3]), 0))
		}
		b.hedges.resolvedV = false // b.edges are as declared again
		if e := f.hEdgesOfBox(n, b); e.pct&^(pctPadL|pctPadR|pctMarL|pctMarR) != 0 {
			f.percentEdges(n, b) // flowwidth.go
		}
	}
	return b.edges[i]
}

// layoutUnit is px in Chromium's layout unit (1/64 px), rounded toward
// zero as its conversion from a float does.
func layoutUnit(px float64) float64 { return math.Trunc(px*64+math.Copysign(1e-6, px)) / 64 }

// percentOfLength is pct% of basis px as Chromium resolves a percentage
// length (MinimumValueForLength): in single precision, the product and
// the quotient each rounded to a float, before the layout unit takes it.
// Styled System's width 1/3 is 33.33333333333333%, of 1248px 416px there
// (the product rounds to 41600), where double precision gives
// 415.99999999999994 and a layout unit less.
func percentOfLength(pct, basis float64) float64 {
	product := float32(float32(basis) * float32(pct))
	return float64(float32(product / 100))
}

// autoMarginHalf is what each of two auto margins sharing free px takes,
// as Chromium halves it: in its layout unit, toward zero, none when free
// is negative (a block, flex or grid item, an absolutely positioned box).
func autoMarginHalf(free float64) float64 { return max(layoutUnit(free/2), 0) }

// layoutUnitCeil is px rounded up to Chromium's layout unit, as it takes
// the width of a run of text.
func layoutUnitCeil(px float64) float64 { return math.Ceil(px*64-1e-6) / 64 }

// layoutUnitRound is px in Chromium's layout unit, to the nearest.
func layoutUnitRound(px float64) float64 { return math.Round(px*64) / 64 }

// borderOf is the width of n's border on side (0 top, 1 right, 2 bottom,
// 3 left): 0 when its style is none or hidden, medium (3px) when its
// width is not given.
// https://drafts.csswg.org/css-backgrounds/#border-width
func (f *flowLayout) borderOf(n *dom.Node, side int) float64 {
	st, ok := f.w.boxCascaded(n, boxBorderTopStyle+side)
	if !ok || cssWideKeywords[st] {
		return 0
	}
	if st = ascii.Lower(strings.TrimSpace(st)); st == "none" || st == "hidden" {
		return 0
	}
	if v, ok := f.w.boxCascaded(n, boxBorderTopWidth+side); ok {
		pb := parentBox{w: f.w, n: n}
		return float64(borderWidthPx(&pb, v))
	}
	return 3
}

// display is n's display, as long as its box is known.
func (f *flowLayout) display(n *dom.Node) string { return f.displayOfBox(n, f.box(n)) }

// displayOfBox is display for n, whose box is b.
func (f *flowLayout) displayOfBox(n *dom.Node, b *flowBox) string {
	if b.known&knownDisplay == 0 {
		b.known |= knownDisplay
		b.disp = f.w.display(n)
		switch b.disp {
		case "inline math":
			b.disp = "inline"
		case "block math":
			// the estimate has no math layout: a formula's boxes sit
			// side by side as inline boxes, a display="block" formula
			// is a block
			b.disp = "inline"
			if n.Data == "math" {
				b.disp = "block"
			}
		}
		if n.Is(atom.Legend) {
			// blockified, as its computed display (computedDisplay)
			b.disp = blockified(b.disp)
		}
		if n.Is(atom.Noscript) {
			// with scripting enabled its content is raw text and it
			// has no box, whatever its display (a React app's "You
			// need to enable JavaScript" line takes no room)
			// https://html.spec.whatwg.org/multipage/rendering.html#hidden-elements
			b.disp = "none"
		}
		fl, _ := f.w.cascaded(n, "float")
		b.float = fl == "left" || fl == "right" || fl == "inline-start" || fl == "inline-end"
		f.floatRules = f.floatRules || b.float
		if n.DataAtom == atom.Img && n.Namespace == "" {
			f.brokenImage(n, b)
		} else if n.DataAtom == atom.Input && imageButton(n) {
			f.imageButtonFallback(n, b)
		}
	}
	return b.disp
}

// WatchLayout sets changed to be called whenever the page's layout may
// have changed: after every mutation of its document. changed must be
// cheap; webapi's intersection observers schedule a check of their targets.
func (w *Window) WatchLayout(changed func()) { w.layoutChanged = changed }

// maxFlowDepth bounds how deep the estimate descends; deeper content adds
// no height.
const maxFlowDepth = 256

// maxInlineDepth bounds how deep inline boxes nest in a line's walk, which
// recurses at each: the content of deeper ones is not laid out. A parsed
// page nests no deeper than 512 (dom's flattenDeep, as Blink's parser), so
// only a script's chain of a thousand inline boxes or more meets it, which
// could otherwise run the goroutine's stack past Go's 1 GB bound: a fatal
// error, not a panic, that would end the process.
const maxInlineDepth = 1024

// FlowPlace estimates the top of target's border box in viewport
// coordinates (the document's, less how far it is scrolled) and its
// height, in CSS pixels; ok is false when target is not a rendered
// element of the page's document.
func (w *Window) FlowPlace(target *goja.Object) (top, height float64, ok bool) {
	n := w.toNode(target)
	if n == nil {
		return 0, 0, false
	}
	r, ok := w.clientBounds(n) // flowtransform.go
	top, height = r.top, r.height
	if ok {
		_, dy := w.scrollShift(n)
		top -= dy
	}
	return top, height, ok
}

// flow returns the estimate of the page's document, brought up to date
// with its sheets and its animations.
func (w *Window) flow() *flowLayout {
	w.flushStyle()
	f := w.geo
	fresh := f == nil || f.doc != w.doc
	if fresh {
		f = &flowLayout{w: w, doc: w.doc, boxes: map[*dom.Node]*flowBox{}}
		w.geo = f
	}
	f.vw, f.vh = float64(w.cfg.Viewport.Width), float64(w.cfg.Viewport.Height)
	w.refreshFlow(f, fresh)
	if f.cv == nil && f.cvChecked != f.builds+1 {
		// (once a build of the sheets)
		f.cvChecked = f.builds + 1
		if mayGiveAuto(w.sheetsOf(f.doc).byProp["content-visibility"]) {
			f.cv = newCvAuto()
		}
	}
	if f.cv != nil {
		w.settleAuto(f) // flowcvauto.go
	}
	return f
}

// refreshFlow brings f (fresh: just made) up to date with its document's
// sheets and its animations.
func (w *Window) refreshFlow(f *flowLayout, fresh bool) *flowLayout {
	sh := w.sheetsOf(f.doc)
	f.leads.chain, f.leads.at = f.leads.chain[:0], 0 // (the tree may have changed)
	if !fresh && (f.version != f.doc.Version() || f.unrecorded != f.doc.UnrecordedChanges() || f.builds != sh.builds || f.fontGen != w.webFontGen || !flowIncremental) {
		// a change no record told of, a change of the sheets, a web
		// font that text may now measure with (webfont.go)
		f.forget()
	}
	f.version, f.unrecorded, f.builds, f.deps = f.doc.Version(), f.doc.UnrecordedChanges(), sh.builds, sh.deps
	f.fontGen = w.webFontGen
	w.restyleShadowHosts(f) // shadowstyle.go
	f.floatRules = f.floatRules || len(sh.byProp["float"]) > 0
	f.genRules = len(sh.byProp[pseudoKey("before", "content")]) > 0 || len(sh.byProp[pseudoKey("after", "content")]) > 0
	// an animated element's style changes with time, with no mutation,
	// and so does the style of one an animation left (cancelled, its
	// effect removed or retargeted): when its animations were sampled
	// otherwise, its boxes and those of its descendants, which inherit
	// animated values, are measured again (animSamples)
	if a := w.anim; a != nil && (len(a.byTarget) > 0 || len(f.animSeen) > 0) {
		f.animSamples(a, len(f.boxes) > 0)
	}
	return f
}

// animSample is what the values an animation gives its target at a
// refresh depend on, but for the target's own style (whose changes are
// mutations).
type animSample struct {
	effect            *keyframeEffect
	target            *dom.Node
	frames            *keyframe // the first; new keyframes are a new slice
	nframes           int
	composite, pseudo string
	// point and iteration are the bits of the effect's sampling point
	// and current iteration (NaN when not in effect)
	point, iteration uint64
	removed          bool
}

// animSamples samples the animations of a (their targets, keyframes,
// sampling points and iterations) and, when measure is set, forgets the
// boxes of each target whose animations were sampled otherwise at the last
// refresh: the boxes of an element whose animations stand where they stood
// (a read in the same task, or in a later one at the same time) stay, as
// the values they give do. An animation added, removed, retargeted or given
// other keyframes changes the samples of its targets.
func (f *flowLayout) animSamples(a *animationState, measure bool) {
	cur := f.animBuf[:0]
	for _, an := range a.all {
		e := an.effect
		if e == nil || e.target == nil {
			continue
		}
		c := e.computed()
		var frames *keyframe
		if len(e.frames) > 0 {
			frames = &e.frames[0]
		}
		cur = append(cur, animSample{effect: e, target: e.target, frames: frames, nframes: len(e.frames),
			composite: e.composite, pseudo: e.pseudo,
			point: math.Float64bits(c.transformed), iteration: math.Float64bits(c.currentIteration),
			removed: an.replace == "removed"})
	}
	if measure {
		prev := f.animSeen
		var last *dom.Node
		changed := func(el *dom.Node) {
			if el != last {
				f.styleChanged(el)
				last = el
			}
		}
		for i := range max(len(cur), len(prev)) {
			if i < len(cur) && i < len(prev) && cur[i] == prev[i] {
				continue
			}
			if i < len(cur) {
				changed(cur[i].target)
			}
			if i < len(prev) {
				changed(prev[i].target)
			}
		}
	}
	f.animSeen, f.animBuf = cur, f.animSeen
}

// flowIncremental is cleared by a benchmark to measure what keeping the
// estimate across mutations saves.
var flowIncremental = true

// forget drops everything the estimate knows.
func (f *flowLayout) forget() {
	clear(f.boxes)
	clear(f.gridUsed)
	clear(f.anonRuns)
	f.dropOverflows()
	f.forgets++
}

// flowPlace is FlowPlace for an element.
func (w *Window) flowPlace(n *dom.Node) (top, height float64, ok bool) {
	r, ok := w.flowRect(n)
	return r.top, r.height, ok
}

// flowBounds is where the estimate puts an element's border box in the
// document.
type flowBounds struct{ left, top, width, height float64 }

// flowRect is the estimate of n's border box in document coordinates.
func (w *Window) flowRect(n *dom.Node) (r flowBounds, ok bool) {
	if !n.IsElement() || !n.IsConnected() {
		return r, false
	}
	f := w.flowOf(n.Document()) // flowframe.go
	if f == nil {
		return r, false
	}
	chain := make([]*dom.Node, 0, 16)
	for a := n; a != nil; a = w.flatParent(a) {
		if f.display(a) == "none" {
			return r, false
		}
		chain = append(chain, a)
	}
	if chain[len(chain)-1] != f.doc.DocumentElement() {
		return r, false // in no flat tree: a host's child no slot takes
	}
	if f.verticalOnChain(chain) {
		return f.rectInModes(chain), true // flowvertical.go
	}
	// chain runs from n up to the root element. Walk it down from one
	// container to the next box it lays out, adding that box's offset: a
	// flex, grid or table row lays out its children, a block container
	// the first descendant on the chain that is not an inline box (whose
	// children flow on the container's lines).
	i := len(chain) - 1
	// tops and lefts hold the tops and lefts of the border boxes of chain
	// walked, where an absolutely positioned box's containing block lies
	var topsArr, leftsArr [16]float64
	tops, lefts := topsArr[:0], leftsArr[:0]
	if len(chain) > len(topsArr) {
		tops, lefts = make([]float64, 0, len(chain)), make([]float64, 0, len(chain))
	}
	tops, lefts = tops[:len(chain)], lefts[:len(chain)]
	// the root's border box is inside its margins (which collapse with
	// nothing)
	root := chain[len(chain)-1]
	r.left, r.top = f.hEdgesOf(root).marL, f.edgeOf(root, 0)
	tops[len(chain)-1], lefts[len(chain)-1] = r.top, r.left
	if k := foreignObjectOnChain(chain); k > 0 {
		// in a foreignObject: laid out in its box, where the SVG
		// geometry puts it (flowforeign.go)
		fb, ok := w.svgClientBounds(chain[k])
		if !ok {
			return r, false
		}
		r.left, r.top = fb.left, fb.top
		tops[k], lefts[k] = fb.top, fb.left
		i = k
	}
	for i > 0 {
		a := chain[i]
		j := f.placedNext(chain, i)
		c := chain[j]
		e := f.hEdgesOf(a)
		// the top and left of a's content box
		top0 := r.top + f.edgeOf(a, 4) + f.edgeOf(a, 2) + f.contentDown(a)
		left0 := r.left + e.padL + e.borL
		for k := j + 1; k < i; k++ {
			// a positioned inline box a lays out, where its line puts it
			// (a containing block)
			if p := f.pos(chain[k]); p != "" && p != "static" {
				tops[k] = top0 + f.offset(a, chain[k])
				lefts[k] = left0 + f.box(chain[k]).x
			}
		}
		switch p := f.pos(c); p {
		case "fixed", "absolute":
			f.offset(a, c)
			cbTop, cbLeft, cbW := 0.0, 0.0, f.vw
			var cb *dom.Node
			if p == "absolute" {
				cb = f.containingBlock(c)
			} else {
				cb = f.fixedContainingBlock(c) // flowforeign.go
			}
			if cb != nil {
				for k := j + 1; k < len(chain); k++ {
					if chain[k] == cb {
						cbTop, cbLeft = tops[k]+f.edgeOf(cb, 4), lefts[k]+f.hEdgesOf(cb).borL
						break
					}
				}
			}
			if p == "absolute" || cb != nil {
				cbW = f.cbWidth(c, f.width(a))
			}
			if g := f.gridAbsParent(c); g != nil {
				// its containing block is its grid area, its static
				// position that area's start
				e := f.hEdgesOf(g)
				pw := max(f.borderWidth(g)-e.borL-e.borR, 0)
				x, w := f.gridAbsSpan(c, g, true, pw)
				if f.lineAlignOf(g).rtlFlow() {
					x = pw - x - w
				}
				y, h := f.gridAbsSpan(c, g, false, max(f.height(g)-f.edgeOf(g, 4)-f.edgeOf(g, 5), 0))
				cbTop, cbLeft = cbTop+y, cbLeft+x
				ce := f.hEdgesOf(c)
				if t, ok := f.insetTop(c); ok {
					r.top = cbTop + t
				} else {
					// aligned in its area by align-self
					marT := f.edgeOf(c, 0)
					r.top = cbTop + marT + staticShift(f.gridAbsSelf(g, c, false), h-f.height(c)-marT-f.edgeOf(c, 1))
				}
				if x, ok := f.insetLeft(c, cbW); ok {
					r.left = cbLeft + x
				} else {
					// aligned in its area by justify-self
					a := f.gridAbsSelf(g, c, true)
					rtl := f.lineAlignOf(g).rtlFlow()
					if rtl {
						a = swapLeftRight(a)
					}
					shift := staticShift(a, cbW-f.borderWidth(c)-ce.outer())
					if rtl {
						r.left = cbLeft + cbW - ce.marR - f.borderWidth(c) - shift
					} else {
						r.left = cbLeft + ce.marL + shift
					}
				}
				break
			}
			if t, ok := f.insetTop(c); ok {
				r.top = cbTop + t
			} else {
				r.top = top0 + f.offset(a, c) // its static position
			}
			if x, ok := f.insetLeft(c, cbW); ok {
				r.left = cbLeft + x
			} else {
				r.left = left0 + f.box(c).x
			}
		default:
			r.top = top0 + f.offset(a, c)
			r.left = left0 + f.box(c).x
			if s := f.anonItemHolding(a, c); s != nil {
				// laid out in that item, where a put it
				sb := f.box(s)
				r.top, r.left = r.top+sb.offset, r.left+sb.x
			}
			switch p {
			case "relative":
				r.top += f.relativeShift(c)
				r.left += f.relativeShiftX(c)
			case "sticky":
				dx, dy := w.stickyShift(f, chain, i, j, tops, lefts, r.left, r.top, left0, top0)
				r.left, r.top = r.left+dx, r.top+dy
			}
		}
		tops[j], lefts[j] = r.top, r.left
		i = j
	}
	r.width, r.height = f.borderWidth(n), f.height(n)
	return r, true
}

func (f *flowLayout) pos(n *dom.Node) string { return f.posOfBox(n, f.box(n)) }

// posOfBox is pos for n, whose box is b.
func (f *flowLayout) posOfBox(n *dom.Node, b *flowBox) string {
	if b.known&knownPos == 0 {
		b.known |= knownPos
		b.pos, _ = f.w.boxCascaded(n, boxPosition)
	}
	return b.pos
}

// length is n's computed prop in px (margins, paddings), 0 when it is not
// a length, in Chromium's layout unit (1/64 px, toward zero: a 0.3em
// margin at 16px is 4.796875px wide there).
func (f *flowLayout) length(n *dom.Node, prop string) float64 {
	v, animated := "", false
	if f.w.anim != nil {
		v, animated = f.w.animatedValue(n, prop) // a computed value
	}
	if !animated {
		v, _ = f.w.uaComputed(n, prop)
		if mayBeRounded(v) {
			v = f.w.exactPx(n, prop, v)
		}
	}
	if s, ok := strings.CutSuffix(v, "px"); ok {
		if x, err := strconv.ParseFloat(s, 64); err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) {
			return specifiedLayoutUnit(s, x)
		}
	}
	return 0
}

// inlineLevel tells whether n takes part in its container's lines as an
// inline box whose children flow with the text around it.
func (f *flowLayout) inlineLevel(n *dom.Node) bool { return f.inlineLevelBox(n, f.box(n)) }

// inlineLevelBox is inlineLevel for n, whose box is b.
func (f *flowLayout) inlineLevelBox(n *dom.Node, b *flowBox) bool {
	switch d := f.displayOfBox(n, b); d {
	case "inline", "contents", "ruby", "ruby-text":
		if b.float && d != "contents" {
			return false // blockified
		}
		if p := f.posOfBox(n, b); d != "contents" && (p == "absolute" || p == "fixed") {
			return false // blockified (MathJax measures ex with a 60ex high absolutely positioned element)
		}
		if d != "contents" {
			// a flex or grid item is blockified
			if p := f.boxParent(n); p != nil && f.itemsOf(p) {
				return false
			}
		}
		return !f.replaced(n)
	}
	return false
}

// atomic tells whether n sits on a line as one box (inline-block, an
// image, a form control, a float).
func (f *flowLayout) atomic(n *dom.Node) bool { return f.atomicBox(n, f.box(n)) }

// atomicBox is atomic for n, whose box is b.
func (f *flowLayout) atomicBox(n *dom.Node, b *flowBox) bool {
	switch f.displayOfBox(n, b) {
	case "inline-block", "inline-flex", "inline-grid", "inline-table":
		return true
	case "inline":
		return f.replaced(n)
	}
	return b.float
}

func (f *flowLayout) replaced(n *dom.Node) bool {
	if n.DataAtom == atom.Img && n.Namespace == "" || n.DataAtom == atom.Input && imageButton(n) {
		return f.fallbackOf(n) == 0
	}
	return replacedOrControl(n)
}

// replacedOrControl tells whether n is a replaced element, an image or a
// form control: it sits on a line as one box.
func replacedOrControl(n *dom.Node) bool {
	if replacedElement(n) {
		return true
	}
	if n.Namespace == "" {
		switch n.Data {
		case "img", "input", "select", "textarea", "button", "meter", "progress":
			return true
		}
	}
	return false
}

// skipped tells whether n takes no room in its container's flow.
func (f *flowLayout) skipped(n *dom.Node) bool {
	return f.skippedBox(n, f.box(n))
}

// skippedBox is skipped for n, whose box is b.
func (f *flowLayout) skippedBox(n *dom.Node, b *flowBox) bool {
	if f.displayOfBox(n, b) == "none" {
		return true
	}
	p := f.posOfBox(n, b)
	return p == "absolute" || p == "fixed"
}

// width is the estimated width of n's content box.
func (f *flowLayout) width(n *dom.Node) float64 {
	if f.orthogonal(n) {
		return max(f.orthoInline(n), 0) // along its own inline axis
	}
	return max(f.borderWidth(n)-f.hEdgesOf(n).inner(), 0)
}

func (f *flowLayout) font(n *dom.Node) fontMetrics {
	b := f.box(n)
	if b.known&knownFont == 0 {
		b.known |= knownFont
		b.font = f.w.fontOf(n)
		if formControl(n) {
			b.font.size = f.controlFontSize(n)
		}
	}
	return b.font
}

// lineHeight is the used line height of text in n.
func (f *flowLayout) lineHeight(n *dom.Node) float64 {
	b := f.box(n)
	if b.known&knownLineHeight == 0 {
		b.known |= knownLineHeight
		b.lineHeight = f.usedLineHeight(n)
	}
	return b.lineHeight
}

// usedLineHeight is n's line-height in CSS pixels, in Chromium's layout
// unit (1/64 px): a length rounded to it, a number's product with the font
// size rounded down (1.45 at 16px is 23.1875, 23.2px is 23.203125).
func (f *flowLayout) usedLineHeight(n *dom.Node) float64 {
	font := f.font(n)
	fs := font.size
	v := f.w.inheritedSVGProp(n, "line-height")
	if lengthLineHeight(v) {
		// a length or a percentage computes to a length where it is
		// declared, which the children inherit, not the declaration
		// (daterangepicker's `font-size: 15px; line-height: 1em` makes
		// the lines of its 12px range items 15px tall)
		if _, own := f.w.declaredSVGProp(n, "line-height"); !own {
			if p := f.w.styleParent(n); p != nil && p.IsElement() {
				return f.lineHeight(p)
			}
		}
	}
	switch {
	case v == "" || v == "normal" || v == "initial":
		return font.normalLineHeight()
	case strings.HasSuffix(v, "px"):
		if x, err := strconv.ParseFloat(strings.TrimSuffix(v, "px"), 64); err == nil && x >= 0 {
			return layoutUnitRound(x)
		}
	case strings.HasSuffix(v, "%"):
		if x, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64); err == nil && x >= 0 {
			return layoutUnitRound(fs * lineHeightPercent(x) / 100)
		}
	case strings.HasSuffix(v, "rem"):
		if x, err := strconv.ParseFloat(strings.TrimSuffix(v, "rem"), 64); err == nil && x >= 0 {
			return layoutUnitRound(f.w.rootFontSize(n) * x)
		}
	case strings.HasSuffix(v, "em"):
		if x, err := strconv.ParseFloat(strings.TrimSuffix(v, "em"), 64); err == nil && x >= 0 {
			return layoutUnitRound(fs * x)
		}
	case cssvalue.IsMath(v):
		// calc(1.25 / 0.875), Tailwind 4's leading: a number is of the
		// font size as a plain one is, a percentage too
		ctx := f.w.unitContext(n)
		if p, ok := cssvalue.Eval(v, &ctx); ok && p.Is(cssvalue.Pct) {
			// calc(137.5%) is a percentage too, cut as one
			return layoutUnitRound(fs * lineHeightPercent(max(p.Pct, 0)) / 100)
		}
		ctx.PercentBasis, ctx.HasPercentBasis = fs, true
		if x, ok := cssvalue.Eval(v, &ctx); ok {
			switch {
			case x.Is(cssvalue.Num):
				return mathLineHeight(fs, max(x.Num, 0))
			case x.Is(cssvalue.Px):
				return layoutUnitRound(max(x.Px, 0))
			}
		}
	default:
		if x, err := strconv.ParseFloat(v, 64); err == nil && x >= 0 {
			return numberLineHeight(fs, x)
		}
		// another length: ex, ch, lh, vh...
		if x, unit, ok := cssvalue.SplitNumber(v); ok && unit != "" && x >= 0 {
			ctx := f.w.unitContext(n)
			if d, ok := cssvalue.Dimension(x, unit, &ctx); ok && d.Is(cssvalue.Px) {
				return layoutUnitRound(d.Px)
			}
		}
	}
	return font.normalLineHeight()
}

// lengthLineHeight tells whether line-height value v is a length or a
// percentage that depends on the font (not a number, normal or px).
func lengthLineHeight(v string) bool {
	if cssvalue.IsMath(v) {
		t := cssvalue.TypeOfMath(v)
		return t != cssvalue.MathNumber && t != cssvalue.MathInvalid
	}
	_, unit, ok := cssvalue.SplitNumber(v)
	return ok && unit != "" && unit != "px"
}

// numberLineHeight is a line-height number x's product with the font size
// fs, rounded down to the layout unit: 1.42857 at 28px is 39.984375, not
// 40 (declarations keep the double they were written with, so
// calc(1.25 / 0.875) at 14px is 20 and 1.42857143 at 28px 40).
func numberLineHeight(fs, x float64) float64 {
	return math.Floor(fs*x*64+1e-6) / 64
}

// mathLineHeight is numberLineHeight for a number calc() gives, but not
// below for a product just short of a whole unit: the math keeps six
// significant digits of its result (calc(1.25 / 0.875) is stored as
// calc(1.42857), 14px of which is 19.99998px, where Chromium's 20px comes
// from the full quotient).
func mathLineHeight(fs, x float64) float64 {
	units := fs * x * 64
	if r := math.Round(units); math.Abs(units-r) <= units*5e-6 {
		units = r
	}
	return math.Floor(units+1e-6) / 64
}

// lineHeightPercent is the percentage a line-height of x% is taken as:
// Chromium converts it to a length by the percentage's integer part
// (StyleBuilderConverter::ConvertLineHeight takes GetIntValue), so 137.5%
// of 16px is 21.92px, not 22, and 99.9% 15.84px.
func lineHeightPercent(x float64) float64 {
	return math.Trunc(x)
}

// ownHeight is n's border-box height when the cascade gives it a height (px, %, vh…),
// clamped by min-height and max-height.
func (f *flowLayout) ownHeight(n *dom.Node) (float64, bool) {
	st := f.vStyleOf(n)
	if !st.hasH {
		return 0, false
	}
	if isStretch(st.height) {
		return f.stretchHeight(n)
	}
	if strings.Contains(st.height, "%") && (f.rowOrGroup(n) || f.display(n) == "table-caption") {
		// a row's or row group's percentage takes part in the table's
		// distribution of its height only (tableDistribute), as in
		// Chromium; it sizes nothing before. A caption's is auto
		// (Chromium's TablesNG, csswg-drafts#4676)
		return 0, false
	}
	// a length keeps its fraction (height: 60ex); a percentage of an
	// indefinite height is auto
	px, ok := f.vLength(n, st.height)
	if !ok {
		return 0, false
	}
	pads := f.vPads(n)
	if f.borderBoxSizing(n) {
		return max(f.clamp(n, px), pads), true
	}
	return f.clamp(n, px) + pads, true
}

// stretchHeight is the border-box height of n under height: stretch: what
// its containing block's definite height (the one its percentages resolve
// against) leaves its margin box, within its min-height and max-height; an
// absolutely positioned box's between its insets, one of them auto
// counting as 0, a grid's child from the start of its area. ok is false
// when that height is indefinite (stretch then behaves as auto) and for an
// absolutely positioned box with neither top nor bottom outside a grid
// (its static position is not known here).
// https://drafts.csswg.org/css-sizing-4/#stretch-fit-sizing
func (f *flowLayout) stretchHeight(n *dom.Node) (float64, bool) {
	h, ok := f.stretchRoom(n)
	if !ok {
		return 0, false
	}
	return f.clampBorderBox(n, h), true
}

// stretchRoom is the border-box height stretch gives n before its
// min-height and max-height: what its containing block's definite height
// leaves its margin box (see stretchHeight); also the limit of a
// min-height or max-height of stretch (vLength).
func (f *flowLayout) stretchRoom(n *dom.Node) (float64, bool) {
	room := f.pctBasis(n)
	if room < 0 {
		return 0, false
	}
	if p := f.pos(n); p == "absolute" || p == "fixed" {
		st := f.vStyleOf(n)
		if !st.hasTop && !st.hasBottom && f.gridAbsParent(n) == nil {
			return 0, false
		}
		if t, ok := f.signedLength(n, st.top, room); st.hasTop && ok {
			room -= t
		}
		if bt, ok := f.signedLength(n, st.bottom, room); st.hasBottom && ok {
			room -= bt
		}
	}
	return room - f.edgeOf(n, 0) - f.edgeOf(n, 1), true
}

// borderBoxSizing tells whether n's height, min-height and max-height
// include its paddings (box-sizing: border-box).
func (f *flowLayout) borderBoxSizing(n *dom.Node) bool {
	return f.hStyleOf(n).borderBox
}

// clamp applies n's min-height and max-height to h.
func (f *flowLayout) clamp(n *dom.Node, h float64) float64 {
	st := f.vStyleOf(n)
	if st.hasMax {
		if px, ok := f.vLength(n, st.maxH); ok && px < h {
			h = px
		}
	}
	if st.hasMin {
		if px, ok := f.vLength(n, st.minH); ok && px > h {
			h = px
		}
	}
	return h
}

// clampBorderBox is border-box height h of n within its min-height and
// max-height, which apply to its content box unless box-sizing is
// border-box; it is never less than n's paddings and borders.
// https://drafts.csswg.org/css2/#min-max-heights
func (f *flowLayout) clampBorderBox(n *dom.Node, h float64) float64 {
	pads := f.vPads(n)
	if f.borderBoxSizing(n) {
		return max(f.clamp(n, h), pads)
	}
	return max(f.clamp(n, h-pads), 0) + pads
}

// height is the estimated height of n's border box (paddings included,
// margins not).
func (f *flowLayout) height(n *dom.Node) float64 { return f.heightOfBox(n, f.box(n)) }

// heightOfBox is height for n, whose box is b.
func (f *flowLayout) heightOfBox(n *dom.Node, b *flowBox) float64 {
	if p := f.posOfBox(n, b); (p == "absolute" || p == "fixed") && !b.measuring {
		// its containing block's height may size it (not kept: that
		// height changes with no mutation under it)
		if h, ok := f.insetHeight(n); ok {
			f.force(n, b, h)
			return h
		}
		f.unforce(n, b)
	}
	if b.forcedSet {
		return b.forced
	}
	if b.heightKnown {
		return b.height
	}
	if b.measuring {
		return 0 // a cycle (none expected) measures nothing
	}
	if !b.widthSet && !f.inlineLevelBox(n, b) {
		// its container assigns its width, and may measure it on the way
		f.borderWidth(n)
		if b.forcedSet {
			return b.forced
		}
		if b.heightKnown {
			return b.height
		}
	}
	b.measuring = true
	var h float64
	if f.inlineLevel(n) {
		// measured by its container's lines (flowPlace lays them out
		// first); alone, one line
		h = f.lineHeight(n)
	} else if own, ok := f.ownHeight(n); ok && (!f.tablePart(n) || f.depth >= maxFlowDepth) {
		h = own // the made-up box's border box: box-sizing, paddings and borders applied
	} else if ok {
		// a table, row or cell is at least as tall as its content: its
		// height is a minimum
		f.depth++
		content := f.layout(n)
		f.depth--
		h = max(own, content+f.vPads(n))
	} else if f.replaced(n) {
		h = f.replacedHeight(n)
		if !replacedElement(n) {
			// a form control's auto height, like a block's, lies within
			// its min-height and max-height (MUI's tabs, buttons with
			// min-height: 48px around a 20px label, make their flex
			// row 48px tall)
			h = f.clampBorderBox(n, h)
		}
	} else if f.orthogonal(n) {
		// its content laid out along its own axes: as tall as its inline size
		f.orthoBlock(n, b)
		h = f.orthoInline(n) + f.vPads(n)
	} else if f.depth < maxFlowDepth {
		f.depth++
		content := f.layout(n)
		if b.naturalSet {
			content = b.natural
		}
		f.depth--
		pads := f.edgeOfBox(n, b, 2) + f.edgeOfBox(n, b, 3) + f.edgeOfBox(n, b, 4) + f.edgeOfBox(n, b, 5)
		if x, ok := f.ratioHeight(n, content, pads); ok {
			h = x
		} else if f.borderBoxSizing(n) {
			h = f.clamp(n, content+pads)
		} else {
			h = f.clamp(n, content) + pads // min-height and max-height of the content box
		}
		if f.tablePart(n) {
			h = max(h, content+pads) // a max-height does not cut a table part short
		}
	}
	b.measuring = false
	b.height, b.heightKnown = h, true
	return h
}

// sitsOnBaseline tells whether c is a checkbox, a radio button or a
// range: form controls with no text, whose baseline Chromium puts at the
// bottom of their border box.
func sitsOnBaseline(c *dom.Node) bool {
	if c.Data != "input" || c.Namespace != "" {
		return false
	}
	switch ascii.Lower(strings.TrimSpace(c.Attribute("type"))) {
	case "checkbox", "radio", "range":
		return true
	}
	return false
}

// contentDown is how far below the top of n's content box its content
// is laid out: moved down by a table cell's vertical-align (cellShift),
// or centered in a button (buttonShift).
func (f *flowLayout) contentDown(n *dom.Node) float64 {
	if n.Namespace == "" && n.Data == "button" {
		return f.buttonShift(n)
	}
	return f.cellShift(n)
}

// cellShift is how far down vertical-align moves the content of n when n
// is a table cell taller than its content (as tall as its row): half the
// room left for middle (the user-agent style sheet's, through the row
// group), all of it for bottom; baseline puts its first baseline on its
// row's (rowBaseline); top, and baseline in a cell with no line box,
// leave it at the top.
// https://drafts.csswg.org/css2/#height-layout
func (f *flowLayout) cellShift(n *dom.Node) float64 {
	if f.display(n) != "table-cell" {
		return 0
	}
	p := f.w.flatParent(n)
	if p != nil && f.display(p) != "table-row" {
		p = nil
	}
	k := 0.0
	switch f.w.computedMemo(n, "vertical-align") {
	case "middle":
		k = 0.5
	case "bottom":
		k = 1
	case "baseline":
		if p == nil || f.depth >= maxFlowDepth {
			return 0
		}
		f.height(p) // lays the row out: its baseline
		base, ok := f.cellBaseline(n)
		if pb := f.box(p); ok && pb.hasBase {
			return max(pb.baseline-base, 0)
		}
		return 0
	default:
		return 0
	}
	h := f.height(n)
	if p != nil {
		h = max(h, f.height(p))
	}
	if f.depth >= maxFlowDepth {
		return 0
	}
	f.depth++
	content := f.layout(n)
	f.depth--
	return max(h-f.vPads(n)-content, 0) * k
}

// buttonShift is how far down the content of n, a button laid out as a
// block container (not as a flex or grid container), sits when its
// content box is taller than its content: half the room left, as Chromium
// centres the anonymous box holding a button's content (a 40px toolbar
// button's icon or label in its middle); content taller than the box
// overflows at its bottom.
// https://html.spec.whatwg.org/multipage/rendering.html#button-layout
func (f *flowLayout) buttonShift(n *dom.Node) float64 {
	if n.Namespace != "" || n.Data != "button" || f.itemsOf(n) || f.depth >= maxFlowDepth {
		return 0
	}
	if !f.buttonContent(n) {
		return 0
	}
	h := f.height(n)
	f.depth++
	content := f.layout(n)
	f.depth--
	return max(h-f.vPads(n)-content, 0) / 2
}

// imgHeightAttr is the height attribute of an img when it gives its box
// its height: it parses, and no style sheet sets the height (the
// attribute is a presentational hint: height: auto overrides it).
func (f *flowLayout) imgHeightAttr(n *dom.Node) (float64, bool) {
	v, ok := n.GetAttribute("height")
	if !ok {
		return 0, false
	}
	if _, set := f.w.cascaded(n, "height"); set {
		return 0, false
	}
	x, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "px"), 64)
	return x, err == nil && x >= 0
}

// imgRatio is the width over the height of an img whose natural size is
// nw×nh: its aspect-ratio when that is a ratio without auto, else its
// natural ratio.
// https://drafts.csswg.org/css-sizing-4/#aspect-ratio
func (f *flowLayout) imgRatio(n *dom.Node, nw, nh float64) float64 {
	v := f.w.computedMemo(n, "aspect-ratio")
	if strings.Contains(v, "auto") {
		return nw / nh
	}
	if r, ok := aspectRatioOf(v); ok {
		return r
	}
	return nw / nh
}

// preferredRatio is the width over the height that the computed
// aspect-ratio of n, a replaced element whose natural size is not known,
// gives it: its ratio (with or without auto; a degenerate one gives none).
// https://drafts.csswg.org/css-sizing-4/#aspect-ratio
func (f *flowLayout) preferredRatio(n *dom.Node) (float64, bool) {
	return aspectRatioOf(strings.TrimPrefix(f.w.computedMemo(n, "aspect-ratio"), "auto"))
}

// aspectRatioOf is the width over the height of a computed aspect-ratio's
// ratio ("16 / 9", "2"); false for none, or one degenerate or infinite.
func aspectRatioOf(v string) (float64, bool) {
	a, b, _ := strings.Cut(strings.TrimSpace(v), "/")
	x, err := strconv.ParseFloat(strings.TrimSpace(a), 64)
	y := 1.0
	if err == nil && strings.TrimSpace(b) != "" {
		y, err = strconv.ParseFloat(strings.TrimSpace(b), 64)
	}
	if err != nil || !(x > 0) || !(y > 0) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return 0, false
	}
	return x / y, true
}

// boxRatio is the width over the height that the aspect-ratio of n, a box
// that is not replaced, gives it (auto && ratio acts as the ratio there);
// false for none, a degenerate ratio, and the boxes aspect-ratio does not
// apply to: inline boxes, table parts (tables too, here) and boxes in a
// vertical writing mode (left as they were).
// https://drafts.csswg.org/css-sizing-4/#aspect-ratio
func (f *flowLayout) boxRatio(n *dom.Node) (float64, bool) {
	if !f.hStyleOf(n).ratio || f.replaced(n) || f.frameOf(n) != wmHorizontal {
		return 0, false
	}
	switch f.display(n) {
	case "inline", "table", "inline-table", "table-row", "table-row-group", "table-header-group",
		"table-footer-group", "table-cell", "table-column", "table-column-group", "table-caption":
		return 0, false
	}
	return f.preferredRatio(n)
}

// ratioHeight is the border-box height of n, a box with no height of its
// own and content tall, when an aspect-ratio gives it one: its width over
// the ratio (of the box box-sizing names), no less than its content
// unless it has a min-height or is a scroll container (its automatic
// minimum), within its min-height and max-height.
// https://drafts.csswg.org/css-sizing-4/#aspect-ratio-minimum
func (f *flowLayout) ratioHeight(n *dom.Node, content, pads float64) (float64, bool) {
	r, ok := f.boxRatio(n)
	if !ok {
		return 0, false
	}
	x := f.ratioContentHeight(n, r)
	bb := f.borderBoxSizing(n)
	if bb {
		content += pads
	}
	if !f.vStyleOf(n).hasMin && !f.w.scrollsOverflow(n) {
		x = max(x, content)
	}
	if bb {
		return max(f.clamp(n, x), pads), true
	}
	return max(f.clamp(n, x), 0) + pads, true
}

// ratioContentHeight is the height ratio r gives the box box-sizing names
// of n from its width.
func (f *flowLayout) ratioContentHeight(n *dom.Node, r float64) float64 {
	w := f.borderWidth(n)
	if !f.borderBoxSizing(n) {
		w = max(w-f.hEdgesOf(n).inner(), 0)
	}
	return layoutUnit(w / r)
}

// rowOrGroup tells whether n is a table row or row group.
func (f *flowLayout) rowOrGroup(n *dom.Node) bool {
	switch f.display(n) {
	case "table-row", "table-row-group", "table-header-group", "table-footer-group":
		return true
	}
	return false
}

// tablePart tells whether n is a table, a row group, a row or a cell,
// whose height does not clip its content.
// https://drafts.csswg.org/css-tables-3/#row-layout
func (f *flowLayout) tablePart(n *dom.Node) bool {
	switch f.display(n) {
	case "table", "inline-table", "table-row", "table-cell", "table-row-group", "table-header-group", "table-footer-group":
		return true
	}
	return false
}

// buttonContent tells whether button n has content: a child other than
// white space or a comment, or a ::before or ::after box.
func (f *flowLayout) buttonContent(n *dom.Node) bool {
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		switch c.Kind() {
		case dom.ElementNode:
			return true
		case dom.TextNode:
			if strings.Trim(c.Data, " \t\n\r\f") != "" {
				return true
			}
		}
	}
	for _, p := range []string{"before", "after"} {
		if d, _ := f.w.pseudoBoxOf(n, p); d != "" {
			return true
		}
	}
	return false
}

// pseudoInline lays out n's ::before (or ::after) box beside n's content
// when it is not a block (inlinePseudo): its text in its own font, an
// atomic inline box of its own size and edges, or a float.
// https://drafts.csswg.org/css-pseudo-4/#generated-content
func (b *blockFlow) pseudoInline(n *dom.Node, pseudo string) {
	switch p, text, kind := b.f.inlinePseudo(n, pseudo); kind {
	case genFloat:
		b.floatChild(n, p, b.f.box(p))
	case genAtomic:
		b.atomicBox(n, p)
	case genText:
		b.textNode = nil
		b.text(p, text)
	case genEdged:
		b.textNode = nil
		b.child(n, p)
	case genAbsInline, genAbsBlock:
		b.staticPseudo(n, pseudo, kind == genAbsInline)
	}
}

// staticPseudo notes, in the box of the node standing for n's absolutely
// positioned ::before (or ::after) box, its static position: where it
// would lie in n's flow, after what comes before it (its offset and x in
// n's content box). An inline one's is on the open line, aligned with it
// (after the text an ::after box ends, before a space that hangs there),
// a block one's below the lines; pseudoReach places the box there on an
// axis where it has no inset. The box of an inline host notes it in the
// content box of the block container laying n out (widthContainer).
// In a right-to-left block the box ends at its static position (at the
// right of the content box for a block one), unless the line's
// reordering puts its point at an even level (staticEnd): Chromium's
// `aaa bbb` with an ::after 300px wide in a right-to-left block 200px
// wide ends left of the words and overflows 157.8px at the left.
// https://drafts.csswg.org/css-position-3/#staticpos-rect
func (b *blockFlow) staticPseudo(n *dom.Node, pseudo string, inline bool) {
	f := b.f
	cb := f.box(f.w.pseudoNode(n, pseudo))
	*cb = flowBox{}
	if n != b.owner && f.widthContainer(n) != b.owner {
		return
	}
	cb.offset, cb.placed = b.y+b.pending(), true
	if b.align.rtlFlow() {
		cb.known |= staticEnd
	}
	if !inline {
		if b.align.rtlFlow() {
			cb.x = b.width
		}
		return
	}
	if b.lines > 0 {
		cb.offset = b.y + b.linesBefore()
		cb.x = b.lineL + b.x
	}
	b.staticOnLine(nil, cb)
}

// staticOnLine puts the static position of c, an absolutely positioned
// box whose display was inline (the left of its margin box, cb.x), on
// the open line, to be moved with it when it is aligned (centered, at the
// right) and put before the line's last space when that space ends the
// line and hangs (Chromium's `aaa bbb <span abs>` follows the b's);
// met before any line of the run is open, on the next line to open
// (emptyBefore), or, when none does, where the alignment would start an
// empty line (closeLines). On a line that is reordered it is a neutral
// of its own (bidiPoint) with the level its neighbours give it, and the
// box ends there when that level is odd (right to left): Chromium's
// `aa <span abs></span>bb` in a right-to-left block starts at the point
// between the words, `aaa bbb <span abs>` ends left of them.
// https://drafts.csswg.org/css-position-3/#staticpos-rect
func (b *blockFlow) staticOnLine(c *dom.Node, cb *flowBox) {
	if b.lines == 0 {
		b.emptyBefore = append(b.emptyBefore, emptyBox{node: c, cb: cb, lineL: b.lineL, static: true})
		return
	}
	if b.afterSpace && !b.spaceRoom && b.spaceX >= b.lineL {
		b.hang = append(b.hang, hangBox{x: &cb.x, spaceX: b.spaceX, static: true, at: b.lineL + b.x})
	}
	b.staticBox(c, cb, b.lineSpaces)
}

// staticBox notes the static position of c (staticOnLine) on the open
// line, after sp0 of its spaces.
func (b *blockFlow) staticBox(c *dom.Node, cb *flowBox, sp0 int) {
	lb := lineBox{x: &cb.x, bw: &cb.bw, sp0: sp0, sp1: b.lineSpaces, static: true, aligned: b.align.aligned()}
	if c != nil {
		e := b.f.hEdgesOfBox(c, cb)
		lb.ml, lb.mr = e.marL, e.marR
	} else {
		lb.known = &cb.known // a ::before or ::after box's (staticPseudo)
	}
	b.line = append(b.line, lb)
}

// A genKind is how a ::before or ::after box lies beside its host's
// content (inlinePseudo).
type genKind uint8

const (
	genNone   genKind = iota
	genText           // an inline box of text
	genEdged          // one with paddings, borders or margins: as an inline element
	genAtomic         // an inline-block (flex, grid, table) box
	genFloat          // a float (Bootstrap 4's breadcrumb separators)
	// absolutely positioned, with an inline (a block) static position
	// (staticPseudo)
	genAbsInline
	genAbsBlock
)

// inlinePseudo is n's ::before (or ::after) box when it is not a block:
// the node that stands for it (pseudoNode), its text when it is an inline
// box, and its kind. The box of an atomic or floated one is made afresh
// (its box is no node's in the tree, so no mutation forgets it); an
// absolutely positioned one has no node here (staticPseudo makes it);
// genNone when there is none.
func (f *flowLayout) inlinePseudo(n *dom.Node, pseudo string) (p *dom.Node, text string, kind genKind) {
	if !f.genRules && !isQ(n) {
		return nil, "", genNone
	}
	pb := f.w.pseudoBoxMemo(n, pseudo)
	switch {
	case pb.abs:
		if strings.HasPrefix(pb.display, "inline") {
			return nil, "", genAbsInline
		}
		return nil, "", genAbsBlock
	case pb.float:
		p := f.w.pseudoNode(n, pseudo)
		cb := f.box(p)
		*cb = flowBox{}
		if f.displayOfBox(p, cb); cb.float {
			return p, "", genFloat
		}
	case pb.display == "inline":
		// (webui-popover's close button: `content: "\00D7"; padding:
		// 4px` makes its float 8px wider)
		p := f.w.pseudoNode(n, pseudo)
		cb := f.box(p)
		*cb = flowBox{}
		if e := f.hEdgesOfBox(p, cb); e.inner() > 0 || e.marL != 0 || e.marR != 0 {
			return p, pb.text, genEdged
		}
		if f.edgeOfBox(p, cb, 2)+f.edgeOfBox(p, cb, 3)+f.edgeOfBox(p, cb, 4)+f.edgeOfBox(p, cb, 5) > 0 {
			// its paddings and borders above and below its text take
			// no room on the line but overflow it (a padding of 6px 0
			// makes its block of 16px lines scroll 22px)
			return p, pb.text, genEdged
		}
		if pb.text != "" {
			return p, pb.text, genText
		}
	case pb.display == "inline-block", pb.display == "inline-flex", pb.display == "inline-grid", pb.display == "inline-table":
		p := f.w.pseudoNode(n, pseudo)
		*f.box(p) = flowBox{}
		return p, "", genAtomic
	}
	return nil, "", genNone
}

// pseudoText is the text of n when it stands for a ::before or ::after
// box (pseudoNode).
func (f *flowLayout) pseudoText(n *dom.Node) (string, bool) {
	if n.Namespace != pseudoNamespace {
		return "", false
	}
	host, pseudo := f.w.pseudoHostOf(n)
	if host == nil {
		return "", false
	}
	if strings.HasPrefix(pseudo, anonymousItemPseudo) {
		return "", false // its run's nodes (anonymousRun)
	}
	return f.w.pseudoBoxMemo(host, pseudo).text, true
}

// generatedInline tells whether n has a ::before or ::after box that is
// not a block (the estimate lays out no line for one).
func (f *flowLayout) generatedInline(n *dom.Node) bool {
	for _, p := range []string{"before", "after"} {
		if d, _ := f.w.pseudoBoxOf(n, p); d != "" && !strings.HasPrefix(d, "block") && d != "flex" && d != "grid" && d != "table" {
			return true
		}
	}
	return false
}

// replacedHeight is the height of a replaced element or form control with
// no height from the cascade: a canvas's from its width and natural size,
// else its height attribute, else its kind's usual height. An image with
// neither is its used width over its natural ratio when its natural size
// is known (imageNaturalSize), else 0 (it is not known without fetching
// it).
func (f *flowLayout) replacedHeight(n *dom.Node) float64 {
	edges := f.edgeOf(n, 2) + f.edgeOf(n, 3) + f.edgeOf(n, 4) + f.edgeOf(n, 5)
	if h, ok := f.containedControl(n, true); ok {
		return h + edges
	}
	if nw, nh, ok := canvasNaturalSize(n); ok {
		// its used width over its natural aspect ratio: a canvas given a
		// width (width: 100%) keeps its proportions, as an image does
		// https://drafts.csswg.org/css2/#inline-replaced-height
		if nw <= 0 || nh <= 0 {
			return nh + edges
		}
		cw := max(f.borderWidth(n)-f.hEdgesOf(n).inner(), 0)
		return cw*nh/nw + edges
	}
	if n.Namespace == "svg" {
		return f.outerSVGHeight(n, edges)
	}
	nd, natural := f.w.imageNaturalSize(n)
	nw, nh := nd.w, nd.h
	if natural && !nd.sized() {
		// an SVG image lacking a width or a height: its used width over
		// its ratio, else its height, else the default object size's
		// https://drafts.csswg.org/css-images-3/#default-sizing
		h := 0.0
		if r := f.imgRatio(n, nd.ratio, 1); r > 0 {
			h = max(f.borderWidth(n)-f.hEdgesOf(n).inner(), 0) / r
		} else {
			_, h = nd.concrete()
		}
		if f.borderBoxSizing(n) {
			return f.clamp(n, h+edges)
		}
		return f.clamp(n, h) + edges
	}
	if natural {
		if h, ok := f.imgHeightAttr(n); ok {
			return h + edges
		}
	} else if r, ok := f.preferredRatio(n); ok {
		// no natural size: the aspect-ratio of the page or of the width
		// and height attributes (legacyhints.go aspectRatioHint); a
		// broken image's fallback line at least (flowimg.go)
		cw := max(f.borderWidth(n)-f.hEdgesOf(n).inner(), 0)
		if f.box(n).known&fallbackRatio != 0 {
			return max(cw/r, fallbackLine(cw)) + edges
		}
		return cw/r + edges
	}
	// (a valid height attribute is a presentational hint, in the cascade:
	// one it does not take sizes nothing)
	if natural {
		// an img or image button: its used width over its natural
		// ratio, within its min-height and max-height (which
		// ratioLimitedWidth let narrow or widen it first)
		// https://drafts.csswg.org/css2/#inline-replaced-height
		cw := max(f.borderWidth(n)-f.hEdgesOf(n).inner(), 0)
		if f.borderBoxSizing(n) {
			return f.clamp(n, cw/f.imgRatio(n, nw, nh)+edges)
		}
		return f.clamp(n, cw/f.imgRatio(n, nw, nh)) + edges
	}
	lh := f.font(n).normalLineHeight()
	switch n.Data {
	case "img":
		return edges
	case "input":
		t, _ := n.GetAttribute("type")
		switch ascii.Lower(strings.TrimSpace(t)) {
		case "checkbox", "radio":
			return 13 // Chromium's fixed box, as wide
		case "range":
			return 16 + edges
		case "color":
			return 27
		case "file":
			// its button's height (the font's normal line and 6px), or
			// a taller line-height's, and its paddings and borders (the
			// UA gives none: 110×31 with 5px paddings, not 21)
			return max(lh+6, f.lineHeight(n)) + edges
		case "image":
			return edges // an image's, not known without fetching it (above)
		}
		// a line of its own line height, its paddings and borders (the
		// user-agent sheet's 1px and 2px, or the page's); Chromium's
		// inner editor takes the font's normal line height when the
		// line-height is shorter (jsoneditor's search field, 16px Arial
		// at line-height 16px, is 18px tall); a push button's label
		// may wrap to more lines (pushButtonText)
		if _, lines, ok := f.pushButtonText(n, -1); ok && lines > 1 {
			return float64(lines)*f.pushButtonLine(n) + edges
		}
		return max(f.lineHeight(n), lh) + edges
	case "button":
		// its content's height: its lines (a button narrower than its
		// label wraps it: bootstrap-select's "Deselect All" in half a
		// 160px menu), or its blocks, with no line of its own (Polaris's
		// full-width button of a 16px block label is 28px, not a 20px
		// line and its paddings); one with neither content nor a
		// generated box is its paddings and borders
		if !f.buttonContent(n) {
			return edges
		}
		if f.depth < maxFlowDepth {
			f.depth++
			content := f.layout(n)
			f.depth--
			if content == 0 && f.generatedInline(n) {
				content = f.lineHeight(n) // a line of its generated label
			}
			return content + edges
		}
		return f.lineHeight(n) + edges
	case "select":
		if selectListBox(n) {
			// a row per option shown (size, else 4) as tall as the
			// tallest option, and the edges
			rows := 4
			if v, err := strconv.Atoi(strings.TrimSpace(n.Attribute("size"))); err == nil && v > 1 {
				rows = min(v, 10000)
			}
			return float64(rows)*f.listBoxRow(n) + edges
		}
		// a drop-down: a line of the font's ascent and descent (no line
		// gap: 17px for 16px Arial, where a div's line is 18), and its
		// inner box's 1px above and below, as Chromium sets a menulist's
		// line-height back to normal; with appearance: none a line-height
		// the cascade gives holds and the inner box has no padding
		// (Bootstrap's .form-select: 24+12+2 = 38). Then the cascade's
		// paddings and borders.
		font := f.font(n)
		content := font.ascent() + font.descent() + 2
		if a, _ := f.w.computedValue(n, "appearance"); a == "none" {
			if v := f.w.inheritedSVGProp(n, "line-height"); v != "" && v != "normal" && v != "initial" {
				return f.lineHeight(n) + edges
			}
			content -= 2
		}
		return content + edges
	case "textarea":
		rows := 2
		if v, err := strconv.Atoi(strings.TrimSpace(n.Attribute("rows"))); err == nil && v > 0 {
			rows = v
		}
		// its rows of its line-height (normal: the font's), its
		// paddings and borders (the UA's 2px and 1px, or the page's:
		// Pico's 3-row textarea, with 12px paddings and its 1.5 line
		// height, was 44px short)
		return float64(rows)*f.lineHeight(n) + edges
	case "meter", "progress":
		return edges // the UA's height is its size; auto has none
	}
	return float64(f.w.boxOf(n).height)
}

// listBoxRow is the height of a row of list box n, as Chromium 156 sizes
// it: its tallest option's or group label's (an option's line of its
// font, at least its min-height of 1.2em, and its paddings; one hidden
// counts for nothing); without options, the font's rounded ascent and
// descent and a pixel.
func (f *flowLayout) listBoxRow(n *dom.Node) float64 {
	row, rows := 0.0, false
	var add func(p *dom.Node)
	add = func(p *dom.Node) {
		for c := f.w.flatFirst(p); c != nil; c = f.w.flatNext(c) {
			if !c.IsElement() || c.Namespace != "" || c.DataAtom != atom.Option && (c.DataAtom != atom.Optgroup || p != n) || f.skipped(c) {
				continue
			}
			rows = true
			if c.DataAtom == atom.Option {
				row = max(row, f.height(c))
				continue
			}
			row = max(row, f.groupLabelRow(c))
			add(c)
		}
	}
	add(n)
	if !rows {
		m := fontMetrics{size: f.controlFontSize(n)}
		return m.ascent() + m.descent() + 1
	}
	return row
}

// groupLabelRow is the height of the row of the label of n, an optgroup,
// above its options when it is in a list box (0 else): as an option's
// row, a line of its font (bold) at least 1.2 times the font size and a
// pixel below.
func (f *flowLayout) groupLabelRow(n *dom.Node) float64 {
	sel := n.ParentElement()
	if n.Namespace != "" || sel == nil || sel.DataAtom != atom.Select || sel.Namespace != "" || !selectListBox(sel) {
		return 0
	}
	m := f.font(n)
	return max(lengthLayoutUnit(1.2*f.w.fontSize(n)), m.normalLineHeight()) + 1
}

// groupLabelReach is optionReach for the label of n, an optgroup, in
// its font (bold) 2px in, as an option's.
func (f *flowLayout) groupLabelReach(n *dom.Node) float64 {
	return 2 + layoutUnitCeil(f.font(n).advance(n.Attribute("label")))
}

// optionReach is how far right of its margin box's left the text of n,
// an option of a list box, reaches: its margin, border and padding at
// the left, and its text in its font.
func (f *flowLayout) optionReach(n *dom.Node) float64 {
	e := f.hEdgesOf(n)
	return e.marL + e.borL + e.padL + layoutUnitCeil(f.font(n).advance(n.OptionText()))
}

// optionRowReach is how far right of the content box of its list box
// (or group) within width w the border box of option n, a row, reaches:
// never less than its own borders and paddings, which a list box too
// narrow for them does not narrow (nice-select2's hidden select, 0 wide
// with text of font-size 0, scrolls 4 wide in Chromium, its options'
// 2px paddings).
func (f *flowLayout) optionRowReach(n *dom.Node, w float64) float64 {
	e := f.hEdgesOf(n)
	return e.marL + max(w-e.marL-e.marR, e.inner())
}

// outerSVGHeight is the border-box height of n, an outermost svg element
// whose height is auto, or a percentage of a height that is not definite
// (nvd3's svg.nvd3-svg { height: 100% } in a div): its height attribute
// when no rule overrides it, else its used width over its aspect ratio
// (from its width and height attributes, both lengths, else its viewBox),
// else its natural height (the height attribute), else 150px, as Chromium
// sizes a replaced element.
// https://drafts.csswg.org/css2/#inline-replaced-height
func (f *flowLayout) outerSVGHeight(n *dom.Node, edges float64) float64 {
	attr := func(name string) (float64, bool) {
		u, x, ok := parseLength(n.Attribute(name))
		if !ok || u == lengthPercentage || x < 0 {
			return 0, false
		}
		k, ok := (&svgLengthValue{w: f.w, n: n}).userUnits(u)
		return x * k, ok
	}
	ah, okH := attr("height")
	if !f.vStyleOf(n).hasH && !f.w.cascadedAuto(n, "height") {
		// (the page's height: auto overrides the attribute)
		if okH {
			return ah + edges
		}
		// a percentage attribute of a definite height (100% in a
		// 200px div) is that share of it
		if v := strings.TrimSpace(n.Attribute("height")); strings.HasSuffix(v, "%") {
			if px, ok := f.vLength(n, v); ok {
				return px + edges
			}
		}
	}
	ratio := 0.0
	if aw, okW := attr("width"); okW && okH && aw > 0 && ah > 0 {
		ratio = ah / aw
	} else if r, ok := parseViewBox(n.Attribute("viewBox")); ok && r[2] > 0 && r[3] > 0 {
		ratio = r[3] / r[2]
	}
	switch {
	case ratio > 0:
		cw := max(f.borderWidth(n)-f.hEdgesOf(n).inner(), 0)
		return layoutUnit(cw*ratio) + edges
	case okH:
		return ah + edges // its natural height
	}
	return 150 + edges
}

// layout lays out n's content once, placing the boxes it lays out (see
// offset), and returns the height of its content box.
func (f *flowLayout) layout(n *dom.Node) float64 {
	nb := f.box(n)
	if !nb.widthSet && !nb.laidOut {
		f.borderWidth(n) // assigned by its container, which may lay n out
	}
	if !nb.laidOut {
		nb.laidOut = true
		f.layouts++
		nb.content = f.layoutContent(n)
		if f.skipsContents(n) {
			// its contents are laid out, but size and overflow nothing
			// (flowdetails.go)
			nb.content = f.containIntrinsic(n, "contain-intrinsic-height")
			nb.extent, nb.lext, nb.bext, nb.mext = 0, 0, 0, 0
			nb.naturalSet = false // nor a flex or grid container's lines
		} else if _, block := f.w.sizeContainment(n); block {
			// a size-contained box is as tall as if it were empty; its
			// contents still overflow it (containerquery.go)
			nb.content = f.containIntrinsic(n, "contain-intrinsic-height")
			nb.naturalSet = false
		}
	}
	return nb.content
}

func (f *flowLayout) layoutContent(n *dom.Node) float64 {
	nb := f.box(n)
	nb.marginTop, nb.marginBottom, nb.selfCollapsing = marginRun{}, marginRun{}, false
	nb.naturalSet, nb.hasBase, nb.lext = false, false, 0
	// the floats its parent hands over, for n alone
	in, inOx, inOy := f.fctx, f.fox, f.foy
	if f.fctxFor != n {
		in = nil
	}
	f.fctx, f.fctxFor = nil, nil
	d := f.display(n)
	switch d {
	case "flex", "inline-flex", "grid", "inline-grid":
		f.freshAnonItems(n)
	}
	switch d {
	case "flex", "inline-flex":
		h := f.flexContent(n)
		f.firstItemBase(n, nb)
		return h
	case "grid", "inline-grid":
		h := f.gridContent(n)
		f.firstItemBase(n, nb)
		return h
	case "table-row":
		if !f.ownCell(n) {
			return f.tableRowContent(n)
		}
	case "table", "inline-table":
		if !f.textOnly(n) {
			return f.tableContent(n, n)
		}
		// text alone, in one anonymous cell: laid out as a block
	case "table-column", "table-column-group":
		// a column renders no content; a table places its column
		// elements and the cols of its groups (placeColumns)
		return 0
	case "table-row-group", "table-header-group", "table-footer-group":
		if t := f.w.flatParent(n); t != nil {
			if d := f.display(t); d == "table" || d == "inline-table" {
				return f.tableContent(n, t)
			}
			if nb.table != nil { // in an anonymous table (anonTable)
				width := f.width(n)
				f.placeOutOfFlow(n, width)
				return f.tableStack(n, width, f.borderSpacingY(t), nb.table)
			}
		}
	}
	b := blockFlow{f: f, owner: n, width: f.width(n), collapseTop: f.collapsesTop(n), align: f.lineAlignOf(n)}
	b.align.bidi = b.align.rtl // right to left, every line is reordered
	b.lineW = b.width
	if in != nil && !f.establishesContext(n) {
		b.ctx, b.ox, b.oy, b.ctxStart = in, inOx, inOy, len(in.list)
	}
	b.pseudoBlock(n, "before")
	{
		// the first line starts after the text-indent (in a vertical
		// writing mode too: lines are laid out along the inline axis); a
		// block child first (closeLines) leaves no line of n's to indent
		b.indent, b.indentHang, b.indentEach = f.lineIndents(n, b.width)
		if b.indent < 0 && b.align.pos == alignLeft != b.align.rtl && !b.align.justify {
			b.indentReach = f.w.clipsOverflow(n)
		}
		b.x = b.indentAt(true, false) + f.insideMarker(n)
		b.indentLine(b.x)
	}
	if n.DataAtom == atom.Optgroup {
		b.y += f.groupLabelRow(n)
	}
	b.walk(n)
	b.afterClear(n)
	b.closeLines()
	afterBox := b.pseudoBlock(n, "after")
	if b.atoms != nil {
		f.atomPool = append(f.atomPool, b.atoms[:0])
	}
	if b.spans != nil {
		f.spanPool = append(f.spanPool, b.spans[:0])
	}
	floatsBottom := 0.0
	if b.ownCtx {
		// a formatting context holds its floats
		floatsBottom = b.ctx.bottom
		f.releaseFloatCtx(b.ctx)
		b.ctx = nil
	} else if b.ctx != nil {
		// the floats its content placed, kept with its layout
		out := translated(b.ctx.list[b.ctxStart:], -b.ox, -b.oy)
		if out != nil && nb.flt == nil {
			nb.flt = &floatRec{}
		}
		if nb.flt != nil {
			nb.flt.out = out
		}
	}
	switch {
	case !b.started && b.collapseTop:
		// nothing but margins: they collapse through n's top, and with its
		// bottom margin too when that adjoins them
		nb.marginTop = b.margin
		nb.selfCollapsing = f.collapsesBottom(n) || f.zeroHeightCollapses(n)
	case f.bottomAdjoins(n) || afterBox && f.bottomEdgeAdjoins(n):
		// the margins collapse through n's bottom when its height is
		// its content's; when its min- or max-height makes it another,
		// Chromium drops them (a list with min-height: 40px ends at its
		// last card's border, and what follows it is not pushed down by
		// the card's margin)
		if !f.clampChanges(n, max(b.y, 0)) {
			nb.marginBottom = b.margin
		}
	default:
		b.y += b.margin.size()
	}
	if b.started && b.collapseTop {
		nb.marginTop = b.top
	}
	nb.extent, nb.lext, nb.bext, nb.mext = b.extent, b.lext, b.bext, b.mext
	if b.hasBase {
		top := f.edgeOfBox(n, nb, 4) + f.edgeOfBox(n, nb, 2)
		nb.baseline, nb.firstBase, nb.hasBase = top+b.lastBase, top+b.firstBase, true
		nb.lastText = b.lastText
	}
	return max(b.y, floatsBottom, 0)
}

// pseudoBlock lays out n's ::before or ::after box when it is block-level:
// its margins collapse with those beside it as a child's do (SimpleMDE's
// toolbar, `::before { display: block; content: " "; height: 1px;
// margin-bottom: 8px }`, is 8px taller for it), and a box with a height,
// paddings or borders takes its room (pseudoBlockHeight), else its margins
// collapse through it. It tells whether n has such a box, which holds the
// margins n's last child had when pseudo is "after".
// https://drafts.csswg.org/css2/#collapsing-margins
func (b *blockFlow) pseudoBlock(n *dom.Node, pseudo string) bool {
	f := b.f
	// a box that makes a formatting context (the clearfix's `display:
	// table`) is never collapsed through, even when empty
	ctx := false
	switch d, _ := f.w.pseudoBoxOf(n, pseudo); d {
	case "block", "list-item":
	case "flow-root", "table", "flex", "grid":
		ctx = true
	default:
		return false
	}
	h := f.pseudoBlockHeight(n, pseudo, b.width)
	p := f.w.pseudoNode(n, pseudo)
	mt, mb := f.pseudoLength(p, "margin-top", b.width, true), f.pseudoLength(p, "margin-bottom", b.width, true)
	b.margin.add(mt)
	if h > 0 || ctx {
		b.settle()
		b.y += h
	}
	b.margin.add(mb)
	return true
}

// pseudoLength is the used length of property prop of pseudo-element box
// p, percentages taken of basis (none when basis is negative), 0 when it
// is auto or none; negative only when signed (a margin).
func (f *flowLayout) pseudoLength(p *dom.Node, prop string, basis float64, signed bool) float64 {
	v, ok := f.w.computedValue(p, prop)
	if !ok || v == "" || v == "auto" || v == "none" {
		return 0
	}
	ctx := f.w.unitContext(p)
	ctx.PercentBasis, ctx.HasPercentBasis = basis, basis >= 0
	if x, ok := cssvalue.Eval(v, &ctx); ok && x.Is(cssvalue.Px) {
		if signed {
			return x.Px
		}
		return max(x.Px, 0)
	}
	return 0
}

// lineIndents is n's text-indent, a percentage taken of width, with its
// keywords: hanging inverts which lines it indents (all but the first
// and, with each-line, those after a forced break), each-line indents
// the lines after a forced break too.
// https://drafts.csswg.org/css-text/#text-indent-property
func (f *flowLayout) lineIndents(n *dom.Node, width float64) (x float64, hanging, eachLine bool) {
	v, ok := f.w.computedValue(n, "text-indent")
	if !ok || v == "0px" || v == "" {
		return 0, false, false
	}
	if strings.Contains(v, "hanging") {
		hanging = true
		v = strings.ReplaceAll(v, "hanging", "")
	}
	if strings.Contains(v, "each-line") {
		eachLine = true
		v = strings.ReplaceAll(v, "each-line", "")
	}
	ctx := f.w.unitContext(n)
	ctx.PercentBasis, ctx.HasPercentBasis = width, true
	if x, ok := cssvalue.Eval(strings.TrimSpace(v), &ctx); ok && x.Is(cssvalue.Px) {
		return layoutUnit(x.Px), hanging, eachLine
	}
	return 0, false, false
}

// indentLine notes that the line opened starts at x, its text-indent:
// the inline boxes open on it start there.
func (b *blockFlow) indentLine(x float64) {
	b.x0 = x
	if x != 0 {
		for i := range b.spans {
			b.spans[i].x0 += x
			b.spans[i].cx += x
		}
	}
}

// indentAt is where a line of the flow starts, from its start edge: at
// its text-indent when the indent applies to it (the first line of the
// container, one after a forced break with each-line, the others with
// hanging), else 0.
func (b *blockFlow) indentAt(first, forced bool) float64 {
	if b.indent == 0 {
		return 0
	}
	on := first || forced && b.indentEach
	if on != b.indentHang {
		return b.indent
	}
	return 0
}

// pseudoBlockHeight is the room n's ::before or ::after box takes in n's
// block flow when it is an empty block-level box: its vertical paddings
// (percentages of width, n's content width, as the responsive embed's
// `::after { content: ""; display: block; padding-bottom: 56.25% }`),
// its height or min-height (else the lines of its text), and its
// borders. Inline ones are left out (they take no room in the estimate).
func (f *flowLayout) pseudoBlockHeight(n *dom.Node, pseudo string, width float64) float64 {
	d, text := f.w.pseudoBoxOf(n, pseudo)
	switch d {
	case "block", "flow-root", "list-item", "table", "flex", "grid":
	default:
		return 0
	}
	p := f.w.pseudoNode(n, pseudo)
	px := func(prop string, basis float64) float64 { return f.pseudoLength(p, prop, basis, false) }
	h := px("padding-top", width) + px("padding-bottom", width)
	// a percentage height of a box whose container's height is auto is
	// auto: no basis
	content := max(px("height", -1), px("min-height", -1))
	if hv, _ := f.w.computedValue(p, "height"); strings.TrimSpace(text) != "" && (hv == "" || hv == "auto") {
		// the lines of its text: Prism's line numbers, each an empty
		// block span whose `::before { content: counter(linenumber);
		// display: block }` makes it one line tall
		inner := width - px("padding-left", width) - px("padding-right", width)
		content = max(content, float64(f.pseudoTextLines(p, text, inner))*f.usedLineHeight(p))
	}
	h += content
	for _, side := range [...]string{"top", "bottom"} {
		if st, _ := f.w.computedValue(p, "border-"+side+"-style"); st != "" && st != "none" && st != "hidden" {
			h += px("border-"+side+"-width", -1)
		}
	}
	return layoutUnit(h)
}

// pseudoTextLines is the number of lines text, the generated text of
// pseudo-element box p, takes in a content box width px wide: one when it
// fits, else its words wrapped at its spaces (a word wider than the box
// on a line of its own).
func (f *flowLayout) pseudoTextLines(p *dom.Node, text string, width float64) int {
	font := f.w.fontOf(p)
	if width <= 0 || font.advance(text) <= width+0.01 {
		return 1
	}
	lines, x := 1, 0.0
	for word := range strings.FieldsSeq(text) {
		a := font.advance(word)
		if x > 0 && x+a > width+0.01 {
			lines, x = lines+1, 0
		}
		x += a + font.advance(" ")
	}
	return lines
}

// firstItemBase sets the baseline of n, a flex or grid container whose
// box is nb, from its first item's, synthesized from the item's border
// box's bottom when it has none (mdui's switch: its track, a flex box of
// an absolute thumb, centered in the switch's inline-flex label, puts the
// baseline at the track's bottom; sweep65-flex-synthesized-baseline.html);
// with no item it has none, and an inline one sits on its bottom margin
// edge. A block container's
// counts too since sweep63: as the first item of an inline flex or grid
// container (Virtual Select's toggle button of text in its inline-flex
// wrapper) or the content of an inline-block, whose baseline it gives
// (testdata/wpt/sweep63-nested-flex-baseline.html); before, the inline
// container sat on its bottom edge and grew its line by the strut's
// descent. An anonymous item of text counts since layoutdiff79 (an
// inline grid of text sits on its line's baseline).
// https://drafts.csswg.org/css-flexbox/#flex-baselines
func (f *flowLayout) firstItemBase(n *dom.Node, nb *flowBox) {
	var buf [8]*dom.Node
	for _, c := range f.flexItems(n, buf[:0]) {
		cb := f.boxes[c]
		if cb == nil || f.skippedBox(c, cb) || !cb.placed {
			continue
		}
		if !cb.laidOut && f.depth < maxFlowDepth {
			f.depth++
			f.layout(c) // at the height it was given
			f.depth--
		}
		top := f.edgeOfBox(n, nb, 4) + f.edgeOfBox(n, nb, 2) + cb.offset
		if baselineControl(c) {
			// a text field's or button's text baseline, as on a line
			// (TDesign's input in its overflow-hidden flex wrapper)
			nb.baseline, nb.hasBase = top+f.controlBaseline(c, cb, f.heightOfBox(c, cb)), true
			nb.firstBase = nb.baseline
			return
		}
		if c.DataAtom == atom.Textarea && c.Namespace == "" {
			nb.baseline, nb.hasBase = top+f.textareaBase(c, cb), true
			nb.firstBase = nb.baseline
			return
		}
		if cb.hasBase {
			// the item's first baseline is n's first and last: an
			// inline-flex of an item of three lines sits on its first
			// line, as in Chromium 156 (it sat on the last)
			nb.baseline, nb.hasBase = top+cb.firstBase, true
			nb.firstBase = nb.baseline
			return
		}
		if base, ok := f.unlaidChildBase(c, cb); ok {
			nb.baseline, nb.hasBase = top+base, true
			nb.firstBase = nb.baseline
			return
		}
		if cb.laidOut || f.replaced(c) {
			// an item with no baseline (an empty box, a flex container
			// whose only child is absolute, an image) has one
			// synthesized from its border box's bottom
			nb.baseline, nb.hasBase = top+f.heightOfBox(c, cb), true
			nb.firstBase = nb.baseline
		}
		return
	}
}

// unlaidChildBase is the first baseline of c, a laid-out block container
// whose box is cb and whose line boxes gave it none, from its border
// box's top: that of its first in-flow block child with one, laying out
// a child its block flow placed without laying it out (a box with a
// height of its own: TDesign's input wrapper, 32px tall, a flex box of
// an input, in its inline-flex space item). Chromium finds a block's
// first baseline in its first child that has one.
// https://drafts.csswg.org/css-align/#baseline-export
func (f *flowLayout) unlaidChildBase(c *dom.Node, cb *flowBox) (float64, bool) {
	if !cb.laidOut || !f.flowsBlocks(c) || f.depth >= maxFlowDepth {
		return 0, false
	}
	for k := f.w.flatFirst(c); k != nil; k = f.w.flatNext(k) {
		if !k.IsElement() {
			continue
		}
		kb := f.boxes[k]
		if kb == nil || f.skippedBox(k, kb) || !kb.placed || kb.float {
			continue
		}
		var base float64
		switch {
		case baselineControl(k):
			base = f.controlBaseline(k, kb, f.heightOfBox(k, kb))
		case f.replaced(k):
			continue
		default:
			if !kb.laidOut {
				f.depth++
				f.layout(k) // at the height it was given
				f.depth--
			}
			switch {
			case kb.hasBase:
				base = kb.firstBase
			default:
				b, ok := f.unlaidChildBase(k, kb)
				if !ok {
					continue
				}
				base = b
			}
		}
		return f.edgeOfBox(c, cb, 4) + f.edgeOfBox(c, cb, 2) + kb.offset + base, true
	}
	return 0, false
}

// childBase notes the baseline of c, a block child placed, as the last
// line box's when it has one (and its first line box's as the first when
// none came before). A table's (tableBase) is no line box's: an
// inline-block holding one sits on its bottom edge, as in Chromium.
func (b *blockFlow) childBase(c *dom.Node, cb *flowBox) {
	if cb.laidOut && cb.hasBase && cb.placed && b.f.displayOfBox(c, cb) != "table" {
		if !b.hasBase {
			b.firstBase = cb.offset + cb.firstBase
		}
		b.lastBase, b.hasBase = cb.offset+cb.baseline, true
		// the last line box is c's, and so are its glyphs, in its font
		// (childBoxesBottom)
		b.lastText = false
	}
}

// collapsesTop tells whether the top margin of n's first in-flow child
// collapses with n's own: n is a block container in the normal flow of its
// parent, not a block formatting context, with no top border or padding.
// https://drafts.csswg.org/css2/#collapsing-margins
func (f *flowLayout) collapsesTop(n *dom.Node) bool {
	return f.flowsBlocks(n) && f.edgeOf(n, 2) == 0 && f.edgeOf(n, 4) == 0 && !f.ownsMargins(n) && !f.inlineLevel(n) &&
		!f.pseudoSeparates(n, "before")
}

// pseudoSeparates tells whether n's ::before (or ::after) box stands
// between n's edge and its first (last) child's margin: a box that is not
// self-collapsing, as the clearfix's `content: " "; display: table` is
// (SimpleBar's content holds a list's margins that way), or one that
// makes a line box.
// https://drafts.csswg.org/css2/#collapsing-margins
func (f *flowLayout) pseudoSeparates(n *dom.Node, pseudo string) bool {
	display, text := f.w.pseudoBoxOf(n, pseudo)
	switch display {
	case "", "none", "contents":
		return false
	case "block", "list-item", "inline", "ruby":
		// an empty block collapses through unless it has a height,
		// paddings or borders (pseudoBlockHeight); white space alone
		// makes no line box
		if strings.TrimFunc(text, func(r rune) bool { return r < 0x80 && ascii.IsSpace(byte(r)) }) != "" {
			return true
		}
		return display != "inline" && display != "ruby" && f.pseudoBlockHeight(n, pseudo, f.width(n)) > 0
	}
	return true // a table, flow-root, flex or grid box, or an atomic inline
}

// collapsesBottom tells whether the bottom margin of n's last in-flow
// child collapses with n's own: as for the top, and n's height is auto
// (and its min-height 0).
func (f *flowLayout) collapsesBottom(n *dom.Node) bool {
	return f.bottomAdjoins(n) && f.clamp(n, 0) == 0
}

// bottomAdjoins tells whether the bottom margin of n's last in-flow child
// adjoins n's own, whatever n's min- and max-height: as for the top, and
// n's height is auto.
func (f *flowLayout) bottomAdjoins(n *dom.Node) bool {
	return !f.pseudoSeparates(n, "after") && f.bottomEdgeAdjoins(n)
}

// bottomEdgeAdjoins tells whether the bottom margin of the last box in
// n's flow, its ::after box included, adjoins n's own.
func (f *flowLayout) bottomEdgeAdjoins(n *dom.Node) bool {
	if !f.bottomEdgeOpen(n) {
		return false
	}
	_, ok := f.ownHeight(n)
	return !ok
}

// zeroHeightCollapses tells whether n, holding nothing but margins that
// collapse through its top, is self-collapsing with a height that
// computes to 0 (`height: 0`, a border-box one with no paddings): Chromium
// takes it as it takes an auto height there, so its margins collapse
// through it with those of its siblings (an empty `height: 0` panel
// between two paragraphs; testdata/wpt/perf84-zero-height-collapse.html).
// https://drafts.csswg.org/css2/#collapsing-margins
func (f *flowLayout) zeroHeightCollapses(n *dom.Node) bool {
	if f.pseudoSeparates(n, "after") || !f.bottomEdgeOpen(n) {
		return false
	}
	h, ok := f.ownHeight(n)
	return ok && h == 0
}

// bottomEdgeOpen tells whether nothing of n's own box separates its
// bottom margin from its content's: a block container of blocks, in the
// flow of its parent's blocks, with no bottom padding or border and no
// formatting context of its own.
func (f *flowLayout) bottomEdgeOpen(n *dom.Node) bool {
	return f.flowsBlocks(n) && f.edgeOf(n, 3) == 0 && f.edgeOf(n, 5) == 0 && !f.ownsMargins(n) && !f.inlineLevel(n)
}

// clampChanges tells whether n's min- or max-height makes its height
// other than that of its content, content px tall (heightOfBox).
func (f *flowLayout) clampChanges(n *dom.Node, content float64) bool {
	if f.borderBoxSizing(n) {
		pads := f.edgeOf(n, 2) + f.edgeOf(n, 3) + f.edgeOf(n, 4) + f.edgeOf(n, 5)
		return f.clamp(n, content+pads) != content+pads
	}
	return f.clamp(n, content) != content
}

// leadingBlock is the box of the first in-flow child of n, an inline
// box, when that child is block-level (white space, display: none and
// out-of-flow boxes skipped, display: contents looked through), else nil.
func (f *flowLayout) leadingBlock(n *dom.Node, depth int) *flowBox {
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		switch {
		case c.Kind() == dom.TextNode:
			if strings.Trim(c.Data, " \t\n\r\f") != "" {
				return nil
			}
			continue
		case !c.IsElement():
			continue
		}
		cb := f.box(c)
		d := f.displayOfBox(c, cb)
		if d == "none" || f.skippedBox(c, cb) {
			continue
		}
		if d == "contents" {
			if depth >= maxFlowDepth {
				return nil
			}
			if fb := f.leadingBlock(c, depth+1); fb != nil {
				return fb
			}
			if f.w.flatFirst(c) != nil {
				return nil // (text or an inline in it)
			}
			continue
		}
		if cb.float || f.inlineLevelBox(c, cb) || f.atomic(c) {
			return nil
		}
		return cb
	}
	return nil
}

// opensOnBlock tells whether c, an inline box with edges e opening where
// no line is open, starts with a block and nothing on a line before it (a
// custom element, inline by default, holding a <section>, maybe through
// more inlines without edges): the line it would open is empty, and empty
// lines are no lines for margin collapsing, so the margins above it stay
// open to collapse with the block's, as they do in Chromium (its rect then
// starts at the block's top). An inline with a margin, padding or border
// makes that line (leadsWithBlock without the edges).
// https://drafts.csswg.org/css2/#inline-formatting
//
// The inline boxes without edges leadsWithBlock goes down through have c's
// answer, and the walk asks each of them next: the chain is kept
// (f.leads) so that a deep nest of spans is not walked again at each.
func (f *flowLayout) opensOnBlock(c *dom.Node, e *hEdges) bool {
	if e.marL != 0 || e.marR != 0 || e.inner() != 0 {
		return false
	}
	m := &f.leads
	if m.at+1 < len(m.chain) && m.chain[m.at+1] == c {
		m.at++
		return m.answer
	}
	chain := m.chain[:0]
	m.chain = nil // (a layout leadsWithBlock starts may ask again)
	ok := f.leadsWithBlock(c, 0, &chain)
	f.leads = leadChain{chain: chain, answer: ok}
	return ok
}

// leadChain is what opensOnBlock keeps of its latest walk: the inline
// boxes it went down through (the first asked first), their answer, and
// the one last asked. refreshFlow empties it, as the tree or its style may
// have changed since.
type leadChain struct {
	chain  []*dom.Node
	at     int
	answer bool
}

// leadsWithBlock tells whether the first in-flow content of n, an inline
// box, is a block, through inline boxes without horizontal edges and
// white space that collapses away.
//
// Each box it goes down through from n is appended to chain, which all
// have n's answer: a chain deeper than the estimate goes (maxFlowDepth)
// leads with no block, wherever it is asked from.
func (f *flowLayout) leadsWithBlock(n *dom.Node, depth int, chain *[]*dom.Node) bool {
	*chain = append(*chain, n)
	if f.leadingBlock(n, 0) != nil {
		return true
	}
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		switch {
		case c.Kind() == dom.TextNode:
			if strings.Trim(c.Data, " \t\n\r\f") != "" {
				return false
			}
			continue
		case !c.IsElement():
			continue
		}
		cb := f.box(c)
		if f.displayOfBox(c, cb) == "none" || f.skippedBox(c, cb) {
			continue
		}
		if depth >= maxFlowDepth || cb.float || !f.inlineLevelBox(c, cb) || f.atomicBox(c, cb) {
			return false
		}
		if e := f.hEdgesOfBox(c, cb); e.marL != 0 || e.marR != 0 || e.inner() != 0 {
			return false
		}
		return f.leadsWithBlock(c, depth+1, chain)
	}
	return false
}

// flowsBlocks tells whether n lays out its children in a block flow (not
// as the items of a flex, grid or table container).
func (f *flowLayout) flowsBlocks(n *dom.Node) bool {
	if f.replaced(n) {
		return false
	}
	switch f.display(n) {
	case "flex", "inline-flex", "grid", "inline-grid", "table", "inline-table", "table-row", "table-row-group",
		"table-header-group", "table-footer-group":
		return false
	}
	return true
}

// margins are the margins of c, a block child laid out, as they collapse
// with its neighbours': its own collapsed with those of its children that
// adjoin them; through tells that its top and bottom margins adjoin (an
// empty block, 0 px tall: top holds all of them).
func (f *flowLayout) margins(c *dom.Node, cb *flowBox) (top, bottom marginRun, through bool) {
	top.add(f.edgeOfBox(c, cb, 0))
	bottom.add(f.edgeOfBox(c, cb, 1))
	if !cb.laidOut && f.depth < maxFlowDepth && f.collapsesTop(c) {
		// a box with a height of its own is not laid out to measure it
		f.depth++
		f.layout(c)
		f.depth--
	}
	if !cb.laidOut {
		return top, bottom, false
	}
	top.join(cb.marginTop)
	bottom.join(cb.marginBottom)
	if cb.selfCollapsing && f.heightOfBox(c, cb) == 0 {
		top.join(bottom)
		return top, marginRun{}, true
	}
	return top, bottom, false
}

// ownsMargins tells whether n keeps the bottom margin of its last child
// inside it (a block formatting context: the root, a box that clips or
// scrolls its overflow, a flow-root, float, inline-block or absolutely
// positioned box, a size container, a box with layout or paint
// containment), rather than letting it collapse through its bottom.
func (f *flowLayout) ownsMargins(n *dom.Node) bool {
	if f.w.flatParent(n) == nil || f.atomic(n) || f.pos(n) == "absolute" || f.pos(n) == "fixed" {
		return true
	}
	if d := f.display(n); d == "flow-root" || d == "inline-block" || d == "table-cell" {
		return true
	}
	if (n.DataAtom == atom.Img && n.Namespace == "" || n.DataAtom == atom.Input && imageButton(n)) && f.fallbackOf(n) != 0 {
		// a broken image's fallback box clips its overflow, an image
		// button's is a form control's box, which holds its floats
		// (flowimg.go)
		return true
	}
	if n.Namespace == "" && n.Data == "fieldset" {
		// a fieldset's box is a formatting context of its own
		// (Pico's radio group keeps its last label's margin)
		// https://html.spec.whatwg.org/multipage/rendering.html#the-fieldset-and-legend-elements
		return true
	}
	if p := f.boxParent(n); p != nil && f.itemsOf(p) {
		return true // a flex or grid item
	}
	if f.w.sizeContained(n) || f.w.layoutContained(n) {
		return true // an independent formatting context
	}
	v, _ := f.w.cascaded(n, "overflow-y")
	if v == "" || v == "visible" || v == "clip" {
		return false
	}
	// the body's overflow is the viewport's when the root's is visible:
	// the body stays an ordinary block (a modal library's `body {
	// overflow: hidden }` leaves its first heading's margin collapsing
	// through it)
	return n.DataAtom != atom.Body || n.Namespace != "" || f.w.scrollsOverflow(n)
}

// offset is the offset of the border box of c, a box laid out by a (a
// child, or a box inside a's inline content), from the top of a's content
// box; 0 for a box a does not place (out of flow).
func (f *flowLayout) offset(a, c *dom.Node) float64 {
	if !f.box(a).laidOut {
		f.height(a)
		if !f.box(a).laidOut { // a has a height of its own
			f.depth++
			f.layout(a)
			f.depth--
		}
	}
	if b := f.boxes[c]; b != nil && b.placed {
		return b.offset
	}
	if d := f.display(a); (d == "flex" || d == "inline-flex") && f.skipped(c) {
		return f.flexStaticTop(a, c)
	} else if (d == "grid" || d == "inline-grid") && f.skipped(c) {
		return f.gridStaticTop(a, c)
	}
	return 0
}

// place records c's offset in the container laying it out.
func (f *flowLayout) place(c *dom.Node, at float64) {
	b := f.box(c)
	b.offset, b.placed = at, true
}

// itemsOf tells whether n lays out its children as items (flex, grid,
// table row) rather than in a block's flow.
func (f *flowLayout) itemsOf(n *dom.Node) bool {
	switch f.display(n) {
	case "flex", "inline-flex", "grid", "inline-grid", "table-row":
		return true
	}
	return false
}

// blockFlow lays out the children of a block container: block-level boxes
// one under the other, inline content in lines between them.
type blockFlow struct {
	f     *flowLayout
	owner *dom.Node // the block container laid out
	width float64
	// y is the bottom of what is laid out; margin the margins below it,
	// not yet collapsed with what comes next; dropped how far
	// fitBesideFloats has moved empty lines down past floats, in all
	// (an inline box opened on such a line starts where it went).
	y, dropped float64
	margin     marginRun
	// started tells whether in-flow content (a line, a block that is not
	// empty) was laid out; collapseTop whether the margins before it
	// collapse through the container's top (into top).
	started, collapseTop bool
	top                  marginRun
	// the lines of inline content since the last block: their count, the
	// width taken on the last one, and the tallest line.
	lines int
	x     float64
	lineH float64
	// x0 is where the open line started (its text-indent, indentAt);
	// indent is the container's text-indent, indentHang and indentEach
	// its hanging and each-line keywords
	// indentReach that a line of a negative indent reaches as far past
	// its end as the indent pulls it back (in a scroll container, when
	// start-aligned)
	x0, indent                          float64
	indentHang, indentEach, indentReach bool
	// strutA and strutD are how far the lines' text reaches above and
	// below its baseline (its ascent and descent with half its leading:
	// the largest of the fonts and line heights of the texts' parents
	// laid out); atoms the atomic inlines on the open line, as they sit
	// on its baseline or at its top or bottom (vertical-align), which
	// grow it; lineText tells that it holds text (in quirks mode a line
	// with none has no strut); lastBase is the baseline of the last line
	// laid out from the content box's top, firstBase the first's, when
	// hasBase.
	strutA, strutD float64
	// lineA, lineD and lineHx are what the texts of other fonts and line
	// heights on the open line alone make it reach above and below the
	// baseline and how tall (0 when none grows it); runFont is the
	// parent of the text being laid out, whose font the lines it wraps
	// onto hold
	lineA, lineD, lineHx float64
	runFont              *dom.Node
	runPending           bool // runFont is not on the open line yet
	// runFallback tells that the text being laid out has characters
	// Chromium draws in a fallback font, whose ascent and descent its
	// lines make room for (fallbackLine)
	runFallback bool
	// blocks counts the blocks and anonymous tables laid out (an inline
	// box around one is not one run of lines)
	blocks              int
	atoms               []lineAtom
	nAtomic             int
	lineText            bool
	lastBase, firstBase float64
	hasBase             bool
	lastText            bool // the last line holds text (flowBox.lastText)
	// afterSpace tells whether the line ends with a collapsible space,
	// spaceW how wide it is; spaceRoom that the space is one of
	// white-space: break-spaces, which takes room at the line's end
	// rather than hang
	afterSpace, spaceRoom bool
	spaceW                float64
	// spaceX and spaceEnd are where the line's last collapsible space
	// laid out by words starts and ends (spaceX -1 when that space came
	// otherwise), and hang the inline boxes closed after it that hold it:
	// when it ends the line it hangs, and they end before it
	spaceX, spaceEnd float64
	hang             []hangBox
	// align is how the container aligns its lines; line the boxes on the
	// open line, kept when they are aligned otherwise than at the left
	// (endLine moves them)
	align lineAlign
	line  []lineBox
	// lineSpaces counts the spaces on the open line (where a justified
	// line stretches); canBreak tells whether a line may break before
	// what comes next (after a space or an atomic inline)
	lineSpaces int
	canBreak   bool
	// last are the last two characters laid out on the open line when
	// neither a space nor an atomic inline came after them: whether a line
	// may break between them and the next text decides a break between
	// two texts with no space between them (`<b>well</b>-known`), under
	// lastMode, the word-break of their text (the first text's decides,
	// as in Chromium: break-all on it allows a break after it, on the
	// second not before it)
	last     [2]rune
	lastMode wrapMode
	// afterBreak tells whether a <br> opened a line since the last
	// closeLines
	afterBreak bool
	// emptyBefore are the empty inline boxes met before any line of the
	// run was open: the line that opens next holds them (their struts
	// grow it, their rects sit on it); none when the run ends first
	emptyBefore []emptyBox
	// boxX and boxLine are where the content of the innermost inline box
	// being laid out starts, boxEdge0 where the start edges of the
	// inline boxes opened there and still empty start; boxMoved tells
	// that the line wrapped before any of it (the box starts on the next
	// line, its start edges moved along)
	boxX, boxEdge0 float64
	boxLine        int
	boxMoved       bool
	// spans are the inline boxes being laid out, outermost first, and
	// spanDone those closed over several lines whose last fragment is on
	// the open line: their rects are the union of their fragments once
	// the line is aligned (endLine)
	spans    []openSpan
	spanDone []*flowBox
	// beforeBlock tells that the lines end before a block inside the
	// open inline boxes: the start edges of one that holds nothing else
	// there are still its fragment on that line
	beforeBlock bool
	// segs are the words of the open line with their directions, noted
	// when its lines are reordered (align.bidi; flowbidi.go); pieces is
	// scratch room for the reordering
	segs   []bidiSeg
	pieces []bidiPiece
	// wrapType is the type of the word that wraps the open line to the
	// next (bidiN when it is neutral or the line ends otherwise): the
	// static points at its end resolve against it (reorderLine's next)
	wrapType bidiType
	// breaks and graphemes are scratch room for the places a word may
	// break (wordPieces) and those between its characters
	breaks, graphemes []int
	// extent is how far right the content reaches (lines that do not
	// wrap, boxes wider than the container), lext how far left (0 or
	// less: right-to-left content overflowing at the left).
	extent, lext float64
	// bext and mext are how far right the block children's border
	// boxes and margin boxes reach (flowBox.bext).
	bext, mext float64
	// ctx is the floats of the formatting context (flowfloat.go), owned
	// by this flow when ownCtx; ox and oy are where its content box lies
	// in their coordinates, ctxStart how many floats were placed before
	// it; lineL and lineW are the left and the width of the open line
	// beside them.
	ctx          *floatCtx
	ownCtx       bool
	ox, oy       float64
	ctxStart     int
	lineL, lineW float64
	// textNode is the text node being laid out; rec where its line
	// fragments are recorded (when f.texts is set), frags those of the
	// open lines, whose line height closeLines gives (rangerects.go)
	textNode *dom.Node
	rec      *textRec
	frags    []*textFrag
}

// walk lays out n's children, descending into inline boxes (their
// children are laid out as the container's).
func (b *blockFlow) walk(n *dom.Node) {
	f := b.f
	if first := f.anonymousRun(n); first != nil {
		// an anonymous item: the text and line breaks of its run
		for c := first; c != nil && f.runPart(c); c = f.w.flatNext(c) {
			if c.Kind() == dom.TextNode || c.IsElement() && !f.skipped(c) {
				c = b.child(n, c)
			}
		}
		return
	}
	if text, ok := f.pseudoText(n); ok {
		// a ::before or ::after box laid out on its own (pseudoInline)
		b.text(n, text)
		return
	}
	if k := f.fallbackOf(n); k != 0 {
		b.fallback(n, k)
		return
	}
	b.pseudoInline(n, "before")
	if n == b.owner && n.Is(atom.Details) {
		b.details(n)
	} else {
		fieldset := n == b.owner && n.Is(atom.Fieldset)
		for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
			legend := fieldset && !b.started && b.lines == 0 && b.y == 0 && renderedLegend(c)
			c = b.child(n, c)
			if legend {
				b.legend(c)
			}
		}
	}
	b.pseudoInline(n, "after")
}

// legend moves c, the rendered legend of the fieldset b lays out and the
// first thing in it, into the fieldset's top border: at the border's top,
// or centred in the border when that is thicker; the fieldset's content
// starts below the border or the legend and its bottom margin, whichever
// ends lower, and the fieldset's padding.
// https://html.spec.whatwg.org/multipage/rendering.html#the-fieldset-and-legend-elements
func (b *blockFlow) legend(c *dom.Node) {
	f := b.f
	cb := f.box(c)
	if f.skippedBox(c, cb) || cb.float || !cb.placed {
		return
	}
	b.settle()
	// its border box: its top margin is not kept (as in Chromium), its
	// bottom one is
	mb := f.edgeOfBox(c, cb, 1)
	h := b.y - f.edgeOfBox(c, cb, 0) - mb
	border, pad := f.edgeOf(b.owner, 4), f.edgeOf(b.owner, 2)
	top := 0.0
	if h < border {
		top = layoutUnit((border - h) / 2)
	}
	cb.offset = top - border - pad
	b.y = max(border, top+h+mb) - border
}

// child lays out c, a child of n in the flat tree, and returns the last
// sibling it laid out with it (the parts of an anonymous table).
func (b *blockFlow) child(n, c *dom.Node) *dom.Node {
	f := b.f
	if c.Kind() == dom.TextNode {
		b.textNode = c
		b.text(n, c.Data)
		b.textNode = nil
		return c
	}
	if !c.IsElement() {
		return c
	}
	cb := f.box(c)
	switch {
	case f.skippedBox(c, cb):
		cb.offset, cb.placed = b.y+b.pending(), true
		if f.displayOfBox(c, cb) != "none" {
			// out of flow: at its left, else its static position (an
			// inline box's on the open line, at its top)
			static := 0.0
			inline := strings.HasPrefix(f.displayOfBox(c, cb), "inline")
			onLine := b.lines > 0 && inline
			if onLine {
				static = b.lineL + b.x
				cb.offset = b.y + b.linesBefore()
			}
			// the static position is its margin box's: its border box
			// lies its top margin lower (ion.rangeSlider's grid labels)
			cb.offset += f.edgeOfBox(c, cb, 0)
			f.setWidth(c, cb, f.outOfFlowWidth(c, b.width, static))
			cb.x = f.outOfFlowX(c, static)
			if b.align.rtlFlow() && !onLine {
				// a right-to-left container's block starts at the right
				cb.x = mirrorX(cb.x, cb.bw, b.width, f.hEdgesOfBox(c, cb))
			} else if inline {
				b.staticOnLine(c, cb)
			}
		}
	case c.Namespace == "" && c.Data == "br":
		// where its line ends, as tall as its font's content area
		// and placed in the line as text is (Chromium's rect of a
		// <br>, a text box); its font is its parent's (a <br> is
		// seldom styled, and its own would be one more to look up)
		b.open(n)
		m := f.font(n)
		content := m.ascent() + m.descent()
		lh, _ := b.openLine()
		cb.offset, cb.placed = b.y+b.linesBefore()+math.Floor((lh-content)/2), true
		cb.height, cb.content, cb.heightKnown = content, content, true
		if len(b.atoms) > 0 || b.lineHx > 0 {
			// a line its atomic inlines or inline boxes lowered: on its
			// baseline, as its text is (finishLine)
			b.addAtom(lineAtom{cb: cb, above: m.ascent(), valign: vInline})
		}
		cb.x, cb.bw = b.lineL+b.x, 0
		if b.afterSpace && !b.spaceRoom && b.spaceX >= b.lineL {
			cb.x = b.spaceX // before the space it ends, which hangs
		}
		b.onLine(&cb.x, &cb.bw, b.lineSpaces)
		b.newLine(n)
		b.afterBreak = true
	case c.Namespace == "" && c.Data == "wbr" && !f.skippedBox(c, cb):
		// a line break opportunity
		// https://html.spec.whatwg.org/multipage/text-level-semantics.html#the-wbr-element
		cb.offset, cb.placed = b.y+b.linesBefore(), true
		cb.x = b.lineL + b.x
		b.canBreak, b.last = true, [2]rune{}
	case cb.float:
		b.floatChild(n, c, cb)
	case f.inlineLevelBox(c, cb):
		// the line it starts on, to the bottom of the line it ends on
		// (an empty one is a line high); its paddings, borders and
		// margins take room on the line, those of its start side on
		// its first line, of its end side on its last
		// https://drafts.csswg.org/css2/#inline-box-model
		e := f.hEdgesOf(c)
		startM, startE, endE, endM := e.marL, e.padL+e.borL, e.padR+e.borR, e.marR
		if f.lineAlignOf(c).rtl {
			startM, startE, endE, endM = e.marR, e.padR+e.borR, e.padL+e.borL, e.marL
		}
		edged := e.inner() > 0 || e.marL != 0 || e.marR != 0
		if f.w.flatFirst(c) != nil {
			// its start edges make its first line; the end ones its
			// last (a block inside between them, the line after it)
			edged = startM != 0 || startE > 0
		}
		if b.lines == 0 && (f.w.flatFirst(c) != nil || edged) && !f.opensOnBlock(c, e) {
			b.settle() // the margins above the line it opens
			if b.ctx != nil {
				b.setLine()
			}
			if edged {
				// its edges make a line, empty as it may be (before
				// a block it starts with, too)
				// https://drafts.csswg.org/css2/#inline-formatting
				b.open(c)
			}
		}
		shift, align := f.inlineAlign(c)
		up := b.spanUp() + shift
		opened := openSpan{node: c, cb: cb, up: up, first: true}
		if b.spanAligned() {
			p := &b.spans[len(b.spans)-1]
			opened.align, opened.alignA, opened.alignB, opened.alignUp = p.align, p.alignA, p.alignB, p.alignUp
		} else if align != vBaseline {
			// vertical-align top or bottom
			opened.align, opened.alignUp = align, up
			opened.alignA, opened.alignB = f.alignedExtent(c, 0)
		}
		aligned := opened.align != vBaseline
		if b.lines > 0 && f.w.flatFirst(c) == nil && f.doc.CompatMode() != "BackCompat" && !aligned {
			// an empty inline box on an open line still has its
			// strut there (one with content counts where its
			// content lands: spanFonts)
			b.lineFont(c, up)
		}
		start, y0, l0, blocks0, drop0 := b.y+b.linesBefore(), b.y, max(b.lines, 1), b.blocks, b.dropped
		x0, sp0, left0 := b.lineL+b.x+startM, b.lineSpaces, b.lineL
		cb.offset, cb.placed = start, true
		edge0 := b.x // (where its start edges start)
		if len(b.spans) > 0 && b.x == b.boxX && b.lines == b.boxLine {
			edge0 = b.boxEdge0 // the box around is empty so far too
		}
		pre := b.x - edge0
		b.x += startM + startE
		cb.frags = cb.frags[:0]
		if b.spans == nil {
			b.spans = f.takeSpans()
		}
		opened.x0, opened.cx, opened.sp0 = b.x-startE, b.x, sp0
		b.spans = append(b.spans, opened)
		sx, se, sl, sm := b.boxX, b.boxEdge0, b.boxLine, b.boxMoved
		b.boxX, b.boxEdge0, b.boxLine, b.boxMoved = b.x, edge0, b.lines, false
		if len(b.spans) <= maxInlineDepth {
			b.walk(c)
		}
		sp := b.spans[len(b.spans)-1]
		b.spans = b.spans[:len(b.spans)-1]
		x0 += b.lineL - left0 // (a float met in it moved the line's left edge: floatChild)
		if b.blocks == blocks0 && (b.lines > l0 || b.dropped != drop0) && len(cb.frags) == 0 {
			// it starts on a later line (the line wrapped before any
			// of it, or moved down past floats), at its start
			// (after the start edges of the boxes around it that
			// moved along with it)
			// (the line before may have been taller than the line
			// height: b.y took its excess)
			start, l0, y0 = b.y+b.linesBefore(), b.lines, b.y
			x0, sp0 = b.lineL+b.x0+pre+startM, 0
			cb.offset = start
		}
		b.boxX, b.boxEdge0, b.boxLine, b.boxMoved = sx, se, sl, sm
		endLine := b.lines == 0 && b.blocks != blocks0 && (endE > 0 || endM != 0)
		if endLine {
			// a block inside ended its lines: its end edges make a
			// line after it, empty as it may be
			b.open(c)
		}
		b.x += endE + endM
		h := float64(b.lines-l0)*b.lineH + f.lineHeight(c)
		if b.y != y0 {
			// blocks inside: from its top (its first line's content
			// area when that line holds some of it, set as the line
			// was finished)
			h = b.y + b.pending() - cb.offset
			switch {
			case b.lines == 0 || b.blocks == blocks0:
			case endLine && endE == 0:
				// its margin alone on the line after the block: a
				// fragment of no width, outside its rect
				h = b.y - cb.offset
			default:
				// its bottom where its last line's baseline puts it,
				// once that line is finished
				m := f.font(c)
				b.addAtom(lineAtom{cb: cb, below: m.descent() + f.edgeOfBox(c, cb, 3) + f.edgeOfBox(c, cb, 5) - sp.up, valign: vInlineEnd})
			}
		} else if b.lines == 0 {
			// nothing of it opened a line (an empty span, a shadow
			// host whose tree is empty): empty lines are no lines,
			// and Chromium's rect of it is as tall as it, 0, unless
			// a line opens after it in this run
			h = 0
			if f.w.flatFirst(c) == nil && f.doc.CompatMode() != "BackCompat" {
				b.emptyBefore = append(b.emptyBefore, emptyBox{node: c, cb: cb, up: up, lineL: b.lineL, aligned: aligned})
			}
		}
		cb.height, cb.content, cb.heightKnown, cb.laidOut = h, h, true, true
		switch {
		case b.y == y0 && max(b.lines, 1) == l0 && len(cb.frags) == 0:
			cb.x, cb.bw = x0, b.lineL+b.x-endM-x0
			if b.afterSpace && b.spaceX >= x0 {
				b.hang = append(b.hang, hangBox{x: &cb.x, bw: &cb.bw, spaceX: b.spaceX})
			} else if b.afterSpace && !b.spaceRoom && cb.bw == 0 && b.spaceX >= b.lineL && x0 >= b.spaceEnd {
				// an empty box after the space: when the space ends the
				// line it lies before it, as an absolutely positioned
				// box does (Frappe DataTable's empty sort indicator
				// after a header's "Price ")
				b.hang = append(b.hang, hangBox{x: &cb.x, spaceX: b.spaceX, static: true, empty: true})
			}
			b.onLine(&cb.x, &cb.bw, sp0)
			if b.lines > 0 && sp.align != vBaseline {
				b.lineAlignedBox(c, cb, &sp)
			} else if b.lines > 0 {
				b.inlineOnLine(c, cb, sp.up)
			}
		case b.blocks == blocks0 && len(cb.frags) > 0:
			// over several lines: the rect spans their fragments,
			// from the first line's content area to the last's, each
			// where its line's alignment puts it
			fx := b.lineL + sp.x0
			lineTop := b.y + b.linesBefore()
			// its content ends with a forced break (a <br>, a
			// preserved line feed) and nothing of it, not an end
			// edge, is on the line that opened: Chromium's box has no
			// fragment there (a highlighted comment ending in its line
			// feed is one line tall)
			broke := b.afterBreak && b.x == b.x0 && b.nAtomic == 0 && endE == 0 && endM == 0
			if broke {
				lineTop = cb.frags[len(cb.frags)-1].top
			} else {
				cb.frags = append(cb.frags, inlineFrag{x: fx, bw: max(b.lineL+b.x-endM-fx, 0), top: lineTop})
				last := &cb.frags[len(cb.frags)-1]
				if b.afterSpace && b.spaceX >= fx {
					b.hang = append(b.hang, hangBox{x: &last.x, bw: &last.bw, spaceX: b.spaceX})
				}
				b.onLine(&last.x, &last.bw, sp.sp0)
			}
			first := cb.frags[0].top
			for i := range cb.frags {
				cb.frags[i].dy = cb.frags[i].top - first
			}
			// (its top was set when its first line was finished:
			// endSpans)
			m := f.font(c)
			content := m.ascent() + m.descent()
			top := f.edgeOfBox(c, cb, 2) + f.edgeOfBox(c, cb, 4)
			cb.height = lineTop - first + content + top + f.edgeOfBox(c, cb, 3) + f.edgeOfBox(c, cb, 5)
			if !broke {
				// (and its bottom where its last line's baseline puts
				// it, once that line is finished)
				b.addAtom(lineAtom{cb: cb, below: m.descent() + f.edgeOfBox(c, cb, 3) + f.edgeOfBox(c, cb, 5) - sp.up, valign: vInlineEnd})
			}
			cb.content = cb.height
			cb.fragUnion()
			if !broke {
				b.spanDone = append(b.spanDone, cb)
			}
		default:
			// around blocks: the rect spans the lines, from its first
			// block's top when it starts with one and put nothing on
			// the line it opened on (a shadow host whose tree is a
			// block button, after text: Chromium's rect leaves that
			// line out)
			cb.frags = cb.frags[:0]
			cb.x, cb.bw = 0, b.width
			if startM == 0 && startE == 0 && f.edgeOfBox(c, cb, 2) == 0 && f.edgeOfBox(c, cb, 4) == 0 {
				if fb := f.leadingBlock(c, 0); fb != nil && fb.placed && fb.offset > cb.offset {
					cb.height -= fb.offset - cb.offset
					cb.content, cb.offset = cb.height, fb.offset
				}
			}
		}
		cb.widthSet = true
		b.lineReach()
	case f.atomicBox(c, cb):
		b.atomicBox(n, c)
	case anonTablePart(cb.disp):
		// cells, rows or row groups in a block: an anonymous table
		c = b.anonTable(n, c)
	default:
		b.block(c, cb)
	}
	return c
}

// pending is the height of the open lines.
func (b *blockFlow) pending() float64 {
	if b.lines == 0 {
		return 0
	}
	h, _ := b.openLine()
	return float64(b.lines-1)*b.lineH + h
}

// linesBefore is the height of the open lines but the last.
func (b *blockFlow) linesBefore() float64 {
	if b.lines <= 1 {
		return 0
	}
	return float64(b.lines-1) * b.lineH
}

// open opens a line for content of n, the container or its innermost
// open inline box, when none is open, or grows the open one for n's font.
func (b *blockFlow) open(n *dom.Node) {
	if !b.openFirst(n) && !b.spanAligned() {
		b.lineFont(n, b.spanUp())
	}
}

// spanAligned tells whether the innermost open inline box is aligned
// with the line box (openSpan.align): its content does not grow the line
// about its baseline.
func (b *blockFlow) spanAligned() bool {
	k := len(b.spans)
	return k > 0 && b.spans[k-1].align != vBaseline
}

// spanUp is how far the innermost open inline box's vertical-align
// raises the baseline of the content laid out in it.
func (b *blockFlow) spanUp() float64 {
	if k := len(b.spans); k > 0 {
		return b.spans[k-1].up
	}
	return 0
}

// textOnLine notes that the open line holds text, in the font of the text
// being laid out.
func (b *blockFlow) textOnLine() {
	b.lineText = true
	if b.runPending {
		b.runPending = false
		b.spanFonts()
		if !b.spanAligned() {
			b.lineFont(b.runFont, b.spanUp())
		}
	}
}

// spanFonts grows the open line for the fonts and line heights of the
// inline boxes open around the text on it: each has a fragment there,
// whose half leadings count as its text's do (a 20px word in a span of
// line-height: 30px inside one of 16px grows the line for both).
// https://drafts.csswg.org/css-inline/#inline-height
func (b *blockFlow) spanFonts() {
	for i := range b.spans {
		if b.spans[i].align == vBaseline {
			b.lineFont(b.spans[i].node, b.spans[i].up)
		}
	}
}

// openFirst opens the first line of a run when none is open, with the
// container's strut, or n's when it is the container or there is none;
// it tells whether n's font and line height made the line.
func (b *blockFlow) openFirst(n *dom.Node) bool {
	first := b.lines == 0
	if first {
		b.lines = 1
		b.settle()
		if o := b.owner; o != nil && o != n && b.f.doc.CompatMode() != "BackCompat" {
			// a line starts with the container's strut: a span with
			// line-height: 16px in a block with 20px makes a 20px line
			// (Polaris's table headings); in quirks mode a line with
			// no text has none (openLine)
			// https://drafts.csswg.org/css2/#leading
			b.lineH = b.f.lineHeight(o)
			b.strutA, b.strutD = b.f.strut(o)
			first = false
		}
	}
	if first {
		b.lineH = max(b.f.lineHeight(n), b.lineH)
		a, d := b.f.strut(n)
		b.strutA, b.strutD = max(b.strutA, a), max(b.strutD, d)
		if b.ctx != nil {
			b.setLine()
		}
	}
	if b.lines == 1 && len(b.emptyBefore) > 0 {
		b.placeEmptyBefore()
	}
	return first
}

// An emptyBox is an empty inline box met before any line of its run was
// open, with its vertical-align shift and the line's left edge then.
type emptyBox struct {
	node      *dom.Node
	cb        *flowBox
	up, lineL float64
	aligned   bool // in a top or bottom box (openSpan.align)
	// static tells that cb is an absolutely positioned box's, at its
	// static position (staticOnLine): moved with the line, not on it
	static bool
}

// placeEmptyBefore puts the empty inline boxes met before the line just
// opened on it: each one's strut grows it, as Chromium's
// `<i style="font-size:24px"></i> Settings` makes a 23px line of 16px/20px
// text, and its rect sits on its baseline.
// https://drafts.csswg.org/css-inline/#invisible-line-boxes
func (b *blockFlow) placeEmptyBefore() {
	for _, e := range b.emptyBefore {
		if e.static {
			e.cb.x += b.lineL - e.lineL
			b.staticBox(e.node, e.cb, 0)
			continue
		}
		if e.aligned {
			continue // in a top or bottom box: not on the line's baseline
		}
		b.lineFont(e.node, e.up)
		h := b.f.lineHeight(e.node)
		e.cb.height, e.cb.content = h, h
		e.cb.x += b.lineL - e.lineL // beside the floats the line opened by
		b.inlineOnLine(e.node, e.cb, e.up)
	}
	b.emptyBefore = b.emptyBefore[:0]
}

// lineFont grows the open line alone for the font and line height of n,
// an inline box on it: a taller line height makes it as tall, and text of
// another font sits on the same baseline, its half leadings about its
// own ascent and descent (12px text in 16px with line-height: 25px
// reaches 2px lower than the strut does, and the line is 27px tall:
// jQuery EasyUI's tabs; one aligned otherwise is left as it was). The
// lines before and after it keep the container's height (a 24px word in
// 16px text makes its line 23px tall, the next one 20). up is how far
// vertical-align raises n's baseline above the line's (openSpan.up).
// https://drafts.csswg.org/css-inline/#line-height
func (b *blockFlow) lineFont(n *dom.Node, up float64) {
	if up != 0 {
		// raised or lowered with its sub or super inline boxes: its
		// strut moves with its baseline and grows the line where it
		// reaches past the others (a <sup> grows a 20px line by 5.3px)
		a, d := b.f.strut(n)
		b.lineA, b.lineD = max(b.lineA, a+up), max(b.lineD, d-up)
		b.lineHx = max(b.lineHx, b.lineH)
		return
	}
	if lh := b.f.lineHeight(n); lh > b.lineH {
		a, d := b.f.strut(n)
		b.lineA, b.lineD = max(b.lineA, a), max(b.lineD, d)
		b.lineHx = max(b.lineHx, lh)
	} else if a, d := b.f.strut(n); (a > max(b.strutA, b.lineA) || d > max(b.strutD, b.lineD)) && b.f.onBaseline(n) {
		b.lineA, b.lineD = max(b.lineA, a), max(b.lineD, d)
		b.lineHx = max(b.lineHx, b.lineH, max(b.strutA, b.lineA)+max(b.strutD, b.lineD))
	}
}

// inlineAlign is how inline box n is aligned, from one look at its
// vertical-align: with the line box (vTop or vBottom, up 0), or on its
// parent's baseline raised by up (vBaseline; baselineShift).
func (f *flowLayout) inlineAlign(n *dom.Node) (up float64, align lineVAlign) {
	v, ok := f.w.cascaded(n, "vertical-align")
	if !ok {
		return 0, vBaseline
	}
	switch v = strings.TrimSpace(v); v {
	case "top":
		return 0, vTop
	case "bottom":
		return 0, vBottom
	}
	return f.baselineShift(n, v, true), vBaseline
}

// baselineShift is how far n's own vertical-align, v, raises its
// baseline above its parent's: sub lowers it by a fifth of the parent's
// font size and a pixel, super raises it by a third and a pixel, in
// layout units, as Chromium does. For a non-atomic inline box (box; lineAtomOf applies
// an atomic inline's own), a length or a percentage of n's line height
// raises it, and text-top, text-bottom and middle align its box, with
// the inline boxes in it (alignedExtent), with the parent's font: its top
// with the parent's ascent, its bottom with its descent, its middle half
// the parent's x-height above the baseline.
// https://drafts.csswg.org/css-inline/#valdef-baseline-shift-sub
// https://drafts.csswg.org/css2/#propdef-vertical-align
func (f *flowLayout) baselineShift(n *dom.Node, v string, box bool) float64 {
	switch v {
	case "", "baseline", "initial", "inherit", "unset", "revert", "revert-layer", "top", "bottom":
		return 0
	case "super":
		if p := f.w.flatParent(n); p != nil && p.IsElement() {
			return layoutUnit(f.font(p).size/3 + 1)
		}
	case "sub":
		if p := f.w.flatParent(n); p != nil && p.IsElement() {
			return -layoutUnit(f.font(p).size/5 + 1)
		}
	case "text-top", "text-bottom", "middle":
		p := f.w.flatParent(n)
		if !box || p == nil || !p.IsElement() {
			return 0
		}
		above, below := f.alignedExtent(n, 0)
		switch m := f.font(p); v {
		case "text-top":
			return m.ascent() - above
		case "text-bottom":
			return below - m.descent()
		default:
			return math.Round(m.xHeight()/2*64)/64 - (above-below)/2
		}
	default:
		if x, ok := f.signedLength(n, v, f.lineHeight(n)); ok && box {
			return x
		}
	}
	return 0
}

// alignedExtent is how far the box of n, an inline box, reaches above and
// below its baseline with the inline boxes inside it that sit on it or are
// raised from it: the extent Chromium aligns for text-top, text-bottom and
// middle (a 10px text-top span holding 20px bold text puts the bold
// text's top at the parent's ascent).
func (f *flowLayout) alignedExtent(n *dom.Node, depth int) (above, below float64) {
	above, below = f.strut(n)
	if depth >= 8 {
		return above, below
	}
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.w.display(c) != "inline" {
			continue
		}
		v, _ := f.w.cascaded(c, "vertical-align")
		switch v = strings.TrimSpace(v); v {
		case "top", "bottom", "middle", "text-top", "text-bottom":
			continue // aligned on their own
		}
		up := f.baselineShift(c, v, true)
		a, d := f.alignedExtent(c, depth+1)
		above, below = max(above, a+up), max(below, d-up)
	}
	return above, below
}

// onBaseline tells whether inline box n sits on its parent's baseline,
// or is raised or lowered from it (baselineShift), from the cascade (it is
// not inherited): every vertical-align but top and bottom, which align it
// with the line box and are not modelled for inline boxes.
func (f *flowLayout) onBaseline(n *dom.Node) bool {
	v, _ := f.w.cascaded(n, "vertical-align")
	switch strings.TrimSpace(v) {
	case "top", "bottom":
		return false
	}
	return true
}

// lineAlign is how a block container aligns its lines: where a line
// shorter than the container starts (text-align) and which way its content
// runs (direction).
type lineAlign struct {
	pos lineStart
	rtl bool
	// wm is the writing mode (flowvertical.go): in a vertical one the
	// estimate lays lines along the inline axis and maps them to
	// physical coordinates at the end
	wm writingMode
	// frame is the parent's writing mode (the root's: horizontal, the
	// viewport's); ortho tells that wm and frame are not both vertical or
	// both horizontal, or that the root is vertical
	frame writingMode
	ortho bool
	// justify tells that lines but the last fill the line
	justify bool
	// bidi tells that the lines are reordered (UAX #9, flowbidi.go): a
	// right-to-left block, or one holding right-to-left text from it on
	bidi bool
	// keyword is text-align's value as inherited, resolved against the
	// direction of each element (start and end).
	keyword alignKeyword
}

// alignKeyword is a value of text-align: start (and justify, match-parent),
// end, left, right, center.
type alignKeyword uint8

const (
	alignStartKw alignKeyword = iota
	alignEndKw
	alignLeftKw
	alignRightKw
	alignCenterKw
)

// lineStart is where lines start: at the left, centered, at the right.
type lineStart uint8

const (
	alignLeft lineStart = iota
	alignCenter
	alignRight
)

// rtlFlow tells whether the inline axis runs from line-right to
// line-left (right to left; bottom to top in a vertical writing mode).
func (a lineAlign) rtlFlow() bool { return a.rtl }

// aligned tells whether lines start elsewhere than at the left or run
// right to left.
func (a lineAlign) aligned() bool { return a.pos != alignLeft || a.rtl || a.justify || a.bidi }

// lineAlignOf is n's lineAlign, inherited from its parent's unless n
// sets text-align or direction (or a dir attribute): text-align's start,
// justify (its last line) and end follow the direction.
// https://drafts.csswg.org/css-text/#text-align-property
func (f *flowLayout) lineAlignOf(n *dom.Node) lineAlign {
	b := f.box(n)
	if b.known&knownAlign != 0 {
		return b.align
	}
	b.known |= knownAlign
	var a lineAlign
	p := f.w.flatParent(n)
	if p == nil && n.Namespace == pseudoNamespace {
		p, _ = f.w.pseudoHostOf(n) // a generated box inherits from its element
	}
	if p != nil && f.depth < maxFlowDepth {
		f.depth++
		a = f.lineAlignOf(p)
		f.depth--
	}
	a.frame = a.wm
	if v, ok := f.w.cascaded(n, "direction"); ok && !cssWideKeywords[v] {
		a.rtl = ascii.EqualFold(strings.TrimSpace(v), "rtl")
	} else if !ok && uaSetsDirection(n) {
		a.rtl = n.Directionality() == "rtl"
	} else if ok && v == "initial" {
		a.rtl = false
	}
	if v, ok := f.w.cascaded(n, "writing-mode"); ok && !cssWideKeywords[v] {
		v = ascii.Lower(strings.TrimSpace(v))
		a.wm = parseWritingMode(v)
	} else if ok && v == "initial" {
		a.wm = wmHorizontal
	}
	a.ortho = a.wm.vertical() != a.frame.vertical()
	if v, ok := f.w.cascaded(n, "text-align"); ok && v != "inherit" && v != "unset" {
		switch ascii.Lower(strings.TrimSpace(v)) {
		case "center", "-webkit-center":
			a.keyword = alignCenterKw
		case "right", "-webkit-right":
			a.keyword = alignRightKw
		case "left", "-webkit-left":
			a.keyword = alignLeftKw
		case "end":
			a.keyword = alignEndKw
		default: // start, justify (its last line), match-parent, initial
			a.keyword = alignStartKw
		}
		a.justify = ascii.EqualFold(strings.TrimSpace(v), "justify")
	}
	a.pos = alignLeft
	switch a.keyword {
	case alignCenterKw:
		a.pos = alignCenter
	case alignRightKw:
		a.pos = alignRight
	case alignLeftKw:
	case alignEndKw:
		if !a.rtl {
			a.pos = alignRight
		}
	default:
		if a.rtl {
			a.pos = alignRight
		}
	}
	b.align = a
	return a
}

// lineBox is a box on the open line, from *x, *bw wide: the spaces of
// the line before it and up to its end.
type lineBox struct {
	x, bw    *float64
	sp0, sp1 int
	// aligned tells that it was noted when the line was aligned (not
	// only at its start edge): endLine moves only those (a line turned
	// bidi by a right-to-left word keeps what came before it where it
	// is); every box is noted, to be moved with a float met on the line
	aligned bool
	// static tells that *x is the left of the border box of an
	// absolutely positioned box at its static position, its margins ml
	// and mr: on a reordered line its margin box starts at its point
	// there when its level is even, else ends there (bw is its width)
	static bool
	ml, mr float64
	// known is, for the static position of a ::before or ::after box
	// (whose width is not known here), its box's flags, where the line
	// notes staticEnd when its point's level is odd
	known *styleKnown
}

// A hangBox is an inline box (or fragment of one, from *x, *bw wide) that
// ends after the collapsible space at spaceX on its line: if that space
// ends the line, the box ends before it.
type hangBox struct {
	x, bw  *float64
	spaceX float64
	hung   *bool // set when it hangs, if not nil
	// static tells that x is the static position of an absolutely
	// positioned box after the space (bw is nil), met at `at` on the
	// line: it moves before it; empty that it is an empty inline box
	// there, which moves to the layout unit before the space's start
	static, empty bool
	at            float64
}

// onLine notes a box placed on the open line from *x, *bw wide, after sp0
// of its spaces, to be aligned with it.
func (b *blockFlow) onLine(x, bw *float64, sp0 int) {
	b.line = append(b.line, lineBox{x: x, bw: bw, sp0: sp0, sp1: b.lineSpaces, aligned: b.align.aligned()})
}

// fragUnion sets an inline box's rect over several lines to the union of
// its fragments.
func (cb *flowBox) fragUnion() {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, fr := range cb.frags {
		lo, hi = min(lo, fr.x), max(hi, fr.x+fr.bw)
	}
	if lo <= hi {
		cb.x, cb.bw = lo, hi-lo
	}
}

// endSpans ends the fragments of the inline boxes open at the end of the
// line (ending at right, after sp1 of its spaces; raw where its content
// ends, its hanging space included), to be aligned with it.
func (b *blockFlow) endSpans(right, raw float64, sp1 int) {
	if b.lines == 0 {
		return
	}
	for i := range b.spans {
		s := &b.spans[i]
		if s.first && raw <= s.cx && !(b.beforeBlock && s.cx > s.x0) {
			// nothing of it on the line: it starts on the next
			continue
		}
		x := b.lineL + s.x0
		bw := max(right-x, 0)
		if raw > right-b.lineL {
			// its text ends before a hanging space: snapped to a
			// layout unit, as the text item is
			bw = snapWidth(bw)
		}
		s.cb.frags = append(s.cb.frags, inlineFrag{x: x, bw: bw, top: b.y + b.linesBefore()})
		if len(s.cb.frags) == 1 {
			// its rect's top is its first line's: that line's baseline
			// less its ascent and top edges, once the line is finished
			m := b.f.font(s.node)
			b.addAtom(lineAtom{cb: s.cb, above: m.ascent() + b.f.edgeOfBox(s.node, s.cb, 2) + b.f.edgeOfBox(s.node, s.cb, 4) + s.up, valign: vInline})
		}
		fr := &s.cb.frags[len(s.cb.frags)-1]
		b.line = append(b.line, lineBox{x: &fr.x, bw: &fr.bw, sp0: s.sp0, sp1: sp1, aligned: b.align.aligned()})
	}
	for i := range b.spans {
		s := &b.spans[i]
		s.x0, s.cx, s.sp0, s.first = 0, 0, 0, false
	}
}

// doneSpans sets the rects of the inline boxes whose last fragment was on
// the line aligned.
func (b *blockFlow) doneSpans() {
	for _, cb := range b.spanDone {
		cb.fragUnion()
	}
	clear(b.spanDone)
	b.spanDone = b.spanDone[:0]
}

// endLine aligns the boxes of the line that ends, used px wide: moved
// to its start (centered, at the right), and right to left in reverse.
func (b *blockFlow) endLine(used float64) { b.endLineJustified(used, false) }

// endLineJustified is endLine for a line that wraps when soft: a
// justified one fills the line, its spaces stretched.
// https://drafts.csswg.org/css-text/#justify-a-line
func (b *blockFlow) endLineJustified(used float64, soft bool) {
	next := b.wrapType
	b.wrapType = bidiN
	spaces := b.lineSpaces
	b.lineSpaces = 0
	raw := used
	if b.afterSpace && !b.spaceRoom {
		// a space at the end of a line hangs: the line ends where its
		// text item would without it, snapped up to a layout unit as
		// the item is (the space is measured unsnapped; Chromium's
		// right-aligned `aaa bbb ` ends 57.84375px from its start)
		if b.spaceX >= b.lineL {
			used = snapWidth(b.spaceX - b.lineL)
		} else {
			used -= b.spaceW
		}
		spaces--
		for _, h := range b.hang {
			if h.spaceX == b.spaceX && h.empty {
				*h.x = math.Floor((*h.x-b.spaceEnd+b.spaceX)*64) / 64
			} else if h.spaceX == b.spaceX && h.static {
				*h.x += b.lineL + used - h.at
			} else if h.spaceX == b.spaceX {
				// its text item ends before the space (snapped to a
				// layout unit), its right edges after it
				edges := max(*h.bw-snapWidth(b.spaceEnd-*h.x), 0)
				*h.bw = snapWidth(b.spaceX-*h.x) + edges
				if h.hung != nil {
					*h.hung = true
				}
			}
		}
	}
	clear(b.hang)
	b.hang = b.hang[:0]
	if b.indentReach && b.x0 < 0 && b.lines > 0 {
		// Chromium's line box is as wide as the room the indent leaves,
		// from the start edge: a 100px scroller's line indented -30px
		// scrolls 130 wide
		if b.align.rtl {
			b.lext = min(b.lext, b.lineL+b.x0)
		} else {
			b.bext = max(b.bext, b.lineL+b.lineW-b.x0)
		}
	}
	if len(b.spans) > 0 {
		b.endSpans(b.lineL+used, raw, max(spaces, 0))
	}
	// a line too long for its box is start-aligned: a right-to-left one
	// overflows at the left
	// https://drafts.csswg.org/css-text/#text-align-property
	over := b.align.rtlFlow() && used > b.lineW
	if over {
		b.lext = min(b.lext, b.lineL+b.lineW-used)
	}
	if len(b.line) == 0 || !b.align.aligned() {
		// (a line at its start edge stays where it was laid out; its
		// boxes were noted to move with floats met on it: floatChild)
		clear(b.line)
		b.line, b.segs = b.line[:0], b.segs[:0]
		if len(b.spanDone) > 0 {
			b.doneSpans()
		}
		return
	}
	full := used
	used = max(min(used, b.lineW), 0)
	start := b.lineL
	stretch := 0.0
	switch {
	case over:
		used = full
		start = b.lineL + b.lineW - full
	case soft && b.align.justify && spaces > 0:
		stretch = (b.lineW - used) / float64(spaces)
		used = b.lineW
	case b.align.pos == alignCenter:
		start += layoutUnit((b.lineW - used) / 2) // in layout units, as Chromium offsets a line
	case b.align.pos == alignRight:
		start += b.lineW - used
	}
	// the line's pieces in the order its levels give (flowbidi.go)
	var pieces, points []bidiPiece
	if b.align.bidi {
		para := uint8(0)
		if b.align.rtl {
			para = 1
		}
		for _, lb := range b.line {
			if lb.static && lb.aligned {
				// its point among the words, in the order laid out
				p := *lb.x - lb.ml
				i := sort.Search(len(b.segs), func(i int) bool { return b.segs[i].x0 >= p })
				b.segs = slices.Insert(b.segs, i, bidiSeg{x0: p, x1: p, sp: lb.sp0, t: bidiPoint})
			}
		}
		// a negative text-indent starts the line before its start edge
		lo := b.lineL + min(b.x0, 0)
		if !b.align.rtl {
			start += min(b.x0, 0)
		}
		pieces, points = reorderLine(b.pieces[:0], b.segs, lo, b.lineL+used, stretch, para, next)
		b.pieces = pieces[:len(pieces)+len(points)]
	}
	for _, lb := range b.line {
		x, bw := lb.x, lb.bw
		if !lb.aligned {
			continue
		}
		if lb.static && b.align.bidi {
			if vx, level, ok := pointPlace(points, *x-lb.ml); ok {
				if *x = start + vx + lb.ml; level&1 == 1 {
					*x = start + vx - lb.mr - *bw
				}
				if lb.known != nil {
					*lb.known &^= staticEnd
					if level&1 == 1 {
						*lb.known |= staticEnd
					}
				}
				continue
			}
		}
		if lb.static {
			*x += stretch * float64(lb.sp0)
			*x += start - b.lineL
			continue
		}
		if stretch > 0 {
			// moved by the stretch of the spaces before it, wider by that
			// of its own
			*x += stretch * float64(lb.sp0)
			*bw += stretch * float64(min(lb.sp1, spaces)-lb.sp0)
		}
		if lo, hi, ok := visualSpan(pieces, *x, *x+*bw); ok {
			*x, *bw = start+lo, hi-lo
		} else if b.align.bidi && b.align.rtl {
			*x = start + used - (*x - b.lineL) - *bw
		} else {
			*x += start - b.lineL
		}
	}
	clear(b.line)
	b.line, b.segs = b.line[:0], b.segs[:0]
	if len(b.spanDone) > 0 {
		b.doneSpans()
	}
}

// alignedOnLine tells whether a box noted on the open line is to be
// aligned with it.
func (b *blockFlow) alignedOnLine() bool {
	for i := range b.line {
		if b.line[i].aligned {
			return true
		}
	}
	return false
}

// lineReach notes how far right the open line reaches: past the box only
// left to right (a right-to-left line overflows at the left, endLine).
func (b *blockFlow) lineReach() { b.lineReachAt(b.x) }

// lineReachAt is lineReach for a line whose content reaches x from its
// start.
func (b *blockFlow) lineReachAt(x float64) {
	x += b.lineL
	if b.align.rtlFlow() {
		x = min(x, max(b.width, 1))
	}
	b.extent = max(b.extent, x)
}

// rtlText tells whether s holds a strong right-to-left character (Hebrew,
// Arabic, Syriac, Thaana, N'Ko and their presentation forms).
// https://unicode.org/reports/tr9/#Bidirectional_Character_Types
func rtlText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0xd6 {
			continue // ASCII, Latin, Greek, Cyrillic lead bytes
		}
		for _, r := range s[i:] {
			if r >= 0x0590 && r <= 0x08ff || r >= 0xfb1d && r <= 0xfdff || r >= 0xfe70 && r <= 0xfeff {
				return true
			}
		}
		return false
	}
	return false
}

// settle places the margins above in-flow content: between it and what is
// above it, or through the container's top when nothing is.
func (b *blockFlow) settle() {
	if !b.started && b.collapseTop {
		b.top = b.margin
	} else {
		b.y += b.margin.size()
	}
	b.margin, b.started = marginRun{}, true
}

// text adds the text of a text node whose parent is n.
func (b *blockFlow) text(n *dom.Node, s string) {
	nowrap, pre := b.f.whiteSpace(n)
	preLine, breakSpaces := b.f.box(n).preLine, b.f.box(n).breakSpaces
	if !pre {
		collapse := collapseSpaces
		if preLine {
			collapse = collapsePreLine
		}
		t, ok := collapse(s, b.lines > 0, b.afterSpace)
		if !ok {
			return
		}
		s = t
		if nowrap {
			b.afterSpace, b.spaceX = strings.HasSuffix(t, " "), -1
			b.spaceRoom = false
		} // else words tells
	} else if s == "" {
		return
	}
	// its font grows the lines its words go on (advance)
	b.runFont, b.runPending = n, !b.openFirst(n)
	m := b.f.font(n)
	b.runFallback = m.face.fallsBack(s) && b.f.normalLineHeight(n)
	mode := b.f.wrapMode(n)
	if b.afterSpace && b.align.aligned() {
		b.spaceW = m.advance(" ")
	}
	if !b.align.bidi && rtlText(s) {
		// its lines are reordered from here on (what came before on a
		// left-to-right line stays where it is)
		b.align.bidi = true
	}
	if b.f.texts != nil && b.textNode != nil {
		b.rec = &textRec{text: s, m: m, lineHeight: b.f.lineHeight(n), pre: pre}
		b.f.texts[b.textNode] = b.rec
		b.openFrag(0)
	}
	base := 0
	for i, part := range strings.Split(s, "\n") {
		if i > 0 && b.rec != nil {
			b.closeFrag(base - 1)
			b.newLine(n)
			b.openFrag(base)
		} else if i > 0 {
			b.newLine(n)
		}
		if i > 0 {
			// a preserved line feed ends its line as a <br> does: no
			// line follows it when nothing does (Prism's code, ending in
			// one, is as many lines tall as it has line feeds)
			b.afterBreak = true
		}
		start, lines := b.x, b.lines
		if nowrap {
			if preLine && part != "" {
				b.afterSpace = strings.HasSuffix(part, " ") // (collapsePreLine)
				b.spaceRoom = false
			}
			b.last = [2]rune{} // no break between it and the next text
			if full := m.advance(part); b.afterSpace && !pre && len(part) > 1 && part[len(part)-1] == ' ' {
				// its collapsed space at the end hangs if the line
				// ends there: the line reaches no farther for it
				text := m.advance(part[:len(part)-1])
				b.advanceNowrap(text)
				b.x += full - text
			} else {
				b.advanceNowrap(full)
			}
			if b.runFallback && m.face.fallsBack(part) {
				b.fallbackLine(m)
			}
			if b.afterSpace && !pre {
				// its collapsed space at the end, which hangs if the
				// line ends there
				b.spaceEnd = b.lineL + b.x
				b.spaceX = b.spaceEnd - m.advance(" ")
			}
			if b.align.bidi && b.lines == lines {
				b.noteRun(part, start, m)
			}
		} else {
			b.words(part, m, base, mode, breakSpaces, base+len(part) == len(s))
		}
		if b.textNode != nil && base+len(part) == len(s) && b.lines == lines {
			// its last character kerns with the next text's first
			// when they are one run (flowkern.go), unless its line
			// wrapped inside it (Chromium shapes the line's piece
			// of it again, alone)
			b.x += b.f.kernAfter(b.owner, b.textNode, part, m)
		}
		b.snapItem(start, lines)
		base += len(part) + 1
	}
	if b.rec != nil {
		b.closeFrag(len(s))
		b.rec = nil
	}
	if pre {
		b.spaceX = -1 // preserved spaces stay in their boxes
	}
	b.runFont, b.runPending, b.runFallback = nil, false, false
}

// normalLineHeight tells whether n's line-height is normal.
func (f *flowLayout) normalLineHeight(n *dom.Node) bool {
	v := f.w.inheritedSVGProp(n, "line-height")
	return v == "" || v == "normal" || v == "initial"
}

// fallbackLine grows the open line for the fallback font of text of font
// m on it (canvasFace.fallsBack) under line-height: normal: Chromium
// unites the metrics of each font a text item is drawn in with its inline
// box's, the fallback's with no leading (its line gap), so a line of 16px
// Arial holding "◀" is 19px tall, DejaVu Sans's 15px ascent and 4px
// descent, where Liberation Sans's make 18.
// https://drafts.csswg.org/css-inline/#inline-height
func (b *blockFlow) fallbackLine(m fontMetrics) {
	if b.spanAligned() {
		return
	}
	up := b.spanUp()
	a := math.Round(dejaVuAscent * m.size / 2048)
	d := math.Round(dejaVuDescent * m.size / 2048)
	if a+up <= max(b.strutA, b.lineA) && d-up <= max(b.strutD, b.lineD) {
		return
	}
	b.lineA, b.lineD = max(b.lineA, a+up), max(b.lineD, d-up)
	b.lineHx = max(b.lineHx, b.lineH, max(b.strutA, b.lineA)+max(b.strutD, b.lineD))
}

// dejaVuAscent and dejaVuDescent are the DejaVu faces' hhea ascent and
// descent in 2048ths of an em (their line gap is 0).
const (
	dejaVuAscent  = 1901
	dejaVuDescent = 483
)

// snapItem rounds the width the run of text that started at x = start on
// line lines takes on the open line up to 1/64 px, as Chromium snaps the
// width of each text item on a line (LayoutUnit::FromFloatCeil): a row of
// spans moves by those fractions, and an inline box holding text is as
// wide as Chromium's. A run that wrapped starts at the line's start.
func (b *blockFlow) snapItem(start float64, lines int) {
	if b.lines != lines {
		start = b.x0
	}
	if !(b.x > start) {
		return
	}
	b.x = start + snapWidth(b.x-start)
	reach := b.x
	if b.afterSpace && !b.spaceRoom && b.spaceX >= b.lineL+start {
		// a collapsible space at its end hangs if the line ends there:
		// the run reaches no farther than its text before it (what
		// comes after on the line reaches on for itself). "lorem " in
		// a 10px box overflows it by "lorem" alone, as in Chromium.
		reach = start + snapWidth(b.spaceX-b.lineL-start)
	}
	b.extent = max(b.extent, min(b.lineL+reach, max(b.width, 1)))
	if reach > b.lineW {
		b.lineReachAt(reach)
	}
}

// words lays out a run of text that wraps: its words one after the
// other, each on the next line when it does not fit on the open one
// after a space (a word longer than the line overflows it). Under
// white-space: break-spaces (keep) its spaces take room at the end of a
// line and a line may break after each of them: a space after a space
// that does not fit starts the next line (the first after a word stays
// with the word, overflowing the line). tail tells that part ends its
// text node: its last word, when no space ends it, fits only with what
// follows it up to a place to break (wordAhead).
// https://drafts.csswg.org/css-text/#line-breaking
// https://drafts.csswg.org/css-text/#valdef-white-space-collapse-break-spaces
func (b *blockFlow) words(part string, m fontMetrics, base int, mode wrapMode, keep, tail bool) {
	spaceW, prev := 0.0, ""
	rest, more := part, true
	at := base // where word starts in the text node's laid-out text
	for j := 0; more; j++ {
		var word string
		if j > 0 {
			at += len(prev) + 1
		}
		word, rest, more = strings.Cut(rest, " ")
		if j > 0 {
			if spaceW == 0 {
				spaceW = m.advance(" ")
				b.spaceW = spaceW
			}
			w := spaceW + m.spaceKern(prev, true)
			if keep && b.afterSpace && b.x > b.x0 && b.x+w > b.lineW+1.0/64 {
				b.wrapAt(at-1, at-1) // after the space before it
				b.fitBesideFloats(w)
			}
			b.spaceX = b.lineL + b.x
			b.x += w // a space at the end of a line hangs, unless keep
			b.spaceEnd = b.lineL + b.x
			b.lineSpaces++
			b.afterSpace, b.canBreak, b.spaceRoom = true, true, keep
			b.last = [2]rune{}
			if keep {
				b.textOnLine()
				b.extent = max(b.extent, min(b.lineL+b.x, max(b.width, 1)))
				if b.x > b.lineW {
					b.lineReach() // overflows
				}
			}
		}
		prev = word
		if word == "" {
			continue
		}
		if j == 0 && !b.canBreak && b.last[1] != 0 {
			b.canBreak = boundaryBreak(b.last, word, b.lastMode)
		}
		w := m.advance(word)
		if !(w > 0) || math.IsInf(w, 0) {
			continue
		}
		kern := 0.0
		if j > 0 {
			kern = m.spaceKern(word, false)
			w += kern
		}
		if b.x == b.x0 && w > b.lineW+1.0/64 && b.narrowed() {
			b.fitBesideFloats(b.firstPiece(word, w, m, kern, mode))
		}
		if b.x+w > b.lineW+1.0/64 && b.wordPieces(word, m, at, kern, mode) {
			continue // broken inside
		}
		if b.canBreak && b.x > b.x0 && (b.x+w > b.lineW+1.0/64 || !more && tail && b.textNode != nil &&
			b.x+w+b.f.wordAhead(b.owner, b.textNode, lastRunes(b.last, word), mode) > b.lineW+1.0/64) {
			// (a last word goes on into what follows up to a break:
			// flowahead.go)
			if b.align.bidi {
				b.wrapType = wordBidiType(word)
			}
			b.wrapAt(b.spaceEndsAt(at), at) // the space at the end of the line hangs
			// it starts its line: no kerning with the space left behind
			// (Chromium shapes the line's text again)
			w, kern = w-kern, 0
			b.fitBesideFloats(b.firstPiece(word, w, m, kern, mode))
		}
		if b.align.bidi {
			b.noteWord(b.x, b.x+w, wordBidiType(word))
		}
		b.x += w
		b.textOnLine()
		if b.runFallback && m.face.fallsBack(word) {
			b.fallbackLine(m)
		}
		b.afterSpace, b.canBreak = false, false
		b.last = lastRunes(b.last, word)
		b.extent = max(b.extent, min(b.lineL+b.x, max(b.width, 1)))
		if b.x > b.lineW {
			b.lineReach() // overflows
		}
	}
	b.lastMode = mode
}

// wordPieces lays out a word that does not fit on the open line in the
// pieces between the places a line may break inside it (wordBreaks), as
// many on the open line as fit, and tells whether it did (false: the word
// has no such place and mode no emergency breaks). kern is the kerning
// with the space before it. Under overflow-wrap, a piece too wide for a
// line of its own breaks between any two characters (emergency).
func (b *blockFlow) wordPieces(word string, m fontMetrics, at int, kern float64, mode wrapMode) bool {
	b.breaks = wordBreaksAfter(b.last[1], word, mode, b.breaks[:0])
	if len(b.breaks) == 0 && !mode.emergency() {
		return false
	}
	eachPiece(word, b.breaks, m, func(k, from int, piece string, w float64) {
		if k == 0 {
			w += kern
		}
		if (k > 0 || b.canBreak) && b.x > b.x0 && b.x+w > b.lineW+1.0/64 {
			if k == 0 {
				b.wrapAt(b.spaceEndsAt(at), at) // the space at the end of the line hangs
			} else {
				b.wrapAt(at+from, at+from)
			}
			b.fitBesideFloats(w)
		}
		if mode.emergency() && w > b.lineW+1.0/64 {
			b.emergencyPieces(piece, m, at+from, w-m.advance(piece))
		} else {
			b.placePiece(piece, w)
		}
	})
	return true
}

// emergencyPieces lays out a piece of a word too wide for a line of its
// own a character (grapheme cluster) at a time, as many on each line as
// fit (at least one): overflow-wrap's emergency breaks. at is where it
// starts in the text, kern the kerning before it.
func (b *blockFlow) emergencyPieces(piece string, m fontMetrics, at int, kern float64) {
	b.graphemes = graphemeBreaks(piece, b.graphemes[:0])
	eachPiece(piece, b.graphemes, m, func(k, off int, g string, w float64) {
		if k == 0 {
			w += kern
		} else if b.x > b.x0 && b.x+w > b.lineW+1.0/64 {
			b.wrapAt(at+off, at+off)
		}
		b.placePiece(g, w)
	})
}

// eachPiece calls fn with each piece of word between breaks (the k-th
// from byte from) and its width in m, kerned with the piece before it.
func eachPiece(word string, breaks []int, m fontMetrics, fn func(k, from int, piece string, w float64)) {
	from, last := 0, rune(-1)
	for k := 0; k <= len(breaks); k++ {
		to := len(word)
		if k < len(breaks) {
			to = breaks[k]
		}
		piece := word[from:to]
		w := m.advance(piece)
		if k > 0 {
			first, _ := utf8.DecodeRuneInString(piece)
			w += m.pairKern(last, first)
		}
		fn(k, from, piece, w)
		last, _ = utf8.DecodeLastRuneInString(piece)
		from = to
	}
}

// spaceEndsAt is where the fragment of the text being recorded ends on
// a line that wraps before the word at index at, after a space: before
// that space, which hangs, or after it when it takes room (break-spaces).
func (b *blockFlow) spaceEndsAt(at int) int {
	if b.afterSpace && b.spaceRoom {
		return at
	}
	return at - 1
}

// wrapAt wraps the line inside a text being recorded (rangerects.go): its
// fragment on the line ends at index end of its laid-out text, the next
// starts at next (past a space that hangs at the line's end).
func (b *blockFlow) wrapAt(end, next int) {
	if b.rec == nil {
		b.wrap()
		return
	}
	b.closeFrag(end)
	b.wrap()
	b.openFrag(next)
}

// placePiece puts a piece of a word, w wide, on the open line.
func (b *blockFlow) placePiece(piece string, w float64) {
	if b.align.bidi {
		b.noteWord(b.x, b.x+w, wordBidiType(piece))
	}
	b.x += w
	b.textOnLine()
	b.afterSpace, b.canBreak = false, false
	b.last = lastRunes(b.last, piece)
	b.extent = max(b.extent, min(b.lineL+b.x, max(b.width, 1)))
	if b.x > b.lineW {
		b.lineReach() // overflows
	}
}

// firstPiece is the width of word (w wide, kern with the space before
// it) up to the first place a line may break inside it.
func (b *blockFlow) firstPiece(word string, w float64, m fontMetrics, kern float64, mode wrapMode) float64 {
	b.breaks = wordBreaksAfter(b.last[1], word, mode, b.breaks[:0])
	if len(b.breaks) == 0 {
		return w
	}
	return m.advance(word[:b.breaks[0]]) + kern
}

// fitBesideFloats moves the open line, still empty, down past the floats
// beside it until what comes first on it (w wide) fits or no float
// narrows it: a line box next to a float is shifted down when its first
// unbreakable content does not fit: to the bottom of the nearest float
// beside it, a later line as the first.
// https://www.w3.org/TR/CSS2/visuren.html#floats
func (b *blockFlow) fitBesideFloats(w float64) {
	for i := 0; i < 1<<10 && w > b.lineW+1.0/64 && b.narrowed(); i++ {
		top := b.oy + b.y + b.linesBefore()
		next := b.ctx.nextBottom(top)
		if !(next > top) {
			return
		}
		// a later line's top goes to the float's bottom too, not to the
		// next whole line below it (Chromium: in a 60px block of 18px
		// lines beside a 16px by 40px float, a second line's word 74px
		// wide goes at 40, not 54)
		b.y += next - top
		b.dropped += next - top
		b.setLine()
		if b.rec != nil && len(b.rec.frags) > 0 {
			// the text's open fragment starts on the line moved
			fr := b.rec.frags[len(b.rec.frags)-1]
			fr.y, fr.line = b.y, max(b.lines, 1)
		}
	}
}

// wrap ends the open line where a word does not fit, and opens the next
// one (below the floats when none leave room).
func (b *blockFlow) wrap() {
	carry := 0.0
	if len(b.spans) > 0 && b.x == b.boxX && b.lines == b.boxLine {
		// the open inline boxes hold nothing yet: their start edges
		// (margins, borders, paddings) go to the next line with what
		// comes first in them, as no break lies between (Chromium)
		b.boxMoved = true
		carry = b.boxX - b.boxEdge0
		b.x = b.boxEdge0
	}
	b.endLineJustified(b.x, true)
	b.finishLine()
	b.x = b.indentAt(false, false)
	b.indentLine(b.x)
	b.x += carry
	b.lines++
	if b.ctx == nil {
		return
	}
	b.setLine()
	b.dropBelowFloats()
}

// dropBelowFloats moves the open line, still empty, down to the bottom of
// the nearest float beside it while the floats leave it no room (Chromium:
// in a 60px block beside a 30px float to 40 and another to 43, a line at
// 18 with no room goes to 40, not to 54, the next whole line below).
// https://drafts.csswg.org/css2/#floats
func (b *blockFlow) dropBelowFloats() {
	for i := 0; i < 1<<10 && !b.lineRoom(); i++ {
		top := b.oy + b.y + b.linesBefore()
		next := b.ctx.nextBottom(top)
		if !(next > top) {
			return
		}
		b.y += next - top
		b.dropped += next - top
		b.setLine()
	}
}

// lineRoom tells whether the open line leaves room beside the floats: a
// pixel, or all of a box narrower than that.
func (b *blockFlow) lineRoom() bool {
	return b.lineW >= min(b.width, 1)
}

// advanceNowrap moves along the open line by a run of width w that does
// not wrap (white-space: pre or nowrap text; wrapping text goes word by
// word through the line breaker).
func (b *blockFlow) advanceNowrap(w float64) {
	if !(w > 0) || math.IsInf(w, 0) {
		return
	}
	b.x += w
	b.textOnLine()
	b.extent = max(b.extent, min(b.lineL+b.x, max(b.width, 1)))
	b.lineReach()
}

func (b *blockFlow) newLine(n *dom.Node) {
	b.open(n)
	b.endLine(b.x)
	b.finishLine()
	b.lines++
	b.x = b.indentAt(false, true)
	b.indentLine(b.x)
	b.afterSpace, b.spaceX, b.spaceRoom = true, -1, false
	b.last = [2]rune{}
	if b.ctx != nil {
		b.setLine()
	}
}

// collapseSpaces is text s as a line holds it where white space
// collapses: one space between words, also across elements ("<b>a</b>
// <i>b</i>"), a space at either end of s where it has white space there,
// none at the start of a line (inLine false) or after a space. Only
// document white space collapses: a no-break space is a character of its
// word. False when nothing of s is left.
func collapseSpaces(s string, inLine, afterSpace bool) (string, bool) {
	words := ascii.Fields(s)
	if len(words) == 0 {
		if s == "" || !inLine || afterSpace {
			return "", false
		}
		return " ", true
	}
	t := strings.Join(words, " ")
	if ascii.IsSpace(s[0]) && inLine && !afterSpace {
		t = " " + t
	}
	if ascii.IsSpace(s[len(s)-1]) {
		t += " "
	}
	return t, true
}

// collapsePreLine is collapseSpaces for white-space: pre-line
// (white-space-collapse: preserve-breaks): the line feeds are kept, each
// a forced line break, and the spaces and tabs around them removed.
// https://drafts.csswg.org/css-text-4/#white-space-phase-1
func collapsePreLine(s string, inLine, afterSpace bool) (string, bool) {
	if strings.IndexByte(s, '\n') < 0 {
		return collapseSpaces(s, inLine, afterSpace)
	}
	var b strings.Builder
	b.Grow(len(s))
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		words := ascii.Fields(line)
		if len(words) == 0 {
			continue
		}
		if i == 0 && ascii.IsSpace(line[0]) && inLine && !afterSpace {
			b.WriteByte(' ')
		}
		for j, w := range words {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w)
		}
		if i == len(lines)-1 && ascii.IsSpace(line[len(line)-1]) {
			b.WriteByte(' ')
		}
	}
	return b.String(), true
}

// atomicBox puts c, an inline-block or replaced element, on the lines as
// one box.
func (b *blockFlow) atomicBox(n, c *dom.Node) {
	b.open(n)
	f := b.f
	cb := f.box(c)
	e := f.hEdgesOf(c)
	bw := f.atomicWidth(c, b.width)
	f.setWidth(c, cb, bw)
	w := bw + e.outer()
	brk, carry := b.x, 0.0
	if len(b.spans) > 0 && b.x == b.boxX && b.lines == b.boxLine {
		// the start edges of the empty inline boxes it is first in go
		// along with it (wrap)
		brk, carry = b.boxEdge0, b.x-b.boxEdge0
	}
	if nowrap, _ := f.whiteSpace(n); !nowrap && brk > b.x0 && b.x+w > b.lineW {
		b.endLine(brk)
		b.finishLine()
		b.lines++
		b.x = b.indentAt(false, false)
		b.indentLine(b.x)
		b.x += carry
		if b.ctx != nil {
			b.setLine()
		}
	}
	if b.x == b.x0 && b.ctx != nil {
		// first on its line: below the floats when it does not fit
		// beside them
		b.fitBesideFloats(w)
	}
	b.f.place(c, b.y+b.linesBefore())
	cb.x = b.lineL + b.x + e.marL
	b.onLine(&cb.x, &cb.bw, b.lineSpaces)
	b.x += w
	b.afterSpace = false
	b.canBreak = true
	b.last = [2]rune{}
	b.lineReach()
	at := f.lineAtomOf(n, c, cb)
	if at.valign == vBaseline {
		// raised with its inline ancestors (its own sub or super:
		// lineAtomOf)
		up := b.spanUp()
		at.above, at.below = at.above+up, at.below-up
	}
	b.addAtom(at)
	b.nAtomic++
}

// lineAtom is an atomic inline on the open line: how far its margin box
// reaches above and below the line's baseline, or (valign top or bottom)
// its height, aligned with the line's top or bottom; marT is its top
// margin.
type lineAtom struct {
	cb                 *flowBox
	above, below, marT float64
	valign             lineVAlign
}

// lineVAlign is what an atomic inline is aligned with: the line's
// baseline (also for middle, text-top, text-bottom and lengths), its top
// or its bottom.
type lineVAlign uint8

const (
	vBaseline lineVAlign = iota
	vTop
	vBottom
	// vInline: an inline box, on the baseline, not growing its line
	vInline
	// vInlineEnd: the last line of an inline box over several lines,
	// where its rect's bottom is (below the baseline), not growing it
	vInlineEnd
)

// inlineOnLine notes c, an inline box whose box is cb, laid out on the
// open line: its rect is its font's content area (ascent and descent)
// with its vertical paddings and borders, its ascent above the line's
// baseline (raised by up, openSpan.up) once that is known.
// https://drafts.csswg.org/css-inline/#inline-box-dimensions
func (b *blockFlow) inlineOnLine(c *dom.Node, cb *flowBox, up float64) {
	f := b.f
	m := f.font(c)
	a, d := m.ascent(), m.descent()
	above := a + f.edgeOfBox(c, cb, 2) + f.edgeOfBox(c, cb, 4)
	cb.content = a + d
	cb.height = above + d + f.edgeOfBox(c, cb, 3) + f.edgeOfBox(c, cb, 5)
	b.addAtom(lineAtom{cb: cb, above: above + up, valign: vInline})
}

// lineAlignedBox notes c, an inline box on one line in a box with
// vertical-align top or bottom (sp.align; c itself or an ancestor), as
// Chromium places it: the top or the bottom of that box's extent at the
// line box's, which grows to hold it, and c's rect (content area and
// edges) about its baseline, raised from that box's as vertical-align
// says.
func (b *blockFlow) lineAlignedBox(c *dom.Node, cb *flowBox, sp *openSpan) {
	f := b.f
	m := f.font(c)
	a, d := m.ascent(), m.descent()
	edgeT := f.edgeOfBox(c, cb, 2) + f.edgeOfBox(c, cb, 4)
	cb.content = a + d
	cb.height = edgeT + a + d + f.edgeOfBox(c, cb, 3) + f.edgeOfBox(c, cb, 5)
	up := sp.up - sp.alignUp
	b.addAtom(lineAtom{cb: cb, above: sp.alignA + sp.alignB, marT: sp.alignA - up - a - edgeT, valign: sp.align})
	b.lineHx = max(b.lineHx, b.lineH) // openLine weighs the atoms
}

// addAtom notes at on the open line, in a list from the pool (each block
// container laid out would make one).
func (b *blockFlow) addAtom(at lineAtom) {
	if b.atoms == nil {
		if p := b.f.atomPool; len(p) > 0 {
			b.atoms, b.f.atomPool = p[len(p)-1], p[:len(p)-1]
		}
	}
	b.atoms = append(b.atoms, at)
}

// strut is how far the text of n reaches above and below its baseline on
// a line: its font's ascent and descent (whole pixels) with half its
// leading each, the top one rounded down.
// https://drafts.csswg.org/css-inline/#inline-height
func (f *flowLayout) strut(n *dom.Node) (above, below float64) {
	m := f.font(n)
	a, d := m.ascent(), m.descent()
	lh := f.lineHeight(n)
	above = a + math.Floor((lh-a-d)/2)
	return above, lh - above
}

// controlBaseline is the baseline of c, a form control other than a
// textarea whose border box is h tall, from its border box's top: its
// text's, its content centered in its content box, or for a checkbox,
// radio button or range (no text) its border box's bottom (Bootstrap's
// .form-range, 24px tall, leaves the strut's descent below it).
func (f *flowLayout) controlBaseline(c *dom.Node, cb *flowBox, h float64) float64 {
	if sitsOnBaseline(c) {
		return h
	}
	if c.Data == "button" && !f.itemsOf(c) && f.depth < maxFlowDepth {
		// its content's last line's baseline where buttonShift centres
		// it, else its content box's bottom (a button of blocks or
		// images alone, or an empty one: Alertify's close button)
		if !f.buttonContent(c) {
			return h - f.edgeOfBox(c, cb, 5) - f.edgeOfBox(c, cb, 3)
		}
		if !cb.laidOut {
			f.depth++
			f.layout(c)
			f.depth--
		}
		if cb.hasBase {
			return cb.baseline + f.buttonShift(c)
		}
		return h - f.edgeOfBox(c, cb, 5) - f.edgeOfBox(c, cb, 3)
	}
	a, _ := f.strut(c)
	top := f.edgeOfBox(c, cb, 4) + f.edgeOfBox(c, cb, 2)
	content := h - top - f.edgeOfBox(c, cb, 5) - f.edgeOfBox(c, cb, 3)
	if c.Data == "select" && !selectListBox(c) {
		return top + f.dropDownBaseline(c, content)
	}
	if textEditorInput(c) {
		return top + f.editorBaseline(c, content)
	}
	if _, lines, ok := f.pushButtonText(c, -1); ok && lines > 1 {
		// a push button's wrapped label: its last line's, the lines
		// centred in its content box or from its top when they
		// overflow it (51px of three lines in a 30px button put the
		// baseline 45px down)
		lh := f.pushButtonLine(c)
		return top + max(math.Floor((content-float64(lines)*lh)/2), 0) + float64(lines-1)*lh + a
	}
	return top + math.Floor((content-f.lineHeight(c))/2) + a
}

// textareaBase is the first baseline of c, a textarea whose box is cb,
// from its border box's top: its first line's, below its top border and
// padding, which a flex or grid item aligns by and gives its inline-flex
// or inline-grid (a textarea in an inline-grid of width: 100px makes its
// line 36px tall, as the textarea, where sitting on its bottom edge made
// it 41). On a line of its own an inline textarea, a scroll container,
// sits on its bottom margin edge instead.
// https://drafts.csswg.org/css-align/#baseline-export
func (f *flowLayout) textareaBase(c *dom.Node, cb *flowBox) float64 {
	a, _ := f.strut(c)
	return f.edgeOfBox(c, cb, 4) + f.edgeOfBox(c, cb, 2) + a
}

// baselineControl tells whether c is a form control whose baseline is
// controlBaseline's: not a textarea (its last line's) or an image button
// (an img's, or its fallback box's last line's).
func baselineControl(c *dom.Node) bool {
	return formControl(c) && c.Data != "textarea" && !(c.DataAtom == atom.Input && imageButton(c))
}

// textEditorInput tells whether n is an input whose text Chromium edits in
// an inner editor of one line (text, search, url, tel, email, password,
// number).
func textEditorInput(n *dom.Node) bool {
	if n.DataAtom != atom.Input || n.Namespace != "" {
		return false
	}
	switch n.InputType() {
	case "text", "search", "url", "tel", "email", "password", "number":
		return true
	}
	return false
}

// editorBaseline is the baseline of c, a text input (textEditorInput)
// whose content box is content tall, from its content box's top: its
// inner editor's line, centred in the content box in layout units (half
// a pixel as often as not) and above its top too when the content box is
// shorter: `height: 0` at 13.33px puts the baseline 4.5px below the
// content box's top, where flooring the centring put it 4px (0.5px off
// in 12 of 23 inputs measured). The editor's line is line-height tall,
// its half-leading floored, the font's normal line height when the
// line-height is less than the font's ascent and descent (Chromium lets
// no inner editor have a smaller one), and when the content box is taller
// than the line, the line is centred as one of the normal line height
// (measured in Chromium 156: 13.33px Arial with `line-height: 16px` in a
// 20px content box has its baseline 14.5px down, not 14).
func (f *flowLayout) editorBaseline(c *dom.Node, content float64) float64 {
	font := f.font(c)
	a, d := font.ascent(), font.descent()
	normal, lh := font.normalLineHeight(), f.lineHeight(c)
	if lh < a+d || content > lh {
		lh = normal
	}
	// (content - lh) / 2 in layout units, as Chromium divides them
	// (toward zero)
	return math.Trunc((content-lh)*32)/64 + a + math.Floor((lh-a-d)/2)
}

// dropDownBaseline is the baseline of c, a drop-down select whose content
// box is content tall, from its content box's top: its inner box's
// (controlHeight's line of the font's ascent and descent and 1px above
// and below, whatever the line-height, or with appearance: none that
// line without them, or a line-height the cascade gives) text's baseline,
// the inner box centred in the content box in layout units, but at its
// top when the content box is shorter (Chromium's baseline of a select
// of `height: 0` is its natural one, 1px below its border at
// `font-size: 0`, not its centred inner box's, which rises above it).
func (f *flowLayout) dropDownBaseline(c *dom.Node, content float64) float64 {
	font := f.font(c)
	natural, above := font.ascent()+font.descent()+2, font.ascent()+1
	if a, _ := f.w.computedValue(c, "appearance"); a == "none" {
		natural, above = natural-2, above-1
		if v := f.w.inheritedSVGProp(c, "line-height"); v != "" && v != "normal" && v != "initial" {
			natural = f.lineHeight(c)
			above, _ = f.strut(c)
		}
	}
	return max(0, math.Floor((content-natural)/2*64)/64) + above
}

// lineAtomOf is c, an atomic inline child of n, as it sits on its line:
// its margin box's bottom on the baseline when it is replaced or has no
// baseline of its own (no lines, or it clips its overflow), else its
// last line's baseline (a flex or grid container's first item's; a form
// control's text) on it, moved by vertical-align: middle puts its middle
// half n's x-height above the baseline, text-top and text-bottom align
// it with n's font's ascent and descent, sub and super and a length or
// percentage (of its line height) raise it, top and bottom align it with
// the line's. Negative margins shrink the margin box the line holds (AdminLTE's card
// tool buttons, `margin: -.75rem 0`, sit in a line of the strut's height).
// https://drafts.csswg.org/css2/#propdef-vertical-align
func (f *flowLayout) lineAtomOf(n, c *dom.Node, cb *flowBox) lineAtom {
	marT, marB := f.edgeOfBox(c, cb, 0), f.edgeOfBox(c, cb, 1)
	h := f.heightOfBox(c, cb)
	at := lineAtom{cb: cb, marT: marT}
	base := h + marB // from the margin box's top, its bottom when it has no baseline
	switch {
	case baselineControl(c):
		base = f.controlBaseline(c, cb, h)
	case f.replaced(c):
	case !cb.laidOut && f.depth < maxFlowDepth:
		// a box with a height of its own is not laid out to measure it
		f.depth++
		f.layout(c)
		f.depth--
	}
	switch {
	case baselineControl(c):
	case f.replaced(c):
		if cb.known&fallbackSized != 0 {
			// a broken image's fallback fills its content box, whose
			// bottom is its baseline (flowimg.go)
			base = h - f.edgeOfBox(c, cb, 5) - f.edgeOfBox(c, cb, 3)
		} else if cb.known&fallbackRatio != 0 {
			// its fallback's line, at its content box's top
			base = f.edgeOfBox(c, cb, 4) + f.edgeOfBox(c, cb, 2) +
				fallbackLine(f.borderWidth(c)-f.hEdgesOf(c).inner())
		}
	case cb.laidOut && cb.hasBase:
		// an inline-block that clips its overflow has none (its margin
		// box's bottom); a flex, grid or table box keeps its items'
		// (a tag with overflow: hidden around its label)
		switch f.displayOfBox(c, cb) {
		case "inline-flex", "inline-grid", "inline-table":
			base = cb.baseline
		default:
			if v, _ := f.w.cascaded(c, "overflow-x"); v == "" || v == "visible" || v == "clip" {
				base = cb.baseline
			}
		}
	}
	at.above = marT + base
	at.below = h + marT + marB - at.above
	v, _ := f.w.cascaded(c, "vertical-align")
	switch v = strings.TrimSpace(v); v {
	case "", "baseline", "initial", "inherit", "unset", "revert", "revert-layer":
	case "sub", "super":
		x := f.baselineShift(c, v, false)
		at.above += x
		at.below -= x
	case "top":
		at.valign, at.above, at.below = vTop, h+marT+marB, 0
	case "bottom":
		at.valign, at.above, at.below = vBottom, h+marT+marB, 0
	case "middle":
		// half the x-height in layout units, as baselineShift takes it
		at.above = (h+marT+marB)/2 + math.Round(f.font(n).xHeight()/2*64)/64
		at.below = h + marT + marB - at.above
	case "text-top":
		at.above = f.font(n).ascent()
		at.below = h + marT + marB - at.above
	case "text-bottom":
		at.below = f.font(n).descent()
		at.above = h + marT + marB - at.below
	default:
		if x, ok := f.signedLength(c, v, f.lineHeight(c)); ok {
			at.above += x
			at.below -= x
		}
	}
	return at
}

// openLine is the height of the open line and its baseline from its top:
// its text's (the strut's), lowered and grown by the atomic inlines on
// it. A line with no atomic inline is lineH high.
func (b *blockFlow) openLine() (h, base float64) {
	if b.nAtomic == 0 && b.lineHx == 0 {
		return b.lineH, b.strutA
	}
	above, below := max(b.strutA, b.lineA), max(b.strutD, b.lineD)
	if !b.lineText && b.f.doc.CompatMode() == "BackCompat" {
		// the line height quirk: no strut on a line with no text
		above, below = 0, 0
	}
	topH, bottomH := 0.0, 0.0
	for _, at := range b.atoms {
		switch at.valign {
		case vInline, vInlineEnd:
		case vTop:
			topH = max(topH, at.above)
		case vBottom:
			bottomH = max(bottomH, at.above)
		default:
			above, below = max(above, at.above), max(below, at.below)
		}
	}
	shift := max(bottomH-above-below, 0)
	h = max(above+below+shift, topH)
	if b.lineText || b.f.doc.CompatMode() != "BackCompat" {
		h = max(h, b.lineH, b.lineHx)
	}
	return h, above + shift
}

// finishLine ends the open line: its atomic inlines are placed on its
// baseline, and how much taller than lineH they made it moves what
// follows down.
func (b *blockFlow) finishLine() {
	h, base := b.openLine()
	if down := base - b.strutA; down != 0 {
		// the text recorded on the line sits on its baseline, which
		// its atomic inlines lowered (rangerects.go)
		for _, fr := range b.frags {
			if fr.line == b.lines && fr.y == b.y {
				fr.down = down
			}
		}
	}
	if b.lines > 0 {
		if !b.hasBase {
			b.firstBase = b.y + b.linesBefore() + base
		}
		b.lastBase, b.hasBase = b.y+b.linesBefore()+base, true
		// (the glyphs of an inline-block on it are its own, in its
		// font: childBoxesBottom)
		b.lastText = b.lineText
	}
	if len(b.atoms) > 0 {
		top := b.y + b.linesBefore()
		for _, at := range b.atoms {
			switch at.valign {
			case vTop:
				at.cb.offset = top + at.marT
			case vBottom:
				at.cb.offset = top + h - at.above + at.marT
			case vInlineEnd:
				at.cb.height = max(top+base+at.below-at.cb.offset, 0)
			default:
				at.cb.offset = top + base - at.above + at.marT
			}
		}
		b.atoms, b.nAtomic = b.atoms[:0], 0
		b.y += h - b.lineH
	} else if b.lineHx > 0 {
		b.y += h - b.lineH
	}
	b.lineText = false
	b.lineA, b.lineD, b.lineHx = 0, 0, 0
	if b.runFont != nil {
		// the text being laid out goes on to the next line
		b.runPending = false
		b.spanFonts()
		if !b.spanAligned() {
			b.lineFont(b.runFont, b.spanUp())
		}
	}
}

// closeLines ends the open lines: what follows starts under them. The
// line a <br> opened is no line when nothing was put on it (a block
// holding only a <br>, text ending in one, is one line high).
func (b *blockFlow) closeLines() {
	if b.afterBreak && b.x == b.x0 && b.nAtomic == 0 && !b.alignedOnLine() && b.lines > 1 {
		b.lines--
	}
	b.afterBreak = false
	b.endLine(b.x)
	for _, fr := range b.frags {
		fr.lineH = b.lineH
	}
	if b.lines > 0 {
		b.finishLine()
		b.y += float64(b.lines) * b.lineH
	}
	b.frags = b.frags[:0]
	b.lines, b.x, b.lineH, b.strutA, b.strutD = 0, 0, 0, 0, 0
	b.x = b.indentAt(false, false) // a line after a block is not the first
	b.indentLine(b.x)
	b.lineL, b.lineW = 0, b.width
	for _, e := range b.emptyBefore {
		if e.static {
			// where an empty line's alignment starts it
			switch b.align.pos {
			case alignCenter:
				e.cb.x += layoutUnit(b.width / 2)
			case alignRight:
				e.cb.x += b.width
			}
		}
	}
	b.emptyBefore = b.emptyBefore[:0] // no line opened after them
}

// block lays out c, a block-level child.
func (b *blockFlow) block(c *dom.Node, cb *flowBox) {
	b.blocks++
	b.beforeBlock = len(b.spans) > 0
	b.closeLines()
	b.beforeBlock = false
	f := b.f
	if f.floatRules {
		b.blockBesideFloats(c, cb)
		return
	}
	// its width: its own, or the container's less its margins; auto
	// margins center it
	w := f.fillWidthBox(c, cb, b.width)
	f.setWidth(c, cb, w)
	b.blockX(c, cb, w, 0, b.width)
	h := f.heightOfBox(c, cb)
	if f.floatRules && !f.establishesContext(c) {
		// a float met inside it, the first of the document (one set in a
		// style attribute or by a presentational hint, which no sheet
		// announced): its floats belong to this flow's formatting
		// context, where the blocks after it go beside them, so it is
		// laid out again as a block beside floats
		f.relayoutSubtree(c)
		b.blockBesideFloats(c, cb)
		return
	}
	b.blockY(c, cb, h, noClearance)
}

// relayoutSubtree forgets the layouts of n and of the boxes in its
// subtree (not their styles nor widths), and the floats they kept.
func (f *flowLayout) relayoutSubtree(n *dom.Node) {
	f.relayoutBelow(n, 0)
}

func (f *flowLayout) relayoutBelow(n *dom.Node, depth int) {
	if b := f.boxes[n]; b != nil {
		b.laidOut, b.heightKnown, b.flt = false, false, nil
	}
	if depth >= maxFlowDepth {
		return
	}
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if c.IsElement() {
			f.relayoutBelow(c, depth+1)
		}
	}
}

// blockX puts c, a block-level child w wide, between lo and lo+avail.
// Over-constrained (too wide for its margins), its auto margins are 0 and
// the margin at its end gives way: the right one in a left-to-right
// container, the left one in a right-to-left container, whose child then
// overflows at the left.
// https://drafts.csswg.org/css2/#blockwidth
func (b *blockFlow) blockX(c *dom.Node, cb *flowBox, w, lo, avail float64) {
	e := b.f.hEdgesOfBox(c, cb)
	switch {
	case b.align.rtlFlow():
		marR := e.marR
		if e.autoR {
			marR = 0
		}
		marL := e.marL
		if e.autoL {
			marL = 0
		}
		switch free := avail - w - marL - marR; {
		case free < 0:
			cb.x = avail - w - marR
		case e.autoL && e.autoR:
			cb.x = free - layoutUnit(free/2) // the start margin in the layout unit
		case e.autoR:
			cb.x = marL
		default:
			cb.x = avail - w - marR
		}
	case e.autoL && e.autoR:
		cb.x = autoMarginHalf(avail - w)
	case e.autoL:
		cb.x = max(avail-w-e.marR, 0)
	default:
		cb.x = e.marL
	}
	cb.x += lo
	if b.align.rtlFlow() {
		b.extent = max(b.extent, cb.x+w)
		b.lext = min(b.lext, cb.x)
		return
	}
	// a block child reaches as far as its border box, and in a scroll
	// container its margin box with the padding at the end too
	// (scrollWidthWith)
	b.bext = max(b.bext, cb.x+w)
	marR := e.marR
	if e.autoR {
		marR = 0
	}
	b.mext = max(b.mext, cb.x+w+marR)
}

// noClearance is blockY's minTop for a box that clears no float: a
// negative top margin may then take it above the top of its container's
// content box (antd-mobile's list body: a 1px top border, then an inner
// box with margin-top: -1px; sweep67-negative-first-margin.html).
var noClearance = math.Inf(-1)

// blockY places c, a block-level child h tall, under what is laid out,
// its margins collapsed with those around it, no higher than minTop.
func (b *blockFlow) blockY(c *dom.Node, cb *flowBox, h, minTop float64) {
	top, bottom, through := b.f.margins(c, cb)
	before := b.margin
	b.margin.join(top)
	if through && minTop <= b.y {
		// an empty block: its margins collapse with those around it;
		// its border box is where it would be with a bottom border: its
		// top margin collapsed with those before it and with those of
		// its children (all of which collapse through it), its bottom
		// margin left out (a `margin-top: 4px` section holding an empty
		// `margin-top: 10px` div is 10px below the line before it, as in
		// Chromium; perf84-zero-height-collapse.html)
		// https://drafts.csswg.org/css2/#collapsing-margins
		cb.offset, cb.placed = b.y, true
		if b.started || !b.collapseTop {
			before.add(b.f.edgeOfBox(c, cb, 0))
			before.join(cb.marginTop)
			cb.offset += before.size()
		}
		return
	}
	b.settle()
	b.y = max(b.y, minTop) // clearance
	cb.offset, cb.placed = b.y, true
	b.y += h
	b.margin = bottom
	b.childBase(c, cb)
}

// blockBesideFloats is block in a document whose sheets float boxes: c
// goes below the floats it clears; a formatting context of its own goes
// beside the floats, where it fits; any other block lays out its lines
// beside them.
func (b *blockFlow) blockBesideFloats(c *dom.Node, cb *flowBox) {
	f := b.f
	ctx := b.context()
	// where its border box would start
	est := b.y
	if b.started || !b.collapseTop {
		m := b.margin
		m.add(f.edgeOfBox(c, cb, 0))
		est += m.size()
	}
	minTop := noClearance
	if side := f.clearOf(c); side != clearNone && len(ctx.list) > 0 {
		if y := ctx.clearY(side) - b.oy; y > est {
			est, minTop = y, y
		}
	}
	own := f.establishesContext(c)
	lo, avail := 0.0, b.width
	w := 0.0
	if own && ctx.bottom > b.oy+est {
		// as high as it fits beside the floats
		e := f.hEdgesOfBox(c, cb)
		for range len(ctx.list) + 1 {
			y := b.oy + est
			l, r, hit := ctx.band(y, y, b.ox, b.ox+b.width)
			if !hit {
				lo, avail = 0, b.width
				break
			}
			// its border box stays off the floats' margin boxes; its
			// margins may reach under them
			// https://drafts.csswg.org/css2/#floats
			l, r = l-b.ox, r-b.ox
			inL := min(max(e.marL, 0), max(l, 0))
			inR := min(max(e.marR, 0), max(b.width-r, 0))
			lo, avail = l-inL, max(r-l, 0)+inL+inR
			if w = f.widthBeside(c, cb, avail, b.width); w+e.outer() <= avail+1.0/64 {
				break
			}
			next := ctx.nextBottom(y)
			if next <= y {
				break
			}
			est = next - b.oy
			minTop = est
		}
	}
	if avail == b.width && lo == 0 {
		w = f.fillWidthBox(c, cb, avail)
	} else {
		w = f.widthBeside(c, cb, avail, b.width)
	}
	f.setWidth(c, cb, w)
	b.blockX(c, cb, w, lo, avail)
	if own {
		b.blockY(c, cb, f.heightOfBox(c, cb), minTop)
		return
	}
	// its lines lie beside the floats reaching into it: laid out again
	// when they are not those it was laid out with
	e := f.hEdgesOfBox(c, cb)
	ox := b.ox + cb.x + e.borL + e.padL
	oy := b.oy + est + f.edgeOfBox(c, cb, 4) + f.edgeOfBox(c, cb, 2)
	in := ctx.reaching(ox, oy)
	if cb.flt == nil && in != nil || cb.flt != nil && !sameFloats(cb.flt.in, in) {
		cb.laidOut, cb.heightKnown = false, false
	}
	if in != nil && cb.flt == nil {
		cb.flt = &floatRec{}
	}
	if cb.flt != nil {
		cb.flt.in = in
	}
	kept := cb.laidOut
	saved, savedFor, sx, sy := f.fctx, f.fctxFor, f.fox, f.foy
	f.fctx, f.fctxFor, f.fox, f.foy = ctx, c, ox, oy
	h := f.heightOfBox(c, cb)
	if !cb.laidOut && f.depth < maxFlowDepth && f.flowsBlocks(c) {
		// a box with a height of its own: its content's floats count
		f.fctx, f.fctxFor = ctx, c
		f.depth++
		f.layout(c)
		f.depth--
	}
	f.fctx, f.fctxFor, f.fox, f.foy = saved, savedFor, sx, sy
	if kept && cb.flt != nil {
		for _, fb := range cb.flt.out {
			fb.left, fb.rgt, fb.top, fb.bott = fb.left+ox, fb.rgt+ox, fb.top+oy, fb.bott+oy
			ctx.add(fb)
		}
	}
	b.blockY(c, cb, h, minTop)
}

// widthBeside is the border-box width of c, a formatting context root
// beside floats that leave it avail of its container's width cw: a width
// of its own is a percentage of cw, an auto one fills avail (a table
// shrinks to fit it).
func (f *flowLayout) widthBeside(c *dom.Node, cb *flowBox, avail, cw float64) float64 {
	if f.hStyleOfBox(c, cb).hasWidth {
		if w, ok := f.cssWidth(c, cw); ok {
			return w
		}
	}
	return f.fillWidthBox(c, cb, avail)
}

// boxParent is the element whose box n's box is a child of: its parent
// in the flat tree, or the nearest ancestor there that is not display:
// contents (a slot by default), whose children's boxes are its parent's.
// A flex container's grandchild through a display: contents child is its
// item (flexItems), sized with its flex factors. The box of a stand-in
// (a pseudo-element's, an anonymous item's) is its element's child.
func (f *flowLayout) boxParent(n *dom.Node) *dom.Node {
	p := f.w.flatParent(n)
	if p == nil && n.Namespace == pseudoNamespace {
		p, _ = f.w.pseudoHostOf(n)
	}
	for i := 0; p != nil && i < maxBoxDepth && f.display(p) == "contents"; i++ {
		p = f.w.flatParent(p)
	}
	return p
}

// flexItems are the boxes a flex, grid or table-row container lays out:
// its element children (the children of display: contents ones), in
// order; a flex or grid container's runs of text are items too
// (anonymousItem).
func (f *flowLayout) flexItems(n *dom.Node, out []*dom.Node) []*dom.Node {
	switch f.display(n) {
	case "flex", "inline-flex", "grid", "inline-grid":
		return f.boxItems(n, out, true, 0)
	}
	return f.boxItems(n, out, false, 0)
}

// boxItems appends the items of n to out (flexItems), with an anonymous
// item for each run of text that is not all white space when text is
// set. A run goes on over comments and boxes out of flow; an item, or
// a display: contents child, ends it.
// https://drafts.csswg.org/css-flexbox-1/#flex-items
// https://drafts.csswg.org/css-grid-2/#grid-items
func (f *flowLayout) boxItems(n *dom.Node, out []*dom.Node, text bool, runs int) []*dom.Node {
	out = f.pseudoItem(n, "before", out)
	var run *dom.Node // the first text node of the run, when it shows
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if c.Kind() == dom.TextNode {
			if text && run == nil && strings.TrimLeft(c.Data, " \t\n\r\f") != "" {
				run = c
			}
			continue
		}
		if !c.IsElement() || f.skipped(c) {
			continue
		}
		if text && c.Namespace == "" && c.Data == "br" {
			// a line break is text, Chromium's too: it breaks the
			// run's line (a flex container of <br> is a line tall)
			if run == nil {
				run = c
			}
			continue
		}
		if run != nil {
			out = f.anonymousItem(n, run, runs, out)
			run, runs = nil, runs+1
		}
		if f.display(c) == "contents" && len(out) < maxBoxItems {
			// its runs are its own (they inherit its style)
			out = f.boxItems(c, out, text, 0)
			continue
		}
		out = append(out, c)
	}
	if run != nil {
		out = f.anonymousItem(n, run, runs, out)
	}
	return f.pseudoItem(n, "after", out)
}

// maxBoxItems bounds the display: contents children boxItems looks into.
const maxBoxItems = 1 << 16

// anonymousItem appends the item of a run of text in n, a flex or grid
// container, that starts at first and is n's k-th: the block box the run
// is wrapped in, whose style is n's inherited one (a stand-in node as a
// pseudo-element's, pseudoNode; its content is the run's, anonymousRun).
// Its layout is kept while n's is, done afresh when n is laid out again
// (a change to the run's text dirties n alone).
// https://drafts.csswg.org/css-flexbox-1/#flex-items
func (f *flowLayout) anonymousItem(n, first *dom.Node, k int, out []*dom.Node) []*dom.Node {
	p := f.w.pseudoNode(n, anonymousItemName(k))
	if p == n {
		return out
	}
	if f.anonRuns == nil {
		f.anonRuns = map[*dom.Node]*dom.Node{}
	}
	f.anonRuns[p] = first
	b := f.box(p)
	if b.known&knownDisplay == 0 || !f.box(n).laidOut {
		*b = flowBox{disp: "block", known: knownDisplay}
	}
	return append(out, p)
}

// freshAnonItems forgets what the anonymous items of n, a flex or grid
// container laid out afresh, kept of their layouts: their runs of text
// may have changed (a run's text edited dirties n alone, and n's box is
// marked laid out before its items are collected again).
func (f *flowLayout) freshAnonItems(n *dom.Node) {
	if len(f.anonRuns) == 0 {
		return
	}
	for k := 0; k < maxBoxItems; k++ {
		s := f.anonStandIn(n, k)
		if s == nil {
			return
		}
		if b := f.boxes[s]; b != nil {
			*b = flowBox{disp: "block", known: knownDisplay}
		}
	}
}

// anonymousItemNames are the pseudo names of a container's first
// anonymous items' stand-ins (anonymousItem).
var anonymousItemNames = [...]string{anonymousItemPseudo + "0", anonymousItemPseudo + "1", anonymousItemPseudo + "2", anonymousItemPseudo + "3"}

// anonymousItemPseudo begins the pseudo name of an anonymous item's
// stand-in: no style rule selects it.
const anonymousItemPseudo = "-bangsnap-anonymous-item-"

// anonStandIn is the stand-in of the k-th anonymous item of n, a flex or
// grid container, nil when none was made (its items are made in order:
// none after the first missing).
func (f *flowLayout) anonStandIn(n *dom.Node, k int) *dom.Node {
	return f.w.pseudoNodes[pseudoRef{n, anonymousItemName(k)}]
}

func anonymousItemName(k int) string {
	if k < len(anonymousItemNames) {
		return anonymousItemNames[k]
	}
	return anonymousItemPseudo + strconv.Itoa(k)
}

// anonymousRun is the first node of the run of text that n, the stand-in
// of an anonymous item, wraps (anonymousItem), nil when n is none.
func (f *flowLayout) anonymousRun(n *dom.Node) *dom.Node {
	if n.Namespace != pseudoNamespace || f.anonRuns == nil {
		return nil
	}
	return f.anonRuns[n]
}

// anonItemHolding is the stand-in of the anonymous item of a, a flex or
// grid container, whose run of text holds c, a text node or a <br> (its
// box, its lines, are placed in that item's); nil when c is in no run.
func (f *flowLayout) anonItemHolding(a, c *dom.Node) *dom.Node {
	if f.anonRuns == nil || c.Kind() != dom.TextNode && (c.Namespace != "" || c.Data != "br") {
		return nil
	}
	switch f.display(a) {
	case "flex", "inline-flex", "grid", "inline-grid":
	default:
		return nil
	}
	// a's own items, by their stand-ins (not every run of the page)
	for k := 0; k < maxBoxItems; k++ {
		s := f.anonStandIn(a, k)
		if s == nil {
			return nil
		}
		first := f.anonRuns[s]
		for x, i := first, 0; x != nil && i < maxBoxItems; x, i = f.w.flatNext(x), i+1 {
			if x == c {
				return s
			}
			if x != first && !f.runPart(x) {
				break
			}
		}
	}
	return nil
}

// runPart tells whether c, a node after the first of a run of text,
// belongs to the run: text, a line break, what takes no part in the
// layout; an item ends it.
func (f *flowLayout) runPart(c *dom.Node) bool {
	return !c.IsElement() || f.skipped(c) || c.Namespace == "" && c.Data == "br"
}

// pseudoItem appends n's ::before or ::after box to out when it has one
// in flow: the generated boxes of a flex or grid container are items, the
// first and the last (Carbon's breadcrumb separator, `::after { content:
// "/" }` in a flex item, widens it). Its stand-in is laid out afresh each
// time, as inlinePseudo's.
// https://drafts.csswg.org/css-flexbox/#flex-items
func (f *flowLayout) pseudoItem(n *dom.Node, pseudo string, out []*dom.Node) []*dom.Node {
	if !f.genRules || n.Namespace == pseudoNamespace {
		return out
	}
	d, _ := f.w.pseudoBoxOf(n, pseudo)
	if d == "" {
		return out
	}
	p := f.w.pseudoNode(n, pseudo)
	b := f.box(p)
	*b = flowBox{disp: blockified(d), known: knownDisplay} // an item is blockified
	return append(out, p)
}

// textOnly tells whether n's in-flow content is text alone: no element
// child takes part in its layout (display: contents ones looked through),
// and some text child is not all white space.
// https://drafts.csswg.org/css-flexbox/#flex-items
func (f *flowLayout) textOnly(n *dom.Node) bool {
	text := false
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		switch {
		case c.IsElement():
			if f.skipped(c) {
				continue
			}
			if f.display(c) != "contents" || !f.textOnly(c) {
				return false
			}
			text = true
		case c.IsText() && !text:
			text = strings.TrimLeft(c.Data, " \t\n\r\f") != ""
		}
	}
	return text
}

// itemHeight is an item's height with its margins.
func (f *flowLayout) itemHeight(c *dom.Node) float64 {
	return f.height(c) + max(f.edgeOf(c, 0), 0) + max(f.edgeOf(c, 1), 0)
}

func (f *flowLayout) gap(n *dom.Node, prop string) float64 {
	v, ok := f.w.cascaded(n, prop)
	if !ok {
		return 0
	}
	if !strings.Contains(v, "%") {
		// a length, in layout units (gap: 0.3px is 0.296875px)
		if x, ok := f.hLength(n, v, 0); ok {
			return x
		}
		return 0
	}
	pb := parentBox{w: f.w, n: n}
	if px, ok := pb.length(v, false); ok {
		return float64(px)
	}
	return 0
}

// flexContent lays out a flex container: a column stacks its items, a
// row that does not wrap takes its tallest item, a wrapping row breaks its
// items into lines by their widths.
func (f *flowLayout) flexContent(n *dom.Node) float64 {
	dir, _ := f.cascadedKeyword(n, "flex-direction")
	rowGap := f.gap(n, "row-gap")
	width := f.width(n)
	nb := f.box(n)
	nb.extent, nb.lext, nb.bext, nb.mext = 0, 0, 0, 0
	rtl := f.lineAlignOf(n).rtlFlow()
	items := f.inOrder(f.flexItems(n, nil))
	f.placeOutOfFlow(n, width)
	align, _ := f.cascadedKeyword(n, "align-items")
	if strings.HasPrefix(dir, "column") {
		if wrap, _ := f.cascadedKeyword(n, "flex-wrap"); strings.HasPrefix(wrap, "wrap") && len(items) > 0 {
			laid := f.flexColumnLines(n, items, width, rowGap, strings.HasSuffix(dir, "reverse"), align, rtl)
			f.anonItemsReach(nb, items)
			return laid
		}
		for _, c := range items {
			cb := f.box(c)
			w, x := f.crossWidth(c, width, f.alignOf(c, align), false)
			f.setWidth(c, cb, w)
			if rtl {
				// the cross axis starts at the right
				x = mirrorX(x, w, width, f.hEdgesOfBox(c, cb))
			}
			cb.x = x
			if w > 0 { // (a box of no width adds no rect)
				nb.extent = max(nb.extent, x+w)
				if rtl {
					nb.lext = min(nb.lext, x)
				}
			}
		}
		laid, natural := f.flexColumn(n, items, rowGap, strings.HasSuffix(dir, "reverse"), -1)
		nb.natural, nb.naturalSet = natural, true
		f.anonItemsReach(nb, items)
		return laid
	}
	// a row: each line's items share its width, then take its height
	wrap, _ := f.cascadedKeyword(n, "flex-wrap")
	justify, _ := f.cascadedKeyword(n, "justify-content")
	colGap := f.gap(n, "column-gap")
	all := make([]flexItem, 0, len(items))
	// lines holds where each line ends in all and its height
	type flexLine struct {
		end  int
		h    float64
		base float64 // how far below its top its baseline-aligned items' baselines lie
	}
	var linesArr [8]flexLine
	lines := linesArr[:0]
	x := 0.0
	// a single line is as tall as the container when that is definite,
	// within its min- and max-height when it is not; wrap-reverse stacks
	// the lines from the bottom, their cross start there
	single := !strings.HasPrefix(wrap, "wrap")
	wrapRev := wrap == "wrap-reverse"
	def := -1.0
	if single {
		def = f.definite(n)
	}
	natural := 0.0
	start := 0
	flush := func() {
		line := all[start:]
		if len(line) == 0 {
			return
		}
		lo, hi, mhi := f.flexRowWidths(n, line, width, colGap, justify, strings.HasSuffix(dir, "reverse") != rtl)
		nb.extent, nb.mext = max(nb.extent, hi), max(nb.mext, mhi)
		nb.lext = min(nb.lext, lo)
		lineH, above, below := 0.0, 0.0, 0.0
		based := false
		for _, it := range line {
			// its margin box, a negative margin making it smaller
			// (the line is no less than zero tall)
			outer := f.naturalHeight(it.n) + f.edgeOf(it.n, 0) + f.edgeOf(it.n, 1)
			lineH = max(lineH, outer)
			if a, ok := f.baseAbove(it.n, align); ok {
				// the largest of the baseline-aligned items' distances
				// from their baselines to their cross start and end, a
				// negative one too: a flex column 10px tall whose
				// first line its overflowing items put 47px above its
				// top makes a line 10px tall, not 57
				// https://drafts.csswg.org/css-flexbox-1/#algo-cross-line
				if !based {
					above, below, based = a, outer-a, true
				} else {
					above, below = max(above, a), max(below, outer-a)
				}
			}
		}
		lineH = max(lineH, above+below)
		natural += lineH
		if single {
			if def >= 0 {
				lineH = def
			} else {
				lineH = f.clampContent(n, lineH)
			}
		}
		lines = append(lines, flexLine{len(all), lineH, above})
		start, x = len(all), 0
	}
	for _, c := range items {
		st := f.hStyleOf(c)
		it := flexItem{n: c, e: f.hEdgesOf(c), grow: st.grow, shrink: st.shrink}
		// the definite height an item stretched across a single line
		// takes (its ratio makes its flex base size)
		// https://drafts.csswg.org/css-flexbox-1/#definite-sizes
		cross := -1.0
		if def >= 0 && f.stretched(c, f.alignOf(c, align)) {
			cross = def - f.edgeOf(c, 0) - f.edgeOf(c, 1)
		}
		it.base, it.basis = f.flexBasis(c, width, cross)
		it.minW = f.flexMin(c, width, cross)
		if !st.hasMin && (st.overflowX == "" || st.overflowX == "visible" || st.overflowX == "clip") && !f.replaced(c) {
			w, ok := f.cssWidth(c, width)
			if ok && !st.hasWidth {
				// the width an aspect-ratio gives it from a definite
				// height is its min-content width: it shrinks no
				// narrower (a 80px tall 2/1 item stays 160px wide)
				it.minW = max(it.minW, w)
			} else {
				it.contentMin = ok
			}
		}
		if it.contentMin && it.basis < it.minW && f.depth < maxFlowDepth {
			// a flex base size below its width (flex: 1 1 0 on a
			// width: 4px item): its automatic minimum, the smaller of
			// its width and its content's min-content width, holds its
			// hypothetical width up (4px, not 0, as in Chromium)
			// https://drafts.csswg.org/css-flexbox-1/#min-size-auto
			f.depth++
			cmn, _ := f.contentIntrinsic(c)
			f.depth--
			it.minW = min(it.minW, f.clampWidth(c, cmn+it.e.inner(), width))
			it.contentMin = false
		}
		if !it.contentMin {
			// its hypothetical width is no less than its minimum, the
			// automatic one too (a flex-basis: 20px item holding a
			// 100px box is 100px wide); one with a width of its own
			// may have a smaller one, measured when the line shrinks
			// https://drafts.csswg.org/css-flexbox-1/#min-size-auto
			it.basis = max(it.basis, it.minW)
		} else {
			it.minW = min(it.minW, it.basis)
		}
		ow := it.basis + it.e.outer()
		if !single && len(all) > start && x+ow > width {
			flush()
			natural += rowGap
		}
		all = append(all, it)
		x += ow + colGap
	}
	flush()
	// where the lines start and the room between them
	y, between := 0.0, rowGap
	var dist freeShares
	if !single && len(lines) > 0 {
		// the lines of a multi-line container (flex-wrap: wrap, one
		// line or more) share what its height leaves by align-content:
		// normal stretches them; lines that overflow the container stay
		// at its start under space-between, space-around and
		// space-evenly (their fallbacks are safe, as in Chromium) and
		// overflow both sides under center
		// https://drafts.csswg.org/css-flexbox-1/#align-content-property
		def = f.definite(n)
		if def < 0 {
			def = f.clampContent(n, natural)
		}
		ac, _ := f.cascadedKeyword(n, "align-content")
		if wrapRev {
			ac = swapStartEnd(ac)
		}
		if free := def - natural; ac == "" || ac == "normal" || ac == "stretch" {
			if free > 0 {
				for i := range lines {
					// k of n shares in layout units, rounded half up, less
					// the k-1 before: 40px among three lines are 13.328125,
					// 13.34375 and 13.328125, as in Chromium
					lines[i].h += sharedRoom(free, i+1, len(lines)) - sharedRoom(free, i, len(lines))
				}
			}
		} else {
			dist = flexLineShares(ac, free, len(lines), wrapRev)
			y = dist.room(0)
		}
	}
	bottom := 0.0
	start = 0
	for i, l := range lines {
		if i > 0 {
			y += between + dist.room(i) - dist.room(i-1)
		}
		top := y
		if wrapRev {
			top = def - y - l.h // the lines from the bottom up
		}
		for _, it := range all[start:l.end] {
			if a, ok := f.baseAbove(it.n, align); ok {
				// its baseline on the line's: placed as at its start, lower
				shift := l.base - a
				bottom = max(bottom, f.crossPlace(it.n, top+shift, l.h-shift, "flex-start"))
				continue
			}
			a := f.alignOf(it.n, align)
			if wrapRev && !f.stretched(it.n, a) {
				a = wrapReversed(a)
			}
			bottom = max(bottom, f.crossPlace(it.n, top, l.h, a))
		}
		y += l.h
		start = l.end
	}
	nb.natural, nb.naturalSet = natural, true
	f.anonItemsReach(nb, items)
	return max(y, bottom)
}

// anonItemsReach widens nb's content reach, the box of a flex or grid
// container whose items are laid out, by how far the lines of its
// anonymous items overflow them: an item is no element, which the
// scrollable overflow's walk would visit (positionedOverflow), so the
// container counts it (a flex column 50px wide of `sit amet consectetur`
// stretches its item to 50px and scrolls 83 to its word's end, as in
// Chromium). An item has no edges of its own: its content box is its
// border box.
// https://drafts.csswg.org/css-overflow-3/#scrollable
func (f *flowLayout) anonItemsReach(nb *flowBox, items []*dom.Node) {
	if len(f.anonRuns) == 0 {
		return
	}
	for _, c := range items {
		if f.anonymousRun(c) == nil {
			continue
		}
		cb := f.box(c)
		if !cb.laidOut || !cb.widthSet || !cb.placed {
			continue
		}
		if cb.extent > cb.bw+0.5 {
			nb.extent = max(nb.extent, cb.x+cb.extent)
		}
		if cb.lext < -0.5 {
			nb.lext = min(nb.lext, cb.x+cb.lext)
		}
	}
}

// flexColumnLines lays out a multi-line flex column (flex-wrap: wrap) of
// items in a container width wide: the items break into lines where the
// next one's hypothetical height (its flex-basis length, else its own)
// would pass the container's height (definite, else its max-height; one
// line when there is none), each line as wide as its widest item, the
// lines placed across by align-content (normal stretches them into the
// width they leave), the items of each line sized across by their
// alignment in it and along it as a single column is (flexColumn). It
// returns the height of the content laid out.
// https://drafts.csswg.org/css-flexbox-1/#algo-line-break
func (f *flowLayout) flexColumnLines(n *dom.Node, items []*dom.Node, width, gap float64, reverse bool, align string, rtl bool) float64 {
	def := f.definite(n)
	limit := def
	if limit < 0 {
		if st := f.vStyleOf(n); st.hasMax {
			limit = f.clampContent(n, math.MaxFloat32)
		}
	}
	nb := f.box(n)
	colGap := f.gap(n, "column-gap")
	// each item's hypothetical width (its own, else fit to the
	// container) and height, and the lines they break into
	type colLine struct {
		end int
		w   float64
	}
	var lines []colLine
	lineH, lineW, tallest := 0.0, 0.0, 0.0
	for i, c := range items {
		cb := f.box(c)
		e := f.hEdgesOfBox(c, cb)
		w := f.atomicWidth(c, width)
		f.setWidth(c, cb, w)
		h := f.naturalHeight(c)
		if st := f.hStyleOfBox(c, cb); st.hasBasis {
			// a percentage of the container's definite height (FlexMasonry's
			// `flex-basis: 100%` column breaks)
			if bv := strings.TrimSpace(st.basis); bv != "auto" && bv != "content" && (def >= 0 || !strings.Contains(bv, "%")) {
				if px, ok := f.hLength(c, bv, def); ok {
					if !f.borderBoxSizing(c) {
						px += f.vPads(c)
					}
					h = px
				}
			}
		}
		h += f.edgeOfBox(c, cb, 0) + f.edgeOfBox(c, cb, 1)
		if i > 0 && limit >= 0 && lineH+gap+h > limit {
			lines = append(lines, colLine{i, lineW})
			tallest = max(tallest, lineH)
			lineH, lineW = 0, 0
		} else if i > 0 {
			lineH += gap
		}
		lineH += h
		lineW = max(lineW, w+e.outer())
	}
	lines = append(lines, colLine{len(items), lineW})
	// the lines of a container whose height is not definite (its
	// max-height broke them) are as tall as the tallest, within its
	// min-height and max-height
	mainH := -1.0
	if len(lines) > 1 && f.definite(n) < 0 {
		mainH = f.clampContent(n, max(tallest, lineH))
	}
	// the lines across the width
	used := colGap * float64(len(lines)-1)
	for _, l := range lines {
		used += l.w
	}
	x, between := 0.0, colGap
	var dist freeShares
	ac, _ := f.cascadedKeyword(n, "align-content")
	wrap, _ := f.cascadedKeyword(n, "flex-wrap")
	wrapRev := wrap == "wrap-reverse"
	if wrapRev {
		ac = swapStartEnd(ac)
	}
	if free := width - used; ac == "" || ac == "normal" || ac == "stretch" {
		if free > 0 {
			for i := range lines {
				lines[i].w += sharedRoom(free, i+1, len(lines)) - sharedRoom(free, i, len(lines))
			}
		}
	} else {
		dist = flexLineShares(ac, free, len(lines), wrapRev)
		x = dist.room(0)
	}
	nb.extent, nb.lext, nb.bext, nb.mext = 0, 0, 0, 0
	laid, natural, start := 0.0, 0.0, 0
	for i, l := range lines {
		if i > 0 {
			x += between + dist.room(i) - dist.room(i-1)
		}
		lx := x
		if wrapRev {
			lx = width - x - l.w // the lines from the end of the row
		}
		for _, c := range items[start:l.end] {
			cb := f.box(c)
			a := f.alignOf(c, align)
			w, cx := f.crossWidth(c, l.w, a, false)
			if cw, ok := f.cssWidthIn(c, width, l.w-f.hEdgesOf(c).outer()); ok && cw != w {
				// a percentage is of the container's width, not of the
				// line's (FlexMasonry's 33.333% columns); a min-width or
				// max-width of stretch fills the line
				w, cx = cw, f.crossX(c, l.w, cw, a)
			}
			if wrapRev {
				cx = f.crossX(c, l.w, w, wrapReversed(a))
			}
			f.setWidth(c, cb, w)
			cx += lx
			if rtl {
				// the lines start at the right
				cx = mirrorX(cx, w, width, f.hEdgesOfBox(c, cb))
			}
			cb.x = cx
			if w > 0 {
				nb.extent = max(nb.extent, cx+w)
				nb.lext = min(nb.lext, cx)
			}
		}
		h, nat := f.flexColumn(n, items[start:l.end], gap, reverse, mainH)
		laid, natural = max(laid, h), max(natural, nat)
		x += l.w
		start = l.end
	}
	nb.natural, nb.naturalSet = natural, true
	return laid
}

// wrapReversed is align, an item's alignment across its flex line (or
// that of an absolutely positioned child across the container), in the
// physical direction of the cross axis of a wrap-reverse container, whose
// cross start is at the end: flex-start (and stretch, normal and baseline
// that do not stretch the box) put it at the end, flex-end at the start;
// center, and start and end of the writing mode, stay.
// https://drafts.csswg.org/css-flexbox-1/#flex-wrap-property
func wrapReversed(align string) string {
	prefix := ""
	if i := strings.LastIndexByte(align, ' '); i >= 0 {
		prefix, align = align[:i+1], align[i+1:]
	}
	switch align {
	case "center", "start", "end", "self-start", "self-end", "left", "right":
		return prefix + align
	case "flex-end":
		return prefix + "flex-start"
	}
	return prefix + "flex-end"
}

// swapStartEnd is align-content's v for the lines of a wrap-reverse flex
// container laid out from its cross start (then mirrored): start and end,
// of the writing mode, swap.
func swapStartEnd(v string) string {
	prefix := ""
	if i := strings.LastIndexByte(v, ' '); i >= 0 {
		prefix, v = v[:i+1], v[i+1:]
	}
	switch v {
	case "start":
		v = "end"
	case "end":
		v = "start"
	}
	return prefix + v
}

// contentShift is where content distribution (align-content,
// justify-content) puts the first of k flex lines or grid tracks, and
// what it adds between each two, when they leave free room (negative when
// they overflow): space-between, space-around and space-evenly fall back
// to the start when they overflow (their fallbacks are safe, as in
// Chromium), center and end overflow past the start unless safe. left and
// right are start and end (the caller mirrors them right to left). Each
// share is in layout units toward zero, as Chromium's grid tracks have it
// (six 10px tracks in 75.765625px of space-evenly are 12.25px apart).
// https://drafts.csswg.org/css-align-3/#distribution-values
func contentShift(v string, free float64, k int) (start, between float64) {
	safe := strings.HasPrefix(v, "safe ")
	v = strings.TrimPrefix(strings.TrimPrefix(v, "safe "), "unsafe ")
	n := float64(k)
	switch v {
	case "flex-end", "end", "right":
		start = free
	case "center":
		start = layoutUnit(free / 2) // in layout units, toward zero
	case "space-between":
		if free > 0 && k > 1 {
			between = layoutUnit(free / (n - 1))
		}
	case "space-around":
		if free > 0 {
			start, between = layoutUnit(free/n/2), layoutUnit(free/n)
		}
	case "space-evenly":
		if free > 0 {
			start = layoutUnit(free / (n + 1))
			between = start
		}
	}
	if safe && start < 0 {
		start = 0
	}
	return start, between
}

// flexLineShares is where align-content puts the k lines of a multi-line
// flex container that leave free px (negative when they overflow): the
// space-* values share the room out as justify-content does within a
// line (freeShares), the others as in a grid (contentShift). The lines of
// a wrap-reverse container (rev), laid out from its cross end, take the
// shares Chromium gives them from the other side: as a wrap container's
// lines in the reverse order (center leaves the layout unit it rounds
// away at the cross start, not at the end; space-around and space-evenly
// overflow at the cross start).
func flexLineShares(v string, free float64, k int, rev bool) freeShares {
	start, _ := contentShift(v, free, k)
	sv := strings.TrimPrefix(strings.TrimPrefix(v, "safe "), "unsafe ")
	if free > 0 && strings.HasPrefix(sv, "space-") {
		// even when a share of the gaps is under a layout unit: three
		// units of room among five lines go to the second, the fourth
		// and the fifth (FlexMasonry's column breaks)
		d := spaceShares(sv, free, k)
		d.flip = rev && d.m > 0
		return d
	}
	switch sv {
	case "center":
		if rev {
			start = free - start
		}
	case "space-around", "space-evenly":
		if rev && free < 0 {
			// they overflow past the physical end (Chromium's start),
			// not the cross start as space-between does
			start = free
		}
	}
	return freeShares{start: start}
}

// baseAbove is how far below the top of c's margin box its first
// baseline lies when c, an item of a flex row whose align-items is items,
// is aligned by its baseline (align-self baseline or first baseline, and
// no auto margin across): its first line box's, else one synthesized
// from its border box's bottom edge (an empty box, a replaced element).
// https://drafts.csswg.org/css-flexbox-1/#baseline-participation
func (f *flowLayout) baseAbove(c *dom.Node, items string) (float64, bool) {
	if a := f.alignOf(c, items); a != "baseline" && a != "first baseline" {
		return 0, false
	}
	if vs := f.vStyleOf(c); vs.autoT || vs.autoB {
		return 0, false
	}
	cb := f.box(c)
	h := f.naturalHeight(c)
	if !cb.laidOut && !f.replaced(c) && f.depth < maxFlowDepth {
		f.depth++
		f.layout(c)
		f.depth--
	}
	base := h
	if baselineControl(c) {
		// a text field's or button's text baseline, as on a line (a
		// file input beside a span: the row is 21px tall, as the input)
		base = f.controlBaseline(c, cb, h)
	} else if c.DataAtom == atom.Textarea && c.Namespace == "" {
		base = f.textareaBase(c, cb)
	} else if cb.laidOut && cb.hasBase && !f.replaced(c) {
		base = cb.firstBase
	} else if b, ok := f.unlaidChildBase(c, cb); ok {
		// its first child's (a table's, tableBase)
		base = b
	}
	return f.edgeOf(c, 0) + base, true
}

// tableContent lays out the rows of table (n itself, or one of its row
// groups): the border spacing between rows, and in the table above and
// below them too (a row group is as tall as its rows and the spacing
// between them); a caption or anything else in the table is stacked with
// no spacing.
// https://drafts.csswg.org/css2/#separated-borders
func (f *flowLayout) tableContent(n, table *dom.Node) float64 {
	s := f.borderSpacingY(table)
	// the columns share the table's width; rows and row groups lie
	// inside its border spacing, captions span it
	t := f.tableColumnsOf(table)
	if len(t.min) == 0 {
		s = 0 // a table with no cells has no spacing, its rows empty
	}
	t.share(f.width(table))
	if n == table {
		f.columnsChanged(table, t)
	}
	width := f.width(n)
	f.placeOutOfFlow(n, width)
	tb := f.box(n)
	if n != table {
		// a row group's own height is a minimum too: what it leaves
		// over its rows goes to them as a table's does
		if tb.grewRows {
			tb.grewRows = false
			f.tableUngrow(n)
		}
		y := f.tableStack(n, width, s, t)
		if own, ok := f.ownHeight(n); ok && f.depth < maxFlowDepth {
			if extra := own - y; extra > 0 && f.groupDistribute(n, extra, own) {
				tb.grewRows = true
				y = f.tableStack(n, width, s, t)
			}
		}
		return f.fitSpanningCells(n, width, s, t, y)
	}
	if tb.grewRows {
		// measured again as tall as their content
		tb.grewRows = false
		f.tableUngrow(table)
	}
	defer f.tableBase(table, tb)
	y := f.tableStack(n, width, s, t)
	own, ok := f.ownHeight(table)
	// the height its flex or grid container gives it (a stretched item,
	// a flexed one) is distributed as its own: Chromium's rows fill a
	// table stretched to a 100px flex line (usedDef: given another, it
	// is laid out again)
	tb.usedDef = true
	if tb.forcedSet {
		// (its captions in)
		own, ok = tb.forced-f.captionsHeight(table), true
	}
	if ok && f.depth < maxFlowDepth {
		// the captions lie outside the height the table distributes
		// (y holds them)
		grid := own - f.vPads(table)
		if len(t.min) == 0 {
			// rows with no columns are stacked with no spacing, but
			// the spacing around and between them stays out of the
			// height the table gives them, as in Chromium (60px with a
			// spacing of 10px make two rows 15px tall)
			grid -= f.rowSpacing(table, f.borderSpacingY(table))
		} else if s > 0 {
			// an empty row group takes no spacing, yet Chromium keeps
			// one out of the height the rows are given
			for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
				if c.IsElement() && !f.skipped(c) && f.rowOrGroup(c) && f.display(c) != "table-row" && !f.holdsRows(c) {
					grid -= s
				}
			}
		}
		if extra := grid + f.captionsHeight(table) - y; extra > 0 && f.tableDistribute(table, extra, grid-f.rowSpacing(table, s)) {
			tb.grewRows = true
			y = f.tableStack(n, width, s, t)
		}
	}
	return f.fitSpanningCells(n, width, s, t, y)
}

// tableBase sets the baseline of table, whose box is tb, laid out: its
// first row's, as Chromium 156 has it (an inline-table or a table in an
// inline-flex sits on its line by it, a table item of a baseline-aligned
// flex line aligns by it; it sat on its bottom edge): the row's
// baseline-aligned cells' (rowBaseline), else, as no cell is by default
// (the user-agent style sheet's rows are middle-aligned), the bottom of
// the content box of its lowest cell. A table with no row has none. A
// block around a table takes no baseline from it (childBase).
// https://drafts.csswg.org/css2/#height-layout
func (f *flowLayout) tableBase(table *dom.Node, tb *flowBox) {
	row, top := f.firstRow(table)
	if row == nil {
		return
	}
	rb := f.box(row)
	base := 0.0
	if rb.hasBase {
		base = rb.baseline
	} else {
		// a cell is as tall as its row
		rh := f.heightOfBox(row, rb)
		var buf [8]*dom.Node
		found := false
		for _, c := range f.flexItems(row, buf[:0]) {
			if rowSpan(c) != 1 {
				continue
			}
			cb := f.box(c)
			if f.skippedBox(c, cb) || !cb.placed {
				continue
			}
			b := cb.offset + max(f.heightOfBox(c, cb), rh) - f.edgeOfBox(c, cb, 3) - f.edgeOfBox(c, cb, 5)
			if !found || b > base {
				base, found = b, true
			}
		}
		if !found {
			return
		}
	}
	base += f.edgeOfBox(table, tb, 4) + f.edgeOfBox(table, tb, 2) + top
	tb.baseline, tb.firstBase, tb.hasBase, tb.lastText = base, base, true, false
}

// firstRow is the first row of table laid out, an element of its own (a
// header group's first, wherever the markup puts it), and its top from
// the table's content box; nil when it has none.
func (f *flowLayout) firstRow(table *dom.Node) (*dom.Node, float64) {
	head, foot := f.headAndFoot(table)
	in := func(g *dom.Node) (*dom.Node, float64) {
		gb := f.box(g)
		if !gb.placed || f.collapsedTrack(g) {
			return nil, 0
		}
		if f.display(g) == "table-row" {
			return g, gb.offset
		}
		for r := f.w.flatFirst(g); r != nil; r = f.w.flatNext(r) {
			if r.IsElement() && !f.skipped(r) && f.display(r) == "table-row" && !f.collapsedTrack(r) {
				if rb := f.box(r); rb.placed {
					return r, gb.offset + rb.offset
				}
			}
		}
		return nil, 0
	}
	if head != nil {
		if r, y := in(head); r != nil {
			return r, y
		}
	}
	for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) || c == head || c == foot {
			continue
		}
		switch f.display(c) {
		case "table-row", "table-row-group", "table-header-group", "table-footer-group":
			if r, y := in(c); r != nil {
				return r, y
			}
		}
	}
	if foot != nil {
		return in(foot)
	}
	return nil, 0
}

// holdsRows tells whether row group g has content: a box or text that
// is not white space.
func (f *flowLayout) holdsRows(g *dom.Node) bool {
	for c := f.w.flatFirst(g); c != nil; c = f.w.flatNext(c) {
		switch {
		case c.IsElement():
			if !f.skipped(c) {
				return true
			}
		case c.Kind() == dom.TextNode:
			if strings.TrimSpace(c.Data) != "" {
				return true
			}
		}
	}
	return false
}

// collapsedTrack tells whether row or row group n has visibility:
// collapse: it is removed from its table, as in Chromium, though its
// cells still size the columns.
// https://drafts.csswg.org/css-tables-3/#visibility-collapse-track-rendering
func (f *flowLayout) collapsedTrack(n *dom.Node) bool {
	return f.w.computedMemo(n, "visibility") == "collapse"
}

// captionsHeight is the height the captions of table take, their margins
// in.
func (f *flowLayout) captionsHeight(table *dom.Node) float64 {
	h := 0.0
	for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
		if c.IsElement() && !f.skipped(c) && f.display(c) == "table-caption" {
			cb := f.box(c)
			h += f.edgeOfBox(c, cb, 0) + f.height(c) + f.edgeOfBox(c, cb, 1)
		}
	}
	return h
}

// rowSpacing is the vertical border spacing s of table around and
// between its rows: none when it has no row.
func (f *flowLayout) rowSpacing(table *dom.Node, s float64) float64 {
	rows := 0
	f.tableRows(table, func(*dom.Node) { rows++ })
	if rows == 0 {
		return 0
	}
	return s * float64(rows+1)
}

// tableSection is a row group of a table, or a run of rows directly in
// it (group nil), with the height the table's distribution gives it.
type tableSection struct {
	group *dom.Node
	rows  []*dom.Node
	h     float64
	add   float64
}

// tableDistribute shares extra, the height a table's own height leaves
// over its rows, as Chromium's TablesNG does: first among its sections
// (its body groups and the rows directly in it; all of them when it has
// none): those whose height is a percentage of basis (the height of its
// rows), in order, up to that height; then those with no height, each in
// proportion to its height (equally when all are empty), else all of
// them so. Each section's share then goes to its rows (rowsDistribute).
// It tells whether any row grew.
// https://drafts.csswg.org/css-tables-3/#distributing-height-to-rows
func (f *flowLayout) tableDistribute(table *dom.Node, extra, basis float64) bool {
	var secs []tableSection
	body := false
	for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) {
			continue
		}
		if f.collapsedTrack(c) {
			continue
		}
		switch d := f.display(c); d {
		case "table-row":
			if n := len(secs); n == 0 || secs[n-1].group != nil {
				secs = append(secs, tableSection{})
			}
			sec := &secs[len(secs)-1]
			sec.rows = append(sec.rows, c)
			sec.h += f.height(c)
			body = true
		case "table-row-group", "table-header-group", "table-footer-group":
			sec := tableSection{group: c, h: f.height(c)}
			for r := f.w.flatFirst(c); r != nil; r = f.w.flatNext(r) {
				if r.IsElement() && !f.skipped(r) && f.display(r) == "table-row" && !f.collapsedTrack(r) {
					sec.rows = append(sec.rows, r)
				}
			}
			if len(sec.rows) > 0 {
				secs = append(secs, sec)
				body = body || d == "table-row-group"
			}
		}
	}
	// the sections that grow
	var growArr [16]*tableSection
	grow := growArr[:0]
	for i := range secs {
		if !body || secs[i].group == nil || f.display(secs[i].group) == "table-row-group" {
			grow = append(grow, &secs[i])
		}
	}
	if len(grow) == 0 {
		return false
	}
	for _, sec := range grow {
		if sec.group == nil {
			continue
		}
		if st := f.vStyleOf(sec.group); st.hasH && strings.Contains(st.height, "%") {
			if want, ok := f.hLength(sec.group, st.height, basis); ok && want > sec.h {
				d := min(want-sec.h, extra)
				sec.add += d
				extra -= d
			}
		}
	}
	if extra > 0 {
		var autoArr [16]*tableSection
		auto := autoArr[:0]
		for _, sec := range grow {
			if sec.group == nil || !f.vStyleOf(sec.group).hasH {
				auto = append(auto, sec)
			}
		}
		if len(auto) > 0 {
			grow = auto
		}
		sum := 0.0
		for _, sec := range grow {
			sum += sec.h + sec.add
		}
		for _, sec := range grow {
			if sum > 0 {
				sec.add += extra * (sec.h + sec.add) / sum
			} else {
				sec.add += extra / float64(len(grow))
			}
		}
	}
	spans := f.rowSpansOf(table)
	grew := false
	for i := range secs {
		sec := &secs[i]
		if sec.add <= 0 {
			continue
		}
		f.rowsDistribute(sec.rows, sec.add, basis, spans)
		if sec.group != nil {
			// its rows keep these heights when it is stacked again
			f.box(sec.group).grewRows = false
		}
		grew = true
	}
	return grew
}

// rowsDistribute shares extra among rows, a section's, as Chromium does:
// first the rows whose height (or a cell's spanning only them) is a
// percentage of basis, in order, up to that height; then those whose
// height no row or cell sets, each in proportion to its height (equally
// when all are empty), else all of them so.
func (f *flowLayout) rowsDistribute(rows []*dom.Node, extra, basis float64, spans *rowSpans) {
	var addArr [16]float64
	adds := addArr[:0]
	for _, r := range rows {
		add := 0.0
		if pct, ok := f.rowPercent(r, spans); ok && extra > 0 {
			if want := percentOfLength(pct, basis); want > f.height(r) {
				add = min(want-f.height(r), extra)
				extra -= add
			}
		}
		adds = append(adds, add)
	}
	if extra > 0 {
		auto := false
		for _, r := range rows {
			auto = auto || !f.rowSized(r)
		}
		sum, n := 0.0, 0
		for i, r := range rows {
			if !auto || !f.rowSized(r) {
				sum += f.height(r) + adds[i]
				n++
			}
		}
		for i, r := range rows {
			if auto && f.rowSized(r) {
				continue
			}
			if sum > 0 {
				adds[i] += extra * (f.height(r) + adds[i]) / sum
			} else {
				adds[i] += extra / float64(n)
			}
		}
	}
	// each height but the last in the layout unit, toward zero; the last
	// row takes what they leave, as Chromium shares (16px over three
	// rows: 5.328125, 5.328125 and 5.34375)
	last, want, given := -1, 0.0, 0.0
	for i, r := range rows {
		if adds[i] > 0 {
			last = i
			want += f.height(r) + adds[i]
		}
	}
	for i, r := range rows {
		if adds[i] <= 0 {
			continue
		}
		h := layoutUnit(f.height(r) + adds[i])
		if i == last {
			h = want - given
		}
		given += h
		f.forceRow(r, h, spans)
	}
}

// rowPercent is the percentage height of row r: the larger of its own
// and those of its cells that span it alone; ok is false when none has
// one.
func (f *flowLayout) rowPercent(r *dom.Node, spans *rowSpans) (pct float64, ok bool) {
	read := func(n *dom.Node) {
		st := f.vStyleOf(n)
		if !st.hasH || !strings.HasSuffix(st.height, "%") {
			return
		}
		if v, err := strconv.ParseFloat(strings.TrimSuffix(st.height, "%"), 64); err == nil && v >= 0 && (!ok || v > pct) {
			pct, ok = v, true
		}
	}
	read(r)
	for _, c := range f.flexItems(r, nil) {
		if !spans.spans(c) {
			read(c)
		}
	}
	return pct, ok
}

// tableStack stacks the rows, row groups and captions of n (a table or
// one of its row groups) width wide, s the table's vertical border
// spacing; it returns their height.
func (f *flowLayout) tableStack(n *dom.Node, width, s float64, t *tableCols) float64 {
	d := f.display(n)
	isTable := d == "table" || d == "inline-table"
	y, rows := 0.0, 0
	if isTable {
		y = f.tableCaptions(n, width, false, 0)
	}
	// the rows' top and bottom, where the columns lie
	rowsTop, rowsBottom := y, y
	rtl := isTable && f.lineAlignOf(n).rtl
	// a table's first header group comes first and its first footer
	// group last, wherever the markup puts them
	var head, foot *dom.Node
	if isTable {
		head, foot = f.headAndFoot(n)
	}
	stack := func(c *dom.Node) (last *dom.Node) {
		cb := f.box(c)
		switch d := f.display(c); d {
		case "table-caption":
			if isTable {
				return c // tableCaptions places it
			}
			f.setWidth(c, cb, f.fillWidth(c, width))
			cb.x = f.hEdgesOf(c).marL
			f.place(c, y)
			y += f.height(c)
		case "table-row", "table-row-group", "table-header-group", "table-footer-group":
			if isTable {
				// rows and row groups lie inside the table's
				// horizontal border spacing, as in Chromium 156; a
				// group's rows span it. With no columns there is no
				// spacing across: they span the table's content box
				sx := t.sx
				if len(t.min) == 0 {
					sx = 0
				}
				f.setWidth(c, cb, width-2*sx)
				cb.x = sx
			} else {
				f.setWidth(c, cb, width)
				cb.x = 0
			}
			if d != "table-row" && !f.holdsRows(c) {
				// an empty row group takes no spacing, as in Chromium:
				// it lies where the next row would begin
				f.place(c, y)
				return c
			}
			if d == "table-row" && f.collapsedTrack(c) {
				// it takes no height and no spacing
				f.place(c, y)
				f.force(c, cb, 0)
				return c
			}
			// the spacing between rows, and in the table above the first
			if rows > 0 || isTable {
				y += s
			}
			if f.collapsedTrack(c) {
				// a collapsed row group keeps its spacing, as in
				// Chromium, but takes no height
				f.place(c, y)
				f.force(c, cb, 0)
				if rows == 0 {
					rowsTop = y
				}
				rows++
				rowsBottom = y
				return c
			}
			if rows == 0 {
				rowsTop = y
			}
			f.place(c, y)
			y += f.height(c)
			rowsBottom = y
			rows++
		case "table-column", "table-column-group":
			if isTable {
				return c // placeColumns places it
			}
			fallthrough
		case "contents":
			f.setWidth(c, cb, f.fillWidth(c, width))
			cb.x = f.hEdgesOf(c).marL
			f.place(c, y)
			y += f.height(c)
		default:
			// a run of cells and the boxes between them is an
			// anonymous row; another box lies in an anonymous cell, in a
			// row of its own (tableParts)
			cells, last := f.anonRowRun(c)
			c = last
			if rows > 0 || isTable {
				y += s
			}
			if rows == 0 {
				rowsTop = y
			}
			y += f.anonRow(cells, t, y, width, rtl)
			rowsBottom = y
			rows++
		}
		return c
	}
	if head != nil {
		stack(head)
	}
	for c := f.w.flatFirst(n); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) || c == head || c == foot {
			continue
		}
		c = stack(c)
	}
	if foot != nil {
		stack(foot)
	}
	if rows > 0 && isTable {
		y += s
	}
	if isTable {
		f.placeColumns(n, t, width, rowsTop, rowsBottom-rowsTop, rtl)
		y += f.tableCaptions(n, width, true, y)
	}
	return y
}

// placeColumns gives the column elements of table, whose columns are t
// and content box width wide, their boxes as Chromium does: a col or
// colgroup spans its columns, from the first one's left to the last one's
// right (the spacing between them in; from the right when rtl), and the
// rows, h tall from top; a
// col inside a group lies in the group's box. A column element past the
// table's columns (an auto one beyond the cells) has an empty box at the
// table's content box origin. Columns have no paddings, borders or
// margins of their own.
// https://drafts.csswg.org/css-tables-3/#column-layout
func (f *flowLayout) placeColumns(table *dom.Node, t *tableCols, width, top, h float64, rtl bool) {
	cols := len(t.widths)
	// left is the left of column i from the content box's left to right
	left := func(i int) float64 {
		x := t.sx
		for k := range i {
			x += t.widths[k] + t.sx
		}
		return x
	}
	var groupX, groupY float64
	f.columnTracks(table, func(el, group *dom.Node, start, n int) {
		x, y, w, ch := 0.0, top, 0.0, h
		if start < cols {
			end := min(start+n, cols)
			x = left(start)
			w = left(end) - t.sx - x
			if rtl {
				x = width - x - w
			}
		} else {
			y, ch = 0, 0
		}
		if group != nil && group != el {
			x, y = x-groupX, y-groupY // in its group's box
		} else if group == el {
			groupX, groupY = x, y
		}
		b := f.box(el)
		f.setWidth(el, b, w)
		b.x = x
		f.place(el, y)
		f.force(el, b, ch)
	})
}

// headAndFoot is the first header group and the first footer group of
// table, nil when it has none.
// https://drafts.csswg.org/css-tables-3/#table-header-group
func (f *flowLayout) headAndFoot(table *dom.Node) (head, foot *dom.Node) {
	for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) {
			continue
		}
		switch f.display(c) {
		case "table-header-group":
			if head == nil {
				head = c
			}
		case "table-footer-group":
			if foot == nil {
				foot = c
			}
		}
	}
	return head, foot
}

// tableCaptions places the captions of table whose content box is width
// wide on its top side (bottom false: from y, the top of its content box)
// or on its bottom side (from y, the bottom of its rows), in the order of
// the markup, and returns their height. A caption lies outside the
// table's borders and padding, as wide as its border box (the table's
// wrapper box holds the captions and the table box).
// https://drafts.csswg.org/css-tables-3/#table-wrapper-box
func (f *flowLayout) tableCaptions(table *dom.Node, width float64, bottom bool, y float64) float64 {
	e := f.hEdgesOf(table)
	outer := width + e.inner()
	shift := -(f.edgeOf(table, 2) + f.edgeOf(table, 4)) // above the padding and border
	if bottom {
		shift = f.edgeOf(table, 3) + f.edgeOf(table, 5)
	}
	h := 0.0
	for c := f.w.flatFirst(table); c != nil; c = f.w.flatNext(c) {
		if !c.IsElement() || f.skipped(c) || f.display(c) != "table-caption" {
			continue
		}
		if side := f.w.computedMemo(c, "caption-side"); (side == "bottom") != bottom {
			continue
		}
		cb := f.box(c)
		w := f.fillWidth(c, outer)
		f.setWidth(c, cb, w)
		ce := f.hEdgesOf(c)
		x := ce.marL
		if room := max(outer-w-ce.marL-ce.marR, 0); ce.autoL && ce.autoR {
			x += room / 2 // auto margins center a caption narrower than the table
		} else if ce.autoL {
			x += room
		}
		cb.x = x - e.padL - e.borL
		// its vertical margins do not collapse with the table's
		mt, mb := f.edgeOfBox(c, cb, 0), f.edgeOfBox(c, cb, 1)
		f.place(c, y+h+shift+mt)
		h += mt + f.height(c) + mb
	}
	return h
}

// groupDistribute shares extra, the height row group n's own height
// leaves over its rows, among them (rowsDistribute), their percentages of
// that height first. It tells whether any row grew.
func (f *flowLayout) groupDistribute(n *dom.Node, extra, own float64) bool {
	var rows []*dom.Node
	for r := f.w.flatFirst(n); r != nil; r = f.w.flatNext(r) {
		if r.IsElement() && !f.skipped(r) && f.display(r) == "table-row" && !f.collapsedTrack(r) {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		return false
	}
	f.rowsDistribute(rows, extra, own, f.rowSpansOf(n))
	return true
}

// growRows makes rows taller by extra, each in proportion to its height
// (equally when they are all empty, or when even), and their cells as tall as they are
// but those spanning rows (fitSpanningCells sizes them). Each height but
// the last is in the layout unit, toward zero; the last row takes what
// they leave, as Chromium shares (16px over three rows: 5.328125,
// 5.328125 and 5.34375).
func (f *flowLayout) growRows(rows []*dom.Node, extra float64, spans *rowSpans, even bool) {
	sum := 0.0
	for _, r := range rows {
		sum += f.height(r)
	}
	given := 0.0 // the heights given so far
	for i, r := range rows {
		h := f.height(r)
		if sum > 0 && !even {
			h += extra * h / sum
		} else {
			h += extra / float64(len(rows))
		}
		if i < len(rows)-1 {
			h = layoutUnit(h)
		} else {
			h = sum + extra - given
		}
		given += h
		f.forceRow(r, h, spans)
	}
}

// forceRow makes row r h tall, and its cells as tall less their positive
// margins but those spanning rows (fitSpanningCells sizes them), and has
// its row group stacked again.
func (f *flowLayout) forceRow(r *dom.Node, h float64, spans *rowSpans) {
	f.force(r, f.box(r), h)
	for _, c := range f.flexItems(r, nil) {
		if !spans.spans(c) {
			f.force(c, f.box(c), h-max(f.edgeOf(c, 0), 0)-max(f.edgeOf(c, 1), 0))
		}
	}
	f.relayoutGroup(r)
}

// tableUngrow drops the heights tableDistribute (or groupDistribute)
// gave table's rows and cells.
func (f *flowLayout) tableUngrow(table *dom.Node) {
	f.tableRows(table, func(r *dom.Node) {
		rb := f.box(r)
		if !rb.forcedSet {
			return
		}
		f.unforce(r, rb)
		for _, c := range f.flexItems(r, nil) {
			f.unforce(c, f.box(c))
		}
		rb.heightKnown, rb.laidOut = false, false
		f.relayoutGroup(r)
	})
}

// relayoutGroup has the row group r is in stacked again.
func (f *flowLayout) relayoutGroup(r *dom.Node) {
	if p := f.w.flatParent(r); p != nil {
		switch f.display(p) {
		case "table-row-group", "table-header-group", "table-footer-group":
			pb := f.box(p)
			pb.heightKnown, pb.laidOut = false, false
		}
	}
}

// rowSized tells whether a row's own height or one of its cells' sets its
// height.
func (f *flowLayout) rowSized(r *dom.Node) bool {
	if f.vStyleOf(r).hasH {
		return true
	}
	for _, c := range f.flexItems(r, nil) {
		if f.vStyleOf(c).hasH {
			return true
		}
	}
	return false
}

// borderSpacingY is the vertical border spacing of a table whose borders
// are separated.
func (f *flowLayout) borderSpacingY(table *dom.Node) float64 {
	if v := f.w.computedMemo(table, "border-collapse"); v == "collapse" {
		return 0
	}
	v := f.w.computedMemo(table, "-webkit-border-vertical-spacing") // border-spacing's
	px, err := strconv.ParseFloat(strings.TrimSuffix(v, "px"), 64)
	if err != nil || px < 0 {
		return 0
	}
	return px
}

// rowContent lays out items side by side, each as wide as its content: a
// table row outside a table.
func (f *flowLayout) rowContent(n *dom.Node) float64 {
	h, x, width := 0.0, 0.0, f.width(n)
	f.placeOutOfFlow(n, width)
	for _, c := range f.flexItems(n, nil) {
		cb := f.box(c)
		e := f.hEdgesOf(c)
		w := f.atomicWidth(c, width)
		f.setWidth(c, cb, w)
		cb.x = x + e.marL
		x += w + e.outer()
		f.place(c, max(f.edgeOf(c, 0), 0))
		h = max(h, f.itemHeight(c))
	}
	return h
}

// gridContent lays out a grid's items in the areas gridPlace gives them.
func (f *flowLayout) gridContent(n *dom.Node) float64 {
	width := f.width(n)
	items := f.flexItems(n, nil)
	colGap := f.gap(n, "column-gap")
	tracks := f.gridTracks(n, width)
	plan := f.gridPlace(n, items, len(tracks))
	tracks = f.implicitColumns(n, uncollapsed(tracks, plan.dropCols), plan.cols, width)
	jc, _ := f.cascadedKeyword(n, "justify-content")
	stretch := jc == "" || jc == "normal" || jc == "stretch"
	widths := f.gridWidths(tracks, items, plan, width, colGap, stretch)
	cols := len(widths)
	f.keepTracks(n, withCollapsed(widths, plan.dropCols), false)
	f.placeOutOfFlow(n, width) // (after the columns: their grid areas)
	rtl := f.lineAlignOf(n).rtlFlow()
	xs := make([]float64, cols)
	between := colGap
	if !stretch {
		// justify-content places the columns in the room they leave or
		// overflow (from the right in a right-to-left grid)
		free := width - colGap*float64(cols-1)
		for _, w := range widths {
			free -= w
		}
		var extra float64
		xs[0], extra = contentShift(physicalSide(jc, rtl), free, cols)
		between += extra
	}
	for i := 1; i < cols; i++ {
		xs[i] = xs[i-1] + widths[i-1] + between
	}
	justify, _ := f.cascadedKeyword(n, "justify-items")
	if justify == "legacy" {
		justify = ""
	}
	nb := f.box(n)
	// the columns count in the scrollable overflow of a scroll
	// container alone, with the padding at its end (mext); any grid's
	// counts its items' border boxes: Chromium 156 scrolls a 32px grid
	// of a 50px column around an item 30px wide 40 wide, 50 when it
	// scrolls (an item's margins count for neither)
	nb.extent, nb.lext, nb.bext, nb.mext = 0, 0, 0, xs[cols-1]+widths[cols-1]
	if rtl {
		// the columns run from the right
		nb.extent, nb.lext, nb.mext = width, min(width-nb.mext, 0), 0
	}
	for i, c := range items {
		cb := f.box(c)
		self := justify
		if v := f.hStyleOf(c).justifySelf; v != "auto" && v != "" {
			self = v
		}
		a := plan.areas[i].col
		if (self == "self-start" || self == "self-end") && f.lineAlignOf(c).rtlFlow() != rtl {
			// the item's own start and end: the other sides of its area
			if self == "self-start" {
				self = "end"
			} else {
				self = "start"
			}
		}
		aw := spanSize(widths, a, colGap)
		cb.areaW = aw // (before its width: its percentage edges are of it)
		w, x := f.crossWidth(c, aw, physicalSide(self, rtl), true)
		f.setWidth(c, cb, w)
		cb.x = xs[a.start] + x
		if rtl {
			cb.x = mirrorX(cb.x, w, width, f.hEdgesOfBox(c, cb))
		}
		// an item wider than its area overflows the grid by its
		// border box (a 100px item in a 20px column); one of no width
		// adds nothing, as Chromium unites no empty rect
		if w > 0 {
			nb.extent, nb.lext = max(nb.extent, cb.x+w), min(nb.lext, cb.x)
		}
	}
	laid, natural := f.gridRows(n, items, plan)
	nb.natural, nb.naturalSet = natural, true
	f.anonItemsReach(nb, items)
	return laid
}

// spanSize is the size of the tracks a spans, and the gaps between them.
func spanSize(sizes []float64, a gridSpan, gap float64) float64 {
	s := gap * float64(a.span-1)
	for i := a.start; i < a.start+a.span && i < len(sizes); i++ {
		s += sizes[i]
	}
	return s
}

// gridColumns counts the tracks of n's grid-template-columns: repeat(N, …)
// as N, repeat(auto-fill|auto-fit, minmax(Wpx, …)) as many W as fit.
func (f *flowLayout) gridColumns(n *dom.Node) int {
	v, ok := f.w.cascaded(n, "grid-template-columns")
	if !ok || v == "none" || v == "" {
		return max(f.gridAreaColumns(n), 1)
	}
	cols := 0
	for rest := strings.TrimSpace(v); rest != ""; {
		tok, after := nextTrack(rest)
		rest = after
		if strings.HasPrefix(tok, "[") {
			continue // line names
		}
		if inner, ok := strings.CutPrefix(tok, "repeat("); ok {
			count, tracks, _ := strings.Cut(strings.TrimSuffix(inner, ")"), ",")
			count = strings.TrimSpace(count)
			if k, err := strconv.Atoi(count); err == nil && k > 0 {
				cols += min(k, 1000)
				continue
			}
			if count == "auto-fill" || count == "auto-fit" {
				cols += f.autoRepeat(n, strings.TrimSpace(tracks), false)
				continue
			}
		}
		cols++
	}
	return max(cols, f.gridAreaColumns(n), 1)
}

// autoRepeat is how many times repeat(auto-fill | auto-fit, tracks)
// repeats its tracks in n's grid-template-columns (rows: -rows): as many
// as fit the content box's definite size, else its definite max size (no
// less than its min size), beside the list's other tracks and the gaps
// (each track counted as its max sizing function when that is definite,
// else its min, floored by a definite min; percentages of that room), at
// least once; else as few as reach a definite min size; else once.
// https://drafts.csswg.org/css-grid-2/#auto-repeat
func (f *flowLayout) autoRepeat(n *dom.Node, tracks string, rows bool) int {
	room, atLeast := f.autoRepeatRoom(n, rows)
	if room < 0 {
		return 1
	}
	body, k := f.fixedTracksSize(n, tracks, room)
	if k == 0 {
		return 1
	}
	// tracks of no size count as 1px, as the spec suggests and Chromium
	// does, so that the gaps alone decide: Pico's grid, repeat(auto-fit,
	// minmax(0%, 1fr)) with 16px gaps, lays three items out in a row
	body = max(body, 1)
	prop, gapProp := "grid-template-columns", "column-gap"
	if rows {
		prop, gapProp = "grid-template-rows", "row-gap"
	}
	gap := f.gap(n, gapProp)
	// the other tracks of the list and their gaps: 10px repeat(auto-fit,
	// 20px) 10px in 100px repeats 4 times
	others, m := 0.0, 0
	if v, ok := f.w.cascaded(n, prop); ok {
		for rest := strings.TrimSpace(v); rest != ""; {
			tok, after := nextTrack(rest)
			rest = after
			if strings.HasPrefix(tok, "[") {
				continue
			}
			if inner, ok := strings.CutPrefix(tok, "repeat("); ok {
				count, list, _ := strings.Cut(strings.TrimSuffix(inner, ")"), ",")
				if x, err := strconv.Atoi(strings.TrimSpace(count)); err == nil && x > 0 {
					s, c := f.fixedTracksSize(n, list, room)
					others, m = others+s*float64(min(x, 1000)), m+c*min(x, 1000)
				}
				continue
			}
			s, c := f.fixedTracksSize(n, tok, room)
			others, m = others+s, m+c
		}
	}
	// others + r*body + (m + r*k - 1)*gap <= room
	left := room - others - float64(m-1)*gap
	per := body + float64(k)*gap
	if atLeast {
		return max(int(math.Ceil(left/per-1e-9)), 1)
	}
	return max(int(math.Floor(left/per+1e-9)), 1)
}

// autoRepeatRoom is the room automatic repetitions fill in n along its
// columns (rows: its rows): its content box's size when definite, else
// its max size's (no less than its min size), else -1; atLeast tells the
// room is a min size that as few repetitions as reach it fill.
func (f *flowLayout) autoRepeatRoom(n *dom.Node, rows bool) (room float64, atLeast bool) {
	if rows {
		if d := f.definite(n); d >= 0 {
			return d, false
		}
		st := f.vStyleOf(n)
		pads := 0.0
		if f.borderBoxSizing(n) {
			pads = f.vPads(n)
		}
		lo, okLo := 0.0, false
		if st.hasMin {
			lo, okLo = f.vLength(n, st.minH)
		}
		if st.hasMax {
			if hi, ok := f.vLength(n, st.maxH); ok {
				return max(max(hi, lo)-pads, 0), false
			}
		}
		if okLo && lo-pads > 0 {
			return lo - pads, true
		}
		return -1, false
	}
	st := f.hStyleOf(n)
	b := f.box(n)
	f.display(n) // b.float
	inner := f.hEdgesOf(n).inner()
	p := f.pos(n)
	keyword := st.hasWidth && strings.Contains(st.width, "content")
	basis := -1.0
	if parent := f.boxParent(n); p == "absolute" || p == "fixed" {
		basis = f.cbWidth(n, f.width(parent))
	} else if parent != nil {
		basis = f.width(parent)
	} else {
		basis = f.vw
	}
	if w, ok := f.cssWidth(n, basis); ok && !keyword {
		return max(w-inner, 0), false
	}
	sized := keyword || b.float || f.inlineLevel(n) || p == "absolute" || p == "fixed"
	if !sized {
		return f.width(n), false
	}
	adj := inner
	if !f.borderBoxSizing(n) {
		adj = 0
	}
	lo, okLo := 0.0, false
	if st.hasMin {
		lo, okLo = f.hLength(n, st.minWidth, basis)
	}
	if st.hasMax {
		if hi, ok := f.hLength(n, st.maxWidth, basis); ok {
			return max(max(hi, lo)-adj, 0), false
		}
	}
	if okLo && lo-adj > 0 {
		return lo - adj, true
	}
	return -1, false
}

// fixedTracksSize is the size of the track sizes of list (line names left
// out) as automatic repetition counts them, percentages of room: a track
// its max sizing function when definite, else its min (0 when neither
// is), a definite max floored by a definite min; and how many tracks.
func (f *flowLayout) fixedTracksSize(n *dom.Node, list string, room float64) (float64, int) {
	fixed := func(v string) (float64, bool) {
		v = strings.TrimSpace(v)
		if strings.HasSuffix(v, "fr") || strings.HasPrefix(v, "fit-content(") {
			return 0, false
		}
		return f.hLength(n, v, room)
	}
	size, count := 0.0, 0
	for rest := strings.TrimSpace(list); rest != ""; {
		tok, after := nextTrack(rest)
		rest = after
		if strings.HasPrefix(tok, "[") {
			continue
		}
		count++
		if inner, ok := strings.CutPrefix(tok, "minmax("); ok {
			a, b, _ := strings.Cut(strings.TrimSuffix(inner, ")"), ",")
			lo, okLo := fixed(a)
			hi, okHi := fixed(b)
			switch {
			case okHi:
				size += max(hi, lo)
			case okLo:
				size += lo
			}
			continue
		}
		if px, ok := fixed(tok); ok {
			size += px
		}
	}
	return size, count
}

// nextTrack cuts the first track of a track list: a word, or a function
// with its balanced parentheses, or a bracketed line-name list.
func nextTrack(s string) (tok, rest string) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ' ', '\t', '\n':
			if depth == 0 {
				return s[:i], strings.TrimSpace(s[i:])
			}
		}
	}
	return s, ""
}
