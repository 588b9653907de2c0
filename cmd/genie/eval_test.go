package main

import (
	"strings"
	"testing"
)

func TestEvalAnswers(t *testing.T) {
	code, out, errOut := run(t, "eval", "answers", "--dir", "../../internal/knowledge/testdata/eval", "--failures")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"heldout", "tune", "invented", "mean latency"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"eval"}, 2, "usage: genie eval answers"},
		{[]string{"eval", "questions"}, 2, "usage: genie eval answers"},
		{[]string{"eval", "answers", "--dir", t.TempDir() + "/none"}, 1, "no such file"},
	}
	for _, c := range cases {
		if code, _, errOut := run(t, c.args...); code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d mentioning %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}
