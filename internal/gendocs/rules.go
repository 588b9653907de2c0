package gendocs

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/geniehq/genie/internal/knowledge"
)

// Rules turned into questions. A policy page is a list of rules ("Every
// cancellation needs one month's notice.", "Bei Urlaub ist eine Ruhezeit
// von 4 Wochen möglich.") and every rule is a question a customer asks.
// The patterns below are per language and only turn round the shapes they
// know; any other sentence gives no question (never a heading pasted into
// a template).

var (
	// a condition opening the sentence: "If weather forces us to cancel, ..."
	enIf = regexp.MustCompile(`^(?i:if|when)\s+((?:[^,(]|\([^)]*\)){3,90}),\s*\S`)
	frIf = regexp.MustCompile(`^(?i:en cas d['’]|en cas de\s+|si\s+|lorsque\s+|lorsqu['’]|quand\s+)((?:[^,(]|\([^)]*\)){3,90}),\s*\S`)
	deIf = regexp.MustCompile(`^(?i:wenn|falls|sollten?)\s+((?:[^,(]|\([^)]*\)){3,90}),\s*\S`)
	esIf = regexp.MustCompile(`^(?i:si|cuando|en caso de)\s+((?:[^,(]|\([^)]*\)){3,90}),\s*\S`)
	// German "Bei X <verb> ...": the circumstance ends at the finite verb
	deBei = regexp.MustCompile(`^(?i:bei|ab|bis|während|nach|vor|in|im|für)\s+(.{3,80}?)\s+(ist|sind|wird|werden|gibt|gilt|gelten|fallen|fällt|erfolgt|haftet|besteht|kann|können|muss|müssen|darf|dürfen|bleibt|entfällt|betragen|beträgt|berechnen|zahlen|zahlt|sollte|sollten)\b`)
	// a definition by the case: "A no-show is when …", "A cancellation is
	// late when …"
	enIsWhen    = regexp.MustCompile(`^(A|An|The)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+is\s+(?:when|if)\s+\S`)
	enIsAdjWhen = regexp.MustCompile(`^(A|An|The)\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+is\s+(?:considered\s+)?(late|early|valid|free|refundable|complete|confirmed|cancelled|canceled)\s+(?:when|if)\s+\S`)
	// who decides a case: "Depending on …, your therapist decides whether …"
	enDecides = regexp.MustCompile(`^(?:(?i:depending on|based on)\s[^,]{3,60},\s+)?(?:the|your|our)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:decides|determines)\s+(whether|if|how|when)\s+(.{8,})$`)
	// the customer's own obligation after a clause that does not change
	// it: "Whatever session you actually receive, you pay for the full
	// session."
	enYouPay = regexp.MustCompile(`^(?:(?i:whatever|regardless of|even if|even when|in any case|in all cases)[^,]{0,60},\s+)?(?i:you)\s+(pay|will be charged|are charged|need to pay|have to pay)\s+(.{4,})$`)
	// a rule that opens on an amount of notice, deposit or payment
	// required ("24 hours' notice is required to cancel", "A 50% deposit
	// is due at booking" is enDet's)
	enAmountRequired = regexp.MustCompile(`^(?i:at least\s+)?\d[\d.,]*\s*(?:%|\S*)?(?:\s+\S+){0,2}?\s+(?i:(advance notice|notice|deposit|prepayment|payment))\s+(is|are)\s+(required|needed|necessary|due)\b\s*(.*)$`)
	enTime           = regexp.MustCompile(`^(?i:between|within|less than|more than|up to|from|after|before|at least|\d+(?:\s*[–-]\s*\d+)?\s+(?:hours?|days?|weeks?|months?)\s+(?:before|after|prior))\b`)
	frTime           = regexp.MustCompile(`^(?i:entre|moins de|plus de|jusqu['’]à|à partir de|dans les|avant|après|\d+(?:\s*(?:[–-]|à)\s*\d+)?\s+(?:heures?|jours?|semaines?|mois)\s+(?:avant|après))\b`)
	deTime           = regexp.MustCompile(`^(?i:zwischen|weniger als|mehr als|bis|ab|innerhalb|vor|nach|\d+(?:\s*(?:[–-]|bis)\s*\d+)?\s+(?:stunden|tage|tagen|wochen|monate|monaten)\s+(?:vor|nach))\b`)
	esTime           = regexp.MustCompile(`^(?i:entre|menos de|más de|hasta|a partir de|dentro de|antes de|después de|(?:de\s+)?\d+(?:\s*(?:[–-]|a)\s*\d+)?\s+(?:horas?|días?|semanas?|meses)\s+(?:antes|después))\b`)
	enDet            = regexp.MustCompile(`^(The|An?|Every|Each|All|Any|Your|Our|No)\s+((?:[\p{L}\d'’%$-]+\s+){0,5}?[\p{L}\d'’-]+)\s+(is|are|can|cannot|can't|must|will|may|should|needs|need|requires|require|costs|cost|includes|include|applies|apply|takes|take|gets|get|has|have|renews|renew|expires|expire|starts|ends|lasts|remains|remain|lists|shows|covers|counts|runs|begins|begin|closes|opens)(?:\s+(.+))?$`)
	frDet            = regexp.MustCompile(`^(Le|La|Les|L['’]|Un|Une|Toute|Tout|Toutes|Tous|Chaque|Des)\s*(\S.*)$`)
	// German "Wer …, …" (whoever does something) and a plural subject
	// without article before a modal or "sind" ("Termine können …")
	deWer      = regexp.MustCompile(`^Wer\s+([^,]{3,120}),\s*\S`)
	deWennTail = regexp.MustCompile(`^\p{Lu}[^,]{10,80}, (?:wenn|falls) ([^,;]{5,120})$`)
	dePlural   = regexp.MustCompile(`^(?:(\p{Lu}\p{Ll}+e[nrs]?(?:\s+und\s+\p{Ll}+e[nrs]?)?)\s+)?(\p{Lu}\p{Ll}+(?:e|en|n|s|er))\s+(sind|können|müssen|dürfen|werden|gelten)\s+(.+)$`)
	// adjectives before a noun ("Vereinbarte und bezahlte Kurstermine
	// können …"): the first is no noun to ask about
	deAdjectives = regexp.MustCompile(`^\p{Lu}\p{Ll}+e\s+und\s+\p{Ll}`)
	deNoun       = regexp.MustCompile(`^(\p{Lu}\p{Ll}+(?:en|e|n|s|er))(?:,| (?:sind|ist|werden|wird|dürfen|darf|müssen|muss|macht|machen|gibt|und))\s`)
	esDet        = regexp.MustCompile(`^(El|La|Los|Las|Un|Una|Todo|Toda|Todos|Todas|Cada)\s+\S`)
	enBare       = regexp.MustCompile(`^(\p{Lu}[\p{Ll}-]*s(?:\s+[\p{Ll}\d'’-]+){0,5}?|\p{Lu}[\p{Ll}-]+(?:\s+[\p{Ll}-]+){0,2}\s+[\p{Ll}-]+s)\s+(?:also\s+)?(are|can|cannot|must|will|may|should|need|require|cost|include|apply|take|get|have|renew|expire|start|end|last|remain|cover|count|run|begin|close|open)\s+(.+)$`)
	pronoun      = regexp.MustCompile(`(?i)\b(i|we|you|he|she|it|they|me|us|them|this|that|these|those)\b`)
	notSubject   = toSet(`sometimes often usually always never also please here there then now today only just even most many some`)
	formalYou    = regexp.MustCompile(`\bSie\b`)
	negWord      = regexp.MustCompile(`^\s*(?:not|nicht)\b`) // only the verb's own negation: "is not granted"
)

// enGerund is a rule whose subject is what the customer does ("Arriving
// 15 minutes late or more will mean rescheduling").
var enGerund = regexp.MustCompile(`^(\p{Lu}\p{Ll}+ing)\s+([^,;]{2,60}?)\s+(?:will|would|may|can|could|means?|results? in|counts? as|incurs?|is|are)\b`)

// gerundBase is the base form of the gerunds enGerund turns round.
var gerundBase = map[string]string{"arriving": "arrive", "cancelling": "cancel", "canceling": "cancel", "booking": "book",
	"missing": "miss", "rescheduling": "reschedule", "leaving": "leave", "bringing": "bring", "paying": "pay",
	"changing": "change", "returning": "return", "picking": "pick", "dropping": "drop", "coming": "come",
	"ordering": "order", "using": "use", "parking": "park", "smoking": "smoke", "checking": "check", "staying": "stay",
	"preparing": "prepare", "getting": "get", "joining": "join", "registering": "register", "enrolling": "enrol", "applying": "apply",
	"choosing": "choose", "signing": "sign", "caring": "care", "planning": "plan"}

// enBase is the base form of an English verb of a rule after "Does".
var enBase = map[string]string{"needs": "need", "requires": "require", "costs": "cost", "includes": "include",
	"applies": "apply", "takes": "take", "gets": "get", "has": "have", "renews": "renew", "expires": "expire",
	"starts": "start", "ends": "end", "lasts": "last", "remains": "remain", "lists": "list", "shows": "show",
	"covers": "cover", "counts": "count", "runs": "run", "begins": "begin", "closes": "close", "opens": "open"}

// ruleQuestion turns a rule into the question it answers, or "". Questions
// longer than 18 words are not asked: a question repeating every detail
// of its answer is not one a customer asks.
func ruleQuestion(lang, s string) string {
	s = unshout(strings.TrimSpace(s))
	if loc := notOnly.FindStringIndex(s); loc != nil {
		// a rule "not only … but …" is asked without its two cases, which
		// the answer gives ("¿Los arrendatarios deben comportarse de forma
		// respetuosa?"; cut at a clause or without its "not" the question
		// would say "… respetuosa solo?")
		s = strings.TrimRight(strings.TrimSpace(s[:loc[0]]), ",")
		if words(s) < 4 {
			return ""
		}
	}
	if strings.HasSuffix(s, "?") || words(s) < 4 || words(s) > 45 {
		return ""
	}
	if q := contactQuestionOf(lang, s); q != "" {
		return q
	}
	body := strings.TrimRight(s, ".!; ")
	if rest := discourseOpener.ReplaceAllString(body, ""); rest != body && words(rest) >= 4 {
		body = capitalize(rest) // "Bien sûr, si l'atelier devait être annulé …"
	}
	if m := interposed.FindStringSubmatch(body); m != nil {
		// "Les sommes versées, si elles ont été encaissées, servent
		// d'acompte …": the question is asked of the main clause, its
		// answer keeps the condition
		body = m[1] + " " + m[2]
	}
	body = parenNumber.ReplaceAllString(body, "$1") // "paid (15) days before": the figure written twice, in words and in brackets
	if bare := asideInQuestion.ReplaceAllString(body, ""); words(bare) >= 4 {
		// "Minderjährige Kursteilnehmer (Mindestalter 14 Jahre) müssen
		// …": the details in parentheses are the answer's
		body = bare
	}
	if q := whoQuestion(lang, body); q != "" {
		return shortQuestion(q)
	}
	if q := durationQuestion(lang, body); q != "" {
		return shortQuestion(q)
	}
	if q := capacityQuestion(lang, body); q != "" {
		return shortQuestion(q)
	}
	if q := measureQuestion(lang, body); q != "" {
		return shortQuestion(q)
	}
	for _, ask := range []func(lang, body string) string{priceQuestion, startQuestion, audienceQuestion, soonQuestion, noticeQuestion, deadlineQuestion, purposeQuestion, impersonalQuestion, customerQuestion} {
		if q := ask(lang, body); q != "" {
			return shortQuestion(q)
		}
	}
	turn := ruleTurners[lang]
	if turn == nil {
		return ""
	}
	q := positive(lang, turn(body))
	if lang == langDE {
		// the business's "wir" in a rule's clause is the customer's "Sie"
		// ("…, die wir dafür einplanen" asks "…, die Sie dafür
		// einplanen?"; the verb's form is the same)
		q = swapWords(q, deOurs)
	}
	return shortQuestion(q)
}

// A thing that lasts a stated time ("Every lesson lasts 30 minutes",
// "New patient appointments take about one hour", "Cada curso dura una
// semana", "Ein Einzeltermin dauert in der Regel 60 Minuten") is asked
// how long it lasts, not whether it lasts that long.
var (
	durationAmount  = `(?:\d+(?:[.,]\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety|half an?|une?|deux|trois|quatre|cinq|six|huit|dix|quinze|vingt|trente|ein|eine|einen|zwei|drei|vier|fünf|sechs|zehn|zwanzig|dreißig|una?|dos|tres|cuatro|cinco|seis|diez|quince|veinte|treinta)`
	durationSubject = `(\p{Lu}[\p{L}\-'’]*(?:\s+[\p{L}\-'’]+){0,6}?)`
	durationRe      = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`^` + durationSubject + `\s+(lasts|last|takes|take|runs|run)\s+(?:for\s+)?(?:about|around|approximately|roughly|up to|at least|between|only|just|usually|typically)?\s*` + durationAmount + `\b[^.;]{0,25}?\b(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b`),
		langFR: regexp.MustCompile(`^` + durationSubject + `\s+(dure|durent)\s+(?:environ|au maximum|au minimum|jusqu'à|entre|en moyenne)?\s*` + durationAmount + `\b[^.;]{0,25}?\b(?:minutes?|heures?|h|jours?|semaines?|mois|ans?)\b`),
		langDE: regexp.MustCompile(`^` + durationSubject + `\s+(dauert|dauern)\s+(?:in der Regel|etwa|ca\.|circa|ungefähr|bis zu|mindestens|maximal|rund|jeweils)?\s*` + durationAmount + `\b[^.;]{0,25}?\b(?:Minuten|Stunden?|Tage|Tagen|Wochen?|Monate|Monaten|Jahre|Jahren)\b`),
		langES: regexp.MustCompile(`^` + durationSubject + `\s+(dura|duran)\s+(?:aproximadamente|unos|unas|alrededor de|como máximo|hasta|entre|en total)?\s*` + durationAmount + `\b[^.;]{0,25}?\b(?:minutos?|horas?|días?|semanas?|meses|mes|años?)\b`),
	}
	durationBase = map[string]string{"lasts": "last", "takes": "take", "runs": "run"}
	// subjects that name nothing to ask about ("It takes 2 weeks",
	// "This lasts …")
	durationPronoun = toSet(`it this that these those we you they there il elle ils elles ce cela ça on es das dies wir sie man esto eso ello`)
	// determiners written small inside a question
	durationDet = toSet(`the a an each every our your all any le la les l un une chaque notre nos votre vos tout tous der die das ein eine jeder jede jedes unser unsere ihr ihre el los las uno una cada nuestro nuestra nuestros nuestras su sus todo todos`)
)

// askedSubject is a rule's subject as a question puts it: false for a
// pronoun, which names nothing to ask about ("It takes 2 weeks"); a
// determiner written small ("Each lesson", "Ein Einzeltermin": a German
// noun after it keeps its capital), and in the other languages a first
// word that is no name ("New patient appointments").
func askedSubject(lang, subj string) (string, bool) {
	first := strings.ToLower(strings.Fields(subj)[0])
	switch {
	case durationPronoun[first]:
		return "", false
	case durationDet[first]:
		r, n := utf8.DecodeRuneInString(subj)
		return string(unicode.ToLower(r)) + subj[n:], true
	case lang != langDE && !titleCased(subj):
		return lowerFirst(subj), true
	}
	return subj, true
}

// matchIn is the submatches of the language's expression of res in body,
// or nil (also for a language res has none for).
func matchIn(res map[string]*regexp.Regexp, lang, body string) []string {
	if re := res[lang]; re != nil {
		return re.FindStringSubmatch(body)
	}
	return nil
}

// durationQuestion asks how long the subject of a rule lasts, or "".
func durationQuestion(lang, body string) string {
	m, subj := askedMatch(durationRe, lang, body)
	if m == nil {
		return ""
	}
	return verbQuestion(lang, howLong, m[2], subj, durationBase)
}

// howLong opens a question on how long, per language.
var howLong = map[string]string{langEN: "How long", langFR: "Combien de temps", langDE: "Wie lange", langES: "¿Cuánto"}

// verbQuestion asks a question word's question (ask, per language) of a
// rule's finite verb and subject: "How long does every lesson last?",
// "Quand commence le stage ?", "Wann beginnt der Kurs?". An English verb
// in bases is the third person of its base form ("lasts" → "does …
// last"), any other the plural ("take" → "do … take").
func verbQuestion(lang string, ask map[string]string, verb, subj string, bases map[string]string) string {
	switch lang {
	case langEN:
		base, aux := verb, "do"
		if b, ok := bases[verb]; ok {
			base, aux = b, "does"
		}
		return ask[lang] + " " + aux + " " + toCustomer(subj) + " " + base + "?"
	case langFR:
		return ask[lang] + " " + verb + " " + subj + " ?"
	case langDE:
		return ask[lang] + " " + verb + " " + swapWords(subj, deOurs) + "?"
	case langES:
		return ask[lang] + " " + verb + " " + subj + "?"
	}
	return ""
}

// A capacity ("Swimmer classes take up to 6 children", "Cada curso
// admite como máximo 18 alumnos") is asked how many, not whether.
var (
	capacityRe = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`^` + durationSubject + `\s+(takes?|holds?|seats?|admits?|accepts?|has|have|allows?|welcomes?)\s+(?:up to|a maximum of|at most|no more than|max\.?|maximum)\s+` + durationAmount + `\s+(\p{L}+)` + capacityEnd),
		langFR: regexp.MustCompile(`^` + durationSubject + `\s+(accueille|accueillent|accepte|acceptent|compte|comptent)\s+(?:jusqu'à|au maximum|au plus|maximum)\s+` + durationAmount + `\s+(\p{L}+)` + capacityEnd),
		langDE: regexp.MustCompile(`^` + durationSubject + `\s+(hat|haben|fasst|fassen)\s+(?:bis zu|maximal|höchstens|max\.)\s+` + durationAmount + `\s+(\p{L}+)` + capacityEnd),
		langES: regexp.MustCompile(`^` + durationSubject + `\s+(admite|admiten|acepta|aceptan|tiene|tienen|permite|permiten)\s+(?:como máximo|hasta|un máximo de|máximo)\s+` + durationAmount + `\s+(\p{L}+)` + capacityEnd),
	}
	// a capacity's noun is one word, ending the clause or followed by a
	// small word ("18 alumnos", "40 comensales al día", "6 children and
	// …"), not the first word of a longer phrase ("3 make-up/rescheduled
	// lessons")
	capacityEnd  = `(?:$|\s*[,;:]|\s+(?:per|a|an|each|in|at|for|and|or|y|e|o|et|ou|und|oder|pro|por|par|al|en|au|à|am|im)\b)`
	capacityBase = map[string]string{"takes": "take", "holds": "hold", "seats": "seat", "admits": "admit", "accepts": "accept", "has": "have", "allows": "allow", "welcomes": "welcome"}
	// Spanish nouns in -a(s) that are masculine ("¿Cuántos días?")
	esMasculineA = toSet(`día días mapa mapas problema problemas idioma idiomas tema temas programa programas sistema sistemas`)
)

// A measure stated as a value ("The minimum age is 16", "L'âge minimum
// est de 6 ans", "Die Kündigungsfrist beträgt vier Wochen", "La edad
// mínima es de 6 años") asks what it is. Only subjects that name a
// measure (measureNouns) are asked: "The studio is 10 minutes from the
// station" is no measure of the studio.
var (
	measureRe = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`^((?i:the|our|your)\s+(?:[\p{L}\-]+\s+){0,2}[\p{L}\-]+(?:\s+(?:to|for|of|at)\s+(?:[\p{L}\-'’]+\s+){0,3}[\p{L}\-'’]+)?)\s+(?:is|are)\s+(?:at least\s+|at most\s+|only\s+)?` + durationAmount + `\b`),
		langFR: regexp.MustCompile(`^((?i:le|la|l'|l’|notre|votre)\s*(?:[\p{L}\-]+\s+){0,2}[\p{L}\-]+(?:\s+(?:pour|de|du|des|d'|d’)\s*(?:[\p{L}\-'’]+\s+){0,3}[\p{L}\-'’]+)?)\s+est\s+(?:de\s+|d'|d’)?(?:au moins\s+|au minimum\s+)?` + durationAmount + `\b`),
		langDE: regexp.MustCompile(`^((?i:der|die|das|unser|unsere|ihr|ihre)\s+(?:[\p{L}\-]+\s+){0,2}[\p{L}\-]+(?:\s+(?:für|zum|zur|bei|beim)\s+(?:[\p{L}\-]+\s+){0,3}[\p{L}\-]+)?)\s+(?:ist|beträgt|liegt bei)\s+(?:mindestens\s+|höchstens\s+)?` + durationAmount + `\b`),
		langES: regexp.MustCompile(`^((?i:el|la|los|las|nuestro|nuestra)\s+(?:[\p{L}\-]+\s+){0,2}[\p{L}\-]+(?:\s+(?:para|de|del|en)\s+(?:[\p{L}\-]+\s+){0,3}[\p{L}\-]+)?)\s+es\s+(?:de\s+)?(?:al menos\s+|como mínimo\s+)?` + durationAmount + `\b`),
	}
	measureNouns = toSet(`age minimum maximum limit notice period deadline duration size capacity
		âge minimum maximum limite délai durée préavis capacité
		alter mindestalter höchstalter frist kündigungsfrist mindestdauer dauer laufzeit grenze
		edad mínima máxima límite plazo duración preaviso capacidad`)
)

// frArticle drops the elided article from a French subject ("l'âge").
var frArticle = strings.NewReplacer("l'", "", "l’", "")

// measureQuestion asks what a measure is, or "".
func measureQuestion(lang, body string) string {
	m := matchIn(measureRe, lang, body)
	if m == nil {
		return ""
	}
	subj := m[1]
	measure := false
	for _, w := range strings.Fields(strings.ToLower(frArticle.Replace(subj))) {
		if measureNouns[w] {
			measure = true
		}
	}
	if !measure {
		return ""
	}
	r, n := utf8.DecodeRuneInString(subj)
	subj = string(unicode.ToLower(r)) + subj[n:]
	switch lang {
	case langEN:
		return "What is " + toCustomer(subj) + "?"
	case langFR:
		if strings.HasPrefix(subj, "la ") {
			return "Quelle est " + subj + " ?"
		}
		return "Quel est " + subj + " ?"
	case langDE:
		return "Was ist " + swapWords(subj, deOurs) + "?"
	case langES:
		return "¿Cuál es " + subj + "?"
	}
	return ""
}

// subjectModals end a subject the capacity pattern took too far.
var subjectModals = toSet(`may can will must should could might cannot peut peuvent doit doivent kann können muss müssen darf puede pueden debe deben`)

// capacityQuestion asks how many a subject takes, or "".
func capacityQuestion(lang, body string) string {
	m, subj := askedMatch(capacityRe, lang, body)
	if m == nil {
		return "" // (also "Each student may have up to 3 …": the modal is the verb)
	}
	verb, noun := m[2], m[3]
	switch lang {
	case langEN:
		base, aux := verb, "do"
		if b, ok := capacityBase[verb]; ok {
			base, aux = b, "does"
		}
		return "How many " + noun + " " + aux + " " + toCustomer(subj) + " " + base + "?"
	case langFR:
		de := "de "
		if strings.ContainsRune("aeiouyéèêàâîôûhAEIOUYÉ", []rune(noun)[0]) {
			de = "d'"
		}
		return "Combien " + de + noun + " " + verb + " " + subj + " au maximum ?"
	case langDE:
		return "Wie viele " + noun + " " + verb + " " + swapWords(subj, deOurs) + " höchstens?"
	case langES:
		how := "Cuántos"
		if l := strings.ToLower(noun); strings.HasSuffix(l, "as") && !esMasculineA[l] {
			how = "Cuántas"
		}
		return "¿" + how + " " + noun + " " + verb + " " + subj + " como máximo?"
	}
	return ""
}

// deOurs are the business's words in German and the customer's for them
// ("uns" is taken as the accusative, "Sie": "Hunde können uns nicht
// begleiten" asks "Können Hunde Sie begleiten?"; a dative "uns" would
// want "Ihnen").
var deOurs = map[string]string{"wir": "Sie", "uns": "Sie", "unser": "Ihr", "unsere": "Ihre", "unseren": "Ihren", "unserem": "Ihrem", "unserer": "Ihrer", "unseres": "Ihres"}

// Negations a yes/no question drops: "Le paiement en plusieurs fois
// n'est pas possible." asks "Est-ce que le paiement en plusieurs fois est
// possible ?", the answer saying no. A question about a case ("Que se
// passe-t-il si je ne viens pas ?") keeps its negation.
var (
	frNot = regexp.MustCompile(`\b(?:ne\s+|n['’])(\S+)\s+pas\b\s*`)
	// frNotPartitive is a French negation whose object takes "de"
	// ("n'ont pas de valeur", "ne prend pas d'acompte").
	frNotPartitive = regexp.MustCompile(`\b(?:ne\s+|n['’])(\S+)\s+pas\s+(?:de\s+|d['’])(\p{L}+)`)
	deNot          = regexp.MustCompile(`\s(?:nicht mehr|nicht)\b(?:\s|$)`)
	deKein         = regexp.MustCompile(`\bkein(e|en|em|er|es)?\b`)
	esNot          = regexp.MustCompile(`\s(?:ya\s+)?no\s+(\p{Ll})`)
	conjunction    = regexp.MustCompile(`\s(?:et|und|y|e)\s`)
	whStarter      = regexp.MustCompile(`^(?i:¿?\s*(?:qu|comment|où|quand|pourquoi|combien|was|wie|wo|wann|warum|welche|qué|cómo|dónde|cuándo|cuál|cuánto|por qué))`)
)

// notOnly is "not only … but …" in the four languages.
var notOnly = regexp.MustCompile(`(?i)\b(?:not only|not just|no s[oó]lo|no solamente|no únicamente|non seulement|pas seulement|pas uniquement|nicht nur)\b.*\b(?:but|sino|mais|sondern)\b`)

// negations are the negations positive drops, per language.
var negations = map[string]*regexp.Regexp{langFR: frNot, langDE: deNot, langES: esNot}

// questionEnd splits a question into its body and its end mark ("?", or
// " ?" in French).
func questionEnd(q string) (body, end string) {
	end = q[len(q)-1:]
	if strings.HasSuffix(q, " ?") {
		end = " ?"
	}
	return strings.TrimSuffix(q, end), end
}

// positive is a yes/no question without its verb's negation (see
// negations), or ending before a second clause that holds it.
func positive(lang, q string) string {
	if q == "" || whStarter.MatchString(q) {
		return q
	}
	neg := negations[lang]
	if neg == nil {
		return q
	}
	if loc := neg.FindStringIndex(q); loc != nil {
		if relBeforeNeg.MatchString(q[:loc[0]]) {
			// "¿Las reservas que no se cancelen se cobran?": the negation
			// is the case's, and stays
			return q
		}
		if and := conjunction.FindAllStringIndex(q[:loc[0]], -1); and != nil {
			// "Chaque gâteau est une pièce unique et ne peut pas être
			// refait": the question asks the first thing, the answer says
			// both
			if cut := q[:and[len(and)-1][0]]; words(cut) >= 4 {
				_, end := questionEnd(q)
				return cut + end
			}
		}
	}
	switch lang {
	case langFR:
		// "n'ont pas de valeur" asks "ont une valeur": the partitive
		// of the negation becomes an article
		q = frNotPartitive.ReplaceAllStringFunc(q, func(m string) string {
			p := frNotPartitive.FindStringSubmatch(m)
			return p[1] + " " + frIndefinite(p[2]) + p[2]
		})
		return frNot.ReplaceAllString(q, "$1 ")
	case langDE:
		if strings.Contains(q, "nicht nur") {
			return q
		}
		return deKein.ReplaceAllString(deNot.ReplaceAllString(q, " "), "ein$1")
	case langES:
		// the verb's negation only: a later one is a clause's own ("que
		// no se haya reservado"), and a negative word after it
		// ("ningún", "nada", "nunca") needs it ("¿El depósito no
		// aceptará ningún equipaje …?")
		m := esNot.FindStringSubmatchIndex(q)
		if m == nil {
			return q
		}
		clause, _, _ := strings.Cut(q[m[2]:], " que ")
		if esNegWord.MatchString(clause) {
			return q
		}
		return q[:m[0]] + " " + q[m[2]:]
	}
	return q
}

// contactQuestionOf is the question a sentence telling the reader how to
// reach the business asks, or "": "Puedes contactar con nosotros en
// info@… o en el teléfono …" asks "¿Cómo puedo contactar con ustedes?",
// not "¿Puedo contactar con nosotros …?".
func contactQuestionOf(lang, s string) string {
	if contactHow.MatchString(s) && contactAddress.MatchString(s) {
		return contactQuestion[lang]
	}
	return ""
}

// contactHow opens a sentence that tells the reader how to reach the
// business; contactQuestion asks it, per language.
var (
	contactHow      = regexp.MustCompile(`(?i)^(?:you can|you may|feel free to)\s+(?:contact|reach|call|e-?mail|phone|write to)\b|^(?:puedes|puede|pueden|podéis)\s+(?:contactar|llamar|escribir)|^(?:vous pouvez|n'hésitez pas à)\s+(?:nous\s+)?(?:contacter|joindre|appeler|écrire)|^(?:sie erreichen uns|sie können uns|ihr erreicht uns|du erreichst uns)\b`)
	contactQuestion = map[string]string{langEN: "How can I contact you?", langFR: "Comment vous contacter ?", langDE: "Wie erreiche ich Sie?", langES: "¿Cómo puedo contactar con ustedes?"}
)

// esNegWord is a Spanish negative word that needs a "no" before its verb.
var esNegWord = regexp.MustCompile(`(?i)\b(?:ningún|ninguna|ninguno|ningunos|ningunas|nada|nadie|nunca|jamás|tampoco)\b`)

// relBeforeNeg is a relative pronoun right before a negation ("que no",
// "qui ne", "who do not", "die nicht").
var relBeforeNeg = regexp.MustCompile(`(?i)\s(?:que|qui|who|which|that|die|der|das)\s*$`)

// interposed is a subject, a condition between commas, and the rest of
// the clause ("Cancellations, if made a day ahead, are free").
var interposed = regexp.MustCompile(`^([^,]{3,60}), (?i:if|when|unless|si|lorsque|quand|sauf|s['’]ils?|s['’]elles?|sofern|falls|wenn|cuando|salvo)\s[^,]{3,80}, (\p{Ll}.*)$`)

// qCut is where a long question may end: before a list of cases or
// conditions ("... put on hold for injury, illness, ...") or a means
// ("... by emailing the studio").
var qCut = regexp.MustCompile(`,\s|\s(?:for|pour|für|para|with|avec|mit|con|before|avant|vor|antes)\s|\sby\s\w+ing\b`)

// cutDangling are words a question may not end on once cut ("… deben
// comunicarse al centro con", "… den Vertrag nicht").
var cutDangling = toSet(`of with con de du des à au avec mit von nicht not pas no`)

// parenNumber is a figure in brackets, as contracts write them after the
// number in words or alone ("(15) days").
var parenNumber = regexp.MustCompile(`\((\d{1,4})\)`)

// leastCut opens a time limit that a too long question leaves to its
// answer ("… au moins 6 jours avant …", "… at least 48 hours before …").
var leastCut = regexp.MustCompile(`\s(?:at least|no later than|au moins|au plus tard|mindestens|spätestens|al menos|como mínimo|a más tardar)\s+\d`)

// quantityStart is what follows a cut that the question needs: a
// quantity ("… for up to 15 minutes", "… pour au moins 2 nuits").
var quantityStart = regexp.MustCompile(`(?i)^(?:up to |at least |more than |less than |jusqu'à |au moins |plus de |moins de |mindestens |bis zu |hasta |al menos |más de |menos de )?\d`)

// durationEnd is a question cut right after a duration ("… up to 24
// hours"): the words after it ("before the first class") are needed.
var durationEnd = regexp.MustCompile(`(?i)(?:\d+|\b(?:a few|a couple of|several|one|two|three|four|five|six|seven|ten|twelve|un|une|deux|trois|ein|einen|einem|zwei|drei|una?|dos|tres))\s*(?:business |working |full |werk)?(?:hours?|days?|weeks?|months?|minutes?|heures?|jours?|semaines?|mois|stunden|tagen?|wochen|monaten?|horas?|días?|semanas?|meses)$`)

// danglingAnd is a cut that ends on a second subject without what is
// said of it ("¿La llegada es a partir de las 15:00 y la salida?").
var danglingAnd = regexp.MustCompile(`(?i)\s(?:and|or|et|ou|und|oder|y|e|o)\s+(?:the|a|an|your|le|la|les|l'|un|une|votre|der|die|das|den|ein|eine|el|los|las|una|su|tu)\s*[\p{L}-]+$`)

// endsOnConjunction is a cut that would leave a question on "or" or "and"
// ("Can I make an appointment in person or?" from "… in person or by
// phoning your staff").
var deVerbLast = regexp.MustCompile(`^(?:Kann|Können|Muss|Müssen|Darf|Dürfen|Soll|Sollen|Sollte|Sollten|Wird|Werden|Ist|Sind|Hat|Haben|Kann ich|Muss ich)\s`)

// endsOnVerb is a cut that would end on a verb joined by "and" ("… durch
// die schriftliche Bestätigung und ist?").
var endsOnVerb = regexp.MustCompile(`(?i)\s(?:and|or|et|ou|und|oder|y|o)\s+(?:is|are|will|can|est|sont|ist|sind|wird|werden|kann|muss|hat|es|son|será|puede)$`)

// needsComplement is a cut that would end on a word asking for what
// follows it ("Is the registration fee only valid?" of "… only valid for
// the workshop you registered for").
var needsComplement = regexp.MustCompile(`(?i)\s(?:valid|available|applicable|responsible|eligible|suitable|limited|reserved|used|intended|only|worn|combined|tenue?s?|considérée?s?|réputée?s?)$`)

var endsOnConjunction = regexp.MustCompile(`(?i)\s(?:and|or|et|ou|und|oder|y|o|e)$`)

// condRefersBack says whether a condition only points back at the rule
// before it ("Si no se hace así", "If this is not possible", "Wenn dies
// nicht möglich ist"): asked alone, "¿Qué pasa si no se hace así?" means
// nothing, so no question is. A pointing word counts as the condition's
// first or last word (where it stands for the rule, not for a noun after
// it), or anywhere for the words that only point ("así", "sonst").
func condRefersBack(lang, cond string) bool {
	ws := strings.Fields(strings.ToLower(cond))
	if len(ws) == 0 {
		return false
	}
	if len(ws) <= 3 && vagueCond.MatchString(cond) {
		return true // "If needed, you may leave a voicemail."
	}
	trim := func(w string) string { return strings.Trim(w, ",.;:") }
	if b := backWords[lang]; b[trim(ws[0])] || b[trim(ws[len(ws)-1])] {
		return true
	}
	if lang == langEN && inThatCase.MatchString(cond) {
		return true // "If documents reach us in this condition, …"
	}
	for _, w := range ws {
		if onlyBack[lang][trim(w)] {
			return true
		}
	}
	return false
}

// inThatCase is a condition on the state or case the sentence before
// stated ("in this condition", "in such a case").
var inThatCase = regexp.MustCompile(`(?i)\bin (?:this|that|these|those|such|such a) (?:condition|conditions|state|case|cases|way)\b`)

// condHasQuestions is a condition about the customer's own questions
// ("If you have any questions, please contact us."): a closing line, no
// rule a customer asks about.
var condHasQuestions = regexp.MustCompile(`(?i)\b(?:questions?|queries|concerns|fragen?|preguntas?|dudas?)\b`)

// vagueCond is a condition that names no case ("if needed", "si besoin",
// "falls nötig", "si es necesario").
var vagueCond = regexp.MustCompile(`(?i)\b(?:needed|necessary|possible|required|desired|applicable|appropriate|nécessaire|besoin|possible|nötig|notwendig|erforderlich|gewünscht|möglich|necesario|posible|desea)\b`)

var (
	backWords = map[string]map[string]bool{
		langEN: toSet(`this that so it`),
		langFR: toSet(`cela ça ceci ce`),
		langDE: toSet(`dies das`),
		langES: toSet(`eso esto ello`),
	}
	onlyBack = map[string]map[string]bool{
		langEN: toSet(`otherwise instead`),
		langFR: toSet(`ainsi sinon`),
		langDE: toSet(`sonst andernfalls stattdessen`),
		langES: toSet(`así`),
	}
)

// listGoesOn is what follows the comma of an enumeration ("anyone who
// lives, works or studies in the county", "… ainsi que pellets, vers,
// asticots et bouillettes sont autorisés"): no place to end a question.
var listGoesOn = regexp.MustCompile(`^[\p{L}'’-]+(?:\s(?:or|and|ou|et|oder|und|o|y)\s|,\s(?:or|and)\s|,\s[\p{L}'’-]+(?:,|\s(?:or|and|ou|et|oder|und|o|y)\s))`)

// shortQuestion keeps a question of at most 12 words; a longer one ends
// before its list of cases, its answer keeping them all; one still
// longer than 18 words is not asked.
func shortQuestion(q string) string {
	if q == "" {
		return ""
	}
	body, end := questionEnd(q)
	if words(body) <= 12 {
		return q
	}
	badCut := func(cut string) bool {
		if verbNext.MatchString(body[len(cut):]) {
			return true // "… modification, à titre commercial ou privé" before ", est interdit": the verb after the cut is the question's
		}
		// "… soit sur le site internet" without its "soit par mail";
		// "tout usage, reproduction ou modification" ended after a list of
		// nouns, before the verb they are the subject of
		return strings.Count(cut, " soit ") == 1 || strings.Contains(cut, " either ") && !strings.Contains(cut, " or ") ||
			strings.Contains(cut, ", ") && listEnd.MatchString(cut) ||
			// "… fully pieced, pressed" before ", and ready to quilt": a
			// list cut before its last item
			strings.Contains(cut, ", ") && lastItemNext.MatchString(body[len(cut):])
	}
	cuts := qCut.FindAllStringIndex(body, -1)
	if deVerbLast.MatchString(body) {
		// "Kann die Stadtführung über das Kontaktformular …, per E-Mail
		// … gebucht werden?": a German question opened by an auxiliary
		// ends on its verb; any cut would lose it
		cuts = nil
	}
	for _, loc := range cuts {
		if cut := body[:loc[0]]; words(cut) >= 5 && words(cut) <= 12 && !durationEnd.MatchString(cut) && !quantityStart.MatchString(body[loc[1]:]) &&
			!danglingAnd.MatchString(cut) && !endsOnConjunction.MatchString(cut) && !endsOnVerb.MatchString(cut) && !needsComplement.MatchString(cut) && !(body[loc[0]] == ',' && listGoesOn.MatchString(body[loc[1]:])) && !openParen(cut) && !badCut(cut) {
			return cut + end
		}
	}
	if loc := leastCut.FindStringIndex(body); loc != nil && words(body) > 18 && !deVerbLast.MatchString(body) && !whStarter.MatchString(body) {
		// "Est-ce que toute commande doit vous être confirmée par écrit
		// au moins 6 jours ouvrables avant la date de la réception ?":
		// too long; the question asks whether, the answer says how long
		// before (a shorter question keeps its figure)
		if cut := body[:loc[0]]; words(cut) >= 5 && words(cut) <= 12 && !endsOnVerb.MatchString(cut) && !openParen(cut) &&
			!danglingAnd.MatchString(cut) && !endsOnConjunction.MatchString(cut) && !needsComplement.MatchString(cut) && !cutDangling[lastWord(cut)] {
			return cut + end
		}
	}
	if words(body) > 18 {
		// a question still too long ends at its first comma when that
		// leaves at most 18 words ("¿Las modificaciones y cancelaciones de
		// citas deben comunicarse al centro con al menos 3 horas de
		// antelación?", the reason after the comma left to the answer)
		for _, loc := range cuts {
			if cut := body[:loc[0]]; body[loc[0]] == ',' && words(cut) >= 5 && words(cut) <= 18 && !openParen(cut) &&
				!listGoesOn.MatchString(body[loc[1]:]) && !badCut(cut) {
				return cut + end
			}
		}
		// or before its alternative ("Est-ce que les tarifs … sont
		// affichés aux guichets du théâtre ou donnés sur simple demande
		// ?" asks the first; the answer gives both)
		if loc := orCut.FindStringIndex(body); loc != nil {
			if cut := body[:loc[0]]; words(cut) >= 8 && words(cut) <= 18 && !openParen(cut) && !endsOnConjunction.MatchString(cut) && !danglingAnd.MatchString(cut) &&
				!strings.Contains(cut, ",") {
				return cut + end
			}
		}
		return ""
	}
	return q
}

// lastItemNext is a list's last item right after where a question would
// be cut (", and ready to quilt").
var lastItemNext = regexp.MustCompile(`^,?\s*(?:and|or|et|ou|und|oder|y|o)\s`)

// verbNext is a verb right after where a question would be cut.
var verbNext = regexp.MustCompile(`^,?\s*(?:est|sont|sera|seront|is|are|will|ist|sind|wird|werden|es|son|será|serán)\b`)

// listEnd is the last of a list of nouns ("…, reproduction ou
// modification"): a cut after it ends before the list's verb.
var listEnd = regexp.MustCompile(`,\s[\p{L}'’-]+\s(?:ou|et|or|and|o|y|oder|und)\s[\p{L}'’-]+$`)

// orCut is where a question's alternative begins.
// (French, English and Spanish: a German question moves its verb to the
// end, so a cut before "oder" would lose it)
var orCut = regexp.MustCompile(`\s(?:ou|or|o)\s`)

// openParen reports whether a cut would end inside parentheses ("… en cas
// d'imprévu grave et justifié (accident").
func openParen(s string) bool { return strings.Count(s, "(") > strings.Count(s, ")") }

// indefinite starts a noun phrase that names a kind ("a", "an").
var indefinite = regexp.MustCompile(`^(?i:an?)\s`)

// enException is a rule naming its exception ("The only exception is a
// member who is moving ...").
var enException = regexp.MustCompile(`^(?i:the\s+(?:only\s+)?exceptions?\s+(?:is|are)|an exception is made)\b`)

func ruleQuestionEN(body string) string {
	if enException.MatchString(body) {
		return "Are there any exceptions?"
	}
	if m := enForbidden.FindStringSubmatch(body); m != nil && !pronoun.MatchString(firstWord(m[1])) &&
		(!strings.ContainsAny(m[1], ",;:()") || enListCommas.MatchString(m[1])) {
		// "Photography or recording is strictly forbidden." asks "Is
		// photography or recording allowed?", not whether it is
		// forbidden
		where := ""
		if m[3] != "" {
			where = " " + toCustomer(strings.TrimSpace(m[3]))
		}
		return capitalize(strings.ToLower(m[2])) + " " + lowerFirst(m[1]) + " allowed" + where + "?"
	}
	if m := enHaveTime.FindStringSubmatch(body); m != nil {
		return "How long do I have to " + toCustomer(firstClause(firstSentence(m[1]))) + "?"
	}
	if m := enNotAccepted.FindStringSubmatch(body); m != nil && !pronoun.MatchString(firstWord(m[1])) {
		// "Instruments with no case MAY not be accepted for work." asks
		// whether they are
		return "Do you accept " + lowerFirst(m[1]) + "?"
	}
	if m := enRequiredFor.FindStringSubmatch(body); m != nil {
		// "For jobs estimated at $200 and above, a 25% down payment is
		// required." asks "Is a 25% down payment required for jobs
		// estimated at $200 and above?"
		return "Is " + strings.ToLower(m[3]) + " " + m[4] + " required " + strings.ToLower(m[1]) + " " + m[2] + "?"
	}
	if m := enCoveredBy.FindStringSubmatch(body); m != nil {
		// "Most typical work is covered by a 45 day warranty."
		return "Is there a " + strings.ToLower(m[1]) + "?"
	}
	if m := firstMatch(body, enNonRefundable, enNonRefundableToo); m != nil && !pronoun.MatchString(firstWord(m[1])) {
		// "The down-payment books your spot on our calendar and is
		// non-refundable." asks whether it is refundable
		return capitalize(m[2]) + " " + toCustomer(lowerFirst(m[1])) + " refundable?"
	}
	if m := enPaidAhead.FindStringSubmatch(body); m != nil && !pronoun.MatchString(firstWord(m[1])) {
		// "Some parts needed for a repair must be paid for in advance."
		what := enPartModifier.Split(m[1], 2)[0] // "parts needed for a repair": parts
		return "Do I have to pay for " + toCustomer(lowerFirst(what)) + " in advance?"
	}
	if m := enMeans.FindStringSubmatch(body); m != nil && !pronoun.MatchString(m[2]) {
		// "A “no-show” means failing to arrive …" defines it
		return "What counts as " + strings.ToLower(m[1]) + " " + m[2] + "?"
	}
	if m := enActResults.FindStringSubmatch(body); m != nil {
		// "Cancellations made with less than 24 hours’ notice will result
		// in a $25 late cancellation fee" asks what happens when the
		// customer does it so
		return "What happens if I " + enActVerb[strings.ToLower(m[1])] + " " + toCustomer(m[2]) + "?"
	}
	if m := enIsWhen.FindStringSubmatch(body); m != nil {
		// "A no-show is when a patient misses an appointment …" defines it
		return "What is " + strings.ToLower(m[1]) + " " + m[2] + "?"
	}
	if m := enIsAdjWhen.FindStringSubmatch(body); m != nil {
		// "A cancellation is late when …" asks when it is
		return "When is " + strings.ToLower(m[1]) + " " + m[2] + " " + m[3] + "?"
	}
	if m := enDecides.FindStringSubmatch(body); m != nil {
		// "Depending on how late you are, your therapist decides whether
		// there is still time to start a session." asks who decides
		return "Who decides " + strings.ToLower(m[1]) + " " + toCustomer(firstClause(m[2])) + "?"
	}
	if m := enYouPay.FindStringSubmatch(body); m != nil {
		// "Whatever session you actually receive, you pay for the full
		// session." asks "Do I pay for the full session?"
		verb, rest := strings.ToLower(m[1]), toCustomer(firstClause(m[2]))
		switch verb {
		case "will be charged":
			return "Will I be charged " + rest + "?"
		case "are charged":
			return "Am I charged " + rest + "?"
		}
		return "Do I " + verb + " " + rest + "?"
	}
	if m := enAmountRequired.FindStringSubmatch(body); m != nil {
		// "24 hours' notice is required to cancel an appointment" asks
		// "How much notice is required to cancel an appointment?"
		return strings.TrimSpace("How much "+strings.ToLower(m[1])+" "+m[2]+" "+m[3]+" "+toCustomer(m[4])) + "?"
	}
	if m := enIf.FindStringSubmatch(body); m != nil && !condRefersBack(langEN, m[1]) && !condHasQuestions.MatchString(m[1]) {
		return "What happens if " + toCustomer(m[1]) + "?"
	}
	if m := enGerund.FindStringSubmatch(body); m != nil && gerundBase[strings.ToLower(m[1])] != "" {
		// "Arriving 15 minutes late will mean rescheduling." asks "What
		// happens if I arrive 15 minutes late?"
		return "What happens if I " + gerundBase[strings.ToLower(m[1])] + " " + toCustomer(m[2]) + "?"
	}
	m := enDet.FindStringSubmatch(body)
	if m == nil {
		// a bare plural subject: "Memberships can be frozen ...", "Fees are added ..."
		if b := enBare.FindStringSubmatch(body); b != nil && !pronoun.MatchString(b[1]) && !notSubject[strings.ToLower(strings.Fields(b[1])[0])] {
			m = []string{b[0], "", b[1], b[2], b[3]}
		}
	}
	if m == nil || strings.Contains(m[2], ",") || pronoun.MatchString(m[2]) || clauseInSubject.MatchString(m[2]) {
		return ""
	}
	subj := strings.TrimSpace(strings.ToLower(m[1]) + " " + m[2])
	if m[1] == "" {
		subj = lowerFirst(m[2])
	}
	if m[1] == "No" {
		return ""
	}
	for _, neg := range []string{" do not", " does not", " don't", " doesn't", " don’t", " doesn’t"} {
		if s, ok := strings.CutSuffix(subj, neg); ok {
			// "All tables and chairs DO NOT INCLUDE SET UP.": the verb
			// after the negation is the rule's ("Do all tables and chairs
			// include set up?")
			subj = s
			break
		}
	}
	rest := strings.TrimSpace(strings.ReplaceAll(negWord.ReplaceAllString(" "+firstClause(m[4]), ""), " ,", ","))
	if negWord.MatchString(" " + m[4]) {
		// "Your items will not be processed until payment is received":
		// without its "not", "until" asks "before"
		rest = strings.Replace(rest, " until ", " before ", 1)
	}
	if loc := enSecondClause.FindStringIndex(rest); loc != nil {
		// "The delivery dates are discussed in advance and it normally
		// takes …": the question asks the first clause
		rest = strings.TrimSpace(rest[:loc[0]])
	}
	if loc := enSecondVerb.FindStringIndex(" " + rest); loc != nil && (strings.EqualFold(m[3], "is") || strings.EqualFold(m[3], "are")) &&
		strings.HasSuffix(firstWord(rest), "ed") && loc[0] > len(firstWord(rest)) {
		// "No-shows are charged the full price of the lesson and may lead
		// to …": the first rule, passive, is asked ("Are no-shows charged
		// the full price of the lesson?"); the answer holds the second
		rest = strings.TrimSpace(rest[:loc[0]-1])
	}
	if enSecondVerb.MatchString(" " + rest) {
		// "The solution has no smell and will not stain clothing": two
		// statements, no one question ("Does the solution have no smell
		// and will not stain …?")
		return ""
	}
	if v := strings.ToLower(m[3]); (v == "is" || v == "are") && indefinite.MatchString(m[1]+" ") && indefinite.MatchString(rest) {
		// "A no-show is a missed appointment that …" defines a no-show
		return "What " + v + " " + subj + "?"
	}
	switch v := strings.ToLower(m[3]); v {
	case "is", "are", "can", "must", "will", "may", "should":
		if rest == "" {
			return ""
		}
		return capitalize(v) + " " + toCustomer(subj) + " " + toCustomer(rest) + "?"
	case "cannot", "can't":
		if rest == "" {
			return ""
		}
		return "Can " + toCustomer(subj) + " " + toCustomer(rest) + "?"
	case "has", "have":
		if f := strings.ToLower(firstWord(rest)); f == "been" || strings.HasSuffix(f, "ed") {
			// "The intake form has been submitted" asks "Has the intake
			// form been submitted?", no "Does … have been …?"
			return capitalize(v) + " " + toCustomer(subj) + " " + toCustomer(rest) + "?"
		}
		return strings.TrimSpace("Do"+map[bool]string{true: "es", false: ""}[v == "has"]+" "+toCustomer(subj)+" have "+toCustomer(rest)) + "?"
	default:
		base, plural := enBase[v], false
		if base == "" {
			base, plural = v, true
		}
		aux := "Does"
		if plural {
			aux = "Do"
		}
		return strings.TrimSpace(aux+" "+toCustomer(subj)+" "+base+" "+toCustomer(rest)) + "?"
	}
}

// frTimeOpen is a French sentence opening on when ("Tous les jeudis, …",
// "Chaque matin, …").
var frTimeOpen = regexp.MustCompile(`^(?i:tous les|toutes les|chaque)\s+\S+(?:\s+\S+)?\s*,`)

// enNotAccepted, enRequiredFor, enCoveredBy and enPaidAhead are rules of
// a repair shop's terms: what is not accepted, what a condition requires,
// a warranty, what is paid ahead.
var (
	enNotAccepted  = regexp.MustCompile(`^([\p{L}][^,;:]{2,40}?)\s+(?i:may|will|can|shall)\s+not\s+be\s+accepted\b`)
	enRequiredFor  = regexp.MustCompile(`^(For|On|With|In)\s+([^,;:]{3,60}),\s+(an?|the)\s+([^,;:]{2,40}?)\s+(?:is|are)\s+required\.?$`)
	enCoveredBy    = regexp.MustCompile(`(?i)\bcovered\s+by\s+(?:a|an|our)\s+[^.;,]{0,30}?\b(warranty|guarantee)\b`)
	enPartModifier = regexp.MustCompile(`\s(?:needed|required|used|ordered|bought|supplied)\s`)
	// "The deposit is non-refundable": the subject, then its being
	// non-refundable
	enNonRefundable = regexp.MustCompile(`^((?:The|Your|Our|All|Any|A|An)\s+[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s+(is|are)\s+(?:strictly\s+|completely\s+|entirely\s+)?non-?refundable\b`)
	// (a second verb before it: the subject is its first noun, "The
	// down-payment", not "The down-payment books")
	enNonRefundableToo = regexp.MustCompile(`^((?:The|Your|Our|All|Any|A|An)\s+[\p{L}'’-]+)\s+[^,;:.]{1,60}\s+and\s+(is|are)\s+(?:strictly\s+|completely\s+|entirely\s+)?non-?refundable\b`)
	enPaidAhead        = regexp.MustCompile(`^(?:Some|All|Any)?\s*([\p{L}][^,;:]{2,50}?)\s+must\s+be\s+paid(?:\s+for)?\s+in\s+advance\b`)
)

// enMeans defines a term the page quotes ("A “no-show” means failing to
// arrive …", "A late cancellation is defined as …").
var enMeans = regexp.MustCompile(`^(A|An)\s+[“"‘']?([\p{L}-]+(?:\s[\p{L}-]+){0,3}?)[”"’']?\s+(?:means|is defined as|refers to)\s+\S`)

// enActResults is a rule on an act of the customer's named by its noun
// and the condition it is done on ("Cancellations made with less than 24
// hours' notice will result in …", "Changes requested after 5pm incur
// …"), and enActVerb the verb the customer would use.
var (
	enActResults = regexp.MustCompile(`^(?i)(cancellations?|changes|reschedules|rescheduling|bookings?|reservations?|returns|refund requests)\s+(?:made|received|requested|submitted|placed)\s+((?:with|within|less|more|after|before|on|in|outside|fewer|under)\b[^,;:]{3,60}?)\s+(?:will\s+|may\s+|shall\s+)?(?:result in|incur|be subject to|are subject to|be charged|are charged|forfeit)\b`)
	enActVerb    = map[string]string{"cancellation": "cancel", "cancellations": "cancel", "changes": "make changes", "reschedules": "reschedule",
		"rescheduling": "reschedule", "booking": "book", "bookings": "book", "reservation": "book", "reservations": "book", "returns": "return an item",
		"refund requests": "ask for a refund"}
)

// clauseInSubject is a clause inside a rule's subject ("Our standard fee
// when the piano has been tuned regularly is $100.00"): its verb is not
// the rule's, and no yes/no question can be made by moving one.
var clauseInSubject = regexp.MustCompile(`(?i)\b(?:when|if|unless|while|whenever)\b`)

// enSecondClause is a second clause with its own subject ("… and it
// normally takes …").
var enSecondClause = regexp.MustCompile(`\s(?:and|but)\s+(?:it|they|we|he|she)\s`)

// enSecondVerb is a second finite verb joined to a rule's first ("… and
// will not stain", "… and is refunded").
var enSecondVerb = regexp.MustCompile(`\s(?:and|but)\s+(?:will|won't|is|isn't|are|aren't|can|cannot|can't|does|doesn't|do|don't|has|have|must|may|should)\s`)

// A time the customer has for something ("You have 30 days to return an
// item", "Tu as 48 heures … pour envoyer ton justificatif") asks how long.
var (
	enHaveTime = regexp.MustCompile(`^(?i:you have|you['’]ll have|you will have)\s+(?:up to\s+)?\d+\s+\S+(?:\s+\S+){0,8}?\s+to\s+(\p{Ll}.{3,})$`)
	frHaveTime = regexp.MustCompile(`^(?i:tu as|vous avez|vous disposez de|tu disposes de)\s+(?:jusqu'à\s+)?\d+\s+\S+(?:\s+\S+){0,8}?\s+pour\s+(\p{Ll}.{3,})$`)
	esHaveTime = regexp.MustCompile(`^(?i:tienes|tiene|dispone de|dispones de)\s+(?:hasta\s+)?\d+\s+\S+(?:\s+\S+){0,8}?\s+para\s+(\p{Ll}.{3,})$`)
)

// frForbidden is a French rule forbidding a thing named first ("La pêche
// de nuit est strictement interdite", "Les tresses et gaines nues sont
// formellement interdites"): it asks whether the thing is allowed, the
// participle's agreement kept ("interdite" → "autorisée").
var frForbidden = regexp.MustCompile(`^((?:Le|La|Les)\s+[^,;:()]{2,60}?|L['’][^,;:()]{2,60}?)\s+(est|sont)\s+(?:strictement\s+|formellement\s+|totalement\s+|absolument\s+)?interdit(e?s?)(?:\s+((?:dans|sur|à|au|aux|en)\s+[^,;:()]{2,40}))?$`)

func ruleQuestionFR(body string) string {
	if m := frForbidden.FindStringSubmatch(strings.TrimRight(body, ". !")); m != nil {
		q := "Est-ce que " + lowerFirst(m[1]) + " " + m[2] + " autorisé" + m[3]
		if m[4] != "" {
			q += " " + m[4] // "… sur le site"
		}
		return frElide(q + " ?")
	}
	if m := frHaveTime.FindStringSubmatch(body); m != nil {
		return "Combien de temps ai-je pour " + swapWords(frTuToJe(firstClause(firstSentence(m[1]))), map[string]string{"votre": "mon", "vos": "mes"}) + " ?"
	}
	if m := frIf.FindStringSubmatch(body); m != nil && !condRefersBack(langFR, m[1]) && !condHasQuestions.MatchString(m[1]) {
		cond, ok := frVousToJe(m[1])
		if ok {
			return frElide("Que se passe-t-il " + strings.ToLower(body[:strings.Index(body, m[1])]) + frTuToJe(cond) + " ?")
		}
	}
	if m := frTuCan.FindStringSubmatch(body); m != nil {
		// "Tu peux annuler ta leçon sans frais jusqu'à 48 heures avant"
		return "Puis-je " + frTuToJe(firstClause(m[1])) + " ?"
	}
	if m := frAnyEntails.FindStringSubmatch(body); m != nil {
		// "Tout retard de paiement entraîne … une majoration" asks what
		// happens in that case
		return frElide("Que se passe-t-il en cas de " + strings.ToLower(m[1]) + " ?")
	}
	if m := frDet.FindStringSubmatch(body); m != nil {
		// The question keeps the rule's first clause; "vous" or "nous"
		// after where it is cut ("…, faute de quoi le 100% vous sera
		// facturé") stays in the answer. The business's "nos tarifs" are
		// the customer's "vos".
		s := frTuToJe(lowerFirst(strings.TrimSpace(firstClause(body))))
		s = swapWords(s, frOurs)
		if frParticipleSubject.MatchString(s) {
			return "" // "Les produits étant faits de manière artisanale, de légères variations …": a reason, not the rule's subject
		}
		if words(s) < 4 {
			return "" // "Les sommes versées, si …, servent …": the clause is the subject alone
		}
		if frTimeOpen.MatchString(s) {
			return "" // "Tous les jeudis, nous envoyons …": a time, no subject
		}
		ours := false
		if frBusinessUs.MatchString(s) && !strings.Contains(" "+s+" ", " vous ") {
			// "Toute commande doit nous être confirmée …": the business's
			// "nous" is the customer's "vous" ("… doit vous être
			// confirmée … ?")
			s, ours = frBusinessUs.ReplaceAllString(s, " vous $1"), true
		}
		q := "Est-ce que " + s + " ?"
		if strings.ContainsRune("aeiouyéèêàâîôûh", []rune(s)[0]) {
			q = "Est-ce qu'" + s + " ?"
		}
		if !ours && frSpeaksTo(shortQuestion(q)) {
			return ""
		}
		return q
	}
	if m := frInCase.FindStringSubmatch(body); m != nil && !strings.Contains(body, "vous") {
		// "Aucun remboursement ne sera accordé en cas de modification …":
		// what happens in the case the rule names
		return frElide("Que se passe-t-il " + m[1] + " ?")
	}
	return ""
}

// frParticipleSubject is a French clause opened by a noun and a present
// participle ("les produits étant faits …"), which gives a reason.
var frParticipleSubject = regexp.MustCompile(`^\S+(?:\s+\S+){0,3}\s+(?:étant|ayant)\s`)

// frBusinessUs is the business's "nous" as the object of a rule's verb
// ("doit nous être confirmée", "doit nous parvenir").
var frBusinessUs = regexp.MustCompile(`\snous\s+(être|parvenir|envoyer|adresser|remettre|communiquer|informer|prévenir|contacter|signaler|transmettre|fournir|retourner|renvoyer|payer|verser|régler)\b`)

// frSpeaksTo reports whether a French clause addresses someone ("vous",
// "nous" as words of their own: "rendez-vous" is a noun).
func frSpeaksTo(clause string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(clause), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '-'
	}) {
		if w == "vous" || w == "nous" {
			return true
		}
	}
	return false
}

// frAnyEntails is a French rule on every case of a kind and what it
// brings ("Tout retard de paiement entraîne …", "Toute annulation donne
// lieu à …").
var frAnyEntails = regexp.MustCompile(`^Toute?\s+(\p{Ll}[\p{L}’'\- ]{2,60}?)\s+(?:entraîne|entraînera|donne lieu|donnera lieu)\b`)

// frInCase is the case a French rule names inside it ("… en cas de
// modification ou d'annulation d'une réservation …").
var frInCase = regexp.MustCompile(`\s(en cas d(?:e\s|['’])[^,.;()]{3,80})`)

// deVerbFirst is a German condition put verb first ("Kündigt der Kunde
// den Vertrag nicht, verlängert er sich …", "Wird ein Termin abgesagt,
// können wir …"): the finite verb, its subject's article or pronoun, the
// rest of the condition, and the main clause after the comma, opening on
// its own verb (small letters).
var deVerbFirst = regexp.MustCompile(`^(\p{Lu}\p{Ll}+(?:t|en)|Wird)\s+((?:der|die|das|ein|eine|einer|er|sie|es|man|jemand|ihr)\s[^,]{3,90}),\s+(\p{Ll}+)\s`)

// deSecondVerbFirst is a second condition, itself verb first, joined to
// the first ("… abgesagt oder fällt er ganz aus"): no one clause to
// reorder.
var deSecondVerbFirst = regexp.MustCompile(`\s(?:und|oder)\s\p{Ll}+\s(?:er|sie|es|man)\b`)

// deWhoMay is a German rule opening on the infinitive of what one may do,
// then its modal and who may ("Teilnehmen dürfen Kinder …", "Mitmachen
// können alle …").
var deWhoMay = regexp.MustCompile(`^(\p{Lu}\p{Ll}{3,}(?:en|ern|eln))\s+(dürfen|darf|können|kann)\s+(\p{L}+)`)

// deIncluded is what a price includes ("Im Teilnahmebeitrag ist ein
// Taschengeld von 25,- € enthalten"): the place, up to its verb.
var deIncluded = regexp.MustCompile(`^((?:Im|In der|In den|In dem|Beim)\s+\p{Lu}[\p{L}-]+)\s+(?:ist|sind)\s[^.;]{3,120}?\benthalten\b`)

// deDepositTaken is a deposit the business takes ("… wird eine Kaution
// von 100€ erhoben"), and deToBeDone a thing to be done with something,
// its verb a zu-infinitive ("Sämtliche Maschinen sind vollgetankt und
// gereinigt wieder abzugeben").
var (
	deDepositTaken = regexp.MustCompile(`(?i)\b(?:wird|werden)\s+(?:eine\s+)?kaution\b[^.;]{0,40}?\b(?:erhoben|verlangt|fällig|berechnet)\b`)
	deToBeDone     = regexp.MustCompile(`^(Sämtliche|Alle|Die|Der|Das)\s+(\p{Lu}[\p{L}-]+)\s+(?:sind|ist)\s+([^.;,]{3,60}?)\s+(\p{Ll}+zu\p{Ll}+en)\.?$`)
)

// deOnlyListCommas says whether the commas of a rule's rest stand only
// between the words of a list ("auf festem, ebenem und sauberem Boden",
// "groß genug, trocken, sauber und windgeschützt sein"), each part after
// one a few small words.
func deOnlyListCommas(rest string) bool {
	parts := strings.Split(rest, ",")
	for _, p := range parts[1:] {
		ws := strings.Fields(p)
		if len(ws) == 0 || len(ws) > 4 && !strings.Contains(p, " und ") && !strings.Contains(p, " oder ") {
			return false
		}
		if r, _ := utf8.DecodeRuneInString(ws[0]); !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// deArises is a charge that arises in some case ("Treppengeld (Kaminholz)
// fällt nur in Gebäuden OHNE Aufzug an"), and deDeliversOnly the area a
// delivery is limited to ("Auslieferung erfolgt nur innerhalb …").
var (
	deArises       = regexp.MustCompile(`^(\p{Lu}[\p{L}-]+(?:\s*\([^()]{2,40}\))?)\s+fällt\s[^.;]{3,120}?\ban\b`)
	deDeliversOnly = regexp.MustCompile(`^(?:Die\s+)?(?:Aus)?[Ll]ieferung(?:en)?\s+(?:erfolg\w*|ist|sind)\s+(?:grundsätzlich\s+|ausschließlich\s+)?nur\s+(?:innerhalb|im|in)\b`)
)

// deNotVerbFirst are words ending like a verb that open no verb-first
// condition ("Damit die Freizeit geregelt ablaufen kann, ist …": a purpose).
var deNotVerbFirst = toSet(`damit somit womit seit jetzt zuletzt erst nicht meist oft sonst nebst`)

// deNotMainVerb are small words after a comma that open no main clause.
var deNotMainVerb = toSet(`und oder aber die der das dass den dem des ein eine wenn weil ob als wie so sowie bzw`)

// deWennClause writes a verb-first condition as a "wenn" clause, the verb
// last ("Kündigt der Kunde den Vertrag nicht" → "wenn der Kunde den
// Vertrag nicht kündigt"; "Sagt der Kunde ab" → "wenn der Kunde absagt").
func deWennClause(verb, rest string) string {
	ws := strings.Fields(rest)
	v := strings.ToLower(verb)
	if last := ws[len(ws)-1]; slices.Contains(deSeparable, last) {
		v, ws = last+v, ws[:len(ws)-1]
	}
	return "wenn " + strings.Join(ws, " ") + " " + v
}

func ruleQuestionDE(body string) string {
	if q := deAllowedQuestion(body); q != "" {
		return q
	}
	if m := deArises.FindStringSubmatch(body); m != nil {
		// "Treppengeld (Getränke, Milch) fällt nur in Gebäuden OHNE
		// Aufzug an …" asks when it arises
		return "Wann fällt " + strings.TrimSpace(m[1]) + " an?"
	}
	if deDepositTaken.MatchString(body) {
		// "Für alle Maschinen wird eine Kaution von 100€ erhoben."
		return "Muss ich eine Kaution zahlen?"
	}
	if m := deToBeDone.FindStringSubmatch(body); m != nil {
		if verb := knowledge.GermanZuInfinitive(m[4]); verb != m[4] {
			// "Sämtliche Maschinen sind vollgetankt und gereinigt wieder
			// abzugeben." asks "Muss ich alle Maschinen vollgetankt und
			// gereinigt wieder abgeben?"
			det := map[string]string{"sämtliche": "alle", "alle": "alle", "die": "die", "der": "den", "das": "das"}[strings.ToLower(m[1])]
			return "Muss ich " + det + " " + m[2] + " " + m[3] + " " + verb + "?"
		}
	}
	if deDeliversOnly.MatchString(body) {
		// "Auslieferung erfolgen grundsätzlich nur innerhalb des
		// Stadtgebiets von Berlin" tells where the business delivers
		return "Wohin liefern Sie?"
	}
	if m := deBitte.FindStringSubmatch(body); m != nil && !deArticles[firstWord(m[1])] && !formalYou.MatchString(m[1]) {
		// "Kinderwagen und Fahrräder bitte draußen parken, dafür fehlt
		// drinnen der Platz." asks "Muss ich Kinderwagen und Fahrräder
		// draußen parken?"
		return "Muss ich " + m[1] + " " + m[2] + "?"
	}
	if m := deNoLiability.FindStringSubmatch(body); m != nil {
		// "Für Garderobe, Wertgegenstände oder sonstige Diebstähle wird
		// keine Haftung übernommen." asks "Wird für Garderobe, … gehaftet?" (a
		// question's "Sie" would be the customer)
		return "Wird für " + m[1] + " gehaftet?"
	}
	passive := strings.HasSuffix(strings.TrimRight(body, ". "), " werden")
	if m := deWhoMay.FindStringSubmatch(body); m != nil && m[3] == "Sie" {
		// "Abholen können Sie auf unserem Betriebsgelände …" asks "Kann
		// ich abholen?"
		modal := map[string]string{"dürfen": "Darf", "können": "Kann"}[m[2]]
		if modal != "" {
			return modal + " ich " + strings.ToLower(m[1]) + "?"
		}
		return ""
	}
	if m := deWhoMay.FindStringSubmatch(body); m != nil && !passive {
		// (a noun before its modal in the passive, "Mindermengen können
		// … geliefert werden", is the rule's subject: dePlural asks it)
		// "Teilnehmen dürfen Kinder, die …" asks who may take part
		modal := "darf"
		if strings.HasPrefix(m[2], "k") {
			modal = "kann"
		}
		return "Wer " + modal + " " + strings.ToLower(m[1]) + "?"
	}
	if m := deIncluded.FindStringSubmatch(body); m != nil {
		// "Im Teilnahmebeitrag ist ein Taschengeld … enthalten" asks what
		// it includes
		return "Was ist " + strings.ToLower(m[1][:1]) + m[1][1:] + " enthalten?"
	}
	if m := deVerbFirst.FindStringSubmatch(body); m != nil && !deNotVerbFirst[strings.ToLower(m[1])] && !deNotMainVerb[m[3]] && !formalYou.MatchString(m[2]) && !deSecondVerbFirst.MatchString(m[2]) {
		// "Was gilt, wenn der Erziehungsberechtigte den Vertrag nicht
		// spätestens 4 Wochen vor Ablauf kündigt?" (a case keeps its "nicht")
		return "Was gilt, " + deWennClause(m[1], m[2]) + "?"
	}
	if m := deIf.FindStringSubmatch(body); m != nil && !formalYou.MatchString(m[1]) && !condRefersBack(langDE, m[1]) && !condHasQuestions.MatchString(m[1]) {
		return "Was gilt, " + strings.ToLower(strings.Fields(body)[0]) + " " + swapWords(m[1], deYours) + "?"
	}
	if m := deBei.FindStringSubmatch(body); m != nil && !condHasQuestions.MatchString(m[1]) {
		return "Was gilt " + strings.ToLower(strings.Fields(body)[0]) + " " + m[1] + "?"
	}
	if m := deModalRule.FindStringSubmatch(body); m != nil && !strings.Contains(body, "Sie") && !deAdjectives.MatchString(body) {
		// "Kinder dürfen nicht unbeaufsichtigt gelassen werden – auch
		// nicht kurz." asks "Dürfen Kinder unbeaufsichtigt gelassen
		// werden?" (the rule's "nicht" and the page's "gerne" are the
		// answer's)
		rest := strings.Join(slices.DeleteFunc(strings.Fields(m[3]), func(w string) bool { return deModalFiller[w] }), " ")
		if words(rest) >= 2 && strings.HasSuffix(lastWord(rest), "en") {
			return capitalize(m[2]) + " " + m[1] + " " + rest + "?"
		}
	}
	if m := deShouldRule.FindStringSubmatch(body); m != nil && !strings.Contains(body, "Sie") && !deThenClause.MatchString(m[4]) &&
		!deSubjectAfter.MatchString(m[4]) {
		// "Nervöse Pferde sollten während der Hufbearbeitung vom Besitzer
		// betreut werden." asks "Sollten nervöse Pferde während der
		// Hufbearbeitung vom Besitzer betreut werden?": the rest to the
		// full stop when its commas stand only between the words of a
		// list ("auf festem, ebenem und sauberem Boden"), else to its
		// first comma
		first, _, _ := strings.Cut(m[4], ",")
		for _, r := range []string{m[4], first} {
			if r == m[4] && !deOnlyListCommas(r) {
				continue
			}
			rest := strings.Join(slices.DeleteFunc(strings.Fields(r), func(w string) bool { return deModalFiller[w] }), " ")
			if words(rest) >= 2 && (strings.HasSuffix(lastWord(rest), "en") || lastWord(rest) == "sein") {
				return capitalize(m[3]) + " " + strings.ToLower(m[1]) + " " + m[2] + " " + rest + "?"
			}
		}
	}
	if m := deShouldThere.FindStringSubmatch(strings.TrimRight(body, ". ")); m != nil && !strings.Contains(m[2], "Sie") && !strings.Contains(m[2], ",") &&
		(strings.HasSuffix(lastWord(m[2]), "en") || lastWord(m[2]) == "sein") {
		// "Es sollten genügend Lichtquellen vorhanden sein.", "Damit der
		// Hufbearbeiter … beurteilen kann, sollten Hufe und Beine des
		// Pferdes sauber und trocken sein."
		return capitalize(m[1]) + " " + m[2] + "?"
	}
	if m := deNoun.FindStringSubmatch(body); m != nil && !strings.Contains(body, "Sie") && !deAdjectives.MatchString(body) && !deParticiple.MatchString(m[1]) {
		// a rule about a thing named first ("Glasflaschen sind ... verboten.")
		return "Was gilt für " + m[1] + "?"
	}
	if m := deWennTail.FindStringSubmatch(body); m != nil && !formalYou.MatchString(m[1]) {
		// "Aus Kulanz fällt keine Gebühr an, wenn ein Ersatztermin
		// eingehalten wird." asks what applies in that case
		return "Was gilt, wenn " + m[1] + "?"
	}
	if m := deWer.FindStringSubmatch(body); m != nil {
		// "Wer zu spät kommt, hat …": "man" takes the same verb form
		return "Was gilt, wenn man " + m[1] + "?"
	}
	if m := dePlural.FindStringSubmatch(body); m != nil && !strings.Contains(body, "Sie") && !strings.Contains(" "+m[4]+" ", " dann ") {
		// "Vereinbarte Termine sind verbindlich." → "Sind vereinbarte Termine verbindlich?"
		return capitalize(m[3]) + " " + strings.TrimSpace(strings.ToLower(m[1])+" "+m[2]) + " " + strings.TrimSpace(negWord.ReplaceAllString(" "+strings.TrimSuffix(firstClause(m[4]), "."), "")) + "?"
	}
	if m := deDetClause(body); m != nil && !strings.Contains(body, "Sie") {
		rest := negWord.ReplaceAllString(" "+firstClause(m[4]), "")
		rest = strings.ReplaceAll(rest, " ,", ",")
		rest = strings.TrimSpace(rest)
		if strings.HasPrefix(rest, ",") {
			return capitalize(m[3]) + " " + strings.ToLower(m[1]) + " " + m[2] + rest + "?"
		}
		refl := ""
		if strings.HasPrefix(strings.TrimSpace(rest), "sich ") {
			refl, rest = " sich", strings.TrimPrefix(strings.TrimSpace(rest), "sich")
		}
		if before, _, _ := strings.Cut(strings.TrimSpace(rest), ","); refl != "" && deParticles[strings.TrimSpace(before)] {
			return "" // "Der Veranstalter behält sich vor, …": the clause is after the comma
		}
		return capitalize(m[3]) + refl + " " + strings.ToLower(m[1]) + " " + m[2] + " " + strings.TrimSpace(rest) + "?"
	}
	return ""
}

func ruleQuestionES(body string) string {
	if m := esNotAllowed.FindStringSubmatch(body); m != nil {
		// "No se permitirá la entrada a ningún usuario fuera del
		// horario establecido." asks "¿Se permite la entrada a algún
		// usuario fuera del horario establecido?", "No se admiten
		// animales." "¿Se admiten animales?"
		verb := strings.NewReplacer("irá", "e", "irán", "en", "ará", "a", "arán", "an").Replace(m[1])
		return "¿Se " + verb + " " + esAnyWord.ReplaceAllStringFunc(firstClause(esAndNot.Split(m[2], 2)[0]), esSome) + "?"
	}
	if m := esHaveTime.FindStringSubmatch(body); m != nil {
		return "¿Cuánto tiempo tengo para " + firstClause(firstSentence(m[1])) + "?"
	}
	if m := esIf.FindStringSubmatch(body); m != nil && !condRefersBack(langES, m[1]) && !condHasQuestions.MatchString(m[1]) {
		lead := strings.ToLower(body[:strings.Index(body, m[1])])
		return "¿Qué pasa " + lead + esFirstPerson(m[1]) + "?"
	}
	if before, main, ok := strings.Cut(body, ", "); ok && esOnceDone.MatchString(body) && words(before) >= 5 {
		// "Una vez hecha la reserva y recibida la paga y señal, el
		// refugio se compromete a …": the rule is the main clause
		body = capitalize(main)
	}
	// ("Una vez reprogramada, la cita …" keeps its short condition)
	if esDet.MatchString(body) && !esOurs.MatchString(body) {
		// ("Las visitas externas deberán identificarse al manager y no
		// interferirán …" asks the first rule)
		if c := firstClause(esAndNot.Split(body, 2)[0]); words(c) >= 4 {
			// "Los sábados y domingos abrimos de 8:00 a 20:00." asks "¿Los
			// sábados y domingos abren de 8:00 a 20:00?"
			return "¿" + esWeVerbs.ReplaceAllStringFunc(c, esYouVerb) + "?"
		}
	}
	return ""
}

// deModalRule is a German rule on a thing named first and its modal
// ("Kinder dürfen nicht …", "Speisen und Getränke dürfen gerne
// mitgebracht werden"), up to its first comma or dash; deModalFiller are
// the words its question leaves to the answer. deNoLiability is the
// business's "Für … wird keine Haftung übernommen".
var (
	deModalRule   = regexp.MustCompile(`^(\p{Lu}\p{Ll}+(?:\s+und\s+\p{Lu}[\p{L}/]+)?)\s+(dürfen|darf|müssen|muss|können|kann)\s+([^,;:–—()]{3,80}?)\s*(?:[,;:–—(]|$)`)
	deModalFiller = toSet(`nicht gerne bitte leider`)
	// deShouldRule is such a rule on a thing named with its article or
	// adjective ("Das Pferd sollte …", "Nervöse Pferde sollten …").
	// deShouldThere is such a rule after "Es" or a purpose clause, its
	// modal first.
	deShouldThere = regexp.MustCompile(`^(?:Es|Damit\s[^,;]{3,120},)\s+(sollte|sollten|muss|müssen)\s+(\p{L}[^;:()]{3,120})$`)
	// deSubjectAfter is a subject after the modal ("Vereinbarte Stunden
	// kann der Erziehungsberechtigte … absagen": the thing named first is
	// the object)
	deSubjectAfter = regexp.MustCompile(`^(?:der|die|das|ein|eine|man)\s`)
	// deThenClause is a condition after the rule's comma ("…, sobald der
	// Vorspieler …"): the rule alone would lose it
	deThenClause  = regexp.MustCompile(`,\s*(?:sobald|wenn|nachdem|bevor|falls|solange|bis|sofern|weil|da|damit|um)\b`)
	deShouldRule  = regexp.MustCompile(`^((?:Der|Die|Das|Ein|Eine|\p{Lu}\p{Ll}+(?:e|en|er|es)))\s+(\p{Lu}[\p{L}-]+(?:\s+(?:und|oder)\s+\p{Lu}[\p{L}-]+)?)\s+(sollte|sollten|soll|sollen|muss|müssen|darf|dürfen|kann|können)\s+([^;:–—()]{3,240}?)\s*(?:[;:–—(.]|$)`)
	deNoLiability = regexp.MustCompile(`^Für\s+(.{3,80}?)\s+(?:wird|werden)\s+keine\s+Haftung\s+übernommen$`)
)

// deBitte is a German instruction in the infinitive with the thing it is
// about first ("Kinderwagen bitte draußen parken").
var deBitte = regexp.MustCompile(`^(\p{Lu}\p{Ll}+(?:\s+und\s+\p{Lu}[\p{L}/]+)?)\s+bitte\s+([^,;:]{2,60}?\s\p{Ll}+en)(?:,.*)?$`)

// deAllowedFirst and deAllowedAfter are German rules that allow or
// forbid a thing, named first ("Glasflaschen sind am Strand verboten")
// or after a reason ("Aus hygienischen Gründen ist das Barfußlaufen nicht
// gestattet").
var (
	deAllowedFirst = regexp.MustCompile(`^((?:Das|Der|Die)\s+)?(\p{Lu}[\p{L}-]+)\s+(ist|sind)\s+((?:[\p{L}-]+\s+){0,4}?)(?:nicht\s+|strengstens\s+|ausdrücklich\s+)?(?:gestattet|erlaubt|verboten|untersagt)$`)
	deAllowedAfter = regexp.MustCompile(`^\p{Lu}[^,;]{2,40}?\s(ist|sind)\s+((?:das|der|die)\s+\p{Lu}[\p{L}-]+)\s+(?:nicht\s+|strengstens\s+|ausdrücklich\s+)?(?:gestattet|erlaubt|verboten|untersagt)$`)
)

// deAllowedQuestion asks whether the thing a rule allows or forbids is
// allowed: "Sind Glasflaschen am Strand erlaubt?", "Ist das Barfußlaufen
// erlaubt?" ("" for any other rule).
func deAllowedQuestion(body string) string {
	if m := deAllowedFirst.FindStringSubmatch(body); m != nil {
		where := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(m[4]), "nicht"))
		q := capitalize(m[3]) + " " + strings.ToLower(m[1]) + m[2]
		if where != "" {
			q += " " + where
		}
		return q + " erlaubt?"
	}
	if m := deAllowedAfter.FindStringSubmatch(body); m != nil {
		return capitalize(m[1]) + " " + m[2] + " erlaubt?"
	}
	if m := deAllowedList.FindStringSubmatch(body); m != nil {
		// "Limonaden, Softdrinks und andere Süßgetränke sind verboten."
		return "Sind " + m[1] + " erlaubt?"
	}
	return ""
}

// deAllowedList forbids things listed first, nouns between commas and a
// last "und"/"oder" ("Limonaden, Softdrinks und andere Süßgetränke sind
// verboten").
var deAllowedList = regexp.MustCompile(`^(\p{Lu}[\p{L}-]+(?:,\s+\p{Lu}[\p{L}-]+)*\s+(?:und|oder)\s+(?:andere\s+|sonstige\s+)?\p{Lu}[\p{L}-]+)\s+sind\s+(?:nicht\s+(?:gestattet|erlaubt)|strengstens\s+verboten|verboten|untersagt)$`)

// esNotAllowed is a Spanish rule forbidding something ("No se permite
// fumar", "No se permitirá el acceso a …", "No se admiten animales");
// esAnyWord is its "ningún", which the question asks as "algún"; esAndNot
// is a second rule after the first ("… y no interferirán …").
var (
	esNotAllowed = regexp.MustCompile(`^No se (permite|permiten|permitirá|permitirán|admite|admiten|admitirá|admitirán|acepta|aceptan|aceptará|aceptarán)\s+(\p{L}.{3,})$`)
	esAnyWord    = regexp.MustCompile(`\b(?:ningún|ninguna|ninguno)\b`)
	esAndNot     = regexp.MustCompile(`,?\s+y\s+no\s+`)
)

// esSome is "ningún" asked in a question: "algún".
func esSome(w string) string { return esSomeOf[w] }

var esSomeOf = map[string]string{"ningún": "algún", "ninguna": "alguna", "ninguno": "alguno"}

// esOnceDone opens a Spanish rule on what must be done first ("Una vez
// hecha la reserva, …"); esOurs are the business's own words.
var (
	esOnceDone = regexp.MustCompile(`^(?i:una vez)\s`)
	esOurs     = regexp.MustCompile(`(?i)\b(nuestr[oa]s?|nosotros)\b`)
)

// firstSentence is s's first sentence without its final stop.
func firstSentence(s string) string {
	return strings.TrimRight(sentences(s)[0], ".!; ")
}

// frTuCan is a rule told to the customer as "tu" ("Tu peux annuler …").
var frTuCan = regexp.MustCompile(`^(?i:tu)\s+(?:peux|pourras)\s+(.{4,})$`)

// frTuToJe puts a clause told to the customer as "tu" in the customer's
// own voice: "tu annules ta leçon" → "j'annule ma leçon", "tu dois" →
// "je dois", "tu as" → "j'ai".
func frTuToJe(s string) string {
	ws := strings.Fields(s)
	for i := 0; i < len(ws); i++ {
		core := strings.TrimRight(ws[i], ",;:.")
		tail := ws[i][len(core):]
		low := strings.ToLower(core)
		switch {
		case low == "tu" && i+1 < len(ws):
			ws[i] = "je" + tail
			ws[i+1] = frFirstPerson(ws[i+1])
			i++
		case frMine[low] != "":
			ws[i] = frMine[low] + tail
		case strings.HasPrefix(low, "t'") || strings.HasPrefix(low, "t’"):
			ws[i] = "m" + core[1:] + tail
		}
	}
	return frElide(strings.Join(ws, " "))
}

var frMine = map[string]string{"ta": "ma", "ton": "mon", "tes": "mes", "te": "me", "toi": "moi"}

// frFirstPerson is the first person of a verb in the second ("annules" →
// "annule", "as" → "ai", "pourras" → "pourrai").
func frFirstPerson(v string) string {
	core := strings.TrimRight(v, ",;:.")
	tail := v[len(core):]
	switch low := strings.ToLower(core); {
	case low == "as":
		core = "ai"
	case low == "es":
		core = "suis"
	case low == "vas":
		core = "vais"
	case strings.HasSuffix(low, "ras"):
		core = core[:len(core)-1] + "i" // "pourras" → "pourrai"
	case strings.HasSuffix(low, "es") && len(low) > 3:
		core = strings.TrimSuffix(core, "s") // "annules" → "annule"
	}
	return core + tail
}

// frVousToJe puts a condition said to the customer ("si vous manquez une
// séance") in the customer's words ("si je manque une séance"), for the
// verbs it knows: "vous" before a verb in -ez (the present of -er verbs)
// or a common irregular one, and "votre part" as "ma part"; false when a
// "vous" stays (another verb, a possessive whose gender is unknown).
func frVousToJe(s string) (string, bool) {
	ws := strings.Fields(s)
	for i := 0; i < len(ws); i++ {
		if strings.ToLower(ws[i]) != "vous" || i+1 == len(ws) {
			continue
		}
		core := strings.TrimRight(ws[i+1], ",;:.")
		tail := ws[i+1][len(core):]
		low := strings.ToLower(core)
		switch {
		case frVousIrregular[low] != "":
			core = frVousIrregular[low]
		case strings.HasSuffix(low, "ez") && len(low) > 4 && !strings.HasSuffix(low, "iez"):
			core = core[:len(core)-2] + "e" // "manquez" → "manque"
		default:
			return s, false
		}
		ws[i], ws[i+1] = "je", core+tail
		i++
	}
	out := strings.Join(ws, " ")
	out = strings.ReplaceAll(out, "de votre part", "de ma part")
	if strings.Contains(" "+strings.ToLower(out)+" ", " vous ") || strings.Contains(strings.ToLower(out), "votre") || strings.Contains(strings.ToLower(out), "vos ") {
		return s, false
	}
	// the business's "notre" is the customer's "votre" ("annulé de notre
	// fait": "de votre fait")
	return swapWords(out, frOurs), true
}

// frVousIrregular are common verbs whose "vous" form is not "-ez" of an
// "-er" verb, with their "je" form.
var frVousIrregular = map[string]string{"êtes": "suis", "avez": "ai", "pouvez": "peux", "devez": "dois", "voulez": "veux",
	"faites": "fais", "allez": "vais", "venez": "viens", "prenez": "prends", "arrivez": "arrive", "annulez": "annule",
	"choisissez": "choisis", "finissez": "finis", "recevez": "reçois"}

// frElide writes "je" before a vowel as "j'" ("je annule" → "j'annule").
func frElide(s string) string {
	return frJeVowel.ReplaceAllString(s, "${1}j'$2")
}

var frJeVowel = regexp.MustCompile(`(^|\s)je\s+([aeiouyéèêàâîôûh])`)

// esWeVerbs are Spanish verbs in the first person plural ("abrimos"),
// which a customer's question puts in the "ustedes" form ("abren").
var esWeVerbs = regexp.MustCompile(`\b\p{Ll}{2,}(?:amos|emos|imos)\b`)

// esNotVerbs end like a "we" verb and are nouns ("ramos", "kilogramos").
var esNotVerbs = toSet(`ramos tramos gramos kilogramos miligramos programas mismos primos extremos supremos óptimos últimos próximos máximos mínimos legítimos íntimos`)

func esYouVerb(w string) string {
	if esNotVerbs[w] || esNotAsked[w] {
		return w
	}
	if strings.HasSuffix(w, "remos") && len(w) > 6 {
		return strings.TrimSuffix(w, "emos") + "án" // future: "descontaremos", "descontarán"
	}
	if strings.HasSuffix(w, "amos") {
		return strings.TrimSuffix(w, "amos") + "an"
	}
	return w[:len(w)-4] + "en"
}

// labelQuestion is the question a rule of the form "Label: value" answers
// when its label is a time or range ("Between 29 and 15 days before
// arrival: ..."), or "".
func labelQuestion(lang, label string) string {
	l := lowerFirst(strings.TrimSpace(label))
	if t, ok := timeLabels[lang]; ok && t.re.MatchString(l) {
		return fmt.Sprintf(t.format, l)
	}
	if t, ok := caseLabels[lang]; ok && t.re.MatchString(strings.TrimSpace(label)) {
		// "Absage bis 48 Stunden vor dem Termin: keine Ausfallgebühr"
		if lang == langDE {
			l = strings.TrimSpace(label) // German nouns keep their capital
		}
		if c, ok := frVousToJe(l); lang == langFR && ok {
			l = c // "de votre part": "de ma part"
		}
		return fmt.Sprintf(t.format, l)
	}
	return ""
}

// caseLabels are labels naming what the customer does and when
// ("Cancellation up to 48 hours before", "Absage innerhalb von 48
// Stunden"), with the question they answer.
var caseLabels = map[string]struct {
	re     *regexp.Regexp
	format string
}{
	langEN: {regexp.MustCompile(`^\p{Lu}\p{Ll}+s?\s+(?i:up to|within|more than|less than|after|before|between)\s`), "What applies to %s?"},
	langDE: {regexp.MustCompile(`^\p{Lu}\p{Ll}+\s+(?:bis|innerhalb|ab|vor|nach|zwischen|mehr als|weniger als)\s`), "Was gilt bei %s?"},
	// "En cas d'annulation jusqu'à 30 jours avant le début : …"
	langFR: {regexp.MustCompile(`^(?i:en cas d['’]|en cas de\s)`), "Que se passe-t-il %s ?"},
	langES: {regexp.MustCompile(`^(?i:en caso de\s)`), "¿Qué pasa %s?"},
}

var timeLabels = map[string]struct {
	re     *regexp.Regexp
	format string
}{
	langEN: {enTime, "What applies %s?"},
	langFR: {frTime, "Qu'est-ce qui s'applique %s ?"},
	langDE: {deTime, "Was gilt %s?"},
	langES: {esTime, "¿Qué se aplica %s?"},
}

// ruleTurners turn a rule round into a question, per language.
var ruleTurners = map[string]func(string) string{
	langEN: ruleQuestionEN, langFR: ruleQuestionFR, langDE: ruleQuestionDE, langES: ruleQuestionES,
}

// forwardRef marks a sentence that introduces what follows ("The following
// policy applies when you cancel."): it answers no question itself.
var forwardRef = regexp.MustCompile(`(?i)\b(?:the following|as follows|below|ci-dessous|suivant(?:e|es|s)?|folgende[nrs]?|nachfolgend\w*|siguientes?|a continuación)\b`)

var notPlainInstruction = regexp.MustCompile(`(?i)\s(?:or|and (?:you|we|there|it|they))\s`)

// discourseOpener opens a rule on a word of the page's voice, not of the
// rule ("Bien sûr, si …", "Of course, …").
var discourseOpener = regexp.MustCompile(`^(?i:bien sûr|bien entendu|évidemment|of course|naturally|natürlich|selbstverständlich|selbstverständlich gilt|por supuesto|claro está|desde luego)\s*,\s*`)

// dashAside is a remark between dashes inside a sentence.
var dashAside = regexp.MustCompile(`\s[–—]\s[^–—]{2,60}\s[–—]\s`)

// enDoNot is a negative instruction ("Do not use Dove soap", "Please
// don't bring glass").
var enDoNot = regexp.MustCompile(`^(?i:(please\s+)?(?:do not|don't|don’t|never))\s+(\p{Ll}.*)$`)

// enForbidden is an English rule forbidding a thing ("Smoking is not
// allowed", "Photography or recording is strictly forbidden").
var enForbidden = regexp.MustCompile(`^(\p{Lu}[^;:()]{2,80}?)\s+(is|are)\s+(?:strictly\s+|absolutely\s+)?(?:forbidden|prohibited|not allowed|not permitted|banned)(\s+(?:in|on|inside|at|during)\s+[^,;]{3,40})?$`)

// enUnless opens the exception of an English rule; enListCommas are the
// commas of a plain list of three ("shave, scrub, or groom").
var (
	enUnless     = regexp.MustCompile(`\s+(?:unless|except|without)\s+`)
	enListCommas = regexp.MustCompile(`^[^,;:()]+,\s+[^,;:()]+,?\s+(?:or|and)\s+[^,;:()]+$`)
)

var pleasePrefix = regexp.MustCompile(`^(?i:please|kindly)\s+`)

// ruleSentenceQuestion is the question a sentence group of a rule answers,
// from its first sentence: a "You can …"/"We …" sentence or a rule turned
// round (ruleQuestion); else the rule of a clause after a semicolon ("Tell
// us as soon as possible; a hold is not granted after the fact." asks "Is a
// hold granted after the fact?"); else, in English and outside a
// procedure, an instruction asks whether the customer must do it ("Bring
// your ID." asks "Do I need to bring my ID?"). A sentence announcing what
// follows asks nothing.
// thenBack is "then" in the middle of a rule, the consequence of the case
// before it ("Nous appliquons alors notre politique d'annulation.", "Wir
// berechnen dann …", "Se cobra entonces …"): asked alone it would lose
// the case.
var thenBack = map[string]*regexp.Regexp{
	langFR: regexp.MustCompile(`^\S+(?:\s+\S+){0,3}\s+alors\s|\snon plus\b`), // ("… n'est pas un problème non plus": "either", the same)
	langDE: regexp.MustCompile(`^\S+(?:\s+\S+){0,3}\s+dann\s`),
	langES: regexp.MustCompile(`^\S+(?:\s+\S+){0,3}\s+entonces\s`),
}

// noteLabel is a note's label before a rule ("Important:", "Note :",
// "Bitte beachten:"), no part of what the rule says.
var noteLabel = regexp.MustCompile(`^(?i:important|note|please note|nb|attention|remarque|wichtig|hinweis|bitte beachten|nota|importante)\s*:\s*`)

// enTimeClause is an English rule opened by a time clause ("Once …, …",
// "As soon as …, …"). ("After …," is most often a phrase: "After three
// no-shows in 12 months, we may …".)
var enTimeClause = regexp.MustCompile(`^(?i:once|as soon as|whenever)\s+[^,]{3,80},\s*\S.{3,}$`)

// priceOf is a sentence that states the price of a thing ("El precio de
// las blusas es fijo de 3,50 € por unidad.", "The price of a full groom
// is $60.", "Le tarif des cours est de 15 €.", "Der Preis für eine Stunde
// beträgt 50 €."): its thing is the first group.
var priceOf = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^(?i:the\s+(?:price|cost|fee|rate))\s+(?:of|for)\s+([^,;:()]{3,60}?)\s+(?:is|are)\s`),
	langFR: regexp.MustCompile(`^(?i:le\s+(?:prix|tarif|coût))\s+((?:de la|de l['’]|du|des|de|d['’]|pour)\s*[^,;:()]{3,60}?)\s+(?:est|sont|s['’]élève)\s`),
	langDE: regexp.MustCompile(`^(?i:der\s+preis)\s+(?:für|von)\s+([^,;:()]{3,60}?)\s+(?:beträgt|ist|liegt)\s`),
	langES: regexp.MustCompile(`^(?i:el\s+(?:precio|coste|costo)|la\s+tarifa)\s+((?:de la|de los|de las|del|de)\s+[^,;:()]{3,60}?)\s+(?:es|son|será|asciende)\s`),
}

// priceOfQuestion asks the price a sentence states (priceOf), in the
// sentence's own words: "¿Cuál es el precio de las blusas?", "What is the
// price of a full groom?", "Quel est le tarif des cours ?", "Was kostet
// eine Stunde?". "" for other sentences.
func priceOfQuestion(lang, s string) string {
	re, ok := priceOf[lang]
	if !ok {
		return ""
	}
	m := re.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil || !moneyLike.MatchString(s) {
		return ""
	}
	word := strings.Fields(m[0])[1] // "precio", "price", "tarif", "Preis"
	thing := strings.TrimSpace(m[1])
	switch lang {
	case langEN:
		return "What is the " + strings.ToLower(word) + " of " + thing + "?"
	case langFR:
		return frElide("Quel est le " + strings.ToLower(word) + " " + thing + " ?")
	case langDE:
		return "Was kostet " + thing + "?"
	case langES:
		if strings.EqualFold(strings.Fields(m[0])[0], "la") {
			return "¿Cuál es la " + strings.ToLower(word) + " " + thing + "?"
		}
		return "¿Cuál es el " + strings.ToLower(word) + " " + thing + "?"
	}
	return ""
}

func ruleSentenceQuestion(lang, g string, inProc bool) string {
	first := noteLabel.ReplaceAllString(sentences(g)[0], "") // "Important: If you do not …"
	if forwardRef.MatchString(first) || first == "" || thenBack[lang] != nil && thenBack[lang].MatchString(first) {
		return ""
	}
	if lang == langEN {
		if enTimeClause.MatchString(first) {
			// "Once your items are inspected, you'll receive an online
			// invoice …": the time clause first is no subject to ask
			// about ("Are once my items …?"), and the main clause alone
			// would lose its condition
			return ""
		}
	}
	if q := priceOfQuestion(lang, first); q != "" {
		return q
	}
	if q := sentenceQuestionIn(lang, first); q != "" {
		return q
	}
	if q := ruleQuestion(lang, first); q != "" {
		return q
	}
	for _, sep := range consequence[lang] {
		// "…; a hold is not granted after the fact", "…, so a late
		// arrival counts as a missed appointment": the rule is after it
		if _, after, ok := strings.Cut(strings.ReplaceAll(first, " ; ", "; "), sep); ok && !midRef(lang, after) {
			if q := ruleQuestion(lang, capitalize(after)); q != "" {
				return q
			}
		}
	}
	if lang == langFR && !inProc {
		if m := frPolite.FindStringSubmatch(strings.TrimRight(first, ". ")); m != nil && !strings.Contains(m[1], "votre") && words(m[1]) >= 2 && words(m[1]) <= 12 && !strings.ContainsAny(m[1], ",;:()") {
			// "Merci de nous signaler vos allergies …" asks "Dois-je vous
			// signaler mes allergies … ?" ("votre" is left alone: "mon" or
			// "ma" depends on the noun)
			return "Dois-je " + swapWords(m[1], map[string]string{"nous": "vous", "vos": "mes"}) + " ?"
		}
	}
	if lang == langDE && !inProc {
		if q := deInstructionQuestion(first); q != "" {
			return q
		}
	}
	if lang == langEN && !inProc {
		// "DO NOT USE DOVE SOAP!", "Please don't bring glass bottles.":
		// what the customer asks is whether they may
		// (an aside between dashes, "DO NOT shave – or trim to less
		// than half an inch – for at least 3 weeks", is the answer's)
		plain := dashAside.ReplaceAllString(unshout(strings.TrimRight(first, ".! ")), " ")
		if m := enDoNot.FindStringSubmatch(plain); m != nil {
			// (what the rule allows after all, "… unless staff permit
			// it", is the answer's; a plain list of things, "shave,
			// scrub, or do any grooming", is one question)
			what := enUnless.Split(m[2], 2)[0]
			if words(what) >= 2 && words(what) <= 10 && (!strings.ContainsAny(what, ",;:()") || enListCommas.MatchString(what)) {
				return "Can I " + toCustomer(what) + "?"
			}
		}
		// one plain instruction only: not alternatives ("Renew online, at
		// the kiosks, or by phone") nor a condition ("Cancel early and you
		// get a refund"), whose "Do I need to …?" would misstate them;
		// an emphatic "DO tell me …" is the instruction "Tell me …"
		body := pleasePrefix.ReplaceAllString(strings.TrimRight(first, ".! "), "")
		if len(plain) > 3 && strings.EqualFold(plain[:3], "do ") && isImperative(lang, capitalize(plain[3:])) {
			rest := plain[3:]
			body = capitalize(rest)
		}
		if instructionIn(lang, body) != "" && words(body) >= 4 && words(body) <= 12 && !strings.ContainsAny(body, ",;:()") && !notPlainInstruction.MatchString(body) {
			// (the business's "me" is the customer's "you": "DO tell me
			// if …" asks "Do I need to tell you if …?")
			// (swapped before the customer's "you" becomes "me": "once we
			// contact you" asks "once you contact me")
			mine := swapWords(lowerFirst(body), map[string]string{"me": "\x00you"})
			return "Do I need to " + strings.ReplaceAll(toCustomer(mine), "\x00you", "you") + "?"
		}
	}
	return ""
}

// consequence are the separators after which a sentence states its rule.
var consequence = map[string][]string{
	langEN: {"; ", ", so "}, langFR: {"; ", ", donc "}, langDE: {"; "}, langES: {"; ", ", por lo que ", ", así que "},
}

// procedureLists reports, per list number, whether a numbered list is a
// procedure (at least half its items instructions) rather than a list of
// rules.
func procedureLists(lang string, bs []block) map[int]bool {
	n, ins := map[int]int{}, map[int]int{}
	rules := map[int]bool{}
	for i, b := range bs {
		if b.kind == step {
			if n[b.list] == 0 && rulesLead.MatchString(leadBefore(bs, i)) {
				// "every guest must follow these rules:" over "1. Be
				// gentle.", "2. …": rules, each its own question
				rules[b.list] = true
			}
			n[b.list]++
			if b.staged || instructionIn(lang, sentences(b.text)[0]) != "" {
				ins[b.list]++
			}
		}
	}
	out := map[int]bool{}
	for l, k := range n {
		out[l] = ins[l]*2 >= k && !rules[l]
	}
	return out
}

// rulesLead is a lead-in that announces rules, not steps.
var rulesLead = regexp.MustCompile(`(?i)\b(?:rules|guidelines|etiquette|règles|règlement|consignes|regeln|hausordnung|verhaltensregeln|normas|reglas)\b`)

// deParticiple is a participle opening a rule ("Ausgeschlossen sind …
// Rückzahlungen"), which the deNoun rule would take for its subject.
var deParticiple = regexp.MustCompile(`^(?i:(?:aus|ein|an|ab|zu|vor|mit|nach|auf|über|unter|dazu|hinzu)ge\p{Ll}+(?:en|t)|verboten|erlaubt|gestattet|enthalten|inbegriffen|untersagt|empfohlen|erwünscht|erforderlich|ggfs?|evtl|bzw|zzgl|inkl|ca|usw)$`)

// deDetClause reads a German rule that opens on its subject with an
// article ("Die Kursgebühren sind …", "Das im Kurs verbrauchte Material
// ist …", "Die gesetzliche Mehrwertsteuer ist …"): the whole, the
// article, the rest of the subject up to its noun, the finite verb after
// it and the rest; or nil.
func deDetClause(body string) []string {
	ws := strings.Fields(body)
	if len(ws) < 4 || !deArticles[ws[0]] {
		return nil
	}
	for k := 1; k <= 5 && k+2 < len(ws); k++ {
		if strings.ContainsAny(ws[k], ",;:()") {
			return nil
		}
		if k > 1 {
			// only adjectives before the noun ("Die gesetzliche
			// Mehrwertsteuer"), not a noun with its complement ("Der
			// Zutritt zum Club erfolgt …")
			if r, _ := utf8.DecodeRuneInString(ws[k-1]); !unicode.IsLower(r) {
				return nil
			}
		}
		noun, _ := utf8.DecodeRuneInString(ws[k])
		verb, _ := utf8.DecodeRuneInString(ws[k+1])
		if unicode.IsUpper(noun) && (ws[k+1] == "der" || ws[k+1] == "des") && k+4 < len(ws) && len(ws) <= 14 {
			// a noun and its genitive ("Die Dauer der Nutzung ist …",
			// "Die Nutzung des Indoorspielplatzes erfolgt …"): the
			// subject is both
			owner, _ := utf8.DecodeRuneInString(ws[k+2])
			verb, _ := utf8.DecodeRuneInString(ws[k+3])
			if unicode.IsUpper(owner) && allLetters(ws[k+2]) && unicode.IsLower(verb) && allLetters(ws[k+3]) && deFiniteVerb(ws[k+3]) &&
				!deClauseJoin.MatchString(strings.Join(ws[k+4:], " ")) && !deRefersBack.MatchString(body) {
				return []string{body, ws[0], strings.Join(ws[1:k+3], " "), ws[k+3], strings.Join(ws[k+4:], " ")}
			}
		}
		if unicode.IsUpper(noun) && unicode.IsLower(verb) && allLetters(ws[k+1]) && deFiniteVerb(ws[k+1]) {
			if k > 1 && (len(ws) > 12 || deClauseJoin.MatchString(strings.Join(ws[k+2:], " ")) || deRefersBack.MatchString(body)) {
				// a longer subject only in a short rule of one clause:
				// its question would be cut
				return nil
			}
			return []string{body, ws[0], strings.Join(ws[1:k+1], " "), ws[k+1], strings.Join(ws[k+2:], " ")}
		}
	}
	return nil
}

var deClauseJoin = regexp.MustCompile(`[,;]|\b(?:und|oder|aber|sowie)\b`)

// deRefersBack: words of a rule that lean on the one before ("Eine
// weitere Form ist nicht nötig", "… ist dagegen möglich").
var deRefersBack = regexp.MustCompile(`\b(?:dagegen|jedoch|allerdings|ebenfalls|weitere[rnsm]?|andere[rnsm]?)\b`)

var deArticles = toSet(`Der Die Das Ein Eine Jedes Jede Jeder`)

func allLetters(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// deFiniteVerb reports whether the word after a German subject can be its
// finite verb ("erfolgt", "bleiben", "muss"), not a preposition or
// article ("Der Zutritt zum Club erfolgt …" is not turned round at "zum").
func deFiniteVerb(w string) bool {
	if deNotVerb[w] {
		return false
	}
	return deModal[w] || strings.HasSuffix(w, "t") || strings.HasSuffix(w, "en") || strings.HasSuffix(w, "ern") || strings.HasSuffix(w, "eln")
}

var (
	deNotVerb = toSet(`zum zur im am an in auf für mit von bei nach vor aus des dem den der die das und oder nicht nur ohne gegen unter über seit`)
	deModal   = toSet(`muss kann darf soll will wird mag`)
)

// esTu are the second person ("tú") words of a Spanish condition and the
// customer's own; esFirstPerson turns the condition's verb round too
// ("si llegas tarde" asks "¿Qué pasa si llego tarde?").
var esTu = map[string]string{"te": "me", "tu": "mi", "tus": "mis", "ti": "mí", "eres": "soy", "estás": "estoy", "vas": "voy",
	"tienes": "tengo", "puedes": "puedo", "quieres": "quiero", "haces": "hago", "sabes": "sé", "das": "doy",
	"dices": "digo", "pones": "pongo", "sales": "salgo", "traes": "traigo", "vienes": "vengo", "oyes": "oigo", "ves": "veo",
	"nuestro": "su", "nuestra": "su", "nuestros": "sus", "nuestras": "sus"}

// esFirstPersonVerb is the first person of a regular "tú" form in -as or
// -es, with the spelling changes of the present: "-ces" after a vowel
// gives "-zco" ("conoces", "ofreces"), after a consonant "-zo" ("vences");
// "-ges" gives "-jo" ("eliges", "recoges"), "-gues" "-go" ("sigues").
func esFirstPersonVerb(w string) string {
	stem := w[:len(w)-2]
	low := strings.ToLower(stem)
	switch {
	case strings.HasSuffix(low, "c") && strings.HasSuffix(strings.ToLower(w), "es") && len(low) >= 2:
		if strings.ContainsRune("aeiouáéíóú", rune(low[len(low)-2])) {
			return stem[:len(stem)-1] + "zco"
		}
		return stem[:len(stem)-1] + "zo"
	case strings.HasSuffix(low, "g") && strings.HasSuffix(strings.ToLower(w), "es"):
		return stem[:len(stem)-1] + "jo"
	case strings.HasSuffix(low, "gu") && strings.HasSuffix(strings.ToLower(w), "es"):
		return stem[:len(stem)-1] + "o"
	}
	return stem + "o"
}

// esNotVerb are the words of esTu that are no verb.
var esNotVerb = toSet(`te tu tus ti nuestro nuestra nuestros nuestras`)

func esFirstPerson(cond string) string {
	ws := strings.Fields(cond)
	verb := false
	for i, w := range ws {
		low := strings.ToLower(w)
		if r, ok := esTu[low]; ok {
			ws[i] = r
			if !esNotVerb[low] {
				verb = true
			}
			continue
		}
		if !verb && low != "no" && len(low) > 3 && (strings.HasSuffix(low, "as") || strings.HasSuffix(low, "es")) {
			// the condition's verb in "tú": "llegas", "cancelas", "necesitas"
			ws[i] = esFirstPersonVerb(w)
			verb = true
			continue
		}
		if low != "no" {
			verb = true // a condition without a "tú" verb ("si el cliente ...") is left as it is
		}
	}
	return strings.Join(ws, " ")
}

// deFormalImperative is a German instruction in the formal imperative: "Bitte
// bringen Sie Ihren Ausweis mit.", "Melden Sie Mängel sofort."
var deFormalImperative = regexp.MustCompile(`^(?:Bitte\s+)?(\p{L}\p{Ll}+en)\s+Sie\s+(?:bitte\s+)?([^,;:()]+?)\.?$`)

// deParticles are separable prefixes that end an imperative ("bringen …
// mit") and join the infinitive ("mitbringen").
var deParticles = toSet(`mit an ab auf aus ein zurück vor nach zu weg bei`)

// deInstructionQuestion asks whether the customer must do what a German
// instruction says ("Muss ich meinen Ausweis mitbringen?"), or may do what
// it forbids ("Stellen Sie die Räder nie in einen Ständer." → "Darf ich
// die Räder in einen Ständer stellen?"); "" for other sentences.
func deInstructionQuestion(s string) string {
	m := deFormalImperative.FindStringSubmatch(strings.TrimRight(strings.TrimSpace(s), "!")) // (a plea's "!" ends no question)
	if m == nil || words(m[2]) < 2 || words(m[2]) > 10 {
		return ""
	}
	verb := strings.ToLower(m[1])
	ws := strings.Fields(m[2])
	if last := ws[len(ws)-1]; deParticles[last] {
		verb = last + verb
		ws = ws[:len(ws)-1]
	}
	aux, out := "Muss", ws[:0:0]
	for _, w := range ws {
		switch w {
		case "nie", "niemals", "nicht":
			aux = "Darf"
			continue
		case "bitte":
			continue
		}
		out = append(out, w)
	}
	if len(out) == 0 {
		return ""
	}
	return aux + " ich " + swapWords(swapWords(strings.Join(out, " "), deYours), deYou) + " " + verb + "?"
}

// frPolite is a French request to the customer: "Merci de …", "Veuillez …",
// "Pensez à …" followed by the infinitive.
var frPolite = regexp.MustCompile(`^(?:Merci de|Merci d['’]|Veuillez|Pensez à)\s*(\p{Ll}.+)$`)

// firstMatch returns the submatches of the first of res that matches s.
func firstMatch(s string, res ...*regexp.Regexp) []string {
	for _, re := range res {
		if m := re.FindStringSubmatch(s); m != nil {
			return m
		}
	}
	return nil
}
