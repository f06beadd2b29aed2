package serialize_test

import (
	"os"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/serialize"
)

func ExampleDocument() {
	d, _ := dom.Parse(strings.NewReader(`<!DOCTYPE html><meta name=fragment content="!">` +
		`<script src=app.js></script><script type=application/ld+json>{"a":1}</script><p title='"q"'>a&nbsp;b`))
	_ = serialize.Document(os.Stdout, d, serialize.Options{})
	// Output:
	// <!DOCTYPE html><html><head><script type="application/ld+json">{"a":1}</script></head><body><p title="&quot;q&quot;">a&nbsp;b</p></body></html>
}
