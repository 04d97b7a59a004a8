"""The sheet check over plain values: what the preview shows and the save service stores."""

from decimal import Decimal

from scoring.engine import DealInput, Ruleset, score_deal
from scoring.engine.entry import DealEntry, SheetEntry, entry_of_deals
from scoring.engine.sheet import TableSetup, check_sheet
from scoring.formats.libre.forms import field_name, post_fields, read_entry
from tests.scoring.conftest import SAMPLE, SAMPLE_BILANS

FOUR = TableSetup(registrations=(11, 12, 13, 14), deals=5)


def codes(check):
    """(the page's field, code) of every problem: where the sheet page shows it."""
    return {(field_name(p), p.code) for p in check.problems}


def test_official_sample_sheet_transcribed():
    check = check_sheet(FOUR, read_entry(SAMPLE))
    assert check.is_valid, check.problems
    assert check.played == 5
    assert [t["bilan"] for t in check.totals(4)] == SAMPLE_BILANS
    assert [d.amount for d in check.deals] == [106, 76, -42, 92, 582]


def test_totals_split_plus_and_minus():
    check = check_sheet(FOUR, read_entry(SAMPLE))
    sud = check.totals(4)[2]
    assert sud == {"plus": 1746, "minus": -76 - 126 - 92 - 106, "bilan": 1346}


def test_facts_compute_the_marks_of_e1():
    data = {
        "d1-mode": "facts", "d1-contract": "garde", "d1-taker": "2", "d1-bouts": "2",
        "d1-points": "49", "d1-pab": "attack", "d1-poignee2": "simple",
    }  # fmt: skip
    check = check_sheet(FOUR, read_entry(data))
    assert check.is_valid, check.problems
    (deal,) = check.deals
    assert deal.marks == (-106, -106, 318, -106)
    assert deal.poignees == ((2, "simple"),)


def test_points_take_a_decimal_comma():
    three = TableSetup(registrations=(11, 12, 13), deals=5)
    data = {"d1-mode": "facts", "d1-contract": "prise", "d1-taker": "0", "d1-bouts": "2",
            "d1-points": "40,5"}  # fmt: skip
    (deal,) = check_sheet(three, read_entry(data)).deals
    assert deal.points == Decimal("40.5")
    assert deal.amount == -26


def test_half_points_at_a_table_of_four_are_refused_next_to_the_points():
    data = {"d1-mode": "facts", "d1-contract": "prise", "d1-taker": "0", "d1-bouts": "2",
            "d1-points": "40,5"}  # fmt: skip
    assert codes(check_sheet(FOUR, read_entry(data))) == {("d1-points", "points_half_four_players")}


def test_errors_name_their_field():
    data = {
        "d1-mode": "facts", "d1-contract": "garde", "d1-taker": "0", "d1-bouts": "0",
        "d1-points": "30", "d1-pab": "attack",
        "d2-contract": "garde", "d2-taker": "1",
        "d2-mark0": "-100", "d2-mark1": "300", "d2-mark2": "-100", "d2-mark3": "-99",
        "d4-contract": "prise",
    }  # fmt: skip
    check = check_sheet(FOUR, read_entry(data))
    assert codes(check) == {
        ("d1-pab", "petit_au_bout_without_bout"),
        ("d2-mark3", "defenders_unequal"),
        ("d2-total", "marks_not_zero_sum"),
        ("d3-contract", "deal_missing"),
        ("d4-taker", "taker_required"),
    }
    assert not check.is_valid
    assert check.deals == []


def test_unreachable_amount_is_a_warning_not_an_error():
    data = {"d1-contract": "garde", "d1-taker": "0", "d1-mark0": "321"}
    data.update({f"d1-mark{seat}": "-107" for seat in (1, 2, 3)})
    check = check_sheet(FOUR, read_entry(data))
    assert check.is_valid
    assert [(field_name(p), p.code) for p in check.warnings] == [("d1-mark1", "amount_unreachable")]


def test_banned_taker_is_refused_with_the_reason():
    setup = TableSetup(registrations=(11, 12, 13, 14), deals=5, bans={(13, 2): "renonce"})
    data = {**SAMPLE}
    problems = [
        p for p in check_sheet(setup, read_entry(data)).problems if field_name(p) == "d2-taker"
    ]
    assert problems == []  # Ouest took deal 2
    data["d2-taker"] = "2"
    problem = next(
        p for p in check_sheet(setup, read_entry(data)).problems if field_name(p) == "d2-taker"
    )
    assert problem.code == "taker_banned"
    assert problem.params["reason"] == "renonce"


def test_dealer_sits_out_at_a_table_of_five():
    setup = TableSetup(registrations=(1, 2, 3, 4, 5), deals=5)
    # The deal passes to the right: Nord, the fifth seat, Ouest, Sud, Est.
    assert [setup.sitting_out(n) for n in range(1, 7)] == [0, 4, 3, 2, 1, 0]
    data = {"d2-contract": "garde", "d2-taker": "4"}
    data["d1-contract"], data["d1-taker"] = "prise", "0"
    check = check_sheet(setup, read_entry(data))
    assert ("d1-taker", "taker_sitting_out") in codes(check)
    assert ("d2-taker", "taker_sitting_out") in codes(check)
    data = {"d1-mode": "facts", "d1-contract": "garde", "d1-taker": "1", "d1-bouts": "2",
            "d1-points": "49"}  # fmt: skip
    (deal,) = check_sheet(setup, read_entry(data)).deals
    expected = score_deal(DealInput(players=4, contract="garde", bouts=2, points=49))
    assert deal.marks == (
        0,
        expected.taker,
        expected.defender,
        expected.defender,
        expected.defender,
    )
    assert deal.sitting_out == 0


def test_called_king_partner():
    setup = TableSetup(registrations=(1, 2, 3, 4, 5), deals=5, called_king=True)
    data = {"d1-mode": "facts", "d1-contract": "prise", "d1-taker": "1", "d1-partner": "3",
            "d1-bouts": "2", "d1-points": "45"}  # fmt: skip
    (deal,) = check_sheet(setup, read_entry(data)).deals
    assert deal.marks == (-29, 58, -29, 29, -29)
    assert ("d1-partner", "partner_not_five_players") in codes(check_sheet(FOUR, read_entry(data)))
    data["d1-partner"] = "1"
    assert ("d1-partner", "partner_is_taker") in codes(check_sheet(setup, read_entry(data)))


def test_ruleset_values_are_used():
    setup = TableSetup(registrations=(1, 2, 3, 4), deals=5, ruleset=Ruleset(poignee_simple=10))
    data = {"d1-mode": "facts", "d1-contract": "prise", "d1-taker": "0", "d1-bouts": "2",
            "d1-points": "41", "d1-poignee1": "simple"}  # fmt: skip
    (deal,) = check_sheet(setup, read_entry(data)).deals
    assert deal.amount == 25 + 10


def test_hostile_values_are_problems_not_exceptions():
    junk = ["²", "9" * 50, "NaN", "1e999999", "-0", "+", "٣", "\x00", "  ", "None", "3.5"]
    for value in junk:
        data = {f"d1-{name}": value for name in (
            "mode", "contract", "taker", "partner", "bouts", "points", "pab", "chelem",
            "mark0", "mark1", "mark2", "mark3", "poignee0")}  # fmt: skip
        check_sheet(FOUR, read_entry(data))  # must not raise
        data["d1-mode"] = "facts"
        check_sheet(FOUR, read_entry(data))


def test_points_that_are_no_finite_number_are_refused_next_to_the_points():
    for typed in ["NaN", "nan", "sNaN", "-sNaN", "Infinity", "-inf"]:
        data = {"d1-mode": "facts", "d1-contract": "prise", "d1-taker": "0", "d1-bouts": "2",
                "d1-points": typed}  # fmt: skip
        check = check_sheet(FOUR, read_entry(data))
        assert codes(check) == {("d1-points", "points_invalid")}
        assert check.problems[0].params["points"] == typed


def test_a_stored_sheet_enters_the_form_again():
    facts = {
        "d1-mode": "facts", "d1-contract": "garde", "d1-taker": "2", "d1-bouts": "2",
        "d1-points": "49.5", "d1-pab": "attack", "d1-poignee2": "simple", "d1-poignee0": "simple",
        "d1-chelem": "", "d1-partner": "",
    }  # fmt: skip
    for data in (facts, SAMPLE):
        check = check_sheet(FOUR, read_entry(data))
        again = post_fields(entry_of_deals(check.deals, 4))
        assert check_sheet(FOUR, read_entry(again)).deals == check.deals


def test_an_annulled_deal_scores_zero_and_an_adjusted_one_only_sums_to_zero():
    data = {**SAMPLE, "d1-mode": "annulled", "d2-mode": "adjusted", "d2-mark0": "5",
            "d2-mark1": "-5", "d2-mark2": "0", "d2-mark3": "0"}  # fmt: skip
    check = check_sheet(FOUR, read_entry(data))
    assert check.is_valid, check.problems
    assert check.deals[0].marks == (0, 0, 0, 0) and check.deals[1].marks == (5, -5, 0, 0)
    data["d2-mark3"] = "1"
    assert ("d2-total", "marks_not_zero_sum") in codes(check_sheet(FOUR, read_entry(data)))
    # An annulled deal needs nothing else, not even its contract.
    check = check_sheet(FOUR, read_entry({"d1-mode": "annulled"}))
    assert check.is_valid and check.played == 1 and check.deals[0].taker is None


def test_the_sheet_names_who_dealt_first_at_a_table_of_five():
    setup = TableSetup(registrations=(1, 2, 3, 4, 5), deals=5)
    data = {"first_dealer": "2", "d1-contract": "garde", "d1-taker": "0", "d1-mode": "facts",
            "d1-bouts": "2", "d1-points": "49"}  # fmt: skip
    check = check_sheet(setup, read_entry(data))
    (deal,) = check.deals
    assert deal.sitting_out == 2 and deal.marks[2] == 0
    assert [check.setup.sitting_out(n) for n in range(1, 6)] == [2, 1, 0, 4, 3]
    data["first_dealer"] = "9"  # nonsense: Nord, who then cannot take deal 1
    check = check_sheet(setup, read_entry(data))
    assert check.setup.first_dealer == 0 and ("d1-taker", "taker_sitting_out") in codes(check)


def dealers(setup, data=None):
    return check_sheet(setup, read_entry(data or {})).setup.dealers


def test_the_deal_passes_to_the_right_at_every_table_size():
    """Play is anticlockwise: Nord's right-hand neighbour is Ouest (section 1)."""
    assert dealers(FOUR) == (0, 3, 2, 1, 0)
    assert dealers(TableSetup(registrations=(1, 2, 3), deals=6)) == (0, 2, 1, 0, 2, 1)
    five = TableSetup(registrations=(1, 2, 3, 4, 5), deals=5, called_king=True)
    assert dealers(five) == (0, 4, 3, 2, 1)
    assert dealers(FOUR, {"first_dealer": "1"}) == (1, 0, 3, 2, 1)


def test_each_line_records_its_dealer_and_the_next_follow():
    assert dealers(FOUR, {"d1-dealer": "2"}) == (2, 1, 0, 3, 2)
    # A line dealt by someone else than the one in turn: the lines after follow it.
    assert dealers(FOUR, {"d1-dealer": "2", "d3-dealer": "2"}) == (2, 1, 2, 1, 0)
    check = check_sheet(FOUR, read_entry({**SAMPLE, "d2-dealer": "0"}))
    assert [d.dealer for d in check.deals] == [0, 0, 3, 2, 1]
    assert ("d4-dealer", "dealer_invalid") in codes(
        check_sheet(FOUR, read_entry({"d4-dealer": "7"}))
    )


def test_a_deal_dealt_again_bars_its_dealer_and_counts_once():
    data = {**SAMPLE, "d2-dealt_again": "on"}  # Ouest deals deal 2; Ouest took it
    assert ("d2-taker", "taker_dealt_again") in codes(check_sheet(FOUR, read_entry(data)))
    data["d2-dealer"] = "2"  # Sud dealt it again: Ouest may take
    check = check_sheet(FOUR, read_entry(data))
    assert check.is_valid, check.problems
    assert check.played == 5 and check.deals[1].dealt_again and check.deals[1].dealer == 2
    assert [t["bilan"] for t in check.totals(4)] == SAMPLE_BILANS


def test_a_deal_not_played_takes_its_line_with_no_marks():
    data = {**SAMPLE, "d3-mode": "all_pass"}  # what deal 3 held is hidden, not read
    check = check_sheet(FOUR, read_entry(data))
    assert check.is_valid, check.problems
    third = check.deals[2]
    assert (third.mode, third.contract, third.taker, third.marks) == (
        "all_pass",
        "",
        None,
        (0,) * 4,
    )
    assert third.dealer == 2 and check.deals[3].dealer == 1  # the next player deals the next
    assert check.played == 5
    petit_sec = check_sheet(FOUR, read_entry({"d1-mode": "petit_sec", "d1-dealer": "1"}))
    assert petit_sec.is_valid and petit_sec.played == 1
    assert petit_sec.deals[0].dealer == 1 and petit_sec.setup.dealer(2) == 0


def test_a_misdeal_ban_falls_on_whoever_dealt_that_deal():
    setup = TableSetup(registrations=(11, 12, 13, 14), deals=5, dealer_bans={2: "misdeal"})
    data = {**SAMPLE}  # Ouest deals deal 2, and took it
    problem = next(
        p for p in check_sheet(setup, read_entry(data)).problems if field_name(p) == "d2-taker"
    )
    assert (problem.code, problem.params["reason"]) == ("taker_banned", "misdeal")
    data["d2-dealer"] = "0"  # the sheet says Nord dealt it: Ouest may take
    assert check_sheet(setup, read_entry(data)).is_valid


def test_a_ban_on_the_first_deal_played_follows_the_dealers_of_the_sheet():
    five = TableSetup(registrations=(1, 2, 3, 4, 5), deals=5, bans={(3, None): "renonce"})
    deal = {"d{n}-mode": "facts", "d{n}-contract": "prise", "d{n}-taker": "2",
            "d{n}-bouts": "2", "d{n}-points": "45"}  # fmt: skip

    def line(n):
        return {key.format(n=n): value for key, value in deal.items()}

    # Nord deals deal 1: Sud (registration 3) plays it first and may not take it.
    assert ("d1-taker", "taker_banned") in codes(check_sheet(five, read_entry(line(1))))
    # Sud deals deal 1 and sits it out: the ban moves to deal 2.
    check = check_sheet(five, read_entry({"d1-dealer": "2", **line(2)} | {"d1-mode": "all_pass"}))
    assert ("d2-taker", "taker_banned") in codes(check)


def test_dealers_and_lines_not_played_go_back_into_the_form():
    check = check_sheet(FOUR, read_entry({**SAMPLE, "d2-dealt_again": "on", "d2-dealer": "2",
                               "d3-mode": "petit_sec"}))  # fmt: skip
    data = post_fields(entry_of_deals(check.deals, 4))
    assert data["d2-dealt_again"] == "on" and data["d2-dealer"] == "2"
    assert data["d3-mode"] == "petit_sec" and "d3-mark0" not in data
    assert check_sheet(FOUR, read_entry(data)).deals == check.deals


def test_uneven_dealers_where_the_dealer_sits_out_are_a_warning():
    five = TableSetup(registrations=(1, 2, 3, 4, 5), deals=5)
    data = {f"d{n}-mode": "all_pass" for n in range(1, 6)}
    assert check_sheet(five, read_entry(data)).warnings == []
    data["d4-dealer"] = "0"  # Nord again: Nord sits out twice, Est never
    (warning,) = check_sheet(five, read_entry(data)).warnings
    assert (field_name(warning), warning.code) == ("d4-dealer", "dealers_uneven")
    assert check_sheet(five, read_entry(data)).is_valid  # the arbitre decides


def test_a_ban_passes_over_a_deal_annulled_before_the_bidding():
    """A petit sec is dealt again before anyone bids: the barred player has not served the ban;
    after four passes they have (they passed)."""
    setup = TableSetup(registrations=(11, 12, 13, 14), deals=5, bans={(13, 2): "renonce"})
    assert check_sheet(setup, read_entry({"d2-mode": "petit_sec"})).setup.ban(2, 3) == "renonce"
    assert check_sheet(setup, read_entry({"d2-mode": "all_pass"})).setup.ban(2, 3) is None
    assert check_sheet(setup, read_entry({})).setup.ban(2, 2) == "renonce"


def test_a_sheet_typed_as_a_value_names_the_deal_field_and_seat_at_fault():
    """The check takes a ``SheetEntry``: no page field name anywhere."""
    entry = SheetEntry(
        deals=(
            DealEntry(1, contract="garde", taker=2, marks=("-100", "-100", "300", "-100")),
            DealEntry(2, mode="facts", contract="prise", taker=7, bouts="2", points="41"),
            DealEntry(3, contract="prise", taker=0, marks=("+75", "-25", "-25", "x")),
        )
    )
    check = check_sheet(FOUR, entry)
    assert [d.number for d in check.deals] == [1]
    assert check.deals[0].marks == (-100, -100, 300, -100)
    problems = {(p.deal, p.field, p.seat, p.code) for p in check.errors}
    assert problems == {(2, "taker", None, "taker_invalid"), (3, "marks", 3, "mark_invalid")}


def test_the_form_reads_what_the_page_posts_and_ignores_the_rest():
    entry = read_entry(
        {"d2-taker": "1", "d2-mark0": " 42 ", "d2-mark3": "-14", "d2-chelem_announced": "on",
         "d2-pab": "attack", "d2-poignee1": "simple", "d2-dealer": "x", "visa0": "on",
         "visa2": "off", "visa7x": "on", "d5000-mark0": "1", "d3-mark": "1", "dx-mode": "a",
         "first_dealer": "3", "short_reason": "late", "csrfmiddlewaretoken": "t"}
    )  # fmt: skip
    (line,) = [d for d in entry.deals if d.number == 2]
    assert line.taker == 1 and line.marks == ("42", "", "", "-14") and line.chelem_announced
    assert line.petit_au_bout == "attack" and line.poignee(1) == "simple" and line.mode == "marks"
    assert line.dealer == -1  # names no seat: the check says so next to the dealer
    assert entry.visas == {0} and entry.first_dealer == 3 and entry.short_reason == "late"
    assert not any(d.number > 99 for d in entry.deals)
    assert read_entry(post_fields(entry)) == entry
    check = check_sheet(FOUR, entry)
    assert ("d2-dealer", "dealer_invalid") in codes(check)
