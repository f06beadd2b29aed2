// A shop page on daisyUI 5: products fetched as JSON, the theme, the tab and
// the open product from the #! state (#!/THEME/VIEW[/PRODUCT]); a chart-like
// palette line reads the theme's colors back through getComputedStyle, as
// pages feeding a chart library do.
var state = { items: [], theme: 'light', view: 'all', open: null, cart: 0 };

function fmt(n) {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(n);
}

function parse() {
  var parts = location.hash.replace(/^#!\/?/, '').split('/');
  state.theme = parts[0] || 'light';
  state.view = parts[1] || 'all';
  state.open = parts[2] || null;
}

function card(p) {
  var tags = p.tags.map(function (t) {
    return '<div class="badge ' + (t === 'sale' ? 'badge-accent' : 'badge-outline') + '">' + t + '</div>';
  }).join(' ');
  return '<div class="card bg-base-100 shadow-sm" data-id="' + p.id + '">' +
    '<div class="card-body"><h2 class="card-title">' + p.name +
    (p.stock === 0 ? ' <span class="badge badge-error">sold out</span>' : '') + '</h2>' +
    '<p>' + p.desc + '</p><div class="card-actions justify-end">' + tags +
    '<button class="btn btn-primary btn-sm add"' + (p.stock === 0 ? ' disabled' : '') + '>' + fmt(p.price) + '</button>' +
    '</div></div></div>';
}

var faq = [
  ['shipping', 'Shipping', 'Free over 100 \u20ac, two working days.'],
  ['returns', 'Returns', 'Within 30 days, unused.']
];

// the questions as radio-driven collapses (CSS only: the checked one's
// content is shown); the sale view opens the shipping question
function questions() {
  var open = state.view === 'sale' ? 'shipping' : 'returns';
  return faq.map(function (q) {
    return '<div class="collapse collapse-arrow join-item border-base-300 border">' +
      '<input type="radio" name="faq" value="' + q[0] + '"' + (q[0] === open ? ' checked' : '') + '>' +
      '<div class="collapse-title font-semibold">' + q[1] + '</div>' +
      '<div class="collapse-content text-sm">' + q[2] + '</div></div>';
  }).join('');
}

function palette() {
  var root = getComputedStyle(document.documentElement);
  var names = ['primary', 'secondary', 'accent'];
  var btn = document.querySelector('#grid .btn-primary');
  var shown = document.querySelector('#faq input:checked + .collapse-title + .collapse-content');
  return 'Theme ' + state.theme + ': ' + names.map(function (n) {
    return n + ' ' + root.getPropertyValue('--color-' + n).trim();
  }).join(', ') + '; button ' + (btn ? getComputedStyle(btn).backgroundColor : 'none') +
    '; scheme ' + root.colorScheme + '; open ' + (shown ? getComputedStyle(shown).visibility : 'none');
}

function render() {
  document.documentElement.setAttribute('data-theme', state.theme);
  document.querySelectorAll('#tabs .tab').forEach(function (t) {
    t.classList.toggle('tab-active', t.getAttribute('data-view') === state.view);
    t.setAttribute('href', '#!/' + state.theme + '/' + t.getAttribute('data-view'));
  });
  var items = state.items.filter(function (p) {
    if (state.view === 'sale') return p.tags.indexOf('sale') >= 0;
    if (state.view === 'stock') return p.stock > 0;
    return true;
  });
  document.getElementById('grid').innerHTML = items.map(card).join('');
  document.getElementById('faq').innerHTML = questions();
  var total = state.items.reduce(function (a, p) { return a + p.stock; }, 0);
  document.getElementById('stats').innerHTML =
    '<div class="stat"><div class="stat-title">Products</div><div class="stat-value">' + items.length +
    '</div><div class="stat-desc">of ' + state.items.length + '</div></div>' +
    '<div class="stat"><div class="stat-title">In stock</div><div class="stat-value text-secondary">' + total + '</div></div>';
  var d = document.getElementById('detail');
  var p = state.items.filter(function (x) { return x.id === state.open; })[0];
  if (p) {
    document.getElementById('dtitle').textContent = p.name;
    document.getElementById('ddesc').textContent = p.desc;
    document.getElementById('drating').innerHTML = [1, 2, 3, 4, 5].map(function (i) {
      return '<input type="radio" name="rating" class="mask mask-star-2 bg-orange-400" aria-label="' + i +
        ' star"' + (i === p.rating ? ' checked' : '') + '>';
    }).join('');
    if (!d.open) d.showModal();
  } else if (d.open) {
    d.close();
  }
  document.getElementById('palette').textContent = palette();
}

document.getElementById('grid').addEventListener('click', function (e) {
  var b = e.target.closest('.add');
  if (!b) return;
  state.cart++;
  document.getElementById('cartcount').textContent = state.cart;
  var t = document.createElement('div');
  t.className = 'alert alert-success';
  t.innerHTML = '<span>Added ' + b.closest('.card').querySelector('.card-title').firstChild.textContent + '</span>';
  document.getElementById('toasts').appendChild(t);
});

window.addEventListener('hashchange', function () { parse(); render(); });

var prog = document.getElementById('prog');
var step = setInterval(function () {
  prog.value += 25;
  if (prog.value >= 100) clearInterval(step);
}, 100);

parse();
fetch('data/products.json').then(function (r) { return r.json(); }).then(function (items) {
  state.items = items;
  document.getElementById('notice').remove();
  render();
  setTimeout(function () {
    // the first product in stock goes into the cart
    var b = document.querySelector('#grid .add:not([disabled])');
    if (b) b.click();
    document.getElementById('palette').textContent = palette();
  }, 250);
});
