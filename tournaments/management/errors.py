"""What the management commands print for a service's ValidationError."""

from django.core.exceptions import ValidationError


def error_text(error: ValidationError) -> str:
    """The error's messages on one line, each field's named (a field of the tournament)."""
    if hasattr(error, "error_dict"):
        return "; ".join(f"{name}: {' '.join(m)}" for name, m in error.message_dict.items())
    return " ".join(error.messages)
