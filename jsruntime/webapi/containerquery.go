package webapi

import (
	"math"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Container queries: the prelude of an @container rule, parsed with the
// media query parser (mediaquery.go) in its container mode, serialized as
// Chromium 156 does (CSSContainerRule) and evaluated against what the
// cascade tells of a container.
// https://drafts.csswg.org/css-conditional-5/#container-rule

// A ContainerQuery is an @container prelude: a list of conditions, any
// of which applies the rule.
type ContainerQuery struct {
	Conds []*ContainerCond
}

// A ContainerCond is one <container-condition>: an optional container
// name and an optional query.
type ContainerCond struct {
	Name string  // "" for any container
	cond *mqNode // nil for a name alone
	// width and height tell which physical sizes the query's features
	// read, inline and block which logical ones (a size container of the
	// right type must answer them); style that it holds a style() test.
	width, height, inline, block, style bool
}

// cqFeatures are the size features of container queries.
// https://drafts.csswg.org/css-conditional-5/#size-container
var cqFeatures = map[string]mqFeatureDef{
	"width":        {value: mqvLength, rng: true},
	"height":       {value: mqvLength, rng: true},
	"inline-size":  {value: mqvLength, rng: true},
	"block-size":   {value: mqvLength, rng: true},
	"aspect-ratio": {value: mqvRatio, rng: true},
	"orientation":  {value: mqvKeyword, keywords: []string{"portrait", "landscape"}},
}

// ParseContainerQuery parses an @container prelude; ok is false when it
// is invalid (the rule is dropped).
func ParseContainerQuery(prelude string) (*ContainerQuery, bool) {
	toks := tokenizeMedia(prelude)
	q := &ContainerQuery{}
	depth, start := 0, 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) {
			switch t := toks[i]; t.kind {
			case mqOpen, mqFunction:
				depth++
			case mqClose:
				depth--
			}
			if toks[i].kind != mqComma || depth > 0 {
				continue
			}
		}
		c, ok := parseContainerCond(toks[start:i])
		if !ok {
			return nil, false
		}
		q.Conds = append(q.Conds, c)
		start = i + 1
	}
	return q, len(q.Conds) > 0
}

// parseContainerCond parses one <container-condition>:
// [ <container-name> ]? <container-query>?, not empty.
func parseContainerCond(toks []mqToken) (*ContainerCond, bool) {
	p := &mqParser{toks: toks, cq: true}
	c := &ContainerCond{}
	if t := p.peek(); t != nil && t.kind == mqIdent && !(ascii.EqualFold(t.text, "not") && p.nextIsParen()) {
		switch ascii.Lower(t.text) {
		case "none", "and", "or", "not", "initial", "inherit", "unset", "revert", "revert-layer", "default":
			return nil, false
		}
		c.Name = t.text
		p.pos++
	}
	if p.done() {
		return c, c.Name != ""
	}
	cond, ok := p.condition(true)
	if !ok || !p.done() {
		return nil, false
	}
	c.cond = cond
	c.reads(cond)
	return c, true
}

// reads notes what the features under n read.
func (c *ContainerCond) reads(n *mqNode) {
	switch {
	case n.feature != nil:
		switch n.feature.name {
		case "width":
			c.width = true
		case "height":
			c.height = true
		case "inline-size":
			c.inline = true
		case "block-size":
			c.block = true
		default:
			c.width, c.height = true, true
		}
	case n.style != nil:
		c.style = true
	}
	for _, k := range n.kids {
		c.reads(k)
	}
}

// String is the condition as CSSContainerRule.conditionText writes it.
func (q *ContainerQuery) String() string {
	parts := make([]string, len(q.Conds))
	for i, c := range q.Conds {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// Name is containerName: the name of a single condition ("" for a list).
func (q *ContainerQuery) Name() string {
	if len(q.Conds) != 1 {
		return ""
	}
	return q.Conds[0].Name
}

// Query is containerQuery: the query of a single condition ("" for a
// list).
func (q *ContainerQuery) Query() string {
	if len(q.Conds) != 1 {
		return ""
	}
	return q.Conds[0].Query()
}

// String writes a condition: its name, then its query.
func (c *ContainerCond) String() string {
	q := c.Query()
	switch {
	case c.Name == "":
		return q
	case q == "":
		return c.Name
	}
	return c.Name + " " + q
}

// Query writes a condition's query.
func (c *ContainerCond) Query() string {
	if c.cond == nil {
		return ""
	}
	var b strings.Builder
	c.cond.write(&b)
	return b.String()
}

// Reads tells which sizes the condition's query reads (its container
// must be a size container answering them) and whether it tests styles.
func (c *ContainerCond) Reads() (width, height, style bool) { return c.width, c.height, c.style }

// ReadsLogical tells which logical sizes the condition's query reads:
// which physical ones they are depends on the container's writing mode.
func (c *ContainerCond) ReadsLogical() (inline, block bool) { return c.inline, c.block }

// A ContainerEnv is what a condition reads of its container.
type ContainerEnv struct {
	// Width and Height are the container's content box, in px; HasWidth
	// and HasHeight tell which of them its container-type exposes.
	Width, Height          float64
	HasWidth, HasHeight    bool
	Vertical               bool // a vertical writing mode: inline-size is the height
	FontSize, RootFontSize float64
	Viewport               Viewport
	// Style returns the container's computed value of a custom
	// property, ok false when it has none (the guaranteed-invalid value).
	Style func(name string) (value string, ok bool)
	// Units is what the query's container units resolve against: the
	// container's own (its query containers'; nil: the viewport).
	Units cssvalue.ContainerSizer
}

// Eval evaluates the condition against its container: an unknown result
// (a <general-enclosed>, a size the container does not expose) is false.
func (c *ContainerCond) Eval(env *ContainerEnv) bool {
	if c.cond == nil {
		return true
	}
	return c.cond.evalCQ(env) == mqTrue
}

func (n *mqNode) evalCQ(env *ContainerEnv) mqTri {
	return evalTree(n, env, func(n *mqNode, env *ContainerEnv) mqTri {
		if n.feature != nil {
			return n.feature.evalCQ(env)
		}
		return n.style.eval(env)
	})
}

// evalCQ evaluates a size feature against the container (the inline
// size is the width in a horizontal writing mode, the height in a
// vertical one).
// https://drafts.csswg.org/css-conditional-5/#size-container
func (f *mqFeature) evalCQ(env *ContainerEnv) mqTri {
	var have float64
	name := f.name
	switch {
	case name == "inline-size":
		name = "width"
		if env.Vertical {
			name = "height"
		}
	case name == "block-size":
		name = "height"
		if env.Vertical {
			name = "width"
		}
	}
	switch name {
	case "width":
		if !env.HasWidth {
			return mqUnknown
		}
		have = env.Width
	case "height":
		if !env.HasHeight {
			return mqUnknown
		}
		have = env.Height
	case "aspect-ratio", "orientation":
		if !env.HasWidth || !env.HasHeight {
			return mqUnknown
		}
		if f.name == "orientation" {
			o := "landscape"
			if env.Height >= env.Width {
				o = "portrait"
			}
			if f.op == "" {
				return mqTrue
			}
			return boolTri(o == f.value.keyword)
		}
		if env.Height == 0 {
			have = math.Inf(1)
		} else {
			have = env.Width / env.Height
		}
	}
	if f.op == "" {
		return boolTri(have != 0)
	}
	vp := env.Viewport.withDefaults()
	fs, rfs := env.FontSize, env.RootFontSize
	if fs == 0 {
		fs = 16
	}
	if rfs == 0 {
		rfs = 16
	}
	return f.compare(have, &cssvalue.Context{FontSize: fs, RootFontSize: rfs, ViewportWidth: float64(vp.Width), ViewportHeight: float64(vp.Height),
		Container: env.Units})
}

// A cqStyle is a style() test: one custom property's value (or its
// presence), or a condition of such tests.
// https://drafts.csswg.org/css-conditional-5/#style-container
type cqStyle struct {
	name, value string
	hasValue    bool
	cond        *mqNode // style((--a: 1) and (--b: 2))
	inner       bool    // a test in such a condition, written in parentheses
}

// parseStyleQuery parses what style( … ) holds.
func parseStyleQuery(toks []mqToken) (*mqNode, bool) {
	toks = trimSpaceTokens(toks)
	if len(toks) == 0 {
		return nil, false
	}
	if t := toks[0]; t.kind == mqOpen || t.kind == mqIdent && ascii.EqualFold(t.text, "not") {
		p := &mqParser{toks: toks, cq: true, style: true}
		cond, ok := p.condition(true)
		if !ok || !p.done() {
			return nil, false
		}
		return &mqNode{style: &cqStyle{cond: cond}}, true
	}
	s, ok := parseStyleFeature(toks)
	if !ok {
		return nil, false
	}
	return &mqNode{style: s}, true
}

// parseStyleFeature parses `name` or `name: value`.
func parseStyleFeature(toks []mqToken) (*cqStyle, bool) {
	toks = trimSpaceTokens(toks)
	if len(toks) == 0 || toks[0].kind != mqIdent {
		return nil, false
	}
	s := &cqStyle{name: toks[0].text}
	if !strings.HasPrefix(s.name, "--") {
		s.name = ascii.Lower(s.name)
	}
	rest := trimSpaceTokens(toks[1:])
	if len(rest) == 0 {
		return s, true
	}
	if rest[0].kind != mqDelim || rest[0].text != ":" {
		return nil, false
	}
	s.hasValue = true
	s.value = tokensText(rest[1:])
	return s, true
}

func (s *cqStyle) write(b *strings.Builder) {
	switch {
	case s.cond != nil:
		b.WriteString("style(")
		s.cond.write(b)
		b.WriteByte(')')
		return
	case s.inner:
		b.WriteByte('(')
	default:
		b.WriteString("style(")
	}
	b.WriteString(s.name)
	if s.hasValue {
		b.WriteString(": " + s.value)
	}
	b.WriteByte(')')
}

// eval tests a custom property of the container: its computed value
// equals the one written (compared as token text with white space
// collapsed; a registered property's computed values are not compared
// by type), or, with no value, it has one. A standard property is
// unknown, as in Chromium 156.
func (s *cqStyle) eval(env *ContainerEnv) mqTri {
	if s.cond != nil {
		return s.cond.evalCQ(env)
	}
	if !strings.HasPrefix(s.name, "--") || env.Style == nil {
		return mqUnknown
	}
	have, ok := env.Style(s.name)
	if !s.hasValue {
		return boolTri(ok)
	}
	want := collapseSpaces(s.value)
	if want == "" || ascii.EqualFold(want, "initial") {
		return boolTri(!ok)
	}
	return boolTri(ok && collapseSpaces(have) == want)
}

// collapseSpaces trims s and collapses its runs of white space.
func collapseSpaces(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// containerRuleQuery is the parsed prelude of an @container rule of the
// CSSOM (parseRules keeps only valid ones).
func containerRuleQuery(rule *cssRuleImpl) *ContainerQuery {
	p, _ := ruleParts(rule.text)
	q, ok := ParseContainerQuery(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(p), "@container")))
	if !ok {
		return &ContainerQuery{}
	}
	return q
}

// validContainerRule tells whether an @container rule's text has a
// valid prelude and a block.
func validContainerRule(text string) bool {
	p, _ := ruleParts(text)
	_, ok := ParseContainerQuery(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(p), "@container")))
	return ok && strings.Contains(text, "{")
}
