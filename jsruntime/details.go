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
