// For the conf-*.html pages: logs this script's label (the query of its URL)
// with the document's readyState into window.confLog.
(window.confLog = window.confLog || []).push((document.currentScript ? document.currentScript.src.replace(/^[^?]*\??/, '') : '(none)') + ':' + document.readyState);
