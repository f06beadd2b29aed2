import "no-such-package";
window.ranBare = true;
