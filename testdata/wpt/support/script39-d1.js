log.push('d1'); queue('d1');
