# Sourced by scripts/test and scripts/demo: makes .venv and installs meneur (editable) with its
# development tools. Safe to run again: pip only installs what is missing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then "$PY" -m venv .venv; fi
mkdir -p .venv/log
if ! .venv/bin/python -m pip install --disable-pip-version-check -e '.[dev]' >.venv/log/pip.log 2>&1; then
  cat .venv/log/pip.log >&2
  echo "meneur: installing the Python packages failed (log above)" >&2
  exit 1
fi
