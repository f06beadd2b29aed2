package webapi

import (
	"errors"
	"slices"
	"sync"
	"unicode/utf16"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

// DefaultStorageQuota is the size of one storage area, in UTF-16 code units
// of keys and values: 5 Mi, as in browsers.
const DefaultStorageQuota = 5 << 20

// ErrQuotaExceeded is returned by StorageArea.Set when the area would grow
// past its quota; scripts see a QuotaExceededError DOMException.
var ErrQuotaExceeded = errors.New("QuotaExceededError: the storage quota has been exceeded")

// A StorageArea is one origin's localStorage or sessionStorage: an ordered
// list of key/value pairs with a quota. It is safe for concurrent use, so Go
// code can seed it before a render and read it after.
// https://html.spec.whatwg.org/multipage/webstorage.html#the-storage-interface
type StorageArea struct {
	mu    sync.Mutex
	keys  []string
	items map[string]string
	quota int
	used  int
}

// NewStorageArea returns an empty area holding up to quota code units
// (DefaultStorageQuota when quota <= 0).
func NewStorageArea(quota int) *StorageArea {
	if quota <= 0 {
		quota = DefaultStorageQuota
	}
	return &StorageArea{items: map[string]string{}, quota: quota}
}

func units(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// Len returns the number of items.
func (a *StorageArea) Len() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.keys)
}

// Key returns the name of the i-th item, in insertion order.
func (a *StorageArea) Key(i int) (string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if i < 0 || i >= len(a.keys) {
		return "", false
	}
	return a.keys[i], true
}

// Keys returns the item names in order.
func (a *StorageArea) Keys() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.keys)
}

// Get returns the value of key.
func (a *StorageArea) Get(key string) (string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	v, ok := a.items[key]
	return v, ok
}

// Set stores value under key; it fails with ErrQuotaExceeded when the
// area would outgrow its quota.
func (a *StorageArea) Set(key, value string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	old, exists := a.items[key]
	used := a.used + units(value)
	if exists {
		used -= units(old)
	} else {
		used += units(key)
	}
	if used > a.quota {
		return ErrQuotaExceeded
	}
	if !exists {
		a.keys = append(a.keys, key)
	}
	a.items[key] = value
	a.used = used
	return nil
}

// Remove deletes key.
func (a *StorageArea) Remove(key string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	old, ok := a.items[key]
	if !ok {
		return
	}
	delete(a.items, key)
	a.used -= units(key) + units(old)
	if i := slices.Index(a.keys, key); i >= 0 {
		a.keys = slices.Delete(a.keys, i, i+1)
	}
}

// Clear removes every item.
func (a *StorageArea) Clear() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.keys, a.items, a.used = nil, map[string]string{}, 0
}

// A StorageStore holds the storage areas of many origins (the localStorage
// of a Renderer shared across renders, say). Safe for concurrent use.
type StorageStore struct {
	mu    sync.Mutex
	quota int
	areas map[string]*StorageArea
}

// NewStorageStore returns a store whose areas have the given quota.
func NewStorageStore(quota int) *StorageStore {
	return &StorageStore{quota: quota, areas: map[string]*StorageArea{}}
}

// Area returns origin's area, creating it empty the first time. origin is
// a serialized origin such as "https://example.com".
func (s *StorageStore) Area(origin string) *StorageArea {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.areas[origin]
	if a == nil {
		a = NewStorageArea(s.quota)
		s.areas[origin] = a
	}
	return a
}

// InstallStorage installs the Storage interface and window.localStorage and
// window.sessionStorage backed by local and session (either may be nil for
// a fresh empty area). Items are also named properties
// (localStorage.token, localStorage["k"] = "v", delete localStorage.k).
//
// onChange, when not nil, is told of each change a script makes through
// them (not of a setItem that stores the value already there, a removeItem
// of a missing key or a clear of an empty area), for the storage events of
// the page's other windows.
func InstallStorage(realm *bind.Realm, target *goja.Object, local, session *StorageArea, onChange func(StorageChange)) error {
	if err := realm.Install(target, storageInterface); err != nil {
		return err
	}
	cls := realm.Class("Storage")
	for _, s := range []struct {
		name string
		area *StorageArea
	}{{"localStorage", local}, {"sessionStorage", session}} {
		if s.area == nil {
			s.area = NewStorageArea(0)
		}
		obj := realm.WrapObject(&storageObject{area: s.area, local: s.name == "localStorage", onChange: onChange}, cls)
		get := realm.NewGlobalFunction("get "+s.name, 0, func(goja.FunctionCall) goja.Value { return obj })
		if err := target.DefineAccessorProperty(s.name, get, nil, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
			return err
		}
	}
	return nil
}

// A StorageChange is a change a script made to a storage area: Key nil for
// a clear, OldValue nil for a new key, NewValue nil for a removal.
// https://html.spec.whatwg.org/multipage/webstorage.html#concept-storage-broadcast
type StorageChange struct {
	Local                   bool // localStorage, else sessionStorage
	Key, OldValue, NewValue *string
}

// storageObject is what a Storage object wraps: its area, and where its
// changes are told.
type storageObject struct {
	area     *StorageArea
	local    bool
	onChange func(StorageChange)
}

func areaOf(this any) *StorageArea { return this.(*storageObject).area }

func (s *storageObject) changed(key, old, value *string) {
	if s.onChange != nil {
		s.onChange(StorageChange{Local: s.local, Key: key, OldValue: old, NewValue: value})
	}
}

func setItem(r *bind.Realm, this any, key, value string) {
	s := this.(*storageObject)
	old, had := s.area.Get(key)
	if had && old == value {
		return
	}
	if err := s.area.Set(key, value); err != nil {
		r.ThrowDOMException("QuotaExceededError", "Failed to execute 'setItem' on 'Storage': Setting the value of '"+key+"' exceeded the quota.")
	}
	var oldp *string
	if had {
		oldp = &old
	}
	s.changed(&key, oldp, &value)
}

func removeItem(this any, key string) bool {
	s := this.(*storageObject)
	old, had := s.area.Get(key)
	if !had {
		return false
	}
	s.area.Remove(key)
	s.changed(&key, &old, nil)
	return true
}

// storageInterface declares Storage.
// https://html.spec.whatwg.org/multipage/webstorage.html#the-storage-interface
var storageInterface = &bind.Interface{
	Name: "Storage",
	Attributes: []bind.Attribute{
		{Name: "length", Get: func(r *bind.Realm, this any) goja.Value { return r.Int(areaOf(this).Len()) }},
	},
	Methods: []bind.Method{
		{Name: "key", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			k, ok := areaOf(this).Key(int(bind.UnsignedLong(args[0])))
			if !ok {
				return goja.Null()
			}
			return r.String(k)
		}},
		{Name: "getItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			v, ok := areaOf(this).Get(bind.DOMString(args[0]))
			if !ok {
				return goja.Null()
			}
			return r.String(v)
		}},
		{Name: "setItem", Length: 2, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			setItem(r, this, bind.DOMString(args[0]), bind.DOMString(args[1]))
			return nil
		}},
		{Name: "removeItem", Length: 1, Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			removeItem(this, bind.DOMString(args[0]))
			return nil
		}},
		{Name: "clear", Fn: func(r *bind.Realm, this any, _ []goja.Value) goja.Value {
			if s := this.(*storageObject); s.area.Len() > 0 {
				s.area.Clear()
				s.changed(nil, nil, nil)
			}
			return nil
		}},
	},
	Exotic: &bind.Exotic{
		Get: func(r *bind.Realm, this any, key string) goja.Value {
			if v, ok := areaOf(this).Get(key); ok {
				return r.String(v)
			}
			return nil
		},
		Set: func(r *bind.Realm, this any, key string, v goja.Value) bool {
			setItem(r, this, key, bind.DOMString(v))
			return true
		},
		Delete: func(r *bind.Realm, this any, key string) bool {
			return removeItem(this, key)
		},
		Keys: func(r *bind.Realm, this any) []string { return areaOf(this).Keys() },
	},
}
