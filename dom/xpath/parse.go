// Package xpath compiles and evaluates XPath 1.0 expressions over dom trees,
// as document.evaluate does in browsers
// (https://www.w3.org/TR/1999/REC-xpath-19991116/): every axis but
// namespace (empty, as in Chromium), namespaces through a resolver, the
// core function library, and the name rules HTML documents add
// (https://html.spec.whatwg.org/multipage/infrastructure.html#interactions-with-xpath-and-xslt):
// an unprefixed name test matches HTML elements without ASCII case, and no
// element of another namespace.
//
// It is tree logic and knows only dom: it must never import goja or any
// other package of bangsnap. Where XPath 1.0 leaves a choice open, it does
// what Chromium does (numbers print with six significant digits, variables
// are the empty string, string lengths count UTF-16 code units).
package xpath

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrorKind says which exception an Error is: the DOM exception names
// document.evaluate throws.
type ErrorKind uint8

const (
	// SyntaxError: the expression is not XPath, or a value could not be
	// converted as an operator or function needs (Chromium reports both as
	// SyntaxError).
	SyntaxError ErrorKind = iota
	// NamespaceError: a prefix the resolver does not know.
	NamespaceError
	// NotSupportedError: a context node XPath does not take (a doctype or
	// document fragment).
	NotSupportedError
)

// Error is a compilation or evaluation error.
type Error struct {
	Kind ErrorKind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Name is the DOMException name of e.
func (e *Error) Name() string {
	switch e.Kind {
	case NamespaceError:
		return "NamespaceError"
	case NotSupportedError:
		return "NotSupportedError"
	}
	return "SyntaxError"
}

// Resolver maps a namespace prefix to its URI; ok false is the spec's null
// (an unresolvable prefix, a NamespaceError).
type Resolver func(prefix string) (uri string, ok bool)

// Expr is a compiled expression. It keeps no state between evaluations
// and may be evaluated any number of times.
type Expr struct {
	root expr
}

// Compile parses src, resolving its prefixes with resolve (nil: none
// resolves), in order, once each time they appear.
func Compile(src string, resolve Resolver) (*Expr, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks, src: src, resolve: resolve}
	e, err := p.parse()
	if err != nil {
		return nil, err
	}
	return &Expr{root: e}, nil
}

// Tokens. https://www.w3.org/TR/1999/REC-xpath-19991116/#exprlex
type tokKind uint8

const (
	tEOF      tokKind = iota
	tNumber           // 12, .5
	tLiteral          // "a" or 'a', quotes stripped
	tNameTest         // *, NCName, prefix:local, prefix:*
	tOperator         // and or mod div * / // | + - = != < <= > >=
	tAxis             // axis name (the :: consumed)
	tNodeType         // node text comment processing-instruction (the ( follows)
	tFunction         // function name (the ( follows)
	tVariable         // $QName
	tPunct            // ( ) [ ] . .. @ ,
)

type token struct {
	kind tokKind
	s    string // name, literal, operator or punctuation
	num  float64
}

func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isNameStart(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' ||
		r >= 0x80 && (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r))
}

func isNameChar(r rune) bool {
	return isNameStart(r) || r == '-' || r == '.' || r >= '0' && r <= '9' ||
		r >= 0x80 && (unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me, unicode.Lm) || r == 0xB7)
}

// ncName returns the length of the NCName at the start of s (0: none).
func ncName(s string) int {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if i == 0 && !isNameStart(r) || i > 0 && !isNameChar(r) {
			break
		}
		i += n
	}
	return i
}

func syntaxError(src string) *Error {
	return &Error{Kind: SyntaxError, Msg: "The string '" + src + "' is not a valid XPath expression."}
}

// lex splits src into tokens, applying the spec's disambiguation rules: after
// a token that can end an operand, * and NCNames are operators.
func lex(src string) ([]token, error) {
	var toks []token
	operandEnded := func() bool {
		if len(toks) == 0 {
			return false
		}
		t := toks[len(toks)-1]
		switch t.kind {
		case tOperator, tAxis, tNodeType, tFunction:
			return false
		case tPunct:
			return t.s == ")" || t.s == "]" || t.s == "." || t.s == ".."
		}
		return true
	}
	skip := func(i int) int {
		for i < len(src) && isXMLSpace(src[i]) {
			i++
		}
		return i
	}
	for i := skip(0); i < len(src); i = skip(i) {
		c := src[i]
		switch {
		case c == '"' || c == '\'':
			j := strings.IndexByte(src[i+1:], c)
			if j < 0 {
				return nil, syntaxError(src)
			}
			toks = append(toks, token{kind: tLiteral, s: src[i+1 : i+1+j]})
			i += j + 2
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			if j < len(src) && src[j] == '.' {
				j++
				for j < len(src) && src[j] >= '0' && src[j] <= '9' {
					j++
				}
			}
			f, err := strconv.ParseFloat(src[i:j], 64)
			if err != nil {
				return nil, syntaxError(src)
			}
			toks = append(toks, token{kind: tNumber, s: src[i:j], num: f})
			i = j
		case c == '.':
			if i+1 < len(src) && src[i+1] == '.' {
				toks = append(toks, token{kind: tPunct, s: ".."})
				i += 2
			} else {
				toks = append(toks, token{kind: tPunct, s: "."})
				i++
			}
		case c == '(' || c == ')' || c == '[' || c == ']' || c == '@' || c == ',':
			toks = append(toks, token{kind: tPunct, s: string(c)})
			i++
		case c == '/':
			if i+1 < len(src) && src[i+1] == '/' {
				toks = append(toks, token{kind: tOperator, s: "//"})
				i += 2
			} else {
				toks = append(toks, token{kind: tOperator, s: "/"})
				i++
			}
		case c == '|' || c == '+' || c == '-' || c == '=':
			toks = append(toks, token{kind: tOperator, s: string(c)})
			i++
		case c == '!':
			if i+1 >= len(src) || src[i+1] != '=' {
				return nil, syntaxError(src)
			}
			toks = append(toks, token{kind: tOperator, s: "!="})
			i += 2
		case c == '<' || c == '>':
			if i+1 < len(src) && src[i+1] == '=' {
				toks = append(toks, token{kind: tOperator, s: src[i : i+2]})
				i += 2
			} else {
				toks = append(toks, token{kind: tOperator, s: string(c)})
				i++
			}
		case c == '*':
			if operandEnded() {
				toks = append(toks, token{kind: tOperator, s: "*"})
			} else {
				toks = append(toks, token{kind: tNameTest, s: "*"})
			}
			i++
		case c == '$':
			n := ncName(src[i+1:])
			if n == 0 {
				return nil, syntaxError(src)
			}
			j := i + 1 + n
			if j+1 < len(src) && src[j] == ':' {
				if m := ncName(src[j+1:]); m > 0 {
					j += 1 + m
				}
			}
			toks = append(toks, token{kind: tVariable, s: src[i+1 : j]})
			i = j
		default:
			n := ncName(src[i:])
			if n == 0 {
				return nil, syntaxError(src)
			}
			name := src[i : i+n]
			j := i + n
			if operandEnded() {
				switch name {
				case "and", "or", "mod", "div":
					toks = append(toks, token{kind: tOperator, s: name})
					i = j
					continue
				}
				return nil, syntaxError(src)
			}
			// prefix:local or prefix:* (no space around the colon).
			if j+1 < len(src) && src[j] == ':' && src[j+1] != ':' {
				if src[j+1] == '*' {
					toks = append(toks, token{kind: tNameTest, s: src[i : j+2]})
					i = j + 2
					continue
				}
				m := ncName(src[j+1:])
				if m == 0 {
					return nil, syntaxError(src)
				}
				j += 1 + m
				name = src[i:j]
			}
			k := skip(j)
			switch {
			case k < len(src) && src[k] == '(' && !strings.Contains(name, ":") &&
				(name == "node" || name == "text" || name == "comment" || name == "processing-instruction"):
				toks = append(toks, token{kind: tNodeType, s: name})
			case k < len(src) && src[k] == '(':
				toks = append(toks, token{kind: tFunction, s: name})
			case k+1 < len(src) && src[k] == ':' && src[k+1] == ':' && !strings.Contains(name, ":"):
				toks = append(toks, token{kind: tAxis, s: name})
				k += 2
				j = k
			default:
				toks = append(toks, token{kind: tNameTest, s: name})
			}
			i = j
		}
	}
	return append(toks, token{kind: tEOF}), nil
}

// parser is a recursive-descent parser over the grammar of XPath 1.0
// section 3; each method is named after the production it parses.
type parser struct {
	toks    []token
	i       int
	src     string
	resolve Resolver
	err     *Error
	opts    *Options // nil: document.evaluate's rules
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) is(kind tokKind, s string) bool {
	t := p.toks[p.i]
	return t.kind == kind && t.s == s
}

// fail stops the parse; parse recovers it.
func (p *parser) fail() {
	panic(syntaxError(p.src))
}

func (p *parser) expect(kind tokKind, s string) {
	if !p.is(kind, s) {
		p.fail()
	}
	p.next()
}

func (p *parser) parse() (e expr, err error) {
	defer func() {
		if r := recover(); r != nil {
			xe, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			e, err = nil, xe
		}
	}()
	e = p.orExpr()
	if p.peek().kind != tEOF {
		p.fail()
	}
	return e, nil
}

func (p *parser) orExpr() expr {
	l := p.andExpr()
	for p.is(tOperator, "or") {
		p.next()
		l = &logical{or: true, l: l, r: p.andExpr()}
	}
	return l
}

func (p *parser) andExpr() expr {
	l := p.equalityExpr()
	for p.is(tOperator, "and") {
		p.next()
		l = &logical{l: l, r: p.equalityExpr()}
	}
	return l
}

func (p *parser) equalityExpr() expr {
	l := p.relationalExpr()
	for p.is(tOperator, "=") || p.is(tOperator, "!=") {
		op := p.next().s
		l = &compare{op: op, l: l, r: p.relationalExpr()}
	}
	return l
}

func (p *parser) relationalExpr() expr {
	l := p.additiveExpr()
	for t := p.peek(); t.kind == tOperator && (t.s == "<" || t.s == ">" || t.s == "<=" || t.s == ">="); t = p.peek() {
		p.next()
		l = &compare{op: t.s, l: l, r: p.additiveExpr()}
	}
	return l
}

func (p *parser) additiveExpr() expr {
	l := p.multiplicativeExpr()
	for t := p.peek(); t.kind == tOperator && (t.s == "+" || t.s == "-"); t = p.peek() {
		p.next()
		l = &arith{op: t.s[0], l: l, r: p.multiplicativeExpr()}
	}
	return l
}

func (p *parser) multiplicativeExpr() expr {
	l := p.unaryExpr()
	for t := p.peek(); t.kind == tOperator && (t.s == "*" || t.s == "div" || t.s == "mod"); t = p.peek() {
		p.next()
		l = &arith{op: t.s[0], l: l, r: p.unaryExpr()}
	}
	return l
}

func (p *parser) unaryExpr() expr {
	if p.is(tOperator, "-") {
		p.next()
		return &negate{e: p.unaryExpr()}
	}
	return p.unionExpr()
}

func (p *parser) unionExpr() expr {
	l := p.pathExpr()
	for p.is(tOperator, "|") {
		p.next()
		l = &union{l: l, r: p.pathExpr()}
	}
	return l
}

// startsStep reports whether t can begin a location step.
func startsStep(t token) bool {
	switch t.kind {
	case tNameTest, tAxis, tNodeType:
		return true
	case tPunct:
		return t.s == "." || t.s == ".." || t.s == "@"
	}
	return false
}

// pathExpr: LocationPath | FilterExpr (('/' | '//') RelativeLocationPath)?
func (p *parser) pathExpr() expr {
	t := p.peek()
	switch {
	case t.kind == tOperator && t.s == "/":
		p.next()
		lp := &path{absolute: true}
		if startsStep(p.peek()) {
			p.relativeLocationPath(lp)
		}
		return lp
	case t.kind == tOperator && t.s == "//":
		p.next()
		lp := &path{absolute: true}
		lp.steps = append(lp.steps, descendantOrSelfStep())
		p.relativeLocationPath(lp)
		return lp
	case startsStep(t):
		lp := &path{}
		p.relativeLocationPath(lp)
		return lp
	}
	f := p.filterExpr()
	if p.is(tOperator, "/") || p.is(tOperator, "//") {
		lp := &path{filter: f}
		if p.next().s == "//" {
			lp.steps = append(lp.steps, descendantOrSelfStep())
		}
		p.relativeLocationPath(lp)
		return lp
	}
	return f
}

func descendantOrSelfStep() *step {
	return &step{axis: axisDescendantOrSelf, test: nodeTest{kind: testNode}}
}

func (p *parser) relativeLocationPath(lp *path) {
	lp.steps = append(lp.steps, p.step())
	for p.is(tOperator, "/") || p.is(tOperator, "//") {
		if p.next().s == "//" {
			lp.steps = append(lp.steps, descendantOrSelfStep())
		}
		lp.steps = append(lp.steps, p.step())
	}
	lp.optimize()
}

var axisNames = map[string]axis{
	"ancestor": axisAncestor, "ancestor-or-self": axisAncestorOrSelf, "attribute": axisAttribute,
	"child": axisChild, "descendant": axisDescendant, "descendant-or-self": axisDescendantOrSelf,
	"following": axisFollowing, "following-sibling": axisFollowingSibling, "namespace": axisNamespace,
	"parent": axisParent, "preceding": axisPreceding, "preceding-sibling": axisPrecedingSibling, "self": axisSelf,
}

func (p *parser) step() *step {
	t := p.next()
	switch {
	case t.kind == tPunct && t.s == ".":
		return &step{axis: axisSelf, test: nodeTest{kind: testNode}}
	case t.kind == tPunct && t.s == "..":
		return &step{axis: axisParent, test: nodeTest{kind: testNode}}
	}
	s := &step{axis: axisChild}
	switch {
	case t.kind == tPunct && t.s == "@":
		s.axis = axisAttribute
		t = p.next()
	case t.kind == tAxis:
		a, ok := axisNames[t.s]
		if !ok {
			p.fail()
		}
		s.axis = a
		t = p.next()
	}
	switch t.kind {
	case tNameTest:
		s.test = p.nameTest(t.s)
	case tNodeType:
		p.expect(tPunct, "(")
		switch t.s {
		case "node":
			s.test.kind = testNode
		case "text":
			s.test.kind = testText
		case "comment":
			s.test.kind = testComment
		default:
			s.test.kind = testPI
			if p.peek().kind == tLiteral {
				s.test.local = p.next().s
				s.test.hasTarget = true
			}
		}
		p.expect(tPunct, ")")
	default:
		p.fail()
	}
	for p.is(tPunct, "[") {
		s.preds = append(s.preds, p.predicate())
	}
	return s
}

func (p *parser) predicate() expr {
	p.expect(tPunct, "[")
	e := p.orExpr()
	p.expect(tPunct, "]")
	return e
}

func (p *parser) nameTest(s string) nodeTest {
	if s == "*" {
		return nodeTest{kind: testAny}
	}
	prefix, local, ok := strings.Cut(s, ":")
	if !ok {
		return nodeTest{kind: testName, local: s}
	}
	uri := p.namespace(prefix)
	if local == "*" {
		return nodeTest{kind: testNamespace, ns: uri, hasNS: true}
	}
	return nodeTest{kind: testName, local: local, ns: uri, hasNS: true}
}

func (p *parser) namespace(prefix string) string {
	if p.resolve != nil {
		if uri, ok := p.resolve(prefix); ok {
			return uri
		}
	}
	panic(&Error{Kind: NamespaceError, Msg: "The string '" + p.src + "' contains unresolvable namespaces."})
}

// filterExpr: PrimaryExpr Predicate*
func (p *parser) filterExpr() expr {
	var e expr
	t := p.next()
	switch t.kind {
	case tVariable:
		if p.opts != nil && p.opts.Variables {
			e = &varRef{name: t.s}
		} else {
			e = &literal{v: value{kind: kindString}}
		}
	case tLiteral:
		e = &literal{v: value{kind: kindString, s: t.s}}
	case tNumber:
		e = &literal{v: value{kind: kindNumber, f: t.num}}
	case tFunction:
		e = p.functionCall(t.s)
	case tPunct:
		if t.s != "(" {
			p.fail()
		}
		e = p.orExpr()
		p.expect(tPunct, ")")
	default:
		p.fail()
	}
	var preds []expr
	for p.is(tPunct, "[") {
		preds = append(preds, p.predicate())
	}
	if preds != nil {
		return &filter{e: e, preds: preds}
	}
	return e
}

func (p *parser) functionCall(name string) expr {
	p.expect(tPunct, "(")
	var args []expr
	if !p.is(tPunct, ")") {
		args = append(args, p.orExpr())
		for p.is(tPunct, ",") {
			p.next()
			args = append(args, p.orExpr())
		}
	}
	p.expect(tPunct, ")")
	f, ok := functions[name]
	if !ok && p.opts != nil && p.opts.Functions != nil {
		if x := p.opts.Functions(name); x != nil {
			if len(args) < x.Min || x.Max >= 0 && len(args) > x.Max {
				p.fail()
			}
			return &extCall{f: x, args: args}
		}
	}
	if !ok || len(args) < f.min || f.max >= 0 && len(args) > f.max {
		p.fail()
	}
	return &call{fn: f.id, args: args}
}
