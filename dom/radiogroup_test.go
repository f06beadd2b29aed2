package dom

import (
	"strings"
	"testing"
)

func TestRadioGroupsAndFormOwner(t *testing.T) {
	doc, err := Parse(strings.NewReader(`<form id=f><input type=radio name=g id=a checked><input type=radio name=g id=b>` +
		`<input type=radio name=g id=c form=nowhere><input type=radio name=g id=d form=other></form><form id=other></form>`))
	if err != nil {
		t.Fatal(err)
	}
	a, b, c, d := doc.GetElementByID("a"), doc.GetElementByID("b"), doc.GetElementByID("c"), doc.GetElementByID("d")
	other := doc.GetElementByID("other")
	if c.FormOwner() != nil || d.FormOwner() != other || a.FormOwner() != doc.GetElementByID("f") {
		t.Fatalf("form owners: c %v, d %v", c.FormOwner(), d.FormOwner())
	}
	b.SetChecked(true)
	if a.Checked() {
		t.Error("checking b left a checked")
	}
	c.SetChecked(true)
	d.SetChecked(true)
	if !b.Checked() || !c.Checked() {
		t.Error("controls with other form owners are in other groups")
	}

	// A checked radio inserted into a group unchecks the rest.
	in, _ := doc.CreateElement("input")
	_ = in.SetAttribute("type", "radio")
	_ = in.SetAttribute("name", "g")
	in.SetChecked(true)
	if !b.Checked() {
		t.Error("a detached radio without a form has no group")
	}
	if _, err := doc.GetElementByID("f").AppendChild(in); err != nil {
		t.Fatal(err)
	}
	if b.Checked() || !in.Checked() {
		t.Errorf("after insertion: b %v, new %v", b.Checked(), in.Checked())
	}

	// Radios of a detached tree without a form are not grouped.
	div, _ := doc.CreateElement("div")
	if err := div.SetInnerHTML(`<input type=radio name=x checked><input type=radio name=x checked>`); err != nil {
		t.Fatal(err)
	}
	if kids := div.ChildNodeList(); !kids[0].Checked() || !kids[1].Checked() {
		t.Error("detached radios were grouped")
	}
}

func TestIndeterminate(t *testing.T) {
	doc := NewDocument()
	c, _ := doc.CreateElement("input")
	_ = c.SetAttribute("type", "checkbox")
	if c.Indeterminate() {
		t.Fatal("indeterminate by default")
	}
	c.SetIndeterminate(true)
	if !c.Indeterminate() || !isIndeterminate(c) {
		t.Error("SetIndeterminate(true) not kept or not matched by :indeterminate")
	}
	c.SetIndeterminate(false)
	if c.Indeterminate() || isIndeterminate(c) {
		t.Error("SetIndeterminate(false) not kept")
	}
}
