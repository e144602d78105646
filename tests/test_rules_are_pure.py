import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def test_the_rules_package_imports_no_django() -> None:
    """games.rules is pure Python: importing it in a fresh interpreter loads no Django."""
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, games.rules; "
            "bad=[m for m in sys.modules if m=='django' or m.startswith('django.')]; "
            "print(bad); sys.exit(1 if bad else 0)",
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr
