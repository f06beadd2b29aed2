// A storefront: a product grid filtered and sorted from the #! state, a
// search ranked by uFuzzy, a cart drawer kept in localStorage with
// currency.js arithmetic, and every figure formatted with Intl.
(function () {
  'use strict';
  var STORE = 'sf-cart';
  var m = /^#!\/(\w\w)\/([\w-]+)(?:\/(.*))?$/.exec(location.hash) || [];
  var route = { locale: m[1] === 'de' ? 'de-DE' : 'en-US', view: m[2] || 'lamps', arg: decodeURIComponent(m[3] || '') };
  var L = route.locale;
  var money = new Intl.NumberFormat(L, { style: 'currency', currency: 'EUR' });
  var pct = new Intl.NumberFormat(L, { style: 'percent', maximumFractionDigits: 0 });
  var compact = new Intl.NumberFormat(L, { notation: 'compact', compactDisplay: 'short', maximumFractionDigits: 1 });
  var kg = new Intl.NumberFormat(L, { style: 'unit', unit: 'kilogram', unitDisplay: 'short' });
  var stars = new Intl.NumberFormat(L, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  var plural = new Intl.PluralRules(L);
  var ordinal = new Intl.PluralRules(L, { type: 'ordinal' });
  var rtf = new Intl.RelativeTimeFormat(L, { numeric: 'auto' });
  var andList = new Intl.ListFormat(L, { type: 'conjunction' });
  var orList = new Intl.ListFormat(L, { type: 'disjunction' });
  var dateFmt = new Intl.DateTimeFormat(L, { dateStyle: 'medium', timeZone: 'UTC' });
  var graphemes = new Intl.Segmenter(L, { granularity: 'grapheme' });
  var words = new Intl.Segmenter(L, { granularity: 'word' });
  var WORDS = {
    'en-US': { items: { one: 'item', other: 'items' }, left: { one: 'Only # left', other: 'Only # left' }, back: 'Back', ord: { one: 'st', two: 'nd', few: 'rd', other: 'th' }, seller: 'best seller', results: 'results for', none: 'Nothing found for' },
    'de-DE': { items: { one: 'Artikel', other: 'Artikel' }, left: { one: 'Nur noch # Stück', other: 'Nur noch # Stück' }, back: 'Wieder da', ord: null, seller: 'Bestseller', results: 'Treffer für', none: 'Nichts gefunden für' }
  };
  var W = WORDS[L];
  var cur = L === 'de-DE'
    ? function (v) { return currency(v, { symbol: '€', separator: '.', decimal: ',', pattern: '# !', negativePattern: '-# !' }); }
    : function (v) { return currency(v, { symbol: '€' }); };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function rank(n) {
    if (!W.ord) return n + '.';
    return n + W.ord[ordinal.select(n)];
  }
  function truncate(s, max) {
    var out = '', n = 0;
    for (var it = graphemes.segment(s)[Symbol.iterator](), r = it.next(); !r.done; r = it.next()) {
      if (n === max) return out.trimEnd() + '…';
      out += r.value.segment;
      n++;
    }
    return out;
  }
  function wordCount(s) {
    var n = 0;
    for (var it = words.segment(s)[Symbol.iterator](), r = it.next(); !r.done; r = it.next()) if (r.value.isWordLike) n++;
    return n;
  }
  function days(from, to) { return Math.round((Date.parse(to) - Date.parse(from)) / 864e5); }
  function getJSON(url) {
    return fetch(url).then(function (r) {
      NProgress.inc(0.2);
      if (!r.ok) throw new Error(url + ': ' + r.status);
      return r.json();
    });
  }

  NProgress.configure({ showSpinner: false, trickle: false, minimum: 0.1 });
  NProgress.start();
  document.getElementById('locale').textContent = new Intl.DisplayNames([L], { type: 'language' }).of(L);
  var stored = localStorage.getItem(STORE);
  Promise.all([
    getJSON('data/products.json'),
    getJSON('data/reviews.json'),
    stored ? Promise.resolve(JSON.parse(stored)) : getJSON('data/cart.json')
  ]).then(function (v) {
    var cat = v[0], reviews = v[1], cart = v[2];
    var byId = {};
    cat.products.forEach(function (p) { byId[p.id] = p; });
    var best = cat.products.slice().sort(function (a, b) { return b.sold - a.sold; });
    best.forEach(function (p, i) { p.rank = i + 1; });

    var nav = document.getElementById('cats');
    cat.categories.forEach(function (c) {
      var a = el('a', c.id === route.view ? 'on' : '', c.name);
      a.href = '#!/' + route.locale.slice(0, 2) + '/' + c.id;
      nav.appendChild(a);
    });

    var list, heading, highlights = {};
    if (route.view === 'search') {
      var uf = new uFuzzy({ intraMode: 1 });
      var hay = cat.products.map(function (p) { return p.name + ' ' + p.desc; });
      var res = uf.search(hay, route.arg);
      var idxs = res[0] || [], info = res[1], order = res[2];
      list = [];
      (order || idxs.map(function (_, i) { return i; })).forEach(function (oi) {
        var p = cat.products[info ? info.idx[oi] : idxs[oi]];
        list.push(p);
        if (info) {
          var nameLen = p.name.length;
          var ranges = info.ranges[oi].filter(function (x, i) { return i % 2 === 0 ? x < nameLen : true; });
          highlights[p.id] = uFuzzy.highlight(p.name, info.ranges[oi].filter(function (x, i, a) { return i % 2 === 0 && x < nameLen || i % 2 === 1 && a[i - 1] < nameLen; }).map(function (x) { return Math.min(x, nameLen); }));
        }
      });
      heading = list.length + ' ' + W.results + ' “' + route.arg + '”';
      if (!list.length) heading = W.none + ' “' + route.arg + '”';
    } else {
      var c = cat.categories.filter(function (c) { return c.id === route.view; })[0] || cat.categories[0];
      list = cat.products.filter(function (p) { return p.cat === c.id; });
      var sort = route.arg || 'best';
      var cmp = {
        'price-asc': function (a, b) { return a.price - b.price; },
        'price-desc': function (a, b) { return b.price - a.price; },
        rating: function (a, b) { return b.rating - a.rating; },
        newest: function (a, b) { return Date.parse(b.added) - Date.parse(a.added); },
        best: function (a, b) { return a.rank - b.rank; }
      }[sort] || function () { return 0; };
      list.sort(cmp);
      heading = c.name;
    }
    document.getElementById('heading').textContent = heading;
    var prices = list.map(function (p) { return p.price; });
    document.getElementById('summary').textContent = list.length
      ? list.length + ' ' + W.items[plural.select(list.length)] + ' · ' + money.formatRange(Math.min.apply(null, prices), Math.max.apply(null, prices))
      : '';
    document.title = heading + ' — Nordlys';

    var grid = document.getElementById('grid');
    list.forEach(function (p) {
      var li = el('li', 'card' + (p.stock ? '' : ' sold-out'));
      li.dataset.id = p.id;
      var h = el('h3', 'name');
      if (highlights[p.id]) h.innerHTML = highlights[p.id]; else h.textContent = p.name;
      li.appendChild(h);
      var price = el('p', 'price');
      price.appendChild(el('span', 'now', money.format(p.price)));
      if (p.was) {
        price.appendChild(document.createTextNode(' '));
        price.appendChild(el('span', 'was', money.format(p.was)));
        price.appendChild(el('span', 'off', ' −' + pct.format(1 - p.price / p.was)));
      }
      li.appendChild(price);
      li.appendChild(el('p', 'rating', '★ ' + stars.format(p.rating) + ' (' + compact.format(p.reviews) + ')'));
      li.appendChild(el('p', 'rank', rank(p.rank) + ' ' + W.seller));
      li.appendChild(el('p', 'colors', andList.format(p.colors) + ' · ' + orList.format(p.colors.slice(0, 2))));
      li.appendChild(el('p', 'weight', kg.format(p.weightKg)));
      var stock;
      if (!p.stock) stock = W.back + ' ' + rtf.format(days(cat.today, p.restock), 'day');
      else if (p.stock <= 5) stock = W.left[plural.select(p.stock)].replace('#', p.stock);
      else stock = '✓';
      li.appendChild(el('p', 'stock', stock));
      li.appendChild(el('p', 'added', timeago.format(p.added, L === 'de-DE' ? 'de' : 'en_US', { relativeDate: cat.today })));
      li.appendChild(el('p', 'desc', truncate(p.desc, 48) + ' (' + wordCount(p.desc) + ')'));
      grid.appendChild(li);
    });

    var revlist = document.getElementById('revlist');
    reviews.filter(function (r) { return list.indexOf(byId[r.product]) >= 0; }).forEach(function (r) {
      var li = el('li', 'review', r.by + ', ' + dateFmt.format(new Date(r.at)) + ' (' + rtf.format(days(cat.today, r.at), 'day') + '): ' + '★'.repeat(r.stars) + ' ' + r.text);
      revlist.appendChild(li);
    });

    function renderCart() {
      var tbody = document.getElementById('lines');
      tbody.replaceChildren();
      var lines = cart.lines.filter(function (l) { return byId[l.id]; });
      var sub = cur(0), count = 0;
      var ship = cur(lines.length ? 9.9 : 0).distribute(lines.length || 1);
      lines.forEach(function (l, i) {
        var p = byId[l.id];
        var lt = cur(p.price).multiply(l.qty);
        sub = sub.add(lt);
        count += l.qty;
        var tr = el('tr');
        tr.appendChild(el('td', '', p.name));
        tr.appendChild(el('td', 'num', String(l.qty)));
        var td = el('td', 'num', lt.format());
        td.title = '+ ' + ship[i].format();
        tr.appendChild(td);
        tbody.appendChild(tr);
      });
      var shipping = ship.reduce(function (a, b) { return a.add(b); }, cur(0));
      var total = sub.add(shipping);
      document.getElementById('subtotal').textContent = sub.format();
      document.getElementById('shipping').textContent = shipping.format();
      document.getElementById('vat').textContent = total.divide(5).format();
      document.getElementById('total').textContent = money.format(total.value);
      document.getElementById('cartcount').textContent = count + ' ' + W.items[plural.select(count)];
      document.getElementById('saved').textContent = rtf.format(days(cat.today, cart.saved), 'day') + ' · ' + dateFmt.format(new Date(cart.saved));
      localStorage.setItem(STORE, JSON.stringify(cart));
      document.getElementById('persisted').textContent = localStorage.getItem(STORE).length + ' B · ' + cart.lines.map(function (l) { return l.id + '×' + l.qty; }).join(' ');
    }
    renderCart();
    document.getElementById('drawer').hidden = false;
    // the top result goes into the cart a moment later, as a quick-add
    // button would, and the cart is written back
    setTimeout(function () {
      var top = list.filter(function (p) { return p.stock; })[0];
      if (top) {
        var line = cart.lines.filter(function (l) { return l.id === top.id; })[0];
        if (line) line.qty++; else cart.lines.push({ id: top.id, qty: 1 });
        renderCart();
      }
      NProgress.done();
    }, 120);
  }).catch(function (e) {
    document.getElementById('heading').textContent = 'Error: ' + e.message;
    NProgress.done();
  });
})();
