package mapping

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestOptsIn(t *testing.T) {
	const meta = `<meta name="fragment" content="!">`
	tests := []struct {
		name, doc string
		want      bool
	}{
		{"in head", `<!DOCTYPE html><html><head>` + meta + `</head><body></body></html>`, true},
		{"no head tag", meta + `<p>x`, true},
		{"after title and scripts", `<head><title>t</title><script>if (a<b) {}</script><style>p{}</style><link rel=x>` + meta, true},
		{"after whitespace and comments", "<html>\n <!-- c --> <head>\t\n" + meta, true},
		{"self-closing", `<head><meta name="fragment" content="!"/></head>`, true},
		{"unquoted", `<head><meta name=fragment content=!></head>`, true},
		{"attribute name case", `<head><META NAME="fragment" CONTENT="!"></head>`, true},
		{"name value case", `<head><meta name="FRAGMENT" content="!"></head>`, true},
		{"content as reference", `<head><meta name="fragment" content="&#33;"></head>`, true},
		{"attribute order", `<head><meta content="!" charset=utf-8 name="fragment"></head>`, true},
		{"between head and body", `<head></head>` + meta + `<body>`, true},
		{"after template", `<head><template><div>x</div></template>` + meta + `</head>`, true},
		{"head end tags ignored", `<head></p></div>` + meta, true},
		{"fake script end", `<head><script>"</scr" + "ipt>"; document.write("<body>")</script>` + meta, true},
		{"XHTML", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"en\">\n<head><title>t</title><link rel=\"stylesheet\" href=\"a.css\"/><script src=\"a.js\"/><script>//<![CDATA[\nif (a < b) {}\n//]]></script><meta name=\"fragment\" content=\"!\"/></head><body/></html>", true},

		{"no meta", `<html><head><title>x</title></head><body></body></html>`, false},
		{"empty", ``, false},
		{"in body", `<html><head></head><body>` + meta + `</body></html>`, false},
		{"after text", `x` + meta, false},
		{"after body tag", `<head><div></div>` + meta, false},
		{"after body end", `<head></body>` + meta, false},
		{"after br end", `<head></br>` + meta, false},
		{"after frameset", `<head><frameset>` + meta, false},
		{"other content", `<head><meta name="fragment" content="!!"></head>`, false},
		{"content spaced", `<head><meta name="fragment" content=" !"></head>`, false},
		{"content missing", `<head><meta name="fragment"></head>`, false},
		{"content empty", `<head><meta name="fragment" content=""></head>`, false},
		{"other name", `<head><meta name="fragments" content="!"></head>`, false},
		{"unicode fold", "<head><meta name=\"fragment\u212a\" content=\"!\"></head>", false},
		{"http-equiv", `<head><meta http-equiv="fragment" content="!"></head>`, false},
		{"first duplicate wins", `<head><meta name="x" name="fragment" content="!"></head>`, false},
		{"first content wins", `<head><meta name="fragment" content="?" content="!"></head>`, false},
		{"in template", `<head><template>` + meta + `</template></head>`, false},
		{"in noscript", `<head><noscript>` + meta + `</noscript></head>`, false},
		{"in title", `<head><title>` + meta + `</title></head>`, false},
		{"in script", `<head><script>"` + meta + `"</script></head>`, false},
		{"in comment", `<head><!--` + meta + `--></head>`, false},
		{"in template body end", `<head><template></body>` + meta, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := OptsIn(strings.NewReader(tc.doc))
			if err != nil {
				t.Fatalf("OptsIn: %v", err)
			}
			if got != tc.want {
				t.Errorf("OptsIn(%q) = %v, want %v", tc.doc, got, tc.want)
			}
		})
	}
}

// TestOptsInStopsAtBody checks that OptsIn does not read past the head: the
// reader fails after the body start tag.
func TestOptsInStopsAtBody(t *testing.T) {
	errAfterBody := errors.New("read past the head")
	for _, head := range []string{
		"<html><head><title>t</title></head><body>",
		`<head><meta name="fragment" content="!">`,
	} {
		r := io.MultiReader(iotest.OneByteReader(strings.NewReader(head)), iotest.ErrReader(errAfterBody))
		if _, err := OptsIn(r); err != nil {
			t.Errorf("OptsIn(%q + failing reader): %v", head, err)
		}
	}
}

func TestOptsInReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("<head><title>"), iotest.ErrReader(boom))
	got, err := OptsIn(r)
	if got || !errors.Is(err, boom) {
		t.Errorf("OptsIn with failing reader = %v, %v; want false, error wrapping boom", got, err)
	}
}
