"""A user error tied to one field, from the service that finds it to the form that shows it.

Services raise ``field_error("reason", …)``; views hand what they catch to
``add_service_error``, which puts each message next to its field when the form has one.
"""

from django.core.exceptions import ValidationError


def field_error(field: str, message: str, code: str, **params) -> ValidationError:
    """A user error that belongs next to one field, with its code and values."""
    return ValidationError({field: ValidationError(message, code=code, params=params)})


def add_service_error(form, exc: ValidationError) -> None:
    """Show a service's ValidationError on the form: next to its field when the form has it."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)
