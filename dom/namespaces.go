package dom

import (
	"strings"

	"golang.org/x/net/html"
)

// LookupNamespaceURI returns the namespace bound to prefix ("" for the
// default namespace) in scope at n (https://dom.spec.whatwg.org/#locate-a-namespace).
func (n *Node) LookupNamespaceURI(prefix string) (string, bool) {
	switch prefix {
	case "xml":
		return XMLNamespace, true
	case "xmlns":
		return XMLNSNamespace, true
	}
	switch n.Type {
	case html.ElementNode:
		if uri := n.NamespaceURI(); uri != "" && n.Prefix() == prefix {
			return uri, true
		}
		for _, a := range n.Attr {
			if a.Namespace != XMLNSNamespace {
				continue
			}
			local := attrLocalName(a)
			if (prefix != "" && strings.HasPrefix(a.Key, "xmlns:") && local == prefix) || (prefix == "" && a.Key == "xmlns") {
				return a.Val, a.Val != ""
			}
		}
		if p := n.ParentElement(); p != nil {
			return p.LookupNamespaceURI(prefix)
		}
		return "", false
	case html.DocumentNode:
		if e := n.AsDocument().DocumentElement(); e != nil {
			return e.LookupNamespaceURI(prefix)
		}
		return "", false
	case html.DoctypeNode, fragmentNode:
		return "", false
	case attributeNode:
		if o := n.OwnerElement(); o != nil {
			return o.LookupNamespaceURI(prefix)
		}
		return "", false
	}
	if p := n.ParentElement(); p != nil {
		return p.LookupNamespaceURI(prefix)
	}
	return "", false
}

// LookupPrefix returns a prefix bound to namespace ns in scope at n
// (https://dom.spec.whatwg.org/#dom-node-lookupprefix).
func (n *Node) LookupPrefix(ns string) (string, bool) {
	if ns == "" {
		return "", false
	}
	e := n
	switch n.Type {
	case html.DocumentNode:
		e = n.AsDocument().DocumentElement()
	case attributeNode:
		e = n.OwnerElement()
	case html.ElementNode:
	default:
		e = n.ParentElement()
	}
	for ; e != nil; e = e.ParentElement() {
		if e.NamespaceURI() == ns && e.Prefix() != "" {
			return e.Prefix(), true
		}
		for _, a := range e.Attr {
			if a.Namespace == XMLNSNamespace && strings.HasPrefix(a.Key, "xmlns:") && a.Val == ns {
				return attrLocalName(a), true
			}
		}
	}
	return "", false
}

// IsDefaultNamespace reports whether ns is the default namespace at n.
func (n *Node) IsDefaultNamespace(ns string) bool {
	d, _ := n.LookupNamespaceURI("")
	return d == ns
}
