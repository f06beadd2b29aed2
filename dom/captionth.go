package dom

import (
	"io"
	"strings"
	"sync"
	"unsafe"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A <th> start tag in a table caption.
//
// The HTML standard's "in caption" insertion mode closes the caption at a
// <th> start tag, as at <td>, <tr> and the other table tags, and reprocesses
// the tag in the table (a row is opened for the cell); Chromium does. x/net
// v0.62's caption mode lists every one of those tags but th, so the tag goes
// to the "in body" rules, which ignore it: the cell's content stayed in the
// caption. (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption)
//
// The caption's own end tag does exactly what the standard does before
// reprocessing the th (pop to the caption, clear the active formatting
// elements to the last marker, switch to "in table"). So x/net/html is fed a
// "</caption>" just before such a th: the input is cut at each <th> start
// tag read while a <caption> start tag is not closed by its end tag in the
// source (found by a tokenizer pass over the source, only when a scan for
// tag names finds one, so a "<th" in a comment, an attribute or raw text
// is no tag), and
// when the parser asks for the bytes from there, the end tag goes first if
// the parser is then in caption mode with a caption in table scope and the
// tag will reach the insertion mode (the current node is HTML, or an
// integration point, and no raw text element). A fragment whose context is a
// caption has none on its stack, and the standard ignores its th: nothing is
// added there. The source's offsets do not move (the end tag is fed, not
// written into it), and it makes no node.

// captionMode is the code pointer of x/net/html's "in caption" insertion
// mode; found once by parsing "<table><caption>".
var captionMode = sync.OnceValue(func() uintptr {
	l := templateStopLayout()
	if !l.ok || !parserLayout().ok {
		return 0
	}
	var state unsafe.Pointer
	if _, err := html.ParseWithOptions(strings.NewReader("<table><caption>"), parserHook(&state)); err != nil {
		return 0
	}
	code := modeCode(state, l.im)
	// The mode must differ from the table's.
	var other unsafe.Pointer
	if _, err := html.ParseWithOptions(strings.NewReader("<table>"), parserHook(&other)); err != nil || modeCode(other, l.im) == code {
		return 0
	}
	return code
})

// mayHaveCaptionTh reports, cheaply, whether src has a "<th" tag name
// while more "<caption" tag names than "</caption" ones came before it
// (any case; captions nest in the tables of captions): only then can a th
// be in a caption. Captions closed by their end tags before the table's
// header cells, as pages write them, make no work.
func mayHaveCaptionTh(src string) bool {
	open := 0
	for rest, end := range tagStarts(src) {
		switch {
		case hasTagName(rest, "caption"):
			open = captionsOpen(open, end)
		case open > 0 && !end && hasTagName(rest, "th"):
			return true
		}
	}
	return false
}

// captionThs returns the offsets of the <th> start tags in src read while
// more <caption> start tags than end tags came before (as
// mayHaveCaptionTh counts them, a tokenizer reading src); nil when there
// are none.
func captionThs(src string) []int {
	if !mayHaveCaptionTh(src) || captionMode() == 0 {
		return nil
	}
	z := html.NewTokenizer(strings.NewReader(src))
	var offs []int
	open := 0
	for off := 0; ; {
		tt := z.Next()
		if tt == html.ErrorToken {
			return offs
		}
		if tt == html.StartTagToken || tt == html.EndTagToken {
			name, _ := z.TagName()
			switch atom.Lookup(name) {
			case atom.Caption:
				open = captionsOpen(open, tt == html.EndTagToken)
			case atom.Th:
				if open > 0 && tt == html.StartTagToken {
					offs = append(offs, off)
				}
			}
		}
		off += len(z.Raw())
	}
}

// captionsOpen is the count of captions open textually, open before a
// caption start tag or (end) end tag.
func captionsOpen(open int, end bool) int {
	if end {
		return max(open-1, 0)
	}
	return open + 1
}

// closesCaption reports whether x/net/html's parser at state, about to read
// a <th> start tag, would ignore it in a caption the standard closes there.
func closesCaption(state unsafe.Pointer) bool {
	code := captionMode()
	if state == nil || code == 0 || modeCode(state, templateStopLayout().im) != code {
		return false
	}
	oe := *(*[]*html.Node)(unsafe.Add(state, parserLayout().oe))
	if len(oe) == 0 || !reachesMode(oe[len(oe)-1]) {
		return false
	}
	for i := len(oe) - 1; i >= 0; i-- {
		n := oe[i]
		if n.Namespace != "" {
			continue
		}
		switch n.DataAtom {
		case atom.Caption:
			return true
		case atom.Html, atom.Table, atom.Template:
			return false
		}
	}
	return false
}

// reachesMode reports whether a start tag read with n as the current node
// is handled by the insertion mode (not as foreign content), and the
// tokenizer reads it as a tag (n holds no raw text).
func reachesMode(n *html.Node) bool {
	switch n.Namespace {
	case "":
		switch n.DataAtom {
		case atom.Script, atom.Style, atom.Textarea, atom.Title, atom.Xmp, atom.Iframe,
			atom.Noembed, atom.Noframes, atom.Noscript, atom.Plaintext:
			return false
		}
		return true
	case "svg":
		return n.DataAtom == atom.ForeignObject || n.DataAtom == atom.Desc || n.DataAtom == atom.Title
	case "math":
		switch n.DataAtom {
		case atom.Mi, atom.Mo, atom.Mn, atom.Ms, atom.Mtext:
			return true
		case atom.AnnotationXml:
			for _, a := range n.Attr {
				if a.Namespace == "" && a.Key == "encoding" {
					return ascii.EqualFold(a.Val, "text/html") || ascii.EqualFold(a.Val, "application/xhtml+xml")
				}
			}
		}
	}
	return false
}

// captionReader is the input of a whole parse, cut at the <th> start tags
// of captionThs, with "</caption>" fed before one when closesCaption says
// so.
type captionReader struct {
	src   string
	pos   int
	cuts  []int          // offsets still ahead
	state unsafe.Pointer // the parser, set by its hook
	extra string         // end tag bytes not read yet
}

// newCaptionReader returns the input for parsing src and the option that
// lets it watch the parser; nil, nil when src has no th to watch.
func newCaptionReader(src string) (io.Reader, html.ParseOption) {
	cuts := captionThs(src)
	if cuts == nil {
		return nil, nil
	}
	r := &captionReader{src: src, cuts: cuts}
	return r, parserHook(&r.state)
}

func (r *captionReader) Read(b []byte) (int, error) {
	if r.extra == "" && len(r.cuts) > 0 && r.cuts[0] == r.pos {
		r.cuts = r.cuts[1:]
		if closesCaption(r.state) {
			r.extra = "</caption>"
		}
	}
	if r.extra != "" {
		n := copy(b, r.extra)
		r.extra = r.extra[n:]
		return n, nil
	}
	if r.pos == len(r.src) {
		return 0, io.EOF
	}
	end := len(r.src)
	if len(r.cuts) > 0 {
		end = r.cuts[0]
	}
	n := copy(b, r.src[r.pos:end])
	r.pos += n
	return n, nil
}
