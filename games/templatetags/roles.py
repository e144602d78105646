"""``{% role_part %}``: the parts of a session's page that differ by the visitor's role,
so that one render serves every role (docs/performance.md, "Pages kept per version").

After an entry the scorekeeper's answer and every follower's swap show the session at
the same version; only a few parts differ with the role (the forms, the links, the
"View only" tag). Rendered for several roles at once (``role_views`` in the context:
what each role's render would have in its context instead), everything outside a
role part is drawn once and each role part once per role, between markers; ``cut``
then gives each role's page. Outside such a render a role part is drawn as it stands.

Everything that reads the role (``game.can_edit``, ``game.is_owner``) or the action
asked about (``error_for``) must be inside a role part: tests/games/test_roles.py
checks every session template for it, and that each role's page is the one its own
render gives.
"""

from __future__ import annotations

import re
import secrets

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

#: Random for each process, as page_cache's placeholders, so no name can be one.
MARK = "role" + secrets.token_hex(12)
BEGIN, NEXT, END = f"{MARK}[", f"{MARK}|", f"{MARK}]"
PART = re.compile(re.escape(BEGIN) + "(.*?)" + re.escape(END), re.DOTALL)

#: The context key of a render for several roles: one dict per role.
ROLE_VIEWS = "role_views"


class RolePartNode(template.Node):
    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> SafeString:
        views = context.get(ROLE_VIEWS)
        if not views:
            return self.nodelist.render(context)
        drawn = []
        for view in views:
            with context.push(view, **{ROLE_VIEWS: None}):  # a part inside is drawn as is
                drawn.append(self.nodelist.render(context))
        return mark_safe(BEGIN + NEXT.join(drawn) + END)


@register.tag
def role_part(parser: template.base.Parser, token: template.base.Token) -> RolePartNode:
    if len(token.split_contents()) != 1:
        raise template.TemplateSyntaxError("role_part takes no argument")
    nodelist = parser.parse(("endrole_part",))
    parser.delete_first_token()
    return RolePartNode(nodelist)


def cut(html: str, roles: int) -> list[str]:
    """Each role's page out of a render for ``roles`` roles, in their order."""
    pieces = PART.split(html)  # text, part, text, part, ..., text
    parts = [piece.split(NEXT) for piece in pieces[1::2]]
    if any(len(part) != roles for part in parts):
        raise ValueError(f"a role part was not drawn for {roles} roles")
    pages = []
    for role in range(roles):
        page = pieces[:]
        page[1::2] = [part[role] for part in parts]
        pages.append("".join(page))
    return pages
