package xpath

import (
	"math"
	"strings"
	"unicode/utf16"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The core function library
// (https://www.w3.org/TR/1999/REC-xpath-19991116/#corelib); a call with
// an unknown name or the wrong number of arguments is a syntax error, as in
// Chromium.
type funcID uint8

const (
	fnLast funcID = iota
	fnPosition
	fnCount
	fnID
	fnLocalName
	fnNamespaceURI
	fnName
	fnString
	fnConcat
	fnStartsWith
	fnContains
	fnSubstringBefore
	fnSubstringAfter
	fnSubstring
	fnStringLength
	fnNormalizeSpace
	fnTranslate
	fnBoolean
	fnNot
	fnTrue
	fnFalse
	fnLang
	fnNumber
	fnSum
	fnFloor
	fnCeiling
	fnRound
)

type funcDef struct {
	id       funcID
	min, max int // max -1: any number
}

var functions = map[string]funcDef{
	"last": {fnLast, 0, 0}, "position": {fnPosition, 0, 0}, "count": {fnCount, 1, 1}, "id": {fnID, 1, 1},
	"local-name": {fnLocalName, 0, 1}, "namespace-uri": {fnNamespaceURI, 0, 1}, "name": {fnName, 0, 1},
	"string": {fnString, 0, 1}, "concat": {fnConcat, 2, -1}, "starts-with": {fnStartsWith, 2, 2},
	"contains": {fnContains, 2, 2}, "substring-before": {fnSubstringBefore, 2, 2},
	"substring-after": {fnSubstringAfter, 2, 2}, "substring": {fnSubstring, 2, 3},
	"string-length": {fnStringLength, 0, 1}, "normalize-space": {fnNormalizeSpace, 0, 1},
	"translate": {fnTranslate, 3, 3}, "boolean": {fnBoolean, 1, 1}, "not": {fnNot, 1, 1},
	"true": {fnTrue, 0, 0}, "false": {fnFalse, 0, 0}, "lang": {fnLang, 1, 1}, "number": {fnNumber, 0, 1},
	"sum": {fnSum, 1, 1}, "floor": {fnFloor, 1, 1}, "ceiling": {fnCeiling, 1, 1}, "round": {fnRound, 1, 1},
}

type call struct {
	fn   funcID
	args []expr
}

func str(s string) value    { return value{kind: kindString, s: s} }
func num(f float64) value   { return value{kind: kindNumber, f: f} }
func boolean(b bool) value  { return value{kind: kindBoolean, b: b} }
func nodes(n []xnode) value { return value{kind: kindNodes, nodes: n} }

// strArg is argument i as a string; absent, the context node's
// string-value.
func (e *call) strArg(ev *evaluator, c ctx, i int) string {
	if i >= len(e.args) {
		return c.node.stringValue()
	}
	return e.args[i].eval(ev, c).str()
}

// nodeArg is argument i, which must be a node-set; absent, the context
// node.
func (e *call) nodeArg(ev *evaluator, c ctx, i int) []xnode {
	if i >= len(e.args) {
		return []xnode{c.node}
	}
	v := e.args[i].eval(ev, c)
	if v.kind != kindNodes {
		panic(conversionError())
	}
	return v.nodes
}

func (e *call) eval(ev *evaluator, c ctx) value {
	switch e.fn {
	case fnLast:
		return num(float64(c.size))
	case fnPosition:
		return num(float64(c.pos))
	case fnCount:
		return num(float64(len(e.nodeArg(ev, c, 0))))
	case fnID:
		return nodes(ev.id(e.args[0].eval(ev, c), c.node))
	case fnLocalName, fnNamespaceURI, fnName:
		ns := e.nodeArg(ev, c, 0)
		if len(ns) == 0 {
			return str("")
		}
		return str(nameOf(e.fn, ns[0]))
	case fnString:
		return str(e.strArg(ev, c, 0))
	case fnConcat:
		var b strings.Builder
		for _, a := range e.args {
			b.WriteString(a.eval(ev, c).str())
		}
		return str(b.String())
	case fnStartsWith:
		return boolean(strings.HasPrefix(e.strArg(ev, c, 0), e.strArg(ev, c, 1)))
	case fnContains:
		return boolean(strings.Contains(e.strArg(ev, c, 0), e.strArg(ev, c, 1)))
	case fnSubstringBefore:
		s, t := e.strArg(ev, c, 0), e.strArg(ev, c, 1)
		before, _, ok := strings.Cut(s, t)
		if !ok {
			return str("")
		}
		return str(before)
	case fnSubstringAfter:
		s, t := e.strArg(ev, c, 0), e.strArg(ev, c, 1)
		_, after, ok := strings.Cut(s, t)
		if !ok {
			return str("")
		}
		return str(after)
	case fnSubstring:
		return str(e.substring(ev, c))
	case fnStringLength:
		return num(float64(dom.UTF16Len(e.strArg(ev, c, 0))))
	case fnNormalizeSpace:
		return str(normalizeSpace(e.strArg(ev, c, 0)))
	case fnTranslate:
		return str(translate(e.strArg(ev, c, 0), e.strArg(ev, c, 1), e.strArg(ev, c, 2)))
	case fnBoolean:
		return boolean(e.args[0].eval(ev, c).boolean())
	case fnNot:
		return boolean(!e.args[0].eval(ev, c).boolean())
	case fnTrue:
		return boolean(true)
	case fnFalse:
		return boolean(false)
	case fnLang:
		return boolean(lang(c.node, e.strArg(ev, c, 0)))
	case fnNumber:
		if len(e.args) == 0 {
			return num(stringNumber(c.node.stringValue()))
		}
		return num(e.args[0].eval(ev, c).num())
	case fnSum:
		s := 0.0
		for _, x := range e.nodeArg(ev, c, 0) {
			s += stringNumber(x.stringValue())
		}
		return num(s)
	case fnFloor:
		return num(math.Floor(e.args[0].eval(ev, c).num()))
	case fnCeiling:
		return num(math.Ceil(e.args[0].eval(ev, c).num()))
	case fnRound:
		return num(round(e.args[0].eval(ev, c).num()))
	}
	panic("xpath: unknown function")
}

// round is XPath's round: the closest integer, halves toward +infinity,
// -0 for -0.5 <= x < 0.
func round(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	if f < 0 && f >= -0.5 {
		return math.Copysign(0, -1)
	}
	return math.Floor(f + 0.5)
}

// substring counts positions in UTF-16 code units, as Chromium's strings.
func (e *call) substring(ev *evaluator, c ctx) string {
	s := e.strArg(ev, c, 0)
	start := round(e.args[1].eval(ev, c).num())
	end := math.Inf(1)
	if len(e.args) > 2 {
		end = start + round(e.args[2].eval(ev, c).num())
	}
	var b strings.Builder
	pos := 1.0
	for _, r := range s {
		if pos >= start && pos < end {
			b.WriteRune(r)
		}
		pos += float64(utf16.RuneLen(r))
	}
	return b.String()
}

// normalizeSpace strips and collapses XML white space only.
func normalizeSpace(s string) string {
	var b strings.Builder
	space := false
	for i := 0; i < len(s); i++ {
		if isXMLSpace(s[i]) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func translate(s, from, to string) string {
	fr, tr := []rune(from), []rune(to)
	var b strings.Builder
	for _, r := range s {
		i := -1
		for k, f := range fr {
			if f == r {
				i = k
				break
			}
		}
		switch {
		case i < 0:
			b.WriteRune(r)
		case i < len(tr):
			b.WriteRune(tr[i])
		}
	}
	return b.String()
}

// nameOf is local-name, namespace-uri or name of x.
func nameOf(fn funcID, x xnode) string {
	if x.isAttr() {
		local, ns, _ := x.attrParts()
		switch fn {
		case fnLocalName:
			return local
		case fnNamespaceURI:
			return ns
		}
		if x.attr >= 0 {
			return x.n.Attr[x.attr].Key
		}
		return x.n.Attr[0].Key
	}
	switch x.n.Kind() {
	case dom.ElementNode:
		switch fn {
		case fnLocalName:
			return x.n.LocalName()
		case fnNamespaceURI:
			return x.n.NamespaceURI()
		}
		if p := x.n.Prefix(); p != "" {
			return p + ":" + x.n.LocalName()
		}
		return x.n.LocalName()
	case dom.ProcessingInstructionNode:
		if fn != fnNamespaceURI {
			return x.n.NodeName()
		}
	}
	return ""
}

// id is the id function: the elements of the context node's document whose
// IDs the argument's white-space-separated tokens (or those of each node's
// string-value) name.
func (ev *evaluator) id(v value, context xnode) []xnode {
	var src string
	if v.kind == kindNodes {
		parts := make([]string, len(v.nodes))
		for i, x := range v.nodes {
			parts[i] = x.stringValue()
		}
		src = strings.Join(parts, " ")
	} else {
		src = v.str()
	}
	doc := context.n.Document()
	var out []xnode
	for _, tok := range strings.FieldsFunc(src, func(r rune) bool { return r < 0x80 && isXMLSpace(byte(r)) }) {
		if el := doc.GetElementByID(tok); el != nil {
			out = append(out, xnode{el, -1})
		}
	}
	return ev.sortUnique(out)
}

// lang is the lang function: the xml:lang of the nearest ancestor-or-self
// element that has one is the argument or starts with it and a hyphen,
// compared without ASCII case (Chromium drops the value's subtags one by one).
func lang(x xnode, want string) bool {
	if x.isAttr() {
		return false // an Attr has no parent node in the DOM
	}
	for n := x.n; n != nil; n = n.ParentNode() {
		if !n.IsElement() {
			continue
		}
		v, ok := n.GetAttributeNS(dom.XMLNamespace, "lang")
		if !ok {
			continue
		}
		for {
			if ascii.EqualFold(v, want) {
				return true
			}
			i := strings.LastIndexByte(v, '-')
			if i < 0 {
				return false
			}
			v = v[:i]
		}
	}
	return false
}
