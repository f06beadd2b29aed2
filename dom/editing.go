package dom

import (
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Editing: the tree changes of document.execCommand's basic commands in an
// editing host, as Chromium makes them for simple markup. Each works on r,
// the selection's range, and leaves r where Chromium puts the selection
// after the command. They are an approximation of Chromium's editing (no
// layout: no visible positions, no whitespace rewriting to &nbsp;, no
// typing style), not the editing specification's algorithms.
// https://w3c.github.io/editing/docs/execCommand/

// editBlock returns the nearest block-level inclusive ancestor element of n
// inside host, or host.
func editBlock(n, host *Node) *Node {
	for e := n; e != nil && e != host; e = e.ParentNode() {
		if e.Type == html.ElementNode && (e.isBlockish() || e.Is(atom.P) || e.Is(atom.Li) || e.Is(atom.Td) || e.Is(atom.Th)) {
			return e
		}
	}
	return host
}

// setCaret collapses r at (n, offset).
func setCaret(r *Range, n *Node, offset int) {
	_ = r.SetStart(n, offset)
	r.Collapse(true)
}

// EditDeleteSelection deletes the contents of r inside host, joining the
// block the end was in to the block of the start, and leaves r collapsed
// where the start was (a "delete" or "insertText" over a selection).
func EditDeleteSelection(r *Range, host *Node) {
	if r.Collapsed() {
		return
	}
	sb, eb := editBlock(r.startNode, host), editBlock(r.endNode, host)
	sc, so := r.startNode, r.startOffset
	if err := r.DeleteContents(); err != nil {
		return
	}
	if sb != eb && eb.ParentNode() != nil && sb.ParentNode() != nil && !eb.Contains(sb) && !sb.Contains(eb) {
		for k := eb.First(); k != nil; k = eb.First() {
			_, _ = sb.AppendChild(k)
		}
		eb.Remove()
	}
	if sc.Type == html.TextNode && sc.ParentNode() != nil {
		setCaret(r, sc, so)
	}
	editPlaceholder(r, host)
}

// editPlaceholder removes an emptied text node at the caret and gives a
// block left empty a <br>, as Chromium does so the line keeps its height.
func editPlaceholder(r *Range, host *Node) {
	n := r.startNode
	if n.Type == html.TextNode && n.Data == "" {
		p, i := n.ParentNode(), n.Index()
		n.Remove()
		if p == nil {
			return
		}
		setCaret(r, p, i)
		n = p
	}
	b := editBlock(n, host)
	if b.First() == nil {
		br := b.doc.newElement("br", "")
		_, _ = b.AppendChild(br)
		setCaret(r, b, 0)
	}
}

// editSelectsNothing reports whether r holds no text and no leaf element.
func editSelectsNothing(r *Range) bool {
	if r.String() != "" {
		return false
	}
	found := false
	r.CommonAncestorContainer().Descendants(func(k *Node) bool {
		if k.Type == html.ElementNode && editLeaf(k) && r.contains(k) {
			found = true
			return false
		}
		return true
	})
	return !found
}

// EditSelectContents selects the content of host from its first text
// to its last (element boundaries when it has no text), as Chromium's
// selectAll does in an editing host.
func EditSelectContents(r *Range, host *Node) {
	var first, last *Node
	host.Descendants(func(k *Node) bool {
		if k.Type == html.TextNode && k.Data != "" {
			if first == nil {
				first = k
			}
			last = k
		}
		return true
	})
	if first == nil {
		_ = r.SelectNodeContents(host)
		return
	}
	_ = r.SetStart(first, 0)
	_ = r.SetEnd(last, last.Length())
}

// editLeaf is a text node or an element with no content of its own text
// (br, img, hr...) that a collapsed delete removes from.
func editLeaf(n *Node) bool {
	if n.Type == html.TextNode {
		return n.Data != ""
	}
	return n.Type == html.ElementNode && n.First() == nil && (n.isReplacedInline() || n.Is(atom.Br) || n.Is(atom.Hr))
}

// editPrev returns the leaf before boundary point (n, offset) inside host,
// in tree order, and whether a block boundary lies between.
func editPrev(n *Node, offset int, host *Node) (leaf *Node, crossed bool) {
	var k *Node
	if n.Type == html.TextNode {
		k = n
	} else if offset > 0 {
		k = n.ChildAt(offset - 1)
		for k.Last() != nil && !editLeaf(k) {
			if editBlockish(k) {
				crossed = true
			}
			k = k.Last()
		}
		if editLeaf(k) {
			return k, crossed
		}
	} else {
		k = n
	}
	for k != nil && k != host {
		if k.Prev() == nil {
			k = k.ParentNode()
			if k != nil && editBlockish(k) {
				crossed = true
			}
			continue
		}
		k = k.Prev()
		if editBlockish(k) {
			crossed = true
		}
		for !editLeaf(k) && k.Last() != nil {
			k = k.Last()
			if editBlockish(k) {
				crossed = true
			}
		}
		if editLeaf(k) {
			return k, crossed
		}
	}
	return nil, crossed
}

// editNext mirrors editPrev after the point.
func editNext(n *Node, offset int, host *Node) (leaf *Node, crossed bool) {
	var k *Node
	if n.Type == html.TextNode {
		k = n
	} else if c := n.ChildAt(offset); c != nil {
		k = c
		for k.First() != nil && !editLeaf(k) {
			if editBlockish(k) {
				crossed = true
			}
			k = k.First()
		}
		if editLeaf(k) {
			return k, crossed
		}
	} else {
		k = n
	}
	for k != nil && k != host {
		if k.Next() == nil {
			k = k.ParentNode()
			if k != nil && editBlockish(k) {
				crossed = true
			}
			continue
		}
		k = k.Next()
		if editBlockish(k) {
			crossed = true
		}
		for !editLeaf(k) && k.First() != nil {
			k = k.First()
			if editBlockish(k) {
				crossed = true
			}
		}
		if editLeaf(k) {
			return k, crossed
		}
	}
	return nil, crossed
}

func editBlockish(n *Node) bool {
	return n.Type == html.ElementNode && (n.isBlockish() || n.Is(atom.P) || n.Is(atom.Li))
}

// EditDelete deletes the selection, or with a collapsed r one character
// (or <br>, image...) before it (forward: after it), joining two blocks
// when the caret is at the edge of one ("delete", "forwardDelete").
func EditDelete(r *Range, host *Node, forward bool) {
	if !r.Collapsed() && editSelectsNothing(r) {
		// (p, 0) to (its first text, 0): one caret to Chromium, whose
		// selection is made of visible positions
		r.Collapse(forward)
	}
	if !r.Collapsed() {
		EditDeleteSelection(r, host)
		return
	}
	n, off := r.startNode, r.startOffset
	if n.Type == html.TextNode {
		if !forward && off > 0 {
			start := editPrevChar(n.Data, off)
			_ = n.DeleteData(start, off-start)
			setCaret(r, n, start)
			editPlaceholder(r, host)
			return
		}
		if forward && off < n.Length() {
			end := editNextChar(n.Data, off)
			_ = n.DeleteData(off, end-off)
			setCaret(r, n, off)
			editPlaceholder(r, host)
			return
		}
	}
	var leaf *Node
	var crossed bool
	if forward {
		leaf, crossed = editNext(n, off, host)
	} else {
		leaf, crossed = editPrev(n, off, host)
	}
	if leaf == nil {
		return
	}
	if crossed {
		editJoinBlocks(r, host, leaf, forward)
		return
	}
	if leaf.Type != html.TextNode {
		leaf.Remove()
		editPlaceholder(r, host)
		return
	}
	if forward {
		end := editNextChar(leaf.Data, 0)
		_ = leaf.DeleteData(0, end)
		if leaf.Data == "" {
			leaf.Remove()
		}
		return
	}
	l := leaf.Length()
	start := editPrevChar(leaf.Data, l)
	_ = leaf.DeleteData(start, l-start)
	if leaf.Data == "" {
		leaf.Remove()
	}
}

// editJoinBlocks joins the block of the caret with the block of leaf
// (before it, or after it for forward): the later block's children move
// to the end of the earlier one, which keeps its element.
func editJoinBlocks(r *Range, host, leaf *Node, forward bool) {
	cb, lb := editBlock(r.startNode, host), editBlock(leaf, host)
	first, second := lb, cb
	if forward {
		first, second = cb, lb
	}
	if first == second || second != host && second.Contains(first) {
		return
	}
	if first == host {
		// inline content before a block in the host: the block's
		// content joins the line
		if second.ParentNode() == host {
			cn, co := r.startNode, r.startOffset
			for k := second.First(); k != nil; k = second.First() {
				_, _ = host.InsertBefore(k, second)
			}
			second.Remove()
			if cn.IsConnected() {
				setCaret(r, cn, co)
			}
		}
		return
	}
	if first.Contains(second) {
		return
	}
	if second == host {
		// a line of inline content in the host after a block: the line
		// joins the block
		top := r.startNode
		for top != nil && top.ParentNode() != host {
			top = top.ParentNode()
		}
		if top == nil || first.ParentNode() != host {
			return
		}
		var cn *Node
		co := 0
		if last := first.Last(); last != nil && last.Type == html.TextNode {
			cn, co = last, last.Length()
		}
		for k := top; k != nil && !editBlockish(k); {
			next := k.Next()
			_, _ = first.AppendChild(k)
			k = next
		}
		if cn != nil {
			setCaret(r, cn, co)
		}
		return
	}
	// the caret goes where the first block's content ends
	var cn *Node
	co := 0
	if last := first.Last(); last != nil && last.Type == html.TextNode {
		cn, co = last, last.Length()
	} else if last != nil && last.Is(atom.Br) && last == first.Last() {
		last.Remove() // the placeholder of an empty line
	}
	if cn == nil {
		cn, co = first, first.ChildCount()
	}
	for k := second.First(); k != nil; k = second.First() {
		_, _ = first.AppendChild(k)
	}
	second.Remove()
	setCaret(r, cn, co)
}

// editPrevChar returns the byte offset... of the code point before
// UTF-16 offset off in s, as a UTF-16 offset.
func editPrevChar(s string, off int) int {
	i := byteOffset(s, off)
	if i == 0 {
		return 0
	}
	_, size := utf8.DecodeLastRuneInString(s[:i])
	if size == 3 && surrogateAt(s, i-3) {
		size = 3 // a lone surrogate is one unit
	}
	return utf16Len(s[:i-size])
}

func editNextChar(s string, off int) int {
	i := byteOffset(s, off)
	if i >= len(s) {
		return off
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	return utf16Len(s[:i+size])
}

// EditInsertText replaces the selection with text ("insertText"): into the
// text node at the caret, or a new one, and leaves the caret after it.
func EditInsertText(r *Range, host *Node, text string) {
	EditDeleteSelection(r, host)
	if text == "" {
		return
	}
	n, off := r.startNode, r.startOffset
	if n.Type != html.TextNode {
		// a placeholder <br> alone in its block goes
		if c := n.ChildAt(off); c != nil && c.Is(atom.Br) && n.ChildCount() == 1 {
			c.Remove()
		}
		if prev := n.ChildAt(off - 1); off > 0 && prev != nil && prev.Type == html.TextNode {
			n, off = prev, prev.Length()
		} else if next := n.ChildAt(off); next != nil && next.Type == html.TextNode {
			n, off = next, 0
		} else {
			t := n.doc.CreateTextNode("")
			_, _ = n.InsertBefore(t, n.ChildAt(off))
			n, off = t, 0
		}
	}
	_ = n.InsertData(off, text)
	setCaret(r, n, off+utf16Len(text))
}

// EditInsertNodes replaces the selection with the children of fragment
// frag ("insertHTML", "insertLineBreak"): a text node at the caret is
// split, text at the edges of the inserted content merges with the text
// beside it, and the caret goes after the content.
func EditInsertNodes(r *Range, host, frag *Node) {
	EditDeleteSelection(r, host)
	if frag.First() == nil {
		return
	}
	if f := frag.First(); f == frag.Last() && editBlockish(f) {
		// one paragraph: its content goes into the line at the caret
		for k := f.First(); k != nil; k = f.First() {
			_, _ = frag.InsertBefore(k, f)
		}
		f.Remove()
		if frag.First() == nil {
			return
		}
	}
	n, off := r.startNode, r.startOffset
	parent, before := n, n.ChildAt(off)
	if n.Type == html.TextNode {
		parent = n.ParentNode()
		if off == 0 {
			before = n
		} else if off >= n.Length() {
			before = n.Next()
		} else {
			next, err := n.SplitText(off)
			if err != nil {
				return
			}
			before = next
		}
	}
	first, last := frag.First(), frag.Last()
	if _, err := parent.InsertBefore(frag, before); err != nil {
		return
	}
	// the caret after the last inserted node; text merges around it
	cn, co := parent, last.Index()+1
	if last.Type == html.TextNode {
		cn, co = last, last.Length()
		if next := last.Next(); next != nil && next.Type == html.TextNode {
			last.AppendData(next.Data)
			next.Remove()
		}
	} else if next := last.Next(); next != nil && next.Type == html.TextNode {
		cn, co = next, 0
	}
	if first.Type == html.TextNode {
		if prev := first.Prev(); prev != nil && prev.Type == html.TextNode {
			l := prev.Length()
			prev.AppendData(first.Data)
			if cn == first {
				cn, co = prev, l+co
			}
			first.Remove()
		}
	}
	setCaret(r, cn, co)
}

// EditInsertParagraph splits the block at the caret in two
// ("insertParagraph"): the part after the caret goes into a copy of the
// block, an empty part gets a <br>, and the caret goes to the start of the
// second part. Directly in host, the line is split as if it were a block:
// the part after the caret goes into a <div> (Chromium's default
// paragraph separator), or, at the start of the line, an empty <div> goes
// before it.
func EditInsertParagraph(r *Range, host *Node) {
	EditDeleteSelection(r, host)
	b := editBlock(r.startNode, host)
	n, off := r.startNode, r.startOffset
	if b == host {
		editHostParagraph(r, host, n, off)
		return
	}
	second := b.CloneNode(false)
	second.RemoveAttribute("id")
	editSplitInto(b, n, off, second)
	if editHeading(b) && !editHasContent(second) {
		// after a heading's end comes a plain paragraph
		second = b.doc.newElement("div", "")
	}
	_, _ = b.ParentNode().InsertBefore(second, b.Next())
	for _, part := range []*Node{b, second} {
		editFillEmpty(part)
	}
	editCaretAtStart(r, second)
}

func editHeading(e *Node) bool {
	if !e.IsHTML() {
		return false
	}
	switch e.Data {
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return true
	}
	return false
}

// editFillEmpty gives an element with no content a lone <br>.
func editFillEmpty(e *Node) {
	if editHasContent(e) {
		return
	}
	for k := e.First(); k != nil; k = e.First() {
		k.Remove()
	}
	_, _ = e.AppendChild(e.doc.newElement("br", ""))
}

// editSplitInto moves everything in b after point (n, off) into second,
// splitting the inline elements on the way: each gets a copy (without its
// id) holding its part after the point.
func editSplitInto(b, n *Node, off int, second *Node) {
	var from *Node
	parent := n
	if n.Type == html.TextNode {
		parent = n.ParentNode()
		switch {
		case off >= n.Length():
			from = n.Next()
		case off == 0:
			from = n
		default:
			from, _ = n.SplitText(off)
		}
	} else {
		from = n.ChildAt(off)
	}
	var carry *Node // the part of the level below, first at this level
	for parent != nil {
		target := second
		if parent != b {
			target = parent.CloneNode(false)
			target.RemoveAttribute("id")
		}
		if carry != nil {
			_, _ = target.AppendChild(carry)
		}
		for k := from; k != nil; {
			next := k.Next()
			_, _ = target.AppendChild(k)
			k = next
		}
		if parent == b {
			return
		}
		carry = nil
		if target.First() != nil {
			carry = target
		}
		from = parent.Next()
		parent = parent.ParentNode()
	}
}

// editHasContent reports whether n holds text or an element that shows.
func editHasContent(n *Node) bool {
	found := false
	n.Descendants(func(k *Node) bool {
		if (k.Type == html.TextNode && k.Data != "") || (k.Type == html.ElementNode && (k.isReplacedInline() || k.Is(atom.Br) || k.Is(atom.Hr))) {
			found = true
			return false
		}
		return true
	})
	return found
}

// editHostParagraph is insertParagraph at (n, off) in a line directly in
// the editing host: the line's nodes (the host's children around the
// caret up to a block) are split as a block would be.
func editHostParagraph(r *Range, host, n *Node, off int) {
	top := n
	if n == host {
		top = host.ChildAt(off)
		if top == nil || editBlockish(top) {
			top = host.ChildAt(off - 1)
		}
	}
	for top != nil && top != host && top.ParentNode() != host {
		top = top.ParentNode()
	}
	if top == nil || top == host || editBlockish(top) {
		div := host.doc.newElement("div", "")
		_, _ = div.AppendChild(host.doc.newElement("br", ""))
		_, _ = host.InsertBefore(div, host.ChildAt(off))
		editCaretAtStart(r, div)
		return
	}
	first := top
	for first.Prev() != nil && !editBlockish(first.Prev()) {
		first = first.Prev()
	}
	// the line goes into a block of its own for the split
	line := host.doc.newElement("div", "")
	_, _ = host.InsertBefore(line, first)
	for k := first; k != nil && !editBlockish(k); {
		next := k.Next()
		_, _ = line.AppendChild(k)
		k = next
	}
	if n == host {
		n, off = line, off-first.Index()
	}
	second := host.doc.newElement("div", "")
	editSplitInto(line, n, off, second)
	_, _ = host.InsertBefore(second, line.Next())
	if !editHasContent(line) {
		// at the start of the line: an empty line before it
		for k := line.First(); k != nil; k = line.First() {
			k.Remove()
		}
		_, _ = line.AppendChild(host.doc.newElement("br", ""))
		for k := second.First(); k != nil; k = second.First() {
			_, _ = host.InsertBefore(k, second)
		}
		next := second.Next()
		second.Remove()
		if next != nil {
			editCaretAtStart(r, next)
		}
		if c := line.Next(); c != nil && c.Type == html.TextNode {
			setCaret(r, c, 0)
		}
		return
	}
	for k := line.First(); k != nil; k = line.First() {
		_, _ = host.InsertBefore(k, line)
	}
	line.Remove()
	editFillEmpty(second)
	editCaretAtStart(r, second)
}

// editCaretAtStart collapses r at the first text or leaf of b.
func editCaretAtStart(r *Range, b *Node) {
	k := b
	for k.First() != nil && k.First().Type != html.TextNode && !editLeaf(k.First()) {
		k = k.First()
	}
	if t := k.First(); t != nil && t.Type == html.TextNode {
		setCaret(r, t, 0)
		return
	}
	setCaret(r, k, 0)
}

// editSelectedTexts splits the text nodes at r's boundary points and
// returns the text nodes in r that are not empty, in tree order, with r
// set from the first to the last of them.
func editSelectedTexts(r *Range) []*Node {
	if r.Collapsed() {
		return nil
	}
	if r.endNode.Type == html.TextNode && r.endOffset > 0 && r.endOffset < r.endNode.Length() {
		_, _ = r.endNode.SplitText(r.endOffset)
	}
	if r.startNode.Type == html.TextNode && r.startOffset > 0 && r.startOffset < r.startNode.Length() {
		t, err := r.startNode.SplitText(r.startOffset)
		if err == nil {
			end, eo := r.endNode, r.endOffset
			_ = r.SetStart(t, 0)
			_ = r.SetEnd(end, eo)
		}
	}
	var texts []*Node
	root := r.CommonAncestorContainer()
	visit := func(k *Node) {
		if k.Type == html.TextNode && k.Data != "" && r.IntersectsNode(k) {
			// a boundary text node counts when some of it is selected
			if k == r.startNode && r.startOffset >= k.Length() {
				return
			}
			if k == r.endNode && r.endOffset == 0 {
				return
			}
			texts = append(texts, k)
		}
	}
	if root.Type == html.TextNode {
		visit(root)
	} else {
		root.Descendants(func(k *Node) bool {
			visit(k)
			return true
		})
	}
	return texts
}

// EditFormatted reports whether every selected text node has an inclusive
// ancestor inside host that is matches (all), and whether some has (any).
// A collapsed r asks about the text at the caret.
func EditFormatted(r *Range, host *Node, is func(*Node) bool) (all, any bool) {
	return EditFormattedBy(r, func(t *Node) bool { return editStyledBy(t, host, is) != nil })
}

// EditFormattedBy is EditFormatted with a test of each selected text node
// itself (for a collapsed r, the caret's container, which may be an
// element): has reports whether the node has the style.
func EditFormattedBy(r *Range, has func(*Node) bool) (all, any bool) {
	var texts []*Node
	if r.Collapsed() {
		texts = []*Node{r.startNode}
	} else {
		root := r.CommonAncestorContainer()
		check := func(k *Node) {
			if k.Type == html.TextNode && k.Data != "" && r.IntersectsNode(k) &&
				!(k == r.startNode && r.startOffset >= k.Length()) && !(k == r.endNode && r.endOffset == 0) {
				texts = append(texts, k)
			}
		}
		if root.Type == html.TextNode {
			check(root)
		} else {
			root.Descendants(func(k *Node) bool { check(k); return true })
		}
	}
	if len(texts) == 0 {
		return false, false
	}
	all = true
	for _, t := range texts {
		if has(t) {
			any = true
		} else {
			all = false
		}
	}
	return all, any
}

// editStyledBy returns the nearest inclusive ancestor of n inside host
// (host included) that is matches, or nil.
func editStyledBy(n, host *Node, is func(*Node) bool) *Node {
	for e := n; e != nil; e = e.ParentNode() {
		if e.Type == html.ElementNode && is(e) {
			return e
		}
		if e == host {
			break
		}
	}
	return nil
}

// EditWrap wraps each selected text node not already matching is in a new
// element made by make, merging wrappers that end up side by side, and
// selects from the first to the last wrapped text ("bold" and the other
// inline styles, "createLink").
func EditWrap(r *Range, host *Node, is func(*Node) bool, make func() *Node) {
	texts := editSelectedTexts(r)
	if len(texts) == 0 {
		return
	}
	for _, t := range texts {
		if editStyledBy(t, host, is) != nil {
			continue
		}
		prev := t.Prev()
		if prev != nil && prev.Type == html.ElementNode && is(prev) && editWrapper(prev) {
			_, _ = prev.AppendChild(t)
			continue
		}
		w := make()
		p := t.ParentNode()
		_, _ = p.InsertBefore(w, t)
		_, _ = w.AppendChild(t)
	}
	for _, t := range texts {
		if w := editStyledBy(t, host, is); w != nil && w != host {
			editMergeSiblings(w)
		}
	}
	_ = r.SetStart(texts[0], 0)
	last := texts[len(texts)-1]
	_ = r.SetEnd(last, last.Length())
}

// editMergeSiblings merges element e with the elements right before and
// after it that have its name and attributes (two <b> side by side become
// one, as Chromium leaves them).
func editMergeSiblings(e *Node) {
	same := func(o *Node) bool {
		if o == nil || o.Type != html.ElementNode || o.Data != e.Data || o.Namespace != e.Namespace || len(o.Attr) != len(e.Attr) {
			return false
		}
		for i, a := range o.Attr {
			if a != e.Attr[i] {
				return false
			}
		}
		return true
	}
	for p := e.Prev(); same(p); p = e.Prev() {
		for k := e.First(); k != nil; k = e.First() {
			_, _ = p.AppendChild(k)
		}
		e.Remove()
		e = p
	}
	for n := e.Next(); same(n); n = e.Next() {
		for k := n.First(); k != nil; k = n.First() {
			_, _ = e.AppendChild(k)
		}
		n.Remove()
	}
}

// editWrapper reports an element EditWrap made or could have made: no
// attributes but those it sets.
func editWrapper(e *Node) bool { return len(e.Attr) <= 1 }

// EditUnwrap takes every selected text node out of its inclusive
// ancestors inside host matching is: each such ancestor is split around
// the text, and the text's part of it replaced by its children
// ("bold" on bold text, "unlink", "removeFormat").
func EditUnwrap(r *Range, host *Node, is func(*Node) bool) {
	texts := editSelectedTexts(r)
	if len(texts) == 0 {
		return
	}
	for _, t := range texts {
		for {
			a := editStyledBy(t, host, is)
			if a == nil || a == host {
				break
			}
			editIsolate(a, t)
		}
	}
	_ = r.SetStart(texts[0], 0)
	last := texts[len(texts)-1]
	_ = r.SetEnd(last, last.Length())
}

// editIsolate splits the elements from t's parent up to a so that a
// holds t alone (the copies before keep their ids, those after do not),
// then replaces a by its children.
func editIsolate(a, t *Node) {
	for c := t; c != a; c = c.ParentNode() {
		e := c.ParentNode()
		p := e.ParentNode()
		if c.Prev() != nil {
			before := e.CloneNode(false)
			for k := e.First(); k != c; k = e.First() {
				_, _ = before.AppendChild(k)
			}
			_, _ = p.InsertBefore(before, e)
			e.RemoveAttribute("id")
		}
		if c.Next() != nil {
			after := e.CloneNode(false)
			after.RemoveAttribute("id")
			for k := c.Next(); k != nil; k = c.Next() {
				_, _ = after.AppendChild(k)
			}
			_, _ = p.InsertBefore(after, e.Next())
		}
	}
	p := a.ParentNode()
	for k := a.First(); k != nil; k = a.First() {
		_, _ = p.InsertBefore(k, a)
	}
	a.Remove()
}
