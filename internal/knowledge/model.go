// Package knowledge is the knowledge model of a genie's documents and the
// answer engine on it: documents are parsed once per version into blocks
// (paragraphs, list items, procedures, table rows, question/answer pairs)
// under their heading paths, indexed with BM25, and questions are answered
// in the documents' own words, or refused when no passage is good enough.
// It imports no other package of the service.
package knowledge

// Source is one document of a knowledge base.
type Source struct {
	ID      string // document UUID
	Name    string // document name
	Content string // Markdown, pasted HTML, or text copied from a web page
	Version string // changes whenever Content changes (the caller passes e.g. updated_at)
}

// Citation says where an answer's words come from.
type Citation struct {
	DocumentID   string
	DocumentName string
	Heading      string // the heading path, joined with " > " (empty when none)
	Quote        string // the exact span of the source text used in the answer
}

// Passage is one retrieved block of a document.
type Passage struct {
	Citation
	Text  string  // the whole block (sentence(s), whole list, whole procedure)
	Score float64 // the block's relevance, 0..1
}

// Answer is the reply to a question from a knowledge base.
type Answer struct {
	Answered bool
	Text     string     // the answer in the source's own words; empty when !Answered
	Sources  []Citation // one per quoted span
	Language string     // "en","fr","de","es": language of the question (falls back to the documents')
	Score    float64    // confidence 0..1
	Passages []Passage  // retrieved passages, best first (for a model to compose from)
}

// blockKind is what a block is.
type blockKind uint8

const (
	kindParagraph blockKind = iota
	kindItem                // an item of an unordered list
	kindProcedure           // a whole ordered list: the steps of a procedure
	kindRow                 // a table row
	kindQA                  // the answer to a question heading, whole
	kindCode                // a block of code or commands, with the sentence introducing it
)

// block is the unit of retrieval.
type block struct {
	kind      blockKind
	heading   []string // heading path, outermost first
	text      string   // the block's text as the answer quotes it
	sentences []string // text's sentences (paragraphs and answers); code: its lead-in, if any
	group     int32    // kindItem: index of its list in doc.lists; else -1
	length    float32  // number of terms, with the heading's
	first     bool     // the first block under its heading
	staged    bool     // kindProcedure: the page numbered its steps with a step's word ("Step 2. Estimating the cost.")
}

// itemList is an unordered list whose items are blocks.
type itemList struct {
	lead  string // the sentence introducing it ("You can pay with:"), or ""
	items []string
}

// doc is one parsed document version.
type doc struct {
	id, name, version string
	lang              string
	blocks            []block
	lists             []itemList
	postings          map[string][]posting // term -> blocks containing it
	totalLen          float64
	vocab, rvocab     []string             // German documents: their terms sorted, and reversed and sorted (compounds)
	ranges            map[int32][]numRange // table rows' quantities, by block (rowForQuantity)
	size              int64                // approximate bytes held
}

// posting is a term's weighted frequency in one block.
type posting struct {
	block int32
	tf    float32
	outer bool // the term is only in an outer heading of the block
	asked bool // the term is in the question heading the block answers
}
