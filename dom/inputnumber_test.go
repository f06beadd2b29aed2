package dom

import (
	"math"
	"testing"
)

func TestInputStringNumberRoundTrip(t *testing.T) {
	tests := []struct {
		typ, in string
		num     float64
		out     string // the number converted back
	}{
		{"number", "1e3", 1000, "1000"},
		{"number", "-0.5", -0.5, "-0.5"},
		{"range", "7", 7, "7"},
		{"date", "2024-03-05", 1709596800000, "2024-03-05"},
		{"date", "0001-01-01", -62135596800000, "0001-01-01"},
		{"month", "2024-03", 650, "2024-03"},
		{"month", "1969-12", -1, "1969-12"},
		{"week", "2024-W01", 1704067200000, "2024-W01"},
		{"week", "2020-W53", 1609113600000, "2020-W53"},
		{"time", "01:02:03.004", 3723004, "01:02:03.004"},
		{"time", "10:20", 37200000, "10:20"},
		{"time", "10:20:00.5", 37200500, "10:20:00.500"},
		{"datetime-local", "2024-01-02T03:04", 1704164640000, "2024-01-02T03:04"},
		{"datetime-local", "2024-01-02 03:04:05", 1704164645000, "2024-01-02T03:04:05"},
	}
	for _, tc := range tests {
		f, ok := inputStringToNumber(tc.typ, tc.in)
		if !ok || f != tc.num {
			t.Errorf("%s %q -> %v, %v; want %v", tc.typ, tc.in, f, ok, tc.num)
			continue
		}
		if s, ok := inputNumberToString(tc.typ, f); !ok || s != tc.out {
			t.Errorf("%s %v -> %q, %v; want %q", tc.typ, f, s, ok, tc.out)
		}
	}
	for _, bad := range [][2]string{{"number", "+1"}, {"number", "1."}, {"date", "2023-02-29"}, {"week", "2021-W53"}, {"time", "24:00"}, {"text", "1"}} {
		if f, ok := inputStringToNumber(bad[0], bad[1]); ok {
			t.Errorf("%s %q converted to %v", bad[0], bad[1], f)
		}
	}
	if _, ok := inputNumberToString("date", math.NaN()); ok {
		t.Error("NaN converted to a date")
	}
	if s, _ := inputNumberToString("time", 86401000); s != "00:00:01" {
		t.Errorf("time wraps at a day: %q", s)
	}
}

func TestJSNumberString(t *testing.T) {
	for f, want := range map[float64]string{0: "0", 1e21: "1e+21", 1.5e-7: "1.5e-7", 123.25: "123.25", -1e-6: "-0.000001", 1e20: "100000000000000000000"} {
		if got := JSNumberString(f); got != want {
			t.Errorf("JSNumberString(%v) = %q, want %q", f, got, want)
		}
	}
}

func TestStepInput(t *testing.T) {
	tests := []struct {
		attrs   [][2]string
		value   string
		count   float64
		down    bool
		want    string
		wantErr bool
	}{
		{[][2]string{{"type", "number"}, {"min", "0"}, {"max", "10"}, {"step", "2"}}, "3", 1, false, "4", false},
		{[][2]string{{"type", "number"}, {"min", "0"}, {"max", "10"}, {"step", "2"}}, "3", 1, true, "2", false},
		{[][2]string{{"type", "number"}, {"min", "0"}, {"max", "10"}, {"step", "2"}}, "4", 10, false, "10", false},
		{[][2]string{{"type", "number"}}, "", 1, false, "1", false},
		{[][2]string{{"type", "number"}, {"step", "0.1"}}, "0.2", 1, false, "0.3", false},
		{[][2]string{{"type", "number"}, {"step", "0.1"}}, "0.3", -3, false, "0", false}, // a negative count steps down
		{[][2]string{{"type", "number"}, {"step", "1e-3"}}, "0.2", 1, false, "0.201", false},
		{[][2]string{{"type", "time"}}, "23:59", 1, false, "23:59", false},         // the end of the day
		{[][2]string{{"type", "number"}, {"max", "5"}}, "9", 1, false, "9", false}, // stepping up may not lower the value
		{[][2]string{{"type", "number"}, {"step", "any"}}, "1", 1, false, "", true},
		{[][2]string{{"type", "text"}}, "1", 1, false, "", true},
		{[][2]string{{"type", "date"}}, "2024-01-31", 1, false, "2024-02-01", false},
		{[][2]string{{"type", "time"}}, "10:00", 2, false, "10:02", false},
		{[][2]string{{"type", "month"}}, "2024-12", 1, false, "2025-01", false},
		{[][2]string{{"type", "week"}}, "2024-W52", 1, false, "2025-W01", false},
	}
	doc := NewDocument()
	for i, tc := range tests {
		in, _ := doc.CreateElement("input")
		for _, a := range tc.attrs {
			if err := in.SetAttribute(a[0], a[1]); err != nil {
				t.Fatal(err)
			}
		}
		if err := in.SetValue(tc.value); err != nil {
			t.Fatal(err)
		}
		err := in.StepInput(tc.count, tc.down)
		if (err != nil) != tc.wantErr {
			t.Errorf("%d: error %v, want error %v", i, err, tc.wantErr)
			continue
		}
		if err == nil && in.Value() != tc.want {
			t.Errorf("%d: value %q, want %q", i, in.Value(), tc.want)
		}
	}
}

func BenchmarkInputNumbers(b *testing.B) {
	doc := NewDocument()
	in, _ := doc.CreateElement("input")
	_ = in.SetAttribute("type", "datetime-local")
	_ = in.SetAttribute("min", "2024-01-01T00:00")
	_ = in.SetAttribute("step", "30")
	_ = in.SetValue("2024-06-15T12:34:30")
	b.ReportAllocs()
	for b.Loop() {
		f, _ := in.InputStringToNumber(in.Value())
		_, _ = in.InputNumberToString(f)
		_ = in.StepMismatch()
	}
}
