package dom

import (
	"strings"

	"golang.org/x/net/html"
)

// LookupNamespaceURI returns the namespace bound to prefix ("" for the
// default namespace, the spec's null) in scope at n, and whether there is one
// (https://dom.spec.whatwg.org/#locate-a-namespace).
func (n *Node) LookupNamespaceURI(prefix string) (string, bool) {
	switch n.Type {
	case html.ElementNode:
		for e := n; e != nil; e = e.ParentElement() {
			if uri, found, done := e.locateNamespaceHere(prefix); done {
				return uri, found
			}
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

// locateNamespaceHere runs the element steps 1-4 of "locate a namespace" on
// e alone: done when e itself answers (https://dom.spec.whatwg.org/#locate-a-namespace).
func (e *Node) locateNamespaceHere(prefix string) (uri string, found, done bool) {
	switch prefix {
	case "xml":
		return XMLNamespace, true, true
	case "xmlns":
		return XMLNSNamespace, true, true
	}
	if uri := e.NamespaceURI(); uri != "" && e.Prefix() == prefix {
		return uri, true, true
	}
	e.flags &^= styleTail // Chromium reads the attribute list, which synchronizes it
	for _, a := range e.Attr {
		if a.Namespace != XMLNSNamespace {
			continue
		}
		if (prefix != "" && strings.HasPrefix(a.Key, "xmlns:") && a.Key[len("xmlns:"):] == prefix) || (prefix == "" && a.Key == "xmlns") {
			return a.Val, a.Val != "", true
		}
	}
	return "", false, false
}

// LookupPrefix returns a prefix bound to namespace ns in scope at n
// (https://dom.spec.whatwg.org/#dom-node-lookupprefix,
// https://dom.spec.whatwg.org/#locate-a-namespace-prefix).
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
	case html.DoctypeNode, fragmentNode:
		return "", false
	default:
		e = n.ParentElement()
	}
	for ; e != nil; e = e.ParentElement() {
		if e.NamespaceURI() == ns && e.Prefix() != "" {
			return e.Prefix(), true
		}
		for _, a := range e.Attr {
			if a.Namespace == XMLNSNamespace && strings.HasPrefix(a.Key, "xmlns:") && a.Val == ns {
				return a.Key[len("xmlns:"):], true
			}
		}
	}
	return "", false
}

// IsDefaultNamespace reports whether ns ("" for null) is the default
// namespace at n (https://dom.spec.whatwg.org/#dom-node-isdefaultnamespace).
func (n *Node) IsDefaultNamespace(ns string) bool {
	d, _ := n.LookupNamespaceURI("")
	return d == ns
}
