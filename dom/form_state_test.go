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
