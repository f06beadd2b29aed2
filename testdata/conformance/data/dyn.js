window.__dyn.push("ran", document.currentScript && document.currentScript.src.endsWith("/data/dyn.js"));
