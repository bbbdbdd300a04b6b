#!/usr/bin/env sh
# Installs scripts/commit-msg as the repository's commit-msg hook (CONTRIBUTING.md). Called
# by `make`; quiet when there is nothing to do. In a worktree `.git` is a file, so the hooks
# directory is asked of git (`git rev-parse --git-path hooks`: the common one, shared by every
# worktree). Outside a git checkout (an unpacked tarball, a Docker build context) or without
# git, it does nothing and succeeds. A commit-msg hook that is not ours is left alone.
set -eu
cd "$(dirname "$0")/.."
command -v git >/dev/null 2>&1 || exit 0
hooks=$(git rev-parse --git-path hooks 2>/dev/null) || exit 0
# core.hooksPath, when set, is where git looks instead.
custom=$(git config --get core.hooksPath 2>/dev/null || true)
[ -n "$custom" ] && hooks=$custom
target="$hooks/commit-msg"
source=scripts/commit-msg
if [ -f "$target" ] && cmp -s "$source" "$target"; then exit 0; fi
if [ -f "$target" ] && ! grep -q "Git commit-msg hook: a commit message that reads" "$target"; then
  echo "install-hooks: $target exists and is not animatic's; left as it is (see CONTRIBUTING.md)" >&2
  exit 0
fi
mkdir -p "$hooks"
cp "$source" "$target.tmp" && chmod +x "$target.tmp" && mv "$target.tmp" "$target"
echo "install-hooks: installed $target (subject ≤ 72 characters, a blank line before the body)"
