"""The read API for club and committee websites (JSON, OpenAPI at /api/openapi.json) and the
clubs' calendar feeds."""
