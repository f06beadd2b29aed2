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
