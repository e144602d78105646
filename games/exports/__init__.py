"""Sessions and notebooks as files (docs/export-format.md)."""

from games.exports.deleting import delete_session, undo_delete_session
from games.exports.files import (
    csv_rows,
    csv_text,
    filename,
    load_notebooks,
    notebook_json,
    notebooks_json,
    session_json,
    to_json,
)
from games.exports.importing import Restored, import_session, restore
from games.exports.reading import (
    NOTEBOOK_FILE_LIMIT,
    SESSION_FILE_LIMIT,
    notebook_plan,
    notebooks_plan,
    read_json,
    session_plan,
)
from games.exports.summary import parse_stake, summary
