"""Donnes libres (fft-rules.md): score sheets table by table, position by position, their
checks, the standings in points, the bid bans and the results as files."""
