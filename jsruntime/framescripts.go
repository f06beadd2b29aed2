package jsruntime

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

// Scripts inside frames.
// https://html.spec.whatwg.org/multipage/webappapis.html#concept-script
//
// goja has one realm per runtime, so a frame's scripts cannot get a
// global object of their own. They run in the page's runtime instead,
// with the frame's window (frames.go) in front of the page's global:
//
//	(function(){<vars defined on this, lexicals on arguments[0]>with(this)with(arguments[0]){<this.f=f per function>SOURCE
//	}}).call(frameWindow, lexicals)
//
// A free identifier is looked up on the frame's window first (its own
// members, then the page's window behind it), so `document`, `location`,
// `parent`, `window` and the frame's globals are the frame's. The
// script's top-level declarations are made properties of the frame's
// window, as a browser's global declarations are: a var is defined on it
// before the script runs (unless the window already has the name) and a
// function declaration is copied to it when the block is entered.
// Top-level let, const and class go to an object of the frame's own (its
// global lexical bindings, which the frame's later scripts see and its
// window does not have), looked up before the window: a let or const
// becomes a var (the same length of source, so positions do not move)
// predefined on that object, and a class is copied to it after its
// declaration.
//
// What differs from a browser: `contentWindow.Node === Node` and the
// other constructors are the page's; a frame's document is parsed whole
// before its scripts run, so a script sees the markup after it; the
// scripts run in the order of the tree, external ones fetched one after
// another (async and defer are not told apart); `document.write` during
// that run inserts after the writing script; a strict-mode script runs
// sloppy (its directive is no longer first); module scripts do not run.

// frameScripts is the script bookkeeping of one frame.
type frameScripts struct {
	started map[*dom.Node]bool
	current *dom.Node // the frame's document.currentScript
	// running is true while the document's own scripts run in tree order
	// (the stand-in for its parser): document.write inserts after the
	// running script then.
	running    bool
	busy       bool // an external script is being fetched
	after      []func()
	write      strings.Builder
	writeAfter *dom.Node
	// lex holds the document's global let, const and class bindings.
	lex *goja.Object
	// readyState is the document's readyState while its scripts run and
	// until load ("" for complete).
	readyState string
	// parses counts the parsers document.open aborted (abortParser): a
	// fetch begun under an earlier one is dropped when it arrives;
	// pendingDone is the done of the run waiting for the fetch.
	parses      int
	pendingDone func()
}

// frameScriptRunning reports whether d is a frame's document one of whose
// own scripts is running (its parser's script nesting level is above 0).
func (w *Window) frameScriptRunning(d *dom.Document) bool {
	f := w.frames.byDoc[d]
	return f != nil && f.doc == d && !f.opened && f.scripts.running && f.scripts.current != nil
}

// frameHasScripts reports whether d has a script element.
func frameHasScripts(d *dom.Document) bool {
	found := false
	d.Descendants(func(n *dom.Node) bool {
		if !found && isScript(n) {
			found = true
		}
		return !found
	})
	return found
}

// frameRunScripts runs the scripts of f's document that have not run yet,
// in tree order, then done; when the frame goes away or navigates
// meanwhile, the rest do not run but done still does (it releases the
// page's load event and checks the frame's document itself).
// An external script is fetched and the rest wait for it.
func (w *Window) frameRunScripts(f *frame, done func()) {
	fs := &f.scripts
	if fs.busy {
		if done != nil {
			fs.after = append(fs.after, done)
		}
		return
	}
	d := f.doc
	for {
		if f.gone || f.doc != d || d == nil {
			if done != nil {
				done()
			}
			return
		}
		el := w.nextFrameScript(f, d)
		if el == nil {
			break
		}
		fs.started[el] = true
		if f.noScripts {
			continue // scripting is disabled: nothing is fetched or fired
		}
		if w.scripts.kindOf(el) != classicScript {
			if w.scripts.kindOf(el) == moduleScript {
				w.log.Debug("jsruntime: module script in a frame not run")
			}
			continue
		}
		src, external := scriptSrc(el)
		if !external {
			fs.running = true
			w.frameExecute(f, el, scriptText(el), stripFragment(f.url)) // as inlineScriptURL
			fs.running = false
			continue
		}
		u := d.ResolveURL(src)
		if strings.TrimSpace(src) == "" || u == "" {
			w.fire(el, "error", false, false)
			continue
		}
		fs.busy = true
		fs.pendingDone = done
		parse := fs.parses
		w.scripts.fetch(el, u, func(body string, err error) {
			if fs.parses != parse {
				return // its parser was aborted (abortParser)
			}
			fs.busy, fs.pendingDone = false, nil
			if f.gone || f.doc != d {
				if done != nil {
					done()
				}
				return
			}
			if err != nil {
				w.scripts.loadFailed(el, u, err)
			} else {
				fs.running = true
				w.frameExecute(f, el, body, u)
				fs.running = false
				w.fire(el, "load", false, false)
			}
			w.frameRunScripts(f, done)
		})
		return
	}
	after := fs.after
	fs.after = nil
	for _, fn := range after {
		fn()
	}
	if done != nil {
		done()
	}
}

// abortFrameParser is document.open's abort of the active parser of f's
// document: the external script its scripts wait for is dropped, never to
// run, and the run's done waits for the next run to end (document.close's).
// https://html.spec.whatwg.org/multipage/document-lifecycle.html#abort-a-parser
func (w *Window) abortFrameParser(f *frame) {
	fs := &f.scripts
	if !fs.busy {
		return
	}
	fs.parses++
	fs.busy = false
	if fs.pendingDone != nil {
		fs.after = append(fs.after, fs.pendingDone)
		fs.pendingDone = nil
	}
}

// nextFrameScript returns the first script element of d in tree order
// that has not started and was not made by a script.
func (w *Window) nextFrameScript(f *frame, d *dom.Document) *dom.Node {
	var next *dom.Node
	d.Descendants(func(n *dom.Node) bool {
		if next != nil {
			return false
		}
		if isScript(n) && !f.scripts.started[n] {
			if i := w.scripts.info[n]; i == nil || !i.created {
				next = n
				return false
			}
		}
		return true
	})
	return next
}

// frameDynamicScript runs a script a script inserted into f's document:
// inline at once, external when fetched (as an async script).
func (w *Window) frameDynamicScript(f *frame, el *dom.Node) {
	info := w.scripts.info[el]
	src, external := scriptSrc(el)
	if !external && scriptText(el) == "" {
		return
	}
	switch w.scripts.kindOf(el) {
	case classicScript:
	case moduleScript:
		w.log.Debug("jsruntime: module script in a frame not run")
		info.started = true
		return
	default:
		return
	}
	info.started = true
	f.scripts.started[el] = true
	if f.noScripts {
		return // a sandbox disabled scripting (frameSandboxesScripts)
	}
	if !external {
		w.frameExecute(f, el, scriptText(el), stripFragment(f.url)) // as inlineScriptURL
		return
	}
	u := el.Document().ResolveURL(src)
	d := f.doc
	w.scripts.fetch(el, u, func(body string, err error) {
		if f.gone || f.doc != d {
			return
		}
		if err != nil {
			w.scripts.loadFailed(el, u, err)
			return
		}
		w.frameExecute(f, el, body, u)
		w.fire(el, "load", false, false)
	})
}

// frameExecute runs src as el's script with f's window as its global.
func (w *Window) frameExecute(f *frame, el *dom.Node, src, name string) {
	fn, err := w.frameProgram(src, name)
	if err != nil {
		w.reportErrorIn(f, err) // at the frame's window, whose script it is
		return
	}
	fs := &f.scripts
	if fs.lex == nil {
		fs.lex = w.rt.NewObject()
		_ = fs.lex.SetPrototype(nil)
	}
	old, oldAfter, oldIncumbent, oldScript := fs.current, fs.writeAfter, w.frames.incumbent, w.frames.script
	fs.current, fs.writeAfter, w.frames.incumbent, w.frames.script = el, nil, f, f
	_, err = fn(f.obj, fs.lex)
	w.frames.incumbent, w.frames.script = oldIncumbent, oldScript
	if fs.write.Len() > 0 {
		w.frameFlushWrite(f)
	}
	fs.current, fs.writeAfter = old, oldAfter
	if err != nil {
		var ie *goja.InterruptedError
		if !errors.As(err, &ie) {
			w.reportErrorIn(f, err)
		}
	}
	w.afterMutation()
}

// frameProgram compiles src (see the comment at the top) into a function
// to call with the frame's window as this.
func (w *Window) frameProgram(src, name string) (goja.Callable, error) {
	wrapped, err := frameWrap(name, src)
	if err != nil {
		return nil, err
	}
	prog, err := w.scripts.compile(wrapped, name)
	if err != nil {
		return nil, err
	}
	v, err := w.rt.RunProgram(prog)
	if err != nil {
		return nil, err
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		return nil, errors.New("jsruntime: frame script did not compile to a function")
	}
	return func(this goja.Value, args ...goja.Value) (goja.Value, error) { return fn(this, args...) }, nil
}

// frameWrap returns src wrapped to run with this as its global object.
// The wrapper's prologue is on src's first line, so line numbers stay.
func frameWrap(name, src string) (string, error) {
	src, _ = loop.RewriteMaxCodePointEscapes(src) // a goja lexer bug
	prg, err := goja.Parse(name, src)
	if err != nil {
		return "", err
	}
	var vars, lexicals []string
	seen := map[string]bool{}
	addVar := func(id *ast.Identifier) {
		if n := string(id.Name); !seen[n] {
			seen[n] = true
			vars = append(vars, n)
		}
	}
	addLex := func(id *ast.Identifier) {
		if n := string(id.Name); !seen[n] {
			seen[n] = true
			lexicals = append(lexicals, n)
		}
	}
	for _, decl := range prg.DeclarationList {
		for _, b := range decl.List {
			patternNames(b.Target, addVar)
		}
	}
	var funcs []string
	type edit struct {
		at   int // byte offset in src
		cut  int // bytes replaced
		text string
	}
	var edits []edit
	base := int(prg.File.Base())
	off := func(i file.Idx) int { return int(i) - base }
	for _, st := range prg.Body {
		switch st := st.(type) {
		case *ast.FunctionDeclaration:
			if st.Function.Name != nil {
				funcs = append(funcs, string(st.Function.Name.Name))
			}
		case *ast.LexicalDeclaration:
			// let/const -> var, padded to the same length.
			at := off(st.Idx)
			kw := "let"
			if strings.HasPrefix(src[at:], "const") {
				kw = "const"
			}
			if !strings.HasPrefix(src[at:], kw) {
				continue
			}
			edits = append(edits, edit{at, len(kw), "var" + strings.Repeat(" ", len(kw)-3)})
			for _, b := range st.List {
				patternNames(b.Target, addLex)
			}
		case *ast.ClassDeclaration:
			if st.Class.Name != nil {
				n := string(st.Class.Name.Name)
				edits = append(edits, edit{off(st.Idx1()), 0, ";arguments[0][" + jsQuote(n) + "]=" + n + ";"})
			}
		}
	}
	var b strings.Builder
	b.Grow(len(src) + 64 + 32*(len(vars)+len(funcs)))
	b.WriteString("(function(){")
	for _, n := range vars {
		q := jsQuote(n)
		b.WriteString("if(!(" + q + " in this))this[" + q + "]=void 0;")
	}
	for _, n := range lexicals {
		b.WriteString("arguments[0][" + jsQuote(n) + "]=void 0;")
	}
	b.WriteString("with(this)with(arguments[0]){")
	for _, n := range funcs {
		b.WriteString("this[" + jsQuote(n) + "]=" + n + ";")
	}
	last := 0
	for _, e := range edits {
		if e.at < last || e.at > len(src) {
			continue
		}
		b.WriteString(src[last:e.at])
		b.WriteString(e.text)
		last = e.at + e.cut
	}
	b.WriteString(src[last:])
	b.WriteString("\n}})")
	return b.String(), nil
}

// jsQuote returns s as a JavaScript string literal.
func jsQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// frameWrite is document.write on a frame's document while one of its own
// scripts runs: the markup goes after the writing script, and the inline
// scripts it holds run at once. That holds in a document another script
// opened and wrote too (its scripts run when the written markup completes
// them), unless the running script has itself been removed by an open.
func (w *Window) frameWrite(f *frame, text string) bool {
	fs := &f.scripts
	if !fs.running || fs.current == nil {
		return false
	}
	if f.opened && (!fs.current.IsConnected() || fs.current.Document() != f.doc) {
		return false
	}
	fs.write.WriteString(text)
	if writeComplete(fs.write.String()) {
		for _, el := range w.frameFlushWrite(f) {
			if fs.started[el] || hasScriptSrc(el) {
				break // the walk runs it and what follows, in order
			}
			fs.started[el] = true
			if w.scripts.kindOf(el) == classicScript {
				w.frameExecute(f, el, scriptText(el), stripFragment(f.url)) // as inlineScriptURL
			}
		}
	}
	return true
}

// frameFlushWrite inserts the markup written so far after the running
// script (or what it wrote last) and returns the scripts in it.
func (w *Window) frameFlushWrite(f *frame) (scripts []*dom.Node) {
	fs := &f.scripts
	markup := fs.write.String()
	fs.write.Reset()
	after := fs.current
	if fs.writeAfter != nil && fs.writeAfter.ParentNode() != nil {
		after = fs.writeAfter
	}
	if after == nil || after.ParentNode() == nil {
		return nil
	}
	parent := after.ParentNode()
	ctx := parent
	if !ctx.IsElement() {
		ctx = after
	}
	frag, err := ctx.ParseFragment(markup)
	if err != nil {
		w.log.Debug("jsruntime: document.write markup failed to parse", "err", err)
		return nil
	}
	frag.Descendants(func(n *dom.Node) bool {
		if isScript(n) {
			scripts = append(scripts, n)
		}
		return true
	})
	top := frag.ChildNodeList()
	last := frag.Last()
	next := after.Next()
	if _, err := parent.InsertBefore(frag, next); err != nil {
		return nil
	}
	if last != nil {
		fs.writeAfter = last
		// The parser appends written text to the text node before the
		// insertion point, and the rest of the input's text to the
		// written text: one text node, as in Chromium.
		if first := top[0]; first.IsText() && after.IsText() {
			after.AppendData(first.Data)
			first.Remove()
			if last == first {
				last, fs.writeAfter = after, after
			}
		}
		if last.IsText() && next != nil && next.IsText() && next.ParentNode() == parent {
			last.AppendData(next.Data)
			next.Remove()
		}
	}
	for _, n := range top {
		if n.IsElement() {
			w.scanHandlers(n)
		}
	}
	return scripts
}
