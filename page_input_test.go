package bangsnap_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap"
)

// formPage is a page that logs every input event its controls get.
const formPage = `<!doctype html><title>Form</title>
<form id="f">
  <input id="q" name="q">
  <textarea id="t"></textarea>
  <select id="s"><option value="a">A</option><option value="b">B</option><option value="c" disabled>C</option></select>
  <select id="m" multiple><option value="x" selected>X</option><option value="y">Y</option><option value="z">Z</option></select>
  <input id="c" type="checkbox"><input id="r1" type="radio" name="r"><input id="r2" type="radio" name="r">
  <input id="off" disabled><fieldset disabled><input id="inset"></fieldset>
  <button id="go" type="submit">Go</button>
</form>
<div id="plain" tabindex="0">plain</div>
<input id="lone">
<script>
var log = [];
["pointerdown", "mousedown", "pointerup", "mouseup", "click", "focus", "blur", "keydown", "keypress", "beforeinput",
 "input", "keyup", "change", "submit", "mouseover", "mouseenter", "mousemove", "mouseout", "mouseleave", "pointerout",
 "pointerleave", "pointerover", "pointerenter", "pointermove"].forEach(function (type) {
  document.addEventListener(type, function (e) {
    var t = e.target.id || e.target.localName || "doc";
    var extra = e.key !== undefined && /^key/.test(type) ? ":" + e.key + (type === "keypress" ? "/" + e.charCode : "/" + e.keyCode)
      : type === "input" || type === "beforeinput" ? ":" + e.inputType + "=" + e.target.value : "";
    log.push(type + "@" + t + extra);
  }, true);
});
document.getElementById("f").addEventListener("submit", function (e) { e.preventDefault(); });
function take() { var s = log.join(" "); log = []; return s; }
</script>`

func openForm(t *testing.T) *bangsnap.Page {
	t.Helper()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, formPage)
	})
	page, err := bangsnap.Open(context.Background(), "http://form.test/", bangsnap.Options{Handler: h, Deterministic: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { page.Close() })
	return page
}

// TestPageInputEvents checks each action's events and their order against
// what Chromium fires for the same user input.
func TestPageInputEvents(t *testing.T) {
	tests := []struct {
		name  string
		do    func(context.Context, *bangsnap.Page) error
		want  string
		check string // a JS expression, then its expected value
		value string
	}{
		{
			name: "type",
			do:   func(ctx context.Context, p *bangsnap.Page) error { return p.Type(ctx, "#q", "hi") },
			want: "focus@q keydown@q:h/72 keypress@q:h/104 beforeinput@q:insertText= input@q:insertText=h keyup@q:h/72 " +
				"keydown@q:i/73 keypress@q:i/105 beforeinput@q:insertText=h input@q:insertText=hi keyup@q:i/73 change@q",
			check: `q.value`, value: "hi",
		},
		{
			name: "type into a textarea with a newline",
			do:   func(ctx context.Context, p *bangsnap.Page) error { return p.Type(ctx, "#t", "a\nb") },
			want: "focus@t keydown@t:a/65 keypress@t:a/97 beforeinput@t:insertText= input@t:insertText=a keyup@t:a/65 " +
				"keydown@t:Enter/13 keypress@t:Enter/13 beforeinput@t:insertLineBreak=a input@t:insertLineBreak=a\n keyup@t:Enter/13 " +
				"keydown@t:b/66 keypress@t:b/98 beforeinput@t:insertText=a\n input@t:insertText=a\nb keyup@t:b/66 change@t",
			check: `t.value`, value: "a\nb",
		},
		{
			name: "click",
			do:   func(ctx context.Context, p *bangsnap.Page) error { return p.Click(ctx, "#plain") },
			want: "pointerover@plain pointerenter@doc pointerenter@html pointerenter@body pointerenter@plain mouseover@plain mouseenter@doc " +
				"mouseenter@html mouseenter@body mouseenter@plain pointermove@plain mousemove@plain pointerdown@plain mousedown@plain focus@plain " +
				"pointerup@plain mouseup@plain click@plain",
			check: `document.activeElement.id`, value: "plain",
		},
		{
			name: "check",
			do:   func(ctx context.Context, p *bangsnap.Page) error { return p.Check(ctx, "#c") },
			want: "pointerover@c pointerenter@doc pointerenter@html pointerenter@body pointerenter@f pointerenter@c mouseover@c mouseenter@doc " +
				"mouseenter@html mouseenter@body mouseenter@f mouseenter@c pointermove@c mousemove@c pointerdown@c mousedown@c focus@c " +
				"pointerup@c mouseup@c click@c input@c:undefined=on change@c",
			check: `c.checked`, value: "true",
		},
		{
			name:  "select",
			do:    func(ctx context.Context, p *bangsnap.Page) error { return p.Select(ctx, "#s", "b") },
			want:  "input@s:undefined=b change@s",
			check: `s.value`, value: "b",
		},
		{
			name:  "select several",
			do:    func(ctx context.Context, p *bangsnap.Page) error { return p.Select(ctx, "#m", "y", "z") },
			want:  "input@m:undefined=y change@m",
			check: `[].map.call(m.selectedOptions, function (o) { return o.value }).join()`, value: "y,z",
		},
		{
			name: "hover",
			do:   func(ctx context.Context, p *bangsnap.Page) error { return p.Hover(ctx, "#plain") },
			want: "pointerover@plain pointerenter@doc pointerenter@html pointerenter@body pointerenter@plain " +
				"mouseover@plain mouseenter@doc mouseenter@html mouseenter@body mouseenter@plain pointermove@plain mousemove@plain",
			check: `1`, value: "1",
		},
		{
			name: "hover from one element to another",
			do: func(ctx context.Context, p *bangsnap.Page) error {
				if err := p.Hover(ctx, "#q"); err != nil {
					return err
				}
				if _, err := p.Eval(ctx, "take()"); err != nil {
					return err
				}
				return p.Hover(ctx, "#plain")
			},
			want: "pointerout@q pointerleave@q pointerleave@f pointerover@plain pointerenter@plain " +
				"mouseout@q mouseleave@q mouseleave@f mouseover@plain mouseenter@plain pointermove@plain mousemove@plain",
			check: `1`, value: "1",
		},
		{
			name: "enter submits implicitly",
			do: func(ctx context.Context, p *bangsnap.Page) error {
				if err := p.Focus(ctx, "#q"); err != nil {
					return err
				}
				return p.Press(ctx, "Enter")
			},
			want:  "focus@q keydown@q:Enter/13 keypress@q:Enter/13 click@go submit@f keyup@q:Enter/13",
			check: `1`, value: "1",
		},
		{
			name: "tab moves the focus in order",
			do: func(ctx context.Context, p *bangsnap.Page) error {
				if err := p.Focus(ctx, "#c"); err != nil {
					return err
				}
				for range 3 {
					if err := p.Press(ctx, "Tab"); err != nil {
						return err
					}
				}
				return nil
			},
			// One stop for the radio group; #off and the input in the
			// disabled fieldset are skipped; keyup goes to the new focus.
			want: "focus@c keydown@c:Tab/9 blur@c focus@r1 keyup@r1:Tab/9 keydown@r1:Tab/9 blur@r1 focus@go keyup@go:Tab/9 " +
				"keydown@go:Tab/9 blur@go focus@plain keyup@plain:Tab/9",
			check: `document.activeElement.id`, value: "plain",
		},
		{
			name: "backspace and escape",
			do: func(ctx context.Context, p *bangsnap.Page) error {
				if err := p.Type(ctx, "#q", "ab"); err != nil {
					return err
				}
				if _, err := p.Eval(ctx, "take()"); err != nil {
					return err
				}
				if err := p.Press(ctx, "Backspace"); err != nil {
					return err
				}
				return p.Press(ctx, "Escape")
			},
			want: "keydown@q:Backspace/8 beforeinput@q:deleteContentBackward=ab input@q:deleteContentBackward=a keyup@q:Backspace/8 " +
				"keydown@q:Escape/27 keyup@q:Escape/27",
			check: `q.value`, value: "a",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			page := openForm(t)
			if err := tt.do(ctx, page); err != nil {
				t.Fatal(err)
			}
			got, err := page.Eval(ctx, "take()")
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("events\n got %q\nwant %q", got, tt.want)
			}
			v, err := page.Eval(ctx, "String("+tt.check+")")
			if err != nil || v != tt.value {
				t.Errorf("%s = %v (%v), want %q", tt.check, v, err, tt.value)
			}
		})
	}
}

func TestPageInputErrors(t *testing.T) {
	ctx := context.Background()
	page := openForm(t)
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"click missing", page.Click(ctx, "#nope"), bangsnap.ErrNotFound},
		{"click bad selector", page.Click(ctx, "#("), bangsnap.ErrBadSelector},
		{"type disabled", page.Type(ctx, "#off", "x"), bangsnap.ErrDisabled},
		{"type in disabled fieldset", page.Type(ctx, "#inset", "x"), bangsnap.ErrDisabled},
		{"type into a div", page.Type(ctx, "#plain", "x"), bangsnap.ErrNotAllowed},
		{"select a div", page.Select(ctx, "#plain", "a"), bangsnap.ErrNotAllowed},
		{"select a missing value", page.Select(ctx, "#s", "zz"), bangsnap.ErrNotFound},
		{"select a disabled option", page.Select(ctx, "#s", "c"), bangsnap.ErrNotFound},
		{"two values for a single select", page.Select(ctx, "#s", "a", "b"), bangsnap.ErrNotAllowed},
		{"check a text field", page.Check(ctx, "#q"), bangsnap.ErrNotAllowed},
		{"uncheck a radio", page.Uncheck(ctx, "#r1"), bangsnap.ErrNotAllowed},
		{"wait bad selector", waitErr(page.WaitFor(ctx, "p[")), bangsnap.ErrBadSelector},
	}
	for _, tt := range tests {
		if !errors.Is(tt.err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, tt.err, tt.want)
		}
	}
	if err := page.Press(ctx, "NotAKey"); err == nil {
		t.Error("an unknown key name was accepted")
	}
	if v, _ := page.Eval(ctx, `s.value + q.value`); v != "a" {
		t.Errorf("a failed action changed the page: %v", v)
	}
	page.Close()
	closed := []error{
		page.Type(ctx, "#q", "x"), page.Press(ctx, "a"), page.Select(ctx, "#s", "b"), page.Check(ctx, "#c"),
		page.Uncheck(ctx, "#c"), page.Focus(ctx, "#q"), page.Hover(ctx, "#q"), page.Advance(ctx, 1),
		waitErr(page.WaitFor(ctx, "p")), page.Submit(ctx, "#f"), page.WaitIdle(ctx),
	}
	for i, err := range closed {
		if !errors.Is(err, bangsnap.ErrClosed) {
			t.Errorf("action %d after Close: %v", i, err)
		}
	}
}

func TestPageTypeMaxLength(t *testing.T) {
	ctx := context.Background()
	page := openForm(t)
	if _, err := page.Eval(ctx, `q.maxLength = 3`); err != nil {
		t.Fatal(err)
	}
	if err := page.Type(ctx, "#q", "abcdef"); err != nil {
		t.Fatal(err)
	}
	if got := page.Query("#q").Value(); got != "abc" {
		t.Errorf("value %q past maxlength 3", got)
	}
	if got, _ := page.Eval(ctx, `log.filter(function (e) { return /^input@/.test(e) }).length`); got != int64(3) {
		t.Errorf("%v input events, want 3", got)
	}
}

func waitErr(_ *bangsnap.Element, err error) error { return err }

// TestPageCanceledKeys: a page canceling keydown keeps the character out,
// as in a browser (input masks do this).
func TestPageCanceledKeys(t *testing.T) {
	ctx := context.Background()
	page := openForm(t)
	if _, err := page.Eval(ctx, `q.addEventListener("keydown", function (e) { if (!/[0-9]/.test(e.key)) e.preventDefault() })`); err != nil {
		t.Fatal(err)
	}
	if err := page.Type(ctx, "#q", "a1b2"); err != nil {
		t.Fatal(err)
	}
	if got := page.Query("#q").Value(); got != "12" {
		t.Errorf("value %q, want the digits only", got)
	}
	if got, _ := page.Eval(ctx, `take()`); !strings.Contains(got.(string), "keydown@q:a/65 keyup@q:a/65") {
		t.Errorf("a canceled keydown still fired keypress or input: %v", got)
	}
}

// TestPageActionsAreTrusted checks that the events of the actions are
// trusted, as a user's input is in Chromium, while events the page
// dispatches itself, even from a listener of a trusted one, are not, and
// that the trusted dispatcher stays out of the page's reach.
func TestPageActionsAreTrusted(t *testing.T) {
	page := openForm(t)
	ctx := context.Background()
	if _, err := page.Eval(ctx, `
		window.trust = {yes: 0, no: []};
		["pointerdown", "mousedown", "pointerup", "mouseup", "click", "keydown", "keypress", "beforeinput", "input",
		 "keyup", "change", "mouseover", "mouseenter", "mousemove", "echo"].forEach(function (type) {
			document.addEventListener(type, function (e) {
				if (e.isTrusted) trust.yes++; else trust.no.push(type + "@" + (e.target.id || e.target.localName));
			}, true);
		});
		document.addEventListener("pointerdown", function (e) {
			trust.down = [e.constructor.name, e.pointerId, e.pointerType, e.isPrimary, e.button, e.buttons, e.detail].join();
		});
		document.addEventListener("click", function (e) {
			trust.clicked = [e.constructor.name, e.pointerId, e.pointerType, e.isPrimary, e.button, e.buttons, e.detail].join();
		});
		document.getElementById("c").addEventListener("click", function () {
			this.dispatchEvent(new CustomEvent("echo", {bubbles: true}));
		});
		Object.keys(window).length`); err != nil {
		t.Fatal(err)
	}
	before, err := page.Eval(ctx, `Object.getOwnPropertyNames(window).length`)
	if err != nil {
		t.Fatal(err)
	}
	actions := []func() error{
		func() error { return page.Click(ctx, "#c") },
		func() error { return page.Type(ctx, "#q", "ab") },
		func() error { return page.Press(ctx, "Enter") },
		func() error { return page.Select(ctx, "#s", "b") },
		func() error { return page.Hover(ctx, "#plain") },
		func() error { return page.Check(ctx, "#r1") },
	}
	for i, act := range actions {
		if err := act(); err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
	}
	got, err := page.Eval(ctx, `JSON.stringify({yes: trust.yes > 30, no: trust.no, checked: c.checked && r1.checked, down: trust.down, clicked: trust.clicked})`)
	if err != nil {
		t.Fatal(err)
	}
	// The pointer fields are Chromium's for a mouse click.
	if want := `{"yes":true,"no":["echo@c"],"checked":true,"down":"PointerEvent,1,mouse,true,0,1,0","clicked":"PointerEvent,1,mouse,false,0,0,1"}`; got != want {
		t.Errorf("trusted events: got %s, want %s", got, want)
	}
	after, err := page.Eval(ctx, `Object.getOwnPropertyNames(window).length`)
	if err != nil {
		t.Fatal(err)
	}
	if before != after {
		t.Errorf("the actions left %v globals behind (%v before)", after, before)
	}
}

// TestPageFocusVisible: :focus-visible follows the user's input modality as
// in Chromium: a button script focuses shows its focus before any input and
// after a key press, not after a click; a text field always does.
func TestPageFocusVisible(t *testing.T) {
	ctx := context.Background()
	page := openForm(t)
	visible := func(js string) any {
		t.Helper()
		v, err := page.Eval(ctx, js+`; var v = document.querySelector(":focus-visible"); v ? v.id : ""`)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if got := visible(`go.focus()`); got != "go" {
		t.Errorf("before any input, a focused button: %v, want go", got)
	}
	if err := page.Click(ctx, "#c"); err != nil {
		t.Fatal(err)
	}
	if got := visible(`go.focus()`); got != "" {
		t.Errorf("after a click, a focused button: %v, want none", got)
	}
	if got := visible(`q.focus()`); got != "q" {
		t.Errorf("after a click, a focused text field: %v, want q", got)
	}
	if err := page.Press(ctx, "ArrowDown"); err != nil {
		t.Fatal(err)
	}
	if got := visible(`go.focus()`); got != "go" {
		t.Errorf("after a key press, a focused button: %v, want go", got)
	}
}
