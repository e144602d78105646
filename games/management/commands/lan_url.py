"""Print the address a phone on the same network opens, with its QR code (``make run``)."""

from __future__ import annotations

import io

import segno
from django.conf import settings
from django.core.management.base import BaseCommand

from scorekeeper.settings import lan_ipv4_addresses


class Command(BaseCommand):
    help = "Print the LAN address of this Scorekeeper, and a QR code of it for a phone."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--no-qr", action="store_true", help="only the addresses")

    def handle(self, *args, port: int, no_qr: bool, **options) -> None:
        hosts = settings.ALLOWED_HOSTS
        urls = [
            f"http://{address}:{port}/"
            for address in lan_ipv4_addresses()
            if address in hosts or "*" in hosts
        ]
        self.stdout.write("\nOpen Scorekeeper on a phone on this network:")
        for url in urls:
            self.stdout.write(f"  {url}")
        if not urls:
            self.stdout.write("  (no LAN address found)")
        self.stdout.write(f"  or here: http://127.0.0.1:{port}/\n")
        if urls and not no_qr:
            self.stdout.write("Or scan this with the phone's camera:")
            # Half-block characters: two rows of modules per line of text.
            picture = io.StringIO()
            segno.make(urls[0], error="l").terminal(out=picture, compact=True)
            self.stdout.write(picture.getvalue())
