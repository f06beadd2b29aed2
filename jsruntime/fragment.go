package jsruntime

import (
	"net/url"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
)

// What a browser's "scroll to the fragment" changes in the DOM: the
// indicated element becomes the document's target element (:target), and
// the ancestors hiding it are revealed (closed details opened,
// hidden=until-found removed after a beforematch event), and the viewport
// scrolls to it (scroll.go).
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#scroll-to-the-fragment-identifier

// scrollToFragment sets doc's target element from its URL's fragment and
// reveals it. It runs after a fragment navigation and, as in Chromium,
// once parsing is over (after DOMContentLoaded) for a URL with a fragment.
func (w *Window) scrollToFragment(doc *dom.Document) {
	u := doc.URL()
	if u == nil {
		return
	}
	target := indicatedElement(doc, u)
	if doc == w.doc {
		defer w.scrollToIndicated(target, u.EscapedFragment())
	}
	if target == nil && w.targets[doc] == nil {
		return
	}
	if w.targets == nil {
		w.targets = make(map[*dom.Document]*dom.Node)
	}
	if target == nil {
		delete(w.targets, doc)
	} else {
		w.targets[doc] = target
	}
	w.sheets.cssomEdits++ // :target matches another element
	w.sheets.stateEdits++
	doc.StateChanged()
	if target != nil {
		w.revealAncestors(target)
	}
}

// scrollToIndicated scrolls the viewport to the element a fragment
// indicates, or to the top of the document for "top" (not for an empty
// fragment: a URL does not tell "#" from none).
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#scroll-to-the-fragment-identifier
func (w *Window) scrollToIndicated(target *dom.Node, fragment string) {
	switch {
	case target != nil:
		w.scrollToElement(target, "start", "nearest")
	case ascii.EqualFold(fragment, "top"):
		w.scrollViewportTo(0, 0)
	}
}

// indicatedElement finds the element a URL's fragment indicates: the first
// element with that ID, else the first a element with that name, tried
// with the fragment as written and then percent-decoded; "" and "top" name
// none.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#find-a-potential-indicated-element
func indicatedElement(doc *dom.Document, u *url.URL) *dom.Node {
	raw := u.EscapedFragment()
	if raw == "" {
		return nil
	}
	find := func(name string) *dom.Node {
		if el := doc.GetElementByID(name); el != nil {
			return el
		}
		var found *dom.Node
		doc.Node.Descendants(func(n *dom.Node) bool {
			if isHTMLElement(n) && n.DataAtom == atom.A && n.Attribute("name") == name && n.HasAttribute("name") {
				found = n
			}
			return found == nil
		})
		return found
	}
	if el := find(raw); el != nil {
		return el
	}
	if dec, err := url.PathUnescape(raw); err == nil && dec != raw {
		if el := find(dec); el != nil {
			return el
		}
	}
	return nil
}

// revealAncestors runs the ancestor revealing algorithm: up the flat tree
// from n, a details element n is in the content of opens, and an element
// whose hidden attribute is until-found gets a beforematch event, then
// loses the attribute.
// https://html.spec.whatwg.org/multipage/interaction.html#ancestor-revealing-algorithm
func (w *Window) revealAncestors(n *dom.Node) {
	for cur, child := n, (*dom.Node)(nil); cur != nil; cur, child = flatParent(cur), cur {
		if !cur.IsElement() || !isHTMLElement(cur) {
			continue
		}
		if cur.DataAtom == atom.Details && child != nil && detailsOfSummary(child) != cur && !cur.HasAttribute("open") {
			w.check(cur.SetAttribute("open", ""))
		}
		if v, ok := cur.GetAttribute("hidden"); ok && ascii.EqualFold(v, "until-found") {
			w.fire(cur, "beforematch", true, false)
			cur.RemoveAttribute("hidden")
		}
	}
}

// flatParent is n's parent in the flat tree: the slot it is assigned to,
// a shadow root's host, else its parent element.
func flatParent(n *dom.Node) *dom.Node {
	if s := n.AssignedSlot(); s != nil {
		return s
	}
	p := n.ParentNode()
	if p == nil {
		return nil
	}
	if p.IsShadowRoot() {
		return p.Host()
	}
	if !p.IsElement() {
		return nil
	}
	return p
}
