// Compiled from ../components/RouteList.svelte by compile.mjs (svelte 5.57.3); do not edit.
import 'svelte/internal/disclose-version';
import * as $ from 'svelte/internal/client';
import { gradeRank } from '../route.js';

var root = $.from_html(`<li><span class="n"> </span> <b> </b> <!></li>`);
var root_1 = $.from_html(`<li class="empty">No routes match.</li>`);
var root_2 = $.from_html(`<p class="count"> </p> <ol class="routes"></ol>`, 1);

export default function RouteList($$anchor, $$props) {
	$.push($$props, true);

	let sorted = $.derived(() => [...$$props.routes].sort((a, b) => gradeRank(a.grade) - gradeRank(b.grade) || a.name.localeCompare(b.name)));
	let metres = $.derived(() => $$props.routes.reduce((n, r) => n + r.length, 0));
	var fragment = root_2();
	var p = $.first_child(fragment);
	var text = $.only_child(p);
	var ol = $.sibling(p, 2);

	$.each(
		ol,
		23,
		() => $.get(sorted),
		(r) => r.name,
		($$anchor, r, i) => {
			var li = root();
			let classes;
			var span = $.child(li);
			var text_1 = $.only_child(span);
			var text_2 = $.sibling(span);
			var b_1 = $.sibling(text_2);
			var text_3 = $.only_child(b_1, true);
			var text_4 = $.sibling(b_1);
			var node = $.sibling(text_4);

			{
				var consequent = ($$anchor) => {
					var text_5 = $.text();

					$.template_effect(($0) => $.set_text(text_5, $0), [() => ('★').repeat($.get(r).stars)]);
					$.append($$anchor, text_5);
				};

				$.if(node, ($$render) => {
					if ($.get(r).stars > 0) $$render(consequent);
				});
			}

			$.reset(li);

			$.template_effect(
				($0) => {
					classes = $.set_class(li, 1, `stars-${$.get(r).stars ?? ''}`, null, classes, { hard: $0 });
					$.set_text(text_1, `${$.get(i) + 1}.`);
					$.set_text(text_2, ` ${$.get(r).name ?? ''} `);
					$.set_text(text_3, $.get(r).grade);
					$.set_text(text_4, ` ${$.get(r).length ?? ''} m`);
				},
				[() => gradeRank($.get(r).grade) >= 700]
			);

			$.append($$anchor, li);
		},
		($$anchor) => {
			var li_1 = root_1();

			$.append($$anchor, li_1);
		}
	);

	$.reset(ol);
	$.template_effect(() => $.set_text(text, `${$$props.routes.length ?? ''} ${$$props.routes.length === 1 ? 'route' : 'routes'}, ${$.get(metres) ?? ''} m of climbing`));
	$.append($$anchor, fragment);
	$.pop();
}