package dom

import (
	"errors"
	"strings"
	"testing"
)

func TestAttachShadow(t *testing.T) {
	d := mustParse(t, `<div id=host></div><my-el id=ce></my-el><a id=a></a>`)
	host := d.GetElementByID("host")
	s, err := host.AttachShadow(ShadowRootInit{Mode: "open"})
	if err != nil || !s.IsShadowRoot() || s.Host() != host || host.ShadowRoot() != s {
		t.Fatalf("attachShadow: %v", err)
	}
	for _, tc := range []struct {
		el   *Node
		mode string
	}{{host, "open"}, {d.GetElementByID("a"), "open"}, {d.GetElementByID("ce"), "sideways"}} {
		var de *DOMError
		if _, err := tc.el.AttachShadow(ShadowRootInit{Mode: tc.mode}); !errors.As(err, &de) || de.Name != NotSupportedError {
			t.Errorf("attachShadow on %s (%s): %v", tc.el.ID(), tc.mode, err)
		}
	}
	if _, err := d.GetElementByID("ce").AttachShadow(ShadowRootInit{Mode: "closed"}); err != nil {
		t.Error("custom element cannot host")
	}
	_ = s.SetInnerHTML(`<p id=inner>shadow <b>text</b></p>`)
	inner := s.First()
	if !inner.IsConnected() || inner.Root() != s || inner.GetRootNode(true) != &d.Node {
		t.Error("shadow content is not connected through its host")
	}
	if d.GetElementByID("inner") != nil || s.GetElementByID("inner") != inner {
		t.Error("ids inside a shadow tree leak into the document")
	}
	if got, _ := d.QuerySelectorAll("p"); len(got) != 0 {
		t.Error("selectors pierce the shadow root")
	}
	if strings.Contains(d.OuterHTML(), "shadow") {
		t.Error("serialization includes the shadow tree")
	}

	// Events: retargeted outside, composed decides whether they leave.
	b := mustQuery(t, s, "b")
	var seen []string
	rec := func(name string) Listener {
		return ListenerFunc(func(e *Event) {
			tn, _ := e.Target().(*Node)
			seen = append(seen, name+"@"+tn.NodeName())
		})
	}
	b.AddEventListener("x", rec("b"), ListenerOptions{})
	s.AddEventListener("x", rec("root"), ListenerOptions{})
	host.AddEventListener("x", rec("host"), ListenerOptions{})
	d.Body().AddEventListener("x", rec("body"), ListenerOptions{})
	ev := NewEvent("x", true, false)
	ev.Composed = true
	_, _ = Dispatch(b, ev)
	if got := strings.Join(seen, " "); got != "b@B root@B host@DIV body@DIV" {
		t.Errorf("composed: %s", got)
	}
	if ev.Target() != host {
		t.Error("a composed event does not end retargeted to the host")
	}
	seen = nil
	ev = NewEvent("x", true, false)
	_, _ = Dispatch(b, ev)
	if got := strings.Join(seen, " "); got != "b@B root@B" {
		t.Errorf("not composed: %s", got)
	}
	if ev.Target() != nil {
		t.Error("target not cleared after a dispatch that stayed in a shadow tree")
	}
}

func TestDeclarativeShadowRoot(t *testing.T) {
	src := `<div id=h><template shadowrootmode=open shadowrootclonable><p>in shadow</p><slot></slot></template><span>light</span></div>`
	d := mustParse(t, src)
	h := d.GetElementByID("h")
	s := h.ShadowRoot()
	if s == nil || s.ShadowMode() != "open" || !s.ShadowInit().Clonable || s.InnerHTML() != "<p>in shadow</p><slot></slot>" {
		t.Fatal("declarative shadow root not attached")
	}
	if got := h.OuterHTML(); got != `<div id="h"><span>light</span></div>` {
		t.Errorf("host serializes as %s", got)
	}
	// attachShadow with the same mode takes the declarative root over, empty.
	if s2, err := h.AttachShadow(ShadowRootInit{Mode: "open"}); err != nil || s2 != s || s.First() != nil {
		t.Errorf("attachShadow over a declarative root: %v", err)
	}
	nd, _ := ParseWithOptions(strings.NewReader(src), ParseOptions{NoShadowRoots: true})
	if nd.GetElementByID("h").ShadowRoot() != nil {
		t.Error("NoShadowRoots attached one")
	}
	// innerHTML never attaches declarative shadow roots.
	_ = h.SetInnerHTML(`<div><template shadowrootmode=open>x</template></div>`)
	if !strings.Contains(h.InnerHTML(), "<template") {
		t.Error("innerHTML attached a declarative shadow root")
	}
}

func TestCloneClonableShadowRoot(t *testing.T) {
	d := mustParse(t, `<div id=h><template shadowrootmode=open shadowrootclonable><b>s</b></template></div><div id=n><template shadowrootmode=open><i>t</i></template></div>`)
	c := d.GetElementByID("h").CloneNode(false)
	if c.ShadowRoot() == nil || c.ShadowRoot().InnerHTML() != "<b>s</b>" {
		t.Error("clonable shadow root not cloned")
	}
	if d.GetElementByID("n").CloneNode(true).ShadowRoot() != nil {
		t.Error("non-clonable shadow root cloned")
	}
	if _, err := d.AdoptNode(d.GetElementByID("h").ShadowRoot()); err == nil {
		t.Error("adopted a shadow root")
	}
}

func TestSlotsAndFlatInnerText(t *testing.T) {
	d := mustParse(t, `<my-card id=c><template shadowrootmode=open><h2><slot name=title>Untitled</slot></h2><div><slot></slot></div><footer><slot name=none>fallback</slot></footer></template><span slot=title>Card</span><p>Body</p>text</my-card>`)
	c := d.GetElementByID("c")
	s := c.ShadowRoot()
	slots, _ := s.QuerySelectorAll("slot")
	if len(slots) != 3 {
		t.Fatal("slots")
	}
	if got := len(slots[1].AssignedNodes(false)); got != 2 {
		t.Errorf("default slot has %d nodes", got)
	}
	if mustQuery(t, c, "span").AssignedSlot() != slots[0] {
		t.Error("assignedSlot")
	}
	// Chromium's innerText stays in the host's tree: slotted children count,
	// shadow content (the fallback) does not.
	if got := c.InnerText(); got != "Card\n\nBody\n\ntext" {
		t.Errorf("flat innerText %q", got)
	}
}

func TestGetHTMLSerializableShadowRoots(t *testing.T) {
	d := mustParse(t, `<div id=d></div>`)
	div := d.GetElementByID("d")
	if err := div.SetHTMLUnsafe(`<my-el><template shadowrootmode=open shadowrootserializable><b>s</b></template>light</my-el><x-y><template shadowrootmode=closed><i>hidden</i></template></x-y>`); err != nil {
		t.Fatal(err)
	}
	el := div.First()
	if el.ShadowRoot() == nil || el.Next().ShadowRoot() == nil {
		t.Fatal("setHTMLUnsafe did not attach declarative shadow roots")
	}
	var b strings.Builder
	if err := WriteInnerHTML(&b, div, SerializeOptions{SerializableShadowRoots: true}); err != nil {
		t.Fatal(err)
	}
	want := `<my-el><template shadowrootmode="open" shadowrootserializable=""><b>s</b></template>light</my-el><x-y></x-y>`
	if b.String() != want {
		t.Errorf("getHTML:\n got %s\nwant %s", b.String(), want)
	}
	if div.InnerHTML() != `<my-el>light</my-el><x-y></x-y>` {
		t.Errorf("innerHTML shows shadow roots: %s", div.InnerHTML())
	}
}

// TestGetHTMLShadowRoots checks getHTML's shadowRoots: the shadow roots
// listed are written whether serializable or not, closed ones too, beside
// the serializable ones serializableShadowRoots asks for (as Chromium).
func TestGetHTMLShadowRoots(t *testing.T) {
	d := mustParse(t, `<div id=d></div>`)
	div := d.GetElementByID("d")
	if err := div.SetHTMLUnsafe(`<p><template shadowrootmode=open>o</template></p><span><template shadowrootmode=closed>c</template></span><div><template shadowrootmode=open shadowrootserializable>s</template></div>`); err != nil {
		t.Fatal(err)
	}
	p, i, b := div.First(), div.First().Next(), div.Last()
	open, closed := `<template shadowrootmode="open">o</template>`, `<template shadowrootmode="closed">c</template>`
	ser := `<template shadowrootmode="open" shadowrootserializable="">s</template>`
	for _, c := range []struct {
		name    string
		opts    SerializeOptions
		p, i, b string
	}{
		{"none", SerializeOptions{}, "", "", ""},
		{"listed", SerializeOptions{ShadowRoots: []*Node{p.ShadowRoot(), i.ShadowRoot()}}, open, closed, ""},
		{"listed and serializable", SerializeOptions{SerializableShadowRoots: true, ShadowRoots: []*Node{i.ShadowRoot()}}, "", closed, ser},
		{"serializable one listed", SerializeOptions{ShadowRoots: []*Node{b.ShadowRoot()}}, "", "", ser},
	} {
		var out strings.Builder
		if err := WriteInnerHTML(&out, div, c.opts); err != nil {
			t.Fatal(err)
		}
		if want := "<p>" + c.p + "</p><span>" + c.i + "</span><div>" + c.b + "</div>"; out.String() != want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, out.String(), want)
		}
	}
}

func TestHasShadowRoots(t *testing.T) {
	d, _ := Parse(strings.NewReader(`<div id=h></div>`))
	if d.HasShadowRoots() {
		t.Fatal("a new document has shadow roots")
	}
	other := NewHTMLDocument("", false)
	h, _ := other.CreateElement("div")
	if _, err := h.AttachShadow(ShadowRootInit{Mode: "open"}); err != nil {
		t.Fatal(err)
	}
	if !other.HasShadowRoots() || d.HasShadowRoots() {
		t.Fatal("attachShadow marked the wrong document")
	}
	// Adopting a host carries the mark along.
	if _, err := d.AdoptNode(h); err != nil {
		t.Fatal(err)
	}
	if !d.HasShadowRoots() {
		t.Error("adopted host: not marked")
	}
	dsd, _ := Parse(strings.NewReader(`<div><template shadowrootmode=open>x</template></div>`))
	if !dsd.HasShadowRoots() {
		t.Error("declarative shadow root: not marked")
	}
}

// TestDeclarativeSlotAssignment checks the template attribute
// shadowrootslotassignment: "manual" (any case) gives a manual shadow root,
// anything else a named one, and a manual root is written with it, after
// shadowrootserializable as Chromium 156 does.
func TestDeclarativeSlotAssignment(t *testing.T) {
	d := mustParse(t, `<div id=d></div>`)
	div := d.GetElementByID("d")
	if err := div.SetHTMLUnsafe(`<p><template shadowrootmode=open shadowrootslotassignment=MANUAL shadowrootserializable shadowrootclonable><slot></slot></template></p>` +
		`<p><template shadowrootmode=open shadowrootslotassignment=bogus></template></p><p><template shadowrootmode=open shadowrootslotassignment></template></p>`); err != nil {
		t.Fatal(err)
	}
	var got []string
	for p := div.First(); p != nil; p = p.Next() {
		got = append(got, p.ShadowRoot().SlotAssignment())
	}
	if strings.Join(got, ",") != "manual,named,named" {
		t.Errorf("slot assignments %v, want manual,named,named", got)
	}
	var b strings.Builder
	if err := WriteInnerHTML(&b, div.First(), SerializeOptions{SerializableShadowRoots: true}); err != nil {
		t.Fatal(err)
	}
	if want := `<template shadowrootmode="open" shadowrootserializable="" shadowrootslotassignment="manual" shadowrootclonable=""><slot></slot></template>`; b.String() != want {
		t.Errorf("getHTML:\n got %s\nwant %s", b.String(), want)
	}
}

// TestSlotAsSlottable checks that a slot element that is a host's child is
// a slottable found by its slot attribute, not by its name (as Chromium): a
// nameless slot without a slot attribute goes to the default slot.
func TestSlotAsSlottable(t *testing.T) {
	d := mustParse(t, `<div id=h><slot name=a id=s1></slot><slot slot=a id=s2></slot><i id=i></i></div>`)
	h := d.GetElementByID("h")
	sr, err := h.AttachShadow(ShadowRootInit{Mode: "open"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sr.SetInnerHTML(`<slot id=def></slot><slot name=a id=named></slot>`); err != nil {
		t.Fatal(err)
	}
	ids := func(ns []*Node) string {
		var out []string
		for _, n := range ns {
			out = append(out, n.ID())
		}
		return strings.Join(out, ",")
	}
	def, named := sr.First(), sr.Last()
	if got := ids(def.AssignedNodes(false)); got != "s1,i" {
		t.Errorf("default slot: %s, want s1,i", got)
	}
	if got := ids(named.AssignedNodes(false)); got != "s2" {
		t.Errorf("slot a: %s, want s2", got)
	}
	if s := d.GetElementByID("s1").AssignedSlot(); s != def {
		t.Errorf("s1 assigned to %v, want the default slot", s)
	}
}

// TestShadowRootInnerHTMLContext checks that a shadow root's innerHTML and
// setHTMLUnsafe parse in the host's context: a form around the host drops
// the <form> tags of the markup, as in Chromium.
func TestShadowRootInnerHTMLContext(t *testing.T) {
	for _, c := range []struct {
		page, markup, want string
		unsafe             bool
	}{
		{`<form><div id=h></div></form>`, `<form id=f><i>x</i></form><p>a<p>b`, `<i>x</i><p>a</p><p>b</p>`, false},
		{`<form><div id=h></div></form>`, `<form><b>y</b></form>`, `<b>y</b>`, true},
		{`<div id=h></div>`, `<form>z</form><tr><td>q`, `<form>z</form>q`, false},
	} {
		d := mustParse(t, c.page)
		sr, err := d.GetElementByID("h").AttachShadow(ShadowRootInit{Mode: "open"})
		if err != nil {
			t.Fatal(err)
		}
		set := sr.SetInnerHTML
		if c.unsafe {
			set = sr.SetHTMLUnsafe
		}
		if err := set(c.markup); err != nil {
			t.Fatal(err)
		}
		if got := sr.InnerHTML(); got != c.want {
			t.Errorf("%s in %s: %s, want %s", c.markup, c.page, got, c.want)
		}
	}
}

// TestShadowIncludingRootChain: the shadow-including roots shadow roots
// remember follow their hosts' moves, removals, adoptions and the
// template-contents rule, along a chain of nested shadow trees.
func TestShadowIncludingRootChain(t *testing.T) {
	d := mustParse(t, `<body>`)
	body := d.Body()
	mk := func(doc *Document) *Node {
		el, err := doc.CreateElement("div")
		if err != nil {
			t.Fatal(err)
		}
		return el
	}
	top := mk(d)
	el := top
	var hosts []*Node
	for range 50 {
		hosts = append(hosts, el)
		s, err := el.AttachShadow(ShadowRootInit{Mode: "open"})
		if err != nil {
			t.Fatal(err)
		}
		c := mk(d)
		if _, err := s.AppendChild(c); err != nil {
			t.Fatal(err)
		}
		el = c
	}
	leaf := el
	check := func(step string, want bool) {
		t.Helper()
		if got := leaf.IsConnected(); got != want {
			t.Errorf("%s: leaf.isConnected = %v, want %v", step, got, want)
		}
		if got := hosts[25].IsConnected(); got != want {
			t.Errorf("%s: middle host isConnected = %v, want %v", step, got, want)
		}
	}
	check("detached chain", false)
	body.AppendChild(top)
	check("chain inserted", true)
	if r := leaf.ShadowIncludingRoot(); r != &d.Node {
		t.Errorf("shadow-including root %v, want the document", r.NodeName())
	}
	wrap := mk(d)
	body.AppendChild(wrap)
	wrap.AppendChild(top) // moved, still connected
	check("chain moved", true)
	body.RemoveChild(wrap)
	check("ancestor removed", false)
	if r := leaf.ShadowIncludingRoot(); r != wrap {
		t.Errorf("shadow-including root %v, want the removed ancestor", r.NodeName())
	}
	body.AppendChild(wrap)
	check("ancestor inserted again", true)
	// A host inside the chain moves out of its shadow tree.
	mid := hosts[30]
	mid.ParentNode().RemoveChild(mid)
	if !hosts[25].IsConnected() || leaf.IsConnected() {
		t.Errorf("middle host removed: host 25 connected %v (want true), leaf %v (want false)", hosts[25].IsConnected(), leaf.IsConnected())
	}
	body.AppendChild(mid)
	if !leaf.IsConnected() {
		t.Errorf("middle host put in the body: leaf not connected")
	}
	// Adopted into another document, then into a template's contents.
	other := mustParse(t, `<body>`)
	if _, err := other.AdoptNode(mid); err != nil {
		t.Fatal(err)
	}
	if leaf.IsConnected() || leaf.ShadowIncludingRoot() != mid {
		t.Errorf("adopted: leaf connected %v, root %v", leaf.IsConnected(), leaf.ShadowIncludingRoot().NodeName())
	}
	other.Body().AppendChild(mid)
	if !leaf.IsConnected() || leaf.ShadowIncludingRoot() != &other.Node {
		t.Errorf("inserted in the other document: leaf connected %v", leaf.IsConnected())
	}
	tpl, _ := other.CreateElement("template")
	other.Body().AppendChild(tpl)
	tpl.TemplateContent().AppendChild(mid)
	if leaf.IsConnected() {
		t.Errorf("moved into template contents: leaf connected")
	}
	// A fresh leaf cannot contain its parent; a template can hold it.
	if _, err := tpl.TemplateContent().AppendChild(tpl); err == nil {
		t.Errorf("a template appended into its own contents")
	}
}

// TestShadowIncludingParent walks from a node in a nested shadow tree to
// the document through the hosts.
func TestShadowIncludingParent(t *testing.T) {
	d := mustParse(t, `<div id=outer></div>`)
	outer := d.GetElementByID("outer")
	s1, err := outer.AttachShadow(ShadowRootInit{Mode: "closed"})
	if err != nil {
		t.Fatal(err)
	}
	inner, err := d.CreateElement("span")
	if err != nil {
		t.Fatal(err)
	}
	s1.AppendChild(inner)
	s2, err := inner.AttachShadow(ShadowRootInit{Mode: "open"})
	if err != nil {
		t.Fatal(err)
	}
	leaf := d.CreateTextNode("x")
	s2.AppendChild(leaf)
	want := []*Node{leaf, s2, inner, s1, outer, outer.ParentNode(), outer.ParentNode().ParentNode(), &d.Node}
	var got []*Node
	for n := leaf; n != nil; n = n.ShadowIncludingParent() {
		got = append(got, n)
	}
	if len(got) != len(want) {
		t.Fatalf("walk took %d steps, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("step %d: %v, want %v", i, got[i].Data, want[i].Data)
		}
	}
}
