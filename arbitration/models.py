"""Incidents and the arbitre's decisions (a later issue).

A decision that touches marks goes through ``scoring``'s services.
"""
