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

// A page built of web components keeps its content in shadow trees, which
// a snapshot leaves out unless Options.ShadowRoots writes them as
// declarative shadow roots.
func ExampleDocument_shadowRoots() {
	d, _ := dom.Parse(strings.NewReader(`<!DOCTYPE html><title>Shop</title><shop-cart>` +
		`<template shadowrootmode="closed"><h2>Cart</h2><slot></slot></template><p>2 items</p></shop-cart>`))
	_ = serialize.Document(os.Stdout, d, serialize.Options{})
	os.Stdout.WriteString("\n")
	_ = serialize.Document(os.Stdout, d, serialize.Options{ShadowRoots: true})
	// Output:
	// <!DOCTYPE html><html><head><title>Shop</title></head><body><shop-cart><p>2 items</p></shop-cart></body></html>
	// <!DOCTYPE html><html><head><title>Shop</title></head><body><shop-cart><template shadowrootmode="closed"><h2>Cart</h2><slot></slot></template><p>2 items</p></shop-cart></body></html>
}
