#!/usr/bin/env python3
"""Fails when a Swift test was skipped and Tests/python/skips.txt does not list it with its
reason (CONTRIBUTING.md, "Tests"): `make test-swift` runs it on the JUnit files that
`swift test --xunit-output .build/swift-tests.xml` writes (XCTest's, and Swift Testing's
beside it as swift-tests-swift-testing.xml).

    python3 scripts/check_swift_skips.py FILE.xml...

A skipped test is named `swift:<classname>.<name>` as the files give it, e.g.
`swift:AnimaticHTTPTests.ServerSuites.Basics.getOverIPv6()`; skips.txt's `swift:` patterns
(fnmatch) cover it. Files that do not exist are ignored with a note (a run that wrote none
has nothing to check).
"""
import os
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "python"))
from skiplist import SkipListError, allowed_skips, unlisted_skips  # noqa: E402


def skipped_tests(path):
    """[(swift:classname.name, reason)] of the skipped test cases in one JUnit file."""
    found = []
    for case in ET.parse(path).getroot().iter("testcase"):
        skipped = case.find("skipped")
        if skipped is not None:
            reason = (skipped.text or skipped.get("message") or "").strip()
            found.append((f"swift:{case.get('classname')}.{case.get('name')}", reason))
    return found


def main(paths):
    skipped = []
    for path in paths:
        if not os.path.exists(path):
            print(f"check_swift_skips: no {path}: nothing to check there", file=sys.stderr)
            continue
        skipped += skipped_tests(path)
    try:
        unlisted = unlisted_skips(skipped, allowed_skips())
    except SkipListError as error:
        print(f"check_swift_skips: {error}", file=sys.stderr)
        return 2
    for name, reason in skipped:
        if (name, reason) not in unlisted:
            print(f"check_swift_skips: skipped, listed: {name}: {reason}")
    if unlisted:
        print("check_swift_skips: skipped but not listed in Tests/python/skips.txt:", file=sys.stderr)
        for name, reason in unlisted:
            print(f"  {name}: {reason}", file=sys.stderr)
        print("A skip fails the run unless skips.txt lists it with its reason (CONTRIBUTING.md).", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
