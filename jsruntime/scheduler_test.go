package jsruntime

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// scheduler.postTask orders tasks by priority (a continuation before the
// tasks of its priority), follows priority changes, and lets aborts and
// delays through; the expectations are Chromium's.
func TestSchedulerOrder(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	got := netPage(t, srv, true, `<script>
var c = new TaskController({priority: 'background'}), a = new AbortController();
c.signal.addEventListener('prioritychange', e => out.push('prioritychange from ' + e.previousPriority));
scheduler.postTask(() => out.push('background'), {priority: 'background'});
scheduler.postTask(() => {
  out.push('user-visible 1');
  scheduler.postTask(() => out.push('user-visible 3'));
  scheduler.yield().then(() => out.push('continuation'));
});
scheduler.postTask(() => out.push('user-blocking'), {priority: 'user-blocking'});
scheduler.postTask(() => out.push('controlled'), {signal: c.signal});
scheduler.postTask(() => out.push('aborted ran'), {signal: a.signal}).catch(e => out.push('aborted ' + e.name));
scheduler.postTask(() => out.push('delayed'), {delay: 50});
scheduler.postTask(() => { throw new Error('boom'); }).catch(e => out.push('rejected ' + e.message));
c.setPriority('user-blocking');
a.abort();
out.push('sync');
</script>`)
	want := []string{
		"prioritychange from background",
		"sync",
		"aborted AbortError",
		"user-blocking",
		"controlled",
		"user-visible 1",
		"continuation",
		"rejected boom",
		"user-visible 3",
		"background",
		"delayed",
	}
	if got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}
