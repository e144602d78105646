"""The rules' files a phone offline scores with (docs/phone.md "Rules on the phone"): the
bundle is a static file written from games.rules (scorekeeper/staticfiles.py), served in
development and tests, hashed by collectstatic, and named in a round game's page."""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.core.management import call_command
from django.templatetags.static import static
from django.test import override_settings

from games.phone_rules import bundle
from games.screens.common import PHONE_RULES_FILES
from tests.games.test_round_games import start


def test_the_bundle_is_served_as_a_static_file_from_the_rules_sources(client) -> None:
    response = client.get(static("phone_rules/rules.json"))

    assert response.status_code == 200
    body = b"".join(response.streaming_content).decode()
    assert body == bundle.text()
    assert "games/rules/skull_king/scoring.py" in json.loads(body)


def test_collectstatic_gives_the_rules_files_hashed_names(tmp_path) -> None:
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
        urls = [static(path) for path in PHONE_RULES_FILES.values()]

    for url in urls:
        # phone_rules/rules.json -> /static/phone_rules/rules.0123456789ab.json
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), url
        assert (tmp_path / url.removeprefix(settings.STATIC_URL)).is_file()


def test_a_round_games_page_names_the_rules_files_and_what_they_score(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")

    response = client.get(f"/s/{game.public_id}/")

    state = json.loads(
        re.search(r'id="offline-state"[^>]*>(.*?)</script>', response.content.decode()).group(1)
    )
    assert state["phone_rules"] == {name: static(path) for name, path in PHONE_RULES_FILES.items()}
    assert state["rules"]["game"] == "skull_king"
    assert state["rules"]["rounds"] == [] and state["rules"]["players"] == 3
    assert state["rules"]["sides"] == ["Anna", "Ben", "Carla"]
