# Souk: the two commands a newcomer needs are `make run` and `make test`.
# Both install what they need (npm packages; Chromium for browser tests).

SHELL := /bin/bash
GO    ?= go
NPM   ?= npm
BIN   := bin/souk
SUDO  := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Short fuzz runs in `make test`; raise for a real fuzzing session.
FUZZTIME ?= 10s

WEB_SOURCES := $(shell find web/src web/public web/templates/src -type f 2>/dev/null) web/index.html web/vite.config.ts web/tsconfig.json web/templates/tsconfig.json

.PHONY: run build souk web deps chromium coturn redis-server netlab-tools livekit-server test test-go test-protocol test-web test-e2e conformance fuzz vet doccheck bench docker-test clean

## run: build everything and start Souk on embedded defaults (http://localhost:7880)
run: build
	./$(BIN) serve

## build: the web app, then the binary that embeds it
build: web souk

souk:
	$(GO) build -o $(BIN) ./cmd/souk

web: web/dist/index.html

web/dist/index.html: node_modules/.souk-installed $(WEB_SOURCES)
	$(NPM) run build

## deps: npm packages (root workspaces: web/ and web/templates/)
deps: node_modules/.souk-installed

node_modules/.souk-installed: package.json package-lock.json web/package.json web/templates/package.json
	$(NPM) ci --no-audit --no-fund
	touch $@

## chromium: Debian's Chromium for the browser tests, installed when missing
chromium:
	@{ command -v chromium && test -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf; } >/dev/null 2>&1 || { \
		echo "installing chromium and its fonts (Arabic, emoji) from Debian packages"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core fonts-noto-color-emoji >/dev/null; }

## coturn: coturn's turnutils_uclient for the TURN interoperability test
coturn:
	@command -v turnutils_uclient >/dev/null 2>&1 || { \
		echo "installing coturn from Debian packages"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq coturn >/dev/null; }

## redis-server: a Redis of their own that the cluster tests stop and restart (never the shared one)
redis-server:
	@command -v redis-server >/dev/null 2>&1 || { \
		echo "installing redis-server from Debian packages"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }

## netlab-tools: ip, tc (iproute2) and iptables for the network lab tests (internal/netlab), installed when missing
netlab-tools:
	@{ command -v ip && command -v tc && command -v iptables && command -v ip6tables-restore; } >/dev/null 2>&1 || { \
		echo "installing iproute2 and iptables from Debian packages"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq iproute2 iptables >/dev/null; }

## livekit-server: the reference server of the conformance suite, built once into .tools/
LIVEKIT_SERVER_VERSION := v1.13.5
LIVEKIT_SERVER := .tools/livekit-server/server

livekit-server: $(LIVEKIT_SERVER)

$(LIVEKIT_SERVER):
	@echo "installing livekit-server $(LIVEKIT_SERVER_VERSION) into $(@D) (once)"
	GOBIN=$(CURDIR)/$(@D) $(GO) install github.com/livekit/livekit-server/cmd/server@$(LIVEKIT_SERVER_VERSION)

## test: install what the tests need, then run them all
test: deps chromium coturn redis-server netlab-tools livekit-server build vet test-go fuzz test-web test-e2e

## vet: go vet, and go.mod must already be tidy
vet:
	$(GO) vet ./...
	$(GO) mod tidy -diff

# The conformance package runs its fast scenarios here, against the binary just built.
test-go: souk
	CONFORMANCE_SOUK_BINARY=$(CURDIR)/$(BIN) $(GO) test -count=1 -timeout 20m ./...

## conformance: every scenario against livekit-server and Souk; writes benchmarks/CONFORMANCE.md
conformance: deps chromium netlab-tools livekit-server build
	CONFORMANCE_SOUK_BINARY=$(CURDIR)/$(BIN) $(GO) test -count=1 -timeout 60m -v -run 'TestConformance' ./conformance \
		-args -conformance.all -conformance.report=$(CURDIR)/benchmarks/CONFORMANCE.md

## doccheck: every path and Go name the READMEs and package comments give exists (part of test-go)
doccheck:
	$(GO) test -count=1 ./internal/doccheck

## test-protocol: only the official Engine.IO and Socket.IO protocol suites (part of test-go)
test-protocol: deps
	$(GO) test -count=1 -v -run TestProtocolSuites ./platform/realtime/conformance/

## fuzz: run every fuzz target briefly (FUZZTIME each)
fuzz:
	FUZZTIME=$(FUZZTIME) bash .ci/fuzz.sh

test-web: deps
	$(NPM) test

## test-e2e: browser scenarios against a real `souk serve` on a free port
test-e2e: build chromium
	node web/e2e/with-server.mjs ./$(BIN)

## bench: benchmarks of the hot paths (figures go in the issue notes)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## docker-test: build the image, start docker-compose.yml and wait until it is healthy (needs Docker; opt-in)
docker-test:
	deploy/docker-test.sh

clean:
	rm -rf bin web/dist
