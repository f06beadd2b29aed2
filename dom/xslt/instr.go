package xslt

import (
	"fmt"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xpath"
)

// instr is a compiled instruction of a template body: literal text, a
// literal result element or an xsl: instruction.
type instr interface {
	exec(t *transformer) error
}

// avt is an attribute value template
// (https://www.w3.org/TR/1999/REC-xslt-19991116#attribute-value-templates).
type avt struct {
	lit   []string // lit[i] comes before exprs[i]; one more lit than exprs
	exprs []*xpath.Expr
}

func (c *compiler) avt(n *dom.Node, src string) (*avt, error) {
	a := &avt{}
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		ch := src[i]
		switch {
		case ch == '{' && i+1 < len(src) && src[i+1] == '{', ch == '}' && i+1 < len(src) && src[i+1] == '}':
			b.WriteByte(ch)
			i++
		case ch == '{':
			end := avtEnd(src, i+1)
			if end < 0 {
				return nil, compileErr("attribute value template %q has an unclosed {", src)
			}
			e, err := xpath.CompileWith(src[i+1:end], c.options(n))
			if err != nil {
				return nil, compileErr("attribute value template %q: %v", src, err)
			}
			a.lit = append(a.lit, b.String())
			b.Reset()
			a.exprs = append(a.exprs, e)
			i = end
		default:
			b.WriteByte(ch)
		}
	}
	a.lit = append(a.lit, b.String())
	return a, nil
}

// avtEnd finds the } closing an expression that starts at i, skipping
// string literals.
func avtEnd(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '}':
			return i
		case '"', '\'':
			j := strings.IndexByte(s[i+1:], s[i])
			if j < 0 {
				return -1
			}
			i += j + 1
		}
	}
	return -1
}

func (a *avt) eval(t *transformer) (string, error) {
	if len(a.exprs) == 0 {
		return a.lit[0], nil
	}
	var b strings.Builder
	for i, e := range a.exprs {
		b.WriteString(a.lit[i])
		v, err := t.eval(e)
		if err != nil {
			return "", err
		}
		b.WriteString(v.String())
	}
	b.WriteString(a.lit[len(a.lit)-1])
	return b.String(), nil
}

// body compiles the children of parent from first on.
func (c *compiler) body(parent, first *dom.Node, _ *dom.Node) ([]instr, error) {
	var out []instr
	keepSpace := isXSL(parent, "text") || preservesSpace(parent)
	for k := first; k != nil; k = k.Next() {
		switch {
		case k.IsText():
			if keepSpace || !isSpace(k.Data) {
				out = append(out, &textInstr{k.Data})
			}
		case k.IsElement():
			in, err := c.instr(k)
			if err != nil {
				return nil, err
			}
			if in != nil {
				out = append(out, in)
			}
		}
	}
	return out, nil
}

func (c *compiler) children(n *dom.Node) ([]instr, error) { return c.body(n, n.First(), nil) }

type textInstr struct{ s string }

func (i *textInstr) exec(t *transformer) error { return t.text(i.s) }

type literalElem struct {
	ns, qname string
	nsDecls   []nsDecl
	attrs     []litAttr
	useSets   []string
	body      []instr
}

type nsDecl struct{ prefix, uri string }

type litAttr struct {
	ns, qname string
	val       *avt
}

type valueOf struct{ sel *xpath.Expr }

type applyTemplates struct {
	sel    *xpath.Expr // nil: child::node()
	mode   string
	sorts  []*sortSpec
	params []*variable
}

type callTemplate struct {
	name   string
	params []*variable
}

type forEach struct {
	sel   *xpath.Expr
	sorts []*sortSpec
	body  []instr
}

type ifInstr struct {
	test *xpath.Expr
	body []instr
}

type choose struct {
	tests  []*xpath.Expr
	bodies [][]instr // one more than tests when there is an otherwise
}

type copyInstr struct {
	useSets []string
	body    []instr
}

type copyOf struct{ sel *xpath.Expr }

type elementInstr struct {
	name, ns *avt
	hasNS    bool
	scope    *dom.Node
	useSets  []string
	body     []instr
}

type attributeInstr struct {
	name, ns *avt
	hasNS    bool
	scope    *dom.Node
	body     []instr
}

type commentInstr struct{ body []instr }

type piInstr struct {
	name *avt
	body []instr
}

type localVar struct{ v *variable }

type message struct {
	body      []instr
	terminate bool
}

type sortSpec struct {
	sel                              *xpath.Expr
	dataType, order, caseOrder, lang *avt
}

type noop struct{}

func (noop) exec(*transformer) error { return nil }

// applyImports is xsl:apply-imports
// (https://www.w3.org/TR/1999/REC-xslt-19991116#apply-imports): the
// current node in the current template rule's mode, with only the rules
// its stylesheet imports (the built-in rules when none matches). Outside
// a template rule (a named template called from the top) it does nothing.
type applyImports struct{}

func (applyImports) exec(t *transformer) error {
	if t.cur == nil {
		return nil
	}
	return t.applyRules(t.ctx.Node, t.cur.mode, nil, t.cur.mod)
}

func (c *compiler) useSets(n *dom.Node, attr string) []string {
	var out []string
	v, _ := n.GetAttribute(attr)
	for _, s := range strings.Fields(v) {
		out = append(out, qname(n, s))
	}
	return out
}

func (c *compiler) withParams(n *dom.Node) ([]*variable, []*sortSpec, error) {
	var ps []*variable
	var sorts []*sortSpec
	for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
		switch {
		case isXSL(k, "with-param"):
			v, err := c.variable(k)
			if err != nil {
				return nil, nil, err
			}
			ps = append(ps, v)
		case isXSL(k, "sort"):
			s, err := c.sort(k)
			if err != nil {
				return nil, nil, err
			}
			sorts = append(sorts, s)
		}
	}
	return ps, sorts, nil
}

func (c *compiler) sort(n *dom.Node) (*sortSpec, error) {
	s := &sortSpec{}
	var err error
	if s.sel, err = c.expr(n, "select", false); err != nil {
		return nil, err
	}
	for attr, p := range map[string]**avt{"data-type": &s.dataType, "order": &s.order, "case-order": &s.caseOrder, "lang": &s.lang} {
		if v, ok := n.GetAttribute(attr); ok {
			if *p, err = c.avt(n, v); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// excluded reports whether a namespace is left out of literal result
// elements: XSLT's own, and the exclude-result-prefixes and
// extension-element-prefixes in scope.
func excluded(n *dom.Node, uri string) bool {
	if uri == Namespace {
		return true
	}
	for e := n; e != nil; e = e.ParentNode() {
		if !e.IsElement() {
			continue
		}
		for _, attr := range [...]struct{ ns, local string }{{"", "exclude-result-prefixes"}, {"", "extension-element-prefixes"}, {Namespace, "exclude-result-prefixes"}, {Namespace, "extension-element-prefixes"}} {
			// The unprefixed attributes count only on xsl:stylesheet.
			if attr.ns == "" && e.NamespaceURI() != Namespace {
				continue
			}
			v, ok := e.GetAttributeNS(attr.ns, attr.local)
			if !ok {
				continue
			}
			for _, p := range strings.Fields(v) {
				if p == "#default" {
					p = ""
				}
				if u, _ := e.LookupNamespaceURI(p); u == uri {
					return true
				}
			}
		}
	}
	return false
}

// instr compiles one element of a template body.
func (c *compiler) instr(n *dom.Node) (instr, error) {
	if n.NamespaceURI() != Namespace {
		return c.literal(n)
	}
	var err error
	switch n.LocalName() {
	case "value-of":
		i := &valueOf{}
		i.sel, err = c.expr(n, "select", true)
		return i, err
	case "apply-templates":
		i := &applyTemplates{}
		if i.sel, err = c.expr(n, "select", false); err != nil {
			return nil, err
		}
		if m, ok := n.GetAttribute("mode"); ok {
			i.mode = qname(n, m)
		}
		i.params, i.sorts, err = c.withParams(n)
		return i, err
	case "call-template":
		name, ok := n.GetAttribute("name")
		if !ok {
			return nil, compileErr("xsl:call-template needs a name attribute")
		}
		i := &callTemplate{name: qname(n, name)}
		i.params, _, err = c.withParams(n)
		return i, err
	case "for-each":
		i := &forEach{}
		if i.sel, err = c.expr(n, "select", true); err != nil {
			return nil, err
		}
		first := n.First()
		for ; first != nil; first = first.Next() {
			if isXSL(first, "sort") {
				s, err := c.sort(first)
				if err != nil {
					return nil, err
				}
				i.sorts = append(i.sorts, s)
				continue
			}
			if first.IsElement() || first.IsText() && !isSpace(first.Data) {
				break
			}
		}
		i.body, err = c.body(n, first, nil)
		return i, err
	case "if":
		i := &ifInstr{}
		if i.test, err = c.expr(n, "test", true); err != nil {
			return nil, err
		}
		i.body, err = c.children(n)
		return i, err
	case "choose":
		i := &choose{}
		for k := n.FirstElementChild(); k != nil; k = k.NextElementSibling() {
			switch {
			case isXSL(k, "when"):
				e, err := c.expr(k, "test", true)
				if err != nil {
					return nil, err
				}
				b, err := c.children(k)
				if err != nil {
					return nil, err
				}
				i.tests, i.bodies = append(i.tests, e), append(i.bodies, b)
			case isXSL(k, "otherwise"):
				b, err := c.children(k)
				if err != nil {
					return nil, err
				}
				i.bodies = append(i.bodies, b)
			}
		}
		return i, nil
	case "text":
		s, _ := n.TextContent()
		return &textInstr{s}, nil
	case "copy":
		i := &copyInstr{useSets: c.useSets(n, "use-attribute-sets")}
		i.body, err = c.children(n)
		return i, err
	case "copy-of":
		i := &copyOf{}
		i.sel, err = c.expr(n, "select", true)
		return i, err
	case "element", "attribute":
		name, ok := n.GetAttribute("name")
		if !ok {
			return nil, compileErr("xsl:%s needs a name attribute", n.LocalName())
		}
		na, err := c.avt(n, name)
		if err != nil {
			return nil, err
		}
		var nsa *avt
		ns, hasNS := n.GetAttribute("namespace")
		if hasNS {
			if nsa, err = c.avt(n, ns); err != nil {
				return nil, err
			}
		}
		body, err := c.children(n)
		if err != nil {
			return nil, err
		}
		if n.LocalName() == "attribute" {
			return &attributeInstr{name: na, ns: nsa, hasNS: hasNS, scope: n, body: body}, nil
		}
		return &elementInstr{name: na, ns: nsa, hasNS: hasNS, scope: n, useSets: c.useSets(n, "use-attribute-sets"), body: body}, nil
	case "comment":
		i := &commentInstr{}
		i.body, err = c.children(n)
		return i, err
	case "processing-instruction":
		name, ok := n.GetAttribute("name")
		if !ok {
			return nil, compileErr("xsl:processing-instruction needs a name attribute")
		}
		i := &piInstr{}
		if i.name, err = c.avt(n, name); err != nil {
			return nil, err
		}
		i.body, err = c.children(n)
		return i, err
	case "variable", "param":
		v, err := c.variable(n)
		if err != nil {
			return nil, err
		}
		return &localVar{v}, nil
	case "message":
		i := &message{terminate: strings.TrimSpace(n.Attribute("terminate")) == "yes"}
		i.body, err = c.children(n)
		return i, err
	case "number":
		return c.number(n)
	case "apply-imports":
		return applyImports{}, nil
	case "fallback", "sort", "with-param", "when", "otherwise":
		// Read by their parent instruction.
		return noop{}, nil
	}
	// An unknown instruction is skipped, as libxslt does.
	return noop{}, nil
}

func (c *compiler) literal(n *dom.Node) (instr, error) {
	l := &literalElem{ns: n.NamespaceURI(), qname: n.QualifiedName(), useSets: c.useSets(n, "")}
	if v, ok := n.GetAttributeNS(Namespace, "use-attribute-sets"); ok {
		for _, s := range strings.Fields(v) {
			l.useSets = append(l.useSets, qname(n, s))
		}
	}
	// The namespaces in scope, nearest declaration first.
	seen := map[string]bool{}
	for e := n; e != nil; e = e.ParentNode() {
		if !e.IsElement() {
			continue
		}
		for _, a := range e.Attr {
			if a.Namespace != dom.XMLNSNamespace {
				continue
			}
			prefix := ""
			if p, ok := strings.CutPrefix(a.Key, "xmlns:"); ok {
				prefix = p
			}
			if seen[prefix] {
				continue
			}
			seen[prefix] = true
			if a.Val == "" || excluded(n, a.Val) && !(a.Val == l.ns && prefix == n.Prefix()) {
				continue
			}
			l.nsDecls = append(l.nsDecls, nsDecl{prefix, a.Val})
		}
	}
	for _, a := range n.Attr {
		if a.Namespace == dom.XMLNSNamespace || a.Namespace == Namespace {
			continue
		}
		v, err := c.avt(n, a.Val)
		if err != nil {
			return nil, err
		}
		l.attrs = append(l.attrs, litAttr{ns: a.Namespace, qname: a.Key, val: v})
	}
	var err error
	l.body, err = c.children(n)
	return l, err
}

// Execution.

func (i *literalElem) exec(t *transformer) error {
	el, err := t.element(i.ns, i.qname)
	if err != nil {
		return err
	}
	for _, d := range i.nsDecls {
		if u, ok := t.parent.LookupNamespaceURI(d.prefix); ok && u == d.uri || d.prefix == "" && d.uri == i.ns && i.ns == "" {
			continue
		}
		name := "xmlns"
		if d.prefix != "" {
			name += ":" + d.prefix
		}
		if err := el.SetAttributeNS(dom.XMLNSNamespace, name, d.uri); err != nil {
			return fmt.Errorf("%w: %v", ErrRuntime, err)
		}
	}
	return t.inElement(el, func() error {
		if err := t.applySets(i.useSets); err != nil {
			return err
		}
		for _, a := range i.attrs {
			v, err := a.val.eval(t)
			if err != nil {
				return err
			}
			if err := t.attribute(a.ns, a.qname, v); err != nil {
				return err
			}
		}
		return t.run(i.body)
	})
}

func (i *valueOf) exec(t *transformer) error {
	v, err := t.eval(i.sel)
	if err != nil {
		return err
	}
	return t.text(v.String())
}

func (i *applyTemplates) exec(t *transformer) error {
	var nodes []xpath.Node
	if i.sel == nil {
		cur := t.ctx.Node
		if !cur.IsAttr() {
			for k := cur.Owner().First(); k != nil; k = k.Next() {
				if t.stripped(k) {
					continue
				}
				nodes = append(nodes, xpath.NodeOf(k))
			}
		}
	} else {
		v, err := t.eval(i.sel)
		if err != nil {
			return err
		}
		if v.Kind != xpath.NodeSet {
			return fmt.Errorf("%w: apply-templates select is not a node-set", ErrRuntime)
		}
		nodes = t.nodes(v)
	}
	params, err := t.evalParams(i.params)
	if err != nil {
		return err
	}
	if nodes, err = t.sort(nodes, i.sorts); err != nil {
		return err
	}
	saved := t.ctx
	defer func() { t.ctx = saved }()
	for k, n := range nodes {
		t.ctx = xpath.Context{Node: n, Pos: k + 1, Size: len(nodes)}
		if err := t.applyTo(n, i.mode, params); err != nil {
			return err
		}
	}
	return nil
}

func (i *callTemplate) exec(t *transformer) error {
	tpl := t.ss.named[i.name]
	if tpl == nil {
		return fmt.Errorf("%w: no template named %q", ErrRuntime, i.name)
	}
	params, err := t.evalParams(i.params)
	if err != nil {
		return err
	}
	return t.invoke(tpl, params)
}

func (i *forEach) exec(t *transformer) error {
	v, err := t.eval(i.sel)
	if err != nil {
		return err
	}
	if v.Kind != xpath.NodeSet {
		return fmt.Errorf("%w: for-each select is not a node-set", ErrRuntime)
	}
	nodes, err := t.sort(t.nodes(v), i.sorts)
	if err != nil {
		return err
	}
	saved := t.ctx
	defer func() { t.ctx = saved }()
	for k, n := range nodes {
		t.ctx = xpath.Context{Node: n, Pos: k + 1, Size: len(nodes)}
		if err := t.run(i.body); err != nil {
			return err
		}
	}
	return nil
}

func (i *ifInstr) exec(t *transformer) error {
	v, err := t.eval(i.test)
	if err != nil {
		return err
	}
	if v.Boolean() {
		return t.run(i.body)
	}
	return nil
}

func (i *choose) exec(t *transformer) error {
	for k, e := range i.tests {
		v, err := t.eval(e)
		if err != nil {
			return err
		}
		if v.Boolean() {
			return t.run(i.bodies[k])
		}
	}
	if len(i.bodies) > len(i.tests) {
		return t.run(i.bodies[len(i.tests)])
	}
	return nil
}

func (i *copyInstr) exec(t *transformer) error {
	cur := t.ctx.Node
	if cur.IsAttr() {
		_, ns, q, v := cur.Attr()
		return t.attribute(ns, q, v)
	}
	n := cur.Owner()
	switch n.Kind() {
	case dom.ElementNode:
		el, err := t.element(n.NamespaceURI(), n.QualifiedName())
		if err != nil {
			return err
		}
		return t.fill(el, i.useSets, i.body)
	case dom.DocumentNode, dom.DocumentFragmentNode:
		return t.run(i.body)
	case dom.TextNode, dom.CDATASectionNode:
		return t.text(n.Data)
	default:
		return t.copyNode(n)
	}
}

func (i *copyOf) exec(t *transformer) error {
	v, err := t.eval(i.sel)
	if err != nil {
		return err
	}
	if v.Kind != xpath.NodeSet {
		return t.text(v.String())
	}
	for k := range v.Len() {
		n := v.At(k)
		if n.IsAttr() {
			_, ns, q, val := n.Attr()
			if err := t.attribute(ns, q, val); err != nil {
				return err
			}
			continue
		}
		if err := t.copyNode(n.Owner()); err != nil {
			return err
		}
	}
	return nil
}

func (i *elementInstr) exec(t *transformer) error {
	name, err := i.name.eval(t)
	if err != nil {
		return err
	}
	ns, err := t.nameNS(name, i.ns, i.hasNS, i.scope, true)
	if err != nil {
		return err
	}
	el, err := t.element(ns, name)
	if err != nil {
		return err
	}
	return t.fill(el, i.useSets, i.body)
}

// nameNS is the namespace of a computed name: the namespace attribute's,
// or its prefix's in the instruction's scope (the default namespace too,
// for an element).
func (t *transformer) nameNS(name string, nsa *avt, hasNS bool, scope *dom.Node, element bool) (string, error) {
	if hasNS {
		return nsa.eval(t)
	}
	prefix, _, ok := strings.Cut(name, ":")
	if !ok {
		if !element {
			return "", nil
		}
		prefix = ""
	}
	uri, found := scope.LookupNamespaceURI(prefix)
	if !found && prefix != "" {
		return "", fmt.Errorf("%w: undeclared prefix in %q", ErrRuntime, name)
	}
	return uri, nil
}

func (i *attributeInstr) exec(t *transformer) error {
	name, err := i.name.eval(t)
	if err != nil {
		return err
	}
	ns, err := t.nameNS(name, i.ns, i.hasNS, i.scope, false)
	if err != nil {
		return err
	}
	v, err := t.bodyString(i.body)
	if err != nil {
		return err
	}
	if ns != "" && !strings.Contains(name, ":") {
		name = "ns1:" + name
	}
	return t.attribute(ns, name, v)
}

func (i *commentInstr) exec(t *transformer) error {
	s, err := t.bodyString(i.body)
	if err != nil {
		return err
	}
	if err := t.flush(); err != nil {
		return err
	}
	return t.append(t.out.CreateComment(s))
}

func (i *piInstr) exec(t *transformer) error {
	name, err := i.name.eval(t)
	if err != nil {
		return err
	}
	s, err := t.bodyString(i.body)
	if err != nil {
		return err
	}
	pi, err := t.out.CreateProcessingInstruction(name, s)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrRuntime, err)
	}
	if err := t.flush(); err != nil {
		return err
	}
	return t.append(pi)
}

func (i *localVar) exec(t *transformer) error {
	v, err := t.value(i.v)
	if err != nil {
		return err
	}
	t.vars = append(t.vars, binding{i.v.name, v})
	return nil
}

func (i *message) exec(t *transformer) error {
	s, err := t.bodyString(i.body)
	if err != nil {
		return err
	}
	if t.opts.Message != nil {
		t.opts.Message(s)
	}
	if i.terminate {
		return fmt.Errorf("%w: %s", ErrTerminated, s)
	}
	return nil
}
