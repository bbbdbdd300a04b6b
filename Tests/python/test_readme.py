"""The curl commands of README.md's "Use the API with curl" section, run as a new user
would type them, against a live server (the port swapped in)."""
import json
import re
import shlex
import subprocess

from conftest import ROOT


def readme_commands():
    text = (ROOT / "README.md").read_text()
    section = text.split("## Use the API with curl", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.startswith("curl ")]


def test_readme_shows_the_five_commands():
    commands = readme_commands()
    assert len(commands) == 5
    assert any("/v1/presets" in c and "timeline" not in c for c in commands)
    assert any("format=svg" in c and "-o fold.svg" in c for c in commands)
    assert any("--json @examples/" in c for c in commands)
    assert any("/v1/validate" in c for c in commands)


def test_readme_curl_commands_work(live_server, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    outputs = []
    for command in readme_commands():
        args = shlex.split(command.replace("localhost:8080", f"127.0.0.1:{live_server.port}"))
        proc = subprocess.run(args, cwd=tmp_path, capture_output=True, timeout=60)
        assert proc.returncode == 0, f"{command}: {proc.stderr.decode()}"
        outputs.append(proc.stdout)
    presets, _, _, custom, invalid = outputs
    assert [p["name"] for p in json.loads(presets)["presets"]][:2] == ["popup", "tabSlide"]
    fold = json.loads((tmp_path / "fold.json").read_text())
    assert fold["frames"] and fold["duration"] > 0
    assert (tmp_path / "fold.svg").read_bytes().lstrip().startswith(b"<?xml")
    assert b"<animate" in (tmp_path / "fold.svg").read_bytes()
    assert len(json.loads(custom)["frames"]) == 9  # 0.25 s at 30 fps
    problem = json.loads(invalid)
    assert [e["pointer"] for e in problem["errors"]] == ["/animations/0/duration", "/animations/0/changes/a/alpah"]
