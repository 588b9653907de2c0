package knowledge

import "strings"

// This file exports the parsed model of one document for the document
// generator (internal/gendocs), so that generated documents and answers
// share one reading of a document: its blocks under their heading paths,
// whole procedures, question/answer pairs, table rows and sentences.

// BlockKind is what an exported block is.
type BlockKind uint8

// The kinds of exported blocks.
const (
	BlockParagraph BlockKind = iota // a paragraph
	BlockItem                       // an item of an unordered list
	BlockProcedure                  // a whole ordered list (Steps)
	BlockRow                        // a table row ("Header: cell; Header: cell")
	BlockQA                         // the answer to the question that is the last heading
	BlockCode                       // a block of code or commands (lines kept), after its lead-in line if it has one
)

// Block is one block of a parsed document.
type Block struct {
	Kind      BlockKind
	Heading   []string // heading path, outermost first
	Text      string   // the block's text (a procedure: its lead-in line, then "n. step" lines)
	Sentences []string // paragraphs, items and answers: their sentences
	Lead      string   // items, procedures and code: the sentence introducing them ("You can pay with:"), or ""
	List      int      // items: the index of their list in the document; else -1
	Steps     []string // procedures: the steps, in order
	Code      string   // code: its lines, without the lead-in
	Staged    bool     // procedures: the page numbered the steps with a step's word ("Step 2. Estimating the cost."), so they are steps though they give no instruction
}

// ParseBlocks parses one document into its blocks and returns them with the
// document's language ("en", "fr", "de", "es", or another code).
func ParseBlocks(s Source) (lang string, blocks []Block) {
	d := read(s)
	for _, b := range d.blocks {
		out := Block{Kind: BlockKind(b.kind), Heading: b.heading, Text: b.text, Sentences: b.sentences, List: -1}
		switch b.kind {
		case kindItem:
			out.List = int(b.group)
			out.Lead = d.lists[b.group].lead
		case kindCode:
			out.Sentences, out.Code = nil, b.text
			if len(b.sentences) > 0 {
				out.Lead = b.sentences[0]
				out.Code = strings.TrimPrefix(b.text, out.Lead+"\n")
			}
		case kindProcedure:
			out.Staged = b.staged
			for i, line := range strings.Split(b.text, "\n") {
				if _, step, ok := strings.Cut(line, ". "); ok && isNumber(line[:strings.Index(line, ". ")]) {
					out.Steps = append(out.Steps, step)
				} else if i == 0 {
					out.Lead = line
				}
			}
		}
		blocks = append(blocks, out)
	}
	return d.lang, blocks
}

func isNumber(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// AsksPrice says whether a question in lang asks for a price ("How much
// does the M cost?", "What are your kids haircut prices?", "¿cuánto
// cuesta?"; not "Prise en charge : que faut-il savoir ?"), and
// StatesPrice whether a text gives one (an amount, a word of price, or
// free or included): the generator's FAQ does not answer the one with a
// text that is not the other, as Ask does not.
func AsksPrice(lang, question string) bool {
	return priceQuestionIn(words(strings.ToLower(question)), lang)
}

// StatesPrice: see AsksPrice.
func StatesPrice(text string) bool { return statesPrice(text) }
