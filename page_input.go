package bangsnap

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/internal/ascii"
)

// The actions below reach the page as JavaScript (see Page.call): each
// fires the events a user's input fires in Chromium, in its order, as
// trusted events (isTrusted is true: they are dispatched through D, the
// dispatcher jsruntime's Window.RunTrusted hands the action and no page
// script can reach; the default actions that follow them, such as
// submitting a form on Enter, are performed by the action itself).

// inputJS is shared by the actions that type: key describes a key as
// KeyboardEvent init fields, insert types one character into a text field
// through the value setter of the element's prototype (so that frameworks
// that wrap the value property see the change), del deletes the last one.
const inputJS = `
var named = {Enter: [13, "Enter"], Tab: [9, "Tab"], Backspace: [8, "Backspace"], Escape: [27, "Escape"],
	Delete: [46, "Delete"], ArrowLeft: [37, "ArrowLeft"], ArrowUp: [38, "ArrowUp"], ArrowRight: [39, "ArrowRight"],
	ArrowDown: [40, "ArrowDown"], Home: [36, "Home"], End: [35, "End"], PageUp: [33, "PageUp"], PageDown: [34, "PageDown"],
	" ": [32, "Space"]};
function key(k) {
	var n = named[k];
	if (n) return {key: k, code: n[1], keyCode: n[0], which: n[0]};
	var u = k.toUpperCase(), c = u.charCodeAt(0);
	if (u >= "A" && u <= "Z" && u.length === 1) return {key: k, code: "Key" + u, keyCode: c, which: c};
	if (k >= "0" && k <= "9" && k.length === 1) return {key: k, code: "Digit" + k, keyCode: c, which: c};
	return {key: k, code: "", keyCode: 0, which: 0};
}
function kev(type, init, charCode) {
	var d = {bubbles: true, cancelable: true, composed: true, key: init.key, code: init.code,
		keyCode: charCode ? charCode : init.keyCode, which: charCode ? charCode : init.which, charCode: charCode || 0};
	return typeof KeyboardEvent === "function" ? new KeyboardEvent(type, d) : new Event(type, d);
}
function setValue(el, v) {
	var proto = Object.getPrototypeOf(el), d;
	while (proto && !(d = Object.getOwnPropertyDescriptor(proto, "value"))) proto = Object.getPrototypeOf(proto);
	if (d && d.set) d.set.call(el, v); else el.value = v;
}
function editable(el) {
	return el && (el.localName === "textarea" || el.localName === "input" && !/^(button|submit|reset|checkbox|radio|file|image|hidden|range|color)$/.test(el.type)) && !el.readOnly && !el.disabled;
}
function input(el, type, data, edit) {
	var d = {bubbles: true, cancelable: true, composed: true, data: data, inputType: type};
	var before = typeof InputEvent === "function" ? new InputEvent("beforeinput", d) : new Event("beforeinput", d);
	if (!D(el, before)) return;
	edit();
	d.cancelable = false;
	D(el, typeof InputEvent === "function" ? new InputEvent("input", d) : new Event("input", d));
}
// press fires one key's keydown, keypress (for keys that produce a
// character, and Enter), its default action, and keyup.
// https://w3c.github.io/uievents/#events-keyboard-event-order
function press(el, k) {
	var init = key(k);
	if (D(el, kev("keydown", init))) {
		var ch = k.length === 1 || [...k].length === 1 ? k : k === "Enter" ? "\r" : "";
		if (ch === "" || D(el, kev("keypress", init, ch.charCodeAt(0)))) act(el, k, ch);
	}
	// keyup goes to what has the focus when the key is released (after
	// Tab, the next element).
	D(document.activeElement || document.body, kev("keyup", init));
}
function act(el, k, ch) {
	if (k === "Enter") return enter(el);
	if (k === "Tab") return tab(el);
	if (!editable(el)) return;
	if (k === "Backspace") {
		if (el.value !== "") input(el, "deleteContentBackward", null, function () { setValue(el, el.value.slice(0, -1)); });
		return;
	}
	// A field at its maxlength takes no more characters (no input event).
	if (ch !== "" && ch !== "\r" && !(el.maxLength >= 0 && [...el.value].length >= el.maxLength)) input(el, "insertText", ch, function () { setValue(el, el.value + ch); });
}
// tab moves the focus to the next element in sequential focus order:
// positive tabindex values first, ascending, then tabindex 0 and the
// naturally focusable in document order, one stop per radio group; past
// the last one the focus
// leaves the document (the body has it).
// https://html.spec.whatwg.org/multipage/interaction.html#sequential-focus-navigation
function tab(el) {
	var all = document.querySelectorAll("a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]");
	var pos = [], zero = [], radios = {};
	function radioStop(c) {
		// One stop per radio group: its checked button, else its first.
		var key = (c.form ? "f" : "d") + ":" + c.name, g = radios[key];
		if (!g) {
			g = radios[key] = {first: null, checked: null};
			for (var j = 0; j < all.length; j++) {
				var r = all[j];
				if (r.localName === "input" && r.type === "radio" && r.name === c.name && r.form === c.form) {
					g.first = g.first || r;
					if (r.checked) g.checked = r;
				}
			}
		}
		return c === (g.checked || g.first);
	}
	for (var i = 0; i < all.length; i++) {
		var c = all[i], ti = c.getAttribute("tabindex");
		var n = ti === null || ti === "" || isNaN(parseInt(ti, 10)) ? 0 : parseInt(ti, 10);
		if (n < 0 || c.matches(":disabled") || c.localName === "input" && c.type === "hidden" || c.closest("[hidden], [inert]")) continue;
		if (c.localName === "input" && c.type === "radio" && c.name && !radioStop(c)) continue;
		if (c.localName === "summary" && !(c.parentElement && c.parentElement.localName === "details" && c.parentElement.querySelector("summary") === c)) continue;
		if (c.hasAttribute("contenteditable") && c.getAttribute("contenteditable") === "false" && ti === null) continue;
		(n > 0 ? pos : zero).push({el: c, n: n, i: i});
	}
	pos.sort(function (a, b) { return a.n - b.n || a.i - b.i; });
	var order = pos.concat(zero).map(function (x) { return x.el; });
	var next = order[order.indexOf(el) + 1];
	if (next) next.focus(); else if (el && el.blur) el.blur();
}
// pointerInit and mouseInit are the init dictionaries of the events of a
// mouse (its primary pointer) in Chromium.
function mouseInit(bubbles, related, button, buttons, detail) {
	return {bubbles: bubbles, cancelable: bubbles, composed: bubbles, view: window, relatedTarget: related || null,
		button: button, buttons: buttons, detail: detail};
}
function pointerInit(bubbles, related, button, buttons, detail, primary) {
	var d = mouseInit(bubbles, related, button, buttons, detail);
	d.pointerId = 1; d.pointerType = "mouse"; d.isPrimary = primary;
	return d;
}
function fireMouse(target, type, d) {
	var C = type.indexOf("pointer") === 0 || type === "click" ? (typeof PointerEvent === "function" ? PointerEvent : MouseEvent) : MouseEvent;
	return D(target, typeof C === "function" ? new C(type, d) : new Event(type, d));
}
// moveTo moves the mouse onto el as Chromium reports it: out and leave
// events for what it leaves (leave from the innermost), over and enter
// events for what it enters (enter from the outermost; from outside the
// window that starts at the document), pointer events before mouse ones,
// then the moves. mouse.over remembers where it is.
// https://w3c.github.io/uievents/#events-mouseevent-event-order
function moveTo(el) {
	var prev = mouse.over;
	if (prev && (!prev.isConnected || prev.ownerDocument !== el.ownerDocument)) prev = null;
	function path(n) {
		var a = [];
		for (; n; n = n.parentNode || (n.host && n.nodeType === 11 ? n.host : null)) a.push(n);
		return a;
	}
	if (prev !== el) {
		var to = path(el), from = prev ? path(prev) : [], leave = [], enter = [], i;
		for (i = 0; i < from.length; i++) if (to.indexOf(from[i]) < 0) leave.push(from[i]);
		for (i = to.length - 1; i >= 0; i--) if (from.indexOf(to[i]) < 0) enter.push(to[i]);
		["pointer", "mouse"].forEach(function (kind) {
			var p = kind === "pointer", init = p ? pointerInit : mouseInit, b = p ? -1 : 0;
			if (prev) {
				fireMouse(prev, kind + "out", init(true, el, b, 0, 0, true));
				leave.forEach(function (n) { fireMouse(n, kind + "leave", init(false, el, b, 0, 0, true)); });
			}
			fireMouse(el, kind + "over", init(true, prev, b, 0, 0, true));
			enter.forEach(function (n) { fireMouse(n, kind + "enter", init(false, prev, b, 0, 0, true)); });
		});
	}
	mouse.over = el;
	fireMouse(el, "pointermove", pointerInit(true, null, -1, 0, 0, true));
	fireMouse(el, "mousemove", mouseInit(true, null, 0, 0, 0));
}
// mouseClick moves the mouse onto el and clicks it as a mouse's primary
// button does.
function mouseClick(el) {
	if (mouse.over !== el) moveTo(el);
	fireMouse(el, "pointerdown", pointerInit(true, null, 0, 1, 0, true));
	if (fireMouse(el, "mousedown", mouseInit(true, null, 0, 1, 1)) && el.focus) el.focus();
	fireMouse(el, "pointerup", pointerInit(true, null, 0, 0, 0, true));
	fireMouse(el, "mouseup", mouseInit(true, null, 0, 0, 1));
	userClick(el);
}
// userClick fires the click of a user's primary button at el, with its
// activation behavior (el.click() would make it untrusted).
function userClick(el) {
	if (typeof MouseEvent !== "function") return el.click();
	fireMouse(el, "click", pointerInit(true, null, 0, 0, 1, false));
}
// enter: a line break in a textarea, implicit submission in a form's
// field, activation of a button or link.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#implicit-submission
function enter(el) {
	if (el.localName === "textarea") {
		if (!el.readOnly && !el.disabled) input(el, "insertLineBreak", null, function () { setValue(el, el.value + "\n"); });
		return;
	}
	if (el.localName === "button" || el.localName === "a" && el.hasAttribute("href") || el.localName === "input" && /^(button|submit|reset|image|checkbox|radio)$/.test(el.type) && el.type !== "checkbox" && el.type !== "radio") {
		userClick(el);
		return;
	}
	var f = el.form;
	if (!f || !editable(el) && !(el.localName === "input" && /^(checkbox|radio)$/.test(el.type))) return;
	var submit = null, fields = 0;
	for (var i = 0; i < f.elements.length; i++) {
		var c = f.elements[i];
		if (!submit && (c.localName === "button" && c.type === "submit" || c.localName === "input" && /^(submit|image)$/.test(c.type))) submit = c;
		if (c.localName === "input" && /^(text|search|url|tel|email|password|date|month|week|time|datetime-local|number)$/.test(c.type)) fields++;
	}
	if (submit) { if (!submit.disabled) userClick(submit); return; }
	if (fields === 1) f.requestSubmit ? f.requestSubmit() : f.submit();
}
`

// jsAction wraps body (run with the target element as this and the action's
// arguments as arguments) with inputJS in scope.
func jsAction(body string) string {
	return "function(){" + inputJS + body + "}"
}

// target returns the element an action acts on: the first element matching
// selector, which must not be a disabled form control.
func (p *Page) target(what, selector string) (*dom.Node, error) {
	if p.closed {
		return nil, ErrClosed
	}
	n, err := p.query(selector)
	if err != nil {
		return nil, fmt.Errorf("bangsnap: %s: %w", what, err)
	}
	if disabled(n) {
		return nil, fmt.Errorf("bangsnap: %s %q: %w", what, selector, ErrDisabled)
	}
	return n, nil
}

// disabled reports whether n is a disabled form control: its own disabled
// attribute, or a disabled fieldset ancestor (outside its first legend).
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fe-disabled
func disabled(n *dom.Node) bool {
	switch n.LocalName() {
	case "button", "input", "select", "textarea", "optgroup", "option", "fieldset":
	default:
		return false
	}
	if n.HasAttribute("disabled") {
		return true
	}
	if n.LocalName() == "option" {
		if p := n.ParentElement(); p != nil && p.LocalName() == "optgroup" && p.HasAttribute("disabled") {
			return true
		}
		return false
	}
	child := n
	for a := n.ParentElement(); a != nil; child, a = a, a.ParentElement() {
		if a.LocalName() != "fieldset" || !a.HasAttribute("disabled") {
			continue
		}
		if child.LocalName() == "legend" && firstLegend(a) == child {
			continue
		}
		return true
	}
	return false
}

func firstLegend(fieldset *dom.Node) *dom.Node {
	for c := fieldset.FirstElementChild(); c != nil; c = c.NextElementSibling() {
		if c.LocalName() == "legend" {
			return c
		}
	}
	return nil
}

// act checks the target of an action and runs fn on it (see call).
func (p *Page) act(ctx context.Context, what, selector, fn string, args ...any) error {
	if _, err := p.target(what, selector); err != nil {
		return err
	}
	return p.call(ctx, what, selector, fn, args...)
}

// Click clicks the first element matching selector as a mouse does in
// Chromium: the moves of Hover unless the mouse is over it already,
// pointerdown, mousedown, focus (of the element when it is
// focusable), pointerup, mouseup, then click with its default action (a
// checkbox toggles, a link to a #fragment moves, a submit button submits
// its form), then waits until the page is quiet. A disabled control gives
// ErrDisabled.
func (p *Page) Click(ctx context.Context, selector string) error {
	return p.act(ctx, "click", selector, jsAction(`mouseClick(this)`))
}

// Hover moves the mouse onto the first element matching selector, firing
// what Chromium fires: pointerout and pointerleave at what the mouse was over
// (left by an earlier Hover or Click), pointerover and pointerenter at the
// element (enter at each ancestor it was not over yet, from the outermost;
// the first move comes from outside the window, so it starts at the
// document), the same for mouse events, then pointermove and mousemove,
// with relatedTarget set as Chromium sets it; then it waits until the page
// is quiet.
func (p *Page) Hover(ctx context.Context, selector string) error {
	return p.act(ctx, "hover", selector, jsAction(`moveTo(this)`))
}

// Focus focuses the first element matching selector (element.focus():
// blur and focusout on what had the focus, focus and focusin on it), then
// waits until the page is quiet. An element that cannot take the focus
// leaves it where it was.
func (p *Page) Focus(ctx context.Context, selector string) error {
	return p.act(ctx, "focus", selector, `function(){ if (this.focus) this.focus() }`)
}

// Type focuses the text field (input or textarea) matching selector,
// clears it, and types text one character at a time as a keyboard does in
// Chromium: for each character keydown, keypress, beforeinput, the value
// changed, input (an InputEvent with inputType "insertText"), keyup; a
// handler canceling keydown, keypress or beforeinput keeps that character
// out. "\n" presses Enter. At the end a change event commits the value, as
// leaving the field would (the field keeps the focus). Then Type waits
// until the page is quiet. A read-only or non-text control gives
// ErrNotAllowed, a disabled one ErrDisabled.
func (p *Page) Type(ctx context.Context, selector, text string) error {
	n, err := p.target("type", selector)
	if err != nil {
		return err
	}
	switch n.LocalName() {
	case "input", "textarea":
	default:
		return fmt.Errorf("bangsnap: type into %q: a <%s>, not a text field: %w", selector, n.LocalName(), ErrNotAllowed)
	}
	return p.call(ctx, "type", selector, jsAction(`
		var el = this, text = arguments[0];
		if (!editable(el)) throw new TypeError("not an editable text field");
		if (el.focus) el.focus();
		var start = el.value;
		setValue(el, "");
		for (var ch of text) press(el, ch === "\n" ? "Enter" : ch);
		if (el.value !== start) D(el, new Event("change", {bubbles: true}));
	`), text)
}

// Press presses one key on the element that has the focus (the body when
// none has), as Chromium does: keydown, keypress (for a key that types a
// character, and Enter), the key's default action, keyup. key is a single
// character ("a", "7", " ") or a key name: Enter, Tab, Backspace, Escape,
// Delete, ArrowLeft, ArrowUp, ArrowRight, ArrowDown, Home, End, PageUp,
// PageDown. A character is typed into a focused text field; Backspace
// deletes its last character; Enter submits the field's form implicitly (by
// its first submit button, or directly when the form has a single text
// field and no submit button), activates a focused button or link, or
// breaks the line in a textarea; Tab moves the focus to the next element
// in sequential focus order (tabindex, then document order; there is no
// Shift+Tab). The arrows, Home, End and the page keys fire only their key
// events. Then Press waits until the page is quiet.
func (p *Page) Press(ctx context.Context, key string) error {
	if p.closed {
		return ErrClosed
	}
	if utf8.RuneCountInString(key) != 1 && !knownKey(key) {
		return fmt.Errorf("bangsnap: press %q: not a single character or a known key name", key)
	}
	_, err := p.userTask(ctx, "press", "(function(D,mouse){"+inputJS+"press(document.activeElement || document.body, "+jsString(key)+")})")
	return err
}

func knownKey(k string) bool {
	switch k {
	case "Enter", "Tab", "Backspace", "Escape", "Delete", "ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "Home", "End", "PageUp", "PageDown":
		return true
	}
	return false
}

// Select selects the options of the <select> matching selector whose
// values are values (one for a single select; any number for a multiple
// one, deselecting the others), then fires input and change as Chromium
// does when the user picks, and waits until the page is quiet. A value no
// enabled option has gives ErrNotFound and changes nothing.
func (p *Page) Select(ctx context.Context, selector string, values ...string) error {
	n, err := p.target("select", selector)
	if err != nil {
		return err
	}
	if n.LocalName() != "select" {
		return fmt.Errorf("bangsnap: select in %q: a <%s>, not a <select>: %w", selector, n.LocalName(), ErrNotAllowed)
	}
	_, multiple := n.GetAttribute("multiple")
	if len(values) != 1 && !multiple {
		return fmt.Errorf("bangsnap: select in %q: %d values for a single select: %w", selector, len(values), ErrNotAllowed)
	}
	opts, err := n.QuerySelectorAll("option")
	if err != nil {
		return fmt.Errorf("bangsnap: select: %w", err)
	}
	for _, v := range values {
		found := false
		for _, o := range opts {
			if o.Value() == v && !disabled(o) {
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("bangsnap: select %q in %q: %w: no enabled option has that value", v, selector, ErrNotFound)
		}
	}
	return p.call(ctx, "select", selector, `function(){
		var want = [].slice.call(arguments), changed = false;
		for (var i = 0; i < this.options.length; i++) {
			var o = this.options[i], sel = want.indexOf(o.value) >= 0 && !o.disabled;
			if (!this.multiple && sel) want = [];
			if (o.selected !== sel) { o.selected = sel; changed = true; }
		}
		D(this, new Event("input", {bubbles: true, composed: true}));
		D(this, new Event("change", {bubbles: true}));
	}`, anySlice(values)...)
}

// Check checks the checkbox or radio button matching selector by clicking
// it as Click does (the mouse events, click, input, change), unless it is checked already; Uncheck unchecks
// a checkbox the same way (a radio button cannot be unchecked by the user:
// ErrNotAllowed). Both wait until the page is quiet, and return an error
// when the page's handlers kept the box from changing (a canceled click).
func (p *Page) Check(ctx context.Context, selector string) error {
	return p.setChecked(ctx, "check", selector, true)
}

// Uncheck: see Check.
func (p *Page) Uncheck(ctx context.Context, selector string) error {
	return p.setChecked(ctx, "uncheck", selector, false)
}

func (p *Page) setChecked(ctx context.Context, what, selector string, on bool) error {
	n, err := p.target(what, selector)
	if err != nil {
		return err
	}
	typ, _ := n.GetAttribute("type")
	typ = ascii.Lower(typ)
	if n.LocalName() != "input" || typ != "checkbox" && typ != "radio" {
		return fmt.Errorf("bangsnap: %s %q: not a checkbox or radio button: %w", what, selector, ErrNotAllowed)
	}
	if !on && typ == "radio" {
		return fmt.Errorf("bangsnap: uncheck %q: a radio button: %w", selector, ErrNotAllowed)
	}
	return p.call(ctx, what, selector, jsAction(`
		var on = arguments[0];
		if (this.checked === on) return;
		mouseClick(this);
		if (this.checked !== on) throw new Error("the page kept the box " + (on ? "unchecked" : "checked"));
	`), on)
}

func anySlice(ss []string) []any {
	a := make([]any, len(ss))
	for i, s := range ss {
		a[i] = s
	}
	return a
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
