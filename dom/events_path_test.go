package dom

import (
	"fmt"
	"strings"
	"testing"
)

// deepChain returns a document with a chain of depth nested divs under
// body, and the innermost one; with shadow set, the chain's second half
// lives in a shadow tree attached to the element at its middle.
func deepChain(tb testing.TB, depth int, shadow bool) (*Document, *Node) {
	tb.Helper()
	d := NewDocument()
	html, _ := d.CreateElement("html")
	body, _ := d.CreateElement("body")
	d.AppendChild(html)
	html.AppendChild(body)
	n := body
	for i := range depth {
		c, err := d.CreateElement("div")
		if err != nil {
			tb.Fatal(err)
		}
		if shadow && i == depth/2 {
			sr, err := n.AttachShadow(ShadowRootInit{Mode: "open"})
			if err != nil {
				tb.Fatal(err)
			}
			sr.AppendChild(c)
		} else {
			n.AppendChild(c)
		}
		n = c
	}
	return d, n
}

// BenchmarkDispatchDeep dispatches a bubbling event at a leaf 10,000
// elements deep, with a listener on the body (and the shadow host).
func BenchmarkDispatchDeep(b *testing.B) {
	for _, shadow := range []bool{false, true} {
		b.Run(fmt.Sprintf("shadow=%v", shadow), func(b *testing.B) {
			d, leaf := deepChain(b, 10000, shadow)
			body := d.Node.First().First()
			seen := 0
			body.AddEventListener("ping", ListenerFunc(func(ev *Event) {
				if ev.Target() == nil {
					b.Fatal("no target")
				}
				seen++
			}), ListenerOptions{})
			ev := NewEvent("ping", true, false)
			ev.Composed = true
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Dispatch(leaf, ev); err != nil {
					b.Fatal(err)
				}
			}
			if seen == 0 {
				b.Fatal("listener never ran")
			}
		})
	}
}

// TestDispatchRetargetAgainstNaive dispatches, with and without a related
// target, at every node of a tree with nested shadow trees (open and
// closed) and slotted children, and checks that each listener sees the
// target and related target retargeted against its current target as the
// spec's retarget computes them one by one.
// https://dom.spec.whatwg.org/#retarget
func TestDispatchRetargetAgainstNaive(t *testing.T) {
	d := NewDocument()
	mk := func(parent *Node, tag string) *Node {
		n, err := d.CreateElement(tag)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parent.AppendChild(n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	html := mk(&d.Node, "html")
	body := mk(html, "body")
	host1 := mk(body, "div")
	light1 := mk(host1, "p")
	lightDeep := mk(light1, "b")
	sr1, err := host1.AttachShadow(ShadowRootInit{Mode: "open"})
	if err != nil {
		t.Fatal(err)
	}
	a := mk(sr1, "div")
	slot1 := mk(a, "slot")
	host2 := mk(a, "div")
	light2 := mk(host2, "i")
	sr2, err := host2.AttachShadow(ShadowRootInit{Mode: "closed"})
	if err != nil {
		t.Fatal(err)
	}
	inner := mk(sr2, "span")
	slot2 := mk(inner, "slot")
	leaf := mk(inner, "em")
	other := mk(body, "section")
	nodes := []*Node{&d.Node, html, body, host1, light1, lightDeep, sr1, a, slot1, host2, light2, sr2, inner, slot2, leaf, other}
	if light1.AssignedSlot() != slot1 || light2.AssignedSlot() != slot2 {
		t.Fatalf("slots not assigned: %v %v", light1.AssignedSlot(), light2.AssignedSlot())
	}
	var fails []string
	var target, related Target
	check := ListenerFunc(func(ev *Event) {
		cur := ev.CurrentTarget()
		if want := retarget(target, cur); ev.Target() != want {
			fails = append(fails, fmt.Sprintf("target %v at %v: got %v, want %v", target, cur, ev.Target(), want))
		}
		if related != nil {
			if want := retarget(related, cur); ev.RelatedTarget() != want {
				fails = append(fails, fmt.Sprintf("related %v (target %v) at %v: got %v, want %v", related, target, cur, ev.RelatedTarget(), want))
			}
		}
	})
	for _, n := range nodes {
		n.AddEventListener("x", check, ListenerOptions{Capture: true})
		n.AddEventListener("x", check, ListenerOptions{})
	}
	calls := 0
	counter := ListenerFunc(func(*Event) { calls++ })
	leaf.AddEventListener("x", counter, ListenerOptions{})
	for _, tn := range nodes {
		for _, rel := range append([]*Node{nil}, nodes...) {
			for _, composed := range []bool{false, true} {
				target, related = tn, nil
				ev := NewEvent("x", true, false)
				ev.Composed = composed
				if rel != nil {
					related = rel
					ev.SetRelatedTarget(rel)
				}
				if _, err := Dispatch(tn, ev); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if calls == 0 {
		t.Fatal("no dispatch reached the leaf")
	}
	for _, f := range fails[:min(len(fails), 10)] {
		t.Error(f)
	}
}

// BenchmarkComposedPathDeep calls composedPath() from a listener on the
// body during a dispatch at a leaf 10,000 elements deep.
func BenchmarkComposedPathDeep(b *testing.B) {
	d, leaf := deepChain(b, 10000, false)
	body := d.Node.First().First()
	n := 0
	body.AddEventListener("ping", ListenerFunc(func(ev *Event) { n = len(ev.ComposedPath()) }), ListenerOptions{})
	ev := NewEvent("ping", true, false)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Dispatch(leaf, ev); err != nil {
			b.Fatal(err)
		}
	}
	if n != 10000+3 { // the chain, body, html, document
		b.Fatalf("composed path of %d items", n)
	}
}

// TestComposedPathSlotFallback checks composedPath() for an event in the
// fallback content of a slot in a closed shadow tree: the slot is reached
// as the target's parent, not from an assigned slottable, so it does not
// end the hidden subtree (slot-in-closed-tree is false), and a listener on
// the host sees the path from the host on (as Chromium); a light child
// assigned to that slot sees neither the slot nor the shadow root.
func TestComposedPathSlotFallback(t *testing.T) {
	d := mustParse(t, `<div id=h><i id=lt>l</i></div>`)
	h := d.GetElementByID("h")
	sr, err := h.AttachShadow(ShadowRootInit{Mode: "closed"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sr.SetInnerHTML(`<slot id=s><b id=fb>fb</b></slot>`); err != nil {
		t.Fatal(err)
	}
	name := func(p []Target) string {
		var out []string
		for _, x := range p {
			n := x.(*Node)
			if n.ID() != "" {
				out = append(out, n.ID())
			} else {
				out = append(out, n.NodeName())
			}
		}
		return strings.Join(out, ",")
	}
	fb, lt := sr.First().First(), d.GetElementByID("lt")
	for _, c := range []struct {
		target, on *Node
		want       string
	}{
		{fb, fb, "fb,s,#document-fragment,h,BODY,HTML,#document"},
		{fb, h, "h,BODY,HTML,#document"},
		{lt, lt, "lt,h,BODY,HTML,#document"},
		{lt, sr.First(), "lt,s,#document-fragment,h,BODY,HTML,#document"},
	} {
		var got string
		l := ListenerFunc(func(ev *Event) { got = name(ev.ComposedPath()) })
		c.on.AddEventListener("y", l, ListenerOptions{})
		ev := NewEvent("y", true, false)
		ev.Composed = true
		if _, err := Dispatch(c.target, ev); err != nil {
			t.Fatal(err)
		}
		c.on.RemoveEventListener("y", l, false)
		if got != c.want {
			t.Errorf("at %s, listener on %s: %s, want %s", c.target.ID(), c.on.NodeName(), got, c.want)
		}
	}
}
