package webapi

import (
	"container/list"
	"sync"
)

// lru is a concurrency-safe least-recently-used cache bounded by a count of
// entries and, when cost is set, by their total cost (bytes).
type lru[K comparable, V any] struct {
	mu      sync.Mutex
	max     int
	maxCost int
	cost    func(V) int
	total   int
	order   *list.List // front: most recently used; values are *lruEntry
	items   map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key  K
	val  V
	cost int
}

func newLRU[K comparable, V any](max int) *lru[K, V] {
	return &lru[K, V]{max: max, order: list.New(), items: make(map[K]*list.Element, max)}
}

// withCost bounds the cache by the total cost of its values too.
func (c *lru[K, V]) withCost(maxCost int, cost func(V) int) *lru[K, V] {
	c.maxCost, c.cost = maxCost, cost
	return c
}

func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry[K, V]).val, true
	}
	var zero V
	return zero, false
}

func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cost := 0
	if c.cost != nil {
		cost = c.cost(v)
		if c.maxCost > 0 && cost > c.maxCost {
			return // larger than the whole cache: not kept
		}
	}
	if e, ok := c.items[k]; ok {
		le := e.Value.(*lruEntry[K, V])
		c.total += cost - le.cost
		le.val, le.cost = v, cost
		c.order.MoveToFront(e)
	} else {
		c.items[k] = c.order.PushFront(&lruEntry[K, V]{key: k, val: v, cost: cost})
		c.total += cost
	}
	for c.order.Len() > c.max || (c.maxCost > 0 && c.total > c.maxCost) {
		last := c.order.Back()
		le := last.Value.(*lruEntry[K, V])
		c.order.Remove(last)
		delete(c.items, le.key)
		c.total -= le.cost
	}
}

// replace calls f with each value, under the cache's lock, and keeps what
// f returns in its place: a value of the same cost, whose entry keeps its
// place in the order.
func (c *lru[K, V]) replace(f func(V) V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for e := c.order.Front(); e != nil; e = e.Next() {
		le := e.Value.(*lruEntry[K, V])
		le.val = f(le.val)
	}
}

// clear drops every entry.
func (c *lru[K, V]) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	clear(c.items)
	c.total = 0
}

func (c *lru[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
