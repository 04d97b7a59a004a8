"""The team match (fft-duplicate.md §5): two teams over four quarters in two rooms, its
sheets, rulings and the competition table."""
