package webapi

import (
	"errors"
	"testing"
)

func TestStorageArea(t *testing.T) {
	a := NewStorageArea(10)
	if err := a.Set("k", "12345"); err != nil {
		t.Fatal(err)
	}
	if err := a.Set("k2", "1234567"); !errors.Is(err, ErrQuotaExceeded) {
		t.Fatalf("over quota: %v", err)
	}
	if err := a.Set("k", "123456789"); err != nil { // replacing counts only the difference
		t.Fatal(err)
	}
	a.Remove("k")
	if err := a.Set("😀", "12345678"); err != nil { // an astral key is two code units
		t.Fatal(err)
	}
	if err := a.Set("x", ""); !errors.Is(err, ErrQuotaExceeded) {
		t.Fatalf("quota in code units: %v", err)
	}
	s := NewStorageStore(0)
	if s.Area("https://a.com") != s.Area("https://a.com") || s.Area("https://a.com") == s.Area("https://b.com") {
		t.Fatal("areas are not per origin")
	}
}

func TestStorageBinding(t *testing.T) {
	rt, realm := newRealm(t)
	local := NewStorageArea(64)
	if err := local.Set("seeded", "from Go"); err != nil {
		t.Fatal(err)
	}
	if err := InstallStorage(realm, rt.GlobalObject(), local, nil, nil); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"seeded from Go", `localStorage.getItem("seeded") + "|" + localStorage.seeded + "|" + localStorage.length`, "from Go|from Go|1"},
		{"set/get/key", `localStorage.setItem("a", 1); localStorage.b = {}; [localStorage.getItem("a"), typeof localStorage.getItem("a"), localStorage.b, localStorage.key(1), localStorage.key(9), localStorage.getItem("none")].join()`,
			"1,string,[object Object],a,,"},
		{"named delete and in", `delete localStorage.a; ["a" in localStorage, "b" in localStorage, localStorage.length].join()`, "false,true,2"},
		{"methods are not shadowed", `localStorage.setItem("getItem", "x"); typeof localStorage.getItem`, "function"},
		{"keys", `Object.keys(localStorage).join()`, "seeded,b,getItem"},
		{"quota", `try { localStorage.setItem("big", "x".repeat(100)); "no" } catch (e) { e.name + " " + e.code }`, "QuotaExceededError 22"},
		{"removeItem and clear", `localStorage.removeItem("b"); var n = localStorage.length; localStorage.clear(); n + "," + localStorage.length`, "2,0"},
		{"session is separate", `sessionStorage.setItem("s", "1"); [sessionStorage.length, localStorage.length, sessionStorage instanceof Storage].join()`, "1,0,true"},
		{"JSON round trip", `localStorage.setItem("state", JSON.stringify({n: [1, 2]})); JSON.parse(localStorage.getItem("state")).n[1]`, "2"},
	})
	if v, ok := local.Get("state"); !ok || v != `{"n":[1,2]}` {
		t.Errorf("Go sees %q, %v", v, ok)
	}
}
