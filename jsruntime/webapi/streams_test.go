package webapi

import (
	"context"
	"testing"
)

// TestStreams runs each script on a page with streams and encoding
// installed; the script pushes to log, and log is compared once the loop
// is idle.
func TestStreams(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"read chunks then done", `var rs = new ReadableStream({start(c) { c.enqueue("a"); c.enqueue("b"); c.close(); }});
			var r = rs.getReader(); log.push(rs.locked);
			r.read().then(x => log.push(x.value, x.done)).then(() => r.read()).then(x => log.push(x.value))
			 .then(() => r.read()).then(x => log.push(x.done)); r.closed.then(() => log.push("closed"))`,
			"true,a,false,closed,b,true"},
		{"pull on demand with backpressure", `var n = 0, pulls = 0;
			var rs = new ReadableStream({pull(c) { pulls++; if (n < 3) c.enqueue(n++); else c.close(); }}, {highWaterMark: 0});
			collect(rs).then(out => log.push(out.join("-"), pulls, rs.locked))`,
			"0-1-2,4,false"},
		{"async pull", `var rs = new ReadableStream({pull(c) { return new Promise(r => setTimeout(r, 10)).then(() => { c.enqueue("x"); c.close(); }); }});
			new Promise(r => setTimeout(r, 1)).then(() => rs.getReader().read()).then(x => log.push(x.value))`, "x"},
		{"errors reject reads and closed", `var rs = new ReadableStream({start(c) { c.error(new TypeError("boom")); }});
			var r = rs.getReader(); r.read().catch(e => log.push("read:" + e.message)); r.closed.catch(e => log.push("closed:" + e.name))`,
			"read:boom,closed:TypeError"},
		{"start throwing throws", `try { new ReadableStream({start() { throw new Error("s"); }}); } catch (e) { log.push(e.message); }`, "s"},
		{"locked and release", `var rs = new ReadableStream(); var r = rs.getReader();
			try { rs.getReader(); } catch (e) { log.push(e.name); }
			var p = r.read(); r.releaseLock(); p.catch(e => log.push("released:" + e.name)); log.push(rs.locked)`,
			"TypeError,false,released:TypeError"},
		{"cancel reaches the source", `var rs = new ReadableStream({cancel(r) { log.push("cancel:" + r); }});
			rs.cancel("why").then(v => log.push(v === undefined))`, "cancel:why,true"},
		{"tee", `var rs = new ReadableStream({start(c) { c.enqueue(1); c.enqueue(2); c.close(); }});
			var [a, b] = rs.tee();
			Promise.all([a, b].map(s => collect(s).then(o => o.join("")))).then(x => log.push(x.join("|")))`,
			"12|12"},
		{"no ReadableStream.from, as in Chromium", `log.push(typeof ReadableStream.from)`, "undefined"},
		{"size and desiredSize", `var ctl; new ReadableStream({start(c) { ctl = c; }}, new ByteLengthQueuingStrategy({highWaterMark: 10}));
			log.push(ctl.desiredSize); ctl.enqueue(new Uint8Array(4)); log.push(ctl.desiredSize);
			var cq = new CountQueuingStrategy({highWaterMark: 3}); log.push(cq.highWaterMark, cq.size())`, "10,6,3,1"},
		{"byte stream and BYOB reader", `var rs = new ReadableStream({type: "bytes", start(c) { c.enqueue(new Uint8Array([1, 2, 3, 4, 5])); c.close(); }});
			var r = rs.getReader({mode: "byob"});
			r.read(new Uint8Array(3)).then(x => log.push(Array.from(x.value).join(""), x.done))
			 .then(() => r.read(new Uint8Array(3))).then(x => log.push(Array.from(x.value).join("")))
			 .then(() => r.read(new Uint8Array(3))).then(x => log.push(x.done, x.value.length))`, "123,false,45,true,0"},
		{"writable sink sees writes in order, then close", `var seen = [];
			var ws = new WritableStream({write(c) { return new Promise(r => setTimeout(() => { seen.push(c); r(); }, 5)); }, close() { seen.push("close"); }});
			var w = ws.getWriter(); w.write("a"); w.write("b"); w.close().then(() => log.push(seen.join(), ws.locked))`, "a,b,close,true"},
		{"writer ready follows backpressure", `var release; var ws = new WritableStream({write() { return new Promise(r => release = r); }}, {highWaterMark: 1});
			var w = ws.getWriter(); log.push(w.desiredSize); w.write(1); log.push(w.desiredSize);
			var ready = false; w.ready.then(() => ready = true);
			setTimeout(() => { log.push(ready); release(); setTimeout(() => log.push(ready, w.desiredSize), 0); }, 0)`, "1,0,false,true,1"},
		{"a failing write errors the stream", `var ws = new WritableStream({write() { throw new Error("nope"); }});
			var w = ws.getWriter(); w.write(1).catch(e => log.push("write:" + e.message)); w.closed.catch(e => log.push("closed:" + e.message))`,
			"write:nope,closed:nope"},
		{"abort", `var ws = new WritableStream({abort(r) { log.push("abort:" + r); }});
			ws.getWriter().abort("stop").then(() => log.push("aborted"))`, "abort:stop,aborted"},
		{"transform and pipeThrough", `var rs = of("a", "b");
			var up = new TransformStream({transform(c, ctl) { ctl.enqueue(c.toUpperCase()); }, flush(ctl) { ctl.enqueue("!"); }});
			collect(rs.pipeThrough(up)).then(o => log.push(o.join("")))`, "AB!"},
		{"identity transform", `var t = new TransformStream(); var w = t.writable.getWriter(); w.write(1); w.write(2); w.close();
			collect(t.readable).then(o => log.push(o.join()))`, "1,2"},
		{"pipeTo a sink", `var got = []; of(1, 2, 3).pipeTo(new WritableStream({write(c) { got.push(c); }, close() { got.push("end"); }}))
			.then(() => log.push(got.join()))`, "1,2,3,end"},
		{"pipeTo propagates errors", `var rs = new ReadableStream({start(c) { c.enqueue(1); c.error(new Error("src")); }});
			rs.pipeTo(new WritableStream({abort(r) { log.push("abort:" + r.message); }})).catch(e => log.push("pipe:" + e.message))`,
			"abort:src,pipe:src"},
		{"text streams", `var bytes = new TextEncoder().encode("h\u00e9llo"); var src = new ReadableStream({start(c) { c.enqueue(bytes.slice(0, 2)); c.enqueue(bytes.slice(2)); c.close(); }});
			var es = new TextEncoderStream();
			collect(src.pipeThrough(new TextDecoderStream())).then(o => log.push(o.join("|") + "|")).then(() => {
				var w = es.writable.getWriter(); w.write("\ud83d"); w.write("\ude00"); w.close();
				return collect(es.readable);
			}).then(o => log.push(o.reduce((n, b) => n + b.length, 0), es.encoding))`, "h|\u00e9llo|,4,utf-8"},
		{"async iteration", `var it = of("x", "y")[Symbol.asyncIterator]();
			it.next().then(a => it.next().then(b => it.next().then(c => log.push(a.value, b.value, c.done, it[Symbol.asyncIterator]() === it))))`,
			"x,y,true,true"},
		{"return cancels", `var rs = new ReadableStream({cancel(r) { log.push("cancel:" + r); }}); var it = rs.values();
			it.return("done").then(r => log.push(r.done, rs.locked))`, "cancel:done,true,false"},
		{"compression round trips", `var text = "a".repeat(1000) + "\u00e9";
			Promise.all(["gzip", "deflate", "deflate-raw"].map(f => {
				var rs = new ReadableStream({start(c) { c.enqueue(new TextEncoder().encode(text)); c.close(); }});
				var packed = rs.pipeThrough(new CompressionStream(f));
				return collect(packed).then(chunks => {
					var n = chunks.reduce((a, b) => a + b.length, 0);
					var back = new ReadableStream({start(c) { chunks.forEach(x => c.enqueue(x)); c.close(); }});
					return collect(back.pipeThrough(new DecompressionStream(f)).pipeThrough(new TextDecoderStream()))
						.then(t => f + ":" + (n < 100) + ":" + (t.join("") === text));
				});
			})).then(r => log.push(r.join(" ")))`, "gzip:true:true deflate:true:true deflate-raw:true:true"},
		{"decompress what another compressor made", `var data = [new Uint8Array([31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 203, 72, 205, 201, 201, 87, 72, 175, 202, 44, 0, 0, 25, 106, 210, 223, 10, 0, 0, 0]), new Uint8Array([120, 156, 203, 72, 205, 201, 201, 87, 168, 202, 201, 76, 2, 0, 21, 149, 3, 230])];
			Promise.all([["gzip", data[0]], ["deflate", data[1]]].map(([f, bytes]) =>
				collect(new ReadableStream({start(c) { c.enqueue(bytes); c.close(); }}).pipeThrough(new DecompressionStream(f)).pipeThrough(new TextDecoderStream()))
					.then(t => t.join("")))).then(r => log.push(r.join()))`, "hello gzip,hello zlib"},
		{"compression errors", `try { new CompressionStream("br"); } catch (e) { log.push(e.name); }
			var bad = new ReadableStream({start(c) { c.enqueue(new Uint8Array([1, 2, 3])); c.close(); }});
			collect(bad.pipeThrough(new DecompressionStream("gzip"))).catch(e => log.push("corrupt:" + e.name)).then(() => {
				var junk = new ReadableStream({start(c) { c.enqueue(new Uint8Array([31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 203, 72, 205, 201, 201, 87, 72, 175, 202, 44, 0, 0, 25, 106, 210, 223, 10, 0, 0, 0])); c.enqueue(new Uint8Array([9])); c.close(); }});
				return collect(junk.pipeThrough(new DecompressionStream("gzip"))).catch(e => log.push("junk:" + e.name));
			}).then(() => {
				var cs = new CompressionStream("gzip");
				collect(cs.readable).catch(() => {});
				return cs.writable.getWriter().write("text").catch(e => log.push("string:" + e.name));
			})`, "TypeError,corrupt:TypeError,junk:TypeError,string:TypeError"},
		{"shape", `log.push(typeof ReadableStream, String(new ReadableStream()), Object.getOwnPropertyDescriptor(window, "ReadableStream").enumerable,
			typeof ReadableStream.prototype[Symbol.asyncIterator], ReadableStream.prototype.getReader.length,
			ReadableStream.prototype.pipeTo.length, ReadableStream.length, CountQueuingStrategy.length)`,
			"function,[object ReadableStream],false,function,0,1,0,1"},
		{"Web IDL descriptors", `var d = (o, k) => Object.getOwnPropertyDescriptor(o, k);
			log.push(d(ReadableStream.prototype, "tee").enumerable, d(WritableStreamDefaultWriter.prototype, "write").enumerable,
				d(ReadableStream.prototype, "constructor").enumerable, ReadableStreamDefaultController.length, TransformStreamDefaultController.length);
			d(WritableStreamDefaultWriter.prototype, "ready").get.call({}).catch(e => log.push("ready:" + e.name))`,
			"true,true,false,0,0,ready:TypeError"},
		{"brand checks", `try { ReadableStream.prototype.getReader.call({}); } catch (e) { log.push(e.name); }
			ReadableStream.prototype.cancel.call({}).catch(e => log.push(e.name)); try { new ReadableStreamDefaultController(); } catch (e) { log.push(e.name); }`,
			"TypeError,TypeError,TypeError"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rt, l := newPage(t)
			realm := realmOf(t, rt)
			if err := InstallEncoding(realm, rt.GlobalObject()); err != nil {
				t.Fatal(err)
			}
			rt.Set("window", rt.GlobalObject())
			if err := InstallStreams(realm, rt.GlobalObject()); err != nil {
				t.Fatal(err)
			}
			if _, err := rt.RunString(collectJS + tc.src); err != nil {
				t.Fatal(err)
			}
			if _, err := l.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			got, _ := rt.RunString(`log.join()`)
			if got.String() != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// collectJS defines log, of(...chunks), a stream of the chunks, and
// collect(stream), which reads a stream to the end with a reader (goja
// parses no for await).
const collectJS = `var log = [];
function of(...chunks) { return new ReadableStream({start(c) { chunks.forEach(x => c.enqueue(x)); c.close(); }}); }
function collect(s) {
  var r = s.getReader(), out = [];
  var step = () => r.read().then(x => { if (x.done) { r.releaseLock(); return out; } out.push(x.value); return step(); });
  return step();
}
`

// BenchmarkInstallStreams is the per-page cost of defining the streams
// (placeholders) and of a page's first use of them.
func BenchmarkInstallStreams(b *testing.B) {
	for _, use := range []bool{false, true} {
		b.Run(map[bool]string{false: "unused", true: "used"}[use], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				rt, realm := newRealm(b)
				b.StartTimer()
				if err := InstallStreams(realm, rt.GlobalObject()); err != nil {
					b.Fatal(err)
				}
				if use {
					rt.Get("ReadableStream")
				}
			}
		})
	}
}
