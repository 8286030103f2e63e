package server

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// AddressFile names the file in the data directory where a running serve
// writes its address, so another launch that finds the library in use can
// say where it is in use instead of waiting for a window that will not come.
const AddressFile = "serve-address"

// RecordAddress writes addr to dir's address file and returns the function
// that removes it once serve stops.
func RecordAddress(dir, addr string) (release func(), err error) {
	path := filepath.Join(dir, AddressFile)
	if err := writePrivate(path, addr+"\n"); err != nil {
		return nil, err
	}
	return func() { os.Remove(path) }, nil
}

// RunningAt is the URL of the serve using dir, or "" when none answers there:
// a file left by a serve that was killed names an address nothing listens on.
func RunningAt(dir string) string {
	raw, err := os.ReadFile(filepath.Join(dir, AddressFile))
	if err != nil {
		return ""
	}
	addr := strings.TrimSpace(string(raw))
	conn, err := net.DialTimeout("tcp", addr, 500*time.Millisecond)
	if err != nil {
		return ""
	}
	conn.Close()
	return "http://" + addr + "/"
}
