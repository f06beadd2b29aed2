// testharnessreport.js for bangsnap's WPT-format pages (testdata/wpt): when
// testharness.js completes, every subtest (name, status, message) and the
// harness status are written where both runners read them:
//   - window.__wptResults, a JSON string (read with Page.Eval / page.evaluate);
//   - <pre id="__wpt_results"> appended to the document element (read from a
//     snapshot or Chromium's --dump-dom).
// Statuses are testharness.js's names: PASS FAIL TIMEOUT NOTRUN
// PRECONDITION_FAILED for subtests, OK ERROR TIMEOUT PRECONDITION_FAILED for
// the harness. Written for bangsnap; not taken from web-platform-tests.
//
// Like the report script of WPT's own runner, it turns testharness.js's
// results table off (setup({output: false})): building it costs more than
// the tests on large pages (a row and an "asserts run" table per subtest).
// A page that wants the table (to test that machinery) says so with
// <meta name="wpt-output" content="on"> before this script.
(function () {
  var wantOutput = document.querySelector('meta[name="wpt-output"][content="on"]') !== null;
  setup({output: wantOutput});
  var TEST = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
  var HARNESS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];
  add_completion_callback(function (tests, status) {
    var out = {
      harness: HARNESS[status.status] || String(status.status),
      message: status.message == null ? null : String(status.message),
      tests: tests.map(function (t) {
        return {
          name: t.name,
          status: TEST[t.status] || String(t.status),
          message: t.message == null ? null : String(t.message)
        };
      })
    };
    var json = JSON.stringify(out);
    window.__wptResults = json;
    var pre = document.createElement('pre');
    pre.id = '__wpt_results';
    pre.textContent = json;
    document.documentElement.appendChild(pre);
  });
})();
