package dom

import (
	"io"
	"strings"
	"unsafe"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The HTML parser's form element pointer
// (https://html.spec.whatwg.org/multipage/parsing.html#form-element-pointer)
// outlives the form element when the form is popped before its end tag:
// `<table><form><tr><td><input>` (a form in a table is inserted empty and
// popped at once) or `<div><form></div><input>`. A form-associated element
// the parser inserts while the pointer is set is associated with that
// form (https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token),
// though it is no descendant of it, and keeps it as its form owner while
// its parser inserted flag holds. Legacy pages build forms this way.
//
// x/net/html keeps the pointer to itself. A StreamParser's input pipe
// ends its reads just before the next "<" after each form control's start
// tag: when the parser asks for more it has inserted that control, and the
// pipe reads the pointer and the stack of open elements from the parser's
// private state (parserLayout) and records the control and the form when
// the form is not an ancestor of the control (else the form owner is the
// same either way). The mirror gives the controls' Nodes their parserForm
// (FormOwner). A document of a browsing context parsed whole (one with
// no script, a frame's, document.open's) reads through a formReader that
// does the same (ParseOptions.FormPointer). Like Chromium, documents with
// no browsing context (DOMParser's, createHTMLDocument's) and fragments
// associate nothing.

// formPointers is a streamPipe's record of the parser's associations.
type formPointers struct {
	state *unsafe.Pointer // the parser
	// until is how many bytes of the pipe's buffer are handed out before
	// the next look (-1: not known yet); tag is the control whose start
	// tag ends there (0: none); check says a look is due at until.
	until int
	tag   atom.Atom
	check bool
	last  *html.Node // the control the last look found
	pairs []formPair // not yet given to the mirror
}

type formPair struct{ control, form *html.Node }

// hasFormTag reports whether src contains "<form" in any case.
func hasFormTag(src string) bool {
	for i := 0; ; {
		j := strings.IndexByte(src[i:], '<')
		if j < 0 {
			return false
		}
		i += j + 1
		if len(src)-i >= 4 && ascii.EqualFold(src[i:i+4], "form") {
			return true
		}
	}
}

// nextControlEnd returns where the first piece of s that ends after a
// form control's start tag ends (just before the "<" that follows it, or
// the end of s) and that control's tag; with no control it returns len(s)
// and 0.
func nextControlEnd(s string) (int, atom.Atom) {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return len(s), 0
		}
		i += j + 1
		k := i
		for k < len(s) && !tagNameEnd(s[k]) {
			k++
		}
		if k == len(s) {
			return len(s), 0
		}
		a := controlTag(s[i:k])
		if a == 0 {
			continue
		}
		if e := strings.IndexByte(s[k:], '<'); e >= 0 {
			return k + e, a
		}
		return len(s), a
	}
}

// controlTag returns the atom of a listed element's tag name (any case),
// or 0.
func controlTag(name string) atom.Atom {
	if len(name) < 5 || len(name) > 8 {
		return 0
	}
	for _, a := range [...]atom.Atom{atom.Input, atom.Button, atom.Select, atom.Textarea, atom.Fieldset, atom.Output, atom.Object} {
		if ascii.EqualFold(name, a.String()) {
			return a
		}
	}
	return 0
}

// take hands out the start of *buf for a read into b: up to just before
// the next "<" after a form control's start tag, so that when the parser
// asks for more it has inserted that control (look).
func (fp *formPointers) take(b []byte, buf *string) int {
	if fp.until < 0 {
		fp.until, fp.tag = nextControlEnd(*buf)
		fp.check = fp.tag != 0
	}
	n := copy(b, (*buf)[:fp.until])
	*buf = (*buf)[n:]
	fp.until -= n
	if fp.until == 0 && !fp.check {
		fp.until = -1
	}
	return n
}

// A formReader watches the form element pointer of a parser that reads a
// whole document through it (ParseOptions.FormPointer), as a
// StreamParser's pipe does: src is the markup, or inner the reader it
// comes through.
type formReader struct {
	buf   string
	inner io.Reader
	tmp   []byte
	state unsafe.Pointer // the parser
	fp    formPointers
}

// newFormReader returns a formReader for src, or nil when src has no form
// or the parser's pointer cannot be read.
func newFormReader(src string) *formReader {
	if parserLayout().form == ^uintptr(0) || !hasFormTag(src) {
		return nil
	}
	r := &formReader{buf: src}
	r.fp = formPointers{state: &r.state, until: -1}
	return r
}

// through makes r read what inner gives (markup rewritten on the way)
// instead of its source.
func (r *formReader) through(inner io.Reader, size int) {
	r.inner, r.buf, r.tmp = inner, "", make([]byte, size+16)
}

func (r *formReader) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	if r.fp.check && r.fp.until == 0 {
		r.fp.look()
	}
	for r.buf == "" {
		if r.inner == nil {
			return 0, io.EOF
		}
		n, err := r.inner.Read(r.tmp)
		if n == 0 {
			if err == nil {
				continue
			}
			return 0, err
		}
		r.buf = string(r.tmp[:n])
	}
	return r.fp.take(b, &r.buf), nil
}

// formPairs returns, for the nodes a converter made from the parse r
// watched, each control's form (nil when nothing was recorded).
func (r *formReader) formPairs() map[*html.Node]*Node {
	if r == nil || len(r.fp.pairs) == 0 {
		return nil
	}
	m := make(map[*html.Node]*Node, 2*len(r.fp.pairs))
	for _, pr := range r.fp.pairs {
		m[pr.control], m[pr.form] = nil, nil
	}
	return m
}

// applyFormPairs gives the controls of pairs, converted into the nodes
// m holds, their forms as parserForm.
func applyFormPairs(pairs []formPair, m map[*html.Node]*Node) {
	for _, pr := range pairs {
		c, f := m[pr.control], m[pr.form]
		if c != nil && f != nil && c.doc != nil {
			c.form().parserForm = f
			c.doc.parserForms++
		}
	}
}

// look finds the control of fp.tag the parser just inserted and records
// it with the form element pointer's form when the association is one
// the tree does not give.
func (fp *formPointers) look() {
	fp.check, fp.until = false, -1
	st := *fp.state
	if st == nil {
		return
	}
	lay := parserLayout()
	form := *(**html.Node)(unsafe.Add(st, lay.form))
	if form == nil {
		return
	}
	oe := *(*[]*html.Node)(unsafe.Add(st, lay.oe))
	if len(oe) == 0 {
		return
	}
	is := func(h *html.Node) bool {
		return h != nil && h != fp.last && h.Type == html.ElementNode && h.DataAtom == fp.tag && h.Namespace == ""
	}
	var c *html.Node
	switch top := oe[len(oe)-1]; {
	case fp.tag != atom.Input:
		// still open
		if is(top) {
			c = top
		}
	case is(top.LastChild):
		c = top.LastChild
	default:
		// foster parented: before the table
		for i := len(oe) - 1; i >= 0; i-- {
			if t := oe[i]; t.DataAtom == atom.Table && t.Namespace == "" {
				if t.Parent != nil && is(t.PrevSibling) {
					c = t.PrevSibling
				}
				break
			}
		}
	}
	if c == nil {
		return
	}
	fp.last = c
	for _, e := range oe {
		if e.DataAtom == atom.Template && e.Namespace == "" {
			return
		}
	}
	for _, a := range c.Attr {
		if a.Namespace == "" && a.Key == "form" {
			return
		}
	}
	for q := c.Parent; q != nil; q = q.Parent {
		if q == form {
			return
		}
	}
	fp.pairs = append(fp.pairs, formPair{c, form})
}

// applyFormPointers gives the mirrored controls the parser associated
// with a form that is not their ancestor that form as their parserForm;
// those not mirrored yet wait for the next pause.
func (p *StreamParser) applyFormPointers() {
	fp := p.in.forms
	if fp == nil || len(fp.pairs) == 0 {
		return
	}
	kept := fp.pairs[:0]
	for _, pr := range fp.pairs {
		c, ok := p.m[pr.control]
		f, ok2 := p.m[pr.form]
		if !ok || !ok2 {
			kept = append(kept, pr)
			continue
		}
		if c.node != nil && f.node != nil && c.node.doc != nil {
			c.node.form().parserForm = f.node
			c.node.doc.parserForms++
		}
	}
	clear(fp.pairs[len(kept):])
	fp.pairs = kept
}

// clearParserForm resets n's form owner from its parser association
// (unsets its parser inserted flag).
func (n *Node) clearParserForm() {
	if f := n.formState(); f != nil && f.parserForm != nil {
		f.parserForm = nil
		if n.doc != nil && n.doc.parserForms > 0 {
			n.doc.parserForms--
		}
	}
}

// resetParserForms runs the removal steps of the elements of k's subtree,
// just taken out of its tree, that have a parserForm: those no longer in
// one tree with their form have their form owner reset.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#association-of-controls-and-forms
func (d *Document) resetParserForms(k *Node) {
	k.Descendants(func(c *Node) bool {
		if f := c.formState(); f != nil && f.parserForm != nil && f.parserForm.Root() != k {
			c.clearParserForm()
		}
		return true
	})
	if f := k.formState(); f != nil && f.parserForm != nil && f.parserForm.Root() != k {
		k.clearParserForm()
	}
}
