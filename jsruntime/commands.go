package jsruntime

import (
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Invoker commands: a button with commandfor=ID and command=… acts on
// another element when activated, firing a CommandEvent at it first; and
// the popover target attributes, which buttons fall back to.
// https://html.spec.whatwg.org/multipage/form-elements.html#the-button-element
// https://html.spec.whatwg.org/multipage/popover.html#the-popover-target-attributes

// CommandEvent https://html.spec.whatwg.org/multipage/interaction.html#the-commandevent-interface
// Its command is kept in eventData.data, its source (an Element or null)
// in eventData.detail.
var commandEventIface = &bind.Interface{Name: "CommandEvent", Parent: "Event", CtorLength: 1,
	Constructor: func(r *bind.Realm, args []goja.Value, nt *goja.Object) any {
		w := win(r)
		return eventCtor("CommandEvent", func(d *eventData, dict eventDict) {
			d.data = dict.String("command")
			d.detail = dict.object("source", "Element", func(v goja.Value) bool {
				n := w.toNode(v)
				return n != nil && n.IsElement()
			})
		})(r, args, nt)
	},
	Attributes: []bind.Attribute{
		{Name: "source", Get: func(r *bind.Realm, this any) goja.Value {
			ev := this.(*dom.Event)
			return win(r).eventSource(ev, evData(ev).detail)
		}},
		{Name: "command", Get: dataGet(func(w *Window, d *eventData) goja.Value { return w.str(d.data) })},
	},
}

// Reflected element references (commandForElement, popoverTargetElement):
// an element set through the IDL attribute is kept until the content
// attribute changes; otherwise the content attribute is an ID looked up in
// the element's tree.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes

// attrElementKey names one element-reference attribute of one element.
type attrElementKey struct {
	n    *dom.Node
	attr string
}

// elementRefAttr is the IDL attribute name reflecting content attribute
// content as an Element?.
func elementRefAttr(name, content string) bind.Attribute {
	return attr(name, func(w *Window, n *dom.Node) goja.Value {
		if t := w.attrAssociatedElement(n, content); t != nil {
			return w.wrap(t)
		}
		return goja.Null()
	}, func(w *Window, n *dom.Node, v goja.Value) {
		if bind.Nullish(v) {
			n.RemoveAttribute(content)
			delete(w.attrElements, attrElementKey{n, content})
			return
		}
		t := w.toNode(v)
		if t == nil || !t.IsElement() {
			iface := "HTMLButtonElement"
			if n.DataAtom == atom.Input {
				iface = "HTMLInputElement"
			}
			w.realm.ThrowTypeError("Failed to set the '%s' property on '%s': Failed to convert value to 'Element'.", name, iface)
		}
		w.check(n.SetAttribute(content, "")) // clears an earlier element (attrElementChanged)
		if w.attrElements == nil {
			w.attrElements = make(map[attrElementKey]*dom.Node)
		}
		w.attrElements[attrElementKey{n, content}] = t
	})
}

// attrAssociatedElement is "get the attr-associated element": the element
// set through the IDL attribute, if it is in the element's tree or in a
// tree containing that tree's host; else the first element of the
// element's tree whose ID is the content attribute's value.
// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#attr-associated-element
func (w *Window) attrAssociatedElement(n *dom.Node, attr string) *dom.Node {
	if t := w.attrElements[attrElementKey{n, attr}]; t != nil {
		if shadowIncludingAncestor(t.Root(), n) {
			return t
		}
		return nil
	}
	id, ok := n.GetAttribute(attr)
	if !ok || id == "" {
		return nil
	}
	return n.Root().GetElementByID(id)
}

// attrElementChanged forgets the element set through an element-reference
// IDL attribute when its content attribute changes.
func (w *Window) attrElementChanged(n *dom.Node, attr string) {
	if len(w.attrElements) > 0 {
		delete(w.attrElements, attrElementKey{n, attr})
	}
}

// commandState is the state of a button's command attribute: a built-in
// keyword (lower case), the attribute's value for a custom command ("--"
// prefix), or "" for the Unknown state. It is also CommandEvent.command.
// https://html.spec.whatwg.org/multipage/form-elements.html#attr-button-command
func commandState(n *dom.Node) (state string, custom bool) {
	v := n.Attribute("command")
	if strings.HasPrefix(v, "--") {
		return v, true
	}
	k, _ := enumKeyword(v, buttonCommands)
	return k, false
}

// buttonType is the state of a button's type attribute: "submit",
// "reset" or "button"; a missing or invalid type is the Auto state, a
// submit button unless the button has a command or commandfor attribute.
// (Chromium 156 keeps a button a button once one of them was set, even
// after it is removed; this follows the standard.)
// https://html.spec.whatwg.org/multipage/form-elements.html#attr-button-type
func buttonType(n *dom.Node) (state string, auto bool) {
	if k, ok := enumKeyword(n.Attribute("type"), buttonTypes); ok && n.HasAttribute("type") {
		return k, false
	}
	if n.HasAttribute("command") || n.HasAttribute("commandfor") {
		return "button", true
	}
	return "submit", true
}

var buttonTypes = []string{"submit", "reset", "button"}

// buttonTypeAttr is HTMLButtonElement.type.
var buttonTypeAttr = attr("type", func(w *Window, n *dom.Node) goja.Value {
	t, _ := buttonType(n)
	return w.str(t)
}, func(w *Window, n *dom.Node, v goja.Value) { w.check(n.SetAttribute("type", bind.DOMString(v))) })

// eventSource is the source of a CommandEvent or ToggleEvent: the element
// v holds retargeted against the event's current target, so that a
// listener outside a shadow tree sees its host, and after dispatch
// against the document (a source in a shadow tree reads as its outermost
// host), as in Chromium.
// https://html.spec.whatwg.org/multipage/interaction.html#dom-commandevent-source
func (w *Window) eventSource(ev *dom.Event, v goja.Value) goja.Value {
	src := w.toNode(v)
	if src == nil {
		if v == nil {
			return goja.Null()
		}
		return v
	}
	if n, ok := dom.Retarget(src, ev.CurrentTarget()).(*dom.Node); ok {
		return w.wrap(n)
	}
	return w.wrap(src)
}

// activateButton is the activation behavior of a button element.
// https://html.spec.whatwg.org/multipage/form-elements.html#the-button-element:activation-behaviour
func (w *Window) activateButton(b *dom.Node) {
	if actuallyDisabled(b) {
		return
	}
	if f := formOwner(b); f != nil {
		switch t, auto := buttonType(b); {
		case t == "submit":
			w.submitForm(f, b, false)
			return
		case t == "reset":
			w.resetForm(f, true)
			return
		case auto:
			// A button of a form whose type is Auto only because it has
			// command attributes does nothing (Chromium 156).
			return
		}
	}
	target := w.attrAssociatedElement(b, "commandfor")
	if target == nil {
		w.popoverTargetActivate(b) // popover.go
		return
	}
	cmd, custom := commandState(b)
	if cmd == "" {
		return
	}
	dialogCommand := cmd == "show-modal" || cmd == "close" || cmd == "request-close"
	isDialog := isHTMLElement(target) && target.DataAtom == atom.Dialog
	if dialogCommand && !isDialog || !custom && !isHTMLElement(target) {
		// Only dialogs have these commands; popover commands are fired at
		// any HTML element (Chromium 156), and do something only at
		// popovers; an element of another namespace gets only custom
		// commands.
		return
	}
	ev := dom.NewEvent("command", false, true)
	ev.Composed = true
	ev.IsTrusted = true
	ev.Detail = &eventData{kind: "CommandEvent", data: cmd, detail: w.wrap(b),
		view: goja.Null(), state: goja.Null(), errVal: goja.Undefined()}
	ev.SetPathSource(b)
	if !w.dispatch(target, ev) || !target.IsConnected() || custom {
		return
	}
	// The popover and dialog algorithms of popover.go, with no exceptions:
	// nobody could catch them.
	switch cmd {
	case "toggle-popover", "show-popover", "hide-popover":
		open := w.popovers[target]
		switch {
		case open && cmd != "show-popover":
			w.hidePopover(target, true, false, true, b)
		case !open && cmd != "hide-popover":
			w.showPopover(target, false, b)
		}
	case "show-modal":
		// "show a modal dialog" would throw for these.
		if !target.HasAttribute("open") && target.IsConnected() && w.hasBrowsingContext(target.Document()) && !w.popovers[target] {
			w.showDialog(target, true)
		}
	case "close", "request-close":
		var rv *string
		if v, ok := b.GetAttribute("value"); ok {
			rv = &v
		}
		if cmd == "close" {
			w.closeDialog(target, rv)
		} else {
			w.requestCloseDialog(target, rv)
		}
	}
}
