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
		if n.First() != nil && walked(n, walkedHandlers) {
			n = nextInSubtree(n, root, true)
			continue
		}
		w.applyContentHandlers(n)
		n = nextInSubtree(n, root, false)
	}
	// A leaf costs nothing to walk again: only roots with children are
	// remembered.
	if root.First() != nil {
		markWalked(root, walkedHandlers)
	}
}

// applyContentHandlers applies n's on* content attributes that have no
// handler yet.
func (w *Window) applyContentHandlers(n *dom.Node) {
	if !hasHandlerAttributes(n) {
		return
	}
	applied := walked(n, appliedWindowHandlers)
	for _, a := range n.Attr {
		if len(a.Key) > 2 && a.Key[0] == 'o' && a.Key[1] == 'n' && a.Namespace == "" {
			name := a.Key[2:]
			t := w.handlerTarget(n, name)
			if t == nil {
				continue
			}
			if t != dom.Target(n) {
				// A body's or frameset's window handler: its attribute
				// replaces what a script set on the window before the
				// element was made (the parser sets the attributes as
				// it creates it), once (contentHandler marks it); moved
				// later, the element sets nothing again.
				if applied {
					continue
				}
			} else if w.handlerEntry(t, name, false) != nil {
				// Applied before (or set by script since): inserting an
				// element runs no attribute change steps, so a handler a
				// script set to null after the attribute stays null.
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

// Marks in dom.Node.BindingFlags of the walks over every inserted subtree
// (scanHandlers, resourcesInserted): a root already walked is skipped when
// it comes back inside a larger inserted tree, so that a tree built bottom
// up is walked once, not once per level. A bit in the node needs no map
// entry or lookup (a map of walked roots was 7% of the CPU of building
// 22,000 elements), keeps nothing alive and is never forgotten.
const (
	walkedHandlers        uint32 = 1 << iota // scanHandlers applied its on* attributes as an inserted root
	walkedOff                                // resourcesInserted searched it for images while disconnected
	appliedWindowHandlers                    // contentHandler set a window handler from one of its attributes (body, frameset)
)

func walked(n *dom.Node, mark uint32) bool { return n.BindingFlags&mark != 0 }

func markWalked(n *dom.Node, mark uint32) { n.BindingFlags |= mark }
