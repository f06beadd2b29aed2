package dom

import (
	"strings"
	"testing"
)

// TestMutationRecordReuse checks the records a document hands its hook and
// then reuses: a change made by the hook gets a record of its own, the
// outer record stays intact until the hook returns, and a clone outlives
// the call.
func TestMutationRecordReuse(t *testing.T) {
	d := mustParse(t, `<div id=a></div><div id=b></div>`)
	a, b := d.GetElementByID("a"), d.GetElementByID("b")
	var kept []*MutationRecord
	var seen []string
	nested := false
	d.OnMutation = func(r *MutationRecord) {
		kept = append(kept, r.Clone())
		if r.Type == ChildListMutation && r.Target == a && !nested {
			nested = true
			if err := b.SetAttribute("class", "x"); err != nil { // a nested change
				t.Fatal(err)
			}
		}
		// After the nested change, r still describes the insertion.
		seen = append(seen, r.Type.String()+":"+r.Target.ID()+"+"+itoa(len(r.AddedNodes))+"-"+itoa(len(r.RemovedNodes)))
	}
	p, _ := d.CreateElement("p")
	if _, err := a.AppendChild(p); err != nil {
		t.Fatal(err)
	}
	a.SetTextContent("text") // replace all: one removed, one added
	b.SetTextContent("")     // nothing to replace: no record
	// Back into a, then a move into b: a removal and an insertion.
	for _, parent := range []*Node{a, b} {
		if _, err := parent.AppendChild(p); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := strings.Join(seen, " "), "attributes:b+0-0 childList:a+1-0 childList:a+1-1 childList:a+1-0 childList:a+0-1 childList:b+1-0"; got != want {
		t.Errorf("records seen\n got %s\nwant %s", got, want)
	}
	var desc []string
	for _, r := range kept {
		s := r.Type.String() + ":" + r.Target.ID()
		for _, n := range r.AddedNodes {
			s += "+" + n.NodeName()
		}
		for _, n := range r.RemovedNodes {
			s += "-" + n.NodeName()
		}
		desc = append(desc, s)
	}
	if got, want := strings.Join(desc, " "), "childList:a+P attributes:b childList:a+#text-P childList:a+P childList:a-P childList:b+P"; got != want {
		t.Errorf("cloned records\n got %s\nwant %s", got, want)
	}
}

// BenchmarkAppendChildObserved appends and removes a child under a mutation
// hook: the records come from the document's free list.
func BenchmarkAppendChildObserved(b *testing.B) {
	d := NewDocument()
	root, _ := d.CreateElement("div")
	d.AppendChild(root)
	kid, _ := d.CreateElement("p")
	n := 0
	d.OnMutation = func(r *MutationRecord) { n += len(r.AddedNodes) }
	b.ReportAllocs()
	for b.Loop() {
		root.AppendChild(kid)
		root.RemoveChild(kid)
	}
	if n == 0 {
		b.Fatal("no records")
	}
}

// TestReplaceChildRecords checks the records of replaceChild when the new
// node already has a parent: adopting it removes it (its own record) before
// the old child goes, so its record names the old child as a sibling and the
// replacement's previous sibling is what precedes the old child once the
// new node left (as Chromium 156 and WPT's MutationObserver-childList).
func TestReplaceChildRecords(t *testing.T) {
	name := func(n *Node) string {
		if n == nil {
			return "-"
		}
		return n.ID()
	}
	for _, c := range []struct {
		node, child string // ids in <div id=r>: a b c d; x is outside
		want, html  string
	}{
		{"b", "c", "r-b<a>c r-c+b<a>d", "abd"},
		{"c", "b", "r-c<b>d r-b+c<a>d", "acd"},
		{"a", "a", "r-a<->b r+a<->b", "abcd"},
		{"d", "a", "r-d<c>- r-a+d<->b", "dbc"},
		{"x", "b", "o-x<->- r-b+x<a>c", "axcd"},
	} {
		d := mustParse(t, `<div id=r><i id=a></i><i id=b></i><i id=c></i><i id=d></i></div><div id=o><i id=x></i></div>`)
		var got []string
		d.OnMutation = func(r *MutationRecord) {
			s := r.Target.ID()
			for _, n := range r.RemovedNodes {
				s += "-" + n.ID()
			}
			for _, n := range r.AddedNodes {
				s += "+" + n.ID()
			}
			got = append(got, s+"<"+name(r.PreviousSibling)+">"+name(r.NextSibling))
		}
		r := d.GetElementByID("r")
		if _, err := r.ReplaceChild(d.GetElementByID(c.node), d.GetElementByID(c.child)); err != nil {
			t.Fatal(err)
		}
		var ids string
		for k := r.First(); k != nil; k = k.Next() {
			ids += k.ID()
		}
		if s := strings.Join(got, " "); s != c.want || ids != c.html {
			t.Errorf("replaceChild(%s, %s): records %q children %s, want %q %s", c.node, c.child, s, ids, c.want, c.html)
		}
	}
}

// TestHeldRemoval checks OnHeldRemoval: replace all with a node that has a
// parent reports the children it took out before that node leaves its
// parent (here inside one of them), so an observer can see that removal
// through them; a fragment or a node without a parent calls nothing.
func TestHeldRemoval(t *testing.T) {
	d := mustParse(t, `<p id=a>1<b><i></i></b>2</p>`)
	a := d.GetElementByID("a")
	i, err := a.QuerySelector("i")
	if err != nil || i == nil {
		t.Fatal(err)
	}
	var order []string
	d.OnMutation = func(r *MutationRecord) {
		order = append(order, "record "+r.Target.LocalName()+" "+itoa(len(r.RemovedNodes)))
	}
	d.OnHeldRemoval = func(parent *Node, removed []*Node) {
		if parent != a || len(removed) != 3 || removed[1].LocalName() != "b" || removed[1].ParentNode() != nil {
			t.Errorf("held removal of %v: %d nodes", parent, len(removed))
		}
		order = append(order, "held "+itoa(len(removed)))
	}
	if err := a.ReplaceChildren(i); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(order, ", "), "held 3, record b 1, record p 3"; got != want {
		t.Errorf("order: %s, want %s", got, want)
	}
	order = nil
	x, _ := d.CreateElement("x")
	if err := a.ReplaceChildren(x); err != nil { // no parent: nothing held
		t.Fatal(err)
	}
	a.SetTextContent("t")
	if got, want := strings.Join(order, ", "), "record p 1, record p 1"; got != want {
		t.Errorf("order: %s, want %s", got, want)
	}
}
