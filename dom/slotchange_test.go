package dom

import (
	"strings"
	"testing"
)

// slotEnv is a document with a host (#host) whose shadow root holds the
// given markup; the light children are parsed too.
type slotEnv struct {
	d        *Document
	host, sr *Node
}

func (e slotEnv) light(id string) *Node  { return e.d.GetElementByID(id) }
func (e slotEnv) shadow(id string) *Node { return e.sr.GetElementByID(id) }
func (e slotEnv) el(t *testing.T, tag, id string, attrs ...string) *Node {
	t.Helper()
	n, err := e.d.CreateElement(tag)
	if err != nil {
		t.Fatal(err)
	}
	if id != "" {
		_ = n.SetAttribute("id", id)
	}
	for i := 0; i+1 < len(attrs); i += 2 {
		_ = n.SetAttribute(attrs[i], attrs[i+1])
	}
	return n
}

// TestSlotChangeSignals checks which slots each mutation signals, and in
// which order, against what Chromium fires slotchange at
// (testdata/wpt/shadow-slotchange.html records the same cases there).
func TestSlotChangeSignals(t *testing.T) {
	for _, tc := range []struct {
		name, light, shadow string
		manual              bool
		mutate              func(t *testing.T, e slotEnv)
		want                string
	}{
		{"slottable appended to the host", ``, `<slot id=sd></slot>`, false, func(t *testing.T, e slotEnv) {
			_, _ = e.host.AppendChild(e.el(t, "b", ""))
		}, "sd"},
		{"text appended to the host", ``, `<slot id=sd></slot>`, false, func(t *testing.T, e slotEnv) {
			_, _ = e.host.AppendChild(e.d.CreateTextNode("x"))
		}, "sd"},
		{"comment appended to the host", ``, `<slot id=sd></slot>`, false, func(t *testing.T, e slotEnv) {
			_, _ = e.host.AppendChild(e.d.CreateComment("x"))
		}, ""},
		{"no slot for the name", ``, `<slot id=sd></slot>`, false, func(t *testing.T, e slotEnv) {
			_, _ = e.host.AppendChild(e.el(t, "b", "", "slot", "nope"))
		}, ""},
		{"named slottable appended", ``, `<slot id=sd></slot><slot id=sx name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			_, _ = e.host.AppendChild(e.el(t, "b", "", "slot", "x"))
		}, "sx"},
		{"slotted child removed", `<i id=a slot=x></i>`, `<slot id=sx name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			e.light("a").Remove()
		}, "sx"},
		{"slot attribute changed: old slot, then new", `<i id=a></i>`, `<slot id=sx name=x></slot><slot id=sd></slot>`, false, func(t *testing.T, e slotEnv) {
			_ = e.light("a").SetAttribute("slot", "x")
		}, "sd sx"},
		{"slot attribute set to its value", `<i id=a slot=x></i>`, `<slot id=sx name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			_ = e.light("a").SetAttribute("slot", "x")
		}, ""},
		{"slot attribute removed", `<i id=a slot=x></i>`, `<slot id=sx name=x></slot><slot id=sd></slot>`, false, func(t *testing.T, e slotEnv) {
			e.light("a").RemoveAttribute("slot")
		}, "sx sd"},
		{"slot renamed away and another takes its nodes", `<i id=a slot=x></i>`, `<slot id=s1 name=x></slot><slot id=s2 name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			_ = e.shadow("s1").SetAttribute("name", "y")
		}, "s1 s2"},
		{"slot renamed to take nodes", `<i id=a slot=y></i>`, `<slot id=s1 name=x></slot><slot id=s2 name=y></slot>`, false, func(t *testing.T, e slotEnv) {
			_ = e.shadow("s1").SetAttribute("name", "y")
		}, "s1 s2"},
		{"slot renamed, nothing assigned either way", `<i id=a slot=z></i>`, `<slot id=s1 name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			_ = e.shadow("s1").SetAttribute("name", "y")
		}, ""},
		{"earlier slot inserted takes the nodes", `<i id=a slot=x></i>`, `<slot id=s1 name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			_ = e.sr.Prepend(e.el(t, "slot", "s0", "name", "x"))
		}, "s0 s1"},
		{"later slot inserted", `<i id=a slot=x></i>`, `<slot id=s1 name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			_ = e.sr.Append(e.el(t, "slot", "s2", "name", "x"))
		}, ""},
		{"slot inserted inside a subtree", `<i id=a></i>`, `<p id=p></p>`, false, func(t *testing.T, e slotEnv) {
			div := e.el(t, "div", "")
			_, _ = div.AppendChild(e.el(t, "slot", "s"))
			_, _ = e.shadow("p").AppendChild(div)
		}, "s"},
		{"first slot removed: it, then the next", `<i id=a slot=x></i>`, `<slot id=s1 name=x></slot><slot id=s2 name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			e.shadow("s1").Remove()
		}, "s1 s2"},
		{"subtree with a slot removed", `<i id=a></i>`, `<div id=w><slot id=s></slot></div>`, false, func(t *testing.T, e slotEnv) {
			e.shadow("w").Remove()
		}, "s"},
		{"slot with nothing assigned removed", ``, `<slot id=s></slot>`, false, func(t *testing.T, e slotEnv) {
			e.shadow("s").Remove()
		}, ""},
		{"fallback changed, nothing assigned", ``, `<slot id=s></slot>`, false, func(t *testing.T, e slotEnv) {
			_, _ = e.shadow("s").AppendChild(e.d.CreateTextNode("fb"))
			e.shadow("s").First().Remove()
		}, "s s"},
		{"fallback comment, nothing assigned", ``, `<slot id=s></slot>`, false, func(t *testing.T, e slotEnv) {
			_, _ = e.shadow("s").AppendChild(e.d.CreateComment("fb"))
			e.shadow("s").First().Remove()
		}, ""},
		{"fallback changed, nodes assigned", `<i id=a></i>`, `<slot id=s></slot>`, false, func(t *testing.T, e slotEnv) {
			_, _ = e.shadow("s").AppendChild(e.d.CreateTextNode("fb"))
		}, ""},
		{"moveBefore a later slot to the front", `<i id=a slot=x></i>`, `<slot id=s1 name=x></slot><slot id=s2 name=x></slot>`, false, func(t *testing.T, e slotEnv) {
			_ = e.sr.MoveBefore(e.shadow("s2"), e.shadow("s1"))
		}, "s2 s1"},
		{"manual: assign", `<i id=a></i><i id=b></i>`, `<slot id=s1></slot><slot id=s2></slot>`, true, func(t *testing.T, e slotEnv) {
			e.shadow("s1").Assign([]*Node{e.light("a")})
		}, "s1"},
		{"manual: the same nodes again", `<i id=a></i>`, `<slot id=s1></slot>`, true, func(t *testing.T, e slotEnv) {
			e.shadow("s1").Assign([]*Node{e.light("a")})
			e.shadow("s1").Assign([]*Node{e.light("a")})
		}, "s1"},
		{"manual: taken from another slot", `<i id=a></i><i id=b></i>`, `<slot id=s1></slot><slot id=s2></slot>`, true, func(t *testing.T, e slotEnv) {
			e.shadow("s1").Assign([]*Node{e.light("a")})
			e.shadow("s2").Assign([]*Node{e.light("a"), e.light("b")})
		}, "s1 s1 s2"},
		{"manual: names are ignored", ``, `<slot id=s1 name=x></slot>`, true, func(t *testing.T, e slotEnv) {
			_, _ = e.host.AppendChild(e.el(t, "b", "", "slot", "x"))
		}, ""},
		{"manual: an assigned node becomes a child, then leaves", ``, `<slot id=s1></slot>`, true, func(t *testing.T, e slotEnv) {
			c := e.el(t, "b", "c")
			e.shadow("s1").Assign([]*Node{c})
			_, _ = e.host.AppendChild(c)
			c.Remove()
		}, "s1 s1 s1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := mustParse(t, `<div id=host>`+tc.light+`</div>`)
			host := d.GetElementByID("host")
			mode := ""
			if tc.manual {
				mode = "manual"
			}
			sr, err := host.AttachShadow(ShadowRootInit{Mode: "open", SlotAssignment: mode})
			if err != nil {
				t.Fatal(err)
			}
			if err := sr.SetInnerHTML(tc.shadow); err != nil {
				t.Fatal(err)
			}
			var got []string
			d.OnSlotChange = func(s *Node) { got = append(got, s.ID()) }
			tc.mutate(t, slotEnv{d, host, sr})
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("signaled %q, want %q", g, tc.want)
			}
		})
	}
}

// TestSlotChangeNoShadowRoots: a document without shadow roots never calls
// the hook, slots or not.
func TestSlotChangeNoShadowRoots(t *testing.T) {
	d := mustParse(t, `<div id=a><slot id=s name=x></slot></div>`)
	calls := 0
	d.OnSlotChange = func(*Node) { calls++ }
	s := d.GetElementByID("s")
	_, _ = s.AppendChild(d.CreateTextNode("fb"))
	_ = s.SetAttribute("name", "y")
	s.Remove()
	_, _ = d.GetElementByID("a").AppendChild(s)
	if calls != 0 {
		t.Errorf("%d calls", calls)
	}
}

func TestAssignedNodesFlatten(t *testing.T) {
	d := mustParse(t, `<div id=host><b id=x slot=none></b></div><slot id=lone>a<i></i><!--c--></slot>`)
	lone := d.GetElementByID("lone")
	if got := lone.AssignedNodes(true); len(got) != 0 {
		t.Errorf("a slot outside shadow trees flattens to %d nodes, want none", len(got))
	}
	sr, _ := d.GetElementByID("host").AttachShadow(ShadowRootInit{Mode: "open"})
	_ = sr.SetInnerHTML(`<slot id=s>text<u id=u></u><!--comment--><slot id=inner>deep</slot></slot>`)
	var names []string
	for _, n := range sr.GetElementByID("s").AssignedNodes(true) {
		names = append(names, n.NodeName())
	}
	if got, want := strings.Join(names, " "), "#text U #text"; got != want {
		t.Errorf("fallback flattened to %q, want %q (no comments; nested slots' fallback)", got, want)
	}
}

// TestDispatchNotDispatched: when the target is the retargeted related
// target, nothing runs and the event keeps its related target, with no
// target (as Chromium).
func TestDispatchNotDispatched(t *testing.T) {
	d := mustParse(t, `<div id=host></div>`)
	host := d.GetElementByID("host")
	sr, _ := host.AttachShadow(ShadowRootInit{Mode: "open"})
	_ = sr.SetInnerHTML(`<span id=in></span>`)
	in := sr.GetElementByID("in")
	ran := false
	host.AddEventListener("mouseover", ListenerFunc(func(*Event) { ran = true }), ListenerOptions{})
	ev := NewEvent("mouseover", true, false)
	ev.Composed = true
	ev.SetRelatedTarget(in)
	if _, err := Dispatch(host, ev); err != nil {
		t.Fatal(err)
	}
	if ran || ev.Target() != nil || ev.RelatedTarget() != in {
		t.Errorf("ran %v, target %v, related %v", ran, ev.Target(), ev.RelatedTarget())
	}
}

// BenchmarkAppendChildSlotHooked is BenchmarkAppendChildObserved with the
// slot hook set too, in a document without shadow roots: the fast path.
func BenchmarkAppendChildSlotHooked(b *testing.B) {
	d := NewDocument()
	root, _ := d.CreateElement("div")
	d.AppendChild(root)
	kid, _ := d.CreateElement("p")
	n := 0
	d.OnMutation = func(r *MutationRecord) { n += len(r.AddedNodes) }
	d.OnSlotChange = func(*Node) { n-- }
	b.ReportAllocs()
	for b.Loop() {
		root.AppendChild(kid)
		root.RemoveChild(kid)
	}
	if n <= 0 {
		b.Fatal("no records, or slots signaled")
	}
}

// BenchmarkAppendChildShadowHost appends and removes a child of a shadow
// host whose tree has 100 elements and three slots: each change finds the
// child's slot and signals it.
func BenchmarkAppendChildShadowHost(b *testing.B) {
	d := NewDocument()
	host, _ := d.CreateElement("div")
	d.AppendChild(host)
	sr, _ := host.AttachShadow(ShadowRootInit{Mode: "open"})
	_ = sr.SetInnerHTML(strings.Repeat("<p><b></b></p>", 48) + `<slot name=a></slot><slot name=b></slot><slot></slot>`)
	kid, _ := d.CreateElement("i")
	n := 0
	d.OnMutation = func(r *MutationRecord) {}
	d.OnSlotChange = func(*Node) { n++ }
	b.ReportAllocs()
	for b.Loop() {
		host.AppendChild(kid)
		host.RemoveChild(kid)
	}
	if n == 0 {
		b.Fatal("no slot signaled")
	}
}
