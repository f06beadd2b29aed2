<?xml version="1.0"?>
<about><text>Loaded by document()</text></about>
