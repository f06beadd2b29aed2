package xslt

import (
	"errors"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

const feed = `<feed><item id="2"><t>B</t></item><item id="1"><t>A</t></item></feed>`

func parse(t testing.TB, s string) *dom.Document {
	t.Helper()
	d, err := dom.ParseXML(strings.NewReader(s))
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return d
}

func sheet(body, out string) string {
	return `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">` + out + body + `</xsl:stylesheet>`
}

func transform(t testing.TB, ss, src string, opts Options) (*Result, error) {
	t.Helper()
	s, err := Compile(&parse(t, ss).Node)
	if err != nil {
		return nil, err
	}
	return s.Apply(&parse(t, src).Node, opts)
}

func docString(d *dom.Document) string {
	var b strings.Builder
	for k := d.First(); k != nil; k = k.Next() {
		b.WriteString(k.XMLString())
	}
	return b.String()
}

// The expected results are Chromium 156's (XMLSerializer of
// transformToDocument's result, or innerHTML of transformToFragment's).
func TestTransformDocument(t *testing.T) {
	for _, tc := range []struct {
		name, ss, want string
	}{
		{"sort and param", sheet(`<xsl:param name="p" select="'def'"/><xsl:template match="/"><table><xsl:for-each select="feed/item"><xsl:sort select="@id"/><tr><td><xsl:value-of select="t"/></td><td><xsl:value-of select="$p"/></td></tr></xsl:for-each></table></xsl:template>`, ""),
			`<table><tr><td>A</td><td>def</td></tr><tr><td>B</td><td>def</td></tr></table>`},
		{"literal result stylesheet", `<out xsl:version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:value-of select="count(//item)"/></out>`, `<out>2</out>`},
		{"bogus instruction skipped", sheet(`<xsl:template match="/"><a><xsl:bogus/></a></xsl:template>`, ""), `<a/>`},
		{"xml indent", sheet(`<xsl:template match="/"><a><b>x</b><c/></a></xsl:template>`, `<xsl:output method="xml" indent="yes"/>`), "<a>\n  <b>x</b>\n  <c/>\n</a>"},
		{"functions", sheet(`<xsl:template match="/"><a><xsl:value-of select="generate-id(/*)"/>|<xsl:value-of select="system-property('xsl:vendor')"/>|<xsl:value-of select="format-number(1234.5,'#,##0.00')"/>|<xsl:value-of select="format-number(0.256,'0.0%')"/></a></xsl:template>`, ""),
			`<a>id1|libxslt|1,234.50|25.6%</a>`},
		{"number", sheet(`<xsl:template match="/"><a><xsl:for-each select="//item"><xsl:number/>.<xsl:number format="a"/>.<xsl:number value="position()" format="I"/>.<xsl:number value="12345" grouping-separator="," grouping-size="3"/>;</xsl:for-each></a></xsl:template>`, ""),
			`<a>1.a.I.12,345;2.b.II.12,345;</a>`},
		{"sort text by collation", sheet(`<xsl:template match="/"><a><xsl:for-each select="//t|//@id"><xsl:sort select="."/><xsl:value-of select="."/></xsl:for-each>|<xsl:for-each select="str"><xsl:sort/></xsl:for-each></a></xsl:template>`, ""), `<a>12AB|</a>`},
		{"namespaces of literal elements", `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:f="urn:f" xmlns="http://www.w3.org/1999/xhtml"><xsl:template match="/"><div><f:x/></div></xsl:template></xsl:stylesheet>`,
			`<div xmlns="http://www.w3.org/1999/xhtml" xmlns:f="urn:f"><f:x/></div>`},
		{"excluded prefix", `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:f="urn:f" exclude-result-prefixes="f"><xsl:template match="/"><div>x</div></xsl:template></xsl:stylesheet>`, `<div>x</div>`},
		{"unused namespace kept", `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:f="urn:f"><xsl:template match="/"><div>x</div></xsl:template></xsl:stylesheet>`, `<div xmlns:f="urn:f">x</div>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := transform(t, tc.ss, feed, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := docString(r.Document()); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestTransformErrors(t *testing.T) {
	for _, tc := range []struct {
		name, ss string
		want     error
	}{
		{"not a stylesheet", `<a/>`, ErrNotStylesheet},
		{"bad expression", sheet(`<xsl:template match="/"><a><xsl:value-of select="(("/></a></xsl:template>`, ""), ErrCompile},
		{"undefined variable", sheet(`<xsl:template match="/"><a><xsl:value-of select="$nope"/></a></xsl:template>`, ""), ErrRuntime},
		{"message terminate", sheet(`<xsl:template match="/"><a><xsl:message terminate="yes">x</xsl:message></a></xsl:template>`, ""), ErrTerminated},
		{"attribute after child", sheet(`<xsl:template match="/"><a><b/><xsl:attribute name="x">1</xsl:attribute></a></xsl:template>`, ""), ErrRuntime},
		{"include", sheet(`<xsl:include href="nope.xsl"/><xsl:template match="/"><a/></xsl:template>`, ""), ErrCompile},
		{"endless recursion", sheet(`<xsl:template match="/"><xsl:call-template name="r"/></xsl:template><xsl:template name="r"><xsl:call-template name="r"/></xsl:template>`, ""), ErrLimit},
		{"endless apply-templates", sheet(`<xsl:template match="/"><xsl:apply-templates select="."/></xsl:template>`, ""), ErrLimit},
		{"exponential output", sheet(`<xsl:template match="/"><xsl:call-template name="r"><xsl:with-param name="n" select="40"/></xsl:call-template></xsl:template><xsl:template name="r"><xsl:param name="n"/><xsl:if test="$n &gt; 0"><x><xsl:call-template name="r"><xsl:with-param name="n" select="$n - 1"/></xsl:call-template><xsl:call-template name="r"><xsl:with-param name="n" select="$n - 1"/></xsl:call-template></x></xsl:if></xsl:template>`, ""), ErrLimit},
		{"exponential work", sheet(`<xsl:template match="/"><xsl:call-template name="r"><xsl:with-param name="n" select="40"/></xsl:call-template></xsl:template><xsl:template name="r"><xsl:param name="n"/><xsl:if test="$n &gt; 0"><xsl:call-template name="r"><xsl:with-param name="n" select="$n - 1"/></xsl:call-template><xsl:call-template name="r"><xsl:with-param name="n" select="$n - 1"/></xsl:call-template></xsl:if></xsl:template>`, ""), ErrLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := transform(t, tc.ss, feed, Options{Limits: Limits{Instructions: 2_000_000}})
			if !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}
