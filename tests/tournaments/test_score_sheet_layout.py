"""The printed score sheet's words never print over each other, however long the names."""

import itertools

import pytest

from tournaments.score_sheet_layout import FIXED, WIDTH, _font, score_sheet_grid, text_width

LONGEST = [
    ("DE LA ROCHEFOUCAULD-LIANCOURT Marie-Charlotte", "No. 128 · North 32"),
    ("VAN DEN BERGHE-DELACROIX Jean-Baptiste-Emmanuel", "No. 129 · East 32"),
    ("NGUYEN-TRUONG-BAPTISTE Anne-Élisabeth", "No. 130 · South 32"),
    ("OUEDRAOGO-KABORÉ Marie-Bernadette", "No. 131 · West 32"),
    ("WOLFESCHLEGELSTEINHAUSENBERGERDORFF Hubert", "No. 132 · Fifth 32"),
]
LABELS = {
    "deal": "Donne", "dealer": "Donneur", "contract": "Contrat", "taker": "Preneur",
    "totals": "Totaux", "bilan": "Bilan", "visa": "Visa",
}  # fmt: skip


def box(x, y, words, size, weight, anchor):
    """The rectangle (mm) a text covers: its measured width, the font's ascent and descent."""
    ascent, descent = (m / 100 * size for m in _font(weight, 100).getmetrics())
    width = text_width(words, size, weight)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return left, y - ascent, left + width, y + descent


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("size", [3, 4, 5])
def test_the_longest_names_stay_in_their_column_and_clear_of_each_other(size):
    players = [
        {"seat": seat, "name": name, "number": number}
        for seat, (name, number) in zip(
            ["Nord", "Est", "Sud", "Ouest", "5e"][:size], LONGEST[:size], strict=True
        )
    ]
    grid = score_sheet_grid(
        players=players,
        deals=5,
        labels=LABELS,
        title="Feuille de marque — Grand tournoi de la Saint-Sylvestre du club de Bourg-la-Reine",
        subtitle="31 décembre 2026 · Salle polyvalente Jean-Baptiste-Poquelin · Position 12",
        table="Table 32",
    )
    texts = [t for t in grid.texts + grid.names if t[2].strip()]
    boxes = [box(*text) for text in texts]
    for (a, ta), (b, tb) in itertools.combinations(zip(boxes, texts, strict=True), 2):
        assert not overlap(a, b), (ta[2], tb[2])
    column = (WIDTH - sum(width for _, width in FIXED)) / size
    left = sum(width for _, width in FIXED)
    for i, player in enumerate(players):
        mine = [b for b, t in zip(boxes, texts, strict=True) if t[2] in player["name"]]
        assert mine, player["name"]
        for b in mine:
            assert left + i * column <= b[0] and b[2] <= left + (i + 1) * column, player["name"]
    assert all(b[0] >= 0 and b[2] <= WIDTH for b in boxes)


def test_a_name_that_fits_stays_on_one_line_at_its_size():
    grid = score_sheet_grid(
        players=[{"seat": "Nord", "name": "DUPONT Marie", "number": "No. 1"}] * 4,
        deals=5, labels=LABELS, title="Feuille", subtitle="", table="Table 1",
    )  # fmt: skip
    names = [t for t in grid.names if t[2] == "DUPONT Marie"]
    assert len(names) == 4 and {t[3] for t in names} == {3.3}
