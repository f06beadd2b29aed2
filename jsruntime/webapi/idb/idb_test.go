package idb

import (
	"errors"
	"math"
	"testing"
)

func TestCompare(t *testing.T) {
	n, s := NumberKey, StringKey
	tests := []struct {
		a, b Key
		want int
	}{
		{n(1), n(2), -1},
		{n(2), n(2), 0},
		{n(math.Inf(-1)), n(-1e308), -1},
		{n(math.Inf(1)), DateKey(-1e15), -1}, // number < date
		{DateKey(5), s(""), -1},              // date < string
		{s("z"), BinaryKey(nil), -1},         // string < binary
		{BinaryKey([]byte{255}), ArrayKey(nil), -1},
		{ArrayKey(nil), ArrayKey([]Key{n(0)}), -1},
		{ArrayKey([]Key{n(1)}), ArrayKey([]Key{s("a")}), -1},
		{ArrayKey([]Key{s("a"), n(2)}), ArrayKey([]Key{s("a"), n(1)}), 1},
		{s("a"), s("ab"), -1},
		{s("B"), s("a"), -1},
		// UTF-16 order: U+FFFD (one unit FFFD) sorts after U+1F600 (D83D DE00).
		{s("\U0001F600"), s("\uFFFD"), -1},
		{s("\uE000"), s("\U00010000"), 1},
		{s("\U00010001"), s("\U00010000"), 1},
		{BinaryKey([]byte{1, 2}), BinaryKey([]byte{1, 2, 0}), -1},
		{BinaryKey([]byte{2}), BinaryKey([]byte{1, 9}), 1},
	}
	for _, tt := range tests {
		if got := Compare(tt.a, tt.b); got != tt.want {
			t.Errorf("Compare(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Compare(tt.b, tt.a); got != -tt.want {
			t.Errorf("Compare(%v, %v) = %d, want %d", tt.b, tt.a, got, -tt.want)
		}
	}
}

func TestKeyPathValid(t *testing.T) {
	tests := []struct {
		p    KeyPath
		want bool
	}{
		{StringPath(""), true},
		{StringPath("id"), true},
		{StringPath("a.b.c"), true},
		{StringPath("$x._y"), true},
		{StringPath("é1"), true},
		{StringPath("a..b"), false},
		{StringPath("1a"), false},
		{StringPath("a-b"), false},
		{StringPath(" a"), false},
		{StringPath("a."), false},
		{KeyPath{IsArray: true}, false},
		{KeyPath{Paths: []string{"a", "b.c"}, IsArray: true}, true},
		{KeyPath{Paths: []string{"a", "b c"}, IsArray: true}, false},
	}
	for _, tt := range tests {
		if got := tt.p.Valid(); got != tt.want {
			t.Errorf("%q (array %v) Valid() = %v, want %v", tt.p.Paths, tt.p.IsArray, got, tt.want)
		}
	}
}

func TestRangeIncludes(t *testing.T) {
	n := NumberKey
	tests := []struct {
		r    Range
		k    Key
		want bool
	}{
		{All, n(1), true},
		{Only(n(1)), n(1), true},
		{Only(n(1)), n(2), false},
		{Range{Lower: n(1), LowerOpen: true}, n(1), false},
		{Range{Lower: n(1)}, n(1), true},
		{Range{Upper: n(5), UpperOpen: true}, n(5), false},
		{Range{Upper: n(5)}, StringKey("a"), false},
		{Range{Lower: n(1), Upper: n(3)}, n(2), true},
	}
	for _, tt := range tests {
		if got := tt.r.Includes(tt.k); got != tt.want {
			t.Errorf("%+v includes %v = %v, want %v", tt.r, tt.k, got, tt.want)
		}
	}
}

// byOwnValue indexes string values by themselves, and []string values
// item by item.
func byOwnValue(v any, ix *Index) ([]Key, error) {
	switch v := v.(type) {
	case string:
		return []Key{StringKey(v)}, nil
	case []string:
		var ks []Key
		for _, s := range v {
			ks = append(ks, StringKey(s))
		}
		return ks, nil
	}
	return nil, nil
}

func keysOf(v any, s *Store) [][]Key {
	var out [][]Key
	for _, ix := range s.Indexes() {
		ks, _ := byOwnValue(v, ix)
		out = append(out, ks)
	}
	return out
}

func fill(t *testing.T, e *Engine) (*Database, *Store, *Index) {
	t.Helper()
	db := e.Create("db")
	tx := db.Begin(VersionChange, nil)
	tx.SetVersion(1)
	s, err := tx.CreateStore("s", KeyPath{}, true)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := tx.CreateIndex(s, "v", StringPath(""), false, false, byOwnValue)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"b", "a", "b", "c"} {
		if _, err := tx.Put(s, Key{}, v, len(v), keysOf(v, s), false); err != nil {
			t.Fatal(err)
		}
	}
	tx.Commit()
	return db, s, ix
}

func TestCursorDirections(t *testing.T) {
	_, s, ix := fill(t, New(0))
	walk := func(it func(Direction, Step) (*Record, Position), dir Direction, st Step) []string {
		var got []string
		for {
			rec, pos := it(dir, st)
			if rec == nil {
				return got
			}
			got = append(got, rec.Key.String()+":"+rec.Value.(string))
			st = Step{At: pos}
		}
	}
	onIndex := func(r Range) func(Direction, Step) (*Record, Position) {
		return func(d Direction, st Step) (*Record, Position) { return ix.Iterate(r, d, st) }
	}
	onStore := func(r Range) func(Direction, Step) (*Record, Position) {
		return func(d Direction, st Step) (*Record, Position) { return s.Iterate(r, d, st) }
	}
	tests := []struct {
		name string
		it   func(Direction, Step) (*Record, Position)
		dir  Direction
		st   Step
		want string
	}{
		{"store next", onStore(All), Next, Step{}, "[1:b 2:a 3:b 4:c]"},
		{"store prev", onStore(All), Prev, Step{}, "[4:c 3:b 2:a 1:b]"},
		{"store range", onStore(Range{Lower: NumberKey(2), Upper: NumberKey(4), UpperOpen: true}), Next, Step{}, "[2:a 3:b]"},
		{"store continue(3)", onStore(All), Next, Step{Key: NumberKey(3)}, "[3:b 4:c]"},
		{"store advance 2", onStore(All), Next, Step{Count: 2}, "[2:a 3:b 4:c]"},
		{"index next", onIndex(All), Next, Step{}, "[2:a 1:b 3:b 4:c]"},
		{"index nextunique", onIndex(All), NextUnique, Step{}, "[2:a 1:b 4:c]"},
		{"index prev", onIndex(All), Prev, Step{}, "[4:c 3:b 1:b 2:a]"},
		{"index prevunique", onIndex(All), PrevUnique, Step{}, "[4:c 1:b 2:a]"},
		{"index only b", onIndex(Only(StringKey("b"))), Next, Step{}, "[1:b 3:b]"},
		{"index continuePrimaryKey", onIndex(All), Next, Step{Key: StringKey("b"), Primary: NumberKey(2)}, "[3:b 4:c]"},
		{"index prev below c", onIndex(Range{Upper: StringKey("c"), UpperOpen: true}), Prev, Step{}, "[3:b 1:b 2:a]"},
	}
	for _, tt := range tests {
		got := walk(tt.it, tt.dir, tt.st)
		if s := "[" + join(got) + "]"; s != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, s, tt.want)
		}
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

func TestRollback(t *testing.T) {
	e := New(0)
	db, s, ix := fill(t, e)
	used := e.Used()
	tx := db.Begin(ReadWrite, []string{"s"})
	if !tx.Runnable() {
		t.Fatal("not runnable")
	}
	if _, err := tx.Put(s, NumberKey(10), "z", 1, keysOf("z", s), false); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Put(s, NumberKey(1), "y", 1, keysOf("y", s), true); err != nil {
		t.Fatal(err)
	}
	tx.Delete(s, Only(NumberKey(2)))
	if _, err := tx.Put(s, Key{}, "w", 1, keysOf("w", s), false); err != nil {
		t.Fatal(err)
	}
	if got := s.Len(); got != 5 {
		t.Fatalf("len %d", got)
	}
	tx.Abort()
	if got := s.Len(); got != 4 {
		t.Errorf("after abort: %d records, want 4", got)
	}
	if got := s.Get(NumberKey(1)).Value; got != "b" {
		t.Errorf("record 1 = %v, want b", got)
	}
	if got := ix.Count(All); got != 4 {
		t.Errorf("index has %d entries, want 4", got)
	}
	if got := s.NextKey(); got.Num != 5 {
		t.Errorf("generator gives %v, want 5", got)
	}
	if e.Used() != used {
		t.Errorf("used %d, want %d", e.Used(), used)
	}
	// A versionchange transaction's new store goes away with it.
	tx = db.Begin(VersionChange, nil)
	tx.SetVersion(2)
	if _, err := tx.CreateStore("t", StringPath("id"), false); err != nil {
		t.Fatal(err)
	}
	tx.DeleteStore(s)
	tx.Abort()
	if db.Version != 1 || db.Store("t") != nil || db.Store("s") != s {
		t.Errorf("after abort: version %d, stores %v", db.Version, db.StoreNames())
	}
}

func TestConstraintsAndQuota(t *testing.T) {
	e := New(200)
	db := e.Create("db")
	tx := db.Begin(VersionChange, nil)
	s, _ := tx.CreateStore("s", KeyPath{}, false)
	if _, err := tx.CreateIndex(s, "u", StringPath(""), true, false, byOwnValue); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Put(s, NumberKey(1), "a", 1, keysOf("a", s), false); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Put(s, NumberKey(1), "b", 1, keysOf("b", s), false); !errors.Is(err, ErrConstraint) {
		t.Errorf("add of an existing key: %v", err)
	}
	if _, err := tx.Put(s, NumberKey(2), "a", 1, keysOf("a", s), false); !errors.Is(err, ErrConstraint) {
		t.Errorf("unique index: %v", err)
	}
	if _, err := tx.Put(s, NumberKey(3), "big", 500, keysOf("big", s), false); !errors.Is(err, ErrQuota) {
		t.Errorf("quota: %v", err)
	}
	if s.Len() != 1 {
		t.Errorf("len %d", s.Len())
	}
	// Explicit keys bump the generator; past 2^53 it is spent.
	g, _ := tx.CreateStore("g", KeyPath{}, true)
	tx.Put(g, NumberKey(7.5), "x", 1, nil, false)
	if k, _ := tx.Put(g, Key{}, "y", 1, nil, false); k.Num != 8 {
		t.Errorf("generated %v, want 8", k)
	}
	tx.Put(g, NumberKey(math.Pow(2, 53)), "x", 1, nil, false)
	if _, err := tx.Put(g, Key{}, "y", 1, nil, false); !errors.Is(err, ErrConstraint) {
		t.Errorf("spent generator: %v", err)
	}
}

func TestScheduling(t *testing.T) {
	db := New(0).Create("db")
	r1 := db.Begin(ReadOnly, []string{"a"})
	w1 := db.Begin(ReadWrite, []string{"a"})
	r2 := db.Begin(ReadOnly, []string{"a"})
	w2 := db.Begin(ReadWrite, []string{"b"})
	got := []bool{r1.Runnable(), w1.Runnable(), r2.Runnable(), w2.Runnable()}
	want := []bool{true, false, false, true}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("runnable %v, want %v", got, want)
			break
		}
	}
	r1.Commit()
	if !w1.Runnable() || r2.Runnable() {
		t.Errorf("after r1: w1 %v r2 %v", w1.Runnable(), r2.Runnable())
	}
}
