package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Trusted Types, as Chromium 156 has them: window.trustedTypes (a
// TrustedTypePolicyFactory), policies, the three opaque value types, and
// the check every injection sink runs on its argument (trustedString),
// which refuses strings in a document whose Content-Security-Policy has
// require-trusted-types-for 'script' (csp.go) unless the default policy
// turns them into trusted values.
// https://w3c.github.io/trusted-types/dist/spec/

// trustedKind is one of the three trusted types.
type trustedKind uint8

const (
	trustedHTML trustedKind = iota
	trustedScript
	trustedScriptURL
)

var trustedTypeNames = [...]string{"TrustedHTML", "TrustedScript", "TrustedScriptURL"}

// trustedCreateNames are the TrustedTypePolicyOptions members and the
// policy's operations, by kind.
var trustedCreateNames = [...]string{"createHTML", "createScript", "createScriptURL"}

// trustedValue is a TrustedHTML, TrustedScript or TrustedScriptURL: its
// data, which only a policy (or the factory's empty values) makes. Its
// wrapper is the brand isHTML and the sinks check: an object made with
// Object.create(TrustedHTML.prototype) is none.
type trustedValue struct {
	kind trustedKind
	data string
}

// trustedPolicy is a TrustedTypePolicy: its name and the option callbacks
// read when it was created (nil where the options had none).
// https://w3c.github.io/trusted-types/dist/spec/#trusted-type-policy
type trustedPolicy struct {
	name string
	fns  [3]goja.Callable
}

// trustedFactory is the window's TrustedTypePolicyFactory.
type trustedFactory struct{}

// trustedState is a window's Trusted Types state.
type trustedState struct {
	factory       trustedFactory
	empty         [2]*goja.Object // emptyHTML, emptyScript
	defaultPolicy *trustedPolicy
	// created are the names of the policies created so far (the
	// factory's created policy names).
	created map[string]bool
	// csp are the document's policies (csp.go); require and enforce say
	// whether some policy, and some enforced policy, has
	// require-trusted-types-for 'script'.
	csp              []cspPolicy
	require, enforce bool
	// metas are the meta elements whose policy csp has.
	metas map[*dom.Node]bool
	// scriptText is the [[ScriptText]] of script elements whose text a
	// Trusted Types-compliant setter set, kept once a policy requires
	// Trusted Types (see trustedScriptText).
	scriptText map[*dom.Node]string
	// evalError is the EvalError constructor, from before the page ran.
	evalError goja.Constructor
	// evalData is the text of the TrustedScript eval is compiling, which
	// compileCheck lets through.
	evalData *string
}

// trustedCreate is a policy's createHTML, createScript or createScriptURL:
// the policy's function called with the input and the further arguments
// (this undefined), its result (null and undefined as "") wrapped.
// https://w3c.github.io/trusted-types/dist/spec/#create-a-trusted-type-algorithm
func trustedCreate(kind trustedKind) bind.Func {
	return func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		p := this.(*trustedPolicy)
		fn := p.fns[kind]
		if fn == nil {
			r.ThrowTypeError("Failed to execute '%s' on 'TrustedTypePolicy': Policy %s's TrustedTypePolicyOptions did not specify a '%s' member.",
				trustedCreateNames[kind], p.name, trustedCreateNames[kind])
		}
		call := make([]goja.Value, len(args))
		call[0] = r.String(bind.DOMString(args[0]))
		copy(call[1:], args[1:])
		v, err := fn(goja.Undefined(), call...)
		if err != nil {
			panic(err)
		}
		data := ""
		if !bind.Nullish(v) {
			data = bind.DOMString(v)
		}
		return newTrusted(r, kind, data)
	}
}

// newTrusted wraps a new trusted value.
func newTrusted(r *bind.Realm, kind trustedKind, data string) *goja.Object {
	return r.WrapObject(&trustedValue{kind, data}, r.Class(trustedTypeNames[kind]))
}

// (w *Window) newTrusted is newTrusted in the page's realm.
func (w *Window) newTrusted(kind trustedKind, data string) goja.Value {
	return newTrusted(w.realm, kind, data)
}

// trustedOf is the Trusted Types state of the realm's global: the page's
// window or a worker's.
func trustedOf(r *bind.Realm) *trustedState {
	if wk, ok := r.Host.(*worker); ok {
		return &wk.tt
	}
	return &win(r).tt
}

func trustedData(r *bind.Realm, this any, _ []goja.Value) goja.Value {
	return r.String(this.(*trustedValue).data)
}

// trustedValueIface declares one of the trusted types: a stringifier and
// toJSON, no constructor.
// https://w3c.github.io/trusted-types/dist/spec/#trused-html
func trustedValueIface(kind trustedKind) *bind.Interface {
	return &bind.Interface{
		Name: trustedTypeNames[kind],
		Methods: []bind.Method{
			{Name: "toJSON", Fn: trustedData},
			{Name: "toString", Fn: trustedData},
		},
	}
}

var (
	trustedHTMLIface      = trustedValueIface(trustedHTML)
	trustedScriptIface    = trustedValueIface(trustedScript)
	trustedScriptURLIface = trustedValueIface(trustedScriptURL)
)

// TrustedTypePolicy https://w3c.github.io/trusted-types/dist/spec/#trusted-type-policy
var trustedTypePolicyIface = &bind.Interface{
	Name: "TrustedTypePolicy",
	Attributes: []bind.Attribute{
		{Name: "name", Get: func(r *bind.Realm, this any) goja.Value { return r.String(this.(*trustedPolicy).name) }},
	},
	Methods: []bind.Method{
		{Name: "createHTML", Length: 1, Fn: trustedCreate(trustedHTML)},
		{Name: "createScript", Length: 1, Fn: trustedCreate(trustedScript)},
		{Name: "createScriptURL", Length: 1, Fn: trustedCreate(trustedScriptURL)},
	},
}

// isTrusted reports whether v is a trusted value of kind.
func isTrusted(r *bind.Realm, v goja.Value, kind trustedKind) bool {
	impl, _, ok := r.Unwrap(v)
	if !ok {
		return false
	}
	t, ok := impl.(*trustedValue)
	return ok && t.kind == kind
}

func trustedIs(kind trustedKind) bind.Func {
	return func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
		return r.Bool(isTrusted(r, args[0], kind))
	}
}

func trustedEmpty(i int) bind.Getter {
	return func(r *bind.Realm, _ any) goja.Value {
		tt := trustedOf(r)
		if tt.empty[i] == nil {
			tt.empty[i] = newTrusted(r, trustedKind(i), "")
		}
		return tt.empty[i]
	}
}

// TrustedTypePolicyFactory https://w3c.github.io/trusted-types/dist/spec/#trusted-type-policy-factory
var trustedTypePolicyFactoryIface = &bind.Interface{
	Name: "TrustedTypePolicyFactory",
	Attributes: []bind.Attribute{
		{Name: "emptyHTML", Get: trustedEmpty(0)},
		{Name: "emptyScript", Get: trustedEmpty(1)},
		{Name: "defaultPolicy", Get: func(r *bind.Realm, _ any) goja.Value {
			tt := trustedOf(r)
			if tt.defaultPolicy == nil {
				return goja.Null()
			}
			return r.WrapObject(tt.defaultPolicy, r.Class("TrustedTypePolicy"))
		}},
	},
	Methods: []bind.Method{
		{Name: "createPolicy", Length: 1, Fn: createTrustedPolicy},
		{Name: "getAttributeType", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			tag, attr := ascii.Lower(bind.DOMString(args[0])), ascii.Lower(bind.DOMString(args[1]))
			elNS, attrNS := optionalNS(bind.Arg(args, 2)), optionalNS(bind.Arg(args, 3))
			if elNS == "" {
				elNS = nsHTML
			}
			if k, ok := trustedAttributeType(elNS, tag, attrNS, attr, false); ok {
				return r.String(trustedTypeNames[k])
			}
			return goja.Null()
		}},
		{Name: "getPropertyType", Length: 2, Fn: func(r *bind.Realm, _ any, args []goja.Value) goja.Value {
			tag, prop := ascii.Lower(bind.DOMString(args[0])), bind.DOMString(args[1])
			if ns := optionalNS(bind.Arg(args, 2)); ns != "" && ns != nsHTML {
				return goja.Null()
			}
			if k, ok := trustedPropertyType(tag, prop); ok {
				return r.String(trustedTypeNames[k])
			}
			return goja.Null()
		}},
		{Name: "isHTML", Length: 1, Fn: trustedIs(trustedHTML)},
		{Name: "isScript", Length: 1, Fn: trustedIs(trustedScript)},
		{Name: "isScriptURL", Length: 1, Fn: trustedIs(trustedScriptURL)},
	},
}

const (
	nsHTML   = "http://www.w3.org/1999/xhtml"
	nsSVG    = "http://www.w3.org/2000/svg"
	nsMathML = "http://www.w3.org/1998/Math/MathML"
	nsXLink  = "http://www.w3.org/1999/xlink"
)

// optionalNS converts an optional DOMString? namespace argument: absent
// and null are "".
func optionalNS(v goja.Value) string {
	if bind.Nullish(v) {
		return ""
	}
	return bind.DOMString(v)
}

// trustedAttributeType is the type an attribute of an element needs: the
// event handler content attributes of HTML, SVG and MathML elements,
// iframe srcdoc, script src, SVG script href and xlink:href, embed src,
// object data and codebase. Names are lowercase; namespaces are URLs
// ("" for none). handlerPrefix takes every on* name as a handler
// (setAttribute asks about names only Chromium's list of handlers has).
// https://w3c.github.io/trusted-types/dist/spec/#get-trusted-type-data-for-attribute
func trustedAttributeType(elNS, tag, attrNS, attr string, handlerPrefix bool) (trustedKind, bool) {
	if attrNS == "" && strings.HasPrefix(attr, "on") && (elNS == nsHTML || elNS == nsSVG || elNS == nsMathML) {
		if name := attr[2:]; handlerPrefix || isGlobalHandler[name] || isWindowHandler[name] || isElementHandler[name] || documentOnlyHandler[name] {
			return trustedScript, true
		}
	}
	switch {
	case elNS == nsHTML && attrNS == "":
		switch tag + " " + attr {
		case "iframe srcdoc":
			return trustedHTML, true
		case "script src", "embed src", "object data", "object codebase":
			return trustedScriptURL, true
		}
	case elNS == nsSVG && tag == "script" && attr == "href" && (attrNS == "" || attrNS == nsXLink):
		return trustedScriptURL, true
	}
	return 0, false
}

// documentOnlyHandler are event handlers of Document that elements lack.
var documentOnlyHandler = map[string]bool{"readystatechange": true, "visibilitychange": true, "pointerlockchange": true,
	"pointerlockerror": true, "freeze": true, "resume": true, "prerenderingchange": true}

// trustedPropertyType is the type an IDL attribute of an HTML element
// needs (tag lowercase, prop as written).
func trustedPropertyType(tag, prop string) (trustedKind, bool) {
	switch prop {
	case "innerHTML", "outerHTML":
		return trustedHTML, true
	}
	switch tag + " " + prop {
	case "iframe srcdoc":
		return trustedHTML, true
	case "script innerText", "script text", "script textContent":
		return trustedScript, true
	case "script src", "embed src", "object data", "object codebase":
		return trustedScriptURL, true
	}
	return 0, false
}

// createTrustedPolicy is TrustedTypePolicyFactory.createPolicy.
// https://w3c.github.io/trusted-types/dist/spec/#create-a-trusted-type-policy
func createTrustedPolicy(r *bind.Realm, _ any, args []goja.Value) goja.Value {
	tt := trustedOf(r)
	const where = "Failed to execute 'createPolicy' on 'TrustedTypePolicyFactory': "
	p := &trustedPolicy{name: bind.DOMString(args[0])}
	// The options dictionary is converted first, its members in order.
	if opts := bind.Arg(args, 1); !bind.Nullish(opts) {
		o, ok := opts.(*goja.Object)
		if !ok {
			r.ThrowTypeError(where + "The provided value is not of type 'TrustedTypePolicyOptions'.")
		}
		for k, name := range trustedCreateNames {
			v := o.Get(name)
			if bind.Absent(v) {
				continue
			}
			fn := callable(v)
			if fn == nil {
				r.ThrowTypeError(where+"Failed to read the '%s' property from 'TrustedTypePolicyOptions': The given value is not a function.", name)
			}
			p.fns[k] = fn
		}
	}
	// Should Trusted Type policy creation be blocked by CSP? Each policy
	// whose trusted-types directive refuses the name reports it; an
	// enforced one blocks it.
	// https://w3c.github.io/trusted-types/dist/spec/#should-block-create-policy
	blocked, duplicate := false, false
	for i := range tt.csp {
		c := &tt.csp[i]
		if !c.hasTrustedTypes {
			continue
		}
		var msg string
		switch {
		case !c.allowsPolicy(p.name):
			msg = "Creating a TrustedTypePolicy named '" + p.name + "' violates the following Content Security policy directive: \"" + c.trustedTypesText + "\"."
		case tt.created[p.name] && !c.allowDuplicates:
			msg = "Creating a TrustedTypePolicy named '" + p.name + "' violates the following Content Security Policy directive because a TrustedTypePolicy with that name already exists and the directive does not contain'allow-duplicates': \"" + c.trustedTypesText + "\"."
		default:
			continue
		}
		if !c.reportOnly {
			msg += " The action has been blocked."
			if !blocked {
				duplicate = c.allowsPolicy(p.name)
			}
			blocked = true
		}
		if wk, ok := r.Host.(*worker); ok {
			wk.w.cspViolation(msg)
		} else {
			win(r).reportCSPViolation(c, "trusted-types", "trusted-types-policy", clipUTF16(p.name, cspSampleLength), msg)
		}
	}
	if blocked && duplicate {
		r.ThrowTypeError(where+"Policy with name \"%s\" already exists.", p.name)
	}
	if blocked {
		r.ThrowTypeError(where+"Policy \"%s\" disallowed.", p.name)
	}
	if p.name == "default" && tt.defaultPolicy != nil {
		r.ThrowTypeError(where + "Policy with name \"default\" already exists.")
	}
	if p.name == "default" {
		tt.defaultPolicy = p
	}
	if tt.created == nil {
		tt.created = make(map[string]bool)
	}
	tt.created[p.name] = true
	return r.WrapObject(p, r.Class("TrustedTypePolicy"))
}

// A trustedSink names an injection sink: its interface and member (the
// Trusted Types sink name is "Interface member"), and whether it is an
// attribute setter or an operation (for the message of its TypeError).
type trustedSink struct {
	iface, member string
	setter        bool
	// name, when set, is the sink's name for the default policy instead
	// of "iface member" (setAttribute's sinks are the attributes').
	name string
}

func (s trustedSink) failure() string {
	if s.setter {
		return "Failed to set the '" + s.member + "' property on '" + s.iface + "': "
	}
	return "Failed to execute '" + s.member + "' on '" + s.iface + "': "
}

// trustedString returns the string an injection sink taking (TrustedX or
// DOMString) gets from v: a trusted value's data when v is one of kind,
// else v as conv converts it, which a document requiring Trusted Types
// first hands to its default policy and refuses (a TypeError) when there
// is none or it returns null or undefined.
// https://w3c.github.io/trusted-types/dist/spec/#get-trusted-type-compliant-string-algorithm
func (w *Window) trustedString(kind trustedKind, v goja.Value, conv func(goja.Value) string, sink trustedSink) string {
	if o, ok := v.(*goja.Object); ok {
		if impl, _, ok := w.realm.Unwrap(o); ok {
			if t, ok := impl.(*trustedValue); ok && t.kind == kind {
				return t.data
			}
		}
	}
	s := conv(v)
	if !w.tt.require {
		return s
	}
	return w.trustedDefault(kind, s, sink)
}

// trustedDefault runs a string bound for a sink through the default
// policy of a document that requires Trusted Types: what the policy
// made of it, or a TypeError (unless every such policy is report-only,
// when s passes as it is).
// https://w3c.github.io/trusted-types/dist/spec/#process-value-with-a-default-policy-algorithm
func (w *Window) trustedDefault(kind trustedKind, s string, sink trustedSink) string {
	name := sink.name
	if name == "" {
		name = sink.iface + " " + sink.member
	}
	out, msg := w.processWithDefault(kind, s, name)
	if msg == "" {
		return out
	}
	if !w.requireViolation(name, s, msg, " The action has been blocked.") {
		return s
	}
	w.realm.ThrowTypeError(sink.failure() + msg)
	return ""
}

// requireViolation reports a value refused at the sink named sinkName to
// each policy with require-trusted-types-for 'script' and says whether
// one of them is enforced (the sink must then refuse it); blocked is
// added to the message of an enforced policy.
// https://w3c.github.io/trusted-types/dist/spec/#should-block-sink-type-mismatch
func (w *Window) requireViolation(sinkName, value, msg, blocked string) bool {
	enforced := false
	for i := range w.tt.csp {
		c := &w.tt.csp[i]
		if !c.requireScript {
			continue
		}
		m := msg
		if !c.reportOnly {
			m += blocked
			enforced = true
		}
		w.reportCSPViolation(c, "require-trusted-types-for", "trusted-types-sink", sinkName+"|"+clipUTF16(value, cspSampleLength), m)
	}
	return enforced
}

// processWithDefault calls the default policy on s for sinkName: the
// policy's value, or the message explaining why there is none. It throws
// what the policy throws.
func (w *Window) processWithDefault(kind trustedKind, s, sinkName string) (string, string) {
	name := trustedTypeNames[kind]
	p := w.tt.defaultPolicy
	if p == nil {
		return "", "This document requires '" + name + "' assignment."
	}
	fn := p.fns[kind]
	if fn == nil {
		return "", "This document requires '" + name + "' assignment and no 'default' policy for '" + name + "' has been defined."
	}
	v, err := fn(goja.Undefined(), w.str(s), w.str(name), w.str(sinkName))
	if err != nil {
		panic(err)
	}
	if bind.Nullish(v) {
		return "", "This document requires '" + name + "' assignment and the 'default' policy failed to execute."
	}
	return bind.DOMString(v), ""
}

// trustedAttribute checks the value of an attribute an element is given
// through setAttribute and kin: attributes that are injection sinks
// (trustedAttributeType) take a trusted value of their type or a string
// the default policy accepts.
// https://w3c.github.io/trusted-types/dist/spec/#validate-attribute-mutation
func (w *Window) trustedAttribute(el *dom.Node, ns, local string, v goja.Value, op string) string {
	return w.trustedAttributeAt(el, ns, local, v, bind.DOMString, trustedSink{iface: "Element", member: op})
}

// trustedAttributeAt is trustedAttribute for the operation or attribute
// setter sink names (its name is filled in), converting v with conv.
func (w *Window) trustedAttributeAt(el *dom.Node, ns, local string, v goja.Value, conv func(goja.Value) string, sink trustedSink) string {
	if _, obj := v.(*goja.Object); !obj && !w.tt.require {
		return conv(v)
	}
	if sink.member == "setAttribute" {
		// The attribute setAttribute changes, when there is one, may be
		// of another namespace than the null one.
		if a := el.GetAttributeNode(local); a != nil {
			ns, local = attrNamespaceURL(a.Attr[0].Namespace), a.LocalName()
		}
	}
	local = ascii.Lower(local)
	kind, ok := trustedAttributeType(elementNamespace(el), el.LocalName(), ns, local, false)
	if !ok {
		return conv(v)
	}
	sink.name = "Element " + local
	switch {
	case kind == trustedScript: // an event handler
	case el.Namespace == "svg":
		sink.name = "SVGScriptElement href"
	default:
		sink.name = htmlInterfaceName(el) + " " + local
	}
	return w.trustedString(kind, v, conv, sink)
}

// htmlInterfaceName names the interface of the HTML elements that have
// attributes which are injection sinks.
func htmlInterfaceName(el *dom.Node) string {
	switch el.DataAtom {
	case atom.Iframe:
		return "HTMLIFrameElement"
	case atom.Script:
		return "HTMLScriptElement"
	case atom.Embed:
		return "HTMLEmbedElement"
	case atom.Object:
		return "HTMLObjectElement"
	}
	return "HTMLElement"
}

func elementNamespace(el *dom.Node) string {
	switch el.Namespace {
	case "":
		return nsHTML
	case "svg":
		return nsSVG
	case "math":
		return nsMathML
	}
	return el.Namespace
}

func init() {
	// window.trustedTypes (WindowOrWorkerGlobalScope)
	windowIface.Attributes = append(windowIface.Attributes, bind.Attribute{Name: "trustedTypes", Get: windowGet(func(w *Window) goja.Value {
		return w.realm.WrapObject(&w.tt.factory, w.realm.Class("TrustedTypePolicyFactory"))
	})})
}

// trustedAttrNode checks the value of an Attr node that setAttributeNode
// gives el, keeping what the default policy made of it.
func (w *Window) trustedAttrNode(el, a *dom.Node, iface, op string) {
	if !w.tt.require {
		return
	}
	v := a.AttrValue()
	if s := w.trustedAttributeAt(el, attrNamespaceURL(a.Attr[0].Namespace), a.LocalName(), w.str(v), bind.DOMString, trustedSink{iface: iface, member: op}); s != v {
		a.SetAttrValue(s)
	}
}

// trustedAttrValue checks the value a script gives an Attr node (its
// value, nodeValue or textContent): the string an attribute of an element
// that is an injection sink gets must pass the default policy (these
// setters take a DOMString: a trusted value is a string there too, as in
// Chromium); a detached Attr takes anything.
func (w *Window) trustedAttrValue(a *dom.Node, v goja.Value, conv func(goja.Value) string, iface, member string) string {
	el := a.OwnerElement()
	if el == nil || !w.tt.require {
		return conv(v)
	}
	return w.trustedAttributeAt(el, attrNamespaceURL(a.Attr[0].Namespace), a.LocalName(), w.str(conv(v)), bind.DOMString, trustedSink{iface: iface, member: member, setter: true})
}

// attrNamespaceURL is an attribute's namespace as a URL (the parser
// names xlink's "xlink").
func attrNamespaceURL(ns string) string {
	if ns == "xlink" {
		return nsXLink
	}
	return ns
}

// trustedWriteArgs are the arguments of document.write and writeln once
// checked: unchanged in a document that does not require Trusted Types
// (unless some is a TrustedHTML), else the one string they make: the
// data of TrustedHTML values when all are, else their concatenation as
// the default policy takes it.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#document-write-steps (steps 1-3)
func (w *Window) trustedWriteArgs(args []goja.Value, op string) []goja.Value {
	if !w.tt.require {
		return args
	}
	var b strings.Builder
	all := true
	for _, a := range args {
		impl, _, ok := w.realm.Unwrap(a)
		if t, isT := impl.(*trustedValue); ok && isT && t.kind == trustedHTML {
			b.WriteString(t.data)
			continue
		}
		all = false
		b.WriteString(bind.DOMString(a))
	}
	s := b.String()
	if !all {
		s = w.trustedDefault(trustedHTML, s, trustedSink{iface: "Document", member: op})
	}
	return []goja.Value{w.str(s)}
}

// trustedReflect makes a reflecting attribute an injection sink of kind:
// its setter gets the checked string.
func trustedReflect(a bind.Attribute, kind trustedKind, iface string) bind.Attribute {
	set := a.Set
	sink := trustedSink{iface: iface, member: a.Name, setter: true}
	a.Set = func(r *bind.Realm, this any, v goja.Value) {
		w := win(r)
		if _, obj := v.(*goja.Object); obj || w.tt.require {
			v = w.str(w.trustedString(kind, v, bind.DOMString, sink))
		}
		set(r, this, v)
	}
	return a
}

// trustedScriptSet checks the text a script element's text, textContent
// or innerText setter is given, and keeps it as the element's
// [[ScriptText]]: the text a script may run without asking the default
// policy again.
// https://w3c.github.io/trusted-types/dist/spec/#setting-slot-values-from-parser
func (w *Window) trustedScriptSet(el *dom.Node, v goja.Value, conv func(goja.Value) string, member string) string {
	s := w.trustedString(trustedScript, v, conv, trustedSink{iface: "HTMLScriptElement", member: member, setter: true})
	if w.tt.require {
		if w.tt.scriptText == nil {
			w.tt.scriptText = make(map[*dom.Node]string)
		}
		w.tt.scriptText[el] = s
	}
	return s
}

// trustScriptText marks the text of a script element a parser made from
// trusted markup (a contextual fragment) as its [[ScriptText]].
func (w *Window) trustScriptText(n *dom.Node) {
	if w.tt.require && isHTMLElement(n) && n.DataAtom == atom.Script {
		if w.tt.scriptText == nil {
			w.tt.scriptText = make(map[*dom.Node]string)
		}
		w.tt.scriptText[n] = scriptText(n)
	}
}

// trustedScriptText is the source a script element inserted by a script
// runs in a document that requires Trusted Types: its child text when that
// is its [[ScriptText]], else what the default policy makes of it; ok is
// false when the script must not run (no default policy, or one that
// refuses the text, in an enforcing document).
// https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element (step 5)
func (w *Window) trustedScriptText(el *dom.Node) (string, bool) {
	text := scriptText(el)
	if slot, ok := w.tt.scriptText[el]; ok && slot == text || !ok && text == "" {
		return text, true
	}
	out, msg := w.processWithDefault(trustedScript, text, "HTMLScriptElement text")
	if msg == "" {
		if w.tt.scriptText == nil {
			w.tt.scriptText = make(map[*dom.Node]string)
		}
		w.tt.scriptText[el] = out
		return out, true
	}
	if !w.requireViolation("HTMLScriptElement text", text, msg, " An HTMLScriptElement was directly modified and will not be executed.") {
		return text, true
	}
	return "", false
}

// compileCheck is the Trusted Types check of code compiled from a string
// at run time (eval, the Function constructors): in a document that
// requires Trusted Types the default policy must return the source
// unchanged, else an enforcing document throws an EvalError. The sink is
// "Function" for the source a Function constructor builds, else "eval".
// A TrustedScript given to eval (installTrustedEval) passes as it is.
// https://w3c.github.io/trusted-types/dist/spec/#csp-eval
func (w *Window) compileCheck(src string) {
	if !w.tt.require {
		return
	}
	sink := "eval"
	for _, p := range [...]string{"(function anonymous(", "(async function anonymous(", "(function* anonymous(", "(async function* anonymous("} {
		if strings.HasPrefix(src, p) {
			sink = "Function"
			break
		}
	}
	if w.tt.evalData != nil && *w.tt.evalData == src {
		return // a TrustedScript's text
	}
	out, msg := w.processWithDefault(trustedScript, src, sink)
	if msg == "" && out == src {
		return
	}
	const refused = "Evaluating a string as JavaScript violates this document's Trusted Type assignment requirements."
	if !w.requireViolation(sink, src, refused, "") {
		return
	}
	if w.tt.evalError != nil {
		if o, err := w.tt.evalError(nil, w.str(refused)); err == nil {
			panic(o)
		}
	}
	w.realm.ThrowTypeError(refused)
}

// installTrustedEval makes eval compile a TrustedScript's text, as
// Chromium's does (goja's returns any argument that is not a string as it
// is): called by any other name than eval ((0, eval)(script),
// window.eval), the page's eval is this function; called as eval(...),
// goja still makes it a direct eval (loop.SetEval), which compiles strings
// only.
// https://tc39.es/proposal-dynamic-code-brand-checks/
func (w *Window) installTrustedEval() {
	var orig goja.Callable
	fn := w.realm.NewFunction("eval", 1, func(call goja.FunctionCall) goja.Value {
		args := call.Arguments
		if len(args) > 0 {
			if impl, _, ok := w.realm.Unwrap(args[0]); ok {
				if t, ok := impl.(*trustedValue); ok && t.kind == trustedScript {
					prev := w.tt.evalData
					w.tt.evalData = &t.data
					defer func() { w.tt.evalData = prev }()
					args = []goja.Value{w.str(t.data)}
				}
			}
		}
		v, err := orig(goja.Undefined(), args...)
		if err != nil {
			panic(err)
		}
		return v
	})
	var ok bool
	if orig, ok = w.loop.SetEval(fn); !ok {
		w.log.Debug("jsruntime: eval cannot be replaced: a TrustedScript given to eval is not compiled")
	}
}
