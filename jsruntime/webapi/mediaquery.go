package webapi

import (
	"math"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Media queries, parsed once into a tree that serializes (MediaList,
// MediaQueryList.media, CSSMediaRule.conditionText) and evaluates against
// a Viewport (matchMedia, <style media>, @media) as Chromium does.
// https://drafts.csswg.org/mediaqueries-4/#mq-syntax

// mqTokKind is the kind of one token of a media query.
type mqTokKind uint8

const (
	mqIdent     mqTokKind = iota + 1
	mqFunction            // name( — the name in text
	mqOpen                // (
	mqClose               // )
	mqNumber              // num, with isInt
	mqDimension           // num and unit
	mqPercent             // num
	mqDelim               // one character: < > = / : and the rest
	mqComma
	mqSpace
	mqOther // strings, hashes, brackets, braces…: valid only in <general-enclosed>
)

type mqToken struct {
	kind  mqTokKind
	text  string // ident or function name (as written), delim or unit
	num   float64
	isInt bool
	raw   string // the token's source text
}

// tokenizeMedia splits a media query list into tokens, following CSS
// Syntax's tokenizer closely enough for media queries: comments are
// dropped, whitespace runs are one token, and anything a media query
// cannot hold outside <general-enclosed> is mqOther.
// https://drafts.csswg.org/css-syntax-3/#tokenization
func tokenizeMedia(s string) []mqToken {
	var toks []mqToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 4
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r' || s[j] == '\f') {
				j++
			}
			if n := len(toks); n == 0 || toks[n-1].kind != mqSpace {
				toks = append(toks, mqToken{kind: mqSpace, raw: " "})
			}
			i = j
		case c == '(':
			toks = append(toks, mqToken{kind: mqOpen, raw: "("})
			i++
		case c == ')':
			toks = append(toks, mqToken{kind: mqClose, raw: ")"})
			i++
		case c == ',':
			toks = append(toks, mqToken{kind: mqComma, raw: ","})
			i++
		case mqStartsNumber(s, i):
			j, num, isInt := mqScanNumber(s, i)
			tok := mqToken{kind: mqNumber, num: num, isInt: isInt}
			if j < len(s) && s[j] == '%' {
				tok.kind, j = mqPercent, j+1
			} else if mqStartsIdent(s, j) {
				k := mqScanIdent(s, j)
				tok.kind, tok.text = mqDimension, ascii.Lower(s[j:k])
				j = k
			}
			tok.raw = s[i:j]
			toks = append(toks, tok)
			i = j
		case mqStartsIdent(s, i):
			j := mqScanIdent(s, i)
			if j < len(s) && s[j] == '(' {
				toks = append(toks, mqToken{kind: mqFunction, text: s[i:j], raw: s[i : j+1]})
				i = j + 1
			} else {
				toks = append(toks, mqToken{kind: mqIdent, text: s[i:j], raw: s[i:j]})
				i = j
			}
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c && s[j] != '\n' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(s))
			toks = append(toks, mqToken{kind: mqOther, raw: s[i:j]})
			i = j
		case c == '<' || c == '>' || c == '=' || c == '/' || c == ':':
			toks = append(toks, mqToken{kind: mqDelim, text: s[i : i+1], raw: s[i : i+1]})
			i++
		default:
			toks = append(toks, mqToken{kind: mqOther, text: s[i : i+1], raw: s[i : i+1]})
			i++
		}
	}
	return toks
}

func mqIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

func mqIdentChar(c byte) bool {
	return mqIdentStart(c) || c >= '0' && c <= '9' || c == '-'
}

// mqStartsIdent reports whether an identifier starts at s[i] (escapes
// are not read: a media query has no use for them).
func mqStartsIdent(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	if s[i] == '-' {
		return i+1 < len(s) && (mqIdentStart(s[i+1]) || s[i+1] == '-')
	}
	return mqIdentStart(s[i])
}

func mqScanIdent(s string, i int) int {
	for i < len(s) && mqIdentChar(s[i]) {
		i++
	}
	return i
}

// mqStartsNumber reports whether a number starts at s[i].
// https://drafts.csswg.org/css-syntax-3/#starts-with-a-number
func mqStartsNumber(s string, i int) bool {
	digit := func(j int) bool { return j < len(s) && s[j] >= '0' && s[j] <= '9' }
	switch {
	case digit(i):
		return true
	case i < len(s) && (s[i] == '+' || s[i] == '-'):
		return digit(i+1) || i+2 < len(s) && s[i+1] == '.' && digit(i+2)
	case i < len(s) && s[i] == '.':
		return digit(i + 1)
	}
	return false
}

// mqScanNumber reads the number at s[i]: its end, value, and whether it
// was written as an integer (no '.', no exponent).
// https://drafts.csswg.org/css-syntax-3/#consume-number
func mqScanNumber(s string, i int) (end int, num float64, isInt bool) {
	digit := func(j int) bool { return j < len(s) && s[j] >= '0' && s[j] <= '9' }
	j := i
	if s[j] == '+' || s[j] == '-' {
		j++
	}
	for digit(j) {
		j++
	}
	isInt = true
	if j+1 < len(s) && s[j] == '.' && digit(j+1) {
		isInt = false
		j++
		for digit(j) {
			j++
		}
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if digit(k) {
			isInt = false
			for j = k; digit(j); j++ {
			}
		}
	}
	num, _ = strconv.ParseFloat(s[i:j], 64)
	return j, num, isInt
}

// A mediaQuery is one query of a list; invalid ones serialize as "not
// all" and never match.
type mediaQuery struct {
	invalid   bool
	not, only bool
	mediaType string  // lowercased; "" for a bare condition
	cond      *mqNode // nil without a condition
}

// An mqNode is a media condition: a feature, a <general-enclosed>, a
// parenthesized condition, not, or terms joined by and/or.
type mqNode struct {
	op      string    // "and", "or", "not", "()" (a parenthesized condition), "" (a leaf)
	kids    []*mqNode // the terms of and/or, the operand of not and ()
	feature *mqFeature
	general string // a <general-enclosed>'s text, as written
	// style is a container query's style() test (containerquery.go)
	style *cqStyle
}

// An mqFeature is one media feature test, in one of its three forms.
type mqFeature struct {
	name   string // lowercased, without a min-/max- prefix
	prefix string // "min-", "max-" or ""
	// A plain feature has one value and op ":"; a boolean one none; a
	// range one one or two comparisons against values.
	op          string // ":", "" (boolean), or the comparison of name to value
	value       mqValue
	lowOp       string // value lowOp name (the left side of a range), or ""
	low         mqValue
	valueOnLeft bool // a one-sided range written "value op name"
}

// An mqValue is a media feature's value: a number, a length (in px once
// resolved), a ratio, a resolution (dppx) or a keyword.
type mqValue struct {
	kind    mqValueKind
	num     float64 // the number, length in px, ratio or resolution in dppx
	den     float64 // a ratio's second term
	isInt   bool
	text    string // the unit, a calc()'s text, a ratio's second term
	keyword string // a keyword; "calc" for a math function; a ratio's first term
	raw     string // a math function as written
}

type mqValueKind uint8

const (
	mqvNumber mqValueKind = iota + 1
	mqvLength
	mqvRatio
	mqvResolution
	mqvKeyword
)

// parseMediaQueryList parses a <media-query-list>: each query at a
// top-level comma, a query that does not parse being "not all" (an empty
// list is the empty list).
// https://drafts.csswg.org/mediaqueries-4/#error-handling
func parseMediaQueryList(s string) []mediaQuery {
	toks := tokenizeMedia(s)
	var out []mediaQuery
	depth, start := 0, 0
	onlySpace := true
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) {
			switch t := toks[i]; {
			case t.kind == mqOpen, t.kind == mqFunction, t.kind == mqOther && (t.text == "[" || t.text == "{"):
				depth++
			case t.kind == mqClose, t.kind == mqOther && (t.text == "]" || t.text == "}"):
				if depth > 0 {
					depth--
				}
			}
			if toks[i].kind != mqSpace {
				onlySpace = false
			}
			if toks[i].kind != mqComma || depth > 0 {
				continue
			}
		}
		if i == len(toks) && onlySpace && len(out) == 0 {
			return nil
		}
		out = append(out, parseMediaQuery(toks[start:i]))
		start = i + 1
	}
	return out
}

// mqParser reads tokens with whitespace skipped.
type mqParser struct {
	toks []mqToken
	pos  int
	// cq is set for a container query (containerquery.go): its features
	// are cqFeatures', and style() and scroll-state() are its functions.
	cq bool
	// style is set inside style(): a parenthesized test is a custom
	// property's (`(--a: 1)`).
	style bool
}

func (p *mqParser) skip() {
	for p.pos < len(p.toks) && p.toks[p.pos].kind == mqSpace {
		p.pos++
	}
}

func (p *mqParser) peek() *mqToken {
	p.skip()
	if p.pos < len(p.toks) {
		return &p.toks[p.pos]
	}
	return nil
}

func (p *mqParser) done() bool { return p.peek() == nil }

// keyword consumes the identifier kw (ASCII case-insensitive).
func (p *mqParser) keyword(kw string) bool {
	if t := p.peek(); t != nil && t.kind == mqIdent && ascii.EqualFold(t.text, kw) {
		p.pos++
		return true
	}
	return false
}

// parseMediaQuery parses one <media-query>.
func parseMediaQuery(toks []mqToken) mediaQuery {
	p := &mqParser{toks: toks}
	// Block closing: a "(" left open at the end of the query is closed there.
	invalid := mediaQuery{invalid: true}
	if p.done() {
		return invalid
	}
	if t := p.peek(); t.kind == mqOpen || t.kind == mqFunction || t.kind == mqIdent && ascii.EqualFold(t.text, "not") && p.nextIsParen() {
		cond, ok := p.condition(true)
		if !ok || !p.done() {
			return invalid
		}
		return mediaQuery{cond: cond}
	}
	var q mediaQuery
	if p.keyword("not") {
		q.not = true
	} else if p.keyword("only") {
		q.only = true
	}
	t := p.peek()
	if t == nil || t.kind != mqIdent {
		return invalid
	}
	switch typ := ascii.Lower(t.text); typ {
	case "only", "not", "and", "or", "layer":
		return invalid
	default:
		q.mediaType = typ
	}
	p.pos++
	if p.done() {
		return q
	}
	if !p.keyword("and") {
		return invalid
	}
	cond, ok := p.condition(false)
	if !ok || !p.done() {
		return invalid
	}
	q.cond = cond
	return q
}

// nextIsParen reports whether the token after the current one (past
// whitespace) opens a block: "not (" starts a condition, "not screen" a
// media type.
func (p *mqParser) nextIsParen() bool {
	save := p.pos
	defer func() { p.pos = save }()
	p.pos++
	t := p.peek()
	return t != nil && (t.kind == mqOpen || t.kind == mqFunction)
}

// condition parses a <media-condition> (orOK) or a
// <media-condition-without-or>.
func (p *mqParser) condition(orOK bool) (*mqNode, bool) {
	if p.keyword("not") {
		in, ok := p.inParens()
		if !ok {
			return nil, false
		}
		return &mqNode{op: "not", kids: []*mqNode{in}}, true
	}
	first, ok := p.inParens()
	if !ok {
		return nil, false
	}
	node := first
	join := ""
	for {
		var op string
		switch {
		case p.keyword("and"):
			op = "and"
		case orOK && p.keyword("or"):
			op = "or"
		default:
			return node, true
		}
		if join != "" && op != join {
			return nil, false
		}
		if join == "" {
			node = &mqNode{op: op, kids: []*mqNode{first}}
			join = op
		}
		next, ok := p.inParens()
		if !ok {
			return nil, false
		}
		node.kids = append(node.kids, next)
	}
}

// block returns the tokens inside the block that opens at the current
// token (a "(" or a function), and moves past its ")"; a block left open
// at the end is closed there.
func (p *mqParser) block() []mqToken {
	start := p.pos + 1
	depth := 0
	for i := p.pos; i < len(p.toks); i++ {
		switch p.toks[i].kind {
		case mqOpen, mqFunction:
			depth++
		case mqClose:
			if depth--; depth == 0 {
				p.pos = i + 1
				return p.toks[start:i]
			}
		}
	}
	p.pos = len(p.toks)
	return p.toks[start:]
}

// inParens parses a <media-in-parens>. What is neither a condition nor a
// feature Chromium knows with a value it takes (an unknown feature, a
// negative width, a function) is a <general-enclosed>: it keeps its text
// as written and evaluates to unknown.
func (p *mqParser) inParens() (*mqNode, bool) {
	t := p.peek()
	if t == nil || t.kind != mqOpen && t.kind != mqFunction {
		return nil, false
	}
	start := p.pos
	inner := p.block()
	general := &mqNode{general: tokensText(p.toks[start:p.pos])}
	if t.kind == mqFunction {
		if p.cq && ascii.EqualFold(t.text, "style") {
			if n, ok := parseStyleQuery(inner); ok { // containerquery.go
				return n, true
			}
		}
		return general, true
	}
	sub := &mqParser{toks: inner, cq: p.cq, style: p.style}
	if t := sub.peek(); t != nil && (t.kind == mqOpen || t.kind == mqFunction || t.kind == mqIdent && ascii.EqualFold(t.text, "not") && sub.nextIsParen()) {
		if cond, ok := sub.condition(true); ok && sub.done() {
			return &mqNode{op: "()", kids: []*mqNode{cond}}, true
		}
	}
	if p.style {
		if st, ok := parseStyleFeature(inner); ok { // containerquery.go
			st.inner = true
			return &mqNode{style: st}, true
		}
		return general, true
	}
	defs := mqFeatures
	if p.cq {
		defs = cqFeatures
	}
	if f, ok := parseMediaFeature(inner, defs); ok {
		return &mqNode{feature: f}, true
	}
	if len(trimSpaceTokens(inner)) == 0 {
		return nil, false
	}
	return general, true
}

func tokensText(toks []mqToken) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.raw)
	}
	return strings.TrimSpace(b.String())
}

// An mqFeatureDef says what values a media feature takes.
// https://drafts.csswg.org/mediaqueries-4/#mq-features
type mqFeatureDef struct {
	value     mqValueKind
	rng       bool     // a range feature: min-/max- prefixes and the range syntax
	keywords  []string // a discrete feature's values
	integer   bool     // a number must be an integer
	noBoolean bool     // not allowed in the boolean context
}

// mqFeatures are the media features Chromium 156 knows; another name is
// a <general-enclosed> (unknown).
var mqFeatures = map[string]mqFeatureDef{
	"width":                        {value: mqvLength, rng: true},
	"height":                       {value: mqvLength, rng: true},
	"device-width":                 {value: mqvLength, rng: true},
	"device-height":                {value: mqvLength, rng: true},
	"aspect-ratio":                 {value: mqvRatio, rng: true},
	"device-aspect-ratio":          {value: mqvRatio, rng: true},
	"resolution":                   {value: mqvResolution, rng: true},
	"-webkit-device-pixel-ratio":   {value: mqvNumber, rng: true},
	"color":                        {value: mqvNumber, rng: true, integer: true},
	"color-index":                  {value: mqvNumber, rng: true, integer: true},
	"monochrome":                   {value: mqvNumber, rng: true, integer: true},
	"horizontal-viewport-segments": {value: mqvNumber, rng: true, integer: true},
	"vertical-viewport-segments":   {value: mqvNumber, rng: true, integer: true},
	"grid":                         {value: mqvNumber},
	"-webkit-transform-3d":         {value: mqvNumber},
	"orientation":                  {value: mqvKeyword, keywords: []string{"portrait", "landscape"}},
	"scan":                         {value: mqvKeyword, keywords: []string{"interlace", "progressive"}},
	"hover":                        {value: mqvKeyword, keywords: []string{"none", "hover"}},
	"any-hover":                    {value: mqvKeyword, keywords: []string{"none", "hover"}},
	"pointer":                      {value: mqvKeyword, keywords: []string{"none", "coarse", "fine"}},
	"any-pointer":                  {value: mqvKeyword, keywords: []string{"none", "coarse", "fine"}},
	"update":                       {value: mqvKeyword, keywords: []string{"none", "slow", "fast"}},
	"color-gamut":                  {value: mqvKeyword, keywords: []string{"srgb", "p3", "rec2020"}},
	"dynamic-range":                {value: mqvKeyword, keywords: []string{"standard", "high"}},
	"prefers-color-scheme":         {value: mqvKeyword, keywords: []string{"light", "dark"}},
	"prefers-reduced-motion":       {value: mqvKeyword, keywords: []string{"no-preference", "reduce"}},
	"prefers-reduced-transparency": {value: mqvKeyword, keywords: []string{"no-preference", "reduce"}},
	"prefers-contrast":             {value: mqvKeyword, keywords: []string{"no-preference", "more", "less", "custom"}},
	"forced-colors":                {value: mqvKeyword, keywords: []string{"none", "active"}},
	"scripting":                    {value: mqvKeyword, keywords: []string{"none", "initial-only", "enabled"}},
	"display-mode":                 {value: mqvKeyword, keywords: []string{"browser", "minimal-ui", "standalone", "fullscreen", "picture-in-picture", "window-controls-overlay", "borderless", "tabbed"}},
	"device-posture":               {value: mqvKeyword, keywords: []string{"continuous", "folded"}},
	"overflow-block":               {value: mqvKeyword, keywords: []string{"none", "scroll", "paged"}},
	"overflow-inline":              {value: mqvKeyword, keywords: []string{"none", "scroll"}},
}

// trimSpace drops whitespace tokens at both ends.
func trimSpaceTokens(toks []mqToken) []mqToken {
	for len(toks) > 0 && toks[0].kind == mqSpace {
		toks = toks[1:]
	}
	for len(toks) > 0 && toks[len(toks)-1].kind == mqSpace {
		toks = toks[:len(toks)-1]
	}
	return toks
}

// parseMediaFeature parses a <media-feature> (what its parentheses hold):
// a known feature with a value it takes.
// https://drafts.csswg.org/mediaqueries-4/#typedef-media-feature
func parseMediaFeature(toks []mqToken, features map[string]mqFeatureDef) (*mqFeature, bool) {
	toks = trimSpaceTokens(toks)
	if len(toks) == 0 {
		return nil, false
	}
	// <mf-boolean>
	if len(toks) == 1 {
		if toks[0].kind != mqIdent {
			return nil, false
		}
		name := ascii.Lower(toks[0].text)
		def, ok := features[name]
		if !ok || def.noBoolean {
			return nil, false
		}
		return &mqFeature{name: name}, true
	}
	// <mf-plain>
	if toks[0].kind == mqIdent {
		rest := trimSpaceTokens(toks[1:])
		if len(rest) > 0 && rest[0].kind == mqDelim && rest[0].text == ":" {
			name, prefix := ascii.Lower(toks[0].text), ""
			def, ok := features[name]
			if !ok {
				// min- and max- (-webkit-min- and -webkit-max- for the
				// device pixel ratio) ask for at least and at most.
				for _, pre := range []string{"min-", "max-", "-webkit-min-", "-webkit-max-"} {
					base, cut := strings.CutPrefix(name, pre)
					if strings.HasPrefix(pre, "-webkit-") {
						base = "-webkit-" + base
					}
					if d, known := features[base]; cut && known && d.rng && strings.HasPrefix(base, "-webkit-") == strings.HasPrefix(pre, "-webkit-") {
						name, prefix, def, ok = base, pre, d, true
					}
				}
				if !ok {
					return nil, false
				}
			}
			v, ok := parseMQValue(rest[1:], def)
			if !ok {
				return nil, false
			}
			return &mqFeature{name: name, prefix: prefix, op: ":", value: v}, true
		}
	}
	// <mf-range>: split at the comparisons.
	var parts [][]mqToken
	var ops []string
	start := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != mqDelim || t.text != "<" && t.text != ">" && t.text != "=" {
			continue
		}
		op := t.text
		if op != "=" && i+1 < len(toks) && toks[i+1].kind == mqDelim && toks[i+1].text == "=" {
			op += "="
		}
		parts = append(parts, toks[start:i])
		ops = append(ops, op)
		i += len(op) - 1
		start = i + 1
	}
	parts = append(parts, toks[start:])
	rangeName := func(toks []mqToken) (string, mqFeatureDef, bool) {
		toks = trimSpaceTokens(toks)
		if len(toks) != 1 || toks[0].kind != mqIdent {
			return "", mqFeatureDef{}, false
		}
		name := ascii.Lower(toks[0].text)
		def, ok := features[name]
		return name, def, ok && def.rng
	}
	switch len(ops) {
	case 1:
		if name, def, ok := rangeName(parts[0]); ok {
			v, ok := parseMQValue(parts[1], def)
			return &mqFeature{name: name, op: ops[0], value: v}, ok
		}
		if name, def, ok := rangeName(parts[1]); ok {
			v, ok := parseMQValue(parts[0], def)
			return &mqFeature{name: name, op: ops[0], value: v, valueOnLeft: true}, ok
		}
	case 2:
		lt := func(op string) bool { return op == "<" || op == "<=" }
		gt := func(op string) bool { return op == ">" || op == ">=" }
		if !(lt(ops[0]) && lt(ops[1]) || gt(ops[0]) && gt(ops[1])) {
			return nil, false
		}
		name, def, ok := rangeName(parts[1])
		if !ok {
			return nil, false
		}
		low, ok1 := parseMQValue(parts[0], def)
		high, ok2 := parseMQValue(parts[2], def)
		return &mqFeature{name: name, lowOp: ops[0], low: low, op: ops[1], value: high}, ok1 && ok2
	}
	return nil, false
}

// parseMQValue parses an <mf-value> of the type def takes.
// https://drafts.csswg.org/mediaqueries-4/#typedef-mf-value
func parseMQValue(toks []mqToken, def mqFeatureDef) (mqValue, bool) {
	toks = trimSpaceTokens(toks)
	if len(toks) == 0 {
		return mqValue{}, false
	}
	if def.value == mqvRatio {
		return parseMQRatio(toks)
	}
	if toks[0].kind == mqFunction && def.value == mqvLength {
		return parseMQCalc(toks)
	}
	if len(toks) != 1 {
		return mqValue{}, false
	}
	t := toks[0]
	switch def.value {
	case mqvLength:
		switch {
		case t.kind == mqNumber && t.num == 0:
			return mqValue{kind: mqvLength, num: 0, text: "0"}, true
		case t.kind == mqDimension && t.num >= 0:
			if _, ok := mqLengthUnits[t.text]; ok {
				return mqValue{kind: mqvLength, num: t.num, text: t.text}, true
			}
		}
	case mqvNumber:
		if t.kind == mqNumber && (t.isInt || !def.integer) && (t.num >= 0 || !def.integer) {
			return mqValue{kind: mqvNumber, num: t.num, isInt: t.isInt}, true
		}
	case mqvResolution:
		if t.kind == mqDimension && t.num > 0 {
			if scale, ok := mqResolutionUnits[t.text]; ok {
				return mqValue{kind: mqvResolution, num: t.num * scale, den: t.num, text: t.text}, true
			}
		}
	case mqvKeyword:
		if t.kind == mqIdent {
			kw := ascii.Lower(t.text)
			for _, k := range def.keywords {
				if k == kw {
					return mqValue{kind: mqvKeyword, keyword: kw}, true
				}
			}
		}
	}
	return mqValue{}, false
}

// parseMQRatio parses a <ratio>: a non-negative number, then optionally
// "/" and another; a number may be a math function ("calc(59/79)").
// https://drafts.csswg.org/css-values-4/#ratios
func parseMQRatio(toks []mqToken) (mqValue, bool) {
	var terms [][]mqToken
	slash := false
	for i := 0; i < len(toks); i++ {
		switch t := toks[i]; {
		case t.kind == mqSpace:
		case t.kind == mqDelim && t.text == "/" && len(terms) == 1 && !slash:
			slash = true
		case (t.kind == mqNumber || t.kind == mqFunction) && (len(terms) == 0 || slash && len(terms) == 1):
			j := i + 1
			if t.kind == mqFunction {
				for depth := 1; j < len(toks) && depth > 0; j++ {
					switch toks[j].kind {
					case mqOpen, mqFunction:
						depth++
					case mqClose:
						depth--
					}
				}
			}
			terms = append(terms, toks[i:j])
			i = j - 1
		default:
			return mqValue{}, false
		}
	}
	if len(terms) == 0 || slash && len(terms) != 2 {
		return mqValue{}, false
	}
	v := mqValue{kind: mqvRatio, den: 1, text: "1"}
	for i, term := range terms {
		var n float64
		var text string
		if term[0].kind == mqNumber {
			n, text = term[0].num, mqNum(term[0].num)
		} else {
			src := tokensText(term)
			r, ok := cssvalue.Eval(src, nil)
			if !ok || r.Kinds != cssvalue.Num {
				return mqValue{}, false
			}
			n, text = r.Num, src
			if simple, ok := cssvalue.SimplifyMath(src); ok {
				text = simple
			}
		}
		if n < 0 {
			return mqValue{}, false
		}
		if i == 0 {
			v.num, v.keyword = n, text
		} else {
			v.den, v.text = n, text
		}
	}
	return v, true
}

// parseMQCalc accepts a math function as a length; it is evaluated
// against the viewport, and serializes simplified ("calc(101px)").
func parseMQCalc(toks []mqToken) (mqValue, bool) {
	src := tokensText(toks)
	if !cssvalue.IsMath(src) {
		return mqValue{}, false
	}
	v, ok := cssvalue.Eval(src, &cssvalue.Context{FontSize: 16, RootFontSize: 16, ViewportWidth: 1, ViewportHeight: 1})
	if !ok || !v.Is(cssvalue.Px) && !(v.Kinds == cssvalue.Num && v.Num == 0) {
		return mqValue{}, false
	}
	text := ascii.Lower(src)
	if simple, ok := cssvalue.SimplifyMath(src); ok {
		text = simple
	}
	return mqValue{kind: mqvLength, text: text, keyword: "calc", raw: src}, true
}

// mqLengthUnits are the length units a media feature takes, in px (0 for
// the relative ones, resolved against the viewport and the initial font;
// container units against the small viewport in a media query, the
// container's containers in a container query).
var mqLengthUnits = map[string]float64{
	"px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96.0 / 72, "pc": 16,
	"em": 0, "rem": 0, "ex": 0, "rex": 0, "ch": 0, "rch": 0, "cap": 0, "rcap": 0, "ic": 0, "ric": 0, "lh": 0, "rlh": 0,
	"vw": 0, "vh": 0, "vi": 0, "vb": 0, "vmin": 0, "vmax": 0,
	"svw": 0, "svh": 0, "svi": 0, "svb": 0, "svmin": 0, "svmax": 0,
	"lvw": 0, "lvh": 0, "lvi": 0, "lvb": 0, "lvmin": 0, "lvmax": 0,
	"dvw": 0, "dvh": 0, "dvi": 0, "dvb": 0, "dvmin": 0, "dvmax": 0,
	"cqw": 0, "cqh": 0, "cqi": 0, "cqb": 0, "cqmin": 0, "cqmax": 0,
}

// mqResolutionUnits are the resolution units, in dppx.
var mqResolutionUnits = map[string]float64{"dppx": 1, "x": 1, "dpi": 1.0 / 96, "dpcm": 2.54 / 96}

// px resolves a length against vp, with the initial font (16px) for the
// font-relative units, as media queries do.
// https://drafts.csswg.org/mediaqueries-4/#units
func (v mqValue) px(vp Viewport) (float64, bool) {
	return v.pxIn(&cssvalue.Context{FontSize: 16, RootFontSize: 16, ViewportWidth: float64(vp.Width), ViewportHeight: float64(vp.Height)})
}

// pxIn resolves a length in ctx.
func (v mqValue) pxIn(ctx *cssvalue.Context) (float64, bool) {
	if v.keyword == "calc" {
		r, ok := cssvalue.Eval(v.raw, ctx)
		if !ok {
			return 0, false
		}
		if r.Kinds == cssvalue.Num {
			return r.Num, true
		}
		return r.Px, r.Is(cssvalue.Px)
	}
	if v.text == "0" {
		return 0, true
	}
	if scale := mqLengthUnits[v.text]; scale != 0 {
		return v.num * scale, true
	}
	r, ok := cssvalue.Dimension(v.num, v.text, ctx)
	return r.Px, ok && r.Is(cssvalue.Px)
}

// String serializes a media query list.
// https://drafts.csswg.org/cssom/#serialize-a-media-query-list
func serializeMediaQueryList(list []mediaQuery) string {
	parts := make([]string, len(list))
	for i, q := range list {
		parts[i] = q.String()
	}
	return strings.Join(parts, ", ")
}

// String serializes one media query: "not all" when it did not parse, the
// media type omitted as "all and" before a condition.
// https://drafts.csswg.org/cssom/#serialize-a-media-query
func (q mediaQuery) String() string {
	if q.invalid {
		return "not all"
	}
	var b strings.Builder
	if q.not {
		b.WriteString("not ")
	} else if q.only {
		b.WriteString("only ")
	}
	if q.mediaType != "" && (q.mediaType != "all" || q.cond == nil || q.not || q.only) {
		b.WriteString(q.mediaType)
		if q.cond != nil {
			b.WriteString(" and ")
		}
	}
	if q.cond != nil {
		q.cond.write(&b)
	}
	return b.String()
}

func (n *mqNode) write(b *strings.Builder) {
	switch {
	case n.feature != nil:
		b.WriteByte('(')
		n.feature.write(b)
		b.WriteByte(')')
	case n.style != nil:
		n.style.write(b)
	case n.op == "":
		b.WriteString(n.general)
	case n.op == "not":
		b.WriteString("not ")
		n.kids[0].write(b)
	case n.op == "()":
		b.WriteByte('(')
		n.kids[0].write(b)
		b.WriteByte(')')
	default:
		for i, k := range n.kids {
			if i > 0 {
				b.WriteString(" " + n.op + " ")
			}
			k.write(b)
		}
	}
}

func (f *mqFeature) write(b *strings.Builder) {
	switch {
	case f.op == "":
		b.WriteString(f.name)
	case f.op == ":":
		b.WriteString(f.prefix + strings.TrimPrefix(f.name, mqWebkit(f.prefix)) + ": " + f.value.String())
	case f.lowOp != "":
		b.WriteString(f.low.String() + " " + f.lowOp + " " + f.name + " " + f.op + " " + f.value.String())
	case f.valueOnLeft:
		b.WriteString(f.value.String() + " " + f.op + " " + f.name)
	default:
		b.WriteString(f.name + " " + f.op + " " + f.value.String())
	}
}

// mqWebkit is "-webkit-" for a -webkit-min-/-webkit-max- prefix, whose
// feature name already has it.
func mqWebkit(prefix string) string {
	if strings.HasPrefix(prefix, "-webkit-") {
		return "-webkit-"
	}
	return ""
}

// String serializes a media feature's value as Chromium does: numbers in
// their shortest form, units lowercased, ratios with spaces around "/".
func (v mqValue) String() string {
	switch v.kind {
	case mqvKeyword:
		return v.keyword
	case mqvRatio:
		return v.keyword + " / " + v.text
	case mqvNumber:
		return mqNum(v.num)
	case mqvResolution:
		return mqNum(v.den) + v.text
	case mqvLength:
		if v.keyword == "calc" || v.text == "0" {
			return v.text
		}
		return mqNum(v.num) + v.text
	}
	return ""
}

// mqNum serializes a number with up to six significant digits.
func mqNum(f float64) string { return cssvalue.FormatComputed(f) }

// An mqTri is a three-valued result: a <general-enclosed> is unknown.
// https://drafts.csswg.org/mediaqueries-4/#evaluating
type mqTri int8

const (
	mqFalse mqTri = iota
	mqTrue
	mqUnknown
)

// matches evaluates a media query list: true when any query is true; an
// empty list is true.
func mediaQueryListMatches(list []mediaQuery, vp Viewport) bool {
	if len(list) == 0 {
		return true
	}
	for _, q := range list {
		if q.matches(vp) {
			return true
		}
	}
	return false
}

func (q mediaQuery) matches(vp Viewport) bool {
	if q.invalid {
		return false
	}
	r := mqTrue
	switch q.mediaType {
	case "", "all", "screen":
	default:
		r = mqFalse // print, speech and the unknown types
	}
	if q.cond != nil && r == mqTrue {
		r = q.cond.eval(vp)
	}
	if q.not {
		switch r {
		case mqTrue:
			r = mqFalse
		case mqFalse:
			r = mqTrue
		}
	}
	return r == mqTrue
}

func (n *mqNode) eval(vp Viewport) mqTri {
	return evalTree(n, vp, func(n *mqNode, vp Viewport) mqTri { return n.feature.eval(vp) })
}

// evalTree evaluates the condition tree n in three-valued logic, with
// leaf evaluating its features (and a container query's style() tests)
// in env.
func evalTree[E any](n *mqNode, env E, leaf func(*mqNode, E) mqTri) mqTri {
	switch {
	case n.feature != nil || n.style != nil:
		return leaf(n, env)
	case n.op == "":
		return mqUnknown
	case n.op == "()":
		return evalTree(n.kids[0], env, leaf)
	case n.op == "not":
		switch evalTree(n.kids[0], env, leaf) {
		case mqTrue:
			return mqFalse
		case mqFalse:
			return mqTrue
		}
		return mqUnknown
	case n.op == "and":
		r := mqTrue
		for _, k := range n.kids {
			switch evalTree(k, env, leaf) {
			case mqFalse:
				return mqFalse
			case mqUnknown:
				r = mqUnknown
			}
		}
		return r
	default: // or
		r := mqFalse
		for _, k := range n.kids {
			switch evalTree(k, env, leaf) {
			case mqTrue:
				return mqTrue
			case mqUnknown:
				r = mqUnknown
			}
		}
		return r
	}
}

// mqAnswers are the discrete features' values: a screen with a fine
// hovering pointer, light color scheme, no preference for reduced motion,
// transparency, data or contrast.
var mqAnswers = map[string]string{
	"scan":                         "",
	"hover":                        "hover",
	"any-hover":                    "hover",
	"pointer":                      "fine",
	"any-pointer":                  "fine",
	"update":                       "fast",
	"color-gamut":                  "srgb",
	"dynamic-range":                "standard",
	"device-posture":               "continuous",
	"prefers-color-scheme":         "light",
	"prefers-reduced-motion":       "no-preference",
	"prefers-reduced-transparency": "no-preference",
	"prefers-contrast":             "no-preference",
	"forced-colors":                "none",
	"scripting":                    "enabled",
	"display-mode":                 "browser",
	"overflow-block":               "scroll",
	"overflow-inline":              "scroll",
}

func boolTri(b bool) mqTri {
	if b {
		return mqTrue
	}
	return mqFalse
}

// eval evaluates one feature against vp.
// https://drafts.csswg.org/mediaqueries-4/#mq-features
func (f *mqFeature) eval(vp Viewport) mqTri {
	vp = vp.withDefaults()
	def := mqFeatures[f.name]
	if def.value == mqvKeyword {
		have := mqAnswers[f.name]
		if f.name == "orientation" {
			have = orientationOf(vp)
		}
		if f.op == "" { // the boolean context: false for none and no-preference
			return boolTri(have != "" && have != "none" && have != "no-preference")
		}
		return boolTri(have == f.value.keyword)
	}
	// The numeric features: have is compared as have op value.
	var have float64
	switch f.name {
	case "width", "device-width":
		have = float64(vp.Width)
	case "height", "device-height":
		have = float64(vp.Height)
	case "aspect-ratio", "device-aspect-ratio":
		have = float64(vp.Width) / float64(vp.Height)
	case "resolution", "-webkit-device-pixel-ratio":
		have = vp.DevicePixelRatio
	case "color":
		have = 8
	case "-webkit-transform-3d", "horizontal-viewport-segments", "vertical-viewport-segments":
		have = 1
	}
	if f.op == "" {
		return boolTri(have != 0)
	}
	return f.compare(have, &cssvalue.Context{FontSize: 16, RootFontSize: 16, ViewportWidth: float64(vp.Width), ViewportHeight: float64(vp.Height)})
}

// compare evaluates a numeric feature whose value is have, its lengths
// resolved in ctx.
func (f *mqFeature) compare(have float64, ctx *cssvalue.Context) mqTri {
	want := func(v mqValue) (float64, bool) {
		switch v.kind {
		case mqvLength:
			return v.pxIn(ctx)
		case mqvRatio:
			if v.den == 0 {
				return math.Inf(1), v.num != 0
			}
			return v.num / v.den, true
		}
		return v.num, true
	}
	cmp := func(op string, a, b float64) bool {
		const eps = 1e-9
		switch op {
		case "<":
			return a < b-eps
		case "<=":
			return a <= b+eps
		case ">":
			return a > b+eps
		case ">=":
			return a >= b-eps
		}
		return math.Abs(a-b) <= eps
	}
	w, ok := want(f.value)
	if !ok {
		return mqFalse
	}
	switch {
	case f.op == ":":
		switch strings.TrimPrefix(f.prefix, "-webkit-") {
		case "min-":
			return boolTri(cmp(">=", have, w))
		case "max-":
			return boolTri(cmp("<=", have, w))
		}
		return boolTri(cmp("=", have, w))
	case f.lowOp != "":
		l, ok := want(f.low)
		return boolTri(ok && cmp(f.lowOp, l, have) && cmp(f.op, have, w))
	case f.valueOnLeft:
		return boolTri(cmp(f.op, w, have))
	}
	return boolTri(cmp(f.op, have, w))
}
