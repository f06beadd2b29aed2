package jsruntime

import "testing"

// The children of an element whose user-agent shadow tree has no slot are
// outside the flat tree, so their computed style reads "" as in Chromium,
// with or without author shadow roots in the document
// (testdata/wpt/domdiff64-computed-ua-shadow-children.html).
func TestComputedStyleUAShadowChildren(t *testing.T) {
	const read = `function read(tag) {
		var h = document.createElement(tag), b = document.createElement("b");
		document.body.appendChild(h);
		h.appendChild(b);
		var cs = getComputedStyle(b);
		return tag + ":" + cs.fontWeight + cs.display;
	}
	`
	runEvalCases(t, []evalCase{
		{name: "hosts without a slot", js: read + `["input", "textarea", "video", "audio", "meter", "progress"].map(read).join()`,
			want: "input:,textarea:,video:,audio:,meter:,progress:"},
		{name: "elements with a box for children", js: read + `["img", "select", "iframe", "span", "details"].map(read).join()`,
			want: "img:700inline,select:700inline,iframe:700inline,span:700inline,details:700inline"},
		{name: "with an author shadow root", js: `document.createElement("div").attachShadow({mode: "open"});` + read + `read("input")`,
			want: "input:"},
	})
}
