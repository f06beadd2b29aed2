package dom

// Traversal (https://dom.spec.whatwg.org/#traversal): NodeIterator and
// TreeWalker, with filters supplied by the bindings.

// Filter results (https://dom.spec.whatwg.org/#interface-nodefilter).
const (
	FilterAccept = 1
	FilterReject = 2
	FilterSkip   = 3
)

// whatToShow bits.
const (
	ShowAll                   = 0xFFFFFFFF
	ShowElement               = 0x1
	ShowAttribute             = 0x2
	ShowText                  = 0x4
	ShowProcessingInstruction = 0x40
	ShowComment               = 0x80
	ShowDocument              = 0x100
	ShowDocumentType          = 0x200
	ShowDocumentFragment      = 0x400
)

// A NodeFilter decides which nodes a traversal shows. An error (an
// exception thrown by a script filter) aborts the traversal step and is
// returned to the caller.
type NodeFilter interface {
	AcceptNode(n *Node) (int, error)
}

type traverser struct {
	root       *Node
	whatToShow uint32
	filter     NodeFilter
	active     bool
}

// filterNode implements https://dom.spec.whatwg.org/#concept-node-filter.
func (t *traverser) filterNode(n *Node) (int, error) {
	if t.active {
		return 0, newError(InvalidStateError, "Filter function can't be recursive")
	}
	if t.whatToShow&(1<<(uint(n.Kind())-1)) == 0 {
		return FilterSkip, nil
	}
	if t.filter == nil {
		return FilterAccept, nil
	}
	t.active = true
	defer func() { t.active = false }()
	return t.filter.AcceptNode(n)
}

// Root returns the traversal's root.
func (t *traverser) Root() *Node { return t.root }

// WhatToShow returns the whatToShow mask.
func (t *traverser) WhatToShow() uint32 { return t.whatToShow }

// Filter returns the filter, or nil.
func (t *traverser) Filter() NodeFilter { return t.filter }

// A TreeWalker (https://dom.spec.whatwg.org/#interface-treewalker).
type TreeWalker struct {
	traverser
	current *Node
}

// CreateTreeWalker returns a TreeWalker over root.
func (d *Document) CreateTreeWalker(root *Node, whatToShow uint32, filter NodeFilter) *TreeWalker {
	return &TreeWalker{traverser: traverser{root: root, whatToShow: whatToShow, filter: filter}, current: root}
}

// CurrentNode returns the current node.
func (w *TreeWalker) CurrentNode() *Node { return w.current }

// SetCurrentNode sets the current node.
func (w *TreeWalker) SetCurrentNode(n *Node) { w.current = n }

// ParentNode moves to the closest accepted ancestor within root.
func (w *TreeWalker) ParentNode() (*Node, error) {
	n := w.current
	for n != nil && n != w.root {
		n = n.ParentNode()
		if n != nil {
			r, err := w.filterNode(n)
			if err != nil {
				return nil, err
			}
			if r == FilterAccept {
				w.current = n
				return n, nil
			}
		}
	}
	return nil, nil
}

// traverseChildren implements https://dom.spec.whatwg.org/#concept-traverse-children.
func (w *TreeWalker) traverseChildren(first bool) (*Node, error) {
	child := func(n *Node) *Node {
		if first {
			return n.First()
		}
		return n.Last()
	}
	sibling := func(n *Node) *Node {
		if first {
			return n.Next()
		}
		return n.Prev()
	}
	n := child(w.current)
	for n != nil {
		r, err := w.filterNode(n)
		if err != nil {
			return nil, err
		}
		if r == FilterAccept {
			w.current = n
			return n, nil
		}
		if r == FilterSkip {
			if c := child(n); c != nil {
				n = c
				continue
			}
		}
		for n != nil {
			if s := sibling(n); s != nil {
				n = s
				break
			}
			p := n.ParentNode()
			if p == nil || p == w.root || p == w.current {
				return nil, nil
			}
			n = p
		}
	}
	return nil, nil
}

// FirstChild moves to the first accepted child.
func (w *TreeWalker) FirstChild() (*Node, error) { return w.traverseChildren(true) }

// LastChild moves to the last accepted child.
func (w *TreeWalker) LastChild() (*Node, error) { return w.traverseChildren(false) }

// traverseSiblings implements https://dom.spec.whatwg.org/#concept-traverse-siblings.
func (w *TreeWalker) traverseSiblings(next bool) (*Node, error) {
	n := w.current
	if n == w.root {
		return nil, nil
	}
	sibling := func(n *Node) *Node {
		if next {
			return n.Next()
		}
		return n.Prev()
	}
	child := func(n *Node) *Node {
		if next {
			return n.First()
		}
		return n.Last()
	}
	for {
		s := sibling(n)
		for s != nil {
			n = s
			r, err := w.filterNode(n)
			if err != nil {
				return nil, err
			}
			if r == FilterAccept {
				w.current = n
				return n, nil
			}
			s = child(n)
			if r == FilterReject || s == nil {
				s = sibling(n)
			}
		}
		n = n.ParentNode()
		if n == nil || n == w.root {
			return nil, nil
		}
		r, err := w.filterNode(n)
		if err != nil {
			return nil, err
		}
		if r == FilterAccept {
			return nil, nil
		}
	}
}

// NextSibling moves to the next accepted sibling.
func (w *TreeWalker) NextSibling() (*Node, error) { return w.traverseSiblings(true) }

// PreviousSibling moves to the previous accepted sibling.
func (w *TreeWalker) PreviousSibling() (*Node, error) { return w.traverseSiblings(false) }

// PreviousNode moves to the previous accepted node in tree order
// (https://dom.spec.whatwg.org/#dom-treewalker-previousnode).
func (w *TreeWalker) PreviousNode() (*Node, error) {
	n := w.current
	for n != w.root {
		s := n.Prev()
		for s != nil {
			n = s
			r, err := w.filterNode(n)
			if err != nil {
				return nil, err
			}
			for r != FilterReject && n.First() != nil {
				n = n.Last()
				if r, err = w.filterNode(n); err != nil {
					return nil, err
				}
			}
			if r == FilterAccept {
				w.current = n
				return n, nil
			}
			s = n.Prev()
		}
		if n == w.root || n.ParentNode() == nil {
			return nil, nil
		}
		n = n.ParentNode()
		r, err := w.filterNode(n)
		if err != nil {
			return nil, err
		}
		if r == FilterAccept {
			w.current = n
			return n, nil
		}
	}
	return nil, nil
}

// NextNode moves to the next accepted node in tree order
// (https://dom.spec.whatwg.org/#dom-treewalker-nextnode).
func (w *TreeWalker) NextNode() (*Node, error) {
	n := w.current
	r := FilterAccept
	for {
		for r != FilterReject && n.First() != nil {
			n = n.First()
			var err error
			if r, err = w.filterNode(n); err != nil {
				return nil, err
			}
			if r == FilterAccept {
				w.current = n
				return n, nil
			}
		}
		var s *Node
		for t := n; t != nil; t = t.ParentNode() {
			if t == w.root {
				return nil, nil
			}
			if s = t.Next(); s != nil {
				break
			}
		}
		if s == nil {
			return nil, nil
		}
		n = s
		var err error
		if r, err = w.filterNode(n); err != nil {
			return nil, err
		}
		if r == FilterAccept {
			w.current = n
			return n, nil
		}
	}
}

// A NodeIterator (https://dom.spec.whatwg.org/#interface-nodeiterator).
type NodeIterator struct {
	traverser
	reference     *Node
	beforeRef     bool
	doc           *Document
	detachedIndex int
}

// CreateNodeIterator returns a NodeIterator over root; the document keeps
// it up to date when nodes are removed.
func (d *Document) CreateNodeIterator(root *Node, whatToShow uint32, filter NodeFilter) *NodeIterator {
	it := &NodeIterator{traverser: traverser{root: root, whatToShow: whatToShow, filter: filter}, reference: root, beforeRef: true, doc: root.doc}
	root.doc.iterators = append(root.doc.iterators, it)
	return it
}

// ReferenceNode returns the reference node.
func (it *NodeIterator) ReferenceNode() *Node { return it.reference }

// PointerBeforeReferenceNode reports the pointer position.
func (it *NodeIterator) PointerBeforeReferenceNode() bool { return it.beforeRef }

// Detach does nothing, as in the standard.
func (it *NodeIterator) Detach() {}

func (it *NodeIterator) traverse(next bool) (*Node, error) {
	n, before := it.reference, it.beforeRef
	for {
		if next {
			if !before {
				n = n.following(it.root)
				if n == nil {
					return nil, nil
				}
			} else {
				before = false
			}
		} else {
			if before {
				if n == it.root {
					return nil, nil
				}
				n = n.Preceding()
			} else {
				before = true
			}
		}
		r, err := it.filterNode(n)
		if err != nil {
			return nil, err
		}
		if r == FilterAccept {
			it.reference, it.beforeRef = n, before
			return n, nil
		}
	}
}

// NextNode returns the next accepted node.
func (it *NodeIterator) NextNode() (*Node, error) { return it.traverse(true) }

// PreviousNode returns the previous accepted node.
func (it *NodeIterator) PreviousNode() (*Node, error) { return it.traverse(false) }

// Preceding returns the node before n in tree order (its previous
// sibling's last descendant, else its parent), or nil.
func (n *Node) Preceding() *Node {
	p := n.Prev()
	if p == nil {
		return n.ParentNode()
	}
	for p.Last() != nil {
		p = p.Last()
	}
	return p
}

// preRemove implements the NodeIterator pre-removing steps
// (https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps).
func (it *NodeIterator) preRemove(toBeRemoved *Node) {
	if !toBeRemoved.Contains(it.reference) || toBeRemoved == it.root {
		return
	}
	if toBeRemoved.hostIncludingInclusiveAncestorOf(it.root) {
		return
	}
	if it.beforeRef {
		// The first node following toBeRemoved that is not its descendant.
		var next *Node
		for t := toBeRemoved; t != nil && t != it.root; t = t.ParentNode() {
			if s := t.Next(); s != nil {
				next = s
				break
			}
		}
		if next != nil {
			it.reference = next
			return
		}
		it.beforeRef = false
	}
	if p := toBeRemoved.Prev(); p != nil {
		for p.Last() != nil {
			p = p.Last()
		}
		it.reference = p
	} else {
		it.reference = toBeRemoved.ParentNode()
	}
}
