window.externalCurrentScript = document.currentScript;
