package server

import (
	"context"
	"errors"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

func TestPublicAddr(t *testing.T) {
	tests := []struct {
		ip   string
		want bool
	}{
		{"93.184.215.14", true},
		{"8.8.8.8", true},
		{"2606:4700:4700::1111", true},
		{"127.0.0.1", false},
		{"127.8.9.10", false},
		{"::1", false},
		{"10.1.2.3", false},
		{"172.16.0.1", false},
		{"192.168.1.1", false},
		{"169.254.169.254", false}, // cloud metadata
		{"fe80::1", false},
		{"fc00::1", false},
		{"0.0.0.0", false},
		{"::", false},
		{"100.64.0.1", false},
		{"224.0.0.1", false},
		{"255.255.255.255", false},
		{"::ffff:127.0.0.1", false},
		{"::ffff:169.254.169.254", false},
		{"::ffff:8.8.8.8", true},
		{"2001:db8::1", false},
	}
	for _, tc := range tests {
		if got := publicAddr(netip.MustParseAddr(tc.ip)); got != tc.want {
			t.Errorf("publicAddr(%s) = %v, want %v", tc.ip, got, tc.want)
		}
	}
}

// fakeLookup resolves a few names without the network.
func fakeLookup(ctx context.Context, host string) ([]netip.Addr, error) {
	switch strings.ToLower(host) {
	case "example.com", "a.example.org":
		return []netip.Addr{netip.MustParseAddr("93.184.215.14")}, nil
	case "localhost":
		return []netip.Addr{netip.MustParseAddr("127.0.0.1"), netip.MustParseAddr("::1")}, nil
	case "mixed.example.org":
		return []netip.Addr{netip.MustParseAddr("93.184.215.14"), netip.MustParseAddr("10.0.0.7")}, nil
	}
	return nil, errors.New("no such host")
}

func TestTargetPolicyCheck(t *testing.T) {
	p := &TargetPolicy{Lookup: fakeLookup, Allow: []string{"https://example.com", "127.0.0.1", "localhost", "*.example.org", "http://10.0.0.1:8080", "[::1]", "169.254.169.254"}}
	tests := []struct {
		url     string
		allowed bool
		reason  string
	}{
		{"https://example.com/page", true, ""},
		{"https://EXAMPLE.com:443/page", true, ""},
		{"http://example.com/page", false, "allow list"},
		{"https://example.com:8443/", false, "allow list"},
		{"https://evil.com/", false, "allow list"},
		{"https://example.com.evil.com/", false, "allow list"},
		{"https://a.example.org/", true, ""},
		{"https://example.org/", false, "allow list"},
		{"ftp://example.com/", false, "scheme"},
		{"file:///etc/passwd", false, "scheme"},
		{"https://user:pw@example.com/", false, "credentials"},
		{"http://127.0.0.1:3000/", false, "non-public"},
		{"http://localhost/", false, "non-public"},
		{"http://10.0.0.1:8080/", false, "non-public"},
		{"http://[::1]/", false, "non-public"},
		{"http://169.254.169.254/latest/meta-data/", false, "non-public"},
		{"https://mixed.example.org/", false, "non-public address 10.0.0.7"},
		{"https://nowhere.example.org/", false, "no such host"},
	}
	for _, tc := range tests {
		u, err := url.Parse(tc.url)
		if err != nil {
			t.Fatal(err)
		}
		err = p.Check(t.Context(), u)
		if tc.allowed != (err == nil) {
			t.Errorf("Check(%s) = %v, want allowed=%v", tc.url, err, tc.allowed)
			continue
		}
		if err != nil && (!errors.Is(err, ErrForbiddenTarget) || !strings.Contains(err.Error(), tc.reason)) {
			t.Errorf("Check(%s) = %v, want ErrForbiddenTarget saying %q", tc.url, err, tc.reason)
		}
	}
	p.AllowPrivate = true
	if err := p.Check(t.Context(), &url.URL{Scheme: "http", Host: "127.0.0.1:3000"}); err != nil {
		t.Errorf("AllowPrivate: %v", err)
	}
}

// The transport refuses, when dialing, connections to non-public addresses
// whatever name led there (DNS rebinding).
func TestTransportRefusesPrivateAtDial(t *testing.T) {
	origin := newTestServer(t, siteHandler())
	p := &TargetPolicy{Allow: []string{"127.0.0.1"}}
	client := &http.Client{Transport: p.Transport()}
	_, err := client.Get(origin.URL)
	if !errors.Is(err, ErrForbiddenTarget) {
		t.Errorf("dial to %s: %v, want ErrForbiddenTarget", origin.URL, err)
	}
	p.AllowPrivate = true
	client = &http.Client{Transport: p.Transport()}
	resp, err := client.Get(origin.URL)
	if err != nil {
		t.Fatalf("AllowPrivate: %v", err)
	}
	resp.Body.Close()
}

// The render service refuses what the policy refuses, before rendering.
func TestRenderServiceSSRF(t *testing.T) {
	fr := &fakeRenderer{}
	opts := testOptions(fr)
	opts.Targets = TargetPolicy{Lookup: fakeLookup, Allow: []string{"127.0.0.1", "localhost", "169.254.169.254"}}
	svc := New(opts)
	ts := newTestServer(t, svc.Handler(nil))
	for _, path := range []string{
		"/render?url=" + url.QueryEscape("http://127.0.0.1:1/"),
		"/render?url=http://localhost/admin",
		"/http://169.254.169.254/latest/meta-data/",
		"/https://evil.example/",
		"/render?url=" + url.QueryEscape("gopher://127.0.0.1/"),
	} {
		resp, body := do(t, "GET", ts.URL+path, nil)
		if resp.StatusCode != http.StatusForbidden || !oneLine(body) {
			t.Errorf("%s: got %d %q, want 403", path, resp.StatusCode, body)
		}
	}
	if fr.calls.Load() != 0 {
		t.Errorf("refused targets were rendered")
	}
}
