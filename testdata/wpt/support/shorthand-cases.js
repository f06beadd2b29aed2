// Helpers for the pages that compare how shorthands parse, serialize and
// compute with what Chromium reads back.

// declaredReading sets prop: value on a fresh element's style and returns
// what is then read back: "[shorthand value] {cssText} longhand=value; …",
// the longhands in style.item() order.
function declaredReading(prop, value) {
  const d = document.createElement("div");
  d.style.setProperty(prop, value);
  const longhands = [];
  for (let i = 0; i < d.style.length; i++) longhands.push(d.style[i] + "=" + d.style.getPropertyValue(d.style[i]));
  return "[" + d.style.getPropertyValue(prop) + "] {" + d.style.cssText + "} " + longhands.join("; ");
}

// declaredTests makes a test per key of expected, a "prop: value" string,
// comparing its declaredReading with the expected reading.
function declaredTests(expected) {
  for (const key of Object.keys(expected)) {
    test(() => {
      const [prop, value] = key.split(/: (.*)/s);
      assert_equals(declaredReading(prop, value), expected[key]);
    }, key);
  }
}

// computedTests makes a test per case {css, props, initial, set}: the
// computed values of props on an element in the document, read before
// and after its style's cssText is set to css, joined as "prop=value | …".
function computedTests(cases) {
  for (const c of cases) {
    test(() => {
      const e = document.createElement("div");
      document.body.append(e);
      const cs = getComputedStyle(e);
      const read = () => c.props.map(k => k + "=" + cs.getPropertyValue(k)).join(" | ");
      const initial = read();
      e.style.cssText = c.css;
      const set = read();
      e.remove();
      assert_equals(initial, c.initial, "initial");
      assert_equals(set, c.set, "set");
    }, "computed: " + c.css);
  }
}
