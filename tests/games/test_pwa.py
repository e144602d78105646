"""On the home screen: the manifest, the service worker, the offline page, and the
"This phone" settings a session page carries (docs/phone.md)."""

from __future__ import annotations

import json
import re
import struct
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import override_settings

from games.models import Game, Notebook
from games.views import pwa as views_pwa
from tests.games.conftest import HTMX, all_rows, place_bids

CSS = Path(settings.BASE_DIR, "static", "css", "app.css").read_text()


class Tags(HTMLParser):
    """Every start tag of a page, as (name, attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline_scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        # json_script's data is not run (STYLE.md: the CSP allows it): not an inline script.
        self._in_script = tag == "script" and dict(attrs).get("type") != "application/json"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts.append(data)

    def find(self, tag: str, **attrs: str | None) -> list[dict[str, str | None]]:
        """The tags with these attributes; None asks only that the attribute is there."""
        return [
            found
            for name, found in self.tags
            if name == tag
            and all(key in found and found[key] == value for key, value in attrs.items())
        ]


def tags_of(response) -> Tags:
    parser = Tags()
    parser.feed(response.content.decode())
    return parser


def png_size(url: str) -> tuple[int, int]:
    """Width and height from a PNG's header, for a URL that static() gave."""
    path = finders.find(url.removeprefix(settings.STATIC_URL))
    assert path, f"{url} is not a static file"
    header = Path(path).read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{url} is not a PNG"
    return struct.unpack(">II", header[16:24])


def worker_constant(source: str, name: str):
    found = re.search(rf"^const {name} = (.*?);$", source, re.MULTILINE | re.DOTALL)
    assert found, f"the service worker does not set {name}"
    return json.loads(found.group(1))


# -- the manifest --------------------------------------------------------------------


def test_the_manifest_is_json_naming_the_app_and_opening_standalone_at_home(visitor) -> None:
    response = visitor.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Scorekeeper"
    assert manifest["short_name"] == "Scorekeeper"
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["id"] == "/"
    assert manifest["display"] == "standalone"


def test_the_manifest_lists_png_icons_of_192_and_512_pixels_and_maskable_ones(visitor) -> None:
    icons = json.loads(visitor.get("/manifest.webmanifest").content)["icons"]

    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    for icon in pngs:
        width, height = png_size(icon["src"])
        assert icon["sizes"] == f"{width}x{height}", icon["src"]
    any_sizes = {icon["sizes"] for icon in pngs if icon.get("purpose", "any") == "any"}
    maskable_sizes = {icon["sizes"] for icon in pngs if icon.get("purpose") == "maskable"}
    assert {"192x192", "512x512"} <= any_sizes
    assert {"192x192", "512x512"} <= maskable_sizes
    svg = [icon for icon in icons if icon["type"] == "image/svg+xml"]
    assert svg and finders.find(svg[0]["src"].removeprefix(settings.STATIC_URL))


def test_the_manifest_colours_are_the_headers_and_the_pages(visitor) -> None:
    manifest = json.loads(visitor.get("/manifest.webmanifest").content)
    page = tags_of(visitor.get("/"))

    light = page.find("meta", name="theme-color", media="(prefers-color-scheme: light)")
    assert manifest["theme_color"] == light[0]["content"]
    # The first --surface and --bg in app.css are the light scheme's.
    assert manifest["theme_color"] == re.search(r"--surface: (#\w+);", CSS).group(1)
    assert manifest["background_color"] == re.search(r"--bg: (#\w+);", CSS).group(1)


def test_every_page_links_the_manifest_and_apples_touch_icon(visitor) -> None:
    page = tags_of(visitor.get("/"))

    assert page.find("link", rel="manifest")[0]["href"] == "/manifest.webmanifest"
    touch = page.find("link", rel="apple-touch-icon")[0]["href"]
    assert png_size(touch) == (180, 180)


# -- the service worker --------------------------------------------------------------


def test_the_service_worker_is_javascript_allowed_to_serve_the_whole_site(visitor) -> None:
    response = visitor.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    source = response.content.decode()
    assert worker_constant(source, "OFFLINE_URL") == "/offline/"
    assert re.fullmatch(r"scorekeeper-[0-9a-f]{12}", worker_constant(source, "CACHE"))


def test_the_service_worker_keeps_every_file_a_page_loads(client, game) -> None:
    source = client.get("/sw.js").content.decode()
    precache = worker_constant(source, "PRECACHE")

    for url in ["/", f"/s/{game.public_id}/", "/offline/"]:
        page = tags_of(client.get(url))
        loaded = [tag["src"] for tag in page.find("script", src=None)]
        loaded += [tag["href"] for tag in page.find("link", rel="stylesheet")]
        loaded += [tag["href"] for tag in page.find("link", rel="icon")]
        loaded += [tag["href"] for tag in page.find("link", rel="apple-touch-icon")]
        assert set(loaded) <= set(precache), url


def test_the_service_worker_keeps_only_static_files_and_the_offline_page(visitor) -> None:
    source = visitor.get("/sw.js").content.decode()

    precache = worker_constant(source, "PRECACHE")
    assert all(url.startswith(settings.STATIC_URL) for url in precache)
    assert all(finders.find(url.removeprefix(settings.STATIC_URL)) for url in precache)
    # The worker answers GETs only, and keeps a response only under the static URL.
    assert 'request.method !== "GET"' in source
    assert "url.pathname.startsWith(STATIC_URL)" in source
    assert worker_constant(source, "STATIC_URL") == settings.STATIC_URL


def test_the_cache_is_renamed_when_a_precached_file_changes(monkeypatch) -> None:
    source, version = views_pwa.worker_script()
    assert views_pwa.worker_script()[1] == version  # the same files, the same cache

    real = views_pwa.static_bytes
    monkeypatch.setattr(
        views_pwa,
        "static_bytes",
        lambda path: real(path) + (b"/* changed */" if path == "css/app.css" else b""),
    )

    changed_source, changed = views_pwa.worker_script()
    assert changed != version
    assert f'"scorekeeper-{changed}"' in changed_source
    assert f'"scorekeeper-{version}"' in source


def test_with_hashed_static_files_the_worker_keeps_the_hashed_names(tmp_path) -> None:
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
        source, _version = views_pwa.worker_script()

    precache = worker_constant(source, "PRECACHE")
    assert len(precache) == len(views_pwa.PRECACHE)
    for url in precache:
        # css/app.css -> /static/css/app.0123456789ab.css, a file collectstatic wrote
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", url), url
        assert (tmp_path / url.removeprefix(settings.STATIC_URL)).is_file()


# -- the offline page ----------------------------------------------------------------


def test_the_offline_page_says_what_happened_in_the_apps_style(visitor) -> None:
    response = visitor.get("/offline/")

    assert response.status_code == 200
    page = tags_of(response)
    assert page.find("link", rel="stylesheet")[0]["href"] == "/static/css/app.css"
    text = response.content.decode()
    assert "No connection" in text
    assert "Check the Wi-Fi or mobile data, then try again." in text
    assert page.find("a", href="")  # "Try again": the address the phone could not open


def test_the_offline_page_holds_nothing_of_the_visitors_notebook(client, game) -> None:
    response = client.get("/offline/")

    text = response.content.decode()
    assert "The Thursday table" not in text
    assert game.public_id not in text
    for name in ["Anna", "Ben", "Carla", "Dan"]:
        assert name not in text
    assert "data-phone-settings" not in text


def test_the_manifest_worker_and_offline_page_ask_the_database_nothing(
    client, django_assert_num_queries
) -> None:
    with django_assert_num_queries(0):
        for url in ["/manifest.webmanifest", "/sw.js", "/offline/"]:
            assert client.get(url).status_code == 200


@pytest.mark.parametrize("url", ["/manifest.webmanifest", "/sw.js", "/offline/"])
def test_a_post_is_refused_with_405_and_saves_nothing(client, game, url: str) -> None:
    before = all_rows()

    response = client.post(url, {"anything": "1"})

    assert response.status_code == 405
    assert all_rows() == before
    assert client.head(url).status_code == 200


# -- "This phone" on the session pages ----------------------------------------------


def test_an_oh_hell_page_carries_both_switches_hidden_until_the_script_shows_them(
    client, game
) -> None:
    page = tags_of(client.get(f"/s/{game.public_id}/"))

    panel = page.find("details", **{"class": "phone-settings"})
    assert len(panel) == 1 and "hidden" in panel[0]
    switches = page.find("input", type="checkbox", role="switch")
    assert {"data-wake-switch", "data-speak-switch"} == {
        key for switch in switches for key in switch if key.startswith("data-")
    }
    assert page.find("p", role="status", **{"data-phone-status": None})
    # Texts the script shows come translated from the page.
    assert panel[0]["data-msg-awake"] == "The screen stays on while a session is open."


def test_a_kozel_page_can_keep_the_screen_on_but_has_no_call_to_say(client, match) -> None:
    page = tags_of(client.get(f"/s/{match.public_id}/"))

    assert page.find("input", role="switch", **{"data-wake-switch": None})
    assert not page.find("input", role="switch", **{"data-speak-switch": None})


def test_the_score_sheet_keeps_the_switch_for_the_screen(client, game) -> None:
    page = tags_of(client.get(f"/s/{game.public_id}/sheet/"))

    assert page.find("input", role="switch", **{"data-wake-switch": None})


def test_pages_outside_a_session_have_no_phone_settings(client) -> None:
    for url in ["/", "/new/", "/notebook/", "/offline/"]:
        assert "data-phone-settings" not in client.get(url).content.decode(), url


def test_the_panel_is_not_sent_again_with_each_htmx_swap(client, game) -> None:
    place_bids(game, {1: 0, 2: 0, 3: 0, 0: 0})
    game = Game.objects.get(pk=game.pk)

    response = client.get(f"/s/{game.public_id}/live/?v=0", **HTMX)

    assert response.status_code == 200
    text = response.content.decode()
    assert 'class="announcement' in text
    assert "data-phone-settings" not in text


def test_no_page_has_an_inline_script(client, game, match) -> None:
    urls = ["/", "/offline/", f"/s/{game.public_id}/", f"/s/{match.public_id}/"]
    for url in urls:
        page = tags_of(client.get(url))
        assert page.inline_scripts == [], url
        run = [tag for tag in page.find("script") if tag.get("type") != "application/json"]
        assert all(tag.get("src") for tag in run), url


def test_the_pages_script_knows_where_the_worker_lives(visitor) -> None:
    page = tags_of(visitor.get("/"))

    script = page.find("script", src="/static/js/wake.js")
    assert script[0]["data-service-worker"] == "/sw.js"
    assert script[0]["data-scope"] == "/"
    assert script[0]["type"] == "module"  # deferred, as a module always is


def test_a_stranger_sees_no_phone_settings_of_our_session(stranger, game) -> None:
    response = stranger.get(f"/s/{game.public_id}/")

    assert response.status_code == 404
    assert "data-phone-settings" not in response.content.decode()
    assert Notebook.objects.count() == 2
