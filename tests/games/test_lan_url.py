"""`make run` prints the address a phone on the same network opens, and its QR code."""

from __future__ import annotations

import io

import segno
from django.core.management import call_command
from django.test import override_settings

from games.management.commands import lan_url


def run(monkeypatch, addresses: list[str]) -> str:
    monkeypatch.setattr(lan_url, "lan_ipv4_addresses", lambda: addresses)
    out = io.StringIO()
    call_command("lan_url", port=8123, stdout=out)
    return out.getvalue()


@override_settings(ALLOWED_HOSTS=["localhost", "192.168.1.20"])
def test_it_prints_the_lan_address_and_a_qr_code_of_it(monkeypatch) -> None:
    printed = run(monkeypatch, ["192.168.1.20"])

    assert "  http://192.168.1.20:8123/" in printed
    picture = io.StringIO()
    segno.make("http://192.168.1.20:8123/", error="l").terminal(out=picture, compact=True)
    assert picture.getvalue() in printed  # the QR code of exactly that address


@override_settings(ALLOWED_HOSTS=["localhost"])
def test_an_address_the_site_would_refuse_is_not_offered(monkeypatch) -> None:
    printed = run(monkeypatch, ["10.0.0.5"])

    assert "10.0.0.5" not in printed
    assert "(no LAN address found)" in printed
    assert "█" not in printed
