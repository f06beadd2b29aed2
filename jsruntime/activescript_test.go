package jsruntime

import (
	"reflect"
	"testing"
)

// TestModulesOf: the modules of a bundle are told by esbuild's `// url:`
// comments, each module's code running to the next.
func TestModulesOf(t *testing.T) {
	tests := []struct {
		name, src string
		want      []moduleLine
	}{
		{"no modules", "(() => {\n  f();\n})();\n", nil},
		{"two modules", "(() => {\n  // url:http://x/b/lib.js\n  function f() {}\n\n  // url:http://x/a/main.js\n  f();\n})();\n",
			[]moduleLine{{2, "http://x/b/lib.js"}, {5, "http://x/a/main.js"}}},
		{"inline entry keeps its fragment", "// url:http://x/page.html#!a\nrun();",
			[]moduleLine{{1, "http://x/page.html#!a"}}},
		{"words after the URL are no comment of esbuild's", "  // url:http://x/a.js is broken\n", nil},
		{"last line without a line feed", "x;\n\t// url:http://x/c.js", []moduleLine{{2, "http://x/c.js"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &Window{}
			w.noteModuleProgram("http://x/a/main.js", tt.src)
			got, ok := w.modulesOf("http://x/a/main.js")
			if !ok || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("modulesOf = %v, %v; want %v", got, ok, tt.want)
			}
			if _, ok := w.modulesOf("http://x/other.js"); ok {
				t.Error("a program the window did not note is a module bundle")
			}
		})
	}
}
