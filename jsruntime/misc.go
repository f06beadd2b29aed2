package jsruntime

import (
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// NodeFilter https://dom.spec.whatwg.org/#interface-nodefilter is a
// callback interface with constants: the global NodeFilter is a legacy
// callback interface object (no prototype, not constructible).
var nodeFilterIface = &bind.Interface{
	Name:              "NodeFilter",
	CallbackInterface: true,
	// In the IDL's order; SHOW_ENTITY_REFERENCE, SHOW_ENTITY and
	// SHOW_NOTATION are historical but still defined.
	Constants: []bind.Constant{{Name: "FILTER_ACCEPT", Value: 1}, {Name: "FILTER_REJECT", Value: 2}, {Name: "FILTER_SKIP", Value: 3},
		{Name: "SHOW_ALL", Value: 0xFFFFFFFF}, {Name: "SHOW_ELEMENT", Value: 0x1}, {Name: "SHOW_ATTRIBUTE", Value: 0x2}, {Name: "SHOW_TEXT", Value: 0x4},
		{Name: "SHOW_CDATA_SECTION", Value: 0x8}, {Name: "SHOW_ENTITY_REFERENCE", Value: 0x10}, {Name: "SHOW_ENTITY", Value: 0x20},
		{Name: "SHOW_PROCESSING_INSTRUCTION", Value: 0x40}, {Name: "SHOW_COMMENT", Value: 0x80},
		{Name: "SHOW_DOCUMENT", Value: 0x100}, {Name: "SHOW_DOCUMENT_TYPE", Value: 0x200}, {Name: "SHOW_DOCUMENT_FRAGMENT", Value: 0x400},
		{Name: "SHOW_NOTATION", Value: 0x800}},
}

type domParser struct{}
type xmlSerializer struct{}

// DOMParser https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-parsing-and-serialization
var domParserIface = &bind.Interface{
	Name:        "DOMParser",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &domParser{} },
	Methods: []bind.Method{{Name: "parseFromString", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w := win(r)
		markup := w.trustedString(trustedHTML, args[0], bind.DOMString, trustedSink{iface: "DOMParser", member: "parseFromString"})
		typ := bind.DOMString(args[1])
		switch typ {
		case "text/html", "text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml":
		default:
			r.ThrowTypeError("Failed to execute 'parseFromString' on 'DOMParser': The provided value '%s' is not a valid enum value of type SupportedType.", typ)
		}
		if typ != "text/html" {
			// A malformed document comes back with a parsererror element
			// (https://w3c.github.io/DOM-Parsing/#dom-domparser-parsefromstring).
			d, _ := dom.ParseXML(strings.NewReader(markup))
			d.Scripting = false
			d.SetURL(w.nav.url)
			d.SetContentType(typ)
			return w.realm.WrapObject(&d.Node, w.realm.Class("XMLDocument"))
		}
		// The document is parsed with scripting disabled (its <noscript>
		// holds elements) and declarative shadow roots left as templates.
		// https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-domparser-parsefromstring
		d, err := dom.ParseWithOptions(strings.NewReader(markup), dom.ParseOptions{NoScripting: true, NoShadowRoots: true})
		w.check(err)
		d.Scripting = false
		d.SetURL(w.nav.url)
		w.scripts.templateScripts(&d.Node) // they run if moved into the page
		return w.wrap(&d.Node)
	}}},
}

// XMLSerializer https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface
var xmlSerializerIface = &bind.Interface{
	Name:        "XMLSerializer",
	Constructor: func(*bind.Realm, []goja.Value, *goja.Object) any { return &xmlSerializer{} },
	Methods: []bind.Method{{Name: "serializeToString", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
		w := win(r)
		n := w.nodeArg(args, 0, "serializeToString", "XMLSerializer")
		return w.str(n.XMLString())
	}}},
}
