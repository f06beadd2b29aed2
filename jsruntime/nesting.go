package jsruntime

import (
	"fmt"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/loop"
)

// checkNesting reports, as a SyntaxError, a source that goja cannot compile
// safely (see loop.CheckSource: nested or chained deeper than
// loop.MaxSourceDepth), before goja.Compile sees it. goja's parser and
// compiler recurse in Go once per level with no limit of their own: a
// source a few hundred thousand levels deep overflows Go's stack, a fatal
// error that kills the process, and long chains compile in quadratic time.
// The sources the page's runtime compiles itself (eval, new Function,
// setTimeout strings) pass the same check in the loop.
func checkNesting(src, name string) error {
	if err := loop.CheckSource(src); err != nil {
		return &goja.CompilerSyntaxError{CompilerError: goja.CompilerError{
			Message: fmt.Sprintf("%s: %v", name, err),
		}}
	}
	return nil
}
