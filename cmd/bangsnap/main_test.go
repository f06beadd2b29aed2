package main

import (
	"context"
	"strings"
	"testing"
)

type runResult struct {
	code           int
	stdout, stderr string
}

func runArgs(t *testing.T, args ...string) runResult {
	t.Helper()
	var stdout, stderr strings.Builder
	code := run(context.Background(), args, &stdout, &stderr)
	return runResult{code, stdout.String(), stderr.String()}
}

func TestRun(t *testing.T) {
	const (
		pretty  = "http://example.com/page?query#!key1=value1&key2=value2"
		ugly    = "http://example.com/page?query&_escaped_fragment_=key1=value1%26key2=value2"
		notLast = "http://example.com/?_escaped_fragment_=a&b=c"
	)
	tests := []struct {
		name       string
		args       []string
		code       int
		stdout     string // exact, when wantStdout
		wantStdout bool
		outHas     []string // substrings of stdout
		errHas     []string // substrings of stderr
		errLines   int      // exact number of stderr lines, when > 0
	}{
		// The "must show" commands.
		{name: "pretty to ugly", args: []string{"map", pretty}, code: 0, stdout: ugly + "\n", wantStdout: true},
		{name: "ugly to pretty", args: []string{"map", ugly}, code: 0, stdout: pretty + "\n", wantStdout: true},
		{name: "not last", args: []string{"map", notLast}, code: 2, stdout: "", wantStdout: true,
			errHas: []string{`"` + notLast + `"`, "not the last query parameter"}, errLines: 1},

		{name: "meta-tag case", args: []string{"map", "http://h/p?_escaped_fragment_="}, code: 0, stdout: "http://h/p\n", wantStdout: true},
		{name: "empty bang", args: []string{"map", "http://h/p#!"}, code: 0, stdout: "http://h/p?_escaped_fragment_=\n", wantStdout: true},
		{name: "several in order", args: []string{"map", pretty, ugly, "http://h/#!a b"}, code: 0,
			stdout: ugly + "\n" + pretty + "\n" + "http://h/?_escaped_fragment_=a%20b\n", wantStdout: true},
		{name: "continues after a bad URL", args: []string{"map", pretty, notLast, "http://h/p", "/rel#!x", ugly}, code: 2,
			stdout: ugly + "\n" + pretty + "\n", wantStdout: true,
			errHas: []string{notLast, `"http://h/p": neither a #! fragment`, `"/rel#!x": not an absolute URL`}, errLines: 3},
		{name: "pretty breaking a rule", args: []string{"map", "http://h/?_escaped_fragment_=a#!b"}, code: 2,
			errHas: []string{"also has a fragment"}, errLines: 1},
		{name: "bad escape", args: []string{"map", "http://h/?_escaped_fragment_=%zz"}, code: 2,
			errHas: []string{"malformed %XX escape"}, errLines: 1},
		{name: "newline in URL stays one line", args: []string{"map", "http://h/\n#!a"}, code: 2,
			errHas: []string{`"http://h/\n#!a"`}, errLines: 1},
		{name: "double dash", args: []string{"map", "--", pretty}, code: 0, stdout: ugly + "\n", wantStdout: true},
		{name: "map without URLs", args: []string{"map"}, code: 2, stdout: "", wantStdout: true,
			errHas: []string{"no URL given", "usage: bangsnap map URL..."}},
		{name: "map bad flag", args: []string{"map", "-x", pretty}, code: 2, stdout: "", wantStdout: true,
			errHas: []string{"flag provided but not defined: -x", "usage: bangsnap map URL..."}},
		{name: "map -h", args: []string{"map", "-h"}, code: 0, outHas: []string{"usage: bangsnap map URL...", "_escaped_fragment_"}},
		{name: "map --help", args: []string{"map", "--help"}, code: 0, outHas: []string{"usage: bangsnap map URL..."}},

		{name: "no arguments", args: nil, code: 2, stdout: "", wantStdout: true, errHas: []string{"Usage:", "map", "help"}},
		{name: "-h", args: []string{"-h"}, code: 0, outHas: []string{"Usage:", "\tmap ", "\thelp "}},
		{name: "--help", args: []string{"--help"}, code: 0, outHas: []string{"Commands:"}},
		{name: "help", args: []string{"help"}, code: 0, outHas: []string{"Commands:", "\tmap ", "print the _escaped_fragment_ form"}},
		{name: "help map", args: []string{"help", "map"}, code: 0, outHas: []string{"usage: bangsnap map URL..."}},
		{name: "help help", args: []string{"help", "help"}, code: 0, outHas: []string{"usage: bangsnap help [command]"}},
		{name: "help -h", args: []string{"help", "-h"}, code: 0, outHas: []string{"usage: bangsnap help [command]"}},
		{name: "help unknown", args: []string{"help", "nope"}, code: 2, stdout: "", wantStdout: true, errHas: []string{`unknown command "nope"`}},
		{name: "help two", args: []string{"help", "map", "help"}, code: 2, errHas: []string{"too many arguments"}},
		{name: "unknown command", args: []string{"nope"}, code: 2, stdout: "", wantStdout: true,
			errHas: []string{`bangsnap: unknown command "nope"`, "bangsnap help"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runArgs(t, tc.args...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, tc.code, r.stdout, r.stderr)
			}
			if tc.wantStdout && r.stdout != tc.stdout {
				t.Errorf("stdout\n got %q\nwant %q", r.stdout, tc.stdout)
			}
			for _, s := range tc.outHas {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout %q does not contain %q", r.stdout, s)
				}
			}
			for _, s := range tc.errHas {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr %q does not contain %q", r.stderr, s)
				}
			}
			if tc.errLines > 0 {
				if n := strings.Count(r.stderr, "\n"); n != tc.errLines || !strings.HasSuffix(r.stderr, "\n") {
					t.Errorf("stderr has %d lines, want %d: %q", n, tc.errLines, r.stderr)
				}
			}
		})
	}
}

// TestMapRoundTrip maps a batch of pretty URLs to ugly and back through the
// command line.
func TestMapRoundTrip(t *testing.T) {
	pretty := []string{
		"http://example.com/page?query#!key1=value1&key2=value2",
		"https://u:p@example.com:8443/a?b=c#!/x/y?z=1&w=%41+é#k",
		"http://[::1]:8080/#!\t",
	}
	r := runArgs(t, append([]string{"map"}, pretty...)...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("map pretty: exit %d, stderr %q", r.code, r.stderr)
	}
	ugly := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	back := runArgs(t, append([]string{"map"}, ugly...)...)
	if back.code != 0 || back.stderr != "" {
		t.Fatalf("map ugly: exit %d, stderr %q", back.code, back.stderr)
	}
	if want := strings.Join(pretty, "\n") + "\n"; back.stdout != want {
		t.Errorf("round trip\n got %q\nwant %q", back.stdout, want)
	}
}

// TestCommandTable checks every entry of the table, including those other
// files add: a one-line summary, listed by help, and -h answered with usage
// on stdout and exit 0.
func TestCommandTable(t *testing.T) {
	if len(commands) == 0 {
		t.Fatal("no commands registered")
	}
	list := runArgs(t, "help").stdout
	for i, c := range commands {
		if i > 0 && commands[i-1].name >= c.name {
			t.Errorf("commands not sorted by name: %q before %q", commands[i-1].name, c.name)
		}
		if c.summary == "" || strings.ContainsAny(c.summary, "\n") || strings.HasSuffix(c.summary, ".") {
			t.Errorf("command %q: summary %q must be one line without a final period", c.name, c.summary)
		}
		if !strings.Contains(list, "\t"+c.name+" ") {
			t.Errorf("help does not list %q", c.name)
		}
		r := runArgs(t, c.name, "-h")
		if r.code != 0 || !strings.Contains(r.stdout, "usage: bangsnap "+c.name) || r.stderr != "" {
			t.Errorf("%s -h: exit %d, stdout %q, stderr %q; want usage on stdout, exit 0", c.name, r.code, r.stdout, r.stderr)
		}
	}
}

func TestRegisterRejectsBadEntries(t *testing.T) {
	saved := commands
	defer func() { commands = saved }()
	for _, c := range []command{
		{name: "map", summary: "again", run: runMap},
		{name: "", summary: "x", run: runMap},
		{name: "x", summary: "", run: runMap},
		{name: "x", summary: "two\nlines", run: runMap},
		{name: "x", summary: "no run"},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("register(%q, %q) did not panic", c.name, c.summary)
				}
			}()
			register(c)
		}()
	}
}
