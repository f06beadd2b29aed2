// Aurelia 2 without decorators or a template build step: custom elements
// defined with CustomElement.define, templates compiled in the page, a
// value converter, DI for a small API service, promise.bind for loading.
import Aurelia, { CustomElement, ValueConverter, DI, resolve, IPlatform } from 'aurelia';

const IApi = DI.createInterface('IApi', (x) => x.singleton(Api));
class Api {
  requests = 0;
  async json(path) {
    this.requests++;
    const res = await fetch('data/' + path);
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return res.json();
  }
}

const Kroner = ValueConverter.define('kroner', class {
  toView(n) {
    return 'NOK ' + Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  }
});

const Percent = ValueConverter.define('percent', class {
  toView(part, whole) {
    return Math.round((100 * part) / whole) + '%';
  }
});

const SightingList = CustomElement.define({
  name: 'sighting-list',
  bindables: ['sightings'],
  template: `
    <p class="total">\${total} sightings of \${sightings.length} species</p>
    <ol class="sightings">
      <li repeat.for="s of sorted" class="\${s.rare ? 'rare' : ''}">\${$index + 1}. \${s.species}: \${s.count}<span if.bind="s.rare"> (rare)</span></li>
    </ol>`,
}, class {
  get sorted() {
    return [...this.sightings].sort((a, b) => b.count - a.count);
  }
  get total() {
    return this.sightings.reduce((n, s) => n + s.count, 0);
  }
});

function routeFrom(hash) {
  const m = /^#!\/trips\/([^/]+)$/.exec(hash);
  return m ? decodeURIComponent(m[1]) : '';
}

const WhaleApp = CustomElement.define({
  name: 'whale-app',
  template: `
    <header>
      <h1>Whale trips</h1>
      <p class="counts" if.bind="trips.length">\${trips.length} trips, \${api.requests} requests</p>
    </header>
    <p class="loading" if.bind="!trips.length">Loading trips…</p>
    <ul class="trips" else>
      <li repeat.for="t of trips"><a href="#!/trips/\${t.id}" class.bind="t.id === current ? 'active' : ''">\${t.port}</a></li>
    </ul>
    <section class="trip" if.bind="trip">
      <h2>\${trip.port} with \${trip.boat}</h2>
      <p class="price">\${trip.price | kroner}, \${trip.hours} hours</p>
      <div promise.bind="details">
        <p pending class="loading">Loading the log…</p>
        <template then.from-view="d">
          <p class="season">\${d.season}</p>
          <p class="seats" show.bind="d.booked < d.seats">\${d.seats - d.booked} seats left (\${d.booked | percent:d.seats} booked)</p>
          <p class="full" show.bind="d.booked >= d.seats">Sold out</p>
          <sighting-list sightings.bind="d.sightings"></sighting-list>
          <p class="notes" innerhtml.bind="d.notes"></p>
        </template>
        <p catch.from-view="err" class="error">\${err.message}</p>
      </div>
    </section>
    <footer>Updated \${updated}</footer>`,
  dependencies: [SightingList, Kroner, Percent],
}, class {
  api = resolve(IApi);
  platform = resolve(IPlatform);
  trips = [];
  current = routeFrom(location.hash);
  details = null;
  updated = 'never';

  async binding() {
    this.trips = await this.api.json('trips.json');
    this.load();
  }

  attached() {
    this.onHash = () => {
      this.current = routeFrom(location.hash);
      this.load();
    };
    window.addEventListener('hashchange', this.onHash);
    // A status line a moment after the page is up.
    this.platform.setTimeout(() => (this.updated = 'today'), 100);
  }

  detaching() {
    window.removeEventListener('hashchange', this.onHash);
  }

  get trip() {
    return this.trips.find((t) => t.id === this.current);
  }

  load() {
    const t = this.trip;
    if (!t) return;
    document.title = `${t.port} · Whale trips`;
    this.details = this.api.json(`trips/${encodeURIComponent(t.id)}.json`);
  }
});

Aurelia.app({ host: document.querySelector('whale-app'), component: WhaleApp }).start();
