package dom

import "testing"

// A style attribute made by SetInlineStyle stays last until it is
// synchronized, as Chromium adds it to the list only then.
func TestInlineStyleAttributeOrder(t *testing.T) {
	d := mustParse(t, `<div id=a class=x></div><div id=b style="margin: 0" title=t></div>`)
	el := func(id string) *Node { return d.GetElementByID(id) }
	a := el("a")
	a.SetInlineStyle("color: red;")
	if err := a.SetAttribute("title", "q"); err != nil {
		t.Fatal(err)
	}
	a.SetInlineStyle("color: blue;")
	a.RemoveAttribute("class")
	if err := a.SetAttribute("lang", "en"); err != nil {
		t.Fatal(err)
	}
	if got, want := a.OuterHTML(), `<div id="a" title="q" lang="en" style="color: blue;"></div>`; got != want {
		t.Errorf("before a sync\n got %s\nwant %s", got, want)
	}
	// Serializing synchronized it: a later attribute goes after it.
	if err := a.SetAttribute("dir", "ltr"); err != nil {
		t.Fatal(err)
	}
	if got, want := a.OuterHTML(), `<div id="a" title="q" lang="en" style="color: blue;" dir="ltr"></div>`; got != want {
		t.Errorf("after serializing\n got %s\nwant %s", got, want)
	}

	// An existing style attribute keeps its place.
	b := el("b")
	b.SetInlineStyle("margin: 0px; color: red;")
	if err := b.SetAttribute("lang", "en"); err != nil {
		t.Fatal(err)
	}
	if got, want := b.OuterHTML(), `<div id="b" style="margin: 0px; color: red;" title="t" lang="en"></div>`; got != want {
		t.Errorf("existing\n got %s\nwant %s", got, want)
	}

	// Cloning and SyncStyleAttribute synchronize; removing the attribute
	// ends the wait too.
	for _, tc := range []struct {
		name string
		sync func(n *Node)
		want string
	}{
		{"clone", func(n *Node) { n.CloneNode(false) }, `<p style="color: red;" id="y"></p>`},
		{"SyncStyleAttribute", func(n *Node) { n.SyncStyleAttribute() }, `<p style="color: red;" id="y"></p>`},
		{"matches [style]", func(n *Node) { n.Matches("[style]") }, `<p style="color: red;" id="y"></p>`},
		{"matches other", func(n *Node) { n.Matches("p") }, `<p id="y" style="color: red;"></p>`},
		{"removed", func(n *Node) { n.RemoveAttribute("style"); n.SetInlineStyle("color: red;"); n.SyncStyleAttribute() }, `<p style="color: red;" id="y"></p>`},
	} {
		p, err := d.CreateElement("p")
		if err != nil {
			t.Fatal(err)
		}
		p.SetInlineStyle("color: red;")
		tc.sync(p)
		if err := p.SetAttribute("id", "y"); err != nil {
			t.Fatal(err)
		}
		if got := p.OuterHTML(); got != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

// A style update synchronizes the attributes of an element whose
// presentational attribute changed since the last one, in a document that
// renders; others keep waiting.
func TestStyleUpdatedSynchronizesPresentational(t *testing.T) {
	d := mustParse(t, `<div id=a></div><div id=b></div>`)
	dirtied := 0
	d.OnPresentationDirty = func() { dirtied++ }
	a, b := d.GetElementByID("a"), d.GetElementByID("b")
	a.SetInlineStyle("color: red;")
	b.SetInlineStyle("color: red;")
	if err := a.SetAttribute("dir", "ltr"); err != nil { // presentational
		t.Fatal(err)
	}
	if err := b.SetAttribute("title", "t"); err != nil { // not
		t.Fatal(err)
	}
	if err := a.SetAttribute("align", "left"); err != nil { // a second mark of the same element
		t.Fatal(err)
	}
	if dirtied != 1 {
		t.Errorf("OnPresentationDirty called %d times, want once", dirtied)
	}
	d.StyleUpdated()
	for _, n := range []*Node{a, b} {
		if err := n.SetAttribute("class", "q"); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := a.OuterHTML(), `<div id="a" dir="ltr" align="left" style="color: red;" class="q"></div>`; got != want {
		t.Errorf("presentational\n got %s\nwant %s", got, want)
	}
	if got, want := b.OuterHTML(), `<div id="b" title="t" class="q" style="color: red;"></div>`; got != want {
		t.Errorf("other\n got %s\nwant %s", got, want)
	}
}
