package jsruntime

import (
	"testing"

	"github.com/dop251/goja"
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
			js: `log.join()`, want: "script:true/1,img:a,error:e,link,new Image,window"},
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
