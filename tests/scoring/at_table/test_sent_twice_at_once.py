"""The same entry sent twice at once (two taps, found by the load test): the second sending,
which waited for the first's lock on the table, answers the entry the first recorded instead of
refusing it as another phone's."""

import pytest

from scoring.at_table import services
from scoring.models import TableEntry
from tests.scoring.at_table.test_services import GARDE_BY_EAST, deal_post

pytestmark = pytest.mark.django_db


def test_the_second_of_two_sendings_at_once_answers_the_first_ones_entry(libre_access):
    post = deal_post(1, **GARDE_BY_EAST)
    first = services.submit(access=libre_access, number=1, seat=1, post=post, client_key="tap")
    # What the second sending does once it holds the lock: it had not seen the first's row.
    again = services._submit(libre_access, 1, 1, post, "tap", "", None)
    assert again.pk == first.pk
    assert TableEntry.objects.count() == 1
