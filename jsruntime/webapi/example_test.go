package webapi_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/bangsnap/bangsnap/jsruntime/webapi"
	"github.com/bangsnap/bangsnap/loop"
	"github.com/dop251/goja"
)

// Install gives a page's global object the Web APIs beside the DOM.
func ExampleInstall() {
	rt := goja.New()
	l := loop.New(rt, loop.Options{Deterministic: true})
	l.Install(rt.GlobalObject(), nil)
	realm := bind.NewRealm(rt)
	err := webapi.Install(realm, rt.GlobalObject(), webapi.Config{
		Host:    l,
		Console: func(level, msg string) { fmt.Println(level+":", msg) },
	})
	if err != nil {
		panic(err)
	}
	_, err = rt.RunString(`
		const u = new URL("/search?q=go", "https://example.com/app/");
		u.searchParams.append("page", "2");
		console.log("%s -> %o", u.pathname, Object.fromEntries(u.searchParams));
		localStorage.setItem("seen", "yes");
		setTimeout(() => console.info(btoa(localStorage.seen), performance.now()), 1500);
	`)
	if err != nil {
		panic(err)
	}
	if _, err := l.Run(context.Background()); err != nil {
		panic(err)
	}
	// Output:
	// log: /search -> { q: "go", page: "2" }
	// info: eWVz 1500
}

// Bundle turns a module graph into one classic script goja runs.
func ExampleBundler_Bundle() {
	files := map[string]string{
		"https://example.com/lib/greet.js": `export const greet = (n) => "hello " + n;`,
	}
	load := func(ctx context.Context, url string) ([]byte, error) {
		if src, ok := files[url]; ok {
			return []byte(src), nil
		}
		return nil, fmt.Errorf("404 %s", url)
	}
	b := webapi.NewBundler(0)
	code, err := b.Bundle(context.Background(), webapi.ModuleEntry{
		URL:    "https://example.com/index.html",
		Source: []byte(`import { greet } from "./lib/greet.js"; globalThis.out = greet("modules");`),
	}, load)
	if err != nil {
		panic(err)
	}
	rt := goja.New()
	if _, err := rt.RunString(code); err != nil {
		panic(err)
	}
	fmt.Println(rt.Get("out"))
	// Output: hello modules
}

func BenchmarkInstall(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		rt := goja.New()
		l := loop.New(rt, loop.Options{Deterministic: true})
		realm := bind.NewRealm(rt)
		if err := webapi.Install(realm, rt.GlobalObject(), webapi.Config{Host: l, Console: func(string, string) {}}); err != nil {
			b.Fatal(err)
		}
	}
}
