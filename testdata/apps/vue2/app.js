// Orders: Vue 2.7 with filters, a component, plain XMLHttpRequest and #! routing.
(function () {
  'use strict';

  Vue.filter('money', function (cents) {
    var s = (cents / 100).toFixed(2).split('.');
    return '€' + s[0].replace(/\B(?=(\d{3})+(?!\d))/g, '.') + ',' + s[1];
  });
  Vue.filter('capitalize', function (s) { return s.charAt(0).toUpperCase() + s.slice(1); });

  function get(url, done) {
    var xhr = new XMLHttpRequest();
    xhr.onreadystatechange = function () {
      if (xhr.readyState === 4) {
        done(xhr.status === 200 ? JSON.parse(xhr.responseText) : null, xhr.status);
      }
    };
    xhr.open('GET', url, true);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.send(null);
  }

  Vue.component('order-detail', {
    props: ['order'],
    computed: {
      itemCount: function () {
        return this.order.lines.reduce(function (n, l) { return n + l.qty; }, 0);
      }
    },
    template:
      '<section class="order">' +
      '  <h2>Order #{{ order.number }}</h2>' +
      '  <p class="shipto">Ship to {{ order.address.name }}, {{ order.address.city }} ({{ order.address.country }})</p>' +
      '  <table class="lines">' +
      '    <tr v-for="(l, i) in order.lines" :key="i"><td>{{ l.qty }} ×</td><td>{{ l.product }}</td><td class="num">{{ l.qty * l.unitCents | money }}</td></tr>' +
      '  </table>' +
      '  <p class="count">{{ itemCount }} {{ itemCount === 1 ? "item" : "items" }}</p>' +
      '  <p v-if="order.note" class="note">Note: {{ order.note }}</p>' +
      '</section>'
  });

  var vm = new Vue({
    el: '#app',
    data: { loading: true, orders: [], currentNumber: null, order: null, revenueShown: false },
    computed: {
      sortedOrders: function () {
        return this.orders.slice().sort(function (a, b) { return b.number - a.number; });
      },
      revenue: function () {
        return this.orders.reduce(function (s, o) { return s + o.totalCents; }, 0);
      }
    },
    watch: {
      currentNumber: function (n) {
        var self = this;
        self.order = null;
        if (n) { get('data/orders/' + n + '.json', function (o) { self.order = o; }); }
      }
    },
    methods: {
      route: function () {
        var m = /^#!\/orders\/(\d+)$/.exec(window.location.hash);
        this.currentNumber = m ? +m[1] : null;
      }
    },
    created: function () {
      var self = this;
      get('data/orders.json', function (orders) {
        self.orders = orders || [];
        self.loading = false;
        self.route();
        self.$nextTick(function () {
          setTimeout(function () { self.revenueShown = true; }, 100);
        });
      });
      window.addEventListener('hashchange', function () { self.route(); });
    }
  });
  window.ordersApp = vm;
})();
