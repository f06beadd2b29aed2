package jsruntime_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/jsruntime"
	"github.com/bangsnap/bangsnap/loop"
)

func Example() {
	doc, err := dom.Parse(strings.NewReader(`<ul id="list"></ul>
<script>
document.addEventListener('DOMContentLoaded', function() {
	setTimeout(function() {
		['a', 'b'].forEach(function(s) {
			var li = document.createElement('li');
			li.textContent = s + location.hash;
			document.getElementById('list').appendChild(li);
		});
	}, 1000);
});
</script>`))
	if err != nil {
		panic(err)
	}
	var w *jsruntime.Window
	l := loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { w.ReportError(err) }})
	w, err = jsruntime.New(l, doc, jsruntime.Config{URL: "https://example.com/#!/x"})
	if err != nil {
		panic(err)
	}
	if err := w.Run(context.Background()); err != nil {
		panic(err)
	}
	fmt.Println(doc.GetElementByID("list").OuterHTML())
	// Output: <ul id="list"><li>a#!/x</li><li>b#!/x</li></ul>
}
