// Orders on Vuetify 3 (global build over Vue 3's): a skeleton loader replaced
// by cards, tabs, a data table sorted by total and paged, a select, a date
// picker, a menu, a tooltip, a snackbar, and a dialog the #! state opens.
// Vuetify blocks page scrolling under the dialog only when the fixed
// overlay's offsetParent is null (v-overlay--scroll-blocked). The dialog and
// snackbar have no transitions: Chromium runs them on animation frames that
// can come seconds after network idle on a loaded machine.
const { createApp } = Vue;
const vuetify = Vuetify.createVuetify();
function parse() { const m = /^#!\/orders\/(\d+)$/.exec(location.hash); return m ? +m[1] : null; }
createApp({
  data() { return { loading: true, orders: [], cities: [], team: [], tab: 'overview', city: null, page: 1, dialog: false, current: null, snack: false, day: null,
    headers: [{ title: 'Order', key: 'id' }, { title: 'Customer', key: 'customer' }, { title: 'City', key: 'city' }, { title: 'Status', key: 'status' }, { title: 'Total', key: 'total' }] }; },
  computed: {
    filtered() { return this.city ? this.orders.filter(o => o.city === this.city) : this.orders; },
    cards() { const t = this.orders.reduce((s, o) => s + o.total, 0); return [{ label: 'Orders', value: String(this.orders.length) }, { label: 'Revenue', value: this.fmt(t) }, { label: 'Pending', value: String(this.orders.filter(o => o.status === 'pending').length) }]; },
    busiest() { const c = {}; this.orders.forEach(o => c[o.city] = (c[o.city] || 0) + 1); return Object.keys(c).sort((a, b) => c[b] - c[a])[0]; },
  },
  methods: {
    fmt(n) { return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NOK' }).format(n); },
    route() { const id = parse(); if (id) { this.tab = 'orders'; this.current = this.orders.find(o => o.id === id); this.dialog = !!this.current; this.page = 2; } },
  },
  async mounted() {
    const r = await fetch('data/orders.json'); const d = await r.json();
    this.orders = d.orders; this.cities = d.cities; this.team = d.team; this.day = new Date('2026-03-14T00:00:00Z');
    this.loading = false; this.snack = true; document.title = d.orders.length + ' orders';
    this.route(); window.addEventListener('hashchange', () => this.route());
  },
}).use(vuetify).mount('#app');
