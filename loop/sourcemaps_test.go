package loop

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSourceMapsOff: code the runtime compiles (eval, new Function,
// RunString) does not follow a sourceMappingURL comment: no local file is
// read and stacks name the code as it ran, as in browsers.
func TestSourceMapsOff(t *testing.T) {
	mapFile := filepath.Join(t.TempDir(), "m.map")
	if err := os.WriteFile(mapFile, []byte(`{"version":3,"sources":["from-disk.js"],"names":[],"mappings":"AAAA"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPage(t, deterministic())
	p.rt.Set("code", "null.x\n//# sourceMappingURL=file://"+filepath.ToSlash(mapFile))
	p.exec(`
function stack(f) { try { f(); return "no error"; } catch (e) { return e.stack; } }
log(stack(function () { eval(code) }));
log(stack(function () { (0, eval)(code) }));
log(stack(function () { new Function(code)() }));
`)
	p.run()
	got := p.logged()
	if strings.Count(got, "TypeError") != 3 || strings.Contains(got, "from-disk") {
		t.Errorf("stacks %q: want 3 TypeErrors, none through the source map", got)
	}
	if _, err := p.rt.RunScript("page.js", "null.x\n//# sourceMappingURL=file://"+filepath.ToSlash(mapFile)); err == nil || strings.Contains(err.Error(), "from-disk") {
		t.Errorf("RunScript: %v, want a TypeError at page.js", err)
	}
}
