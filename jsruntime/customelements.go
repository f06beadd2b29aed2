package jsruntime

import (
	"errors"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/xhr"
)

// Custom elements (https://html.spec.whatwg.org/multipage/custom-elements.html):
// customElements.define, the HTML element constructors (HTMLElement for
// autonomous custom elements, HTMLButtonElement and the others for
// customized built-in elements, is="..."), upgrades of elements already in
// the document, and the connected, disconnected, adopted and
// attributeChanged callbacks. Reactions are queued from the mutation hook
// and run when the binding call that caused them returns (an
// approximation of [CEReactions]).

type ceDefinition struct {
	name string
	// localName is the element's local name: name for an autonomous
	// custom element, the extended element's for a customized built-in.
	localName  string
	ctor       *goja.Object
	observed   map[string]bool
	connected  goja.Callable
	disconnect goja.Callable
	moved      goja.Callable // connectedMoveCallback
	adopted    goja.Callable
	attrChange goja.Callable
	// formAssociated is the constructor's static formAssociated, and the
	// form callbacks of a form-associated element.
	formAssociated                                  bool
	formAssoc, formDisabled, formReset, formRestore goja.Callable
	// disabledInternals and disabledShadow come from the constructor's
	// static disabledFeatures.
	disabledInternals, disabledShadow bool
	stack                             []*dom.Node // construction stack; nil entries are "already constructed"
	// reg is the registry the definition is in.
	reg *ceRegistry
}

// builtin reports whether d defines a customized built-in element.
func (d *ceDefinition) builtin() bool { return d.localName != d.name }

type ceReaction struct {
	el   *dom.Node
	kind byte // 'F' form associated (new: the form), 'D' form disabled (new: the state), 'R' form reset, 'u' upgrade, 'c' connected, 'd' disconnected, 'm' moved, 'a' attribute changed (old, new and ns), 'A' adopted (old, new: the documents)
	// ifConnected: a connected reaction for an element that was being
	// inserted into another document when it was queued.
	ifConnected bool
	name        string
	old, new    goja.Value
	ns          goja.Value
}

// ceRegistry is a CustomElementRegistry: the page window's, or a frame
// window's (each window has its own, and a document's elements are
// defined by its window's: registryOf).
// https://html.spec.whatwg.org/multipage/custom-elements.html#customelementregistry
type ceRegistry struct {
	defs   map[string]*ceDefinition
	byCtor map[*goja.Object]*ceDefinition
	// waiting holds whenDefined's promise of each name not defined yet.
	waiting map[string]ceWaiting
	// registry is the CustomElementRegistry object, made on first use
	// (regObj).
	registry *goja.Object
	// defining is the registry's "element definition is running" flag.
	defining bool
	// extended holds the local names customized built-in elements extend.
	extended map[string]bool
	// frame is the frame whose window the registry is, nil for the
	// page's.
	frame *frame
}

type ceState struct {
	// ceRegistry is the page window's registry.
	ceRegistry
	// total counts the definitions of every window's registry: with none
	// the mutation hooks skip custom elements.
	total int
	// ctors finds the definition of a constructor in any registry (the
	// HTML element constructors: the windows share one realm).
	ctors  map[*goja.Object]*ceDefinition
	custom map[*dom.Node]*ceDefinition // elements whose state is "custom"
	failed map[*dom.Node]bool
	// queue is the element queue of the binding call running now: the
	// elements whose reaction queues (reactions) it will drain when it
	// returns (https://html.spec.whatwg.org/multipage/custom-elements.html#custom-element-reactions-stack).
	queue     []*dom.Node
	reactions map[*dom.Node][]ceReaction
	// parsing counts the markup setters running (ceParsed).
	parsing   int
	running   bool
	internals map[*dom.Node]*internals
	// shadowHidden holds the shadow roots a script attached to an element
	// that was neither custom nor being constructed: they are not
	// "available to element internals" (ElementInternals.shadowRoot is
	// null). Declarative shadow roots are not in it.
	shadowHidden map[*dom.Node]bool
	inConnect    bool
	// formOwner and disabled are the form owners and disabled states last
	// reported to form-associated custom elements.
	formOwner map[*dom.Node]*dom.Node
	disabled  map[*dom.Node]bool
	// formAttr is set once a form-associated custom element with a form
	// attribute has been seen: from then on an ID that comes, goes or
	// changes anywhere in a tree resets its elements' form owners.
	formAttr bool
	// formAssociated is set once a form-associated element is defined.
	formAssociated bool
	// moving is the node moveBefore is moving, nil otherwise.
	moving *dom.Node
	// watched holds the other documents custom elements were adopted
	// into, whose mutations this window now follows.
	watched map[*dom.Document]bool
	// adoptedIn holds nodes just adopted into the page's document from
	// another one: inserted into a disconnected parent, they are not
	// upgraded (https://dom.spec.whatwg.org/#concept-node-insert step 7.7).
	adoptedIn map[*dom.Node]bool
	// noMarkup is the page document's throw-on-dynamic-markup-insertion
	// counter: document.open, write and close throw while the parser
	// constructs a custom element.
	noMarkup int
}

// regObj returns registry reg's CustomElementRegistry object, made the
// first time a script reaches it.
func (w *Window) regObj(reg *ceRegistry) *goja.Object {
	if reg.registry == nil {
		reg.registry = w.realm.WrapObject(reg, w.realm.Class("CustomElementRegistry"))
	}
	return reg.registry
}

// frameRegistry returns the registry of f's window, made on first use (a
// new Window, setFrameDocument, starts without one).
func (w *Window) frameRegistry(f *frame) *ceRegistry {
	if f.ce == nil {
		f.ce = &ceRegistry{defs: map[string]*ceDefinition{}, byCtor: map[*goja.Object]*ceDefinition{},
			waiting: map[string]ceWaiting{}, frame: f}
	}
	return f.ce
}

// registryOf returns the registry that defines the elements of document
// d: its frame's window's for the active document of a frame, the page
// window's otherwise.
func (w *Window) registryOf(d *dom.Document) *ceRegistry {
	if d != w.doc && d != nil {
		if f := w.frames.byDoc[d]; f != nil && f.doc == d && !f.gone {
			return w.frameRegistry(f)
		}
	}
	return &w.ce.ceRegistry
}

// ceDefines reports whether the elements of document d are looked up in
// a window's registry: the page's document and its frames' active
// documents.
func (w *Window) ceDefines(d *dom.Document) bool {
	return d == w.doc || d != nil && w.registryOf(d) != &w.ce.ceRegistry
}

// regDoc returns the document of reg's window (nil for a frame that has
// none).
func (w *Window) regDoc(reg *ceRegistry) *dom.Document {
	if reg.frame == nil {
		return w.doc
	}
	if reg.frame.gone || reg.frame.ce != reg {
		return nil
	}
	return reg.frame.doc
}

// thisRegistry returns the registry a CustomElementRegistry method was
// called on.
func thisRegistry(r *bind.Realm, this any) *ceRegistry {
	if reg, ok := this.(*ceRegistry); ok {
		return reg
	}
	return &win(r).ce.ceRegistry
}

// ceWaiting is the promise whenDefined returns for a name until it is
// defined, and its resolve function.
type ceWaiting struct {
	promise goja.Value
	resolve func(any) error
}

// validCustomElementName implements the name rule (ASCII lowercase start,
// a hyphen, no uppercase, no ASCII whitespace, NULL, / or >, not one of
// the reserved names).
// https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name
func validCustomElementName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' || !strings.Contains(name, "-") {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'A' && c <= 'Z' || c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == 0 || c == '/' || c == '>' {
			return false
		}
	}
	switch name {
	case "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri", "font-face-format",
		"font-face-name", "missing-glyph":
		return false
	}
	return true
}

// htmlElementConstructor is the HTMLElement constructor.
// https://html.spec.whatwg.org/multipage/dom.html#html-element-constructors
func htmlElementConstructor(r *bind.Realm, _ []goja.Value, newTarget *goja.Object) any {
	return htmlConstruct(r, "HTMLElement", "", newTarget)
}

func init() {
	// The other HTML element interfaces with [HTMLConstructor] construct
	// customized built-in elements of their own local names.
	for _, e := range htmlElements {
		if e.iface == htmlElementIface || e.iface.Constructor != nil || e.tags == "" || e.iface.Name == "HTMLUnknownElement" {
			continue
		}
		name, tags := e.iface.Name, " "+e.tags+" "
		e.iface.Constructor = func(r *bind.Realm, _ []goja.Value, newTarget *goja.Object) any {
			return htmlConstruct(r, name, tags, newTarget)
		}
	}
}

// htmlConstruct runs the HTML element constructor steps for the interface
// iface, whose valid local names are tags (" a b ", empty for HTMLElement).
// https://html.spec.whatwg.org/multipage/dom.html#html-element-constructors
func htmlConstruct(r *bind.Realm, iface, tags string, newTarget *goja.Object) any {
	w := win(r)
	// Step 1: new.target is the interface object itself (new
	// HTMLElement(), even when a script defined HTMLElement as a custom
	// element's constructor).
	if c := r.Class(iface); c != nil && c.Constructor() == newTarget {
		r.ThrowTypeError("Illegal constructor")
	}
	def := w.ce.ctors[newTarget]
	if def == nil {
		r.ThrowTypeError("Illegal constructor")
	}
	if !def.builtin() && tags != "" || def.builtin() && !strings.Contains(tags, " "+def.localName+" ") {
		r.ThrowTypeError("Failed to construct '%s': Illegal constructor", iface)
	}
	proto, _ := newTarget.Get("prototype").(*goja.Object)
	if n := len(def.stack); n > 0 {
		el := def.stack[n-1]
		if el == nil {
			// The already-constructed marker: a TypeError (the standard
			// and Chromium; it was once an InvalidStateError).
			r.ThrowTypeError("Failed to construct '%s': this element was already constructed", iface)
		}
		def.stack[n-1] = nil
		obj := w.wrapObj(el)
		if proto != nil {
			obj.SetPrototype(proto)
		}
		return obj
	}
	// The element is made in the document of the definition's window.
	doc := w.regDoc(def.reg)
	if doc == nil {
		doc = w.doc
	}
	el, err := doc.CreateElement(def.localName)
	w.check(err)
	if def.builtin() {
		el.SetIsValue(def.name)
	}
	obj := w.wrapObj(el)
	if proto != nil {
		obj.SetPrototype(proto)
	}
	w.ce.custom[el] = def
	el.SetCustomElementDefined()
	w.customElementDefined(el) // matchinval.go
	return obj
}

// construct runs a custom element constructor. Unlike goja's Runtime.New,
// a construction with no JavaScript below it leaves the runtime as any
// callback does: the promise jobs and microtasks it queued run when it
// returns, before its result is checked or upgraded ("clean up after
// running script", as in Chromium).
// https://html.spec.whatwg.org/multipage/webappapis.html#clean-up-after-running-script
func (w *Window) construct(ctor *goja.Object) (*goja.Object, error) {
	c, ok := goja.AssertConstructor(ctor)
	if !ok {
		return nil, errors.New("jsruntime: a custom element constructor is no constructor")
	}
	return c(ctor)
}

// ceLookup looks up the definition of an HTML element with local name
// localName and is value is.
// https://html.spec.whatwg.org/multipage/custom-elements.html#look-up-a-custom-element-definition
func (w *Window) ceLookup(reg *ceRegistry, localName, is string) *ceDefinition {
	if d := reg.defs[localName]; d != nil && !d.builtin() {
		return d
	}
	if is != "" {
		if d := reg.defs[is]; d != nil && d.builtin() && d.localName == localName {
			return d
		}
	}
	return nil
}

// ceLookupElement looks up the definition of element el of the page's
// document. The parser gives an element the is value of its is attribute
// (https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token
// step 4); dom does not record where an element came from, so an element
// without an is value takes its attribute's.
func (w *Window) ceLookupElement(el *dom.Node) *ceDefinition {
	if el.Namespace != "" {
		return nil
	}
	is := el.IsValue()
	if is == "" {
		is = el.Attribute("is")
	}
	return w.ceLookup(w.registryOf(el.Document()), el.Data, is)
}

func (c *ceState) init() {
	c.defs = make(map[string]*ceDefinition)
	c.byCtor = make(map[*goja.Object]*ceDefinition)
	c.ctors = make(map[*goja.Object]*ceDefinition)
	c.custom = make(map[*dom.Node]*ceDefinition)
	c.failed = make(map[*dom.Node]bool)
	c.waiting = make(map[string]ceWaiting)
	c.reactions = make(map[*dom.Node][]ceReaction)
}

// The customElementRegistry attributes of Document, Element and ShadowRoot
// (https://html.spec.whatwg.org/multipage/custom-elements.html#dom-document-customelementregistry,
// #dom-element-customelementregistry, https://dom.spec.whatwg.org/#dom-shadowroot-customelementregistry).
// Scoped registries are not implemented, so a node's registry is the
// window's when its node document is the window's document (a shadow
// root's follows its host), and null otherwise, as Chromium answers for
// documents made by new Document(), createHTMLDocument or DOMParser.
func init() {
	registryAttr := ro("customElementRegistry", func(w *Window, n *dom.Node) goja.Value {
		if n.NullRegistry() && (n.IsElement() || n.IsShadowRoot()) {
			return w.null // a clone from a root without one (dom's NullRegistry)
		}
		if d := n.Document(); d == w.doc || w.registryOf(d) != &w.ce.ceRegistry {
			return w.regObj(w.registryOf(d))
		}
		return w.null
	})
	for _, iface := range []*bind.Interface{documentIface, elementIface, shadowRootIface} {
		iface.Attributes = append(iface.Attributes, registryAttr)
	}
}

// CustomElementRegistry https://html.spec.whatwg.org/multipage/custom-elements.html#customelementregistry
var customElementRegistryIface = &bind.Interface{
	Name: "CustomElementRegistry",
	Methods: []bind.Method{
		{Name: "define", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			reg := thisRegistry(r, this)
			w.defineCustomElement(reg, args)
			if d := w.regDoc(reg); d != nil && d.OnAdopt == nil {
				// Custom elements exist once one is defined: from then on
				// adoptions out of the document queue their reactions.
				d.OnAdopt = w.ceAdoptHook(d)
			}
			return nil
		}},
		{Name: "get", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			if d := thisRegistry(r, this).defs[bind.DOMString(args[0])]; d != nil {
				return d.ctor
			}
			return goja.Undefined()
		}},
		{Name: "getName", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			// The argument is a CustomElementConstructor callback: a
			// value that is not callable is a TypeError.
			if _, ok := goja.AssertFunction(args[0]); !ok {
				r.ThrowTypeError("Failed to execute 'getName' on 'CustomElementRegistry': parameter 1 is not of type 'Function'.")
			}
			if o, ok := args[0].(*goja.Object); ok {
				if d := thisRegistry(r, this).byCtor[o]; d != nil {
					return win(r).str(d.name)
				}
			}
			return goja.Null()
		}},
		{Name: "whenDefined", Length: 1, Promise: true, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			reg := thisRegistry(r, this)
			name := bind.DOMString(args[0])
			if !validCustomElementName(name) {
				return w.rejected("SyntaxError", "'"+name+"' is not a valid custom element name")
			}
			if d := reg.defs[name]; d != nil {
				return w.resolved(d.ctor)
			}
			// The same promise until the name is defined.
			if wt, ok := reg.waiting[name]; ok {
				return wt.promise
			}
			p, resolve, _ := w.rt.NewPromise()
			pv := w.rt.ToValue(p)
			reg.waiting[name] = ceWaiting{promise: pv, resolve: resolve}
			return pv
		}},
		{Name: "upgrade", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			reg := thisRegistry(r, this)
			root := w.nodeArg(args, 0, "upgrade", "CustomElementRegistry")
			// Elements of other documents have no definitions to look up
			// (https://html.spec.whatwg.org/multipage/custom-elements.html#look-up-a-custom-element-definition step 2).
			w.ceWalk(root, func(el *dom.Node) {
				if d := el.Document(); d == w.regDoc(reg) && w.registryOf(d) == reg {
					w.ceTryUpgrade(el)
				}
			})
			w.afterMutation()
			return nil
		}},
		// Scoped registries are not implemented: this is the window's
		// global registry, which every node of the window's document has,
		// so initialize(root) sets no registry and only tries to upgrade
		// root's inclusive descendants (not into shadow trees, as in
		// Chromium 156). A root of another document throws; Chromium
		// lets the window's document itself through, as here.
		// https://html.spec.whatwg.org/multipage/custom-elements.html#dom-customelementregistry-initialize
		{Name: "initialize", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w := win(r)
			root := w.nodeArg(args, 0, "initialize", "CustomElementRegistry")
			doc := root.Document()
			if d := root.AsDocument(); d != nil {
				doc = d
			}
			if doc == nil || doc != w.regDoc(thisRegistry(r, this)) {
				r.ThrowDOMException("NotSupportedError", "Failed to execute 'initialize' on 'CustomElementRegistry': The registry provided is a global registry from another document")
			}
			if root.IsElement() {
				w.ceTryUpgrade(root)
			}
			root.Descendants(func(n *dom.Node) bool {
				if n.IsElement() {
					w.ceTryUpgrade(n)
				}
				return true
			})
			w.afterMutation()
			return nil
		}},
	},
}

// defineCustomElement implements customElements.define.
// https://html.spec.whatwg.org/multipage/custom-elements.html#dom-customelementregistry-define
func (w *Window) defineCustomElement(reg *ceRegistry, args []goja.Value) {
	const fail = "Failed to execute 'define' on 'CustomElementRegistry': "
	name := bind.DOMString(args[0])
	ctor, ok := bind.Arg(args, 1).(*goja.Object)
	if !ok || callable(ctor) == nil {
		w.realm.ThrowTypeError(fail + "The provided callback is not a function.")
	}
	if !validCustomElementName(name) {
		w.realm.ThrowDOMException("SyntaxError", fail+"\""+name+"\" is not a valid custom element name")
	}
	if reg.defs[name] != nil {
		w.realm.ThrowDOMException("NotSupportedError", fail+"the name \""+name+"\" has already been used with this registry")
	}
	if reg.byCtor[ctor] != nil {
		w.realm.ThrowDOMException("NotSupportedError", fail+"this constructor has already been used with this registry")
	}
	localName := name
	if opts, ok := bind.Arg(args, 2).(*goja.Object); ok {
		if ext := opts.Get("extends"); ext != nil && !goja.IsUndefined(ext) {
			extends := bind.DOMString(ext)
			if validCustomElementName(extends) {
				w.realm.ThrowDOMException("NotSupportedError", fail+"\""+extends+"\" is a valid custom element name")
			}
			if w.c.byTag[extends] == nil || w.c.byTag[extends] == w.c.unknown {
				w.realm.ThrowDOMException("NotSupportedError", fail+"\""+extends+"\" is an HTMLUnknownElement")
			}
			localName = extends
		}
	}
	if reg.defining {
		w.realm.ThrowDOMException("NotSupportedError", fail+"this registry is currently defining an element")
	}
	def := &ceDefinition{name: name, localName: localName, ctor: ctor, reg: reg}
	reg.defining = true
	func() {
		defer func() { reg.defining = false }()
		proto, ok := ctor.Get("prototype").(*goja.Object)
		if !ok {
			w.realm.ThrowTypeError(fail + "The prototype of the constructor is not an object.")
		}
		callback := func(cb string) goja.Callable {
			v := proto.Get(cb)
			if v == nil || goja.IsUndefined(v) {
				return nil
			}
			f := callable(v)
			if f == nil {
				w.realm.ThrowTypeError(fail + "The \"" + cb + "\" property of the prototype is not a function.")
			}
			return f
		}
		def.connected = callback("connectedCallback")
		def.disconnect = callback("disconnectedCallback")
		def.moved = callback("connectedMoveCallback")
		def.adopted = callback("adoptedCallback")
		def.attrChange = callback("attributeChangedCallback")
		if def.attrChange != nil {
			if oa := ctor.Get("observedAttributes"); oa != nil && !goja.IsUndefined(oa) {
				def.observed = map[string]bool{}
				for _, a := range w.ceStrings(oa, "observedAttributes") {
					def.observed[a] = true
				}
			}
		}
		if df := ctor.Get("disabledFeatures"); df != nil && !goja.IsUndefined(df) {
			for _, f := range w.ceStrings(df, "disabledFeatures") {
				switch f {
				case "internals":
					def.disabledInternals = true
				case "shadow":
					def.disabledShadow = true
				}
			}
		}
		if fa := ctor.Get("formAssociated"); fa != nil && fa.ToBoolean() {
			def.formAssociated = true
			w.ce.formAssociated = true
			def.formAssoc = callback("formAssociatedCallback")
			def.formReset = callback("formResetCallback")
			def.formDisabled = callback("formDisabledCallback")
			def.formRestore = callback("formStateRestoreCallback")
		}
	}()
	reg.defs[name] = def
	reg.byCtor[ctor] = def
	w.ce.ctors[ctor] = def
	w.ce.total++
	if def.builtin() {
		if reg.extended == nil {
			reg.extended = make(map[string]bool)
		}
		reg.extended[localName] = true
	}
	w.ceHookParsers()
	// Upgrade the matching elements of the window's document, in
	// shadow-including tree order.
	if doc := w.regDoc(reg); doc != nil {
		w.ceWalk(&doc.Node, func(el *dom.Node) {
			if el.Data == localName && el.Namespace == "" && w.ceLookupElement(el) == def {
				w.ceEnqueue(ceReaction{el: el, kind: 'u'})
			}
		})
	}
	if wt, ok := reg.waiting[name]; ok {
		delete(reg.waiting, name)
		_ = wt.resolve(ctor)
	}
	w.afterMutation()
}

// ceStrings converts v to a sequence<DOMString> (observedAttributes,
// disabledFeatures), throwing the TypeError Web IDL gives a non-iterable.
// https://webidl.spec.whatwg.org/#es-sequence
func (w *Window) ceStrings(v goja.Value, what string) []string {
	o, ok := v.(*goja.Object)
	if !ok || callable(o.GetSymbol(goja.SymIterator)) == nil {
		w.realm.ThrowTypeError("Failed to execute 'define' on 'CustomElementRegistry': The provided value cannot be converted to a sequence (" + what + ").")
	}
	var out []string
	w.rt.ForOf(o, func(v goja.Value) bool {
		out = append(out, bind.DOMString(v))
		return true
	})
	return out
}

// ceWalk calls f for each shadow-including inclusive descendant element of
// root, in shadow-including tree order (a host's shadow tree right after
// the host): connecting, disconnecting, upgrading and adopting reach the
// custom elements inside shadow trees too.
// https://dom.spec.whatwg.org/#concept-shadow-including-tree-order
func (w *Window) ceWalk(root *dom.Node, f func(*dom.Node)) {
	visit := func(n *dom.Node) {
		f(n)
		if sr := n.ShadowRoot(); sr != nil {
			w.ceWalk(sr, f)
		}
	}
	if root.IsElement() {
		visit(root)
	}
	root.Descendants(func(n *dom.Node) bool {
		if n.IsElement() {
			visit(n)
		}
		return true
	})
}

// ceParsed runs f, a setter that parses markup into the tree (innerHTML,
// outerHTML, insertAdjacentHTML, setHTMLUnsafe), and throws its error.
func (w *Window) ceParsed(f func() error) {
	w.ce.parsing++
	err := f()
	w.ce.parsing--
	w.check(err)
}

// ceEnqueue adds r to its element's reaction queue and the element to the
// current element queue. A callback reaction whose callback the element's
// definition lacks is not enqueued at all: the element does not join the
// current element queue, so the reactions already in its queue (a
// connectedCallback not yet run) wait for the queue they were enqueued
// with rather than running when the current call returns.
// https://html.spec.whatwg.org/multipage/custom-elements.html#enqueue-a-custom-element-callback-reaction (step 3),
// https://html.spec.whatwg.org/multipage/custom-elements.html#enqueue-an-element-on-the-appropriate-element-queue
func (w *Window) ceEnqueue(r ceReaction) {
	if r.kind != 'u' && !w.ceHasCallback(r) {
		return
	}
	w.ce.reactions[r.el] = append(w.ce.reactions[r.el], r)
	w.ce.queue = append(w.ce.queue, r.el)
}

// ceHasCallback reports whether the definition of r's element has the
// lifecycle callback r would call.
func (w *Window) ceHasCallback(r ceReaction) bool {
	d := w.ce.custom[r.el]
	if d == nil {
		return false
	}
	switch r.kind {
	case 'c':
		return d.connected != nil
	case 'd':
		return d.disconnect != nil
	case 'm':
		return d.moved != nil
	case 'F':
		return d.formAssoc != nil
	case 'D':
		return d.formDisabled != nil
	case 'R':
		return d.formReset != nil
	case 'A':
		return d.adopted != nil
	case 'a':
		return d.attrChange != nil
	}
	return true
}

// ceTryUpgrade enqueues the upgrade of an undefined element with a
// definition.
func (w *Window) ceTryUpgrade(el *dom.Node) {
	if el.Namespace != "" || w.ce.custom[el] != nil || w.ce.failed[el] || el.NullRegistry() {
		return
	}
	if w.ceLookupElement(el) != nil {
		w.ceEnqueue(ceReaction{el: el, kind: 'u'})
	}
}

// ceAdoptHook returns the OnAdopt hook of document from: it queues the
// adopted reactions of the custom elements of n, just adopted into to
// (https://dom.spec.whatwg.org/#concept-node-adopt step 3.2), and follows
// the mutations of to from then on when it is another document.
func (w *Window) ceAdoptHook(from *dom.Document) func(n *dom.Node, to *dom.Document) {
	return func(n *dom.Node, to *dom.Document) {
		if w.ce.total == 0 {
			return
		}
		if w.ceDefines(to) {
			if w.ce.adoptedIn == nil {
				w.ce.adoptedIn = make(map[*dom.Node]bool)
			}
			w.ce.adoptedIn[n] = true
			if n.Kind() == dom.DocumentFragmentNode {
				for c := n.First(); c != nil; c = c.Next() {
					w.ce.adoptedIn[c] = true
				}
			}
		}
		if to != w.doc {
			w.ceWatch(to)
		}
		// A document this window does not follow gets no connected
		// reactions from its mutations: queue them here, for when the
		// insertion that adopted n connects it.
		followed := w.ceFollowed(to)
		var oldDoc, newDoc goja.Value
		w.ceWalk(n, func(el *dom.Node) {
			if w.ce.custom[el] == nil {
				return
			}
			if oldDoc == nil {
				oldDoc, newDoc = w.wrap(&from.Node), w.wrap(&to.Node)
			}
			w.ceEnqueue(ceReaction{el: el, kind: 'A', old: oldDoc, new: newDoc})
			if !followed {
				w.ceEnqueue(ceReaction{el: el, kind: 'c', ifConnected: true})
			}
		})
	}
}

// ceOtherDocument hooks the adoptions out of d, another document scripts
// can reach, so that elements adopted into the page's document are
// upgraded only once connected.
func (w *Window) ceOtherDocument(d *dom.Document) {
	if d != nil && d.OnAdopt == nil {
		d.OnAdopt = w.ceAdoptHook(d)
	}
}

// ceWatch follows the adoptions and mutations of d, another document
// custom elements of this window were adopted into, chaining its
// mutation hook after any other.
func (w *Window) ceWatch(d *dom.Document) {
	if d.OnAdopt == nil {
		d.OnAdopt = w.ceAdoptHook(d)
	}
	if w.ceFollowed(d) {
		return
	}
	if w.ce.watched == nil {
		w.ce.watched = make(map[*dom.Document]bool)
	}
	w.ce.watched[d] = true
	if prev := d.OnMutation; prev != nil {
		d.OnMutation = func(r *dom.MutationRecord) {
			prev(r)
			w.ceMutation(r)
		}
		return
	}
	d.OnMutation = w.ceMutation
}

// ceFollowed reports whether the mutations of d already reach ceMutation:
// those of the page's document, of its frames' documents, of the documents
// ceWatch hooked, and of the template contents owners of any of them (whose
// records go to their document's hook).
func (w *Window) ceFollowed(d *dom.Document) bool {
	for ; d != nil; d = d.TemplateContentsOwnerOf() {
		if d == w.doc || w.ce.watched[d] || w.frames.byDoc[d] != nil {
			return true
		}
	}
	return false
}

// ceMutation turns a mutation record into custom element reactions.
// https://dom.spec.whatwg.org/#concept-node-insert (step 7.7),
// https://dom.spec.whatwg.org/#concept-node-remove (step 15),
// https://dom.spec.whatwg.org/#concept-element-attributes-change-ext
func (w *Window) ceMutation(r *dom.MutationRecord) {
	switch r.Type {
	case dom.ChildListMutation:
		// A record with both kinds (replaceChild, replace all) removed
		// first: the removed elements are disconnected before the added
		// ones are connected. Elements a markup setter parsed were queued
		// for their upgrade as the parser made them, before the removal,
		// so there the upgrades (and their connected callbacks) come
		// first (as Chromium).
		disconnect := func() {
			// Only a removal from a connected parent disconnects; a move
			// queues its reactions with the insertion, below.
			if !r.Target.IsConnected() || w.ce.moving != nil {
				return
			}
			for _, n := range r.RemovedNodes {
				w.ceWalk(n, func(el *dom.Node) {
					if d := w.ce.custom[el]; d != nil && (w.ce.moving == nil || d.moved == nil) {
						w.ceEnqueue(ceReaction{el: el, kind: 'd'})
					}
				})
			}
		}
		if w.ce.parsing == 0 {
			disconnect()
		}
		for _, n := range r.AddedNodes {
			connected := n.IsConnected()
			// Only the page's document and its frames' have definitions;
			// elements a markup setter parsed (innerHTML) are upgraded
			// even when not connected, others (made before their
			// definition, or adopted from another document) only once
			// connected (https://dom.spec.whatwg.org/#concept-node-insert
			// step 7.7.2).
			upgrade := w.ceDefines(n.Document()) && w.ce.moving == nil && (connected || w.ce.parsing > 0)
			if w.ce.adoptedIn[n] {
				delete(w.ce.adoptedIn, n)
				// What a markup setter parsed in a template's context
				// comes from the template contents' document (dom's
				// parseFragment): upgraded as it is inserted, connected
				// or not, as the setter's own elements are (Chromium 156
				// runs the upgrade queued at parse time once the element
				// is in the page's document).
				if w.ce.parsing == 0 {
					upgrade = upgrade && connected
				}
			}
			if !connected && !upgrade {
				continue
			}
			w.ceWalk(n, func(el *dom.Node) {
				if d := w.ce.custom[el]; d != nil {
					if !connected {
						return
					}
					switch {
					case w.ce.moving == nil:
						w.ceEnqueue(ceReaction{el: el, kind: 'c'})
					case d.moved == nil:
						// A move without connectedMoveCallback: disconnected
						// then connected, in one tree-order pass with the
						// move callbacks (https://dom.spec.whatwg.org/#concept-node-move).
						w.ceEnqueue(ceReaction{el: el, kind: 'd'})
						w.ceEnqueue(ceReaction{el: el, kind: 'c'})
					default:
						w.ceEnqueue(ceReaction{el: el, kind: 'm'})
					}
				} else if upgrade {
					w.ceTryUpgrade(el)
				}
			})
		}
		if w.ce.formAssociated {
			ids := false
			for _, n := range r.RemovedNodes {
				ids = w.ceFormState(n) || ids
			}
			for _, n := range r.AddedNodes {
				ids = w.ceFormState(n) || ids
			}
			if ids && w.ce.formAttr {
				// An element with an ID inserted or removed can change
				// which form a form attribute names.
				w.ceFormState(r.Target.Root())
			} else if isHTMLElement(r.Target) && r.Target.DataAtom == atom.Fieldset {
				// A fieldset's first legend can change, and with it
				// which of its descendants it disables.
				w.ceFormState(r.Target)
			}
		}
		if w.ce.parsing > 0 {
			disconnect()
		}
	case dom.AttributesMutation:
		switch r.AttributeName {
		case "disabled", "form", "id":
			if r.AttributeNamespace == "" && w.ce.formAssociated {
				root := r.Target
				if r.AttributeName == "id" {
					// An id can change which form a form attribute names
					// (a form's, or an element's before it with the same
					// id).
					if !w.ce.formAttr {
						break
					}
					root = root.Root()
				}
				w.ceFormState(root)
			}
		}
		def := w.ce.custom[r.Target]
		if def == nil || def.attrChange == nil || !def.observed[r.AttributeName] {
			return
		}
		old, nv, ns := goja.Value(goja.Null()), goja.Value(goja.Null()), goja.Value(goja.Null())
		if r.HasOldValue {
			old = w.str(r.OldValue)
		}
		if v, ok := r.Target.GetAttributeNS(r.AttributeNamespace, r.AttributeName); ok {
			nv = w.str(v)
		}
		if r.AttributeNamespace != "" {
			ns = w.str(r.AttributeNamespace)
		}
		w.ceEnqueue(ceReaction{el: r.Target, kind: 'a', name: r.AttributeName, old: old, new: nv, ns: ns})
	}
}

// ceFormState enqueues the formAssociated and formDisabled reactions of
// the form-associated custom elements of root whose form owner or
// disabled state changed (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#reset-the-form-owner,
// https://html.spec.whatwg.org/multipage/custom-elements.html#form-associated-custom-elements),
// and reports whether root holds an element with an id.
func (w *Window) ceFormState(root *dom.Node) (ids bool) {
	w.ceWalk(root, func(el *dom.Node) {
		if !ids && el.HasAttribute("id") {
			ids = true
		}
		d := w.ce.custom[el]
		if d == nil || !d.formAssociated {
			return
		}
		if !w.ce.formAttr && el.HasAttribute("form") {
			w.ce.formAttr = true
		}
		if w.ce.formOwner == nil {
			w.ce.formOwner = make(map[*dom.Node]*dom.Node)
			w.ce.disabled = make(map[*dom.Node]bool)
		}
		owner, known := w.ce.formOwner[el]
		if f := formOwner(el); f != owner || !known && f != nil {
			w.ce.formOwner[el] = f
			w.ceEnqueue(ceReaction{el: el, kind: 'F', new: w.wrap(f)})
		} else if !known {
			w.ce.formOwner[el] = nil
		}
		if dis := actuallyDisabled(el); dis != w.ce.disabled[el] {
			w.ce.disabled[el] = dis
			w.ceEnqueue(ceReaction{el: el, kind: 'D', new: w.boolean(dis)})
		}
	})
	return
}

// ceRun invokes the reactions of the current element queue, as a binding
// call marked [CEReactions] does when it returns. It is re-entrant: a
// callback's own DOM calls drain the queue they fill before returning.
// https://html.spec.whatwg.org/multipage/custom-elements.html#invoke-custom-element-reactions
func (w *Window) ceRun() {
	for len(w.ce.queue) > 0 {
		q := w.ce.queue
		w.ce.queue = nil
		for _, el := range q {
			for {
				rs := w.ce.reactions[el]
				if len(rs) == 0 {
					delete(w.ce.reactions, el)
					break
				}
				w.ce.reactions[el] = rs[1:]
				w.ceReact(rs[0])
			}
		}
	}
}

// ceReact runs one reaction. Callback reactions were enqueued when the
// element's state changed; they run whatever its state is now.
func (w *Window) ceReact(r ceReaction) {
	if r.kind == 'u' {
		w.ceUpgrade(r.el)
		return
	}
	d := w.ce.custom[r.el]
	if d == nil {
		return
	}
	switch r.kind {
	case 'c':
		if d.connected != nil && (!r.ifConnected || r.el.IsConnected()) {
			w.ceCall(d, d.connected, w.wrapObj(r.el))
		}
	case 'd':
		if d.disconnect != nil {
			w.ceCall(d, d.disconnect, w.wrapObj(r.el))
		}
	case 'm':
		w.ceCall(d, d.moved, w.wrapObj(r.el))
	case 'F':
		if d.formAssoc != nil {
			w.ceCall(d, d.formAssoc, w.wrapObj(r.el), r.new)
		}
	case 'D':
		if d.formDisabled != nil {
			w.ceCall(d, d.formDisabled, w.wrapObj(r.el), r.new)
		}
	case 'R':
		if d.formReset != nil {
			w.ceCall(d, d.formReset, w.wrapObj(r.el))
		}
	case 'A':
		if d.adopted != nil {
			w.ceCall(d, d.adopted, w.wrapObj(r.el), r.old, r.new)
		}
	case 'a':
		if d.attrChange != nil {
			w.ceCall(d, d.attrChange, w.wrapObj(r.el), w.str(r.name), r.old, r.new, r.ns)
		}
	}
}

// ceCall calls callback f of definition d; what it throws is reported at
// the window of d's registry (a frame's, whose script the callback is).
func (w *Window) ceCall(d *ceDefinition, f goja.Callable, this goja.Value, args ...goja.Value) {
	if d.reg == nil || d.reg.frame == nil {
		w.call(f, this, args...)
		return
	}
	old := w.frames.incumbent
	w.frames.incumbent = d.reg.frame
	_, err := f(this, args...)
	w.frames.incumbent = old
	if err == nil {
		return
	}
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		if w.inJS() {
			panic(ie)
		}
		return
	}
	w.reportErrorIn(d.reg.frame, err)
}

// ceUpgrade upgrades an element.
// https://html.spec.whatwg.org/multipage/custom-elements.html#concept-upgrade-an-element
func (w *Window) ceUpgrade(el *dom.Node) {
	if w.ce.custom[el] != nil || w.ce.failed[el] {
		return
	}
	def := w.ceLookupElement(el)
	if def == nil {
		return
	}
	if def.builtin() && el.IsValue() == "" {
		el.SetIsValue(def.name)
	}
	w.ce.failed[el] = true // until the constructor succeeds
	if def.disabledShadow && el.ShadowRoot() != nil {
		// Step 9.1: a definition that disables shadow roots cannot
		// upgrade an element that already has one; the element stays
		// failed.
		w.reportScriptError(&ScriptError{Message: "Uncaught NotSupportedError: Failed to upgrade '" + def.name + "': the element already has a shadow root and its definition disables shadow roots."},
			w.realm.NewDOMException("NotSupportedError", "The element already has a shadow root and its definition disables shadow roots."))
		return
	}
	def.stack = append(def.stack, el)
	res, err := w.construct(def.ctor)
	def.stack = def.stack[:len(def.stack)-1]
	if err != nil {
		w.reportErrorIn(def.reg.frame, err)
		return
	}
	if w.toNode(res) != el {
		// Step 8.3: the constructor returned another object.
		w.reportScriptError(&ScriptError{Message: "Uncaught TypeError: Failed to construct '" + def.name + "': The result of constructing a custom element must be the element being upgraded."},
			w.rt.NewTypeError("Failed to construct '%s': The result of constructing a custom element must be the element being upgraded.", def.name))
		return
	}
	delete(w.ce.failed, el)
	w.ce.custom[el] = def
	el.SetCustomElementDefined()
	w.customElementDefined(el) // matchinval.go
	if def.formAssociated {
		w.ceFormState(el)
	}
	if def.attrChange != nil {
		for _, a := range el.Attr {
			// observedAttributes lists local names: a namespaced
			// p:id is reported as "id" with its namespace.
			if name := dom.AttrLocalName(a); def.observed[name] {
				ns := goja.Value(goja.Null())
				if a.Namespace != "" {
					ns = w.str(a.Namespace)
				}
				w.call(def.attrChange, w.wrapObj(el), w.str(name), goja.Null(), w.str(a.Val), ns)
			}
		}
	}
	if el.IsConnected() && def.connected != nil {
		w.call(def.connected, w.wrapObj(el))
	}
}

// observesStyle tells whether el is a custom element whose definition
// observes its style attribute (its attributeChangedCallback is called
// with the old value when CSSOM changes the inline style).
func (w *Window) observesStyle(el *dom.Node) bool {
	def := w.ce.custom[el]
	return def != nil && def.attrChange != nil && def.observed["style"]
}

// createCustomElement creates the element of createElement(localName,
// {is}) when a definition matches, running an autonomous element's
// constructor or upgrading a customized built-in synchronously; it
// returns nil when no definition matches.
// https://dom.spec.whatwg.org/#concept-create-element (steps 5 and 6)
//
// With checkpoint (the parser creating an element while no script runs),
// the constructor's return empties the JavaScript execution context
// stack, so its microtasks run before the result is checked ("clean up
// after running script"): a promise job that sets an attribute makes the
// result fail the checks, as in Chromium.
func (w *Window) createCustomElement(doc *dom.Document, name, is string, checkpoint bool) *dom.Node {
	def := w.ceLookup(w.registryOf(doc), name, is)
	if def == nil {
		return nil
	}
	if def.builtin() {
		el, err := doc.CreateElement(name)
		w.check(err)
		el.SetIsValue(is)
		w.scripts.created(el)
		w.ceUpgrade(el)
		return el
	}
	obj, err := w.construct(def.ctor)
	if checkpoint {
		w.loop.PerformMicrotaskCheckpoint()
	}
	var el *dom.Node
	if err == nil {
		el = w.toNode(obj)
		switch {
		case el == nil || !el.IsHTML():
			// The constructor's result converted to HTMLElement (step
			// 6.1.2): anything else, a Text node or a plain object, is a
			// TypeError.
			w.reportScriptError(&ScriptError{Message: "Uncaught TypeError: Failed to execute 'createElement' on 'Document': The result must implement HTMLElement interface"},
				w.rt.NewTypeError("Failed to execute 'createElement' on 'Document': The result must implement HTMLElement interface"))
			el = nil
		case el.Data != name || el.First() != nil || len(el.Attr) > 0 || el.ParentNode() != nil || el.Document() != doc:
			// Steps 6.1.4-6.1.8: attributes, children, a parent, another
			// node document (adopted during construction) or another
			// local name.
			w.reportScriptError(&ScriptError{Message: "Uncaught NotSupportedError: Failed to execute 'createElement' on 'Document': The result must not have attributes or children, and must be a new element named " + name},
				w.realm.NewDOMException("NotSupportedError", "The result must not have attributes or children"))
			el = nil
		}
	} else {
		w.reportErrorIn(def.reg.frame, err)
	}
	if el == nil {
		// https://dom.spec.whatwg.org/#concept-create-element (step 6.1.3):
		// report the exception and make an HTMLUnknownElement instead.
		u, cerr := doc.CreateElement(name)
		w.check(cerr)
		w.ce.failed[u] = true
		w.realm.WrapObject(u, w.c.unknown)
		return u
	}
	return el
}

// ceUpgradeTree enqueues upgrades for the defined custom elements of a
// tree made by cloneNode or importNode.
func (w *Window) ceUpgradeTree(root *dom.Node) {
	if w.ce.total == 0 || !w.ceDefines(root.Document()) {
		return
	}
	w.ceWalk(root, w.ceTryUpgrade)
}

// internals is an element's ElementInternals: form-associated custom
// elements get their form owner, a form value and always-valid validity;
// custom states are kept in a set.
// https://html.spec.whatwg.org/multipage/custom-elements.html#elementinternals
type internals struct {
	el     *dom.Node
	states *customStateSet
	// value is the submission value: a string (hasValue), the entries of
	// a FormData (entries) or none.
	value    string
	hasValue bool
	file     *xhr.File // a File value (hasValue too)
	entries  []formEntry
	// flags and message are set by setValidity.
	flags   validityState
	message string
	// anchor is setValidity's validation anchor (nil: the element).
	anchor *dom.Node
	// aria holds the ARIAMixin values set on the internals (role too);
	// ariaRefs the elements set for its element-reference properties.
	aria     map[string]string
	ariaRefs map[string]*ariaRef
}

// customStateSet is ElementInternals.states, a setlike<DOMString> whose
// backing Set holds the states :state() matches.
// https://html.spec.whatwg.org/multipage/custom-elements.html#customstateset
type customStateSet struct {
	set   *goja.Object
	owner *dom.Node // the element whose states these are
}

var customStateSetIface = &bind.Interface{
	Name: "CustomStateSet",
	SetLike: &bind.SetLike{
		Backing: func(r *bind.Realm, this any) *goja.Object { return this.(*customStateSet).set },
		Convert: func(r *bind.Realm, v goja.Value, _ string) goja.Value { return r.Runtime.ToValue(bind.DOMString(v)) },
		// :state() matches otherwise: the style memos start over
		Changed: func(r *bind.Realm, this any) { this.(*customStateSet).owner.Document().StateChanged() },
		// Web IDL's add returns the set; Chromium's returns undefined
		AddReturnsUndefined: true,
	},
}

// ceValidity is the validity of form-associated custom element n.
func (w *Window) ceValidity(n *dom.Node) validityState {
	if in := w.ce.internals[n]; in != nil {
		return in.flags
	}
	return validityState{}
}

// ceFormEntries appends the entries of form-associated custom element f
// to out (https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set step 5.11).
func (w *Window) ceFormEntries(f *dom.Node, out []formEntry) []formEntry {
	in := w.ce.internals[f]
	switch {
	case in == nil:
	case in.entries != nil:
		out = append(out, in.entries...)
	case in.hasValue:
		if name := f.Attribute("name"); name != "" {
			out = append(out, formEntry{name: name, value: in.value, file: in.file != nil, blob: in.file})
		}
	}
	return out
}

// The ARIAMixin attributes of ElementInternals: values kept on the
// internals, never reflected to the element's attributes.
// https://html.spec.whatwg.org/multipage/custom-elements.html#accessibility-semantics
func init() {
	for _, prop := range append([]string{"role"}, ariaStringProps...) {
		elementInternalsIface.Attributes = append(elementInternalsIface.Attributes, bind.Attribute{Name: prop,
			Get: internalsGet(func(w *Window, in *internals) goja.Value {
				if v, ok := in.aria[prop]; ok {
					return w.str(v)
				}
				return w.null
			}),
			Set: func(r *bind.Realm, this any, v goja.Value) {
				in := this.(*internals)
				if bind.Nullish(v) { // DOMString?: undefined is null too
					delete(in.aria, prop)
					return
				}
				if in.aria == nil {
					in.aria = make(map[string]string)
				}
				in.aria[prop] = bind.DOMString(v)
			}})
	}
	// The element references: only what a script set, with no content
	// attribute to fall back on.
	internalsRef := func(in *internals, prop string) *ariaRef {
		r := in.ariaRefs[prop]
		if r == nil {
			if in.ariaRefs == nil {
				in.ariaRefs = make(map[string]*ariaRef)
			}
			r = &ariaRef{}
			in.ariaRefs[prop] = r
		}
		return r
	}
	for _, prop := range ariaElementsProps {
		elementInternalsIface.Attributes = append(elementInternalsIface.Attributes, bind.Attribute{Name: prop,
			Get: internalsGet(func(w *Window, in *internals) goja.Value {
				r := in.ariaRefs[prop]
				if r == nil || !r.isSet {
					return w.null
				}
				return w.ariaArray(r, in.el, r.explicit)
			}),
			Set: func(rl *bind.Realm, this any, v goja.Value) {
				in, w := this.(*internals), win(rl)
				els, set := w.ariaElementsArg(prop, "ElementInternals", v)
				r := internalsRef(in, prop)
				r.explicit, r.isSet = els, set
			}})
	}
	const active = "ariaActiveDescendantElement"
	elementInternalsIface.Attributes = append(elementInternalsIface.Attributes, bind.Attribute{Name: active,
		Get: internalsGet(func(w *Window, in *internals) goja.Value {
			if r := in.ariaRefs[active]; r != nil && r.isSet && len(r.explicit) == 1 && ariaInScope(in.el, r.explicit[0]) {
				return w.wrap(r.explicit[0])
			}
			return w.null
		}),
		Set: func(rl *bind.Realm, this any, v goja.Value) {
			in, w := this.(*internals), win(rl)
			e := w.ariaElementArg(active, "ElementInternals", v)
			r := internalsRef(in, active)
			r.explicit, r.isSet = nil, e != nil
			if e != nil {
				r.explicit = []*dom.Node{e}
			}
		}})
}

func internalsGet(f func(w *Window, in *internals) goja.Value) bind.Getter {
	return func(r *bind.Realm, this any) goja.Value { return f(win(r), this.(*internals)) }
}

func (in *internals) formAssociated(w *Window) bool {
	d := w.ce.custom[in.el]
	if d == nil {
		d = w.registryOf(in.el.Document()).defs[in.el.Data]
	}
	return d != nil && d.formAssociated
}

func (in *internals) check(w *Window) {
	if !in.formAssociated(w) {
		w.realm.ThrowDOMException("NotSupportedError", "The target element is not a form-associated custom element.")
	}
}

var elementInternalsIface = &bind.Interface{
	Name: "ElementInternals",
	Attributes: []bind.Attribute{
		{Name: "shadowRoot", Get: internalsGet(func(w *Window, in *internals) goja.Value {
			// https://html.spec.whatwg.org/multipage/custom-elements.html#dom-elementinternals-shadowroot
			sr := in.el.ShadowRoot()
			if sr == nil || w.ce.shadowHidden[sr] {
				return goja.Null()
			}
			return w.wrap(sr)
		})},
		{Name: "form", Get: internalsGet(func(w *Window, in *internals) goja.Value { in.check(w); return w.wrap(formOwner(in.el)) })},
		{Name: "labels", Get: internalsGet(func(w *Window, in *internals) goja.Value {
			in.check(w)
			return w.realm.WrapObject(w.liveList(in.el, "labels"), w.c.nodeList)
		})},
		{Name: "willValidate", Get: internalsGet(func(w *Window, in *internals) goja.Value {
			in.check(w)
			return w.boolean(faceWillValidate(in.el))
		})},
		{Name: "validationMessage", Get: internalsGet(func(w *Window, in *internals) goja.Value { in.check(w); return w.str(in.message) })},
		{Name: "validity", Get: internalsGet(func(w *Window, in *internals) goja.Value {
			in.check(w)
			return w.validityObject(in.el)
		})},
		{Name: "states", Get: internalsGet(func(w *Window, in *internals) goja.Value {
			if in.states == nil {
				in.states = &customStateSet{set: w.realm.NewSet(), owner: in.el}
			}
			return w.realm.WrapObject(in.states, w.realm.Class("CustomStateSet"))
		})},
	},
	Methods: []bind.Method{
		// https://html.spec.whatwg.org/multipage/custom-elements.html#dom-elementinternals-setformvalue
		{Name: "setFormValue", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			in := this.(*internals)
			in.check(win(r))
			in.entries, in.hasValue, in.value, in.file = nil, false, "", nil
			v := args[0]
			if impl, _, ok := r.Unwrap(v); ok {
				switch x := impl.(type) {
				case *xhr.FormData:
					// A copy of its entries, files kept.
					in.entries = []formEntry{}
					for _, e := range x.Entries() {
						in.entries = append(in.entries, formEntry{name: e.Name, value: e.Value, file: e.File != nil, blob: e.File})
					}
					return nil
				case *xhr.File:
					in.file, in.hasValue = x, true
					return nil
				}
			}
			if !goja.IsNull(v) && !goja.IsUndefined(v) {
				in.value, in.hasValue = bind.DOMString(v), true
			}
			return nil
		}},
		// https://html.spec.whatwg.org/multipage/custom-elements.html#dom-elementinternals-setvalidity
		{Name: "setValidity", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, in := win(r), this.(*internals)
			in.check(w)
			var f validityState
			if o, ok := bind.Arg(args, 0).(*goja.Object); ok {
				flag := func(name string) bool { v := o.Get(name); return v != nil && v.ToBoolean() }
				f = validityState{valueMissing: flag("valueMissing"), typeMismatch: flag("typeMismatch"),
					patternMismatch: flag("patternMismatch"), tooLong: flag("tooLong"), tooShort: flag("tooShort"),
					rangeUnderflow: flag("rangeUnderflow"), rangeOverflow: flag("rangeOverflow"),
					stepMismatch: flag("stepMismatch"), badInput: flag("badInput"), customError: flag("customError")}
			}
			msg := ""
			if v := bind.Arg(args, 1); !goja.IsUndefined(v) {
				msg = bind.DOMString(v)
			}
			if !f.valid() && msg == "" {
				r.ThrowTypeError("Failed to execute 'setValidity' on 'ElementInternals': The second argument should not be empty if one or more flags in the first argument are true.")
			}
			// The anchor must be the element or in it (its shadow trees
			// too).
			var anchor *dom.Node
			if a := bind.Arg(args, 2); !bind.Absent(a) {
				anchor = w.toNode(a)
				if anchor == nil || !isHTMLElement(anchor) {
					r.ThrowTypeError("Failed to execute 'setValidity' on 'ElementInternals': parameter 3 is not of type 'HTMLElement'.")
				}
				if !shadowIncludingAncestor(in.el, anchor) {
					r.ThrowDOMException("NotFoundError", "Failed to execute 'setValidity' on 'ElementInternals': The Element argument should be a shadow-including inclusive descendant of the target element.")
				}
			}
			if f.valid() {
				msg = ""
			}
			if in.flags != f {
				in.el.Document().StateChanged() // :invalid and :valid
			}
			in.flags, in.message, in.anchor = f, msg, anchor
			return nil
		}},
		{Name: "checkValidity", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, in := win(r), this.(*internals)
			in.check(w)
			return w.boolean(w.checkValidity(in.el))
		}},
		{Name: "reportValidity", Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			w, in := win(r), this.(*internals)
			in.check(w)
			return w.boolean(w.reportValidity(in.el))
		}},
	},
}

// attachInternals implements HTMLElement.attachInternals.
// https://html.spec.whatwg.org/multipage/custom-elements.html#dom-attachinternals
func (w *Window) attachInternals(n *dom.Node) goja.Value {
	const fail = "Failed to execute 'attachInternals' on 'HTMLElement': "
	if n.IsValue() != "" {
		w.realm.ThrowDOMException("NotSupportedError", fail+"Unable to attach ElementInternals to a customized built-in element.")
	}
	def := w.ceLookup(w.registryOf(n.Document()), n.Data, "")
	if def == nil || n.Namespace != "" {
		w.realm.ThrowDOMException("NotSupportedError", fail+"Unable to attach ElementInternals to non-custom elements.")
	}
	if def.disabledInternals {
		w.realm.ThrowDOMException("NotSupportedError", fail+"ElementInternals is disabled by disabledFeature static field.")
	}
	if w.ce.internals[n] != nil {
		w.realm.ThrowDOMException("NotSupportedError", fail+"ElementInternals for the specified element was already attached.")
	}
	// Step 5: the element must be precustomized (its constructor is
	// running) or custom.
	if w.ce.custom[n] == nil && !w.ceConstructing(def, n) {
		w.realm.ThrowDOMException("NotSupportedError", fail+"The attachInternals() function cannot be called prior to the execution of the custom element constructor.")
	}
	if w.ce.internals == nil {
		w.ce.internals = make(map[*dom.Node]*internals)
	}
	in := &internals{el: n}
	w.ce.internals[n] = in
	return w.realm.WrapObject(in, w.realm.Class("ElementInternals"))
}

// ceShadowAttached records whether the shadow root sr a script attached to
// el is available to element internals: only when el's custom element
// state is "custom" or "precustomized" (its constructor is running).
// https://dom.spec.whatwg.org/#concept-attach-a-shadow-root (step 13)
func (w *Window) ceShadowAttached(el, sr *dom.Node) {
	if w.ce.custom[el] != nil {
		return
	}
	if def := w.ceLookupElement(el); def != nil && w.ceConstructing(def, el) {
		return
	}
	if w.ce.shadowHidden == nil {
		w.ce.shadowHidden = make(map[*dom.Node]bool)
	}
	w.ce.shadowHidden[sr] = true
}

// ceConstructing reports whether el is being upgraded by def (its
// constructor is running).
func (w *Window) ceConstructing(def *ceDefinition, el *dom.Node) bool {
	if !w.ce.failed[el] {
		return false
	}
	for _, s := range def.stack {
		if s == el {
			return true
		}
	}
	// super() already returned: the entry is the already-constructed
	// marker, and the element is the one being upgraded.
	for _, s := range def.stack {
		if s == nil {
			return true
		}
	}
	return false
}

// ceCheckAttachShadow throws when el's definition disables shadow roots.
// https://dom.spec.whatwg.org/#dom-element-attachshadow (step 3)
func (w *Window) ceCheckAttachShadow(el *dom.Node) {
	if w.ce.total == 0 || el.Namespace != "" {
		return
	}
	if d := w.ceLookup(w.registryOf(el.Document()), el.Data, el.IsValue()); d != nil && d.disabledShadow {
		w.realm.ThrowDOMException("NotSupportedError", "Failed to execute 'attachShadow' on 'Element': attachShadow() is disabled by disabledFeatures static field.")
	}
}

// formAssociated reports whether n is a form-associated custom element.
func (w *Window) formAssociated(n *dom.Node) bool {
	if w.ce.total == 0 || !n.IsElement() || n.Namespace != "" {
		return false
	}
	d := w.ce.custom[n]
	return d != nil && d.formAssociated
}

// ceHookParsers has the page's parsers create custom elements at their
// start tags once the registry has a definition (a page without one
// parses as fast as before).
func (w *Window) ceHookParsers() {
	if len(w.ce.defs) == 0 {
		return
	}
	for _, p := range [...]*dom.StreamParser{w.scripts.stream, w.scripts.opened} {
		if p != nil && p.CustomElements == nil {
			p.CustomElements = parserCustomElements{w}
		}
	}
}

// parserCustomElements creates the custom elements a parser of the page's
// document meets, at their start tags: "create an element for a token"
// with the synchronous custom elements flag, and the insertion that
// follows
// (https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token,
// #insert-an-element-at-the-adjusted-insertion-location). The constructor
// sees an element with no attribute and no parent; attributeChangedCallback
// runs for the tag's observed attributes before the insertion, and
// connectedCallback after it, before any child is parsed.
type parserCustomElements struct{ w *Window }

func (h parserCustomElements) Defines(localName string) bool {
	if d := h.w.ce.defs[localName]; d != nil && !d.builtin() {
		return true
	}
	return h.w.ce.extended[localName]
}

func (h parserCustomElements) Create(localName, is string, setAttributes func(*dom.Node)) *dom.Node {
	w := h.w
	if w.ceLookup(&w.ce.ceRegistry, localName, is) == nil {
		return nil
	}
	inserting := w.res.parserInserting
	w.res.parserInserting = false
	defer func() { w.res.parserInserting = inserting }()
	// The reactions of the nodes mirrored before this one belong to
	// their own insertions, which came first.
	w.afterMutation()
	w.ce.noMarkup++
	defer func() { w.ce.noMarkup-- }()
	if w.scripts.writeDepth == 0 {
		// Step 6.2: with no script running, a microtask checkpoint first.
		w.loop.PerformMicrotaskCheckpoint()
	}
	el := w.createCustomElement(w.doc, localName, is, w.scripts.writeDepth == 0)
	setAttributes(el)
	w.afterMutation()
	return el
}

func (h parserCustomElements) Inserted(*dom.Node) {
	w := h.w
	inserting := w.res.parserInserting
	w.res.parserInserting = false
	w.afterMutation()
	w.res.parserInserting = inserting
}

// ceNoMarkup throws the InvalidStateError of document.open, write and
// close on the page's document while the parser constructs a custom
// element (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#throw-on-dynamic-markup-insertion-counter).
func (w *Window) ceNoMarkup(d *dom.Document, op string) {
	if w.ce.noMarkup > 0 && d == w.doc {
		use := strings.TrimSuffix(op, "ln")
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute '"+op+"' on 'Document': Custom Element constructor should not use "+use+"().")
	}
}
