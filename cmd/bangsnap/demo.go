package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bangsnap/bangsnap"
	"github.com/bangsnap/bangsnap/mapping"
	"github.com/bangsnap/bangsnap/server"
	"github.com/bangsnap/bangsnap/server/demo"
)

func init() {
	register(command{name: "demo", summary: "serve the built-in demo site behind the snapshot middleware (make run)", run: runDemo})
}

const demoDescription = `Demo serves a small shop built by JavaScript from JSON endpoints (embedded
in the binary) on 127.0.0.1, behind the snapshot middleware. Its home page
opts in to the AJAX crawling scheme with <meta name="fragment" content="!">;
the shop's states are #! URLs (#!/, #!/item/1, #!/about).

Demo prints a pretty URL, its ugly URL, a curl command to try, and the first
lines of the snapshot it gets for the ugly URL (or the render error), then
serves until Ctrl-C. /metrics and /healthz are served too.`

// demoPretty is the state demo shows first.
const demoPretty = "/shop#!/item/1"

func runDemo(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("demo", "demo [-port N]", demoDescription)
	port := fs.Int("port", 8470, "port on 127.0.0.1 (0: any free port)")
	lines := fs.Int("lines", 20, "lines of the snapshot to show")
	logLevel := fs.String("log-level", "info", "debug, info, warn or error (logs go to stderr)")
	if code, ok := fs.parse(args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fs.usageError(stderr, "unexpected arguments: "+strings.Join(fs.Args(), " "))
		return exitUsage
	}
	if *port < 0 || *port > 65535 {
		fs.usageError(stderr, fmt.Sprintf("bad -port %d", *port))
		return exitUsage
	}
	log, err := newLogger(stderr, *logLevel)
	if err != nil {
		fs.usageError(stderr, err.Error())
		return exitUsage
	}

	svc := server.New(server.Options{
		RenderOptions: bangsnap.Options{Timeout: 20 * time.Second},
		Logger:        log,
	})
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(*port))
	srv := server.NewServer(addr, svc.Handler(svc.Middleware(demo.Handler())), svc)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "bangsnap demo: %v (try -port 0 for any free port)\n", err)
		return exitFail
	}
	base := "http://" + ln.Addr().String()
	pretty := base + demoPretty
	ugly, err := mapping.ToUgly(pretty)
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "bangsnap demo: %v\n", err)
		return exitFail
	}
	homeUgly, _ := mapping.ToUgly(base + "/#!")

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()

	fmt.Fprintf(stdout, "bangsnap demo: the demo shop is at %s/\n\n", base)
	fmt.Fprintf(stdout, "  pretty URL  %s\n", pretty)
	fmt.Fprintf(stdout, "  ugly URL    %s\n", ugly)
	fmt.Fprintf(stdout, "  try         curl -i '%s'\n", ugly)
	fmt.Fprintf(stdout, "  also        curl '%s'   (the meta-fragment home page)\n", homeUgly)
	fmt.Fprintf(stdout, "              %s/metrics  %s/healthz\n\n", base, base)
	showSnapshot(ctx, stdout, ugly, *lines)
	fmt.Fprintf(stdout, "\nServing until Ctrl-C.\n")

	select {
	case err := <-errc:
		fmt.Fprintf(stderr, "bangsnap demo: %v\n", err)
		return exitFail
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		fmt.Fprintf(stderr, "bangsnap demo: shutdown: %v\n", err)
		return exitFail
	}
	<-errc
	return exitOK
}

// showSnapshot asks the demo server for ugly, as a crawler would, and prints
// the status and the first lines of the answer: the snapshot, or the one-line
// reason it could not be rendered.
func showSnapshot(ctx context.Context, w io.Writer, ugly string, lines int) {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ugly, nil)
	if err != nil {
		fmt.Fprintf(w, "snapshot: %v\n", err)
		return
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(w, "snapshot: request failed: %v\n", err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		fmt.Fprintf(w, "snapshot: FAILED, %s: %s\n", resp.Status, strings.TrimSpace(string(body)))
		fmt.Fprintf(w, "(the server keeps serving the site; the pages work in a browser)\n")
		return
	}
	fmt.Fprintf(w, "snapshot: %s, %s, first %d lines:\n", resp.Status, resp.Header.Get("Content-Type"), lines)
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for i := 0; i < lines && sc.Scan(); i++ {
		fmt.Fprintf(w, "  | %s\n", sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(w, "snapshot: reading: %v\n", err)
	}
}
