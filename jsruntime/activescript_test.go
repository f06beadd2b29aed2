package jsruntime

import (
	"reflect"
	"testing"
)

// TestModuleProgramModules: the modules of a bundle are told by esbuild's
// `// url:` comments, each module's code running to the next.
func TestModuleProgramModules(t *testing.T) {
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
			p := &moduleProgram{src: tt.src}
			if got := p.modules(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("modules = %v; want %v", got, tt.want)
			}
		})
	}
}

// TestModuleAt: the module of a line of a program the window ran; when
// several programs share a name (inline module scripts), the one they
// agree on, else the name's own.
func TestModuleAt(t *testing.T) {
	const page = "http://x/page.html"
	a := "(() => {\n  // url:http://x/lib/a.js\n  f();\n\n  // url:" + page + "\n  g();\n})();"
	b := "(() => {\n  // url:http://x/lib/b.js\n  h();\n  k();\n  // url:" + page + "\n  m();\n})();"
	tests := []struct {
		name  string
		progs []string
		line  int
		want  string
	}{
		{"a line of a module", []string{a}, 3, "http://x/lib/a.js"},
		{"a line of the entry", []string{a}, 6, page},
		{"before the first module", []string{a}, 1, page},
		{"the same program run twice", []string{a, a}, 3, "http://x/lib/a.js"},
		{"two programs that disagree", []string{a, b}, 3, page},
		{"two programs that agree", []string{a, b}, 6, page},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &Window{}
			for _, src := range tt.progs {
				w.noteModuleProgram(page, src)
			}
			got, ok := w.moduleAt(page, tt.line)
			if !ok || got != tt.want {
				t.Errorf("moduleAt(%d) = %q, %v; want %q", tt.line, got, ok, tt.want)
			}
			if _, ok := w.moduleAt("http://x/other.js", 1); ok {
				t.Error("a program the window did not run is a module program")
			}
		})
	}
}
