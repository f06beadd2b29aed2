package idb

import "sort"

// A Direction is a cursor's direction.
type Direction uint8

// The cursor directions.
const (
	Next Direction = iota
	NextUnique
	Prev
	PrevUnique
)

// ParseDirection maps an IDBCursorDirection string to a Direction.
func ParseDirection(s string) (Direction, bool) {
	switch s {
	case "next":
		return Next, true
	case "nextunique":
		return NextUnique, true
	case "prev":
		return Prev, true
	case "prevunique":
		return PrevUnique, true
	}
	return 0, false
}

func (d Direction) String() string {
	return [...]string{"next", "nextunique", "prev", "prevunique"}[d]
}

// A Position is where a cursor stands: its key and, over an index, the
// primary key of the record there. The zero Position is before the start.
type Position struct {
	Key, Primary Key
}

// A Step is what a cursor iteration asks for: the next position in its
// direction after At (zero: from the start), at or past Key
// (continue(key)), at or past (Key, Primary) (continuePrimaryKey), Count
// times (advance).
type Step struct {
	At      Position
	Key     Key
	Primary Key
	Count   int
}

// list is the sorted (key, primary) view a cursor walks: an index's
// entries, or a store's records (where the primary key is the key).
type list interface {
	len() int
	at(i int) (key, primary Key, rec *Record)
}

type storeList struct{ s *Store }

func (l storeList) len() int { return len(l.s.recs) }
func (l storeList) at(i int) (Key, Key, *Record) {
	r := l.s.recs[i]
	return r.Key, r.Key, r
}

type indexList struct{ ix *Index }

func (l indexList) len() int { return len(l.ix.ents) }
func (l indexList) at(i int) (Key, Key, *Record) {
	e := l.ix.ents[i]
	return e.key, e.primary, e.rec
}

// Iterate moves a cursor over s's records in r: the record it reaches and
// its position, or nil at the end.
// https://w3c.github.io/IndexedDB/#iterate-a-cursor
func (s *Store) Iterate(r Range, dir Direction, st Step) (*Record, Position) {
	return iterate(storeList{s}, r, dir, st)
}

// Iterate moves a cursor over ix's entries in r.
func (ix *Index) Iterate(r Range, dir Direction, st Step) (*Record, Position) {
	return iterate(indexList{ix}, r, dir, st)
}

func cmpPair(k1, p1, k2, p2 Key) int {
	if c := Compare(k1, k2); c != 0 {
		return c
	}
	return Compare(p1, p2)
}

func iterate(l list, r Range, dir Direction, st Step) (*Record, Position) {
	count := max(st.Count, 1)
	pos := st.At
	started := pos.Key.Valid()
	n := l.len()
	var rec *Record
	for ; count > 0; count-- {
		var i int
		switch dir {
		case Next, NextUnique:
			// The first entry above the position (past its key for
			// nextunique), at or past the target, not below the range.
			i = sort.Search(n, func(i int) bool {
				k, p, _ := l.at(i)
				if !r.aboveLower(k) {
					return false
				}
				if started {
					if dir == NextUnique {
						if Compare(k, pos.Key) <= 0 {
							return false
						}
					} else if cmpPair(k, p, pos.Key, pos.Primary) <= 0 {
						return false
					}
				}
				if st.Key.Valid() {
					if st.Primary.Valid() {
						if cmpPair(k, p, st.Key, st.Primary) < 0 {
							return false
						}
					} else if Compare(k, st.Key) < 0 {
						return false
					}
				}
				return true
			})
			if i >= n {
				return nil, Position{}
			}
		default:
			// The last entry below the position, at or before the
			// target, not above the range.
			j := sort.Search(n, func(i int) bool {
				k, p, _ := l.at(i)
				if !r.belowUpper(k) {
					return true
				}
				if started {
					if dir == PrevUnique {
						if Compare(k, pos.Key) >= 0 {
							return true
						}
					} else if cmpPair(k, p, pos.Key, pos.Primary) >= 0 {
						return true
					}
				}
				if st.Key.Valid() {
					if st.Primary.Valid() {
						if cmpPair(k, p, st.Key, st.Primary) > 0 {
							return true
						}
					} else if Compare(k, st.Key) > 0 {
						return true
					}
				}
				return false
			})
			i = j - 1
			if i < 0 {
				return nil, Position{}
			}
			if dir == PrevUnique {
				// The first entry of that key.
				k, _, _ := l.at(i)
				i = sort.Search(i+1, func(m int) bool {
					km, _, _ := l.at(m)
					return Compare(km, k) >= 0
				})
			}
		}
		k, p, rc := l.at(i)
		if !r.Includes(k) {
			return nil, Position{}
		}
		pos, rec, started = Position{Key: k, Primary: p}, rc, true
		st.Key, st.Primary = Key{}, Key{}
	}
	return rec, pos
}
