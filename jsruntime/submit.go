package jsruntime

import (
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/xhr"
)

// Form submission as navigation: the page never leaves its document, so a
// submission that is not canceled is reported to Config.OnNavigate with
// the URL it would load (a GET's query built from the form's entries), or
// is a fragment navigation when only the fragment would change.

// formEntry is one name-value pair of a form's entry list. file marks the
// entry of a file input: no file is ever chosen, so its value is an empty
// File (name "", type application/octet-stream), which serializes as "".
type formEntry struct {
	name, value string
	file        bool
	// blob is the file of a file entry that has one (a form-associated
	// custom element's value); file entries without are empty files.
	blob *xhr.File
}

// submitForm submits form from submitter (the form itself for
// form.submit(), which neither validates nor fires submit).
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-form-submit
func (w *Window) submitForm(form, submitter *dom.Node, fromSubmitMethod bool) {
	if form == nil || !form.IsConnected() || !w.hasBrowsingContext(form.Document()) {
		return // a form that cannot navigate
	}
	if w.constructingEntries[form] {
		return // submitted from one of its own formdata listeners
	}
	if submitter == nil {
		submitter = form
	}
	if !fromSubmitMethod {
		if w.submitting[form] {
			return // the submission events are being fired for this form
		}
		if w.submitting == nil {
			w.submitting = make(map[*dom.Node]bool)
		}
		w.submitting[form] = true
		ok := func() bool {
			defer delete(w.submitting, form)
			// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#interactively-validate-the-constraints
			// reports the problem as reportValidity does: Chromium focuses
			// the first invalid control whose invalid event went unhandled.
			if !submitter.HasAttribute("formnovalidate") && !form.HasAttribute("novalidate") && !w.reportValidity(form) {
				return false
			}
			var sub *dom.Node
			if submitter != form {
				sub = submitter
			}
			return w.submitEvent(form, sub)
		}()
		if !ok || !form.IsConnected() {
			return
		}
	}
	method := formSetting(form, submitter, "method", "formmethod")
	if method == "dialog" {
		// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#submit-dialog
		for d := form.ParentElement(); d != nil; d = d.ParentElement() {
			if isHTMLElement(d) && d.DataAtom == atom.Dialog {
				rv := ""
				if submitter != form {
					rv = submitter.Value()
				}
				w.closeDialog(d, &rv)
				break
			}
		}
		return
	}
	// The entry list (a dialog method needs none), as the form's
	// formdata listeners leave it.
	charset, enc := w.formEncoding(form)
	list, ok := w.constructEntryList(form, submitter, charset)
	if !ok || !form.IsConnected() {
		return
	}
	entries := make([]formEntry, 0, len(list.Entries()))
	for _, e := range list.Entries() {
		entries = append(entries, formEntry{name: e.Name, value: e.Value, file: e.File != nil, blob: e.File})
	}
	action := ""
	if submitter != form && submitter.HasAttribute("formaction") {
		action = submitter.Attribute("formaction")
	} else {
		action = form.Attribute("action")
	}
	u, ok := w.nav.resolve(form.Document().ResolveURL(action))
	if action == "" {
		u, ok = w.nav.resolve(w.docURL(&form.Document().Node))
	}
	if !ok {
		return
	}
	target := form.Attribute("target")
	if submitter != form && submitter.HasAttribute("formtarget") {
		target = submitter.Attribute("formtarget")
	}
	if target == "" {
		target = baseTarget(form)
	}
	if u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "file" || u.Scheme == "data" {
		if method != "post" {
			// Mutate action URL: the query is replaced by the entries.
			c := *u
			c.RawQuery = urlencode(entries, enc)
			c.ForceQuery = c.RawQuery == "" // an empty query stays: /a?
			u = &c
		}
	}
	src := w.frameOfDocument(form.Document())
	if u.Scheme == "javascript" && src == nil && targetsThisPage(target) {
		return
	}
	// The navigation is planned as a task; a later one of this page
	// replaces it, and a frame's later navigation aborts it. One planned
	// while a click is dispatched (a submit() in a click listener) is
	// replaced by the next submission of the same form, whatever its
	// target: the submit button's own one, unless the click is canceled,
	// as in Chromium (which defers such a submit(); the standard replaces
	// every form's planned navigation so, but Chromium lets two submit()
	// calls outside a click navigate two frames).
	// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#plan-to-navigate
	w.planCount++
	gen := w.planCount
	deferred := w.clickDepth > 0
	if deferred {
		if w.formPlans == nil {
			w.formPlans = make(map[*dom.Node]int)
		}
		w.formPlans[form] = gen
	} else if w.formPlans != nil {
		delete(w.formPlans, form)
	}
	planned := func() bool {
		if !deferred {
			return true
		}
		if w.formPlans[form] != gen {
			return false
		}
		delete(w.formPlans, form)
		return true
	}
	if src != nil || !targetsThisPage(target) {
		// Another browsing context navigates, or a frame: the frame the
		// target chooses from the form's (windowopen.go) loads a GET
		// submission, or runs a javascript: action's script (whatever the
		// method); the page from a frame, a new window, or a POST body a
		// frame cannot send, leaves only a log line. This document stays.
		if f, _ := w.chooseNavigable(src, target); f != nil && (method != "post" || u.Scheme == "javascript") {
			w.loop.QueueTask(func() {
				if !planned() || f.gone {
					return
				}
				if u.Scheme == "javascript" {
					f.gen++
					w.frameJavascriptURL(f, u.String(), f.gen)
					return
				}
				w.frameLocationNavigate(f, u)
			})
			return
		}
		w.log.Debug("jsruntime: form submitted to another browsing context", "target", target, "url", u.String())
		return
	}
	w.plannedNav = gen
	fragmentOnly := method != "post"
	user := w.nav.userClick // a user's submit button (Page.Click)
	w.loop.QueueTask(func() {
		if ours := planned(); !ours || gen != w.plannedNav {
			return
		}
		// The navigate event's formData is the entry list of a POST
		// (navigation.go): a listener may intercept either kind.
		var fd goja.Value
		if !fragmentOnly {
			if cls := w.realm.Class("FormData"); cls != nil {
				fd = w.realm.WrapObject(list, cls)
			}
		}
		w.nav.navigateForm(u, submitter, fd, user)
	})
}

// targetsThisPage reports whether a navigable target name chooses this
// page's own browsing context (there are no frames or other windows).
// https://html.spec.whatwg.org/multipage/document-sequences.html#the-rules-for-choosing-a-navigable
func targetsThisPage(target string) bool {
	switch ascii.Lower(strings.TrimSpace(target)) {
	case "", "_self", "_top", "_parent":
		return true
	}
	return false
}

// baseTarget is the target of the document's first base element with one.
// https://html.spec.whatwg.org/multipage/semantics.html#get-an-element's-target
func baseTarget(n *dom.Node) string {
	t := ""
	n.Document().Node.Descendants(func(b *dom.Node) bool {
		if isHTMLElement(b) && b.DataAtom == atom.Base && b.HasAttribute("target") {
			t = b.Attribute("target")
			return false
		}
		return true
	})
	return t
}

// linkTarget is a hyperlink's target: its own, else the base element's.
func linkTarget(a *dom.Node) string {
	if t, ok := a.GetAttribute("target"); ok {
		return t
	}
	return baseTarget(a)
}

// formSetting reads method (or enctype) of a submission: the submitter's
// override attribute when it has one, else the form's, as enumerated
// values.
func formSetting(form, submitter *dom.Node, attr, override string) string {
	v, ok := "", false
	if submitter != form {
		v, ok = submitter.GetAttribute(override)
	}
	if !ok {
		v = form.Attribute(attr)
	}
	switch v = ascii.Lower(strings.TrimSpace(v)); v {
	case "post", "dialog":
		return v
	}
	return "get"
}

// actuallyDisabled reports a disabled form control: its own disabled
// attribute, or a disabled fieldset ancestor it is not in the first legend
// of.
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#concept-fe-disabled
func actuallyDisabled(n *dom.Node) bool {
	if n.HasAttribute("disabled") {
		return true
	}
	child := n
	for a := n.ParentElement(); a != nil; child, a = a, a.ParentElement() {
		if !isHTMLElement(a) || a.DataAtom != atom.Fieldset || !a.HasAttribute("disabled") {
			continue
		}
		// Inside the fieldset's first legend the control stays enabled.
		if legend := a.FirstLegend(); legend == nil || child != legend {
			return true
		}
	}
	return false
}

// formEntries constructs the entry list of form for a submission from
// submitter, or for new FormData(form, submitter): the form's controls by
// owner (the form attribute included), leaving out disabled ones and those
// in a disabled fieldset outside its first legend. A file input
// contributes an empty file entry, as no file is ever chosen. Controls
// inside a datalist are included, as Chromium does (the standard leaves
// them out).
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
func (w *Window) formEntries(form, submitter *dom.Node, charset string) []formEntry {
	var out []formEntry
	for _, f := range w.formControls(form) {
		if !isHTMLElement(f) || actuallyDisabled(f) {
			continue
		}
		typ := ""
		switch f.DataAtom {
		case atom.Input:
			typ = f.InputType()
		case atom.Button:
			typ = ascii.Lower(f.Attribute("type"))
			if typ != "reset" && typ != "button" {
				typ = "submit"
			}
		case atom.Select, atom.Textarea:
		default:
			if w.formAssociated(f) {
				out = w.ceFormEntries(f, out)
			}
			continue // fieldset, output, object: not submittable
		}
		switch typ {
		case "submit", "reset", "button":
			if f != submitter {
				continue
			}
		case "checkbox", "radio":
			if !f.Checked() {
				continue
			}
		case "image":
			if f != submitter {
				continue
			}
			name := f.Attribute("name")
			if name != "" {
				name += "."
			}
			out = append(out, formEntry{name: name + "x", value: "0"}, formEntry{name: name + "y", value: "0"})
			continue
		}
		name := f.Attribute("name")
		if name == "" {
			continue
		}
		switch {
		case f.DataAtom == atom.Select:
			for _, o := range f.Options() {
				if o.Selected() && !o.OptionDisabled() {
					out = append(out, formEntry{name: name, value: o.Value()})
				}
			}
		case typ == "checkbox" || typ == "radio":
			v, ok := f.GetAttribute("value")
			if !ok {
				v = "on"
			}
			out = append(out, formEntry{name: name, value: v})
		case typ == "file":
			// The files a script gave the input (input.files =
			// dataTransfer.files), else one empty file; urlencoded, an
			// entry is its file's name.
			files := w.inputFileList(f)
			if len(files) == 0 {
				out = append(out, formEntry{name: name, file: true})
			}
			for _, file := range files {
				out = append(out, formEntry{name: name, value: file.Name, file: true, blob: file})
			}
		case typ == "hidden" && ascii.EqualFold(name, "_charset_"):
			out = append(out, formEntry{name: name, value: charset})
		default:
			out = append(out, formEntry{name: name, value: f.Value()})
		}
		// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#attr-fe-dirname
		if dn := f.Attribute("dirname"); dn != "" && (f.DataAtom == atom.Textarea || typ == "text" || typ == "search") {
			out = append(out, formEntry{name: dn, value: "ltr"})
		}
	}
	return out
}

// urlencode serializes entries as application/x-www-form-urlencoded, line
// breaks normalized to CRLF, their names and values encoded with enc (nil:
// UTF-8), what it cannot encode written as an HTML character reference
// (&#8364; for a euro sign in ISO-8859-1).
// https://url.spec.whatwg.org/#concept-urlencoded-serializer
func urlencode(entries []formEntry, enc *encoding.Encoder) string {
	pairs := make([][2]string, len(entries))
	encode := func(s string) string {
		s = xhr.NormalizeNewlines(s)
		if enc != nil {
			if b, err := enc.String(s); err == nil {
				return b
			}
		}
		return s
	}
	for i, e := range entries {
		v := e.value
		if e.file && e.blob != nil {
			v = e.blob.Name // a file is sent as its name
		}
		pairs[i] = [2]string{encode(e.name), encode(v)}
	}
	return xhr.SerializeURLEncoded(pairs)
}

// formEncoding picks the encoding form submits with: the first label of its
// accept-charset attribute that names one (UTF-8 when none does), else the
// document's; UTF-16 and the replacement encoding submit as UTF-8. It
// returns the encoding's name as the Encoding standard writes it and an
// encoder that writes what the encoding lacks as character references (nil
// for UTF-8).
// https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#picking-an-encoding-for-the-form
func (w *Window) formEncoding(form *dom.Node) (string, *encoding.Encoder) {
	label := w.doc.CharacterSet()
	if v, ok := form.GetAttribute("accept-charset"); ok {
		label = "utf-8"
		for _, tok := range strings.FieldsFunc(v, isASCIISpace) {
			if enc, _ := charset.Lookup(tok); enc != nil {
				label = tok
				break
			}
		}
	}
	enc, name := charset.Lookup(label)
	switch name {
	case "", "utf-8", "utf-16be", "utf-16le", "replacement":
		return "UTF-8", nil
	}
	return xhr.EncodingName(nil, name), encoding.HTMLEscapeUnsupported(enc.NewEncoder())
}
