package xhr

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestRecordsStartOrder starts three requests with tickets taken in order
// a, b, c and makes them end in the order c, b, a: Records lists them as
// they ended, and with StartOrder as they started, whatever the
// goroutines' scheduling.
func TestRecordsStartOrder(t *testing.T) {
	for _, tc := range []struct {
		startOrder bool
		want       string
	}{
		{false, "/c /b /a"},
		{true, "/a /b /c"},
	} {
		t.Run(fmt.Sprint("StartOrder=", tc.startOrder), func(t *testing.T) {
			// Each answer waits until the one after it (in c, b, a) has
			// been recorded.
			release := map[string]chan struct{}{"/a": make(chan struct{}), "/b": make(chan struct{}), "/c": make(chan struct{})}
			close(release["/c"])
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				select {
				case <-release[r.URL.Path]:
				case <-r.Context().Done():
					return
				}
				fmt.Fprint(w, r.URL.Path)
			})
			c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: h}, StartOrder: tc.startOrder})
			next := map[string]string{"/c": "/b", "/b": "/a"}
			var wg sync.WaitGroup
			for _, p := range []string{"/a", "/b", "/c"} {
				ticket := c.Ticket()
				wg.Add(1)
				go func() {
					defer wg.Done()
					res, err := c.Do(context.Background(), get(t, "http://order.test"+p), Params{Kind: KindXHR, Ticket: ticket})
					if err != nil || string(res.Body) != p {
						t.Errorf("%s: %v", p, err)
					}
					if n, ok := next[p]; ok {
						close(release[n])
					}
				}()
			}
			wg.Wait()
			var got []string
			for _, r := range c.Records() {
				got = append(got, strings.TrimPrefix(r.URL, "http://order.test"))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("records %v, want %s", got, tc.want)
			}
		})
	}
}

// TestRecordsStartOrderRedirect: the hops of one request stay together, in
// the order they happened, before a request that started later.
func TestRecordsStartOrderRedirect(t *testing.T) {
	c := NewClient(ClientOptions{Transport: HandlerTransport{Handler: testMux()}, StartOrder: true})
	first, second := c.Ticket(), c.Ticket()
	if _, err := c.Do(context.Background(), get(t, "http://order.test/hello"), Params{Ticket: second}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Do(context.Background(), get(t, "http://order.test/redirect/2/302"), Params{Ticket: first}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range c.Records() {
		got = append(got, strings.TrimPrefix(r.URL, "http://order.test"))
	}
	want := "/redirect/2/302 /redirect/1/302 /redirect/0/302 /echo /hello"
	if strings.Join(got, " ") != want {
		t.Errorf("records %v, want %s", got, want)
	}
}

// TestDefaultTransportKeepsConnections: the connections a render's
// concurrent requests opened to a host are reused by the next render
// (net/http's default pool would keep 2 of the 6 and open 4 again).
func TestDefaultTransportKeepsConnections(t *testing.T) {
	const n = DefaultMaxConnsPerHost
	var mu sync.Mutex
	opened := 0
	var barrier chan struct{}
	arrived := 0
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		b := barrier
		if arrived++; arrived == n {
			close(b)
		}
		mu.Unlock()
		select { // all n in flight at once: n connections
		case <-b:
		case <-r.Context().Done():
		}
		fmt.Fprint(w, "ok")
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			mu.Lock()
			opened++
			mu.Unlock()
		}
	}
	srv.Start()
	defer srv.Close()
	batch := func() int {
		mu.Lock()
		barrier, arrived, opened = make(chan struct{}), 0, 0
		mu.Unlock()
		c := NewClient(ClientOptions{}) // a new render
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := c.Do(context.Background(), get(t, fmt.Sprintf("%s/%d", srv.URL, i)), Params{Kind: KindScript}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		return opened
	}
	if got := batch(); got != n {
		t.Fatalf("first render opened %d connections, want %d", got, n)
	}
	if got := batch(); got != 0 {
		t.Errorf("second render opened %d new connections, want 0 (all reused)", got)
	}
}
