package dom

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/rivo/uniseg"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Text content and CharacterData (https://dom.spec.whatwg.org/#interface-characterdata).
//
// Data is stored as Go (UTF-8) strings while JavaScript counts UTF-16 code
// units, so every offset of the CharacterData operations is a UTF-16 offset,
// converted here. An offset that falls inside a surrogate pair is moved to
// the start of the character, since a Go string cannot hold half of one.

// TextContent returns n's textContent (https://dom.spec.whatwg.org/#dom-node-textcontent);
// ok is false where it is null (documents and doctypes).
func (n *Node) TextContent() (s string, ok bool) {
	switch n.Type {
	case html.ElementNode, fragmentNode:
		return n.descendantTextContent(), true
	case html.TextNode, html.CommentNode, processingInstructionNode:
		return n.Data, true
	case attributeNode:
		return n.Attr[0].Val, true
	}
	return "", false
}

// descendantTextContent concatenates the data of n's Text descendants.
func (n *Node) descendantTextContent() string {
	// One Text child (the common case) needs no copy.
	if f := n.FirstChild; f != nil && f == n.LastChild && f.Type == html.TextNode {
		return f.Data
	}
	var b strings.Builder
	n.Descendants(func(d *Node) bool {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
		return true
	})
	return b.String()
}

// childTextContent concatenates the data of n's Text children.
func (n *Node) childTextContent() string {
	var b strings.Builder
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		if k.Type == html.TextNode {
			b.WriteString(k.Data)
		}
	}
	return b.String()
}

// SetTextContent sets n's textContent: for elements and fragments it
// replaces all children with one Text node (none for "").
func (n *Node) SetTextContent(s string) {
	switch n.Type {
	case html.ElementNode, fragmentNode:
		var t *Node
		if s != "" {
			t = n.doc.CreateTextNode(s)
		}
		n.replaceAll(t)
	case html.TextNode, html.CommentNode, processingInstructionNode:
		n.ReplaceData(0, n.Length(), s)
	case attributeNode:
		n.SetAttrValue(s)
	}
}

// UTF16Len returns the length of s in UTF-16 code units (a lone surrogate,
// see wtf8.go, is one).
func UTF16Len(s string) int { return utf16Len(s) }

// utf16Len returns the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		if surrogateAt(s, i) {
			n++
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// byteOffset converts a UTF-16 offset into s to a byte offset; offsets
// past the end give len(s).
func byteOffset(s string, u int) int {
	i, _ := cutUTF16(s, u) // inside a surrogate pair: the pair's start
	return i
}

// Length returns n's length (https://dom.spec.whatwg.org/#concept-node-length):
// UTF-16 code units of character data, else the number of children.
func (n *Node) Length() int {
	switch n.Type {
	case html.TextNode, html.CommentNode, processingInstructionNode:
		return utf16Len(n.Data)
	case html.DoctypeNode:
		return 0
	case attributeNode:
		return 0
	}
	c := 0
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c++
	}
	return c
}

// SetData sets a CharacterData node's data.
func (n *Node) SetData(s string) { n.ReplaceData(0, n.Length(), s) }

// SubstringData returns count UTF-16 units of data from offset
// (https://dom.spec.whatwg.org/#concept-cd-substring).
func (n *Node) SubstringData(offset, count int) (string, error) {
	if !n.IsCharacterData() {
		return "", nil
	}
	length := n.Length()
	if offset < 0 || offset > length {
		return "", newError(IndexSizeError, "The offset %d is greater than the node's length (%d).", offset, length)
	}
	if count < 0 || offset+count > length {
		count = length - offset
	}
	return sliceUTF16(n.Data, offset, offset+count), nil
}

// AppendData appends s to the data.
func (n *Node) AppendData(s string) { _ = n.ReplaceData(n.Length(), 0, s) }

// InsertData inserts s at offset.
func (n *Node) InsertData(offset int, s string) error { return n.ReplaceData(offset, 0, s) }

// DeleteData deletes count units from offset.
func (n *Node) DeleteData(offset, count int) error { return n.ReplaceData(offset, count, "") }

// ReplaceData replaces count UTF-16 units at offset with s
// (https://dom.spec.whatwg.org/#concept-cd-replace).
func (n *Node) ReplaceData(offset, count int, s string) error {
	if !n.IsCharacterData() {
		return nil
	}
	length := n.Length()
	if offset < 0 || offset > length {
		return newError(IndexSizeError, "The offset %d is greater than the node's length (%d).", offset, length)
	}
	if count < 0 || offset+count > length {
		count = length - offset
	}
	if n.doc.hasRanges() {
		n.doc.rangesReplaceData(n, offset, count, utf16Len(s))
	}
	old := n.Data
	if offset == 0 && count == length {
		n.Data = s
	} else {
		n.Data = replaceUTF16(old, offset, offset+count, s)
	}
	n.changed()
	if d := n.doc; d.OnMutation != nil {
		r := d.record(CharacterDataMutation, n)
		r.OldValue, r.HasOldValue = old, true
		d.emit(r)
	}
	return nil
}

// SplitText splits a Text node at a UTF-16 offset and returns the new node
// holding the rest (https://dom.spec.whatwg.org/#concept-text-split).
func (n *Node) SplitText(offset int) (*Node, error) {
	if n.Type != html.TextNode {
		return nil, newError(NotSupportedError, "not a Text node")
	}
	length := n.Length()
	if offset < 0 || offset > length {
		return nil, newError(IndexSizeError, "The offset %d is larger than the Text node's length.", offset)
	}
	rest, _ := n.SubstringData(offset, length-offset)
	var t *Node
	if n.IsCDATASection() {
		t = n.doc.newCDATASection(rest) // "a new node of the same interface"
	} else {
		t = n.doc.CreateTextNode(rest)
	}
	if p := n.ParentNode(); p != nil {
		p.insert(t, n.Next(), false)
	}
	if n.doc.hasRanges() {
		n.doc.rangesSplit(n, t, offset)
	}
	_ = n.ReplaceData(offset, length-offset, "")
	return t, nil
}

// WholeText returns the data of n and its contiguous Text siblings, CDATA
// sections included (https://dom.spec.whatwg.org/#dom-text-wholetext).
func (n *Node) WholeText() string {
	start := n
	for p := start.Prev(); p != nil && p.Type == html.TextNode; p = p.Prev() {
		start = p
	}
	var b strings.Builder
	for k := start; k != nil && k.Type == html.TextNode; k = k.Next() {
		b.WriteString(k.Data)
	}
	return b.String()
}

// Normalize merges adjacent exclusive Text descendants (CDATA sections
// stay as they are) and removes empty ones
// (https://dom.spec.whatwg.org/#dom-node-normalize).
//
// Live ranges follow Chromium 156, which removes an empty Text sibling
// before it merges the next one, where the standard merges it as well: a
// boundary inside an empty text after a merged text goes to the parent at
// the text's index by the removal steps, and into the merged text only
// when a non-empty text follows to be merged at that index
// (`t.normalize()` over "ab", "" with a range in the "" leaves it at
// (parent, 1), not ("ab", 2)). The data is appended in one step, so the
// mutation records stay the standard's: one characterData, then the
// removals.
func (n *Node) Normalize() {
	var texts []*Node
	n.Descendants(func(d *Node) bool {
		if d.isExclusiveText() {
			texts = append(texts, d)
		}
		return true
	})
	for _, t := range texts {
		if t.Parent == nil && t != n {
			continue // merged away already
		}
		if t.Data == "" {
			t.Remove()
			continue
		}
		if p := t.Prev(); p != nil && p.isExclusiveText() {
			continue // handled from the first of its run
		}
		var b strings.Builder
		for k := t.Next(); k != nil && k.isExclusiveText(); k = k.Next() {
			b.WriteString(k.Data)
		}
		length := t.Length()
		if b.Len() > 0 {
			t.AppendData(b.String())
		}
		ranges := t.doc.hasRanges()
		for k := t.Next(); k != nil && k.isExclusiveText(); {
			next := k.Next()
			if ranges && k.Data != "" {
				length = t.mergedRanges(k, length)
			}
			k.Remove()
			k = next
		}
	}
}

// mergedRanges moves the boundaries of the live ranges in k, and those at
// k's index in its parent, into n at offset, as k's data now follows there
// (Chromium's Range::DidMergeTextNodes); it returns offset past k's data.
func (n *Node) mergedRanges(k *Node, offset int) int {
	idx, parent := k.Index(), k.ParentNode()
	n.doc.liveRanges(func(r *Range) {
		defer r.textMoved(r.startNode, r.startOffset, r.endNode, r.endOffset)
		if r.startNode == k {
			r.startNode, r.startOffset = n, r.startOffset+offset
		} else if r.startNode == parent && r.startOffset == idx {
			r.startNode, r.startOffset = n, offset
		}
		if r.endNode == k {
			r.endNode, r.endOffset = n, r.endOffset+offset
		} else if r.endNode == parent && r.endOffset == idx {
			r.endNode, r.endOffset = n, offset
		}
	})
	return offset + k.Length()
}

// UTF16 converts s to UTF-16 code units; an encoded lone surrogate (see
// wtf8.go) is its unit.
func UTF16(s string) []uint16 {
	if !HasSurrogates(s) {
		return utf16.Encode([]rune(s))
	}
	out := make([]uint16, 0, len(s))
	for i := 0; i < len(s); {
		if surrogateAt(s, i) {
			out = append(out, uint16(0xD000|rune(s[i+1]&0x3F)<<6|rune(s[i+2]&0x3F)))
			i += 3
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			hi, lo := surrogateHalves(r)
			out = append(out, uint16(hi), uint16(lo))
		} else {
			out = append(out, uint16(r))
		}
		i += size
	}
	return out
}

// InnerText approximates innerText without layout
// (https://html.spec.whatwg.org/multipage/dom.html#the-innertext-idl-attribute):
// text of rendered descendants, block-level elements separated by
// newlines, <br> as a newline, paragraphs by blank lines, whitespace
// collapsed outside <pre>, and hidden elements (hidden attribute, inline
// display:none, head, script, style, template, ...) skipped.
func (n *Node) InnerText() string { return n.innerText(true) }

// innerText is InnerText; anchor lets an inline element's line be laid
// out from its lineAnchor (tests compare it with the whole line's walk).
func (n *Node) innerText(anchor bool) string {
	if n.Type == html.ElementNode && n.IsConnected() && n.inLockedSubtree() {
		// in contents a rendered box skips (content-visibility: hidden),
		// even when it has no box there itself: Chromium checks for such
		// an ancestor (a display lock) first
		return ""
	}
	if n.Type != html.ElementNode || !n.IsConnected() || !n.beingRendered() {
		if n.Type == html.ElementNode && n.IsConnected() && n.styledContents() {
			return "" // display: contents, but its children have no box
		}
		// an element not being rendered: its text content (a
		// <script type="text/hyperscript"> or a template kept in a
		// display: none element is read so)
		s, _ := n.TextContent()
		return s
	}
	if n.holdsUnrenderedChildren() || n.childrenUnboxed() {
		return "" // rendered, but their children are not
	}
	if root := n.inlineContainer(); root != nil {
		// an inline's text is laid out with the line it is on: the spaces
		// at its edges stay where its line renders them (" b" of x<span>
		// b</span>), as Chromium reads the text of its inline formatting
		// context
		pre := root.preTagged()
		var a *Node
		if anchor {
			a = n.lineAnchor(root, pre)
		}
		if a != nil {
			// the line from the last text before n that is surely on it:
			// what precedes that text no longer changes how n's reads
			w := innerTextWriter{win: n, startAt: a}
			w.walkBox(root, pre)
			w.finish()
			if w.anchored && w.winClosed {
				return string(w.b[min(w.from, len(w.b)):min(w.to, len(w.b))])
			}
		}
		w := innerTextWriter{win: n}
		w.walkBox(root, pre)
		w.finish()
		if w.winClosed {
			return string(w.b[min(w.from, len(w.b)):min(w.to, len(w.b))])
		}
	}
	var w innerTextWriter
	w.walkBox(n, n.preTagged())
	return w.finish()
}

// inlineContainer is, for an inline element n (display inline or
// contents, not atomic), the nearest ancestor whose box holds n's line:
// the first that is not itself such an inline. It is nil for other
// elements, or when no such ancestor is near.
func (n *Node) inlineContainer() *Node {
	if !n.inlineLevel() {
		return nil
	}
	a := n.ParentElement()
	for i := 0; a != nil && i < 64; i++ {
		if !a.inlineLevel() {
			return a
		}
		a = a.ParentElement()
	}
	return nil
}

// lineAnchor is, for inline element n whose line container is root, a
// text node before n on its line whose text is a word in collapsible
// white space: once the writer has written it, its state (the pending
// space, line breaks and atomic inline) is that text's alone, so the walk
// of root's line can start there instead of at root's first child (the
// innerText of each of 5,000 spans in a block would otherwise lay out the
// block 5,000 times). It is nil when no such text is near, or when the
// line passes through slots, shadow hosts or preserved white space.
func (n *Node) lineAnchor(root *Node, pre bool) *Node {
	if pre {
		return nil
	}
	for x := n; x != root; x = x.ParentElement() {
		if x == nil || x.AssignedSlot() != nil || x.isSlot() || x != n && x.ShadowRoot() != nil ||
			x.Namespace == "" && (x.DataAtom == atom.Pre || x.DataAtom == atom.Listing || x.DataAtom == atom.Textarea) {
			return nil
		}
	}
	for x := n; x != root; x = x.ParentElement() {
		i := 0
		for s := x.Prev(); s != nil && i < 16; s = s.Prev() {
			i++
			if t := s.anchorText(); t != nil {
				return t
			}
			if s.Type == html.ElementNode && s.inlineLevel() && s.ShadowRoot() == nil && !s.isSlot() {
				j := 0
				for c := s.First(); c != nil && j < 16; c = c.Next() {
					j++
					if t := c.anchorText(); t != nil {
						return t
					}
				}
			}
		}
	}
	return nil
}

// anchorText returns n when it is a text node holding a word whose parent
// collapses its white space (lineAnchor).
func (n *Node) anchorText() *Node {
	if n.Type != html.TextNode || strings.Trim(n.Data, " \t\n\r\f") == "" {
		return nil
	}
	p := n.ParentElement()
	if p == nil || p.Namespace != "" || p.whiteSpaceMode(false) != wsCollapse {
		return nil
	}
	return n
}

// inlineLevel reports an HTML element whose box is an inline (or none of
// its own, display: contents) that is not atomic: its text is on the
// lines of the box around it.
func (n *Node) inlineLevel() bool {
	if n.Namespace != "" || n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.P, atom.Td, atom.Th, atom.Tr, atom.Thead, atom.Tbody, atom.Tfoot, atom.Br, atom.Select,
		atom.Option, atom.Img, atom.Input, atom.Textarea, atom.Button:
		return false // (a <br> alone reads "", its line break not its own)
	}
	if disp := n.doc.Display; disp != nil {
		d := disp(n)
		return (d == "inline" || d == "contents" || d == "ruby" || d == "ruby-text") && !n.isReplacedInline() && !n.blockified()
	}
	return !n.isBlockish() && !n.isReplacedInline()
}

// preTagged reports whether n is or is inside an element whose white space
// the user-agent style sheet preserves (pre, listing, textarea): the
// white space of text without style information.
func (n *Node) preTagged() bool {
	for e := n; e != nil; e = e.ParentElement() {
		if e.Namespace == "" && (e.DataAtom == atom.Pre || e.DataAtom == atom.Listing || e.DataAtom == atom.Textarea) {
			return true
		}
	}
	return false
}

// The white-space modes of innerText's text: spaces and line feeds
// collapsed (normal, nowrap), kept (pre, pre-wrap, break-spaces), or line
// feeds kept and the spaces around them removed (pre-line).
const (
	wsCollapse = iota
	wsPreserve
	wsPreLine
	// wsPreserveSpaces: spaces kept, line feeds spaces (white space
	// preserved in a ruby, whose segment breaks are spaces:
	// https://drafts.csswg.org/css-ruby/#box-fixup)
	wsPreserveSpaces
)

// whiteSpaceMode is the white-space mode of the text children of element
// p: from its computed white-space-collapse when the bindings give styles
// (the WhiteSpace hook, or white-space from the ComputedStyle one), else
// pre as the walk decided it from the elements' tags.
func (p *Node) whiteSpaceMode(pre bool) int {
	ws, ok := p.whiteSpace()
	if !ok {
		if pre {
			return wsPreserve
		}
		return wsCollapse
	}
	switch ws.Collapse() {
	case WSCollapse:
		return wsCollapse
	case WSPreserveBreaks:
		if p.inRuby() {
			return wsCollapse // its line feeds are collapsible spaces
		}
		return wsPreLine
	}
	if p.inRuby() {
		return wsPreserveSpaces
	}
	return wsPreserve
}

// whiteSpace is element p's computed WhiteSpace from the bindings' hooks,
// ok=false without them.
func (p *Node) whiteSpace() (WhiteSpace, bool) {
	if f := p.doc.WhiteSpace; f != nil {
		return f(p), true
	}
	if cs := p.doc.ComputedStyle; cs != nil {
		return ParseWhiteSpace(cs(p, "white-space"))
	}
	return 0, false
}

// inRuby reports whether the text children of element p are laid out in
// a ruby container or annotation box: p or an inline ancestor of it (with
// display: contents ones) has display ruby or ruby-text (by the Display
// hook).
func (p *Node) inRuby() bool {
	disp := p.doc.Display
	if disp == nil {
		return false
	}
	e := p
	for range 64 {
		if e == nil || e.Type != html.ElementNode {
			return false
		}
		switch disp(e) {
		case "ruby":
			return true
		case "ruby-text":
			return !e.blockified()
		case "inline", "contents":
			if e.isReplacedInline() || e.blockified() {
				return false
			}
			e = e.flatParentElement()
			continue
		}
		return false
	}
	return false
}

// whiteSpaceMatters reports whether text s reads differently with its
// white space collapsed and kept: it has white space other than single
// spaces between words.
func whiteSpaceMatters(s string) bool {
	if s == "" {
		return false
	}
	if isASCIIWhitespace(rune(s[0])) || isASCIIWhitespace(rune(s[len(s)-1])) {
		return true
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\r', '\f':
			return true
		case ' ':
			if s[i-1] == ' ' {
				return true
			}
		}
	}
	return false
}

// modeOf is p.whiteSpaceMode, remembered for the last element asked: the
// text nodes of one element are usually read one after another.
func (w *innerTextWriter) modeOf(p *Node, pre bool) int {
	if p != w.wsOf || pre != w.wsPre {
		w.wsOf, w.wsPre, w.wsMode = p, pre, p.whiteSpaceMode(pre)
	}
	return w.wsMode
}

// textMode adds text s in white-space mode m: pre-line text is collapsed
// line by line, each line feed a line break.
func (w *innerTextWriter) textMode(s string, m int) {
	switch m {
	case wsPreserveSpaces:
		w.text(strings.ReplaceAll(s, "\n", " "), true)
		return
	case wsPreLine:
	default:
		w.text(s, m == wsPreserve)
		return
	}
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			w.text(s, false)
			return
		}
		w.text(s[:i], false)
		if w.hidden {
			// invisible: the line ends, with no line feed
			w.lineEnd()
			w.space, w.afterAtomic, w.boxStart = false, false, true
		} else {
			w.lineBreak()
		}
		s = s[i+1:]
	}
}

// RenderedText is the text of the range as rendered: what Chromium's
// Selection stringifier gives (innerText's rules over the part of the
// flat tree the range covers: hidden content left out, whitespace
// collapsed, line breaks between blocks), where the Range stringifier
// gives the data of every text node in it.
// https://w3c.github.io/selection-api/#dom-selection-stringifier
func (r *Range) RenderedText() string {
	return r.RenderedTextWithout(nil)
}

// RenderedTextWithout is RenderedText leaving out the text nodes
// unselectable reports (nil: none), as a selection's string leaves out
// inert text.
func (r *Range) RenderedTextWithout(unselectable func(*Node) bool) string {
	root := r.CommonAncestorContainer()
	for root != nil && root.Type != html.ElementNode {
		switch {
		case root.Type == html.DocumentNode:
			root = root.FirstElementChild()
		case root.IsShadowRoot():
			root = root.Host()
		default:
			root = root.ParentNode()
		}
	}
	if root == nil || !root.IsConnected() || !root.beingRendered() || root.holdsUnrenderedChildren() || root.childrenUnboxed() || root.inClosedDetails() || root.inSkippedContents() {
		return ""
	}
	pre := false
	for e := root; e != nil && !pre; e = e.ParentElement() {
		pre = e.Is(atom.Pre) || e.Is(atom.Listing)
	}
	w := innerTextWriter{clip: r, unselectable: unselectable, endMark: -1}
	w.walkBox(root, pre)
	s := w.finish()
	end := len(s)
	if w.endMark >= 0 {
		end = min(w.endMark, end)
	}
	return s[min(w.mark, end):end]
}

// textOf splits text node k's data at the range's boundary points: the
// part before the start (of the start node), the part in the range and
// the part after its end (of the end node).
// A boundary point inside a grapheme cluster (between the halves of a
// surrogate pair, before a combining mark) counts as at the end of that
// cluster, as Chromium's selection positions do: "😀" selected from
// offset 0 to 1 reads "😀", from 1 to 2 "".
func (r *Range) textOf(k *Node) (before, in, after string) {
	from, to := 0, -1
	if k == r.startNode {
		from = clusterEnd(k.Data, r.startOffset)
	}
	if k == r.endNode {
		to = clusterEnd(k.Data, r.endOffset)
	}
	if from == 0 && to < 0 {
		return "", k.Data, ""
	}
	n := k.Length()
	if to < 0 {
		to = n
	}
	before, _ = k.SubstringData(0, from)
	in, _ = k.SubstringData(from, to-from)
	after, _ = k.SubstringData(to, n-to)
	return before, in, after
}

// clusterEnd returns UTF-16 offset u of s, or the end of the extended
// grapheme cluster (https://unicode.org/reports/tr29/) it falls inside.
func clusterEnd(s string, u int) int {
	i, mid := cutUTF16(s, u)
	b, state := 0, -1
	for b < i || b == i && mid {
		_, rest, _, st := uniseg.FirstGraphemeClusterInString(s[b:], state)
		b, state = len(s)-len(rest), st
	}
	if b == i {
		return u
	}
	return utf16Len(s[:b])
}

// maxRenderedDepth bounds the ancestors beingRendered asks (documents are
// flattened deeper than 512 elements; see serialize).
const maxRenderedDepth = 4096

// beingRendered reports whether element n has a box
// (https://html.spec.whatwg.org/multipage/rendering.html#being-rendered):
// neither it nor an ancestor in the flat tree is display: none (by the
// Display hook, else the UA defaults, hidden and inline styles), a child
// of a shadow host left out of every slot, inside a replaced element, or
// an option of a drop-down select (Chromium gives those no box).
func (n *Node) beingRendered() bool { return n.renderedUpTo(nil) }

// renderedUpTo is beingRendered asking n and its flat-tree ancestors
// below stop only (all of them for a nil stop): of a slot and its host,
// whether what the slot is given is rendered within the host's tree. With
// a stop, the content of a closed details element counts as not rendered
// (innerText skips it).
func (n *Node) renderedUpTo(stop *Node) bool {
	e := n
	for range maxRenderedDepth {
		if e == stop {
			return true
		}
		if stop != nil && e.inClosedDetailsChild() {
			return false
		}
		if e.foreignNotRendered() || e.isNoscript() {
			return false
		}
		if disp := e.doc.Display; disp != nil {
			if disp(e) == "none" {
				return false
			}
		} else if e.notRendered() && !e.inClosedDetailsChild() && !e.holdsUnrenderedChildren() {
			return false
		}
		if e.IsHTML() && (e.DataAtom == atom.Option || e.DataAtom == atom.Optgroup) {
			if s := e.ownerSelect(); s != nil && !s.HasAttribute("multiple") && s.selectDisplaySize() <= 1 {
				return false
			}
		}
		p := e.ParentElement()
		if p == nil {
			if r := e.ParentNode(); r != nil && r.IsShadowRoot() {
				p = r.Host()
			}
		} else if p.ShadowRoot() != nil {
			if p = e.AssignedSlot(); p == nil {
				return false
			}
		}
		if p == nil || p.Type != html.ElementNode {
			return true
		}
		if p.Is(atom.Select) && !p.HasAttribute("multiple") && p.selectDisplaySize() <= 1 {
			return false // a drop-down select shows its selected option's text alone
		}
		if p.holdsUnrenderedChildren() || p.childrenUnboxed() || p.Is(atom.Option) {
			// (an option's children have no box of their own: Chromium
			// draws its text)
			return false
		}
		e = p
	}
	return true
}

// holdsUnrenderedChildren reports the replaced elements whose children
// (a textarea's value, fallback content) are not rendered: a <progress>
// and a <meter> too, drawn by Chromium from their shadow trees.
func (n *Node) holdsUnrenderedChildren() bool {
	if !n.IsHTML() {
		return false
	}
	switch n.DataAtom {
	case atom.Textarea, atom.Iframe, atom.Canvas, atom.Video, atom.Progress, atom.Meter, atom.Embed:
		return true // (an embed has no fallback content: its children are never rendered)
	case atom.Audio:
		return n.HasAttribute("controls") // audio:not([controls]) { display: none !important }
	case atom.Object:
		return !n.showsFallback() // a plugin, a frame or an image: a replaced box
	}
	return false
}

// styledContents reports an element whose computed display is contents
// (with the Display hook) and whose flat-tree ancestors are styled
// although it has no box where it is (an HTML element in an svg, in an
// img or a wbr): Chromium's innerText takes an element with a display:
// contents style as rendered and finds no box in it. An element has no
// style in a display: none subtree, a noscript, an SVG or MathML element
// that is not rendered, an option, a shadow host that does not slot it,
// and the controls whose shadow trees slot no children (textarea, input,
// video, audio, meter, progress).
func (n *Node) styledContents() bool {
	disp := n.doc.Display
	if disp == nil || disp(n) != "contents" {
		return false
	}
	x := n
	for range maxRenderedDepth {
		e := x.flatParentElement()
		if e == nil {
			// the top of the tree, or a shadow host that does not slot x
			return x.ParentElement() == nil
		}
		if disp(e) == "none" || e.isNoscript() || e.Namespace != "" && e.foreignNotRendered() {
			return false
		}
		if e.IsHTML() {
			switch e.DataAtom {
			case atom.Textarea, atom.Input, atom.Video, atom.Audio, atom.Meter, atom.Progress, atom.Option:
				return false
			}
		}
		x = e
	}
	return false
}

// childrenUnboxed reports the HTML elements whose box takes no children,
// so that what a script puts in them has no box: img and input (replaced),
// br and wbr (Chromium's line and word breaks), col and colgroup (table
// columns) and frameset (which lays out frames alone); with the Display
// hook, any element displayed as a table column or column group (Chromium
// renders none of its content).
func (n *Node) childrenUnboxed() bool {
	if !n.IsHTML() {
		return false
	}
	switch n.DataAtom {
	case atom.Img, atom.Input, atom.Br, atom.Wbr, atom.Col, atom.Colgroup, atom.Frameset:
		return true
	}
	if d := n.doc.Display; d != nil {
		switch n.layoutDisplay(d(n)) {
		case "table-column", "table-column-group":
			return true
		}
	}
	return false
}

// isNoscript reports a <noscript>: where scripts run, Chromium gives it
// no box whatever its computed display (which stays "inline").
func (n *Node) isNoscript() bool {
	if !n.IsHTML() || n.DataAtom != atom.Noscript {
		return false
	}
	// displayed as contents, it needs no box of its own, and its
	// children have theirs (Chromium renders them)
	d := n.doc.Display
	return d == nil || d(n) != "contents"
}

// inClosedDetailsChild reports whether n is a child of a closed <details>
// other than its summary: notRendered skips it, but it has a box.
func (n *Node) inClosedDetailsChild() bool {
	p := n.ParentElement()
	return p != nil && p.Is(atom.Details) && !p.HasAttribute("open") && (!n.Is(atom.Summary) || p.FirstSummary() != n)
}

// inClosedDetails reports whether n or an ancestor is such a child.
func (n *Node) inClosedDetails() bool {
	e := n
	for range maxRenderedDepth {
		if e == nil || e.Type != html.ElementNode {
			return false
		}
		if e.inClosedDetailsChild() {
			return true
		}
		e = e.ParentElement()
	}
	return false
}

// skipsContents reports whether element k, of computed display display,
// has content-visibility: hidden applying to it (the UA style sheet gives
// it to hidden=until-found), or auto when SkipsAutoContents says it skips
// its contents: its box is laid out, its contents are skipped
// (https://drafts.csswg.org/css-contain-2/#content-visibility), and
// Chromium's innerText leaves out the box and what it holds. It applies
// where size containment does: not to an element with no box, a
// non-replaced inline box, nor to table parts other than cells, nor ruby
// boxes; Chromium 156 does not apply it to tables and captions either.
func (k *Node) skipsContents(display string) bool {
	cs := k.doc.ComputedStyle
	if cs == nil {
		return false
	}
	switch {
	case display == "none" || display == "contents" || display == "":
		return false
	case display == "inline":
		if !k.blockified() && !k.isReplacedInline() {
			return false
		}
	case strings.HasPrefix(display, "ruby"):
		return false
	case display == "table" || display == "inline-table" || strings.HasPrefix(display, "table-") && display != "table-cell":
		// nor, in Chromium 156, to tables and captions, whose contents
		// are rendered (b<table hidden=until-found> reads "b\na\nx")
		return false
	}
	switch cs(k, "content-visibility") {
	case "hidden":
		return true
	case "auto":
		return k.doc.SkipsAutoContents != nil && k.doc.SkipsAutoContents(k)
	}
	return false
}

// inLockedSubtree reports whether element n or an ancestor is a child of
// a closed details element other than its summary, or skips its contents
// (content-visibility: hidden, with the Display and ComputedStyle hooks),
// and that details element, or the element skipping its contents, is
// being rendered: the contents of a box with content-visibility: hidden
// (the details element's content slot is one) are not laid out.
func (n *Node) inLockedSubtree() bool {
	disp, cs := n.doc.Display, n.doc.ComputedStyle
	e := n
	for range maxRenderedDepth {
		if e == nil || e.Type != html.ElementNode {
			return false
		}
		if e.inClosedDetailsChild() {
			return e.ParentElement().beingRendered()
		}
		if disp != nil && cs != nil && e.skipsContents(disp(e)) {
			return e.beingRendered()
		}
		// up the flat tree, as Chromium looks for a locked ancestor: a
		// child no slot takes (of a shadow host, or of a control whose
		// user-agent shadow tree has no slot) is in no locked subtree,
		// and reads as an element not being rendered
		p := e.flatParentElement()
		if p == nil || p.IsHTML() && uaShadowWithoutSlot[p.DataAtom] {
			return false
		}
		e = p
	}
	return false
}

// uaShadowWithoutSlot holds the HTML elements whose user-agent shadow
// tree in Chromium has no slot: none of their children is in the flat
// tree.
var uaShadowWithoutSlot = map[atom.Atom]bool{atom.Textarea: true, atom.Input: true, atom.Video: true,
	atom.Audio: true, atom.Meter: true, atom.Progress: true}

// inSkippedContents reports whether element n or an ancestor skips its
// contents (with the Display and ComputedStyle hooks): its innerText is
// empty then.
func (n *Node) inSkippedContents() bool {
	disp := n.doc.Display
	if disp == nil || n.doc.ComputedStyle == nil {
		return false
	}
	e := n
	for range maxRenderedDepth {
		if e == nil || e.Type != html.ElementNode {
			return false
		}
		if e.skipsContents(disp(e)) {
			return true
		}
		e = e.ParentElement()
	}
	return false
}

// An innerTextWriter collects the innerText items: text, and required line
// break counts between them, merged and trimmed at the ends.
type innerTextWriter struct {
	b       []byte
	pending int  // required line breaks before the next text
	space   bool // a collapsible space is pending
	started bool
	// afterAtomic: the last thing on the line is an atomic inline, so a
	// space after it is kept even where a line break is pending (from a
	// block inside it, or before it).
	afterAtomic bool
	// boxStart: nothing is on the line of the atomic inline just entered
	// yet, so a space there collapses.
	boxStart bool
	// oof is the depth of out-of-flow boxes being walked, and held[d] is
	// a space written before an out-of-flow box in the flow at depth d,
	// which stays only if content follows it on its line.
	oof  int
	held [8]heldSpace
	// clip, when set, limits the text to a range: nodes it does not
	// intersect are left out, its boundary text nodes cut; mark is where
	// the range's text starts in b.
	clip *Range
	// unselectable, when set with clip, tells which text nodes a
	// selection leaves out (inert ones).
	unselectable func(*Node) bool
	mark         int
	// A run of collapsible spaces is rendered as its first space: markSpace
	// says one pending at the range's start is the text's before it (when
	// written, mark moves past it); endMark is where the range's text ends
	// in b (-1: at the end), and endSpace says a space pending there is the
	// range's own (when the text after the range writes it, endMark moves
	// past it).
	markSpace, endSpace bool
	endMark             int
	// win, when set, is the element whose text is wanted, laid out with
	// the rest of its line: from and to are where its text is in b.
	// fromOpen: the window is entered and nothing of it written yet (the
	// line breaks then flushed, and a space pending since before it, are
	// not its own); entrySpace: a space was pending when it was entered;
	// trailSpace: a space of its own was pending when it closed, which is
	// its own if the line goes on after it.
	// startAt, when set, is where the walk of w.win's line starts: the
	// nodes before it are left out (Node.lineAnchor); anchored is set
	// once it wrote text, which makes the writer's state its own.
	startAt                    *Node
	anchored                   bool
	win                        *Node
	from, to                   int
	inWin, fromOpen, winClosed bool
	entrySpace, trailSpace     bool
	// wsOf is the element whose white-space mode (wsMode, given wsPre)
	// was looked up last.
	wsOf   *Node
	wsPre  bool
	wsMode int
	// hidden: the text being added is invisible (visibility: hidden or
	// collapse): laid out, so the spaces around it collapse as they do
	// around visible text, but not rendered. spaceHidden: the pending
	// space is such text's (the first space of a collapsed run is the
	// one kept). hiddenWord: invisible text is on the line after the
	// last text written, so a space after it is not at the line's start.
	hidden, spaceHidden, hiddenWord bool
}

func (w *innerTextWriter) breaks(k int) {
	if k > w.pending {
		w.pending = k
	}
}

// atLineStart reports whether the text so far ends a line.
func (w *innerTextWriter) atLineStart() bool {
	n := len(w.b)
	return n > 0 && w.b[n-1] == '\n'
}

// cell adds a table cell: a tab separates it from the cell before. styled
// is set when its display came from the Display hook.
func (w *innerTextWriter) cell(k *Node, pre, styled bool) {
	w.lineEnd()
	w.space = false
	w.afterAtomic = false
	// a cell is a block container: the spaces at its edges collapse
	w.boxStart = true
	if styled {
		w.walkBox(k, pre)
	} else {
		w.walk(k, pre)
	}
	w.space = false
	w.afterAtomic = false
	w.boxStart = false
	// A tab follows every cell but its row's last, even when the cells
	// after it are hidden; a cell whose visibility is hidden adds only
	// what its visible descendants have, no tab (Handsontable hides its
	// master table's header cells behind its overlays' copies).
	if !k.invisible() && !k.lastTableCell() {
		// (a string, not a line break: kept at the start too)
		w.lineEnd()
		w.flush()
		w.b = append(w.b, '\t')
		w.started = true
	}
}

// row adds a table row: a line feed follows every row but the table's
// last, a string of its own rather than a required line break, so a block
// starting the next row's first cell (Bootstrap's btn-block buttons) adds
// a blank line. A row whose visibility is hidden or collapse adds no line
// feed (its visible cells still add their text and tabs).
func (w *innerTextWriter) row(k *Node, pre bool) {
	// what is not in a cell is in an anonymous one: a block container,
	// the spaces at its start collapse
	w.lineEnd()
	w.space, w.afterAtomic, w.boxStart = false, false, true
	w.walkBox(k, pre)
	if !k.lastTableRow() && !k.invisible() {
		w.lineBreak()
	}
}

// lastTableCell reports whether cell n is the last of its row: no element
// after it is a table cell. A cell outside a table row is in an anonymous
// row that ends at the next element that is not a cell (a block, a row: the
// anonymous table's run of cells). In a row, anything else after it that
// has a box (text, an inline, even an empty one) is in an anonymous cell,
// so n is not the last, as in Chromium; so is any other table part (a
// row, a group, a column). A cell straight in a row group or a table is
// in an anonymous row that takes its siblings up to the next row
// (anonymousRowLast). A cell whose parent is display: contents has its
// box in the parent's parent, so the siblings that follow that parent
// follow it too (`<tr style="display: contents"><td>` then a block in a
// row group: the block is in the cell's anonymous row), and what follows
// the cell inside such a parent is fixed up by the parent's parent (its
// box parent): `<tr><td style="display: contents"><span
// style="display: table-cell">x</span>y` puts y in an anonymous cell of
// the row, so x takes a tab ("x\ty" in Chromium). Cells are known
// by their display
// when the document has the Display hook (a display: none element is no
// cell), else by their elements.
// https://drafts.csswg.org/css-tables-3/#fixup-algorithm
func (n *Node) lastTableCell() bool {
	s, p := n.Next(), n.ParentElement()
	disp := n.doc.Display
	for {
		box := p
		for disp != nil && box != nil && disp(box) == "contents" {
			box = box.ParentElement()
		}
		if last, ok := cellLastAmong(s, box); ok {
			return last
		}
		if p == nil || disp == nil || disp(p) != "contents" {
			return !p.rowAfterBox()
		}
		s, p = p.Next(), p.ParentElement()
	}
}

// cellLastAmong tells, for the siblings from s on that follow a cell whose
// box parent (its parent, or the nearest ancestor that is not display:
// contents) is p, whether the cell is the last of its row: ok is false
// when they do not say (none of them has a box).
func cellLastAmong(s, p *Node) (last, ok bool) {
	switch tablePart(p) {
	case "table-row-group", "table-header-group", "table-footer-group":
		return anonymousRowLast(s, false)
	case "table":
		return anonymousRowLast(s, true)
	}
	anon := tablePart(p) != "table-row"
	for ; s != nil; s = s.Next() {
		if s.Type != html.ElementNode {
			if !s.transparentInTable() {
				// text ends the anonymous table, or is in an anonymous cell
				return anon, true
			}
			continue
		}
		switch tablePart(s) {
		case "table-cell":
			return false, true
		case "none":
		case "":
			if anon {
				if last, ok := s.contentsCells(); ok {
					return last, true
				}
				continue // a display: contents element with no boxes
			}
			if s.boxInRow() {
				return false, true
			}
		default:
			// another table part: the end of an anonymous row, else in
			// an anonymous cell of this one
			return anon, true
		}
	}
	return true, false
}

// anonymousRowLast tells, for the siblings from s on that follow a cell
// straight in a row group (or, inTable, a table), whether that cell is the
// last of its anonymous row. Such a row takes every following sibling that
// is no row (in a table, no proper table child: no row group, caption,
// column or column group), each in an anonymous cell after it: text, a
// block, a floated box (`<tbody><tr style="display:table-cell">a</tr><tr
// style="display:flex">b</tr>` gives "a\tb" in Chromium). ok is false when
// no sibling made a box or ended the row (a display: contents element
// whose children make none).
// https://drafts.csswg.org/css-tables-3/#fixup-algorithm
func anonymousRowLast(s *Node, inTable bool) (last, ok bool) {
	for ; s != nil; s = s.Next() {
		if s.Type != html.ElementNode {
			if !s.transparentInTable() {
				return false, true
			}
			continue
		}
		switch tablePart(s) {
		case "none":
		case "table-row":
			return true, true
		case "table-cell":
			return false, true
		case "":
			if disp := s.doc.Display; disp != nil && disp(s) == "contents" {
				if last, ok := anonymousRowLast(s.First(), inTable); ok {
					return last, true
				}
				continue
			}
			return false, true
		default:
			// a proper table child ends the table's anonymous row; in a
			// row group it is in an anonymous cell of it
			return inTable, true
		}
	}
	return true, false
}

// rowAfterBox reports whether row p has an ::after box (with the
// PseudoBox hook): a box after its cells, in an anonymous cell of its own
// unless it is a cell, so the last cell takes a tab (`tr::after { content:
// "" }` in Chromium 156, whose innerText does not write the box's text).
func (p *Node) rowAfterBox() bool {
	if p == nil {
		return false // (lastTableCell asks for a cell with no parent element too)
	}
	pb := p.doc.PseudoBox
	if pb == nil || tablePart(p) != "table-row" {
		return false
	}
	d, _ := pb(p, "after")
	return d != "" && d != "none"
}

// pseudoInRow reports whether table or row group p has an ::after box
// that is no table part, which is in an anonymous row of its own (with
// the PseudoBox hook).
func (p *Node) pseudoInRow() bool {
	pb := p.doc.PseudoBox
	if pb == nil {
		return false
	}
	d, _ := pb(p, "after")
	return d != "" && d != "none" && !strings.HasPrefix(d, "table")
}

// contentsCells tells, for element s after a cell in an anonymous row,
// whether that cell is the row's last: ok is false when s makes no box,
// and last is false when the first box s makes (through display:
// contents, its children's) is a cell of that row.
func (s *Node) contentsCells() (last, ok bool) {
	disp := s.doc.Display
	if disp == nil || disp(s) != "contents" {
		return true, true
	}
	for c := s.First(); c != nil; c = c.Next() {
		switch {
		case c.Type == html.TextNode:
			if !c.transparentInTable() {
				return true, true
			}
		case c.Type != html.ElementNode:
		default:
			switch tablePart(c) {
			case "table-cell":
				return false, true
			case "none":
			case "":
				if last, ok := c.contentsCells(); ok {
					return last, true
				}
			default:
				return true, true
			}
		}
	}
	return false, false
}

// boxInRow reports whether element s, no table part, in a table row,
// makes a box there (which an anonymous cell wraps): any box, or through
// display: contents a child's. Without the Display hook every element
// has one.
func (s *Node) boxInRow() bool {
	disp := s.doc.Display
	if disp == nil || disp(s) != "contents" {
		return true
	}
	for c := s.First(); c != nil; c = c.Next() {
		switch {
		case c.Type == html.TextNode:
			if !c.transparentInTable() {
				return true
			}
		case c.Type != html.ElementNode:
		case tablePart(c) == "":
			if c.boxInRow() {
				return true
			}
		case tablePart(c) != "none":
			return true
		}
	}
	return false
}

// lastTableRow reports whether row n is the last of its table: no row
// follows it in its row group or in a later group. A row outside a table
// or row group is in an anonymous table, which cells after it (another
// anonymous row) continue and any other element ends. Rows and groups are
// known by their display when the document has the Display hook, else by
// their elements.
func (n *Node) lastTableRow() bool {
	isGroup := func(e *Node) bool {
		switch tablePart(e) {
		case "table-row-group", "table-header-group", "table-footer-group":
			return true
		}
		return false
	}
	p := n.ParentElement()
	anon := p == nil || !isGroup(p) && tablePart(p) != "table"
	// a row in a row is in an anonymous cell's anonymous table, which the
	// row's cells end
	inRow := p != nil && tablePart(p) == "table-row"
	for s := n.Next(); s != nil; s = s.Next() {
		if s.Type != html.ElementNode {
			if !s.transparentInTable() {
				// text ends the anonymous table, or is in an anonymous
				// row of this one
				return anon
			}
			continue
		}
		switch d := tablePart(s); {
		case d == "table-row":
			return false
		case anon && d == "table-cell":
			return inRow
		case !anon && d == "" && s.boxInRow():
			return false // in an anonymous row
		case !anon && d == "table-cell", !anon && isGroup(p) && d != "" && d != "none":
			// a cell after it, or a caption, column or group in its row
			// group, is in an anonymous row after it
			return false
		case isGroup(s):
			if s.holdsRow() {
				return false
			}
		case anon && d != "none" && d != "table-caption" && d != "table-column" && d != "table-column-group":
			return true // the anonymous table ends
		}
	}
	if !anon && p.pseudoInRow() {
		return false // an ::after box of the table or group is in a row after it
	}
	if p == nil || !isGroup(p) {
		return true
	}
	t := p.ParentElement()
	inTable := t != nil && tablePart(t) == "table"
	for s := p.Next(); s != nil; s = s.Next() {
		if s.Type != html.ElementNode {
			if !s.transparentInTable() {
				// text in an anonymous row of the table, or the end of
				// the anonymous table
				return !inTable
			}
			continue
		}
		switch tablePart(s) {
		case "table-row", "table-cell":
			return false // a row, or a cell in an anonymous row, after the group
		case "":
			if !inTable {
				return true // the anonymous table ends
			}
			if s.boxInRow() {
				return false
			}
		}
		if isGroup(s) {
			if s.holdsRow() {
				return false
			}
			continue
		}
		for r := s.FirstElementChild(); r != nil; r = r.NextElementSibling() {
			if tablePart(r) == "table-row" {
				return false
			}
		}
	}
	// the table's ::after box is in an anonymous row after the groups
	return !inTable || !t.pseudoInRow()
}

// holdsRow reports whether row group g holds a row: one of its own, or
// the anonymous row that wraps a cell, text or any other box straight in
// it, so a row of an earlier group is not the last (`<tbody><tr
// style="float:left">`, a block in an anonymous row of the second group,
// gives "a\n\nb" after a first group's row a in Chromium 156).
func (g *Node) holdsRow() bool {
	for c := g.First(); c != nil; c = c.Next() {
		if c.Type != html.ElementNode {
			if !c.transparentInTable() {
				return true
			}
			continue
		}
		switch tablePart(c) {
		case "table-row", "table-cell":
			return true
		case "":
			if c.boxInRow() {
				return true
			}
		}
	}
	return false
}

// tablePart is the table display of e ("table", "table-row", "table-cell",
// the groups, captions and columns), "none" for an element without a box,
// "" for any other element or nil: its display when the document has the
// Display hook, else its element's.
func tablePart(e *Node) string {
	if e == nil {
		return ""
	}
	if display := e.doc.Display; display != nil {
		switch d := display(e); {
		case d != "none" && e.Is(atom.Wbr):
			return "" // a word break whatever its display (walkStyled)
		case e.tableDisplayAs(d) != "":
			return "" // laid out as an inline-block or a block
		case strings.HasPrefix(d, "table-") && e.blockified():
			return "" // a floated or flex item's table display is block
		case d == "none", d == "table", d == "inline-table", strings.HasPrefix(d, "table-"):
			if d == "inline-table" {
				return "table"
			}
			return d
		}
		return ""
	}
	if !e.IsHTML() {
		return ""
	}
	switch e.DataAtom {
	case atom.Td, atom.Th:
		return "table-cell"
	case atom.Tr:
		return "table-row"
	case atom.Tbody:
		return "table-row-group"
	case atom.Thead:
		return "table-header-group"
	case atom.Tfoot:
		return "table-footer-group"
	case atom.Caption:
		return "table-caption"
	case atom.Col:
		return "table-column"
	case atom.Colgroup:
		return "table-column-group"
	case atom.Table:
		return "table"
	}
	return ""
}

// anonymousTable reports, for element k, whether it is the first or the
// last of a run of table parts outside the part they belong in (cells
// outside a row, rows outside a table or row group, captions, columns and
// row groups outside a table), which CSS wraps in an anonymous table
// (https://drafts.csswg.org/css-tables-3/#fixup-algorithm): an
// inline-table when the box around it is inline, so that the spaces
// beside it are kept as beside an atomic inline, else a block-level table,
// which ends the line but, being no element, adds no line breaks. Elements
// without a box and white space text between the parts do not end a run.
func (k *Node) anonymousTable() (first, last, inline bool) {
	if !k.anonymousTablePart() {
		return false, false, false
	}
	first, last = true, true
	for s := k.Prev(); s != nil; s = s.Prev() {
		if s.anonymousTablePart() {
			first = false
			break
		}
		if !s.transparentInTable() {
			break
		}
	}
	for s := k.Next(); s != nil; s = s.Next() {
		if s.anonymousTablePart() {
			last = false
			break
		}
		if !s.transparentInTable() {
			break
		}
	}
	if !first && !last {
		return false, false, false
	}
	disp := k.doc.Display
	for e := k.flatParentElement(); e != nil; e = e.flatParentElement() {
		if disp != nil && disp(e) == "contents" {
			continue
		}
		inline = e.inlineLevel()
		break
	}
	return first, last, inline
}

// anonymousTablePart reports whether k is a table part whose parent is not
// the part it belongs in (anonymousTable).
func (k *Node) anonymousTablePart() bool {
	if k.Type != html.ElementNode {
		return false
	}
	part := tablePart(k)
	if !strings.HasPrefix(part, "table-") || k.doc.Display != nil && k.blockified() || k.isReplacedInline() ||
		k.IsHTML() && (k.DataAtom == atom.Fieldset || k.DataAtom == atom.Legend) {
		// (replaced elements and form controls with a table display are
		// laid out otherwise, not followed here)
		return false
	}
	switch tablePart(k.ParentElement()) {
	case "table":
		return false
	case "table-row-group", "table-header-group", "table-footer-group":
		return part != "table-cell" && part != "table-row"
	case "table-row":
		return part != "table-cell"
	}
	return true
}

// transparentInTable reports a node that leaves a run of table parts
// going: a comment, an element without a box, white space.
func (k *Node) transparentInTable() bool {
	switch k.Type {
	case html.CommentNode:
		return true
	case html.TextNode:
		return strings.Trim(k.Data, " \t\n\r\f") == ""
	case html.ElementNode:
		return tablePart(k) == "none"
	}
	return false
}

// anonymousTableEdge starts or ends an anonymous table (anonymousTable).
func (w *innerTextWriter) anonymousTableEdge(start, inline bool) {
	switch {
	case inline && start:
		w.pendingSpace()
		w.boxStart = true
	case inline:
		w.space, w.afterAtomic, w.boxStart = false, true, false
	default:
		w.lineEnd()
		w.space, w.afterAtomic, w.boxStart = false, false, !start
	}
}

// lineBreak adds a <br>'s line break.
func (w *innerTextWriter) lineBreak() {
	w.lineEnd()
	w.flush()
	w.b = append(w.b, '\n')
	w.started = true
	w.space = false
	w.afterAtomic = false
	w.boxStart = false
}

// blockEdge marks the start or end of a block box: required line breaks,
// and whitespace collapsed at the line's edge.
func (w *innerTextWriter) blockEdge(k int) {
	w.lineEnd()
	w.breaks(k)
	w.space = false
	w.afterAtomic = false
}

// pendingSpace writes the collapsible space before the next item on the
// line when it survives: after an atomic inline, or between items of one
// line (not at the start of a line, as after a <br>).
func (w *innerTextWriter) pendingSpace() {
	if w.oof < len(w.held) {
		w.held[w.oof] = heldSpace{} // content follows: the held space stays
	}
	if w.space && !w.spaceHidden && !w.boxStart && (w.afterAtomic || w.hiddenWord || w.started && w.pending == 0 && !w.atLineStart()) {
		first := w.fromOpen
		trail := w.winClosed && w.trailSpace && len(w.b) == w.to
		before := len(w.b)
		w.flush()
		w.b = append(w.b, ' ')
		w.started = true
		if w.markSpace && before == w.mark {
			w.mark = len(w.b) // the space is the text's before the range
		}
		if w.endSpace && before == w.endMark {
			w.endMark = len(w.b) // the range's last space is rendered
		}
		if first && w.entrySpace {
			// the space before the window's text is the line's, and so
			// are the line breaks that may follow it; a space after it
			// is the window's, even when what came between wrote
			// nothing (`q <span><button></button> lead</span>` reads
			// " lead")
			w.from, w.fromOpen = len(w.b), true
			w.entrySpace = false
		}
		if trail {
			w.to = len(w.b) // the window's last space is rendered
		}
	}
	w.space = false
	w.markSpace, w.endSpace = false, false
	w.afterAtomic = false
	w.boxStart = false
}

// atomic adds an atomic inline (https://drafts.csswg.org/css-display/#atomic-inline):
// an inline-block, inline-flex, inline-grid or inline-table box, or a
// replaced element displayed inline. It sits on its line like a word, so
// the spaces on both sides of it are kept (an icon font's empty
// <i class="fa"> before " Dashboard", "Show <select>… entries"), while its
// own content is laid out in its own lines: the whitespace at its start
// and end collapses away. walk is false for a replaced element whose
// content is not rendered (a textarea, video, canvas, iframe).
func (w *innerTextWriter) atomic(k *Node, pre, walk bool) {
	w.pendingSpace()
	if walk {
		w.boxStart = true
		w.walkBox(k, pre)
	}
	w.space = false
	w.afterAtomic = true
	w.boxStart = false
}

func (w *innerTextWriter) text(s string, pre bool) {
	if pre {
		if s == "" {
			return
		}
		if w.hidden {
			// laid out, not rendered: the line has content
			if w.space && !w.spaceHidden {
				w.pendingSpace()
			}
			w.space = false
			w.hiddenWord = true
			w.boxStart = false
			return
		}
		// a collapsible space before preserved text is on its line
		w.pendingSpace()
		w.flush()
		w.b = append(w.b, s...)
		w.started = true
		w.boxStart = false
		return
	}
	for i := 0; i < len(s); {
		if isASCIIWhitespace(rune(s[i])) {
			if !w.space {
				// a run of collapsible spaces is the first one's
				w.spaceHidden = w.hidden
			}
			w.space = true
			i++
			continue
		}
		j := i
		for j < len(s) && !isASCIIWhitespace(rune(s[j])) {
			j++
		}
		w.pendingSpace()
		if w.hidden {
			// a word of invisible text is on the line, so the spaces
			// around it collapse as they do around a visible one, but
			// it adds nothing
			w.hiddenWord = true
			i = j
			continue
		}
		w.flush()
		w.b = append(w.b, s[i:j]...)
		w.started = true
		i = j
	}
}

func (w *innerTextWriter) flush() {
	w.hiddenWord = false
	if w.started {
		for ; w.pending > 0; w.pending-- {
			w.b = append(w.b, '\n')
		}
	}
	w.pending = 0
	if w.fromOpen {
		w.from = len(w.b)
		w.fromOpen = false
	}
}

// openWindow starts the text of w.win.
func (w *innerTextWriter) openWindow() {
	w.from, w.fromOpen, w.entrySpace = len(w.b), true, w.space
}

// closeWindow ends the text of w.win.
func (w *innerTextWriter) closeWindow() {
	if w.fromOpen {
		w.from = len(w.b)
		w.fromOpen = false
	}
	w.to, w.winClosed = len(w.b), true
	w.trailSpace = w.space && !(w.entrySpace && w.from == w.to)
}

func (w *innerTextWriter) finish() string {
	w.lineEnd()
	// w.b is not written again: its bytes become the string, as a
	// strings.Builder's do, with no copy
	return unsafe.String(unsafe.SliceData(w.b), len(w.b))
}

// A heldSpace is a space written before an out-of-flow box: the bytes
// from from to end are the line breaks flushed before it and the space;
// started is the writer's started before.
type heldSpace struct {
	from, end int
	started   bool
}

// lineEnd drops the space held before an out-of-flow box when the line
// ends with no in-flow content after it.
func (w *innerTextWriter) lineEnd() {
	w.hiddenWord = false
	if w.oof >= len(w.held) || w.held[w.oof].end == 0 {
		return
	}
	h := w.held[w.oof]
	w.held[w.oof] = heldSpace{}
	// Undo the space and the line breaks written before it: the breaks
	// merge with those the box wrote after it, or with those pending.
	r := h.end - 1 - h.from
	if h.end == len(w.b) {
		w.b = w.b[:h.from]
		w.pending = max(w.pending, r)
		w.started = h.started
		return
	}
	b := 0
	for h.end+b < len(w.b) && w.b[h.end+b] == '\n' {
		b++
	}
	if !h.started {
		// nothing was written before the space: the box's line breaks
		// after it lead the text, which starts with none
		w.b = append(w.b[:h.from], w.b[h.end+b:]...)
		return
	}
	cut := h.from + max(0, r-b)
	w.b = append(w.b[:cut], w.b[h.end:]...)
}

// outOfFlow adds an absolutely positioned or floated box k (display
// being its display): a block of its own in innerText, but transparent to
// the collapsing of the spaces around it, as it is not on the line. A
// space before it stays when in-flow content follows on the line ("x
// \n(current)\nNext" for a screen-reader-only span between two links),
// and the space after it then collapses; without a space before, the
// space after stays if the line had content.
func (w *innerTextWriter) outOfFlow(k *Node, display string, pre bool) {
	keep := !w.boxStart && (w.afterAtomic || w.started && w.pending == 0 && !w.atLineStart())
	held := w.space && keep
	if held {
		h := heldSpace{from: len(w.b), started: w.started}
		w.flush()
		w.b = append(w.b, ' ')
		w.started = true
		h.end = len(w.b)
		w.held[w.oof] = h
	}
	w.space = false
	w.oof++
	w.walkInFlow(k, display, pre)
	w.oof--
	w.space, w.afterAtomic, w.boxStart = false, !held && keep, held
}

func (w *innerTextWriter) walk(n *Node, pre bool) {
	if n.Namespace == "" {
		switch n.DataAtom {
		case atom.Select:
			if w.clip == nil {
				w.selectBox(n)
				return
			}
			// A selection's string (Chromium 156) leaves out a select's
			// options and the text straight in it; a list box's other
			// elements are laid out.
			if !n.HasAttribute("multiple") && n.selectDisplaySize() <= 1 {
				return
			}
			for k := n.First(); k != nil; k = k.Next() {
				if k.Type == html.ElementNode {
					w.child(k, pre)
				}
			}
			return
		case atom.Option:
			if w.clip == nil {
				w.text(n.OptionText(), false)
			}
			return
		}
	}
	if n.childrenUnboxed() {
		return // its children have no box (nor a selection's text)
	}
	if n.ShadowRoot() != nil {
		// Chromium's innerText stays in the element's own tree: of a
		// shadow host, only the children rendered in the flat tree,
		// those assigned to a slot that has a box itself (not one
		// inside a display: none part of the shadow tree, as a closed
		// menu's items are).
		slotted := false
		for k := n.First(); k != nil; k = k.Next() {
			if s := k.AssignedSlot(); s != nil && s.renderedUpTo(n) {
				w.child(k, pre)
				slotted = true
			}
		}
		if !slotted && n.shadowText() {
			// Text its shadow tree renders is left out, but it is on the
			// line like an inline's content: the spaces on both sides of
			// a formatted number or a relative time custom element stay.
			w.pendingSpace()
			w.afterAtomic = true
		}
		return
	}
	if n.isSlot() {
		for _, k := range flatChildren(n) {
			w.child(k, pre)
		}
		return
	}
	for k := n.First(); k != nil; k = k.Next() {
		w.child(k, pre)
	}
}

// optionBox adds option element k as Chromium's innerText does: the
// option's text (its text content with scripts left out, white space
// stripped and collapsed, whatever the white-space and display of the
// option and its children) between required line breaks.
func (w *innerTextWriter) optionBox(k *Node) {
	w.blockEdge(1)
	w.text(k.OptionText(), false)
	w.blockEdge(1)
}

// selectBox adds the content of select element n: only its option and
// optgroup descendants have boxes (Chromium draws the select from its
// shadow tree). An optgroup is a block holding the options below it (not
// those of an optgroup nested in it); other elements are looked through,
// and text outside the options is left out. In a select whose visibility
// is hidden (its own or inherited) an option that is not made visible
// again adds nothing; Chromium 156 shows the options of a visible select
// whatever their own visibility.
func (w *innerTextWriter) selectBox(n *Node) {
	hidden := n.invisible()
	option := func(o *Node) {
		if !hidden || !o.invisible() {
			w.optionBox(o)
		}
	}
	for d := n.First(); d != nil; {
		if d.Is(atom.Option) {
			option(d)
			d = nextSkipping(d, n)
			continue
		}
		if d.Is(atom.Optgroup) {
			w.blockEdge(1)
			for o := d.First(); o != nil; {
				if o.Is(atom.Option) {
					option(o)
				} else if !o.Is(atom.Optgroup) {
					o = nextIn(o, d)
					continue
				}
				o = nextSkipping(o, d)
			}
			w.blockEdge(1)
			d = nextSkipping(d, n)
			continue
		}
		d = nextIn(d, n)
	}
}

// nextIn is the node after d in tree order within root's descendants.
func nextIn(d, root *Node) *Node {
	if c := d.First(); c != nil {
		return c
	}
	return nextSkipping(d, root)
}

// nextSkipping is the node after d and its descendants in tree order
// within root's descendants.
func nextSkipping(d, root *Node) *Node {
	for ; d != nil && d != root; d = node(d.Parent) {
		if d.Next() != nil {
			return d.Next()
		}
	}
	return nil
}

// walkBox walks the children of element n between its ::before and
// ::after boxes (with the PseudoBox hook).
func (w *innerTextWriter) walkBox(n *Node, pre bool) {
	pb := n.doc.PseudoBox
	if pb == nil {
		w.walk(n, pre)
		return
	}
	w.pseudoBox(pb(n, "before"))
	w.walk(n, pre)
	w.pseudoBox(pb(n, "after"))
}

// pseudoBox adds a ::before or ::after box of the given display and
// generated text to the line. The generated text is not innerText, but
// the box sits on the line like the content beside it: an atomic inline,
// or an inline with text, keeps the spaces next to it (an icon font's
// glyph before " Home", a dropdown caret after "Menu "), except that a
// space it ends with takes the place of the space after it (a counter's
// "1. " before " one"). An empty inline box holds nothing, and a block
// box breaks the line, the spaces at both sides collapsing, with no line
// breaks of its own.
func (w *innerTextWriter) pseudoBox(display, text string) {
	inline := strings.HasPrefix(display, "inline") || strings.HasPrefix(display, "ruby") || display == "contents"
	switch {
	case display == "":
	case atomicDisplay(display):
		w.pendingSpace()
		w.afterAtomic = true
	case inline && text == "":
	case inline:
		w.pendingSpace()
		if last := text[len(text)-1]; isASCIIWhitespace(rune(last)) {
			w.boxStart = true // the space after it collapses
		} else {
			w.afterAtomic = true
		}
	default:
		w.space = false
		w.afterAtomic = false
		w.boxStart = true
	}
}

// child adds one node of the flat tree to the innerText.
func (w *innerTextWriter) child(k *Node, pre bool) {
	if w.clip != nil && !w.clip.IntersectsNode(k) && !(w.endSpace && w.endMark >= 0) {
		// (a node after the range is laid out while a space at the
		// range's end waits for what follows it on its line)
		return
	}
	if w.startAt != nil {
		if k == w.startAt {
			w.startAt = nil
			before := len(w.b)
			w.child(k, pre)
			w.anchored = len(w.b) > before && w.oof == 0
			return
		}
		if !k.Contains(w.startAt) {
			return // before the anchor (or the window, which then fails)
		}
	}
	if w.win != nil {
		if k == w.win && !w.inWin && !w.winClosed {
			w.openWindow()
			w.inWin = true
			w.child(k, pre)
			w.inWin = false
			w.closeWindow()
			return
		}
		if w.winClosed && (!w.trailSpace || !w.space || len(w.b) > w.to) {
			return // what follows the window no longer matters
		}
	}
	switch k.Type {
	case html.TextNode:
		if p := k.ParentElement(); p != nil && p.Is(atom.Details) && !p.HasAttribute("open") {
			return // a closed details element renders only its summary
		}
		if k.inMathContainer() || k.whiteSpaceBetweenItems() {
			return
		}
		if p := k.ParentElement(); p != nil && p.Namespace == "svg" && k.svgTextHidden(p) {
			return
		}
		if w.unselectable != nil && w.unselectable(k) {
			return
		}
		data, prefix, suffix := k.Data, "", ""
		if w.clip != nil {
			prefix, data, suffix = w.clip.textOf(k)
		}
		transform := ""
		mode := wsCollapse
		if pre {
			mode = wsPreserve
		}
		hidden := false
		if cs := k.doc.ComputedStyle; cs != nil {
			if p := k.ParentElement(); p != nil {
				hidden = p.invisible()
				if t := cs(p, "text-transform"); t != "" && t != "none" {
					transform = t
				}
				if whiteSpaceMatters(data) || whiteSpaceMatters(prefix) {
					mode = w.modeOf(p, pre)
				}
			}
		}
		if transform == "math-auto" {
			// a text of one character: the part of it a range holds is
			// all of it or nothing
			if t := mathAuto(k.Data); t != k.Data {
				if data == k.Data {
					data = t
				} else if prefix == k.Data {
					prefix = t
				}
			}
		} else if transform != "" {
			prefix, data = textTransform(prefix, transform), textTransform(data, transform)
			suffix = textTransform(suffix, transform)
		}
		w.hidden = hidden
		if prefix != "" {
			// the text before the range's start is laid out, as it decides
			// whether a space at the start is rendered, and then cut
			w.textMode(prefix, mode)
			w.mark, w.markSpace = len(w.b), w.space
		}
		if w.clip != nil && w.endMark >= 0 && !w.clip.IntersectsNode(k) {
			w.textMode(data, mode) // after the range (see above)
			w.hidden = false
			return
		}
		w.textMode(data, mode)
		if w.clip != nil && k == w.clip.endNode {
			// and so is the text after its end, which decides whether a
			// space at the end is rendered
			w.endMark, w.endSpace = len(w.b), w.space
			w.textMode(suffix, mode)
		}
		w.hidden = false
	case html.ElementNode:
		if k.foreignNotRendered() || k.isNoscript() {
			return
		}
		if k.inClosedDetailsChild() {
			// a closed details element renders only its summary, whatever
			// display its other children have (content-visibility: hidden)
			return
		}
		first, last, inline := k.anonymousTable()
		if first {
			w.anonymousTableEdge(true, inline)
		}
		w.element(k, pre)
		if last {
			w.anonymousTableEdge(false, inline)
		}
	}
}

// element adds element k of the flat tree to the innerText.
func (w *innerTextWriter) element(k *Node, pre bool) {
	if disp := k.doc.Display; disp != nil {
		w.walkStyled(k, disp(k), pre)
		return
	}
	if k.notRendered() {
		if k.holdsUnrenderedChildren() && !k.HasAttribute("hidden") && !inlineDisplayNone(k.Attribute("style")) {
			w.atomic(k, pre, false) // on its line, its content not rendered
		}
		return
	}
	if k.Namespace == "" {
		switch k.DataAtom {
		case atom.Br:
			w.lineBreak()
			return
		case atom.P:
			w.blockEdge(2)
			w.walk(k, pre)
			w.blockEdge(2)
			return
		case atom.Td, atom.Th:
			w.cell(k, pre, false)
			return
		case atom.Tr:
			w.row(k, pre)
			return
		case atom.Thead, atom.Tbody, atom.Tfoot:
			w.walk(k, pre) // row groups add no line breaks of their own
			return
		}
	}
	block := k.isBlockish() || k.isSVGText()
	if !block && k.isReplacedInline() {
		w.atomic(k, pre, true)
		return
	}
	if block {
		w.blockEdge(1)
	}
	w.walk(k, pre || k.Is(atom.Pre) || k.Is(atom.Textarea) || k.Is(atom.Listing))
	if block {
		w.blockEdge(1)
	}
}

// whiteSpaceBetweenItems reports whether text node k is white space alone
// whose box would be a child of a flex or grid container, a table, a
// table row, row group, column or column group (its parent's, or through
// display: contents boxes an ancestor's): such text is not rendered,
// whatever its white-space (CSS Flexbox 4, CSS Grid 6.1; Chromium makes
// no box for it in the table parts either, where CSS Tables would wrap
// preserved white space in an anonymous cell), as the indentation
// between the items of a pre-wrap grid (with the Display hook).
func (k *Node) whiteSpaceBetweenItems() bool {
	disp := k.doc.Display
	if disp == nil || strings.Trim(k.Data, " \t\n\r\f") != "" {
		return false
	}
	p := k.ParentElement()
	if s := k.AssignedSlot(); s != nil {
		p = s
	}
	for p != nil {
		switch p.layoutDisplay(disp(p)) {
		case "flex", "inline-flex", "grid", "inline-grid", "table", "inline-table", "table-row", "table-row-group",
			"table-header-group", "table-footer-group", "table-column", "table-column-group":
			return true
		case "contents":
			if s := p.AssignedSlot(); s != nil {
				p = s
			} else {
				p = p.ParentElement()
			}
			continue
		}
		return false
	}
	return false
}

// isReplacedInline reports the elements the default style sheet lays out
// as atomic inlines: replaced elements and form controls, and an <svg>
// in HTML.
func (n *Node) isReplacedInline() bool {
	switch n.Namespace {
	case "":
		switch n.DataAtom {
		case atom.Img, atom.Input, atom.Select, atom.Button, atom.Meter, atom.Progress, atom.Embed,
			atom.Textarea, atom.Iframe, atom.Canvas, atom.Video, atom.Audio:
			return true
		case atom.Object:
			return !n.showsFallback()
		}
	case "svg", "math":
		if n.Data != "svg" && n.Data != "math" {
			return false
		}
		p := n.ParentElement()
		return p == nil || p.Namespace == ""
	}
	return false
}

// showsFallback reports an <object> that Chromium 156 renders as its
// fallback content, an element like a span (not a replaced box), once it
// has looked at the object (its plugin update, at the next task or when a
// script reads a property of an object element): one that RenderFallback
// marked (nothing it names could be shown, or its load failed), else one
// with neither a data nor a type attribute that has fallback content
// (HasFallbackContent). (One with only white space and params is a
// 300×150 box.)
func (n *Node) showsFallback() bool {
	if n.flags&fallbackRendered != 0 {
		return true
	}
	if n.HasAttribute("data") || n.HasAttribute("type") {
		return false
	}
	return n.HasFallbackContent()
}

// ShowsFallback reports whether n, an HTML <object>, is rendered as its
// fallback content (an inline box like a span, its children rendered)
// rather than as a replaced box whose children are not rendered.
func (n *Node) ShowsFallback() bool {
	return n.DataAtom == atom.Object && n.Namespace == "" && n.showsFallback()
}

// HasFallbackContent reports whether element n has children that
// Chromium takes for an object's fallback content: text other than
// white space, or an element other than a <param>.
func (n *Node) HasFallbackContent() bool {
	for k := n.First(); k != nil; k = k.Next() {
		switch k.Type {
		case html.TextNode:
			if strings.Trim(k.Data, " \t\n\f\r") != "" {
				return true
			}
		case html.ElementNode:
			if !k.Is(atom.Param) {
				return true
			}
		}
	}
	return false
}

// RenderFallback marks n, an <object>, as rendering its fallback content
// from now on, as Chromium does once its plugin update found nothing to
// show or its resource failed to load: later changes of its data or type
// attribute, or moving it, load nothing (Chromium lays a fallback object
// out as an inline box, and only an object laid out as a replaced box is
// updated again).
func (n *Node) RenderFallback() {
	if n.flags&fallbackRendered != 0 {
		return
	}
	n.flags |= fallbackRendered
	if n.doc != nil {
		n.doc.StateChanged()
	}
}

// FallbackRendered reports whether RenderFallback marked n.
func (n *Node) FallbackRendered() bool { return n.flags&fallbackRendered != 0 }

// notRendered reports elements innerText skips: hidden or never rendered.
func (n *Node) notRendered() bool {
	if n.Namespace == "" {
		switch n.DataAtom {
		case atom.Head, atom.Script, atom.Style, atom.Template, atom.Noscript, atom.Title,
			atom.Meta, atom.Link, atom.Base, atom.Basefont, atom.Datalist, atom.Noframes, atom.Param, atom.Rp:
			return true
		case atom.Textarea, atom.Iframe, atom.Canvas, atom.Video, atom.Audio, atom.Progress, atom.Meter:
			return true // replaced elements: their children are not rendered text
		case atom.Input:
			return ascii.EqualFold(n.Attribute("type"), "hidden")
		case atom.Dialog:
			return !n.HasAttribute("open") // dialog:not([open]) { display: none }
		}
		// A closed details element renders only its summary.
		if p := n.ParentElement(); p != nil && p.Is(atom.Details) && !p.HasAttribute("open") {
			if !n.Is(atom.Summary) || p.FirstSummary() != n {
				return true
			}
		}
	}
	if n.HasAttribute("hidden") {
		return true
	}
	if st, ok := n.GetAttribute("style"); ok && inlineDisplayNone(st) {
		return true
	}
	return false
}

// svgTextHidden reports whether text node k, a child of SVG element p, is
// left out: SVG renders text only inside a text element (and a
// foreignObject's HTML content), so text straight in an <svg>, a <g> or
// an <a> outside a <text> has no box.
func (k *Node) svgTextHidden(p *Node) bool {
	for e := p; e != nil && e.Namespace == "svg"; e = e.ParentElement() {
		switch e.Data {
		case "text", "foreignObject":
			return false
		case "svg":
			return true
		}
	}
	return true
}

// foreignNotRendered reports SVG and MathML elements innerText skips: an
// SVG element outside an SVG parent (other than an <svg> root), an SVG
// description, style or script (chart libraries put a <title> in each label,
// mermaid a <style> in its drawing) and, in MathML, the alternative
// encodings of a semantics element (`semantics > :not(:first-child)` is
// display: none in Chromium's style sheet; KaTeX keeps the TeX source
// there).
func (n *Node) foreignNotRendered() bool {
	switch n.Namespace {
	case "svg":
		// an SVG element other than an <svg> root needs an SVG parent
		// whose box takes it: a foreignObject or text put straight in
		// HTML has no box, nor has a desc, a title, a style or an
		// element of unknown name (svgbox.go)
		return SVGUnboxed(n, n.ParentElement())
	case "math":
		if p := n.ParentElement(); p != nil && p.Namespace == "math" && p.Data == "semantics" {
			return p.FirstElementChild() != n
		}
	case "":
		// an HTML element in an SVG element other than foreignObject:
		// SVG boxes take SVG children only
		if p := n.ParentElement(); p != nil && p.Namespace == "svg" && p.Data != "foreignObject" {
			return true
		}
		return n.inMathContainer()
	}
	return false
}

// inMathContainer reports a text node or an HTML element whose parent is
// a MathML element other than a token element: a math box lays out its
// MathML children only (Chromium makes no box for the others), while the
// token elements (mi, mn, mo, ms, mtext) and annotations hold text and
// HTML.
// https://w3c.github.io/mathml-core/#token-elements
// A MathML element given a display other than math (block, inline-block,
// flex…, by the Display hook) is a CSS box that lays out its children as
// any other: <math style="display:block">y</math> reads "y" in Chromium 156.
func (n *Node) inMathContainer() bool {
	p := n.ParentElement()
	if p == nil || p.Namespace != "math" {
		return false
	}
	switch p.Data {
	case "mi", "mn", "mo", "ms", "mtext", "annotation", "annotation-xml":
		return false
	}
	if disp := n.doc.Display; disp != nil {
		switch disp(p) {
		case "math", "inline math", "block math", "none":
		default:
			return false
		}
	}
	return true
}

// inlineDisplayNone reports whether a style attribute sets display: none.
func inlineDisplayNone(style string) bool {
	for _, decl := range strings.Split(style, ";") {
		name, value, ok := strings.Cut(decl, ":")
		if !ok || !ascii.EqualFold(strings.TrimSpace(name), "display") {
			continue
		}
		value = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "!important"))
		if ascii.EqualFold(value, "none") {
			return true
		}
	}
	return false
}

// isBlockish reports elements displayed as blocks (or table rows, list
// items...) by the default style sheet.
func (n *Node) isBlockish() bool {
	if n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Dd, atom.Details,
		atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Dt, atom.Fieldset, atom.Figcaption, atom.Figure,
		atom.Footer, atom.Form, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Header,
		atom.Hgroup, atom.Hr, atom.Legend, atom.Li, atom.Listing, atom.Main, atom.Menu, atom.Nav,
		atom.Ol, atom.Pre, atom.Section, atom.Summary, atom.Table, atom.Caption, atom.Ul,
		atom.Body, atom.Html, atom.Xmp, atom.Plaintext, atom.Optgroup, atom.Option:
		return true
	}
	return false
}

// blockified reports whether k, displayed inline-level, has a block box
// all the same: an item of a flex or grid container, an absolutely
// positioned or floated box (https://drafts.csswg.org/css-display/#blockify),
// a child of a math box (display math or block math), or an SVG text
// element (a block in Chromium's layout). Chart, grid and select widgets
// lay their labels out so, and innerText puts each on its own line. It
// needs the Display hook.
func (k *Node) blockified() bool {
	if k.isSVGText() {
		return true
	}
	disp := k.doc.Display
	// the box k is in: its nearest ancestor in the flat tree with a box
	// (a slot, display: contents, passes its slotted children to the
	// element around it: a tab in a flex tab strip is a flex item)
	p := k.flatParentElement()
	for i := 0; p != nil && i < 64 && disp(p) == "contents"; i++ {
		p = p.flatParentElement()
	}
	if p != nil {
		switch disp(p) {
		case "flex", "inline-flex", "grid", "inline-grid", "inline math", "block math":
			return true
		}
	}
	return k.outOfFlow()
}

// shadowText reports whether shadow host n's shadow tree renders text of
// its own (not whitespace, not in an element with no box).
func (n *Node) shadowText() bool {
	found := false
	n.ShadowRoot().Descendants(func(d *Node) bool {
		if d.Type != html.TextNode || strings.TrimFunc(d.Data, isASCIIWhitespace) == "" {
			return true
		}
		p := d.ParentElement()
		found = p == nil || p.renderedUpTo(n)
		return !found
	})
	return found
}

// flatParentElement is k's parent element in the flat tree: the slot a
// shadow host's child is assigned to (nil when no slot takes it), the host
// of a shadow root's child, else k's parent element.
// https://drafts.csswg.org/css-scoping/#flat-tree
func (k *Node) flatParentElement() *Node {
	p := k.ParentElement()
	if p == nil {
		if r := k.ParentNode(); r != nil && r.IsShadowRoot() {
			return r.Host()
		}
		return nil
	}
	if p.ShadowRoot() != nil {
		return k.AssignedSlot()
	}
	return p
}

// isSVGText reports an SVG text or foreignObject element: blocks in
// Chromium's layout, each on lines of its own.
func (k *Node) isSVGText() bool {
	return k.Namespace == "svg" && (k.Data == "text" || k.Data == "foreignObject")
}

// walkStyled handles element k whose computed display the document's
// Display hook gave.
func (w *innerTextWriter) walkStyled(k *Node, display string, pre bool) {
	if display == "none" {
		return
	}
	if k.Is(atom.Wbr) {
		// Chromium's wbr is a word break (an empty text) whatever its
		// display, float or position: the spaces beside it collapse
		// together and it breaks no line (`x <wbr style="display:block">
		// y` reads "x y")
		w.walkInFlow(k, "inline", pre)
		return
	}
	if strings.HasPrefix(display, "table-") && k.blockified() {
		// a floated, absolutely positioned, flex or grid item's table
		// display computes to block (a floated td is no cell)
		display = "block"
	} else if as := k.tableDisplayAs(display); as != "" {
		display = as
	}
	if w.oof < len(w.held)-1 && display != "contents" && k.outOfFlow() {
		w.outOfFlow(k, display, pre)
		return
	}
	w.walkInFlow(k, display, pre)
}

// layoutDisplay is the display element k is laid out with when its
// computed display is d: tableDisplayAs's when k takes no internal table
// display, else d.
func (k *Node) layoutDisplay(d string) string {
	if as := k.tableDisplayAs(d); as != "" {
		return as
	}
	return d
}

// tableDisplayAs is the display Chromium 156 lays element k out with
// when given internal table display d: "" when k takes it, else
// "inline-block" or "block" (the spaces beside it are kept or it has
// lines of its own; no tab or line feed follows it). A button, an input,
// a select, a textarea, a meter and a progress are inline-blocks whatever
// table display they are given; a fieldset given a cell's or a row's is
// an inline-block, as are the replaced elements (img, video, canvas,
// iframe, an svg outside SVG; an embed given any), and they are blocks
// given another (a group's, a column's, a caption's); a legend is always
// blockified.
// https://html.spec.whatwg.org/multipage/rendering.html#the-fieldset-and-legend-elements
func (k *Node) tableDisplayAs(d string) string {
	if !strings.HasPrefix(d, "table-") {
		return ""
	}
	cellOrRow := d == "table-cell" || d == "table-row"
	if k.Namespace == "svg" {
		if p := k.ParentElement(); k.Data != "svg" || p != nil && p.Namespace == "svg" {
			return ""
		}
		if cellOrRow {
			return "inline-block"
		}
		return "block"
	}
	if !k.IsHTML() {
		return ""
	}
	switch k.DataAtom {
	case atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Meter, atom.Progress:
		return "inline-block"
	case atom.Legend:
		return "block"
	case atom.Fieldset, atom.Img, atom.Video, atom.Canvas, atom.Iframe, atom.Embed:
		if cellOrRow || k.DataAtom == atom.Embed {
			return "inline-block"
		}
		return "block"
	}
	return ""
}

// outOfFlow reports whether element k is absolutely positioned or
// floated (with the ComputedStyle hook); a wbr, a word break in
// Chromium, never is.
func (k *Node) outOfFlow() bool {
	cs := k.doc.ComputedStyle
	if cs == nil || k.Is(atom.Wbr) {
		return false
	}
	switch cs(k, "position") {
	case "absolute", "fixed":
		return true
	}
	switch cs(k, "float") {
	case "left", "right", "inline-start", "inline-end":
		return true
	}
	return k.renderedLegend()
}

// renderedLegend reports a fieldset's rendered legend (its first legend
// child), which is laid out over the fieldset's border, out of the flow
// of its other content: the space before it is kept, as before a float
// (<fieldset>x <legend>a</legend> y reads "x \na\ny" in Chromium 156).
// A fieldset with display: contents has no box to render it in.
// https://html.spec.whatwg.org/multipage/rendering.html#rendered-legend
func (k *Node) renderedLegend() bool {
	if !k.Is(atom.Legend) {
		return false
	}
	p := k.ParentElement()
	if p == nil || !p.Is(atom.Fieldset) || p.FirstLegend() != k {
		return false
	}
	disp := k.doc.Display
	return disp == nil || disp(p) != "contents"
}

// walkInFlow lays out element k, of a display other than none, as a box
// in the flow.
func (w *innerTextWriter) walkInFlow(k *Node, display string, pre bool) {
	if k.skipsContents(display) {
		// laid out with its contents skipped: an atomic inline keeps its
		// place on the line, a block adds no line breaks, a cell no tab
		if strings.HasPrefix(display, "inline") && !k.blockified() {
			w.atomic(k, pre, false)
		} else if !strings.HasPrefix(display, "table-") {
			// a block still breaks the line: the spaces at both sides
			// collapse (a{space}<div hidden=until-found>{space}b reads "ab")
			w.lineEnd()
			w.space, w.afterAtomic, w.boxStart = false, false, true
		}
		return
	}
	if w.clip == nil && k.Is(atom.Option) {
		// an option is a block of its text (optionBox), whatever its
		// display but contents (the display: contents of a form
		// control computes to none); an invisible one adds nothing
		if !k.invisible() && display != "contents" {
			w.optionBox(k)
		}
		return
	}
	switch {
	case k.holdsUnrenderedChildren():
		// a replaced element: on its line, or a block, with no text
		if strings.HasPrefix(display, "inline") && !k.blockified() {
			w.atomic(k, pre, false)
		} else {
			w.blockEdge(1)
		}
		return
	case k.Is(atom.Br):
		if !k.invisible() {
			if p := k.flatParentElement(); p != nil && p.inRuby() {
				// a line break in a ruby box does not end the line
				// the ruby is on: the collapsible space before it
				// stays (Chromium 156 reads <ruby>a <rt><br></rt>
				// as "a \n", and a <br> in a ruby base so)
				w.pendingSpace()
			} else if ws, ok := k.whiteSpace(); ok && !ws.CollapsesSpaces() {
				// a <br> whose own spaces are preserved (white-space
				// pre, pre-wrap, break-spaces): Chromium 156 removes the
				// collapsible space before a line break only when the
				// break collapses spaces too, so "end <br
				// style=white-space:pre-wrap>" reads "end \n"
				w.pendingSpace()
			}
			w.lineBreak()
		} else {
			// the line still breaks there: the spaces at both sides
			// collapse, with no line feed
			w.lineEnd()
			w.space, w.afterAtomic, w.boxStart = false, false, true
		}
		return
	case display == "table-cell":
		w.cell(k, pre, true)
		return
	case display == "table-row":
		w.row(k, pre)
		return
	case display == "table-column" || display == "table-column-group":
		// Chromium's innerText gives a column's box a required line
		// break at both ends, in a table or outside one (x<col>y reads
		// "x\ny"); its content has no box
		if !k.invisible() {
			w.blockEdge(1)
		}
		return
	case strings.HasPrefix(display, "table-") && display != "table-caption":
		w.walkBox(k, pre) // row and column groups add no line breaks of their own
		return
	}
	block := !strings.HasPrefix(display, "inline") && !strings.HasPrefix(display, "ruby") && display != "contents" && display != ""
	if !block && display != "contents" && display != "" {
		block = k.blockified()
	}
	atomic := !block && (atomicDisplay(display) || display == "inline" && k.isReplacedInline())
	if !atomic && k.invisible() {
		// An invisible box adds no line breaks, only what its visible
		// descendants have (a collapsed sidebar's hidden labels); it is
		// laid out all the same, so a block still ends the line, and
		// inline text keeps the spaces beside it.
		if block {
			w.lineEnd()
			w.space, w.afterAtomic, w.boxStart = false, false, true
			w.walkBox(k, pre)
			w.lineEnd()
			w.space, w.afterAtomic, w.boxStart = false, false, true
			return
		}
		w.walkBox(k, pre)
		return
	}
	if !block && display != "contents" && k.Is(atom.P) {
		// innerText's required line breaks around a <p> do not depend on
		// its display, but the spaces before and after an inline one are
		// on its line (AdminLTE's sidebar: <i class="nav-icon"></i>
		// <p>Dashboard</p>).
		w.pendingSpace()
		w.breaks(2)
		w.walkBox(k, pre)
		w.breaks(2)
		if atomic {
			w.space = false // its own trailing space collapses
		}
		w.afterAtomic = true // and the space after it is on its line too
		return
	}
	if atomic {
		w.atomic(k, pre || k.Is(atom.Pre) || k.Is(atom.Listing), true)
		return
	}
	n := 1
	if k.Is(atom.P) {
		n = 2
	} else if w.clip == nil && k.Is(atom.Select) {
		// Chromium 156's innerText gives a select's own box no required
		// line breaks, whatever its display: the line breaks are its
		// options' and optgroups', so a block, floated or flex select
		// with none of them only ends the line ("x <select
		// style=display:block></select> a" reads "xa")
		n = 0
	}
	if block {
		w.boxEdge(n)
	}
	w.walkBox(k, pre || k.Is(atom.Pre) || k.Is(atom.Textarea) || k.Is(atom.Listing))
	if block {
		w.boxEdge(n)
	}
}

// boxEdge is a block box's edge with n required line breaks; with none
// the line still breaks there, the spaces at both sides collapsing.
func (w *innerTextWriter) boxEdge(n int) {
	if n > 0 {
		w.blockEdge(n)
		return
	}
	w.lineEnd()
	w.space, w.afterAtomic, w.boxStart = false, false, true
}

// invisible reports whether element k's computed visibility is hidden or
// collapse (with the ComputedStyle hook).
func (k *Node) invisible() bool {
	cs := k.doc.ComputedStyle
	if cs == nil {
		return false
	}
	switch cs(k, "visibility") {
	case "hidden", "collapse":
		return true
	}
	return false
}

// hasText reports whether k has a Text descendant other than whitespace.
func (k *Node) hasText() bool {
	found := false
	k.Descendants(func(d *Node) bool {
		if d.Type == html.TextNode && strings.TrimLeft(d.Data, " \t\n\f\r") != "" {
			found = true
		}
		return !found
	})
	return found
}

// atomicDisplay reports the inline-level displays of atomic inlines.
func atomicDisplay(display string) bool {
	switch display {
	case "inline-block", "inline-flex", "inline-grid", "inline-table", "inline math":
		return true
	}
	return false
}

// flatChildren returns n's children in the flat tree: a shadow host's
// shadow root's children, a slot's assigned nodes (or its fallback
// children), otherwise n's children (https://drafts.csswg.org/css-scoping/#flat-tree).
func flatChildren(n *Node) []*Node {
	if s := n.ShadowRoot(); s != nil {
		return s.ChildNodeList()
	}
	if n.isSlot() && n.Root().IsShadowRoot() {
		return n.AssignedNodes(true)
	}
	return n.ChildNodeList()
}

// SetInnerText replaces n's children with the text, line breaks becoming
// <br> elements (https://html.spec.whatwg.org/multipage/dom.html#set-the-inner-text-steps).
func (n *Node) SetInnerText(s string) {
	n.replaceAll(n.doc.renderedTextFragment(s))
}

// SetOuterText replaces n with the text, line breaks becoming <br>
// elements, and merges the text with the Text nodes left next to it. It
// fails with NoModificationAllowedError when n has no parent.
// https://html.spec.whatwg.org/multipage/dom.html#the-innertext-idl-attribute:dom-outertext-2
func (n *Node) SetOuterText(s string) error {
	if n.Parent == nil {
		return newError(NoModificationAllowedError, "the element has no parent")
	}
	next, prev := node(n.NextSibling), node(n.PrevSibling)
	f := n.doc.renderedTextFragment(s)
	if f.FirstChild == nil {
		linkLast(&f.Node, &n.doc.CreateTextNode("").Node)
	}
	if err := n.ReplaceWith(f); err != nil {
		return err
	}
	if next != nil && next.PrevSibling != nil && next.PrevSibling.Type == html.TextNode {
		node(next.PrevSibling).mergeNextText()
	}
	if prev != nil && prev.Type == html.TextNode {
		prev.mergeNextText()
	}
	return nil
}

// mergeNextText merges n's next sibling into n when it is a Text node.
// https://html.spec.whatwg.org/multipage/dom.html#merge-with-the-next-text-node
func (n *Node) mergeNextText() {
	next := node(n.NextSibling)
	if next == nil || next.Type != html.TextNode {
		return
	}
	n.AppendData(next.Data)
	next.Remove()
}

// renderedTextFragment is the text as a fragment: its lines as Text nodes
// with a <br> between each two (CR, LF and CRLF break lines).
// https://html.spec.whatwg.org/multipage/dom.html#rendered-text-fragment
func (d *Document) renderedTextFragment(s string) *Node {
	f := d.CreateDocumentFragment()
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			linkLast(&f.Node, &d.newElement("br", "").Node)
		}
		if line != "" {
			linkLast(&f.Node, &d.CreateTextNode(line).Node)
		}
	}
	return f
}

// FirstSummary returns details element n's first summary child (its
// summary), or nil.
func (n *Node) FirstSummary() *Node {
	for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if k.Is(atom.Summary) {
			return k
		}
	}
	return nil
}

// FirstLegend returns fieldset element n's first legend child (its
// rendered legend, the one whose controls a disabled fieldset leaves
// enabled), or nil.
func (n *Node) FirstLegend() *Node {
	for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if k.Is(atom.Legend) {
			return k
		}
	}
	return nil
}

// textTransform applies a text-transform value to text.
// https://drafts.csswg.org/css-text/#text-transform-property
func textTransform(s, t string) string {
	switch t {
	case "uppercase":
		return strings.ToUpper(s)
	case "lowercase":
		return strings.ToLower(s)
	case "capitalize":
		b := []rune(s)
		start := true
		for i, r := range b {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				if start {
					b[i] = unicode.ToTitle(r)
				}
				start = false
			} else {
				start = unicode.IsSpace(r) || unicode.IsPunct(r) && r != '\'' && r != '’'
			}
		}
		return string(b)
	}
	return s
}
