package bangsnap

import (
	"cmp"
	"slices"
	"time"
)

// CriticalPath returns the longest chain of the report's requests in which
// each request starts after the one before it has ended, and the sum of
// their durations: the network floor of the render. A page that fetches a
// list, then an item of it, then the item's comments waits for the three
// answers one after the other, whoever renders it; no renderer can finish
// that page in less than the floor with the same server. The rest of the
// wall time (Timings.Total minus the floor) is the renderer's own: running
// scripts (Timings.Busy) and any waiting it added.
//
// The chain is read from the timing alone: a request that started after
// another ended is taken to depend on it, even when it did not (two
// requests a page made one after the other while it could have made them
// together count as a chain). The floor is then too high, never too low,
// for requests the page made in that order.
//
// chain holds indexes into r.Requests in the order the requests started.
func (r *Report) CriticalPath() (floor time.Duration, chain []int) {
	n := len(r.Requests)
	if n == 0 {
		return 0, nil
	}
	start, end := make([]time.Duration, n), make([]time.Duration, n)
	for i, q := range r.Requests {
		start[i], end[i] = q.Start, q.Start+max(q.Duration, 0)
	}
	// byStart orders the requests by start (then end, then index): a
	// request's predecessors in a chain all come before it.
	byStart := make([]int, n)
	for i := range byStart {
		byStart[i] = i
	}
	slices.SortFunc(byStart, func(a, b int) int {
		if c := cmp.Compare(start[a], start[b]); c != 0 {
			return c
		}
		if c := cmp.Compare(end[a], end[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	pos := make([]int, n) // place of each request in byStart
	for p, i := range byStart {
		pos[i] = p
	}
	byEnd := slices.Clone(byStart)
	slices.SortFunc(byEnd, func(a, b int) int {
		if c := cmp.Compare(end[a], end[b]); c != 0 {
			return c
		}
		return cmp.Compare(pos[a], pos[b])
	})

	// best[i] is the longest chain ending with request i; prev[i] the
	// request before i in it (-1 for none). Walking byStart, the requests
	// that ended by the current one's start are a prefix of byEnd, so one
	// pointer and a running maximum find the best predecessor.
	best := make([]time.Duration, n)
	prev := make([]int, n)
	ended, top, topAt := 0, time.Duration(0), -1
	for p, i := range byStart {
		// Zero-length requests starting and ending at the same instant
		// are ordered by their place in byStart, so that none precedes
		// itself.
		for ended < n && end[byEnd[ended]] <= start[i] && pos[byEnd[ended]] < p {
			if j := byEnd[ended]; topAt < 0 || best[j] > top {
				top, topAt = best[j], j
			}
			ended++
		}
		best[i], prev[i] = end[i]-start[i]+top, topAt
	}
	last := 0
	for i := range n {
		if best[i] > best[last] {
			last = i
		}
	}
	for i := last; i >= 0; i = prev[i] {
		chain = append(chain, i)
	}
	slices.Reverse(chain)
	return best[last], chain
}
