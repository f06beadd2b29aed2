// Runs before the parser goes on: the body does not exist yet.
var blockingSaw = document.body ? 'body' : 'head';
order.push('blocking script');
