package bind

import (
	"runtime"
	"testing"
	"weak"

	"github.com/dop251/goja"
)

type ticket struct{ n int }

// TestWeakWrappers: a Weak interface's wrapper keeps its identity and
// expandos while script holds it, and it and its implementation are
// collected once nothing does and its task is over.
func TestWeakWrappers(t *testing.T) {
	rt := goja.New()
	r := NewRealm(rt)
	var task uint64
	r.SetTaskCounter(&task)
	base := &Interface{Name: "Ticket", Weak: true, Attributes: []Attribute{
		{Name: "n", Get: func(r *Realm, this any) goja.Value { return r.Int(this.(*ticket).n) }},
	}}
	sub := &Interface{Name: "SubTicket", Parent: "Ticket"}
	if err := r.Install(rt.GlobalObject(), base, sub); err != nil {
		t.Fatal(err)
	}
	cls := r.Class("SubTicket")
	kept := &ticket{n: 7}
	o := r.WrapObject(kept, cls)
	rt.Set("kept", o)
	if _, err := rt.RunString(`kept.mark = "x"`); err != nil {
		t.Fatal(err)
	}
	for i := range 3 * weakPruneMin {
		task++
		r.WrapObject(&ticket{n: i}, cls)
	}
	task++
	r.WrapObject(&ticket{}, cls) // unpins the last task's
	runtime.GC()
	r.weak.prune()
	if n := r.WeakWrappers(); n > 10 {
		t.Errorf("%d weak wrappers left, want the few still referenced", n)
	}
	if got := r.WrapObject(kept, cls); got != o {
		t.Error("the wrapper script holds was not found again")
	}
	v, err := rt.RunString(`kept.n + kept.mark`)
	if err != nil || v.String() != "7x" {
		t.Errorf("kept.n + kept.mark = %v, %v; want 7x", v, err)
	}
	if impl, ok := r.UnwrapAs(o, r.Class("Ticket")); !ok || impl != kept {
		t.Errorf("UnwrapAs = %v, %v", impl, ok)
	}
	// Made in the current task: pinned, even with nothing referencing it.
	task++
	p := &ticket{n: 9}
	r.WrapObject(p, cls)
	runtime.GC()
	if r.Wrapper(p, cls) == nil {
		t.Error("a wrapper made in the running task was not kept")
	}
}

// TestWeakImplsFreedAfterCollection: once a collection has found the
// wrappers of finished tasks dead, the next record drops their entries, and
// with them the implementations the entries held; the tables' size alone
// (pruneAt) would have kept all of these until 4,096 entries.
func TestWeakImplsFreedAfterCollection(t *testing.T) {
	rt := goja.New()
	r := NewRealm(rt)
	var task uint64
	r.SetTaskCounter(&task)
	if err := r.Install(rt.GlobalObject(), &Interface{Name: "Ticket", Weak: true}); err != nil {
		t.Fatal(err)
	}
	cls := r.Class("Ticket")
	var impls []weak.Pointer[ticket]
	for i := range 1000 {
		task++
		tk := &ticket{n: i}
		impls = append(impls, weak.Make(tk))
		r.WrapObject(tk, cls)
	}
	task++
	r.WrapObject(&ticket{}, cls) // unpins the last task's
	// The cleanup counting collections runs after the collection, on the
	// runtime's cleanup goroutine.
	before := gcCycles.Load()
	for i := 0; gcCycles.Load() == before; i++ {
		if i == 10000 {
			t.Fatal("no collection was counted")
		}
		runtime.GC()
		runtime.Gosched()
	}
	task++
	r.WrapObject(&ticket{}, cls) // the first record after the collection
	if n := r.WeakWrappers(); n > 10 {
		t.Errorf("%d weak records after a collection, want the few made since", n)
	}
	runtime.GC()
	alive := 0
	for _, p := range impls {
		if p.Value() != nil {
			alive++
		}
	}
	if alive > 10 {
		t.Errorf("%d of 1,000 implementations of collected wrappers still held", alive)
	}
}
