package xslt

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xpath"
)

// numberInstr is xsl:number
// (https://www.w3.org/TR/1999/REC-xslt-19991116#number).
type numberInstr struct {
	level                    string
	count, from              *xpath.Pattern
	value                    *xpath.Expr
	format, groupSep, groupN *avt
}

func (c *compiler) number(n *dom.Node) (instr, error) {
	i := &numberInstr{level: strings.TrimSpace(n.Attribute("level"))}
	var err error
	if i.count, err = c.pattern(n, "count"); err != nil {
		return nil, err
	}
	if i.from, err = c.pattern(n, "from"); err != nil {
		return nil, err
	}
	if i.value, err = c.expr(n, "value", false); err != nil {
		return nil, err
	}
	for attr, p := range map[string]**avt{"format": &i.format, "grouping-separator": &i.groupSep, "grouping-size": &i.groupN} {
		if v, ok := n.GetAttribute(attr); ok {
			if *p, err = c.avt(n, v); err != nil {
				return nil, err
			}
		}
	}
	return i, nil
}

func (i *numberInstr) exec(t *transformer) error {
	var nums []float64
	if i.value != nil {
		v, err := t.eval(i.value)
		if err != nil {
			return err
		}
		f := v.Number()
		if math.IsNaN(f) || math.IsInf(f, 0) || f < 0.5 {
			return t.text(xpath.NumberString(f))
		}
		nums = []float64{math.Floor(f + 0.5)}
	} else {
		var err error
		if nums, err = i.numbers(t); err != nil {
			return err
		}
	}
	format := "1"
	if i.format != nil {
		s, err := i.format.eval(t)
		if err != nil {
			return err
		}
		format = s
	}
	sep, size := "", 0
	if i.groupSep != nil && i.groupN != nil {
		s, err := i.groupSep.eval(t)
		if err != nil {
			return err
		}
		n, err := i.groupN.eval(t)
		if err != nil {
			return err
		}
		sep = s
		size, _ = strconv.Atoi(strings.TrimSpace(n))
	}
	return t.text(formatNumbers(nums, format, sep, size))
}

func (i *numberInstr) matchesCount(t *transformer, cur, n xpath.Node) (bool, error) {
	if i.count != nil {
		return t.ev.MatchAny(i.count, n)
	}
	// The default: nodes of the current node's type and name.
	if cur.IsAttr() || n.IsAttr() {
		if !cur.IsAttr() || !n.IsAttr() {
			return false, nil
		}
		l1, ns1, _, _ := cur.Attr()
		l2, ns2, _, _ := n.Attr()
		return l1 == l2 && ns1 == ns2, nil
	}
	a, b := cur.Owner(), n.Owner()
	if a.Kind() != b.Kind() {
		return false, nil
	}
	if a.IsElement() {
		return a.LocalName() == b.LocalName() && a.NamespaceURI() == b.NamespaceURI(), nil
	}
	if a.Kind() == dom.ProcessingInstructionNode {
		return a.NodeName() == b.NodeName(), nil
	}
	return true, nil
}

func (i *numberInstr) isFrom(t *transformer, n xpath.Node) (bool, error) {
	if i.from == nil {
		return false, nil
	}
	return t.ev.MatchAny(i.from, n)
}

// numbers finds the numbers level single, multiple or any gives.
func (i *numberInstr) numbers(t *transformer) ([]float64, error) {
	cur := t.ctx.Node
	siblingsBefore := func(n xpath.Node) (float64, error) {
		c := 1.0
		if n.IsAttr() {
			return c, nil
		}
		for k := n.Owner().Prev(); k != nil; k = k.Prev() {
			ok, err := i.matchesCount(t, cur, xpath.NodeOf(k))
			if err != nil {
				return 0, err
			}
			if ok {
				c++
			}
		}
		return c, nil
	}
	if i.level == "any" {
		c := 0.0
		// Back through the document from the current node: preceding
		// nodes and ancestors, stopping at a from node.
		for n := cur.Owner(); n != nil; {
			x := xpath.NodeOf(n)
			if n == cur.Owner() {
				x = cur
			}
			m, err := i.matchesCount(t, cur, x)
			if err != nil {
				return nil, err
			}
			if m {
				c++
			}
			if f, err := i.isFrom(t, x); err != nil || f {
				if err != nil {
					return nil, err
				}
				break
			}
			n = n.Preceding()
		}
		if c == 0 {
			return nil, nil
		}
		return []float64{c}, nil
	}
	// single and multiple: the ancestor-or-self nodes that match count,
	// each by its preceding siblings that match, up to a from node; single
	// takes the nearest only.
	var out []float64
	for n, ok := cur, true; ok; n, ok = n.Parent() {
		m, err := i.matchesCount(t, cur, n)
		if err != nil {
			return nil, err
		}
		if m {
			c, err := siblingsBefore(n)
			if err != nil {
				return nil, err
			}
			out = append([]float64{c}, out...)
			if i.level != "multiple" {
				return out, nil
			}
		}
		if f, err := i.isFrom(t, n); err != nil || f {
			return out, err
		}
	}
	return out, nil
}

// formatNumbers formats a list of numbers by a format string's
// alphanumeric tokens and the separators between them.
func formatNumbers(nums []float64, format, groupSep string, groupSize int) string {
	var tokens, seps []string
	prefix, suffix := "", ""
	rs := []rune(format)
	i := 0
	isAlnum := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i < len(rs) && !isAlnum(rs[i]) {
		i++
	}
	prefix = string(rs[:i])
	for i < len(rs) {
		j := i
		for j < len(rs) && isAlnum(rs[j]) {
			j++
		}
		tokens = append(tokens, string(rs[i:j]))
		k := j
		for k < len(rs) && !isAlnum(rs[k]) {
			k++
		}
		if k == len(rs) {
			suffix = string(rs[j:k])
		} else {
			seps = append(seps, string(rs[j:k]))
		}
		i = k
	}
	if len(tokens) == 0 {
		tokens = []string{"1"}
	}
	var b strings.Builder
	b.WriteString(prefix)
	for k, n := range nums {
		if k > 0 {
			sep := "."
			if k-1 < len(seps) {
				sep = seps[k-1]
			} else if len(seps) > 0 {
				sep = seps[len(seps)-1]
			}
			b.WriteString(sep)
		}
		tok := tokens[len(tokens)-1]
		if k < len(tokens) {
			tok = tokens[k]
		}
		b.WriteString(formatToken(int64(n), tok, groupSep, groupSize))
	}
	b.WriteString(suffix)
	return b.String()
}

func formatToken(n int64, tok, groupSep string, groupSize int) string {
	switch tok {
	case "a", "A":
		if n > 0 {
			return alpha(n, rune(tok[0]))
		}
	case "i", "I":
		if n > 0 && n < 5000 {
			s := roman(n)
			if tok == "i" {
				s = strings.ToLower(s)
			}
			return s
		}
	}
	s := strconv.FormatInt(n, 10)
	width := 1
	if strings.Trim(tok, "0") == "1" {
		width = len(tok)
	}
	for len(s) < width {
		s = "0" + s
	}
	if groupSep != "" && groupSize > 0 {
		var b strings.Builder
		for i, r := range s {
			if i > 0 && (len(s)-i)%groupSize == 0 {
				b.WriteString(groupSep)
			}
			b.WriteRune(r)
		}
		s = b.String()
	}
	return s
}

func alpha(n int64, base rune) string {
	var out []rune
	for n > 0 {
		n--
		out = append([]rune{base + rune(n%26)}, out...)
		n /= 26
	}
	return string(out)
}

func roman(n int64) string {
	vals := []int64{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, v := range vals {
		for n >= v {
			b.WriteString(syms[i])
			n -= v
		}
	}
	return b.String()
}
