package xslt

import "testing"

// Which instruction makes Chromium 156 transform a page (recorded with
// pages of each kind served to it).
func TestFindPagePI(t *testing.T) {
	for _, tc := range []struct {
		src     string
		href    string
		found   bool
		applies bool
	}{
		{`<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="a.xsl"?><r/>`, "a.xsl", true, true},
		{"\ufeff<?xml version=\"1.0\"?>\n<!-- c --><!DOCTYPE r [<!ENTITY e \"]>\">]>\n<?xml-stylesheet type=\"text/css\" href=\"a.css\"?><?xml-stylesheet href='b.xsl' type='application/rss+xml'?><r/>", "b.xsl", true, true},
		{`<?xml-stylesheet type="text/xsl" href="a&amp;b.xsl"?><?xml-stylesheet type="text/xsl" href="c.xsl"?><r/>`, "a&b.xsl", true, true},
		{`<?xml-stylesheet type="text/xsl" alternate="yes" href="a.xsl"?><r/>`, "a.xsl", true, false},
		{`<?xml-stylesheet type="text/xsl" alternate="yes" title="t" href="a.xsl"?><r/>`, "a.xsl", true, true},
		{`<?xml-stylesheet type="application/xslt+xml" href="a.xsl"?><r/>`, "", false, false},
		{`<?xml-stylesheet type="TEXT/XSL" href="a.xsl"?><r/>`, "", false, false},
		{`<?xml-stylesheet href="a.xsl"?><r/>`, "", false, false},
		{`<?xml-stylesheet type="text/xsl" href="a.xsl?><r/>`, "", false, false},
		{`<r><?xml-stylesheet type="text/xsl" href="a.xsl"?></r>`, "", false, false},
		{`<!-- unterminated`, "", false, false},
	} {
		pi, ok := FindPagePI(tc.src)
		if ok != tc.found || pi.Href != tc.href || pi.Applies != tc.applies {
			t.Errorf("%q: got %+v %v, want %q %v %v", tc.src, pi, ok, tc.href, tc.found, tc.applies)
		}
	}
}
