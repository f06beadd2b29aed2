package dom

import "golang.org/x/net/html/atom"

// liveState is the attribute that shows a form control's current state
// in markup (SerializeOptions.FormState): name is written with val when
// present, left out when not.
type liveState struct {
	name    string
	val     string
	present bool
}

// liveStateAttr returns the attribute that writes n's current form state,
// and false when n has none to write or its markup already shows it:
// an input's checkedness as checked, a value script or the user set as
// value (never a password's, never a file input's), an option's
// selectedness as selected. A textarea's value is its text (see
// htmlWriter.node).
func (n *Node) liveStateAttr() (liveState, bool) {
	if !n.IsHTML() {
		return liveState{}, false
	}
	switch n.DataAtom {
	case atom.Input:
		switch n.valueMode() {
		case "default/on":
			return liveState{name: "checked", present: n.Checked()}, true
		case "value":
			f := n.formState()
			if f == nil || !f.dirtyValue || n.InputType() == "password" {
				return liveState{}, false
			}
			return liveState{name: "value", val: n.Value(), present: true}, true
		}
	case atom.Option:
		sel := n.Selected()
		if f := n.formState(); sel && (f == nil || !f.dirtySelected) && !n.HasAttribute("selected") {
			// Selected by default (a select's first option): parsing
			// selects it again.
			return liveState{}, false
		}
		return liveState{name: "selected", present: sel}, true
	}
	return liveState{}, false
}

// liveTextareaValue returns the text a textarea is written with under
// SerializeOptions.FormState, and false when its value is still its
// text. A value that starts with a line feed gets one more, which the
// parser drops after <textarea>.
func (n *Node) liveTextareaValue() (string, bool) {
	if !n.IsHTML() || n.DataAtom != atom.Textarea {
		return "", false
	}
	f := n.formState()
	if f == nil || !f.dirtyValue {
		return "", false
	}
	v := f.value
	if len(v) > 0 && v[0] == '\n' {
		v = "\n" + v
	}
	return v, true
}
