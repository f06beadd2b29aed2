package webapi

import (
	"context"
	"regexp"
	"testing"

	"github.com/dop251/goja"
)

func TestCrypto(t *testing.T) {
	rt, l := newPage(t)
	realm := realmOf(t, rt)
	if err := InstallCrypto(realm, rt.GlobalObject(), l); err != nil {
		t.Fatal(err)
	}
	if err := InstallEncoding(realm, rt.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	runJSCases(t, rt, []jsCase{
		{"fills and returns the same array", `var a = new Uint32Array(8); var r = crypto.getRandomValues(a); (r === a) + " " + a.some(x => x !== 0)`, "true true"},
		{"odd length bytes", `var b = new Uint8Array(13); crypto.getRandomValues(b); b.length`, "13"},
		{"float rejected", `try { crypto.getRandomValues(new Float64Array(2)); "no" } catch (e) { e.name }`, "TypeMismatchError"},
		{"quota", `try { crypto.getRandomValues(new Uint8Array(65537)); "no" } catch (e) { e.name }`, "QuotaExceededError"},
		{"not a view", `try { crypto.getRandomValues([1]); "no" } catch (e) { e.name }`, "TypeError"}, // WebIDL: not an ArrayBufferView
		{"interface shapes", `[typeof CryptoKey, CryptoKey.length, SubtleCrypto.prototype.encrypt.length, SubtleCrypto.prototype.unwrapKey.length,
			SubtleCrypto.prototype.digest.call({}) instanceof Promise, crypto.subtle.encrypt() instanceof Promise].join()`, "function,0,3,7,true,true"},
		{"instanceof", `crypto instanceof Crypto && typeof crypto.subtle + " " + (crypto.subtle === crypto.subtle) + " " + (crypto.subtle instanceof SubtleCrypto)`, "object true true"},
	})
	if _, err := rt.RunString(`var digests = [];
		const hex = b => Array.from(new Uint8Array(b), x => x.toString(16).padStart(2, "0")).join("");
		crypto.subtle.digest("SHA-256", new TextEncoder().encode("abc")).then(b => digests.push(hex(b)));
		crypto.subtle.digest({name: "sha-1"}, new Uint8Array([97, 98, 99])).then(b => digests.push(hex(b)));
		crypto.subtle.digest("MD5", new Uint8Array(1)).catch(e => digests.push(e.name));
		crypto.subtle.importKey("raw", new Uint8Array(16), "AES-GCM", false, ["encrypt"]).catch(e => digests.push(e.name));`); err == nil {
		got, _ := rt.RunString(`digests.join(" ")`)
		want := "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad a9993e364706816aba3e25717850c26c9cd0d89d NotSupportedError NotSupportedError"
		if got.String() != want {
			t.Errorf("digests = %s, want %s", got, want)
		}
	} else {
		t.Fatal(err)
	}
	v, err := rt.RunString(`crypto.randomUUID()`)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(v.String()) {
		t.Errorf("randomUUID = %q", v)
	}
	// Deterministic loops with the same seed give the same values.
	uuid := func() string {
		rt, l := newPage(t)
		if err := InstallCrypto(realmOf(t, rt), rt.GlobalObject(), l); err != nil {
			t.Fatal(err)
		}
		v, err := rt.RunString(`crypto.randomUUID() + Array.from(crypto.getRandomValues(new Uint8Array(4))).join()`)
		if err != nil {
			t.Fatal(err)
		}
		return v.String()
	}
	if a, b := uuid(), uuid(); a != b {
		t.Errorf("deterministic pages differ: %q vs %q", a, b)
	}
}

func TestPerformance(t *testing.T) {
	rt, l := newPage(t)
	realm := realmOf(t, rt)
	if err := InstallPerformance(realm, rt.GlobalObject(), l); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.RunString(`
		var log = [], seen = [];
		new PerformanceObserver((list, obs) => seen.push(list.getEntries().map(e => e.entryType + ":" + e.name).join("+") + (obs instanceof PerformanceObserver))).observe({entryTypes: ["mark", "measure"]});
		new PerformanceObserver(list => seen.push("buffered " + list.getEntriesByType("navigation").length)).observe({type: "navigation", buffered: true});
		var gone = new PerformanceObserver(() => seen.push("never")); gone.observe({type: "mark"}); gone.disconnect();
		log.push(performance.now());
		performance.mark("a");
		setTimeout(() => {
			performance.mark("b", {detail: {x: 1}});
			var m = performance.measure("a-b", "a", "b");
			var m2 = performance.measure("from-a", {start: "a", duration: 5});
			log.push(performance.now(), m.duration, m.entryType, m2.duration, m2.startTime,
				performance.getEntriesByName("b")[0].detail.x,
				performance.getEntriesByType("mark").length, performance.getEntries().length,
				m instanceof PerformanceMeasure, m instanceof PerformanceEntry);
			performance.clearMarks("a");
			log.push(performance.getEntriesByType("mark").map(e => e.name).join("+"));
			performance.clearMeasures();
			log.push(performance.getEntries().length);
			try { performance.measure("x", "nope") } catch (e) { log.push(e.name) }
			log.push(performance.timeOrigin === performance.timing.navigationStart, JSON.stringify(m.toJSON()));
		}, 250);
	`); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, _ := rt.RunString(`log.join(" ")`)
	obs, _ := rt.RunString(`seen.join(" | ") + " " + PerformanceObserver.supportedEntryTypes.join()`)
	if want := "buffered 1 | mark:atrue | mark:b+measure:a-b+measure:from-atrue mark,measure,navigation,resource,visibility-state"; obs.String() != want {
		t.Errorf("observers: got %q, want %q", obs, want)
	}
	nav, err := rt.RunString(`var n = performance.getEntriesByType("navigation")[0]; [n.type, n.entryType, n.startTime, n instanceof PerformanceEntry, performance.navigation.type, performance.getEntries()[0] === n].join()`)
	if err != nil || nav.String() != "navigate,navigation,0,true,0,true" {
		t.Errorf("navigation entry: %v %v", nav, err)
	}
	vis, err := rt.RunString(`var v = performance.getEntriesByType("visibility-state"); [v.length, v[0].name, v[0].startTime, v[0].duration, v[0] instanceof VisibilityStateEntry, performance.getEntries()[1] === v[0], JSON.stringify(v[0])].join()`)
	if want := `1,visible,0,0,true,true,{"name":"visible","entryType":"visibility-state","startTime":0,"duration":0,"navigationId":1}`; err != nil || vis.String() != want {
		t.Errorf("visibility-state entry: got %v %v, want %s", vis, err, want)
	}
	// getEntries counts the navigation and visibility-state entries too
	want := `0 250 250 measure 5 0 1 2 6 true true b 3 SyntaxError true {"name":"a-b","entryType":"measure","startTime":0,"duration":250,"navigationId":1}`
	if got.String() != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestNotRestoredReasons: navigation entries report no back/forward cache
// reasons (null); the interfaces read what an instance holds.
func TestNotRestoredReasons(t *testing.T) {
	rt, l := newPage(t)
	realm := realmOf(t, rt)
	if err := InstallPerformance(realm, rt.GlobalObject(), l); err != nil {
		t.Fatal(err)
	}
	detail := realm.WrapObject(&notRestoredReasonDetails{reason: "broadcastchannel"}, realm.Class("NotRestoredReasonDetails"))
	child := realm.WrapObject(&notRestoredReasons{src: rt.ToValue("f.html"), id: goja.Null(), name: goja.Null(), url: goja.Null()}, realm.Class("NotRestoredReasons"))
	rt.Set("nrr", realm.WrapObject(&notRestoredReasons{src: goja.Null(), id: goja.Null(), name: goja.Null(), url: rt.ToValue("http://h/"),
		reasons: []any{detail}, children: []any{child}}, realm.Class("NotRestoredReasons")))
	got, err := rt.RunString(`[performance.getEntriesByType("navigation")[0].notRestoredReasons, nrr.url, nrr.reasons[0].reason,
		nrr.children[0].src, Object.isFrozen(nrr.reasons), JSON.stringify(nrr), typeof NotRestoredReasonDetails].join("|")`)
	want := `|http://h/|broadcastchannel|f.html|true|{"src":null,"id":null,"name":null,"url":"http://h/","reasons":[{"reason":"broadcastchannel"}],"children":[{"src":"f.html","id":null,"name":null,"url":null,"reasons":[],"children":[]}]}|function`
	if err != nil || got.String() != want {
		t.Errorf("got %v %v\nwant %s", got, err, want)
	}
}
