// The check-layout harness of the geometry pages (layoutdiff*, and the
// lead and sweep pages that check boxes only): each case is markup put in
// #stage and the boxes Chromium gives its elements, checked one
// testharness test a case once the page has loaded.
setup({explicit_done: true});
const stage = document.getElementById('stage');
const cases = [];
// want: [id, x and y from the stage, width, height] for each element
// checked (getBoundingClientRect), and [id, 'scroll', scrollWidth,
// scrollHeight]; the id 'stage' with a height checks the stage's height.
// The boxes may also come as one list of them: check(name, html, [[id, …], …]).
function check(name, html, ...want) {
  cases.push([name, html, want.length === 1 && Array.isArray(want[0][0]) ? want[0] : want]);
}
window.onload = () => {
  for (const [name, html, want] of cases) {
    test(() => {
      stage.innerHTML = html;
      try {
        const s = stage.getBoundingClientRect();
        for (const [id, ...v] of want) {
          const e = document.getElementById(id), r = e.getBoundingClientRect();
          if (id === 'stage') assert_equals(r.height, v[0], 'the stage\'s height');
          else if (v[0] === 'scroll') assert_array_equals([e.scrollWidth, e.scrollHeight], v.slice(1), id + '\'s scroll size');
          else assert_array_equals([r.x - s.x, r.y - s.y, r.width, r.height], v, id + '\'s border box');
        }
      } finally { stage.textContent = ''; }
    }, name);
  }
  done();
};
