package knowledge

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	snowball "github.com/blevesearch/snowballstem"
	"github.com/blevesearch/snowballstem/english"
	"github.com/blevesearch/snowballstem/french"
	"github.com/blevesearch/snowballstem/german"
	"github.com/blevesearch/snowballstem/spanish"
	"golang.org/x/text/unicode/norm"
)

// Languages the knowledge model understands.
const (
	EN = "en"
	FR = "fr"
	DE = "de"
	ES = "es"
)

// Languages lists the supported languages in the order ties are broken.
var Languages = []string{EN, FR, DE, ES}

// stopwords are the function words of each language: counted to detect a
// language and dropped from terms. Question fillers ("please", "want",
// "know") are here too: they say that something is asked, not what.
var stopwords = foldedAll(map[string]map[string]bool{
	EN: toSet(`exactly a about above after again against all also am an and any are aren as at be because been before being quite
		below between both but by can cannot could couldn did didn do does doesn doing don down during each few for from
		further had hadn has hasn have haven having he her here hers herself him himself his how i if in into is isn it
		its itself just let me more most my myself no nor not now of off on once only or other our ours ourselves out
		over own same she should so some such than that the their theirs them themselves then there these they this
		those through to too under until up very was wasn we were weren what when where which while who whom why will
		with won would you your yours yourself yourselves s t ll ve re d m
		hi hello hey please thanks thank want wanna need know tell get got gonna possible anyone somebody someone
		question ok okay sure like really still also ever something anything thing things pls plz u ur thx im ive dont cant way
		stuff till whats wat hows wheres whos much many isnt arent wasnt doesnt didnt wont
		theres thats heres youre youll youd theyre shes hes lets somewhere anywhere
		havent hasnt hadnt shouldnt couldnt wouldnt youve weve theyve guys folks yall us approx b4 per`),
	FR: toSet(`exactement vraiment a à ai aie aient aies ait alors as au aucun aussi autre aux avec avez avoir avons ayez bon car ce ceci cela
		celle celles celui ces cet cette chaque ci comme comment dans de des du donc elle elles en encore est et étaient
		était été être eu fait faites fois font ici il ils je la le les leur leurs lui ma mais me même mes moi mon ne ni
		nos notre nous on ont ou où par pas peu peut peux pour pourquoi puis puisque quand que quel quelle quelles quels
		qui quoi sa sans se ses si sien son sont sous suis sur ta te tes toi ton tous tout toute toutes très tu un une
		vos votre vous vu y c d j l m n qu s t
		bonjour salut merci svp stp veux voudrais voudrait souhaite souhaiterais besoin savoir dire question possible
		faut faire est-ce estce combien mets mettre mis fais vers chez entre depuis pendant avant après
		contre selon sauf serai sera serez seront serais
		sommes êtes avons avez peux pouvez pouvons dois doit devez
		ça ca là pk pq qd tjs tjrs bcp quelquepart quelquechose`),
	DE: toSet(`genau wirklich aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus
		bei bin bis bist da damit dann das dass dein deine dem den der des dessen die dich dir doch dort du durch ein eine
		einem einen einer eines er es etwas euch euer eure für gegen hab habe haben hat hatte hätte ich ihm ihn ihnen ihr
		ihre ihrem ihren ihrer im in ist ja jede jedem jeden jeder jedes jetzt kann kein keine können könnte man manche
		mein meine mich mir mit muss musste nach nicht nichts noch nun nur ob oder ohne sehr sein seine sich sie sind so
		solche soll sollte sondern um und uns unser unsere unter viel vom von vor war waren warum was weil welche welchem
		welchen welcher welches wenn wer werde werden wie wieder wir wird wo wollen zu zum zur über
		hallo danke bitte möchte möchten will wissen frage wann wieso weshalb wohin woher gibt gibts geht mal kurz eigentlich habt hab tun
		euch ihr meinen meinem meiner meines deinen deinem deiner deines seinen seinem seiner seines unseren unserem
		unserer euren eurem eurer wieviel wieviele darf darfst dürfen dürft kannst könnt musst müssen müsst sollen sollst wollt
		wurde wurden würde würden worden sei seid wäre wären
		brauche brauchst braucht brauchen irgendwo irgendwie irgendwas
		ne nen ner vllt evtl zb pro fürs übers ans überhaupt`),
	ES: toSet(`surgido surgió exactamente realmente a al algo algunas algunos ante antes como con contra cual cuando cuál cómo de del desde donde dónde durante e
		el él ella ellas ellos en entre era es esa esas ese eso esos esta estas este esto estos está están estoy fue ha
		hace hacer hay he la las le les lo los me mi mis mucho muy más nada ni no nos nosotros nuestra nuestro o os otra
		otro para pero poco por porque puede pueden puedo qué que quien quién se sea ser si sí sin sobre son su sus también
		te tengo tiene tienen tu tus un una uno unos usted ustedes vosotros y ya yo
		hola gracias favor quiero quisiera necesito saber pregunta posible debo tengo tenéis tienes tenemos hacéis hacen
		hago haces vosotros vuestra vuestro vuestros cuánto cuánta cuántos cuántas
		necesitas necesita necesitamos necesitáis
		soy eres somos sois estás estamos estáis éramos mío mía tuyo suyo nuestros nuestras vuestras
		q xq pq tb tmb porfa xfa x podemos podéis allí aquí ahí`),
})

// questionFillers are dropped from questions only: the forms of "want"
// ("ma belle-mère veut …", "mi hijo quiere venir …") tell what the
// customer wishes, not what the question is about, while in a page
// ("si quieres cambiar de grupo") they are part of the rule's wording.
var questionFillers = foldedAll(map[string]map[string]bool{
	EN: toSet(`wants wanted wanting`),
	FR: toSet(`veut voulons voulez veulent`),
	DE: toSet(`will willst wollen wollt möchte möchten möchtest`),
	ES: toSet(`quiere quieres queremos queréis quieren`),
})

func foldedAll(m map[string]map[string]bool) map[string]map[string]bool {
	for _, set := range m {
		folded(set)
	}
	return m
}

// folded returns the set with the accent-folded form of each word added.
func folded(m map[string]bool) map[string]bool {
	for w := range m {
		m[fold(w)] = true
	}
	return m
}

func toSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// langHints are words and letters that single a language out even in a
// short question (question words, letters only that language writes).
var langHints = map[string]map[string]bool{
	EN: toSet(`how what when where why which can do does is my the and`),
	FR: toSet(`comment quand où pourquoi quel quelle est-ce combien je mon ma mes le les des est`),
	DE: toSet(`wie wann wo warum welche kann ich mein meine ist der die das und`),
	ES: toSet(`cómo como cuándo cuando dónde donde por qué cuál cuánto puedo mi mis el los las es`),
}

// DetectLanguage returns "en", "fr", "de" or "es": the language whose
// function words and letters the text uses most; "en" when unsure.
func DetectLanguage(text string) string {
	lang, _ := detect(text)
	return lang
}

// detect is DetectLanguage with whether the guess rests on enough evidence.
func detect(text string) (string, bool) {
	return detectAmong(text, nil)
}

// detectAmong is detect, but a language of prefer (the documents'
// languages) is chosen when the text's evidence for it is as strong as
// the evidence needed to tell it from the best guess: "que entra en la
// matricula" has only function words French and Spanish share, and
// against Spanish documents it is Spanish.
func detectAmong(text string, prefer []string) (string, bool) {
	score := map[string]float64{}
	for _, r := range text {
		switch r {
		case 'ß', 'ä', 'ö', 'ü', 'Ä', 'Ö', 'Ü':
			score[DE] += 2
		case 'ñ', '¿', '¡', 'á', 'í', 'ó', 'ú', 'Ñ':
			score[ES] += 2
		case 'è', 'ê', 'à', 'ç', 'ù', 'â', 'î', 'ô', 'û', 'œ', 'ë', 'ï':
			score[FR] += 2
		}
	}
	n := 0
	for _, w := range words(strings.ToLower(text)) {
		n++
		for _, l := range Languages {
			if stopwords[l][w] {
				score[l]++
			}
			if langHints[l][w] {
				score[l] += 0.5
			}
		}
	}
	best, bestS, second := EN, 0.0, 0.0
	for _, l := range Languages {
		if score[l] > bestS {
			best, bestS, second = l, score[l], bestS
		} else if score[l] > second {
			second = score[l]
		}
	}
	if bestS == 0 {
		return EN, false
	}
	if !slices.Contains(prefer, best) {
		pick := ""
		for _, l := range prefer {
			if 1.5*score[l] > bestS && (pick == "" || score[l] > score[pick]) {
				pick = l
			}
		}
		if pick != "" {
			return pick, score[pick] >= 2
		}
	}
	return best, bestS >= 2 && bestS >= 1.5*second
}

// appendWords appends the lower-case words of s to dst (as words does on
// strings.ToLower(s), without copying words already in lower case).
func appendWords(dst []string, s string) []string {
	s = joinThousands(s)
	start := -1
	for i, r := range s {
		letter := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			dst = append(dst, lowerWord(s[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		dst = append(dst, lowerWord(s[start:]))
	}
	return dst
}

// lowerWord is strings.ToLower for one word, without a copy when the word
// is lower-case ASCII already.
func lowerWord(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= utf8.RuneSelf || (c >= 'A' && c <= 'Z') {
			return strings.ToLower(w)
		}
	}
	return w
}

// words splits lower-case text into words: runs of letters and digits.
// Apostrophes split ("l'article" gives "l" and "article").
func words(s string) []string {
	return strings.FieldsFunc(joinThousands(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// joinThousands writes a number's thousands together ("1,000 gallons",
// "quotient de 1 000", "1 000 €" with a narrow space) as a customer types
// them ("1000 gal"), so that a page's number and a question's are one
// word: a digit, a comma or a space, then exactly three digits. Other
// text is returned as it is, without a copy.
func joinThousands(s string) string {
	if !hasThousands(s) {
		return s
	}
	return thousands.ReplaceAllString(s, "$1$2")
}

var thousands = regexp.MustCompile(`(\d)(?:,|\x{00a0}|\x{202f}| )(\d{3})\b`)

// hasThousands says whether s may hold a number written with thousands
// (a digit, a separator, a digit), reading it once before the regular
// expression.
func hasThousands(s string) bool {
	wide := false // a no-break or narrow space may stand between digits
	for i := 1; i+1 < len(s); i++ {
		switch {
		case (s[i] == ',' || s[i] == ' ') && s[i-1] >= '0' && s[i-1] <= '9' && s[i+1] >= '0' && s[i+1] <= '9':
			return true
		case s[i] == 0xc2 || s[i] == 0xe2:
			wide = true
		}
	}
	return wide && strings.ContainsAny(s, "\u00a0\u202f")
}

// phrases are two-word expressions written with or without a hyphen that
// mean one thing, and whose second word is a stop word ("check in" and
// "check out" would otherwise both be "check"). They become one word.
var phrases = map[[2]string]string{
	{"check", "in"}: "checkin", {"check", "out"}: "checkout", {"log", "in"}: "login", {"sign", "in"}: "login",
	{"log", "out"}: "logout", {"sign", "out"}: "logout", {"sign", "up"}: "signup", {"no", "show"}: "noshow",
	{"pick", "up"}: "pickup", {"drop", "off"}: "dropoff", {"e", "mail"}: "email", {"x", "rays"}: "xrays",
	{"mal", "tiempo"}: "clima", {"mauvais", "temps"}: "météo", {"bad", "weather"}: "weather",
	{"x", "ray"}: "xray", {"e", "bike"}: "ebike", {"e", "bikes"}: "ebikes",
	{"rendez", "vous"}: "rendezvous", {"e", "cigarette"}: "ecigarette", {"e", "cigarettes"}: "ecigarettes",
	{"call", "off"}: "cancel", {"american", "express"}: "amex", {"en", "ligne"}: "enligne", {"wie", "hoch"}: "wiehoch",
	{"quelque", "part"}: "quelquepart", {"à", "partir"}: "depuis", {"a", "partir"}: "depuis", {"hors", "délai"}: "retard", {"hors", "delai"}: "retard", {"hors", "délais"}: "retard", {"quelque", "chose"}: "quelquechose",
	{"up", "front"}: "upfront", {"rock", "up"}: "arrive", {"turn", "up"}: "arrive", {"show", "up"}: "arrive", {"get", "here"}: "arrive", {"walk", "in"}: "walkin", {"walk", "ins"}: "walkin",
	{"least", "number"}: "minimum", {"smallest", "number"}: "minimum", {"ein", "paar"}: "einige", {"paar", "mal"}: "einige",
}

// phrases3 are three-word expressions that mean one thing, each the word
// a page uses for it ("call it off" is "cancel").
var phrases3 = map[[3]string]string{
	{"call", "it", "off"}: "cancel", {"call", "them", "off"}: "cancel",
	{"chuck", "it", "down"}: "rain", {"chucking", "it", "down"}: "rain",
	{"dont", "show", "up"}: "noshow", {"t", "show", "up"}: "noshow", {"not", "show", "up"}: "noshow", {"never", "show", "up"}: "noshow",
	{"dont", "turn", "up"}: "noshow", {"t", "turn", "up"}: "noshow", {"not", "turn", "up"}: "noshow",
	{"keep", "an", "eye"}: "watch", {"keep", "eye", "on"}: "watch",
	{"tous", "les", "combien"}: "fréquence",
}

// phraseWords joins the phrases of a run of lower-case words.
func phraseWords(ws []string) []string {
	out := ws[:0:0]
	for i := 0; i < len(ws); i++ {
		if i+2 < len(ws) {
			if p, ok := phrases3[[3]string{ws[i], ws[i+1], ws[i+2]}]; ok {
				out = append(out, p)
				i += 2
				continue
			}
		}
		if i+1 < len(ws) {
			if p, ok := phrases[[2]string{ws[i], ws[i+1]}]; ok {
				out = append(out, p)
				i++
				continue
			}
		}
		out = append(out, ws[i])
	}
	return out
}

// stemExceptions are words Snowball stems to another word's stem:
// "parking" is not "park" ("is there parking near the studio" is not
// answered by the parks where the photos are taken). The key is the word
// as typed, lower-case (stem folds Spanish before stemming, so both
// spellings are listed).
var stemExceptions = map[string]map[string]string{
	EN: {"parking": "parking"},
	// "solo" (only) is not "sol" (sun: "gafas de sol"), "tarde"
	// (afternoon, late) not "tarda" (takes time), "movilidad" (mobility)
	// not "móvil" (a mobile phone), "dañado" (damaged) not "dan" (they
	// give), "recibo" (a receipt, a bill) not "recibir" (to receive); in
	// French "débutants" (beginners) not "début" (the start)
	ES: {"solo": "solo", "sólo": "solo", "tarde": "tarde", "tardes": "tarde", "movilidad": "movilidad",
		"dañado": "danad", "dañada": "danad", "dañados": "danad", "dañadas": "danad", "danado": "danad", "danada": "danad",
		"recibo": "recibo", "recibos": "recibo"},
	FR: {"débutant": "debutant", "débutants": "debutant", "débutante": "debutant", "débutantes": "debutant", "debutant": "debutant", "debutants": "debutant"},
}

var stemmers = map[string]func(*snowball.Env) bool{EN: english.Stem, FR: french.Stem, DE: german.Stem, ES: spanish.Stem}

// stemCache remembers stems across documents and edits, per language: a
// document parsed again after an edit has mostly the words it had (stemming
// was half of indexing it). Bounded: past maxStemCache words, stems are
// computed and not kept.
var (
	stemCache     = map[string]*sync.Map{EN: {}, FR: {}, DE: {}, ES: {}}
	stemCacheSize atomic.Int64
)

const maxStemCache = 100_000

// stem is the Snowball stem of a lower-case word with its accents folded.
func stem(lang, w string) string {
	cache := stemCache[lang]
	if cache != nil {
		if s, ok := cache.Load(w); ok {
			return s.(string)
		}
	}
	s := stemUncached(lang, w)
	if cache != nil && stemCacheSize.Load() < maxStemCache {
		if _, loaded := cache.LoadOrStore(w, s); !loaded {
			stemCacheSize.Add(1)
		}
	}
	return s
}

// stemUncached is stem without the cache.
func stemUncached(lang, w string) string {
	if s, ok := stemExceptions[lang][w]; ok {
		return s
	}
	f := stemmers[lang]
	if f == nil {
		f = english.Stem
	}
	// Spanish and German are folded before stemming, so that "devolucion"
	// and "devolución" (customers leave accents out) are one term; French
	// after, since its stemmer reads the accents of "arrivée" and
	// "arrivé" to give both "arriv".
	if lang == FR {
		env := snowball.NewEnv(w)
		f(env)
		s := fold(env.Current())
		// the noun of an act in "-age" is its verb's stem: "ramonage"
		// is "ramoner", "chauffage" "chauffer" (a short stem is left
		// alone: "passage", "village", "fromage")
		if len(s) >= 7 && strings.HasSuffix(s, "ag") {
			s = s[:len(s)-2]
		}
		return s
	}
	if lang == DE {
		w = deZuInfinitive(w)
	}
	env := snowball.NewEnv(fold(w))
	f(env)
	return env.Current()
}

// deSeparablePrefixes are the German separable prefixes a zu-infinitive
// puts "zu" after ("abzumelden", "mitzubringen").
var deSeparablePrefixes = []string{"zurück", "durch", "nach", "fest", "weg", "her", "hin", "los", "mit", "vor", "auf", "aus", "ein", "ab", "an", "um"}

// deOnset says whether a German word may begin as rest does: a vowel, a
// consonant before a vowel, or a cluster German words open with ("br",
// "sp", "schl"): "umzugskosten" holds no "zu" of an infinitive, since no
// word begins with "gs".
func deOnset(rest string) bool {
	vowel := func(i int) bool {
		return i < len(rest) && strings.ContainsRune("aeiouäöüy", rune(rest[i])) || i < len(rest) && rest[i] >= 0x80
	}
	if vowel(0) || vowel(1) {
		return true
	}
	for _, c := range deOnsets {
		if strings.HasPrefix(rest, c) && vowel(len(c)) {
			return true
		}
	}
	return false
}

var deOnsets = []string{"schl", "schm", "schn", "schr", "schw", "spr", "str", "pfl", "pfr", "sch", "bl", "br", "ch", "dr", "fl", "fr", "gl", "gr", "kl", "kn", "kr", "pf", "pl", "pr", "qu", "sp", "st", "tr", "zw", "wr"}

// GermanZuInfinitive is deZuInfinitive for the document generator: the
// verb of a separable verb's zu-infinitive ("abzugeben" is "abgeben").
func GermanZuInfinitive(w string) string { return deZuInfinitive(w) }

// deZuInfinitive is a German zu-infinitive of a separable verb without
// its "zu" ("abzumelden" is "abmelden", "mitzubringen" "mitbringen"), so
// that a page's "brauchen Sie sich nicht abzumelden" answers "muss ich
// mich abmelden"; other words are returned as they are.
func deZuInfinitive(w string) string {
	if len(w) < 9 || !strings.HasSuffix(w, "en") && !strings.HasSuffix(w, "ern") && !strings.HasSuffix(w, "eln") {
		return w
	}
	for _, p := range deSeparablePrefixes {
		if rest, ok := strings.CutPrefix(w, p+"zu"); ok && utf8.RuneCountInString(rest) >= 4 && deOnset(rest) {
			return p + rest
		}
	}
	return w
}

// fold removes accents and folds ligatures: "é" is "e", "ß" is "ss".
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ß':
			b.WriteString("ss")
		case r == 'œ':
			b.WriteString("oe")
		case r == 'æ':
			b.WriteString("ae")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Terms returns the normalised terms of text in the language: lower case,
// stop words removed, stemmed, accents folded. Numbers are kept as they
// are. Two texts that say the same thing with other inflections give the
// same terms, so callers may group questions by them.
func Terms(text, lang string) []string {
	if stemmers[lang] == nil {
		lang = EN
	}
	var out []string
	for _, w := range phraseWords(words(strings.ToLower(text))) {
		if t, ok := term(lang, w); ok {
			out = append(out, t)
		}
	}
	return out
}

// term is the term of one lower-case word, or false for a stop word.
func term(lang, w string) (string, bool) {
	if stopwords[lang][w] || (utf8.RuneCountInString(w) < 2 && !isDigits(w)) {
		return "", false
	}
	if isDigits(w) {
		return w, true
	}
	return stem(lang, w), true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// numberTerms are the numbers from two to twelve written as words, per
// language, as terms (stemmed), with their digits, and back: a page and a
// customer write them either way. (One is left out: "one" is also a
// pronoun, "un", "ein" and "uno" articles.)
var numberTerms = func() map[string]map[string]string {
	names := map[string]string{
		EN: "two three four five six seven eight nine ten eleven twelve",
		FR: "deux trois quatre cinq six sept huit neuf dix onze douze",
		DE: "zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
		ES: "dos tres cuatro cinco seis siete ocho nueve diez once doce",
	}
	out := map[string]map[string]string{}
	for lang, list := range names {
		out[lang] = map[string]string{}
		for i, w := range strings.Fields(list) {
			t, n := stem(lang, w), strconv.Itoa(i+2)
			out[lang][t], out[lang][n] = n, t
		}
	}
	return out
}()
