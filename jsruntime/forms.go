package jsruntime

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// Constraint validation without a user: the validity states that script
// can cause (required, pattern, min/max, type mismatches of email and url,
// custom messages), checkValidity firing invalid, and form reset. tooLong
// and tooShort stay false as in browsers, where only user edits trigger
// them.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constraints

// validityState is one element's validity flags.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#validitystate
type validityState struct {
	valueMissing, typeMismatch, patternMismatch, tooLong, tooShort, rangeUnderflow,
	rangeOverflow, stepMismatch, badInput, customError bool
}

func (v validityState) valid() bool { return v == validityState{} }

// willValidate reports whether n is a candidate for constraint validation.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#candidate-for-constraint-validation
func willValidate(n *dom.Node) bool {
	if !isHTMLElement(n) {
		return false
	}
	switch n.DataAtom {
	case atom.Input:
		switch n.InputType() {
		case "hidden", "reset", "button", "image":
			// An image button is barred too, as in Chromium.
			return false
		}
		if n.HasAttribute("readonly") {
			return false
		}
	case atom.Button:
		if t := ascii.Lower(n.Attribute("type")); t == "reset" || t == "button" {
			return false
		}
	case atom.Select:
	case atom.Textarea:
		if n.HasAttribute("readonly") {
			return false
		}
	default:
		return false
	}
	// A disabled control is barred: its own attribute, or a disabled
	// fieldset it is not in the first legend of.
	if actuallyDisabled(n) {
		return false
	}
	for a := n.ParentElement(); a != nil; a = a.ParentElement() {
		if isHTMLElement(a) && a.DataAtom == atom.Datalist {
			return false
		}
	}
	return true
}

// faceWillValidate reports whether form-associated custom element n is a
// candidate for constraint validation: not disabled, not readonly, not in
// a datalist.
// https://html.spec.whatwg.org/multipage/custom-elements.html#face-validation
func faceWillValidate(n *dom.Node) bool {
	if n.HasAttribute("readonly") || actuallyDisabled(n) {
		return false
	}
	for a := n.ParentElement(); a != nil; a = a.ParentElement() {
		if isHTMLElement(a) && a.DataAtom == atom.Datalist {
			return false
		}
	}
	return true
}

// willValidateAny is willValidate for any element, form-associated custom
// elements included.
func (w *Window) willValidateAny(n *dom.Node) bool {
	if w.formAssociated(n) {
		return faceWillValidate(n)
	}
	return willValidate(n)
}

// validity computes n's validity state.
func (w *Window) validity(n *dom.Node) validityState {
	if w.formAssociated(n) {
		return w.ceValidity(n)
	}
	// The flags hold for a barred element too, as in Chromium 156 (only
	// validity.valid and willValidate tell it apart), but for a missing
	// value of a text control that is disabled or read-only.
	v := validityState{customError: w.customValidity[n] != ""}
	if !isHTMLElement(n) {
		return v
	}
	required := n.HasAttribute("required")
	inert := actuallyDisabled(n) || n.HasAttribute("readonly")
	switch n.DataAtom {
	case atom.Input:
		typ := n.InputType()
		val := n.Value()
		switch typ {
		case "hidden", "submit", "reset", "button", "image":
			return v
		case "checkbox":
			v.valueMissing = required && !n.Checked()
		case "radio":
			// A radio without a name is in no group Chromium checks: it
			// never suffers from being missing (the standard makes it a
			// group of one; WPT's valueMissing test expects Chromium's).
			v.valueMissing = n.Attribute("name") != "" && radioGroupRequired(n) && !radioGroupChecked(n)
		case "file":
			v.valueMissing = required && len(w.inputFileList(n)) == 0
		case "range", "color":
		default:
			v.valueMissing = required && val == "" && !inert
		}
		if val == "" {
			break
		}
		switch typ {
		case "email":
			for _, e := range strings.Split(val, ",") {
				if !validEmail(strings.TrimSpace(e)) || !n.HasAttribute("multiple") && strings.Contains(val, ",") {
					v.typeMismatch = true
				}
			}
		case "url":
			v.typeMismatch = !hasURLScheme(val)
		}
		switch typ {
		case "text", "search", "url", "tel", "email", "password":
			if p, ok := n.GetAttribute("pattern"); ok {
				if typ == "email" && n.HasAttribute("multiple") {
					// Each address of a multiple email input must match.
					// https://html.spec.whatwg.org/multipage/input.html#attr-input-pattern
					for _, e := range strings.Split(val, ",") {
						if !w.matchesPattern(p, e) {
							v.patternMismatch = true
						}
					}
				} else {
					v.patternMismatch = !w.matchesPattern(p, val)
				}
			}
		case "number", "range", "date", "month", "week", "time", "datetime-local":
			v.rangeUnderflow, v.rangeOverflow = rangeFlags(n, val)
			v.stepMismatch = n.StepMismatch()
		}
	case atom.Textarea:
		v.valueMissing = required && n.Value() == "" && !inert
	case atom.Select:
		v.valueMissing = required && n.SelectValueMissing()
	}
	return v
}

// emailMismatchMessage is the message Chromium gives an email input whose
// value is not a valid address (or, with multiple, list of addresses): it
// names the first address that is not valid and what is wrong with it.
func emailMismatchMessage(val string, multiple bool) string {
	bad := val
	if multiple {
		found := false
		for _, e := range strings.Split(val, ",") {
			if e = strings.TrimSpace(e); !validEmail(e) {
				bad, found = e, true
				break
			}
		}
		if !found {
			return "Please enter a comma-separated list of email addresses."
		}
	}
	if bad == "" {
		return "Please enter a non-empty email address."
	}
	local, domain, ok := strings.Cut(bad, "@")
	switch {
	case !ok:
		return "Please include an '@' in the email address. '" + bad + "' is missing an '@'."
	case local == "":
		return "Please enter a part followed by '@'. '" + bad + "' is incomplete."
	case domain == "":
		return "Please enter a part following '@'. '" + bad + "' is incomplete."
	}
	if i := strings.IndexFunc(local, func(c rune) bool { return !emailLocalChar(c) }); i >= 0 {
		_, size := utf8.DecodeRuneInString(local[i:])
		return "A part followed by '@' should not contain the symbol '" + local[i:i+size] + "'."
	}
	if i := strings.IndexFunc(domain, func(c rune) bool { return !(asciiAlnum(c) || c == '-' || c == '.') }); i >= 0 {
		_, size := utf8.DecodeRuneInString(domain[i:])
		return "A part following '@' should not contain the symbol '" + domain[i:i+size] + "'."
	}
	if domain[0] == '.' || domain[len(domain)-1] == '.' || strings.Contains(domain, "..") {
		return "'.' is used at a wrong position in '" + domain + "'."
	}
	if multiple {
		return "Please enter a comma-separated list of email addresses."
	}
	return "Please enter an email address."
}

func asciiAlnum(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// emailLocalChar tells the characters of an address's local part.
func emailLocalChar(c rune) bool {
	return asciiAlnum(c) || c < utf8.RuneSelf && strings.IndexByte(".!#$%&'*+/=?^_`{|}~-", byte(c)) >= 0
}

// validEmail is the valid e-mail address syntax.
// https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
func validEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || domain == "" {
		return false
	}
	for _, c := range []byte(local) {
		if !emailLocalChar(rune(c)) {
			return false
		}
	}
	for _, label := range strings.Split(domain, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range []byte(label) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// matchesPattern matches a whole value against a pattern attribute with
// the page's own RegExp, with the v flag (its classes translated to the u
// flag's, as the page's RegExp does), after vFlagSyntaxError has refused
// what goja's u flag lets through; an invalid pattern matches everything.
// The pattern must compile alone too: "a)(b" would close the "^(?:" around
// it.
// https://html.spec.whatwg.org/multipage/input.html#the-pattern-attribute
func (w *Window) matchesPattern(pattern, value string) bool {
	if vFlagSyntaxError(pattern) {
		return true
	}
	if strings.Contains(pattern, `\p{`) || strings.Contains(pattern, `\P{`) {
		// goja's RegExp has no Unicode property escapes; RE2 has the
		// general categories and scripts by their short names (\p{L},
		// \p{Greek}), with the same meaning for such a pattern.
		if re, err := regexp.Compile(`^(?:` + pattern + `)$`); err == nil {
			return re.MatchString(value)
		}
	}
	ctor, ok := goja.AssertConstructor(w.rt.Get("RegExp"))
	if !ok {
		return true
	}
	// The v flag's classes, written as the u flag's (regexpsets.go).
	u, ok := translateUnicodeSets(pattern)
	if !ok {
		return true
	}
	if strings.Contains(u, ")") {
		if _, err := ctor(nil, w.rt.ToValue(u), w.rt.ToValue("u")); err != nil {
			return true
		}
	}
	re, err := ctor(nil, w.rt.ToValue("^(?:"+u+")$"), w.rt.ToValue("u"))
	if err != nil || re == nil {
		return true
	}
	test, ok := goja.AssertFunction(re.Get("test"))
	if !ok {
		return true
	}
	res, err := test(re, w.rt.ToValue(value))
	return err != nil || res.ToBoolean()
}

func radioGroup(n *dom.Node, f func(o *dom.Node) bool) bool {
	name := n.Attribute("name")
	if name == "" || f(n) {
		// n is in its group even when it is the root of its tree (a
		// detached radio), which Descendants does not visit.
		return f(n)
	}
	form := formOwner(n)
	found := false
	n.Root().Descendants(func(o *dom.Node) bool {
		if !found && isHTMLElement(o) && o.DataAtom == atom.Input && o.InputType() == "radio" &&
			o.Attribute("name") == name && formOwner(o) == form && f(o) {
			found = true
		}
		return !found
	})
	return found
}

func radioGroupChecked(n *dom.Node) bool {
	return radioGroup(n, func(o *dom.Node) bool { return o.Checked() })
}

func radioGroupRequired(n *dom.Node) bool {
	return radioGroup(n, func(o *dom.Node) bool { return o.HasAttribute("required") })
}

// validationMessage is the message Chromium shows for n's first failing
// constraint ("" when valid or not validated).
func (w *Window) validationMessage(n *dom.Node) string {
	if !willValidate(n) {
		return ""
	}
	v := w.validity(n)
	switch {
	case v.customError:
		return w.customValidity[n]
	case v.valueMissing:
		switch {
		case n.DataAtom == atom.Select:
			return "Please select an item in the list."
		case n.DataAtom == atom.Input && n.InputType() == "checkbox":
			return "Please check this box if you want to proceed."
		case n.DataAtom == atom.Input && n.InputType() == "radio":
			return "Please select one of these options."
		case n.DataAtom == atom.Input && n.InputType() == "file":
			return "Please select a file."
		}
		return "Please fill out this field."
	case v.typeMismatch:
		if n.InputType() == "email" {
			return emailMismatchMessage(n.Value(), n.HasAttribute("multiple"))
		}
		return "Please enter a URL."
	case v.patternMismatch:
		return "Please match the requested format."
	case v.rangeUnderflow:
		return "Value must be greater than or equal to " + n.Attribute("min") + "."
	case v.rangeOverflow:
		return "Value must be less than or equal to " + n.Attribute("max") + "."
	}
	return ""
}

// validityOf is the implementation value of an element's ValidityState:
// a comparable value, so that the realm hands out one wrapper per element
// ([SameObject]), whose attributes read the element's state afresh.
type validityOf struct{ n *dom.Node }

func validityAttr(name string, f func(v validityState) bool) bind.Attribute {
	return bind.Attribute{Name: name, Get: func(r *bind.Realm, this any) goja.Value {
		w := win(r)
		return w.boolean(f(w.validity(this.(validityOf).n)))
	}}
}

// ValidityState https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#validitystate
var validityStateIface = &bind.Interface{
	Name: "ValidityState",
	Attributes: []bind.Attribute{
		validityAttr("valueMissing", func(v validityState) bool { return v.valueMissing }),
		validityAttr("typeMismatch", func(v validityState) bool { return v.typeMismatch }),
		validityAttr("patternMismatch", func(v validityState) bool { return v.patternMismatch }),
		validityAttr("tooLong", func(v validityState) bool { return v.tooLong }),
		validityAttr("tooShort", func(v validityState) bool { return v.tooShort }),
		validityAttr("rangeUnderflow", func(v validityState) bool { return v.rangeUnderflow }),
		validityAttr("rangeOverflow", func(v validityState) bool { return v.rangeOverflow }),
		validityAttr("stepMismatch", func(v validityState) bool { return v.stepMismatch }),
		validityAttr("badInput", func(v validityState) bool { return v.badInput }),
		validityAttr("customError", func(v validityState) bool { return v.customError }),
		validityAttr("valid", validityState.valid),
	},
}

// validityObject is the validity attribute's object: the same live
// ValidityState for every read.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-cva-validity
func (w *Window) validityObject(n *dom.Node) goja.Value {
	return w.realm.WrapObject(validityOf{n}, w.realm.Class("ValidityState"))
}

// setCustomValidity sets n's custom validity message.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#dom-cva-setcustomvalidity
func (w *Window) setCustomValidity(n *dom.Node, msg string) {
	if w.customValidity == nil {
		w.customValidity = map[*dom.Node]string{}
	}
	if (w.customValidity[n] != "") != (msg != "") {
		n.Document().StateChanged() // :invalid and :valid
	}
	if msg == "" {
		delete(w.customValidity, n)
		return
	}
	w.customValidity[n] = msg
}

// checkValidity fires invalid at n (or at each invalid control of a form)
// and reports whether all were valid.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#check-validity-steps
func (w *Window) checkValidity(n *dom.Node) bool {
	if isHTMLElement(n) && n.DataAtom == atom.Form {
		ok := true
		for _, c := range w.formControls(n) {
			if w.willValidateAny(c) && !w.validity(c).valid() {
				ok = false
				w.fire(c, "invalid", false, true)
			}
		}
		return ok
	}
	if !w.willValidateAny(n) || w.validity(n).valid() {
		return true
	}
	w.fire(n, "invalid", false, true)
	return false
}

// reportValidity is checkValidity that then reports the problem as
// Chromium does: the element (of a form, its first invalid control whose
// invalid event was not canceled) is focused, its validation anchor for a
// form-associated custom element that set one. There is no bubble to show.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#report-validity-steps
func (w *Window) reportValidity(n *dom.Node) bool {
	if isHTMLElement(n) && n.DataAtom == atom.Form {
		ok := true
		var first *dom.Node
		for _, c := range w.formControls(n) {
			if w.willValidateAny(c) && !w.validity(c).valid() {
				ok = false
				if w.fire(c, "invalid", false, true) && first == nil {
					first = c
				}
			}
		}
		if first != nil {
			w.focusValidationAnchor(first)
		}
		return ok
	}
	if !w.willValidateAny(n) || w.validity(n).valid() {
		return true
	}
	if w.fire(n, "invalid", false, true) {
		w.focusValidationAnchor(n)
	}
	return false
}

// focusValidationAnchor focuses where the problem of the invalid element
// n is reported.
func (w *Window) focusValidationAnchor(n *dom.Node) {
	if in := w.ce.internals[n]; in != nil && in.anchor != nil && in.anchor.IsConnected() && shadowIncludingAncestor(n, in.anchor) {
		n = in.anchor
	}
	if n.IsConnected() {
		// Chromium brings it to the nearest edge of the view, then
		// focuses it (already in view: no centring).
		w.scrollToElement(n, "nearest", "nearest")
		w.focus(n)
	}
}

// formControls lists the listed elements whose form owner is form, in
// tree order.
func (w *Window) formControls(form *dom.Node) []*dom.Node {
	var out []*dom.Node
	form.Root().Descendants(func(c *dom.Node) bool {
		if isHTMLElement(c) {
			switch c.DataAtom {
			case atom.Input, atom.Button, atom.Select, atom.Textarea, atom.Fieldset, atom.Output, atom.Object:
				if formOwner(c) == form {
					out = append(out, c)
				}
			default:
				if w.formAssociated(c) && formOwner(c) == form {
					out = append(out, c)
				}
			}
		}
		return true
	})
	return out
}

// resetForm fires reset at form and, unless canceled, resets its controls.
// The formResetCallback reactions of its custom controls run when the
// caller's [CEReactions] binding returns (form.reset()); for a reset
// button's activation (activation true: click() is no [CEReactions]
// method) they go to the backup element queue, run at the next microtask
// checkpoint, as in Chromium.
// https://html.spec.whatwg.org/multipage/forms.html#concept-form-reset
// https://html.spec.whatwg.org/multipage/custom-elements.html#backup-element-queue
//
// A form being reset ignores another reset (form.reset() or a reset
// button's click from a reset listener), as in Chromium 156, and so does
// a form whose document has no browsing context (one made by
// createHTMLDocument or DOMParser, a template's contents, a removed
// iframe's): Chromium's reset returns when the document has no frame,
// firing no reset event and resetting nothing.
func (w *Window) resetForm(form *dom.Node, activation bool) {
	if !w.hasBrowsingContext(form.Document()) {
		return
	}
	for _, f := range w.resetting {
		if f == form {
			return
		}
	}
	w.resetting = append(w.resetting, form)
	defer func() { w.resetting = w.resetting[:len(w.resetting)-1] }()
	if !w.fire(form, "reset", true, true) {
		return
	}
	var custom []*dom.Node
	for _, c := range w.formControls(form) {
		if c.DataAtom == atom.Output && isHTMLElement(c) {
			// https://html.spec.whatwg.org/multipage/form-elements.html#the-output-element:concept-form-reset-control
			// Chromium leaves an output whose text is its default value
			// as it is: its children stay, and so does its value mode.
			d := w.outputDefault(c)
			if t, _ := c.TextContent(); d == t {
				continue
			}
			delete(w.outputDefaults, c)
			c.SetTextContent(d)
			continue
		}
		c.ResetControl()
		if w.formAssociated(c) {
			if activation {
				custom = append(custom, c)
			} else {
				w.ceEnqueue(ceReaction{el: c, kind: 'R'})
			}
		}
	}
	w.afterMutation()
	if len(custom) > 0 {
		w.loop.QueueMicrotask(func() {
			for _, c := range custom {
				w.ceEnqueue(ceReaction{el: c, kind: 'R'})
			}
			w.ceRun()
		})
	}
}

// outputDefault is an output element's default value: its default value
// override, else its text.
func (w *Window) outputDefault(n *dom.Node) string {
	if v, ok := w.outputDefaults[n]; ok {
		return v
	}
	s, _ := n.TextContent()
	return s
}

// isSubmitButton reports a submit button: a button of type submit, or an
// input of type submit or image.
// https://html.spec.whatwg.org/multipage/forms.html#concept-submit-button
func isSubmitButton(n *dom.Node) bool {
	if !isHTMLElement(n) {
		return false
	}
	switch n.DataAtom {
	case atom.Button:
		t, _ := buttonType(n)
		return t == "submit"
	case atom.Input:
		return n.InputType() == "submit" || n.InputType() == "image"
	}
	return false
}

// rangeFlags computes rangeUnderflow and rangeOverflow of a numeric
// input's value; a time input whose max is below its min has a reversed
// range, and a value outside it (after max and before min) both
// underflows and overflows.
// https://html.spec.whatwg.org/multipage/input.html#has-a-reversed-range
func rangeFlags(n *dom.Node, val string) (under, over bool) {
	f, ok := n.InputStringToNumber(val)
	if !ok {
		return false, false
	}
	lo, hasMin := n.InputMin()
	hi, hasMax := n.InputMax()
	if hasMin && hasMax && lo > hi {
		switch n.InputType() {
		case "time":
			out := f > hi && f < lo
			return out, out
		case "range":
			// A range's maximum below its minimum is the minimum (the
			// value is sanitized to it), as in Chromium.
			hi = lo
		}
	}
	return hasMin && f < lo, hasMax && f > hi
}

// hasURLScheme reports whether s starts with a URL scheme and a colon,
// the check Chromium makes for an url input's typeMismatch.
func hasURLScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}
