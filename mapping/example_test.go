package mapping_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bangsnap/bangsnap/mapping"
)

func ExampleToUgly() {
	ugly, err := mapping.ToUgly("http://example.com/page?query#!key1=value1&key2=value2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ugly)

	// Space, #, %, & and + and every byte outside printable ASCII are
	// escaped; é is escaped as its two UTF-8 bytes.
	ugly, _ = mapping.ToUgly("https://example.com:8443/#!q=café au lait&n=1+1")
	fmt.Println(ugly)
	// Output:
	// http://example.com/page?query&_escaped_fragment_=key1=value1%26key2=value2
	// https://example.com:8443/?_escaped_fragment_=q=caf%C3%A9%20au%20lait%26n=1%2B1
}

func ExampleToPretty() {
	pretty, err := mapping.ToPretty("http://example.com/page?query&_escaped_fragment_=key1=value1%26key2=value2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pretty)

	// The meta-tag case: an empty value means the page itself.
	pretty, _ = mapping.ToPretty("http://example.com/page?_escaped_fragment_=")
	fmt.Println(pretty)

	// _escaped_fragment_ must be the last parameter.
	_, err = mapping.ToPretty("http://example.com/?_escaped_fragment_=a&b=c")
	fmt.Println(errors.Is(err, mapping.ErrNotLast))
	fmt.Println(err)
	// Output:
	// http://example.com/page?query#!key1=value1&key2=value2
	// http://example.com/page
	// true
	// mapping: "http://example.com/?_escaped_fragment_=a&b=c": _escaped_fragment_ is not the last query parameter (followed by "&b=c")
}

func ExampleClassify() {
	for _, u := range []string{
		"http://example.com/#!/inbox",
		"http://example.com/?_escaped_fragment_=/inbox",
		"http://example.com/inbox",
		"/inbox",
	} {
		fmt.Println(mapping.Classify(u), u)
	}
	// Output:
	// pretty http://example.com/#!/inbox
	// ugly http://example.com/?_escaped_fragment_=/inbox
	// plain http://example.com/inbox
	// invalid /inbox
}

func ExampleOptsIn() {
	page := `<!DOCTYPE html><html><head><meta name="fragment" content="!"><title>App</title></head><body>...`
	ok, err := mapping.OptsIn(strings.NewReader(page))
	fmt.Println(ok, err)
	// Output: true <nil>
}
