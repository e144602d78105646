import pytest
from django.apps import apps
from django.urls import reverse
from pytest_django.asserts import assertContains


def count_rows() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


@pytest.mark.django_db
def test_it_offers_a_new_session(visitor) -> None:
    response = visitor.get(reverse("home"))

    assert response.status_code == 200
    assertContains(response, "New session")


@pytest.mark.django_db
def test_a_visit_creates_no_rows(visitor) -> None:
    before = count_rows()

    visitor.get(reverse("home"))

    assert count_rows() == before


@pytest.mark.django_db
def test_it_runs_no_queries(visitor, django_assert_num_queries) -> None:
    with django_assert_num_queries(0):
        visitor.get(reverse("home"))


def test_it_serves_htmx_from_our_static_files(visitor) -> None:
    response = visitor.get(reverse("home"))

    assertContains(response, 'src="/static/django_htmx/htmx-2.min.js"')


def test_it_refuses_a_post(visitor) -> None:
    response = visitor.post(reverse("home"))

    assert response.status_code == 405
