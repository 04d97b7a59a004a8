"""This machine on its local network: what players' phones use to reach a laptop server."""

import ipaddress
import socket


def lan_address() -> str | None:
    """This machine's address on its local network, if it has one (no packet is sent: a UDP
    socket only picks the interface a route would use)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a request's host, without its port) names this machine only."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
