// An Ember 7 app without ember-cli: the modules a build would collect from
// app/ are handed to the strict resolver; templates are compiled in the page
// with template() from @ember/template-compiler/runtime. No decorators (this
// is plain JavaScript): tracked state is tracked(value) and trackedObject.
import Application from '@ember/application';
import EmberRouter from '@ember/routing/router';
import Route from '@ember/routing/route';
import HashLocation from '@ember/routing/hash-location';
import { LinkTo } from '@ember/routing/link';
import Service from '@ember/service';
import Component from '@glimmer/component';
import { tracked } from '@glimmer/tracking';
import { trackedObject } from '@ember/reactive/collections';
import { template } from '@ember/template-compiler/runtime';
import { on } from '@ember/modifier';
import { fn } from '@ember/helper';
import { htmlSafe } from '@ember/template';
import { later } from '@ember/runloop';
import { getOwner } from '@ember/owner';

// HashbangLocation keeps Ember's routes in #!/… URLs, as the hashbang
// addons of the AJAX-crawling years did: HashLocation reads #/… only.
class HashbangLocation extends HashLocation {
	getURL() {
		const h = this.getHash();
		return h.startsWith('#!/') ? h.slice(2) : '/';
	}
	setURL(path) {
		this.location.hash = '!' + path;
		this.lastSetURL = path;
	}
	replaceURL(path) {
		this.location.replace('#!' + path);
		this.lastSetURL = path;
	}
	formatURL(url) {
		return '#!' + url;
	}
}

class Router extends EmberRouter {
	location = 'hashbang';
	rootURL = '/';
}
Router.map(function () {
	this.route('farm', { path: '/farms/:farm_id' });
});

// The catalog service fetches JSON and counts its requests.
class CatalogService extends Service {
	requests = tracked(0);
	#cache = new Map();
	async json(path) {
		if (!this.#cache.has(path)) {
			this.requests.update((n) => n + 1);
			this.#cache.set(path, fetch('data/' + path).then((r) => {
				if (!r.ok) throw new Error(`${path}: ${r.status}`);
				return r.json();
			}));
		}
		return this.#cache.get(path);
	}
}

function catalog(owned) {
	return getOwner(owned).lookup('service:catalog');
}

class ApplicationRoute extends Route {
	model() {
		return catalog(this).json('farms.json');
	}
}

class FarmRoute extends Route {
	async model(params) {
		const farm = await catalog(this).json(`farms/${params.farm_id}.json`);
		document.title = `${farm.name} · Cider farms`;
		return farm;
	}
}

// Helpers are plain functions (Ember 4.5+).
const kroner = (n) => `kr ${n.toFixed(2).replace('.', ',')}`;
const eq = (a, b) => a === b;
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

class CiderList extends Component {
	state = trackedObject({ sort: 'name', tastingOpen: false });
	constructor(owner, args) {
		super(owner, args);
		// The tasting room opens a moment after the list shows (a timer in
		// Ember's run loop).
		later(() => (this.state.tastingOpen = true), 150);
	}
	get sorted() {
		const key = this.state.sort;
		return [...this.args.ciders].sort((a, b) => (key === 'name' ? a.name.localeCompare(b.name) : b[key] - a[key]));
	}
	get inStock() {
		return this.args.ciders.filter((c) => c.stock > 0).length;
	}
	sortBy = (key) => {
		this.state.sort = key;
	};
	static {
		template(`
			<p class="stock">{{plural this.inStock "cider"}} in stock of {{@ciders.length}}</p>
			<div class="sorts">
				{{#each (array "name" "abv" "price") as |key|}}
					<button type="button" class={{if (eq key this.state.sort) "on"}} {{on "click" (fn this.sortBy key)}}>{{key}}</button>
				{{/each}}
			</div>
			<ol class="ciders">
				{{#each this.sorted key="name" as |c i|}}
					<li class={{if (eq c.stock 0) "sold-out"}}>{{c.name}} ({{c.apple}}, {{c.abv}}%) {{kroner c.price}}{{#unless c.stock}} sold out{{/unless}}</li>
				{{else}}
					<li class="none">No ciders this year.</li>
				{{/each}}
			</ol>
			{{#if this.state.tastingOpen}}<p class="tasting">Tasting room open</p>{{/if}}
		`, { component: this, scope: () => ({ plural, eq, kroner, on, fn, array: (...a) => a }) });
	}
}

const ApplicationTemplate = template(`
	<header>
		<h1>Cider farms</h1>
		<p class="counts">{{@model.length}} farms, {{this.catalog.requests.value}} requests</p>
	</header>
	<nav>
		<ul class="farms">
			{{#each @model as |farm|}}
				<li><LinkTo @route="farm" @model={{farm.id}}>{{farm.name}}</LinkTo></li>
			{{/each}}
		</ul>
	</nav>
	<main>{{outlet}}</main>
	<footer>Cider season {{this.season}}</footer>
`, {
	scope: () => ({ LinkTo }),
	component: class extends Component {
		get catalog() {
			return catalog(this);
		}
		season = '2026';
	},
});

const FarmTemplate = template(`
	<article class="farm" data-farm={{@model.id}}>
		<h2>{{@model.name}}</h2>
		<p class="where">By {{@model.fjord}}, since {{@model.founded}}</p>
		<p class="story">{{safe @model.story}}</p>
		<CiderList @ciders={{@model.ciders}} />
	</article>
`, { scope: () => ({ CiderList, safe: htmlSafe }) });

const IndexTemplate = template(`<p class="pick">Pick a farm.</p>`);
const LoadingTemplate = template(`<p class="loading">Loading…</p>`);

class App extends Application {
	rootElement = document.body;
	modules = {
		'./router': Router,
		'./locations/hashbang': HashbangLocation,
		'./services/catalog': CatalogService,
		'./routes/application': ApplicationRoute,
		'./routes/farm': FarmRoute,
		'./templates/application': ApplicationTemplate,
		'./templates/farm': FarmTemplate,
		'./templates/index': IndexTemplate,
		'./templates/loading': LoadingTemplate,
	};
}

App.create();
