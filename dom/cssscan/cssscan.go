// Package cssscan walks CSS text the way the tokenizer of CSS Syntax
// Level 3 groups it (https://drafts.csswg.org/css-syntax-3/#tokenization),
// without building tokens: strings and escapes are skipped as units, and
// (), [] and {} blocks nest, so that callers can find the separators that
// stand at the top level (the commas of a selector list, the semicolon
// ending a declaration, the brace closing a rule).
//
// Comments are not skipped: the callers strip them first, where they need
// to. It imports nothing but the standard library, and must never import
// anything else: dom and jsruntime both build on it.
package cssscan

import (
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Scanner walks one CSS text. The zero value is not usable; call Reset.
// A Scanner is small and meant to live on the caller's stack.
type Scanner struct {
	src string
	pos int
	// depth is the number of open blocks; near holds the closers the
	// innermost 32 of them wait for, two bits each, and far those of the
	// blocks deeper than that.
	depth int
	near  uint64
	far   []byte
	// strays counts closers that closed nothing; bad records a string
	// cut by a line break or by the end, or an escape at the end.
	strays int
	bad    bool
	// cut is the quote of a string the end of the text cut, or 0.
	cut byte
}

// special marks the bytes Next has more to do for than return them.
var special = [256]bool{'"': true, '\'': true, '\\': true, '(': true, ')': true, '[': true, ']': true, '{': true, '}': true}

// Reset starts the scanner on src.
func (s *Scanner) Reset(src string) {
	*s = Scanner{src: src, far: s.far[:0]}
}

// Next returns the next byte of the text outside strings and escapes, and
// its index; ok is false at the end. A string is returned as its opening
// quote (the next call continues after its closing quote), an escape as
// its backslash (the escaped character is skipped). An opening bracket
// opens a block (Depth counts it from this call on); a closing bracket
// that matches the innermost open block closes it, another one closes
// nothing (it is a stray, as in css-syntax-3's "consume a simple block").
// https://drafts.csswg.org/css-syntax-3/#consume-simple-block
func (s *Scanner) Next() (i int, c byte, ok bool) {
	i = s.pos
	if i >= len(s.src) {
		return i, 0, false
	}
	c = s.src[i]
	s.pos = i + 1
	if special[c] {
		s.token(c)
	}
	return i, c, true
}

// All resets the scanner on src and yields what Next returns, to the end
// of src (Depth and Balanced stay usable inside the loop).
func (s *Scanner) All(src string) iter.Seq2[int, byte] {
	s.Reset(src)
	return func(yield func(int, byte) bool) {
		for {
			i, c, ok := s.Next()
			if !ok || !yield(i, c) {
				return
			}
		}
	}
}

// closers are the two-bit codes of the closing brackets.
const (
	closeParen = 1 + iota
	closeBracket
	closeBrace
)

// token does what Next has to do for the special byte c.
func (s *Scanner) token(c byte) {
	switch c {
	case '"', '\'':
		s.skipString(c)
	case '\\':
		// https://drafts.csswg.org/css-syntax-3/#starts-with-a-valid-escape
		if s.pos >= len(s.src) {
			s.bad = true
		} else if s.src[s.pos] != '\n' {
			s.pos++
		}
	case '(':
		s.push(closeParen)
	case '[':
		s.push(closeBracket)
	case '{':
		s.push(closeBrace)
	case ')':
		s.pop(closeParen)
	case ']':
		s.pop(closeBracket)
	case '}':
		s.pop(closeBrace)
	}
}

func (s *Scanner) push(code uint64) {
	if s.depth < 32 {
		s.near = s.near&^(3<<(2*s.depth)) | code<<(2*s.depth)
	} else {
		s.far = append(s.far, byte(code))
	}
	s.depth++
}

// pop closes the innermost block if code is its closer.
func (s *Scanner) pop(code uint64) {
	var top uint64
	switch {
	case s.depth == 0:
		s.strays++
		return
	case s.depth <= 32:
		top = s.near >> (2 * (s.depth - 1)) & 3
	default:
		top = uint64(s.far[len(s.far)-1])
	}
	if top != code {
		s.strays++
		return
	}
	if s.depth > 32 {
		s.far = s.far[:len(s.far)-1]
	}
	s.depth--
}

// skipString moves past the string whose opening quote q was just read.
// https://drafts.csswg.org/css-syntax-3/#consume-string-token
func (s *Scanner) skipString(q byte) {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch c {
		case q:
			s.pos++
			return
		case '\n', '\r', '\f':
			// A bad string: it ends before the line break.
			s.bad = true
			return
		case '\\':
			s.pos++
			if s.pos >= len(s.src) {
				s.bad = true
				return
			}
		}
		s.pos++
	}
	s.bad = true // the end of the text closed the string
	s.cut = q
}

// Depth is the number of blocks open after the byte Next returned last.
func (s *Scanner) Depth() int { return s.depth }

// Closing returns what the end of the text closes, once Next has read all
// of it: the quote of a string the end cut, then the closers of the blocks
// still open, innermost first ("" when nothing is open). Appending it to the
// text closes everything, as CSS parsing does at the end of input.
// https://drafts.csswg.org/css-syntax-3/#consume-simple-block
func (s *Scanner) Closing() string {
	if s.cut == 0 && s.depth == 0 {
		return ""
	}
	b := make([]byte, 0, 1+s.depth)
	if s.cut != 0 {
		b = append(b, s.cut)
	}
	for d := s.depth; d > 0; d-- {
		var code uint64
		if d > 32 {
			code = uint64(s.far[d-33])
		} else {
			code = s.near >> (2 * (d - 1)) & 3
		}
		b = append(b, ")]}"[code-1])
	}
	return string(b)
}

// Balanced reports whether the text read so far closed every string and
// block it opened, with no stray closer and no escape at the end.
func (s *Scanner) Balanced() bool {
	return s.depth == 0 && s.strays == 0 && !s.bad
}

// Index returns the index of the first sep at the top level of src
// (outside strings, escapes and blocks), or -1.
func Index(src string, sep byte) int {
	var s Scanner
	for i, c := range s.All(src) {
		if c == sep && s.Depth() == 0 {
			return i
		}
	}
	return -1
}

// IndexDeclOrBlock returns the index of the first ';' or '{' at the top
// level of src (outside strings and blocks), and which it is; -1 for
// none: where the next declaration or nested rule of a style rule's block
// ends or opens its own block.
func IndexDeclOrBlock(src string) (int, byte) {
	var s Scanner
	for i, c := range s.All(src) {
		if c == ';' && s.Depth() == 0 || c == '{' && s.Depth() == 1 {
			return i, c
		}
	}
	return -1, 0
}

// Split splits src around each sep at its top level.
func Split(src string, sep byte) []string {
	var out []string
	var s Scanner
	start := 0
	for i, c := range s.All(src) {
		if c == sep && s.Depth() == 0 {
			out = append(out, src[start:i])
			start = i + 1
		}
	}
	return append(out, src[start:])
}

// BlockEnd returns the index of the bracket that closes the block opened
// by the bracket at src[open], or len(src) when nothing closes it (or
// open itself when src[open] opens no block).
func BlockEnd(src string, open int) int {
	var s Scanner
	for i := range s.All(src[open:]) {
		if s.Depth() == 0 {
			return open + i
		}
	}
	return len(src)
}

// Balanced reports whether src closes every string and block it opens,
// with no stray closer and no escape at its end (a value that is not would
// swallow what follows it in a declaration list).
func Balanced(src string) bool {
	var s Scanner
	for range s.All(src) {
	}
	return s.Balanced()
}

// EscapedCodePoint consumes the escape at s[i], a backslash with at least
// one character after it: the code point it stands for and the index past
// it. Up to six hex digits and one white space after them, or else the one
// character escaped; a zero, surrogate or out-of-range code point is
// U+FFFD.
// https://drafts.csswg.org/css-syntax/#consume-escaped-code-point
func EscapedCodePoint(s string, i int) (rune, int) {
	j := i + 1
	for j < len(s) && j < i+7 && isHexByte(s[j]) {
		j++
	}
	if j == i+1 {
		r, n := utf8.DecodeRuneInString(s[j:])
		return r, j + n
	}
	v, _ := strconv.ParseUint(s[i+1:j], 16, 32)
	if v == 0 || v >= 0xD800 && v <= 0xDFFF || v > 0x10FFFF {
		v = 0xFFFD
	}
	if j < len(s) && strings.IndexByte(" \t\n\r\f", s[j]) >= 0 {
		j++
	}
	return rune(v), j
}
