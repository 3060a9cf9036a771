# Builds the one souk binary with the web app embedded.
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
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=go /out/souk /usr/local/bin/souk
VOLUME /data
EXPOSE 7880 7882/udp 3478/udp
ENTRYPOINT ["souk"]
CMD ["serve"]
