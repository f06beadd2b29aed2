// Compiled from ../components/App.svelte by compile.mjs (svelte 5.57.3); do not edit.
import 'svelte/internal/disclose-version';
import * as $ from 'svelte/internal/client';
import { onMount } from 'svelte';
import Crag from './Crag.js';
import { routeFrom } from '../route.js';
import { getJSON, requestLabel } from '../stores.js';

var root = $.from_html(`<p class="summary"> </p>`);
var root_1 = $.from_html(`<p class="loading">Loading crags…</p>`);
var root_2 = $.from_html(`<li><a> </a></li>`);
var root_3 = $.from_html(`<p class="none">Pick a crag.</p>`);
var root_4 = $.from_html(`<nav><ul class="crags"></ul></nav> <!>`, 1);
var root_5 = $.from_html(`<header><h1>Crag guide</h1> <!></header> <!>`, 1);

export default function App($$anchor, $$props) {
	$.push($$props, true);

	const $requestLabel = () => $.store_get(requestLabel, '$requestLabel', $$stores);
	const [$$stores, $$cleanup] = $.setup_stores();
	let crags = $.state($.proxy([]));
	let loaded = $.state(false);
	let route = $.state($.proxy(routeFrom(location.hash)));
	let selected = $.derived(() => $.get(crags).find((c) => c.id === $.get(route).id));
	let totalRoutes = $.derived(() => $.get(crags).reduce((n, c) => n + c.routes, 0));

	onMount(async () => {
		$.set(crags, await getJSON($$props.source + 'crags.json'), true);
		$.set(loaded, true);
	});

	$.user_effect(() => {
		document.title = $.get(selected) ? `${$.get(selected).name} · Crag guide` : 'Crag guide';
	});

	var fragment = root_5();

	$.event('hashchange', $.window, () => $.set(route, routeFrom(location.hash), true));

	var header = $.first_child(fragment);
	var node = $.sibling($.child(header), 2);

	{
		var consequent = ($$anchor) => {
			var p = root();
			var text = $.only_child(p);

			$.template_effect(() => $.set_text(text, `${$.get(crags).length ?? ''} crags, ${$.get(totalRoutes) ?? ''} routes, ${$requestLabel() ?? ''}`));
			$.append($$anchor, p);
		};

		$.if(node, ($$render) => {
			if ($.get(loaded)) $$render(consequent);
		});
	}

	$.reset(header);

	var node_1 = $.sibling(header, 2);

	{
		var consequent_1 = ($$anchor) => {
			var p_1 = root_1();

			$.append($$anchor, p_1);
		};

		var alternate_1 = ($$anchor) => {
			var fragment_1 = root_4();
			var nav = $.first_child(fragment_1);
			var ul = $.child(nav);

			$.each(ul, 21, () => $.get(crags), (crag) => crag.id, ($$anchor, crag) => {
				var li = root_2();
				let classes;
				var a = $.child(li);
				var text_1 = $.only_child(a, true);

				$.reset(li);

				$.template_effect(() => {
					classes = $.set_class(li, 1, '', null, classes, { current: $.get(crag).id === $.get(route).id });
					$.set_attribute(a, 'href', `#!/crags/${$.get(crag).id ?? ''}`);
					$.set_text(text_1, $.get(crag).name);
				});

				$.append($$anchor, li);
			});

			$.reset(ul);
			$.reset(nav);

			var node_2 = $.sibling(nav, 2);

			{
				var consequent_2 = ($$anchor) => {
					var fragment_2 = $.comment();
					var node_3 = $.first_child(fragment_2);

					$.key(node_3, () => $.get(selected).id, ($$anchor) => {
						Crag($$anchor, {
							get crag() {
								return $.get(selected);
							},

							get source() {
								return $$props.source;
							},

							get minGrade() {
								return $.get(route).grade;
							}
						});
					});

					$.append($$anchor, fragment_2);
				};

				var alternate = ($$anchor) => {
					var p_2 = root_3();

					$.append($$anchor, p_2);
				};

				$.if(node_2, ($$render) => {
					if ($.get(selected)) $$render(consequent_2); else $$render(alternate, -1);
				});
			}

			$.append($$anchor, fragment_1);
		};

		$.if(node_1, ($$render) => {
			if (!$.get(loaded)) $$render(consequent_1); else $$render(alternate_1, -1);
		});
	}

	$.append($$anchor, fragment);
	$.pop();
	$$cleanup();
}