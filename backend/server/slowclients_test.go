package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// testPace is DefaultPace scaled down so a test sees it act in a second.
var testPace = Pace{Header: time.Second, Idle: 2 * time.Second, Stall: time.Second, Window: 500 * time.Millisecond, MinBytes: 4 << 10}

// pacedServer serves the library routes of a with the given pace.
func pacedServer(t *testing.T, a *libraryAPI, p Pace) *httptest.Server {
	srv := httptest.NewUnstartedServer(a.srv.Config.Handler)
	boundSlowClients(srv.Config, p)
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// dribble opens a connection, sends head at once and then body a byte per
// interval, until the server closes the connection; it returns how long the
// server took, or an error if it had not closed it within limit.
func dribble(addr, head string, body []byte, interval, limit time.Duration) (time.Duration, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, head); err != nil {
		return 0, err
	}
	start := time.Now()
	closed := make(chan struct{})
	go func() {
		io.Copy(io.Discard, conn) // returns when the server closes the connection
		close(closed)
	}()
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for i := 0; ; i++ {
		select {
		case <-closed:
			return time.Since(start), nil
		case <-tick.C:
			if time.Since(start) > limit {
				return 0, fmt.Errorf("still open after %s, %d bytes dribbled", limit, i)
			}
			if i < len(body) {
				conn.Write(body[i : i+1])
			}
		}
	}
}

// Twenty connections dribbling a body (and a few dribbling their headers)
// are all closed by the server.
func TestServeClosesDribblingConnections(t *testing.T) {
	assertDribblersClosed(t, testPace, 20*time.Millisecond, 4)
}

// assertDribblersClosed opens twenty connections that dribble an upload's
// body a byte per interval, and headerOnly more that dribble their headers,
// against a server at pace, and checks the server closes every one within
// three of the pace's windows (or header timeouts).
func assertDribblersClosed(t *testing.T, pace Pace, interval time.Duration, headerOnly int) {
	a := newLibraryAPI(t)
	srv := pacedServer(t, a, pace)
	addr := strings.TrimPrefix(srv.URL, "http://")
	uploadHead := "POST /api/collections/" + a.collectionID() + "/documents HTTP/1.1\r\nHost: x\r\n" +
		"Content-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 1000000\r\n\r\n"
	body := []byte(multipartBody("XyZ", rawPart{"slow.txt", strings.Repeat("Article 1. ", 1000)}))
	headers := []byte("POST /api/search HTTP/1.1\r\nHost: x\r\nX-Padding: " + strings.Repeat("p", 4096))
	limit := 3 * max(pace.Window, pace.Stall, pace.Header)
	var wg sync.WaitGroup
	for i := range 20 + headerOnly {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Bodies dribble after whole headers; headers from their first byte.
			name, head, dribbled := fmt.Sprintf("body %d", i), uploadHead, body
			if i >= 20 {
				name, head, dribbled = fmt.Sprintf("headers %d", i-20), "", headers
			}
			if took, err := dribble(addr, head, dribbled, interval, limit); err != nil {
				t.Errorf("%s: %v", name, err)
			} else {
				t.Logf("%s: closed after %s", name, took.Round(10*time.Millisecond))
			}
		}()
	}
	wg.Wait()
}

// A body that keeps moving is never cut, however long it takes, and a
// finished request's connection is reused.
func TestServeKeepsASteadyUpload(t *testing.T) {
	a := newLibraryAPI(t)
	srv := pacedServer(t, a, testPace)
	body := multipartBody("XyZ", rawPart{"steady.txt", strings.Repeat("Article 2. The buyer shall pay the price. ", 2000)})
	// 8 KiB per 100 ms: over the pace's 4 KiB per 500 ms, for about a second in all.
	req, _ := http.NewRequest("POST", srv.URL+"/api/collections/"+a.collectionID()+"/documents", &throttled{r: strings.NewReader(body), chunk: 8 << 10, every: 100 * time.Millisecond})
	req.Header.Set("Content-Type", "multipart/form-data; boundary=XyZ")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(bufio.NewReader(resp.Body))
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(raw), `"error":null`) {
		t.Errorf("steady upload: %d %s", resp.StatusCode, raw)
	}
}

// throttled yields bytes at chunk per every, whatever the reader's buffer.
type throttled struct {
	r     io.Reader
	chunk int
	every time.Duration
}

func (t *throttled) Read(p []byte) (int, error) {
	n, err := t.r.Read(p[:min(len(p), t.chunk)])
	time.Sleep(t.every * time.Duration(n) / time.Duration(t.chunk))
	return n, err
}
