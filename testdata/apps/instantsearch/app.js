/* A furniture shop's search page on InstantSearch.js with its own search
   client: the products come from one fetched JSON file, and the client answers
   the helper's queries (the main query and the disjunctive-facet queries) the
   way a search API does: query, facet filters (OR within a group, AND between
   groups), numeric filters, facet counts and stats, highlighting, paging and
   replica indices for the sort orders. The crawler's #! state is the router's
   URL: parseURL reads it, createURL writes it. */
(function () {
  'use strict';

  var productsPromise = null;
  var queries = 0;
  var requestsSeen = 0;

  function products() {
    if (!productsPromise) {
      productsPromise = fetch('data/products.json').then(function (r) {
        if (!r.ok) throw new Error('products: HTTP ' + r.status);
        return r.json();
      });
    }
    return productsPromise;
  }

  function escapeRegExp(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); }

  function highlight(text, words, pre, post) {
    if (!words.length) return { value: text, matchLevel: 'none', matchedWords: [] };
    var matched = [];
    var re = new RegExp('(' + words.map(escapeRegExp).join('|') + ')', 'ig');
    var value = text.replace(re, function (m) {
      var w = m.toLowerCase();
      if (matched.indexOf(w) < 0) matched.push(w);
      return pre + m + post;
    });
    var level = matched.length === 0 ? 'none' : (matched.length === words.length ? 'full' : 'partial');
    return { value: value, matchLevel: level, matchedWords: matched };
  }

  // facetFilters: ["a:x", ["b:y", "b:z"]] — strings are ANDed, an inner
  // array is ORed; a value starting with "-" is negated.
  function parseFacetFilter(s) {
    var i = s.indexOf(':');
    var value = s.slice(i + 1);
    var negated = value.charAt(0) === '-';
    if (negated) value = value.slice(1);
    return { attr: s.slice(0, i), value: value.replace(/^\\-/, '-'), negated: negated };
  }

  function matchesFacet(hit, f) {
    var v = hit[f.attr];
    var has = Array.isArray(v) ? v.map(String).indexOf(f.value) >= 0 : String(v) === f.value;
    return f.negated ? !has : has;
  }

  var OPS = {
    '>=': function (a, b) { return a >= b; }, '<=': function (a, b) { return a <= b; },
    '>': function (a, b) { return a > b; }, '<': function (a, b) { return a < b; },
    '=': function (a, b) { return a === b; }, '!=': function (a, b) { return a !== b; }
  };

  function parseNumericFilter(s) {
    var m = /^\s*([\w.]+)\s*(>=|<=|!=|=|>|<)\s*(-?[\d.]+)\s*$/.exec(s);
    if (!m) throw new Error('numericFilters: cannot read ' + JSON.stringify(s));
    return { attr: m[1], op: OPS[m[2]], value: Number(m[3]) };
  }

  function groups(list, parse) {
    return (list || []).map(function (g) {
      return (Array.isArray(g) ? g : [g]).map(parse);
    });
  }

  function runQuery(all, request) {
    var p = request.params || {};
    var words = (p.query || '').toLowerCase().split(/\s+/).filter(Boolean);
    var pre = p.highlightPreTag || '<em>', post = p.highlightPostTag || '</em>';
    var facetGroups = groups(p.facetFilters, parseFacetFilter);
    var numericGroups = groups(p.numericFilters, parseNumericFilter);

    var hits = all.filter(function (h) {
      var text = (h.name + ' ' + h.description).toLowerCase();
      if (!words.every(function (w) { return text.indexOf(w) >= 0; })) return false;
      if (!facetGroups.every(function (g) { return g.some(function (f) { return matchesFacet(h, f); }); })) return false;
      return numericGroups.every(function (g) {
        return g.some(function (f) { return f.op(Number(h[f.attr]), f.value); });
      });
    });

    if (request.indexName === 'products_price_asc') hits.sort(function (a, b) { return a.price - b.price; });
    else if (request.indexName === 'products_price_desc') hits.sort(function (a, b) { return b.price - a.price; });
    else if (words.length) {
      // a match in the name ranks before a match in the description only
      var inName = function (h) { return words.every(function (w) { return h.name.toLowerCase().indexOf(w) >= 0; }) ? 0 : 1; };
      hits = hits.map(function (h, i) { return { h: h, i: i }; })
        .sort(function (a, b) { return inName(a.h) - inName(b.h) || a.i - b.i; })
        .map(function (x) { return x.h; });
    }

    var facetNames = p.facets === '*' || (Array.isArray(p.facets) && p.facets[0] === '*')
      ? ['brand', 'category', 'color', 'free_shipping', 'price']
      : [].concat(p.facets || []);
    var facets = {}, stats = {};
    facetNames.forEach(function (attr) {
      var counts = {};
      hits.forEach(function (h) { var k = String(h[attr]); counts[k] = (counts[k] || 0) + 1; });
      facets[attr] = counts;
      var nums = hits.map(function (h) { return h[attr]; }).filter(function (v) { return typeof v === 'number'; });
      if (nums.length) {
        var sum = nums.reduce(function (a, b) { return a + b; }, 0);
        stats[attr] = { min: Math.min.apply(null, nums), max: Math.max.apply(null, nums), avg: sum / nums.length, sum: sum };
      }
    });

    var hpp = p.hitsPerPage != null ? p.hitsPerPage : 20;
    var page = p.page || 0;
    var pageHits = hpp === 0 ? [] : hits.slice(page * hpp, (page + 1) * hpp).map(function (h) {
      return Object.assign({}, h, {
        _highlightResult: {
          name: highlight(h.name, words, pre, post),
          description: highlight(h.description, words, pre, post)
        }
      });
    });
    return {
      hits: pageHits, nbHits: hits.length, page: page, hitsPerPage: hpp,
      nbPages: hpp === 0 ? 0 : Math.ceil(hits.length / hpp),
      facets: facets, facets_stats: stats, query: p.query || '', params: '',
      index: request.indexName, processingTimeMS: 1, exhaustiveNbHits: true
    };
  }

  var searchClient = {
    search: function (requests) {
      queries += 1;
      requestsSeen += requests.length;
      return products().then(function (all) {
        return { results: requests.map(function (r) { return runQuery(all, r); }) };
      });
    }
  };

  var SORTS = { featured: 'products', price_asc: 'products_price_asc', price_desc: 'products_price_desc' };
  function sortName(index) {
    for (var k in SORTS) if (SORTS[k] === index) return k;
    return undefined;
  }

  var router = instantsearch.routers.history({
    windowTitle: function (route) {
      return route.q ? 'Furniture: ' + route.q : 'Furniture';
    },
    createURL: function (opts) {
      var qs = opts.qsModule.stringify(opts.routeState, { encodeValuesOnly: true, arrayFormat: 'comma' });
      return opts.location.pathname + opts.location.search + '#!' + qs;
    },
    parseURL: function (opts) {
      return opts.qsModule.parse(opts.location.hash.replace(/^#!/, ''), { comma: true });
    },
    cleanUrlOnDispose: false
  });

  var stateMapping = {
    stateToRoute: function (uiState) {
      var s = uiState.products || {};
      return {
        q: s.query || undefined,
        brand: s.refinementList && s.refinementList.brand,
        category: s.menu && s.menu.category,
        free: s.toggle && s.toggle.free_shipping ? 'yes' : undefined,
        price: s.range && s.range.price,
        sort: s.sortBy ? sortName(s.sortBy) : undefined,
        page: s.page && s.page > 1 ? s.page : undefined
      };
    },
    routeToState: function (route) {
      var brand = route.brand;
      if (typeof brand === 'string') brand = brand.split(',');
      return {
        products: {
          query: route.q,
          refinementList: brand ? { brand: brand } : undefined,
          menu: route.category ? { category: route.category } : undefined,
          toggle: route.free === 'yes' ? { free_shipping: true } : undefined,
          range: route.price ? { price: route.price } : undefined,
          sortBy: route.sort ? SORTS[route.sort] : undefined,
          page: route.page ? Number(route.page) : undefined
        }
      };
    }
  };

  var euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

  var search = instantsearch({
    indexName: 'products',
    searchClient: searchClient,
    routing: { router: router, stateMapping: stateMapping },
    future: { preserveSharedStateOnUnmount: true }
  });

  var w = instantsearch.widgets;
  var brandPanel = w.panel({ templates: { header: function () { return 'Brand'; } } })(w.refinementList);
  var pricePanel = w.panel({
    templates: { header: function () { return 'Price'; } },
    hidden: function (o) { return !o.results || o.results.nbHits < 2; }
  })(w.rangeInput);

  search.addWidgets([
    w.configure({ hitsPerPage: 4 }),
    w.searchBox({ container: '#searchbox', placeholder: 'Search tables, lamps, oak…', showLoadingIndicator: false }),
    w.stats({
      container: '#stats',
      templates: {
        text: function (d, o) {
          return d.hasNoResults ? 'No products' : o.html`${d.nbHits} products, page ${d.page + 1} of ${d.nbPages}`;
        }
      }
    }),
    brandPanel({ container: '#brands', attribute: 'brand', sortBy: ['name:asc'] }),
    w.menu({ container: '#categories', attribute: 'category', sortBy: ['count:desc', 'name:asc'] }),
    w.toggleRefinement({ container: '#shipping', attribute: 'free_shipping', templates: { labelText: function () { return 'Free shipping'; } } }),
    pricePanel({ container: '#price', attribute: 'price', templates: { separatorText: function () { return 'to'; }, submitText: function () { return 'Go'; } } }),
    w.currentRefinements({ container: '#current' }),
    w.clearRefinements({ container: '#clear', templates: { resetLabel: function () { return 'Clear filters'; } } }),
    w.sortBy({
      container: '#sort',
      items: [
        { label: 'Featured', value: 'products' },
        { label: 'Price, low to high', value: 'products_price_asc' },
        { label: 'Price, high to low', value: 'products_price_desc' }
      ]
    }),
    w.hits({
      container: '#hits',
      templates: {
        item: function (hit, o) {
          return o.html`<article class="product" data-id="${hit.objectID}">
            <h3>${o.components.Highlight({ hit: hit, attribute: 'name' })}</h3>
            <p class="desc">${o.components.Highlight({ hit: hit, attribute: 'description' })}</p>
            <p class="meta">${hit.brand} · ${hit.category}${hit.free_shipping ? o.html` · <span class="free">free shipping</span>` : ''}</p>
            <p class="price">${euros.format(hit.price)}</p>
            <p class="rating" aria-label="${hit.rating} of 5">${'★'.repeat(hit.rating)}${'☆'.repeat(5 - hit.rating)}</p>
          </article>`;
        },
        empty: function (results, o) {
          return o.html`<p class="none">Nothing matches “${results.query}”.</p>`;
        }
      }
    }),
    w.pagination({ container: '#pagination', padding: 2, showFirst: false, showLast: false })
  ]);

  search.on('render', function () {
    if (search.status !== 'idle') return;
    var r = search.helper && search.helper.lastResults;
    var loading = document.querySelector('#hits .loading');
    if (loading) loading.remove();
    var status = document.getElementById('status');
    status.textContent = 'Searched ' + queries + ' times (' + requestsSeen + ' queries); ' +
      (r ? r.nbHits + ' hits for “' + r.query + '”' : 'no results yet');
    document.getElementById('url').textContent = location.hash;
  });
  search.on('error', function (e) {
    document.getElementById('status').textContent = 'Search failed: ' + (e.error ? e.error.message : e.message);
  });

  search.start();
})();
