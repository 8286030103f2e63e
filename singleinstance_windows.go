//go:build desktop && (production || dev) && windows

package main

import (
	"github.com/wailsapp/wails/v2/pkg/options"

	"lexflow/backend/openfiles"
)

// singleInstance makes the window the one a later launch on the same library
// hands its files to (backend/handoff sends them, before that launch opens
// anything). Paths that no longer exist are dropped: a launch's arguments
// were checked when it read them, and one with none brings the window forward.
func singleInstance(instance string, files *opener) *options.SingleInstanceLock {
	return &options.SingleInstanceLock{
		UniqueId: instance,
		OnSecondInstanceLaunch: func(launch options.SecondInstanceData) {
			paths, _ := openfiles.Paths(launch.Args)
			files.add(paths...)
		},
	}
}
