// Observatory bookings: Backbone.Marionette 4 (Application, regions,
// View, CollectionView with childView/emptyView/viewFilter, modelEvents,
// templateContext, a Radio channel) rendering Mustache templates through
// Marionette's renderer hook, on a Backbone.Router with #! routes.
/* global Backbone, Marionette, Mustache, _, $ */
(function () {
  'use strict';

  // Templates are ids of <script type="text/x-mustache"> elements.
  var partials = { credit: $('#tpl-credit').html() };
  Marionette.View.setRenderer(function (template, data) {
    return Mustache.render($(template).html(), data, partials);
  });
  Marionette.CollectionView.setRenderer(function (template, data) {
    return Mustache.render($(template).html(), data, partials);
  });

  var bus = Backbone.Radio.channel('observatory');

  var Scope = Backbone.Model.extend({
    urlRoot: 'data/scopes',
    url: function () { return this.urlRoot + '/' + encodeURIComponent(this.id) + '.json'; },
  });
  var Scopes = Backbone.Collection.extend({
    model: Scope,
    url: 'data/scopes.json',
    comparator: 'name',
  });

  var HeaderView = Marionette.View.extend({
    template: '#tpl-header',
    collectionEvents: { sync: 'render' },
    templateContext: function () {
      return {
        title: 'Observatory bookings',
        count: this.collection.length,
        free: this.collection.filter(function (s) { return s.get('free') > 0; }).length,
      };
    },
  });

  var ScopeItem = Marionette.View.extend({
    tagName: 'li',
    template: '#tpl-scope',
    className: function () { return this.model.get('free') ? 'open' : 'booked-out'; },
    initialize: function () {
      this.listenTo(bus, 'select', function (id) {
        this.$el.toggleClass('current', id === this.model.id);
      });
    },
  });

  var ScopeList = Marionette.CollectionView.extend({
    tagName: 'ul',
    className: 'scopes',
    childView: ScopeItem,
    emptyView: Marionette.View.extend({ template: '#tpl-empty' }),
    viewFilter: function (view) { return !view.model.get('retired'); },
  });

  var Detail = Marionette.View.extend({
    template: '#tpl-detail',
    modelEvents: { sync: 'render' },
    templateContext: function () {
      var nights = this.model.get('nights') || [];
      return {
        hasNights: nights.length > 0,
        noteHtml: this.model.get('note') ? '<em>' + _.escape(this.model.get('note')) + '</em>' : '',
      };
    },
    onRender: function () {
      document.title = this.model.get('name') + ' · Observatory bookings';
    },
  });

  var Footer = Marionette.View.extend({ template: '#tpl-footer' });

  var App = Marionette.Application.extend({
    region: '#app',
    onStart: function () {
      var layout = new Marionette.View({
        el: '#app',
        template: false,
        regions: { header: '#header', scopes: '#scopes', detail: '#detail', footer: '#footer' },
      });
      this.layout = layout;
      this.scopes = new Scopes();
      layout.showChildView('header', new HeaderView({ collection: this.scopes }));
      var self = this;
      bus.reply('scopes', function () { return self.scopes; });
      this.scopes.fetch().then(function () {
        layout.showChildView('scopes', new ScopeList({ collection: self.scopes }));
        new Router();
        Backbone.history.start();
      });
      $.getJSON('data/weather.json').done(function (w) {
        _.delay(function () {
          layout.showChildView('footer', new Footer({ model: new Backbone.Model(w) }));
        }, 40);
      });
    },
  });

  var Router = Backbone.Router.extend({
    routes: { '': 'home', '!/scopes/:id': 'scope' },
    home: function () {
      app.layout.getRegion('detail').empty();
      bus.trigger('select', null);
    },
    scope: function (id) {
      var scope = new Scope({ id: id });
      app.layout.showChildView('detail', new Detail({ model: scope }));
      scope.fetch();
      bus.trigger('select', id);
    },
  });

  var app = new App();
  $(function () { app.start(); });
})();
