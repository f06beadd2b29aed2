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
		name := d.Attribute("name")
		other := false
		d.Root().Descendants(func(o *dom.Node) bool {
			if o != d && !later[o] && o.DataAtom == atom.Details && isHTMLElement(o) && o.HasAttribute("open") && o.Attribute("name") == name {
				other = true
				return false
			}
			return true
		})
		if other {
			d.RemoveAttribute("open")
		}
	}
}
