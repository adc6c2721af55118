actBroken = mapPar <+ ;
