package editlinks

import (
	"regexp"
	"testing"
)

var pinRE = regexp.MustCompile(`^[0-9]{4,8}$`)

// FuzzCheckPIN: exactly 4 to 8 ASCII digits are a PIN.
func FuzzCheckPIN(f *testing.F) {
	for _, s := range []string{"1234", "12345678", "123", "123456789", "12a4", "١٢٣٤", "", "0000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pin string) {
		if ok := CheckPIN("pin", pin) == nil; ok != pinRE.MatchString(pin) {
			t.Fatalf("CheckPIN(%q) = %v", pin, ok)
		}
	})
}
