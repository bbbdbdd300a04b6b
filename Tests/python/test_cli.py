"""The CLI where a newcomer trips: `render --out` over its own input, `--out-dir`'s file names
(the page's download names), `presets NAME --spec` (indented, with its name), `presets --list`
(a line a preset) and `serve --help` (each default said once)."""
import json
import os
import re
import subprocess

import pytest

from conftest import CLI, ROOT, run_cli


def cli(*args, stdin=None):
    return subprocess.run([str(CLI), *map(str, args)], input=stdin, capture_output=True, timeout=120)


def page_extensions():
    """{format: extension} from the page's download table (public/js/api.js, FORMATS)."""
    source = (ROOT / "public" / "js" / "api.js").read_text()
    table = source[source.index("export const FORMATS = {"):]
    table = table[:table.index("};")]
    found = dict(re.findall(r'^\s*(\w+): \{[^}]*ext: "([^"]+)"', table, re.M))
    assert len(found) == 12, found
    return found


SPEC = ROOT / "examples" / "tab-slide.json"


@pytest.mark.parametrize("spelling", ["same", "dotted", "hard link"])
def test_render_refuses_to_write_over_its_spec(tmp_path, spelling):
    spec = tmp_path / "spec.json"
    spec.write_bytes(SPEC.read_bytes())
    out = {"same": spec, "dotted": tmp_path / "." / "spec.json", "hard link": tmp_path / "link.json"}[spelling]
    if spelling == "hard link":
        os.link(spec, out)
    run = cli("render", spec, "--format", "svg", "--out", out)
    assert run.returncode == 64, run.stderr
    assert b"is the spec file itself" in run.stderr
    assert spec.read_bytes() == SPEC.read_bytes()


@pytest.mark.parametrize("fmt", ["json", "svg", "filmstrip", "lottie", "css", "swift"])
def test_out_dir_names_the_file_as_the_page_names_its_download(tmp_path, fmt):
    ext = page_extensions()[fmt]
    folder = tmp_path / "new" / "folder"
    run = cli("render", SPEC, "--format", fmt, "--fps", "30", "--out-dir", folder)
    assert run.returncode == 0, run.stderr
    written = folder / f"tab-slide{ext}"
    assert run.stdout.decode().strip() == str(written)
    assert sorted(p.name for p in folder.iterdir()) == [written.name]
    assert written.read_bytes() + b"\n" == run_cli("render", SPEC, "--format", fmt, "--fps", "30")


def test_out_dir_from_standard_input_takes_the_pages_name(tmp_path):
    run = cli("render", "-", "--format", "lottie", "--out-dir", tmp_path, stdin=b'{"preset": "fold"}')
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "animatic-fold.lottie.json").is_file()
    named = json.dumps({"name": "Tab → right", **{k: v for k, v in json.loads(SPEC.read_text()).items()
                                                 if k != "name"}}).encode()
    run = cli("render", "-", "--format", "swift", "--out-dir", tmp_path, stdin=named)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "animatic-Tab-right.swift").is_file()


def test_out_dir_refuses_to_overwrite_the_spec_and_excludes_out(tmp_path):
    spec = tmp_path / "spec.json"
    spec.write_bytes(SPEC.read_bytes())
    run = cli("render", spec, "--out-dir", tmp_path)
    assert run.returncode == 64 and b"the spec file itself" in run.stderr
    assert spec.read_bytes() == SPEC.read_bytes()
    run = cli("render", spec, "--out", tmp_path / "a.json", "--out-dir", tmp_path)
    assert run.returncode == 64 and b"--out and --out-dir exclude each other" in run.stderr


# (Presets whose numbers are thirds — flip's keyframes, zoom's 4/3 image — print them with
# 9 decimals, as the compact --spec always did: their Swift export then writes 0.333333333
# where the preset's writes 1.0 / 3. Their timelines are the same.)
@pytest.mark.parametrize("name", ["fold", "tabSlide"])
def test_presets_spec_is_indented_keeps_its_name_and_renders_as_the_preset(tmp_path, name):
    text = run_cli("presets", name, "--spec").decode()
    lines = text.splitlines()
    assert lines[0] == "{" and lines[1] == f'  "name": "{name}",' and lines[-1] == "}"
    assert all((len(l) - len(l.lstrip(" "))) % 2 == 0 for l in lines)
    spec = json.loads(text)
    assert list(spec)[0] == "name"
    # Every container one member a line; short arrays of numbers on one line.
    assert '"position": [' in text and not re.search(r"\[\n\s*-?\d", text)
    # The same transition as the preset reference: the timeline and the Swift class name.
    path = tmp_path / f"{name}.json"
    path.write_text(text)
    reference = tmp_path / "reference.json"
    reference.write_text(json.dumps({"preset": name}))
    assert run_cli("render", path, "--format", "json", "--fps", "30") == \
        run_cli("render", reference, "--format", "json", "--fps", "30")
    # The Swift class is the same; the preset's geometry is measured from its parameters and
    # the expanded spec's written as fractions of the container, or its points on request
    # (docs/EXPORT.md, "Geometry from the container").
    inline = run_cli("render", path, "--format", "swift").decode()
    preset = run_cli("render", reference, "--format", "swift").decode()
    points = run_cli("render", path, "--format", "swift", "--geometry", "points").decode()
    declaration = re.compile(r"^final class \w+Animator.*$", re.M)
    assert declaration.findall(inline) == declaration.findall(preset) == declaration.findall(points)
    assert "Geometry is written from the container" in inline and "Geometry is computed from the container" in preset
    assert "Numbers are the spec's" in points and "containerView.bounds.width" not in points


def test_geometry_option_is_checked(tmp_path):
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"layers": [{"id": "to", "frame": [0, 0, 10, 10]}],
                                "animations": [{"duration": 1, "changes": {"to": {"alpha": 0}}}]}))
    proc = subprocess.run([str(CLI), "render", str(path), "--format", "swift", "--geometry", "inches"],
                          capture_output=True, text=True)
    assert proc.returncode != 0 and "--geometry must be container or points" in proc.stderr


def test_presets_list_is_one_line_per_preset():
    listed = json.loads(run_cli("presets", "--json"))
    lines = run_cli("presets", "--list").decode().splitlines()
    assert len(lines) == len(listed)
    for line, preset in zip(lines, listed):
        name, summary = re.split(r"\s{2,}", line, maxsplit=1)
        assert (name, summary) == (preset["name"], preset["summary"])
    run = cli("presets", "--list", "--json")
    assert run.returncode == 64 and b"exclude each other" in run.stderr


def test_serve_help_says_each_default_once():
    text = run_cli("serve", "--help").decode()
    options = re.split(r"\n  (?=-)", text[text.index("OPTIONS:"):])[1:]
    assert len(options) >= 15
    for option in options:
        assert option.count("(default") <= 1, option
    workers = next(o for o in options if o.startswith("--workers"))
    assert "the cores available" in workers and re.search(r"\d+ here", workers)


def test_serve_checks_the_body_budget_flag():
    """`--max-buffered-body-mb` (issue 26): in the help with its default, at least 1 MiB and
    at least one body of `--max-body` (else no upload of that size could ever be held)."""
    text = run_cli("serve", "--help").decode()
    option = re.search(r"--max-buffered-body-mb <[^>]+>\s+(.*?)(?=\n  -|\Z)", text, re.S)
    assert option and "(default: 256)" in option.group(1), text
    run = cli("serve", "--max-buffered-body-mb", "0")
    assert run.returncode == 64 and b"--max-buffered-body-mb must be from 1 to 65536" in run.stderr
    run = cli("serve", "--max-buffered-body-mb", "1", "--max-body", str(2 << 20))
    assert run.returncode == 64 and b"at least one body of --max-body" in run.stderr


def test_out_writes_through_a_pipe_a_link_and_a_files_mode(tmp_path):
    """`--out` writes in place, as `cat > path` does (Sources/animatic/OutputFile.swift): a
    named pipe's reader gets the bytes and the pipe stays a pipe (a rename over the path, as
    Foundation's atomic write does, once replaced /dev/null with a regular file); a symbolic
    link stays a link with its target written; an existing file keeps its mode."""
    import stat
    import threading

    expected = run_cli("render", SPEC)
    assert expected.endswith(b"\n") and len(expected) > 200
    body = expected[:-1]  # stdout ends text with a newline; the file is the bytes

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    run = cli("render", SPEC, "--out", fifo)
    reader.join(timeout=30)
    assert run.returncode == 0, run.stderr
    assert received == [body]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)

    target = tmp_path / "target.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert cli("render", SPEC, "--out", link).returncode == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == body

    private = tmp_path / "private.json"
    private.write_text("old")
    private.chmod(0o600)
    assert cli("render", SPEC, "--out", private).returncode == 0
    assert stat.S_IMODE(private.stat().st_mode) == 0o600 and private.read_bytes() == body


def test_out_in_a_missing_folder_is_exit_73_with_the_reason(tmp_path):
    run = cli("render", SPEC, "--out", tmp_path / "missing" / "x.json")
    assert run.returncode == 73  # sysexits' EX_CANTCREAT
    assert run.stderr.decode() == f"animatic: cannot write {tmp_path / 'missing' / 'x.json'}: No such file or directory\n"
