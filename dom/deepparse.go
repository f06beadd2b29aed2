package dom

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// Documents nested too deep for x/net/html.
//
// x/net/html refuses a document whose stack of open elements grows past 512
// (it returns an error instead of a tree), so a page of 100,000 nested divs,
// or binary garbage served as text/html, would not render at all. Browsers
// keep parsing: Blink attaches an element that would nest deeper than 512
// to its parent's parent instead (kMaximumHTMLParserDOMTreeDepth; the HTML
// standard itself sets no limit). flattenDeep does the same to the source,
// before the tree builder sees it: a start tag that would open an element
// more than limit deep first closes the innermost open one, so the deep part
// becomes a run of siblings.

// isDepthError reports whether err is x/net/html's refusal of a document
// nested deeper than it accepts.
func isDepthError(err error) bool {
	return err != nil && strings.Contains(err.Error(), "open stack of elements exceeds")
}

// flattenLimits are the depths flattenDeep is tried with, in turn: the
// tree builder's stack can run deeper than the tags' own nesting (implied
// html, head, body and table sections, reconstructed formatting elements).
var flattenLimits = [...]int{384, 192, 96}

// flattenDeep returns src with an end tag inserted before every start tag
// that would open an element more than limit deep, counting the nesting of
// the tags as written (void elements and self-closing tags open nothing; an
// end tag closes its innermost open namesake and what is inside it).
func flattenDeep(src string, limit int) string {
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/8)
	var open []string
	z := html.NewTokenizer(strings.NewReader(src))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			// EOF: what the tokenizer holds (an unfinished tag) goes
			// through as it is, for the tree builder to treat as it would.
			out.Write(z.Raw())
			break
		}
		raw := z.Raw()
		switch tt {
		case html.StartTagToken:
			// raw is overwritten by TagName: keep it.
			tok := string(raw)
			name, _ := z.TagName()
			if !isVoidElement(string(name)) {
				if len(open) >= limit {
					out.WriteString("</")
					out.WriteString(open[len(open)-1])
					out.WriteByte('>')
					open = open[:len(open)-1]
				}
				open = append(open, string(name))
			}
			out.WriteString(tok)
			continue
		case html.EndTagToken:
			tok := string(raw)
			name, _ := z.TagName()
			for i := len(open) - 1; i >= 0; i-- {
				if open[i] == string(name) {
					open = open[:i]
					break
				}
			}
			out.WriteString(tok)
			continue
		}
		out.Write(raw)
	}
	return out.String()
}

// isVoidElement reports whether name is a void element, which has no end
// tag and contains nothing.
// https://html.spec.whatwg.org/multipage/syntax.html#void-elements
func isVoidElement(name string) bool {
	switch name {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
		"basefont", "bgsound", "frame", "keygen", "param":
		return true
	}
	return false
}
