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
// the data of a comment starting with "?", or ends with "<" + data.
type bogusComments struct {
	src  string
	data map[string]struct{} // the runs after each "<?", up to ">"; nil until needed
	// eof is the run after the last "<?" when no ">" follows it: the data
	// of the bogus comment x/net/html makes at the end of the input (line
	// breaks normalized, NUL as U+FFFD, as in comment data); eofDropped is
	// set once a comment of that data was dropped.
	eof        string
	eofDropped bool
}

func (b *bogusComments) index() {
	if b.data != nil {
		return
	}
	b.data = make(map[string]struct{})
	for i := 0; ; {
		k := strings.Index(b.src[i:], "<?")
		if k < 0 {
			break
		}
		start := i + k + 1
		e := strings.IndexByte(b.src[start:], '>')
		if e < 0 {
			b.eof = b.src[start:]
			if strings.ContainsAny(b.eof, "\r\x00") {
				b.eof = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\x00", "\uFFFD").Replace(b.eof)
			}
			break
		}
		b.data[b.src[start:start+e]] = struct{}{}
		i = start + 1 // "<?a <?b>" holds both "?a <?b" and "?b"
	}
}

func (b *bogusComments) has(data string) bool {
	b.index()
	_, ok := b.data[data]
	return ok
}

// dropAtEOF says whether the comment of data, which x/net/html made of a
// bogus comment at the end of the input, is the unfinished processing
// instruction the standard's tokenizer emits nothing for: "<?" alone, a
// target cut by the end ("<?xml" too), or a target other than xml and
// xml-stylesheet followed by white space or "?" and anything ("<?t d").
// As in Chromium; the other runs ("<? ", "<?a$", "<?xml d") stay comments.
// It answers true once: a real comment <!--?t--> of the same data stays.
func (b *bogusComments) dropAtEOF(data string) bool {
	if b.eofDropped || len(data) == 0 || data[0] != '?' {
		return false
	}
	b.index()
	if data != b.eof {
		return false
	}
	rest := data[1:]
	if rest != "" {
		if !isPITargetStart(rest[0]) {
			return false
		}
		i := 1
		for i < len(rest) && isPITargetChar(rest[i]) {
			i++
		}
		if i < len(rest) {
			if rest[i] != '?' && !isPIWhite(rest[i]) {
				return false
			}
			if t := rest[:i]; ascii.EqualFold(t, "xml") || ascii.EqualFold(t, "xml-stylesheet") {
				return false
			}
		}
	}
	b.eofDropped = true
	return true
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
