package dom

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// HTML processing instructions
// (https://html.spec.whatwg.org/multipage/parsing.html#processing-instruction-state):
// the HTML parser reads <?target data?> as a ProcessingInstruction node
// where it used to read a bogus comment, consuming the same characters (up
// to the first ">"). x/net/html still makes a comment of them, whose data
// is everything between "<" and ">" ("?target data?"); piFromBogusComment
// turns such a comment into the processing instruction the standard's
// tokenizer makes, as Chromium does.
//
// A comment written <!--?t d?--> has the same data, so the comment is taken
// for a bogus one only when the markup holds "<" + data + ">" (looked up in
// an index of the markup's "<?...>" runs, made once: a search of the markup
// for each comment made a page of 50,000 of them parse for seconds).

// piFromBogusComment returns the target and data of the processing
// instruction that the comment data of a bogus comment read from src
// stands for, or ok=false when it stays a comment: the target must start
// with an ASCII letter or "_" and go on with ASCII letters, digits, "-"
// and "_" up to white space, "?" or the end; "xml" and "xml-stylesheet"
// (any case) stay comments.
func piFromBogusComment(data string, src *bogusComments) (target, piData string, ok bool) {
	if len(data) < 2 || data[0] != '?' || !isPITargetStart(data[1]) {
		return "", "", false
	}
	i := 2
	for i < len(data) && isPITargetChar(data[i]) {
		i++
	}
	if i < len(data) && data[i] != '?' && !isPIWhite(data[i]) {
		return "", "", false
	}
	target = data[1:i]
	if ascii.EqualFold(target, "xml") || ascii.EqualFold(target, "xml-stylesheet") {
		return "", "", false
	}
	if !src.has(data) {
		return "", "", false // a real comment, <!--?...-->
	}
	for i < len(data) && isPIWhite(data[i]) {
		i++
	}
	// A "?" just before the closing ">" ends the instruction ("?>").
	piData = strings.TrimSuffix(data[i:], "?")
	return target, piData, true
}

func isPITargetStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

func isPITargetChar(c byte) bool {
	return isPITargetStart(c) || '0' <= c && c <= '9' || c == '-'
}

func isPIWhite(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// bogusComments answers whether a markup source holds "<" + data + ">" for
// the data of a comment starting with "?".
type bogusComments struct {
	src  string
	data map[string]struct{} // the runs after each "<?", up to ">"; nil until needed
}

func (b *bogusComments) has(data string) bool {
	if b.data == nil {
		b.data = make(map[string]struct{})
		for i := 0; ; {
			k := strings.Index(b.src[i:], "<?")
			if k < 0 {
				break
			}
			start := i + k + 1
			e := strings.IndexByte(b.src[start:], '>')
			if e < 0 {
				break
			}
			b.data[b.src[start:start+e]] = struct{}{}
			i = start + 1 // "<?a <?b>" holds both "?a <?b" and "?b"
		}
	}
	_, ok := b.data[data]
	return ok
}

// becomePI makes n, a comment the HTML parser made from a bogus comment in
// src, the processing instruction it stands for, if it stands for one.
func (n *Node) becomePI(src *bogusComments) {
	if target, data, ok := piFromBogusComment(n.Data, src); ok {
		n.Type = processingInstructionNode
		n.Data = data
		n.rareData().prefix = target
	}
}
