"""Long names in the printed documents' fixed boxes: as they are, smaller, or on two lines."""

from tournaments.print_fit import MM_PER_PT, fit_lines, fitted_pt
from tournaments.score_sheet_layout import split_in_two, text_width


def test_a_name_that_fits_keeps_its_size_and_line():
    assert fit_lines("DUPONT Marie", 54, size=11, smallest=7.5).lines == ("DUPONT Marie",)
    assert fit_lines("DUPONT Marie", 54, size=11, smallest=7.5).size == 11


def test_a_longer_name_shrinks_on_its_line():
    fitted = fit_lines("OUEDRAOGO-KABORÉ Marie-Bernadette", 54, size=11, smallest=7.5)
    assert fitted.lines == ("OUEDRAOGO-KABORÉ Marie-Bernadette",)
    assert 7.5 <= fitted.size < 11
    assert text_width(fitted.lines[0], fitted.size * MM_PER_PT, "normal") <= 54


def test_the_longest_take_two_lines_cut_near_the_middle():
    fitted = fit_lines("DE LA ROCHEFOUCAULD-LIANCOURT Marie-Charlotte", 54, size=11, smallest=7.5)
    assert fitted.lines == ("DE LA ROCHEFOUCAULD-", "LIANCOURT Marie-Charlotte")
    assert fitted.size == 7.5
    # One word longer than the box: shrunk further, never wider than the box.
    fitted = fit_lines("WOLFESCHLEGELSTEINHAUSENBERGERDORFF Hubert", 54, size=11, smallest=7.5)
    assert fitted.lines == ("WOLFESCHLEGELSTEINHAUSENBERGERDORFF", "Hubert")
    assert all(text_width(line, fitted.size * MM_PER_PT, "normal") <= 54 for line in fitted.lines)


def test_nowhere_to_cut():
    assert split_in_two("WOLFESCHLEGELSTEINHAUSENBERGERDORFF") is None
    fitted = fit_lines("WOLFESCHLEGELSTEINHAUSENBERGERDORFF" * 2, 54, size=11, smallest=7.5)
    assert len(fitted.lines) == 1 and fitted.size < 7.5
    assert fitted_pt("x", 54, 11) == 11
