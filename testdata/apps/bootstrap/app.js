// Plans: Bootstrap 5's JavaScript driven by its data attributes. Tabs and
// an accordion are built from JSON (data-bs-toggle="tab",
// data-bs-toggle="collapse" with data-bs-parent), the #! state picks a tab
// through bootstrap.Tab and opens the matching question through
// bootstrap.Collapse, and a tooltip and the dropdown are initialized the
// usual way. The fade and collapse transitions must end in their final
// classes.
(function () {
  'use strict';
  function planFromHash() {
    var m = /^#!\/plans\/([\w-]+)$/.exec(location.hash);
    return m ? m[1] : null;
  }

  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }

  function build(data) {
    var tabs = document.getElementById('plan-tabs');
    var panes = document.getElementById('plan-panes');
    tabs.innerHTML = data.plans.map(function (p, i) {
      return '<li class="nav-item" role="presentation"><button class="nav-link' + (i === 0 ? ' active' : '') +
        '" id="tab-' + p.id + '" data-bs-toggle="tab" data-bs-target="#pane-' + p.id + '" type="button" role="tab"' +
        ' aria-controls="pane-' + p.id + '" aria-selected="' + (i === 0) + '">' + esc(p.name) + '</button></li>';
    }).join('');
    panes.innerHTML = data.plans.map(function (p, i) {
      return '<div class="tab-pane fade' + (i === 0 ? ' show active' : '') + '" id="pane-' + p.id + '" role="tabpanel"' +
        ' aria-labelledby="tab-' + p.id + '" tabindex="0"><h3 class="h5">' + esc(p.name) + ' · ' + esc(p.price) + '</h3><ul class="features">' +
        p.features.map(function (f) { return '<li>' + esc(f) + '</li>'; }).join('') + '</ul>' +
        '<button type="button" class="btn btn-primary" data-bs-toggle="tooltip" data-bs-title="Starts today">Pick ' + esc(p.name) + '</button></div>';
    }).join('');
    document.getElementById('faq').innerHTML = data.faq.map(function (q) {
      return '<div class="accordion-item"><h3 class="accordion-header"><button class="accordion-button collapsed" type="button"' +
        ' data-bs-toggle="collapse" data-bs-target="#faq-' + q.id + '" aria-expanded="false" aria-controls="faq-' + q.id + '">' + esc(q.q) +
        '</button></h3><div id="faq-' + q.id + '" class="accordion-collapse collapse" data-bs-parent="#faq" data-plan="' + q.plan + '">' +
        '<div class="accordion-body">' + esc(q.a) + '</div></div></div>';
    }).join('');
    document.getElementById('intro').textContent = data.plans.length + ' plans, billed ' + data.billing;
    document.querySelectorAll('[data-bs-toggle="tooltip"]').forEach(function (el) { new bootstrap.Tooltip(el); });
    document.getElementById('plan-panes').addEventListener('shown.bs.tab', function () {}, false);
  }

  function route() {
    var id = planFromHash();
    if (!id) { return; }
    var tab = document.getElementById('tab-' + id);
    if (!tab) { return; }
    tab.addEventListener('shown.bs.tab', function () {
      document.title = tab.textContent + ' plan · Plans';
      var q = document.querySelector('.accordion-collapse[data-plan="' + id + '"]');
      if (q) {
        q.addEventListener('shown.bs.collapse', function () { q.setAttribute('data-opened', 'yes'); }, { once: true });
        bootstrap.Collapse.getOrCreateInstance(q).show();
      }
    }, { once: true });
    bootstrap.Tab.getOrCreateInstance(tab).show();
  }

  var xhr = new XMLHttpRequest();
  xhr.open('GET', 'data/plans.json');
  xhr.responseType = 'json';
  xhr.onload = function () {
    build(xhr.response);
    route();
    window.addEventListener('hashchange', route);
    setTimeout(function () {
      bootstrap.Alert.getOrCreateInstance(document.getElementById('promo')).close();
    }, 300);
  };
  xhr.send();
})();
