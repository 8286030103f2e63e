package api

import (
	"context"
	"runtime"
)

// SystemService reports on the running instance.
type SystemService struct{ opts Options }

// Info describes the binary, the face it runs in and where its data lives.
func (s *SystemService) Info(ctx context.Context) (SystemInfo, error) {
	return SystemInfo{
		Version:       s.opts.Build.Version,
		Commit:        s.opts.Build.Commit,
		GoVersion:     runtime.Version(),
		OS:            runtime.GOOS,
		Arch:          runtime.GOARCH,
		Face:          s.opts.Face,
		DataDir:       s.opts.DataDir,
		DatabasePath:  s.opts.DB.Path(),
		SchemaVersion: s.opts.DB.SchemaVersion(),
	}, nil
}
