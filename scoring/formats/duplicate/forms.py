"""Forms of the duplicate's étuis: one prepared by hand typed in (taker, dealer, chien), and
how one was made at the first position; the triplettes' movement to draw (Mitchell or
Howell); a séance's buttons (the position announced, its coefficient).

They turn what the page posted into plain values (orientations, card codes in display order,
a count, a table number) and word what is wrong next to its field; they never save: the views
hand the values to ``services_duplicate_boards``, which checks again.
"""

import re

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from common.forms import PostedForm, PostedText
from scoring.engine.boards import CHIEN_SIZE
from scoring.engine.cards import card_code, parse_card, sort_cards
from scoring.models.duplicate import Board, Orientation
from tournaments.models import Session

# The suit symbols a card may be typed with, for the letter of its code.
SYMBOLS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
SEPARATORS = re.compile(r"[\s,;]+")
MAX_REDEALS = 99

NOTATION = _(
    "The 6 cards, separated by spaces: trumps T1 (the Petit) to T21, the Excuse EX; colour "
    "cards by their suit S (pique ♠), H (cœur ♥), D (carreau ♦) or C (trèfle ♣), then their "
    "rank 1 to 10, V, C, D or R. Example: T21 T4 EX HR DD C7."
)


def chien_codes(text: str) -> list[str]:
    """The card codes of a typed chien, in display order; ValidationError with every reason it
    cannot be kept (unknown cards, a card twice, not 6 cards)."""
    words = [w for w in SEPARATORS.split(text.translate(SYMBOLS).upper()) if w]
    cards, unknown, twice = [], [], []
    for word in words:
        try:
            card = parse_card(word)
        except ValueError:
            unknown.append(word)
            continue
        if card in cards:
            if word not in twice:
                twice.append(word)
        else:
            cards.append(card)
    errors = []
    if unknown:
        errors.append(
            forms.ValidationError(
                ngettext(
                    "%(cards)s is not a card: see the notation below.",
                    "%(cards)s are not cards: see the notation below.",
                    len(unknown),
                ),
                code="chien_unknown_card",
                params={"cards": ", ".join(unknown)},
            )
        )
    if twice:
        errors.append(
            forms.ValidationError(
                ngettext(
                    "%(cards)s is typed twice: each card is in the chien once.",
                    "%(cards)s are typed twice: each card is in the chien once.",
                    len(twice),
                ),
                code="chien_duplicate",
                params={"cards": ", ".join(twice)},
            )
        )
    if len(words) != CHIEN_SIZE:
        errors.append(
            forms.ValidationError(
                ngettext(
                    "The chien is 6 cards: %(count)s was typed.",
                    "The chien is 6 cards: %(count)s were typed.",
                    len(words),
                ),
                code="chien_size",
                params={"count": len(words)},
            )
        )
    if errors:
        raise forms.ValidationError(errors)
    return [card_code(card) for card in sort_cards(cards)]


class BoardTypeForm(forms.Form):
    """An étui prepared by hand, as printed on it: the taker's orientation, the dealer, and
    the chien as written on the travelling sheet."""

    taker = forms.ChoiceField(label=_("Taker's orientation"), choices=Orientation.choices)
    dealer = forms.ChoiceField(
        label=_("Dealer"),
        choices=Orientation.choices,
        help_text=_("The player on the dealer's right leads to the first trick."),
    )
    chien = forms.CharField(label=_("Chien"), max_length=80, help_text=NOTATION)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["chien"].widget.attrs.update(
            {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        )

    def clean_chien(self) -> list[str]:
        return chien_codes(self.cleaned_data["chien"])


class BoardMadeForm(forms.Form):
    """How the étui was made at its first position, and which of the tables that play it
    there made it (``tables``: their numbers)."""

    made = forms.ChoiceField(
        label=_("How it was made"), choices=Board.Made.choices, widget=forms.RadioSelect
    )
    redeals = forms.IntegerField(
        label=_("Redeals"),
        min_value=0,
        max_value=MAX_REDEALS,
        required=False,
        help_text=_("How many times it was redealt (after 3, the arbitre makes the taker's hand)."),
    )
    table = forms.TypedChoiceField(
        label=_("Made by table"), coerce=int, empty_value=None, required=False
    )

    def __init__(self, *args, tables: list[int], position: int | None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["made"].required = False
        self.fields["table"].choices = [("", _("Not said"))] + [
            (t, _("Table %(t)s") % {"t": t}) for t in tables
        ]
        if position is not None:
            self.fields["table"].help_text = _(
                "The tables that play this étui at its first position (position %(k)s)."
            ) % {"k": position}

    def clean_redeals(self) -> int:
        return self.cleaned_data["redeals"] or 0

    def clean(self):
        data = super().clean()
        if data.get("made") == Board.Made.REDEALT and not data.get("redeals"):
            self.add_error("redeals", _("Say how many times it was redealt."))
        return data


class MovementDrawForm(forms.Form):
    """The triplettes' movement to draw: the page offers those that fit (``offered``); any
    other is refused next to the field with why (``problem``: movement -> a ValidationError or
    None, the service's own check)."""

    movement = forms.ChoiceField(label=_("Movement"), choices=Session.Movement.choices)

    def __init__(self, *args, offered: list[str], problem, **kwargs):
        super().__init__(*args, **kwargs)
        self.problem = problem
        field = self.fields["movement"]
        field.widget.choices = [(v, label) for v, label in field.choices if v in offered]
        if offered and self.initial.get("movement") not in offered:
            self.initial["movement"] = offered[0]

    def clean_movement(self) -> str:
        movement = self.cleaned_data["movement"]
        problem = self.problem(movement)
        if problem is not None:
            raise problem
        return movement


class AnnounceForm(PostedForm):
    """The position the arbitre announces as being played, as sent (the service checks it;
    None when the page did not say)."""

    number = PostedText(missing=None)


class CoefficientForm(PostedForm):
    """A séance's coefficient as typed (the service reads and checks it)."""

    coefficient = PostedText()
