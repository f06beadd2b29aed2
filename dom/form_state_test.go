package dom

import "testing"

func TestFormControlState(t *testing.T) {
	tests := []struct {
		name, html string
		run        func(d *Document) any
		want       any
	}{
		{"range default", `<input type=range>`, func(d *Document) any { return q(d, "input").Value() }, "50"},
		{"range clamped", `<input type=range min=10 max=20 value=500>`, func(d *Document) any { return q(d, "input").Value() }, "20"},
		{"range set clamped", `<input type=range>`, func(d *Document) any {
			_ = q(d, "input").SetValue("-3")
			return q(d, "input").Value()
		}, "0"},
		{"date invalid day", `<input type=date value=2024-02-30>`, func(d *Document) any { return q(d, "input").Value() }, ""},
		{"date valid", `<input type=date value=2024-02-03>`, func(d *Document) any { return q(d, "input").Value() }, "2024-02-03"},
		{"time", `<input type=time value=10:30>`, func(d *Document) any { return q(d, "input").Value() }, "10:30"},
		{"color bad hex", `<input type=color value=#12345g>`, func(d *Document) any { return q(d, "input").Value() }, "#000000"},
		{"later checked radio wins", `<input type=radio name=r checked><input type=radio name=r checked id=b>`, func(d *Document) any {
			return [2]bool{q(d, "input").Checked(), q(d, "#b").Checked()}
		}, [2]bool{false, true}},
		{"radios of other groups", `<input type=radio name=r checked><input type=radio name=s checked id=b>`, func(d *Document) any {
			return [2]bool{q(d, "input").Checked(), q(d, "#b").Checked()}
		}, [2]bool{true, true}},
		{"select value without match", `<select><option>a<option>b</select>`, func(d *Document) any {
			s := q(d, "select")
			_ = s.SetValue("zz")
			return s.SelectedIndex()
		}, -1},
		{"text value kept as radio value", `<input>`, func(d *Document) any {
			i := q(d, "input")
			_ = i.SetValue("t")
			_ = i.SetInputType("radio")
			return i.Value()
		}, "t"},
		{"reset", `<input value=a><select><option>1<option selected>2</select>`, func(d *Document) any {
			i, s := q(d, "input"), q(d, "select")
			_ = i.SetValue("z")
			s.SetSelectedIndex(-1)
			i.ResetControl()
			s.ResetControl()
			return i.Value() + s.Value()
		}, "a2"},
		{"disabled optgroup skipped by default selection", `<select><optgroup disabled><option>a</optgroup><option>b</select>`, func(d *Document) any {
			return q(d, "select").SelectedIndex()
		}, 1},
		{"selected attribute on a clean option after another was set", `<select><option>a<option id=b>b</select>`, func(d *Document) any {
			q(d, "option").SetSelected(true)
			_ = q(d, "#b").SetAttribute("selected", "")
			return q(d, "select").SelectedIndex()
		}, 1},
		{"selected attribute ignored once dirty", `<select><option>a<option id=b>b</select>`, func(d *Document) any {
			q(d, "#b").SetSelected(false)
			_ = q(d, "#b").SetAttribute("selected", "")
			return q(d, "select").SelectedIndex()
		}, 0},
		{"leaving multiple keeps the first selected", `<select multiple><option selected>a<option>b<option selected>c</select>`, func(d *Document) any {
			s := q(d, "select")
			s.RemoveAttribute("multiple")
			return s.SelectedIndex()*10 + len(selectedOf(s))
		}, 1},
		{"option text skips svg script", `<option>a<svg><script>x</script></svg>b</option>`, func(d *Document) any {
			return q(d, "option").OptionText()
		}, "ab"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.run(mustParse(t, tt.html)); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func q(d *Document, sel string) *Node {
	n, err := d.QuerySelector(sel)
	if err != nil || n == nil {
		panic("no " + sel)
	}
	return n
}

func selectedOf(s *Node) []*Node {
	var out []*Node
	for _, o := range s.Options() {
		if o.Selected() {
			out = append(out, o)
		}
	}
	return out
}
