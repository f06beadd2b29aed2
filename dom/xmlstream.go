package dom

import (
	"errors"
	"io"

	"golang.org/x/net/html/atom"
)

// An XMLStreamParser parses an XML document (a page served as
// application/xhtml+xml, or another XML type) as its scripts run: Next
// parses up to the end tag of the next script element, which the XML
// parser's scripts run at, an external one blocking it
// (https://html.spec.whatwg.org/multipage/xhtml.html#parsing-xhtml-documents).
// Each node is inserted as it is parsed, so scripts see the document up to
// themselves, with its indexes and mutation records. An XML document has no
// document.write, hence no insertion point. It is not safe for concurrent
// use.
type XMLStreamParser struct {
	p    *xmlParser
	err  error // the well-formedness error that ended the parse
	done bool
	// pos is where each script's text begins (its start tag's end).
	pos map[*Node]Position
}

// NewXMLStreamParser returns a parser of src (already decoded to UTF-8)
// into a new XML document.
func NewXMLStreamParser(src string) *XMLStreamParser {
	d := NewXMLDocument()
	return &XMLStreamParser{p: newXMLParser(d, []byte(src), false, true), pos: map[*Node]Position{}}
}

// Document returns the document being parsed.
func (s *XMLStreamParser) Document() *Document { return s.p.d }

// Next parses up to the end tag of the next script element (an HTML or an
// SVG script) and returns it with the position of its text in the source.
// At the end of the input it returns io.EOF; a document that is not
// well-formed ends there too, with Chromium's parsererror element put first
// in its document element (Err reports the error).
func (s *XMLStreamParser) Next() (*Node, Position, error) {
	if s.done {
		return nil, Position{}, io.EOF
	}
	for {
		depth := len(s.p.stack)
		el, err := s.p.step()
		if err != nil {
			s.done = true
			if !errors.Is(err, io.EOF) {
				s.err = err
				s.p.d.addParserError(err)
			}
			return nil, Position{}, io.EOF
		}
		if len(s.p.stack) > depth {
			// A start tag: note where a script's text begins.
			if top := s.p.stack[len(s.p.stack)-1].el; isParserScript(top) {
				line, col := s.p.dec.InputPos()
				s.pos[top] = Position{Line: line, Column: col}
			}
			continue
		}
		if el != nil && isParserScript(el) {
			pos := s.pos[el]
			delete(s.pos, el)
			return el, pos, nil
		}
	}
}

// Err returns the error that made the document not well-formed, once Next
// has reported the end.
func (s *XMLStreamParser) Err() error { return s.err }

func isParserScript(n *Node) bool {
	return n.DataAtom == atom.Script && (n.Namespace == "" || n.Namespace == "svg")
}
