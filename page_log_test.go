package bangsnap_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bangsnap/bangsnap"
)

func TestPageTakeErrorsAndConsole(t *testing.T) {
	ctx := context.Background()
	page := openHTML(t, `<!doctype html><button id="ok">ok</button><button id="bad">bad</button><script>
		console.log("loaded");
		document.getElementById("ok").onclick = function () { console.warn("fine"); };
		document.getElementById("bad").onclick = function () { console.error("about to fail"); null.x; };
		setTimeout(function () { throw new Error("late") }, 10);
	</script>`, bangsnap.Options{})
	errs, logs := page.TakeErrors(), page.TakeConsole()
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "late") || len(logs) != 1 || logs[0].Message != "loaded" {
		t.Fatalf("after Open: errors %+v, console %+v", errs, logs)
	}
	if err := page.Click(ctx, "#ok"); err != nil {
		t.Fatal(err)
	}
	errs, logs = page.TakeErrors(), page.TakeConsole()
	if len(errs) != 0 || len(logs) != 1 || logs[0].Level != "warn" || logs[0].Message != "fine" {
		t.Errorf("after a good click: errors %+v, console %+v", errs, logs)
	}
	// A handler's exception is the page's, not the action's: Click
	// succeeds, and TakeErrors has it.
	if err := page.Click(ctx, "#bad"); err != nil {
		t.Fatal(err)
	}
	errs, logs = page.TakeErrors(), page.TakeConsole()
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "TypeError") || len(logs) != 1 || logs[0].Level != "error" {
		t.Errorf("after a failing click: errors %+v, console %+v", errs, logs)
	}
	if errs, logs = page.TakeErrors(), page.TakeConsole(); len(errs)+len(logs) != 0 {
		t.Errorf("taken twice: %+v %+v", errs, logs)
	}
	if rep := page.Report(); len(rep.Errors) != 2 || len(rep.Console) != 3 {
		t.Errorf("Report keeps everything: %d errors, %d messages", len(rep.Errors), len(rep.Console))
	}
}
