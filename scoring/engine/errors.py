"""The user error of the engine: an impossible deal, with a stable code for the web layer.

``InvalidDeal`` carries a code, the input field at fault and the values involved, so a form can
show a translated message next to that field. The English text is for logs and tracebacks only;
this module must not translate anything nor know about forms.
"""

from typing import Any


class InvalidDeal(ValueError):
    """A deal that section 3 of the rules says cannot happen.

    ``code`` is stable (tests and translations key on it), ``field`` names the ``DealInput``
    field at fault (or the ``check_marks`` argument), ``params`` holds the offending values.
    """

    def __init__(self, code: str, field: str, params: dict[str, Any] | None = None) -> None:
        self.code = code
        self.field = field
        self.params = dict(params or {})
        details = ", ".join(f"{key}={value!r}" for key, value in self.params.items())
        super().__init__(f"{code} ({field}{': ' + details if details else ''})")
