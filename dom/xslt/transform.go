package xslt

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/dom/xpath"
)

// Options are a transformation's inputs beyond the source.
type Options struct {
	// Params sets global xsl:params by name (local part; namespaces
	// are ignored, as XSLTProcessor.setParameter in Chromium); the
	// values are strings.
	Params map[string]string
	Limits Limits
	// Message receives xsl:message texts.
	Message func(string)
	// Document loads document() URIs (each once per transformation);
	// nil makes document() an empty node-set, as it is in Chromium's
	// XSLTProcessor.
	Document Loader
	Context  context.Context // of the loads (nil: context.Background())
	// MaxDocuments bounds the documents document() loads (default 64).
	MaxDocuments int
}

type binding struct {
	name string
	v    xpath.Value
}

type transformer struct {
	ss      *Stylesheet
	opts    Options
	lim     Limits
	ev      xpath.Evaluator
	out     *dom.Document
	parent  *dom.Node
	pending strings.Builder
	vars    []binding
	base    int
	ctx     xpath.Context
	root    xpath.Node // the source's root node

	globals     []xpath.Value
	globalState []uint8 // 0 not evaluated, 1 being evaluated, 2 done
	globalIdx   map[string]int

	depth, made, bytes, steps int

	keyIdx map[keyIndex]map[string][]xpath.Node
	ids    map[xpath.Node]int

	cur  *template                // the current template rule (xsl:apply-imports)
	docs map[string]*dom.Document // document()'s, by URL (nil: failed)
}

// Result is a transformation's result tree (children of Root, a
// DocumentFragment) and the output method that serializes it.
type Result struct {
	Root   *dom.Node
	Output Output
}

// Apply transforms a copy of source: a document or, as Chromium does, any
// other node as the only content of a new document.
func (ss *Stylesheet) Apply(source *dom.Node, opts Options) (*Result, error) {
	t := &transformer{ss: ss, opts: opts, lim: opts.Limits.orDefaults()}
	t.ev.Env = t
	t.out = dom.NewXMLDocument()
	frag := t.out.CreateDocumentFragment()
	t.parent = frag
	src := copySource(source)
	if ss.hasStripped {
		t.strip(src)
	}
	t.root = xpath.NodeOf(src)
	t.globals = make([]xpath.Value, len(ss.globals))
	t.globalState = make([]uint8, len(ss.globals))
	t.globalIdx = make(map[string]int, len(ss.globals))
	for i, g := range ss.globals {
		t.globalIdx[g.name] = i
	}
	t.ctx = xpath.Context{Node: t.root, Pos: 1, Size: 1}
	if err := t.applyTo(t.root, "", nil); err != nil {
		return nil, err
	}
	if err := t.flush(); err != nil {
		return nil, err
	}
	o := ss.Output
	if o.Method == "" {
		o.Method = "xml"
		for k := frag.First(); k != nil; k = k.Next() {
			if k.IsText() && !isSpace(k.Data) {
				break
			}
			if k.IsElement() {
				if k.NamespaceURI() == "" && strings.EqualFold(k.LocalName(), "html") {
					o.Method = "html"
				}
				break
			}
		}
	}
	return &Result{Root: frag, Output: o}, nil
}

// copySource copies the source tree, so that the transformation sees
// neither later changes nor the page's live nodes (Chromium transforms a
// serialized copy).
func copySource(n *dom.Node) *dom.Node {
	if n.Kind() == dom.DocumentNode {
		return n.CloneNode(true)
	}
	d := dom.NewXMLDocument()
	if k, err := d.ImportNode(n, true); err == nil {
		if n.Kind() == dom.DocumentFragmentNode {
			for c := k.First(); c != nil; {
				next := c.Next()
				_, _ = d.AppendChild(c)
				c = next
			}
		} else if _, err := d.AppendChild(k); err != nil {
			// A text or other node a document cannot hold: its own tree.
			return k
		}
	}
	return &d.Node
}

// strip removes whitespace-only text nodes xsl:strip-space names
// (https://www.w3.org/TR/1999/REC-xslt-19991116#strip).
func (t *transformer) strip(root *dom.Node) {
	var drop []*dom.Node
	for d := root.First(); d != nil; d = d.NextWithin(root) {
		if d.IsText() && t.stripped(d) {
			drop = append(drop, d)
		}
	}
	for _, d := range drop {
		d.Remove()
	}
}

func (t *transformer) stripped(k *dom.Node) bool {
	if !t.ss.hasStripped || !k.IsText() || !isSpace(k.Data) {
		return false
	}
	p := k.ParentNode()
	if p == nil || !p.IsElement() {
		return false
	}
	best, found := spaceTest{}, false
	for _, s := range t.ss.strip {
		ok := s.any || s.nsAny && p.NamespaceURI() == s.ns || !s.any && !s.nsAny && p.LocalName() == s.local && p.NamespaceURI() == s.ns
		if ok && (!found || s.priority >= best.priority) {
			best, found = s, true
		}
	}
	return found && best.strip && !preservesSpace(p)
}

// Variable implements xpath.Env: the innermost local binding of the
// current template, else a global one.
func (t *transformer) Variable(name string) (xpath.Value, bool) {
	if strings.Contains(name, ":") {
		name = t.expand(name)
	}
	for i := len(t.vars) - 1; i >= t.base; i-- {
		if t.vars[i].name == name {
			return t.vars[i].v, true
		}
	}
	i, ok := t.globalIdx[name]
	if !ok {
		return xpath.Value{}, false
	}
	v, err := t.global(i)
	if err != nil {
		return xpath.Value{}, false
	}
	return v, true
}

// expand is a prefixed variable name as compiled names are: prefixes
// resolve against the stylesheet's root element.
func (t *transformer) expand(name string) string {
	root := t.ss.doc
	if root.Kind() == dom.DocumentNode {
		root = root.FirstElementChild()
	}
	return qname(root, name)
}

func (t *transformer) global(i int) (xpath.Value, error) {
	switch t.globalState[i] {
	case 2:
		return t.globals[i], nil
	case 1:
		return xpath.Value{}, fmt.Errorf("%w: global variable %q depends on itself", ErrRuntime, t.ss.globals[i].name)
	}
	t.globalState[i] = 1
	g := t.ss.globals[i]
	local := g.name
	if j := strings.LastIndexByte(local, '}'); j >= 0 {
		local = local[j+1:]
	}
	var v xpath.Value
	var err error
	if p, ok := t.opts.Params[local]; ok && g.param {
		v = xpath.StringValue(p)
	} else {
		savedCtx, savedBase, savedVars := t.ctx, t.base, len(t.vars)
		t.ctx = xpath.Context{Node: t.root, Pos: 1, Size: 1}
		t.base = len(t.vars)
		v, err = t.value(g)
		t.ctx, t.base, t.vars = savedCtx, savedBase, t.vars[:savedVars]
	}
	if err != nil {
		return v, err
	}
	t.globals[i], t.globalState[i] = v, 2
	return v, nil
}

// value evaluates a variable's or parameter's select or body (a result
// tree fragment, https://www.w3.org/TR/1999/REC-xslt-19991116#section-Result-Tree-Fragments).
func (t *transformer) value(v *variable) (xpath.Value, error) {
	if v.sel != nil {
		return t.eval(v.sel)
	}
	if len(v.body) == 0 {
		return xpath.StringValue(""), nil
	}
	frag := t.out.CreateDocumentFragment()
	if err := t.into(frag, v.body); err != nil {
		return xpath.Value{}, err
	}
	return xpath.NodeSetOf([]xpath.Node{xpath.NodeOf(frag)}), nil
}

// into runs body with its output going to parent.
func (t *transformer) into(parent *dom.Node, body []instr) error {
	if err := t.flush(); err != nil {
		return err
	}
	saved, n := t.parent, len(t.vars)
	t.parent = parent
	err := t.run(body)
	if err == nil {
		err = t.flush()
	}
	t.parent, t.vars = saved, t.vars[:n]
	return err
}

// bodyString runs body and returns the text it made.
func (t *transformer) bodyString(body []instr) (string, error) {
	if len(body) == 1 {
		if ti, ok := body[0].(*textInstr); ok {
			return ti.s, nil
		}
	}
	frag := t.out.CreateDocumentFragment()
	if err := t.into(frag, body); err != nil {
		return "", err
	}
	var b strings.Builder
	for d := frag.First(); d != nil; d = d.NextWithin(frag) {
		if d.IsText() {
			b.WriteString(d.Data)
		}
	}
	return b.String(), nil
}

// run runs a template body; its local variables end with it.
func (t *transformer) run(body []instr) error {
	n := len(t.vars)
	defer func() { t.vars = t.vars[:n] }()
	return t.exec(body)
}

// exec runs instructions in the current frame, counting each against the
// instruction limit.
func (t *transformer) exec(body []instr) error {
	for _, in := range body {
		t.steps++
		if t.steps > t.lim.Instructions {
			return fmt.Errorf("%w: more than %d instructions", ErrLimit, t.lim.Instructions)
		}
		if err := in.exec(t); err != nil {
			return err
		}
	}
	return nil
}

func (t *transformer) eval(e *xpath.Expr) (xpath.Value, error) {
	v, err := t.ev.Eval(e, t.ctx)
	if err != nil {
		if _, ok := err.(*xpath.Error); ok {
			return v, fmt.Errorf("%w: %v", ErrRuntime, err)
		}
		return v, err
	}
	return v, nil
}

func (t *transformer) nodes(v xpath.Value) []xpath.Node {
	out := make([]xpath.Node, v.Len())
	for i := range out {
		out[i] = v.At(i)
	}
	return out
}

func (t *transformer) evalParams(ps []*variable) ([]binding, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	out := make([]binding, len(ps))
	for i, p := range ps {
		v, err := t.value(p)
		if err != nil {
			return nil, err
		}
		out[i] = binding{p.name, v}
	}
	return out, nil
}

// applyTo applies the best template of mode to n (t.ctx is n's).
func (t *transformer) applyTo(n xpath.Node, mode string, params []binding) error {
	return t.applyRules(n, mode, params, nil)
}

// applyRules applies the best template of mode to n, of those imported
// into module within when it is not nil (xsl:apply-imports).
func (t *transformer) applyRules(n xpath.Node, mode string, params []binding, within *module) error {
	for _, r := range t.ss.rules[mode] {
		if within != nil && (r.t.mod.prec >= within.prec || r.t.mod.prec < within.minPrec) {
			continue
		}
		ok, err := t.ev.Match(r.t.match, r.alt, n)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrRuntime, err)
		}
		if ok {
			saved := t.cur
			t.cur = r.t
			err := t.invoke(r.t, params)
			t.cur = saved
			return err
		}
	}
	// The built-in rules (https://www.w3.org/TR/1999/REC-xslt-19991116#built-in-rule).
	if n.IsAttr() {
		return t.text(n.StringValue())
	}
	d := n.Owner()
	switch d.Kind() {
	case dom.ElementNode, dom.DocumentNode, dom.DocumentFragmentNode:
		var kids []xpath.Node
		for k := d.First(); k != nil; k = k.Next() {
			if !t.stripped(k) {
				kids = append(kids, xpath.NodeOf(k))
			}
		}
		if err := t.enter(); err != nil {
			return err
		}
		defer func() { t.depth-- }()
		saved := t.ctx
		defer func() { t.ctx = saved }()
		for i, k := range kids {
			t.ctx = xpath.Context{Node: k, Pos: i + 1, Size: len(kids)}
			if err := t.applyTo(k, mode, nil); err != nil {
				return err
			}
		}
	case dom.TextNode, dom.CDATASectionNode:
		return t.text(d.Data)
	}
	return nil
}

func (t *transformer) enter() error {
	t.depth++
	if t.depth > t.lim.Depth {
		return fmt.Errorf("%w: templates nested more than %d deep", ErrLimit, t.lim.Depth)
	}
	return nil
}

// invoke runs template tpl in a new frame of local variables.
func (t *transformer) invoke(tpl *template, params []binding) error {
	if err := t.enter(); err != nil {
		return err
	}
	savedBase, n := t.base, len(t.vars)
	t.base = n
	defer func() { t.depth--; t.base, t.vars = savedBase, t.vars[:n] }()
	for _, p := range tpl.params {
		found := false
		for _, b := range params {
			if b.name == p.name {
				t.vars = append(t.vars, b)
				found = true
				break
			}
		}
		if !found {
			v, err := t.value(p)
			if err != nil {
				return err
			}
			t.vars = append(t.vars, binding{p.name, v})
		}
	}
	return t.exec(tpl.body)
}

// Output building.

func (t *transformer) count(nodes, bytes int) error {
	t.made += nodes
	t.bytes += bytes
	if t.made > t.lim.OutputNodes || t.bytes > t.lim.OutputBytes {
		return fmt.Errorf("%w: the result is larger than %d nodes or %d bytes", ErrLimit, t.lim.OutputNodes, t.lim.OutputBytes)
	}
	return nil
}

func (t *transformer) text(s string) error {
	if s == "" {
		return nil
	}
	if err := t.count(0, len(s)); err != nil {
		return err
	}
	t.pending.WriteString(s)
	return nil
}

func (t *transformer) flush() error {
	if t.pending.Len() == 0 {
		return nil
	}
	s := t.pending.String()
	t.pending.Reset()
	if l := t.parent.Last(); l != nil && l.IsText() {
		l.AppendData(s)
		return nil
	}
	return t.append(t.out.CreateTextNode(s))
}

func (t *transformer) append(n *dom.Node) error {
	if err := t.count(1, 0); err != nil {
		return err
	}
	if _, err := t.parent.AppendChild(n); err != nil {
		return fmt.Errorf("%w: %v", ErrRuntime, err)
	}
	return nil
}

func (t *transformer) element(ns, qname string) (*dom.Node, error) {
	if err := t.flush(); err != nil {
		return nil, err
	}
	el, err := t.out.CreateElementNS(ns, qname)
	if err != nil {
		return nil, fmt.Errorf("%w: element name %q: %v", ErrRuntime, qname, err)
	}
	return el, t.append(el)
}

func (t *transformer) inElement(el *dom.Node, f func() error) error {
	saved := t.parent
	t.parent = el
	err := f()
	if err == nil {
		err = t.flush()
	}
	t.parent = saved
	return err
}

// fill makes el's attributes from the named attribute sets and its content
// from body (xsl:element, and xsl:copy of an element).
func (t *transformer) fill(el *dom.Node, useSets []string, body []instr) error {
	return t.inElement(el, func() error {
		if err := t.applySets(useSets); err != nil {
			return err
		}
		return t.run(body)
	})
}

// attribute adds an attribute to the element being made; after its
// children it is an error, as in libxslt.
func (t *transformer) attribute(ns, qname, val string) error {
	if !t.parent.IsElement() {
		return nil
	}
	if t.parent.First() != nil || t.pending.Len() > 0 {
		return fmt.Errorf("%w: attribute %q added after children", ErrRuntime, qname)
	}
	if err := t.count(0, len(val)); err != nil {
		return err
	}
	var err error
	if ns == "" {
		if _, local, ok := strings.Cut(qname, ":"); ok {
			qname = local
		}
		err = t.parent.SetAttributeNS("", qname, val)
	} else {
		// An attribute of the same expanded name replaces the earlier one.
		_, local, ok := strings.Cut(qname, ":")
		if !ok {
			local = qname
		}
		t.parent.RemoveAttributeNS(ns, local)
		err = t.parent.SetAttributeNS(ns, qname, val)
	}
	if err != nil {
		return fmt.Errorf("%w: attribute %q: %v", ErrRuntime, qname, err)
	}
	return nil
}

func (t *transformer) applySets(names []string) error {
	for _, name := range names {
		sets, ok := t.ss.attrSets[name]
		if !ok {
			return fmt.Errorf("%w: no attribute set %q", ErrRuntime, name)
		}
		if err := t.enter(); err != nil {
			return err
		}
		for _, s := range sets {
			if err := t.applySets(s.use); err != nil {
				return err
			}
			savedBase, n := t.base, len(t.vars)
			t.base = n
			err := t.run(s.attrs)
			t.base = savedBase
			if err != nil {
				return err
			}
		}
		t.depth--
	}
	return nil
}

// copyNode copies n and its subtree to the output.
func (t *transformer) copyNode(n *dom.Node) error {
	switch n.Kind() {
	case dom.DocumentNode, dom.DocumentFragmentNode:
		for k := n.First(); k != nil; k = k.Next() {
			if err := t.copyNode(k); err != nil {
				return err
			}
		}
		return nil
	case dom.TextNode, dom.CDATASectionNode:
		return t.text(n.Data)
	case dom.DocumentTypeNode:
		return nil
	case dom.ElementNode:
		el, err := t.element(n.NamespaceURI(), n.QualifiedName())
		if err != nil {
			return err
		}
		for i := range n.Attr {
			a := n.AttributeNode(i)
			if err := el.SetAttributeNS(a.NamespaceURI(), a.QualifiedName(), a.AttrValue()); err != nil {
				return fmt.Errorf("%w: %v", ErrRuntime, err)
			}
			if err := t.count(0, len(a.AttrValue())); err != nil {
				return err
			}
		}
		return t.inElement(el, func() error {
			for k := n.First(); k != nil; k = k.Next() {
				if err := t.copyNode(k); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := t.flush(); err != nil {
		return err
	}
	k, err := t.out.ImportNode(n, false)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrRuntime, err)
	}
	return t.append(k)
}

// sort orders nodes by xsl:sort keys
// (https://www.w3.org/TR/1999/REC-xslt-19991116#sorting), stably: text
// by the Unicode Collation Algorithm in the sort's language, upper case
// first unless case-order says lower-first (Chromium sorts with ICU so),
// numbers with NaN first.
func (t *transformer) sort(nodes []xpath.Node, specs []*sortSpec) ([]xpath.Node, error) {
	if len(specs) == 0 || len(nodes) < 2 {
		return nodes, nil
	}
	type key struct {
		s string
		f float64
	}
	type spec struct {
		number, desc, lowerFirst bool
		lang                     string
		coll, caseless           *collate.Collator
	}
	ss := make([]spec, len(specs))
	keys := make([][]key, len(nodes))
	for i, sp := range specs {
		var dataType, order, caseOrder string
		for _, a := range []struct {
			v   *avt
			dst *string
		}{{sp.dataType, &dataType}, {sp.order, &order}, {sp.caseOrder, &caseOrder}, {sp.lang, &ss[i].lang}} {
			if a.v != nil {
				s, err := a.v.eval(t)
				if err != nil {
					return nil, err
				}
				*a.dst = strings.TrimSpace(s)
			}
		}
		ss[i].number, ss[i].desc, ss[i].lowerFirst = dataType == "number", order == "descending", caseOrder == "lower-first"
		if !ss[i].number {
			tag, err := language.Parse(ss[i].lang)
			if err != nil {
				tag = language.English
			}
			ss[i].coll = collate.New(tag)
			if !ss[i].lowerFirst {
				ss[i].caseless = collate.New(tag, collate.IgnoreCase)
			}
		}
	}
	saved := t.ctx
	defer func() { t.ctx = saved }()
	for j, n := range nodes {
		keys[j] = make([]key, len(specs))
		t.ctx = xpath.Context{Node: n, Pos: j + 1, Size: len(nodes)}
		for i, sp := range specs {
			var s string
			if sp.sel == nil {
				s = n.StringValue()
			} else {
				v, err := t.eval(sp.sel)
				if err != nil {
					return nil, err
				}
				s = v.String()
			}
			keys[j][i] = key{s: s}
			if ss[i].number {
				keys[j][i].f = xpath.ParseNumber(s)
			}
		}
	}
	idx := make([]int, len(nodes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		for i, s := range ss {
			ka, kb := keys[a][i], keys[b][i]
			var c int
			if s.number {
				an, bn := ka.f != ka.f, kb.f != kb.f
				switch {
				case an && bn:
				case an:
					c = -1
				case bn:
					c = 1
				default:
					c = cmp.Compare(ka.f, kb.f)
				}
			} else {
				c = s.coll.CompareString(ka.s, kb.s)
				// x/text has no caseFirst: strings that differ only by
				// case compare the other way round for upper-first.
				if c != 0 && s.caseless != nil && s.caseless.CompareString(ka.s, kb.s) == 0 {
					c = -c
				}
			}
			if s.desc {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	})
	out := make([]xpath.Node, len(nodes))
	for i, j := range idx {
		out[i] = nodes[j]
	}
	return out, nil
}
