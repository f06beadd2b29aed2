package dom

import (
	"slices"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Shadow trees (https://dom.spec.whatwg.org/#shadow-trees), minimal: a
// shadow root is a DocumentFragment with a host; nodes in it are connected
// when the host is, event paths cross from the root to the host with
// targets retargeted, and declarative shadow roots (<template
// shadowrootmode>) are attached while a document is parsed. Slots do not
// assign nodes, and the HTML serializer leaves shadow trees out, as
// outerHTML does.

// ShadowRootInit is attachShadow's options (https://dom.spec.whatwg.org/#dictdef-shadowrootinit).
type ShadowRootInit struct {
	Mode           string // "open" or "closed"
	DelegatesFocus bool
	Clonable       bool
	Serializable   bool
	// SlotAssignment is "named" (the default, "" too) or "manual": slots
	// then get only the nodes HTMLSlotElement.assign gave them.
	SlotAssignment string
	// ReferenceTarget names, by ID, the element of the shadow tree that
	// references to the host are forwarded to (for ARIA and label
	// relations); HasReferenceTarget is false when it is null.
	// https://wicg.github.io/aom/reference-target-explainer.html
	ReferenceTarget    string
	HasReferenceTarget bool
	declarative        bool
}

// canHostShadow reports https://dom.spec.whatwg.org/#dom-element-attachshadow step 2-3.
// The standard wants the HTML namespace; Chromium checks the local name
// only (an SVG span or a null-namespace p can host), except that custom
// element names host in the HTML namespace only. This follows Chromium.
func (n *Node) canHostShadow() bool {
	if n.Type != html.ElementNode {
		return false
	}
	if n.Namespace != "" {
		switch n.Data {
		case "article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
			"header", "main", "nav", "p", "section", "span":
			return true
		}
		return false
	}
	switch n.DataAtom {
	case atom.Article, atom.Aside, atom.Blockquote, atom.Body, atom.Div, atom.Footer, atom.H1, atom.H2,
		atom.H3, atom.H4, atom.H5, atom.H6, atom.Header, atom.Main, atom.Nav, atom.P, atom.Section, atom.Span:
		return true
	}
	return validCustomElementName(n.Data)
}

// validCustomElementName approximates https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name:
// a lowercase ASCII letter first, a hyphen somewhere, no uppercase ASCII,
// and not one of the reserved names.
func validCustomElementName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	hyphen := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			return false
		}
		if c == '-' {
			hyphen = true
		}
	}
	switch s {
	case "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
		"font-face-format", "font-face-name", "missing-glyph":
		return false
	}
	return hyphen
}

// AttachShadow attaches a shadow root to n and returns it
// (https://dom.spec.whatwg.org/#concept-attach-a-shadow-root).
func (n *Node) AttachShadow(init ShadowRootInit) (*Node, error) {
	if init.Mode != "open" && init.Mode != "closed" {
		return nil, newError(NotSupportedError, "shadow root mode must be open or closed")
	}
	if !n.canHostShadow() {
		return nil, newError(NotSupportedError, "This element does not support attachShadow")
	}
	if s := n.ShadowRoot(); s != nil {
		cfg := s.rare.shadowCfg
		if cfg.declarative && cfg.Mode == init.Mode {
			s.replaceAll(nil)
			cfg.declarative = false
			return s, nil
		}
		return nil, newError(NotSupportedError, "Shadow root cannot be created on a host which already hosts a shadow tree.")
	}
	return n.attachShadow(init), nil
}

func (n *Node) attachShadow(init ShadowRootInit) *Node {
	s := n.doc.newNode(fragmentNode, "")
	cfg := init
	r := s.rareData()
	r.host = n
	r.shadowCfg = &cfg
	// a document without a browsing context (scripting disabled) has no
	// custom element registry: nor has the root (cloneInto)
	r.nullRegistry = !n.doc.Scripting
	s.flags |= shadowTreeFlag | n.flags&connectedFlag
	n.rareData().shadow = s
	n.doc.hasShadowRoots = true
	// the host's children leave the flat tree until slots take them:
	// caches kept per Version start over (no mutation record says so)
	n.changedUnrecorded()
	return s
}

// HasShadowRoots reports whether a shadow root was ever attached in d (or
// in a document nodes were adopted from): until then no node of d is in a
// shadow tree, which spares style lookups a walk to the root.
func (d *Document) HasShadowRoots() bool { return d.hasShadowRoots }

// ShadowRoot returns the shadow root n hosts, whatever its mode, or nil.
func (n *Node) ShadowRoot() *Node {
	if n.rare == nil {
		return nil
	}
	return n.rare.shadow
}

// IsShadowRoot reports whether n is a shadow root.
func (n *Node) IsShadowRoot() bool {
	return n.Type == fragmentNode && n.rare != nil && n.rare.shadowCfg != nil
}

// ShadowMode returns a shadow root's mode, "" for other nodes.
func (n *Node) ShadowMode() string {
	if !n.IsShadowRoot() {
		return ""
	}
	return n.rare.shadowCfg.Mode
}

// ShadowInit returns the options a shadow root was attached with.
func (n *Node) ShadowInit() ShadowRootInit {
	if !n.IsShadowRoot() {
		return ShadowRootInit{}
	}
	return *n.rare.shadowCfg
}

// SetReferenceTarget sets a shadow root's reference target (ok false:
// null); on other nodes it does nothing.
func (n *Node) SetReferenceTarget(target string, ok bool) {
	if n.IsShadowRoot() {
		if !ok {
			target = ""
		}
		n.rare.shadowCfg.ReferenceTarget, n.rare.shadowCfg.HasReferenceTarget = target, ok
	}
}

// Host returns a shadow root's host, or nil.
func (n *Node) Host() *Node {
	if !n.IsShadowRoot() {
		return nil
	}
	return n.rare.host
}

// ShadowIncludingParent returns n's parent, or its host when n is a
// shadow root: the step of a walk through n's shadow-including ancestors
// (https://dom.spec.whatwg.org/#concept-shadow-including-ancestor).
func (n *Node) ShadowIncludingParent() *Node {
	if p := n.ParentNode(); p != nil {
		return p
	}
	return n.Host()
}

// ShadowIncludingRoot returns the root of n's tree, crossing from shadow
// roots to their hosts (https://dom.spec.whatwg.org/#concept-shadow-including-root).
func (n *Node) ShadowIncludingRoot() *Node {
	r := n.Root()
	if !r.IsShadowRoot() {
		return r
	}
	// Each shadow root remembers its shadow-including root for as long as
	// no host can have moved (its document's rootsEpoch): without it, a
	// chain of nested shadow trees made every isConnected a walk through
	// all hosts, and building the chain quadratic. Chromium keeps a
	// connected flag per node for the same reason.
	var buf [8]*Node
	stale := buf[:0]
	var top *Node
	for {
		rd := r.rare
		if rd.sirRoot != nil && rd.sirDoc == r.doc && rd.sirEpoch == r.doc.rootsEpoch {
			top = rd.sirRoot
			break
		}
		stale = append(stale, r)
		r = rd.host.Root()
		if !r.IsShadowRoot() {
			top = r
			break
		}
	}
	for _, s := range stale {
		s.rare.sirRoot, s.rare.sirDoc, s.rare.sirEpoch = top, s.doc, s.doc.rootsEpoch
	}
	return top
}

// rootsMoving is told of k's link into or unlink from a parent: if k has
// children or a shadow root, the move may change a host's root, and the
// shadow-including roots the shadow roots of k's document remember are
// out of date.
func rootsMoving(k *Node) {
	if k.doc != nil && (k.FirstChild != nil || k.rare != nil && k.rare.shadow != nil) {
		k.doc.rootsEpoch++
	}
}

// GetRootNode returns n's root, shadow-including when composed
// (https://dom.spec.whatwg.org/#dom-node-getrootnode).
func (n *Node) GetRootNode(composed bool) *Node {
	if composed {
		return n.ShadowIncludingRoot()
	}
	return n.Root()
}

// shadowIncludingInclusiveAncestorOf reports whether n is a
// shadow-including inclusive ancestor of o.
func (n *Node) shadowIncludingInclusiveAncestorOf(o *Node) bool {
	for o != nil {
		if o == n {
			return true
		}
		if o.Parent != nil {
			o = o.ParentNode()
		} else if o.IsShadowRoot() {
			o = o.rare.host
		} else {
			return false
		}
	}
	return false
}

// Retarget retargets a against b: a, or the host of the shadow tree
// holding a that is in b's tree or one of its shadow-including ancestors'
// (CommandEvent.source, relatedTarget).
// https://dom.spec.whatwg.org/#retarget
func Retarget(a, b Target) Target { return retarget(a, b) }

// retarget implements https://dom.spec.whatwg.org/#retarget.
func retarget(a, b Target) Target {
	for {
		an, ok := a.(*Node)
		if !ok {
			return a
		}
		root := an.Root()
		if !root.IsShadowRoot() {
			return a
		}
		if bn, ok := b.(*Node); ok && root.shadowIncludingInclusiveAncestorOf(bn) {
			return a
		}
		a = root.rare.host
	}
}

// declarativeShadowRoot reports a template element that the parser turns
// into a declarative shadow root of its parent, with its init.
func declarativeShadowRoot(tpl *html.Node, parent *Node) (ShadowRootInit, bool) {
	var init ShadowRootInit
	for _, a := range tpl.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "shadowrootmode":
			switch ascii.Lower(a.Val) {
			case "open", "closed":
				init.Mode = ascii.Lower(a.Val)
			}
		case "shadowrootdelegatesfocus":
			init.DelegatesFocus = true
		case "shadowrootclonable":
			init.Clonable = true
		case "shadowrootserializable":
			init.Serializable = true
		case "shadowrootslotassignment":
			// an enumerated attribute: manual, else named
			if ascii.Lower(a.Val) == "manual" {
				init.SlotAssignment = "manual"
			}
		case "shadowrootreferencetarget":
			init.ReferenceTarget, init.HasReferenceTarget = a.Val, true
		}
	}
	if init.Mode == "" || parent.Type != html.ElementNode || !parent.canHostShadow() || parent.ShadowRoot() != nil {
		return init, false
	}
	init.declarative = true
	return init, true
}

// Slots (https://dom.spec.whatwg.org/#shadow-tree-slots), computed on
// demand (no slotchange events).

// isSlot reports an HTML slot element.
func (n *Node) isSlot() bool { return n.IsHTML() && n.Data == "slot" }

// slotName returns a slot's name.
func (n *Node) slotName() string {
	if n.Type != html.ElementNode {
		return ""
	}
	return n.Attribute("name")
}

// slottableName returns a slottable's name, its slot attribute: a slot
// element that is a host's child is a slottable too, found by its slot
// attribute, not its name (https://dom.spec.whatwg.org/#slotable-name).
func (n *Node) slottableName() string {
	if n.Type != html.ElementNode {
		return ""
	}
	return n.Attribute("slot")
}

// AssignedSlot returns the slot a slottable (element or text child of a
// shadow host) is assigned to, or nil (https://dom.spec.whatwg.org/#find-a-slot).
func (n *Node) AssignedSlot() *Node {
	if n.Type != html.ElementNode && n.Type != html.TextNode {
		return nil
	}
	p := n.ParentElement()
	if p == nil {
		return nil
	}
	s := p.ShadowRoot()
	if s == nil {
		return nil
	}
	if s.rare.shadowCfg != nil && s.rare.shadowCfg.SlotAssignment == "manual" {
		// The slot of shadow whose manually assigned nodes hold n.
		if n.rare != nil && n.rare.manualSlot != nil && n.rare.manualSlot.Root() == s {
			return n.rare.manualSlot
		}
		return nil
	}
	name := n.slottableName()
	var found *Node
	s.Descendants(func(d *Node) bool {
		if d.isSlot() && d.slotName() == name {
			found = d
			return false
		}
		return true
	})
	return found
}

// AssignSlots calls fn with each slottable child of shadow host n and the
// slot it is assigned to (nil when none), in tree order: the assignment
// AssignedSlot finds for each child, found for all of them with one walk
// of the shadow tree (https://dom.spec.whatwg.org/#find-a-slot). It does
// nothing when n hosts no shadow root.
func (n *Node) AssignSlots(fn func(k, slot *Node)) {
	s := n.ShadowRoot()
	if s == nil {
		return
	}
	if s.rare.shadowCfg.SlotAssignment == "manual" {
		for k := n.First(); k != nil; k = k.Next() {
			if k.isSlottable() {
				fn(k, k.AssignedSlot())
			}
		}
		return
	}
	var byName map[string]*Node // the first slot of each name, in tree order
	s.Descendants(func(d *Node) bool {
		if d.isSlot() {
			if byName == nil {
				byName = map[string]*Node{}
			}
			if name := d.slotName(); byName[name] == nil {
				byName[name] = d
			}
		}
		return true
	})
	for k := n.First(); k != nil; k = k.Next() {
		if k.isSlottable() {
			fn(k, byName[k.slottableName()])
		}
	}
}

// AssignedNodes returns the nodes assigned to slot n; with flatten, slots
// among them are replaced by their own assigned nodes (or fallback
// children) (https://dom.spec.whatwg.org/#find-flattened-slotables).
func (n *Node) AssignedNodes(flatten bool) []*Node {
	if !n.isSlot() {
		return nil
	}
	root := n.Root()
	if !root.IsShadowRoot() {
		return nil // https://dom.spec.whatwg.org/#find-flattened-slotables step 2
	}
	var out []*Node
	if cfg := root.rare.shadowCfg; cfg != nil && cfg.SlotAssignment == "manual" {
		// https://dom.spec.whatwg.org/#find-slotables step 5.1
		if n.rare != nil {
			for _, k := range n.rare.manualNodes {
				if k.Parent == &root.rare.host.Node {
					out = append(out, k)
				}
			}
		}
	} else {
		for k := root.rare.host.First(); k != nil; k = k.Next() {
			if (k.Type == html.ElementNode || k.Type == html.TextNode) && k.AssignedSlot() == n {
				out = append(out, k)
			}
		}
	}
	if !flatten {
		return out
	}
	if len(out) == 0 {
		// The fallback: the slot's slottable children (no comments).
		for k := n.First(); k != nil; k = k.Next() {
			if k.isSlottable() {
				out = append(out, k)
			}
		}
	}
	var flat []*Node
	for _, k := range out {
		if k.isSlot() && k.Root().IsShadowRoot() {
			flat = append(flat, k.AssignedNodes(true)...)
		} else {
			flat = append(flat, k)
		}
	}
	return flat
}

// Assign sets slot n's manually assigned nodes to nodes (elements and
// text), taking them from the slots they were assigned to before
// (https://html.spec.whatwg.org/multipage/scripting.html#dom-slot-assign).
func (n *Node) Assign(nodes []*Node) {
	if !n.isSlot() {
		return
	}
	r := n.rareData()
	was := r.manualNodes
	for _, old := range was {
		if old.rare != nil && old.rare.manualSlot == n {
			old.rare.manualSlot = nil
		}
	}
	r.manualNodes = nil
	var losers []*Node // other slots that lose nodes to n
	seen := make(map[*Node]bool, len(nodes))
	for _, k := range nodes {
		if seen[k] || k.Type != html.ElementNode && k.Type != html.TextNode {
			continue
		}
		seen[k] = true
		kr := k.rareData()
		if prev := kr.manualSlot; prev != nil && prev != n && prev.rare != nil {
			list := prev.rare.manualNodes[:0]
			for _, m := range prev.rare.manualNodes {
				if m != k {
					list = append(list, m)
				}
			}
			prev.rare.manualNodes = list
			losers = append(losers, prev)
		}
		kr.manualSlot = n
		r.manualNodes = append(r.manualNodes, k)
	}
	if len(losers) > 0 || !slices.Equal(was, r.manualNodes) {
		// the flat tree changed: caches kept per Version start over (no
		// mutation record says so)
		n.changedUnrecorded()
	}
	// Signal the slots whose manually assigned nodes changed, as Chromium
	// does (even for nodes that are not yet children of the host, and under
	// named assignment too): those that lost nodes and n, in tree order
	// (testdata/wpt/domdiff48-slotchange-order.html), then the slots of
	// other trees that lost nodes.
	if n.doc.OnSlotChange == nil {
		return
	}
	var same, other []*Node
	root := n.Root()
	for i, s := range losers {
		if slices.Contains(losers[:i], s) || !s.Root().IsShadowRoot() {
			continue
		}
		if s.Root() == root {
			same = append(same, s)
		} else {
			other = append(other, s)
		}
	}
	if !slices.Equal(was, r.manualNodes) && root.IsShadowRoot() {
		same = append(same, n)
	}
	sortTreeOrder(same)
	for _, s := range append(same, other...) {
		s.signalSlotChange()
	}
}

// SlotAssignment returns a shadow root's slot assignment mode.
func (n *Node) SlotAssignment() string {
	if n.rare != nil && n.rare.shadowCfg != nil && n.rare.shadowCfg.SlotAssignment == "manual" {
		return "manual"
	}
	return "named"
}

// NullRegistry reports whether element n's custom element registry is
// null in a document that has one: Chromium 156 (scoped custom element
// registries) gives the elements of a shadow root attached in a document
// without a browsing context (declarative, parsed by parseHTMLUnsafe or
// a template's setHTMLUnsafe, or attachShadow there) a null registry,
// and a clone of such a host made in the page's document (importNode)
// keeps it for the elements of the cloned root, which are then never
// upgraded; adoption into a document with a registry gives them its
// registry (setDocument). Of a shadow root in a document with one, it
// reports a copy (importNode) of a root attachShadow() made without one,
// which keeps a null registry (a declarative root's copy does not).
func (n *Node) NullRegistry() bool { return n.rare != nil && n.rare.nullRegistry }
