"""Small helpers shared by the staff views."""

from django.core.exceptions import ValidationError


def add_service_error(form, exc: ValidationError) -> None:
    """Show a service's ValidationError on the form: next to its field when the form has it."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)


def is_htmx(request) -> bool:
    """True for a request htmx made (it then wants a fragment, not a whole page)."""
    return request.headers.get("HX-Request") == "true"
