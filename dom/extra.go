package dom

import (
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ParseOptions tune ParseWithOptions.
type ParseOptions struct {
	// NoScripting parses with scripting disabled, as DOMParser does: the
	// contents of <noscript> become elements instead of text.
	NoScripting bool
	// NoShadowRoots keeps <template shadowrootmode> as a template, as
	// DOMParser does, instead of attaching a declarative shadow root.
	NoShadowRoots bool
}

// ParseWithOptions is Parse with options.
func ParseWithOptions(r io.Reader, opts ParseOptions) (*Document, error) {
	h, err := html.ParseWithOptions(r, html.ParseOptionEnableScripting(!opts.NoScripting))
	if err != nil {
		return nil, err
	}
	d := NewDocument()
	d.Scripting = !opts.NoScripting
	d.adoptParsedWith(h, converter{shadowRoots: !opts.NoShadowRoots})
	return d, nil
}

// NewXMLDocument returns an empty XML document, as
// document.implementation.createDocument does: names keep their case.
func NewXMLDocument() *Document {
	d := NewDocument()
	d.xml = true
	return d
}

// IsXML reports whether d is an XML document.
func (d *Document) IsXML() bool { return d.xml }

// IsSameNode reports whether n and o are the same node.
func (n *Node) IsSameNode(o *Node) bool { return n == o }

// NodeValue returns nodeValue (https://dom.spec.whatwg.org/#dom-node-nodevalue);
// ok is false where it is null.
func (n *Node) NodeValue() (string, bool) {
	switch n.Type {
	case html.TextNode, html.CommentNode, processingInstructionNode:
		return n.Data, true
	case attributeNode:
		return n.Attr[0].Val, true
	}
	return "", false
}

// SetNodeValue sets nodeValue; it does nothing where nodeValue is null.
func (n *Node) SetNodeValue(v string) {
	switch n.Type {
	case html.TextNode, html.CommentNode, processingInstructionNode:
		n.SetData(v)
	case attributeNode:
		n.SetAttrValue(v)
	}
}

// BaseURI returns the node document's base URL as a string.
func (n *Node) BaseURI() string {
	if u := n.doc.BaseURL(); u != nil {
		return u.String()
	}
	return n.doc.URLString()
}

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

// SetInnerText replaces n's children with the text, line breaks becoming
// <br> elements (https://html.spec.whatwg.org/multipage/dom.html#set-the-inner-text-steps).
func (n *Node) SetInnerText(s string) {
	f := n.doc.CreateDocumentFragment()
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			linkLast(&f.Node, &n.doc.newElement("br", "").Node)
		}
		if line != "" {
			linkLast(&f.Node, &n.doc.CreateTextNode(line).Node)
		}
	}
	n.replaceAll(f)
}

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

// CompatMode returns document.compatMode: "BackCompat" in quirks mode,
// else "CSS1Compat". The mode is derived from the doctype with the main
// rules of https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode
// (no doctype, a name other than html, the legacy public identifiers),
// not the full list of public identifier prefixes.
func (d *Document) CompatMode() string {
	if d.xml {
		return "CSS1Compat"
	}
	dt := d.Doctype()
	if dt == nil {
		if d.FirstChild == nil {
			return "CSS1Compat" // a new document starts in no-quirks mode
		}
		return "BackCompat"
	}
	if !strings.EqualFold(dt.Data, "html") {
		return "BackCompat"
	}
	pub := asciiLower(dt.PublicID())
	sys := dt.SystemID()
	hasSys := false
	for _, a := range dt.Attr {
		if a.Key == "system" {
			hasSys = true
		}
	}
	switch {
	case pub == "-//w3o//dtd w3 html strict 3.0//en//", pub == "-/w3c/dtd html 4.0 transitional/en", pub == "html",
		strings.EqualFold(sys, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"):
		return "BackCompat"
	case strings.HasPrefix(pub, "-//w3c//dtd html 4.01 frameset//"), strings.HasPrefix(pub, "-//w3c//dtd html 4.01 transitional//"):
		if !hasSys {
			return "BackCompat"
		}
	case strings.HasPrefix(pub, "-//ietf//dtd html"), strings.HasPrefix(pub, "-//w3c//dtd html 3"),
		strings.HasPrefix(pub, "-//w3c//dtd html 4.0 frameset//"), strings.HasPrefix(pub, "-//w3c//dtd html 4.0 transitional//"),
		strings.HasPrefix(pub, "-//netscape comm. corp.//dtd html//"), strings.HasPrefix(pub, "-//microsoft//dtd internet explorer"),
		strings.HasPrefix(pub, "-//softquad"), strings.HasPrefix(pub, "-//sun microsystems corp.//dtd hotjava"),
		strings.HasPrefix(pub, "-//w3c//dtd w3 html//"), strings.HasPrefix(pub, "-//w3o//dtd w3 html 3.0//"),
		strings.HasPrefix(pub, "-//webtechs//dtd mozilla html"), strings.HasPrefix(pub, "-//w3c//dtd html experimental"),
		strings.HasPrefix(pub, "-//o'reilly and associates//dtd html"), strings.HasPrefix(pub, "-//spyglass//dtd html 2.0 extended//"),
		strings.HasPrefix(pub, "-//advasoft ltd//dtd html 3.0 aswedit + extensions//"), strings.HasPrefix(pub, "-//as//dtd html 3.0 aswedit + extensions//"),
		strings.HasPrefix(pub, "-//metrius//dtd metrius presentational//"), strings.HasPrefix(pub, "+//silmaril//dtd html pro v0r11 19970101//"):
		return "BackCompat"
	}
	return "CSS1Compat"
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
		if e != target && e.interactive() {
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

// interactive reports interactive content that keeps a click to itself.
func (n *Node) interactive() bool {
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
