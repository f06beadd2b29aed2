package dom

import "testing"

func TestClusterEnd(t *testing.T) {
	lone := string([]byte{0xED, 0xA0, 0xBD}) // a lone high surrogate, WTF-8
	for _, tt := range []struct {
		s       string
		u, want int
	}{
		{"a😀b", 0, 0}, {"a😀b", 1, 1}, {"a😀b", 2, 3}, {"a😀b", 3, 3}, {"a😀b", 4, 4},
		{"😀", 1, 2}, {"e\u0301x", 1, 2}, {"e\u0301x", 2, 2},
		{"👨\u200d👩x", 2, 5}, {"👨\u200d👩x", 3, 5}, {"🇫🇷x", 2, 4},
		{"a" + lone + "b", 1, 1}, {"a" + lone + "b", 2, 2}, {"", 0, 0},
	} {
		if got := clusterEnd(tt.s, tt.u); got != tt.want {
			t.Errorf("clusterEnd(%q, %d) = %d, want %d", tt.s, tt.u, got, tt.want)
		}
	}
}
