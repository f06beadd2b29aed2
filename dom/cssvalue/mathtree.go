package cssvalue

import (
	"strings"
	"sync"

	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The calculation tree of a math function: the one parser of calc()'s
// grammar, for the cascade, which evaluates the tree (Eval, Compute), the
// specified-value simplifier (SimplifyMath) and the type check of the style
// setters (TypeOfMath), which walk it, and CSS Typed OM, which reifies it
// into CSSNumericValues.
// https://drafts.csswg.org/css-values-4/#calc-syntax
// https://drafts.csswg.org/css-values-4/#parse-a-calculation

// A MathOp is the kind of a MathNode.
type MathOp uint8

// The kinds of nodes. calc(), -webkit-calc() and parentheses leave no node
// of their own: they are the sum inside them.
const (
	// NodeNumber is a number, dimension or percentage token (Text).
	NodeNumber MathOp = iota
	// NodeConstant is an identifier (Text): a constant (pi, e,
	// infinity, -infinity, NaN) or a keyword the caller knows.
	NodeConstant
	// NodeSum adds its arguments.
	NodeSum
	// NodeNegate is its argument subtracted from the terms before it.
	NodeNegate
	// NodeProduct multiplies its arguments.
	NodeProduct
	// NodeInvert is its argument as a divisor (1 / argument).
	NodeInvert
	// NodeFunction is a math function other than calc() (Name, lower
	// case), with round()'s rounding strategy (Strategy, "" for none).
	NodeFunction
	// NodeOpaque is a function no calculation evaluates (var(), env(),
	// attr()…), its whole text (Text), typed when it is substituted. Only
	// the type check's parse makes them; ParseMath rejects such text.
	NodeOpaque
)

// A MathNode is one node of a MathTree.
type MathNode struct {
	Op       MathOp
	Text     string
	Name     string
	Strategy string
	// first and n are its arguments' place in the tree's args.
	first, n int32
}

// A MathTree is a parsed math function: its nodes, the root last.
type MathTree struct {
	Nodes []MathNode
	// Top is the name of the outermost function (lower case).
	Top string
	// Unclosed tells that the end of the text closed a function or a
	// parenthesis, which CSS syntax allows and the cascade does not take.
	Unclosed bool
	args     []int32
}

// Root is the index of the tree's root node.
func (t *MathTree) Root() int32 { return int32(len(t.Nodes) - 1) }

// Args are the indices of node i's arguments.
func (t *MathTree) Args(i int32) []int32 {
	n := &t.Nodes[i]
	return t.args[n.first : n.first+n.n]
}

func (t *MathTree) reset() {
	t.Nodes, t.args, t.Top, t.Unclosed = t.Nodes[:0], t.args[:0], "", false
}

// ParseMath parses text that is one math function (calc(), min(),
// round()... any case; or a number, dimension, constant or parenthesized
// sum) into its calculation tree. ok is false for text
// that is not one, or does not follow the grammar (a sum's + or - without
// white space on both sides, too many or too few arguments, more than
// maxMathDepth nested functions and parentheses). It does not check
// types, units or keywords: the tree's users do.
func ParseMath(text string) (*MathTree, bool) {
	t := &MathTree{}
	if !t.parse(strings.TrimSpace(text)) {
		return nil, false
	}
	return t, true
}

// parse fills t with the tree of s, which must be one math function.
func (t *MathTree) parse(s string) bool {
	return t.parseWith(s, false)
}

// parseWith is parse that, with opaque, takes functions other than math
// functions as NodeOpaque leaves.
func (t *MathTree) parseWith(s string, opaque bool) bool {
	t.reset()
	p := treeParser{calcScanner: calcScanner{s: s}, t: t, opaque: opaque}
	if _, ok := p.term(); !ok || p.i != len(s) {
		return false
	}
	if open := strings.IndexByte(s, '('); open > 0 {
		t.Top = ascii.Lower(s[:open])
	}
	return true
}

// treeParser is a recursive descent parser of calc()'s grammar building a
// MathTree.
type treeParser struct {
	calcScanner
	t      *MathTree
	opaque bool // other functions are NodeOpaque leaves
}

// node adds a node with the arguments kids.
func (p *treeParser) node(n MathNode, kids []int32) int32 {
	n.first, n.n = int32(len(p.t.args)), int32(len(kids))
	p.t.args = append(p.t.args, kids...)
	p.t.Nodes = append(p.t.Nodes, n)
	return int32(len(p.t.Nodes) - 1)
}

// sum is <calc-sum>: products joined by + and -, which need white space on
// both sides.
func (p *treeParser) sum() (int32, bool) {
	first, ok := p.product()
	if !ok {
		return 0, false
	}
	var buf [8]int32
	kids := append(buf[:0], first)
	for {
		save := p.i
		if !p.spaces() || p.i >= len(p.s) || p.s[p.i] != '+' && p.s[p.i] != '-' {
			p.i = save
			break
		}
		op := p.s[p.i]
		p.i++
		if !p.spaces() {
			return 0, false
		}
		w, ok := p.product()
		if !ok {
			return 0, false
		}
		if op == '-' {
			one := [1]int32{w}
			w = p.node(MathNode{Op: NodeNegate}, one[:])
		}
		kids = append(kids, w)
	}
	if len(kids) == 1 {
		return first, true
	}
	return p.node(MathNode{Op: NodeSum}, kids), true
}

// product is <calc-product>: values joined by * and /.
func (p *treeParser) product() (int32, bool) {
	first, ok := p.term()
	if !ok {
		return 0, false
	}
	var buf [8]int32
	kids := append(buf[:0], first)
	for {
		save := p.i
		p.spaces()
		if p.i >= len(p.s) || p.s[p.i] != '*' && p.s[p.i] != '/' {
			p.i = save
			break
		}
		op := p.s[p.i]
		p.i++
		p.spaces()
		w, ok := p.term()
		if !ok {
			return 0, false
		}
		if op == '/' {
			one := [1]int32{w}
			w = p.node(MathNode{Op: NodeInvert}, one[:])
		}
		kids = append(kids, w)
	}
	if len(kids) == 1 {
		return first, true
	}
	return p.node(MathNode{Op: NodeProduct}, kids), true
}

// term is <calc-value>: a number, a dimension, a constant, a parenthesized
// sum or a math function.
func (p *treeParser) term() (int32, bool) {
	if p.i >= len(p.s) {
		return 0, false
	}
	if p.s[p.i] == '(' {
		return p.call("calc")
	}
	if n := numberEnd(p.s[p.i:]); n > 0 {
		end := p.i + n
		if end < len(p.s) && p.s[end] == '%' {
			end++
		} else {
			for end < len(p.s) && isNameByte(p.s[end]) {
				end++
			}
		}
		text := p.s[p.i:end]
		p.i = end
		return p.node(MathNode{Op: NodeNumber, Text: text}, nil), true
	}
	end := p.i
	for end < len(p.s) && isNameByte(p.s[end]) {
		end++
	}
	if end == p.i {
		return 0, false
	}
	if end < len(p.s) && p.s[end] == '(' {
		name := ascii.Lower(p.s[p.i:end])
		if IsMathName(name) {
			p.i = end
			return p.call(name)
		}
		if !p.opaque {
			return 0, false
		}
		// skip to the matching parenthesis
		depth := 0
		for i := end; i < len(p.s); i++ {
			switch p.s[i] {
			case '(':
				depth++
			case ')':
				if depth--; depth == 0 {
					text := p.s[p.i : i+1]
					p.i = i + 1
					return p.node(MathNode{Op: NodeOpaque, Text: text}, nil), true
				}
			}
		}
		return 0, false
	}
	text := p.s[p.i:end]
	p.i = end
	return p.node(MathNode{Op: NodeConstant, Text: text}, nil), true
}

// call reads the arguments of the function name whose opening parenthesis
// is at p.i, and its closing one.
func (p *treeParser) call(name string) (int32, bool) {
	if p.depth >= maxMathDepth {
		return 0, false
	}
	p.depth++
	defer func() { p.depth-- }()
	p.i++ // (
	strategy := ""
	if name == "round" {
		var ok bool
		if strategy, ok = p.roundStrategy(); !ok {
			return 0, false
		}
	}
	calc := name == "calc" || name == "-webkit-calc"
	var buf [8]int32
	kids := buf[:0]
	for {
		p.spaces()
		v, ok := p.sum()
		if !ok {
			return 0, false
		}
		kids = append(kids, v)
		p.spaces()
		if p.i >= len(p.s) {
			p.t.Unclosed = true
			break
		}
		if p.s[p.i] == ')' {
			p.i++
			break
		}
		if p.s[p.i] != ',' || calc {
			return 0, false
		}
		p.i++
	}
	if n := mathArity[name]; len(kids) < n[0] || n[1] > 0 && len(kids) > n[1] {
		return 0, false
	}
	if calc {
		return kids[0], true
	}
	return p.node(MathNode{Op: NodeFunction, Name: name, Strategy: strategy}, kids), true
}

// calcScanner is the position of a recursive descent parser of calc()'s
// grammar (treeParser) in s, and how deep in nested functions.
type calcScanner struct {
	s     string
	i     int
	depth int
}

// spaces skips white space and reports whether there was any.
func (p *calcScanner) spaces() bool {
	start := p.i
	for p.i < len(p.s) && strings.IndexByte(" \t\n\r\f", p.s[p.i]) >= 0 {
		p.i++
	}
	return p.i > start
}

// roundStrategy reads round()'s optional rounding strategy and the comma
// after it, p.i just past the open parenthesis: the strategy ("" when there
// is none, p.i left at the first argument) and false for a strategy with no
// comma after it.
// https://drafts.csswg.org/css-values-4/#funcdef-round
func (p *calcScanner) roundStrategy() (string, bool) {
	p.spaces()
	end := p.i
	for end < len(p.s) && isNameByte(p.s[end]) {
		end++
	}
	st, ok := roundingStrategy(p.s[p.i:end])
	if !ok {
		return "", true
	}
	p.i = end
	p.spaces()
	if p.i >= len(p.s) || p.s[p.i] != ',' {
		return "", false
	}
	p.i++
	return st, true
}

// treePool keeps the trees the cascade's evaluations parse into.
var treePool = sync.Pool{New: func() any { return new(MathTree) }}
