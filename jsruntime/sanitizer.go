package jsruntime

import (
	"fmt"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// The HTML Sanitizer API's bindings: the Sanitizer interface, the safe
// and unsafe HTML setters of Element and ShadowRoot, and
// Document.parseHTML/parseHTMLUnsafe. The configuration and the walk are
// dom's (dom/sanitizer.go); this file converts the dictionaries.
// https://wicg.github.io/sanitizer-api/
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#html-sanitization

// sanitizer is a Sanitizer's implementation value: its configuration,
// which setters given the Sanitizer use as it is at the time of the call.
type sanitizer struct{ cfg *dom.SanitizerConfig }

// Sanitizer https://wicg.github.io/sanitizer-api/#sanitizer
var sanitizerIface = &bind.Interface{
	Name: "Sanitizer",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		w := win(r)
		const where = "Failed to construct 'Sanitizer': "
		v := bind.Arg(args, 0)
		if bind.Absent(v) {
			return &sanitizer{dom.DefaultSanitizerConfig()}
		}
		if o, ok := v.(*goja.Object); ok || goja.IsNull(v) {
			return &sanitizer{w.sanitizerConfig(o, false, where, where)}
		}
		w.sanitizerPreset(v, where)
		return &sanitizer{dom.DefaultSanitizerConfig()}
	},
	Methods: []bind.Method{
		sanitizerMethod("allowAttribute", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			return w.boolean(s.cfg.AllowAttribute(w.sanitizerAttribute(args[0], "Failed to execute 'allowAttribute' on 'Sanitizer': ")))
		}),
		sanitizerMethod("allowElement", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			return w.boolean(s.cfg.AllowElement(w.sanitizerElement(args[0], true, "Failed to execute 'allowElement' on 'Sanitizer': ")))
		}),
		sanitizerMethod("get", 0, func(w *Window, s *sanitizer, _ []goja.Value) goja.Value {
			return w.sanitizerConfigObject(s.cfg.Get())
		}),
		sanitizerMethod("removeAttribute", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			return w.boolean(s.cfg.RemoveAttribute(w.sanitizerAttribute(args[0], "Failed to execute 'removeAttribute' on 'Sanitizer': ")))
		}),
		sanitizerMethod("removeElement", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			return w.boolean(s.cfg.RemoveElement(w.sanitizerElement(args[0], false, "Failed to execute 'removeElement' on 'Sanitizer': ").Name))
		}),
		// setComments, setDataAttributes and removeUnsafe return undefined
		// in Chromium 156, though the IDL says boolean.
		sanitizerMethod("removeUnsafe", 0, func(w *Window, s *sanitizer, _ []goja.Value) goja.Value {
			s.cfg.RemoveUnsafe()
			return goja.Undefined()
		}),
		sanitizerMethod("replaceElementWithChildren", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			return w.boolean(s.cfg.ReplaceElementWithChildren(w.sanitizerElement(args[0], false, "Failed to execute 'replaceElementWithChildren' on 'Sanitizer': ").Name))
		}),
		sanitizerMethod("setComments", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			s.cfg.SetComments(bind.Boolean(args[0]))
			return goja.Undefined()
		}),
		sanitizerMethod("setDataAttributes", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			s.cfg.SetDataAttributes(bind.Boolean(args[0]))
			return goja.Undefined()
		}),
		sanitizerMethod("allowProcessingInstruction", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			return w.boolean(s.cfg.AllowProcessingInstruction(w.sanitizerPI(args[0], "Failed to execute 'allowProcessingInstruction' on 'Sanitizer': ")))
		}),
		sanitizerMethod("removeProcessingInstruction", 1, func(w *Window, s *sanitizer, args []goja.Value) goja.Value {
			return w.boolean(s.cfg.RemoveProcessingInstruction(w.sanitizerPI(args[0], "Failed to execute 'removeProcessingInstruction' on 'Sanitizer': ")))
		}),
	},
}

func sanitizerMethod(name string, length int, f func(w *Window, s *sanitizer, args []goja.Value) goja.Value) bind.Method {
	return bind.Method{Name: name, Length: length, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		return f(win(r), this.(*sanitizer), args)
	}}
}

// sanitizerPreset checks a SanitizerPresets value: "default" is the only one.
func (w *Window) sanitizerPreset(v goja.Value, where string) {
	if s := bind.DOMString(v); s != "default" {
		w.realm.ThrowTypeError("%sThe provided value '%s' is not a valid enum value of type SanitizerPresets.", where, s)
	}
}

// sanitizerConfig converts a SanitizerConfig dictionary (o nil for null
// or undefined) and builds its configuration; safeDefaults is set for the
// safe setters, whose comments and data attributes default to removed.
// Conversion errors start with where, an invalid configuration's with
// whereInvalid.
// https://wicg.github.io/sanitizer-api/#sanitizer-set-a-configuration
func (w *Window) sanitizerConfig(o *goja.Object, safeDefaults bool, where, whereInvalid string) *dom.SanitizerConfig {
	var in dom.SanitizerConfigInit
	if o != nil {
		// Dictionary members are read in lexicographic order.
		const dict = "Failed to read the '%s' property from 'SanitizerConfig': "
		member := func(name string) (goja.Value, string) {
			v := o.Get(name)
			return v, where + fmt.Sprintf(dict, name)
		}
		names := func(name string, conv func(goja.Value, string) dom.SanitizerName) []dom.SanitizerName {
			v, at := member(name)
			if bind.Absent(v) {
				return nil
			}
			out := []dom.SanitizerName{}
			w.sequence(v, at, func(item goja.Value) { out = append(out, conv(item, at)) })
			return out
		}
		targets := func(name string) []string {
			v, at := member(name)
			if bind.Absent(v) {
				return nil
			}
			out := []string{}
			w.sequence(v, at, func(item goja.Value) { out = append(out, w.sanitizerPI(item, at)) })
			return out
		}
		boolean := func(name string) *bool {
			v, _ := member(name)
			if bind.Absent(v) {
				return nil
			}
			b := v.ToBoolean()
			return &b
		}
		in.Attributes = names("attributes", w.sanitizerAttribute)
		in.Comments = boolean("comments")
		in.DataAttributes = boolean("dataAttributes")
		if v, at := member("elements"); !bind.Absent(v) {
			in.Elements = []dom.SanitizerElement{}
			w.sequence(v, at, func(item goja.Value) { in.Elements = append(in.Elements, w.sanitizerElement(item, true, at)) })
		}
		in.ProcessingInstructions = targets("processingInstructions")
		in.RemoveAttributes = names("removeAttributes", w.sanitizerAttribute)
		elementName := func(v goja.Value, at string) dom.SanitizerName { return w.sanitizerElement(v, false, at).Name }
		in.RemoveElements = names("removeElements", elementName)
		in.RemoveProcessingInstructions = targets("removeProcessingInstructions")
		in.ReplaceWithChildrenElements = names("replaceWithChildrenElements", elementName)
	}
	c, err := dom.NewSanitizerConfig(in, safeDefaults)
	if err != nil {
		w.realm.ThrowTypeError("%s%s", whereInvalid, err.Error())
	}
	return c
}

// sequence converts v to a sequence, calling f with each item.
func (w *Window) sequence(v goja.Value, at string, f func(goja.Value)) {
	o, ok := v.(*goja.Object)
	if !ok || bind.Absent(o.GetSymbol(goja.SymIterator)) {
		w.realm.ThrowTypeError("%sThe provided value cannot be converted to a sequence.", at)
	}
	w.rt.ForOf(o, func(item goja.Value) bool {
		f(item)
		return true
	})
}

// sanitizerName reads the name and namespace members of a
// SanitizerElementNamespace or SanitizerAttributeNamespace dictionary (an
// empty namespace is none).
func (w *Window) sanitizerName(o *goja.Object, dict, at, defaultNS string) dom.SanitizerName {
	ns := defaultNS
	name := o.Get("name")
	if v := o.Get("namespace"); !bind.Absent(v) {
		ns = ""
		if !goja.IsNull(v) {
			ns = bind.DOMString(v)
		}
	}
	if bind.Absent(name) {
		w.realm.ThrowTypeError("%sFailed to read the 'name' property from '%s': Required member is undefined.", at, dict)
	}
	return dom.SanitizerName{Local: bind.DOMString(name), Namespace: ns}
}

// sanitizerElement converts a SanitizerElement or, withAttrs, a
// SanitizerElementWithAttributes: a string is an HTML element's name.
func (w *Window) sanitizerElement(v goja.Value, withAttrs bool, at string) dom.SanitizerElement {
	o, isObj := v.(*goja.Object)
	if !isObj {
		if bind.Nullish(v) {
			dict := "SanitizerElementNamespace"
			if withAttrs {
				dict = "SanitizerElementNamespaceWithAttributes"
			}
			w.notOfType(at, dict)
		}
		return dom.SanitizerElement{Name: dom.SanitizerName{Local: bind.DOMString(v), Namespace: dom.HTMLNamespace}}
	}
	var e dom.SanitizerElement
	if withAttrs {
		// Inherited members first: name and namespace are read below.
		read := func(member string) []dom.SanitizerName {
			l := o.Get(member)
			if bind.Absent(l) {
				return nil
			}
			out := []dom.SanitizerName{}
			inner := at + fmt.Sprintf("Failed to read the '%s' property from 'SanitizerElementNamespaceWithAttributes': ", member)
			w.sequence(l, inner, func(item goja.Value) { out = append(out, w.sanitizerAttribute(item, inner)) })
			return out
		}
		e.Name = w.sanitizerName(o, "SanitizerElementNamespace", at, dom.HTMLNamespace)
		e.Attributes = read("attributes")
		e.RemoveAttributes = read("removeAttributes")
		return e
	}
	e.Name = w.sanitizerName(o, "SanitizerElementNamespace", at, dom.HTMLNamespace)
	return e
}

// sanitizerAttribute converts a SanitizerAttribute: a string is an
// attribute in no namespace.
func (w *Window) sanitizerAttribute(v goja.Value, at string) dom.SanitizerName {
	o, isObj := v.(*goja.Object)
	if !isObj {
		if bind.Nullish(v) {
			w.notOfType(at, "SanitizerAttributeNamespace")
		}
		return dom.SanitizerName{Local: bind.DOMString(v)}
	}
	return w.sanitizerName(o, "SanitizerAttributeNamespace", at, "")
}

// sanitizerPI converts a SanitizerPI to its target.
func (w *Window) sanitizerPI(v goja.Value, at string) string {
	o, isObj := v.(*goja.Object)
	if !isObj {
		if bind.Nullish(v) {
			w.notOfType(at, "SanitizerProcessingInstruction")
		}
		return bind.DOMString(v)
	}
	if t := o.Get("target"); !bind.Absent(t) {
		return bind.DOMString(t)
	}
	w.realm.ThrowTypeError("%sFailed to read the 'target' property from 'SanitizerProcessingInstruction': Required member is undefined.", at)
	return ""
}

// notOfType throws the TypeError of a union member given null or
// undefined where a string or dictionary goes (Chromium 156's message).
func (w *Window) notOfType(at, dict string) {
	w.realm.ThrowTypeError("%sThe provided value is not of type '%s'.", at, dict)
}

// sanitizerConfigObject is the SanitizerConfig dictionary get() returns,
// members in lexicographic order.
func (w *Window) sanitizerConfigObject(c dom.SanitizerConfigInit) goja.Value {
	nameObj := func(n dom.SanitizerName) *goja.Object {
		o := w.rt.NewObject()
		_ = o.Set("name", w.str(n.Local))
		if n.Namespace == "" {
			_ = o.Set("namespace", goja.Null())
		} else {
			_ = o.Set("namespace", w.str(n.Namespace))
		}
		return o
	}
	names := func(l []dom.SanitizerName) goja.Value {
		items := make([]any, len(l))
		for i, n := range l {
			items[i] = nameObj(n)
		}
		return w.rt.NewArray(items...)
	}
	targets := func(l []string) goja.Value {
		items := make([]any, len(l))
		for i, t := range l {
			o := w.rt.NewObject()
			_ = o.Set("target", w.str(t))
			items[i] = o
		}
		return w.rt.NewArray(items...)
	}
	o := w.rt.NewObject()
	if c.Attributes != nil {
		_ = o.Set("attributes", names(c.Attributes))
	}
	if c.Comments != nil {
		_ = o.Set("comments", *c.Comments)
	}
	if c.DataAttributes != nil {
		_ = o.Set("dataAttributes", *c.DataAttributes)
	}
	if c.Elements != nil {
		items := make([]any, len(c.Elements))
		for i, e := range c.Elements {
			eo := nameObj(e.Name)
			if e.Attributes != nil {
				_ = eo.Set("attributes", names(e.Attributes))
			}
			if e.RemoveAttributes != nil {
				_ = eo.Set("removeAttributes", names(e.RemoveAttributes))
			}
			items[i] = eo
		}
		_ = o.Set("elements", w.rt.NewArray(items...))
	}
	if c.ProcessingInstructions != nil {
		_ = o.Set("processingInstructions", targets(c.ProcessingInstructions))
	}
	if c.RemoveAttributes != nil {
		_ = o.Set("removeAttributes", names(c.RemoveAttributes))
	}
	if c.RemoveElements != nil {
		_ = o.Set("removeElements", names(c.RemoveElements))
	}
	if c.RemoveProcessingInstructions != nil {
		_ = o.Set("removeProcessingInstructions", targets(c.RemoveProcessingInstructions))
	}
	if c.ReplaceWithChildrenElements != nil {
		_ = o.Set("replaceWithChildrenElements", names(c.ReplaceWithChildrenElements))
	}
	return o
}

// htmlSetterSanitizer reads the options of setHTML, setHTMLUnsafe,
// parseHTML or parseHTMLUnsafe (SetHTMLOptions or SetHTMLUnsafeOptions)
// and returns the configuration to use and whether there is one: none
// for an unsafe setter given none (nothing to remove); nil for the
// "default" preset, the safe setters' default. The unsafe ones default
// to an empty configuration.
// https://wicg.github.io/sanitizer-api/#get-a-sanitizer-instance-from-options
func (w *Window) htmlSetterSanitizer(v goja.Value, safe bool, where, dict string) (*dom.SanitizerConfig, bool) {
	var opts *goja.Object
	switch o := v.(type) {
	case *goja.Object:
		opts = o
	default:
		if !bind.Nullish(v) {
			w.realm.ThrowTypeError("%sThe provided value is not of type '%s'.", where, dict)
		}
	}
	var s goja.Value
	if opts != nil {
		s = opts.Get("sanitizer")
	}
	if bind.Absent(s) {
		return nil, safe
	}
	if impl, ok := w.realm.UnwrapAs(s, w.realm.Class("Sanitizer")); ok {
		return impl.(*sanitizer).cfg, true
	}
	at := where + fmt.Sprintf("Failed to read the 'sanitizer' property from '%s': ", dict)
	if o, ok := s.(*goja.Object); ok || goja.IsNull(s) {
		return w.sanitizerConfig(o, safe, at, where), true
	}
	w.sanitizerPreset(s, at)
	return nil, true
}

// setterIface names n's interface in error messages of the HTML setters.
func setterIface(n *dom.Node) string {
	if n.IsShadowRoot() {
		return "ShadowRoot"
	}
	return "Element"
}

// setHTML (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-sethtml):
// markup parsed, sanitized with removeUnsafe applied, then set.
func jsSetHTML(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	markup := bind.DOMString(args[0])
	c, _ := w.htmlSetterSanitizer(bind.Arg(args, 1), true, "Failed to execute 'setHTML' on '"+setterIface(n)+"': ", "SetHTMLOptions")
	w.ceParsed(func() error { return n.SetHTML(markup, c, true) })
	w.afterMutation()
	return nil
}

// setHTMLUnsafe (https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-element-sethtmlunsafe):
// innerHTML that also attaches declarative shadow roots, filtered by the
// options' sanitizer when there is one. With runScripts (read before
// sanitizer, the dictionary's order, as Chromium 156 does) the scripts of
// the markup run once inserted, in tree order after the whole fragment is
// in (https://github.com/whatwg/html/pull/12495); without it they are
// already started, as innerHTML's.
func jsSetHTMLUnsafe(w *Window, n *dom.Node, args []goja.Value) goja.Value {
	markup := w.trustedString(trustedHTML, args[0], bind.DOMString, trustedSink{iface: setterIface(n), member: "setHTMLUnsafe"})
	runScripts := false
	if o, ok := bind.Arg(args, 1).(*goja.Object); ok {
		if v := o.Get("runScripts"); v != nil { // nil: absent
			runScripts = v.ToBoolean()
		}
	}
	c, sanitize := w.htmlSetterSanitizer(bind.Arg(args, 1), false, "Failed to execute 'setHTMLUnsafe' on '"+setterIface(n)+"': ", "SetHTMLUnsafeOptions")
	var before func(*dom.Node)
	if runScripts {
		before = w.scripts.runnable
	}
	w.ceParsed(func() error { return n.SetHTMLUnsafeWith(markup, c, sanitize, before) })
	w.afterMutation()
	return nil
}

// parseHTML and parseHTMLUnsafe are Document's static methods: a new HTML
// document at about:blank with no browsing context (scripting disabled,
// so scripts stay inert and <noscript> holds elements) in which
// declarative shadow roots are attached, sanitized as setHTML and
// setHTMLUnsafe do.
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-parsehtml
// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-parsehtmlunsafe
func parseHTML(r *bind.Realm, _ any, args []goja.Value) goja.Value {
	return parseHTMLWith(win(r), args, true)
}

func parseHTMLUnsafe(r *bind.Realm, _ any, args []goja.Value) goja.Value {
	return parseHTMLWith(win(r), args, false)
}

func parseHTMLWith(w *Window, args []goja.Value, safe bool) goja.Value {
	var markup string
	if safe {
		markup = bind.DOMString(args[0])
	} else {
		markup = w.trustedString(trustedHTML, args[0], bind.DOMString, trustedSink{iface: "Document", member: "parseHTMLUnsafe"})
	}
	where, dict := "Failed to execute 'parseHTML' on 'Document': ", "SetHTMLOptions"
	if !safe {
		where, dict = "Failed to execute 'parseHTMLUnsafe' on 'Document': ", "ParseHTMLUnsafeOptions"
	}
	c, filter := w.htmlSetterSanitizer(bind.Arg(args, 1), safe, where, dict)
	var d *dom.Document
	var err error
	if !filter {
		d, err = dom.ParseWithOptions(strings.NewReader(markup), dom.ParseOptions{NoScripting: true})
	} else {
		d, err = dom.ParseHTML(markup, c, safe)
	}
	w.check(err)
	if !safe && len(args) < 2 {
		// Chromium 156 drops the comments inside the html element (not
		// those beside it) when parseHTMLUnsafe has no options argument
		// at all; an explicit undefined or {} keeps them.
		if root := d.DocumentElement(); root != nil {
			noComments, _ := dom.NewSanitizerConfig(dom.SanitizerConfigInit{Comments: new(bool)}, false)
			noComments.Sanitize(root, false)
		}
	}
	d.Scripting = false
	return w.wrap(&d.Node)
}
