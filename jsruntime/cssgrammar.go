package jsruntime

import (
	"strings"
	"sync"

	"github.com/bangsnap/bangsnap/dom/cssvalue"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// Property grammars: for the properties of propertyGrammars a value must
// match the property's grammar, written in the CSS value definition syntax
// (https://drafts.csswg.org/css-values-4/#value-defs), before it is
// normalized; a value that does not is refused, as Chromium refuses it
// (`outline-style: bogus`, `line-height: auto`, `transform: auto`). The
// grammars are matched against a value's top-level components
// (splitComponents): a function is one component, checked by its name and,
// for the math functions, by the type of its result. Properties without
// a grammar keep the looser checks of normalizeValue.
//
// The syntax read here: keywords; `,` and `/`; `<type>` for the types of
// grammarTypes; `name()` for a function of that name (its arguments are
// not checked); `[ ]` groups; juxtaposition, `&&`, `||` and `|` in that
// order of precedence; the multipliers `?`, `*`, `+`, `#`, `{n}`, `{n,m}`
// and `{n,}`.

// A grammar is one node of a parsed value definition.
type grammar struct {
	kind     grammarKind
	word     string // a keyword, "," or "/", a type's name, a function's name
	children []*grammar
	min, max int  // a repetition's bounds (max -1: unbounded)
	comma    bool // the repetitions are separated by commas (#)
}

type grammarKind uint8

const (
	gKeyword grammarKind = iota
	gType
	gFunction
	gSeq    // juxtaposition
	gAll    // &&
	gAny    // ||
	gOne    // |
	gRepeat // children[0] min to max times
)

// grammarSteps bounds the backtracking of one match: a value this many
// steps cannot decide is taken, as it was before grammars were checked.
const grammarSteps = 20000

// grammarMatch tells whether the components parts match g.
func grammarMatch(g *grammar, parts []string) bool {
	m := matcher{parts: parts}
	ok := m.match(g, 0, func(i int) bool { return i == len(parts) })
	return ok || m.steps > grammarSteps
}

type matcher struct {
	parts []string
	steps int
}

// match matches g at component i and calls k with each place it can end,
// until k accepts one.
func (m *matcher) match(g *grammar, i int, k func(int) bool) bool {
	if m.steps++; m.steps > grammarSteps {
		return false
	}
	switch g.kind {
	case gKeyword, gType, gFunction:
		if i < len(m.parts) && termMatches(g, m.parts[i]) {
			return k(i + 1)
		}
		return false
	case gSeq:
		return m.seq(g.children, i, k)
	case gOne:
		for _, c := range g.children {
			if m.match(c, i, k) {
				return true
			}
		}
		return false
	case gAll, gAny:
		return m.unordered(g, 0, i, k)
	case gRepeat:
		return m.repeat(g, 0, i, k)
	}
	return false
}

func (m *matcher) seq(list []*grammar, i int, k func(int) bool) bool {
	if len(list) == 0 {
		return k(i)
	}
	return m.match(list[0], i, func(j int) bool { return m.seq(list[1:], j, k) })
}

// unordered matches the children of an && (all of them) or || (one or
// more) in any order, used being the ones matched so far.
func (m *matcher) unordered(g *grammar, used uint32, i int, k func(int) bool) bool {
	if used == 1<<len(g.children)-1 {
		return k(i)
	}
	for c, child := range g.children {
		if used&(1<<c) != 0 {
			continue
		}
		if m.match(child, i, func(j int) bool { return m.unordered(g, used|1<<c, j, k) }) {
			return true
		}
	}
	return g.kind == gAny && used != 0 && k(i)
}

func (m *matcher) repeat(g *grammar, n, i int, k func(int) bool) bool {
	// more repetitions first (the longest match), then stopping here
	if g.max < 0 || n < g.max {
		start := i
		if n > 0 && g.comma {
			if i >= len(m.parts) || m.parts[i] != "," {
				return n >= g.min && k(i)
			}
			start = i + 1
		}
		if m.match(g.children[0], start, func(j int) bool { return j > start && m.repeat(g, n+1, j, k) }) {
			return true
		}
	}
	return n >= g.min && k(i)
}

// termMatches tells whether the component t is the keyword, type or
// function g names.
func termMatches(g *grammar, t string) bool {
	switch g.kind {
	case gKeyword:
		return ascii.EqualFold(t, g.word)
	case gFunction:
		open := strings.IndexByte(t, '(')
		return open > 0 && strings.HasSuffix(t, ")") && ascii.EqualFold(t[:open], g.word) && functionArgsMatch(g.word, t)
	}
	return grammarTypes[g.word](t)
}

// mathOf is the type of t when it is a math function (calc(), min()…),
// with ok false when it is not one.
func mathOf(t string) (cssvalue.MathType, bool) {
	open := strings.IndexByte(t, '(')
	if open <= 0 || !strings.HasSuffix(t, ")") || !cssvalue.IsMathName(ascii.Lower(t[:open])) {
		return 0, false
	}
	return cssvalue.TypeOfMath(t), true
}

// numeric tells whether t is a number with one of units (a unit "" for a
// plain number), or a math function of one of types; min0 refuses a
// negative number (a math function is clamped later, not refused).
func numeric(t string, min0 bool, units func(string) bool, types ...cssvalue.MathType) bool {
	if f, unit, ok := splitNumber(t); ok {
		return units(unit) && !(min0 && f < 0)
	}
	ty, ok := mathOf(t)
	if !ok || ty == cssvalue.MathInvalid {
		return false
	}
	if ty == cssvalue.MathUnknown {
		return true
	}
	for _, want := range types {
		if ty == want {
			return true
		}
	}
	return false
}

func isLengthToken(t string, min0 bool) bool {
	if f, unit, ok := splitNumber(t); ok && unit == "" {
		return f == 0
	}
	return numeric(t, min0, func(u string) bool { return lengthUnits[u] }, cssvalue.MathLength)
}

func isLengthPercentToken(t string, min0 bool) bool {
	if f, unit, ok := splitNumber(t); ok && unit == "" {
		return f == 0
	}
	return numeric(t, min0, func(u string) bool { return u == "%" || lengthUnits[u] },
		cssvalue.MathLength, cssvalue.MathPercent, cssvalue.MathLengthPercent)
}

func isNumberToken(t string, min0 bool) bool {
	return numeric(t, min0, func(u string) bool { return u == "" }, cssvalue.MathNumber)
}

func isIntegerToken(t string, min int) bool {
	if f, unit, ok := splitNumber(t); ok {
		// digits only (1e1 and 10.0 are numbers), or a large integer
		// as it is written back (1.23457e+06)
		return unit == "" && cssvalue.IsIntegerText(t) && f >= float64(min)
	}
	return isNumberToken(t, false)
}

var (
	timeUnits  = set("s ms")
	angleUnits = set("deg rad grad turn")
)

// imageFunctions are the functions that make an <image>.
var imageFunctions = set(`url src image image-set -webkit-image-set cross-fade -webkit-cross-fade element -webkit-element
	paint linear-gradient radial-gradient conic-gradient repeating-linear-gradient repeating-radial-gradient
	repeating-conic-gradient -webkit-linear-gradient -webkit-radial-gradient -webkit-repeating-linear-gradient
	-webkit-repeating-radial-gradient -webkit-gradient light-dark`)

func functionName(t string) string {
	open := strings.IndexByte(t, '(')
	if open <= 0 || !strings.HasSuffix(t, ")") {
		return ""
	}
	return ascii.Lower(t[:open])
}

// isCustomIdent tells whether t is a <custom-ident>: an identifier that
// is not a CSS-wide keyword nor default.
// https://drafts.csswg.org/css-values-4/#custom-idents
func isCustomIdent(t string) bool {
	if !isIdentToken(t) {
		return false
	}
	l := ascii.Lower(t)
	return !cssWideKeywords[l] && l != "default"
}

// isIdentToken tells whether t is an identifier, escapes allowed.
func isIdentToken(t string) bool {
	if isIdent(t) {
		return true
	}
	return strings.Contains(t, "\\") && allIdents([]string{t})
}

// webkitColors are the colors of Chromium's own keywords beside the CSS
// ones that Chromium 156 takes wherever a <color> goes (normalizeColor
// takes them, cssvalue.WebkitColors computes them); it takes
// -webkit-focus-ring-color in outline and outline-color only (outline:
// 5px auto -webkit-focus-ring-color, normalize.css; not in a box-shadow),
// and -webkit-text nowhere.
var webkitColors = set(`-webkit-link -webkit-activelink`)

// grammarTypes are the types a grammar may name; a trailing 0 refuses
// negative values.
var grammarTypes = map[string]func(string) bool{
	"length":  func(t string) bool { return isLengthToken(t, false) },
	"length0": func(t string) bool { return isLengthToken(t, true) },
	// a length dimension token: no 0, no math function
	"length-dimension":   func(t string) bool { _, unit, ok := splitNumber(t); return ok && lengthUnits[unit] },
	"length-percentage":  func(t string) bool { return isLengthPercentToken(t, false) },
	"length-percentage0": func(t string) bool { return isLengthPercentToken(t, true) },
	"percentage": func(t string) bool {
		return numeric(t, false, func(u string) bool { return u == "%" }, cssvalue.MathPercent)
	},
	"percentage0": func(t string) bool {
		return numeric(t, true, func(u string) bool { return u == "%" }, cssvalue.MathPercent)
	},
	"number":   func(t string) bool { return isNumberToken(t, false) },
	"number0":  func(t string) bool { return isNumberToken(t, true) },
	"integer":  func(t string) bool { return isIntegerToken(t, -1<<62) },
	"integer0": func(t string) bool { return isIntegerToken(t, 0) },
	"integer1": func(t string) bool { return isIntegerToken(t, 1) },
	"number-percentage0": func(t string) bool {
		return numeric(t, true, func(u string) bool { return u == "" || u == "%" }, cssvalue.MathNumber, cssvalue.MathPercent)
	},
	"time": func(t string) bool {
		return numeric(t, false, func(u string) bool { return timeUnits[u] }, cssvalue.MathTime)
	},
	"time0": func(t string) bool {
		return numeric(t, true, func(u string) bool { return timeUnits[u] }, cssvalue.MathTime)
	},
	"angle": func(t string) bool {
		return numeric(t, false, func(u string) bool { return angleUnits[u] }, cssvalue.MathAngle)
	},
	"color": func(t string) bool {
		_, ok := normalizeColor(t)
		return ok && !cssWideKeywords[ascii.Lower(t)]
	},

	"string":       func(t string) bool { return t != "" && (t[0] == '"' || t[0] == '\'') },
	"custom-ident": isCustomIdent,
	"ident":        isIdentToken,
	// <dashed-ident>
	"dashed-ident": func(t string) bool { return strings.HasPrefix(t, "--") && len(t) > 2 && isIdentToken(t) },
	// <custom-ident> but the keywords a property gives a meaning of its own
	"custom-ident-grid": func(t string) bool {
		return isCustomIdent(t) && !ascii.EqualFold(t, "span") && !ascii.EqualFold(t, "auto")
	},
	// color-scheme's <custom-ident>: normal and only are excluded
	// https://drafts.csswg.org/css-color-adjust/#color-scheme-prop
	"custom-ident-scheme": func(t string) bool {
		return isCustomIdent(t) && !ascii.EqualFold(t, "normal") && !ascii.EqualFold(t, "only")
	},
	"custom-ident-nonone": func(t string) bool { return isCustomIdent(t) && !ascii.EqualFold(t, "none") },
	"custom-ident-noauto": func(t string) bool {
		return isCustomIdent(t) && !ascii.EqualFold(t, "auto") && !ascii.EqualFold(t, "none")
	},
	// <animateable-feature>'s <custom-ident>: will-change, none and all
	// are excluded too https://drafts.csswg.org/css-will-change/#will-change
	"custom-ident-feature": func(t string) bool {
		return isCustomIdent(t) && !ascii.EqualFold(t, "auto") && !ascii.EqualFold(t, "none") &&
			!ascii.EqualFold(t, "all") && !ascii.EqualFold(t, "will-change")
	},
	"integer-nonzero": func(t string) bool {
		f, _, num := splitNumber(t)
		return isIntegerToken(t, -1<<62) && !(num && f == 0)
	},
	// a font weight: 1 to 1000
	"number-1000": func(t string) bool {
		if f, unit, ok := splitNumber(t); ok {
			return unit == "" && f >= 1 && f <= 1000
		}
		return isNumberToken(t, false)
	},
	"angle-zero":       isAngleZero,
	"angle-percentage": isAnglePercent,
	// a number from 0 to 1 (a cubic Bézier's x)
	"number01": func(t string) bool {
		if f, unit, ok := splitNumber(t); ok {
			return unit == "" && f >= 0 && f <= 1
		}
		return isNumberToken(t, false)
	},
	"integer2": func(t string) bool { return isIntegerToken(t, 2) },
	// a number of at least 1 (initial-letter's size; a math function is
	// clamped later)
	"number1": func(t string) bool {
		if f, unit, ok := splitNumber(t); ok {
			return unit == "" && f >= 1
		}
		return isNumberToken(t, false)
	},
	"resolution": func(t string) bool {
		return numeric(t, true, func(u string) bool { return u == "x" || u == "dppx" || u == "dpi" || u == "dpcm" }, cssvalue.MathResolution)
	},
	// <flex>: a non-negative number of fr
	"flex": func(t string) bool { f, unit, ok := splitNumber(t); return ok && unit == "fr" && f >= 0 },
	// nothing: a descriptor, no property
	"never": func(string) bool { return false },
	// an OpenType feature or axis tag: a string of four ASCII characters
	"feature-tag": func(t string) bool {
		if t == "" || t[0] != '"' && t[0] != '\'' {
			return false
		}
		tag := unquoteCSSString(t)
		for i := 0; i < len(tag); i++ {
			if tag[i] < 0x20 || tag[i] > 0x7e {
				return false
			}
		}
		return len(tag) == 4
	},
	// <line-names>: [a b]
	"line-names": func(t string) bool { return strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") },
}

// parseGrammar parses a value definition.
func parseGrammar(src string) *grammar {
	p := grammarParser{toks: grammarTokens(src)}
	g := p.alternatives()
	if p.pos != len(p.toks) {
		panic("cssgrammar: cannot parse " + src + " at " + strings.Join(p.toks[p.pos:], " "))
	}
	return g
}

// grammarTokens splits a value definition into its tokens.
func grammarTokens(src string) []string {
	var out []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '<':
			j := strings.IndexByte(src[i:], '>') + i
			out = append(out, src[i:j+1])
			i = j + 1
		case c == '{':
			j := strings.IndexByte(src[i:], '}') + i
			out = append(out, src[i:j+1])
			i = j + 1
		case strings.HasPrefix(src[i:], "&&") || strings.HasPrefix(src[i:], "||"):
			out = append(out, src[i:i+2])
			i += 2
		case strings.IndexByte("|[]?*+#,/", c) >= 0:
			out = append(out, src[i:i+1])
			i++
		default:
			j := i
			for j < len(src) && strings.IndexByte(" \t\n|[]?*+#,/{<&", src[j]) < 0 {
				j++
			}
			if j == i { // a lone & or another stray character
				panic("cssgrammar: unexpected " + src[i:])
			}
			out = append(out, src[i:j])
			i = j
		}
	}
	return out
}

type grammarParser struct {
	toks []string
	pos  int
}

func (p *grammarParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

// alternatives, allOf, anyOf and sequence parse the combinators from the
// loosest (|) to the tightest (juxtaposition).
func (p *grammarParser) alternatives() *grammar { return p.joined("|", gOne, p.anyOf) }
func (p *grammarParser) anyOf() *grammar        { return p.joined("||", gAny, p.allOf) }
func (p *grammarParser) allOf() *grammar        { return p.joined("&&", gAll, p.sequence) }

func (p *grammarParser) joined(op string, kind grammarKind, next func() *grammar) *grammar {
	first := next()
	list := []*grammar{first}
	for p.peek() == op {
		p.pos++
		list = append(list, next())
	}
	if len(list) == 1 {
		return first
	}
	return &grammar{kind: kind, children: list}
}

func (p *grammarParser) sequence() *grammar {
	var list []*grammar
	for {
		switch p.peek() {
		case "", "|", "||", "&&", "]":
			if len(list) == 1 {
				return list[0]
			}
			return &grammar{kind: gSeq, children: list}
		}
		list = append(list, p.multiplied())
	}
}

func (p *grammarParser) multiplied() *grammar {
	g := p.term()
	for {
		t := p.peek()
		r := &grammar{kind: gRepeat, children: []*grammar{g}, max: -1}
		switch {
		case t == "?":
			r.max = 1
		case t == "*":
		case t == "+":
			r.min = 1
		case t == "#":
			r.min, r.comma = 1, true
			if p.pos+1 < len(p.toks) && strings.HasPrefix(p.toks[p.pos+1], "{") {
				p.pos++
				r.min, r.max = repeatBounds(p.toks[p.pos])
			}
		case strings.HasPrefix(t, "{"):
			r.min, r.max = repeatBounds(t)
		default:
			return g
		}
		p.pos++
		g = r
	}
}

// repeatBounds reads {n}, {n,m} or {n,}.
func repeatBounds(t string) (lo, hi int) {
	a, b, comma := strings.Cut(t[1:len(t)-1], ",")
	lo = atoiGrammar(a)
	switch {
	case !comma:
		return lo, lo
	case b == "":
		return lo, -1
	}
	return lo, atoiGrammar(b)
}

func atoiGrammar(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func (p *grammarParser) term() *grammar {
	t := p.peek()
	p.pos++
	switch {
	case t == "[":
		g := p.alternatives()
		if p.peek() != "]" {
			panic("cssgrammar: unclosed [")
		}
		p.pos++
		return g
	case strings.HasPrefix(t, "<"):
		name := t[1 : len(t)-1]
		if src, ok := grammarAliases[name]; ok {
			return parseGrammar(src)
		}
		if src, ok := functionAliases[name]; ok {
			return parseGrammar(src)
		}
		if grammarTypes[name] == nil {
			panic("cssgrammar: unknown type " + t)
		}
		return &grammar{kind: gType, word: name}
	case strings.HasSuffix(t, "()"):
		return &grammar{kind: gFunction, word: t[:len(t)-2]}
	}
	return &grammar{kind: gKeyword, word: t}
}

var (
	grammarsOnce sync.Once
	grammars     map[string]*grammar
)

// propertyGrammar is the grammar of prop, or nil when it has none.
func propertyGrammar(prop string) *grammar {
	grammarsOnce.Do(func() {
		grammars = make(map[string]*grammar, len(propertyGrammars)+len(moreGrammars))
		for _, table := range [2]map[string]string{propertyGrammars, moreGrammars} {
			for name, src := range table {
				g := parseGrammar(src)
				for _, n := range strings.Fields(name) {
					grammars[n] = g
				}
			}
		}
	})
	return grammars[prop]
}

// descriptorGrammar is the grammar of the descriptors the style
// declaration exposes, which no declaration takes.
func descriptorGrammar() *grammar { return propertyGrammar("src") }

// substitutedOrWide tells whether value is a CSS-wide keyword or holds a
// function substituted at computed-value time (var(), env(), attr()),
// which no grammar checks.
func substitutedOrWide(value string) bool {
	lower := ascii.Lower(strings.TrimSpace(value))
	return cssWideKeywords[lower] || strings.Contains(lower, "var(") || strings.Contains(lower, "env(") ||
		strings.Contains(lower, "attr(") || hasDashedFunction(lower)
}

// substitutedValue tells whether a declared value holds a function
// substituted at computed-value time (substitutedOrWide without the
// CSS-wide keywords).
func substitutedValue(value string) bool {
	return !cssWideKeywords[ascii.Lower(strings.TrimSpace(value))] && substitutedOrWide(value)
}

// hasDashedFunction tells whether v calls a custom function (--name(),
// an @function or Tailwind's --value()), which, as var(), is substituted
// at computed-value time, so that no grammar checks the value.
// https://drafts.csswg.org/css-mixins/#dashed-function
func hasDashedFunction(v string) bool {
	for i := strings.Index(v, "--"); i >= 0; {
		if i == 0 || !isNameByte(v[i-1]) {
			j := i + 2
			for j < len(v) && isNameByte(v[j]) {
				j++
			}
			if j > i+2 && j < len(v) && v[j] == '(' {
				return true
			}
		}
		k := strings.Index(v[i+2:], "--")
		if k < 0 {
			return false
		}
		i += 2 + k
	}
	return false
}
