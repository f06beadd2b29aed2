package dom

import (
	"math/rand"

	"golang.org/x/net/html/atom"
	"strings"
	"testing"
)

func TestFormStateMarkup(t *testing.T) {
	tests := []struct {
		name, html string
		set        func(d *Document)
		want       string // the body's markup with FormState
	}{
		{"untouched controls are written as parsed",
			`<input type=checkbox checked><input value=a><select><option>x<option>y</select><textarea>t</textarea>`,
			func(*Document) {},
			`<input type="checkbox" checked=""><input value="a"><select><option>x</option><option>y</option></select><textarea>t</textarea>`},
		{"checkedness set by script",
			`<input type=checkbox id=a checked><input type=checkbox id=b>`,
			func(d *Document) { q(d, "#a").SetChecked(false); q(d, "#b").SetChecked(true) },
			`<input type="checkbox" id="a"><input type="checkbox" id="b" checked="">`},
		{"a radio group's checked one moves",
			`<input type=radio name=r checked id=a><input type=radio name=r id=b>`,
			func(d *Document) { q(d, "#b").SetChecked(true) },
			`<input type="radio" name="r" id="a"><input type="radio" name="r" id="b" checked="">`},
		{"of two parsed checked radios the later one is written",
			`<input type=radio name=r checked><input type=radio name=r checked id=b>`,
			func(*Document) {},
			`<input type="radio" name="r"><input type="radio" name="r" checked="" id="b">`},
		{"a typed value replaces the value attribute in place",
			`<input value="old" name=q><input type=search>`,
			func(d *Document) { _ = q(d, "input").SetValue(`a "b" & <c>`); _ = q(d, "[type=search]").SetValue("s") },
			`<input value="a &quot;b&quot; &amp; &lt;c&gt;" name="q"><input type="search" value="s">`},
		{"never a password",
			`<input type=password value=x>`,
			func(d *Document) { _ = q(d, "input").SetValue("secret") },
			`<input type="password" value="x">`},
		{"a selected option",
			`<select><option selected>a<option>b</select>`,
			func(d *Document) { _ = q(d, "select").SetValue("b") },
			`<select><option>a</option><option selected="">b</option></select>`},
		{"the default first option is left as it is",
			`<select><option>a<option selected>b</select>`,
			func(d *Document) { q(d, "option:nth-child(2)").SetSelected(false) },
			`<select><option>a</option><option>b</option></select>`},
		{"a textarea's value is its text",
			`<textarea>old</textarea><textarea id=b></textarea>`,
			func(d *Document) {
				_ = q(d, "textarea").SetValue("new </textarea> & more")
				_ = q(d, "#b").SetValue("\nline")
			},
			"<textarea>new &lt;/textarea&gt; &amp; more</textarea><textarea id=\"b\">\n\nline</textarea>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustParse(t, "<body>"+tt.html)
			tt.set(d)
			var b strings.Builder
			if err := WriteInnerHTML(&b, d.Body(), SerializeOptions{FormState: true}); err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != tt.want {
				t.Errorf("markup\n got %s\nwant %s", got, tt.want)
			}
			var plain strings.Builder
			if err := WriteInnerHTML(&plain, d.Body(), SerializeOptions{}); err != nil {
				t.Fatal(err)
			}
			if plain.String() != d.Body().InnerHTML() {
				t.Errorf("without FormState the markup is not innerHTML's")
			}
		})
	}
}

// TestFormStateRoundTrip sets random states on a form's controls and
// checks that parsing the FormState markup gives controls in the same
// states.
func TestFormStateRoundTrip(t *testing.T) {
	const page = `<body><form>
<input type=checkbox name=c1><input type=checkbox name=c2 checked>
<input type=radio name=r value=1><input type=radio name=r value=2 checked><input type=radio name=r value=3>
<input name=t value=x><input type=email><input type=number value=3>
<select name=s><option>a<option selected>b<option>c</select>
<select name=m multiple><option>a<option selected>b<option>c</select>
<textarea>text</textarea></form>`
	values := []string{"", "v", "\nlead", "a\"<&>b", "12"}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		d := mustParse(t, page)
		controls := qAll(t, d)
		for range 1 + rng.Intn(6) {
			c := controls[rng.Intn(len(controls))]
			switch {
			case c.Is(atom.Option):
				c.SetSelected(rng.Intn(2) == 0)
			case c.InputType() == "checkbox" || c.InputType() == "radio":
				c.SetChecked(rng.Intn(2) == 0)
			default:
				_ = c.SetValue(values[rng.Intn(len(values))])
			}
		}
		var b strings.Builder
		if err := WriteHTML(&b, &d.Node, SerializeOptions{FormState: true}); err != nil {
			t.Fatal(err)
		}
		d2 := mustParse(t, b.String())
		again := qAll(t, d2)
		for j, c := range controls {
			c2 := again[j]
			if c.Checked() != c2.Checked() || c.Value() != c2.Value() || c.Is(atom.Option) && c.Selected() != c2.Selected() {
				t.Fatalf("round %d: control %d (%s) is checked=%v value=%q selected=%v, after the round trip checked=%v value=%q selected=%v\n%s",
					i, j, c.OuterHTML(), c.Checked(), c.Value(), c.Selected(), c2.Checked(), c2.Value(), c2.Selected(), b.String())
			}
		}
	}
}

func qAll(t *testing.T, d *Document) []*Node {
	t.Helper()
	all, err := d.QuerySelectorAll("input, option, textarea")
	if err != nil {
		t.Fatal(err)
	}
	return all
}
