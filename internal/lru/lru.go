// Package lru is a least-recently-used cache bounded by a count of
// entries and by the total cost (usually bytes) of what it keeps, safe for
// concurrent use. It is the one cache of the process-wide caches (compiled
// scripts, parsed sheets, script responses, snapshots, WebAssembly
// modules): each says what an entry costs and how much it may keep, and
// adds its own policy (freshness, validators, compilations under way)
// around it.
package lru

import (
	"container/list"
	"sync"
)

// Options are a Cache's bounds.
type Options[K comparable, V any] struct {
	// MaxLen bounds the number of entries; 0 leaves it unbounded.
	MaxLen int
	// MaxCost bounds the total Cost of the entries when Cost is set (0
	// keeps no entry that costs anything).
	MaxCost int64
	// MaxItemPart refuses a value whose cost is above MaxCost/MaxItemPart
	// (2: a value may take at most half the cache); 0 or 1 refuses only a
	// value above MaxCost.
	MaxItemPart int64
	// Cost is what an entry costs; nil leaves the cost unbounded.
	Cost func(K, V) int64
	// OnEvict, when set, is called for each entry dropped to keep within
	// the bounds, after the cache has let go of its lock (so it may close
	// what the entry holds, or count it). It is not called for entries
	// replaced, deleted or cleared.
	OnEvict func(K, V)
}

// A Cache maps keys to values, dropping the least recently used entries
// past its bounds. The zero Cache is not usable: make one with New.
type Cache[K comparable, V any] struct {
	mu    sync.Mutex
	o     Options[K, V]
	total int64
	order list.List // of *entry[K, V], most recently used first
	items map[K]*list.Element
}

type entry[K comparable, V any] struct {
	key  K
	val  V
	cost int64
}

// New returns an empty Cache with the bounds of o.
func New[K comparable, V any](o Options[K, V]) *Cache[K, V] {
	c := &Cache[K, V]{o: o, items: map[K]*list.Element{}}
	c.order.Init()
	return c
}

// Get returns the value kept under k, marking it used now.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*entry[K, V]).val, true
	}
	var zero V
	return zero, false
}

// Put keeps v under k, replacing what was kept there, and reports whether
// it kept it: a value costing more than the bounds allow one value is
// not kept, and what was kept under k is dropped all the same.
func (c *Cache[K, V]) Put(k K, v V) bool {
	c.mu.Lock()
	if el, ok := c.items[k]; ok {
		c.removeLocked(el)
	}
	kept, evicted := c.insertLocked(k, v)
	c.mu.Unlock()
	c.evicted(evicted)
	return kept
}

// GetOrPut returns the value kept under k when there is one (loaded is
// true), marking it used now; otherwise it keeps v under k, as Put does,
// and returns v.
func (c *Cache[K, V]) GetOrPut(k K, v V) (actual V, loaded bool) {
	c.mu.Lock()
	if el, ok := c.items[k]; ok {
		c.order.MoveToFront(el)
		c.mu.Unlock()
		return el.Value.(*entry[K, V]).val, true
	}
	_, evicted := c.insertLocked(k, v)
	c.mu.Unlock()
	c.evicted(evicted)
	return v, false
}

// Delete drops the entry of k and returns its value, if there was one.
func (c *Cache[K, V]) Delete(k K) (V, bool) {
	return c.DeleteFunc(k, nil)
}

// DeleteFunc drops the entry of k when drop, given its value, reports
// true (or drop is nil), and returns the value dropped.
func (c *Cache[K, V]) DeleteFunc(k K, drop func(V) bool) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[k]; ok {
		if v := el.Value.(*entry[K, V]).val; drop == nil || drop(v) {
			c.removeLocked(el)
			return v, true
		}
	}
	var zero V
	return zero, false
}

// Replace calls f with each value, under the cache's lock (f must not
// use the cache), and keeps what f returns in its place: a value of the
// same cost, whose entry keeps its place in the order.
func (c *Cache[K, V]) Replace(f func(V) V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for el := c.order.Front(); el != nil; el = el.Next() {
		e := el.Value.(*entry[K, V])
		e.val = f(e.val)
	}
}

// Clear drops every entry, keeping the bounds.
func (c *Cache[K, V]) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.order.Init()
	clear(c.items)
	c.total = 0
}

// Len is the number of entries.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// Cost is the total cost of the entries.
func (c *Cache[K, V]) Cost() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// Fits reports whether a value costing cost would be kept (is within the
// bounds one value may take).
func (c *Cache[K, V]) Fits(cost int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.fitsLocked(cost)
}

// SetMaxCost changes the bound of the total cost, dropping the least
// recently used entries past it, and returns the previous bound.
func (c *Cache[K, V]) SetMaxCost(n int64) int64 {
	c.mu.Lock()
	old := c.o.MaxCost
	c.o.MaxCost = n
	evicted := c.evictLocked()
	c.mu.Unlock()
	c.evicted(evicted)
	return old
}

// Entries returns the keys and values kept, most recently used first,
// without marking them used.
func (c *Cache[K, V]) Entries() (keys []K, vals []V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	keys, vals = make([]K, 0, c.order.Len()), make([]V, 0, c.order.Len())
	for el := c.order.Front(); el != nil; el = el.Next() {
		e := el.Value.(*entry[K, V])
		keys, vals = append(keys, e.key), append(vals, e.val)
	}
	return keys, vals
}

func (c *Cache[K, V]) fitsLocked(cost int64) bool {
	if c.o.Cost == nil {
		return true
	}
	return cost <= c.o.MaxCost/max(c.o.MaxItemPart, 1)
}

// insertLocked adds k, which has no entry, when v fits, and drops the
// least recently used entries past the bounds, returning them for
// OnEvict.
func (c *Cache[K, V]) insertLocked(k K, v V) (bool, []*entry[K, V]) {
	var cost int64
	if c.o.Cost != nil {
		cost = c.o.Cost(k, v)
	}
	if !c.fitsLocked(cost) {
		return false, nil
	}
	c.items[k] = c.order.PushFront(&entry[K, V]{key: k, val: v, cost: cost})
	c.total += cost
	return true, c.evictLocked()
}

func (c *Cache[K, V]) evictLocked() []*entry[K, V] {
	var evicted []*entry[K, V]
	for c.order.Len() > 0 && ((c.o.MaxLen > 0 && c.order.Len() > c.o.MaxLen) || (c.o.Cost != nil && c.total > c.o.MaxCost)) {
		e := c.removeLocked(c.order.Back())
		if c.o.OnEvict != nil {
			evicted = append(evicted, e)
		}
	}
	return evicted
}

func (c *Cache[K, V]) removeLocked(el *list.Element) *entry[K, V] {
	e := c.order.Remove(el).(*entry[K, V])
	delete(c.items, e.key)
	c.total -= e.cost
	return e
}

func (c *Cache[K, V]) evicted(es []*entry[K, V]) {
	for _, e := range es {
		c.o.OnEvict(e.key, e.val)
	}
}
