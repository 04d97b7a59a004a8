"""Duplicate triplettes (fft-duplicate.md §3): teams of three, Mitchell or Howell, the
topage between triplettes."""
