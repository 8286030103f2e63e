package library

import (
	"errors"

	"golang.org/x/sys/windows"
)

// shareErrors are what Windows says of a path on a network share
// (\\server\share\..., \\?\UNC\..., a mapped drive) that cannot be reached.
var shareErrors = []error{
	windows.ERROR_BAD_NETPATH, windows.ERROR_BAD_NET_NAME, windows.ERROR_NETNAME_DELETED,
	windows.ERROR_NETWORK_UNREACHABLE, windows.ERROR_HOST_UNREACHABLE, windows.ERROR_UNEXP_NET_ERR,
	windows.ERROR_DEV_NOT_EXIST, windows.ERROR_NO_NET_OR_BAD_PATH, windows.ERROR_NOT_CONNECTED,
}

// unreachableShare reports whether err says a network share cannot be reached.
func unreachableShare(err error) bool {
	for _, e := range shareErrors {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
