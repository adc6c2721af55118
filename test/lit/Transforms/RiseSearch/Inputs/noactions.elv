// No definition is an action (none is named act<Name>).
tidy = try(normalize(beta <+ eta));
