"""Tests/python/skips.txt: the tests that may be skipped, each with its reason. Read by
conftest.py (pytest's skips) and scripts/check_swift_skips.py (the Swift tests', whose
patterns start with `swift:`). No pytest here: the script runs without it."""
import fnmatch
import re
from pathlib import Path

SKIPS_FILE = Path(__file__).resolve().parent / "skips.txt"


class SkipListError(ValueError):
    """A line of skips.txt without its reason."""


def allowed_skips(path=SKIPS_FILE):
    """[(pattern, reason)] from the file; a line without a reason raises SkipListError."""
    allowed = []
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
        if len(parts) != 2 or not parts[1].strip():
            raise SkipListError(f"{Path(path).name}:{number}: a skip needs its reason after two spaces: {line.strip()!r}")
        allowed.append((parts[0], parts[1].strip()))
    return allowed


def is_listed(name, listed):
    """Whether a pattern of `listed` ([(pattern, reason)], as read above) covers `name` (fnmatch)."""
    return any(fnmatch.fnmatchcase(name, pattern) for pattern, _ in listed)


def unlisted_skips(skipped, allowed):
    """The (name, reason) pairs of `skipped` that no pattern of `allowed` covers."""
    return [(name, why) for name, why in skipped if not is_listed(name, allowed)]
