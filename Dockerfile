# Builds the one souk binary with the web app embedded, and an image that
# runs it as an unprivileged user.
FROM node:20-bookworm AS web
WORKDIR /src
COPY package.json package-lock.json ./
COPY web/package.json web/
COPY web/templates/package.json web/templates/
RUN npm ci --no-audit --no-fund
COPY web web
RUN npm run build

FROM golang:1.26-bookworm AS go
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist web/dist
RUN CGO_ENABLED=0 go build -trimpath -o /out/souk ./cmd/souk

FROM debian:bookworm-slim
# ca-certificates: SMTP, webhooks and Google sign-in speak TLS.
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/* \
	&& groupadd --system --gid 10001 souk \
	&& useradd --system --uid 10001 --gid souk --home-dir /data --no-create-home --shell /usr/sbin/nologin souk \
	&& mkdir /data && chown souk:souk /data
COPY --from=go /out/souk /usr/local/bin/souk
# A named volume mounted here starts with this directory's owner, so the
# unprivileged user can write the database, uploads and generated keys.
VOLUME /data
WORKDIR /data
ENV SOUK_DATA_DIR=/data
# Numeric, so an orchestrator can tell the user is not root.
USER 10001:10001
# The defaults of server.addr, media.tcp_port, media.udp_port,
# media.turn.udp_port and .tcp_port, and media.turn.tls_port (served once
# media.turn.cert_file and key_file are set). Publish them one to one:
# the node advertises these numbers.
EXPOSE 7880/tcp 7881/tcp 7882/udp 3478/udp 3478/tcp 5349/tcp
# `souk healthcheck` asks /healthz on server.addr, read from the same
# SOUK_* variables as serve (a port set only in a --config file needs
# SOUK_SERVER_ADDR too, or a HEALTHCHECK of its own).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 CMD ["souk", "healthcheck"]
ENTRYPOINT ["souk"]
CMD ["serve"]
