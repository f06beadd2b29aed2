package jsruntime

import (
	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/dom"
)

// maxNameValues bounds a window's table of name values: a page can make
// any number of distinct custom tag names; past the bound a name is
// boxed at each read, as before the table.
const maxNameValues = 512

// nameKey is an entry of Window.nameValues: a local name, upper when its
// value is the name in ASCII upper case (an HTML element's tagName in an
// HTML document).
type nameKey struct {
	name  string
	upper bool
}

// nameValue is the JavaScript string of an element's tagName
// (upper) or localName, taken from the window's table: scripts read them
// over and over (a framework's every node test), and each w.str of a name
// boxes a new goja string, each ascii.Upper a new Go string. Prefixed
// names are not kept (rare, and the key would need the prefix).
func (w *Window) nameValue(n *dom.Node, upper bool) goja.Value {
	if upper {
		d := n.Document()
		upper = n.Namespace == "" && d != nil && !d.IsXML()
		if n.Prefix() != "" {
			return w.str(n.TagName())
		}
	}
	return w.tableName(n.Data, upper)
}

// tableName is name, in ASCII upper case when upper, as a JavaScript
// string from the window's table.
func (w *Window) tableName(name string, upper bool) goja.Value {
	k := nameKey{name, upper}
	if v, ok := w.nameValues[k]; ok {
		return v
	}
	s := name
	if upper {
		s = ascii.Upper(name)
	}
	v := w.str(s)
	if w.nameValues == nil {
		w.nameValues = make(map[nameKey]goja.Value)
	}
	if len(w.nameValues) < maxNameValues {
		w.nameValues[k] = v
	}
	return v
}

// tagNameValue is n's tagName as a JavaScript string.
func (w *Window) tagNameValue(n *dom.Node) goja.Value {
	if n.Type != html.ElementNode {
		return w.str(n.TagName())
	}
	return w.nameValue(n, true)
}

// localNameValue is n's localName as a JavaScript string.
func (w *Window) localNameValue(n *dom.Node) goja.Value {
	if n.Type != html.ElementNode {
		return w.str(n.LocalName())
	}
	return w.nameValue(n, false)
}

// nodeNameValue is n's nodeName as a JavaScript string: an element's
// tagName, a text node's, a comment's or a document's constant name from
// the table (the key of "#text" is the local name "#text" would have: the
// same string).
func (w *Window) nodeNameValue(n *dom.Node) goja.Value {
	switch n.Type {
	case html.ElementNode:
		return w.nameValue(n, true)
	case html.TextNode, html.CommentNode, html.DocumentNode:
		return w.tableName(n.NodeName(), false)
	}
	return w.str(n.NodeName())
}
