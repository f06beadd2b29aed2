package jsruntime

import "testing"

func TestCheckScriptMIME(t *testing.T) {
	for _, c := range []struct {
		ct      string
		nosniff bool
		check   int
		ok      bool
	}{
		{"text/javascript; charset=utf-8", false, checkModule, true},
		{"Application/X-JavaScript", false, checkModule, true},
		{"text/plain", false, checkModule, false},
		{"", false, checkModule, false},
		{"application/json", false, checkModule, false},
		{"application/json", false, checkJSON, true},
		{"TEXT/JSON; charset=utf-8", false, checkJSON, true},
		{"application/ld+json", false, checkJSON, true},
		{"+json", false, checkJSON, false},
		{"text/javascript", false, checkJSON, false},
		{"text/css; charset=utf-8", false, checkCSS, true},
		{"text/plain", false, checkCSS, false},
		{"text/plain", false, checkClassic, true},
		{"", false, checkClassic, true},
		{"image/png", false, checkClassic, false},
		{"text/csv", false, checkClassic, false},
		{"text/plain", true, checkClassic, false},
		{"", true, checkClassic, false},
		{"text/javascript", true, checkClassic, true},
	} {
		err := checkScriptMIME("https://a.test/s", ScriptResponse{ContentType: c.ct, NoSniff: c.nosniff}, c.check)
		if (err == nil) != c.ok {
			t.Errorf("%q nosniff %v check %d: %v, want ok %v", c.ct, c.nosniff, c.check, err, c.ok)
		}
	}
	for _, c := range []struct {
		values []string
		want   bool
	}{
		{nil, false}, {[]string{"nosniff"}, true}, {[]string{" NoSniff , x"}, true},
		{[]string{"x, nosniff"}, false}, {[]string{"", "nosniff"}, false}, {[]string{"nosniffx"}, false},
	} {
		if got := NoSniff(c.values); got != c.want {
			t.Errorf("NoSniff(%q) = %v", c.values, got)
		}
	}
}
