package serialize

import (
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap/dom"
)

func render(t testing.TB, in string, opts Options) string {
	t.Helper()
	d, err := dom.Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := Document(&b, d, opts); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestSnapshotPolicy(t *testing.T) {
	tests := []struct {
		name, in string
		opts     Options
		want     string
	}{
		{"drops scripts", `<script>x()</script><script type=module>m</script><script type="text/javascript">j</script><p>a`, Options{},
			`<html><head></head><body><p>a</p></body></html>`},
		{"keeps data blocks", `<script type="application/ld+json">{"a":"<b>"}</script><script type=text/template><b></script>`, Options{},
			`<html><head><script type="application/ld+json">{"a":"<b>"}</script><script type="text/template"><b></script></head><body></body></html>`},
		{"language attribute", `<script language=javascript>x</script><script language=vbscript>y</script>`, Options{},
			`<html><head><script language="vbscript">y</script></head><body></body></html>`},
		{"keep scripts", `<script>x()</script>`, Options{KeepScripts: true},
			`<html><head><script>x()</script></head><body></body></html>`},
		{"drops fragment meta", `<meta name="fragment" content="!"><meta name=description content=d>`, Options{},
			`<html><head><meta name="description" content="d"></head><body></body></html>`},
		{"keeps fragment meta on request", `<meta name="fragment" content="!">`, Options{KeepFragmentMeta: true},
			`<html><head><meta name="fragment" content="!"></head><body></body></html>`},
	}
	for _, tt := range tests {
		if got := render(t, tt.in, tt.opts); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}
