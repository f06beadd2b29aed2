/* Havna theme: written for jQuery 1.x in 2013 and still running on
 * WordPress's jQuery 3 thanks to jQuery Migrate, as on many WordPress
 * sites: deprecated APIs (.bind, .size, $.parseJSON, $.trim, $.isArray,
 * jqXHR.success/.error, $(window).load(fn), the "ready" event, .andSelf,
 * .hover, event shorthands) next to the WP REST API over $.ajax, and posts
 * opened by the "#!/posts/<slug>" state. */
(function ($) {
	'use strict';

	var settings = window.havnaSettings;

	// Old themes bound the load event from the top level.
	$(window).load(function () {
		$('body').addClass('loaded');
	});

	$(document).bind('ready', function () {
		$('body').removeClass('no-js').addClass('js');
	});

	function slugFromHash() {
		var m = /^#!\/posts\/([a-z0-9-]+)$/.exec(window.location.hash);
		return m ? m[1] : null;
	}

	function renderPost(post) {
		var $article = $('#post');
		$article.find('.entry-title').html(post.title.rendered);
		$article.find('.entry-content').html(post.content.rendered).fadeIn(300, function () {
			$article.addClass('is-shown');
		});
		$article.attr('data-id', post.id);
		document.title = $.trim(post.title.rendered) + ' \u2013 Havna Bakeri';
		$('#primary-menu li').removeClass('current-menu-item')
			.filter('[data-slug="' + post.slug + '"]').addClass('current-menu-item');

		// Products listed in the post: a fragment loaded over $.ajax.
		$.ajax({ url: settings.fragments + post.slug + '.html', dataType: 'html' })
			.success(function (html) {
				var $list = $('<ul class="products"/>').html(html);
				$list.find('li').each(function () {
					var $li = $(this);
					if ($li.data('stock') === 0) { $li.addClass('sold-out').append(' (' + settings.i18n.soldOut + ')'); }
				});
				$article.find('.entry-content').append($list);
				$article.find('.product-count').text($list.find('li').size() + ' products, ' +
					$list.find('li').not('.sold-out').length + ' in stock');
			})
			.error(function () {
				$article.find('.product-count').text('No products');
			});
	}

	function loadPost(slug) {
		$.ajax({
			url: settings.restRoot + 'wp/v2/posts/' + slug + '.json',
			dataType: 'text',
			success: function (text) { renderPost($.parseJSON(text)); },
			error: function (xhr) { $('#post .entry-title').text('Not found (' + xhr.status + ')'); }
		});
	}

	$(function () {
		var $menu = $('#primary-menu');
		$.getJSON(settings.restRoot + 'wp/v2/posts.json', function (posts) {
			if (!$.isArray(posts)) { return; }
			$menu.empty();
			$.each(posts, function (i, post) {
				$('<li class="menu-item"/>').attr('data-slug', post.slug)
					.append($('<a/>').attr('href', '#!/posts/' + post.slug).html(post.title.rendered))
					.appendTo($menu);
			});
			$('#recent-posts ul').html($.map(posts.slice(0, 2), function (p) {
				return '<li><a href="#!/posts/' + p.slug + '">' + p.title.rendered + '</a></li>';
			}).join(''));
			var slug = slugFromHash();
			if (slug) {
				$menu.find('li[data-slug="' + slug + '"]').addClass('current-menu-item');
			}
		});

		var slug = slugFromHash() || 'welcome';
		loadPost(slug);

		$(window).bind('hashchange', function () {
			var s = slugFromHash();
			if (s) { loadPost(s); }
		});

		$('#primary-menu').hover(function () { $(this).addClass('hovered'); }, function () { $(this).removeClass('hovered'); });
		$('#opening-hours .widget-title').click(function () { $(this).next().toggle(); });

		$('#opening-hours .textwidget').load(settings.fragments + 'hours.html .hours', function () {
			$(this).find('.today').andSelf().addClass('ready');
		});

		// Once no request is left, the footer counts the distinct warnings.
		$(document).on('ajaxStop', function () {
			var $p = $('.site-footer .migrate');
			if (!$p.length) { $p = $('<p class="migrate"/>').appendTo('.site-footer'); }
			$p.text(jQuery.migrateWarnings.length + ' jQuery Migrate warnings');
		});
	});
}(jQuery));
