package dom

import (
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestTreeFlagsFollowMutations: after each of thousands of random tree
// changes (inserts, moves, removals, replacements, fragments, shadow
// roots, template contents, adoption into another document, markup
// setters, clones), the connected and shadow-tree bits of every node
// reachable from the documents and from every node made are what a walk
// to the roots gives (treeFlagsWalked).
func TestTreeFlagsFollowMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(88, 1))
	d1, err := Parse(strings.NewReader(`<!doctype html><body><div id=a><template><p>t</p></template><span>x</span></div><div id=b><template shadowrootmode=open><i>s</i></template></div>`))
	if err != nil {
		t.Fatal(err)
	}
	d2 := NewHTMLDocument("two", true)
	docs := []*Document{d1, d2}
	var nodes []*Node
	for _, d := range docs {
		nodes = append(nodes, &d.Node)
		d.Node.Descendants(func(n *Node) bool { nodes = append(nodes, n); return true })
	}
	pick := func() *Node { return nodes[rng.IntN(len(nodes))] }
	doc := func() *Document { return docs[rng.IntN(len(docs))] }
	check := func(step int, what string) {
		t.Helper()
		for _, n := range nodes {
			if got, want := n.flags&treeFlags, treeFlagsWalked(n); got != want {
				t.Fatalf("step %d (%s): %s node %q: tree flags %b, a walk gives %b", step, what, n.NodeName(), n.Data, got, want)
			}
		}
	}
	check(0, "parse")
	for step := 1; step <= 4000; step++ {
		var what string
		switch op := rng.IntN(11); op {
		case 0, 1, 2:
			what = "appendChild of a new element"
			e, _ := doc().CreateElement("div")
			nodes = append(nodes, e)
			pick().AppendChild(e)
		case 3:
			what = "insertBefore"
			p, c := pick(), pick()
			if c.ParentNode() != p {
				c = nil
			}
			p.InsertBefore(pick(), c)
		case 4:
			what = "removeChild"
			if n := pick(); n.ParentNode() != nil {
				n.ParentNode().RemoveChild(n)
			}
		case 5:
			what = "replaceChild"
			if n := pick(); n.ParentNode() != nil {
				n.ParentNode().ReplaceChild(pick(), n)
			}
		case 6:
			what = "attachShadow"
			if s, err := pick().AttachShadow(ShadowRootInit{Mode: "open"}); err == nil {
				nodes = append(nodes, s)
			}
		case 7:
			what = "fragment insert"
			d := doc()
			f := d.CreateDocumentFragment()
			for range 3 {
				e, _ := d.CreateElement("b")
				f.AppendChild(e)
				nodes = append(nodes, e)
			}
			nodes = append(nodes, f)
			pick().AppendChild(f)
		case 8:
			what = "template contents"
			for _, n := range nodes {
				if c := n.TemplateContent(); c != nil && rng.IntN(3) == 0 {
					nodes = append(nodes, c)
					c.AppendChild(pick())
					break
				}
			}
		case 9:
			what = "adoptNode"
			if n := pick(); n.Type != html.DocumentNode {
				doc().AdoptNode(n)
			}
		case 10:
			what = "innerHTML or clone"
			n := pick()
			if rng.IntN(2) == 0 && n.Type == html.ElementNode {
				if n.SetInnerHTML(`<p>a<template shadowrootmode=open><u>v</u></template></p><template><q></q></template>`) == nil {
					n.Descendants(func(k *Node) bool { nodes = append(nodes, k); return true })
				}
			} else if n.Type != html.DocumentNode {
				c := n.CloneNode(true)
				nodes = append(nodes, c)
				c.Descendants(func(k *Node) bool { nodes = append(nodes, k); return true })
				pick().AppendChild(c)
			}
		}
		check(step, what)
	}
}

// TestTreeFlagsDeepChain: a chain of 100,000 elements built top down is
// connected at every level, and a shadow tree hosted at its bottom leaves
// and rejoins the document with it.
func TestTreeFlagsDeepChain(t *testing.T) {
	d, err := Parse(strings.NewReader(`<!doctype html><body>`))
	if err != nil {
		t.Fatal(err)
	}
	top, _ := d.CreateElement("div")
	d.Body().AppendChild(top)
	p := top
	for range 100000 {
		e, _ := d.CreateElement("div")
		p.AppendChild(e)
		p = e
	}
	s, _ := p.AttachShadow(ShadowRootInit{Mode: "open"})
	in, _ := d.CreateElement("i")
	s.AppendChild(in)
	if !p.IsConnected() || !in.IsConnected() || !in.InShadowTree() || p.InShadowTree() {
		t.Fatalf("connected: bottom %v, in its shadow tree %v (in shadow tree %v)", p.IsConnected(), in.IsConnected(), in.InShadowTree())
	}
	top.Remove()
	if p.IsConnected() || in.IsConnected() || !in.InShadowTree() {
		t.Fatalf("removed: bottom connected %v, in its shadow tree %v (in shadow tree %v)", p.IsConnected(), in.IsConnected(), in.InShadowTree())
	}
	d.Body().AppendChild(top)
	if !p.IsConnected() || !in.IsConnected() {
		t.Fatalf("inserted again: bottom connected %v, in its shadow tree %v", p.IsConnected(), in.IsConnected())
	}
}
