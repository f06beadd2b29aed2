package jsruntime

import (
	"regexp"

	"github.com/dop251/goja"
)

// Code compiled at run time (eval, new Function and the AsyncFunction and
// GeneratorFunction constructors, setTimeout strings) is parsed by goja
// with no script of ours in between, so the syntax goja lacks that scripts
// get lowered (import(), async generators, for await; scripts.go) was a
// SyntaxError there: CanJS builds its module loader with
// `new Function("moduleName", "… return import(moduleName)")`, as many
// libraries hide import() from bundlers, and template compilers emit async
// generators. The loop hands every such source to compileRewrite first
// (loop.SetCompileRewrite), which lowers it as a script would be when it
// holds one of those constructs and goja cannot parse it. Its import()
// calls resolve against the base URL of the script or module running when
// it is compiled (activescript.go).
// https://tc39.es/ecma262/#sec-createdynamicfunction

// lowerableSyntax finds the constructs Lower rewrites for goja: import()
// and async generators (functions, methods, for await).
var lowerableSyntax = regexp.MustCompile(`\bimport\s*\(|\basync\s*(?:function\s*)?\*|\bfor\s+await\b`)

// installCompileRewrite makes the loop lower run-time sources as scripts
// are lowered.
func (w *Window) installCompileRewrite() {
	if w.cfg.Lower == nil || w.loop == nil {
		return
	}
	w.loop.SetCompileRewrite(w.compileRewrite)
}

// compileRewrite returns src lowered, and true, when src uses syntax goja
// does not compile that Lower rewrites; otherwise false, and goja parses src
// as it is (reporting its own SyntaxError if src is not valid). Its
// import() calls resolve against the base URL of the active script or
// module (activescript.go).
// https://html.spec.whatwg.org/multipage/webappapis.html#hostloadimportedmodule
func (w *Window) compileRewrite(src string) (string, bool) {
	if !lowerableSyntax.MatchString(src) {
		return "", false
	}
	// goja's parser refuses import(), its compiler async generators and
	// for await.
	if _, err := goja.Compile("", src, false); err == nil {
		return "", false
	}
	lowered, err := w.cfg.Lower(src, w.activeScriptBase())
	if err != nil {
		return "", false
	}
	w.noteLoweredRun(src, "", lowered, nil) // srctext.go
	return lowered, true
}
