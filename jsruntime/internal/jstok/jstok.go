// Package jstok is a small JavaScript tokenizer: enough to find where a
// function that starts at a known offset of a script's text ends
// (jsruntime's Function.prototype.toString of lowered scripts) and to
// rename identifiers in esbuild's output (webapi's lowering helpers).
package jstok

import (
	"strings"
	"unicode/utf8"
)

// The tokenizer knows comments, strings, template literals and their substitutions, regular
// expression literals (told from division by the token before, as
// tokenizers without a parser do), numbers, names and punctuators, and
// reports whether a line break came before each token.

// A Kind is a token's kind.
type Kind uint8

const (
	EOF Kind = iota
	Name
	Number
	String
	Template // a whole template literal, substitutions included
	RegExp
	Punct
)

// A Token is one token: its kind, its byte offsets, its text (names and
// punctuators) and whether a line terminator came before it.
type Token struct {
	Kind      Kind
	Start     int
	End       int
	Text      string // for Name and Punct
	LineBreak bool   // a line terminator came before it
}

// A Scanner reads tokens from Src, from Pos.
type Scanner struct {
	src  string
	pos  int
	prev Token // the token before, for regexp or division
	err  bool  // unterminated literal or comment
}

// NewScanner returns a Scanner reading src from offset pos, as if a
// statement started there.
func NewScanner(src string, pos int) *Scanner { return &Scanner{src: src, pos: pos} }

// Err reports whether the scanner met an unterminated literal or comment.
func (s *Scanner) Err() bool { return s.err }

// skipSpace skips white space and comments, reporting whether it crossed
// a line terminator.
func (s *Scanner) skipSpace() (lineBreak bool) {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\n' || c == '\r':
			lineBreak = true
			s.pos++
		case c == ' ' || c == '\t' || c == '\v' || c == '\f':
			s.pos++
		case c == '/' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '/':
			for s.pos < len(s.src) && s.src[s.pos] != '\n' && s.src[s.pos] != '\r' {
				s.pos++
			}
		case c == '/' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '*':
			end := strings.Index(s.src[s.pos+2:], "*/")
			if end < 0 {
				s.err = true
				s.pos = len(s.src)
				return
			}
			if strings.ContainsAny(s.src[s.pos+2:s.pos+2+end], "\n\r\u2028\u2029") {
				lineBreak = true
			}
			s.pos += end + 4
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s.src[s.pos:])
			switch r {
			case '\u2028', '\u2029':
				lineBreak = true
			case '\u00a0', '\ufeff', '\u1680', '\u202f', '\u205f', '\u3000':
			default:
				if r < '\u2000' || r > '\u200a' {
					return
				}
			}
			s.pos += n
		default:
			return
		}
	}
	return
}

// IsNameByte reports whether c may be part of a name (any non-ASCII byte
// is taken as one).
func IsNameByte(c byte) bool {
	return c == '_' || c == '$' || c == '\\' || c >= utf8.RuneSelf ||
		'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// puncts are the punctuators longer than one character, longest first.
var puncts = []string{">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
	"=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=",
	"&=", "|=", "^=", "**", "<<", ">>"}

// regexpAfter reports whether a / after t starts a regular expression.
func regexpAfter(t Token) bool {
	switch t.Kind {
	case EOF:
		return true
	case Name:
		switch t.Text {
		case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
			"case", "do", "else", "yield", "await":
			return true
		}
		return false
	case Punct:
		return t.Text != ")" && t.Text != "]" && t.Text != "}"
	}
	return false
}

// Next returns the next token (EOF at the end).
func (s *Scanner) Next() Token {
	lb := s.skipSpace()
	t := Token{Start: s.pos, LineBreak: lb}
	if s.pos >= len(s.src) {
		t.Kind, t.End = EOF, s.pos
		return t
	}
	c := s.src[s.pos]
	switch {
	case c == '"' || c == '\'':
		s.pos++
		for s.pos < len(s.src) && s.src[s.pos] != c {
			if s.src[s.pos] == '\\' {
				s.pos++
			} else if s.src[s.pos] == '\n' {
				s.err = true
				break
			}
			s.pos++
		}
		if s.pos >= len(s.src) {
			s.err = true
		}
		s.pos = min(s.pos+1, len(s.src))
		t.Kind = String
	case c == '`':
		s.pos++
		s.template()
		t.Kind = Template
	case '0' <= c && c <= '9' || c == '.' && s.pos+1 < len(s.src) && '0' <= s.src[s.pos+1] && s.src[s.pos+1] <= '9':
		for s.pos < len(s.src) {
			d := s.src[s.pos]
			if (d == 'e' || d == 'E') && s.pos+1 < len(s.src) && (s.src[s.pos+1] == '+' || s.src[s.pos+1] == '-') &&
				!strings.HasPrefix(s.src[t.Start:], "0x") && !strings.HasPrefix(s.src[t.Start:], "0X") {
				s.pos += 2
				continue
			}
			if !IsNameByte(d) && d != '.' || d == '\\' || d >= utf8.RuneSelf {
				break
			}
			s.pos++
		}
		t.Kind = Number
	case IsNameByte(c) || c == '#':
		s.pos++
		for s.pos < len(s.src) && IsNameByte(s.src[s.pos]) {
			if s.src[s.pos] >= utf8.RuneSelf {
				r, n := utf8.DecodeRuneInString(s.src[s.pos:])
				if r == '\u2028' || r == '\u2029' || r == '\u00a0' || r == '\ufeff' || r == '\u3000' || r >= '\u2000' && r <= '\u200a' {
					break
				}
				s.pos += n
				continue
			}
			if s.src[s.pos] == '\\' {
				s.pos++
			}
			s.pos++
		}
		s.pos = min(s.pos, len(s.src))
		t.Kind, t.Text = Name, s.src[t.Start:s.pos]
	case c == '/' && regexpAfter(s.prev):
		s.pos++
		class := false
		for s.pos < len(s.src) {
			d := s.src[s.pos]
			if d == '\n' || d == '\r' {
				s.err = true
				break
			}
			s.pos++
			if d == '\\' {
				s.pos++
			} else if d == '[' {
				class = true
			} else if d == ']' {
				class = false
			} else if d == '/' && !class {
				break
			}
		}
		for s.pos < len(s.src) && IsNameByte(s.src[s.pos]) {
			s.pos++
		}
		s.pos = min(s.pos, len(s.src))
		t.Kind = RegExp
	default:
		t.Kind = Punct
		n := 1
		for _, p := range puncts {
			if strings.HasPrefix(s.src[s.pos:], p) {
				if p == "?." && s.pos+2 < len(s.src) && '0' <= s.src[s.pos+2] && s.src[s.pos+2] <= '9' {
					continue
				}
				n = len(p)
				break
			}
		}
		s.pos += n
		t.Text = s.src[t.Start:s.pos]
	}
	t.End = s.pos
	s.prev = t
	return t
}

// template skips the rest of a template literal whose ` was just read,
// substitutions included.
func (s *Scanner) template() {
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case '\\':
			s.pos += 2
			continue
		case '`':
			s.pos++
			return
		case '$':
			if s.pos+1 < len(s.src) && s.src[s.pos+1] == '{' {
				s.pos += 2
				s.prev = Token{Kind: Punct, Text: "{"}
				depth := 0
				for {
					t := s.Next()
					if t.Kind == EOF {
						s.err = true
						return
					}
					if t.Kind != Punct {
						continue
					}
					switch t.Text {
					case "{", "(", "[":
						depth++
					case "}", ")", "]":
						depth--
					}
					if depth < 0 {
						break
					}
				}
				continue
			}
		}
		s.pos++
	}
	s.err = true
}

// NextPunct skips to the next punctuator and returns it, or false at the
// end of the input or on a token the scanner cannot read.
func (s *Scanner) NextPunct() (Token, bool) {
	for {
		t := s.Next()
		if s.err || t.Kind == EOF {
			return t, false
		}
		if t.Kind == Punct {
			return t, true
		}
	}
}

// FunctionEnd returns the end of the function, method, accessor, arrow
// function or class whose source text starts at start in src (its first
// token: function, async, class, get, set, *, a name, a key or the
// parameters of an arrow function), or -1 when it cannot tell.
func FunctionEnd(src string, start int) int {
	s := &Scanner{src: src, pos: start}
	depth := 0
	for {
		t, ok := s.NextPunct()
		if !ok {
			return -1
		}
		switch t.Text {
		case "(", "[":
			depth++
		case ")", "]", "}":
			depth--
			if depth < 0 {
				return -1
			}
		case "{":
			if depth == 0 {
				return s.blockEnd()
			}
			depth++
		case "=>":
			if depth != 0 {
				return -1
			}
			save := *s
			if b := s.Next(); b.Kind == Punct && b.Text == "{" {
				return s.blockEnd()
			}
			*s = save
			return s.conciseEnd()
		}
	}
}

// blockEnd returns the end of the block whose { was just read.
func (s *Scanner) blockEnd() int {
	depth := 1
	for {
		t, ok := s.NextPunct()
		if !ok {
			return -1
		}
		switch t.Text {
		case "{", "(", "[":
			depth++
		case "}", ")", "]":
			depth--
			if depth == 0 {
				if t.Text != "}" {
					return -1
				}
				return t.End
			}
		}
	}
}

// conciseEnd returns the end of the expression body of an arrow function
// whose => was just read: the end of the last token before a , ; or
// unmatched closing bracket, a : no ? of its own is waiting for, the end
// of the script, or a line break where the expression cannot go on (and
// a semicolon would be inserted).
func (s *Scanner) conciseEnd() int {
	depth, cond, end := 0, 0, -1
	var last Token
	for {
		t := s.Next()
		if s.err {
			return -1
		}
		if t.Kind == EOF {
			return end
		}
		if depth == 0 && end >= 0 && t.LineBreak && endsExpression(last) && !continuesExpression(t) {
			return end
		}
		if t.Kind == Punct {
			switch t.Text {
			case "{", "(", "[":
				depth++
			case "}", ")", "]":
				if depth == 0 {
					return end
				}
				depth--
			case ",", ";":
				if depth == 0 {
					return end
				}
			case "?":
				if depth == 0 {
					cond++
				}
			case ":":
				if depth == 0 {
					if cond == 0 {
						return end
					}
					cond--
				}
			}
		}
		last, end = t, t.End
	}
}

// endsExpression reports whether an expression can end with t.
func endsExpression(t Token) bool {
	switch t.Kind {
	case Name:
		return !regexpAfter(t) || t.Text == "yield" || t.Text == "await"
	case Punct:
		return t.Text == ")" || t.Text == "]" || t.Text == "}" || t.Text == "++" || t.Text == "--"
	}
	return true
}

// continuesExpression reports whether t after a line break goes on with
// the expression before it rather than starting a statement.
func continuesExpression(t Token) bool {
	switch t.Kind {
	case Name:
		return t.Text == "in" || t.Text == "instanceof" || t.Text == "of"
	case Punct:
		switch t.Text {
		case "{", "++", "--", "!", "~":
			return false
		}
		return true
	case Template:
		return true
	}
	return false
}
