package jsruntime

import (
	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
)

// Page scripts are parsed without their source maps.
//
// By default goja's parser follows the `//# sourceMappingURL=` comment at
// the end of a source: it decodes a data: URL, and reads a file: URL (or a
// relative one when the script's name is a path) from the local disk with
// os.ReadFile, then reports the positions of errors and stacks through the
// map. Browsers do neither: error.stack, window.onerror and the console
// give positions in the script as it ran, and a page must never make the
// renderer read a local file (`file:///dev/zero` would read until memory
// runs out). https://tc39.es/ecma262/#sec-error-objects has no source
// maps; https://tc39.es/source-map/ is for developer tools only.
//
// Every page source this package compiles is parsed by parseScript; eval,
// new Function, setTimeout strings and Window.RunScript go through the
// parser options the loop sets on the runtime (loop/guard.go).

// parseScript is goja.Parse with source maps off.
func parseScript(name, src string) (*ast.Program, error) {
	return goja.Parse(name, src, parser.WithDisableSourceMaps)
}
