package webapi

import (
	"context"
	"errors"
	"testing"
)

// TestBundleModuleGraphError checks the error to rethrow a module graph
// that was fetched but cannot run gives, and that a failed fetch anywhere
// in the graph is a plain failure instead.
func TestBundleModuleGraphError(t *testing.T) {
	const base = "https://example.test/"
	files := map[string]string{
		"syntax.js":        "export const a = ;",
		"nested-syntax.js": `import "./syntax.js";`,
		"exports.js":       "export const here = 1;",
		"missing.js":       `import { nothere } from "./exports.js";`,
		"bare.js":          "\nimport 'left-pad';",
		"fetch-syntax.js":  `import "./syntax.js"; import "./absent.js";`,
		"link-syntax.js":   `import "./missing.js"; import "./nested-syntax.js";`,
		"star-a.js":        `export const v = 1;`,
		"star-b.js":        `export const v = 2;`,
		"star.js":          `export * from "./star-a.js"; export * from "./star-b.js";`,
		"ambiguous.js":     `import { v } from './star.js';`,
		"cycle.js":         `export { x } from "./cycle-b.js";`,
		"cycle-b.js":       `export { x } from "./cycle.js";`,
		// The first import in the text links first, though written after
		// the other's module in the file list.
		"two-links.js": `import "./link-b.js"; import "./link-a.js";`,
		"link-a.js":    `import { a } from "./exports.js";`,
		"link-b.js":    `import { b } from "./exports.js";`,
		// Parse errors are found from the root down: the root's own first.
		"syntax-root.js": "import './syntax.js';\nlet let = 1;",
	}
	m := &mapLoader{files: map[string]string{}}
	for k, v := range files {
		m.files[base+k] = v
	}
	tests := []struct {
		entry              string
		kind               ModuleErrorKind
		name, msg, module  string
		line, column       int
		fetchFailed, fails bool
	}{
		{entry: "syntax.js", name: "SyntaxError", module: "syntax.js", line: 1, column: 18},
		{entry: "nested-syntax.js", name: "SyntaxError", module: "syntax.js", line: 1, column: 18},
		{entry: "missing.js", kind: ModuleLinkError, name: "SyntaxError", module: "missing.js", line: 1, column: 10,
			msg: "The requested module './exports.js' does not provide an export named 'nothere'"},
		{entry: "bare.js", name: "TypeError", module: "bare.js", line: 2, column: 8,
			msg: `Failed to resolve module specifier "left-pad". Relative references must start with either "/", "./", or "../".`},
		{entry: "fetch-syntax.js", fetchFailed: true},
		{entry: "link-syntax.js", name: "SyntaxError", module: "syntax.js", line: 1, column: 18},
		{entry: "ambiguous.js", kind: ModuleLinkError, name: "SyntaxError", module: "ambiguous.js", line: 1, column: 10,
			msg: "The requested module './star.js' contains conflicting star exports for name 'v'"},
		{entry: "cycle.js", kind: ModuleLinkError, name: "SyntaxError", module: "cycle-b.js", line: 1, column: 10,
			msg: "Detected cycle while resolving name 'x' in './cycle.js'"},
		{entry: "cycle-b.js", kind: ModuleLinkError, name: "SyntaxError", module: "cycle.js", line: 1, column: 10,
			msg: "Detected cycle while resolving name 'x' in './cycle-b.js'"},
		{entry: "two-links.js", kind: ModuleLinkError, name: "SyntaxError", module: "link-b.js", line: 1, column: 10,
			msg: "The requested module './exports.js' does not provide an export named 'b'"},
		{entry: "syntax-root.js", name: "SyntaxError", module: "syntax-root.js", line: 2},
	}
	b := NewBundler(0)
	for _, tt := range tests {
		t.Run(tt.entry, func(t *testing.T) {
			_, err := b.Bundle(context.Background(), ModuleEntry{URL: base + tt.entry}, m.load)
			var ge *ModuleGraphError
			if tt.fetchFailed {
				var be *BundleError
				if errors.As(err, &ge) || !errors.As(err, &be) {
					t.Fatalf("err = %v, want a BundleError (a failed fetch)", err)
				}
				return
			}
			if !errors.As(err, &ge) {
				t.Fatalf("err = %v, want a ModuleGraphError", err)
			}
			if ge.Kind != tt.kind || ge.Name != tt.name || ge.Module != base+tt.module || ge.Line != tt.line {
				t.Errorf("got %+v, want kind %d %s in %s line %d", ge, tt.kind, tt.name, tt.module, tt.line)
			}
			if tt.column != 0 && ge.Column != tt.column {
				t.Errorf("column %d, want %d", ge.Column, tt.column)
			}
			if tt.msg != "" && ge.Message != tt.msg {
				t.Errorf("message %q, want %q", ge.Message, tt.msg)
			}
		})
	}
}

func TestFromSpecifier(t *testing.T) {
	tests := []struct {
		line string
		col  int
		want string
	}{
		{`import { a } from "./x.js";`, 9, "./x.js"},
		{`import { a } from './x.js';`, 9, "./x.js"},
		{`export { x } from"./y.js"`, 9, "./y.js"},
		{`import { from } from "./z.js";`, 9, "./z.js"},
		{`import { a } from`, 9, ""},
		{`import { a }`, 40, ""},
	}
	for _, tt := range tests {
		if got := fromSpecifier(tt.line, tt.col); got != tt.want {
			t.Errorf("fromSpecifier(%q, %d) = %q, want %q", tt.line, tt.col, got, tt.want)
		}
	}
}
