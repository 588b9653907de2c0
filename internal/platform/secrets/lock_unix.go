//go:build unix

package secrets

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on f, waiting for it; the lock goes with
// the process, so a crash never leaves the key file locked.
func lockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
