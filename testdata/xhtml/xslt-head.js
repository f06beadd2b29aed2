window.headRan = document.readyState + " " + document.querySelectorAll("xslt-warning-banner").length;
