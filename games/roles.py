"""``{% role_part %}``: the parts of a session's element that differ by the visitor's
role, so that one render serves every role (docs/performance.md, "Pages kept per
version"). The tag is games/jinja.py's, in the Jinja2 templates of the element.

After an entry the scorekeeper's answer and every follower's swap show the session at
the same version; only a few parts differ with the role (the forms, the links, the
"View only" tag). Rendered for several roles at once (``role_views`` in the context:
what each role's render would have in its context instead, its ``game`` and
``error_for``), everything outside a role part is drawn once and each role part once
per role, between markers; ``cut`` then gives each role's page. Outside such a render
a role part is drawn as it stands.

Everything that reads the role (``game.can_edit``, ``game.is_owner``) or the action
asked about (``error_for``) must be inside a role part: tests/games/test_roles.py
checks every session template for it, and that each role's page is the one its own
render gives.
"""

from __future__ import annotations

import re
import secrets

#: Random for each process, as page_cache's placeholders, so no name can be one.
MARK = "role" + secrets.token_hex(12)
BEGIN, NEXT, END = f"{MARK}[", f"{MARK}|", f"{MARK}]"
PART = re.compile(re.escape(BEGIN) + "(.*?)" + re.escape(END), re.DOTALL)

#: The context key of a render for several roles: one dict per role.
ROLE_VIEWS = "role_views"


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
