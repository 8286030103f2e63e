package llm

import "syscall"

// brokenConnectionErrnos are Winsock's own numbers for a connection reset or
// aborted by the other side: errors.Is does not match them to the POSIX
// ECONNRESET and ECONNABORTED that Go defines on Windows.
var brokenConnectionErrnos = []error{syscall.WSAECONNRESET, syscall.WSAECONNABORTED}
