"""The commit-msg hook (scripts/commit-msg) and its installer (scripts/install-hooks.sh):
the subject's limit counted in characters, the blank line, git's comments ignored, and the
hook installed where git looks — in a clone, in a worktree (whose .git is a file), not at
all outside a checkout."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOOK = ROOT / "scripts" / "commit-msg"
INSTALL = ROOT / "scripts" / "install-hooks.sh"


def check(tmp_path, message):
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message, encoding="utf-8")
    proc = subprocess.run([str(HOOK), str(path)], capture_output=True, text=True, timeout=30)
    return proc.returncode, proc.stderr


def test_a_subject_of_72_characters_passes_and_73_fails(tmp_path):
    assert check(tmp_path, "x" * 72 + "\n")[0] == 0
    code, err = check(tmp_path, "x" * 73 + "\n")
    assert code == 1 and "73 characters, more than 72" in err


def test_the_limit_counts_characters_not_bytes(tmp_path):
    # 72 characters, 75 bytes in UTF-8: an arrow and a times sign are one character each.
    subject = "Refinement reads rows in place: 14.93 → 14.63 M, 1.93× " + "y" * 17
    assert len(subject) == 72 and len(subject.encode()) == 75
    assert check(tmp_path, subject + "\n")[0] == 0


def test_a_body_needs_a_blank_line_after_the_subject(tmp_path):
    assert check(tmp_path, "Short subject\n\nThe body, bytes identical.\n")[0] == 0
    code, err = check(tmp_path, "Short subject\nThe body straight after.\n")
    assert code == 1 and "second line is not blank" in err


def test_comments_leading_blanks_and_the_scissors_are_ignored(tmp_path):
    message = ("\n\nShort subject\n\nBody.\n# Please enter the commit message\n"
               "# ------------------------ >8 ------------------------\n" + "z" * 200 + "\n")
    assert check(tmp_path, message)[0] == 0
    assert check(tmp_path, "# only a comment\n\n")[0] == 1


def git(cwd, *args):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True,
                          timeout=60).stdout.strip()


@pytest.fixture
def checkout(tmp_path):
    """A fresh repository holding the two scripts, with one commit."""
    if shutil.which("git") is None:
        pytest.fail("git is not installed")
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    for script in (HOOK, INSTALL):
        shutil.copy2(script, repo / "scripts" / script.name)
    git(repo, "init", "-q")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--no-verify", "-m", "init")
    return repo


def commit(cwd, message):
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q",
                           "--allow-empty", "-m", message], cwd=cwd, capture_output=True, text=True, timeout=60)


def test_installed_in_a_clone_the_hook_refuses_a_long_subject(checkout):
    subprocess.run([str(checkout / "scripts" / "install-hooks.sh")], check=True, timeout=60)
    hook = checkout / ".git" / "hooks" / "commit-msg"
    assert hook.read_bytes() == HOOK.read_bytes()
    refused = commit(checkout, "w" * 80)
    assert refused.returncode != 0 and "80 characters" in refused.stderr
    assert commit(checkout, "A subject that fits\n\nAnd a body.").returncode == 0
    # A second run has nothing to do and says nothing.
    again = subprocess.run([str(checkout / "scripts" / "install-hooks.sh")], capture_output=True, text=True,
                           check=True, timeout=60)
    assert again.stdout == "" and again.stderr == ""


def test_installed_from_a_worktree_the_hook_goes_to_the_common_hooks(checkout, tmp_path):
    tree = tmp_path / "tree"
    git(checkout, "worktree", "add", "-q", "-b", "side", str(tree))
    assert (tree / ".git").is_file()
    subprocess.run([str(tree / "scripts" / "install-hooks.sh")], check=True, timeout=60)
    assert (checkout / ".git" / "hooks" / "commit-msg").read_bytes() == HOOK.read_bytes()
    assert commit(tree, "v" * 73).returncode != 0


def test_a_hook_that_is_not_ours_is_left_alone(checkout):
    hook = checkout / ".git" / "hooks" / "commit-msg"
    hook.write_text("#!/bin/sh\nexit 0\n")
    proc = subprocess.run([str(checkout / "scripts" / "install-hooks.sh")], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and "not animatic's" in proc.stderr
    assert hook.read_text() == "#!/bin/sh\nexit 0\n"


def test_outside_a_checkout_it_does_nothing_and_succeeds(tmp_path):
    folder = tmp_path / "unpacked" / "scripts"
    folder.mkdir(parents=True)
    for script in (HOOK, INSTALL):
        shutil.copy2(script, folder / script.name)
    proc = subprocess.run([str(folder / "install-hooks.sh")], capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "GIT_CEILING_DIRECTORIES": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr
    assert list(tmp_path.rglob("commit-msg")) == [folder / "commit-msg"]  # no hook installed
