imported = imported.concat('b');
