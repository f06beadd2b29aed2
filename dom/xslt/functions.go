package xslt

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xpath"
)

// The functions XSLT adds to XPath's
// (https://www.w3.org/TR/1999/REC-xslt-19991116#add-func), and EXSLT's
// node-set, which libxslt has. Each closes over the transformer running
// it through the context: they are made per compile and find the
// transformer from the Evaluator's Env.

const (
	exsltCommon = "http://exslt.org/common"
	msxsl       = "urn:schemas-microsoft-com:xslt"
)

// function is the XSLT function name, or nil.
func (c *compiler) function(scope *dom.Node, name string) *xpath.Function {
	local := name
	if prefix, l, ok := strings.Cut(name, ":"); ok {
		uri, _ := scope.LookupNamespaceURI(prefix)
		if (uri == exsltCommon || uri == msxsl) && l == "node-set" {
			return &xpath.Function{Min: 1, Max: 1, Call: func(_ xpath.Context, args []xpath.Value) (xpath.Value, error) {
				if args[0].Kind == xpath.NodeSet {
					return args[0], nil
				}
				return xpath.Value{}, fmt.Errorf("%w: node-set() of a %v", ErrRuntime, args[0].Kind)
			}}
		}
		if uri == exsltCommon && l == "object-type" {
			return &xpath.Function{Min: 1, Max: 1, Call: func(_ xpath.Context, args []xpath.Value) (xpath.Value, error) {
				return xpath.StringValue([...]string{"node-set", "string", "number", "boolean"}[args[0].Kind]), nil
			}}
		}
		return nil
	}
	switch local {
	case "current":
		return &xpath.Function{Min: 0, Max: 0, Call: c.call(func(t *transformer, _ xpath.Context, _ []xpath.Value) (xpath.Value, error) {
			return xpath.NodeSetOf([]xpath.Node{t.ctx.Node}), nil
		})}
	case "key":
		return &xpath.Function{Min: 2, Max: 2, Pattern: true, Call: c.call(func(t *transformer, ctx xpath.Context, args []xpath.Value) (xpath.Value, error) {
			return t.key(scope, ctx, args)
		})}
	case "generate-id":
		return &xpath.Function{Min: 0, Max: 1, Call: c.call(func(t *transformer, ctx xpath.Context, args []xpath.Value) (xpath.Value, error) {
			n := ctx.Node
			if len(args) == 1 {
				if args[0].Kind != xpath.NodeSet {
					return xpath.Value{}, fmt.Errorf("%w: generate-id() of a non-node-set", ErrRuntime)
				}
				if args[0].Len() == 0 {
					return xpath.StringValue(""), nil
				}
				n = args[0].At(0)
			}
			// As libxslt: "id" and a number given in the order asked.
			if t.ids == nil {
				t.ids = map[xpath.Node]int{}
			}
			id, ok := t.ids[n]
			if !ok {
				id = len(t.ids) + 1
				t.ids[n] = id
			}
			return xpath.StringValue("id" + strconv.Itoa(id)), nil
		})}
	case "document":
		return &xpath.Function{Min: 1, Max: 2, Call: c.call(func(t *transformer, _ xpath.Context, args []xpath.Value) (xpath.Value, error) {
			return t.document(scope, args)
		})}
	case "format-number":
		return &xpath.Function{Min: 2, Max: 3, Call: c.call(func(t *transformer, _ xpath.Context, args []xpath.Value) (xpath.Value, error) {
			f := t.ss.decimals[""]
			if f == nil {
				f = defaultDecimal
			}
			if len(args) == 3 {
				if f = t.ss.decimals[qname(scope, args[2].String())]; f == nil {
					return xpath.Value{}, fmt.Errorf("%w: no decimal-format %q", ErrRuntime, args[2].String())
				}
			}
			return xpath.StringValue(formatNumber(args[0].Number(), args[1].String(), f)), nil
		})}
	case "system-property":
		return &xpath.Function{Min: 1, Max: 1, Call: func(_ xpath.Context, args []xpath.Value) (xpath.Value, error) {
			prefix, l, _ := strings.Cut(args[0].String(), ":")
			if uri, _ := scope.LookupNamespaceURI(prefix); uri == Namespace {
				switch l {
				case "version":
					return xpath.StringValue("1.0"), nil
				case "vendor":
					return xpath.StringValue("libxslt"), nil
				case "vendor-url":
					return xpath.StringValue("http://xmlsoft.org/XSLT/"), nil
				}
			}
			return xpath.StringValue(""), nil
		}}
	case "element-available":
		return &xpath.Function{Min: 1, Max: 1, Call: func(_ xpath.Context, args []xpath.Value) (xpath.Value, error) {
			prefix, l, _ := strings.Cut(args[0].String(), ":")
			uri, _ := scope.LookupNamespaceURI(prefix)
			return xpath.BooleanValue(uri == Namespace && xslInstructions[l]), nil
		}}
	case "function-available":
		return &xpath.Function{Min: 1, Max: 1, Call: func(_ xpath.Context, args []xpath.Value) (xpath.Value, error) {
			name := args[0].String()
			ok := coreFunctions[name] || !strings.Contains(name, ":") && xsltFunctions[name] || c.function(scope, name) != nil && strings.Contains(name, ":")
			return xpath.BooleanValue(ok), nil
		}}
	case "unparsed-entity-uri":
		return &xpath.Function{Min: 1, Max: 1, Call: func(xpath.Context, []xpath.Value) (xpath.Value, error) {
			return xpath.StringValue(""), nil
		}}
	}
	return nil
}

var xslInstructions = map[string]bool{"apply-imports": true, "apply-templates": true, "attribute": true, "call-template": true, "choose": true, "comment": true, "copy": true, "copy-of": true, "element": true, "fallback": true, "for-each": true, "if": true, "message": true, "number": true, "processing-instruction": true, "text": true, "value-of": true, "variable": true}

var xsltFunctions = map[string]bool{"current": true, "key": true, "generate-id": true, "document": true, "format-number": true, "system-property": true, "element-available": true, "function-available": true, "unparsed-entity-uri": true}

var coreFunctions = map[string]bool{"last": true, "position": true, "count": true, "id": true, "local-name": true, "namespace-uri": true, "name": true, "string": true, "concat": true, "starts-with": true, "contains": true, "substring-before": true, "substring-after": true, "substring": true, "string-length": true, "normalize-space": true, "translate": true, "boolean": true, "not": true, "true": true, "false": true, "lang": true, "number": true, "sum": true, "floor": true, "ceiling": true, "round": true}

// running is the transformation a function is called in: a stylesheet is
// compiled once and run by any number of transformations.
func running(ctx xpath.Context) *transformer {
	t, _ := ctx.Env.(*transformer)
	return t
}

type keyIndex struct {
	name string
	root *dom.Node
}

// call adapts f to an xpath function that finds its transformation.
func (c *compiler) call(f func(t *transformer, ctx xpath.Context, args []xpath.Value) (xpath.Value, error)) func(xpath.Context, []xpath.Value) (xpath.Value, error) {
	return func(ctx xpath.Context, args []xpath.Value) (xpath.Value, error) {
		t := running(ctx)
		if t == nil {
			return xpath.Value{}, fmt.Errorf("%w: XSLT function outside a transformation", ErrRuntime)
		}
		return f(t, ctx, args)
	}
}

// key is key() (https://www.w3.org/TR/1999/REC-xslt-19991116#key): the
// index of a key is built over the source document the first time asked.
func (t *transformer) key(scope *dom.Node, ctx xpath.Context, args []xpath.Value) (xpath.Value, error) {
	name := qname(scope, args[0].String())
	defs, ok := t.ss.keys[name]
	if !ok {
		return xpath.Value{}, fmt.Errorf("%w: no key %q", ErrRuntime, name)
	}
	root := ctx.Node.Owner().Root()
	idxName := keyIndex{name, root}
	if t.keyIdx == nil {
		t.keyIdx = map[keyIndex]map[string][]xpath.Node{}
	}
	idx, ok := t.keyIdx[idxName]
	if !ok {
		var err error
		if idx, err = t.buildKey(defs, root); err != nil {
			return xpath.Value{}, err
		}
		t.keyIdx[idxName] = idx
	}
	var out []xpath.Node
	if args[1].Kind == xpath.NodeSet {
		for i := range args[1].Len() {
			out = append(out, idx[args[1].At(i).StringValue()]...)
		}
		out = t.ev.Sort(out)
	} else {
		out = append(out, idx[args[1].String()]...)
	}
	return xpath.NodeSetOf(out), nil
}

func (t *transformer) buildKey(defs []*keyDef, root *dom.Node) (map[string][]xpath.Node, error) {
	idx := map[string][]xpath.Node{}
	saved := t.ctx
	defer func() { t.ctx = saved }()
	add := func(n xpath.Node) error {
		for _, d := range defs {
			ok, err := t.ev.MatchAny(d.match, n)
			if err != nil {
				return fmt.Errorf("%w: %v", ErrRuntime, err)
			}
			if !ok {
				continue
			}
			t.ctx = xpath.Context{Node: n, Pos: 1, Size: 1}
			v, err := t.eval(d.use)
			if err != nil {
				return err
			}
			if v.Kind == xpath.NodeSet {
				for i := range v.Len() {
					s := v.At(i).StringValue()
					idx[s] = appendOnce(idx[s], n)
				}
			} else {
				s := v.String()
				idx[s] = appendOnce(idx[s], n)
			}
		}
		return nil
	}
	for d := root; d != nil; d = d.NextWithin(root) {
		if err := add(xpath.NodeOf(d)); err != nil {
			return nil, err
		}
		if d.IsElement() {
			for i := range d.Attr {
				if d.Attr[i].Namespace == dom.XMLNSNamespace {
					continue
				}
				if err := add(xpath.NodeOf(d.AttributeNode(i))); err != nil {
					return nil, err
				}
			}
		}
	}
	return idx, nil
}

func appendOnce(ns []xpath.Node, n xpath.Node) []xpath.Node {
	if len(ns) > 0 && ns[len(ns)-1] == n {
		return ns
	}
	return append(ns, n)
}

// formatNumber is format-number()
// (https://www.w3.org/TR/1999/REC-xslt-19991116#format-number), with the
// JDK 1.1 DecimalFormat pattern subset pages use: prefix, grouping,
// minimum integer and fraction digits, optional fraction digits, percent
// and per-mille, and a negative subpattern.
func formatNumber(f float64, pattern string, d *decimalFormat) string {
	if math.IsNaN(f) {
		return d.nan
	}
	pos, neg, hasNeg := strings.Cut(pattern, string(d.pattern))
	p := parsePicture(pos, d)
	if f < 0 || f == 0 && math.Signbit(f) && false {
		if hasNeg {
			p2 := parsePicture(neg, d)
			p.prefix, p.suffix = p2.prefix, p2.suffix
		} else {
			p.prefix = string(d.minus) + p.prefix
		}
		f = -f
	}
	if math.IsInf(f, 0) {
		return p.prefix + d.infinity + p.suffix
	}
	f *= p.scale
	s := strconv.FormatFloat(f, 'f', p.maxFrac, 64)
	intPart, frac, _ := strings.Cut(s, ".")
	frac = strings.TrimRight(frac, "0")
	for len(frac) < p.minFrac {
		frac += "0"
	}
	intPart = strings.TrimLeft(intPart, "0")
	for len(intPart) < p.minInt {
		intPart = "0" + intPart
	}
	var b strings.Builder
	b.WriteString(p.prefix)
	zero := d.zero - '0'
	for i, r := range intPart {
		if p.group > 0 && i > 0 && (len(intPart)-i)%p.group == 0 {
			b.WriteRune(d.grouping)
		}
		b.WriteRune(r + zero)
	}
	if frac != "" {
		b.WriteRune(d.decimal)
		for _, r := range frac {
			b.WriteRune(r + zero)
		}
	}
	b.WriteString(p.suffix)
	return b.String()
}

type picture struct {
	prefix, suffix           string
	minInt, minFrac, maxFrac int
	group                    int
	scale                    float64
}

func parsePicture(s string, d *decimalFormat) picture {
	p := picture{scale: 1}
	isDigit := func(r rune) bool { return r == d.digit || r == d.zero || r == d.grouping || r == d.decimal }
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isDigit(r) {
			break
		}
		p.prefix += string(r)
		i += n
		p.scaleFor(r, d)
	}
	inFrac, lastGroup := false, -1
	intDigits := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isDigit(r) {
			break
		}
		i += n
		switch {
		case r == d.decimal:
			inFrac = true
		case r == d.grouping:
			lastGroup = intDigits
		case inFrac && r == d.zero:
			p.minFrac++
			p.maxFrac++
		case inFrac:
			p.maxFrac++
		default:
			intDigits++
			if r == d.zero {
				p.minInt++
			}
		}
	}
	if lastGroup >= 0 {
		p.group = intDigits - lastGroup
	}
	for _, r := range s[i:] {
		p.suffix += string(r)
		p.scaleFor(r, d)
	}
	return p
}

func (p *picture) scaleFor(r rune, d *decimalFormat) {
	switch r {
	case d.percent:
		p.scale = 100
	case d.perMille:
		p.scale = 1000
	}
}

// document is document() (https://www.w3.org/TR/1999/REC-xslt-19991116#document):
// each URI (a string, or each node's string value) resolved against the
// second argument's first node's document URL, else the node's own (for a
// node-set) or the stylesheet's (for a string), so that document(”) is
// the stylesheet as loaded. A document that does not load is left out
// (libxslt warns and goes on). Without a loader it is an empty node-set.
func (t *transformer) document(scope *dom.Node, args []xpath.Value) (xpath.Value, error) {
	if t.opts.Document == nil {
		return xpath.NodeSetOf(nil), nil
	}
	var base *url.URL
	if len(args) == 2 {
		if args[1].Kind != xpath.NodeSet {
			return xpath.Value{}, fmt.Errorf("%w: document()'s second argument is not a node-set", ErrRuntime)
		}
		if args[1].Len() > 0 {
			base = docURL(args[1].At(0).Owner())
		}
	}
	var out []xpath.Node
	add := func(uri string, b *url.URL) {
		if d := t.loadDocument(uri, b); d != nil && !slices.Contains(out, xpath.NodeOf(&d.Node)) {
			out = append(out, xpath.NodeOf(&d.Node))
		}
	}
	if args[0].Kind == xpath.NodeSet {
		for i := range args[0].Len() {
			n := args[0].At(i)
			b := base
			if b == nil {
				b = docURL(n.Owner())
			}
			if b == nil {
				b = docURL(scope)
			}
			add(n.StringValue(), b)
		}
	} else {
		b := base
		if b == nil {
			b = docURL(scope)
		}
		add(args[0].String(), b)
	}
	return xpath.NodeSetOf(out), nil
}

// loadDocument loads uri against base once per transformation; nil when
// it cannot be loaded.
func (t *transformer) loadDocument(uri string, base *url.URL) *dom.Document {
	var u *url.URL
	var err error
	if base != nil {
		u, err = base.Parse(strings.TrimSpace(uri))
	} else {
		u, err = url.Parse(strings.TrimSpace(uri))
	}
	if err != nil || !u.IsAbs() {
		return nil
	}
	key := withoutFragment(u)
	if d, ok := t.docs[key]; ok {
		return d
	}
	if t.docs == nil {
		t.docs = map[string]*dom.Document{}
	}
	max := t.opts.MaxDocuments
	if max <= 0 {
		max = 64
	}
	if len(t.docs) >= max {
		return nil
	}
	ctx := t.opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	d, err := t.opts.Document(ctx, u)
	if err != nil {
		d = nil
	}
	if d != nil && d.URL() == nil {
		d.SetURL(u)
	}
	t.docs[key] = d
	return d
}
