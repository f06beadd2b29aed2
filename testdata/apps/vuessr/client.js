// Hydrates the server's markup from the state it embedded.
var libraryState = JSON.parse(document.getElementById('__STATE__').textContent);
window.libraryApp = makeLibraryApp(Vue, libraryState).mount('#app');
