"""The quadrettes' own form: the member who attacks for a quadrette in a séance, as chosen in
the list of its members (a registration id; the view looks it up in the tournament)."""

from common.forms import OptionalInt, PostedForm


class AttackerForm(PostedForm):
    """``attacker``: the registration id chosen, None when missing or no number."""

    attacker = OptionalInt()
