// Issue Tracker: Backbone models, collections, views and a Router on #! routes.
(function () {
  'use strict';

  function isoDay(s) {
    var d = new Date(s);
    var pad = function (n) { return n < 10 ? '0' + n : String(n); };
    return d.getUTCFullYear() + '-' + pad(d.getUTCMonth() + 1) + '-' + pad(d.getUTCDate());
  }

  var Issue = Backbone.Model.extend({
    urlRoot: 'data/issues',
    url: function () { return this.urlRoot + '/' + this.id + '.json'; },
    defaults: { labels: [], comments: [], state: 'open' }
  });

  var Issues = Backbone.Collection.extend({
    model: Issue,
    url: 'data/issues.json',
    comparator: function (a, b) { return b.id - a.id; },
    open: function () { return this.where({ state: 'open' }).length; }
  });

  var SummaryView = Backbone.View.extend({
    el: '#summary',
    initialize: function () { this.listenTo(this.collection, 'sync', this.render); },
    render: function () {
      var open = this.collection.open();
      this.$el.text(open + ' open, ' + (this.collection.length - open) + ' closed');
      return this;
    }
  });

  var ListView = Backbone.View.extend({
    template: _.template($('#tpl-list').html()),
    render: function () {
      this.$el.html(this.template({ issues: this.collection }));
      return this;
    }
  });

  var IssueView = Backbone.View.extend({
    template: _.template($('#tpl-issue').html()),
    initialize: function () { this.listenTo(this.model, 'sync', this.render); },
    render: function () {
      var data = _.extend({}, this.model.toJSON());
      data.opened = isoDay(data.opened);
      this.$el.html(this.template(data));
      return this;
    }
  });

  var issues = new Issues();
  new SummaryView({ collection: issues });

  var Router = Backbone.Router.extend({
    routes: {
      '': 'list',
      '!/issues': 'list',
      '!/issues/:id': 'show',
      '!/issue/:id': 'moved'
    },
    swap: function (view) {
      if (this.current) { this.current.remove(); }
      this.current = view;
      $('#app').empty().append(view.el);
    },
    list: function () {
      var view = new ListView({ collection: issues });
      this.swap(view);
      issues.fetch().then(function () { view.render(); });
    },
    // moved answers the old singular URLs: crawlers get a permanent
    // redirect through the prerender meta convention, people get a link.
    moved: function (id) {
      var target = '/apps/backbone/#!/issues/' + encodeURIComponent(id);
      _.each([['prerender-status-code', '301'], ['prerender-header', 'Location: ' + target]], function (m) {
        $('<meta>').attr({ name: m[0], content: m[1] }).appendTo('head');
      });
      this.swap(new Backbone.View({ el: $('<p class="moved">').append('This issue moved to ', $('<a>').attr('href', target).text('#' + id), '.') }));
    },
    show: function (id) {
      var model = new Issue({ id: Number(id) });
      this.swap(new IssueView({ model: model }));
      // The list feeds the summary line even on a detail page.
      issues.fetch();
      // A short delay mimics a page that waits for its fonts before loading detail.
      _.delay(function () { model.fetch(); }, 30);
    }
  });

  new Router();
  Backbone.history.start();
})();
