package jsruntime

import (
	"strings"
	"testing"
)

// TestRunTrusted checks that the dispatcher RunTrusted hands its function
// makes trusted events (a click with its activation behavior, at a node
// and at the window), that dispatchEvent stays untrusted, and that a
// script that is not a function is refused.
func TestRunTrusted(t *testing.T) {
	w := newCSSOMWindow(t, `<input type=checkbox id=c><p id=p>x</p>`)
	if _, err := w.RunScript("setup.js", `var seen = [];
		["click", "ping"].forEach(function (type) {
			window.addEventListener(type, function (e) { seen.push(type + ":" + e.isTrusted); }, true);
		});`); err != nil {
		t.Fatal(err)
	}
	v, err := w.RunTrusted("act.js", `(function (D) {
		var c = document.getElementById("c");
		var a = D(c, new MouseEvent("click", {bubbles: true, cancelable: true}));
		var b = D(window, new Event("ping"));
		c.dispatchEvent(new Event("ping", {bubbles: true}));
		return [a, b, c.checked].join();
	})`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "true,true,true"; got != want {
		t.Errorf("dispatch results: got %s, want %s", got, want)
	}
	seen, err := w.RunScript("seen.js", `seen.join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := seen.String(), "click:true,ping:true,ping:false"; got != want {
		t.Errorf("events seen: got %s, want %s", got, want)
	}
	if _, err := w.RunTrusted("bad.js", `1 + 1`); err == nil || !strings.Contains(err.Error(), "not a function") {
		t.Errorf("RunTrusted of a number: err %v, want one saying it is not a function", err)
	}
	if _, err := w.RunTrusted("bad-target.js", `(function (D) { D({}, new Event("x")); })`); err == nil || !strings.Contains(err.Error(), "TypeError") {
		t.Errorf("dispatch at a plain object: err %v, want a TypeError", err)
	}
}
