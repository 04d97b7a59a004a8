"""Each game a tournament can be played in, one package each, found through the registry."""
