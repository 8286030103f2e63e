package llm

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"testing"
	"time"
)

// A server that resets the connection instead of answering is a broken
// stream on every system, whatever number the system gives the reset
// (Winsock's WSAECONNRESET on Windows).
func TestClassifyRealResetConnection(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		_, _ = http.ReadRequest(bufio.NewReader(conn)) // the whole request, then a reset
		_ = conn.(*net.TCPConn).SetLinger(0)
		conn.Close()
	}()
	_, err = (&http.Client{Timeout: 5 * time.Second}).Get("http://" + ln.Addr().String())
	if err == nil {
		t.Fatal("GET on a resetting server succeeded")
	}
	e := Call{Provider: "test", BaseURL: "http://" + ln.Addr().String()}.Classify(context.Background(), err)
	if !errors.Is(e, ErrStreamInterrupted) {
		t.Errorf("a reset connection classified as %v (%v)", e.Kind, err)
	}
}
