package loop

import (
	"errors"
	"fmt"
	"strings"
)

// Limits on the shape of a source before goja compiles it. goja's parser
// and compiler recurse in Go once per level of the syntax tree, with no
// limit of their own: a source a few hundred thousand levels deep
// overflows Go's 1 GB stack, a fatal error that no recover catches and that
// kills the whole process. Long operator chains are also quadratic to
// compile (every binary node asks its whole left operand whether it is a
// constant; every arrow function asks its body for its end): 1+1+…+1 with
// 10,000 terms takes 2 s, with 40,000 terms 27 s, all of it in one call no
// Interrupt stops. Real code stays far below both limits (the libraries in
// testdata nest 45 brackets deep and are estimated a few hundred levels
// deep at most). At the limit goja compiles the worst chain in about 0.1 s.
const MaxSourceDepth = 3_000

// ErrSourceLimit: a source was refused before compiling because its syntax
// tree would be deeper than goja can compile safely (see MaxSourceDepth).
// The page sees it as a SyntaxError.
var ErrSourceLimit = errors.New("loop: source too deeply nested to compile")

// A SourceError says where a source went past MaxSourceDepth.
type SourceError struct {
	Offset int // byte offset in the source where the limit was passed
	Depth  int // the limit
}

func (e *SourceError) Error() string {
	return fmt.Sprintf("source nested or chained deeper than %d levels at offset %d", e.Depth, e.Offset)
}

// Is makes errors.Is(err, ErrSourceLimit) true.
func (e *SourceError) Is(target error) bool { return target == ErrSourceLimit }

// CheckSource reports, as a *SourceError, a JavaScript source that goja
// cannot compile safely: one whose syntax tree, as ScanSource estimates
// it, is deeper than MaxSourceDepth. It scans src once.
func CheckSource(src string) error {
	if s := ScanSource(src); s.Depth > MaxSourceDepth {
		return &SourceError{Offset: s.Offset, Depth: MaxSourceDepth}
	}
	return nil
}

// A SourceShape is what ScanSource measured.
type SourceShape struct {
	// Nesting is the deepest bracket nesting (the branches of a
	// conditional count as brackets).
	Nesting int
	// Depth estimates the deepest syntax tree, at least Nesting: along
	// every path of brackets, the operators, calls and statement keywords
	// of each expression (counted up to the , or ; or line break that ends
	// it) plus the depth of the bracket it holds.
	Depth int
	// Offset is where a limit was passed (the scan stops there), else 0.
	Offset int
}

// colonWeight is what a colon that closes no conditional adds to the
// depth estimate.
const colonWeight = 4

// A scanLevel is one open bracket (the outermost is the source itself).
type scanLevel struct {
	open byte // '(', '[', '{', '$' for a template's ${, '?' for a conditional's branch
	// seg counts the operators of the current expression, stmt the
	// statement keywords (if, for, while, with, do) waiting for their
	// statement, elses the else keywords of the whole level: a chain of
	// else if nests without ever reaching a ; or a }.
	seg, stmt, elses int
	// child is the depth of the deepest bracket closed in the current
	// expression, best the deepest finished expression.
	child, best int
}

// depth is the level's estimated depth so far.
func (l *scanLevel) depth() int {
	return l.elses + max(l.best, l.seg+l.stmt+l.child)
}

// endExpression ends the current expression (a , or ;, or a line break
// where a statement may end).
func (l *scanLevel) endExpression(stmtToo bool) {
	l.best = max(l.best, l.seg+l.stmt+l.child)
	l.seg, l.child = 0, 0
	if stmtToo {
		l.stmt = 0
	}
}

// ScanSource measures src's bracket nesting and estimated syntax tree
// depth, stopping as soon as the depth passes MaxSourceDepth. It skips strings, comments, regular expression literals
// and template text. It is a bound, not a parser: a regular expression
// right after the ) of an if or while is taken for a division and its
// brackets counted, which real code never accumulates to anything near the
// limits.
func ScanSource(src string) SourceShape {
	return scanSource(src, MaxSourceDepth)
}

func scanSource(src string, maxDepth int) SourceShape {
	var shape SourceShape
	levels := make([]scanLevel, 1, 16)
	top := &levels[0]
	// regexOK: a '/' here starts a regular expression (after an operator,
	// an opening bracket, a comma, a keyword), not a division.
	regexOK := true
	// operand: the last token ends an operand (a name, a literal, a
	// closing bracket), so a line break after it may end the statement.
	operand := false
	newline := false
	// afterBlock: the last token is the } of a block.
	afterBlock := false
	fail := func(i int) SourceShape {
		shape.Offset = i
		return shape
	}
	// closeLevel pops the top level into its parent; it reports whether
	// the depth limit was passed.
	closeLevel := func() bool {
		d := top.depth() + 1
		levels = levels[:len(levels)-1]
		top = &levels[len(levels)-1]
		top.child = max(top.child, d)
		shape.Depth = max(shape.Depth, d)
		return d > maxDepth
	}
	// closeConditionals closes the ? levels left open (a ? without its :
	// in malformed code) before a bracket, a , or a ; ends them.
	closeConditionals := func() bool {
		for top.open == '?' {
			if closeLevel() {
				return true
			}
		}
		return false
	}
	// openLevel opens a bracket; after an operand it is a call or an
	// index, which chains like an operator (f()()…, a[0][0]…).
	openLevel := func(open byte, afterOperand bool) {
		if afterOperand && open != '{' {
			top.seg++
		}
		levels = append(levels, scanLevel{open: open})
		top = &levels[len(levels)-1]
		shape.Nesting = max(shape.Nesting, len(levels)-1)
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '\n' || c == '\r' {
			newline = true
			continue
		}
		if c == ' ' || c == '\t' {
			continue
		}
		if c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*') {
			if src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
				i-- // the line break is seen next
				continue
			}
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				break
			}
			if strings.ContainsAny(src[i+2:i+2+end], "\n\r") {
				newline = true
			}
			i += 2 + end + 1
			continue
		}
		// A line break after an operand, before something that cannot
		// continue the expression, may end the statement (automatic
		// semicolon insertion): code without semicolons is not one long
		// expression.
		if newline {
			newline = false
			if operand && (isIdentByte(c) || c == '"' || c == '\'' || c == '`' || c == '{') {
				top.endExpression(false)
			}
		}
		wasOperand := operand
		operand = false
		wasBlock := afterBlock
		afterBlock = false
		switch {
		case c == '"' || c == '\'':
			i = skipQuoted(src, i)
			regexOK, operand = false, true
		case c == '`':
			// After an operand the template is a tagged call, which
			// chains like one (f`a``b`…).
			if wasOperand {
				top.seg++
			}
			var opened bool
			i, opened = skipTemplate(src, i+1)
			if opened {
				openLevel('$', false)
			}
			regexOK, operand = false, !opened
		case c == '/':
			if regexOK {
				i = skipRegexp(src, i)
				regexOK, operand = false, true
			} else {
				regexOK = true
				top.seg++
			}
		case c == '(' || c == '[' || c == '{':
			openLevel(c, wasOperand)
			regexOK = true
		case c == ')' || c == ']':
			if closeConditionals() {
				return fail(i)
			}
			// A stray closer (a regular expression taken for a division)
			// closes nothing: brackets inside a brace stay inside it.
			if len(levels) > 1 && top.open != '{' && top.open != '$' {
				if closeLevel() {
					return fail(i)
				}
			}
			regexOK, operand = false, true
		case c == '}':
			// Unclosed ( and [ inside the block close with it.
			for len(levels) > 1 && top.open != '{' && top.open != '$' {
				if closeLevel() {
					return fail(i)
				}
			}
			if len(levels) == 1 {
				regexOK = true
				break
			}
			inTemplate := top.open == '$'
			if closeLevel() {
				return fail(i)
			}
			if inTemplate {
				var opened bool
				i, opened = skipTemplate(src, i+1)
				if opened {
					openLevel('$', false)
				}
				regexOK, operand = false, !opened
				break
			}
			// A block ends the statements waiting for it (if (a) {…}).
			top.stmt = 0
			regexOK, operand, afterBlock = true, true, true
		case c == ',' || c == ';':
			if closeConditionals() {
				return fail(i)
			}
			top.endExpression(c == ';')
			regexOK = true
		case isIdentByte(c):
			start := i
			for i+1 < len(src) && isIdentByte(src[i+1]) {
				i++
			}
			w := src[start : i+1]
			regexOK = regexKeyword(w)
			// A name right after a block starts a new statement
			// (function a(){…}function b(){…}), as does a case label.
			if wasBlock && w != "in" && w != "instanceof" && w != "of" || w == "case" || w == "default" {
				top.endExpression(true)
			}
			switch w {
			case "if", "for", "while", "with", "do":
				top.stmt++
			case "else":
				top.elses++
			case "extends": // class extends class extends …
				top.seg++
			default:
				if regexOK { // typeof, new, in, …: operators
					top.seg++
				} else {
					operand = true
				}
			}
		case c == '?' && i+1 < len(src) && (src[i+1] == '?' || src[i+1] == '.' && !(i+2 < len(src) && src[i+2] >= '0' && src[i+2] <= '9')):
			// ?? and ?. are operators.
			i++
			regexOK = src[i] == '?'
			top.seg++
		case c == '?':
			// The branches of a conditional nest like brackets: a balanced
			// decision tree of ternaries is only as deep as its branches.
			top.seg++
			openLevel('?', false)
			regexOK = true
		case c == ':' && top.open == '?':
			if closeLevel() {
				return fail(i)
			}
			regexOK = true
		case c == ':':
			// A label (or a property's or a case's colon): goja checks a
			// label against all enclosing ones and reports each duplicate
			// with its position, cubic in a chain of them (a:a:a:…, 1,000
			// of them take 0.3 s), so a colon weighs more.
			regexOK = true
			top.seg += colonWeight
		default:
			// An operator or other punctuation: a '/' may follow as a
			// regular expression.
			regexOK = true
			top.seg++
		}
		if d := top.depth() + len(levels) - 1; d > shape.Depth {
			shape.Depth = d
			if d > maxDepth {
				return fail(i)
			}
		}
	}
	for len(levels) > 1 {
		if closeLevel() {
			return fail(len(src))
		}
	}
	shape.Depth = max(shape.Depth, top.depth())
	if shape.Depth > maxDepth {
		shape.Offset = len(src)
	}
	return shape
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z' || c >= 0x80
}

// regexKeyword reports whether a '/' after the identifier or keyword w
// starts a regular expression.
func regexKeyword(w string) bool {
	switch w {
	case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await":
		return true
	}
	return false
}

// skipQuoted returns the index of the quote closing the string that starts
// at src[i] (or the end of the line or of src for an unterminated one).
func skipQuoted(src string, i int) int {
	q := src[i]
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case q, '\n':
			return i
		}
	}
	return len(src)
}

// skipTemplate skips template text from src[i] (just after a ` or the } of
// a substitution) and returns the index of its last byte: the closing `
// (opened false) or the { of a ${ substitution (opened true).
func skipTemplate(src string, i int) (int, bool) {
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '`':
			return i, false
		case '$':
			if i+1 < len(src) && src[i+1] == '{' {
				return i + 1, true
			}
		}
	}
	return len(src), false
}

// skipRegexp returns the index of the '/' closing the regular expression
// literal that starts at src[i] (or the end of the line).
func skipRegexp(src string, i int) int {
	inClass := false
	for i++; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if !inClass {
				return i
			}
		case '\n':
			return i
		}
	}
	return len(src)
}
