package demo

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHandler(t *testing.T) {
	ts := httptest.NewServer(Handler())
	defer ts.Close()
	tests := []struct {
		path, contentType string
		status            int
		contains          string
	}{
		{"/", "text/html", 200, `<meta name="fragment" content="!">`},
		{"/shop", "text/html", 200, `<script src="/static/shop.js">`},
		{"/static/home.js", "text/javascript", 200, "XMLHttpRequest"},
		{"/static/shop.js", "text/javascript", 200, "fetch("},
		{"/static/style.css", "text/css", 200, "body"},
		{"/api/home", "application/json", 200, `"featured"`},
		{"/api/items", "application/json", 200, `"Blue teapot"`},
		{"/api/items/2", "application/json", 200, `"Walnut cutting board"`},
		{"/api/items/404", "application/json", 404, `"error"`},
		{"/nope", "text/plain", 404, ""},
	}
	for _, tc := range tests {
		resp, err := http.Get(ts.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), tc.contentType) || !strings.Contains(string(body), tc.contains) {
			t.Errorf("%s: %d %q, want %d %q containing %q", tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), tc.status, tc.contentType, tc.contains)
		}
	}
	// Every item linked from the lists exists.
	resp, err := http.Get(ts.URL + "/api/items")
	if err != nil {
		t.Fatal(err)
	}
	var items []Item
	if err := json.NewDecoder(resp.Body).Decode(&items); err != nil || len(items) < 3 {
		t.Fatalf("items %v: %v", items, err)
	}
	resp.Body.Close()
	for _, it := range items {
		r, err := http.Get(ts.URL + "/api/items/" + it.ID)
		if err != nil || r.StatusCode != 200 {
			t.Errorf("item %s: %v %v", it.ID, r, err)
		}
		r.Body.Close()
	}
}
