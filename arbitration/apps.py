from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbitrationConfig(AppConfig):
    name = "arbitration"
    verbose_name = _("Arbitration")
