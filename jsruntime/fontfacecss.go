package jsruntime

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The faces of @font-face rules in document.fonts (CSS-connected
// FontFace objects), and the loads layout starts.
// https://drafts.csswg.org/css-font-loading/#font-face-css-connection
//
// Each @font-face rule of the document's sheets that applies (in a
// sheet whose media match, inside matching @media blocks, @supports and
// @layer ones) and has a font-family and a src with a source Chromium can
// use is a FontFace of document.fonts, before the faces scripts add, in
// the order of the rules; delete and clear leave them. A face stays the
// same object while its rule's block is unchanged (Chromium makes them
// all again when a rule is deleted).
//
// Rendering loads the faces the page's text uses, as Chromium 156 does:
// the faces of the set are looked at only once a script has asked for
// document.fonts (no page pays for it otherwise), at the next frame after
// the document or its sheets changed, at most every fontScanInterval of
// virtual time, and after the load event. Text (of an element that is
// rendered, in its shadow trees too, and of ::before and ::after boxes)
// uses, for each character and the space of its lines (the first
// available font: an element holding text or inline boxes asks for it),
// the first family of its font-family with faces, among them those whose
// descriptors match its style best, and of those the faces whose
// unicode-range holds the character (a character no face holds goes to
// the next family). Faces of that best match with local() sources alone
// fail at once, whatever their range, as Chromium looks local fonts up
// when it makes the family's font (bangsnap has none). Until the document
// has loaded and that look has been taken, the set is pending on the
// environment: ready waits.

// fontScanInterval is how often at most the used faces are looked for
// while the document changes.
const fontScanInterval = 100 * time.Millisecond

// newCSSFontFace is the FontFace of an @font-face rule's block, or nil
// when the rule makes none.
func newCSSFontFace(block string) *fontFace {
	f := &fontFace{status: "unloaded", desc: map[string]string{}, css: true}
	for _, d := range fontFaceDescriptors {
		f.desc[d.name] = d.def
	}
	hasSrc := false
	for _, d := range parseFontFaceDecls(block) {
		if cssWideKeywords[d.value] {
			continue
		}
		switch d.name {
		case "font-family":
			fams, ok := parseFamilies(splitComponents(d.value))
			if !ok || len(fams) != 1 {
				return nil
			}
			f.family = fams[0].name
		case "src":
			f.sources, hasSrc = parseFontSources(d.value)
		default:
			for _, fd := range fontFaceDescriptors {
				if fd.desc == d.name {
					f.desc[fd.name] = d.value
				}
			}
		}
	}
	if f.family == "" || !hasSrc {
		return nil
	}
	return f
}

// fontFaceBlocks are the blocks of the @font-face rules of the
// document's sheets that apply, in order.
func (w *Window) fontFaceBlocks() []string {
	w.refreshSheets()
	var out []string
	for _, src := range w.sheets.sources {
		if p := w.sheets.parsed[src]; p != nil {
			out = append(out, p.fontFaces...)
		}
	}
	return out
}

// refreshCSSFaces makes the set's CSS-connected faces follow the
// document's sheets, and puts them first in the backing set.
func (w *Window) refreshCSSFaces(fs *fontFaceSet) {
	if w.doc == nil {
		return
	}
	w.refreshSheets()
	if fs.cssMade && fs.cssGen == w.sheets.sourcesGen {
		return
	}
	fs.cssMade, fs.cssGen = true, w.sheets.sourcesGen
	blocks := w.fontFaceBlocks()
	if slices.Equal(blocks, fs.cssBlocks) {
		return
	}
	old := map[string][]*fontFace{}
	for i, b := range fs.cssBlocks {
		if f := fs.cssOf[i]; f != nil {
			old[b] = append(old[b], f)
		}
	}
	css := make([]*fontFace, 0, len(blocks))
	cssOf := make([]*fontFace, len(blocks))
	for i, b := range blocks {
		var f *fontFace
		if kept := old[b]; len(kept) > 0 {
			f, old[b] = kept[0], kept[1:]
		} else {
			f = newCSSFontFace(b)
		}
		cssOf[i] = f
		if f != nil {
			css = append(css, f)
		}
	}
	fs.cssBlocks, fs.cssOf, fs.css = blocks, cssOf, css
	fs.settled = false
	var scripted []*fontFace
	for _, f := range fs.faces {
		if !f.css {
			scripted = append(scripted, f)
		}
	}
	if fs.set == nil && len(css) == 0 {
		return
	}
	r := w.realm
	if fs.set == nil {
		fs.set = r.NewSet()
	}
	r.SetClear(fs.set)
	for _, f := range css {
		r.SetAdd(fs.set, w.fontFaceValue(f))
	}
	for _, f := range scripted {
		r.SetAdd(fs.set, w.fontFaceValue(f))
	}
	fs.sync(r)
}

// fontFaceValue is the FontFace object of f, made on first use.
func (w *Window) fontFaceValue(f *fontFace) goja.Value {
	return w.realm.WrapObject(f, w.realm.Class("FontFace"))
}

// fontsChanged is told when what the page renders may have changed
// below root (nil: anywhere, as a sheet edit changes it): with faces of
// document.fonts not loaded, the used ones are looked for at a coming
// frame.
func (w *Window) fontsChanged(root *dom.Node) {
	fs := w.fontSet
	if fs == nil || fs.settled {
		return
	}
	fs.markChanged(root)
	if !fs.scanQueued {
		w.queueFontScan(fs)
	}
}

// fontsMutated is fontsChanged for a mutation: the nodes it added, the
// text whose data it set, the element whose attribute it set (its
// class or style may change the fonts of what it holds). A removal adds
// no text.
func (w *Window) fontsMutated(r *dom.MutationRecord) {
	fs := w.fontSet
	if fs == nil || fs.settled {
		return
	}
	switch {
	case r.Type != dom.ChildListMutation:
		w.fontsChanged(r.Target)
	case len(r.AddedNodes) == 0:
	case len(r.AddedNodes) > maxChangedRoots/4:
		w.fontsChanged(r.Target)
	default:
		for _, n := range r.AddedNodes {
			w.fontsChanged(n)
		}
	}
}

// maxChangedRoots bounds the changed subtrees kept for the next look at
// the used faces; past it the look walks the whole document.
const maxChangedRoots = 32

func (fs *fontFaceSet) markChanged(root *dom.Node) {
	switch {
	case fs.changedAll:
	case root == nil || len(fs.changed) == maxChangedRoots:
		fs.changedAll, fs.changed = true, fs.changed[:0]
	default:
		fs.changed = append(fs.changed, root)
	}
}

// queueFontScan looks for the used faces at the next frame boundary, or
// fontScanInterval after the last look.
func (w *Window) queueFontScan(fs *fontFaceSet) {
	if w.loop == nil || fs.scanQueued {
		return
	}
	fs.scanQueued = true
	at := w.loop.Elapsed()
	if fs.scanned {
		at = max(at, fs.lastScan+fontScanInterval)
	}
	w.loop.SetFrameTimer(at, func() { w.scanUsedFonts(fs) })
}

// scanUsedFonts loads the faces the rendered text uses, then resolves
// ready when nothing keeps the set pending.
//
// The first look walks the whole document, as does one after the faces
// or the sheets changed (new rules may give old text another font);
// otherwise a look walks only the subtrees changed since the last one
// (fontsChanged). Style changes no mutation or sheet makes (a custom
// element becoming :defined, a media query starting to match) are seen
// at the next whole walk.
func (w *Window) scanUsedFonts(fs *fontFaceSet) {
	fs.scanQueued = false
	w.refreshCSSFaces(fs)
	whole := !fs.scanned || fs.changedAll || fs.scannedFaces != fs.facesGen || fs.scannedSheets != w.sheets.sourcesGen
	roots := fs.changed
	fs.scanned, fs.lastScan = true, w.loop.Elapsed()
	fs.scannedFaces, fs.scannedSheets = fs.facesGen, w.sheets.sourcesGen
	fs.changed, fs.changedAll = nil, false
	w.loadUsedFaces(fs, whole, roots)
	fs.settled = true
	for _, f := range fs.faces {
		if f.status == "unloaded" {
			fs.settled = false
			break
		}
	}
	w.fontSetMayBeReady(fs)
}

// fontUse is the text rendered in one font: its families (computed
// font-family), weight, slope and stretch, and the distinct characters.
type fontUse struct {
	families string
	style    faceStyle
	runes    []rune
}

// maxUseRunes bounds the distinct characters kept for one font.
const maxUseRunes = 4096

// loadUsedFaces loads the unloaded faces of the set that the rendered
// text uses: all of it when whole, else the text in the rendered
// subtrees of roots.
func (w *Window) loadUsedFaces(fs *fontFaceSet, whole bool, roots []*dom.Node) {
	if len(fs.faces) == 0 || !whole && len(roots) == 0 {
		return
	}
	w.flushStyle()
	uses := map[string]*fontUse{}
	var order []*fontUse
	note := func(el *dom.Node, ref *pseudoRef, text string) {
		fam, _ := w.computedValue(el, "font-family")
		weight, _ := w.computedValue(el, "font-weight")
		slope, _ := w.computedValue(el, "font-style")
		stretch, _ := w.computedValue(el, "font-stretch")
		if ref != nil {
			if v, ok := w.cascadedPseudo(*ref, "font-family"); ok && !cssWideKeywords[v] {
				fam = v
			}
			if v, ok := w.cascadedPseudo(*ref, "font-weight"); ok && !cssWideKeywords[v] {
				weight = v
			}
			if v, ok := w.cascadedPseudo(*ref, "font-style"); ok && !cssWideKeywords[v] {
				slope = v
			}
		}
		key := fam + "\x00" + weight + "\x00" + slope + "\x00" + stretch
		u := uses[key]
		if u == nil {
			u = &fontUse{families: fam, style: wantedStyle(weight, slope, stretch)}
			uses[key] = u
			order = append(order, u)
		}
		for _, c := range text {
			if len(u.runes) >= maxUseRunes {
				break
			}
			if c == '\n' || c == '\t' || c == '\r' || c == '\f' {
				c = ' '
			}
			if i, found := slices.BinarySearch(u.runes, c); !found {
				u.runes = slices.Insert(u.runes, i, c)
			}
		}
	}
	// a walk of the rendered tree in tree order, a shadow tree before its
	// host's children
	var visit func(n *dom.Node) bool
	visit = func(n *dom.Node) bool {
		switch {
		case n.IsText():
			if p := n.ParentNode(); p != nil && p.IsElement() && strings.TrimSpace(n.Data) != "" {
				note(p, nil, " "+n.Data)
			}
			return false
		case !n.IsElement():
			return true // the document, a shadow root
		case w.boxDisplay(n) == "none":
			return false
		}
		if p := n.ParentNode(); p != nil && p.IsElement() && strings.HasPrefix(w.boxDisplay(n), "inline") {
			note(p, nil, " ") // the parent's lines: its first available font
		}
		for _, pe := range [2]string{"before", "after"} {
			if _, text := w.pseudoBoxOf(n, pe); strings.TrimSpace(text) != "" {
				note(n, &pseudoRef{n, pe}, " "+text)
			}
		}
		if sr := n.ShadowRoot(); sr != nil {
			walkElements(sr, visit)
		}
		return true
	}
	if whole {
		walkElements(&w.doc.Node, visit) // resources.go
		roots = nil
	}
	for i, root := range roots {
		if w.changedRootRendered(root, roots[:i], roots[i+1:]) {
			walkElements(root, visit)
		}
	}
	for _, u := range order {
		fams, ok := parseFamilies(splitComponents(u.families))
		if !ok {
			continue
		}
		for _, f := range selectFaces(fs.faces, fams, u.style, u.runes, true) {
			w.loadFontFace(f)
		}
	}
}

// changedRootRendered reports whether root is a changed subtree to walk
// for the used faces: connected, not under a box that is not rendered,
// and neither in a root before it nor inside one after it.
func (w *Window) changedRootRendered(root *dom.Node, before, after []*dom.Node) bool {
	if !root.IsConnected() {
		return false
	}
	for _, o := range before {
		if o.Contains(root) {
			return false
		}
	}
	for _, o := range after {
		if o != root && o.Contains(root) {
			return false
		}
	}
	for p := root.ShadowIncludingParent(); p != nil; p = p.ShadowIncludingParent() {
		if p.IsElement() && w.boxDisplay(p) == "none" {
			return false
		}
	}
	return true
}

// faceStyle is the style a font asks for, or a face's descriptor ranges:
// its weight (1..1000), slope (0 normal, 1 oblique, 2 italic) and
// stretch (percent).
type faceStyle struct {
	wLo, wHi float64
	slope    int
	sLo, sHi float64
}

// wantedStyle is the style of computed font-weight, font-style and
// font-stretch values.
func wantedStyle(weight, slope, stretch string) faceStyle {
	w := weightValue(weight)
	s := stretchValue(stretch)
	return faceStyle{wLo: w, wHi: w, slope: slopeValue(slope), sLo: s, sHi: s}
}

func weightValue(v string) float64 {
	switch ascii.Lower(v) {
	case "normal", "", "auto":
		return 400
	case "bold", "bolder":
		return 700
	case "lighter":
		return 100
	}
	v = strings.TrimSuffix(strings.TrimPrefix(v, "calc("), ")")
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return f
	}
	return 400
}

var stretchKeywords = map[string]float64{"ultra-condensed": 50, "extra-condensed": 62.5, "condensed": 75,
	"semi-condensed": 87.5, "normal": 100, "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200}

func stretchValue(v string) float64 {
	if k, ok := stretchKeywords[ascii.Lower(v)]; ok {
		return k
	}
	v = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(v, "calc("), ")"), "%")
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		return f
	}
	return 100
}

func slopeValue(v string) int {
	v = ascii.Lower(v)
	switch {
	case v == "italic":
		return 2
	case strings.HasPrefix(v, "oblique"):
		return 1
	}
	return 0
}

// descStyle is the style ranges of a face's descriptors (auto: any).
func descStyle(f *fontFace) faceStyle {
	var st faceStyle
	st.wLo, st.wHi = rangeOf(f.desc["weight"], weightValue, 1, 1000)
	st.sLo, st.sHi = rangeOf(f.desc["stretch"], stretchValue, 0, 1e9)
	st.slope = slopeValue(f.desc["style"])
	return st
}

// rangeOf reads a descriptor of one or two values (auto: [lo, hi]).
func rangeOf(v string, one func(string) float64, lo, hi float64) (float64, float64) {
	if ascii.EqualFold(v, "auto") {
		return lo, hi
	}
	if a, b, ok := strings.Cut(v, " "); ok && !strings.HasPrefix(v, "calc(") {
		x, y := one(a), one(b)
		return min(x, y), max(x, y)
	}
	x := one(v)
	return x, x
}

// matchRank ranks how well a face's ranges match the wanted style, by
// CSS Fonts' font matching: stretch first, then slope, then weight; a
// lower rank is a better match.
// https://drafts.csswg.org/css-fonts/#font-style-matching
func matchRank(want, face faceStyle) [3]float64 {
	return [3]float64{stretchRank(want.sLo, face), slopeRank(want.slope, face.slope), weightRank(want.wLo, face)}
}

func stretchRank(s float64, f faceStyle) float64 {
	switch {
	case s >= f.sLo && s <= f.sHi:
		return 0
	case s <= 100 && f.sHi < s: // narrower first
		return s - f.sHi
	case s <= 100:
		return 1e6 + f.sLo - s
	case f.sLo > s: // wider first
		return f.sLo - s
	}
	return 1e6 + s - f.sHi
}

// slopeRank orders italic, oblique and normal faces for the slope asked
// for.
func slopeRank(want, have int) float64 {
	order := [3][3]float64{
		{0, 1, 2}, // normal: normal, oblique, italic
		{2, 0, 1}, // oblique: oblique, italic, normal
		{2, 1, 0}, // italic: italic, oblique, normal
	}
	return order[want][have]
}

func weightRank(w float64, f faceStyle) float64 {
	switch {
	case w >= f.wLo && w <= f.wHi:
		return 0
	case w >= 400 && w <= 500:
		switch {
		case f.wLo > w && f.wLo <= 500:
			return f.wLo - w
		case f.wHi < w:
			return 1e4 + w - f.wHi
		}
		return 2e4 + f.wLo - w
	case w < 400:
		if f.wHi < w {
			return w - f.wHi
		}
		return 1e4 + f.wLo - w
	}
	if f.wLo > w {
		return f.wLo - w
	}
	return 1e4 + w - f.wHi
}

// closestFaces returns the faces of family whose descriptors match want
// best (the closest stretch, style and weight, matchRank), without the
// faces that failed when noFailed.
// https://drafts.csswg.org/css-fonts/#font-style-matching
func closestFaces(faces []*fontFace, family string, want faceStyle, noFailed bool) []*fontFace {
	var cands []*fontFace
	var best [3]float64
	for _, f := range faces {
		if noFailed && f.status == "error" || !ascii.EqualFold(f.familyKey(), family) {
			continue
		}
		rank := matchRank(want, descStyle(f))
		switch {
		case len(cands) == 0 || rankLess(rank, best):
			cands, best = append(cands[:0], f), rank
		case rank == best:
			cands = append(cands, f)
		}
	}
	return cands
}

// selectFaces returns the faces text in families and style uses: for
// each family in turn with faces, those matching the style best whose
// unicode-range holds a character still to be drawn (the others go to
// the next family). For layout, faces that failed take no part; generic families
// and families with no face end nothing. For layout, every face of the
// best match with local() sources alone is taken too, whatever its
// range: Chromium looks local fonts up when it makes the family's font,
// and fails those it does not have (bangsnap has none).
// https://drafts.csswg.org/css-font-loading/#find-the-matching-font-faces
func selectFaces(faces []*fontFace, families []canvasFamily, want faceStyle, runes []rune, layout bool) []*fontFace {
	var out []*fontFace
	left := runes
	for _, fam := range families {
		if fam.generic || len(left) == 0 {
			continue
		}
		cands := closestFaces(faces, fam.name, want, layout)
		if len(cands) == 0 {
			continue
		}
		if layout {
			for _, f := range cands {
				if f.localOnly() && !slices.Contains(out, f) {
					out = append(out, f)
				}
			}
		}
		var rest []rune
		for _, c := range left {
			covered := false
			for _, f := range cands {
				if f.covers(c) {
					covered = true
					if !slices.Contains(out, f) {
						out = append(out, f)
					}
				}
			}
			if !covered {
				rest = append(rest, c)
			}
		}
		left = rest
	}
	return out
}

func rankLess(a, b [3]float64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// localOnly reports whether the face's sources are all local().
func (f *fontFace) localOnly() bool {
	for _, s := range f.sources {
		if !s.local {
			return false
		}
	}
	return len(f.sources) > 0
}

// covers reports whether the face's unicode-range holds c.
func (f *fontFace) covers(c rune) bool {
	if f.rangesOf != f.desc["unicodeRange"] {
		f.rangesOf = f.desc["unicodeRange"]
		f.ranges, _ = parseUnicodeRanges(f.rangesOf)
	}
	for _, r := range f.ranges {
		if c >= r.lo && c <= r.hi {
			return true
		}
	}
	return false
}

// fontSetMayBeReady resolves the pending ready promise once the set is
// no longer pending on the environment or loading.
func (w *Window) fontSetMayBeReady(fs *fontFaceSet) {
	if fs.readyDone != nil && !fs.loading && w.fontsEnvironmentReady(fs) {
		_ = fs.readyDone(w.realm.Lookup(fs))
		fs.readyDone = nil
	}
}

// fontsEnvironmentReady reports whether the document no longer keeps
// the set pending: it has loaded and the faces its text uses have been
// looked for since.
// https://drafts.csswg.org/css-font-loading/#fontfaceset-pending-on-the-environment
func (w *Window) fontsEnvironmentReady(fs *fontFaceSet) bool {
	return w.nav.completelyLoaded && fs.scanned && !fs.scanQueued
}

// fontsParsed is told when the document has been parsed and
// DOMContentLoaded dispatched: with Config.UsedFonts the faces its
// rendered text uses start loading, as a browser's first layout starts
// them, in time to delay the load event (fetchFont), and the set exists
// from then on, so that changes to the page look for faces again.
func (w *Window) fontsParsed() {
	if !w.cfg.UsedFonts || w.cfg.Fonts == nil {
		return
	}
	if w.fontSet == nil {
		w.fontSet = &fontFaceSet{}
	}
	w.scanUsedFonts(w.fontSet)
}

// fontsDocumentLoaded is told when the document has loaded: a look at
// the used faces follows, after which ready may resolve.
func (w *Window) fontsDocumentLoaded() {
	if fs := w.fontSet; fs != nil {
		w.queueFontScan(fs)
	}
}
