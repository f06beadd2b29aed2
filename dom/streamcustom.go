package dom

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Custom elements made by the parser at their start tags
// (https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token,
// with the synchronous custom elements flag set, as for every parser but
// the fragment parser).
//
// When a StreamParser has CustomElements, its segments also end right
// after the ">" of each start tag whose name CustomElements defines, found
// by a scan of the source as for "</script>". The parser has then inserted
// that element, with no child yet, as its current node: the pause mirrors
// what precedes it, and then has CustomElements create its Node (running
// the constructor), give it the tag's attributes and insert it, before
// parsing on. A scan that is wrong (a tag name in a comment or a script's
// text) only makes a pause where no element was made.

// CustomElementHooks creates custom elements for a StreamParser. Package
// dom knows no definitions: this is how its user (a scripting engine)
// tells which names have one and runs their constructors and callbacks.
// The hooks may run script that changes the document; the parser goes
// on inserting into its open elements wherever script moved them.
type CustomElementHooks interface {
	// Defines reports whether an HTML start tag named localName
	// (lowercase) may make a custom element: a defined name, or the
	// local name a customized built-in element extends. The parser
	// pauses after each such tag.
	Defines(localName string) bool
	// Create makes the element for an HTML start tag named localName
	// whose is attribute is is: it constructs the element, calls
	// setAttributes with it (which appends the tag's attributes), runs
	// the reactions that queued, and returns it; or it returns nil when
	// no definition matches (the parser makes its own element).
	Create(localName, is string, setAttributes func(el *Node)) *Node
	// Inserted is called once the parser has inserted an element Create
	// made, before the parser goes on: the reactions of its insertion
	// (connectedCallback) run there.
	Inserted(el *Node)
}

// nextSegmentCustom is nextSegment that also ends a segment after the ">"
// of a start tag whose name defines accepts (custom is then true).
func nextSegmentCustom(s string, defines func(string) bool) (end, tag int, custom bool) {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return len(s), -1, false
		}
		i += j + 1
		if i >= len(s) {
			return len(s), -1, false
		}
		if s[i] == '/' {
			if len(s)-i >= 7 && ascii.EqualFold(s[i+1:i+7], "script") {
				k := strings.IndexByte(s[i+7:], '>')
				if k < 0 {
					return len(s), -1, false
				}
				return i + 7 + k + 1, i - 1, false
			}
			continue
		}
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			continue
		}
		// The tag name ends at whitespace, "/" or ">"
		// (https://html.spec.whatwg.org/multipage/parsing.html#tag-name-state).
		k := i + 1
		for k < len(s) && !tagNameEnd(s[k]) {
			k++
		}
		if k == len(s) {
			return len(s), -1, false
		}
		if !defines(ascii.Lower(s[i:k])) {
			i = k
			continue
		}
		if e := startTagEnd(s, k); e > 0 {
			return e, -1, true
		}
		return len(s), -1, false
	}
}

func tagNameEnd(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '/' || c == '>'
}

// startTagEnd returns the offset after the ">" that ends the start tag
// whose attributes begin at s[i:], or -1: a ">" ends it anywhere but in a
// quoted attribute value, which starts after "=" and optional whitespace
// (https://html.spec.whatwg.org/multipage/parsing.html#before-attribute-value-state).
func startTagEnd(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case '>':
			return i + 1
		case '=':
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\f' || s[i] == '\r') {
				i++
			}
			if i < len(s) && (s[i] == '"' || s[i] == '\'') {
				k := strings.IndexByte(s[i+1:], s[i])
				if k < 0 {
					return -1
				}
				i += 1 + k + 1
			}
			continue
		}
		i++
	}
	return -1
}

// startedCustom returns the element the parser made for the start tag
// that ended the segment just parsed, if it may be a custom element: its
// current node, an HTML element not mirrored yet and still empty.
func (p *StreamParser) startedCustom() *html.Node {
	if p.finished {
		return nil
	}
	oe := p.openElements()
	if len(oe) == 0 {
		return nil
	}
	h := oe[len(oe)-1]
	if h.Type != html.ElementNode || h.Namespace != "" || h.FirstChild != nil || h.Parent == nil ||
		h.DataAtom == atom.Script || h.DataAtom == atom.Template {
		return nil
	}
	if _, ok := p.m[h]; ok || !p.CustomElements.Defines(h.Data) {
		return nil
	}
	return h
}

// createCustom mirrors h, the element of the custom element start tag the
// parser just inserted, by having CustomElements create it, and inserts it
// where the parser put h.
func (p *StreamParser) createCustom(h *html.Node) {
	mp, ok := p.m[h.Parent]
	if !ok {
		return // left to the next sync, as an element like any other
	}
	into := p.container(h.Parent, mp.node)
	if into.Type == html.DocumentNode || into.doc != p.doc {
		// A template's contents: its document has no definitions.
		p.insertMirror(h, into, p.convertNew(h, into))
		return
	}
	is := ""
	for _, a := range h.Attr {
		if a.Key == "is" && a.Namespace == "" {
			is = a.Val
			break
		}
	}
	attrs := p.sourceAttrs(h)
	p.custom++
	n := p.CustomElements.Create(h.Data, is, func(el *Node) {
		for _, a := range attrs {
			if i := el.attrIndexNS(a.Namespace, a.Key); i >= 0 {
				el.changeAttr(i, a.Val)
			} else {
				el.appendAttr(a)
			}
		}
	})
	p.custom--
	if p.closed || p.m == nil {
		return // script closed the parser
	}
	if n == nil {
		p.insertMirror(h, into, p.convertNew(h, into))
		return
	}
	if n.DataAtom == 0 {
		p.conv.noteElement(n)
	} else if n.DataAtom == atom.Option && n.IsHTML() {
		p.options = append(p.options, h)
	}
	p.m[h] = mirror{node: n, parent: h.Parent, n: len(h.Attr)}
	if !p.insertMirror(h, into, n) {
		return
	}
	p.custom++
	p.CustomElements.Inserted(n)
	p.custom--
}

// insertMirror inserts n, the mirror of the new shadow node h, into into
// before the mirror of the first sibling after h that is there, and
// reports whether it did.
func (p *StreamParser) insertMirror(h *html.Node, into, n *Node) bool {
	if n == nil {
		return false
	}
	var ref *Node
	for k := h.NextSibling; k != nil; k = k.NextSibling {
		if mk, ok := p.m[k]; ok && mk.node.ParentNode() == into {
			ref = mk.node
			break
		}
	}
	if _, err := into.insertBefore(n, ref, false); err != nil {
		p.log.Debug("dom: stream parse: node not mirrored", "node", n.Data, "err", err)
		return false
	}
	return true
}

// sourceAttrs returns the attributes of the parser's HTML element h in
// source order, as convertNew gives them to its mirror.
func (p *StreamParser) sourceAttrs(h *html.Node) []html.Attribute {
	tmp := Node{}
	tmp.Data, tmp.DataAtom = h.Data, h.DataAtom
	tmp.Attr = p.copyAttrs(h.Attr)
	if len(tmp.Attr) >= 2 && isFormattingAtom(tmp.DataAtom) {
		if !p.ordered {
			p.ordered = true
			p.order.tags, p.order.perm = scanFormattingTags(p.source(), nil, nil)
		}
		p.order.restore(&tmp)
	}
	return tmp.Attr
}
