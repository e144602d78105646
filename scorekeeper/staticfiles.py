"""The rules' bundle for a phone offline (games/phone_rules/bundle.py, docs/phone.md "Rules
on the phone") as one more static file, ``phone_rules/rules.json``: written from games.rules
into settings.PHONE_RULES_BUILD (gitignored) the first time a process asks for it, then
found like any file of static/. So collectstatic gives it a hashed, compressed name like
the rest (`make run`, production) and development and tests serve it from the sources,
with nothing to build by hand on a fresh clone."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.contrib.staticfiles.storage import HashedFilesMixin
from django.core.files.storage import FileSystemStorage
from whitenoise.storage import CompressedManifestStaticFilesStorage

from games.phone_rules import bundle

PATH = "phone_rules/rules.json"


@cache
def built() -> Path:
    """The bundle written once per process; only when it changed, and whole (another
    process may be reading it)."""
    root = Path(settings.PHONE_RULES_BUILD)
    target = root / PATH
    text = bundle.text()
    if not target.exists() or target.read_text() != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f".{target.name}.{os.getpid()}")
        partial.write_text(text)
        os.replace(partial, target)
    return target


class PhoneRulesFinder(BaseFinder):
    def check(self, **kwargs) -> list:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs) -> str | list[str] | None:
        find_all = find_all or kwargs.get("all", False)
        if path != PATH:
            return [] if find_all else None
        found = str(built())
        return [found] if find_all else found

    def list(self, ignore_patterns):
        built()
        yield PATH, FileSystemStorage(location=settings.PHONE_RULES_BUILD)


class Storage(CompressedManifestStaticFilesStorage):
    """collectstatic's hashed, compressed files, with our ES modules' relative imports
    (``import … from "./outbox.js"``, ``import("./offline.js")``) written to the hashed names,
    as Django does for CSS's ``url()``: only in our own ``js/``, since vendored files carry
    imports that are no file (``import("fs")`` in MicroPython's, a type in htmx's comments)."""

    patterns = (
        *CompressedManifestStaticFilesStorage.patterns,
        ("js/*.js", HashedFilesMixin._js_module_import_aggregation_patterns[1]),
    )
