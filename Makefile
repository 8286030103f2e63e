# Lexflow: `make run` builds and starts the app; `make test` runs every test.
# Both install what they need: npm packages always, and on Linux the Debian
# packages for the desktop build and browser tests when run as root or in CI.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

VERSION  ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT   ?= $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
LDFLAGS  := -s -w -X main.version=$(VERSION) -X main.commit=$(COMMIT)
DESKTOP_TAGS := desktop,production,webkit2_41
GO_SOURCES := $(shell find . -name '*.go' -not -path './frontend/*') go.mod go.sum
UI_SOURCES := $(shell find frontend/src frontend/public -type f 2>/dev/null) frontend/index.html frontend/vite.config.ts frontend/package.json

.PHONY: run build desktop ui deps apt-deps npm-deps generate test test-go test-ui test-desktop test-e2e vet bench stress clean
.PHONY: windows test-windows mac test-mac

## run: build and start Lexflow — the desktop window where a display exists, else `serve` with its URL printed
run:
	@./scripts/run.sh

## build: the serve/CLI binary (no GTK needed) at bin/lexflow
build: bin/lexflow

bin/lexflow: $(GO_SOURCES) frontend/dist/index.html
	go build -trimpath -ldflags '$(LDFLAGS)' -o $@ .

## desktop: the window build (Linux: WebKitGTK 4.1) at bin/lexflow-desktop
desktop: apt-deps bin/lexflow-desktop

bin/lexflow-desktop: $(GO_SOURCES) frontend/dist/index.html
	go build -trimpath -tags $(DESKTOP_TAGS) -ldflags '$(LDFLAGS)' -o $@ .

WINDOWS_DIR := bin/windows
WINDOWS_SETUP := $(WINDOWS_DIR)/Lexflow-$(VERSION)-setup.exe

## windows: cross-build for Windows on Linux (mingw-w64 for cgo, NSIS): bin/windows/Lexflow.exe (the
## window), bin/windows/bin/lexflow.exe (CLI and serve) and the per-user installer Lexflow-VERSION-setup.exe
windows: apt-deps $(WINDOWS_SETUP)

$(WINDOWS_SETUP): $(GO_SOURCES) frontend/dist/index.html build/appicon.png $(wildcard build/windows/*) scripts/windows-build.sh
	VERSION=$(VERSION) COMMIT=$(COMMIT) ./scripts/windows-build.sh $(WINDOWS_DIR)

## mac: on macOS, bin/mac/Lexflow.app and Lexflow-VERSION.dmg, universal (SIGN_IDENTITY and
## NOTARY_PROFILE sign and notarise them: see scripts/mac-build.sh)
mac: frontend/dist/index.html
	VERSION=$(VERSION) COMMIT=$(COMMIT) ./scripts/mac-build.sh bin/mac

bin/fakellm: $(GO_SOURCES)
	go build -o $@ ./backend/llm/llmtest/cmd/fakellm

## ui: the frontend bundle embedded into the binary
ui: frontend/dist/index.html

frontend/dist/index.html: frontend/node_modules/.installed $(UI_SOURCES)
	cd frontend && npm run build
	touch frontend/dist/.gitkeep # Vite empties dist; go:embed needs the folder in a fresh clone

npm-deps: frontend/node_modules/.installed

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	touch $@

## apt-deps: Debian packages for the desktop build and browser tests (root or CI only)
apt-deps:
	@./scripts/apt-deps.sh

## generate: regenerate the frontend's TypeScript DTO types from the Go structs
generate:
	go test ./backend/api -run TestGeneratedTypeScriptIsCurrent -update

## test: everything — vet, Go tests with the race detector, UI unit tests, the desktop build and its
## self-test under Xvfb, end-to-end tests in headless Chromium, the Windows build under Wine, and the
## macOS recipe checked statically
test: apt-deps npm-deps vet test-go test-ui test-desktop test-e2e test-windows test-mac
	@echo "make test: all suites passed"

vet: frontend/dist/index.html
	go vet ./...

# The PDF engine's first test, without the race detector, compiles the engine once into the user's
# cache (seconds); every race-detector test process then loads it from there instead of compiling it slowly.
test-go: frontend/dist/index.html
	go test -count=1 -run TestEngineStarts ./backend/pdfengine
	go test -race -count=1 ./...

test-ui: npm-deps
	cd frontend && npm run typecheck && npm test

test-desktop: bin/lexflow-desktop
	./scripts/desktop-selftest.sh bin/lexflow-desktop

test-e2e: bin/lexflow bin/fakellm
	cd frontend && LEXFLOW_BIN=../bin/lexflow FAKELLM_BIN=../bin/fakellm node --test --test-concurrency=1 e2e/

# The Windows build under Wine, in a prefix made once and kept in .cache/windows: the smoke test
# of the real programs, the window's word when WebView2 is missing (on Xvfb) and the installer
# (scripts/winsmoke), then every package vetted for Windows
# and the path-handling packages' tests run as Windows programs (scripts/windows-test.sh).
test-windows: windows
	./scripts/wine-prefix.sh .cache/windows/wine-prefix
	xvfb-run -a go run ./scripts/winsmoke -prefix .cache/windows/wine-prefix -exe $(WINDOWS_DIR)/bin/lexflow.exe \
	  -gui $(WINDOWS_DIR)/Lexflow.exe -installer $(WINDOWS_SETUP)
	./scripts/windows-test.sh .cache/windows/wine-prefix

# What of the macOS recipe can be checked on Linux: its dry run, the Info.plist it writes, and vet.
test-mac: frontend/dist/index.html
	./scripts/mac-check.sh

## bench: print the benchmark tables: the binary as a user meets it (size, serve time-to-ready,
## idle RSS, ingestion), the Studio canvas with 300 steps in headless Chromium (time to draw, frame
## times while dragging a step and while panning), a chat page reloaded mid-answer (time until the
## replayed answer shows), PDF extraction over the real contract PDFs beside pdftotext (when ../shared/eval is
## there), then the engine, run recording and index query latency at 100k chunks
## stress: the slow bad-input tests (a folder of 5,000 files through lexflow ingest), 10,000 chat
## turns with the memory curve, a 150 MB upload at a slow steady rate, the fault matrix (its memory
## row: a 60 MB page of one-letter paragraphs under a memory cap), and the upload and every format's
## extractor fuzzed for a bounded time; not part of `make test`
INGEST_FUZZTIME ?= 60s
stress:
	LEXFLOW_STRESS=1 go test -run 'TestIngestFolderOfFiveThousandFiles|TestSoakTenThousandChatTurns|TestStressIngestMemory' -timeout 90m -v ./backend/cli
	LEXFLOW_STRESS=1 go test -run 'TestServeKeepsALargeSlowUpload|TestFaultMatrix' -timeout 20m -v ./backend/server
	go test -run '^$$' -fuzz '^FuzzUpload$$' -fuzztime 60s ./backend/server
	for target in FuzzExtractPDF FuzzExtractDOCX FuzzExtractHTML FuzzExtractText FuzzExtractMarkdown; do \
		go test -run '^$$' -fuzz "^$$target$$" -fuzztime $(INGEST_FUZZTIME) ./backend/ingest; done

bench: bin/lexflow bin/fakellm
	go run ./scripts/bench -bin bin/lexflow
	@echo
	go run ./scripts/evalpdf -speed
	@echo
	cd frontend && LEXFLOW_BIN=../bin/lexflow node e2e/bench-canvas.mjs
	@echo
	cd frontend && LEXFLOW_BIN=../bin/lexflow FAKELLM_BIN=../bin/fakellm node e2e/bench-reattach.mjs
	@echo
	go test -run '^$$' -bench . -benchtime 20x ./backend/engine ./backend/runs ./backend/api | grep -E '^(pkg|Benchmark)'
	go test -tags sqlite_fts5 -run '^$$' -bench . -benchtime 1x -timeout 30m ./backend/index | grep -E '^(pkg|Benchmark)'
	go test -run '^$$' -bench . -benchtime 50x ./backend/ingest | grep -E '^(pkg|Benchmark)'
	@echo
	$(MAKE) --no-print-directory bench-memory

## size: where the release binary's bytes go, by package (SIZE_FLAGS="-by module" groups by module);
## docs/performance.md keeps the last measurement and what was done about it
.PHONY: size
size: frontend/dist/index.html
	go run ./scripts/binsize $(SIZE_FLAGS)

## bench-memory: peak RSS of `lexflow ingest` taking two files of each format at the size limit at once
## (both extraction slots busy), against the 400 MiB budget; e.g. INGESTMEM_FLAGS="-formats html,docx"
.PHONY: bench-memory
bench-memory: bin/lexflow
	go run ./scripts/ingestmem -bin bin/lexflow $(INGESTMEM_FLAGS)

## eval: the question-answering benchmark (not part of `make test`): over the sample corpus, retrieval
## recall/MRR, cited-answer checks and refusals (EVALQA_FLAGS="-dump" also lists the failures); then
## CUAD's absent-clause negatives and the positives about the same contracts asked as `lexflow ask`
## does, judged (EVAL_ANSWERS_FLAGS="-answers-every 5" for a quicker sample, "-dump 20" for failures)
.PHONY: eval
eval:
	go run ./scripts/evalqa $(EVALQA_FLAGS)
	go run ./scripts/eval -answers $(EVAL_ANSWERS_FLAGS)

## eval-retrieval: the retrieval suite (not part of `make test`): CUAD, ACORD, STARD and the sample library's questions, each
## beside plain BM25 over the same units, then CUAD's contracts as PDF beside their text; e.g. EVAL_FLAGS="-ablation -no-pdf"
.PHONY: eval-retrieval
eval-retrieval:
	go run ./scripts/eval $(EVAL_FLAGS)

## eval-pdf: PDF text extraction on the 287 CUAD contract PDFs (not part of `make test`): files ingested or
## refused, word-level fidelity to the reference texts, page furniture, worst files, speed and peak memory, beside
## pdftotext -layout when installed; e.g. EVALPDF_FLAGS="-limit 20 -no-reference"
.PHONY: eval-pdf
eval-pdf:
	go run ./scripts/evalpdf $(EVALPDF_FLAGS)

## eval-dify: Dify exports imported, compiled and run (not part of `make test`): every file of
## ../shared/eval/dify-dsl/apps through the importer and the real node types, every model mapped to the fake
## model server and every dataset to one empty collection; per file and per node type what happened, then the
## totals (EVALDIFY_FLAGS="-dump" lists every problem)
.PHONY: eval-dify
eval-dify:
	go run ./scripts/evaldify $(EVALDIFY_FLAGS)

clean:
	rm -rf bin frontend/dist/assets frontend/dist/index.html
