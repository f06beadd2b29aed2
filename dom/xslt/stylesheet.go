// Package xslt is an XSLT 1.0 processor
// (https://www.w3.org/TR/1999/REC-xslt-19991116) over dom trees, as
// XSLTProcessor runs it in browsers: a stylesheet is compiled from a dom
// node, applied to a copy of a source node, and its result tree is
// serialized by the output method and parsed again, as Chromium (libxslt)
// does, so that an HTML result is an HTML document with the parser's
// fix-ups.
//
// It is tree logic: it knows only dom and dom/xpath and must never import
// goja or any other package of bangsnap. A hostile stylesheet is bounded:
// template recursion, output size and the number of instructions run are
// capped (ErrLimit).
package xslt

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xpath"
)

// Namespace is the XSLT namespace.
const Namespace = "http://www.w3.org/1999/XSL/Transform"

var (
	// ErrNotStylesheet: the node is neither an xsl:stylesheet (or
	// xsl:transform) nor a literal result element with xsl:version.
	ErrNotStylesheet = errors.New("xslt: not a stylesheet")
	// ErrCompile: the stylesheet is malformed (a bad expression or
	// pattern, a missing attribute, an import that cannot be loaded).
	ErrCompile = errors.New("xslt: stylesheet error")
	// ErrRuntime: the transformation failed (an undefined variable or
	// template, a type error, an attribute added after children).
	ErrRuntime = errors.New("xslt: transformation error")
	// ErrTerminated: xsl:message terminate="yes".
	ErrTerminated = errors.New("xslt: terminated by xsl:message")
	// ErrLimit: a recursion, output or work limit was reached.
	ErrLimit = errors.New("xslt: limit reached")
	// ErrImportCycle: a stylesheet imports or includes itself, directly
	// or through others.
	ErrImportCycle = errors.New("xslt: stylesheet imports itself")
)

// A Loader loads the XML document at an absolute URL: an xsl:import or
// xsl:include's stylesheet, or a document() argument. It is the caller's
// (the page's loader, with its origin rules and limits): this package does
// no I/O. The document's URL, if set, is the base of the URLs in it.
type Loader func(ctx context.Context, u *url.URL) (*dom.Document, error)

// CompileOptions are what compiling a stylesheet may need beyond its node.
type CompileOptions struct {
	// Load loads xsl:import and xsl:include hrefs, resolved against the
	// importing stylesheet's document URL; nil makes either an ErrCompile.
	Load    Loader
	Context context.Context // of the loads (nil: context.Background())
	// Base is the base URL of a stylesheet whose document has none (a
	// DOMParser document's is the page's in browsers).
	Base *url.URL
	// MaxImports bounds the stylesheets loaded (default 64) and
	// MaxImportDepth how deep imports and includes nest (default 16).
	MaxImports, MaxImportDepth int
}

// Limits bound one transformation.
type Limits struct {
	Depth        int // nested template calls (default 3000, libxslt's)
	OutputNodes  int // result nodes made, variables' included (default 1,000,000)
	OutputBytes  int // text and attribute bytes (default 64 MiB)
	Instructions int // instructions run (default 10,000,000)
}

func (l Limits) orDefaults() Limits {
	if l.Depth <= 0 {
		l.Depth = 3000
	}
	if l.OutputNodes <= 0 {
		l.OutputNodes = 1_000_000
	}
	if l.OutputBytes <= 0 {
		l.OutputBytes = 64 << 20
	}
	if l.Instructions <= 0 {
		l.Instructions = 10_000_000
	}
	return l
}

func compileErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCompile, fmt.Sprintf(format, args...))
}

// Output is xsl:output (https://www.w3.org/TR/1999/REC-xslt-19991116#output).
type Output struct {
	Method                       string // "xml", "html", "text" or "" (decided by the result)
	Indent                       bool
	IndentSet                    bool
	DoctypePublic, DoctypeSystem string
	MediaType                    string
	OmitXMLDeclaration           bool
}

// Stylesheet is a compiled stylesheet. It keeps no state between
// transformations and may be used by one at a time or several at once.
type Stylesheet struct {
	templates   []*template // in document order
	named       map[string]*template
	rules       map[string][]rule // by mode, most preferred first
	globals     []*variable
	keys        map[string][]*keyDef
	attrSets    map[string][]*attrSet
	decimals    map[string]*decimalFormat
	strip       []spaceTest
	Output      Output
	doc         *dom.Node // the stylesheet's root node, for prefixed variable names
	hasStripped bool
}

type spaceTest struct {
	local, ns  string
	any, nsAny bool
	strip      bool
	priority   float64
}

type template struct {
	mod      *module
	match    *xpath.Pattern
	name     string
	mode     string
	priority float64
	hasPrio  bool
	params   []*variable
	body     []instr
	pos      int
}

type rule struct {
	t    *template
	alt  int
	prio float64
}

type variable struct {
	name   string
	sel    *xpath.Expr
	body   []instr
	param  bool
	global int // index among globals, -1 for a local
}

type keyDef struct {
	match *xpath.Pattern
	use   *xpath.Expr
}

type attrSet struct {
	use   []string
	attrs []instr
}

type decimalFormat struct {
	decimal, grouping, percent, perMille, zero, digit, pattern, minus rune
	infinity, nan                                                     string
}

var defaultDecimal = &decimalFormat{decimal: '.', grouping: ',', percent: '%', perMille: '‰', zero: '0', digit: '#', pattern: ';', minus: '-', infinity: "Infinity", nan: "NaN"}

// A module is one stylesheet document of an import tree with its import
// precedence (https://www.w3.org/TR/1999/REC-xslt-19991116#import): the
// modules are numbered in post-order, so that a stylesheet outranks what
// it imports and a later import an earlier one; an included stylesheet is
// part of its includer's module. minPrec is the lowest precedence of what
// the module imports, directly or not: xsl:apply-imports looks at
// [minPrec, prec).
type module struct {
	prec, minPrec int
}

// compiler holds what compiling one stylesheet needs.
type compiler struct {
	ss      *Stylesheet
	err     error
	opts    CompileOptions
	mod     *module  // the module being compiled
	next    int      // the next module's precedence
	loading []string // the URLs being compiled, outermost first (cycles)
	loads   int
}

func isXSL(n *dom.Node, local string) bool {
	return n.IsElement() && n.NamespaceURI() == Namespace && n.LocalName() == local
}

// Compile compiles the stylesheet whose root is n: a document or an
// element (xsl:stylesheet, xsl:transform, or a literal result element
// with xsl:version, https://www.w3.org/TR/1999/REC-xslt-19991116#result-element-stylesheet).
// xsl:import and xsl:include are not loaded: they are an ErrCompile.
func Compile(n *dom.Node) (*Stylesheet, error) { return CompileWith(n, CompileOptions{}) }

// CompileWith compiles the stylesheet whose root is n, loading its
// xsl:import and xsl:include stylesheets with opts.Load.
func CompileWith(n *dom.Node, opts CompileOptions) (*Stylesheet, error) {
	if opts.Context == nil {
		opts.Context = context.Background()
	}
	if opts.MaxImports <= 0 {
		opts.MaxImports = 64
	}
	if opts.MaxImportDepth <= 0 {
		opts.MaxImportDepth = 16
	}
	root := n
	if n.Kind() == dom.DocumentNode {
		root = n.FirstElementChild()
	}
	if root == nil || !root.IsElement() {
		return nil, ErrNotStylesheet
	}
	c := &compiler{opts: opts, ss: &Stylesheet{named: map[string]*template{}, rules: map[string][]rule{}, keys: map[string][]*keyDef{}, attrSets: map[string][]*attrSet{}, decimals: map[string]*decimalFormat{}, doc: root.Root()}}
	if u := docURL(root); u != nil {
		c.loading = append(c.loading, withoutFragment(u))
	} else if opts.Base != nil {
		c.loading = append(c.loading, withoutFragment(opts.Base))
	}
	switch {
	case isXSL(root, "stylesheet") || isXSL(root, "transform"):
		c.mod = &module{}
		if err := c.topLevel(root); err != nil {
			return nil, err
		}
		c.mod.prec = c.next
	default:
		if _, ok := root.GetAttributeNS(Namespace, "version"); !ok {
			return nil, ErrNotStylesheet
		}
		pat, err := xpath.CompilePattern("/", xpath.Options{})
		if err != nil {
			return nil, err
		}
		lit, err := c.instr(root)
		if err != nil {
			return nil, err
		}
		c.ss.templates = append(c.ss.templates, &template{mod: &module{}, match: pat, body: []instr{lit}})
	}
	c.ss.index()
	return c.ss, nil
}

// index sorts each mode's rules by priority, then by position (the last
// template wins a tie, https://www.w3.org/TR/1999/REC-xslt-19991116#conflict).
func (ss *Stylesheet) index() {
	for i, t := range ss.templates {
		t.pos = i
		if t.match == nil {
			continue
		}
		for a := range t.match.Alternatives() {
			p := t.match.Priority(a)
			if t.hasPrio {
				p = t.priority
			}
			ss.rules[t.mode] = append(ss.rules[t.mode], rule{t, a, p})
		}
	}
	for _, rs := range ss.rules {
		slices.SortStableFunc(rs, func(a, b rule) int {
			switch {
			case a.prio > b.prio:
				return -1
			case a.prio < b.prio:
				return 1
			}
			return b.t.pos - a.t.pos
		})
		// Import precedence first, then priority
		// (https://www.w3.org/TR/1999/REC-xslt-19991116#conflict).
		slices.SortStableFunc(rs, func(a, b rule) int { return b.t.mod.prec - a.t.mod.prec })
	}
}

func (c *compiler) topLevel(root *dom.Node) error {
	for k := root.First(); k != nil; k = k.Next() {
		if !k.IsElement() || k.NamespaceURI() != Namespace {
			continue
		}
		var err error
		switch k.LocalName() {
		case "template":
			err = c.template(k)
		case "variable", "param":
			var v *variable
			v, err = c.variable(k)
			if err == nil {
				v.global = len(c.ss.globals)
				c.ss.globals = append(c.ss.globals, v)
			}
		case "key":
			err = c.key(k)
		case "output":
			c.output(k)
		case "strip-space", "preserve-space":
			err = c.space(k, k.LocalName() == "strip-space")
		case "attribute-set":
			err = c.attributeSet(k)
		case "decimal-format":
			c.decimalFormat(k)
		case "import", "include":
			err = c.load(k)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// qname resolves a QName in n's scope to the expanded name ("{uri}local"
// or "local") variables, templates, modes and keys are compared by.
func qname(n *dom.Node, name string) string {
	name = strings.TrimSpace(name)
	prefix, local, ok := strings.Cut(name, ":")
	if !ok {
		return name
	}
	uri, _ := n.LookupNamespaceURI(prefix)
	return "{" + uri + "}" + local
}

func (c *compiler) options(n *dom.Node) xpath.Options {
	return xpath.Options{
		Resolve: func(prefix string) (string, bool) {
			uri, ok := n.LookupNamespaceURI(prefix)
			return uri, ok && uri != ""
		},
		Functions: func(name string) *xpath.Function { return c.function(n, name) },
		Variables: true,
	}
}

func (c *compiler) expr(n *dom.Node, attr string, required bool) (*xpath.Expr, error) {
	src, ok := n.GetAttribute(attr)
	if !ok {
		if required {
			return nil, compileErr("xsl:%s needs a %s attribute", n.LocalName(), attr)
		}
		return nil, nil
	}
	e, err := xpath.CompileWith(src, c.options(n))
	if err != nil {
		return nil, compileErr("xsl:%s %s=%q: %v", n.LocalName(), attr, src, err)
	}
	return e, nil
}

func (c *compiler) pattern(n *dom.Node, attr string) (*xpath.Pattern, error) {
	src, ok := n.GetAttribute(attr)
	if !ok {
		return nil, nil
	}
	p, err := xpath.CompilePattern(src, c.options(n))
	if err != nil {
		return nil, compileErr("xsl:%s %s=%q: %v", n.LocalName(), attr, src, err)
	}
	return p, nil
}

func (c *compiler) template(n *dom.Node) error {
	t := &template{}
	var err error
	if t.match, err = c.pattern(n, "match"); err != nil {
		return err
	}
	if name, ok := n.GetAttribute("name"); ok {
		t.name = qname(n, name)
		c.ss.named[t.name] = t
	} else if t.match == nil {
		return compileErr("xsl:template needs a match or name attribute")
	}
	if m, ok := n.GetAttribute("mode"); ok {
		t.mode = qname(n, m)
	}
	if p, ok := n.GetAttribute("priority"); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return compileErr("xsl:template priority=%q is not a number", p)
		}
		t.priority, t.hasPrio = f, true
	}
	k := n.First()
	for ; k != nil; k = k.Next() {
		if isXSL(k, "param") {
			v, err := c.variable(k)
			if err != nil {
				return err
			}
			t.params = append(t.params, v)
			continue
		}
		if k.IsElement() || k.IsText() && !isSpace(k.Data) {
			break
		}
	}
	if t.body, err = c.body(n, k, nil); err != nil {
		return err
	}
	t.mod = c.mod
	c.ss.templates = append(c.ss.templates, t)
	return nil
}

func (c *compiler) variable(n *dom.Node) (*variable, error) {
	name, ok := n.GetAttribute("name")
	if !ok {
		return nil, compileErr("xsl:%s needs a name attribute", n.LocalName())
	}
	v := &variable{name: qname(n, name), param: n.LocalName() == "param", global: -1}
	var err error
	if v.sel, err = c.expr(n, "select", false); err != nil {
		return nil, err
	}
	if v.sel == nil {
		if v.body, err = c.body(n, n.First(), nil); err != nil {
			return nil, err
		}
	}
	return v, nil
}

func (c *compiler) key(n *dom.Node) error {
	name, _ := n.GetAttribute("name")
	k := &keyDef{}
	var err error
	if k.match, err = c.pattern(n, "match"); err != nil {
		return err
	}
	if k.use, err = c.expr(n, "use", true); err != nil {
		return err
	}
	if k.match == nil {
		return compileErr("xsl:key needs a match attribute")
	}
	c.ss.keys[qname(n, name)] = append(c.ss.keys[qname(n, name)], k)
	return nil
}

func (c *compiler) output(n *dom.Node) {
	o := &c.ss.Output
	if m, ok := n.GetAttribute("method"); ok {
		o.Method = strings.TrimSpace(m)
	}
	if v, ok := n.GetAttribute("indent"); ok {
		o.Indent, o.IndentSet = strings.TrimSpace(v) == "yes", true
	}
	if v, ok := n.GetAttribute("doctype-public"); ok {
		o.DoctypePublic = v
	}
	if v, ok := n.GetAttribute("doctype-system"); ok {
		o.DoctypeSystem = v
	}
	if v, ok := n.GetAttribute("media-type"); ok {
		o.MediaType = v
	}
	if v, ok := n.GetAttribute("omit-xml-declaration"); ok {
		o.OmitXMLDeclaration = strings.TrimSpace(v) == "yes"
	}
}

func (c *compiler) space(n *dom.Node, strip bool) error {
	for _, name := range strings.Fields(n.Attribute("elements")) {
		t := spaceTest{strip: strip}
		prefix, local, ok := strings.Cut(name, ":")
		switch {
		case name == "*":
			t.any, t.priority = true, -0.5
		case ok && local == "*":
			t.nsAny, t.priority = true, -0.25
			t.ns, _ = n.LookupNamespaceURI(prefix)
		case ok:
			t.local = local
			t.ns, _ = n.LookupNamespaceURI(prefix)
		default:
			t.local = name
		}
		c.ss.strip = append(c.ss.strip, t)
		if strip {
			c.ss.hasStripped = true
		}
	}
	return nil
}

func (c *compiler) attributeSet(n *dom.Node) error {
	name, _ := n.GetAttribute("name")
	s := &attrSet{}
	for _, u := range strings.Fields(n.Attribute("use-attribute-sets")) {
		s.use = append(s.use, qname(n, u))
	}
	for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		if isXSL(k, "attribute") {
			in, err := c.instr(k)
			if err != nil {
				return err
			}
			s.attrs = append(s.attrs, in)
		}
	}
	c.ss.attrSets[qname(n, name)] = append(c.ss.attrSets[qname(n, name)], s)
	return nil
}

func (c *compiler) decimalFormat(n *dom.Node) {
	f := *defaultDecimal
	char := func(attr string, r *rune) {
		if v, ok := n.GetAttribute(attr); ok && v != "" {
			*r = []rune(v)[0]
		}
	}
	char("decimal-separator", &f.decimal)
	char("grouping-separator", &f.grouping)
	char("percent", &f.percent)
	char("per-mille", &f.perMille)
	char("zero-digit", &f.zero)
	char("digit", &f.digit)
	char("pattern-separator", &f.pattern)
	char("minus-sign", &f.minus)
	if v, ok := n.GetAttribute("infinity"); ok {
		f.infinity = v
	}
	if v, ok := n.GetAttribute("NaN"); ok {
		f.nan = v
	}
	name := ""
	if v, ok := n.GetAttribute("name"); ok {
		name = qname(n, v)
	}
	c.ss.decimals[name] = &f
}

func isSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r', '\n':
		default:
			return false
		}
	}
	return true
}

// preservesSpace reports whether n is in the scope of xml:space="preserve".
func preservesSpace(n *dom.Node) bool {
	for e := n; e != nil; e = e.ParentNode() {
		if e.IsElement() {
			if v, ok := e.GetAttributeNS(dom.XMLNamespace, "space"); ok {
				return v == "preserve"
			}
		}
	}
	return false
}

// load compiles the stylesheet an xsl:import or xsl:include (n) names:
// an import as a module of its own, of lower precedence than the one
// importing it and than the imports before it, an include as part of the
// including module
// (https://www.w3.org/TR/1999/REC-xslt-19991116#include).
func (c *compiler) load(n *dom.Node) error {
	kind := n.LocalName()
	href, ok := n.GetAttribute("href")
	if !ok {
		return compileErr("xsl:%s needs an href attribute", kind)
	}
	if c.opts.Load == nil {
		return compileErr("xsl:%s of %q: stylesheets are not loaded from elsewhere", kind, href)
	}
	base := docURL(n)
	if base == nil {
		base = c.opts.Base
	}
	var u *url.URL
	var err error
	if base != nil {
		u, err = base.Parse(strings.TrimSpace(href))
	} else {
		u, err = url.Parse(strings.TrimSpace(href))
	}
	if err != nil || !u.IsAbs() {
		return compileErr("xsl:%s of %q: not a URL", kind, href)
	}
	key := withoutFragment(u)
	if slices.Contains(c.loading, key) {
		return fmt.Errorf("%w: xsl:%s of %s", ErrImportCycle, kind, key)
	}
	if len(c.loading) > c.opts.MaxImportDepth {
		return fmt.Errorf("%w: stylesheets imported more than %d deep", ErrLimit, c.opts.MaxImportDepth)
	}
	if c.loads++; c.loads > c.opts.MaxImports {
		return fmt.Errorf("%w: more than %d stylesheets imported", ErrLimit, c.opts.MaxImports)
	}
	if err := c.opts.Context.Err(); err != nil {
		return err
	}
	d, err := c.opts.Load(c.opts.Context, u)
	if err != nil {
		return fmt.Errorf("%w: xsl:%s of %s: %w", ErrCompile, kind, u, err)
	}
	if d == nil {
		return compileErr("xsl:%s of %s: nothing loaded", kind, u)
	}
	if d.URL() == nil {
		d.SetURL(u)
	}
	root := d.DocumentElement()
	if root == nil || !isXSL(root, "stylesheet") && !isXSL(root, "transform") {
		return fmt.Errorf("%w: xsl:%s of %s", ErrNotStylesheet, kind, u)
	}
	c.loading = append(c.loading, key)
	defer func() { c.loading = c.loading[:len(c.loading)-1] }()
	if kind == "include" {
		return c.topLevel(root)
	}
	saved := c.mod
	c.mod = &module{minPrec: c.next}
	if err := c.topLevel(root); err != nil {
		return err
	}
	c.mod.prec = c.next
	c.next++
	c.mod = saved
	return nil
}

// docURL is the URL of n's document, the base of the hrefs in it.
func docURL(n *dom.Node) *url.URL {
	if d := n.Document(); d != nil {
		return d.URL()
	}
	return nil
}

func withoutFragment(u *url.URL) string {
	v := *u
	v.Fragment, v.RawFragment = "", ""
	return v.String()
}
