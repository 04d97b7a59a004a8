"""What every duplicate form shares (fft-duplicate.md §1-§2): séances of étuis, travelling
sheets and their topage, the tables' reports, the séance's documents and workbook. The
individuel, triplettes and quadrettes packages build on it; it names none of them."""
