"""Duplicate quadrettes (fft-duplicate.md §4): oppositions of quadrettes on the same étuis,
match points."""
