package jsruntime

import (
	"slices"
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/cssscan"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Style sheets of shadow trees (https://drafts.csswg.org/css-scoping/#shadow-dom):
// the <style> elements of a shadow tree style the elements of that tree and
// nothing outside it, except through :host, which styles the tree's host,
// and ::slotted(), which styles the light-DOM children slotted into it. Web
// components hide themselves and their parts that way (Material Web's
// focus ring is `:host { display: none }` until focused, dialogs and menus
// are `:host(:not([open])) { display: none }`), so without it their light
// content counted as visible text. The document's sheets, in turn, do not
// reach into shadow trees.

// Kinds of shadow-tree rule.
const (
	scopeTree    = iota // an element of the tree (possibly under :host(…))
	scopeHost           // the host itself
	scopeSlotted        // a light child slotted into the tree
)

type scopedRule struct {
	kind    int
	sel     cascadia.Sel // the element's selector; nil for a bare :host
	hostSel cascadia.Sel // the argument of :host(…) or :host-context(…), or nil
	// slotSel is what the slot of a ::slotted() rule must match when
	// the rule qualifies it (header ::slotted(*), slot[name=a]::slotted(p)),
	// or nil
	slotSel cascadia.Sel
	// context: hostSel is :host-context()'s, matched by the host or a
	// shadow-including ancestor of it.
	context bool
	// more is what the rest of the :host compound asks, or nil.
	more *hostCompound
	// pseudo is the pseudo-element the rule selects ("before"), or ""
	pseudo string
	spec   cascadia.Specificity
	decl   cssDecl
	order  int
}

// hostCompound is what a :host compound adds to its first pseudo-class:
// the arguments of further :host() pseudo-classes, which the host must
// match, and of :has(), which its shadow root must satisfy
// (`:host:has(.open)` looks into the host's shadow tree).
type hostCompound struct {
	also []cascadia.Sel
	has  []func(*dom.Node) bool
	// pred is what a compound the featureless host matches other than
	// through a leading :host asks (`:where(:host)`, `:not(:host(.x))`;
	// featureless.go), or nil
	pred func(*dom.Node) bool
}

// shadowStyles are one shadow root's rules, by property.
type shadowStyles struct {
	// owners is the sheets.ownersGen the sources were collected at
	// (sheetsMutated bumps it when a <style> changes anywhere).
	owners, edits uint64
	adoptedLen    int64
	sources       []string
	byProp        map[string][]scopedRule
	// keyframes are the tree's @keyframes rules by name (the last of a
	// name), or nil (cssanim.go's keyframesFor)
	keyframes map[string]*keyframesRule
}

// shadowParsedSheet is one shadow-tree sheet's rules and keyframes.
type shadowParsedSheet struct {
	rules []scopedRule
	kfs   []*keyframesRule
}

// scopedRules returns the rules of shadow root sr's sheets declaring prop.
func (w *Window) scopedRules(sr *dom.Node, prop string) []scopedRule {
	v := w.sheets.ownersGen
	s := w.shadowSheets[sr]
	adoptedLen := w.adoptedLen(sr)
	if s != nil && s.owners == v && s.edits == w.sheets.cssomEdits && s.adoptedLen == adoptedLen {
		return s.byProp[prop]
	}
	var sources []string
	sr.Descendants(func(n *dom.Node) bool {
		if isStyleElement(n) {
			sources = append(sources, w.sheetText(n))
		}
		return true
	})
	sources = append(sources, w.adoptedTexts(sr)...)
	if s != nil && slices.Equal(s.sources, sources) {
		s.owners, s.edits, s.adoptedLen = v, w.sheets.cssomEdits, adoptedLen
		return s.byProp[prop]
	}
	if w.shadowSheets == nil {
		w.shadowSheets = make(map[*dom.Node]*shadowStyles)
		w.shadowParsed = make(map[string]shadowParsedSheet)
	}
	if s != nil {
		// rules read before, now others: the layouts made with them are
		// stale (restyleShadowHosts)
		w.shadowRestyled = append(w.shadowRestyled, sr)
	}
	s = &shadowStyles{owners: v, edits: w.sheets.cssomEdits, adoptedLen: adoptedLen, sources: sources, byProp: make(map[string][]scopedRule)}
	order := 0
	vp := w.viewport()
	quirks := false
	if d := sr.Document(); d != nil && d.CompatMode() == "BackCompat" {
		quirks = true
	}
	for _, src := range sources {
		key := src
		if quirks {
			key = "\x00quirks\x00" + src // parsed otherwise
		}
		ps, ok := w.shadowParsed[key]
		if !ok {
			p := sheetParser{vp: vp, quirks: quirks, rule: func(_, selector string, decls []cssDecl) {
				// @container blocks apply unconditionally, and the
				// rules match whatever the sheet's default namespace
				selector, _ = cutContainer(selector)
				selector, _ = cutNamespace(selector)
				selector, ok := flatScope(selector) // cssnesting.go
				if !ok {
					return
				}
				for _, one := range splitSelectorList(selector) {
					ps.rules = appendScoped(ps.rules, one, decls, quirks)
				}
			}, keyframes: func(_, name, body string) {
				ps.kfs = append(ps.kfs, parseKeyframes(name, body, quirks)) // cssanim.go
			}}
			p.parse(stripComments(src), "", 0)
			w.shadowParsed[key] = ps
		}
		for _, k := range ps.kfs {
			if s.keyframes == nil {
				s.keyframes = map[string]*keyframesRule{}
			}
			s.keyframes[k.name] = k
		}
		for _, r := range ps.rules {
			order++
			r.order = order
			s.byProp[r.decl.name] = append(s.byProp[r.decl.name], r)
		}
	}
	w.shadowSheets[sr] = s
	return s.byProp[prop]
}

// shadowKeyframes returns the @keyframes rules of shadow root sr's
// sheets by name, or nil.
func (w *Window) shadowKeyframes(sr *dom.Node) map[string]*keyframesRule {
	w.scopedRules(sr, "") // brought up to date
	if s := w.shadowSheets[sr]; s != nil {
		return s.keyframes
	}
	return nil
}

// restyleShadowHosts forgets f's boxes of each shadow host whose shadow
// tree's sheets changed since (a <style> added to the tree, removed or
// edited, its adoptedStyleSheets set, a rule inserted into a sheet it
// adopted): the host's own box (:host rules) and its tree's. Nothing else
// tells the estimate, as the document's sheets are unchanged and a
// mutation inside a shadow tree restyles no host: Swiper Element adopts
// its `:host { display: block }` sheet after the page measured its
// container inline, 0 px wide.
func (w *Window) restyleShadowHosts(f *flowLayout) {
	if len(w.shadowSheets) == 0 || !f.doc.HasShadowRoots() {
		return
	}
	key := [2]uint64{w.sheets.ownersGen, w.sheets.cssomEdits}
	if key == f.shadowKey && len(w.shadowRestyled) == 0 {
		return
	}
	f.shadowKey = key
	for sr := range w.shadowSheets {
		w.scopedRules(sr, "") // rebuilt if its sheets changed
	}
	kept := w.shadowRestyled[:0]
	for _, sr := range w.shadowRestyled {
		if sr.Document() != f.doc {
			kept = append(kept, sr) // a frame's, for its own estimate
			continue
		}
		if h := sr.Host(); h != nil && h.IsConnected() && len(f.boxes) > 0 {
			f.styleChanged(h)
		}
	}
	clear(w.shadowRestyled[len(kept):])
	w.shadowRestyled = kept
}

// appendScoped appends the rules of one selector of a shadow tree's sheet,
// one per declaration. In a quirks-mode document its class and ID
// selectors match ASCII case-insensitively (dom.QuirksCaseSelector), with
// the specificity they have as written.
func appendScoped(rules []scopedRule, selector string, decls []cssDecl, quirks bool) []scopedRule {
	r, ok := parseScopedSelector(selector)
	if !ok {
		return rules
	}
	if q := dom.QuirksCaseSelector(selector); quirks && q != selector {
		if rq, ok := parseScopedSelector(q); ok {
			rq.spec = r.spec
			r = rq
		}
	}
	for _, d := range decls {
		r.decl = d
		rules = append(rules, r)
	}
	return rules
}

// pseudoSpec is the specificity :host and ::slotted add to their argument's.
var pseudoSpec = cascadia.Specificity{0, 1, 0}

// parseScopedSelector reads :host, :host(C), :host(C) rest, ::slotted(C),
// :host(C) ::slotted(D), X ::slotted(D) and X::slotted(D) (X a selector
// of the slot), :host-context(C) in place of :host(C), and plain
// selectors; ok is false for what it does not handle (pseudo-classes
// after :host). The selectors nested in C
// and D are compounds (dom.CompoundOnlyArg).
func parseScopedSelector(s string) (scopedRule, bool) {
	s = strings.TrimSpace(s)
	if base, pe, ok := cutPseudoElement(s); ok {
		// :host::before, .icon::after, ::slotted(p)::marker: the
		// pseudo-element of what the rest selects
		r, ok := parseScopedSelector(base)
		if !ok || r.pseudo != "" {
			return r, false
		}
		r.pseudo, r.spec = pe, r.spec.Add(cascadia.Specificity{0, 0, 1})
		return r, true
	}
	var r scopedRule
	switch {
	case strings.HasPrefix(s, ":host"):
		rest := s[len(":host"):]
		r.spec = pseudoSpec
		if strings.HasPrefix(rest, "-context") {
			// :host-context(C): https://drafts.csswg.org/css-scoping/#host-selector
			rest, r.context = rest[len("-context"):], true
			if !strings.HasPrefix(rest, "(") {
				return r, false
			}
		}
		if strings.HasPrefix(rest, "(") {
			arg, after, ok := parenArg(rest)
			if !ok {
				return r, false
			}
			sel, err := parseStyleSel(dom.CompoundOnlyArg(arg))
			if err != nil {
				return r, false
			}
			r.hostSel, r.spec = sel, r.spec.Add(sel.Specificity())
			rest = after
		}
		for {
			// :host:has(.a), :host(.x):has(> .b):host(.y)
			name := ""
			switch {
			case strings.HasPrefix(rest, ":has("):
				name = ":has"
			case strings.HasPrefix(rest, ":host("):
				name = ":host"
			}
			if name == "" {
				break
			}
			arg, after, ok := parenArg(rest[len(name):])
			if !ok {
				return r, false
			}
			if r.more == nil {
				r.more = &hostCompound{}
			}
			if name == ":has" {
				pred, spec, err := dom.ParseHasArgument(arg)
				if err != nil {
					return r, false
				}
				r.more.has, r.spec = append(r.more.has, pred), r.spec.Add(spec)
			} else {
				sel, err := parseStyleSel(dom.CompoundOnlyArg(arg))
				if err != nil {
					return r, false
				}
				r.more.also, r.spec = append(r.more.also, sel), r.spec.Add(pseudoSpec).Add(sel.Specificity())
			}
			rest = after
		}
		if strings.HasPrefix(rest, ":") { // :host:not(.x), :host:hover
			return featurelessHostRule(s)
		}
		rest = strings.TrimSpace(rest)
		if rest == "" {
			r.kind = scopeHost
			return r, true
		}
		if strings.HasPrefix(rest, "::slotted(") {
			// :host(:state(x)) ::slotted([flag=x]): a slotted element,
			// while the host matches
			arg, after, ok := parenArg(rest[len("::slotted"):])
			if !ok || strings.TrimSpace(after) != "" {
				return r, false
			}
			sel, err := parseStyleSel(dom.CompoundOnlyArg(arg))
			if err != nil {
				return r, false
			}
			r.kind, r.sel, r.spec = scopeSlotted, sel, r.spec.Add(cascadia.Specificity{0, 0, 1}).Add(sel.Specificity())
			return r, true
		}
		// :host(.x) .part: an element of the tree, while the host matches.
		rest = strings.TrimSpace(strings.TrimPrefix(rest, ">"))
		sel, err := parseStyleSel(rest)
		if err != nil {
			return r, false
		}
		r.kind, r.sel, r.spec = scopeTree, sel, r.spec.Add(sel.Specificity())
		return r, true
	case strings.HasPrefix(s, "::slotted("):
		arg, after, ok := parenArg(s[len("::slotted"):])
		if !ok || strings.TrimSpace(after) != "" {
			return r, false
		}
		sel, err := parseStyleSel(dom.CompoundOnlyArg(arg))
		if err != nil {
			return r, false
		}
		r.kind, r.sel, r.spec = scopeSlotted, sel, cascadia.Specificity{0, 0, 1}.Add(sel.Specificity())
		return r, true
	}
	if i := strings.Index(s, "::slotted("); i > 0 {
		// X ::slotted(D): an element slotted into a slot matching
		// X * (PatternFly's card: header ::slotted(*)), X::slotted(D):
		// into a slot matching X
		arg, after, ok := parenArg(s[i+len("::slotted"):])
		if !ok || strings.TrimSpace(after) != "" {
			return r, false
		}
		prefix := s[:i]
		if t := strings.TrimRight(prefix, " \t\n\r\f"); t != prefix || strings.HasSuffix(t, ">") || strings.HasSuffix(t, "+") || strings.HasSuffix(t, "~") {
			prefix += "*"
		}
		slotSel, err := parseStyleSel(prefix)
		if err != nil {
			return r, false
		}
		sel, err := parseStyleSel(dom.CompoundOnlyArg(arg))
		if err != nil {
			return r, false
		}
		r.kind, r.sel, r.slotSel = scopeSlotted, sel, slotSel
		r.spec = slotSel.Specificity().Add(cascadia.Specificity{0, 0, 1}).Add(sel.Specificity())
		return r, true
	}
	if strings.Contains(ascii.Lower(s), ":host") {
		// :where(:host), :not(:host(.closed)): the featureless host
		if r, ok := featurelessHostRule(s); ok {
			return r, true
		}
	}
	sel, err := parseStyleSel(s)
	if err != nil {
		return r, false
	}
	r.kind, r.sel, r.spec = scopeTree, sel, sel.Specificity()
	return r, true
}

// parenArg splits "(arg)rest" at the parenthesis closing the first one.
func parenArg(s string) (arg, rest string, ok bool) {
	if s == "" || s[0] != '(' {
		return "", "", false
	}
	end := cssscan.BlockEnd(s, 0)
	if end >= len(s) {
		return "", "", false
	}
	return s[1:end], s[end+1:], true
}

// bestScoped is the winning declaration of prop among the rules of shadow
// root sr of the given kind that apply to el, or to its pseudo-element
// pseudo when that is not "".
func (w *Window) bestScoped(sr, el *dom.Node, prop string, kind int, pseudo string) *scopedRule {
	var best *scopedRule
	host := sr.Host()
	rules := w.scopedRules(sr, prop)
	for i := range rules {
		r := &rules[i]
		if r.kind != kind || r.pseudo != pseudo {
			continue
		}
		if (r.hostSel != nil || r.more != nil) && (host == nil || !r.hostMatches(host)) {
			continue
		}
		if r.sel != nil && !r.sel.Match(el.HTML()) {
			continue
		}
		if r.slotSel != nil {
			// the slot of sr's tree el is assigned to, through the
			// slots of the trees between
			slot := el.AssignedSlot()
			for i := 0; slot != nil && slot.Root() != sr && i < maxBoxDepth; i++ {
				slot = slot.AssignedSlot()
			}
			if slot == nil || slot.Root() != sr || !r.slotSel.Match(slot.HTML()) {
				continue
			}
		}
		if best == nil || r.decl.important && !best.decl.important ||
			r.decl.important == best.decl.important && !r.spec.Less(best.spec) {
			best = r
		}
	}
	return best
}

// hostMatches reports whether host satisfies the rule's :host(C) or
// :host-context(C): host matches C, or for :host-context one of its
// shadow-including ancestors does; and what its :host compound adds.
func (r *scopedRule) hostMatches(host *dom.Node) bool {
	if m := r.more; m != nil {
		if m.pred != nil && !m.pred(host) {
			return false
		}
		for _, sel := range m.also {
			if !sel.Match(host.HTML()) {
				return false
			}
		}
		for _, has := range m.has {
			if sr := host.ShadowRoot(); sr == nil || !has(sr) {
				return false
			}
		}
	}
	switch {
	case r.hostSel == nil:
		return true
	case !r.context:
		return r.hostSel.Match(host.HTML())
	}
	for a := host; a != nil; a = a.ShadowIncludingParent() {
		if a.Type == html.ElementNode && r.hostSel.Match(a.HTML()) {
			return true
		}
	}
	return false
}

// innerScoped is the winning declaration of prop for el (or its
// pseudo-element pseudo) from the shadow trees el belongs to only as a
// host or a slotted child: these lose to the outer tree's normal
// declarations and win over its important ones
// (https://drafts.csswg.org/css-cascade-5/#cascade-context). Among them,
// in shadow-including tree order, come first the trees el is slotted
// into, through each slot its slot is assigned to in turn (::slotted()
// matches the flattened slottables: a slot is none), then el's own
// shadow tree (:host): the first normal declaration wins, or the last
// important one.
func (w *Window) innerScoped(el *dom.Node, prop, pseudo string) *scopedRule {
	var normal, important *scopedRule
	consider := func(r *scopedRule) {
		switch {
		case r == nil:
		case r.decl.important:
			important = r
		case normal == nil:
			normal = r
		}
	}
	if !(el.Namespace == "" && el.Data == "slot") {
		for s, i := el.AssignedSlot(), 0; s != nil && i < maxBoxDepth; s, i = s.AssignedSlot(), i+1 {
			consider(w.bestScoped(s.Root(), el, prop, scopeSlotted, pseudo))
		}
	}
	if sr := el.ShadowRoot(); sr != nil {
		consider(w.bestScoped(sr, el, prop, scopeHost, pseudo))
	}
	if important != nil {
		return important
	}
	return normal
}
