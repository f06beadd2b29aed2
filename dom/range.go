package dom

import (
	"math"
	"strings"
	"weak"

	"golang.org/x/net/html"
)

// Ranges (https://dom.spec.whatwg.org/#ranges). A Range is live: the tree
// operations of this package move its boundary points as the standard
// says. The document holds its ranges weakly, so a range the bindings
// drop costs nothing after the next collection.

// A Range is a live range (https://dom.spec.whatwg.org/#interface-range).
type Range struct {
	startNode, endNode     *Node
	startOffset, endOffset int
	sets                   []*rangeSet // the sets it is registered in (usually one)
	// OnTextChange, when set, is called when a change of character data
	// (replaceData and what is built on it, splitText, normalize's
	// merging) moved a boundary point. Chromium's selection fires
	// selectionchange for those, and not for node insertions or removals.
	OnTextChange func()
	// insertFixed: insertions do not move the boundary points (see
	// KeepOnInsert).
	insertFixed bool
}

// KeepOnInsert makes r's boundary points stay where they are when nodes
// are inserted (moved by removals and changes of text only), as Chromium
// keeps a selection's anchor and focus positions apart from its range:
// its SelectionEditor follows removals, text changes, splits and merges,
// not insertions, and the selection's direction is the order of those
// positions.
func (r *Range) KeepOnInsert() { r.insertFixed = true }

// textMoved calls OnTextChange if the boundary points differ from the
// ones given (those before a change of character data).
func (r *Range) textMoved(s *Node, so int, e *Node, eo int) {
	if r.OnTextChange != nil && (s != r.startNode || so != r.startOffset || e != r.endNode || eo != r.endOffset) {
		r.OnTextChange()
	}
}

// A rangeSet holds a document's live ranges weakly.
type rangeSet struct {
	ranges []weak.Pointer[Range]
}

// ranges returns d's range set, creating it.
func (d *Document) ranges() *rangeSet {
	if d.rangeSet == nil {
		d.rangeSet = &rangeSet{}
	}
	return d.rangeSet
}

// hasRanges reports whether d may have live ranges (a cheap check for the
// tree operations).
func (d *Document) hasRanges() bool { return d.rangeSet != nil && len(d.rangeSet.ranges) > 0 }

// register makes r live in d (again, when its boundary moved to a node of
// another document).
func (d *Document) register(r *Range) {
	s := d.ranges()
	for _, x := range r.sets {
		if x == s {
			return
		}
	}
	r.sets = append(r.sets, s)
	s.ranges = append(s.ranges, weak.Make(r))
}

// adoptRanges registers in d the ranges of old with a boundary inside k,
// which moves from old to d.
func (d *Document) adoptRanges(old *Document, k *Node) {
	old.liveRanges(func(r *Range) {
		if k.Contains(r.startNode) || k.Contains(r.endNode) {
			d.register(r)
		}
	})
}

// Comparison kinds of CompareBoundaryPoints.
const (
	StartToStart = 0
	StartToEnd   = 1
	EndToEnd     = 2
	EndToStart   = 3
)

// CreateRange returns a collapsed range at (d, 0) (https://dom.spec.whatwg.org/#dom-document-createrange).
func (d *Document) CreateRange() *Range {
	r := &Range{startNode: &d.Node, endNode: &d.Node}
	d.register(r)
	return r
}

// liveRanges calls f for each live range of d, pruning collected ones.
func (d *Document) liveRanges(f func(*Range)) {
	if !d.hasRanges() {
		return
	}
	s := d.rangeSet
	kept := s.ranges[:0]
	for _, w := range s.ranges {
		if r := w.Value(); r != nil {
			kept = append(kept, w)
			f(r)
		}
	}
	clear(s.ranges[len(kept):])
	s.ranges = kept
}

// StartContainer returns the start node.
func (r *Range) StartContainer() *Node { return r.startNode }

// StartOffset returns the start offset.
func (r *Range) StartOffset() int { return r.startOffset }

// EndContainer returns the end node.
func (r *Range) EndContainer() *Node { return r.endNode }

// EndOffset returns the end offset.
func (r *Range) EndOffset() int { return r.endOffset }

// Collapsed reports whether start equals end.
func (r *Range) Collapsed() bool { return r.startNode == r.endNode && r.startOffset == r.endOffset }

// CommonAncestorContainer returns the deepest node containing both ends.
func (r *Range) CommonAncestorContainer() *Node {
	c := r.startNode
	for !c.Contains(r.endNode) {
		c = c.ParentNode()
	}
	return c
}

// root returns the range's root.
func (r *Range) root() *Node { return r.startNode.Root() }

// Boundary point positions.
const (
	before = -1
	equal  = 0
	after  = 1
)

// bpPosition implements https://dom.spec.whatwg.org/#concept-range-bp-position.
func bpPosition(a *Node, ao int, b *Node, bo int) int {
	if a == b {
		switch {
		case ao == bo:
			return equal
		case ao < bo:
			return before
		}
		return after
	}
	if b.CompareDocumentPosition(a)&DocumentPositionFollowing != 0 && !a.Contains(b) {
		return -bpPosition(b, bo, a, ao)
	}
	if a.Contains(b) {
		child := b
		for child.ParentNode() != a {
			child = child.ParentNode()
		}
		if child.Index() < ao {
			return after
		}
	}
	return before
}

// setBoundary implements https://dom.spec.whatwg.org/#concept-range-bp-set.
func (r *Range) setBoundary(n *Node, offset int, start bool) error {
	if n == nil {
		return ErrNilNode
	}
	if n.Type == html.DoctypeNode {
		return newError(InvalidNodeTypeError, "The node provided is of type '%s'.", n.NodeName())
	}
	if offset < 0 || offset > n.Length() {
		return boundaryOffsetError(n, offset)
	}
	n.doc.register(r)
	if start {
		if r.root() != n.Root() || bpPosition(n, offset, r.endNode, r.endOffset) == after {
			r.endNode, r.endOffset = n, offset
		}
		r.startNode, r.startOffset = n, offset
	} else {
		if r.root() != n.Root() || bpPosition(n, offset, r.startNode, r.startOffset) == before {
			r.startNode, r.startOffset = n, offset
		}
		r.endNode, r.endOffset = n, offset
	}
	return nil
}

// SetStart sets the start boundary point.
func (r *Range) SetStart(n *Node, offset int) error { return r.setBoundary(n, offset, true) }

// SetEnd sets the end boundary point.
func (r *Range) SetEnd(n *Node, offset int) error { return r.setBoundary(n, offset, false) }

// boundaryOffsetError is the IndexSizeError of an offset past n's
// length, as Chromium words it.
func boundaryOffsetError(n *Node, offset int) error {
	if n.IsCharacterData() || n.Type == processingInstructionNode {
		return newError(IndexSizeError, "The offset %d is larger than the node's length (%d).", offset, n.Length())
	}
	if offset > math.MaxInt32 {
		// Chromium counts children in an int: an unsigned long past it
		// (-1 given, 4294967295 read) is refused before they are.
		return newError(IndexSizeError, "The offset %d is invalid.", offset)
	}
	return newError(IndexSizeError, "There is no child at offset %d.", offset)
}

func parentOrErr(n *Node) (*Node, error) {
	p := n.ParentNode()
	if p == nil {
		return nil, newError(InvalidNodeTypeError, "the given Node has no parent.")
	}
	return p, nil
}

// SetStartBefore sets the start before n.
func (r *Range) SetStartBefore(n *Node) error {
	p, err := parentOrErr(n)
	if err != nil {
		return err
	}
	return r.SetStart(p, n.Index())
}

// SetStartAfter sets the start after n.
func (r *Range) SetStartAfter(n *Node) error {
	p, err := parentOrErr(n)
	if err != nil {
		return err
	}
	return r.SetStart(p, n.Index()+1)
}

// SetEndBefore sets the end before n.
func (r *Range) SetEndBefore(n *Node) error {
	p, err := parentOrErr(n)
	if err != nil {
		return err
	}
	return r.SetEnd(p, n.Index())
}

// SetEndAfter sets the end after n.
func (r *Range) SetEndAfter(n *Node) error {
	p, err := parentOrErr(n)
	if err != nil {
		return err
	}
	return r.SetEnd(p, n.Index()+1)
}

// Collapse collapses the range to its start (or end).
func (r *Range) Collapse(toStart bool) {
	if toStart {
		r.endNode, r.endOffset = r.startNode, r.startOffset
	} else {
		r.startNode, r.startOffset = r.endNode, r.endOffset
	}
}

// SelectNode selects n (https://dom.spec.whatwg.org/#concept-range-select).
func (r *Range) SelectNode(n *Node) error {
	if n == nil {
		return ErrNilNode
	}
	p, err := parentOrErr(n)
	if err != nil {
		return err
	}
	i := n.Index()
	p.doc.register(r)
	r.startNode, r.startOffset, r.endNode, r.endOffset = p, i, p, i+1
	return nil
}

// SelectNodeContents selects n's contents.
func (r *Range) SelectNodeContents(n *Node) error {
	if n == nil {
		return ErrNilNode
	}
	if n.Type == html.DoctypeNode {
		return newError(InvalidNodeTypeError, "The node provided is of type '%s'.", n.NodeName())
	}
	n.doc.register(r)
	r.startNode, r.startOffset, r.endNode, r.endOffset = n, 0, n, n.Length()
	return nil
}

// CompareBoundaryPoints compares a boundary point of r with one of other
// (https://dom.spec.whatwg.org/#dom-range-compareboundarypoints).
func (r *Range) CompareBoundaryPoints(how int, other *Range) (int, error) {
	if other == nil {
		return 0, ErrNilNode
	}
	if how < 0 || how > 3 {
		return 0, newError(NotSupportedError, "The comparison method provided must be one of 'START_TO_START', 'START_TO_END', 'END_TO_END', or 'END_TO_START'.")
	}
	if r.root() != other.root() {
		return 0, newError(WrongDocumentError, "the ranges are in different trees")
	}
	var tn, sn *Node
	var to, so int
	switch how {
	case StartToStart:
		tn, to, sn, so = r.startNode, r.startOffset, other.startNode, other.startOffset
	case StartToEnd:
		tn, to, sn, so = r.endNode, r.endOffset, other.startNode, other.startOffset
	case EndToEnd:
		tn, to, sn, so = r.endNode, r.endOffset, other.endNode, other.endOffset
	case EndToStart:
		tn, to, sn, so = r.startNode, r.startOffset, other.endNode, other.endOffset
	}
	return bpPosition(tn, to, sn, so), nil
}

// CloneRange returns a new live range with the same boundary points.
func (r *Range) CloneRange() *Range {
	c := r.startNode.doc.CreateRange()
	c.startNode, c.startOffset, c.endNode, c.endOffset = r.startNode, r.startOffset, r.endNode, r.endOffset
	return c
}

// IsPointInRange reports whether (n, offset) is within the range.
func (r *Range) IsPointInRange(n *Node, offset int) (bool, error) {
	if n == nil {
		return false, ErrNilNode
	}
	if n.Root() != r.root() {
		return false, nil
	}
	if n.Type == html.DoctypeNode {
		return false, newError(InvalidNodeTypeError, "The node provided is of type '%s'.", n.NodeName())
	}
	if offset < 0 || offset > n.Length() {
		return false, boundaryOffsetError(n, offset)
	}
	return bpPosition(n, offset, r.startNode, r.startOffset) != before && bpPosition(n, offset, r.endNode, r.endOffset) != after, nil
}

// ComparePoint returns -1, 0 or 1 for a point before, in or after the range.
func (r *Range) ComparePoint(n *Node, offset int) (int, error) {
	if n == nil {
		return 0, ErrNilNode
	}
	if n.Root() != r.root() {
		return 0, newError(WrongDocumentError, "the point is in another tree")
	}
	if n.Type == html.DoctypeNode {
		return 0, newError(InvalidNodeTypeError, "The node provided is of type '%s'.", n.NodeName())
	}
	if offset < 0 || offset > n.Length() {
		return 0, boundaryOffsetError(n, offset)
	}
	if bpPosition(n, offset, r.startNode, r.startOffset) == before {
		return -1, nil
	}
	if bpPosition(n, offset, r.endNode, r.endOffset) == after {
		return 1, nil
	}
	return 0, nil
}

// IntersectsNode reports whether n intersects the range.
func (r *Range) IntersectsNode(n *Node) bool {
	if n == nil {
		return false
	}
	if n.Root() != r.root() {
		return false
	}
	p := n.ParentNode()
	if p == nil {
		return true
	}
	i := n.Index()
	return bpPosition(p, i, r.endNode, r.endOffset) == before && bpPosition(p, i+1, r.startNode, r.startOffset) == after
}

// contains reports whether n is contained in the range.
func (r *Range) contains(n *Node) bool {
	return n.Root() == r.root() &&
		bpPosition(n, 0, r.startNode, r.startOffset) == after &&
		bpPosition(n, n.Length(), r.endNode, r.endOffset) == before
}

// partiallyContains reports whether n is partially contained.
func (r *Range) partiallyContains(n *Node) bool {
	return n.Contains(r.startNode) != n.Contains(r.endNode)
}

// String returns the range's text (https://dom.spec.whatwg.org/#dom-range-stringifier).
func (r *Range) String() string {
	var b strings.Builder
	if r.startNode == r.endNode && r.startNode.Type == html.TextNode {
		s, _ := r.startNode.SubstringData(r.startOffset, r.endOffset-r.startOffset)
		return s
	}
	if r.startNode.Type == html.TextNode {
		s, _ := r.startNode.SubstringData(r.startOffset, r.startNode.Length()-r.startOffset)
		b.WriteString(s)
	}
	root := r.CommonAncestorContainer()
	root.Descendants(func(n *Node) bool {
		if n.Type == html.TextNode && r.contains(n) {
			b.WriteString(n.Data)
		}
		return true
	})
	if r.endNode.Type == html.TextNode {
		s, _ := r.endNode.SubstringData(0, r.endOffset)
		b.WriteString(s)
	}
	return b.String()
}

// CreateContextualFragment parses markup in the context of the start node
// (https://w3c.github.io/DOM-Parsing/#dom-range-createcontextualfragment).
func (r *Range) CreateContextualFragment(markup string) (*Node, error) {
	ctx := r.startNode
	switch ctx.Type {
	case html.DocumentNode, fragmentNode:
		ctx = nil
	case html.ElementNode:
	default:
		ctx = ctx.ParentElement()
	}
	if ctx == nil || (ctx.IsHTML() && ctx.Data == "html") {
		ctx = r.startNode.doc.newElement("body", "")
	}
	return ctx.ParseFragment(markup)
}

// DeleteContents removes the range's contents (https://dom.spec.whatwg.org/#dom-range-deletecontents).
func (r *Range) DeleteContents() error {
	_, err := r.extractOrClone(false, true)
	return err
}

// ExtractContents moves the range's contents into a new fragment
// (https://dom.spec.whatwg.org/#concept-range-extract).
func (r *Range) ExtractContents() (*Node, error) { return r.extractOrClone(false, false) }

// CloneContents copies the range's contents into a new fragment
// (https://dom.spec.whatwg.org/#concept-range-clone).
func (r *Range) CloneContents() (*Node, error) { return r.extractOrClone(true, false) }

// extractOrClone implements extract and clone, which share their shape;
// deleteOnly is the delete algorithm (the fragment is dropped).
func (r *Range) extractOrClone(clone, deleteOnly bool) (*Node, error) {
	d := r.startNode.doc
	frag := d.CreateDocumentFragment()
	if r.Collapsed() {
		return frag, nil
	}
	sn, so, en, eo := r.startNode, r.startOffset, r.endNode, r.endOffset
	if sn == en && sn.IsCharacterData() {
		c := sn.CloneNode(false)
		s, _ := sn.SubstringData(so, eo-so)
		c.Data = s
		if !deleteOnly {
			linkLast(&frag.Node, &c.Node)
		}
		if !clone {
			_ = sn.ReplaceData(so, eo-so, "")
		}
		return frag, nil
	}
	common := sn
	for !common.Contains(en) {
		common = common.ParentNode()
	}
	var firstPartial, lastPartial *Node
	if !sn.Contains(en) {
		for c := common.First(); c != nil; c = c.Next() {
			if r.partiallyContains(c) {
				firstPartial = c
				break
			}
		}
	}
	if !en.Contains(sn) {
		for c := common.Last(); c != nil; c = c.Prev() {
			if r.partiallyContains(c) {
				lastPartial = c
				break
			}
		}
	}
	var contained []*Node
	for c := common.First(); c != nil; c = c.Next() {
		if r.contains(c) {
			// Only extract and clone refuse a doctype; delete removes it.
			if c.Type == html.DoctypeNode && !deleteOnly {
				return nil, newError(HierarchyRequestError, "the range contains a doctype")
			}
			contained = append(contained, c)
		}
	}
	newNode, newOffset := sn, so
	if !clone && !sn.Contains(en) {
		ref := sn
		for ref.ParentNode() != nil && !ref.ParentNode().Contains(en) {
			ref = ref.ParentNode()
		}
		newNode, newOffset = ref.ParentNode(), ref.Index()+1
	}
	appendTo := func(n *Node) error {
		if deleteOnly {
			return nil
		}
		_, err := frag.AppendChild(n)
		return err
	}
	if firstPartial != nil {
		if firstPartial.IsCharacterData() {
			c := firstPartial.CloneNode(false)
			s, _ := sn.SubstringData(so, sn.Length()-so)
			c.Data = s
			if err := appendTo(c); err != nil {
				return nil, err
			}
			if !clone {
				_ = sn.ReplaceData(so, sn.Length()-so, "")
			}
		} else {
			c := firstPartial.CloneNode(false)
			if err := appendTo(c); err != nil {
				return nil, err
			}
			sub := &Range{startNode: sn, startOffset: so, endNode: firstPartial, endOffset: firstPartial.Length()}
			sf, err := sub.extractOrClone(clone, deleteOnly)
			if err != nil {
				return nil, err
			}
			if !deleteOnly {
				_, _ = c.AppendChild(sf)
			}
		}
	}
	for _, c := range contained {
		if clone {
			if err := appendTo(c.CloneNode(true)); err != nil {
				return nil, err
			}
		} else if deleteOnly {
			c.Remove()
		} else if err := appendTo(c); err != nil {
			return nil, err
		}
	}
	if lastPartial != nil {
		if lastPartial.IsCharacterData() {
			c := lastPartial.CloneNode(false)
			s, _ := en.SubstringData(0, eo)
			c.Data = s
			if err := appendTo(c); err != nil {
				return nil, err
			}
			if !clone {
				_ = en.ReplaceData(0, eo, "")
			}
		} else {
			c := lastPartial.CloneNode(false)
			if err := appendTo(c); err != nil {
				return nil, err
			}
			sub := &Range{startNode: lastPartial, startOffset: 0, endNode: en, endOffset: eo}
			sf, err := sub.extractOrClone(clone, deleteOnly)
			if err != nil {
				return nil, err
			}
			if !deleteOnly {
				_, _ = c.AppendChild(sf)
			}
		}
	}
	if !clone {
		r.startNode, r.startOffset, r.endNode, r.endOffset = newNode, newOffset, newNode, newOffset
	}
	return frag, nil
}

// InsertNode inserts n at the start of the range (https://dom.spec.whatwg.org/#concept-range-insert).
func (r *Range) InsertNode(n *Node) error {
	if n == nil {
		return ErrNilNode
	}
	sn := r.startNode
	if sn.Type == processingInstructionNode || sn.Type == html.CommentNode || sn.Type == html.TextNode && sn.Parent == nil || sn == n {
		return newError(HierarchyRequestError, "cannot insert there")
	}
	var ref *Node
	if sn.Type == html.TextNode {
		ref = sn
	} else {
		ref = sn.ChildAt(r.startOffset)
	}
	parent := sn
	if ref != nil {
		parent = ref.ParentNode()
	}
	if err := ensurePreInsertionValidity(parent, n, ref); err != nil {
		return err
	}
	if sn.Type == html.TextNode {
		var err error
		if ref, err = sn.SplitText(r.startOffset); err != nil {
			return err
		}
	}
	if n == ref {
		ref = ref.Next()
	}
	if n.Parent != nil {
		n.Remove()
	}
	newOffset := parent.Length()
	if ref != nil {
		newOffset = ref.Index()
	}
	if n.Type == fragmentNode {
		newOffset += n.Length()
	} else {
		newOffset++
	}
	if _, err := parent.InsertBefore(n, ref); err != nil {
		return err
	}
	if r.Collapsed() {
		r.endNode, r.endOffset = parent, newOffset
	}
	return nil
}

// SurroundContents moves the range's contents into newParent and inserts
// it (https://dom.spec.whatwg.org/#dom-range-surroundcontents).
func (r *Range) SurroundContents(newParent *Node) error {
	if newParent == nil {
		return ErrNilNode
	}
	common := r.CommonAncestorContainer()
	for c := common.First(); c != nil; c = c.Next() {
		// https://dom.spec.whatwg.org/#dom-range-surroundcontents step 1:
		// only Text may be partially contained (not a comment or PI).
		if r.partiallyContains(c) && c.Type != html.TextNode {
			return newError(InvalidStateError, "The Range has partially selected a non-Text node.")
		}
	}
	switch newParent.Type {
	case html.DocumentNode, html.DoctypeNode, fragmentNode:
		return newError(InvalidNodeTypeError, "cannot surround with that node")
	}
	frag, err := r.ExtractContents()
	if err != nil {
		return err
	}
	if newParent.FirstChild != nil {
		newParent.replaceAll(nil)
	}
	if err := r.InsertNode(newParent); err != nil {
		return err
	}
	if _, err := newParent.AppendChild(frag); err != nil {
		return err
	}
	return r.SelectNode(newParent)
}

// Live range updates, called from the tree operations.

// rangesInsert: count nodes were inserted into parent at index.
func (d *Document) rangesInsert(parent *Node, index, count int) {
	d.liveRanges(func(r *Range) {
		if r.insertFixed {
			return
		}
		if r.startNode == parent && r.startOffset > index {
			r.startOffset += count
		}
		if r.endNode == parent && r.endOffset > index {
			r.endOffset += count
		}
	})
}

// rangesRemove: n, at index in parent, is about to be removed.
func (d *Document) rangesRemove(n, parent *Node, index int) {
	d.liveRanges(func(r *Range) {
		if n.Contains(r.startNode) {
			r.startNode, r.startOffset = parent, index
		}
		if n.Contains(r.endNode) {
			r.endNode, r.endOffset = parent, index
		}
		if r.startNode == parent && r.startOffset > index {
			r.startOffset--
		}
		if r.endNode == parent && r.endOffset > index {
			r.endOffset--
		}
	})
}

// rangesReplaceData: count units at offset of n were replaced by added units.
func (d *Document) rangesReplaceData(n *Node, offset, count, added int) {
	d.liveRanges(func(r *Range) {
		defer r.textMoved(r.startNode, r.startOffset, r.endNode, r.endOffset)
		if r.startNode == n {
			if r.startOffset > offset && r.startOffset <= offset+count {
				r.startOffset = offset
			} else if r.startOffset > offset+count {
				r.startOffset += added - count
			}
		}
		if r.endNode == n {
			if r.endOffset > offset && r.endOffset <= offset+count {
				r.endOffset = offset
			} else if r.endOffset > offset+count {
				r.endOffset += added - count
			}
		}
	})
}

// rangesSplit: n was split at offset into n and next. Only when n has a
// parent do boundary points move into next; in a text node without one
// they stay, and the replace data that follows clamps them to offset.
func (d *Document) rangesSplit(n, next *Node, offset int) {
	parent := n.ParentNode()
	if parent == nil {
		return
	}
	idx := n.Index()
	d.liveRanges(func(r *Range) {
		s, so, e, eo := r.startNode, r.startOffset, r.endNode, r.endOffset
		if r.startNode == n && r.startOffset > offset {
			r.startNode, r.startOffset = next, r.startOffset-offset
		}
		if r.endNode == n && r.endOffset > offset {
			r.endNode, r.endOffset = next, r.endOffset-offset
		}
		// a point moved into the new node is a change of text; one after
		// n moved by the insertion of next is not (Chromium fires no
		// selectionchange for it)
		r.textMoved(s, so, e, eo)
		if r.insertFixed {
			return
		}
		if r.startNode == parent && r.startOffset == idx+1 {
			r.startOffset++
		}
		if r.endNode == parent && r.endOffset == idx+1 {
			r.endOffset++
		}
	})
}

// ContainsNode reports whether n is contained in the range (its start and
// end both inside the range).
// https://dom.spec.whatwg.org/#contained
func (r *Range) ContainsNode(n *Node) bool { return r.contains(n) }
