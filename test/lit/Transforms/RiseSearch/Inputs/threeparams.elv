actTooMany(p, q, r) = splitJoin(p);
