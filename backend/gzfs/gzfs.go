// Package gzfs reads a file tree in which files may be stored gzipped, as
// name.gz, as if they were stored plain: the binary embeds the built UI's
// scripts and styles gzipped (a third of their size) and serves them from
// here, to the browser and to the desktop window alike.
package gzfs

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sync"
	"time"
)

// New returns fsys with every name.gz also readable, unpacked, as name. A
// plain file wins over a gzipped one of the same name. Directory listings
// are fsys's own and still show the .gz names. fsys must not change: a file
// is unpacked once, on its first read, and kept.
func New(fsys fs.FS) fs.FS { return &unpacking{fsys: fsys} }

type unpacking struct {
	fsys     fs.FS
	unpacked sync.Map // name → *file, as first unpacked
}

func (u *unpacking) Open(name string) (fs.File, error) {
	f, err := u.fsys.Open(name)
	if !errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	if kept, ok := u.unpacked.Load(name); ok {
		return kept.(*file).reopen(), nil
	}
	packed, gzErr := u.fsys.Open(name + ".gz")
	if gzErr != nil {
		return nil, err // name's own error: the caller asked for name
	}
	defer packed.Close()
	unpacked, err := unpack(packed, path.Base(name))
	if err != nil {
		return nil, err
	}
	u.unpacked.Store(name, unpacked)
	return unpacked.reopen(), nil
}

// unpack reads a whole gzipped file into memory: the files served here are
// small, and a reader that seeks is what an HTTP server wants.
func unpack(packed fs.File, name string) (*file, error) {
	st, err := packed.Stat()
	if err != nil {
		return nil, fmt.Errorf("stat %s.gz: %w", name, err)
	}
	zr, err := gzip.NewReader(packed)
	if err != nil {
		return nil, fmt.Errorf("unpack %s.gz: %w", name, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("unpack %s.gz: %w", name, err)
	}
	return &file{data: data, info: info{name: name, size: int64(len(data)), modTime: st.ModTime()}}, nil
}

// file is an unpacked file; opened, it reads, seeks and reads at offsets.
type file struct {
	*bytes.Reader
	data []byte
	info info
}

// reopen returns the file read from its start, with a reader of its own.
func (f *file) reopen() *file {
	return &file{Reader: bytes.NewReader(f.data), data: f.data, info: f.info}
}

func (f *file) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *file) Close() error               { return nil }

type info struct {
	name    string
	size    int64
	modTime time.Time
}

func (i info) Name() string       { return i.name }
func (i info) Size() int64        { return i.size }
func (i info) Mode() fs.FileMode  { return 0o444 }
func (i info) ModTime() time.Time { return i.modTime }
func (i info) IsDir() bool        { return false }
func (i info) Sys() any           { return nil }
