"""Jinja2 for a session's element: the table of a deal screen, which every entry and
every poll that is not answered from a kept page draws (docs/performance.md, "A
session's element in Jinja2"). Every other page stays in Django's template language.

Django's template language walked about 240 nodes for each entry, a third of the
entry's time; Jinja2 compiles a template to Python once. The element keeps what the
Django templates around it give: Django's translations (the i18n extension, with
Django's gettext functions, so the messages are the ones in locale/), escaping on,
the CSRF field and the form keys as ``{% csrf_token %}`` and ``{% form_key %}`` write
them (placeholders in a page kept for later: games/page_cache.py), and
``{% role_part %}`` (games/roles.py) for a render for several roles.
"""

from __future__ import annotations

from django.conf import settings
from django.middleware.csrf import get_token
from django.template import engines
from django.utils.translation import gettext, ngettext, npgettext, pgettext, trans_real
from django.utils.translation.trans_real import CONTEXT_SEPARATOR
from jinja2 import Environment, nodes, pass_context
from jinja2.ext import Extension
from jinja2.runtime import Context, Macro
from markupsafe import Markup, escape

from games import roles
from games.templatetags import form_keys


class RolePartExtension(Extension):
    """``{% role_part %}...{% endrole_part %}``, as Django's tag of that name: the part
    is drawn once for each role of ``role_views`` (each view's ``game`` and
    ``error_for`` in place of the element's), between roles.cut's markers; with no
    ``role_views``, once as it stands."""

    tags = {"role_part"}

    def parse(self, parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(("name:endrole_part",), drop_needle=True)
        for node in body:
            blocks = [node] if isinstance(node, nodes.CallBlock) else []
            for block in [*blocks, *node.find_all(nodes.CallBlock)]:
                if getattr(block.call.node, "identifier", None) == self.identifier:
                    parser.fail("a role part inside a role part", block.lineno)
        draw = self.call_method(
            "_draw",
            [nodes.Name(name, "load") for name in (roles.ROLE_VIEWS, "game", "error_for")],
        )
        seen = [nodes.Name("game", "param"), nodes.Name("error_for", "param")]
        return nodes.CallBlock(draw, seen, [], body).set_lineno(lineno)

    @staticmethod
    def _draw(views, game, error_for, caller: Macro) -> Markup:
        if not views:
            return caller(game, error_for)
        drawn = [caller(view["game"], view["error_for"]) for view in views]
        return Markup(roles.BEGIN + roles.NEXT.join(drawn) + roles.END)


@pass_context
def csrf_field(context: Context) -> Markup:
    """What ``{% csrf_token %}`` writes; the token is asked for only when a form is drawn
    (a viewer's element has none, and gets no CSRF cookie from it)."""
    token = context.get("csrf_token") or get_token(context["request"])
    return Markup(f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(token)}">')


@pass_context
def form_key(context: Context) -> str:
    """What ``{% form_key %}`` writes (games/templatetags/form_keys.py)."""
    return form_keys.key_field(context.get("form_key_placeholder"))


def environment(**options) -> Environment:
    """The environment of TEMPLATES' Jinja2 backend (scorekeeper/settings.py)."""
    env = Environment(extensions=["jinja2.ext.i18n", RolePartExtension], **options)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=False, pgettext=pgettext, npgettext=npgettext
    )
    env.globals.update(csrf_field=csrf_field, form_key=form_key)
    return env


def render(name: str, context: dict) -> str:
    """A template of the Jinja2 backend, drawn with ``context`` (and no context
    processor: the element's context is the view's), in the active language."""
    return engines["jinja2"].env.get_template(name).render({**context, **translations()})


def translations() -> dict:
    """The active language's gettext functions, bound once for a render.

    Django's functions look the active language up (a context-local variable) at
    every call, about 30 times an element, a fifth of its render; these are what
    they call once found (django.utils.translation.trans_real), and give the same."""
    if not settings.USE_I18N:
        return {}
    active = trans_real.catalog()
    gettext, ngettext = active.gettext, active.ngettext

    def in_context(context: str, message: str) -> str:
        return CONTEXT_SEPARATOR.join((context, message))

    def pgettext(context: str, message: str) -> str:
        found = gettext(in_context(context, message))
        return message if CONTEXT_SEPARATOR in found else found

    def npgettext(context: str, singular: str, plural: str, number: int) -> str:
        found = ngettext(in_context(context, singular), in_context(context, plural), number)
        return ngettext(singular, plural, number) if CONTEXT_SEPARATOR in found else found

    return {
        "gettext": gettext,
        "_": gettext,
        "ngettext": ngettext,
        "pgettext": pgettext,
        "npgettext": npgettext,
    }


def as_python(source: str) -> str:
    """The gettext calls a Jinja2 template makes, as Python, each on its template
    line: what makemessages reads (games/management/commands/makemessages.py)."""
    lines = [""] * (source.count("\n") + 1)
    for line, function, message in engines["jinja2"].env.extract_translations(source):
        strings = message if isinstance(message, tuple) else (message,)
        if function == "_":
            function = "gettext"
        arguments = [repr(string) for string in strings if string is not None]
        if function in ("ngettext", "npgettext"):
            arguments.append("n")
        lines[line - 1] += f"{function}({', '.join(arguments)}); "
    return "\n".join(lines)
