package jsruntime

import (
	"github.com/bangsnap/bangsnap/dom"
	"golang.org/x/net/html/atom"
)

// The flat tree (https://drafts.csswg.org/css-scoping/#flat-tree), the tree
// the flow estimate lays out, hit testing walks and container queries look
// up: a shadow host's children are its shadow root's children, a slot's
// are the nodes assigned to it (its own children, the fallback, when none
// is), and a host's child no slot takes is in no flat tree. flatFirst and
// flatNext walk it, flatParent climbs it; on a document that never had a
// shadow root they are the light tree's First, Next and parent element.
//
// The assignment of a host's children is found once per document version
// for all of them (dom.Node.AssignSlots), when the walk first reaches the
// host or one of its slots: walking every host's flat children costs the
// size of its shadow tree and its children, not their product.

// flatTree is what is known of the assignment of the hosts walked since
// the document's version at.
type flatTree struct {
	at, unrecorded uint64
	// hosts holds the hosts whose children's slots are known
	hosts map[*dom.Node]bool
	// first is the first node assigned to each slot with any; next the
	// node after each assigned one in its slot; slot the slot of each
	// assigned node.
	first, next, slot map[*dom.Node]*dom.Node
}

// flatState returns w's flat-tree state, forgotten when the document
// changed.
func (w *Window) flatState() *flatTree {
	t := w.flatT
	v, u := w.doc.Version(), w.doc.UnrecordedChanges()
	if t == nil {
		t = &flatTree{hosts: map[*dom.Node]bool{}, first: map[*dom.Node]*dom.Node{},
			next: map[*dom.Node]*dom.Node{}, slot: map[*dom.Node]*dom.Node{}}
		w.flatT = t
	} else if t.at == v && t.unrecorded == u {
		return t
	} else {
		clear(t.hosts)
		clear(t.first)
		clear(t.next)
		clear(t.slot)
	}
	t.at, t.unrecorded = v, u
	return t
}

// assigned brings t up to date with host's assignment.
func (t *flatTree) assigned(host *dom.Node) {
	if t.hosts[host] {
		return
	}
	t.hosts[host] = true
	last := map[*dom.Node]*dom.Node{}
	host.AssignSlots(func(k, s *dom.Node) {
		if s == nil {
			return
		}
		t.slot[k] = s
		if p := last[s]; p != nil {
			t.next[p] = k
		} else {
			t.first[s] = k
		}
		last[s] = k
	})
}

// isSlot tells whether n is an HTML slot element.
func isSlot(n *dom.Node) bool { return n.IsHTML() && n.DataAtom == atom.Slot }

// slotHost returns the host of the shadow tree slot s is in, nil when s is
// in none.
func slotHost(s *dom.Node) *dom.Node {
	if r := s.Root(); r.IsShadowRoot() {
		return r.Host()
	}
	return nil
}

// flatFirst is n's first child in the flat tree.
func (w *Window) flatFirst(n *dom.Node) *dom.Node {
	if !w.doc.HasShadowRoots() {
		return n.First()
	}
	return w.flatFirstShadow(n)
}

func (w *Window) flatFirstShadow(n *dom.Node) *dom.Node {
	if s := n.ShadowRoot(); s != nil {
		return s.First()
	}
	if isSlot(n) {
		if h := slotHost(n); h != nil {
			t := w.flatState()
			t.assigned(h)
			if k := t.first[n]; k != nil {
				return k
			}
		}
	}
	return n.First()
}

// flatNext is the node after c in its flat-tree parent's children.
func (w *Window) flatNext(c *dom.Node) *dom.Node {
	if !w.doc.HasShadowRoots() {
		return c.Next()
	}
	return w.flatNextShadow(c)
}

func (w *Window) flatNextShadow(c *dom.Node) *dom.Node {
	if p := c.ParentNode(); p != nil && p.ShadowRoot() != nil {
		t := w.flatState()
		t.assigned(p)
		return t.next[c]
	}
	return c.Next()
}

// flatParent is n's parent element in the flat tree: the host of a shadow
// root's child, the slot a host's child is assigned to; nil for the root
// element, a host's child no slot takes and a slot's fallback child when
// nodes are assigned to the slot (those are in no flat tree).
func (w *Window) flatParent(n *dom.Node) *dom.Node {
	p := n.ParentNode()
	if p == nil {
		return nil
	}
	if !w.doc.HasShadowRoots() {
		if !p.IsElement() {
			return nil
		}
		return p
	}
	switch {
	case p.IsShadowRoot():
		return p.Host()
	case !p.IsElement():
		return nil
	case p.ShadowRoot() != nil:
		t := w.flatState()
		t.assigned(p)
		return t.slot[n]
	case isSlot(p):
		if h := slotHost(p); h != nil {
			t := w.flatState()
			t.assigned(h)
			if t.first[p] != nil {
				return nil
			}
		}
	}
	return p
}

// flatContains tells whether d is n or below it in the flat tree: in n's
// shadow tree too (a color picker's pointer, whose containing block is a
// slider in the shadow root of the host whose scroll size is read).
func (w *Window) flatContains(n, d *dom.Node) bool {
	if n.Contains(d) {
		return true
	}
	if !w.doc.HasShadowRoots() {
		return false
	}
	for a := w.flatParent(d); a != nil; a = w.flatParent(a) {
		if a == n {
			return true
		}
	}
	return false
}

// inFlatTree tells whether n, a connected element, is in the document's
// flat tree: its flat-tree ancestors reach the root element.
func (w *Window) inFlatTree(n *dom.Node) bool {
	if !w.doc.HasShadowRoots() {
		return true
	}
	a := n
	for p := w.flatParent(a); p != nil; p = w.flatParent(a) {
		a = p
	}
	return a == w.doc.DocumentElement()
}
