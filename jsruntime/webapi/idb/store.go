package idb

import (
	"errors"
	"slices"
	"sort"
)

// Errors of the engine; the bindings throw them as DOMExceptions of the
// same name.
var (
	ErrConstraint = errors.New("ConstraintError")
	ErrQuota      = errors.New("QuotaExceededError")
	ErrData       = errors.New("DataError")
	ErrNotFound   = errors.New("NotFoundError")
)

// DefaultQuota is the bytes one engine (one render's IndexedDB) may hold.
const DefaultQuota = 64 << 20

// maxGenerator is the key generator's limit, 2^53: past it, a store
// needing a generated key fails with a ConstraintError.
// https://w3c.github.io/IndexedDB/#key-generator-construct
const maxGenerator = 1 << 53

// An Engine holds the databases of one origin (one render): their names,
// versions, stores and records, and the bytes they use.
type Engine struct {
	dbs   map[string]*Database
	quota int
	used  int
}

// New returns an empty engine holding up to quota bytes (DefaultQuota
// when quota <= 0).
func New(quota int) *Engine {
	if quota <= 0 {
		quota = DefaultQuota
	}
	return &Engine{dbs: map[string]*Database{}, quota: quota}
}

// Used is the bytes the engine's records take, as the quota counts them.
func (e *Engine) Used() int { return e.used }

// Database returns the database called name, or nil.
func (e *Engine) Database(name string) *Database { return e.dbs[name] }

// Create makes an empty database of version 0 called name (the version an
// upgrade transaction then raises).
func (e *Engine) Create(name string) *Database {
	db := &Database{Name: name, e: e, stores: map[string]*Store{}}
	e.dbs[name] = db
	return db
}

// Delete deletes the database called name and frees its bytes.
func (e *Engine) Delete(name string) {
	db := e.dbs[name]
	if db == nil {
		return
	}
	for _, s := range db.stores {
		e.used -= s.used
	}
	delete(e.dbs, name)
}

// Names lists the databases, sorted by name.
func (e *Engine) Names() []string {
	names := make([]string, 0, len(e.dbs))
	for n := range e.dbs {
		names = append(names, n)
	}
	slices.SortFunc(names, compareUTF16)
	return names
}

// A Database is one named database.
// https://w3c.github.io/IndexedDB/#database-construct
type Database struct {
	Name    string
	Version uint64
	e       *Engine
	stores  map[string]*Store
	txns    []*Txn // unfinished transactions, in creation order
}

// StoreNames lists the object stores, sorted.
func (db *Database) StoreNames() []string {
	names := make([]string, 0, len(db.stores))
	for n := range db.stores {
		names = append(names, n)
	}
	slices.SortFunc(names, compareUTF16)
	return names
}

// Store returns the object store called name, or nil.
func (db *Database) Store(name string) *Store { return db.stores[name] }

// A Store is an object store: records sorted by key, its indexes and its
// key generator.
// https://w3c.github.io/IndexedDB/#object-store-construct
type Store struct {
	Name    string
	KeyPath KeyPath
	AutoInc bool
	db      *Database
	gen     float64 // the key generator's current number
	recs    []*Record
	indexes []*Index
	used    int
	deleted bool
}

// A Record is a key and a value; Size is what the value counts for in the
// quota.
type Record struct {
	Key   Key
	Value any
	Size  int
	// ix holds the keys the record has in each index.
	ix []ixKeys
}

type ixKeys struct {
	idx  *Index
	keys []Key
}

// An Index is a store's index: (key, primary key) entries sorted by key
// then primary key.
// https://w3c.github.io/IndexedDB/#index-construct
type Index struct {
	Name       string
	KeyPath    KeyPath
	Unique     bool
	MultiEntry bool
	store      *Store
	ents       []entry
	deleted    bool
}

type entry struct {
	key, primary Key
	rec          *Record
}

// Store is the index's object store.
func (ix *Index) Store() *Store { return ix.store }

// IndexNames lists the store's indexes, sorted.
func (s *Store) IndexNames() []string {
	names := make([]string, len(s.indexes))
	for i, ix := range s.indexes {
		names[i] = ix.Name
	}
	slices.SortFunc(names, compareUTF16)
	return names
}

// Indexes returns the store's indexes (their keys are computed by the
// bindings, in this order, for Put).
func (s *Store) Indexes() []*Index { return s.indexes }

// Index returns the index called name, or nil.
func (s *Store) Index(name string) *Index {
	for _, ix := range s.indexes {
		if ix.Name == name {
			return ix
		}
	}
	return nil
}

// Deleted reports whether the store was deleted.
func (s *Store) Deleted() bool { return s.deleted }

// Deleted reports whether the index was deleted.
func (ix *Index) Deleted() bool { return ix.deleted }

// Len is the number of records.
func (s *Store) Len() int { return len(s.recs) }

// Records returns the store's records in key order; callers must not
// change them.
func (s *Store) Records() []*Record { return s.recs }

// find returns the position of key among the records and whether it is
// there.
func (s *Store) find(k Key) (int, bool) {
	i := sort.Search(len(s.recs), func(i int) bool { return Compare(s.recs[i].Key, k) >= 0 })
	return i, i < len(s.recs) && Compare(s.recs[i].Key, k) == 0
}

// Get returns the record of key k.
func (s *Store) Get(k Key) *Record {
	if i, ok := s.find(k); ok {
		return s.recs[i]
	}
	return nil
}

// First returns the first record in r, in key order.
func (s *Store) First(r Range) *Record {
	i := s.lowerPos(r)
	if i < len(s.recs) && r.belowUpper(s.recs[i].Key) {
		return s.recs[i]
	}
	return nil
}

// lowerPos is the position of the first record not below r's lower bound.
func (s *Store) lowerPos(r Range) int {
	if !r.Lower.Valid() {
		return 0
	}
	return sort.Search(len(s.recs), func(i int) bool { return r.aboveLower(s.recs[i].Key) })
}

// Range returns up to limit (0: all) records in r, in key order.
func (s *Store) Range(r Range, limit int) []*Record {
	var out []*Record
	for i := s.lowerPos(r); i < len(s.recs) && r.belowUpper(s.recs[i].Key); i++ {
		out = append(out, s.recs[i])
		if limit > 0 && len(out) == limit {
			break
		}
	}
	return out
}

// Count is the number of records in r.
func (s *Store) Count(r Range) int {
	lo := s.lowerPos(r)
	hi := lo
	if !r.Upper.Valid() {
		hi = len(s.recs)
	} else {
		hi = lo + sort.Search(len(s.recs)-lo, func(i int) bool { return !r.belowUpper(s.recs[lo+i].Key) })
	}
	return hi - lo
}

// NextKey returns the key the store's generator gives next, or an invalid
// key when it is spent.
// https://w3c.github.io/IndexedDB/#generate-a-key
func (s *Store) NextKey() Key {
	if s.gen+1 > maxGenerator {
		return Key{}
	}
	return NumberKey(s.gen + 1)
}

// find returns the position of (k, primary) among the entries.
func (ix *Index) lowerPos(r Range) int {
	if !r.Lower.Valid() {
		return 0
	}
	return sort.Search(len(ix.ents), func(i int) bool { return r.aboveLower(ix.ents[i].key) })
}

// Range returns up to limit (0: all) records whose index key is in r, in
// index order, with their index keys.
func (ix *Index) Range(r Range, limit int) (recs []*Record, keys []Key) {
	for i := ix.lowerPos(r); i < len(ix.ents) && r.belowUpper(ix.ents[i].key); i++ {
		recs = append(recs, ix.ents[i].rec)
		keys = append(keys, ix.ents[i].key)
		if limit > 0 && len(recs) == limit {
			break
		}
	}
	return recs, keys
}

// Count is the number of entries whose key is in r.
func (ix *Index) Count(r Range) int {
	lo := ix.lowerPos(r)
	if !r.Upper.Valid() {
		return len(ix.ents) - lo
	}
	return sort.Search(len(ix.ents)-lo, func(i int) bool { return !r.belowUpper(ix.ents[lo+i].key) })
}

func compareEntry(a entry, key, primary Key) int {
	if c := Compare(a.key, key); c != 0 {
		return c
	}
	return Compare(a.primary, primary)
}

func (ix *Index) insert(k Key, rec *Record) {
	i := sort.Search(len(ix.ents), func(i int) bool { return compareEntry(ix.ents[i], k, rec.Key) >= 0 })
	ix.ents = slices.Insert(ix.ents, i, entry{key: k, primary: rec.Key, rec: rec})
}

func (ix *Index) remove(k Key, primary Key) {
	i := sort.Search(len(ix.ents), func(i int) bool { return compareEntry(ix.ents[i], k, primary) >= 0 })
	if i < len(ix.ents) && compareEntry(ix.ents[i], k, primary) == 0 {
		ix.ents = slices.Delete(ix.ents, i, i+1)
	}
}

// has reports whether an entry of key k belongs to a record other than
// primary.
func (ix *Index) has(k Key, primary Key) bool {
	i := sort.Search(len(ix.ents), func(i int) bool { return Compare(ix.ents[i].key, k) >= 0 })
	for ; i < len(ix.ents) && Compare(ix.ents[i].key, k) == 0; i++ {
		if Compare(ix.ents[i].primary, primary) != 0 {
			return true
		}
	}
	return false
}

// IndexKeys computes the keys a value has in an index: the bindings
// evaluate key paths over their values. It returns no keys when the value
// has no valid key there (the record is then not in the index).
type IndexKeys func(value any, ix *Index) ([]Key, error)
