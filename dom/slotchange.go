package dom

import (
	"slices"

	"golang.org/x/net/html"
)

// Signaling slot changes (https://dom.spec.whatwg.org/#signal-a-slot-change).
//
// Slots' assigned nodes are computed on demand (shadow.go); what changes
// them is known at the mutation: a slottable inserted into or removed from
// a host, its slot attribute, a slot inserted, removed or renamed, a slot's
// fallback children while nothing is assigned to it, and
// HTMLSlotElement.assign. Each such change signals the slots whose assigned
// nodes it changes, in the order "assign slottables for a tree" would
// (tree order; see slotsRemoved for removals), through
// Document.OnSlotChange; the bindings queue slotchange from there. None of
// this runs in a document that never had a shadow root, nor when no hook
// is set.

// watchesSlots reports whether d's mutations may signal slot changes.
func (d *Document) watchesSlots() bool { return d.hasShadowRoots && d.OnSlotChange != nil }

func (n *Node) signalSlotChange() {
	if d := n.doc; d.OnSlotChange != nil {
		d.OnSlotChange(n)
	}
}

func (n *Node) isSlottable() bool { return n.Type == html.ElementNode || n.Type == html.TextNode }

func (n *Node) manualSlots() bool {
	return n.rare != nil && n.rare.shadowCfg != nil && n.rare.shadowCfg.SlotAssignment == "manual"
}

// firstSlotNamed returns the first slot in tree order among root's
// descendants whose name is name.
func firstSlotNamed(root *Node, name string) *Node {
	return firstSlotNamedOutside(root, name, nil, nil)
}

// firstOtherSlotNamed is firstSlotNamed passing over slot but not its
// descendants: a slot nested in a renamed slot keeps its own name.
func firstOtherSlotNamed(root *Node, name string, slot *Node) *Node {
	for d := root.following(root); d != nil; d = d.following(root) {
		if d != slot && d.isSlot() && d.slotName() == name {
			return d
		}
	}
	return nil
}

// firstSlotNamedOutside is firstSlotNamed outside the subtrees of skip and
// of the nodes of more.
func firstSlotNamedOutside(root *Node, name string, skip *Node, more []*Node) *Node {
	for d := root.following(root); d != nil; {
		if d == skip || len(more) > 0 && slices.Contains(more, d) {
			d = d.followingOutside(root)
			continue
		}
		if d.isSlot() && d.slotName() == name {
			return d
		}
		d = d.following(root)
	}
	return nil
}

// hasSlottableNamed reports whether host has a child slottable whose slot
// attribute is name.
func hasSlottableNamed(host *Node, name string) bool {
	for k := host.First(); k != nil; k = k.Next() {
		if k.isSlottable() && k.slottableName() == name {
			return true
		}
	}
	return false
}

// hasManualChild reports whether manual slot s has a manually assigned
// node that is a child of host.
func (s *Node) hasManualChild(host *Node) bool {
	if s.rare == nil {
		return false
	}
	for _, k := range s.rare.manualNodes {
		if k.Parent == &host.Node {
			return true
		}
	}
	return false
}

// slotOf returns the slot a slottable child of host (with shadow root sr)
// is assigned to, whatever sr's mode.
func slotOf(k, sr *Node) *Node {
	if sr.manualSlots() {
		if k.rare != nil && k.rare.manualSlot != nil && k.rare.manualSlot.Root() == sr {
			return k.rare.manualSlot
		}
		return nil
	}
	return firstSlotNamed(sr, k.slottableName())
}

// hasAssignedNodes reports whether slot s, in shadow root sr, has assigned
// nodes.
func (s *Node) hasAssignedNodes(sr *Node) bool {
	host := sr.rare.host
	if sr.manualSlots() {
		return s.hasManualChild(host)
	}
	name := s.slotName()
	return hasSlottableNamed(host, name) && firstSlotNamed(sr, name) == s
}

// fallbackChanged signals slot n, whose children changed, when it shows
// them (https://dom.spec.whatwg.org/#concept-node-insert step 7.5 and
// https://dom.spec.whatwg.org/#concept-node-remove step 18). Its callers
// call it only for a slottable child (an element or a text): Chromium 156
// signals a change of the fallback content its flat tree shows, which a
// comment or a processing instruction is no part of, so a framework's
// comment anchors coming and going in a slot fire no slotchange there
// (testdata/wpt/domdiff76-slotchange-fallback-comment.html). In a root
// of manual slot assignment Chromium signals the slot whether or not it
// has assigned nodes (testdata/wpt/domdiff87-slotchange-removed-slots.html).
func (n *Node) fallbackChanged() {
	if !n.isSlot() {
		return
	}
	if sr := n.Root(); sr.IsShadowRoot() && (sr.manualSlots() || !n.hasAssignedNodes(sr)) {
		n.signalSlotChange()
	}
}

// slotsInserted signals the slot changes of k's insertion into n; later
// are the nodes inserted with k after it (a fragment's children), which
// are already in the tree but were not when k was inserted: a slot of
// theirs was not the first of its name before k came. The slots of k's
// subtree come before n's fallback change when n is a slot showing its
// fallback (Chromium's order; a removal signals n first: slotsRemoved)
// (testdata/wpt/domdiff87-slotchange-removed-slots.html).
func (n *Node) slotsInserted(k *Node, later []*Node) {
	if !k.isSlottable() {
		return
	}
	if sr := n.ShadowRoot(); sr != nil {
		if s := slotOf(k, sr); s != nil {
			s.signalSlotChange()
		}
	}
	if k.Type == html.ElementNode {
		if sr := n.Root(); sr.IsShadowRoot() {
			slotsInsertedIn(sr, k, later)
		}
	}
	n.fallbackChanged()
}

// slotsInsertedIn signals the slots of k's subtree, inserted in shadow
// root sr, that are now the first of their names, and those that were
// before.
func slotsInsertedIn(sr, k *Node, later []*Node) {
	host := sr.rare.host
	manual := sr.manualSlots()
	// Each slot of k's subtree that is now the first of its name takes the
	// slottables of that name from the slot that was first before.
	for d := k; d != nil; d = d.following(k) {
		if !d.isSlot() {
			continue
		}
		if manual {
			// Chromium 156 signals no slot inserted into a root of
			// manual assignment, even one whose manually assigned
			// nodes include a child of the host (the standard's
			// "assign slottables" would)
			// (testdata/wpt/domdiff89-manual-slot-moved.html).
			continue
		}
		name := d.slotName()
		if firstSlotNamed(sr, name) != d || !hasSlottableNamed(host, name) {
			continue
		}
		d.signalSlotChange()
		if prev := firstSlotNamedOutside(sr, name, k, later); prev != nil {
			prev.signalSlotChange()
		}
	}
}

// A slotRemoval remembers, before a node is removed, the slots whose
// assigned nodes the removal changes.
type slotRemoval struct {
	slotted   *Node   // the slot the removed slottable was assigned to
	lost      []*Node // slots of the removed subtree that had assigned nodes
	names     []string
	sr        *Node // the shadow root the subtree leaves
	slottable bool  // the removed node is an element or a text
}

// slotsRemoving gathers, before k is removed from n, what its removal
// changes.
func (n *Node) slotsRemoving(k *Node) (r slotRemoval) {
	r.slottable = k.isSlottable()
	if !r.slottable {
		return r
	}
	if sr := n.ShadowRoot(); sr != nil {
		r.slotted = slotOf(k, sr)
	}
	if k.Type != html.ElementNode {
		return r
	}
	sr := n.Root()
	if !sr.IsShadowRoot() {
		return r
	}
	manual := sr.manualSlots()
	for d := k; d != nil; d = d.following(k) {
		// A slot leaving a root of manual assignment is signaled when
		// it has manually assigned nodes, children of the host or not,
		// as Chromium 156 does (testdata/wpt/domdiff89-manual-slot-moved.html).
		if d.isSlot() && (manual && d.rare != nil && len(d.rare.manualNodes) > 0 || !manual && d.hasAssignedNodes(sr)) {
			r.sr = sr
			r.lost = append(r.lost, d)
			r.names = append(r.names, d.slotName())
		}
	}
	return r
}

// slotsRemoved signals the slot changes of k's removal from n, with what
// slotsRemoving gathered: the slot k was assigned to, n's fallback, then
// each removed slot in tree order followed by the slot of the remaining
// tree that takes its nodes (Chromium's order, slot by slot: a removed
// subtree holding slots A and B whose nodes go to C and D signals A, C,
// B, D; the spec's "assign slottables for a tree" runs on the remaining
// tree first) (testdata/wpt/domdiff87-slotchange-removed-slots.html).
func (n *Node) slotsRemoved(r slotRemoval) {
	if r.slotted != nil {
		r.slotted.signalSlotChange()
	}
	if r.slottable {
		n.fallbackChanged()
	}
	if r.sr == nil {
		return
	}
	manual := r.sr.manualSlots()
	for i, s := range r.lost {
		s.signalSlotChange()
		if !manual {
			if t := firstSlotNamed(r.sr, r.names[i]); t != nil {
				t.signalSlotChange()
			}
		}
	}
}

// slotAttrChanged signals the slot changes of element n's attribute name
// (slot or name, no namespace) changing from old to value; presence says
// the attribute was added or removed.
func (n *Node) slotAttrChanged(key, old, value string, presence bool) {
	if old == value {
		if presence && old == "" {
			n.slotAttrPresenceChanged(key)
		}
		return
	}
	switch {
	case key == "slot":
		// https://dom.spec.whatwg.org/#slottable-name: the slot n was in,
		// then the one it goes to.
		p := n.ParentNode()
		if p == nil {
			return
		}
		sr := p.ShadowRoot()
		if sr == nil || sr.manualSlots() {
			return
		}
		was, now := firstSlotNamed(sr, old), firstSlotNamed(sr, value)
		if was != nil {
			was.signalSlotChange()
		}
		if now != nil && now != was {
			now.signalSlotChange()
		}
	case key == "name" && n.isSlot():
		// https://dom.spec.whatwg.org/#slot-name: the slots of both names
		// whose assigned nodes change, in tree order.
		sr := n.Root()
		if !sr.IsShadowRoot() || sr.manualSlots() {
			return
		}
		host := sr.rare.host
		var touched []*Node
		if hasSlottableNamed(host, old) {
			// n was the first slot named old unless one came before it.
			if first := firstSlotNamed(sr, old); first == nil || n.precedes(first) {
				touched = append(touched, n)
				if first != nil {
					touched = append(touched, first)
				}
			}
		}
		if hasSlottableNamed(host, value) && firstSlotNamed(sr, value) == n {
			touched = append(touched, n)
			if prev := firstOtherSlotNamed(sr, value, n); prev != nil {
				touched = append(touched, prev)
			}
		}
		sortTreeOrder(touched)
		for i, s := range touched {
			if i == 0 || s != touched[i-1] {
				s.signalSlotChange()
			}
		}
	}
}

// precedes reports whether n comes before o in tree order (same tree).
func (n *Node) precedes(o *Node) bool {
	return n != o && n.CompareDocumentPosition(o)&DocumentPositionFollowing != 0
}

// sortTreeOrder sorts a few nodes of one tree into tree order.
func sortTreeOrder(ns []*Node) {
	for i := 1; i < len(ns); i++ {
		for j := i; j > 0 && ns[j].precedes(ns[j-1]); j-- {
			ns[j], ns[j-1] = ns[j-1], ns[j]
		}
	}
}

// slotAttrPresenceChanged signals what Chromium 156 signals when a slot or
// name attribute is added as "" or an empty one is removed: the name stays
// the empty string, so no assigned node changes (the standard signals
// nothing), but Chromium compares the null and the empty value as two
// names and signals the default slot when it has assigned nodes
// (testdata/wpt/domdiff48-slotchange-empty-name.html).
func (n *Node) slotAttrPresenceChanged(key string) {
	switch {
	case key == "slot":
		p := n.ParentNode()
		if p == nil {
			return
		}
		if sr := p.ShadowRoot(); sr != nil && !sr.manualSlots() {
			if s := firstSlotNamed(sr, ""); s != nil {
				s.signalSlotChange()
			}
		}
	case key == "name" && n.isSlot():
		sr := n.Root()
		if !sr.IsShadowRoot() || sr.manualSlots() {
			return
		}
		if firstSlotNamed(sr, "") == n && hasSlottableNamed(sr.rare.host, "") {
			n.signalSlotChange()
		}
	}
}
