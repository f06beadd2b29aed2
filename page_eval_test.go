package bangsnap_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bangsnap/bangsnap"
)

func TestPageEvalExport(t *testing.T) {
	ctx := context.Background()
	page := openHTML(t, `<!doctype html><title>T</title><p>x</p>`, bangsnap.Options{Deterministic: true})
	tests := []struct {
		js   string
		want any
	}{
		{`null`, nil},
		{`true`, true},
		{`1.5`, 1.5},
		{`2 ** 40`, int64(1 << 40)},
		{`"é"`, "é"},
		{`({a: [1, {b: null}], c: "d"})`, map[string]any{"a": []any{int64(1), map[string]any{"b": nil}}, "c": "d"}},
		{`var x = {}; [x, x]`, []any{map[string]any{}, map[string]any{}}}, // shared, not cyclic
		{`[, 2]`, []any{nil, int64(2)}},
		{`new Date(0)`, time.Unix(0, 0)},
		{`new Uint8Array([1, 2])`, []uint8{1, 2}},
		{`new Uint8Array([3, 4]).buffer`, []byte{3, 4}},
		{`new TypeError("boom")`, "TypeError: boom"},
		{`Object.create(null)`, map[string]any{}},
		{`Promise.resolve([7])`, []any{int64(7)}},
	}
	for _, tt := range tests {
		got, err := page.Eval(ctx, tt.js)
		if err != nil {
			t.Errorf("Eval(%s): %v", tt.js, err)
			continue
		}
		if d, ok := got.(time.Time); ok {
			if !d.Equal(tt.want.(time.Time)) {
				t.Errorf("Eval(%s) = %v", tt.js, d)
			}
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Eval(%s) = %#v, want %#v", tt.js, got, tt.want)
		}
	}
}

// TestPageEvalHostile: values a page can make that a plain export would
// turn into a hang or an out-of-memory crash of the test process.
func TestPageEvalHostile(t *testing.T) {
	ctx := context.Background()
	page := openHTML(t, `<!doctype html><p>x</p>`, bangsnap.Options{Deterministic: true, Timeout: 2 * time.Second})
	tests := []struct{ js, want string }{
		{`var a = []; a.length = 2 ** 32 - 1; a`, "array of 4294967295 elements"},
		{`var o = {}; o.self = o; o`, "result.self: the value is cyclic"},
		{`var a = [1]; a.push(a); a`, "result[1]: the value is cyclic"},
		{`new Proxy({}, {ownKeys: function () { for (;;) {} }})`, "a Proxy"},
		{`(function () {})`, "a function"},
		{`new Map([[1, 2]])`, "cannot export result"},
		{`new Set([1])`, "cannot export result"},
		{`var d = []; for (var i = 0; i < 200; i++) d = [d]; d`, "nested more than 100 deep"},
		{`var w = [0]; for (var i = 0; i < 30; i++) w = [w, w]; w`, "more than 2097152 values"},
		{`new Uint8Array(2 ** 24)`, "typed array of 16777216 elements"},
		{`({get x() { throw new Error("getter") }})`, "getter"},
	}
	for _, tt := range tests {
		_, err := page.Eval(ctx, tt.js)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Eval(%s): %v, want an error with %q", tt.js, err, tt.want)
		}
	}
	var ee *bangsnap.ExportError
	if _, err := page.Eval(ctx, `var o = {}; o.o = o; o`); !errors.As(err, &ee) || ee.Path != "result.o" {
		t.Errorf("cyclic export error: %#v", err)
	}
	// A getter that never returns is stopped by the wall budget.
	if _, err := page.Eval(ctx, `({get x() { for (;;) {} }})`); err == nil {
		t.Error("a runaway getter exported")
	}
	if got, err := page.Eval(ctx, `document.querySelectorAll("p").length`); err != nil || got != int64(1) {
		t.Errorf("the page after the hostile values: %v, %v", got, err)
	}
}

func TestPageEvalInto(t *testing.T) {
	ctx := context.Background()
	page := openHTML(t, `<!doctype html><ul><li>a<li>b</ul>`, bangsnap.Options{})
	var items []struct {
		Text  string `json:"text"`
		Index int    `json:"index"`
	}
	err := page.EvalInto(ctx, `[].map.call(document.querySelectorAll("li"), function (li, i) { return {text: li.textContent, index: i} })`, &items)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[1].Text != "b" || items[1].Index != 1 {
		t.Errorf("items %+v", items)
	}
	var n int
	if err := page.EvalInto(ctx, `"not a number"`, &n); err == nil {
		t.Error("a string decoded into an int")
	}
}
