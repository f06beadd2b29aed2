// Command bangsnap renders JavaScript-built (AJAX) pages into HTML snapshots
// for the AJAX crawling scheme, and maps URLs between the scheme's #! and
// _escaped_fragment_ forms.
//
// Usage:
//
//	bangsnap <command> [arguments]
//	bangsnap help [command]
//	bangsnap <command> -h
//
// Command line: the standard library's flag package, one FlagSet per command,
// and no CLI library. There are a handful of commands with a few flags each;
// the dispatch below is a short table walk, and a library would add a
// dependency (and its own help and flag conventions) for nothing we need.
//
// Each command lives in its own file and adds one entry to the command table
// from that file's init function:
//
//	func init() {
//		register(command{name: "serve", summary: "…", run: runServe})
//	}
//
// A run func parses its arguments with newFlagSet and parse, so that every
// command answers -h (usage on stdout, exit 0) and usage errors (message on
// stderr, exit 2) the same way, and "bangsnap help CMD" works for it.
//
// This package is a thin shell over the root package bangsnap, server and
// mapping. It must never import the render stages (dom, jsruntime, loop, xhr,
// serialize) or goja directly.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1 // the command ran and failed
	exitUsage = 2 // bad arguments or invalid input
)

// A command is one entry of the subcommand table.
type command struct {
	name    string // what the user types after "bangsnap"
	summary string // one line for the command list, no trailing period
	// run runs the command with the arguments after its name. It writes
	// results to stdout and diagnostics to stderr and returns the exit status.
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

// commands is the subcommand table; see register.
var commands []command

// register adds c to the command table. It is called from init functions;
// a duplicate or unnamed command is a programming error and panics at start.
func register(c command) {
	if c.name == "" || c.run == nil || c.summary == "" || strings.Contains(c.summary, "\n") {
		panic(fmt.Sprintf("bangsnap: bad command table entry %q", c.name))
	}
	if lookup(c.name) != nil {
		panic(fmt.Sprintf("bangsnap: command %q registered twice", c.name))
	}
	commands = append(commands, c)
	slices.SortFunc(commands, func(a, b command) int { return strings.Compare(a.name, b.name) })
}

func lookup(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

func init() {
	register(command{name: "help", summary: "show the commands, or one command's usage", run: runHelp})
}

func main() {
	tuneGC(os.Getenv) // gc.go
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches args (without the program name) to a command and returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "bangsnap: unknown command %q\nRun 'bangsnap help' for the list of commands.\n", args[0])
		return exitUsage
	}
	return c.run(ctx, args[1:], stdout, stderr)
}

// usage writes the program's usage: the command list.
func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("bangsnap renders JavaScript-built pages into HTML snapshots for the AJAX\n" +
		"crawling scheme (#! and _escaped_fragment_ URLs), with no browser.\n\n" +
		"Usage:\n\n\tbangsnap <command> [arguments]\n\nCommands:\n\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(&b, "\t%-*s  %s\n", width, c.name, c.summary)
	}
	b.WriteString("\nRun 'bangsnap help <command>' or 'bangsnap <command> -h' for a command's usage.\n")
	io.WriteString(w, b.String())
}

func runHelp(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("help", "help [command]",
		"Help lists the commands, or shows the usage of one command (the same as\n'bangsnap <command> -h').")
	if code, ok := fs.parse(args, stdout, stderr); !ok {
		return code
	}
	switch fs.NArg() {
	case 0:
		usage(stdout)
		return exitOK
	case 1:
		c := lookup(fs.Arg(0))
		if c == nil {
			fmt.Fprintf(stderr, "bangsnap help: unknown command %q\nRun 'bangsnap help' for the list of commands.\n", fs.Arg(0))
			return exitUsage
		}
		// Every command answers -h with its usage on stdout.
		return c.run(ctx, []string{"-h"}, stdout, stderr)
	}
	fs.usageError(stderr, "too many arguments")
	return exitUsage
}

// commandFlags is a command's FlagSet with the text of its usage.
type commandFlags struct {
	*flag.FlagSet
	synopsis    string // "map URL...": the command line after "bangsnap "
	description string // paragraphs shown by -h
}

// newFlagSet returns the FlagSet of the named command. synopsis is the
// command line after "bangsnap "; description is shown by -h before the flags.
func newFlagSet(name, synopsis, description string) *commandFlags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {} // parse prints usage itself, to the right stream
	return &commandFlags{FlagSet: fs, synopsis: synopsis, description: description}
}

// parse parses args. When ok is false the command must return code at once:
// -h printed the usage to stdout (exit 0), or a bad flag printed an error
// and a usage hint to stderr (exit 2).
func (f *commandFlags) parse(args []string, stdout, stderr io.Writer) (code int, ok bool) {
	f.SetOutput(stderr) // the flag package writes its error messages here
	err := f.Parse(args)
	switch {
	case err == flag.ErrHelp:
		f.printUsage(stdout)
		return exitOK, false
	case err != nil:
		f.usageError(stderr, "")
		return exitUsage, false
	}
	return exitOK, true
}

// usageError reports a usage error (msg may be empty when the flag package
// already printed it) with the synopsis and a hint.
func (f *commandFlags) usageError(stderr io.Writer, msg string) {
	if msg != "" {
		fmt.Fprintf(stderr, "bangsnap %s: %s\n", f.Name(), msg)
	}
	fmt.Fprintf(stderr, "usage: bangsnap %s\nRun 'bangsnap help %s' for details.\n", f.synopsis, f.Name())
}

func (f *commandFlags) printUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: bangsnap %s\n\n%s\n", f.synopsis, f.description)
	hasFlags := false
	f.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		fmt.Fprintf(w, "\nFlags:\n")
		f.SetOutput(w)
		f.PrintDefaults()
	}
}
