// An ad tag of the document.write era: it reads its own <script> element and
// writes the creative's loader in place, which writes the creative.
(function () {
  var me = document.currentScript;
  var slot = me.getAttribute('data-slot'), size = me.getAttribute('data-size');
  document.write('<script src="js/creative.js?slot=' + slot + '&size=' + size + '"><\/script>');
})();
