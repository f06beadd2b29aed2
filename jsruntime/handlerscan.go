package jsruntime

import (
	"github.com/bangsnap/bangsnap/dom"
)

// scanHandlers applies the on* content attributes of root's subtree that
// have no handler yet: trees made by the parser, innerHTML or cloning carry
// attributes no mutation record announced. It is called for every inserted
// subtree, so it skips the subtrees it already scanned as inserted roots:
// what was inserted into them since was scanned on its own insertion, and
// attribute changes come as records. Without the skip, a tree built bottom
// up (each new parent getting the tree so far) is walked once per level,
// quadratic in its size.
// https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes
func (w *Window) scanHandlers(root *dom.Node) {
	w.applyContentHandlers(root)
	for n := root.First(); n != nil; {
		if n.First() != nil && w.scannedRoots.has(n) {
			n = nextInSubtree(n, root, true)
			continue
		}
		w.applyContentHandlers(n)
		n = nextInSubtree(n, root, false)
	}
	// A leaf costs nothing to walk again: only roots with children are
	// remembered.
	if root.First() != nil {
		w.scannedRoots.add(root)
	}
}

// applyContentHandlers applies n's on* content attributes that have no
// handler yet.
func (w *Window) applyContentHandlers(n *dom.Node) {
	if !n.IsElement() || n.Namespace != "" {
		return
	}
	for _, a := range n.Attr {
		if len(a.Key) > 2 && a.Key[0] == 'o' && a.Key[1] == 'n' && a.Namespace == "" {
			name := a.Key[2:]
			t := w.handlerTarget(n, name)
			if h := w.handlerEntry(t, name, false); h != nil && (h.value != nil || h.hasRaw) {
				continue
			}
			w.contentHandler(n, a.Key)
		}
	}
}

// nextInSubtree returns the node after n in tree order within root's
// subtree (skipping n's descendants when skip is set), or nil.
func nextInSubtree(n, root *dom.Node, skip bool) *dom.Node {
	if !skip {
		if c := n.First(); c != nil {
			return c
		}
	}
	for ; n != root; n = n.ParentNode() {
		if s := n.Next(); s != nil {
			return s
		}
	}
	return nil
}

// maxWalkedRoots bounds the roots a walkedRoots remembers. Forgetting one
// only costs a walk of its subtree again (both walks using the set are
// idempotent); remembering keeps the node alive, so the set is emptied
// when full rather than grown. A tree built bottom up then costs one walk
// of the tree so far per maxWalkedRoots levels instead of per level.
const maxWalkedRoots = 4096

// A walkedRoots remembers the roots of inserted subtrees that a walk over
// each inserted subtree (scanHandlers, resourcesInserted) has already
// walked, so that it can skip them when they come back inside a larger
// inserted tree. Weak pointers would not keep them alive, but the
// runtime's weak handle lookup is linear in the handles of a span:
// measured quadratic on 10,000 inserted elements.
type walkedRoots map[*dom.Node]struct{}

func (s walkedRoots) has(n *dom.Node) bool {
	_, ok := s[n]
	return ok
}

func (s *walkedRoots) add(n *dom.Node) {
	if *s == nil {
		*s = make(walkedRoots)
	}
	if len(*s) >= maxWalkedRoots {
		clear(*s)
	}
	(*s)[n] = struct{}{}
}
