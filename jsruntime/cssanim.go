package jsruntime

import (
	"math"
	"slices"
	"strconv"
	"strings"

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
}

// cssKeyframe is one offset of a keyframe rule's selector with the rule's
// declarations.
type cssKeyframe struct {
	offset float64
	easing string // its animation-timing-function, "" when it has none
	decls  []cssDecl
}

// parseKeyframes reads the body of an @keyframes rule named name.
func parseKeyframes(name, body string) *keyframesRule {
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
			switch sel = strings.ToLower(strings.TrimSpace(sel)); {
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
		for _, d := range parseDeclarations(block) {
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
	allProps []string // the properties transition: all watches, per walk
	// dirty are the roots of the subtrees whose style may have changed
	// since the last walk (mutated elements, inserted nodes); full asks
	// for a walk of the whole document (sheets changed), removed for a
	// check of the animating elements still connected.
	dirty   []*dom.Node
	full    bool
	removed bool
	// cand indexes the rules that may start animations or transitions by
	// the class or id their subject needs ("" for the others), for the
	// sheets' build candBuild.
	cand      *ruleIndex
	candBuild uint64
	// specs and order are updateTransitions' scratch space (an element
	// with transition: all lists every animatable property the sheets
	// declare).
	specs map[string]transitionSpec
	order []string
}

// cssElState is an element's CSS animations and transitions.
type cssElState struct {
	gen    uint64
	anims  []*animation
	trans  map[string]*animation
	before map[string]string // the after-change values of the last walk
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
	}
}

// flushStyle is a forced style update: script reads computed style or a
// box.
func (w *Window) flushStyle() {
	if w.doc == nil || w.loop == nil {
		return
	}
	if c := w.cssAnimations(); !c.inUpdate {
		c.update()
	}
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
		switch r.Type {
		case dom.AttributesMutation:
			c.dirty = append(c.dirty, r.Target)
		case dom.ChildListMutation:
			if isStyleSheetNode(r.Target) {
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
			if p := r.Target.ParentNode(); p != nil && isStyleSheetNode(p) {
				c.full = true
			}
		}
		if len(c.dirty) > 4096 {
			c.dirty, c.full = nil, true
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
				w.cssAnimations().requestFrame()
			}
		}
	}
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
// animations and transitions of the document's elements.
func (c *cssAnimState) update() {
	w := c.w
	w.refreshSheets()
	sh := &w.sheets
	c.active = sh.declarative || sh.inlineDeclarative || len(c.els) > 0
	if !c.active {
		return
	}
	v := w.doc.Version()
	if c.walked && v == c.version && sh.cssomEdits == c.edits {
		return
	}
	full := !c.walked || c.full || sh.cssomEdits != c.edits || sh.builds != c.candBuild
	c.walked, c.version, c.edits = true, v, sh.cssomEdits
	c.inUpdate = true
	defer func() { c.inUpdate = false }()
	c.gen++
	c.allProps = nil
	if sh.builds != c.candBuild || c.cand == nil {
		c.indexRules()
	}
	dirty, removed := c.dirty, c.removed
	c.dirty, c.full, c.removed = nil, false, false
	if full {
		c.walk(&w.doc.Node, false)
		// Elements gone from the document or from rendering lose their
		// animations.
		for el, st := range c.els {
			if st.gen != c.gen {
				c.drop(el, st)
			}
		}
	} else {
		for _, n := range dirty {
			if n.IsConnected() && n.Document() == w.doc {
				c.walk(n, true)
			}
		}
		if removed {
			for el, st := range c.els {
				if !el.IsConnected() {
					c.drop(el, st)
				}
			}
		}
	}
	if s := w.anim; s != nil {
		s.schedule()
	}
}

// walk visits root's subtree (with root itself when self is set) in tree
// order, skipping subtrees that are not rendered and elements this walk
// visited already.
func (c *cssAnimState) walk(root *dom.Node, self bool) {
	visit := func(n *dom.Node) bool {
		if !n.IsElement() {
			return true
		}
		if st := c.els[n]; st != nil && st.gen == c.gen {
			return true // a subtree of an earlier dirty root
		}
		return c.visit(n)
	}
	if self && !visit(root) {
		return
	}
	for n := root.First(); n != nil; {
		descend := visit(n)
		if f := n.First(); descend && f != nil {
			n = f
			continue
		}
		for n != nil && n != root && n.Next() == nil {
			n = n.ParentNode()
		}
		if n == nil || n == root {
			break
		}
		n = n.Next()
	}
}

// indexRules indexes the rules declaring animation-name,
// transition-duration or transition-delay by a class or id their subject
// needs, read from the selector's text: the candidate test then matches
// an element against the few rules its classes name.
func (c *cssAnimState) indexRules() {
	sh := &c.w.sheets
	c.candBuild = sh.builds
	c.cand = &ruleIndex{}
	for _, p := range [...]string{"animation-name", "transition-duration", "transition-delay"} {
		rs := sh.byProp[p]
		for i := range rs {
			r := &rs[i]
			if r.sel.PseudoElement() != "" {
				continue
			}
			c.cand.add(r)
		}
	}
}

// visit updates el; false skips its subtree (display: none).
func (c *cssAnimState) visit(el *dom.Node) bool {
	st := c.els[el]
	if st == nil && !c.candidate(el) {
		return true
	}
	if !c.rendered(el) {
		if st != nil {
			c.drop(el, st)
		}
		return false
	}
	if st == nil {
		st = &cssElState{}
	}
	st.gen = c.gen
	c.updateAnimations(el, st)
	c.updateTransitions(el, st)
	if len(st.anims) == 0 && len(st.trans) == 0 && len(st.before) == 0 {
		delete(c.els, el)
	} else {
		c.els[el] = st
	}
	return true
}

// rendered tells whether el and its ancestors have a display other than
// none (displays are memoized per document version).
func (c *cssAnimState) rendered(el *dom.Node) bool {
	for a := el; a != nil && a.IsElement(); a = a.ParentElement() {
		if c.w.display(a) == "none" {
			return false
		}
	}
	return true
}

// candidate tells whether el may have animations or transitions.
func (c *cssAnimState) candidate(el *dom.Node) bool {
	if a, ok := el.GetAttribute("style"); ok && mentionsDeclarative(a) {
		return true
	}
	return c.cand.matchesAny(el)
}

// drop cancels el's animations and transitions and forgets it.
func (c *cssAnimState) drop(el *dom.Node, st *cssElState) {
	for _, a := range st.anims {
		a.cancel()
	}
	for _, a := range st.trans {
		a.cancel()
	}
	delete(c.els, el)
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
	w := c.w
	nameVal, _ := w.computedValue(el, "animation-name")
	if nameVal == "none" || nameVal == "" {
		if len(st.anims) > 0 {
			for _, a := range st.anims {
				a.cancel()
			}
			st.anims = nil
		}
		return
	}
	get := func(p string) []string {
		v, _ := w.computedValue(el, p)
		return splitTopLevelCommas(v)
	}
	names := splitTopLevelCommas(nameVal)
	durs, fns, delays := get("animation-duration"), get("animation-timing-function"), get("animation-delay")
	iters, dirs, fills, plays := get("animation-iteration-count"), get("animation-direction"), get("animation-fill-mode"), get("animation-play-state")
	old := st.anims
	used := make([]bool, len(old))
	var next []*animation
	s := w.animations()
	for i, name := range names {
		if len(name) >= 2 && (name[0] == '"' || name[0] == '\'') {
			name = name[1 : len(name)-1]
		}
		rule := w.sheets.keyframes[name]
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
			e.implicitEase, _, _ = parseEasing(easing)
			a = s.newAnimation(e, s.docTimeline())
			a.css = &cssOwned{name: name, owner: el, idle: true, paused: paused, rule: rule, easing: easing}
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
	for j, a := range old {
		if !used[j] {
			a.cancel()
		}
	}
	st.anims = next
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
	for p, a := range st.trans {
		if sp, ok := specs[p]; !ok || sp.duration+sp.delay <= 0 {
			c.endTransition(a)
			delete(st.trans, p)
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
	if c.allProps == nil {
		c.allProps = []string{}
		for p := range c.w.sheets.byProp {
			if animatableLonghand(p) {
				c.allProps = append(c.allProps, p)
			}
		}
		slices.Sort(c.allProps)
	}
	out := c.allProps
	if a, ok := el.GetAttribute("style"); ok {
		for _, d := range parseDeclarations(a) {
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

// baseValue is prop's computed value on el without animations.
func (c *cssAnimState) baseValue(el *dom.Node, prop string) string {
	if s := c.w.anim; s != nil {
		return s.underlying(el, prop)
	}
	v, _ := c.w.computedValue(el, prop)
	return v
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
	o := a.css
	e := a.effect
	if e == nil {
		return
	}
	t := &e.timing
	c := e.computed()
	idle := a.playState() == "idle"
	phase := c.phase
	active := t.activeDuration()
	start := math.Max(math.Min(-t.delay, active), 0)
	end := math.Max(math.Min(t.endTime()-t.delay, active), 0)
	at := func(elapsed float64) float64 {
		if isUnresolved(a.start) {
			return s.timeOf(a.timeline)
		}
		return a.start + (t.delay+elapsed)/math.Max(math.Abs(a.rate), 1e-9)
	}
	q := func(typ string, elapsed float64) { s.queueCSSEvent(a, typ, elapsed, at(elapsed)) }
	prevIdle, prev := o.idle, o.phase
	o.idle, o.phase = idle, phase
	prevIter := o.iter
	o.iter = c.currentIteration
	if idle {
		return // cancel events are queued by cancel
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
		if !isUnresolved(prevIter) && !isUnresolved(c.currentIteration) && prevIter != c.currentIteration {
			q("animationiteration", (c.currentIteration-t.iterationStart)*t.iterationDuration())
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
	return a.css.index - b.css.index
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
