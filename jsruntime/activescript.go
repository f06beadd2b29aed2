package jsruntime

import (
	"sort"
	"strings"

	"github.com/dop251/goja"
)

// The active script or module of code compiled at run time.
//
// A function the Function constructor (or one of its async and generator
// kinds) makes, and eval code, take the active script or module of the
// time they are compiled, and their import() calls resolve against its
// base URL: a module's URL, an external classic script's URL, the
// document's base URL for inline scripts. Stencil's lazy loader (Duet's
// date picker) imports "./NAME.entry.js" through
// `new Function("w", "return import(w)")` made in its module under
// dist/NAME/; resolved against the document, the chunk was not found and
// the components never rendered
// (testdata/wpt/sweep63-runtime-import-base.html).
// https://tc39.es/ecma262/#sec-createdynamicfunction (OrdinaryFunctionCreate
// takes GetActiveScriptOrModule())
// https://html.spec.whatwg.org/multipage/webappapis.html#hostloadimportedmodule
//
// The active one is read from goja's stack when such code holds an
// import() (compileRewrite): the innermost frame in a script of the page.
// Module scripts and chunks run as esbuild's bundles of their graphs,
// compiled under their entry's URL; esbuild puts a `// url:URL` comment
// before each module's code, which tells the module of a line. Frames in
// code compiled at run time ("<eval>") are passed over, so such code
// nested in such code takes the script that ran the outer one: V8 gives it
// the outer code's referrer, which is that script's unless the outer code
// was made by another script.

// moduleLine is where the code of a bundled module begins in its bundle.
type moduleLine struct {
	line int    // 1-based line of esbuild's `// url:` comment
	url  string // the module's URL
}

// noteModuleProgram records the text of a module bundle or chunk run as
// the program named name, for activeScriptBase. Only the text is kept;
// its modules' lines are found when code compiled at run time asks.
func (w *Window) noteModuleProgram(name, src string) {
	if w.moduleTexts == nil {
		w.moduleTexts = map[string]string{}
	}
	w.moduleTexts[name] = src
	delete(w.moduleLines, name)
}

// modulesOf returns the lines where each module of the bundle named name
// begins, in order, and whether name is a module bundle the window ran.
func (w *Window) modulesOf(name string) ([]moduleLine, bool) {
	if lines, ok := w.moduleLines[name]; ok {
		return lines, true
	}
	src, ok := w.moduleTexts[name]
	if !ok {
		return nil, false
	}
	var lines []moduleLine
	line := 1
	for rest := src; ; line++ {
		nl := strings.IndexByte(rest, '\n')
		text := rest
		if nl >= 0 {
			text = rest[:nl]
		}
		if t := strings.TrimLeft(text, " \t"); strings.HasPrefix(t, "// url:") {
			if u := strings.TrimSpace(t[len("// url:"):]); u != "" && !strings.ContainsAny(u, " \t") {
				lines = append(lines, moduleLine{line: line, url: u})
			}
		}
		if nl < 0 {
			break
		}
		rest = rest[nl+1:]
	}
	if w.moduleLines == nil {
		w.moduleLines = map[string][]moduleLine{}
	}
	w.moduleLines[name] = lines
	return lines, true
}

// activeScriptBase returns the base URL the import() calls of code being
// compiled at run time resolve against: the URL of the module or external
// classic script running, or "" for the document's base URL (an inline
// script, or no script of the page on the stack).
func (w *Window) activeScriptBase() string {
	var buf [16]goja.StackFrame
	doc := stripFragment(w.docURL(&w.doc.Node))
	for _, f := range w.rt.CaptureCallStack(len(buf), buf[:0]) {
		name := f.SrcName()
		if !strings.Contains(name, "://") && !strings.HasPrefix(name, "blob:") {
			continue // native code, "<eval>", the runtime's own scripts
		}
		if lines, ok := w.modulesOf(name); ok {
			line := f.Position().Line
			i := sort.Search(len(lines), func(i int) bool { return lines[i].line > line })
			u := name
			if i > 0 {
				u = lines[i-1].url
			}
			if stripFragment(u) == doc {
				return "" // an inline module script
			}
			return u
		}
		if stripFragment(name) == doc {
			return "" // an inline classic script or an event handler
		}
		return name
	}
	return ""
}
