package dom

import (
	"bytes"
	"context"

	"golang.org/x/net/html"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Open, Write and Close are document.open, document.write and
// document.close for a document that has no parser of its own (one made by
// createHTMLDocument, DOMParser or new Document): Open empties it, Write
// parses everything written since Open into it at once, Close ends the
// input. The page's own document, whose parser is fed by its scripts, is
// jsruntime's business.
//
// Every Write parses the whole input again and replaces the children: the
// result equals an incremental parse once the markup written so far is
// complete, which is what such documents are used for (building a page in
// a scratch document, then reading it).

// Open runs the document open steps: an XML document refuses, otherwise
// every event listener of the document and its descendants is erased and
// all children are removed.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document-open-steps
func (d *Document) Open() error {
	if d.xml {
		return newError(InvalidStateError, "document.open is not supported on XML documents")
	}
	// Step 11: erase all event listeners and handlers.
	d.eraseListeners()
	// Step 13: replace all with null within document.
	d.replaceAll(nil)
	// Until the parser reads a doctype (or another token), the document
	// is in no-quirks mode; nodes script appends meanwhile keep it there.
	d.mode = "CSS1Compat"
	d.opened = true
	d.written = d.written[:0]
	return nil
}

// OpenStream runs the document open steps on a document whose scripts
// run (the page's own, after its parser has finished) and returns its new
// script-created parser: document.write feeds it with StreamParser.Write,
// which parses at once and hands back the scripts it completes, and
// document.close ends its input, after which Next returns the scripts
// left and io.EOF. The document object stays the same; its listeners and
// children are gone (see Open). The parser runs a goroutine until Close,
// or until ctx is done (for a page that never closes its document).
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document-open-steps
func (d *Document) OpenStream(ctx context.Context, opts ParseOptions) (*StreamParser, error) {
	if err := d.Open(); err != nil {
		return nil, err
	}
	d.opened = false // the input is the parser's, not Write's
	d.mode = ""      // which sets the mode as it reads the doctype
	return newStreamParser(d, "", nil, opts, ctx.Done())
}

// eraseListeners removes the listeners of n and its shadow-including
// descendants.
func (n *Node) eraseListeners() {
	if n.rare != nil {
		n.rare.events.RemoveAll()
		if sr := n.rare.shadow; sr != nil {
			sr.eraseListeners()
		}
	}
	for k := n.First(); k != nil; k = k.Next() {
		k.eraseListeners()
	}
}

// WrittenInput returns the input written since Open, which Write parses.
func (d *Document) WrittenInput() string { return string(d.written) }

// InputOpen reports whether an Open (or a Write that opened the
// document) is in effect, its input not yet closed.
func (d *Document) InputOpen() bool { return d.opened }

// Write appends text to the document's input, opening the document first
// when no Open is in effect, and makes the document's children the parse
// of the input so far.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document-write-steps
func (d *Document) Write(text string) error {
	if d.xml {
		return newError(InvalidStateError, "document.write is not supported on XML documents")
	}
	if !d.opened {
		if err := d.Open(); err != nil {
			return err
		}
	}
	d.written = append(d.written, text...)
	return d.parseWritten(false)
}

// parseWritten makes the document's children the parse of the input
// written since Open. Before the input ends (final false), a doctype
// token the input has not closed yet is left out: the end of the input
// would make it a quirky doctype that an incremental parser, waiting for
// its ">", has not seen (Chromium's compatMode stays "CSS1Compat").
func (d *Document) parseWritten(final bool) error {
	input := d.written
	if !final {
		input = input[:openDoctypeStart(input)]
		if len(bytes.TrimLeft(input, " \t\n\f\r")) == 0 {
			// No token yet: no nodes, and still no-quirks mode.
			d.replaceAll(nil)
			d.mode = "CSS1Compat"
			return nil
		}
	}
	p, err := ParseWithOptions(bytes.NewReader(input), ParseOptions{NoScripting: !d.Scripting, NoShadowRoots: true, FormPointer: d.ParentTarget != nil})
	if err != nil {
		return err
	}
	d.replaceAll(nil)
	d.mode = p.CompatMode() // the written markup decides again
	// Input that has not left the "before html" insertion mode (a doctype,
	// comments, white space) has no html element yet: an incremental
	// parser makes it at the next token, this parse made it for the end
	// of the input (Chromium: write("<!DOCTYPE html>") leaves one child).
	beforeHTML := !final && onlyBeforeHTML(input)
	for k := p.First(); k != nil; {
		next := k.Next()
		if beforeHTML && k.IsElement() {
			k = next
			continue
		}
		a, err := d.AdoptNode(k)
		if err != nil {
			return err
		}
		if _, err := d.AppendChild(a); err != nil {
			return err
		}
		k = next
	}
	return nil
}

// Close ends the input of a document opened by Open or Write; without one
// it does nothing. Ending an input nothing was written to still runs the
// parser to its end, which leaves the implied html, head and body.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-document-close
func (d *Document) Close() error {
	if d.xml {
		return newError(InvalidStateError, "document.close is not supported on XML documents")
	}
	if d.opened && (openDoctypeStart(d.written) < len(d.written) || onlyBeforeHTML(d.written)) {
		// Nothing written, or what parseWritten left for the end.
		if err := d.parseWritten(true); err != nil {
			return err
		}
	}
	d.opened = false
	d.written = d.written[:0]
	return nil
}

// onlyBeforeHTML reports whether input holds only tokens the "before
// html" insertion mode takes without making the html element: doctypes,
// comments and white space.
// https://html.spec.whatwg.org/multipage/parsing.html#the-before-html-insertion-mode
func onlyBeforeHTML(input []byte) bool {
	z := html.NewTokenizer(bytes.NewReader(input))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return true
		case html.DoctypeToken, html.CommentToken:
		case html.TextToken:
			if len(bytes.TrimLeft(z.Raw(), " \t\n\f\r")) != 0 {
				return false
			}
		default:
			return false
		}
	}
}

// openDoctypeStart returns where a "<!doctype" that no ">" follows starts
// in input, or len(input) when there is none.
func openDoctypeStart(input []byte) int {
	const doctype = "<!doctype"
	i := bytes.LastIndex(input, []byte("<!"))
	if i < 0 || bytes.IndexByte(input[i:], '>') >= 0 {
		return len(input)
	}
	rest := input[i:]
	if len(rest) > len(doctype) {
		rest = rest[:len(doctype)]
	}
	if !ascii.EqualFoldBytes(rest, doctype[:len(rest)]) {
		return len(input)
	}
	return i
}
