package dom

import (
	"cmp"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// x/net/html (v0.55.0 and later) sorts the attributes of formatting
// elements in place while it applies the "Noah's Ark" clause of
// https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements,
// so `<a title=t href=h>` came out of our parser as `<a href=h title=t>`:
// every link of every snapshot in an order no browser shows. Browsers keep
// the source order, and so does our DOM: restoreAttrOrder puts it back from
// a second tokenization of the source, which it does only when the parsed
// tree holds a formatting element with two or more attributes.
//
// Two start tags of the same name with the same attributes in different
// orders get the order of the first (their sorted forms are identical, so
// nothing tells them apart); clones made by the adoption agency algorithm
// get the order of the tag they were cloned from.

// isFormattingAtom reports whether a is one of the HTML standard's
// formatting elements, those the parser sorts.
func isFormattingAtom(a atom.Atom) bool {
	switch a {
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr,
		atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		return true
	}
	return false
}

// restoreAttrOrder gives the formatting elements of the tree at root, which
// was parsed from src, their attributes in source order.
func restoreAttrOrder(root *Node, src string) {
	var sorted []*Node
	stack := []*Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type == html.ElementNode && n.Namespace == "" && len(n.Attr) >= 2 && isFormattingAtom(n.DataAtom) {
			sorted = append(sorted, n)
		}
		if n.rare != nil {
			if n.rare.content != nil {
				stack = append(stack, n.rare.content)
			}
			if n.rare.shadow != nil {
				stack = append(stack, n.rare.shadow)
			}
		}
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			stack = append(stack, FromHTML(k))
		}
	}
	if len(sorted) == 0 {
		return
	}
	orders := sourceAttrOrders(src)
	for _, n := range sorted {
		if order, ok := orders[attrSignature(n.Data, n.Attr)]; ok && len(order) == len(n.Attr) {
			copy(n.Attr, order)
		}
	}
}

// sourceAttrOrders tokenizes src and returns, for every formatting start
// tag with two or more attributes, its attributes in source order (the
// first of duplicates kept, as the parser does), keyed by attrSignature.
func sourceAttrOrders(src string) map[string][]html.Attribute {
	orders := make(map[string][]html.Attribute)
	z := html.NewTokenizer(strings.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return orders
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			if !more || !isFormattingAtom(atom.Lookup(name)) {
				continue
			}
			tag := string(name)
			var attrs []html.Attribute
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				key := string(k)
				if !slices.ContainsFunc(attrs, func(a html.Attribute) bool { return a.Key == key }) {
					attrs = append(attrs, html.Attribute{Key: key, Val: string(v)})
				}
			}
			if len(attrs) < 2 {
				continue
			}
			sig := attrSignature(tag, attrs)
			if _, seen := orders[sig]; !seen {
				orders[sig] = attrs
			}
		}
	}
}

// attrSignature names a tag and its attribute set whatever their order.
func attrSignature(tag string, attrs []html.Attribute) string {
	s := slices.Clone(attrs)
	slices.SortFunc(s, func(a, b html.Attribute) int {
		return cmp.Or(cmp.Compare(a.Namespace, b.Namespace), cmp.Compare(a.Key, b.Key), cmp.Compare(a.Val, b.Val))
	})
	var b strings.Builder
	b.WriteString(tag)
	for _, a := range s {
		b.WriteByte(0)
		b.WriteString(a.Key)
		b.WriteByte('=')
		b.WriteString(a.Val)
	}
	return b.String()
}
