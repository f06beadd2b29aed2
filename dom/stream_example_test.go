package dom_test

import (
	"errors"
	"fmt"
	"io"

	"github.com/bangsnap/bangsnap/dom"
)

// A script runner parses a page with a StreamParser: each script sees the
// document as parsed up to it, and what it writes goes right after it.
func ExampleStreamParser() {
	p, err := dom.NewStreamParser("<body><p>one</p>\n<script>write()</script><p>two</p>", dom.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	for {
		script, pos, err := p.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("script at %d:%d sees %d children of body\n", pos.Line, pos.Column, len(p.Document().Body().ChildNodeList()))
		_ = script // run it here; its document.write calls go to Write:
		if err := p.Write("<p>written</p>", nil); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(p.Document().Body().InnerHTML())
	// Output:
	// script at 2:9 sees 3 children of body
	// <p>one</p>
	// <script>write()</script><p>written</p><p>two</p>
}
