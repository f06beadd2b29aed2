// The creative: written while the page is still parsing, right after the
// ad tag that wrote its loader.
(function () {
  var src = document.currentScript.src;
  var slot = /slot=([a-z]+)/.exec(src)[1], size = /size=(\d+x\d+)/.exec(src)[1];
  document.write('<a class="ad" data-slot="' + slot + '" data-size="' + size + '" href="#!/articles/ferry-poems">' +
    'Advertisement: ferry poems, read on board</a>');
  document.write('<img class="hidden-pixel" alt="" src="img/pixel.svg?slot=' + slot + '">');
})();
