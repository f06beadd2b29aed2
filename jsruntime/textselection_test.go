package jsruntime

import "testing"

// The expectations are Chromium's (a page running the same lines).
func TestTextSelection(t *testing.T) {
	const pre = `function st(e) { return [e.selectionStart, e.selectionEnd, e.selectionDirection].join() }
		function inp(v) { var e = document.createElement("input"); e.value = v; return e }
		function tr(f) { try { return String(f()) } catch (x) { return x.name } }
		`
	runEvalCases(t, []evalCase{
		{name: "parsed fields start at 0", markup: `<input id="i" value="abc"><textarea id="t">line1
line2</textarea>`, js: pre + `[st(i), st(t)].join("|")`, want: "0,0,forward|0,0,forward"},
		{name: "value setter moves to the end", js: pre + `var e = inp("hello"); var a = st(e); e.setSelectionRange(1, 2, "backward");
			e.value = "hello"; var b = st(e); e.value = "hey"; [a, b, st(e)].join("|")`,
			want: "5,5,forward|1,2,backward|3,3,forward"},
		{name: "setSelectionRange", js: pre + `var e = inp("hello"); var r = [];
			for (var a of [[1,3], [1,3,"backward"], [1,3,"bogus"], [1,3,"none"], [3,1], [10,20], [-1,2], [null,null]]) { e.setSelectionRange(...a); r.push(st(e)) }
			r.join("|")`,
			want: "1,3,forward|1,3,backward|1,3,forward|1,3,forward|1,1,forward|5,5,forward|2,2,forward|0,0,forward"},
		{name: "start, end and direction setters", js: pre + `var e = inp("hello"); var r = [];
			e.setSelectionRange(1, 2, "backward"); e.selectionStart = 4; r.push(st(e));
			e.setSelectionRange(2, 4, "backward"); e.selectionStart = 1; r.push(st(e));
			e.setSelectionRange(2, 4); e.selectionStart = null; r.push(st(e));
			e.setSelectionRange(2, 4, "backward"); e.selectionEnd = 1; r.push(st(e));
			e.setSelectionRange(2, 4, "backward"); e.selectionEnd = 9; r.push(st(e));
			e.setSelectionRange(2, 4); e.selectionDirection = "backward"; r.push(st(e));
			e.selectionDirection = "xx"; r.push(st(e));
			e.select(); r.push(st(e)); r.join("|")`,
			want: "4,4,backward|1,4,backward|0,4,forward|1,1,backward|2,5,backward|2,4,backward|2,4,forward|0,5,forward"},
		{name: "UTF-16 offsets", js: pre + `var e = inp("a\u{1F600}b"); var a = st(e); e.setSelectionRange(1, 3); [a, st(e)].join("|")`,
			want: "4,4,forward|1,3,forward"},
		{name: "types without a selection", js: pre + `var r = [];
			for (var ty of ["text", "search", "url", "tel", "password", "email", "number", "checkbox", "date", "hidden", "color", "range", "file", "button"]) {
				var e = document.createElement("input"); e.type = ty; var x = [st(e)];
				for (var f of [() => e.selectionStart = 1, () => e.selectionEnd = 1, () => e.selectionDirection = "forward", () => e.setSelectionRange(0, 0), () => e.setRangeText("x"), () => e.select()]) x.push(tr(f));
				r.push(ty + ":" + x.join())
			} r.join("|")`,
			want: "text:0,0,forward,1,1,forward,undefined,undefined,undefined|search:0,0,forward,1,1,forward,undefined,undefined,undefined|url:0,0,forward,1,1,forward,undefined,undefined,undefined|" +
				"tel:0,0,forward,1,1,forward,undefined,undefined,undefined|password:0,0,forward,1,1,forward,undefined,undefined,undefined|" +
				"email:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined|" +
				"number:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined|" +
				"checkbox:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined|" +
				"date:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined|" +
				"hidden:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined|" +
				"color:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined|" +
				"range:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined|" +
				"file:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined|" +
				"button:,,,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,InvalidStateError,undefined"},
		{name: "setRangeText modes", js: pre + `var r = [];
			var e = inp("hello world"); e.setSelectionRange(2, 4); e.setRangeText("XY"); r.push(e.value + ":" + st(e));
			for (var m of ["select", "start", "end", "preserve", undefined]) {
				e = inp("hello world"); e.setSelectionRange(2, 8); e.setRangeText("XY", 3, 5, m); r.push(e.value + ":" + st(e));
				e = inp("hello world"); e.setSelectionRange(4, 4); e.setRangeText("ABCD", 1, 2, m); r.push(e.value + ":" + st(e));
			}
			e = inp("hello"); e.setRangeText("x", 10, 20); r.push(e.value + ":" + st(e));
			r.join("|")`,
			want: "heXYo world:2,4,forward|helXY world:3,5,forward|hABCDllo world:1,5,forward|helXY world:3,3,forward|hABCDllo world:1,1,forward|" +
				"helXY world:5,5,forward|hABCDllo world:5,5,forward|helXY world:2,8,forward|hABCDllo world:7,7,forward|" +
				"helXY world:2,8,forward|hABCDllo world:7,7,forward|hellox:5,5,forward"},
		{name: "setRangeText errors", js: pre + `var e = inp("hello");
			[tr(() => e.setRangeText("x", 1, 2, "bogus")), tr(() => e.setRangeText("x", 3, 1)), tr(() => e.setRangeText("x", 1)), tr(() => e.setRangeText())].join()`,
			want: "TypeError,IndexSizeError,TypeError,TypeError"},
		{name: "sanitized and normalized values", js: pre + `var r = [];
			var t = document.createElement("textarea"); t.value = "a\r\nb"; r.push(st(t)); t.setSelectionRange(0, 10); r.push(st(t), t.value.length);
			t = document.createElement("textarea"); t.value = "abc"; t.setRangeText("\r\n", 1, 2, "select"); r.push(escape(t.value), st(t));
			var e = inp("abc"); e.setRangeText("x\ny", 1, 2, "select"); r.push(e.value, st(e));
			e = inp(" a\nb "); r.push(escape(e.value), st(e)); r.join("|")`,
			want: "3,3,forward|0,3,forward|3|a%0Ac|1,3,forward|axyc|1,4,forward|%20ab%20|4,4,forward"},
		{name: "default value changes", js: pre + `var r = [];
			var e = document.createElement("input"); e.setAttribute("value", "hello"); e.setSelectionRange(1, 2); e.setAttribute("value", "hi"); r.push(st(e));
			e.setAttribute("value", "h"); r.push(st(e));
			var t = document.createElement("textarea"); t.textContent = "hello"; t.setSelectionRange(1, 2); t.textContent = "hi"; r.push(st(t));
			r.join("|")`,
			want: "1,2,forward|1,1,forward|0,0,forward"},
		{name: "type changes and clones", js: pre + `var r = [];
			var e = inp("hello"); e.setSelectionRange(1, 3); e.type = "password"; r.push(st(e)); e.type = "number"; r.push(st(e)); e.type = "text"; r.push(st(e));
			e = inp("hello"); e.setSelectionRange(1, 3); r.push(st(e.cloneNode()));
			r.join("|")`,
			want: "1,3,forward|,,|0,0,forward|0,0,forward"},
	})
}

// TestTextSelectionEvents: a select event per call that changes the
// selection (queued, bubbling, not cancelable); one selectionchange at the
// element per task however many changes.
func TestTextSelectionEvents(t *testing.T) {
	p := newPage(t, `<!doctype html><body><input id="i" value="hello"><textarea id="t">abc</textarea></body>`, nil)
	p.run()
	p.eval(`var ev = [], i = document.getElementById("i"), t = document.getElementById("t");
		function st(e) { return [e.selectionStart, e.selectionEnd].join() }
		for (var el of [i, t]) {
			el.addEventListener("select", function (x) { ev.push(this.id + " select " + x.bubbles + x.cancelable + " " + st(this)) });
			el.addEventListener("selectionchange", function (x) { ev.push(this.id + " selectionchange " + x.bubbles) });
		}
		document.addEventListener("selectionchange", function (x) { ev.push("document saw " + x.target.id) });
		i.setSelectionRange(1, 2); i.setSelectionRange(1, 3); ev.push("sync")`)
	p.run()
	p.eval(`ev.push("unchanged"); i.setSelectionRange(1, 3); t.select(); t.select()`)
	p.run()
	p.eval(`ev.push("value"); i.value = "zz"`)
	p.run()
	p.eval(`ev.push("detached"); var d = document.createElement("input"); d.value = "abc"; d.id = "d";
		d.addEventListener("select", () => ev.push("d select")); d.setSelectionRange(0, 1)`)
	p.run()
	got := p.eval(`ev.join("\n")`)
	want := `sync
i selectionchange true
document saw i
i select truefalse 1,3
i select truefalse 1,3
unchanged
t selectionchange true
document saw t
t select truefalse 0,3
value
i selectionchange true
document saw i
detached
d select`
	if got != want {
		t.Errorf("events:\n%s\nwant:\n%s", got, want)
	}
	p.noErrors()
}
