import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from tests.games.conftest import *

def q(client, fn):
    with CaptureQueriesContext(connection) as c:
        r = fn()
    assert r.status_code in (200, 302), r.status_code
    return [x["sql"][:90] for x in c.captured_queries]

@pytest.mark.django_db
def test_explore(client, notebook, match):
    g = start_oh_hell(notebook)
    play_deal(g)
    for _ in range(20): start_kozel(notebook)
    enter_kozel_deal(match, points=70)
    print("HOME", *q(client, lambda: client.get("/")), sep="\n")
    print("KOZEL", *q(client, lambda: client.get(f"/s/{match.public_id}/")), sep="\n")
    print("KOZELPOST", *q(client, lambda: client.post(f"/s/{match.public_id}/kozel/", {"deal": 2, "team": 1, "points": 70}, HTTP_HX_REQUEST="true")), sep="\n")
