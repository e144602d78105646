"""On the home screen, in Chromium at a phone's size: the manifest and its icons, the
service worker and the offline page, and the "This phone" switches (keep the screen
on, say the call after the bids). Wake lock and speech are stubbed in an init script
that records every call, so the tests see exactly what the page asked the phone for.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from games.models import Notebook
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import start_kozel, start_oh_hell

# A wake lock and a speech synthesiser that only take notes.
STUBS = """
window.wakeCalls = [];
window.spoken = [];
if (!window.__noWakeLock) {
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      request(type) {
        const sentinel = new EventTarget();
        sentinel.type = type;
        sentinel.released = false;
        sentinel.release = async () => {
          sentinel.released = true;
          sentinel.dispatchEvent(new Event("release"));
        };
        window.wakeCalls.push(type);
        window.lastSentinel = sentinel;
        return Promise.resolve(sentinel);
      },
    },
  });
}
window.SpeechSynthesisUtterance = class {
  constructor(text) { this.text = text; this.lang = ""; this.volume = 1; }
};
Object.defineProperty(window, "speechSynthesis", {
  configurable: true,
  value: {
    speak(utterance) { window.spoken.push({text: utterance.text, lang: utterance.lang}); },
    cancel() {},
    getVoices() { return []; },
  },
});
"""
NO_WAKE_LOCK = "window.__noWakeLock = true; delete Navigator.prototype.wakeLock;"
# What the page said aloud, leaving out the silent " " that unlocks speech on iOS.
SPOKEN = "window.spoken.filter((u) => u.text.trim()).map((u) => [u.text, u.lang])"


@pytest.fixture
def table(transactional_db) -> tuple[Notebook, object, object]:
    notebook = Notebook.objects.create(name="The Thursday table")
    return notebook, start_oh_hell(notebook), start_kozel(notebook)


@pytest.fixture
def phone(context: BrowserContext, live_server, table) -> Page:
    """Our table's phone: the notebook's cookie and the stubs, on a fresh page."""
    notebook = table[0]
    context.add_cookies([{"name": "notebook", "value": notebook.key, "url": live_server.url}])
    context.add_init_script(STUBS)
    return context.new_page()


def open_settings(page: Page) -> None:
    page.locator(".phone-settings > summary").click()
    expect(page.locator(".phone-settings-body")).to_be_visible()


def tap(page: Page, target: Locator) -> None:
    """A tap at a person's pace: app.js drops a second tap on the same spot within
    450 ms of the first, when the screen was swapped in between (a double tap)."""
    page.wait_for_timeout(500)
    target.click()


def key(page: Page, number: int) -> Locator:
    return page.locator(".keypad .key").filter(has_text=re.compile(rf"^{number}$"))


def bid_all_zero(page: Page) -> None:
    """Tap 0 for each of the four players as their turn comes (10 cards: the hook allows it)."""
    for bidder in ["Ben", "Carla", "Dan", "Anna"]:
        expect(page.locator(".keypad-label")).to_have_text(f"{bidder} bids:")
        tap(page, key(page, 0))
    expect(page.locator(".announcement")).to_contain_text("UNDER by 10")


# -- installable -----------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_manifest_is_valid_json_and_every_icon_loads_at_its_size(
    page: Page, live_server
) -> None:
    page.goto(live_server.url)
    href = page.locator("link[rel=manifest]").get_attribute("href")

    manifest = page.evaluate("(url) => fetch(url).then((r) => r.json())", href)
    for field in ["name", "short_name", "start_url", "display", "theme_color", "icons"]:
        assert manifest[field], field
    assert manifest["display"] == "standalone"
    icons = page.evaluate(
        """(icons) => Promise.all(icons.map((icon) => new Promise((resolve) => {
            const image = new Image();
            image.onload = () =>
                resolve([icon.src, icon.sizes, image.naturalWidth, image.naturalHeight]);
            image.onerror = () => resolve([icon.src, icon.sizes, 0, 0]);
            image.src = icon.src;
        })))""",
        manifest["icons"],
    )
    for src, sizes, width, height in icons:
        assert width > 0, f"{src} did not load"
        if sizes != "any":
            assert sizes == f"{width}x{height}", src
    purposes = {icon.get("purpose", "any") for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"}
    touch = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    response = page.request.get(live_server.url + touch)
    assert response.status == 200
    assert response.headers["content-type"] == "image/png"


@pytest.mark.django_db(transaction=True)
def test_chromium_finds_the_app_installable(
    browser_type, browser_type_launch_args: dict, browser_context_args: dict, live_server, tmp_path
) -> None:
    # A private window can never install; a profile on disk can.
    context = browser_type.launch_persistent_context(
        tmp_path, **browser_type_launch_args, **browser_context_args
    )
    page = context.new_page()
    page.goto(live_server.url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    devtools = context.new_cdp_session(page)

    manifest = devtools.send("Page.getAppManifest")
    installable = devtools.send("Page.getInstallabilityErrors")

    assert manifest["url"] == live_server.url + "/manifest.webmanifest"
    assert manifest["errors"] == []
    assert installable["installabilityErrors"] == []
    context.close()


@pytest.mark.django_db(transaction=True)
def test_the_service_worker_registers_and_takes_over_the_site(page: Page, live_server) -> None:
    page.goto(live_server.url)

    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == live_server.url + "/"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert (
        page.evaluate("navigator.serviceWorker.controller.scriptURL") == live_server.url + "/sw.js"
    )


@pytest.mark.django_db(transaction=True)
def test_offline_the_scorekeepers_pages_open_from_their_copy_and_others_to_the_offline_page(
    phone: Page, context: BrowserContext, live_server, table, screenshot_dir: Path
) -> None:
    _, game, _ = table
    session = f"{live_server.url}/s/{game.public_id}/"
    phone.goto(session)
    expect(phone.locator("#deal-title")).to_contain_text("Deal 1")
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    phone.goto(session)  # through the worker, which keeps the scorekeeper's copy
    phone.goto(f"{session}sheet/")

    context.set_offline(True)
    # The deal screen and the score sheet of a session this phone keeps score of.
    phone.goto(session)
    expect(phone.locator("#deal-title")).to_contain_text("Deal 1")
    phone.goto(f"{session}sheet/")
    expect(phone.locator("table").first).to_contain_text("Anna")
    # Any other page: the offline page, styled from the cache.
    statistics = f"{live_server.url}/stats/"
    phone.goto(statistics)
    expect(phone.get_by_role("heading", name="No connection")).to_be_visible()
    expect(phone.get_by_role("link", name="Try again")).to_have_attribute("href", "")
    assert phone.url == statistics
    expect(phone.get_by_role("link", name="Try again")).to_have_css(
        "background-color", "rgb(11, 92, 70)"
    )
    assert "Anna" not in phone.locator("body").inner_text()
    kept = phone.evaluate(
        """async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
            }
            return urls;
        }"""
    )
    assert "/offline/" in kept
    pages = {f"/s/{game.public_id}/", f"/s/{game.public_id}/sheet/"}
    assert pages <= set(kept)
    others = [url for url in kept if url not in pages]
    assert all(url.startswith("/static/") or url == "/offline/" for url in others), kept
    phone.screenshot(path=screenshot_dir / "pwa-offline.png", full_page=True)
    phone.emulate_media(color_scheme="dark")
    phone.screenshot(path=screenshot_dir / "pwa-offline-dark.png", full_page=True)
    context.set_offline(False)


@pytest.mark.django_db(transaction=True)
def test_the_offline_page_follows_the_language_the_visitor_switched_to(
    page: Page, context: BrowserContext, live_server
) -> None:
    page.goto(live_server.url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    kept_language = """async () => {
        const kept = await caches.match("/offline/");
        return kept && kept.headers.get("Content-Language");
    }"""
    assert page.evaluate(kept_language) == "en"

    # What the language switcher leaves behind (Django's set_language).
    context.add_cookies([{"name": "django_language", "value": "pl", "url": live_server.url}])
    page.goto(live_server.url + "/new/")
    assert page.evaluate("document.documentElement.lang") == "pl"
    for _ in range(50):  # the worker fetches it again in the background
        if page.evaluate(kept_language) == "pl":
            break
        page.wait_for_timeout(100)
    assert page.evaluate(kept_language) == "pl"

    context.set_offline(True)
    page.goto(live_server.url + "/notebook/")
    expect(page.locator("#offline-title")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "pl"
    context.set_offline(False)


# -- keep the screen on ------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_screen_switch_asks_for_a_wake_lock_and_is_remembered_across_reloads(
    phone: Page, live_server, table
) -> None:
    _, game, _ = table
    phone.goto(f"{live_server.url}/s/{game.public_id}/")
    open_settings(phone)
    keep_on = phone.get_by_role("switch", name="Keep the screen on")
    expect(keep_on).not_to_be_checked()
    assert phone.evaluate("window.wakeCalls") == []

    keep_on.check()

    phone.wait_for_function("() => window.wakeCalls.length === 1")
    assert phone.evaluate("window.wakeCalls") == ["screen"]
    expect(phone.locator("[data-phone-status]")).to_have_text(
        "The screen stays on while a session is open."
    )

    phone.reload()
    phone.wait_for_function("() => window.wakeCalls.length === 1")  # taken again at load
    open_settings(phone)
    expect(phone.get_by_role("switch", name="Keep the screen on")).to_be_checked()

    phone.get_by_role("switch", name="Keep the screen on").uncheck()
    assert phone.evaluate("window.lastSentinel.released") is True
    expect(phone.locator("[data-phone-status]")).to_have_text("The screen may turn off again.")
    phone.reload()
    open_settings(phone)
    expect(phone.get_by_role("switch", name="Keep the screen on")).not_to_be_checked()
    assert phone.evaluate("window.wakeCalls") == []


@pytest.mark.django_db(transaction=True)
def test_the_wake_lock_is_taken_again_when_the_phone_comes_back_to_the_page(
    phone: Page, live_server, table
) -> None:
    _, _, match = table
    phone.goto(f"{live_server.url}/s/{match.public_id}/")
    open_settings(phone)
    phone.get_by_role("switch", name="Keep the screen on").check()
    phone.wait_for_function("() => window.wakeCalls.length === 1")

    # The browser lets go of the lock when the page is hidden, then shows it again.
    phone.evaluate("window.lastSentinel.release()")
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")

    phone.wait_for_function("() => window.wakeCalls.length === 2")
    assert phone.evaluate("window.lastSentinel.released") is False


@pytest.mark.django_db(transaction=True)
def test_where_the_browser_has_no_wake_lock_the_switch_is_not_shown(
    context: BrowserContext, live_server, table
) -> None:
    notebook, game, match = table
    context.add_cookies([{"name": "notebook", "value": notebook.key, "url": live_server.url}])
    context.add_init_script(NO_WAKE_LOCK)
    context.add_init_script(STUBS)
    page = context.new_page()

    page.goto(f"{live_server.url}/s/{game.public_id}/")
    open_settings(page)
    expect(page.get_by_role("switch", name="Keep the screen on")).to_be_hidden()
    expect(page.get_by_role("switch", name=re.compile("Say the call aloud"))).to_be_visible()

    # Kozel has no call to say: with no wake lock either, there is nothing to set.
    page.goto(f"{live_server.url}/s/{match.public_id}/")
    expect(page.locator(".phone-settings")).to_be_hidden()


# -- say the call ------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_call_is_not_said_unless_the_switch_is_on(phone: Page, live_server, table) -> None:
    _, game, _ = table
    phone.goto(f"{live_server.url}/s/{game.public_id}/")
    open_settings(phone)
    expect(phone.get_by_role("switch", name=re.compile("Say the call aloud"))).not_to_be_checked()
    phone.locator(".phone-settings > summary").click()  # close it again

    bid_all_zero(phone)

    phone.wait_for_timeout(300)
    assert phone.evaluate(SPOKEN) == []


@pytest.mark.django_db(transaction=True)
def test_the_call_is_said_once_after_the_last_bid_and_not_again_on_taps_polls_or_reloads(
    phone: Page, live_server, table, screenshot_dir: Path
) -> None:
    _, game, _ = table
    phone.goto(f"{live_server.url}/s/{game.public_id}/")
    open_settings(phone)
    phone.get_by_role("switch", name=re.compile("Say the call aloud")).check()
    assert phone.evaluate(SPOKEN) == [["The call after the bids will be read aloud.", "en"]]
    phone.screenshot(path=screenshot_dir / "pwa-this-phone.png")
    phone.locator(".phone-settings > summary").click()

    bid_all_zero(phone)

    phone.wait_for_function("() => window.spoken.filter((u) => u.text.trim()).length === 2")
    assert phone.evaluate(SPOKEN)[1] == ["UNDER by 10. 0 bid for 10 tricks", "en"]

    # A trick tapped here swaps the table; one entered on another phone arrives by the poll.
    tap(phone, phone.get_by_role("button", name=re.compile(r"^Ben")))
    expect(phone.locator("#play-title")).to_contain_text("Trick 2 of 10")
    oh_hell_services.record_trick(game=game, deal_number=1, trick_number=2, seat=1)
    expect(phone.locator("#play-title")).to_contain_text("Trick 3 of 10", timeout=6000)
    phone.wait_for_timeout(300)
    assert len(phone.evaluate(SPOKEN)) == 2
    phone.reload()
    expect(phone.locator(".announcement")).to_contain_text("UNDER by 10")
    phone.wait_for_timeout(300)

    assert phone.evaluate(SPOKEN) == []  # a reload starts a fresh page: nothing said
    phone.screenshot(path=screenshot_dir / "pwa-call.png")


@pytest.mark.django_db(transaction=True)
def test_a_changed_bid_says_the_new_call(phone: Page, live_server, table) -> None:
    _, game, _ = table
    phone.goto(f"{live_server.url}/s/{game.public_id}/")
    open_settings(phone)
    phone.get_by_role("switch", name=re.compile("Say the call aloud")).check()
    phone.locator(".phone-settings > summary").click()
    bid_all_zero(phone)
    phone.wait_for_function("() => window.spoken.filter((u) => u.text.trim()).length === 2")

    # "change" is a link: a new page, which says nothing of the call it opens with.
    phone.locator("details.change-bids summary").click()
    phone.locator(".bid-chip", has_text="Anna").get_by_role("link", name="change").click()
    expect(phone.locator(".keypad-label")).to_have_text("Anna bids:")
    tap(phone, key(phone, 2))

    expect(phone.locator(".announcement")).to_contain_text("UNDER by 8")
    phone.wait_for_function("() => window.spoken.filter((u) => u.text.trim()).length === 1")
    assert phone.evaluate(SPOKEN) == [["UNDER by 8. 2 bid for 10 tricks", "en"]]


@pytest.mark.django_db(transaction=True)
def test_after_an_undo_of_the_last_bid_the_call_is_said_again(
    phone: Page, live_server, table
) -> None:
    _, game, _ = table
    phone.goto(f"{live_server.url}/s/{game.public_id}/")
    open_settings(phone)
    phone.get_by_role("switch", name=re.compile("Say the call aloud")).check()
    phone.locator(".phone-settings > summary").click()
    bid_all_zero(phone)
    phone.wait_for_function("() => window.spoken.filter((u) => u.text.trim()).length === 2")

    tap(phone, phone.get_by_role("button", name="Undo"))
    expect(phone.locator(".announcement")).to_have_count(0)
    expect(phone.locator(".keypad-label")).to_have_text("Anna bids:")
    tap(phone, key(phone, 0))

    expect(phone.locator(".announcement")).to_contain_text("UNDER by 10")
    phone.wait_for_function("() => window.spoken.filter((u) => u.text.trim()).length === 3")
    assert phone.evaluate(SPOKEN)[2] == ["UNDER by 10. 0 bid for 10 tricks", "en"]


@pytest.mark.django_db(transaction=True)
def test_the_call_is_said_in_the_pages_language(
    browser, browser_context_args: dict, live_server, table
) -> None:
    notebook, game, _ = table
    context = browser.new_context(**{**browser_context_args, "locale": "pl-PL"})
    context.add_cookies([{"name": "notebook", "value": notebook.key, "url": live_server.url}])
    context.add_init_script(STUBS)
    page = context.new_page()
    page.goto(f"{live_server.url}/s/{game.public_id}/")
    assert page.evaluate("document.documentElement.lang") == "pl"
    open_settings(page)
    page.locator("[data-speak-switch]").check()
    page.locator(".phone-settings > summary").click()

    for number in range(4):
        tap(page, key(page, 0))
        if number < 3:
            bids = page.locator(".bidder-bid").filter(has_text=re.compile(r"^0"))
            expect(bids).to_have_count(number + 1)
    expect(page.locator(".announcement")).to_have_count(1)

    page.wait_for_function("() => window.spoken.filter((u) => u.text.trim()).length === 2")
    assert {lang for _, lang in page.evaluate(SPOKEN)} == {"pl"}
    context.close()


# -- at a phone's size and a desktop's -----------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_settings_panel_fits_and_its_controls_are_big_enough(
    phone: Page, live_server, table, screenshot_dir: Path, width, height, scheme
) -> None:
    _, game, _ = table
    phone.set_viewport_size({"width": width, "height": height})
    phone.emulate_media(color_scheme=scheme)
    phone.goto(f"{live_server.url}/s/{game.public_id}/")

    open_settings(phone)
    phone.get_by_role("switch", name="Keep the screen on").check()

    targets = [
        phone.locator(".phone-settings > summary"),
        *phone.locator(".switch-row").all(),
    ]
    for target in targets:
        box = target.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44
    body = phone.locator(".phone-settings-body").bounding_box()
    assert body and body["x"] >= 0 and body["x"] + body["width"] <= width
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    phone.screenshot(path=screenshot_dir / f"pwa-panel-{width}-{scheme}.png")


@pytest.mark.django_db(transaction=True)
def test_a_tap_elsewhere_or_escape_closes_the_panel(phone: Page, live_server, table) -> None:
    _, game, _ = table
    phone.goto(f"{live_server.url}/s/{game.public_id}/")
    summary = phone.get_by_text("This phone", exact=True)

    open_settings(phone)
    phone.get_by_role("heading", name="Totals").click()
    expect(phone.locator(".phone-settings-body")).to_be_hidden()

    open_settings(phone)
    phone.keyboard.press("Escape")
    expect(phone.locator(".phone-settings-body")).to_be_hidden()
    expect(summary).to_be_focused()
