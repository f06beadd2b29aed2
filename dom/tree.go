package dom

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A MutationType says what a MutationRecord reports.
type MutationType uint8

// The mutation types of MutationRecord.type.
const (
	ChildListMutation MutationType = iota + 1
	AttributesMutation
	CharacterDataMutation
)

func (t MutationType) String() string {
	switch t {
	case ChildListMutation:
		return "childList"
	case AttributesMutation:
		return "attributes"
	case CharacterDataMutation:
		return "characterData"
	}
	return ""
}

// A MutationRecord reports one change of a tree
// (https://dom.spec.whatwg.org/#mutationrecord), with old values always
// filled in so that observers can pick what they asked for.
type MutationRecord struct {
	Type   MutationType
	Target *Node

	// ChildListMutation.
	AddedNodes, RemovedNodes     []*Node
	PreviousSibling, NextSibling *Node

	// AttributesMutation: the attribute's local name and namespace URI.
	AttributeName, AttributeNamespace string

	// OldValue is the attribute's or character data's previous value;
	// HasOldValue is false when the attribute did not exist.
	OldValue    string
	HasOldValue bool

	// one backs a single added ([0]) or removed ([1]) node, so that the
	// record of an insertion or removal allocates nothing.
	one [2]*Node
}

// Clone returns a copy of r that stays valid after the OnMutation call that
// received r has returned (a MutationObserver's queue keeps records).
func (r *MutationRecord) Clone() *MutationRecord {
	c := *r
	c.one = [2]*Node{}
	c.AddedNodes = cloneNodes(r.AddedNodes)
	c.RemovedNodes = cloneNodes(r.RemovedNodes)
	return &c
}

func cloneNodes(ns []*Node) []*Node {
	if ns == nil {
		return nil
	}
	return append(make([]*Node, 0, len(ns)), ns...)
}

// changed bumps the version of n's document.
func (n *Node) changed() { n.doc.version++ }

// changedUnrecorded is changed for a change no mutation record reports.
func (n *Node) changedUnrecorded() {
	n.doc.version++
	n.doc.unrecorded++
}

// StateChanged records a change of what some pseudo-class matches that
// lives outside the tree (the focus, a custom state, an open popover or
// modal dialog, the target of the URL's fragment): caches of style and
// layout kept per Version must start over, and no mutation record
// reports it.
func (d *Document) StateChanged() {
	d.version++
	d.unrecorded++
}

// treeChanged bumps both versions of n's document: a child list changed.
func (n *Node) treeChanged() {
	n.doc.version++
	n.doc.treeVersion++
	if n.DataAtom == atom.Textarea && n.Namespace == "" {
		n.form().textChanged = true // see nullValue
	}
}

// record returns a cleared mutation record of type t for target, taken from
// d's free list: a page builds thousands of nodes, and a record per change
// was a tenth of what building them allocated. Only call it when
// d.OnMutation is set, and hand the record to emit.
func (d *Document) record(t MutationType, target *Node) *MutationRecord {
	var r *MutationRecord
	if k := len(d.records); k > 0 {
		r = d.records[k-1]
		d.records = d.records[:k-1]
	} else {
		r = new(MutationRecord)
	}
	r.Type, r.Target = t, target
	return r
}

// emit calls OnMutation with r, then clears r and takes it back for the
// next change (see Document.OnMutation: hooks that keep a record clone it).
// A hook may change the tree again: the nested change gets another record.
func (d *Document) emit(r *MutationRecord) {
	if d.OnMutation != nil {
		d.OnMutation(r)
	}
	*r = MutationRecord{}
	if len(d.records) < maxFreeRecords {
		d.records = append(d.records, r)
	}
}

// maxFreeRecords bounds a document's free list of mutation records (as
// deep as hooks nest changes).
const maxFreeRecords = 16

// notifyChildList reports a child list change of target with the given
// added and removed nodes (nodes of a single-node change go in added1 and
// removed1 instead, with added and removed nil).
func (d *Document) notifyChildList(target *Node, added, removed []*Node, added1, removed1, prev, next *Node) {
	if d.OnMutation == nil {
		return
	}
	r := d.record(ChildListMutation, target)
	r.AddedNodes, r.RemovedNodes = added, removed
	if added1 != nil {
		r.one[0] = added1
		r.AddedNodes = r.one[0:1:1]
	}
	if removed1 != nil {
		r.one[1] = removed1
		r.RemovedNodes = r.one[1:2:2]
	}
	r.PreviousSibling, r.NextSibling = prev, next
	d.emit(r)
}

func (n *Node) isContainer() bool {
	return n.Type == html.DocumentNode || n.Type == fragmentNode || n.Type == html.ElementNode
}

// hostIncludingInclusiveAncestorOf reports whether n is a host-including
// inclusive ancestor of other (https://dom.spec.whatwg.org/#concept-tree-host-including-inclusive-ancestor);
// a template's contents have the template as host.
func (n *Node) hostIncludingInclusiveAncestorOf(other *Node) bool {
	if n.FirstChild == nil && (n.rare == nil || n.rare.shadow == nil && n.rare.content == nil) {
		// n has no descendants and hosts nothing (no shadow root, no
		// template contents): it can only be other itself. This spares
		// the walk up other's ancestors and hosts at each append of a
		// fresh node, which made building deep shadow trees quadratic.
		return n == other
	}
	if other.flags&connectedFlag != 0 && n.flags&connectedFlag == 0 {
		// The host-including ancestors of a connected node are all
		// connected (no template contents are): a subtree built off the
		// document and inserted deep in it is not walked up to the root.
		return false
	}
	for o := other; o != nil; {
		if o == n {
			return true
		}
		if o.Parent != nil {
			o = o.ParentNode()
		} else if o.rare != nil && o.rare.host != nil {
			o = o.rare.host
		} else {
			return false
		}
	}
	return false
}

func (n *Node) hasElementChild() bool { return n.FirstElementChild() != nil }

func (n *Node) hasDoctypeChild() bool {
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.DoctypeNode {
			return true
		}
	}
	return false
}

// doctypeFollows reports whether a doctype follows child among its siblings.
func doctypeFollows(child *Node) bool {
	for k := child.NextSibling; k != nil; k = k.NextSibling {
		if k.Type == html.DoctypeNode {
			return true
		}
	}
	return false
}

func elementPrecedes(child *Node) bool {
	for k := child.PrevSibling; k != nil; k = k.PrevSibling {
		if k.Type == html.ElementNode {
			return true
		}
	}
	return false
}

// checkInsertable runs steps 1 to 5 shared by pre-insert and replace.
// replace tells replace (whose child must exist) from pre-insert.
func checkInsertable(parent, nd, child *Node, replace bool) error {
	if !parent.isContainer() {
		return newError(HierarchyRequestError, "This node type does not support this method.")
	}
	if nd.hostIncludingInclusiveAncestorOf(parent) {
		return newError(HierarchyRequestError, "The new child element contains the parent.")
	}
	if child != nil && child.ParentNode() != parent {
		if replace {
			return newError(NotFoundError, "The node to be replaced is not a child of this node.")
		}
		return newError(NotFoundError, "The node before which the new node is to be inserted is not a child of this node.")
	}
	switch nd.Type {
	case fragmentNode, html.DoctypeNode, html.ElementNode, html.TextNode, html.CommentNode, processingInstructionNode:
	default:
		return notInsertable(parent, nd)
	}
	if nd.Type == html.TextNode && parent.Type == html.DocumentNode {
		return notInsertable(parent, nd)
	}
	if nd.Type == html.DoctypeNode && parent.Type != html.DocumentNode {
		return notInsertable(parent, nd)
	}
	return nil
}

// notInsertable is the HierarchyRequestError for a node of nd's type in
// parent, as Chromium words it.
func notInsertable(parent, nd *Node) error {
	return newError(HierarchyRequestError, "Nodes of type '%s' may not be inserted inside nodes of type '%s'.", nd.NodeName(), parent.NodeName())
}

// Chromium's texts for a document's children in the wrong number or order.
var (
	errOneElement       = newError(HierarchyRequestError, "Only one element on document allowed.")
	errElementBeforeDT  = newError(HierarchyRequestError, "Can't insert an element before a doctype.")
	errDoctypeAfterRoot = newError(HierarchyRequestError, "Can't insert a doctype after the root element.")
	errOneDoctype       = newError(HierarchyRequestError, "Only one doctype on document allowed.")
	errTextInDocument   = newError(HierarchyRequestError, "Nodes of type '#text' may not be inserted inside nodes of type '#document'.")
)

// ensurePreInsertionValidity implements https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity.
func ensurePreInsertionValidity(parent, nd, child *Node) error {
	if err := checkInsertable(parent, nd, child, false); err != nil {
		return err
	}
	if parent.Type != html.DocumentNode {
		return nil
	}
	elems, err := elementsIntoDocument(nd)
	if err != nil {
		return err
	}
	if nd.Type == html.DoctypeNode {
		switch {
		case child != nil && elementPrecedes(child) || child == nil && parent.hasElementChild():
			return errDoctypeAfterRoot
		case parent.hasDoctypeChild():
			return errOneDoctype
		}
	}
	if elems == 1 {
		switch {
		case parent.hasElementChild():
			return errOneElement
		case child != nil && (child.Type == html.DoctypeNode || doctypeFollows(child)):
			return errElementBeforeDT
		}
	}
	return nil
}

// elementsIntoDocument counts the elements nd would bring into a document
// (steps 6 of pre-insertion validity and of replace): a fragment's, refused
// when it has text or more than one, or an element itself.
func elementsIntoDocument(nd *Node) (int, error) {
	switch nd.Type {
	case fragmentNode:
		elems, text := countElementsText(nd)
		switch {
		case text:
			return 0, errTextInDocument
		case elems > 1:
			return 0, errOneElement
		}
		return elems, nil
	case html.ElementNode:
		return 1, nil
	}
	return 0, nil
}

func countElementsText(f *Node) (elems int, text bool) {
	for k := f.FirstChild; k != nil; k = k.NextSibling {
		switch k.Type {
		case html.ElementNode:
			elems++
		case html.TextNode:
			text = true
		}
	}
	return elems, text
}

// InsertBefore inserts nd into n before child (at the end when child is
// nil) and returns nd (https://dom.spec.whatwg.org/#dom-node-insertbefore).
func (n *Node) InsertBefore(nd, child *Node) (*Node, error) {
	return n.insertBefore(nd, child, true)
}

// insertBefore is InsertBefore; with hooks false, moving nd out of its old
// parent does not call the document's BeforeRemove (the parser's mirror).
func (n *Node) insertBefore(nd, child *Node, hooks bool) (*Node, error) {
	if nd == nil {
		return nil, ErrNilNode
	}
	if err := ensurePreInsertionValidity(n, nd, child); err != nil {
		return nil, err
	}
	if hooks && nd.Parent != nil && nd.willBeRemoved() {
		// Script ran: check again what it may have changed.
		if err := ensurePreInsertionValidity(n, nd, child); err != nil {
			return nil, err
		}
	}
	ref := child
	if ref == nd {
		ref = nd.Next()
	}
	if !hooks {
		// The parser's insertions leave the mode to the doctype it reads.
		n.doc.parserInsert = true
		n.insert(nd, ref, false)
		n.doc.parserInsert = false
		return nd, nil
	}
	n.insert(nd, ref, false)
	return nd, nil
}

// AppendChild appends nd to n's children and returns nd
// (https://dom.spec.whatwg.org/#dom-node-appendchild).
func (n *Node) AppendChild(nd *Node) (*Node, error) { return n.InsertBefore(nd, nil) }

// insert implements https://dom.spec.whatwg.org/#concept-node-insert:
// nd (or a fragment's children) go into n before child.
func (n *Node) insert(nd, child *Node, suppress bool) {
	var nodes []*Node
	if nd.Type == fragmentNode {
		if nd.FirstChild == nil {
			return
		}
		nodes = nd.takeChildren()
	} else if nd.Parent != nil {
		nd.ParentNode().remove(nd, false)
	}
	n.insertTaken(nd, nodes, child, suppress)
}

// takeChildren removes the children of fragment nd and queues the
// fragment's record (https://dom.spec.whatwg.org/#concept-node-insert
// step 4); it returns them.
func (nd *Node) takeChildren() []*Node {
	nodes := nd.ChildNodeList()
	for _, k := range nodes {
		nd.remove(k, true)
	}
	nd.treeChanged()
	nd.doc.notifyChildList(nd, nil, nodes, nil, nil, nil, nil)
	return nodes
}

// insertTaken is insert once nd is out of its parent, or, for a fragment
// nd, once its children nodes (not empty) are out of it.
func (n *Node) insertTaken(nd *Node, nodes []*Node, child *Node, suppress bool) {
	if n.Type == html.DocumentNode && !n.doc.parserInsert {
		n.doc.fixMode()
	}
	connected := n.InDocumentTree() // the id index covers the document tree only
	if child != nil && n.doc.hasRanges() {
		count := 1
		if nodes != nil {
			count = len(nodes)
		}
		n.doc.rangesInsert(n, child.Index(), count)
	}
	var prev *Node
	if child != nil {
		prev = child.Prev()
	} else {
		prev = n.Last()
	}
	if nodes == nil {
		n.adoptInto(nd)
		n.link(nd, child, connected)
	} else {
		for _, k := range nodes {
			n.adoptInto(k)
			n.link(k, child, connected)
		}
	}
	// A selectedcontent element's update that the insertion causes is
	// held until the insertion's own record is queued: Chromium's records
	// of it follow the option's or the selectedcontent element's.
	d := n.doc
	holds := d.selectedContents
	if holds {
		d.scHold++
	}
	if nodes == nil {
		radiosInserted(n, connected, nd)
		optionsInserted(n, nd)
		if connected && d.selectedContents {
			selectedContentInserted(nd)
		}
	} else {
		radiosInserted(n, connected, nodes...)
		optionsInserted(n, nodes...)
		if connected && d.selectedContents {
			selectedContentInserted(nodes...)
		}
	}
	var held []*Node
	if holds {
		if d.scHold--; d.scHold == 0 {
			held, d.scHeld = d.scHeld, nil
		}
	}
	if n.doc.watchesSlots() {
		if nodes == nil {
			n.slotsInserted(nd, nil)
		} else {
			for i, k := range nodes {
				n.slotsInserted(k, nodes[i+1:])
			}
		}
	}
	n.treeChanged()
	if !suppress {
		if nodes == nil {
			n.doc.notifyChildList(n, nil, nil, nd, nil, prev, child)
		} else {
			n.doc.notifyChildList(n, nodes, nil, nil, nil, prev, child)
		}
	}
	for _, s := range held {
		s.updateSelectedContent()
	}
}

// adoptInto adopts k into n's node document.
func (n *Node) adoptInto(k *Node) {
	if k.doc != n.doc {
		n.doc.adoptSubtree(k)
	}
}

// adoptSubtree moves k, removed from its parent, from its node document
// into d, and tells the old document's OnAdopt
// (https://dom.spec.whatwg.org/#concept-node-adopt steps 3.1-3.2).
func (d *Document) adoptSubtree(k *Node) {
	old := k.doc
	if old.hasRanges() {
		d.adoptRanges(old, k)
	}
	k.setDocument(d)
	d.foreignCaseFrom(old, k)
	if old.hasShadowRoots {
		d.hasShadowRoots = true
	}
	if old.nsAttrs {
		d.nsAttrs = true
	}
	if old.OnAdopt != nil {
		old.OnAdopt(k, d)
	}
}

// link puts the unattached k into n before child and indexes its ids.
func (n *Node) link(k, child *Node, connected bool) {
	if child == nil {
		linkLast(&n.Node, &k.Node)
	} else {
		rootsMoving(k)
		h, c := &k.Node, &child.Node
		h.Parent = &n.Node
		h.PrevSibling = c.PrevSibling
		h.NextSibling = c
		if c.PrevSibling != nil {
			c.PrevSibling.NextSibling = h
		} else {
			n.FirstChild = h
		}
		c.PrevSibling = h
		treeLinked(n, k)
	}
	if connected {
		n.doc.indexSubtree(k)
	}
}

func unlink(h *html.Node) {
	p := h.Parent
	if p == nil {
		return
	}
	rootsMoving(node(h))
	if p.FirstChild == h {
		p.FirstChild = h.NextSibling
	}
	if p.LastChild == h {
		p.LastChild = h.PrevSibling
	}
	if h.PrevSibling != nil {
		h.PrevSibling.NextSibling = h.NextSibling
	}
	if h.NextSibling != nil {
		h.NextSibling.PrevSibling = h.PrevSibling
	}
	h.Parent, h.PrevSibling, h.NextSibling = nil, nil, nil
	treeUnlinked(node(h))
}

// remove implements https://dom.spec.whatwg.org/#concept-node-remove for
// child k of n.
func (n *Node) remove(k *Node, suppress bool) {
	if n.Type == html.DocumentNode && !n.doc.parserInsert {
		n.doc.fixMode()
	}
	for _, it := range k.doc.iterators {
		it.preRemove(k)
	}
	if k.doc.hasRanges() && n != k.doc.converted {
		k.doc.rangesRemove(k, n, k.Index())
	}
	prev, next := k.Prev(), k.Next()
	if n.InDocumentTree() {
		n.doc.unindexSubtree(k)
	}
	slots := n.doc.watchesSlots()
	var sr slotRemoval
	if slots {
		sr = n.slotsRemoving(k)
	}
	optionsRemoving(n, k)
	unlink(&k.Node)
	if k.doc.parserForms > 0 {
		k.doc.resetParserForms(k)
	}
	if slots {
		n.slotsRemoved(sr)
	}
	if k.Is(atom.Option) || k.Is(atom.Optgroup) {
		optionRemoved(n)
	}
	n.treeChanged()
	if !suppress {
		n.doc.notifyChildList(n, nil, nil, nil, k, prev, next)
	}
}

// RemoveChild removes child from n and returns it
// (https://dom.spec.whatwg.org/#concept-node-pre-remove).
func (n *Node) RemoveChild(child *Node) (*Node, error) {
	if child == nil || child.ParentNode() != n {
		return nil, newError(NotFoundError, "The node to be removed is not a child of this node.")
	}
	if child.willBeRemoved() && child.ParentNode() != n {
		return nil, errMovedBeforeRemoval
	}
	n.remove(child, false)
	return child, nil
}

// errMovedBeforeRemoval is Chromium's error when script run by
// BeforeRemove moved the node being removed.
var errMovedBeforeRemoval = newError(NotFoundError, "The node to be removed is no longer a child of this node. Perhaps it was moved in a 'blur' event handler?")

// willBeRemoved calls the document's BeforeRemove hook for k, about to
// leave its parent, and reports whether it did (script may have run).
func (k *Node) willBeRemoved() bool {
	if d := k.doc; d != nil && d.BeforeRemove != nil {
		d.BeforeRemove(k, false)
		return true
	}
	return false
}

// ReplaceChild replaces child of n with nd and returns child
// (https://dom.spec.whatwg.org/#concept-node-replace).
func (n *Node) ReplaceChild(nd, child *Node) (*Node, error) {
	if child == nil || nd == nil {
		return nil, ErrNilNode
	}
	if err := replaceValidity(n, nd, child); err != nil {
		return nil, err
	}
	if d := n.doc; d != nil && d.BeforeRemove != nil {
		child.willBeRemoved()
		if nd.Parent != nil && nd != child {
			nd.willBeRemoved()
		}
		if child.ParentNode() != n {
			return nil, errMovedBeforeRemoval
		}
		if err := replaceValidity(n, nd, child); err != nil {
			return nil, err
		}
	}
	ref := child.Next()
	if ref == nd {
		ref = nd.Next()
	}
	// Adopting nd takes it out of its parent (with its own record) before
	// child goes, so that record names child as a sibling and the
	// replacement's previous sibling is never nd (as Chromium, and as WPT's
	// MutationObserver-childList "internal replacement mutation" expects).
	// A fragment's children are taken out first too, as Chromium 156 does:
	// a shadow root's children put in place of its host leave a connected
	// tree, so their custom elements are disconnected (and connected
	// again), where the standard's order takes them out of a shadow tree
	// the host's removal has already disconnected.
	var nodes []*Node
	if nd.Type == fragmentNode {
		if nd.FirstChild != nil {
			nodes = nd.takeChildren()
		}
	} else if nd.Parent != nil {
		nd.ParentNode().remove(nd, false)
	}
	prev := child.Prev()
	var removed *Node
	if child.Parent != nil {
		removed = child
		n.remove(child, true)
	}
	added1 := nd
	if nd.Type == fragmentNode {
		added1 = nil
	}
	if added1 != nil || nodes != nil {
		n.insertTaken(nd, nodes, ref, true)
	}
	n.doc.notifyChildList(n, nodes, nil, added1, removed, prev, ref)
	return child, nil
}

// replaceValidity checks that nd can replace child of n
// (https://dom.spec.whatwg.org/#concept-node-replace, steps 1 to 6).
func replaceValidity(n, nd, child *Node) error {
	if err := checkInsertable(n, nd, child, true); err != nil {
		return err
	}
	if n.Type == html.DocumentNode {
		otherElement := func() bool {
			for k := n.FirstChild; k != nil; k = k.NextSibling {
				if k.Type == html.ElementNode && node(k) != child {
					return true
				}
			}
			return false
		}
		elems, err := elementsIntoDocument(nd)
		if err != nil {
			return err
		}
		if nd.Type == html.DoctypeNode {
			if elementPrecedes(child) {
				return errDoctypeAfterRoot
			}
			for k := n.FirstChild; k != nil; k = k.NextSibling {
				if k.Type == html.DoctypeNode && node(k) != child {
					return errOneDoctype
				}
			}
		}
		if elems == 1 {
			switch {
			case otherElement():
				return errOneElement
			case doctypeFollows(child):
				return errElementBeforeDT
			}
		}
	}
	return nil
}

// insertAfterAll is replaceAll's insertion once n's children are gone:
// a fragment's children nodes, already taken out of it, or a node nd
// (nil: none), which insert takes out of its parent then (its record
// comes before n's, as the standard orders them).
func (n *Node) insertAfterAll(nd *Node, nodes []*Node) {
	if nodes != nil {
		n.insertTaken(nd, nodes, nil, true)
	} else if nd != nil {
		n.insert(nd, nil, true)
	}
}

// replaceAll implements https://dom.spec.whatwg.org/#concept-node-replace-all
// (nd may be nil).
func (n *Node) replaceAll(nd *Node) {
	if d := n.doc; d != nil && d.BeforeRemove != nil && n.FirstChild != nil {
		d.BeforeRemove(n, true)
	}
	// A fragment's children are taken out before the children go, as in
	// ReplaceChild.
	var nodes []*Node
	if nd != nil && nd.Type == fragmentNode {
		if nd.FirstChild != nil {
			nodes = nd.takeChildren()
		}
		if nodes == nil {
			nd = nil
		}
	}
	if n.doc.OnMutation == nil {
		for k := n.First(); k != nil; k = n.First() {
			n.remove(k, true)
		}
		n.insertAfterAll(nd, nodes)
		return
	}
	// The record lists what was removed and added: a lone child or a
	// lone new node (textContent on a leaf) needs no slice.
	var removed []*Node
	var removed1 *Node
	if k := n.First(); k != nil && k.Next() == nil {
		removed1 = k
	} else if k != nil {
		removed = n.ChildNodeList()
	}
	var added []*Node
	var added1 *Node
	if nd != nil {
		if nd.Type == fragmentNode {
			if added = nodes; len(added) == 1 {
				added, added1 = nil, added[0]
			}
		} else {
			added1 = nd
		}
	}
	for k := n.First(); k != nil; k = n.First() {
		n.remove(k, true)
	}
	if h := n.doc.OnHeldRemoval; h != nil && nodes == nil && nd != nil && nd.Parent != nil {
		// nd leaves its parent before the record is queued.
		if removed1 != nil {
			h(n, []*Node{removed1})
		} else if len(removed) > 0 {
			h(n, removed)
		}
	}
	n.insertAfterAll(nd, nodes)
	if len(added) == 0 && added1 == nil && len(removed) == 0 && removed1 == nil {
		return
	}
	n.doc.notifyChildList(n, added, removed, added1, removed1, nil, nil)
}

// setDocument sets the node document of k, its descendants, attribute
// nodes and template contents (https://dom.spec.whatwg.org/#concept-node-adopt).
func (k *Node) setDocument(d *Document) {
	if k.Type == html.ElementNode {
		k.keepSelectionDirection(d)
	}
	k.doc = d
	if k.rare != nil {
		if k.rare.nullRegistry && d.Scripting {
			k.rare.nullRegistry = false // adopted: the document's registry
		}
		for _, a := range k.rare.attrNodes {
			a.doc = d
		}
		if c := k.rare.content; c != nil {
			c.setDocument(d.templateContentsOwner())
		}
		if sr := k.rare.shadow; sr != nil {
			// A shadow host's shadow root comes along (concept-node-adopt
			// step 3.1: shadow-including inclusive descendants).
			sr.setDocument(d)
		}
	}
	for c := k.First(); c != nil; c = c.Next() {
		c.setDocument(d)
	}
}

// AdoptNode moves n (removed from its parent) into d
// (https://dom.spec.whatwg.org/#dom-document-adoptnode).
func (d *Document) AdoptNode(n *Node) (*Node, error) {
	if n == nil {
		return nil, ErrNilNode
	}
	if n.Type == html.DocumentNode {
		return nil, newError(NotSupportedError, "The node provided is of type '#document', which may not be adopted.")
	}
	if n.IsShadowRoot() {
		return nil, newError(HierarchyRequestError, "a shadow root cannot be adopted")
	}
	// A template's contents are adopted too (its children and the fragment
	// itself change document), as in Chromium; the standard now leaves a
	// fragment with a host where it is (WPT dom/nodes/adoption.window.js).
	if p := n.ParentNode(); p != nil {
		p.remove(n, false)
	}
	if n.Type == attributeNode && n.rare != nil && n.rare.owner != nil {
		n.rare.owner.RemoveAttributeNode(n)
	}
	if n.doc != d {
		d.adoptSubtree(n)
	}
	return n, nil
}

// ImportNode returns a clone of n owned by d (https://dom.spec.whatwg.org/#dom-document-importnode).
func (d *Document) ImportNode(n *Node, deep bool) (*Node, error) {
	if n == nil {
		return nil, ErrNilNode
	}
	if n.Type == html.DocumentNode {
		return nil, newError(NotSupportedError, "The node provided is a document, which may not be imported.")
	}
	if n.IsShadowRoot() {
		return nil, newError(NotSupportedError, "a shadow root cannot be imported")
	}
	c := n.cloneInto(d, deep)
	if n.doc != d {
		d.foreignCaseFrom(n.doc, c)
	}
	return c, nil
}

// ChildNode and ParentNode mixins (https://dom.spec.whatwg.org/#interface-parentnode).

// nodesIntoNode implements "convert nodes into a node": one node as is,
// several in a new fragment.
func (n *Node) nodesIntoNode(nodes []*Node) (*Node, error) {
	for _, k := range nodes {
		if k == nil {
			return nil, ErrNilNode
		}
	}
	if len(nodes) == 1 {
		return nodes[0], nil
	}
	f := n.doc.CreateDocumentFragment()
	n.doc.converted = f
	for _, k := range nodes {
		if _, err := f.AppendChild(k); err != nil {
			return nil, orphanConverted(nodes, f, err)
		}
	}
	return f, nil
}

// orphanConverted handles an error err in inserting nd, what
// nodesIntoNode made of nodes: when nd is the fragment made for several
// nodes, its children are removed from it, as Chromium leaves them when
// prepend(), append(), before() and the others throw (out of where they
// were, in no fragment). It returns err.
func orphanConverted(nodes []*Node, nd *Node, err error) error {
	if err != nil && len(nodes) > 1 && nd != nil {
		for k := nd.First(); k != nil; k = nd.First() {
			nd.remove(k, true)
		}
	}
	return err
}

// Prepend inserts nodes before n's first child (https://dom.spec.whatwg.org/#dom-parentnode-prepend).
func (n *Node) Prepend(nodes ...*Node) error {
	nd, err := n.nodesIntoNode(nodes)
	if err != nil || nd == nil {
		return err
	}
	_, err = n.InsertBefore(nd, n.First())
	return orphanConverted(nodes, nd, err)
}

// Append appends nodes after n's last child (https://dom.spec.whatwg.org/#dom-parentnode-append).
func (n *Node) Append(nodes ...*Node) error {
	if len(nodes) == 0 {
		return nil
	}
	nd, err := n.nodesIntoNode(nodes)
	if err != nil {
		return err
	}
	_, err = n.AppendChild(nd)
	return orphanConverted(nodes, nd, err)
}

// ReplaceChildren replaces all of n's children with nodes
// (https://dom.spec.whatwg.org/#dom-parentnode-replacechildren).
func (n *Node) ReplaceChildren(nodes ...*Node) error {
	var nd *Node
	if len(nodes) > 0 {
		var err error
		if nd, err = n.nodesIntoNode(nodes); err != nil {
			return err
		}
		if err := ensurePreInsertionValidity(n, nd, nil); err != nil {
			return orphanConverted(nodes, nd, err)
		}
	}
	n.replaceAll(nd)
	return nil
}

func inSet(k *Node, nodes []*Node) bool {
	for _, m := range nodes {
		if m == k {
			return true
		}
	}
	return false
}

// Before inserts nodes before n (https://dom.spec.whatwg.org/#dom-childnode-before).
func (n *Node) Before(nodes ...*Node) error {
	parent := n.ParentNode()
	if parent == nil || len(nodes) == 0 {
		return nil
	}
	prev := n.Prev()
	for prev != nil && inSet(prev, nodes) {
		prev = prev.Prev()
	}
	nd, err := n.nodesIntoNode(nodes)
	if err != nil {
		return err
	}
	var ref *Node
	if prev == nil {
		ref = parent.First()
	} else {
		ref = prev.Next()
	}
	_, err = parent.InsertBefore(nd, ref)
	return orphanConverted(nodes, nd, err)
}

// After inserts nodes after n (https://dom.spec.whatwg.org/#dom-childnode-after).
func (n *Node) After(nodes ...*Node) error {
	parent := n.ParentNode()
	if parent == nil || len(nodes) == 0 {
		return nil
	}
	next := n.Next()
	for next != nil && inSet(next, nodes) {
		next = next.Next()
	}
	nd, err := n.nodesIntoNode(nodes)
	if err != nil {
		return err
	}
	_, err = parent.InsertBefore(nd, next)
	return orphanConverted(nodes, nd, err)
}

// ReplaceWith replaces n with nodes (https://dom.spec.whatwg.org/#dom-childnode-replacewith).
func (n *Node) ReplaceWith(nodes ...*Node) error {
	parent := n.ParentNode()
	if parent == nil {
		return nil
	}
	next := n.Next()
	for next != nil && inSet(next, nodes) {
		next = next.Next()
	}
	if len(nodes) == 0 {
		n.Remove()
		return nil
	}
	nd, err := n.nodesIntoNode(nodes)
	if err != nil {
		return err
	}
	if n.ParentNode() == parent {
		_, err = parent.ReplaceChild(nd, n)
	} else {
		_, err = parent.InsertBefore(nd, next)
	}
	return orphanConverted(nodes, nd, err)
}

// Remove removes n from its parent, if any (https://dom.spec.whatwg.org/#dom-childnode-remove).
//
// Script that the document's BeforeRemove ran may have moved n: it then
// stays where it is now (RemoveChild reports that as an error).
func (n *Node) Remove() {
	if p := n.ParentNode(); p != nil {
		if n.willBeRemoved() && n.ParentNode() != p {
			return
		}
		p.remove(n, false)
	}
}

// MoveBefore moves nd, already in the same shadow-including tree, into n
// before child without the removal and insertion steps, so that state
// tied to being connected survives (https://dom.spec.whatwg.org/#dom-parentnode-movebefore).
func (n *Node) MoveBefore(nd, child *Node) error {
	if nd == nil {
		return ErrNilNode
	}
	if n.ShadowIncludingRoot() != nd.ShadowIncludingRoot() {
		return newError(HierarchyRequestError, "State-preserving atomic move cannot be performed on nodes participating in an invalid hierarchy.")
	}
	if nd.hostIncludingInclusiveAncestorOf(n) {
		return newError(HierarchyRequestError, "the node contains the new parent")
	}
	// the node's type before the reference child, as in Chromium 156 and
	// the standard's "ensure pre-move validity"
	if nd.Type != html.ElementNode && !nd.IsCharacterData() {
		return newError(HierarchyRequestError, "only elements and character data can be moved")
	}
	if child != nil && child.ParentNode() != n {
		return newError(NotFoundError, "the reference node is not a child of this node")
	}
	if nd.Type == html.TextNode && n.Type == html.DocumentNode {
		return newError(HierarchyRequestError, "text cannot be a child of a document")
	}
	// A document's element child cannot be moved within it: the document
	// has an element child, nd itself (the move algorithm's step 6; unlike
	// replaceChild, moveBefore makes no exception for it, nor does Chromium).
	if n.Type == html.DocumentNode && nd.Type == html.ElementNode &&
		(n.FirstElementChild() != nil || child != nil && (child.Type == html.DoctypeNode || doctypeFollows(child))) {
		return newError(HierarchyRequestError, "a document can have only one element")
	}
	ref := child
	if ref == nd {
		ref = nd.Next()
	}
	old := nd.ParentNode()
	if old == nil {
		return newError(HierarchyRequestError, "the node has no parent")
	}
	oldPrev, oldNext := nd.Prev(), nd.Next()
	// The id index covers the document tree only: a move into a shadow
	// tree of the document (or out of one) takes nd's ids out of it (or
	// puts them in).
	wasIndexed, indexed := old.InDocumentTree(), n.InDocumentTree()
	if wasIndexed && !indexed {
		nd.doc.unindexSubtree(nd)
	}
	// The live range and iterator updates of a removal, with no removal
	// steps.
	for _, it := range nd.doc.iterators {
		it.preRemove(nd)
	}
	if nd.doc.hasRanges() {
		nd.doc.rangesRemove(nd, old, nd.Index())
	}
	slots := nd.doc.watchesSlots()
	var sr slotRemoval
	if slots {
		sr = old.slotsRemoving(nd)
	}
	unlink(&nd.Node)
	if slots {
		old.slotsRemoved(sr)
	}
	old.treeChanged()
	nd.doc.notifyChildList(old, nil, nil, nil, nd, oldPrev, oldNext)
	if ref != nil && n.doc.hasRanges() {
		n.doc.rangesInsert(n, ref.Index(), 1)
	}
	var prev *Node
	if ref != nil {
		prev = ref.Prev()
	} else {
		prev = n.Last()
	}
	n.link(nd, ref, indexed && !wasIndexed)
	if slots {
		n.slotsInserted(nd, nil)
	}
	n.treeChanged()
	n.doc.notifyChildList(n, nil, nil, nd, nil, prev, ref)
	return nil
}
