package dom

import (
	"strings"
	"testing"
)

// x/net/html took <!DOCTYPE HTML> and a public identifier without a system
// identifier for quirks mode, where a <table> does not close an open <p>.
// Recorded from Chromium 156 (testdata/wpt/parser47-doctype-mode.html).
func TestDoctypeMode(t *testing.T) {
	cases := []struct{ doctype, want string }{
		{`<!DOCTYPE HTML>`, "CSS1Compat body html||"},
		{`<!DOCTYPE Html>`, "CSS1Compat body html||"},
		{`<!doctype html PUBLIC "-//W3C//DTD HTML 4.01//EN">`, "CSS1Compat body html|-//W3C//DTD HTML 4.01//EN|"},
		{`<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">`, "CSS1Compat body html|-//W3C//DTD HTML 4.01//EN|http://www.w3.org/TR/html4/strict.dtd"},
		{`<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">`, "BackCompat p html|-//W3C//DTD HTML 4.01 Transitional//EN|"},
		{`<!doctype html public "x" "y" junk>`, "CSS1Compat body html|x|y"},
		{`<!doctype html public "x" junk>`, "BackCompat p html|x|"},
		{`<!DOCTYPE HTML SYSTEM>`, "BackCompat p html||"},
		{`<!DOCTYPE html PUBLIC>`, "BackCompat p html||"},
		{`<!DOCTYPE html PUBLIC "">`, "CSS1Compat body html||"},
		{"<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"\n\"http://www.w3.org/TR/html4/strict.dtd\">", "CSS1Compat body html|-//W3C//DTD HTML 4.01//EN|http://www.w3.org/TR/html4/strict.dtd"},
		{`<!DOCTYPE HTMLX>`, "BackCompat p htmlx||"},
		{`<!DOCTYPE>`, "BackCompat p ||"},
		{`<!-- c --><!DOCTYPE HTML>`, "CSS1Compat body html||"},
		{`<!DOCTYPE HTML public "-//W3C//DTD HTML 3.2 Final//EN">`, "BackCompat p html|-//W3C//DTD HTML 3.2 Final//EN|"},
		{`<!DOCTYPE html>`, "CSS1Compat body html||"},
	}
	describe := func(d *Document) string {
		var table *Node
		var find func(n *Node)
		find = func(n *Node) {
			for k := n.First(); k != nil && table == nil; k = k.Next() {
				if k.Data == "table" {
					table = k
				}
				find(k)
			}
		}
		find(&d.Node)
		dt := d.Doctype()
		return d.CompatMode() + " " + table.ParentNode().Data + " " + dt.Data + "|" + dt.PublicID() + "|" + dt.SystemID()
	}
	for _, c := range cases {
		src := c.doctype + "<p><table></table><script>x()</script>"
		d, err := Parse(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		if got := describe(d); got != c.want {
			t.Errorf("Parse %q: %s, want %s", c.doctype, got, c.want)
		}
		for _, split := range []int{0, 1, -1} {
			s, err := streamAll(t, src, ParseOptions{}, max(split, 1), split < 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := describe(s); got != c.want {
				t.Errorf("stream %d %q: %s, want %s", split, c.doctype, got, c.want)
			}
		}
	}
}
