package jsruntime

import "testing"

// TestLibraryFirstUse checks Web API answers that popular libraries read
// when they load or are first used (found by a smoke sweep over ~90
// libraries against Chromium); each want is Chromium 156's answer.
func TestLibraryFirstUse(t *testing.T) {
	tests := []struct {
		name, markup, js, want string
	}{
		// _hyperscript tests values with instanceof FileList.
		{"FileList exists", ``, `typeof FileList + ' ' + ([] instanceof FileList)`, "function false"},
		{"file input files", `<input type=file id=f>`,
			`var f = document.getElementById('f'); [f.files instanceof FileList, f.files.length, f.files.item(0), f.files[0], f.files === f.files, Object.prototype.toString.call(f.files), [...f.files].length].join()`,
			"true,0,,,true,[object FileList],0"},
		{"text input files", `<input id=f>`, `String(document.getElementById('f').files)`, "null"},
		{"FileList not constructible", ``, `try { new FileList(); 'made' } catch (e) { e.name }`, "TypeError"},
		// ClipboardJS.isSupported() reads queryCommandSupported('copy').
		{"queryCommandSupported", ``,
			`['copy', 'cut', 'BOLD', 'insertText', 'paste', 'contentReadOnly', 'foo'].map(c => document.queryCommandSupported(c)).join()`,
			"true,true,true,true,false,false,false"},
		{"queryCommandEnabled", ``,
			`['copy', 'selectAll', 'styleWithCSS', 'foo'].map(c => document.queryCommandEnabled(c)).join()`,
			"false,true,true,false"},
		{"queryCommand state and value", ``,
			`document.queryCommandState('bold') + ' ' + JSON.stringify(document.queryCommandValue('fontName')) + ' ' + document.queryCommandIndeterm('bold') + ' ' + document.execCommand('copy')`,
			`false "" false false`},
		// anime.js and GSAP read style.transform back.
		{"transform function case", `<div id=a></div>`,
			`var a = document.getElementById('a'); a.style.transform = 'TRANSLATEX(100px) rotateY(3deg) scale3D(1, 1, 1)'; a.style.transform`,
			"translateX(100px) rotateY(3deg) scale3d(1, 1, 1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPage(t, tt.markup, nil)
			p.run()
			if got := p.eval(tt.js); got != tt.want {
				t.Errorf("%s\n got %q\nwant %q", tt.js, got, tt.want)
			}
			p.noErrors()
		})
	}
}
