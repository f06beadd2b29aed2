log.push('d2'); queue('d2');
