var imported = (self.imported || []).concat('a');
