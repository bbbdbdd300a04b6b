"""The page's code keeps the rules docs/PAGE.md ("The code") sets: one event style (DOM
events; no `onSomething` callbacks), no reading another object's private members, and every
module reachable from app.js and parsed by Node as an ES module."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "public" / "js"


def sources():
    return {p.name: p.read_text() for p in sorted(JS.glob("*.js"))}


def code_lines(text):
    """(line number, line) without // comments and the insides of /* */ comments."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    for number, line in enumerate(text.splitlines(), 1):
        yield number, re.sub(r"(^|\s)//.*$", "", line)


def test_no_component_takes_an_on_callback():
    found = [f"{name}:{n}: {line.strip()}" for name, text in sources().items() for n, line in code_lines(text)
             if re.search(r"\.on[A-Z]\w*\s*(=[^=]|\?\.\(|\()", line)]
    assert not found, "notify with dispatchEvent instead:\n" + "\n".join(found)


def test_no_module_reads_another_objects_private_members():
    """A `_member` belongs to the module that writes it (a class's own state, or the stage's
    records on its own elements); any other module reads it through a getter or a function."""
    found = []
    for name, text in sources().items():
        own = set(re.findall(r"\._(\w+)\s*=[^=]", text))
        for n, line in code_lines(text):
            for m in re.finditer(r"(?<![\w.$#])(\w+)\._(\w+)", line):
                if m.group(1) != "this" and m.group(2) not in own:
                    found.append(f"{name}:{n}: {line.strip()}")
    assert not found, "read it through a getter:\n" + "\n".join(found)


def test_every_module_is_imported_and_every_import_exists():
    texts = sources()
    imported = {"app.js"}
    for text in texts.values():
        for target in re.findall(r"""(?:from|import\()\s*["']\./([\w-]+\.js)["']""", text):
            assert target in texts, target
            imported.add(target)
    assert set(texts) == imported, set(texts) - imported


@pytest.mark.parametrize("name", sorted(sources()))
def test_node_parses_each_module(name):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (scripts/install-deps.sh test)")
    run = subprocess.run([node, "--input-type=module", "--check"], input=(JS / name).read_bytes(),
                         capture_output=True, timeout=60)
    assert run.returncode == 0, run.stderr.decode()
