// Command serve runs a pyhandlers.Server in front of another server, for
// run-chromium-realwpt.mjs: Chromium talks to it, the Python handlers'
// equivalents and .asis files are answered here, every other request goes
// to -fallback (the node server of the tree). It prints its two URLs (the
// tests' origin, then the same host's other port) on the first line of its
// output and serves until its input closes.
//
//	go run ./testdata/wpt/pyhandlers/serve -root DIR -fallback http://127.0.0.1:PORT
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net/http/httputil"
	"net/url"
	"os"

	"github.com/bangsnap/bangsnap/testdata/wpt/pyhandlers"
)

func main() {
	root := flag.String("root", "", "the WPT-like tree (for .asis files)")
	fallback := flag.String("fallback", "", "the server of everything else")
	flag.Parse()
	u, err := url.Parse(*fallback)
	if err != nil || u.Host == "" || *root == "" {
		log.Fatalf("serve: need -root DIR and -fallback http://host:port (got %q, %q)", *root, *fallback)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	// A request the page aborts ends the proxied one too: not worth a log
	// line (any other failure is a 502 the test sees).
	proxy.ErrorLog = log.New(io.Discard, "", 0)
	s, err := pyhandlers.Start(*root, proxy)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.URL, s.URL2)
	io.Copy(io.Discard, os.Stdin)
	s.Close()
}
