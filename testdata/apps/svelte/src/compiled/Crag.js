// Compiled from ../components/Crag.svelte by compile.mjs (svelte 5.57.3); do not edit.
import 'svelte/internal/disclose-version';
import * as $ from 'svelte/internal/client';
import { fade } from 'svelte/transition';
import { getJSON } from '../stores.js';
import { gradeRank } from '../route.js';
import RouteList from './RouteList.js';

const fact = ($$anchor, label = $.noop, value = $.noop) => {
	var fragment = root();
	var dt = $.first_child(fragment);
	var text = $.only_child(dt, true);
	var dd = $.sibling(dt);
	var text_1 = $.only_child(dd, true);

	$.template_effect(() => {
		$.set_text(text, label());
		$.set_text(text_1, value());
	});

	$.append($$anchor, fragment);
};

var root = $.from_html(`<dt> </dt><dd> </dd>`, 1);
var root_1 = $.from_html(`<div class="details"><dl class="facts"><!> <!> <!></dl> <div class="about"></div> <label><input type="checkbox"/> </label> <!></div>`);
var root_2 = $.from_html(`<p class="error"> </p>`);
var root_3 = $.from_html(`<p class="loading">Loading routes…</p>`);
var root_4 = $.from_html(`<p class="conditions"> </p>`);
var root_5 = $.from_html(`<article class="crag"><h2> </h2> <!> <!></article>`);

export default function Crag($$anchor, $$props) {
	$.push($$props, true);

	let minGrade = $.prop($$props, 'minGrade', 3, '');

	// The {#key} block around this component makes a new one per crag.
	// svelte-ignore state_referenced_locally
	let details = getJSON(`${$$props.source}crags/${$$props.crag.id}.json`);

	let dry = $.state(null);

	// svelte-ignore state_referenced_locally
	let hardOnly = $.state(minGrade() !== '');

	$.user_effect(() => {
		// Conditions arrive a little after the page, from a timer, as a live
		// widget would poll them.
		const t = setTimeout(() => $.set(dry, $$props.crag.dry, true), 120);

		return () => clearTimeout(t);
	});

	var article = root_5();
	var h2 = $.child(article);
	var text_2 = $.only_child(h2, true);
	var node = $.sibling(h2, 2);

	$.await(
		node,
		() => details,
		($$anchor) => {
			var p_1 = root_3();

			$.append($$anchor, p_1);
		},
		($$anchor, d) => {
			var div = root_1();
			var dl = $.child(div);
			var node_1 = $.child(dl);

			fact(node_1, () => 'Rock', () => $.get(d).rock);

			var node_2 = $.sibling(node_1, 2);

			fact(node_2, () => 'Approach', () => `${$.get(d).approach} min`);

			var node_3 = $.sibling(node_2, 2);

			fact(node_3, () => 'Aspect', () => $.get(d).aspect);
			$.reset(dl);

			var div_1 = $.sibling(dl, 2);

			$.html(div_1, () => $.get(d).about, true);
			$.reset(div_1);

			var label_1 = $.sibling(div_1, 2);
			var input = $.child(label_1);

			$.remove_input_defaults(input);

			var text_3 = $.sibling(input);

			$.reset(label_1);

			var node_4 = $.sibling(label_1, 2);

			{
				let $0 = $.derived(() => $.get(d).routes.filter((r) => !$.get(hardOnly) || gradeRank(r.grade) >= gradeRank(minGrade() || '7a')));

				RouteList(node_4, {
					get routes() {
						return $.get($0);
					}
				});
			}

			$.reset(div);
			$.template_effect(() => $.set_text(text_3, ` Only ${(minGrade() || '7a') ?? ''} and up`));
			$.bind_checked(input, () => $.get(hardOnly), ($$value) => $.set(hardOnly, $$value));
			$.transition(3, div, () => fade, () => ({ duration: 200 }));
			$.append($$anchor, div);
		},
		($$anchor, err) => {
			var p = root_2();
			var text_4 = $.only_child(p, true);

			$.template_effect(() => $.set_text(text_4, $.get(err).message));
			$.append($$anchor, p);
		}
	);

	var node_5 = $.sibling(node, 2);

	{
		var consequent = ($$anchor) => {
			var p_2 = root_4();
			let styles;
			var text_5 = $.only_child(p_2, true);

			$.template_effect(() => {
				styles = $.set_style(p_2, '', styles, { color: $.get(dry) ? 'green' : 'gray' });
				$.set_text(text_5, $.get(dry) ? 'Dry today' : 'Seeping after rain');
			});

			$.append($$anchor, p_2);
		};

		$.if(node_5, ($$render) => {
			if ($.get(dry) !== null) $$render(consequent);
		});
	}

	$.reset(article);

	$.template_effect(() => {
		$.set_attribute(article, 'data-id', $$props.crag.id);
		$.set_text(text_2, $$props.crag.name);
	});

	$.append($$anchor, article);
	$.pop();
}