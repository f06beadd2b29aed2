package jsruntime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSourceMapsIgnored: no way of compiling a page's code follows its
// sourceMappingURL comment, so no local file is read and positions are
// those of the code as it ran (as in browsers). The map names a source no
// script has; before, goja read it from disk and stacks showed its name.
func TestSourceMapsIgnored(t *testing.T) {
	dir := t.TempDir()
	mapFile := filepath.Join(dir, "m.map")
	if err := os.WriteFile(mapFile, []byte(`{"version":3,"sources":["from-disk.js"],"names":[],"mappings":"AAAA"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	comment := `//# sourceMappingURL=file://` + filepath.ToSlash(mapFile)
	inline := `//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJzb3VyY2VzIjpbImZyb20tZGF0YS5qcyJdLCJuYW1lcyI6W10sIm1hcHBpbmdzIjoiQUFBQSJ9`
	for _, tc := range []struct {
		name, markup string
		loader       mapLoader
	}{
		{"inline script", `<script>try { null.x } catch (e) { window.stack = e.stack }
` + comment + `</script>`, nil},
		{"inline script, data: map", `<script>try { null.x } catch (e) { window.stack = e.stack }
` + inline + `</script>`, nil},
		{"external script", `<script src="/a.js"></script>`, mapLoader{"https://example.test/a.js": "try { null.x } catch (e) { window.stack = e.stack }\n" + comment}},
		{"eval", `<script>try { eval(` + "`null.x\\n" + comment + "`" + `) } catch (e) { window.stack = e.stack }</script>`, nil},
		{"new Function", `<script>try { new Function(` + "`null.x\\n" + comment + "`" + `)() } catch (e) { window.stack = e.stack }</script>`, nil},
		{"setTimeout string", `<script>window.onerror = (m, src, line, col, e) => { window.stack = e.stack };
setTimeout(` + "`null.x\\n" + comment + "`" + `)</script>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var loader ScriptLoader
			if tc.loader != nil {
				loader = tc.loader
			}
			p := newPage(t, tc.markup, loader)
			p.run()
			stack := p.eval(`String(window.stack)`)
			if stack == "undefined" || !strings.Contains(stack, "TypeError") {
				t.Fatalf("no TypeError caught: %q", stack)
			}
			if strings.Contains(stack, "from-disk") || strings.Contains(stack, "from-data") {
				t.Errorf("stack goes through the source map (parse page code with parser.WithDisableSourceMaps, see sourcemaps.go): %q", stack)
			}
		})
	}
}
