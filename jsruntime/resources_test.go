package jsruntime

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/bangsnap/bangsnap/dom"
	"github.com/bangsnap/bangsnap/loop"
)

// TestResourceEvents: images, links and iframes fire the events Chromium
// fires for resources that load, without fetching anything.
func TestResourceEvents(t *testing.T) {
	tests := []struct {
		name, markup, js, want string
	}{
		{name: "parser images and links before window load",
			markup: `<script>var log = []; addEventListener('load', () => log.push('window'));</script>
				<img id="a" src="/a.png" onload="log.push('img:' + this.id)">
				<img id="e" src="" onerror="log.push('error:' + this.id)">
				<link rel="stylesheet" href="/s.css" onload="log.push('link')">
				<script>var i = new Image(); i.onload = () => log.push('new Image'); i.src = '/b.png';
				log.push('script:' + [i.complete, i.naturalWidth].join('/'));</script>`,
			js: `log.join()`, want: "script:false/0,img:a,error:e,link,new Image,window"}, // loading until its load event, as in Chromium
		{name: "image state", markup: `<img id="a" src="/a.png" width="40" height="30"><img id="b" srcset="/b1.png 1x, /b2.png 2x">
				<picture><source media="(max-width: 10px)" srcset="/small.png"><source srcset="/big.png"><img id="c" src="/fallback.png"></picture>
				<img id="d">`,
			js: `var a = document.getElementById('a'), b = document.getElementById('b'), c = document.getElementById('c'), d = document.getElementById('d');
				[a.complete, a.naturalWidth, a.naturalHeight, a.currentSrc, b.currentSrc, b.width, c.currentSrc, d.complete, d.currentSrc, d.naturalWidth].join()`,
			want: "true,40,30,https://example.test/a.png,https://example.test/b1.png,1,https://example.test/big.png,true,,0"},
		{name: "events after parsing are tasks, superseded ones dropped",
			js: `var log = []; var i = new Image(); i.onload = () => log.push('load:' + i.currentSrc.slice(-5)); i.onerror = () => log.push('error');
				i.src = '/1.png'; i.src = '/2.png'; log.push('sync');
				var j = document.createElement('img'); j.addEventListener('error', e => log.push('j:' + [e.type, e.bubbles, e.isTrusted, j.complete].join('/')));
				j.src = 'http://[bad';
				var k = new Image(); k.onload = () => log.push('k'); k.src = '/k.png'; k.removeAttribute('src');
				new Promise(r => setTimeout(r, 10)).then(() => log.join())`,
			want: "sync,load:2.png,j:error/false/true/true"},
		{name: "same source again fires load again", js: `var n = 0, i = new Image(); i.onload = () => n++; i.src = '/x.png';
				new Promise(r => setTimeout(r, 10)).then(() => { i.src = '/x.png'; return new Promise(r => setTimeout(r, 10)) }).then(() => n)`, want: "2"},
		{name: "innerHTML images load, even detached", js: `var d = document.createElement('div'); d.innerHTML = '<p><img src="/i.png"></p>';
				new Promise(r => d.querySelector('img').onload = () => r('load'))`, want: "load"},
		{name: "images after a template load", markup: `<template><img src="/t.png"></template><img id="after" src="/a.png">`,
			js: `document.getElementById('after').naturalWidth`, want: "1"},
		{name: "template images never load", js: `var t = document.createElement('template'); t.innerHTML = '<img src="/i.png">';
				var i = t.content.firstChild; var n = 0; i.onload = i.onerror = () => n++;
				new Promise(r => setTimeout(r, 10)).then(() => [n, i.complete].join())`, want: "0,false"},
		{name: "decode", js: `Promise.all([new Image().decode().catch(e => e.name), Object.assign(new Image(), {src: '/d.png'}).decode().then(() => 'ok')]).then(a => a.join())`,
			want: "EncodingError,ok"},
		{name: "loadCSS preload swap and print media", js: `var log = []; var l = document.createElement('link'); l.rel = 'preload'; l.as = 'style'; l.href = '/s.css';
				l.onload = () => { log.push('load:' + l.rel); if (l.rel === 'preload') l.rel = 'stylesheet' };
				var p = document.createElement('link'); p.rel = 'stylesheet'; p.media = 'print'; p.href = '/p.css'; p.onload = () => log.push('print');
				var off = document.createElement('link'); off.rel = 'stylesheet'; off.href = '/o.css'; off.onload = () => log.push('detached');
				var dis = document.createElement('link'); dis.rel = 'stylesheet'; dis.disabled = true; dis.href = '/d.css'; dis.onload = () => log.push('disabled');
				document.head.append(l, p, dis);
				new Promise(r => setTimeout(r, 10)).then(() => log.join())`, want: "load:preload,print,load:stylesheet"},
		{name: "setting rel or href to their value fetches nothing", js: `var n = 0; var l = document.createElement('link'); l.rel = 'stylesheet'; l.href = '/s.css';
				l.onload = () => { n++; l.rel = 'stylesheet'; l.setAttribute('href', l.getAttribute('href')) }; document.head.append(l);
				new Promise(r => setTimeout(r, 10)).then(() => { l.href = '/t.css'; return new Promise(r => setTimeout(r, 10)) }).then(() => n)`, want: "2"},
		{name: "iframes", js: `var log = []; var f = document.createElement('iframe'); f.onload = () => log.push('blank');
				document.body.append(f); log.push('after append');
				var g = document.createElement('iframe'); g.src = '/frame.html'; g.onload = () => log.push('src'); document.body.append(g); log.push('sync');
				new Promise(r => setTimeout(r, 10)).then(() => log.join())`, want: "blank,after append,sync,src"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			markup := tt.markup
			if markup == "" {
				markup = `<p>x</p>`
			}
			p := newPage(t, `<!doctype html><html><head></head><body>`+markup+`</body></html>`, nil)
			p.run()
			v, err := p.w.RunScript("test.js", tt.js)
			if err != nil {
				t.Fatal(err)
			}
			p.run()
			got := v.String()
			if prom, ok := v.Export().(*goja.Promise); ok {
				if prom.State() != goja.PromiseStateFulfilled {
					t.Fatalf("promise %v: %v", prom.State(), prom.Result())
				}
				got = prom.Result().String()
			}
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			p.noErrors()
		})
	}
}

// TestImageLoader: with Config.Images, images wait for the loader's answer.
func TestImageLoader(t *testing.T) {
	loader := ImageLoaderFunc(func(ctx context.Context, url string) (ImageInfo, error) {
		switch {
		case strings.HasSuffix(url, "/slow.png"):
			time.Sleep(20 * time.Millisecond)
			return ImageInfo{Width: 7, Height: 3}, nil
		case strings.HasSuffix(url, "/ok.png"):
			return ImageInfo{Width: 640, Height: 480}, nil
		case strings.HasSuffix(url, "/skip.png"):
			return ImageInfo{}, fmt.Errorf("policy: %w", ErrNotFetched)
		case strings.HasSuffix(url, "/panic.png"):
			panic("loader bug")
		}
		return ImageInfo{}, errors.New("HTTP 404")
	})
	tests := []struct{ name, markup, js, want string }{
		{name: "window load waits for fetched images",
			markup: `<script>var log = []; addEventListener('load', () => log.push('window'));</script>
				<img src="/slow.png" onload="log.push('slow:' + this.naturalWidth + 'x' + this.naturalHeight)">
				<img src="/missing.png" onerror="log.push('missing:' + this.complete + ':' + this.naturalWidth + ':' + this.currentSrc.slice(-11))">`,
			js: `log.join()`, want: "slow:7x3,missing:true:0:missing.png,window"},
		{name: "pending state and decode", js: `var i = new Image(); i.src = '/ok.png'; var before = [i.complete, i.naturalWidth].join('/');
				i.decode().then(() => [before, i.complete, i.naturalWidth, i.naturalHeight, i.width].join())`, want: "false/0,true,640,480,640"},
		{name: "decode of a failing image rejects", js: `var i = new Image(); i.src = '/nope.png'; i.decode().then(() => 'ok', e => e.name)`, want: "EncodingError"},
		{name: "declined images get the default answer", js: `var i = new Image(12); i.src = '/skip.png';
				new Promise(r => i.onload = () => r([i.naturalWidth, i.naturalHeight].join()))`, want: "12,12"},
		{name: "a panicking loader fails the image", js: `var i = new Image(); i.src = '/panic.png'; new Promise(r => i.onerror = () => r('error'))`, want: "error"},
		{name: "a fetched image's natural size sizes its box",
			markup: `<div style="width: 300px"><img id="a" src="/ok.png" style="max-width: 100%"><img id="b" src="/ok.png" height="48"></div>
				<script>var before = document.getElementById('a').getBoundingClientRect().width;</script>`,
			js: `var a = document.getElementById('a'), b = document.getElementById('b'), r = a.getBoundingClientRect();
				[before, r.width, r.height, a.width, a.height, b.width, b.height].join()`, want: "0,300,225,300,225,64,48"},
		{name: "a declined image is not sized by its made-up natural size",
			markup: `<img id="a" src="/skip.png" height="12">`,
			js:     `var a = document.getElementById('a'), r = a.getBoundingClientRect(); [r.width, r.height, a.naturalWidth].join()`, want: "0,12,12"},
		{name: "a failed fetch lays the image out as its fallback box",
			markup: `<div style="font: 16px Arial"><img id="a" src="/missing.png" alt="Hello"></div>
				<script>var before = document.getElementById('a').getBoundingClientRect().width;</script>`,
			js: `var r = document.getElementById('a').getBoundingClientRect(); [before, r.width, r.height].join()`, want: "0,52.46875,18"},
		{name: "superseded fetch fires once", js: `var n = [], i = new Image(); i.onload = () => n.push(i.naturalWidth); i.src = '/slow.png'; i.src = '/ok.png';
				new Promise(r => setTimeout(r, 50)).then(() => n.join())`, want: "640"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			markup := tt.markup
			if markup == "" {
				markup = `<p>x</p>`
			}
			doc, err := dom.Parse(strings.NewReader(`<!doctype html><html><head></head><body>` + markup + `</body></html>`))
			if err != nil {
				t.Fatal(err)
			}
			p := &testPage{t: t}
			p.l = loop.New(goja.New(), loop.Options{Deterministic: true, OnError: func(err error) { p.w.ReportError(err) }})
			p.w, err = New(p.l, doc, Config{URL: "https://example.test/page", Images: loader, Logger: slog.New(slog.DiscardHandler),
				OnError: func(e ScriptError) { p.errors = append(p.errors, e) }})
			if err != nil {
				t.Fatal(err)
			}
			p.run()
			if got := evalSettled(t, p, tt.js); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			p.noErrors()
		})
	}
}

// evalSettled runs js, runs the loop until quiet and returns the value (a
// promise's fulfillment value).
func evalSettled(t *testing.T, p *testPage, js string) string {
	t.Helper()
	v, err := p.w.RunScript("test.js", js)
	if err != nil {
		t.Fatal(err)
	}
	p.run()
	if prom, ok := v.Export().(*goja.Promise); ok {
		if prom.State() != goja.PromiseStateFulfilled {
			t.Fatalf("promise %v: %v", prom.State(), prom.Result())
		}
		return prom.Result().String()
	}
	return v.String()
}

// BenchmarkDetachedAppend is one appendChild into a disconnected tree (the
// resource scan remembers the inserted root weakly).
func BenchmarkDetachedAppend(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "var r = document.createElement('div')", "r.appendChild(document.createElement('p'))", b.N)
}

// BenchmarkImageSrc is one new Image() with its src set (state, a queued
// load event).
func BenchmarkImageSrc(b *testing.B) {
	p := benchPage(b)
	b.ReportAllocs()
	b.ResetTimer()
	benchLoop(b, p, "", "new Image().src = '/i' + i + '.png'", b.N)
}
