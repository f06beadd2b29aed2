package dom

import "strings"

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
// for a bogus one only when the markup holds "<" + data + ">".

// piFromBogusComment returns the target and data of the processing
// instruction that the comment data of a bogus comment read from src
// stands for, or ok=false when it stays a comment: the target must start
// with an ASCII letter or "_" and go on with ASCII letters, digits, "-"
// and "_" up to white space, "?" or the end; "xml" and "xml-stylesheet"
// (any case) stay comments.
func piFromBogusComment(data, src string) (target, piData string, ok bool) {
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
	if strings.EqualFold(target, "xml") || strings.EqualFold(target, "xml-stylesheet") {
		return "", "", false
	}
	if !strings.Contains(src, "<"+data+">") {
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

// becomePI makes n, a comment the HTML parser made from a bogus comment in
// src, the processing instruction it stands for, if it stands for one.
func (n *Node) becomePI(src string) {
	if target, data, ok := piFromBogusComment(n.Data, src); ok {
		n.Type = processingInstructionNode
		n.Data = data
		n.rareData().prefix = target
	}
}
