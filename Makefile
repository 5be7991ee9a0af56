# Two entry points for a fresh machine (see README.md):
#   make demo   install the referee and run it on the bundled recording
#   make test   install the referee with test extras and run the test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

# Card art for the scene generator (rendered at run time, never committed) and the speech voice.
DEBIAN_PACKAGES := gnome-cards-data kdegames-card-data-kf5 librsvg2-bin espeak-ng alsa-utils
# For the tests only: the scoreboard page is tested in Debian's headless chromium (playwright drives it).
TEST_DEBIAN_PACKAGES := chromium chromium-driver

# $(1): the Debian packages to install where missing (as root), else the apt-get line to run.
define install-debian
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) \
	      || echo "warning: could not install $$missing (scene generator, speech and browser test need them)"; \
	  else echo "note: please install $$missing (sudo apt-get install $$missing)"; fi; \
	fi
endef

system-deps:
	$(call install-debian,$(DEBIAN_PACKAGES))

test-system-deps:
	$(call install-debian,$(DEBIAN_PACKAGES) $(TEST_DEBIAN_PACKAGES))

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/activate
	$(BIN)/pip install -q -e .

install-test: $(BIN)/activate
	$(BIN)/pip install -q -e '.[test]'

demo: system-deps install
	$(BIN)/referee demo

test: test-system-deps install-test lint
	$(BIN)/python -m pytest

# ruff's rule set is in pyproject.toml ([tool.ruff.lint]); mypy's configuration ([tool.mypy]) names
# what it checks: the referee package, strict on referee.engine
lint: install-test
	$(BIN)/ruff check referee tests bench
	$(BIN)/mypy

.PHONY: system-deps test-system-deps install install-test demo test lint
