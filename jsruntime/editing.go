package jsruntime

import (
	"strconv"
	"strings"

	"github.com/bangsnap/bangsnap/internal/ascii"
	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime/bind"
)

// document.execCommand and the queryCommand methods for the basic editing
// commands: in a focused text control, or at the page's selection inside
// an editing host (the tree changes are package dom's Edit functions).
// A command that changed something fires an input event (an InputEvent,
// no beforeinput: Chromium fires none for execCommand) at the control or
// the editing host; a command run from inside that event does nothing.
// https://w3c.github.io/editing/docs/execCommand/

// An editCommand is one basic command: its inputType, and what it does.
type editCommand struct {
	inputType string
	// textControl: what it does in a focused text control (nil: not
	// enabled there)
	textControl func(w *Window, n *dom.Node, value string)
	// run does it at the selection's range r in host
	run func(w *Window, r *dom.Range, host *dom.Node, value string)
	// style: an inline style command, whose state is whether the
	// selected text is inside an element it matches
	style func(e *dom.Node) bool
	// computed: the state comes from the text's computed style instead
	computed *computedState
	// data: the input event's data is the command's value
	data bool
	// needsValue: with an empty value the command does nothing
	needsValue bool
}

var editCommands map[string]*editCommand

func init() {
	wrap := func(tag string, is func(*dom.Node) bool) func(w *Window, r *dom.Range, host *dom.Node, value string) {
		return func(w *Window, r *dom.Range, host *dom.Node, value string) {
			if r.Collapsed() {
				return // Chromium sets the typing style: nothing to see
			}
			if all, _ := dom.EditFormatted(r, host, is); all {
				dom.EditUnwrap(r, host, is)
				return
			}
			dom.EditWrap(r, host, is, func() *dom.Node {
				e, _ := host.Document().CreateElement(tag)
				return e
			})
		}
	}
	style := func(inputType, tag string, is func(*dom.Node) bool) *editCommand {
		return &editCommand{inputType: inputType, run: wrap(tag, is), style: is}
	}
	computed := func(c *editCommand, property string, has func(string) bool) *editCommand {
		c.computed = &computedState{property: property, has: has}
		return c
	}
	editCommands = map[string]*editCommand{
		"inserttext": {inputType: "insertText", data: true,
			textControl: func(w *Window, n *dom.Node, v string) { w.controlReplace(n, v, 0) },
			run:         func(w *Window, r *dom.Range, host *dom.Node, v string) { dom.EditInsertText(r, host, v) }},
		"delete": {inputType: "deleteContentBackward",
			textControl: func(w *Window, n *dom.Node, v string) { w.controlReplace(n, "", -1) },
			run:         func(w *Window, r *dom.Range, host *dom.Node, v string) { dom.EditDelete(r, host, false) }},
		"forwarddelete": {inputType: "deleteContentForward",
			textControl: func(w *Window, n *dom.Node, v string) { w.controlReplace(n, "", 1) },
			run:         func(w *Window, r *dom.Range, host *dom.Node, v string) { dom.EditDelete(r, host, true) }},
		"inserthtml": {run: func(w *Window, r *dom.Range, host *dom.Node, v string) {
			frag, err := r.CreateContextualFragment(v)
			if err == nil {
				dom.EditInsertNodes(r, host, frag)
			}
		}},
		"insertlinebreak": {inputType: "insertLineBreak", run: func(w *Window, r *dom.Range, host *dom.Node, v string) {
			d := host.Document()
			frag := d.CreateDocumentFragment()
			br, _ := d.CreateElement("br")
			_, _ = frag.AppendChild(br)
			dom.EditInsertNodes(r, host, frag)
		}},
		"insertparagraph": {inputType: "insertParagraph", run: func(w *Window, r *dom.Range, host *dom.Node, v string) {
			dom.EditInsertParagraph(r, host)
		}},
		"bold":          computed(style("formatBold", "b", isBold), "font-weight", boldWeight),
		"italic":        computed(style("formatItalic", "i", tagOrStyle("font-style", "italic", "i", "em")), "font-style", func(v string) bool { return v == "italic" || strings.HasPrefix(v, "oblique") }),
		"underline":     style("formatUnderline", "u", tagOrStyle("text-decoration", "underline", "u")),
		"strikethrough": style("formatStrikeThrough", "strike", tagOrStyle("text-decoration", "line-through", "s", "strike")),
		"subscript":     style("formatSubscript", "sub", tagOrStyle("", "", "sub")),
		"superscript":   style("formatSuperscript", "sup", tagOrStyle("", "", "sup")),
		"createlink": {inputType: "insertLink", data: true, needsValue: true, run: func(w *Window, r *dom.Range, host *dom.Node, v string) {
			if r.Collapsed() || v == "" {
				return
			}
			dom.EditUnwrap(r, host, isLink)
			dom.EditWrap(r, host, isLink, func() *dom.Node {
				a, _ := host.Document().CreateElement("a")
				_ = a.SetAttribute("href", v)
				return a
			})
		}},
		"unlink": {run: func(w *Window, r *dom.Range, host *dom.Node, v string) { dom.EditUnwrap(r, host, isLink) }},
		"removeformat": {inputType: "formatRemove", run: func(w *Window, r *dom.Range, host *dom.Node, v string) {
			dom.EditUnwrap(r, host, isFormatting)
		}},
	}
}

func isBold(e *dom.Node) bool {
	if e.IsHTML() && (e.Data == "b" || e.Data == "strong") {
		return true
	}
	v := inlineStyleValue(e, "font-weight")
	if v == "bold" || v == "bolder" {
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && n >= 600
}

// tagOrStyle matches HTML elements named tags, or whose style attribute
// sets property to a value with word in it.
func tagOrStyle(property, word string, tags ...string) func(*dom.Node) bool {
	return func(e *dom.Node) bool {
		if e.IsHTML() {
			for _, t := range tags {
				if e.Data == t {
					return true
				}
			}
		}
		return property != "" && strings.Contains(inlineStyleValue(e, property), word)
	}
}

func isLink(e *dom.Node) bool { return e.IsHTML() && e.Data == "a" && e.HasAttribute("href") }

// isFormatting matches the inline elements removeFormat removes.
func isFormatting(e *dom.Node) bool {
	if !e.IsHTML() {
		return false
	}
	switch e.Data {
	case "b", "strong", "i", "em", "u", "s", "strike", "sub", "sup", "font", "span", "small", "big", "tt", "code", "kbd", "samp", "var", "dfn", "abbr", "acronym", "ins", "del", "q", "cite":
		return true
	}
	return false
}

// inlineStyleValue is the lowercased value of property in e's style
// attribute, "" when not set.
func inlineStyleValue(e *dom.Node, property string) string {
	st, ok := e.GetAttribute("style")
	if !ok {
		return ""
	}
	v := ""
	for _, decl := range strings.Split(st, ";") {
		name, value, ok := strings.Cut(decl, ":")
		if ok && ascii.EqualFold(strings.TrimSpace(name), property) {
			v = ascii.Lower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "!important")))
		}
	}
	return v
}

// commandDoc reports whether the editing commands work in n's document,
// the page's: another HTML document's commands are all unsupported, and
// an XML document's throw, as in Chromium.
func (w *Window) commandDoc(n *dom.Node, what string) bool {
	d := docOf(n)
	if d.IsXML() {
		w.realm.ThrowDOMException("InvalidStateError", "Failed to execute '"+what+"' on 'Document': "+what+" is only supported on HTML documents.")
	}
	return d == w.doc
}

// editTarget finds where a command runs: a focused text control (ctl),
// or the page's selection in an editing host (s, host); all nil when
// neither.
func (w *Window) editTarget() (ctl *dom.Node, s *selectionImpl, host *dom.Node) {
	if f := w.focused; f != nil && f.HasTextSelection() && f.IsConnected() && f.Document() == w.doc {
		return f, nil, nil
	}
	s = w.sel
	if s == nil || s.r == nil {
		return nil, nil, nil
	}
	n := s.r.StartContainer()
	if !n.IsElement() {
		n = n.ParentElement()
	}
	e := s.r.EndContainer()
	if !e.IsElement() {
		e = e.ParentElement()
	}
	if n == nil || e == nil || !contentEditable(n) || !contentEditable(e) {
		return nil, nil, nil
	}
	for !editingHost(n) {
		p := n.ParentElement()
		if p == nil {
			break
		}
		n = p
	}
	return nil, s, n
}

// execCommand implements document.execCommand(command, showUI, value).
// https://w3c.github.io/editing/docs/execCommand/#execcommand()
func (w *Window) execCommand(args []goja.Value) goja.Value {
	name := ascii.Lower(bind.DOMString(bind.Arg(args, 0)))
	value := ""
	if v := bind.Arg(args, 2); !bind.Absent(v) {
		value = bind.DOMString(v)
	}
	if w.editing {
		return valFalse // a command from an input listener of a command
	}
	if name == "selectall" {
		w.selectAllCommand()
		return valTrue
	}
	c := editCommands[name]
	if c == nil || c.needsValue && value == "" {
		return valFalse
	}
	ctl, s, host := w.editTarget()
	switch {
	case ctl != nil:
		if c.textControl == nil {
			return valFalse
		}
		before := ctl.Value()
		c.textControl(w, ctl, value)
		if ctl.Value() != before {
			w.editInput(ctl, c.inputType, c.data, value)
		}
		return valTrue
	case s == nil:
		return valFalse
	}
	d := host.Document()
	version, sel := d.Version(), s.state()
	c.run(w, s.r, host, value)
	s.backward = false
	s.keepEnds()
	w.afterMutation()
	if s.state() != sel {
		s.changed(w)
	}
	if d.Version() != version {
		w.editInput(host, c.inputType, c.data, value)
	}
	return valTrue
}

// editInput fires the input event of a command at target.
func (w *Window) editInput(target *dom.Node, inputType string, withData bool, data string) {
	ev := dom.NewEvent("input", true, false)
	ev.IsTrusted = true
	ev.Composed = true
	ev.Detail = &eventData{kind: "InputEvent", view: w.global, detail: goja.Null(), state: goja.Null(),
		inputType: inputType, data: data, nullData: !withData}
	w.editing = true
	defer func() { w.editing = false }()
	w.dispatch(target, ev)
}

// controlReplace edits a text control's value at its selection: the
// selection is replaced by text, or, when collapsed and dir is not 0, the
// character before (dir -1) or after (dir 1) the caret is deleted.
func (w *Window) controlReplace(n *dom.Node, text string, dir int) {
	sel := n.TextSelection()
	start, end := sel.Start, sel.End
	if start == end && dir != 0 {
		v := dom.UTF16(n.Value())
		switch {
		case dir < 0 && start > 0:
			start--
			if start > 0 && v[start] >= 0xDC00 && v[start] <= 0xDFFF && v[start-1] >= 0xD800 && v[start-1] <= 0xDBFF {
				start--
			}
		case dir > 0 && end < len(v):
			end++
			if end < len(v) && v[end-1] >= 0xD800 && v[end-1] <= 0xDBFF && v[end] >= 0xDC00 && v[end] <= 0xDFFF {
				end++
			}
		}
	}
	if changed, err := n.SetRangeText(text, start, end, dom.SelectEnd); err == nil && changed {
		w.scheduleSelectionChange(n)
	}
}

// selectAllCommand selects the focused text control's value, the editing
// host's content, or the body's.
func (w *Window) selectAllCommand() {
	ctl, s, host := w.editTarget()
	if ctl != nil {
		if ctl.SelectAll() {
			w.selectionChanged(ctl)
		}
		return
	}
	if s == nil {
		w.selection()
		s = w.sel
		host = w.doc.Body()
		if host == nil {
			host = w.doc.DocumentElement()
		}
		if host == nil {
			return
		}
	}
	before := s.state()
	if s.r != nil && host != w.doc.Body() {
		r := s.r
		s.set(w, r, s.obj, false)
		dom.EditSelectContents(r, host)
	} else {
		s.selectPoints(w, host, 0, host, host.ChildCount())
	}
	if s.state() != before {
		s.changed(w)
	}
}

// editQuery finds the command of a queryCommand method and whether it is
// enabled where the selection is.
func (w *Window) editEnabled(name string) bool {
	c := editCommands[name]
	if c == nil {
		return false
	}
	ctl, s, _ := w.editTarget()
	if ctl != nil {
		return c.textControl != nil
	}
	return s != nil
}

// editState is queryCommandState and queryCommandIndeterm of an inline
// style command: whether all, and some, of the selected text has it.
func (w *Window) editState(name string) (all, some bool) {
	c := editCommands[name]
	if c == nil || c.style == nil {
		return false, false
	}
	ctl, s, host := w.editTarget()
	if ctl != nil || s == nil {
		return false, false
	}
	if c.computed != nil {
		// Chromium asks the computed style of the text's element
		// (EditingStyle's tri-state of font-weight and font-style): an
		// h2's text is bold, a cite's italic, a span set back to
		// normal inside a b is not.
		return dom.EditFormattedBy(s.r, func(t *dom.Node) bool {
			e := t
			if !e.IsElement() {
				e = e.ParentElement()
			}
			if e == nil {
				return false
			}
			v, _ := w.computedValue(e, c.computed.property)
			return c.computed.has(v)
		})
	}
	return dom.EditFormatted(s.r, host, c.style)
}

// computedState is how queryCommandState reads an inline style command
// from the computed style.
type computedState struct {
	property string
	has      func(value string) bool
}

// boldWeight is a computed font-weight Chromium's editing counts as bold.
func boldWeight(v string) bool {
	if v == "bold" || v == "bolder" {
		return true
	}
	n, err := strconv.ParseFloat(v, 64)
	return err == nil && n >= 600
}
