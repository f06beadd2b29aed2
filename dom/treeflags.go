package dom

import "golang.org/x/net/html"

// Each node keeps two bits of its tree in flags, as Chromium keeps its
// connected and in-shadow-tree flags on every node: whether its
// shadow-including root is a document (IsConnected) and whether its root
// is a shadow root. A link into a parent gives the linked subtree its
// parent's bits and an unlink clears them, each with one walk of that
// subtree and of the shadow trees its elements host, as the insertion and
// removal steps already walk it (the id index, the bindings' scans). The
// bits of all nodes of one tree are the same, so a link that changes
// nothing (a subtree built off the document, bottom up) is no walk at all.
//
// Before, every insertion and removal, and every binding's check of the
// changed node, walked up to the root: a chain of 20,000 elements built
// top down took about 2 s in dom alone and over a minute in a page,
// quadratic in its depth. The two bits take unused bits of flags: they
// cost no memory.
//
// Every link and unlink of a node goes through linkLast, link, insertRaw
// or unlink, which call treeLinked and treeUnlinked; NewDocument and
// attachShadow set the bits of the nodes they make.

// treeFlags are the bits of a node's tree.
const treeFlags = connectedFlag | shadowTreeFlag

// treeLinked gives k, just linked into parent, the bits of parent's tree.
func treeLinked(parent, k *Node) { setTreeFlags(k, parent.flags&treeFlags) }

// treeUnlinked clears the bits of k, just unlinked: it is the root of its
// own tree, which is neither a document nor a shadow tree.
func treeUnlinked(k *Node) { setTreeFlags(k, 0) }

// setTreeFlags sets the tree bits of k's subtree to want, and the
// connected bit of the shadow trees its elements host (they stay shadow
// trees) to want's. Iterative: a chain may be any number of levels deep.
func setTreeFlags(k *Node, want nodeFlags) {
	if k.flags&treeFlags == want {
		return
	}
	connection := (k.flags^want)&connectedFlag != 0
	var hosted []*Node
	for x := k; x != nil; x = x.NextWithin(k) {
		x.flags = x.flags&^treeFlags | want
		if connection && x.rare != nil && x.rare.shadow != nil {
			hosted = append(hosted, x.rare.shadow)
		}
	}
	c := want & connectedFlag
	for len(hosted) > 0 {
		s := hosted[len(hosted)-1]
		hosted = hosted[:len(hosted)-1]
		for x := s; x != nil; x = x.NextWithin(s) {
			x.flags = x.flags&^connectedFlag | c
			if x.rare != nil && x.rare.shadow != nil {
				hosted = append(hosted, x.rare.shadow)
			}
		}
	}
}

// treeFlagsWalked returns the tree bits of n as a walk to its roots finds
// them: what the flags must equal (tests, and the bangsnap_treecheck
// build).
func treeFlagsWalked(n *Node) nodeFlags {
	r := n.Root()
	var f nodeFlags
	if r.IsShadowRoot() {
		f |= shadowTreeFlag
	}
	for r.IsShadowRoot() {
		r = r.rare.host.Root()
	}
	if r.Type == html.DocumentNode {
		f |= connectedFlag
	}
	return f
}

// checkedTreeFlags returns n's tree bits, checked against a walk in the
// bangsnap_treecheck build.
func checkedTreeFlags(n *Node) nodeFlags {
	f := n.flags & treeFlags
	if checkTreeFlags {
		if w := treeFlagsWalked(n); w != f {
			panic("dom: tree flags out of date")
		}
	}
	return f
}
