package bangsnap_test

import (
	"bytes"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// TestRenderModuleErrors: a module graph that cannot run reports its error
// to rethrow at the window and fires load (a parse or link error, once per
// script, the parse error the same object each time); a module whose
// evaluation threw throws the same value in each later graph holding it,
// evaluated once; a failed fetch fires error and reports nothing.
func TestRenderModuleErrors(t *testing.T) {
	const head = `<!doctype html><p id=out></p><script>
var log = [], seen = [];
addEventListener("error", e => {
	let i = seen.indexOf(e.error);
	if (i < 0) { i = seen.length; seen.push(e.error); }
	log.push((e.error && e.error.constructor ? e.error.constructor.name : typeof e.error) + "#" + i);
});
addEventListener("load", () => { out.textContent = log.join(" "); });
</script>`
	tests := []struct {
		name    string
		scripts string
		files   map[string]string
		want    string
	}{
		{
			name:    "parse error, the same object each time",
			scripts: `<script type=module src=/bad.js onload="log.push('load')"></script><script type=module src=/nested.js onload="log.push('load')"></script>`,
			files:   map[string]string{"/bad.js": "export let = 1;", "/nested.js": `import "./bad.js";`},
			want:    "SyntaxError#0 load SyntaxError#0 load",
		},
		{
			name:    "link error, a new object each time",
			scripts: `<script type=module src=/link.js onload="log.push('load')"></script><script type=module src=/link.js onload="log.push('load')"></script>`,
			files:   map[string]string{"/link.js": `import { none } from "./ok.js";`, "/ok.js": "export const ok = 1;"},
			want:    "SyntaxError#0 load SyntaxError#1 load",
		},
		{
			name:    "bare specifier",
			scripts: `<script type=module src=/bare.js onload="log.push('load')" onerror="log.push('error')"></script>`,
			files:   map[string]string{"/bare.js": `import "lodash";`},
			want:    "TypeError#0 load",
		},
		{
			name:    "fetch failure over a parse error",
			scripts: `<script type=module src=/both.js onload="log.push('load')" onerror="log.push('error')"></script>`,
			files:   map[string]string{"/both.js": `import "./bad.js"; import "./gone.js";`, "/bad.js": "export let = 1;"},
			want:    "error",
		},
		{
			name: "evaluation error kept",
			scripts: `<script type=module src=/throw.js onload="log.push('load')"></script><script type=module src=/throw.js onload="log.push('load')"></script>` +
				`<script type=module src=/via.js onload="log.push('load')"></script>`,
			files: map[string]string{"/throw.js": `log.push("ran"); throw new RangeError("x");`, "/via.js": `import "./throw.js"; log.push("via ran");`},
			want:  "ran RangeError#0 load RangeError#0 load RangeError#0 load",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"/": head + tt.scripts}
			for k, v := range tt.files {
				files[k] = v
			}
			snap := render(t, bangsnap.NewRenderer(bangsnap.Options{Handler: moduleFiles(files)}), "http://modules.test/")
			if want := `<p id="out">` + tt.want + `</p>`; !bytes.Contains(snap.HTML, []byte(want)) {
				t.Errorf("snapshot lacks %s:\n%s", want, snap.HTML)
			}
		})
	}
}
