"""Old addresses keep working: a page of a tournament asked for under a short address the
tournament had before (``TournamentAddress``) is redirected to the same page under its
address now, instead of a 404 for every bookmark, QR code and projector set up before."""

import re

from django.http import HttpResponseRedirect

from .models import TournamentAddress

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
        if not address.tournament.is_public and not request.user.is_authenticated:
            return response  # a private tournament's new address is for its staff
        url = f"{match[1]}{address.tournament.slug}{match[3]}"
        query = request.META.get("QUERY_STRING", "")
        return HttpResponseRedirect(f"{url}?{query}" if query else url)
