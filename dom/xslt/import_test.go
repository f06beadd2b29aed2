package xslt

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

// files is a loader over a map of URL to XML text, counting its loads.
type files struct {
	m     map[string]string
	loads int
}

func (f *files) load(_ context.Context, u *url.URL) (*dom.Document, error) {
	f.loads++
	s, ok := f.m[u.String()]
	if !ok {
		return nil, fmt.Errorf("404 %s", u)
	}
	d, err := dom.ParseXML(strings.NewReader(s))
	if err != nil {
		return nil, err
	}
	d.SetURL(u)
	return d, nil
}

func compileAt(t *testing.T, f *files, u string, opts CompileOptions) (*Stylesheet, error) {
	t.Helper()
	d, err := f.load(context.Background(), mustURL(u))
	if err != nil {
		t.Fatal(err)
	}
	opts.Load = f.load
	return CompileWith(&d.Node, opts)
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// The stylesheets and the result of /tmp/…/imports.xml as Chromium 156
// shows it: an imported template loses to the importer's whatever its
// priority, apply-imports reaches the imported rule, an included template
// ranks with the includer's, document() loads relative to the stylesheet
// and document(”) is the stylesheet itself.
var importFiles = map[string]string{
	"http://x.test/s/main.xsl": sheet(`<xsl:import href="imp.xsl"/><xsl:include href="sub/inc.xsl"/>
		<xsl:template match="/"><r><xsl:apply-templates select="root/item"/><d><xsl:value-of select="document('other.xml')/other/v"/></d><n><xsl:value-of select="count(document('')/*/*)"/></n><v><xsl:value-of select="$v"/></v></r></xsl:template>
		<xsl:template match="item[1]"><b>main:<xsl:value-of select="."/><xsl:apply-imports/></b></xsl:template>
		<xsl:variable name="v">main</xsl:variable>`, ""),
	"http://x.test/s/imp.xsl": sheet(`<xsl:import href="imp2.xsl"/>
		<xsl:template match="item"><i>imp:<xsl:value-of select="."/><xsl:apply-imports/></i></xsl:template>
		<xsl:template match="item[2]" priority="10"><u>imp-high:<xsl:value-of select="."/></u></xsl:template>
		<xsl:variable name="v">imp</xsl:variable>`, ""),
	"http://x.test/s/imp2.xsl":    sheet(`<xsl:template match="item"><q>imp2</q></xsl:template>`, ""),
	"http://x.test/s/sub/inc.xsl": sheet(`<xsl:template match="item[last()]" priority="-5"><s>inc:<xsl:value-of select="."/></s></xsl:template>`, ""),
	"http://x.test/s/other.xml":   `<other><v>from-other</v></other>`,
}

func TestImportPrecedence(t *testing.T) {
	f := &files{m: importFiles}
	ss, err := compileAt(t, f, "http://x.test/s/main.xsl", CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	src := parse(t, `<root><item>a</item><item>b</item><item>c</item></root>`)
	r, err := ss.Apply(&src.Node, Options{Document: f.load})
	if err != nil {
		t.Fatal(err)
	}
	const want = `<r><b>main:a<i>imp:a<q>imp2</q></i></b><u>imp-high:b</u><s>inc:c</s><d>from-other</d><n>5</n><v>main</v></r>`
	if got := docString(r.Document()); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Without a document loader (XSLTProcessor), document() is empty.
	r, err = ss.Apply(&src.Node, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := docString(r.Document()); !strings.Contains(got, "<d/><n>0</n>") {
		t.Errorf("without a loader: %s", got)
	}
}

func TestImportErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		opts  CompileOptions
		want  error
	}{
		{"include cycle", map[string]string{
			"http://x.test/a.xsl": sheet(`<xsl:include href="b.xsl"/>`, ""),
			"http://x.test/b.xsl": sheet(`<xsl:include href="a.xsl#x"/>`, ""),
		}, CompileOptions{}, ErrImportCycle},
		{"import of itself", map[string]string{
			"http://x.test/a.xsl": sheet(`<xsl:import href="a.xsl"/>`, ""),
		}, CompileOptions{}, ErrImportCycle},
		{"missing", map[string]string{
			"http://x.test/a.xsl": sheet(`<xsl:import href="nope.xsl"/>`, ""),
		}, CompileOptions{}, ErrCompile},
		{"not a stylesheet", map[string]string{
			"http://x.test/a.xsl": sheet(`<xsl:include href="b.xml"/>`, ""),
			"http://x.test/b.xml": `<b/>`,
		}, CompileOptions{}, ErrNotStylesheet},
		{"too deep", map[string]string{
			"http://x.test/a.xsl": sheet(`<xsl:import href="b.xsl"/>`, ""),
			"http://x.test/b.xsl": sheet(`<xsl:import href="c.xsl"/>`, ""),
			"http://x.test/c.xsl": sheet(`<xsl:import href="d.xsl"/>`, ""),
			"http://x.test/d.xsl": sheet(``, ""),
		}, CompileOptions{MaxImportDepth: 2}, ErrLimit},
		{"too many", map[string]string{
			"http://x.test/a.xsl": sheet(`<xsl:import href="b.xsl"/><xsl:import href="b.xsl"/><xsl:import href="b.xsl"/>`, ""),
			"http://x.test/b.xsl": sheet(``, ""),
		}, CompileOptions{MaxImports: 2}, ErrLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := compileAt(t, &files{m: tc.files}, "http://x.test/a.xsl", tc.opts)
			if !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

// A document() loaded twice is one document, loaded once.
func TestDocumentLoadedOnce(t *testing.T) {
	f := &files{m: map[string]string{
		"http://x.test/a.xsl": sheet(`<xsl:template match="/"><r><xsl:value-of select="count(document('d.xml') | document('d.xml#f') | document('d.xml', /))"/>|<xsl:value-of select="count(document('nope.xml'))"/></r></xsl:template>`, ""),
		"http://x.test/d.xml": `<d/>`,
	}}
	ss, err := compileAt(t, f, "http://x.test/a.xsl", CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f.loads = 0
	src := parse(t, `<root/>`)
	src.SetURL(mustURL("http://x.test/src.xml"))
	r, err := ss.Apply(&src.Node, Options{Document: f.load})
	if err != nil {
		t.Fatal(err)
	}
	if got := docString(r.Document()); got != `<r>1|0</r>` || f.loads != 2 {
		t.Errorf("got %s with %d loads, want <r>1|0</r> with 2", got, f.loads)
	}
}
