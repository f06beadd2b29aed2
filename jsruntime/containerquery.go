package jsruntime

import (
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
)

// Container queries for the cascade. The rules of an @container block
// carry its prelude after containerMark at the end of their selector
// text (one mark per level of nested @container), and parseRuleSelectors
// wraps their selectors in a containerSel, which matches an element its
// selector matches when each level's condition holds for the element's
// query container: its nearest ancestor (in the flat tree) with the
// condition's name in its container-name and, when the query reads a
// size, a container-type exposing that size (size: both, inline-size:
// the width); for a style() query alone every element is a container. A
// condition with no such container is unknown: false.
// https://drafts.csswg.org/css-conditional-5/#container-rule
//
// Sizes are the flow estimate's content box of the container (flow.go).
// A container's own style never depends on its queries (they look at its
// ancestors only), so styles are evaluated top down; what could still
// loop is the estimate measuring the container while it styles the
// container's descendants (a shrink-to-fit container sized by its
// content, which the estimate does not contain): a query asked about a
// container whose size is being measured is unknown (false), and so
// are the rules depending on it for that measure.
//
// What they depend on is a container's size, which any change of the
// tree may change (a sibling's class narrowing it): the matches of a
// container rule are made again after every change (invVolatile in
// matchinval.go), and the flow estimate forgets everything at every
// change when the sheets have one (depContainer).

// containerMark separates a style rule's selector text from the prelude
// of each @container it is in.
const containerMark = "\x00container\x00"

// cutContainer splits a rule's selector text from its @container
// preludes (the marks kept in cq, "" when there are none).
func cutContainer(selector string) (sel, cq string) {
	if i := strings.Index(selector, containerMark); i >= 0 {
		return selector[:i], selector[i:]
	}
	return selector, ""
}

// parseContainerMarks parses the preludes of cq (as cutContainer left
// them); ok is false when one is invalid (the sheet parser dropped such
// blocks, so only a damaged text gets here).
func parseContainerMarks(cq string) ([]*webapi.ContainerQuery, bool) {
	var out []*webapi.ContainerQuery
	for _, p := range strings.Split(cq, containerMark)[1:] {
		q, ok := webapi.ParseContainerQuery(p)
		if !ok {
			return nil, false
		}
		out = append(out, q)
	}
	return out, true
}

// containerSel is a selector of a rule in @container blocks.
type containerSel struct {
	cascadia.Sel
	queries []*webapi.ContainerQuery
}

func (s containerSel) Match(n *html.Node) bool {
	if !s.Sel.Match(n) {
		return false
	}
	el := dom.FromHTML(n)
	w := windowOf(el)
	if w == nil {
		return false
	}
	self := s.Sel.PseudoElement() != "" // a pseudo-element's container may be its element
	for _, q := range s.queries {
		if !w.containerQueryHolds(el, q, self) {
			return false
		}
	}
	return true
}

// windowOf is the window whose cascade styles el's document: the page's,
// or the page's for a frame's document; nil for a document with none
// (made by DOMParser or createHTMLDocument) or a node in none.
func windowOf(el *dom.Node) *Window {
	d := el.Document()
	if d == nil {
		return nil
	}
	switch t := d.ParentTarget.(type) {
	case *Window:
		return t
	case *frame:
		return t.w
	}
	return nil
}

// containerQueryHolds tells whether one of q's conditions holds for el:
// it has a query container that the condition's query is true of. self
// lets el itself be the container (the element of a pseudo-element).
func (w *Window) containerQueryHolds(el *dom.Node, q *webapi.ContainerQuery, self bool) bool {
	for _, c := range q.Conds {
		if w.containerCondHolds(el, c, self) {
			return true
		}
	}
	return false
}

func (w *Window) containerCondHolds(el *dom.Node, c *webapi.ContainerCond, self bool) bool {
	width, height, _ := c.Reads()
	inline, block := c.ReadsLogical()
	a := el
	if !self {
		a = w.flatParent(el)
	}
	for ; a != nil; a = w.flatParent(a) {
		if c.Name != "" && !w.hasContainerName(a, c.Name) {
			continue
		}
		hasW, hasH, vertical := false, false, false
		if width || height || inline || block {
			hasW, hasH = w.containerAxes(a)
			if inline || block {
				vertical = w.verticalMode(a)
			}
			needW, needH := width, height
			if inline && !vertical || block && vertical {
				needW = true
			}
			if inline && vertical || block && !vertical {
				needH = true
			}
			if needW && !hasW || needH && !hasH {
				continue
			}
		}
		env := w.containerEnv(a, hasW, hasH)
		env.Vertical = vertical
		return c.Eval(env)
	}
	return false
}

// containerType is the size part of a's computed container-type: "size",
// "inline-size" or "" (normal, scroll-state).
func (w *Window) containerType(a *dom.Node) string {
	v := w.computedMemo(a, "container-type")
	for _, t := range strings.Fields(v) {
		switch t = ascii.Lower(t); t {
		case "size", "inline-size":
			return t
		}
	}
	return ""
}

// hasContainerName tells whether name is one of a's container-name.
func (w *Window) hasContainerName(a *dom.Node, name string) bool {
	v := w.computedMemo(a, "container-name")
	if v == "" || v == "none" {
		return false
	}
	for _, n := range strings.Fields(v) {
		if n == name {
			return true
		}
	}
	return false
}

// containerEnv is what a condition reads of the container a: its
// content box (the axes its type exposes), its fonts for the queries'
// relative lengths, and its custom properties.
func (w *Window) containerEnv(a *dom.Node, hasW, hasH bool) *webapi.ContainerEnv {
	env := &webapi.ContainerEnv{
		FontSize:     w.fontSize(a),
		RootFontSize: w.rootFontSize(a),
		Viewport:     w.viewport(),
		Units:        (*containerUnits)(a),
		Style: func(name string) (string, bool) {
			v, ok := w.customValue(a, name)
			if !ok {
				return "", false
			}
			if strings.Contains(v, "var(") {
				if v, ok = w.substituteVars(a, v, 0); !ok {
					return "", false
				}
			}
			return v, true
		},
	}
	if hasW || hasH {
		wd, ht, ok := w.containerSize(a)
		env.HasWidth, env.HasHeight = hasW && ok, hasH && ok
		env.Width, env.Height = wd, ht
	}
	return env
}

// containerSize is the content box of the container a in the flow
// estimate; ok is false when it has no box or is in another document
// than the page's. It reads the width a's container assigned it and its
// own height, never a's content (size containment: the content does not
// size a container; an auto height of a size container is its paddings
// and borders, as contain-intrinsic-size none gives), so the styles of
// a's descendants, which the estimate may be laying out when they ask,
// are not needed. A query about a container whose width is being
// measured (its container laying out its siblings) is unknown.
func (w *Window) containerSize(a *dom.Node) (width, height float64, ok bool) {
	if a.Document() != w.doc || !a.IsConnected() {
		return 0, 0, false
	}
	f := w.flow()
	for p := a; p != nil; p = w.flatParent(p) {
		if f.display(p) == "none" {
			return 0, 0, false
		}
	}
	if !sizeContainable(f.display(a)) {
		return 0, 0, false
	}
	if !f.box(a).widthSet {
		if w.cqMeasuring[a] {
			return 0, 0, false
		}
		if w.cqMeasuring == nil {
			w.cqMeasuring = map[*dom.Node]bool{}
		}
		w.cqMeasuring[a] = true
		f.borderWidth(a)
		delete(w.cqMeasuring, a)
	}
	bw := f.box(a).bw
	width = bw - f.hEdgesOf(a).inner()
	vEdges := f.edgeOf(a, 2) + f.edgeOf(a, 3) + f.edgeOf(a, 4) + f.edgeOf(a, 5)
	if h, ok := f.ownHeight(a); ok {
		height = h - vEdges
	} else if b := f.box(a); b.heightKnown {
		height = b.height - vEdges
	}
	return max(width, 0), max(height, 0), true
}

// containerUnits is an element as the cssvalue.ContainerSizer of its
// container query units (a pointer conversion, so that a unit context
// costs no allocation).
type containerUnits dom.Node

// ContainerSize is what el's container query units take 1% of: for each
// axis, the content box of el's nearest flat-tree ancestor that is a
// query container of that axis (container-type size, or inline-size for
// its inline axis: the width in a horizontal writing mode, the height in
// a vertical one) and has a box size containment applies to; the small
// viewport's (the viewport's: there are no bars) where there is none. A
// pseudo-element's element is its first candidate. vertical tells that
// el's writing mode is vertical (cqi reads the height).
// https://drafts.csswg.org/css-conditional-5/#container-lengths
func (c *containerUnits) ContainerSize() (width, height float64, vertical bool) {
	el := (*dom.Node)(c)
	w := windowOf(el)
	if w == nil {
		return 0, 0, false
	}
	width, height = w.viewportSize(el.Document()) // flowframe.go
	needW, needH := true, true
	for a := w.styleParent(el); a != nil && (needW || needH); a = w.styleParent(a) {
		hasW, hasH := w.containerAxes(a)
		if !(hasW && needW || hasH && needH) {
			continue
		}
		// the value depends on the layout: the value memos stand no
		// change (valueinval.go)
		w.sheets.vals.layoutRead = true
		wd, ht, ok := w.containerSize(a)
		if !ok {
			continue
		}
		if hasW && needW {
			width, needW = wd, false
		}
		if hasH && needH {
			height, needH = ht, false
		}
	}
	return width, height, w.verticalMode(el)
}

// containerAxes tells which physical axes a's container-type makes it a
// size container of: both for size, the inline axis for inline-size.
func (w *Window) containerAxes(a *dom.Node) (width, height bool) {
	switch w.containerType(a) {
	case "size":
		return true, true
	case "inline-size":
		if w.verticalMode(a) {
			return false, true
		}
		return true, false
	}
	return false, false
}

// verticalMode tells whether el's writing mode is vertical.
func (w *Window) verticalMode(el *dom.Node) bool {
	if w.pseudoHosts != nil {
		if _, ok := w.pseudoHosts[el]; ok {
			return false // no writing mode of their own here
		}
	}
	switch w.computedMemo(el, "writing-mode") {
	case "vertical-rl", "vertical-lr", "sideways-rl", "sideways-lr", "tb-rl", "tb":
		return true
	}
	return false
}

// sizeContainable tells whether a box of the display d can have size
// containment, and so be a size container: a non-atomic inline box, an
// internal table box, a ruby box or no box at all cannot, and a size
// query about such a container is unknown.
// https://drafts.csswg.org/css-contain-2/#containment-size
// https://drafts.csswg.org/css-conditional-5/#size-container
func sizeContainable(d string) bool {
	switch d {
	case "inline", "contents", "ruby", "ruby-base", "ruby-text", "ruby-base-container", "ruby-text-container",
		"table-row-group", "table-header-group", "table-footer-group", "table-row", "table-cell", "table-column-group", "table-column":
		return false
	}
	return true
}

// sizeContained tells whether n's inline size is contained (its
// container-type is size or inline-size): its min- and max-content
// widths are those of an empty box, as the flow estimate measures them,
// so that measuring a container never styles its content.
// https://drafts.csswg.org/css-contain-2/#containment-inline-size
func (w *Window) sizeContained(n *dom.Node) bool {
	sh := w.sheetsOf(n.Document())
	if len(sh.byProp["container-type"]) == 0 && len(sh.byProp["container"]) == 0 {
		if a, ok := n.GetAttribute("style"); !ok || !strings.Contains(a, "container") {
			return false
		}
	}
	return w.containerType(n) != "" && sizeContainable(w.flow().display(n))
}

// sizeContainment tells which axes of n size containment applies to:
// the inline axis for contain: inline-size and container-type:
// inline-size, both for contain: size or strict and container-type:
// size. A contained axis is sized as if n were empty, then given
// contain-intrinsic-width or -height (its contents are laid out and
// overflow it as they would). It does not apply to boxes
// sizeContainable leaves out, nor to tables (as content-visibility:
// hidden does not in Chromium 156).
// https://drafts.csswg.org/css-contain-2/#containment-size
func (w *Window) sizeContainment(n *dom.Node) (inline, block bool) {
	sh := w.sheetsOf(n.Document())
	if len(sh.byProp["contain"]) == 0 && len(sh.byProp["container-type"]) == 0 &&
		len(sh.byProp["container"]) == 0 && len(sh.byProp["all"]) == 0 {
		if a, ok := n.GetAttribute("style"); !ok || !strings.Contains(a, "contain") {
			return false, false
		}
	}
	switch w.containerType(n) {
	case "size":
		inline, block = true, true
	case "inline-size":
		inline = true
	}
	for _, t := range strings.Fields(w.computedMemo(n, "contain")) {
		switch t {
		case "size", "strict":
			inline, block = true, true
		case "inline-size":
			inline = true
		}
	}
	if !inline {
		return false, false
	}
	switch d := w.flow().display(n); d {
	case "table", "inline-table":
		return false, false
	default:
		if !sizeContainable(d) {
			return false, false
		}
	}
	return inline, block
}

// inlineContained tells whether size containment applies to n's inline
// axis (sizeContainment).
func (w *Window) inlineContained(n *dom.Node) bool {
	inline, _ := w.sizeContainment(n)
	return inline
}

// layoutContained tells whether n has layout or paint containment (contain:
// layout, paint, content or strict, or a content-visibility of auto or
// hidden), each of which makes n an independent formatting context: its
// children's margins stay inside it, it holds its floats and keeps out of
// those around it.
// https://drafts.csswg.org/css-contain-2/#containment-layout
func (w *Window) layoutContained(n *dom.Node) bool {
	if cv := w.computedMemo(n, "content-visibility"); cv == "auto" || cv == "hidden" {
		return true
	}
	sh := w.sheetsOf(n.Document())
	if len(sh.byProp["contain"]) == 0 && len(sh.byProp["all"]) == 0 {
		if a, ok := n.GetAttribute("style"); !ok || !strings.Contains(a, "contain") {
			return false
		}
	}
	for _, t := range strings.Fields(w.computedMemo(n, "contain")) {
		switch t {
		case "layout", "paint", "content", "strict":
			return true
		}
	}
	return false
}

// containerParts expands the container shorthand: `name [/ type]`.
// https://drafts.csswg.org/css-conditional-5/#container-shorthand
func containerParts(value string) ([]string, bool) {
	name, typ, slash := strings.Cut(value, "/")
	n, ok := containerNameValue(name)
	if !ok {
		return nil, false
	}
	t := "normal"
	if slash {
		if t, ok = containerTypeValue(typ); !ok {
			return nil, false
		}
	}
	return []string{n, t}, true
}

// containerNameValue validates a container-name: none, or custom
// identifiers (not none, and, or, not, default or a CSS-wide keyword).
func containerNameValue(v string) (string, bool) {
	f := strings.Fields(v)
	if len(f) == 1 && ascii.EqualFold(f[0], "none") {
		return "none", true
	}
	if len(f) == 0 {
		return "", false
	}
	for _, n := range f {
		switch ascii.Lower(n) {
		case "none", "and", "or", "not", "default", "initial", "inherit", "unset", "revert", "revert-layer":
			return "", false
		}
		if !cssIdent(n) {
			return "", false
		}
	}
	return strings.Join(f, " "), true
}

// containerTypeValue validates a container-type: normal, or size or
// inline-size and scroll-state in any order (written size first).
func containerTypeValue(v string) (string, bool) {
	f := strings.Fields(ascii.Lower(v))
	if len(f) == 1 && f[0] == "normal" {
		return "normal", true
	}
	size, scroll := "", false
	for _, t := range f {
		switch {
		case (t == "size" || t == "inline-size") && size == "":
			size = t
		case t == "scroll-state" && !scroll:
			scroll = true
		default:
			return "", false
		}
	}
	switch {
	case size != "" && scroll:
		return size + " scroll-state", true
	case size != "":
		return size, true
	case scroll:
		return "scroll-state", true
	}
	return "", false
}

// cssIdent tells whether s is an identifier (no escapes).
func cssIdent(s string) bool {
	if s == "" || s == "-" || s[0] >= '0' && s[0] <= '9' || s[0] == '-' && len(s) > 1 && s[1] >= '0' && s[1] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80) {
			return false
		}
	}
	return true
}
