package jsruntime

import (
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
)

// detailsOfSummary returns the details element n is the summary for (the
// first summary child of a details), or nil.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#summary-for-its-parent-details
func detailsOfSummary(n *dom.Node) *dom.Node {
	if !isHTMLElement(n) || n.DataAtom != atom.Summary {
		return nil
	}
	if p := n.ParentElement(); p != nil && p.Is(atom.Details) && p.FirstSummary() == n {
		return p
	}
	return nil
}

// closeOtherDetails closes the other open details elements of the
// exclusive accordion that d, just opened, belongs to: the details of d's
// tree with the same non-empty name.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#ensure-details-exclusivity-by-closing-other-elements-if-needed
func closeOtherDetails(d *dom.Node) {
	name := d.Attribute("name")
	if name == "" {
		return
	}
	var open []*dom.Node
	d.Root().Descendants(func(o *dom.Node) bool {
		if o != d && o.DataAtom == atom.Details && isHTMLElement(o) && o.HasAttribute("open") && o.Attribute("name") == name {
			open = append(open, o)
		}
		return true
	})
	for _, o := range open {
		o.RemoveAttribute("open")
	}
}

// detailsAttributeChanged runs the attribute change steps of details
// element n: an open attribute added or removed queues a toggle event,
// and one added closes the other open details of n's accordion; a new
// name closes n itself when its new accordion has another open details.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#the-details-element:concept-element-attributes-change-ext
func (w *Window) detailsAttributeChanged(n *dom.Node, r *dom.MutationRecord) {
	switch r.AttributeName {
	case "open":
		if r.HasOldValue == n.HasAttribute("open") {
			return
		}
		w.res.details.set(n, true)
		w.queueToggle(n, r.HasOldValue, !r.HasOldValue)
		if !r.HasOldValue {
			closeOtherDetails(n)
		}
	case "name":
		w.res.namedDetails = true
		if name, ok := n.GetAttribute("name"); ok && name != "" && (!r.HasOldValue || r.OldValue != name) && n.HasAttribute("open") && otherOpenDetails(n, name, nil) {
			n.RemoveAttribute("open")
		}
	}
}

// otherOpenDetails reports whether d's tree has an open details element
// named name other than d and those in skip.
func otherOpenDetails(d *dom.Node, name string, skip map[*dom.Node]bool) bool {
	other := false
	d.Root().Descendants(func(o *dom.Node) bool {
		if o != d && !skip[o] && o.DataAtom == atom.Details && isHTMLElement(o) && o.HasAttribute("open") && o.Attribute("name") == name {
			other = true
			return false
		}
		return true
	})
	return other
}

// detailsInserted runs the insertion steps of the open, named details
// elements one insertion put in a tree (w.res.openDetails, in tree order): one
// whose accordion already has another open details closes itself. They
// are taken in order as if inserted one at a time, so the first of several
// open ones inserted together stays open.
// https://html.spec.whatwg.org/multipage/interactive-elements.html#the-details-element:html-element-insertion-steps
func (w *Window) detailsInserted() {
	fresh := w.res.openDetails
	w.res.openDetails = nil
	later := make(map[*dom.Node]bool, len(fresh))
	for _, d := range fresh {
		later[d] = true
	}
	for _, d := range fresh {
		delete(later, d) // d and those before it are in the tree now
		if !d.HasAttribute("open") {
			continue
		}
		if otherOpenDetails(d, d.Attribute("name"), later) {
			d.RemoveAttribute("open")
		}
	}
}

// openDetailsIn adds the open, named details elements of n's inclusive
// subtree, in tree order, to those detailsInserted looks at: n was
// inserted into a disconnected tree, where an accordion is the tree's
// details as in a document (Chromium closes one inserted beside an open
// one of its name in a removed container too).
func (w *Window) openDetailsIn(n *dom.Node) {
	if n.Document() != w.doc {
		return
	}
	visit := func(o *dom.Node) bool {
		if o.DataAtom == atom.Details && isHTMLElement(o) && o.HasAttribute("open") && o.Attribute("name") != "" {
			w.res.openDetails = append(w.res.openDetails, o)
		}
		return true
	}
	visit(n)
	n.Descendants(visit)
}

// detailsCloned queues the toggle events of the open details elements of
// clone c (c and its descendants, not template contents): the clone's open
// attribute is set as the copy is made, which queues a toggle as setting it
// does, before the copy is inserted anywhere, as in Chromium 156 (so a
// clone closed in the same task fires closed->closed, not open->closed).
func (w *Window) detailsCloned(c *dom.Node) {
	visit := func(o *dom.Node) bool {
		if o.DataAtom == atom.Details && isHTMLElement(o) && o.HasAttribute("open") {
			if _, seen := w.res.details.get(o); !seen {
				w.res.details.set(o, true)
				w.queueToggle(o, false, true)
			}
		}
		return true
	}
	if c.IsElement() {
		visit(c)
	}
	c.Descendants(visit)
}
