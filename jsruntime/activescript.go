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
// was made by another script. A page's inline module scripts share the
// document's name; where their bundles disagree on the module of a line,
// the document's base URL is taken.

// moduleLine is where the code of a bundled module begins in its bundle.
type moduleLine struct {
	line int    // 1-based line of esbuild's `// url:` comment
	url  string // the module's URL
}

// A moduleProgram is the text of a module bundle or chunk the window ran,
// and where its modules begin, found on first use.
type moduleProgram struct {
	src    string
	lines  []moduleLine
	parsed bool
}

// noteModuleProgram records the text of a module bundle or chunk run as
// the program named name, for activeScriptBase. Only the text is kept;
// its modules' lines are found when code compiled at run time asks. A
// name can hold several programs: a page's inline module scripts are all
// named after the document.
func (w *Window) noteModuleProgram(name, src string) {
	if w.modulePrograms == nil {
		w.modulePrograms = map[string][]*moduleProgram{}
	}
	for _, p := range w.modulePrograms[name] {
		if p.src == src {
			return
		}
	}
	w.modulePrograms[name] = append(w.modulePrograms[name], &moduleProgram{src: src})
}

// moduleAt returns the URL of the module whose code holds line of the
// module program named name, and whether name is a module program the
// window ran. When several programs bear the name and they do not agree
// on the module of that line, it is name's own (the document's, for
// inline module scripts).
func (w *Window) moduleAt(name string, line int) (string, bool) {
	progs, ok := w.modulePrograms[name]
	if !ok {
		return "", false
	}
	u := ""
	for i, p := range progs {
		pu := p.moduleAt(name, line)
		if i > 0 && pu != u {
			return name, true
		}
		u = pu
	}
	return u, true
}

// moduleAt returns the URL of the module of p, named name, whose code
// holds line: the last module beginning at or before it, else name.
func (p *moduleProgram) moduleAt(name string, line int) string {
	lines := p.modules()
	i := sort.Search(len(lines), func(i int) bool { return lines[i].line > line })
	if i == 0 {
		return name
	}
	return lines[i-1].url
}

// modules returns the lines where each module of p begins, in order.
func (p *moduleProgram) modules() []moduleLine {
	if p.parsed {
		return p.lines
	}
	p.parsed = true
	line := 1
	for rest := p.src; ; line++ {
		nl := strings.IndexByte(rest, '\n')
		text := rest
		if nl >= 0 {
			text = rest[:nl]
		}
		if t := strings.TrimLeft(text, " \t"); strings.HasPrefix(t, "// url:") {
			if u := strings.TrimSpace(t[len("// url:"):]); u != "" && !strings.ContainsAny(u, " \t") {
				p.lines = append(p.lines, moduleLine{line: line, url: u})
			}
		}
		if nl < 0 {
			break
		}
		rest = rest[nl+1:]
	}
	return p.lines
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
		u := name
		if m, ok := w.moduleAt(name, f.Position().Line); ok {
			u = m
		}
		if stripFragment(u) == doc {
			return "" // an inline script or event handler
		}
		return u
	}
	return ""
}
