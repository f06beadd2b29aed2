package lru

import (
	"fmt"
	"slices"
	"sync"
	"testing"
)

func byLen(_ string, v string) int64 { return int64(len(v)) }

func keys(c *Cache[string, string]) []string {
	k, _ := c.Entries()
	return k
}

func TestBounds(t *testing.T) {
	c := New(Options[string, string]{MaxLen: 3, MaxCost: 10, Cost: byLen})
	c.Put("a", "1111")
	c.Put("b", "2222")
	if _, ok := c.Get("a"); !ok { // a is now the most recent
		t.Fatal("a missing")
	}
	c.Put("c", "3333") // 12 > 10: evicts b, the least recent
	if got, want := keys(c), []string{"c", "a"}; !slices.Equal(got, want) {
		t.Errorf("after the cost bound: %q, want %q", got, want)
	}
	if c.Put("big", "0123456789x") || c.Len() != 2 { // larger than the whole cache
		t.Errorf("oversized value kept (len %d)", c.Len())
	}
	c.Put("a", "1") // replacing updates the total
	if c.Cost() != 5 {
		t.Errorf("cost after replacing a = %d, want 5", c.Cost())
	}
	c.Put("d", "44")
	c.Put("e", "5")
	if got, want := keys(c), []string{"e", "d", "a"}; !slices.Equal(got, want) { // the count bound
		t.Errorf("after the count bound: %q, want %q", got, want)
	}
}

func TestMaxItemPart(t *testing.T) {
	c := New(Options[string, string]{MaxCost: 10, MaxItemPart: 2, Cost: byLen})
	for _, tc := range []struct {
		v    string
		kept bool
	}{{"12345", true}, {"123456", false}} {
		if got := c.Put(tc.v, tc.v); got != tc.kept || c.Fits(int64(len(tc.v))) != tc.kept {
			t.Errorf("a value of %d of 10: kept %v, fits %v; want %v", len(tc.v), got, c.Fits(int64(len(tc.v))), tc.kept)
		}
	}
	// A refused value drops what its key kept: it is stale.
	c.Put("k", "1")
	if c.Put("k", "1234567") {
		t.Fatal("over half the cache kept")
	}
	if _, ok := c.Get("k"); ok {
		t.Error("the value a refused Put replaces is still kept")
	}
}

// TestNoCostBound checks that a Cache without Cost is bounded by count only,
// and that MaxCost 0 with Cost keeps nothing that costs.
func TestNoCostBound(t *testing.T) {
	c := New(Options[int, string]{MaxLen: 2})
	for i := range 5 {
		c.Put(i, "a long value")
	}
	if c.Len() != 2 || c.Cost() != 0 {
		t.Errorf("len %d cost %d, want 2 and 0", c.Len(), c.Cost())
	}
	z := New(Options[string, string]{Cost: byLen})
	if z.Put("a", "1") || !z.Put("b", "") {
		t.Errorf("MaxCost 0: kept %q, want only the empty value", keys(z))
	}
}

func TestGetOrPut(t *testing.T) {
	c := New(Options[string, string]{MaxLen: 2})
	if v, loaded := c.GetOrPut("a", "first"); loaded || v != "first" {
		t.Errorf("GetOrPut of a new key = %q, %v", v, loaded)
	}
	c.Put("b", "b")
	if v, loaded := c.GetOrPut("a", "second"); !loaded || v != "first" {
		t.Errorf("GetOrPut of a kept key = %q, %v; want first, true", v, loaded)
	}
	c.Put("c", "c") // a was used last by GetOrPut: b goes
	if got, want := keys(c), []string{"c", "a"}; !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestDelete(t *testing.T) {
	c := New(Options[string, string]{MaxCost: 100, Cost: byLen})
	c.Put("a", "aaa")
	c.Put("b", "bb")
	if _, ok := c.DeleteFunc("a", func(v string) bool { return v == "other" }); ok {
		t.Error("DeleteFunc dropped an entry its func refused")
	}
	if v, ok := c.DeleteFunc("a", func(v string) bool { return v == "aaa" }); !ok || v != "aaa" {
		t.Errorf("DeleteFunc = %q, %v", v, ok)
	}
	if v, ok := c.Delete("b"); !ok || v != "bb" || c.Len() != 0 || c.Cost() != 0 {
		t.Errorf("Delete = %q, %v; left %d entries costing %d", v, ok, c.Len(), c.Cost())
	}
	if _, ok := c.Delete("b"); ok {
		t.Error("Delete of a missing key reported an entry")
	}
}

// TestClear checks that Clear drops every entry and their cost, so the
// cache fills to its bounds again.
func TestClear(t *testing.T) {
	c := New(Options[string, string]{MaxLen: 3, MaxCost: 10, Cost: byLen})
	c.Put("a", "11111")
	c.Put("b", "22222")
	c.Clear()
	if _, ok := c.Get("a"); ok || c.Len() != 0 || c.Cost() != 0 {
		t.Fatalf("after Clear: len %d, cost %d", c.Len(), c.Cost())
	}
	c.Put("c", "33333")
	c.Put("d", "44444") // 10: both fit only if the cleared cost is gone
	if c.Len() != 2 {
		t.Errorf("after Clear the cache keeps %d of 2 entries", c.Len())
	}
}

func TestOnEvictAndSetMaxCost(t *testing.T) {
	var evicted []string
	var c *Cache[string, string]
	c = New(Options[string, string]{MaxCost: 6, Cost: byLen, OnEvict: func(k, _ string) {
		c.Len() // called without the lock held: this would deadlock otherwise
		evicted = append(evicted, k)
	}})
	c.Put("a", "11")
	c.Put("b", "22")
	c.Put("c", "33")
	c.Put("a", "1") // a replaced, not evicted
	c.Delete("c")   // deleted, not evicted
	c.Put("d", "4444")
	if want := []string{"b"}; !slices.Equal(evicted, want) {
		t.Errorf("evicted %q, want %q", evicted, want)
	}
	if old := c.SetMaxCost(4); old != 6 {
		t.Errorf("SetMaxCost returned %d, want 6", old)
	}
	if want := []string{"b", "a"}; !slices.Equal(evicted, want) || !slices.Equal(keys(c), []string{"d"}) {
		t.Errorf("after SetMaxCost(4): evicted %q, kept %q", evicted, keys(c))
	}
}

// TestConcurrent runs the operations from several goroutines (for -race)
// and checks the bounds hold after.
func TestConcurrent(t *testing.T) {
	c := New(Options[int, string]{MaxLen: 50, MaxCost: 400, Cost: func(_ int, v string) int64 { return int64(len(v)) }})
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 1000 {
				k := (g*7 + i) % 80
				switch i % 4 {
				case 0:
					c.Put(k, fmt.Sprint(i))
				case 1:
					c.Get(k)
				case 2:
					c.GetOrPut(k, "x")
				case 3:
					c.Delete(k)
				}
			}
		})
	}
	wg.Wait()
	ks, vs := c.Entries()
	var total int64
	for _, v := range vs {
		total += int64(len(v))
	}
	if len(ks) > 50 || total != c.Cost() || total > 400 {
		t.Errorf("%d entries costing %d (Cost %d): bounds 50 and 400", len(ks), total, c.Cost())
	}
}

func TestReplace(t *testing.T) {
	c := New(Options[string, string]{MaxLen: 3})
	c.Put("a", "x")
	c.Put("b", "y")
	c.Replace(func(v string) string { return v + v })
	if ks, vs := c.Entries(); !slices.Equal(ks, []string{"b", "a"}) || !slices.Equal(vs, []string{"yy", "xx"}) {
		t.Errorf("after Replace: %q %q", ks, vs)
	}
}

func ExampleCache() {
	c := New(Options[string, []byte]{
		MaxCost:     8,
		MaxItemPart: 2, // one value takes at most half
		Cost:        func(_ string, v []byte) int64 { return int64(len(v)) },
	})
	c.Put("a", []byte("aaaa"))
	c.Put("b", []byte("bbbb"))
	c.Get("a")                                     // a is now the most recently used
	c.Put("c", []byte("cc"))                       // over 8: b, the least recently used, goes
	fmt.Println(c.Put("huge", []byte("hugehuge"))) // over half the cache: not kept
	keys, _ := c.Entries()
	fmt.Println(keys, c.Cost())
	// Output:
	// false
	// [c a] 6
}
