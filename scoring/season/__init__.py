"""A club's season and a festival: challenges across tournaments, entry fees and prizes.

``rules``: the arithmetic (a challenge's points and standings, prize amounts and ties shared
to the cent), plain Python. The rest reads the database through the official ranking every
format gives (``scoring.official_ranking``).
"""
