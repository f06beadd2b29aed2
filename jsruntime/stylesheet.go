package jsruntime

import (
	"maps"
	"slices"
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Author style sheets, as far as getComputedStyle needs them: the rules of
// the document's <style> elements and of the sheets its links fetched
// (linksheets.go), with
// @media evaluated against the viewport and @supports conditions as
// CSS.supports answers them (csssupports.go), are
// cascaded by specificity, importance and order for the property asked
// about. Enough for "is it hidden by a class" checks; there is no layout.
// https://drafts.csswg.org/css-cascade/#cascading

type cssRule struct {
	sel *pageSel // ruleindex.go
	// decl is the declaration in its parsed sheet's rule (sheetRule's
	// decls, shared and never changed): a page's lists of rules are built
	// again at each change of its sheets, and a pointer halves them.
	decl *cssDecl
	// order and layer are int32, as a rule's numbers are: the lists hold
	// one cssRule for each declaration of each selector of every sheet
	// (about 120,000 for daisyUI's), built again at each change of a
	// style element.
	order int32
	// layer is the rank of the rule's cascade layer: 0 for unlayered
	// rules, below 0 for layered ones, lower for layers that lose
	// (layers.go).
	layer int32
}

type sheetState struct {
	version    uint64
	vp         webapi.Viewport // the viewport media queries were evaluated in
	quirks     bool            // the sheets were parsed for a quirks-mode document
	cssomEdits uint64          // bumped when script edits a sheet's rules, or a link's sheet arrives
	edits      uint64          // cssomEdits the rules were built for
	// sources are the texts of the document's sheets (style elements and
	// fetched link sheets) in tree order, as the rules were built from
	// them; parsed holds each one's rules, so that a change of one sheet
	// (CSS-in-JS) does not parse the others again.
	sources []string
	parsed  map[string]*pageSheet
	// sourcesGen counts the changes of sources (or of what their parse
	// gave, as media queries answer for another viewport).
	sourcesGen uint64
	// ruleSources are the sources that have rules, keyframes or layers
	// (the others add nothing to byProp).
	ruleSources []string
	// layersParsed holds each source's cascade layer names in the order
	// they first appear (layers.go).
	layersParsed map[string][]string
	byProp       map[string][]cssRule
	display      map[*dom.Node]string      // memo of display, valid for version
	fontSizes    map[*dom.Node]float64     // memo of font sizes in px, valid for version (cascade.go)
	boxes        map[*dom.Node]*boxDecls   // memo of what boxes read, valid for version (style.go)
	computed     map[computedKey]string    // memo of the dom package's ComputedStyle hook, valid for version
	pseudoBoxes  map[computedKey]pseudoBox // memo of the PseudoBox hook (prop "before" or "after"), valid for version
	inherited    map[computedKey]string    // memo of inheritedSVGProp, valid for version (textmetrics.go)
	fontWeights  map[*dom.Node]string      // memo of fontWeight, valid for version
	fonts        map[*dom.Node]fontMemo    // memo of fontStyle and monospaceFamily, valid for version (cascade.go)
	whiteSpaces  map[*dom.Node]wsMemo      // memo of whiteSpaceOf, valid for version (csswhitespace.go)
	flowModes    map[*dom.Node]flowMode    // memo of flowModeOf, valid for version (csslogical.go)
	// baseFontSizes is fontSizes without animations, for their
	// underlying values (animationState.base)
	baseFontSizes map[*dom.Node]float64
	// customFrom memoizes customValueFrom, valid for version (cssvar.go)
	customFrom map[computedKey]customDecl
	// vals is what drops the value memos above element by element
	// (valueinval.go); pseudoBoxes, inherited, customFrom and
	// baseFontSizes are dropped whole.
	vals valueInval
	// idx indexes byProp's lists by what their selectors' subjects
	// require (ruleindex.go), each made when first used; valid for byProp.
	idx       map[string]*ruleIndex
	idxCounts map[ruleKey]int32 // scratch space of newRuleIndex
	classFreq map[string]int    // scratch space of refreshSheetsOf
	// keyIdx numbers the per-property lists of the rules built so far
	// (keyNames their names), so that a sheet's lists are looked up once
	// (pageSheet.ids), not at each build.
	keyIdx   map[string]int32
	keyNames []string
	// groups are the rule groups of byProp's rules that select no
	// pseudo-element, groupIdx their index (made when first used), and
	// propIDs numbers the properties they declare (matched.go).
	groups   []ruleGroup
	groupIdx *groupIndex
	propIDs  map[string]int32
	// casc holds what the cascade of each property asked about reads of
	// the rules (cascadeprops.go), valid for byProp; declaresAll is set
	// when a rule declares all.
	casc        map[string]*propCascade
	declaresAll bool
	// matched holds the winners in winners of each element of memoDoc
	// asked about (matched.go), matchInv what drops them
	// (matchinval.go); scratch and touched are matchedOf's scratch
	// space.
	matched map[*dom.Node]matchEntry
	winners []winner
	// spareWinners is the array compactWinners copies the live winners
	// into next (the one it left last time).
	spareWinners []winner
	matchInv     matchInval
	// invCache holds the invalidation of each selector list text seen
	// (matchinval.go).
	invCache map[string]*selInval
	memoDoc  *dom.Document
	scratch  []*cssRule
	touched  []int32
	// nearness is the scope proximity of each winner in scratch, when
	// the sheets have scoped rules (depScope).
	nearness []int32
	// matching is set while matchedOf uses scratch and touched.
	matching bool
	// adoptedLen is the length of document.adoptedStyleSheets the rules
	// were built for (a push changes no version).
	adoptedLen int64
	// keyframes are the @keyframes rules by name, the last of a name in
	// document order (cssanim.go); kfParsed holds each source's.
	keyframes map[string]*keyframesRule
	kfParsed  map[string][]*keyframesRule
	// properties are the custom properties the sheets' valid @property
	// rules register, the last of a name in document order
	// (cssregister.go); propsParsed holds each source's.
	properties  map[string]*registeredProperty
	propsParsed map[string][]sheetProperty
	// declarative is set when the rules may start CSS animations or
	// transitions: they declare animation-name, transition-duration or
	// transition-delay.
	declarative bool
	// inlineDeclarative is set when a style attribute may declare them.
	inlineDeclarative bool
	// logical is set when the rules declare a flow-relative property
	// (csslogical.go).
	logical bool
	// builds counts the rebuilds of byProp.
	builds uint64
	// inval are the rules' invalidation features, made for build invalFor
	// (styleinval.go); invalSeen stamps the selector lists they were made
	// of, and invalAdded counts the times they were added to rather than
	// made again.
	inval      invalidationFeatures
	invalFor   uint64
	invalSeen  map[string]uint64
	invalAdded uint64
	// ranks are the ranks of the cascade layers of the last build
	// (layers.go).
	ranks map[string]int32
	// stateEdits counts the changes of what selectors or computed values
	// read besides the sheets and the tree (:target, :popover-open,
	// registered custom properties); each bumps cssomEdits too.
	stateEdits uint64
	// deps is what the selectors of the rules read besides an element and
	// its ancestors (flow.go).
	deps selDeps
	// ownersGen is bumped by mutations that may change which sheets the
	// document has or their text (sheetsMutated); ownersBuilt and
	// builtFor are what the sources were collected for, so that a
	// mutation elsewhere does not walk the document for its sheets again.
	ownersGen, ownersBuilt uint64
	builtFor               *dom.Document
	// preferred is the preferred CSS style sheet set name of preferredDoc:
	// the title of its first sheet made with one (a titled style element
	// inserted or its text changed: sheetsMutated), or else collected. As
	// in Chromium 156 it is set once and kept, whatever happens to that
	// sheet or its title.
	preferred    string
	preferredDoc *dom.Document
	// builtSources and builtParsed are the sources and their rules the
	// last build was made of; growth, set by a build, maps their rules to
	// the new build's when it holds them all (sheetgrowth.go).
	builtSources []string
	builtRules   [][]sheetRule
	growth       *ruleGrowth
	grown        uint64 // builds the matched rules were carried over to
	// remapBuf is the array of the growth's remap, kept across builds
	// (cleared after each) so that an addition does not allocate one
	// pointer per declaration of the page's sheets.
	remapBuf []*cssRule
}

// A pageSheet is a parsed sheet's rules as one page's cascade uses them:
// the rules are the parse's, shared with other pages (sheetcache.go), the
// pageSels the page's own, one for each rule.
type pageSheet struct {
	rules []sheetRule
	// fontFaces are the blocks of the sheet's @font-face rules that
	// apply (fontfacecss.go).
	fontFaces []string
	sels      []pageSel
	// ids are the numbers in sheetState.keyIdx of the sheet's lists
	// (parsedSheet.keys), by the sheet's own numbers.
	ids []int32
}

// newPageSheet is ps's rules for the cascade s.
func (s *sheetState) newPageSheet(ps *parsedSheet) *pageSheet {
	p := &pageSheet{rules: ps.rules, fontFaces: ps.fontFaces}
	if len(ps.rules) > 0 {
		p.sels = make([]pageSel, len(ps.rules))
		for i := range ps.rules {
			p.sels[i] = newPageSel(ps.rules[i].sel)
		}
	}
	if len(ps.keys) > 0 {
		p.ids = make([]int32, len(ps.keys))
		for i, k := range ps.keys {
			id, ok := s.keyIdx[k]
			if !ok {
				id = int32(len(s.keyNames))
				s.keyIdx[k] = id
				s.keyNames = append(s.keyNames, k)
			}
			p.ids[i] = id
		}
	}
	return p
}

// sheetRule is one selector of a style rule with the rule's declarations,
// as parsed (shared, never changed).
type sheetRule struct {
	sel   *ruleSel
	decls []cssDecl
	layer string // the cascade layer's full name, "" for none (layers.go)
	// selText is the rule's selector list, of which sel is item selIdx.
	selText string
	selIdx  int32
	// keyIDs are the numbers among its sheet's (parsedSheet.keys) of the
	// per-property lists its declarations go in (a pseudo-element's
	// rule's have lists of their own, pseudoKey), shared by the rules of
	// no pseudo-element with the same declarations (declBlocks).
	keyIDs []int32
}

// sameRule tells whether a and b are the same rule, parsed from two
// sheets: the same selector, declarations and layer.
func sameRule(a, b *sheetRule) bool {
	return a.selIdx == b.selIdx && a.selText == b.selText && a.layer == b.layer && slices.Equal(a.decls, b.decls)
}

// rulesFor returns the author rules of el's document declaring prop.
func (w *Window) rulesFor(el *dom.Node, prop string) []cssRule {
	return w.sheetsOf(el.Document()).byProp[prop]
}

// ruleIndexOf returns the index of the author rules of el's document
// declaring prop (a property or a pseudoKey), nil when there are none.
func (w *Window) ruleIndexOf(el *dom.Node, prop string) *ruleIndex {
	return w.sheetsOf(el.Document()).ruleIndex(prop)
}

// ruleIndex returns the index of byProp[key], made on first use.
func (s *sheetState) ruleIndex(key string) *ruleIndex {
	if x := s.idx[key]; x != nil {
		return x
	}
	rules := s.byProp[key]
	if len(rules) == 0 {
		return nil
	}
	if s.idxCounts == nil {
		s.idxCounts = make(map[ruleKey]int32)
	}
	x := newRuleIndex(rules, s.idxCounts)
	if s.idx == nil {
		s.idx = make(map[string]*ruleIndex)
	}
	s.idx[strings.Clone(key)] = x // key does not escape: a pseudoKey made per call stays on the stack
	return x
}

// refreshSheets brings the page document's cascade up to date.
func (w *Window) refreshSheets() { w.sheetsOf(w.doc) }

// sheetsOf returns the cascade of d, brought up to date: the page's, or
// that of a frame's document (which has its own style sheets). A document
// without a browsing context takes the page's.
func (w *Window) sheetsOf(d *dom.Document) *sheetState {
	if d == w.doc || d == nil || w.frames.byDoc[d] == nil {
		w.refreshSheetsOf(&w.sheets, w.doc, &w.sheets.cssomEdits)
		return &w.sheets
	}
	s := w.frameSheets[d]
	if s == nil {
		if w.frameSheets == nil {
			w.frameSheets = map[*dom.Document]*sheetState{}
		}
		s = &sheetState{}
		w.frameSheets[d] = s
	}
	// CSSOM edits are counted for the page: an edit anywhere rebuilds a
	// frame's rules.
	w.refreshSheetsOf(s, d, &w.sheets.cssomEdits)
	return s
}

// dropFrameSheets forgets the cascade of a frame's document that is no
// longer active.
func (w *Window) dropFrameSheets(d *dom.Document) {
	delete(w.frameSheets, d)
}

// dropValueMemos forgets the memos of computed values of the version:
// the version changed, or animated values of inherited properties did.
func (s *sheetState) dropValueMemos() {
	s.display, s.fontSizes, s.baseFontSizes, s.boxes, s.computed, s.pseudoBoxes = nil, nil, nil, nil, nil, nil
	s.inherited, s.fontWeights, s.fonts, s.customFrom = nil, nil, nil, nil
	// kept allocated: the flow estimate of a page that writes and
	// measures in a loop refills them after each mutation
	clear(s.whiteSpaces)
	clear(s.flowModes)
	s.resetValueInval()
}

func (w *Window) refreshSheetsOf(s *sheetState, doc *dom.Document, cssomEdits *uint64) {
	vp := w.viewport()
	if doc != w.doc {
		vp = w.viewportOf(doc) // a frame's, which a resize changes (flowframe.go)
	}
	v := doc.Version()
	adoptedLen := w.adoptedLen(&doc.Node)
	if s.byProp != nil && s.version == v && s.edits == *cssomEdits && s.adoptedLen == adoptedLen && s.vp == vp {
		return
	}
	quirks := doc.CompatMode() == "BackCompat"
	mediaSame := s.vp == vp && s.quirks == quirks
	if !mediaSame {
		// the media queries read when the sheets were parsed are read
		// again (and the declarations, for the other mode)
		s.vp, s.quirks, s.sources, s.ruleSources, s.parsed = vp, quirks, nil, nil, nil
	}
	s.version = v
	// the matched rules stand where no change dropped them (matchinval.go),
	// and across the addition of rules (sheetgrowth.go)
	s.matchInv.perElemOK = s == &w.sheets && doc == w.doc
	keepTree := s.keepMatched(doc)
	sheetsSame := s.edits == *cssomEdits && s.adoptedLen == adoptedLen
	// the value memos stand where no change dropped them (valueinval.go),
	// while the viewport stays the same and the rules only grow (below)
	if mediaSame && w.mayKeepValueMemos(s, doc, keepTree) {
		w.keepValueMemos(s)
	} else {
		s.dropValueMemos()
	}
	if !keepTree {
		s.resetMatched(doc)
	}
	builds := s.builds
	s.growth = nil
	defer func() {
		switch {
		case s.builds != builds:
			grown := keepTree && s.growth != nil && s.growMatched(s.growth)
			if !grown {
				s.resetMatched(doc)
			}
			s.growth = nil
			clear(s.remapBuf) // it held the last build's rules
			if grown && s.vals.kept {
				// the rules added change the values of the elements
				// they match (their matched rules change, which
				// valueFresh looks at) and of their subtrees; the
				// paths known are walked again (valueinval.go)
				s.vals.ver++
			} else {
				s.dropValueMemos()
			}
		case !sheetsSame:
			s.resetMatched(doc)
			s.dropValueMemos()
		}
	}()
	// (the page's mutation hook counts owner changes, sheetsMutated; a
	// frame's document is collected again at each version)
	if doc == w.doc && s.byProp != nil && s.edits == *cssomEdits && s.adoptedLen == adoptedLen && s.ownersBuilt == s.ownersGen && s.builtFor == doc {
		return // the mutations since left the sheets alone
	}
	// the first collection takes the sheets made before it (the parser's);
	// later style elements set the preferred set name as they are made
	// (sheetMade), links as their sheets are collected
	firstCollection := s.builtFor != doc
	if s.preferredDoc != doc {
		s.preferred, s.preferredDoc = "", doc
	}
	s.edits, s.adoptedLen, s.ownersBuilt, s.builtFor = *cssomEdits, adoptedLen, s.ownersGen, doc
	var sources []string
	inline := false
	// The preferred CSS style sheet set name is the title of the first
	// sheet with one; a sheet titled otherwise is an alternative that does
	// not apply (https://drafts.csswg.org/cssom/#add-a-css-style-sheet).
	// Taken in tree order at the first collection, where the standard (and
	// Chromium) take the order the sheets were added in. A titled sheet
	// when none is preferred does not apply (Chromium 156, as the standard
	// would have made it the preferred one when it was made titled).
	// Titles are read as the sheets are collected: a change of a title
	// alone collects nothing (sheetsMutated), so a sheet keeps applying or
	// not until the sheets change, as in Chromium 156.
	applies := func(n *dom.Node) bool {
		t := n.Attribute("title")
		if t != "" && s.preferred == "" && (firstCollection || !isStyleElement(n)) {
			s.preferred = t
		}
		return t == "" || t == s.preferred
	}
	doc.Descendants(func(n *dom.Node) bool {
		if !inline && n.IsElement() {
			if a, ok := n.GetAttribute("style"); ok && mentionsDeclarative(a) { // cssanim.go
				inline = true
			}
		}
		if isStyleElement(n) {
			if isCSSStyle(n) && applies(n) {
				sources = append(sources, w.sheetText(n))
			}
		} else if isHTMLElement(n) && n.DataAtom == atom.Link {
			if ls := w.linkSheetOf(n); ls != nil && applies(n) {
				sources = append(sources, w.linkSheetText(n, ls))
			}
		}
		return true
	})
	sources = append(sources, w.adoptedTexts(&doc.Node)...)
	s.inlineDeclarative = inline
	if s.byProp != nil && slices.Equal(sources, s.sources) {
		return
	}
	parsed := make(map[string]*pageSheet, len(sources))
	kfParsed := make(map[string][]*keyframesRule)
	layersParsed := make(map[string][]string)
	propsParsed := make(map[string][]sheetProperty)
	// rulesOf are the rules of each source, looked up once: a map keyed by
	// a sheet's text hashes the whole text at each lookup (2,000 rules,
	// 400 KB, looked up for each of its rules took most of the time
	// of a build, BenchmarkCascadeSheetAppend)
	rulesOf := make([][]sheetRule, len(sources))
	sheetsOf := make([]*pageSheet, len(sources))
	if s.keyIdx == nil {
		s.keyIdx = map[string]int32{}
	}
	for i, src := range sources {
		if p, ok := parsed[src]; ok {
			rulesOf[i], sheetsOf[i] = p.rules, p
			continue
		}
		p, ok := s.parsed[src]
		kfs := s.kfParsed[src]
		layers := s.layersParsed[src]
		props := s.propsParsed[src]
		if !ok {
			ps := parsedSheets.parse(src, vp, s.quirks) // sheetcache.go
			p, kfs, layers, props = s.newPageSheet(ps), ps.kfs, ps.layers, ps.props
		}
		parsed[src], rulesOf[i], sheetsOf[i] = p, p.rules, p
		if len(kfs) > 0 {
			kfParsed[src] = kfs
		}
		if len(props) > 0 {
			propsParsed[src] = props
		}
		if len(layers) > 0 {
			layersParsed[src] = layers
		}
	}
	s.sources, s.parsed, s.kfParsed, s.layersParsed = sources, parsed, kfParsed, layersParsed
	s.sourcesGen++
	oldProps := s.properties
	s.propsParsed, s.properties = propsParsed, nil
	var layerRank func(i int, layer string) int32 // nil: no source has layers
	if len(layersParsed) > 0 {
		ranks := layerRanks(sources, layersParsed) // layers.go
		layerRank = func(i int, layer string) int32 { return ranks[globalLayer(i, layer)] }
	}
	// Of the rules of one name, the last of the latest layer counts:
	// unlayered ones win over layered ones.
	// https://drafts.csswg.org/css-cascade-5/#layering
	var propRanks map[string]int32
	for i, src := range sources {
		for _, p := range propsParsed[src] {
			if s.properties == nil {
				s.properties, propRanks = map[string]*registeredProperty{}, map[string]int32{}
			}
			var rank int32
			if layerRank != nil {
				rank = layerRank(i, p.layer)
			}
			if old, ok := propRanks[p.name]; !ok || rank >= old {
				s.properties[p.name], propRanks[p.name] = p.reg, rank
			}
		}
	}
	if !maps.EqualFunc(oldProps, s.properties, sameRegistration) {
		// a registration changes the values of the property's
		// declarations and its initial value, of any element; it counts
		// as a build, which the layout (refreshFlow) and the matched
		// rules' users look at, though a sheet holding only @property
		// rules builds no rules
		s.dropValueMemos()
		s.builds++
	}
	// The sheets with rules, keyframes or layers: when only sheets without
	// any were added or removed (Ant Design measures the scroll bar's width
	// with a style element holding one empty ::-webkit-scrollbar rule, put
	// in and taken out again), the rules built from the others stand.
	var ruleSources []string
	for i, src := range sources {
		if len(rulesOf[i]) > 0 || len(kfParsed[src]) > 0 || len(layersParsed[src]) > 0 {
			ruleSources = append(ruleSources, src)
		}
	}
	if s.byProp != nil && slices.Equal(ruleSources, s.ruleSources) {
		return
	}
	var growth *ruleGrowth
	if keepTree && len(s.matched) > 0 && s.builtFor == doc {
		growth = s.growthOf(sources, rulesOf) // sheetgrowth.go
	}
	s.ruleSources = ruleSources
	ranks := layerRanks(sources, layersParsed) // layers.go
	oldRanks := s.ranks
	s.builtSources, s.builtRules = sources, rulesOf
	s.builds++
	s.ranks = ranks
	s.deps = 0
	for _, rules := range rulesOf {
		for _, r := range rules {
			s.deps |= r.sel.deps
		}
	}
	if s.deps&depContainer != 0 {
		// a container rule's matches follow the containers' sizes,
		// which any rule may change: no element's rules are carried
		// over (containerquery.go)
		growth = nil
	}
	oldKeyframes := s.keyframes
	s.keyframes = nil
	var kfRanks map[string]int32 // @keyframes as @property above
	for i, src := range sources {
		for _, k := range kfParsed[src] {
			if s.keyframes == nil {
				s.keyframes, kfRanks = map[string]*keyframesRule{}, map[string]int32{}
			}
			var rank int32
			if layerRank != nil {
				rank = layerRank(i, k.layer)
			}
			if old, ok := kfRanks[k.name]; !ok || rank >= old {
				s.keyframes[k.name], kfRanks[k.name] = k, rank
			}
		}
	}
	if !maps.EqualFunc(oldKeyframes, s.keyframes, sameKeyframes) {
		// the animations that start or change are not known yet
		// (cssanim.go): their elements' values change
		s.dropValueMemos()
	}
	s.idx, s.groupIdx = nil, nil
	// Each selector is filed under the class fewest rules name (ruleindex.go).
	if s.classFreq == nil {
		s.classFreq = map[string]int{}
	}
	classFreq := s.classFreq
	defer clear(classFreq)
	for _, rules := range rulesOf {
		for _, r := range rules {
			for _, c := range r.sel.subj.classes {
				classFreq[c]++
			}
		}
	}
	for _, p := range sheetsOf {
		for i := range p.sels {
			p.sels[i].key = p.rules[i].sel.subj.chooseKey(classFreq)
		}
	}
	// byProp's lists are carved from one array (a page's sheets are
	// collected again at each change of its style elements). They are
	// numbered (keyIdx); a sheet's rules number their declarations' lists
	// among the sheet's own (sheetRule.keyIDs, parsed once for every
	// page), which the page's pageSheet maps to its numbers when the sheet
	// is first seen, so a build looks up no list by name.
	names := s.keyNames
	counts := make([]int, len(names))
	total := 0
	for _, p := range sheetsOf {
		for _, r := range p.rules {
			for _, id := range r.keyIDs {
				counts[p.ids[id]]++
			}
			total += len(r.keyIDs)
		}
	}
	slab := make([]cssRule, total)
	lists := make([][]cssRule, len(names))
	s.logical = false
	for id, c := range counts {
		if c == 0 {
			continue
		}
		lists[id], slab = slab[:0:c], slab[c:]
		if !s.logical {
			// a pseudo-element's declarations count too (pseudoKey)
			name := names[id]
			if i := strings.LastIndexByte(name, ':'); i >= 0 {
				name = name[i+1:]
			}
			s.logical = isLogicalName(name)
		}
	}
	// The rule groups (matched.go), their rules carved from one array.
	nGroups, nGroupRules := 0, 0
	for _, rules := range rulesOf {
		for _, r := range rules {
			if len(r.decls) > 0 && r.sel.pe == "" {
				nGroups++
				nGroupRules += len(r.decls)
			}
		}
	}
	s.groups = make([]ruleGroup, 0, nGroups)
	groupRules := make([]groupRule, nGroupRules)
	if s.propIDs == nil {
		s.propIDs = map[string]int32{}
	}
	if growth == nil {
		clear(s.propIDs) // the numbers of the kept winners' properties stay when they are carried over
	}
	// pids are the lists' property numbers (propIDs), -1 until needed
	pids := make([]int32, len(names))
	for i := range pids {
		pids[i] = -1
	}
	order := int32(0)
	for i, p := range sheetsOf {
		rules := p.rules
		om, kept, local := -1, 0, 0
		if growth != nil {
			om, kept = growth.oldSrc[i], growth.kept[i]
		}
		for ri := range rules {
			r, sel := &rules[ri], &p.sels[ri]
			layer := int32(0)
			if r.layer != "" {
				layer = ranks[globalLayer(i, r.layer)]
			}
			oldLayer, isOld := int32(0), ri < kept
			if isOld && r.layer != "" {
				oldLayer = oldRanks[globalLayer(om, r.layer)]
			}
			var g []groupRule
			if r.sel.pe == "" && len(r.decls) > 0 {
				g, groupRules = groupRules[:len(r.decls)], groupRules[len(r.decls):]
			}
			for j := range r.decls {
				d := &r.decls[j]
				id := p.ids[r.keyIDs[j]]
				order++
				list := append(lists[id], cssRule{sel: sel, decl: d, order: order, layer: layer})
				lists[id] = list
				if local++; isOld && growth != nil && !growth.add(growth.oldBase[om]+local, oldLayer, &list[len(list)-1]) {
					growth = nil // a layer moved: every element's rules are dropped
				}
				if g != nil {
					pid := pids[id]
					if pid < 0 {
						key := names[id]
						var ok bool
						if pid, ok = s.propIDs[key]; !ok {
							pid = int32(len(s.propIDs))
							s.propIDs[key] = pid
						}
						pids[id] = pid
					}
					g[j] = groupRule{&list[len(list)-1], pid}
				}
			}
			if g != nil {
				if growth != nil && !isOld {
					growth.fresh = append(growth.fresh, len(s.groups))
				}
				s.groups = append(s.groups, ruleGroup{sel: sel, rules: g})
			}
		}
	}
	s.byProp = make(map[string][]cssRule, len(names))
	for id, k := range names {
		if counts[id] > 0 {
			s.byProp[k] = lists[id]
		}
	}
	clear(s.casc)
	s.declaresAll = len(s.byProp["all"]) > 0
	if growth != nil && growth.layersKept() {
		s.growth = growth
	}
	s.declarative = false
	for _, p := range animationDeclaringProps {
		s.declarative = s.declarative || len(s.byProp[p]) > 0
	}
	for _, pe := range animatedPseudos { // cssanim.go
		for _, p := range pseudoAnimationProps {
			s.declarative = s.declarative || len(s.byProp[pseudoKey(pe, p)]) > 0
		}
	}
}

// sheetsMutated is the cascade's part of the mutation hook: a mutation
// that may add, remove or change a connected <style> or <link> element, or
// the text of a style element, makes the next refreshSheets collect the
// sheets again; a style attribute that may declare animations or transitions
// sets inlineDeclarative (until the next collection looks again).
func (w *Window) sheetsMutated(r *dom.MutationRecord) {
	s := &w.sheets
	switch r.Type {
	case dom.ChildListMutation:
		if isStyleSheetNode(r.Target) {
			s.ownersGen++
			s.sheetMade(r.Target)
			return
		}
		if !r.Target.IsConnected() {
			// Nothing the cascade reads: a subtree built off the document
			// is looked at once, when it is inserted (a chain built from
			// the bottom up would be walked at every append). But a
			// disconnected shadow tree whose rules were read keeps them
			// (scopedRules), and its host's insertion does not look into
			// it: a <style> added to it or removed from it meanwhile
			// changes them.
			if len(w.shadowSheets) > 0 {
				if root := r.Target.Root(); root.IsShadowRoot() && w.shadowSheets[root] != nil && changesSheetOwners(r) {
					s.ownersGen++
				}
			}
			return
		}
		for _, n := range r.AddedNodes {
			if owner, declarative := scanSheetOwners(n); owner || declarative {
				if owner {
					s.ownersGen++
					if s.preferred == "" {
						visitStyleElements(n, s.sheetMade)
					}
				}
				s.inlineDeclarative = s.inlineDeclarative || declarative
			}
		}
		for _, n := range r.RemovedNodes {
			if owner, _ := scanSheetOwners(n); owner {
				s.ownersGen++
				return
			}
		}
	case dom.CharacterDataMutation:
		if p := r.Target.ParentNode(); p != nil && isStyleSheetNode(p) {
			s.ownersGen++
			s.sheetMade(p)
		}
	case dom.AttributesMutation:
		if isStyleSheetNode(r.Target) && r.AttributeName == "title" && r.AttributeNamespace == "" {
			// CSSStyleSheet.title follows the attribute, but the sheets
			// are not collected again for it (refreshSheetsOf)
			w.sheetTitleChanged(r.Target)
		} else if isStyleSheetNode(r.Target) {
			s.ownersGen++
		}
		if r.AttributeName == "style" && r.AttributeNamespace == "" && mentionsDeclarative(r.Target.Attribute("style")) {
			s.inlineDeclarative = true
		}
	}
}

// changesSheetOwners reports whether a child list mutation added or
// removed a <style> or <link> element (or a subtree holding one).
func changesSheetOwners(r *dom.MutationRecord) bool {
	for _, list := range [2][]*dom.Node{r.AddedNodes, r.RemovedNodes} {
		for _, n := range list {
			if owner, _ := scanSheetOwners(n); owner {
				return true
			}
		}
	}
	return false
}

// scanSheetOwners reports whether the subtree of n holds an HTML <style>
// or <link> element, and whether a style attribute in it may declare
// animations or transitions.
func scanSheetOwners(n *dom.Node) (owner, declarative bool) {
	visit := func(c *dom.Node) bool {
		if !c.IsElement() {
			return true
		}
		if isStyleSheetNode(c) {
			owner = true
		}
		if !declarative {
			if a, ok := c.GetAttribute("style"); ok && mentionsDeclarative(a) {
				declarative = true
			}
		}
		return !owner || !declarative
	}
	if visit(n) && n.First() != nil {
		n.Descendants(visit)
	}
	return owner, declarative
}

// maxSheetNesting bounds how deeply conditional group rules (@media,
// @supports, @layer, @container) are followed: each level scans its block
// for its end, so a sheet of @media all{ nested 20,000 deep took 36 s in
// one uninterruptible call. Real sheets nest a few levels; rules deeper
// than this are ignored.
const maxSheetNesting = 32

// A sheetParser reads the style rules of a sheet (comments stripped) for
// the cascade: rule is called for each with its cascade layer, keyframes
// (when set) with the name and body of each @keyframes rule, and layers
// collects the sheet's layer names in the order they first appear.
type sheetParser struct {
	vp webapi.Viewport
	// quirks is set for the sheets of a quirks-mode document: their
	// declarations take the quirks of CSS values (cssquirks.go).
	quirks    bool
	rule      func(layer, selector string, decls []cssDecl)
	keyframes func(layer, name, body string)
	// property (when set) is called with the layer, name and body of
	// each @property rule at the top level or in a layer
	// (cssregister.go).
	property func(layer, name, body string)
	// fontFace (when set) is called with the block of each @font-face
	// rule (fontfacecss.go).
	fontFace  func(body string)
	layers    []string
	anonymous int
	// relative is set for the rules of an @scope, whose selectors may
	// start with a combinator as nested ones may.
	relative bool
	// owned is set for the sheets of a document's owner nodes (style and
	// link elements): a prelude-less @scope at their top level is scoped
	// to the owner's parent (cssnesting.go).
	owned bool
	// container holds the preludes of the @container blocks being read,
	// each after containerMark (containerquery.go): emit appends it to
	// each rule's selector.
	container string
	// namespaces are what the sheet's @namespace rules declare
	// (cssnamespace.go) and defaultNS their mark, "" when it declares
	// none; emit appends it to each rule's selector before the
	// @container preludes. ruled is set once a rule other than
	// @charset, @import and @namespace is read: an @namespace after it
	// is invalid.
	namespaces sheetNamespaces
	defaultNS  string
	ruled      bool
}

// emit hands a style rule to rule, with the @container blocks it is in.
func (p *sheetParser) emit(layer, selector string, decls []cssDecl) {
	p.rule(layer, selector+p.defaultNS+p.container, decls)
}

// containerRule reads the block of an @container rule with read: its
// rules apply under its condition; an invalid prelude drops the block.
func (p *sheetParser) containerRule(prelude string, read func()) {
	prelude = strings.TrimSpace(prelude)
	if _, ok := webapi.ParseContainerQuery(prelude); !ok || strings.Contains(prelude, "\x00") {
		return
	}
	saved := p.container
	p.container += containerMark + prelude
	read()
	p.container = saved
}

func (p *sheetParser) parse(s, layer string, depth int) {
	for len(s) > 0 {
		open := strings.IndexAny(s, "{;")
		if open < 0 {
			return
		}
		prelude := strings.TrimSpace(s[:open])
		if s[open] == ';' { // @import, @charset, @namespace, @layer a, b...
			if depth == 0 && !p.ruled && hasAtKeyword(prelude, "@namespace") {
				if prefix, uri, ok := namespaceDecl(prelude); ok {
					p.namespaces.declare(prefix, uri)
					p.defaultNS = p.namespaces.mark()
				}
			} else if !hasAtKeyword(prelude, "@import") && !hasAtKeyword(prelude, "@charset") {
				p.ruled = true
			}
			if names, ok := strings.CutPrefix(prelude, "@layer"); ok {
				for _, name := range strings.Split(names, ",") {
					if name = strings.TrimSpace(name); name != "" {
						p.declareLayer(joinLayer(layer, name))
					}
				}
			}
			s = s[open+1:]
			continue
		}
		p.ruled = true
		end := cssscan.BlockEnd(s, open)
		body := s[open+1 : end]
		if end < len(s) {
			s = s[end+1:]
		} else {
			s = ""
		}
		switch {
		case strings.HasPrefix(prelude, "@media"):
			if q := strings.TrimSpace(prelude[len("@media"):]); depth < maxSheetNesting && webapi.MatchMedia(q, p.vp) {
				p.parse(body, layer, depth+1)
			}
		case strings.HasPrefix(prelude, "@layer"):
			if depth < maxSheetNesting {
				name := strings.TrimSpace(prelude[len("@layer"):])
				if name == "" {
					p.anonymous++
					name = anonymousLayer(p.anonymous)
				}
				full := joinLayer(layer, name)
				p.declareLayer(full)
				p.parse(body, full, depth+1)
			}
		case strings.HasPrefix(prelude, "@supports"):
			if depth < maxSheetNesting && atSupportsMatches(prelude[len("@supports"):]) {
				p.parse(body, layer, depth+1)
			}
		case strings.HasPrefix(prelude, "@container"):
			if depth < maxSheetNesting {
				p.containerRule(prelude[len("@container"):], func() { p.parse(body, layer, depth+1) })
			}
		case p.keyframes != nil && (strings.HasPrefix(prelude, "@keyframes") || strings.HasPrefix(prelude, "@-webkit-keyframes")):
			_, name, _ := strings.Cut(prelude, "keyframes")
			p.keyframes(layer, strings.TrimSpace(name), body)
		case p.property != nil && strings.HasPrefix(prelude, "@property") && (depth == 0 || layer != ""):
			// at the top level or in a cascade layer, whose order
			// decides between rules of one name
			p.property(layer, strings.TrimSpace(prelude[len("@property"):]), body)
		case strings.HasPrefix(prelude, "@scope"):
			if depth < maxSheetNesting {
				p.scopeRule(layer, prelude[len("@scope"):], body, depth+1, "") // cssnesting.go
			}
		case p.fontFace != nil && ascii.EqualFold(prelude, "@font-face"):
			p.fontFace(body)
		case strings.HasPrefix(prelude, "@"):
			// @font-face, @page...: no element rules
		case prelude != "":
			// A selector list with an invalid selector drops the rule
			// (https://drafts.csswg.org/selectors-4/#invalid), as
			// does a namespace prefix no @namespace declares.
			if cssscan.ValidSelectorList(prelude, cssscan.SelectorContext{Nested: p.relative, Prefix: p.namespaces.declared}) {
				p.styleRule(layer, prelude, body, depth) // cssnesting.go
			}
		}
	}
}

// cascadedRaw returns the author-level cascaded value of prop for el (inline
// style included), or ok=false.
// styleMentions tells whether a style attribute may declare prop: it
// names prop or a shorthand of it (el.style.margin = '5px' writes
// "margin: 5px;", which declares margin-top). A quick test before parsing.
func styleMentions(attr, prop string) bool {
	if strings.Contains(attr, prop) {
		return true
	}
	for _, sh := range shorthandsOf[prop] {
		if strings.Contains(attr, sh.name) {
			return true
		}
	}
	for _, a := range aliasesOf[prop] {
		if strings.Contains(attr, a) {
			return true // word-wrap for overflow-wrap
		}
	}
	return false
}

// aliasesOf lists the legacy names of each property that has some
// (cssAliases reversed).
var aliasesOf = func() map[string][]string {
	m := map[string][]string{}
	for alias, prop := range cssAliases {
		m[prop] = append(m[prop], alias)
	}
	return m
}()

// pseudoKey is the key of the rules of a pseudo-element in
// sheetState.byProp, apart from the element's own rules (a property
// name has no colon).
func pseudoKey(pseudo, prop string) string { return pseudo + ":" + prop }

// cascadedRaw is the cascaded value of prop for el: the winning
// declaration of prop, or of a shorthand of prop kept whole because its
// value holds var() (margin: var(--m)), which is then returned as
// pendingShorthand encodes it for cascaded to expand once substituted.
// https://drafts.csswg.org/css-variables/#variables-in-shorthands
func (w *Window) cascadedRaw(el *dom.Node, prop string) (string, bool) {
	sh := w.sheetsOf(el.Document())
	pc := sh.cascadeOf(prop)
	v, rank, ok := w.cascadedWithShorthandsOf(sh, el, pc)
	if lc := w.logicalCascade(sh, el, pc); lc != nil {
		// the logical longhand sharing prop's value (csslogical.go)
		if lv, lrank, lok := w.cascadedWithShorthandsOf(sh, el, lc); lok && (!ok || rank.less(lrank)) {
			v, rank, ok = lv, lrank, true
		}
	}
	if w.mayDeclareAll(sh, el, prop) {
		// all: a CSS-wide keyword declared for every property but
		// direction, unicode-bidi and the custom ones (Pagefind's reset
		// `*:where(…) { all: unset; display: revert }`)
		// https://drafts.csswg.org/css-cascade/#all-shorthand
		if sv, srank, sok := w.cascadedOne(sh, el, "all"); sok && cssWideKeywords[sv] && (!ok || rank.less(srank)) {
			v, ok = sv, true
		}
	}
	return v, ok
}

// cascadedWithShorthandsOf is cascadedOne of pc's property or of a
// shorthand covering it, whichever ranks higher; a shorthand's value is
// marked with pendingShorthand. sh is the cascade of el's document.
func (w *Window) cascadedWithShorthandsOf(sh *sheetState, el *dom.Node, pc *propCascade) (string, cascadeRank, bool) {
	v, rank, ok := w.cascadedOneID(sh, el, pc.name, pc.pid)
	for _, s := range pc.shorthands {
		if !s.inSheets && !w.mayDeclareWholeElsewhere(el, s.name) {
			continue
		}
		if sv, srank, sok := w.cascadedOneID(sh, el, s.name, s.pid); sok && (!ok || rank.less(srank)) {
			v, rank, ok = pendingShorthand(s.name, sv), srank, true
		}
	}
	return v, rank, ok
}

// mayDeclareAll tells whether an all declaration may apply to prop on el,
// whose document's cascade is sh: a quick test, as mayDeclareWhole's.
func (w *Window) mayDeclareAll(sh *sheetState, el *dom.Node, prop string) bool {
	if prop == "direction" || prop == "unicode-bidi" || strings.HasPrefix(prop, "--") {
		return false
	}
	if sh.declaresAll || w.shadowScopesDeclare(el, "all") {
		return true
	}
	a, ok := el.GetAttribute("style")
	return ok && strings.Contains(a, "all")
}

// mayDeclareWhole tells whether a shorthand may be declared whole for
// el, whose document's cascade is sh: a quick test (shorthands are almost
// always expanded). The rules that may apply to el in shadow trees count
// too: its own tree's, its shadow root's (:host) and those of the trees
// it is slotted into (::slotted), which sh does not index (Calcite's
// `gap: var(--calcite-spacing-sm)` in a shadow tree was dropped when the
// document declared no gap).
func (w *Window) mayDeclareWhole(sh *sheetState, el *dom.Node, name string) bool {
	return len(sh.byProp[name]) > 0 || w.mayDeclareWholeElsewhere(el, name)
}

// mayDeclareWholeElsewhere is mayDeclareWhole's test of the rules of
// shadow trees and of el's style attribute.
func (w *Window) mayDeclareWholeElsewhere(el *dom.Node, name string) bool {
	if w.shadowScopesDeclare(el, name) {
		return true
	}
	a, ok := el.GetAttribute("style")
	return ok && strings.Contains(a, name) && strings.Contains(a, "(")
}

// shadowScopesDeclare tells whether a rule of a shadow tree whose rules
// may apply to el declares prop: el's own tree's, its shadow root's
// (:host) or those of the trees it is slotted into (::slotted).
func (w *Window) shadowScopesDeclare(el *dom.Node, prop string) bool {
	if !el.Document().HasShadowRoots() {
		return false
	}
	if r := el.Root(); r != nil && r.IsShadowRoot() && len(w.scopedRules(r, prop)) > 0 {
		return true
	}
	if sr := el.ShadowRoot(); sr != nil && len(w.scopedRules(sr, prop)) > 0 {
		return true
	}
	for s, i := el.AssignedSlot(), 0; s != nil && i < maxBoxDepth; s, i = s.AssignedSlot(), i+1 {
		if r := s.Root(); r != nil && r.IsShadowRoot() && len(w.scopedRules(r, prop)) > 0 {
			return true
		}
	}
	return false
}

// pendingShorthand marks a value as the whole value of shorthand name.
func pendingShorthand(name, value string) string { return "\x00" + name + "\x00" + value }

// cutPendingShorthand undoes pendingShorthand.
func cutPendingShorthand(v string) (name, value string, ok bool) {
	if v == "" || v[0] != 0 {
		return "", "", false
	}
	name, value, ok = strings.Cut(v[1:], "\x00")
	return name, value, ok
}

// The levels of the cascade's origins and importance that cascadedOne
// tells apart, lowest first.
const (
	rankInner = iota // :host and ::slotted rules
	rankRule
	rankInline
	rankPart // ::part() rules of the tree of el's host (partstyle.go): its context wins over a style attribute
	rankPartImportant
	rankRuleImportant
	rankInlineImportant
	rankInnerImportant // an inner context's important declarations win over the outer one's, its style attributes too
)

// A cascadeRank orders two winning declarations.
type cascadeRank struct {
	level int
	layer int32 // of a rule: cssRule.layer
	spec  cascadia.Specificity
	order int32
}

func (a cascadeRank) less(b cascadeRank) bool {
	if a.level != b.level {
		return a.level < b.level
	}
	if a.layer != b.layer {
		if a.level == rankRuleImportant {
			return a.layer > b.layer // important: the earlier layer wins
		}
		return a.layer < b.layer
	}
	if a.spec != b.spec {
		return a.spec.Less(b.spec)
	}
	return a.order < b.order
}

// cascadedOne is the winning declaration of prop for el and its rank; sh
// is the cascade of el's document.
func (w *Window) cascadedOne(sh *sheetState, el *dom.Node, prop string) (string, cascadeRank, bool) {
	return w.cascadedOneID(sh, el, prop, pidUnknown)
}

// pidUnknown stands for a property number cascadedOneID looks up.
const pidUnknown = -2

// cascadedOneID is cascadedOne with prop's number in sh.propIDs (-1 when
// none, pidUnknown to look it up).
func (w *Window) cascadedOneID(sh *sheetState, el *dom.Node, prop string, pid int32) (string, cascadeRank, bool) {
	if w.pseudoHosts != nil {
		if ref, ok := w.pseudoHosts[el]; ok {
			v, ok := "", false
			if appliesToPseudo(ref.pseudo, prop) {
				v, ok = w.cascadedPseudo(ref, prop)
			} // else inherited or initial
			if !ok && ref.pseudo == "marker" {
				v, ok = uaMarkerStyle[prop]
			}
			return v, cascadeRank{level: rankRule}, ok
		}
	}
	var inline *cssDecl
	inlineAt := 0
	if a, ok := el.GetAttribute("style"); ok && styleMentions(a, prop) {
		for i, d := range w.inlineDeclarations(el, a) {
			if d.name == prop {
				d := d
				inline, inlineAt = &d, i
			}
		}
	}
	if inline != nil && inline.important {
		// below only the important :host and ::slotted declarations
		// (https://drafts.csswg.org/css-cascade-5/#cascade-context)
		if el.ShadowRoot() != nil || el.AssignedSlot() != nil {
			if r := w.innerScoped(el, prop, ""); r != nil && r.decl.important {
				return r.decl.value, cascadeRank{level: rankInnerImportant, spec: r.spec, order: int32(r.order)}, true
			}
		}
		return inline.value, cascadeRank{level: rankInlineImportant, order: int32(inlineAt)}, true
	}
	// The rules of el's own tree: the document's, or its shadow tree's
	// (shadowstyle.go).
	var best *cssDecl
	var bestRule *cssRule
	var root *dom.Node
	if el.Document().HasShadowRoots() { // else no walk to the root (deep documents)
		root = el.Root()
	}
	var part *cssRule
	var scoped *scopedRule // the shadow tree's winning rule
	if root != nil && root.IsShadowRoot() {
		if r := w.bestScoped(root, el, prop, scopeTree, ""); r != nil {
			best, scoped = &r.decl, r
		}
		if el.HasAttribute("part") {
			if x := sh.ruleIndex(pseudoKey("part", prop)); x != nil {
				part = x.best(el)
			}
		}
	} else if d := el.Document(); d == sh.memoDoc && d.Version() == sh.version {
		// the rules matching el, matched once in this version (matched.go)
		if pid == pidUnknown {
			pid = sh.pidOf(prop)
		}
		if bestRule = sh.matchedRuleID(el, pid); bestRule != nil {
			best = bestRule.decl
		}
	} else if x := sh.ruleIndex(prop); x != nil {
		// an element of a document with no browsing context, cascaded
		// with the page's rules
		if bestRule = x.best(el); bestRule != nil {
			best = bestRule.decl
		}
	}
	if bestRule != nil && isRevertLayer(bestRule.decl.value) {
		// roll back to the layers below the winner's (layers.go)
		best = nil
		if x := sh.ruleIndex(prop); x != nil {
			if bestRule = x.rollBack(el, bestRule); bestRule != nil {
				best = bestRule.decl
			}
		}
		if best == nil {
			best = &revertDecl // no author layer left: the previous origin's
		}
	}
	ruleRank := func(level int) cascadeRank {
		if bestRule == nil {
			if scoped != nil {
				// its specificity and order: a logical longhand
				// declared after its physical one wins over it, as
				// in the document (PatternFly's modal: margin: 0
				// auto, then margin-inline: 1rem)
				return cascadeRank{level: level, spec: scoped.spec, order: int32(scoped.order)}
			}
			return cascadeRank{level: level}
		}
		return cascadeRank{level: level, layer: bestRule.layer, spec: bestRule.sel.spec, order: bestRule.order}
	}
	// :host and ::slotted rules of the shadow trees el hosts or is slotted
	// into.
	var inner *cssDecl
	var innerRule *scopedRule
	if el.ShadowRoot() != nil || el.AssignedSlot() != nil {
		if r := w.innerScoped(el, prop, ""); r != nil {
			inner, innerRule = &r.decl, r
		}
	}
	innerRank := func(level int) cascadeRank {
		return cascadeRank{level: level, spec: innerRule.spec, order: int32(innerRule.order)}
	}
	partRank := func(level int) cascadeRank {
		return cascadeRank{level: level, layer: part.layer, spec: part.sel.spec, order: part.order}
	}
	switch {
	case inner != nil && inner.important:
		return inner.value, innerRank(rankInnerImportant), true
	case best != nil && best.important:
		return best.value, ruleRank(rankRuleImportant), true
	case part != nil && part.decl.important:
		return part.decl.value, partRank(rankPartImportant), true
	case part != nil:
		return part.decl.value, partRank(rankPart), true
	case inline != nil:
		return inline.value, cascadeRank{level: rankInline, order: int32(inlineAt)}, true
	case best != nil:
		return best.value, ruleRank(rankRule), true
	case inner != nil:
		return inner.value, innerRank(rankInner), true
	}
	return "", cascadeRank{}, false
}

// uaMarkerStyle is the user agent's ::marker rule, which keeps a list
// item's text-transform, text-indent and font-variant-numeric from its
// marker (Chromium 156's html.css and the text-indent it forces).
// https://drafts.csswg.org/css-lists/#ua-stylesheet
var uaMarkerStyle = map[string]string{"text-transform": "none", "text-indent": "0px", "font-variant-numeric": "tabular-nums"}

// appliesToPseudo reports whether a declaration of prop counts for the
// pseudo-element pseudo: ::first-letter takes the font, color, opacity,
// background, margin, padding, border, float and text properties,
// ::first-line the same but the box ones (margins, paddings, borders,
// float), ::marker the font properties, color, content, direction,
// unicode-bidi, white space, text-transform, animations and transitions;
// the others are ignored, so the pseudo-element inherits the property or
// takes its initial value (Chromium's valid_for_first_letter,
// valid_for_first_line and valid_for_marker). Custom properties apply
// to all.
// https://drafts.csswg.org/css-pseudo/#first-letter-styling
func appliesToPseudo(pseudo, prop string) bool {
	if strings.HasPrefix(prop, "--") {
		return true
	}
	switch pseudo {
	case "first-letter":
		return firstLineProps(prop) || firstLetterBoxProp(prop)
	case "first-line":
		return firstLineProps(prop)
	case "marker":
		return markerProp(prop)
	}
	return true
}

// firstLineProps are the properties ::first-line takes.
func firstLineProps(prop string) bool {
	switch {
	case strings.HasPrefix(prop, "font"), strings.HasPrefix(prop, "background"), strings.HasPrefix(prop, "text-decoration"),
		strings.HasPrefix(prop, "text-emphasis"), strings.HasPrefix(prop, "-webkit-text-stroke"):
		return true
	}
	switch prop {
	case "color", "opacity", "letter-spacing", "word-spacing", "line-height", "text-shadow", "text-transform",
		"vertical-align", "text-justify", "text-underline-position", "text-underline-offset", "-webkit-text-fill-color",
		"text-combine-upright", "-webkit-font-smoothing", "text-orientation", "writing-mode":
		return true
	}
	return false
}

// firstLetterBoxProp are the box properties ::first-letter takes besides
// firstLineProps.
func firstLetterBoxProp(prop string) bool {
	switch {
	case strings.HasPrefix(prop, "margin"), strings.HasPrefix(prop, "padding"), strings.HasPrefix(prop, "border"):
		return true
	}
	return prop == "float" || prop == "box-shadow"
}

// markerProp are the properties ::marker takes.
// https://drafts.csswg.org/css-lists/#marker-properties
func markerProp(prop string) bool {
	switch {
	case strings.HasPrefix(prop, "font"), strings.HasPrefix(prop, "animation"), strings.HasPrefix(prop, "transition"),
		strings.HasPrefix(prop, "white-space"):
		return true
	}
	switch prop {
	case "color", "content", "direction", "unicode-bidi", "text-combine-upright", "text-transform", "text-wrap-mode":
		return true
	}
	return false
}

// revertDecl stands for a revert-layer declaration that rolled back past
// every author layer: it reverts to the previous origin.
var revertDecl = cssDecl{name: "", value: "revert"}

// cascadedPseudo is the cascaded value of prop for a pseudo-element: the
// rules of its element's tree selecting it (the document's, or a shadow
// tree's), and those of the shadow trees the element hosts or is slotted
// into (`:host::before`, `::slotted(p)::marker`), which lose to the
// former's normal declarations and win over their important ones, as for
// elements (cascadedOneID).
func (w *Window) cascadedPseudo(ref pseudoRef, prop string) (string, bool) {
	if ref.host.Document().HasShadowRoots() {
		var inner *scopedRule
		if ref.host.ShadowRoot() != nil || ref.host.AssignedSlot() != nil {
			inner = w.innerScoped(ref.host, prop, ref.pseudo)
		}
		if inner != nil && inner.decl.important {
			return inner.decl.value, true
		}
		var outer *cssDecl
		if root := ref.host.Root(); root != nil && root.IsShadowRoot() {
			if r := w.bestScoped(root, ref.host, prop, scopeTree, ref.pseudo); r != nil {
				outer = &r.decl
			}
		} else if x := w.ruleIndexOf(ref.host, pseudoKey(ref.pseudo, prop)); x != nil {
			if best := x.best(ref.host); best != nil {
				outer = best.decl
			}
		}
		switch {
		case outer != nil:
			return outer.value, true
		case inner != nil:
			return inner.decl.value, true
		}
		return "", false
	}
	x := w.ruleIndexOf(ref.host, pseudoKey(ref.pseudo, prop))
	if x == nil {
		return "", false
	}
	best := x.best(ref.host)
	if best == nil {
		return "", false
	}
	return best.decl.value, true
}

// inheritedProps are the inherited properties getComputedStyle knows.
var inheritedProps = map[string]bool{
	"color": true, "font-family": true, "font-size": true, "font-style": true, "font-weight": true,
	"font-variant": true, "line-height": true, "letter-spacing": true, "word-spacing": true,
	"text-align": true, "text-indent": true, "text-transform": true,
	"visibility": true, "direction": true, "cursor": true, "list-style-type": true, "list-style-position": true,
	"quotes": true, "word-break": true, "overflow-wrap": true, "user-select": true, "tab-size": true,
	"text-shadow": true, "caption-side": true, "empty-cells": true, "border-collapse": true,
	"pointer-events": true, "-webkit-text-fill-color": true, "caret-color": true, "font-stretch": true,
	"font-variant-numeric": true, "font-feature-settings": true, "list-style-image": true, "writing-mode": true,
	"hyphens": true, "text-wrap-mode": true, "accent-color": true, "paint-order": true,
	"fill": true, "stroke": true, "stroke-width": true, "text-emphasis-color": true, "text-underline-offset": true,
	"-webkit-font-smoothing": true, "-webkit-text-size-adjust": true, "font-display": true,
	"font-variant-caps": true, "font-variant-ligatures": true, "font-variant-east-asian": true, "font-variant-alternates": true,
	"font-variant-position": true, "font-variant-emoji": true, "font-size-adjust": true, "font-language-override": true,
	"font-kerning": true, "font-optical-sizing": true, "font-variation-settings": true,
	// and the rest of Chromium's inherited properties
	"-webkit-border-horizontal-spacing": true, "-webkit-border-vertical-spacing": true, "-webkit-line-break": true,
	"-webkit-locale": true, "-webkit-rtl-ordering": true, "-webkit-ruby-position": true,
	"-webkit-tap-highlight-color": true, "-webkit-text-combine": true, "-webkit-text-orientation": true,
	"-webkit-text-security": true, "-webkit-text-stroke-color": true, "-webkit-text-stroke-width": true,
	"-webkit-user-modify": true, "-webkit-writing-mode": true, "caret-animation": true, "caret-shape": true,
	"clip-rule": true, "color-interpolation": true, "color-interpolation-filters": true, "color-rendering": true,
	"color-scheme": true, "dominant-baseline": true, "dynamic-range-limit": true, "fill-opacity": true,
	"fill-rule": true, "font-palette": true, "font-synthesis-small-caps": true, "font-synthesis-style": true,
	"font-synthesis-weight": true, "forced-color-adjust": true, "hyphenate-character": true,
	"hyphenate-limit-chars": true, "image-orientation": true, "image-rendering": true, "interactivity": true,
	"interpolate-size": true, "line-break": true, "marker-end": true, "marker-mid": true, "marker-start": true,
	"math-depth": true, "math-shift": true, "math-style": true, "orphans": true, "print-color-adjust": true,
	"ruby-align": true, "ruby-position": true, "scrollbar-color": true, "shape-rendering": true, "speak": true,
	"stroke-dasharray": true, "stroke-dashoffset": true, "stroke-linecap": true, "stroke-linejoin": true,
	"stroke-miterlimit": true, "stroke-opacity": true, "text-align-last": true, "text-anchor": true,
	"text-autospace": true, "text-box-edge": true, "text-combine-upright": true, "text-decoration-skip-ink": true,
	"text-emphasis-position": true, "text-emphasis-style": true, "text-justify": true, "text-orientation": true,
	"text-rendering": true, "text-size-adjust": true, "text-spacing-trim": true, "text-underline-position": true,
	"text-wrap-style": true, "white-space-collapse": true, "widows": true,
}

// uaSetsDirection reports the elements whose direction the UA sheet sets
// from their directionality: `[dir]:dir(ltr), bdi:dir(ltr),
// input[type=tel i]:dir(ltr) { direction: ltr }` and the same for rtl
// (https://html.spec.whatwg.org/multipage/rendering.html#bidi-rendering).
// A bdi or dir=auto element takes the direction of its first strong
// character (Modernizr's bdi test reads it).
func uaSetsDirection(el *dom.Node) bool {
	if el.Namespace != "" {
		return false
	}
	return el.HasAttribute("dir") || el.Data == "bdi" || el.Data == "input" && ascii.EqualFold(el.Attribute("type"), "tel")
}

// computedValue is getComputedStyle's value of prop for el.
// computedDisplay is display's computed value: the used display of an
// absolutely positioned or floated box, of the root element, of a flex
// or grid item and of an SVG text or foreignObject is blockified.
// https://drafts.csswg.org/css-display/#transformations
func (w *Window) computedDisplay(el *dom.Node) string {
	d := w.display(el)
	if d == "none" || d == "contents" || !el.IsElement() {
		return d
	}
	if host, pseudo := w.pseudoHostOf(el); pseudo == "marker" && d == "inline" {
		// an outside marker is an inline block beside its item's
		// first line, as Chromium computes it
		if v, _ := w.computedValue(host, "list-style-position"); v != "inside" {
			return "inline-block"
		}
	}
	d = w.appearanceDisplay(el, d)
	blockify, outOfFlow := w.blockifies(el)
	if blockify {
		d = blockifiedStyle(d)
	} else if d == "inline math" {
		d = "math"
	}
	if !outOfFlow && w.inRubyBox(el) {
		// a floated box in a ruby too: blockified, then inlinified
		return inlinified(d)
	}
	return d
}

// blockifies reports whether element el's box is blockified where it is
// (computedDisplay), and whether it is absolutely positioned.
func (w *Window) blockifies(el *dom.Node) (blockify, outOfFlow bool) {
	pos, _ := w.computedValue(el, "position")
	outOfFlow = pos == "absolute" || pos == "fixed"
	if outOfFlow || el.ParentNode() != nil && el.ParentNode().Kind() == dom.DocumentNode {
		return true, outOfFlow
	}
	// (the cascaded float: a box in a ruby computes to none, but
	// is blockified before it is inlinified)
	if f, _ := w.cascaded(el, "float"); f == "left" || f == "right" || f == "inline-start" || f == "inline-end" {
		return true, false
	}
	if el.Is(atom.Legend) {
		// Chromium blockifies every legend, in a fieldset or not
		// (Carbon's `legend.cds--label { display: inline-block }` reads
		// block), as the rendering of a fieldset's legend asks
		// https://html.spec.whatwg.org/multipage/rendering.html#the-fieldset-and-legend-elements
		return true, false
	}
	if el.Namespace == "svg" && (el.Data == "text" || el.Data == "foreignObject") {
		// Chromium blockifies an SVG text and a foreignObject, the
		// roots of their CSS layout (an inline text reads block)
		return true, false
	}
	// the parent box: display: contents ancestors (a slot among
	// them) pass their children to the box around them
	p := w.styleParent(el)
	for i := 0; p != nil && i < 64 && w.display(p) == "contents"; i++ {
		p = w.styleParent(p)
	}
	if p != nil {
		switch w.display(p) {
		case "flex", "inline-flex", "grid", "inline-grid", "inline math", "block math":
			// (the children of a math box are blockified too:
			// https://w3c.github.io/mathml-core/#new-display-math-value)
			return true, false
		}
	}
	return false, false
}

// blockified is display d of a blockified box
// (https://drafts.csswg.org/css-display/#blockify).
func blockified(d string) string {
	switch d {
	case "inline-block", "inline", "run-in", "table-row-group", "table-column", "table-column-group", "table-header-group",
		"table-footer-group", "table-row", "table-cell", "table-caption", "ruby-text":
		return "block"
	case "inline math":
		return "block math"
	case "inline-flex":
		return "flex"
	case "inline-grid":
		return "grid"
	case "inline-table":
		return "table"
	}
	return d
}

// blockifiedStyle is blockified for the computed display and the box
// innerText lays out, where a ruby is blockified into a block ruby, as
// in Chromium 156 (a floated ruby computes to "block ruby"); the layout
// estimate keeps it a ruby (flow.go).
func blockifiedStyle(d string) string {
	if d == "ruby" {
		return "block ruby"
	}
	return blockified(d)
}

// inRubyBox reports whether el's box is laid out in a ruby container or
// annotation: its parent box, past display: contents ancestors and inline
// boxes not blockified (list items inlinified in the ruby among them), is
// display ruby or ruby-text. Its in-flow box is
// inlinified then (and its float ignored), as in Chromium.
// https://drafts.csswg.org/css-ruby/#anon-gen-inlinize
func (w *Window) inRubyBox(el *dom.Node) bool {
	p := w.styleParent(el)
	var r *dom.Node
	for i := 0; p != nil && i < 64 && r == nil; i++ {
		switch w.display(p) {
		case "ruby", "ruby-text":
			r = p
		case "contents", "inline", "inline list-item":
			p = w.styleParent(p)
		case "list-item":
			// a list item inlinified in the ruby is an inline box
			// too: <ruby><li><pre>x reads "x" in Chromium 156
			if !w.inlinifiedInRuby(p) {
				return false
			}
			p = w.styleParent(p)
		default:
			return false
		}
	}
	if r == nil {
		return false
	}
	// An annotation or inline box on the way that is blockified (a flex
	// or grid item, floated, absolutely positioned) is a block container:
	// <ruby style="display:flex"><rt>r<div> reads "r\n" before the div
	// in Chromium 156. (Asked only under a ruby box: the common case
	// costs no more.)
	for p := w.styleParent(el); p != nil; p = w.styleParent(p) {
		if d := w.display(p); d == "inline" || d == "ruby-text" {
			if b, _ := w.blockifies(p); b {
				return false
			}
		}
		if p == r {
			break
		}
	}
	return true
}

// boxDisplay is el's display as innerText lays it out (dom.Document's
// Display hook): its own display, inlinified in a ruby box (a div in a
// ruby is an inline-block there), blockified for a legend, as Chromium
// blockifies every legend (computedDisplay: <div>x<legend
// style="display:inline">a</legend>y reads "x\na\ny").
func (w *Window) boxDisplay(el *dom.Node) string {
	d := w.display(el)
	if el.Is(atom.Legend) {
		d = blockifiedStyle(d)
	}
	switch d {
	case "block math":
		if w.inlinifiedInRuby(el) {
			return "inline math" // (computed, "math")
		}
	case "block", "flow-root", "flex", "grid", "table", "list-item":
		if w.inlinifiedInRuby(el) {
			return inlinified(d)
		}
	}
	return d
}

// inlinifiedInRuby reports whether el is an in-flow box in a ruby box
// (inRubyBox), which is inlinified and does not float.
func (w *Window) inlinifiedInRuby(el *dom.Node) bool {
	if !w.inRubyBox(el) {
		return false
	}
	pos, _ := w.computedValue(el, "position")
	return pos != "absolute" && pos != "fixed"
}

// contentsAsNone are the HTML elements on which display: contents
// behaves as display: none: replaced elements and form controls, whose
// children (fallback content, options, a textarea's value) have no box of
// their own to pass to the box around them
// (https://drafts.csswg.org/css-display/#unbox-html).
var contentsAsNone = map[string]bool{
	"br": true, "wbr": true, "meter": true, "progress": true, "canvas": true, "embed": true, "object": true,
	"audio": true, "iframe": true, "img": true, "video": true, "frame": true, "frameset": true,
	"input": true, "textarea": true, "select": true,
}

// outerSVG reports an svg element that is not in an SVG element: a
// replaced element of the HTML around it.
func outerSVG(el *dom.Node) bool {
	if el.Namespace != "svg" || el.Data != "svg" {
		return false
	}
	p := el.ParentElement()
	return p == nil || p.Namespace != "svg"
}

// inlinified is display d of a box inlinified in a ruby: its inline-level
// equivalent (https://drafts.csswg.org/css-display/#inlinify).
func inlinified(d string) string {
	switch d {
	case "block", "flow-root":
		return "inline-block"
	case "flex":
		return "inline-flex"
	case "grid":
		return "inline-grid"
	case "table":
		return "inline-table"
	case "list-item":
		return "inline list-item"
	case "block math":
		return "math"
	case "inline math":
		return "math"
	}
	return d
}

func (w *Window) computedValue(el *dom.Node, prop string) (string, bool) {
	if p := w.physicalOf(el, prop); p != "" {
		prop = p // a logical longhand reads its physical one's value (csslogical.go)
	}
	if prop == "display" {
		return w.computedDisplay(el), true
	}
	switch prop {
	case "white-space":
		// the shorthand of its computed longhands (csswhitespace.go)
		collapse, _ := w.computedValue(el, "white-space-collapse")
		mode, _ := w.computedValue(el, "text-wrap-mode")
		if v, ok := composeWhiteSpace(collapse, mode); ok {
			return v, true
		}
		return collapse + " " + mode, true
	case "justify-items":
		// legacy, the initial value, is the parent's value when that is
		// legacy too, else normal
		// https://drafts.csswg.org/css-align/#valdef-justify-items-legacy
		if v, ok := w.cascaded(el, prop); !ok || v == "legacy" || v == "initial" || v == "unset" {
			if p := w.styleParent(el); p != nil {
				if pv, _ := w.computedValue(p, prop); strings.HasPrefix(pv, "legacy") {
					return pv, true
				}
			}
			return "normal", true
		}
	case "float":
		// an in-flow box inlinified in a ruby does not float
		if el.IsElement() && w.inlinifiedInRuby(el) {
			return "none", true
		}
	}
	// Animations override the page's normal declarations (animation.go).
	if w.anim != nil {
		if v, ok := w.animatedValue(el, prop); ok {
			return v, true
		}
	}
	if v, ok := w.uaComputed(el, prop); ok {
		return v, true
	}
	if strings.HasPrefix(prop, "--") {
		return w.customComputed(el, prop) // cssvar.go
	}
	v, ok := w.cascaded(el, prop)
	if ok && !cssWideKeywords[v] {
		return w.computeSpecified(el, prop, v), true // computed.go
	}
	if !ok && prop == "direction" && uaSetsDirection(el) {
		return el.Directionality(), true
	}
	if !ok && prop == "visibility" && w.modals[el] {
		// The UA sheet's dialog:modal { visibility: visible }: a modal
		// dialog shows inside a hidden ancestor, unless the page says
		// otherwise. (WPT the-dialog-element/modal-dialog-in-visibility-hidden)
		return "visible", true
	}
	// https://drafts.csswg.org/css-cascade/#defaulting-keywords
	if ok && v == "initial" || ok && v != "inherit" && !inheritedProps[prop] {
		return w.computedDefault(el, prop)
	}
	if ok && v == "inherit" || inheritedProps[prop] {
		if p := w.styleParent(el); p != nil {
			if inheritedProps[prop] && (w.anim == nil || w.anim.base == 0) {
				// the parent's value through the version's memo, which
				// walks up once for the chain: asking each parent in
				// turn made every inherited value a walk to the root
				// (text-indent for each block laid out: quadratic in
				// the depth). An underlying value of an animation
				// (animationState.base) is not memoized.
				return w.computedMemo(p, prop), true
			}
			return w.computedValue(p, prop)
		}
	}
	return w.computedDefault(el, prop)
}

// sheetTitle is the title of the sheet of a <style> or <link> element n:
// its title attribute, or none when n is in a shadow tree, which is no
// document tree (its sheets are in no style sheet set).
// https://html.spec.whatwg.org/multipage/semantics.html#update-a-style-block
func sheetTitle(n *dom.Node) string {
	if d := n.Document(); d != nil && d.HasShadowRoots() && n.Root().IsShadowRoot() {
		return ""
	}
	return n.Attribute("title")
}

// sheetTitleChanged gives the CSSStyleSheet of a <style> or <link> element
// whose title attribute changed the new title, as Chromium 156 does.
func (w *Window) sheetTitleChanged(n *dom.Node) {
	t := sheetTitle(n)
	if e := w.elementSheets[n]; e != nil {
		webapi.SetStyleSheetTitle(e.sheet, t)
	}
	if isHTMLElement(n) && n.DataAtom == atom.Link {
		if ls := w.linkSheetOf(n); ls != nil && ls.sheet != nil {
			webapi.SetStyleSheetTitle(ls.sheet, t)
		}
	}
}

// sheetMade takes the title of a connected <style> element whose sheet was
// made (inserted, or its text changed) as the preferred set name when there
// is none yet: Chromium 156 sets it then, even if the element is removed
// before the sheets are next collected.
func (s *sheetState) sheetMade(n *dom.Node) {
	if s.preferred != "" || !isStyleElement(n) || !isCSSStyle(n) || !n.IsConnected() || n.Root().IsShadowRoot() {
		return
	}
	t := n.Attribute("title")
	if t == "" {
		return
	}
	s.preferred, s.preferredDoc = t, n.Document()
}

// visitStyleElements calls f for n and each of its descendants that is a
// style element, in tree order.
func visitStyleElements(n *dom.Node, f func(*dom.Node)) {
	if isStyleElement(n) {
		f(n)
	}
	if n.First() != nil {
		n.Descendants(func(c *dom.Node) bool {
			if isStyleElement(c) {
				f(c)
			}
			return true
		})
	}
}
