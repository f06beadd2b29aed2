package jsruntime

import (
	"cmp"
	"hash/maphash"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// CSS Animations and CSS Transitions: the animations style sheets and
// style attributes declare, run by the Web Animations engine
// (animation.go) as CSSAnimation and CSSTransition objects.
// https://drafts.csswg.org/css-animations-2/
// https://drafts.csswg.org/css-transitions-2/
//
// There is no style tree, so a style change event is a walk of the
// document that computes, for the elements that may animate (those a rule
// declaring animation-name, transition-duration or transition-delay
// matches, those whose style attribute names animations or transitions,
// and those already animating), their animation-* and transition-*
// values and the values of the properties they transition, and compares
// them with those of the previous walk. A walk happens where Chromium
// updates style: at the end of animation frames, at a frame after a
// mutation of a document that declares animations or transitions, and
// when script reads computed style or boxes; and only when the document
// changed since the last one. A document whose sheets and style
// attributes declare neither pays for one check of its sheets.

// keyframesRule is an @keyframes rule.
// https://drafts.csswg.org/css-animations/#keyframes
type keyframesRule struct {
	name   string
	frames []cssKeyframe
	layer  string // the cascade layer, as its sheet names it
}

// cssKeyframe is one offset of a keyframe rule's selector with the rule's
// declarations.
type cssKeyframe struct {
	offset float64
	easing string // its animation-timing-function, "" when it has none
	decls  []cssDecl
}

// parseKeyframes reads the body of an @keyframes rule named name (of a
// quirks-mode document's sheet when quirks is set).
func parseKeyframes(name, body string, quirks bool) *keyframesRule {
	if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') && name[len(name)-1] == name[0] {
		name = name[1 : len(name)-1]
	}
	k := &keyframesRule{name: name}
	for len(body) > 0 {
		open := strings.IndexByte(body, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(body[open:], '}')
		if end < 0 {
			end = len(body)
		} else {
			end += open
		}
		prelude, block := body[:open], body[open+1:end]
		if end < len(body) {
			body = body[end+1:]
		} else {
			body = ""
		}
		var offsets []float64
		valid := true
		for _, sel := range strings.Split(prelude, ",") {
			switch sel = ascii.Lower(strings.TrimSpace(sel)); {
			case sel == "from":
				offsets = append(offsets, 0)
			case sel == "to":
				offsets = append(offsets, 1)
			case strings.HasSuffix(sel, "%"):
				f, err := strconv.ParseFloat(sel[:len(sel)-1], 64)
				if err != nil || f < 0 || f > 100 {
					valid = false
				}
				offsets = append(offsets, f/100)
			default:
				valid = false
			}
		}
		if !valid {
			continue
		}
		var decls []cssDecl
		easing := ""
		for _, d := range parseCascadeDecls(block, quirks) {
			switch {
			case d.important: // ignored in keyframes
			case d.name == "animation-timing-function":
				easing = d.value
			case strings.HasPrefix(d.name, "animation") || strings.HasPrefix(d.name, "transition") || d.name == "display":
			default:
				decls = append(decls, d)
			}
		}
		for _, off := range offsets {
			k.frames = append(k.frames, cssKeyframe{offset: off, easing: easing, decls: decls})
		}
	}
	slices.SortStableFunc(k.frames, func(a, b cssKeyframe) int {
		switch {
		case a.offset < b.offset:
			return -1
		case a.offset > b.offset:
			return 1
		}
		return 0
	})
	return k
}

// effectFrames makes the keyframes of a CSS animation of rule whose
// animation-timing-function is easing: keyframes of one offset and
// easing merge, the later declarations winning.
// https://drafts.csswg.org/css-animations-2/#keyframes
func (k *keyframesRule) effectFrames(easing string) []keyframe {
	var out []keyframe
	for _, f := range k.frames {
		e := f.easing
		if e == "" {
			e = easing
		}
		ease, text, ok := parseEasing(e)
		if !ok {
			ease, text, _ = parseEasing("ease")
		}
		i := slices.IndexFunc(out, func(o keyframe) bool { return o.computed == f.offset && o.easing == text })
		if i < 0 {
			out = append(out, keyframe{offset: f.offset, computed: f.offset, easing: text, ease: ease, composite: "auto"})
			i = len(out) - 1
		}
		for _, d := range f.decls {
			if j := indexDecl(out[i].long, d.name); j >= 0 {
				out[i].long[j] = d
			} else {
				out[i].long = append(out[i].long, d)
			}
		}
	}
	for i := range out {
		for _, d := range out[i].long {
			out[i].props = append(out[i].props, kfProp{idl: idlName(d.name), value: d.value})
		}
	}
	return out
}

// idlName is the camelCase name of CSS property name (background-color:
// backgroundColor, float: cssFloat).
func idlName(name string) string {
	if name == "float" {
		return "cssFloat"
	}
	if strings.HasPrefix(name, "--") {
		return name
	}
	var b strings.Builder
	up := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '-' && i > 0:
			up = true
		case c == '-':
		case up:
			b.WriteByte(c - 'a' + 'A')
			up = false
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// cssOwned is what makes an animation a CSSAnimation or a CSSTransition.
type cssOwned struct {
	transition bool
	name       string    // animationName, or transitionProperty
	owner      *dom.Node // the owning element
	pseudo     string    // the owning pseudo-element of owner ("before"), "" for owner itself
	index      int       // position in animation-name, or transition generation
	// phase is the phase the last events were sent for; iter the current
	// iteration then.
	phase effectPhase
	idle  bool
	iter  float64
	// a transition's end values and reversing state
	// https://drafts.csswg.org/css-transitions/#starting
	from, to       string
	reversingStart string
	shorten        float64
	paused         bool // animation-play-state: paused
	justReady      bool // its pending task ran at this frame
	rule           *keyframesRule
	easing         string
}

// cssAnimState is a window's CSS animations and transitions.
type cssAnimState struct {
	w   *Window
	els map[*dom.Node]*cssElState
	// version and edits are the document version and style sheet edits
	// the last walk saw.
	version, edits uint64
	walked         bool
	active         bool // the document declares animations or transitions
	inUpdate       bool
	// atFrame is set while a frame's style update runs: what it starts
	// starts at the frame's time, as in Chromium, where an animation made
	// while a frame is produced starts at that frame.
	atFrame  bool
	timer    int
	gen      uint64
	transGen int
	allProps []string // the properties transition: all watches (watchedProps), per build of the sheets
	// dirty are the roots of the subtrees whose style may have changed
	// since the last walk (mutated elements, inserted nodes); full asks
	// for a walk of the whole document (a sheet of a shadow tree
	// changed), removed for a check of the animating elements still
	// connected.
	dirty   []*dom.Node
	full    bool
	removed bool
	// treeChanged is set by a mutation of children or text since the
	// last walk.
	treeChanged bool
	// volRoots are the roots of the subtrees where the mutations since
	// the last walk may have changed what the volatile rules match (see
	// volatileRoot); volAll asks for the whole document (too many roots).
	volRoots []*dom.Node
	volAll   bool
	// volReads are the attributes the volatile and volHas rules read,
	// deepReads those the hasDeep rules read (cssanimattrs.go);
	// volTouched and deepTouched tell whether a mutation since the last
	// walk may have changed what they match.
	volReads, deepReads     attrReads
	volTouched, deepTouched bool
	// cand indexes the rules that may start animations or transitions by
	// the class or id their subject needs ("" for the others), for the
	// sheets' build candBuild.
	cand      *ruleIndex
	candBuild uint64
	// pseudoDecl is set when a rule of the document's sheets declares
	// animations on ::before, ::after or ::marker.
	pseudoDecl bool
	// specs and order are updateTransitions' scratch space (an element
	// with transition: all lists every animatable property the sheets
	// declare).
	specs map[string]transitionSpec
	order []string
	// What the last walk saw of the sheets, to tell which rules changed
	// since: their texts, the rules parsed from each, their keyframes
	// and layer ranks, and the count of state edits (sheetState).
	sources    []string
	parsed     map[string]*pageSheet
	keyframes  map[string]*keyframesRule
	ranks      map[string]int32
	stateEdits uint64
	// shadowDecl is shadowDeclarative's answer at shadowDeclKey (the
	// document version and sheet generations) when shadowDeclSet
	shadowDeclKey [3]uint64
	shadowDecl    bool
	shadowDeclSet bool
	// volatile indexes the rules whose selectors read more than the
	// element and its ancestors (siblings: selDeps), each rule's order
	// its index in vhash, a hash of the rule; vmatch holds, per element
	// the last walk found them matching, the sum of the hashes of those
	// rules (vnext is the next walk's). volHas, hmatch and hnext are the
	// same for the rules whose :has() (descendants) is on their subject
	// (hasAtSubject), whose match a mutation in the subject's subtree or
	// in its following siblings' may change: they are matched around the
	// mutations (volRoots) and on the mutated nodes' ancestors and those
	// ancestors' siblings. hasDeep, dmatch and dnext are the same for the
	// other :has() rules (`.a:has(.b) .c`), whose match a mutation
	// anywhere may change: they are matched against every element. The
	// others are matched only around the mutations when they can be
	// (volRoots). vlen and hlen are len(vmatch) and len(hmatch) after the
	// last walk that matched them against every element, and unrec the
	// document's count of unrecorded changes at the last walk.
	volatile, volHas, hasDeep *ruleIndex
	vhash                     []uint64
	vmatch, vnext             map[*dom.Node]uint64
	hmatch, hnext             map[*dom.Node]uint64
	dmatch, dnext             map[*dom.Node]uint64
	vlen, hlen                int
	unrec                     uint64
	seq                       uint64 // the last cssElState's
	// animated maps the elements animating a property descendants
	// inherit to a hash of those animated values at the end of the last
	// update (0: their descendants are to be visited at the next one).
	animated map[*dom.Node]uint64
	// hid are the elements a walk found not rendered: what animated
	// below them is dropped.
	hid []*dom.Node
	// fullWalks makes every style update walk the whole document (the
	// tests compare the incremental updates with it); fulls and partials
	// count the updates that did and did not.
	fullWalks       bool
	fulls, partials int
	regions         int // the updates that matched the volatile rules in part of the document
	volTests        int // the volatile rules volatileHash matched against elements
	visits          int // the elements visit looked at
	renderedChecks  int // the elements rendered looked up the ancestors of
}

// cssElState is an element's CSS animations and transitions.
type cssElState struct {
	gen    uint64
	seq    uint64 // the order states were made in
	all    bool   // transition-property has all
	anims  []*animation
	trans  map[string]*animation
	before map[string]string // the after-change values of the last walk
	// pseudo are the CSS animations of the element's ::marker, ::before
	// and ::after (animatedPseudos' order).
	pseudo [len(animatedPseudos)][]*animation
}

// animatedPseudos are the pseudo-elements whose CSS animations run, in
// the composite order of one element's: the element, then its ::marker,
// ::before and ::after.
// https://drafts.csswg.org/css-animations-2/#animation-composite-order
var animatedPseudos = [...]string{"marker", "before", "after"}

// hasPseudoAnims tells whether st holds an animation of a pseudo-element.
func (st *cssElState) hasPseudoAnims() bool {
	for _, as := range st.pseudo {
		if len(as) > 0 {
			return true
		}
	}
	return false
}

func (w *Window) cssAnimations() *cssAnimState {
	if w.cssAnim == nil {
		c := &cssAnimState{w: w, els: map[*dom.Node]*cssElState{}}
		w.cssAnim = c
		w.loop.AfterFrame(func() {
			if c.active && !c.inUpdate {
				c.frameUpdate()
			}
		})
	}
	return w.cssAnim
}

// sheetsEdited is called when a sheet's rules change (CSSOM edits, a
// link's sheet arriving): a style update at the next frame sees them.
func (w *Window) sheetsEdited() {
	if w.doc != nil && w.loop != nil {
		w.cssAnimations().requestFrame()
		w.fontsChanged(nil) // fontfacecss.go
	}
}

// flushStyle is a forced style update: script reads computed style or a
// box.
func (w *Window) flushStyle() {
	if w.doc == nil || w.loop == nil {
		return
	}
	w.doc.StyleUpdated()
	if c := w.cssAnimations(); !c.inUpdate {
		c.update()
	}
	w.dropInheritedMemos() // animation.go
}

// checkDeclarative runs a style update when the document may declare
// animations or transitions: at DOMContentLoaded, load, and after a
// sheet changed.
func (w *Window) checkDeclarative() {
	c := w.cssAnimations()
	if !c.inUpdate {
		c.update()
	}
}

// cssAnimMutated is the mutation hook: a change of a document that
// declares animations asks for a style update at the next frame, as does
// a change of its sheets or a style attribute naming animations.
func (w *Window) cssAnimMutated(r *dom.MutationRecord) {
	c := w.cssAnim
	if c != nil && c.active {
		// A change of a sheet of the document's is found by comparing its
		// rules (changedRules); one in a shadow tree is not.
		attr := r.Type == dom.AttributesMutation
		if (c.volatile != nil || c.volHas != nil) && (!attr || c.volReads.reads(r)) {
			c.volTouched = true
			if !c.volAll {
				c.volRoots = append(c.volRoots, volatileRoot(r))
			}
		}
		if c.hasDeep != nil && (!attr || c.deepReads.reads(r)) {
			c.deepTouched = true
		}
		switch r.Type {
		case dom.AttributesMutation:
			c.dirty = append(c.dirty, r.Target)
		case dom.ChildListMutation:
			c.treeChanged = true
			if inShadowTree(r.Target) && (isStyleSheetNode(r.Target) || changesSheetOwners(r)) {
				// a shadow tree's sheets changed: its elements, its
				// host's and the slotted ones may animate otherwise
				c.full = true
			}
			for _, n := range r.AddedNodes {
				if n.IsElement() {
					c.dirty = append(c.dirty, n)
				}
			}
			if len(r.RemovedNodes) > 0 {
				c.removed = true
			}
		case dom.CharacterDataMutation:
			c.treeChanged = true
			if p := r.Target.ParentNode(); p != nil && isStyleSheetNode(p) && inShadowTree(p) {
				c.full = true
			}
		}
		if len(c.dirty) > 4096 {
			c.dirty, c.full = nil, true
		}
		if len(c.volRoots) > 4096 {
			c.volRoots, c.volAll = nil, true
		}
		if c.newlyDeclared(r) {
			c.update()
			return
		}
		c.requestFrame()
		return
	}
	if w.doc == nil || r.Target == nil || r.Target.Document() != w.doc {
		return
	}
	switch r.Type {
	case dom.ChildListMutation:
		if isStyleSheetNode(r.Target) {
			w.cssAnimations().requestFrame()
			return
		}
		for _, n := range r.AddedNodes {
			if isStyleSheetNode(n) {
				w.cssAnimations().requestFrame()
				return
			}
		}
	case dom.CharacterDataMutation:
		if p := r.Target.ParentNode(); p != nil && isStyleSheetNode(p) {
			w.cssAnimations().requestFrame()
		}
	case dom.AttributesMutation:
		if r.AttributeName == "style" && r.AttributeNamespace == "" {
			if v, _ := r.Target.GetAttribute("style"); mentionsDeclarative(v) {
				c := w.cssAnimations()
				if c.newlyDeclared(r) {
					w.sheets.inlineDeclarative = true
					c.update()
					return
				}
				c.requestFrame()
			}
		}
	}
}

// newlyDeclared tells whether r gives a connected element with no CSS
// animations or transitions a style attribute that declares them where it
// declared none (el.style.transition = "left 1s"). Its style is then
// looked at at once, so that its before-change style is its style before
// the script's next change, as the last style change event gives it in
// Chromium (el.style.left = "100px" then transitions), and not the style
// after it, which the next frame or style read would see.
func (c *cssAnimState) newlyDeclared(r *dom.MutationRecord) bool {
	if r.Type != dom.AttributesMutation || r.AttributeName != "style" || r.AttributeNamespace != "" ||
		c.inUpdate || !r.Target.IsConnected() || r.Target.Document() != c.w.doc ||
		r.HasOldValue && mentionsDeclarative(r.OldValue) {
		return false
	}
	if _, ok := c.els[r.Target]; ok {
		return false
	}
	v, _ := r.Target.GetAttribute("style")
	return mentionsDeclarative(v)
}

// inShadowTree tells whether n is in a shadow tree of a document.
func inShadowTree(n *dom.Node) bool {
	return n.IsConnected() && n.Root().Kind() != dom.DocumentNode
}

func isStyleSheetNode(n *dom.Node) bool {
	return isStyleElement(n) || isHTMLElement(n) && n.Data == "link"
}

// mentionsDeclarative tells whether a style attribute may declare
// animations or transitions.
func mentionsDeclarative(style string) bool {
	return strings.Contains(style, "animation") || strings.Contains(style, "transition")
}

// requestFrame asks for a style update at the next frame.
func (c *cssAnimState) requestFrame() {
	if c.timer != 0 {
		return
	}
	l := c.w.loop
	c.timer = l.SetFrameTimer(l.Elapsed(), func() {
		c.timer = 0
		if !c.inUpdate {
			c.frameUpdate()
		}
	})
}

// frameUpdate is the style update of a frame.
func (c *cssAnimState) frameUpdate() {
	c.atFrame = true
	defer func() { c.atFrame = false }()
	c.update()
}

// begin plays a new CSS animation or transition: at once when a frame
// is being produced, else at the next frame.
func (c *cssAnimState) begin(a *animation) {
	a.play(true)
	if c.atFrame && a.pendingPlay && a.timeline != nil {
		a.runPendingPlay(a.s.timeOf(a.timeline))
	}
}

// endTransition ends run, a transition that a style change replaces or
// no longer wants: cancelled, unless the current time (not the frame's:
// a timer set for the transition's duration runs between frames) is past
// its end, where it has completed and sends transitionend.
func (c *cssAnimState) endTransition(run *animation) {
	if run.playState() == "finished" {
		return // completed: its transitionend is sent
	}
	if !isUnresolved(run.start) && isUnresolved(run.hold) && run.rate > 0 && run.timeline != nil {
		now := float64(c.w.loop.Elapsed())/1e6 - run.timeline.origin
		if (now-run.start)*run.rate >= run.endTime() {
			run.finish()
			return
		}
	}
	run.cancel()
}

// update is a style change event: it starts, updates and cancels the CSS
// animations and transitions of the document's elements. It visits, in
// tree order, the elements whose style may have changed since the last
// walk: the subtrees of the mutated elements, of those a rule added or
// removed since matches (changedRules), of those a rule reading siblings
// or descendants matches or stopped matching (the volatile rules), and
// the elements naming changed @keyframes; everything when what changed
// cannot be bounded (a state edit, layers, the properties transition:
// all watches).
func (c *cssAnimState) update() {
	w := c.w
	w.refreshSheets()
	sh := &w.sheets
	c.active = sh.declarative || sh.inlineDeclarative || len(c.els) > 0 || c.shadowDeclarative()
	if !c.active {
		// mutations are not recorded meanwhile: the next walk is full
		c.walked = false
		return
	}
	v := w.doc.Version()
	if c.walked && v == c.version && sh.cssomEdits == c.edits {
		return
	}
	full := !c.walked || c.full || c.fullWalks || sh.stateEdits != c.stateEdits
	rebuilt := sh.builds != c.candBuild || c.cand == nil
	var sw sweep
	if !full && rebuilt {
		full = !c.changedRules(&sw)
	}
	if full {
		c.fulls++
	} else {
		c.partials++
	}
	c.walked, c.version, c.edits, c.stateEdits = true, v, sh.cssomEdits, sh.stateEdits
	c.sources, c.parsed, c.keyframes, c.ranks = sh.sources, sh.parsed, sh.keyframes, sh.ranks
	c.inUpdate = true
	defer func() { c.inUpdate = false }()
	c.gen++
	if rebuilt {
		c.indexRules()
	}
	dirty, removed, treeChanged := c.dirty, c.removed, c.treeChanged
	volRoots, volAll := c.volRoots, c.volAll
	volTouched, deepTouched := c.volTouched, c.deepTouched
	clear(c.hid) // (no hold on removed nodes)
	c.dirty, c.full, c.removed, c.hid, c.treeChanged = nil, false, false, c.hid[:0], false
	c.volRoots, c.volAll = c.volRoots[:0], false
	c.volTouched, c.deepTouched = false, false
	// the rules reading siblings or descendants match as they did unless
	// the tree, an attribute they read or the rules changed, or a state
	// with another mutation (as before the attributes were told apart);
	// where the mutations were, unless more than that may have (see
	// volatileRoot)
	unrec := w.doc.UnrecordedChanges()
	anyChange := full || rebuilt || treeChanged || len(dirty) > 0 && unrec != c.unrec
	sw.volatile = (c.volatile != nil || c.volHas != nil) && (anyChange || volTouched)
	sw.deep = c.hasDeep != nil && (anyChange || deepTouched)
	if sw.volatile && (c.volatile != nil || c.volHas != nil) && !full && !rebuilt && !volAll && unrec == c.unrec &&
		(c.volatile == nil || c.vmatch != nil && len(c.vmatch) <= 2*c.vlen+256) &&
		(c.volHas == nil || c.hmatch != nil && len(c.hmatch) <= 2*c.hlen+256) {
		c.regions++
		sw.volRoots = make(map[*dom.Node]bool, len(volRoots))
		for _, n := range volRoots {
			sw.volRoots[n] = true
		}
		if c.volHas != nil {
			// the :has() rules on subjects also on the ancestors of the
			// roots and on their siblings (the parents marked in spine)
			sw.spine = map[*dom.Node]bool{}
			for _, n := range volRoots {
				for a := n; a != nil; a = a.ParentNode() {
					p := a.ParentNode()
					if p == nil || sw.spine[p] {
						break
					}
					sw.spine[p] = true
				}
			}
		}
	}
	c.unrec = unrec
	root := &w.doc.Node
	// The elements animating inherited properties pass their animated
	// values on to their descendants: their subtrees are visited when
	// those values changed since the last update (and once more when the
	// animations are gone).
	dirty = c.inheritingAnimated(dirty)
	defer c.settleAnimated()
	switch {
	case full:
		c.sweep(root, &sw, true)
		if w.doc.HasShadowRoots() {
			c.walkShadowTrees(root)
		}
		// Elements gone from the document or from rendering lose their
		// animations.
		c.dropWhere(func(el *dom.Node, st *cssElState) bool { return st.gen != c.gen })
	case sw.changed == nil && sw.names == nil && sw.newProps == nil && !sw.volatile && !sw.deep:
		// only mutations: their subtrees, in tree order
		var roots []*dom.Node
		for _, n := range dirty {
			if n.IsConnected() && n.Document() == w.doc {
				roots = append(roots, n)
			}
		}
		if len(roots) > 1 {
			slices.SortFunc(roots, func(a, b *dom.Node) int {
				if a == b {
					return 0
				}
				if a.CompareDocumentPosition(b)&dom.DocumentPositionFollowing != 0 {
					return -1
				}
				return 1
			})
		}
		for _, n := range roots {
			c.walk(n, true)
		}
	default:
		if len(dirty) > 0 {
			sw.marked = make(map[*dom.Node]bool, len(dirty))
			for _, n := range dirty {
				sw.marked[n] = true
			}
		}
		c.sweep(root, &sw, false)
		// (the mutated elements of shadow trees, which the full walk
		// leaves out, walked as they always were)
		for _, n := range dirty {
			if n.IsConnected() && n.Document() == w.doc && n.Root() != root {
				c.walk(n, true)
			}
		}
	}
	if !full && (removed || len(c.hid) > 0) {
		// the elements not visited that a removal took out of the
		// document, or that are below one a walk found not rendered
		// (an element whose display changed is visited: it was mutated
		// or its rules changed)
		var hid map[*dom.Node]bool
		if len(c.hid) > 0 {
			hid = make(map[*dom.Node]bool, len(c.hid))
			for _, n := range c.hid {
				hid[n] = true
			}
		}
		c.dropWhere(func(el *dom.Node, st *cssElState) bool {
			if st.gen == c.gen {
				return false
			}
			if !el.IsConnected() {
				return true
			}
			for a := el; hid != nil && a != nil; a = a.ParentNode() {
				if hid[a] {
					return true
				}
			}
			return false
		})
	}
	// What a visit would do to an element transitioning all whose style
	// did not change: record the values of the properties newly watched.
	if len(sw.newProps) > 0 {
		for el, st := range c.els {
			if st.gen == c.gen || !st.all {
				continue
			}
			if st.before == nil {
				st.before = map[string]string{}
			}
			for _, p := range sw.newProps {
				if _, ok := st.before[p]; !ok {
					st.before[p] = c.baseValue(el, p)
				}
			}
		}
	}
	if s := w.anim; s != nil {
		s.schedule()
	}
}

// inheritingAnimated appends to els the targets of the animations that
// animate a property descendants inherit (font-size: their em lengths)
// whose animated values differ from those at the end of the last update,
// and the elements that animated one then and no longer do.
func (c *cssAnimState) inheritingAnimated(els []*dom.Node) []*dom.Node {
	now := c.animatedInherited()
	for el, h := range now {
		if old, ok := c.animated[el]; !ok || old != h {
			els = append(els, el)
		}
	}
	for el := range c.animated {
		if _, ok := now[el]; !ok {
			els = append(els, el)
		}
	}
	c.animated = now
	return els
}

// settleAnimated records, at the end of an update, the animated values
// inherited properties have; those that changed during the update (an
// animation started or ended by it) are marked for a visit at the next.
func (c *cssAnimState) settleAnimated() {
	now := c.animatedInherited()
	for el, h := range now {
		if old, ok := c.animated[el]; !ok || old != h {
			now[el] = 0
		}
	}
	for el := range c.animated {
		if _, ok := now[el]; !ok {
			if now == nil {
				now = map[*dom.Node]uint64{}
			}
			now[el] = 0 // gone: visited once more
		}
	}
	c.animated = now
}

// animatedInherited hashes, for each target of an animation that
// animates a property descendants inherit, the values its animations
// give those properties now (nil when there is none).
func (c *cssAnimState) animatedInherited() map[*dom.Node]uint64 {
	s := c.w.anim
	if s == nil {
		return nil
	}
	var props map[*dom.Node][]string
	var order []*dom.Node
	for _, a := range s.all {
		e := a.effect
		if e == nil || e.target == nil {
			continue
		}
		for i := range e.frames {
			for _, d := range e.frames[i].long {
				if !inheritedProp(d.name) {
					continue
				}
				if props == nil {
					props = map[*dom.Node][]string{}
				}
				ps, seen := props[e.target]
				if !seen {
					order = append(order, e.target)
				}
				if !slices.Contains(ps, d.name) {
					props[e.target] = append(ps, d.name)
				}
			}
		}
	}
	if len(order) == 0 {
		return nil
	}
	out := make(map[*dom.Node]uint64, len(order))
	var h maphash.Hash
	for _, el := range order {
		h.SetSeed(animatedSeed)
		for _, p := range props[el] {
			v, ok := c.w.animatedValue(el, p)
			h.WriteString(p)
			h.WriteByte(0)
			if ok {
				h.WriteByte(1)
				h.WriteString(v)
			}
			h.WriteByte(0)
		}
		out[el] = h.Sum64() | 1 // never 0, which marks a visit due
	}
	return out
}

var animatedSeed = maphash.MakeSeed()

// A sweep is what an incremental style update visits besides the
// subtrees of the mutated elements (marked): those of the elements that
// changed rules match, and the elements whose animation-name has one of
// names, whose @keyframes changed.
type sweep struct {
	marked   map[*dom.Node]bool
	changed  *ruleIndex
	names    map[string]bool
	newProps []string // the properties transition: all watches from now on
	volatile bool     // match the volatile and volHas rules
	deep     bool     // match the hasDeep rules
	// volRoots, when not nil, bound where the volatile rules are
	// matched: the subtrees of these elements, vmatch kept elsewhere;
	// the :has() rules on subjects are matched there and against the
	// children of the nodes of spine, hmatch kept elsewhere
	volRoots map[*dom.Node]bool
	spine    map[*dom.Node]bool
}

// volatileRoot is the root of the subtree where mutation r may change
// what a volatile rule without :has() matches: such a rule reads an
// element, its ancestors and the siblings of them, so a change of an
// element's attributes (a class a sibling combinator or :nth-child(of S)
// reads) reaches its parent's subtree, and so does a change of its
// children or of the text in it (its :empty, the positions of its
// children).
func volatileRoot(r *dom.MutationRecord) *dom.Node {
	n := r.Target
	if r.Type == dom.CharacterDataMutation {
		if p := n.ParentNode(); p != nil {
			n = p
		}
	}
	if p := n.ParentNode(); p != nil {
		return p
	}
	return n
}

// sweep goes through root's tree in order, matching the volatile rules
// against each element (volatileHash), and visits those whose style may
// have changed (all of them when dirty is set), skipping the subtrees
// of those not rendered.
func (c *cssAnimState) sweep(root *dom.Node, sw *sweep, dirty bool) {
	next, hnext, dnext := c.vnext, c.hnext, c.dnext
	if sw.volRoots != nil {
		next, hnext = c.vmatch, c.hmatch // updated in place
	} else {
		if sw.volatile && next == nil {
			next = map[*dom.Node]uint64{}
		}
		if sw.volatile && hnext == nil {
			hnext = map[*dom.Node]uint64{}
		}
	}
	if sw.deep && dnext == nil {
		dnext = map[*dom.Node]uint64{}
	}
	var walk func(p *dom.Node, dirty, hidden, vol bool)
	walk = func(p *dom.Node, dirty, hidden, vol bool) {
		spine := sw.spine[p]
		for n := p.First(); n != nil; n = n.Next() {
			if !n.IsElement() {
				continue
			}
			d := dirty || sw.marked[n]
			v := vol || sw.volRoots[n]
			if sw.volatile && c.volatile != nil && (sw.volRoots == nil || v) {
				h := c.volatileHash(c.volatile, n)
				old := c.vmatch[n]
				switch {
				case h != 0:
					next[n] = h
				case sw.volRoots != nil && old != 0:
					delete(next, n)
				}
				d = d || h != old
			}
			if sw.volatile && c.volHas != nil && (sw.volRoots == nil || v || spine) {
				h := c.volatileHash(c.volHas, n)
				old := c.hmatch[n]
				switch {
				case h != 0:
					hnext[n] = h
				case sw.volRoots != nil && old != 0:
					delete(hnext, n)
				}
				d = d || h != old
			}
			if sw.deep {
				h := c.volatileHash(c.hasDeep, n)
				if h != 0 {
					dnext[n] = h
				}
				d = d || h != c.dmatch[n]
			}
			if !d && sw.changed != nil && sw.changed.matchesAny(n) {
				d = true
			}
			h := hidden
			if !h && (d || sw.names != nil && c.namesKeyframes(n, sw.names)) {
				if st := c.els[n]; st == nil || st.gen != c.gen {
					h = !c.visit(n)
				}
			}
			walk(n, d, h, v)
		}
	}
	walk(root, dirty, false, sw.volRoots[root])
	switch {
	case c.volatile == nil:
		c.vmatch = nil
	case sw.volRoots != nil:
	case sw.volatile:
		old := c.vmatch
		clear(old)
		c.vmatch, c.vnext = next, old
		c.vlen = len(next)
	}
	switch {
	case c.volHas == nil:
		c.hmatch = nil
	case sw.volRoots != nil:
	case sw.volatile:
		old := c.hmatch
		clear(old)
		c.hmatch, c.hnext = hnext, old
		c.hlen = len(hnext)
	}
	switch {
	case c.hasDeep == nil:
		c.dmatch = nil
	case sw.deep:
		old := c.dmatch
		clear(old)
		c.dmatch, c.dnext = dnext, old
	}
}

// volatileHash is the sum of the hashes of the rules of idx (volatile
// rules) matching el. As in matchedOf, a rule needing an ancestor el's
// ancestor filter does not hold is not matched (daisyUI's `.menu li >
// :not(ul)`, `.join > :first-child`, `.collapse:has(...)` under a
// component's class: most elements are outside every component).
func (c *cssAnimState) volatileHash(idx *ruleIndex, el *dom.Node) uint64 {
	var arr [8][]*cssRule
	doc := el.Document()
	ver := doc.Version()
	var h uint64
	var anc ancestorFilter
	ancMade := false
	for _, rs := range idx.candidates(el, arr[:0]) {
		for _, r := range rs {
			if r.sel.inv != nil && r.sel.anc != nil {
				if !ancMade {
					anc.addAncestors(el)
					ancMade = true
				}
				if !anc.mayHave(r.sel.anc) {
					continue
				}
			}
			c.volTests++
			if r.sel.matches(el, doc, ver) {
				h += c.vhash[r.order]
			}
		}
	}
	return h
}

// namesKeyframes tells whether el may animate and its animation-name has
// one of names.
func (c *cssAnimState) namesKeyframes(el *dom.Node, names map[string]bool) bool {
	st := c.els[el]
	if (st == nil || len(st.anims) == 0) && !c.candidate(el) {
		return false
	}
	if st != nil && st.hasPseudoAnims() {
		return true // (what its pseudo-elements name is not read here)
	}
	v, _ := c.w.computedValue(el, "animation-name")
	for _, name := range splitTopLevelCommas(v) {
		if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') {
			name = name[1 : len(name)-1]
		}
		if names[name] {
			return true
		}
	}
	return false
}

// changedRules finds what changed in the sheets since the last walk: the
// style rules added or removed (those between the longest common head and
// tail of the two lists of rules, as the order of the others is kept) and
// the names of the @keyframes rules added, removed or changed. False when
// the change reaches further than the elements those match: layer ranks
// changed or anonymous layers (ranked by their sheet's position) are
// declared, the properties transition: all watches changed.
// rulesOfSheets returns the rules of the sheets srcs in order, as parsed
// holds them: one sheet's own list (not to be changed), several sheets'
// lists joined.
func rulesOfSheets(srcs []string, parsed map[string]*pageSheet) []sheetRule {
	if len(srcs) == 1 {
		return parsed[srcs[0]].rules
	}
	n := 0
	for _, src := range srcs {
		n += len(parsed[src].rules)
	}
	out := make([]sheetRule, 0, n)
	for _, src := range srcs {
		out = append(out, parsed[src].rules...)
	}
	return out
}

func (c *cssAnimState) changedRules(sw *sweep) bool {
	sh := &c.w.sheets
	if c.parsed == nil || !maps.Equal(c.ranks, sh.ranks) || anonymousLayers(c.ranks) {
		return false
	}
	// transition: all watches more properties: an element not visited
	// records their values (update); one fewer would cancel transitions
	if props := c.watchedProps(); !slices.Equal(props, c.allProps) {
		for _, p := range c.allProps {
			if _, found := slices.BinarySearch(props, p); !found {
				return false
			}
		}
		for _, p := range props {
			if _, found := slices.BinarySearch(c.allProps, p); !found {
				sw.newProps = append(sw.newProps, p)
			}
		}
	}
	old, cur := c.sources, sh.sources
	p := 0
	for p < len(old) && p < len(cur) && old[p] == cur[p] {
		p++
	}
	t := 0
	for t < len(old)-p && t < len(cur)-p && old[len(old)-1-t] == cur[len(cur)-1-t] {
		t++
	}
	ro, rn := rulesOfSheets(old[p:len(old)-t], c.parsed), rulesOfSheets(cur[p:len(cur)-t], sh.parsed)
	i := 0
	for i < len(ro) && i < len(rn) && sameRule(&ro[i], &rn[i]) {
		i++
	}
	j := 0
	for j < len(ro)-i && j < len(rn)-i && sameRule(&ro[len(ro)-1-j], &rn[len(rn)-1-j]) {
		j++
	}
	changed := [2][]sheetRule{ro[i : len(ro)-j], rn[i : len(rn)-j]}
	n := 0
	for _, rs := range changed {
		for k := range rs {
			if rs[k].sel.PseudoElement() == "" {
				n++
			}
		}
	}
	var list []cssRule
	var sels []pageSel
	if n > 0 {
		list, sels = make([]cssRule, 0, n), make([]pageSel, 0, n)
	}
	for _, rs := range changed {
		for k := range rs {
			if rs[k].sel.PseudoElement() == "" {
				sels = append(sels, newPageSel(rs[k].sel))
				list = append(list, cssRule{sel: &sels[len(sels)-1]})
			}
		}
	}
	if len(list) > 0 {
		sw.changed = newRuleIndex(list, map[ruleKey]int32{})
	}
	for name, k := range sh.keyframes {
		if !sameKeyframes(k, c.keyframes[name]) {
			if sw.names == nil {
				sw.names = map[string]bool{}
			}
			sw.names[name] = true
		}
	}
	for name := range c.keyframes {
		if sh.keyframes[name] == nil {
			if sw.names == nil {
				sw.names = map[string]bool{}
			}
			sw.names[name] = true
		}
	}
	return true
}

// ruleHash is a hash of what makes a rule itself (sameRule).
func ruleHash(r *sheetRule) uint64 {
	var h maphash.Hash
	h.SetSeed(ruleSeed)
	h.WriteString(r.selText)
	h.WriteByte(0)
	h.WriteString(strconv.Itoa(int(r.selIdx)))
	h.WriteByte(0)
	h.WriteString(r.layer)
	for _, d := range r.decls {
		h.WriteByte(0)
		h.WriteString(d.name)
		h.WriteByte(0)
		h.WriteString(d.value)
		if d.important {
			h.WriteByte(1)
		}
	}
	return h.Sum64() | 1 // never 0, the sum of no rules
}

var ruleSeed = maphash.MakeSeed()

// anonymousLayers tells whether ranks has a layer without a name.
func anonymousLayers(ranks map[string]int32) bool {
	for name := range ranks {
		if strings.IndexByte(name, 0) >= 0 {
			return true
		}
	}
	return false
}

// sameKeyframes tells whether x and y are the same @keyframes rule.
func sameKeyframes(x, y *keyframesRule) bool {
	return x == y || x != nil && y != nil && x.name == y.name && slices.EqualFunc(x.frames, y.frames, func(f, g cssKeyframe) bool {
		return f.offset == g.offset && f.easing == g.easing && slices.Equal(f.decls, g.decls)
	})
}

// walk visits root's subtree (with root itself when self is set) in tree
// order, skipping subtrees that are not rendered and elements this walk
// visited already.
func (c *cssAnimState) walk(root *dom.Node, self bool) {
	shadows := root.Document() != nil && root.Document().HasShadowRoots()
	visit := func(n *dom.Node) bool {
		if !n.IsElement() {
			return true
		}
		if st := c.els[n]; st != nil && st.gen == c.gen {
			return true // a subtree of an earlier dirty root
		}
		if !c.visit(n) {
			return false
		}
		if sr := n.ShadowRoot(); shadows && sr != nil {
			// its shadow tree, next in shadow-including tree order
			c.walk(sr, false)
		}
		return true
	}
	walkElements(root, func(n *dom.Node) bool { // resources.go
		return n == root && !self || visit(n)
	})
}

// animationDeclaringProps are the properties whose declarations may start
// CSS animations or transitions: animation-name, transition-duration and
// transition-delay, and the animation and transition shorthands, which the
// cascade keeps whole when their value holds var() (sweetalert2's
// `animation: var(--swal2-show-animation)` started nothing, so its
// animationend never came).
var animationDeclaringProps = [...]string{"animation-name", "transition-duration", "transition-delay", "animation", "transition"}

// indexRules indexes the rules declaring animation-name,
// transition-duration or transition-delay by a class or id their subject
// needs, read from the selector's text: the candidate test then matches
// an element against the few rules its classes name.
func (c *cssAnimState) indexRules() {
	sh := &c.w.sheets
	c.candBuild = sh.builds
	c.cand = &ruleIndex{}
	c.allProps = c.watchedProps()
	var vol, has, deep []cssRule
	c.vhash = c.vhash[:0]
	for _, src := range sh.sources {
		p := sh.parsed[src]
		for i := range p.rules {
			r := &p.rules[i]
			if r.sel.deps == 0 || r.sel.PseudoElement() != "" {
				continue
			}
			switch {
			case r.sel.deps&depHas == 0:
				vol = append(vol, cssRule{sel: &p.sels[i], order: int32(len(c.vhash))})
			case hasAtSubject(r.sel.String()):
				has = append(has, cssRule{sel: &p.sels[i], order: int32(len(c.vhash))})
			default:
				deep = append(deep, cssRule{sel: &p.sels[i], order: int32(len(c.vhash))})
			}
			c.vhash = append(c.vhash, ruleHash(r))
		}
	}
	c.volatile, c.volHas, c.hasDeep = nil, nil, nil
	c.volReads, c.deepReads = attrReads{}, attrReads{}
	for _, rs := range [...][]cssRule{vol, has} {
		for _, r := range rs {
			c.volReads.merge(attrReadsOf(r.sel.ruleSel))
		}
	}
	for _, r := range deep {
		c.deepReads.merge(attrReadsOf(r.sel.ruleSel))
	}
	if len(vol) > 0 {
		c.volatile = newRuleIndex(vol, map[ruleKey]int32{})
	}
	if len(has) > 0 {
		c.volHas = newRuleIndex(has, map[ruleKey]int32{})
	}
	if len(deep) > 0 {
		c.hasDeep = newRuleIndex(deep, map[ruleKey]int32{})
	}
	for _, p := range animationDeclaringProps {
		rs := sh.byProp[p]
		for i := range rs {
			r := &rs[i]
			if r.sel.PseudoElement() != "" {
				continue
			}
			c.cand.add(r)
		}
	}
	// a ::before, ::after or ::marker rule's animations are its element's
	// to run (updatePseudoAnimations)
	c.pseudoDecl = false
	for _, pe := range animatedPseudos {
		for _, p := range pseudoAnimationProps {
			rs := sh.byProp[pseudoKey(pe, p)]
			for i := range rs {
				c.cand.add(&rs[i])
				c.pseudoDecl = true
			}
		}
	}
}

// pseudoAnimationProps are the properties whose declarations in a rule
// of a pseudo-element may start its CSS animations.
var pseudoAnimationProps = [...]string{"animation-name", "animation"}

// visit updates el; false skips its subtree (display: none).
func (c *cssAnimState) visit(el *dom.Node) bool {
	c.visits++

	st := c.els[el]
	if st == nil && !c.candidate(el) {
		return true
	}
	if !c.rendered(el) {
		c.hid = append(c.hid, el)
		if st != nil {
			c.drop(el, st)
		}
		return false
	}
	if st == nil {
		c.seq++
		st = &cssElState{seq: c.seq}
	}
	st.gen = c.gen
	c.updateAnimations(el, st)
	c.updatePseudoAnimations(el, st)
	c.updateTransitions(el, st)
	if len(st.anims) == 0 && len(st.trans) == 0 && len(st.before) == 0 && !st.all && !st.hasPseudoAnims() {
		delete(c.els, el)
	} else {
		c.els[el] = st
	}
	return true
}

// rendered tells whether el and its ancestors have a display other than
// none (displays are memoized per document version).
func (c *cssAnimState) rendered(el *dom.Node) bool {
	c.renderedChecks++
	for a := el; a != nil && a.IsElement(); {
		if c.w.display(a) == "none" {
			return false
		}
		p := a.ParentNode()
		if p != nil && p.IsShadowRoot() {
			p = p.Host() // a shadow tree is rendered in its host's box
		}
		a = p
	}
	return true
}

// candidate tells whether el may have animations or transitions.
func (c *cssAnimState) candidate(el *dom.Node) bool {
	if a, ok := el.GetAttribute("style"); ok && mentionsDeclarative(a) {
		return true
	}
	if c.cand.matchesAny(el) {
		return true
	}
	if el.Document().HasShadowRoots() {
		// the rules of el's shadow tree, of the one it hosts (:host)
		// and of those it is slotted into (::slotted())
		part := el.HasAttribute("part")
		for _, p := range animationDeclaringProps {
			if c.w.shadowScopesDeclare(el, p) {
				return true
			}
			// ::part() rules of the host's tree (partstyle.go)
			if part {
				if x := c.w.sheets.ruleIndex(pseudoKey("part", p)); x != nil && x.best(el) != nil {
					return true
				}
			}
		}
	}
	return false
}

// shadowDeclarative tells whether a sheet of a shadow tree of the
// document declares animations or transitions (a document with no
// shadow root is not walked).
func (c *cssAnimState) shadowDeclarative() bool {
	doc := c.w.doc
	if !doc.HasShadowRoots() {
		return false
	}
	// memoized per document version and sheet generation: flushStyle
	// runs an update at each style read
	key := [3]uint64{doc.Version(), c.w.sheets.ownersGen, c.w.sheets.cssomEdits}
	if c.shadowDeclSet && key == c.shadowDeclKey {
		return c.shadowDecl
	}
	found := false
	defer func() { c.shadowDeclKey, c.shadowDecl, c.shadowDeclSet = key, found, true }()
	var look func(root *dom.Node)
	look = func(root *dom.Node) {
		walkElements(root, func(n *dom.Node) bool {
			if sr := n.ShadowRoot(); sr != nil && !found {
				for _, p := range animationDeclaringProps {
					if len(c.w.scopedRules(sr, p)) > 0 {
						found = true
						break
					}
				}
				look(sr)
			}
			return !found
		})
	}
	look(&doc.Node)
	return found
}

// walkShadowTrees walks the shadow trees of the hosts of root's tree
// (and, through walk, those nested in them); the full sweep covers the
// document tree alone. A host not rendered is left out with its tree.
func (c *cssAnimState) walkShadowTrees(root *dom.Node) {
	walkElements(root, func(n *dom.Node) bool {
		if !n.IsElement() {
			return true
		}
		if c.w.display(n) == "none" {
			return false
		}
		if sr := n.ShadowRoot(); sr != nil {
			c.walk(sr, false)
		}
		return true
	})
}

// drop cancels el's animations and transitions and forgets it.
func (c *cssAnimState) drop(el *dom.Node, st *cssElState) {
	for _, a := range st.anims {
		a.cancel()
	}
	for _, as := range st.pseudo {
		for _, a := range as {
			a.cancel()
		}
	}
	for _, a := range byGeneration(st.trans) {
		a.cancel()
	}
	delete(c.els, el)
}

// dropWhere drops the elements f picks, in the order their states were
// made (their transitioncancel and animationcancel events go in that
// order).
func (c *cssAnimState) dropWhere(f func(*dom.Node, *cssElState) bool) {
	var els []*dom.Node
	for el, st := range c.els {
		if f(el, st) {
			els = append(els, el)
		}
	}
	slices.SortFunc(els, func(a, b *dom.Node) int { return cmp.Compare(c.els[a].seq, c.els[b].seq) })
	for _, el := range els {
		c.drop(el, c.els[el])
	}
}

// byGeneration lists the transitions of trans in the order they started.
func byGeneration(trans map[string]*animation) []*animation {
	out := make([]*animation, 0, len(trans))
	for _, a := range trans {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b *animation) int { return cmp.Compare(a.css.index, b.css.index) })
	return out
}

// list returns item i of a computed list value, repeated as needed.
func listItem(items []string, i int) string {
	if len(items) == 0 {
		return ""
	}
	return items[i%len(items)]
}

// cssTime is a computed time in ms.
func cssTime(v string) float64 {
	f, unit, ok := splitNumber(strings.TrimSpace(v))
	if !ok {
		return 0
	}
	if unit == "s" {
		return f * 1000
	}
	if unit == "ms" {
		return f
	}
	return 0
}

// updateAnimations starts, updates and cancels el's CSS animations.
// https://drafts.csswg.org/css-animations/#animations
func (c *cssAnimState) updateAnimations(el *dom.Node, st *cssElState) {
	st.anims = c.runAnimations(el, el, "", st.anims)
}

// updatePseudoAnimations starts, updates and cancels the CSS animations
// of el's ::marker, ::before and ::after: those of a generated
// pseudo-element (a ::before or ::after whose content is not none or
// normal, the ::marker of a list item) that a rule gives an
// animation-name. Their effects target el with the pseudo-element's
// name, as Chromium's do (effect.pseudoElement '::before').
func (c *cssAnimState) updatePseudoAnimations(el *dom.Node, st *cssElState) {
	w := c.w
	for i, pe := range animatedPseudos {
		old := st.pseudo[i]
		if !c.pseudoDecl && len(old) == 0 && !el.Document().HasShadowRoots() {
			continue
		}
		ref := pseudoRef{el, pe}
		_, named := w.cascadedPseudo(ref, "animation-name")
		if !named {
			_, named = w.cascadedPseudo(ref, "animation")
		}
		if !named && len(old) == 0 {
			continue
		}
		if named && !c.generated(el, pe) {
			named = false
		}
		if !named {
			cancelNewestFirst(old)
			st.pseudo[i] = nil
			continue
		}
		st.pseudo[i] = c.runAnimations(el, w.pseudoNode(el, pe), pe, old)
	}
}

// generated tells whether el has the pseudo-element pe (before, after or
// marker): a ::before or ::after whose content computes to something, the
// ::marker of a list item.
func (c *cssAnimState) generated(el *dom.Node, pe string) bool {
	w := c.w
	if pe == "marker" {
		return strings.Contains(w.computedDisplay(el), "list-item")
	}
	v, _ := w.computedValue(w.pseudoNode(el, pe), "content")
	return v != "" && v != "none" && v != "normal"
}

// runAnimations is updateAnimations for el or, with pseudo, for its
// pseudo-element, whose values styled (its stand-in) computes: it
// returns the animations that replace old.
func (c *cssAnimState) runAnimations(el, styled *dom.Node, pseudo string, old []*animation) []*animation {
	w := c.w
	nameVal, _ := w.computedValue(styled, "animation-name")
	if nameVal == "none" || nameVal == "" {
		cancelNewestFirst(old)
		return nil
	}
	get := func(p string) []string {
		v, _ := w.computedValue(styled, p)
		return splitTopLevelCommas(v)
	}
	names := splitTopLevelCommas(nameVal)
	// the tree whose rule declared the names, when el is in a shadow
	// tree, hosts one or is slotted into one
	var scoped *dom.Node
	if el.Document().HasShadowRoots() {
		scoped = c.nameScope(el)
	}
	durs, fns, delays := get("animation-duration"), get("animation-timing-function"), get("animation-delay")
	iters, dirs, fills, plays := get("animation-iteration-count"), get("animation-direction"), get("animation-fill-mode"), get("animation-play-state")
	used := make([]bool, len(old))
	var next []*animation
	s := w.animations()
	for i, name := range names {
		if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') {
			name = name[1 : len(name)-1]
		}
		rule := c.keyframesFor(name, scoped)
		if name == "none" || rule == nil {
			continue
		}
		t := defaultTiming()
		t.durationAuto = false
		t.duration = math.Max(cssTime(listItem(durs, i)), 0)
		t.delay = cssTime(listItem(delays, i))
		t.iterations = 1
		switch it := listItem(iters, i); it {
		case "infinite":
			t.iterations = math.Inf(1)
		default:
			if f, err := strconv.ParseFloat(it, 64); err == nil && f >= 0 {
				t.iterations = f
			}
		}
		if d := listItem(dirs, i); d != "" {
			t.direction = d
		}
		t.fill = listItem(fills, i)
		if t.fill == "" {
			t.fill = "none"
		}
		easing := listItem(fns, i)
		paused := listItem(plays, i) == "paused"
		// The animation of this name already running, the last one
		// first. https://drafts.csswg.org/css-animations-2/#animation-name
		var a *animation
		for j := len(old) - 1; j >= 0; j-- {
			if !used[j] && old[j].css.name == name {
				used[j], a = true, old[j]
				break
			}
		}
		if a == nil {
			e := &keyframeEffect{target: el, composite: "replace", timing: t, frames: rule.effectFrames(easing)}
			if pseudo != "" {
				e.pseudo, e.hasPseudo = "::"+pseudo, true
			}
			e.implicitEase, _, _ = parseEasing(easing)
			a = s.newAnimation(e, s.docTimeline())
			a.css = &cssOwned{name: name, owner: el, pseudo: pseudo, idle: true, paused: paused, rule: rule, easing: easing}
			c.begin(a)
			if paused {
				a.pause()
			}
		} else {
			o := a.css
			e := a.effect
			if e != nil {
				if e.timing.duration != t.duration || e.timing.delay != t.delay || e.timing.iterations != t.iterations ||
					e.timing.direction != t.direction || e.timing.fill != t.fill {
					e.timing = t
					a.updateFinished(false, false)
				}
				if o.rule != rule || o.easing != easing {
					e.frames = rule.effectFrames(easing)
					e.implicitEase, _, _ = parseEasing(easing)
					o.rule, o.easing = rule, easing
				}
			}
			if paused != o.paused {
				o.paused = paused
				if paused {
					a.pause()
				} else if a.playState() == "paused" {
					a.play(false)
				}
			}
		}
		a.css.index = i
		next = append(next, a)
	}
	var gone []*animation
	for j, a := range old {
		if !used[j] {
			gone = append(gone, a)
		}
	}
	cancelNewestFirst(gone)
	return next
}

// cancelNewestFirst cancels CSS animations that left animation-name
// together, the last made first: the order of their animationcancel
// events in Chromium, which walks its list of running animations
// backwards (the standard's composite order would send the one earlier in
// animation-name first).
// nameScope is the root of the tree whose declaration gave el its
// animation-name: the shadow tree of a :host or ::slotted() rule that won
// the cascade, or else el's own tree (its rules and style attribute);
// nil for the document. animation-name is a tree-scoped reference: its
// @keyframes are looked up from there
// (https://drafts.csswg.org/css-scoping/#shadow-names).
func (c *cssAnimState) nameScope(el *dom.Node) *dom.Node {
	w := c.w
	root := el.Root()
	if root == nil || !root.IsShadowRoot() {
		root = nil
	}
	if el.ShadowRoot() == nil && el.AssignedSlot() == nil && (root == nil || !el.HasAttribute("part")) {
		return root
	}
	sh := &w.sheets
	v, rank, ok := w.cascadedWithShorthandsOf(sh, el, sh.cascadeOf("animation-name"))
	if ok && root != nil && (rank.level == rankPart || rank.level == rankPartImportant) {
		// a ::part() rule of the host's tree
		if h := root.Host(); h != nil {
			if hr := h.Root(); hr != nil && hr.IsShadowRoot() {
				return hr
			}
		}
		return nil
	}
	if !ok || rank.level != rankInner && rank.level != rankInnerImportant {
		return root
	}
	prop := "animation-name"
	if name, _, ok := cutPendingShorthand(v); ok {
		prop = name
	}
	r := w.innerScoped(el, prop, "")
	if sr := el.ShadowRoot(); sr != nil && r != nil && r == w.bestScoped(sr, el, prop, scopeHost, "") {
		return sr
	}
	for s, i := el.AssignedSlot(), 0; r != nil && s != nil && i < maxBoxDepth; s, i = s.AssignedSlot(), i+1 {
		if sr := s.Root(); sr.IsShadowRoot() && r == w.bestScoped(sr, el, prop, scopeSlotted, "") {
			return sr
		}
	}
	return root
}

// keyframesFor is the @keyframes rule named name for an animation
// declared in the tree of scope (a shadow root, or nil for the
// document): that tree's alone, as in Chromium 156 (a document's
// @keyframes do not reach a shadow tree's rules, nor an outer shadow
// tree's a nested one's).
func (c *cssAnimState) keyframesFor(name string, scope *dom.Node) *keyframesRule {
	if scope != nil && scope.IsShadowRoot() {
		return c.w.shadowKeyframes(scope)[name]
	}
	return c.w.sheets.keyframes[name]
}

func cancelNewestFirst(anims []*animation) {
	if len(anims) > 1 {
		anims = slices.Clone(anims)
		slices.SortFunc(anims, func(x, y *animation) int { return cmp.Compare(y.seq, x.seq) })
	}
	for _, a := range anims {
		a.cancel()
	}
}

// transitionSpec is one property's transition parameters.
type transitionSpec struct {
	duration, delay float64
	easing          string
}

// updateTransitions starts, reverses and cancels el's CSS transitions.
// https://drafts.csswg.org/css-transitions/#starting
func (c *cssAnimState) updateTransitions(el *dom.Node, st *cssElState) {
	w := c.w
	propVal, _ := w.computedValue(el, "transition-property")
	durVal, _ := w.computedValue(el, "transition-duration")
	delayVal, _ := w.computedValue(el, "transition-delay")
	// the scratch map and list of the last call, taken while in use
	specs, order := c.specs, c.order[:0]
	c.specs, c.order = nil, nil
	if specs == nil {
		specs = map[string]transitionSpec{}
	}
	defer func() {
		clear(specs)
		c.specs, c.order = specs, order[:0]
	}()
	all, wasAll := false, st.all
	defer func() { st.all = all }()
	if propVal != "none" && propVal != "" {
		props := splitTopLevelCommas(propVal)
		durs, delays := splitTopLevelCommas(durVal), splitTopLevelCommas(delayVal)
		var fns []string
		for i, p := range props {
			sp := transitionSpec{duration: math.Max(cssTime(listItem(durs, i)), 0), delay: cssTime(listItem(delays, i))}
			if sp.duration+sp.delay <= 0 && sp.duration <= 0 {
				// no transition: the entry still replaces earlier ones
				sp = transitionSpec{}
			} else if fns == nil {
				v, _ := w.computedValue(el, "transition-timing-function")
				fns = splitTopLevelCommas(v)
			}
			if fns != nil {
				sp.easing = listItem(fns, i)
			}
			var longs []string
			switch {
			case p == "all":
				longs = c.transitionAll(el)
				all = true
			case shorthands[p] != nil:
				longs = shorthands[p].longhands
			case isCSSProperty(p) || strings.HasPrefix(p, "-webkit-"):
				longs = []string{resolveAlias(p)}
			}
			for _, l := range longs {
				if _, ok := specs[l]; !ok {
					order = append(order, l)
				}
				specs[l] = sp
			}
		}
	}
	// Transitions of properties no longer listed are cancelled.
	for _, a := range byGeneration(st.trans) {
		if sp, ok := specs[a.css.name]; !ok || sp.duration+sp.delay <= 0 {
			c.endTransition(a)
			delete(st.trans, a.css.name)
		}
	}
	for p := range st.before {
		if _, ok := specs[p]; !ok {
			delete(st.before, p)
		}
	}
	if len(order) == 0 {
		return
	}
	if st.before == nil {
		st.before = map[string]string{}
	}
	for _, p := range order {
		sp := specs[p]
		after := c.baseValue(el, p)
		before, had := st.before[p]
		st.before[p] = after
		run := st.trans[p]
		if run != nil && (run.playState() == "idle" || run.playState() == "finished") {
			delete(st.trans, p)
			run = nil
		}
		combined := math.Max(sp.duration, 0) + sp.delay
		if !had && wasAll && run == nil && !slices.Contains(c.allProps, p) {
			// A property transition: all watches since this change: one
			// the element's style attribute now declares and nothing
			// declared before, whose before-change value is its
			// undeclared one (el.style.transition = "all 1s", a frame,
			// el.style.backgroundColor = "green").
			before, had = c.undeclaredValue(el, p), true
		}
		switch {
		case !had:
		case run == nil:
			if before != after && combined > 0 && canTransition(p, before, after) {
				c.startTransition(el, st, p, before, after, before, sp, 1)
			}
		case run.css.to == after:
		default:
			cur, ok := run.s.valueUpTo(el, p, run)
			if !ok {
				cur = run.css.from
			}
			o := run.css
			prog := run.effect.computed().transformed
			c.endTransition(run)
			delete(st.trans, p)
			if combined <= 0 || !canTransition(p, cur, after) || cur == after {
				break
			}
			if after == o.reversingStart {
				// https://drafts.csswg.org/css-transitions/#reversing-shortening-factor
				if isUnresolved(prog) {
					prog = 0
				}
				f := math.Abs(prog*o.shorten + 1 - o.shorten)
				f = math.Min(math.Max(f, 0), 1)
				sp2 := sp
				sp2.duration *= f
				if sp2.delay < 0 {
					sp2.delay *= f
				}
				c.startTransition(el, st, p, cur, after, o.to, sp2, f)
			} else {
				c.startTransition(el, st, p, cur, after, cur, sp, 1)
			}
		}
	}
}

// transitionAll lists the properties transition-property: all watches on
// el: those the document's rules or el's style attribute declare.
func (c *cssAnimState) transitionAll(el *dom.Node) []string {
	out := c.allProps
	if a, ok := el.GetAttribute("style"); ok {
		for _, d := range c.w.inlineDeclarations(el, a) {
			if animatableLonghand(d.name) && !slices.Contains(out, d.name) {
				if len(out) == len(c.allProps) {
					out = slices.Clone(out)
				}
				out = append(out, d.name)
			}
		}
	}
	return out
}

// watchedProps lists, sorted, the properties transition: all watches
// that the sheets declare.
func (c *cssAnimState) watchedProps() []string {
	props := []string{}
	for p := range c.w.sheets.byProp {
		if animatableLonghand(p) {
			props = append(props, p)
		}
	}
	slices.Sort(props)
	return props
}

// animatableLonghand tells whether transition: all watches prop.
func animatableLonghand(p string) bool {
	if strings.ContainsRune(p, ':') || strings.HasPrefix(p, "--") || strings.HasPrefix(p, "animation") ||
		strings.HasPrefix(p, "transition") || shorthands[p] != nil {
		return false
	}
	switch p {
	case "display", "content", "position", "float", "will-change", "pointer-events", "cursor", "user-select",
		"box-sizing", "overflow", "overflow-x", "overflow-y", "white-space", "text-align", "list-style-type":
		return false
	}
	return true
}

// undeclaredValue is prop's computed value on el when nothing declares
// it: inherited from the parent's, else the initial value.
func (c *cssAnimState) undeclaredValue(el *dom.Node, prop string) string {
	w := c.w
	if inheritedProps[prop] {
		if p := w.styleParent(el); p != nil {
			return c.baseValue(p, prop)
		}
	}
	v, _ := w.computedDefault(el, prop)
	return v
}

// baseValue is prop's computed value on el without animations. A width,
// height or inset is its computed value, auto or a percentage as it is,
// where computedValue gives getComputedStyle's resolved value, a used
// length that lays the page out: Ladda's `transition: all` button whose
// padding-right grows started a transition of its width from its used
// width to the one its new padding gives (a rule declared some width), and
// its spinner's `top: 50%` laid the button out in the middle of the style
// update, with the padding's end value, and that layout stayed: the
// button read its end width and its start padding.
// https://drafts.csswg.org/css-transitions/#starting
func (c *cssAnimState) baseValue(el *dom.Node, prop string) string {
	if autoKeyword(prop) && el.Namespace == "" {
		if v, ok := c.w.computedBoxValue(el, prop); ok {
			return v
		}
	}
	if s := c.w.anim; s != nil {
		return s.underlying(el, prop)
	}
	v, _ := c.w.computedValue(el, prop)
	return v
}

// autoKeyword tells whether prop's initial value is auto, where its
// resolved value may be a used length (computedAuto).
func autoKeyword(prop string) bool {
	switch prop {
	case "width", "height", "top", "left", "right", "bottom":
		return true
	}
	return false
}

// computedBoxValue is el's computed value of prop (autoKeyword): auto,
// a length or a percentage, ok false when interpolate-size is
// allow-keywords (auto then interpolates as the used size).
func (w *Window) computedBoxValue(el *dom.Node, prop string) (string, bool) {
	v, ok := w.cascaded(el, prop)
	if ok && v == "inherit" {
		if p := w.styleParent(el); p != nil {
			return w.computedBoxValue(p, prop)
		}
		ok = false
	}
	if ok && v != "initial" && v != "unset" && !ascii.EqualFold(strings.TrimSpace(v), "auto") {
		return w.computeSpecified(el, prop, v), true
	}
	if is, _ := w.computedValue(el, "interpolate-size"); is == "allow-keywords" {
		return "", false
	}
	return "auto", true
}

// canTransition tells whether a and b interpolate: a discrete change
// does not start a transition (transition-behavior: normal).
func canTransition(prop, a, b string) bool {
	if colorProps[prop] {
		return true
	}
	switch prop {
	case "visibility":
		return a == "visible" || b == "visible"
	case "transform", "translate", "rotate", "scale", "filter", "backdrop-filter", "box-shadow", "text-shadow":
		if a == "none" || b == "none" {
			return true
		}
	}
	na, ta := numberSkeleton(a)
	nb, tb := numberSkeleton(b)
	if len(na) == 0 || len(na) != len(nb) {
		return false
	}
	if slices.Equal(ta, tb) {
		return true
	}
	// lengths of different units (px and %) interpolate with calc()
	for i := range ta {
		if strings.TrimLeft(ta[i], "abcdefghijklmnopqrstuvwxyz%") != strings.TrimLeft(tb[i], "abcdefghijklmnopqrstuvwxyz%") {
			return false
		}
	}
	return true
}

// startTransition makes and plays a CSSTransition of prop on el.
func (c *cssAnimState) startTransition(el *dom.Node, st *cssElState, prop, from, to, reversingStart string, sp transitionSpec, shorten float64) {
	s := c.w.animations()
	t := defaultTiming()
	t.durationAuto, t.duration, t.delay, t.fill = false, sp.duration, sp.delay, "backwards"
	if f, text, ok := parseEasing(sp.easing); ok {
		t.ease, t.easing = f, text
	}
	idl := idlName(prop)
	frames := []keyframe{
		{offset: unresolved, computed: 0, easing: "linear", ease: linearEasing, composite: "auto", props: []kfProp{{idl, from}}, long: []cssDecl{{name: prop, value: from}}},
		{offset: unresolved, computed: 1, easing: "linear", ease: linearEasing, composite: "auto", props: []kfProp{{idl, to}}, long: []cssDecl{{name: prop, value: to}}},
	}
	e := &keyframeEffect{target: el, composite: "replace", timing: t, frames: frames}
	a := s.newAnimation(e, s.docTimeline())
	c.transGen++
	a.css = &cssOwned{transition: true, name: prop, owner: el, index: c.transGen, idle: true,
		from: from, to: to, reversingStart: reversingStart, shorten: shorten}
	c.begin(a)
	if st.trans == nil {
		st.trans = map[string]*animation{}
	}
	st.trans[prop] = a
}

// cssEvents queues the animation or transition events of a's change of
// phase since the last frame.
// https://drafts.csswg.org/css-animations-2/#event-dispatch
// https://drafts.csswg.org/css-transitions-2/#event-dispatch
func (s *animationState) cssEvents(a *animation) {
	e := a.effect
	if e == nil {
		return
	}
	c := e.computed()
	s.cssPhaseEvents(a, e, a.playState() == "idle", c.phase, c.currentIteration)
}

// cssPhaseEvents queues the events of a's move to phase (idle: a is idle)
// and iteration iter, with e's timing.
func (s *animationState) cssPhaseEvents(a *animation, e *keyframeEffect, idle bool, phase effectPhase, iter float64) {
	o := a.css
	t := &e.timing
	active := t.activeDuration()
	start := math.Max(math.Min(-t.delay, active), 0)
	end := math.Max(math.Min(t.endTime()-t.delay, active), 0)
	at := func(elapsed float64) float64 {
		if isUnresolved(a.start) || a.timeline == nil {
			return s.timeOf(a.timeline)
		}
		return a.start + (t.delay+elapsed)/math.Max(math.Abs(a.rate), 1e-9)
	}
	// The events of one change keep their order (after → before sends
	// its start before its end, as in Chromium): they share the time of
	// the first.
	first := unresolved
	q := func(typ string, elapsed float64) {
		if isUnresolved(first) {
			first = at(elapsed)
		}
		s.queueCSSEvent(a, typ, elapsed, first)
	}
	prevIdle, prev := o.idle, o.phase
	o.idle, o.phase = idle, phase
	prevIter := o.iter
	o.iter = iter
	if idle {
		return // cancel events are queued by cancel
	}
	if phase == phaseIdle {
		// The effect has no local time (its animation lost its
		// timeline): a cancel, unless it had ended, with no active time
		// (0, as in Chromium).
		// https://drafts.csswg.org/css-animations-2/#event-dispatch
		if !prevIdle && prev != phaseIdle && prev != phaseAfter {
			typ := "animationcancel"
			if o.transition {
				typ = "transitioncancel"
			}
			q(typ, 0)
		}
		return
	}
	before := prevIdle || prev == phaseBefore || prev == phaseIdle
	if o.transition {
		switch {
		case prevIdle && phase == phaseBefore:
			q("transitionrun", start)
		case prevIdle && phase == phaseActive:
			q("transitionrun", start)
			q("transitionstart", start)
		case prevIdle && phase == phaseAfter:
			q("transitionrun", start)
			q("transitionstart", start)
			q("transitionend", end)
		case before && phase == phaseActive:
			q("transitionstart", start)
		case before && phase == phaseAfter:
			q("transitionstart", start)
			q("transitionend", end)
		case prev == phaseActive && phase == phaseAfter:
			q("transitionend", end)
		case prev == phaseActive && phase == phaseBefore:
			q("transitionend", start)
		case prev == phaseAfter && phase == phaseActive:
			q("transitionstart", end)
		case prev == phaseAfter && phase == phaseBefore:
			q("transitionstart", end)
			q("transitionend", start)
		}
		return
	}
	switch {
	case before && phase == phaseActive:
		q("animationstart", start)
	case before && phase == phaseAfter:
		q("animationstart", start)
		q("animationend", end)
	case prev == phaseActive && phase == phaseBefore:
		q("animationend", start)
	case prev == phaseActive && phase == phaseActive:
		if !isUnresolved(prevIter) && !isUnresolved(iter) && prevIter != iter {
			// the boundary crossed: the end of the current iteration
			// when going backwards
			boundary := iter
			if prevIter > iter {
				boundary = iter + 1
			}
			q("animationiteration", (boundary-t.iterationStart)*t.iterationDuration())
		}
	case prev == phaseActive && phase == phaseAfter:
		q("animationend", end)
	case prev == phaseAfter && phase == phaseActive:
		q("animationstart", end)
	case prev == phaseAfter && phase == phaseBefore:
		q("animationstart", end)
		q("animationend", start)
	}
}

// cssCancelled queues animationcancel or transitioncancel when a, a CSS
// animation or transition that sent events, is cancelled.
func (s *animationState) cssCancelled(a *animation) {
	o := a.css
	if o.idle || o.phase == phaseAfter {
		// (Chromium sends none for an animation that has ended)
		o.idle = true
		return
	}
	o.idle = true
	elapsed := 0.0
	if a.effect != nil {
		if c := a.effect.computed(); !isUnresolved(c.activeTime) {
			elapsed = c.activeTime
		}
	}
	typ := "animationcancel"
	if o.transition {
		typ = "transitioncancel"
	}
	s.queueCSSEvent(a, typ, elapsed, s.timeOf(a.timeline))
}

// queueCSSEvent queues an AnimationEvent or TransitionEvent at a's owning
// element, elapsed ms into its active interval, scheduled at timeline
// time at.
func (s *animationState) queueCSSEvent(a *animation, typ string, elapsed, at float64) {
	o := a.css
	if o.owner == nil {
		return
	}
	ev := dom.NewEvent(typ, true, true) // cancelable in Chromium (the specs say no)
	ev.IsTrusted = true
	kind := "AnimationEvent"
	if o.transition {
		kind = "TransitionEvent"
	}
	d := &eventData{kind: kind, detail: goja.Null(), view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
	x := d.extra()
	x.name, x.elapsed = o.name, elapsed/1000
	if o.pseudo != "" {
		x.pseudo = "::" + o.pseudo
	}
	ev.Detail = d
	s.events = append(s.events, animEvent{a: a, ev: ev, target: o.owner, at: at})
}

// cssNextEvent is the timeline time of a's next phase or iteration
// boundary after now (unresolved when there is none): the frame its
// events are sent at. The end is the finish time schedule knows.
func (a *animation) cssNextEvent() float64 {
	e := a.effect
	if e == nil || isUnresolved(a.start) || !isUnresolved(a.hold) || a.rate <= 0 {
		return unresolved
	}
	t := &e.timing
	local := a.currentTime()
	if local < t.delay {
		return a.start + t.delay/a.rate
	}
	d := t.iterationDuration()
	if a.css.transition || d <= 0 || math.IsInf(t.iterations, 1) {
		return unresolved
	}
	k := math.Floor((local-t.delay)/d) + 1
	if b := t.delay + k*d; b < t.delay+t.activeDuration() {
		return a.start + b/a.rate
	}
	return unresolved
}

// cssMoved tells whether a's phase or iteration changed since its last
// events (a seek): the next frame sends their events.
func (a *animation) cssMoved() bool {
	o := a.css
	if o.idle || a.effect == nil {
		return false
	}
	c := a.effect.computed()
	return c.phase != o.phase || !o.transition && c.currentIteration != o.iter && !isUnresolved(c.currentIteration) && !isUnresolved(o.iter)
}

// cssOrder orders CSS transitions before CSS animations before script
// animations; the CSS ones by owning element in tree order, then by
// transition generation or animation-name position.
// https://drafts.csswg.org/css-animations-2/#animation-composite-order
func cssOrder(a, b *animation) int {
	rank := func(x *animation) int {
		switch {
		case x.css == nil:
			return 2
		case x.css.transition:
			return 0
		}
		return 1
	}
	ra, rb := rank(a), rank(b)
	if ra != rb || ra == 2 {
		return ra - rb
	}
	if a.css.owner != b.css.owner {
		if a.css.owner.CompareDocumentPosition(b.css.owner)&dom.DocumentPositionFollowing != 0 {
			return -1
		}
		return 1
	}
	if pa, pb := pseudoRank(a.css.pseudo), pseudoRank(b.css.pseudo); pa != pb {
		return pa - pb
	}
	return a.css.index - b.css.index
}

// pseudoRank orders an element's animations by what they animate: the
// element, then its ::marker, ::before and ::after.
func pseudoRank(pseudo string) int {
	if pseudo == "" {
		return 0
	}
	return 1 + slices.Index(animatedPseudos[:], pseudo)
}

// The interfaces.

var cssAnimationIface = &bind.Interface{
	Name: "CSSAnimation", Parent: "Animation",
	Attributes: []bind.Attribute{
		{Name: "animationName", Get: animGet(func(w *Window, a *animation) goja.Value {
			if a.css == nil {
				return w.str("")
			}
			return w.str(a.css.name)
		})},
	},
}

var cssTransitionIface = &bind.Interface{
	Name: "CSSTransition", Parent: "Animation",
	Attributes: []bind.Attribute{
		{Name: "transitionProperty", Get: animGet(func(w *Window, a *animation) goja.Value {
			if a.css == nil {
				return w.str("")
			}
			return w.str(a.css.name)
		})},
	},
}

// presentationDirty is the document's hook for a changed presentational
// attribute: the rendering update of the next frame updates style, which
// reads it (dom.Document.StyleUpdated).
func (w *Window) presentationDirty() {
	if w.loop == nil {
		return
	}
	w.loop.SetFrameTimer(w.loop.Elapsed(), w.doc.StyleUpdated)
}
