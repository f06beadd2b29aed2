// app/main: Dojo 1.17 with its AMD loader in async mode (dojoConfig deps),
// every dojo module loaded from source as its own <script>. dojo/router
// (on dojo/hash) routes '!/huts/:id', dojo/request/xhr fetches JSON,
// dojo/promise/all joins two requests, dom-construct/dom-class/query build
// and mark the page, dojo/number formats with the en-us CLDR bundle loaded by
// dojo/i18n, dojo/topic carries an app event, dojo/string substitutes a
// template, and dojo/domReady! waits for the document.
define([
  'dojo/router', 'dojo/request/xhr', 'dojo/promise/all', 'dojo/dom', 'dojo/dom-construct',
  'dojo/dom-class', 'dojo/query', 'dojo/_base/array', 'dojo/number', 'dojo/string',
  'dojo/topic', 'app/format', 'dojo/domReady!'
], function (router, xhr, all, dom, domConstruct, domClass, query, array, number, string, topic, format) {
  'use strict';

  var listed = xhr('data/huts.json', { handleAs: 'json' });

  listed.then(function (huts) {
    var open = array.filter(huts, function (h) { return !h.full; }).length;
    dom.byId('summary').innerHTML = string.substitute('${count} huts, ${open} with beds free', {
      count: huts.length, open: open
    });
    var ul = dom.byId('huts');
    array.forEach(huts, function (h) {
      var li = domConstruct.create('li', { 'data-id': h.id, className: h.full ? 'full' : '' }, ul);
      domConstruct.create('a', { href: '#!/huts/' + h.id, innerHTML: format.escape(h.name) }, li);
    });
  });

  topic.subscribe('hut/shown', function (hut) {
    setTimeout(function () {
      dom.byId('foot').innerHTML = 'Last viewed: ' + format.escape(hut.name);
    }, 40);
  });

  router.register('!/huts/:id', function (evt) {
    var id = evt.params.id;
    all({ huts: listed, hut: xhr('data/huts/' + id + '.json', { handleAs: 'json' }) }).then(function (r) {
      query('#huts li').forEach(function (li) {
        domClass.toggle(li, 'current', li.getAttribute('data-id') === id);
      });
      var hut = r.hut, sec = dom.byId('hut');
      query('h2', sec)[0].innerHTML = format.escape(hut.name);
      query('.beds', sec)[0].innerHTML = number.format(hut.beds) + ' beds, ' + hut.free + ' free';
      query('.height', sec)[0].innerHTML = number.format(hut.height, { places: 1 }) + ' m above sea level';
      var routes = query('.routes', sec)[0];
      domConstruct.empty(routes);
      array.forEach(hut.routes, function (rt) {
        domConstruct.place('<li class="' + (rt.marked ? 'marked' : 'unmarked') + '">' +
          format.escape(rt.to) + ': ' + format.hours(rt.minutes) + '</li>', routes);
      });
      domClass.remove(sec, 'hidden');
      document.title = hut.name + ' · Mountain huts';
      topic.publish('hut/shown', hut);
    }, function (err) {
      dom.byId('summary').innerHTML = 'Failed: ' + format.escape(err.message);
    });
  });
  router.startup();
});
