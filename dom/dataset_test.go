package dom

import (
	"slices"
	"testing"
)

func TestDatasetNames(t *testing.T) {
	d := NewHTMLDocument("", false)
	e, _ := d.CreateElement("div")
	for _, kv := range [][2]string{{"data-foo-bar", "1"}, {"data--baz", "2"}, {"data-a-1", "3"}, {"data-x-", "4"}} {
		if err := e.SetAttribute(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := e.DatasetKeys(), []string{"fooBar", "Baz", "a-1", "x-"}; !slices.Equal(got, want) {
		t.Errorf("DatasetKeys = %q, want %q", got, want)
	}
	tests := []struct {
		key, want string
		ok        bool
	}{
		{"fooBar", "1", true}, {"foo-bar", "", false}, {"Baz", "2", true}, {"-baz", "", false},
		{"a-1", "3", true}, {"x-", "4", true}, {"x", "", false}, {"", "", false},
	}
	for _, tt := range tests {
		if got, ok := e.DatasetGet(tt.key); got != tt.want || ok != tt.ok {
			t.Errorf("DatasetGet(%q) = %q, %v; want %q, %v", tt.key, got, ok, tt.want, tt.ok)
		}
	}
	e.DatasetDelete("foo-bar") // names no attribute
	if !e.HasAttribute("data-foo-bar") {
		t.Error(`DatasetDelete("foo-bar") removed data-foo-bar`)
	}
	e.DatasetDelete("fooBar")
	if e.HasAttribute("data-foo-bar") {
		t.Error(`DatasetDelete("fooBar") kept data-foo-bar`)
	}
}

// An attribute named with an ASCII upper alpha (setAttributeNS keeps the
// case) is no supported property name, yet Chromium's getter finds it by
// the name it converts to (html/dom/elements/global-attributes/
// dataset-get-invalid-names.html in WPT).
func TestDatasetUppercaseAttribute(t *testing.T) {
	d := NewHTMLDocument("", false)
	e, _ := d.CreateElement("div")
	for _, kv := range [][2]string{{"data-Foo", "1"}, {"data-foo-Bar", "2"}, {"dataxq", "3"}, {"aria-label", "4"}} {
		if err := e.SetAttributeNS("", kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if got := e.DatasetKeys(); len(got) != 0 {
		t.Errorf("DatasetKeys = %q, want none", got)
	}
	for _, tt := range []struct {
		key, want string
		ok        bool
	}{{"Foo", "1", true}, {"foo", "", false}, {"fooBar", "", false}, {"foo-Bar", "2", true}, {"q", "", false}, {"label", "", false}} {
		if got, ok := e.DatasetGet(tt.key); got != tt.want || ok != tt.ok {
			t.Errorf("DatasetGet(%q) = %q, %v; want %q, %v", tt.key, got, ok, tt.want, tt.ok)
		}
	}
}
