package webapi

import "testing"

func TestLRU(t *testing.T) {
	c := newLRU[string, string](3).withCost(10, func(v string) int { return len(v) })
	c.put("a", "1111")
	c.put("b", "2222")
	if _, ok := c.get("a"); !ok { // a is now the most recent
		t.Fatal("a missing")
	}
	c.put("c", "3333") // 12 bytes > 10: evicts b, the least recent
	if _, ok := c.get("b"); ok {
		t.Error("b should have been evicted by cost")
	}
	if _, ok := c.get("a"); !ok {
		t.Error("a should remain")
	}
	c.put("big", "0123456789x") // larger than the whole cache: not kept
	if _, ok := c.get("big"); ok || c.len() != 2 {
		t.Errorf("oversized value kept (len %d)", c.len())
	}
	c.put("a", "1") // replacing updates the total
	c.put("d", "44")
	c.put("e", "5")
	if c.len() != 3 { // count bound
		t.Errorf("len = %d, want 3", c.len())
	}
	if _, ok := c.get("c"); ok {
		t.Error("c should have been evicted by count")
	}
}

// TestLRUClear checks that clear drops every entry and their cost, so the
// cache fills to its bounds again.
func TestLRUClear(t *testing.T) {
	c := newLRU[string, string](3).withCost(10, func(v string) int { return len(v) })
	c.put("a", "11111")
	c.put("b", "22222")
	c.clear()
	if _, ok := c.get("a"); ok || c.len() != 0 || c.total != 0 {
		t.Fatalf("after clear: len %d, total %d", c.len(), c.total)
	}
	c.put("c", "33333")
	c.put("d", "44444") // 10 bytes: both fit only if the cleared cost is gone
	if _, ok := c.get("c"); !ok || c.len() != 2 {
		t.Errorf("after clear the cache keeps %d of 2 entries", c.len())
	}
}
