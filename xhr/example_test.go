package xhr_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/bangsnap/bangsnap/loop"
	"github.com/bangsnap/bangsnap/xhr"
	"github.com/dop251/goja"
)

// An app served in process: no listener, no network hop.
func ExampleHandlerTransport() {
	app := http.NewServeMux()
	app.HandleFunc("/api/items", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `["a","b"]`)
	})
	c := xhr.NewClient(xhr.ClientOptions{Transport: xhr.HandlerTransport{Handler: app}})
	page, _ := url.Parse("https://app.example/")
	c.SetDocumentURL(page)

	req, _ := http.NewRequest("GET", "https://app.example/api/items", nil)
	res, err := c.Fetch(context.Background(), req, xhr.KindXHR)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, string(res.Body))

	// Analytics are refused by the default policy, and recorded as blocked.
	req, _ = http.NewRequest("GET", "https://www.google-analytics.com/analytics.js", nil)
	_, err = c.Fetch(context.Background(), req, xhr.KindScript)
	fmt.Println(err)

	for _, r := range c.Records() {
		fmt.Println(r.Kind, r.URL, r.Status, r.Blocked)
	}
	// Output:
	// 200 ["a","b"]
	// xhr: https://www.google-analytics.com/analytics.js blocked: denied host (default list)
	// xhr https://app.example/api/items 200 false
	// script https://www.google-analytics.com/analytics.js 0 true
}

// An asynchronous XMLHttpRequest on a page's event loop: the events arrive
// in the XHR standard's order, and the loop runs until the response is in.
func ExampleXHR() {
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "hello") })
	c := xhr.NewClient(xhr.ClientOptions{Transport: xhr.HandlerTransport{Handler: app}})
	page, _ := url.Parse("https://app.example/")
	c.SetDocumentURL(page)
	l := loop.New(goja.New(), loop.Options{Deterministic: true})

	l.QueueTask(func() {
		x := xhr.NewXHR(context.Background(), l, c)
		x.OnEvent = func(ev xhr.Event) {
			fmt.Println(ev.Type, x.ReadyState())
			if ev.Type == "load" {
				text, _ := x.ResponseText()
				fmt.Println(x.Status(), text)
			}
		}
		x.Open("GET", "/greeting", true, nil, nil)
		x.Send(nil)
	})
	l.Run(context.Background())
	// Output:
	// readystatechange 1
	// loadstart 1
	// readystatechange 2
	// readystatechange 3
	// progress 3
	// readystatechange 4
	// load 4
	// 200 hello
	// loadend 4
}

// fetch() with an AbortSignal.
func ExampleFetch() {
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"ok":true}`)
	})
	c := xhr.NewClient(xhr.ClientOptions{Transport: xhr.HandlerTransport{Handler: app}})
	page, _ := url.Parse("https://app.example/")
	c.SetDocumentURL(page)
	l := loop.New(goja.New(), loop.Options{Deterministic: true})

	l.QueueTask(func() {
		signal := xhr.NewAbortSignal()
		req, err := xhr.NewRequest("/api", page, xhr.RequestInit{Signal: signal, HasSignal: true})
		if err != nil {
			panic(err)
		}
		xhr.Fetch(context.Background(), l, c, req, func(res *xhr.Response, err error) {
			if err != nil {
				fmt.Println("rejected:", err)
				return
			}
			// The response comes at its headers; its body follows.
			res.ReadAll(func(body []byte, err error) {
				fmt.Println(res.Status, res.OK(), res.Type, res.ContentType(), string(body))
			})
		})
	})
	l.Run(context.Background())
	// Output:
	// 200 true basic application/json {"ok":true}
}

// A staging build answers for the public site: the page's requests name
// https://www.example.com, and go to the build (here in process; a real
// one is an address such as http://127.0.0.1:8080), whose redirects are
// seen on the public site.
func ExampleOriginMap() {
	build := http.NewServeMux()
	build.HandleFunc("/old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://127.0.0.1:8080/new", http.StatusMovedPermanently)
	})
	build.HandleFunc("/new", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "Host %s, for %s://%s", r.Host, r.Header.Get("X-Forwarded-Proto"), r.Header.Get("X-Forwarded-Host"))
	})
	origins, err := xhr.NewOriginMap("https://www.example.com=http://127.0.0.1:8080")
	if err != nil {
		panic(err)
	}
	c := xhr.NewClient(xhr.ClientOptions{Origins: origins, Transport: xhr.HandlerTransport{Handler: build}})
	page, _ := url.Parse("https://www.example.com/")
	c.SetDocumentURL(page)

	req, _ := http.NewRequest("GET", "https://www.example.com/old", nil)
	res, err := c.Fetch(context.Background(), req, xhr.KindFetch)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.URL, string(res.Body))
	for _, r := range c.Records() {
		fmt.Println(r.URL, r.Status)
	}
	// Output:
	// https://www.example.com/new Host 127.0.0.1:8080, for https://www.example.com
	// https://www.example.com/old 301
	// https://www.example.com/new 200
}
