#!/bin/sh
# The gallery's version: `git describe` in a git checkout (a tag such as v1.2.0, v1.2.0-3-gabc1234 after it,
# or the commit abc1234 when there is no tag; "-dirty" with uncommitted changes); in a `git archive` tarball
# (GitHub's downloads are made that way), the VERSION file that export-subst filled in; else "unknown".
#   Scripts/version.sh PACKAGE_DIR                  prints it
#   Scripts/version.sh PACKAGE_DIR OUT.swift        writes `let buildVersion = "…"` there, only when it changed
set -eu
root=$1
version=""
if [ -e "$root/.git" ]; then
  version=$(git -C "$root" describe --tags --always --dirty 2>/dev/null || true)
fi
if [ -z "$version" ] && [ -r "$root/VERSION" ]; then
  # "$Format:%(describe:tags) %h$" in git, "v1.2.0 abc1234" or " abc1234" in a tarball: the first word.
  version=$(sed -n 1p "$root/VERSION" | awk '{ print $1 }')
  case $version in *'$Format'*) version="" ;; esac
fi
version=${version:-unknown}
[ $# -ge 2 ] || { echo "$version"; exit 0; }

out=$2
mkdir -p "$(dirname "$out")"
printf '/// The version this binary was built from (Scripts/version.sh, run by the VersionStamp plugin).\nlet buildVersion = "%s"\n' \
  "$version" > "$out.new"
if cmp -s "$out.new" "$out"; then rm -f "$out.new"; else mv "$out.new" "$out"; fi
