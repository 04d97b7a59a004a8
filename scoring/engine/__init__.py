"""The FFT French Tarot deal-scoring engine: pure Python, no Django, no project app.

``score_deal`` turns what a table knows at the end of a deal (``DealInput``) into marks
(``DealResult``) by section 2 of ``fft-rules.md``, and refuses with ``InvalidDeal`` what
section 3 says is impossible. ``check_marks`` checks marks transcribed from a paper sheet.
``Ruleset`` carries the prime values and poignée thresholds a club may change.
``possible_points`` says which counts the cards allow (the bouts and points of the attack, for a
table size, a contract and a chelem), derived from the cards in ``counts``.
This package must not import Django or any app of the project, nor touch any storage.

Glossary (French terms of art, written without accents in code):

- *donne*: a deal. *donneur*: the dealer. *donnes libres*: free deals, the tournament format.
- *preneur*: the taker, who won the bidding. *attaque*: the taker's camp (``Camp.ATTACK``),
  with the *partenaire* (the called partner, 5 players only). *défense*: the others
  (``Camp.DEFENCE``); each of them is a *défenseur*.
- *contrat*: the bid. *prise* (or *petite*): coefficient 1; *garde*: 2; *garde sans (le
  chien)*: 4, the chien unseen and counted for the attack; *garde contre (le chien)*: 6, the
  chien unseen and counted for the defence.
- *chien*: the kitty, the cards set aside during the deal. *écart*: the taker's discard.
- *atout*: a trump. *Petit*: the 1 of trumps. *Excuse*: the card that excuses from following.
- *bout* (also *oudler*): the Petit, the 21 and the Excuse. The bouts in the attack's pile set
  the target: 56, 51, 41, 36 points for 0, 1, 2, 3 bouts.
- *fait de N* / *chuté de N*: made / lost by N points (``diff``); *juste fait*: made by 0.
- *petit au bout*: the Petit in the last trick; 10 × coefficient to the camp that took it.
- *poignée*: trumps shown at once (*simple*, *double*, *triple*), worth 20, 30, 40 to the camp
  that wins the contract.
- *chelem*: every trick taken by one camp (*annoncé*: announced before play).
- *petit sec*: a hand whose only trump is the Petit; the deal is annulled.
- *marque*: a player's points for a deal. *feuille de marque*: the score sheet.
  *bilan*: a player's net over a sheet. *A*: what the attack wins from each defender.
- *arbitre*: the referee. *renonce*: failing to follow suit or to trump when able.
"""

from .counts import Counts, Span, possible_points
from .deal import DealInput, DealResult, score_deal
from .enums import Camp, Contract, PoigneeLevel, Severity
from .errors import InvalidDeal
from .marks import MarkProblem, achievable_amounts, check_marks
from .ruleset import DEFAULT_RULESET, PoigneeThresholds, Ruleset

__all__ = [
    "DEFAULT_RULESET",
    "Camp",
    "Contract",
    "Counts",
    "DealInput",
    "DealResult",
    "InvalidDeal",
    "MarkProblem",
    "PoigneeLevel",
    "PoigneeThresholds",
    "Ruleset",
    "Severity",
    "Span",
    "achievable_amounts",
    "check_marks",
    "possible_points",
    "score_deal",
]
