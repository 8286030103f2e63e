package llmtest

import (
	"net/http"
	"time"
)

// FaultKind is a way a reply fails on purpose.
type FaultKind string

const (
	FaultNone FaultKind = ""
	// FaultStatus answers with an HTTP error status and the protocol's error body.
	FaultStatus FaultKind = "status"
	// FaultCut closes the connection after After frames, mid-body.
	FaultCut FaultKind = "cut"
	// FaultEnd ends the body cleanly after After frames, without the done marker.
	FaultEnd FaultKind = "end"
	// FaultMalformed sends a frame that is not valid JSON after After frames.
	FaultMalformed FaultKind = "malformed"
	// FaultStall goes silent after After frames until the client gives up.
	FaultStall FaultKind = "stall"
	// FaultHang sends nothing at all, not even headers, until the client gives up.
	FaultHang FaultKind = "hang"
)

// Fault makes a reply fail. After counts the frames written before the fault
// strikes; a negative After means "just before the end marker", i.e. after
// all the content.
type Fault struct {
	Kind    FaultKind
	After   int
	Status  int    // FaultStatus: the HTTP status
	Message string // FaultStatus: the error message in the body (a default when empty)
	Code    string // FaultStatus: the OpenAI error code (a default when empty)
}

// HTTPError answers with status and the protocol's error body carrying message.
func HTTPError(status int, message string) Fault {
	return Fault{Kind: FaultStatus, Status: status, Message: message}
}

// CutAfter closes the connection after n frames.
func CutAfter(n int) Fault { return Fault{Kind: FaultCut, After: n} }

// EndAfter ends the body cleanly after n frames, without the done marker.
func EndAfter(n int) Fault { return Fault{Kind: FaultEnd, After: n} }

// NoDone streams all the content, then ends without the done marker.
func NoDone() Fault { return Fault{Kind: FaultEnd, After: -1} }

// MalformedAfter sends a frame that is not JSON after n frames, then the rest.
func MalformedAfter(n int) Fault { return Fault{Kind: FaultMalformed, After: n} }

// StallAfter goes silent after n frames until the client gives up.
func StallAfter(n int) Fault { return Fault{Kind: FaultStall, After: n} }

// Hang never answers: no headers, no bytes.
func Hang() Fault { return Fault{Kind: FaultHang} }

// frames is a reply rendered for one protocol.
type frames struct {
	contentType string
	body        [][]byte // the content frames
	end         [][]byte // the frames that complete the reply (done chunk, [DONE], …)
	bad         []byte   // a frame that is not valid JSON
}

// play writes frames, applying the reply's delay and fault. Status faults are
// answered before play by the protocol handler.
func (s *Server) play(w http.ResponseWriter, r *http.Request, f frames, reply Reply) {
	fault := reply.Fault
	if fault.Kind == FaultHang {
		s.holdThenDrop(r) // never returns
	}
	w.Header().Set("Content-Type", f.contentType)
	w.WriteHeader(http.StatusOK)
	flush(w)
	all := append(append([][]byte(nil), f.body...), f.end...)
	at := fault.After
	if at < 0 {
		at = len(f.body)
	}
	for i := 0; i <= len(all); i++ {
		if i == at && !s.strike(w, r, fault, f.bad) {
			return
		}
		if i == len(all) || !s.pause(r, reply.Delay) {
			return
		}
		w.Write(all[i])
		flush(w)
	}
}

// strike applies a fault at its position; it reports whether to go on writing.
func (s *Server) strike(w http.ResponseWriter, r *http.Request, fault Fault, bad []byte) bool {
	switch fault.Kind {
	case FaultCut:
		cut(w)
		return false
	case FaultEnd:
		return false
	case FaultStall:
		s.holdThenDrop(r) // never returns
	case FaultMalformed:
		w.Write(bad)
		flush(w)
	}
	return true
}

// cut closes the connection under a response that has started, so the client
// sees the body break without its terminating chunk.
func cut(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		// not HTTP/1: aborting the handler resets the stream instead
		panic(http.ErrAbortHandler)
	}
	conn.Close()
}

// pause waits d before a frame; false when the client left. A closing server
// drops the connection instead, so the client sees a broken stream.
func (s *Server) pause(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return r.Context().Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	case <-s.quit:
		panic(http.ErrAbortHandler) // closing mid-reply breaks the stream
	}
}

// holdThenDrop blocks until the client gives up or the server closes, then drops
// the connection: returning normally would let net/http finish the response
// as if it were complete.
func (s *Server) holdThenDrop(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.quit:
	}
	panic(http.ErrAbortHandler)
}

func flush(w http.ResponseWriter) {
	_ = http.NewResponseController(w).Flush()
}
