package pyhandlers

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// A trickleStep is one instruction of wptserve's trickle pipe: send the
// next n bytes of the body, wait d, or repeat the steps before it.
type trickleStep struct {
	kind   byte // 'b' bytes, 'd' delay, 'r' repeat
	bytes  int
	delay  time.Duration
	repeat int // the number of steps before this one to repeat (even)
}

// maxTrickleDelay bounds one delay of a trickle pipe: a test asks for
// seconds, a typo must not hold a connection for an hour.
const maxTrickleDelay = time.Minute

// parseTrickle reads the argument of trickle(): steps separated by
// colons, each a byte count (an integer), a delay in seconds ("d" and a
// float) or, last, "r" and an even count of steps to repeat until the
// body is sent. Consecutive steps of one kind add up, as in wptserve.
// https://web-platform-tests.org/writing-tests/server-pipes.html#trickle
func parseTrickle(arg string) ([]trickleStep, error) {
	var steps []trickleStep
	parts := strings.Split(arg, ":")
	for i, part := range parts {
		s := trickleStep{kind: 'b'}
		switch {
		case strings.HasPrefix(part, "d"):
			s.kind = 'd'
			sec, err := strconv.ParseFloat(part[1:], 64)
			if err != nil || sec < 0 || sec > maxTrickleDelay.Seconds() {
				return nil, fmt.Errorf("pyhandlers: trickle(%s): bad delay %q", arg, part)
			}
			s.delay = time.Duration(sec * float64(time.Second))
		case strings.HasPrefix(part, "r"):
			s.kind = 'r'
			n, err := strconv.Atoi(part[1:])
			if err != nil || n <= 0 || n%2 != 0 || i != len(parts)-1 {
				return nil, fmt.Errorf("pyhandlers: trickle(%s): bad repeat %q (an even count, last)", arg, part)
			}
			s.repeat = n
		default:
			n, err := strconv.Atoi(part)
			if err != nil || n < 0 {
				return nil, fmt.Errorf("pyhandlers: trickle(%s): bad byte count %q", arg, part)
			}
			s.bytes = n
		}
		if k := len(steps) - 1; k >= 0 && s.kind != 'r' && steps[k].kind == s.kind {
			steps[k].bytes += s.bytes
			steps[k].delay += s.delay
			continue
		}
		steps = append(steps, s)
	}
	if last := steps[len(steps)-1]; last.kind == 'r' {
		if last.repeat > len(steps)-1 {
			return nil, fmt.Errorf("pyhandlers: trickle(%s): repeats %d steps of %d", arg, last.repeat, len(steps)-1)
		}
		sends := false
		for _, s := range steps[len(steps)-1-last.repeat : len(steps)-1] {
			sends = sends || s.bytes > 0
		}
		if !sends {
			return nil, fmt.Errorf("pyhandlers: trickle(%s): the repeated steps send nothing", arg)
		}
	}
	return steps, nil
}

// trickle turns resp's body into a stream written by the steps: wptserve
// sends it with no Content-Length (the body ends when the connection
// closes) and, unless the response says how to cache it, headers that
// forbid caching. A delay ends early when done closes; a write that fails
// (the client went) ends the stream.
func trickle(resp *Response, steps []trickleStep, done <-chan struct{}) {
	cached := false
	for _, h := range resp.Headers {
		switch strings.ToLower(h.Name) {
		case "cache-control", "pragma", "expires":
			cached = true
		}
	}
	if !cached {
		resp.Headers = append(resp.Headers,
			Pair{"Cache-Control", "no-cache, no-store, must-revalidate"}, Pair{"Pragma", "no-cache"}, Pair{"Expires", "0"})
	}
	body := resp.Body
	resp.Body = nil
	resp.Stream = func(w io.Writer) {
		off := 0
		// run follows steps once; false when the stream must end.
		var run func(steps []trickleStep) bool
		run = func(steps []trickleStep) bool {
			for i, s := range steps {
				switch s.kind {
				case 'r':
					if i != len(steps)-1 {
						continue
					}
					for off < len(body) {
						if !run(steps[i-s.repeat : i]) {
							return false
						}
					}
				case 'd':
					select {
					case <-time.After(s.delay):
					case <-done:
						return false
					}
				default:
					n := min(s.bytes, len(body)-off)
					if n > 0 {
						if _, err := w.Write(body[off : off+n]); err != nil {
							return false
						}
						off += n
					}
				}
			}
			return true
		}
		if run(steps) && off < len(body) {
			w.Write(body[off:])
		}
	}
}
