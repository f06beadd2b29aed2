package webapi

import (
	"context"
	"testing"
)

func TestObservers(t *testing.T) {
	rt, l := newPage(t)
	realm := realmOf(t, rt)
	if err := InstallObservers(realm, rt.GlobalObject(), l, Viewport{Width: 800, Height: 600}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.RunString(`
		var log = [];
		var el = {id: "a"}, sized = {id: "b", getBoundingClientRect() { return {x: 1, y: 2, width: 30, height: 40} }}, gone = {id: "c"};
		var hidden = {id: "h", getBoundingClientRect() { return {x: 0, y: 0, width: 0, height: 0} }};
		new IntersectionObserver(es => log.push("hidden:" + es[0].isIntersecting + "/" + es[0].intersectionRatio)).observe(hidden);
		var io = new IntersectionObserver(function (entries, obs) {
			log.push("io:" + entries.map(e => e.target.id + "/" + e.isIntersecting + "/" + e.intersectionRatio + "/" + e.boundingClientRect.width + "x" + e.boundingClientRect.height).join(",") +
				" same=" + (obs === io) + " this=" + (this === io) + " entry=" + (entries[0] instanceof IntersectionObserverEntry) + " root=" + entries[0].rootBounds.width);
		}, {threshold: [0.5, 0], rootMargin: "10px"});
		io.observe(el); io.observe(el); io.observe(sized); io.observe(gone); io.unobserve(gone);
		log.push("sync:" + io.thresholds.join("+") + " " + io.rootMargin + " " + io.root);
		var ro = new ResizeObserver(function (entries) {
			var e = entries[0];
			log.push("ro:" + e.target.id + " " + e.contentRect.width + "x" + e.contentRect.height + " " + e.borderBoxSize[0].inlineSize + " " + (e instanceof ResizeObserverEntry));
		});
		ro.observe(sized);
		var later = new IntersectionObserver(() => log.push("never"));
		later.observe(el); later.disconnect();
		var taken = new IntersectionObserver(es => log.push("taken:" + es.length));
		taken.observe(el); log.push("takeRecords:" + taken.takeRecords().length);
		try { new IntersectionObserver(() => {}, {threshold: 2}) } catch (e) { log.push(e.name) }
		try { new ResizeObserver() } catch (e) { log.push(e.name) }
	`); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, _ := rt.RunString(`log.join("\n")`)
	// Nothing is measured before the frame; resize observers are called in
	// it, intersection observers in a task after it, in the order they
	// were made in.
	want := "sync:0+0.5 10px 10px 10px 10px null\ntakeRecords:0\nRangeError\nTypeError\n" +
		"ro:b 30x40 30 true\nhidden:false/0\n" +
		"io:a/true/1/800x600,b/true/1/30x40 same=true this=true entry=true root=800\ntaken:1"
	if got.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestParseRootMargin checks rootMargin against what headless Chromium 156
// gives for the same options.
func TestParseRootMargin(t *testing.T) {
	const units = "rootMargin must be specified in absolute length units or percent."
	for in, want := range map[string]string{
		"10px": "10px 10px 10px 10px", "1px 2px": "1px 2px 1px 2px", "1px 2% 3px": "1px 2% 3px 2%",
		"5.50px  -3PX": "5px -3px 5px -3px", "0": units, "": "0px 0px 0px 0px", "1em": units,
		"1px 2px 3px 4px 5px": "Extra text found at the end of rootMargin.", " 7px\t": "7px 7px 7px 7px",
		"+4px": "4px 4px 4px 4px", ".5%": "0.5% 0.5% 0.5% 0.5%", "1e1px": "10px 10px 10px 10px", "calc(1px)": units,
		"-3.7px": "-4px -4px -4px -4px", "1in": "96px 96px 96px 96px", "1pt 2cm": "1px 75px 1px 75px",
		"-0px": "0px 0px 0px 0px", "12.999px 3%": "12px 3% 12px 3%",
	} {
		got, err := parseRootMargin(in)
		if err != "" {
			got = err
		}
		if got != want {
			t.Errorf("rootMargin %q: got %q, want %q", in, got, want)
		}
	}
}

// hostOnly hides that the loop runs frames.
type hostOnly struct{ Host }

// TestObserversWithoutFrames: a host that runs no frames gets them
// emulated with a timer, in the same order (resize observers, then a task
// for intersection observers), and a target moved by a mutation the
// watcher reports is reported again.
func TestObserversWithoutFrames(t *testing.T) {
	rt, l := newPage(t)
	realm := realmOf(t, rt)
	var changed func()
	if err := InstallObservers(realm, rt.GlobalObject(), hostOnly{l}, Viewport{Width: 800, Height: 600}, nil, func(c func()) { changed = c }); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.RunString(`
		var log = [], size = 30;
		var el = {id: "a", getBoundingClientRect() { return {x: 0, y: 0, width: size, height: size} }};
		new IntersectionObserver(es => log.push("io:" + es[0].isIntersecting)).observe(el);
		new ResizeObserver(es => log.push("ro:" + es[0].contentRect.width)).observe(el);
		setTimeout(() => log.push("t"), 0);
	`); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.RunString(`size = 0`); err != nil {
		t.Fatal(err)
	}
	changed()
	if _, err := l.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, _ := rt.RunString(`log.join(" ")`)
	if want := "t ro:30 io:true ro:0 io:false"; got.String() != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
