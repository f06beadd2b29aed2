// Lighthouses: YUI 3.18 with its module loader fetching each module from
// node_modules (combine off) as dynamic scripts, Y.Router in hash mode with
// the '!' hash prefix of Y.HistoryHash, Y.io for XHR with Y.JSON.parse,
// Y.Node (one, all, create, addClass, setHTML), Y.Lang.sub templates,
// Y.Escape.html and Y.later timers.
YUI({ base: '/node_modules/yui/', combine: false, fetchCSS: false }).use(
  'node', 'io-base', 'json-parse', 'router', 'history-hash', 'escape', 'array-extras',
  function (Y) {
    'use strict';
    var lights = null, pending = null;

    function getJSON(url, done) {
      Y.io(url, {
        on: {
          success: function (id, res) { done(null, Y.JSON.parse(res.responseText)); },
          failure: function (id, res) { done(new Error(url + ': ' + res.status)); }
        }
      });
    }

    function mark(id) {
      Y.all('#lights li').each(function (li) {
        li.toggleClass('current', li.getAttribute('data-id') === id);
      });
    }

    function show(id) {
      getJSON('data/lights/' + id + '.json', function (err, l) {
        var sec = Y.one('#light');
        if (err) { sec.setHTML(Y.Escape.html(err.message)).removeClass('hidden'); return; }
        sec.one('h2').set('text', l.name);
        sec.one('.built').setHTML(Y.Lang.sub('Built {built}, {height} m tall', l));
        sec.one('.range').set('text', 'Range ' + l.range + ' nautical miles');
        var ul = sec.one('.keepers').empty();
        Y.Array.each(l.keepers, function (k) {
          ul.append(Y.Node.create('<li>' + Y.Escape.html(k.name) + ' (' + k.years + ')</li>'));
        });
        sec.removeClass('hidden');
        Y.config.doc.title = l.name + ' · Lighthouses';
        Y.later(60, null, function () {
          Y.one('#foot').set('text', 'Data from the coastal administration, ' + l.source);
        });
      });
    }

    Y.HistoryHash.hashPrefix = '!';
    var router = new Y.Router({ html5: false });
    router.route('/lights/:id', function (req) {
      pending = req.params.id;
      if (lights) { mark(pending); }
      show(pending);
    });

    getJSON('data/lights.json', function (err, list) {
      if (err) { Y.one('#summary').set('text', err.message); return; }
      lights = list;
      var manned = Y.Array.filter(list, function (l) { return l.manned; }).length;
      Y.one('#summary').set('text', list.length + ' lighthouses, ' + manned + ' still manned');
      var ul = Y.one('#lights');
      Y.Array.each(list, function (l) {
        ul.append(Y.Node.create(Y.Lang.sub('<li data-id="{id}"><a href="#!/lights/{id}">{name}</a></li>',
          { id: l.id, name: Y.Escape.html(l.name) })).toggleClass('unmanned', !l.manned));
      });
      if (pending) { mark(pending); }
    });
    router.dispatch();
  });
