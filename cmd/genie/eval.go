package main

import (
	"context"
	"fmt"
	"io"

	"github.com/geniehq/genie/internal/knowledge"
)

// runEval runs "genie eval answers": the answer-quality evaluation of the
// knowledge model on a directory of knowledge bases and their questions.
func runEval(_ context.Context, args []string, stdout, stderr io.Writer) error {
	fs, err := subFlagSet("eval", []string{"answers"}, args, stderr, "usage: genie eval answers [--dir DIR] [--failures]\n")
	if err != nil {
		return err
	}
	dir := fs.String("dir", "internal/knowledge/testdata/eval", "directory of evaluation sets (each a directory of knowledge bases)")
	failures := fs.Bool("failures", false, "also print each wrong answer, refusal and unanswerable question answered")
	if err := parse(fs, args[1:]); err != nil {
		return err
	}
	results, err := knowledge.Evaluate(*dir)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%-8s %5s %9s %14s %14s %8s %6s %8s %s\n", "set", "bases", "questions", "right", "unanswerable", "answered", "wrong", "refused", "invented  cut  mean latency")
	for _, r := range results {
		fmt.Fprintf(stdout, "%-8s %5d %9d %6d/%-3d %5.1f%% %11d %7.1f%% %6d %8d %8d %4d  %v\n",
			r.Set, r.Bases, r.Answerable+r.Unanswerable, r.Right, r.Answerable, 100*r.RightShare(),
			r.Unanswerable, 100*r.AnsweredAnywayShare(), r.Wrong, r.Refused, r.Invented, r.CutProcedures, r.Latency)
	}
	if *failures {
		for _, r := range results {
			for _, f := range r.Failures {
				fmt.Fprintf(stdout, "%s: %s\n", r.Set, f)
			}
		}
	}
	return nil
}
