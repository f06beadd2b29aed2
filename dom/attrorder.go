package dom

import (
	"bytes"
	"hash/maphash"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// x/net/html (v0.55.0 and later) sorts the attributes of formatting
// elements in place while it applies the "Noah's Ark" clause of
// https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements,
// so `<a title=t href=h>` came out of our parser as `<a href=h title=t>`:
// every link of every snapshot in an order no browser shows. Browsers keep
// the source order, and so does our DOM: restoreAttrOrder puts it back from
// a second tokenization of the source, which it does only when the parsed
// tree holds a formatting element with two or more attributes.
//
// The scan keeps no strings: each formatting start tag is a hash of its
// tag name and sorted attributes plus the permutation from sorted to source
// order. Elements and tags are matched in document order (clones made by
// the adoption agency algorithm match a recently used tag), so two tags with
// the same attributes in different orders each keep their own.

// isFormattingAtom reports whether a is one of the HTML standard's
// formatting elements, those the parser sorts.
func isFormattingAtom(a atom.Atom) bool {
	switch a {
	case atom.A, atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr,
		atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		return true
	}
	return false
}

// sourceTag is one formatting start tag of the source: the hash of its
// name and sorted attributes, and perm[off:off+n], which gives for each
// attribute in source order its index in sorted order.
type sourceTag struct {
	hash uint64
	off  int32
	n    uint8
}

var attrSeed = maphash.MakeSeed()

// restoreAttrOrder gives the formatting elements of the tree at root, which
// was parsed from src, their attributes in source order.
func restoreAttrOrder(root *Node, src string) {
	restoreAttrOrderIn(root, src, false, true)
}

// restoreAttrOrderIn is restoreAttrOrder for a tree parsed from src in
// foreign content (a fragment whose context is an SVG or MathML element
// that is no integration point), where the tokenizer never switches to
// raw text: a <noscript>, <xmp> or <style> there is an element like any
// other, and the formatting tags after it count; and without scripting
// (a document with no browsing context, as Chromium parses a template's
// innerHTML), where a noscript's content is markup.
func restoreAttrOrderIn(root *Node, src string, foreign, scripting bool) {
	var sorted []*Node
	stack := []*Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type == html.ElementNode && n.Namespace == "" && len(n.Attr) >= 2 && isFormattingAtom(n.DataAtom) {
			sorted = append(sorted, n)
		}
		if n.rare != nil {
			if n.rare.content != nil {
				stack = append(stack, n.rare.content)
			}
			if n.rare.shadow != nil {
				stack = append(stack, n.rare.shadow)
			}
		}
		// Children pushed last first, so that they pop in document order.
		for k := n.LastChild; k != nil; k = k.PrevSibling {
			stack = append(stack, FromHTML(k))
		}
	}
	if len(sorted) == 0 {
		return
	}
	var o attrOrder
	o.tags, o.perm = scanFormattingTagsIn(src, nil, nil, foreign, scripting)
	for _, n := range sorted {
		o.restore(n)
	}
}

// An attrOrder matches formatting elements, in document order, with the
// formatting start tags of their source and puts their attributes back in
// source order.
type attrOrder struct {
	tags    []sourceTag
	perm    []uint8
	next    int     // the tag after the last one matched in order
	recent  [16]int // tags matched lately, for adoption agency clones
	nrecent int
	scratch []html.Attribute
	matched []bool // the tags matched in order (not as a clone's)
}

func (o *attrOrder) isMatched(i int) bool { return i < len(o.matched) && o.matched[i] }

func (o *attrOrder) setMatched(i int) {
	if i >= len(o.matched) {
		o.matched = append(o.matched, make([]bool, len(o.tags)-len(o.matched))...)
	}
	o.matched[i] = true
}

// restore gives n, a formatting element, its attributes in source order
// when a source tag matches it. Its attributes may be sorted or not yet:
// the stream parser copies an element's attributes when it mirrors it,
// before or after the parser sorts them (when a later formatting element
// is pushed). Either way they are matched sorted, so that an element
// copied unsorted still advances the match (on a page with more than 64
// links, the later ones were left sorted by the timing of its scripts).
func (o *attrOrder) restore(n *Node) {
	const lookahead = 64 // tags skipped over: foster parenting moves elements
	const lookback = 256 // tags skipped over earlier, still unmatched
	tags := o.tags
	o.scratch = append(o.scratch[:0], n.Attr...)
	slices.SortStableFunc(o.scratch, func(a, b html.Attribute) int {
		if c := strings.Compare(a.Key, b.Key); c != 0 {
			return c
		}
		return strings.Compare(a.Val, b.Val)
	})
	h := hashAttrs(n.Data, o.scratch)
	match := -1
	for i := o.next; i < len(tags) && i < o.next+lookahead; i++ {
		if tags[i].hash == h && int(tags[i].n) == len(n.Attr) && !o.isMatched(i) {
			match, o.next = i, i+1
			break
		}
	}
	if match < 0 {
		// Mirrored out of document order: the stream parser mirrored
		// the elements of a later tag first (Starlight's tables of
		// contents came after the links below them).
		for i := o.next - 1; i >= 0 && i >= o.next-lookback; i-- {
			if tags[i].hash == h && int(tags[i].n) == len(n.Attr) && !o.isMatched(i) {
				match = i
				break
			}
		}
	}
	if match >= 0 {
		o.setMatched(match)
	}
	if match < 0 {
		for j := range min(o.nrecent, len(o.recent)) {
			if i := o.recent[j]; tags[i].hash == h && int(tags[i].n) == len(n.Attr) {
				match = i
				break
			}
		}
	} else {
		o.recent[o.nrecent%len(o.recent)] = match
		o.nrecent++
	}
	if match < 0 {
		return
	}
	t := tags[match]
	for i, s := range o.perm[t.off : t.off+int32(t.n)] {
		n.Attr[i] = o.scratch[s]
	}
}

// insert adds the formatting tags of markup written at the parser's
// insertion point (document.write) before the tags not matched yet.
func (o *attrOrder) insert(markup string) {
	tags, perm := scanFormattingTags(markup, nil, o.perm)
	if len(tags) == 0 {
		return
	}
	o.perm = perm
	// The recent matches keep pointing at the same tags.
	for j := range min(o.nrecent, len(o.recent)) {
		if o.recent[j] >= o.next {
			o.recent[j] += len(tags)
		}
	}
	o.tags = slices.Insert(o.tags, o.next, tags...)
	if o.next < len(o.matched) {
		o.matched = slices.Insert(o.matched, o.next, make([]bool, len(tags))...)
	}
}

// scanFormattingTags tokenizes src and appends to tags every formatting
// start tag with two to 255 attributes (the first of duplicates kept, as the
// parser does) in source order, with their permutations appended to perm.
func scanFormattingTags(src string, tags []sourceTag, perm []uint8) ([]sourceTag, []uint8) {
	return scanFormattingTagsIn(src, tags, perm, false, true)
}

// scanFormattingTagsIn is scanFormattingTags; with foreign, no start tag
// switches the tokenizer to raw text (a tag a raw text element would hide
// is one more source tag, which no element matches), and without
// scripting a noscript does not.
func scanFormattingTagsIn(src string, tags []sourceTag, perm []uint8, foreign, scripting bool) ([]sourceTag, []uint8) {
	var keys, vals [][]byte
	var idx []uint8
	var fc foreignContent
	z := html.NewTokenizer(strings.NewReader(src))
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return tags, perm
		case html.EndTagToken:
			if len(fc.open) > 0 {
				name, _ := z.TagName()
				fc.end(name)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			if !foreign && fc.start(name, tt == html.SelfClosingTagToken, more) {
				// an element of an <svg> or <math> in the source: a
				// <style>, <script> or <title> there holds markup
				z.NextIsNotRawText()
			}
			if foreign || !scripting && string(name) == "noscript" {
				z.NextIsNotRawText()
			}
			if !more || !isFormattingAtom(atom.Lookup(name)) {
				continue
			}
			keys, vals = keys[:0], vals[:0]
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if !slices.ContainsFunc(keys, func(s []byte) bool { return bytes.Equal(s, k) }) {
					keys, vals = append(keys, k), append(vals, v)
				}
			}
			if len(keys) < 2 || len(keys) > 255 {
				continue
			}
			// idx lists the source positions in sorted order, as
			// x/net/html sorts: by key, then value.
			idx = idx[:0]
			for i := range keys {
				idx = append(idx, uint8(i))
			}
			slices.SortFunc(idx, func(a, b uint8) int {
				if c := bytes.Compare(keys[a], keys[b]); c != 0 {
					return c
				}
				return bytes.Compare(vals[a], vals[b])
			})
			var mh maphash.Hash
			mh.SetSeed(attrSeed)
			mh.Write(name)
			off := len(perm)
			perm = slices.Grow(perm, len(keys))[:off+len(keys)]
			for rank, i := range idx {
				mh.WriteByte(0)
				mh.Write(keys[i])
				mh.WriteByte('=')
				mh.Write(vals[i])
				perm[off+int(i)] = uint8(rank)
			}
			tags = append(tags, sourceTag{hash: mh.Sum64(), off: int32(off), n: uint8(len(keys))})
		}
	}
}

// hashAttrs hashes a tag name and its attributes, which the parser sorted,
// the way scanFormattingTags hashes a source tag.
func hashAttrs(tag string, attrs []html.Attribute) uint64 {
	var mh maphash.Hash
	mh.SetSeed(attrSeed)
	mh.WriteString(tag)
	for _, a := range attrs {
		mh.WriteByte(0)
		mh.WriteString(a.Key)
		mh.WriteByte('=')
		mh.WriteString(a.Val)
	}
	return mh.Sum64()
}

// foreignContent follows, for scanFormattingTagsIn, the SVG and MathML
// elements open in the source, as the tree builder's rules for foreign
// content place them (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign):
// a start tag there makes a foreign element, which the tokenizer does not
// read as raw text, so that `<svg><style><b title=t href=h>` (whose <b>
// breaks out of the svg) or an SVG `<style/>` does not hide the formatting
// tags after it. It is empty, and costs nothing, on pages without inline
// SVG or MathML.
type foreignContent struct {
	open []foreignElement
}

// A foreignElement is an element open in foreign content: html marks an
// HTML element or an integration point (an SVG foreignObject, desc or
// title, a MathML text integration point), whose children are HTML.
type foreignElement struct {
	name string
	math bool
	html bool
}

// start takes a start tag; it reports whether the element is foreign.
// attrs says the tag has attributes (a <font> with any breaks out only
// with color, face or size, which this does not look at).
func (fc *foreignContent) start(name []byte, selfClosing, attrs bool) bool {
	inForeign := len(fc.open) > 0 && !fc.open[len(fc.open)-1].html
	if inForeign && breaksOutOfForeign(name, attrs) {
		// the breakout pops the foreign elements up to an HTML one
		for len(fc.open) > 0 && !fc.open[len(fc.open)-1].html {
			fc.open = fc.open[:len(fc.open)-1]
		}
		inForeign = false
	}
	math := false
	switch {
	case inForeign:
		math = fc.open[len(fc.open)-1].math
	case string(name) == "svg":
	case string(name) == "math":
		math = true
	default:
		if len(fc.open) > 0 && !selfClosing && !isVoidElement(string(name)) {
			// an HTML element inside an integration point: kept so
			// that its end tag does not close foreign elements
			fc.open = append(fc.open, foreignElement{name: string(name), html: true})
		}
		return false
	}
	if !selfClosing {
		fc.open = append(fc.open, foreignElement{name: string(name), math: math, html: integrationPoint(name, math)})
	}
	return true
}

// end takes an end tag: the elements up to the nearest open one of its
// name are closed.
func (fc *foreignContent) end(name []byte) {
	for i := len(fc.open) - 1; i >= 0; i-- {
		if fc.open[i].name == string(name) {
			fc.open = fc.open[:i]
			return
		}
	}
}

// integrationPoint reports the foreign elements whose children are HTML
// (https://html.spec.whatwg.org/multipage/parsing.html#html-integration-point,
// and MathML's text integration points).
func integrationPoint(name []byte, math bool) bool {
	if math {
		switch string(name) {
		case "mi", "mo", "mn", "ms", "mtext":
			return true
		}
		return false
	}
	switch string(name) {
	case "foreignobject", "desc", "title":
		return true
	}
	return false
}

// breaksOutOfForeign reports the start tags that end foreign content.
func breaksOutOfForeign(name []byte, attrs bool) bool {
	switch string(name) {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed",
		"h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr",
		"ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var":
		return true
	case "font":
		return attrs
	}
	return false
}
