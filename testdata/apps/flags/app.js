// A SaaS pricing page whose content three feature-flag SDKs decide before
// it is shown: GrowthBook (targeting conditions, a hashed experiment, a
// visual experiment's DOM mutations applied by the SDK), Flagsmith (an
// identity's flags and traits over XHR) and the Unleash proxy client
// (toggles with a JSON variant payload, impression events).
(function () {
  var log = [];
  var $ = function (s) { return document.querySelector(s); };
  var ready = {};

  function route() {
    var m = /^#!\/(\w+)(?:\/(\w+))?/.exec(location.hash) || [];
    return { view: m[1] || 'pricing', arg: m[2] || '' };
  }

  var gb = new growthbook.GrowthBook({
    apiHost: location.origin + '/apps/flags/data/growthbook.json?',
    clientKey: 'sdk-acme',
    attributes: { id: 'user-11', country: 'DE', plan: 'pro', visits: 5 },
    trackingCallback: function (exp, res) { log.push('gb track ' + exp.key + ' v' + res.variationId); },
    onFeatureUsage: function (key, res) { log.push('gb use ' + key + '=' + JSON.stringify(res.value) + ' (' + res.source + ')'); }
  });

  function renderGB() {
    $('#headline').textContent = gb.getFeatureValue('hero-headline', 'Acme');
    var layout = gb.getFeatureValue('pricing-layout', 'grid');
    var pct = gb.getFeatureValue('discount-pct', 0);
    var annual = gb.isOn('show-annual-toggle');
    $('#compare').hidden = !gb.isOn('compare-link');
    var fmt = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    var plans = [['Starter', 9], ['Pro', 29], ['Team', 79]];
    var box = $('#plans');
    box.className = 'plans layout-' + layout;
    box.textContent = '';
    var sel = route().arg;
    plans.forEach(function (p) {
      var c = document.createElement('article');
      c.className = 'plan' + (sel === p[0].toLowerCase() ? ' selected' : '');
      c.dataset.plan = p[0].toLowerCase();
      c.innerHTML = '<h3>' + p[0] + '</h3><p class="price">' + fmt.format(p[1] * (1 - pct / 100)) + '<small>/mo</small></p>' +
        (annual ? '<p class="annual">' + fmt.format(p[1] * 10 * (1 - pct / 100)) + ' billed yearly</p>' : '');
      box.appendChild(c);
    });
    $('#discount').textContent = pct ? '−' + pct + ' % for returning visitors' : '';
  }

  function renderFS() {
    var msg = flagsmith.getValue('banner_message');
    if (flagsmith.hasFeature('banner_message') && msg && !$('#banner')) {
      var b = document.createElement('div');
      b.id = 'banner';
      b.setAttribute('role', 'status');
      b.textContent = msg;
      document.body.insertBefore(b, document.body.firstChild);
    }
    $('#checkout').textContent = flagsmith.hasFeature('new_checkout') ? 'Checkout v2' : 'Checkout';
    $('#seats').textContent = 'Up to ' + flagsmith.getValue('max_seats') + ' seats (company size ' +
      flagsmith.getTrait('company_size') + ', ' + flagsmith.getTrait('region') + ')';
    $('#chat').hidden = !flagsmith.hasFeature('support_chat');
  }

  var ul = new unleash.UnleashClient({
    url: location.origin + '/apps/flags/data/unleash.json', clientKey: 'proxy-key', appName: 'acme-web',
    refreshInterval: 0, disableMetrics: true, context: { userId: 'user-42' }
  });
  ul.on('impression', function (e) { log.push('ul impression ' + e.featureName + ' ' + e.eventType + ' ' + e.enabled); });

  function renderUL() {
    var f = $('footer');
    if (ul.isEnabled('dark-footer')) {
      var v = ul.getVariant('dark-footer');
      var c = JSON.parse(v.payload.value);
      f.style.background = c.bg;
      f.style.color = c.fg;
      f.dataset.variant = v.name;
    }
    var acc = ul.isEnabled('faq-accordion');
    $('#faq').classList.toggle('accordion', acc);
    if (acc) {
      Array.prototype.forEach.call(document.querySelectorAll('#faq details'), function (d) {
        d.open = d.id === 'q-' + route().arg;
      });
    }
    if (!ul.isEnabled('testimonials')) $('#testimonials').remove();
  }

  function renderRoute() {
    var r = route();
    document.title = 'Acme — ' + r.view + (r.arg ? ' ' + r.arg : '');
    Array.prototype.forEach.call(document.querySelectorAll('main > section[data-view]'), function (s) {
      s.hidden = s.dataset.view !== r.view;
    });
    if (ready.gb) renderGB();
    if (ready.ul) renderUL();
  }

  function settle(name) {
    ready[name] = true;
    $('#status').textContent = 'flags: ' + ['gb', 'fs', 'ul'].filter(function (k) { return ready[k]; }).join(', ');
    if (ready.gb && ready.fs && ready.ul) document.documentElement.className = '';
  }

  addEventListener('hashchange', renderRoute);
  renderRoute();
  gb.init({ timeout: 3000 }).then(function (res) {
    log.push('gb init ' + res.success + ' ' + res.source);
    renderGB();
    settle('gb');
  });
  flagsmith.init({
    environmentID: 'env-acme', api: location.origin + '/apps/flags/data/flagsmith.json?path=', identity: 'user-42',
    onChange: function (old, p) { log.push('fs change ' + p.flagsChanged.join(',')); }
  }).then(function () { renderFS(); settle('fs'); });
  ul.on('ready', function () { renderUL(); settle('ul'); });
  ul.start();
  // the anti-flicker guard shows the page after 2 s whatever the flags did
  setTimeout(function () { document.documentElement.className = ''; }, 2000);

  window.flagLog = log;
})();
