package dom_test

import (
	"fmt"
	"strings"

	"github.com/bangsnap/bangsnap/dom"
)

func ExampleParse() {
	d, err := dom.Parse(strings.NewReader(`<ul id=list><li>one<li class=hot>two</ul>`))
	if err != nil {
		panic(err)
	}
	list := d.GetElementByID("list")
	li, _ := d.CreateElement("li")
	li.SetTextContent("three & more")
	_, _ = list.AppendChild(li)
	hot, _ := list.QuerySelector("li.hot")
	fmt.Println(hot.TagName(), hot.InnerText())
	fmt.Println(list.OuterHTML())
	// Output:
	// LI two
	// <ul id="list"><li>one</li><li class="hot">two</li><li>three &amp; more</li></ul>
}

func ExampleDispatch() {
	d, _ := dom.Parse(strings.NewReader(`<div id=outer><button id=b>Go</button></div>`))
	outer, b := d.GetElementByID("outer"), d.GetElementByID("b")
	outer.AddEventListener("click", dom.ListenerFunc(func(e *dom.Event) {
		fmt.Println("outer sees", e.Type, "phase", e.Phase())
	}), dom.ListenerOptions{})
	b.AddEventListener("click", dom.ListenerFunc(func(e *dom.Event) {
		fmt.Println("button sees", e.Type, "phase", e.Phase())
		e.PreventDefault()
	}), dom.ListenerOptions{})
	notCanceled, _ := dom.Dispatch(b, dom.NewEvent("click", true, true))
	fmt.Println("not canceled:", notCanceled)
	// Output:
	// button sees click phase 2
	// outer sees click phase 3
	// not canceled: false
}

func ExampleDocument_OnMutation() {
	d, _ := dom.Parse(strings.NewReader(`<p id=p>hi</p>`))
	d.OnMutation = func(r *dom.MutationRecord) {
		fmt.Printf("%s on %s: attribute %q, old value %q\n", r.Type, r.Target.NodeName(), r.AttributeName, r.OldValue)
	}
	p := d.GetElementByID("p")
	_ = p.SetAttribute("class", "x")
	p.First().SetData("bye")
	// Output:
	// attributes on P: attribute "class", old value ""
	// characterData on #text: attribute "", old value "hi"
}
