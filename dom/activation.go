package dom

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Click runs the parts of a click that matter without layout
// (https://dom.spec.whatwg.org/#concept-event-dispatch, activation): a
// checkbox toggles and a radio button gets checked before listeners run,
// is restored if the click is canceled, and otherwise fires input and
// change. ev must be a click event the bindings made (a MouseEvent).
func Click(target *Node, ev *Event) (bool, error) {
	var act *Node
	for e := target; e != nil; e = e.ParentNode() {
		if e.Is(atom.Input) {
			if t := e.InputType(); t == "checkbox" || t == "radio" {
				act = e
			}
			break
		}
		if !ev.Bubbles {
			break
		}
	}
	if act == nil {
		ok, err := Dispatch(target, ev)
		if err == nil && ok {
			labelActivation(target, ev)
		}
		return ok, err
	}
	// Legacy-pre-activation behavior.
	wasChecked := act.Checked()
	radio := act.InputType() == "radio"
	var prevRadio *Node
	if radio {
		prevRadio = act.checkedInGroup()
		act.SetChecked(true)
	} else {
		act.SetChecked(!wasChecked)
	}
	ok, err := Dispatch(target, ev)
	if err != nil {
		return ok, err
	}
	if !ok {
		// Legacy-canceled-activation behavior.
		if radio {
			if prevRadio != nil {
				prevRadio.SetChecked(true)
			} else {
				act.SetChecked(false)
			}
		} else {
			act.SetChecked(wasChecked)
		}
		return ok, nil
	}
	if radio && wasChecked {
		return ok, nil
	}
	// Activation behavior: fire input then change.
	in := NewEvent("input", true, false)
	in.IsTrusted = true
	in.Composed = true
	in.TimeStamp = ev.TimeStamp
	_, _ = Dispatch(act, in)
	ch := NewEvent("change", true, false)
	ch.IsTrusted = true
	ch.TimeStamp = ev.TimeStamp
	_, _ = Dispatch(act, ch)
	return ok, nil
}

// checkedInGroup is the checked radio button of n's group (in a detached
// tree without a form, of the same name in that tree, as SetChecked
// unchecks them), or nil.
func (n *Node) checkedInGroup() *Node {
	name := n.Attribute("name")
	if name == "" {
		if n.Checked() {
			return n
		}
		return nil
	}
	var found *Node
	form := n.FormOwner()
	n.Root().Descendants(func(o *Node) bool {
		if o.Is(atom.Input) && o.InputType() == "radio" && o.Attribute("name") == name && o.FormOwner() == form && o.Checked() {
			found = o
			return false
		}
		return true
	})
	return found
}

// labelActivation runs a label's activation behavior after a click that
// was not canceled: the labeled control gets a click of its own
// (https://html.spec.whatwg.org/multipage/forms.html#the-label-element).
func labelActivation(target *Node, ev *Event) {
	var label *Node
	for e := target; e != nil; e = e.ParentNode() {
		if e.Is(atom.Label) {
			label = e
			break
		}
		if e != target && e.Interactive() {
			return // a click on interactive content inside the label is its own
		}
	}
	if label == nil {
		return
	}
	control := label.LabeledControl()
	if control == nil || control.Contains(target) {
		return
	}
	c := NewEvent("click", true, true)
	c.Composed = true
	c.IsTrusted = ev.IsTrusted
	c.TimeStamp = ev.TimeStamp
	c.Detail = ev.Detail
	_, _ = Click(control, c)
}

// Interactive reports whether n is interactive content, which keeps a
// click to itself: a label around it does not forward the click.
// https://html.spec.whatwg.org/multipage/dom.html#interactive-content
func (n *Node) Interactive() bool {
	if !n.IsHTML() {
		return false
	}
	switch n.DataAtom {
	case atom.Button, atom.Select, atom.Textarea, atom.Details, atom.Embed, atom.Iframe, atom.Label:
		return true
	case atom.A:
		return n.HasAttribute("href")
	case atom.Input:
		return n.InputType() != "hidden"
	case atom.Audio, atom.Video:
		return n.HasAttribute("controls")
	case atom.Img:
		return n.HasAttribute("usemap")
	}
	return false
}

// LabeledControl returns a label's labeled control: the element its for
// attribute names, or its first labelable descendant.
func (n *Node) LabeledControl() *Node {
	if !n.Is(atom.Label) {
		return nil
	}
	if id, ok := n.GetAttribute("for"); ok {
		var c *Node
		if r := n.Root(); r.Type == html.DocumentNode {
			c = r.AsDocument().GetElementByID(id)
		} else {
			c = r.GetElementByID(id)
		}
		if c != nil && c.labelable() {
			return c
		}
		return nil
	}
	var found *Node
	n.Descendants(func(d *Node) bool {
		if d.labelable() {
			found = d
			return false
		}
		return true
	})
	return found
}

func (n *Node) labelable() bool {
	if !n.IsHTML() {
		return false
	}
	switch n.DataAtom {
	case atom.Button, atom.Meter, atom.Output, atom.Progress, atom.Select, atom.Textarea:
		return true
	case atom.Input:
		return n.InputType() != "hidden"
	}
	return false
}
