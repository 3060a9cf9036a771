package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime"
	"time"
)

// mutexProfileFraction samples one in this many mutex contention events
// while profiling is on: enough for a profile of a load test, cheap enough
// not to change what it measures.
const mutexProfileFraction = 5

// startPprof serves the runtime profiles (/debug/pprof/: CPU, heap, mutex,
// block, goroutine, trace) on their own listener, apart from the public
// HTTP server, so that they are reachable only where the operator binds
// them (normally loopback). It also turns on mutex sampling, which costs
// nothing while profiling is off. It returns the bound address and a
// function that stops the listener.
func startPprof(ctx context.Context, addr string, stderr io.Writer) (bound net.Addr, stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("pprof listener on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	prevMutex := runtime.SetMutexProfileFraction(mutexProfileFraction)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	log.Info("profiles served", "addr", "http://"+ln.Addr().String()+"/debug/pprof/")
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("pprof server stopped", "err", err)
		}
	}()
	return ln.Addr(), func() {
		shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
		<-done
		runtime.SetMutexProfileFraction(prevMutex)
	}, nil
}
