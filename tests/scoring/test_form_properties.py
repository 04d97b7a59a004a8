"""Random valid deals pushed through the entry page, as facts or as transcribed marks: the marks
stored for each player are exactly what the engine's ``score_deal`` gives."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import DealInput, score_deal
from scoring.models import Mark, ScoreSheet
from tests.scoring.engine.strategies import deals
from tests.support import table_url as url

pytestmark = pytest.mark.django_db
CONTRACTS = st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"])


@st.composite
def lines(draw):
    deal = draw(deals(players=st.just(4), contracts=CONTRACTS))
    taker = draw(st.integers(0, 3))
    defenders = [s for s in range(4) if s != taker]
    showing = draw(st.permutations(defenders))
    seats, i = [], 0
    for camp, _level in deal.poignees:
        if camp == "attack":
            seats.append(taker)
        else:
            seats.append(showing[i])
            i += 1
    mode = draw(st.sampled_from(["facts", "marks"]))
    return deal, taker, seats, mode


def fields(number, deal: DealInput, taker, seats, mode, sign):
    prefix = f"d{number}-"
    data = {
        prefix + "mode": mode,
        prefix + "contract": str(deal.contract),
        prefix + "taker": str(taker),
    }
    result = score_deal(deal)
    marks = [result.taker if s == taker else result.defender for s in range(4)]
    if mode == "facts":
        points = str(deal.points).replace(".", ",") if sign else str(deal.points)
        data[prefix + "bouts"] = str(deal.bouts)
        data[prefix + "points"] = points
        data[prefix + "pab"] = deal.petit_au_bout or ""
        data[prefix + "chelem"] = deal.chelem or ""
        if deal.chelem_announced:
            data[prefix + "chelem_announced"] = "on"
        for seat, (_camp, level) in zip(seats, deal.poignees, strict=True):
            data[f"{prefix}poignee{seat}"] = level
    else:
        for seat, mark in enumerate(marks):
            data[f"{prefix}mark{seat}"] = f"+{mark}" if sign and mark > 0 else str(mark)
    return data, marks


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(lines(), min_size=5, max_size=5), st.booleans())
def test_stored_marks_equal_the_engine(client, staff, table, drawn, sign):
    client.force_login(staff["scorer"])
    current = ScoreSheet.objects.filter(table=table).exclude(status="superseded").first()
    data = {"base_version": str(current.version if current else 0), "token": ""}
    data |= {f"visa{s}": "on" for s in range(4)}
    expected = []
    for number, (deal, taker, seats, mode) in enumerate(drawn, start=1):
        typed, marks = fields(number, deal, taker, seats, mode, sign)
        data |= typed
        expected.append(marks)
    response = client.post(url("sheet", table), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    sheet = ScoreSheet.objects.filter(table=table).exclude(status="superseded").get()
    stored = [[0] * 4 for _ in range(5)]
    for number, seat, value in Mark.objects.filter(sheet=sheet).values_list(
        "deal__number", "seat", "value"
    ):
        stored[number - 1][seat] = value
    assert stored == expected
