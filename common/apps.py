from django.apps import AppConfig


class CommonConfig(AppConfig):
    """Installed for its template filters (``{% load printing %}``); it has no models."""

    name = "common"
