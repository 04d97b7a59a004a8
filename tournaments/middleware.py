"""Old addresses keep working: a page of a tournament asked for under a short address the
tournament had before (``TournamentAddress``) is redirected to the same page under its
address now, instead of a 404 for every bookmark, QR code and projector set up before.

A private tournament's old address is followed only for its staff (an account with a role in
it, or a superuser): anyone else, signed in or not, gets the 404 an unknown address gets, so
that the redirect tells nobody where a private tournament went."""

import re

from django.http import HttpResponseRedirect

from .models import TournamentAddress
from .permissions import role_of

_TOURNAMENT = re.compile(r"^(/(?:manage/)?t/)([-a-zA-Z0-9_]+)(/.*)$")


class OldAddressMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 404 or request.method not in ("GET", "HEAD"):
            return response
        match = _TOURNAMENT.match(request.path)
        if match is None:
            return response
        former = TournamentAddress.objects.select_related("tournament").filter(slug=match[2])
        address = former.first()
        if address is None:
            return response
        tournament = address.tournament
        if not tournament.is_public and role_of(request.user, tournament) is None:
            return response  # a private tournament's new address is for its staff
        url = f"{match[1]}{tournament.slug}{match[3]}"
        query = request.META.get("QUERY_STRING", "")
        return HttpResponseRedirect(f"{url}?{query}" if query else url)
