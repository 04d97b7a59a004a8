"""Views stay thin: check the form, call the service, show its error or redirect."""
